"""The offline JupyterLite site (``tools/build-lite``, docs/lite.md) in Debian's chromium.

The site is built once per test session from this working tree (downloads are cached in
``.lite-cache/``), served from a thread on a free loopback port, and opened with every request to
any other address blocked and counted: the count must stay 0. In JupyterLite's lab, the play
notebook's cells are run in the browser's own Python (Pyodide), and every game is played by
clicks, by the board's contract (``data-testid`` of pieces, action buttons, the move list). There is
no kernel to ask from here, so what a click did is read off the page: the move list
(``.history li.past``) must grow by the step clicked, named as the board's button named it.

The other notebooks the build put in the site are run to their end there too, each in a new
browser context. Screenshots of both boards after the clicks go to the test's temporary folder,
or to ``$ODD_NB_SCREENSHOTS``. ``benchmarks/lite.py`` uses the same helpers.
"""

from __future__ import annotations

import contextlib
import functools
import json
import os
import re
import subprocess
import sys
import threading
import time
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(Path(__file__).resolve().parent))
from jupyter_kit import CHROMIUM, CHROMIUM_ARGS  # noqa: E402

LONG = 300_000  # ms: Pyodide's first start on a busy 2-core machine; a hang guard, not a speed test
NOTEBOOK = "04-play.ipynb"
# A cell shows an error, or every code cell shows an execution number (none waiting, [*], or not
# run, [ ]): the run is over. Prompts are read as text, since cells off screen are not laid out.
ERRORS = ".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']"
RUN_OVER = """(errors) => {
  if (document.querySelector(errors)) return true;
  const prompts = [...document.querySelectorAll('.jp-Notebook .jp-CodeCell .jp-InputPrompt')];
  return prompts.length > 0 && prompts.every((p) => /\\[\\d+\\]/.test(p.textContent));
}"""


def build_site(out: Path) -> float:
    """``tools/build-lite --output out``; returns the seconds it took."""
    started = time.monotonic()
    run = subprocess.run([sys.executable, str(ROOT / "tools" / "build-lite"),
                          "--output", str(out)], capture_output=True, text=True)
    if run.returncode:
        raise RuntimeError(f"tools/build-lite failed:\n{run.stdout[-4000:]}\n{run.stderr[-4000:]}")
    return time.monotonic() - started


class Quiet(SimpleHTTPRequestHandler):
    """A static file server as ``python -m http.server`` is, without a log line per request, and
    with the JavaScript and WebAssembly types set even where /etc/mime.types is missing."""

    extensions_map = {**SimpleHTTPRequestHandler.extensions_map, ".mjs": "text/javascript",
                      ".js": "text/javascript", ".wasm": "application/wasm",
                      ".json": "application/json"}

    def log_message(self, *args) -> None:
        pass


