"""Fog Town as text (``str(state)``) and HTML (Jupyter): the clock, each player's board, the
fights and the locations, one fact a line.

>>> import odd_nb
>>> t = odd_nb.start("fog-town", content="test", seed=1, first_player=0)
>>> print(text(t.state).splitlines()[0])
Fog Town (test-town), round 1: the Lamplighter at 0/24
"""

from __future__ import annotations

from html import escape

from .clock import scores


def weapon_name(c, entry) -> str:
    if entry is None:
        return "bare hands"
    w = c.weapons[entry[1]]
    empty = w.kind == "firearm" and not w.unlimited and not entry[2]
    return f"{w.name}{' (empty)' if empty else ''} +{w.bonus}"


def where(c, node) -> str:
    return "off the map" if node is None else c.label(node)


def player_line(s, seat: int) -> str:
    c, p = s.content, s.players[seat]
    h = c.rules["health"]
    at = "off the map" if p.node is None else f"at {where(c, p.node)}"
    parts = [f"Player {seat + 1} {at}: wounds {p.wounds}/{h}",
             f"hand {weapon_name(c, p.hand)}"]
    if p.weapons:
        parts.append("weapons " + ", ".join(weapon_name(c, w) for w in p.weapons))
    if p.items:
        parts.append("items " + ", ".join(c.card_name(i[1]) for i in p.items))
    parts.append(f"trophies {p.trophies}")
    if p.tokens:
        parts.append("tokens " + ", ".join(c.card_name(t) for t in p.tokens))
    if p.endings:
        parts.append("endings " + ", ".join(c.endings[e].name for e in p.endings))
    if p.banked:
        parts.append(f"banked {p.banked}")
    parts.append(f"score {scores(s)[seat]}")
    return "; ".join(parts)


def fight_line(s, seat: int) -> str | None:
    f = s.fights[seat]
    if f is None:
        return None
    m = s.content.monsters[f.monster]
    return (f"Player {seat + 1} fights {m.name}: damage {f.damage}/{m.health}, "
            f"strength {m.strength}" + (f", needs {m.needs}" if m.needs else "")
            + (", struck this turn" if f.struck else ""))


def lines(s) -> list[str]:
    c = s.content
    bells = f", bells on {', '.join(map(str, s.bells))}" if s.bells else ""
    out = [f"Fog Town ({c.name}), round {s.round}: the Lamplighter at "
           f"{s.clock}/{c.rules['clock_length']}{bells}" + (", Blackout" if s.blackout_until
                                                           else "")]
    if s.phase == "over":
        how = {"town": "the town is done", "sleeper": "a Sleeper is defeated",
               "midnight": "midnight: everyone loses"}[s.ended]
        out.append(f"game over: {how}; scores {scores(s)}")
    elif s.phase in ("first", "roll", "draw", "deal"):
        out.append(f"chance: {s.chance_label()}")
    else:
        ap = f", {s.ap} AP" if s.phase == "act" else ""
        out.append(f"Player {s.current + 1} to move ({s.phase}{ap})")
    for seat in range(s.rules.players):
        out.append(player_line(s, seat))
        if fight_line(s, seat):
            out.append(fight_line(s, seat))
    for i, loc in enumerate(c.explorable):
        pile = s.piles[i + 1]
        keeper = c.monsters[c.locations[loc].keeper]
        stacks = ", ".join(f"Player {j + 1} {len(st)}" for j, st in enumerate(pile.stacks)
                           if st is not None)
        out.append(f"{c.card_name(loc)}: {s.status[i]}, Keeper {keeper.name} "
                   f"{keeper.health}/{keeper.strength}, deck {len(pile.deck)}, discard "
                   f"{len(pile.discard)}" + (f", stacks: {stacks}" if stacks else ""))
    out.append(f"street deck {len(s.piles[0].deck)}, discard {len(s.piles[0].discard)}")
    return out


def text(s) -> str:
    return "\n".join(lines(s))


def html(s) -> str:
    rows = lines(s)
    body = "".join(f"<li>{escape(r)}</li>" for r in rows[1:])
    return (f"<div class='odd-fog'><b>{escape(rows[0])}</b><ul style='margin:0'>{body}</ul>"
            f"</div>")
