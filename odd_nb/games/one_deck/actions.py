"""The actions of One Deck Dungeon and the outcomes of its chance nodes.

Every action is a small frozen value; ``str()`` reads like the rulebook and is unique among the
choices of a state, so ``timeline.play("explore")`` and save files work by text. Fields marked
``compare=False`` only make the text readable (a hero's name, a box's description).

>>> str(Place(0, ("yellow", 5), 1, who="", box_text="small yellow 4"))
'place yellow 5 on box 2 (yellow 4)'
"""

from __future__ import annotations

from dataclasses import dataclass, field

Die = tuple  # (colour, value)


def die_text(die: Die) -> str:
    return f"{die[0]} {die[1]}"


def _who(name: str) -> str:
    return f"{name}: " if name else ""


@dataclass(frozen=True, slots=True)
class Do:
    """An action with no parameters: 'time passes', 'explore', 'descend', 'flee', ..."""

    verb: str

    def __str__(self) -> str:
        return self.verb


TIME_PASSES = Do("time passes")
EXPLORE = Do("explore")
DESCEND = Do("descend")
OPEN_DOOR = Do("open a closed door")
FACE = Do("face the encounter")
FLEE = Do("flee")
DONE = Do("done: resolve consequences")
ACCEPT_DEFEAT = Do("accept defeat")
TRADE_XP = Do("spend 5 XP for a potion")


@dataclass(frozen=True, slots=True)
class EnterOpenDoor:
    card: str
    name: str = field(default="", compare=False)

    def __str__(self) -> str:
        return f"enter the open door {self.name} ({self.card})"


@dataclass(frozen=True, slots=True)
class ChooseOption:
    """Peril choice (E1): option 0 or 1."""

    option: int
    text: str = field(default="", compare=False)

    def __str__(self) -> str:
        return f"choose option {'AB'[self.option]}: {self.text}"


@dataclass(frozen=True, slots=True)
class RollDice:
    """Gather and roll (E3). ``bonus`` says how many level bonus dice each hero rolls; ``first``
    which hero gathers first when the supply cannot give every hero all their dice (A9)."""

    bonus: tuple = ()
    first: int | None = None
    who: tuple = field(default=(), compare=False)

    def __str__(self) -> str:
        parts = []
        if len(self.bonus) > 1 and sum(self.bonus):
            parts.append("bonus dice: " + ", ".join(f"{n} to {w}"
                                                    for n, w in zip(self.bonus, self.who)))
        if self.first is not None:
            parts.append(f"{self.who[self.first]} gathers first")
        return "roll the dice" + (f" ({'; '.join(parts)})" if parts else "")


@dataclass(frozen=True, slots=True)
class Place:
    """Put one pool die on an active box (E4)."""

    hero: int
    die: Die
    box: int
    who: str = field(default="", compare=False)
    box_text: str = field(default="", compare=False)

    def __str__(self) -> str:
        text = self.box_text.replace("small ", "")
        return f"{_who(self.who)}place {die_text(self.die)} on box {self.box + 1} ({text})"


@dataclass(frozen=True, slots=True)
class Convert:
    """Heroic 2-for-1: two pool dice to the supply, a black die of the lower value to ``to``."""

    first: tuple  # (hero, die)
    second: tuple  # (hero, die)
    to: int
    who: tuple = field(default=(), compare=False)  # names of the heroes, when two

    def __post_init__(self):  # the same two dice in either order are the same action
        if self.second < self.first:
            first, second = self.second, self.first
            object.__setattr__(self, "first", first)
            object.__setattr__(self, "second", second)

    def __str__(self) -> str:
        (h1, d1), (h2, d2) = self.first, self.second
        low = min(d1[1], d2[1])
        if not self.who:
            return f"convert {die_text(d1)} and {die_text(d2)} into black {low}"
        if h1 == h2:  # a hero's own two dice: the black die is theirs
            return f"{self.who[h1]} converts {die_text(d1)} and {die_text(d2)} into black {low}"
        return (f"convert {self.who[h1]}'s {die_text(d1)} and {self.who[h2]}'s {die_text(d2)} "
                f"into black {low} for {self.who[self.to]}")


@dataclass(frozen=True, slots=True)
class Discard:
    """Voluntarily return a pool die to the supply."""

    hero: int
    die: Die
    who: str = field(default="", compare=False)

    def __str__(self) -> str:
        return f"{_who(self.who)}discard {die_text(self.die)}"


@dataclass(frozen=True, slots=True)
class Use:
    """Use a heroic feat, a skill or a potion.

    ``pay`` are the pool dice paid as cost; ``dice`` the pool dice chosen by effects (increase,
    set, reroll, discard); ``patient`` the hero chosen by a heal."""

    hero: int
    kind: str  # feat | skill | potion
    ident: str
    pay: tuple = ()
    dice: tuple = ()
    patient: int | None = None
    who: str = field(default="", compare=False)
    name: str = field(default="", compare=False)
    patient_name: str = field(default="", compare=False)
    cost: str = field(default="", compare=False)  # a cost that is not dice: "a potion token"

    def __str__(self) -> str:
        verb = "drink" if self.kind == "potion" else "use"
        text = f"{_who(self.who)}{verb} {self.name}"
        parts = [f"spending {self.cost}"] if self.cost else []
        if self.pay:
            parts.append("paying " + ", ".join(die_text(d) for d in self.pay))
        if self.dice:
            parts.append("on " + "; ".join(" + ".join(die_text(d) for d in group)
                                           for group in self.dice))
        if self.patient is not None:
            parts.append(f"healing {self.patient_name or 'the hero'}")
        return text + (f" ({'; '.join(parts)})" if parts else "")


@dataclass(frozen=True, slots=True)
class ReturnStored:
    """Return the black dice a feat stored on a hero card to the supply (E2: any time)."""

    hero: int
    who: str = field(default="", compare=False)

    def __str__(self) -> str:
        return f"{_who(self.who)}return the stored dice to the supply"


@dataclass(frozen=True, slots=True)
class TakeDamage:
    """The party chooses which hero takes one point of damage (A13)."""

    hero: int
    who: str = field(default="", compare=False)
    amount: int = field(default=1, compare=False)

    def __str__(self) -> str:
        return f"{self.who or 'the hero'} takes {self.amount} damage"


@dataclass(frozen=True, slots=True)
class TakeLoot:
    """Loot (E6): the defeated card becomes an item, a skill, a potion or XP.

    ``displace`` names a card the hero gives up at the item or skill limit (it becomes XP)."""

    use: str  # item | skill | potion | xp
    hero: int | None = None
    displace: str | None = None
    who: str = field(default="", compare=False)
    displace_name: str = field(default="", compare=False)

    def __str__(self) -> str:
        if self.use in ("xp", "potion"):
            return f"take the card as {'XP' if self.use == 'xp' else 'a potion'}"
        text = f"take the card as {'an item' if self.use == 'item' else 'a skill'}"
        text += f" for {self.who}" if self.who else ""
        if self.displace:
            text += f", turning {self.displace_name} ({self.displace}) into XP"
        return text


# -- chance outcomes ----------------------------------------------------------------------------
@dataclass(frozen=True, order=True, slots=True)
class Rolled:
    """A die comes up ``value``."""

    value: int

    def __str__(self) -> str:
        return f"the die shows {self.value}"


@dataclass(frozen=True, order=True, slots=True)
class Card:
    """A card of the deck is revealed."""

    card: str
    name: str = field(default="", compare=False)

    def __str__(self) -> str:
        return f"reveal {self.name} ({self.card})"
