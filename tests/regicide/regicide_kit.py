"""Shared helpers for the Regicide tests.

(A module with its own name, not a ``conftest.py``: test folders are not packages, so every
``conftest`` and kit module shares one top-level namespace and needs a name of its own.)

Rules references (§n, An) are to docs/rules/regicide.md.

``table(...)`` builds a state by hand from card texts ("7S", "7♠", "JOKER1"); every one of the 54
cards gets exactly one place (the ones not named go where ``rest`` says), so conservation holds in
every hand-built state too.
"""

from __future__ import annotations

import itertools
from dataclasses import replace
from fractions import Fraction

import odd_nb
from odd_nb.core.chance import Deck, multiset
from odd_nb.core.state import IllegalAction
from odd_nb.games.regicide import actions as A
from odd_nb.games.regicide.actions import (ALL_CARDS, JACKS, JESTERS, KINGS, NUMBER_CARDS,
                                           QUEENS, RANK, VALUE, parse)
from odd_nb.games.regicide.knowledge import unknown_groups
from odd_nb.games.regicide.state import RegicideState, Rules, cards_everywhere

GAME = odd_nb.load_game("regicide")

__all__ = ["A", "Fraction", "GAME", "IllegalAction", "RegicideState", "VALUE", "all_worlds",
           "assert_conserved", "cards", "chance_tree", "new", "play", "resolve", "strs", "table"]


def cards(text: str) -> tuple:
    """``cards("7S 5H")`` -> the sorted tuple of those cards."""
    return tuple(sorted(parse(t) for t in text.split()))


def new(players=2, **options):
    """A new game; ``jester_signals=True`` turns on A17's signals, which are a rule of the
    engine (``Rules.jester_signals``) but not yet a start option."""
    signals = options.pop("jester_signals", False)
    s = GAME.new_initial_state(players=players, **options)
    return s._replace(rules=replace(s.rules, jester_signals=True)) if signals else s


def strs(s) -> list[str]:
    return [str(a) for a in s.legal_actions()]


def play(s, *texts):
    """Apply legal actions (or chance outcomes) by their text, one after the other."""
    for text in texts:
        s = s.apply(s.find_action(text))
    return s


def resolve(s, *texts):
    """Resolve chance nodes: each text names the card of the next outcome ("7S"); then check no
    chance is left unless more texts were expected."""
    for text in texts:
        assert s.is_chance, f"expected a chance node for {text!r}: {s!r}"
        c = parse(text)
        match = [o for o, _ in s.chance_outcomes() if o.card == c]
        assert len(match) == 1, f"{text} is not an outcome here"
        s = s.apply(match[0])
    return s


def assert_conserved(s) -> None:
    """§1: all 54 cards, each exactly once, somewhere."""
    assert cards_everywhere(s) == list(ALL_CARDS), f"cards not conserved in\n{s}"


