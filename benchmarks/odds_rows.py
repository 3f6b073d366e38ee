"""Which side the split should take as its rows, timed on the odds questions of real games.

    python benchmarks/odds_rows.py                 # 10 greedy games, about 7 minutes
    python benchmarks/odds_rows.py --games 10 --first-seed 10

The greedy agent plays seeded games; every odds question the split answers on the way (the
odds panel after each click and the exact odds before each roll) is kept once. Each is then
timed whole (best of 3, process time) with the rule in ``odds/split`` choosing the rows
(``arrange``, ``rows.rows_side``) and with each side forced as the rows; the answers must agree.
Printed: the total time of the rule as run, and what other rules would have taken, from the
forced timings: the faster side each time (the baseline: no rule does better), the rule's own
choice, fewer distinct contributions alone, the side holding fewer, each side always.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a checkout
sys.path.insert(0, str(Path(__file__).resolve().parent))  # odds_in_play beside it

import odd_nb  # noqa: E402
from odd_nb.games.one_deck.odds import split as odds_split  # noqa: E402
from odd_nb.games.one_deck import view as view_module  # noqa: E402
from odd_nb.games.one_deck.agents import GreedyAgent  # noqa: E402
from odd_nb.games.one_deck.odds import state_odds  # noqa: E402
from odd_nb.games.one_deck.odds.split import arrange, rows_and_columns  # noqa: E402
from odd_nb.games.one_deck.odds.split.bits import held  # noqa: E402
from odd_nb.games.one_deck.odds.split.families import question_for  # noqa: E402
from odd_nb.games.one_deck.odds.split.join import join  # noqa: E402
from odd_nb.games.one_deck.odds.split.merge import merged  # noqa: E402
from odd_nb.games.one_deck.odds.split.rows import FAR_BIGGER, rows_side  # noqa: E402
from odd_nb.games.one_deck.odds.split.sides import sides as sides_of  # noqa: E402
from odd_nb.games.one_deck.odds.split.work import Work  # noqa: E402
from odds_in_play import greedy_decisions  # noqa: E402


def questions(games: int, first_seed: int) -> list:
    """The distinct plans the split is asked for in these greedy games."""
    asked, seen = [], set()
    split_distribution = odds_split.split_distribution

    def keep(plan, **kwargs):
        key = repr((plan.boxes, plan.rolled, plan.budget, plan.steps, plan.conv_ok, plan.costs))
        if key not in seen:
            seen.add(key)
            asked.append(plan)
        return split_distribution(plan, **kwargs)

    odds_split.split_distribution = keep  # what the split method calls
    try:
        view, agent = odd_nb.load_game("one-deck-dungeon").view(), GreedyAgent()
        for seed in range(first_seed, first_seed + games):
            for s in greedy_decisions(seed, agent.choose):
                view_module._quick_odds.cache_clear()
                view.odds(s, None)
                if s.phase in ("peril", "feats"):
                    state_odds(s, samples=50, seed=0, exact_limit=10**9)
    finally:
        odds_split.split_distribution = split_distribution
    return asked


def timed(plan, rows) -> tuple:
    """(best of 3 process seconds, answer) of one question, ``rows`` the side forced as the rows
    (0 or 1, in ``sides()`` order; None: the rule's)."""
    best, answer = float("inf"), None
    for _ in range(3):
        start = time.process_time()
        question, work = question_for(plan), Work()
        if rows is None:
            arranged = arrange(question, work)
        else:
            sides = [merged(question, colours, work) for colours in sides_of(question)]
            arranged = rows_and_columns(question, sides[rows], sides[1 - rows], work)
        answer = join(*arranged, work)
        best = min(best, time.process_time() - start)
    return best, answer


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--first-seed", type=int, default=0)
    args = parser.parse_args()
    plans = [plan for plan in questions(args.games, args.first_seed) if odds_split.supports(plan)]
    print(f"{len(plans)} distinct split questions in {args.games} greedy games "
          f"(seeds {args.first_seed}-{args.first_seed + args.games - 1})")
    rule, rows = 0.0, []
    for plan in plans:
        took, answer = timed(plan, None)
        rule += took
        question = question_for(plan)
        tables = [merged(question, colours, Work()).tables for colours in sides_of(question)]
        picked = rows_side(*tables)
        side_times = []
        for k in (0, 1):
            side_took, side_answer = timed(plan, k)
            if side_answer != answer:
                raise SystemExit(f"answers differ with side {k} as the rows: {plan.boxes}")
            side_times.append(side_took)
        rows.append((side_times, [sum(map(len, t)) for t in tables], [held(t) for t in tables],
                     picked))

    def total(pick) -> float:
        return sum(times[pick(distinct, held, picked)]
                   for times, distinct, held, picked in rows)

    def fewer(counts: list) -> int:
        return 0 if counts[0] <= counts[1] else 1

    for name, seconds in (
            ("the rule as run (arrange)", rule),
            ("the faster side each time (baseline)",
             sum(min(times) for times, *_ in rows)),
            (f"the rule's choice (rows_side, FAR_BIGGER {FAR_BIGGER})",
             total(lambda d, h, p: p)),
            ("fewer distinct contributions", total(lambda d, h, p: fewer(d))),
            ("fewer held", total(lambda d, h, p: fewer(h))),
            ("side A always", total(lambda d, h, p: 0)),
            ("side B always", total(lambda d, h, p: 1))):
        print(f"{name:48s} {seconds:7.2f} s")


if __name__ == "__main__":
    main()
