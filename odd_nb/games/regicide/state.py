"""A Regicide position as the core sees it: the options (``Rules``), the immutable
``RegicideState`` (its fields, the questions it answers, the protocol: legal actions, chance,
``apply``, observation) and its five kinds (``Turn``, ``Drawing``, ``HealPicking``,
``Revealing``, ``GameOver``), with ``state_of``, which makes the state of some fields, of its
kind.

A state moves on by the rules (``apply_by_rules``: the rule functions of ``rules.py`` change a
``Draft``, a mutable copy of it, which ``freeze()`` makes the next state) or, for the most
frequent steps, by the fast steps (``fast.py``, on a list of fields), which the tests check
against the rules at every step of thousands of games. What a seat may know is
``knowledge.py``'s; how a state shows itself as text and HTML, ``render.py``'s (through the
game, ``game.py``).

>>> import odd_nb
>>> s = odd_nb.start("regicide", players=2, seed=3).state
>>> s.to_move, len(s.hands[0]), len(s.hands[1]), len(s.tavern), type(s).__name__
(0, 7, 7, 26, 'Turn')
>>> s.enemy_name[0]
'J'
>>> s
<Regicide 2p, enemy J♦ 0/20, seat 0 to play, tavern 26, discard 0>
"""

from __future__ import annotations

from bisect import bisect_left
from dataclasses import dataclass

from ...core.chance import uniform_draw
from ...core.state import CHANCE, TERMINAL, IllegalAction, State, shown
from .actions import (DRAWS, HEALS, IS_JESTER, REVEALS, SIGNALS, USE_JESTER_POWER, YIELD,
                      Discard, Draw, ExactKill, Heal, NextPlayer, Play, Reveal, Signal)
from .fast import (fast_draw, fast_heal_pick, fast_play, fast_reveal, fast_suffer_discard,
                   fast_use_jester_power, fast_yield, position)
from .fields import (CASTLE, DISCARD, DRAWS_DUE, FIELDS, TAVERN, FieldTuple, Reading, kind_of,
                     read_fields)
from .knowledge import observation, unknown_groups
from .rules import (CoverTree, discard_choices, draw, explain, finish_defeat, heal_pick, play,
                    play_choices, reveal, settle, signal, suffer, suffer_discard,
                    use_jester_power)

#: players -> (Jesters in the tavern, max hand size, solo Jester powers) (§2 table)
PLAYER_TABLE = {1: (0, 8, 2), 2: (0, 7, 0), 3: (1, 6, 0), 4: (2, 5, 0)}
GRADES = ("gold", "silver", "bronze")  # §7: Jester powers used 0, 1, 2


@dataclass(frozen=True, slots=True)
class Rules:
    """The options of a game (§2 table, A2, A3, A4, A17, and ``discard_choices`` for step
    4)."""

    players: int = 2
    exact_kill_always: bool = True
    solo_yield_allowed: bool = True
    jester_may_choose_self: bool = True
    all_discards: bool = False
    jester_signals: bool = False

    @property
    def max_hand(self) -> int:
        return PLAYER_TABLE[self.players][1]

    @property
    def jesters_in_tavern(self) -> int:
        return PLAYER_TABLE[self.players][0]

    @property
    def jester_powers(self) -> int:
        return PLAYER_TABLE[self.players][2]


