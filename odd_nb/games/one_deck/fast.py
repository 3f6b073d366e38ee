"""The fast paths of One Deck Dungeon (speed only): the legal actions listed from tables of
ready-made actions, legality checked among the choices of one kind, and each step sent straight
to its rule function.

Every function here names the rule function it mirrors and gives what it gives, in the same order;
``rules.legal`` and ``OddState.apply_by_rules`` are the reference, and
``tests/one_deck/test_fast_paths.py`` compares the two at every step of thousands of random and
greedy games. Actions are immutable values, so one ``Place`` or ``Convert`` made once serves every
state that offers it: the tables below keep them, keyed by everything they hold.

>>> import odd_nb
>>> s = odd_nb.start("one-deck-dungeon", seed=3).state
>>> legal(s) == rules.legal(s), apply(s, legal(s)[0]) == s.apply_by_rules(legal(s)[0])
(True, True)
"""

from __future__ import annotations

from . import effects, encounter, loot, rules
from .actions import (ACCEPT_DEFEAT, DESCEND, DONE, EXPLORE, FACE, FLEE, OPEN_DOOR, TIME_PASSES,
                      TRADE_XP, ChooseOption, Convert, Discard, Do, EnterOpenDoor, Place,
                      ReturnStored, RollDice, TakeDamage, TakeLoot, Use)
from .dice import COLOURS, covered, fits, give_back, take

_new, _set = object.__new__, object.__setattr__

# -- tables of ready-made values (each cleared when it grows past LIMIT) --------------------------
LIMIT = 50_000
_uses: dict = {}  # the arguments of Use -> Use
_box_texts: dict = {}  # id(box) -> (box, str(box)): the box is kept, so its id stays its own


def _made(table: dict, key: tuple, make):
    """The value of ``table`` at ``key``, made by ``make(*key)`` the first time."""
    value = table.get(key)
    if value is None:
        if len(table) > LIMIT:
            table.clear()
        value = table[key] = make(*key)
    return value


def kept(table: dict, key, owner, make):
    """``make()``, kept in ``table`` under ``key``, which holds ``id(owner)``: the entry keeps
    ``owner`` too, so that an object that reuses the id of one gone is never answered from it.
    A table past ``LIMIT`` entries starts afresh.

    >>> table, box = {}, object()
    >>> kept(table, id(box), box, lambda: 1), kept(table, id(box), box, lambda: 2)
    (1, 1)
    """
    entry = table.get(key)
    if entry is None or entry[0] is not owner:
        if len(table) > LIMIT:
            table.clear()
        entry = table[key] = (owner, make())
    return entry[1]


def box_text(box) -> str:
    """``str(box)``, made once per box."""
    return kept(_box_texts, id(box), box, lambda: str(box))


def forbidden(s, what: str) -> bool:
    """``Reading.forbidden``."""
    return what in banned(s)


def banned(s) -> frozenset:
    """What the continuous abilities forbid now: "potions", "skills", "conversion" (through the
    whole encounter, its loot step included: ``Reading.forbidden``)."""
    if s.phase not in _FORBIDDING_PHASES:
        return _NOTHING
    content = s.content
    return kept(_banned, (id(content), s.dungeon, s.floor, s.card), content,
                lambda: frozenset(e.what for e in s.active_abilities("continuous")))


_banned: dict = {}  # see ``banned``
_NOTHING = frozenset()


_FORBIDDING_PHASES = frozenset(encounter.ENCOUNTER_PHASES + loot.LOOT_PHASES)


