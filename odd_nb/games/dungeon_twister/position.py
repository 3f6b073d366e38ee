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

from .actions import COLOURS, NUM_TOKENS, TOKENS_PER_SIDE, is_character, side_of
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
    return code in _powers(content)[0][token]


def has_effect(content, token: int, code: str) -> bool:
    return code in _powers(content)[1][token]


def _powers(content) -> tuple:
    """Per token, its character abilities and its object effects (empty for the other kind),
    worked out once per set of rooms and characters: the rules ask them thousands of times a
    game."""
    found = content.__dict__.get("_powers")
    if found is None:
        none = frozenset()
        abilities = tuple(record(content, t).abilities if is_character(t) else none
                          for t in range(NUM_TOKENS))
        effects = tuple(none if is_character(t) else record(content, t).effects
                        for t in range(NUM_TOKENS))
        found = content.__dict__["_powers"] = (abilities, effects)
    return found


def tokens_with(content, code: str) -> frozenset:
    """Every token, of either side, with the ability or the effect ``code``."""
    table = content.__dict__.get("_with")
    if table is None:
        table = content.__dict__["_with"] = {}
    found = table.get(code)
    if found is None:
        abilities, effects = _powers(content)
        found = table[code] = frozenset(t for t in range(NUM_TOKENS)
                                        if code in abilities[t] or code in effects[t])
    return found


def find_object(content, seat: int, code: str) -> int:
    """The token of ``seat``'s object with effect ``code``."""
    for k, thing in enumerate(content.objects):
        if code in thing.effects:
            return seat * TOKENS_PER_SIDE + 8 + k
    return -1


_last_lay = (None, None, None, None)  # content, slots, ports, Layout


def lay(x):
    """The Layout of the position's rooms (board.py). The last one is kept: the rules ask for
    it many times on one position, and states, drafts and look-aheads share the same tuples."""
    global _last_lay
    content, slots, ports = x.rules.content, x.slots, x.ports
    last = _last_lay
    if last[1] is slots and last[2] is ports and last[0] is content:
        return last[3]
    found = layout(content, slots, ports, last[3] if last[0] is content else None)
    _last_lay = (content, slots, ports, found)
    return found


# Who stands where, worked out once per ``loc`` tuple (a state's, a draft's or a look-ahead's):
# id(loc) -> (loc, occupants, carried). Keeping ``loc`` alive keeps its id from being reused.
_where = {}


def _index(loc) -> tuple:
    occ, carried = {}, {}
    for t, where in enumerate(loc):
        kind = where[0]
        if kind == "sq":
            sq = (where[1], where[2])
            here = occ.get(sq)
            if here is None:
                occ[sq] = [t]
            else:
                here.append(t)
        elif kind == "carried" and where[1] not in carried:
            carried[where[1]] = t
    found = (loc, occ, carried)
    _keep(loc, found)
    return found


def _keep(loc, found) -> None:
    """Keep ``found`` for ``loc``; a few are kept at a time."""
    if len(_where) > 8:
        _where.clear()
    _where[id(loc)] = found


def moved(old: tuple, new: tuple, token: int) -> None:
    """``new`` is ``old`` with ``token`` elsewhere: when who stands where is known for ``old``
    and no carrying changed, work it out for ``new`` from it (two squares change) rather than
    afresh. The answer is the one ``_index`` gives."""
    entry = _where.get(id(old))
    if entry is None or entry[0] is not old:
        return
    before, after = old[token], new[token]
    if before[0] == "carried" or after[0] == "carried":
        return
    occ = entry[1].copy()
    if before[0] == "sq":
        sq = (before[1], before[2])
        rest = [t for t in occ[sq] if t != token]
        if rest:
            occ[sq] = rest
        else:
            del occ[sq]
    if after[0] == "sq":
        sq = (after[1], after[2])
        here = occ.get(sq)
        occ[sq] = [token] if here is None else sorted(here + [token])
    _keep(new, (new, occ, entry[2]))


def occupants(x) -> dict:
    """Square -> tokens lying or standing there (not the carried ones), in token order. Shared
    between the callers of one position: read it, never change it."""
    loc = x.loc
    found = _where.get(id(loc))
    if found is None or found[0] is not loc:
        found = _index(loc)
    return found[1]


def carriers(x) -> dict:
    """Carrier -> the token it carries. Shared like ``occupants``: read it, never change it."""
    loc = x.loc
    found = _where.get(id(loc))
    if found is None or found[0] is not loc:
        found = _index(loc)
    return found[2]


def carried_by(x, carrier: int) -> int | None:
    """The token ``carrier`` carries, or None."""
    return carriers(x).get(carrier)


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


class Scratch:
    """A throw-away mutable copy of the fields the movement rules read, for looking ahead
    (A36) without building a state."""

    __slots__ = ("rules", "loc", "wounded", "slots", "ports", "move", "jumps", "phase",
                 "points")

    def __init__(self, x):
        self.rules, self.loc, self.wounded, self.slots, self.ports = (
            x.rules, x.loc, x.wounded, x.slots, x.ports)
        self.move, self.jumps, self.phase, self.points = x.move, x.jumps, x.phase, x.points


scratch = Scratch


__all__ = ["scratch", "all_on_square", "carried_by", "carriers", "find_object", "has_ability",
           "has_effect", "is_living", "is_wounded", "lay", "living_on", "moved", "name",
           "occupants", "record", "rope_lies_on", "short", "square_of", "token_name",
           "tokens_with"]
