"""The fast steps of Regicide: the most frequent steps (a draw, a ♥ pick, a new enemy, a play
other than a Jester, a discard, a yield, a solo Jester power) made on the list of a position's
fields (``v``, indexed by the constants of ``fields.py``) instead of a ``Draft``, which copies
every field in and out (speed only).

Each ``fast_*`` function does what the rule function of the same name in ``rules.py`` does, then
``settle`` (``fast_settle``), changing ``v`` in place, and returns the kind of state that comes
next (``fields.TURN``, ``DRAWING``, ...), which it knows without asking ``kind_of``; the kinds'
``apply`` in ``state.py`` makes the state. ``RegicideState.apply_by_rules`` is the reference: the
tests compare the two at every step of thousands of random games.

>>> import odd_nb
>>> s = odd_nb.start("regicide", players=1, seed=5).state
>>> v = list(s)
>>> fast_play(v, (s.hand[0],)) == TURN, len(v[HANDS][0]), v[PHASE]
(True, 7, 'discard')
"""

from __future__ import annotations

from bisect import bisect_left, insort

from ...core.chance import Deck, multiset
from .actions import ATTACK, CLUBS, DIAMONDS, HEALTH, HEARTS, NUM_CARDS, SUIT, VALUE
from .fields import (ACTIVE, CANCELLED, CASTLE, DAMAGE, DEFEATED, DIAMONDS_DUE, DISCARD, DRAWING,
                     DRAWS_DUE, ENEMY, GAME_OVER, GROUPS, HANDS, HEAL_DUE, HEAL_PICKING, HEALING,
                     IN_PLAY, JESTER_POWERS, NEXT_GROUP, ORIGIN, OUTCOME, PHASE, REASON,
                     REVEAL_DUE, REVEALING, RULES, STRIKE, TAVERN, TO_COVER, TURN, YIELDED, Fields,
                     kind_of, shield_of)
from .rules import diamond_order, loss_reason

deck_of = Deck.of  # bound once: the fast steps make a Deck at every draw
_new_fields = tuple.__new__
_POWER_BIT = tuple(1 << SUIT[c] if SUIT[c] >= 0 else 0 for c in range(NUM_CARDS))
_HEARTS_BIT, _DIAMONDS_BIT, _CLUBS_BIT = 1 << HEARTS, 1 << DIAMONDS, 1 << CLUBS


def fast_settle(v: list, rules) -> int:
    """``settle`` on a list of fields (``rules``: its ``Rules``), and the kind of state it
    makes: once ♥ is done, the ♦ draws, or else step 3 (``deal_damage``: damage, defeat) and
    step 4 (``suffer``); then the losses of §5."""
    if v[OUTCOME] is not None or v[REVEAL_DUE] or v[HEAL_DUE] or v[DRAWS_DUE]:
        return kind_of(v)
    if v[PHASE] == "powers":
        if v[DIAMONDS_DUE]:
            draws = diamond_order(rules.players, rules.max_hand, [len(h) for h in v[HANDS]],
                                  len(v[TAVERN]), v[ACTIVE], v[DIAMONDS_DUE])
            v[DIAMONDS_DUE] = 0
            if draws:
                v[DRAWS_DUE] = draws
                return DRAWING
        damage = v[DAMAGE] + v[STRIKE]
        v[DAMAGE], v[STRIKE] = damage, 0
        health = HEALTH[v[ENEMY]]
        if damage >= health:
            v[DEFEATED] += 1
            if damage == health and not rules.exact_kill_always:
                v[PHASE] = "exact kill"  # A2 "optional": the active player chooses
                return TURN
            fast_finish_defeat(v, damage == health)
            return REVEALING if v[REVEAL_DUE] else GAME_OVER
        fast_suffer(v, rules.players)
    hand = v[HANDS][v[ACTIVE]]
    phase = v[PHASE]
    if phase == "play" and hand:
        return TURN  # a player with cards can always play one (§5)
    if phase == "discard":
        value = 0
        for c in hand:
            value += VALUE[c]
        if value >= v[TO_COVER]:
            return TURN  # the hand covers the damage (§5)
    reason = loss_reason(_new_fields(Fields, v))
    if not reason:
        return TURN
    v[OUTCOME], v[REASON] = "lost", reason
    return GAME_OVER


def fast_suffer(v: list, players: int) -> None:
    """``suffer`` (step 4): the enemy's attack less the shield is to cover, or the turn ends
    when it is 0."""
    enemy = v[ENEMY]
    immune = -1 if v[CANCELLED] else SUIT[enemy]
    damage = ATTACK[enemy] - shield_of(v[IN_PLAY], immune)
    if damage > 0:
        v[PHASE], v[TO_COVER] = "discard", damage
    else:
        v[ACTIVE], v[PHASE] = (v[ACTIVE] + 1) % players, "play"


def fast_finish_defeat(v: list, to_tavern: bool) -> None:
    """``finish_defeat``: the enemy to the tavern's top (exact kill) or the discard pile, the
    cards in play to the discard pile; the same player goes on, or the party wins."""
    enemy = v[ENEMY]
    discarded = [c for played in v[IN_PLAY] for c in played]
    if to_tavern:
        v[GROUPS] = (fast_new_group(v, (enemy,)),) + v[GROUPS]
        v[TAVERN] = deck_of(((enemy,),) + v[TAVERN].segments)  # ``Deck.with_top``
    else:
        discarded.append(enemy)
    v[DISCARD] = multiset(v[DISCARD] + tuple(discarded))
    v[IN_PLAY] = ()
    v[ENEMY], v[DAMAGE], v[CANCELLED] = None, 0, False
    v[PHASE] = "play"
    if v[CASTLE].segments:
        v[REVEAL_DUE] = True
    else:
        v[OUTCOME] = "won"


