"""The fast paths of Fog Town (``odd_nb/games/fog_town/fast.py``) against the rules they mirror.

``FogState.legal_actions()`` lists by ``fast.legal`` (pieces made once for what they depend on),
``rules.legal_actions`` is the reference; ``FogState.apply`` makes the roll (§3.3), the die
(§3.3, §3.4, A5), a rest (§3.3, A6), the bank (§3.4), a move (§4.1, §4.2, A7), the usual card
turned over (§5, its weights counted without ``Counter`` when one pool holds the place, A25), a
strike that kills neither the player nor a boss (§7.2, §7.3, §7.5, A10), a switch (§8.3) and
the end of a turn with the Lamplighter's step (§3.6, §12.1, §12.2, A21, A22) on a copy of the
state's fields, and every other step as ``apply_by_rules`` does: a ``FogDraft`` changed by the
rule functions in the rulebook's order, the reference. The card a draw turns over at a point
``u`` is the reference's (``rules.sample_reveal``), so seeds and save files draw the same.

At every step of seeded random and heuristic games, for 1 to 4 players, on the shipped town and
the test town (§17.2), with other options (difficulty, A14, A17, A21, a Blackout that changes
a rule number, A22), the two must agree: the same legal actions in the same order with the
same texts, the same weights of a card turned over, and for every legal action, every face of
the die and the outcome sampled at every chance node the same next state, equal and with an
equal hash. So the start of a turn (§3.2 summons,
§3.3 rest and roll), the bank (§3.4), moves and exploring (§4), fights, strikes and escapes
(§7), weapons and reloads (§8), endings (§10, §13) and the Lamplighter (§12) are met many times
on both paths.
"""

import random

import pytest

from odd_nb.core.state import IllegalAction
from odd_nb.games.fog_town import FogTown, fast, rules
from odd_nb.games.fog_town.actions import act
from odd_nb.games.fog_town.agents import HeuristicAgent

TOWNS = {"shipped": FogTown(), "test": FogTown(content="test")}
SETUPS = [(town, players, options)
          for town in TOWNS for players in (1, 2, 3, 4)
          for options in ({}, {"difficulty": "hard", "boss_token_escape": False,
                               "death_token": "own_token"})] + [
    ("shipped", players, {"blackout_effect": "dark-streets", "hunter_per_round": 2})
    for players in (1, 3)]  # a Blackout that changes a rule number (§12.2, A22)
GAMES = 6  # per setup and agent


def check_step(s):
    """The fast path and the reference agree here; returns the decisions to choose from."""
    if s.is_chance:
        outcomes = s.chance_outcomes()
        if s.phase == "draw":  # the weights of the card turned over (A25)
            pile, holder = s.piles[s.pending[0]], s.pending[1]
            assert fast.reveal_weights(pile, holder) == pile.reveal_weights(holder)
        if s.phase == "roll":  # the die's fast step, for every face
            for outcome, _ in outcomes:
                fast_next, reference = s.apply(outcome), s.apply_by_rules(outcome)
                assert fast_next == reference and hash(fast_next) == hash(reference)
        return None
    legal = s.legal_actions()
    reference = rules.legal_actions(s)
    assert legal == reference
    assert [str(a) for a in legal] == [str(a) for a in reference]
    for action in legal:
        fast_next, by_rules = s.apply(action), s.apply_by_rules(action)
        assert fast_next == by_rules and hash(fast_next) == hash(by_rules)
        if not (fast_next.is_chance or fast_next.is_terminal):
            assert fast_next.legal_actions() == rules.legal_actions(fast_next)
    return legal


@pytest.mark.parametrize("town,players,options", SETUPS)
@pytest.mark.parametrize("agent", ["random", "heuristic"])
def test_fast_paths_agree_with_the_rules(town, players, options, agent):
    game = TOWNS[town]
    heuristic = HeuristicAgent()
    steps = 0
    for i in range(GAMES):
        rng = random.Random(f"{town}-{players}-{agent}-{i}-{sorted(options.items())}")
        s = game.new_initial_state(players=players, **options)
        while not s.is_terminal:
            legal = check_step(s)
            if legal is None:  # the outcome sampled here is applied without a second look
                u = rng.random()
                outcome = s.sample_chance(u)
                assert outcome in [o for o, _ in s.chance_outcomes()]
                if s.phase == "draw":  # §15.1: the same card at the same point
                    assert outcome == rules.sample_reveal(s, u)
                fast_next, reference = s.apply(outcome), s.apply_by_rules(outcome)
                assert fast_next == reference and hash(fast_next) == hash(reference)
                s = fast_next
            else:
                s = s.apply(rng.choice(legal) if agent == "random" else heuristic.choose(s, rng))
            steps += 1
    assert steps > GAMES * 20


def test_fast_apply_refuses_what_the_rules_refuse():
    """A die face that is not one (§1.6) and a roll out of its step (§3.3) are refused."""
    s = TOWNS["test"].new_initial_state(players=1, first_player=0)
    s = s.apply(s.legal_actions()[0])
    assert s.phase == "start"
    roll = next(a for a in s.legal_actions() if str(a) == "roll the die")
    rolled = s.apply(roll)
    assert rolled.phase == "roll"
    with pytest.raises(IllegalAction):
        rolled.apply(act("die", 7, None, "roll 7"))
    with pytest.raises(IllegalAction):
        rolled.apply(roll)
    assert rolled.apply(fast.die_faces(6)[2]).ap in (3, 0)
