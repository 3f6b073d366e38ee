"""Plain-English words for the play board (odd_nb/games/one_deck/words.py): every skill, feat,
potion, item, ability, box and loot choice of both shipped card sets can be read, and the words
say what the engine does. Rules references (§n, An) are to docs/rules/one-deck-dungeon.md."""

import dataclasses
import random

import pytest

import odd_nb
from odd_nb.games.one_deck import words as W
from odd_nb.games.one_deck.actions import TakeLoot
from odd_nb.games.one_deck.content import (ABILITY_OPS, SKILL_OPS, Ability, Box, Cost, Effect,
                                           Potion, Skill)
from odd_nb.games.one_deck.state import HeroState

SETS = {"base": odd_nb.load_game("one-deck-dungeon").content,
        "expansion": odd_nb.load_game("one-deck-dungeon", content="expansion").content}
ALL_OPS = set(SKILL_OPS) | {op for ops in ABILITY_OPS.values() for op in ops}


def readable(text: str) -> str:
    """Words fit for the board: a non-empty string, no Python None, no raw data names (those
    all have underscores: spend_time, chosen_hero, dice_total, on_start, any_time ...)."""
    assert isinstance(text, str) and text.strip(), text
    assert "None" not in text, text
    assert "_" not in text, text
    assert not any(op in text.split() for op in ALL_OPS if "_" in op), text
    return text


def feats(c):
    return [side.feat for hero in c.heroes.values() for side in hero.sides.values()]


def skills(c):
    printed = [s for hero in c.heroes.values() for side in hero.sides.values()
               for s in side.skills]
    return printed + [e.loot.skill for e in c.encounters.values() if e.loot.skill]


def abilities(c):
    """(ability, is a boss's) of every encounter, floor and boss."""
    for e in c.encounters.values():
        yield from ((a, False) for a in e.abilities)
    for d in c.dungeons.values():
        yield from ((a, False) for f in d.floors for a in f.abilities)
        yield from ((a, True) for a in d.boss.abilities)


# -- every card of both shipped sets --------------------------------------------------------------
@pytest.mark.parametrize("name", SETS)
def test_every_skill_and_feat_has_words(name):
    """§7 (costs, effect verbs, the combat/peril mark, once per encounter, A18) and E2 (feats:
    before the roll, the ☠ mark, stored dice)."""
    c = SETS[name]
    for skill, feat in [(s, False) for s in skills(c)] + [(f, True) for f in feats(c)]:
        w = W.skill_words(skill, feat=feat)
        assert set(w) == {"name", "cost", "effect", "when"}
        assert w["name"] == skill.name
        for value in w.values():
            readable(value)
        assert ("before the roll" in w["when"]) == feat
        assert ("not against the boss" in w["when"]) == skill.boss_forbidden


@pytest.mark.parametrize("name", SETS)
def test_every_potion_has_words(name):
    """§7 potions and A20 (when each may be drunk; the basic potion heals more at turn start)."""
    for potion in SETS[name].potions.values():
        text = readable(W.potion_words(potion))
        assert text.endswith(W.potion_timing_words(potion))
        assert ("at the start of a turn" in text) == bool(potion.turn_start_effects)


@pytest.mark.parametrize("name", SETS)
def test_every_item_has_words(name):
    """§6 E6 items and §11: every stat icon of an item card shows, with its count."""
    for e in SETS[name].encounters.values():
        text = readable(W.item_words(e.loot.item))
        for what, n in e.loot.item:
            assert f"+{n} {what}" in text


@pytest.mark.parametrize("name", SETS)
def test_every_ability_has_words(name):
    """A23: every encounter, floor and boss ability with its timing; §12 poison and exile (the
    expansion set)."""
    seen = set()
    for ability, boss in abilities(SETS[name]):
        text = readable(W.ability_words(ability, boss=boss))
        assert text.startswith(W.ability_timing_words(ability.timing, boss) + ": ")
        seen |= {e.op for e in ability.effects}
    assert {"damage", "spend_time", "discard", "forbid"} <= seen
    if name == "expansion":
        assert {"poison", "exile"} <= seen


