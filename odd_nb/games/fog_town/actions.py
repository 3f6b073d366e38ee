"""Actions and chance outcomes as small values (§4): each a named tuple of a kind, up to two
arguments and its text, so that ``str()`` reads like the table talk ("move to the Chapel",
"strike with 3 points") and is unique among one state's choices.

>>> a = Action(STRIKE, 3, None, "strike with 3 points")
>>> str(a), a == Action(STRIKE, 3, None, "strike with 3 points")
('strike with 3 points', True)
"""

from __future__ import annotations

from typing import Any, NamedTuple

# decisions
START_AT = "start at"        # §2.6, §3.1: put the figure on a starting location
SUMMON = "summon"            # §3.2, §10
REST = "rest"                # §3.3
ROLL = "roll"                # §3.3
BANK = "bank"                # §3.4
TAKE_AP = "take"             # §3.4: keep a low roll as AP instead of banking it
MOVE = "move"                # §4.1
EXPLORE = "explore"          # §4.3, §4.4
STRIKE = "strike"            # §7.2
ESCAPE = "escape"            # §7.6
TOKEN_ESCAPE = "give up"     # §7.7
SWITCH = "switch"            # §8.3
RELOAD = "reload"            # §8.2
CLAIM = "claim"              # §13
END_TURN = "end turn"        # §3.6

# chance
FIRST = "first"              # §2.5, A4
DIE = "die"                  # §1.6
REVEAL = "reveal"            # §4.2, §4.3 (A25: (pool, card))
DEAL = "deal"                # A25: which pool a dealt place belongs to


class Action(NamedTuple):
    """A decision or a chance outcome: ``kind``, its arguments and its text."""

    kind: str
    arg: Any = None
    arg2: Any = None
    text: str = ""

    def __str__(self) -> str:
        return self.text or self.kind

    def __repr__(self) -> str:
        return f"<{self.text}>"


def act(kind: str, arg=None, arg2=None, text: str | None = None) -> Action:
    return Action(kind, arg, arg2, text or kind)


ROLL_DIE = act(ROLL, text="roll the die")
REST_HERE = act(REST, text="rest")
END = act(END_TURN, text="end the turn")

__all__ = ["Action", "act", "ROLL_DIE", "REST_HERE", "END", "START_AT", "SUMMON", "REST",
           "ROLL", "BANK", "TAKE_AP", "MOVE", "EXPLORE", "STRIKE", "ESCAPE", "TOKEN_ESCAPE",
           "SWITCH", "RELOAD", "CLAIM", "END_TURN", "FIRST", "DIE", "REVEAL", "DEAL"]
