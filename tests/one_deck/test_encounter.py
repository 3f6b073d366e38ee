"""§6 encounters: E0 start abilities, E1 peril choice, E2 feats, E3 gather and roll, E5
consequences, roll-triggered and other foe abilities (A23)."""

import pytest

from rules_kit import (A, Box, HeroState, LoadError, acts, assert_conserved, at_door, custom_game,
                       dice_state, enter, new, play, settle_chance, strs)


def option_text(s, letter):
    return next(t for t in strs(s) if t.startswith(f"choose option {letter}"))


def rolls(s):
    return [colour for _, colour in s.rolls_due]


# -- E0 start -------------------------------------------------------------------------------------
def test_s6_e0_start_ability_deals_damage():
    s = enter("e07")  # Ashen Hound: 1 damage on start
    assert s.heroes[0].damage == 1
    assert s.phase == "feats"


def test_s6_e0_2p_start_damage_to_a_chosen_hero():
    s = enter("e07", heroes=("h1", "h2"))
    assert strs(s) == ["Brannoc Ironhand takes 1 damage", "Sable Quickstep takes 1 damage"]
    s = play(s, "Brannoc Ironhand takes 1 damage")
    assert [h.damage for h in s.heroes] == [1, 0]
    assert s.phase == "feats" and "roll the dice" in strs(s)


def test_s6_e0_start_ability_spends_time():
    s = enter("e04")  # Gutter Imp: spend 1 time on start
    assert s.is_chance and s.time_due == 1
    deck = s.deck_size
    s = settle_chance(s, ["e30"])
    assert s.deck_size == deck - 1 and "e30" in s.discard
    assert s.phase == "feats"


def test_s6_e0_combat_boxes_are_the_card_plus_the_floor_boxes():
    s = enter("e01")
    assert s.boxes == (Box("pink", 3, damage=1), Box("yellow", 3, time=1),
                       Box("yellow", 3, damage=1))
    assert s.placed == ((), (), ())


def test_a23_floor_start_ability_applies_on_its_floor():
    """d2 floor 2: spend 1 time at the start of each combat."""
    assert not enter("e01", dungeon="d2").is_chance
    s = enter("e01", dungeon="d2", floor=2)
    assert s.time_due == 1


# -- E1 peril choice ------------------------------------------------------------------------------
def test_s6_e1_peril_choice_offers_both_options():
    s = enter("e34")  # Glyph Puzzle: A pink 6 (0 time), B blue 3 (3 time)
    assert s.phase == "peril"
    assert [type(a) for a in s.legal_actions()] == [A.ChooseOption, A.ChooseOption]
    assert s.boxes == ()


def test_s6_e1_peril_choice_pays_time_and_uses_only_that_option_box_plus_floor_boxes():
    s = enter("e34")
    deck = s.deck_size
    s = play(s, option_text(s, "B"))
    assert s.time_due == 3 and s.is_chance
    s = settle_chance(s, ["e01", "e02", "e03"])
    assert s.deck_size == deck - 3
    assert s.option == 1
    # the chosen option's box, then the floor-1 peril box with colour "option" resolved (A10)
    assert s.boxes == (Box("blue", 3, time=1), Box("blue", 3, time=1))
    assert s.phase == "feats"


def test_s6_e1_peril_option_without_time_cost_spends_none():
    s = play(enter("e34"), "choose option A: Guess (pink, 0 time; box pink 6 ⌛⌛)")
    assert not s.is_chance
    assert s.boxes == (Box("pink", 6, time=2), Box("pink", 3, time=1))


def test_s9_a10_peril_floor_boxes_accumulate_with_the_option_colour():
    s = enter("e27", floor=3)
    s = play(s, option_text(s, "A"))  # yellow, no time
    assert s.boxes == (Box("yellow", 5, damage=2), Box("yellow", 3, time=1),
                       Box("yellow", 4, time=1), Box("yellow", 5, time=1))


def test_s6_e1_peril_has_no_start_ability_and_no_heroic_damage():
    s = enter("e34")
    assert s.heroes[0].damage == 0 and not s.is_chance


# -- E2 heroic feats ------------------------------------------------------------------------------
def test_s6_e2_feat_rolls_black_dice_into_the_pool():
    s = enter("e01", heroes=("h4",))
    s = play(s, "use Trailmark")
    assert rolls(s) == ["black"]
    s = settle_chance(s, [5])
    assert s.pools == ((("black", 5),),)
    assert "use Trailmark" not in strs(s)  # once per encounter


