"""The fast paths of Fog Town (speed only): the legal actions of a turn step put together from
pieces made once for what they depend on, and the most frequent steps made on a copy of the
state's fields instead of a ``Draft``: rolling the die (§3.3), reading it (§3.3, §3.4), resting
(§3.3), banking (§3.4), a move (§4.1, §4.2), the usual card turned over (§5), a strike that
neither kills the player nor ends a Keeper, a Sleeper or a firearm's load (§7.2, §7.3, §7.5),
a switch (§8.3) and the end of a turn (§3.6, §12.1). Any other step, or one of these in a
rarer case, goes to the rule functions as before.

Every function here names the rule function it mirrors and gives what it gives, in the same
order; ``rules.legal_actions`` and ``FogState.apply_by_rules`` are the reference, and
``tests/fog_town/test_fog_fast_paths.py`` compares the two at every step of many seeded random
and heuristic games.

>>> import odd_nb
>>> from odd_nb.games.fog_town import rules
>>> s = odd_nb.start("fog-town", seed=3).state
>>> legal(s) == rules.legal_actions(s), apply(s, legal(s)[0]) == s.apply_by_rules(legal(s)[0])
(True, True)
"""

from __future__ import annotations

from ...core.chance import Deck, multiset_add, multiset_remove
from ...core.state import State
from . import rules
from .actions import (BANK, END, END_TURN, ESCAPE, EXPLORE, MOVE, REST, REST_HERE, REVEAL,
                      ROLL, ROLL_DIE, STRIKE, SUMMON, SWITCH, TAKE_AP, TOKEN_ESCAPE, act)
from .fights import Fight, effective, meets_need
from .piles import DECK, Pile

_new = object.__new__
_CHANCE = frozenset(("first", "roll", "draw", "deal"))
LIMIT = 50_000  # a table is cleared when it grows past this many entries


def _table(c) -> dict:
    return c.__dict__.setdefault("_fast", {})


def _made(c, key, make):
    """The value of the town's table at ``key``, made by ``make()`` the first time (kept on
    the town, as ``rules.cached`` keeps its actions)."""
    table = c.__dict__.setdefault("_fast", {})
    value = table.get(key)
    if value is None:
        if len(table) > LIMIT:
            table.clear()
        value = table[key] = make()
    return value


def legal(s) -> list:
    """``rules.legal_actions``: the same actions in the same order, put together from pieces
    each made once for what it depends on: the moves from a place (§4.1), the strikes up to
    the AP left (§7.2), the escapes from a place (§7.6), the token escapes of a set of tokens
    (§7.7), the switches of a set of weapons (§8.3), the 0-AP actions of a board (§8.2, §13)
    and the summons of a board (§10); the bank's two choices of a number rolled (§3.4). Setup
    and a return ask the rules directly.
    """
    phase = s.phase
    if phase != "act" and phase != "start":
        if phase == "bank":
            return list(_made(s.content, ("bank", s.rolled),
                              lambda: tuple(rules.legal_actions(s))))
        return rules.legal_actions(s)
    c, seat = s.content, s.current
    table = c.__dict__.get("_fast") or _table(c)
    p = s.players[seat]
    fight = s.fights[seat]
    if phase == "start":
        if fight is None:
            out = list(summons(s, seat, p)) if p.items or _made(
                c, "summon without clues", lambda: any(not c.monsters[m].requires
                                                       for m in c.sleepers)) else []
            out.append(ROLL_DIE)
            if p.node in c.locations:
                out.append(REST_HERE)
        else:
            out = [ROLL_DIE]
        if p.items:
            out += free(s, p)
        return out
    ap = s.ap
    number = numbers(s) if s.blackout_until else c.rules
    if fight is None:
        if ap >= number["move_ap"]:
            out = list(table.get((MOVE, p.node)) or _made(c, (MOVE, p.node), lambda: tuple(
                rules.cached(c, (MOVE, p.node), lambda: [
                    act(MOVE, n, None, f"move to {c.label(n)}") for n in c.neighbours[p.node]]))))
        else:
            out = []
        if p.node in c.locations and ap >= number["explore_ap"] and rules.may_explore(s, seat):
            out.append(rules.cached(c, (EXPLORE, p.node), lambda: act(
                EXPLORE, p.node, None, f"explore {c.card_name(p.node)}")))
    else:
        monster = c.monsters[fight.monster]
        out = list(table.get(("strikes", ap)) or _made(c, ("strikes", ap), lambda: tuple(
            strike_action(c, k) for k in range(1, ap + 1)))) \
            if not fight.struck and meets_need(c, p.hand, fight.monster) else []
        if monster.tier == "ordinary" and not s.escaped and ap >= number["escape_ap"]:
            out += _made(c, (ESCAPE, p.node), lambda: tuple(escapes(c, p.node)))
        if monster.tier == "keeper" and s.rules.boss_token_escape and not s.escaped and p.tokens:
            out += _made(c, (TOKEN_ESCAPE, p.tokens), lambda: tuple(
                act(TOKEN_ESCAPE, t, None, f"give up the token of {c.card_name(t)} to escape")
                for t in sorted(set(p.tokens))))
    if p.weapons and ap >= number["switch_ap"]:
        out += _made(c, (SWITCH, p.weapons), lambda: tuple(
            act(SWITCH, w, None, f"switch to {rules.weapon_text(c, w)}")
            for w in sorted(set(p.weapons))))
    if p.items:
        out += free(s, p)
    out.append(END)
    return out


