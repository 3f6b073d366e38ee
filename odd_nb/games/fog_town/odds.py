"""Exact odds a player asks at the table (docs/rules/fog-town.md §3.3, §3.4, §7.2, §7.3):
for each number of points committed, the damage it deals, whether it kills the monster, and
the chance of having that many AP this turn, or on the next turn after banking a low roll now.
Plain lists and dicts of ``Fraction``s; ``to_frame`` makes a pandas DataFrame (imported lazily).

>>> from fractions import Fraction
>>> ap_distribution(6, banked=2)[3]
Fraction(1, 6)
>>> at_least(ap_distribution(6), 5)
Fraction(1, 3)
"""

from __future__ import annotations

from fractions import Fraction

from .fights import effective, meets_need


def ap_distribution(faces: int = 6, banked: int = 0) -> dict:
    """§3.3: the AP of a turn, the roll plus the banked value, each with its chance."""
    return {v + banked: Fraction(1, faces) for v in range(1, faces + 1)}


def at_least(distribution: dict, points: int) -> Fraction:
    return sum((p for ap, p in distribution.items() if ap >= points), Fraction(0))


def strike_odds(state, seat: int | None = None, monster: str | None = None,
                damage: int | None = None) -> list[dict]:
    """One row per number of points: ``points``, ``damage`` (points + the weapon bonus once,
    A10), ``kills``, ``survives_strike_back`` (when it does not kill, §7.3), ``chance`` of
    having the points this turn (1 once the AP are known, the rows then stopping at the AP
    left; otherwise over the die, with the banked value), ``kill_chance`` (the chance of
    killing with that commitment this turn), and
    ``after_bank_<b>``: the chance of having the points next turn after banking ``b`` now
    (§3.4: the banked value adds to the next roll). ``monster`` and ``damage`` default to the
    seat's fight. No rows when the weapon in hand cannot strike the monster (§6.3, A10).

    >>> import odd_nb
    >>> from odd_nb.games.fog_town import FogTown
    >>> s = FogTown(content="test").new_initial_state(first_player=0)
    >>> rows = strike_odds(s, 0, monster="lurcher")
    >>> [(r["points"], r["kills"], r["kill_chance"]) for r in rows][2:4]
    [(3, True, Fraction(2, 3)), (4, True, Fraction(1, 2))]
    """
    seat = state.current if seat is None else seat
    fight = state.fights[seat]
    if monster is None:
        if fight is None:
            return []
        monster = fight.monster
        damage = fight.damage if damage is None else damage
    damage = damage or 0
    c, p = state.content, state.players[seat]
    if not meets_need(c, p.hand, monster):
        return []
    m = c.monsters[monster]
    bonus = effective(c, p.hand)[0]
    faces = state.rules.die_faces
    known = state.phase == "act" and state.current == seat
    now = ap_distribution(faces, p.banked) if not known else {state.ap: Fraction(1)}
    # once the AP are known only what they can commit; before the roll, what any roll gives
    top = state.ap if known else faces + max(c.rules["bank_values"] + [p.banked])
    rows = []
    health = c.rules["health"]
    for k in range(1, top + 1):
        dealt = k + bonus
        kills = damage + dealt >= m.health
        chance = at_least(now, k)
        row = {"points": k, "damage": dealt, "kills": kills,
               "survives_strike_back": kills or p.wounds + m.strength < health,
               "chance": chance, "kill_chance": chance if kills else Fraction(0)}
        for b in c.rules["bank_values"]:
            row[f"after_bank_{b}"] = at_least(ap_distribution(faces, b), k)
        rows.append(row)
    return rows


def best_kill_chance(state, seat: int | None = None, **fight) -> Fraction:
    """The best chance to kill this turn over every commitment (the fewest points that kill:
    more AP is never less likely, so it is the first killing row)."""
    rows = [r for r in strike_odds(state, seat, **fight) if r["kills"]]
    return rows[0]["chance"] if rows else Fraction(0)


def kill_within_two_turns(state, seat: int | None = None, monster: str | None = None,
                          damage: int | None = None) -> dict:
    """The chance to kill the seat's monster this turn, and by the end of the next, striking
    with every AP each turn and the same weapon (§7.2-§7.4: one strike a turn, the damage
    staying on the monster, A11), and the chance to die trying (a strike-back reaching the
    health, §7.3). Exact, over the die. All 0 when the weapon in hand cannot strike the
    monster (§6.3, A10).

    >>> from odd_nb.games.fog_town import FogTown
    >>> s = FogTown(content="test").new_initial_state(first_player=0)
    >>> kill_within_two_turns(s, 0, monster="lurcher")["two_turns"]
    Fraction(35, 36)
    """
    seat = state.current if seat is None else seat
    fight = state.fights[seat]
    if monster is None:
        if fight is None:
            return {}
        monster = fight.monster
        damage = fight.damage if damage is None else damage
    damage = damage or 0
    c, p = state.content, state.players[seat]
    if not meets_need(c, p.hand, monster):
        return {"this_turn": Fraction(0), "two_turns": Fraction(0), "dies_trying": Fraction(0)}
    m = c.monsters[monster]
    bonus = effective(c, p.hand)[0]
    faces = state.rules.die_faces
    known = state.phase == "act" and state.current == seat
    first = {state.ap: Fraction(1)} if known else ap_distribution(faces, p.banked)
    second = ap_distribution(faces)
    health = c.rules["health"]
    now = later = dies = Fraction(0)
    for ap, chance in first.items():
        dealt = damage + (ap + bonus if ap else 0)
        if ap and dealt >= m.health:
            now += chance
            continue
        if ap and p.wounds + m.strength >= health:
            dies += chance
            continue
        wounds = p.wounds + (m.strength if ap else 0)
        for ap2, chance2 in second.items():
            if dealt + ap2 + bonus >= m.health:
                later += chance * chance2
            elif wounds + m.strength >= health:
                dies += chance * chance2
    return {"this_turn": now, "two_turns": now + later, "dies_trying": dies}


def to_frame(rows: list[dict]):
    """The rows as a pandas DataFrame (pandas is imported here only)."""
    import pandas as pd
    return pd.DataFrame(rows)


__all__ = ["ap_distribution", "at_least", "best_kill_chance", "kill_within_two_turns",
           "strike_odds", "to_frame"]
