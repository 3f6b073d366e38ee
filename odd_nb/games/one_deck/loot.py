"""Loot and levelling (rules §6 E6, §8, A14-A17).

A surviving party must claim the card in one of four ways: an item, a skill, a potion or XP. At a
hero's item or skill limit the new card displaces one of that kind, which becomes XP. Levels come
automatically as soon as the XP suffices; the XP cards spent are the set with the least surplus
(tucked XP cards matter only by value, so keeping the most XP is always best: no choice is lost).
"""

from __future__ import annotations

from . import effects, encounter
from .actions import TakeLoot

LOOT_PHASES = ("loot",)
SETTLING_PHASES = ()


def legal(s) -> list:
    card = s.encounter_card
    acts = [TakeLoot("xp")]
    ls = s.level_side
    for h, hero in enumerate(s.heroes):
        who = s.hero_card(h).name if len(s.heroes) > 1 else ""
        acts += _tuck(s, "item", h, hero.items, ls.item_limit, who)
        held = {sk.id for sk in s.skills_of(h)}
        if card.loot.skill is not None and card.loot.skill.id not in held:  # no skill twice
            acts += _tuck(s, "skill", h, hero.skills, ls.skill_limit, who)
    if card.loot.potion is not None and card.loot.potion not in {
            p.id for p in s.identified_potions}:  # each type identified once (A16)
        acts.append(TakeLoot("potion"))
    return acts


def _tuck(s, use, h, held, limit, who) -> list:
    if len(held) < limit:
        return [TakeLoot(use, h, None, who)]
    names = s.content.encounters
    return [TakeLoot(use, h, c, who, names[c].name) for c in sorted(set(held))]


def apply(d, action) -> None:
    card, h = d.card, action.hero
    if action.use == "xp":
        d.xp_cards = tuple(sorted(d.xp_cards + (card,)))
    elif action.use == "potion":
        d.potion_cards = tuple(sorted(d.potion_cards + (card,)))
        if d.potion_supply > 0:
            d.potions += 1
    else:
        kind = "items" if action.use == "item" else "skills"
        held = list(getattr(d.heroes[h], kind))
        if action.displace is not None:
            held.remove(action.displace)
            d.xp_cards = tuple(sorted(d.xp_cards + (action.displace,)))
        d.set_hero(h, **{kind: tuple(sorted(held + [card]))})
        if action.displace is not None:
            effects.check_loss(d)  # losing a health item may end the game (A15)
    d.card = None  # the card is claimed: it lies where it was tucked now
    level_up(d)
    encounter.end(d)


def buy_potion(d) -> None:
    """§8, A14: 5 XP for a potion token (level 4; offered whenever the party decides,
    ``effects.can_buy_potion``)."""
    spend_xp(d, effects.CAP_POTION_XP)
    d.potions += 1


def level_up(d) -> None:
    """§8: the party levels up as soon as its XP reaches the requirement (chains allowed)."""
    while d.level < 4 and d.xp >= d.level_side.xp_to_next:
        spend_xp(d, d.level_side.xp_to_next)
        d.level += 1
        if d.potion_supply > 0:
            d.potions += 1


def spend_xp(d, amount: int) -> None:
    """Remove XP worth at least ``amount`` with the least surplus (A14), then the fewest cards.
    Campaign XP is a number, not a card, so any part of it may be spent. Spent cards go to the
    box; surplus is lost."""
    value = {c: d.content.encounters[c].xp for c in d.xp_cards}
    best: dict[int, tuple] = {0: ()}  # reachable card total -> fewest cards reaching it
    for card in d.xp_cards:
        for total, chosen in sorted(best.items()):
            t = total + value[card]
            if t not in best or len(chosen) + 1 < len(best[t]):
                best[t] = chosen + (card,)
    total = min((t for t in best if amount - t <= d.xp_bonus),
                key=lambda t: (max(0, t - amount), len(best[t])))
    d.xp_bonus -= max(0, amount - total)
    spent = list(d.xp_cards)
    for card in best[total]:
        spent.remove(card)
    d.xp_cards = tuple(spent)
    d.boxed = tuple(sorted(d.boxed + best[total]))
