"""Setup and the turn (docs/rules/fog-town.md §2, §3, §4.1, §4.2, §12, §15.1)."""

from fractions import Fraction

import pytest

from fog_kit import SHIPPED, acting, outcomes, placed, play, replace, start, texts, with_player
from odd_nb import IllegalAction, OptionError


def test_s2_setup_lamplighter_on_zero_empty_boards_and_a_start_of_ones_choice():
    """§2.3, §2.4, §2.6: clock 0, no bells, 0 wounds, bare hands; each player picks a starting
    location in turn order from the first player."""
    s = start(players=3, first_player=1)
    assert (s.clock, s.bells, s.blackout_until) == (0, (), 0)
    assert all(p.wounds == 0 and p.hand is None and not p.items for p in s.players)
    assert s.current == 1 and texts(s) == ["start at the Ferry Landing",
                                           "start at the Post Office"]
    s = play(s, "start at the Post Office")
    assert s.current == 2
    s = play(s, "start at the Ferry Landing", "start at the Ferry Landing")
    assert s.phase == "start" and s.current == 1
    assert [p.node for p in s.players] == ["ferry-landing", "post-office", "ferry-landing"]


def test_a4_random_first_player_is_a_fair_chance_node():
    """A4, §15.1: each seat goes first with probability 1/n."""
    s = start(players=4, first_player="random")
    assert s.is_chance
    assert outcomes(s) == {f"seat {i} goes first": Fraction(1, 4) for i in range(4)}
    s = play(s, "seat 2 goes first")
    assert s.current == 2 and s.phase == "setup"


def test_a4_first_player_option_must_be_a_seat_of_the_table():
    with pytest.raises(OptionError):
        start(players=2, first_player=3)
    with pytest.raises(OptionError):
        start(players=2, first_player="seat one")


def test_s1_6_the_die_is_a_chance_node_of_exact_faces():
    """§1.6, §15.1, A3: each face 1/6, or 1/f with die_faces."""
    s = play(placed(), "roll the die")
    assert outcomes(s) == {f"roll {v}": Fraction(1, 6) for v in range(1, 7)}
    s = play(placed(die_faces=4), "roll the die")
    assert outcomes(s) == {f"roll {v}": Fraction(1, 4) for v in range(1, 5)}


def test_s3_3_ap_are_the_roll_plus_the_banked_value_which_is_used_up():
    s = with_player(placed(), banked=2)
    s = play(s, "roll the die", "roll 2")
    assert s.phase == "act" and s.ap == 4 and s.players[0].banked == 0


def test_s3_4_a_low_roll_in_a_location_may_be_banked_ending_the_turn():
    """§3.4, A5: bank the 1 or 2 instead of AP; the turn ends; the next roll adds it."""
    s = play(placed(), "roll the die", "roll 2")
    assert texts(s) == ["bank the 2", "take 2 AP"]
    s = play(s, "bank the 2")
    assert s.players[0].banked == 2 and s.phase == "start" and s.round == 2 and s.clock == 1
    s = play(s, "roll the die", "roll 1")
    assert s.phase == "act" and s.ap == 3, "nothing more is banked while 2 is banked (A5)"


def test_s3_4_no_bank_on_the_street_or_for_a_high_roll():
    s = play(placed(), "roll the die", "roll 3")
    assert s.phase == "act" and s.ap == 3
    s = with_player(placed(), node="c22")
    s = play(s, "roll the die", "roll 1")
    assert s.phase == "act" and s.ap == 1


def test_s3_3_rest_heals_two_never_below_zero_and_ends_the_turn():
    """§3.3, §11.1, A6: in a location, instead of rolling."""
    s = with_player(placed(), wounds=3)
    s = play(s, "rest")
    assert s.players[0].wounds == 1 and s.phase == "start" and s.clock == 1
    s = play(s, "rest")
    assert s.players[0].wounds == 0
    street = with_player(placed(), node="c22")
    assert "rest" not in texts(street)


def test_s4_1_a_move_follows_one_edge_for_1_ap():
    s = acting(placed(), 3)
    assert "move to circle B2" in texts(s) and "move to circle A1" not in texts(s)
    s = play(s, "move to circle B2")
    assert s.players[0].node == "c22" and s.ap == 2


def test_s4_2_a_move_onto_a_circle_turns_over_a_street_card_a_move_into_a_location_not():
    """§4.2, A7: the street card is a chance node over the deck's cards by copies."""
    s = play(acting(placed(), 3), "move to circle B2")
    assert s.is_chance
    outs = outcomes(s)
    assert outs["turn over Rat Swarm"] == Fraction(2, 12)
    assert outs["turn over nothing"] == Fraction(3, 12)
    s = play(s, "turn over nothing")
    assert s.phase == "act" and s.piles[0].discard == ("empty",)
    s = play(s, "move to the Ferry Landing")
    assert not s.is_chance and s.players[0].node == "ferry-landing" and s.ap == 1


def test_s3_6_the_turn_ends_on_its_own_with_no_ap_and_nothing_free_to_do():
    s = play(acting(placed(), 1), "move to circle B2", "turn over nothing")
    assert s.phase == "start" and s.round == 2


def test_s3_6_s12_1_each_round_moves_the_lamplighter_once_after_the_last_seat():
    """§3.6, §12.1, A21: with 2 players, one step per round, not per turn."""
    s = placed(players=2)
    s = play(s, "rest")
    assert s.current == 1 and s.clock == 0
    s = play(s, "rest")
    assert s.current == 0 and s.clock == 1 and s.round == 2
    s = placed(hunter_per_round=3)
    assert play(s, "rest").clock == 3


def test_s12_3_midnight_ends_the_game_and_everyone_loses():
    s = replace(placed(), clock=23)
    s = play(s, "rest")
    assert s.is_terminal and s.ended == "midnight" and s.returns() == [0.0]


def test_s12_2_a_step_onto_bells_starts_a_blackout_until_the_end_of_the_next_round():
    """§12.2, A22: bells removed; the Blackout lasts the round after the one it began in."""
    s = replace(placed(), clock=4, bells=(5,))
    s = play(s, "rest")                   # round 1 ends: the Lamplighter steps onto 5
    assert s.clock == 5 and s.bells == () and s.blackout_until == 2
    s = play(s, "rest")                   # round 2 ends: the Blackout is over
    assert s.blackout_until == 0 and s.clock == 6


def test_a22_a_blackout_effect_from_the_data_changes_rule_numbers():
    """§12.2, A22: the shipped town's "dark-streets" makes a move cost 2 AP."""
    s = SHIPPED.new_initial_state(first_player=0, blackout_effect="dark-streets")
    s = play(s, "start at the Coaching Inn")
    s = replace(s, phase="act", ap=1, blackout_until=1)
    assert not any(t.startswith("move") for t in texts(s))
    s = replace(s, ap=2)
    s = play(s, "move to Market Cross")
    assert s.ap == 0
    with pytest.raises(OptionError):
        start(blackout_effect="dark-streets")  # the test town has no such effect


def test_illegal_actions_are_refused_in_the_rules_words_and_change_nothing():
    """§4.3: exploring from the Ferry Landing (a starting location) is no legal action."""
    from odd_nb.games.fog_town.actions import EXPLORE, act
    s = acting(placed(), 1)
    with pytest.raises(IllegalAction, match="§4.3"):
        s.apply(act(EXPLORE, "ferry-landing", None, "explore the Ferry Landing"))
    assert s == acting(placed(), 1)
