"""What the odds of an encounter are: ``EncounterOdds``, and the ``Tally`` every method fills.

>>> from odd_nb.games.one_deck import Box
>>> t = Tally(1)
>>> t.add_covered((Box("yellow", 5, damage=1),), (True,), Fraction(1, 3))
>>> t.add_covered((Box("yellow", 5, damage=1),), (False,), Fraction(2, 3))
>>> t.result((Box("yellow", 5, damage=1),)).expected_damage
Fraction(2, 3)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from ....core.frames import pandas_for
from .solver import Result


@dataclass(frozen=True, repr=False)
class EncounterOdds:
    """Odds of one encounter: exact Fractions (or estimates, when ``exact`` is false)."""

    boxes: tuple
    p_clear: Fraction
    expected_damage: Fraction
    expected_time: Fraction
    damage: dict  # damage -> probability
    time: dict  # time -> probability
    box_covered: tuple  # probability that each box is covered
    exact: bool = True
    samples: int = 0
    rolls: int = 0  # distinct rolls covered (multisets of face classes per colour)
    intervals: dict = field(default_factory=dict)  # name -> (low, high), when sampled
    covered: dict = field(default_factory=dict)  # covered boxes (tuple of bools) -> probability
    work: int = 0  # units of work of the exact walk or split
    method: str = "walk"  # the method that answered: walk, small, split, vector, rolls (each
    # distinct roll solved), sampled, controlled (sampled against the exact odds without pairs
    # onto wide boxes), lines (skills played, position.skill_odds); docs/odds.md

    def to_frame(self):
        """One row per box: what it is and the chance the best placement covers it."""
        pd = pandas_for("EncounterOdds.to_frame()", "box_covered holds the same figures")
        return pd.DataFrame({
            "box": [str(b) for b in self.boxes],
            "p_covered": [float(p) for p in self.box_covered],
            "damage": [b.damage for b in self.boxes], "time": [b.time for b in self.boxes],
        })

    def distribution(self):
        """Damage and time distributions as a DataFrame (columns kind, amount, probability)."""
        pd = pandas_for("EncounterOdds.distribution()", "damage and time hold the same figures")
        rows = [("damage", k, float(p)) for k, p in sorted(self.damage.items())]
        rows += [("time", k, float(p)) for k, p in sorted(self.time.items())]
        return pd.DataFrame(rows, columns=["kind", "amount", "probability"])

    def plot(self, what: str = "damage", **kwargs):
        """A bar chart (SVG, no matplotlib) of the ``"damage"`` or ``"time"`` distribution, or
        of the chance that each box is covered (``"boxes"``)."""
        from ..plot import BarChart
        if what == "boxes":
            values = {f"{i + 1}: {b}": p for i, (b, p) in enumerate(zip(self.boxes,
                                                                         self.box_covered))}
            return BarChart(values, title=kwargs.pop("title", "chance each box is covered"),
                            **kwargs)
        if what not in ("damage", "time"):
            raise ValueError(f"plot shows 'damage', 'time' or 'boxes', not {what!r}")
        dist = self.damage if what == "damage" else self.time
        return BarChart({k: p for k, p in sorted(dist.items())},
                        title=kwargs.pop("title", f"{what} ({'exact' if self.exact else 'sampled'})"),
                        xlabel=kwargs.pop("xlabel", what), **kwargs)

    def summary(self) -> dict:
        return {"p_clear": float(self.p_clear), "expected_damage": float(self.expected_damage),
                "expected_time": float(self.expected_time), "exact": self.exact}

    def __str__(self) -> str:
        how = "exact" if self.exact else f"Monte Carlo, {self.samples} samples, 95% intervals"
        return (f"clear {float(self.p_clear):.1%} · expected damage "
                f"{float(self.expected_damage):.3f} · expected time "
                f"{float(self.expected_time):.3f} ({how})")

    def __repr__(self) -> str:
        return f"<EncounterOdds {self}>"

    def _repr_html_(self) -> str:
        rows = "".join(f"<tr><td>{b}</td><td>{float(p):.1%}</td></tr>"
                       for b, p in zip(self.boxes, self.box_covered))
        dmg = " · ".join(f"{k}: {float(p):.1%}" for k, p in sorted(self.damage.items()))
        return (f"<div><b>{self}</b><br>damage {dmg}<table><tr><th>box</th>"
                f"<th>covered</th></tr>{rows}</table></div>")


class Tally:
    """Probabilities added up by damage, time, box and covered set, then made ``EncounterOdds``."""

    def __init__(self, n_boxes: int):
        self.damage, self.time, self.sets = {}, {}, {}
        self.covered = [0] * n_boxes
        self.clear = 0

    def add(self, r, p) -> None:
        self.damage[r.damage] = self.damage.get(r.damage, 0) + p
        self.time[r.time] = self.time.get(r.time, 0) + p
        for i, c in enumerate(r.covered):
            if c:
                self.covered[i] += p
        if r.cleared:
            self.clear += p
        key = tuple(r.covered)
        self.sets[key] = self.sets.get(key, 0) + p

    def add_covered(self, boxes, covered: tuple, p) -> None:
        """A set of covered boxes of probability ``p``: its damage and time are its open boxes'."""
        damage = sum(b.damage for b, c in zip(boxes, covered) if not c)
        time = sum(b.time for b, c in zip(boxes, covered) if not c)
        self.add(Result(damage, time, covered, ()), p)

    def result(self, boxes, **extra) -> EncounterOdds:
        return EncounterOdds(boxes, self.clear, sum(k * p for k, p in self.damage.items()),
                             sum(k * p for k, p in self.time.items()), dict(sorted(
                                 self.damage.items())), dict(sorted(self.time.items())),
                             tuple(self.covered), covered=dict(sorted(self.sets.items())),
                             **extra)
