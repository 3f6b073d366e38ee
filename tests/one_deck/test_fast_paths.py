"""The fast paths of One Deck Dungeon (``fast.py``) against the rules they mirror.

``OddState.apply`` makes each step by ``fast.chance_step`` or ``fast.decision_step`` (the most
frequent ones on a copy of the state's dictionary, the others on a Draft, each sent straight to
its rule function); ``apply_by_rules`` makes every step by ``rules.take`` on a Draft, in the
rulebook's order. ``legal_actions()`` lists by ``fast.legal`` (tables of ready-made actions),
``rules.legal`` is the reference; ``is_legal`` without the list looks among the choices of the
action's kind only (``fast.is_legal``); the greedy agent reads only the kinds it weighs.

At every step of seeded random and greedy games, for one and two heroes, every dungeon, both
card files, the loss option and a campaign profile, the two must agree: the same legal actions
in the same order with the same texts, the same next state (equal, hash equal), the same chance
outcomes and the same choice of the greedy agent. So the turn (§5: time, exploring, doors,
descending §9), every encounter phase (§6 E0-E6: perils, feats, gathering from a short supply
A9, placing with armor first §4/A11, conversion A7, discards, consequences), skills and potions
(§7, A18-A21), loot and levels (§6 E6, §8, A14-A16), damage shared in 2P (A13), losses and
their healing (§11, A3), the boss fight (§10) and the expansion's poison and exile (§12) are met
many times, with both paths.
"""

import pickle
import random

import pytest

from odd_nb.core.state import IllegalAction, State
from odd_nb.games.one_deck import fast, rules
from odd_nb.games.one_deck.actions import DONE, Card, Place, Rolled, Use
from odd_nb.games.one_deck.agents import GreedyAgent
from odd_nb.games.one_deck.game import OneDeckDungeon

from rules_kit import GAME, fresh, new

EXPANSION = OneDeckDungeon(content="expansion")
SETUPS = {
    "1P d1": (GAME, ["h1"], "d1", {}),
    "1P d3 h4": (GAME, ["h4"], "d3", {}),
    "1P d2 h3 veteran": (GAME, ["h3"], "d2", {"campaign": "veteran"}),
    "2P d2": (GAME, ["h2", "h3"], "d2", {}),
    "2P d4 equal-health loss": (GAME, ["h5", "h1"], "d4",
                                {"lose_when_damage_equals_health": True}),
    "expansion 1P d4 h2": (EXPANSION, ["h2"], "d4", {}),
    "expansion 2P d1": (EXPANSION, ["h4", "h5"], "d1", {}),
}
RANDOM_GAMES = 160  # per setup
GREEDY_GAMES = 6  # per setup


def reference_outcome(s, u: float):
    """The chance outcome ``sample_chance`` gave before its tables (a new value each time)."""
    if s.rolls_due:
        return Rolled(int(u * 6) + 1)
    c = s.unseen[int(u * len(s.unseen))]
    return Card(c, s.content.encounters[c].name)


def check_step(s, a, previous: list) -> list:
    """``s.apply(a)`` equals ``s.apply_by_rules(a)``; at a decision the listing, the legality
    checks and (with ``previous``, the last decision's list) the refusals agree too. The
    reference list of a decision, else ``previous``."""
    wanted = previous
    if not s.is_chance:
        listed = s.legal_actions()
        wanted = rules.legal(s)
        assert listed == wanted, repr(s)
        assert [str(x) for x in listed] == [str(x) for x in wanted]
        assert [type(x) for x in listed] == [type(x) for x in wanted]
        for x in {id(x): x for x in listed[:3] + listed[-3:] + [a]}.values():
            assert fast.is_legal(s, x), (x, repr(s))
        for x in previous[:3] + previous[-3:]:
            assert fast.is_legal(s, x) == (x in wanted), (x, repr(s))
    fast_next, rule_next = s.apply(a), s.apply_by_rules(a)
    assert fast_next == rule_next, f"{a} from {s!r}"
    assert hash(fast_next) == hash(rule_next)
    assert fast_next.content is s.content
    assert fast_next._legal is None  # a new state lists its own actions
    return wanted


