"""Step 2: suit powers, immunity and the Jester (§3 step 2, "Jester resolution", A4, A6-A10,
A17)."""

from fractions import Fraction

import pytest

from regicide_kit import (A, IllegalAction, assert_conserved, cards, chance_tree, play, resolve,
                          strs, table)


# -- ♥ hearts -----------------------------------------------------------------------------------
def test_hearts_heal_is_a_chance_node_over_the_discard_pile():
    """§3 step 2 ♥, A10: N cards of the discard pile chosen at random go under the tavern as a
    new bottom segment (a Deck segment); the rest stay in the discard pile."""
    s = table(["3H 9C", "8C"], enemy="JS", tavern="2C 4C", discard="5D 6D 7D 8D 9D",
              rest="aside")
    s = play(s, "play 3♥")
    assert s.is_chance and s.heal_due == 3
    outcomes = s.chance_outcomes()
    assert {o.card for o, _ in outcomes} == set(cards("5D 6D 7D 8D 9D"))
    assert all(p == Fraction(1, 5) for _, p in outcomes)
    s = resolve(s, "9D", "5D", "7D")
    assert not s.heal_due and s.discard == cards("6D 8D")
    assert s.tavern.segments == (cards("2C 4C"), cards("5D 7D 9D"))
    assert len(s.groups) == 2 and s.groups[1] != s.groups[0]
    assert s.phase == "discard" and s.damage == 3
    assert_conserved(s)


def test_hearts_picks_make_every_subset_equally_likely():
    """A10: the healed cards are a uniform random subset of the discard pile."""
    s = play(table(["2H 9C", "8C"], enemy="JS", tavern="2C", discard="5D 6D 7D 8D",
                   rest="aside"), "play 2♥")
    chances = {}
    for end, p in chance_tree(s, lambda t: False):
        key = end.tavern.segments[-1]
        chances[key] = chances.get(key, 0) + p
    assert len(chances) == 6 and set(chances.values()) == {Fraction(1, 6)}


def test_hearts_heal_all_when_the_discard_is_small_and_nothing_in_play():
    """§3 step 2 ♥: all the cards if fewer than N; cards in play are not in the discard pile."""
    s = table(["9H 2C", "8C"], enemy="JS", tavern="2D", discard="3D 4D", in_play=["5C"],
              rest="aside")
    s = play(s, "play 9♥")
    assert not s.is_chance and s.discard == ()
    assert s.tavern.segments == (cards("2D"), cards("3D 4D"))
    assert s.in_play[0] == cards("5C")  # 5♣ still in play


def test_hearts_enemy_is_immune_to_hearts():
    """§3 step 2 immunity: the enemy's own suit counts for damage but has no power."""
    s = play(table(["9H 2C", "8C"], enemy="JH", discard="3D 4D", rest="tavern"), "play 9♥")
    assert s.discard == cards("3D 4D") and s.damage == 9


# -- ♦ diamonds ---------------------------------------------------------------------------------
def test_diamonds_draw_in_turn_order_skipping_full_hands():
    """§3 step 2 ♦: from the active player clockwise, one card each, skipping full hands, until
    N are drawn; each draw is a chance node whose outcome names the seat."""
    s = table(["4D 2C", "8C 8D 8H 8S 9C 9D", "3C"], enemy="JS", players=3)  # seat 1 full (6)
    s = play(s, "play 4♦")
    assert s.draws_due == (0, 2, 0, 2)
    assert str(s.chance_outcomes()[0][0]).startswith("seat 0 draws")
    while s.is_chance:
        s = s.apply(s.chance_outcomes()[0][0])
    assert [len(h) for h in s.hands] == [3, 6, 3]
    assert_conserved(s)


def test_diamonds_stop_when_the_tavern_is_empty_or_every_hand_is_full():
    """§3 step 2 ♦ and A9: stop early; draws beyond are lost."""
    s = play(table(["9D 2C", "3C"], enemy="JS", tavern="5C 6C", rest="aside"), "play 9♦")
    assert s.draws_due == (0, 1)
    s = play(table(["3D 2C 3C 4C 5C 6C 7C", "2D 4D 5D 6D 7D 8D"], enemy="JS",
                   tavern="8C 9C 10C", rest="aside"), "play 3♦")
    assert s.draws_due == (0, 1)  # both hands full after one card each (max 7): one is lost


def test_a_same_suit_ace_pair_applies_its_power_once_on_the_total():
    """§3 step 2: one power per suit, on the total attack value: A♦+8♦ draws 9, not 18."""
    s = table(["AD 8D", "2C"], enemy="JS", players=2)
    s = play(s, "play 8♦+A♦")
    assert len(s.draws_due) == 9 and s.draws_due[:4] == (0, 1, 0, 1)


def test_hearts_resolve_before_diamonds():
    """A7: ♥ first; the ♦ draws can reach the cards ♥ just put under the tavern."""
    s = table(["4H 4D 2C", "3C"], enemy="JS", tavern="5C", discard="6D 7D 8D 9D 10D",
              rest="aside")
    s = play(s, "play 4♦+4♥")  # 8 >= 5 cards: all of them go under the tavern, at once
    assert s.heal_due == 0 and s.tavern.segments[1] == cards("6D 7D 8D 9D 10D")
    assert s.draws_due == (0, 1, 0, 1, 0, 1)  # 6 cards in the tavern now, 8 draws wanted
    s = table(["2H 2D 2C", "3C"], enemy="JS", tavern="5C", discard="6D 7D 8D 9D 10D",
              rest="aside")
    s = play(s, "play 2♦+2♥")
    assert s.heal_due == 4 and s.diamonds_due == 4 and s.draws_due == ()
    s = resolve(s, "6D", "7D", "8D", "9D")
    assert s.draws_due == (0, 1, 0, 1)


