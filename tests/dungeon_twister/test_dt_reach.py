"""Reachability (``reach.py``): where a character can end Moves this turn and its shortest way
out, by the rules of moving (§8.1-§8.4), crowding (§5.4) and exits (§12.1):
docs/rules/dungeon-twister.md."""

import random

from odd_nb.games.dungeon_twister import DungeonTwister
from odd_nb.games.dungeon_twister.actions import BEGIN, END_MOVE, STEP
from odd_nb.games.dungeon_twister.ap import actors
from odd_nb.games.dungeon_twister.board import square_name, to_global
from odd_nb.games.dungeon_twister.reach import reach, reach_all, way_out

from dt_kit import B, Y, play, position, rooms_file

PIT_ROW = [".....", ".....", "..g..", "ooooo", "....."]  # room row 3 all pits
ONLY_SLOT_0 = ((0, 0), None, None, None, None, None, None, None)


def within(sq, d):
    """The board squares at most ``d`` steps from ``sq`` on open floor, by their distance."""
    out = {}
    for row in range(22):
        for col in range(10):
            k = abs(row - sq[0]) + abs(col - sq[1])
            if k <= d:
                out[square_name((row, col))] = k
    return out


def test_s8_1_each_move_is_1_AP_and_up_to_speed_steps():
    """§8.1: the Troll (speed 2) on open floor reaches a square d steps away with
    ceil(d / 2) Moves; with 2 AP, nothing further than 4 steps."""
    s = position(at={Y("Troll"): (3, 2)}, ap=2)
    expected = {name: (d + 1) // 2 for name, d in within((3, 2), 4).items()}
    assert reach(s, Y("Troll")) == expected
    assert reach(s, Y("Troll"), ap=1) == {n: m for n, m in expected.items() if m <= 1}
    assert reach(position(at={Y("Troll"): (3, 2)}, ap=0), Y("Troll")) == {"c3": 0}


def test_s8_2_walls_hidden_rooms_and_the_boundary():
    """§8.2: a wall north of a1 makes the Goblin (speed 4) go round by b1 and b2 (3 steps to
    a2, 6 to a5); room 2 is hidden, so with 2 Moves no square east of column e but on the own
    line."""
    s = position(at={Y("Goblin"): (1, 0)}, rooms=rooms_file(r1=dict(walls=[(4, 0, "N")])),
                 slots=ONLY_SLOT_0, ap=2)
    r = reach(s, Y("Goblin"))
    assert r["a2"] == 1 and r["a5"] == 2 and reach(s, Y("Goblin"), ap=1).get("a5") is None
    assert not any(n[0] in "fghij" and n[1:] != "0" for n in r)
    assert r["f0"] == 2  # the own line is open floor (§8.2): 6 steps


def test_s8_3_pits_stop_the_goblin_but_not_the_thief():
    """§8.3: a row of pits across the only revealed room: the Goblin cannot cross it, the Thief
    crosses and stops on it."""
    rooms = rooms_file(r1=dict(squares=PIT_ROW))
    below, pit = to_global(0, (4, 2)), to_global(0, (3, 2))
    goblin = reach(position(at={Y("Goblin"): below}, rooms=rooms, slots=ONLY_SLOT_0, ap=3),
                   Y("Goblin"))
    assert all(int(n[1:]) <= below[0] for n in goblin)
    thief = reach(position(at={Y("Thief"): below}, rooms=rooms, slots=ONLY_SLOT_0, ap=1),
                  Y("Thief"))
    assert thief[square_name(pit)] == 1 and thief[square_name((pit[0] + 1, pit[1]))] == 1


def test_s8_3_the_wizard_crosses_pits_and_enemies_but_stops_on_neither():
    """§8.2, §8.3: the Wizard flies over a living enemy and a pit; no Move ends on them."""
    s = position(at={Y("Wizard"): (3, 2), B("Troll"): (4, 2)}, ap=1)
    r = reach(s, Y("Wizard"))
    assert "c4" not in r and r["c5"] == 1
    rooms = rooms_file(r1=dict(squares=PIT_ROW))
    below, pit = to_global(0, (4, 2)), to_global(0, (3, 2))
    r = reach(position(at={Y("Wizard"): below}, rooms=rooms, slots=ONLY_SLOT_0, ap=1),
              Y("Wizard"))
    assert square_name(pit) not in r and r[square_name((pit[0] + 1, pit[1]))] == 1


def test_s8_2_a_living_enemy_blocks_a_friend_is_passed():
    """§8.2: the Troll goes round a living enemy (4 steps: 2 Moves) but passes a friend (2
    steps: 1 Move); it never ends on either (§5.4)."""
    enemy = reach(position(at={Y("Troll"): (3, 2), B("Goblin"): (4, 2)}), Y("Troll"))
    assert "c4" not in enemy and enemy["c5"] == 2
    friend = reach(position(at={Y("Troll"): (3, 2), Y("Goblin"): (4, 2)}), Y("Troll"))
    assert "c4" not in friend and friend["c5"] == 1


def test_s12_1_the_way_out_and_an_enemy_on_the_exit_square():
    """§12.1: the Goblin two squares from its exit line leaves in 1 Move by c20 and c21; a
    living enemy on c21 (Blue's own line) makes it leave by a neighbour square, 3 steps."""
    s = position(at={Y("Goblin"): (19, 2)})
    assert way_out(s, Y("Goblin")) == {"moves": 1, "steps": 2, "route": ["c19", "c20", "c21"]}
    blocked = way_out(position(at={Y("Goblin"): (19, 2), B("Troll"): (21, 2)}), Y("Goblin"))
    assert blocked["moves"] == 1 and blocked["steps"] == 3 and len(blocked["route"]) == 4
    assert blocked["route"][0] == "c19" and blocked["route"][-1] in ("b21", "d21")
    troll = way_out(position(at={Y("Troll"): (3, 2)}), Y("Troll"))
    assert troll["moves"] == 9 and troll["steps"] == 18  # 18 rows at 2 steps a Move
    assert way_out(position(at={Y("Goblin"): (1, 0)}, slots=ONLY_SLOT_0), Y("Goblin")) is None


def test_a_move_under_way_uses_its_steps_left_first():
    """§8.1: during a Move, its steps left are spent before any new AP."""
    s = play(position(at={Y("Troll"): (3, 2)}, ap=1), "Troll begins a move", "Troll steps north")
    assert s.ap == 0
    assert reach(s, Y("Troll")) == {"c4": 0, "c5": 0, "c3": 0, "b4": 0, "d4": 0}


def engine_ends(state, mover):
    """Where the engine lets one Move of ``mover`` end (steps only, no transfers), and whether
    it can leave, by trying every chain of steps."""
    begin = next(a for a in state.legal_actions() if a.verb == BEGIN and a.who == mover
                 and a.a == "move")
    ends, leaves, seen = set(), False, set()
    todo = [state.apply(begin)]
    while todo:
        s = todo.pop()
        key = (s.loc[mover], s.move[2])
        if key in seen:
            continue
        seen.add(key)
        for a in s.legal_actions():
            if a.verb == END_MOVE:
                ends.add(square_name(s.loc[mover][1:]))
            elif a.verb == STEP:
                if str(a).endswith("and leaves"):
                    leaves = True
                else:
                    todo.append(s.apply(a))
    return ends, leaves


def test_s8_reach_agrees_with_the_engine_on_random_positions():
    """§8.1-§8.4, §12.1: on positions met in random games, the squares reachable with 1 Move
    are exactly those where the engine lets a Move end, and a way out in 1 Move exists exactly
    when the engine offers a step that leaves."""
    game = DungeonTwister()
    checked = 0
    for seed in range(6):
        rng = random.Random(seed)
        s = game.new_initial_state()
        while not s.is_terminal:
            if s.phase == "actions" and s.move is None and s.ap > 0 and rng.random() < 0.04:
                for t in actors(s, s.active):
                    ends, leaves = engine_ends(s, t)
                    assert set(reach(s, t, ap=1)) == ends
                    out = way_out(s, t)
                    assert (out is not None and out["moves"] <= 1) == leaves
                    checked += 1
            s = s.apply(s.sample_chance(rng.random()) if s.is_chance
                        else rng.choice(s.legal_actions()))
    assert checked > 40


def test_reach_all_is_plain_data_for_each_character_that_may_act():
    s = position(at={Y("Troll"): (3, 2), Y("Goblin"): (19, 2), B("Goblin"): (10, 5)}, ap=3)
    table = reach_all(s, 0)
    assert sorted(table) == ["Goblin", "Troll"]
    assert table["Goblin"]["square"] == "c19" and table["Goblin"]["ap"] == 3
    assert table["Goblin"]["way_out"]["route"] == ["c19", "c20", "c21"]
    assert table["Troll"]["reach"] == reach(s, Y("Troll"))
