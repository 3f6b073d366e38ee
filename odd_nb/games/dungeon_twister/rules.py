"""How a position moves on: setup (§4), the turn (§5) and every action, in the rulebook's order.
Each verb has its legal actions and its effect on a draft; the parts of the rules live in their
own files (``rooms``, ``moves``, ``combat``, ``abilities``, ``scoring``).
"""

from __future__ import annotations

from fractions import Fraction

from . import abilities, combat, moves, rooms
from .actions import (ATTACK, BEGIN, COMBAT_CARD, DRINK, END_MOVE, END_TURN, FIREBALL,
                      FIRST_PLACER, FIRST_PLAYER, GIVE, HEAL, JUMP, PICK_UP, PLACE_IN_ROOM,
                      PLACE_TOKEN, PLAY_ACTION_CARD, PORTCULLIS, PUT_DOWN, REGENERATE, REVEAL,
                      ROOM_COMES_UP, ROTATE, SEAT_NAMES, START_WITH, STEP, SWAP, TAKE,
                      WALL_STEP, Act, Once, is_character, made, tokens_of)
from .ap import actors_at, can_pay, pay
from .board import LINE_ROW, square_name
from .position import name, occupants
from .scoring import set_loc

CHANCE_PHASES = ("first placer", "first player", "reveal")


# -- chance (§14.2) -----------------------------------------------------------------------------
def chance_outcomes(x) -> list:
    if x.phase == "reveal":
        return rooms.reveal_outcomes(x)
    verb = FIRST_PLACER if x.phase == "first placer" else FIRST_PLAYER
    words = "places first" if x.phase == "first placer" else "plays first"
    return [(Act(verb, -1, seat, text=f"{SEAT_NAMES[seat]} {words}"), Fraction(1, 2))
            for seat in (0, 1)]


def chance_label(x) -> str:
    return {"first placer": "who places the first token in a room (§4.3, A30)",
            "first player": "who plays first (§4.4, A30)",
            "reveal": f"which room comes up in room {x.reveal_slot + 1}, and how it is "
                      f"turned (§6.2, A5)"}.get(x.phase, "this chance node")


# -- setup (§4) ---------------------------------------------------------------------------------
def choose_actions(x) -> list:
    """§4.2: the seat puts one of its characters on its next free starting square (A4); seat 0
    commits first, then seat 1 (A35)."""
    seat = x.decider
    content = x.rules.content
    row = LINE_ROW[seat]
    taken = {where[2] for t, where in enumerate(x.loc)
             if where[0] == "start" and t in tokens_of(seat)}
    col = next(c for c in content.start_squares if c not in taken)
    return [Act(START_WITH, t, col, text=f"the {name(content, t)} starts on "
                f"{square_name((row, col))}")
            for t in tokens_of(seat) if is_character(t) and x.loc[t] == ("reserve",)]


def start_with(d, action) -> None:
    seat = d.decider
    set_loc(d, action.who, ("start", LINE_ROW[seat], action.a))
    chosen = sum(1 for t in tokens_of(seat) if d.loc[t][0] == "start")
    if chosen == len(d.rules.content.start_squares):
        if seat == 0:
            d.phase = "first placer"  # A38: drawn between the two seats' secret commits
        else:
            d.phase, d.decider = "place", d.first_placer


