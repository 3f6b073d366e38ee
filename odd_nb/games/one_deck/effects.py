"""Skills, heroic feats, potions and abilities: costs and effect verbs (rules §7, A20-A25).

A use is one action that names everything chosen: the dice paid, the pool dice an effect works on,
the hero healed. So every way of using a skill is listed by ``legal_actions()`` and a person can
see exactly what each does.

Targets: the dice an effect works on are chosen from the pool left after paying the cost, and two
effects of one skill never pick the same die (engine decision; printed skills have one target).
"""

from __future__ import annotations

from itertools import combinations

from .actions import ReturnStored, Use
from .dice import COLOURS, colour_matches, give_back, minimal_sums, pool_add, pool_remove

POOL_OPS = ("gain", "roll", "increase", "reroll", "set", "discard", "prevent")
TARGET_OPS = ("increase", "set", "reroll", "discard")
# A20: "any time" potions at turn start and all through an encounter, plus a pending loss check
#: every phase where the party decides: "any time" potions may be drunk in each (A20)
ANY_TIME_PHASES = ("turn start", "turn", "door", "peril", "feats", "dice", "loot")


# -- paying ---------------------------------------------------------------------------------------
def payments(skill, pool, potions: int) -> list[tuple]:
    """Every distinct way to pay ``skill``'s cost from ``pool`` (§7; black dice are wild), each
    a tuple of dice in the pool's order, the ways in sorted order.

    >>> from types import SimpleNamespace as Card
    >>> starweave = Card(cost=Card(kind="dice_total", colour="blue", n=3))
    >>> payments(starweave, (("blue", 1), ("blue", 2), ("blue", 4), ("yellow", 5)), 0)
    [(('blue', 1), ('blue', 2)), (('blue', 4),)]
    """
    cost = skill.cost
    if cost.kind == "free":
        return [()]
    if cost.kind == "potion":
        return [()] if potions > 0 else []
    eligible = tuple(d for d in pool if colour_matches(cost.colour, d[0]))
    if cost.kind == "dice_count":
        return sorted(set(combinations(eligible, cost.n)))
    return list(minimal_sums(eligible, cost.n))


def targets(effects, pool) -> list[tuple]:
    """Every choice of pool dice for the effects that act on chosen dice, one tuple per effect.
    Black dice are wild (§3): an effect on "a pink die" may pick a black die too, which stays
    black.

    >>> from types import SimpleNamespace as Effect
    >>> targets([Effect(op="increase", colour="pink", count=1)], (("black", 5), ("pink", 2)))
    [((('black', 5),),), ((('pink', 2),),)]
    """
    choices = [((), pool)]
    for e in effects:
        if e.op not in TARGET_OPS:
            continue
        nxt = []
        for chosen, left in choices:
            eligible = tuple(d for d in left if e.colour is None or colour_matches(e.colour, d[0]))
            sizes = range(1, e.count + 1) if e.op == "reroll" else (1,)
            for k in sizes:
                for combo in sorted(set(combinations(eligible, k))):
                    nxt.append((chosen + (combo,), pool_remove(left, *combo)))
        choices = nxt
    return [chosen for chosen, _ in choices]


def patients(s, effects) -> list:
    """Heroes a heal may be given to: the damaged ones (None if the use heals nobody)."""
    if not any(e.op == "heal" for e in effects):
        return [None]
    hurt = [h for h, hero in enumerate(s.heroes) if hero.damage > 0]
    return hurt or ([None] if any(e.op != "heal" for e in effects) else [])


def uses(s, h: int, kind: str, ident: str, name: str, effects, pays, cost: str = "") -> list:
    """Every way hero ``h`` may use a feat, skill or potion: each payment, each choice of dice
    for its effects, each hero it may heal; ``cost`` names a cost that is not dice."""
    acts = []
    for pay in pays:
        left = pool_remove(s.pools[h], *pay) if s.pools else ()
        for dice in targets(effects, left):
            for patient in patients(s, effects):
                acts.append(Use(h, kind, ident, pay, dice, patient, s.hero_name(h), name,
                                s.hero_card(patient).name if patient is not None else "",
                                cost))
    return acts


