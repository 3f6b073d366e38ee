"""The turn of One Deck Dungeon (rules §5, §9-§11): what the party may do, and what it does.

``legal(state)`` lists the choices of the moment and ``take(draft, action)`` plays one on a
``Draft`` (``state.py``); the encounter, its effects and the loot have their own modules. Pending
work comes before the phase's own choices, in this order: dice waiting to be rolled and time
waiting to be spent (chance nodes), damage waiting for the party to pick a hero, and a hero out of
health who may still be healed. So an ability that deals damage in the middle of an encounter
simply queues it, and the encounter goes on once it is dealt.

>>> import odd_nb
>>> s = odd_nb.start("one-deck-dungeon", seed=3).state
>>> [str(a) for a in legal(s)]
['time passes']
"""

from __future__ import annotations

from ...core.chance import multiset, multiset_add, multiset_remove
from . import effects, encounter, loot
from .actions import (ACCEPT_DEFEAT, DESCEND, EXPLORE, FACE, FLEE, OPEN_DOOR, TIME_PASSES,
                      TRADE_XP, EnterOpenDoor, ReturnStored, TakeDamage, Use)
from .dice import pool_add

STAIRS_TOKENS_PER_DAMAGE = 3  # §5.1
TIME_PER_TURN = 2  # §5.2


def legal(s) -> list:
    """What the party may do now: pending work first, then the phase's own choices; at level 4,
    5 XP for a potion token whenever the party decides (§8, A14)."""
    acts = _choices(s)
    return acts + [TRADE_XP] if effects.can_buy_potion(s) else acts


def _choices(s) -> list:
    if s.damage_due:  # A20: a potion may be drunk first, before the damage knocks a hero out
        return [TakeDamage(h, s.hero_card(h).name, s.damage_due[0])
                for h in range(len(s.heroes))] + effects.potion_uses(s, healing_only=True)
    if s.dying:
        return effects.potion_uses(s, healing_only=True) + [ACCEPT_DEFEAT]
    phase = s.phase
    if phase == "turn start":
        acts = [TIME_PASSES] + effects.any_time(s)
        return acts + ([DESCEND] if s.stairs_showing else [])
    if phase == "turn":
        acts = []
        if s.doors < s.door_limit and not s.stairs_showing:
            acts.append(EXPLORE)
        if s.closed_doors:
            acts.append(OPEN_DOOR)
        names = s.content.encounters
        acts += [EnterOpenDoor(c, names[c].name) for c in sorted(set(s.open_doors))]
        return acts + effects.any_time(s) + ([DESCEND] if s.stairs_showing else [])
    if phase == "door":
        return [FACE, FLEE] + effects.any_time(s)
    if phase in loot.LOOT_PHASES:
        return loot.legal(s) + effects.any_time(s)
    if phase == "peril":
        return encounter.legal(s) + effects.any_time(s)
    return encounter.legal(s)


def take(d, action, chance: bool) -> None:
    """Play ``action`` (a chance outcome when ``chance``) on the draft ``d``, then settle."""
    if chance:
        resolve_chance(d, action)
    elif isinstance(action, TakeDamage):
        amount, d.damage_due = d.damage_due[0], d.damage_due[1:]
        d.hurt(action.hero, amount)
    elif action == ACCEPT_DEFEAT:
        d.dying, d.outcome = False, "lost"
    elif action == TIME_PASSES:
        d.phase = "turn"
        d.time_due += TIME_PER_TURN
    elif action == DESCEND:
        descend(d)
    elif action == EXPLORE:
        explore(d)
    elif action == OPEN_DOOR:
        d.phase = "opening"
    elif isinstance(action, EnterOpenDoor):
        d.open_doors = multiset_remove(d.open_doors, action.card)
        d.card = action.card
        encounter.begin(d)
    elif action == FACE:
        encounter.begin(d)
    elif action == FLEE:
        d.open_doors = multiset_add(d.open_doors, d.card)
        d.card = None
        effects.store_dice(d, "flee")
        end_turn(d)
    elif action == TRADE_XP:  # A14: at any decision, level 4
        loot.buy_potion(d)
    elif isinstance(action, Use):
        effects.use(d, action)
    elif isinstance(action, ReturnStored):
        effects.return_stored(d, action.hero)
    elif d.phase in loot.LOOT_PHASES:
        loot.apply(d, action)
    else:
        encounter.apply(d, action)
    settle(d)


