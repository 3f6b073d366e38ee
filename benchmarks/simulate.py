"""How fast strategy studies run: games per second of ``odd_nb.simulate`` in this process, on a
2-process pool and on a 2-worker Dask LocalCluster, with the speed-ups over one process.

    python benchmarks/simulate.py [--games 2000] [--seed 1] [--workers 2] [--repeat 1]

Studies: Regicide solo with the heuristic agent (``--games`` games) and One Deck Dungeon with the
greedy agent (``--games`` / 20 games: a greedy delve costs about 20 Regicide games). The pool and
the cluster are started and warmed up (workers import odd_nb and load the cards) before timing,
so the figures are the steady rate of a long study. Each parallel frame is checked to equal the
single-process one, row for row. The goal is a speed-up of at least 1.7 on 2 workers; the load
average is printed because on a shared machine the other processes take cores too.

Baseline of the One Deck Dungeon engine: the greedy study in this process by the reference path
(``rules.legal`` and ``OddState.apply_by_rules`` at every step, see ``playouts.py``), timed in the
same rounds; its frame must equal the fast path's. Goal: 100 greedy games/s in one process.
"""

from __future__ import annotations

import argparse
import os
import time
from concurrent.futures import ProcessPoolExecutor

import pandas as pd

from odd_nb.simulation import simulate
from playouts import by_the_rules

GOAL = 1.7
GREEDY_GOAL = 100  # One Deck Dungeon greedy games/s in one process


def studies(games: int, seed: int) -> list[dict]:
    return [
        dict(game="one-deck-dungeon", agents="greedy", games=max(4, games // 20), seed=seed),
        dict(game="regicide", players=1, agents="heuristic", games=games, seed=seed),
    ]


def timed(study: dict, executor=None) -> tuple[float, pd.DataFrame]:
    began = time.perf_counter()
    df = simulate(**study, executor=executor, progress=False)
    return time.perf_counter() - began, df


def warm(executor, workers: int) -> None:
    for study in studies(4 * workers, 0):
        simulate(**{**study, "games": 2 * workers}, executor=executor, chunk=1, progress=False)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=2000,
                        help="Regicide games per run (One Deck Dungeon: a twentieth)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--repeat", type=int, default=1,
                        help="runs of each case, interleaved; the fastest counts (a shared "
                             "machine: other processes slow some runs)")
    args = parser.parse_args()
    from distributed import Client, LocalCluster

    load_before = os.getloadavg()
    todo = studies(args.games, args.seed)
    best: dict = {}
    with ProcessPoolExecutor(args.workers) as pool, \
            LocalCluster(n_workers=args.workers, threads_per_worker=1, processes=True,
                         host="127.0.0.1", dashboard_address=None) as cluster, \
            Client(cluster) as client:
        warm(pool, args.workers)
        warm(client, args.workers)
        for _ in range(args.repeat):
            for mode, executor in (("single", None), ("pool", pool), ("dask", client)):
                for i, study in enumerate(todo):
                    seconds, df = timed(study, executor)
                    if (mode, i) not in best or seconds < best[mode, i][0]:
                        best[mode, i] = seconds, df
            with by_the_rules():
                seconds, df = timed(todo[0])
            if "reference" not in best or seconds < best["reference"][0]:
                best["reference"] = seconds, df
    load_after = os.getloadavg()

    print(f"odd_nb.simulate: games per second ({os.cpu_count()} cores; load average "
          f"{load_before[0]:.1f} before, {load_after[0]:.1f} after; {args.workers} workers; "
          f"best of {args.repeat})")
    head = (f"{'study':<36} {'games':>6} {'1 process':>10} {'pool':>10} {'speed-up':>9} "
            f"{'Dask':>10} {'speed-up':>9}")
    print(head)
    print("-" * len(head))
    ratios = []
    for i, study in enumerate(todo):
        (t1, df1), (tp, dfp), (td, dfd) = best["single", i], best["pool", i], best["dask", i]
        pd.testing.assert_frame_equal(df1, dfp)
        pd.testing.assert_frame_equal(df1, dfd)
        n = study["games"]
        name = f"{study['game']} {study['agents']}"
        print(f"{name:<36} {n:>6} {n / t1:>10.1f} {n / tp:>10.1f} {t1 / tp:>8.2f}x "
              f"{n / td:>10.1f} {t1 / td:>8.2f}x")
        ratios += [t1 / tp, t1 / td]
    verdict = "met" if min(ratios) >= GOAL else "not met"
    print(f"goal: speed-up >= {GOAL}x on {args.workers} workers: {verdict} "
          f"(lowest {min(ratios):.2f}x); frames equal row for row in all three runs")
    (tf, dff), (tr, dfr) = best["single", 0], best["reference"]
    pd.testing.assert_frame_equal(dff, dfr)
    n = todo[0]["games"]
    verdict = "met" if n / tf >= GREEDY_GOAL else "not met"
    print(f"one-deck-dungeon greedy, 1 process: {n / tf:.1f} games/s; baseline, the reference "
          f"path: {n / tr:.1f} games/s (fast path {tr / tf:.1f}x); goal >= {GREEDY_GOAL}: "
          f"{verdict}; frames equal")


if __name__ == "__main__":
    main()
