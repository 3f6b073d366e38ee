"""Strategy studies (issue 7): ``odd_nb.simulate``, ``summary``, replay, executors, the CLI."""

import subprocess
import sys
from concurrent.futures import Executor, Future, ProcessPoolExecutor

import pandas as pd
import pytest

import odd_nb
from odd_nb import OptionError
from odd_nb.__main__ import main
from odd_nb.simulation import (SimulationError, game_seed, replay, simulate, summary,
                             timeline_of, wilson)

# Studies compared across executors: Regicide with two different seats, One Deck Dungeon with
# its greedy agent (few games: about 50 ms each), Dungeon Twister and Fog Town (issues 28, 29)
# with their heuristic agents, Dungeon Twister with a start option.
STUDIES = [
    dict(game="regicide", players=2, agents=["heuristic", "random"], games=120, seed=11),
    dict(game="one-deck-dungeon", heroes=["h2", "h3"], dungeon="d2", agents="greedy", games=6,
         seed=12),
    dict(game="dungeon-twister", agents=["heuristic", "random"], games=4, seed=13,
         round_limit=8),
    dict(game="fog-town", players=2, agents="heuristic", games=10, seed=14),
]


def run(study, **kwargs):
    return simulate(**study, progress=False, **kwargs)


def returns_of(df, i) -> list:
    """Row ``i``'s returns: one ``returns`` column for one player, else ``return_0``..."""
    columns = ["returns"] if "returns" in df else sorted(c for c in df if c.startswith("return_"))
    return [float(df.loc[i, c]) for c in columns]


def test_one_row_per_game_with_documented_columns():
    df = simulate("regicide", players=1, agents="random", games=20, seed=1, progress=False)
    assert df.index.tolist() == list(range(20)) and df.index.name == "game"
    assert df.columns[:5].tolist() == ["seed", "outcome", "returns", "length", "decisions"]
    assert {"enemies_defeated", "tavern_left", "cards_in_hands"} <= set(df.columns)
    assert df["seed"].tolist() == [game_seed(1, i) for i in range(20)]
    assert set(df["outcome"]) <= {"won", "lost"}
    assert (df["length"] > df["decisions"]).all()
    assert df.attrs["study"] == {"game": "regicide", "options": odd_nb.load_game(
        "regicide").normalize_options(players=1), "agents": ["random"], "seed": 1,
        "games": 20, "content": None, "data": None}
    pd.testing.assert_frame_equal(df, simulate("regicide", players=1, games=20, seed=1,
                                               progress=False))
    other = simulate("regicide", players=1, games=20, seed=2, progress=False)
    assert not set(other["seed"]) & set(df["seed"])


def test_game_seed_depends_on_study_seed_and_index_only():
    first = simulate("regicide", players=1, games=8, seed=5, progress=False)
    longer = simulate("regicide", players=1, games=30, seed=5, progress=False)
    pd.testing.assert_frame_equal(first, longer.iloc[:8])


def test_one_deck_dungeon_columns_and_seats():
    df = simulate("one-deck-dungeon", agents="random", games=3, seed=3, progress=False)
    assert {"floor", "level", "damage_taken", "boss_damage"} <= set(df.columns)
    reg = simulate("regicide", players=3, agents="random", games=3, seed=3, progress=False)
    assert {"return_0", "return_1", "return_2"} <= set(reg.columns)
    assert "returns" not in reg.columns


def test_same_frame_in_process_process_pool_and_dask():
    distributed = pytest.importorskip("distributed")
    here = [run(s) for s in STUDIES]
    with ProcessPoolExecutor(2) as pool:
        pooled = [run(s, executor=pool) for s in STUDIES]
        chunked = [run(s, executor=pool, chunk=5) for s in STUDIES]
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  host="127.0.0.1", dashboard_address=None) as cluster, \
            distributed.Client(cluster) as client:
        on_client = [run(s, executor=client) for s in STUDIES]
        on_executor = [run(s, executor=client.get_executor(), chunk=4) for s in STUDIES]
    for ref, *others in zip(here, pooled, chunked, on_client, on_executor):
        for other in others:
            pd.testing.assert_frame_equal(ref, other)
            assert other.attrs == ref.attrs


