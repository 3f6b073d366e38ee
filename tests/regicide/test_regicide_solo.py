"""Solo mode: Jester powers and grades (§7, A3, A11)."""

from regicide_kit import assert_conserved, cards, play, strs, table


def test_jester_power_at_step_1_discards_the_hand_and_refills_to_eight():
    """§7: flip a Jester power; discard the whole hand; draw up to 8; it is not a play."""
    s = table(["2C 3C"], enemy="JS", players=1, jester_powers=2)
    assert "use a Jester power" in strs(s)
    s = play(s, "use a Jester power")
    assert s.jester_powers == 1 and s.hands[0] == () and cards("2C 3C") == tuple(
        c for c in s.discard if c in cards("2C 3C"))
    assert s.draws_due == (0,) * 8 and s.is_chance
    while s.is_chance:
        s = s.apply(s.chance_outcomes()[0][0])
    assert len(s.hands[0]) == 8 and s.phase == "play" and s.to_move == 0
    assert s.damage == 0 and not s.cancelled  # no immunity cancelled, nothing played
    assert_conserved(s)


def test_jester_power_draws_as_many_as_the_tavern_holds():
    """§7: draw up to 8, or as many as are left."""
    s = table(["2C 3C"], enemy="JS", players=1, tavern="5D 6D 7D", rest="aside")
    s = play(s, "use a Jester power")
    assert s.draws_due == (0, 0, 0)


def test_jester_power_at_step_4_rescues_a_hand_that_cannot_cover():
    """§7: the power may be used at step 4, before discarding; the same damage is then due."""
    s = table(["2C 3D"], enemy="JS", players=1, tavern="10D 10H 9S 9H 8C 8D 7C 7H 6C",
              rest="aside", jester_powers=1)
    s = play(s, "play 2♣")
    assert s.phase == "discard" and s.outcome is None
    assert strs(s) == ["use a Jester power"]  # 3 < 10: only the power
    s = play(s, "use a Jester power")
    while s.is_chance:
        s = s.apply(s.chance_outcomes()[0][0])
    assert s.phase == "discard" and s.to_cover == 10 and len(s.hands[0]) == 8
    assert "use a Jester power" not in strs(s)
    assert_conserved(s)


def test_without_power_a_weak_hand_loses():
    """§5, §7: no Jester power left and a hand worth less than the damage: lost."""
    s = table(["2C 3D"], enemy="JS", players=1, jester_powers=0)
    assert play(s, "play 2♣").outcome == "lost"


def test_grades_count_jester_powers_used():
    """§7, A11: gold with no power used, silver with 1, bronze with 2; solo only."""
    for powers, grade in ((2, "gold"), (1, "silver"), (0, "bronze")):
        s = table(["KH QC"], enemy="KS", players=1, damage=20, discard="KC KD", rest="tavern",
                  jester_powers=powers)
        s = play(s, "play Q♣")
        assert s.outcome == "won" and s.grade == grade and s.returns() == [1.0]


def test_solo_power_with_an_empty_hand_is_the_only_way_on():
    """§5 with §7: an empty hand, a shielded enemy (no yield, rules.can_yield) and a power left:
    the power is the only action; with none left the party loses."""
    s = table(["2S"], enemy="JS", players=1, in_play=["8S"], cancelled=True, jester_powers=1)
    s = play(s, "play 2♠")  # shield 10: no damage; the solo player is at step 1 again
    assert s.enemy_damage == 0 and s.hands[0] == () and strs(s) == ["use a Jester power"]
    assert play(s, "use a Jester power").is_chance
    s = table(["2S"], enemy="JS", players=1, in_play=["8S"], cancelled=True, jester_powers=0)
    s = play(s, "play 2♠")
    assert s.outcome == "lost" and "neither play" in s.reason
