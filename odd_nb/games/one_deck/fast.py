"""The fast paths of One Deck Dungeon (speed only): the legal actions listed from tables of
ready-made actions, legality checked among the choices of one kind, and each step sent straight
to its rule function.

Every function here names the rule function it mirrors and gives what it gives, in the same order;
``rules.legal`` and ``OddState.apply_by_rules`` are the reference, and
``tests/one_deck/test_fast_paths.py`` compares the two at every step of thousands of random and
greedy games. Actions are immutable values, so one ``Place`` or ``Convert`` made once serves every
state that offers it: the tables below keep them, keyed by everything they hold.

Placing, discarding and converting dice, time passing and opening a door are made on a copy of
the state's dictionary (``_quiet_step``); so are the steps that begin an encounter (E0, E1),
gather the dice (E3) and take the consequences (E5) when nothing but waiting follows them, and
most chance steps, the last die of E3 included (``_quiet_chance``). The others go through a
``Draft`` by the rule functions.

E2 and E4 are most of a game's decisions. Their lists join the dice read as numbers
(``fast_dice.py``) with the encounter's table: what the lists hold besides dice (``situation``:
names, bans, the feats, skills and potions usable and the uses that need no dice) and the
boxes' rows of ``Place`` actions. A state keeps that table beside its cached list, and placing,
discarding or converting hands it on to the next state, which differs only in its dice; so do a
die rolled for a skill and a skill or potion that leaves the heroes as the lists see them
(``_keeping_encounter``).

>>> import odd_nb
>>> s = odd_nb.start("one-deck-dungeon", seed=3).state
>>> legal(s) == rules.legal(s), apply(s, legal(s)[0]) == s.apply_by_rules(legal(s)[0])
(True, True)
"""

from __future__ import annotations

from dataclasses import replace

from . import effects, encounter, fast_dice, loot, rules
from .actions import (ACCEPT_DEFEAT, DESCEND, DONE, EXPLORE, FACE, FLEE, OPEN_DOOR, TIME_PASSES,
                      TRADE_XP, ChooseOption, Convert, Discard, Do, EnterOpenDoor, Place,
                      ReturnStored, RollDice, TakeDamage, TakeLoot, Use)
from .dice import INDEX, covered, give_back, take

_new, _set = object.__new__, object.__setattr__

# -- tables of ready-made values (each cleared when it grows past LIMIT) --------------------------
LIMIT = 50_000
_uses: dict = {}  # the arguments of Use -> Use


def _made(table: dict, key: tuple, make):
    """The value of ``table`` at ``key``, made by ``make(*key)`` the first time."""
    value = table.get(key)
    if value is None:
        if len(table) > LIMIT:
            table.clear()
        value = table[key] = make(*key)
    return value


def kept(table: dict, key, owner, make, limit: int = LIMIT):
    """``make()``, kept in ``table`` under ``key``, which holds ``id(owner)``: the entry keeps
    ``owner`` too, so that an object that reuses the id of one gone is never answered from it.
    A table past ``limit`` entries starts afresh.

    >>> table, box = {}, object()
    >>> kept(table, id(box), box, lambda: 1), kept(table, id(box), box, lambda: 2)
    (1, 1)
    """
    entry = table.get(key)
    if entry is None or entry[0] is not owner:
        if len(table) > limit:
            table.clear()
        entry = table[key] = (owner, make())
    return entry[1]


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
        held = fast_dice.held(s)
        if held is None:
            return rules.legal(s)
        table = s.__dict__.get("_encounter")
        if table is None:  # passed on from state to state while only the dice change
            found = situation(s)
            boxes = fast_dice.encounter_boxes(s.boxes, found[0]) if phase == "dice" else None
            table = found, boxes
            _set(s, "_encounter", table)
        (names, ban, skills, potions, all_names), boxes = table
        if phase == "dice":
            acts = fast_dice.placements(boxes.open_rows(s.placed), held)
            kind = "skill"
        else:
            acts, kind = [], "feat"
        pools = s.pools
        if skills:  # ``skill_uses``
            used, paid = s.used, s.potions > 0
            for h, skill, cost, about, patients, ready, tables in skills:
                if used and (h, skill.id) in used:
                    continue
                if ready is None:
                    if type(tables) is list:  # one die pays, none picked: its uses per die
                        for code in held[0]:
                            acts += tables[code]
                        continue
                    ready = tables[paid].get(_dice_of(pools[h], about[0]))  # ``uses``
                    if ready is None:
                        ready = uses(s, h, kind, skill, skill.effects, None, cost, names, about,
                                     patients, all_names)
                acts += ready
        if held[0] and "conversion" not in ban:
            acts += fast_dice.conversions(held, names, s.supply[3] == 0, phase == "feats"
                                          and encounter.black_pairs_help(s))
        if s.potions:  # ``potion_uses``
            for h, potion, effect_list, about, patients, ready, table in potions:
                if ready is None:
                    ready = table.get(_dice_of(pools[h], about[0]))
                    if ready is None:
                        ready = uses(s, h, "potion", potion, effect_list, _NO_PAY, "", names,
                                     about, patients, all_names)
                acts += ready
        acts += effects.stored_returns(s)
        if phase == "dice":
            acts += fast_dice.discards(held, names)
            acts.append(DONE)
        else:
            acts += roll_options(s)
    elif phase == "turn start":
        acts = [TIME_PASSES]
        acts += any_time(s)
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
        acts += any_time(s)
        if s.deck_size == 0:
            acts.append(DESCEND)
    elif phase == "door":
        acts = [FACE, FLEE]
        acts += any_time(s)
    elif phase == "peril":
        acts = peril_choices(s)
        acts += any_time(s)
    elif phase in loot.LOOT_PHASES:
        acts = loot_choices(s)
        acts += any_time(s)
    else:
        return rules.legal(s)
    if s.level == 4 and effects.can_buy_potion(s):
        acts.append(TRADE_XP)
    return acts


