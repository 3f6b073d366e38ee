"""What a player of One Deck Dungeon may know: everything on the table, of the deck only counts.

The game is co-operative and open: the party sees every card but the face-down ones, whose
identity nobody knows (not even the engine, which draws them only when they are revealed).

>>> import odd_nb
>>> obs = observation(odd_nb.start("one-deck-dungeon", seed=3).state)
>>> obs["deck_size"], "unseen" in obs
(44, False)
"""

from __future__ import annotations

from .dice import COLOURS


def observation(s) -> dict:
    """Everything on the table as plain data. Of the deck and the closed doors only their counts:
    which cards they hold is not known to anyone."""
    return {
        "dungeon": s.dungeon, "floor": s.floor, "turn": s.turn, "phase": s.phase,
        "level": s.level, "xp": s.xp, "potions": s.potions,
        "identified_potions": [p.id for p in s.identified_potions],
        "heroes": [{"id": hero.id, "damage": hero.damage, "health": s.health(h),
                    "items": list(hero.items), "skills": list(hero.skills),
                    "stored": hero.stored, "pool": [list(d) for d in s.pools[h]]}
                   for h, hero in enumerate(s.heroes)],
        "supply": dict(zip(COLOURS, s.supply)), "exiled": dict(zip(COLOURS, s.exiled)),
        "deck_size": s.deck_size, "closed_doors": s.closed_doors,
        "open_doors": list(s.open_doors), "discard": list(s.discard),
        "stairs_tokens": s.stairs_tokens, "poison": s.poison, "boss_damage": s.boss_damage,
        "card": s.card, "option": s.option,
        "boxes": [{"box": str(b), "dice": [list(d) for d in dice]}
                  for b, dice in zip(s.boxes, s.placed)],
        "outcome": s.outcome,
    }
