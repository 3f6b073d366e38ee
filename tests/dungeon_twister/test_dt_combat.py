"""Combat (§9), healing (§10), portcullises, the potion and the fireball (§11):
docs/rules/dungeon-twister.md."""

from dataclasses import replace

from odd_nb.games.dungeon_twister.board import to_global
from odd_nb.games.dungeon_twister.combat import group

from dt_kit import B, Y, play, position, rooms_file, texts

PITS = [".....", ".....", "..g..", ".o...", "....."]


def fight(s, attack, mine, theirs):
    return play(s, attack, f"play combat card +{mine}", f"play combat card +{theirs}")


def test_s9_1_attack_an_enemy_on_an_open_neighbour():
    s = position(at={Y("Warrior"): (3, 2), B("Troll"): (4, 2), B("Goblin"): (5, 2)},
                 rooms=rooms_file(r1=dict(walls=[(2, 2, "E")])))
    assert [t for t in texts(s) if "attacks" in t] == ["Warrior attacks the blue Troll"]
    s = play(s, "Warrior attacks the blue Troll")
    assert s.phase == "combat" and s.to_move == 0 and s.ap == 4


def test_A11_the_group_grows_along_the_chain():
    """A11: the Troll's neighbour Goblin (yellow) joins against the Troll, and the blue Wizard
    beside that Goblin joins too; a wounded character never joins."""
    s = position(at={Y("Warrior"): (3, 2), B("Troll"): (4, 2), Y("Goblin"): (4, 3),
                     B("Wizard"): (4, 4), B("Thief"): (2, 2)}, wounded={B("Thief")})
    assert group(s, Y("Warrior"), B("Troll")) == {Y("Warrior"), B("Troll"), Y("Goblin"),
                                                  B("Wizard")}


def test_s9_4_totals_weapons_and_the_loser_wounded_s9_5_drops_its_object():
    """§9.4: Warrior 3 + Sword 1 + card 2 = 6 against Troll 4 + Armor 1 + card 0 = 5; the
    Troll is wounded and lets its Armor lie; the +0 returns, the +2 is spent (§9.6)."""
    s = position(at={Y("Warrior"): (3, 2), B("Troll"): (4, 2)},
                 carried={Y("Sword"): Y("Warrior"), B("Armor"): B("Troll")})
    s = fight(s, "Warrior attacks the blue Troll", 2, 0)
    assert s.last_combat[4:7] == (6, 5, 0)
    assert B("Troll") in s.wounded and s.loc[B("Armor")] == ("sq", 4, 2)
    assert s.combat_hand == ((0, 1, 2, 3, 3, 4, 5, 6), (0, 1, 2, 2, 3, 3, 4, 5, 6))
    assert "Warrior attacks the blue Troll" not in texts(s), "§9.1: wounded this turn"


def test_s9_4_a_wounded_target_that_loses_is_killed_and_scores():
    s = position(at={Y("Goblin"): (3, 2), B("Troll"): (4, 2)}, wounded={B("Troll")})
    s = fight(s, "Goblin attacks the blue Troll", 1, 0)
    assert s.loc[B("Troll")] == ("dead",) and s.points == (1, 0)


def test_s9_4_a_wounded_target_that_wins_wounds_the_attackers():
    s = position(at={Y("Goblin"): (3, 2), B("Troll"): (4, 2)}, wounded={B("Troll")})
    s = fight(s, "Goblin attacks the blue Troll", 0, 3)
    assert Y("Goblin") in s.wounded and s.points == (0, 0)


def test_s9_4_a_tie_changes_nothing_but_spends_the_cards():
    s = position(at={Y("Cleric"): (3, 2), B("Thief"): (4, 2)})
    s = fight(s, "Cleric attacks the blue Thief", 3, 3)
    assert not s.wounded and s.combat_hand[0].count(3) == 1 and s.combat_hand[1].count(3) == 1
    assert "Cleric attacks the blue Thief" in texts(s)


def test_s9_5_a_wounded_carrier_drops_its_wounded_friend_who_dies():
    s = position(at={Y("Warrior"): (3, 2), B("Troll"): (4, 2)},
                 carried={B("Goblin"): B("Troll")}, wounded={B("Goblin")})
    s = fight(s, "Warrior attacks the blue Troll", 6, 0)
    assert s.loc[B("Goblin")] == ("dead",) and s.points == (1, 0)


