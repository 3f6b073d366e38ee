"""The same play notebook as a Voila app (no code, only the boards): play by clicking, undo and
redo, and the kernel's Timeline follows."""

from __future__ import annotations

from playwright.sync_api import expect

LONG = 180_000  # ms: a hang guard for a cold kernel on a busy machine, not a speed test


def test_core_play_in_voila(voila, page):
    page.goto(voila.url)
    boards = page.get_by_test_id("board")
    boards.nth(1).wait_for(timeout=LONG)
    dungeon, table = boards.nth(0), boards.nth(1)
    assert "odd_nb.play(" not in page.content()  # Voila shows outputs, never the code
    kernel = voila.kernel()

    past = dungeon.locator(".history li.past")
    expect(past).to_have_count(3, timeout=LONG)  # the notebook's own "time passes" + reveals
    dungeon.get_by_role("button", name="explore", exact=True).click()
    expect(past).to_have_count(4, timeout=LONG)
    assert kernel.value("str(dungeon.timeline.history[-1])") == "explore"

    dungeon.get_by_test_id("undo").click()
    expect(past).to_have_count(3, timeout=LONG)
    assert kernel.value("[len(dungeon.timeline.history), dungeon.timeline.can_redo]") == [3, True]
    dungeon.get_by_test_id("redo").click()
    expect(past).to_have_count(4, timeout=LONG)

    # the odds table of Regicide (§3) is on the page, computed in the kernel
    expect(table.get_by_test_id("odds")).to_contain_text("survive", timeout=LONG)
    first = kernel.value("table.board.actions[0]")
    table.get_by_test_id(f"piece-{first['parts'][0]}").click()
    table.get_by_role("button", name=first["text"], exact=True).click()
    table.locator(".history li.past", has_text=first["text"]).wait_for(timeout=LONG)
    assert first["text"] in kernel.value("[str(e) for e in table.timeline.history]")
    # auto-play: the ipywidgets toggle starts the agent, the browser paces it, a click stops it
    game = page.locator(".odd-nb-game").nth(0)
    game.locator(".odd-nb-speed input, .odd-nb-speed .slider").first.wait_for(timeout=LONG)
    start = kernel.value("len(dungeon.timeline.history)")
    game.locator(".odd-nb-autoplay").click()
    kernel.wait(f"len(dungeon.timeline.history) >= {start} + 10 "
                "or dungeon.timeline.state.is_terminal")
    game.locator(".odd-nb-autoplay").click()
    kernel.wait("not dungeon.board.autoplay")
    stopped = kernel.value("len(dungeon.timeline.history)")
    page.wait_for_timeout(1500)  # five moves' worth at the default pace: none may come
    assert kernel.value("len(dungeon.timeline.history)") == stopped > start
    assert page.errors == []
