"""Fog Town as the registry knows it (``odd_nb.load_game("fog-town")``): the start options
(§16), the setup (§2), the agents, the widget view and how a state shows itself. The top of
the package.

>>> import odd_nb
>>> game = odd_nb.load_game("fog-town")
>>> [o.name for o in game.options()][:3]
['players', 'difficulty', 'first_player']
"""

from __future__ import annotations

from os import PathLike

from ...core.errors import LoadError, OptionError
from ...core.game import Game, Option
from . import render
from .agents import HeuristicAgent, SearchAgent
from .content import SHIPPED, Content, load_content, load_content_data
from .piles import Pile
from .state import FogState, Player, Rules
from .view import FogView

_SHIPPED_CACHE: dict = {}


def shipped(name: str) -> Content:
    if name not in _SHIPPED_CACHE:
        _SHIPPED_CACHE[name] = load_content(name)
    return _SHIPPED_CACHE[name]


class FogTown(Game):
    """Fog Town for 1-4 players (rules: docs/rules/fog-town.md).

    ``content`` (§17): ``None`` for the shipped town, ``"test"`` for the test town of §17.2,
    or a town of your own: a path to a content file (``data/SCHEMA.md``), its parsed data (a
    dict) or a ``Content``. ``odd_nb.start("fog-town", content=...)`` passes it here.

    >>> s = FogTown(content="test").new_initial_state(players=2)
    >>> s.phase, s.clock, s.num_players
    ('first', 0, 2)
    """

    name = "fog-town"

    def __init__(self, content=None):
        if isinstance(content, dict):
            content = load_content_data(content, "the content given")
        elif content is None or isinstance(content, (str, PathLike)):
            content = shipped(content) if content is None or content in SHIPPED \
                else load_content(content)
        elif not isinstance(content, Content):
            raise LoadError(f"content must be a path to a content file, content data (a dict), "
                            f"a Content or a shipped town {sorted(SHIPPED)}, not "
                            f"{type(content).__name__}")
        self.content = content

    @property
    def data_name(self):
        """``None`` for the shipped town; otherwise the town's name, recorded in save files."""
        c = self.content
        return None if c.shipped and c.name == "fog-town" else c.name

    def options(self) -> list[Option]:
        def seat(value):
            if value == "random":
                return value
            if type(value) is not int or not 0 <= value <= 3:
                raise OptionError(f"option first_player={value!r} is not allowed; choose "
                                  f"'random' or a seat number 0 to 3")
            return value

        def at_least(name, low):
            def check(value):
                if type(value) is not int or value < low:
                    raise OptionError(f"option {name}={value!r} is not allowed; choose a whole "
                                      f"number of at least {low}")
                return value
            return check

        return [
            Option("players", 1, "number of players, 1 to 4 (§2)", (1, 2, 3, 4)),
            Option("difficulty", "normal", "how far a defeated Keeper drives the Lamplighter "
                   "back: easy 3, normal 2, hard 1 space (§2.7, §9, §12.1)",
                   ("easy", "normal", "hard")),
            Option("first_player", "random", "'random' or the seat that goes first (§2.5, A4)",
                   None, seat),
            Option("boss_token_escape", True, "a Keeper may be escaped by giving up an own "
                   "location token (§7.7, A14)", (True, False)),
            Option("death_token", "close_location", "a death in a location closes it, or "
                   "costs the player an own location token (§11.2, A17)",
                   ("close_location", "own_token")),
            Option("hunter_per_round", 1, "the Lamplighter's steps at the end of each round, "
                   "at least 1 (§12.1, A21)", None, at_least("hunter_per_round", 1)),
            Option("die_faces", 6, "the faces of the die, at least 2 (§1.6, A3)", None,
                   at_least("die_faces", 2)),
            Option("blackout_effect", "none", "what a Blackout does: 'none' or an effect the "
                   "town defines (§12.2, A22)", None, self._blackout_check()),
        ]

    def _blackout_check(self):
        def check(value):
            effects = set(self.content.blackouts)
            if value != "none" and (not isinstance(value, str) or value not in effects):
                raise OptionError(f"option blackout_effect={value!r} is not allowed; choose "
                                  f"'none' or one of {sorted(effects)}")
            return value
        return check

    def strict_undo(self, options: dict) -> bool:
        """§15.4, A26: with two or more players undo stops at the last chance outcome seen."""
        return options["players"] > 1

    def strict_undo_at(self, state) -> bool:
        return state.rules.players > 1

    def initial_state(self, options: dict) -> FogState:
        """Setup (§2): decks shuffled (each one unordered segment), Keepers and Sleepers face up
        beside the map, the Lamplighter on 0, empty boards; the first player by chance or the
        option (A4); then each player picks a starting location."""
        c = self.content
        n = options["players"]
        first = options["first_player"]
        if first != "random" and first >= n:
            raise OptionError(f"option first_player={first} is not allowed with {n} "
                              f"player{'s' if n > 1 else ''}; choose 'random' or 0 to {n - 1}")
        rules = Rules(players=n, difficulty=options["difficulty"],
                      push_back=c.rules["push_back"][options["difficulty"]],
                      boss_token_escape=options["boss_token_escape"],
                      death_token=options["death_token"],
                      hunter_per_round=options["hunter_per_round"],
                      die_faces=options["die_faces"],
                      blackout=None if options["blackout_effect"] == "none"
                      else options["blackout_effect"],
                      first_player=None if first == "random" else first)
        piles = (Pile.new(c.street_deck, n),) + tuple(
            Pile.new(c.locations[loc].deck, n) for loc in c.explorable)
        chosen = 0 if n == 1 else rules.first_player
        return FogState(content=c, rules=rules, players=(Player(),) * n, fights=(None,) * n,
                        piles=piles, status=("open",) * len(c.explorable),
                        first=chosen or 0, current=chosen or 0,
                        phase="first" if chosen is None else "setup")

    text = staticmethod(render.text)  # str(state): the table as text
    html = staticmethod(render.html)  # state._repr_html_(): the table as HTML

    def view(self):
        return FogView(self)

    def agents(self) -> dict:
        """``search`` runs a fixed number of playouts (not a time budget), so a study gives the
        same results on any machine."""
        return {**super().agents(), "heuristic": HeuristicAgent, "search": SearchAgent}

    def final_stats(self, state: FogState) -> dict:
        """Scores, how the game ended, who died and how often, the clock and the rounds."""
        from .clock import scores, winners
        all_scores = scores(state)
        stats = {"ending": state.ended or "unfinished", "clock": state.clock,
                 "rounds": state.round, "best_score": max(all_scores),
                 "winners": " ".join(map(str, winners(state))),
                 "completed": state.status.count("completed"),
                 "closed": state.status.count("closed"),
                 "deaths": sum(p.deaths for p in state.players)}
        for i, p in enumerate(state.players):
            stats[f"score_{i}"] = all_scores[i]
            stats[f"deaths_{i}"] = p.deaths
            stats[f"endings_{i}"] = " ".join(p.endings)
        return stats


__all__ = ["FogTown", "SHIPPED"]
