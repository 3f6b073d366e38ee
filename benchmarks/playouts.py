"""How fast One Deck Dungeon plays: complete random games and actions per second on one core,
and what undo costs early and late in a long timeline.

    python benchmarks/playouts.py [--games 2000] [--seed 1]

Figures, each beside a baseline measured in the same run:
- random games/s and actions/s on bare states (``play_out``), and through a ``Timeline`` (what a
  notebook user drives: history kept, chance drawn from the path hash);
- the baseline for games: the same number of steps spent only on choosing (``rng.choice`` over the
  legal actions the engine listed), i.e. the cost of the random agent itself;
- undo at step 10 and at step ~1,000 of a long timeline, beside the baseline a
  snapshot-less engine pays: replaying the log from the start to the previous decision.
"""

from __future__ import annotations

import argparse
import random
import sys
import time

import odd_nb
from odd_nb.games.one_deck.agents import GreedyAgent

GAME = odd_nb.load_game("one-deck-dungeon")
SETUPS = [(["h1"], "d1"), (["h2", "h3"], "d2"), (["h4"], "d3"), (["h5", "h1"], "d4")]


def random_games(n: int, seed: int) -> tuple[float, int, list]:
    """Seconds, steps and final states of n random games on bare states."""
    finals, steps = [], 0
    start = time.perf_counter()
    for i in range(n):
        heroes, dungeon = SETUPS[i % len(SETUPS)]
        rng = random.Random(seed * 1_000_003 + i)
        s = GAME.new_initial_state(heroes=heroes, dungeon=dungeon)
        while not s.is_terminal:
            if s.is_chance:
                s = s.apply(s.sample_chance(rng.random()))
            else:
                s = s.apply(rng.choice(s.legal_actions()))
            steps += 1
        finals.append(s)
    return time.perf_counter() - start, steps, finals


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
    start = time.perf_counter()
    for _ in range(n_steps):
        rng.choice(legal)
    return time.perf_counter() - start


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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    print(f"One Deck Dungeon playouts, one core, Python {sys.version.split()[0]}")
    secs, steps, finals = random_games(args.games, args.seed)
    won = sum(f.outcome == "won" for f in finals)
    print(f"random games (bare states): {args.games / secs:8.0f} games/s  "
          f"{steps / secs:9.0f} actions/s  ({args.games} games, {steps / args.games:.0f} "
          f"actions each, {won} won)")
    base = choosing_only(steps, args.seed)
    print(f"  baseline, choosing only:  {steps / base:9.0f} choices/s "
          f"(the agent's share of a game: {base / secs:.1%})")
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
