"""Click everything: in a real JupyterLab, every kind of legal action of every game is chosen by
clicking its pieces, many times, in positions reached by seeded random play.

The property (the board's contract with Python, ``odd_nb/core/view.py`` and
``odd_nb/widgets/static/board.js``): for any legal action A of the position shown, clicking the
pieces that A names (its ``parts``; a key listed k times is k different elements with
``data-testid="piece-<key>"``), in any order, inside that game's ``data-testid="board"``, either
plays A at once or brings up a button ``data-testid="action-<id>"`` that plays it; an action
with no parts is that button from the start. The rules say which choices these are:

- One Deck Dungeon, E4 "Skills and placement" (docs/rules/one-deck-dungeon.md): a pool die then
  a box places it, two dice convert them (2-for-1; with two heroes, then the hero who gets the
  black die), a skill, feat or potion with the dice it pays or changes, a die alone to discard it;
  E1's peril options, the doors, the hero who takes the damage (A13), and the buttons (explore,
  roll, done, loot...).
- Regicide, §3 step 1 (docs/rules/regicide.md): a single card, an Animal Companion pair, a combo
  or a Jester, then the button that names the play; yield; step 4's discards; after a Jester the
  seat that goes next (§3 "Jester resolution"); the solo Jester power (§7).
- Fog Town (docs/rules/fog-town.md): a start, a street or a place to move to (§4.1), explore
  (§4.3), rest or roll and the banking (§3.3, §3.4), the points committed to a strike (§7.2),
  escape (§7.6), switch and reload weapons (§8), claim an ending or summon a Sleeper (§10, §13),
  end the turn.
- Dungeon Twister (docs/rules/dungeon-twister.md): the starting characters and face-down tokens
  (§4.2, §4.3), action cards (§5.1), a room's tab to reveal or turn it (§6, §7), a character then
  a square to step, begin and end moves and jumps (§8, A39), a character then a far square for
  its whole way there (a route, §8.1), transfers, an enemy to attack and
  the combat cards (§9), healing, regeneration, portcullises, the potion and the fireball (§10,
  §11), and the tokens of a revealed room placed on its squares (§6.3).

What the test guarantees, per action clicked: the browser sent exactly one request, "act" with
that action's id and the version it showed, and nothing else (no "explain" of a refused choice);
in the kernel the history grew by exactly that decision (the first new entry is the chosen
action's text; for a route, its steps as ``View.follow`` gives them), followed only by chance outcomes and, for a widget with a fixed seat, the other
seats' agent moves; the board's version grew and the browser received it. In hot seat the pass
screen's one button (``action-0``) is clicked too: it shows the next seat's hand and plays nothing.

How: one JupyterLab server and one chromium page for the whole module (``click_session``). A
notebook made here shows one board per game config, each with a "probe", a number widget that
``jsdlink`` keeps equal to the board's ``version`` inside the page, so the test waits until the
browser holds the position it is about to click on. Each round plays on from the game's position
in the kernel, a seeded random number of steps, each a seeded random legal action or the agent's
choice (so that games get far: doors, perils, combats, level-ups, descents, now and then the boss;
Jesters, discards, the royals), through ``widget.timeline.play`` (the board follows through the
Timeline's watcher; a third of the rounds play on from the last click instead), and starts a new
game when one ends; with a fixed seat the other seats' agents move in the kernel too, until that
seat is to move. It then picks a legal action, the kinds that were clicked
least so far being likelier, clicks its pieces in a random order (a real click at a point of the
piece that no other piece covers), then its button if one is needed, and checks the kernel. An
action marked ``auto`` that the board still armed behind its button (more pieces could follow,
e.g. two dice a skill could also pay with) is within the contract; the report counts those.

Failures are collected, not stopped at: each game config's test fails at its end listing every
action that did not play, what was clicked, what the browser sent and what the board said.

How many: 120 actions for each One Deck Dungeon config, 40-50 for each Regicide one, 40-80 for
Dungeon Twister, 30-60 for Fog Town (``CONFIGS``),
so that every kind of action of each game is clicked many times in a run of about four minutes
on a 2-core machine; ``ODD_NB_CLICKS`` multiplies them (``ODD_NB_CLICKS=5`` for a long hunt),
``ODD_NB_CLICKS_SEED`` changes the run (default 2024). The count per action kind, the kinds
refused and the phases met are printed (``pytest -s``) and attached to each test's report.
"""

