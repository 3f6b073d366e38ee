"""Play by clicking in a real JupyterLab: One Deck Dungeon and Regicide boards of
``notebooks/04-play.ipynb``, checked on the page and in the kernel's Timeline."""

from __future__ import annotations

import re

from jupyter_kit import open_and_run
from playwright.sync_api import expect

LONG = 180_000  # ms: a cold kernel on a busy 2-core machine; a hang guard, not a speed test


def wait_history(board, steps: int):
    """Wait until the board's history shows ``steps`` steps taken (undone ones are listed
    too, as the future)."""
    expect(board.locator(".history li.past")).to_have_count(steps, timeout=LONG)


def test_core_play_one_deck_dungeon_and_regicide_by_clicking(lab, page):
    dungeon, table = open_and_run(lab, page, LONG)
    kernel = lab.kernel()
    kernel.wait("len(table.timeline.history) >= 15")

    # One Deck Dungeon: the notebook played "time passes" from a cell; the board followed it
    assert kernel.value("str(dungeon.timeline.history[0])") == "time passes"
    dungeon.get_by_role("button", name="explore", exact=True).click()
    steps = kernel.value("len(dungeon.timeline.history)")
    assert kernel.value("str(dungeon.timeline.history[3])") == "explore"
    wait_history(dungeon, steps)

    # ... to the dice (the agent plays from the kernel), then a die and a box by clicking (E4)
    kernel.run("while not any(len(a['parts']) == 2 and a['parts'][1].startswith('box:') "
               "for a in dungeon.board.actions):\n    dungeon.send({'kind': 'agent step'})")
    place = kernel.value("next(a for a in dungeon.board.actions if len(a['parts']) == 2 "
                         "and a['parts'][1].startswith('box:'))")
    before = kernel.value("len(dungeon.timeline.history)")
    wait_history(dungeon, before)
    dungeon.get_by_test_id(f"piece-{place['parts'][0]}").first.click()
    dungeon.get_by_test_id(f"piece-{place['parts'][1]}").click()
    wait_history(dungeon, before + 1)
    assert kernel.value("str(dungeon.timeline.history[-1])") == place["text"]

    # undo and redo by clicking: the kernel's Timeline moves, the page shows it
    dungeon.get_by_test_id("undo").click()
    wait_history(dungeon, before)
    assert kernel.value("len(dungeon.timeline.history)") == before
    assert kernel.value("dungeon.timeline.can_redo") is True
    # a die selected, then Hint: the hinted move does not hold that die, so the selection is
    # dropped and the hint can be followed by its own pieces or button (A24, E4)
    hint = kernel.value("(lambda s: (lambda a: {'parts': dungeon.view.parts(s, a), "
                        "'text': str(a)})(dungeon.view.hint(s)))(dungeon.timeline.state)")
    die = kernel.value("[k for a in dungeon.board.actions for k in a['parts'] "
                       "if k.startswith('die:') and k not in %r][0]" % hint["parts"])
    dungeon.get_by_test_id(f"piece-{die}").first.click()
    expect(dungeon.get_by_test_id("clear")).to_have_count(1, timeout=LONG)
    dungeon.get_by_test_id("hint").click()
    expect(dungeon.get_by_test_id("clear")).to_have_count(0, timeout=LONG)
    if hint["parts"]:
        for key in hint["parts"]:
            expect(dungeon.get_by_test_id(f"piece-{key}").first).to_have_class(
                re.compile("hinted"))
    else:
        expect(dungeon.get_by_role("button", name=hint["text"], exact=True)).to_be_visible()

    dungeon.get_by_test_id("redo").click()
    wait_history(dungeon, before + 1)
    assert kernel.value("str(dungeon.timeline.history[-1])") == place["text"]

    # an illegal choice: two cards that make no play (§3 step 1); the reason is shown in words
    hand = kernel.value("[a['parts'][0] for a in table.board.actions if len(a['parts']) == 1]")
    pairs = kernel.value("[a['parts'] for a in table.board.actions if len(a['parts']) == 2]")
    wrong = next([x, y] for x in hand for y in hand if x < y and [x, y] not in pairs
                 and [y, x] not in pairs)
    steps = kernel.value("len(table.timeline.history)")
    for card in wrong:
        table.get_by_test_id(f"piece-{card}").click()
    table.get_by_test_id("message").filter(has_text="no legal play").wait_for(timeout=LONG)
    assert kernel.value("table.board.message_kind") == "error"
    assert kernel.value("len(table.timeline.history)") == steps

    # Regicide, seat 0: select a card, play it with the button that names it (§3 step 1)
    hand = kernel.value("[a['parts'] for a in table.board.actions if len(a['parts']) == 1]")
    card = hand[0][0]
    text = kernel.value(f"next(a['text'] for a in table.board.actions if a['parts'] == "
                        f"[{card!r}])")
    before = kernel.value("len(table.timeline.history)")
    table.get_by_test_id(f"piece-{card}").click()
    table.get_by_role("button", name=text, exact=True).click()
    kernel.wait(f"len(table.timeline.history) > {before}")
    assert kernel.value("str(table.timeline.history[%d])" % before) == text
    table.get_by_test_id("status").filter(has_text=re.compile("seat 0|won|lost")).wait_for()

    assert page.errors == []
