"""§9 descending (A5, A6) and §10 boss fight (A18, A19, A27)."""

import pytest

from rules_kit import (A, Box, HeroState, IllegalAction, acts, all_cards, assert_conserved,
                       dice_state, enter, new, play, settle_chance, strs, with_deck)

D1_BOSS = new().dungeon_card.boss


def stairs(floor=1, dungeon="d1", heroes=("h1",), party=None, **fields):
    """Turn start on ``floor`` with the deck used up (stairs showing)."""
    if party is not None:
        fields["heroes"] = tuple(party)
    return with_deck(new(heroes, dungeon), deck=[], floor=floor, **fields)


def boss_round(pools, heroes=("h1",), dungeon="d1", boxes=None, **fields):
    """E4 of a boss round."""
    s = new(heroes, dungeon)
    return dice_state(boxes if boxes is not None else s.dungeon_card.boss.boxes, pools,
                      heroes=heroes, dungeon=dungeon, card=None, floor=4, **fields)


# -- §9 descending -------------------------------------------------------------------------------
def test_s9_descend_reshuffles_discard_and_all_doors_and_clears_stairs_tokens():
    s = stairs(closed=["e01", "e02"], open_doors=("e03",), xp_cards=("e04",), boxed=("e05",),
               potion_cards=("e29",), stairs_tokens=2,
               party=[HeroState("h1", items=("e06",), skills=("e07",))])
    discard = len(s.discard)
    assert discard == 44 - 2 - 6
    assert "descend" in strs(s)
    s2 = play(s, "descend")
    assert s2.floor == 2
    assert s2.deck_size == discard + 1 + 2 and len(s2.unseen) == s2.deck_size
    assert s2.closed_doors == 0 and s2.open_doors == () and s2.discard == ()
    assert s2.stairs_tokens == 0
    # tucked and boxed cards stay out of the deck (A6)
    for c in ("e04", "e05", "e06", "e07", "e29"):
        assert c not in s2.unseen
    assert all_cards(s2) == all_cards(s)
    assert s2.phase == "turn start" and not s2.stairs_showing


def test_s9_descend_not_allowed_before_the_stairs_show():
    s = with_deck(new(), deck=["e01"])
    assert "descend" not in strs(s)
    with pytest.raises(IllegalAction):
        s.apply(A.DESCEND)


def test_a5_no_descending_during_an_encounter():
    s = with_deck(dice_state([Box("yellow", 3)], [[]]), deck=[])
    assert s.stairs_showing
    assert "descend" not in strs(s)


def test_a5_descend_at_turn_start_when_the_stairs_show():
    s = stairs()
    assert set(strs(s)) == {"time passes", "descend"}


def test_s9_after_descending_the_party_explores_the_new_floor():
    s = play(stairs(), "descend")
    s = settle_chance(play(s, "time passes"), ["e01", "e02"])
    assert "explore" in strs(s)


def test_s9_floor_2_combat_has_the_card_boxes_plus_floor_1_and_2_boxes():
    s = enter("e01", floor=2)
    assert s.boxes == (Box("pink", 3, damage=1), Box("yellow", 3, time=1),
                       Box("yellow", 3, damage=1), Box("pink", 4, damage=1))


def test_s9_floor_3_combat_adds_the_third_floor_box():
    s = enter("e01", floor=3)
    assert len(s.boxes) == 5 and s.boxes[-1] == Box("blue", 5, damage=1)


def test_s9_floor_effect_of_a_lower_floor_stays_active():
    """d4 floor 3 deals 1 damage on start; it applies on floor 3 only, not before."""
    assert enter("e01", dungeon="d4", floor=2).heroes[0].damage == 0
    assert enter("e01", dungeon="d4", floor=3).heroes[0].damage == 1


# -- §10 boss fight ------------------------------------------------------------------------------
def test_s10_descending_from_floor_3_starts_the_boss_fight():
    s = play(stairs(floor=3), "descend")
    assert s.in_boss_fight and s.floor == 4
    assert s.card is None and s.phase == "feats"
    assert s.boxes == D1_BOSS.boxes  # A27: only the boss side's boxes
    assert "roll the dice" in strs(s)
    assert_conserved(s)


def test_s10_boss_start_ability():
    """d2's boss deals 1 damage at the start of every round."""
    s = play(stairs(floor=3, dungeon="d2"), "descend")
    assert s.heroes[0].damage == 1


def test_s10_covered_skull_boxes_hurt_the_boss_at_round_end_then_a_new_round():
    s = boss_round([[("yellow", 5), ("pink", 5)]])
    s = play(s, "place yellow 5 on box 1 (yellow 5 ☠)", "place pink 5 on box 2 (pink 5 ☠)",
             "done: resolve consequences")
    assert s.boss_damage == 2
    assert s.heroes[0].damage == 4  # wide yellow 10 ♥♥, blue 4 ♥, pink 3 ♥
    assert s.outcome is None
    assert s.phase == "feats" and s.pools == ((),)  # the next round
    assert s.boxes == D1_BOSS.boxes and s.placed == ((),) * len(D1_BOSS.boxes)
    assert s.supply == (8, 8, 8, 6)


def test_s10_uncovered_skull_boxes_do_not_hurt_the_boss():
    s = play(boss_round([[]]), "done: resolve consequences")
    assert s.boss_damage == 0


