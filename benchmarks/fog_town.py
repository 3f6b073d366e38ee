"""How fast Fog Town plays, and how well its agents play a solo game.

    python benchmarks/fog_town.py [--games 1000] [--seed 1]

Figures, each beside a baseline measured in the same run:
- random games/s and actions/s on bare states on one core (process CPU time, so that other
  work on a shared machine counts less), for 1 to 4 players on the shipped town; the baseline: the same number of steps spent only on choosing (``rng.choice`` over
  lists as long as the engine's), i.e. the random agent's own cost;
- solo win rates with Wilson 95% intervals (docs/rules/fog-town.md §14) of the random and
  heuristic agents for each difficulty, the random agent being the baseline.
"""

from __future__ import annotations

import argparse
import random
import time

import odd_nb
from odd_nb.core.agents import RandomAgent, play_out
from odd_nb.core.stats import wilson_interval
from odd_nb.games.fog_town.agents import HeuristicAgent

GAME = odd_nb.load_game("fog-town")


def random_games(n: int, players: int, seed: int) -> tuple[float, int, list]:
    """Seconds, steps and the number of choices met, for n random games."""
    steps, sizes = 0, []
    start = time.process_time()
    for i in range(n):
        rng = random.Random(seed * 1_000_003 + i)
        s = GAME.new_initial_state(players=players)
        while not s.is_terminal:
            if s.is_chance:
                s = s.apply(s.sample_chance(rng.random()))
            else:
                legal = s.legal_actions()
                sizes.append(len(legal))
                s = s.apply(rng.choice(legal))
            steps += 1
    return time.process_time() - start, steps, sizes


def choosing_only(sizes: list, seed: int) -> float:
    rng = random.Random(seed)
    lists = {n: list(range(n)) for n in set(sizes)}
    start = time.process_time()
    for n in sizes:
        rng.choice(lists[n])
    return time.process_time() - start


def win_rate(agent, difficulty: str, n: int, seed: int) -> tuple[float, float, float, float]:
    wins, points = 0, 0
    for i in range(n):
        end = play_out(GAME.new_initial_state(difficulty=difficulty), agent,
                       random.Random(seed + i))
        wins += end.returns()[0] > 0
        points += end.scores()[0]
    low, high = (max(0.0, x) for x in wilson_interval(wins / n, n))
    return wins / n, low, high, points / n


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(f"Fog Town, {args.games} random games per table size, one core")
    for players in (1, 2, 3, 4):
        seconds, steps, sizes = random_games(args.games, players, args.seed)
        baseline = choosing_only(sizes, args.seed)
        print(f"  {players} player(s): {args.games / seconds:8.0f} games/s, "
              f"{steps / seconds:9.0f} actions/s (baseline, choosing only: "
              f"{len(sizes) / baseline:9.0f} choices/s)")
    n = max(20, args.games // 5)
    print(f"Solo win rates over {n} games (Wilson 95%), mean score")
    for difficulty in ("easy", "normal", "hard"):
        for name, agent in (("random", RandomAgent()), ("heuristic", HeuristicAgent())):
            rate, low, high, points = win_rate(agent, difficulty, n, args.seed)
            print(f"  {difficulty:6} {name:9}: {rate:6.1%} [{low:5.1%}, {high:5.1%}], "
                  f"score {points:5.2f}")


if __name__ == "__main__":
    main()
