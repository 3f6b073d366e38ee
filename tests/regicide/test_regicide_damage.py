"""Steps 3 and 4: damage, defeat, the enemy's attack, winning and losing (§3, §5, §6, §8, A2,
A13, A15)."""

from fractions import Fraction
from math import comb

import pytest

from odd_nb.games.regicide.actions import JACKS, QUEENS
from odd_nb.games.regicide.rules import minimal_covers

from odd_nb.games.regicide.actions import Discard

from regicide_kit import (IllegalAction, assert_conserved, cards, parse, play, resolve, strs,
                          table)


def test_damage_adds_up_across_turns():
    """§3 step 3: damage to an enemy adds up."""
    s = table(["7C 9S 8D", "6H 9D"], enemy="JH")
    s = play(s, "play 7♣")  # ♣ doubles: 14
    assert s.damage == 14 and s.phase == "discard"
    s = play(s, "discard 9♠+8♦")
    s = play(s, "play 6♥")  # immune ♥: 6 more (20: an exact kill), no heal
    assert s.defeated == 1 and s.tavern.segments[0] == (parse("JH"),)


def test_exact_kill_puts_the_enemy_on_top_of_the_tavern():
    """§3 step 3, A2 "always": an exact kill puts the enemy face down on the tavern, a known
    segment of one; the cards in play go to the discard pile; the same player goes on (A13)."""
    s = table(["10C 4D", "6H"], enemy="JH", in_play=["AS"])
    s = play(s, "play 10♣")  # 20 = health exactly
    assert s.defeated == 1 and s.enemy is None
    assert s.tavern.segments[0] == (parse("JH"),)
    assert parse("10C") in s.discard and parse("AS") in s.discard and not s.in_play
    assert s.is_chance and s.chance_label() == "the top card of the castle"
    s = s.apply(s.chance_outcomes()[0][0])
    assert s.enemy in JACKS and s.active == 0 and s.phase == "play" and s.damage == 0
    assert_conserved(s)


def test_the_exactly_killed_enemy_is_the_next_card_drawn():
    """§6: the Royal on the tavern is drawn next, for certain; it plays at its value."""
    s = table(["10C 4D", "6H"], enemy="JH")
    s = play(s, "play 10♣")
    s = resolve(s, "JC")
    s = play(s, "play 4♦")
    assert [(str(o), p) for o, p in s.chance_outcomes()] == [("seat 0 draws J♥", Fraction(1))]
    s = resolve(s, "JH")
    assert parse("JH") in s.hands[0]


def test_overkill_sends_the_enemy_to_the_discard_pile():
    """§3 step 3: more damage than health: the enemy goes to the discard pile."""
    s = table(["10C 9C", "6H"], enemy="JD", damage=5)
    s = play(s, "play 10♣")  # 5 + 20 = 25 > 20
    assert parse("JD") in s.discard and parse("10C") in s.discard
    assert len(s.tavern.segments) == 1


def test_optional_exact_kill_lets_the_player_choose():
    """A2 option "optional": the active player chooses where the exactly killed enemy goes."""
    s = table(["10C 4D", "6H"], enemy="JH", options={"exact_kill_to_tavern": "optional"})
    s = play(s, "play 10♣")
    assert s.phase == "exact kill" and s.to_move == 0
    assert strs(s) == ["put J♥ on top of the tavern", "discard J♥"]
    a = play(s, "put J♥ on top of the tavern")
    b = play(s, "discard J♥")
    assert a.tavern.segments[0] == (parse("JH"),) and parse("JH") in b.discard
    assert a.is_chance and b.is_chance and a.defeated == b.defeated == 1


