"""How fast the play widget answers in a real browser (JupyterLab + Debian's chromium).

    .venv/bin/python benchmarks/widget_latency.py [--rounds 20]

For each position it clicks Undo and Redo in turn and times, inside the page, from the click to
(1) the redrawn board (the history shows the new step count) and (2) the odds panel filled in
for the new position. The baseline, measured in the same run, is the round trip of a request
that the kernel refuses at once (two cards that make no play): browser -> kernel -> browser
with no game work, so the difference is what the engine, the view and the redraw cost.
Goals (issue 26): click to board under 100 ms median and 250 ms p95, click to odds under 250 ms
median. Undo and redo revisit positions, whose odds the view keeps (a cache of the latest 64):
the odds figures here are those of a position met before, the first visit's are in
benchmarks/odds_in_play.py. The last position is late in a long game, where the move list
holds hundreds of steps; the early ones are its baseline for what a long list costs.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "e2e"))
from jupyter_kit import CHROMIUM, CHROMIUM_ARGS, open_and_run, prepare, start_jupyter  # noqa: E402

LONG = 180_000
LATE = 600  # steps of history for the late position (a One Deck Dungeon game has 400-900)

# In the page: click ``selector`` inside board number ``index``; resolve with the milliseconds
# until the board's past history has ``steps`` entries and until its odds panel changes.
TIMED_CLICK = """async ([index, selector, steps, wantOdds]) => {
  const board = document.querySelectorAll('[data-testid=board]')[index];
  const odds = () => board.querySelector('[data-testid=odds]').innerHTML;
  const before = odds();
  const t0 = performance.now();
  let tBoard = null, tOdds = null;
  board.querySelector(selector).click();
  while (tBoard === null || (wantOdds && tOdds === null)) {
    await new Promise(r => requestAnimationFrame(r));
    const now = performance.now();
    if (tBoard === null && board.querySelectorAll('.history li.past').length === steps)
      tBoard = now - t0;
    if (tOdds === null && tBoard !== null && odds() !== before) tOdds = now - t0;
    if (now - t0 > 60000) throw new Error('no answer in 60 s');
  }
  return [tBoard, tOdds];
}"""

# Whether board ``index`` shows ``steps`` past steps (it has drawn what the kernel sent).
CAUGHT_UP = """([index, steps]) => document.querySelectorAll('[data-testid=board]')[index]
  .querySelectorAll('.history li.past').length === steps"""

BASELINE = """async ([index, first, second]) => {
  const board = document.querySelectorAll('[data-testid=board]')[index];
  const message = () => board.querySelector('[data-testid=message]').textContent;
  const t0 = performance.now();
  board.querySelector(`[data-testid="piece-${first}"]`).click();
  board.querySelector(`[data-testid="piece-${second}"]`).click();
  while (!message().includes('no legal play')) {
    await new Promise(r => requestAnimationFrame(r));
    if (performance.now() - t0 > 60000) throw new Error('no answer in 60 s');
  }
  const t = performance.now() - t0;
  board.querySelector('[data-testid=clear]')?.click();
  return t;
}"""


def summary(name: str, values: list[float]) -> str:
    values = sorted(values)
    return (f"{name:<50} median {statistics.median(values):7.1f} ms   "
            f"p95 {values[round(0.95 * (len(values) - 1))]:7.1f} ms   (n={len(values)})")


def undo_redo(page, kernel, index: int, widget: str, rounds: int, label: str,
              odds: bool = True) -> list[str]:
    """Undo and Redo on board ``index`` in turn, Redo timed to the board and (``odds``) to the
    odds panel changed: a position whose two panels may be alike is timed to the board only."""
    steps = kernel.value(f"len({widget}.timeline.history)")
    page.wait_for_function(CAUGHT_UP, arg=[index, steps], timeout=LONG)
    back = kernel.run(f"{widget}.timeline.undo(); print(len({widget}.timeline.history)); "
                      f"{widget}.timeline.redo()").strip()
    back = int(back)
    page.wait_for_timeout(500)
    board, panel = [], []
    for _ in range(rounds):
        page.evaluate(TIMED_CLICK, [index, "[data-testid=undo]", back, False])
        tb, to = page.evaluate(TIMED_CLICK, [index, "[data-testid=redo]", steps, odds])
        board.append(tb)
        panel.append(to)
    return [summary(f"{label}: click -> board", board)] + (
        [summary(f"{label}: click -> odds", panel)] if odds else [])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=20)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright
    root = prepare(Path(tempfile.mkdtemp(prefix="odd-nb-latency-")))
    server = start_jupyter(root)
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            page = browser.new_page(viewport={"width": 1400, "height": 1100})
            open_and_run(server, page, LONG)
            kernel = server.kernel()
            kernel.wait("len(table.timeline.history) >= 15")
            kernel.run("table.paced = False")  # seat 1's moves at once: one redraw per click
            lines = []
            hand = kernel.value("[a['parts'][0] for a in table.board.actions "
                                "if len(a['parts']) == 1]")
            pairs = kernel.value("[a['parts'] for a in table.board.actions "
                                 "if len(a['parts']) == 2]")
            first, second = next([x, y] for x in hand for y in hand if x < y
                                 and [x, y] not in pairs and [y, x] not in pairs)
            base = [page.evaluate(BASELINE, [1, first, second]) for _ in range(args.rounds)]
            lines.append(summary("baseline: refused request round trip", base))
            # Regicide, seat 0 at step 1: a play, then the odds of every play (§3)
            kernel.run("table.timeline.play(table.timeline.legal_actions()[0])")
            lines += undo_redo(page, kernel, 1, "table", args.rounds, "Regicide step 1")
            # One Deck Dungeon before the roll (encounter odds) and after it (best placement)
            kernel.run("while dungeon.timeline.state.phase not in ('peril', 'feats'):\n"
                       "    dungeon.send({'kind': 'agent step'})\n"
                       "dungeon.send({'kind': 'agent step'})\n"
                       "while dungeon.timeline.state.phase not in ('peril', 'feats'):\n"
                       "    dungeon.timeline.undo()")
            lines += undo_redo(page, kernel, 0, "dungeon", max(3, args.rounds // 4),
                               "One Deck Dungeon before the roll")
            kernel.run("while dungeon.timeline.state.phase != 'dice':\n"
                       "    dungeon.send({'kind': 'agent step'})\n"
                       "dungeon.send({'kind': 'agent step'})")
            lines += undo_redo(page, kernel, 0, "dungeon", args.rounds,
                               "One Deck Dungeon placing dice")
            # late in a long game: the move list holds hundreds of steps
            # (then to a placement, as above: the game goes on, or back from its end)
            kernel.run("t = dungeon.timeline\n"
                       "while len(t.history) < LATE and not t.state.is_terminal:\n"
                       "    dungeon.send({'kind': 'agent step'})\n"
                       "while not t.state.is_terminal and t.state.phase != 'dice':\n"
                       "    dungeon.send({'kind': 'agent step'})\n"
                       "while t.state.is_terminal or t.state.phase != 'dice':\n"
                       "    t.undo()\n"
                       "dungeon.send({'kind': 'agent step'})".replace("LATE", str(LATE)))
            steps = kernel.value("len(dungeon.timeline.history)")
            began = time.perf_counter()
            page.wait_for_function(CAUGHT_UP, arg=[0, steps], timeout=LONG)
            lines.append(f"{'the board caught up with those steps, after the cell':<50} "
                         f"{(time.perf_counter() - began) * 1000:7.0f} ms")
            lines += undo_redo(page, kernel, 0, "dungeon", args.rounds,
                               f"One Deck Dungeon, {steps} steps in the move list", odds=False)
            browser.close()
    finally:
        server.stop()
    print("\n".join(lines))
    print("goals (issue 26): click -> board under 100 ms median and 250 ms p95; click -> odds "
          "under 250 ms median")


if __name__ == "__main__":
    main()
