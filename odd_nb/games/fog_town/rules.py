"""How a game of Fog Town moves: the turn in the rulebook's order (§3), the legal actions of
each step (§4), chance nodes (§15.1) and the endings (§10, §13), as functions of a state ``s``
or of its draft ``d``. The steps themselves are in ``town.py`` (moves, exploring, cards,
escapes), ``fights.py`` (fights, weapons, completing, death) and ``clock.py`` (the
Lamplighter, the end, scores).

Phases of a turn: ``first`` (chance: the first player, A4), ``setup`` (each player picks a
starting location, §2.6), ``return`` (§3.1), ``start`` (summon, rest or roll: §3.2, §3.3),
``roll`` (chance: the die), ``bank`` (§3.4), ``act`` (spend AP: §3.5), ``deal`` and ``draw``
(chance: a stack's place, a card turned over, A25), ``over``.
"""

from __future__ import annotations

from fractions import Fraction

from ...core.chance import multiset_add, multiset_remove
from .actions import (BANK, CLAIM, DEAL, DIE, END, END_TURN, ESCAPE, EXPLORE, FIRST, MOVE,
                      RELOAD, REST, REST_HERE, REVEAL, ROLL, ROLL_DIE, START_AT, STRIKE, SUMMON,
                      SWITCH, TAKE_AP, TOKEN_ESCAPE, act)
from .clock import end_of_round, rule, set_fight, set_pile, set_player
from .fights import Fight, ammo_for, could_strike, meets_need, strike
from .town import deal_one, escape, explore, keeper_busy, move, reveal, token_escape


# -- what the player may do ------------------------------------------------------------------
def cached(c, key, make):
    """Actions that depend only on the town (a move from a node, a strike of k points) are made
    once per town and reused: the same values, made faster."""
    table = c.__dict__.setdefault("_actions", {})
    if key not in table:
        table[key] = make()
    return table[key]


def legal_actions(s) -> list:
    c, seat = s.content, s.current
    if s.phase in ("setup", "return"):
        return cached(c, START_AT, lambda: [act(START_AT, loc, None,
                                                f"start at {c.card_name(loc)}")
                                            for loc in c.starts])
    p, fight = s.players[seat], s.fights[seat]
    if s.phase == "bank":
        v = s.rolled
        return [act(BANK, v, None, f"bank the {v}"), act(TAKE_AP, v, None, f"take {v} AP")]
    if s.phase == "start":
        out = [act(SUMMON, m, None, f"summon {c.card_name(m)}") for m in summonable(s, seat)]
        out.append(ROLL_DIE)
        if fight is None and p.node in c.locations:
            out.append(REST_HERE)  # §3.3, A6
        return out + free_actions(s, seat)
    # phase "act" (§3.5)
    out = []
    ap = s.ap
    if fight is None:
        if ap >= rule(s, "move_ap"):
            out += cached(c, (MOVE, p.node), lambda: [act(MOVE, n, None, f"move to {c.label(n)}")
                                                      for n in c.neighbours[p.node]])
        if ap >= rule(s, "explore_ap") and may_explore(s, seat):
            out.append(cached(c, (EXPLORE, p.node), lambda: act(
                EXPLORE, p.node, None, f"explore {c.card_name(p.node)}")))
    else:
        monster = c.monsters[fight.monster]
        if not fight.struck and meets_need(c, p.hand, fight.monster):
            out += [cached(c, (STRIKE, k), lambda: act(
                STRIKE, k, None, f"strike with {k} point{'s' if k > 1 else ''}"))
                for k in range(1, ap + 1)]
        if monster.tier == "ordinary" and not s.escaped and ap >= rule(s, "escape_ap"):
            if p.node in c.locations:
                out.append(act(ESCAPE, None, None, "escape"))
            else:
                out += [act(ESCAPE, n, None, f"escape to {c.label(n)}")
                        for n in c.neighbours[p.node] if c.nodes[n]["kind"] == "street"]
        if monster.tier == "keeper" and s.rules.boss_token_escape and not s.escaped:
            out += [act(TOKEN_ESCAPE, t, None, f"give up the token of {c.card_name(t)} "
                                               f"to escape") for t in sorted(set(p.tokens))]
    if ap >= rule(s, "switch_ap"):
        out += [act(SWITCH, w, None, f"switch to {weapon_text(c, w)}")
                for w in sorted(set(p.weapons))]
    return out + free_actions(s, seat) + [END]


def weapon_text(c, entry) -> str:
    w = c.weapons[entry[1]]
    empty = w.kind == "firearm" and not w.unlimited and not entry[2]
    return f"the {'empty ' if empty else ''}{w.name}"


