"""The state protocol every game implements, and the errors the core raises.

A game state is an immutable value. It says who decides now (``to_move``), what they may do
(``legal_actions()``), and ``apply(action)`` returns the next state, leaving this one untouched.
Randomness is explicit: when ``is_chance`` is true, ``chance_outcomes()`` lists every outcome with
its exact probability and ``apply(outcome)`` takes one of them.

Actions and chance outcomes are small hashable values whose ``str()`` is readable and unique among
the choices of one state: save files and ``Timeline.play("explore")`` rely on that.

Designed for every game odd_nb plays: co-operative parties (One Deck Dungeon), 2-4 players with
hidden hands (Regicide: ``observation(player)`` hides other hands), secret simultaneous choices
(Dungeon Twister: players commit in turn and the observation hides the committed card until the
reveal), and board games with rolled action points (a chance node like any other).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, ClassVar, Hashable, Sequence

from .errors import IllegalAction, LoadError, OptionError
from .registry import game_type

#: ``to_move`` of a chance node.
CHANCE = -1
#: ``to_move`` of a finished game.
TERMINAL = -4


class State:
    """Base class of all game states.

    Subclasses implement ``_legal_actions()``, ``_apply(action)``, ``_chance_outcomes()`` and the
    properties below. ``apply`` checks legality first, so a game only explains *why* an action is
    illegal (``explain_illegal``), never has to guard against it twice.

    >>> import odd_nb
    >>> s = odd_nb.start("one-deck-dungeon", seed=1).state
    >>> [str(a) for a in s.legal_actions()][:1]
    ['time passes']
    """

    __slots__ = ()

    #: The registered name of the game this state belongs to (``odd_nb.list_games()``): how the
    #: registry finds a state's game, and so its text, HTML and widget view.
    game_name: ClassVar[str] = ""

    # -- who decides ---------------------------------------------------------------------------
    @property
    def num_players(self) -> int:
        raise NotImplementedError

    @property
    def to_move(self) -> int:
        """The deciding player, ``CHANCE`` at a chance node, ``TERMINAL`` when the game is over."""
        raise NotImplementedError

    @property
    def is_chance(self) -> bool:
        return self.to_move == CHANCE

    @property
    def is_terminal(self) -> bool:
        return self.to_move == TERMINAL

    def returns(self) -> list[float]:
        """One number per player: 1 for a win, 0 for a loss, 0 while the game runs."""
        raise NotImplementedError

    # -- choices -------------------------------------------------------------------------------
    def legal_actions(self) -> list[Hashable]:
        """What the deciding player may do now (empty at chance nodes and at the end)."""
        if self.is_chance or self.is_terminal:
            return []
        return self._legal_actions()

    def chance_outcomes(self) -> list[tuple[Hashable, Fraction]]:
        """Every outcome of this chance node with its exact probability; they sum to 1."""
        if not self.is_chance:
            return []
        return self._chance_outcomes()

    def apply(self, action: Any) -> "State":
        """The state after ``action``. Raises ``IllegalAction`` (and changes nothing) if the rules
        do not allow it."""
        if self.is_terminal:
            raise IllegalAction(f"the game is over; {shown(action)} cannot be played")
        if self.is_chance:
            if not self.is_outcome(action):
                raise IllegalAction(f"{shown(action)} is not a possible outcome of "
                                    f"{self.chance_label()}")
        elif not self.is_legal(action):
            raise self.refusal(action)
        return self._apply(action)

    def refusal(self, action) -> IllegalAction:
        """The error for an action that is not legal here: the game's reason, in its words, or
        for a value no rule can read (a malformed action from outside), a plain one."""
        try:
            return IllegalAction(self.explain_illegal(action))
        except Exception:  # the action is malformed: its reason cannot even be worked out
            return IllegalAction(f"{shown(action)} is not an action of this game here")

    def is_legal(self, action) -> bool:
        """Whether ``action`` is among ``legal_actions()`` (games may answer faster)."""
        try:
            return action in self._legal_actions()
        except TypeError:  # an unhashable or incomparable value is no action of ours
            return False

    def is_outcome(self, outcome) -> bool:
        """Whether ``outcome`` is a possible outcome of this chance node."""
        try:
            return any(o == outcome for o, _ in self._chance_outcomes())
        except TypeError:
            return False

    def find_action(self, text: str):
        """The legal action (or chance outcome) whose ``str()`` is ``text``, else IllegalAction."""
        choices = [o for o, _ in self.chance_outcomes()] if self.is_chance else self.legal_actions()
        for choice in choices:
            if str(choice) == text:
                return choice
        shown = ", ".join(repr(str(c)) for c in choices[:12])
        more = "" if len(choices) <= 12 else f" and {len(choices) - 12} more"
        raise IllegalAction(f"{text!r} is not allowed here; allowed: {shown}{more}"
                            if choices else f"{text!r} is not allowed: the game is over")

    def sample_chance(self, u: float):
        """The outcome at cumulative probability ``u`` in [0, 1). Games may override this with a
        faster method that gives the same distribution."""
        total = Fraction(0)
        outcomes = self._chance_outcomes()
        for outcome, p in outcomes:
            total += p
            if u < total:
                return outcome
        return outcomes[-1][0]

    def play_chance(self, rng) -> "State":
        """The state after this chance node and every chance node right after it, each outcome
        drawn as ``sample_chance(rng.random())``: where the game next decides or ends. Games may
        override this to skip the states in between; the result and ``rng`` must be the same.

        >>> import random, odd_nb
        >>> s = odd_nb.start("one-deck-dungeon", seed=1).state
        >>> s = s.apply(s.find_action("time passes"))  # two cards to discard: two chance nodes
        >>> s.is_chance, s.play_chance(random.Random(2)).is_chance
        (True, False)
        """
        state = self
        while state.is_chance:
            state = state.apply(state.sample_chance(rng.random()))
        return state

    def chance_label(self) -> str:
        """What is random at this chance node, in words ("the top card of the deck")."""
        return "this chance node"

    def outcome_text(self, outcome: Any, player: int | None = None) -> str:
        """How a chance outcome of this node reads to ``player`` (``None``: to an onlooker who
        sees everything). Games with secret draws override this to hide, say, the card another
        seat drew; by default every outcome is public."""
        return str(outcome)

    def action_text(self, action: Any, player: int | None = None) -> str:
        """How a decision made here reads to ``player`` (``None``: to an onlooker who sees
        everything). Games where a seat decides in secret (a card committed face down) override
        this to say that it decided, not what; by default every decision is public."""
        return str(action)

    def explain_illegal(self, action: Any) -> str:
        return f"{action!s} is not a legal action here"

    def observation(self, player: int) -> dict:
        """What ``player`` may know, as plain JSON-ready data: nothing hidden from them."""
        raise NotImplementedError

    # -- how it shows itself: the game's own presentation (its ``game.py``) ----------------------
    def __str__(self) -> str:
        """The position as text, one fact a line (the game's ``text``)."""
        return game_type(self).text(self) if self.game_name else object.__repr__(self)

    def _repr_html_(self) -> str:
        """The position as compact HTML for Jupyter (the game's ``html``)."""
        return game_type(self).html(self)

    # -- to implement --------------------------------------------------------------------------
    def _legal_actions(self) -> Sequence[Hashable]:
        raise NotImplementedError

    def _chance_outcomes(self) -> list[tuple[Hashable, Fraction]]:
        raise NotImplementedError

    def _apply(self, action: Any) -> "State":
        raise NotImplementedError


def shown(action) -> str:
    """An action as text for a message, even a malformed one whose ``str`` fails.

    >>> shown("explore"), shown(object.__new__(type("Odd", (), {"__str__": lambda s: 1/0})))[:5]
    ('explore', '<odd_')
    """
    try:
        return str(action)
    except Exception:
        return repr(action)


__all__ = ["CHANCE", "TERMINAL", "IllegalAction", "LoadError", "OptionError", "State", "shown"]
