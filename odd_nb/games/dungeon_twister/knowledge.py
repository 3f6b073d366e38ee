"""What each seat may know (§14, A20, A33, A35): its observation, and how the history reads
another seat's secret commits.

A seat sees every revealed square with its tokens face up (carried ones included) and every
portcullis; for each hidden room its own face-down tokens by name and the opponent's as a
number; its own hand; the opponent's action cards and jump cards (public, A33) and the number of
its combat cards (exactly which only with ``perfect_memory``, A20); scores, round and phase.
Before §4.4 the opponent's starting characters are face down; during a combat the card the
other seat committed is hidden until both are in (A35).
"""

from __future__ import annotations

from .actions import COMBAT_CARD, PLACE_IN_ROOM, START_WITH, is_character, side_of
from .board import square_name
from .position import name, short


def token_view(x, t: int, seat: int) -> dict:
    """A token as ``seat`` may see it: face up with its name, or face down (side only)."""
    where = x.loc[t]
    hidden = side_of(t) != seat and where[0] in ("start", "room", "reserve")
    if hidden:
        return {"side": side_of(t), "face_down": True}
    return {"side": side_of(t), "token": t, "name": name(x.rules.content, t),
            "short": short(x.rules.content, t), "character": is_character(t),
            "wounded": t in x.wounded}


def observation(x, seat: int) -> dict:
    content = x.rules.content
    other = 1 - seat
    squares, rooms, carried, out = {}, {}, {}, []
    for t, where in enumerate(x.loc):
        kind = where[0]
        if kind in ("sq", "start"):
            squares.setdefault(square_name(where[1:]), []).append(token_view(x, t, seat))
        elif kind == "carried":
            carried[str(where[1])] = token_view(x, t, seat)
        elif kind == "room":
            entry = rooms.setdefault(str(where[1] + 1), {"own": [], "opponent": 0})
            if side_of(t) == seat:
                entry["own"].append(name(content, t))
            else:
                entry["opponent"] += 1
        elif kind == "limbo":
            squares.setdefault("to place", []).append(token_view(x, t, seat))
        elif kind in ("out", "dead", "gone"):
            out.append({"token": t, "name": name(content, t), "side": side_of(t),
                        "how": kind})
    combat = None
    if x.combat is not None:
        attacker, target, first = x.combat
        combat = {"attacker": attacker, "target": target,
                  "first_card_in": first is not None,
                  "own_card": first if seat == x.active and first is not None else None}
    them = x.combat_hand[other]
    return {
        "seat": seat, "phase": x.phase, "to_move": x.to_move, "active": x.active,
        "round": x.round, "points": list(x.points), "ap": x.ap,
        "pool": [list(p) for p in (x.pool or ())],
        "rooms": [None if p is None else {"room": content.rooms[p[0]].id, "turns": p[1]}
                  for p in x.slots],
        "portcullises": list(x.ports),
        "squares": squares, "carried": carried, "hidden_rooms": rooms,
        "off_board": out,
        "own_hand": {"action": list(x.action_hand[seat]),
                     "combat": list(x.combat_hand[seat]), "jump": x.jumps[seat]},
        "opponent_hand": {"action": list(x.action_hand[other]), "jump": x.jumps[other],
                          "combat_count": len(them),
                          "combat": list(them) if x.rules.perfect_memory else None},
        "top_cards": list(x.top_card), "released": x.released,
        "move": None if x.move is None else [x.move[0], x.move[1], x.move[2], x.move[3]],
        "pending": list(x.pending), "combat": combat,
        "last_combat": None if x.last_combat is None else list(x.last_combat[:7]),
        "winner": x.winner, "reason": x.reason,
    }


def action_text(x, action, player: int | None) -> str:
    """How a decision taken in ``x`` reads to ``player``: another seat's starting character, its
    first combat card of a combat, or which token it put face down in a room (§4.3), reads
    without the secret (A35); everything else (the second card, turned up with the first at
    once) as ``str(action)``."""
    if player is None or player == x.to_move:
        return str(action)
    if getattr(action, "verb", None) == START_WITH:
        return f"{('Yellow', 'Blue')[x.to_move]} places a starting character face down"
    if getattr(action, "verb", None) == PLACE_IN_ROOM:
        return f"{('Yellow', 'Blue')[x.to_move]} puts a token face down in room {action.a + 1}"
    if getattr(action, "verb", None) == COMBAT_CARD and x.combat and x.combat[2] is None:
        # the first card stays face down; the second is played as both are turned up (§9.3)
        return f"{('Yellow', 'Blue')[x.to_move]} plays a combat card face down"
    return str(action)


__all__ = ["action_text", "observation", "token_view"]