# -- the legal actions ----------------------------------------------------------------------------
def legal(s) -> list:
    """``rules.legal``: pending work first, then the phase's own choices, then 5 XP for a
    potion token at level 4."""
    if s.damage_due or s.dying:
        return rules.legal(s)
    phase = s.phase
    if phase == "dice" or phase == "feats":
        held = held_dice(s)
        if held is None:
            return rules.legal(s)
        names, ban, skills, potions = situation(s)
        kind = "skill" if phase == "dice" else "feat"
        acts = placements(s, held, names) if phase == "dice" else []
        if skills:  # ``skill_uses``
            used = s.used
            for h, skill, cost, about in skills:
                if not used or (h, skill.id) not in used:
                    acts += uses(s, h, kind, skill, skill.effects, None, cost, names, about)
        acts += conversions(s, held, names, ban)
        if s.potions:  # ``potion_uses``
            for h, potion, effect_list, about in potions:
                acts += uses(s, h, "potion", potion, effect_list, _NO_PAY, "", names, about)
        if phase == "dice":
            acts += discards(s, held, names)
            acts.append(DONE)
        else:
            acts += effects.stored_returns(s)
            acts += roll_options(s)
    elif phase == "turn start":
        acts = [TIME_PASSES]
        acts += potion_uses(s)
        acts += effects.stored_returns(s)
        if s.deck_size == 0:
            acts.append(DESCEND)
    elif phase == "turn":
        acts = []
        if s.doors < s.door_limit and s.deck_size:
            acts.append(EXPLORE)
        if s.closed_doors:
            acts.append(OPEN_DOOR)
        if s.open_doors:
            cards = s.content.encounters
            acts += [_made(_enter, (c, cards[c].name), EnterOpenDoor)
                     for c in sorted(set(s.open_doors))]
        acts += potion_uses(s)
        if s.deck_size == 0:
            acts.append(DESCEND)
    elif phase == "door":
        acts = [FACE, FLEE]
        acts += potion_uses(s)
    elif phase == "peril":
        acts = peril_choices(s)
        acts += potion_uses(s)
    elif phase in loot.LOOT_PHASES:
        acts = loot_choices(s)
        acts += potion_uses(s)
    else:
        return rules.legal(s)
    if s.level == 4 and effects.can_buy_potion(s):
        acts.append(TRADE_XP)
    return acts


def situation(s) -> tuple:
    """What the lists of E2 and E4 hold besides dice: the heroes' names, what is banned
    (``banned``), the feats or skills that may be used (``usable_skills``, none if banned) and
    the potions that may be drunk (``drinkable``, none if banned). They depend on the dungeon,
    the floor, the card, the phase, the heroes and the potions identified."""
    content = s.content
    key = (id(content), s.dungeon, s.floor, s.card, s.phase, heroes_key(s), s.potion_cards)
    entry = _situations.get(key)
    if entry is not None and entry[0] is content:
        return entry[1]
    ban = banned(s)
    feats = s.phase == "feats"
    skills = () if not feats and "skills" in ban else usable_skills(s, feats, True)
    potions = () if "potions" in ban else drinkable(s, False)
    if len(_situations) > LIMIT:
        _situations.clear()
    found = _situations[key] = (content, (hero_names(s), ban, skills, potions))
    return found[1]


_situations: dict = {}  # see ``situation``


def peril_choices(s) -> list:
    """``encounter.legal`` in E1: the peril card's options (a new list each time)."""
    content = s.content
    return list(kept(_perils, (id(content), s.card), content, lambda: encounter.legal(s)))


def loot_choices(s) -> list:
    """``loot.legal`` (a new list each time): it depends on the card, the heroes' items and
    skills, the level and the potions identified."""
    content = s.content
    key = (id(content), s.card, heroes_key(s), s.level, s.potion_cards)
    return list(kept(_loot, key, content, lambda: loot.legal(s)))


def roll_options(s) -> list:
    """``encounter.roll_options``: it depends on the heroes' stats, the level, the supply and
    the colours gathered."""
    content = s.content
    key = (id(content), heroes_key(s), s.campaign_stats, s.level, s.supply, s.card, s.option)
    return list(kept(_rolls, key, content, lambda: encounter.roll_options(s)))


_enter: dict = {}  # (card, name) -> EnterOpenDoor
_perils: dict = {}  # (id(content), card) -> (content, the peril's ChooseOption actions)
_loot: dict = {}  # see ``loot_choices``
_rolls: dict = {}  # see ``roll_options``