class RegicideState(Reading, State, FieldTuple):
    """A Regicide state: an immutable value (a named tuple of the fields ``fields.FIELDS``; equal
    states compare and hash equal). ``str(state)`` prints the table; ``observation(seat)`` hides
    what that seat cannot know; ``state._replace(field=value)`` makes a changed copy (for tests).

    Each state is of one of five kinds, by what happens next: ``Turn`` (a player decides),
    ``Drawing``, ``HealPicking``, ``Revealing`` (chance nodes) and ``GameOver``. The kind follows
    from the fields (``state_of``) and is chosen whenever a state is made, by any path (speed
    only: a kind answers ``is_chance`` and ``is_terminal`` with constants and has its own
    ``apply``). This class holds what the kinds share, written for a state of any kind: its
    ``to_move``, ``is_chance``, ``sample_chance`` and the core's ``apply`` with ``_apply`` are
    the plain versions the tests check the kinds against."""

    game_name = "regicide"

    __slots__ = ()

    #: The tree of card sets step 4's search for minimal covers walks (speed only), one for every
    #: state of the process; it clears itself beyond its limit (``rules.CoverTree``).
    cover_tree = CoverTree()

    def __new__(cls, *args, **fields):
        return state_of(FieldTuple.__new__(FieldTuple, *args, **fields))

    @classmethod
    def _make(cls, iterable) -> "RegicideState":
        fields = tuple(iterable)
        if len(fields) != len(FIELDS):
            raise TypeError(f"expected {len(FIELDS)} fields, got {len(fields)}")
        return state_of(fields)

    def __setattr__(self, name, value):
        raise AttributeError(f"a RegicideState is immutable; {name} cannot be set")

    # -- protocol ------------------------------------------------------------------------------
    @property
    def num_players(self) -> int:
        return self.rules.players

    @property
    def to_move(self) -> int:
        if self.outcome is not None:
            return TERMINAL
        if self.reveal_due or self.heal_due or self.draws_due:
            return CHANCE
        return self.active

    @property
    def is_chance(self) -> bool:
        if self.outcome is None and (self.reveal_due or self.heal_due or self.draws_due):
            return True
        return False

    @property
    def is_terminal(self) -> bool:
        return self.outcome is not None

    def returns(self) -> list[float]:
        """One number per seat, the same for all (co-operative): 1 for a win, 0 otherwise."""
        return [1.0 if self.outcome == "won" else 0.0] * self.rules.players

    @property
    def grade(self) -> str | None:
        """§7, A11: a solo win's grade by Jester powers used (gold, silver, bronze); else None."""
        if self.outcome != "won" or self.rules.players != 1:
            return None
        return GRADES[self.rules.jester_powers - self.jester_powers]

    def chance_label(self) -> str:
        if self.reveal_due:
            return "the top card of the castle"
        if self.heal_due:
            return "a random card of the discard pile (♥)"
        return f"the top card of the tavern (for seat {self.draws_due[0]})"

    def _chance_outcomes(self):
        if self.reveal_due:
            return [(REVEALS[c], p) for c, p in self.castle.draw_outcomes()]
        if self.heal_due:
            return [(HEALS[c], p) for c, p in uniform_draw(self.discard)]
        draws = DRAWS[self.draws_due[0]]
        return [(draws[c], p) for c, p in self.tavern.draw_outcomes()]

    def sample_chance(self, u: float):
        # every card is distinct, so a uniform index into the segment is the exact distribution
        if self.reveal_due:
            seg = self.castle.segments[0]
            return REVEALS[seg[int(u * len(seg))]]
        if self.heal_due:
            return HEALS[self.discard[int(u * len(self.discard))]]
        seg = self.tavern.segments[0]
        return DRAWS[self.draws_due[0]][seg[int(u * len(seg))]]

    def is_outcome(self, outcome) -> bool:
        if self.reveal_due:
            return type(outcome) is Reveal and outcome.card in self.castle.segments[0]
        if self.heal_due:
            return type(outcome) is Heal and outcome.card in self.discard
        if self.draws_due:
            return (type(outcome) is Draw and outcome.seat == self.draws_due[0]
                    and outcome.card in self.tavern.segments[0])
        return False

    def _legal_actions(self) -> list:
        return self._compute_legal()

    def is_legal(self, action) -> bool:
        legal = self._legal_actions()
        for a in legal:  # the engine hands out one object per action: identity first (speed)
            if a is action:
                return True
        try:
            return action in legal
        except TypeError:
            return False

    def _compute_legal(self) -> list:
        phase = self.phase
        if phase == "play":
            return play_choices(self)
        if phase == "discard":
            # §7: a solo Jester power may be used before discarding; when no cover exists it is
            # the only action (there is no "accept defeat": without a power the loss is at once)
            acts = discard_choices(self, self.cover_tree)
            if self.jester_powers:
                acts.append(USE_JESTER_POWER)
            return acts
        if phase == "signal":
            return list(SIGNALS)
        if phase == "next":
            return [NextPlayer(q) for q in range(self.rules.players)
                    if q != self.active or self.rules.jester_may_choose_self]
        if phase == "exact kill":
            return [ExactKill(self.enemy, True), ExactKill(self.enemy, False)]
        return []

    def explain_illegal(self, action) -> str:
        return explain(self, action)

    def _apply(self, action) -> "RegicideState":
        """The next state. The frequent steps (a play of cards other than a Jester, a discard, a
        yield, a solo Jester power, a draw, a ♥ pick, a new enemy) are made on a list of the
        fields by the ``fast_*`` functions (``fast.py``), which say the next state's kind; the
        others (a Jester, a signal, the next player, an exact kill's choice), and the reference
        for all of them, by ``apply_by_rules``. The tests check that both give the same state at
        every step of thousands of games."""
        t = type(action)
        v = list(self)
        if t is Play and not IS_JESTER[action.cards[0]]:
            kind = fast_play(v, action.cards)
        elif t is Discard:
            kind = fast_suffer_discard(v, action.cards)
        elif action is YIELD:
            kind = fast_yield(v)
        elif action is USE_JESTER_POWER:
            kind = fast_use_jester_power(v)
        elif t is Draw:
            kind = fast_draw(v, position(self.tavern.segments[0], action.card), action.seat)
        elif t is Heal:
            kind = fast_heal_pick(v, position(self.discard, action.card))
        elif t is Reveal:
            kind = fast_reveal(v, action.card)
        else:
            return self.apply_by_rules(action)
        return _new_state(KINDS[kind], v)

    def apply_by_rules(self, action) -> "RegicideState":
        """The next state, made by the rule functions of ``rules.py`` on a ``Draft`` in the
        rulebook's order, then ``settle``. (``apply`` checks legality first; this does not.)"""
        d = Draft(self)
        t = type(action)
        if t is Draw:
            draw(d, action.card, action.seat)
        elif t is Heal:
            heal_pick(d, action.card)
        elif t is Reveal:
            reveal(d, action.card)
        elif t is Play:
            play(d, action.cards)
        elif t is Discard:
            suffer_discard(d, action.cards)
        elif action == YIELD:
            d.set_yielded(True)
            suffer(d)
        elif action == USE_JESTER_POWER:
            use_jester_power(d)
        elif t is Signal:
            signal(d, action.wish)
        elif t is NextPlayer:
            d.active, d.phase = action.seat, "play"
            d.signals, d.jester_seat = (), -1  # the signals last until this turn starts (§4)
        elif t is ExactKill:
            finish_defeat(d, action.to_tavern)
        settle(d)
        return d.freeze()

    def outcome_text(self, outcome, player: int | None = None) -> str:
        """How a chance outcome of this state reads to ``player`` (``None``: an onlooker who
        sees everything), for ``Timeline.history_text``.

        Public (§4, A12): the enemy turned face up (§2 step 1, §3 step 3), and each card ♥ takes
        from the discard pile, whose content everyone knows (which cards left it is plain; the
        order they go under the tavern is not, and the tavern segment keeps none). Secret: the
        card a seat draws, to every other seat ("seat 1 draws a card"), unless that seat
        already knew it was the one on top: an exactly killed enemy put face up on the tavern
        (§3 step 3), or the last unseen card of its group."""
        if type(outcome) is not Draw or player is None or outcome.seat == player:
            return str(outcome)
        if self.is_outcome(outcome):
            top = self.groups[0]
            unseen = next(g["cards"] for g in unknown_groups(self, player) if g["group"] == top)
            if unseen == [outcome.card]:
                return str(outcome)
        return f"seat {outcome.seat} draws a card"

    def observation(self, player: int = 0) -> dict:
        """What ``player`` may know (§4, §10, A12), as plain JSON-ready data, and the signals
        given since the last Jester (A17, public; empty unless ``Rules.jester_signals``):
        ``knowledge.observation``."""
        return observation(self, player)

    def __repr__(self) -> str:
        return short(self)