@pytest.mark.parametrize("name", SETS)
def test_every_box_has_words(name):
    """§4 (small and wide boxes, black is wild, armor first A11), A10 (option colour), §6 E5
    (the cost of an uncovered box), §10 (skull boxes) and §12 (poison icons)."""
    for box in SETS[name].every_box():
        text = readable(W.box_words(box))
        assert ("armor" in text) == box.armor and ("skull" in text) == box.skull
        assert ("adding up to" in text) == box.wide
        assert (f"{box.damage} damage" in text) == bool(box.damage)
        assert ("poison" in text) == bool(box.poison)


def test_every_effect_verb_the_loader_accepts_has_words():
    """§14 / SCHEMA.md: the words know exactly the verbs the loader accepts, each where the
    engine runs it (skills: effects.run_effect; abilities: effects.run_ability, A23)."""
    assert set(W.SKILL_VERBS) == set(SKILL_OPS)
    assert set(W.ABILITY_VERBS) == {op for ops in ABILITY_OPS.values() for op in ops}
    full = dict(colour="yellow", value=3, count=2, amount=1, damage=1, time=1, what="skills")
    for op in W.SKILL_VERBS:
        readable(W.effect_words(Effect(op, **full)))
    for op in W.ABILITY_VERBS:
        for source in ("ability", "boss"):
            readable(W.effect_words(Effect(op, **full), source))


# -- exact sentences of real cards ----------------------------------------------------------------
BASE = SETS["base"]


def test_a_magic_skill_with_two_effects():
    """§7: a magic cost is a blue total, black dice pay any colour; effects apply in printed
    order; a reroll of count 2 is "up to" two dice (effects.targets)."""
    assert W.skill_words(BASE.skill("mind_over_matter")) == {
        "name": "Mind Over Matter",
        "cost": "pay blue or black dice adding up to 6 or more",
        "effect": "reroll up to 2 pool dice, then raise one pool die by 1 (6 at most)",
        "when": "once per encounter, after the roll"}


def test_strength_cost_and_colour_filtered_set():
    """§7: a strength or agility cost counts dice, whatever their values; a colour filter on an
    effect is strict (effects.targets: black does not count)."""
    assert W.cost_words(BASE.skill("heavy_blow").cost) == "pay 2 yellow or black dice of any value"
    w = W.skill_words(BASE.skill("hs_true_shot"))
    assert (w["cost"], w["effect"], w["when"]) == (
        "pay a pink or black die of any value", "turn one pink or black die into a 6",
        "once per encounter, after the roll; combat only")


def test_a_feat_that_stores_dice():
    """E2 and A8: a feat is used before the roll, ☠ bars it from the boss fight, and the black
    dice it stored are rolled when it is used."""
    w = W.skill_words(BASE.heroes["h2"].sides["1P"].feat, feat=True)
    assert w["effect"] == ("roll a black die into your pool, and roll the black dice stored on "
                           "the hero card")
    assert w["when"] == ("once per encounter, before the roll; not against the boss; stores a "
                         "black die each time the party flees (up to 2)")


def test_prevent_skill_and_potion_words():
    """A25: prevention only takes icons off uncovered boxes; §7 a potion cost is a token."""
    w = W.skill_words(BASE.skill("stone_skin"))
    assert w["cost"] == "spend a potion token"
    assert w["effect"] == "prevent 2 damage and 1 time from uncovered boxes"


