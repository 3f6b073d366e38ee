"""One Deck Dungeon on the play widget: the board as pieces, and which pieces choose which action.

Clicking: a pool die then a box places it (E4); two dice convert them (2-for-1, and in 2P the
hero who gets the black die); a skill, feat or potion shows every way to use it; a door enters it;
a peril option or a loot card chooses it. Everything else (explore, roll, done...) is a button.
Skills, feats, items and loot say what they do in words (``words.py``); from the moment a door
is opened the encounter's boxes and odds are on the board, so face-or-flee is an informed choice.

>>> import odd_nb
>>> t = odd_nb.start("one-deck-dungeon", seed=7)
>>> board = t.game.view().board(t.state, None)
>>> [z["title"] for z in board["zones"]]
['Encounter', 'Heroes', 'The delve']
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache
from html import escape
from threading import Lock
from time import perf_counter

from ...core.view import View, piece, rule_link
from .actions import (DONE, FACE, OPEN_DOOR, ChooseOption, Convert, Discard, EnterOpenDoor, Place,
                      TakeDamage, TakeLoot, Use)
from .dice import COLOURS, covered
from .words import ability_words, box_words, item_words, loot_words, skill_words

# The odds panel answers on every click: past this many seconds per encounter the exact odds
# give way to an estimate from the rolls solved in the time (and the panel says so). While the
# person thinks, the widget then asks for better figures in the background (``refine_odds``):
# this many seconds per encounter, and up to this many rolls if still an estimate. Its exact work
# may go well past ``EXACT_LIMIT``: the biggest encounters of real games (12-16 dice, 6-8 boxes)
# take the split millions of units, and memory grows with them (the split counts the bits it
# keeps in its work): ``REFINE_WORK`` keeps memory within what a Binder session can spare
# (benchmarks/README.md, odds_in_play.py).
ODDS_SECONDS = 0.18
REFINE_SECONDS = 30.0
# the click already shows an estimate: in the background the exact methods get most of the time
REFINE_EXACT_SHARE = 0.8
REFINE_WORK = 10_000_000
REFINE_SAMPLES = 100_000
# Once the position's own odds are done, the background works out those of the positions one
# decision on (``look_ahead``): first this many seconds each, found by visiting at most this
# many positions; all of it within this many seconds, so that a board left alone does not keep
# the machine busy for long (a turn before a closed door asks 30-50 questions)
LOOK_AHEAD_SECONDS = 1.0
LOOK_AHEAD_NODES = 2_000
LOOK_AHEAD_TOTAL = 60.0
_refined: dict = {}  # state before the roll -> its rows refined in the background (latest 64)
_refined_lock = Lock()

LEGEND = ("<b>clear</b>: the chance that every box is covered. <b>damage</b> and <b>time</b>: "
          "what the party can expect to lose to uncovered boxes (hearts and hourglasses) with "
          "the best placement of the dice it rolls, the option's own time included. A box "
          "whose colour the rolled dice cannot match stays uncovered (so clear may be 0%) "
          "unless black dice reach it.")


def die_key(hero: int, die) -> str:
    return f"die:{hero}:{die[0]}:{die[1]}"


def loot_key(action: TakeLoot) -> str:
    return f"loot:{action.use}:{action.hero}:{action.displace}"


# -- the odds panel --------------------------------------------------------------------------
@lru_cache(maxsize=64)
def _faced(s):
    """A door just opened (§5.4): the position if the party faces it, up to its roll. Time a
    start ability spends may draw cards first (E0): which cards does not matter to the dice, so
    the first outcome is taken, as is a hero to take stairs damage. ``None`` if facing it ends
    the game."""
    if s.phase != "door" or not s.is_legal(FACE):
        return None
    after = s.apply(FACE)
    while not after.is_terminal and (after.is_chance or after.phase not in ("peril", "feats")):
        if after.is_chance:
            after = after.apply(after.chance_outcomes()[0][0])
            continue
        first = after.legal_actions()[0]
        if not isinstance(first, TakeDamage):
            return None
        after = after.apply(first)
    return None if after.is_terminal else after


def _ahead(s):
    """The position whose odds before the roll the panel shows (E1-E3): this one, or the one
    behind an open door; ``None`` when there is no roll ahead to show."""
    if s.phase == "door":
        s = _faced(s)
    if s is not None and s.phase in ("peril", "feats") and not s.is_chance:
        return s
    return None


def _key(question: tuple) -> tuple:
    """An odds question (``encounter_questions``) as a key: equal keys, the same odds."""
    from .odds.known import question as key_of
    pool, boxes, k = question
    return key_of(pool, tuple(boxes), k["black_supply"], k["fixed"], k["placed"], (1000, 1),
                  k["conversions"], k["discard"])


def _next_positions(s, cancel) -> list:
    """The positions one decision on from ``s`` that have a roll ahead (``_ahead``), each once:
    every legal action played, chance followed through every outcome, likelier first, until
    someone decides. At most ``LOOK_AHEAD_NODES`` positions are visited (a feat that rolls dice
    has thousands of outcomes): the search then stops where it is. The order depends only on
    the position, never on what is hidden: chance outcomes are the engine's, each card a door
    may hide with its chance. Raises ``Cancelled`` once ``cancel`` is set.

    >>> import odd_nb, threading
    >>> t = odd_nb.start("one-deck-dungeon", seed=3)
    >>> for action in ("time passes", "explore", "time passes"):
    ...     t.play(action)
    >>> [str(a) for a in t.state.legal_actions()]
    ['open a closed door']
    >>> found = _next_positions(t.state, threading.Event())   # the 40 cards it may hide
    >>> len({ahead.encounter_card.name for ahead in found}), found[0].phase
    (40, 'feats')
    """
    from ...core.progress import Cancelled
    if s.is_chance or s.is_terminal:  # nobody decides here
        return []
    found, seen, visited = [], set(), 0
    todo = [s.apply(action) for action in reversed(s.legal_actions())]
    while todo:
        if cancel.is_set():
            raise Cancelled
        visited += 1
        if visited > LOOK_AHEAD_NODES:
            break
        t = todo.pop()
        if t.is_terminal:
            continue
        if t.is_chance:
            outcomes = sorted(t.chance_outcomes(), key=lambda o: -o[1])
            todo += [t.apply(outcome) for outcome, _ in reversed(outcomes)]
            continue
        ahead = _ahead(t)
        if ahead is not None and ahead not in seen:
            seen.add(ahead)
            found.append(ahead)
    return found


@lru_cache(maxsize=64)
def _quick_odds(s) -> tuple:
    """The odds before the roll within the click's budget, as (name, odds) rows (kept for the
    positions met lately: undo, redo and a board redrawn show the same figures at once)."""
    from .odds import state_odds
    return tuple(state_odds(s, samples=2_000, seed=0, max_seconds=ODDS_SECONDS).items())


def _how(odds) -> str:
    """How the figures were made: exact, or an estimate with its 95% interval."""
    if odds.exact:
        return "exact"
    low, high = odds.intervals["p_clear"]
    rolls = f"{odds.samples:,} roll" + ("s" if odds.samples != 1 else "")
    return f"estimated from {rolls}, clear {_interval(low, high)}"


def _interval(low: float, high: float) -> str:
    """A 95% interval in whole percents, or in tenths where whole percents would not tell its
    ends apart (a rare clear estimated from many rolls: "0.0%-0.4%", not "0%-0%").

    >>> _interval(0.21, 0.35), _interval(0.0, 0.0039)
    ('21%-35%', '0.0%-0.4%')
    """
    if f"{low:.0%}" != f"{high:.0%}":
        return f"{low:.0%}-{high:.0%}"
    return f"{low:.1%}-{high:.1%}"


def _option_time(ahead, name: str) -> int:
    """The time a peril option costs when chosen (E1), for the rows of a choice still open."""
    if ahead.phase != "peril":
        return 0
    return ahead.encounter_card.options["AB".index(name[0])].time_cost


def _headlines(ahead, rows) -> list[tuple[str, float, float, float, str]]:
    """(name, clear, damage, time with the option's cost, how) per row."""
    return [(name, float(o.p_clear), float(o.expected_damage),
             float(o.expected_time) + _option_time(ahead, name), _how(o)) for name, o in rows]


def _table(s, rows, refined: bool = False) -> str | None:
    """The panel before the roll: one headline in words per option, then the legend; under
    estimates, what comes next: better figures from the background, or (``refined``: the
    background's own figures) how to get more than it could."""
    if not rows:
        return None
    ahead = _ahead(s)
    lines = "".join(
        f'<p class="headline">{escape(name)}: clear {clear:.0%}, expect {damage:.1f} damage '
        f'and {time:.1f} time <span class="how">({escape(how)})</span></p>'
        for name, clear, damage, time, how in _headlines(ahead, rows))
    when = "If you face it" if s.phase == "door" else "Before the roll"
    if all(o.exact for _, o in rows):
        note = ""
    elif refined:
        note = (f"<p class=\"legend\">Still an estimate after {REFINE_SECONDS:g} s of work "
                "in the background: exact odds here take more work than that. In a cell, "
                "<code>state_odds</code> with a larger <code>exact_limit</code> or more "
                "<code>samples</code> goes further.</p>")
    else:
        note = ("<p class=\"legend\">Exact odds take longer than a click here; where the "
                "board can work between clicks (Jupyter, a recent browser) better figures "
                "follow while you think, and <code>state_odds</code> gives them in a cell.</p>")
    return f"<p><b>{when}</b></p>{lines}<p class=\"legend\">{LEGEND}</p>{note}"


@lru_cache(maxsize=64)
def _after_roll(s) -> str | None:
    """After the roll (E4): what the best placement of the dice rolled still leaves."""
    if s.phase == "dice" and not s.is_chance and any(s.pools):
        from .odds import best_placement
        r = best_placement(s)
        return (f'<p class="headline">With the best placement of these dice: {r.damage} '
                f"damage and {r.time} time.</p><p class=\"legend\">Hint shows it one step at "
                "a time. Damage and time come from the boxes left uncovered.</p>")
    return None


def _odds_panel(s) -> str | None:
    """The odds panel of a state (before the roll: the refined rows once the background work
    has made them)."""
    ahead = _ahead(s)
    if ahead is not None:
        refined = _refined.get(ahead)
        return _table(s, refined or _quick_odds(ahead), refined is not None)
    return _after_roll(s)


# -- hints that follow the panel ---------------------------------------------------------------
def _placement_step(s):
    """A placement, conversion or discard that keeps the best placement the panel reports, or
    done once the dice left can better nothing (E4)."""
    from .odds import best_placement
    best = best_placement(s)
    target = (best.damage, best.time)
    legal = s.legal_actions()
    now = best_placement(replace(s, pools=((),) * len(s.heroes)))  # what done leaves now
    if (now.damage, now.time) == target and DONE in legal:
        return DONE  # the dice left can better nothing: no pointless conversions
    # placing first, then converting, then a discard (which may free the black die a
    # conversion needs when the supply has none, A21)
    steps = [a for kind in (Place, Convert, Discard) for a in legal if isinstance(a, kind)]
    for a in steps:
        after = s.apply(a)
        if not after.is_chance:
            r = best_placement(after)
            if (r.damage, r.time) == target:
                return a
    return None


def _best_option(s):
    """At a peril choice (E1): the option the panel shows as best (least damage, then time)."""
    if s.phase != "peril" or s.is_chance:
        return None
    rows = _headlines(s, _refined.get(s) or _quick_odds(s))
    name = min(rows, key=lambda r: (round(r[2], 9), round(r[3], 9)))[0]
    return next(a for a in s.legal_actions()
                if isinstance(a, ChooseOption) and a.option == "AB".index(name[0]))


# -- pieces ------------------------------------------------------------------------------------
def _box(i: int | None, box, dice) -> dict:
    """A box as on the card; ``i`` is its place among the active boxes (``None``: a box shown
    for information, not clickable)."""
    return piece("box", None if i is None else f"box:{i}", colour=box.colour, target=box.target,
                 wide=box.wide, armor=box.armor, skull=box.skull, damage=box.damage,
                 time=box.time, poison=box.poison, covered=covered(box, dice),
                 label=f"box {i + 1}" if i is not None else "box", note=box_words(box),
                 dice=[piece("die", colour=c, value=v) for c, v in dice])


def _ability(key: str, title: str, skill, feat: bool = False) -> dict:
    words = skill_words(skill, feat)
    return piece("panel", key, title=title, tone="skill",
                 lines=[words["cost"] + " · " + words["when"], words["effect"]])


def _option_cost(option) -> str:
    return f"roll {option.colour} dice · costs {option.time_cost} time"


def _loot_line(s, card) -> str:
    loot = card.loot
    ways = [f"item ({item_words(loot.item)})"] if loot.item else []
    ways += [f"skill {loot.skill.name}"] if loot.skill else []
    ways += [f"potion {s.content.potions[loot.potion].name}"] if loot.potion else []
    return ", ".join(ways + [f"{card.xp} XP"])


def _next_level(s) -> str:
    need = s.level_side.xp_to_next
    return "top level" if need is None else f"{need} XP reach level {s.level + 1}"


class OneDeckView(View):
    """The board of One Deck Dungeon: hero cards with their pools, the delve, the encounter."""

    def board(self, s, seat, last_moves=None):
        return {"title": f"One Deck Dungeon · {s.dungeon_card.name}",
                "status": self.status(s),
                "start": "the party enters the dungeon",
                "zones": [{"title": "Encounter", "items": self._encounter(s), "wide": True},
                          {"title": "Heroes", "items": [self._hero(s, h)
                                                         for h in range(len(s.heroes))],
                           "wide": True},
                          {"title": "The delve", "items": self._delve(s), "wide": True}]}

    def status(self, s) -> str:
        if s.outcome:
            return f"The party has {s.outcome}."
        where = "Boss fight" if s.in_boss_fight else f"Floor {s.floor}"
        return f"{where} · turn {s.turn} · {STEP_WORDS.get(s.phase, s.phase)}"

    # -- the heroes ----------------------------------------------------------------------------
    def _hero(self, s, h: int) -> dict:
        hero = s.heroes[h]
        health = s.health(h)
        items = [piece("track", label="health", value=max(0, health - hero.damage), max=health,
                       cells=True, tone="health",
                       note=f"{hero.damage} damage taken of {health} health")]
        items += [piece("stat", label=f"{c} dice", value=s.stat(h, c), icon=f"die-{c}")
                  for c in COLOURS[:3]]
        if hero.stored:
            items.append(piece("stat", label="black stored", value=hero.stored,
                               icon="die-black"))
        items += [piece("die", die_key(h, d), colour=d[0], value=d[1]) for d in s.pools[h]]
        feat = s.hero_side(h).feat
        items.append(_ability(f"feat:{h}:{feat.id}", "Feat: " + feat.name, feat, feat=True))
        items += [_ability(f"skill:{h}:{sk.id}", sk.name, sk) for sk in s.skills_of(h)]
        if hero.items:
            items.append(piece("panel", title="Items", tone="loot", lines=[
                f"{s.content.encounters[c].name}: {item_words(s.content.encounters[c].loot.item)}"
                for c in hero.items]))
        return piece("panel", f"hero:{h}", title=s.hero_card(h).name, tone="hero", items=items,
                     label=f"{s.hero_card(h).name}, {hero.damage} damage of {health}")

    # -- the delve: level, XP, potions, deck, doors --------------------------------------------
    def _delve(self, s) -> list:
        potions = ", ".join(p.name for p in s.identified_potions)
        items = [piece("stat", label="level", value=s.level, icon="level"),
                 piece("stat", label="XP", value=s.xp, icon="xp",
                       note=_next_level(s)),
                 piece("stat", "potion", label="potion tokens", value=s.potions, icon="potion",
                       note=f"known: {potions}"),
                 piece("stat", label="cards in the deck", value=s.deck_size, icon="deck")]
        if s.time_due:
            items.append(piece("stat", label="time due", value=s.time_due, icon="time"))
        if s.poison:
            items.append(piece("stat", label="poison", value=s.poison, icon="poison"))
        if s.stairs_tokens or s.stairs_showing:
            items.append(piece("stat", label="on the stairs", value=s.stairs_tokens, icon="time",
                               note="3 tokens: a hero takes 1 damage (§5.1)"))
        items.append(piece("stat", "door:closed", label="closed doors", value=s.closed_doors,
                           icon="door"))
        for card in s.open_doors:
            enc = s.content.encounters[card]
            items.append(piece("panel", f"door:{card}", title=enc.name, tone="door",
                               lines=[f"open door · {enc.kind} · {enc.xp} XP"]
                               + [box_words(b) for b in enc.boxes]
                               + [f"{'AB'[i]}: {o.label} ({_option_cost(o)})"
                                  for i, o in enumerate(enc.options)]))
        return items

    # -- the encounter -------------------------------------------------------------------------
    def _encounter(self, s) -> list:
        if s.in_boss_fight:
            boss = s.dungeon_card.boss
            health = boss.health[s.side]
            head = piece("panel", title=boss.name, tone="foe", lines=[
                ability_words(a, boss=True) for a in boss.abilities], items=[piece(
                    "track", label="boss health", value=max(0, health - s.boss_damage),
                    max=health, tone="health")])
        elif s.card:
            card = s.encounter_card
            lines = [f"{card.kind} · {card.xp} XP · loot: {_loot_line(s, card)}"]
            lines += [ability_words(a) for a in card.abilities]
            options = []
            if card.kind == "peril" and s.option is None:
                options = [piece("panel", f"option:{i}", title=f"{'AB'[i]}: {o.label}",
                                 tone="option", lines=[_option_cost(o)],
                                 items=[_box(None, o.box, ())])
                           for i, o in enumerate(card.options)]
            elif s.option is not None:
                lines.append(f"chosen: {'AB'[s.option]}: {card.options[s.option].label}")
            head = piece("panel", title=card.name, tone="foe", lines=lines, items=options)
        else:
            return [piece("text", text="No encounter: explore to lay out doors, or open one.")]
        if s.phase == "loot":
            return [head] + self._loot(s)
        return [head] + self._boxes(s)

    def _boxes(self, s) -> list:
        if s.boxes:
            return [_box(i, b, d) for i, (b, d) in enumerate(zip(s.boxes, s.placed))]
        ahead = _faced(s)  # a door just opened: the boxes the party would face (§5.4)
        if ahead is not None and ahead.boxes:
            return [_box(None, b, ()) for b in ahead.boxes]
        if s.card and s.encounter_card.kind == "peril":  # each option adds its box to the
            # peril boxes of every floor revealed so far (E4)
            return [_box(None, b, ()) for floor in s.dungeon_card.floors[:s.floor]
                    for b in floor.peril_boxes]
        return []

    def _loot(self, s) -> list:
        return [piece("panel", loot_key(a), title=str(a).removeprefix("take the card as "),
                      tone="loot", lines=[loot_words(s, a)])
                for a in s.legal_actions() if isinstance(a, TakeLoot)]

    # -- clicks --------------------------------------------------------------------------------
    def parts(self, s, a) -> list[str]:
        if isinstance(a, Place):
            return [die_key(a.hero, a.die), f"box:{a.box}"]
        if isinstance(a, Convert):
            keys = [die_key(*a.first), die_key(*a.second)]
            return keys + ([f"hero:{a.to}"] if len(s.heroes) > 1 else [])
        if isinstance(a, Discard):
            return [die_key(a.hero, a.die)]
        if isinstance(a, Use):
            head = "potion" if a.kind == "potion" else f"{a.kind}:{a.hero}:{a.ident}"
            keys = [head] + [die_key(a.hero, d) for d in a.pay]
            keys += [die_key(a.hero, d) for group in a.dice for d in group]
            return keys + ([f"hero:{a.patient}"] if a.patient is not None else [])
        if isinstance(a, EnterOpenDoor):
            return [f"door:{a.card}"]
        if a == OPEN_DOOR:
            return ["door:closed"]
        if isinstance(a, ChooseOption):
            return [f"option:{a.option}"]
        if isinstance(a, TakeDamage):
            return [f"hero:{a.hero}"]
        if isinstance(a, TakeLoot):
            return [loot_key(a)]
        return []

    def auto(self, a) -> bool:
        # a lone die is never discarded, nor a skill used, by a click that may be half a choice
        return not isinstance(a, (Discard, Use, TakeDamage))

    # -- odds, hints, words --------------------------------------------------------------------
    def odds(self, s, seat) -> str | None:
        """From the moment a door is opened to the roll: the encounter's odds per option in
        words (E1-E3); after the roll: what the best placement of the dice still leaves (E4)."""
        return _odds_panel(s)

    def refine_odds(self, s, seat, cancel) -> str | None:
        """Before the roll, when the click's budget gave estimates: the panel again with
        ``REFINE_SECONDS`` and ``REFINE_WORK`` per encounter (exact when the walk or the split
        finishes, else an estimate from many more rolls). Raises ``Cancelled`` once ``cancel``
        is set."""
        ahead = _ahead(s)
        if ahead is None or ahead in _refined or all(o.exact for _, o in _quick_odds(ahead)):
            return None
        from .odds import state_odds
        rows = tuple(state_odds(ahead, samples=REFINE_SAMPLES, seed=0, max_seconds=REFINE_SECONDS,
                                exact_share=REFINE_EXACT_SHARE, exact_limit=REFINE_WORK,
                                cancel=cancel).items())
        with _refined_lock:  # several widgets may refine at once
            while len(_refined) >= 64:
                _refined.pop(next(iter(_refined)))
            _refined[ahead] = rows
        return _table(s, rows, refined=True)

    def look_ahead(self, s, seat, cancel) -> None:
        """The odds the next click may show, worked out now: those of each position one
        decision on that has a roll ahead (``_next_positions``), e.g. every card a closed door
        may hide, or the boss's first round before the stairs; each question once. The answers
        are kept (``odds/known.py``), so the click that reaches one shows them at once. A first
        pass gives each question ``LOOK_AHEAD_SECONDS``, a second what is still an estimate the
        background's ``REFINE_SECONDS``, both within ``LOOK_AHEAD_TOTAL`` in all. Raises
        ``Cancelled`` once ``cancel`` is set."""
        from .odds.encounter import encounter_odds
        from .odds.position import encounter_questions
        end = perf_counter() + LOOK_AHEAD_TOTAL
        here = _ahead(s)
        asked = set() if here is None else {_key(q) for q in encounter_questions(here).values()}
        todo = []
        for ahead in _next_positions(s, cancel):
            for q in encounter_questions(ahead).values():
                if _key(q) not in asked:
                    asked.add(_key(q))
                    todo.append(q)
        later = []
        for seconds in (LOOK_AHEAD_SECONDS, REFINE_SECONDS):
            for pool, boxes, keywords in todo:
                left = min(seconds, end - perf_counter())
                if left <= 0:
                    return
                odds = encounter_odds(pool, boxes, **keywords, samples=REFINE_SAMPLES,
                                      max_seconds=left, exact_share=REFINE_EXACT_SHARE,
                                      exact_limit=REFINE_WORK, cancel=cancel)
                if not odds.exact:
                    later.append((pool, boxes, keywords))
            todo, later = later, []

    def hint(self, s):
        """The move the odds panel points at: after the roll, a step of the best placement it
        reports (E4); at a peril choice, the option with the best odds (E1); else what the
        GreedyAgent would do."""
        if s.is_chance or s.is_terminal:
            return None
        step = _placement_step(s) if s.phase == "dice" else _best_option(s)
        if step is not None:
            return step
        import random

        from .agents import GreedyAgent
        return GreedyAgent().choose(s, random.Random(0))

    def summary(self, s) -> dict:
        won = s.outcome == "won"
        where = "the boss" if s.in_boss_fight else f"floor {s.floor}"
        lines = [f"{'Defeated' if won else 'Fell at'} {where} of {s.dungeon_card.name}, "
                 f"turn {s.turn}, level {s.level} with {s.xp} XP."]
        lines += [f"{s.hero_card(h).name}: {hero.damage} damage of {s.health(h)} health"
                  for h, hero in enumerate(s.heroes)]
        if s.in_boss_fight:
            boss = s.dungeon_card.boss
            lines.append(f"{boss.name}: {s.boss_damage} damage of {boss.health[s.side]}")
        return {"result": "won" if won else "lost",
                "title": "Victory: the dungeon is cleared" if won else "The party has fallen",
                "lines": lines}

    def teach(self, s) -> dict | None:
        text, heading = TEACH.get(s.outcome or s.phase, TEACH["turn"])
        if s.in_boss_fight and s.phase in ("feats", "dice", "rolling"):
            heading = "§10 Boss fight"
            text += (" In the boss fight every round is an encounter with the boss's boxes and "
                     "the floors' boxes; uncovered hearts hurt the heroes, and each covered "
                     "skull box deals damage to the boss.")
        return {"text": text, **rule_link(RULES, heading)}

    def explain(self, s, keys: list[str]) -> str:
        dice = [k for k in keys if k.startswith("die:")]
        boxes = [k for k in keys if k.startswith("box:")]
        if len(keys) == 2 and len(dice) == 1 and len(boxes) == 1:
            _, h, colour, value = dice[0].split(":")
            box = int(boxes[0][4:])
            text = str(s.boxes[box]) if 0 <= box < len(s.boxes) else ""
            action = Place(int(h), (colour, int(value)), box, box_text=text)
            return s.explain_illegal(action)
        if len(keys) == 1 and (keys[0].startswith(("skill:", "feat:"))):
            return (f"that {keys[0].split(':')[0]} cannot be used now: its cost or its timing "
                    f"does not fit this step ({STEP_WORDS.get(s.phase, s.phase)})")
        return super().explain(s, keys)


RULES = "one-deck-dungeon.md"

# the step of the turn, as the status line says it
STEP_WORDS = {
    "turn start": "let time pass",
    "turn": "explore, open a door, or descend",
    "door": "face the encounter or flee",
    "peril": "choose a peril option",
    "feats": "heroic feats, then roll",
    "rolling": "rolling the dice",
    "dice": "place dice on boxes, then done",
    "round end": "end of the boss round",
    "loot": "take the card as loot",
}

# what happens now, for the teaching pane: (plain words, the heading of docs/rules it follows)
TEACH = {
    "turn start": ("Every turn starts with time passing: the party spends 2 time, which discards "
                   "two cards from the deck (once the deck is gone, time hurts on the stairs).",
                   "§5.2 Time passes"),
    "turn": ("Explore to lay out closed doors (up to the door limit), open a closed door, "
             "enter an open one, or take the stairs down once they show.", "§5.3 Explore"),
    "door": ("The door is open and its card face up: its boxes and the odds are on the board. "
             "Face it, or flee (the card stays as an open door and the turn ends).",
             "§5.4 Enter a room"),
    "peril": ("A peril: pick one of its two options. You pay the option's time now, then roll "
              "only the dice of its colour against its box and the floor's peril boxes.",
              "E1 — Peril choice (peril only)"),
    "feats": ("Before the roll each hero may use a heroic feat (it usually adds black dice). "
              "Then roll.", "E2 — Heroic feats"),
    "rolling": ("The dice are being rolled.", "E3 — Gather and roll"),
    "dice": ("Click a die, then a box to place it; two dice convert into one black die; skills "
             "and potions show their cost. Each box left uncovered costs its hearts (damage) "
             "and hourglasses (time). Click done when you have placed what you can.",
             "E4 — Skills and placement"),
    "round end": ("The boss round ends: damage and time are counted.", "§10 Boss fight"),
    "loot": ("The card is yours: take it as an item (more dice), a skill, a potion or XP. "
             "Each option on the board says what it gives.", "E6 — Loot"),
    "won": ("The boss is defeated.", "§11 Winning and losing"),
    "lost": ("A hero took more damage than their health.", "§11 Winning and losing"),
}
