"""What a Regicide position holds, field by field, and the questions about it that a state, its
rule draft and the fast steps all answer (``Reading``): the layer under the fast steps
(``fast.py``) and the state (``state.py``), which both read fields by position.

A position is a tuple of the fields below, in this order; ``kind_of`` says from them what happens
next (a player decides, chance deals, ♥ picks, an enemy is revealed, the game is over).

>>> FIELDS[ACTIVE], len(FIELDS)
('active', 30)
>>> import odd_nb
>>> s = odd_nb.start("regicide", players=1, seed=5).state
>>> s[HANDS] == s.hands, kind_of(s) == TURN
(True, True)
"""

from __future__ import annotations

from collections import namedtuple
from operator import attrgetter

from .actions import ATTACK, CARD_NAME, HEALTH, SPADES, SUIT, VALUE

#: the phases of a turn (the field ``phase``)
PHASES = ("play", "powers", "discard", "signal", "next", "exact kill")

FIELDS = (
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
    "phase",  # one of PHASES
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
DEFAULTS = (None, 0, False, (), (), (), 0, 0, "play", 0, 0, 0, 0, (), (), False, (), 1, 0, 0,
            None, "", (), -1)
#: the named tuple of the fields, the base of ``RegicideState``
FieldTuple = namedtuple("FieldTuple", FIELDS, defaults=DEFAULTS)
#: the fields of any object that has them as attributes (a draft), as a tuple in order
read_fields = attrgetter(*FIELDS)
# positions of the fields in the tuple, for the fast steps
(RULES, CASTLE, TAVERN, GROUPS, ORIGIN, HANDS, ENEMY, DAMAGE, CANCELLED, IN_PLAY,
 DISCARD, JESTER_POWERS, ACTIVE, PHASE, TO_COVER, STRIKE, DIAMONDS_DUE, HEAL_DUE, HEALING,
 DRAWS_DUE, REVEAL_DUE, YIELDED, NEXT_GROUP, OUTCOME, DEFEATED, REASON) = (
    FIELDS.index(f) for f in (
        "rules", "castle", "tavern", "groups", "origin", "hands", "enemy", "damage", "cancelled",
        "in_play", "discard", "jester_powers", "active", "phase", "to_cover", "strike",
        "diamonds_due", "heal_due", "healing", "draws_due", "reveal_due", "yielded",
        "next_group", "outcome", "defeated", "reason"))

#: The kinds of state, by what happens next; ``state.py`` makes a class of each (``KINDS``, in
#: this order): a player decides, chance deals a tavern card to a seat, ♥ picks a card of the
#: discard pile, the castle turns its top card over, the game is over.
TURN, DRAWING, HEAL_PICKING, REVEALING, GAME_OVER = range(5)


def kind_of(fields) -> int:
    """The kind of state of these fields (a tuple or list in ``FIELDS`` order)."""
    if fields[OUTCOME] is not None:
        return GAME_OVER
    if fields[REVEAL_DUE]:
        return REVEALING
    if fields[HEAL_DUE]:
        return HEAL_PICKING
    if fields[DRAWS_DUE]:
        return DRAWING
    return TURN


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


#: play -> its part of the shield: a table of a function of its key, filled as plays are met
#: (speed only: a few hundred plays exist; it changes no answer)
_SPADE_PART: dict = {}


class Reading:
    """Questions about a position, shared by the frozen state and the draft."""

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


class Fields(Reading, FieldTuple):
    """The fields of a position with the questions ``Reading`` answers, and nothing else (no
    protocol): how the fast steps read a list of fields (``fast.fast_settle``)."""

    __slots__ = ()
