"""Rooms: revealing one (§6, A5, A6), placing its tokens (§6.3) and turning rooms (§7, A7-A9).
"""

from __future__ import annotations

from fractions import Fraction

from .actions import (PLACE_TOKEN, REVEAL, ROOM_COMES_UP, ROTATE, Act, Once, is_character,
                      made, side_of)
from .ap import actors, actors_at, pay, payer
from .board import (LINE_ROW, OPPOSITE, SIDES, local, neighbour, on_board, slot_of,
                    slot_squares, square_name, to_global, turn_ccw, turn_cw)
from .position import has_ability, lay, occupants, square_of, token_name
from .scoring import set_loc


def access(x, token: int) -> set:
    """The hidden slots ``token`` has direct access to (§6.1, A6): from its own line, both rooms
    of the band touching it; elsewhere, a hidden room beside it whose shared edge is not closed
    on the character's own side."""
    return _access(x, side_of(token), square_of(x, token), _beside_hidden(x.slots))


def _access(x, seat: int, sq, beside: dict) -> set:
    slots = x.slots
    found = set()
    if sq[0] == LINE_ROW[seat]:
        for slot in ((0, 1) if seat == 0 else (6, 7)):
            if slots[slot] is None:
                found.add(slot)
    for slot, side in beside.get(sq, ()):
        if lay(x).own_block(sq, side) is None:
            found.add(slot)
    return found


_HIDDEN = {}


def _beside_hidden(slots: tuple) -> dict:
    """The squares beside a hidden room, each with ``(slot, side facing it)`` pairs: made once
    for each set of hidden rooms."""
    hidden = tuple(slot for slot in range(8) if slots[slot] is None)
    found = _HIDDEN.get(hidden)
    if found is None:
        found = {}
        for slot in hidden:
            inside = set(slot_squares(slot))
            for sq in slot_squares(slot):
                for side in SIDES:
                    to = neighbour(sq, side)
                    if on_board(to) and to not in inside:
                        found.setdefault(to, []).append((slot, OPPOSITE[side]))
        found = _HIDDEN[hidden] = {sq: tuple(pairs) for sq, pairs in found.items()}
    return found


def reveal_actions(x, seat: int) -> list:
    if None not in x.slots:  # every room is revealed already
        return []
    by_slot = {}
    beside = _beside_hidden(x.slots)
    for t, sq in actors_at(x, seat):
        for slot in _access(x, seat, sq, beside):
            by_slot.setdefault(slot, []).append(t)
    return [_REVEALS[slot] for slot, who in sorted(by_slot.items())
            if x.ap > 0 or payer(x, who) >= 0]


_REVEALS = Once(lambda slot: Act(REVEAL, -1, slot, text=f"reveal room {slot + 1}"))


def reveal(d, action) -> None:
    """§6.2: pay, then the room comes up as a chance outcome (phase ``reveal``)."""
    who = [t for t in actors(d, d.active) if action.a in access(d, t)]
    pay(d, payer(d, who))
    d.reveal_slot = action.a
    d.phase = "reveal"


def reveal_outcomes(x) -> list:
    """A5: which of the rooms not yet revealed, each equally likely, and which of its four
    orientations, each equally likely."""
    shown = {placed[0] for placed in x.slots if placed is not None}
    left = [i for i in range(len(x.rules.content.rooms)) if i not in shown]
    p = Fraction(1, 4 * len(left))
    slot = x.reveal_slot + 1
    return [(Act(ROOM_COMES_UP, -1, i, q, text=f"room {slot} is the "
                 f"{x.rules.content.rooms[i].name}, turned {90 * q}°"), p)
            for i in left for q in range(4)]


def room_comes_up(d, outcome) -> None:
    slots = list(d.slots)
    slots[d.reveal_slot] = (outcome.a, outcome.b)
    d.slots = tuple(slots)
    d.pending = tuple(t for t, where in enumerate(d.loc) if where == ("room", d.reveal_slot))
    for t in d.pending:
        set_loc(d, t, ("limbo", d.reveal_slot))  # face up, waiting for its square (§6.3)
    next_placer(d)


