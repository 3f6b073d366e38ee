"""Regicide: the game, its state and the turn (rules: /work/shared/rules/regicide.md).

The state is an immutable ``RegicideState``. ``apply`` copies it into a mutable ``Draft``, the rule
functions below change the draft in the rulebook's order (step 1 play, step 2 suit powers, step 3
damage and defeat, step 4 suffer damage), ``settle`` runs everything that needs neither chance
nor a decision, and ``freeze`` makes the next state.

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

from collections import namedtuple
from dataclasses import dataclass
from itertools import combinations
from operator import attrgetter

from ...core.chance import Deck, multiset, multiset_remove, uniform_draw
from ...core.registry import Game, Option
from ...core.state import CHANCE, TERMINAL, IllegalAction, OptionError, State
from .actions import (ATTACK, CARD_NAME, CLUBS, DIAMONDS, DRAWS, HEALS, HEALTH, HEARTS, IS_ACE,
                      IS_JESTER, JACKS, JESTER_1, JESTERS, KINGS, NUM_CARDS, NUMBER_CARDS, QUEENS, RANK,
                      PLAY_SINGLE, REVEALS, SPADES, SUIT, USE_JESTER_POWER, VALUE, YIELD, Discard, Draw,
                      ExactKill, Heal, NextPlayer, Play, Reveal, discard_of, names, play_of)

#: players -> (Jesters in the tavern, max hand size, solo Jester powers) (§2 table)
PLAYER_TABLE = {1: (0, 8, 2), 2: (0, 7, 0), 3: (1, 6, 0), 4: (2, 5, 0)}
#: combos (§3 step 1): 2-4 number cards of one rank from 2 to 5, total at most 10
COMBO_MAX_TOTAL = 10
COMBO_MAX_CARDS = 4
GRADES = ("gold", "silver", "bronze")  # §7: Jester powers used 0, 1, 2

PHASES = ("play", "powers", "discard", "next", "exact kill")


@dataclass(frozen=True, slots=True)
class Rules:
    """The options of a game (§2 table, A2, A3, A4, and ``discard_choices`` for step 4)."""

    players: int = 2
    exact_kill_always: bool = True
    solo_yield_allowed: bool = True
    jester_may_choose_self: bool = True
    all_discards: bool = False

    @property
    def max_hand(self) -> int:
        return PLAYER_TABLE[self.players][1]

    @property
    def jesters_in_tavern(self) -> int:
        return PLAYER_TABLE[self.players][0]

    @property
    def jester_powers(self) -> int:
        return PLAYER_TABLE[self.players][2]


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
        if self.immune_suit == SPADES:
            return 0
        total = 0
        for played in self.in_play:
            for c in played:
                if SUIT[c] == SPADES:
                    total += sum(VALUE[x] for x in played)
                    break
        return total

    @property
    def enemy_damage(self) -> int:
        """Step 4: the damage the enemy deals now, its attack less the shield (never below 0)."""
        return max(0, self.enemy_attack - self.shield)

    def can_yield(self) -> bool:
        """§3 step 1: not when every other player yielded on their most recent turn; in solo as
        the option ``solo_yield_allowed`` says (A3).

        Decision (gap in A3): a solo yield is not offered while the enemy's attack is fully
        shielded. It would change nothing (the enemy deals 0, the same player is at step 1 again
        with the same table), so the game could repeat forever; with an empty hand and no Jester
        power left the player then can neither play nor yield and the party loses (§5, A14),
        which is right: that enemy can never be damaged again."""
        if self.rules.players == 1:
            return self.rules.solo_yield_allowed and self.enemy_damage > 0
        return not all(y for q, y in enumerate(self.yielded) if q != self.active)

    def hand_value(self, seat: int | None = None) -> int:
        return sum(VALUE[c] for c in self.hands[self.active if seat is None else seat])


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
    "phase",  # "play", "powers", "discard", "next", "exact kill"
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
)
_DEFAULTS = (None, 0, False, (), (), (), 0, 0, "play", 0, 0, 0, 0, (), (), False, (), 1, 0, 0,
             None, "")
_Fields = namedtuple("_Fields", _FIELDS, defaults=_DEFAULTS)


class RegicideState(Reading, State, _Fields):
    """A Regicide state: an immutable value (a named tuple of the fields above; equal states
    compare and hash equal). ``str(state)`` prints the table; ``observation(seat)`` hides what
    that seat cannot know; ``state._replace(field=value)`` makes a changed copy (for tests)."""

    # (no __slots__: the instance dict holds only the caches of legal_actions())

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
        return self.outcome is None and bool(self.reveal_due or self.heal_due or self.draws_due)

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

    def _legal_actions(self):
        cache = self.__dict__
        legal = cache.get("legal")
        if legal is None:
            legal = cache["legal"] = self._compute_legal()
        return legal

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
            return acts + [USE_JESTER_POWER] if self.jester_powers else acts
        if phase == "next":
            return [NextPlayer(q) for q in range(self.rules.players)
                    if q != self.active or self.rules.jester_may_choose_self]
        if phase == "exact kill":
            return [ExactKill(self.enemy, True), ExactKill(self.enemy, False)]
        return []

    def explain_illegal(self, action) -> str:
        return explain(self, action)

    def _fast_draw(self, c: int, seat: int) -> "RegicideState":
        """``draw`` for a draw that leaves more draws due (nothing to settle): the same change
        made on the tuple directly, without a Draft (speed only)."""
        values = list(self)
        tavern = self.tavern.without_top(c)
        if len(tavern.segments) < len(self.tavern.segments):
            values[_GROUPS] = self.groups[1:]
        values[_TAVERN] = tavern
        hands = self.hands
        values[_HANDS] = hands[:seat] + (tuple(sorted(hands[seat] + (c,))),) + hands[seat + 1:]
        values[_DRAWS_DUE] = self.draws_due[1:]
        return _new_state(RegicideState, values)

    def apply(self, action) -> "RegicideState":
        # the core's checks, in the same order, with to_move computed once (speed only)
        if self.outcome is not None:
            raise IllegalAction(f"the game is over; {action!s} cannot be played")
        if self.reveal_due or self.heal_due or self.draws_due:
            if not self.is_outcome(action):
                raise IllegalAction(f"{action!s} is not a possible outcome of "
                                    f"{self.chance_label()}")
        elif not self.is_legal(action):
            raise IllegalAction(self.explain_illegal(action))
        return self._apply(action)

    def _apply(self, action) -> "RegicideState":
        if type(action) is Draw and len(self.draws_due) > 1 and not self.reveal_due:
            return self._fast_draw(action.card, action.seat)
        if type(action) is Heal and self.heal_due > 1:
            values = list(self)
            values[_DISCARD] = multiset_remove(self.discard, action.card)
            values[_HEALING] = self.healing + (action.card,)
            values[_HEAL_DUE] = self.heal_due - 1
            return _new_state(RegicideState, values)
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
        elif t is NextPlayer:
            d.active, d.phase = action.seat, "play"
        elif t is ExactKill:
            finish_defeat(d, action.to_tavern)
        settle(d)
        return d.freeze()

    def outcome_text(self, outcome, player: int) -> str:
        """How a chance outcome of this state reads to ``player``: a card another seat draws
        is "seat 1 draws a card"; enemies and ♥ picks are public. (For a history view per seat;
        the core's Timeline does not ask yet: see the report of the Regicide issue.)"""
        if type(outcome) is Draw and outcome.seat != player:
            return f"seat {outcome.seat} draws a card"
        return str(outcome)

    def observation(self, player: int = 0) -> dict:
        """What ``player`` may know (§4, §10, A12), as plain JSON-ready data."""
        from .render import observation
        return observation(self, player)

    def __str__(self) -> str:
        from .render import text
        return text(self)

    def __repr__(self) -> str:
        from .render import short
        return short(self)

    def _repr_html_(self) -> str:
        from .render import html
        return html(self)


_read_fields = attrgetter(*_FIELDS)
_GROUPS, _TAVERN, _HANDS, _DRAWS_DUE, _DISCARD, _HEALING, _HEAL_DUE = (
    _FIELDS.index(f) for f in ("groups", "tavern", "hands", "draws_due", "discard", "healing",
                               "heal_due"))
_new_state = tuple.__new__


class Draft(Reading):
    """A mutable copy of a state that the rule functions change; ``freeze()`` makes the next
    state."""

    def __init__(self, state: RegicideState):
        self.__dict__.update(zip(_FIELDS, state))

    def freeze(self) -> RegicideState:
        return _new_state(RegicideState, _read_fields(self))

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
    acts = [PLAY_SINGLE[c] for c in hand if c < JESTER_1]
    if hand and hand[-1] >= JESTER_1:  # the two Jesters are interchangeable: one play
        acts.append(PLAY_SINGLE[hand[-2] if len(hand) > 1 and hand[-2] >= JESTER_1
                                else hand[-1]])
    n = len(hand)
    i = 0
    while i < n and hand[i] < 4:  # an Ace with exactly one other card, not a Jester (§3)
        a = hand[i]
        for c in hand[i + 1:]:
            if c < JESTER_1:
                acts.append(play_of((a, c)))
        i += 1
    # combos: one rank from 2 to 5 (cards 4-19), 2-4 cards, total at most 10 (§3, A5)
    while i < n and hand[i] < 20:
        rank = hand[i] >> 2
        j = i + 1
        while j < n and hand[j] >> 2 == rank:
            j += 1
        if j - i > 1:
            most = min(COMBO_MAX_CARDS, COMBO_MAX_TOTAL // (rank + 1), j - i)
            cards = hand[i:j]
            for k in range(2, most + 1):
                acts.extend(play_of(combo) for combo in combinations(cards, k))
        i = j
    if s.can_yield():
        acts.append(YIELD)
    if s.jester_powers:
        acts.append(USE_JESTER_POWER)
    return acts


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


def minimal_covers(hand, need: int) -> list[tuple]:
    """Every set of cards of ``hand`` whose discard value is at least ``need`` and that has no
    card it could do without (a minimal cover). Cards are taken in decreasing value; a set is
    recorded the moment its smallest card takes it to ``need``, which is exactly minimality.

    >>> from odd_nb.games.regicide.actions import parse
    >>> [names(c) for c in minimal_covers(tuple(parse(x) for x in ("3S", "5H", "5S", "9C")), 8)]
    ['9♣', '5♠+5♥', '5♠+3♠', '5♥+3♠']
    """
    cards = sorted((c for c in hand if VALUE[c]), key=lambda c: (-VALUE[c], -c))
    vals = [VALUE[c] for c in cards]
    suffix = [0] * (len(cards) + 1)
    for i in range(len(cards) - 1, -1, -1):
        suffix[i] = suffix[i + 1] + vals[i]
    out = []

    def extend(i: int, chosen: tuple, total: int) -> None:
        for j in range(i, len(cards)):
            if total + suffix[j] < need:
                return
            t = total + vals[j]
            if t >= need:
                out.append(tuple(sorted(chosen + (cards[j],))))
            else:
                extend(j + 1, chosen + (cards[j],), t)

    if need > 0:
        extend(0, (), 0)
    return out


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
    covers = all_covers(hand, s.to_cover) if s.rules.all_discards else \
        minimal_covers(hand, s.to_cover)
    return [discard_of(c) for c in covers]


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
    if isinstance(action, NextPlayer) and phase == "next":
        if action.seat == s.active:
            return "the Jester's player may not choose themselves (option jester_may_choose_self)"
        return f"there is no seat {action.seat}: seats are 0 to {s.rules.players - 1}"
    return f"{action!s} is not allowed now: {who} must {_phase_text(s)}"


def _phase_text(s) -> str:
    return {"play": "play cards or yield (step 1)",
            "discard": f"discard cards worth {s.to_cover} or more (step 4)",
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
    while due and tavern and any(k < limit for k in sizes):
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
        if d.phase == "play":
            if not d.hands[d.active] and not d.can_yield() and not d.jester_powers:
                d.lose(f"seat {d.active} can neither play a card nor yield (§5, A14)")
        elif d.phase == "discard":
            if d.hand_value() < d.to_cover and not d.jester_powers:
                d.lose(f"seat {d.active} holds {d.hand_value()} and cannot cover "
                       f"{d.to_cover} damage from {d.enemy_name} (§3 step 4, §5)")
        return


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
        ]

    def strict_undo(self, options: dict) -> bool:
        """§4: hands are secret, so with several players undo may not take back a draw."""
        return options["players"] > 1

    def initial_state(self, options: dict) -> RegicideState:
        """Setup (§2): the castle Jacks over Queens over Kings, the tavern shuffled with the
        Jesters of the table, the first enemy and the deal (one card at a time, clockwise, from
        seat 0) as chance nodes."""
        rules = Rules(players=options["players"],
                      exact_kill_always=options["exact_kill_to_tavern"] == "always",
                      solo_yield_allowed=options["solo_yield_allowed"],
                      jester_may_choose_self=options["jester_may_choose_self"],
                      all_discards=options["discard_choices"] == "all")
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


__all__ = ["CHANCE", "TERMINAL", "Draft", "IllegalAction", "PLAYER_TABLE", "Regicide",
           "RegicideState", "Rules", "all_covers", "cards_everywhere", "diamond_order",
           "minimal_covers", "unknown_groups"]
