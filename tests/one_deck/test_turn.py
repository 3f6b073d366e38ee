"""§5 turn structure: §5.3 explore (door limit, deck running out, turn 1), §5.4 entering rooms
(closed door reveal as an exact chance node, flee, open doors)."""


from collections import Counter
from fractions import Fraction

import pytest

from rules_kit import (A, IllegalAction, all_cards, fresh, new, play, resolve_first, settle_chance,
                       strs, with_deck)


def in_turn(dungeon="d1", deck=None, closed=(), heroes=("h1",), **fields):
    """After time passed: the party chooses explore or a room."""
    s = with_deck(new(heroes, dungeon), deck=deck, closed=closed, **fields)
    return fresh(s, phase="turn")


# -- §5.3 explore --------------------------------------------------------------------------------
def test_s5_3_turn_one_must_explore():
    s = new()
    assert strs(s) == ["time passes"]
    s = settle_chance(play(s, "time passes"), ["e01", "e02"])
    assert strs(s) == ["explore"]


def test_s5_3_explore_fills_the_doors_to_the_limit_of_4_and_ends_the_turn():
    s = settle_chance(play(new(), "time passes"), ["e01", "e02"])
    s = play(s, "explore")
    assert s.closed_doors == 4 and s.deck_size == 38
    assert len(s.unseen) == 42  # the closed doors are still unknown cards
    assert s.phase == "turn start" and s.turn == 2


def test_s5_3_d4_door_limit_is_3():
    s = settle_chance(play(new(dungeon="d4"), "time passes"), ["e01", "e02"])
    assert s.door_limit == 3
    s = play(s, "explore")
    assert s.closed_doors == 3 and s.deck_size == 39


def test_s5_3_explore_counts_open_doors_towards_the_limit():
    s = in_turn("d4", closed=["e03"], open_doors=("e05",))
    assert s.doors == 2
    deck = s.deck_size
    s = play(s, "explore")
    assert s.closed_doors == 2 and len(s.open_doors) == 1
    assert s.deck_size == deck - 1


def test_s5_3_explore_draws_no_more_than_the_deck_holds():
    s = in_turn(deck=["e01", "e02"])
    s = play(s, "explore")
    assert s.closed_doors == 2 and s.deck_size == 0
    assert s.stairs_showing
    assert s.phase == "turn start"


def test_s5_3_explore_is_illegal_at_the_door_limit():
    s = in_turn("d4", closed=["e01", "e02", "e03"])
    assert "explore" not in strs(s)
    with pytest.raises(IllegalAction):
        play(s, "explore")
    with pytest.raises(IllegalAction, match="limit"):
        s.apply(A.EXPLORE)


def test_s5_3_explore_is_illegal_with_the_stairs_showing():
    s = in_turn(deck=[], closed=["e01"])
    assert s.stairs_showing and s.doors < s.door_limit
    assert "explore" not in strs(s)
    assert set(strs(s)) == {"open a closed door", "descend"}
    with pytest.raises(IllegalAction, match="stairs"):
        s.apply(A.EXPLORE)


def test_a5_stairs_showing_and_no_doors_forces_descending():
    s = in_turn(deck=[])
    assert strs(s) == ["descend"]


def test_s5_3_cards_are_conserved_by_exploring():
    s = in_turn(open_doors=("e09",))
    s2 = play(s, "explore")
    assert all_cards(s2) == all_cards(s)


# -- §5.4 enter a room ---------------------------------------------------------------------------
def test_s5_4_opening_a_closed_door_is_a_chance_node_over_the_unseen_cards():
    s = settle_chance(play(new(), "time passes"), ["e01", "e02"])
    s = play(play(s, "explore"), "time passes")
    s = resolve_first(s)
    assert "open a closed door" in strs(s)
    unseen = s.unseen
    s = play(s, "open a closed door")
    assert s.is_chance and s.phase == "opening"
    outcomes = s.chance_outcomes()
    assert sum(p for _, p in outcomes) == 1
    assert {o.card for o, _ in outcomes} == set(unseen)
    assert all(p == Fraction(1, len(unseen)) for _, p in outcomes)


def test_s5_4_reveal_probabilities_are_exact_with_repeated_cards():
    s = in_turn(deck=[], closed=["e01"])
    s = fresh(s, unseen=("e01", "e01", "e02"), closed_doors=3)
    s = play(s, "open a closed door")
    got = {o.card: p for o, p in s.chance_outcomes()}
    assert got == {"e01": Fraction(2, 3), "e02": Fraction(1, 3)}


def test_s5_4_revealed_card_leaves_the_unseen_cards_and_the_party_faces_or_flees():
    s = in_turn(closed=["e07", "e08"])
    before = Counter(s.unseen)
    s = play(s, "open a closed door")
    s = settle_chance(s, ["e07"])
    assert s.phase == "door" and s.card == "e07"
    assert s.closed_doors == 1
    assert Counter(s.unseen) == before - Counter(["e07"])
    assert strs(s) == ["face the encounter", "flee"]


def test_s5_4_fleeing_ends_the_turn_and_leaves_an_open_door_without_start_ability():
    """Ashen Hound (e07) deals 1 damage on start; fleeing skips it."""
    s = in_turn(closed=["e07"])
    turn = s.turn
    s = settle_chance(play(s, "open a closed door"), ["e07"])
    s = play(s, "flee")
    assert s.open_doors == ("e07",) and s.closed_doors == 0
    assert s.card is None
    assert s.heroes[0].damage == 0
    assert s.phase == "turn start" and s.turn == turn + 1


def test_s5_4_fleeing_a_peril_pays_no_option_time():
    s = in_turn(closed=["e34"])
    deck = s.deck_size
    s = play(settle_chance(play(s, "open a closed door"), ["e34"]), "flee")
    assert not s.is_chance and s.deck_size == deck


def test_s5_4_an_open_door_must_be_faced_and_cannot_be_fled():
    s = in_turn(open_doors=("e07",))
    s = play(s, "enter the open door Ashen Hound (e07)")
    assert s.open_doors == ()
    assert s.card == "e07"
    assert s.phase == "feats"  # straight into the encounter: no face/flee choice
    assert s.heroes[0].damage == 1  # its start ability happens now
    assert "flee" not in strs(s)
    with pytest.raises(IllegalAction, match="open door"):
        s.apply(A.FLEE)


def test_s5_4_open_doors_are_offered_once_per_distinct_card():
    s = in_turn(open_doors=("e07", "e09"))
    assert sorted(t for t in strs(s) if t.startswith("enter")) == [
        "enter the open door Ashen Hound (e07)", "enter the open door Hollow Knight (e09)"]


def test_s5_4_after_the_encounter_the_turn_ends():
    s = in_turn(closed=["e01"])
    turn = s.turn
    s = play(settle_chance(play(s, "open a closed door"), ["e01"]), "face the encounter")
    s = settle_chance(play(s, "roll the dice"), [6, 6, 6, 6, 6])
    s = play(s, "place pink 6 on box 1 (pink 3 ♥)", "place yellow 6 on box 2 (yellow 3 ⌛)",
             "place yellow 6 on box 3 (yellow 3 ♥)", "done: resolve consequences",
             "take the card as XP")
    assert s.phase == "turn start" and s.turn == turn + 1
    assert s.xp_cards == ("e01",)
