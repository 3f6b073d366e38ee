"""At least 2,000 complete random games per test run, 1-4 players and every option, without an
exception, every state sound (issue: Regicide tests); heuristic games that reach the Kings; and
hypothesis properties: conservation of the 54 cards (§1), hand limits (§2), immutability,
timeline round trips."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import odd_nb
from odd_nb import IllegalAction, Timeline
from odd_nb.core.agents import RandomAgent, play_out
from odd_nb.games.regicide.agents import HeuristicAgent
from odd_nb.games.regicide.state import cards_everywhere

from regicide_kit import GAME, new

SETUPS = [dict(players=p, **extra) for p in (1, 2, 3, 4) for extra in (
    {}, {"exact_kill_to_tavern": "optional"}, {"discard_choices": "all"},
    {"solo_yield_allowed": False, "jester_may_choose_self": False, "jester_signals": True})]


@pytest.mark.parametrize("setup", SETUPS, ids=lambda s: "-".join(f"{v}" for v in s.values()))
def test_random_games_end_cleanly(setup):
    """Issue: 2,080 random games over 1-4 players and the options (A2, A3, A4, A17, step 4
    choices)."""
    games = 130  # 16 setups x 130 = 2,080 games
    outcomes, most = set(), 0
    start = new(**setup)
    for seed in range(games):
        final = play_out(start, RandomAgent(), random.Random(seed))
        assert final.is_terminal and final.outcome in ("won", "lost")
        assert final.outcome == "won" or final.reason
        assert final.returns() == [float(final.outcome == "won")] * setup["players"]
        outcomes.add(final.outcome)
        most = max(most, final.defeated)
    assert "lost" in outcomes and most >= 4


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_heuristic_games_reach_the_kings(players):
    """§2 step 1: heuristic games reach the Queens and Kings, so the late castle is exercised."""
    best = 0
    for seed in range(15):
        final = play_out(GAME.new_initial_state(players=players), HeuristicAgent(),
                         random.Random(seed))
        assert final.is_terminal
        best = max(best, final.defeated)
    assert best >= 8  # the Kings were in play in at least one game


def walk(seed, players, options, steps=500):
    rng = random.Random(seed)
    s = new(players, **options)
    for _ in range(steps):
        yield s
        if s.is_terminal:
            return
        s = s.apply(s.sample_chance(rng.random()) if s.is_chance
                    else rng.choice(s.legal_actions()))


option_sets = st.sampled_from([{}, {"discard_choices": "all"},
                               {"exact_kill_to_tavern": "optional"}, {"jester_signals": True}])


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10_000), st.integers(1, 4), option_sets)
def test_cards_are_conserved_in_every_state(seed, players, options):
    """§1: all 54 cards, each in exactly one place, in every state; §2: hands within the limit;
    the shield is never negative and damage never passes health outside a defeat."""
    limit = GAME.new_initial_state(players=players).rules.max_hand
    for s in walk(seed, players, options):
        assert cards_everywhere(s) == list(range(54))
        assert all(len(h) <= limit for h in s.hands)
        assert all(h == tuple(sorted(h)) for h in s.hands)
        assert s.shield >= 0
        if s.is_chance:
            outcomes = s.chance_outcomes()
            assert sum(p for _, p in outcomes) == 1
            assert all(s.is_outcome(o) for o, _ in outcomes)
            u = random.Random(seed).random()
            assert s.sample_chance(u) in {o for o, _ in outcomes}


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10_000), st.integers(1, 4))
def test_apply_leaves_the_state_as_it_was(seed, players):
    """docs/design.md ("The core protocol"): a state is an immutable value; apply returns a new
    one."""
    rng = random.Random(seed)
    for s in walk(seed, players, {}, steps=200):
        if s.is_terminal:
            break
        snapshot = (hash(s), repr(s), str(s), s.observation(0), tuple(s))
        choice = s.sample_chance(rng.random()) if s.is_chance else rng.choice(s.legal_actions())
        s.apply(choice)
        assert (hash(s), repr(s), str(s), s.observation(0), tuple(s)) == snapshot
        with pytest.raises(AttributeError):
            s.enemy = None


@settings(max_examples=20, deadline=None)
@given(st.integers(1, 4), st.integers(1, 150), st.integers(0, 2 ** 32))
def test_timeline_round_trips(players, steps, seed):
    """undo(play(a)) is the state before; redo the state after; save/load gives the same game."""
    t = odd_nb.start("regicide", players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if t.state.is_terminal:
            break
        before = t.state
        t.play(str(rng.choice(t.legal_actions())))
        after = t.state
        t.undo(force=True)
        assert t.state is before
        t.redo()
        assert t.state is after
    assert Timeline.from_json(t.to_json()).state == t.state


def test_undo_does_not_take_back_a_draw_with_several_players():
    """§4 hands are secret: with 2+ players undo stops at the last card drawn (the Timeline's
    strict undo); solo play, where nobody else could profit, may undo anything."""
    t = odd_nb.start("regicide", players=2, seed=3)
    rng = random.Random(3)
    while True:
        before, n = t.state, len(t)
        t.play(rng.choice(t.legal_actions()))
        if any(e.chance for e in t.history[n:]):
            break  # this decision was followed by a draw
    assert t.strict_undo
    after = t.state
    with pytest.raises(IllegalAction, match="take back a draw"):
        t.undo()
    assert t.state is after
    t.undo(force=True)
    assert t.state is before
    assert not odd_nb.start("regicide", players=1, seed=3).strict_undo
