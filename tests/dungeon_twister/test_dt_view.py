"""The play widget's board for Dungeon Twister: pieces, keys, parts, words
(docs/design.md "The board's pieces"; docs/rules/dungeon-twister.md §14.1 for what a seat sees)."""

import json
import random
from dataclasses import replace

import odd_nb
from odd_nb.core.view import every_piece
from odd_nb.games.dungeon_twister import DungeonTwister

from dt_kit import B, Y, play, position, texts, where


def keys_of(piece, found):
    """Every key on a board, inside items, grid cells and regions too."""
    found.extend(p["key"] for p in every_piece({"zones": [{"items": [piece]}]}) if "key" in p)
    return found


def boards(seeds=range(3), steps=300):
    game = DungeonTwister()
    view = game.view()
    for seed in seeds:
        rng = random.Random(seed)
        s = game.new_initial_state()
        for _ in range(steps):
            if s.is_terminal:
                break
            if s.is_chance:
                s = s.apply(s.sample_chance(rng.random()))
                continue
            yield view, s
            s = s.apply(rng.choice(s.legal_actions()))


def test_every_part_is_a_unique_key_on_the_board_and_boards_are_json():
    for view, s in boards():
        board = view.board(s, None)
        json.dumps(board)
        keys = [k for z in board["zones"] for p in z["items"] for k in keys_of(p, [])]
        assert len(keys) == len(set(keys)), "keys are unique"
        for a in s.legal_actions():
            for part in view.parts(s, a):
                assert part in keys, (str(a), part)


def test_clicks_name_actions_without_ambiguity_when_auto():
    """An action played at once (auto) must be the only one its complete parts name."""
    for view, s in boards(seeds=range(2), steps=200):
        legal = s.legal_actions()
        by_parts = {}
        for a in legal:
            parts = tuple(sorted(view.parts(s, a)))
            if parts:
                by_parts.setdefault(parts, []).append(a)
        for parts, actions in by_parts.items():
            if len(actions) > 1:
                assert not all(view.auto(a) for a in actions) or len(
                    {str(a) for a in actions}) == len(actions)


def test_s14_1_the_board_never_names_the_opponents_face_down_tokens():
    """§14.1: in setup, Blue's board shows Yellow's starting characters as "?" only."""
    t = odd_nb.start("dungeon-twister", seed=4)
    for _ in range(4):
        t.play(t.legal_actions()[0])
    view = t.game.view()
    blue = json.dumps(view.board(t.state, 1))
    yellow = json.dumps(view.board(t.state, 0))
    assert '"text": "?"' in blue and "the yellow Cleric" not in blue
    assert "Cl" in yellow


def test_the_grid_turns_for_blue_and_rooms_are_regions():
    s = position(at={Y("Goblin"): (0, 1), B("Troll"): (21, 1)})
    view = DungeonTwister().view()
    for seat, (row, col) in ((0, (21, 1)), (1, (0, 8))):
        grid = view.board(s, seat)["zones"][0]["items"][0]
        cell = next(c for c in grid["cells"] if c.get("items") and
                    c["items"][0]["label"] == "the yellow Goblin")
        assert (cell["row"], cell["col"]) == (row, col)
        assert cell["ground"] == ("line" if seat == 0 else "exit")
        assert len(grid["regions"]) == 8 and grid["regions"][0]["key"] == "room-1"


def test_teach_status_summary_and_seat_names():
    s = position(at={Y("Goblin"): (3, 2)})
    view = DungeonTwister().view()
    teach = view.teach(s)
    assert teach["href"] == "dungeon-twister.md#52-phase-2-spend-action-points"
    assert view.status(s) == "round 1: Yellow has 5 AP"
    assert view.seat_name(s, 0) == "Yellow"
    moving = play(s, "Goblin begins a move")
    assert view.teach(moving)["section"] == "§8.1 A Move"
    assert view.parts(moving, moving.find_action("Goblin steps north")) == ["sq-4-2"]


def test_s14_1_hot_seat_history_hides_the_other_seats_secret_choices():
    """§14.1 and A35: in hot seat the seat at the screen reads the other seat's secret decisions
    (its starting characters, face down) as the fact that it decided, never what; the seat
    that decided reads its own."""
    from odd_nb.widgets import play as board
    w = board("dungeon-twister", seed=3)
    assert w.passing
    w.send({"kind": "act", "id": 0, "version": w.board.version})  # Yellow is at the screen
    assert w.viewer == 0
    chosen = w.board.actions[0]["text"]
    w.send({"kind": "act", "id": 0, "version": w.board.version})
    yellow = None if w.passing else [h["text"] for h in w.board.history]
    while not w.passing:  # Yellow's secret choices go on until the screen passes to Blue
        w.send({"kind": "act", "id": 0, "version": w.board.version})
    w.send({"kind": "act", "id": 0, "version": w.board.version})  # Blue is at the screen
    assert w.viewer == 1
    shown = json.dumps([w.board.board, w.board.history], ensure_ascii=False)
    assert chosen not in shown
    assert "places a starting character face down" in shown
    assert yellow is None or chosen in yellow


def cells_by_name(board):
    grid = board["zones"][0]["items"][0]
    return {c["label"].split()[1]: c for c in grid["cells"]}