def test_s6_e2_stored_dice_leave_the_supply_and_are_rolled_when_the_feat_is_used():
    """Sable (h2) stores a black die when the party flees (A8: it counts against the 6 black)."""
    s = at_door("e01", heroes=("h2",))
    s = play(s, "flee")
    assert s.heroes[0].stored == 1
    assert s.supply[3] == 5
    assert_conserved(s)
    s4 = enter("e01", heroes=("h4",), party=[HeroState("h4", stored=2)])
    assert s4.supply[3] == 4
    s4 = play(s4, "use Trailmark")
    assert rolls(s4) == ["black"] * 3
    assert s4.heroes[0].stored == 0
    assert s4.supply[3] == 3
    assert_conserved(s4)


def test_s6_e2_feat_stores_a_die_when_exploring():
    """Corvin (h4) stores a black die each time the party explores."""
    s = settle_chance(play(new(("h4",)), "time passes"), ["e01", "e02"])
    s = play(s, "explore")
    assert s.heroes[0].stored == 1 and s.supply[3] == 5
    assert_conserved(s)


def test_s6_e2_feat_stores_a_die_at_encounter_end():
    """Mirela (h5, 1P) stores a black die when an encounter ends (max 1)."""
    s = dice_state([Box("yellow", 3)], [[]], heroes=("h5",))
    s = play(s, "done: resolve consequences", "take the card as XP")
    assert s.heroes[0].stored == 1 and s.supply[3] == 5
    assert_conserved(s)
    s = dice_state([Box("yellow", 3)], [[]], heroes=("h5",), party=[HeroState("h5", stored=1)])
    s = play(s, "done: resolve consequences", "take the card as XP")
    assert s.heroes[0].stored == 1 and s.supply[3] == 5


def test_s6_e2_a8_stored_dice_go_back_to_the_supply_whenever_the_party_decides():
    """E2: stored dice "may be given back to the supply at any time". In E4 with no black die
    left in the supply, giving back Sable's two stored dice is what makes a 2-for-1 possible
    (§4); the same return is offered at every moment the party decides (A8, A20)."""
    s = dice_state([Box("yellow", 6, damage=2)],
                   [(("black", 1), ("black", 2), ("black", 2), ("black", 3), ("pink", 5),
                     ("yellow", 5))], heroes=("h2",), party=[HeroState("h2", stored=2)])
    convert = "convert pink 5 and yellow 5 into black 5"
    assert s.supply[3] == 0 and convert not in strs(s)
    back = play(s, "return the stored dice to the supply")
    assert back.supply[3] == 2 and back.heroes[0].stored == 0
    assert back.pools == s.pools and back.phase == "dice"
    assert convert in strs(back)
    assert_conserved(back)
    door = at_door("e01", heroes=("h2",), party=[HeroState("h2", stored=1)])
    stored = play(settle_chance(play(new(("h4",)), "time passes"), ["e01", "e02"]), "explore")
    turn = settle_chance(play(stored, "time passes"), ["e03", "e04"])  # Corvin stored one
    for where in (door, turn, play(door, "face the encounter")):
        assert "return the stored dice to the supply" in strs(where), where.phase


def test_s6_e2_store_respects_the_feat_maximum():
    s = at_door("e01", heroes=("h2",), party=[HeroState("h2", stored=2)])
    s = play(s, "flee")
    assert s.heroes[0].stored == 2 and s.supply[3] == 4


@pytest.mark.parametrize("hero", ["h1", "h2", "h3", "h4", "h5"])
@pytest.mark.parametrize("party_size", [1, 2])
def test_s6_e2_every_hero_feat_is_offered_in_e2(hero, party_size):
    """E2 comes before gathering, so every feat must be payable with an empty pool (free or a
    potion token); the party holds one potion token at the start."""
    heroes = (hero,) if party_size == 1 else (hero, "h2" if hero != "h2" else "h1")
    s = enter("e01", heroes=heroes)
    feat = s.hero_side(0).feat
    assert acts(s, A.Use, kind="feat", hero=0, ident=feat.id), feat


