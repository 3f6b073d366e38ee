"""Regicide: the game, its state and the turn (rules: /work/shared/rules/regicide.md).

The state is an immutable ``RegicideState``. The rules are the functions below, which change a
mutable ``Draft`` copy of it in the rulebook's order (step 1 play, step 2 suit powers, step 3
damage and defeat, step 4 suffer damage); ``settle`` runs everything that needs neither chance
nor a decision, and ``freeze`` makes the next state (``RegicideState.apply_by_rules``). For
speed, ``apply`` makes the most frequent steps (draws, ♥ picks, new enemies, plays, discards,
yields, solo Jester powers) with ``fast_*`` functions that do the same on the state's tuple of
fields directly, and each state is of a kind (``Turn``, ``Drawing``, ``HealPicking``,
``Revealing``, ``GameOver``) with its own ``apply``; the tests compare them with the plain
versions at every step of thousands of games.

Chance is exact and nothing hidden is decided before it is revealed (DESIGN.md):

- the **castle** is a ``Deck`` of three unordered segments, Jacks over Queens over Kings
  (§2 step 1); each new enemy is a chance node over the top segment;
- the **tavern** is a ``Deck`` too: one shuffled segment at the start, a new bottom segment for the
  cards ♥ heals, a segment of one for an exactly killed enemy on top (§3 step 3);
- dealing, every ♦ draw and every solo Jester-power draw is one chance node over the tavern's top
  segment, its outcome the card *and the seat that gets it*;
- ♥ heals N cards one chance node at a time, each a uniform pick from the discard pile (A10: a
  uniform N-subset, built as N uniform picks without replacement, so a node has at most 54
  outcomes instead of C(40, 20)); the picks become one new bottom segment of the tavern.

Hidden information (§4, §10): each card that went into a tavern segment keeps the id of that
segment's *group* (``origin``). For a player, the cards of a group they have not seen are exactly
the group's cards still in the tavern plus those other players drew from it; nothing else is
hidden. ``unknown_groups`` computes that, ``observation`` shows it, and odds and agents build on it.

>>> import odd_nb
>>> t = odd_nb.start("regicide", players=2, seed=3)
>>> s = t.state
>>> s.to_move, len(s.hands[0]), len(s.hands[1]), len(s.tavern)
(0, 7, 7, 26)
>>> s.enemy_name[0]
'J'
"""

from __future__ import annotations

from bisect import bisect_left, insort
from collections import namedtuple
from dataclasses import dataclass
from itertools import combinations
from operator import attrgetter

from ...core.chance import Deck, multiset, multiset_remove, uniform_draw
from ...core.registry import Game, Option
from ...core.state import CHANCE, TERMINAL, IllegalAction, OptionError, State
from .actions import (ACE_PAIRS, ATTACK, CARD_NAME, CLUBS, DIAMONDS, DRAWS, HEALS, HEALTH,
                      HEARTS, IS_ACE, IS_JESTER, JACKS, JESTER_1, JESTERS, KINGS, NUM_CARDS,
                      NUMBER_CARDS, PLAY_SINGLE, QUEENS, RANK, REVEALS, SIGNALS, SPADES, SUIT,
                      USE_JESTER_POWER, VALUE, YIELD, Discard, Draw, ExactKill, Heal, NextPlayer,
                      Play, Reveal, Signal, discard_of, discards_of, names, play_of)

#: players -> (Jesters in the tavern, max hand size, solo Jester powers) (§2 table)
PLAYER_TABLE = {1: (0, 8, 2), 2: (0, 7, 0), 3: (1, 6, 0), 4: (2, 5, 0)}
#: combos (§3 step 1): 2-4 number cards of one rank from 2 to 5, total at most 10
COMBO_MAX_TOTAL = 10
COMBO_MAX_CARDS = 4
GRADES = ("gold", "silver", "bronze")  # §7: Jester powers used 0, 1, 2

PHASES = ("play", "powers", "discard", "signal", "next", "exact kill")


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


def shield_of(in_play, immune_suit: int) -> int:
    """A8: the shield is the sum of the attack values of the plays in play that hold a ♠ (0 while
    the enemy is immune to ♠)."""
    if immune_suit == SPADES:
        return 0
    total = 0
    for played in in_play:
        part = _SPADE_PART.get(played)
        if part is None:
            holds_spade = any(SUIT[c] == SPADES for c in played)
            part = _SPADE_PART[played] = sum(VALUE[c] for c in played) if holds_spade else 0
        total += part
    return total


_SPADE_PART: dict = {}  # play -> its part of the shield (speed only: a few hundred plays exist)


class Reading:
    """Questions about a state, shared by the frozen state and the draft."""

    __slots__ = ()

    @property
    def hand(self) -> tuple:
        """The hand of the player whose turn it is."""
        return self.hands[self.active]

    @property
    def enemy_attack(self) -> int:
        return ATTACK[self.enemy] if self.enemy is not None else 0

    @property
    def enemy_health(self) -> int:
        return HEALTH[self.enemy] if self.enemy is not None else 0

    @property
    def enemy_name(self) -> str:
        return CARD_NAME[self.enemy] if self.enemy is not None else ""

    @property
    def immune_suit(self) -> int:
        """The suit whose powers the enemy ignores, or -1 after a Jester (§3 step 2 immunity)."""
        if self.enemy is None or self.cancelled:
            return -1
        return SUIT[self.enemy]

    @property
    def shield(self) -> int:
        """A8: the sum of the attack values of the plays in play that hold a ♠, derived from the
        in-play list (so a Jester played against a ♠ enemy turns earlier ♠ on), 0 while the enemy
        is immune to ♠."""
        return shield_of(self.in_play, self.immune_suit)

    @property
    def enemy_damage(self) -> int:
        """Step 4: the damage the enemy deals now, its attack less the shield (never below 0)."""
        enemy = self.enemy
        if enemy is None:
            return 0
        immune = -1 if self.cancelled else SUIT[enemy]
        return max(0, ATTACK[enemy] - shield_of(self.in_play, immune))

    def can_yield(self) -> bool:
        """§3 step 1: not when every other player yielded on their most recent turn; in solo as
        the option ``solo_yield_allowed`` says (A3).

        Decision (gap in A3): a solo yield is not offered while the enemy's attack is fully
        shielded. It would change nothing (the enemy deals 0, the same player is at step 1 again
        with the same table), so the game could repeat forever; with an empty hand and no Jester
        power left the player then can neither play nor yield and the party loses (§5, A14),
        which is right: that enemy can never be damaged again."""
        rules = self.rules
        if rules.players == 1:
            enemy = self.enemy
            if enemy is None or not rules.solo_yield_allowed:
                return False
            # ``enemy_damage > 0``, inline (speed only)
            return ATTACK[enemy] > shield_of(self.in_play, -1 if self.cancelled else SUIT[enemy])
        yielded = self.yielded
        if not any(yielded):  # (speed only: the usual case)
            return True
        others_yielded = sum(yielded) - yielded[self.active]
        return others_yielded < rules.players - 1

    def hand_value(self, seat: int | None = None) -> int:
        return sum(map(VALUE.__getitem__, self.hands[self.active if seat is None else seat]))


