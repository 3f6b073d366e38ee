"""One Deck Dungeon: the game, its state, and the turn (rules §2, §5, §9-§11).

The state is an immutable ``OddState``. ``apply`` copies it into a mutable ``Draft``, lets the rule
functions (here, in ``encounter.py``, ``effects.py`` and ``loot.py``) change the draft in the
rulebook's order, settles everything that needs no decision, and freezes the result.

Pending work is handled before the phase's own choices, in this order: dice waiting to be rolled
and time waiting to be spent (chance nodes), damage waiting for the party to pick a hero, and a
hero out of health who may still be healed. So an ability that deals damage in the middle of an
encounter simply queues it, and the encounter goes on once it is dealt.

The deck is exact without deciding an order (DESIGN.md): ``unseen`` is the multiset of cards whose
identity nobody knows, the face-down deck *and* the closed doors. A closed door is drawn from it
only when it is opened, and time discards draw from it too; by symmetry that is the same as
shuffling first. ``deck_size`` of them are in the deck, ``closed_doors`` lie on the table.

>>> import odd_nb
>>> t = odd_nb.start("one-deck-dungeon", seed=3)
>>> t.play("time passes"); t.play("explore")
>>> t.state.closed_doors
4
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from ...core import draft as core_draft
from ...core.chance import multiset, multiset_add, multiset_remove, uniform_draw
from ...core.registry import Game, Option
from ...core.state import CHANCE, TERMINAL, OptionError, State
from . import effects, encounter, loot
from .actions import (ACCEPT_DEFEAT, DESCEND, EXPLORE, FACE, FLEE, OPEN_DOOR, TIME_PASSES, Card,
                      EnterOpenDoor, ReturnStored, Rolled, TakeDamage, Use)
from .content import Content, load_content
from .dice import COLOURS, FULL_SUPPLY, give_back, pool_add, take

STAIRS_TOKENS_PER_DAMAGE = 3  # §5.1
TIME_PER_TURN = 2  # §5.2
POTION_TOKENS = 6  # §1 (errata: 6)


@dataclass(frozen=True)
class HeroState:
    """A hero in play: damage taken, loot tucked as items and skills, dice stored by a feat."""

    id: str
    damage: int = 0
    items: tuple = ()
    skills: tuple = ()
    stored: int = 0


@dataclass(frozen=True)
class Rules:
    """Rule options (§13): variants are data."""

    lose_when_damage_equals_health: bool = False


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
        """Dice of a colour (or "health") from the hero card, items and campaign profile (§11)."""
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
        """Abilities of the foe at hand and every revealed floor (A23, A27), for one timing."""
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


@dataclass(frozen=True, slots=True)
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
    # caches of legal_actions(), never copied by dataclasses.replace (init=False)
    _legal: list | None = field(default=None, init=False, compare=False, repr=False)
    _legal_set: frozenset | None = field(default=None, init=False, compare=False, repr=False)

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
            return Rolled(int(u * 6) + 1)
        c = self.unseen[int(u * len(self.unseen))]
        return Card(c, self.content.encounters[c].name)

    def is_outcome(self, outcome) -> bool:
        if self.rolls_due:
            return isinstance(outcome, Rolled) and outcome.value in (1, 2, 3, 4, 5, 6)
        return isinstance(outcome, Card) and outcome.card in self.unseen

    def _legal_actions(self):
        if self._legal is None:
            object.__setattr__(self, "_legal", self._compute_legal())
        return self._legal

    def is_legal(self, action) -> bool:
        legal = self._legal_actions()
        if len(legal) < 8:
            return action in legal
        if self._legal_set is None:
            object.__setattr__(self, "_legal_set", frozenset(legal))
        try:
            return action in self._legal_set
        except TypeError:
            return False

    def _compute_legal(self) -> list:
        if self.damage_due:
            return [TakeDamage(h, self.hero_card(h).name, self.damage_due[0])
                    for h in range(len(self.heroes))]
        if self.dying:
            return effects.potion_uses(self, healing_only=True) + [ACCEPT_DEFEAT]
        phase = self.phase
        if phase == "turn start":
            acts = [TIME_PASSES] + effects.potion_uses(self) + effects.stored_returns(self)
            return acts + ([DESCEND] if self.stairs_showing else [])
        if phase == "turn":
            acts = []
            if self.doors < self.door_limit and not self.stairs_showing:
                acts.append(EXPLORE)
            if self.closed_doors:
                acts.append(OPEN_DOOR)
            names = self.content.encounters
            acts += [EnterOpenDoor(c, names[c].name) for c in sorted(set(self.open_doors))]
            return acts + ([DESCEND] if self.stairs_showing else [])
        if phase == "door":
            return [FACE, FLEE]
        if phase in loot.LOOT_PHASES:
            return loot.legal(self)
        return encounter.legal(self)

    def explain_illegal(self, action) -> str:
        return encounter.explain(self, action) or explain(self, action) or (
            f"{action!s} is not allowed now: the party is at '{self.phase}'"
            + (", choosing who takes damage" if self.damage_due else "")
            + (", with a hero out of health" if self.dying else ""))

    def _apply(self, action) -> "OddState":
        d = Draft(self)
        if self.is_chance:
            resolve_chance(d, action)
        elif isinstance(action, TakeDamage):
            d.damage_due = d.damage_due[1:]
            d.hurt(action.hero, self.damage_due[0])
        elif action == ACCEPT_DEFEAT:
            d.dying, d.outcome = False, "lost"
        elif action == TIME_PASSES:
            d.phase = "turn"
            d.time_due += TIME_PER_TURN
        elif action == DESCEND:
            descend(d)
        elif action == EXPLORE:
            explore(d)
        elif action == OPEN_DOOR:
            d.phase = "opening"
        elif isinstance(action, EnterOpenDoor):
            d.open_doors = multiset_remove(d.open_doors, action.card)
            d.card = action.card
            encounter.begin(d)
        elif action == FACE:
            encounter.begin(d)
        elif action == FLEE:
            d.open_doors = multiset_add(d.open_doors, d.card)
            d.card = None
            effects.store_dice(d, "flee")
            end_turn(d)
        elif isinstance(action, Use):
            effects.use(d, action)
        elif isinstance(action, ReturnStored):
            effects.return_stored(d, action.hero)
        elif self.phase in loot.LOOT_PHASES:
            loot.apply(d, action)
        else:
            encounter.apply(d, action)
        settle(d)
        return d.freeze()

    def observation(self, player: int = 0) -> dict:
        """Everything on the table; of the deck and closed doors only how many cards they hold."""
        from .render import observation
        return observation(self)

    def __repr__(self) -> str:
        where = "boss fight" if self.in_boss_fight else f"floor {self.floor}"
        return (f"<One Deck Dungeon {self.dungeon} {where}, turn {self.turn}, {self.phase}"
                + (f", {self.outcome}" if self.outcome else "") + ">")



class Draft(Reading, core_draft.Draft, state_class=OddState):
    """A mutable copy of a state that the rule functions change; ``freeze()`` makes the next
    state."""

    # -- small changes used by every rule --------------------------------------------------------
    def set_hero(self, h: int, **changes) -> None:
        hero = self.heroes[h]
        new = HeroState(**{**hero.__dict__, **changes})
        self.heroes = self.heroes[:h] + (new,) + self.heroes[h + 1:]

    def set_pool(self, h: int, pool: tuple) -> None:
        self.pools = self.pools[:h] + (pool,) + self.pools[h + 1:]

    def hurt(self, h: int, amount: int) -> None:
        self.set_hero(h, damage=self.heroes[h].damage + amount)
        check_loss(self)

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


def explain(s, action) -> str | None:
    """Why a turn action is not allowed, in the rules' words (None: no specific reason)."""
    if s.damage_due or s.dying:
        return None
    if action == EXPLORE and s.phase == "turn":
        if s.stairs_showing:
            return "the stairs are showing: there is no more exploring on this floor (§9)"
        return f"there are {s.doors} doors, the limit is {s.door_limit}: explore needs fewer (§5.3)"
    if action == EXPLORE and s.phase == "turn start":
        return "time passes first; then the party explores or enters a room (§5)"
    if action == DESCEND:
        return ("the party may descend only when the stairs show, between encounters (§9, A5); "
                f"{s.deck_size} cards are left in the deck")
    if action == FLEE:
        return "only a closed door just opened can be fled; an open door must be faced (§5.4)"
    if action == OPEN_DOOR and s.phase == "turn":
        return "there is no closed door to open"
    if isinstance(action, Use) and (action.hero, action.ident) in s.used:
        return f"{action.name or action.ident} was already used this encounter (once each, §7)"
    if isinstance(action, Use) and action.kind == "potion" and s.potions == 0:
        return "the party has no potion token left"
    return None


