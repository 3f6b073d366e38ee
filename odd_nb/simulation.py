"""Strategy studies: play many games with agents and get one DataFrame row per game.

>>> from odd_nb import simulate, summary
>>> df = simulate("regicide", players=1, agents="heuristic", games=5, seed=1, progress=False)
>>> len(df), df.index.name
(5, 'game')
>>> df.columns[:5].tolist()
['seed', 'outcome', 'returns', 'length', 'decisions']
>>> s = summary(df)
>>> bool(s.loc["win rate", "low"] <= s.loc["win rate", "value"] <= s.loc["win rate", "high"])
True
>>> t = timeline_of(df, 3)          # game 3, replayed as a Timeline that ends where the row did
>>> len(t) == df.loc[3, "length"] and t.state.outcome == df.loc[3, "outcome"]
True

Columns, one row per game, indexed by ``game`` (0 to games - 1):

- ``seed``: the game's own seed, derived from the study seed and the game's index only;
- ``outcome``: the final state's outcome (``"won"`` or ``"lost"``; in Dungeon Twister Yellow's,
  ``"draw"`` too), else ``"won"`` when some seat's return is positive;
- ``returns`` (one seat) or ``return_0``, ``return_1``, ... (one per seat);
- ``length``: steps played, chance outcomes included; ``decisions``: the agents' choices;
- the game's own columns (``Game.final_stats``): One Deck Dungeon's ``floor``, ``level``,
  ``xp``, ``damage_taken``, ``boss_damage``, ...; Regicide's ``enemies_defeated``,
  ``tavern_left``, ``cards_in_hands``, ``reason``, ...

The study itself (game, options, agent names, study seed) is in ``df.attrs["study"]``; it
follows ``df.iloc[i]`` and Parquet files, not CSV.

How a game is played, and why it replays exactly: game ``i`` gets the seed
``game_seed(study_seed, i)``. Its chance outcomes are drawn exactly as a ``Timeline`` started with
that seed draws them (from the hash of the seed, the options and the path so far), and its agents
choose with ``random.Random(game_seed)``. So ``odd_nb.start(game, seed=row.seed, **options)``
driven by the same agents *is* that game: ``replay(row)`` / ``timeline_of(df, i)`` rebuild it
step by step in a Timeline (to rewind, branch, save or open in the play widget). The study loop
itself keeps no history: it is 10-20% faster than playing through a Timeline, and 5-15% slower
than ``play_out`` with a plain ``random.Random`` (hashing the path is the price of exact replay).

Parallel runs: ``executor=`` takes any ``concurrent.futures.Executor`` (a ``ProcessPoolExecutor``
for local cores) or a Dask ``distributed.Client``. Games are sent in chunks of consecutive indices
(``chunk=`` games each; by default sized from measured speed to about one second of work), results
stream back and are put in index order, so the DataFrame is the same, row for row, whatever ran it.

Failures: a game that raises, or a chunk an executor loses, does not stop the study. At the end
``SimulationError`` is raised carrying ``.partial`` (the finished games, in order, also written to
``out=`` if given) and ``.failed`` (game, seed and error of every game that failed or never ran).
Agents given as objects must be stateless or picklable copies: each game gets its own deep copy.
"""

from __future__ import annotations

import copy
import hashlib
import math
import os
import pickle
import random
import time
import traceback
from concurrent.futures import FIRST_COMPLETED, Executor, ThreadPoolExecutor, wait
from pathlib import Path
from typing import Any

from .core.frames import pandas_for
from .core.progress import NoBar, progress_bar
from .core.registry import load_game
from .core.state import OptionError
from .core.chance import path_point, path_start, path_step
from .core.stats import Z95, wilson_interval
from .core.timeline import Timeline

__all__ = ["SimulationError", "game_seed", "replay", "simulate", "summary", "timeline_of", "wilson"]

MAX_STEPS = 1_000_000
CHUNK_SECONDS = 1.0
FIRST_CHUNK = 8        # games per chunk until the speed is known


class SimulationError(RuntimeError):
    """Some games of a study failed or never ran. ``.partial``: the finished games (a DataFrame
    like ``simulate``'s); ``.failed``: a DataFrame (index ``game``) with ``seed`` and ``error``."""

    def __init__(self, message: str, partial, failed):
        super().__init__(message)
        self.partial = partial
        self.failed = failed


