"""The play widget: a board you click (anywidget) with auto-play controls (ipywidgets) around a Timeline.

The browser never decides anything. It sends small requests through the synced ``request``
trait ("play action 12 of version 40", "undo", "jump to step 5", ...) and Python checks each one
against the Timeline and ``legal_actions()``; anything else is refused with a message and the
game unchanged. Python answers by setting the board's traits.

>>> from odd_nb.widgets import play
>>> w = play("one-deck-dungeon", seed=7)
>>> w
<odd_nb play: one-deck-dungeon seed=7 step 0/0 · Floor 1 · turn 1 · let time pass>
>>> w.send({"kind": "act", "id": 0, "version": w.board.version})
>>> str(w.timeline.history[0])
'time passes'
"""

from __future__ import annotations

import random
import threading
from pathlib import Path

import anywidget
import ipywidgets as widgets
import traitlets

from ..core.progress import Cancelled
from ..core.registry import load_game
from ..core.state import IllegalAction, State
from ..core.timeline import Timeline
from . import background

STATIC = Path(__file__).parent / "static"
KINDS = ("act", "undo", "redo", "restart", "new seed", "jump", "hint", "explain", "agent step",
         "others")
# where the teaching pane's rule links point: docs/rules/ of the repository, seen from a
# notebook in notebooks/ (JupyterLab opens the Markdown file in a new tab)
DOCS = "../docs/rules/"
UNCHANGED = object()  # what a handler returns when the position did not change: no redraw


class Board(anywidget.AnyWidget):
    """The board in the browser (``static/board.js``): what it shows and what it may ask."""

    _esm = STATIC / "board.js"
    _css = STATIC / "board.css"

    # Python -> browser
    board = traitlets.Dict().tag(sync=True)
    actions = traitlets.List().tag(sync=True)  # [{"id", "text", "parts", "auto"}]
    history = traitlets.List().tag(sync=True)  # [{"text", "seat", "chance", "past", "current",
    #                                              "jump"}]
    undo_why = traitlets.Unicode("").tag(sync=True)  # why Undo is refused now ("": it is not)
    can_redo = traitlets.Bool(False).tag(sync=True)
    can_start = traitlets.Bool(False).tag(sync=True)  # Restart (a jump to the start) allowed
    waiting = traitlets.Bool(False).tag(sync=True)  # other seats' agents are to move, one by one
    docs = traitlets.Unicode(DOCS).tag(sync=True)
    message = traitlets.Unicode("").tag(sync=True)
    message_kind = traitlets.Unicode("info").tag(sync=True)  # info | error | hint
    odds = traitlets.Unicode("").tag(sync=True)  # HTML made in Python, escaped there
    hint = traitlets.Dict().tag(sync=True)  # {"id", "text", "parts"} or {}
    version = traitlets.Int(0).tag(sync=True)
    # browser -> Python (and the auto-play controls)
    request = traitlets.Dict().tag(sync=True)
    autoplay = traitlets.Bool(False).tag(sync=True)
    speed = traitlets.Int(300).tag(sync=True)  # milliseconds between auto-play moves