_FIELDS = (
    "rules",  # Rules
    "castle",  # Deck: face down under the current enemy, Jacks, Queens, Kings (top first)
    "tavern",  # Deck
    "groups",  # the group id of each tavern segment, top first
    "origin",  # per card: group of the last tavern segment it went into (-1: never)
    "hands",  # per seat, a sorted tuple of cards
    "enemy",  # the current enemy's card, or None
    "damage",  # damage the current enemy has taken
    "cancelled",  # a Jester cancelled the current enemy's immunity (§3)
    "in_play",  # the plays against the current enemy, each a sorted tuple of cards
    "discard",  # sorted
    "set_aside",  # Jesters out of the game, or the solo Jester powers (§2 table)
    "jester_powers",  # solo: unused Jester powers (§7)
    "active",  # the seat whose turn it is
    "phase",  # "play", "powers", "discard", "signal", "next", "exact kill"
    "to_cover",  # step 4: the damage the active player's discard must cover
    "strike",  # step 3 damage of the play being resolved (♣ counted)
    "diamonds_due",  # ♦ draws still to hand out once ♥ is done (A7)
    "heal_due",  # ♥ picks still to make from the discard pile
    "healing",  # cards picked by ♥ so far, not yet under the tavern
    "draws_due",  # seats that draw next, one card each, in order
    "reveal_due",  # the next enemy is to be turned over
    "yielded",  # per seat: yielded on their most recent turn
    "next_group",  # id of the next group of tavern cards
    "defeated",  # enemies defeated
    "jesters_played",
    "outcome",  # None, "won" or "lost"
    "reason",  # why the game was lost
    "signals",  # A17, after a Jester: per seat, "" or its wish ("want", ...) until a turn starts
    "jester_seat",  # A17: the seat that played the Jester while the others signal, else -1
)
_DEFAULTS = (None, 0, False, (), (), (), 0, 0, "play", 0, 0, 0, 0, (), (), False, (), 1, 0, 0,
             None, "", (), -1)
_Fields = namedtuple("_Fields", _FIELDS, defaults=_DEFAULTS)
_read_fields = attrgetter(*_FIELDS)
# positions of the fields in the tuple, for the fast paths
(_RULES, _CASTLE, _TAVERN, _GROUPS, _ORIGIN, _HANDS, _ENEMY, _DAMAGE, _CANCELLED, _IN_PLAY,
 _DISCARD, _JESTER_POWERS, _ACTIVE, _PHASE, _TO_COVER, _STRIKE, _DIAMONDS_DUE, _HEAL_DUE, _HEALING,
 _DRAWS_DUE, _REVEAL_DUE, _YIELDED, _NEXT_GROUP, _OUTCOME, _DEFEATED, _REASON) = (
    _FIELDS.index(f) for f in (
        "rules", "castle", "tavern", "groups", "origin", "hands", "enemy", "damage", "cancelled",
        "in_play", "discard", "jester_powers", "active", "phase", "to_cover", "strike",
        "diamonds_due", "heal_due", "healing", "draws_due", "reveal_due", "yielded",
        "next_group", "outcome", "defeated", "reason"))
_new_state = tuple.__new__