def situation(s) -> tuple:
    """What the lists of E2 and E4 hold besides dice: the heroes' names, what is banned
    (``banned``), the feats or skills that may be used (``usable_skills``, none if banned) and
    the potions that may be drunk (``drinkable``, none if banned), each as its entry
    (``skill_entry``, ``potion_entry``); and the name of each hero a heal may name. They depend
    on what is banned, the kind of encounter (combat or peril; the boss fight), the phase, the
    potions identified and the heroes: who they are, their skill cards, who is hurt. So
    successive encounters of a party share them; a table of some entries keeps them, and the
    entries, which serve every game, are kept apart. A state after a skill or potion used asks
    again with the same heroes (the same tuple) at the same card and phase: a table of few
    entries answers it by the heroes' identity first."""
    content, heroes = s.content, s.heroes
    key = (id(heroes), id(content), s.dungeon, s.floor, s.card, s.phase, s.potion_cards)
    entry = _recent.get(key)
    if entry is not None and entry[0] is heroes and entry[1] is content:
        return entry[2]
    ban = banned(s)
    in_boss = s.floor > 3
    shared = (id(content), ban, in_boss, in_boss or content.encounters[s.card].kind, s.phase,
              s.potion_cards, tuple(_as_seen(heroes)))
    found = kept(_situations, shared, content, lambda: _situation(s, ban), SITUATIONS)
    if len(_recent) > fast_dice.FEW:
        _recent.clear()
    _recent[key] = (heroes, content, found)
    return found


def _situation(s, ban: frozenset) -> tuple:
    """``situation`` made from its entries."""
    content, heroes = s.content, s.heroes
    feats = s.phase == "feats"
    kind = "feat" if feats else "skill"
    names = hero_names(s)
    all_names = names or (content.heroes[heroes[0].id].name,)
    hurt = tuple([i for i, hero in enumerate(heroes) if hero.damage > 0])
    skills, potions = [], []
    if feats or "skills" not in ban:
        for h, skill, cost, about in usable_skills(s, feats, True):
            key_of = (id(skill), h, kind, about[1] and hurt, all_names)
            skills.append(kept(_skill_entries, key_of, skill, lambda: skill_entry(
                s, h, kind, skill, cost, about, names, all_names)))
    if "potions" not in ban:
        for h, potion, effect_list, about in drinkable(s, False):
            key_of = (id(potion), id(effect_list), h, about[1] and hurt, all_names)
            potions.append(kept(_potion_entries, key_of, potion, lambda: potion_entry(
                s, h, potion, effect_list, about, names, all_names)))
    return names, ban, tuple(skills), tuple(potions), all_names


def skill_entry(s, h: int, kind: str, skill, cost: str, about: tuple, names: tuple,
                all_names: tuple) -> tuple:
    """(hero, skill, cost text, ``about``, the heroes a heal may go to (``patients``), its uses
    when they need no pool dice (``pool_free``) or None, its ``use_table`` without and with a
    potion token to pay with, or for a skill paid with one die that picks none its
    ``one_die_row``): what the lists of E2 (``kind`` "feat") and E4 ("skill") need of one
    usable skill. It depends on the skill, the hero, the kind, who is hurt if it heals and the
    heroes' names."""
    heal_patients = patients(s, about)
    ready = uses(s, h, kind, skill, skill.effects, None, cost, names, about,
                 heal_patients, all_names) if pool_free(skill, about, True) else None
    if ready is None and one_die(skill):
        return h, skill, cost, about, heal_patients, None, one_die_row(
            h, kind, skill, cost, names, heal_patients, all_names)
    tables = tuple(use_table(skill, skill.effects, h, kind, heal_patients,
                             paid and skill.cost.kind == "potion", all_names)
                   for paid in (False, True))
    return h, skill, cost, about, heal_patients, ready, tables


