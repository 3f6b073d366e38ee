"""The best line after the roll with skills and potions (rules §7, A20-A25), and the odds of an
encounter when the party plays that line.

What is covered (and nothing else): in the placement phase (E4), the skills of every hero and
the identified potions whose effects change the pool or the consequences -- Gain, Roll,
Increase, Set (the engine's "change"), Reroll and Prevent -- paid in every way the engine
allows (dice of the colour, black dice standing in, magic totals, potion tokens, free). Each use
is one of the engine's own legal actions applied by the engine, so costs, targets, supply limits,
"once per encounter", foes that forbid skills or potions and abilities triggered by a skill use
(damage, time) are exactly the rules engine's. A Roll or Reroll is a chance node of the engine:
the line is then chosen by its expected cost over every face (an exact Fraction), and the party
sees the new dice before going on. At most ``max_uses`` uses along a line (default 2).

What the line minimises: this encounter's damage and time, weighted like the solver (least
damage, then least time): the boxes left open by the best placement less what was prevented
(floor 0, A25), plus any damage or time that abilities dealt because a skill was used. Potion
tokens, dice paid and skills used have no value of their own (a use that changes nothing is
never chosen: ties go to fewer uses). Heroic feats (E2, before the roll) are not part of the
line: they are decided before the dice are seen, so ``state_odds`` counts the dice they
already gave. Healing is left out (it changes no consequence of the encounter).

>>> from fractions import Fraction
>>> import odd_nb
>>> line = best_line(_example_state())
>>> [str(u) for u in line.uses], line.expected_damage
(['use Stand Firm'], Fraction(0, 1))
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ..actions import Use
from ..content import Box
from ..effects import potion_effects
from .problem import box_costs, done_and_needs, solver_order
from .solver import Result, Solver

LINE_OPS = ("gain", "roll", "increase", "set", "reroll", "prevent")
MAX_USES = 2


@dataclass(frozen=True)
class Line:
    """The best line from an E4 state: the uses to make now (in order, up to the first new die
    rolled), the expected damage and time, and every outcome with its probability
    (``((probability, damage, time, covered boxes), ...)``). ``result`` is the final placement
    when the line rolls no die (else None: it depends on the new dice)."""

    uses: tuple
    expected_damage: Fraction
    expected_time: Fraction
    outcomes: tuple
    result: Result | None = None

    def __str__(self) -> str:
        what = ", then ".join(str(u) for u in self.uses) or "no skill or potion"
        return (f"{what}: expected damage {float(self.expected_damage):.3f}, time "
                f"{float(self.expected_time):.3f}")


def effects_of(s, use):
    """The effects a use would apply (a potion's depend on the moment, A20)."""
    if use.kind == "potion":
        return potion_effects(s, s.content.potions[use.ident])
    return s.content.skill(use.ident).effects


def line_uses(s) -> list:
    """The legal uses of skills and potions that may change this encounter's consequences."""
    if s.phase != "dice" or s.is_chance:
        return []
    return [a for a in s.legal_actions() if isinstance(a, Use) and a.kind != "feat"
            and any(e.op in LINE_OPS for e in effects_of(s, a))]


def placement(s, weights=(1000, 1), solvers=None):
    """The best final placement of an E4 state with what was prevented subtracted (A25):
    ``(damage, time, covered, Result)``. Without prevention it is ``best_placement``; with it,
    the sets of boxes are tried from the cheapest after prevention (then the solver's order)
    until one can be covered, so a box whose damage is prevented anyway is not worth a die."""
    solvers = {} if solvers is None else solvers
    dice = [d for pool in s.pools for d in pool]
    conversions = not s.forbidden("conversion")
    supply = s.supply[3]
    prevent_d, prevent_t = s.prevented
    key = (s.boxes, s.placed, conversions)
    solver = solvers.get(key)
    if solver is None:
        solver = solvers[key] = Solver(s.boxes, s.placed, weights, conversions)
    r = solver.solve(dice, supply)
    if not (prevent_d or prevent_t):
        return r.damage, r.time, r.covered, r
    boxes = s.boxes
    done, _ = done_and_needs(boxes, s.placed)
    order = solver_order(boxes, done)
    costs = box_costs(boxes, weights, order)
    armor = [i for i in order if boxes[i].armor]
    candidates = []
    for mask in range(1 << len(boxes)):
        cover = [bool(mask >> i & 1) or i in done for i in range(len(boxes))]
        if not all(cover[i] for i in armor) and any(cover[i] for i in order
                                                    if not boxes[i].armor):
            continue  # A11: no other box holds dice while an armor box is open
        damage = sum(b.damage for b, c in zip(boxes, cover) if not c)
        time = sum(b.time for b, c in zip(boxes, cover) if not c)
        cost = weights[0] * max(0, damage - prevent_d) + weights[1] * max(0, time - prevent_t)
        tie = sum(costs[i] for i in order if not cover[i])
        candidates.append((cost, tie, tuple(cover)))
    for cost, _, cover in sorted(candidates):
        # can every box of ``cover`` be covered? (the solver with only those boxes costing)
        probe = tuple(Box(b.colour, b.target, wide=b.wide, armor=b.armor,
                          damage=1 if c else 0) for b, c in zip(boxes, cover))
        pkey = (probe, s.placed, conversions)
        psolver = solvers.get(pkey)
        if psolver is None:
            psolver = solvers[pkey] = Solver(probe, s.placed, (1, 0), conversions)
        if psolver.value(dice, supply) == 0:
            got = psolver.solve(dice, supply)
            damage = sum(b.damage for b, c in zip(boxes, got.covered) if not c)
            time = sum(b.time for b, c in zip(boxes, got.covered) if not c)
            got = Result(damage, time, got.covered, got.uses)
            return max(0, damage - prevent_d), max(0, time - prevent_t), got.covered, got
    raise AssertionError("leaving every box open is always possible")


def consequences(s) -> tuple[int, int]:
    """Damage and time dealt or due so far (abilities triggered by skill uses add to them): hero
    damage and damage waiting for a hero to be picked; time waiting to be spent, cards the deck
    lost to it and stairs tokens (counted modulo 3: three tokens become a damage, §5.1)."""
    return (sum(h.damage for h in s.heroes) + sum(s.damage_due),
            s.time_due - s.deck_size + s.stairs_tokens)


def _delta(now, base) -> tuple[int, int]:
    damage = now[0] - base[0]
    time = now[1] - base[1]
    return damage, time


def resolve(s) -> list:
    """The non-chance states after ``s`` (every die the engine rolls), with probabilities;
    identical states are merged. Cards drawn because an ability spent time follow the first
    outcome: which cards leave the deck changes nothing in the encounter."""
    frontier, done = {s: Fraction(1)}, {}
    while frontier:
        nxt = {}
        for state, p in frontier.items():
            if not state.is_chance:
                done[state] = done.get(state, 0) + p
                continue
            outcomes = state.chance_outcomes()
            if not state.rolls_due:
                outcomes = [(outcomes[0][0], Fraction(1))]
            for outcome, q in outcomes:
                after = state.apply(outcome)
                nxt[after] = nxt.get(after, 0) + p * q
        frontier = nxt
    return list(done.items())


def best_line(state, weights=(1000, 1), *, max_uses: int = MAX_USES, _memo=None,
              _solvers=None) -> Line:
    """The best line from ``state`` (E4, dice rolled): skill and potion uses, then the best
    placement. See the module docstring for what it covers."""
    if state.phase != "dice" or state.is_chance:
        raise ValueError("best_line needs the placement phase (E4) with the dice rolled")
    memo = {} if _memo is None else _memo
    solvers = {} if _solvers is None else _solvers
    base = consequences(state)
    return line_from(state, weights, max_uses, memo, solvers, base)


def line_from(s, weights, left: int, memo, solvers, base) -> Line:
    """The best line from position ``s`` with ``left`` more uses, its consequences counted from
    ``base``; ``memo`` and ``solvers`` are shared by the calls of one question."""
    key = (s, left)
    if key in memo:
        return memo[key]
    damage, time, cover, r = placement(s, weights, solvers)
    dealt, spent = _delta(consequences(s), base)
    damage += dealt
    time += spent % 3 if s.deck_size == 0 and spent < 0 else spent
    best = Line((), Fraction(damage), Fraction(time), ((Fraction(1), damage, time, cover),), r)
    best_cost = weights[0] * damage + weights[1] * time
    if left > 0:
        for use in line_uses(s):
            after = resolve(s.apply(use))
            if any(a.phase != "dice" for a, _ in after):
                continue  # the use ends the encounter or the game: not a line for this tool
            lines = [(p, line_from(a, weights, left - 1, memo, solvers, base))
                     for a, p in after]
            exp_d = sum(p * ln.expected_damage for p, ln in lines)
            exp_t = sum(p * ln.expected_time for p, ln in lines)
            cost = weights[0] * exp_d + weights[1] * exp_t
            single = len(lines) == 1
            length = 1 + (len(lines[0][1].uses) if single else 0)
            if (cost, length) < (best_cost, len(best.uses)):
                outcomes = {}
                for p, ln in lines:
                    for q, d, t, c in ln.outcomes:
                        outcomes[(d, t, c)] = outcomes.get((d, t, c), 0) + p * q
                best = Line((use,) + (lines[0][1].uses if single else ()), exp_d, exp_t,
                            tuple(sorted(((p, d, t, c) for (d, t, c), p in outcomes.items()),
                                         key=lambda o: (o[1], o[2], o[3]))),
                            lines[0][1].result if single else None)
                best_cost = cost
    memo[key] = best
    return best


def skill_values(state, weights=(1000, 1), *, max_uses: int = MAX_USES) -> list:
    """Every first use of a skill or potion (and "no skill or potion") with the expected damage
    and time of the best line after it, best first: ``[(use or None, damage, time), ...]``."""
    memo, solvers = {}, {}
    base = consequences(state)
    rows = [(None, *_expected(line_from(state, weights, 0, memo, solvers, base)))]
    for use in line_uses(state):
        after = resolve(state.apply(use))
        if any(a.phase != "dice" for a, _ in after):
            continue
        d = t = Fraction(0)
        for a, p in after:
            ln = line_from(a, weights, max_uses - 1, memo, solvers, base)
            d += p * ln.expected_damage
            t += p * ln.expected_time
        rows.append((use, d, t))
    return sorted(rows, key=lambda r: (weights[0] * r[1] + weights[1] * r[2],
                                       r[0] is not None, str(r[0])))


def _expected(line: Line):
    return line.expected_damage, line.expected_time


def _example_state():
    """A doctest position: Brannoc (h1) with "Stand Firm" (prevent 1 damage) against a box he
    cannot cover."""
    import dataclasses

    import odd_nb
    s = odd_nb.load_game("one-deck-dungeon").new_initial_state(heroes=["h1"], dungeon="d1")
    card = next(c for c, e in s.content.encounters.items() if e.kind == "combat")
    unseen = list(s.unseen)
    unseen.remove(card)
    pool = (("yellow", 1),)
    supply = (s.supply[0] - 1,) + s.supply[1:]
    return dataclasses.replace(s, phase="dice", card=card, boxes=(Box("yellow", 6, damage=1),),
                               placed=((),), pools=(pool,), unseen=tuple(unseen),
                               deck_size=len(unseen), supply=supply)


__all__ = ["LINE_OPS", "Line", "best_line", "line_uses", "placement", "resolve",
           "skill_values"]
