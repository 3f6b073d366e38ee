"""Setup (§4) and the turn (§5), the end of the game (§13): docs/rules/dungeon-twister.md."""

import random
from dataclasses import replace
from fractions import Fraction

import pytest

from odd_nb import OptionError
from odd_nb.games.dungeon_twister import DungeonTwister

from dt_kit import B, Y, play, position, texts


def setup_until(phase, seed=0):
    s = DungeonTwister().new_initial_state()
    rng = random.Random(seed)
    while s.phase != phase:
        if s.is_chance:
            s = s.apply(s.chance_outcomes()[0][0])
        else:
            s = s.apply(rng.choice(s.legal_actions()))
    return s


def test_s4_2_seat_0_chooses_four_starting_characters_on_the_fixed_squares_A4():
    """§4.2, A4: one character per starting square, columns 1, 3, 6, 8 of the own line."""
    s = DungeonTwister().new_initial_state()
    assert s.phase == "choose" and s.to_move == 0
    assert len(s.legal_actions()) == 8
    s = play(s, "the Wizard starts on b0", "the Thief starts on d0", "the Troll starts on g0")
    assert texts(s) == [f"the {n} starts on i0" for n in
                        ["Cleric", "Goblin", "Gearwright", "Phasewalker", "Warrior"]]
    s = play(s, "the Cleric starts on i0")
    assert s.loc[Y("Wizard")] == ("start", 0, 1) and s.loc[Y("Cleric")] == ("start", 0, 8)


def test_A38_the_first_placer_is_drawn_between_the_commits_and_is_fair():
    """A30, A38: after seat 0's four commits a fair chance node names the first placer; then
    seat 1 commits on its own line (row 21)."""
    s = setup_until("first placer")
    assert s.is_chance
    assert [(str(o), p) for o, p in s.chance_outcomes()] == [
        ("Yellow places first", Fraction(1, 2)), ("Blue places first", Fraction(1, 2))]
    s = s.apply(s.chance_outcomes()[1][0])
    assert s.phase == "choose" and s.to_move == 1 and s.first_placer == 1
    assert all(t.endswith("b21") for t in texts(s))


def test_s4_3_placement_alternates_from_the_first_placer_and_respects_capacities_A3():
    """§4.3, A3: the first placer begins, the players alternate, a room takes at most 2 (end
    bands) or 3 (central bands) tokens of both players together, and every room ends full."""
    s = setup_until("place")
    first = s.first_placer
    assert s.to_move == first
    movers = []
    while s.phase == "place":
        movers.append(s.to_move)
        s = s.apply(random.Random(len(movers)).choice(s.legal_actions()))
    assert movers == [first, 1 - first] * 10
    counts = [sum(1 for w in s.loc if w == ("room", slot)) for slot in range(8)]
    assert counts == [2, 2, 3, 3, 3, 3, 2, 2]


def test_s4_4_starting_characters_are_turned_up_then_the_first_player_is_drawn():
    """§4.4, A30: once every token is placed, the starting characters stand face up on their
    squares and a second fair chance node names the first player, who plays the 2 (§5.1)."""
    s = setup_until("first player")
    assert s.is_chance and all(w[0] != "start" for w in s.loc)
    assert sum(1 for w in s.loc if w[0] == "sq") == 8
    s = s.apply(s.chance_outcomes()[1][0])
    assert s.active == 1 and s.round == 1 and s.phase == "action card"
    assert texts(s) == ["play action card 2"]
    assert s.action_hand == ((2, 3, 4, 5), (2, 3, 4, 5)) and s.jumps == (3, 3)
    assert s.combat_hand[0] == (0, 1, 2, 2, 3, 3, 4, 5, 6)


def test_s5_1_cards_step_up_by_one_until_the_4_is_played_A34():
    """§5.1: the first cycle allows at most 1 more than the highest card played; once a 4 is
    played, any card."""
    s = position(ap=0)
    s = replace(s, phase="action card", highest=2, released=False)
    assert texts(s) == ["play action card 2", "play action card 3"]
    s = replace(s, highest=3)
    assert texts(s)[-1] == "play action card 4"
    s = play(s, "play action card 4")
    assert s.released and s.ap == 4 and s.action_hand[0] == (2, 3, 5)
    s = replace(s, phase="action card")
    assert "play action card 5" in texts(s)


def test_s5_3_the_hand_refills_after_the_fourth_card_and_the_turn_passes():
    """§5.3: with no action card left, all four come back; the other player's turn begins."""
    s = replace(position(), action_hand=((), (2, 3)))
    s = play(s, "end the turn")
    assert s.action_hand == ((2, 3, 4, 5), (2, 3)) and s.active == 1 and s.phase == "action card"
    assert s.ap == 0


def test_A19_a_player_may_end_the_turn_without_acting():
    """A19: phase 1 happens as always, then ending the turn at once is allowed."""
    s = position()
    assert "end the turn" in texts(s)


def test_s13_2_the_round_limit_ends_the_game_on_points_A32():
    """§13.2, A32: when the second player's turn of the last round ends, more points win."""
    s = replace(position(round_limit=3), round=3, active=1, decider=1, points=(1, 2))
    end = play(s, "end the turn")
    assert end.is_terminal and end.winner == 1 and end.returns() == [-1.0, 1.0]
    draw = play(replace(s, points=(2, 2)), "end the turn")
    assert draw.is_terminal and draw.winner == -1 and draw.returns() == [0.0, 0.0]
    on = play(replace(s, active=0, decider=0), "end the turn")
    assert not on.is_terminal, "only the second player's turn closes a round"


def test_s13_2_no_round_limit_plays_on():
    s = replace(position(round_limit=None), round=500, active=1, decider=1)
    assert not play(s, "end the turn").is_terminal


def test_A32_round_limit_option_is_checked():
    with pytest.raises(OptionError, match="round_limit"):
        DungeonTwister().new_initial_state(round_limit=0)
    with pytest.raises(OptionError, match="round_limit"):
        DungeonTwister().new_initial_state(round_limit=True)
    with pytest.raises(OptionError):
        DungeonTwister().new_initial_state(jump_straight_only="yes")


def test_s13_1_five_points_win_at_once_even_in_the_opponents_turn_A37():
    """§13.1, A37: Blue, defending, reaches 5 by a kill during Yellow's turn."""
    s = position(at={Y("Goblin"): (3, 2), B("Troll"): (4, 2)}, wounded={Y("Goblin")})
    s = replace(s, points=(0, 4), wounded=frozenset())
    s = play(s, "Goblin attacks the blue Troll", "play combat card +0", "play combat card +1")
    # Goblin 1 + 0 against Troll 4 + 1: the Goblin is wounded, no kill yet
    assert s.loc[Y("Goblin")][0] == "sq" and Y("Goblin") in s.wounded and not s.is_terminal
    s = replace(s, hurt_now=frozenset(), active=1, decider=1, ap=3)
    s = play(s, "Troll attacks the yellow Goblin", "play combat card +0", "play combat card +0")
    assert s.is_terminal and s.winner == 1 and s.points == (0, 5)