def short(s) -> str:
    """The state's ``repr``: one line, the enemy, who is to act, the tavern and the discard pile."""
    enemy = f"enemy {s.enemy_name} {s.damage}/{s.enemy_health}" if s.enemy is not None \
        else "no enemy"
    who = s.outcome or ("chance" if s.is_chance else f"seat {s.active} to {s.phase}")
    return (f"<Regicide {s.rules.players}p, {enemy}, {who}, tavern {len(s.tavern)}, "
            f"discard {len(s.discard)}>")


# -- the kinds of state (speed only) ------------------------------------------------------------
# Each kind does what ``RegicideState`` does for its states, with what it knows of them taken as
# given: ``is_chance`` and ``is_terminal`` are constants, ``apply`` checks an action or outcome
# as the core's ``apply`` does (same messages) and goes straight to its ``fast_*`` step. The
# chance kinds read their fields by position (``self[TAVERN]``), as the fast steps do: a field's
# name is looked up through the interpreter's cache of type attributes, where two names can take
# the same entry and push each other out at every step (``tavern`` and ``draws_due`` did).

class Memo:
    """The last answer some kinds of state gave (speed only): ``last``, a tuple whose first item
    is the state it is about, which it keeps alive. The tuple is replaced whole, so a reader never
    sees half of two answers; a state that is not ``last[0]`` gets its answer made afresh, so a
    memo changes no result, only how often an answer is made."""

    __slots__ = ("last",)

    def __init__(self, empty: tuple):
        self.last = empty


