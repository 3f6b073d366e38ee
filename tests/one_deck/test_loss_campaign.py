"""§11 / A3 winning and losing, §12 campaign profiles and Forest of Shadows hooks (poison,
exile). The base set uses neither hook; the cards that show them come from the optional
expansion file (``content="expansion"``, data/SCHEMA.md)."""

import pytest

import odd_nb
from odd_nb.games.one_deck.game import OneDeckDungeon
from rules_kit import (A, Box, HeroState, acts, assert_conserved, dice_state, enter, new, play,
                       settle_chance, strs, with_deck)

HIT = [Box("yellow", 6, damage=1)]
EXPANSION = OneDeckDungeon(content="expansion")  # the base set with poison and exile on 4 cards


# -- §11 / A3 ------------------------------------------------------------------------------------
def test_a3_damage_above_health_loses():
    s = dice_state(HIT, [[]], potions=0, party=[HeroState("h1", damage=6)])  # health 6
    s = play(s, "done: resolve consequences")
    assert s.outcome == "lost"
    assert s.is_terminal and s.returns() == [0.0] and s.legal_actions() == []


def test_a3_damage_equal_to_health_does_not_lose_by_default():
    s = dice_state(HIT, [[]], potions=0, party=[HeroState("h1", damage=5)])
    s = play(s, "done: resolve consequences")
    assert s.heroes[0].damage == 6 and s.outcome is None
    assert s.phase == "loot"


def test_a3_option_damage_equal_to_health_loses():
    s = dice_state(HIT, [[]], potions=0, party=[HeroState("h1", damage=5)],
                   options={"lose_when_damage_equals_health": True})
    assert s.rules.lose_when_damage_equals_health
    s = play(s, "done: resolve consequences")
    assert s.outcome == "lost"


def test_a3_healing_is_offered_before_the_loss_is_final():
    s = dice_state(HIT, [[]], potions=1, party=[HeroState("h1", damage=6)])
    s = play(s, "done: resolve consequences")
    assert s.dying and s.outcome is None and not s.is_terminal
    assert strs(s) == ["drink Red Tincture (healing Brannoc Ironhand)", "accept defeat"]
    healed = play(s, "drink Red Tincture (healing Brannoc Ironhand)")
    assert healed.heroes[0].damage == 5  # 2 outside the turn-start window
    assert not healed.dying and healed.outcome is None
    assert healed.phase == "loot"
    defeated = play(s, "accept defeat")
    assert defeated.outcome == "lost" and defeated.returns() == [0.0]


def test_a3_healing_that_falls_short_keeps_the_party_dying():
    s = dice_state([Box("yellow", 6, damage=3)], [[]], potions=2,
                   party=[HeroState("h1", damage=6)])
    s = play(s, "done: resolve consequences")  # damage 9 of 6
    s = play(s, "drink Red Tincture (healing Brannoc Ironhand)")
    assert s.dying and s.heroes[0].damage == 7
    s = play(s, "drink Red Tincture (healing Brannoc Ironhand)")
    assert not s.dying and s.heroes[0].damage == 5


def test_a3_dying_offers_only_healing_potions():
    s = dice_state(HIT, [[]], potions=1, potion_cards=("e29",),
                   party=[HeroState("h1", damage=6)])
    s = play(s, "done: resolve consequences")
    assert {a.ident for a in acts(s, A.Use)} == {"p_basic"}


def test_a3_no_heal_possible_when_potions_are_forbidden():
    """Marsh Hag (e10) forbids potions: the loss is final at once."""
    s = dice_state(HIT, [[]], card="e10", potions=1, party=[HeroState("h1", damage=6)])
    s = play(s, "done: resolve consequences")
    assert s.outcome == "lost"


def test_a3_s11_a_game_lost_stays_lost_when_both_heroes_fall():
    """§11, A3, A13: in 2P one E5 knocks both heroes out while Marsh Hag (e10) forbids
    potions. The first hero's fall loses the game; the second's must not reopen it as "dying"
    (once the game is over no foe forbids potions), nor may E5 go on to the loot step."""
    s = dice_state([Box("yellow", 6, damage=4)], [[], []], heroes=("h1", "h2"), card="e10",
                   potions=1, party=[HeroState("h1", damage=4), HeroState("h2", damage=4)])
    s = play(s, "done: resolve consequences")
    assert s.heroes[0].damage == s.heroes[1].damage == 6
    assert s.outcome == "lost" and not s.dying and s.phase == "over"
    assert s.is_terminal and s.legal_actions() == []


def test_s11_start_ability_can_kill():
    s = enter("e07", potions=0, party=[HeroState("h1", damage=6)])
    assert s.outcome == "lost"


def test_s11_stairs_damage_can_kill():
    s = with_deck(new(), deck=[], stairs_tokens=1, potions=0,
                  heroes=(HeroState("h1", damage=6),))
    s = play(s, "time passes")
    assert s.outcome == "lost"


def test_s11_2p_either_hero_out_loses():
    s = dice_state([Box("yellow", 6, damage=2)], [[], []], heroes=("h1", "h2"), potions=0,
                   party=[HeroState("h1"), HeroState("h2", damage=5)])  # Sable 2P: health 5
    s = play(s, "done: resolve consequences")
    assert s.outcome == "lost"


def test_s11_health_counts_items():
    s = dice_state(HIT, [[]], potions=0, party=[HeroState("h1", damage=6, items=("e05",))])
    assert s.health(0) == 7
    s = play(s, "done: resolve consequences")
    assert s.outcome is None


