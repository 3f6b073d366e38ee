"""How long the play widget's Python side takes to redraw Dungeon Twister after a click: the
board with its reach marks, the legal actions and the routes (a character then a far square,
``View.routes``), on phase-2 positions reached by the heuristic agent.

    .venv/bin/python benchmarks/widget_refresh.py [--positions 12] [--repeats 5]

Each position is redrawn as on its first visit (the reach search's memory emptied first),
``--repeats`` times, the median kept; the figures are medians and maxima over positions, in wall
time. The baseline, measured in the same run on the same positions, is the redraw with no routes
offered (the core's default ``View.routes``): the difference is what the routes cost. The
browser's part (sending, drawing) is in benchmarks/widget_latency.py.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import odd_nb
from odd_nb.core.view import View
from odd_nb.games.dungeon_twister import reach
from odd_nb.games.dungeon_twister.agents import HeuristicAgent
from odd_nb.games.dungeon_twister.view import DungeonTwisterView
from odd_nb.widgets import play


def positions(n: int, seed: int = 1) -> list:
    """``n`` positions of phase 2 with no move under way (where a person picks a character),
    from seeded games of the heuristic agent, round 2 to 10."""
    rng, agent, found = random.Random(seed), HeuristicAgent(), []
    while len(found) < n:
        t = odd_nb.start("dungeon-twister", seed=rng.randrange(1 << 30))
        stop = rng.randint(2, 10)
        while not t.state.is_terminal and t.state.round < stop:
            if t.state.is_chance:
                t.roll()
            else:
                t.play(agent.choose(t.state, rng))
        s = t.state
        while not s.is_terminal and (s.is_chance or s.phase != "actions" or s.move is not None):
            t.roll() if s.is_chance else t.play(agent.choose(s, rng))
            s = t.state
        if not s.is_terminal:
            found.append(s)
    return found


def redraw(state, repeats: int) -> tuple[float, int]:
    """Median milliseconds of the widget's redraw of ``state`` as a first visit, and how many
    choices (legal actions and routes) the board got."""
    w = play(state, seat=state.to_move, paced=False, refine=False)
    times = []
    for _ in range(repeats):
        reach._searches.clear()
        start = time.perf_counter()
        w._refresh()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000, len(w.board.actions)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=12)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    found = positions(args.positions)
    with_routes = [redraw(s, args.repeats) for s in found]
    routes = DungeonTwisterView.routes
    DungeonTwisterView.routes = View.routes  # the baseline: the same redraw without routes
    try:
        without = [redraw(s, args.repeats) for s in found]
    finally:
        DungeonTwisterView.routes = routes
    print(f"Dungeon Twister, widget redraw on a first visit ({len(found)} phase-2 positions, "
          f"median of {args.repeats} each):")
    for label, rows in (("with routes", with_routes), ("baseline, no routes", without)):
        ms = [m for m, _ in rows]
        print(f"  {label:20s} {statistics.median(ms):6.1f} ms median, {max(ms):6.1f} ms max, "
              f"up to {max(c for _, c in rows)} choices")


if __name__ == "__main__":
    main()
