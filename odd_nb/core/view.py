"""How a game shows itself on the play widget: the board as plain data, and how clicks map to actions.

The widget (``odd_nb.widgets``) knows nothing about any game. A game gives it a ``View`` whose
``board(state, seat)`` returns JSON-ready data made of a few tabletop pieces, and whose
``parts(state, action)`` names the pieces a player clicks to choose that action. The browser
collects the clicked pieces; when they name exactly one legal action it plays it.

Pieces (each a dict with a ``type``; every piece may carry a ``key``, which makes it clickable):

- ``{"type": "panel", "title", "lines": [...], "items": [...], "tone"}``: a card of the game
  (a hero, an encounter, an enemy) holding other pieces;
- ``{"type": "die", "colour", "value"}``;
- ``{"type": "box", "colour", "target", "wide", "armor", "text", "dice": [...], "covered"}``;
- ``{"type": "card", "rank", "suit", "red"}``: a playing card;
- ``{"type": "stat", "label", "value"}``; ``{"type": "text", "text"}``.

A board is ``{"title", "status", "zones": [{"title", "items": [...]}]}``.

>>> import odd_nb
>>> t = odd_nb.start("regicide", players=1, seed=3)
>>> view = t.game.view()
>>> board = view.board(t.state, 0)
>>> sorted(board)
['status', 'title', 'zones']
>>> action = t.legal_actions()[0]
>>> all(p.startswith("card:") for p in view.parts(t.state, action))
True
"""

from __future__ import annotations

from typing import Any


def piece(type_: str, key: str | None = None, **fields) -> dict:
    """One piece of a board; ``key`` makes it clickable.

    >>> piece("die", "die:0:yellow:5", colour="yellow", value=5)["key"]
    'die:0:yellow:5'
    """
    return {"type": type_, **({"key": key} if key else {}), **fields}


class View:
    """The default view: the state's text and every action as a button. Games override it."""

    def __init__(self, game):
        self.game = game

    def board(self, state, seat: int | None) -> dict:
        """The board as ``seat`` may see it (``None``: the player to move)."""
        return {"title": self.game.name, "status": self.status(state),
                "zones": [{"title": "state", "items": [piece("text", text=str(state))]}]}

    def status(self, state) -> str:
        if state.is_terminal:
            return "game over: " + ", ".join(f"{r:g}" for r in state.returns())
        return "chance" if state.is_chance else f"player {state.to_move} to move"

    def parts(self, state, action: Any) -> list[str]:
        """The keys of the pieces that choose ``action`` by clicking; ``[]`` for a button."""
        return []

    def auto(self, action: Any) -> bool:
        """Whether clicking all of ``action``'s parts plays it at once (a die, then a box) or
        waits for a button (cards in a hand: the player may add another card)."""
        return True

    def odds(self, state, seat: int | None) -> str | None:
        """Odds of the position as a small HTML table, or ``None``."""
        return None

    def refine_odds(self, state, seat: int | None, cancel) -> str | None:
        """Better odds than ``odds`` had time for, or ``None`` when there is nothing to better.
        The play widget calls it on a background thread while the person thinks, and sets
        ``cancel`` (a ``threading.Event``) when a click makes it moot: the work should then stop
        soon, e.g. by raising ``Cancelled`` (``odd_nb.core.progress``)."""
        return None

    def hint(self, state):
        """A good action here (from the game's solver or agent), or ``None``."""
        return None

    def explain(self, state, keys: list[str]) -> str:
        """Why the clicked pieces name no legal action, in the game's words."""
        return "no legal action uses that choice; click a highlighted piece or pick an action"
