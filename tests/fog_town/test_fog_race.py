"""The hunter's race (``odd_nb/games/fog_town/race.py``; docs/rules/fog-town.md §12, §14): the
chance that the Lamplighter reaches midnight before the town is cleared, under an agent's
policy, estimated from seeded games with a Wilson interval."""

import math

import pytest

from odd_nb.core.agents import RandomAgent
from odd_nb.games.fog_town.agents import HeuristicAgent
from odd_nb.games.fog_town.race import hunter_race, race_table

from fog_kit import GAME


def test_the_race_is_a_probability_with_a_sound_interval():
    """§14: each game ends by midnight, the town done or a Sleeper defeated; the shares add
    up to 1 and the interval holds the estimate inside [0, 1]."""
    row = hunter_race(HeuristicAgent(), games=40, seed=3)
    assert row["games"] == 40
    assert 0.0 <= row["low"] <= row["midnight"] <= row["high"] <= 1.0
    assert math.isclose(row["midnight"] + row["town"] + row["sleeper"], 1.0)
    assert row["high"] - row["low"] < 0.35  # 40 games say something
    assert 0 < row["mean_clock"] <= 24


def test_the_same_seeds_give_the_same_race():
    agent = HeuristicAgent()
    assert hunter_race(agent, games=10, seed=5) == hunter_race(agent, games=10, seed=5)


def test_an_aimless_player_always_loses_the_race():
    """§12.1, §12.3: a random player clears nothing; the Lamplighter reaches midnight every
    time, and the interval still leaves room below 1."""
    row = hunter_race(RandomAgent(), games=30, seed=1, game=GAME)
    assert row["midnight"] == 1.0 and row["high"] == 1.0 and row["low"] < 1.0
    assert row["mean_clock"] == GAME.content.rules["clock_length"]


def test_a_harder_town_loses_the_race_more_often():
    """§2.7, §9.3: the harder the difficulty, the less far a defeated Keeper drives the
    Lamplighter back, so midnight comes more often (the same seeded games for each)."""
    easy, normal, hard = race_table(HeuristicAgent(), games=150, seed=1)
    assert (easy["difficulty"], hard["difficulty"]) == ("easy", "hard")
    assert easy["midnight"] < normal["midnight"] < hard["midnight"]
    assert hard["low"] > easy["midnight"] and easy["high"] < hard["midnight"]
    assert easy["mean_clock"] < hard["mean_clock"]


def test_a_race_needs_a_game():
    with pytest.raises(ValueError):
        hunter_race(RandomAgent(), games=0)
