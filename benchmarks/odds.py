"""How fast the exact encounter odds are: a fixed suite of encounters (the issue's: 8-12 dice,
4-7 boxes), each beside a plain brute force over ordered rolls measured (or, when too slow,
estimated) in the same run, and beside icepool on the sub-problem icepool can express (one
colour, small boxes only); then a few smaller encounters, reported apart; then encounters
generated from the card schema with a fixed seed (two and three wide boxes, 8-12 dice, and 12
dice with an armor box and black dice; boss fights of 13-14 dice and 8 boxes, and 14 dice with
two wide boxes), against the issue's goals for every encounter.

    python benchmarks/odds.py                      # default: exact up to --work-max, ~5 min
    python benchmarks/odds.py --work-max 1e9       # every case exact, however long it takes
    python benchmarks/odds.py --only boss --brute-max 1e6
    python benchmarks/odds.py --only generated --no-icepool   # the generated encounters alone
    python benchmarks/odds.py --only generated --no-icepool --forbid-conversions   # no 2-for-1

Columns:
- dice, ordered rolls (6^n) and distinct rolls (multisets of face classes per colour: what a
  roll-by-roll method would have to solve);
- ours: the CPU time (``time.process_time``, as every time here: the machine is shared) of
  ``encounter_odds`` forced exact (a fresh call, its memos empty; for
  fast cases the best of --repeat calls in each of --rounds passes over the cases, which
  spread them over the run: the machine's speed swings by up to half over minutes) and how it
  got there: "walk" (the dynamic programme over
  faces of odds/walk.py), "small" (the same, pruned, for small boxes only: odds/small.py), "split"
  (one wide box or none: odds/split/), "vector" (two wide boxes or more, colour by colour:
  odds/vector.py) or "rolls" (each distinct roll solved by the solver, which
  ``encounter_odds`` picks when the others would take longer). The
  exact methods may take at most --work-max units of work (about 0.3-5 µs each); past it the
  case is reported as not exact, with
  the time spent before giving up (a lower bound) and no speed-up;
- brute: every ordered roll solved by one ``Solver`` (its memo kept across rolls). Measured in
  full when 6^n <= --brute-max (its figures are checked equal to ours); otherwise estimated from
  a timed sample of --sample random rolls x 6^n, marked "~". The estimate uses the sample's
  second pass (every roll already in the memo), a floor: the real run would be slower;
- speed-up = brute / ours.

The issue's goals are printed next to what is measured, over the suite; a miss says MISS.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import sys
import time
from dataclasses import dataclass, replace
from fractions import Fraction
from itertools import product
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a checkout

from odd_nb.games.one_deck import Box, Solver, encounter_odds  # noqa: E402
from odd_nb.games.one_deck.odds import plan_for  # noqa: E402

GOAL_MS = 50  # every suite case exact in under 50 ms on one core
GOAL_SPEEDUP = 1000  # >= 1000x faster than brute force
GOAL_BOSS_S = 1.0  # boss fights of up to 14 dice and 8 boxes exact in under 1 s
HUGE = 10 ** 12


@dataclass(frozen=True)
class Case:
    name: str
    pool: dict
    boxes: tuple
    black_supply: int
    conversions: bool = True  # false: a foe forbids the 2-for-1 (A7)

    @property
    def options(self) -> dict:
        """``encounter_odds``'s keywords for the supply and the 2-for-1."""
        return {"black_supply": self.black_supply, "conversions": self.conversions}

    @property
    def dice(self) -> int:
        return sum(self.pool.values())

    def parsed(self) -> list:
        return [Box.parse(b) for b in self.boxes]


