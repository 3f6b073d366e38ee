"""Random games played to the end, on the defaults and with every start option flipped, checking
at every decision what must always hold (docs/rules/dungeon-twister.md): a choice always exists
and each reads uniquely (§5.2), the crowding, pit and carrying rules (§5.4, §8.3, §8.5), the
cards (§1.3, §9.6), and at the end a result the rules allow (§13.1, §13.2, A32, A37).

The games are split into blocks so that a parallel run spreads them; ``GAMES`` (2,000) in all,
each checked as above at every decision."""

import random

import pytest

from odd_nb.games.dungeon_twister import DungeonTwister

from test_dt_invariants import check

BLOCKS = 40
PER_BLOCK = 50
GAMES = BLOCKS * PER_BLOCK
OPTIONS = [{}, {"jump_straight_only": False, "cleric_heals_enemies": False,
                "perfect_memory": True}]
GAME = DungeonTwister()


def play_out(seed: int, options: dict):
    rng = random.Random(seed)
    s = GAME.new_initial_state(**options)
    decisions = 0
    while not s.is_terminal:
        if s.is_chance:
            s = s.apply(s.sample_chance(rng.random()))
            continue
        legal = s.legal_actions()
        assert legal, f"{s.phase}: a seat to move always has a choice"
        words = [str(a) for a in legal]
        assert len(set(words)) == len(words), f"every action reads uniquely: {words}"
        if s.phase in ("actions", "action card") and s.move is None:
            check(s)
        s = s.apply(rng.choice(legal))
        decisions += 1
    return s, decisions


@pytest.mark.parametrize("block", range(BLOCKS))
def test_random_games_end_with_a_result_the_rules_allow(block):
    options = OPTIONS[block % len(OPTIONS)]
    limit = 40
    for seed in range(block * PER_BLOCK, (block + 1) * PER_BLOCK):
        s, decisions = play_out(10_000 + seed, options)
        p0, p1 = s.points
        assert s.winner in (0, 1, -1) and decisions > 0
        if max(p0, p1) >= 5:  # §13.1, A37: the first to 5 wins at once
            assert s.winner == (0 if p0 > p1 else 1) and min(p0, p1) < 5
        else:  # §13.2, A32: at the round limit, more points win, equal points draw
            assert s.round == limit
            assert s.winner == (0 if p0 > p1 else 1 if p1 > p0 else -1)
        assert s.returns() == ([0.0, 0.0] if s.winner == -1 else
                               [1.0, -1.0] if s.winner == 0 else [-1.0, 1.0])
        assert s.outcome == ("draw", "won", "lost")[s.winner + 1]  # Yellow's, for simulate
