"""§4 Placing dice: small and wide boxes, black dice, "any" boxes, armor first (A11), illegal
placements, voluntary discard."""

import pytest

from rules_kit import (A, Box, IllegalAction, acts, assert_conserved, dice_state, enter, play,
                       settle_chance)


def place(s, hero, die, box):
    return s.apply(A.Place(hero, die, box))


def can_place(s, hero, die, box) -> bool:
    return bool(acts(s, A.Place, hero=hero, die=die, box=box))


# -- small boxes ----------------------------------------------------------------------------------
def test_s4_small_box_yellow_4_covers_small_yellow_3():
    s = dice_state([Box("yellow", 3, damage=1)], [[("yellow", 4)]])
    assert can_place(s, 0, ("yellow", 4), 0)
    s = place(s, 0, ("yellow", 4), 0)
    assert s.placed == ((("yellow", 4),),)
    assert s.pools == ((),)
    assert_conserved(s)
    s = play(s, "done: resolve consequences")
    assert s.heroes[0].damage == 0  # covered: its heart does not hurt


def test_s4_small_box_yellow_3_covers_small_yellow_3_exactly():
    s = dice_state([Box("yellow", 3)], [[("yellow", 3)]])
    assert can_place(s, 0, ("yellow", 3), 0)


def test_s4_small_box_value_below_target_is_refused():
    s = dice_state([Box("yellow", 3)], [[("yellow", 2)]])
    assert not can_place(s, 0, ("yellow", 2), 0)
    with pytest.raises(IllegalAction, match="3 or more"):
        place(s, 0, ("yellow", 2), 0)


def test_s4_pink_6_does_not_go_on_a_small_yellow_box():
    s = dice_state([Box("yellow", 3)], [[("pink", 6)]])
    assert not can_place(s, 0, ("pink", 6), 0)
    with pytest.raises(IllegalAction, match="takes yellow or black dice; that die is pink"):
        place(s, 0, ("pink", 6), 0)


def test_s3_s4_black_die_is_wild_on_a_small_yellow_box():
    s = dice_state([Box("yellow", 3)], [[("black", 3)]])
    assert can_place(s, 0, ("black", 3), 0)
    s = place(s, 0, ("black", 3), 0)
    assert s.placed == ((("black", 3),),)


def test_s4_black_die_still_needs_the_value_on_a_small_box():
    s = dice_state([Box("yellow", 3)], [[("black", 2)]])
    assert not can_place(s, 0, ("black", 2), 0)


def test_s4_small_box_takes_exactly_one_die():
    s = dice_state([Box("yellow", 3)], [[("yellow", 4), ("yellow", 5)]])
    s = place(s, 0, ("yellow", 4), 0)
    assert not acts(s, A.Place)
    with pytest.raises(IllegalAction, match="already covered"):
        place(s, 0, ("yellow", 5), 0)


# -- wide boxes -----------------------------------------------------------------------------------
def test_s4_wide_pink_8_covered_by_pink_5_and_pink_3():
    s = dice_state([Box("pink", 8, wide=True, damage=1)], [[("pink", 5), ("pink", 3)]])
    s = place(s, 0, ("pink", 5), 0)
    assert can_place(s, 0, ("pink", 3), 0)  # a wide box short of its sum takes more dice
    s = place(s, 0, ("pink", 3), 0)
    assert sorted(s.placed[0]) == [("pink", 3), ("pink", 5)]
    assert not acts(s, A.Place)  # covered: no more dice
    s = play(s, "done: resolve consequences")
    assert s.heroes[0].damage == 0


def test_s4_wide_pink_8_with_only_pink_5_stays_uncovered():
    """§4: a wide box whose dice sum short is uncovered; those dice are wasted."""
    s = dice_state([Box("pink", 8, wide=True, damage=1)], [[("pink", 5)]])
    s = place(s, 0, ("pink", 5), 0)
    s = play(s, "done: resolve consequences")
    assert s.heroes[0].damage == 1