@pytest.mark.parametrize("study", [
    dict(game="regicide", players=1, agents="heuristic", games=4, seed=21),
    dict(game="regicide", players=3, agents=["random", "heuristic", "random"], games=4, seed=22),
    dict(game="one-deck-dungeon", agents="greedy", games=2, seed=23),
    dict(game="dungeon-twister", agents="heuristic", games=2, seed=24, round_limit=6),
    dict(game="fog-town", players=3, agents=["heuristic", "random", "search"], games=2, seed=25),
])
def test_a_row_replays_as_a_timeline(study):
    df = run(study)
    game = odd_nb.load_game(study["game"])
    for i in df.index:
        t = timeline_of(df, i)
        assert isinstance(t, odd_nb.Timeline) and t.seed == df.loc[i, "seed"]
        assert t.state.is_terminal and t.state.returns() == returns_of(df, i)
        assert getattr(t.state, "outcome", df.loc[i, "outcome"]) == df.loc[i, "outcome"]
        assert len(t) == df.loc[i, "length"]
        assert sum(not e.chance for e in t.history) == df.loc[i, "decisions"]
        stats = game.final_stats(t.state)
        assert stats == {k: None if pd.isna(df.loc[i, k]) else df.loc[i, k] for k in stats}
    # from a bare seed with the study spelled out, and from df.iloc (the row keeps df.attrs)
    options = {k: v for k, v in study.items() if k not in ("game", "agents", "games", "seed")}
    t = replay(int(df["seed"].iloc[1]), study["game"], study["agents"], **options)
    assert len(t) == df["length"].iloc[1]
    assert len(replay(df.iloc[1])) == df["length"].iloc[1]


def test_replayed_timeline_is_the_timeline_of_the_seed():
    """The study's chance is the Timeline's: start(seed=row.seed) with the agent's choices
    meets the same outcomes, and the save file loads back to the same end."""
    df = simulate("regicide", players=1, agents="heuristic", games=1, seed=31, progress=False)
    t = timeline_of(df, 0)
    again = odd_nb.start("regicide", players=1, seed=int(df.loc[0, "seed"]))
    for entry in t.history:
        if not entry.chance:
            again.play(str(entry.action))
    assert [str(e) for e in again.history] == [str(e) for e in t.history]
    loaded = odd_nb.Timeline.from_json(t.to_json())
    assert loaded.state.is_terminal and len(loaded) == df.loc[0, "length"]


def test_progress_bar_shows_games_per_second(capsys):
    simulate("regicide", players=1, games=20, seed=1)
    err = capsys.readouterr().err
    assert "20/20" in err and "games/s" in err and "regicide random" in err
    simulate("regicide", players=1, games=5, seed=1, progress=False)
    assert capsys.readouterr().err == ""


def test_summary_rates_with_wilson_intervals_and_means():
    df = simulate("regicide", players=1, agents="heuristic", games=30, seed=4, progress=False)
    s = summary(df)
    assert s.loc["games", "value"] == 30
    assert s.loc["win rate"].tolist() == pytest.approx(list(wilson(
        int((df["outcome"] == "won").sum()), 30)))
    assert s.loc["length", "value"] == pytest.approx(df["length"].mean())
    assert s.loc["length", "low"] < s.loc["length", "value"] < s.loc["length", "high"]
    assert "enemies_defeated" in s.index and "seed" not in s.index and "reason" not in s.index
    assert wilson(0, 10)[1] == 0.0 and wilson(10, 10)[2] == 1.0
    assert [round(x, 4) for x in wilson(5, 10)] == [0.5, 0.2366, 0.7634]
    flags = pd.DataFrame({"outcome": ["won", "lost"], "flag": [True, False]})
    assert summary(flags).loc["flag", "value"] == 0.5


