"""Action points (§5.2, A14): who may act, and paying 1 AP for an action.

A speed potion gives its drinker a personal pool (A14); ``pool`` holds ``(drinker, AP)`` pairs.
An action of a character with AP in its pool is paid from the pool first, so the player never
chooses which AP to spend.
"""

from __future__ import annotations

from .actions import is_character, tokens_of


_last = (None, None, None, None, ())  # loc, wounded, healed_now, seat, actors


def actors(x, seat: int) -> tuple:
    """``seat``'s characters that may act: living, on the board, not healed this turn (§5.2).
    The last answer is kept: every verb of a turn asks it of the same position."""
    global _last
    loc, wounded, healed = x.loc, x.wounded, x.healed_now
    last = _last
    if last[0] is loc and last[1] is wounded and last[2] is healed and last[3] == seat:
        return last[4]
    found = tuple(t for t in tokens_of(seat) if is_character(t) and loc[t][0] == "sq"
                  and t not in wounded and t not in healed)
    _last = (loc, wounded, healed, seat, found)
    return found


def pool_of(x, token: int) -> int:
    return sum(ap for who, ap in (x.pool or ()) if who == token)


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


__all__ = ["actors", "can_pay", "pay", "payer", "pool_of"]