def one_die(skill) -> bool:
    """Whether ``skill`` is paid with one die of a colour (or a black one) and its effects
    pick no pool dice: then its uses are one per distinct die that may pay, in the pool's
    order (``effects.payments``), each for every patient."""
    return (skill.cost.kind == "dice_count" and skill.cost.n == 1
            and not any(e.op in effects.TARGET_OPS for e in skill.effects))


def one_die_row(h: int, kind: str, skill, cost: str, names: tuple, heal_patients: tuple,
                all_names: tuple) -> list:
    """Per held die (``fast_dice.held``: ``h * 24 + CODE[die]``), the uses of ``skill`` by hero
    ``h`` that pay with that die (``uses``), an empty list for a die that cannot pay.

    >>> from types import SimpleNamespace as Card
    >>> shove = Card(id="shove", name="Shove", effects=(),
    ...              cost=Card(kind="dice_count", n=1, colour="yellow"))
    >>> row = one_die_row(0, "skill", shove, "", (), (None,), ("Hero",))
    >>> [str(u) for u in row[fast_dice.CODE["yellow", 3]]], row[fast_dice.CODE["blue", 3]]
    (['use Shove (paying yellow 3)'], [])
    """
    who = names[h] if names else ""
    colours = (skill.cost.colour, "black")
    return [[_use(h, kind, skill.id, (die,), (), patient, who, skill.name,
                  all_names[patient] if patient is not None else "", cost)
             for patient in heal_patients]
            if code // len(fast_dice.DIE) == h and die[0] in colours else []
            for code, die in ((c, fast_dice.DIE[c % len(fast_dice.DIE)])
                              for c in range(fast_dice.HELD))]


def potion_entry(s, h: int, potion, effect_list, about: tuple, names: tuple,
                 all_names: tuple) -> tuple:
    """(drinker, potion, its effects, ``about``, ``patients``, its uses when they need no pool
    dice or None, its ``use_table``): ``skill_entry`` for a potion that may be drunk."""
    heal_patients = patients(s, about)
    ready = uses(s, h, "potion", potion, effect_list, _NO_PAY, "", names, about,
                 heal_patients, all_names) if pool_free(potion, about, False) else None
    table = use_table(potion, effect_list, h, "potion", heal_patients, False, all_names)
    return h, potion, effect_list, about, heal_patients, ready, table


def pool_free(source, about: tuple, paid_in_dice: bool) -> bool:
    """Whether the uses of a skill or potion depend on nothing that changes in an encounter's
    phase: no pool dice (``about``: ``about_uses``) and no potion token to pay with."""
    return about[0] == _NOTHING and not (paid_in_dice and source.cost.kind == "potion")


def patients(s, about: tuple) -> tuple:
    """``effects.patients`` of a use, as ``uses`` reads it (``about``: ``about_uses``): the
    damaged heroes, or (None,) if it heals nobody."""
    _, heals, heals_only = about
    if not heals:
        return (None,)
    hurt = tuple([i for i, hero in enumerate(s.heroes) if hero.damage > 0])
    return hurt if hurt or heals_only else (None,)


_situations: dict = {}  # see ``situation``
SITUATIONS = 500  # situations kept
_recent: dict = {}  # (id(heroes), id(content), dungeon, floor, card, phase, potion cards)
_skill_entries: dict = {}  # (id(skill), hero, kind, hurt heroes if it heals, names) -> entry
_potion_entries: dict = {}  # (id(potion), id(its effects), drinker, hurt if it heals, names)


def peril_choices(s) -> list:
    """``encounter.legal`` in E1: the peril card's options (a new list each time)."""
    content = s.content
    return list(kept(_perils, (id(content), s.card), content, lambda: encounter.legal(s)))


def loot_choices(s) -> list:
    """``loot.legal``, a new list of ready-made ``TakeLoot`` (``_take``): the card as XP; for
    each hero as an item and, unless the hero has its skill, as a skill, displacing a card of
    the kind at the level's limit (A15); as a potion unless its type is identified (A16). (A
    table of whole lists would grow with every party's items and skills, and the garbage
    collector would pay for it.)"""
    content, heroes = s.content, s.heroes
    cards = content.encounters
    prize = cards[s.card].loot
    side = s.level_side
    acts = [_take("xp")]
    for h, hero in enumerate(heroes):
        who = s.hero_card(h).name if len(heroes) > 1 else ""
        acts += _tucks("item", h, hero.items, side.item_limit, who, cards)
        skill = prize.skill
        if skill is not None and all(k.id != skill.id for k in s.skills_of(h)):
            acts += _tucks("skill", h, hero.skills, side.skill_limit, who, cards)
    if prize.potion is not None and all(p.id != prize.potion for p in s.identified_potions):
        acts.append(_take("potion"))
    return acts


