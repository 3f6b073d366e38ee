"""Moving (§8), the Phasewalker (§11.2) and leaving the labyrinth (§12):
docs/rules/dungeon-twister.md."""

from dataclasses import replace

from odd_nb.games.dungeon_twister.board import to_global

from dt_kit import B, Y, play, position, rooms_file, texts

PIT_ROW = [".....", ".....", "..g..", "ooooo", "....."]  # room row 3 all pits


def steps(s):
    return [t for t in texts(s) if " steps " in t]


def test_s8_1_a_move_costs_1_AP_and_takes_up_to_speed_steps():
    """§8.1: the Troll (speed 2) takes two steps, then may only end the move."""
    s = position(at={Y("Troll"): (3, 2)}, ap=2)
    s = play(s, "Troll begins a move")
    assert s.ap == 1 and s.move[2] == 2
    s = play(s, "Troll steps north", "Troll steps north")
    assert s.loc[Y("Troll")] == ("sq", 5, 2) and steps(s) == []
    assert texts(s) == ["Troll ends the move"]
    s = play(s, "Troll ends the move")
    assert s.move is None and s.phase == "actions"


def test_A23_a_move_may_end_without_a_step():
    s = play(position(at={Y("Troll"): (3, 2)}), "Troll begins a move", "Troll ends the move")
    assert s.loc[Y("Troll")] == ("sq", 3, 2) and s.ap == 4


def test_s5_4_one_action_at_a_time():
    """§5.4: during a move, nothing but the move's own actions is offered."""
    s = play(position(at={Y("Troll"): (3, 2), Y("Goblin"): (3, 4)}), "Troll begins a move")
    assert all(t.startswith("Troll") for t in texts(s))
    assert "end the turn" not in texts(s)


def test_s8_2_walls_hidden_rooms_and_the_boundary_stop_a_step():
    s = position(at={Y("Goblin"): (1, 0)}, rooms=rooms_file(r1=dict(walls=[(4, 0, "N")])),
                 slots=((0, 0), None, None, None, None, None, None, None))
    s = play(s, "Goblin begins a move")
    assert steps(s) == ["Goblin steps east", "Goblin steps south"]  # wall north, edge west
    s = play(s, "Goblin steps east", "Goblin steps east", "Goblin steps east", "Goblin steps east")
    assert "Goblin steps east" not in steps(s)  # room 2 is hidden


def test_s8_2_no_step_into_a_living_enemy_but_the_wizard_flies_over_and_may_not_stop():
    """§8.2, §8.1: a living enemy blocks a step; the Wizard passes over but cannot end there."""
    s = position(at={Y("Goblin"): (3, 2), B("Troll"): (4, 2)})
    assert "Goblin steps north" not in steps(play(s, "Goblin begins a move"))
    w = position(at={Y("Wizard"): (3, 2), B("Troll"): (4, 2)})
    w = play(w, "Wizard begins a move", "Wizard steps north")
    assert "Wizard ends the move" not in texts(w)
    w = play(w, "Wizard steps north", "Wizard ends the move")
    assert w.loc[Y("Wizard")] == ("sq", 5, 2)


def test_s8_2_a_wounded_character_does_not_block_but_crowding_decides_the_end():
    """§8.2, §5.4: a step may enter a wounded enemy's square; a living and a wounded character
    may share a square."""
    s = position(at={Y("Goblin"): (3, 2), B("Troll"): (4, 2)}, wounded={B("Troll")})
    s = play(s, "Goblin begins a move", "Goblin steps north")
    assert "Goblin ends the move" in texts(s)


def test_s5_4_two_living_characters_never_end_on_one_square_A36():
    """§5.4, A36: the Troll (speed 2) may step onto a friend only while it can still go on."""
    s = position(at={Y("Troll"): (3, 2), Y("Goblin"): (4, 2)}, ap=5)
    s = play(s, "Troll begins a move", "Troll steps north")
    assert "Troll ends the move" not in texts(s)
    s = play(s, "Troll steps north")
    assert "Troll ends the move" in texts(s)
    late = play(position(at={Y("Troll"): (3, 2), Y("Goblin"): (5, 2)}),
                "Troll begins a move", "Troll steps north")
    assert "Troll steps north" not in texts(late), "the last step would end on a friend"


