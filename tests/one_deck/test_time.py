"""§5.1 spending time, §5.2 time passes, A4 (unit by unit), A5 (stairs revealed by time passes),
A26 (encounter time after the stairs show)."""

from fractions import Fraction

from rules_kit import (A, Box, all_cards, dice_state, enter, new, play, settle_chance, strs,
                       with_deck)


def turn_start(deck, heroes=("h1",), **fields):
    return with_deck(new(heroes), deck=deck, **fields)


def test_s5_2_time_passes_discards_two_cards_face_up():
    s = new()
    s = play(s, "time passes")
    assert s.is_chance and s.time_due == 2
    outcomes = s.chance_outcomes()
    assert len(outcomes) == 44
    assert all(p == Fraction(1, 44) for _, p in outcomes)
    s = settle_chance(s, ["e10", "e20"])
    assert s.deck_size == 42 and s.discard == ("e10", "e20")
    assert not s.is_chance and s.phase == "turn"
    assert all_cards(s) == all_cards(new())


def test_a4_time_passes_with_one_card_left_discards_it_then_the_stairs_show():
    s = turn_start(deck=["e05"])
    assert s.deck_size == 1 and not s.stairs_showing
    s = play(s, "time passes")
    assert s.chance_outcomes() == [(A.Card("e05"), Fraction(1))]
    s = settle_chance(s, ["e05"])
    assert s.deck_size == 0 and s.stairs_showing
    assert "e05" in s.discard
    assert not s.is_chance


def test_a5_stairs_revealed_by_time_passes_keep_the_remaining_unit_as_a_token():
    """A4, A5 (b): the last card discarded, the second unit of time passes becomes a stairs
    token; it is lost only if the party descends at once (descending clears the stairs)."""
    s = settle_chance(play(turn_start(deck=["e05"]), "time passes"), ["e05"])
    assert s.stairs_tokens == 1 and s.time_due == 0
    assert s.phase == "turn"
    assert "descend" in strs(s)  # A5 (b): the party may descend at once
    assert "explore" not in strs(s)
    assert play(s, "descend").stairs_tokens == 0


def test_s5_1_time_with_the_stairs_showing_adds_stairs_tokens():
    s = turn_start(deck=[])
    assert s.stairs_showing
    s = play(s, "time passes")
    assert not s.is_chance
    assert s.stairs_tokens == 2
    assert s.heroes[0].damage == 0


def test_s5_1_three_stairs_tokens_become_one_damage_and_are_removed():
    s = turn_start(deck=[], stairs_tokens=1)
    s = play(s, "time passes")
    assert s.heroes[0].damage == 1
    assert s.stairs_tokens == 0


def test_s5_1_four_stairs_tokens_leave_one_after_the_damage():
    s = turn_start(deck=[], stairs_tokens=2)
    s = play(s, "time passes")
    assert s.heroes[0].damage == 1
    assert s.stairs_tokens == 1


def test_a13_2p_stairs_damage_goes_to_the_hero_the_party_picks():
    s = turn_start(deck=[], heroes=("h1", "h2"), stairs_tokens=1)
    s = play(s, "time passes")
    assert strs(s) == ["Brannoc Ironhand takes 1 damage", "Sable Quickstep takes 1 damage"]
    s = play(s, "Sable Quickstep takes 1 damage")
    assert [h.damage for h in s.heroes] == [0, 1]
    assert s.stairs_tokens == 0 and s.phase == "turn"


def test_a4_peril_cost_larger_than_the_deck_spends_the_rest_as_stairs_tokens():
    """A4, A26: one card left, a 3-time option: 1 discard, then 2 stairs tokens."""
    s = enter("e34")
    s = with_deck(s, deck=["e01"])
    s = play(s, next(t for t in strs(s) if t.startswith("choose option B")))
    assert s.is_chance and s.time_due == 3
    s = settle_chance(s, ["e01"])
    assert s.stairs_showing
    assert s.stairs_tokens == 2
    assert s.time_due == 0 and s.phase == "feats"


def test_a26_encounter_time_after_the_stairs_show_becomes_stairs_tokens():
    s = dice_state([Box("yellow", 3, time=2)], [[]], stairs_tokens=0)
    s = with_deck(s, deck=[])
    s = play(s, "done: resolve consequences")
    assert not s.is_chance
    assert s.stairs_tokens == 2
    assert s.phase == "loot"


def test_a26_encounter_time_reaching_three_tokens_deals_damage():
    s = with_deck(dice_state([Box("yellow", 3, time=2)], [[]]), deck=[], stairs_tokens=2)
    s = play(s, "done: resolve consequences")
    assert s.heroes[0].damage == 1 and s.stairs_tokens == 1


def test_s6_e5_uncovered_hourglasses_discard_cards():
    s = dice_state([Box("yellow", 3, time=1), Box("pink", 3, time=2)], [[]])
    deck = s.deck_size
    s = play(s, "done: resolve consequences")
    assert s.is_chance and s.time_due == 3
    s = settle_chance(s, ["e02", "e03", "e04"])
    assert s.deck_size == deck - 3
    assert {"e02", "e03", "e04"} <= set(s.discard)
    assert s.stairs_tokens == 0 and s.phase == "loot"


def test_s6_e5_time_beyond_the_deck_in_an_encounter_is_not_dropped():
    """A4/A26: two hourglasses with one card left: one discard, one stairs token."""
    s = with_deck(dice_state([Box("yellow", 3, time=2)], [[]]), deck=["e09"])
    s = play(s, "done: resolve consequences")
    s = settle_chance(s, ["e09"])
    assert s.stairs_showing and s.stairs_tokens == 1
