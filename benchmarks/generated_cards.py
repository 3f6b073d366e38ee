"""A seeded One Deck Dungeon card file whose combat cards have two or three wide boxes.

    python benchmarks/generated_cards.py --seed 27 --out wide_cards.json
    python benchmarks/odds_in_play.py --content generated --cards wide_cards.json

A whole set in the card schema (``odd_nb/games/one_deck/data/SCHEMA.md``), made from the seed
alone: heroes, the level cards, potions, 26 combat cards and 18 perils (as many as the base
set), four dungeons and a campaign profile. Every combat card has two or three wide boxes (§4 of
docs/rules/one-deck-dungeon.md), half of them each, beside one to three small boxes; a boss has
two or three wide boxes too, beside its skull boxes. Floors add small boxes only, so a combat's
wide boxes are its card's. Names are made of the word lists below (our own; no publisher's
text). The set is for measuring the odds on wide boxes, not balanced for play.

>>> cards = generated_cards(seed=1)
>>> from odd_nb.games.one_deck.content import load_content_data
>>> content = load_content_data(cards, "generated")
>>> sorted({sum(b.wide for b in e.boxes) for e in content.encounters.values()
...         if e.kind == "combat"})
[2, 3]
>>> generated_cards(seed=1) == cards
True
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

STATS = ("yellow", "pink", "blue")
COMBATS = 26  # the base set's numbers of combat cards and perils
PERILS = 18
DEFAULT_SEED = 27

# Our own words for names: foe = one of FOE_WORDS + one of FOES, peril = PLACE_WORDS + PLACES.
FOE_WORDS = ("Ashen", "Brackish", "Cinder", "Dusk", "Fen", "Gloam", "Grit", "Hollow", "Knotted",
             "Lichen", "Murk", "Pale", "Rust", "Sallow", "Slate", "Thorn", "Umber", "Wick",
             "Bitter", "Clay", "Frost", "Hush", "Moth", "Salt")
FOES = ("Gnawer", "Lurker", "Stalker", "Husk", "Warden", "Crawler", "Hound", "Wisp", "Brute",
        "Shrike", "Maw", "Drudge", "Sentry", "Creeper", "Hulk", "Scuttler")
PLACE_WORDS = ("Crumbling", "Flooded", "Tilted", "Whispering", "Scalding", "Sealed", "Mossy",
               "Narrow", "Sunken", "Creaking", "Smoky", "Shifting")
PLACES = ("Stair", "Ledge", "Sluice", "Vault", "Gallery", "Chute", "Bridge", "Shaft", "Cistern",
          "Passage", "Archway", "Pit")
HERO_NAMES = ("Oda Flintwhistle", "Merrit Coalbrand", "Sefa Nightmoor", "Tobin Ashgrove",
              "Ilse Brackwater")
BOSS_NAMES = ("Mother of Cinders", "The Knotted King", "Old Gloamtooth", "The Slate Choir")
DUNGEON_NAMES = ("Rustwell Tunnels", "Brinegate Depths", "Hollowmere Vaults", "The Umber Sink")
SKILL_WORDS = ("Steady", "Quick", "Deep", "Bright", "Second", "Iron", "Cold", "Wild")
SKILL_NOUNS = ("Breath", "Hand", "Focus", "Grip", "Step", "Ward", "Spark", "Sight")
VERBS = {"yellow": ("Force it", "Heave", "Smash through"),
         "pink": ("Leap", "Slip past", "Tiptoe"),
         "blue": ("Ward it", "Read the signs", "Dispel")}


def generated_cards(seed: int = DEFAULT_SEED, combats: int = COMBATS, perils: int = PERILS) -> dict:
    """The card data (parsed JSON) of a set made from ``seed``; the same seed, the same data.

    >>> cards = generated_cards(seed=3, combats=4, perils=2)
    >>> [e["kind"] for e in cards["encounters"]]
    ['combat', 'combat', 'combat', 'combat', 'peril', 'peril']
    """
    rng = random.Random(seed)
    names = Names(rng)
    potions = _potions()
    encounters = [_combat(rng, i, combats, names, potions) for i in range(combats)]
    encounters += [_peril(rng, combats + i, names, potions) for i in range(perils)]
    return {
        "format": "odd_nb.one_deck.content", "version": 1,
        "name": f"Generated wide-box set (seed {seed})",
        "heroes": [_hero(rng, i, name) for i, name in enumerate(HERO_NAMES)],
        "levels": _levels(),
        "potions": potions,
        "encounters": encounters,
        "dungeons": [_dungeon(rng, i, difficulty) for i, difficulty in enumerate((1, 2, 2, 3))],
        "campaign_profiles": [{"id": "hardy", "name": "Hardy Start", "potions": 1,
                               "stats": {"health": 1}}],
    }


class Names:
    """Names not given twice in a set: ``Names(rng).foe()`` is e.g. ``"Rust Warden"``."""

    def __init__(self, rng: random.Random):
        self.rng, self.used = rng, set()

    def pick(self, first: tuple, second: tuple) -> str:
        while True:
            name = f"{self.rng.choice(first)} {self.rng.choice(second)}"
            if name not in self.used:
                self.used.add(name)
                return name

    def foe(self) -> str:
        return self.pick(FOE_WORDS, FOES)

    def place(self) -> str:
        return self.pick(PLACE_WORDS, PLACES)

    def skill(self) -> str:
        return self.pick(SKILL_WORDS, SKILL_NOUNS)


# -- boxes ----------------------------------------------------------------------------------------
def box(colour: str, target: int, wide=False, armor=False, skull=False, damage=0, time=0) -> dict:
    """A box as the schema writes it (defaults left out): ``box("pink", 9, wide=True,
    damage=1)`` is ``{"colour": "pink", "target": 9, "wide": True, "damage": 1}``."""
    d = {"colour": colour, "target": target}
    d.update((k, v) for k, v in (("wide", wide), ("armor", armor), ("skull", skull),
                                 ("damage", damage), ("time", time)) if v)
    return d


def consequence(rng: random.Random, tier: int) -> dict:
    """Hearts and hourglasses of an uncovered box: at least one of them, two hearts only from
    tier 3 (so that a hero of five dice survives a few cards of several wide boxes)."""
    if rng.random() < 0.5:
        return {"time": 1}
    return {"damage": 1 + (tier == 3 and rng.random() < 0.3), "time": int(rng.random() < 0.2)}


def wide_box(rng: random.Random, low: int, high: int, tier: int) -> dict:
    colour = rng.choice(STATS + ("any",))
    return box(colour, rng.randint(low, high), wide=True, **consequence(rng, tier))


def small_box(rng: random.Random, tier: int, armor=False) -> dict:
    colour = rng.choices(STATS + ("any", "black"), weights=(5, 5, 5, 1, 1))[0]
    target = rng.randint(1 + tier, min(6, 4 + tier)) if colour != "black" else rng.randint(3, 4)
    return box(colour, target, armor=armor, **consequence(rng, tier))


# -- cards ----------------------------------------------------------------------------------------
WIDE_TARGETS = {1: (3, 7), 2: (5, 9), 3: (7, 12)}  # by tier: two or three share the dice


def _combat(rng, i: int, combats: int, names: Names, potions: list) -> dict:
    """Combat card ``i`` of ``combats``: its tier (1-3) rises with ``i``; two wide boxes on even
    ``i``, three on odd, one to three small boxes (at most five boxes in all), from tier 2
    sometimes an armor box among them."""
    tier = 1 + 3 * i // combats
    wide = 2 + i % 2
    small = rng.randint(1, 5 - wide)
    armor = tier > 1 and rng.random() < 0.35  # then the first small box is an armor box
    boxes = [wide_box(rng, *WIDE_TARGETS[tier], tier) for _ in range(wide)]
    boxes += [small_box(rng, tier) for _ in range(small - armor)]
    rng.shuffle(boxes)
    if armor:  # printed first on the card
        boxes.insert(0, small_box(rng, tier, armor=True))
    card = {"id": f"e{i + 1:02d}", "name": names.foe(), "kind": "combat", "xp": tier + wide - 2,
            "boxes": boxes, "loot": _loot(rng, names, potions, f"e{i + 1:02d}")}
    if rng.random() < 0.3:
        card["abilities"] = [_foe_ability(rng)]
    return card


def _foe_ability(rng) -> dict:
    return rng.choice([
        {"timing": "on_start", "effects": [{"op": "spend_time", "amount": 1}]},
        {"timing": "on_start", "effects": [{"op": "damage", "amount": 1}]},
        {"timing": "on_roll", "effects": [{"op": "discard", "value": 1,
                                           "colour": rng.choice(STATS)}]},
        {"timing": "continuous", "effects": [{"op": "forbid",
                                              "what": rng.choice(("potions", "skills"))}]},
    ])


def _peril(rng, i: int, names: Names, potions: list) -> dict:
    """A peril: two options of different colours, the cheaper in time the harder; one of three
    perils has a wide box on an option."""
    first, second = rng.sample(STATS, 2)
    cost = rng.randint(0, 1)
    options = []
    for k, colour in enumerate((first, second)):
        wide = k == 0 and rng.random() < 0.35
        target = rng.randint(10, 15) if wide else rng.randint(5, 6) - k
        options.append({"label": rng.choice(VERBS[colour]), "colour": colour,
                        "time_cost": cost + 2 * k,
                        "box": box(colour, target, wide=wide, **consequence(rng, 2))})
    return {"id": f"e{i + 1:02d}", "name": names.place(), "kind": "peril",
            "xp": rng.randint(1, 3), "options": options,
            "loot": _loot(rng, names, potions, f"e{i + 1:02d}")}


def _loot(rng, names: Names, potions: list, card: str) -> dict:
    """An item (+1 to a stat or health) and a skill, or one time in four a potion."""
    item = {"yellow": 0, "pink": 0, "blue": 0, "health": 0}
    item[rng.choice(STATS + ("health",))] = 1
    if rng.random() < 0.25:
        return {"item": item, "potion": rng.choice([p["id"] for p in potions if not p["basic"]])}
    return {"item": item, "skill": _skill(rng, f"s_{card}", names.skill())}


def _skill(rng, sid: str, name: str) -> dict:
    """A skill from a few kinds the schema allows (§7): reroll, increase, gain, prevent, heal."""
    colour, other = rng.sample(STATS, 2)
    cost, effects, usable = rng.choice([
        ({"kind": "free"}, [{"op": "reroll", "colour": colour}], "any"),
        ({"kind": "free"}, [{"op": "increase", "amount": 1, "colour": colour}], "combat"),
        ({"kind": "dice_count", "colour": other, "n": 1},
         [{"op": "gain", "colour": colour, "value": rng.randint(3, 5)}], "any"),
        ({"kind": "dice_count", "colour": colour, "n": 1},
         [{"op": "prevent", "damage": 1, "time": 0}], "combat"),
        ({"kind": "dice_total", "colour": "blue", "n": rng.randint(4, 6)},
         [{"op": "heal", "amount": 1}], "any"),
        ({"kind": "potion"}, [{"op": "set", "value": 6, "colour": colour}], "any"),
    ])
    return {"id": sid, "name": name, "cost": cost, "usable_in": usable, "effects": effects}


def _hero(rng, i: int, name: str) -> dict:
    """Hero ``i``: five dice, three of one stat (1P); the 2P side has one health less."""
    main = STATS[i % 3]
    stats = {c: (3 if c == main else 1) for c in STATS}
    health = rng.randint(6, 8)
    sides = {}
    for side, extra in (("1P", 0), ("2P", -1)):
        feat = {"id": f"f_h{i + 1}_{side.lower()}", "name": f"{name.split()[0]}'s Resolve",
                "cost": {"kind": rng.choice(("free", "potion"))},
                "effects": [{"op": "roll", "colour": "black", "count": 1 + (side == "1P")}],
                "boss_forbidden": side == "2P"}
        skill = _skill(rng, f"hs_h{i + 1}_{side.lower()}", f"{name.split()[0]}'s Knack")
        sides[side] = {"stats": {**stats, "health": health + extra}, "feat": feat,
                       "skills": [skill]}
    return {"id": f"h{i + 1}", "name": name, "sides": sides}


def _levels() -> list:
    """The level cards: the figures of §8 (the same on both sides)."""
    rows = ((6, 2, 1, 0), (8, 3, 2, 1), (10, 4, 3, 2), (None, 5, 4, 3))
    return [{"level": n + 1, "sides": {side: dict(zip(("xp_to_next", "item_limit", "skill_limit",
                                                       "bonus_dice"), row))
                                       for side in ("1P", "2P")}}
            for n, row in enumerate(rows)]


def _potions() -> list:
    return [
        {"id": "p_basic", "name": "Marsh Tea", "basic": True, "timing": "any_time",
         "effects": [{"op": "heal", "amount": 2}],
         "turn_start_effects": [{"op": "heal", "amount": 3}]},
        {"id": "p_mend", "name": "Mending Syrup", "basic": False, "timing": "any_time",
         "effects": [{"op": "heal", "amount": 3}]},
        {"id": "p_spark", "name": "Jarred Spark", "basic": False, "timing": "encounter",
         "effects": [{"op": "gain", "colour": "black", "value": 5}]},
        {"id": "p_shell", "name": "Shell Tonic", "basic": False, "timing": "encounter",
         "effects": [{"op": "prevent", "damage": 2, "time": 0}]},
    ]


def _dungeon(rng, i: int, difficulty: int) -> dict:
    """Dungeon ``i``: three floors of one small box each (combat and peril), and a boss with
    two or three wide boxes, two to four skull boxes and one or two more small boxes (an armor
    box from difficulty 2); boss health rises with the difficulty (SCHEMA.md)."""
    floors = []
    for f in range(3):
        floor = {"abilities": [],
                 "combat_boxes": [box(rng.choice(STATS), 3 + f, damage=1)],
                 "peril_boxes": [box("option", 3 + f, time=1)]}
        if f == 1 and difficulty > 1:
            floor["abilities"] = [{"timing": "on_start",
                                   "effects": [{"op": "spend_time", "amount": 1}]}]
        floors.append(floor)
    boxes = [box(rng.choice(STATS), 4, armor=True, damage=1)] if difficulty > 1 else []
    boxes += [wide_box(rng, 8, 16, 3) for _ in range(rng.randint(2, 3))]
    boxes += [box(rng.choice(STATS + ("any",)), rng.randint(4, 6), skull=True)
              for _ in range(rng.randint(2, 4))]
    boxes += [small_box(rng, 3) for _ in range(rng.randint(1, min(2, 9 - len(boxes))))]  # <= 9
    boss = {"name": BOSS_NAMES[i], "health": {"1P": 6 + 3 * (difficulty > 1 and i > 1),
                                              "2P": 13 + 7 * (difficulty > 1 and i > 1)},
            "boxes": boxes}
    if difficulty > 1:
        boss["abilities"] = [{"timing": "on_start", "effects": [{"op": "damage", "amount": 1}]}]
    return {"id": f"d{i + 1}", "name": DUNGEON_NAMES[i], "difficulty": difficulty,
            "door_limit": 4, "floors": floors, "boss": boss}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED)
    parser.add_argument("--out", type=Path, help="the file to write (default: standard output)")
    args = parser.parse_args()
    text = json.dumps(generated_cards(args.seed), indent=1, ensure_ascii=False) + "\n"
    if args.out is None:
        sys.stdout.write(text)
    else:
        args.out.write_text(text, encoding="utf-8")
        print(f"wrote {args.out} (seed {args.seed})")


if __name__ == "__main__":
    main()
