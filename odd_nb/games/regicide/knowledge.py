"""What each seat may know of a Regicide position (§4, §10, A12): the cards it has not seen, by
group (``unknown_groups``), and its observation (``observation``), on which the state's
``observation``, the odds and the agents build.

Each card that went into a tavern segment keeps the id of that segment's *group* (the field
``origin``). For a player, the cards of a group they have not seen are exactly the group's cards
still in the tavern plus those other players drew from it; nothing else is hidden.

>>> import odd_nb
>>> s = odd_nb.start("regicide", players=2, seed=3).state
>>> [(g["group"], len(g["cards"]), g["in_tavern"], g["in_hands"]) for g in unknown_groups(s, 0)]
[(0, 33, 26, [0, 7])]
>>> observation(s, 0)["hand_sizes"]
[7, 7]
"""

from __future__ import annotations

from .actions import CARD_ID, ids


def unknown_groups(s, player: int) -> list[dict]:
    """The cards ``player`` has not seen, by group, and where they may be.

    A group is the content of one tavern segment when it was made (the shuffled tavern, a ♥
    heal, an exactly killed enemy). Everybody saw which cards went into it, and which seat drew
    how many of them (draws are public, the cards drawn are not). So, for ``player``, a group's
    unseen cards are those still in its tavern segment plus those other seats drew from it and
    still hold. Dealt uniformly at random, they are equally likely in any of those places, and
    the groups are independent: this is the whole of ``player``'s knowledge of hidden cards
    (ignoring what other players' choices may hint at).

    Each entry: ``group``, ``cards`` (sorted), ``in_tavern`` (how many of them are in the
    tavern, in its segment of that group) and ``in_hands`` (per seat, how many are in that hand;
    0 for ``player``)."""
    n = s.rules.players
    found = {}
    for seg, g in zip(s.tavern.segments, s.groups):
        found[g] = {"group": g, "cards": list(seg), "in_tavern": len(seg), "in_hands": [0] * n}
    for q in range(n):
        if q == player:
            continue
        for c in s.hands[q]:
            g = s.origin[c]
            entry = found.get(g)
            if entry is None:
                entry = found[g] = {"group": g, "cards": [], "in_tavern": 0, "in_hands": [0] * n}
            entry["cards"].append(c)
            entry["in_hands"][q] += 1
    for entry in found.values():
        entry["cards"].sort()
    return [found[g] for g in sorted(found)]


def observation(s, player: int) -> dict:
    """What ``player`` may know (§4, §10, A12), as plain data with card ids (§11).

    Public: the enemy and its counters, the castle's composition per segment (never its order),
    the cards in play, the discard pile (A12: its whole content, common knowledge to a player
    with perfect memory), the set-aside Jesters, hand sizes, who yielded, what is pending, and
    the signals given since the last Jester (A17; empty unless ``Rules.jester_signals``). Own:
    the hand. Inferred: ``unknown``, the cards ``player`` has not seen, by group, with how many
    of each group are in the tavern and in each other hand (``unknown_groups``). Never: another
    hand's cards, or any order inside the tavern or the castle."""
    enemy = None
    if s.enemy is not None:
        enemy = {"card": CARD_ID[s.enemy], "health": s.enemy_health, "attack": s.enemy_attack,
                 "damage": s.damage, "shield": s.shield, "hits_for": s.enemy_damage,
                 "immunity_cancelled": s.cancelled}
    return {
        "player": player, "players": s.rules.players, "to_move": s.to_move,
        "active": s.active, "phase": s.phase, "enemy": enemy,
        "castle": [ids(seg) for seg in s.castle.segments],
        "hand": ids(s.hands[player]),
        "hand_sizes": [len(h) for h in s.hands],
        "in_play": [ids(p) for p in s.in_play],
        "discard": ids(s.discard),
        "healing": ids(s.healing),
        "tavern": [{"group": g, "count": len(seg)}
                   for seg, g in zip(s.tavern.segments, s.groups)],
        "unknown": [dict(e, cards=ids(e["cards"])) for e in unknown_groups(s, player)],
        "set_aside": ids(s.set_aside), "jester_powers": s.jester_powers,
        "yielded": list(s.yielded), "to_cover": s.to_cover, "strike": s.strike,
        "diamonds_due": s.diamonds_due, "heal_due": s.heal_due,
        "draws_due": list(s.draws_due), "reveal_due": s.reveal_due,
        "defeated": s.defeated, "jesters_played": s.jesters_played,
        "outcome": s.outcome, "reason": s.reason, "grade": s.grade,
        "signals": list(s.signals),
    }