def test_s10_boss_defeated_wins():
    s = boss_round([[("yellow", 5)]], boss_damage=D1_BOSS.health["1P"] - 1)
    s = play(s, "place yellow 5 on box 1 (yellow 5 ☠)", "done: resolve consequences")
    assert s.outcome == "won"
    assert s.is_terminal
    assert s.returns() == [1.0]
    assert s.legal_actions() == []


def test_s10_2p_boss_uses_the_2p_health():
    s = boss_round([[("yellow", 5)], []], heroes=("h1", "h2"),
                   boss_damage=D1_BOSS.health["1P"] - 1)
    s = play(s, "Brannoc Ironhand: place yellow 5 on box 1 (yellow 5 ☠)",
             "done: resolve consequences")
    assert [h.damage for h in s.heroes] == [2, 2]  # 4 hearts split evenly
    assert s.outcome is None and s.boss_damage == D1_BOSS.health["1P"]
    assert D1_BOSS.health["2P"] > D1_BOSS.health["1P"]


def test_s10_time_is_ignored_in_the_boss_fight():
    s = boss_round([[]], boxes=[Box("yellow", 3, time=2), Box("pink", 3, skull=True)])
    deck = s.deck_size
    s = play(s, "done: resolve consequences")
    assert not s.is_chance and s.time_due == 0
    assert s.deck_size == deck and s.stairs_tokens == 0


def test_s10_time_is_ignored_in_the_boss_fight_even_with_the_stairs_showing():
    s = with_deck(boss_round([[]], boxes=[Box("yellow", 3, time=3),
                                          Box("pink", 3, skull=True)]), deck=[])
    s = play(s, "done: resolve consequences")
    assert s.stairs_tokens == 0 and s.heroes[0].damage == 0


def test_s10_boss_forbidden_feats_are_not_offered():
    """Trailmark (h4) carries the skull mark; Unbroken Roar (h1) does not."""
    normal = enter("e01", heroes=("h4",))
    assert acts(normal, A.Use, kind="feat")
    boss = play(stairs(floor=3, heroes=("h4",)), "descend")
    assert boss.phase == "feats"
    assert not acts(boss, A.Use, kind="feat")
    allowed = play(stairs(floor=3, heroes=("h1",)), "descend")
    assert acts(allowed, A.Use, kind="feat")


def test_a18_skills_refresh_every_boss_round():
    s = boss_round([[]])
    s = play(s, "use Stand Firm", "done: resolve consequences")
    assert s.used == ()
    s = settle_chance(play(s, "roll the dice"), [1, 1, 1, 1, 1])
    assert acts(s, A.Use, ident="hs_stand_firm")


def test_s10_level_bonus_dice_every_round():
    s = play(play(stairs(floor=3, level=2), "descend"), "roll the dice")
    assert [c for _, c in s.rolls_due].count("black") == 1


LAST_ROUND = [Box("yellow", 4, skull=True), Box("pink", 3, damage=2)]


def test_a19_a_hero_death_loses_even_if_the_boss_would_fall():
    s = boss_round([[("yellow", 5)]], boxes=LAST_ROUND, boss_damage=D1_BOSS.health["1P"] - 1,
                   potions=0, party=[HeroState("h1", damage=5)])
    s = play(s, "place yellow 5 on box 1 (yellow 4 ☠)", "done: resolve consequences")
    assert s.outcome == "lost"
    assert s.returns() == [0.0]


def test_a19_heal_chance_comes_before_skull_damage():
    s = boss_round([[("yellow", 5)]], boxes=LAST_ROUND, boss_damage=D1_BOSS.health["1P"] - 1,
                   potions=1, party=[HeroState("h1", damage=5)])
    s = play(s, "place yellow 5 on box 1 (yellow 4 ☠)", "done: resolve consequences")
    assert s.dying and s.outcome is None and s.heroes[0].damage == 7
    assert s.boss_damage == D1_BOSS.health["1P"] - 1
    s = play(s, "drink Red Tincture (healing Brannoc Ironhand)")
    assert s.outcome == "won"


def test_s10_boss_on_roll_ability():
    """d3's boss discards blue dice showing 1 after rolling."""
    s = play(play(stairs(floor=3, dungeon="d3"), "descend"), "roll the dice")
    s = settle_chance(s, [1, 1, 1, 1, 1])  # yellow x3, pink, blue
    assert ("blue", 1) not in s.pools[0]
    assert s.pools[0].count(("yellow", 1)) == 3


def test_a5_descending_when_time_reveals_the_stairs_continues_the_turn():
    """§5 / §5.2 / A5 (b): time passes, revealing the stairs; the party descends at once. Each
    turn is (1) time passes, then (2) explore or enter a room, and descending is not a turn
    step, so the party goes on with step (2) on the new floor (explore), without time passing a
    second time before it."""
    s = with_deck(new(), deck=["e05"])
    turn = s.turn
    s = settle_chance(play(s, "time passes"), ["e05"])
    assert s.phase == "turn" and s.stairs_showing
    s = play(s, "descend")
    assert s.floor == 2
    assert "explore" in strs(s), f"after descending: {strs(s)}"
    assert s.turn == turn
