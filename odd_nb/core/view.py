"""How a game shows itself on the play widget: the board as plain data, and how clicks map to actions.

The widget (``odd_nb.widgets``) knows nothing about any game. A game gives it a ``View`` whose
``board(state, seat)`` returns JSON-ready data made of a few tabletop pieces, and whose
``parts(state, action)`` names the pieces a player clicks to choose that action. The browser
collects the clicked pieces; when they name exactly one legal action it plays it (or arms it
behind a confirm button, ``auto``).

The piece vocabulary (docs/design.md, "The board's pieces"). Every piece is a dict with a
``type``; any piece may carry a ``key`` (which makes it clickable: the element gets
``data-testid="piece-<key>"``), a ``label`` (what a screen reader says) and a ``note`` (a
tooltip in words). Pieces nest; a nested piece with a key is its own target.

- ``panel``: a card of the game (a hero, an encounter, an enemy, a skill, a seat):
  ``title``, ``lines`` (short texts), ``items`` (pieces), ``tone`` (``hero``, ``foe``,
  ``door``, ``option``, ``skill``, ``loot``, ``seat``, ``played``, ``active``...).
- ``die``: ``colour``, ``value`` (drawn as a die face with pips in its colour).
- ``box``: a box to cover with dice: ``colour``, ``target``, ``wide`` (two slots), ``armor``,
  ``skull``, ``damage``, ``time``, ``poison`` (drawn as icons), ``covered``, ``dice`` (pieces).
- ``card``: a playing card: ``rank``, ``suit`` (a symbol), ``red``.
- ``track``: a bar: ``label``, ``value``, ``max``, ``tone`` (``health``, ``damage``,
  ``attack``, ``shield``...), ``cells`` (draw ``max`` separate cells, as a health track).
- ``stat``: ``label``, ``value``, ``icon`` (one of the board's icons: ``damage``, ``time``,
  ``armor``, ``skull``, ``poison``, ``potion``, ``xp``, ``level``, ``deck``, ``door``,
  ``attack``, ``shield``, ``health``, ``die-<colour>``).
- ``text``: ``text``.
- ``token``: a figure or counter: ``text`` (1-3 characters), ``side`` (the owning seat, drawn
  in its colour; none: neutral), ``wounded``, ``face_down`` (its ``text`` then tells nothing),
  ``badge`` (a short text in its corner, e.g. what it carries).
- ``grid``: squares, row 0 on top: ``rows``, ``cols``, ``cells`` (each ``row``, ``col``,
  ``ground`` (``floor``, ``pit``, ``gear``, ``line``, ``exit``, ``hidden``), ``walls`` (a subset
  of ``"NESW"``), ``gates`` (side to ``closed``, ``open`` or ``broken``), ``mark``, ``items``;
  cells left out are floor) and ``regions`` (``row``, ``col``, ``rows``, ``cols``, ``label``:
  a room outlined, its label tab the piece a player clicks).
- ``map``: places joined by streets: ``width``, ``height`` (the units of x and y), ``places``
  (each ``id``, ``x``, ``y``, ``label``, ``kind`` (``street``: a small circle, ``place``: a
  labelled card), ``lines``, ``items``) and ``streets`` (``from``, ``to``: place ids; with a
  ``key``, a handle at its middle).

Cells, regions, places and streets take ``key``, ``label``, ``note`` and ``tone`` like any
piece. A new game adds piece types by adding one drawing function to
``widgets/static/board.js`` and a line here; existing games are untouched.

A board is ``{"title", "status", "zones": [{"title", "items": [...], "wide"}]}``; the widget
adds ``"outcome"`` (``View.summary``) once the game is over and ``"teach"`` (``View.teach``).

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

import random
import re
from dataclasses import dataclass
from typing import Any

from .errors import IllegalAction


def piece(type_: str, key: str | None = None, **fields) -> dict:
    """One piece of a board; ``key`` makes it clickable.

    >>> piece("die", "die:0:yellow:5", colour="yellow", value=5)["key"]
    'die:0:yellow:5'
    """
    return {"type": type_, **({"key": key} if key else {}), **fields}


#: The fields of a piece that hold other pieces: a panel's items, a box's dice, a grid's cells
#: and regions, a map's places and streets.
NESTED = ("items", "dice", "cells", "regions", "places", "streets")


def every_piece(board: dict):
    """Every piece of a board, the nested ones too, in drawing order.

    >>> board = {"zones": [{"items": [piece("panel", items=[piece("die", "d:1", value=2)])]}]}
    >>> [p["type"] for p in every_piece(board)]
    ['panel', 'die']
    """
    stack = [p for zone in reversed(board["zones"]) for p in reversed(zone["items"])]
    while stack:
        p = stack.pop()
        yield p
        for field in reversed(NESTED):
            inner = p.get(field)
            if isinstance(inner, list):  # a track's ``cells`` is a flag, a grid's a list
                stack.extend(reversed(inner))


def rule_link(doc: str, heading: str) -> dict:
    """A rule section for the teaching pane: its heading and a link into ``docs/rules/<doc>``
    (a GitHub-style anchor of the heading).

    >>> rule_link("one-deck-dungeon.md", "E4 — Skills and placement")["href"]
    'one-deck-dungeon.md#e4--skills-and-placement'
    """
    anchor = re.sub(r"[^\w\- ]", "", heading.lower()).replace(" ", "-")
    return {"section": heading, "href": f"{doc}#{anchor}"}


@dataclass(frozen=True)
class Route:
    """Several of one seat's actions chosen by one click, e.g. a character's shortest way to a
    far square: ``text`` in words, ``parts`` the pieces clicked (as ``View.parts``), ``steps``
    the actions in order, each equal (``==``) to a legal action when its turn comes.

    >>> Route("the Wizard goes to c4 (2 AP)", ("tok-3", "sq-4-2"), ()).parts
    ('tok-3', 'sq-4-2')
    """

    text: str
    parts: tuple
    steps: tuple

    def __str__(self) -> str:
        return self.text


class View:
    """The default view: the state's text and every action as a button. Games override it."""

    def __init__(self, game):
        self.game = game

    def board(self, state, seat: int | None, last_moves: dict | None = None) -> dict:
        """The board as ``seat`` may see it (``None``: the player to move). ``last_moves``: in a
        game of several players, each seat's latest decision in the history so far as text
        (``{seat: "play 8♥"}``), which the state itself may not record; the widget gives it."""
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

    def routes(self, state, seat: int | None) -> list:
        """Chains of ``seat``'s own actions the board offers beside the legal actions, each
        chosen by one click (``Route``); none by default. A route whose parts are those of a
        legal action is not offered: the single action is what that click means."""
        return []

    def follow(self, state, route: Route) -> list:
        """The legal actions ``route`` plays from ``state``, in order, each the legal action
        equal to its step. Raises ``IllegalAction``, in the route's words, if a step is not
        legal when its turn comes or chance or another seat would come between."""
        played, s = [], state
        for step in route.steps:
            legal = [] if s.is_terminal or s.is_chance or s.to_move != state.to_move \
                else s.legal_actions()
            match = next((a for a in legal if a == step), None)
            if match is None:
                raise IllegalAction(f"{route.text}: the way is blocked after "
                                    f"{len(played)} step(s); nothing done")
            played.append(match)
            s = s.apply(match)
        return played

    def odds(self, state, seat: int | None) -> str | None:
        """Odds of the position as a small HTML table, or ``None``."""
        return None

    def refine_odds(self, state, seat: int | None, cancel) -> str | None:
        """Better odds than ``odds`` had time for, or ``None`` when there is nothing to better.
        The play widget calls it in the background while the person thinks (a thread, or in
        the browser a task that pauses whenever the work asks ``cancel.is_set()``, so ask it
        often: ``odd_nb.widgets.background``), and sets ``cancel`` (a ``threading.Event``) when
        a click makes it moot: the work should then stop soon, e.g. by raising ``Cancelled``
        (``odd_nb.core.progress``)."""
        return None

    def look_ahead(self, state, seat: int | None, cancel) -> None:
        """Work that makes the next click quicker, done in the background once ``refine_odds``
        is done (the same ``cancel``): e.g. the odds of the positions one decision on, kept
        where the click will find them. Nothing by default."""

    def hint(self, state):
        """A good action here, or ``None``: by default the choice of the game's first agent that
        is not the random one (its rules of thumb, ``heuristic``), the same each time it is asked;
        games with a solver override it."""
        if state.is_chance or state.is_terminal:
            return None
        agents = self.game.agents()
        name = next((n for n in agents if n != "random"), None)
        return None if name is None else agents[name]().choose(state, random.Random(0))

    def summary(self, state) -> dict:
        """How a finished game ended, for the banner: ``{"result": "won" | "lost" | "over",
        "title", "lines"}`` (a few facts in words)."""
        returns = state.returns()
        best = max(returns) if returns else 0
        return {"result": "won" if best > 0 else "lost" if best < 0 else "over",
                "title": "Game over", "lines": [self.status(state)]}

    def teach(self, state) -> dict | None:
        """For the teaching pane: ``{"text", "section", "href"}``, the current step of the turn
        in plain words and the rule it follows (``href`` relative to the repository's
        ``docs/rules/``), or ``None``."""
        return None

    def seat_name(self, state, seat: int) -> str:
        """How the history and the board name a seat."""
        return f"seat {seat}"

    def explain(self, state, keys: list[str]) -> str:
        """Why the clicked pieces name no legal action, in the game's words."""
        return "no legal action uses that choice; click a highlighted piece or pick an action"
