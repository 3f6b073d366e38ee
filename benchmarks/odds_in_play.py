"""How long the play widget's One Deck Dungeon odds panel takes on the positions of real games.

    python benchmarks/odds_in_play.py                 # 10 games, about 2 minutes
    python benchmarks/odds_in_play.py --games 30
    python benchmarks/odds_in_play.py --games 4 --refine --content expansion
    python benchmarks/odds_in_play.py --games 4 --refine --content generated   # --card-seed 27
    python benchmarks/odds_in_play.py --games 4 --refine --content generated --cards my.json

The greedy agent plays seeded games; at every decision the panel is made afresh (its cache of
positions cleared), as the widget makes it after each click; an answer found earlier in the run
answers the same question again at once where the click could not better it, as in a session
(``odds/known.py``; counted apart; ``--afresh`` keeps none). The panel is timed beside the
board drawn for the same position (the baseline: what a click costs without odds) and the hint
(the greedy agent's choice). Before a roll the panel shows the encounter's odds within
``ODDS_SECONDS`` per encounter; the script counts how often they were exact and how many rolls
the estimates rest on. ``--no-budget`` times the odds without the time budget on the pre-roll positions
(exact walk, else 2,000 sampled rolls; slow: minutes per game). ``--refine`` also times the
widget's background work where the panel showed an estimate (``refine_odds``, up to
``REFINE_SECONDS`` per encounter) and counts how many of those odds it made exact, listing
the encounters (boxes and dice) still estimated after it. ``--look-ahead SECONDS`` lets the
widget's look-ahead (``view.look_ahead``: the odds of the positions one decision on) work that
long after each decision, as it does while a person thinks; the next click finds its answers.

``--content`` picks the cards: the base set (default), the expansion file, or a generated set
whose combat cards and bosses have two or three wide boxes (``generated_cards.py``: made from
``--card-seed``, or read from ``--cards FILE``, a card file like any user's).
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a checkout

import odd_nb  # noqa: E402
from odd_nb.core.progress import Cancelled  # noqa: E402
from odd_nb.games.one_deck import view as view_module  # noqa: E402
from odd_nb.games.one_deck.agents import GreedyAgent  # noqa: E402
from odd_nb.games.one_deck.content import (DICE_COLOURS, STAT_COLOURS, load_content,  # noqa: E402
                                           load_content_data)
from odd_nb.games.one_deck.odds import state_odds  # noqa: E402
from odd_nb.games.one_deck.odds.known import known  # noqa: E402
from generated_cards import DEFAULT_SEED, generated_cards  # noqa: E402  (benchmarks/)


def quantiles(seconds: list) -> str:
    if not seconds:
        return "none"
    xs = sorted(seconds)
    q = lambda p: xs[min(len(xs) - 1, int(p * len(xs)))] * 1000  # noqa: E731
    return (f"{len(xs):5d} calls: median {q(0.5):7.1f} ms  p90 {q(0.9):7.1f}  "
            f"p99 {q(0.99):8.1f}  max {xs[-1] * 1000:8.1f}")


HALVES = ("p_clear", "expected_damage", "expected_time")  # the figures an estimate bounds


def half(odds, name: str) -> float:
    """Half the width of an estimate's 95% interval of figure ``name``."""
    low, high = odds.intervals[name]
    return (high - low) / 2


def cards(content: str, card_seed: int = DEFAULT_SEED, path=None):
    """The card set to play: ``None`` for the base set (the game's default), else a ``Content``.

    >>> cards("generated", 27).name
    'Generated wide-box set (seed 27)'
    """
    if content == "base":
        return None
    if content == "expansion":
        return load_content("expansion")
    if path is not None:
        return load_content(path)  # the loader a user's own card file goes through
    return load_content_data(generated_cards(card_seed), f"generated_cards.py, seed {card_seed}")


def greedy_decisions(seed: int, choose, content=None):
    """Each position of the seeded greedy game where a player decides, in order (chance drawn
    from the seed's own random numbers); ``choose(state, rng)`` gives the move played from it.
    ``content``: the cards (``None``: the base set)."""
    rng = random.Random(seed)
    s = odd_nb.start("one-deck-dungeon", seed=seed, content=content).state
    while not s.is_terminal:
        if s.is_chance:
            s = s.apply(s.sample_chance(rng.random()))
            continue
        yield s
        s = s.apply(choose(s, rng))


