"""What the rules keep from one position to the next gives the answers worked out afresh, at
every step of seeded random games (defaults and options flipped): who stands where after a
move (``position.moved``), the Layout made from the one before (``board.Layout``), its open
edges and portcullis squares, direct access to hidden rooms (§6.1, A6) and the last turn's
actions offered again (§5.2, A23)."""

import random

import pytest

from odd_nb.games.dungeon_twister import DungeonTwister, position, rooms, rules
from odd_nb.games.dungeon_twister.ap import actors
from odd_nb.games.dungeon_twister.board import (LINE_ROW, SIDES, Layout, neighbour, on_board,
                                                slot_of)

GAME = DungeonTwister()
OPTIONS = [{}, {"jump_straight_only": False, "cleric_heals_enemies": False,
                "perfect_memory": True}]


def fresh_index(loc) -> tuple:
    """Who stands where and who carries what, counted from ``loc`` alone."""
    occ, carried = {}, {}
    for t, where in enumerate(loc):
        if where[0] == "sq":
            occ.setdefault((where[1], where[2]), []).append(t)
        elif where[0] == "carried" and where[1] not in carried:
            carried[where[1]] = t
    return occ, carried


def check_layout(s, kept) -> None:
    content = s.rules.content
    fresh = Layout(content, s.slots, s.ports)
    assert (kept.kind, kept.room, kept.feature) == (fresh.kind, fresh.room, fresh.feature)
    for sq in fresh.kind:
        assert kept.open_sides(sq) == tuple(
            (side, neighbour(sq, side)) for side in SIDES if fresh.block(sq, side) is None)
        if any(fresh.portcullis_at(sq, side) for side in SIDES):
            assert sq in kept.near_ports


def plain_access(s, t) -> set:
    """§6.1, A6 as the rule reads: the band from the own line, or a hidden room beside the
    character across an edge not closed on its own side."""
    lay_ = position.lay(s)
    sq, seat = position.square_of(s, t), t // 14
    found = {slot for slot in ((0, 1) if seat == 0 else (6, 7))
             if sq[0] == LINE_ROW[seat] and s.slots[slot] is None}
    for side in SIDES:
        to = neighbour(sq, side)
        if on_board(to) and lay_.kind[to] == "hidden" and lay_.own_block(sq, side) is None:
            found.add(slot_of(to))
    return found


@pytest.mark.parametrize("seed", range(12))
def test_kept_answers_are_the_fresh_ones(seed):
    rng = random.Random(seed)
    s = GAME.new_initial_state(**OPTIONS[seed % 2])
    layouts = set()
    while not s.is_terminal:
        assert (position.occupants(s), position.carriers(s)) == fresh_index(s.loc)
        kept = position.lay(s)
        if id(kept) not in layouts:  # each Layout once: comparing it is slow
            layouts.add(id(kept))
            check_layout(s, kept)
        if s.phase == "actions" and s.move is None:
            assert rules.turn_actions(s) == rules._turn_actions(s)
            for t in actors(s, s.active):
                assert rooms.access(s, t) == plain_access(s, t)
        s = s.apply(s.sample_chance(rng.random()) if s.is_chance
                    else rng.choice(s.legal_actions()))
    assert len(layouts) > 3