# -- ♣ clubs and ♠ spades -----------------------------------------------------------------------
def test_clubs_double_the_whole_play():
    """§3 step 3, A6: ♣ in a mixed play doubles the total, not only the club's share."""
    s = play(table(["5C 5D 2H", "3C"], enemy="JS"), "play 5♣+5♦")
    s = s.apply(s.chance_outcomes()[0][0]) if s.is_chance else s
    while s.is_chance:
        s = s.apply(s.chance_outcomes()[0][0])
    assert s.damage == 20 or s.defeated == 1


def test_clubs_immune_enemy_no_doubling():
    """§3 step 2 immunity, A6: an immune ♣ doubles nothing."""
    s = play(table(["7C 2H", "3C"], enemy="JC"), "play 7♣")
    assert s.damage == 7


def test_spades_shield_adds_up_across_plays_and_players():
    """§3 step 2 ♠, A8: shields add up across all plays by all players against this enemy."""
    s = table(["5S 2H 9C", "4S 8D 9D"], enemy="QH")
    s = play(s, "play 5♠")
    assert s.shield == 5 and s.to_cover == 10
    s = play(s, "discard 9♣+2♥", "play 4♠")
    assert s.shield == 9 and s.to_cover == 6
    assert s.enemy_damage == 6


def test_spades_against_spade_enemy_count_after_a_jester():
    """§3 Jester resolution 1, A8: a Jester against a ♠ enemy turns earlier ♠ on."""
    s = table(["6S JOKER1 9C 9H", "8D 9D", "10C"], enemy="JS", players=3)
    s = play(s, "play 6♠")
    assert s.shield == 0 and s.to_cover == 10  # immune: the 6♠ counts for damage only
    assert s.damage == 6
    s = table(["JOKER1 9C", "8D 9D", "10C"], enemy="JS", players=3, in_play=["6S", "5S 5H"],
              damage=16)
    assert s.shield == 0
    s = play(s, "play Jester 1")
    assert s.cancelled and s.shield == 16 and s.enemy_damage == 0
    assert s.damage == 16  # earlier ♣ do not double after the fact; the Jester deals nothing


# -- Jester -------------------------------------------------------------------------------------
def test_jester_skips_damage_and_attack_and_chooses_the_next_player():
    """§3 Jester resolution: no damage, no attack; the player chooses anyone, themselves too
    (A4); later plays of that suit work against the enemy."""
    s = table(["JOKER1 5H", "8D", "9D"], enemy="JH", players=3, discard="2C 3C", rest="tavern")
    s = play(s, "play Jester 1")
    assert s.phase == "next" and s.damage == 0 and s.to_move == 0
    assert strs(s) == ["seat 0 takes the next turn", "seat 1 takes the next turn",
                       "seat 2 takes the next turn"]
    assert s.jesters_played == 1 and s.immune_suit == -1
    s = play(s, "seat 0 takes the next turn", "play 5♥")
    assert s.discard == () and s.tavern.segments[-1] == cards("2C 3C")  # ♥ works on J♥ now
    s2 = table(["JOKER1 5H", "8D", "9D"], enemy="JH", players=3,
               options={"jester_may_choose_self": False})
    assert "seat 0 takes the next turn" not in strs(play(s2, "play Jester 1"))


def test_signals_after_a_jester_when_the_option_is_on():
    """§4, A17 (``Rules.jester_signals``: off by default, not yet a start option): right after
    a Jester, each other player in turn, clockwise, says whether they want the next turn; the
    signals are public and last until the chosen player starts their turn; then the Jester's
    player chooses."""
    s = table(["JOKER1 5H", "8D", "9D 10S"], enemy="JH", players=3,
              options={"jester_signals": True})
    s = play(s, "play Jester 1")
    assert s.phase == "signal" and s.to_move == 1 and s.jester_seat == 0
    assert strs(s) == ["signal: I want to go next", "signal: I would rather not go next",
                       "signal: no preference"]
    s = play(s, "signal: I would rather not go next")
    assert s.to_move == 2 and s.signals == ("", "rather not", "")
    s = play(s, "signal: I want to go next")
    assert s.phase == "next" and s.to_move == 0 and s.signals == ("", "rather not", "want")
    assert s.observation(1)["signals"] == s.observation(2)["signals"] == ["", "rather not",
                                                                          "want"]
    s = play(s, "seat 2 takes the next turn")
    assert s.phase == "play" and s.to_move == 2 and s.signals == () and s.jester_seat == -1
    off = play(table(["JOKER1 5H", "8D", "9D"], enemy="JH", players=3), "play Jester 1")
    assert off.phase == "next" and off.signals == ()
    with pytest.raises(IllegalAction, match="no signals after a Jester"):
        off.apply(A.SIGNALS[0])
