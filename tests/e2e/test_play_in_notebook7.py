"""The play notebook in Jupyter Notebook 7: the boards render, a click plays, Undo (from the
keyboard) undoes."""

from __future__ import annotations

from jupyter_kit import open_and_run
from playwright.sync_api import expect

LONG = 180_000  # ms: a hang guard for a cold kernel on a busy machine, not a speed test


def test_core_play_in_notebook7(notebook7, page):
    dungeon, table = open_and_run(notebook7, page, LONG, url="/notebooks/play.ipynb")
    # Notebook 7.6 itself throws one error while loading its settings, before any cell runs
    # ("reading 'schema'", from its own bundle): only errors after that count
    page.errors[:] = [e for e in page.errors if "'schema'" not in e]
    kernel = notebook7.kernel()
    past = dungeon.locator(".history li.past")
    expect(past).to_have_count(3, timeout=LONG)
    dungeon.get_by_role("button", name="explore", exact=True).click()
    expect(past).to_have_count(4, timeout=LONG)
    assert kernel.value("str(dungeon.timeline.history[-1])") == "explore"
    dungeon.get_by_test_id("undo").focus()  # keyboard: every control is a real button
    page.keyboard.press("Enter")
    expect(past).to_have_count(3, timeout=LONG)
    assert kernel.value("dungeon.timeline.can_redo") is True
    expect(table.get_by_test_id("status")).to_contain_text("seat 0")
    assert page.errors == []
