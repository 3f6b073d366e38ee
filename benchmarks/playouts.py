"""How fast One Deck Dungeon plays: complete random games and actions per second on one core,
and what undo costs early and late in a long timeline.

    python benchmarks/playouts.py [--games 2000] [--seed 1]

Figures, each beside a baseline measured in the same run:
- random games/s and actions/s on bare states (``play_out``), and through a ``Timeline`` (what a
  notebook user drives: history kept, chance drawn from the path hash);
- games are timed in process time (one core's work, whatever else the machine runs), and the
  garbage collector's share of that time is printed: tables that grow with every new position
  cost more in collections than they save;
- the baseline for the engine: the same games by the reference path (legal actions listed by
  ``rules.legal``, every step made by ``OddState.apply_by_rules``), which the fast paths
  (``fast.py``) must equal step for step; each of ``--rounds`` rounds plays new games by both
  (after a warm-up on other seeds: a long study's steady state, whose tables are full of what
  serves every game but not of the very games timed);
- the baseline for games: the same number of steps spent only on choosing (``rng.choice`` over the
  legal actions the engine listed), i.e. the cost of the random agent itself;
- undo at step 10 and at step ~1,000 of a long timeline, beside the baseline a
  snapshot-less engine pays: replaying the log from the start to the previous decision.
"""

from __future__ import annotations

import argparse
import gc
import random
import sys
import time
from contextlib import contextmanager

import odd_nb
from odd_nb.core.agents import RandomAgent, play_out
from odd_nb.core.state import State
from odd_nb.games.one_deck import rules
from odd_nb.games.one_deck.agents import GreedyAgent
from odd_nb.games.one_deck.state import OddState

GAME = odd_nb.load_game("one-deck-dungeon")
WARM_UP = 300  # games played before timing, on other seeds
SETUPS = [(["h1"], "d1"), (["h2", "h3"], "d2"), (["h4"], "d3"), (["h5", "h1"], "d4")]


@contextmanager
def by_the_rules():
    """States list their legal actions by ``rules.legal``, check legality in that list and move
    by ``apply_by_rules``, chance node by chance node: the reference path, as a baseline."""
    names = ("legal_actions", "_compute_legal", "is_legal", "apply", "_apply", "play_chance")
    saved = [OddState.__dict__[name] for name in names]
    OddState.legal_actions, OddState.apply = State.legal_actions, State.apply
    OddState.play_chance = State.play_chance  # chance node by chance node
    OddState._compute_legal = rules.legal
    OddState.is_legal = State.is_legal
    OddState._apply = OddState.apply_by_rules
    try:
        yield
    finally:
        for name, method in zip(names, saved):
            setattr(OddState, name, method)


class Collections:
    """Process time spent in garbage collections while in use (``gc.callbacks``)."""

    def __init__(self):
        self.seconds, self._start = 0.0, None

    def __call__(self, phase: str, info: dict) -> None:
        if phase == "start":
            self._start = time.process_time()
        elif self._start is not None:
            self.seconds += time.process_time() - self._start

    def __enter__(self) -> "Collections":
        gc.callbacks.append(self)
        return self

    def __exit__(self, *exc) -> None:
        gc.callbacks.remove(self)


def games(agent, n: int, seed: int) -> tuple[float, list, float]:
    """Seconds (process time), final states and seconds spent collecting garbage of ``n``
    games of ``agent`` on bare states (``play_out``), the setups in turn."""
    finals = []
    with Collections() as collections:
        start = time.process_time()
        for i in range(n):
            heroes, dungeon = SETUPS[i % len(SETUPS)]
            s = GAME.new_initial_state(heroes=heroes, dungeon=dungeon)
            finals.append(play_out(s, agent, random.Random(seed * 1_000_003 + i)))
        seconds = time.process_time() - start
    return seconds, finals, collections.seconds


def count_steps(n: int, seed: int) -> int:
    """Steps of the games ``random_games`` plays (the same seeds), counted untimed."""
    steps = 0
    for i in range(n):
        heroes, dungeon = SETUPS[i % len(SETUPS)]
        rng, agent = random.Random(seed * 1_000_003 + i), RandomAgent()
        s = GAME.new_initial_state(heroes=heroes, dungeon=dungeon)
        while not s.is_terminal:
            s = s.apply(s.sample_chance(rng.random()) if s.is_chance else agent.choose(s, rng))
            steps += 1
    return steps


def timeline_games(n: int, seed: int) -> tuple[float, int]:
    steps = 0
    start = time.perf_counter()
    for i in range(n):
        heroes, dungeon = SETUPS[i % len(SETUPS)]
        rng = random.Random(seed + i)
        t = odd_nb.start("one-deck-dungeon", heroes=heroes, dungeon=dungeon, seed=seed + i)
        while not t.state.is_terminal:
            t.play(rng.choice(t.legal_actions()))
        steps += len(t)
    return time.perf_counter() - start, steps


