"""Encounters, phase by phase (rules §4, §6, §10): E0 start, E1 peril choice, E2 heroic feats,
E3 gather and roll, E4 placing dice, E5 consequences; E6 loot is in ``loot.py``.

Phases of the state: ``peril`` (E1), ``feats`` (E2), ``rolling`` (E3, chance), ``dice`` (E4),
``round end`` (a boss round's ☠ damage, settled without a decision).

Manual placement is a sequence of ordinary actions: each ``Place`` puts one die on one box, and
``done`` ends E4. A die on a box stays there (A12); the timeline's undo is the way back.
"""

from __future__ import annotations

from dataclasses import replace
from collections import Counter

from . import effects
from .actions import DONE, ChooseOption, Convert, Discard, Place, RollDice
from .content import STAT_COLOURS
from .dice import INDEX, covered, give_back, may_place, pool_add, pool_remove, take, why_not

ENCOUNTER_PHASES = ("peril", "feats", "rolling", "dice", "round end")
SETTLING_PHASES = ("rolling", "round end")


# -- E0 / E1: starting an encounter ---------------------------------------------------------------
def begin(d) -> None:
    """Start the encounter with the card at hand (or a boss round): E0 for a combat, E1 for a
    peril."""
    n = len(d.heroes)
    d.pools, d.used, d.prevented, d.option = ((),) * n, (), (0, 0), None
    if d.in_boss_fight:  # §10, A27: only the boss side's boxes and abilities
        d.card = None
        set_boxes(d, d.dungeon_card.boss.boxes)
    elif d.encounter_card.kind == "peril":
        d.boxes = d.placed = ()
        d.phase = "peril"
        return
    else:  # combat: the card's boxes plus every revealed floor's combat boxes (§9)
        floors = d.dungeon_card.floors[:d.floor]
        set_boxes(d, d.encounter_card.boxes + tuple(b for f in floors for b in f.combat_boxes))
    d.phase = "feats"
    effects.run_ability(d, d.active_abilities("on_start"))  # E0


def set_boxes(d, boxes) -> None:
    d.boxes = tuple(boxes)
    d.placed = ((),) * len(d.boxes)


def choose_option(d, i: int) -> None:
    """E1: pay the chosen option's time; the other option's box is ignored. Dungeon peril boxes
    of colour "option" take the chosen colour (A10)."""
    opt = d.encounter_card.options[i]
    floors = d.dungeon_card.floors[:d.floor]
    floor_boxes = tuple(replace(b, colour=opt.colour) if b.colour == "option" else b
                        for f in floors for b in f.peril_boxes)
    set_boxes(d, (opt.box,) + floor_boxes)
    d.option = i
    d.time_due += opt.time_cost
    d.phase = "feats"


# -- E3: gather and roll --------------------------------------------------------------------------
def roll_options(s) -> list:
    """How the level's bonus black dice may be shared between heroes, and, when the supply is
    short of a colour both heroes need, who gathers first (E3, A9)."""
    bonus = s.level_side.bonus_dice
    if len(s.heroes) == 1:
        return [RollDice((bonus,))]
    names = tuple(s.hero_card(h).name for h in range(2))
    demand = {c: sum(s.stat(h, c) for h in range(2)) for c in gathered_colours(s)}
    demand["black"] = demand.get("black", 0) + bonus
    short = any(n > s.supply[INDEX[c]] for c, n in demand.items())
    firsts = (0, 1) if short else (None,)
    return [RollDice((k, bonus - k), first, names)
            for first in firsts for k in range(bonus, -1, -1)]


def gathered_colours(s) -> tuple:
    """A combat rolls every stat colour; a peril only the chosen option's (E3)."""
    if s.option is None:
        return STAT_COLOURS
    colour = s.encounter_card.options[s.option].colour
    return (colour,) if colour != "black" else ()