def fast_new_group(v: list, cards) -> int:
    """``Draft.new_group``: the id of a new group of tavern cards, recorded for each card."""
    g = v[NEXT_GROUP]
    origin = list(v[ORIGIN])
    for c in cards:
        origin[c] = g
    v[ORIGIN], v[NEXT_GROUP] = tuple(origin), g + 1
    return g


def fast_put_under_tavern(v: list, cards: tuple) -> None:
    """``put_under_tavern``: ``cards`` (at least one) become a new bottom segment of the tavern,
    a new group."""
    v[GROUPS] = v[GROUPS] + (fast_new_group(v, cards),)
    v[TAVERN] = deck_of(v[TAVERN].segments + (multiset(cards),))  # ``Deck.with_bottom``


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


def fast_draw(v: list, i: int, seat: int) -> int:
    """``draw``: the card at position ``i`` of the tavern's top segment goes to ``seat``'s hand
    (kept sorted)."""
    segments = v[TAVERN].segments
    top = list(segments[0])
    c = top.pop(i)
    if top:  # ``Deck.without_top``
        v[TAVERN] = deck_of((tuple(top),) + segments[1:])
    else:  # the top segment is used up, and its group's entry with it
        v[TAVERN] = deck_of(segments[1:])
        v[GROUPS] = v[GROUPS][1:]
    hands = v[HANDS]
    hand = list(hands[seat])
    insort(hand, c)
    if len(hands) == 1:  # solo: no list of hands to copy
        v[HANDS] = (tuple(hand),)
    else:
        hands = list(hands)
        hands[seat] = tuple(hand)
        v[HANDS] = tuple(hands)
    draws_due = v[DRAWS_DUE] = v[DRAWS_DUE][1:]
    if draws_due:  # more draws: nothing to settle
        return DRAWING
    return fast_settle(v, v[RULES])


def fast_heal_pick(v: list, i: int) -> int:
    """``heal_pick``: ♥ picks the card at position ``i`` of the discard pile; after the last
    pick the cards go under the tavern."""
    discard = v[DISCARD]
    v[DISCARD] = discard[:i] + discard[i + 1:]
    healing = v[HEALING] + (discard[i],)
    if v[HEAL_DUE] > 1:
        v[HEALING], v[HEAL_DUE] = healing, v[HEAL_DUE] - 1
        return HEAL_PICKING
    v[HEALING], v[HEAL_DUE] = (), 0
    fast_put_under_tavern(v, healing)
    return fast_settle(v, v[RULES])


def fast_reveal(v: list, c: int) -> int:
    """``reveal``: the castle's top card ``c`` becomes the enemy."""
    v[CASTLE] = v[CASTLE].without_top(c)
    v[ENEMY], v[DAMAGE], v[CANCELLED], v[REVEAL_DUE] = c, 0, False, False
    return fast_settle(v, v[RULES])


def fast_suffer_discard(v: list, cards: tuple) -> int:
    """``suffer_discard``: step 4's discard, then play passes clockwise (``end_turn``)."""
    a, rules = v[ACTIVE], v[RULES]
    v[HANDS] = hands_without(v[HANDS], a, cards)
    v[DISCARD] = multiset(v[DISCARD] + cards)
    v[TO_COVER] = 0
    v[ACTIVE], v[PHASE] = (a + 1) % rules.players, "play"
    return fast_settle(v, rules)


def fast_yield(v: list) -> int:
    """Yield (§3 step 1): straight to step 4."""
    a, rules, yielded = v[ACTIVE], v[RULES], v[YIELDED]
    if not yielded[a]:
        v[YIELDED] = yielded[:a] + (True,) + yielded[a + 1:]
    fast_suffer(v, rules.players)
    return fast_settle(v, rules)


def fast_use_jester_power(v: list) -> int:
    """``use_jester_power`` (§7): the hand to the discard pile, then the draws."""
    a, rules, hands = v[ACTIVE], v[RULES], v[HANDS]
    v[JESTER_POWERS] -= 1
    v[DISCARD] = multiset(v[DISCARD] + hands[a])
    v[HANDS] = hands[:a] + ((),) + hands[a + 1:]
    v[DRAWS_DUE] = (a,) * min(rules.max_hand, len(v[TAVERN]))
    return fast_settle(v, rules)


def fast_play(v: list, cards: tuple) -> int:
    """``play`` of cards that are no Jester (``apply_by_rules`` plays a Jester): into play,
    then the suit powers."""
    value = powers = 0
    for c in cards:
        value += VALUE[c]
        powers |= _POWER_BIT[c]
    enemy = v[ENEMY]
    if enemy is not None and not v[CANCELLED]:  # immunity (``immune_suit``)
        powers &= ~_POWER_BIT[enemy]
    a, yielded = v[ACTIVE], v[YIELDED]
    v[HANDS] = hands_without(v[HANDS], a, cards)
    v[IN_PLAY] = v[IN_PLAY] + (cards,)
    if yielded[a]:
        v[YIELDED] = yielded[:a] + (False,) + yielded[a + 1:]
    if powers & _HEARTS_BIT:  # ``heal``
        discard = v[DISCARD]
        if value < len(discard):
            v[HEAL_DUE] = value
        elif discard:
            fast_put_under_tavern(v, discard)
            v[DISCARD] = ()
    if powers & _DIAMONDS_BIT:
        v[DIAMONDS_DUE] = value
    v[STRIKE] = 2 * value if powers & _CLUBS_BIT else value
    v[PHASE] = "powers"
    return fast_settle(v, v[RULES])
