"""The rules of Regicide, in the rulebook's words and order (rules: docs/rules/regicide.md): what a
player may do (``play_choices``, ``discard_choices``), why an action is refused (``explain``), and
the rule functions that change a mutable ``Draft`` of a position step by step: chance (``draw``,
``heal_pick``, ``reveal``), step 1 ``play``, step 2 the suit powers (``heal``, ♦ by
``diamond_order``), step 3 ``deal_damage`` and ``finish_defeat``, step 4 ``suffer``, and
``settle``, which runs everything that needs neither chance nor a decision and finds the losses of
§5 (``loss_reason``). The state (``state.py``) makes the draft and hands it to them; they never
import the state.

These are the reference rules: ``RegicideState.apply_by_rules`` (``state.py``) makes every step
with them, and the tests check the fast steps (``fast.py``) against them at every step of
thousands of games.

Chance is exact and nothing hidden is decided before it is revealed (docs/design.md, "Chance"):

- the **castle** is a ``Deck`` of three unordered segments, Jacks over Queens over Kings
  (§2 step 1); each new enemy is a chance node over the top segment;
- the **tavern** is a ``Deck`` too: one shuffled segment at the start, a new bottom segment for the
  cards ♥ heals, a segment of one for an exactly killed enemy on top (§3 step 3);
- dealing, every ♦ draw and every solo Jester-power draw is one chance node over the tavern's top
  segment, its outcome the card *and the seat that gets it*;
- ♥ heals N cards one chance node at a time, each a uniform pick from the discard pile (A10: a
  uniform N-subset, built as N uniform picks without replacement, so a node has at most 54
  outcomes instead of C(40, 20)); the picks become one new bottom segment of the tavern.

>>> import odd_nb
>>> from odd_nb.games.regicide.state import Draft
>>> s = odd_nb.start("regicide", players=2, seed=3).state
>>> d = Draft(s)
>>> play(d, (s.hand[0],)); settle(d)
>>> d.phase, len(d.hands[0]), d.active
('discard', 6, 0)
"""

from __future__ import annotations

from itertools import combinations

from ...core.chance import multiset, multiset_remove
from .actions import (ACE_PAIRS, CLUBS, DIAMONDS, HEARTS, IS_ACE, IS_JESTER, JESTER_1, JESTERS,
                      PLAY_SINGLE, RANK, SUIT, USE_JESTER_POWER, VALUE, YIELD, Discard,
                      NextPlayer, Play, Signal, discard_of, discards_of, names, play_of)

#: combos (§3 step 1): 2-4 number cards of one rank from 2 to 5, total at most 10
COMBO_MAX_TOTAL = 10
COMBO_MAX_CARDS = 4


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
    return [d.cards for d in minimal_discards(hand, need, CoverTree())]


def minimal_discards(hand: tuple, need: int, tree: CoverTree) -> list:
    """The ``Discard`` of each minimal cover of ``need`` in ``hand`` (see ``minimal_covers``),
    found along ``tree``, which keeps the sets of cards met for the next search. Cards are taken
    in decreasing value; a set is recorded the moment its smallest card takes it to ``need``,
    which is exactly minimality."""
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
        if tree.made > tree.limit:
            tree.clear()
        _extend_covers(out, cards, values, 0, (), tree.root, need, total, tree)
    return out


def _extend_covers(out: list, cards: tuple, values: list, j: int, chosen: tuple, below: dict,
                   left: int, rest: int, tree: CoverTree) -> None:
    """``minimal_discards``' search: ``chosen`` (taken so far, with ``below`` its entry of
    ``tree``) needs ``left`` more from ``cards[j:]``, worth ``rest`` in all."""
    n = len(cards)
    while j < n and values[j] >= left:  # each of these cards makes up what is left
        c = cards[j]
        out.append((below.get(c) or tree.add(below, c, chosen))[0])
        rest -= values[j]
        j += 1
    while rest >= left:  # the others need more cards (none once the rest is too little)
        c = cards[j]
        value = values[j]
        rest -= value
        discard, further = below.get(c) or tree.add(below, c, chosen)
        _extend_covers(out, cards, values, j + 1, discard.cards, further, left - value, rest,
                       tree)
        j += 1


class CoverTree:
    """The sets of cards the covers' search meets, as a tree (speed only: the search walks it
    instead of making and interning a tuple per cover; the answers are the same without it).

    ``root`` is the entry of the empty set; from a set's entry, by card ``c`` lower than all of
    its cards, ``(the Discard of the set with c, that set's entry)``. ``made`` counts the sets
    added since the tree was last cleared; a search that starts with more than ``limit`` of them
    clears it first (a few thousand sets in practice). The states share one tree for the life of
    the process (``RegicideState.cover_tree``); ``minimal_covers`` makes its own.

    >>> tree = CoverTree(limit=10)
    >>> [d.cards for d in minimal_discards((4, 5, 30), 4, tree)], tree.made
    ([(30,), (4, 5)], 3)
    """

    __slots__ = ("root", "made", "limit")

    def __init__(self, limit: int = 200_000):
        self.root: dict = {}
        self.made = 0
        self.limit = limit

    def add(self, below: dict, c: int, chosen: tuple) -> tuple:
        """The entry, new under ``below``, of the set ``chosen`` with card ``c``."""
        self.made += 1
        entry = below[c] = (discard_of((c,) + chosen), {})
        return entry

    def clear(self) -> None:
        self.root.clear()
        self.made = 0


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