# Realistic encounters: a combat card's boxes plus the dungeon card's combat boxes of every
# revealed floor (or a boss card), against a hero of level 2-4 with items (8-12 dice, black
# bonus dice from the level card, the rest of the 6 black dice in the supply).
SUITE = [
    Case("Hollow Knight + Ashfall floors 1-2",
         {"yellow": 4, "pink": 2, "blue": 2},
         ("armor yellow 3 ♥", "yellow 5 ♥♥", "pink 4 ♥", "wide any 12 ⌛", "yellow 3 ♥",
          "blue 4 ♥"), 6),
    Case("Quarry Brute + Cellars floors 1-3",
         {"yellow": 5, "pink": 2, "blue": 2, "black": 1},
         ("yellow 5 ♥♥", "yellow 4 ♥", "pink 3 ⌛", "yellow 3 ♥", "pink 4 ♥", "blue 5 ♥"), 5),
    Case("Bramble Troll + Cellars floors 1-2",
         {"yellow": 4, "pink": 3, "blue": 2, "black": 1},
         ("armor yellow 4", "armor pink 3 ♥", "wide yellow 14 ♥♥", "blue 5 ♥⌛", "any 4 ⌛",
          "yellow 3 ♥", "pink 4 ♥"), 5),
    Case("Bramble Troll, no black die in supply",
         {"yellow": 4, "pink": 3, "blue": 2, "black": 1},
         ("armor yellow 4", "armor pink 3 ♥", "wide yellow 14 ♥♥", "blue 5 ♥⌛", "any 4 ⌛",
          "yellow 3 ♥", "pink 4 ♥"), 0),
    Case("Grave Mite Brood + Quarry floors 1-3",
         {"yellow": 3, "pink": 3, "blue": 3, "black": 1},
         ("yellow 3 ♥", "pink 3 ♥", "blue 3 ♥", "black 2 ⌛", "pink 3 ♥", "blue 4 ♥",
          "yellow 5 ♥"), 5),
    Case("Granite Watcher + Grotto floors 1-3",
         {"yellow": 4, "pink": 3, "blue": 3, "black": 2},
         ("armor yellow 4 ♥", "yellow 5 ♥", "blue 4 ♥♥", "blue 3 ♥", "yellow 4 ♥", "pink 5 ♥"),
         4),
    Case("Ghoul Sergeant + Cellars floors 1-2",
         {"yellow": 3, "pink": 3, "blue": 3, "black": 1},
         ("yellow 5 ♥", "pink 5 ♥", "wide any 13 ♥⌛", "blue 4 ♥", "yellow 3 ♥", "pink 4 ♥"), 5),
    Case("Iron Golemling + Quarry floors 1-2",
         {"yellow": 5, "pink": 2, "blue": 2, "black": 2},
         ("armor yellow 5 ♥", "armor blue 4 ♥", "wide yellow 16 ♥♥", "pink 5 ♥⌛", "pink 3 ♥",
          "blue 4 ♥"), 4),
    Case("Ember Salamander + Grotto floor 1",
         {"yellow": 3, "pink": 3, "blue": 4, "black": 2},
         ("armor blue 3 ♥", "wide blue 12 ♥♥", "yellow 5 ♥⌛", "pink 5 ♥", "any 4 ⌛⌛",
          "blue 3 ♥"), 4),
    Case("boss: The Drowned Oracle",
         {"yellow": 4, "pink": 3, "blue": 3, "black": 1},
         ("armor blue 4 ♥", "pink 5 ☠", "blue 5 ☠", "wide yellow 12 ♥♥", "pink 4 ♥"), 5),
    Case("boss: Cindral the Unmade",
         {"yellow": 4, "pink": 3, "blue": 3, "black": 2},
         ("armor yellow 5 ♥", "any 5 ☠", "blue 6 ☠", "pink 5 ♥☠", "wide yellow 14 ♥♥♥",
          "pink 5 ♥♥"), 4),
]

