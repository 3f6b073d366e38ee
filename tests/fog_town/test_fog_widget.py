"""The play widget on Fog Town (docs/design.md "How a click is read"): every legal action is a
button or is chosen by clicking pieces that are on the board, and the widget plays whole games
by the browser's messages, 1 and 3 players."""

import random
from collections import Counter

import pytest

from odd_nb.core.view import every_piece
from odd_nb.widgets import play


def browser(w, **request):
    w.board.request = dict(request)


@pytest.mark.parametrize("options", [{"content": "test"}, {"players": 3}])
def test_every_action_is_a_button_or_clicks_on_the_board(options):
    for seed in range(2):
        w = play("fog-town", seed=seed, **options)
        rng = random.Random(seed)
        for _ in range(60):
            if w.timeline.state.is_terminal:
                break
            board = w.board.board
            keys = Counter(p["key"] for p in every_piece(board) if "key" in p)
            assert all(n == 1 for n in keys.values()), "keys are unique"
            for a in w.board.actions:
                parts = Counter(a["parts"])
                assert all(keys[k] >= n for k, n in parts.items()), (a, keys)
            before = w.timeline.state
            browser(w, kind="act", id=rng.randrange(len(w.board.actions)),
                    version=w.board.version)
            if options.get("players", 1) == 1:  # hot seat first shows a "pass to" screen
                assert w.timeline.state is not before