def _tucks(use: str, h: int, held: tuple, limit: int, who: str, cards) -> list:
    """``loot._tuck``: one ``TakeLoot`` below the limit, else one per card that may give way."""
    if len(held) < limit:
        return [_take(use, h, None, who)]
    return [_take(use, h, c, who, cards[c].name) for c in sorted(set(held))]


def _take(*key) -> TakeLoot:
    """``TakeLoot(*key)``, made once.

    >>> _take("xp") is _take("xp")
    True
    """
    return _made(_takes, key, TakeLoot)


def roll_options(s) -> list:
    """``encounter.roll_options``: one hero rolls the level's bonus dice; two share them, and
    choose who gathers first when the supply is short of what they need together (A9). What
    they need depends on the heroes' stats, the level and the colours gathered (``_needs``),
    the choices only on that, their names and the supply."""
    content = s.content
    if len(s.heroes) == 1:
        return list(kept(_rolls, (id(content), s.level), content,
                         lambda: encounter.roll_options(s)))
    key = (id(content), heroes_key(s), s.campaign_stats, s.level, s.card, s.option)
    bonus, names, needs = kept(_needs_of, key, content, lambda: _needs(s))
    supply = s.supply
    short = any(n > supply[i] for i, n in needs)
    return list(_made(_shares, (bonus, names, short), _sharing))


def _needs(s) -> tuple:
    """The level's bonus dice, the heroes' names and, per colour gathered (by its index in the
    supply), the dice both heroes need (``encounter.roll_options``)."""
    bonus = s.level_side.bonus_dice
    names = tuple(s.hero_card(h).name for h in range(2))
    needs = {c: s.stat(0, c) + s.stat(1, c) for c in encounter.gathered_colours(s)}
    needs["black"] = needs.get("black", 0) + bonus
    return bonus, names, tuple((INDEX[c], n) for c, n in needs.items())


def _sharing(bonus: int, names: tuple, short: bool) -> list:
    """The ``RollDice`` choices of two heroes (``encounter.roll_options``)."""
    return [RollDice((k, bonus - k), first, names)
            for first in ((0, 1) if short else (None,)) for k in range(bonus, -1, -1)]


_enter: dict = {}  # (card, name) -> EnterOpenDoor
_perils: dict = {}  # (id(content), card) -> (content, the peril's ChooseOption actions)
_takes: dict = {}  # the arguments of TakeLoot -> TakeLoot
_rolls: dict = {}  # (id(content), level) -> (content, one hero's RollDice)
_needs_of: dict = {}  # see ``roll_options``
_shares: dict = {}  # (bonus dice, hero names, short supply) -> two heroes' RollDice


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


def open_rows(s, names: tuple) -> list:
    """(box index, row of ``Place`` actions) of the boxes a die may go on now
    (``fast_dice.Boxes.open_rows``)."""
    return fast_dice.encounter_boxes(s.boxes, names).open_rows(s.placed)


def placements(s) -> list:
    """``encounter.placements`` (``fast_dice.placements``)."""
    held = fast_dice.held(s)
    if held is None:
        return encounter.placements(s)
    return fast_dice.placements(open_rows(s, hero_names(s)), held)


def conversions(s) -> list:
    """``encounter.conversions`` (``fast_dice.conversions``): none while forbidden."""
    if forbidden(s, "conversion"):
        return []
    held = fast_dice.held(s)
    if held is None:
        return encounter.conversions(s)
    return fast_dice.conversions(held, hero_names(s), s.supply[3] == 0,
                                 encounter.black_pairs_help(s))


def discards(s) -> list:
    """``encounter.discards`` (``fast_dice.discards``)."""
    held = fast_dice.held(s)
    if held is None:
        return encounter.discards(s)
    return fast_dice.discards(held, hero_names(s))


def _use(*key) -> Use:
    return _made(_uses, key, Use)


