"""At least 2,000 complete random games per test run, from several seeds, with one and two heroes
in every dungeon, without an exception (issue: One Deck Dungeon tests); plus greedy games that
reach the boss, so the late-game rules (§9 descending, §10 boss) run every time too."""

import itertools
import random

import pytest

import odd_nb
from odd_nb.core.agents import RandomAgent, play_out
from odd_nb.games.one_deck.agents import GreedyAgent

GAME = odd_nb.load_game("one-deck-dungeon")
PARTIES = [["h1"], ["h2"], ["h3"], ["h4"], ["h5"], ["h1", "h2"], ["h3", "h4"], ["h5", "h1"]]
DUNGEONS = sorted(GAME.content.dungeons)
SETUPS = list(itertools.product(DUNGEONS, PARTIES))  # 32 setups


@pytest.mark.parametrize("dungeon, heroes", SETUPS, ids=[f"{d}-{'+'.join(h)}" for d, h in SETUPS])
def test_random_games_end_cleanly(dungeon, heroes):
    games = 63  # 32 setups x 63 = 2,016 games
    outcomes = set()
    for seed in range(games):
        state = GAME.new_initial_state(heroes=heroes, dungeon=dungeon)
        rng = random.Random(1000 * DUNGEONS.index(dungeon) + seed)
        final = play_out(state, RandomAgent(), rng)
        assert final.is_terminal and final.outcome in ("won", "lost")
        outcomes.add(final.outcome)
    assert "lost" in outcomes


@pytest.mark.parametrize("dungeon", DUNGEONS)
def test_greedy_games_reach_and_fight_the_boss(dungeon):
    bosses = 0
    for seed in range(6):
        heroes = PARTIES[seed % len(PARTIES)]
        final = play_out(GAME.new_initial_state(heroes=heroes, dungeon=dungeon), GreedyAgent(),
                         random.Random(seed))
        assert final.is_terminal
        bosses += final.in_boss_fight
        if final.outcome == "won":
            assert final.boss_damage >= final.dungeon_card.boss.health[final.side]
            assert final.returns() == [1.0]
    assert bosses > 0
