"""The play widget from the Python side: requests arrive through the synced ``request`` trait
exactly as the browser sends them (``Board.set_state``), and the Timeline is checked.

The browser half (clicking in JupyterLab and Voila) is in tests/e2e/.
"""

from __future__ import annotations

import json
import random
import threading
from collections import Counter

import pytest

import odd_nb
from odd_nb.core.view import every_piece
from odd_nb.games.regicide.actions import CARD_NAME
from odd_nb.widgets import GameWidget, play


def browser(w: GameWidget, **request) -> None:
    """Send a request the way board.js does: set the synced trait with a fresh counter."""
    browser.n = getattr(browser, "n", 0) + 1
    w.board.set_state({"request": {**request, "n": browser.n}})


def click_action(w: GameWidget, text: str) -> None:
    ids = [a["id"] for a in w.board.actions if a["text"] == text]
    assert ids, f"{text!r} is not offered: {[a['text'] for a in w.board.actions]}"
    browser(w, kind="act", id=ids[0], version=w.board.version)


def piece_keys(board: dict) -> Counter:
    """Every clickable piece on a board, counted."""
    return Counter(p["key"] for p in every_piece(board) if "key" in p)


def test_core_an_action_id_from_the_browser_plays_that_action():
    w = play("one-deck-dungeon", seed=7)
    before = w.timeline.state
    click_action(w, "time passes")
    assert str(w.timeline.history[0]) == "time passes"
    assert w.timeline.state is not before
    assert w.board.message == "played: time passes"
    # time passes (§5.1) leads to a chance node (the discard), so the step after it is where
    # a click on the history can take you back to; the step itself cannot be stopped at
    assert w.board.history[0] == {"text": "time passes", "seat": "", "chance": False,
                                  "past": True, "current": False, "jump": False}
    assert [e["current"] for e in w.board.history].count(True) == 1
    assert w.board.history[-1]["chance"] and w.board.history[-1]["jump"]


@pytest.mark.parametrize("request_", [
    {"kind": "act", "id": 999},                      # no such action
    {"kind": "act", "id": "0"},                      # not a number
    {"kind": "act", "id": True},                     # a bool is not an action number
    {"kind": "act"},                                 # names no action
    {"kind": "teleport"},                            # unknown request
    {"kind": "jump", "to": 10_000},
    {"kind": "jump", "to": "3"},
    {"kind": "explain", "keys": "box:0"},
    {"kind": "redo"},                                # nothing to redo
])
def test_core_forged_and_malformed_messages_change_nothing(request_):
    w = play("one-deck-dungeon", seed=7)
    click_action(w, "time passes")
    state, entries, version = w.timeline.state, len(w.timeline), w.board.version
    browser(w, **{"version": w.board.version, **request_})
    assert w.timeline.state is state and len(w.timeline) == entries
    assert w.board.message_kind == "error" and w.board.message
    assert w.board.version == version  # the board was not redrawn with a new position


def test_core_a_message_that_is_not_even_a_dict_is_refused():
    w = play("regicide", players=1, seed=3)
    state = w.timeline.state
    w.board.set_state({"request": {"n": 1}})  # no kind at all
    assert "does not know" in w.board.message and w.timeline.state is state


def test_core_a_click_made_on_an_old_board_is_refused():
    w = play("one-deck-dungeon", seed=7)
    old = w.board.version
    click_action(w, "time passes")
    state = w.timeline.state
    browser(w, kind="act", id=0, version=old)
    assert w.timeline.state is state
    assert "changed before that click" in w.board.message


def test_core_undo_redo_restart_and_history_jumps():
    w = play("one-deck-dungeon", seed=7)
    for text in ["time passes", "explore"]:
        click_action(w, text)
    after_two = w.timeline.state
    browser(w, kind="undo")
    assert str(w.timeline.history[-1]) != "explore" and w.board.can_redo
    browser(w, kind="redo")
    assert w.timeline.state is after_two
    browser(w, kind="restart")
    assert len(w.timeline.history) == 0 and w.board.can_redo
    jumpable = [i + 1 for i, e in enumerate(w.board.history) if e["jump"]]
    browser(w, kind="jump", to=jumpable[-1])
    assert w.timeline.state is after_two
    assert all(e["past"] for e in w.board.history)