def test_out_writes_parquet_and_csv(tmp_path):
    study = dict(game="regicide", players=1, agents="heuristic", games=10, seed=6)
    df = run(study, out=tmp_path / "r.parquet")
    back = pd.read_parquet(tmp_path / "r.parquet")
    pd.testing.assert_frame_equal(back, df, check_dtype=False)
    assert back.attrs["study"]["seed"] == 6
    assert len(replay(back.loc[3])) == df.loc[3, "length"]   # the study travels in the file
    run(study, out=tmp_path / "r.csv.gz")
    csv = pd.read_csv(tmp_path / "r.csv.gz", index_col="game")
    assert csv["seed"].tolist() == df["seed"].tolist()
    assert csv["length"].tolist() == df["length"].tolist()
    t = replay(csv.loc[3], "regicide", "heuristic", players=1)   # CSV keeps no study
    assert len(t) == df.loc[3, "length"]


def test_clear_errors_before_any_game():
    with pytest.raises(OptionError, match="no game called 'chess'"):
        simulate("chess", progress=False)
    with pytest.raises(OptionError, match=r"no agent 'greedy'.*\['heuristic', 'random', "
                                          r"'search'\]"):
        simulate("regicide", agents="greedy", games=2, progress=False)
    for bad in (0, -3, 2.5, True):
        with pytest.raises(ValueError, match="games must be a whole number"):
            simulate("regicide", games=bad, progress=False)
    with pytest.raises(OptionError, match="3 agents given for 2 seats"):
        simulate("regicide", players=2, agents=["random"] * 3, games=2, progress=False)
    with pytest.raises(OptionError, match="no option 'colour'"):
        simulate("regicide", colour="red", games=2, progress=False)
    with pytest.raises(OptionError, match="players=7 is not allowed"):
        simulate("regicide", players=7, games=2, progress=False)
    with pytest.raises(ValueError, match="name it .parquet or .csv"):
        simulate("regicide", games=2, out="results.xlsx", progress=False)
    with pytest.raises(ValueError, match="chunk must be"):
        simulate("regicide", games=2, chunk=0, progress=False)
    with pytest.raises(TypeError, match="executor must be"):
        simulate("regicide", games=2, executor="two cores", progress=False)
    with pytest.raises(TypeError, match="not an agent"):
        simulate("regicide", agents=[3], games=2, progress=False)
    with pytest.raises(TypeError, match="cannot be sent to other processes"):
        simulate("regicide", agents=lambda: odd_nb.core.agents.RandomAgent(), games=2,
                 executor=Inline(), progress=False)
    with pytest.raises(ValueError, match="give game="):
        replay(123)


class Inline(Executor):
    """Runs each chunk at once; after ``ok`` chunks it loses ``lost`` chunks (their futures
    fail), then refuses new work, like a cluster going away mid-study."""

    _max_workers = 2

    def __init__(self, ok=10 ** 9, lost=0):
        self.ok, self.lost, self.calls = ok, lost, 0

    def submit(self, fn, *args, **kwargs):
        self.calls += 1
        if self.calls > self.ok + self.lost:
            raise RuntimeError("cannot schedule new futures after shutdown")
        future = Future()
        if self.calls <= self.ok:
            future.set_result(fn(*args, **kwargs))
        else:
            future.set_exception(ConnectionError("worker 127.0.0.1:4567 lost"))
        return future


def test_an_executor_failing_midway_keeps_the_finished_games(tmp_path):
    study = dict(game="regicide", players=1, agents="random", games=40, seed=8)
    full = run(study)
    with pytest.raises(SimulationError) as info:
        run(study, executor=Inline(ok=2, lost=1), chunk=5, out=tmp_path / "part.parquet")
    e = info.value
    assert "30 of 40 games failed" in str(e) and "part.parquet" in str(e)
    pd.testing.assert_frame_equal(e.partial, full.loc[0:9])
    assert e.failed.index.tolist() == list(range(10, 40))
    assert e.failed["seed"].tolist() == full["seed"].iloc[10:].tolist()
    assert e.failed.loc[12, "error"].startswith("chunk of games 10-14 lost: ConnectionError")
    assert e.failed.loc[30, "error"].startswith("not run: the executor failed (RuntimeError")
    pd.testing.assert_frame_equal(pd.read_parquet(tmp_path / "part.parquet"), e.partial)


class Clumsy:
    """An agent that plays randomly but fails in about a third of the games."""

    def choose(self, state, rng):
        if rng.random() < 0.02:
            raise KeyError("clumsy")
        return rng.choice(state.legal_actions())