# Smaller encounters, outside the suite of 8-12 dice: level 1 heroes (5 dice), a peril.
# Timed and checked against brute force in full like the suite, but not counted in its goals:
# brute force over their 1,296-46,656 ordered rolls takes only milliseconds.
SMALL = [
    Case("small: Thornback Boar + Cellars floor 1",
         {"yellow": 3, "pink": 1, "blue": 1},
         ("yellow 5 ♥", "pink 3 ♥", "wide yellow 8 ⌛", "yellow 3 ♥"), 6),
    Case("small: Fen Viper + Cellars floor 1",
         {"yellow": 3, "pink": 1, "blue": 1},
         ("pink 4 ♥", "wide pink 8 ⌛", "yellow 3 ♥"), 6),
    Case("small: Bone Jackal Pack + Quarry floor 1",
         {"yellow": 3, "pink": 2, "blue": 1},
         ("pink 5 ♥", "yellow 4 ♥", "wide pink 9 ⌛", "black 3 ♥", "pink 3 ♥"), 6),
    Case("small: Blazing Archway (peril, yellow)",
         {"yellow": 4},
         ("wide yellow 14 ♥♥", "yellow 3 ⌛"), 6),
]


# Encounters with several wide boxes and boss fights of 13-14 dice, generated from the card
# schema (odd_nb/games/one_deck/data/SCHEMA.md: a box is colour, target, wide, armor, skull,
# damage, time) with a fixed seed: a combat card with two or three wide boxes plus the small
# boxes of one or two revealed floors, against a hero of 8-12 dice; a boss card of 8 boxes (one
# or two wide, skulls) against 13-14 dice. What the issue asks of every encounter of up to 12
# dice (50 ms) and of boss fights of 14 dice and 8 boxes (1 s).
GENERATED_SEED = 27
BOX_COLOURS = ("yellow", "pink", "blue")


def schema_box(rng, wide: bool, skull: bool = False) -> dict:
    """One box as the card schema writes it."""
    colours = BOX_COLOURS + ("any",) if wide or rng.random() < 0.2 else BOX_COLOURS
    d = {"colour": rng.choice(colours), "target": rng.randint(7, 15) if wide else rng.randint(2, 6)}
    if wide:
        d["wide"] = True
    if skull:
        d["skull"] = True
    if rng.random() < 0.75:
        d["damage"] = rng.randint(1, 2)
    if rng.random() < 0.3:
        d["time"] = 1
    return d


def schema_pool(rng, dice: int) -> tuple[dict, int]:
    """A hero's pool of ``dice`` (0-2 of them black, from the level card) and the black dice
    left in the supply (6 in all, §1)."""
    black = rng.randint(0, 2)
    pool = {"yellow": 0, "pink": 0, "blue": 0}
    for _ in range(dice - black):
        pool[rng.choice(BOX_COLOURS)] += 1
    pool["black"] = black
    return {c: n for c, n in pool.items() if n}, 6 - black


def generated_cases(seed: int = GENERATED_SEED) -> list:
    """The generated suite: four combats with two wide boxes, four with three, three boss
    fights of 13-14 dice and 8 boxes; then the issue's corners: combats of 12 dice with two and
    three wide boxes, an armor box and black dice, and boss fights of 14 dice, 8 boxes and two
    wide boxes (the same every run: one seed; the later cases leave the earlier ones as they
    were)."""
    rng = random.Random(seed)
    out = []
    for wide in (2, 2, 2, 2, 3, 3, 3, 3):
        dice = rng.randint(8, 12)
        boxes = [schema_box(rng, True) for _ in range(wide)]
        boxes += [schema_box(rng, False) for _ in range(rng.randint(1, 2))]  # the card's small
        boxes += [schema_box(rng, False) for _ in range(rng.randint(1, 2))]  # the floors'
        if rng.random() < 0.4:
            boxes[-1]["armor"] = True
        pool, supply = schema_pool(rng, dice)
        out.append(Case(f"{wide} wide: generated #{len(out) + 1}", pool,
                        tuple(str(Box(**b)) for b in boxes), supply))
    for dice in (13, 14, 14):
        wide = rng.randint(1, 2)
        boxes = [schema_box(rng, k < wide, skull=k % 3 == 1) for k in range(8)]
        boxes[0]["armor"] = True
        pool, supply = schema_pool(rng, dice)
        out.append(Case(f"boss: generated, {dice} dice", pool,
                        tuple(str(Box(**b)) for b in boxes), supply))
    for wide in (2, 2, 3, 3):  # 12 dice, an armor box, black dice
        boxes = [schema_box(rng, True) for _ in range(wide)]
        boxes += [schema_box(rng, False) for _ in range(rng.randint(2, 3))]
        boxes[-1]["armor"] = True
        pool, supply = schema_pool(rng, 11)
        pool["black"] = pool.get("black", 0) + 1
        supply -= 1
        out.append(Case(f"{wide} wide: generated #{len(out) + 1}, 12 dice, armor", pool,
                        tuple(str(Box(**b)) for b in boxes), supply))
    for _ in range(2):  # 14 dice, 8 boxes, two wide
        boxes = [schema_box(rng, k < 2, skull=k % 3 == 1) for k in range(8)]
        boxes[0]["armor"] = True
        pool, supply = schema_pool(rng, 14)
        out.append(Case(f"boss: generated #{len(out) + 1}, 14 dice, 2 wide", pool,
                        tuple(str(Box(**b)) for b in boxes), supply))
    return out