def free_actions(s, seat: int) -> list:
    """0-AP actions of one's own turn: reload (§8.2) and claim a peaceful ending (§13)."""
    c, p = s.content, s.players[seat]
    out = []
    if not p.items:  # no ammunition, no clue: nothing to reload with or claim
        return out
    has_ammo = any(item[1] in c.ammo for item in p.items)
    for entry in sorted(set([p.hand] if p.hand else []) | set(p.weapons)) if has_ammo else ():
        w = c.weapons[entry[1]]
        if w.kind != "firearm" or w.unlimited or entry[2]:
            continue
        where = "in hand" if entry == p.hand else "in the inventory"
        for ammo in sorted(set(ammo_for(c, p, w.id))):
            out.append(act(RELOAD, entry, ammo,
                           f"reload the {w.name} {where} with {c.card_name(ammo[1])}"
                           + ("" if ammo[0] == 0 else f" from {pile_name(c, ammo[0])}")))
    if not any(item[1] in c.clues for item in p.items):
        return out
    for e, ending in c.endings.items():
        if ending.kind == "peaceful" and e not in s.claimed and \
                choose_set(c, p.items, ending.requires) is not None:
            out.append(act(CLAIM, e, None, f"claim {ending.name}"))
    return out


def pile_name(c, index: int) -> str:
    return "the streets" if index == 0 else c.card_name(c.explorable[index - 1])


def may_explore(s, seat: int) -> bool:
    """§4.3, §4.4: an open explorable location, its key held if locked, and, when the stack is
    empty, its Keeper free (A15) and strikable (A20)."""
    c, p = s.content, s.players[seat]
    loc = p.node
    if loc not in c.explorable or s.status[c.explorable.index(loc)] != "open":
        return False
    key = c.locations[loc].locked_by
    if key is not None and not any(item[1] == key for item in p.items):
        return False
    stack = s.piles[c.explorable.index(loc) + 1].stacks[seat]
    if stack is not None and len(stack) == 0:
        keeper = c.locations[loc].keeper
        return not keeper_busy(s, loc, seat) and could_strike(c, p, keeper)
    return True


def choose_set(c, items, requires) -> list | None:
    """The cards that make up a requirement (§10, §13): for each tag, clues carrying it, those
    with the fewest tags first, each card counted once; ``None`` if the inventory falls short.

    >>> from odd_nb.games.fog_town.content import load_content
    >>> town = load_content("test")
    >>> choose_set(town, [(1, "cannery-ledger"), (3, "star-map")], (("tide", 2),))
    [(1, 'cannery-ledger'), (3, 'star-map')]
    """
    left = list(items)
    chosen = []
    for tag, n in requires:
        fits = sorted((i for i in left if tag in c.tags(i[1])),
                      key=lambda i: (len(c.tags(i[1])), i))
        if len(fits) < n:
            return None
        for item in fits[:n]:
            left.remove(item)
            chosen.append(item)
    return chosen


def summonable(s, seat: int) -> list:
    """§3.2, §10: Sleepers whose requirement the player holds, summoned by nobody else, that
    the player could strike (A20); only before the roll and out of any fight."""
    c, p = s.content, s.players[seat]
    if s.fights[seat] is not None:
        return []
    busy = {f.monster for f in s.fights if f is not None}
    return [m for m in c.sleepers if m not in busy and could_strike(c, p, m)
            and choose_set(c, p.items, c.monsters[m].requires) is not None]


# -- doing it -----------------------------------------------------------------------------
def do(d, a) -> None:
    """Apply the decision ``a`` (legal) to the draft, then end the turn if it is over."""
    seat = d.current
    kind = a.kind
    d.turn_over = False
    if kind == START_AT:
        set_player(d, seat, node=a.arg)
        if d.phase == "setup":
            d.current = (seat + 1) % d.rules.players
            if d.current == d.first:
                d.phase = "start"
        else:
            d.phase = "start"
        return
    if kind == SUMMON:
        set_fight(d, seat, Fight(a.arg, ("sleeper",)))
    elif kind == REST:
        p = d.players[seat]
        set_player(d, seat, wounds=max(0, p.wounds - rule(d, "rest_heal")))
        d.turn_over = True
    elif kind == ROLL:
        d.phase = "roll"
    elif kind == BANK:
        set_player(d, seat, banked=a.arg)
        d.turn_over = True
    elif kind == TAKE_AP:
        d.ap = a.arg
        d.phase = "act"
    elif kind == MOVE:
        move(d, seat, a.arg)
    elif kind == EXPLORE:
        explore(d, seat, a.arg)
    elif kind == STRIKE:
        strike(d, seat, a.arg)
    elif kind == ESCAPE:
        escape(d, seat, a.arg)
    elif kind == TOKEN_ESCAPE:
        token_escape(d, seat, a.arg)
    elif kind == SWITCH:
        switch(d, seat, a.arg)
    elif kind == RELOAD:
        reload(d, seat, a.arg, a.arg2)
    elif kind == CLAIM:
        claim(d, seat, a.arg)
    elif kind == END_TURN:
        d.turn_over = True
    settle(d)