def heroes_key(s) -> tuple:
    """The heroes' cards, items and skills: what their stats and skills depend on, as a key."""
    return tuple([(hero.id, hero.items, hero.skills) for hero in s.heroes])


def hero_names(s) -> tuple:
    """The heroes' names with two heroes, () with one (actions then name nobody)."""
    heroes = s.heroes
    if len(heroes) == 1:
        return ()
    cards = s.content.heroes
    return cards[heroes[0].id].name, cards[heroes[1].id].name


# Dice by number: ``CODE[die]`` is 0-23 in the order of dice, and hero ``h``'s die is
# ``h * 24 + CODE[die]`` (``CODES[h][die]``), so numbers sort as ``(hero, die)`` does and the tables
# of Place, Convert and Discard are lists read by index.
DIE = tuple(sorted((colour, value) for colour in COLOURS for value in range(1, 7)))
CODE = {die: i for i, die in enumerate(DIE)}
CODES = (CODE, {die: 24 + i for die, i in CODE.items()})
HELD = 2 * len(DIE)  # a hero's die: h * 24 + CODE[die], for two heroes at most


def held_dice(s) -> tuple | None:
    """The distinct pool dice as numbers (``h * 24 + CODE[die]``) in the order of
    ``(hero, die)``, and the numbers held more than once; None if a die is not a standard one
    or a pool is not sorted (then the rules' functions list)."""
    distinct, doubles = [], []
    last = -1
    for h, pool in enumerate(s.pools):
        get = CODES[h].get
        for die in pool:
            code = get(die)
            if code == last:
                if not doubles or doubles[-1] != code:
                    doubles.append(code)
            elif code is None or code < last:
                return None
            else:
                distinct.append(code)
                last = code
    return distinct, doubles


def placements(s, held=None, names=None) -> list:
    """``encounter.placements``: each pool die (distinct, in order) on each box it may go on,
    hero by hero; ``held`` and ``names``: ``held_dice(s)`` and ``hero_names(s)``."""
    if held is None:
        held = held_dice(s)
        if held is None:
            return encounter.placements(s)
        names = hero_names(s)
    acts = []
    rows = [row for _, row in _open_rows(s, names)]
    if rows:
        for code in held[0]:
            for row in rows:
                a = row[code]
                if a is not None:
                    acts.append(a)
    return acts


def _open_rows(s, names: tuple) -> list:
    """The box index and row (``_place_row``) of the boxes a die may go on now: the uncovered
    ones, armor first (§4, A11). Within an encounter the boxes stay one tuple; kept per boxes
    and dice on them."""
    boxes, placed = s.boxes, s.placed
    key = (id(boxes), placed, names)
    entry = _open.get(key)
    if entry is not None and entry[0] is boxes:
        return entry[1]
    open_boxes = [(i, box) for i, (box, dice) in enumerate(zip(boxes, placed))
                  if not covered(box, dice)]
    if any(box.armor for _, box in open_boxes):
        open_boxes = [(i, box) for i, box in open_boxes if box.armor]
    rows = [(i, _place_row(i, box, names)) for i, box in open_boxes]
    if len(_open) > LIMIT:
        _open.clear()
    _open[key] = (boxes, rows)
    return rows


def _place_row(i: int, box, names: tuple) -> list:
    """Per held die (``h * 24 + CODE[die]``), its ``Place`` on box ``i``, or None if the die
    does not fit the box (``dice.fits``); one list per box index, box text and heroes."""
    text = box_text(box)
    key = (i, text, names)
    row = _place_rows.get(key)
    if row is None:
        if len(_place_rows) > LIMIT:
            _place_rows.clear()
        row = _place_rows[key] = [
            Place(h, DIE[c], i, names[h] if names else "", text)
            if h < max(1, len(names)) and fits(box, DIE[c]) else None
            for h in range(2) for c in range(len(DIE))]
    return row