def numbers(s) -> dict:
    """``clock.rule`` for every rule number at once: the town's numbers, as a Blackout with an
    effect changes them (A22)."""
    c = s.content
    if not (s.blackout_until and s.rules.blackout):
        return c.rules
    effect = s.rules.blackout
    return _made(c, ("numbers", effect), lambda: {**c.rules, **c.blackouts[effect][1]})


def strike_action(c, k: int):
    """The strike of ``k`` points of ``rules.legal_actions`` (§7.2), the same value."""
    return rules.cached(c, (STRIKE, k), lambda: act(
        STRIKE, k, None, f"strike with {k} point{'s' if k > 1 else ''}"))


def escapes(c, node) -> list:
    """The escapes of ``rules.legal_actions`` from ``node`` (§7.6)."""
    if node in c.locations:
        return [act(ESCAPE, None, None, "escape")]
    return [act(ESCAPE, n, None, f"escape to {c.label(n)}")
            for n in c.neighbours[node] if c.nodes[n]["kind"] == "street"]


def free(s, p) -> tuple:
    """``rules.free_actions``: they depend only on the board's weapons and inventory and on
    the endings claimed."""
    if not p.items:
        return ()
    return _made(s.content, ("free", p.hand, p.weapons, p.items, s.claimed),
                 lambda: tuple(rules.free_actions(s, s.current)))


def summons(s, seat, p) -> tuple:
    """The summons of ``rules.legal_actions`` (``rules.summonable``): they depend on the
    board's weapons and inventory and on the monsters already in a fight (§10)."""
    busy = tuple(f.monster for f in s.fights if f is not None)
    c = s.content
    return _made(c, (SUMMON, p.hand, p.weapons, p.items, busy), lambda: tuple(
        act(SUMMON, m, None, f"summon {c.card_name(m)}") for m in rules.summonable(s, seat)))


def apply(s, action):
    """``FogState.apply_by_rules``: the next state after a legal ``action`` (or outcome),
    ``IllegalAction`` otherwise. ``roll_step``, ``die_step``, ``rest_step``, ``bank_step``,
    ``move_step``, ``reveal_step``, ``strike_step``, ``switch_step`` and ``end_step`` where
    they apply; the rule functions on a ``FogDraft`` for every other
    step (a decision's legality checked among the remembered legal actions)."""
    phase = s.phase
    if phase == "draw":
        if action is s.__dict__.get("_sampled"):
            # an outcome this node's own ``sample_chance`` gave: no need to look for it again
            turned = reveal_step(s, action.arg, action.arg2)
            return turned if turned is not None else s._apply(action)
        return State.apply(s, action)
    if phase == "roll":
        if action in die_faces(s.rules.die_faces):
            return die_step(s, action.arg)
        return State.apply(s, action)
    if phase == "over" or phase in _CHANCE:
        return State.apply(s, action)  # the core's checks, then ``rules.happen``
    if not s.is_legal(action):  # among the remembered legal actions
        raise s.refusal(action)
    kind = action.kind
    if kind == END_TURN:
        return end_step(s)
    if kind == MOVE:
        moved = move_step(s, action.arg)
        if moved is not None:
            return moved
    elif kind == STRIKE:
        struck = strike_step(s, action.arg)
        if struck is not None:
            return struck
    elif kind == ROLL:
        return roll_step(s)
    elif kind == SWITCH:
        return switch_step(s, action.arg)
    elif kind == REST:
        return rest_step(s)
    elif kind == BANK or kind == TAKE_AP and action.arg > 0:
        return bank_step(s, kind, action.arg)
    return s._apply(action)  # ``rules.do`` on a FogDraft


