"""Where pandas is missing -- the offline browser site, docs/lite.md "What works there, and what
needs a full Jupyter" -- the engine, the agents and the odds as lists still work, and every
function that makes a DataFrame says so in words, naming what to do instead, before doing any
work."""

import random
import sys

import pytest

import odd_nb
from odd_nb.core.agents import RandomAgent, play_out


@pytest.fixture
def browser_without_pandas(monkeypatch):
    """This process as the browser's Python sees the site: no pandas, platform emscripten."""
    monkeypatch.setitem(sys.modules, "pandas", None)  # ``import pandas`` now fails
    monkeypatch.setattr(sys, "platform", "emscripten")


def test_a_study_says_it_needs_a_full_jupyter_before_playing(browser_without_pandas, monkeypatch):
    import odd_nb.simulation as simulation
    played = []
    monkeypatch.setattr(simulation, "_run_here", lambda *a, **k: played.append(1))
    with pytest.raises(ImportError, match=r"odd_nb\.simulate makes a pandas DataFrame.*not part "
                                          r"of this site.*full Jupyter.*play_out") as caught:
        odd_nb.simulate("regicide", players=1, games=3, seed=1, progress=False)
    assert caught.value.name == "pandas" and not played
    with pytest.raises(ImportError, match=r"odd_nb\.summary makes a pandas DataFrame"):
        odd_nb.summary(object())


def test_the_play_path_and_the_odds_as_lists_need_no_pandas(browser_without_pandas):
    from odd_nb.games.regicide import odds
    end = play_out(odd_nb.load_game("regicide").new_initial_state(players=1), RandomAgent(),
                   random.Random(2))
    assert end.is_terminal
    t = odd_nb.start("regicide", players=1, seed=4)
    assert odds.play_rows(t.state)  # lists of dicts: no pandas
    with pytest.raises(ImportError, match=r"Regicide odds table.*\*_rows functions"):
        odds.plays(t.state)


def test_one_deck_tables_name_the_functions_that_still_work(browser_without_pandas):
    from odd_nb.games.one_deck import analysis
    rng = random.Random(5)
    state = odd_nb.load_game("one-deck-dungeon").new_initial_state()
    while state.phase != "peril" or state.is_chance:  # E1: a peril at its option choice
        state = state.apply(state.sample_chance(rng.random()) if state.is_chance
                            else rng.choice(state.legal_actions()))
    with pytest.raises(ImportError, match=r"one_deck\.analysis.*encounter_odds and state_odds"):
        analysis.peril_odds(state)


def test_outside_the_browser_the_message_says_how_to_install(monkeypatch):
    monkeypatch.setitem(sys.modules, "pandas", None)
    with pytest.raises(ImportError, match=r"pip install pandas"):
        odd_nb.simulate("regicide", players=1, games=1, seed=1, progress=False)


def test_encounter_odds_work_and_only_their_frames_need_pandas(browser_without_pandas):
    from odd_nb.games.one_deck import Box, encounter_odds
    odds = encounter_odds({"yellow": 2}, [Box("yellow", 5, damage=1)])
    assert 0 < odds.p_clear < 1 and odds.box_covered  # the figures themselves need nothing
    with pytest.raises(ImportError, match=r"to_frame\(\).*box_covered"):
        odds.to_frame()
    with pytest.raises(ImportError, match=r"distribution\(\).*damage and time"):
        odds.distribution()