class GameWidget(widgets.VBox):
    """A game in a notebook cell. ``.timeline`` is the Timeline it drives: a cell may read it or
    play on it, and the board follows. ``seat`` fixes the seat the person plays (the board shows
    that seat's hand only; ``others`` agents play the rest); ``None`` is hot-seat.

    Hot seat in a game with secrets (``Timeline.strict_undo``: hidden hands, several players):
    the board, the history and the odds show only what the seat to move may know, and when the
    turn passes to another seat a "pass to seat N" screen hides everything until that player
    clicks that they are at the screen (docs/design.md, "Secrets").

    ``refine``: after each click, better odds are worked out in the background while the
    person thinks (``View.refine_odds``) and replace the panel's estimate when ready, then the
    odds the next click may show (``View.look_ahead``); a click stops that work. On by default
    in a Jupyter kernel: on a thread, or in the browser's Python as a task that lets clicks in
    while it works (``background.py``).

    ``paced``: with a fixed seat, the other seats' moves are played one by one at the board's
    speed (the ms/move slider), so a person sees each of them; without it they are played at
    once. On by default in a Jupyter kernel, where a board in the browser asks for each move."""

    def __init__(self, timeline: Timeline, seat: int | None = None, others: str | None = None,
                 refine: bool | None = None, paced: bool | None = None):
        self.board = Board()
        self.seat = seat
        self.refine = _in_kernel() if refine is None else refine
        self.paced = _in_kernel() if paced is None else paced
        self._refining = None  # (cancel event, thread or task) of the odds being refined
        self._lock = threading.Lock()  # no refined odds land once their position is gone
        self.view = timeline.game.view()
        agents = timeline.game.agents()
        self.others = others or next((n for n in agents if n != "random"), "random")
        if self.others not in agents:
            raise ValueError(f"{timeline.game.name} has no agent {self.others!r}; "
                             f"agents: {sorted(agents)}")
        self.agent = widgets.Dropdown(options=list(agents), value=self.others,
                                      description="agent", layout={"width": "14em"})
        self.agent.add_class("odd-nb-agent")
        self.speed = widgets.IntSlider(value=300, min=0, max=2000, step=50,
                                       description="ms/move", readout=True,
                                       layout={"width": "20em"})
        self.speed.add_class("odd-nb-speed")
        self.run = widgets.ToggleButton(value=False, description="Auto-play", icon="play",
                                        tooltip="let the agent play until stopped")
        self.run.add_class("odd-nb-autoplay")
        self.step = widgets.Button(description="Agent move", tooltip="one move by the agent")
        self.step.add_class("odd-nb-step")
        widgets.jslink((self.speed, "value"), (self.board, "speed"))
        widgets.link((self.run, "value"), (self.board, "autoplay"))
        self.step.on_click(lambda _: self.send({"kind": "agent step"}))
        self._acting = False
        self._timeline = None
        self._shown = None  # hot seat: the seat whose secrets are on the screen now
        self.timeline = timeline
        self.board.observe(self._on_request, names="request")
        controls = widgets.HBox([self.agent, self.speed, self.run, self.step])
        super().__init__([self.board, controls])
        self.add_class("odd-nb-game")

    # -- the timeline --------------------------------------------------------------------------
    @property
    def timeline(self) -> Timeline:
        return self._timeline

    @timeline.setter
    def timeline(self, timeline: Timeline) -> None:
        if self._timeline is not None:
            self._timeline.unwatch(self._on_timeline_change)
        self._timeline = timeline
        self._shown = None
        self._route_ends = []  # (the last entry a route played, the history's length before it)
        timeline.watch(self._on_timeline_change)
        self._after_change()

    def _on_timeline_change(self, _timeline) -> None:
        if not self._acting:  # a notebook cell changed the game
            self._after_change()

    @property
    def state(self) -> State:
        return self._timeline.state

    def _people_move(self, state: State) -> bool:
        return self.seat is None or state.to_move == self.seat

    @property
    def hot_seat(self) -> bool:
        """Whether seats take turns at one screen in a game with secrets."""
        return self.seat is None and self._timeline.strict_undo

    @property
    def viewer(self) -> int | None:
        """The seat whose view the board shows: the fixed seat, or in hot seat the seat at the
        screen (``None``: everything, as in an open game or once the game is over)."""
        if self.seat is not None:
            return self.seat
        return self._shown if self.hot_seat and not self.state.is_terminal else None

    @property
    def passing(self) -> bool:
        """Hot seat, and the seat to move is not the one at the screen: the board waits."""
        state = self.state
        return (self.hot_seat and not state.is_terminal and not state.is_chance
                and state.to_move != self._shown)

    # -- requests from the browser --------------------------------------------------------------
    def send(self, request: dict) -> None:
        """Handle a request as if the browser sent it (what the tests and the Step button use)."""
        self._handle(request)

    def _on_request(self, change) -> None:
        self._handle(change["new"])

    def _handle(self, request) -> None:
        try:
            self._acting = True
            kind = request.get("kind") if isinstance(request, dict) else None
            if kind not in KINDS:
                raise IllegalAction(f"the board sent a request this game does not know: "
                                    f"{str(request)[:80]}")
            if getattr(self, "_" + kind.replace(" ", "_"))(request) is UNCHANGED:
                return  # no redraw, so a half-made selection in the browser stays
        except IllegalAction as e:  # includes refused undo, stale or forged action ids
            self._acting = False
            self._say(str(e), "error")
            return
        finally:
            self._acting = False
        self._after_change()

    def _act(self, request) -> None:
        version, i = request.get("version"), request.get("id")
        if not isinstance(i, int) or isinstance(i, bool) or not isinstance(version, int):
            raise IllegalAction("the board named no legal action (an action needs a number)")
        if version != self.board.version:
            raise IllegalAction("the board had changed before that click arrived; nothing done")
        if self.passing:  # the one button of the pass screen: the next seat is at the screen
            if i != 0:
                raise IllegalAction(f"pass the screen to seat {self.state.to_move} first")
            self._shown = self.state.to_move
            self._message = f"seat {self._shown} at the screen"
            return
        actions = self._choices()
        routes = self._routes
        if not 0 <= i < len(actions) + len(routes):
            raise IllegalAction(f"there is no legal action number {i} here")
        if i < len(actions):
            self._timeline.play(actions[i])
            self._message = f"played: {actions[i]}"
            return
        route, t = routes[i - len(actions)], self._timeline
        start = len(t.history)
        for action in self.view.follow(self.state, route):  # all checked before any is played
            t.play(action)
        self._route_ends.append((t.history[-1], start))  # one click, one undo
        self._message = f"played: {route}"

    def _why_not_undo(self) -> str | None:
        if self.passing:
            return f"pass the screen to seat {self.state.to_move} first"
        return self._timeline.why_not_undo()

    def _undo(self, request) -> None:
        t = self._timeline
        why = self._why_not_undo()
        if why:
            raise IllegalAction(why)  # the game's words, not the analyst's way round it
        last = t.history[-1] if t.history else None
        start = next((i for end, i in self._route_ends if end is last), None)
        if start is not None and t.can_jump(start):
            t.jump(start)  # a route clicked at once is taken back at once
        else:
            t.undo()
        while self.seat is not None and t.can_undo and not self._people_move(t.state):
            t.undo()  # take back the other seats' moves too, back to this seat's decision
        self._message = "undone"

    def _redo(self, request) -> None:
        self._timeline.redo()
        self._message = "redone"

    def _first_decision(self) -> int:
        t = self._timeline
        return next(i for i in range(len(t) + 1) if i == len(t) or not t._entries[i].chance)

    def _restart(self, request) -> None:
        # a jump like any other: refused, with the reason, where the game forbids going back
        self._timeline.jump(self._first_decision())
        self._message = "back to the start (redo goes forward again)"

    def _new_seed(self, request) -> None:
        old = self._timeline
        self._acting = False
        self.timeline = (Timeline(old.game, old.options, old.seed + 1) if old.options is not None
                         else Timeline.starting_at(old._start, old.seed + 1))
        self._message = f"new game with seed {old.seed + 1}"

    def _jump(self, request) -> None:
        step, t = request.get("to"), self._timeline
        if not isinstance(step, int) or isinstance(step, bool) or not self._can_jump(step):
            raise IllegalAction(f"cannot go to step {step!r} of this history")
        t.jump(step)
        self._message = f"at step {step}"

    def _hint(self, request):
        if self.passing:
            raise IllegalAction(f"pass the screen to seat {self.state.to_move} first")
        state = self.state
        action = self.view.hint(state) if self._people_move(state) else None
        if action is None:
            self.board.hint = {}
            raise IllegalAction("no hint for this position")
        choices = self._choices()
        i = choices.index(action)
        with self.board.hold_sync():
            self.board.hint = {"id": i, "text": str(action),
                               "parts": self.view.parts(state, action)}
            self._say(f"hint: {action}", "hint")
        return UNCHANGED

    def _explain(self, request) -> None:
        keys = request.get("keys")
        if not isinstance(keys, list) or not all(isinstance(k, str) for k in keys):
            raise IllegalAction("the board sent a choice this game does not know")
        raise IllegalAction(self.view.explain(self.state, keys))

    def _agent_step(self, request) -> None:
        state = self.state
        if state.is_terminal:
            self.board.autoplay = False
            raise IllegalAction("the game is over")
        agent = self._timeline.game.agents()[self.agent.value]()
        action = agent.choose(state, random.Random(len(self._timeline.history)))
        self._timeline.play(action)
        self._message = f"{self.agent.value} agent played: {action}"

    def _others(self, request):
        """One move of another seat's agent, asked for by the board at its speed (``paced``)."""
        t = self._timeline
        if request.get("version") != self.board.version or self._people_move(t.state) \
                or t.state.is_terminal:
            return UNCHANGED  # a late request: the position it was for is gone
        self._play_other()

    def _play_other(self) -> None:
        t = self._timeline
        agent = t.game.agents()[self.others]()
        t.play(agent.choose(t.state, random.Random(len(t.history))))

    # -- the answer ---------------------------------------------------------------------------
    _message = ""
    _kind = "info"

    def _choices(self) -> list:
        state = self.state
        if state.is_terminal or state.is_chance or not self._people_move(state):
            return []
        return state.legal_actions()

    _routes: list = []

    def _offered(self, state: State, choices: list) -> list[dict]:
        """What the board may choose: each legal action, then the view's routes (``Route``)
        whose clicks no single action already means; the routes are kept for ``_act``."""
        offered = [{"id": i, "text": str(a), "parts": self.view.parts(state, a),
                    "auto": self.view.auto(a)} for i, a in enumerate(choices)]
        taken = {tuple(sorted(o["parts"])) for o in offered}
        routes = [] if not choices else [
            r for r in self.view.routes(state, state.to_move)
            if r.parts and tuple(sorted(r.parts)) not in taken]
        self._routes = routes
        return offered + [{"id": len(choices) + j, "text": str(r), "parts": list(r.parts),
                           "auto": True, "route": True} for j, r in enumerate(routes)]

    def _can_jump(self, step: int) -> bool:
        return self._timeline.can_jump(step)  # the core's secrecy policy (Timeline.strict_undo)

    def _last_moves(self) -> dict | None:
        """Each seat's latest decision so far, in a game of several players, as the viewer may
        read it (``Timeline.history_text``: a secret decision says only that it was made; chance
        outcomes, which may be secret draws, are not among them)."""
        t = self._timeline
        if self.state.num_players < 2:
            return None
        return {seat: text for seat, e, text in zip(t.movers(), t.history,
                                                   t.history_text(self.viewer)) if not e.chance}

    def _history(self) -> list[dict]:
        """The whole history like a move list: the steps taken, the current one marked, and the
        undone ones after it (until a different move is played), each naming its seat in a game
        of several players."""
        t, viewer = self._timeline, self.viewer
        texts = t.history_text(viewer, future=True)
        several = self.state.num_players > 1
        rows = []
        for i, (e, text, mover) in enumerate(zip(t._entries, texts, t.movers(future=True))):
            seat = ""
            if not e.chance and several:
                seat = self.view.seat_name(e.state, mover)
                seat += " (you)" if mover == self.seat else ""
            rows.append({"text": text, "seat": seat, "chance": e.chance,
                         "past": i < t._cursor, "current": i == t._cursor - 1,
                         "jump": self._can_jump(i + 1)})
        return rows

    def _after_change(self) -> None:
        """Let agents move for the other seats, then show the new position."""
        t = self._timeline
        self._acting = True
        try:
            while not self.paced and not self._people_move(t.state) and not t.state.is_terminal:
                self._play_other()
        finally:
            self._acting = False
        self._refresh()

    def _refresh(self) -> None:
        self._stop_refining()
        if self.passing:
            self._refresh_pass_screen()
            return
        t, state, b = self._timeline, self.state, self.board
        choices = self._choices()
        viewer = self.viewer
        board = self.view.board(state, viewer, self._last_moves())
        board["teach"] = self.view.teach(state)
        if state.is_terminal:
            board["outcome"] = self.view.summary(state)
        with b.hold_sync():
            b.board = board
            b.actions = self._offered(state, choices)
            b.history = self._history()
            b.undo_why = self._why_not_undo() or ""
            b.can_redo, b.can_start = t.can_redo, self._can_jump(self._first_decision())
            b.waiting = self.paced and not self._people_move(state) and not state.is_terminal
            b.hint = {}  # a hint belongs to the position it was asked in
            b.message, b.message_kind = self._message, self._kind
            if state.is_terminal:
                b.autoplay = False
            b.version += 1
        self._message, self._kind = "", "info"
        b.odds = self.view.odds(state, viewer) or ""  # after the board: it may take longer
        self._start_refining(state)

    # -- better odds in the background -------------------------------------------------------
    def _start_refining(self, state: State) -> None:
        if not self.refine:
            return
        self._refining = background.start(self._refine, state)
        if self._refining is None:  # nothing runs in the background here: the quick odds stay
            self.refine = False

    def _refresh_pass_screen(self) -> None:
        """Hot seat: nothing of any seat's secrets, one button for the next player."""
        b, seat = self.board, self.state.to_move
        with b.hold_sync():
            b.board = {"title": self._timeline.game.name, "status": f"pass to seat {seat}",
                       "zones": [{"title": f"Pass the screen to seat {seat}", "items": [
                           {"type": "text", "text": f"Seat {seat} plays next. The other seats "
                                                    f"look away; seat {seat}, click below to see "
                                                    f"your hand."}]}]}
            b.actions = [{"id": 0, "text": f"I am seat {seat}: show my hand", "parts": [],
                          "auto": True}]
            b.history, b.hint, b.odds = [], {}, ""
            b.undo_why = f"pass the screen to seat {seat} first"
            b.can_redo, b.can_start, b.waiting = False, False, False
            b.message, b.message_kind = self._message, self._kind
            b.version += 1
        self._message, self._kind = "", "info"

    def _refine(self, state: State, cancel: threading.Event) -> None:
        try:
            panel = self.view.refine_odds(state, self.viewer, cancel)
            with self._lock:  # (the flag read as it is: in the browser ``is_set`` may pause)
                if panel and not threading.Event.is_set(cancel):
                    self.board.odds = panel
            self.view.look_ahead(state, self.viewer, cancel)
        except Cancelled:
            return

    def _stop_refining(self) -> None:
        with self._lock:
            if self._refining is not None:
                self._refining[0].set()
                self._refining = None

    def close(self) -> None:
        self._stop_refining()
        super().close()

    def _say(self, text: str, kind: str) -> None:
        self.board.message_kind = kind
        self.board.message = text

    def __repr__(self) -> str:
        t = self._timeline
        return (f"<odd_nb play: {t.game.name} seed={t.seed} step {t._cursor}/{len(t)} · "
                f"{self.view.status(self.state)}>")