def test_s4_wide_box_accepts_low_dice_and_black_dice_in_the_sum():
    s = dice_state([Box("yellow", 7, wide=True, damage=1)],
                   [[("yellow", 1), ("black", 6), ("pink", 6)]])
    assert can_place(s, 0, ("yellow", 1), 0)
    assert can_place(s, 0, ("black", 6), 0)
    assert not can_place(s, 0, ("pink", 6), 0)
    s = place(place(s, 0, ("yellow", 1), 0), 0, ("black", 6), 0)
    s = play(s, "done: resolve consequences")
    assert s.heroes[0].damage == 0


def test_s4_covered_wide_box_takes_no_more_dice():
    s = dice_state([Box("blue", 5, wide=True)], [[("blue", 6), ("blue", 2)]])
    s = place(s, 0, ("blue", 6), 0)
    assert not can_place(s, 0, ("blue", 2), 0)
    with pytest.raises(IllegalAction, match="already covered"):
        place(s, 0, ("blue", 2), 0)


def test_s4_2p_both_heroes_add_dice_to_one_wide_box():
    s = dice_state([Box("pink", 8, wide=True, damage=2)],
                   [[("pink", 5)], [("pink", 4)]], heroes=("h1", "h2"))
    s = place(s, 0, ("pink", 5), 0)
    assert can_place(s, 1, ("pink", 4), 0)
    s = place(s, 1, ("pink", 4), 0)
    s = play(s, "done: resolve consequences")
    assert [h.damage for h in s.heroes] == [0, 0]


def test_s4_2p_small_box_from_either_hero():
    s = dice_state([Box("yellow", 3)], [[("yellow", 4)], [("yellow", 5)]], heroes=("h1", "h2"))
    assert can_place(s, 0, ("yellow", 4), 0)
    assert can_place(s, 1, ("yellow", 5), 0)


# -- "any" boxes ----------------------------------------------------------------------------------
@pytest.mark.parametrize("colour", ["yellow", "pink", "blue", "black"])
def test_s14_any_box_takes_every_colour(colour):
    s = dice_state([Box("any", 3)], [[(colour, 3)]])
    assert can_place(s, 0, (colour, 3), 0)


def test_s14_any_box_still_needs_the_value():
    s = dice_state([Box("any", 3)], [[("blue", 2)]])
    assert not can_place(s, 0, ("blue", 2), 0)


def test_s14_black_box_takes_only_black_dice():
    s = dice_state([Box("black", 2)], [[("yellow", 6), ("black", 2)]])
    assert not can_place(s, 0, ("yellow", 6), 0)
    assert can_place(s, 0, ("black", 2), 0)


# -- armor first ----------------------------------------------------------------------------------
def test_s4_armor_first_blocks_plain_boxes_until_covered():
    s = dice_state([Box("yellow", 3, armor=True, damage=1), Box("pink", 3, damage=1)],
                   [[("yellow", 4), ("pink", 5)]])
    assert {(a.die, a.box) for a in acts(s, A.Place)} == {(("yellow", 4), 0)}
    with pytest.raises(IllegalAction, match="armor first"):
        place(s, 0, ("pink", 5), 1)
    s = place(s, 0, ("yellow", 4), 0)
    assert can_place(s, 0, ("pink", 5), 1)


def test_s4_armor_first_every_armor_box_must_be_covered():
    s = dice_state([Box("blue", 3, armor=True), Box("yellow", 2, armor=True),
                    Box("pink", 4)], [[("blue", 3), ("yellow", 2), ("pink", 4)]])
    s = place(s, 0, ("blue", 3), 0)
    assert not can_place(s, 0, ("pink", 4), 2)  # the yellow armor box is still open
    s = place(s, 0, ("yellow", 2), 1)
    assert can_place(s, 0, ("pink", 4), 2)


def test_a11_armor_first_includes_dungeon_floor_boxes():
    """A11: while the Hollow Knight's armor box is open, the floor's yellow 3 box is closed too."""
    s = enter("e09")  # armor yellow 3, yellow 5, pink 4, wide any 12 + floor 1 yellow 3
    assert s.boxes[-1] == Box("yellow", 3, damage=1)  # d1 floor 1 combat box
    s = play(s, "roll the dice")
    s = settle_chance(s, [6, 3, 2, 4, 4])  # yellow 6 3 2, pink 4, blue 4
    floor_box = len(s.boxes) - 1
    assert not can_place(s, 0, ("yellow", 6), floor_box)
    assert {a.box for a in acts(s, A.Place)} == {0}
    s = place(s, 0, ("yellow", 3), 0)
    assert can_place(s, 0, ("yellow", 6), floor_box)