def table(hands, enemy="JS", tavern=None, discard=None, in_play=(), players=None, rest=None,
          options=None, hand_group=None, **fields):
    """A step-1 state built by hand.

    ``hands``: one card text per seat ("7S 5H"); ``enemy``: the current enemy; ``in_play``: a list
    of plays (texts); ``tavern``: one text per segment, top first (a segment may hold one known
    card), or one text; ``discard``: a text. Royals not named: those of the enemy's rank or
    higher stay in the castle, lower ones are in the discard pile (defeated). Other cards not
    named go to ``rest``: "tavern" (default when ``tavern`` is None), "discard" (default when
    ``discard`` is None) or "aside" (out of the game, public; keeps a test's unknowns small).
    Every tavern segment is its own group; hand cards belong to group ``hand_group`` (default:
    the first segment of more than one card), as if drawn from it."""
    players = players or len(hands)
    options = dict(options or {})
    base = new(players, **options)
    hands = tuple(cards(h) for h in hands)
    in_play = tuple(cards(p) for p in in_play)
    segments = ([cards(tavern)] if isinstance(tavern, str) else
                [cards(t) for t in tavern]) if tavern is not None else None
    discard_cards = list(cards(discard)) if discard is not None else None
    e = parse(enemy) if enemy else None
    named = [c for h in hands for c in h] + [c for p in in_play for c in p]
    named += [c for seg in segments or [] for c in seg] + (discard_cards or [])
    named += [e] if e is not None else []
    assert len(named) == len(set(named)), "a card is named twice"
    castle = [[c for c in rank if c not in named and (e is None or RANK[c] >= RANK[e])]
              for rank in (JACKS, QUEENS, KINGS)]
    defeated_royals = [c for c in JACKS + QUEENS + KINGS
                       if c not in named and e is not None and RANK[c] < RANK[e]]
    aside = list(base.set_aside)
    jesters_free = [j for j in JESTERS if j not in named and j not in aside]
    left = [c for c in NUMBER_CARDS if c not in named] + jesters_free
    aside = [j for j in aside if j not in named]
    if rest is None:
        rest = "tavern" if segments is None else "discard"
    if segments is None:
        segments = []
    if discard_cards is None:
        discard_cards = []
    if rest == "tavern":
        segments = [multiset(left)] + list(segments) if not segments else \
            [multiset(tuple(segments[0]) + tuple(left))] + list(segments[1:])
    elif rest == "discard":
        discard_cards += left
    else:
        aside += left
    discard_cards += defeated_royals
    segments = [s for s in segments if s]
    groups = tuple(range(len(segments)))
    origin = [-1] * 54
    for g, seg in enumerate(segments):
        for c in seg:
            origin[c] = g
    if hand_group is None:
        hand_group = next((g for g, seg in enumerate(segments) if len(seg) > 1), 0)
    for h in hands:
        for c in h:
            origin[c] = hand_group
    s = base._replace(
        castle=Deck(tuple(multiset(r) for r in castle if r)), tavern=Deck(tuple(segments)),
        groups=groups, origin=tuple(origin), hands=hands, enemy=e, in_play=in_play,
        discard=multiset(discard_cards), set_aside=multiset(aside), draws_due=(),
        reveal_due=False, next_group=len(segments) + 1,
        defeated=len(defeated_royals), **fields)
    assert_conserved(s)
    return s


# -- brute force ---------------------------------------------------------------------------------
def all_worlds(s, player: int):
    """Every hidden deal ``player`` cannot rule out, with its probability: each group's unseen
    cards over its tavern segment and the other hands, all splits equally likely (the shuffle is
    uniform). Brute force, for small cases."""
    groups = unknown_groups(s, player)
    per_group = []
    for g in groups:
        bins = [(q, k) for q, k in enumerate(g["in_hands"]) if k] + [("tavern", g["in_tavern"])]
        splits = []

        def split(cards_left, bins_left, acc):
            if not bins_left:
                splits.append(list(acc))
                return
            where, k = bins_left[0]
            for pick in itertools.combinations(cards_left, k):
                rest = [c for c in cards_left if c not in pick]
                split(rest, bins_left[1:], acc + [(where, pick)])

        split(list(g["cards"]), bins, [])
        per_group.append((g["group"], splits))
    total = 1
    for _, splits in per_group:
        total *= len(splits)
    for combo in itertools.product(*(splits for _, splits in per_group)):
        hands = [list(h) for h in s.hands]
        segments = list(s.tavern.segments)
        for (g, _), split_ in zip(per_group, combo):
            for where, pick in split_:
                if where == "tavern":
                    if g in s.groups:
                        segments[s.groups.index(g)] = multiset(pick)
                else:
                    hands[where] = [c for c in hands[where] if s.origin[c] != g] + list(pick)
        world = s._replace(hands=tuple(tuple(sorted(h)) for h in hands),
                           tavern=Deck(tuple(segments)))
        yield world, Fraction(1, total)


def chance_tree(s, stop, weight=Fraction(1)):
    """Expand every chance node of ``s`` exactly (a ♥ heal as every subset of the discard pile at
    once) until ``stop(state)`` is true or a decision is due; yield (state, probability)."""
    if not s.is_chance or stop(s):
        yield s, weight
        return
    if s.heal_due:
        subsets = list(itertools.combinations(s.discard, s.heal_due))
        for subset in subsets:
            t = s
            for c in subset:
                t = t.apply(A.Heal(c))
            yield from chance_tree(t, stop, weight / len(subsets))
        return
    for outcome, p in s.chance_outcomes():
        yield from chance_tree(s.apply(outcome), stop, weight * p)


__all__ += ["Deck", "JESTERS", "Rules", "multiset", "parse"]  # re-exported for tests
