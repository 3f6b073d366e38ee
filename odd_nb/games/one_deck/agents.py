"""Agents for One Deck Dungeon: ``RandomAgent`` (from the core), ``GreedyAgent`` and
``ExpectimaxAgent``.

The greedy agent plays like a careful beginner: it opens doors, faces what it can survive, uses
free feats, covers the most costly boxes first with the smallest die that does, fills wide boxes
it can finish, converts two spare dice for a box no die fits, and takes items while it has room.
It looks one action ahead, never further. While placing dice and before rolling it reads only
the kinds of legal actions it weighs (``fast.py`` lists each kind apart), which gives the choice
it would make from the whole list (``choose_from``; the tests compare the two at every step).

The expectimax agent weighs the decisions that matter by their expected worth under the exact
odds (``expectimax.py``): face or flee, a peril's option, which door to enter, when to descend,
which loot to claim; after the roll it places the dice as the exact solver does (docs/odds.md
§1, A24), outside the boss fight. The rest it decides as the greedy agent does.

>>> import random, odd_nb
>>> from odd_nb.core.agents import play_out
>>> s = odd_nb.load_game("one-deck-dungeon").new_initial_state()
>>> play_out(s, GreedyAgent(), random.Random(1)).is_terminal
True
"""

from __future__ import annotations

import random

from ...core.agents import RandomAgent
from . import effects, encounter, expectimax, fast
from .actions import (ACCEPT_DEFEAT, DESCEND, DONE, EXPLORE, FACE, FLEE, OPEN_DOOR, TIME_PASSES,
                      TRADE_XP, ChooseOption, Convert, EnterOpenDoor, Place, RollDice, TakeDamage,
                      TakeLoot, Use)
from .dice import colour_matches, covered
from .odds import best_placement

__all__ = ["ExpectimaxAgent", "GreedyAgent", "RandomAgent"]


def box_cost(box) -> float:
    """How much leaving a box uncovered hurts: damage counts double, armor blocks the rest."""
    return 2 * box.damage + box.time + 2 * box.poison + (3 if box.skull else 0) \
        + (5 if box.armor else 0)


def remaining_health(s, h: int) -> int:
    return s.health(h) - s.heroes[h].damage


