"""The combat advisor: payoff table of the secret card choice (§9.3, §9.4) and its exact
zero-sum equilibrium; what a seat may assume of the opponent's hand (A20)."""

import random
from fractions import Fraction

from odd_nb.games.dungeon_twister import DungeonTwister
from odd_nb.games.dungeon_twister.advisor import combat_advice, solve

from dt_kit import B, Y, play, position


def best_response_values(matrix, x, y):
    """What the row mix guarantees against every column, and the column mix against every
    row: both equal the value at an equilibrium."""
    cols = [sum(x[i] * matrix[i][j] for i in range(len(x))) for j in range(len(y))]
    rows = [sum(y[j] * matrix[i][j] for j in range(len(y))) for i in range(len(x))]
    return min(cols), max(rows)


def test_solve_is_exact_on_known_games():
    assert solve([[1, -1], [-1, 1]]) == (Fraction(0), [Fraction(1, 2)] * 2, [Fraction(1, 2)] * 2)
    value, x, y = solve([[2, -1], [-1, 1]])  # p = 2/5 makes 2p - (1 - p) = -p + (1 - p)
    assert value == Fraction(1, 5) and x == [Fraction(2, 5), Fraction(3, 5)]
    assert best_response_values([[2, -1], [-1, 1]], x, y) == (value, value)


def test_s9_4_the_combat_table_and_its_equilibrium():
    """Warrior 3 against Troll 4: the attacker needs 2 more than the defender's card to win."""
    s = position(at={Y("Warrior"): (3, 2), B("Troll"): (4, 2)}, perfect_memory=True)
    s = play(s, "Warrior attacks the blue Troll")
    advice = combat_advice(s, 0)
    table = advice["table"]
    a_cards, d_cards = advice["attacker_cards"], advice["defender_cards"]
    assert a_cards == d_cards == [0, 1, 2, 3, 4, 5, 6]
    for i, a in enumerate(a_cards):
        for j, d in enumerate(d_cards):
            assert table[i][j] == (1 if 3 + a > 4 + d else 0 if 3 + a == 4 + d else -1)
    low, high = best_response_values(table, [advice["attacker_mix"][c] for c in a_cards],
                                     [advice["defender_mix"][c] for c in d_cards])
    assert low == high == advice["value"]
    assert sum(advice["attacker_mix"].values()) == 1


def test_A20_without_perfect_memory_a_seat_assumes_the_full_set():
    s = position(at={Y("Warrior"): (3, 2), B("Troll"): (4, 2)})
    s = play(s, "Warrior attacks the blue Troll")
    from dataclasses import replace
    s = replace(s, combat_hand=(s.combat_hand[0], (0, 1)))
    assert combat_advice(s, 0)["defender_cards"] == [0, 1, 2, 3, 4, 5, 6]
    assert combat_advice(s, None)["defender_cards"] == [0, 1]
    assert "+6" in DungeonTwister().view().odds(s, 0)


def test_s9_4_the_chances_under_the_equilibrium_add_up_and_match_the_value():
    """§9.4: a win counts +1, a tie 0, a loss -1, so win - loss chances is the value."""
    game = DungeonTwister()
    found = 0
    for seed in range(6):
        rng = random.Random(seed)
        s = game.new_initial_state()
        while not s.is_terminal and found < 4:
            if s.phase == "combat" and s.combat[2] is None:
                advice = combat_advice(s, None)
                c = advice["chances"]
                assert sum(c.values()) == 1 and all(isinstance(v, Fraction) for v in c.values())
                assert c["win"] - c["loss"] == advice["value"]
                found += 1
            s = s.apply(s.sample_chance(rng.random()) if s.is_chance
                        else rng.choice(s.legal_actions()))
    assert found >= 1


def test_s9_4_the_odds_panel_states_the_chances_under_the_equilibrium():
    """§9.4: the Warrior (combat 3) against the Troll (combat 4) with only +0 and +1 left to
    the Troll. An onlooker sees the Warrior's +3 beat both (3+3 > 4+1): a sure win at
    equilibrium. Yellow's panel, not knowing Blue's hand (A20), assumes the +6 too: then its
    best, +6 (9), loses to the Troll's +6 (10), ties with the +5, and the chances say so."""
    from dataclasses import replace
    s = play(position(at={Y("Warrior"): (3, 2), B("Troll"): (4, 2)}),
             "Warrior attacks the blue Troll")
    s = replace(s, combat_hand=(s.combat_hand[0], (0, 1)))
    advice = combat_advice(s, None)
    assert advice["value"] == 1 and advice["chances"] == {"win": 1, "tie": 0, "loss": 0}
    mine = combat_advice(s, 0)
    assert mine["value"] == -1 and mine["chances"]["loss"] == 1
    assert "wins with chance 0, ties with 0 and loses with 1" in \
        DungeonTwister().view().odds(s, 0)
