"""Invariants of every position met in random games: the pit rule and carrying (§5.4, §8.3,
§8.5, §11.6, A15, A26), the hand of cards (§1.3, §9.6), points (§12.3)."""

import random

from odd_nb.games.dungeon_twister import DungeonTwister
from odd_nb.games.dungeon_twister.actions import is_character, side_of
from odd_nb.games.dungeon_twister.moves import carries_rope
from odd_nb.games.dungeon_twister.position import (has_ability, has_effect, lay, occupants,
                                                   rope_lies_on)


def check(s):
    content = s.rules.content
    lay_ = lay(s)
    occ = occupants(s)
    carriers = {}
    for t, where in enumerate(s.loc):
        if where[0] == "carried":
            carrier = where[1]
            assert carrier not in carriers, "§8.5: one token per carrier"
            carriers[carrier] = t
            assert s.loc[carrier][0] == "sq" and carrier not in s.wounded
            if is_character(t):
                assert t in s.wounded and side_of(t) == side_of(carrier), "§8.5"
    for sq, tokens in occ.items():
        if lay_.kind[sq] != "pit":
            continue
        rope = rope_lies_on(s, sq, occ)
        for t in tokens:
            if not is_character(t):
                assert has_effect(content, t, "bridge_pits"), "§11.6: only a Rope lies on a pit"
            elif t in s.wounded:
                assert rope, "A26: a wounded character on a bare pit falls"
            else:
                assert rope or has_ability(content, t, "walk_pits") or carries_rope(s, t), \
                    "§8.3: a living character stops on a pit only if allowed"
    assert len(s.combat_hand[0]) >= 1 and 0 in s.combat_hand[0] and 0 in s.combat_hand[1]
    assert all(0 <= j <= 3 for j in s.jumps)
    assert s.ap >= 0 and all(p >= 0 for p in s.points)


def test_invariants_hold_in_random_games():
    game = DungeonTwister()
    for seed in range(6):
        rng = random.Random(seed)
        s = game.new_initial_state()
        while not s.is_terminal:
            if s.phase in ("actions", "action card") and s.move is None:
                check(s)
            s = s.apply(s.sample_chance(rng.random()) if s.is_chance
                        else rng.choice(s.legal_actions()))
        assert s.winner is not None
