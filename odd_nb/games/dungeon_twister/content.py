"""The game's data (§16.3): rooms, characters, objects and card figures, loaded from JSON files
(``data/SCHEMA.md``) into frozen values, every field checked. Errors name the file, the record
and the field.

A user may bring their own rooms: ``DungeonTwister(content=path_or_dict)`` reads a rooms file in
the same format instead of ``data/rooms.json``.

>>> c = load_content()
>>> len(c.rooms), [r.pair for r in c.rooms][:4], c.characters[7].name
(8, [1, 1, 2, 2], 'Wizard')
>>> load_rooms({"format": "nope"}, "mine.json")
Traceback (most recent call last):
...
odd_nb.core.errors.LoadError: mine.json: 'format' must be 'odd_nb.dungeon_twister.rooms'
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from ...core.errors import LoadError

DATA_DIR = Path(__file__).parent / "data"
SIDES = "NESW"
SQUARE_KINDS = {".": "floor", "o": "pit", "g": "gear"}
DIRECTIONS = ("clockwise", "counter-clockwise")
#: the closed sets of codes the engine implements (§16.3): data only picks among them
ABILITIES = ("heal", "turn_either_way", "walk_pits", "work_portcullis", "regenerate",
             "wall_step", "break_portcullis", "fly", "throw_fireball")
EFFECTS = ("attack_bonus", "defence_bonus", "bridge_pits", "treasure", "speed_potion",
           "fireball")
OBJECT_KINDS = ("permanent", "single_use")
ROOM_SIZE = 5


@dataclass(frozen=True)
class Room:
    """One room as printed, unturned: ``squares`` 5 strings north row first (``.`` floor,
    ``o`` pit, ``g`` gear); ``features`` maps ``(r, c, side)`` to ``"wall"`` or a portcullis
    number (an index into ``Content.portcullises``), on both squares of an inner edge."""

    id: str
    name: str
    pair: int
    direction: str
    squares: tuple
    features: tuple  # sorted ((r, c, side), feature) pairs

    def kind(self, r: int, c: int) -> str:
        return SQUARE_KINDS[self.squares[r][c]]


@dataclass(frozen=True)
class Character:
    id: str
    name: str
    short: str
    speed: int
    combat: int
    exit_points: int
    kill_points: int
    abilities: frozenset


@dataclass(frozen=True)
class Thing:
    """An object (the word ``object`` is Python's): its kind and effect codes."""

    id: str
    name: str
    short: str
    kind: str
    effects: frozenset


@dataclass(frozen=True)
class Content:
    """Everything the rules read from data. ``portcullises`` lists ``(room index, r, c, side)``
    of every portcullis, one entry per edge, whose state the position keeps."""

    name: str
    rooms: tuple
    characters: tuple
    objects: tuple
    action_cards: tuple
    first_card: int
    release_card: int
    combat_cards: tuple
    returning_card: int
    jump_cards: int
    band_capacity: tuple
    start_squares: tuple
    points_to_win: int
    treasure_points: int
    speed_potion_ap: int
    portcullises: tuple

    def twin(self, room: int) -> int:
        """The other room of the same pair (§1.2)."""
        return next(i for i, r in enumerate(self.rooms)
                    if r.pair == self.rooms[room].pair and i != room)


# -- reading ------------------------------------------------------------------------------------
def _read(source, what: str) -> tuple[dict, str]:
    if isinstance(source, dict):
        return source, f"the {what} given"
    path = Path(source)
    try:
        return json.loads(path.read_text(encoding="utf-8")), path.name
    except OSError as e:
        raise LoadError(f"{path.name}: cannot read the {what} file ({e.strerror})") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as e:
        raise LoadError(f"{path.name}: not valid JSON ({e})") from None


def _field(record: dict, name: str, kind, where: str):
    if not isinstance(record, dict):
        raise LoadError(f"{where}: must be an object")
    if name not in record:
        raise LoadError(f"{where}: field '{name}' is missing")
    value = record[name]
    if kind is int and (type(value) is not int):
        raise LoadError(f"{where}: field '{name}' must be a whole number, not {value!r}")
    if kind is not int and not isinstance(value, kind):
        raise LoadError(f"{where}: field '{name}' must be a {kind.__name__}, not {value!r}")
    return value


def _header(data, fmt: str, where: str) -> None:
    if not isinstance(data, dict) or data.get("format") != fmt:
        raise LoadError(f"{where}: 'format' must be {fmt!r}")
    if data.get("version") != 1:
        raise LoadError(f"{where}: 'version' must be 1")


def _edge(item, where: str) -> tuple:
    if (not isinstance(item, list) or len(item) != 3 or type(item[0]) is not int
            or type(item[1]) is not int or item[2] not in tuple(SIDES)
            or not (0 <= item[0] < ROOM_SIZE and 0 <= item[1] < ROOM_SIZE)):
        raise LoadError(f"{where}: must be [row 0-4, column 0-4, side N/E/S/W], not {item!r}")
    return (item[0], item[1], item[2])


def _beyond(r: int, c: int, side: str) -> tuple | None:
    """The square across ``side`` inside the room (north is row 0), or None on the outline."""
    dr, dc = {"N": (-1, 0), "S": (1, 0), "E": (0, 1), "W": (0, -1)}[side]
    r2, c2 = r + dr, c + dc
    if 0 <= r2 < ROOM_SIZE and 0 <= c2 < ROOM_SIZE:
        return r2, c2, SIDES[(SIDES.index(side) + 2) % 4]
    return None


def load_rooms(source, name: str | None = None) -> tuple[tuple, str]:
    """The rooms of a rooms file (path or dict), checked (§16.3): eight rooms in four pairs,
    one clockwise and one counter-clockwise room per pair, each with a gear and at least as
    many floor and gear squares as the largest capacity (checked by ``load_content``).
    Returns ``(rooms, raw portcullis list)``; portcullis numbers are given by ``load_content``."""
    data, where = _read(source, "rooms")
    _header(data, "odd_nb.dungeon_twister.rooms", name or where)
    rooms_data = _field(data, "rooms", list, where)
    out, seen = [], set()
    for i, rec in enumerate(rooms_data):
        w = f"{where}: room {i + 1}"
        rid = _field(rec, "id", str, w)
        w = f"{where}: room {rid!r}"
        if rid in seen:
            raise LoadError(f"{w}: field 'id' repeats another room's id")
        seen.add(rid)
        room_name = _field(rec, "name", str, w)
        pair = _field(rec, "pair", int, w)
        if pair not in (1, 2, 3, 4):
            raise LoadError(f"{w}: field 'pair' must be 1, 2, 3 or 4, not {pair}")
        direction = _field(rec, "direction", str, w)
        if direction not in DIRECTIONS:
            raise LoadError(f"{w}: field 'direction' must be one of {list(DIRECTIONS)}")
        squares = _field(rec, "squares", list, w)
        if (len(squares) != ROOM_SIZE or any(not isinstance(row, str) or len(row) != ROOM_SIZE
                                             or set(row) - set(SQUARE_KINDS) for row in squares)):
            raise LoadError(f"{w}: field 'squares' must be 5 strings of 5 of '.', 'o', 'g'")
        if not any("g" in row for row in squares):
            raise LoadError(f"{w}: field 'squares' has no gear (§16.3: every room has one)")
        features = {}
        for kind in ("walls", "portcullises"):
            for j, item in enumerate(_field(rec, kind, list, w)):
                edge = _edge(item, f"{w}: field '{kind}' item {j + 1}")
                features[edge] = "wall" if kind == "walls" else "portcullis"
        out.append((rid, room_name, pair, direction, tuple(squares), features))
    if len(out) != 8:
        raise LoadError(f"{where}: field 'rooms' must hold 8 rooms, not {len(out)}")
    for pair in (1, 2, 3, 4):
        dirs = sorted(r[3] for r in out if r[2] == pair)
        if dirs != ["clockwise", "counter-clockwise"]:
            raise LoadError(f"{where}: pair {pair} must be one clockwise and one "
                            f"counter-clockwise room, not {dirs}")
    return tuple(out), where


def load_content(rooms=None) -> Content:
    """The shipped data, with the rooms of ``rooms`` (a path or dict) if given."""
    room_records, where = load_rooms(DATA_DIR / "rooms.json" if rooms is None else rooms)
    name = "odd_nb rooms" if rooms is None else f"rooms from {where}"
    chars_data, cw = _read(DATA_DIR / "characters.json", "characters")
    _header(chars_data, "odd_nb.dungeon_twister.characters", cw)
    characters = []
    for i, rec in enumerate(_field(chars_data, "characters", list, cw)):
        w = f"{cw}: character {rec.get('id', i + 1) if isinstance(rec, dict) else i + 1!r}"
        abilities = _field(rec, "abilities", list, w)
        bad = [a for a in abilities if a not in ABILITIES]
        if bad:
            raise LoadError(f"{w}: field 'abilities' has unknown code {bad[0]!r}")
        characters.append(Character(_field(rec, "id", str, w), _field(rec, "name", str, w),
                                    _field(rec, "short", str, w), _field(rec, "speed", int, w),
                                    _field(rec, "combat", int, w),
                                    _field(rec, "exit_points", int, w),
                                    _field(rec, "kill_points", int, w), frozenset(abilities)))
    objs_data, ow = _read(DATA_DIR / "objects.json", "objects")
    _header(objs_data, "odd_nb.dungeon_twister.objects", ow)
    objects = []
    for i, rec in enumerate(_field(objs_data, "objects", list, ow)):
        w = f"{ow}: object {rec.get('id', i + 1) if isinstance(rec, dict) else i + 1!r}"
        effects = _field(rec, "effects", list, w)
        bad = [e for e in effects if e not in EFFECTS]
        if bad:
            raise LoadError(f"{w}: field 'effects' has unknown code {bad[0]!r}")
        kind = _field(rec, "kind", str, w)
        if kind not in OBJECT_KINDS:
            raise LoadError(f"{w}: field 'kind' must be one of {list(OBJECT_KINDS)}")
        objects.append(Thing(_field(rec, "id", str, w), _field(rec, "name", str, w),
                             _field(rec, "short", str, w), kind, frozenset(effects)))
    if len(characters) != 8 or len(objects) != 6:
        raise LoadError(f"{cw}/{ow}: a side has 8 characters and 6 objects (§1.3), not "
                        f"{len(characters)} and {len(objects)}")
    cards, kw = _read(DATA_DIR / "cards.json", "cards")
    _header(cards, "odd_nb.dungeon_twister.cards", kw)
    capacity = tuple(_field(cards, "band_capacity", list, kw))
    # number the portcullises, one per edge, and record features on both sides of inner edges
    rooms, ports = [], []
    for index, (rid, rname, pair, direction, squares, raw) in enumerate(room_records):
        features = {}
        for (r, c, side), kind in sorted(raw.items()):
            if (r, c, side) in features:
                continue
            if kind == "portcullis":
                value = len(ports)
                ports.append((index, r, c, side))
            else:
                value = "wall"
            features[(r, c, side)] = value
            other = _beyond(r, c, side)
            if other is not None:
                features[other] = value
        room = Room(rid, rname, pair, direction, squares, tuple(sorted(features.items())))
        free = sum(row.count(".") + row.count("g") for row in squares)
        if free < max(capacity):
            raise LoadError(f"{where}: room {rid!r}: field 'squares' needs at least "
                            f"{max(capacity)} floor or gear squares (§16.3)")
        rooms.append(room)
    return Content(name=name, rooms=tuple(rooms), characters=tuple(characters),
                   objects=tuple(objects),
                   action_cards=tuple(_field(cards, "action_cards", list, kw)),
                   first_card=_field(cards, "first_card", int, kw),
                   release_card=_field(cards, "release_card", int, kw),
                   combat_cards=tuple(sorted(_field(cards, "combat_cards", list, kw))),
                   returning_card=_field(cards, "returning_card", int, kw),
                   jump_cards=_field(cards, "jump_cards", int, kw), band_capacity=capacity,
                   start_squares=tuple(_field(cards, "start_squares", list, kw)),
                   points_to_win=_field(cards, "points_to_win", int, kw),
                   treasure_points=_field(cards, "treasure_points", int, kw),
                   speed_potion_ap=_field(cards, "speed_potion_ap", int, kw),
                   portcullises=tuple(ports))


__all__ = ["ABILITIES", "EFFECTS", "Character", "Content", "Room", "Thing", "load_content",
           "load_rooms"]