def reveal_weights(pile, who: int) -> tuple:
    """``Pile.reveal_weights`` (§4.2, §4.3, A25), without a ``Counter``, when the place
    turned over lies in a single pool (the usual case: a deck or stack not yet mixed with others): each
    card of the pool weighs the places times its copies, over the places times the pool's
    size.

    >>> from odd_nb.games.fog_town.piles import DECK, Pile
    >>> pile = Pile.new(["rat", "rat", "knife"])
    >>> reveal_weights(pile, DECK), reveal_weights(pile, DECK) == pile.reveal_weights(DECK)
    (([((0, 'knife'), 3), ((0, 'rat'), 6)], 9), True)
    """
    top = pile.holder(who).segments[0]
    pid = top[0]
    if top[-1] != pid:  # several pools (a multiset is sorted): the pile counts them
        return pile.reveal_weights(who)
    cards = pile.pool(pid)
    places = len(top)
    out = []
    previous, copies = cards[0], 0
    for card in cards:  # a multiset is sorted: each card's copies are one run
        if card == previous:
            copies += 1
        else:
            out.append(((pid, previous), places * copies))
            previous, copies = card, 1
    out.append(((pid, previous), places * copies))
    return out, places * len(cards)


def sample_reveal(s, u: float):
    """``rules.sample_reveal``: the card turned over at cumulative probability ``u``; when the
    place lies in a single pool no card is named twice, and the outcome is made once per town
    (§15.1, A25)."""
    weights, total = s.reveal_weights()
    if weights[0][0][0] != weights[-1][0][0]:  # several pools: a card may be in two
        return rules.sample_reveal(s, u)
    chosen = rules.drawn(weights, total, u)
    c = s.content
    return _made(c, (REVEAL, chosen), lambda: rules.reveal_action(c, *chosen, False))


_FACES: dict = {}


def die_faces(faces: int) -> tuple:
    """The outcomes of ``rules.die_outcomes`` without their chances (§1.6)."""
    if faces not in _FACES:
        _FACES[faces] = tuple(o for o, _ in rules.die_outcomes(faces))
    return _FACES[faces]


def move_step(s, node):
    """``rules.do`` with a move, i.e. ``town.move`` then ``rules.settle`` (§4.1, §4.2, A7),
    when nothing else follows it: onto a street circle with cards left in the street deck (the
    card is turned over next), or into a location (the turn ends there with no AP and no 0-AP
    action left). ``None`` when the street deck must be rebuilt first (A16: the rules do it)."""
    c = s.content
    ap = s.ap - numbers(s)["move_ap"]
    seat = s.current
    p = s.players[seat]
    street = c.nodes[node]["kind"] == "street"
    if street and not len(s.piles[0].deck):
        return None
    players = list(s.players)
    players[seat] = moved = type(p)(node, p.wounds, p.hand, p.weapons, p.items, p.trophies,
                                    p.tokens, p.keepers, p.endings, p.banked, p.deaths)
    if street:
        return _copy(s, ap=ap, players=tuple(players), phase="draw",
                     pending=(0, DECK, "move", None))
    return settled(_copy(s, ap=ap, players=tuple(players)), moved)


def settled(s, p):
    """``rules.settle`` after a step that did not end the turn by itself nor the game: with no
    AP left and no 0-AP action (§8.2, §13, and in a Keeper's fight the token escape, §7.7)
    the turn ends (§3.6)."""
    if s.ap == 0 and not free(s, p):
        fight = s.fights[s.current]
        if fight is None or not (s.rules.boss_token_escape and p.tokens and not s.escaped
                                 and s.content.monsters[fight.monster].tier == "keeper"):
            return end_step(s)
    return s