def gather_and_roll(d, action: RollDice) -> None:
    """E3: one die per stat icon while the supply lasts; the first hero gathers everything first
    (seat order unless the party chose). Bonus and feat dice are black and rolled in perils too
    (A8)."""
    order = (0, 1) if action.first in (None, 0) else (1, 0)
    for h in order[:len(d.heroes)]:
        for colour in gathered_colours(d):
            d.gain_dice(h, colour, d.stat(h, colour))
        d.gain_dice(h, "black", action.bonus[h])
    d.phase = "rolling"


# -- E4: placing dice -----------------------------------------------------------------------------
def armor_open(s) -> bool:
    """§4, A11: an uncovered armor box among the active boxes."""
    return any(b.armor and not covered(b, dice) for b, dice in zip(s.boxes, s.placed))


def placements(s) -> list:
    acts = []
    armor = armor_open(s)
    for h, pool in enumerate(s.pools):
        who = s.hero_name(h)
        for die in sorted(set(pool)):
            for i, (box, dice) in enumerate(zip(s.boxes, s.placed)):
                if may_place(box, dice, die, armor):
                    acts.append(Place(h, die, i, who, str(box)))
    return acts


def conversions(s) -> list:
    """§4, A7: two pool dice become one black die of the lower value, if the supply then holds a
    black die. A hero trades two of their own dice and keeps the black die; in 2P, when each
    hero gives one, the party picks who receives it. Two black dice only when that can help
    (``black_pairs_help``)."""
    if s.forbidden("conversion"):
        return []
    black_pairs = black_pairs_help(s)
    held = sorted(Counter((h, die) for h, pool in enumerate(s.pools) for die in pool).items())
    who = tuple(s.hero_card(h).name for h in range(len(s.heroes))) if len(s.heroes) > 1 else ()
    acts = []
    for i, (first, copies) in enumerate(held):
        for second in ([first] if copies > 1 else []) + [b for b, _ in held[i + 1:]]:
            colours = (first[1][0], second[1][0])
            if colours == ("black", "black") and not black_pairs or \
                    s.supply[3] == 0 and "black" not in colours:
                continue
            receivers = (first[0],) if first[0] == second[0] else range(len(s.heroes))
            acts += [Convert(first, second, to, who) for to in receivers]
    return acts


def black_pairs_help(s) -> bool:
    """Whether converting two black dice can help (§4: "any two dice"): its only gain is the
    black die it frees for the supply (two go back, one comes out), and in E4 discarding the
    lower of the two frees it too and keeps the higher. So only in E2, where nothing is
    discarded, and only while the supply holds fewer black dice than the level's bonus dice the
    roll will gather (E3).

    >>> from types import SimpleNamespace as Position
    >>> level_3 = Position(bonus_dice=2)
    >>> black_pairs_help(Position(phase="feats", supply=(8, 8, 8, 1), level_side=level_3))
    True
    >>> black_pairs_help(Position(phase="dice", supply=(8, 8, 8, 1), level_side=level_3))
    False
    """
    return s.phase == "feats" and s.supply[3] < s.level_side.bonus_dice


def convert(d, a: Convert) -> None:
    (h1, d1), (h2, d2) = a.first, a.second
    d.set_pool(h1, pool_remove(d.pools[h1], d1))
    d.set_pool(h2, pool_remove(d.pools[h2], d2))
    d.supply = give_back(d.supply, (d1, d2))  # the two dice return first (A7)
    d.supply, _ = take(d.supply, "black", 1)
    d.set_pool(a.to, pool_add(d.pools[a.to], ("black", min(d1[1], d2[1]))))


def discards(s) -> list:
    return [Discard(h, die, s.hero_name(h)) for h, pool in enumerate(s.pools)
            for die in sorted(set(pool))]


