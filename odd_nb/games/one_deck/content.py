"""Card data: load a content file (JSON, see ``data/SCHEMA.md``) into frozen values, validating
every field. Errors name the file, the card and the field.

>>> c = load_content()
>>> len(c.heroes) >= 5 and len(c.dungeons) >= 4
True
>>> load_content_data({"format": "nope"}, "mine.json")
Traceback (most recent call last):
...
odd_nb.core.errors.LoadError: mine.json: 'format' must be 'odd_nb.one_deck.content'
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path

from ...core.errors import LoadError

FORMAT = "odd_nb.one_deck.content"
VERSION = 1
#: the dice colours (§3), in the order of every tuple of counts (supply, stats); black is wild
DICE_COLOURS = ("yellow", "pink", "blue", "black")
STAT_COLOURS = DICE_COLOURS[:3]  # the colours a hero has stats in
FULL_SUPPLY = (8, 8, 8, 6)  # §1: the dice of each colour, the supply's hard limit
MIN_ENCOUNTERS = 4  # §5.3: a deck must fill a floor's doors at least once
BOX_COLOURS = DICE_COLOURS + ("any", "option")
SIDES = ("1P", "2P")
TIMINGS = ("on_start", "on_roll", "continuous", "on_skill_use", "on_consequences")
SKILL_OPS = ("gain", "roll", "increase", "reroll", "set", "prevent", "discard", "heal")
ABILITY_OPS = {
    "on_start": ("damage", "spend_time", "exile", "poison"),
    "on_roll": ("discard",),
    "continuous": ("forbid",),
    "on_skill_use": ("damage", "spend_time"),
    "on_consequences": ("damage", "spend_time", "exile", "poison"),
}
DATA_DIR = Path(__file__).parent / "data"


# -- the values ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class Box:
    """A challenge box: ``Box("yellow", 4)`` is a small yellow 4 with no consequence."""

    colour: str
    target: int
    wide: bool = False
    armor: bool = False
    skull: bool = False
    damage: int = 0
    time: int = 0
    poison: int = 0

    @classmethod
    def parse(cls, text: str) -> "Box":
        """A box from its short text, the same as its ``str()``: ``"wide pink 8 ♥♥⌛"``,
        ``"armor y5 ♥2"``. Colour letters: y p b k (black); icons ♥ ⌛ ☠ ☣, repeated or with a
        count.

        >>> Box.parse("wide pink 8 ♥♥⌛") == Box("pink", 8, wide=True, damage=2, time=1)
        True
        """
        fields = {"wide": False, "armor": False, "skull": False, "damage": 0, "time": 0,
                  "poison": 0}
        colour = target = None
        letters = {"y": "yellow", "p": "pink", "b": "blue", "k": "black"}
        icons = {"♥": "damage", "⌛": "time", "☠": "skull", "☣": "poison"}
        for token in text.replace(",", " ").split():
            word = token.lower()
            if word in ("wide", "armor", "skull"):
                fields[word] = True
            elif word in BOX_COLOURS or word in letters:
                colour = letters.get(word, word)
            elif word[0] in letters and word[1:].isdigit():
                colour, target = letters[word[0]], int(word[1:])
            elif word.isdigit():
                target = int(word)
            elif re.fullmatch(r"(?:[♥⌛☠☣]\d*)+", token):
                for icon, count in re.findall(r"([♥⌛☠☣])(\d*)", token):
                    name = icons[icon]
                    fields[name] = True if name == "skull" else fields[name] + int(count or 1)
            else:
                raise ValueError(f"cannot read box {text!r}: {token!r} is not a colour, a "
                                 "number, wide, armor or an icon (♥ ⌛ ☠ ☣)")
        if colour is None or target is None:
            raise ValueError(f"cannot read box {text!r}: it needs a colour and a target")
        return cls(colour, target, **fields)

    def __str__(self) -> str:
        kind = ("wide " if self.wide else "") + ("armor " if self.armor else "")
        icons = "".join(["♥" * self.damage, "⌛" * self.time, "☠" if self.skull else "",
                         "☣" * self.poison])
        return f"{kind}{self.colour} {self.target}" + (f" {icons}" if icons else "")


@dataclass(frozen=True)
class Effect:
    op: str
    colour: str | None = None
    value: int | None = None
    count: int = 1
    amount: int = 0
    damage: int = 0
    time: int = 0
    target: str = "chosen_hero"
    what: str | None = None


@dataclass(frozen=True)
class Ability:
    timing: str
    effects: tuple[Effect, ...]


@dataclass(frozen=True)
class Cost:
    kind: str  # free | dice_count | dice_total | potion
    colour: str | None = None
    n: int = 0


@dataclass(frozen=True)
class Skill:
    """A skill or a heroic feat (a feat may store dice and be barred from the boss fight)."""

    id: str
    name: str
    cost: Cost
    effects: tuple[Effect, ...]
    usable_in: str = "any"
    boss_forbidden: bool = False
    store_trigger: str | None = None
    store_max: int = 0


@dataclass(frozen=True)
class HeroSide:
    stats: tuple[tuple[str, int], ...]  # (colour, dice) for yellow, pink, blue
    health: int
    feat: Skill
    skills: tuple[Skill, ...]


@dataclass(frozen=True)
class Hero:
    id: str
    name: str
    sides: dict = field(hash=False)  # "1P"/"2P" -> HeroSide


@dataclass(frozen=True)
class LevelSide:
    xp_to_next: int | None
    item_limit: int
    skill_limit: int
    bonus_dice: int


@dataclass(frozen=True)
class Potion:
    id: str
    name: str
    basic: bool
    timing: str  # any_time | encounter
    effects: tuple[Effect, ...]
    turn_start_effects: tuple[Effect, ...] | None = None


@dataclass(frozen=True)
class PerilOption:
    label: str
    colour: str
    time_cost: int
    box: Box


@dataclass(frozen=True)
class Loot:
    item: tuple[tuple[str, int], ...]  # (colour or "health", amount), non-zero only
    skill: Skill | None = None
    potion: str | None = None


@dataclass(frozen=True)
class Encounter:
    id: str
    name: str
    kind: str  # combat | peril
    xp: int
    loot: Loot
    boxes: tuple[Box, ...] = ()
    options: tuple[PerilOption, ...] = ()
    abilities: tuple[Ability, ...] = ()


@dataclass(frozen=True)
class Floor:
    abilities: tuple[Ability, ...]
    combat_boxes: tuple[Box, ...]
    peril_boxes: tuple[Box, ...]


@dataclass(frozen=True)
class Boss:
    name: str
    health: dict = field(hash=False)  # "1P"/"2P" -> int
    abilities: tuple[Ability, ...] = ()
    boxes: tuple[Box, ...] = ()


@dataclass(frozen=True)
class Dungeon:
    id: str
    name: str
    difficulty: int
    door_limit: int
    floors: tuple[Floor, ...]
    boss: Boss


@dataclass(frozen=True)
class CampaignProfile:
    id: str
    name: str
    potions: int = 0
    xp: int = 0
    stats: tuple[tuple[str, int], ...] = ()


@dataclass(frozen=True, eq=False)
class Content:
    """A whole card set. Look-ups by id: ``content.encounters["e01"]``."""

    name: str
    source: str
    heroes: dict
    levels: tuple  # index level-1 -> {"1P": LevelSide, "2P": LevelSide}
    potions: dict
    encounters: dict
    dungeons: dict
    campaign_profiles: dict

    @property
    def basic_potion(self) -> Potion:
        return next(p for p in self.potions.values() if p.basic)

    def every_box(self):
        """Every box printed in the set: encounters' boxes and peril options', bosses', and each
        floor's combat and peril boxes."""
        for e in self.encounters.values():
            yield from e.boxes
            yield from (o.box for o in e.options)
        for d in self.dungeons.values():
            yield from d.boss.boxes
            for f in d.floors:
                yield from f.combat_boxes + f.peril_boxes

    def skill(self, skill_id: str) -> Skill:
        """Any skill or feat of the set by id."""
        return self._skills()[skill_id]

    def _skills(self) -> dict:
        cache = self.__dict__.get("_skill_index")
        if cache is None:
            cache = {}
            for hero in self.heroes.values():
                for side in hero.sides.values():
                    for s in (side.feat, *side.skills):
                        cache[s.id] = s
            for e in self.encounters.values():
                if e.loot.skill:
                    cache[e.loot.skill.id] = e.loot.skill
            object.__setattr__(self, "_skill_index", cache)
        return cache


