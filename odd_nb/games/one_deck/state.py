"""What a One Deck Dungeon position holds (rules §1-§3, §5): heroes, the delve, the encounter.

The state is an immutable ``OddState``. ``apply_by_rules`` copies it into a mutable ``Draft``,
lets the rules (``rules.py`` for the turn, ``encounter.py``, ``effects.py`` and ``loot.py``) change
the draft in the rulebook's order, and freezes the result into the next state. ``apply`` goes
through ``fast.py``, which makes the most frequent steps with less work and lists the legal actions
from tables of ready-made actions; the tests check it against the rules at every step of thousands
of games. A state's fields live in its ``__dict__``, so a draft is one dictionary copy, not forty
attribute copies.

The deck is exact without deciding an order (docs/design.md, "Chance"): ``unseen`` is the multiset
of cards whose identity nobody knows, the face-down deck *and* the closed doors. A closed door is
drawn from it only when it is opened, and time discards draw from it too; by symmetry that is the
same as shuffling first. ``deck_size`` of them are in the deck, ``closed_doors`` lie on the table.

>>> import odd_nb
>>> t = odd_nb.start("one-deck-dungeon", seed=3)
>>> t.play("time passes"); t.play("explore")
>>> t.state.closed_doors, t.state.deck_size
(4, 38)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from ...core import draft as core_draft
from ...core.chance import uniform_draw
from ...core.state import CHANCE, TERMINAL, State
from . import effects, encounter, fast, knowledge, loot, rules
from .actions import Card, Rolled
from .content import Content
from .dice import FULL_SUPPLY, pool_add, take

POTION_TOKENS = 6  # §1 (errata: 6)
_new, _set = object.__new__, object.__setattr__  # a state or draft from a ready dictionary


@dataclass(frozen=True)
class HeroState:
    """A hero in play: damage taken, loot tucked as items and skills, dice stored by a feat."""

    id: str
    damage: int = 0
    items: tuple = ()
    skills: tuple = ()
    stored: int = 0


_HERO_FIELDS = tuple(HeroState.__dataclass_fields__)


@dataclass(frozen=True)
class Rules:
    """Rule options (§13): variants are data."""

    lose_when_damage_equals_health: bool = False


_stats: dict = {}  # see ``Reading.stat``
_cards: dict = {}  # see ``OddState.sample_chance``
ROLLED = tuple(Rolled(v) for v in range(1, 7))
_abilities: dict = {}  # see ``Reading.active_abilities``


class Reading:
    """Questions about a state, shared by the frozen state and the draft."""

    __slots__ = ()

    @property
    def side(self) -> str:
        return "1P" if len(self.heroes) == 1 else "2P"

    def hero_card(self, h: int):
        return self.content.heroes[self.heroes[h].id]

    def hero_side(self, h: int):
        return self.hero_card(h).sides[self.side]

    def hero_name(self, h: int) -> str:
        """The hero's name, or "" with one hero (actions then need no name)."""
        return self.hero_card(h).name if len(self.heroes) > 1 else ""

    def stat(self, h: int, what: str) -> int:
        """Dice of a colour (or "health") from the hero card, items and campaign profile (§11).
        (Kept in a table by the hero, side, items and profile: speed only.)"""
        hero, content = self.heroes[h], self.content
        key = (id(content), hero.id, len(self.heroes), hero.items, self.campaign_stats, what)
        entry = _stats.get(key)
        if entry is None or entry[0] is not content:
            if len(_stats) > 50_000:
                _stats.clear()
            entry = _stats[key] = (content, self.stat_by_cards(h, what))
        return entry[1]

    def stat_by_cards(self, h: int, what: str) -> int:
        """``stat`` added up from the cards."""
        side = self.hero_side(h)
        total = side.health if what == "health" else dict(side.stats).get(what, 0)
        for card in self.heroes[h].items:
            total += dict(self.content.encounters[card].loot.item).get(what, 0)
        return total + dict(self.campaign_stats).get(what, 0)

    def health(self, h: int) -> int:
        return self.stat(h, "health")

    def is_over(self, h: int) -> bool:
        """§11, A3: a hero with more damage than health is out (or as much, with the option)."""
        damage, health = self.heroes[h].damage, self.health(h)
        return damage >= health if self.rules.lose_when_damage_equals_health else damage > health

    @property
    def level_side(self):
        return self.content.levels[self.level - 1][self.side]

    @property
    def dungeon_card(self):
        return self.content.dungeons[self.dungeon]

    @property
    def door_limit(self) -> int:
        return self.dungeon_card.door_limit

    @property
    def doors(self) -> int:
        return self.closed_doors + len(self.open_doors)

    @property
    def stairs_showing(self) -> bool:
        return self.deck_size == 0

    @property
    def in_boss_fight(self) -> bool:
        return self.floor > 3

    @property
    def xp(self) -> int:
        return self.xp_bonus + sum(self.content.encounters[c].xp for c in self.xp_cards)

    def skills_of(self, h: int) -> list:
        """Printed skills and tucked skill cards of hero ``h``."""
        side = self.hero_side(h)
        return list(side.skills) + [self.content.encounters[c].loot.skill
                                    for c in self.heroes[h].skills]

    @property
    def identified_potions(self) -> list:
        """The basic potion plus every type identified by a potion card (§6 loot, §7)."""
        return [self.content.basic_potion] + [
            self.content.potions[self.content.encounters[c].loot.potion]
            for c in self.potion_cards]

    @property
    def potion_supply(self) -> int:
        return POTION_TOKENS - self.potions

    @property
    def encounter_card(self):
        return self.content.encounters[self.card] if self.card else None

    def active_abilities(self, timing: str) -> list:
        """Abilities of the foe at hand and every revealed floor (A23, A27), for one timing.
        (Kept in a table by dungeon, floor, boss fight and card: speed only.)"""
        content = self.content
        key = (id(content), self.dungeon, self.floor, self.card, timing)
        entry = _abilities.get(key)
        if entry is None or entry[0] is not content:
            if len(_abilities) > 50_000:
                _abilities.clear()
            entry = _abilities[key] = (content, tuple(self.abilities_by_cards(timing)))
        return list(entry[1])

    def abilities_by_cards(self, timing: str) -> list:
        """``active_abilities`` read from the cards."""
        found = []
        if self.in_boss_fight:
            sources = [self.dungeon_card.boss.abilities]
        else:
            sources = [f.abilities for f in self.dungeon_card.floors[:self.floor]]
            card = self.encounter_card
            if card is not None and card.kind == "combat":
                sources.append(card.abilities)
        for abilities in sources:
            found.extend(e for a in abilities if a.timing == timing for e in a.effects)
        return found

    def forbidden(self, what: str) -> bool:
        """Whether a continuous ability forbids potions, skills or conversion now (through the
        whole encounter, its loot step included)."""
        return self.phase in encounter.ENCOUNTER_PHASES + loot.LOOT_PHASES and any(
            e.what == what for e in self.active_abilities("continuous"))


