"""The hunter's race (docs/rules/fog-town.md §12, §14): the chance that the Lamplighter reaches
midnight (the last space of the time track, 24 in the shipped town) before the town is cleared
or a Sleeper is defeated, when every seat plays by an agent's policy. Out of reach exactly (it
runs over whole games), it is estimated from seeded games, with a Wilson 95% interval
(``odd_nb.core.stats.wilson_interval``). Plain data; ``to_frame`` makes a DataFrame.

>>> from odd_nb.games.fog_town.agents import HeuristicAgent
>>> row = hunter_race(HeuristicAgent(), games=8, seed=1)
>>> row["games"], row["low"] <= row["midnight"] <= row["high"]
(8, True)
"""

from __future__ import annotations

import random

from ...core.agents import play_out
from ...core.stats import wilson_interval


def hunter_race(agent, games: int = 200, seed: int = 0, game=None, **options) -> dict:
    """Play ``games`` seeded games with ``agent`` in every seat (game ``i`` draws its chance
    from ``random.Random(seed * 1_000_003 + i)``, so the same seeds give the same games) and
    count how they end (§14): ``midnight`` (the Lamplighter won the race), ``town`` (every
    explorable location done) or ``sleeper`` (a Sleeper defeated).

    Returns ``games``, ``midnight`` (the estimated chance), ``low`` and ``high`` (its Wilson
    95% interval, clipped to [0, 1]), ``town`` and ``sleeper`` (the shares of the other
    endings), ``mean_clock`` and ``mean_rounds`` at the end, and the options played.
    ``game`` defaults to the shipped town; ``options`` are start options (§16), such as
    ``players`` or ``difficulty``.
    """
    if games < 1:
        raise ValueError("hunter_race needs at least one game")
    if game is None:
        import odd_nb
        game = odd_nb.load_game("fog-town")
    endings = {"midnight": 0, "town": 0, "sleeper": 0}
    clock = rounds = 0
    for i in range(games):
        end = play_out(game.new_initial_state(**options), agent,
                       random.Random(seed * 1_000_003 + i))
        endings[end.ended] += 1
        clock += end.clock
        rounds += end.round
    share = endings["midnight"] / games
    low, high = wilson_interval(share, games)
    low, high = max(0.0, min(low, share)), min(1.0, max(high, share))  # rounding at 0 and 1
    return {"games": games, "midnight": share, "low": low, "high": high,
            "town": endings["town"] / games, "sleeper": endings["sleeper"] / games,
            "mean_clock": clock / games, "mean_rounds": rounds / games,
            "agent": repr(agent), **options}


def race_table(agent, games: int = 200, seed: int = 0, game=None,
               difficulties=("easy", "normal", "hard"), players=(1,)) -> list[dict]:
    """``hunter_race`` for each difficulty (§2.7) and player count, the same seeds for each:
    one row each, for ``to_frame``."""
    return [hunter_race(agent, games, seed, game, players=n, difficulty=d)
            for n in players for d in difficulties]


def to_frame(rows):
    """Rows (a list of dicts, or one dict) as a pandas DataFrame (pandas imported lazily)."""
    import pandas as pd
    return pd.DataFrame([rows] if isinstance(rows, dict) else rows)


__all__ = ["hunter_race", "race_table", "to_frame"]
