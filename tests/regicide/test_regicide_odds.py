"""Exact odds from a seat's point of view, checked against brute force: every hidden deal the
seat cannot rule out (``all_worlds``) times every chance outcome the engine itself lists
(``chance_tree``). Issue: odds; docs/design.md "Chance", docs/odds.md "7. Regicide odds"."""

import itertools
from fractions import Fraction

import pytest

from odd_nb.games.regicide import odds
from odd_nb.games.regicide.actions import CARD_ID, SUIT, SUIT_SYMBOLS, VALUE, YIELD

from regicide_kit import all_worlds, chance_tree, play, table


def brute_next_draw(s, player):
    dist = {}
    for world, w in all_worlds(s, player):
        for c, p in world.tavern.draw_outcomes():
            dist[c] = dist.get(c, 0) + w * p
    return dist


CASES = [
    # 2 players: the top group is shared by the tavern and seat 1's hand
    dict(hands=["4D 3S 2C", "8C 9D 2H"], enemy="JH", tavern="5C 6C 7C AH", rest="aside"),
    # an exactly killed enemy on top, over a group that seat 1 also drew from
    dict(hands=["4D 3S 2C", "8C 9D"], enemy="JH", tavern=["JC", "5C 6C 7C"], rest="aside",
         hand_group=1),
    # 3 players, two groups, seat 2 drew from the ♥ group
    dict(hands=["4D 3S", "8C 9D", "2H 10S"], enemy="JH", tavern=["5C 6C AH", "7C 3D"],
         rest="aside", players=3),
]


@pytest.mark.parametrize("case", range(len(CASES)))
def test_next_draw_matches_brute_force(case):
    """The next tavern card, by card, suit and value, as seat 0 knows it."""
    kw = dict(CASES[case])
    if case == 2:
        s = table(**kw)
        origin = list(s.origin)
        for c in s.hands[2]:
            origin[c] = s.groups[1]  # seat 2 drew these from the second group
        s = s._replace(origin=tuple(origin))
    else:
        s = table(**kw)
    exact = brute_next_draw(s, 0)
    rows = odds.next_draw_rows(s, by="card", player=0)
    assert {r["id"]: r["probability"] for r in rows} == {CARD_ID[c]: p for c, p in exact.items()}
    by_suit = {}
    for c, p in exact.items():
        key = SUIT_SYMBOLS[SUIT[c]] if SUIT[c] >= 0 else "Jester"
        by_suit[key] = by_suit.get(key, 0) + p
    assert {r["suit"]: r["probability"] for r in odds.next_draw_rows(s, "suit", 0)} == by_suit
    by_value = {}
    for c, p in exact.items():
        by_value[VALUE[c]] = by_value.get(VALUE[c], 0) + p
    assert {r["value"]: r["probability"] for r in odds.next_draw_rows(s, "value", 0)} == by_value
    # the real composition of the top segment is NOT what the player knows (case 0: seat 1's
    # cards might be there too)
    if case == 0:
        real = dict(s.tavern.draw_outcomes())
        assert real != exact


def test_the_exactly_killed_enemy_on_top_is_certain():
    """§3 step 3, §6: a known card on top is a segment of one: the next draw is certain."""
    s = table(**CASES[1])
    assert odds.next_draw_rows(s, "card", 0) == [
        {"card": "J♣", "id": "JC", "suit": "♣", "value": 10, "probability": Fraction(1)}]


@pytest.mark.parametrize("case", range(len(CASES)))
def test_other_hands_survival_matches_brute_force(case):
    """The chance that each seat's present hand covers the enemy's attack (given the shield)."""
    s = table(**CASES[case])
    for seat in range(s.rules.players):
        exact = sum((w for world, w in all_worlds(s, 0)
                     if sum(VALUE[c] for c in world.hands[seat]) >= s.enemy_damage), Fraction(0))
        row = odds.survival_rows(s, player=0)[seat]
        assert row["survives"] == exact, seat
        assert row["damage"] == s.enemy_damage == 10


def brute_play(s, action):
    """Over every world and chance outcome: P(the active player covers the attack after the
    play), and the set of (damage, defeated, exact, attack left) the engine reached."""
    me = s.active
    p_survive = Fraction(0)
    facts = set()
    for world, w in all_worlds(s, me):
        after = world.apply(action)
        for end, p in chance_tree(after, lambda t: t.reveal_due):
            if end.outcome == "lost":
                continue
            if end.phase == "discard":
                assert end.active == me
                if end.hand_value() >= end.to_cover:
                    p_survive += w * p
            else:
                p_survive += w * p
    return p_survive


