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
    """The slot's 25 squares, north row first, each row west to east."""
    return list(_SLOT_SQUARES[slot])


_SLOT_SQUARES = tuple(tuple(to_global(slot, (r, c)) for r in range(SIZE) for c in range(SIZE))
                      for slot in range(8))
#: ``(side, neighbour, the neighbour's side facing back)`` of each square's neighbours on the
#: board
ADJACENT = {(row, col): tuple((side, neighbour((row, col), side), OPPOSITE[side])
                              for side in SIDES if on_board(neighbour((row, col), side)))
            for row in range(ROWS) for col in range(COLS)}


def turn_cw(rc) -> tuple[int, int]:
    """A clockwise quarter turn inside a room: the north-west corner goes north-east (§7.3)."""
    return rc[1], SIZE - 1 - rc[0]


def turn_ccw(rc) -> tuple[int, int]:
    return SIZE - 1 - rc[1], rc[0]


def turn_side(side: str, quarters: int) -> str:
    """A side after ``quarters`` clockwise quarter turns: N becomes E (§7.3)."""
    return SIDES[(SIDES.index(side) + quarters) % 4]


#: the slots whose rooms decide everything about a square's edges and neighbours: its own and
#: its neighbours' (a starting line has none)
AROUND = {sq: frozenset(slot for slot in [slot_of(sq)] + [slot_of(to) for _, to, _ in around]
                        if slot is not None) for sq, around in ADJACENT.items()}


class Layout:
    """The squares as the revealed rooms lie now: ``kind[sq]`` (``line``, ``floor``, ``pit``,
    ``gear``, ``hidden``), ``room[sq]`` (the room index or None), ``feature[sq][side]``
    (``"wall"`` or a portcullis number), ``block(sq, side)`` and ``open_sides(sq)``. Built once
    per arrangement of rooms and portcullis states (``layout``), from the Layout ``before`` it
    when there is one (only the rooms that changed are read again).

    What it answers about an edge or a square is worked out on the first question and kept
    (``recall`` and ``keep``, for the rules' own questions): an answer about a square depends
    only on the rooms around it (``AROUND``), so a Layout made from the one before shares the
    answers about every square whose rooms did not change."""

    __slots__ = ("kind", "room", "feature", "slots", "ports", "_content", "_near", "_memo",
                 "_block", "_open", "_shared")

    def __init__(self, content, slots: tuple, ports: tuple, before: "Layout | None" = None):
        self.slots, self.ports = slots, ports
        if before is None:
            self.kind, self.room, self.feature = {}, {}, {}
            changed = [(slot, placed) for slot, placed in enumerate(slots)]
            parts = [_lines()]
        else:
            self.kind, self.room = before.kind.copy(), before.room.copy()
            self.feature = before.feature.copy()
            changed = [(slot, placed) for slot, placed in enumerate(slots)
                       if placed != before.slots[slot]]
            parts = []
        parts += [placed_tables(content, slot, placed) for slot, placed in changed]
        for part in parts:
            self.kind.update(part[0])
            self.room.update(part[1])
            self.feature.update(part[2])
        self._content, self._near = content, None
        self._memo, self._block, self._open, self._shared = {}, {}, {}, {}
        if before is not None:
            # a portcullis changed is a change of the room it belongs to
            touched = {slot for slot, _ in changed} | {
                slot for p, (was, now) in enumerate(zip(before.ports, ports)) if was != now
                for slot, placed in enumerate(slots)
                if placed is not None and placed[0] == content.portcullises[p][0]}
            self._shared = {rooms: answers for rooms, answers in before._shared.items()
                            if rooms.isdisjoint(touched)}

    def recall(self, question: str, sq):
        """What was worked out about ``sq`` for ``question`` here, or in a Layout before this
        one with the same rooms around ``sq``; None if nothing was."""
        key = (question, sq)
        found = self._memo.get(key)
        if found is None:
            answers = self._shared.get(AROUND[sq])
            if answers is not None:
                found = answers.get(key)
                if found is not None:
                    self._memo[key] = found
        return found

    def keep(self, question: str, sq, answer):
        """Keep ``answer`` about ``sq`` for ``question`` (see ``recall``); returns it."""
        key = (question, sq)
        answers = self._shared.get(AROUND[sq])
        if answers is None:
            answers = self._shared[AROUND[sq]] = {}
        self._memo[key] = answers[key] = answer
        return answer

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
            back = OPPOSITE[side]
            mine, theirs = self.own_block(sq, side), self.own_block(other, back)
            found = "portcullis" if "portcullis" in (mine, theirs) else (mine or theirs)
            self._block[(other, back)] = found  # the same edge seen from the other square
        self._block[key] = found
        return found

    def open_sides(self, sq) -> tuple:
        """``(side, neighbour)`` for every open edge of ``sq``, in the order N, E, S, W: the
        edges ``block`` finds closed by nothing."""
        found = self._open.get(sq)
        if found is None:
            found = self.recall("open sides", sq)
            if found is not None:
                self._open[sq] = found
                return found
            feature, ports = self.feature, self.ports
            mine = feature[sq]
            found = []
            for side, to, back in ADJACENT[sq]:
                value = mine.get(side)
                if value is not None and (value == "wall" or ports[value] == "closed"):
                    continue
                value = feature[to].get(back)
                if value is not None and (value == "wall" or ports[value] == "closed"):
                    continue
                found.append((side, to))
            found = self._open[sq] = self.keep("open sides", sq, tuple(found))
        return found

    @property
    def near_ports(self) -> frozenset:
        """The squares with a portcullis on one of their edges, on either side of it."""
        if self._near is None:
            self._near = frozenset().union(*(placed_tables(self._content, slot, placed)[3]
                                             for slot, placed in enumerate(self.slots)))
        return self._near

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