class StaticSite:
    """The built site on 127.0.0.1 at a free port, served from a thread; bytes served counted."""

    def __init__(self, root: Path):
        site = self

        class Counting(Quiet):
            def copyfile(self, source, outputfile):
                start = source.tell()
                super().copyfile(source, outputfile)
                site.bytes_served += source.tell() - start

        self.bytes_served = 0
        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0),
                                         functools.partial(Counting, directory=str(root)))
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()

    def stop(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


LOCAL_SCHEMES = ("data:", "blob:", "about:", "chrome-extension:")


def offline_context(browser, base: str, route: bool = True):
    """A browser context that lets through requests to ``base`` only. Every request of a page,
    a worker (the kernel runs in one) or a service worker to any other address is listed in
    ``context.outside`` and aborted. With ``route=False`` Playwright does not intercept (which
    keeps the browser's HTTP cache on, as for a person); the browser from ``launch`` still
    resolves no host name but the loopback one, and requests elsewhere are still listed."""
    context = browser.new_context(viewport={"width": 1400, "height": 1100},
                                  service_workers="allow")
    context.outside = []

    def ours(url: str) -> bool:
        return url.startswith(base + "/") or url.startswith(LOCAL_SCHEMES)

    def only_ours(r):
        if ours(r.request.url):
            r.continue_()
        else:
            r.abort()

    if route:
        context.route("**/*", only_ours)
    context.on("request", lambda r: None if ours(r.url) else context.outside.append(r.url))
    return context


def launch(playwright):
    """Debian's chromium, which resolves no host name but the loopback one: a second guard under
    the context's, for anything Playwright would not see."""
    if not Path(CHROMIUM).exists():
        raise RuntimeError(f"{CHROMIUM} is missing: install Debian's chromium "
                           "(tools/ensure-chromium)")
    args = [*CHROMIUM_ARGS, "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"]
    return playwright.chromium.launch(executable_path=CHROMIUM, args=args)


def open_notebook(page, base: str, notebook: str, timeout: float = LONG) -> None:
    """Open ``notebook`` in JupyterLite's lab; wait until the status bar shows the Pyodide kernel
    idle (Pyodide loaded and its packages imported)."""
    page.goto(f"{base}/lab/index.html?path={notebook}")
    page.locator(".jp-StatusBar-Widget", has_text="Python (Pyodide) | Idle").first.wait_for(
        timeout=timeout)


def menu(page, *path: str) -> None:
    for name in path:
        page.get_by_role("menuitem", name=name, exact=True).click()


def open_and_run(page, base: str, notebook: str = NOTEBOOK, timeout: float = LONG) -> list:
    """Open ``notebook`` in JupyterLite's lab as a person would, Run > Run All Cells once the
    kernel is idle, wait for the boards and return the four (locators, in cell order)."""
    open_notebook(page, base, notebook, timeout)
    menu(page, "Run", "Run All Cells")
    boards = page.get_by_test_id("board")
    boards.nth(3).wait_for(timeout=timeout)
    return [boards.nth(i) for i in range(4)]


def past(board):
    return board.locator(".history li.past")


def wait_steps(board, more_than: int, timeout: float = LONG) -> int:
    """Wait until the board's move list has more than ``more_than`` steps taken; their count."""
    board.page.wait_for_function(
        "([el, n]) => el.querySelectorAll('.history li.past').length > n",
        arg=[board.element_handle(), more_than], timeout=timeout)
    return past(board).count()


def step_text(board, index: int) -> str:
    """The text of step ``index`` of the move list, as the page holds it (not as laid out: the
    list lays out only the steps in view, and a board below the fold has none)."""
    return past(board).nth(index).locator(".what").text_content().strip()


def play_dungeon(board) -> tuple[int, int]:
    """One Deck Dungeon: after the notebook's "time passes", click "explore". Returns the steps
    taken before and after the click."""
    before = wait_steps(board, 0)
    board.get_by_role("button", name="explore", exact=True).click()
    after = wait_steps(board, before)
    return before, after


def play_regicide(board) -> tuple[int, str]:
    """Regicide, seat 0: a card of the hand, then the button that names the play. Returns the
    steps taken before the click and the play's text."""
    card = board.locator("[data-testid^='piece-card:'].clickable").first
    card.wait_for(timeout=LONG)
    before = past(board).count()
    card.click()
    button = board.locator("[data-testid=actions] button.action.armed").first
    button.wait_for(timeout=LONG)
    text = button.get_attribute("aria-label")
    button.click()
    wait_steps(board, before)
    return before, text


def play_twister(board) -> tuple[int, str]:
    """Dungeon Twister, Yellow: a character of the reserve, then a lit square of the starting
    line (§4.2). Returns the steps taken before the click and the new step's text."""
    token = board.locator("[data-testid^='piece-tok-'].clickable").first
    token.wait_for(timeout=LONG)
    before = past(board).count()
    token.click()
    square = board.locator("[data-testid^='piece-sq-'].clickable.next").first
    square.wait_for(timeout=LONG)
    square.click()
    after = wait_steps(board, before)
    return before, step_text(board, after - 1)


def play_fog(board) -> tuple[int, str]:
    """Fog Town, solo: a lit starting location on the map (§2). Returns the steps taken before
    the click and the new step's text."""
    place = board.locator("[data-testid^='piece-node:'].clickable").first
    place.wait_for(timeout=LONG)
    before = past(board).count()
    place.click()
    wait_steps(board, before)
    return before, step_text(board, before)


def run_cell(page, code: str, shows: str, timeout: float = LONG):
    """A new cell at the end of the notebook, ``code`` typed into it and run, as a person would;
    its output holding ``shows`` (a locator, once shown)."""
    page.locator(".jp-Notebook .jp-Cell .jp-InputPrompt").last.click()
    page.keyboard.press("Escape")
    page.keyboard.press("b")
    page.keyboard.press("Enter")
    page.keyboard.insert_text(code)
    page.keyboard.press("Control+Enter")
    out = page.locator(".jp-OutputArea-output", has_text=shows).last
    out.wait_for(timeout=timeout)
    return out


# A One Deck Dungeon board before a roll, the click given no time for exact odds (A24)
ESTIMATE_FIRST = """import odd_nb
from odd_nb.games.one_deck import view as odds_view
odds_view.ODDS_SECONDS = 0  # no time on the click: the panel shows an estimate at first
t = odd_nb.start("one-deck-dungeon", seed=2434)
while not (t.state.phase in ("peril", "feats") and not t.state.is_chance):
    t.play(t.legal_actions()[0])
w = odd_nb.play(t)
display(w)
print("on the click, an estimate:", "estimated from 1 roll" in w.board.odds)
"""
# work in the background that stops only when a click asks it to (or after ten minutes)
ENDLESS_WORK = """import time
from odd_nb.core.progress import Cancelled
calls = []
def endless(state, seat, cancel):
    calls.append("start")
    began = time.monotonic()
    while not cancel.is_set() and time.monotonic() - began < 600:
        pass
    calls.append("stopped")
    raise Cancelled("no longer wanted")
w.view.refine_odds = endless
w.send({"kind": "act", "id": 0, "version": w.board.version})
print("endless work started:", calls)
"""
AFTER_THE_CLICK = """w.refine = False
w._stop_refining()
print("the work:", calls)
"""


# A One Deck Dungeon board before a closed door, the click given no time for exact odds (A24)
BEFORE_A_DOOR = """import odd_nb
from odd_nb.games.one_deck import view as odds_view
odds_view.ODDS_SECONDS = 0  # no time on the click: only odds worked out before it are exact
t = odd_nb.start("one-deck-dungeon", seed=3)
for action in ("time passes", "explore", "time passes"):
    t.play(action)
w = odd_nb.play(t)
display(w)
print("before a closed door:", [str(a) for a in t.legal_actions()])
"""
LOOKED_AHEAD = "print('looked ahead:', w._refining is not None and w._refining[1].done())"


@contextlib.contextmanager
def site_page(root: Path, last_shot: Path | None = None):
    """A page of the site built at ``root``, in Debian's chromium and a context that lets no
    request out (``offline_context``); on the way out, a full-page screenshot to ``last_shot``
    if given, and no request went outside the site and the page raised no error."""
    from playwright.sync_api import sync_playwright

    site = StaticSite(root)
    errors, outside = [], []
    try:
        with sync_playwright() as p:
            browser = launch(p)
            context = offline_context(browser, site.url)
            page = context.new_page()
            page.on("pageerror", lambda e: errors.append(str(e)))
            try:
                yield page, site.url
            finally:
                if last_shot is not None:
                    page.screenshot(path=str(last_shot), full_page=True)
                outside += context.outside
                browser.close()
    finally:
        site.stop()
    assert outside == [], f"requests outside the site: {outside[:20]}"
    assert errors == []


# -- the test ------------------------------------------------------------------------------------
@pytest.fixture(scope="session")
def lite_site(tmp_path_factory):
    out = tmp_path_factory.mktemp("lite") / "site"
    build_site(out)
    return out


def test_lite_site_plays_every_game_offline(lite_site, tmp_path):
    from playwright.sync_api import expect

    # what the build put in: the play and start-here notebooks, and a note on the others
    listing = json.loads((lite_site / "api" / "contents" / "all.json").read_text())
    names = {item["name"] for item in listing["content"]}
    assert {"00-start-here.ipynb", "04-play.ipynb", "README.md"} <= names
    note = (lite_site / "files" / "README.md").read_text()
    away = note.split("## Notebooks that need a full Jupyter")[1]
    for path in sorted((ROOT / "notebooks").glob("*.ipynb")):  # each either here or listed
        assert (path.name in names) != (f"`{path.name}`" in away), path.name
    for name in names:  # and no notebook of the site links to one it lacks
        if name.endswith(".ipynb"):
            cells = json.loads((lite_site / "files" / name).read_text())["cells"]
            text = "".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")
            linked = set(re.findall(r"\]\(([^)#\s]+\.ipynb)", text))
            assert linked <= names, (name, linked - names)

    shots = Path(os.environ.get("ODD_NB_SCREENSHOTS", tmp_path))
    shots.mkdir(parents=True, exist_ok=True)
    with site_page(lite_site, shots / "lite-last-page.png") as (page, base):
        dungeon, table, labyrinth, town = open_and_run(page, base)

        # One Deck Dungeon: the notebook's cell played "time passes"; click "explore"
        expect(past(dungeon).first.locator(".what")).to_have_text("time passes", timeout=LONG)
        before, after = play_dungeon(dungeon)
        assert after > before
        assert step_text(dungeon, after - 1) == "explore"
        dungeon.scroll_into_view_if_needed()
        dungeon.screenshot(path=str(shots / "lite-one-deck-dungeon.png"))

        # Regicide, seat 0: a card of the hand, then the button that names the play
        before, text = play_regicide(table)
        assert text.startswith("play "), text
        assert step_text(table, before) == text
        table.scroll_into_view_if_needed()
        table.screenshot(path=str(shots / "lite-regicide.png"))

        # Dungeon Twister, Yellow: a starting character, then its square (§4.2)
        before, text = play_twister(labyrinth)
        assert " starts on " in text, text
        labyrinth.scroll_into_view_if_needed()
        labyrinth.screenshot(path=str(shots / "lite-dungeon-twister.png"))

        # Fog Town, solo: a starting location on the map
        before, text = play_fog(town)
        assert text.startswith("start at "), text
        town.scroll_into_view_if_needed()
        town.screenshot(path=str(shots / "lite-fog-town.png"))
        assert page.locator(ERRORS).count() == 0


def test_lite_notebooks_run_in_the_browser(lite_site):
    """Every other notebook the build put in the site runs to its end in the browser's Python:
    outputs cleared, Run All Cells, each code cell numbered in order and no error shown."""
    from playwright.sync_api import sync_playwright

    listing = json.loads((lite_site / "api" / "contents" / "all.json").read_text())
    notebooks = sorted(item["name"] for item in listing["content"]
                       if item["name"].endswith(".ipynb") and item["name"] != NOTEBOOK)
    assert "00-start-here.ipynb" in notebooks
    site = StaticSite(lite_site)
    outside, errors = [], []
    try:
        with sync_playwright() as p:
            browser = launch(p)
            for name in notebooks:  # each in a new context: the lab would reopen the last tabs
                context = offline_context(browser, site.url)
                page = context.new_page()
                page.on("pageerror", lambda e: errors.append(str(e)))
                open_notebook(page, site.url, name)
                menu(page, "Edit", "Clear Outputs of All Cells")  # the file's numbers go
                menu(page, "Run", "Run All Cells")
                page.wait_for_function(RUN_OVER, arg=ERRORS, timeout=LONG)
                shown = page.locator(ERRORS).evaluate_all("es => es.map((e) => e.textContent)")
                assert shown == [], f"{name}: {shown[0][-2000:]}"
                numbers = page.locator(".jp-Notebook .jp-CodeCell .jp-InputPrompt") \
                    .evaluate_all("ps => ps.map((p) => p.textContent.trim())")
                assert numbers == [f"[{i}]:" for i in range(1, len(numbers) + 1)], (name, numbers)
                outside += context.outside
                context.close()
            browser.close()
    finally:
        site.stop()
    assert outside == [], f"requests outside the site: {outside[:20]}"
    assert errors == []


def test_lite_odds_turn_exact_between_clicks_and_a_click_stops_the_work(lite_site):
    """A24, docs/lite.md: the browser's Python has no threads, yet an estimate on the odds panel
    turns exact with no click (the work runs on the page's event loop); and work in the
    background lets a click in and stops at it, or that click would wait for it to end."""
    from playwright.sync_api import expect

    with site_page(lite_site) as (page, base):
        open_notebook(page, base, NOTEBOOK)
        shown = run_cell(page, ESTIMATE_FIRST, "on the click")
        assert shown.inner_text().strip() == "on the click, an estimate: True"
        board = page.get_by_test_id("board").last
        odds = board.get_by_test_id("odds")
        expect(odds).to_contain_text("(exact)", timeout=LONG)
        expect(odds).not_to_contain_text("estimated")

        run_cell(page, ENDLESS_WORK, "endless work started")
        before = past(board).count()
        board.get_by_test_id("actions").locator("button").first.click()
        wait_steps(board, before)  # answered while the work went on
        done = run_cell(page, AFTER_THE_CLICK, "the work:").inner_text()
        assert done.strip().startswith("the work: ['start'"), done
        assert done.count("'stopped'") == 1, done  # the click stopped the first
        assert page.locator(ERRORS).count() == 0


def test_lite_the_odds_behind_a_door_are_worked_out_before_it_is_opened(lite_site):
    """A24, docs/odds.md "The next click's odds, ahead": in the browser's Python too, while the
    party stands before a closed door the odds of every card it may hide are worked out, so the
    click on the closed doors shows exact odds though it has no time of its own."""
    from playwright.sync_api import expect

    with site_page(lite_site) as (page, base):
        open_notebook(page, base, NOTEBOOK)
        run_cell(page, BEFORE_A_DOOR, "before a closed door")
        began = time.monotonic()
        while "True" not in run_cell(page, LOOKED_AHEAD, "looked ahead").inner_text():
            assert time.monotonic() - began < LONG / 1000, "the work between clicks never ended"
            time.sleep(0.5)
        run_cell(page, "w.refine = False\nprint('no work after the click')", "no work after")
        board = page.get_by_test_id("board").last
        board.locator('[data-testid="piece-door:closed"]').click()
        odds = board.get_by_test_id("odds")
        expect(odds).to_contain_text("If you face it", timeout=LONG)
        expect(odds).to_contain_text("(exact)")
        expect(odds).not_to_contain_text("estimated")
        assert page.locator(ERRORS).count() == 0