def test_s8_3_pits_stop_most_characters_but_the_thief_crosses_and_stops():
    rooms = rooms_file(r1=dict(squares=PIT_ROW))
    below, pit = to_global(0, (4, 2)), to_global(0, (3, 2))
    s = position(at={Y("Goblin"): below}, rooms=rooms)
    assert "Goblin steps north" not in steps(play(s, "Goblin begins a move"))
    th = play(position(at={Y("Thief"): below}, rooms=rooms), "Thief begins a move",
              "Thief steps north")
    assert th.loc[Y("Thief")] == ("sq",) + pit and "Thief ends the move" in texts(th)


def test_s8_3_the_wizard_crosses_a_pit_but_never_ends_on_one():
    rooms = rooms_file(r1=dict(squares=PIT_ROW))
    s = play(position(at={Y("Wizard"): to_global(0, (4, 2))}, rooms=rooms),
             "Wizard begins a move", "Wizard steps north")
    assert "Wizard ends the move" not in texts(s)
    assert "Wizard steps north" in texts(s)


def test_s8_3_a_rope_carrier_and_a_rope_lying_on_the_pit_A15():
    """§8.3, §11.6, A15: the Rope carried lets its carrier stop on a pit; lying on a pit it
    bridges that pit for anyone."""
    rooms = rooms_file(r1=dict(squares=PIT_ROW))
    below, pit = to_global(0, (4, 2)), to_global(0, (3, 2))
    s = play(position(at={Y("Goblin"): below}, carried={Y("Rope"): Y("Goblin")}, rooms=rooms),
             "Goblin begins a move", "Goblin steps north")
    assert "Goblin puts down the yellow Rope" in texts(s) and "Goblin ends the move" in texts(s)
    s = play(s, "Goblin puts down the yellow Rope", "Goblin steps north", "Goblin ends the move")
    assert s.loc[Y("Rope")] == ("sq",) + pit
    other = replace(s, loc=s.loc[:Y("Troll")] + (("sq",) + below,) + s.loc[Y("Troll") + 1:])
    other = play(other, "Troll begins a move", "Troll steps north")
    assert "Troll ends the move" in texts(other), "A15: anyone may stop on a bridged pit"


def test_s8_3_friends_of_the_thief_cross_her_pit_but_cannot_stop_there():
    rooms = rooms_file(r1=dict(squares=PIT_ROW))
    s = position(at={Y("Goblin"): to_global(0, (4, 2)), Y("Thief"): to_global(0, (3, 2))},
                 rooms=rooms)
    s = play(s, "Goblin begins a move", "Goblin steps north")
    assert "Goblin ends the move" not in texts(s) and "Goblin steps north" in texts(s)
    foe = position(at={B("Goblin"): to_global(0, (4, 2)), Y("Thief"): to_global(0, (3, 2))},
                   rooms=rooms, active=1)
    assert "Goblin steps north" not in texts(play(foe, "Goblin begins a move"))


def test_s8_5_pick_up_put_down_give_take_and_swap():
    """§8.5: transfers are free; a character carries at most one token."""
    s = position(at={Y("Goblin"): (3, 2), Y("Sword"): (4, 2), Y("Troll"): (5, 2)},
                 carried={Y("Armor"): Y("Troll")})
    s = play(s, "Goblin begins a move", "Goblin steps north", "Goblin picks up the yellow Sword")
    assert s.loc[Y("Sword")] == ("carried", Y("Goblin")) and s.ap == 4
    assert "Goblin picks up" not in " ".join(texts(s))
    s = play(s, "Goblin steps north")
    assert "Goblin swaps the yellow Sword for the Troll's Armor" in texts(s)
    s = play(s, "Goblin swaps the yellow Sword for the Troll's Armor")
    assert s.loc[Y("Sword")] == ("carried", Y("Troll"))
    assert s.loc[Y("Armor")] == ("carried", Y("Goblin"))
    s = play(s, "Goblin gives the yellow Armor to the Troll") if \
        "Goblin gives the yellow Armor to the Troll" in texts(s) else s
    assert s.loc[Y("Armor")] == ("carried", Y("Goblin")), "the Troll already carries one"