#: The last ``Turn`` whose legal actions were asked for, and its list: ``Turn.apply`` checks an
#: action against the list the agent chose from, without making it again. (The two memos are
#: this module's, for the life of the process, and only the kinds below read and write them: a
#: class attribute would do as well, but Python 3.11 reads one through an instance by a slower,
#: unspecialized path, 1% of a random game.)
ASKED = Memo((None, []))
#: The chance node (``Drawing`` or ``HealPicking``) that sampled an outcome last, that outcome
#: and its position (in the tavern's top segment or the discard pile): its ``apply`` need not
#: find it again.
SAMPLED = Memo((None, None, 0))


def _no_actions(self) -> list:
    return []


def _not_an_outcome(s, outcome) -> IllegalAction:
    return IllegalAction(f"{shown(outcome)} is not a possible outcome of {s.chance_label()}")


class Turn(RegicideState):
    """A player decides: step 1, step 4's discard, a solo Jester power, a signal (A17), who goes
    after a Jester, where an exactly killed enemy goes (A2)."""

    is_chance = is_terminal = False

    __slots__ = ()

    def legal_actions(self) -> list:
        last = ASKED.last
        if last[0] is self:
            return last[1]
        legal = self._compute_legal()
        ASKED.last = (self, legal)
        return legal

    _legal_actions = legal_actions

    def apply(self, action) -> RegicideState:
        # ``is_legal``: the engine hands out one object per action, so identity first
        last = ASKED.last
        for a in last[1] if last[0] is self else self.legal_actions():
            if a is action:
                return self._apply(action)
        if not self.is_legal(action):
            raise self.refusal(action)
        return self._apply(action)


class _ChanceNode(RegicideState):
    """What the chance kinds share: chance acts, no player does."""

    __slots__ = ()
    is_chance, is_terminal, to_move = True, False, CHANCE
    legal_actions = _legal_actions = _no_actions


class Drawing(_ChanceNode):
    """Chance: the tavern's top segment gives a card to the first seat of ``draws_due``
    (dealing, ♦, a solo Jester power)."""

    __slots__ = ()

    def sample_chance(self, u: float) -> Draw:
        top = self[TAVERN].segments[0]
        i = int(u * len(top))
        outcome = DRAWS[self[DRAWS_DUE][0]][top[i]]
        SAMPLED.last = (self, outcome, i)
        return outcome

    def apply(self, outcome) -> RegicideState:
        last = SAMPLED.last
        if last[0] is self and last[1] is outcome:
            v = list(self)
            return _new_state(KINDS[fast_draw(v, last[2], outcome.seat)], v)
        if type(outcome) is Draw and outcome.seat == self[DRAWS_DUE][0]:
            top = self[TAVERN].segments[0]
            i = bisect_left(top, outcome.card)  # ``position``, inline
            if i < len(top) and top[i] == outcome.card:
                v = list(self)
                return _new_state(KINDS[fast_draw(v, i, outcome.seat)], v)
        raise _not_an_outcome(self, outcome)