def placed_by(x, token: int) -> int:
    """§6.3: the revealing player places every token but their own objects; the opponent
    places those."""
    own_object = side_of(token) == x.active and not is_character(token)
    return 1 - x.active if own_object else x.active


def next_placer(d) -> None:
    if not d.pending:
        d.phase, d.decider, d.reveal_slot = "actions", d.active, -1
        return
    d.phase = "placing"
    mine = [t for t in d.pending if placed_by(d, t) == d.active]
    d.decider = d.active if mine else 1 - d.active


def placing_actions(x) -> list:
    """Each token this seat places, on each empty floor or gear square of the room (§6.3)."""
    occ = occupants(x)
    lay_ = lay(x)
    free = [sq for sq in slot_squares(x.reveal_slot)
            if lay_.kind[sq] in ("floor", "gear") and not occ.get(sq)]
    content = x.rules.content
    acts = made(content)
    found = []
    for t in x.pending:
        if placed_by(x, t) != x.decider:
            continue
        for sq in free:
            act = acts.get((PLACE_TOKEN, t, sq))
            if act is None:
                act = acts[(PLACE_TOKEN, t, sq)] = Act(
                    PLACE_TOKEN, t, sq[0], sq[1],
                    text=f"place {token_name(content, t)} on {square_name(sq)}")
            found.append(act)
    return found


def place_token(d, action) -> None:
    set_loc(d, action.who, ("sq", action.a, action.b))
    d.pending = tuple(t for t in d.pending if t != action.who)
    next_placer(d)


# -- turning rooms (§7) -----------------------------------------------------------------------
def rotate_actions(x, seat: int) -> list:
    """A living own character on a gear turns its room or that room's revealed twin (A7, A8),
    in the room's own direction; the Gearwright in either (§7.2)."""
    lay_ = lay(x)
    on_gears = [(t, sq) for t, sq in actors_at(x, seat) if lay_.kind[sq] == "gear"]
    if not on_gears:
        return []
    content = x.rules.content
    where = {placed[0]: slot for slot, placed in enumerate(x.slots) if placed is not None}
    options = {}
    for t, sq in on_gears:
        room = lay_.room[sq]
        for r in (room, content.twin(room)):
            if r not in where:
                continue
            own = content.rooms[r].direction
            for direction in (("clockwise", "counter-clockwise")
                              if has_ability(content, t, "turn_either_way") else (own,)):
                options.setdefault((where[r], direction), []).append(t)
    return [_ROTATIONS[key] for key, who in sorted(options.items())
            if x.ap > 0 or payer(x, who) >= 0]


_ROTATIONS = Once(lambda key: Act(ROTATE, -1, key[0], key[1],
                                  text=f"rotate room {key[0] + 1} {key[1]}"))


def rotate(d, action) -> None:
    """§7.3: a quarter turn of the room in ``action.a``; every token on it turns with it and
    keeps its square of the room; portcullises keep their states (A17)."""
    slot, clockwise = action.a, action.b == "clockwise"
    pay(d, payer(d, [t for t in actors(d, d.active) if _could_turn(d, t, slot, action.b)]))
    index, quarters = d.slots[slot]
    slots = list(d.slots)
    slots[slot] = (index, (quarters + (1 if clockwise else 3)) % 4)
    turn = turn_cw if clockwise else turn_ccw
    loc = list(d.loc)
    for t, where in enumerate(loc):
        if where[0] == "sq" and where[1] not in LINE_ROW and slot_of(where[1:]) == slot:
            loc[t] = ("sq",) + to_global(slot, turn(local(where[1:])))
    d.loc, d.slots = tuple(loc), tuple(slots)


def _could_turn(x, token: int, slot: int, direction: str) -> bool:
    """Whether ``token`` could give this quarter turn (to know whose potion pays, A14)."""
    lay_ = lay(x)
    sq = square_of(x, token)
    if lay_.kind[sq] != "gear":
        return False
    content = x.rules.content
    room = lay_.room[sq]
    target = x.slots[slot][0]
    return target in (room, content.twin(room)) and (
        content.rooms[target].direction == direction
        or has_ability(content, token, "turn_either_way"))


__all__ = ["access", "place_token", "placing_actions", "reveal", "reveal_actions",
           "reveal_outcomes", "room_comes_up", "rotate", "rotate_actions"]