# -- helpers ------------------------------------------------------------------------------------
def distinct_rolls(case: Case) -> int:
    """Distinct rolls of the case (multisets of face classes per colour), without solving."""
    return plan_for(case.pool, case.parsed(), **case.options).distinct_rolls()


def timed(fn, repeat: int = 1):
    """(best CPU seconds, last result) over ``repeat`` runs (CPU time: the machine is shared)."""
    best, out = math.inf, None
    for _ in range(repeat):
        start = time.process_time()
        out = fn()
        best = min(best, time.process_time() - start)
    return best, out


def brute_full(case: Case):
    """Every ordered roll, each solved: (p_clear, expected damage, expected time)."""
    solver = Solver(case.parsed(), conversions=case.conversions)
    colours = [c for c, n in case.pool.items() for _ in range(n)]
    clear = damage = tim = 0
    for values in product(range(1, 7), repeat=len(colours)):
        r = solver.solve(list(zip(colours, values)), case.black_supply)
        clear += r.cleared
        damage += r.damage
        tim += r.time
    total = 6 ** len(colours)
    return Fraction(clear, total), Fraction(damage, total), Fraction(tim, total)


def brute_sample(case: Case, k: int, seed: int) -> tuple[float, float]:
    """Seconds per ordered roll over ``k`` random rolls: first pass (memo filling) and second
    pass (every roll already in the memo, a floor for the full run)."""
    rng = random.Random(seed)
    colours = [c for c, n in case.pool.items() for _ in range(n)]
    rolls = [[(c, rng.randint(1, 6)) for c in colours] for _ in range(k)]
    solver = Solver(case.parsed(), conversions=case.conversions)
    passes = []
    for _ in range(2):
        start = time.process_time()
        for dice in rolls:
            solver.solve(dice, case.black_supply)
        passes.append((time.process_time() - start) / k)
    return passes[0], passes[1]


def fmt_s(seconds: float, approx: bool = False) -> str:
    mark = "~" if approx else ""
    if seconds < 1:
        return f"{mark}{seconds * 1000:.1f} ms"
    if seconds < 3600:
        return f"{mark}{seconds:.1f} s"
    if seconds < 86400 * 3:
        return f"{mark}{seconds / 3600:.1f} h"
    return f"{mark}{seconds / 86400:.0f} d"


# -- the suite ----------------------------------------------------------------------------------
def time_rounds(cases, passes: int, args, found: dict) -> dict:
    """``found`` (case name -> times) with the best time of ``encounter_odds`` (forced exact)
    in each of ``passes`` more passes over the cases, each pass timing every case in turn
    (best of --repeat calls). The machine's speed swings by up to half over minutes, so one
    case's calls, a fraction of a second, can all fall in a slow spell: passes before and
    after the table spread them over the run. Only cases exact in under a second are timed
    so (None for the others)."""
    for _ in range(passes):
        for case in cases:
            if found.get(case.name, ()) is None:
                continue  # too slow or not exact: timed once, in the table
            boxes = case.parsed()
            secs, odds = timed(lambda: encounter_odds(case.pool, boxes,
                                                      **case.options,
                                                      exact_limit=args.work_max), args.repeat)
            if not odds.exact or secs >= 1:
                found[case.name] = None
            else:
                found.setdefault(case.name, []).append(secs)
    return found