class RegicideState(Reading, State, _Fields):
    """A Regicide state: an immutable value (a named tuple of the fields above; equal states
    compare and hash equal). ``str(state)`` prints the table; ``observation(seat)`` hides what
    that seat cannot know; ``state._replace(field=value)`` makes a changed copy (for tests).

    Each state is of one of five kinds, by what happens next: ``Turn`` (a player decides),
    ``Drawing``, ``HealPicking``, ``Revealing`` (chance nodes) and ``GameOver``. The kind follows
    from the fields (``state_of``) and is chosen whenever a state is made, by any path (speed
    only: a kind answers ``is_chance`` and ``is_terminal`` with constants and has its own
    ``apply``). This class holds what the kinds share, written for a state of any kind: its
    ``to_move``, ``is_chance``, ``sample_chance`` and the core's ``apply`` with ``_apply`` are
    the plain versions the tests check the kinds against."""

    game_name = "regicide"

    __slots__ = ()

    def __new__(cls, *args, **fields):
        return state_of(_Fields.__new__(_Fields, *args, **fields))

    @classmethod
    def _make(cls, iterable) -> "RegicideState":
        fields = tuple(iterable)
        if len(fields) != len(_FIELDS):
            raise TypeError(f"expected {len(_FIELDS)} fields, got {len(fields)}")
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
            acts = discard_choices(self)
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
        yield, a solo Jester power, a draw, a ♥ pick, a new enemy) are made on the tuple of
        fields by the ``fast_*`` functions below; the others (a Jester, a signal, the next
        player, an exact kill's choice), and the reference for all of them, by
        ``apply_by_rules``. The tests check that both give the same state at every step of
        thousands of games."""
        t = type(action)
        if t is Play:
            state = fast_play(self, action.cards)
            if state is not None:
                return state
        elif t is Discard:
            return fast_suffer_discard(self, action.cards)
        elif action is YIELD:
            return fast_yield(self)
        elif action is USE_JESTER_POWER:
            return fast_use_jester_power(self)
        elif t is Draw:
            return fast_draw(self, position(self.tavern.segments[0], action.card), action.seat)
        elif t is Heal:
            return fast_heal_pick(self, position(self.discard, action.card))
        elif t is Reveal:
            return fast_reveal(self, action.card)
        return self.apply_by_rules(action)

    def apply_by_rules(self, action) -> "RegicideState":
        """The next state, made by the rule functions below on a ``Draft`` in the rulebook's
        order, then ``settle``. (``apply`` checks legality first; this does not.)"""
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
        given since the last Jester (A17, public; empty unless ``Rules.jester_signals``)."""
        from .render import observation
        obs = observation(self, player)
        obs["signals"] = list(self.signals)
        return obs

    def __repr__(self) -> str:
        from .render import short
        return short(self)



# -- the kinds of state (speed only) ------------------------------------------------------------
# Each kind does what ``RegicideState`` does for its states, with what it knows of them taken as
# given: ``is_chance`` and ``is_terminal`` are constants, ``apply`` checks an action or outcome
# as the core's ``apply`` does (same messages) and goes straight to its ``fast_*`` step.

def _no_actions(self) -> list:
    return []


def _not_an_outcome(s, outcome) -> IllegalAction:
    return IllegalAction(f"{outcome!s} is not a possible outcome of {s.chance_label()}")


class Turn(RegicideState):
    """A player decides: step 1, step 4's discard, a solo Jester power, a signal (A17), who goes
    after a Jester, where an exactly killed enemy goes (A2)."""

    is_chance = is_terminal = False

    __slots__ = ()

    def legal_actions(self) -> list:
        global _last_legal
        last = _last_legal
        if last[0] is self:
            return last[1]
        legal = self._compute_legal()
        _last_legal = (self, legal)
        return legal

    _legal_actions = legal_actions

    def apply(self, action) -> RegicideState:
        # ``is_legal``: the engine hands out one object per action, so identity first
        last = _last_legal
        for a in last[1] if last[0] is self else self.legal_actions():
            if a is action:
                return self._apply(action)
        if not self.is_legal(action):
            raise IllegalAction(self.explain_illegal(action))
        return self._apply(action)


#: The last state whose legal actions were asked for, and its list: ``apply`` checks an action
#: against the list the agent chose from, without making it again (speed only).
_last_legal: tuple = (None, [])


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
        global _last_sample
        top = self.tavern.segments[0]
        i = int(u * len(top))
        outcome = DRAWS[self.draws_due[0]][top[i]]
        _last_sample = (self, outcome, i)
        return outcome

    def apply(self, outcome) -> RegicideState:
        last = _last_sample
        if last[0] is self and last[1] is outcome:
            return fast_draw(self, last[2], outcome.seat)
        if type(outcome) is Draw and outcome.seat == self.draws_due[0]:
            top = self.tavern.segments[0]
            i = bisect_left(top, outcome.card)  # ``position``, inline
            if i < len(top) and top[i] == outcome.card:
                return fast_draw(self, i, outcome.seat)
        raise _not_an_outcome(self, outcome)


class HealPicking(_ChanceNode):
    """Chance: ♥ picks one more card of the discard pile (A10)."""

    __slots__ = ()

    def sample_chance(self, u: float) -> Heal:
        global _last_sample
        discard = self.discard
        i = int(u * len(discard))
        outcome = HEALS[discard[i]]
        _last_sample = (self, outcome, i)
        return outcome

    def apply(self, outcome) -> RegicideState:
        last = _last_sample
        if last[0] is self and last[1] is outcome:
            return fast_heal_pick(self, last[2])
        if type(outcome) is Heal:
            i = position(self.discard, outcome.card)
            if i >= 0:
                return fast_heal_pick(self, i)
        raise _not_an_outcome(self, outcome)


#: The chance node that sampled an outcome last, that outcome and its position (in the tavern's
#: top segment or the discard pile): its ``apply`` need not find it again (speed only).
_last_sample: tuple = (None, None, 0)


class Revealing(_ChanceNode):
    """Chance: the castle's top card turns face up as the next enemy."""

    __slots__ = ()

    def sample_chance(self, u: float) -> Reveal:
        seg = self.castle.segments[0]
        return REVEALS[seg[int(u * len(seg))]]

    def apply(self, outcome) -> RegicideState:
        if type(outcome) is Reveal and outcome.card in self.castle.segments[0]:
            return fast_reveal(self, outcome.card)
        raise _not_an_outcome(self, outcome)


class GameOver(RegicideState):
    """The party won or lost (``outcome``); the core's ``apply`` refuses every action."""

    __slots__ = ()
    is_chance, is_terminal, to_move = False, True, TERMINAL
    legal_actions = _legal_actions = _no_actions


def state_of(fields) -> RegicideState:
    """The state of these fields (a tuple or list in ``_FIELDS`` order), of its kind."""
    if fields[_OUTCOME] is not None:
        kind = GameOver
    elif fields[_REVEAL_DUE]:
        kind = Revealing
    elif fields[_HEAL_DUE]:
        kind = HealPicking
    elif fields[_DRAWS_DUE]:
        kind = Drawing
    else:
        kind = Turn
    return _new_state(kind, fields)


class Draft(Reading):
    """A mutable copy of a state that the rule functions change; ``freeze()`` makes the next
    state."""

    def __init__(self, state: RegicideState):
        self.__dict__.update(zip(_FIELDS, state))

    def freeze(self) -> RegicideState:
        return state_of(_read_fields(self))

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


# -- choices ------------------------------------------------------------------------------------
def play_choices(s) -> list:
    """Step 1 (§3, A5): singles, Animal Companion pairs, combos, a Jester, yield; in solo, the
    Jester power (§7: at the start of step 1).

    A hand is sorted, so its Aces (cards 0-3) come first and its Jesters (52, 53) last."""
    hand = s.hands[s.active]
    acts = []
    for c in hand:  # (a loop: cheaper than a comprehension for a hand's few cards)
        if c < JESTER_1:
            acts.append(PLAY_SINGLE[c])
    if hand and hand[-1] >= JESTER_1:  # the two Jesters are interchangeable: one play
        acts.append(PLAY_SINGLE[hand[-2] if len(hand) > 1 and hand[-2] >= JESTER_1
                                else hand[-1]])
    n = len(hand)
    i = 0
    while i < n and hand[i] < 4:  # an Ace with exactly one other card, not a Jester (§3)
        pairs = ACE_PAIRS[hand[i]]
        for c in hand[i + 1:]:
            if c < JESTER_1:
                acts.append(pairs[c])
        i += 1
    # combos: one rank from 2 to 5 (cards 4-19), 2-4 cards, total at most 10 (§3, A5)
    while i < n and hand[i] < 20:
        rank = hand[i] >> 2
        j = i + 1
        while j < n and hand[j] >> 2 == rank:
            j += 1
        if j - i > 1:
            acts += COMBOS[hand[i:j]]
        i = j
    if s.can_yield():
        acts.append(YIELD)
    if s.jester_powers:
        acts.append(USE_JESTER_POWER)
    return acts


def _combos(cards: tuple) -> list:
    """The combos of ``cards``, 2-4 number cards of one rank (§3 step 1, A5): every set of 2 or
    more of them with a total of at most 10, smallest sets first."""
    most = min(COMBO_MAX_CARDS, COMBO_MAX_TOTAL // VALUE[cards[0]], len(cards))
    return [play_of(combo) for k in range(2, most + 1) for combo in combinations(cards, k)]


#: ``COMBOS[cards]``: the combos of 2-4 cards of one rank from 2 to 5 (speed only: a table of
#: the 44 such sets of cards)
COMBOS = {cards: _combos(cards) for rank in range(1, 5)
          for k in range(2, 5) for cards in combinations(range(4 * rank, 4 * rank + 4), k)}


def _play_choices_reference(s) -> list:
    """The plain version of ``play_choices`` (same plays, same order), kept for the tests."""
    hand = s.hands[s.active]
    acts = []
    jester = False
    aces = []
    by_rank = {}
    for c in hand:
        if IS_JESTER[c]:
            if not jester:
                acts.append(play_of((c,)))
                jester = True
            continue
        acts.append(play_of((c,)))
        if IS_ACE[c]:
            aces.append(c)
        elif 1 <= RANK[c] <= 4:
            by_rank.setdefault(RANK[c], []).append(c)
    for a in aces:
        for c in hand:
            if c != a and not IS_JESTER[c] and not (IS_ACE[c] and c < a):
                acts.append(play_of((a, c) if a < c else (c, a)))
    for rank, cards in by_rank.items():
        most = min(COMBO_MAX_CARDS, COMBO_MAX_TOTAL // (rank + 1))
        for k in range(2, min(most, len(cards)) + 1):
            acts.extend(play_of(combo) for combo in combinations(cards, k))
    if s.can_yield():
        acts.append(YIELD)
    if s.jester_powers:
        acts.append(USE_JESTER_POWER)
    return acts


def minimal_covers(hand: tuple, need: int) -> list[tuple]:
    """Every set of cards of ``hand`` (sorted, as every hand of a state is) whose discard value
    is at least ``need`` and that has no card it could do without (a minimal cover): the cards
    of ``minimal_discards``.

    >>> from odd_nb.games.regicide.actions import parse
    >>> [names(c) for c in minimal_covers(tuple(parse(x) for x in ("3S", "5H", "5S", "9C")), 8)]
    ['9♣', '5♠+5♥', '5♠+3♠', '5♥+3♠']
    """
    return [d.cards for d in minimal_discards(hand, need)]


def minimal_discards(hand: tuple, need: int) -> list:
    """The ``Discard`` of each minimal cover of ``need`` in ``hand`` (see ``minimal_covers``).
    Cards are taken in decreasing value; a set is recorded the moment its smallest card takes it
    to ``need``, which is exactly minimality."""
    # A card's value never falls as its number rises (A=1 .. 10, J=10, Q=15, K=20), and the
    # Jesters, worth 0, come last: the hand read backwards without its Jesters is by decreasing
    # value, and a set taken in that order, written lowest first, is sorted.
    n = len(hand)
    while n and hand[n - 1] >= JESTER_1:
        n -= 1
    cards = hand[n - 1::-1] if n else ()
    values = []
    total = 0
    for c in cards:
        values.append(VALUE[c])
        total += VALUE[c]
    out = []
    if 0 < need <= total:
        if _covers_made > _COVERS_LIMIT:
            _clear_covers()
        _extend_covers(out, cards, values, 0, (), _COVERS, need, total)
    return out


def _extend_covers(out: list, cards: tuple, values: list, j: int, chosen: tuple, below: dict,
                   left: int, rest: int) -> None:
    """``minimal_discards``' search: ``chosen`` (taken so far, with ``below`` its entry of
    ``_COVERS``) needs ``left`` more from ``cards[j:]``, worth ``rest`` in all."""
    n = len(cards)
    while j < n and values[j] >= left:  # each of these cards makes up what is left
        c = cards[j]
        out.append((below.get(c) or _new_cover(below, c, chosen))[0])
        rest -= values[j]
        j += 1
    while rest >= left:  # the others need more cards (none once the rest is too little)
        c = cards[j]
        value = values[j]
        rest -= value
        discard, further = below.get(c) or _new_cover(below, c, chosen)
        _extend_covers(out, cards, values, j + 1, discard.cards, further, left - value, rest)
        j += 1


#: The sets of cards the covers' search meets, as a tree (speed only: the search walks it
#: instead of making and interning a tuple per cover): from a set's entry, by card ``c`` lower
#: than all of its cards, ``(the Discard of the set with c, that set's entry)``. Cleared beyond a
#: limit; a few thousand sets in practice.
_COVERS: dict = {}
_COVERS_LIMIT = 200_000
_covers_made = 0


def _new_cover(below: dict, c: int, chosen: tuple) -> tuple:
    global _covers_made
    _covers_made += 1
    entry = below[c] = (discard_of((c,) + chosen), {})
    return entry


def _clear_covers() -> None:
    global _covers_made
    _COVERS.clear()
    _covers_made = 0


def all_covers(hand, need: int) -> list[tuple]:
    """Every set of cards of ``hand`` worth at least ``need`` (option ``discard_choices="all"``);
    of two sets that differ only in which Jester they hold, only the one with Jester 1."""
    n = len(hand)
    both = JESTERS[0] in hand and JESTERS[1] in hand
    out = []
    for mask in range(1, 1 << n):
        chosen = tuple(hand[i] for i in range(n) if mask >> i & 1)
        if sum(VALUE[c] for c in chosen) < need:
            continue
        if both and JESTERS[1] in chosen and JESTERS[0] not in chosen:
            continue
        out.append(chosen)
    return out


def discard_choices(s) -> list:
    """Step 4 (§3): the discards that cover the enemy's damage.

    Decision (§3 step 4 "may pay more than needed"): by default only *minimal* covers are
    offered: sets worth at least the damage with no card that could be kept. A hand of h cards has
    at most C(h, h/2) of them (they form an antichain: 70 for the solo hand of 8), against up to
    2^h - 1 = 255 covers in all. Paying more only moves cards from the hand to the discard pile
    earlier than needed. A card in hand can still be played or discarded later, so keeping it is
    never worse, with two narrow exceptions: a hand at its maximum is skipped by ♦ draws, and a
    card in the discard pile can be healed back by ♥. Both are rare and small; the option
    ``discard_choices="all"`` offers every cover for those who want them."""
    hand = s.hands[s.active]
    if s.rules.all_discards:
        return discards_of(all_covers(hand, s.to_cover))
    return minimal_discards(hand, s.to_cover)


def explain(s, action) -> str:
    """Why an action is not allowed, in the rules' words."""
    phase = s.phase
    who = f"seat {s.active}"
    if isinstance(action, Play):
        cards = action.cards
        if phase != "play":
            return f"{action} is not allowed now: {who} must {_phase_text(s)}"
        missing = [c for c in cards if c not in s.hand]
        if missing:
            return f"{names(missing)} is not in {who}'s hand"
        if any(IS_JESTER[c] for c in cards) and len(cards) > 1:
            return "a Jester is played on its own, never with other cards (§3 step 1)"
        if len(cards) == 2 and any(IS_ACE[c] for c in cards):
            return f"{action} is not an Animal Companion pair (§3 step 1)"
        if len({RANK[c] for c in cards}) > 1:
            return (f"{names(cards)} is no legal play: a combo is 2-4 cards of the same rank, "
                    "and an Ace pairs with exactly one other card (§3 step 1)")
        total = sum(VALUE[c] for c in cards)
        return (f"{names(cards)} is no legal combo: its total {total} is over 10 or it holds "
                "an Ace or a Royal (§3 step 1)")
    if action == YIELD and phase == "play":
        if s.rules.players == 1:
            return "yielding is not allowed in this solo game (option solo_yield_allowed, A3)"
        return ("seat may not yield: every other player yielded on their most recent turn "
                "(§3 step 1)")
    if action == USE_JESTER_POWER:
        if s.rules.players != 1:
            return "Jester powers are a solo rule (§7)"
        if not s.jester_powers:
            return "both Jester powers are used (§7)"
        return "a Jester power is used at the start of step 1 or before discarding (§7)"
    if isinstance(action, Discard):
        if phase != "discard":
            return f"{action} is not allowed now: {who} must {_phase_text(s)}"
        missing = [c for c in action.cards if c not in s.hand]
        if missing:
            return f"{names(missing)} is not in {who}'s hand"
        total = sum(VALUE[c] for c in action.cards)
        if total < s.to_cover:
            return (f"{names(action.cards)} is worth {total}; the enemy deals {s.to_cover} "
                    "(§3 step 4)")
        return (f"{action} pays more than needed: choose a set with no card to spare "
                "(option discard_choices='minimal')")
    if isinstance(action, Signal):
        if not s.rules.jester_signals:
            return "this game has no signals after a Jester (Rules.jester_signals, A17)"
        return (f"{action} is not allowed now: signals are given right after a Jester, before "
                "its player chooses who goes next (A17)")
    if isinstance(action, NextPlayer) and phase == "next":
        if action.seat == s.active:
            return "the Jester's player may not choose themselves (option jester_may_choose_self)"
        return f"there is no seat {action.seat}: seats are 0 to {s.rules.players - 1}"
    return f"{action!s} is not allowed now: {who} must {_phase_text(s)}"


def _phase_text(s) -> str:
    return {"play": "play cards or yield (step 1)",
            "discard": f"discard cards worth {s.to_cover} or more (step 4)",
            "signal": "signal whether they want the next turn (A17)",
            "next": "choose who takes the next turn (Jester)",
            "exact kill": f"choose where the exactly killed {s.enemy_name} goes (A2)",
            "powers": "wait for the suit powers"}.get(s.phase, s.phase)


# -- chance -------------------------------------------------------------------------------------
def draw(d: Draft, c: int, seat: int) -> None:
    """The tavern's top card goes to ``seat`` (dealing §2 step 3, ♦, solo Jester power)."""
    tavern = d.tavern.without_top(c)
    if len(tavern.segments) < len(d.tavern.segments):
        d.groups = d.groups[1:]
    d.tavern = tavern
    d.set_hand(seat, tuple(sorted(d.hands[seat] + (c,))))
    d.draws_due = d.draws_due[1:]


def heal_pick(d: Draft, c: int) -> None:
    """♥ (§3 step 2, A10): one more card of the discard pile goes under the tavern."""
    d.discard = multiset_remove(d.discard, c)
    d.healing += (c,)
    d.heal_due -= 1
    if not d.heal_due:
        put_under_tavern(d, d.healing)
        d.healing = ()


def put_under_tavern(d: Draft, cards) -> None:
    d.groups += (d.new_group(cards),)
    d.tavern = d.tavern.with_bottom(cards)


def reveal(d: Draft, c: int) -> None:
    """The castle's top card becomes the enemy (§2 step 1, §3 step 3)."""
    d.castle = d.castle.without_top(c)
    d.enemy, d.damage, d.cancelled = c, 0, False
    d.reveal_due = False


# -- the turn -----------------------------------------------------------------------------------
def play(d: Draft, cards: tuple) -> None:
    """Step 1 and step 2 (§3): the cards go in play, then the suit powers of the play."""
    a = d.active
    d.set_hand(a, tuple(c for c in d.hands[a] if c not in cards))
    d.in_play += (cards,)
    d.set_yielded(False)
    if IS_JESTER[cards[0]]:  # Jester resolution (§3): immunity off, skip steps 3 and 4
        d.cancelled = True
        d.jesters_played += 1
        d.phase = "next"
        if d.rules.jester_signals and d.rules.players > 1:
            start_signals(d)
        return
    value = 0
    suits = set()
    for c in cards:
        value += VALUE[c]
        suits.add(SUIT[c])
    suits.discard(d.immune_suit)  # immunity: the enemy's own suit has no power (§3 step 2)
    if HEARTS in suits:  # A7: ♥ first ...
        heal(d, value)
    if DIAMONDS in suits:  # ... then ♦, once ♥ is done (settle)
        d.diamonds_due = value
    # A6: ♣ doubles the whole attack value of the play; ♠ needs no record: the shield is derived
    # from the plays in play (A8)
    d.strike = 2 * value if CLUBS in suits else value
    d.phase = "powers"


def start_signals(d: Draft) -> None:
    """A17 (``Rules.jester_signals``): right after a Jester, before its player chooses who goes
    next, each other player in turn, clockwise, says in general terms whether they want to go
    next (§4): "want", "rather not" or "no preference". The signals are public; they are kept
    until the chosen player starts their turn."""
    d.jester_seat = d.active
    d.signals = ("",) * d.rules.players
    d.active = (d.active + 1) % d.rules.players
    d.phase = "signal"


def signal(d: Draft, wish: str) -> None:
    """A17: the active player's signal; after the last one the Jester's player chooses."""
    a = d.active
    d.signals = d.signals[:a] + (wish,) + d.signals[a + 1:]
    nxt = (a + 1) % d.rules.players
    if nxt == d.jester_seat:
        d.active, d.phase = nxt, "next"
    else:
        d.active = nxt


def heal(d: Draft, n: int) -> None:
    """♥: N cards of the discard pile at random (all of them if fewer) under the tavern."""
    n = min(n, len(d.discard))
    if n == len(d.discard):
        if n:
            put_under_tavern(d, d.discard)
            d.discard = ()
    else:
        d.heal_due = n


def diamond_recipients(d: Draft) -> tuple:
    """♦ (§3 step 2, A9): who draws, in order, for the ♦ power in progress."""
    return diamond_order(d.rules.players, d.rules.max_hand, [len(h) for h in d.hands],
                         len(d.tavern), d.active, d.diamonds_due)


def diamond_order(players: int, limit: int, sizes: list, tavern: int, active: int,
                  due: int) -> tuple:
    """♦ (§3 step 2, A9): starting with the active player and going clockwise, one card each,
    skipping full hands, until ``due`` are drawn, the tavern is empty or every hand is full.

    >>> diamond_order(3, 6, [4, 6, 5], 10, 0, 4)
    (0, 2, 0)
    """
    sizes = list(sizes)
    out = []
    seat = active
    while due and tavern and min(sizes) < limit:
        if sizes[seat] < limit:
            out.append(seat)
            sizes[seat] += 1
            due -= 1
            tavern -= 1
        seat = (seat + 1) % players
    return tuple(out)


def deal_damage(d: Draft) -> None:
    """Step 3 (§3): the damage adds up; the enemy is defeated at its health or more."""
    d.damage += d.strike
    d.strike = 0
    if d.damage >= d.enemy_health:
        d.defeated += 1
        if d.damage == d.enemy_health and not d.rules.exact_kill_always:
            d.phase = "exact kill"  # A2 "optional": the active player chooses
        else:
            finish_defeat(d, d.damage == d.enemy_health)
    else:
        suffer(d)


def finish_defeat(d: Draft, to_tavern: bool) -> None:
    """Step 3 defeat: an exact kill goes face down on the tavern (a known segment of one), an
    overkill to the discard pile; the cards in play go to the discard pile; the same player goes
    on against the next enemy (A13), or the party wins when the castle is empty (§8)."""
    enemy = d.enemy
    discarded = [c for played in d.in_play for c in played]
    if to_tavern:
        d.groups = (d.new_group((enemy,)),) + d.groups
        d.tavern = d.tavern.with_top(enemy)
    else:
        discarded.append(enemy)
    d.discard = multiset(d.discard + tuple(discarded))
    d.in_play = ()
    d.enemy, d.damage, d.cancelled = None, 0, False
    d.phase = "play"
    if not len(d.castle):
        d.outcome = "won"
    else:
        d.reveal_due = True


def suffer(d: Draft) -> None:
    """Step 4 (§3): the enemy attacks for its attack less the shield; nothing at 0."""
    damage = d.enemy_damage
    if damage == 0:
        end_turn(d)
    else:
        d.phase, d.to_cover = "discard", damage


def suffer_discard(d: Draft, cards: tuple) -> None:
    a = d.active
    d.set_hand(a, tuple(c for c in d.hands[a] if c not in cards))
    d.discard = multiset(d.discard + cards)
    d.to_cover = 0
    end_turn(d)


def end_turn(d: Draft) -> None:
    """Play passes clockwise (§3 step 4)."""
    d.active = (d.active + 1) % d.rules.players
    d.phase = "play"


def use_jester_power(d: Draft) -> None:
    """§7: flip a Jester power; discard the whole hand; draw up to the maximum hand size (as many
    as the tavern holds). The step in progress (1 or 4) then goes on."""
    d.jester_powers -= 1
    d.discard = multiset(d.discard + d.hands[d.active])
    d.set_hand(d.active, ())
    d.draws_due = (d.active,) * min(d.rules.max_hand, len(d.tavern))


def settle(d: Draft) -> None:
    """Do everything that needs neither chance nor a decision, and find the losses of §5."""
    while d.outcome is None and not (d.reveal_due or d.heal_due or d.draws_due):
        if d.phase == "powers":
            if d.diamonds_due:  # ♥ is done: hand out the ♦ draws
                d.draws_due = diamond_recipients(d)
                d.diamonds_due = 0
                continue
            deal_damage(d)
            continue
        reason = loss_reason(d)
        if reason:
            d.lose(reason)
        return


def loss_reason(s) -> str:
    """§5: why the party loses now, at a decision of the active player, or "" if it does not.
    A solo player with a Jester power left can always use it (§7)."""
    if s.jester_powers:
        return ""
    if s.phase == "play":
        if not s.hands[s.active] and not s.can_yield():
            return f"seat {s.active} can neither play a card nor yield (§5, A14)"
    elif s.phase == "discard":
        value = s.hand_value()
        if value < s.to_cover:
            return (f"seat {s.active} holds {value} and cannot cover {s.to_cover} damage from "
                    f"{s.enemy_name} (§3 step 4, §5)")
    return ""


# -- fast paths ---------------------------------------------------------------------------------
# The most frequent steps made on the list of a state's fields (``v``, indexed by the ``_NAME``
# constants) instead of a Draft, which copies every field in and out (speed only). Each function
# does what the rule function of the same name does, then ``settle``, and makes the state of the
# kind it knows comes next; ``apply_by_rules`` is the reference, and the tests compare the two at
# every step of thousands of random games.

deck_of = Deck.of  # bound once: the fast paths make a Deck at every draw
_POWER_BIT = tuple(1 << SUIT[c] if SUIT[c] >= 0 else 0 for c in range(NUM_CARDS))
_HEARTS_BIT, _DIAMONDS_BIT, _CLUBS_BIT = 1 << HEARTS, 1 << DIAMONDS, 1 << CLUBS


def fast_settle(v: list, rules: Rules) -> RegicideState:
    """``settle`` on a list of fields, and the state it makes: once ♥ is done, the ♦ draws, or
    else step 3 (``deal_damage``: damage, defeat) and step 4 (``suffer``); then the losses of
    §5."""
    if v[_OUTCOME] is not None or v[_REVEAL_DUE] or v[_HEAL_DUE] or v[_DRAWS_DUE]:
        return state_of(v)
    if v[_PHASE] == "powers":
        if v[_DIAMONDS_DUE]:
            draws = diamond_order(rules.players, rules.max_hand, [len(h) for h in v[_HANDS]],
                                  len(v[_TAVERN]), v[_ACTIVE], v[_DIAMONDS_DUE])
            v[_DIAMONDS_DUE] = 0
            if draws:
                v[_DRAWS_DUE] = draws
                return _new_state(Drawing, v)
        damage = v[_DAMAGE] + v[_STRIKE]
        v[_DAMAGE], v[_STRIKE] = damage, 0
        health = HEALTH[v[_ENEMY]]
        if damage >= health:
            v[_DEFEATED] += 1
            if damage == health and not rules.exact_kill_always:
                v[_PHASE] = "exact kill"  # A2 "optional": the active player chooses
                return _new_state(Turn, v)
            fast_finish_defeat(v, damage == health)
            return _new_state(Revealing if v[_REVEAL_DUE] else GameOver, v)
        fast_suffer(v, rules.players)
    hand = v[_HANDS][v[_ACTIVE]]
    phase = v[_PHASE]
    if phase == "play" and hand:
        return _new_state(Turn, v)  # a player with cards can always play one (§5)
    if phase == "discard":
        value = 0
        for c in hand:
            value += VALUE[c]
        if value >= v[_TO_COVER]:
            return _new_state(Turn, v)  # the hand covers the damage (§5)
    s = _new_state(Turn, v)
    reason = loss_reason(s)
    if not reason:
        return s
    v[_OUTCOME], v[_REASON] = "lost", reason
    return _new_state(GameOver, v)


def fast_suffer(v: list, players: int) -> None:
    """``suffer`` (step 4): the enemy's attack less the shield is to cover, or the turn ends
    when it is 0."""
    enemy = v[_ENEMY]
    immune = -1 if v[_CANCELLED] else SUIT[enemy]
    damage = ATTACK[enemy] - shield_of(v[_IN_PLAY], immune)
    if damage > 0:
        v[_PHASE], v[_TO_COVER] = "discard", damage
    else:
        v[_ACTIVE], v[_PHASE] = (v[_ACTIVE] + 1) % players, "play"


def fast_finish_defeat(v: list, to_tavern: bool) -> None:
    """``finish_defeat``: the enemy to the tavern's top (exact kill) or the discard pile, the
    cards in play to the discard pile; the same player goes on, or the party wins."""
    enemy = v[_ENEMY]
    discarded = [c for played in v[_IN_PLAY] for c in played]
    if to_tavern:
        v[_GROUPS] = (fast_new_group(v, (enemy,)),) + v[_GROUPS]
        v[_TAVERN] = deck_of(((enemy,),) + v[_TAVERN].segments)  # ``Deck.with_top``
    else:
        discarded.append(enemy)
    v[_DISCARD] = multiset(v[_DISCARD] + tuple(discarded))
    v[_IN_PLAY] = ()
    v[_ENEMY], v[_DAMAGE], v[_CANCELLED] = None, 0, False
    v[_PHASE] = "play"
    if v[_CASTLE].segments:
        v[_REVEAL_DUE] = True
    else:
        v[_OUTCOME] = "won"


def fast_new_group(v: list, cards) -> int:
    """``Draft.new_group``: the id of a new group of tavern cards, recorded for each card."""
    g = v[_NEXT_GROUP]
    origin = list(v[_ORIGIN])
    for c in cards:
        origin[c] = g
    v[_ORIGIN], v[_NEXT_GROUP] = tuple(origin), g + 1
    return g


def fast_put_under_tavern(v: list, cards: tuple) -> None:
    """``put_under_tavern``: ``cards`` (at least one) become a new bottom segment of the tavern,
    a new group."""
    v[_GROUPS] = v[_GROUPS] + (fast_new_group(v, cards),)
    v[_TAVERN] = deck_of(v[_TAVERN].segments + (multiset(cards),))  # ``Deck.with_bottom``


def hands_without(hands: tuple, seat: int, cards: tuple) -> tuple:
    """``hands`` with ``cards`` taken out of ``seat``'s hand."""
    hand = list(hands[seat])
    for c in cards:
        hand.remove(c)
    if len(hands) == 1:  # solo: no list of hands to copy
        return (tuple(hand),)
    new = list(hands)
    new[seat] = tuple(hand)
    return tuple(new)


def position(ms: tuple, c: int) -> int:
    """Where card ``c`` is in the multiset ``ms`` (a sorted tuple), or -1."""
    i = bisect_left(ms, c)
    return i if i < len(ms) and ms[i] == c else -1


def fast_draw(s: RegicideState, i: int, seat: int) -> RegicideState:
    """``draw``: the card at position ``i`` of the tavern's top segment goes to ``seat``'s hand
    (kept sorted)."""
    v = list(s)
    segments = v[_TAVERN].segments
    top = list(segments[0])
    c = top.pop(i)
    if top:  # ``Deck.without_top``
        v[_TAVERN] = deck_of((tuple(top),) + segments[1:])
    else:  # the top segment is used up, and its group's entry with it
        v[_TAVERN] = deck_of(segments[1:])
        v[_GROUPS] = v[_GROUPS][1:]
    hands = v[_HANDS]
    hand = list(hands[seat])
    insort(hand, c)
    if len(hands) == 1:  # solo: no list of hands to copy
        v[_HANDS] = (tuple(hand),)
    else:
        hands = list(hands)
        hands[seat] = tuple(hand)
        v[_HANDS] = tuple(hands)
    draws_due = v[_DRAWS_DUE] = v[_DRAWS_DUE][1:]
    if draws_due:  # more draws: nothing to settle
        return _new_state(Drawing, v)
    return fast_settle(v, v[_RULES])


def fast_heal_pick(s: RegicideState, i: int) -> RegicideState:
    """``heal_pick``: ♥ picks the card at position ``i`` of the discard pile; after the last
    pick the cards go under the tavern."""
    v = list(s)
    discard = v[_DISCARD]
    v[_DISCARD] = discard[:i] + discard[i + 1:]
    healing = v[_HEALING] + (discard[i],)
    if v[_HEAL_DUE] > 1:
        v[_HEALING], v[_HEAL_DUE] = healing, v[_HEAL_DUE] - 1
        return _new_state(HealPicking, v)
    v[_HEALING], v[_HEAL_DUE] = (), 0
    fast_put_under_tavern(v, healing)
    return fast_settle(v, v[_RULES])


def fast_reveal(s: RegicideState, c: int) -> RegicideState:
    """``reveal``: the castle's top card ``c`` becomes the enemy."""
    v = list(s)
    v[_CASTLE] = v[_CASTLE].without_top(c)
    v[_ENEMY], v[_DAMAGE], v[_CANCELLED], v[_REVEAL_DUE] = c, 0, False, False
    return fast_settle(v, v[_RULES])


def fast_suffer_discard(s: RegicideState, cards: tuple) -> RegicideState:
    """``suffer_discard``: step 4's discard, then play passes clockwise (``end_turn``)."""
    v = list(s)
    a, rules = v[_ACTIVE], v[_RULES]
    v[_HANDS] = hands_without(v[_HANDS], a, cards)
    v[_DISCARD] = multiset(v[_DISCARD] + cards)
    v[_TO_COVER] = 0
    v[_ACTIVE], v[_PHASE] = (a + 1) % rules.players, "play"
    return fast_settle(v, rules)


def fast_yield(s: RegicideState) -> RegicideState:
    """Yield (§3 step 1): straight to step 4."""
    v = list(s)
    a, rules, yielded = v[_ACTIVE], v[_RULES], v[_YIELDED]
    if not yielded[a]:
        v[_YIELDED] = yielded[:a] + (True,) + yielded[a + 1:]
    fast_suffer(v, rules.players)
    return fast_settle(v, rules)


def fast_use_jester_power(s: RegicideState) -> RegicideState:
    """``use_jester_power`` (§7): the hand to the discard pile, then the draws."""
    v = list(s)
    a, rules, hands = v[_ACTIVE], v[_RULES], v[_HANDS]
    v[_JESTER_POWERS] -= 1
    v[_DISCARD] = multiset(v[_DISCARD] + hands[a])
    v[_HANDS] = hands[:a] + ((),) + hands[a + 1:]
    v[_DRAWS_DUE] = (a,) * min(rules.max_hand, len(v[_TAVERN]))
    return fast_settle(v, rules)


def fast_play(s: RegicideState, cards: tuple) -> RegicideState | None:
    """``play`` of cards that are no Jester: into play, then the suit powers; None for a Jester
    (``apply_by_rules`` plays it)."""
    if IS_JESTER[cards[0]]:
        return None
    value = powers = 0
    for c in cards:
        value += VALUE[c]
        powers |= _POWER_BIT[c]
    v = list(s)
    enemy = v[_ENEMY]
    if enemy is not None and not v[_CANCELLED]:  # immunity (``immune_suit``)
        powers &= ~_POWER_BIT[enemy]
    a, yielded = v[_ACTIVE], v[_YIELDED]
    v[_HANDS] = hands_without(v[_HANDS], a, cards)
    v[_IN_PLAY] = v[_IN_PLAY] + (cards,)
    if yielded[a]:
        v[_YIELDED] = yielded[:a] + (False,) + yielded[a + 1:]
    if powers & _HEARTS_BIT:  # ``heal``
        discard = v[_DISCARD]
        if value < len(discard):
            v[_HEAL_DUE] = value
        elif discard:
            fast_put_under_tavern(v, discard)
            v[_DISCARD] = ()
    if powers & _DIAMONDS_BIT:
        v[_DIAMONDS_DUE] = value
    v[_STRIKE] = 2 * value if powers & _CLUBS_BIT else value
    v[_PHASE] = "powers"
    return fast_settle(v, v[_RULES])


# -- what a player knows ------------------------------------------------------------------------
def unknown_groups(s, player: int) -> list[dict]:
    """The cards ``player`` has not seen, by group, and where they may be.

    A group is the content of one tavern segment when it was made (the shuffled tavern, a ♥
    heal, an exactly killed enemy). Everybody saw which cards went into it, and which seat drew
    how many of them (draws are public, the cards drawn are not). So, for ``player``, a group's
    unseen cards are those still in its tavern segment plus those other seats drew from it and
    still hold. Dealt uniformly at random, they are equally likely in any of those places, and
    the groups are independent: this is the whole of ``player``'s knowledge of hidden cards
    (ignoring what other players' choices may hint at).

    Each entry: ``group``, ``cards`` (sorted), ``in_tavern`` (how many of them are in the
    tavern, in its segment of that group) and ``in_hands`` (per seat, how many are in that hand;
    0 for ``player``)."""
    n = s.rules.players
    found = {}
    for seg, g in zip(s.tavern.segments, s.groups):
        found[g] = {"group": g, "cards": list(seg), "in_tavern": len(seg), "in_hands": [0] * n}
    for q in range(n):
        if q == player:
            continue
        for c in s.hands[q]:
            g = s.origin[c]
            entry = found.get(g)
            if entry is None:
                entry = found[g] = {"group": g, "cards": [], "in_tavern": 0, "in_hands": [0] * n}
            entry["cards"].append(c)
            entry["in_hands"][q] += 1
    for entry in found.values():
        entry["cards"].sort()
    return [found[g] for g in sorted(found)]


# -- the game -----------------------------------------------------------------------------------
def _check_players(value):
    if isinstance(value, bool) or value not in (1, 2, 3, 4):
        raise OptionError(f"option players={value!r} is not allowed; choose one of [1, 2, 3, 4]")
    return int(value)


def _check_bool(name):
    def check(value):
        if not isinstance(value, bool):
            raise OptionError(f"option {name}={value!r} is not allowed; choose one of "
                              "[True, False]")
        return value
    return check


class Regicide(Game):
    """Regicide for 1-4 players (rules: shared/rules/regicide.md).

    >>> game = Regicide()
    >>> s = game.new_initial_state(players=4)
    >>> len(s.tavern), s.rules.max_hand, s.is_chance
    (42, 5, True)
    """

    name = "regicide"

    def options(self) -> list[Option]:
        return [
            Option("players", 2, "number of players, 1 (solo, §7) to 4", (1, 2, 3, 4),
                   _check_players),
            Option("exact_kill_to_tavern", "always",
                   "an exactly killed enemy goes on the tavern always, or as the player "
                   "chooses (A2)", ("always", "optional")),
            Option("solo_yield_allowed", True, "a solo player may yield (A3)", (True, False),
                   _check_bool("solo_yield_allowed")),
            Option("jester_may_choose_self", True,
                   "the Jester's player may give the next turn to themselves (A4)",
                   (True, False), _check_bool("jester_may_choose_self")),
            Option("discard_choices", "minimal",
                   "step 4 offers the minimal covers of the damage, or every cover "
                   "(paying more than needed)", ("minimal", "all")),
            Option("jester_signals", False,
                   "after a Jester the other players signal whether they want the next turn "
                   "(A17)", (True, False), _check_bool("jester_signals"),
                   seeded_at_default=False),
        ]

    def strict_undo(self, options: dict) -> bool:
        """§4: hands are secret, so with several players undo may not take back a draw."""
        return options["players"] > 1

    def strict_undo_at(self, state) -> bool:
        return state.rules.players > 1

    def initial_state(self, options: dict) -> RegicideState:
        """Setup (§2): the castle Jacks over Queens over Kings, the tavern shuffled with the
        Jesters of the table, the first enemy and the deal (one card at a time, clockwise, from
        seat 0) as chance nodes."""
        rules = Rules(players=options["players"],
                      exact_kill_always=options["exact_kill_to_tavern"] == "always",
                      solo_yield_allowed=options["solo_yield_allowed"],
                      jester_may_choose_self=options["jester_may_choose_self"],
                      all_discards=options["discard_choices"] == "all",
                      jester_signals=options["jester_signals"])
        n = rules.players
        in_tavern = JESTERS[:rules.jesters_in_tavern]
        tavern_cards = multiset(NUMBER_CARDS + in_tavern)
        origin = [-1] * NUM_CARDS
        for c in tavern_cards:
            origin[c] = 0
        return RegicideState(
            rules=rules,
            castle=Deck((multiset(JACKS), multiset(QUEENS), multiset(KINGS))),
            tavern=Deck.shuffled(tavern_cards), groups=(0,), origin=tuple(origin),
            hands=((),) * n, set_aside=JESTERS[rules.jesters_in_tavern:],
            jester_powers=rules.jester_powers,
            draws_due=tuple(range(n)) * rules.max_hand, reveal_due=True,
            yielded=(False,) * n)

    @staticmethod
    def text(state) -> str:
        from .render import text
        return text(state)

    @staticmethod
    def html(state) -> str:
        from .render import html
        return html(state)

    def view(self):
        from .view import RegicideView
        return RegicideView(self)

    def agents(self) -> dict:
        """``search`` runs a fixed number of rollouts (not a time budget) so that a study gives
        the same results on any machine."""
        from .agents import HeuristicAgent, SearchAgent
        return {**super().agents(), "heuristic": HeuristicAgent,
                "search": lambda: SearchAgent(time_limit=None, iterations=300)}

    def final_stats(self, state: RegicideState) -> dict:
        """How far the table got: enemies defeated, Jesters played, cards left in the tavern
        and in hands, and why the game was lost."""
        return {"enemies_defeated": state.defeated, "jesters_played": state.jesters_played,
                "tavern_left": len(state.tavern),
                "cards_in_hands": sum(len(h) for h in state.hands),
                "reason": state.reason}


def cards_everywhere(s) -> list[int]:
    """Every card of the state, wherever it lies (for conservation checks, §1: 54 cards)."""
    cards = list(s.castle.cards()) + list(s.tavern.cards()) + list(s.discard)
    cards += list(s.set_aside) + list(s.healing)
    cards += [c for played in s.in_play for c in played]
    cards += [c for hand in s.hands for c in hand]
    if s.enemy is not None:
        cards.append(s.enemy)
    return sorted(cards)


__all__ = ["CHANCE", "TERMINAL", "Draft", "Drawing", "GameOver", "HealPicking", "IllegalAction",
           "PLAYER_TABLE", "Regicide", "RegicideState", "Revealing", "Rules", "Turn", "all_covers",
           "cards_everywhere", "diamond_order", "minimal_covers", "state_of", "unknown_groups"]