def test_A26_the_thief_wounded_on_a_bare_pit_falls_but_not_with_the_rope():
    rooms = rooms_file(r1=dict(squares=PITS))
    pit, beside = to_global(0, (3, 1)), to_global(0, (3, 2))
    s = position(at={Y("Warrior"): beside, B("Thief"): pit}, rooms=rooms)
    s = fight(s, "Warrior attacks the blue Thief", 6, 0)
    assert s.loc[B("Thief")] == ("dead",) and s.points == (1, 0)  # §12.3: a fall scores 1
    r = position(at={Y("Warrior"): beside, B("Goblin"): pit}, carried={B("Rope"): B("Goblin")},
                 rooms=rooms)
    r = fight(r, "Warrior attacks the blue Goblin", 6, 0)
    assert B("Goblin") in r.wounded and r.loc[B("Rope")] == ("sq",) + pit and r.points == (0, 0)


def test_A35_the_first_combat_card_is_hidden_from_the_other_seat():
    s = position(at={Y("Warrior"): (3, 2), B("Troll"): (4, 2)})
    s = play(s, "Warrior attacks the blue Troll")
    first = s.find_action("play combat card +6")
    assert s.action_text(first, 1) == "Yellow plays a combat card face down"
    assert s.action_text(first, 0) == str(first) == s.action_text(first, None)
    s = s.apply(first)
    assert s.to_move == 1
    assert s.observation(1)["combat"] == {"attacker": Y("Warrior"), "target": B("Troll"),
                                          "first_card_in": True, "own_card": None}
    assert s.observation(0)["combat"]["own_card"] == 6
    before = replace(s, combat=(Y("Warrior"), B("Troll"), 0))
    assert before.observation(1) == s.observation(1)
    second = s.legal_actions()[0]  # §9.3: turned up at once with the first, so public
    assert s.action_text(second, 0) == str(second)


def test_s10_2_the_cleric_heals_over_an_open_edge_A16_A28():
    s = position(at={Y("Cleric"): (3, 2), Y("Troll"): (4, 2), B("Goblin"): (3, 3),
                     B("Thief"): (2, 2), Y("Goblin"): (2, 2)},
                 wounded={Y("Troll"), B("Goblin"), B("Thief")})
    heals = [t for t in texts(s) if "heals" in t]
    assert heals == ["Cleric heals the yellow Troll", "Cleric heals the blue Goblin"]
    friends_only = replace(s, rules=replace(s.rules, cleric_heals_enemies=False))
    assert [t for t in texts(friends_only) if "heals" in t] == ["Cleric heals the yellow Troll"]
    s = play(s, "Cleric heals the yellow Troll")
    assert Y("Troll") not in s.wounded and s.ap == 4
    assert not any(t.startswith("Troll") for t in texts(s)), "§10.2: no action this turn"


def test_s10_3_the_troll_regenerates_but_not_the_turn_it_was_wounded():
    s = position(at={Y("Troll"): (3, 2)}, wounded={Y("Troll")})
    assert "Troll regenerates" in texts(s)
    s = play(s, "Troll regenerates")
    assert Y("Troll") not in s.wounded and "Troll begins a move" not in texts(s)
    fresh = replace(position(at={Y("Troll"): (3, 2)}, wounded={Y("Troll")}),
                    hurt_now=frozenset({Y("Troll")}))
    assert "Troll regenerates" not in texts(fresh)


def test_s11_3_the_thief_opens_and_closes_the_warrior_breaks_A17():
    rooms = rooms_file(r1=dict(portcullises=[(2, 2, "N")]))
    sq = to_global(0, (2, 2))
    s = position(at={Y("Thief"): sq, Y("Warrior"): to_global(0, (1, 2))}, rooms=rooms)
    assert "Thief opens the portcullis north" in texts(s)
    assert "Warrior breaks the portcullis south" in texts(s)
    s = play(s, "Thief begins a move")
    assert "Thief steps north" not in texts(s)
    s = play(s, "Thief ends the move", "Thief opens the portcullis north")
    assert s.ports == ("opened",) and "Thief closes the portcullis north" in texts(s)
    assert "Warrior breaks the portcullis south" not in texts(s)
    s = play(s, "Thief closes the portcullis north", "Warrior breaks the portcullis south")
    assert s.ports == ("broken",)
    assert not any("portcullis" in t for t in texts(s))


