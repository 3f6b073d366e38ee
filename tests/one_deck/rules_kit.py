"""Shared helpers for the per-rule One Deck Dungeon tests.

(A module with its own name, not a ``conftest.py``: test folders are not packages, so every
``conftest`` and kit module shares one top-level namespace and needs a name of its own.)

Rules references (§n, An) are to docs/rules/one-deck-dungeon.md.

States are built from a fresh initial state with ``dataclasses.replace``; the helpers keep the 30
dice conserved (supply + pools + placed + stored + rolls due + exiled = 8/8/8/6) and the deck
consistent (``unseen`` = deck + closed doors).
"""

from __future__ import annotations

import dataclasses
import json
from collections import Counter
from fractions import Fraction

import odd_nb
from odd_nb.core.chance import multiset, multiset_remove
from odd_nb.core.state import IllegalAction, LoadError
from odd_nb.games.one_deck import actions as A
from odd_nb.games.one_deck.content import DATA_DIR, Box, load_content_data
from odd_nb.games.one_deck.dice import COLOURS, FULL_SUPPLY
from odd_nb.games.one_deck.game import OneDeckDungeon
from odd_nb.games.one_deck.state import HeroState, OddState

GAME = odd_nb.load_game("one-deck-dungeon")
CONTENT = GAME.content
ALL_CARDS = multiset(CONTENT.encounters)

__all__ = ["A", "Box", "CONTENT", "Fraction", "GAME", "HeroState", "IllegalAction", "LoadError",
           "acts", "all_cards", "assert_conserved", "at_door", "custom_game",
           "dice_in_play", "dice_state", "enter", "fresh", "loot_state", "new", "play",
           "resolve_first", "settle_chance", "strs", "with_deck"]


# -- building states ------------------------------------------------------------------------------
def fresh(s, **changes):
    """``dataclasses.replace``: a new state with ``changes`` (its legal-action caches are not
    copied: they are not fields of the dataclass)."""
    return dataclasses.replace(s, **changes)


def new(heroes=("h1",), dungeon="d1", game=None, **options):
    """A fresh game (setup, §2), of the base set unless ``game`` is given."""
    return (game or GAME).new_initial_state(heroes=list(heroes), dungeon=dungeon, **options)


def dice_in_play(s) -> tuple:
    """Dice per colour outside the supply and not exiled: pools, boxes, stored, waiting rolls."""
    counts = Counter()
    for pool in s.pools:
        counts.update(c for c, _ in pool)
    for dice in s.placed:
        counts.update(c for c, _ in dice)
    for _, colour in s.rolls_due:
        counts[colour] += 1
    counts["black"] += sum(h.stored for h in s.heroes)
    return tuple(counts[c] for c in COLOURS)


def balanced_supply(s) -> tuple:
    used = dice_in_play(s)
    supply = tuple(f - u - e for f, u, e in zip(FULL_SUPPLY, used, s.exiled))
    assert min(supply) >= 0, f"test set-up uses too many dice: {used} + exiled {s.exiled}"
    return supply


def assert_conserved(s) -> None:
    """§1, §3: every die is somewhere: supply, pool, box, stored, being rolled or exiled."""
    total = tuple(a + b + c for a, b, c in zip(s.supply, dice_in_play(s), s.exiled))
    assert total == FULL_SUPPLY, f"dice not conserved: {total} (state:\n{s})"
    assert min(s.supply) >= 0


def all_cards(s) -> tuple:
    """Every encounter card of the state, wherever it lies (unseen covers deck + closed doors)."""
    cards = list(s.unseen) + list(s.discard) + list(s.open_doors) + list(s.xp_cards)
    cards += list(s.boxed) + list(s.potion_cards)
    for h in s.heroes:
        cards += list(h.items) + list(h.skills)
    if s.card is not None:
        cards.append(s.card)
    return multiset(cards)


def with_deck(s, deck=None, closed=(), **fields):
    """``s`` (changed by ``fields``) with the deck holding the cards ``deck`` (default: all not
    used elsewhere) and the closed doors ``closed``; every other card of the set not placed
    somewhere by ``fields`` goes to the discard pile."""
    s = fresh(s, **fields)
    elsewhere = list(s.open_doors) + list(s.xp_cards) + list(s.boxed) + list(s.potion_cards)
    elsewhere += [c for h in s.heroes for c in h.items + h.skills]
    elsewhere += [s.card] if s.card else []
    free = list(ALL_CARDS)
    for c in elsewhere:
        free.remove(c)  # a card in two places is a test set-up error
    if deck is None:
        deck = [c for c in free if c not in closed]
    deck, closed = list(deck), list(closed)
    for c in deck + closed:
        free.remove(c)
    return fresh(s, unseen=multiset(deck + closed), deck_size=len(deck),
                               closed_doors=len(closed), discard=multiset(free))


