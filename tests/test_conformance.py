"""Checks every registered game must pass (docs/design.md, "The core protocol"; like OpenSpiel's
random_sim_test): random games to the end, exact chance, determinism by seed, save/load round
trips, undo/redo identity, illegal actions refused with the state unchanged."""

import json
import random
from fractions import Fraction

import pytest

import odd_nb
from odd_nb import IllegalAction, LoadError, Timeline
from odd_nb.core.view import every_piece

from game_kit import random_walk

GAMES_PER_GAME = 25


def test_registry_lists_and_loads_every_game(game_name):
    game = odd_nb.load_game(game_name)
    assert game.name == game_name
    options = game.options()
    assert options, "a game describes its start options"
    defaults = game.normalize_options()
    assert set(defaults) == {o.name for o in options}
    json.dumps(defaults)  # options must be JSON-ready for save files


def test_unknown_game_and_option_are_refused(game_name):
    with pytest.raises(odd_nb.OptionError, match="no game called"):
        odd_nb.load_game("no-such-game")
    with pytest.raises(odd_nb.OptionError, match="has no option 'colour_of_sky'"):
        odd_nb.start(game_name, colour_of_sky="blue")


def test_random_games_reach_the_end_with_a_sound_protocol(game_name):
    game = odd_nb.load_game(game_name)
    for seed in range(GAMES_PER_GAME):
        rng = random.Random(seed)
        state = game.new_initial_state()
        for state, action in random_walk(state, rng, 100_000):
            if state.is_chance:
                outcomes = state.chance_outcomes()
                assert sum(p for _, p in outcomes) == 1
                assert all(isinstance(p, Fraction) and p > 0 for _, p in outcomes)
                assert len({str(o) for o, _ in outcomes}) == len(outcomes)
                assert state.legal_actions() == []
            else:
                legal = state.legal_actions()
                assert legal, f"a decision state with no legal action: {state}"
                assert len({str(a) for a in legal}) == len(legal), "str() must be unique"
                assert 0 <= state.to_move < state.num_players
        final = state.apply(action)
        assert final.is_terminal
        assert len(final.returns()) == final.num_players
        assert final.legal_actions() == [] and final.chance_outcomes() == []


def test_apply_never_changes_the_state(game_name):
    rng = random.Random(11)
    for state, action in random_walk(odd_nb.load_game(game_name).new_initial_state(), rng, 400):
        before = (hash(state), str(state), state.observation(0))
        state.apply(action)
        assert (hash(state), str(state), state.observation(0)) == before


def test_same_seed_same_game_different_seed_different_game(game_name):
    def run(seed):
        t = odd_nb.start(game_name, seed=seed)
        rng = random.Random(0)
        for _ in range(150):
            if t.state.is_terminal:
                break
            t.play(rng.choice(t.legal_actions()))
        return [str(e) for e in t.history]

    assert run(4) == run(4)
    assert run(4) != run(5)


def test_save_and_load_round_trip_at_random_points(game_name):
    rng = random.Random(3)
    for seed in range(6):
        t = odd_nb.start(game_name, seed=seed)
        for _ in range(rng.randrange(0, 200)):
            if t.state.is_terminal:
                break
            t.play(rng.choice(t.legal_actions()))
        loaded = Timeline.from_json(t.to_json())
        assert loaded.state == t.state
        assert [str(e) for e in loaded.history] == [str(e) for e in t.history]
        assert loaded.to_json() == t.to_json()


def test_undo_and_redo_are_exact(game_name):
    t = odd_nb.start(game_name, seed=9)
    rng = random.Random(9)
    for _ in range(60):
        if t.state.is_terminal:
            break
        before = t.state
        action = rng.choice(t.legal_actions())
        t.play(action)
        after = t.state
        t.undo(force=True)
        assert t.state is before
        t.redo()
        assert t.state is after


def test_illegal_actions_are_refused_and_change_nothing(game_name):
    t = odd_nb.start(game_name, seed=2)
    rng = random.Random(2)
    for _ in range(120):
        if t.state.is_terminal:
            break
        state, n = t.state, len(t)
        for bad in ("not a move at all", object(), 12345):
            with pytest.raises(IllegalAction):
                if isinstance(bad, str):
                    t.play(bad)
                else:
                    state.apply(bad)
            assert t.state is state and len(t) == n
        t.play(rng.choice(t.legal_actions()))


def test_tampered_save_files_are_refused_with_where(game_name):
    t = odd_nb.start(game_name, seed=1)
    for _ in range(5):
        t.play(t.legal_actions()[0])
    good = json.loads(t.to_json())
    bad_step = dict(good, log=good["log"][:2] + ["dance a jig"] + good["log"][3:])
    with pytest.raises(LoadError, match=r"step 3 \('dance a jig'\)"):
        Timeline.from_json(json.dumps(bad_step))
    with pytest.raises(LoadError, match="not valid JSON"):
        Timeline.from_json(t.to_json()[:-30])
    with pytest.raises(LoadError, match="version 99"):
        Timeline.from_json(json.dumps(dict(good, version=99)))
    with pytest.raises(LoadError, match="'seed'"):
        Timeline.from_json(json.dumps(dict(good, seed="seven")))
    with pytest.raises(LoadError, match="cursor"):
        Timeline.from_json(json.dumps(dict(good, cursor=999)))
    with pytest.raises(LoadError, match="not a save file"):
        Timeline.from_json("[1, 2, 3]")


def test_observation_is_plain_json(game_name):
    rng = random.Random(5)
    for state, _ in random_walk(odd_nb.load_game(game_name).new_initial_state(), rng, 300):
        for player in range(state.num_players):
            json.dumps(state.observation(player))


def test_every_agent_finishes_a_game_and_final_stats_are_plain(game_name):
    """Game.agents() and Game.final_stats(): what simulate() and the widget's auto-play use."""
    from odd_nb.core.agents import play_out
    game = odd_nb.load_game(game_name)
    agents = game.agents()
    assert "random" in agents
    for name, make in agents.items():
        if name == "search":  # hundreds of rollouts a move; covered by its own tests
            continue
        end = play_out(game.new_initial_state(), make(), random.Random(1))
        assert end.is_terminal
        stats = game.final_stats(end)
        assert all(isinstance(v, (int, float, str, bool)) for v in stats.values()), stats
        json.dumps(stats)


def test_view_boards_are_json_and_name_only_pieces_that_are_there(game_name):
    """The play widget's contract (odd_nb.core.view): the board is plain JSON, and every part an
    action names is a piece on the board (or the action is a button)."""
    game = odd_nb.load_game(game_name)
    view = game.view()

    for seed in range(3):
        for state, _ in random_walk(game.new_initial_state(), random.Random(seed), 150):
            if state.is_chance:
                continue
            board = view.board(state, None)
            json.dumps(board)
            on_board = [p["key"] for p in every_piece(board) if "key" in p]
            for action in state.legal_actions():
                for part in view.parts(state, action):
                    assert part in on_board, (str(action), part)