def test_s6_e2_a_feat_with_a_dice_cost_is_rejected_by_the_loader():
    """SCHEMA: a feat is used before the dice are rolled, so a dice cost could never be paid."""
    def mutate(data):
        data["heroes"][0]["sides"]["1P"]["feat"]["cost"] = {
            "kind": "dice_count", "colour": "yellow", "n": 1}
    with pytest.raises(LoadError, match="feat"):
        custom_game(mutate)


def test_s7_potion_cost_feat_spends_a_token():
    s = enter("e01")  # Unbroken Roar: potion -> roll 2 black
    s = play(s, "use Unbroken Roar (spending a potion token)")
    assert s.potions == 0
    assert rolls(s) == ["black", "black"]


# -- E3 gather and roll ---------------------------------------------------------------------------
def test_s6_e3_combat_rolls_one_die_per_stat_icon():
    s = play(enter("e01"), "roll the dice")  # Brannoc 1P: 3 yellow, 1 pink, 1 blue
    assert sorted(rolls(s)) == ["blue", "pink", "yellow", "yellow", "yellow"]
    s = settle_chance(s, [1, 2, 3, 4, 5])
    assert s.phase == "dice"
    assert s.pools == ((("blue", 5), ("pink", 4), ("yellow", 1), ("yellow", 2), ("yellow", 3)),)
    assert s.supply == (5, 7, 7, 6)


def test_s6_e3_items_add_dice():
    s = play(enter("e01", party=[HeroState("h1", items=("e02", "e12"))]), "roll the dice")
    # e02: +1 yellow; e12: +1 yellow +1 blue
    assert sorted(rolls(s)).count("yellow") == 5
    assert sorted(rolls(s)).count("blue") == 2


def test_s6_e3_peril_rolls_only_the_chosen_colour():
    s = enter("e34", heroes=("h3",))  # Ylva: 1 yellow, 1 pink, 4 blue
    s = settle_chance(play(s, option_text(s, "B")), ["e01", "e02", "e03"])
    s = play(s, "roll the dice")
    assert rolls(s) == ["blue"] * 4


def test_s6_e3_peril_option_colour_the_hero_lacks_rolls_nothing_but_bonus():
    s = enter("e34", heroes=("h1",), level=2)
    s = play(s, option_text(s, "A"))  # pink: Brannoc has 1 pink
    s = play(s, "roll the dice")
    assert sorted(rolls(s)) == ["black", "pink"]  # A8: bonus black dice in perils too


def test_s1_s6_e3_supply_limit_is_a_hard_cap():
    s = enter("e01", exiled=(7, 0, 0, 0))
    assert s.supply[0] == 1
    s = play(s, "roll the dice")
    assert sorted(rolls(s)) == ["blue", "pink", "yellow"]
    assert s.supply[0] == 0
    assert_conserved(s)


def test_s6_e3_a9_2p_short_supply_the_party_picks_who_gathers_first():
    """§6 E3 / A9: with 2 yellow dice left, Brannoc (3 yellow) and Sable (1 yellow) to gather,
    the party picks who gathers first."""
    s = enter("e01", heroes=("h1", "h2"), exiled=(6, 0, 0, 0))
    results = {}
    for a in acts(s, A.RollDice):
        after = s.apply(a)
        results[a.first] = sorted(h for h, c in after.rolls_due if c == "yellow")
        assert_conserved(after)
    assert results[0] == [0, 0]  # Brannoc first takes both
    assert results[1] == [0, 1]  # Sable first takes hers, Brannoc the last one


def test_s6_e3_a9_2p_no_gather_order_choice_when_the_supply_suffices():
    s = enter("e01", heroes=("h1", "h2"))
    assert len(acts(s, A.RollDice)) == 1


def test_s6_e3_no_bonus_dice_at_level_1():
    s = play(enter("e01"), "roll the dice")
    assert "black" not in rolls(s)


@pytest.mark.parametrize("level,bonus", [(2, 1), (3, 2), (4, 3)])
def test_s6_e3_s8_level_bonus_black_dice(level, bonus):
    s = play(enter("e01", level=level), "roll the dice")
    assert rolls(s).count("black") == bonus


