"""The fast paths of ``RegicideState.apply`` against the rules they mirror.

The most frequent steps (a draw, a ♥ pick, a new enemy, a play, a discard, a yield) are made on
a list of the state's fields directly (``fast.fast_*``); ``apply_by_rules`` makes every step with
the rule functions (``rules.py``) on a Draft, in the rulebook's order (§3 steps 1-4, §5 losses).
Both must give the same state, field for field, at every step: here over random and heuristic
games with 1-4 players and every option, so every rule of §3, §5 and §7 is met many times.

Each state is of a kind (``Turn``, ``Drawing``, ``HealPicking``, ``Revealing``, ``GameOver``)
with its own ``apply``, ``sample_chance`` and constant ``is_chance`` / ``is_terminal``; at every
step they must answer as the plain versions of ``RegicideState`` (the core's ``apply`` with
``_apply``) do.
"""

import pickle
import random

import pytest

from odd_nb.core.chance import Deck
from odd_nb.core.state import State
from odd_nb.games.regicide.actions import (USE_JESTER_POWER, VALUE, Draw, Heal, Play, Reveal,
                                           discard_of, names)
from odd_nb.games.regicide.agents import HeuristicAgent
from odd_nb.games.regicide.rules import CoverTree, minimal_covers, minimal_discards
from odd_nb.games.regicide.state import (Drawing, GameOver, HealPicking, RegicideState, Revealing,
                                         Turn)

from regicide_kit import IllegalAction, cards, new, table

SETUPS = [dict(players=p, **extra) for p in (1, 2, 3, 4) for extra in (
    {}, {"exact_kill_to_tavern": "optional"}, {"discard_choices": "all"},
    {"solo_yield_allowed": False, "jester_may_choose_self": False, "jester_signals": True})]


def steps(setup, seed, agent=None):
    """Every (state, action or outcome, the uniform number of a chance draw) of one game, and
    then (the final state, None, None)."""
    rng = random.Random(seed)
    s = new(**setup)
    while not s.is_terminal:
        u = None
        if s.is_chance:
            u = rng.random()
            a = s.sample_chance(u)
        elif agent is not None:
            a = agent.choose(s, rng)
        else:
            a = rng.choice(s.legal_actions())
        yield s, a, u
        s = s.apply(a)
    yield s, None, None


def kind_by_fields(s) -> type:
    """The kind of state the plain protocol of ``RegicideState`` says ``s`` is."""
    if RegicideState.is_terminal.fget(s):
        return GameOver
    if not RegicideState.is_chance.fget(s):
        return Turn
    return Revealing if s.reveal_due else HealPicking if s.heal_due else Drawing


def check_kind(s) -> None:
    """``s`` is of the kind its fields say, and its constants answer as the plain
    properties."""
    assert type(s) is kind_by_fields(s), repr(s)
    assert s.is_chance == RegicideState.is_chance.fget(s)
    assert s.is_terminal == RegicideState.is_terminal.fget(s)
    assert s.to_move == RegicideState.to_move.fget(s)


@pytest.mark.parametrize("setup", SETUPS, ids=lambda s: "-".join(f"{v}" for v in s.values()))
def test_fast_paths_make_the_state_the_rules_make(setup):
    """§3 steps 1-4, §5, §7: at every step of 40 random and 5 heuristic games, the state
    ``apply`` makes equals the one the rule functions make (``apply_by_rules``) and the one
    the core's plain ``apply`` makes; each state is of the kind its fields say; a chance
    node's ``sample_chance`` gives the plain version's outcome."""
    kinds = set()
    for seed in range(45):
        agent = HeuristicAgent() if seed >= 40 else None
        for s, a, u in steps(setup, seed, agent):
            check_kind(s)
            if a is None:
                assert s.legal_actions() == []
                continue
            if u is not None:
                assert a is RegicideState.sample_chance(s, u)
                assert s.legal_actions() == []
            fast = s.apply(a)
            reference = s.apply_by_rules(a)
            assert tuple(fast) == tuple(reference), f"{a} from\n{s!r}"
            assert type(fast) is type(reference)
            assert tuple(State.apply(s, a)) == tuple(fast)
            kinds.add(type(a).__name__)
    assert {"Draw", "Heal", "Reveal", "Play", "Discard"} <= kinds