from __future__ import annotations

import collections
import json
import os
import random
import time
from pathlib import Path

import pytest
from jupyter_kit import (CHROMIUM, CHROMIUM_ARGS, keep_every_cell, prepare, run_notebook,
                         start_jupyter)
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

LONG = 180_000  # ms: a cold kernel on a busy 2-core machine; a hang guard, not a speed test
GUARD = 60.0  # s: after the last click the board must do something by then (a hang guard)
SCALE = float(os.environ.get("ODD_NB_CLICKS", "1"))  # 3: three times as many clicks
SEED = int(os.environ.get("ODD_NB_CLICKS_SEED", "2024"))
MOST_STEPS = 8  # a round plays on at most this many steps before clicking
REFUSED_ENOUGH = 3  # a kind refused this often in a config is not tried again there (a broken
# board would otherwise cost a hang guard per click, and the report has its examples by then)
AGENT = 0.75  # how often a step on the way is the agent's choice rather than a random one

# name -> (game, options of odd_nb.play, actions clicked); names also serve in CSS classes.
# One Deck Dungeon has about twenty kinds of action and clicks fast; Regicide about ten, each
# play confirmed by its button.
CONFIGS = {
    "odd-1-hero": ("one-deck-dungeon", {}, 120),
    "odd-2-heroes": ("one-deck-dungeon", {"heroes": ["h1", "h2"]}, 120),
    "regicide-1": ("regicide", {"players": 1, "seat": 0}, 50),
    "regicide-2": ("regicide", {"players": 2, "seat": 0}, 50),
    "regicide-3": ("regicide", {"players": 3, "seat": 0}, 50),
    "regicide-4": ("regicide", {"players": 4, "seat": 0}, 50),
    "regicide-2-hot-seat": ("regicide", {"players": 2}, 40),
    "dt-yellow": ("dungeon-twister", {"seat": 0}, 80),
    "dt-hot-seat": ("dungeon-twister", {}, 40),
    "fog-solo": ("fog-town", {}, 60),
    "fog-3-players": ("fog-town", {"players": 3, "seat": 0}, 40),
    "fog-2-hot-seat": ("fog-town", {"players": 2}, 30),
}

SETUP = '''\
import ipywidgets as widgets
from IPython.display import display

import odd_nb

boards, probes, specs = {}, {}, {}


def show(name, game, seed, **options):
    """A board, and under it a probe: a number the page keeps equal to the board's version."""
    w = boards[name] = odd_nb.play(game, seed=seed, refine=False, **options)
    specs[name] = (game, {k: v for k, v in options.items() if k not in ("seat", "others")})
    probe = probes[name] = widgets.IntText(value=-1, description=name)
    probe.add_class("e2e-version-" + name)
    widgets.jsdlink((w.board, "version"), (probe, "value"))
    w.speed.value = 0  # the other seats' paced moves without the pause a person gets
    display(w, probe)
'''

