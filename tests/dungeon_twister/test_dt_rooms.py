"""The board (§1), revealing rooms (§6) and turning them (§7): docs/rules/dungeon-twister.md."""

from dataclasses import replace
from fractions import Fraction

from odd_nb.games.dungeon_twister.board import layout, slot_of, to_global
from odd_nb.games.dungeon_twister.rooms import access

from dt_kit import B, Y, play, position, rooms_file, texts


def test_s1_1_the_board_is_22_rows_of_10_with_eight_slots():
    """§1.1: rooms of 5 x 5, 2 wide and 4 long, between two starting lines."""
    assert slot_of((0, 4)) is None and slot_of((21, 0)) is None
    assert [slot_of((1, 0)), slot_of((1, 5)), slot_of((6, 0)), slot_of((20, 9))] == [0, 1, 2, 7]
    assert to_global(0, (0, 0)) == (5, 0) and to_global(7, (4, 4)) == (16, 9)


def test_A22_a_shared_edge_is_closed_when_either_room_closes_it():
    """§1.2, A22: a wall on the east outline of room 1 closes the edge to room 2, seen from
    both sides."""
    s = position(rooms=rooms_file(r1=dict(walls=[(2, 4, "E")])))
    lay = layout(s.rules.content, s.slots, s.ports)
    west, east = to_global(0, (2, 4)), to_global(1, (2, 0))
    assert lay.block(west, "E") == "wall" and lay.block(east, "W") == "wall"
    assert lay.block(to_global(0, (1, 4)), "E") is None


def test_s6_1_direct_access_from_the_own_line_reaches_both_rooms_of_the_band_A6():
    """§6.1, A6: a character on its own line reaches both rooms of the touching band."""
    hidden = (None,) * 8
    s = position(at={Y("Goblin"): (0, 0)}, slots=hidden)
    assert access(s, Y("Goblin")) == {0, 1}
    assert texts(s)[-3:] == ["reveal room 1", "reveal room 2", "end the turn"]


def test_s6_1_direct_access_in_a_room_needs_no_wall_on_the_characters_side():
    """A6: beside a hidden room, access unless the edge is closed on the character's side."""
    slots = ((0, 0), None, None, None, None, None, None, None)
    s = position(at={Y("Goblin"): to_global(0, (2, 4))}, slots=slots)
    assert access(s, Y("Goblin")) == {1}
    walled = position(at={Y("Goblin"): to_global(0, (2, 4))}, slots=slots,
                      rooms=rooms_file(r1=dict(walls=[(2, 4, "E")])))
    assert access(walled, Y("Goblin")) == set()
    corner = position(at={Y("Goblin"): to_global(0, (0, 4))}, slots=slots)
    assert access(corner, Y("Goblin")) == {1, 2}


def test_s6_2_a_reveal_is_a_chance_node_over_the_rooms_left_and_four_turns_A5():
    """§6.2, A5: 1 AP, then each room not yet revealed and each orientation equally likely."""
    slots = ((0, 0), None, (1, 0), None, None, None, None, None)
    s = position(at={Y("Goblin"): to_global(0, (2, 4))}, slots=slots, ap=3)
    s = play(s, "reveal room 2")
    assert s.is_chance and s.ap == 2
    outcomes = s.chance_outcomes()
    assert len(outcomes) == 6 * 4 and all(p == Fraction(1, 24) for _, p in outcomes)
    assert {o.a for o, _ in outcomes} == {2, 3, 4, 5, 6, 7}
    assert str(outcomes[0][0]) == "room 2 is the R3, turned 0°"


def test_s6_3_the_revealer_places_all_but_own_objects_then_the_opponent_places_those():
    """§6.3: the revealing player places own characters and the opponent's tokens, on empty
    floor or gear squares (never pits); then the opponent places the revealer's objects."""
    pits = [".....", ".o...", "..g..", ".....", "....."]
    slots = ((0, 0), None, None, None, None, None, None, None)
    s = position(at={Y("Goblin"): (0, 5)}, slots=slots,
                 rooms=rooms_file(r2=dict(squares=pits)))
    loc = list(s.loc)
    for t in (Y("Rope"), B("Troll"), Y("Wizard")):
        loc[t] = ("room", 1)
    s = replace(s, loc=tuple(loc))
    s = play(s, "reveal room 2")
    s = s.apply(next(o for o, _ in s.chance_outcomes() if o.a == 1 and o.b == 0))
    assert s.phase == "placing" and s.to_move == 0
    assert {a.who for a in s.legal_actions()} == {B("Troll"), Y("Wizard")}
    pit = to_global(1, (1, 1))
    assert all((a.a, a.b) != pit for a in s.legal_actions())
    assert len(s.legal_actions()) == 2 * 24  # 25 squares, one a pit
    s = play(s, "place the blue Troll on f1", "place the yellow Wizard on g1")
    assert s.to_move == 1 and [a.who for a in s.legal_actions()][0] == Y("Rope")
    s = play(s, "place the yellow Rope on f2")
    assert s.phase == "actions" and s.to_move == 0 and s.loc[Y("Wizard")] == ("sq", 1, 6)


