"""Combat (§9, A11, A12, A31, A35) and the fireball (§11.5, A13, A27).

A combat is started with an attack (1 AP); both players then commit a combat card, the active
player first, the opponent second, neither seeing the other's card until both are in (A35);
then the group is formed (A11) and the result applied.
"""

from __future__ import annotations

from .actions import (ATTACK, CHARACTERS_OF, COMBAT_CARD, FIREBALL, Act, Once, is_character,
                      made, side_of)
from .ap import actors, actors_at, can_pay, pay
from .board import SIDE_WORD, SIDES, neighbour
from .position import (carried_by, carriers, has_effect, lay, name, occupants, record,
                       square_of, token_name, tokens_with)
from .scoring import kill, lie_down, wound


def attack_actions(x, seat: int) -> list:
    """§9.1: a living own character not healed this turn attacks an enemy, living or wounded
    but not wounded this turn, on an open neighbour of its square (A21)."""
    content = x.rules.content
    occ = occupants(x)
    lay_ = lay(x)
    enemies = CHARACTERS_OF[1 - seat]
    acts = made(content)
    found = []
    for t, sq in actors_at(x, seat):
        if x.ap <= 0 and not can_pay(x, t):
            continue
        for _, to in lay_.open_sides(sq):
            for e in occ.get(to, ()):
                if e in enemies and e not in x.hurt_now:
                    act = acts.get((ATTACK, t, e))
                    if act is None:
                        act = acts[(ATTACK, t, e)] = Act(
                            ATTACK, t, e, text=f"{name(content, t)} attacks "
                                               f"{token_name(content, e)}")
                    found.append(act)
    return found


def attack(d, action) -> None:
    pay(d, action.who)
    d.combat = (action.who, action.a, None)
    d.phase, d.decider = "combat", d.active


def card_actions(x) -> list:
    """§9.3, A31: the deciding seat plays one of its combat cards (one action per value)."""
    return [_CARDS[v] for v in sorted(set(x.combat_hand[x.decider]))]


_CARDS = Once(lambda v: Act(COMBAT_CARD, -1, v, text=f"play combat card +{v}"))


def group(x, attacker: int, target: int) -> set:
    """A11: start with the attacker and the target, then add every living character (not
    healed this turn) on an open neighbour of a participant of the other side, until nothing
    changes."""
    occ = occupants(x)
    lay_ = lay(x)
    members = {attacker, target}
    grew = True
    while grew:
        grew = False
        for p in list(members):
            sq = square_of(x, p)
            for side in SIDES:
                if lay_.block(sq, side) is not None:
                    continue
                for t in occ.get(neighbour(sq, side), ()):
                    if (is_character(t) and t not in members and side_of(t) != side_of(p)
                            and t not in x.wounded and t not in x.healed_now):
                        members.add(t)
                        grew = True
    return members


def totals(x, members: set, cards: tuple) -> tuple:
    """§9.4: each side's combat values (a wounded target counts 0), +1 per Sword on the
    attacking side, +1 per Armor on the defending side, plus its card. ``cards`` are the
    active player's and the opponent's."""
    content = x.rules.content
    sums = [0, 0]
    for p in members:
        seat = side_of(p)
        if p in x.wounded:
            continue
        sums[seat] += record(content, p).combat
        held = carried_by(x, p)
        if held is not None and not is_character(held):
            bonus = "attack_bonus" if seat == x.active else "defence_bonus"
            if has_effect(content, held, bonus):
                sums[seat] += 1
    attacking, defending = sums[x.active] + cards[0], sums[1 - x.active] + cards[1]
    return attacking, defending


def combat_card(d, action) -> None:
    attacker, target, first = d.combat
    if first is None:
        d.combat = (attacker, target, action.a)
        d.decider = 1 - d.active
        return
    resolve(d, (first, action.a))


def resolve(d, cards: tuple) -> None:
    """§9.4-§9.6: compare totals; every living loser is wounded and a wounded loser killed;
    both cards are spent, the +0 returns."""
    attacker, target, _ = d.combat
    members = group(d, attacker, target)
    attacking, defending = totals(d, members, cards)
    content = d.rules.content
    hands = list(d.combat_hand)
    for seat, card in ((d.active, cards[0]), (1 - d.active, cards[1])):
        if card != content.returning_card:
            hand = list(hands[seat])
            hand.remove(card)
            hands[seat] = tuple(hand)
    d.combat_hand = tuple(hands)
    winner = d.active if attacking > defending else 1 - d.active if defending > attacking \
        else -1
    d.last_combat = (attacker, target, cards[0], cards[1], attacking, defending, winner,
                     tuple(sorted(members)))
    d.combat, d.phase, d.decider = None, "actions", d.active
    if winner == -1:
        return
    for p in sorted(members):
        if side_of(p) == winner or d.phase == "over":
            continue
        if p in d.wounded:
            kill(d, p, winner, "a kill")
        else:
            wound(d, p, winner)


# -- the fireball (§11.5) ---------------------------------------------------------------------
def fireball_actions(x, seat: int) -> list:
    content = x.rules.content
    held_by = carriers(x)
    if tokens_with(content, "fireball").isdisjoint(held_by.values()):
        return []
    found = []
    for t in actors(x, seat):
        held = held_by.get(t)
        if (held is not None and has_effect(content, held, "fireball")
                and "throw_fireball" in record(content, t).abilities and can_pay(x, t)):
            found += [Act(FIREBALL, t, side, text=f"{name(content, t)} throws the fireball "
                          f"{SIDE_WORD[side]}") for side in SIDES]
    return found


def fireball_path(x, start, side) -> tuple:
    """A13: the squares the fireball crosses and the character it meets (or None): it flies
    over revealed squares until an edge that is not open, a hidden room or a character."""
    lay_ = lay(x)
    occ = occupants(x)
    sq, path = start, []
    while lay_.block(sq, side) is None:
        sq = neighbour(sq, side)
        if lay_.kind[sq] == "hidden":
            break
        path.append(sq)
        chars = [t for t in occ.get(sq, ()) if is_character(t)]
        if chars:
            living = [t for t in chars if t not in x.wounded]
            return path, (living or chars)[0]
    return path, None


def fireball(d, action) -> None:
    """The wand leaves the game; the first character met dies if it is an enemy, and what it
    carried lies on its square (A27)."""
    wizard = action.who
    pay(d, wizard)
    from .scoring import set_loc
    set_loc(d, carried_by(d, wizard), ("gone",))
    _, hit = fireball_path(d, square_of(d, wizard), action.a)
    if hit is not None and side_of(hit) != d.active:
        kill(d, hit, d.active, "a fireball")


__all__ = ["attack", "attack_actions", "card_actions", "combat_card", "fireball",
           "fireball_actions", "fireball_path", "group", "lie_down", "resolve", "totals"]