# -- chance -------------------------------------------------------------------------------------
def resolve_chance(d: Draft, outcome) -> None:
    if d.rolls_due:
        (h, colour), d.rolls_due = d.rolls_due[0], d.rolls_due[1:]
        d.set_pool(h, pool_add(d.pools[h], (colour, outcome.value)))
    elif d.phase == "opening":  # §5.4: turn a closed door face up
        d.unseen = multiset_remove(d.unseen, outcome.card)
        d.closed_doors -= 1
        d.card, d.phase = outcome.card, "door"
    else:  # §5.1: one unit of time discards the top card face up
        d.unseen = multiset_remove(d.unseen, outcome.card)
        d.deck_size -= 1
        d.discard = multiset_add(d.discard, outcome.card)
        d.time_due -= 1
        if d.stairs_showing and d.phase == "turn":
            d.time_due = 0  # A5: the stairs show; the rest of this time is dropped


def settle(d: Draft) -> None:
    """Do everything that needs neither chance nor a decision."""
    if d.time_due and d.stairs_showing:  # §5.1, A4, A26: time becomes stairs tokens
        d.stairs_tokens += d.time_due
        d.time_due = 0
        while d.stairs_tokens >= STAIRS_TOKENS_PER_DAMAGE:
            d.stairs_tokens -= STAIRS_TOKENS_PER_DAMAGE
            d.deal_damage(1, chosen=True)
    if len(d.heroes) == 1:
        while d.damage_due:
            amount, d.damage_due = d.damage_due[0], d.damage_due[1:]
            d.hurt(0, amount)
    if d.dying and not any(d.is_over(h) for h in range(len(d.heroes))):
        d.dying = False
    if d.outcome or d.rolls_due or d.time_due or d.damage_due or d.dying:
        return
    if d.phase in encounter.SETTLING_PHASES:
        encounter.settle(d)
    elif d.phase in loot.SETTLING_PHASES:
        loot.settle(d)