@dataclass(frozen=True)
class OddState(Reading, State):
    """A One Deck Dungeon state. Read it like the table: ``str(state)`` prints the board."""

    game_name = "one-deck-dungeon"

    content: Content = field(compare=False, repr=False)
    rules: Rules
    dungeon: str
    heroes: tuple
    campaign_stats: tuple = ()
    supply: tuple = FULL_SUPPLY
    exiled: tuple = (0, 0, 0, 0)
    potions: int = 1
    potion_cards: tuple = ()
    level: int = 1
    xp_cards: tuple = ()
    xp_bonus: int = 0
    floor: int = 1
    unseen: tuple = ()
    deck_size: int = 0
    closed_doors: int = 0
    open_doors: tuple = ()
    discard: tuple = ()
    boxed: tuple = ()
    stairs_tokens: int = 0
    poison: int = 0
    boss_damage: int = 0
    turn: int = 1
    phase: str = "turn start"
    card: str | None = None
    option: int | None = None
    boxes: tuple = ()
    placed: tuple = ()
    pools: tuple = ()
    rolls_due: tuple = ()
    used: tuple = ()
    prevented: tuple = (0, 0)
    time_due: int = 0
    damage_due: tuple = ()
    dying: bool = False
    outcome: str | None = None
    # caches of legal_actions(), set on first use: entries of the instance's __dict__ that are no
    # fields, so never compared, hashed, copied into a draft or by dataclasses.replace
    _legal = None
    _legal_set = None

    # -- protocol ------------------------------------------------------------------------------
    @property
    def num_players(self) -> int:
        return 1  # co-operative: the party decides together, one or two heroes

    @property
    def to_move(self) -> int:
        if self.outcome is not None:
            return TERMINAL
        if self.rolls_due or self.phase == "opening" or (self.time_due and self.deck_size):
            return CHANCE
        return 0

    @property
    def is_chance(self) -> bool:  # ``to_move == CHANCE``, without the detour (speed only)
        return self.outcome is None and bool(
            self.rolls_due or self.phase == "opening" or (self.time_due and self.deck_size))

    @property
    def is_terminal(self) -> bool:  # ``to_move == TERMINAL``
        return self.outcome is not None

    def returns(self) -> list[float]:
        return [1.0 if self.outcome == "won" else 0.0]

    def chance_label(self) -> str:
        if self.rolls_due:
            return f"rolling a {self.rolls_due[0][1]} die"
        return "the top card of the deck" if self.time_due else "the card behind a closed door"

    def _chance_outcomes(self):
        if self.rolls_due:
            return [(Rolled(v), Fraction(1, 6)) for v in range(1, 7)]
        names = self.content.encounters
        return [(Card(c, names[c].name), p) for c, p in uniform_draw(self.unseen)]

    def sample_chance(self, u: float):
        if self.rolls_due:
            return ROLLED[int(u * 6)]
        c = self.unseen[int(u * len(self.unseen))]
        card = _cards.get(c)  # one Card per card and name, made once (speed only)
        name = self.content.encounters[c].name
        if card is None or card.name != name:
            card = _cards[c] = Card(c, name)
        return card

    # -- the core's protocol with fewer calls (speed only; the same answers and refusals) ------
    def legal_actions(self) -> list:
        legal = self._legal
        if legal is not None:
            return legal
        if self.is_chance or self.outcome is not None:
            return []
        legal = self._compute_legal()
        _set(self, "_legal", legal)
        return legal

    def apply(self, action) -> "OddState":
        if self.outcome is None:
            if self.rolls_due or self.phase == "opening" or (self.time_due and self.deck_size):
                if self.is_outcome(action):
                    return fast.chance_step(self, action)
            elif self.is_legal(action):
                return fast.decision_step(self, action)
        return State.apply(self, action)  # refused, in the core's words

    def play_chance(self, rng) -> "OddState":
        return fast.chance_run(self, rng)

    def is_outcome(self, outcome) -> bool:
        if self.rolls_due:
            return isinstance(outcome, Rolled) and outcome.value in (1, 2, 3, 4, 5, 6)
        return isinstance(outcome, Card) and outcome.card in self.unseen

    def _legal_actions(self):
        if self._legal is None:
            object.__setattr__(self, "_legal", self._compute_legal())
        return self._legal

    def is_legal(self, action) -> bool:
        """Whether ``action`` is among ``legal_actions()``; without the list at hand, among the
        choices of its own kind only (``fast.is_legal``)."""
        legal = self._legal
        if legal is None:
            return fast.is_legal(self, action)
        for a in legal:  # an action taken from the list: found by identity
            if a is action:
                return True
        if len(legal) < 8:
            return action in legal
        if self._legal_set is None:
            object.__setattr__(self, "_legal_set", frozenset(legal))
        try:
            return action in self._legal_set
        except TypeError:
            return False

    def _compute_legal(self) -> list:
        return fast.legal(self)

    def explain_illegal(self, action) -> str:
        return encounter.explain(self, action) or rules.explain(self, action) or (
            f"{action!s} is not allowed now: the party is at '{self.phase}'"
            + (", choosing who takes damage" if self.damage_due else "")
            + (", with a hero out of health" if self.dying else ""))

    def _apply(self, action) -> "OddState":
        return fast.apply(self, action)

    def draft(self) -> "Draft":
        """A mutable copy for the rule functions (``fast.py`` asks for it this way, so that it
        need not import this module)."""
        return Draft(self)

    def apply_by_rules(self, action) -> "OddState":
        """The next state, made by the rule functions on a ``Draft`` in the rulebook's order
        (``rules.take``), the reference for ``fast.apply``. (``apply`` checks legality first;
        this does not.)"""
        d = Draft(self)
        rules.take(d, action, self.is_chance)
        return d.freeze()

    def observation(self, player: int = 0) -> dict:
        """Everything on the table; of the deck and closed doors only how many cards they hold."""
        return knowledge.observation(self)

    def __repr__(self) -> str:
        where = "boss fight" if self.in_boss_fight else f"floor {self.floor}"
        return (f"<One Deck Dungeon {self.dungeon} {where}, turn {self.turn}, {self.phase}"
                + (f", {self.outcome}" if self.outcome else "") + ">")


