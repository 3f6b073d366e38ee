"""The offline JupyterLite site (tools/build-lite) in Debian's chromium: size, first visit, clicks.

    .venv/bin/python benchmarks/lite.py                 # builds the site into a temporary folder
    .venv/bin/python benchmarks/lite.py --site site     # or measures one already built
    .venv/bin/python benchmarks/lite.py --visits 3 --rounds 20

Prints:

- the build's time (downloads cached in .lite-cache/) and the site's size, by part;
- a first visit, in a new browser context each time (empty cache, no service worker): the bytes
  and requests the site's server answered, and the seconds from navigation to the Pyodide kernel
  idle, then (Run All Cells clicked at once) to the first board and to both boards. The browser
  resolves no host name but 127.0.0.1 and requests elsewhere are counted, as in
  tests/e2e/test_lite.py, but Playwright does not intercept requests here: interception turns
  the browser's HTTP cache off, which would count some files twice;
- a revisit: the same page reloaded in the same context (the browser's cache warm; Python's
  http.server sends no cache headers, so the browser revalidates by date);
- clicks in the browser kernel, timed in the page as benchmarks/widget_latency.py does: Undo and
  Redo on the One Deck Dungeon board, and a card played on the Regicide board, from the click to
  the redrawn move list;
- odds refined between clicks (the browser's Python has no threads: the work runs on the page's
  event loop, ``odd_nb/widgets/background.py``): at the first door of a greedy game whose odds
  the click can only estimate (found in this Python, its moves replayed in the page), the
  seconds from the board shown to exact odds, and those odds worked out again in a cell, beside
  the same work in this Python; then Undo and Redo on that board while work runs in the
  background, beside the same clicks with none.

Baselines, in the same run and the same page: the round trip of a static file fetch from the
site's server (``fetch`` with ``cache: "no-store"``), and a request that the kernel refuses at
once (two Regicide cards that make no play: page -> kernel -> page with no game work).
"""

from __future__ import annotations

import argparse
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "e2e"))
from test_lite import (AFTER_THE_CLICK, ENDLESS_WORK, LONG, StaticSite,  # noqa: E402
                       build_site, launch, menu, offline_context, open_and_run, open_notebook,
                       play_dungeon, run_cell)

# In the page: click ``selector`` inside board ``index``; resolve with the milliseconds until the
# board's move list no longer has the steps it had.
TIMED_CLICK = """async ([index, selector]) => {
  const board = document.querySelectorAll('[data-testid=board]')[index];
  const steps = () => board.querySelectorAll('.history li.past').length;
  const before = steps();
  const t0 = performance.now();
  board.querySelector(selector).click();
  while (steps() === before) {
    await new Promise(r => requestAnimationFrame(r));
    if (performance.now() - t0 > 60000) throw new Error('no answer in 60 s');
  }
  return performance.now() - t0;
}"""

# Two cards of seat 0's hand that make no play: the first clickable card, then a card left unlit
# by it; the kernel explains the refusal. Milliseconds from the first click to the message.
REFUSED = """async ([index]) => {
  const board = document.querySelectorAll('[data-testid=board]')[index];
  const message = () => board.querySelector('[data-testid=message]').textContent;
  const cards = () => [...board.querySelectorAll('[data-testid^="piece-card:"].clickable')];
  const t0 = performance.now();
  cards()[0].click();
  const other = cards().find((c) => c.classList.contains('other') &&
    !c.classList.contains('selected'));
  if (!other) throw new Error('every card goes with the first');
  other.click();
  while (!message().includes('no legal play')) {
    await new Promise(r => requestAnimationFrame(r));
    if (performance.now() - t0 > 60000) throw new Error('no answer in 60 s');
  }
  return performance.now() - t0;
}"""

# Regicide, seat 0: the first card of the hand, then the button naming the play; milliseconds
# from the button's click to the move list showing the play.
PLAY_CARD = """async ([index]) => {
  const board = document.querySelectorAll('[data-testid=board]')[index];
  const steps = () => board.querySelectorAll('.history li.past').length;
  board.querySelector('[data-testid^="piece-card:"].clickable').click();
  const button = board.querySelector('[data-testid=actions] button.action.armed');
  const before = steps();
  const t0 = performance.now();
  button.click();
  while (steps() === before) {
    await new Promise(r => requestAnimationFrame(r));
    if (performance.now() - t0 > 60000) throw new Error('no answer in 60 s');
  }
  return performance.now() - t0;
}"""

# Watch for board number ``n`` (counted from 0) and note when it is shown, what its odds panel
# says then, and when that panel is exact (``window.oddsWatch``).
WATCH_ODDS = """([n]) => {
  const watch = window.oddsWatch = {};
  const tick = () => {
    const board = document.querySelectorAll('[data-testid=board]')[n];
    const odds = board && board.querySelector('[data-testid=odds]');
    if (odds && odds.textContent) {
      if (watch.shown === undefined) {
        watch.shown = performance.now();
        watch.first = odds.textContent;
      }
      if (odds.textContent.includes('(exact)') && !odds.textContent.includes('estimated')) {
        watch.exact = performance.now();
        return;
      }
    }
    requestAnimationFrame(tick);
  };
  tick();
}"""