def conversions(s, held=None, names=None, ban=None) -> list:
    """``encounter.conversions``: pairs of held dice in the order of ``(hero, die)``, a pair of
    equal dice once, never two black dice, and only while the supply could give a black die
    (``ban``: ``banned(s)``)."""
    if "conversion" in (banned(s) if ban is None else ban):
        return []
    if held is None:
        held = held_dice(s)
        if held is None:
            return encounter.conversions(s)
        names = hero_names(s)
    distinct, doubles = held
    table = _convert_table(names, s.supply[3] == 0)
    acts = []
    for i, first in enumerate(distinct):
        row = first * HELD
        if first in doubles:
            acts += table[row + first]
        for second in distinct[i + 1:]:
            acts += table[row + second]
    return acts


def _convert_table(names: tuple, no_black: bool) -> list:
    """Per pair of held dice (``first * 48 + second``, first before second), its conversions
    as ``encounter.conversions`` offers them: none for two black dice, none without a black die
    in the supply unless one of the two is black, else one per receiver."""
    key = (names, no_black)
    table = _convert_tables.get(key)
    if table is None:
        heroes = max(1, len(names))
        table = _convert_tables[key] = []
        for first in range(HELD):
            for second in range(HELD):
                h1, d1, h2, d2 = first // 24, DIE[first % 24], second // 24, DIE[second % 24]
                blacks = (d1[0] == "black") + (d2[0] == "black")
                if h1 >= heroes or h2 >= heroes or blacks == 2 or no_black and not blacks:
                    table.append([])
                    continue
                receivers = (h1,) if h1 == h2 else range(heroes)
                table.append([Convert((h1, d1), (h2, d2), to, names) for to in receivers])
    return table


def discards(s, held=None, names=None) -> list:
    """``encounter.discards``."""
    if held is None:
        held = held_dice(s)
        if held is None:
            return encounter.discards(s)
        names = hero_names(s)
    row = _discard_rows.get(names)
    if row is None:
        row = _discard_rows[names] = [
            Discard(h, DIE[c], names[h] if names else "") if h < max(1, len(names)) else None
            for h in range(2) for c in range(len(DIE))]
    return [row[code] for code in held[0]]


_open: dict = {}  # (id(boxes), placed, hero names) -> (boxes, rows): see ``_open_rows``
_place_rows: dict = {}  # (box index, box text, hero names) -> see ``_place_row``
_convert_tables: dict = {}  # (hero names, no black die in the supply) -> see ``_convert_table``
_discard_rows: dict = {}  # hero names -> per held die, its Discard


def _use(*key) -> Use:
    return _made(_uses, key, Use)


def uses(s, h: int, kind: str, source, effect_list, pays=None, cost: str = "",
         names=None, about=None) -> list:
    """``effects.uses(s, h, kind, source.id, source.name, effect_list, pays, cost)``, with
    ``pays`` (None) the payments of the skill or feat ``source`` (``effects.payments``).

    The list depends on the pool only through its dice of the colours that pay the cost or that
    the effects may pick, so it is kept in a table under those dice. ``about``:
    ``about_uses(source, effect_list, pays is None)``."""
    colours, heals, heals_only = about or about_uses(source, effect_list, pays is None)
    pool = s.pools[h] if s.pools else ()
    if colours is None:
        sub = pool
    elif colours:
        sub = tuple([d for d in pool if d[0] in colours])
    else:
        sub = ()
    if heals:  # ``effects.patients``
        heal_patients = tuple([i for i, hero in enumerate(s.heroes) if hero.damage > 0])
        if not heal_patients and not heals_only:
            heal_patients = (None,)
    else:
        heal_patients = (None,)
    if names is None:
        names = hero_names(s)
    who = names[h] if names else ""
    all_names = names or (s.content.heroes[s.heroes[0].id].name,)  # a patient's name
    potion_paid = pays is None and s.potions > 0 and source.cost.kind == "potion"
    key = (id(source), id(effect_list), h, kind, sub, heal_patients, potion_paid, all_names)
    entry = _use_lists.get(key)
    if entry is not None and entry[0] is source and entry[1] is effect_list:
        return entry[2]
    if pays is None:
        pays = effects.payments(source, pool, s.potions)
    acts = []
    for pay in pays:
        left = effects.pool_remove(pool, *pay)
        for dice in effects.targets(effect_list, left):
            for patient in heal_patients:
                acts.append(_use(h, kind, source.id, pay, dice, patient, who, source.name,
                                 all_names[patient] if patient is not None else "", cost))
    if len(_use_lists) > LIMIT:
        _use_lists.clear()
    _use_lists[key] = (source, effect_list, acts)
    return acts