def test_core_new_seed_starts_a_new_timeline_and_the_widget_follows_it():
    w = play("one-deck-dungeon", seed=7)
    first = w.timeline
    browser(w, kind="new seed")
    assert w.timeline is not first and w.timeline.seed == 8
    click_action(w, "time passes")
    assert len(first.history) == 0 and len(w.timeline.history) > 0


def test_core_a_cell_that_plays_on_the_timeline_updates_the_board():
    w = play("one-deck-dungeon", seed=7)
    version = w.board.version
    w.timeline.play("time passes")
    assert w.board.version > version
    assert w.board.history[0]["text"] == "time passes"
    assert [a["text"] for a in w.board.actions] == [str(a) for a in w.timeline.legal_actions()]


def test_core_repr_is_deterministic_for_notebook_tests():
    assert repr(play("regicide", players=1, seed=3)) == repr(play("regicide", players=1, seed=3))
    assert "0x" not in repr(play("regicide", players=1, seed=3))


def test_core_the_agent_step_and_hint_use_the_games_own_agents():
    w = play("one-deck-dungeon", seed=7)
    browser(w, kind="hint")
    assert w.board.hint["text"] == "time passes" and w.board.message_kind == "hint"
    w.step.click()  # the ipywidgets "Agent move" button
    assert str(w.timeline.history[0]) == "time passes"
    assert w.board.hint == {}


def test_core_auto_play_stops_itself_when_the_game_ends():
    w = play("regicide", players=1, seed=3)
    w.run.value = True
    assert w.board.autoplay  # linked: the browser's timer now sends "agent step"
    for _ in range(500):
        if w.timeline.state.is_terminal:
            break
        browser(w, kind="agent step")
    assert w.timeline.state.is_terminal
    assert not w.board.autoplay and not w.run.value


def _walk_views(game: str, options: dict, seeds: range, steps: int):
    for seed in seeds:
        w = play(game, seed=seed, **options)
        rng = random.Random(seed)
        for _ in range(steps):
            if w.timeline.state.is_terminal:
                break
            yield w
            browser(w, kind="act", id=rng.randrange(len(w.board.actions)),
                    version=w.board.version)


@pytest.mark.parametrize("game,options", [("one-deck-dungeon", {"heroes": ["h1", "h2"]}),
                                          ("one-deck-dungeon", {}),
                                          ("regicide", {"players": 1}),
                                          ("regicide", {"players": 3}),
                                          ("dungeon-twister", {}),
                                          ("fog-town", {"content": "test"}),
                                          ("fog-town", {"players": 3})])
def test_core_every_legal_action_is_reachable_by_clicking_or_a_button(game, options):
    """Each action is a button (no parts), or its parts are pieces on the board (as many as it
    names), and clicking them leaves it among the offered actions (board.js's rule)."""
    for w in _walk_views(game, options, range(3), 60):
        board_keys = piece_keys(w.board.board)
        for a in w.board.actions:
            parts = Counter(a["parts"])
            assert all(board_keys[k] >= n for k, n in parts.items()), (a, board_keys)
            offered = [b for b in w.board.actions
                       if not parts - Counter(b["parts"])]  # parts within b's parts
            assert a in offered


def test_s4_regicide_board_never_shows_another_seats_hand():
    """Regicide §4 (secret hands): with seat 0 fixed, no card of seat 1's hand reaches the
    browser, neither on the board nor in the history."""
    w = play("regicide", players=2, seed=3, seat=0)
    for _ in range(12):
        s = w.timeline.state
        if s.is_terminal:
            break
        sent = json.dumps([w.board.board, w.board.history], ensure_ascii=False)
        # cards from the shuffled tavern (group 0) were never seen by anyone; a card put on
        # the tavern in view of all (an exactly killed enemy, A2) may be named when drawn
        for c in (c for c in s.hands[1] if s.origin[c] == 0):
            assert f"card:{c}\"" not in sent
            assert f"draws {CARD_NAME[c]}\"" not in sent
        browser(w, kind="act", id=0, version=w.board.version)
        assert w.timeline.state.is_terminal or w.timeline.state.to_move == 0 \
            or w.timeline.state.is_chance


