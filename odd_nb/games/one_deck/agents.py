"""Agents for One Deck Dungeon: ``RandomAgent`` (from the core) and ``GreedyAgent``.

The greedy agent plays like a careful beginner: it opens doors, faces what it can survive, uses
free feats, covers the most costly boxes first with the smallest die that does, fills wide boxes
it can finish, converts two spare dice for a box no die fits, and takes items while it has room.
It looks one action ahead, never further; the exact solver of the odds issue will do better.

>>> import random, odd_nb
>>> from odd_nb.core.agents import play_out
>>> s = odd_nb.load_game("one-deck-dungeon").new_initial_state()
>>> play_out(s, GreedyAgent(), random.Random(1)).is_terminal
True
"""

from __future__ import annotations

import random

from ...core.agents import RandomAgent
from .actions import (ACCEPT_DEFEAT, DESCEND, DONE, EXPLORE, FACE, FLEE, OPEN_DOOR, TIME_PASSES,
                      TRADE_XP, ChooseOption, Convert, EnterOpenDoor, Place, RollDice, TakeDamage,
                      TakeLoot, Use)
from .dice import colour_matches, covered

__all__ = ["GreedyAgent", "RandomAgent"]


def box_cost(box) -> float:
    """How much leaving a box uncovered hurts: damage counts double, armor blocks the rest."""
    return 2 * box.damage + box.time + 2 * box.poison + (3 if box.skull else 0) \
        + (5 if box.armor else 0)


def remaining_health(s, h: int) -> int:
    return s.health(h) - s.heroes[h].damage


class GreedyAgent:
    """Picks the best-looking action now by simple rules (see the module docstring)."""

    def choose(self, s, rng: random.Random):
        acts = s.legal_actions()
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
            feats = [a for a in kinds.get(Use, []) if a.kind == "feat"
                     and (s.content.skill(a.ident).cost.kind == "free" or s.potions > 1)]
            return feats[0] if feats else kinds[RollDice][0]
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

    def _place(self, s, kinds):
        best = None
        for a in kinds.get(Place, []):
            box, dice = s.boxes[a.box], s.placed[a.box]
            finishes = covered(box, dice + (a.die,))
            if not finishes and not self._can_finish(s, a.box, a.hero):
                continue
            waste = a.die[1] - (box.target - sum(v for _, v in dice)) if finishes else -a.die[1]
            score = (finishes, box_cost(box), -waste, a.die[0] != "black")
            if best is None or score > best[0]:
                best = (score, a)
        if best:
            return best[1]
        for a in kinds.get(Use, []):
            if a.kind == "skill" and s.content.skill(a.ident).cost.kind == "free":
                return a
        convert = self._conversion(s, kinds.get(Convert, []))
        return convert or DONE

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