PLAY_CASES = [
    # ♦ draws for both seats from a group seat 1 also drew from
    dict(hands=["4D 3S 2C", "8C 9D 2H"], enemy="JH", tavern="5C 6C 7C AH", rest="aside"),
    # ♥ then ♦ reaching the cards ♥ puts under the tavern (A7)
    dict(hands=["2H 2D 3S", "8C 9D"], enemy="JC", tavern="5C", discard="AH 4H 6H 7S 10S",
         rest="aside"),
    # solo, exact kills, clubs, spades
    dict(hands=["10C 5S 5D 2D AC"], enemy="JH", tavern="9C 8C 3H 6D", rest="aside",
         players=1, damage=0),
    # 3 players, ♦ order skipping a full hand (seat 1's cards came from a group of its own
    # that is used up, so they are the only cards of that group: seat 0 knows them)
    dict(hands=["3D 2S", "8C 9D 2H 4S 5S 6S", "7D"], enemy="QS", tavern="5C 6C 7C AH 8H",
         rest="aside", players=3, damage=4, seat_groups={1: 7}),
]


def build(case):
    kw = dict(PLAY_CASES[case])
    seat_groups = kw.pop("seat_groups", {})
    s = table(**kw)
    origin = list(s.origin)
    for seat, g in seat_groups.items():
        for c in s.hands[seat]:
            origin[c] = g
    return s._replace(origin=tuple(origin))


@pytest.mark.parametrize("case", range(len(PLAY_CASES)))
def test_play_survival_matches_brute_force(case):
    """For each legal play: the exact chance that the active player then covers the enemy's
    attack, against every hidden deal and every draw."""
    s = build(case)
    rows = {r["action"]: r for r in odds.play_rows(s)}
    assert set(rows) == {str(a) for a in s.legal_actions() if str(a) != "use a Jester power"}
    for action in s.legal_actions():
        if str(action) not in rows:
            continue
        assert rows[str(action)]["survives"] == brute_play(s, action), str(action)
    if case != 2:  # the cases are built so that some play's survival is truly uncertain
        assert any(0 < r["survives"] < 1 for r in rows.values())


@pytest.mark.parametrize("case", range(len(PLAY_CASES)))
def test_play_damage_defeat_and_attack_left_match_the_engine(case):
    """§3 steps 2-4: the odds' damage, defeat (exact or not) and attack left are the engine's."""
    s = build(case)
    for action in s.legal_actions():
        if action == YIELD or str(action) == "use a Jester power":
            continue
        row = next(r for r in odds.play_rows(s) if r["action"] == str(action))
        for end, _ in chance_tree(s.apply(action), lambda t: t.reveal_due):
            killed = end.defeated > s.defeated
            assert row["defeats"] == killed
            if killed:
                exact = bool(end.tavern.segments) and end.tavern.segments[0] == (s.enemy,)
                assert row["exact"] == exact
                assert row["attack_left"] == 0
            else:
                assert end.damage == s.damage + row["damage"]
                assert row["attack_left"] == (end.to_cover if end.phase == "discard" else 0)


def test_sample_sums_match_enumeration():
    """The exact sum of a uniform sample without replacement, against enumeration."""
    values = [1, 2, 2, 5, 10, 10, 0]
    for k in range(len(values) + 1):
        combos = list(itertools.combinations(values, k))
        expected = {}
        for c in combos:
            expected[sum(c)] = expected.get(sum(c), 0) + Fraction(1, len(combos))
        assert odds.sample_sum_distribution(values, k) == dict(sorted(expected.items()))


def test_to_frame_needs_pandas_or_says_so():
    """pandas is optional: a clear error without it, a DataFrame with it."""
    try:
        import pandas  # noqa: F401
    except ImportError:
        with pytest.raises(ImportError, match="pip install pandas"):
            odds.to_frame([{"a": 1}])
    else:
        assert list(odds.to_frame([{"a": 1}]).columns) == ["a"]


def test_odds_never_read_hidden_cards():
    """Two states that look the same to seat 0 get the same odds for seat 0."""
    a = table(["4D 3S 2C", "8C 9D 2H"], enemy="JH", tavern="5C 6C 7C AH", rest="aside")
    b = table(["4D 3S 2C", "8C 5C 2H"], enemy="JH", tavern="9D 6C 7C AH", rest="aside")
    assert a.observation(0) == b.observation(0)
    assert odds.play_rows(a) == odds.play_rows(b)
    assert odds.next_draw_rows(a) == odds.next_draw_rows(b)
    assert odds.survival_rows(a) == odds.survival_rows(b)
    assert play(a, "play 4♦").draws_due == (0, 1, 0, 1)


def test_odds_work_from_any_state():
    """The odds answer in every state of random games (chance nodes, step 4, after a Jester):
    distributions sum to 1, survival is a probability."""
    import random

    from regicide_kit import GAME

    for players in (1, 2, 3, 4):
        rng = random.Random(players)
        for _ in range(3):
            s = GAME.new_initial_state(players=players)
            while not s.is_terminal:
                for by in ("card", "suit", "value"):
                    rows = odds.next_draw_rows(s, by)
                    assert not rows or sum(r["probability"] for r in rows) == 1
                assert all(0 <= r["survives"] <= 1 for r in odds.survival_rows(s))
                assert all(0 <= r["survives"] <= 1 for r in odds.play_rows(s))
                s = s.apply(s.sample_chance(rng.random()) if s.is_chance
                            else rng.choice(s.legal_actions()))