# run in the kernel by the fixture: what the test asks the kernel, in a few calls per round
KERNEL = '''\
import collections as _collections
import random as _random

import odd_nb as _odd_nb

_requests = {}  # name -> every request the browser sent, with the board's answer


def _e2e_record(name):
    w, log = boards[name], _requests.setdefault(name, [])

    def seen(change):  # runs after the widget handled the request: its answer is on the board
        log.append({"request": dict(change["new"]), "message": w.board.message,
                    "message_kind": w.board.message_kind, "version": w.board.version})
    w.board.observe(seen, names="request")


def _e2e_kind(a):
    cls = type(a).__name__
    if getattr(a, "verb", None):  # Dungeon Twister: the verb ("step", "rotate", "attack")
        return a.verb
    if cls == "Do":
        return str(a)
    if cls == "Use":
        return "use " + a.kind
    if isinstance(getattr(a, "kind", None), str):  # Fog Town: the kind ("move", "strike")
        return a.kind
    cards = getattr(a, "cards", None)
    if cards is not None:
        if cls == "Play" and any(c >= 52 for c in cards):
            return "play a Jester"
        return f"{cls.lower()} {len(cards)} card" + ("s" if len(cards) > 1 else "")
    return cls


def _e2e_keys(piece, counts=None):
    counts = _collections.Counter() if counts is None else counts
    if isinstance(piece, dict):
        if "key" in piece:
            counts[piece["key"]] += 1
        for v in piece.values():
            if isinstance(v, (list, dict)):
                _e2e_keys(v, counts)
    elif isinstance(piece, list):
        for v in piece:
            _e2e_keys(v, counts)
    return counts


def _e2e_view(name):
    w = boards[name]
    s = w.timeline.state
    legal = [] if w.passing else s.legal_actions()
    actions = []
    for a in w.board.actions:
        steps = None
        if w.passing:
            kind = "pass screen"
        elif a["id"] >= len(legal):  # a route: one click, several actions (View.routes)
            kind = "route"
            steps = [str(x) for x in w.view.follow(s, w._routes[a["id"] - len(legal)])]
        else:
            assert str(legal[a["id"]]) == a["text"], (a, legal[a["id"]])
            kind = _e2e_kind(legal[a["id"]])
        actions.append(dict(a, kind=kind, steps=steps))
    phase = getattr(s, "phase", "")
    if getattr(s, "in_boss_fight", False):
        phase = "boss fight: " + phase
    return {"version": w.board.version, "steps": len(w.timeline.history),
            "passing": w.passing, "actions": actions, "phase": phase,
            "keys": dict(_e2e_keys(w.board.board)), "requests": len(_requests[name])}


def _e2e_position(name, seed, most, agent_share):
    """Play on a seeded random number of steps (a random legal action or the agent's choice)
    through the widget's Timeline, a new game once the game is over, the other seats' agents
    moving until the widget's seat is to move; the position to click."""
    w, rng = boards[name], _random.Random(seed)
    agent = w.timeline.game.agents()[w.others]()
    steps = 0 if rng.random() < 1 / 3 else rng.randint(1, most)  # 0: on from the last click
    with w.board.hold_sync():  # the page gets the position reached, not each step on the way
        while True:
            s = w.timeline.state
            if s.is_terminal:
                game, options = specs[name]
                w.timeline = _odd_nb.start(game, seed=rng.randrange(1 << 30), **options)
            elif w.seat is not None and s.to_move != w.seat:
                w.timeline.play(agent.choose(s, rng))  # what the board's pacing would ask for
            elif steps:
                steps -= 1
                legal = s.legal_actions()
                w.timeline.play(agent.choose(s, rng) if rng.random() < agent_share
                                else rng.choice(legal))
            else:
                break
    return _e2e_view(name)


def _e2e_result(name, before, requests, seat):
    """What happened since a click began: the requests, and the history from step ``before``."""
    w = boards[name]
    h = w.timeline.history
    new = []
    for j in range(before, len(h)):  # who moved: the seat to move before entry j
        other = j > before and seat is not None and h[j - 1].state.to_move != seat
        new.append({"text": str(h[j]), "chance": h[j].chance, "other_seat": other})
    return {"requests": _requests[name][requests:], "new": new, "steps": len(h),
            "version": w.board.version, "passing": w.passing, "message": w.board.message,
            "waiting": getattr(w.board, "waiting", False)}


def _e2e_afresh(name):
    """After a refused click: the other seats' moves the board did not ask for, then the same
    position drawn again (a new version: the page drops any half-made choice)."""
    w = boards[name]
    agent = w.timeline.game.agents()[w.others]()
    with w.board.hold_sync():
        while (w.seat is not None and not w.timeline.state.is_terminal
               and w.timeline.state.to_move != w.seat):
            w.timeline.play(agent.choose(w.timeline.state, _random.Random(0)))
        w.timeline = w.timeline
    return w.board.version
'''

