"""Fights (§7), weapons and ammunition (§8), completing a location (§9), the Sleeper's end
(§10) and death (§11.2), as rule functions on a draft ``d``.

A weapon held is an entry ``(home, card, loaded)``: its home deck (a pile number, -1 for a
granted weapon, A12), its card id and whether a firearm is loaded (melee weapons count as
loaded). Nothing here imports the state module.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...core.chance import multiset_add, multiset_remove
from .clock import (check_town_done, drive_back, finish, rule, set_fight, set_pile, set_player,
                    step_forward)
from .piles import DECK


@dataclass(frozen=True, slots=True)
class Fight:
    """One player against one monster (§7): the monster's card id, where it came from
    (``("street",)``, ``("stack", location)``, ``("keeper", location)``, ``("sleeper",)``), its
    home pile, the damage it has taken (A11), whether it was struck this turn (A9) and the
    firearms that struck in this fight (A12)."""

    monster: str
    origin: tuple
    home: int = -1
    damage: int = 0
    struck: bool = False
    fired: tuple = ()

    @property
    def tier(self) -> str:
        return {"street": "ordinary", "stack": "ordinary"}.get(self.origin[0], self.origin[0])


# -- weapons (§8) ------------------------------------------------------------------------
def effective(content, entry) -> tuple:
    """(bonus, kind) of a strike with ``entry`` in hand: bare hands and an empty firearm add
    nothing and have no kind (§8.1, A12).

    >>> from odd_nb.games.fog_town.content import load_content
    >>> town = load_content("test")
    >>> effective(town, (0, "revolver", True)), effective(town, (0, "revolver", False))
    ((2, 'firearm'), (0, None))
    """
    if entry is None:
        return 0, None
    w = content.weapons[entry[1]]
    if w.kind == "firearm" and not (entry[2] or w.unlimited):
        return 0, None
    return w.bonus, w.kind


def meets_need(content, entry, monster) -> bool:
    """§6.3, A10: only a strike with a matching weapon is possible against a monster with a
    weapon need."""
    need = content.monsters[monster].needs
    if need is None:
        return True
    bonus, kind = effective(content, entry)
    if kind is None:
        return False
    return kind == need if need in ("melee", "firearm") else entry[1] == need


def owned_weapons(player) -> list:
    return ([player.hand] if player.hand else []) + list(player.weapons)


def ammo_for(content, player, weapon_card) -> list:
    """The ammunition items that fit a firearm (§8.2)."""
    fits = content.weapons[weapon_card].ammo
    return [item for item in player.items
            if item[1] in content.ammo and content.ammo[item[1]][1] == fits]


def could_strike(content, player, monster) -> bool:
    """A20: whether the player holds a weapon that could legally strike ``monster``, loaded or
    with its ammunition at hand (bare hands do for a monster without a need)."""
    need = content.monsters[monster].needs
    if need is None:
        return True
    for entry in owned_weapons(player):
        w = content.weapons[entry[1]]
        ready = w.kind == "melee" or w.unlimited or entry[2] or ammo_for(content, player, w.id)
        if ready and (w.kind == need or w.id == need):
            return True
    return False


def empty_fired(d, seat: int, fight) -> None:
    """§8.2, A12: once a fight ends, whichever way, a firearm that struck in it is empty."""
    p = d.players[seat]
    hand, weapons = p.hand, p.weapons
    for card in fight.fired:
        if d.content.weapons[card].unlimited:
            continue
        if hand and hand[1] == card and hand[2]:
            hand = (hand[0], card, False)
            continue
        for entry in weapons:
            if entry[1] == card and entry[2]:
                weapons = multiset_add(multiset_remove(weapons, entry),
                                       (entry[0], card, False))
                break
    set_player(d, seat, hand=hand, weapons=weapons)


def end_fight(d, seat: int) -> None:
    fight = d.fights[seat]
    set_fight(d, seat, None)
    if fight is not None:
        empty_fired(d, seat, fight)


# -- the fight (§7) -----------------------------------------------------------------------
def meet(d, seat: int, monster: str, origin: tuple, home: int = -1) -> None:
    """§7.1: a fight begins; the monster does not act first. With no AP left the player is
    engaged: the turn ends and the fight resumes after their next roll (A8)."""
    set_fight(d, seat, Fight(monster, origin, home))
    if d.ap == 0:
        d.turn_over = True


def strike(d, seat: int, points: int) -> None:
    """§7.2: commit ``points`` AP; damage = points + the bonus of the weapon in hand, once
    (A10). A monster that survives strikes back (§7.3)."""
    fight = d.fights[seat]
    p = d.players[seat]
    bonus, kind = effective(d.content, p.hand)
    d.ap -= points
    fired = fight.fired
    if kind == "firearm" and p.hand[1] not in fired:
        fired = fired + (p.hand[1],)
    fight = Fight(fight.monster, fight.origin, fight.home, fight.damage + points + bonus,
                  True, fired)
    set_fight(d, seat, fight)
    monster = d.content.monsters[fight.monster]
    if fight.damage >= monster.health:
        defeat(d, seat)
        return
    wounds = p.wounds + monster.strength
    set_player(d, seat, wounds=wounds)
    if wounds >= rule(d, "health"):
        die(d, seat)


def defeat(d, seat: int) -> None:
    """§7.5: the monster is defeated; an ordinary one earns a trophy and goes to its home
    deck's discard pile, or back into its home deck if it recurs (§6.2). Keepers: §9;
    Sleepers: §10."""
    fight = d.fights[seat]
    end_fight(d, seat)
    tier = d.content.monsters[fight.monster].tier
    p = d.players[seat]
    if tier == "ordinary":
        set_player(d, seat, trophies=p.trophies + 1)
        pile = d.piles[fight.home]
        recurs = d.content.monsters[fight.monster].recurs
        set_pile(d, fight.home, pile.shuffled_in([fight.monster]) if recurs
                 else pile.discarded(fight.monster))
    elif tier == "keeper":
        complete(d, seat, fight.origin[1])
    else:
        ending = d.content.monsters[fight.monster].ending
        set_player(d, seat, endings=p.endings + (ending,))
        finish(d, "sleeper")


def complete(d, seat: int, location: str) -> None:
    """§9: the Keeper card and the location token go to the player, the Lamplighter is driven
    back (a bell on the space he left), the location is completed and every stack of it goes
    back into its room deck (A15); then the end of the game is checked."""
    p = d.players[seat]
    keeper = d.content.locations[location].keeper
    set_player(d, seat, keepers=p.keepers + (keeper,), tokens=p.tokens + (location,))
    drive_back(d)
    index = d.content.explorable.index(location)
    status = list(d.status)
    status[index] = "completed"
    d.status = tuple(status)
    pile = d.piles[index + 1]
    for other in range(d.rules.players):
        pile = pile.shuffled_in(stack_of=other)
    set_pile(d, index + 1, pile)
    check_town_done(d)


def die(d, seat: int, killed: bool = True) -> None:
    """§11.2: the figure leaves the map and the fight ends; the Lamplighter moves forward; the
    killer goes back (an ordinary one shuffled into its home deck); a death in a location sends
    the player's stack there back, and closes the location if the killer came from that stack
    or was its Keeper (A17; ``death_token="own_token"``: the player gives up their latest
    location token instead); the rest is kept (A18) and the turn ends."""
    fight = d.fights[seat]
    p = d.players[seat]
    where = p.node
    end_fight(d, seat)
    set_player(d, seat, node=None, wounds=0, banked=0, deaths=p.deaths + 1)
    d.turn_over = True
    step_forward(d, d.content.rules["per_death"])
    if fight is not None and fight.tier == "ordinary":
        set_pile(d, fight.home, d.piles[fight.home].shuffled_in([fight.monster]))
    if where not in d.content.explorable:
        return
    index = d.content.explorable.index(where)
    pile = d.piles[index + 1].shuffled_in(stack_of=seat)
    from_here = fight is not None and fight.origin in (("stack", where), ("keeper", where))
    if from_here and d.status[index] == "open":
        if d.rules.death_token == "close_location":
            status = list(d.status)
            status[index] = "closed"
            d.status = tuple(status)
            for other in range(d.rules.players):
                pile = pile.shuffled_in(stack_of=other)
        elif p.tokens:
            set_player(d, seat, tokens=p.tokens[:-1])
    set_pile(d, index + 1, pile)
    check_town_done(d)


def put_back_escaped(d, seat: int, fight) -> None:
    """A13: the escaped monster, without its damage, goes under the stack or deck it came from
    (under the room deck if that stack has gone back meanwhile)."""
    if fight.origin[0] == "street":
        set_pile(d, 0, d.piles[0].put_under(DECK, fight.monster))
        return
    index = d.content.explorable.index(fight.origin[1]) + 1
    pile = d.piles[index]
    who = seat if pile.stacks[seat] is not None else DECK
    set_pile(d, index, pile.put_under(who, fight.monster))
