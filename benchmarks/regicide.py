"""How fast Regicide plays and how well its search agent wins solo.

    python benchmarks/regicide.py                      # default: under 10 minutes (25 solo games)
    python benchmarks/regicide.py --search-games 200   # a tighter interval (longer)
    python benchmarks/regicide.py --search-games 0     # speed only
    python benchmarks/regicide.py --search-games 0 --heuristic-games 0 --players 1 --repeat 5
                                                       # solo speed, best and median of 5 runs

Figures, each beside a baseline measured in the same run:
- random games/s and actions/s on bare states, per player count (one core); the baseline is the
  random agent's own cost: the same number of choices made by ``rng.choice`` over lists of the
  same lengths, without the engine. Games/s are by the wall clock and, in brackets, by the
  process's CPU time, which a machine shared with other jobs disturbs less (issue 4: the goal is
  5,000 games/s on one core). With ``--repeat N`` the same games are played N times and the
  best and median rates are printed, for the games and the baseline alike: this machine's speed
  swings from one minute to the next, and the best of a few runs is what one core can do
  (as ``timeit`` reports it);
- random games/s through a ``Timeline`` (what a notebook user drives);
- the search agent's solo win rate on a fixed set of seeds, with the number of games and a 95%
  Wilson interval, its grades, and seconds per decision (decisions with one legal action cost
  nothing and are counted apart); the baseline is the heuristic agent on the same seeds.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections import Counter

import odd_nb
from odd_nb.games.regicide.agents import HeuristicAgent, SearchAgent
from odd_nb.simulation import wilson

GAME = odd_nb.load_game("regicide")


def random_games(players: int, n: int, seed: int):
    """Seconds (wall clock, CPU), steps, the lengths of the legal-action lists met, and
    outcomes."""
    start_state = GAME.new_initial_state(players=players)
    steps, lengths, won, defeated = 0, [], 0, 0
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
        won += s.outcome == "won"
        defeated += s.defeated
    return (time.perf_counter() - start, time.process_time() - cpu, steps, lengths, won,
            defeated)


def choosing_only(lengths: list, seed: int) -> float:
    """Baseline: the random agent's own cost, choosing from lists of the lengths met."""
    rng = random.Random(seed)
    lists = {k: list(range(k)) for k in set(lengths)}
    start = time.perf_counter()
    for k in lengths:
        rng.choice(lists[k])
    return time.perf_counter() - start


def timeline_games(n: int, seed: int) -> float:
    start = time.perf_counter()
    for i in range(n):
        t = odd_nb.start("regicide", players=2, seed=seed + i)
        rng = random.Random(seed + i)
        while not t.state.is_terminal:
            t.play(rng.choice(t.legal_actions()))
    return time.perf_counter() - start


def solo_games(agent, n: int, seed: int, timed: bool):
    """Plays ``n`` solo games on seeds seed..seed+n-1. Chance and the agent draw from two
    separate generators, so the agent's own sampling never shifts the game's cards."""
    won, grades, defeated = 0, Counter(), []
    searched, searched_time, trivial, longest, iterations = 0, 0.0, 0, 0.0, 0
    for i in range(n):
        chance = random.Random(seed + i)
        rng = random.Random(f"agent {seed + i}")
        s = GAME.new_initial_state(players=1)
        while not s.is_terminal:
            if s.is_chance:
                s = s.apply(s.sample_chance(chance.random()))
                continue
            if len(s.legal_actions()) == 1:
                trivial += 1
                s = s.apply(s.legal_actions()[0])
                continue
            t0 = time.perf_counter()
            action = agent.choose(s, rng)
            dt = time.perf_counter() - t0
            searched += 1
            searched_time += dt
            longest = max(longest, dt)
            iterations += getattr(agent, "last_iterations", 0)
            s = s.apply(action)
        won += s.outcome == "won"
        defeated.append(s.defeated)
        if s.grade:
            grades[s.grade] += 1
        if timed:
            print(f"  game {i + 1}/{n} (seed {seed + i}): {s.outcome}, {s.defeated} enemies"
                  + (f", {s.grade}" if s.grade else "")
                  + f"; running {won}/{i + 1} won, {searched_time / max(searched, 1):.3f} "
                  f"s/decision, {iterations / max(searched, 1):.0f} rollouts/decision",
                  flush=True)
    return won, grades, defeated, searched, searched_time, trivial, longest, iterations


