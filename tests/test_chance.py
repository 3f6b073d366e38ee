"""Exact chance (docs/design.md, "Chance": exact outcomes, decks as stacks of unordered segments)."""

import random
from collections import Counter
from fractions import Fraction

import odd_nb
from odd_nb.core.chance import Deck, multiset, uniform_draw


def test_a_shuffled_deck_is_one_unordered_segment_with_exact_odds():
    d = Deck.shuffled(["KH", "7S", "7S", "2C"])
    assert d.segments == (("2C", "7S", "7S", "KH"),)
    assert d.draw_outcomes() == [("2C", Fraction(1, 4)), ("7S", Fraction(1, 2)),
                                 ("KH", Fraction(1, 4))]


def test_cards_under_the_deck_form_a_new_bottom_segment():
    d = Deck.shuffled(["A", "B"]).with_bottom(["C", "D"])
    assert d.draw_outcomes() == [("A", Fraction(1, 2)), ("B", Fraction(1, 2))]
    d = d.without_top("A").without_top("B")
    assert d.draw_outcomes() == [("C", Fraction(1, 2)), ("D", Fraction(1, 2))]
    assert len(d) == 2 and d.cards() == ("C", "D")


def test_a_known_card_on_top_is_certain():
    d = Deck.shuffled(["A", "B"]).with_top("Q")
    assert d.draw_outcomes() == [("Q", 1)]


def test_uniform_draw_counts_copies():
    assert uniform_draw(multiset("aab")) == [("a", Fraction(2, 3)), ("b", Fraction(1, 3))]


def _walk_to_chance_nodes(n_nodes=40):
    """Chance nodes of several kinds from real games: die rolls, door reveals, time discards."""
    found = []
    rng = random.Random(0)
    state = odd_nb.start("one-deck-dungeon", seed=0, heroes=["h1", "h3"]).state
    while len(found) < n_nodes and not state.is_terminal:
        if state.is_chance:
            found.append(state)
            state = state.apply(state.sample_chance(rng.random()))
        else:
            state = state.apply(rng.choice(state.legal_actions()))
    return found


def test_fast_sampling_has_exactly_the_listed_distribution():
    """sample_chance(u) over an even grid of u hits each outcome in proportion to its Fraction."""
    for state in _walk_to_chance_nodes():
        outcomes = dict(state.chance_outcomes())
        n = len(state.unseen) if not state.rolls_due else 6
        grid = 4 * n  # every outcome's probability is a multiple of 1/n
        hits = Counter(state.sample_chance((k + 0.5) / grid) for k in range(grid))
        total = sum(hits.values())
        assert {o: Fraction(c, total) for o, c in hits.items()} == outcomes