def switch(d, seat: int, entry) -> None:
    """§8.3: for 1 AP the weapon in hand (or bare hands) is swapped for one from the
    inventory."""
    p = d.players[seat]
    d.ap -= rule(d, "switch_ap")
    weapons = multiset_remove(p.weapons, entry)
    if p.hand is not None:
        weapons = multiset_add(weapons, p.hand)
    set_player(d, seat, hand=entry, weapons=weapons)


def reload(d, seat: int, entry, ammo) -> None:
    """§8.2, A12: 0 AP, one ammunition card to its home deck's discard pile, and the firearm
    (in hand or in the inventory) is loaded."""
    p = d.players[seat]
    loaded = (entry[0], entry[1], True)
    items = multiset_remove(p.items, ammo)
    if p.hand == entry:
        set_player(d, seat, hand=loaded, items=items)
    else:
        set_player(d, seat, weapons=multiset_add(multiset_remove(p.weapons, entry), loaded),
                   items=items)
    discard(d, ammo)


def discard(d, item) -> None:
    """A spent card (ammunition, a claimed clue) to its home deck's discard pile (A12)."""
    home, card = item
    if home >= 0:
        set_pile(d, home, d.piles[home].discarded(card))


def claim(d, seat: int, ending_id: str) -> None:
    """§13, A23: the set is discarded, the points scored, the grant taken into the inventory;
    once per game."""
    c = d.content
    ending = c.endings[ending_id]
    p = d.players[seat]
    items = p.items
    for item in choose_set(c, p.items, ending.requires):
        items = multiset_remove(items, item)
        discard(d, item)
    weapons = p.weapons
    for w in ending.grants:
        weapons = multiset_add(weapons, (-1, w, True))
    set_player(d, seat, items=items, weapons=weapons, endings=p.endings + (ending_id,))
    d.claimed = d.claimed + (ending_id,)


def settle(d) -> None:
    """§3.6: the turn ends when it is over (a rest, a bank, an escape, a death, an engaged
    fight, the player's choice) or on its own with no AP left and no 0-AP action possible."""
    if d.ended:
        d.phase = "over"
        return
    if d.phase == "act" and not d.turn_over and d.ap == 0:
        fight = d.fights[d.current]
        token = fight is not None and d.content.monsters[fight.monster].tier == "keeper" \
            and d.rules.boss_token_escape and not d.escaped and d.players[d.current].tokens
        if not token and not free_actions(d, d.current):
            d.turn_over = True
    if d.turn_over and d.phase in ("act", "start", "bank"):
        end_turn(d)


def end_turn(d) -> None:
    """§3.6: AP left are lost (A6); after the last player of the round the Lamplighter moves
    (§12.1) and the first player begins the next round."""
    seat = d.current
    fight = d.fights[seat]
    if fight is not None and fight.struck:
        set_fight(d, seat, Fight(fight.monster, fight.origin, fight.home, fight.damage, False,
                                 fight.fired))
    d.ap = 0
    d.escaped = False
    d.turn_over = False
    nxt = (seat + 1) % d.rules.players
    if nxt == d.first:
        end_of_round(d)
        if d.ended:
            d.phase = "over"
            return
    d.current = nxt
    d.phase = "return" if d.players[nxt].node is None else "start"


# -- chance ----------------------------------------------------------------------------------
def chance_outcomes(s) -> list:
    """§15.1: the first player, the die, a stack's place (A25) and a card turned over."""
    if s.phase == "first":
        n = s.rules.players
        return [(act(FIRST, i, None, f"seat {i} goes first"), Fraction(1, n)) for i in range(n)]
    if s.phase == "roll":
        return die_outcomes(s.rules.die_faces)
    index, holder = s.pending[0], s.pending[1]
    pile = s.piles[index]
    if s.phase == "deal":
        return [(act(DEAL, pid, None, f"a face-down place of group {pid}"), w)
                for pid, w in pile.deal_outcomes()]
    outcomes = pile.reveal_outcomes(holder)
    names = [card for (_, card), _ in outcomes]
    return [(reveal_action(s.content, pid, card, names.count(card) > 1), w)
            for (pid, card), w in outcomes]


def reveal_action(c, pid: int, card: str, ambiguous: bool):
    """The outcome "turn over <card>", naming its pool only when the card is in several pools
    of the segment turned over (A25), so that each outcome's text is unique."""
    return act(REVEAL, pid, card, f"turn over {c.card_name(card)}"
               + (f" (group {pid})" if ambiguous else ""))