def run_suite(cases, args, rounds: dict) -> list[dict]:
    rows = []
    for case in cases:
        n, distinct = case.dice, distinct_rolls(case)
        row = {"case": case, "distinct": distinct, "ordered": 6 ** n}
        boxes = case.parsed()
        start = time.process_time()
        probe = encounter_odds(case.pool, boxes, **case.options,
                               exact_limit=args.work_max, samples=1)
        first = time.process_time() - start
        if probe.exact and first < 1 and args.repeat > 1:
            secs, odds = timed(lambda: encounter_odds(case.pool, boxes,
                                                      **case.options,
                                                      exact_limit=args.work_max),
                               args.repeat - 1)
            secs = min(secs, first)
        else:
            secs, odds = first, probe
        if rounds.get(case.name) and odds.exact:
            secs = min(secs, *rounds[case.name])
        row.update(ours=secs, odds=odds, exact=odds.exact)
        if 6 ** n <= args.brute_max:
            secs, (p, dmg, tim) = timed(lambda: brute_full(case))
            row.update(brute=secs, brute_approx=False)
            if odds.exact:
                row["agree"] = (p, dmg, tim) == (odds.p_clear, odds.expected_damage,
                                                  odds.expected_time)
        else:
            first, warm = brute_sample(case, args.sample, args.seed)
            row.update(brute=warm * 6 ** n, brute_cold=first * 6 ** n, brute_approx=True)
        rows.append(row)
        print_row(row)
    return rows


HEADER = (f"{'case':40s} {'dice':>4s} {'boxes':>5s} {'ordered':>14s} {'distinct':>10s} "
          f"{'ours':>10s} {'how':>5s} {'brute':>10s} {'speed-up':>9s}  notes")


def print_row(row) -> None:
    case, odds = row["case"], row["odds"]
    notes = []
    if not row["exact"]:
        notes.append("NOT EXACT: the walk needs more than --work-max; time to give up")
        speed = "-"
    else:
        speed = ("~" if row["brute_approx"] else "") + format(row["brute"] / row["ours"],
                                                             ",.0f") + "x"
        notes.append(f"clear {float(odds.p_clear):.4f} dmg {float(odds.expected_damage):.4f} "
                     f"time {float(odds.expected_time):.4f}")
    if row["brute_approx"]:
        notes.append(f"brute estimated from a sample (memo-cold pass: "
                     f"{fmt_s(row['brute_cold'], True)})")
    if "agree" in row:
        notes.append("brute = ours" if row["agree"] else "BRUTE != OURS")
    how = odds.method if row["exact"] else "-"
    print(f"{case.name[:40]:40s} {case.dice:4d} {len(case.boxes):5d} {row['ordered']:14,d} "
          f"{row['distinct']:10,d} {fmt_s(row['ours'], not row['exact']):>10s} {how:>5s} "
          f"{fmt_s(row['brute'], row['brute_approx']):>10s} {speed:>9s}  {'; '.join(notes)}",
          flush=True)


# -- icepool ------------------------------------------------------------------------------------
ICEPOOL_CASES = [
    # (label, n yellow dice, small yellow box targets)
    ("at least 3 of 8 dice show >= 5", 8, (5, 5, 5)),
    ("at least 2 of 10 dice show >= 6", 10, (6, 6)),
    ("at least 4 of 12 dice show >= 4", 12, (4, 4, 4, 4)),
    ("8 dice cover small yellow 6, 5, 4, 3", 8, (6, 5, 4, 3)),
    ("10 dice cover small yellow 6, 6, 5, 3, 2", 10, (6, 6, 5, 3, 2)),
    ("12 dice cover small yellow 6, 5, 5, 4, 4, 3", 12, (6, 5, 5, 4, 4, 3)),
]
# icepool's sub-problems take 0.2-6 ms: the best of a handful of calls swung by 1.6x between
# runs of the benchmark (0.69x and 1.1x on the 8-dice count), so each side gets this many at least
ICEPOOL_CALLS = 30


