"""Positions built by hand for the Dungeon Twister rule tests (docs/rules/dungeon-twister.md).

Rooms made for the tests: plain floor with one gear, and whatever pits, walls and portcullises a
test needs. Squares are ``(row, col)``; row 0 is Yellow's line, row 21 Blue's, north is +row.
"""

from __future__ import annotations

from dataclasses import replace

from odd_nb.games.dungeon_twister import DungeonTwister

CHARACTERS = ["Cleric", "Goblin", "Gearwright", "Thief", "Troll", "Phasewalker", "Warrior",
              "Wizard"]
OBJECTS = ["Sword", "Armor", "Rope", "Treasure", "speed potion", "fireball wand"]


def T(seat: int, name: str) -> int:
    """The token number of ``seat``'s character or object called ``name``."""
    names = CHARACTERS + OBJECTS
    return seat * 14 + names.index(name)


Y = lambda name: T(0, name)  # noqa: E731  the yellow token
B = lambda name: T(1, name)  # noqa: E731  the blue token


def room(rid, pair, direction, squares=None, walls=(), portcullises=()):
    return {"id": rid, "name": rid.title(), "pair": pair, "direction": direction,
            "squares": squares or [".....", ".....", "..g..", ".....", "....."],
            "walls": [list(w) for w in walls], "portcullises": [list(p) for p in portcullises]}


def rooms_file(**special) -> dict:
    """Eight rooms r1..r8 (pairs 1-4; odd ones clockwise); ``special`` replaces some,
    e.g. ``r1=dict(squares=[...], walls=[(0, 0, "N")])``."""
    out = []
    for i in range(8):
        rid = f"r{i + 1}"
        kw = special.get(rid, {})
        out.append(room(rid, i // 2 + 1, "clockwise" if i % 2 == 0 else "counter-clockwise",
                        **kw))
    return {"format": "odd_nb.dungeon_twister.rooms", "version": 1, "rooms": out}


def position(at=None, carried=None, wounded=(), rooms=None, slots="all", active=0, ap=5,
             jumps=(3, 3), **options):
    """A position in phase 2 of ``active``'s turn: ``at`` maps tokens to squares, ``carried``
    maps a carried token to its carrier; room ``i`` (0-7) of ``rooms`` lies unturned in slot
    ``i`` unless ``slots`` says otherwise ("all", or a tuple of 8 entries)."""
    game = DungeonTwister(content=rooms or rooms_file())
    s = game.new_initial_state(**options)
    loc = [("reserve",)] * 28
    for t, sq in (at or {}).items():
        loc[t] = ("sq",) + tuple(sq)
    for t, carrier in (carried or {}).items():
        loc[t] = ("carried", carrier)
    if slots == "all":
        slots = tuple((i, 0) for i in range(8))
    return replace(s, phase="actions", decider=active, active=active, first_player=0,
                   first_placer=0, round=1, loc=tuple(loc), slots=slots,
                   wounded=frozenset(wounded), ap=ap, highest=5, released=True,
                   top_card=(5, 5), jumps=jumps)


def texts(state) -> list[str]:
    return [str(a) for a in state.legal_actions()]


def play(state, *words):
    """Play actions by their text, one after the other."""
    for w in words:
        state = state.apply(state.find_action(w))
    return state


def where(state, token):
    return state.loc[token]
