"""Step 1: what may be played, and yielding (§3 step 1, §5, A3, A5, A14)."""

import pytest

from regicide_kit import A, IllegalAction, assert_conserved, play, strs, table


def test_singles_pairs_and_combos_are_generated_from_the_hand():
    """§3 step 1, A5: singles; an Ace with one other non-Jester card (Ace+Ace once); combos of one
    rank 2-5 totalling at most 10; a Jester alone; yield."""
    s = table(["AS AH 2C 2D 2H 2S 5C 5D", "3C"], enemy="JS", players=2)
    got = set(strs(s))
    for text in ("play A♠", "play 5♦", "play A♠+A♥", "play 5♣+A♠", "play 2♠+A♥",
                 "play 2♠+2♣+2♦+2♥", "play 2♣+2♦+2♥", "play 2♠+2♣", "play 5♣+5♦", "yield"):
        assert text in got, text
    assert "play A♥+A♠" not in got  # Ace+Ace appears once
    assert not any(t.startswith("play 5") and "2" in t for t in got)  # one rank per combo
    assert not any("A" in t and t.count("+") >= 2 for t in got)  # no Ace in a combo
    pairs = [t for t in got if "A" in t and "+" in t]
    assert len(pairs) == 1 + 2 * 6  # A+A, and each Ace with each of the 6 other cards
    assert len(got) == len(strs(s)), "every action text is unique"


@pytest.mark.parametrize("hand, combo, legal", [
    ("3C 3D 3H 3S", "play 3♠+3♦+3♥", True),   # 9
    ("3C 3D 3H 3S", "play 3♠+3♣+3♦+3♥", False),  # 12 > 10
    ("4C 4D 4H", "play 4♦+4♥", True),
    ("4C 4D 4H", "play 4♣+4♦+4♥", False),
    ("5C 5D", "play 5♣+5♦", True),
    ("6C 6D", "play 6♣+6♦", False),
])
def test_combo_total_at_most_ten(hand, combo, legal):
    """§3 step 1: the only combos are 2-2, 2-2-2, 2-2-2-2, 3-3, 3-3-3, 4-4 and 5-5."""
    s = table([hand, "9C"], enemy="JS")
    assert (combo in strs(s)) is legal


def test_royal_in_hand_plays_alone_or_with_an_ace_never_in_a_combo():
    """§6: a drawn Royal plays as a single card or in an Animal Companion pair."""
    s = table(["QH AS 10C", "9C"], enemy="JS")
    got = strs(s)
    assert "play Q♥" in got and "play Q♥+A♠" in got
    assert "play Q♥+10♣" not in got


def test_jester_plays_alone_and_two_jesters_give_one_play():
    """§3 step 1: a Jester is played on its own; the two are interchangeable (actions.py)."""
    s = table(["JOKER1 JOKER2 AS 7C", "9C", "8C"], enemy="JS", players=3)
    got = strs(s)
    assert got.count("play Jester 1") == 1 and "play Jester 2" not in got
    assert not any("Jester" in t and "+" in t for t in got)
    with pytest.raises(IllegalAction, match="on its own"):
        s.apply(A.Play(tuple(sorted((52, 3)))))


def test_illegal_plays_are_refused_with_the_reason():
    """docs/design.md ("The core protocol"): an illegal action raises IllegalAction in the
    rules' words; nothing changes."""
    s = table(["7S 5S", "9C"], enemy="JH")
    with pytest.raises(IllegalAction, match="same rank"):
        s.apply(A.Play(tuple(sorted(s.hands[0]))))
    with pytest.raises(IllegalAction, match="not in seat 0's hand"):
        s.apply(A.Play((36,)))
    with pytest.raises(IllegalAction, match="is not allowed here"):
        play(s, "discard 7♠")
    assert s.phase == "play" and len(s.hands[0]) == 2


def test_no_yield_when_every_other_player_yielded():
    """§3 step 1: a player may not yield if every other player yielded on their last turn."""
    s = table(["7S 5S", "9C 8C", "6D 4D"], enemy="JH", yielded=(False, True, True))
    assert "yield" not in strs(s)
    s = table(["7S 5S", "9C 8C", "6D 4D"], enemy="JH", yielded=(False, True, False))
    assert "yield" in strs(s)
    with pytest.raises(IllegalAction, match="every other player yielded"):
        table(["7S", "9C"], enemy="JH", yielded=(False, True)).apply(A.YIELD)


def test_yield_goes_to_step_4_and_is_remembered():
    """§3 step 1: yield plays nothing and goes straight to step 4; a play clears the flag."""
    s = play(table(["7S 5S 3D", "9C 8C"], enemy="JH"), "yield")
    assert s.phase == "discard" and s.to_cover == 10 and s.yielded == (True, False)
    s = play(s, "discard 7♠+3♦")
    assert s.active == 1 and "yield" not in strs(s)  # seat 0 yielded last
    s = play(s, "play 9♣")
    assert s.yielded == (True, False)
    assert_conserved(s)


def test_solo_yield_follows_the_option():
    """A3: solo yield allowed by default; with solo_yield_allowed=False never."""
    assert "yield" in strs(table(["7S 5S"], enemy="JH", players=1))
    s = table(["7S 5S"], enemy="JH", players=1, options={"solo_yield_allowed": False})
    assert "yield" not in strs(s)


def test_solo_yield_is_not_offered_while_the_shield_stops_the_enemy():
    """Decision (gap in A3, rules.can_yield): a yield against a fully shielded enemy would
    change nothing and could repeat forever."""
    s = table(["7S"], enemy="JH", players=1, in_play=["10S"], jester_powers=0)
    assert s.enemy_damage == 0 and "yield" not in strs(s)


def test_a_hand_worth_less_than_the_damage_loses():
    """§3 step 4, §5: the whole hand worth less than the damage: that player dies, all lose."""
    s = play(table(["7S", "9C"], enemy="JH"), "yield")
    assert s.outcome == "lost" and "cannot cover 10" in s.reason and s.is_terminal


def test_empty_hand_and_no_yield_loses():
    """§5, A14: a player who can neither play a card nor yield loses the game at once."""
    s = table(["10S", "", ], enemy="JH", yielded=(False, False))
    s = play(s, "yield", "discard 10♠")  # seat 1: empty hand, seat 0 yielded -> no play at all
    assert s.is_terminal and s.outcome == "lost" and "neither play" in s.reason
    assert s.returns() == [0.0, 0.0]


def test_fast_play_generation_matches_the_plain_one():
    """A5: the fast generator (sorted-hand scan) gives the plain generator's plays, in order."""
    import random

    from odd_nb.games.regicide.actions import ALL_CARDS
    from odd_nb.games.regicide.rules import _play_choices_reference, play_choices

    base = table(["2C", "3C", "4C", "5C"], enemy="JS")
    rng = random.Random(0)
    hands = [tuple(sorted(rng.sample(ALL_CARDS, rng.randrange(0, 9)))) for _ in range(3000)]
    hands += [(0, 1, 2, 52, 53), (52,), (53,), (0, 52), tuple(range(4, 12))]
    for hand in hands:
        s = base._replace(hands=(hand,) + base.hands[1:])
        assert play_choices(s) == _play_choices_reference(s), hand
