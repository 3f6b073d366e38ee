"""The town as data (§17): the map, the locations and their room decks, the street deck, the
monsters, weapons, ammunition, clues, events, endings, Blackout effects and the rule numbers.

A content file is JSON (format: ``data/SCHEMA.md``). ``load_content`` reads and checks it; a
file that breaks the schema raises ``LoadError`` naming the file, the record and the field.
Nothing is loaded with pickle or eval.

>>> town = load_content("test")
>>> town.name, len(town.explorable), town.rules["health"]
('test-town', 4, 6)
>>> town.card_name("fog-hound"), town.monsters["fog-hound"].recurs
('Fog Hound', True)
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from pathlib import Path

from ...core.errors import LoadError

DATA = Path(__file__).parent / "data"
#: the towns shipped with odd_nb, by the name the ``content`` option uses (§16)
SHIPPED = {"fog-town": DATA / "fog-town.json", "test-town": DATA / "test-town.json",
           "test": DATA / "test-town.json"}

#: §16: the rule numbers a content may set, with the defaults of the doc (A3, A16, A21)
RULE_DEFAULTS = {"health": 6, "rest_heal": 2, "bank_values": [1, 2], "escape_ap": 2,
                 "switch_ap": 1, "move_ap": 1, "explore_ap": 1, "stack_size": 3,
                 "clock_length": 24, "per_death": 1, "trophies_per_point": 3,
                 "push_back": {"easy": 3, "normal": 2, "hard": 1}}
TIERS = ("ordinary", "keeper", "sleeper")
NEEDS_KINDS = ("melee", "firearm")


@dataclass(frozen=True)
class Monster:
    """A monster card (§6): health, strength, "!" (recurs) and its weapon need (§6.3)."""
    id: str
    name: str
    tier: str
    health: int
    strength: int
    recurs: bool = False
    needs: str | None = None
    requires: tuple = ()          # a Sleeper's requirement: ((tag, count), ...) (§10)
    ending: str | None = None     # a Sleeper's ending (§13)


@dataclass(frozen=True)
class Weapon:
    """A weapon (§8): melee or firearm, its bonus, and the ammunition type a firearm takes
    (``None``: an unlimited firearm, always loaded)."""
    id: str
    name: str
    kind: str
    bonus: int
    ammo: str | None = None

    @property
    def unlimited(self) -> bool:
        return self.kind == "firearm" and self.ammo is None


@dataclass(frozen=True)
class Location:
    """A location (§1.2): a starting one, or an explorable one with a room deck, a stack size,
    a Keeper and perhaps the key that locks it."""
    id: str
    name: str
    start: bool
    deck: tuple = ()
    stack_size: int = 3
    keeper: str | None = None
    locked_by: str | None = None
    entrances: tuple = ()


@dataclass(frozen=True)
class Ending:
    """An ending (§13): peaceful (claimed) or a Sleeper's, its requirement, points and grants."""
    id: str
    name: str
    kind: str
    requires: tuple
    points: int
    grants: tuple = ()


