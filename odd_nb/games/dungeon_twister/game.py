"""The game of Dungeon Twister as the registry knows it (``odd_nb.load_game("dungeon-twister")``):
its options (§16.1), its setup (§4), its agents, its widget view and how its states show
themselves. The top of the package.

>>> game = DungeonTwister()
>>> [o.name for o in game.options()]
['round_limit', 'jump_straight_only', 'cleric_heals_enemies', 'perfect_memory']
"""

from __future__ import annotations

from os import PathLike

from ...core.errors import LoadError, OptionError
from ...core.game import Game, Option
from . import render
from .actions import NUM_TOKENS, is_character, side_of
from .agents import HeuristicAgent, SearchAgent
from .content import Content, load_content
from .state import DungeonTwisterState, Rules
from .view import DungeonTwisterView


def _round_limit(value):
    if value is None or (type(value) is int and value >= 1):
        return value
    raise OptionError(f"option round_limit={value!r} is not allowed; choose a whole number of "
                      f"rounds from 1, or None for no limit")


class DungeonTwister(Game):
    """Dungeon Twister for two players (rules: docs/rules/dungeon-twister.md).

    ``content``: the rooms to play with instead of the shipped ones: a path to a rooms file
    (``data/SCHEMA.md``), the file's data as a dict, or a loaded ``Content``.
    """

    name = "dungeon-twister"

    def __init__(self, content=None):
        if isinstance(content, Content):
            self.content = content
        elif content is None or isinstance(content, (dict, str, PathLike)):
            self.content = load_content(content)
        else:
            raise LoadError(f"content must be a path to a rooms file, rooms data (a dict) or a "
                            f"Content, not {type(content).__name__}")

    @property
    def data_name(self) -> str | None:
        return None if self.content.name == "odd_nb rooms" else self.content.name

    def options(self) -> list[Option]:
        return [
            Option("round_limit", 40, "the game ends after this many rounds, more points "
                   "winning (§13.2, A32); None: no limit", None, check=_round_limit),
            Option("jump_straight_only", True, "a jump lands straight beyond the pit; off: on "
                   "any open neighbour of the pit (§8.6, A10)", (True, False)),
            Option("cleric_heals_enemies", True, "the Cleric may heal enemies too (§10.2, A16)",
                   (True, False)),
            Option("perfect_memory", False, "each seat sees the opponent's remaining combat "
                   "cards exactly, not only their number (§14.4, A20)", (True, False)),
        ]

    def strict_undo(self, options: dict) -> bool:
        """§14: secrets between two players (face-down tokens, combat cards), so undo never
        goes back over a reveal or a draw."""
        return True

    def strict_undo_at(self, state) -> bool:
        return True

    def initial_state(self, options: dict) -> DungeonTwisterState:
        """Setup (§4): every token in its owner's reserve, the cards in hand (§4.4), the rooms
        hidden (their content is drawn when revealed, A5), every portcullis closed; seat 0
        chooses its starting characters first (A35), then who places first is drawn (A30, A38)
        and seat 1 chooses."""
        c = self.content
        rules = Rules(content=c, round_limit=options["round_limit"],
                      jump_straight_only=options["jump_straight_only"],
                      cleric_heals_enemies=options["cleric_heals_enemies"],
                      perfect_memory=options["perfect_memory"])
        return DungeonTwisterState(
            rules=rules, phase="choose", loc=(("reserve",),) * NUM_TOKENS,
            ports=("closed",) * len(c.portcullises),
            action_hand=(c.action_cards, c.action_cards),
            combat_hand=(c.combat_cards, c.combat_cards), jumps=(c.jump_cards, c.jump_cards))

    text = staticmethod(render.text)  # str(state): the table as text
    html = staticmethod(render.html)  # state._repr_html_(): the table as HTML

    def view(self):
        return DungeonTwisterView(self)

    def agents(self) -> dict:
        """``search`` runs a fixed number of rollouts, so a study gives the same results on any
        machine."""
        return {**super().agents(), "heuristic": HeuristicAgent,
                "search": lambda: SearchAgent(iterations=60)}

    def final_stats(self, state: DungeonTwisterState) -> dict:
        """Points, the winner (-1 a draw, None unfinished), rounds, and per side the
        characters that left the labyrinth and those killed."""
        stats = {"points_yellow": state.points[0], "points_blue": state.points[1],
                 "winner": "none" if state.winner is None else
                 "draw" if state.winner == -1 else ("yellow", "blue")[state.winner],
                 "rounds": state.round, "reason": state.reason}
        for seat, colour in enumerate(("yellow", "blue")):
            mine = [t for t in range(NUM_TOKENS) if side_of(t) == seat and is_character(t)]
            stats[f"out_{colour}"] = sum(1 for t in mine if state.loc[t] == ("out",))
            stats[f"killed_{colour}"] = sum(1 for t in mine if state.loc[t] == ("dead",))
        return stats


__all__ = ["DungeonTwister"]