def test_potions_and_when_they_may_be_drunk():
    """§7 and A20: the basic potion heals 3 at the start of a turn, 2 otherwise, any time; the
    other kinds only in E4."""
    assert W.potion_words(BASE.basic_potion) == (
        "heal one hero 2 damage (at the start of a turn: heal one hero 3 damage); any time")
    assert W.potion_words(BASE.potions["p_ember"]) == (
        "add a black 5 to your pool; only after the roll, while placing dice")
    dicey = Potion("x", "X", False, "any_time", (Effect("roll", "black"),))
    assert W.potion_timing_words(dicey) == "during an encounter, before or after the roll"


def test_a_discard_means_one_die_in_a_skill_and_every_die_in_an_ability():
    """§7 discard (a skill: one chosen die) against E3 roll abilities (every matching die in
    every pool, effects.run_ability)."""
    assert W.skill_words(BASE.skill("shift_stance"))["effect"] == (
        "discard one pool die, then roll a pink die into your pool")
    (sootwing,) = BASE.encounters["e21"].abilities
    assert W.ability_words(sootwing) == (
        "right after the dice are rolled: discard every die showing 1 from the pools")
    (wisp,) = BASE.encounters["e06"].abilities
    assert W.ability_words(wisp) == (
        "right after the dice are rolled: discard every yellow die showing 1 from the pools")


def test_foe_and_boss_abilities():
    """A23 (timings, forbidding), A13 (damage to a hero of the party's choice), §10 (each boss
    round starts like a combat)."""
    (hag,) = BASE.encounters["e10"].abilities
    assert W.ability_words(hag) == (
        "throughout the encounter, loot included: no potion may be drunk")
    (watcher,) = BASE.encounters["e14"].abilities
    assert W.ability_words(watcher).endswith("no skill may be used (heroic feats still may)")
    (shade,) = BASE.encounters["e13"].abilities
    assert W.ability_words(shade) == ("each time a hero uses a skill or heroic feat: deal 1 "
                                      "damage to one hero of the party's choice")
    start = BASE.dungeons["d4"].boss.abilities[0]
    assert W.ability_words(start, boss=True) == (
        "at the start of each boss round: deal 1 damage to one hero of the party's choice")
    boss_time = Ability("on_skill_use", (Effect("spend_time", amount=1),))
    assert W.ability_words(boss_time, boss=True).endswith("(no effect in the boss fight)")


def test_boxes():
    """§4 small/wide and armor first (A11), §10 skull boxes, A10 option-coloured floor boxes."""
    armor = BASE.encounters["e09"].boxes[0]
    assert W.box_words(armor) == ("yellow 3: one yellow or black die showing 3 or more; armor: "
                                  "cover it before any box without armor; if left uncovered: "
                                  "1 damage")
    wide = BASE.encounters["e10"].boxes[1]
    assert W.box_words(wide) == ("wide blue 12: blue or black dice adding up to 12 or more; "
                                 "if left uncovered: 1 damage and 1 time")
    skull = BASE.dungeons["d1"].boss.boxes[0]
    assert W.box_words(skull) == ("yellow 5: one yellow or black die showing 5 or more; skull: "
                                  "covered, it deals 1 damage to the boss at the round's end; "
                                  "nothing if left uncovered")
    floor = BASE.dungeons["d1"].floors[0].peril_boxes[0]
    assert W.box_words(floor).startswith("option 3: one die of the chosen option's colour (or "
                                         "black) showing 3 or more")
    assert W.box_words(Box("black", 3)).startswith("black 3: one black die showing 3")


def test_items():
    """§6 E6 items, §11 health from items."""
    assert W.item_words(BASE.encounters["e05"].loot.item) == "+1 yellow die, +1 health"
    assert W.item_words(BASE.encounters["e36"].loot.item) == "+1 pink die, +1 blue die"


def test_increase_clamps_both_ways():
    """A21: increase stops at 6 and at 1."""
    assert W.effect_words(Effect("increase", "pink", amount=2)) == (
        "raise one pink or black die by 2 (6 at most)")
    assert W.effect_words(Effect("increase", amount=-1)) == "lower one pool die by 1 (1 at least)"