def test_s8_5_a_wounded_friend_is_carried_never_an_enemy():
    s = position(at={Y("Goblin"): (3, 2), Y("Troll"): (4, 2), B("Thief"): (3, 3)},
                 wounded={Y("Troll"), B("Thief")})
    s = play(s, "Goblin begins a move")
    assert not any("Thief" in t for t in texts(s))
    s = play(s, "Goblin steps north", "Goblin picks up the yellow Troll", "Goblin steps north",
             "Goblin ends the move")
    assert s.loc[Y("Troll")] == ("carried", Y("Goblin"))


def test_A24_no_transfer_beside_a_living_enemy():
    s = position(at={Y("Wizard"): (3, 2), B("Troll"): (4, 2), B("Sword"): (4, 2)})
    s = play(s, "Wizard begins a move", "Wizard steps north")
    assert not any("picks up" in t for t in texts(s))


def test_A36_a_square_the_mover_changed_must_hold_when_it_leaves():
    """A36: after putting down a Sword on a square where an object already lay... not offered;
    after picking up, the square left must still be legal (it is)."""
    s = position(at={Y("Goblin"): (3, 2), Y("Sword"): (3, 2)}, carried={})
    s = play(s, "Goblin begins a move", "Goblin picks up the yellow Sword", "Goblin steps north")
    assert s.move[4] == frozenset({(3, 2)})


def test_s8_6_a_jump_crosses_one_empty_pit_straight_and_spends_a_jump_card_A10():
    rooms = rooms_file(r1=dict(squares=PIT_ROW))
    below = to_global(0, (4, 2))
    s = position(at={Y("Goblin"): below}, rooms=rooms)
    assert "Goblin begins a jump" in texts(s)
    s = play(s, "Goblin begins a jump")
    assert s.jumps == (2, 3) and s.ap == 4
    assert [t for t in texts(s) if "jumps" in t] == ["Goblin jumps north over the pit"]
    s = play(s, "Goblin jumps north over the pit", "Goblin ends the jump")
    assert s.loc[Y("Goblin")] == ("sq",) + to_global(0, (2, 2))


def test_A10_with_the_option_off_a_jump_may_land_beside_the_pit():
    rooms = rooms_file(r1=dict(squares=PIT_ROW))
    s = position(at={Y("Goblin"): to_global(0, (4, 2))}, rooms=rooms, jump_straight_only=False)
    s = play(s, "Goblin begins a jump")
    # east and west of the pit are pits too, so only the straight landing remains here
    assert [t for t in texts(s) if "jumps" in t] == ["Goblin jumps north over the pit"]
    open_rooms = rooms_file(r1=dict(squares=[".....", ".....", "..g..", "..o..", "....."]))
    s = play(position(at={Y("Goblin"): to_global(0, (4, 2))}, rooms=open_rooms,
                      jump_straight_only=False), "Goblin begins a jump")
    assert sorted(t for t in texts(s) if "jumps" in t) == [
        "Goblin jumps north over the pit", "Goblin jumps north over the pit, landing east",
        "Goblin jumps north over the pit, landing west"]


def test_s8_6_no_jump_over_a_pit_holding_a_character_nor_without_a_card():
    rooms = rooms_file(r1=dict(squares=PIT_ROW))
    s = position(at={Y("Goblin"): to_global(0, (4, 2)), B("Thief"): to_global(0, (3, 2))},
                 rooms=rooms)
    assert "Goblin begins a jump" not in texts(s)
    s = position(at={Y("Goblin"): to_global(0, (4, 2))}, rooms=rooms, jumps=(0, 3))
    assert "Goblin begins a jump" not in texts(s)