@dataclass(eq=False)
class Content:
    """A whole town. Two contents are equal when their data are (``digest``)."""
    name: str
    title: str
    rules: dict
    nodes: dict                 # id -> {"label", "x", "y", "kind"}
    neighbours: dict            # id -> tuple of neighbouring node ids, in data order
    locations: dict             # id -> Location
    street_deck: tuple
    monsters: dict
    weapons: dict
    ammo: dict                  # id -> (name, fits)
    clues: dict                 # id -> (name, tags)
    events: dict                # id -> (name, effect dict)
    endings: dict
    blackouts: dict             # id -> (name, rule overrides)
    width: float = 10
    height: float = 10
    digest: str = ""
    shipped: bool = False
    explorable: tuple = field(default=())

    def __post_init__(self):
        self.explorable = tuple(i for i, loc in self.locations.items() if not loc.start)
        self.starts = tuple(i for i, loc in self.locations.items() if loc.start)
        self.sleepers = tuple(i for i, m in self.monsters.items() if m.tier == "sleeper")

    def __eq__(self, other):
        return isinstance(other, Content) and other.digest == self.digest

    def __hash__(self):
        return hash(self.digest)

    def __repr__(self):
        return f"<Fog Town content {self.name!r}>"

    def kind(self, card: str) -> str:
        """A card's kind (§5): monster, weapon, ammo, clue, event or empty."""
        if card in self.monsters:
            return "monster"
        if card in self.weapons:
            return "weapon"
        if card in self.ammo:
            return "ammo"
        if card in self.clues:
            return "clue"
        if card in self.events:
            return "event"
        return "empty"

    def card_name(self, card: str) -> str:
        for table in (self.monsters, self.weapons, self.endings):
            if card in table:
                return table[card].name
        for table in (self.ammo, self.clues, self.events):
            if card in table:
                return table[card][0]
        if card in self.locations:
            return self.locations[card].name
        return "nothing" if card == "empty" else card

    def label(self, node: str) -> str:
        return self.nodes[node]["label"]

    def tags(self, card: str) -> tuple:
        return self.clues[card][1] if card in self.clues else ()


def load_content(source=None) -> Content:
    """A town from a shipped name (``"fog-town"``, ``"test"``), a path, or ``None`` (the
    shipped town)."""
    if source is None:
        source = "fog-town"
    shipped = isinstance(source, str) and source in SHIPPED
    path = SHIPPED[source] if shipped else Path(source)
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as e:
        raise LoadError(f"{path}: cannot read the content file ({e.strerror})") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise LoadError(f"{path}: not valid JSON ({e.msg}, line {e.lineno})") from None
    content = load_content_data(data, str(Path(path).name))
    content.shipped = shipped
    return content


def load_content_data(data, where: str = "the content given") -> Content:
    """A town from parsed JSON data, checked record by record (``LoadError`` names the file,
    the record and the field).

    >>> load_content_data({"name": "x"}, "my.json")
    Traceback (most recent call last):
    ...
    odd_nb.core.errors.LoadError: my.json: the town has no field 'monsters'
    """
    return _Reader(where).read(data)