def test_s7_1_a_character_on_a_gear_turns_its_room_or_revealed_twin_in_the_rooms_direction():
    """§7.1, §7.2, A7, A8: the gear of room 1 (pair 1, clockwise) turns room 1 clockwise and
    its twin room 2 counter-clockwise, only once that twin is revealed."""
    gear = to_global(0, (2, 2))
    s = position(at={Y("Goblin"): gear})
    rot = [t for t in texts(s) if t.startswith("rotate")]
    assert rot == ["rotate room 1 clockwise", "rotate room 2 counter-clockwise"]
    hidden_twin = position(at={Y("Goblin"): gear},
                           slots=((0, 0), None) + ((2, 0), (3, 0), (4, 0), (5, 0), (6, 0),
                                                    (7, 0)))
    assert [t for t in texts(hidden_twin) if t.startswith("rotate")] == \
        ["rotate room 1 clockwise"]


def test_s7_2_the_gearwright_turns_either_way_A8():
    s = position(at={Y("Gearwright"): to_global(0, (2, 2))})
    assert [t for t in texts(s) if t.startswith("rotate")] == [
        "rotate room 1 clockwise", "rotate room 1 counter-clockwise",
        "rotate room 2 clockwise", "rotate room 2 counter-clockwise"]


def test_s7_3_everything_in_the_room_turns_with_it():
    """§7.3: a clockwise quarter turn takes the north-west corner to the north-east corner and
    a wall on a square's north side to its east side; tokens of both sides turn; 1 AP."""
    s = position(at={Y("Goblin"): to_global(0, (2, 2)), B("Troll"): to_global(0, (0, 0))},
                 rooms=rooms_file(r1=dict(walls=[(0, 0, "N")])))
    s = play(s, "rotate room 1 clockwise")
    assert s.ap == 4 and s.slots[0] == (0, 1)
    assert s.loc[B("Troll")] == ("sq",) + to_global(0, (0, 4))
    assert s.loc[Y("Goblin")] == ("sq",) + to_global(0, (2, 2))
    lay = layout(s.rules.content, s.slots, s.ports)
    assert lay.block(to_global(0, (0, 4)), "E") == "wall"  # now between rooms 1 and 2
    assert lay.feature[to_global(0, (0, 4))] == {"E": "wall"}
    s = play(s, "rotate room 1 clockwise", "rotate room 1 clockwise", "rotate room 1 clockwise")
    assert s.slots[0] == (0, 0) and s.loc[B("Troll")] == ("sq",) + to_global(0, (0, 0))


def test_A9_a_room_with_enemies_may_be_turned_and_rotation_never_drops_into_a_pit():
    """A9, §7.3: tokens keep their room squares, so their ground never changes."""
    pits = ["o....", ".....", "..g..", ".....", "....o"]
    s = position(at={Y("Goblin"): to_global(0, (2, 2)), B("Thief"): to_global(0, (0, 0))},
                 rooms=rooms_file(r1=dict(squares=pits)))
    s = play(s, "rotate room 1 clockwise")
    lay = layout(s.rules.content, s.slots, s.ports)
    assert lay.kind[s.loc[B("Thief")][1:]] == "pit"


def test_s6_3_own_characters_placed_at_a_reveal_may_act_the_same_turn():
    slots = ((0, 0), None, None, None, None, None, None, None)
    s = position(at={Y("Goblin"): (0, 5)}, slots=slots)
    loc = list(s.loc)
    loc[Y("Thief")] = ("room", 1)
    s = play(replace(s, loc=tuple(loc)), "reveal room 2")
    s = s.apply(next(o for o, _ in s.chance_outcomes() if o.a == 1 and o.b == 0))
    s = play(s, "place the yellow Thief on f3")
    assert "Thief begins a move" in texts(s)