# -- loading ------------------------------------------------------------------------------------
class _Reader:
    """Walks the JSON with a path for error messages: 'file: encounter e07, boxes[1].target: ...'."""

    def __init__(self, source: str):
        self.source = source

    def fail(self, where: str, message: str):
        raise LoadError(f"{self.source}: {where}: {message}" if where else
                        f"{self.source}: {message}")

    def obj(self, data, where: str, required: tuple, optional: tuple = ()) -> dict:
        if not isinstance(data, dict):
            self.fail(where, f"expected an object, found {type(data).__name__}")
        for key in required:
            if key not in data:
                self.fail(where, f"field {key!r} is missing")
        extra = sorted(set(data) - set(required) - set(optional))
        if extra:
            self.fail(where, f"unknown field {extra[0]!r} (allowed: "
                             f"{', '.join(required + optional)})")
        return data

    def int(self, data, key, where, lo=0, hi=99, default=None):
        value = data.get(key, default)
        if not isinstance(value, int) or isinstance(value, bool) or not lo <= value <= hi:
            self.fail(where, f"field {key!r} must be a whole number from {lo} to {hi}, "
                             f"found {value!r}")
        return value

    def bool(self, data, key, where):
        value = data.get(key, False)
        if not isinstance(value, bool):
            self.fail(where, f"field {key!r} must be true or false, found {value!r}")
        return value

    def str(self, data, key, where, choices=None, ident=False):
        value = data.get(key)
        if not isinstance(value, str) or not value:
            self.fail(where, f"field {key!r} must be a non-empty string, found {value!r}")
        if choices is not None and value not in choices:
            self.fail(where, f"field {key!r} is {value!r}; allowed: {', '.join(choices)}")
        if ident and not re.fullmatch(r"[a-z0-9_-]+", value):
            self.fail(where, f"id {value!r} must use only a-z, 0-9, '_' and '-'")
        return value

    def list(self, data, key, where, lo=0, hi=999, required=True):
        value = data.get(key, None if required else [])
        if not isinstance(value, list) or not lo <= len(value) <= hi:
            self.fail(where, f"field {key!r} must be a list of {lo} to {hi} entries, "
                             f"found {value!r:.60}")
        return value

    # -- the schema --------------------------------------------------------------------------
    def box(self, data, where, allow_option=False, allow_skull=False) -> Box:
        d = self.obj(data, where, ("colour", "target"),
                     ("wide", "armor", "skull", "damage", "time", "poison"))
        colours = BOX_COLOURS if allow_option else BOX_COLOURS[:-1]
        colour = self.str(d, "colour", where, colours)
        wide = self.bool(d, "wide", where)
        target = self.int(d, "target", where, 1, 36 if wide else 6)
        skull = self.bool(d, "skull", where)
        if skull and not allow_skull:
            self.fail(where, "only a boss's boxes may be skull boxes")
        return Box(colour, target, wide, self.bool(d, "armor", where), skull,
                   self.int(d, "damage", where, 0, 9, 0), self.int(d, "time", where, 0, 9, 0),
                   self.int(d, "poison", where, 0, 9, 0))

    def effect(self, data, where, ops) -> Effect:
        d = self.obj(data, where, ("op",),
                     ("colour", "value", "count", "amount", "damage", "time", "target", "what"))
        op = self.str(d, "op", where, ops)
        needs = {"gain": ("colour", "value"), "roll": ("colour",), "increase": ("amount",),
                 "set": ("value",), "heal": ("amount",), "damage": ("amount",),
                 "spend_time": ("amount",), "exile": ("colour",), "poison": ("amount",),
                 "forbid": ("what",)}.get(op, ())
        for key in needs:
            if key not in d:
                self.fail(where, f"a {op!r} effect needs field {key!r}")
        colour = self.str(d, "colour", where, DICE_COLOURS) if "colour" in d else None
        value = self.int(d, "value", where, 1, 6) if "value" in d else None
        lo = -5 if op == "increase" else 0
        eff = Effect(op, colour, value, self.int(d, "count", where, 1, 6, 1),
                     self.int(d, "amount", where, lo, 9, 0), self.int(d, "damage", where, 0, 9, 0),
                     self.int(d, "time", where, 0, 9, 0),
                     self.str(d, "target", where, ("chosen_hero", "all_heroes"))
                     if "target" in d else "chosen_hero",
                     self.str(d, "what", where, ("potions", "skills", "conversion"))
                     if "what" in d else None)
        return eff

    def abilities(self, data, key, where) -> tuple:
        out = []
        for i, a in enumerate(self.list(data, key, where, required=False)):
            w = f"{where}, {key}[{i}]"
            a = self.obj(a, w, ("timing", "effects"))
            timing = self.str(a, "timing", w, TIMINGS)
            effects = tuple(self.effect(e, f"{w}.effects[{j}]", ABILITY_OPS[timing])
                            for j, e in enumerate(self.list(a, "effects", w, 1, 9)))
            out.append(Ability(timing, effects))
        return tuple(out)

    def skill(self, data, where, feat=False) -> Skill:
        optional = ("usable_in", "boss_forbidden", "store") if feat else ("usable_in",)
        d = self.obj(data, where, ("id", "name", "cost", "effects"), optional)
        w = f"{where} {d.get('id')!r}"
        c = self.obj(d["cost"], f"{w}, cost", ("kind",), ("colour", "n"))
        kind = self.str(c, "kind", f"{w}, cost", ("free", "dice_count", "dice_total", "potion"))
        if kind in ("dice_count", "dice_total"):
            cost = Cost(kind, self.str(c, "colour", f"{w}, cost", STAT_COLOURS),
                        self.int(c, "n", f"{w}, cost", 1, 30))
        else:
            if set(c) - {"kind"}:
                self.fail(f"{w}, cost", f"a {kind!r} cost takes no other field")
            cost = Cost(kind)
        effects = tuple(self.effect(e, f"{w}, effects[{j}]", SKILL_OPS)
                        for j, e in enumerate(self.list(d, "effects", w, 1, 9)))
        if feat and cost.kind not in ("free", "potion"):
            self.fail(f"{w}, cost", "a heroic feat is used before the dice are rolled (E2), "
                                    "so its cost is 'free' or 'potion'")
        if feat and any(e.op in ("increase", "set", "reroll", "discard") for e in effects):
            self.fail(f"{w}, effects", "a heroic feat is used before the dice are rolled (E2): "
                                       "it cannot change pool dice")
        store_trigger, store_max = None, 0
        if "store" in d:
            s = self.obj(d["store"], f"{w}, store", ("trigger", "max"))
            store_trigger = self.str(s, "trigger", f"{w}, store",
                                     ("flee", "explore", "encounter_end"))
            store_max = self.int(s, "max", f"{w}, store", 1, 6)
        return Skill(self.str(d, "id", w, ident=True), self.str(d, "name", w), cost, effects,
                     self.str(d, "usable_in", w, ("any", "combat", "peril"))
                     if "usable_in" in d else "any",
                     self.bool(d, "boss_forbidden", w), store_trigger, store_max)

    def stats(self, data, where, keys, lo=0) -> tuple:
        d = self.obj(data, where, (), keys)
        return tuple((k, self.int(d, k, where, lo, 9)) for k in keys if d.get(k, 0))