def test_s6_e3_2p_party_assigns_bonus_dice():
    s = enter("e01", heroes=("h1", "h2"), level=2)
    assert [a.bonus for a in acts(s, A.RollDice)] == [(1, 0), (0, 1)]
    s = play(s, "roll the dice (bonus dice: 0 to Brannoc Ironhand, 1 to Sable Quickstep)")
    assert [(h, c) for h, c in s.rolls_due if c == "black"] == [(1, "black")]


def test_s6_e3_on_roll_ability_discards_dice_showing_the_value():
    """Sootwing Bat (e21): after rolling, every die showing 1 is discarded."""
    s = play(enter("e21"), "roll the dice")
    s = settle_chance(s, [1, 4, 1, 1, 6])  # yellow 1 4 1, pink 1, blue 6
    assert s.phase == "dice"
    assert s.pools == ((("blue", 6), ("yellow", 4)),)
    assert s.supply == (7, 8, 7, 6)
    assert_conserved(s)


def test_s6_e3_on_roll_ability_with_a_colour_only_hits_that_colour():
    """Lantern Wisp (e06): discard yellow dice showing 1; a pink 1 stays."""
    s = settle_chance(play(enter("e06"), "roll the dice"), [1, 2, 3, 1, 1])
    assert s.pools == ((("blue", 1), ("pink", 1), ("yellow", 2), ("yellow", 3)),)


def test_s6_e3_floor_on_roll_ability_applies_in_perils_too():
    """d3 floor 2: discard pink dice showing 1 after rolling."""
    s = enter("e43", dungeon="d3", floor=2, heroes=("h2",))
    s = play(s, option_text(s, "B"))  # pink, 2 time
    s = settle_chance(s, ["e01", "e02"])
    s = settle_chance(play(s, "roll the dice"), [1, 5, 1])
    assert s.pools == ((("pink", 5),),)


# -- E5 consequences ------------------------------------------------------------------------------
def test_s6_e5_hearts_of_uncovered_boxes_become_damage():
    s = dice_state([Box("yellow", 3, damage=2), Box("pink", 3, damage=1),
                    Box("blue", 3, damage=4)], [[("blue", 5)]])
    s = play(s, "place blue 5 on box 3 (blue 3 ♥♥♥♥)", "done: resolve consequences")
    assert s.heroes[0].damage == 3
    assert s.phase == "loot"


def test_s6_e5_a_box_may_show_hearts_and_hourglasses():
    s = dice_state([Box("yellow", 3, damage=1, time=1)], [[]])
    s = play(s, "done: resolve consequences")
    assert s.heroes[0].damage == 1
    assert s.time_due == 1 and s.is_chance


def test_s6_e5_prevent_reduces_damage():
    """Stand Firm (Brannoc, free, combat): prevent 1 heart."""
    s = dice_state([Box("yellow", 3, damage=2), Box("pink", 3, time=1)], [[]])
    s = play(s, "use Stand Firm", "done: resolve consequences")
    assert s.heroes[0].damage == 1
    assert s.time_due == 1  # hourglasses are not prevented by a hearts-only prevent


def test_a25_prevent_never_goes_below_zero_and_does_not_touch_time():
    s = dice_state([Box("yellow", 3, damage=1, time=1)], [[("yellow", 1)]],
                   party=[HeroState("h5")], heroes=("h5",))
    # Aegis (h5): 1 yellow -> prevent 1 heart and 1 hourglass; with Stand-Firm-like leftovers
    s = play(s, "use Aegis (paying yellow 1)", "done: resolve consequences")
    assert s.heroes[0].damage == 0 and s.time_due == 0


def test_a25_prevent_larger_than_the_hearts_is_lost():
    s = dice_state([Box("yellow", 3, damage=1)], [[("yellow", 1)]],
                   party=[HeroState("h1", skills=("e05",))])  # Shield Brace: prevent 2
    s = play(s, "use Shield Brace (paying yellow 1)", "done: resolve consequences")
    assert s.heroes[0].damage == 0
    s = play(s, "take the card as XP")
    assert s.prevented == (0, 0)  # cleared when the encounter ends


@pytest.mark.parametrize("hearts,even", [(2, [1, 1]), (4, [2, 2])])
def test_s6_e5_2p_even_damage_is_split_evenly(hearts, even):
    s = dice_state([Box("yellow", 3, damage=hearts)], [[], []], heroes=("h1", "h2"))
    s = play(s, "done: resolve consequences")
    assert [h.damage for h in s.heroes] == even
    assert not acts(s, A.TakeDamage)