def sample_reveal_check(s, outcome) -> bool:
    """Whether ``outcome`` is one of the cards this draw may turn over, text included."""
    weights, _ = s.reveal_weights()
    names = [card for (_, card), _ in weights]
    key = (outcome.arg, outcome.arg2)
    return any(k == key for k, _ in weights) and outcome == reveal_action(
        s.content, outcome.arg, outcome.arg2, names.count(outcome.arg2) > 1)


def drawn(weights, total: int, u: float):
    """The key whose share of ``total`` holds the cumulative point ``u`` (0 <= u < 1), the
    weights in whole numbers.

    >>> drawn([("a", 1), ("b", 3)], 4, 0.5)
    'b'
    """
    point, acc = u * total, 0
    for key, w in weights:
        acc += w
        if point < acc:
            return key
    return weights[-1][0]


def sample_reveal(s, u: float):
    """The card turned over at cumulative probability ``u``, in whole numbers, building only
    the outcome drawn (the same order and chances as ``chance_outcomes``)."""
    weights, total = s.reveal_weights()
    pid, card = drawn(weights, total, u)
    ambiguous = sum(1 for (_, other), _ in weights if other == card) > 1
    return reveal_action(s.content, pid, card, ambiguous)


_DIE_OUTCOMES: dict = {}


def die_outcomes(faces: int) -> list:
    """§1.6, §15.1: each face 1/f."""
    if faces not in _DIE_OUTCOMES:
        _DIE_OUTCOMES[faces] = [(act(DIE, v, None, f"roll {v}"), Fraction(1, faces))
                                for v in range(1, faces + 1)]
    return _DIE_OUTCOMES[faces]


def happen(d, outcome) -> None:
    d.turn_over = False
    kind = outcome.kind
    if kind == FIRST:
        d.first = d.current = outcome.arg
        d.phase = "setup"
        return
    if kind == DIE:
        roll(d, outcome.arg)
    elif kind == DEAL:
        deal_one(d, outcome.arg)
    else:
        reveal(d, outcome.arg, outcome.arg2)
    settle(d)


def roll(d, value: int) -> None:
    """§3.3, §3.4: AP = the roll + the banked value; a low roll in a location, out of a fight
    and with nothing banked may be banked instead (A5: the test is on the number rolled)."""
    seat = d.current
    p = d.players[seat]
    d.rolled = value
    if value in d.content.rules["bank_values"] and p.banked == 0 and \
            d.fights[seat] is None and p.node in d.content.locations:
        d.phase = "bank"
        return
    d.ap = value + p.banked
    set_player(d, seat, banked=0)
    d.phase = "act"


def explain(s, action) -> str:
    """Why ``action`` is not legal here, in the rules' words."""
    text = str(action)
    if s.is_terminal:
        return f"the game is over; {text!r} cannot be played"
    if s.is_chance:
        return f"{text!r}: the game waits for chance ({s.phase})"
    kind = getattr(action, "kind", None)
    fight = s.fights[s.current]
    why = {
        MOVE: "a move needs AP left and no fight (§4.1, §7.4), along one street",
        EXPLORE: "exploring needs 1 AP, an open explorable location, its key if locked, no "
                 "fight, and for the Keeper a weapon able to strike it (§4.3, §4.4, A20)",
        STRIKE: "a strike needs a fight, AP to commit, a weapon the monster's need allows, "
                "and no strike yet in this fight this turn (§7.2, A9, A10)",
        ESCAPE: "escaping costs 2 AP, once per turn, from an ordinary monster only (§7.6)",
        TOKEN_ESCAPE: "a Keeper can be escaped only by giving up an own location token, with "
                      "boss_token_escape on (§7.7)",
        REST: "resting needs a location and no fight, before the roll (§3.3)",
        SUMMON: "a Sleeper is summoned before the roll, out of a fight, by a player holding "
                "its requirement and able to strike it (§10, A20)",
        SWITCH: "switching costs 1 AP and takes a weapon from the inventory (§8.3)",
        RELOAD: "reloading takes an empty firearm and ammunition of its type (§8.2)",
        CLAIM: "an ending is claimed once, by a player holding its set (§13, A23)",
        BANK: "only a roll of 1 or 2, in a location, out of a fight, with nothing banked, can "
              "be banked (§3.4)",
    }
    if kind in why:
        return f"{text!r} is not possible now: {why[kind]}"
    if fight is not None and s.phase == "act":
        return f"{text!r} is not possible now: in a fight the player may strike, escape, " \
               f"switch, reload, claim or end the turn (§7.4)"
    return f"{text!r} is not an action of this step ({s.phase}); see legal_actions()"