def place_in_room_actions(x) -> list:
    """§4.3, A3: a token of the seat's reserve on any hidden room with room left (the capacity
    counts both players' tokens)."""
    content = x.rules.content
    used = [0] * 8
    for where in x.loc:
        if where[0] == "room":
            used[where[1]] += 1
    open_slots = [s for s in range(8) if used[s] < content.band_capacity[s // 2]]
    acts = made(content)
    found = []
    for t in tokens_of(x.decider):
        if x.loc[t] != ("reserve",):
            continue
        for s in open_slots:
            act = acts.get((PLACE_IN_ROOM, t, s))
            if act is None:
                act = acts[(PLACE_IN_ROOM, t, s)] = Act(
                    PLACE_IN_ROOM, t, s, text=f"put the {name(content, t)} in room {s + 1}")
            found.append(act)
    return found


def place_in_room(d, action) -> None:
    set_loc(d, action.who, ("room", action.a))
    other = 1 - d.decider
    if any(d.loc[t] == ("reserve",) for t in tokens_of(other)):
        d.decider = other
    elif not any(d.loc[t] == ("reserve",) for t in tokens_of(d.decider)):
        # §4.4: the starting characters are turned face up together; who plays first is drawn
        d.loc = tuple(("sq", w[1], w[2]) if w[0] == "start" else w for w in d.loc)
        d.phase = "first player"


def first_player(d, outcome) -> None:
    d.first_player = d.active = d.decider = outcome.a
    d.round, d.phase = 1, "action card"


# -- the turn (§5) ------------------------------------------------------------------------------
def action_card_actions(x) -> list:
    """§5.1, A34: until the 4 has been played, a card may be worth at most 1 more than the
    highest card played so far (taken as 1 before any card)."""
    limit = None if x.released else max(x.highest, x.rules.content.first_card - 1) + 1
    return [_CARDS[v] for v in sorted(set(x.action_hand[x.active])) if limit is None or v <= limit]


_CARDS = Once(lambda v: Act(PLAY_ACTION_CARD, -1, v, text=f"play action card {v}"))
_END_TURN = Act(END_TURN, text="end the turn")


def play_action_card(d, action) -> None:
    v = action.a
    hands = list(d.action_hand)
    hand = list(hands[d.active])
    hand.remove(v)
    hands[d.active] = tuple(hand)
    d.action_hand = tuple(hands)
    top = list(d.top_card)
    top[d.active] = v
    d.top_card = tuple(top)
    d.highest = max(d.highest, v)
    d.released = d.released or v == d.rules.content.release_card
    d.ap, d.phase = v, "actions"


def end_turn(d, action=None) -> None:
    """§5.3: a player with no action card takes all four back; then the other player's turn.
    A32: when the last turn of round ``round_limit`` ends, more points win."""
    seat = d.active
    if not d.action_hand[seat]:
        hands = list(d.action_hand)
        hands[seat] = tuple(d.rules.content.action_cards)
        d.action_hand = tuple(hands)
    d.ap, d.pool, d.move = 0, None, None
    d.hurt_now = d.healed_now = frozenset()
    d.turns_taken += 1
    if seat != d.first_player:
        limit = d.rules.round_limit
        if limit is not None and d.round >= limit:
            p0, p1 = d.points
            d.phase = "over"
            d.winner = 0 if p0 > p1 else 1 if p1 > p0 else -1
            d.reason = f"the round limit ({limit}) was reached: " + (
                "a draw on points" if d.winner == -1 else
                f"{SEAT_NAMES[d.winner]} has more points")
            return
        d.round += 1
    d.active = d.decider = 1 - seat
    d.phase = "action card"


def turn_actions(x) -> list:
    """Phase 2 (§5.2): every action the active player may take, then ending the turn.

    The last answer is kept with what it was read from: a Move ended where it began (A23)
    leaves all of that as it was, AP aside, and the same actions are offered again."""
    global _last_turn
    key = _turn_key(x)
    last_key, last_found = _last_turn
    if key[:2] == last_key[:2] and all(a is b for a, b in zip(key[2:], last_key[2:])):
        return last_found
    found = _turn_actions(x)
    _last_turn = (key, found)
    return found


def _turn_key(x) -> tuple:
    """What the actions of a turn depend on: whether AP are left (else only potions pay), who
    stands where, wounds and heals, the rooms, portcullises, jump cards and the options."""
    return (x.ap > 0, x.active, x.loc, x.wounded, x.hurt_now, x.healed_now, x.slots, x.ports,
            x.jumps, x.pool, x.rules)


_last_turn = ((None, None), [])


def _turn_actions(x) -> list:
    seat = x.active
    movers = actors_at(x, seat)
    if x.ap <= 0:
        movers = [(t, sq) for t, sq in movers if can_pay(x, t)]
    found = moves.begin_actions(x, movers, occupants(x))
    found += rooms.reveal_actions(x, seat)
    found += rooms.rotate_actions(x, seat)
    found += combat.attack_actions(x, seat)
    found += abilities.heal_actions(x, seat)
    found += abilities.regenerate_actions(x, seat)
    found += abilities.portcullis_actions(x, seat)
    found += abilities.drink_actions(x, seat)
    found += combat.fireball_actions(x, seat)
    found.append(_END_TURN)
    return found


def legal_actions(x) -> list:
    phase = x.phase
    if phase == "choose":
        return choose_actions(x)
    if phase == "place":
        return place_in_room_actions(x)
    if phase == "action card":
        return action_card_actions(x)
    if phase == "actions":
        return moves.movement_actions(x) if x.move is not None else turn_actions(x)
    if phase == "placing":
        return rooms.placing_actions(x)
    if phase == "combat":
        return combat.card_actions(x)
    return []


def _pay_begin(d, action) -> None:
    pay(d, action.who)
    moves.begin(d, action)


EFFECTS = {
    FIRST_PLACER: lambda d, o: _first_placer(d, o),
    FIRST_PLAYER: first_player,
    ROOM_COMES_UP: rooms.room_comes_up,
    START_WITH: start_with,
    PLACE_IN_ROOM: place_in_room,
    PLAY_ACTION_CARD: play_action_card,
    END_TURN: end_turn,
    REVEAL: rooms.reveal,
    PLACE_TOKEN: rooms.place_token,
    ROTATE: rooms.rotate,
    BEGIN: _pay_begin,
    STEP: moves.step,
    JUMP: moves.jump,
    WALL_STEP: moves.wall_step,
    PICK_UP: moves.do_transfer,
    PUT_DOWN: moves.do_transfer,
    GIVE: moves.do_transfer,
    TAKE: moves.do_transfer,
    SWAP: moves.do_transfer,
    END_MOVE: moves.end_move,
    ATTACK: combat.attack,
    COMBAT_CARD: combat.combat_card,
    HEAL: abilities.heal,
    REGENERATE: abilities.regenerate,
    PORTCULLIS: abilities.work_portcullis,
    DRINK: abilities.drink,
    FIREBALL: combat.fireball,
}


def _first_placer(d, outcome) -> None:
    d.first_placer = outcome.a
    d.phase, d.decider = "choose", 1


def apply(d, action) -> None:
    """Apply a legal action or outcome to the draft."""
    EFFECTS[action.verb](d, action)


# -- why not ------------------------------------------------------------------------------------
def explain_illegal(x, action) -> str:
    """Why ``action`` is not legal here, in the rules' words."""
    if x.phase == "over":
        return f"the game is over ({x.reason})"
    if not isinstance(action, Act):
        return f"{action!s} is not an action of Dungeon Twister"
    verb = action.verb
    if x.phase == "combat":
        return (f"{action}: a combat is under way; each player plays a combat card they hold "
                f"(§9.3)")
    if x.phase == "placing":
        return (f"{action}: the tokens of the revealed room must be placed first, each on an "
                f"empty floor or gear square (§6.3)")
    if x.phase == "action card":
        if verb == PLAY_ACTION_CARD:
            return (f"{action}: until a 4 has been played, an action card may be worth at most "
                    f"1 more than the highest played so far, and it must be in hand (§5.1)")
        return f"{action}: the turn begins with playing an action card (§5.1)"
    if x.phase in ("choose", "place"):
        return f"{action}: setup is not over (§4)"
    if x.phase == "actions" and x.move is not None and verb not in (
            STEP, JUMP, WALL_STEP, PICK_UP, PUT_DOWN, GIVE, TAKE, SWAP, END_MOVE):
        return (f"{action}: one action at a time; the movement under way must end first "
                f"(§5.4)")
    if x.phase == "actions" and x.ap <= 0 and not x.pool and verb not in (END_TURN,):
        return f"{action}: no action points are left this turn (§5.2)"
    reasons = {
        STEP: "a step crosses an open edge into a revealed square, not into a pit or a living "
              "enemy's square unless the character may, and the move must still be able to "
              "end legally (§8.2, §8.3, A36)",
        END_MOVE: "a move ends only where the crowding and pit rules hold (§5.4, §8.1)",
        ATTACK: "the attacker is a living own character; the target an enemy on an open "
                "neighbour, not wounded this turn (§9.1)",
        REVEAL: "revealing needs a living own character with direct access to the hidden room "
                "(§6.1, A6)",
        ROTATE: "a room turns only by a character on a gear of it or of its revealed twin, in "
                "the room's own direction unless the Gearwright turns it (§7)",
        HEAL: "the Cleric heals a wounded character lying on an open neighbour with no living "
              "character on its square (§10.2, A28)",
    }
    return f"{action}: {reasons.get(verb, 'not allowed here by the rules (§5.2)')}"


__all__ = ["CHANCE_PHASES", "apply", "chance_label", "chance_outcomes", "explain_illegal",
           "legal_actions"]