def at_door(card, heroes=("h1",), dungeon="d1", options=None, party=None, game=None, **fields):
    """A closed door just opened onto ``card`` (§5.4), the rest of the deck unseen. ``party``:
    HeroState values replacing the fresh heroes (damage, items, skills, stored dice); ``game``:
    another card set's game (default: the base set)."""
    s = new(heroes, dungeon, game, **(options or {}))
    s = fresh(s, **fields)
    if party is not None:
        s = fresh(s, heroes=tuple(party))
    unseen = multiset_remove(s.unseen, card) if card in s.unseen else s.unseen
    s = fresh(s, unseen=unseen, deck_size=len(unseen) - s.closed_doors,
                            phase="door", card=card)
    return fresh(s, supply=balanced_supply(s))


def enter(card, heroes=("h1",), dungeon="d1", options=None, party=None, game=None, **fields):
    """Face ``card`` from a door: E0 (combat) or E1 (peril) has begun."""
    return play(at_door(card, heroes, dungeon, options, party, game, **fields),
                "face the encounter")


def dice_state(boxes, pools, heroes=("h1",), card="e01", placed=None, dungeon="d1", party=None,
               game=None, options=None, **fields):
    """An E4 position: ``boxes`` active, ``pools`` (one tuple of dice per hero) rolled."""
    s = new(heroes, dungeon, game, **(options or {}))
    if party is not None:
        s = fresh(s, heroes=tuple(party))
    unseen = multiset_remove(s.unseen, card) if card else s.unseen
    s = fresh(
        s, phase="dice", card=card, boxes=tuple(boxes),
        placed=tuple(placed) if placed is not None else ((),) * len(boxes),
        pools=tuple(tuple(sorted(p)) for p in pools), unseen=unseen, deck_size=len(unseen),
        **fields)
    if "supply" not in fields:
        s = fresh(s, supply=balanced_supply(s))
    assert_conserved(s)
    return s


def loot_state(card, heroes=("h1",), party=None, game=None, **fields):
    """E6: the encounter with ``card`` is over and the party claims it."""
    s = new(heroes, game=game)
    if party is not None:
        s = fresh(s, heroes=tuple(party))
    unseen = multiset_remove(s.unseen, card)
    return fresh(s, phase="loot", card=card, unseen=unseen,
                               deck_size=len(unseen), **fields)


# -- acting ---------------------------------------------------------------------------------------
def strs(s) -> list[str]:
    return [str(a) for a in s.legal_actions()]


def acts(s, cls=None, **fields) -> list:
    """Legal actions of type ``cls`` whose fields equal ``fields``."""
    return [a for a in s.legal_actions()
            if (cls is None or isinstance(a, cls))
            and all(getattr(a, k, object()) == v for k, v in fields.items())]


def play(s, *texts):
    """Apply legal actions (or chance outcomes) by their text, one after the other."""
    for text in texts:
        s = s.apply(s.find_action(text))
    return s


def settle_chance(s, values):
    """Resolve chance nodes in order: an int is a die value, a str a card id."""
    for v in values:
        assert s.is_chance, f"expected a chance node for {v!r}, state is at {s.phase}"
        outcomes = [o for o, _ in s.chance_outcomes()]
        if isinstance(v, int):
            match = [o for o in outcomes if isinstance(o, A.Rolled) and o.value == v]
        else:
            match = [o for o in outcomes if isinstance(o, A.Card) and o.card == v]
        assert len(match) == 1, f"{v!r} is not an outcome here: {outcomes[:8]}"
        s = s.apply(match[0])
    return s


def resolve_first(s):
    """Resolve every pending chance node with its first outcome."""
    while s.is_chance:
        s = s.apply(s.chance_outcomes()[0][0])
    return s


def custom_game(mutate):
    """A game from base.json changed by ``mutate(data)`` (for rules no base card shows)."""
    data = json.loads((DATA_DIR / "base.json").read_text(encoding="utf-8"))
    mutate(data)
    return OneDeckDungeon(content=load_content_data(data, "test.json"))