def icepool_value(icepool, n: int, targets: tuple) -> Fraction:
    """What a user of icepool would write: a count when the targets are equal, else the
    highest dice sorted against the sorted targets."""
    if len(set(targets)) == 1:
        return ((n @ (icepool.d6 >= targets[0])) >= len(targets)).probability(True)
    need = sorted(targets, reverse=True)

    def covers(kept) -> bool:
        return all(x >= t for x, t in zip(sorted(kept, reverse=True), need))

    return icepool.d6.pool(n).highest(len(targets)).expand().map(covers).probability(True)


def run_icepool(args) -> list[tuple]:
    try:
        import icepool
    except ImportError:
        print("icepool is not importable here: column skipped (pip install icepool; it is not "
              "a dependency of the project)")
        return []
    calls = max(args.repeat, ICEPOOL_CALLS)
    print(f"icepool {getattr(icepool, '__version__', '?')}: one colour, small boxes only "
          f"(P that n yellow dice cover every small yellow box); best of {calls} runs, "
          "first run in brackets (icepool keeps caches between calls)")
    print(f"{'sub-problem':46s} {'ours':>10s} {'icepool':>10s} {'ours/icepool':>12s}  value")
    out = []
    for label, n, targets in ICEPOOL_CASES:
        boxes = [Box("yellow", t, damage=1) for t in targets]
        first_ours = first_ice = None
        best_ours = best_ice = math.inf
        for i in range(calls):
            start = time.process_time()
            ours = encounter_odds({"yellow": n}, boxes, exact_limit=HUGE).p_clear
            t = time.process_time() - start
            best_ours, first_ours = min(best_ours, t), first_ours if i else t
            start = time.process_time()
            ice = icepool_value(icepool, n, targets)
            t = time.process_time() - start
            best_ice, first_ice = min(best_ice, t), first_ice if i else t
        same = "equal" if ours == ice else f"DIFFERENT: icepool {ice}"
        ratio = best_ours / best_ice
        print(f"{label:46s} {fmt_s(best_ours):>10s} {fmt_s(best_ice):>10s} {ratio:11.2f}x  "
              f"{ours} ({float(ours):.4f}) {same}  [first: ours {fmt_s(first_ours)}, "
              f"icepool {fmt_s(first_ice)}]", flush=True)
        out.append((label, best_ours, best_ice, ours == ice))
    return out


# -- goals --------------------------------------------------------------------------------------
def print_goals(rows, ice) -> None:
    print("\nGoals (issue) vs measured")
    fast = [r for r in rows if r["exact"] and r["ours"] * 1000 < GOAL_MS]
    print(f"- every suite case exact in under {GOAL_MS} ms on one core: "
          f"{'MET' if len(fast) == len(rows) else 'MISS'}: {len(fast)}/{len(rows)} cases")
    for r in rows:
        if r in fast:
            continue
        how = "exact in " if r["exact"] else "not exact within --work-max after "
        print(f"    MISS {r['case'].name}: {how}{fmt_s(r['ours'])}, "
              f"{r['ours'] * 1000 / GOAL_MS:,.1f}x the goal")
    exact = [r for r in rows if r["exact"]]
    speed = [(r, r["brute"] / r["ours"]) for r in exact]
    quick = [r for r, x in speed if x >= GOAL_SPEEDUP]
    if speed:
        print(f"- >= {GOAL_SPEEDUP}x faster than brute force over ordered rolls: "
              f"{'MET' if len(quick) == len(rows) else 'MISS'}: {len(quick)}/{len(rows)} cases; "
              f"speed-ups from {min(x for _, x in speed):,.1f}x to "
              f"{max(x for _, x in speed):,.1f}x (~ = estimated brute force)")
    for r in rows:
        x = r["brute"] / r["ours"] if r["exact"] else None
        mark = "~" if r["brute_approx"] else ""
        status = "ok  " if x is not None and x >= GOAL_SPEEDUP else "MISS"
        text = f"{mark}{x:,.1f}x" if x is not None else "not exact"
        print(f"    {status} {r['case'].name}: {text}")
    if not ice:
        print("- no slower than icepool on its sub-problem: not measured (icepool missing)")
        return
    slower = [(label, o / i) for label, o, i, _ in ice if o > i]
    print(f"- no slower than icepool on its sub-problem: "
          f"{'MET' if not slower else 'MISS'}: {len(ice) - len(slower)}/{len(ice)} cases "
          f"no slower; values equal in {sum(same for *_, same in ice)}/{len(ice)}")
    for label, ratio in slower:
        print(f"    MISS {label}: {ratio:.1f}x slower than icepool")