def reveal_step(s, pool: int, card: str):
    """``rules.happen`` with a card turned over, i.e. ``town.reveal`` then ``rules.settle``
    (§5), for the usual cards of a move or an Explore: a monster begins a fight (§5.1; with no
    AP left it engages the player and the turn ends, A8), a weapon goes to the inventory
    loaded (§5.2), ammunition or a clue to the inventory (§5.3; with no AP left the turn ends
    unless a 0-AP action is open), an empty card to its home deck's discard pile (§5).
    ``None`` for the others (events, an escape's draw: the rules do them)."""
    index, holder, purpose, _ = s.pending
    c = s.content
    kind = c.kind(card)
    if purpose == "escape" or kind not in _KEPT:
        return None
    piles = list(s.piles)
    piles[index] = take(piles[index], holder, pool, card)
    seat = s.current
    if kind == "empty":
        piles[index] = piles[index].discarded(card)
        return settled(_copy(s, pending=(), phase="act", piles=tuple(piles)), s.players[seat])
    changes = {"pending": (), "phase": "act", "piles": tuple(piles)}
    if kind == "monster":
        fights = list(s.fights)
        fights[seat] = Fight(card, ("street",) if index == 0 else
                             ("stack", c.explorable[index - 1]), index)
        changes["fights"] = tuple(fights)
        after = _copy(s, **changes)
        return end_step(after) if s.ap == 0 else after  # A8: engaged with no AP left
    p = s.players[seat]
    weapons, items = p.weapons, p.items
    if kind == "weapon":
        weapons = multiset_add(weapons, (index, card, True))
    else:
        items = multiset_add(items, (index, card))
    players = list(s.players)
    players[seat] = p = type(p)(p.node, p.wounds, p.hand, weapons, items, p.trophies,
                                p.tokens, p.keepers, p.endings, p.banked, p.deaths)
    changes["players"] = tuple(players)
    return settled(_copy(s, **changes), p)


_KEPT = frozenset(("monster", "weapon", "ammo", "clue", "empty"))


def take(pile, who: int, pid: int, card):
    """``Pile.take``: the pile after ``card`` of pool ``pid`` was turned over from ``who``'s
    top (A25), built without generators, the deck or stack by ``Deck.of``."""
    held = pile.deck if who == DECK else pile.stacks[who]
    segments = held.segments
    top = multiset_remove(segments[0], pid)
    held = Deck.of((top,) + segments[1:] if top else segments[1:])
    pools = []
    for i, cards in pile.pools:
        if i == pid:
            cards = multiset_remove(cards, card)
        if cards:
            pools.append((i, cards))
    stacks = pile.stacks
    if who == DECK:
        return Pile(tuple(pools), held, stacks, pile.discard, pile.next_id)
    stacks = list(stacks)
    stacks[who] = held
    return Pile(tuple(pools), pile.deck, tuple(stacks), pile.discard, pile.next_id)


def _board(p, **changes):
    """``p`` with ``changes`` (``clock.set_player`` for one board)."""
    return type(p)(*[changes[f] if f in changes else getattr(p, f) for f in p.__slots__])


def _at(values: tuple, i: int, value) -> tuple:
    out = list(values)
    out[i] = value
    return tuple(out)


def strike_step(s, points: int):
    """``rules.do`` with a strike, i.e. ``fights.strike`` then ``rules.settle`` (§7.2: ``points``
    AP, damage = points + the weapon's bonus once, A10), when the monster survives and its
    strike-back does not kill (§7.3), or when an ordinary monster that does not recur dies
    to a strike with no firearm (§7.5: a trophy, the card to its home deck's discard pile).
    ``None`` for the rest (a death, a Keeper, a Sleeper, a recurring monster, a firearm's load
    spent: the rules do them)."""
    seat = s.current
    c = s.content
    p = s.players[seat]
    fight = s.fights[seat]
    bonus, kind = effective(c, p.hand)
    fired = fight.fired
    if kind == "firearm" and p.hand[1] not in fired:
        fired = fired + (p.hand[1],)
    damage = fight.damage + points + bonus
    monster = c.monsters[fight.monster]
    ap = s.ap - points
    if damage >= monster.health:
        if monster.tier != "ordinary" or monster.recurs or fired:
            return None
        p = _board(p, trophies=p.trophies + 1)
        home = fight.home
        return settled(_copy(s, ap=ap, fights=_at(s.fights, seat, None),
                             players=_at(s.players, seat, p),
                             piles=_at(s.piles, home, s.piles[home].discarded(fight.monster))),
                       p)
    wounds = p.wounds + monster.strength
    if wounds >= numbers(s)["health"]:
        return None
    p = _board(p, wounds=wounds)
    return settled(_copy(s, ap=ap, players=_at(s.players, seat, p), fights=_at(
        s.fights, seat, Fight(fight.monster, fight.origin, fight.home, damage, True, fired))), p)


def switch_step(s, entry):
    """``rules.do`` with a switch, i.e. ``rules.switch`` then ``rules.settle`` (§8.3): for 1 AP
    the weapon in hand, or bare hands, is swapped for ``entry`` from the inventory."""
    seat = s.current
    p = s.players[seat]
    weapons = multiset_remove(p.weapons, entry)
    if p.hand is not None:
        weapons = multiset_add(weapons, p.hand)
    p = _board(p, hand=entry, weapons=weapons)
    return settled(_copy(s, ap=s.ap - numbers(s)["switch_ap"],
                         players=_at(s.players, seat, p)), p)