_use_lists: dict = {}  # see ``uses``


def about_uses(source, effect_list, paid_in_dice: bool) -> tuple:
    """What ``uses`` needs to know of a skill or potion: the colours of dice its uses depend on
    (``relevant_colours``), whether it heals, whether it only heals."""
    return (relevant_colours(source, effect_list, paid_in_dice),
            any(e.op == "heal" for e in effect_list), all(e.op == "heal" for e in effect_list))


def relevant_colours(source, effect_list, paid_in_dice: bool):
    """The colours of pool dice that the uses of ``source`` depend on: those that may pay its
    cost (its colour and black, wild) and those its effects may pick; None: every colour."""
    colours = set()
    if paid_in_dice and source.cost.kind in ("dice_count", "dice_total"):
        colours |= {source.cost.colour, "black"}
    for e in effect_list:
        if e.op in effects.TARGET_OPS:
            if e.colour is None:
                return None
            colours.add(e.colour)
    return frozenset(colours)


def first_use(s, h: int, kind: str, skill):
    """The first of ``uses(s, h, kind, skill, skill.effects)``, or None, without the rest: the
    first payment that leaves dice for the effects, their first choice, the first patient."""
    pool = s.pools[h] if s.pools else ()
    heal_patients = effects.patients(s, skill.effects)
    if not heal_patients:
        return None
    for pay in effects.payments(skill, pool, s.potions):
        choices = effects.targets(skill.effects, effects.pool_remove(pool, *pay))
        if choices:
            names = hero_names(s)
            patient = heal_patients[0]
            all_names = names or (s.content.heroes[s.heroes[0].id].name,)
            return _use(h, kind, skill.id, pay, choices[0], patient, names[h] if names else "",
                        skill.name, all_names[patient] if patient is not None else "",
                        "a potion token" if skill.cost.kind == "potion" else "")
    return None


def is_use_legal(s, action: Use) -> bool:
    """``action in rules.legal(s)`` for a ``Use`` while no work is pending: a potion among the
    potions drinkable now; a feat (E2) or skill (E4) usable now, not used yet, whose payment,
    chosen dice and patient are among those ``effects.uses`` offers."""
    phase = s.phase
    if action.kind == "potion":
        return phase in _POTION_PHASES and action in potion_uses(s)
    feats = action.kind == "feat"
    if not feats and action.kind != "skill" or phase != ("feats" if feats else "dice"):
        return False
    if not feats and forbidden(s, "skills") or (action.hero, action.ident) in s.used:
        return False
    for h, skill in usable_skills(s, feats):
        if h == action.hero and skill.id == action.ident:
            pool = s.pools[h]
            if action.pay in effects.payments(skill, pool, s.potions) and action.dice in \
                    effects.targets(skill.effects, effects.pool_remove(pool, *action.pay)) \
                    and action.patient in effects.patients(s, skill.effects):
                return True
    return False


def is_place_legal(s, action: Place) -> bool:
    """``action in rules.legal(s)`` for a ``Place`` while no work is pending: in E4, a die of
    the hero's pool on an open box it fits (``placements``)."""
    if s.phase != "dice":
        return False
    h, die = action.hero, action.die
    try:
        if not (0 <= h < len(s.pools) and die in s.pools[h]):
            return False
        code = CODE.get(die)
    except TypeError:  # not a die
        return False
    if code is None:
        return action in encounter.placements(s)
    for i, row in _open_rows(s, hero_names(s)):
        if i == action.box:
            return row[h * 24 + code] is not None
    return False


