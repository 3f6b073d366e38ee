"""The expectimax agent (odd_nb/games/one_deck/agents.py, expectimax.py): legal to the end of
seeded games, its face-or-flee choice read from the exact odds, reproducible from a seed.

Rules references (§n, An) are to docs/rules/one-deck-dungeon.md.
"""

from __future__ import annotations

import copy
import random

from rules_kit import A, HeroState, at_door, loot_state

import odd_nb
from odd_nb.games.one_deck import expectimax
from odd_nb.games.one_deck.agents import ExpectimaxAgent
from odd_nb.games.one_deck.odds import state_odds
from odd_nb.simulation import replay


def test_registered_beside_greedy():
    agents = odd_nb.load_game("one-deck-dungeon").agents()
    assert agents["expectimax"] is ExpectimaxAgent and "greedy" in agents


def test_plays_legal_actions_to_the_end_and_replays_from_its_seed():
    """Every choice is among ``legal_actions()`` (``replay`` plays them through a Timeline, which
    refuses anything else) and the same seed gives the same game, decision for decision."""
    first = odd_nb.simulate("one-deck-dungeon", agents="expectimax", games=2, seed=11,
                            progress=False, heroes=["h5"])
    again = odd_nb.simulate("one-deck-dungeon", agents="expectimax", games=2, seed=11,
                            progress=False, heroes=["h5"])
    assert first.equals(again)
    t = replay(first.loc[1])
    assert t.state.is_terminal and t.state.outcome == first.loc[1, "outcome"]
    assert len(t) == first.loc[1, "length"]


def _chance_of_loss(s) -> float:
    """The odds' chance (E4 best placement, docs/odds.md §5) that facing ``s``'s card deals more
    damage than the hero has left (§11), with no potion to drink."""
    ahead = s.apply(A.FACE)
    odds = next(iter(state_odds(ahead).values()))
    left = ahead.health(0) - ahead.heroes[0].damage
    return float(sum(p for d, p in odds.damage.items() if d > left))


def _face_or_flee(s):
    return ExpectimaxAgent().choose(s, random.Random(0))


def test_flees_what_the_odds_say_would_kill():
    """§5.4: a just-opened door may be fled. Brannoc with 1 health left and no potion, at an
    Iron Golemling (armor boxes, a wide yellow 18 ♥♥): the odds say facing it most likely ends
    the delve, and the agent flees."""
    s = at_door("e23", party=[HeroState("h1", damage=5)], potions=0)
    assert _chance_of_loss(s) > 0.5
    assert expectimax.face_value(s.apply(A.FACE)) < expectimax.worth(s)
    assert _face_or_flee(s) == A.FLEE


def test_faces_what_the_odds_say_is_safe():
    """The same hero unhurt at a Moss Goblin Scout (a pink 3 ♥, a yellow 3 ⌛ and the floor's
    yellow 3 ♥, §9): no roll can end the delve, the loot is worth having, the agent faces."""
    s = at_door("e01", party=[HeroState("h1")])
    assert _chance_of_loss(s) == 0
    assert expectimax.face_value(s.apply(A.FACE)) > expectimax.worth(s)
    assert _face_or_flee(s) == A.FACE


def test_the_choice_turns_with_the_health_left():
    """One card (Marsh Hag: a blue 5 ♥♥ and a wide blue 12 ♥⌛ against Brannoc's one blue die),
    the hero more and more hurt: unhurt the agent faces it, with no health to spare it flees,
    and once it flees it keeps fleeing (the worth of facing falls faster than the worth of the
    position)."""
    choices = [_face_or_flee(at_door("e10", party=[HeroState("h1", damage=d)], potions=0))
               for d in range(7)]
    assert choices[0] == A.FACE and choices[-1] == A.FLEE
    first_flee = choices.index(A.FLEE)
    assert all(c == A.FLEE for c in choices[first_flee:])


def test_loot_is_the_claim_worth_most():
    """E6 (§6, A15-A17): the agent claims the card in the way ``expectimax.worth`` rates best."""
    s = loot_state("e05")
    choice = ExpectimaxAgent().choose(s, random.Random(0))
    best = max(expectimax.worth(s.apply(a)) for a in s.legal_actions()
               if isinstance(a, A.TakeLoot))
    assert expectimax.worth(s.apply(choice)) == best


def test_peril_option_by_expected_worth():
    """E1: at a peril the agent takes the option of highest expected worth over its odds."""
    card = next(c for c, e in sorted(expectimax_content().encounters.items())
                if e.kind == "peril")
    s = at_door(card).apply(A.FACE)
    values = expectimax.option_values(s)
    choice = ExpectimaxAgent().choose(s, random.Random(0))
    assert isinstance(choice, A.ChooseOption) and values[choice.option] == max(values)


def test_boss_chance_grows_with_health_and_dice():
    """§10: the boss fight model: more margin or more dice never lowers the chance to win."""
    s = at_door("e01")
    weak, strong = expectimax.boss_table(s, (3, 1, 1), 1), expectimax.boss_table(s, (4, 2, 2), 2)
    health = s.dungeon_card.boss.health["1P"]
    assert all(a <= b + 1e-12 for a, b in zip(weak[health], weak[health][1:]))
    assert all(a <= b + 1e-12 for a, b in zip(weak[health], strong[health]))
    assert weak[0][0] == 1.0 and weak[health][0] < 1


def test_boss_round_places_dice_as_the_agent_does():
    """§10, A11: one boss round, its dice placed ☠ boxes first with the smallest die that covers
    each. Grubmaw (d1) against one yellow die: a 5 or a 6 covers the yellow 5 ☠ box (a hit, the
    four ♥ boxes uncovered), anything less covers nothing; the same rolls every time (seeded)."""
    boss = expectimax_content().dungeons["d1"].boss
    rounds = expectimax.boss_round(boss, {"yellow": 1})
    assert set(rounds) == {(4, 1), (4, 0)}
    assert abs(rounds[4, 1] - 1 / 3) < 0.05
    assert rounds == expectimax.boss_round(boss, {"yellow": 1})


def test_boss_round_counts_the_damage_of_every_round_start():
    """§10: Quarrymother Vesk (d2) deals 1 damage at the start of each boss round (its "on
    start" ability), on top of every uncovered ♥ box: with no dice at all a round costs 1 + 4."""
    boss = expectimax_content().dungeons["d2"].boss
    assert sum(b.damage for b in boss.boxes) == 4
    assert expectimax.boss_round(boss, {}) == {(5, 0): 1.0}


def test_choices_read_only_the_position():
    """The agent decides from the position alone, which holds what the party sees and nothing
    more (face-down cards are not drawn until revealed, docs/design.md "Chance"): at every
    decision of a seeded game its choice is the same whatever random numbers it is handed, and
    the same for a copy of the position."""
    s = odd_nb.start("one-deck-dungeon", seed=5, heroes=["h3"], dungeon="d2").state
    rng = random.Random(5)
    agent, other = ExpectimaxAgent(), ExpectimaxAgent()
    while not s.is_terminal:
        if s.is_chance:
            s = s.apply(s.sample_chance(rng.random()))
            continue
        choice = agent.choose(s, random.Random(1))
        assert other.choose(copy.deepcopy(s), random.Random(2)) == choice
        s = s.apply(choice)


def expectimax_content():
    return odd_nb.load_game("one-deck-dungeon").content