class _Reader:
    def __init__(self, where: str):
        self.where = where

    def fail(self, record: str, message: str):
        raise LoadError(f"{self.where}: {record}: {message}")

    def get(self, rec: dict, key: str, record: str, kind, default=...):
        if not isinstance(rec, dict):
            self.fail(record, "is not a JSON object")
        if key not in rec:
            if default is ...:
                self.fail(record, f"has no field {key!r}") if record != "the town" else \
                    self.fail_top(key)
            return default
        value = rec[key]
        kinds = kind if isinstance(kind, tuple) else (kind,)
        if value is None and type(None) in kinds:
            return value
        if any(k is int for k in kinds) and isinstance(value, bool):
            self.fail(record, f"field {key!r} must be {self.kind_name(kinds)}, not {value!r}")
        if not isinstance(value, kinds):
            self.fail(record, f"field {key!r} must be {self.kind_name(kinds)}, not {value!r}")
        return value

    def fail_top(self, key):
        raise LoadError(f"{self.where}: the town has no field {key!r}")

    @staticmethod
    def kind_name(kinds):
        names = {int: "a whole number", str: "a text", list: "a list", dict: "an object",
                 bool: "true or false", float: "a number", type(None): "null"}
        return " or ".join(names.get(k, k.__name__) for k in kinds)

    def count(self, rec, key, record, low=0, default=...):
        value = self.get(rec, key, record, int, default)
        if value < low:
            self.fail(record, f"field {key!r} must be at least {low}, not {value}")
        return value

    def requirement(self, rec, record):
        req = self.get(rec, "requires", record, dict)
        for tag, n in req.items():
            if isinstance(n, bool) or not isinstance(n, int) or n < 1:
                self.fail(record, f"field 'requires' must count each tag with a whole number "
                                  f"of at least 1, not {tag!r}: {n!r}")
        if not req:
            self.fail(record, "field 'requires' names no tag")
        return tuple(sorted(req.items()))

    def read(self, data) -> Content:
        if not isinstance(data, dict):
            raise LoadError(f"{self.where}: the town must be a JSON object")
        top = "the town"
        name = self.get(data, "name", top, str)
        title = self.get(data, "title", top, str, name)
        rules = dict(RULE_DEFAULTS)
        given = self.get(data, "rules", top, dict, {})
        for key, value in given.items():
            record = f"rules {key!r}"
            if key not in RULE_DEFAULTS:
                self.fail("rules", f"has no rule number {key!r}; rule numbers: "
                                   f"{sorted(RULE_DEFAULTS)}")
            if key == "push_back":
                if not isinstance(value, dict) or set(value) != {"easy", "normal", "hard"} or \
                        not all(type(v) is int and v >= 0 for v in value.values()):
                    self.fail(record, "field 'push_back' must give a whole number of spaces "
                                      "for each of easy, normal and hard")
            elif key == "bank_values":
                if not isinstance(value, list) or not all(type(v) is int and v >= 1
                                                          for v in value):
                    self.fail(record, "field 'bank_values' must be a list of whole numbers "
                                      "of at least 1")
            elif type(value) is not int or value < (1 if key in ("health", "clock_length",
                                                                  "stack_size") else 0):
                self.fail("rules", f"field {key!r} must be a whole number of at least 0 "
                                   f"(at least 1 for health, clock_length, stack_size), "
                                   f"not {value!r}")
            rules[key] = value

        # catalogue
        monsters, weapons, ammo, clues, events, endings, blackouts = {}, {}, {}, {}, {}, {}, {}
        seen = {"empty": "the empty card"}

        def new_id(rec, record):
            i = self.get(rec, "id", record, str)
            if not i:
                self.fail(record, "field 'id' is empty")
            if i in seen:
                self.fail(f"{record} {i!r}", f"field 'id' repeats {seen[i]}")
            seen[i] = record
            return i

        for n, rec in enumerate(self.get(data, "weapons", top, list, [])):
            record = f"weapons[{n}]"
            i = new_id(rec, record)
            record = f"weapon {i!r}"
            kind = self.get(rec, "kind", record, str)
            if kind not in NEEDS_KINDS:
                self.fail(record, f"field 'kind' must be 'melee' or 'firearm', not {kind!r}")
            ammo_type = self.get(rec, "ammo", record, (str, type(None)), None)
            if kind == "melee" and ammo_type is not None:
                self.fail(record, "field 'ammo': a melee weapon takes no ammunition")
            weapons[i] = Weapon(i, self.get(rec, "name", record, str), kind,
                                self.count(rec, "bonus", record), ammo_type)
        for n, rec in enumerate(self.get(data, "ammo", top, list, [])):
            i = new_id(rec, f"ammo[{n}]")
            record = f"ammo {i!r}"
            fits = self.get(rec, "fits", record, str)
            if not any(w.ammo == fits for w in weapons.values()):
                self.fail(record, f"field 'fits': no weapon takes the ammunition type {fits!r}")
            ammo[i] = (self.get(rec, "name", record, str), fits)
        for n, rec in enumerate(self.get(data, "clues", top, list, [])):
            i = new_id(rec, f"clues[{n}]")
            record = f"clue {i!r}"
            tags = self.get(rec, "tags", record, list, [])
            if not all(isinstance(t, str) for t in tags):
                self.fail(record, "field 'tags' must be a list of texts")
            clues[i] = (self.get(rec, "name", record, str), tuple(sorted(set(tags))))
        for n, rec in enumerate(self.get(data, "events", top, list, [])):
            i = new_id(rec, f"events[{n}]")
            record = f"event {i!r}"
            effect = self.get(rec, "effect", record, dict, {})
            for key, value in effect.items():
                if key not in EVENT_EFFECTS or type(value) is not int or value < 0:
                    self.fail(record, f"field 'effect' has {key!r}: {value!r}; an effect is "
                                      f"one of {sorted(EVENT_EFFECTS)} with a whole number")
            events[i] = (self.get(rec, "name", record, str), dict(effect))
        for n, rec in enumerate(self.get(data, "endings", top, list, [])):
            i = new_id(rec, f"endings[{n}]")
            record = f"ending {i!r}"
            kind = self.get(rec, "kind", record, str)
            if kind not in ("peaceful", "sleeper"):
                self.fail(record, f"field 'kind' must be 'peaceful' or 'sleeper', not {kind!r}")
            grants = self.get(rec, "grants", record, list, [])
            for g in grants:
                if g not in weapons:
                    self.fail(record, f"field 'grants' names {g!r}, which is no weapon")
            requires = self.requirement(rec, record) if kind == "peaceful" else ()
            endings[i] = Ending(i, self.get(rec, "name", record, str), kind, requires,
                                self.count(rec, "points", record), tuple(grants))
        for n, rec in enumerate(self.get(data, "monsters", top, list)):
            i = new_id(rec, f"monsters[{n}]")
            record = f"monster {i!r}"
            tier = self.get(rec, "tier", record, str, "ordinary")
            if tier not in TIERS:
                self.fail(record, f"field 'tier' must be one of {list(TIERS)}, not {tier!r}")
            needs = self.get(rec, "needs", record, (str, type(None)), None)
            if needs is not None and needs not in NEEDS_KINDS and needs not in weapons:
                self.fail(record, f"field 'needs' must be null, 'melee', 'firearm' or a weapon "
                                  f"id, not {needs!r}")
            recurs = self.get(rec, "recurs", record, bool, False)
            requires, ending = (), None
            if tier == "sleeper":
                requires = self.requirement(rec, record)
                ending = self.get(rec, "ending", record, str)
                if ending not in endings or endings[ending].kind != "sleeper":
                    self.fail(record, f"field 'ending' must name a Sleeper ending, not "
                                      f"{ending!r}")
            monsters[i] = Monster(i, self.get(rec, "name", record, str), tier,
                                  self.count(rec, "health", record, 1),
                                  self.count(rec, "strength", record), recurs, needs,
                                  requires, ending)
        for n, rec in enumerate(self.get(data, "blackouts", top, list, [])):
            i = new_id(rec, f"blackouts[{n}]")
            record = f"blackout {i!r}"
            overrides = self.get(rec, "rules", record, dict, {})
            for key, value in overrides.items():
                if key not in RULE_DEFAULTS or type(value) is not int or value < 0:
                    self.fail(record, f"field 'rules' has {key!r}: {value!r}; a Blackout sets "
                                      f"rule numbers (whole numbers)")
            blackouts[i] = (self.get(rec, "name", record, str), dict(overrides))

        cards = set(weapons) | set(ammo) | set(clues) | set(events) | {"empty"}
        cards |= {i for i, m in monsters.items() if m.tier == "ordinary"}

        def deck(rec, key, record):
            ids = self.get(rec, key, record, list)
            for c in ids:
                if c not in cards:
                    self.fail(record, f"field {key!r} names {c!r}, which is no card (Keepers "
                                      f"and Sleepers are not in decks, §1.4)")
            return tuple(ids)

        # the map
        the_map = self.get(data, "map", top, dict)
        width = self.get(the_map, "width", "map", (int, float), 10)
        height = self.get(the_map, "height", "map", (int, float), 10)
        nodes, neighbours = {}, {}

        def add_node(i, rec, record, kind):
            x = self.get(rec, "x", record, (int, float))
            y = self.get(rec, "y", record, (int, float))
            nodes[i] = {"label": rec.get("label") or rec.get("name"), "x": x, "y": y,
                        "kind": kind}
            neighbours[i] = []

        for n, rec in enumerate(self.get(the_map, "circles", "map", list)):
            i = new_id(rec, f"map circles[{n}]")
            self.get(rec, "label", f"circle {i!r}", str)
            add_node(i, rec, f"circle {i!r}", "street")

        def join(a, b, record):
            for end in (a, b):
                if end not in nodes:
                    self.fail(record, f"joins {end!r}, which is no node of the map")
            if a == b:
                self.fail(record, f"joins {a!r} to itself")
            if b not in neighbours[a]:
                neighbours[a].append(b)
                neighbours[b].append(a)

        for n, pair in enumerate(self.get(the_map, "streets", "map", list)):
            if not (isinstance(pair, list) and len(pair) == 2):
                self.fail(f"map streets[{n}]", "must be a pair of circle ids")
            join(pair[0], pair[1], f"map streets[{n}]")
        locations = {}
        for n, rec in enumerate(self.get(data, "locations", top, list)):
            i = new_id(rec, f"locations[{n}]")
            record = f"location {i!r}"
            lname = self.get(rec, "name", record, str)
            add_node(i, rec, record, "place")
            entrances = self.get(rec, "entrances", record, list)
            if not entrances:
                self.fail(record, "field 'entrances' is empty")
            for e in entrances:
                if e not in nodes or nodes[e]["kind"] != "street":
                    self.fail(record, f"field 'entrances' names {e!r}, which is no circle")
                join(i, e, record)
            start = self.get(rec, "start", record, bool, False)
            if start:
                locations[i] = Location(i, lname, True, entrances=tuple(entrances))
                continue
            keeper = self.get(rec, "keeper", record, str)
            if keeper not in monsters or monsters[keeper].tier != "keeper":
                self.fail(record, f"field 'keeper' must name a Keeper, not {keeper!r}")
            locked = self.get(rec, "locked_by", record, (str, type(None)), None)
            if locked is not None and locked not in clues:
                self.fail(record, f"field 'locked_by' must name a clue card, not {locked!r}")
            locations[i] = Location(i, lname, False, deck(rec, "deck", record),
                                    self.count(rec, "stack_size", record, 1,
                                               rules["stack_size"]),
                                    keeper, locked, tuple(entrances))
        if not any(loc.start for loc in locations.values()):
            self.fail("locations", "no starting location (§1.2)")
        if all(loc.start for loc in locations.values()):
            self.fail("locations", "no explorable location (§1.2)")
        keepers = [loc.keeper for loc in locations.values() if not loc.start]
        if len(set(keepers)) != len(keepers):
            self.fail("locations", "two locations share a Keeper (§6.4: one each)")
        street = deck(data, "street_deck", top)
        # every node reachable from the first starting location
        first = next(i for i, loc in locations.items() if loc.start)
        reach, todo = {first}, [first]
        while todo:
            for b in neighbours[todo.pop()]:
                if b not in reach:
                    reach.add(b)
                    todo.append(b)
        if len(reach) != len(nodes):
            lost = sorted(set(nodes) - reach)[0]
            self.fail(f"map node {lost!r}", "cannot be reached from the starting locations")
        digest = hashlib.sha256(json.dumps(data, sort_keys=True).encode()).hexdigest()[:16]
        return Content(name, title, rules, nodes, {k: tuple(v) for k, v in neighbours.items()},
                       locations, street, monsters, weapons, ammo, clues, events, endings,
                       blackouts, width, height, digest)


#: §5 events: what an event card may do (A22 keeps the Blackout a hook; events are the same)
EVENT_EFFECTS = ("wounds", "heal", "clock")

__all__ = ["Content", "Ending", "LoadError", "Location", "Monster", "Weapon", "load_content",
           "load_content_data", "SHIPPED"]
