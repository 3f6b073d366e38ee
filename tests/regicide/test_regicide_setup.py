"""Setup and options (§1, §2, A2-A4, A16)."""

from fractions import Fraction

import pytest

import odd_nb
from odd_nb.games.regicide.actions import (CARD_ID, JACKS, JESTERS, KINGS, NUMBER_CARDS, QUEENS,
                                           VALUE, parse)

from regicide_kit import GAME, assert_conserved, new


def test_card_values_follow_the_table():
    """§1: number cards at rank, Ace 1, J 10, Q 15, K 20, Jester 0."""
    assert [VALUE[parse(t)] for t in ("AS", "2H", "10C", "JD", "QS", "KH", "JOKER1")] == \
        [1, 2, 10, 10, 15, 20, 0]
    assert len(set(CARD_ID)) == 54


def test_castle_is_three_segments_jacks_over_queens_over_kings():
    """§2 step 1: the castle is a Deck of three unordered segments; the first enemy is a chance
    node over the four Jacks."""
    s = new(2)
    assert s.castle.segments == (JACKS, QUEENS, KINGS)
    assert s.is_chance and s.chance_label() == "the top card of the castle"
    outcomes = s.chance_outcomes()
    assert sorted(o.card for o, _ in outcomes) == list(JACKS)
    assert all(p == Fraction(1, 4) for _, p in outcomes)


@pytest.mark.parametrize("players, jesters, hand", [(1, 0, 8), (2, 0, 7), (3, 1, 6), (4, 2, 5)])
def test_tavern_jesters_and_hand_size_per_player_count(players, jesters, hand):
    """§2 step 2 and the table: 40 cards plus the Jesters of the table; the rest set aside."""
    s = new(players)
    assert len(s.tavern) == 40 + jesters
    assert sorted(s.tavern.cards()) == sorted(NUMBER_CARDS + JESTERS[:jesters])
    assert s.set_aside == JESTERS[jesters:]
    assert s.rules.max_hand == hand
    assert s.jester_powers == (2 if players == 1 else 0)
    assert_conserved(s)


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_deal_is_one_card_at_a_time_clockwise_as_chance_nodes(players):
    """§2 step 3: deal one card at a time clockwise from seat 0, each draw a chance node over the
    tavern's top segment with exact probabilities; then seat 0 plays (§2 step 5 DEFAULT)."""
    s = new(players)
    s = s.apply(s.chance_outcomes()[0][0])  # the first enemy
    seats = []
    while s.is_chance:
        outcomes = s.chance_outcomes()
        assert sum(p for _, p in outcomes) == 1
        assert all(p == Fraction(1, len(s.tavern)) for _, p in outcomes)
        seats.append(outcomes[0][0].seat)
        s = s.apply(outcomes[-1][0])
    assert seats == list(range(players)) * s.rules.max_hand
    assert [len(h) for h in s.hands] == [s.rules.max_hand] * players
    assert s.to_move == 0 and s.phase == "play"
    assert_conserved(s)


def test_start_and_options_describe_every_option():
    """Issue: start("regicide", players=2, seed=3); options() gives allowed values and defaults
    (A2 exact_kill_to_tavern, A3 solo_yield_allowed, A4 jester_may_choose_self)."""
    t = odd_nb.start("regicide", players=2, seed=3)
    assert t.state.to_move == 0 and len(t.state.hands[0]) == 7
    options = {o.name: o for o in odd_nb.load_game("regicide").options()}
    assert options["players"].allowed == (1, 2, 3, 4) and options["players"].default == 2
    assert options["exact_kill_to_tavern"].allowed == ("always", "optional")
    assert options["exact_kill_to_tavern"].default == "always"
    assert options["solo_yield_allowed"].default is True
    assert options["jester_may_choose_self"].default is True
    assert options["discard_choices"].allowed == ("minimal", "all")
    assert all(o.description for o in options.values())


@pytest.mark.parametrize("bad", [{"players": 5}, {"players": 0}, {"players": True},
                                 {"exact_kill_to_tavern": "never"},
                                 {"solo_yield_allowed": 1}, {"discard_choices": "some"}])
def test_bad_options_are_refused(bad):
    """Options outside their allowed values raise OptionError."""
    with pytest.raises(odd_nb.OptionError):
        GAME.normalize_options(**bad)


def test_same_seed_same_deal():
    """docs/design.md ("Chance"): the same seed gives the same deal; equal states hash
    equal."""
    a = odd_nb.start("regicide", players=3, seed=11).state
    b = odd_nb.start("regicide", players=3, seed=11).state
    c = odd_nb.start("regicide", players=3, seed=12).state
    assert a == b and hash(a) == hash(b)
    assert a != c