def test_s8_reachable_squares_are_noted_for_the_seat_to_move_only():
    """§8.1 and ``reach``: in phase 2 each square an own character can end a Move on carries a
    note with the AP it needs; during a Move, the squares where it may still end are marked;
    the other seat's board says nothing of it (these are the active player's options)."""
    view = DungeonTwister().view()
    s = position(at={Y("Troll"): (3, 2), B("Goblin"): (10, 5)}, ap=2)
    mine = cells_by_name(view.board(s, 0))
    assert mine["c5"]["note"] == "in reach: the Troll (1 AP)"
    assert mine["c7"]["note"] == "in reach: the Troll (2 AP)"
    assert "note" not in mine["c8"] and "note" not in mine["c3"]
    theirs = cells_by_name(view.board(s, 1))
    assert not any("note" in c for c in theirs.values())
    moving = play(s, "Troll begins a move", "Troll steps north")
    cells = cells_by_name(view.board(moving, 0))
    assert cells["c5"]["mark"] == "•" and cells["c5"]["note"] == "in reach: the Troll"
    assert "mark" not in cells["c6"]  # 3 steps from c3: needs a new Move (1 AP)
    assert cells["c6"]["note"] == "in reach: the Troll (1 AP)"


# -- routes: a far square in one click (docs/design.md "How a click is read") ------------------
def test_s8_1_a_far_square_is_one_click_and_plays_the_shortest_way_there():
    """§8.1: each new Move on the way is 1 AP; the character, then a square beyond one step's
    reach, plays the whole way (``reach.ways``), and the last Move ends on arrival. Only the
    seat to move has routes."""
    view = DungeonTwister().view()
    s = position(at={Y("Troll"): (3, 2), B("Goblin"): (10, 5)}, ap=2)
    routes = {r.text: r for r in view.routes(s, 0)}
    r = routes["Troll goes to c7 (2 AP)"]
    assert r.parts == (f"tok-{Y('Troll')}", "sq-7-2")
    played = [str(a) for a in view.follow(s, r)]
    assert played[0] == "Troll begins a move" and played[-1] == "Troll ends the move"
    assert played.count("Troll begins a move") == 2
    end = play(s, *played)
    assert where(end, Y("Troll")) == ("sq", 7, 2) and end.ap == 0 and end.move is None
    assert "Troll goes to c8 (3 AP)" not in routes  # beyond the AP left
    assert view.routes(s, 1) == []


def test_s8_5_a_route_leaves_the_move_open_where_a_token_could_be_picked_up():
    """§8.5: transfers are free only during a Move, so a route onto a square with a token on it
    stops there with the Move under way; then, while it moves, a square alone is a route."""
    view = DungeonTwister().view()
    s = position(at={Y("Troll"): (3, 2), Y("Sword"): (5, 2), B("Goblin"): (10, 5)}, ap=2)
    r = next(r for r in view.routes(s, 0) if r.text.startswith("Troll goes to c5"))
    end = play(s, *[str(a) for a in view.follow(s, r)])
    assert end.move is not None and "Troll picks up the yellow Sword" in texts(end)
    onward = {r.text: r for r in view.routes(end, 0)}
    assert onward["Troll goes to c7 (1 AP)"].parts == ("sq-7-2",)


def test_s8_every_route_offered_is_legal_to_its_end_and_costs_what_reach_says():
    """Over seeded random positions: following a route never meets a refused step, ends with the
    character on its square (or out, §12.1) and spends the Moves ``reach`` counts (§8.1)."""
    from odd_nb.games.dungeon_twister.reach import reach
    followed, pick = 0, random.Random(1)
    for view, s in boards(seeds=range(2), steps=400):
        routes = view.routes(s, s.to_move)
        for r in pick.sample(routes, min(3, len(routes))):  # a few a position: each costs
            end = s
            for a in view.follow(s, r):
                end = end.apply(a)
            who = r.steps[0].who
            target = tuple(int(v) for v in r.parts[-1].split("-")[1:])  # sq-<row>-<col>
            if " leaves by " in r.text:
                assert end.loc[who][0] == "out"
            else:
                assert end.loc[who] == ("sq",) + target
                ap = int(r.text.split("(")[1].split()[0]) if "(" in r.text else 0
                assert reach(s, who)[r.text.split(" goes to ")[1].split()[0]] == ap
            followed += 1
    assert followed > 100


def test_core_a_route_is_one_click_and_one_undo_on_the_widget():
    """The widget offers routes beside the legal actions (ids after them), plays one as its
    chain of actions, and takes it back with one undo; a route no longer possible changes
    nothing and says why."""
    from odd_nb.widgets import play as play_widget
    s = position(at={Y("Troll"): (3, 2), B("Goblin"): (10, 5)}, ap=2)
    w = play_widget(s, seat=0, paced=False, refine=False)
    offered = {a["text"]: a for a in w.board.actions}
    route = offered["Troll goes to c7 (2 AP)"]
    assert route["id"] >= len(s.legal_actions()) and route["auto"]
    w.send({"kind": "act", "id": route["id"], "version": w.board.version})
    assert len(w.timeline.history) == 8 and where(w.state, Y("Troll")) == ("sq", 7, 2)
    w.send({"kind": "undo"})
    assert w.state is s
    w._routes[0] = replace(w._routes[0], steps=(w._routes[0].steps[0],) * 3)  # begins twice
    first = next(a for a in w.board.actions if a["id"] == len(s.legal_actions()))
    w.send({"kind": "act", "id": first["id"], "version": w.board.version})
    assert w.state is s and "blocked" in w.board.message