# -- what may be used now -------------------------------------------------------------------------
def skill_uses(s, feats: bool) -> list:
    """Feats in E2, skills in E4: once per encounter each (§7, A18)."""
    if not feats and s.forbidden("skills"):
        return []
    kind_here = "combat" if s.in_boss_fight else s.encounter_card.kind
    acts = []
    for h in range(len(s.heroes)):
        side = s.hero_side(h)
        if feats:
            skills = [side.feat] if not (s.in_boss_fight and side.feat.boss_forbidden) else []
        else:
            skills = s.skills_of(h)
        for skill in skills:
            if (h, skill.id) in s.used or skill.usable_in not in ("any", kind_here):
                continue
            acts += uses(s, h, "feat" if feats else "skill", skill.id, skill.name,
                         skill.effects, payments(skill, s.pools[h], s.potions),
                         "a potion token" if skill.cost.kind == "potion" else "")
    return acts


def potion_uses(s, healing_only: bool = False) -> list:
    """Potions the party may drink now: "any time" ones whenever the party decides (every phase,
    while damage waits for a hero to be picked, and while a loss check is pending); the others
    only in E4 (§7, A20). One that changes pool dice needs pools (E2, E4). Any token pays any
    identified type."""
    if s.potions == 0 or s.forbidden("potions"):
        return []
    in_encounter = s.phase in ("feats", "dice")
    acts = []
    for potion in s.identified_potions:
        if potion.timing == "encounter" and s.phase != "dice":
            continue
        if potion.timing == "any_time" and not (s.dying or s.phase in ANY_TIME_PHASES):
            continue
        effects = potion_effects(s, potion)
        touches_pool = any(e.op in POOL_OPS for e in effects)
        if (healing_only or not in_encounter) and touches_pool:
            continue
        if healing_only and not any(e.op == "heal" for e in effects):
            continue
        drinkers = range(len(s.heroes)) if touches_pool else (0,)
        for h in drinkers:
            acts += uses(s, h, "potion", potion.id, potion.name, effects, [()])
    return acts


def potion_effects(s, potion):
    """The basic potion heals more at the start of a turn (§7, A20)."""
    if s.phase == "turn start" and not s.dying and potion.turn_start_effects:
        return potion.turn_start_effects
    return potion.effects


CAP_POTION_XP = 5  # §8: at level 4, 5 XP buy a potion token


def can_buy_potion(s) -> bool:
    """§8, A14: at level 4 the party may spend 5 XP for a potion token while the supply has one,
    whenever it decides (as levelling happens whenever the XP suffices)."""
    return s.level == 4 and s.xp >= CAP_POTION_XP and s.potion_supply > 0


def can_heal(s) -> bool:
    """Whether a loss may still be undone by a healing potion (§11, A3), with a token in hand or
    one the party may still buy with XP."""
    return (s.potions > 0 or can_buy_potion(s)) and not s.forbidden("potions") and any(
        p.timing == "any_time" and any(e.op == "heal" for e in p.effects)
        for p in s.identified_potions)


# -- using ----------------------------------------------------------------------------------------
def use(d, a: Use) -> None:
    """Pay, then apply the effects in printed order."""
    h = a.hero
    if a.kind == "potion":
        potion = d.content.potions[a.ident]
        effects = potion_effects(d, potion)
        d.potions -= 1  # the token returns to the supply
    else:
        skill = d.content.skill(a.ident)
        effects = skill.effects
        d.used = tuple(sorted(d.used + ((h, a.ident),)))
        if skill.cost.kind == "potion":
            d.potions -= 1
        if a.pay:
            d.set_pool(h, pool_remove(d.pools[h], *a.pay))
            d.supply = give_back(d.supply, a.pay)
        if a.kind == "feat" and d.heroes[h].stored:  # stored dice are rolled when the feat is used
            d.rolls_due += ((h, "black"),) * d.heroes[h].stored
            d.set_hero(h, stored=0)
    chosen = list(a.dice)
    for e in effects:
        run_effect(d, h, e, chosen.pop(0) if e.op in TARGET_OPS else (), a.patient)
    if a.kind != "potion":
        run_ability(d, d.active_abilities("on_skill_use"))