def game_seed(study_seed: int, index: int) -> int:
    """The seed of game ``index`` of a study: a hash of both, a non-negative 63-bit int.

    >>> game_seed(1, 0) == game_seed(1, 0) != game_seed(1, 1)
    True
    """
    digest = hashlib.blake2b(f"odd_nb.simulate {study_seed} {index}".encode(),
                             digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


# -- the study ------------------------------------------------------------------------------------
def simulate(game: str, agents: Any = "random", games: int = 1000, seed: int | None = None, *,
             executor: Any = None, progress: bool = True, chunk: int | None = None,
             out: str | os.PathLike | None = None, content: Any = None, **options):
    """Play ``games`` games of ``game`` with ``agents`` and return one DataFrame row per game.

    ``agents``: a name from ``load_game(game).agents()`` (every seat), a list with one per seat,
    or agent objects (with ``choose(state, rng)``) or zero-argument factories. ``seed``: the study
    seed (``None``: a random one, kept in ``df.attrs["study"]``). ``options``: the game's start
    options (``players=1``, ``heroes=["h1"]``, ...). ``executor``: ``None`` (this process), any
    ``concurrent.futures.Executor`` or a Dask ``distributed.Client``. ``chunk``: games per task
    sent to the executor (default: about a second of work each). ``out``: also write the frame
    to a ``.parquet`` or ``.csv`` (``.csv.gz``, ...) file. ``content`` goes to ``load_game``.

    Raises ``OptionError`` (a ``ValueError``) for an unknown game, option or agent and
    ``ValueError`` for a bad count, before any game is played; ``SimulationError`` (with
    ``.partial`` and ``.failed``) when games failed. See the module docstring for the columns.

    >>> df = simulate("regicide", players=2, agents=["heuristic", "random"], games=3, seed=2,
    ...               progress=False)
    >>> df[["return_0", "return_1"]].shape
    (3, 2)
    """
    pd = pandas_for("odd_nb.simulate", "odd_nb.core.agents.play_out plays one game without it")
    g = load_game(game) if content is None else load_game(game, content=content)
    opts = g.normalize_options(**options)
    specs = _agent_specs(g, agents, opts)
    n = _count(games, "games")
    if chunk is not None:
        chunk = _count(chunk, "chunk")
    fmt = _format(out) if out is not None else None
    if seed is None:
        seed = int.from_bytes(os.urandom(6), "big")
    elif isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(f"seed must be an int or None, not {seed!r}")
    seeds = [game_seed(seed, i) for i in range(n)]
    names = [s if isinstance(s, str) else None for s in specs]
    study = {"game": g.name, "options": opts, "agents": names, "seed": seed, "games": n,
             "content": str(content) if isinstance(content, (str, os.PathLike)) else None,
             "data": g.data_name}
    spec = (g.name, content, opts, tuple(specs))
    if executor is not None:
        executor = _as_executor(executor, spec)
    shown = "+".join(name or getattr(s, "__name__", type(s).__name__)
                     for name, s in zip(names, specs))
    bar = progress_bar(progress, total=n, desc=f"{g.name} {shown}", unit=" games")
    try:
        if executor is None:
            rows, failures = _run_here(g, opts, specs, seeds, bar)
        else:
            rows, failures = _run_on(executor, spec, seeds, chunk, bar)
    finally:
        bar.close()
    df = _frame(rows, study)
    if out is not None:
        _write(df, Path(out), fmt)
    if failures:
        failed = pd.DataFrame(failures, columns=["game", "seed", "error"]).set_index("game")
        failed = failed.sort_index()
        first = failed.iloc[0]
        where = f"; the {len(df)} finished games were written to {out}" if out is not None else ""
        raise SimulationError(
            f"{len(failed)} of {n} games failed or did not run (first: game {failed.index[0]}, "
            f"seed {first.seed}: {first.error}). The {len(df)} finished games are in "
            f".partial, the failures with their seeds in .failed{where}; "
            f"replay({first.seed}, {g.name!r}, agents=..., **options) plays one again.",
            df, failed)
    return df


def _count(value, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise ValueError(f"{what} must be a whole number of at least 1, not {value!r}")
    return value


def _agent_specs(game, agents, options: dict) -> list:
    specs = list(agents) if isinstance(agents, (list, tuple)) else [agents]
    known = game.agents()
    if not specs:
        raise OptionError(f"no agent given; {game.name}'s agents are {sorted(known)}")
    for s in specs:
        if isinstance(s, str):
            if s not in known:
                raise OptionError(f"{game.name} has no agent {s!r}; its agents are "
                                  f"{sorted(known)} (or pass agent objects or factories)")
        elif not (hasattr(s, "choose") or callable(s)):
            raise TypeError(f"{s!r} is not an agent: give an agent name, an object with "
                            f"choose(state, rng) or a factory returning one")
    seats = game.initial_state(options).num_players
    if len(specs) not in (1, seats):
        raise OptionError(f"{len(specs)} agents given for {seats} seats: give one agent per "
                          f"seat, or one for all")
    return specs


def _format(out) -> str:
    suffixes = [s.lower() for s in Path(out).suffixes]
    if suffixes and suffixes[-1] in (".parquet", ".pq"):
        return "parquet"
    if ".csv" in suffixes[-2:]:
        return "csv"
    raise ValueError(f"cannot tell the format of {str(out)!r}: name it .parquet or .csv "
                     f"(.csv.gz and other compressions work too)")


def _write(df, path: Path, fmt: str) -> None:
    if fmt == "parquet":
        df.to_parquet(path)
    else:
        df.to_csv(path)


def _frame(rows: list, study: dict):
    pd = pandas_for("odd_nb.simulate")
    rows.sort(key=lambda r: r[0])
    index = pd.Index([r[0] for r in rows], name="game", dtype="int64")
    columns = {r[1] for r in rows}
    if len(columns) == 1:
        df = pd.DataFrame.from_records([r[2] for r in rows], columns=list(columns.pop()),
                                       index=index)
    else:  # games reported different columns: missing ones are NaN
        df = pd.DataFrame.from_records([dict(zip(r[1], r[2])) for r in rows], index=index)
    df.attrs["study"] = study
    return df


# -- running the games ----------------------------------------------------------------------------
def _run_here(game, options, specs, seeds, bar, first: int = 0):
    """Play games ``first``, ``first + 1``, ... with these seeds: (rows, failures)."""
    rows, failures, columns = [], [], {}
    for k, seed in enumerate(seeds):
        try:
            row = _one(game, options, specs, seed)
            names = tuple(row)
            # (index, column names, values): the names are one shared tuple, so a row costs
            # about a quarter of a dict, here, in transit and in the calling process
            rows.append((first + k, columns.setdefault(names, names), tuple(row.values())))
        except Exception as e:  # noqa: BLE001 - reported with its seed; the study goes on
            failures.append((first + k, seed, _describe(e)))
        bar.update(1)
    return rows, failures


_GAMES: dict = {}


def _run_chunk(spec: tuple, first: int, seeds: list):
    """A chunk of games, usually in a worker: (rows, failures, seconds)."""
    began = time.perf_counter()
    name, content, options, agents = spec
    key = (name, repr(content))
    if key not in _GAMES:  # a worker loads each game (and its card data) once
        _GAMES[key] = load_game(name) if content is None else load_game(name, content=content)
    rows, failures = _run_here(_GAMES[key], options, agents, seeds, NoBar(), first)
    return rows, failures, time.perf_counter() - began


def _as_executor(executor, spec) -> Executor:
    if not isinstance(executor, Executor):
        if not hasattr(executor, "get_executor"):
            raise TypeError(f"executor must be a concurrent.futures.Executor or a Dask "
                            f"distributed.Client, not {type(executor).__name__}")
        executor = executor.get_executor(pure=False)
    if not isinstance(executor, ThreadPoolExecutor):  # threads share the objects as they are
        try:
            pickle.dumps(spec)
        except Exception as e:  # noqa: BLE001
            raise TypeError(f"the agents or content cannot be sent to other processes "
                            f"({type(e).__name__}: {e}); give agent names, or top-level "
                            f"classes and functions") from None
    return executor


def _workers(executor) -> int:
    count = getattr(executor, "_max_workers", None)
    if count:
        return count
    client = getattr(executor, "_client", None)
    if client is not None:
        try:
            return max(1, sum(client.nthreads().values()))
        except Exception:  # noqa: BLE001 - a guess is enough for sizing chunks
            pass
    return os.cpu_count() or 2


def _run_on(executor: Executor, spec, seeds, chunk, bar):
    """Send chunks of consecutive games; keep twice the workers' count in flight."""
    n, workers = len(seeds), _workers(executor)
    pending: dict = {}
    rows, failures = [], []
    next_i, timed_games, timed_seconds = 0, 0, 0.0
    broken = None

    def size() -> int:
        if chunk is not None:
            return chunk
        if not timed_games:
            return FIRST_CHUNK
        wanted = max(1, int(CHUNK_SECONDS * timed_games / max(timed_seconds, 1e-9)))
        return max(1, min(wanted, math.ceil((n - next_i) / workers)))  # spread the tail

    try:
        while next_i < n or pending:
            while broken is None and next_i < n and len(pending) < 2 * workers:
                k = min(size(), n - next_i)
                try:
                    future = executor.submit(_run_chunk, spec, next_i, seeds[next_i:next_i + k])
                except Exception as e:  # noqa: BLE001 - e.g. a broken pool or closed client
                    broken = e
                    break
                pending[future] = (next_i, k)
                next_i += k
            if broken is not None and next_i < n:
                why = f"not run: the executor failed ({_describe(broken, False)})"
                failures += [(i, seeds[i], why) for i in range(next_i, n)]
                bar.update(n - next_i)
                next_i = n
            if not pending:
                break
            done, _ = wait(pending, return_when=FIRST_COMPLETED)
            for future in done:
                first, k = pending.pop(future)
                try:
                    got, failed, seconds = future.result()
                except Exception as e:  # noqa: BLE001 - the chunk is lost, not the study
                    why = f"chunk of games {first}-{first + k - 1} lost: {_describe(e, False)}"
                    failures += [(i, seeds[i], why) for i in range(first, first + k)]
                else:
                    rows += got
                    failures += failed
                    timed_games += k
                    timed_seconds += seconds
                bar.update(k)
    except BaseException:
        for future in pending:
            future.cancel()
        raise
    return rows, failures


def _one(game, options: dict, specs, seed: int) -> dict:
    """Play one game to its end (chance as a Timeline with this seed draws it) and give its row."""
    state = game.initial_state(options)
    digest = path_start(game.name, seed, game.seed_options(options))  # as a Timeline's
    seats = _agents_for(game, specs, state.num_players)
    rng = random.Random(seed)
    length = decisions = 0
    while not state.is_terminal:
        if length >= MAX_STEPS:
            raise RuntimeError(f"no end after {MAX_STEPS} steps")
        if state.is_chance:
            action = state.sample_chance(path_point(digest))
        else:
            action = seats[state.to_move].choose(state, rng)
            decisions += 1
        digest = path_step(digest, str(action))
        state = state.apply(action)
        length += 1
    return _row(game, state, length, decisions, seed)


def _agents_for(game, specs, seats: int) -> list:
    def make(spec):
        if isinstance(spec, str):
            return game.agents()[spec]()
        if isinstance(spec, type) or not hasattr(spec, "choose"):
            return spec()
        return copy.deepcopy(spec)  # no state carried from game to game, in any process

    return [make(specs[0]) for _ in range(seats)] if len(specs) == 1 else [make(s) for s in specs]


def _row(game, state, length: int, decisions: int, seed: int) -> dict:
    returns = [float(r) for r in state.returns()]
    outcome = getattr(state, "outcome", None)
    if not isinstance(outcome, str):
        outcome = "won" if returns and max(returns) > 0 else "lost"
    row: dict[str, Any] = {"seed": seed, "outcome": outcome}
    if len(returns) == 1:
        row["returns"] = returns[0]
    else:
        row.update((f"return_{p}", r) for p, r in enumerate(returns))
    row["length"], row["decisions"] = length, decisions
    row.update(game.final_stats(state))
    return row


def _describe(e: BaseException, site: bool = True) -> str:
    frames = traceback.extract_tb(e.__traceback__) if site else None
    where = f" (at {Path(frames[-1].filename).name}:{frames[-1].lineno})" if frames else ""
    return f"{type(e).__name__}: {e}{where}"


# -- replaying ------------------------------------------------------------------------------------
def replay(row, game: str | None = None, agents: Any = None, *, content: Any = None,
           **options) -> Timeline:
    """The Timeline of one game of a study, played to its end: the same steps, states and
    outcome as its row. ``row``: a row of ``simulate``'s frame (``df.loc[i]``, which carries the
    study) or a game seed; ``game``, ``agents``, ``content`` and ``options`` are needed when the
    row does not carry the study (a seed, or a frame read from CSV) and override it otherwise.

    >>> df = simulate("regicide", players=1, agents="heuristic", games=2, seed=5, progress=False)
    >>> t = replay(df.loc[1])
    >>> t.seed == int(df.loc[1, "seed"]), t.state.is_terminal
    (True, True)
    """
    if isinstance(row, int) and not isinstance(row, bool):
        seed, study = row, {}
    else:
        seed, study = int(row["seed"]), dict(getattr(row, "attrs", {}).get("study", {}))
    name = game or study.get("game")
    if name is None:
        raise ValueError("this row does not say which game it is: give game= (and agents=, "
                         "options)")
    same = name == study.get("game")
    if agents is None:
        agents = study.get("agents") if same else None
        if agents is None or None in agents:
            raise ValueError("the study's agents were not given by name: give agents=")
    if content is None and same:
        content = study.get("content")
    options = {**(study.get("options", {}) if same else {}), **options}
    g = load_game(name) if content is None else load_game(name, content=content)
    if same and study.get("data", g.data_name) != g.data_name:
        raise ValueError(f"the study was played with the card data {study['data']!r}, not "
                         f"{g.data_name!r}: give content=")
    opts = g.normalize_options(**options)
    specs = _agent_specs(g, agents, opts)
    t = Timeline(g, opts, seed)
    seats = _agents_for(g, specs, t.state.num_players)
    rng = random.Random(seed)
    while not t.state.is_terminal:
        if len(t) >= MAX_STEPS:
            raise RuntimeError(f"no end after {MAX_STEPS} steps")
        t.play(seats[t.state.to_move].choose(t.state, rng))
    return t


def timeline_of(df, game: int, **kwargs) -> Timeline:
    """The Timeline of game number ``game`` (its index label) of a ``simulate`` frame; keyword
    arguments as for ``replay``."""
    row = df.loc[game]
    row.attrs = dict(df.attrs)
    return replay(row, **kwargs)


# -- summaries ------------------------------------------------------------------------------------
def wilson(successes: int, n: int, z: float = Z95) -> tuple[float, float, float]:
    """A rate and its Wilson score interval (95% by default).

    >>> [round(x, 3) for x in wilson(8, 10)]
    [0.8, 0.49, 0.943]
    """
    if n == 0:
        return math.nan, math.nan, math.nan
    p = successes / n
    low, high = wilson_interval(p, n, z)
    low = 0.0 if successes == 0 else max(0.0, low)  # exact ends, no rounding dust
    high = 1.0 if successes == n else min(1.0, high)
    return p, low, high


def summary(df):
    """One row per figure of a ``simulate`` frame: ``value`` with a 95% interval (``low``,
    ``high``). ``games``: the count; ``win rate``: the share of games won, with its Wilson
    interval; rates (Wilson) for true/false columns; means for every other number column
    (``returns``, ``length``, ``decisions``, the game's own), interval mean ± 1.96 standard
    errors. Text columns (``reason``...) are left to ``df.groupby``.

    >>> df = simulate("regicide", players=1, agents="random", games=5, seed=3, progress=False)
    >>> int(summary(df).loc["games", "value"])
    5
    """
    pd = pandas_for("odd_nb.summary")
    n = len(df)
    table = {"games": (float(n), math.nan, math.nan)}
    won = int((df["outcome"] == "won").sum()) if "outcome" in df else 0
    table["win rate"] = wilson(won, n)
    for col in df.columns:
        if col in ("seed", "outcome"):
            continue
        values = df[col]
        if pd.api.types.is_bool_dtype(values):
            table[col] = wilson(int(values.sum()), n)
        elif pd.api.types.is_numeric_dtype(values):
            values = values.dropna().astype(float)
            mean = values.mean() if len(values) else math.nan
            half = Z95 * values.std() / math.sqrt(len(values)) if len(values) > 1 else math.nan
            table[col] = (mean, mean - half, mean + half)
    out = pd.DataFrame.from_dict(table, orient="index", columns=["value", "low", "high"])
    out.index.name = "statistic"
    return out
