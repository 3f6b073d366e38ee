"""The search agent and its samples of what a seat cannot see (§14.1, §14.4, A20, A35):
docs/rules/dungeon-twister.md."""

import random
from dataclasses import replace

import pytest

from odd_nb.core.agents import play_out
from odd_nb.games.dungeon_twister import DungeonTwister, HeuristicAgent, SearchAgent
from odd_nb.games.dungeon_twister.actions import is_character, tokens_of
from odd_nb.games.dungeon_twister.agents import determinize, evaluate, opponent_hand

HIDDEN = ("start", "room", "reserve")


def positions(seeds=(0, 1), every=3, **options):
    """Decision positions of heuristic games, with the seat to move: setup, turns, combats."""
    found = []
    agent = HeuristicAgent()
    for seed in seeds:
        rng = random.Random(seed)
        s = DungeonTwister().new_initial_state(**options)
        step = 0
        while not s.is_terminal:
            if s.is_chance:
                s = s.apply(s.sample_chance(rng.random()))
                continue
            if step % every == 0 or s.phase == "combat":
                found.append(s)
            step += 1
            s = s.apply(agent.choose(s, rng))
    return found


def other_secrets(x, seat, rng):
    """``x`` with what ``seat`` cannot know redrawn: the opponent's face-down tokens swapped
    among their places (a starting square only ever holds a character), its combat cards and
    the card it committed first."""
    other = 1 - seat
    loc = list(x.loc)
    hidden = [t for t in tokens_of(other) if loc[t][0] in HIDDEN]
    for _ in range(10):
        if len(hidden) < 2:
            break
        a, b = rng.sample(hidden, 2)
        if "start" in (loc[a][0], loc[b][0]) and not (is_character(a) and is_character(b)):
            continue
        loc[a], loc[b] = loc[b], loc[a]
    hands = list(x.combat_hand)
    others = [1, 2, 2, 3, 3, 4, 5, 6]
    hands[other] = tuple(sorted([0] + rng.sample(others, len(hands[other]) - 1)))
    combat = x.combat
    if combat is not None and combat[2] is not None and x.active == other:
        combat = combat[:2] + (rng.choice(hands[other]),)
    return replace(x, loc=tuple(loc), combat_hand=tuple(hands), combat=combat)


@pytest.fixture(scope="module")
def sample():
    return positions()


def test_s14_1_a_sample_agrees_with_the_seats_observation(sample):
    """Every sampled position shows the seat exactly what the real one shows (§14.1)."""
    rng = random.Random(3)
    for s in sample:
        seat = s.to_move
        for _ in range(3):
            assert determinize(s, seat, rng).observation(seat) == s.observation(seat)


def test_s14_1_a20_a_sample_never_uses_the_opponents_secrets(sample):
    """Two positions that differ only in what the seat cannot know (the opponent's face-down
    tokens, its combat cards, A20, and the card it committed first, A35) give the very same
    samples from the same seed."""
    rng = random.Random(4)
    changed = 0
    for s in sample:
        seat = s.to_move
        twin = other_secrets(s, seat, rng)
        assert twin.observation(seat) == s.observation(seat)
        changed += twin != s
        assert determinize(twin, seat, random.Random(9)) == determinize(s, seat, random.Random(9))
    assert changed  # the secrets did differ (a full hand of cards has no other draw)


def test_s14_4_with_perfect_memory_the_opponents_cards_are_kept():
    s = positions(seeds=(2,), every=20, perfect_memory=True)[-1]
    seat = s.to_move
    assert determinize(s, seat, random.Random(0)).combat_hand == s.combat_hand


def test_s9_6_a_guessed_hand_has_the_right_size_and_always_the_plus_0(sample):
    rng = random.Random(5)
    for s in sample:
        seat = s.to_move
        hand = opponent_hand(s, seat, rng)
        assert len(hand) == len(s.combat_hand[1 - seat]) and 0 in hand
        deck = list(s.rules.content.combat_cards)
        for card in hand:
            deck.remove(card)  # raises if the hand holds a card the deck never had


def test_a35_the_search_agent_chooses_the_same_without_the_opponents_secrets(sample):
    """The agent's choice depends on the seat's observation only (and on its seed)."""
    agent = SearchAgent(iterations=6)
    rng = random.Random(6)
    for s in sample[::8]:
        seat = s.to_move
        twin = other_secrets(s, seat, rng)
        assert agent.choose(twin, random.Random(1)) == agent.choose(s, random.Random(1))


@pytest.mark.parametrize("seat", [0, 1])
def test_s5_the_search_agent_plays_only_legal_actions_and_reproduces_from_its_seed(seat):
    game = DungeonTwister()

    def game_log(seed):
        rng = random.Random(seed)
        agents = [HeuristicAgent(), HeuristicAgent()]
        agents[seat] = SearchAgent(iterations=6)
        s, log = game.new_initial_state(round_limit=3), []
        while not s.is_terminal:
            if s.is_chance:
                s = s.apply(s.sample_chance(rng.random()))
                continue
            action = agents[s.to_move].choose(s, rng)
            assert action in s.legal_actions()
            log.append(str(action))
            s = s.apply(action)
        return log

    assert game_log(11) == game_log(11)


def test_s13_the_evaluation_is_zero_sum_and_a_win_counts_most(sample):
    for s in sample:
        assert evaluate(s, 0) == pytest.approx(-evaluate(s, 1))
    end = play_out(DungeonTwister().new_initial_state(round_limit=2), HeuristicAgent(),
                   random.Random(2))
    if end.winner in (0, 1):
        assert evaluate(end, end.winner) == 100
