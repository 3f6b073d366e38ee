"""How well Dungeon Twister's search agent plays against the heuristic agent, and how long it thinks.

    python benchmarks/dungeon_twister_agents.py --games 60 --seed 0      # both colours
    python benchmarks/dungeon_twister_agents.py --games 60 --colour 1 --iterations 120 --jobs 2

Game ``i`` of a colour is seeded ``seed + i`` (the same seeds for both colours); the search agent
plays that colour, the heuristic agent the other, on the default options. Figures per colour:
games won, drawn and lost, the win rate with its Wilson 95% interval, mean rounds, and the
search agent's process time (CPU) per decision with a choice: mean and largest. The baseline is
the heuristic agent in the same seat, which wins half its games against itself (by symmetry of
the rules; ``--baseline`` plays those games too). ``--jobs N`` spreads the games over N
processes; CPU times are each process's own. ``--log FILE`` writes one JSON line per game.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from concurrent.futures import ProcessPoolExecutor

import odd_nb
from odd_nb.games.dungeon_twister import HeuristicAgent, SearchAgent
from odd_nb.simulation import wilson

GAME = odd_nb.load_game("dungeon-twister")


def one_game(seed: int, colour: int, iterations: int | None) -> dict:
    """A game of the search agent (or, with ``iterations`` None, the heuristic agent) playing
    ``colour`` against the heuristic agent; the chosen actions and chance from one seeded rng."""
    rng = random.Random(seed)
    agents = [HeuristicAgent(), HeuristicAgent()]
    if iterations is not None:
        agents[colour] = SearchAgent(iterations=iterations)
    s = GAME.new_initial_state()
    times = []
    while not s.is_terminal:
        if s.is_chance:
            s = s.apply(s.sample_chance(rng.random()))
            continue
        timed = s.to_move == colour and len(s.legal_actions()) > 1
        start = time.process_time()
        action = agents[s.to_move].choose(s, rng)
        if timed:
            times.append(time.process_time() - start)
        s = s.apply(action)
    return {"seed": seed, "colour": colour, "winner": s.winner, "points": list(s.points),
            "rounds": s.round, "decisions": len(times), "cpu": sum(times),
            "max": max(times, default=0.0)}


def report(name: str, colour: int, games: list) -> None:
    n = len(games)
    won = sum(g["winner"] == colour for g in games)
    drawn = sum(g["winner"] == -1 for g in games)
    rate, low, high = wilson(won, n)
    decisions = sum(g["decisions"] for g in games)
    cpu = sum(g["cpu"] for g in games)
    print(f"{name} plays {('Yellow', 'Blue')[colour]}: {won}/{n} won ({rate:.0%}, 95% interval "
          f"{low:.0%}-{high:.0%}), {drawn} drawn, {sum(g['rounds'] for g in games) / n:.1f} "
          f"rounds a game; {decisions} decisions with a choice, CPU {cpu / max(decisions, 1):.3f}"
          f" s mean, {max(g['max'] for g in games):.3f} s largest", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="games per colour")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--colour", type=int, choices=(0, 1), action="append",
                        help="0 Yellow, 1 Blue (default both)")
    parser.add_argument("--iterations", type=int, default=60, help="the search's rollouts")
    parser.add_argument("--baseline", action="store_true",
                        help="also the heuristic agent against itself on the same seeds")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--log", default=None)
    args = parser.parse_args()
    colours = args.colour or [0, 1]
    runs = [("search", args.iterations)] + ([("heuristic", None)] if args.baseline else [])
    # both colours interleaved, each game logged as it ends: a study cut short still holds
    # as many games of each colour
    tasks = [(name, iterations, seed, colour) for name, iterations in runs
             for seed in range(args.seed, args.seed + args.games) for colour in colours]
    found = {}
    with ProcessPoolExecutor(args.jobs) as pool:
        games = pool.map(one_game, [t[2] for t in tasks], [t[3] for t in tasks],
                         [t[1] for t in tasks])
        for (name, _, _, colour), g in zip(tasks, games):
            found.setdefault((name, colour), []).append(g)
            if args.log:
                with open(args.log, "a") as f:
                    f.write(json.dumps({"agent": name, **g}) + "\n")
    for (name, colour), played in found.items():
        report(name, colour, played)


if __name__ == "__main__":
    main()
