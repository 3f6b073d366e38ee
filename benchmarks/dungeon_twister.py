"""How fast Dungeon Twister plays: random games per second on one core, with baselines.

    python benchmarks/dungeon_twister.py              # 40 random games, default options
    python benchmarks/dungeon_twister.py --games 200 --repeat 3 --search-decisions 60

Figures, each beside a baseline measured in the same run:
- random games/s and actions/s (every step: decisions and chance outcomes) on bare states, by
  CPU time and by wall clock; the baseline is the random agent's own cost: the same number of
  choices made by ``rng.choice`` over lists of the same lengths, without the engine;
- the legal actions of every position met during a Move, by the shared step search (the fast
  path) beside the plain check of each step on a copy of the position (``reference=True``);
- the mean number of decisions per game and the mean length of a legal-action list;
- the search agent's time per decision, beside the heuristic agent's on the same positions;
- heuristic-against-random games: seat 0's win rate with a 95% Wilson interval.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import odd_nb
from odd_nb.games.dungeon_twister import HeuristicAgent, SearchAgent
from odd_nb.games.dungeon_twister.moves import movement_actions
from odd_nb.simulation import wilson

GAME = odd_nb.load_game("dungeon-twister")


def random_games(n: int, seed: int):
    start_state = GAME.new_initial_state()
    steps, lengths, ended_by_points = 0, [], 0
    start, cpu = time.perf_counter(), time.process_time()
    for i in range(n):
        rng = random.Random(seed * 1_000_003 + i)
        s = start_state
        while not s.is_terminal:
            if s.is_chance:
                s = s.apply(s.sample_chance(rng.random()))
            else:
                legal = s.legal_actions()
                lengths.append(len(legal))
                s = s.apply(rng.choice(legal))
            steps += 1
        ended_by_points += s.reason.startswith(("Yellow", "Blue"))
    return time.perf_counter() - start, time.process_time() - cpu, steps, lengths, ended_by_points


def choosing_only(lengths: list, seed: int) -> float:
    rng = random.Random(seed)
    lists = {k: list(range(k)) for k in set(lengths)}
    start = time.process_time()
    for k in lengths:
        rng.choice(lists[k])
    return time.process_time() - start


def move_positions(n: int, seed: int) -> list:
    """Every position met during a Move in ``n`` random games."""
    found = []
    for i in range(n):
        rng = random.Random(seed * 7 + i)
        s = GAME.new_initial_state()
        while not s.is_terminal:
            if s.phase == "actions" and s.move is not None:
                found.append(s)
            s = s.apply(s.sample_chance(rng.random()) if s.is_chance
                        else rng.choice(s.legal_actions()))
    return found


def time_moves(positions: list, reference: bool) -> float:
    start = time.process_time()
    for s in positions:
        movement_actions(s, reference=reference)
    return time.process_time() - start


def decision_times(n: int, seed: int) -> tuple:
    """Seconds a decision of the search agent (60 rollouts, the registry's) and of the
    heuristic agent, on the first ``n`` positions with a choice of a game they play."""
    rng = random.Random(seed)
    search, heuristic = SearchAgent(iterations=60), HeuristicAgent()
    s = GAME.new_initial_state()
    t_search = t_heur = 0.0
    count = 0
    while not s.is_terminal and count < n:
        if s.is_chance:
            s = s.apply(s.sample_chance(rng.random()))
            continue
        if len(s.legal_actions()) > 1:
            start = time.process_time()
            heuristic.choose(s, random.Random(count))
            t_heur += time.process_time() - start
            count += 1
        start = time.process_time()
        action = search.choose(s, rng)
        t_search += time.process_time() - start
        s = s.apply(action)
    return count, t_search / max(count, 1), t_heur / max(count, 1)


def heuristic_vs_random(n: int, seed: int) -> int:
    won = 0
    for i in range(n):
        rng = random.Random(seed + i)
        agents = (HeuristicAgent(), odd_nb.core.agents.RandomAgent())
        s = GAME.new_initial_state()
        while not s.is_terminal:
            s = s.apply(s.sample_chance(rng.random()) if s.is_chance
                        else agents[s.to_move].choose(s, rng))
        won += s.winner == 0
    return won


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--heuristic-games", type=int, default=20)
    parser.add_argument("--move-games", type=int, default=10)
    parser.add_argument("--search-decisions", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rates, base_rates = [], []
    for _ in range(args.repeat):
        wall, cpu, steps, lengths, by_points = random_games(args.games, args.seed)
        base = choosing_only(lengths, args.seed)
        rates.append((args.games / cpu, args.games / wall, steps / cpu, steps / wall))
        base_rates.append(len(lengths) / base)
    best = max(rates)
    print(f"random games: {args.games} games, {steps / args.games:.0f} steps a game, "
          f"{statistics.mean(lengths):.1f} legal actions a decision on average, "
          f"{by_points} ended on 5 points (the others on the round limit)")
    print(f"  best of {args.repeat}: {best[2]:,.0f} actions/s ({best[0]:.1f} games/s) by CPU "
          f"time; wall clock: {best[3]:,.0f} actions/s ({best[1]:.1f} games/s)")
    print(f"  baseline (rng.choice over the same list lengths, CPU time): "
          f"{max(base_rates):,.0f} choices/s", flush=True)
    if args.move_games:
        positions = move_positions(args.move_games, args.seed)
        fast = min(time_moves(positions, False) for _ in range(args.repeat))
        plain = min(time_moves(positions, True) for _ in range(args.repeat))
        print(f"legal actions during a Move ({len(positions)} positions, CPU time): "
              f"{len(positions) / fast:,.0f}/s; baseline, each step checked on a copy: "
              f"{len(positions) / plain:,.0f}/s ({plain / fast:.1f}x)", flush=True)
    if args.search_decisions:
        count, t_search, t_heur = decision_times(args.search_decisions, args.seed)
        print(f"search agent: {t_search:.3f} s a decision (CPU, {count} decisions with a "
              f"choice); baseline, the heuristic agent on the same positions: "
              f"{1000 * t_heur:.2f} ms", flush=True)
    if args.heuristic_games:
        n = args.heuristic_games
        won = heuristic_vs_random(n, args.seed)
        _, low, high = wilson(won, n)
        print(f"heuristic (seat 0) against random: {won}/{n} won, 95% interval "
              f"{low:.0%} to {high:.0%}")


if __name__ == "__main__":
    main()