# a point of a piece that no other piece covers, relative to its padding box (Playwright's
# ``position``): where a person clicks the piece itself, not a die lying on a hero's card
FREE_POINT = """(el) => {
  const r = el.getBoundingClientRect();
  const points = [];
  for (let i = 1; i < 12; i++) for (let j = 1; j < 12; j++) points.push([i / 12, j / 12]);
  points.sort((a, b) => Math.hypot(a[0] - .5, a[1] - .5) - Math.hypot(b[0] - .5, b[1] - .5));
  for (const [fx, fy] of points) {
    const x = r.left + fx * r.width, y = r.top + fy * r.height;
    const hit = document.elementFromPoint(x, y);
    if (hit && el.contains(hit) && hit.closest('[data-testid^="piece-"]') === el)
      return { x: x - r.left - el.clientLeft, y: y - r.top - el.clientTop };
  }
  return null;
}"""


# the page still shows ``version`` (its probe) and, in the board, the button ``testid``: checked at
# once, so a button of the next position (the action played itself meanwhile) is never pressed
ARMED = """(board, [probe, testid, version]) => {
  const shown = document.querySelector(probe);
  return !!shown && shown.value === String(version)
    && !!board.querySelector(`[data-testid="${testid}"]`);
}"""


def notebook() -> dict:
    cells = [SETUP] + [f"show({name!r}, {game!r}, seed={SEED + i}"
                       + "".join(f", {k}={v!r}" for k, v in options.items()) + ")"
                       for i, (name, (game, options, _)) in enumerate(CONFIGS.items())]
    return {"nbformat": 4, "nbformat_minor": 5,
            "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3",
                                        "language": "python"}},
            "cells": [{"cell_type": "code", "id": f"cell{i}", "metadata": {},
                       "execution_count": None, "outputs": [], "source": src}
                      for i, src in enumerate(cells)]}


class Session:
    """The one JupyterLab page and kernel of the module, and what the tests clicked."""

    def __init__(self, page, kernel, boards):
        self.page, self.kernel = page, kernel
        self.boards = dict(zip(CONFIGS, boards))
        self.summary = {}  # name -> {kind: [tried, failed]}


@pytest.fixture(scope="module")
def click_session(tmp_path_factory):
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: install Debian's chromium (apt-get install "
                    "chromium); .ci/run does this")
    from playwright.sync_api import sync_playwright
    root = prepare(tmp_path_factory.mktemp("click-everything"))
    keep_every_cell(root)
    (root / "click.ipynb").write_text(json.dumps(notebook(), indent=1))
    server = start_jupyter(root)
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            page = browser.new_page(viewport={"width": 1400, "height": 1100})
            page.errors = []
            page.on("pageerror", lambda e: page.errors.append(str(e)))
            boards = run_notebook(server, page, "click.ipynb", len(CONFIGS), LONG)
            kernel = server.kernel()
            kernel.run(KERNEL)
            for name in CONFIGS:
                kernel.run(f"_e2e_record({name!r})")
            session = Session(page, kernel, boards)
            try:
                yield session
            finally:
                shots = Path(os.environ.get("ODD_NB_SCREENSHOTS", root))
                shots.mkdir(parents=True, exist_ok=True)
                page.screenshot(path=str(shots / "last-click-everything.png"), full_page=True)
                browser.close()
                print("\n" + summary(session.summary))
    finally:
        server.stop()


def summary(done: dict) -> str:
    """Actions clicked per kind, over the game configs of each game."""
    games = collections.defaultdict(lambda: collections.defaultdict(lambda: [0, 0]))
    for name, kinds in done.items():
        for kind, (tried, failed) in kinds.items():
            games[CONFIGS[name][0]][kind][0] += tried
            games[CONFIGS[name][0]][kind][1] += failed
    lines = [f"click everything (seed {SEED}, ODD_NB_CLICKS={SCALE:g}): per game and kind, "
             "actions clicked (refused)"]
    for game, kinds in games.items():
        lines.append(f"  {game}: " + ", ".join(f"{k} {t}" + (f" ({f})" if f else "")
                                              for k, (t, f) in sorted(kinds.items())))
    return "\n".join(lines)


def click_piece(element) -> None:
    """A real click on ``element`` at a point no other piece covers. A board that redraws
    meanwhile (an answer from Python arriving) is found again: the click lands once."""
    for attempt in range(5):
        try:
            element.scroll_into_view_if_needed(timeout=GUARD * 1000)
            point = element.evaluate(FREE_POINT)
            if point is None:
                raise AssertionError("no point of this piece is free of other pieces")
            element.click(position=point, timeout=GUARD * 1000)
            return
        except PlaywrightError as e:  # only before the click: a click that ran returns
            if "not attached" not in str(e) or attempt == 4:
                raise