def skill_uses(s, feats: bool, names=None, ban=None) -> list:
    """``effects.skill_uses``: feats in E2, skills in E4, once per encounter each (``ban``:
    ``banned(s)``)."""
    if not feats and "skills" in (banned(s) if ban is None else ban):
        return []
    used = s.used
    kind = "feat" if feats else "skill"
    acts = []
    for h, skill, cost, about in usable_skills(s, feats, True):
        if used and (h, skill.id) in used:
            continue
        acts += uses(s, h, kind, skill, skill.effects, None, cost, names, about)
    return acts


def usable_skills(s, feats: bool, more: bool = False) -> tuple:
    """(hero, skill) of the feats (E2) or skills (E4) the encounter allows, used or not: they
    depend on the heroes, their skill cards, the side and the kind of encounter. ``more``:
    (hero, skill, the text of a cost that is not dice, ``about_uses``)."""
    in_boss = s.floor > 3
    kind_here = "combat" if in_boss else s.content.encounters[s.card].kind
    content = s.content
    key = (id(content), heroes_key(s), feats, in_boss, kind_here, more)
    entry = _skills.get(key)
    if entry is not None and entry[0] is content:
        return entry[1]
    found = []
    for h in range(len(s.heroes)):
        side = s.hero_side(h)
        if feats:
            skills = [side.feat] if not (in_boss and side.feat.boss_forbidden) else []
        else:
            skills = s.skills_of(h)
        found += [(h, skill) for skill in skills if skill.usable_in in ("any", kind_here)]
    if more:
        found = [(h, skill, "a potion token" if skill.cost.kind == "potion" else "",
                  about_uses(skill, skill.effects, True)) for h, skill in found]
    if len(_skills) > LIMIT:
        _skills.clear()
    _skills[key] = (content, tuple(found))
    return tuple(found)


_skills: dict = {}  # see ``usable_skills``


def potion_uses(s, healing_only: bool = False, names=None, ban=None) -> list:
    """``effects.potion_uses`` (``ban``: ``banned(s)``)."""
    if s.potions == 0 or "potions" in (banned(s) if ban is None else ban):
        return []
    acts = []
    for h, potion, effect_list, about in drinkable(s, healing_only):
        acts += uses(s, h, "potion", potion, effect_list, _NO_PAY, "", names, about)
    return acts


_NO_PAY = [()]


def drinkable(s, healing_only: bool) -> tuple:
    """(drinker, potion, its effects now, ``about_uses``) of the identified potions that may be
    drunk now (``effects.potion_uses``'s tests of timing and pools): they depend on the potions
    identified, the phase, a pending loss check and the number of heroes."""
    content = s.content
    key = (id(content), s.potion_cards, s.phase, s.dying, healing_only, len(s.heroes))
    entry = _drinkable.get(key)
    if entry is not None and entry[0] is content:
        return entry[1]
    phase = s.phase
    in_encounter = phase in ("feats", "dice")
    found = []
    for potion in s.identified_potions:
        if potion.timing == "encounter" and phase != "dice":
            continue
        if potion.timing == "any_time" and not (s.dying or phase in effects.ANY_TIME_PHASES):
            continue
        effect_list = effects.potion_effects(s, potion)
        touches_pool = any(e.op in effects.POOL_OPS for e in effect_list)
        if (healing_only or not in_encounter) and touches_pool:
            continue
        if healing_only and not any(e.op == "heal" for e in effect_list):
            continue
        drinkers = range(len(s.heroes)) if touches_pool else (0,)
        about = about_uses(potion, effect_list, False)
        found += [(h, potion, effect_list, about) for h in drinkers]
    if len(_drinkable) > LIMIT:
        _drinkable.clear()
    _drinkable[key] = (content, tuple(found))
    return tuple(found)


_drinkable: dict = {}  # see ``drinkable``
_POTION_PHASES = ("turn start", "turn", "door", "loot", "peril", "feats", "dice")