def uses(s, h: int, kind: str, source, effect_list, pays=None, cost: str = "",
         names=None, about=None, heal_patients=None, all_names=None) -> list:
    """``effects.uses(s, h, kind, source.id, source.name, effect_list, pays, cost)``, with
    ``pays`` (None) the payments of the skill or feat ``source`` (``effects.payments``).

    The list depends on the pool only through its dice of the colours that pay the cost or that
    the effects may pick, so it is kept in a table under those dice. ``about``:
    ``about_uses(source, effect_list, pays is None)``; ``heal_patients``: ``patients(s,
    about)``; ``all_names``: the name of each hero (``situation`` gives them)."""
    if about is None:
        about = about_uses(source, effect_list, pays is None)
    pool = s.pools[h] if s.pools else ()
    sub = _dice_of(pool, about[0])
    if heal_patients is None:
        heal_patients = patients(s, about)
    if names is None:
        names = hero_names(s)
    who = names[h] if names else ""
    if all_names is None:
        all_names = names or (s.content.heroes[s.heroes[0].id].name,)  # a patient's name
    potion_paid = pays is None and s.potions > 0 and source.cost.kind == "potion"
    table = use_table(source, effect_list, h, kind, heal_patients, potion_paid, all_names)
    acts = table.get(sub)
    if acts is not None:
        return acts
    if pays is None:
        pays = effects.payments(source, pool, s.potions)
    picks = any(e.op in effects.TARGET_OPS for e in effect_list)
    acts = []
    for pay in pays:
        for dice in effects.targets(effect_list, effects.pool_remove(pool, *pay)) \
                if picks else _NO_DICE:
            for patient in heal_patients:
                acts.append(_use(h, kind, source.id, pay, dice, patient, who, source.name,
                                 all_names[patient] if patient is not None else "", cost))
    if len(table) > USES:
        table.clear()
    table[sub] = acts
    return acts


def use_table(source, effect_list, h: int, kind: str, heal_patients: tuple, potion_paid: bool,
              all_names: tuple) -> dict:
    """The table of ``uses`` of ``source`` with ``effect_list`` by hero ``h`` as ``kind``, for
    those patients, a potion token to pay with or not and those names: the pool's dice of the
    colours that matter (``about_uses``) -> the list. One table per skill or potion and party,
    so that a listing that holds it (``situation``) looks its dice up at once.

    >>> table = use_table(object, (), 0, "skill", (None,), False, ("Hero",))
    >>> table is use_table(object, (), 0, "skill", (None,), False, ("Hero",)), table
    (True, {})
    """
    key = (id(source), id(effect_list), h, kind, heal_patients, potion_paid, all_names)
    entry = _use_lists.get(key)
    if entry is None or entry[0] is not source or entry[1] is not effect_list:
        if len(_use_lists) > LIMIT:
            _use_lists.clear()
        entry = _use_lists[key] = (source, effect_list, {})
    return entry[2]


_use_lists: dict = {}  # see ``use_table``
USES = 5_000  # lists kept per table of ``use_table``


def _dice_of(pool: tuple, colours) -> tuple:
    """The dice of ``pool`` of the ``colours`` (a frozenset; None: every colour).

    >>> _dice_of((("black", 2), ("blue", 3), ("pink", 1)), frozenset({"blue", "black"}))
    (('black', 2), ('blue', 3))
    """
    if colours is None:
        return pool
    return tuple([d for d in pool if d[0] in colours]) if colours else ()


def about_uses(source, effect_list, paid_in_dice: bool) -> tuple:
    """What ``uses`` needs to know of a skill or potion: the colours of dice its uses depend on
    (``relevant_colours``), whether it heals, whether it only heals."""
    return (relevant_colours(source, effect_list, paid_in_dice),
            any(e.op == "heal" for e in effect_list), all(e.op == "heal" for e in effect_list))


def relevant_colours(source, effect_list, paid_in_dice: bool):
    """The colours of pool dice that the uses of ``source`` depend on: those that may pay its
    cost (its colour and black, wild) and those its effects may pick (theirs and black, wild);
    None: every colour."""
    colours = set()
    if paid_in_dice and source.cost.kind in ("dice_count", "dice_total"):
        colours |= {source.cost.colour, "black"}
    for e in effect_list:
        if e.op in effects.TARGET_OPS:
            if e.colour is None:
                return None
            colours |= {e.colour, "black"}
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
        return phase in effects.ANY_TIME_PHASES and action in potion_uses(s)
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
        code = fast_dice.CODE.get(die)
    except TypeError:  # not a die
        return False
    if code is None:
        return action in encounter.placements(s)
    for i, row in open_rows(s, hero_names(s)):
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
    key = (id(content), tuple([(hero.id, hero.skills) for hero in s.heroes]), feats, in_boss,
           kind_here, more)
    return kept(_skills, key, content, lambda: _usable_skills(s, feats, more, in_boss, kind_here))


def _usable_skills(s, feats: bool, more: bool, in_boss: bool, kind_here: str) -> tuple:
    """``usable_skills``, made."""
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
    return tuple(found)


_skills: dict = {}  # see ``usable_skills``


def any_time(s) -> list:
    """``effects.any_time``: the potions (``potion_uses``), then the stored dice's returns."""
    acts = potion_uses(s)
    acts += effects.stored_returns(s)
    return acts