class Refused(Exception):
    """The board did not play the chosen action: what was clicked and what happened."""


class Clicker:
    """One game config's board, clicked round after round."""

    def __init__(self, session: Session, name: str):
        self.s, self.name = session, name
        self.k = session.kernel
        self.board = session.boards[name]
        self.probe_css = f".e2e-version-{name} input"
        self.probe = session.page.locator(self.probe_css)
        self.seat = CONFIGS[name][1].get("seat")
        self.rng = random.Random(f"{SEED}/{name}")
        self.tried = collections.Counter()
        self.failed = collections.Counter()
        self.buttons = collections.Counter()  # auto actions that needed their button
        self.phases = collections.Counter()
        self.failures = []

    def shown(self, version: int) -> None:
        """Wait until the page holds ``version`` of this board."""
        expect(self.probe).to_have_value(str(version), timeout=LONG)

    def round(self, i: int) -> None:
        view = self.k.value(f"_e2e_position({self.name!r}, {self.rng.randrange(1 << 30)}, "
                            f"{MOST_STEPS}, {AGENT})")
        self.shown(view["version"])
        if view["passing"]:  # hot seat: the next seat comes to the screen first
            self.click(view, view["actions"][0])
            view = self.k.value(f"_e2e_view({self.name!r})")
            self.shown(view["version"])
        self.phases[view["phase"]] += 1
        kinds = sorted({a["kind"] for a in view["actions"]
                        if self.failed[a["kind"]] < REFUSED_ENOUGH})
        if not kinds:
            return
        weights = [1 / (1 + self.tried[k]) ** 2 for k in kinds]
        kind = self.rng.choices(kinds, weights)[0]
        action = self.rng.choice([a for a in view["actions"] if a["kind"] == kind])
        self.click(view, action)

    def click(self, view: dict, action: dict) -> None:
        kind = action["kind"]
        self.tried[kind] += 1
        clicked = []
        try:
            self.play(view, action, clicked)
        except Refused as e:
            self.failed[kind] += 1
            self.failures.append(f"[{kind}] {action['text']!r} (version {view['version']}, "
                                 f"{view['phase']}): clicked {', '.join(clicked) or 'nothing'}"
                                 f"; {e}")
            self.shown(self.k.value(f"_e2e_afresh({self.name!r})"))

    def play(self, view: dict, action: dict, clicked: list) -> None:
        version, before, mark = view["version"], view["steps"], view["requests"]
        # the parts, each key as many different elements as it is listed, in a random order
        wanted = collections.Counter(action["parts"])
        targets = []
        for key, k in wanted.items():
            n = view["keys"].get(key, 0)
            if n < k:
                raise Refused(f"the board data has {n} pieces {key!r}, the action needs {k}")
            targets += [(key, j) for j in self.rng.sample(range(n), k)]
        self.rng.shuffle(targets)
        for key, j in targets:
            pieces = self.board.get_by_test_id(f"piece-{key}")
            try:
                expect(pieces).to_have_count(view["keys"][key], timeout=GUARD * 1000)
                click_piece(pieces.nth(j))
            except (AssertionError, PlaywrightError) as e:
                raise Refused(f"could not click piece-{key} #{j + 1}: {str(e).splitlines()[0]}")
            clicked.append(f"piece-{key}" + (f" #{j + 1}" if view["keys"][key] > 1 else ""))
        # played at once, or a button action-<id> to confirm it
        button = self.board.get_by_test_id(f"action-{action['id']}")
        pressed = False
        deadline = time.monotonic() + GUARD
        while True:
            got = self.k.value(f"len(_requests[{self.name!r}]) > {mark}")
            if got:
                break
            if not pressed and self.board.evaluate(
                    ARMED, [self.probe_css, f"action-{action['id']}", version]):
                button.click(timeout=GUARD * 1000)
                clicked.append(f"action-{action['id']}")
                pressed = True
                if action["parts"] and action["auto"]:
                    self.buttons[action["kind"]] += 1
                continue
            if time.monotonic() > deadline:  # a hang guard: the board ignores the clicks
                raise Refused(f"after {GUARD:.0f} s the board had neither played it nor shown "
                              f"action-{action['id']}")
            time.sleep(0.05)
        r = self.k.value(f"_e2e_result({self.name!r}, {before}, {mark}, {self.seat!r})")
        said = r["requests"][0]
        first = said["request"]
        if first.get("kind") != "act" or first.get("id") != action["id"] \
                or first.get("version") != version:
            raise Refused(f"the browser sent {_requests_text([first])}; the board said "
                          f"{said['message']!r} ({said['message_kind']})")
        # a fixed seat: the board then asks for the other seats' moves one by one ("others")
        # until that seat is to move again; wait for that (a hang guard)
        deadline = time.monotonic() + GUARD
        while r["waiting"]:
            if time.monotonic() > deadline:
                raise Refused(f"the other seats never finished moving: the browser sent "
                              f"{_requests_text([q['request'] for q in r['requests']])}")
            time.sleep(0.05)
            r = self.k.value(f"_e2e_result({self.name!r}, {before}, {mark}, {self.seat!r})")
        sent = [q["request"] for q in r["requests"]]
        if any(q.get("kind") != "others" for q in sent[1:]):
            raise Refused(f"after the action the browser sent {_requests_text(sent[1:])}; the "
                          f"board said {r['message']!r}")
        if action["kind"] == "pass screen":
            ok = not r["new"] and not r["passing"]
            what = "the pass screen to give way, nothing played"
        else:
            new, mine = r["new"], action["steps"] or [action["text"]]
            ok = ([e["text"] for e in new[:len(mine)]] == mine
                  and not any(e["chance"] for e in new[:len(mine)])
                  and all(e["chance"] or e["other_seat"] for e in new[len(mine):]))
            what = ("exactly that decision" if len(mine) == 1 else f"the route's {len(mine)} "
                    "steps") + ", then chance or other seats"
        if not ok:
            raise Refused(f"expected {what}; the history gained "
                          f"{[e['text'] for e in r['new']]}; the board said {r['message']!r}")
        if r["version"] <= version:
            raise Refused(f"the board's version stayed {r['version']}")
        try:
            self.shown(r["version"])
        except AssertionError:
            raise Refused(f"the page never received version {r['version']}")

    def report(self) -> str:
        lines = [f"{self.name}: {sum(self.tried.values())} actions clicked, "
                 f"{sum(self.failed.values())} refused"]
        lines.append("  per kind (refused): " + ", ".join(
            f"{k} {n}" + (f" ({self.failed[k]})" if self.failed[k] else "")
            for k, n in sorted(self.tried.items())))
        if self.buttons:
            lines.append("  played by their button although 'auto' (the board found more than "
                         "one action for the pieces): " + ", ".join(
                             f"{k} {n}" for k, n in sorted(self.buttons.items())))
        lines.append("  positions per phase: " + ", ".join(
            f"{k or '-'} {n}" for k, n in sorted(self.phases.items())))
        return "\n".join(lines)


def _requests_text(sent: list) -> str:
    if not sent:
        return "nothing"
    return "; ".join(", ".join(f"{k}={v!r}" for k, v in q.items() if k != "n") for q in sent)


@pytest.mark.parametrize("name", list(CONFIGS))
def test_core_click_every_kind_of_action(click_session, name, request):
    clicker = Clicker(click_session, name)
    errors_before = len(click_session.page.errors)
    start = time.monotonic()
    rounds = max(1, round(CONFIGS[name][2] * SCALE))
    for i in range(rounds):
        clicker.round(i)
    text = clicker.report() + f"\n  {time.monotonic() - start:.0f} s"
    click_session.summary[name] = {k: [n, clicker.failed[k]] for k, n in clicker.tried.items()}
    print("\n" + text)
    request.node.add_report_section("call", "clicks", text)
    errors = click_session.page.errors[errors_before:]
    problems = clicker.failures + [f"page error: {e}" for e in errors]
    assert not problems, (f"{len(problems)} of {rounds} rounds' actions not played as clicked in "
                          f"{name}:\n" + "\n".join(problems[:40]))
