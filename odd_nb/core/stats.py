"""Statistics shared by the studies and the sampled odds.

>>> [round(x, 4) for x in wilson_interval(0.5, 10)]
[0.2366, 0.7634]
"""

from __future__ import annotations

import math

Z95 = 1.959963984540054  # the normal quantile of a two-sided 95% interval


def wilson_interval(p: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion ``p`` seen in ``n`` trials (95% by default);
    unlike ``p ± z·se`` it stays inside [0, 1] and is sound for p near 0 or 1."""
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z / (1 + z * z / n) * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    # at p = 0 or 1 one end is 0 or 1 exactly, where rounding leaves -2e-18 (shown as "-0%")
    # or 1e-19, which the true 0 would fall outside
    low = 0.0 if p <= 0 else max(0.0, centre - half)
    return low, 1.0 if p >= 1 else min(1.0, centre + half)