def check_loss(d: Draft) -> None:
    """§11, A3: a hero out of health loses the game, unless the party heals first."""
    if any(d.is_over(h) for h in range(len(d.heroes))):
        if effects.can_heal(d):
            d.dying = True
        else:
            d.outcome, d.phase = "lost", "over"


# -- the turn -----------------------------------------------------------------------------------
def explore(d: Draft) -> None:
    """§5.3: draw face down until the doors reach the limit; exploring ends the turn."""
    drawn = min(d.door_limit - d.doors, d.deck_size)
    d.deck_size -= drawn
    d.closed_doors += drawn
    effects.store_dice(d, "explore")
    if d.poison:  # §12 poison hook (engine decision): 1 damage to a chosen hero, one token wears off
        d.poison -= 1
        d.deal_damage(1, chosen=True)
    end_turn(d)


def end_turn(d: Draft) -> None:
    """The turn ends (§5); the next one starts with time passing."""
    d.turn += 1
    d.phase = "turn start"


def descend(d: Draft) -> None:
    """§9, A6: discard pile and every door go back into a new deck; the next floor shows.

    Descending is not a step of the turn (§5, A5): from the start of a turn, time then passes as
    usual; after time revealed the stairs, the party goes on to explore the new floor."""
    d.unseen = multiset(d.unseen + d.discard + d.open_doors)
    d.deck_size, d.closed_doors = len(d.unseen), 0
    d.discard = d.open_doors = ()
    d.stairs_tokens = 0
    d.floor += 1
    if d.in_boss_fight:  # §10: descending from floor 3 starts the boss fight
        encounter.begin(d)