def dice_before_roll(s, row: str) -> str:
    """The dice an odds row of a position before the roll rests on, as ``state_odds`` gathers
    them (the stats of the option's colour or of every colour, within the supply; the level's
    bonus black dice; dice already gained), e.g. ``"3 yellow, 1 pink, 1 blue; 6 black in the
    supply"``."""
    supply = dict(zip(DICE_COLOURS, s.supply))
    if s.phase == "peril":
        colours = (s.encounter_card.options["AB".index(row[0])].colour,)
    elif s.option is not None:
        colours = (s.encounter_card.options[s.option].colour,)
    else:
        colours = STAT_COLOURS
    counts = {c: min(sum(s.stat(h, c) for h in range(len(s.heroes))), supply[c])
              for c in colours}
    counts["black"] = min(s.level_side.bonus_dice, supply["black"])
    words = [f"{n} {c}" for c, n in counts.items() if n]
    fixed = [f"{c} {v}" for pool in s.pools for c, v in pool]
    return ", ".join(words + ([f"gained: {' '.join(fixed)}"] if fixed else [])) + \
        f"; {supply['black'] - counts['black']} black in the supply"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--no-budget", action="store_true",
                        help="also time the pre-roll odds without the time budget")
    parser.add_argument("--refine", action="store_true",
                        help="also time the background refinement of estimates")
    parser.add_argument("--look-ahead", type=float, default=None, metavar="SECONDS",
                        help="after each decision's odds (and refinement), let the widget's "
                             "look-ahead work for this many seconds, as while a person thinks "
                             "before the next click (view.look_ahead)")
    parser.add_argument("--afresh", action="store_true",
                        help="work out each position's odds afresh, not from the answers found "
                             "earlier in the run (odds/known.py)")
    parser.add_argument("--content", choices=("base", "expansion", "generated"), default="base",
                        help="the cards: the base set, the expansion file, or a generated set "
                             "with two or three wide boxes a card")
    parser.add_argument("--card-seed", type=int, default=DEFAULT_SEED,
                        help="the seed of the generated set (--content generated)")
    parser.add_argument("--cards", type=Path,
                        help="--content generated: read the set from this card file instead")
    args = parser.parse_args()
    if args.cards is not None and args.content != "generated":
        parser.error("--cards goes with --content generated")
    content = cards(args.content, args.card_seed, args.cards)
    view = (odd_nb.load_game("one-deck-dungeon") if content is None else
            odd_nb.load_game("one-deck-dungeon", content=content)).view()
    agent = GreedyAgent()
    timings = {"board (baseline)": [], "odds panel": [], "odds panel, before a roll": [],
               "hint": [], "odds without budget, before a roll": [],
               "refined in the background (estimates)": [], "look-ahead (between clicks)": []}
    kinds = {"exact": 0, "estimate": 0, "refined exact": 0, "refined estimate": 0, "known": 0,
             "look-ahead cut short": 0}
    get = known.get  # counted: the rows a click answers from an answer found before

    def counted_get(key, means):
        found = get(key, means)
        kinds["known"] += found is not None and counting[0]
        return found

    counting = [False]
    known.get = counted_get
    estimate_rolls = []
    still_estimates = []  # (row, odds, position): still an estimate after the background work
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"odds panel budget {view_module.ODDS_SECONDS} s per encounter; {args.games} greedy "
          f"games; load average {load:.2f} at start")
    if content is not None:
        print(f"cards: {content.name} ({content.source})")

    def hint(s, rng):
        start = time.perf_counter()
        action = agent.choose(s, rng)
        timings["hint"].append(time.perf_counter() - start)
        return action

    def positions():
        """Every decision of the games in turn; with ``--refine`` (minutes a game with many
        wide boxes) a line of progress on stderr after each game."""
        began = time.perf_counter()
        for seed in range(args.games):
            yield from greedy_decisions(seed, hint, content)
            if args.refine:
                print(f"game {seed} done after {time.perf_counter() - began:.0f} s: {kinds}",
                      file=sys.stderr, flush=True)

    for s in positions():
        start = time.perf_counter()
        view.board(s, None)
        timings["board (baseline)"].append(time.perf_counter() - start)
        view_module._quick_odds.cache_clear()
        if args.afresh:
            known.clear()
        counting[0] = True
        start = time.perf_counter()
        view.odds(s, None)
        took = time.perf_counter() - start
        counting[0] = False
        timings["odds panel"].append(took)
        before_roll = s.phase in ("peril", "feats")
        if before_roll:
            timings["odds panel, before a roll"].append(took)
            quick = view_module._quick_odds(s)
            for _, odds in quick:
                kinds["exact" if odds.exact else "estimate"] += 1
                if not odds.exact:
                    estimate_rolls.append(odds.samples)
            if args.refine and not all(odds.exact for _, odds in quick):
                view_module._refined.clear()
                start = time.perf_counter()
                view.refine_odds(s, None, threading.Event())
                timings["refined in the background (estimates)"].append(
                    time.perf_counter() - start)
                for row, odds in view_module._refined.get(s, ()):  # the rows the panel shows
                    kinds["refined exact" if odds.exact else "refined estimate"] += 1
                    if not odds.exact:
                        still_estimates.append((row, odds, s))
            if args.no_budget:
                start = time.perf_counter()
                state_odds(s, samples=2_000, seed=0)
                timings["odds without budget, before a roll"].append(
                    time.perf_counter() - start)
        if args.look_ahead is not None:
            thought = threading.Event()
            timer = threading.Timer(args.look_ahead, thought.set)
            timer.start()
            start = time.perf_counter()
            try:
                view.look_ahead(s, None, thought)
            except Cancelled:
                kinds["look-ahead cut short"] += 1
            timer.cancel()
            timings["look-ahead (between clicks)"].append(time.perf_counter() - start)
    for name, seconds in timings.items():
        if seconds:
            print(f"{name:36s} {quantiles(seconds)}")
    total = kinds["exact"] + kinds["estimate"]  # the panel's rows before a roll, once each
    print(f"\nencounter odds before a roll: {kinds['exact']} of {total} exact "
          f"({kinds['exact'] / max(total, 1):.0%}); estimates rest on "
          + (f"{min(estimate_rolls)}-{max(estimate_rolls)} rolls (median "
             f"{sorted(estimate_rolls)[len(estimate_rolls) // 2]})" if estimate_rolls
             else "-"))
    print(f"rows answered at the click from an answer found before in this run (the same "
          f"question: odds/known.py): {kinds['known']}" + (" (--afresh: none kept)" if args.afresh
                                                         else ""))
    if args.look_ahead is not None:
        print(f"look-ahead between clicks: up to {args.look_ahead:g} s a decision, cut short "
              f"at {kinds['look-ahead cut short']} of {len(timings['look-ahead (between clicks)'])}"
              f" decisions")
    if args.refine:
        refined = kinds["refined exact"] + kinds["refined estimate"]
        spent = timings["refined in the background (estimates)"]
        print(f"positions with an estimate, refined in the background: {refined} encounter odds, "
              f"{kinds['refined exact']} of them exact after up to "
              f"{view_module.REFINE_SECONDS:g} s each; {len(spent)} positions, "
              f"{sum(spent):.1f} s in all")
        for row, odds, s in still_estimates:
            print(f"  still an estimate: {row} (floor {s.floor}, level {s.level}): "
                  f"{', '.join(map(str, odds.boxes))}; dice {dice_before_roll(s, row)}; "
                  f"estimate from {odds.samples:,} rolls ({odds.method}): "
                  + ", ".join(f"{name} {float(getattr(odds, name)):.3f} ±{half(odds, name):.3f}"
                              for name in HALVES))
        for name in HALVES:
            widths = sorted(half(odds, name) for _, odds, _ in still_estimates)
            if widths:
                print(f"  their {name}: 95% interval ±{widths[len(widths) // 2]:.3f} median, "
                      f"±{widths[-1]:.3f} at most")
    try:
        import resource
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KiB on Linux
        print(f"peak memory of this process: {peak:,.0f} MiB")
    except ImportError:  # Windows has no resource module
        pass


if __name__ == "__main__":
    main()
