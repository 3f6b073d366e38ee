"""One Deck Dungeon, the game: its start options, the setup, its agents and how it shows itself.

The top of the package: ``state.py`` holds a position, ``rules.py`` and the rule modules move it,
``render.py`` and ``view.py`` show it, ``agents.py`` plays it.
"""

from __future__ import annotations

from os import PathLike

from ...core.chance import multiset
from ...core.game import Game, Option
from ...core.errors import LoadError, OptionError
from . import render
from .agents import ExpectimaxAgent, GreedyAgent
from .content import Content, load_content, load_content_data
from .state import POTION_TOKENS, HeroState, OddState, Rules
from .view import OneDeckView


class OneDeckDungeon(Game):
    """One Deck Dungeon for one or two heroes (rules: docs/rules/one-deck-dungeon.md).

    >>> game = OneDeckDungeon()
    >>> s = game.new_initial_state(heroes=["h1", "h2"], dungeon="d2")
    >>> len(s.heroes), s.dungeon, s.deck_size
    (2, 'd2', 44)
    """

    name = "one-deck-dungeon"

    def __init__(self, content=None):
        """``content``: the card data: a path to a card file (``data/SCHEMA.md``), the file's
        data already parsed (a dict), a ``Content``, or ``None`` for the original set."""
        if isinstance(content, dict):
            content = load_content_data(content, "the card data given")
        elif not (content is None or isinstance(content, (Content, str, PathLike))):
            raise LoadError(f"content must be a path to a card file, card data (a dict) or a "
                            f"Content, not {type(content).__name__}")
        self.content = content if isinstance(content, Content) else load_content(content)

    @property
    def data_name(self) -> str:
        return self.content.name

    def options(self) -> list[Option]:
        c = self.content
        heroes = tuple(c.heroes)
        easiest = min(c.dungeons.values(), key=lambda d: d.difficulty).id

        def check_heroes(value):
            value = [value] if isinstance(value, str) else value
            if not isinstance(value, (list, tuple)) or not all(isinstance(h, str) for h in value):
                raise OptionError(f"heroes must be a hero id or a list of one or two hero ids, "
                                  f"e.g. {list(heroes[:2])}; found {value!r}")
            value = list(value)
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

    text = staticmethod(render.text)
    html = staticmethod(render.html)

    def view(self):
        return OneDeckView(self)

    def agents(self) -> dict:
        return {**super().agents(), "greedy": GreedyAgent, "expectimax": ExpectimaxAgent}

    def final_stats(self, state: OddState) -> dict:
        """Where the delve ended: floor, level, XP, damage per hero (summed), boss damage."""
        return {"floor": state.floor, "level": state.level, "xp": state.xp,
                "damage_taken": sum(h.damage for h in state.heroes),
                "boss_damage": state.boss_damage, "potions": state.potions,
                "turns": state.turn}


__all__ = ["OneDeckDungeon"]