def report_solo(name, n, result) -> None:
    won, grades, defeated, searched, secs, trivial, longest, iterations = result
    _, lo, hi = wilson(won, n)
    print(f"{name}: won {won}/{n} = {won / n:.1%} (95% Wilson interval {lo:.1%} to {hi:.1%}); "
          f"grades {dict(grades)}; mean enemies defeated {sum(defeated) / n:.2f}")
    if searched:
        print(f"  {secs / searched:.3f} s per decision over {searched} decisions with a "
              f"choice (longest {longest:.3f} s); {trivial} forced decisions took no search"
              + (f"; {iterations / searched:.0f} rollouts per decision" if iterations else ""))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="random games per player count")
    parser.add_argument("--players", type=int, nargs="+", choices=(1, 2, 3, 4),
                        default=[1, 2, 3, 4],
                        help="player counts of the random games (default: 1 2 3 4; e.g. "
                             "--players 1 for solo only)")
    parser.add_argument("--repeat", type=int, default=1,
                        help="play the random games this many times; print the best and median")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--search-games", type=int, default=25,
                        help="solo games for the search agent (0: skip)")
    parser.add_argument("--time-limit", type=float, default=0.3,
                        help="search agent seconds per decision")
    parser.add_argument("--iterations", type=int, default=None,
                        help="search agent rollouts per decision instead of a time limit")
    parser.add_argument("--heuristic-games", type=int, default=1000)
    parser.add_argument("--search-seed", type=int, default=10_000,
                        help="first seed of the fixed solo seeds")
    args = parser.parse_args()

    print(f"Regicide, one core, Python {sys.version.split()[0]}")
    counts = ("all player counts" if sorted(args.players) == [1, 2, 3, 4] else
              "player counts " + " ".join(map(str, args.players)))
    rounds = []  # per repeat: games, wall seconds, CPU seconds, baseline seconds
    for _ in range(args.repeat):
        total_games = total_secs = total_cpu = total_base = 0.0
        for players in args.players:
            secs, cpu, steps, lengths, won, defeated = random_games(players, args.games,
                                                                   args.seed)
            base = choosing_only(lengths, args.seed)
            total_games += args.games
            total_secs += secs
            total_cpu += cpu
            total_base += base
            label = f"{players} player{'s' if players > 1 else ' '}"
            print(f"{label} random games: {args.games / secs:7.0f} games/s "
                  f"({args.games / cpu:.0f} CPU) {steps / secs:8.0f} actions/s "
                  f"({steps / args.games:.0f} actions, {len(lengths) / args.games:.0f} "
                  f"decisions a game, {defeated / args.games:.2f} enemies defeated, {won} won); "
                  f"agent's choice alone {base / secs:.1%} of the time")
        print(f"{counts}: {total_games / total_secs:7.0f} random games/s "
              f"({total_games / total_cpu:.0f} by CPU time); baseline, the random agent "
              f"choosing alone: {total_games / total_base:9.0f} games/s")
        rounds.append((total_games, total_secs, total_cpu, total_base))
    if args.repeat > 1:
        def best_and_median(rates):
            return f"best {max(rates):.0f}, median {statistics.median(rates):.0f}"
        print(f"{counts} over {args.repeat} runs: random games/s "
              f"{best_and_median([g / t for g, t, _, _ in rounds])} (by CPU time "
              f"{best_and_median([g / c for g, _, c, _ in rounds])}); baseline games/s "
              f"{best_and_median([g / b for g, _, _, b in rounds])}")
    n = max(1, args.games // 10)
    secs = timeline_games(n, args.seed)
    print(f"2 players through a Timeline: {n / secs:7.0f} games/s ({n} games)")

    if args.heuristic_games:
        t0 = time.perf_counter()
        result = solo_games(HeuristicAgent(), args.heuristic_games, args.search_seed, False)
        report_solo(f"heuristic agent, solo, seeds {args.search_seed}+ "
                    f"({time.perf_counter() - t0:.0f} s)", args.heuristic_games, result)
    if args.search_games:
        agent = SearchAgent(time_limit=None, iterations=args.iterations) if args.iterations \
            else SearchAgent(time_limit=args.time_limit)
        print(f"{agent!r}, solo, seeds {args.search_seed} to "
              f"{args.search_seed + args.search_games - 1}:")
        t0 = time.perf_counter()
        result = solo_games(agent, args.search_games, args.search_seed, True)
        report_solo(f"search agent ({time.perf_counter() - t0:.0f} s)", args.search_games,
                    result)
        print("  anchor: a published solo study reports 42% wins for its best search agent at "
              "6.8 s per decision")


if __name__ == "__main__":
    main()
