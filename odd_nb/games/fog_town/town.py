"""Walking the town and going through its buildings: moves and street cards (§4.1, §4.2),
exploring through a personal stack (§4.3, A15, A16, A25), the Keeper (§4.4), escapes (§7.6,
§7.7) and what a turned-over card does (§5), as rule functions on a draft ``d``.

A card is turned over by a chance node: ``begin_draw`` records what is pending (which pile,
whose stack, why) and ``reveal`` resolves the outcome.
"""

from __future__ import annotations

from ...core.chance import multiset_add
from .clock import rule, set_fight, set_pile, set_player, step_forward
from .fights import Fight, could_strike, die, end_fight, meet, put_back_escaped
from .piles import DECK


def pile_of(content, location: str) -> int:
    """The pile number of a location's room deck (0 is the street deck)."""
    return content.explorable.index(location) + 1


def keeper_busy(s, location: str, seat: int) -> bool:
    """A15: one Keeper, fighting one player at a time."""
    return any(f is not None and f.origin == ("keeper", location)
               for i, f in enumerate(s.fights) if i != seat)


def move(d, seat: int, node: str) -> None:
    """§4.1, §4.2, A7: one edge for ``move_ap``; a move onto a street circle turns over a
    street card, a move into a location nothing."""
    d.ap -= rule(d, "move_ap")
    set_player(d, seat, node=node)
    if d.content.nodes[node]["kind"] == "street":
        begin_draw(d, 0, DECK, "move")


def explore(d, seat: int, location: str) -> None:
    """§4.3: the first Explore deals the stack (as places, A25) and turns over its top card;
    later ones the next card; an empty stack brings the Keeper (§4.4)."""
    d.ap -= rule(d, "explore_ap")
    index = pile_of(d.content, location)
    pile = d.piles[index]
    if pile.stacks[seat] is None:
        set_pile(d, index, pile.start_stack(seat))
        d.dealing = d.content.locations[location].stack_size
        d.pending = (index, seat, "explore", None)
        deal(d)
        return
    after_deal(d, seat, location)


def deal(d) -> None:
    """A16, A25: deal places from the deck's top to the stack, as far as the cards go; a
    place whose pool is in doubt waits for a chance node (phase "deal")."""
    index, seat = d.pending[0], d.pending[1]
    while d.dealing:
        pile = d.piles[index].rebuilt()
        set_pile(d, index, pile)
        if not len(pile.deck):
            d.dealing = 0
            break
        pools = set(pile.deck.segments[0])
        if len(pools) > 1:
            d.phase = "deal"
            return
        set_pile(d, index, pile.deal_place(seat, pools.pop()))
        d.dealing -= 1
    location = d.content.explorable[index - 1]
    d.pending = ()
    after_deal(d, seat, location)


def deal_one(d, pool: int) -> None:
    index, seat = d.pending[0], d.pending[1]
    set_pile(d, index, d.piles[index].deal_place(seat, pool))
    d.dealing -= 1
    d.phase = "act"
    deal(d)


def after_deal(d, seat: int, location: str) -> None:
    index = pile_of(d.content, location)
    if d.piles[index].size(seat):
        begin_draw(d, index, seat, "explore")
        return
    keeper = d.content.locations[location].keeper
    if not keeper_busy(d, location, seat) and could_strike(d.content, d.players[seat], keeper):
        meet(d, seat, keeper, ("keeper", location))


def begin_draw(d, index: int, holder: int, purpose: str, escaped=None) -> None:
    """Turn over the top card of a deck (rebuilt from its discard pile if empty, A16) or of a
    stack: a chance node, or nothing at all when no card is left."""
    pile = d.piles[index]
    if holder == DECK:
        pile = pile.rebuilt()
        set_pile(d, index, pile)
    if pile.size(holder):
        d.phase = "draw"
        d.pending = (index, holder, purpose, escaped)
        return
    finish_draw(d, purpose, escaped, fight_begun=False)


def reveal(d, pool: int, card: str) -> None:
    """§5: the card turned over is resolved at once."""
    index, holder, purpose, escaped = d.pending
    d.pending = ()
    d.phase = "act"
    set_pile(d, index, d.piles[index].take(holder, pool, card))
    seat = d.current
    c = d.content
    kind = c.kind(card)
    p = d.players[seat]
    fight_begun = False
    if kind == "monster":
        origin = ("street",) if index == 0 else ("stack", c.explorable[index - 1])
        set_fight(d, seat, Fight(card, origin, index))
        fight_begun = True
    elif kind == "weapon":
        set_player(d, seat, weapons=multiset_add(p.weapons, (index, card, True)))
    elif kind in ("ammo", "clue"):
        set_player(d, seat, items=multiset_add(p.items, (index, card)))
    else:
        set_pile(d, index, d.piles[index].discarded(card))
        if kind == "event":
            event(d, seat, c.events[card][1])
    finish_draw(d, purpose, escaped, fight_begun)


def finish_draw(d, purpose: str, escaped, fight_begun: bool) -> None:
    """After the card: an escape puts its monster back and ends the turn (§7.6, A13); a
    monster met with no AP left engages the player (A8)."""
    if d.phase != "over":
        d.phase = "act"
    if purpose == "escape":
        put_back_escaped(d, d.current, escaped)
        d.turn_over = True
    elif fight_begun and d.ap == 0:
        d.turn_over = True


def event(d, seat: int, effect: dict) -> None:
    """§5: an event's effect from the data: wounds, healing, or the Lamplighter's steps."""
    p = d.players[seat]
    if effect.get("heal"):
        set_player(d, seat, wounds=max(0, p.wounds - effect["heal"]))
    if effect.get("clock"):
        step_forward(d, effect["clock"])
    if effect.get("wounds") and not d.ended:
        wounds = p.wounds + effect["wounds"]
        set_player(d, seat, wounds=wounds)
        if wounds >= rule(d, "health"):
            die(d, seat)


def escape(d, seat: int, to: str | None) -> None:
    """§7.6: 2 AP, the rest lost; in a location the next card of the stack there (nothing if
    it is empty, never the Keeper, A13), on the street a step to a neighbouring circle and a
    street card there. The monster goes back after the card (A13)."""
    fight = d.fights[seat]
    d.ap = 0
    d.escaped = True
    end_fight(d, seat)
    if to is not None:
        set_player(d, seat, node=to)
        begin_draw(d, 0, DECK, "escape", fight)
        return
    here = d.players[seat].node
    if here in d.content.explorable and d.piles[pile_of(d.content, here)].size(seat):
        begin_draw(d, pile_of(d.content, here), seat, "escape", fight)
        return
    finish_draw(d, "escape", fight, False)


def token_escape(d, seat: int, token: str) -> None:
    """§7.7, A14: give up one own location token to escape a Keeper: no AP, but the turn's
    escape; the Keeper waits again, with its damage gone."""
    p = d.players[seat]
    tokens = list(p.tokens)
    tokens.remove(token)
    set_player(d, seat, tokens=tuple(tokens))
    end_fight(d, seat)
    d.escaped = True
    d.ap = 0
    d.turn_over = True
