"""Skills and potions in the best line (lines.py) and in the odds (state_odds(skills=True)):
§7 costs and effect verbs (Gain, Increase/Set, Reroll, Prevent), A20 potion timing, A21 costs
and clamps, A23 abilities on skill use, A25 prevention (subtract, floor 0), A11 armor first.

Rules references (§n, An) are to docs/rules/one-deck-dungeon.md.
"""

from __future__ import annotations

import random
from fractions import Fraction

from odd_nb.games.one_deck import Box
from odd_nb.games.one_deck.odds import best_line, line_uses, placement, skill_values
from odd_nb.games.one_deck.odds import skill_odds, state_odds
from rules_kit import dice_state, fresh
from test_odds import walk_to
from test_solver import legal_placements


def brute_prevented(boxes, dice, supply, prevented, weights=(1000, 1)):
    """Least weighted damage and time after prevention (A25) over every legal placement (§4,
    A7, A11), by the plain enumeration of test_solver.py."""
    best = None
    for _, (_, damage, time) in legal_placements(boxes, dice, supply):
        d, t = max(0, damage - prevented[0]), max(0, time - prevented[1])
        cost = weights[0] * d + weights[1] * t
        best = (cost, d, t) if best is None or (cost, d, t) < best else best
    return best


def test_a25_placement_after_prevention_matches_brute_force():
    """A25: with ♥/⌛ prevented, the best placement is the one cheapest after prevention (a box
    whose damage is prevented anyway is not worth a die), against every legal placement."""
    rng = random.Random(5)
    colours = ("yellow", "pink", "blue", "black")
    for _ in range(60):
        boxes = []
        for _ in range(rng.randint(1, 3)):
            wide = rng.random() < 0.3
            boxes.append(Box(rng.choice(colours + ("any",)), rng.randint(4, 10) if wide else
                             rng.randint(1, 6), wide=wide, armor=rng.random() < 0.25,
                             damage=rng.randint(0, 2), time=rng.randint(0, 2)))
        dice = [(rng.choice(colours), rng.randint(1, 6)) for _ in range(rng.randint(1, 4))]
        prevented = (rng.randint(0, 2), rng.randint(0, 2))
        s = dice_state(boxes, [dice], prevented=prevented)
        damage, time, covered, r = placement(s)
        cost, d, t = brute_prevented(boxes, dice, s.supply[3], prevented)
        assert (1000 * damage + time, damage, time) == (cost, d, t), (boxes, dice, prevented)
        assert r.covered == covered


def test_s7_reroll_is_chosen_by_its_expected_value():
    """§7 Reroll: Light Fingers (h2, free, reroll one pink die) with a pink 1 against a small
    pink 6 ♥: the reroll covers it 1 time in 6, so the line rerolls and expects 5/6 damage."""
    s = dice_state([Box("pink", 6, damage=1)], [[("pink", 1)]], heroes=("h2",))
    line = best_line(s)
    assert [u.name for u in line.uses] == ["Light Fingers"]
    assert line.expected_damage == Fraction(5, 6) and line.result is None
    assert sorted((p, d) for p, d, _, _ in line.outcomes) == [(Fraction(1, 6), 0),
                                                              (Fraction(5, 6), 1)]


def test_s7_a21_set_paid_with_a_pink_die():
    """§7 Set (True Shot, h4: pay one pink die, set a pink die to 6): pink 1 and pink 2 against
    pink 6 ♥♥: pay one, set the other to 6, no damage; with a single pink die it cannot pay and
    set at once."""
    box = [Box("pink", 6, damage=2)]
    line = best_line(dice_state(box, [[("pink", 1), ("pink", 2)]], heroes=("h4",)))
    assert [u.name for u in line.uses] == ["True Shot"] and line.expected_damage == 0
    assert line.result.covered == (True,)
    alone = best_line(dice_state(box, [[("pink", 1)]], heroes=("h4",)))
    assert alone.uses == () and alone.expected_damage == 2


def test_s7_gain_paid_with_a_magic_total():
    """§7 Gain with a magic cost (Starweave, h3: blue dice totalling 3 -> gain a pink 4): blue 3
    pays it and the pink 4 covers pink 4 ♥; blue 2 cannot pay."""
    box = [Box("pink", 4, damage=1)]
    assert best_line(dice_state(box, [[("blue", 3)]], heroes=("h3",))).expected_damage == 0
    assert best_line(dice_state(box, [[("blue", 2)]], heroes=("h3",))).expected_damage == 1


