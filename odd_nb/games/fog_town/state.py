"""A Fog Town position: the options in force (``Rules``), each player's board (``Player``) and
the immutable ``FogState`` with the core protocol (legal actions, chance, ``apply``,
observation). ``apply_by_rules`` copies the state into a ``FogDraft`` and the rule functions
of ``rules.py`` change it in the rulebook's order; ``apply`` gives the same states, its most
frequent steps made faster by ``fast.py``.

>>> import odd_nb
>>> s = odd_nb.start("fog-town", content="test", seed=1).state
>>> s.phase, s.clock, [str(a) for a in s.legal_actions()]
('setup', 0, ['start at the Ferry Landing', 'start at the Post Office'])
"""

from __future__ import annotations

from dataclasses import dataclass, field
from math import gcd as _gcd

from ...core.draft import Draft
from ...core.state import CHANCE, TERMINAL, State
from . import fast, rules
from .clock import scores, winners
from .content import Content
from .knowledge import observation
from .actions import Action


@dataclass(frozen=True, slots=True)
class Rules:
    """The start options in force (§16): players, the Keeper push-back of the difficulty (§2.7),
    ``boss_token_escape`` (A14), ``death_token`` (A17), ``hunter_per_round`` (A21),
    ``die_faces`` (A3), the Blackout effect (A22, ``None`` for "none") and the first player
    (A4, ``None`` for random)."""

    players: int = 1
    difficulty: str = "normal"
    push_back: int = 2
    boss_token_escape: bool = True
    death_token: str = "close_location"
    hunter_per_round: int = 1
    die_faces: int = 6
    blackout: str | None = None
    first_player: int | None = None


@dataclass(frozen=True, slots=True)
class Player:
    """A player board (§1.5). ``hand`` and ``weapons`` hold weapons as ``(home, card,
    loaded)``, ``items`` ammunition and clues as ``(home, card)`` (home: the pile a card
    came from, -1 for a grant, A12). ``node`` is ``None`` while the figure is off the map."""

    node: str | None = None
    wounds: int = 0
    hand: tuple | None = None
    weapons: tuple = ()
    items: tuple = ()
    trophies: int = 0
    tokens: tuple = ()
    keepers: tuple = ()
    endings: tuple = ()
    banked: int = 0
    deaths: int = 0


#: who decides in each phase that is not a player's (rules.py lists the phases)
_MOVER = {"over": TERMINAL, "first": CHANCE, "roll": CHANCE, "draw": CHANCE, "deal": CHANCE}
_CHANCE_PHASES = frozenset(("first", "roll", "draw", "deal"))