class GreedyAgent:
    """Picks the best-looking action now by simple rules (see the module docstring)."""

    def choose(self, s, rng: random.Random):
        if s.damage_due or s.dying or effects.can_buy_potion(s):
            return self.choose_from(s, s.legal_actions(), rng)
        if s.phase == "dice":  # the dice phase's list: Place, Use, Convert, ..., DONE
            return (self._best_place(s, fast.placements(s)) or self._first_free_skill(s)
                    or self._conversion(s, fast.conversions(s)) or DONE)
        if s.phase == "feats":  # E2's list: feats (Use), ..., RollDice
            return self._feat(s, fast.skill_uses(s, True)) or encounter.roll_options(s)[0]
        return self.choose_from(s, s.legal_actions(), rng)

    def choose_from(self, s, acts: list, rng: random.Random):
        """The choice among ``acts``, the legal actions of ``s``."""
        kinds = {}
        for a in acts:
            kinds.setdefault(type(a), []).append(a)
        if TakeDamage in kinds:
            return max(kinds[TakeDamage], key=lambda a: (remaining_health(s, a.hero), -a.hero))
        if TRADE_XP in acts:  # at level 4 XP buys nothing else: a potion token is worth it (A14)
            return TRADE_XP
        if s.dying:
            heals = [a for a in acts if isinstance(a, Use)]
            return heals[0] if heals else ACCEPT_DEFEAT
        phase = s.phase
        if phase == "turn start":
            return self._turn_start(s, acts)
        if phase == "turn":
            for wanted in (OPEN_DOOR, EXPLORE):
                if wanted in acts:
                    return wanted
            return kinds[EnterOpenDoor][0] if EnterOpenDoor in kinds else DESCEND
        if phase == "door":
            weakest = min(remaining_health(s, h) for h in range(len(s.heroes)))
            return FLEE if weakest <= 2 and s.encounter_card.kind == "combat" else FACE
        if phase == "peril":
            return max(kinds[ChooseOption], key=lambda a: self._option_score(s, a.option))
        if phase == "feats":
            return self._feat(s, kinds.get(Use, [])) or kinds[RollDice][0]
        if phase == "dice":
            return self._place(s, kinds)
        if phase == "loot":
            return self._loot(s, kinds[TakeLoot])
        return rng.choice(acts)

    def _turn_start(self, s, acts):
        for a in acts:
            if isinstance(a, Use) and a.patient is not None and s.heroes[a.patient].damage >= 3:
                return a
        return DESCEND if DESCEND in acts else TIME_PASSES

    def _option_score(self, s, i: int) -> float:
        option = s.encounter_card.options[i]
        dice = sum(s.stat(h, option.colour) for h in range(len(s.heroes)))
        box = option.box
        chance = dice * 3.5 / box.target if box.wide else 1 - ((box.target - 1) / 6) ** max(dice, 0)
        return min(chance, 1.0) * box_cost(box) - option.time_cost

    def _feat(self, s, uses):
        """The first feat that is free, or paid by a potion token when the party has two."""
        for a in uses:
            if a.kind == "feat" and (s.content.skill(a.ident).cost.kind == "free"
                                     or s.potions > 1):
                return a
        return None

    def _place(self, s, kinds):
        return (self._best_place(s, kinds.get(Place, []))
                or self._free_skill(kinds.get(Use, []), s)
                or self._conversion(s, kinds.get(Convert, [])) or DONE)

    def _best_place(self, s, places):
        """The placement that finishes the costliest box with the least waste, or fills a wide
        box the hero can finish (``_can_finish``); None if none does."""
        best = None
        boxes = {}  # box index -> (box, the sum of its dice, its cost)
        reach = {}  # (box index, hero) -> whether the hero's dice can finish the wide box
        for a in places:
            i, value = a.box, a.die[1]
            if i not in boxes:
                box = s.boxes[i]
                boxes[i] = box, sum(v for _, v in s.placed[i]), box_cost(box)
            box, have, cost = boxes[i]
            finishes = not box.wide or have + value >= box.target  # ``covered`` with the die
            if not finishes:
                if (i, a.hero) not in reach:
                    reach[i, a.hero] = self._can_finish(s, i, a.hero)
                if not reach[i, a.hero]:
                    continue
            waste = value - (box.target - have) if finishes else -value
            score = (finishes, cost, -waste, a.die[0] != "black")
            if best is None or score > best[0]:
                best = (score, a)
        return best[1] if best else None

    def _free_skill(self, uses, s):
        for a in uses:
            if a.kind == "skill" and s.content.skill(a.ident).cost.kind == "free":
                return a
        return None

    def _first_free_skill(self, s):
        """``_free_skill`` of the dice phase's skill uses, made skill by skill until one is
        found (``fast.skill_uses`` lists them in this order)."""
        if fast.forbidden(s, "skills"):
            return None
        for h, skill in fast.usable_skills(s, False):
            if (h, skill.id) not in s.used and s.content.skill(skill.id).cost.kind == "free":
                use = fast.first_use(s, h, "skill", skill)
                if use is not None:
                    return use
        return None

    def _can_finish(self, s, i: int, h: int) -> bool:
        box, dice = s.boxes[i], s.placed[i]
        if not box.wide:
            return False
        reach = sum(v for _, v in dice) + sum(v for c, v in s.pools[h]
                                              if colour_matches(box.colour, c))
        return reach >= box.target

    def _conversion(self, s, conversions):
        """Two spare dice into a black one that covers a small box no pool die fits."""
        for i, (box, dice) in sorted(enumerate(zip(s.boxes, s.placed)),
                                     key=lambda x: -box_cost(x[1][0])):
            if covered(box, dice) or box.wide:
                continue
            for a in conversions:
                if min(a.first[1][1], a.second[1][1]) >= box.target:
                    return a
        return None

    def _loot(self, s, loot):
        for use in ("item", "skill", "potion"):
            free = [a for a in loot if a.use == use and a.displace is None]
            if free:
                return min(free, key=lambda a: len(s.heroes[a.hero].items) if a.hero is not None
                           else 0)
        return TakeLoot("xp")

    def __repr__(self) -> str:
        return "GreedyAgent()"


