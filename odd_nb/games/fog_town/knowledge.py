"""What each seat may know (§15.3, A26): everything but the order and the unrevealed cards of
every deck and stack. Decks and stacks show only their size and their known bottom cards;
apart from naming the seat it is given to, the observation is the same for every seat.
"""

from __future__ import annotations

from .piles import DECK


def observation(s, player: int) -> dict:
    c = s.content
    board = []
    for i, p in enumerate(s.players):
        board.append({
            "seat": i, "node": p.node, "wounds": p.wounds,
            "hand": list(p.hand) if p.hand else None,
            "weapons": [list(w) for w in p.weapons], "items": [list(x) for x in p.items],
            "trophies": p.trophies, "tokens": list(p.tokens), "keepers": list(p.keepers),
            "endings": list(p.endings), "banked": p.banked, "deaths": p.deaths,
            "fight": None if s.fights[i] is None else {
                "monster": s.fights[i].monster, "origin": list(s.fights[i].origin),
                "damage": s.fights[i].damage, "struck": s.fights[i].struck,
                "fired": list(s.fights[i].fired)},
        })
    piles = []
    for index, pile in enumerate(s.piles):
        piles.append({
            "deck": "the streets" if index == 0 else c.explorable[index - 1],
            "deck_size": len(pile.deck), "deck_known_bottom": pile.known_bottom(DECK),
            "discard": list(pile.discard),
            "stacks": [None if st is None else
                       {"size": len(st), "known_bottom": pile.known_bottom(i)}
                       for i, st in enumerate(pile.stacks)]})
    return {"seat": player, "town": c.name, "phase": s.phase, "round": s.round,
            "first": s.first, "current": s.current, "ap": s.ap, "rolled": s.rolled,
            "escaped": s.escaped, "clock": s.clock, "bells": list(s.bells),
            "blackout": bool(s.blackout_until), "status": dict(zip(c.explorable, s.status)),
            "claimed": list(s.claimed), "ended": s.ended, "players": board, "piles": piles}