def test_a_failing_game_is_reported_with_its_seed_and_the_rest_go_on():
    with pytest.raises(SimulationError) as info:
        simulate("regicide", players=1, agents=Clumsy(), games=30, seed=9, progress=False)
    e = info.value
    assert len(e.failed) and len(e.partial)
    assert sorted(e.failed.index.tolist() + e.partial.index.tolist()) == list(range(30))
    assert set(e.failed["seed"]) == {game_seed(9, i) for i in e.failed.index}
    assert e.failed["error"].str.startswith("KeyError: 'clumsy'").all()
    with pytest.raises(SimulationError) as pooled:
        simulate("regicide", players=1, agents=Clumsy(), games=30, seed=9, progress=False,
                 executor=Inline(), chunk=4)
    pd.testing.assert_frame_equal(pooled.value.partial, e.partial)
    pd.testing.assert_frame_equal(pooled.value.failed, e.failed)
    with pytest.raises(KeyError, match="clumsy"):
        replay(int(e.failed["seed"].iloc[0]), "regicide", Clumsy(), players=1)


def test_agent_objects_and_factories():
    by_name = simulate("regicide", players=1, agents="random", games=5, seed=1, progress=False)
    by_object = simulate("regicide", players=1, agents=odd_nb.core.agents.RandomAgent(),
                         games=5, seed=1, progress=False)
    by_class = simulate("regicide", players=1, agents=[odd_nb.core.agents.RandomAgent],
                        games=5, seed=1, progress=False)
    pd.testing.assert_frame_equal(by_name, by_object)
    pd.testing.assert_frame_equal(by_name, by_class)
    assert by_object.attrs["study"]["agents"] == [None]
    with pytest.raises(ValueError, match="give agents="):
        timeline_of(by_object, 0)
    assert len(timeline_of(by_object, 0, agents=odd_nb.core.agents.RandomAgent())) == \
        by_name.loc[0, "length"]


def test_simulate_is_callable_from_the_package():
    from odd_nb import simulate as from_package
    df = from_package("regicide", players=1, games=2, seed=1, progress=False)
    assert len(df) == 2 and odd_nb.simulate is simulate and odd_nb.summary is summary


def test_command_line(tmp_path, capsys):
    out = tmp_path / "odd.parquet"
    assert main(["simulate", "one-deck-dungeon", "--heroes", "h1", "h2", "--dungeon", "d2",
                 "--games", "3", "--seed", "4", "--no-progress", "--out", str(out),
                 "--option", "lose_when_damage_equals_health=true"]) == 0
    printed = capsys.readouterr().out
    assert "win rate" in printed and str(out) in printed
    df = pd.read_parquet(out)
    expected = simulate("one-deck-dungeon", heroes=["h1", "h2"], dungeon="d2", games=3, seed=4,
                        lose_when_damage_equals_health=True, progress=False)
    pd.testing.assert_frame_equal(df, expected, check_dtype=False)
    with pytest.raises(SystemExit):
        main(["simulate", "regicide", "--players", "9"])
    assert "not allowed" in capsys.readouterr().err
    assert main(["simulate", "regicide", "--agent", "greedy", "--games", "2"]) == 2
    assert "its agents are" in capsys.readouterr().err
    assert main(["simulate", "backgammon"]) == 2
    assert main(["games"]) == 0 and "--heroes" in capsys.readouterr().out


def test_python_dash_m_with_workers(tmp_path):
    out = tmp_path / "r.csv"
    done = subprocess.run([sys.executable, "-m", "odd_nb", "simulate", "regicide", "--players",
                           "1", "--agent", "heuristic", "--games", "40", "--seed", "1",
                           "--workers", "2", "--out", str(out)],
                          capture_output=True, text=True, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "games/s" in done.stderr and "win rate" in done.stdout
    rows = pd.read_csv(out, index_col="game")
    expected = simulate("regicide", players=1, agents="heuristic", games=40, seed=1,
                        progress=False)
    assert rows["seed"].tolist() == expected["seed"].tolist()
    assert rows["length"].tolist() == expected["length"].tolist()
