"""The actions and chance outcomes of Dungeon Twister as small values (docs/rules/dungeon-twister.md).

Every action is one frozen dataclass, ``Act``: a ``verb`` (what is done), the acting token
``who`` (-1 when nobody in particular acts), two small arguments ``a`` and ``b`` whose meaning
depends on the verb, and its ``text``, the readable words ``str()`` gives ("Wizard steps
north", "rotate room 3 clockwise", "end the turn"). Two actions are equal when verb, who, a and
b are; the text is only how it reads.

Tokens are numbered 0-27: seat 0's (yellow) 0-13 and seat 1's (blue) 14-27; within a side the
eight characters come first, in the order of ``data/characters.json``, then the six objects.

>>> str(Act("end turn", text="end the turn")), side_of(15), is_character(22)
('end the turn', 1, False)
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...core.once import Once

TOKENS_PER_SIDE = 14
CHARACTERS_PER_SIDE = 8
NUM_TOKENS = 2 * TOKENS_PER_SIDE
COLOURS = ("yellow", "blue")
SEAT_NAMES = ("Yellow", "Blue")

# verbs of decisions
START_WITH = "start with"          # who: a character, a: the starting square's column (§4.2)
PLACE_IN_ROOM = "place in room"    # who: a token, a: the slot (§4.3)
PLAY_ACTION_CARD = "action card"   # a: the card's value (§5.1)
END_TURN = "end turn"              # (§5.2)
REVEAL = "reveal"                  # a: the slot (§6)
PLACE_TOKEN = "place token"        # who: a token, a: row, b: column (§6.3)
ROTATE = "rotate"                  # a: the slot, b: "clockwise" / "counter-clockwise" (§7)
BEGIN = "begin"                    # who: the mover, a: "move" / "jump" / "wall step" (§8)
STEP = "step"                      # who, a: side N/E/S/W (§8.2)
JUMP = "jump"                      # who, a: side of the pit, b: side of the landing (§8.6)
WALL_STEP = "wall step"            # who, a: side (§11.2)
PICK_UP = "pick up"                # who, b: the token picked up (§8.5)
PUT_DOWN = "put down"              # who, b: the token put down
GIVE = "give"                      # who, a: the friend, b: the token given
TAKE = "take"                      # who, a: the friend, b: the token taken
SWAP = "swap"                      # who, a: the friend
END_MOVE = "end move"              # who
ATTACK = "attack"                  # who: the attacker, a: the target (§9.1)
COMBAT_CARD = "combat card"        # a: the card's value (§9.3)
HEAL = "heal"                      # who: the Cleric, a: the wounded character (§10.2)
REGENERATE = "regenerate"          # who: the Troll (§10.3)
PORTCULLIS = "portcullis"          # who, a: side, b: "opens" / "closes" / "breaks" (§11.3)
DRINK = "drink"                    # who: the drinker (§11.4)
FIREBALL = "fireball"              # who: the Wizard, a: side (§11.5)

# verbs of chance outcomes
FIRST_PLACER = "first placer"      # a: the seat (§4.3, A30)
FIRST_PLAYER = "first player"      # a: the seat (§4.4, A30)
ROOM_COMES_UP = "room comes up"    # a: room index, b: quarter turns clockwise (§6.2, A5)


@dataclass(frozen=True, init=False)
class Act:
    """One action or chance outcome: ``Act("step", who=7, a="N", text="Wizard steps north")``."""

    verb: str
    who: int = -1
    a: object = -1
    b: object = -1
    text: str = field(default="", compare=False)

    def __init__(self, verb: str, who: int = -1, a=-1, b=-1, text: str = ""):
        # fields written straight into the instance: the frozen dataclass's own __init__ sets
        # them one by one through object.__setattr__, twice as slow, and the rules build
        # dozens of actions for every position
        d = self.__dict__
        d["verb"], d["who"], d["a"], d["b"], d["text"] = verb, who, a, b, text

    def __str__(self) -> str:
        return self.text or self.verb


def made(content) -> dict:
    """The actions already made for positions of this content, by what decides their value and
    words: an action is a value, so the one made once is offered wherever it is legal again."""
    found = content.__dict__.get("_made")
    if found is None:
        found = content.__dict__["_made"] = {}
    return found


def side_of(token: int) -> int:
    """The seat a token belongs to (0 yellow, 1 blue)."""
    return token // TOKENS_PER_SIDE


def is_character(token: int) -> bool:
    return token % TOKENS_PER_SIDE < CHARACTERS_PER_SIDE


def tokens_of(seat: int) -> range:
    return range(seat * TOKENS_PER_SIDE, (seat + 1) * TOKENS_PER_SIDE)


#: each seat's characters, and both seats' (for the rules' many "is it a character of ..." tests)
CHARACTERS_OF = tuple(frozenset(t for t in tokens_of(seat) if is_character(t)) for seat in (0, 1))
CHARACTERS = CHARACTERS_OF[0] | CHARACTERS_OF[1]


__all__ = ["Act", "CHARACTERS", "CHARACTERS_OF", "CHARACTERS_PER_SIDE", "COLOURS", "NUM_TOKENS",
           "Once", "SEAT_NAMES", "TOKENS_PER_SIDE", "is_character", "made", "side_of",
           "tokens_of"] + [
    "START_WITH", "PLACE_IN_ROOM", "PLAY_ACTION_CARD", "END_TURN", "REVEAL", "PLACE_TOKEN",
    "ROTATE", "BEGIN", "STEP", "JUMP", "WALL_STEP", "PICK_UP", "PUT_DOWN", "GIVE", "TAKE",
    "SWAP", "END_MOVE", "ATTACK", "COMBAT_CARD", "HEAL", "REGENERATE", "PORTCULLIS", "DRINK",
    "FIREBALL", "FIRST_PLACER", "FIRST_PLAYER", "ROOM_COMES_UP"]
