"""The combat advisor: which combat card to play (§9.3, §9.4), as a payoff table and an exact
equilibrium of the secret choice, a zero-sum game solved in Fractions.

The payoff of a pair of cards is for the attacking side: +1 when it wins, 0 for a tie, -1 when
it loses. The totals without cards come from the group as it stands (A11). The opponent's hand
is known exactly with ``perfect_memory`` (A20) or to an onlooker (``seat=None``); a seat
without it assumes every card value of the full set, which is what it can be sure of.

>>> solve([[1, -1], [-1, 1]])[0]
Fraction(0, 1)
>>> solve([[3, 1], [2, 0]])
(Fraction(1, 1), [Fraction(1, 1), Fraction(0, 1)], [Fraction(0, 1), Fraction(1, 1)])
"""

from __future__ import annotations

from fractions import Fraction

from .combat import group, totals


def solve(matrix) -> tuple:
    """The value of a zero-sum matrix game for the row player (who maximises) and an optimal
    mixed strategy for each player, exactly: the pivot method of the simplex on a matrix made
    positive by a constant shift."""
    m, n = len(matrix), len(matrix[0])
    shift = 1 - min(min(row) for row in matrix)
    t = [[Fraction(v + shift) for v in row] + [Fraction(1)] for row in matrix]
    t.append([Fraction(-1)] * n + [Fraction(0)])
    rows = [("x", i) for i in range(m)]   # labels on the left
    cols = [("y", j) for j in range(n)]   # labels on the top
    while True:
        col = next((j for j in range(n) if t[m][j] < 0), None)
        if col is None:
            break
        candidates = [(t[i][n] / t[i][col], i) for i in range(m) if t[i][col] > 0]
        _, row = min(candidates)
        p = t[row][col]
        new = [r[:] for r in t]
        for i in range(m + 1):
            for j in range(n + 1):
                if i == row and j == col:
                    new[i][j] = 1 / p
                elif i == row:
                    new[i][j] = t[i][j] / p
                elif j == col:
                    new[i][j] = -t[i][j] / p
                else:
                    new[i][j] = t[i][j] - t[row][j] * t[i][col] / p
        t = new
        rows[row], cols[col] = cols[col], rows[row]
    total = t[m][n]
    x = [Fraction(0)] * m
    y = [Fraction(0)] * n
    for j, (kind, k) in enumerate(cols):
        if kind == "x":
            x[k] = t[m][j] / total
    for i, (kind, k) in enumerate(rows):
        if kind == "y":
            y[k] = t[i][n] / total
    return 1 / total - shift, x, y


def combat_payoffs(x, seat: int | None = None) -> tuple:
    """``(attacker cards, defender cards, table)`` for the combat under way in ``x`` (phase
    ``combat``): each distinct card value of each side and the attacking side's payoff."""
    attacker, target, _ = x.combat
    members = group(x, attacker, target)
    base_a, base_d = totals(x, members, (0, 0))
    active, other = x.active, 1 - x.active
    content = x.rules.content

    def cards(owner):
        if seat is None or seat == owner or x.rules.perfect_memory:
            return sorted(set(x.combat_hand[owner]))
        return sorted(set(content.combat_cards))
    mine, theirs = cards(active), cards(other)
    table = [[(base_a + a > base_d + d) - (base_a + a < base_d + d) for d in theirs]
             for a in mine]
    return mine, theirs, table


def combat_advice(x, seat: int | None = None) -> dict:
    """The payoff table and the exact equilibrium: the value for the attacking side, each
    side's optimal mix of cards, and the attacking side's ``chances`` to win, tie and lose when
    both play their mix."""
    mine, theirs, table = combat_payoffs(x, seat)
    value, mix_a, mix_d = solve(table)
    chances = {"win": Fraction(0), "tie": Fraction(0), "loss": Fraction(0)}
    for pa, row in zip(mix_a, table):
        for pd, v in zip(mix_d, row):
            chances["win" if v > 0 else "tie" if v == 0 else "loss"] += pa * pd
    return {"attacker_cards": mine, "defender_cards": theirs, "table": table, "value": value,
            "attacker_mix": dict(zip(mine, mix_a)), "defender_mix": dict(zip(theirs, mix_d)),
            "chances": chances}


__all__ = ["combat_advice", "combat_payoffs", "solve"]
