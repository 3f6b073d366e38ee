"""Plain-English words for the cards of One Deck Dungeon: what each skill, heroic feat, potion,
item, ability, box and loot choice does and what it costs, for the play board.

The words follow what the engine does (``effects.py``, ``encounter.py``, ``loot.py``), not only
the data schema (``data/SCHEMA.md``). Rules references are to docs/rules/one-deck-dungeon.md.
Every function raises ValueError on a value it has no words for (a new effect verb, cost kind or
timing), so that a new kind of card can never show an empty or made-up text.

>>> from odd_nb.games.one_deck.content import load_content
>>> c = load_content()
>>> skill_words(c.skill("hs_true_shot"))["effect"]
'turn one pink or black die into a 6'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import TakeLoot
from .content import Ability, Box, Cost, Effect, Potion, Skill

if TYPE_CHECKING:  # pragma: no cover
    from .state import OddState

#: effect verbs a skill, feat or potion carries out (``effects.run_effect``)
SKILL_VERBS = ("gain", "roll", "increase", "reroll", "set", "prevent", "discard", "heal")
#: effect verbs of a foe, floor or boss ability (``effects.run_ability``; ``forbid`` is read by
#: ``Reading.forbidden``)
ABILITY_VERBS = ("damage", "spend_time", "exile", "poison", "discard", "forbid")
#: what may carry an effect: a skill, feat or potion; an encounter's or floor's ability; a boss's
SOURCES = ("skill", "ability", "boss")
#: effects that act on the pool: a potion with one is drunk only while pools exist (E2, E4)
POOL_VERBS = ("gain", "roll", "increase", "reroll", "set", "discard", "prevent")

_FORBID = {  # A23, ``Reading.forbidden``: feats are not barred by a "no skills" ability
    "potions": "no potion may be drunk",
    "skills": "no skill may be used (heroic feats still may)",
    "conversion": "no two-for-one conversion may be made",
}
_STORE = {  # E2, ``effects.store_dice``
    "flee": "each time the party flees",
    "explore": "each time the party explores",
    "encounter_end": "each time an encounter ends after its loot",
}


# -- small helpers --------------------------------------------------------------------------------
def _dice(n: int, colour: str | None = None) -> str:
    """'a yellow die', '2 yellow dice', 'a die'."""
    what = f"{colour} " if colour else ""
    return f"a {what}die" if n == 1 else f"{n} {what}dice"


def _picked(colour: str | None) -> str:
    """The colour of the pool dice an effect may pick: its own or black, which is wild (§3);
    any pool die without one.

    >>> _picked("pink"), _picked("black"), _picked(None)
    ('pink or black', 'black', 'pool')
    """
    if colour is None or colour == "black":
        return colour or "pool"
    return f"{colour} or black"


def _one_die(colour: str | None) -> str:
    """The pool die an effect picks (``_picked``)."""
    return f"one {_picked(colour)} die"


def _need(effect: Effect, *fields: str) -> None:
    for name in fields:
        if getattr(effect, name) is None:
            raise ValueError(f"a {effect.op!r} effect needs {name!r} to be put into words")


def _and(parts: list[str]) -> str:
    """'a', 'a and b', 'a, b and c'."""
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


# -- costs ----------------------------------------------------------------------------------------
def cost_words(cost: Cost) -> str:
    """What using a skill costs (§7): black dice may stand in for the colour, and a magic total
    may be overpaid (A21).

    >>> cost_words(Cost("dice_count", "yellow", 2))
    'pay 2 yellow or black dice of any value'
    >>> cost_words(Cost("dice_total", "blue", 4))
    'pay blue or black dice adding up to 4 or more'
    >>> cost_words(Cost("potion")), cost_words(Cost("free"))
    ('spend a potion token', 'free')
    """
    if cost.kind == "free":
        return "free"
    if cost.kind == "potion":
        return "spend a potion token"
    if cost.kind in ("dice_count", "dice_total") and not cost.colour:
        raise ValueError(f"a {cost.kind!r} cost needs a colour")
    if cost.kind == "dice_count":
        dice = "die" if cost.n == 1 else "dice"
        what = "a" if cost.n == 1 else str(cost.n)
        return f"pay {what} {cost.colour} or black {dice} of any value"
    if cost.kind == "dice_total":
        return f"pay {cost.colour} or black dice adding up to {cost.n} or more"
    raise ValueError(f"no words for the cost kind {cost.kind!r}")


# -- effects --------------------------------------------------------------------------------------
def effect_words(effect: Effect, source: str = "skill") -> str:
    """One clause for one effect, as the engine carries it out (§7, A13, A21, A23, A25).

    ``source`` says what carries the effect: ``"skill"`` (a skill, heroic feat or potion),
    ``"ability"`` (an encounter's or a floor's ability) or ``"boss"`` (a boss's ability). A
    discard differs between them (one chosen die / every matching die), and an effect the
    engine ignores where it stands, or an unknown verb, raises ValueError.

    >>> effect_words(Effect("gain", "yellow", 6))
    'add a yellow 6 to your pool'
    >>> effect_words(Effect("set", value=6))
    'turn one pool die into a 6'
    >>> effect_words(Effect("discard", "yellow", 1), "ability")
    'discard every yellow die showing 1 from the pools'
    >>> effect_words(Effect("teleport"))
    Traceback (most recent call last):
    ...
    ValueError: no words for the effect op 'teleport'
    """
    op = effect.op
    if source not in SOURCES:
        raise ValueError(f"source must be one of {', '.join(SOURCES)}, not {source!r}")
    if op not in SKILL_VERBS + ABILITY_VERBS:
        raise ValueError(f"no words for the effect op {op!r}")
    verbs = SKILL_VERBS if source == "skill" else ABILITY_VERBS
    if op not in verbs:
        where = "a skill, feat or potion" if source == "skill" else "an ability"
        raise ValueError(f"the engine does nothing with a {op!r} effect in {where}")
    if op == "gain":
        _need(effect, "colour", "value")
        what = (f"a {effect.colour} {effect.value}" if effect.count == 1
                else f"{effect.count} {effect.colour} {effect.value}s")
        return f"add {what} to your pool"
    if op == "roll":
        _need(effect, "colour")
        return f"roll {_dice(effect.count, effect.colour)} into your pool"
    if op == "increase":
        die = _one_die(effect.colour)
        if effect.amount > 0:
            return f"raise {die} by {effect.amount} (6 at most)"
        if effect.amount < 0:
            return f"lower {die} by {-effect.amount} (1 at least)"
        return f"pick {die} and leave it as it is"
    if op == "reroll":
        if effect.count == 1:
            return f"reroll {_one_die(effect.colour)}"
        return f"reroll up to {effect.count} {_picked(effect.colour)} dice"
    if op == "set":
        _need(effect, "value")
        return f"turn {_one_die(effect.colour)} into a {effect.value}"
    if op == "prevent":
        parts = [f"{n} {what}" for n, what in ((effect.damage, "damage"), (effect.time, "time"))
                 if n]
        return f"prevent {_and(parts)} from uncovered boxes" if parts else "prevent nothing"
    if op == "discard" and source == "skill":  # one chosen die of the pool left after paying
        return f"discard {_one_die(effect.colour)}"
    if op == "discard":  # an ability: every die matching, in every hero's pool
        colour = f"{effect.colour} " if effect.colour else ""
        showing = f" showing {effect.value}" if effect.value is not None else ""
        if not colour and not showing:
            return "discard every die in the pools"
        return f"discard every {colour}die{showing} from the pools"
    if op == "heal":
        return f"heal one hero {effect.amount} damage"
    if op == "damage":
        if effect.target == "all_heroes":
            return f"deal {effect.amount} damage to every hero"
        if effect.target == "chosen_hero":
            return f"deal {effect.amount} damage to one hero of the party's choice"
        raise ValueError(f"no words for the damage target {effect.target!r}")
    if op == "spend_time":
        text = f"spend {effect.amount} time"
        return text + " (no effect in the boss fight)" if source == "boss" else text
    if op == "exile":
        _need(effect, "colour")
        verb = "it leaves" if effect.count == 1 else "they leave"
        return (f"exile {_dice(effect.count, effect.colour)} from the supply: {verb} the game "
                f"for good")
    if op == "poison":
        tokens = "token" if effect.amount == 1 else "tokens"
        return (f"give the party {effect.amount} poison {tokens} (each: 1 damage to a hero "
                f"after a later explore)")
    # forbid
    if effect.what not in _FORBID:
        raise ValueError(f"no words for forbidding {effect.what!r}")
    return _FORBID[effect.what]


def _effects_words(effects, source: str = "skill") -> str:
    """The clauses of several effects in printed order, as one sentence."""
    if not effects:
        raise ValueError("a card part with no effect has nothing to say")
    return ", then ".join(effect_words(e, source) for e in effects)


# -- skills and feats -----------------------------------------------------------------------------
def timing_words(skill: Skill, feat: bool = False) -> str:
    """When a skill (E4, after the roll) or a heroic feat (E2, before it) may be used: once per
    encounter, each boss round counting as one (A18); its combat or peril mark (§7); a feat's
    skull mark and the black dice it stores (E2, A8).

    >>> timing_words(Skill("x", "X", Cost("free"), (), usable_in="combat"))
    'once per encounter, after the roll; combat only'
    >>> timing_words(Skill("x", "X", Cost("free"), (), boss_forbidden=True,
    ...                    store_trigger="flee", store_max=2), feat=True)
    'once per encounter, before the roll; not against the boss; stores a black die each time \
the party flees (up to 2)'
    """
    parts = ["once per encounter, " + ("before the roll" if feat else "after the roll")]
    if skill.usable_in in ("combat", "peril"):
        parts.append(f"{skill.usable_in} only")
    elif skill.usable_in != "any":
        raise ValueError(f"no words for usable_in {skill.usable_in!r}")
    if skill.boss_forbidden:
        parts.append("not against the boss")
    if skill.store_trigger is not None:
        if skill.store_trigger not in _STORE:
            raise ValueError(f"no words for the store trigger {skill.store_trigger!r}")
        parts.append(f"stores a black die {_STORE[skill.store_trigger]} "
                     f"(up to {skill.store_max})")
    return "; ".join(parts)


def skill_words(skill: Skill, feat: bool = False) -> dict:
    """A skill or heroic feat in words: ``{"name", "cost", "effect", "when"}`` (§7, E2).

    >>> from odd_nb.games.one_deck.content import load_content
    >>> w = skill_words(load_content().skill("mind_over_matter"))
    >>> w["cost"]
    'pay blue or black dice adding up to 6 or more'
    >>> w["effect"]
    'reroll up to 2 pool dice, then raise one pool die by 1 (6 at most)'
    """
    effect = _effects_words(skill.effects)
    if skill.store_trigger is not None:  # E2: using the feat rolls the stored dice too
        effect += ", and roll the black dice stored on the hero card"
    return {"name": skill.name, "cost": cost_words(skill.cost), "effect": effect,
            "when": timing_words(skill, feat)}


# -- potions and items ----------------------------------------------------------------------------
def potion_timing_words(potion: Potion) -> str:
    """When a potion may be drunk (§7, A20).

    >>> from odd_nb.games.one_deck.content import load_content
    >>> potion_timing_words(load_content().potions["p_ember"])
    'only after the roll, while placing dice'
    """
    if potion.timing == "encounter":
        return "only after the roll, while placing dice"
    if potion.timing != "any_time":
        raise ValueError(f"no words for the potion timing {potion.timing!r}")
    if any(e.op in POOL_VERBS for e in potion.effects):  # needs pools (E2, E4)
        return "during an encounter, before or after the roll"
    return "any time"


def potion_words(potion: Potion) -> str:
    """What drinking a potion does and when it may be drunk (§7, A20); the name is not included.

    >>> from odd_nb.games.one_deck.content import load_content
    >>> potion_words(load_content().basic_potion)
    'heal one hero 2 damage (at the start of a turn: heal one hero 3 damage); any time'
    """
    text = _effects_words(potion.effects)
    if potion.turn_start_effects:
        text += f" (at the start of a turn: {_effects_words(potion.turn_start_effects)})"
    return f"{text}; {potion_timing_words(potion)}"


def item_words(item: tuple) -> str:
    """The stats an item adds to its hero (§6 E6, §11): a ``Loot.item`` tuple.

    >>> item_words((("yellow", 1), ("health", 1)))
    '+1 yellow die, +1 health'
    >>> item_words((("pink", 2),))
    '+2 pink dice'
    """
    parts = []
    for what, n in item:
        if what == "health":
            parts.append(f"+{n} health")
        elif what in ("yellow", "pink", "blue"):
            parts.append(f"+{n} {what} {'die' if n == 1 else 'dice'}")
        else:
            raise ValueError(f"no words for an item stat {what!r}")
    return ", ".join(parts) if parts else "nothing"


# -- abilities and boxes --------------------------------------------------------------------------
def ability_timing_words(timing: str, boss: bool = False) -> str:
    """When an encounter's, floor's or boss's ability acts (§6, A23); ``boss``: a boss's (every
    boss round starts like a combat, §10).

    >>> ability_timing_words("on_roll")
    'right after the dice are rolled'
    """
    words = {
        "on_start": "at the start of each boss round" if boss else "when a combat starts",
        "on_roll": "right after the dice are rolled",
        "continuous": ("throughout each boss round" if boss
                       else "throughout the encounter, loot included"),
        "on_skill_use": "each time a hero uses a skill or heroic feat",
        "on_consequences": "at the consequences",
    }
    if timing not in words:
        raise ValueError(f"no words for the ability timing {timing!r}")
    return words[timing]


def ability_words(ability: Ability, boss: bool = False) -> str:
    """A foe's, floor's or boss's ability: when it acts and what it does (A23).

    >>> ability_words(Ability("on_start", (Effect("damage", amount=1),)))
    "when a combat starts: deal 1 damage to one hero of the party's choice"
    >>> ability_words(Ability("continuous", (Effect("forbid", what="potions"),)))
    'throughout the encounter, loot included: no potion may be drunk'
    """
    return (f"{ability_timing_words(ability.timing, boss)}: "
            f"{_effects_words(ability.effects, 'boss' if boss else 'ability')}")


def box_words(box: Box) -> str:
    """A challenge box: what covers it, armor and skull, and what an uncovered box costs (§4,
    §6 E5, §10, A10, A11).

    >>> box_words(Box("yellow", 5, damage=2))
    'yellow 5: one yellow or black die showing 5 or more; if left uncovered: 2 damage'
    >>> box_words(Box("any", 14, wide=True, time=1))
    'wide any 14: dice of any colour adding up to 14 or more; if left uncovered: 1 time'
    """
    option = "of the chosen option's colour (or black)"  # A10
    nouns = {"any": ("one die of any colour", "dice of any colour"),
             "black": ("one black die", "black dice"),
             "option": (f"one die {option}", f"dice {option}")}
    nouns.update({c: (f"one {c} or black die", f"{c} or black dice")
                  for c in ("yellow", "pink", "blue")})
    if box.colour not in nouns:
        raise ValueError(f"no words for the box colour {box.colour!r}")
    small, wide = nouns[box.colour]
    parts = [f"{wide} adding up to {box.target} or more" if box.wide
             else f"{small} showing {box.target} or more"]
    if box.armor:
        parts.append("armor: cover it before any box without armor")
    if box.skull:
        parts.append("skull: covered, it deals 1 damage to the boss at the round's end")
    harm = [f"{box.damage} damage" if box.damage else "", f"{box.time} time" if box.time else "",
            f"{box.poison} poison token{'s' if box.poison > 1 else ''}" if box.poison else ""]
    harm = [h for h in harm if h]
    parts.append(f"if left uncovered: {_and(harm)}" if harm else "nothing if left uncovered")
    label = f"{'wide ' if box.wide else ''}{box.colour} {box.target}"
    return f"{label}: " + "; ".join(parts)


# -- loot -----------------------------------------------------------------------------------------
def loot_words(state: "OddState", action: TakeLoot) -> str:
    """What a loot choice gives (§6 E6, A15, A16): the card being looted in ``state`` as an item,
    a skill, a potion or XP, and the card given up at a limit, which becomes XP.

    >>> import dataclasses, odd_nb
    >>> s = odd_nb.load_game("one-deck-dungeon").new_initial_state(heroes=["h1"])
    >>> s = dataclasses.replace(s, phase="loot", card="e05")
    >>> for a in s.legal_actions():
    ...     if isinstance(a, TakeLoot):
    ...         print(loot_words(s, a))
    2 XP
    item for Brannoc Ironhand: +1 yellow die, +1 health
    skill for Brannoc Ironhand: Shield Brace (pay a yellow or black die of any value): prevent \
2 damage from uncovered boxes; once per encounter, after the roll; combat only
    """
    if not isinstance(action, TakeLoot):
        raise ValueError(f"{action!s} is not a loot choice")
    card = state.encounter_card
    if card is None:
        raise ValueError("no card is being looted in this state")
    if action.use == "xp":
        return f"{card.xp} XP"
    if action.use == "potion":
        if card.loot.potion is None:
            raise ValueError(f"{card.name} ({card.id}) holds no potion")
        potion = state.content.potions[card.loot.potion]
        token = ("+1 potion token" if state.potion_supply > 0
                 else "no potion token: the supply has none left")
        return f"potion: {potion.name}: {potion_words(potion)}; {token}"
    if action.use not in ("item", "skill") or action.hero is None:
        raise ValueError(f"no words for the loot choice {action!s}")
    hero = state.hero_card(action.hero).name
    if action.use == "item":
        text = f"item for {hero}: {item_words(card.loot.item)}"
    else:
        skill = card.loot.skill
        if skill is None:
            raise ValueError(f"{card.name} ({card.id}) holds no skill")
        w = skill_words(skill)
        text = f"skill for {hero}: {w['name']} ({w['cost']}): {w['effect']}; {w['when']}"
    if action.displace is not None:
        old = state.content.encounters[action.displace]
        what = (item_words(old.loot.item) if action.use == "item"
                else f"skill {old.loot.skill.name}")
        text += f"; gives up {old.name} ({what}), which becomes {old.xp} XP"
    return text


__all__ = ["ABILITY_VERBS", "POOL_VERBS", "SKILL_VERBS", "SOURCES", "ability_timing_words",
           "ability_words", "box_words", "cost_words", "effect_words", "item_words", "loot_words",
           "potion_timing_words", "potion_words", "skill_words", "timing_words"]