# the walk's cut by the dice still to come (docs/odds.md, "walk with several wide boxes"):
# the walk alone with and without it, in the same process, on questions it answers in seconds
WALK_CUT_CASES = [
    Case("3y 2p 2b: wide yellow 9, wide pink 6", {"yellow": 3, "pink": 2, "blue": 2},
         ("wide yellow 9 ♥", "wide pink 6 ♥", "yellow 5 ♥", "blue 4 ♥"), 5),
]


def run_walk_cut(cases, work_max: int) -> None:
    """The walk with its cut and without it (``within_reach`` made the identity, the walk as
    it was before the cut), each the best of two calls, alternated; the masks compared."""
    from odd_nb.games.one_deck.odds import TooMuchWork, walk
    print("\nthe walk alone, with and without its cut by the dice still to come (best of 2)")
    for case in cases:
        plan = plan_for(case.pool, case.parsed(), **case.options)
        best = {}
        for _ in range(2):
            for label in ("without", "with"):
                w = walk.Walk.of(plan)
                if label == "without":
                    w.within_reach = lambda configs, s, most: configs
                start = time.process_time()
                try:
                    masks, _, work, _ = walk.mask_distribution(None, None, plan=w,
                                                               limit=work_max)
                except TooMuchWork:
                    masks, work = None, None
                secs = time.process_time() - start
                if label not in best or secs < best[label][0]:
                    best[label] = (secs, work, masks)
        text = {k: (f"{fmt_s(v[0])}, {v[1]:,} units" if v[1] is not None else
                    f"> {fmt_s(v[0])} (work limit)") for k, v in best.items()}
        same = best["with"][2] == best["without"][2] if best["with"][2] else "-"
        print(f"  {case.name[:44]:44s} without {text['without']:>26s}   with "
              f"{text['with']:>26s}   same masks: {same}", flush=True)