class Draft(Reading, core_draft.Draft, state_class=OddState):
    """A mutable copy of a state that the rule functions change; ``freeze()`` makes the next
    state."""

    def __init__(self, state):
        _set(self, "__dict__", fast.fields_of(state))  # the fields; caches made empty

    def freeze(self) -> OddState:
        state = _new(OddState)  # the fields as the dataclass's __init__ would set them
        _set(state, "__dict__", self.__dict__.copy())
        return state

    # -- small changes used by every rule --------------------------------------------------------
    def set_hero(self, h: int, **changes) -> None:
        hero = self.heroes[h]
        fields = hero.__dict__.copy()
        fields.update(changes)
        if len(fields) == len(_HERO_FIELDS):  # HeroState(**fields), made faster
            new = _new(HeroState)
            _set(new, "__dict__", fields)
        else:  # a name that is no field: the dataclass says so
            new = HeroState(**fields)
        self.heroes = self.heroes[:h] + (new,) + self.heroes[h + 1:]

    def set_pool(self, h: int, pool: tuple) -> None:
        self.pools = self.pools[:h] + (pool,) + self.pools[h + 1:]

    def hurt(self, h: int, amount: int) -> None:
        self.set_hero(h, damage=self.heroes[h].damage + amount)
        effects.check_loss(self)

    def heal(self, h: int, amount: int) -> None:
        self.set_hero(h, damage=max(0, self.heroes[h].damage - amount))

    def deal_damage(self, amount: int, chosen: bool = False) -> None:
        """Damage to the party. Split as evenly as possible in 2P, the odd point to a hero of the
        party's choice (E5, A13); ``chosen``: all of it to one hero the party picks."""
        if amount <= 0:
            return
        if len(self.heroes) == 1:
            self.hurt(0, amount)
        elif chosen:
            self.damage_due += (amount,)
        else:
            for h in range(len(self.heroes)):
                self.hurt(h, amount // 2)
            if amount % 2:
                self.damage_due += (1,)

    def gain_dice(self, h: int, colour: str, n: int, value: int | None = None) -> None:
        """Take up to ``n`` dice from the supply into hero ``h``'s pool, set to ``value`` or
        rolled (then they wait as chance nodes)."""
        self.supply, got = take(self.supply, colour, n)
        if value is None:
            self.rolls_due += ((h, colour),) * got
        else:
            self.set_pool(h, pool_add(self.pools[h], *((colour, value),) * got))


__all__ = ["Draft", "HeroState", "OddState", "POTION_TOKENS", "Reading", "Rules"]