def discard_choices(s, tree: CoverTree) -> list:
    """Step 4 (§3): the discards that cover the enemy's damage.

    Decision (§3 step 4 "may pay more than needed"): by default only *minimal* covers are
    offered: sets worth at least the damage with no card that could be kept. A hand of h cards has
    at most C(h, h/2) of them (they form an antichain: 70 for the solo hand of 8), against up to
    2^h - 1 = 255 covers in all. Paying more only moves cards from the hand to the discard pile
    earlier than needed. A card in hand can still be played or discarded later, so keeping it is
    never worse, with two narrow exceptions: a hand at its maximum is skipped by ♦ draws, and a
    card in the discard pile can be healed back by ♥. Both are rare and small; the option
    ``discard_choices="all"`` offers every cover for those who want them.

    ``tree``: the ``CoverTree`` the search for minimal covers walks (speed only)."""
    hand = s.hands[s.active]
    if s.rules.all_discards:
        return discards_of(all_covers(hand, s.to_cover))
    return minimal_discards(hand, s.to_cover, tree)


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
def draw(d, c: int, seat: int) -> None:
    """The tavern's top card goes to ``seat`` (dealing §2 step 3, ♦, solo Jester power)."""
    tavern = d.tavern.without_top(c)
    if len(tavern.segments) < len(d.tavern.segments):
        d.groups = d.groups[1:]
    d.tavern = tavern
    d.set_hand(seat, tuple(sorted(d.hands[seat] + (c,))))
    d.draws_due = d.draws_due[1:]


def heal_pick(d, c: int) -> None:
    """♥ (§3 step 2, A10): one more card of the discard pile goes under the tavern."""
    d.discard = multiset_remove(d.discard, c)
    d.healing += (c,)
    d.heal_due -= 1
    if not d.heal_due:
        put_under_tavern(d, d.healing)
        d.healing = ()


def put_under_tavern(d, cards) -> None:
    d.groups += (d.new_group(cards),)
    d.tavern = d.tavern.with_bottom(cards)


def reveal(d, c: int) -> None:
    """The castle's top card becomes the enemy (§2 step 1, §3 step 3)."""
    d.castle = d.castle.without_top(c)
    d.enemy, d.damage, d.cancelled = c, 0, False
    d.reveal_due = False


# -- the turn -----------------------------------------------------------------------------------
def play(d, cards: tuple) -> None:
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


def start_signals(d) -> None:
    """A17 (``Rules.jester_signals``): right after a Jester, before its player chooses who goes
    next, each other player in turn, clockwise, says in general terms whether they want to go
    next (§4): "want", "rather not" or "no preference". The signals are public; they are kept
    until the chosen player starts their turn."""
    d.jester_seat = d.active
    d.signals = ("",) * d.rules.players
    d.active = (d.active + 1) % d.rules.players
    d.phase = "signal"


def signal(d, wish: str) -> None:
    """A17: the active player's signal; after the last one the Jester's player chooses."""
    a = d.active
    d.signals = d.signals[:a] + (wish,) + d.signals[a + 1:]
    nxt = (a + 1) % d.rules.players
    if nxt == d.jester_seat:
        d.active, d.phase = nxt, "next"
    else:
        d.active = nxt


def heal(d, n: int) -> None:
    """♥: N cards of the discard pile at random (all of them if fewer) under the tavern."""
    n = min(n, len(d.discard))
    if n == len(d.discard):
        if n:
            put_under_tavern(d, d.discard)
            d.discard = ()
    else:
        d.heal_due = n


def diamond_recipients(d) -> tuple:
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


def deal_damage(d) -> None:
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


def finish_defeat(d, to_tavern: bool) -> None:
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


def suffer(d) -> None:
    """Step 4 (§3): the enemy attacks for its attack less the shield; nothing at 0."""
    damage = d.enemy_damage
    if damage == 0:
        end_turn(d)
    else:
        d.phase, d.to_cover = "discard", damage


def suffer_discard(d, cards: tuple) -> None:
    a = d.active
    d.set_hand(a, tuple(c for c in d.hands[a] if c not in cards))
    d.discard = multiset(d.discard + cards)
    d.to_cover = 0
    end_turn(d)


def end_turn(d) -> None:
    """Play passes clockwise (§3 step 4)."""
    d.active = (d.active + 1) % d.rules.players
    d.phase = "play"


def use_jester_power(d) -> None:
    """§7: flip a Jester power; discard the whole hand; draw up to the maximum hand size (as many
    as the tavern holds). The step in progress (1 or 4) then goes on."""
    d.jester_powers -= 1
    d.discard = multiset(d.discard + d.hands[d.active])
    d.set_hand(d.active, ())
    d.draws_due = (d.active,) * min(d.rules.max_hand, len(d.tavern))


def settle(d) -> None:
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
