"""Abilities and single-use objects with a cost (§10.2, §10.3, §11.3, §11.4; A14, A16, A17,
A28). Movement abilities are in ``moves.py``, the fireball in ``combat.py``."""

from __future__ import annotations

from .actions import DRINK, HEAL, PORTCULLIS, REGENERATE, Act, is_character, side_of, tokens_of
from .ap import actors, actors_at, can_pay, pay, pool_of
from .board import SIDE_WORD, SIDES
from .position import (carried_by, carriers, has_ability, has_effect, lay, living_on, name,
                       occupants, square_of, token_name, tokens_with)
from .scoring import set_loc


def heal_actions(x, seat: int) -> list:
    """§10.2, A16, A28: a living own Cleric heals a wounded character lying on an open
    neighbour, where no living character stands; enemies too with ``cleric_heals_enemies``."""
    content = x.rules.content
    clerics = tokens_with(content, "heal")
    healers = [t for t in actors(x, seat) if t in clerics] if x.wounded else ()
    if not healers:
        return []
    occ = occupants(x)
    lay_ = lay(x)
    found = []
    for t in healers:
        if not can_pay(x, t):
            continue
        for _, to in lay_.open_sides(square_of(x, t)):
            here = occ.get(to)
            if not here or living_on(x, to, occ):
                continue
            for w in here:
                if is_character(w) and w in x.wounded and (
                        side_of(w) == seat or x.rules.cleric_heals_enemies):
                    found.append(Act(HEAL, t, w, text=f"{name(content, t)} heals "
                                     f"{token_name(content, w)}"))
    return found


def heal(d, action) -> None:
    pay(d, action.who)
    d.wounded = d.wounded - {action.a}
    d.healed_now = d.healed_now | {action.a}


def regenerate_actions(x, seat: int) -> list:
    """§10.3, A28: the active player's wounded Troll, lying (not carried), not wounded this
    turn, with no living character on its square."""
    content = x.rules.content
    found = []
    if x.ap <= 0 or tokens_with(content, "regenerate").isdisjoint(x.wounded):
        return found
    occ = occupants(x)
    for t in tokens_of(seat):
        if (t in x.wounded and has_ability(content, t, "regenerate") and x.loc[t][0] == "sq"
                and t not in x.hurt_now and not living_on(x, square_of(x, t), occ)):
            found.append(Act(REGENERATE, t, text=f"{name(content, t)} regenerates"))
    return found


def regenerate(d, action) -> None:
    pay(d, -1)
    d.wounded = d.wounded - {action.who}
    d.healed_now = d.healed_now | {action.who}


def portcullis_actions(x, seat: int) -> list:
    """§11.3, A17, A22: the Thief opens a closed portcullis or closes an opened one, the
    Warrior breaks a closed one, on an edge of their square (either room's side)."""
    content = x.rules.content
    workers = tokens_with(content, "work_portcullis")
    breakers = tokens_with(content, "break_portcullis")
    near = lay(x).near_ports
    who = [(t, sq) for t, sq in actors_at(x, seat)
           if (t in workers or t in breakers) and sq in near]
    if not who:
        return []
    lay_ = lay(x)
    found = []
    for t, sq in who:
        works, breaks = t in workers, t in breakers
        if not can_pay(x, t):
            continue
        for side, ports in _portcullis_sides(lay_, sq):
            verbs = set()
            for p in ports:
                state = x.ports[p]
                if works and state == "closed":
                    verbs.add("opens")
                if works and state == "opened":
                    verbs.add("closes")
                if breaks and state == "closed":
                    verbs.add("breaks")
            for verb in sorted(verbs):
                found.append(Act(PORTCULLIS, t, side, verb, text=f"{name(content, t)} {verb} "
                                 f"the portcullis {SIDE_WORD[side]}"))
    return found


def _portcullis_sides(lay_, sq) -> tuple:
    """``(side, portcullis numbers)`` of each edge of ``sq`` with a portcullis (A22)."""
    if sq not in lay_.near_ports:
        return ()
    found = lay_.recall("portcullis sides", sq)
    if found is None:
        found = lay_.keep("portcullis sides", sq, tuple(
            (side, ports) for side, ports in ((side, lay_.portcullis_at(sq, side))
                                              for side in SIDES) if ports))
    return found


def work_portcullis(d, action) -> None:
    pay(d, action.who)
    before, after = {"opens": ("closed", "opened"), "closes": ("opened", "closed"),
                     "breaks": ("closed", "broken")}[action.b]
    ports = list(d.ports)
    for p in lay(d).portcullis_at(square_of(d, action.who), action.a):
        if ports[p] == before:
            ports[p] = after
            break
    d.ports = tuple(ports)


def drink_actions(x, seat: int) -> list:
    content = x.rules.content
    held_by = carriers(x)
    if tokens_with(content, "speed_potion").isdisjoint(held_by.values()):
        return []
    found = []
    for t in actors(x, seat):
        held = held_by.get(t)
        if held is not None and has_effect(content, held, "speed_potion") and can_pay(x, t):
            found.append(Act(DRINK, t, text=f"{name(content, t)} drinks the speed potion"))
    return found


def drink(d, action) -> None:
    """§11.4, A14: the potion leaves the game; the drinker gets a pool of 4 AP this turn."""
    who = action.who
    pay(d, who)
    set_loc(d, carried_by(d, who), ("gone",))
    extra = d.rules.content.speed_potion_ap
    others = tuple(p for p in (d.pool or ()) if p[0] != who)
    d.pool = others + ((who, pool_of(d, who) + extra),)


__all__ = ["drink", "drink_actions", "heal", "heal_actions", "portcullis_actions",
           "regenerate", "regenerate_actions", "work_portcullis"]