# The board of a greedy game at move ``path`` of seed ``seed``, the moves by their place in the
# legal actions (the same lists in every Python)
REPLAYED = """import odd_nb
t = odd_nb.start("one-deck-dungeon", seed={seed})
for i in {path}:
    t.play(t.legal_actions()[i])
w = odd_nb.play(t)
display(w)
print("replayed to", t.state.encounter_card.name)
"""

# the exact odds of that door's encounter, timed in the page (no budget: the same work as here)
EXACT_HERE = """import time
from odd_nb.games.one_deck import view as odds_view
from odd_nb.games.one_deck.odds import state_odds
began = time.perf_counter()
state_odds(odds_view._ahead(t.state))
print("exact odds in", time.perf_counter() - began)
"""

STATIC_FETCH = """async () => {
  const t0 = performance.now();
  const r = await fetch('./jupyter-lite.json', { cache: 'no-store' });
  await r.arrayBuffer();
  return performance.now() - t0;
}"""


def stats(values: list[float], unit: str = "ms", digits: int = 1) -> str:
    values = sorted(values)
    p95 = values[round(0.95 * (len(values) - 1))]
    return (f"median {statistics.median(values):.{digits}f} {unit}, p95 {p95:.{digits}f} {unit}, "
            f"min {values[0]:.{digits}f}, max {values[-1]:.{digits}f} (n={len(values)})")


def mib(n: int) -> str:
    return f"{n / 2**20:.1f} MiB"


def size_of(site: Path) -> list[str]:
    def total(paths):
        paths = [p for p in paths if p.is_file()]
        return sum(p.stat().st_size for p in paths), len(paths)

    every = list(site.rglob("*"))
    parts = {"Pyodide core (static/pyodide)": list((site / "static" / "pyodide").rglob("*")),
             "wheels (static/pyodide-lock)": list((site / "static" / "pyodide-lock").rglob("*")),
             "lab extensions (extensions)": list((site / "extensions").rglob("*"))}
    size, files = total(every)
    lines = [f"site: {mib(size)} in {files} files"]
    rest = size
    for name, paths in parts.items():
        part, count = total(paths)
        rest -= part
        lines.append(f"  {name}: {mib(part)} in {count} files")
    lines.append(f"  JupyterLite app and the rest: {mib(rest)}")
    return lines


def estimated_door(seeds=range(40)) -> tuple[int, list[int], str]:
    """The first door of a greedy game (seeds in turn) whose odds the click's budget only
    estimates in this Python: (seed, the moves to it by their place in the legal actions, the
    card's name)."""
    import random

    import odd_nb
    from odd_nb.games.one_deck import view
    from odd_nb.games.one_deck.agents import GreedyAgent

    for seed in seeds:
        t, agent, rng, path = odd_nb.start("one-deck-dungeon", seed=seed), GreedyAgent(), \
            random.Random(0), []
        while not t.state.is_terminal:
            s = t.state
            ahead = view._ahead(s) if s.phase == "door" else None
            if ahead is not None and not all(o.exact for _, o in view._quick_odds(ahead)):
                return seed, path, s.encounter_card.name
            action = agent.choose(s, rng)
            path.append(s.legal_actions().index(action))
            t.play(action)
    raise RuntimeError("no door with an estimate on the click in these games")


def exact_here(seed: int, path: list[int]) -> float:
    """Seconds this Python takes for the exact odds ``EXACT_HERE`` times in the page."""
    import odd_nb
    from odd_nb.games.one_deck import view
    from odd_nb.games.one_deck.odds import state_odds

    t = odd_nb.start("one-deck-dungeon", seed=seed)
    for i in path:
        t.play(t.legal_actions()[i])
    began = time.perf_counter()
    state_odds(view._ahead(t.state))
    return time.perf_counter() - began


def refined(page, rounds: int) -> dict:
    """Odds made exact between clicks, and clicks while work runs in the background (see the
    module's docstring)."""
    got = {}
    seed, path, got["card"] = estimated_door()
    n = page.get_by_test_id("board").count()
    page.evaluate(WATCH_ODDS, [n])
    run_cell(page, REPLAYED.format(seed=seed, path=path), "replayed to")
    page.wait_for_function("() => window.oddsWatch.exact !== undefined", timeout=LONG)
    watch = page.evaluate("() => window.oddsWatch")
    got["first"] = re.search(r"\((estimated from [^)]*|exact)\)", watch["first"]).group(1)
    got["to exact"] = (watch["exact"] - watch["shown"]) / 1000
    shown = run_cell(page, EXACT_HERE, "exact odds in").inner_text()
    got["exact in page"] = float(shown.split()[-1])
    got["exact here"] = exact_here(seed, path)
    run_cell(page, ENDLESS_WORK, "endless work started")
    busy = []
    for _ in range(rounds):
        busy.append(page.evaluate(TIMED_CLICK, [n, "[data-testid=undo]"]))
        busy.append(page.evaluate(TIMED_CLICK, [n, "[data-testid=redo]"]))
    run_cell(page, AFTER_THE_CLICK, "the work:")
    idle = []
    for _ in range(rounds):
        idle.append(page.evaluate(TIMED_CLICK, [n, "[data-testid=undo]"]))
        idle.append(page.evaluate(TIMED_CLICK, [n, "[data-testid=redo]"]))
    got["busy"], got["idle"] = busy, idle
    return got


