"""The board's geometry (§1.1, §1.2, §7.3): squares, slots, rooms as turned, edges and whether
they are open.

Squares are ``(row, col)``: row 0 is seat 0's starting line, row 21 seat 1's, rows 1-20 the
eight rooms; column 0 is the west side; north points to seat 1's line. The eight room positions
(slots) are numbered 0-7 here and shown 1-8: band by band from seat 0's end, west before east.
A room in a slot is ``(room index, quarter turns clockwise)``.

>>> square_name((0, 1)), slot_of((1, 0)), slot_of((20, 9)), slot_of((0, 4))
('b0', 0, 7, None)
>>> local((6, 5)), to_global(3, (4, 0))
((4, 0), (6, 5))
"""

from __future__ import annotations

ROWS, COLS, SIZE = 22, 10, 5
SIDES = "NESW"
STEP = {"N": (1, 0), "E": (0, 1), "S": (-1, 0), "W": (0, -1)}
SIDE_WORD = {"N": "north", "E": "east", "S": "south", "W": "west"}
OPPOSITE = {"N": "S", "S": "N", "E": "W", "W": "E"}
LINE_ROW = (0, ROWS - 1)  # seat 0's and seat 1's starting line


def square_name(sq) -> str:
    """``(row, col)`` as a short name: column letter a-j, then the row 0-21."""
    return f"{'abcdefghij'[sq[1]]}{sq[0]}"


def on_board(sq) -> bool:
    return 0 <= sq[0] < ROWS and 0 <= sq[1] < COLS


def neighbour(sq, side: str):
    dr, dc = STEP[side]
    return sq[0] + dr, sq[1] + dc


def slot_of(sq) -> int | None:
    """The slot (0-7) of a room square, None on a starting line."""
    row, col = sq
    if row in LINE_ROW:
        return None
    return ((row - 1) // SIZE) * 2 + col // SIZE


def band_of_slot(slot: int) -> int:
    """The band 0-3 of a slot (§1.1 numbers them 1-4 from seat 0's line)."""
    return slot // 2


def slot_origin(slot: int) -> tuple[int, int]:
    """The global square of the slot's north-west corner."""
    band, side = divmod(slot, 2)
    return 1 + SIZE * band + SIZE - 1, SIZE * side


def local(sq) -> tuple[int, int]:
    """A room square's place in its room: ``(r, c)``, r counted from the north."""
    top, west = slot_origin(slot_of(sq))
    return top - sq[0], sq[1] - west


def to_global(slot: int, rc) -> tuple[int, int]:
    top, west = slot_origin(slot)
    return top - rc[0], west + rc[1]


def slot_squares(slot: int) -> list:
    return [to_global(slot, (r, c)) for r in range(SIZE) for c in range(SIZE)]


def turn_cw(rc) -> tuple[int, int]:
    """A clockwise quarter turn inside a room: the north-west corner goes north-east (§7.3)."""
    return rc[1], SIZE - 1 - rc[0]


def turn_ccw(rc) -> tuple[int, int]:
    return SIZE - 1 - rc[1], rc[0]


def turn_side(side: str, quarters: int) -> str:
    """A side after ``quarters`` clockwise quarter turns: N becomes E (§7.3)."""
    return SIDES[(SIDES.index(side) + quarters) % 4]


class Layout:
    """The squares as the revealed rooms lie now: ``kind[sq]`` (``line``, ``floor``, ``pit``,
    ``gear``, ``hidden``), ``room[sq]`` (the room index or None), ``feature[sq][side]``
    (``"wall"`` or a portcullis number) and ``block(sq, side)``. Built once per arrangement of
    rooms and portcullis states (``layout``)."""

    __slots__ = ("kind", "room", "feature", "ports", "_block")

    def __init__(self, content, slots: tuple, ports: tuple):
        self.kind, self.room, self.feature, self.ports = {}, {}, {}, ports
        for row in LINE_ROW:
            for col in range(COLS):
                self.kind[(row, col)] = "line"
                self.room[(row, col)] = None
                self.feature[(row, col)] = {}
        for slot, placed in enumerate(slots):
            if placed is None:
                for sq in slot_squares(slot):
                    self.kind[sq], self.room[sq], self.feature[sq] = "hidden", None, {}
                continue
            for sq, kind, features in placed_room(content, slot, *placed):
                self.kind[sq], self.room[sq] = kind, placed[0]
                self.feature[sq] = dict(features)
        self._block = {}

    def own_block(self, sq, side: str) -> str | None:
        """What closes ``side`` of ``sq`` on that square's own side: ``"wall"``,
        ``"portcullis"`` (a closed one) or None."""
        value = self.feature[sq].get(side)
        if value is None:
            return None
        if value == "wall":
            return "wall"
        return "portcullis" if self.ports[value] == "closed" else None

    def block(self, sq, side: str) -> str | None:
        """What closes the edge on ``side`` of ``sq`` (A22: either room's side closes it):
        ``"boundary"``, ``"portcullis"`` (a closed one wins over a wall, for the Phasewalker,
        A29), ``"wall"``, or None when the edge is open."""
        key = (sq, side)
        if key in self._block:
            return self._block[key]
        other = neighbour(sq, side)
        if not on_board(other):
            found = "boundary"
        else:
            mine, theirs = self.own_block(sq, side), self.own_block(other, OPPOSITE[side])
            found = "portcullis" if "portcullis" in (mine, theirs) else (mine or theirs)
        self._block[key] = found
        return found

    def portcullis_at(self, sq, side: str):
        """The portcullis numbers on the edge on ``side`` of ``sq``, either room's side (A22)."""
        key = (sq, side, "portcullises")
        known = self._block.get(key)
        if known is not None:
            return known
        found = []
        other = neighbour(sq, side)
        for s, d in ((sq, side), (other, OPPOSITE[side])):
            if on_board(s):
                value = self.feature[s].get(d)
                if value is not None and value != "wall" and value not in found:
                    found.append(value)
        found = self._block[key] = tuple(found)
        return found


def placed_room(content, slot: int, index: int, quarters: int) -> tuple:
    """``(square, kind, features)`` of every square of room ``index`` lying in ``slot`` turned
    ``quarters`` clockwise (§7.3), the features as ``(side, value)`` pairs. Worked out once per
    room, slot and turn: a Layout is built at every reveal, turn and portcullis change."""
    cache = content.__dict__.setdefault("_placed", {})
    key = (slot, index, quarters)
    found = cache.get(key)
    if found is None:
        room = content.rooms[index]
        by_square = {}
        for (r, c, side), value in room.features:
            by_square.setdefault((r, c), []).append((turn_side(side, quarters), value))
        found = []
        for sq in slot_squares(slot):
            base = local(sq)
            for _ in range(quarters):
                base = turn_ccw(base)
            found.append((sq, room.kind(*base), tuple(by_square.get(base, ()))))
        found = cache[key] = tuple(found)
    return found


def layout(content, slots: tuple, ports: tuple) -> Layout:
    """The Layout of these rooms and portcullis states, shared by every state that has them."""
    cache = content.__dict__.setdefault("_layouts", {})
    key = (slots, ports)
    found = cache.get(key)
    if found is None:
        if len(cache) > 4096:
            cache.clear()
        found = cache[key] = Layout(content, slots, ports)
    return found


__all__ = ["COLS", "LINE_ROW", "Layout", "OPPOSITE", "ROWS", "SIDES", "SIDE_WORD", "STEP",
           "band_of_slot", "layout", "local", "neighbour", "on_board", "placed_room", "slot_of",
           "slot_squares", "square_name", "to_global", "turn_ccw", "turn_cw", "turn_side"]
