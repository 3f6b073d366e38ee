"""What a Dungeon Twister position holds (docs/rules/dungeon-twister.md): ``Rules`` (the data and
the start options) and ``DungeonTwisterState``, a frozen dataclass; ``apply`` copies it into a
``Draft`` and the rule functions (``rules.py``, ``moves.py``, ``combat.py``) change the draft in
the rulebook's order.

>>> import odd_nb
>>> s = odd_nb.load_game("dungeon-twister").new_initial_state()
>>> s.phase, s.to_move, len(s.legal_actions())
('choose', 0, 8)
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...core.draft import Draft
from ...core.state import CHANCE, TERMINAL, State
from . import knowledge, rules
from .content import Content


@dataclass(frozen=True)
class Rules:
    """The game's data and the start options (§16.1) that every position carries."""

    content: Content = field(repr=False)
    round_limit: int | None = 40
    jump_straight_only: bool = True
    cleric_heals_enemies: bool = True
    perfect_memory: bool = False


@dataclass(frozen=True, eq=True)
class DungeonTwisterState(State):
    """A position. ``phase`` says what is being decided:

    - ``first placer`` / ``first player`` / ``reveal``: chance nodes (§14.2);
    - ``choose``: a seat picks its starting characters (§4.2);
    - ``place``: a seat places a token face down in a room (§4.3);
    - ``action card``: the active player plays an action card (§5.1);
    - ``actions``: the active player spends AP (§5.2), ``move`` holding a movement under way;
    - ``placing``: tokens of a revealed room are placed (§6.3), by ``decider``;
    - ``combat``: combat cards are committed (§9.3), by ``decider``;
    - ``over``: the game has ended (§13).
    """

    rules: Rules
    phase: str
    decider: int = 0
    active: int = 0
    first_player: int = -1
    first_placer: int = -1
    round: int = 0
    points: tuple = (0, 0)
    loc: tuple = ()
    wounded: frozenset = frozenset()
    hurt_now: frozenset = frozenset()   # wounded this turn (§9.1)
    healed_now: frozenset = frozenset()  # healed or regenerated this turn (§10.2, §10.3)
    slots: tuple = (None,) * 8
    ports: tuple = ()
    action_hand: tuple = ((), ())
    combat_hand: tuple = ((), ())
    jumps: tuple = (0, 0)
    top_card: tuple = (None, None)
    highest: int = 0        # the highest action card played so far (§5.1)
    released: bool = False  # a 4 has been played (§5.1)
    ap: int = 0
    pool: tuple | None = None   # (drinker, AP) of a speed potion (A14)
    move: tuple | None = None   # (mover, kind, steps left, done, changed squares)
    pending: tuple = ()         # tokens still to place from a revealed room (§6.3)
    reveal_slot: int = -1
    combat: tuple | None = None  # (attacker, target, first card or None)
    last_combat: tuple | None = None  # public result of the last combat, for display
    turns_taken: int = 0
    winner: int | None = None   # 0, 1, or -1 for a draw
    reason: str = ""

    game_name = "dungeon-twister"

    # -- the core protocol ---------------------------------------------------------------------
    @property
    def num_players(self) -> int:
        return 2

    @property
    def to_move(self) -> int:
        phase = self.phase
        if phase in _CHANCE:
            return CHANCE
        if phase == "over":
            return TERMINAL
        return self.decider

    @property
    def is_chance(self) -> bool:
        return self.phase in _CHANCE

    @property
    def is_terminal(self) -> bool:
        return self.phase == "over"

    @property
    def outcome(self) -> str | None:
        """The result for Yellow (seat 0): ``"won"``, ``"lost"`` or ``"draw"``, None before the
        end. ``odd_nb.simulate`` records it, so ``summary``'s win rate is Yellow's; the frame's
        ``winner`` column names the side (§13)."""
        if self.phase != "over":
            return None
        return {None: None, -1: "draw", 0: "won", 1: "lost"}[self.winner]

    def returns(self) -> list[float]:
        if self.phase != "over" or self.winner in (None, -1):
            return [0.0, 0.0]
        return [1.0, -1.0] if self.winner == 0 else [-1.0, 1.0]

    def _known_legal(self) -> list:
        """The legal actions, worked out once (kept beside the fields, see CACHES)."""
        found = self.__dict__.get("_legal")
        if found is None:
            found = self.__dict__["_legal"] = rules.legal_actions(self)
        return found

    def _legal_actions(self):
        return list(self._known_legal())

    def _chance_outcomes(self) -> list:
        found = self.__dict__.get("_outcomes")
        if found is None:
            found = self.__dict__["_outcomes"] = rules.chance_outcomes(self)
        return list(found)

    def is_legal(self, action) -> bool:
        legal = self._known_legal()
        for a in legal:  # the usual case first: one of the very actions offered
            if a is action:
                return True
        try:
            return action in legal
        except TypeError:
            return False

    def _apply(self, action) -> "DungeonTwisterState":
        d = DungeonTwisterDraft(self)
        rules.apply(d, action)
        return d.freeze()

    def chance_label(self) -> str:
        return rules.chance_label(self)

    def explain_illegal(self, action) -> str:
        return rules.explain_illegal(self, action)

    def observation(self, player: int) -> dict:
        return knowledge.observation(self, player)

    def action_text(self, action, player: int | None = None) -> str:
        """How a decision reads in the history to ``player``: another seat's secret commit (a
        starting character, a combat card) reads without the secret (A35)."""
        return knowledge.action_text(self, action, player)

    def __hash__(self) -> int:  # the dataclass hash, kept despite the State base
        return hash((self.phase, self.decider, self.loc, self.slots, self.ports, self.points,
                     self.combat_hand, self.action_hand, self.move, self.ap, self.round))

    # -- reading helpers shared with the presentation -------------------------------------------
    @property
    def content(self) -> Content | None:
        """The rooms in use when they are not the shipped ones (so ``game_of`` reloads them)."""
        c = self.rules.content
        return None if c.name == "odd_nb rooms" else c


class DungeonTwisterDraft(Draft, state_class=DungeonTwisterState):
    """A mutable copy of a position for the rule functions."""

    def __init__(self, state):
        # a copy of the state's __dict__ (its fields) without what the state worked out: a
        # state is built for every small step, and copying the dict is the cheap way
        values = state.__dict__.copy()
        for key in CACHES:
            values.pop(key, None)
        if len(values) != len(self._fields):  # something else was kept on the state
            values = {key: values[key] for key in self._fields}
        self.__dict__ = values

    def freeze(self) -> DungeonTwisterState:
        # the fields as they are, without the frozen dataclass's __init__ (which sets them one
        # by one through object.__setattr__): the state takes the draft's dict, and the draft
        # is left empty, to be used no more
        state = object.__new__(DungeonTwisterState)
        object.__setattr__(state, "__dict__", self.__dict__)
        self.__dict__ = {}
        return state


#: what a state keeps beside its fields once worked out: its legal actions and chance outcomes
CACHES = ("_legal", "_outcomes")
_CHANCE = frozenset(rules.CHANCE_PHASES)


__all__ = ["DungeonTwisterDraft", "DungeonTwisterState", "Rules"]
