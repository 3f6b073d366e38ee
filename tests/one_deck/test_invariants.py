"""Invariants over whole random games (§1, §3: the 30 dice and 6 potion tokens are conserved;
the 44 cards are conserved; chance nodes are exact), and the state protocol."""

import dataclasses
import random

import pytest

from rules_kit import A, ALL_CARDS, all_cards, assert_conserved, custom_game, new, play

GAMES = [
    (1, ("h1",), "d1"), (2, ("h2",), "d2"), (3, ("h3",), "d3"), (4, ("h4",), "d4"),
    (5, ("h5",), "d1"), (6, ("h1", "h2"), "d2"), (7, ("h3", "h4"), "d3"),
    (8, ("h5", "h1"), "d4"), (9, ("h2", "h3"), "d1"),
]
MAX_STEPS = 4000


def check(s) -> None:
    assert_conserved(s)
    assert all_cards(s) == ALL_CARDS, "cards not conserved"
    assert 0 <= s.potions <= 6
    assert all(h.damage >= 0 and 0 <= h.stored for h in s.heroes)
    assert s.deck_size >= 0 and s.closed_doors >= 0
    assert len(s.unseen) == s.deck_size + s.closed_doors
    assert s.doors <= s.door_limit
    if s.is_chance:
        outcomes = s.chance_outcomes()
        assert outcomes and sum(p for _, p in outcomes) == 1
        assert all(p > 0 for _, p in outcomes)
    elif not s.is_terminal:
        texts = [str(a) for a in s.legal_actions()]
        assert texts, f"no legal action at {s.phase}"
        assert len(set(texts)) == len(texts), "two legal actions share a text"


def random_game(seed, heroes, dungeon, game=None, placer=0.0, **options):
    """Random legal actions and chance outcomes drawn by their probabilities. ``placer``: how
    often a possible placement is preferred (so that games get deep)."""
    rng = random.Random(seed)
    s = new(heroes, dungeon, game, **options)
    for _ in range(MAX_STEPS):
        check(s)
        if s.is_terminal:
            return s
        if s.is_chance:
            outcomes = s.chance_outcomes()
            s = s.apply(rng.choices([o for o, _ in outcomes], [float(p) for _, p in outcomes])[0])
            continue
        legal = s.legal_actions()
        places = [a for a in legal if isinstance(a, A.Place)]
        if places and rng.random() < placer:
            s = s.apply(rng.choice(places))
        else:
            s = s.apply(rng.choice([a for a in legal if a != A.ACCEPT_DEFEAT] or legal))
    return s


@pytest.mark.parametrize("seed,heroes,dungeon", GAMES)
def test_s1_s3_dice_tokens_and_cards_are_conserved_in_random_games(seed, heroes, dungeon):
    s = random_game(seed, heroes, dungeon)
    check(s)


def test_s1_conservation_with_campaign_and_equal_health_options():
    for seed in (11, 12):
        random_game(seed, ("h4", "h5"), "d3", campaign="novice",
                    lose_when_damage_equals_health=True)


@pytest.mark.parametrize("seed,heroes,dungeon", GAMES[:6])
def test_s1_s3_conservation_through_floors_and_the_boss_fight(seed, heroes,
                                                              dungeon):
    """Heroes with 30 health and a placing-minded random policy reach the boss fight."""
    def tough(data):
        for hero in data["heroes"]:
            for side in hero["sides"].values():
                side["stats"]["health"] = 30
    s = random_game(seed, heroes, dungeon, custom_game(tough), placer=0.8)
    assert s.is_terminal
    assert s.floor == 4  # the boss fight was reached
    assert s.returns() == [1.0 if s.outcome == "won" else 0.0]


def test_random_games_end():
    """Random play ends in a win or a loss (every game above is long enough to finish)."""
    ends = [random_game(seed, heroes, dungeon).outcome for seed, heroes, dungeon in GAMES[:4]]
    assert all(e in ("won", "lost") for e in ends), ends


def test_state_apply_leaves_the_old_state_untouched():
    s = new()
    before = (s.phase, s.time_due, s.turn)
    s2 = play(s, "time passes")
    assert (s.phase, s.time_due, s.turn) == before
    assert s2 is not s


def test_replace_does_not_carry_a_stale_legal_action_cache():
    """Building positions with dataclasses.replace is the documented way to set up a state; the
    new state must not answer legal_actions() from the old state's cache (``_legal``)."""
    s = new()
    assert [str(a) for a in s.legal_actions()] == ["time passes"]
    moved = dataclasses.replace(s, phase="turn")
    assert [str(a) for a in moved.legal_actions()] == ["explore"]
    assert moved.apply(A.EXPLORE).closed_doors == 4