# -- E5: consequences -----------------------------------------------------------------------------
def consequences(d) -> None:
    """E5: hearts and hourglasses of uncovered boxes, less what was prevented (A25)."""
    open_boxes = [b for b, dice in zip(d.boxes, d.placed) if not covered(b, dice)]
    damage = max(0, sum(b.damage for b in open_boxes) - d.prevented[0])
    time = max(0, sum(b.time for b in open_boxes) - d.prevented[1])
    effects.run_ability(d, d.active_abilities("on_consequences"))
    d.deal_damage(damage)
    if d.outcome:  # the damage lost the game (§11): it is over, no loot or round end follows
        return
    if d.in_boss_fight:
        d.phase = "round end"  # §10: time is ignored in the boss fight
    else:
        d.time_due += time
        d.poison += sum(b.poison for b in open_boxes)
        d.phase = "loot"


def finish(d) -> None:
    """End of an encounter: pool and box dice go back to the supply (§3)."""
    d.supply = give_back(d.supply, [die for pool in d.pools for die in pool]
                         + [die for dice in d.placed for die in dice])
    d.pools = ((),) * len(d.heroes)
    d.boxes = d.placed = d.used = ()
    d.prevented, d.option, d.card = (0, 0), None, None


def end(d) -> None:
    """After loot: dice return, feats may store a die, and the turn ends (§6 E6)."""
    finish(d)
    effects.store_dice(d, "encounter_end")
    d.turn += 1
    d.phase = "turn start"


def settle(d) -> None:
    if d.phase == "rolling":  # after E3: roll-triggered abilities, then E4
        effects.run_ability(d, d.active_abilities("on_roll"))
        d.phase = "dice"
    elif d.phase == "round end":  # §10, A19: covered skull boxes hurt the boss
        hits = sum(1 for b, dice in zip(d.boxes, d.placed) if b.skull and covered(b, dice))
        d.boss_damage += hits
        finish(d)
        if d.boss_damage >= d.dungeon_card.boss.health[d.side]:
            d.outcome, d.phase = "won", "over"
        else:
            begin(d)


# -- the phase's actions --------------------------------------------------------------------------
def legal(s) -> list:
    if s.phase == "peril":
        return [ChooseOption(i, f"{o.label} ({o.colour}, {o.time_cost} time; box {o.box})")
                for i, o in enumerate(s.encounter_card.options)]
    if s.phase == "feats":
        return (effects.skill_uses(s, feats=True) + conversions(s) + effects.any_time(s)
                + roll_options(s))
    if s.phase == "dice":
        return (placements(s) + effects.skill_uses(s, feats=False) + conversions(s)
                + effects.any_time(s) + discards(s) + [DONE])
    return []


def apply(d, action) -> None:
    if isinstance(action, Place):
        d.set_pool(action.hero, pool_remove(d.pools[action.hero], action.die))
        d.placed = (d.placed[:action.box] + (d.placed[action.box] + (action.die,),)
                    + d.placed[action.box + 1:])
    elif isinstance(action, Convert):
        convert(d, action)
    elif isinstance(action, Discard):  # §4 voluntary discard
        d.set_pool(action.hero, pool_remove(d.pools[action.hero], action.die))
        d.supply = give_back(d.supply, (action.die,))
    elif isinstance(action, ChooseOption):
        choose_option(d, action.option)
    elif isinstance(action, RollDice):
        gather_and_roll(d, action)
    elif action == DONE:
        consequences(d)


def explain(s, action) -> str | None:
    """Why a Place is illegal, in the rules' words (other actions get a generic reason)."""
    if not isinstance(action, Place):
        return None
    if s.phase != "dice":
        return "dice are placed only after rolling, during the encounter (E4)"
    if not 0 <= action.hero < len(s.pools) or action.die not in s.pools[action.hero]:
        return f"there is no {action.die[0]} {action.die[1]} in that hero's pool"
    if not 0 <= action.box < len(s.boxes):
        return f"there is no box {action.box + 1}; the encounter has {len(s.boxes)} boxes"
    return why_not(s.boxes[action.box], s.placed[action.box], action.die, armor_open(s))