def print_generated_goals(rows) -> None:
    """The issue's goals on the generated encounters: up to 12 dice exact in 50 ms, boss
    fights of up to 14 dice and 8 boxes exact in 1 s."""
    print("\nGoals (issue) vs measured, generated encounters")
    for label, goal, pick in (
            (f"every encounter of up to 12 dice exact in under {GOAL_MS} ms", GOAL_MS / 1000,
             lambda r: r["case"].dice <= 12 and not r["case"].name.startswith("boss")),
            (f"boss fights of up to 14 dice and 8 boxes exact in under {GOAL_BOSS_S:g} s",
             GOAL_BOSS_S, lambda r: r["case"].name.startswith("boss"))):
        mine = [r for r in rows if pick(r)]
        met = [r for r in mine if r["exact"] and r["ours"] < goal]
        print(f"- {label}: {'MET' if len(met) == len(mine) else 'MISS'}: "
              f"{len(met)}/{len(mine)} cases")
        for r in mine:
            if r not in met:
                how = f"exact ({r['odds'].method}) in " if r["exact"] else \
                    "not exact: gave up and sampled after "
                print(f"    MISS {r['case'].name}: {how}{fmt_s(r['ours'])}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--work-max", type=float, default=3e7,
                        help="work (about 2-5 us a unit) the exact walk may take per case")
    parser.add_argument("--brute-max", type=float, default=6 ** 6,
                        help="run the brute force in full when 6^n is at most this")
    parser.add_argument("--sample", type=int, default=2000,
                        help="ordered rolls timed to estimate a brute force too long to run")
    parser.add_argument("--repeat", type=int, default=3, help="timing runs of fast cases")
    parser.add_argument("--rounds", type=int, default=3,
                        help="passes over the cases timing ours, half before the table and "
                             "half after (fast cases)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", default="", help="run the cases whose name contains this")
    parser.add_argument("--no-icepool", action="store_true")
    parser.add_argument("--no-small", action="store_true",
                        help="skip the small encounters outside the suite")
    parser.add_argument("--no-generated", action="store_true",
                        help="skip the generated encounters (several wide boxes, 13-14 dice)")
    parser.add_argument("--walk-cut", action="store_true",
                        help="also time the walk with and without its cut by the dice still "
                             "to come (slow: the walk without it takes tens of seconds)")
    parser.add_argument("--generated-work-max", type=float, default=3e6,
                        help="work the exact methods may take per generated case (most take "
                             "longer than the issue's goals allow; this bounds the run)")
    parser.add_argument("--forbid-conversions", action="store_true",
                        help="ask the generated encounters as a foe that forbids the 2-for-1 "
                             "would (A7): no pairs")
    args = parser.parse_args()
    args.work_max, args.brute_max = int(args.work_max), int(args.brute_max)

    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"One Deck Dungeon exact odds, one core, Python {sys.version.split()[0]}, "
          f"{os.cpu_count()} cores, load average {load:.2f} at start")
    print(f"exact forced (walk work up to {args.work_max:,}); brute force run in full up to "
          f"{args.brute_max:,} ordered rolls, else estimated from {args.sample:,} rolls\n")
    pick = lambda cases: [c for c in cases if args.only.lower() in c.name.lower()]  # noqa: E731
    print(HEADER)
    cases = pick(SUITE) + ([] if args.no_small else pick(SMALL))
    rounds = time_rounds(cases, (args.rounds + 1) // 2, args, {})
    rows = run_suite(pick(SUITE), args, rounds)
    small = run_suite(pick(SMALL), args, rounds) if not args.no_small else []
    generated, made = [], generated_cases()
    if args.forbid_conversions:
        made = [replace(c, name=f"{c.name}, no 2-for-1", conversions=False) for c in made]
    if not args.no_generated and pick(made):
        print(f"\ngenerated from the card schema, seed {GENERATED_SEED} (exact methods given "
              f"up to {int(args.generated_work_max):,} units of work, then each distinct roll "
              "solved when there are at most 50,000, else sampled: NOT EXACT)")
        print(HEADER)
        generated = run_suite(pick(made),
                              argparse.Namespace(**{**vars(args), "work_max": int(
                                  args.generated_work_max)}), {})
    print()
    ice = [] if args.no_icepool else run_icepool(args)
    rounds = time_rounds(cases, args.rounds // 2, args, rounds)
    print(f"\nours in each of {args.rounds} passes over the cases, half before the table and "
          f"half after icepool (best of {args.repeat} calls a pass; the goals take the best of "
          f"these and the table's own calls):")
    for r in rows + small:
        times = rounds.get(r["case"].name)
        if times and r["exact"]:
            r["ours"] = min(r["ours"], *times)
            print(f"  {r['case'].name[:40]:40s} " + " ".join(f"{fmt_s(x):>9s}" for x in times))
    if rows:
        print_goals(rows, ice)
    if args.walk_cut:
        run_walk_cut(WALK_CUT_CASES, args.work_max)
    if generated:
        print_generated_goals(generated)
    if small:
        fast = sum(r["exact"] and r["ours"] * 1000 < GOAL_MS for r in small)
        print(f"\nOutside the suite, {len(small)} small encounters (4-6 dice): {fast} exact "
              f"in under {GOAL_MS} ms; speed-ups over brute force "
              + ", ".join(f"{r['brute'] / r['ours']:,.0f}x" for r in small if r["exact"])
              + " (brute force itself takes "
              + ", ".join(fmt_s(r["brute"]) for r in small) + ")")


if __name__ == "__main__":
    main()