def potion_uses(s, healing_only: bool = False, names=None, ban=None) -> list:
    """``effects.potion_uses`` (``ban``: ``banned(s)``). Outside E2 and E4 no potion that may
    be drunk touches the pools, so the list depends only on the potions identified, the phase,
    a pending loss check and the heroes (who they are, who is hurt): kept under those."""
    if s.potions == 0 or "potions" in (banned(s) if ban is None else ban):
        return []
    phase = s.phase
    if phase == "feats" or phase == "dice":
        return _potion_uses(s, healing_only, names)
    content = s.content
    key = (id(content), s.potion_cards, phase, s.dying, healing_only,
           tuple([(hero.id, hero.damage > 0) for hero in s.heroes]))
    return kept(_potion_lists, key, content, lambda: _potion_uses(s, healing_only, names))[:]


def _potion_uses(s, healing_only: bool, names) -> list:
    """The uses of every potion that may be drunk now (``drinkable``)."""
    acts = []
    for h, potion, effect_list, about in drinkable(s, healing_only):
        acts += uses(s, h, "potion", potion, effect_list, _NO_PAY, "", names, about)
    return acts


_potion_lists: dict = {}  # see ``potion_uses``


_NO_PAY = [()]
_NO_DICE = [()]  # the dice chosen by effects that pick none (``effects.targets``)


def drinkable(s, healing_only: bool) -> tuple:
    """(drinker, potion, its effects now, ``about_uses``) of the identified potions that may be
    drunk now (``effects.potion_uses``'s tests of timing and pools): they depend on the potions
    identified, the phase, a pending loss check and the number of heroes."""
    content = s.content
    key = (id(content), s.potion_cards, s.phase, s.dying, healing_only, len(s.heroes))
    return kept(_drinkable, key, content, lambda: _drinkable_now(s, healing_only))


def _drinkable_now(s, healing_only: bool) -> tuple:
    """``drinkable``, made."""
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
    return tuple(found)


_drinkable: dict = {}  # see ``drinkable``


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
        return phase in effects.ANY_TIME_PHASES and action in effects.stored_returns(s)
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


def chance_run(s, rng):
    """``State.play_chance``: chance steps until the party decides or the game ends, each
    outcome drawn as ``s.sample_chance(rng.random())``. The dice rolled with more to roll
    (``_rolled``) and the cards time discards with more to discard (``_discarded``), the quiet
    cases of ``_quiet_chance`` in a row, go on one copy of the state's dictionary; every other
    step is ``chance_step``'s."""
    while s.is_chance:
        if not _settling_first(s):
            if len(s.rolls_due) > 1:
                s = _rolled(s, rng)
            elif not s.rolls_due and s.phase != "opening" and s.time_due > 1 \
                    and s.deck_size > 1:
                s = _discarded(s, rng)
        s = chance_step(s, s.sample_chance(rng.random()))
    return s


def _rolled(s, rng):
    """Every die due but the last rolled (``_quiet_chance``, die after die), in one step."""
    rolls = s.rolls_due
    v = fields_of(s)
    if s.phase == "dice" or s.phase == "feats":
        v["_encounter"] = s.__dict__.get("_encounter")
    pools = list(s.pools)
    for h, colour in rolls[:-1]:
        pools[h] += ((colour, int(rng.random() * 6) + 1),)  # ``sample_chance``
    for h in {h for h, _ in rolls[:-1]}:
        pools[h] = tuple(sorted(pools[h]))  # ``pool_add``
    v["pools"] = tuple(pools)
    v["rolls_due"] = rolls[-1:]
    return _state(s, v)


def _discarded(s, rng):
    """The cards time discards while more are due and the deck keeps a card (``_quiet_chance``,
    card after card), in one step."""
    unseen, discard = s.unseen, s.discard
    time_due, deck_size = s.time_due, s.deck_size
    while time_due > 1 and deck_size > 1:
        card = unseen[int(rng.random() * len(unseen))]  # ``sample_chance``
        i = unseen.index(card)  # ``multiset_remove``
        discard += (card,)
        unseen = unseen[:i] + unseen[i + 1:]
        time_due, deck_size = time_due - 1, deck_size - 1
    v = fields_of(s)
    v["unseen"], v["discard"] = unseen, tuple(sorted(discard))
    v["time_due"], v["deck_size"] = time_due, deck_size
    return _state(s, v)