# -- the game -----------------------------------------------------------------------------------
class OneDeckDungeon(Game):
    """One Deck Dungeon for one or two heroes (rules: shared/rules/one-deck-dungeon.md).

    >>> game = OneDeckDungeon()
    >>> s = game.new_initial_state(heroes=["h1", "h2"], dungeon="d2")
    >>> len(s.heroes), s.dungeon, s.deck_size
    (2, 'd2', 44)
    """

    name = "one-deck-dungeon"

    def __init__(self, content=None):
        self.content = content if isinstance(content, Content) else load_content(content)

    @property
    def data_name(self) -> str:
        return self.content.name

    def options(self) -> list[Option]:
        c = self.content
        heroes = tuple(c.heroes)
        easiest = min(c.dungeons.values(), key=lambda d: d.difficulty).id

        def check_heroes(value):
            value = [value] if isinstance(value, str) else list(value)
            if not 1 <= len(value) <= 2 or len(set(value)) != len(value):
                raise OptionError("heroes must be one or two different hero ids, "
                                  f"e.g. {list(heroes[:2])}")
            for h in value:
                if h not in c.heroes:
                    raise OptionError(f"no hero {h!r} in {c.name}; heroes: {list(heroes)}")
            return value

        return [
            Option("heroes", [heroes[0]], "one or two hero ids (1P or 2P sides)", None,
                   check_heroes),
            Option("dungeon", easiest, "the dungeon to delve", tuple(c.dungeons)),
            Option("lose_when_damage_equals_health", False,
                   "a hero is out when damage equals health, not only above it (A3)",
                   (False, True)),
            Option("campaign", None, "a campaign profile that changes the start (§12)",
                   (None,) + tuple(c.campaign_profiles)),
        ]

    def initial_state(self, options: dict) -> OddState:
        """Setup (§2): level 1, 1 potion, the whole deck shuffled with the stairs under it."""
        c = self.content
        profile = c.campaign_profiles.get(options["campaign"]) if options["campaign"] else None
        cards = multiset(c.encounters)
        n = len(options["heroes"])
        return OddState(
            content=c, rules=Rules(options["lose_when_damage_equals_health"]),
            dungeon=options["dungeon"],
            heroes=tuple(HeroState(h) for h in options["heroes"]),
            campaign_stats=profile.stats if profile else (),
            potions=min(POTION_TOKENS, 1 + (profile.potions if profile else 0)),
            xp_bonus=profile.xp if profile else 0,
            unseen=cards, deck_size=len(cards), pools=((),) * n)

    @staticmethod
    def text(state) -> str:
        from .render import text
        return text(state)

    @staticmethod
    def html(state) -> str:
        from .render import html
        return html(state)

    def view(self):
        from .view import OneDeckView
        return OneDeckView(self)

    def agents(self) -> dict:
        from .agents import GreedyAgent
        return {**super().agents(), "greedy": GreedyAgent}

    def final_stats(self, state: OddState) -> dict:
        """Where the delve ended: floor, level, XP, damage per hero (summed), boss damage."""
        return {"floor": state.floor, "level": state.level, "xp": state.xp,
                "damage_taken": sum(h.damage for h in state.heroes),
                "boss_damage": state.boss_damage, "potions": state.potions,
                "turns": state.turn}


__all__ = ["OddState", "OneDeckDungeon", "HeroState", "Rules", "COLOURS", "give_back"]
