"""How long the play widget's One Deck Dungeon odds panel takes on the positions of real games.

    python benchmarks/odds_in_play.py                 # 10 games, about 2 minutes
    python benchmarks/odds_in_play.py --games 30

The greedy agent plays seeded games; at every decision the panel is made afresh (its cache
cleared), as the widget makes it after each click, and timed beside the board drawn for the same
position (the baseline: what a click costs without odds) and the hint (the greedy agent's
choice). Before a roll the panel shows the encounter's odds within ``ODDS_SECONDS`` per
encounter; the script counts how often they were exact and how many rolls the estimates
rest on. ``--no-budget`` times the odds without the time budget on the pre-roll positions
(exact walk, else 2,000 sampled rolls; slow: minutes per game). ``--refine`` also times the
widget's background work where the panel showed an estimate (``refine_odds``, up to
``REFINE_SECONDS`` per encounter) and counts how many of those odds it made exact.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a checkout

import odd_nb  # noqa: E402
from odd_nb.games.one_deck import view as view_module  # noqa: E402
from odd_nb.games.one_deck.agents import GreedyAgent  # noqa: E402
from odd_nb.games.one_deck.odds import state_odds  # noqa: E402


def quantiles(seconds: list) -> str:
    if not seconds:
        return "none"
    xs = sorted(seconds)
    q = lambda p: xs[min(len(xs) - 1, int(p * len(xs)))] * 1000  # noqa: E731
    return (f"{len(xs):5d} calls: median {q(0.5):7.1f} ms  p90 {q(0.9):7.1f}  "
            f"p99 {q(0.99):8.1f}  max {xs[-1] * 1000:8.1f}")


def greedy_decisions(seed: int, choose):
    """Each position of the seeded greedy game where a player decides, in order (chance drawn
    from the seed's own random numbers); ``choose(state, rng)`` gives the move played from it."""
    rng = random.Random(seed)
    s = odd_nb.start("one-deck-dungeon", seed=seed).state
    while not s.is_terminal:
        if s.is_chance:
            s = s.apply(s.sample_chance(rng.random()))
            continue
        yield s
        s = s.apply(choose(s, rng))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--no-budget", action="store_true",
                        help="also time the pre-roll odds without the time budget")
    parser.add_argument("--refine", action="store_true",
                        help="also time the background refinement of estimates")
    args = parser.parse_args()
    view = odd_nb.load_game("one-deck-dungeon").view()
    agent = GreedyAgent()
    timings = {"board (baseline)": [], "odds panel": [], "odds panel, before a roll": [],
               "hint": [], "odds without budget, before a roll": [],
               "refined in the background (estimates)": []}
    kinds = {"exact": 0, "estimate": 0, "refined exact": 0, "refined estimate": 0}
    estimate_rolls = []
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"odds panel budget {view_module.ODDS_SECONDS} s per encounter; {args.games} greedy "
          f"games; load average {load:.2f} at start")

    def hint(s, rng):
        start = time.perf_counter()
        action = agent.choose(s, rng)
        timings["hint"].append(time.perf_counter() - start)
        return action

    for s in (s for seed in range(args.games) for s in greedy_decisions(seed, hint)):
        start = time.perf_counter()
        view.board(s, None)
        timings["board (baseline)"].append(time.perf_counter() - start)
        view_module._quick_odds.cache_clear()
        start = time.perf_counter()
        view.odds(s, None)
        took = time.perf_counter() - start
        timings["odds panel"].append(took)
        before_roll = s.phase in ("peril", "feats")
        if before_roll:
            timings["odds panel, before a roll"].append(took)
            quick = view_module._quick_odds(s)
            for _, odds in quick:
                kinds["exact" if odds.exact else "estimate"] += 1
                if not odds.exact:
                    estimate_rolls.append(odds.samples)
            if args.refine and not all(odds.exact for _, odds in quick):
                view_module._refined.clear()
                start = time.perf_counter()
                view.refine_odds(s, None, threading.Event())
                timings["refined in the background (estimates)"].append(
                    time.perf_counter() - start)
                for _, odds in view_module._refined.get(s, ()):  # the rows the panel now shows
                    kinds["refined exact" if odds.exact else "refined estimate"] += 1
            if args.no_budget:
                start = time.perf_counter()
                state_odds(s, samples=2_000, seed=0)
                timings["odds without budget, before a roll"].append(
                    time.perf_counter() - start)
    for name, seconds in timings.items():
        if seconds:
            print(f"{name:36s} {quantiles(seconds)}")
    total = sum(kinds.values())
    print(f"\nencounter odds before a roll: {kinds['exact']} of {total} exact "
          f"({kinds['exact'] / max(total, 1):.0%}); estimates rest on "
          + (f"{min(estimate_rolls)}-{max(estimate_rolls)} rolls (median "
             f"{sorted(estimate_rolls)[len(estimate_rolls) // 2]})" if estimate_rolls
             else "-"))
    if args.refine:
        refined = kinds["refined exact"] + kinds["refined estimate"]
        print(f"positions with an estimate, refined in the background: {refined} encounter odds, "
              f"{kinds['refined exact']} of them exact after up to "
              f"{view_module.REFINE_SECONDS:g} s each")
    try:
        import resource
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KiB on Linux
        print(f"peak memory of this process: {peak:,.0f} MiB")
    except ImportError:  # Windows has no resource module
        pass


if __name__ == "__main__":
    main()
