"""Random games to the end (docs/rules/fog-town.md §3.6, §12, §14, A21): 2,000 per test run,
on the test town and the shipped town, 1 to 4 players, with the rules' invariants checked."""

import random

import pytest

from fog_kit import GAME, SHIPPED, card_count
from odd_nb.core.agents import RandomAgent, play_out

DEEP = 60        # games checked at every step
FAST = 1_940     # games only played to the end (A21: every game ends)


def check_step(s, before_cards):
    """§1.4 cards conserved; §1.5 wounds below health, banked 0-2, one fight at most; §1.3
    clock 0-24; text of choices unique."""
    assert card_count(s) == before_cards
    health = s.content.rules["health"]
    for p in s.players:
        assert 0 <= p.wounds < health and p.banked in (0, 1, 2)
    assert 0 <= s.clock <= s.content.rules["clock_length"]
    if s.is_chance:
        outs = s.chance_outcomes()
        assert sum(p for _, p in outs) == 1 and len({str(o) for o, _ in outs}) == len(outs)
    elif not s.is_terminal:
        acts = s.legal_actions()
        assert acts and len({str(a) for a in acts}) == len(acts)


@pytest.mark.parametrize("game", [GAME, SHIPPED], ids=["test-town", "fog-town"])
def test_random_games_keep_every_card_and_every_bound(game):
    for seed in range(DEEP // 2):
        rng = random.Random(seed)
        s = game.new_initial_state(players=1 + seed % 4, first_player="random",
                                   death_token=("close_location", "own_token")[seed % 2])
        cards = card_count(s)
        while not s.is_terminal:
            check_step(s, cards)
            s = s.apply(s.sample_chance(rng.random()) if s.is_chance
                        else rng.choice(s.legal_actions()))
        check_step(s, cards)
        assert s.ended in ("town", "sleeper", "midnight")


def test_two_thousand_random_games_all_end():
    """A21: at least one step a round, finitely many Keepers to drive him back: every game
    ends, and how it ends is one of §14's three ways."""
    endings = {}
    for seed in range(FAST):
        game = (GAME, SHIPPED)[seed % 2]
        end = play_out(game.new_initial_state(players=1 + seed % 4,
                                              difficulty=("easy", "normal", "hard")[seed % 3]),
                       RandomAgent(), random.Random(seed), max_steps=20_000)
        endings[end.ended] = endings.get(end.ended, 0) + 1
        if end.ended == "midnight":
            assert end.clock == 24 and end.returns() == [0.0] * end.num_players
        else:
            assert max(end.returns()) == 1.0
    assert sum(endings.values()) == FAST and set(endings) <= {"town", "sleeper", "midnight"}


def test_the_fast_sampling_draws_as_the_exact_outcomes_say():
    """§15.1: ``sample_chance`` (whole numbers, one outcome built) takes the same outcome as
    the core's walk over ``chance_outcomes`` (exact Fractions), and ``is_outcome`` agrees."""
    from odd_nb.core.state import State
    rng = random.Random(8)
    checked = 0
    for seed in range(20):
        s = SHIPPED.new_initial_state(players=1 + seed % 3)
        while not s.is_terminal:
            if s.is_chance:
                for _ in range(3):
                    u = rng.random()
                    fast = s.sample_chance(u)
                    assert fast == State.sample_chance(s, u) and s.is_outcome(fast)
                    checked += 1
                s = s.apply(s.sample_chance(rng.random()))
            else:
                s = s.apply(rng.choice(s.legal_actions()))
    assert checked > 1000
