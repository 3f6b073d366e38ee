"""The dice of an encounter's decisions (E2, E4) as small numbers, for the fast path (``fast.py``).

A die is a number: ``CODE[die]`` is 0-23 in the order of dice, and hero ``h``'s die is
``h * 24 + CODE[die]``, so numbers sort as ``(hero, die)`` does and every table below is a list
read by index. ``held`` reads the pools into the numbers of their distinct dice and those held
more than once; the conversions and discards are then read from tables of ready-made actions
per number (``convert_table``, ``discard_row``), made once per pair of heroes. An encounter's
boxes are read once into ``Boxes`` (per box, its ``Place`` for each die that fits; per dice
placed, the boxes still open), kept per boxes tuple, which the state keeps through the
encounter. So a listing of E4 joins ready-made actions instead of testing every die on every
box and every pair of dice.

The tables keep what serves many games (actions, rows) and little of what serves one: a table
that grows with every new pool or position costs the garbage collector more than it saves.

``encounter.placements``, ``encounter.conversions`` and ``encounter.discards`` are the reference;
``tests/one_deck/test_fast_paths.py`` compares the two at every step of thousands of games.

>>> from types import SimpleNamespace as Position
>>> held(Position(pools=((("blue", 2), ("blue", 2), ("yellow", 5)),)))
([7, 22], [7])
>>> [str(a) for a in conversions(([7, 22], [7]), (), False)]
['convert blue 2 and blue 2 into black 2', 'convert blue 2 and yellow 5 into black 2']
"""

from __future__ import annotations

from .actions import Convert, Discard, Place
from .dice import COLOURS, covered, fits

LIMIT = 50_000  # entries of a table before it starts afresh
FEW = 64  # entries of a table of values that serve one encounter or one game
BOXES = 1_000  # the boxes of encounters kept (``encounter_boxes``)

DIE = tuple(sorted((colour, value) for colour in COLOURS for value in range(1, 7)))
CODE = {die: i for i, die in enumerate(DIE)}
CODES = (CODE, {die: 24 + i for die, i in CODE.items()})
HELD = 2 * len(DIE)  # a hero's die: h * 24 + CODE[die], for two heroes at most


# -- the heroes' pools ----------------------------------------------------------------------------
def held(s) -> tuple | None:
    """The distinct pool dice of every hero as numbers, in the order of ``(hero, die)``, and
    the numbers held more than once; None if a die is not a standard one or a pool is not
    sorted (then the rules' functions list).

    >>> from types import SimpleNamespace as Position
    >>> held(Position(pools=((("blue", 2), ("yellow", 5)), (("blue", 2),))))
    ([7, 22, 31], [])
    """
    distinct, doubles = [], []
    last = -1
    for h, pool in enumerate(s.pools):
        get = CODES[h].get
        for die in pool:
            code = get(die)
            if code == last:
                if not doubles or doubles[-1] != code:
                    doubles.append(code)
            elif code is None or code < last:
                return None
            else:
                distinct.append(code)
                last = code
    return distinct, doubles


def conversions(held: list, names: tuple, no_black: bool, black_pairs: bool = False) -> list:
    """``encounter.conversions`` (when not forbidden) from ``held`` (``held(s)``): pairs of held
    dice in the order of ``(hero, die)``, a pair of equal dice once (``convert_table`` says
    which pairs convert, and for whom; ``black_pairs``: ``encounter.black_pairs_help``). A new
    list."""
    rows = convert_table(names, no_black, black_pairs)
    acts = []
    codes, doubles = held
    for i, first in enumerate(codes):
        row = rows[first]
        if doubles and first in doubles:
            acts += row[first]
        for second in codes[i + 1:]:
            acts += row[second]
    return acts


def discards(held: list, names: tuple) -> list:
    """``encounter.discards``: a ``Discard`` per distinct die, hero by hero. A new list."""
    row = discard_row(names)
    return [row[c] for c in held[0]]


def convert_table(names: tuple, no_black: bool, black_pairs: bool = False) -> list:
    """Per held die ``first`` and held die ``second`` after it, the conversions of the two as
    ``encounter.conversions`` offers them (``table[first][second]``): none for two black dice
    unless ``black_pairs``, none without a black die in the supply unless one of the two is
    black, else one per receiver (the hero whose two dice they are; either hero when each gives
    one)."""
    key = (names, no_black, black_pairs)
    table = _convert_tables.get(key)
    if table is None:
        heroes = max(1, len(names))
        table = _convert_tables[key] = []
        for first in range(HELD):
            row = []
            for second in range(HELD):
                h1, d1, h2, d2 = first // 24, DIE[first % 24], second // 24, DIE[second % 24]
                blacks = (d1[0] == "black") + (d2[0] == "black")
                if h1 >= heroes or h2 >= heroes or blacks == 2 and not black_pairs \
                        or no_black and not blacks:
                    row.append([])
                    continue
                receivers = (h1,) if h1 == h2 else range(heroes)
                row.append([Convert((h1, d1), (h2, d2), to, names) for to in receivers])
            table.append(row)
    return table