def run_effect(d, h: int, e, dice: tuple, patient) -> None:
    """One effect verb (§7) for hero ``h``."""
    if e.op == "gain":
        d.gain_dice(h, e.colour, e.count, e.value)
    elif e.op == "roll":
        d.gain_dice(h, e.colour, e.count)
    elif e.op in ("increase", "set"):
        (die,) = dice
        value = e.value if e.op == "set" else min(6, max(1, die[1] + e.amount))  # A21 clamps
        d.set_pool(h, pool_add(pool_remove(d.pools[h], die), (die[0], value)))
    elif e.op == "reroll":
        d.set_pool(h, pool_remove(d.pools[h], *dice))
        d.rolls_due += tuple((h, colour) for colour, _ in dice)
    elif e.op == "discard":
        d.set_pool(h, pool_remove(d.pools[h], *dice))
        d.supply = give_back(d.supply, dice)
    elif e.op == "prevent":
        d.prevented = (d.prevented[0] + e.damage, d.prevented[1] + e.time)
    elif e.op == "heal" and patient is not None:
        d.heal(patient, e.amount)


def run_ability(d, effects) -> None:
    """Effects of a foe, floor or boss ability (A23)."""
    for e in effects:
        if e.op == "damage":
            if e.target == "all_heroes":
                for h in range(len(d.heroes)):
                    d.hurt(h, e.amount)
            else:
                d.deal_damage(e.amount, chosen=True)
        elif e.op == "spend_time" and not d.in_boss_fight:
            d.time_due += e.amount
        elif e.op == "exile":  # FoS: out of the game, the supply shrinks for good
            i = COLOURS.index(e.colour)
            n = min(e.count, d.supply[i])
            d.supply = d.supply[:i] + (d.supply[i] - n,) + d.supply[i + 1:]
            d.exiled = d.exiled[:i] + (d.exiled[i] + n,) + d.exiled[i + 1:]
        elif e.op == "poison":
            d.poison += e.amount
        elif e.op == "discard":  # on roll: every pool die showing the value (and colour)
            for h, pool in enumerate(d.pools):
                gone = tuple(x for x in pool if (e.value is None or x[1] == e.value)
                             and (e.colour is None or x[0] == e.colour))
                if gone:
                    d.set_pool(h, pool_remove(pool, *gone))
                    d.supply = give_back(d.supply, gone)


def stored_returns(s) -> list:
    """Dice a feat stored on a hero card may go back to the supply at any time (E2, A8): one
    action per hero who holds some."""
    return [ReturnStored(h, s.hero_name(h)) for h, hero in enumerate(s.heroes) if hero.stored]


def any_time(s) -> list:
    """What the party may do whenever it decides (``ANY_TIME_PHASES``): drink a potion (A20),
    then give stored dice back to the supply (E2, A8). While damage waits for a hero or a loss
    check is pending, only healing potions are offered (``potion_uses(s, healing_only=True)``):
    stored dice change nothing there."""
    return potion_uses(s) + stored_returns(s)


def return_stored(d, h: int) -> None:
    d.supply = d.supply[:3] + (d.supply[3] + d.heroes[h].stored,)
    d.set_hero(h, stored=0)


def store_dice(d, trigger: str) -> None:
    """Feats that store a black die on the hero card when ``trigger`` happens (E2)."""
    for h in range(len(d.heroes)):
        feat = d.hero_side(h).feat
        if feat.store_trigger == trigger and d.heroes[h].stored < feat.store_max \
                and d.supply[3] > 0:
            d.supply = d.supply[:3] + (d.supply[3] - 1,)
            d.set_hero(h, stored=d.heroes[h].stored + 1)


def check_loss(d) -> None:
    """§11, A3: a hero out of health loses the game, unless the party heals first. A game lost
    stays lost: once it is over no foe forbids potions, yet no potion may be drunk."""
    if d.outcome is None and any(d.is_over(h) for h in range(len(d.heroes))):
        if can_heal(d):
            d.dying = True
        else:
            d.outcome, d.phase = "lost", "over"