def play(game="one-deck-dungeon", *, seed: int | None = None, seat: int | None = None,
         others: str | None = None, refine: bool | None = None, content=None,
         **options) -> GameWidget:
    """A play widget for a game by name (with its start options), a ``Timeline``, or a state
    to play on from (``Timeline.starting_at``).

    ``seat`` is the seat the person plays; the ``others`` agent (by name, default the game's
    best non-random agent) plays the rest. Without a seat every seat is played from the board.
    ``refine``: whether better odds are worked out in the background between clicks (default:
    in a Jupyter kernel; see ``GameWidget``).

    >>> w = play("regicide", players=2, seed=3, seat=0)
    >>> w.timeline.state.to_move
    0
    """
    if isinstance(game, Timeline):
        timeline = game
    elif isinstance(game, State):
        timeline = Timeline.starting_at(game, seed)
    elif isinstance(game, str):
        g = load_game(game) if content is None else load_game(game, content=content)
        timeline = Timeline(g, g.normalize_options(**options), seed)
    else:
        raise TypeError("play() takes a game's name, a Timeline (odd_nb.start(...)) or a "
                        "state")
    return GameWidget(timeline, seat=seat, others=others, refine=refine)


def _in_kernel() -> bool:
    """Whether this runs in a Jupyter kernel, where a person looks at the board between clicks."""
    try:
        from IPython import get_ipython
    except ImportError:
        return False
    shell = get_ipython()
    return shell is not None and getattr(shell, "kernel", None) is not None