def test_every_kind_refuses_what_the_core_refuses_with_the_same_words():
    """A chance node refuses an outcome that is not one of its own, a player's turn an action
    that is not legal, a finished game everything: each kind's ``apply`` raises the message
    the core's ``apply`` raises, and the state is unchanged."""
    seen = set()
    for seed in range(30):
        for s, a, _ in steps({"players": 1 + seed % 4}, seed):
            kind = type(s)
            if kind in seen:
                continue
            seen.add(kind)
            before = tuple(s)
            wrong = [Draw(0, 3), Heal(53), Reveal(0), Play((5, 9)), "yield", 7, None]
            if a is not None:
                wrong.append(Draw(a.card, (a.seat + 1) % 4) if kind is Drawing else a)
            for bad in wrong:
                if kind is Turn and bad in s.legal_actions():
                    continue
                if kind is not Turn and bad == a:
                    continue
                with pytest.raises(IllegalAction) as fast:
                    s.apply(bad)
                with pytest.raises(IllegalAction) as plain:
                    State.apply(s, bad)
                assert str(fast.value) == str(plain.value)
            assert tuple(s) == before
    assert seen == {Turn, Drawing, HealPicking, Revealing, GameOver}


def test_states_made_by_any_path_are_of_their_kind():
    """``_replace``, the constructor, pickling and ``apply_by_rules`` all give the kind the
    fields say; states equal as tuples are equal and hash equal whatever their kind."""
    s = table(["10C 4D", "6H 2S"], enemy="JH")
    check_kind(s)
    for changed in (s._replace(outcome="won"), s._replace(reveal_due=True),
                    s._replace(heal_due=2), s._replace(draws_due=(1,)),
                    s._replace(outcome="lost", draws_due=(1,)),
                    RegicideState(**s._asdict()), Turn(*s), Drawing(*s._replace(draws_due=(0,))),
                    pickle.loads(pickle.dumps(s._replace(heal_due=1)))):
        check_kind(changed)
    assert RegicideState(**s._asdict()) == s and hash(RegicideState(*s)) == hash(s)
    with pytest.raises(AttributeError):
        s.phase = "discard"
    with pytest.raises(TypeError):
        s._make(tuple(s)[:-1])
    segments = (cards("2C 4C 9H"), cards("5D"))
    fast = Deck.of(segments)  # the fast paths' way to make a tavern
    assert fast == Deck(segments) and hash(fast) == hash(Deck(segments))


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


def test_minimal_discards_are_the_shared_discards_of_the_minimal_covers():
    """``minimal_discards`` (the legal discards of step 4) hands out, in the order of
    ``minimal_covers``, the one ``Discard`` object of each cover, from its tree of card sets;
    the tree is cleared beyond its limit and gives the same answers after."""
    rng = random.Random(11)
    deck = list(range(54))
    cases = [(tuple(sorted(rng.sample(deck, rng.randint(0, 8)))), rng.randint(1, 30))
             for _ in range(300)]
    tree = RegicideState.cover_tree  # the one the states' legal discards come from
    for hand, need in cases:
        got = minimal_discards(hand, need, tree)
        assert [d.cards for d in got] == minimal_covers(hand, need)
        assert all(d is discard_of(d.cards) for d in got)
    small = CoverTree(limit=10)
    for hand, need in cases[:50]:
        assert [d.cards for d in minimal_discards(hand, need, small)] == minimal_covers(hand, need)
    assert small.made <= 10 + 255  # cleared: at most one search's sets since
    assert tree.limit == 200_000


def test_remembered_samples_and_legal_lists_never_change_a_step():
    """``sample_chance`` remembers its last outcome and ``legal_actions`` its last list (speed
    only): applying another outcome, an equal outcome from elsewhere, or an action to a state
    that was not the last one asked, gives what the rules give."""
    s = new(players=1)
    s = s.apply(s.sample_chance(0.5))  # the first enemy
    assert type(s) is Drawing
    first, last = s.sample_chance(0.0), s.sample_chance(0.99)
    for outcome in (first, Draw(first.card, first.seat), last):
        assert tuple(s.apply(outcome)) == tuple(s.apply_by_rules(outcome))
    other = s.apply(first)
    other.sample_chance(0.3)
    assert tuple(s.apply(last)) == tuple(s.apply_by_rules(last))
    for seed in range(20):  # a ♥ pick, two turns asked in turn, a solo Jester power
        states = [s for s, a, u in steps({"players": 1}, seed)]
        heals = [h for h in states if type(h) is HealPicking]
        turns = [t for t in states if type(t) is Turn]
        for h in heals[:1]:
            a, b = h.sample_chance(0.0), h.sample_chance(0.99)
            assert tuple(h.apply(a)) == tuple(h.apply_by_rules(a))
        first_legal = turns[0].legal_actions()
        turns[1].legal_actions()
        assert turns[0].legal_actions() == first_legal
        for a in (first_legal[0], first_legal[-1]):
            assert tuple(turns[0].apply(a)) == tuple(turns[0].apply_by_rules(a))
        with_power = [t for t in turns if USE_JESTER_POWER in t.legal_actions()]
        for t in with_power[:2]:
            assert tuple(t.apply(USE_JESTER_POWER)) == tuple(t.apply_by_rules(USE_JESTER_POWER))
