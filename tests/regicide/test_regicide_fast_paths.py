"""The fast paths of ``RegicideState.apply`` against the rules they mirror.

The most frequent steps (a draw, a ♥ pick, a new enemy, a play, a discard, a yield) are made on
the state's tuple of fields directly (``rules.fast_*``); ``apply_by_rules`` makes every step with
the rule functions on a Draft, in the rulebook's order (§3 steps 1-4, §5 losses). Both must give
the same state, field for field, at every step: here over random and heuristic games with 1-4
players and every option, so every rule of §3, §5 and §7 is met many times.
"""

import random

import pytest

from odd_nb.games.regicide.actions import VALUE, names
from odd_nb.games.regicide.agents import HeuristicAgent
from odd_nb.games.regicide.rules import minimal_covers

from regicide_kit import cards, new, table

SETUPS = [dict(players=p, **extra) for p in (1, 2, 3, 4) for extra in (
    {}, {"exact_kill_to_tavern": "optional"}, {"discard_choices": "all"},
    {"solo_yield_allowed": False, "jester_may_choose_self": False, "jester_signals": True})]


def steps(setup, seed, agent=None):
    """Every (state, action or outcome) of one game."""
    rng = random.Random(seed)
    s = new(**setup)
    while not s.is_terminal:
        if s.is_chance:
            a = s.sample_chance(rng.random())
        elif agent is not None:
            a = agent.choose(s, rng)
        else:
            a = rng.choice(s.legal_actions())
        yield s, a
        s = s.apply(a)


@pytest.mark.parametrize("setup", SETUPS, ids=lambda s: "-".join(f"{v}" for v in s.values()))
def test_fast_paths_make_the_state_the_rules_make(setup):
    """§3 steps 1-4, §5, §7: at every step of 40 random and 5 heuristic games, the state
    ``apply`` makes equals the one the rule functions make (``apply_by_rules``)."""
    kinds = set()
    for seed in range(45):
        agent = HeuristicAgent() if seed >= 40 else None
        for s, a in steps(setup, seed, agent):
            fast = s.apply(a)
            reference = s.apply_by_rules(a)
            assert tuple(fast) == tuple(reference), f"{a} from\n{s!r}"
            kinds.add(type(a).__name__)
    assert {"Draw", "Heal", "Reveal", "Play", "Discard"} <= kinds


def test_fast_paths_on_hand_built_tables():
    """Edge cases: ♥ taking the whole discard pile (§3 step 2), ♦ with an empty tavern (A9), a
    fully shielded enemy (§3 step 4: nothing to discard), a loss because the hand cannot cover
    the damage (§5), a defeat exactly at the enemy's health (§3 step 3), a yield."""
    cases = [
        (table(["9H 3C", "8C 2S"], enemy="JS", discard="4D 5D", rest="tavern"), "play 9♥"),
        (table(["2D 3C", "8C 2H"], enemy="JS", tavern=[], rest="discard"), "play 2♦"),
        (table(["AS 3C", "8C 2H"], enemy="JH", in_play=["9S"]), "play A♠"),
        (table(["2C 3C", "8C 2H"], enemy="QH"), "play 2♣"),
        (table(["10C 3C", "8C 2H"], enemy="JH"), "play 10♣"),
        (table(["10C 3C", "8C"], enemy="JH", damage=1), "yield"),
    ]
    for s, text in cases:
        a = s.find_action(text)
        assert tuple(s.apply(a)) == tuple(s.apply_by_rules(a)), text


def test_minimal_covers_are_the_minimal_sets_of_all_covers():
    """§3 step 4 (the default ``discard_choices``): every cover with no card to spare, checked
    against all subsets of the hand."""
    rng = random.Random(7)
    deck = list(range(54))
    for _ in range(300):
        hand = tuple(sorted(rng.sample(deck, rng.randint(0, 8))))
        need = rng.randint(1, 30)
        wanted = []
        for mask in range(1, 1 << len(hand)):
            chosen = tuple(c for i, c in enumerate(hand) if mask >> i & 1)
            total = sum(VALUE[c] for c in chosen)
            if total >= need and all(total - VALUE[c] < need for c in chosen):
                wanted.append(chosen)
        got = minimal_covers(hand, need)
        assert sorted(got) == sorted(wanted), (names(hand), need)
        assert len(set(got)) == len(got)
    assert minimal_covers(cards("5H 5S"), 0) == []