def decision_step(s, action):
    """``rules.take`` for a legal action: quietly when settling has nothing to do after it
    (``_quiet_step``); E1, E3 and E5 on a copy of the state's dictionary when nothing but
    waiting follows (``_choose_option``, ``_roll``, ``_consequences``); else its branch found by
    its type (``take`` tries them in turn) on a draft whose dictionary becomes the next state,
    then ``settle``."""
    new = _quiet_step(s, action)
    if new is not None:
        return new
    t = type(action)
    step = _consequences if action is DONE else _begin if action is FACE else \
        _ENCOUNTER_STEPS.get(t)
    if step is not None:
        new = step(s, action)
        if new is not None:
            return new
    d = s.draft()
    if t is Place or t is Convert or t is Discard or t is RollDice or t is ChooseOption:
        encounter.apply(d, action)
    elif t is Use:
        effects.use(d, action)
        rules.settle(d)
        return _keeping_encounter(s, _frozen(d, type(s)))
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
    """``rules.resolve_chance`` then ``rules.settle`` when settling has little to do: a die
    rolled with more to roll; the last die of E3, on to E4 when no ability acts on the roll;
    a card discarded by time that leaves cards in the deck; a closed door opened. None
    otherwise (nor with damage waiting, a loss check pending or time left while the stairs
    show, which ``settle`` handles)."""
    if _settling_first(s):
        return None
    rolls = s.rolls_due
    v = fields_of(s)
    if rolls:
        if len(rolls) == 1 and not s.time_due and s.phase in _SETTLING:
            # the last die of the roll: on to E4 (``encounter.settle``), here if no ability
            # acts on the roll (A23) and no damage waits (``settle`` then waits too)
            if s.phase != "rolling" or s.damage_due or s.active_abilities("on_roll"):
                return None
            v["phase"] = "dice"
        elif s.phase == "dice" or s.phase == "feats":  # a die rolled by a skill or feat
            v["_encounter"] = s.__dict__.get("_encounter")
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


def _settling_first(s) -> bool:
    """Whether ``settle`` has work at this chance node whatever comes out: a loss check
    pending, damage waiting for one hero, or time left while the stairs show."""
    return s.dying or s.damage_due and len(s.heroes) == 1 or s.time_due and not s.deck_size


_SETTLING = frozenset(encounter.SETTLING_PHASES + loot.SETTLING_PHASES)
_BLACK = INDEX["black"]


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
    if t is not Do:  # the dice change, nothing the encounter's table depends on (``legal``)
        v["_encounter"] = s.__dict__.get("_encounter")
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
        supply = list(s.supply)  # ``give_back`` the two, ``take`` a black die
        supply[INDEX[d1[0]]] += 1
        supply[INDEX[d2[0]]] += 1
        supply[_BLACK] -= min(1, supply[_BLACK])
        v["supply"] = tuple(supply)
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


def _keeping_encounter(s, new):
    """``new``, the state after a skill or potion used in ``s``, with the encounter's table of
    ``s`` (``legal``) when nothing the table depends on changed: the phase, the card, the
    boxes, the potions identified and the heroes as ``situation`` sees them (skill cards, who
    is hurt). Usually only dice, the skills used and the potion tokens changed."""
    table = s.__dict__.get("_encounter")
    if table is not None and new.phase == s.phase and new.card == s.card \
            and new.boxes is s.boxes and new.potion_cards == s.potion_cards \
            and (new.heroes is s.heroes or _as_seen(new.heroes) == _as_seen(s.heroes)):
        _set(new, "_encounter", table)
    return new


def _as_seen(heroes: tuple) -> list:
    """The heroes as ``situation`` sees them."""
    return [(hero.id, hero.skills, hero.damage > 0) for hero in heroes]


# -- the encounter's steps on a copy of the state's dictionary ------------------------------------
def _consequences(s, action=DONE):
    """E5 (``encounter.consequences``, then ``rules.settle``) when the loot step simply follows:
    not in the boss fight (§10: a round end follows), no ability at the consequences (A23), no
    damage waiting, no hero out of health after the damage (§11, A3: a loss check follows) and
    no time turning into stairs tokens (§5.1, A4). The damage of the uncovered boxes, less what
    was prevented (A25), goes to the one hero, or half to each of two with the odd point to be
    placed (A13). None otherwise.
    """
    if s.floor > 3 or s.dying or s.damage_due or s.active_abilities("on_consequences"):
        return None
    damage = hours = poison = 0
    for box, dice in zip(s.boxes, s.placed):
        if not covered(box, dice):
            damage += box.damage
            hours += box.time
            poison += box.poison
    prevented = s.prevented
    damage, hours = max(0, damage - prevented[0]), max(0, hours - prevented[1])
    time_due = s.time_due + hours
    if time_due and not s.deck_size:
        return None
    v = fields_of(s)
    if damage > 0:  # ``Draft.deal_damage``
        heroes = s.heroes
        each = damage if len(heroes) == 1 else damage // 2
        if len(heroes) > 1 and damage % 2:
            v["damage_due"] = (1,)
        if each:
            heroes = tuple([_hurt(hero, each) for hero in heroes])
            equal = s.rules.lose_when_damage_equals_health
            for h, hero in enumerate(heroes):  # ``Reading.is_over``
                health = s.health(h)
                if hero.damage >= health if equal else hero.damage > health:
                    return None
            v["heroes"] = heroes
    v["time_due"] = time_due
    v["poison"] = s.poison + poison
    v["phase"] = "loot"
    return _state(s, v)