def test_a11_armor_box_on_the_floor_row_blocks_card_boxes():
    s = dice_state([Box("yellow", 3), Box("pink", 2, armor=True)], [[("yellow", 3), ("pink", 2)]])
    assert not can_place(s, 0, ("yellow", 3), 0)
    assert can_place(s, 0, ("pink", 2), 1)


def test_s4_wide_armor_box_counts_as_open_until_its_sum_is_reached():
    s = dice_state([Box("yellow", 8, wide=True, armor=True), Box("pink", 2)],
                   [[("yellow", 5), ("yellow", 3), ("pink", 2)]])
    s = place(s, 0, ("yellow", 5), 0)
    assert not can_place(s, 0, ("pink", 2), 1)
    s = place(s, 0, ("yellow", 3), 0)
    assert can_place(s, 0, ("pink", 2), 1)


# -- illegal placements ---------------------------------------------------------------------------
def test_s4_illegal_placement_raises_value_error_and_leaves_the_state_unchanged():
    s = dice_state([Box("yellow", 3, armor=True), Box("pink", 3)],
                   [[("yellow", 1), ("pink", 5)]])
    before = (s.pools, s.placed, s.supply, s.phase)
    legal_before = [str(a) for a in s.legal_actions()]
    with pytest.raises(ValueError) as info:
        s.apply(A.Place(0, ("pink", 5), 1))
    assert isinstance(info.value, IllegalAction)
    assert "armor first" in str(info.value)
    assert (s.pools, s.placed, s.supply, s.phase) == before
    assert [str(a) for a in s.legal_actions()] == legal_before


def test_s4_placing_a_die_not_in_the_pool_is_refused():
    s = dice_state([Box("yellow", 3)], [[("yellow", 4)]])
    with pytest.raises(IllegalAction, match="no yellow 5"):
        place(s, 0, ("yellow", 5), 0)


def test_s4_placing_on_a_missing_box_is_refused():
    s = dice_state([Box("yellow", 3)], [[("yellow", 4)]])
    with pytest.raises(IllegalAction, match="no box 3"):
        place(s, 0, ("yellow", 4), 2)


def test_s4_dice_are_placed_only_in_e4():
    s = enter("e01")  # E2: nothing rolled yet
    assert s.phase == "feats"
    with pytest.raises(IllegalAction, match="E4"):
        s.apply(A.Place(0, ("yellow", 4), 0))


# -- voluntary discard ----------------------------------------------------------------------------
def test_s4_voluntary_discard_returns_the_die_to_the_supply():
    s = dice_state([Box("yellow", 3)], [[("yellow", 4), ("pink", 2)]])
    supply = s.supply
    s = play(s, "discard pink 2")
    assert s.pools == ((("yellow", 4),),)
    assert s.supply == (supply[0], supply[1] + 1, supply[2], supply[3])
    assert_conserved(s)


def test_s4_2p_voluntary_discard_names_the_hero():
    s = dice_state([Box("yellow", 3)], [[("yellow", 4)], [("blue", 2)]], heroes=("h1", "h2"))
    s = play(s, "Sable Quickstep: discard blue 2")
    assert s.pools == ((("yellow", 4),), ())
    assert s.supply[2] == 8


def test_s3_encounter_end_returns_pool_and_box_dice():
    s = dice_state([Box("yellow", 3)], [[("yellow", 4), ("pink", 2), ("black", 5)]])
    s = place(s, 0, ("yellow", 4), 0)
    s = play(s, "done: resolve consequences", "take the card as XP")
    assert s.phase == "turn start"
    assert s.supply == (8, 8, 8, 6)
    assert s.pools == ((),) and s.boxes == () and s.placed == ()