# -- what cannot be put into words ------------------------------------------------------------
def test_an_unknown_op_raises_naming_it():
    """§14: a new verb must get words before it can show on the board."""
    with pytest.raises(ValueError, match="'teleport'"):
        W.effect_words(Effect("teleport"))
    with pytest.raises(ValueError, match="'teleport'"):
        W.skill_words(Skill("x", "X", Cost("free"), (Effect("teleport"),)))
    with pytest.raises(ValueError, match="'teleport'"):
        W.ability_words(Ability("on_start", (Effect("teleport"),)))


def test_other_unknowns_and_misplaced_verbs_raise():
    """§7 cost kinds, A23 timings: anything the engine would ignore is refused, not worded."""
    with pytest.raises(ValueError, match="'barter'"):
        W.cost_words(Cost("barter"))
    with pytest.raises(ValueError, match="'on_death'"):
        W.ability_words(Ability("on_death", (Effect("damage", amount=1),)))
    with pytest.raises(ValueError, match="'damage'"):  # run_effect ignores damage
        W.effect_words(Effect("damage", amount=1))
    with pytest.raises(ValueError, match="'heal'"):  # run_ability ignores heal
        W.effect_words(Effect("heal", amount=1), "ability")
    with pytest.raises(ValueError, match="'gold'"):
        W.item_words((("gold", 1),))


# -- loot ---------------------------------------------------------------------------------------
def test_loot_at_a_limit_names_the_card_given_up():
    """A15: at the item limit a new item displaces one, which becomes XP; A16: a potion card
    brings a token only while the supply has one."""
    s = odd_nb.load_game("one-deck-dungeon").new_initial_state(heroes=["h1"])
    s = dataclasses.replace(s, phase="loot", card="e03", potions=6,
                            heroes=(HeroState("h1", items=("e01", "e05")),))
    texts = {W.loot_words(s, a) for a in s.legal_actions() if isinstance(a, TakeLoot)}
    assert "item for Brannoc Ironhand: +1 blue die; gives up Thornback Boar (+1 yellow die, " \
           "+1 health), which becomes 2 XP" in texts
    assert "potion: Willowbark Balm: heal one hero 3 damage; any time; no potion token: the " \
           "supply has none left" in texts
    assert "1 XP" in texts


def test_loot_words_of_random_games():
    """§6 E6, A13 (each item and skill goes to a named hero), A15-A17: every loot choice offered
    in loot steps reached by seeded random play, one and two heroes."""
    seen, displaced = set(), 0
    for seed in range(10):
        heroes = ["h1"] if seed % 2 == 0 else [["h3", "h5"], ["h2", "h4"]][seed % 4 == 3]
        t = odd_nb.start("one-deck-dungeon", seed=seed, heroes=heroes)
        rng = random.Random(seed)
        for _ in range(2000):
            s = t.state
            if s.is_terminal:
                break
            acts = s.legal_actions()
            if s.phase == "loot":
                card = s.encounter_card
                for a in (a for a in acts if isinstance(a, TakeLoot)):
                    text = readable(W.loot_words(s, a))
                    seen.add(a.use)
                    if a.use in ("item", "skill"):
                        assert s.hero_card(a.hero).name in text
                    if a.use == "skill":
                        assert card.loot.skill.name in text
                    if a.use == "xp":
                        assert text == f"{card.xp} XP"
                    if a.use == "potion":
                        assert s.content.potions[card.loot.potion].name in text
                    if a.displace:
                        displaced += 1
                        assert s.content.encounters[a.displace].name in text
            t.play(rng.choice(acts))
    assert seen == {"item", "skill", "potion", "xp"} and displaced > 0


def test_loot_words_refuses_what_is_not_loot():
    """§6 E6: loot words need a card being looted."""
    s = odd_nb.load_game("one-deck-dungeon").new_initial_state()
    with pytest.raises(ValueError):
        W.loot_words(s, TakeLoot("xp"))
