"""§4 / A7 heroic conversion (2-for-1)."""

import dataclasses

import pytest

from rules_kit import (A, Box, HeroState, IllegalAction, acts, assert_conserved, dice_state, enter,
                       play, settle_chance, strs)

BOXES = [Box("yellow", 3)]


def test_s4_two_dice_become_one_black_die_of_the_lower_value():
    s = dice_state(BOXES, [[("yellow", 5), ("pink", 2)]])
    supply = s.supply
    s = play(s, "convert pink 2 and yellow 5 into black 2")
    assert s.pools == ((("black", 2),),)
    assert s.supply == (supply[0] + 1, supply[1] + 1, supply[2], supply[3] - 1)
    assert_conserved(s)


def test_s4_conversion_of_two_equal_dice():
    s = dice_state(BOXES, [[("blue", 4), ("blue", 4)]])
    s = play(s, "convert blue 4 and blue 4 into black 4")
    assert s.pools == ((("black", 4),),)


def test_a7_conversion_with_no_black_in_supply_works_if_one_die_is_black():
    """A7: the two dice return first, so a black die among them supplies the new black die."""
    s = dice_state(BOXES, [[("black", 5), ("yellow", 3)]], exiled=(0, 0, 0, 5))
    assert s.supply[3] == 0
    s = play(s, "convert black 5 and yellow 3 into black 3")
    assert s.pools == ((("black", 3),),)
    assert s.supply[3] == 0
    assert_conserved(s)


def test_a7_conversion_not_offered_without_a_black_die_available():
    s = dice_state(BOXES, [[("yellow", 5), ("pink", 4)]], exiled=(0, 0, 0, 6))
    assert s.supply[3] == 0
    assert not acts(s, A.Convert)
    with pytest.raises(IllegalAction):
        s.apply(A.Convert((0, ("pink", 4)), (0, ("yellow", 5)), 0))


def test_s4_2p_conversion_uses_dice_of_both_heroes_and_the_party_picks_the_receiver():
    s = dice_state(BOXES, [[("yellow", 5)], [("pink", 2)]], heroes=("h1", "h2"))
    mixed = acts(s, A.Convert, first=(0, ("yellow", 5)), second=(1, ("pink", 2)))
    assert {a.to for a in mixed} == {0, 1}
    to_second = s.apply(A.Convert((0, ("yellow", 5)), (1, ("pink", 2)), 1))
    assert to_second.pools == ((), (("black", 2),))
    to_first = s.apply(A.Convert((0, ("yellow", 5)), (1, ("pink", 2)), 0))
    assert to_first.pools == ((("black", 2),), ())
    assert_conserved(to_second)
    assert_conserved(to_first)


def test_a7_2p_a_hero_converts_only_their_own_two_dice_and_keeps_the_black_die():
    """§4: a hero trades two of their own dice; the party chooses who receives the black die
    only when each hero gives one. Found: the engine offered Brannoc's two dice as a black die
    for Sable."""
    s = dice_state(BOXES, [[("yellow", 4), ("yellow", 5)], [("pink", 2)]], heroes=("h1", "h2"))
    own = acts(s, A.Convert, first=(0, ("yellow", 4)), second=(0, ("yellow", 5)))
    assert [a.to for a in own] == [0]
    assert "Brannoc Ironhand converts yellow 4 and yellow 5 into black 4" in [str(a) for a in own]
    with pytest.raises(IllegalAction):
        s.apply(A.Convert((0, ("yellow", 4)), (0, ("yellow", 5)), 1))
    s = play(s, "Brannoc Ironhand converts yellow 4 and yellow 5 into black 4")
    assert s.pools == ((("black", 4),), (("pink", 2),))
    assert_conserved(s)


def test_s4_two_black_dice_are_not_converted_in_e4():
    """§4: in E4 two black dice into one black die only loses a die; discarding the lower one
    frees the same black die for the supply: not offered."""
    s = dice_state(BOXES, [[("black", 3), ("black", 6), ("pink", 2)]])
    pairs = {(a.first[1][0], a.second[1][0]) for a in acts(s, A.Convert)}
    assert ("black", "black") not in pairs and ("black", "pink") in pairs


def test_s4_e3_two_black_dice_convert_in_e2_when_the_supply_is_short_of_bonus_dice():
    """§4 ("any two dice"): converting two black dice gives one back to the supply. In E2,
    where nothing is discarded, that is how a party whose feats emptied the supply rolls all of
    the level's bonus dice (E3); with enough black dice in the supply it only loses a die."""
    def e2(level):
        s = dice_state(BOXES, [[("black", 1), ("black", 1)], [("black", 4), ("black", 5)]],
                       heroes=("h1", "h3"), level=level)
        return dataclasses.replace(s, phase="feats")
    short = e2(4)  # 3 bonus dice, 2 black dice in the supply
    assert short.supply[3] == 2 and short.level_side.bonus_dice == 3
    pair = "Brannoc Ironhand converts black 1 and black 1 into black 1"
    assert pair in strs(short)
    def black_rolled(s):  # all the bonus dice to Brannoc
        s = s.apply(acts(s, A.RollDice)[0])
        return s, [colour for _, colour in s.rolls_due].count("black")
    after, black = black_rolled(play(short, pair))
    assert (black_rolled(short)[1], black) == (2, 3)
    assert_conserved(after)
    enough = e2(3)  # 2 bonus dice
    assert not any(a.first[1][0] == a.second[1][0] == "black" for a in acts(enough, A.Convert))


def test_s4_2p_conversion_text_names_heroes_and_receiver():
    s = dice_state(BOXES, [[("yellow", 5)], [("pink", 2)]], heroes=("h1", "h2"))
    s = play(s, "convert Brannoc Ironhand's yellow 5 and Sable Quickstep's pink 2 into black 2 "
                "for Sable Quickstep")
    assert s.pools[1] == (("black", 2),)


def test_s4_conversion_is_forbidden_by_a_continuous_conversion_ability():
    """Chain Warden (e15) has a continuous 'forbid conversion' ability."""
    s = enter("e15")
    s = play(s, "roll the dice")
    s = settle_chance(s, [5, 4, 3, 2, 1])
    assert s.phase == "dice"
    assert len(s.pools[0]) == 5
    assert not acts(s, A.Convert)
    with pytest.raises(IllegalAction):
        s.apply(A.Convert((0, ("blue", 1)), (0, ("pink", 2)), 0))
    # the same dice against a card without the ability may convert
    other = dice_state(BOXES, [s.pools[0]])
    assert acts(other, A.Convert)


def test_a7_converted_black_die_may_then_pay_a_cost():
    """A7: e.g. to reach a magic total: Starweave costs blue dice totalling 3."""
    s = dice_state(BOXES, [[("blue", 2), ("yellow", 4), ("pink", 4)]], heroes=("h3",))
    assert not acts(s, A.Use, ident="hs_starweave")
    s = play(s, "convert pink 4 and yellow 4 into black 4")
    assert acts(s, A.Use, ident="hs_starweave", pay=(("black", 4),))


def test_a7_conversion_is_offered_in_e2_only_where_it_helps():
    """A7: conversion is an atomic action whenever pools exist (E2-E4). In E2 the pools hold the
    feats' black dice only (Trailmark, h4, rolls one black die plus the stored one), and two
    black dice are never converted (§4): nothing to offer until the roll."""
    s = enter("e01", heroes=("h4",), party=[HeroState("h4", stored=1)])
    s = play(s, "use Trailmark")
    s = settle_chance(s, [3, 6])
    assert s.phase == "feats" and s.pools == ((("black", 3), ("black", 6)),)
    assert not acts(s, A.Convert)