def explain(s, action) -> str | None:
    """Why a turn action is not allowed, in the rules' words (None: no specific reason)."""
    if s.damage_due or s.dying:
        return None
    if action == EXPLORE and s.phase == "turn":
        if s.stairs_showing:
            return "the stairs are showing: there is no more exploring on this floor (§9)"
        return f"there are {s.doors} doors, the limit is {s.door_limit}: explore needs fewer (§5.3)"
    if action == EXPLORE and s.phase == "turn start":
        return "time passes first; then the party explores or enters a room (§5)"
    if action == DESCEND:
        return ("the party may descend only when the stairs show, between encounters (§9, A5); "
                f"{s.deck_size} cards are left in the deck")
    if action == FLEE:
        return "only a closed door just opened can be fled; an open door must be faced (§5.4)"
    if action == OPEN_DOOR and s.phase == "turn":
        return "there is no closed door to open"
    if isinstance(action, Use) and (action.hero, action.ident) in s.used:
        return f"{action.name or action.ident} was already used this encounter (once each, §7)"
    if isinstance(action, Use) and action.kind == "potion" and s.potions == 0:
        return "the party has no potion token left"
    return None


# -- chance -------------------------------------------------------------------------------------
def resolve_chance(d, outcome) -> None:
    if d.rolls_due:
        (h, colour), d.rolls_due = d.rolls_due[0], d.rolls_due[1:]
        d.set_pool(h, pool_add(d.pools[h], (colour, outcome.value)))
    elif d.phase == "opening":  # §5.4: turn a closed door face up
        d.unseen = multiset_remove(d.unseen, outcome.card)
        d.closed_doors -= 1
        d.card, d.phase = outcome.card, "door"
    else:  # §5.1: one unit of time discards the top card face up
        d.unseen = multiset_remove(d.unseen, outcome.card)
        d.deck_size -= 1
        d.discard = multiset_add(d.discard, outcome.card)
        d.time_due -= 1  # A4, A5: once the stairs show, the rest becomes stairs tokens (settle)


def settle(d) -> None:
    """Do everything that needs neither chance nor a decision."""
    if d.time_due and d.stairs_showing:  # §5.1, A4, A26: time becomes stairs tokens
        d.stairs_tokens += d.time_due
        d.time_due = 0
        while d.stairs_tokens >= STAIRS_TOKENS_PER_DAMAGE:
            d.stairs_tokens -= STAIRS_TOKENS_PER_DAMAGE
            d.deal_damage(1, chosen=True)
    if len(d.heroes) == 1:
        while d.damage_due:
            amount, d.damage_due = d.damage_due[0], d.damage_due[1:]
            d.hurt(0, amount)
    if d.dying and not any(d.is_over(h) for h in range(len(d.heroes))):
        d.dying = False
    if d.outcome or d.rolls_due or d.time_due or d.damage_due or d.dying:
        return
    if d.phase in encounter.SETTLING_PHASES:
        encounter.settle(d)
    elif d.phase in loot.SETTLING_PHASES:
        loot.settle(d)


# -- the turn -----------------------------------------------------------------------------------
def explore(d) -> None:
    """§5.3: draw face down until the doors reach the limit; exploring ends the turn."""
    drawn = min(d.door_limit - d.doors, d.deck_size)
    d.deck_size -= drawn
    d.closed_doors += drawn
    effects.store_dice(d, "explore")
    if d.poison:  # §12 poison hook (engine decision): 1 damage to a chosen hero, one token wears off
        d.poison -= 1
        d.deal_damage(1, chosen=True)
    end_turn(d)


def end_turn(d) -> None:
    """The turn ends (§5); the next one starts with time passing."""
    d.turn += 1
    d.phase = "turn start"


def descend(d) -> None:
    """§9, A6: discard pile and every door go back into a new deck; the next floor shows.

    Descending is not a step of the turn (§5, A5): from the start of a turn, time then passes as
    usual; after time revealed the stairs, the party goes on to explore the new floor."""
    d.unseen = multiset(d.unseen + d.discard + d.open_doors)
    d.deck_size, d.closed_doors = len(d.unseen), 0
    d.discard = d.open_doors = ()
    d.stairs_tokens = 0
    d.floor += 1
    if d.in_boss_fight:  # §10: descending from floor 3 starts the boss fight
        encounter.begin(d)
