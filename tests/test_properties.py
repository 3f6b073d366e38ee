"""Hypothesis properties of One Deck Dungeon states and timelines (issue: dice are conserved,
states never change under apply, save/load and undo/redo round trips, determinism by seed)."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

import odd_nb
from odd_nb import Timeline
from odd_nb.games.one_deck.dice import FULL_SUPPLY, INDEX

GAME = odd_nb.load_game("one-deck-dungeon")
setups = st.tuples(st.integers(0, 10_000),
                   st.sampled_from([["h1"], ["h4"], ["h2", "h3"], ["h5", "h1"]]),
                   st.sampled_from(sorted(GAME.content.dungeons)))


def dice_everywhere(s):
    """Supply + pools + boxes + stored + dice being rolled, per colour (§1, §3)."""
    counts = list(s.supply)
    for die in [d for pool in s.pools for d in pool] + [d for box in s.placed for d in box]:
        counts[INDEX[die[0]]] += 1
    for _, colour in s.rolls_due:
        counts[INDEX[colour]] += 1
    counts[3] += sum(h.stored for h in s.heroes)
    return tuple(counts)


def walk(seed, heroes, dungeon, steps=400):
    rng = random.Random(seed)
    s = GAME.new_initial_state(heroes=heroes, dungeon=dungeon)
    for _ in range(steps):
        yield s
        if s.is_terminal:
            return
        if s.is_chance:
            s = s.apply(s.sample_chance(rng.random()))
        else:
            s = s.apply(rng.choice(s.legal_actions()))


@settings(max_examples=40, deadline=None)
@given(setups)
def test_dice_are_conserved_in_every_state(setup):
    for s in walk(*setup):
        expected = tuple(full - gone for full, gone in zip(FULL_SUPPLY, s.exiled))
        assert dice_everywhere(s) == expected
        assert sum(expected) == 30 - sum(s.exiled)


@settings(max_examples=40, deadline=None)
@given(setups)
def test_cards_are_conserved_in_every_state(setup):
    """Every encounter card is in exactly one place: unseen, discard, doors, at hand, tucked, box."""
    every = sorted(GAME.content.encounters)
    for s in walk(*setup):
        places = (list(s.unseen) + list(s.discard) + list(s.open_doors) + list(s.xp_cards)
                  + list(s.boxed) + list(s.potion_cards) + ([s.card] if s.card else [])
                  + [c for h in s.heroes for c in h.items + h.skills])
        assert sorted(places) == every
        assert s.deck_size + s.closed_doors == len(s.unseen)


@settings(max_examples=25, deadline=None)
@given(setups)
def test_apply_leaves_the_state_as_it_was(setup):
    rng = random.Random(setup[0])
    for s in walk(*setup, steps=200):
        if s.is_terminal:
            break
        snapshot = (hash(s), repr(s), str(s), s.observation(0))
        choice = s.sample_chance(rng.random()) if s.is_chance else rng.choice(s.legal_actions())
        s.apply(choice)
        assert (hash(s), repr(s), str(s), s.observation(0)) == snapshot


@settings(max_examples=25, deadline=None)
@given(setups, st.integers(1, 120), st.integers(0, 2 ** 32))
def test_timeline_round_trips(setup, steps, seed):
    """undo(play(a)) is the state before; redo is the state after; a save file loads back to the
    same state; the same seed and choices give the same game."""
    _, heroes, dungeon = setup
    timelines = [odd_nb.start("one-deck-dungeon", heroes=heroes, dungeon=dungeon, seed=seed)
                 for _ in range(2)]
    rng = random.Random(setup[0])
    t = timelines[0]
    for _ in range(steps):
        if t.state.is_terminal:
            break
        action = rng.choice(t.legal_actions())
        before = t.state
        t.play(action)
        timelines[1].play(str(action))
        after = t.state
        t.undo()
        assert t.state is before
        t.redo()
        assert t.state is after
    assert timelines[0].state == timelines[1].state
    assert Timeline.from_json(t.to_json()).state == t.state