def rest_step(s):
    """``rules.do`` with a rest (§3.3, A6): 2 wounds healed (the Blackout's number, A22), never
    below 0, and the turn ends."""
    seat = s.current
    p = s.players[seat]
    p = _board(p, wounds=max(0, p.wounds - numbers(s)["rest_heal"]))
    return end_step(_copy(s, players=_at(s.players, seat, p)))


def bank_step(s, kind: str, value: int):
    """``rules.do`` at the bank (§3.4, A5): the number banked and the turn ends, or taken as
    (at least 1) AP."""
    if kind == TAKE_AP:
        return _copy(s, ap=value, phase="act")
    seat = s.current
    return end_step(_copy(s, players=_at(s.players, seat, _board(s.players[seat],
                                                                  banked=value))))


def end_step(s):
    """``rules.do`` with "end the turn", i.e. ``rules.end_turn`` (§3.6: the AP left are lost,
    A6; a monster struck this turn may be struck again next turn, A9) and, after the last
    seat, ``clock.end_of_round`` (§12.1: a Blackout run its course ends, A22; the
    Lamplighter steps forward ``hunter_per_round`` spaces, A21, a space with bells starts a
    Blackout, §12.2, the last space is midnight, §12.3; the next round begins)."""
    seat = s.current
    changes = {"ap": 0, "escaped": False}
    fight = s.fights[seat]
    if fight is not None and fight.struck:
        fights = list(s.fights)
        fights[seat] = Fight(fight.monster, fight.origin, fight.home, fight.damage, False,
                             fight.fired)
        changes["fights"] = tuple(fights)
    nxt = (seat + 1) % s.rules.players
    if nxt == s.first:
        round_, clock, bells, blackout = s.round, s.clock, s.bells, s.blackout_until
        if blackout and blackout <= round_:
            blackout = 0
        for _ in range(s.rules.hunter_per_round):
            clock += 1
            if clock in bells:
                bells = tuple(b for b in bells if b != clock)
                blackout = round_ + 1
            if clock >= s.content.rules["clock_length"]:
                changes["ended"] = "midnight"
                break
        changes.update(round=round_ + 1, clock=clock, bells=bells, blackout_until=blackout)
        if "ended" in changes:
            changes["phase"] = "over"
            return _copy(s, **changes)
    changes["current"] = nxt
    changes["phase"] = "return" if s.players[nxt].node is None else "start"
    return _copy(s, **changes)


def _copy(s, **changes):
    """A new state with the fields of ``s`` and ``changes`` (the caches left unset, as
    ``FogDraft.freeze`` leaves them)."""
    state = _new(type(s))
    d = state.__dict__
    d.update(s.__dict__)
    d.pop("_legal", None)
    d.pop("_weights", None)
    d.pop("_sampled", None)
    d.update(changes)
    return state


def roll_step(s):
    """``rules.do`` with ``ROLL`` (§3.3): the die is rolled next; nothing else changes."""
    return _copy(s, phase="roll")


def die_step(s, value: int):
    """``rules.happen`` with a die outcome, i.e. ``rules.roll`` then ``rules.settle`` (§3.3,
    §3.4, A5): a low roll in a location, out of a fight, with nothing banked goes to the bank
    step; otherwise AP = the roll + the banked value and the banked value is spent. (``settle``
    changes nothing then: the game has not ended and at least 1 AP is left.)"""
    seat = s.current
    p = s.players[seat]
    if value in s.content.rules["bank_values"] and p.banked == 0 and \
            s.fights[seat] is None and p.node in s.content.locations:
        return _copy(s, rolled=value, phase="bank")
    players = s.players
    if p.banked:
        players = list(players)
        players[seat] = type(p)(p.node, p.wounds, p.hand, p.weapons, p.items, p.trophies,
                                p.tokens, p.keepers, p.endings, 0, p.deaths)
        players = tuple(players)
    return _copy(s, rolled=value, ap=value + p.banked, players=players, phase="act")


__all__ = ["legal", "apply", "roll_step", "die_step", "rest_step", "bank_step", "move_step",
           "reveal_step", "strike_step", "switch_step", "end_step", "take", "reveal_weights",
           "sample_reveal", "die_faces", "numbers"]