def is_legal(s, action) -> bool:
    """``action in rules.legal(s)``, looking only among the choices of the action's kind (the
    list is made of parts, each of one kind, see ``rules.legal``)."""
    t = type(action)
    if s.damage_due or s.dying:
        return action in legal(s)
    phase = s.phase
    if t is Do:  # "done" ends every list of the dice phase, and no other
        return phase == "dice" if action == DONE else action in legal(s)
    if t is Place:
        return is_place_legal(s, action)
    if t is Use:
        return is_use_legal(s, action)
    if t is Convert:
        return phase in ("dice", "feats") and action in conversions(s)
    if t is Discard:
        return phase == "dice" and action in discards(s)
    if t is RollDice:
        return phase == "feats" and action in roll_options(s)
    if t is TakeLoot:
        return phase in loot.LOOT_PHASES and action in loot_choices(s)
    if t is ChooseOption:
        return phase == "peril" and action in peril_choices(s)
    if t is EnterOpenDoor:
        return phase == "turn" and action in rules.legal(s)
    if t is ReturnStored:
        return phase in ("turn start", "feats") and action in effects.stored_returns(s)
    if t is TakeDamage:
        return False  # offered only while damage waits for a hero (above)
    try:
        return action in legal(s)
    except TypeError:
        return False


# -- the steps ------------------------------------------------------------------------------------
def apply(s, action):
    """``OddState.apply_by_rules``: ``chance_step`` at a chance node, else ``decision_step``."""
    if s.rolls_due or s.phase == "opening" or (s.time_due and s.deck_size):
        return chance_step(s, action)
    return decision_step(s, action)


def chance_step(s, outcome):
    """``rules.resolve_chance`` then ``rules.settle``; quietly when settling has nothing to
    do (``_quiet_chance``)."""
    new = _quiet_chance(s, outcome)
    if new is not None:
        return new
    d = s.draft()
    rules.resolve_chance(d, outcome)
    rules.settle(d)
    return _frozen(d, type(s))


def decision_step(s, action):
    """``rules.take`` for a legal action: quietly when settling has nothing to do after it
    (``_quiet_step``), else its branch found by its type (``take`` tries them in turn) on a
    draft whose dictionary becomes the next state, then ``settle``."""
    new = _quiet_step(s, action)
    if new is not None:
        return new
    d = s.draft()
    t = type(action)
    if t is Place or t is Convert or t is Discard or t is RollDice or t is ChooseOption:
        encounter.apply(d, action)
    elif t is Use:
        effects.use(d, action)
    elif t is TakeLoot:
        loot.apply(d, action)
    elif t is Do and action.verb in _DO_STEPS:
        _DO_STEPS[action.verb](d)
    else:  # the rarer steps, by the rules as they are
        rules.take(d, action, False)
        return _frozen(d, type(s))
    rules.settle(d)
    return _frozen(d, type(s))


def _quiet_chance(s, outcome):
    """``rules.resolve_chance`` then ``rules.settle`` when settling has nothing to do: a die
    rolled with more to roll; a card discarded by time that leaves cards in the deck; a closed
    door opened. None otherwise (nor with damage waiting, a loss check pending or time left
    while the stairs show, which ``settle`` handles)."""
    if s.dying or s.damage_due and len(s.heroes) == 1 or s.time_due and not s.deck_size:
        return None
    rolls = s.rolls_due
    v = fields_of(s)
    if rolls:
        if len(rolls) == 1 and not s.time_due and s.phase in _SETTLING:
            return None  # the last die of the roll: on to E4 (``encounter.settle``)
        (h, colour), v["rolls_due"] = rolls[0], rolls[1:]
        pools = s.pools
        v["pools"] = pools[:h] + (tuple(sorted(pools[h] + ((colour, outcome.value),))),) \
            + pools[h + 1:]  # ``pool_add``
    else:
        card = outcome.card
        unseen = s.unseen
        i = unseen.index(card)  # ``multiset_remove``
        v["unseen"] = unseen[:i] + unseen[i + 1:]
        if s.phase == "opening":  # §5.4
            v["closed_doors"] = s.closed_doors - 1
            v["card"], v["phase"] = card, "door"
        else:  # §5.1
            if s.deck_size == 1 or s.time_due == 1 and s.phase in _SETTLING:
                return None  # the stairs show, or settling follows
            v["deck_size"] = s.deck_size - 1
            v["discard"] = tuple(sorted(s.discard + (card,)))  # ``multiset_add``
            v["time_due"] = s.time_due - 1
    new = _new(type(s))
    _set(new, "__dict__", v)
    return new