# -- §12 campaign --------------------------------------------------------------------------------
def test_s12_campaign_veteran_profile_changes_the_start():
    s = new(campaign="veteran")  # +3 XP, +1 yellow
    plain = new()
    assert s.xp == plain.xp + 3
    assert s.stat(0, "yellow") == plain.stat(0, "yellow") + 1
    assert s.potions == plain.potions


def test_s12_campaign_veteran_gathers_the_extra_die():
    s = enter("e01", options={"campaign": "veteran"})
    s = play(s, "roll the dice")
    assert [c for _, c in s.rolls_due].count("yellow") == 4


def test_s12_campaign_novice_profile_changes_the_start():
    s = new(campaign="novice")  # +1 potion, +1 health
    plain = new()
    assert s.potions == plain.potions + 1
    assert s.health(0) == plain.health(0) + 1
    assert s.potion_supply == 6 - s.potions


def test_s12_campaign_profile_applies_to_both_heroes():
    s = new(heroes=("h1", "h2"), campaign="novice")
    plain = new(heroes=("h1", "h2"))
    assert [s.health(h) for h in range(2)] == [plain.health(h) + 1 for h in range(2)]


def test_s12_unknown_campaign_profile_is_an_option_error():
    with pytest.raises(odd_nb.OptionError):
        new(campaign="legend")


# -- §12 poison ----------------------------------------------------------------------------------
def test_s12_uncovered_poison_box_gives_poison_tokens():
    s = dice_state([Box("pink", 4, damage=1, poison=1)], [[]])
    s = play(s, "done: resolve consequences")
    assert s.poison == 1


def test_s12_covered_poison_box_gives_none():
    s = dice_state([Box("pink", 4, damage=1, poison=1)], [[("pink", 4)]])
    s = play(s, "place pink 4 on box 1 (pink 4 ♥☣)", "done: resolve consequences")
    assert s.poison == 0


def test_s12_poison_start_ability():
    assert enter("e17", game=EXPANSION).poison == 1  # Fen Viper (expansion file)
    assert enter("e17").poison == 0  # the base set's Fen Viper strikes instead (§6 E0)
    assert enter("e17").heroes[0].damage == 1


def test_s12_exploring_with_poison_deals_damage():
    s = with_deck(new(), poison=2)
    s = settle_chance(play(s, "time passes"), ["e01", "e02"])
    s = play(s, "explore")
    assert s.heroes[0].damage == 1
    assert s.poison == 1


def test_s12_exploring_without_poison_is_harmless():
    s = settle_chance(play(new(), "time passes"), ["e01", "e02"])
    assert play(s, "explore").heroes[0].damage == 0


def test_s12_2p_poison_damage_goes_to_a_chosen_hero():
    s = with_deck(new(("h1", "h2")), poison=1)
    s = settle_chance(play(s, "time passes"), ["e01", "e02"])
    s = play(s, "explore")
    assert all(isinstance(a, A.TakeDamage) for a in s.legal_actions())
    s = play(s, "Sable Quickstep takes 1 damage")
    assert [h.damage for h in s.heroes] == [0, 1]


# -- §12 exile -----------------------------------------------------------------------------------
def test_s12_exile_removes_a_die_from_the_supply_for_good():
    """Void Leech (e22) of the expansion file exiles a black die on start."""
    assert enter("e22").exiled == (0, 0, 0, 0)  # the base set's Void Leech does not
    s = enter("e22", game=EXPANSION)
    assert s.exiled == (0, 0, 0, 1)
    assert s.supply[3] == 5
    assert_conserved(s)
    s = settle_chance(play(s, "roll the dice"), [1, 1, 1, 1, 1])
    s = play(s, "done: resolve consequences")
    while s.is_chance:
        s = s.apply(s.chance_outcomes()[0][0])
    s = play(s, "take the card as XP")
    assert s.phase == "turn start"
    assert s.supply == (8, 8, 8, 5) and s.exiled == (0, 0, 0, 1)
    assert_conserved(s)


def test_s12_exile_lowers_the_gather_limit():
    s = enter("e22", game=EXPANSION, level=4,
              exiled=(0, 0, 0, 3))  # 3 black left, one more exiled now
    s = play(s, "roll the dice")
    assert [c for _, c in s.rolls_due].count("black") == 2
    assert_conserved(s)


def test_s12_exile_with_an_empty_supply_exiles_nothing():
    s = enter("e22", game=EXPANSION, exiled=(0, 0, 0, 6))
    assert s.exiled == (0, 0, 0, 6) and s.supply[3] == 0


def test_s6_2p_forbidden_potions_also_bar_healing_the_odd_damage_point():
    """Marsh Hag (e10) forbids potions for the whole encounter. In 1P a lethal E5 is final at
    once (test_a3_no_heal_possible_when_potions_are_forbidden); in 2P the same must hold when the
    lethal point is the odd point the party assigns (A13), which is dealt after E5 in the loot
    phase."""
    s = dice_state(HIT, [[], []], heroes=("h1", "h2"), card="e10", potions=1,
                   party=[HeroState("h1", damage=5), HeroState("h2")])  # Brannoc 2P: health 5
    s = play(s, "done: resolve consequences", "Brannoc Ironhand takes 1 damage")
    assert s.heroes[0].damage == 6
    assert not acts(s, A.Use, kind="potion")
    assert s.outcome == "lost"


def test_s6_2p_forbidden_potions_even_split_lethal_damage_is_final():
    s = dice_state([Box("yellow", 6, damage=2)], [[], []], heroes=("h1", "h2"), card="e10",
                   potions=1, party=[HeroState("h1", damage=5), HeroState("h2")])
    s = play(s, "done: resolve consequences")
    assert s.outcome == "lost"