def test_a25_prevent_changes_which_box_is_worth_a_die():
    """A25 with §7 Prevent (Stand Firm, h1: free, prevent 1 ♥, combat): one yellow 5 against
    yellow 4 ♥ and yellow 4 ⌛. Without it the die takes the ♥ box (time 1); with it the die
    takes the ⌛ box and the ♥ is prevented: no damage, no time."""
    s = dice_state([Box("yellow", 4, damage=1), Box("yellow", 4, time=1)], [[("yellow", 5)]])
    line = best_line(s)
    assert [u.name for u in line.uses] == ["Stand Firm"]
    assert (line.expected_damage, line.expected_time) == (0, 0)
    assert line.result.covered == (False, True)
    rows = skill_values(s)
    assert rows[0][0] is not None and rows[0][1:] == (0, 0)
    assert (None, 0, 1) in rows


def test_a23_skill_use_ability_counts_in_the_line():
    """A23: Mirror Shade (e13) deals 1 damage to a hero whenever a skill is used. Stand Firm
    would prevent the 1 ♥ of a box the roll cannot cover, but costs 1 damage: no gain, so the
    line uses nothing (ties go to fewer uses), and the damage is 1 either way."""
    s = dice_state([Box("yellow", 6, damage=1)], [[("yellow", 1)]], card="e13")
    assert [u.name for u in line_uses(s)] == ["Stand Firm"]
    line = best_line(s)
    assert line.uses == () and line.expected_damage == 1
    rows = skill_values(s)
    assert [(r[0] is None, r[1]) for r in rows] == [(True, 1), (False, 1)]


def test_a20_encounter_potion_in_the_line():
    """§7/A20: an identified potion of the "encounter" kind (Ember Draught, e29: gain a black 5)
    is drunk in E4 when it helps: one yellow 1 against blue 5 ♥♥; and not without a token."""
    box = [Box("blue", 5, damage=2)]
    s = dice_state(box, [[("yellow", 1)]], heroes=("h2",), potion_cards=("e29",), potions=1)
    line = best_line(s)
    assert [u.kind for u in line.uses] == ["potion"] and line.expected_damage == 0
    dry = fresh(s, potions=0)
    assert best_line(dry).expected_damage == 2


def test_s7_skill_odds_without_uses_equal_the_plain_odds():
    """With no use allowed, the odds from the engine's roll and the best placement equal the
    exact odds of encounter_odds (two independent routes); with uses they are never worse."""
    s = walk_to(lambda s: s.phase == "feats" and s.option is None and not s.in_boss_fight
                and sum(s.stat(0, c) for c in ("yellow", "pink", "blue")) <= 5)
    (plain,) = state_odds(s).values()
    none = skill_odds(s, max_uses=0, exact_limit=10 ** 6)
    assert none.exact and none.method == "lines"
    assert (none.p_clear, none.damage, none.time, none.box_covered) == \
        (plain.p_clear, plain.damage, plain.time, plain.box_covered)
    (with_skills,) = state_odds(s, skills=True, exact_limit=10 ** 6).values()
    assert 1000 * with_skills.expected_damage + with_skills.expected_time <= \
        1000 * plain.expected_damage + plain.expected_time


def test_skill_odds_sampled_past_the_limit_are_seeded():
    s = walk_to(lambda s: s.phase == "feats" and s.option is None and not s.in_boss_fight)
    a = skill_odds(s, exact_limit=1, samples=30, seed=4)
    b = skill_odds(s, exact_limit=1, samples=30, seed=4)
    assert not a.exact and a.samples == 30 and "Monte Carlo" in str(a)
    assert (a.p_clear, a.damage) == (b.p_clear, b.damage)
    assert sum(a.damage.values()) == 1


def test_state_odds_with_skills_for_each_peril_option():
    """E1: one entry per option with skills too."""
    s = walk_to(lambda s: s.phase == "peril")
    plain, skilled = state_odds(s), state_odds(s, skills=True)
    assert list(plain) == list(skilled)
    for k in plain:
        assert 1000 * skilled[k].expected_damage + skilled[k].expected_time <= \
            1000 * plain[k].expected_damage + plain[k].expected_time


def test_s7_ties_go_to_the_line_with_fewer_uses():
    """Ylva (h3, 1P): Mirror Ward (blue dice totalling 5: prevent 2 ♥) alone clears the 2 ♥ of a
    pink 6 no die can reach; Starweave (blue 3+: gain a pink 4) first changes nothing. The line
    is Mirror Ward alone, paid with one blue 5."""
    s = dice_state([Box("pink", 6, damage=2)], [[("blue", 5), ("blue", 5)]], heroes=("h3",))
    line = best_line(s)
    assert [u.name for u in line.uses] == ["Mirror Ward"]
    assert line.expected_damage == 0 and line.uses[0].pay == (("blue", 5),)