def test_s4_regicide_the_other_seats_are_played_by_the_agent_and_undo_takes_them_back():
    w = play("regicide", players=2, seed=3, seat=0)
    for _ in range(6):
        click_action(w, w.board.actions[0]["text"])
    assert any(e.state.to_move == 1 for e in w.timeline.history if not e.chance)
    browser(w, kind="undo")  # §4: with secret hands undo stops at a draw; the reason is shown
    assert w.timeline.state.to_move == 0 or w.board.message_kind == "error"


def test_s3_each_seat_panel_names_that_seats_last_decision():
    """§3: plays and discards are made face up, so each seat's panel shows its latest one (the
    state keeps no owner of a play; the widget reads it from the history), and the move list
    names the seat of every decision."""
    w = play("regicide", players=3, seed=5, seat=0)
    for _ in range(8):
        if w.timeline.state.is_terminal:
            break
        click_action(w, w.board.actions[0]["text"])
    before = [w.timeline._start] + [e.state for e in w.timeline.history]
    last = {}
    for i, e in enumerate(w.timeline.history):
        if not e.chance:
            last[before[i].to_move] = str(e.action)
    assert len(last) == 3  # every seat has decided
    seats = next(z for z in w.board.board["zones"] if z["title"] == "Seats")["items"]
    for q, panel in enumerate(seats):
        assert f"last: {last[q]}" in panel["lines"]
    named = [row["seat"] for row in w.board.history if not row["chance"]]
    assert named and all(n.startswith("seat ") for n in named)
    assert any(n == "seat 0 (you)" for n in named) and "seat 2" in named


def test_e4_clicking_a_die_then_a_box_it_cannot_take_says_why():
    """One Deck Dungeon E4: the explanation is the rule's own words, the state unchanged."""
    t = odd_nb.start("one-deck-dungeon", seed=7)
    w = play(t)
    while not any(a["parts"] and a["parts"][0].startswith("die:") for a in w.board.actions):
        browser(w, kind="agent step")
    s = w.timeline.state
    die = next(k for k in piece_keys(w.board.board) if k.startswith("die:"))
    boxes = [k for k in piece_keys(w.board.board) if k.startswith("box:")]
    legal = {tuple(a["parts"]) for a in w.board.actions}
    wrong = next((b for b in boxes if (die, b) not in legal), None)
    if wrong is None:
        pytest.skip("every box takes that die in this position")
    browser(w, kind="explain", keys=[die, wrong])
    assert w.timeline.state is s and w.board.message_kind == "error"
    assert "box" in w.board.message or "die" in w.board.message


def test_core_play_rejects_what_is_not_a_game():
    with pytest.raises(TypeError):
        play(42)
    with pytest.raises(ValueError, match="no agent"):
        play("regicide", players=2, seed=1, seat=0, others="telepath")


def test_core_play_from_a_state_plays_on_from_that_position():
    t = odd_nb.start("one-deck-dungeon", seed=7)
    t.play("time passes")
    w = play(t.state, seed=1)
    assert w.timeline.state is t.state and w.timeline.game.name == "one-deck-dungeon"
    click_action(w, "explore")
    assert str(w.timeline.history[0]) == "explore" and len(t.history) == 3
    browser(w, kind="undo")
    assert w.timeline.state is t.state
    with pytest.raises(odd_nb.IllegalAction, match="cannot be saved"):
        w.timeline.to_json()
    browser(w, kind="new seed")
    assert w.timeline.state is t.state and w.timeline.seed == 2


# -- odds refined in the background (the odds panel, A24) ----------------------------------------
def before_a_roll(seed: int = 2434):
    """A One Deck Dungeon Timeline at a position with odds before the roll (E1-E3)."""
    t = odd_nb.start("one-deck-dungeon", seed=seed)
    while not (t.state.phase in ("peril", "feats") and not t.state.is_chance):
        t.play(t.legal_actions()[0])
    return t


def test_core_odds_are_refined_only_where_a_person_looks_between_clicks():
    """Background work is on by default in a Jupyter kernel only: not in these tests, nor in a
    script."""
    assert play("regicide", players=1, seed=3).refine is False
    assert play("regicide", players=1, seed=3, refine=True).refine is True