def test_s11_4_the_potion_gives_its_drinker_4_AP_of_its_own_A14():
    s = position(at={Y("Goblin"): (3, 2), Y("Troll"): (3, 4)},
                 carried={Y("speed potion"): Y("Goblin")}, ap=1)
    s = play(s, "Goblin drinks the speed potion")
    assert s.ap == 0 and s.pool == ((Y("Goblin"), 4),) and s.loc[Y("speed potion")] == ("gone",)
    assert "Troll begins a move" not in texts(s) and "Goblin begins a move" in texts(s)
    s = play(s, "Goblin begins a move", "Goblin ends the move")
    assert s.pool == ((Y("Goblin"), 3),)
    assert play(s, "end the turn").pool is None


def test_s11_5_the_fireball_kills_the_first_character_if_an_enemy_A13_A27():
    s = position(at={Y("Wizard"): (2, 2), B("Troll"): (5, 2), B("Goblin"): (7, 2)},
                 carried={Y("fireball wand"): Y("Wizard"), B("Sword"): B("Troll")},
                 wounded={B("Troll")})
    s = replace(s, hurt_now=frozenset({B("Troll")}))
    s = play(s, "Wizard throws the fireball north")
    assert s.loc[B("Troll")] == ("dead",) and s.loc[B("Goblin")] == ("sq", 7, 2)
    assert s.loc[B("Sword")] == ("sq", 5, 2) and s.points == (1, 0)
    assert s.loc[Y("fireball wand")] == ("gone",)
    shield = position(at={Y("Wizard"): (2, 2), Y("Goblin"): (3, 2), B("Troll"): (4, 2)},
                      carried={Y("fireball wand"): Y("Wizard")})
    shield = play(shield, "Wizard throws the fireball north")
    assert shield.points == (0, 0) and shield.loc[B("Troll")] == ("sq", 4, 2)


def test_s11_5_walls_stop_the_fireball():
    s = position(at={Y("Wizard"): (2, 2), B("Troll"): (4, 2)},
                 carried={Y("fireball wand"): Y("Wizard")},
                 rooms=rooms_file(r1=dict(walls=[(2, 2, "N")])))  # between rows 3 and 4
    s = play(s, "Wizard throws the fireball north")
    assert s.points == (0, 0)


def test_A21_a_combat_across_a_room_border_and_from_a_line():
    """A21: squares sharing an open edge fight, whichever room or line they belong to."""
    s = position(at={Y("Warrior"): (5, 4), B("Troll"): (5, 5), B("Goblin"): (1, 7),
                     Y("Cleric"): (0, 7)})
    attacks = [t for t in texts(s) if "attacks" in t]
    assert attacks == ["Cleric attacks the blue Goblin", "Warrior attacks the blue Troll"]


def test_s9_2_a_character_healed_this_turn_does_not_join():
    s = position(at={Y("Warrior"): (3, 2), B("Troll"): (4, 2), B("Goblin"): (3, 3),
                     Y("Thief"): (2, 3)})
    assert Y("Thief") in group(s, Y("Warrior"), B("Troll"))
    healed = replace(s, healed_now=frozenset({Y("Thief")}))
    assert Y("Thief") not in group(healed, Y("Warrior"), B("Troll"))


def test_A12_a_square_crowded_by_a_combat_stays_as_it_is():
    """A12: a living Troll standing on a wounded friend loses: two wounded on one square."""
    s = position(at={Y("Warrior"): (3, 2), B("Troll"): (4, 2), B("Goblin"): (4, 2)},
                 wounded={B("Goblin")})
    s = fight(s, "Warrior attacks the blue Troll", 6, 0)
    assert {B("Troll"), B("Goblin")} <= s.wounded
    assert s.loc[B("Troll")] == s.loc[B("Goblin")] == ("sq", 4, 2)


def test_s9_6_jump_cards_and_spent_combat_cards_never_return():
    s = position(at={Y("Warrior"): (3, 2), B("Troll"): (4, 2)})
    s = fight(s, "Warrior attacks the blue Troll", 6, 6)
    s = play(s, "end the turn")
    s = replace(s, phase="action card")
    assert 6 not in s.combat_hand[0] and 6 not in s.combat_hand[1]