def visit(browser, site: StaticSite) -> dict:
    """A first visit in a new context, then a reload in the same context."""
    context = offline_context(browser, site.url, route=False)  # the HTTP cache stays on
    page = context.new_page()
    requests = []
    context.on("request", lambda r: requests.append(r.url))
    got = {}
    served0 = site.bytes_served
    t0 = time.monotonic()
    open_notebook(page, site.url, "04-play.ipynb")
    got["kernel idle"] = time.monotonic() - t0
    menu(page, "Run", "Run All Cells")
    boards = page.get_by_test_id("board")
    boards.first.wait_for(timeout=LONG)
    got["first board"] = time.monotonic() - t0
    boards.nth(1).wait_for(timeout=LONG)
    got["both boards"] = time.monotonic() - t0
    got["bytes"], got["requests"] = site.bytes_served - served0, len(requests)
    got["play"] = page.evaluate(PLAY_CARD, [1])  # the first click: Regicide plays a card
    # the revisit: reload, the browser's cache warm
    served0, n0 = site.bytes_served, len(requests)
    t0 = time.monotonic()
    open_and_run(page, site.url)
    got["revisit both boards"] = time.monotonic() - t0
    got["revisit bytes"], got["revisit requests"] = site.bytes_served - served0, len(requests) - n0
    got["outside"] = list(context.outside)
    got["page"], got["context"] = page, context
    return got


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, help="a site tools/build-lite built (else built now)")
    parser.add_argument("--visits", type=int, default=3, help="first visits, each in a new context")
    parser.add_argument("--rounds", type=int, default=20, help="timed clicks of each kind")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    lines = []
    if args.site is None:
        args.site = Path(tempfile.mkdtemp(prefix="odd-nb-lite-bench-")) / "site"
        lines.append(f"build (tools/build-lite, downloads cached): {build_site(args.site):.1f} s")
    lines += size_of(args.site)
    site = StaticSite(args.site)
    try:
        with sync_playwright() as p:
            browser = launch(p)
            visits = []
            for _ in range(args.visits):
                if visits:
                    visits[-1].pop("context").close()
                visits.append(visit(browser, site))
            page = visits[-1]["page"]
            fetches = [page.evaluate(STATIC_FETCH) for _ in range(args.rounds)]
            play_dungeon(page.get_by_test_id("board").first)  # "explore": to undo and redo
            refused = [page.evaluate(REFUSED, [1]) for _ in range(args.rounds)]
            undo, redo = [], []
            for _ in range(args.rounds):
                undo.append(page.evaluate(TIMED_CLICK, [0, "[data-testid=undo]"]))
                redo.append(page.evaluate(TIMED_CLICK, [0, "[data-testid=redo]"]))
            background = refined(page, args.rounds)
            outside = [u for v in visits for u in v["outside"]]
            browser.close()
    finally:
        site.stop()

    v = {k: [x[k] for x in visits] for k in visits[0] if k not in ("page", "outside", "context")}
    lines += [
        f"first visit, bytes the site served: {mib(int(statistics.median(v['bytes'])))} in "
        f"{int(statistics.median(v['requests']))} requests (median of {len(visits)})",
        f"first visit, navigation -> kernel idle: {stats(v['kernel idle'], 's', 2)}",
        f"first visit, navigation -> first board: {stats(v['first board'], 's', 2)}",
        f"first visit, navigation -> both boards: {stats(v['both boards'], 's', 2)}",
        f"revisit (reload, cache warm) -> both boards: {stats(v['revisit both boards'], 's', 2)}; "
        f"{mib(int(statistics.median(v['revisit bytes'])))} served in "
        f"{int(statistics.median(v['revisit requests']))} requests",
        f"baseline: static file fetch round trip: {stats(fetches)}",
        f"baseline: refused request, page -> Pyodide kernel -> page: {stats(refused)}",
        f"Regicide, first click of a visit, the play's button -> board: {stats(v['play'])}",
        f"One Deck Dungeon, click Undo -> board: {stats(undo)}",
        f"One Deck Dungeon, click Redo -> board: {stats(redo)}",
        f"odds refined between clicks, {background['card']}'s door: the click's panel "
        f"({background['first']}) exact {background['to exact']:.2f} s after the board showed",
        f"the exact odds of that encounter in the page: {background['exact in page']:.3f} s; "
        f"baseline, in this Python: {background['exact here']:.3f} s "
        f"({background['exact in page'] / background['exact here']:.2f}x)",
        f"Undo and Redo while work runs in the background: {stats(background['busy'])}",
        f"baseline: the same clicks with none: {stats(background['idle'])}",
        f"requests outside the site: {len(outside)}",
    ]
    print("\n".join(lines))


if __name__ == "__main__":
    main()