def choosing_only(n_steps: int, seed: int) -> float:
    """Baseline: the agent's own cost, choosing among a typical list of legal actions."""
    rng = random.Random(seed)
    legal = list(range(12))
    start = time.process_time()
    for _ in range(n_steps):
        rng.choice(legal)
    return time.process_time() - start


def long_timeline(seed: int):
    """A timeline of about 1,000 entries: greedy two-hero games, the longest of a few seeds."""
    best = None
    for s in range(seed, seed + 4):
        t = odd_nb.start("one-deck-dungeon", heroes=["h1", "h2"], dungeon="d4", seed=s)
        agent, rng = GreedyAgent(), random.Random(s)
        while not t.state.is_terminal:
            t.play(agent.choose(t.state, rng))
        if best is None or len(t) > len(best):
            best = t
    return best


def time_undo(t, step: int, repeat: int = 2000) -> float:
    """Mean seconds of undo() then redo() from entry ``step``, in microseconds."""
    while not t.can_jump(step):  # the timeline rests only where a decision is due
        step += 1
    t.jump(step)
    start = time.perf_counter()
    for _ in range(repeat):
        t.undo()
        t.redo()
    return (time.perf_counter() - start) / repeat / 2 * 1e6


def replay_undo(t, step: int, repeat: int = 5) -> float:
    """Baseline: undo by replaying the log from the start (no kept states), microseconds."""
    actions = [e.action for e in t._entries[:step]]
    start = time.perf_counter()
    for _ in range(repeat):
        s = GAME.initial_state(t.options)
        for a in actions[:-1]:
            s = s.apply(a)
    return (time.perf_counter() - start) / repeat * 1e6


def rounds(count: int, run, seed: int) -> tuple:
    """``run(seed)`` for ``count`` rounds, each on new games (seeds ``seed``,
    ``seed + 1``, ...: replaying the same games would find every table entry they make already
    there), the fast and the reference path alternating on the same games, their final states
    checked equal: seconds of each in all, the fast path's final states and its seconds
    collecting garbage."""
    fast = ref = collecting = 0.0
    finals = []
    for r in range(count):
        found = run(seed + r)
        with by_the_rules():
            reference = run(seed + r)
        assert found[1] == reference[1], "the fast path ended a game differently"
        fast, ref, collecting = fast + found[0], ref + reference[0], collecting + found[2]
        finals += found[1]
    return fast, ref, finals, collecting


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--greedy-games", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=3,
                        help="rounds of new games, each played by both paths in turn")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    print(f"One Deck Dungeon playouts, one core, Python {sys.version.split()[0]} "
          f"({args.rounds} rounds of new games, fast and reference paths alternating; "
          f"tables warmed by {WARM_UP} other games first)")
    games(RandomAgent(), WARM_UP, args.seed - 1)  # a long study's steady state, not a cold start
    n, seeds = args.games // args.rounds, range(args.seed, args.seed + args.rounds)
    fast, ref, finals, collecting = rounds(args.rounds,
                                           lambda seed: games(RandomAgent(), n, seed), args.seed)
    steps = sum(count_steps(n, seed) for seed in seeds)
    n *= args.rounds
    won = sum(f.outcome == "won" for f in finals)
    print(f"random games (bare states): {n / fast:8.0f} games/s  {steps / fast:9.0f} actions/s  "
          f"({n} games, {steps / n:.0f} actions each, {won} won; garbage collection "
          f"{collecting / fast:.0%} of the time)")
    print(f"  baseline, reference path: {n / ref:8.0f} games/s  {steps / ref:9.0f} actions/s  "
          f"(fast path {ref / fast:.1f}x)")
    base = choosing_only(steps, args.seed)
    print(f"  baseline, choosing only:  {steps / base:9.0f} choices/s "
          f"(the agent's share of a game: {base / fast:.1%})")
    g = args.greedy_games // args.rounds
    fast, ref, finals, _ = rounds(args.rounds, lambda seed: games(GreedyAgent(), g, seed),
                                  args.seed)
    g *= args.rounds
    won = sum(f.outcome == "won" for f in finals)
    print(f"greedy games (bare states): {g / fast:8.1f} games/s  ({g} games, {won} won)")
    print(f"  baseline, reference path: {g / ref:8.1f} games/s  (fast path {ref / fast:.1f}x)")
    n = max(1, args.games // 5)
    secs_t, steps_t = timeline_games(n, args.seed)
    print(f"random games (Timeline):    {n / secs_t:8.0f} games/s  {steps_t / secs_t:9.0f} "
          f"actions/s  ({n} games)")

    t = long_timeline(args.seed)
    late = min(1000, len(t) - 2)
    early_us, late_us = time_undo(t, 10), time_undo(t, late)
    print(f"undo+redo in a timeline of {len(t)} entries: step 10 {early_us:.2f} us, "
          f"step {late} {late_us:.2f} us (ratio {late_us / early_us:.2f})")
    print(f"  baseline, undo by replay: step 10 {replay_undo(t, 10):.0f} us, "
          f"step {late} {replay_undo(t, late):.0f} us")


if __name__ == "__main__":
    main()