@dataclass(frozen=True)
class FogState(State):
    """A position. ``piles[0]`` is the street deck, ``piles[i]`` the room deck of the i-th
    explorable location (``content.explorable``); ``status`` says of each whether it is
    "open", "completed" or "closed"."""

    content: Content
    rules: Rules
    players: tuple
    fights: tuple
    piles: tuple
    status: tuple
    clock: int = 0
    bells: tuple = ()
    blackout_until: int = 0
    round: int = 1
    first: int = 0
    current: int = 0
    phase: str = "first"
    ap: int = 0
    rolled: int = 0
    escaped: bool = False
    pending: tuple = ()
    dealing: int = 0
    claimed: tuple = ()
    ended: str = ""
    _legal: tuple | None = field(default=None, init=False, compare=False, repr=False)
    _weights: tuple | None = field(default=None, init=False, compare=False, repr=False)
    _sampled: object = field(default=None, init=False, compare=False, repr=False)

    game_name = "fog-town"

    # -- the protocol ---------------------------------------------------------------------
    @property
    def num_players(self) -> int:
        return self.rules.players

    @property
    def to_move(self) -> int:
        return _MOVER.get(self.phase, self.current)

    @property
    def is_chance(self) -> bool:
        return self.phase in _CHANCE_PHASES

    @property
    def is_terminal(self) -> bool:
        return self.phase == "over"

    def returns(self) -> list[float]:
        """§14, A24: 1 for each player sharing the highest score once the town is done or a
        Sleeper is defeated, 0 otherwise (and for everyone at midnight)."""
        if self.phase != "over":
            return [0.0] * self.num_players
        won = winners(self)
        return [1.0 if i in won else 0.0 for i in range(self.num_players)]

    def scores(self) -> list[int]:
        return scores(self)

    def legal_actions(self):
        """What the player to move may do (``fast.legal``, remembered; empty at chance nodes
        and at the end)."""
        if self.phase in _MOVER:
            return []
        return self._legal_actions()

    def _legal_actions(self):
        legal = self._legal
        if legal is None:  # worked out once per state: the agent and ``apply`` both ask
            legal = tuple(fast.legal(self))  # rules.legal_actions, remembered
            object.__setattr__(self, "_legal", legal)
        return list(legal)

    def is_legal(self, action) -> bool:
        """Whether ``action`` is legal here (the cached choices, without copying them)."""
        legal = self._legal
        if legal is None:
            self._legal_actions()
            legal = self._legal
        try:
            return action in legal
        except TypeError:  # an unhashable or incomparable value is no action of ours
            return False

    def sample_chance(self, u: float):
        """The outcome at cumulative probability ``u``, as the core's, in whole numbers."""
        if self.phase == "roll":  # equal chances: the face at ``u``
            return rules.die_outcomes(self.rules.die_faces)[int(u * self.rules.die_faces)][0]
        if self.phase == "draw":  # remembered: ``apply`` need not look for it again
            outcome = fast.sample_reveal(self, u)
            object.__setattr__(self, "_sampled", outcome)
            return outcome
        outcomes = self._chance_outcomes()
        denominator = 1
        for _, p in outcomes:
            denominator = denominator * p.denominator // _gcd(denominator, p.denominator)
        point, total = u * denominator, 0
        for outcome, p in outcomes:
            total += p.numerator * (denominator // p.denominator)
            if point < total:
                return outcome
        return outcomes[-1][0]

    def _chance_outcomes(self):
        outcomes = self._legal
        if outcomes is None:  # the same cache: a state is a chance node or a decision
            outcomes = tuple(rules.chance_outcomes(self))
            object.__setattr__(self, "_legal", outcomes)
        return list(outcomes)

    def apply(self, action) -> "FogState":
        """The state after ``action`` (``IllegalAction`` if the rules do not allow it), by
        ``fast.apply``: the roll, the die, a move, the usual card turned over and the end of a
        turn without a Draft, every other step by the rule functions; the same states as
        ``apply_by_rules``."""
        return fast.apply(self, action)

    def apply_by_rules(self, action) -> "FogState":
        """The reference for ``apply``: every step on a ``FogDraft`` by the rule functions,
        in the rulebook's order, its legality checked against ``rules.legal_actions``."""
        if self.is_terminal or self.is_chance:
            return State.apply(self, action)
        try:
            allowed = action in rules.legal_actions(self)
        except TypeError:  # an unhashable or incomparable value is no action of ours
            allowed = False
        if not allowed:
            raise self.refusal(action)
        return self._apply(action)

    def _apply(self, action) -> "FogState":
        d = FogDraft(self)
        if self.is_chance:
            rules.happen(d, action)
        else:
            rules.do(d, action)
        return d.freeze()

    def reveal_weights(self) -> tuple:
        """The weights of the card this draw turns over (``Pile.reveal_weights``), once."""
        if self._weights is None:
            pile = self.piles[self.pending[0]]
            object.__setattr__(self, "_weights", fast.reveal_weights(pile, self.pending[1]))
        return self._weights

    def is_outcome(self, outcome) -> bool:
        """Whether ``outcome`` is an outcome of this node, checked without listing them all
        for the die and for a card turned over."""
        if self.phase == "roll":
            return any(o == outcome for o, _ in rules.die_outcomes(self.rules.die_faces))
        if self.phase == "draw" and type(outcome) is Action and outcome.kind == "reveal":
            try:
                return rules.sample_reveal_check(self, outcome)
            except (TypeError, ValueError, KeyError):
                return False
        return super().is_outcome(outcome)

    def explain_illegal(self, action) -> str:
        return rules.explain(self, action)

    def chance_label(self) -> str:
        return {"first": "the first player", "roll": "the die", "deal": "a stack's place",
                "draw": "the card turned over"}.get(self.phase, "chance")

    def observation(self, player: int) -> dict:
        return observation(self, player)

    # -- reading ----------------------------------------------------------------------------
    @property
    def fight(self):
        """The fight of the player to move, or ``None``."""
        return self.fights[self.current] if self.phase != "over" else None

    def __repr__(self) -> str:
        return (f"<Fog Town {self.rules.players}p, round {self.round}, clock {self.clock}, "
                f"seat {self.current} {self.phase}>")


class FogDraft(Draft, state_class=FogState):
    """A mutable copy of a ``FogState`` for the rule functions (``core.draft``)."""

    turn_over = False

    def __init__(self, state: FogState):
        self.__dict__.update(state.__dict__)  # every field (and the caches, left unread)

    def freeze(self) -> FogState:
        """The next state, its fields set directly (the frozen dataclass's ``__init__`` sets
        them one by one through ``object.__setattr__``: the same value, made faster)."""
        state = _new_state(FogState)
        state.__dict__.update(zip(self._fields, self._read(self)))
        return state


_new_state = object.__new__