def discard_row(names: tuple) -> list:
    """Per held die, its ``Discard`` (None for a hero the game does not have)."""
    row = _discard_rows.get(names)
    if row is None:
        row = _discard_rows[names] = [
            Discard(h, DIE[c], names[h] if names else "") if h < max(1, len(names)) else None
            for h in range(2) for c in range(len(DIE))]
    return row


_convert_tables: dict = {}  # (hero names, no black die in the supply) -> see ``convert_table``
_discard_rows: dict = {}  # hero names -> see ``discard_row``


# -- an encounter's boxes --------------------------------------------------------------------------
class Boxes:
    """An encounter's boxes, read once: ``rows[i]`` holds, per held die, its ``Place`` on box
    ``i`` or None if the die does not fit it (``dice.fits``); ``open_rows(placed)`` the boxes
    a die may go on with those dice placed."""

    __slots__ = ("boxes", "rows", "opened")

    def __init__(self, boxes: tuple, names: tuple, texts: list):
        self.boxes = boxes
        self.rows = [place_row(i, box, names, text)
                     for i, (box, text) in enumerate(zip(boxes, texts))]
        self.opened = {}

    def open_rows(self, placed: tuple) -> list:
        """(box index, row) of the boxes a die may go on now: the uncovered ones, armor first
        (§4, A11); kept for the last ``FEW`` dice placed."""
        rows = self.opened.get(placed)
        if rows is None:
            if len(self.opened) > FEW:
                self.opened.clear()
            open_boxes = [i for i, (box, dice) in enumerate(zip(self.boxes, placed))
                          if not covered(box, dice)]
            if any(self.boxes[i].armor for i in open_boxes):
                open_boxes = [i for i in open_boxes if self.boxes[i].armor]
            rows = self.opened[placed] = [(i, self.rows[i]) for i in open_boxes]
        return rows


def encounter_boxes(boxes: tuple, names: tuple) -> Boxes:
    """``Boxes`` of the state's ``boxes``, kept per tuple (the entry keeps the tuple, so that one
    that reuses the id of one gone is never answered from it). A combat's or peril's boxes are
    one tuple per card and floor (``fast._begin``, ``fast._choose_option``), met in many games."""
    key = (id(boxes), names)
    entry = _boxes.get(key)
    if entry is None or entry.boxes is not boxes:
        if len(_boxes) > BOXES:
            _boxes.clear()
        entry = _boxes[key] = Boxes(boxes, names, [box_text(box) for box in boxes])
    return entry


def box_text(box) -> str:
    """``str(box)``, kept per box (by value: a peril's boxes are made anew at each encounter,
    equal to those of the last)."""
    text = _box_texts.get(box)
    if text is None:
        if len(_box_texts) > LIMIT:
            _box_texts.clear()
        text = _box_texts[box] = str(box)
    return text


def placements(rows: list, held: list) -> list:
    """``encounter.placements``: each distinct pool die (``held(s)``), hero by hero, on each
    open box it fits (``rows``: ``Boxes.open_rows``). A new list."""
    acts = []
    if rows:
        rows = [row for _, row in rows]
        for code in held[0]:
            for row in rows:
                a = row[code]
                if a is not None:
                    acts.append(a)
    return acts


def place_row(i: int, box, names: tuple, text: str) -> list:
    """Per held die (``h * 24 + CODE[die]``), its ``Place`` on box ``i``, or None if the die
    does not fit the box (``dice.fits``); one list per box index, box text and heroes."""
    key = (i, text, names)
    row = _place_rows.get(key)
    if row is None:
        if len(_place_rows) > LIMIT:
            _place_rows.clear()
        row = _place_rows[key] = [
            Place(h, DIE[c], i, names[h] if names else "", text)
            if h < max(1, len(names)) and fits(box, DIE[c]) else None
            for h in range(2) for c in range(len(DIE))]
    return row


_boxes: dict = {}  # (id(boxes), hero names) -> Boxes
_box_texts: dict = {}  # box -> str(box)
_place_rows: dict = {}  # (box index, box text, hero names) -> see ``place_row``


__all__ = ["Boxes", "CODE", "CODES", "DIE", "HELD", "conversions", "discards",
           "encounter_boxes", "held", "placements"]
