"""Reading a position: where each token is, who stands where, what a token is and can do.

These functions read any object with the state's fields (the frozen state or its draft), so the
rules use them while they change a draft. A token's location ``loc[t]`` is one of:

- ``("reserve",)``: not yet placed (setup);
- ``("start", row, col)``: a starting character, face down on its square until §4.4;
- ``("room", slot)``: face down on a hidden room (§4.3);
- ``("sq", row, col)``: lying or standing on a square;
- ``("carried", carrier)``: under a living character (§8.5);
- ``("out",)``: left the labyrinth (§12); ``("dead",)``: killed; ``("gone",)``: an object
  used, fallen or carried out.

>>> from .content import load_content
>>> c = load_content()
>>> token_name(c, 7), token_name(c, 14 + 10), short(c, 2)
('the yellow Wizard', 'the blue Rope', 'Gw')
"""

from __future__ import annotations

from .actions import COLOURS, TOKENS_PER_SIDE, is_character, side_of
from .board import layout

ON_BOARD = ("sq", "carried", "start")


def record(content, token: int):
    """The data record of a token: a Character or a Thing."""
    k = token % TOKENS_PER_SIDE
    return content.characters[k] if k < 8 else content.objects[k - 8]


def name(content, token: int) -> str:
    """The bare name: ``Wizard``, ``Rope``."""
    return record(content, token).name


def token_name(content, token: int) -> str:
    """``the yellow Wizard``."""
    return f"the {COLOURS[side_of(token)]} {name(content, token)}"


def short(content, token: int) -> str:
    return record(content, token).short


def has_ability(content, token: int, code: str) -> bool:
    return is_character(token) and code in record(content, token).abilities


def has_effect(content, token: int, code: str) -> bool:
    return not is_character(token) and code in record(content, token).effects


def find_object(content, seat: int, code: str) -> int:
    """The token of ``seat``'s object with effect ``code``."""
    for k, thing in enumerate(content.objects):
        if code in thing.effects:
            return seat * TOKENS_PER_SIDE + 8 + k
    return -1


def lay(x):
    """The Layout of the position's rooms (board.py)."""
    return layout(x.rules.content, x.slots, x.ports)


def occupants(x) -> dict:
    """Square -> tokens lying or standing there (not the carried ones), in token order."""
    found = {}
    for t, where in enumerate(x.loc):
        if where[0] == "sq":
            found.setdefault((where[1], where[2]), []).append(t)
    return found


def carried_by(x, carrier: int) -> int | None:
    """The token ``carrier`` carries, or None."""
    for t, where in enumerate(x.loc):
        if where[0] == "carried" and where[1] == carrier:
            return t
    return None


def square_of(x, token: int):
    """The square a token is on (a carried one: its carrier's), or None."""
    where = x.loc[token]
    if where[0] == "carried":
        where = x.loc[where[1]]
    if where[0] in ("sq", "start"):
        return where[1], where[2]
    return None


def is_living(x, token: int) -> bool:
    """A character on the board and face up (§2: living)."""
    return is_character(token) and x.loc[token][0] == "sq" and token not in x.wounded


def is_wounded(x, token: int) -> bool:
    return token in x.wounded and x.loc[token][0] in ("sq", "carried")


def all_on_square(x, sq, occ=None) -> list:
    """Every token on ``sq``, the carried ones included (they count there, §8.5)."""
    occ = occupants(x) if occ is None else occ
    here = list(occ.get(sq, ()))
    for t in list(here):
        c = carried_by(x, t)
        if c is not None:
            here.append(c)
    return here


def living_on(x, sq, occ=None) -> list:
    occ = occupants(x) if occ is None else occ
    return [t for t in occ.get(sq, ()) if is_character(t) and t not in x.wounded]


def rope_lies_on(x, sq, occ=None) -> bool:
    """Whether a Rope lies on ``sq`` (§11.6: a bridge over a pit)."""
    occ = occupants(x) if occ is None else occ
    return any(has_effect(x.rules.content, t, "bridge_pits") for t in occ.get(sq, ()))


def scratch(x):
    """A throw-away mutable copy of the fields the movement rules read, for looking ahead
    (A36) without building a state."""
    from types import SimpleNamespace
    return SimpleNamespace(**{f: getattr(x, f) for f in (
        "rules", "loc", "wounded", "slots", "ports", "move", "jumps", "phase", "points")})


__all__ = ["scratch", "all_on_square", "carried_by", "find_object", "has_ability", "has_effect",
           "is_living", "is_wounded", "lay", "living_on", "name", "occupants", "record",
           "rope_lies_on", "short", "square_of", "token_name"]