def test_a24_an_estimate_on_the_odds_panel_is_replaced_by_exact_odds_worked_out_meanwhile(
        monkeypatch):
    """No time for exact odds on the click (the budget is set to nothing here): the panel shows
    an estimate, and a background thread replaces it with the exact figures, the same as
    ``state_odds`` gives in a cell; the position keeps them (undo, redo)."""
    from odd_nb.games.one_deck import view as view_module
    from odd_nb.games.one_deck.odds import state_odds
    monkeypatch.setattr(view_module, "ODDS_SECONDS", 0)
    monkeypatch.setattr(view_module, "REFINE_SECONDS", 600)  # time enough on any machine
    monkeypatch.setattr(view_module, "_refined", {})
    view_module._quick_odds.cache_clear()
    t = before_a_roll()
    w = play(t, refine=True)
    cancel, thread = w._refining
    quick = view_module._table(t.state, view_module._quick_odds(t.state))
    assert "estimated from 1 roll" in quick and "(exact)" not in quick  # on the click
    thread.join()
    exact = state_odds(t.state)
    assert all(o.exact for o in exact.values())
    assert w.board.odds == view_module._table(t.state, tuple(exact.items()))
    assert "estimated" not in w.board.odds and "(exact)" in w.board.odds
    assert not cancel.is_set()
    assert w.view.odds(t.state, None) == w.board.odds  # kept for the position
    view_module._quick_odds.cache_clear()


def test_a24_between_clicks_the_odds_of_the_next_click_are_worked_out_ahead(monkeypatch):
    """docs/odds.md "The next click's odds, ahead": before a closed door, nothing to refine,
    the background works out the odds of every card the door may hide, so the click that opens
    it shows exact odds though its own budget is nothing here."""
    from odd_nb.games.one_deck import view as view_module
    from odd_nb.games.one_deck.odds import encounter
    from odd_nb.games.one_deck.odds.known import Known
    monkeypatch.setattr(view_module, "ODDS_SECONDS", 0)
    monkeypatch.setattr(encounter, "known", Known())  # nothing found earlier in this process
    view_module._quick_odds.cache_clear()
    t = odd_nb.start("one-deck-dungeon", seed=3)
    for action in ("time passes", "explore", "time passes"):
        t.play(action)
    w = play(t, refine=True)
    w._refining[1].join()
    w.refine = False  # the panel as the click leaves it, no work after it
    click_action(w, "open a closed door")
    assert t.state.phase == "door"
    assert "(exact)" in w.board.odds and "estimated" not in w.board.odds
    w.close()
    view_module._quick_odds.cache_clear()


def test_a24_the_background_odds_work_within_their_own_work_limit(monkeypatch):
    """The background work has its own exact-work limit (``REFINE_WORK``, far above a click's):
    with it set to nothing, the refined panel is an estimate, from its own number of rolls."""
    from odd_nb.games.one_deck import view as view_module
    monkeypatch.setattr(view_module, "REFINE_SECONDS", 600)
    monkeypatch.setattr(view_module, "REFINE_SAMPLES", 50)
    monkeypatch.setattr(view_module, "REFINE_WORK", 0)
    monkeypatch.setattr(view_module, "_refined", {})
    t = before_a_roll()
    view = odd_nb.load_game("one-deck-dungeon").view()
    monkeypatch.setattr(view_module, "ODDS_SECONDS", 0)  # the click's odds: an estimate
    view_module._quick_odds.cache_clear()
    panel = view.refine_odds(t.state, None, threading.Event())
    assert "estimated from 50 rolls" in panel and "(exact)" not in panel
    view_module._quick_odds.cache_clear()


class BrowserPython:
    """This Python made to look like the browser's (Pyodide) for ``odd_nb.widgets.background``:
    no threads, and ``pyodide.ffi``, whose ``run_sync`` here only counts the pauses and calls
    ``during_pause`` (what the page would handle then, e.g. a click)."""

    def __init__(self, monkeypatch, promise_integration: bool = True):
        import sys
        import types

        def no_thread(thread):
            raise RuntimeError("can't start new thread")

        monkeypatch.setattr(threading.Thread, "start", no_thread)
        self.pauses, self.during_pause = 0, lambda: None

        def run_sync(awaitable):
            awaitable.close()  # the page's event loop would run it
            self.pauses += 1
            self.during_pause()

        ffi = types.SimpleNamespace(run_sync=run_sync,
                                    can_run_sync=lambda: promise_integration)
        monkeypatch.setitem(sys.modules, "pyodide", types.SimpleNamespace(ffi=ffi))
        monkeypatch.setitem(sys.modules, "pyodide.ffi", ffi)