def _hurt(hero, amount: int):
    """``hero`` with ``amount`` more damage (``Draft.set_hero``).

    >>> from odd_nb.games.one_deck.state import HeroState
    >>> _hurt(HeroState("h1", damage=2), 3)
    HeroState(id='h1', damage=5, items=(), skills=(), stored=0)
    """
    fields = hero.__dict__.copy()
    fields["damage"] += amount
    new = _new(type(hero))
    _set(new, "__dict__", fields)
    return new


def _roll(s, action):
    """E3 (``encounter.gather_and_roll``, then ``rules.settle``, which waits for the dice): each
    hero in turn (the one named first first, A9) takes a die per stat icon of the colours
    gathered and their bonus black dice while the supply lasts (§1, A8); the dice wait to be
    rolled. None with nothing to roll or work pending (``settle`` then moves on)."""
    if s.dying or s.damage_due or s.time_due and not s.deck_size:
        return None
    supply, rolls = s.supply, s.rolls_due
    colours = encounter.gathered_colours(s)
    order = (0, 1) if action.first in (None, 0) else (1, 0)
    for h in order[:len(s.heroes)]:
        for colour in colours:
            supply, got = take(supply, colour, s.stat(h, colour))
            rolls += ((h, colour),) * got
        supply, got = take(supply, "black", action.bonus[h])
        rolls += ((h, "black"),) * got
    if not rolls:
        return None
    v = fields_of(s)
    v["supply"], v["rolls_due"], v["phase"] = supply, rolls, "rolling"
    return _state(s, v)


def _choose_option(s, action):
    """E1 (``encounter.choose_option``, then ``rules.settle``): the chosen option's box and the
    revealed floors' peril boxes, "option" ones in its colour (A10), ready-made per card, option
    and floor; its time waits to be spent. None if time would turn into stairs tokens (A4) or
    work is pending."""
    option = s.encounter_card.options[action.option]
    time_due = s.time_due + option.time_cost
    if s.dying or s.damage_due or time_due and not s.deck_size:
        return None
    content = s.content
    boxes = kept(_peril_boxes, (id(content), s.dungeon, s.floor, s.card, action.option), content,
                 lambda: _peril_boxes_of(s, option))
    v = fields_of(s)
    v["boxes"], v["placed"] = boxes, ((),) * len(boxes)
    v["option"], v["time_due"], v["phase"] = action.option, time_due, "feats"
    return _state(s, v)


def _peril_boxes_of(s, option) -> tuple:
    """The boxes of a peril's option (``encounter.choose_option``)."""
    floors = s.dungeon_card.floors[:s.floor]
    return (option.box,) + tuple(replace(b, colour=option.colour) if b.colour == "option" else b
                                 for f in floors for b in f.peril_boxes)


def _begin(s, action):
    """Facing the card at hand or entering an open door (``encounter.begin``, then
    ``rules.settle``) outside the boss fight: a peril waits for its option (E1); a combat
    with no ability at its start (E0, A23) sets out the card's and the revealed floors' combat
    boxes (§9), ready-made per card and floor, and waits for the feats (E2). None otherwise."""
    if s.floor > 3 or s.dying or s.damage_due or s.time_due and not s.deck_size:
        return None
    v = fields_of(s)
    if type(action) is EnterOpenDoor:  # §5.2
        i = s.open_doors.index(action.card)  # ``multiset_remove``
        v["open_doors"] = s.open_doors[:i] + s.open_doors[i + 1:]
        v["card"] = action.card
    content, card = s.content, v["card"]
    v["pools"] = ((),) * len(s.heroes)
    v["used"], v["prevented"], v["option"] = (), (0, 0), None
    if content.encounters[card].kind == "peril":
        v["boxes"] = v["placed"] = ()
        v["phase"] = "peril"
        return _state(s, v)
    boxes = kept(_combat_boxes, (id(content), s.dungeon, s.floor, card), content,
                 lambda: _combat_boxes_of(s, card))
    v["boxes"], v["placed"], v["phase"] = boxes, ((),) * len(boxes), "feats"
    new = _state(s, v)
    return None if new.active_abilities("on_start") else new


def _combat_boxes_of(s, card: str) -> tuple:
    """A combat's boxes: the card's, then every revealed floor's combat boxes (§9)."""
    floors = s.dungeon_card.floors[:s.floor]
    return s.content.encounters[card].boxes + tuple(b for f in floors for b in f.combat_boxes)


_peril_boxes: dict = {}  # see ``_choose_option``
_combat_boxes: dict = {}  # see ``_begin``


def _state(s, v: dict):
    """A state of the class of ``s`` with the dictionary ``v``."""
    new = _new(type(s))
    _set(new, "__dict__", v)
    return new


_ENCOUNTER_STEPS = {RollDice: _roll, ChooseOption: _choose_option,
                    EnterOpenDoor: _begin}  # and DONE (E5), FACE (``decision_step``)


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
    if "_encounter" in v:
        v["_encounter"] = None
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
