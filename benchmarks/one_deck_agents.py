"""One Deck Dungeon agents side by side: win rate (with its Wilson interval) and games per second
of the greedy and the expectimax agent, per hero and dungeon, on the same seeds in one process.

    python benchmarks/one_deck_agents.py [--games 40] [--seed 1] [--heroes h1 h5] [--dungeons d1]

Greedy is the baseline of the same run. The expectimax agent's first games are slower than the
rest: its boss-fight tables and encounter odds are kept for the games that follow (per process),
so the rate is printed for the whole study, as a notebook cell would see it.
"""

from __future__ import annotations

import argparse
import time

from odd_nb.simulation import simulate, summary

AGENTS = ("greedy", "expectimax")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--heroes", nargs="+", default=["h1", "h2", "h3", "h4", "h5"])
    ap.add_argument("--dungeons", nargs="+", default=["d1", "d2"])
    args = ap.parse_args()
    totals = {a: [0, 0, 0.0] for a in AGENTS}  # won, games, seconds
    print(f"{'hero':5}{'dungeon':8}" + "".join(f"{a + ' win rate (95%)':>32}{'games/s':>9}"
                                             for a in AGENTS))
    for hero in args.heroes:
        for dungeon in args.dungeons:
            line = f"{hero:5}{dungeon:8}"
            for agent in AGENTS:
                start = time.perf_counter()
                df = simulate("one-deck-dungeon", agents=agent, games=args.games, seed=args.seed,
                              progress=False, heroes=[hero], dungeon=dungeon)
                seconds = time.perf_counter() - start
                rate = summary(df).loc["win rate"]
                won = int((df.outcome == "won").sum())
                totals[agent][0] += won
                totals[agent][1] += args.games
                totals[agent][2] += seconds
                cell = f"{won}/{args.games} {rate.value:.2f} ({rate.low:.2f}-{rate.high:.2f})"
                line += f"{cell:>32}{args.games / seconds:>9.2f}"
            print(line, flush=True)
    for agent, (won, games, seconds) in totals.items():
        print(f"{agent}: {won}/{games} won ({won / games:.3f}), {games / seconds:.2f} games/s")


if __name__ == "__main__":
    main()