def test_core_in_the_browser_background_work_pauses_for_clicks_and_stops_at_one(monkeypatch):
    """docs/lite.md: with no threads, the work runs as a task on the event loop, pausing there
    every ``PAUSE_EVERY`` seconds as it asks its cancel event; a click handled in a pause sets
    the event, and the work stops at its next question."""
    import asyncio
    from odd_nb.widgets import background
    page = BrowserPython(monkeypatch)
    monkeypatch.setattr(background, "PAUSE_EVERY", 0)  # a pause at every question
    asked = []

    def work(name, cancel):
        while not cancel.is_set() and len(asked) < 100:  # (no endless loop if it never stops)
            asked.append(name)

    async def main():
        cancel, task = background.start(work, "odds")
        assert isinstance(task, asyncio.Task) and not asked  # started once the click is answered
        page.during_pause = lambda: page.pauses == 3 and cancel.set()  # a click, third pause
        await task

    asyncio.run(main())
    assert asked == ["odds", "odds"] and page.pauses == 3


def test_core_in_a_browser_that_cannot_pause_the_quick_odds_stay(monkeypatch):
    """docs/lite.md: without Promise Integration no work would let a click in, so none starts
    (the panel keeps its quick odds); with no threads and no browser either, the widget stops
    asking."""
    import asyncio
    from odd_nb.widgets import background
    BrowserPython(monkeypatch, promise_integration=False)
    ran = []

    async def main():
        cancel, task = background.start(lambda cancel: ran.append(1))
        await task

    asyncio.run(main())
    assert ran == []
    import sys
    monkeypatch.setitem(sys.modules, "pyodide", None)  # not the browser: no pyodide at all
    monkeypatch.setitem(sys.modules, "pyodide.ffi", None)
    assert background.start(lambda cancel: ran.append(1)) is None
    w = play("regicide", players=1, seed=3, refine=True)
    assert w.refine is False and w._refining is None


def test_a24_in_the_browser_the_odds_panel_turns_exact_between_clicks(monkeypatch):
    """A24, docs/lite.md: in the browser's Python the estimate of the click (the budget set to
    nothing here) is replaced by the exact odds, worked out in a task that paused on the way."""
    import asyncio
    from odd_nb.games.one_deck import view as view_module
    from odd_nb.games.one_deck.odds import state_odds
    page = BrowserPython(monkeypatch)
    monkeypatch.setattr(view_module, "ODDS_SECONDS", 0)
    monkeypatch.setattr(view_module, "REFINE_SECONDS", 600)
    monkeypatch.setattr(view_module, "_refined", {})
    from odd_nb.widgets import background
    monkeypatch.setattr(background, "PAUSE_EVERY", 0)
    view_module._quick_odds.cache_clear()
    t = before_a_roll()

    async def main():
        w = play(t, refine=True)
        assert "estimated from 1 roll" in w.board.odds
        await w._refining[1]
        return w

    w = asyncio.run(main())
    exact = state_odds(t.state)
    assert w.board.odds == view_module._table(t.state, tuple(exact.items()), refined=True)
    assert "(exact)" in w.board.odds and page.pauses > 0
    view_module._quick_odds.cache_clear()


def test_core_a_click_stops_the_background_odds_and_they_never_land_on_a_later_position():
    """Refined odds that arrive after a click belong to a position that is gone: the click sets
    their cancel event, and even work that ignores it cannot put them on the board."""
    import threading
    w = play("regicide", players=1, seed=3, refine=True)
    w._refining[1].join()  # Regicide's view has nothing to refine
    given, release = [], []

    def slow_refine(state, seat, cancel):
        n, gate = len(given) + 1, threading.Event()
        given.append(cancel)
        release.append(gate)
        gate.wait()
        return f"<p>refined after click {n}</p>"

    w.view.refine_odds = slow_refine
    browser(w, kind="act", id=0, version=w.board.version)
    first = w._refining
    browser(w, kind="act", id=0, version=w.board.version)
    second = w._refining
    assert given[0].is_set() and not given[1].is_set()
    now = w.board.odds
    release[0].set()
    first[1].join()
    assert w.board.odds == now  # the first position's odds did not land
    release[1].set()
    second[1].join()
    assert w.board.odds == "<p>refined after click 2</p>"