def load_content(path=None) -> Content:
    """Load a content file (default: the original set shipped with odd_nb, ``base.json``).

    ``path`` is a path to a card file, or the name of a set shipped in ``data/``:
    ``"base"`` or ``"expansion"`` (the base set with the Forest of Shadows hooks, poison and
    exile, on four cards; see ``data/SCHEMA.md``), with or without ``.json``. A file that exists
    at ``path`` wins over a shipped set of the same name.

    >>> load_content("expansion").name == load_content("expansion.json").name
    True
    >>> load_content("expansion").name != load_content().name
    True
    """
    path = _shipped(path) if path is not None else DATA_DIR / "base.json"
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as e:
        raise LoadError(f"{path}: cannot read the card file ({e.strerror})") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise LoadError(f"{path.name}: not valid JSON: {e}") from None
    return load_content_data(data, path.name)


def _shipped(path) -> Path:
    """``path`` itself, unless it names no file and a set shipped in ``DATA_DIR`` has that name."""
    path = Path(path)
    if path.exists() or path.name != str(path):
        return path
    for name in (path.name, path.name + ".json"):
        if name.endswith(".json") and (DATA_DIR / name).is_file():
            return DATA_DIR / name
    return path


def load_content_data(data, source: str = "<data>") -> Content:
    """Validate already-parsed JSON data and build the Content."""
    r = _Reader(source)
    top = r.obj(data, "", ("format", "version", "name", "heroes", "levels", "potions",
                           "encounters", "dungeons"), ("campaign_profiles",)) \
        if isinstance(data, dict) and data.get("format") == FORMAT else None
    if top is None:
        r.fail("", f"'format' must be {FORMAT!r}")
    if top["version"] != VERSION:
        r.fail("", f"version {top['version']!r} is not supported (this odd_nb reads {VERSION})")

    skills_seen: dict[str, Skill] = {}

    def unique_skill(skill: Skill, where: str) -> Skill:
        if skill.id in skills_seen and skills_seen[skill.id] != skill:
            r.fail(where, f"skill id {skill.id!r} is used for two different skills")
        return skills_seen.setdefault(skill.id, skill)

    def ids(items, where):
        seen = set()
        for i, item in enumerate(items):
            if not isinstance(item, dict):
                r.fail(f"{where}[{i}]", f"expected an object, found {type(item).__name__}")
            ident = r.str(item, "id", f"{where}[{i}]", ident=True)
            if ident in seen:
                r.fail(f"{where}[{i}]", f"id {ident!r} appears twice")
            seen.add(ident)

    heroes = {}
    ids(r.list(top, "heroes", "", 1), "heroes")
    for h in top["heroes"]:
        w = f"hero {h['id']!r}"
        r.obj(h, w, ("id", "name", "sides"))
        sides_data = r.obj(h["sides"], f"{w}, sides", SIDES)
        sides = {}
        for side in SIDES:
            ws = f"{w}, side {side}"
            sd = r.obj(sides_data[side], ws, ("stats", "feat", "skills"))
            st = r.obj(sd["stats"], f"{ws}, stats", ("health",), STAT_COLOURS)
            stats = r.stats({k: v for k, v in st.items() if k != "health"}, f"{ws}, stats",
                            STAT_COLOURS)
            if not stats:
                r.fail(f"{ws}, stats", "a hero needs at least one die (a yellow, pink or blue "
                                       "stat above 0)")
            for colour, n in stats:
                if n > FULL_SUPPLY[DICE_COLOURS.index(colour)]:
                    r.fail(f"{ws}, stats", f"field {colour!r} is {n}, more dice than the supply "
                                           f"holds ({FULL_SUPPLY[DICE_COLOURS.index(colour)]}, "
                                           f"§1)")
            sides[side] = HeroSide(
                stats,
                r.int(st, "health", f"{ws}, stats", 1, 30),
                unique_skill(r.skill(sd["feat"], f"{ws}, feat", feat=True), ws),
                tuple(unique_skill(r.skill(s, f"{ws}, skills[{i}]"), ws)
                      for i, s in enumerate(r.list(sd, "skills", ws, 0, 6))))
        heroes[h["id"]] = Hero(h["id"], r.str(h, "name", w), sides)

    levels = []
    for i, lv in enumerate(r.list(top, "levels", "", 4, 4)):
        w = f"levels[{i}]"
        r.obj(lv, w, ("level", "sides"))
        if lv["level"] != i + 1:
            r.fail(w, f"field 'level' must be {i + 1} (levels are listed in order)")
        sides_data = r.obj(lv["sides"], f"{w}, sides", SIDES)
        sides = {}
        for side in SIDES:
            ws = f"level {i + 1}, side {side}"
            sd = r.obj(sides_data[side], ws, ("xp_to_next", "item_limit", "skill_limit",
                                              "bonus_dice"))
            if i == 3:
                if sd["xp_to_next"] is not None:
                    r.fail(ws, "field 'xp_to_next' must be null on level 4 (the cap)")
                xp = None
            else:
                xp = r.int(sd, "xp_to_next", ws, 1, 99)
            sides[side] = LevelSide(xp, r.int(sd, "item_limit", ws, 0, 20),
                                    r.int(sd, "skill_limit", ws, 0, 20),
                                    r.int(sd, "bonus_dice", ws, 0, 6))
        levels.append(sides)

    potions = {}
    ids(r.list(top, "potions", "", 1), "potions")
    for p in top["potions"]:
        w = f"potion {p['id']!r}"
        r.obj(p, w, ("id", "name", "basic", "timing", "effects"), ("turn_start_effects",))
        effects = tuple(r.effect(e, f"{w}, effects[{j}]", SKILL_OPS)
                        for j, e in enumerate(r.list(p, "effects", w, 1, 9)))
        start = (tuple(r.effect(e, f"{w}, turn_start_effects[{j}]", SKILL_OPS)
                       for j, e in enumerate(r.list(p, "turn_start_effects", w, 1, 9)))
                 if "turn_start_effects" in p else None)
        potions[p["id"]] = Potion(p["id"], r.str(p, "name", w), r.bool(p, "basic", w),
                                  r.str(p, "timing", w, ("any_time", "encounter")), effects, start)
    if sum(p.basic for p in potions.values()) != 1:
        r.fail("potions", "exactly one potion must be the basic one (\"basic\": true)")

    encounters = {}
    ids(r.list(top, "encounters", "", 1), "encounters")
    if len(top["encounters"]) < MIN_ENCOUNTERS:
        r.fail("encounters", f"the deck holds {len(top['encounters'])} encounter(s); it needs "
                             f"at least {MIN_ENCOUNTERS} to fill a floor's doors (§5.3)")
    for e in top["encounters"]:
        w = f"encounter {e['id']!r}"
        kind = r.str(e, "kind", w, ("combat", "peril"))
        if kind == "combat":
            r.obj(e, w, ("id", "name", "kind", "xp", "boxes", "loot"), ("abilities",))
            boxes = tuple(r.box(b, f"{w}, boxes[{i}]")
                          for i, b in enumerate(r.list(e, "boxes", w, 1, 7)))
            options, abilities = (), r.abilities(e, "abilities", w)
        else:
            r.obj(e, w, ("id", "name", "kind", "xp", "options", "loot"))
            boxes, abilities = (), ()
            options = []
            for i, o in enumerate(r.list(e, "options", w, 2, 2)):
                wo = f"{w}, options[{i}]"
                r.obj(o, wo, ("label", "colour", "time_cost", "box"))
                options.append(PerilOption(r.str(o, "label", wo),
                                           r.str(o, "colour", wo, DICE_COLOURS),
                                           r.int(o, "time_cost", wo, 0, 9),
                                           r.box(o["box"], f"{wo}, box")))
            options = tuple(options)
        ld = r.obj(e["loot"], f"{w}, loot", ("item",), ("skill", "potion"))
        if ("skill" in ld) == ("potion" in ld):
            r.fail(f"{w}, loot", "the loot has either a 'skill' or a 'potion' (not both, not "
                                 "neither)")
        skill = unique_skill(r.skill(ld["skill"], f"{w}, loot.skill"), w) \
            if "skill" in ld else None
        potion = r.str(ld, "potion", f"{w}, loot") if "potion" in ld else None
        if potion is not None and (potion not in potions or potions[potion].basic):
            r.fail(f"{w}, loot", f"potion {potion!r} is not a non-basic potion of this set")
        item = r.stats(ld["item"], f"{w}, loot.item", STAT_COLOURS + ("health",))
        encounters[e["id"]] = Encounter(e["id"], r.str(e, "name", w), kind,
                                        r.int(e, "xp", w, 0, 9), Loot(item, skill, potion),
                                        boxes, options, abilities)

    dungeons = {}
    ids(r.list(top, "dungeons", "", 1), "dungeons")
    for d in top["dungeons"]:
        w = f"dungeon {d['id']!r}"
        r.obj(d, w, ("id", "name", "difficulty", "floors", "boss"), ("door_limit",))
        floors = []
        for i, f in enumerate(r.list(d, "floors", w, 3, 3)):
            wf = f"{w}, floor {i + 1}"
            r.obj(f, wf, (), ("abilities", "combat_boxes", "peril_boxes"))
            floors.append(Floor(
                r.abilities(f, "abilities", wf),
                tuple(r.box(b, f"{wf}, combat_boxes[{j}]")
                      for j, b in enumerate(r.list(f, "combat_boxes", wf, required=False))),
                tuple(r.box(b, f"{wf}, peril_boxes[{j}]", allow_option=True)
                      for j, b in enumerate(r.list(f, "peril_boxes", wf, required=False)))))
        wb = f"{w}, boss"
        b = r.obj(d["boss"], wb, ("name", "health", "boxes"), ("abilities",))
        health = r.obj(b["health"], f"{wb}, health", SIDES)
        boss = Boss(r.str(b, "name", wb),
                    {s: r.int(health, s, f"{wb}, health", 1, 99) for s in SIDES},
                    r.abilities(b, "abilities", wb),
                    tuple(r.box(x, f"{wb}, boxes[{j}]", allow_skull=True)
                          for j, x in enumerate(r.list(b, "boxes", wb, 1, 9))))
        if not any(x.skull for x in boss.boxes):
            r.fail(wb, "a boss needs at least one skull box, or it can never be defeated")
        dungeons[d["id"]] = Dungeon(d["id"], r.str(d, "name", w), r.int(d, "difficulty", w, 1, 3),
                                    r.int(d, "door_limit", w, 1, 9, 4), tuple(floors), boss)

    profiles = {}
    ids(r.list(top, "campaign_profiles", "", required=False), "campaign_profiles")
    for p in top.get("campaign_profiles", []):
        w = f"campaign profile {p['id']!r}"
        r.obj(p, w, ("id", "name"), ("potions", "xp", "stats"))
        profiles[p["id"]] = CampaignProfile(
            p["id"], r.str(p, "name", w), r.int(p, "potions", w, 0, 6, 0),
            r.int(p, "xp", w, 0, 30, 0),
            r.stats(p.get("stats", {}), f"{w}, stats", STAT_COLOURS + ("health",)))

    return Content(r.str(top, "name", ""), source, heroes, tuple(levels), potions, encounters,
                   dungeons, profiles)