class HealPicking(_ChanceNode):
    """Chance: ♥ picks one more card of the discard pile (A10)."""

    __slots__ = ()

    def sample_chance(self, u: float) -> Heal:
        discard = self[DISCARD]
        i = int(u * len(discard))
        outcome = HEALS[discard[i]]
        SAMPLED.last = (self, outcome, i)
        return outcome

    def apply(self, outcome) -> RegicideState:
        last = SAMPLED.last
        if last[0] is self and last[1] is outcome:
            v = list(self)
            return _new_state(KINDS[fast_heal_pick(v, last[2])], v)
        if type(outcome) is Heal:
            i = position(self[DISCARD], outcome.card)
            if i >= 0:
                v = list(self)
                return _new_state(KINDS[fast_heal_pick(v, i)], v)
        raise _not_an_outcome(self, outcome)


class Revealing(_ChanceNode):
    """Chance: the castle's top card turns face up as the next enemy."""

    __slots__ = ()

    def sample_chance(self, u: float) -> Reveal:
        seg = self[CASTLE].segments[0]
        return REVEALS[seg[int(u * len(seg))]]

    def apply(self, outcome) -> RegicideState:
        if type(outcome) is Reveal and outcome.card in self[CASTLE].segments[0]:
            v = list(self)
            return _new_state(KINDS[fast_reveal(v, outcome.card)], v)
        raise _not_an_outcome(self, outcome)


class GameOver(RegicideState):
    """The party won or lost (``outcome``); the core's ``apply`` refuses every action."""

    __slots__ = ()
    is_chance, is_terminal, to_move = False, True, TERMINAL
    legal_actions = _legal_actions = _no_actions


#: the class of each kind, in the order of ``fields.TURN``, ``DRAWING``, ``HEAL_PICKING``,
#: ``REVEALING``, ``GAME_OVER``
KINDS = (Turn, Drawing, HealPicking, Revealing, GameOver)
_new_state = tuple.__new__


def state_of(fields) -> RegicideState:
    """The state of these fields (a tuple or list in ``FIELDS`` order), of its kind."""
    return _new_state(KINDS[kind_of(fields)], fields)


class Draft(Reading):
    """A mutable copy of a state that the rule functions of ``rules.py`` change; ``freeze()``
    makes the next state."""

    def __init__(self, state: RegicideState):
        self.__dict__.update(zip(FIELDS, state))

    def freeze(self) -> RegicideState:
        return state_of(read_fields(self))

    def set_hand(self, seat: int, hand: tuple) -> None:
        self.hands = self.hands[:seat] + (hand,) + self.hands[seat + 1:]

    def set_yielded(self, value: bool) -> None:
        a = self.active
        if self.yielded[a] != value:
            self.yielded = self.yielded[:a] + (value,) + self.yielded[a + 1:]

    def new_group(self, cards) -> int:
        """Give ``cards``, just put into a new tavern segment, that segment's group id."""
        g = self.next_group
        self.next_group += 1
        origin = list(self.origin)
        for c in cards:
            origin[c] = g
        self.origin = tuple(origin)
        return g

    def lose(self, reason: str) -> None:
        self.outcome, self.reason = "lost", reason


def cards_everywhere(s) -> list[int]:
    """Every card of the state, wherever it lies (for conservation checks, §1: 54 cards)."""
    cards = list(s.castle.cards()) + list(s.tavern.cards()) + list(s.discard)
    cards += list(s.set_aside) + list(s.healing)
    cards += [c for played in s.in_play for c in played]
    cards += [c for hand in s.hands for c in hand]
    if s.enemy is not None:
        cards.append(s.enemy)
    return sorted(cards)


__all__ = ["ASKED", "CHANCE", "GRADES", "KINDS", "PLAYER_TABLE", "SAMPLED", "TERMINAL", "Draft",
           "Drawing", "GameOver", "HealPicking", "Memo", "RegicideState", "Revealing", "Rules",
           "Turn", "cards_everywhere", "short", "state_of"]
