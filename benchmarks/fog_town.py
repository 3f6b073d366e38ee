"""How fast Fog Town plays, and how well its agents play a solo game.

    python benchmarks/fog_town.py [--games 1000] [--seed 1]

Figures, each beside a baseline measured in the same run:
- random games/s and actions/s on bare states on one core (process CPU time, so that other
  work on a shared machine counts less), for 1 to 4 players on the shipped town; the
  baselines: the same games by the reference path (``rules.legal_actions`` and
  ``apply_by_rules``, no fast path), and the same number of steps spent only on choosing
  (``rng.choice`` over lists as long as the engine's), i.e. the random agent's own cost;
- solo win rates with Wilson 95% intervals (docs/rules/fog-town.md §14) of the random and
  heuristic agents for each difficulty, the random agent being the baseline;
- the search agent against its baselines on the same seeds (normal difficulty): the heuristic,
  and the bold heuristic the search plays out (``HeuristicAgent.bold()``); win rates with Wilson
  95% intervals, mean scores with 95% intervals (normal approximation), each agent's process
  time per decision (mean and largest), and the search's gain over the heuristic seed by seed
  (a paired difference with its 95% interval); ``--search-games 0`` leaves it out.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time

import odd_nb
from odd_nb.core.agents import RandomAgent, play_out
from odd_nb.core.stats import wilson_interval
from odd_nb.games.fog_town import rules
from odd_nb.games.fog_town.agents import HeuristicAgent

GAME = odd_nb.load_game("fog-town")


def random_games(n: int, players: int, seed: int, by_rules: bool = False
                 ) -> tuple[float, int, list]:
    """Seconds, steps and the number of choices met, for n random games: by the engine's
    ``legal_actions`` and ``apply`` (fast paths), or ``by_rules`` by the reference path
    (``rules.legal_actions`` and ``apply_by_rules``), the same games."""
    steps, sizes = 0, []
    start = time.process_time()
    for i in range(n):
        rng = random.Random(seed * 1_000_003 + i)
        s = GAME.new_initial_state(players=players)
        while not s.is_terminal:
            if s.is_chance:
                outcome = s.sample_chance(rng.random())
                s = s.apply_by_rules(outcome) if by_rules else s.apply(outcome)
            elif by_rules:
                legal = rules.legal_actions(s)
                sizes.append(len(legal))
                s = s.apply_by_rules(rng.choice(legal))
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


def solo_games(agent, difficulty: str, n: int, seed: int) -> list[tuple[int, int]]:
    """(won, score) of n solo games, game i from ``random.Random(seed + i)``."""
    out = []
    for i in range(n):
        end = play_out(GAME.new_initial_state(difficulty=difficulty), agent,
                       random.Random(seed + i))
        out.append((int(end.returns()[0] > 0), end.scores()[0]))
    return out


def win_rate(agent, difficulty: str, n: int, seed: int) -> tuple[float, float, float, float]:
    games = solo_games(agent, difficulty, n, seed)
    wins = sum(w for w, _ in games)
    low, high = (max(0.0, x) for x in wilson_interval(wins / n, n))
    return wins / n, low, high, sum(s for _, s in games) / n


def mean_interval(values: list) -> tuple[float, float, float]:
    """The mean and its 95% interval (normal approximation)."""
    mean = statistics.fmean(values)
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0
    return mean, mean - half, mean + half


class Timed:
    """An agent whose decisions are timed (process time)."""

    def __init__(self, agent):
        self.agent, self.seconds, self.decisions, self.longest = agent, 0.0, 0, 0.0

    def choose(self, state, rng):
        start = time.process_time()
        action = self.agent.choose(state, rng)
        spent = time.process_time() - start
        self.seconds += spent
        self.decisions += 1
        self.longest = max(self.longest, spent)
        return action


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--search-games", type=int, default=400)
    args = parser.parse_args()
    print(f"Fog Town, {args.games} random games per table size, one core")
    for players in (1, 2, 3, 4):
        seconds, steps, sizes = random_games(args.games, players, args.seed)
        reference, ref_steps, _ = random_games(args.games, players, args.seed, by_rules=True)
        assert ref_steps == steps, "the fast paths and the rules played different games"
        baseline = choosing_only(sizes, args.seed)
        print(f"  {players} player(s): {args.games / seconds:8.0f} games/s, "
              f"{steps / seconds:9.0f} actions/s (baseline, the reference path: "
              f"{args.games / reference:6.0f} games/s; choosing only: "
              f"{len(sizes) / baseline:9.0f} choices/s)")
    n = max(20, args.games // 5)
    print(f"Solo win rates over {n} games (Wilson 95%), mean score")
    for difficulty in ("easy", "normal", "hard"):
        for name, agent in (("random", RandomAgent()), ("heuristic", HeuristicAgent())):
            rate, low, high, points = win_rate(agent, difficulty, n, args.seed)
            print(f"  {difficulty:6} {name:9}: {rate:6.1%} [{low:5.1%}, {high:5.1%}], "
                  f"score {points:5.2f}")
    n = args.search_games
    if n:
        print(f"Solo, normal, {n} games on the same seeds: win rate (Wilson 95%), mean score "
              f"(95%), process time per decision")
        results = {}
        for name, agent in (("heuristic", HeuristicAgent()), ("bold", HeuristicAgent.bold()),
                            ("search", GAME.agents()["search"]())):
            timed = Timed(agent)
            games = results[name] = solo_games(timed, "normal", n, args.seed)
            wins = sum(w for w, _ in games)
            low, high = (max(0.0, x) for x in wilson_interval(wins / n, n))
            points = mean_interval([s for _, s in games])
            print(f"  {name:9}: {wins / n:6.1%} [{low:5.1%}, {high:5.1%}], score "
                  f"{points[0]:5.2f} [{points[1]:5.2f}, {points[2]:5.2f}], "
                  f"{timed.seconds / timed.decisions * 1000:7.2f} ms per decision "
                  f"(largest {timed.longest * 1000:5.0f} ms)")
        for what, k in (("wins", 0), ("score", 1)):
            gain = mean_interval([s[k] - h[k] for s, h in zip(results["search"],
                                                                results["heuristic"])])
            print(f"  search - heuristic, seed by seed, {what}: {gain[0]:+.3f} "
                  f"[{gain[1]:+.3f}, {gain[2]:+.3f}]")


if __name__ == "__main__":
    main()