class ExpectimaxAgent(GreedyAgent):
    """Chooses by expected worth over the exact odds (see the module docstring): one chance
    level, the dice of the encounter at hand, then ``expectimax.value`` of the position.

    >>> import odd_nb
    >>> from odd_nb.core.agents import play_out
    >>> s = odd_nb.load_game("one-deck-dungeon").new_initial_state()
    >>> play_out(s, ExpectimaxAgent(), random.Random(1)).is_terminal
    True
    """

    def __init__(self):
        self._plan_for, self._plan = None, None  # this encounter's placement, step by step

    def choose(self, s, rng: random.Random):
        if s.damage_due or s.dying or effects.can_buy_potion(s):
            return self.choose_from(s, s.legal_actions(), rng)
        phase = s.phase
        choice = None
        if phase == "door":
            choice = self._face_or_flee(s)
        elif phase == "peril":
            values = expectimax.option_values(s)
            choice = next(a for a in s.legal_actions() if isinstance(a, ChooseOption)
                          and a.option == values.index(max(values)))
        elif phase == "loot":
            choice = max((a for a in s.legal_actions() if isinstance(a, TakeLoot)),
                         key=lambda a: expectimax.worth(s.apply(a)))
        elif phase == "turn":
            choice = self._where(s)
        elif phase == "turn start":
            choice = self._descend_or_wait(s)
        elif phase == "dice":
            choice = self._dice(s)
        return choice if choice is not None else GreedyAgent.choose(self, s, rng)

    def _face_or_flee(self, s):
        """E1/E2 ahead: face when the expected worth of the encounter beats fleeing: the card
        left behind an open door (§5.4) and the turn spent for nothing (its 2 time, §5.2)."""
        face = expectimax.face_value(s.apply(FACE))
        if face is None:
            return None
        return FACE if face >= expectimax.flee_value(s) else FLEE

    def _where(self, s):
        """§5.3-§5.4, §9: open a closed door or explore while the party may (they cost nothing
        but the turn); else the open door worth most, or descend if that is worth more."""
        acts = s.legal_actions()
        for wanted in (OPEN_DOOR, EXPLORE):
            if wanted in acts:
                return wanted
        options = [(expectimax.face_value(s.apply(a)), i, a)
                   for i, a in enumerate(acts) if isinstance(a, EnterOpenDoor)]
        if DESCEND in acts:
            options.append((expectimax.worth(s.apply(DESCEND)), len(acts), DESCEND))
        options = [o for o in options if o[0] is not None]
        return max(options, key=lambda o: (o[0], -o[1]))[2] if options else None

    def _descend_or_wait(self, s):
        """At the start of a turn with the stairs showing (§9, A5): descend, or let time pass
        (stairs tokens, §5.1) to enter an open door worth more first."""
        acts = s.legal_actions()
        heal = self._turn_start(s, acts)
        if isinstance(heal, Use) or DESCEND not in acts:
            return heal
        later = s.apply(TIME_PASSES)
        if later.is_chance or later.damage_due or later.dying or later.is_terminal:
            return DESCEND
        doors = [expectimax.face_value(later.apply(a)) for a in later.legal_actions()
                 if isinstance(a, EnterOpenDoor)]
        doors = [v for v in doors if v is not None]
        if doors and max(doors) > expectimax.worth(s.apply(DESCEND)):
            return TIME_PASSES
        return DESCEND

    def _dice(self, s):
        """E4: the exact solver's best placement of the roll (A24), die by die as planned when
        the first die is placed; then free skills and done, as greedy. In the boss fight greedy
        places the dice: the solver counts ♥ and ⌛ only, and there a ☠ box is what wins (§10);
        past ``SOLVER_DICE`` dice too (the solver takes seconds there)."""
        if s.in_boss_fight:
            return None
        key = (s.turn, s.boss_damage, s.boxes)
        if key != self._plan_for:
            dice = [d for pool in s.pools for d in pool]
            self._plan_for, self._plan = key, (
                _plan(s, best_placement(s)) if len(dice) <= SOLVER_DICE else None)
        if self._plan is None:
            return None
        if self._plan:
            legal = s.legal_actions()
            if self._plan[0] not in legal:
                self._plan = None  # the plan no longer fits (a skill changed the dice)
                return None
            step, self._plan = legal[legal.index(self._plan[0])], self._plan[1:]
            return step  # the legal list's own action: its text names hero and box
        return self._free_skill([a for a in s.legal_actions() if isinstance(a, Use)], s) or DONE

    def __repr__(self) -> str:
        return "ExpectimaxAgent()"


SOLVER_DICE = 8  # the solver plans placements of up to this many dice (speed, see ``_dice``)


def _plan(s, best) -> tuple | None:
    """The solver's placement ``best`` as the actions that make it: armor boxes first (§4, A11),
    a converted die made from its two dice just before it is placed (A7). None if a die cannot
    be found in the pools (a die the solver would give back first: left to greedy)."""
    pools = [list(p) for p in s.pools]
    order = sorted(range(len(s.boxes)), key=lambda i: not s.boxes[i].armor)
    steps = []

    def take(die):
        for h, pool in enumerate(pools):
            if die in pool:
                pool.remove(die)
                return h
        return None

    for i in order:
        for die in best.uses[i]:
            if len(die) == 4:  # ("black", value, first, second): a 2-for-1
                h1, h2 = take(die[2]), take(die[3])
                if h1 is None or h2 is None:
                    return None
                first, second = sorted([(h1, die[2]), (h2, die[3])])
                steps.append(Convert(first, second, h1))
                pools[h1].append(("black", die[1]))
                die = ("black", die[1])
            h = take(die)
            if h is None:
                return None
            steps.append(Place(h, die, i))
    return tuple(steps)