_SETTLING = frozenset(encounter.SETTLING_PHASES + loot.SETTLING_PHASES)


def _quiet_step(s, action):
    """The most frequent decisions, made on a copy of the state's dictionary when ``settle``
    has nothing to do after them: placing, discarding or converting dice (``encounter.apply``:
    the phase stays where it is), time passing while the deck has cards (``rules.take``: time
    is then due) and opening a closed door. None otherwise."""
    t = type(action)
    if t is Do:
        if action is not TIME_PASSES and action is not OPEN_DOOR:
            return None
    elif t is not Place and t is not Discard and t is not Convert:
        return None
    if s.dying or s.damage_due or s.time_due and not s.deck_size:
        return None
    v = fields_of(s)
    if t is Place:  # E4
        h, die, i = action.hero, action.die, action.box
        v["pools"] = _without(s.pools, h, die)
        placed = s.placed
        v["placed"] = placed[:i] + (placed[i] + (die,),) + placed[i + 1:]
    elif t is Discard:  # §4
        v["pools"] = _without(s.pools, action.hero, action.die)
        v["supply"] = give_back(s.supply, (action.die,))
    elif t is Convert:  # ``encounter.convert``
        (h1, d1), (h2, d2) = action.first, action.second
        pools = _without(_without(s.pools, h1, d1), h2, d2)
        supply = give_back(s.supply, (d1, d2))
        v["supply"], _ = take(supply, "black", 1)
        to = action.to
        v["pools"] = pools[:to] + (tuple(sorted(pools[to] + (("black", min(d1[1], d2[1])),))),) \
            + pools[to + 1:]  # ``pool_add``
    elif action is TIME_PASSES and s.deck_size:  # §5.1
        v["phase"] = "turn"
        v["time_due"] = s.time_due + rules.TIME_PER_TURN
    elif action is OPEN_DOOR:  # §5.4: the door is turned over next (a chance node)
        v["phase"] = "opening"
    else:
        return None
    new = _new(type(s))
    _set(new, "__dict__", v)
    return new


def _without(pools: tuple, h: int, die) -> tuple:
    """``pools`` with one ``die`` out of hero ``h``'s pool (``dice.pool_remove``)."""
    pool = list(pools[h])
    pool.remove(die)
    return pools[:h] + (tuple(pool),) + pools[h + 1:]


def fields_of(s) -> dict:
    """A copy of the state's dictionary without its caches (set back to None, not deleted: a
    dictionary with no deletions copies fast)."""
    v = s.__dict__.copy()
    if "_legal" in v:
        v["_legal"] = v["_legal_set"] = None
    return v


def _frozen(d, state_class):
    """``Draft.freeze`` for a draft no longer used: its dictionary becomes the state's."""
    new = _new(state_class)
    _set(new, "__dict__", d.__dict__)
    return new


def _time_passes(d) -> None:
    d.phase = "turn"
    d.time_due += rules.TIME_PER_TURN


def _open_door(d) -> None:
    d.phase = "opening"


def _accept_defeat(d) -> None:
    d.dying, d.outcome = False, "lost"


def _done(d) -> None:
    encounter.consequences(d)


_DO_STEPS = {TIME_PASSES.verb: _time_passes, OPEN_DOOR.verb: _open_door,
             EXPLORE.verb: rules.explore, DESCEND.verb: rules.descend,
             FACE.verb: encounter.begin, DONE.verb: _done, ACCEPT_DEFEAT.verb: _accept_defeat,
             TRADE_XP.verb: loot.buy_potion}  # FLEE: rules.take


__all__ = ["apply", "conversions", "discards", "is_legal", "legal", "placements",
           "potion_uses", "skill_uses"]
