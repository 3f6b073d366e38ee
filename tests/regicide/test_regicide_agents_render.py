"""Agents (issue: random, heuristic, search) and how a state shows itself (issue: readable
state)."""

import random

import odd_nb
from odd_nb.core.agents import RandomAgent
from odd_nb.games.regicide import agents
from odd_nb.games.regicide.agents import HeuristicAgent, SearchAgent, progress

from regicide_kit import GAME, play, strs, table


def test_random_agent_is_the_cores():
    """Issue (agents): RandomAgent is reused from the core."""
    assert agents.RandomAgent is RandomAgent


def test_heuristic_takes_an_exact_kill_and_covers_cheaply():
    """§3 step 3 exact kill; §3 step 4 discard: the heuristic's rules of thumb."""
    s = table(["10C 4D 9S 2H", "6H"], enemy="JH")
    assert str(HeuristicAgent().choose(s, random.Random(0))) == "play 10♣"
    s = play(table(["2C 9S 8D 3H", "6H 9D"], enemy="JD"), "play 2♣")
    assert str(HeuristicAgent().choose(s, random.Random(0))) in strs(s)


def test_heuristic_uses_a_solo_power_when_nothing_else_survives():
    """§7: a Jester power is the heuristic's way out of a lost discard."""
    s = table(["2C 3D"], enemy="JS", players=1, jester_powers=1)
    s = play(s, "play 2♣")
    assert HeuristicAgent().choose(s, random.Random(0)) == agents.USE_JESTER_POWER


def test_search_agent_decides_legally_within_an_iteration_budget():
    """The search agent returns a legal action; with a fixed iteration budget and rng it is
    reproducible; it searches in multiplayer games through determinization."""
    for players in (1, 3):
        s = GAME.new_initial_state(players=players)
        rng = random.Random(players)
        while s.is_chance:
            s = s.apply(s.sample_chance(rng.random()))
        agent = SearchAgent(time_limit=None, iterations=12, width=4)
        a = agent.choose(s, random.Random(5))
        assert a in s.legal_actions() and agent.last_iterations == 12
        assert SearchAgent(time_limit=None, iterations=12, width=4).choose(
            s, random.Random(5)) == a


def test_search_agent_prefers_the_play_that_goes_furthest():
    """J♦ (attack 10), an empty tavern, 6♠ 2♣ 3♥ in hand, no Jester power: only 6♠ survives the
    attack (2♣ and 3♥ leave too little to cover; a yield deals nothing), so it goes furthest."""
    s = table(["6S 2C 3H"], enemy="JD", players=1, jester_powers=0, rest="aside")
    assert len(s.tavern) == 0
    agent = SearchAgent(time_limit=None, iterations=40, width=8)
    assert str(agent.choose(s, random.Random(1))) == "play 6♠"
    s = table(["6S 2C 3D"], enemy="JH", players=1, jester_powers=0,
              tavern="2H 3H 4H", rest="aside")
    # here 6♠ survives this turn but leaves an empty hand; 3♦ draws the three hearts
    assert str(agent.choose(s, random.Random(1))) == "play 3♦"


def test_progress_counts_enemies_and_damage():
    """The search agent's rollout score: enemies defeated and damage dealt (§3 step 3)."""
    s = table(["6S"], enemy="QH", players=1, damage=15)
    assert progress(s) == (4 + 0.5) / 12
    assert progress(s._replace(outcome="won")) == 1.0


def test_str_repr_and_html_show_the_table():
    """Issue (readable state): enemy with health, attack, shield and damage; the hand of the seat
    to move; other hands as counts only (§4)."""
    s = table(["7S 5S 3D", "8C 9D 2H"], enemy="JH", in_play=["4S"], damage=4)
    text = str(s)
    assert "Enemy J♥: damage 4/20 · attack 10 · shield 4 · hits for 6 · immune ♥" in text
    assert "Hand of seat 0: 3♦ 5♠ 7♠ (value 15)" in text
    assert "Other hands: seat 1: 3 cards" in text and "8♣" not in text
    assert repr(s) == f"<Regicide 2p, enemy J♥ 4/20, seat 0 to play, tavern {len(s.tavern)}, " \
        "discard 0>"
    html = s._repr_html_()
    assert "<table" in html and "shield 4" in html and "seat 1: 3" in html
    assert "8♣" not in html


def test_a_whole_game_through_the_timeline_by_text():
    """Actions by text (unique str) drive a whole game; the save file replays it."""
    t = odd_nb.start("regicide", players=2, seed=3)
    rng = random.Random(3)
    while not t.state.is_terminal:
        t.play(str(HeuristicAgent().choose(t.state, rng)))
    assert t.state.outcome in ("won", "lost")
    assert odd_nb.Timeline.from_json(t.to_json()).state == t.state