_LINES = []


def _lines() -> tuple:
    """``(kind, room, feature, near ports)`` of the two starting lines."""
    if not _LINES:
        squares = [(row, col) for row in LINE_ROW for col in range(COLS)]
        _LINES.append(({sq: "line" for sq in squares}, dict.fromkeys(squares),
                       {sq: {} for sq in squares}, frozenset()))
    return _LINES[0]


def placed_tables(content, slot: int, placed) -> tuple:
    """``(kind, room, feature, near ports)`` of the squares of ``slot`` holding ``placed``
    (``(room index, quarters)``, or None for a hidden room), made once for each and shared by
    every Layout: read them, never change them. ``near ports`` holds the squares with a
    portcullis on an edge of theirs (either side of it)."""
    cache = content.__dict__.setdefault("_tables", {})
    key = (slot, placed)
    found = cache.get(key)
    if found is None:
        if placed is None:
            squares = slot_squares(slot)
            found = ({sq: "hidden" for sq in squares}, dict.fromkeys(squares),
                     {sq: {} for sq in squares}, frozenset())
        else:
            rows = placed_room(content, slot, *placed)
            near = {(sq, side) for sq, _, features in rows for side, value in features
                    if value != "wall"}
            found = ({sq: kind for sq, kind, _ in rows}, {sq: placed[0] for sq, _, _ in rows},
                     {sq: dict(features) for sq, _, features in rows},
                     frozenset(square for sq, side in near
                               for square in (sq, neighbour(sq, side)) if on_board(square)))
        cache[key] = found
    return found


def placed_room(content, slot: int, index: int, quarters: int) -> tuple:
    """``(square, kind, features)`` of every square of room ``index`` lying in ``slot`` turned
    ``quarters`` clockwise (§7.3), the features as ``(side, value)`` pairs. Worked out once per
    room, slot and turn: a Layout is built at every reveal, turn and portcullis change."""
    cache = content.__dict__.setdefault("_placed", {})
    key = (slot, index, quarters)
    found = cache.get(key)
    if found is None:
        found = cache[key] = tuple((to_global(slot, rc), kind, features)
                                   for rc, kind, features in _turned(content, index, quarters))
    return found


def _turned(content, index: int, quarters: int) -> tuple:
    """``(place in the room, kind, features)`` of room ``index`` turned ``quarters`` clockwise,
    whatever slot it lies in, place by place in ``slot_squares`` order."""
    cache = content.__dict__.setdefault("_turned", {})
    found = cache.get((index, quarters))
    if found is None:
        room = content.rooms[index]
        by_square = {}
        for (r, c, side), value in room.features:
            by_square.setdefault((r, c), []).append((turn_side(side, quarters), value))
        found = []
        for rc in (local(sq) for sq in slot_squares(0)):
            base = rc
            for _ in range(quarters):
                base = turn_ccw(base)
            found.append((rc, room.kind(*base), tuple(by_square.get(base, ()))))
        found = cache[(index, quarters)] = tuple(found)
    return found


def layout(content, slots: tuple, ports: tuple, before: Layout | None = None) -> Layout:
    """The Layout of these rooms and portcullis states, shared by every state that has them; a
    new one is made from the Layout ``before`` it, if given (see Layout)."""
    cache = content.__dict__.setdefault("_layouts", {})
    key = (slots, ports)
    found = cache.get(key)
    if found is None:
        if len(cache) > 4096:
            cache.clear()
        found = cache[key] = Layout(content, slots, ports, before)
    return found


__all__ = ["ADJACENT", "AROUND", "COLS", "LINE_ROW", "Layout", "OPPOSITE", "ROWS", "SIDES",
           "SIDE_WORD", "STEP", "band_of_slot", "layout", "local", "neighbour", "on_board",
           "placed_room", "placed_tables", "slot_of", "slot_squares", "square_name", "to_global",
           "turn_ccw", "turn_cw", "turn_side"]