def test_s11_2_the_phasewalker_steps_through_a_wall_not_a_portcullis_A29():
    rooms = rooms_file(r1=dict(walls=[(4, 2, "N")], portcullises=[(4, 1, "N")]))
    s = position(at={Y("Phasewalker"): to_global(0, (4, 2))}, rooms=rooms)
    s = play(s, "Phasewalker begins a wall step")
    assert [t for t in texts(s) if "through" in t] == ["Phasewalker steps through the north wall"]
    s = play(s, "Phasewalker steps through the north wall", "Phasewalker ends the wall step")
    assert s.loc[Y("Phasewalker")] == ("sq",) + to_global(0, (3, 2)) and s.ap == 4
    blocked = position(at={Y("Phasewalker"): to_global(0, (4, 1))}, rooms=rooms)
    assert "Phasewalker begins a wall step" not in texts(blocked)


def test_s12_1_entering_the_exit_line_leaves_and_scores_the_goblin_two_A18():
    """§12.1, A18: Blue leaves through row 0; the Goblin scores 2; remaining steps are lost."""
    s = position(at={B("Goblin"): (1, 3)}, active=1)
    s = play(s, "Goblin begins a move", "Goblin steps south and leaves")
    assert s.loc[B("Goblin")] == ("out",) and s.points == (0, 2) and s.move is None
    t = play(position(at={Y("Wizard"): (20, 3)}), "Wizard begins a move",
             "Wizard steps north and leaves")
    assert t.points == (1, 0)


def test_s12_2_the_treasure_scores_and_a_carried_friend_is_safe():
    s = position(at={Y("Troll"): (20, 3)}, carried={Y("Treasure"): Y("Troll")})
    s = play(s, "Troll begins a move", "Troll steps north and leaves")
    assert s.points == (2, 0) and s.loc[Y("Treasure")] == ("gone",)
    f = position(at={Y("Troll"): (20, 3)}, carried={Y("Goblin"): Y("Troll")},
                 wounded={Y("Goblin")})
    f = play(f, "Troll begins a move", "Troll steps north and leaves")
    assert f.points == (1, 0) and f.loc[Y("Goblin")] == ("out",)


def test_s12_1_a_living_enemy_on_the_exit_square_blocks_all_but_the_wizard_A25():
    s = position(at={Y("Goblin"): (20, 3), B("Troll"): (21, 3)})
    assert not any("leaves" in t for t in texts(play(s, "Goblin begins a move")))
    w = position(at={Y("Wizard"): (20, 3), B("Troll"): (21, 3)})
    assert "Wizard steps north and leaves" in texts(play(w, "Wizard begins a move"))


def test_A36_the_shared_step_search_gives_the_plain_answers():
    """A36: each step offered during a Move is one after which the Move can still end; the
    shared search (``_ends_within``) answers as ``can_finish`` on the position after the step,
    on every movement position of random games, options flipped too."""
    import random

    from odd_nb.games.dungeon_twister import DungeonTwister
    from odd_nb.games.dungeon_twister.moves import movement_actions
    game = DungeonTwister()
    compared = 0
    for seed, options in ((0, {}), (1, {"jump_straight_only": False}), (2, {}), (3, {})):
        rng = random.Random(seed)
        s = game.new_initial_state(**options)
        while not s.is_terminal:
            if s.phase == "actions" and s.move is not None:
                fast, plain = movement_actions(s), movement_actions(s, reference=True)
                assert [(a, a.text) for a in fast] == [(a, a.text) for a in plain]
                compared += 1
            s = s.apply(s.sample_chance(rng.random()) if s.is_chance
                        else rng.choice(s.legal_actions()))
    assert compared > 500