def test_queens_follow_the_jacks():
    """§2 step 1: the order is 4 Jacks, then 4 Queens, then 4 Kings."""
    s = table(["10C 4D", "6H"], enemy="JH", damage=10)
    s = s._replace(castle=s.castle.__class__((tuple(QUEENS),) + s.castle.segments[1:]))
    s = play(s, "play 10♣")
    assert {o.card for o, _ in s.chance_outcomes()} == set(QUEENS)
    s = s.apply(s.chance_outcomes()[0][0])
    assert s.enemy_attack == 15 and s.enemy_health == 30


def test_the_last_king_defeated_wins():
    """§8: defeating the 12th enemy wins; returns() is 1 for every seat."""
    s = table(["KH QC", "6H"], enemy="KS", damage=20, discard="KC KD", rest="tavern")
    assert len(s.castle) == 0
    s = s._replace(defeated=11)
    s = play(s, "play Q♣")  # 20 + 30
    assert s.is_terminal and s.outcome == "won" and s.returns() == [1.0, 1.0]
    assert s.grade is None  # A11: no grade in multiplayer
    assert_conserved(s)


def test_step_4_discard_covers_the_damage_and_passes_the_turn():
    """§3 step 4: discard cards worth at least the damage; then the next player clockwise."""
    s = table(["2C 9S 8D 3H", "6H 9D", "4C"], enemy="JD")
    s = play(s, "play 2♣")
    assert s.phase == "discard" and s.to_cover == 10 and s.to_move == 0
    assert set(strs(s)) == {"discard 9♠+8♦", "discard 9♠+3♥", "discard 8♦+3♥"}
    with pytest.raises(IllegalAction, match="worth 9"):
        s.apply(Discard(cards("9S")))
    s = play(s, "discard 9♠+3♥")
    assert s.active == 1 and s.phase == "play" and s.hands[0] == cards("8D")
    assert_conserved(s)


def test_no_discard_when_the_shield_stops_the_attack():
    """§3 step 4: enemy damage 0 means nothing is discarded."""
    s = table(["2C 5S", "6H 9D"], enemy="JD", in_play=["4S 6C"])
    s = play(s, "play 5♠")
    assert s.shield == 15 and s.enemy_damage == 0
    assert s.active == 1 and s.phase == "play" and s.hands[0] == cards("2C")


def test_minimal_covers_are_exactly_the_subsets_with_no_spare_card():
    """§3 step 4 and the discard decision (rules.discard_choices): brute force over subsets."""
    import itertools
    hand = cards("AS 2H 3C 5D 5S 7H 9C QD")
    for need in range(1, 50):
        expected = set()
        for k in range(1, len(hand) + 1):
            for sub in itertools.combinations(hand, k):
                total = sum(_v(c) for c in sub)
                if total >= need and all(total - _v(c) < need for c in sub):
                    expected.add(sub)
        assert set(minimal_covers(hand, need)) == expected, need
        assert len(expected) <= comb(8, 4)


def _v(c):
    from odd_nb.games.regicide.actions import VALUE
    return VALUE[c]


def test_all_discards_option_offers_every_cover():
    """§3 step 4 "may pay more than needed": option discard_choices="all"."""
    s = table(["2C 9S 8D 3H", "6H 9D", "4C"], enemy="JD", options={"discard_choices": "all"})
    s = play(s, "play 2♣")
    assert len(strs(s)) == 4  # 9+8, 9+3, 8+3, 9+8+3
    assert "discard 9♠+8♦+3♥" in strs(s)


def test_a_jester_is_worth_nothing_when_discarding():
    """A15: a Jester can be discarded (with option "all") but covers nothing."""
    s = table(["2C 9S AH JOKER1", "6H 9D", "4C"], enemy="JD", players=3,
              options={"discard_choices": "all"})
    s = play(s, "play 2♣")
    assert set(strs(s)) == {"discard 9♠+A♥", "discard Jester 1+9♠+A♥"}
    s = table(["2C 9S JOKER1", "6H 9D", "4C"], enemy="JD", players=3)
    s = play(s, "play 2♣")
    assert s.outcome == "lost"  # 9 + 0 < 10