def play(game, heroes, dungeon, options, seed: int, greedy: bool) -> int:
    """One game, every step checked; its length."""
    rng = random.Random(seed)
    agent = GreedyAgent()
    s = game.new_initial_state(heroes=heroes, dungeon=dungeon, **options)
    previous, steps = [], 0
    while not s.is_terminal:
        if s.is_chance:
            u = rng.random()
            a = s.sample_chance(u)
            wanted = reference_outcome(s, u)
            assert a == wanted and str(a) == str(wanted)
            assert s.legal_actions() == []
        elif greedy:
            a = agent.choose(s, rng)
            wanted = agent.choose_from(s, rules.legal(s), random.Random(0))
            assert a == wanted and str(a) == str(wanted), repr(s)
        else:
            a = rng.choice(s.legal_actions())
        previous = check_step(s, a, previous)
        s = s.apply(a)
        steps += 1
    assert s.legal_actions() == [] and s.outcome in ("won", "lost")
    return steps


@pytest.mark.parametrize("name", SETUPS)
def test_fast_paths_give_what_the_rules_give_in_random_games(name):
    """§5-§12: random games, every step: listing, legality, next state, chance outcome."""
    game, heroes, dungeon, options = SETUPS[name]
    steps = sum(play(game, heroes, dungeon, options, seed, greedy=False)
                for seed in range(RANDOM_GAMES))
    assert steps > 100 * RANDOM_GAMES


@pytest.mark.parametrize("name", SETUPS)
def test_fast_paths_give_what_the_rules_give_in_greedy_games(name):
    """Greedy games reach deeper (skills, levels, the boss fight §10): every step as above, and
    the greedy agent's choice equals its choice from the whole list."""
    game, heroes, dungeon, options = SETUPS[name]
    for seed in range(GREEDY_GAMES):
        play(game, heroes, dungeon, options, 1000 + seed, greedy=True)


def test_refusals_are_the_cores_in_the_same_words():
    """An action that is not legal (or not an action) is refused by ``apply`` as the core's
    ``apply`` refuses it, and the state is unchanged (§4, §5, A12)."""
    s = new()
    rng = random.Random(3)
    seen = 0
    while not s.is_terminal and seen < 400:
        if not s.is_chance:
            wanted = rules.legal(s)
            before = s.__dict__.copy()
            for bad in (Place(0, ("yellow", 6), 0), Place(0, ("yellow", 6), 9), DONE,
                        Use(0, "skill", "nothing"), "explore", 7, None, ["a list"]):
                if bad in wanted:
                    continue
                assert not fast.is_legal(s, bad)
                with pytest.raises(IllegalAction) as ours:
                    s.apply(bad)
                with pytest.raises(IllegalAction) as core:
                    State.apply(s, bad)
                assert str(ours.value) == str(core.value)
            assert {k: v for k, v in s.__dict__.items() if not k.startswith("_")} == {
                k: v for k, v in before.items() if not k.startswith("_")}
            seen += 1
        s = s.apply(s.sample_chance(rng.random()) if s.is_chance
                    else rng.choice(s.legal_actions()))


def test_states_built_by_hand_and_pickled_take_the_same_paths():
    """``dataclasses.replace`` (the documented way to set up a position), an unsorted pool (the
    tables then hand over to the rules' functions) and pickling all give states whose listing
    and steps equal the reference (§4 E4)."""
    s = new()
    rng = random.Random(5)
    while s.phase != "dice" or s.is_chance:
        s = s.apply(s.sample_chance(rng.random()) if s.is_chance
                    else rng.choice(s.legal_actions()))
    for built in (fresh(s, pools=(tuple(reversed(s.pools[0])),)),
                  fresh(s, pools=((("yellow", 7),) + s.pools[0],)),
                  pickle.loads(pickle.dumps(s)), fresh(s)):
        assert built.legal_actions() == rules.legal(built)
        for a in built.legal_actions():
            assert built.apply(a) == built.apply_by_rules(a)
    copy = pickle.loads(pickle.dumps(s))
    assert copy == s and hash(copy) == hash(s)
