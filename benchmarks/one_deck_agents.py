"""One Deck Dungeon agents side by side: win rate (with its Wilson interval) and games per second
of the greedy and the expectimax agent, per hero and dungeon and per dungeon in all, on the same
seeds.

    python benchmarks/one_deck_agents.py [--games 40] [--seed 1] [--heroes h1 h5] [--dungeons d1]
                                         [--jobs 2] [--agents greedy expectimax]

Greedy is the baseline of the same run. ``--jobs N`` plays the games on N worker processes (one
pool for the whole run, so each worker keeps what it has worked out). The expectimax agent's
first games are slower than the rest: its boss-fight tables and encounter odds are kept for the
games that follow (per process), so the rate is printed for the whole study, as a notebook cell
would see it. A table of a few games per hero says little: read the dungeon totals.
"""

from __future__ import annotations

import argparse
import time
from concurrent.futures import ProcessPoolExecutor

from odd_nb.core.stats import wilson_interval
from odd_nb.simulation import simulate

AGENTS = ("greedy", "expectimax")


def rate(won: int, games: int) -> str:
    """``won``/``games`` with the 95% Wilson interval: ``rate(35, 50)`` is
    ``"35/50 0.70 (0.56-0.81)"``."""
    low, high = wilson_interval(won / games, games)
    return f"{won}/{games} {won / games:.2f} ({low:.2f}-{high:.2f})"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=40, help="games per hero and dungeon")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--heroes", nargs="+", default=["h1", "h2", "h3", "h4", "h5"])
    ap.add_argument("--dungeons", nargs="+", default=["d1", "d2"])
    ap.add_argument("--agents", nargs="+", default=list(AGENTS))
    ap.add_argument("--jobs", type=int, default=1, help="worker processes (1: this process)")
    args = ap.parse_args()
    pool = ProcessPoolExecutor(args.jobs) if args.jobs > 1 else None
    won = {(a, d): 0 for a in args.agents for d in args.dungeons}
    seconds = {a: 0.0 for a in args.agents}
    print(f"{'hero':5}{'dungeon':8}" + "".join(f"{a + ' won (95%)':>28}{'games/s':>9}"
                                             for a in args.agents))
    try:
        for dungeon in args.dungeons:
            for hero in args.heroes:
                line = f"{hero:5}{dungeon:8}"
                for agent in args.agents:
                    start = time.perf_counter()
                    df = simulate("one-deck-dungeon", agents=agent, games=args.games,
                                  seed=args.seed, progress=False, executor=pool, heroes=[hero],
                                  dungeon=dungeon)
                    took = time.perf_counter() - start
                    n = int((df.outcome == "won").sum())
                    won[agent, dungeon] += n
                    seconds[agent] += took
                    line += f"{rate(n, args.games):>28}{args.games / took:>9.2f}"
                print(line, flush=True)
    finally:
        if pool is not None:
            pool.shutdown()
    games = args.games * len(args.heroes)
    for dungeon in args.dungeons:
        print(f"{dungeon}, {len(args.heroes)} heroes: " + ", ".join(
            f"{agent} {rate(won[agent, dungeon], games)}" for agent in args.agents))
    for agent in args.agents:
        total = games * len(args.dungeons)
        print(f"{agent}: {total / seconds[agent]:.2f} games/s (wall, {args.jobs} process"
              f"{'es' if args.jobs > 1 else ''})")


if __name__ == "__main__":
    main()