def test_s6_e5_a13_2p_odd_damage_point_goes_to_the_hero_the_party_picks():
    s = dice_state([Box("yellow", 3, damage=3)], [[], []], heroes=("h1", "h2"))
    s = play(s, "done: resolve consequences")
    assert [h.damage for h in s.heroes] == [1, 1]
    assert [a.hero for a in s.legal_actions() if isinstance(a, A.TakeDamage)] == [0, 1]
    # besides picking the hero, only a healing potion may come first (A20)
    assert all(isinstance(a, A.TakeDamage) or a.kind == "potion" for a in s.legal_actions())
    s = play(s, "Sable Quickstep takes 1 damage")
    assert [h.damage for h in s.heroes] == [1, 2]
    assert s.phase == "loot"


def test_s6_e5_2p_single_heart_goes_to_the_chosen_hero():
    s = dice_state([Box("yellow", 3, damage=1)], [[], []], heroes=("h1", "h2"))
    s = play(s, "done: resolve consequences", "Brannoc Ironhand takes 1 damage")
    assert [h.damage for h in s.heroes] == [1, 0]


def test_a23_on_consequences_ability_adds_damage():
    """Bone Jackal Pack (e20): 1 damage at E5 even if every box is covered."""
    s = dice_state([Box("yellow", 1)], [[("yellow", 1)]], card="e20")
    s = play(s, "place yellow 1 on box 1 (yellow 1)", "done: resolve consequences")
    assert s.heroes[0].damage == 1


def test_a23_on_skill_use_ability_hurts_per_skill_use():
    """Mirror Shade (e13): 1 damage each time a skill is used."""
    s = dice_state([Box("yellow", 3)], [[("pink", 2)]], card="e13", heroes=("h2",))
    s = play(s, "use Light Fingers (on pink 2)")
    assert s.heroes[0].damage == 1


def test_a23_on_skill_use_ability_spends_time():
    """Hex Crow Flock (e18): 1 time per skill use."""
    s = dice_state([Box("yellow", 3)], [[]], card="e18")
    s = play(s, "use Stand Firm")
    assert s.time_due == 1 and s.is_chance


def test_s6_e4_done_is_always_legal_in_e4():
    s = dice_state([Box("yellow", 3)], [[("yellow", 6)]])
    assert "done: resolve consequences" in strs(s)


def test_s6_e4_2p_pools_are_separate():
    s = settle_chance(play(enter("e01", heroes=("h1", "h2")), "roll the dice"),
                      [1, 2, 3, 4, 5, 6, 1, 2, 3])
    # Brannoc 2P: 3Y 1P 1B; Sable 2P: 1Y 2P 1B; seat order, colour by colour
    assert len(s.pools[0]) == 5 and len(s.pools[1]) == 4
    assert_conserved(s)


def test_s5_4_an_opened_door_shows_what_facing_it_means():
    """§5.4: the card behind an opened door is face up: before face or flee the party sees its
    boxes (a combat) or its peril options, in the text and on the board. Found: only its name."""
    combat, peril = at_door("e01"), at_door("e34")
    card = combat.encounter_card
    assert card.kind == "combat" and peril.encounter_card.kind == "peril"
    for box in card.boxes:
        assert f"box: {box}" in str(combat)
    for o in peril.encounter_card.options:
        assert f"box {o.box}" in str(peril) and o.label in str(peril)
    import odd_nb
    board = odd_nb.load_game("one-deck-dungeon").view().board(combat, None)
    encounter = next(z for z in board["zones"] if z["title"] == "Encounter")["items"]
    shown = [(p["colour"], p["target"], p["damage"], p["time"]) for p in encounter
             if p["type"] == "box"]
    assert all((b.colour, b.target, b.damage, b.time) in shown for b in card.boxes)


def test_s7_action_labels_name_costs_that_are_not_dice():
    """§7: a feat paid with a potion token says so. Found: "use Unbroken Roar" spent a potion
    token without a word."""
    s = enter("e01")
    roar = [a for a in acts(s, A.Use) if a.name == "Unbroken Roar"]
    assert roar and all("spending a potion token" in str(a) for a in roar)
    after = play(s, str(roar[0]))
    assert after.potions == s.potions - 1
