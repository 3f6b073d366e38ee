"""Action points (§5.2, A14): who may act, and paying 1 AP for an action.

A speed potion gives its drinker a personal pool (A14); ``pool`` holds ``(drinker, AP)`` pairs.
An action of a character with AP in its pool is paid from the pool first, so the player never
chooses which AP to spend.
"""

from __future__ import annotations

from .actions import is_character, tokens_of


_CHARACTERS = tuple(tuple(t for t in tokens_of(seat) if is_character(t)) for seat in (0, 1))
_last = (None, None, None, None, (), ())  # loc, wounded, healed_now, seat, actors, with squares


def actors(x, seat: int) -> tuple:
    """``seat``'s characters that may act: living, on the board, not healed this turn (§5.2).
    The last answer is kept: every verb of a turn asks it of the same position."""
    return _actors(x, seat)[4]


def actors_at(x, seat: int) -> tuple:
    """``(character, square)`` of each of ``actors(x, seat)``."""
    return _actors(x, seat)[5]


def _actors(x, seat: int) -> tuple:
    global _last
    loc, wounded, healed = x.loc, x.wounded, x.healed_now
    last = _last
    if last[0] is loc and last[1] is wounded and last[2] is healed and last[3] == seat:
        return last
    found = [t for t in _CHARACTERS[seat] if loc[t][0] == "sq"
             and t not in wounded and t not in healed]
    _last = (loc, wounded, healed, seat, tuple(found), tuple([(t, loc[t][1:]) for t in found]))
    return _last


def pool_of(x, token: int) -> int:
    if not x.pool:
        return 0
    return sum(ap for who, ap in x.pool if who == token)


def can_pay(x, token: int) -> bool:
    """Whether an action of ``token`` (or of the player, ``token`` -1) can be paid."""
    return x.ap > 0 or (token >= 0 and pool_of(x, token) > 0)


def payer(x, tokens) -> int:
    """Of the characters that could take an action, the one whose pool pays, else -1."""
    for t in tokens:
        if pool_of(x, t) > 0:
            return t
    return -1


def pay(d, token: int) -> None:
    """Spend 1 AP on an action of ``token``: from its pool first (A14)."""
    if token >= 0 and pool_of(d, token) > 0:
        d.pool = tuple((who, ap - 1) if who == token else (who, ap) for who, ap in d.pool)
    else:
        d.ap -= 1


__all__ = ["actors", "actors_at", "can_pay", "pay", "payer", "pool_of"]
