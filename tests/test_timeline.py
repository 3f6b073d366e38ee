"""The Timeline (docs/design.md, "Timeline"; issue: undo/redo O(1) and exact, seeded replayable chance,
checked save files)."""

import json

import pytest

import odd_nb
from odd_nb import IllegalAction, LoadError, Timeline
from odd_nb.games.one_deck.actions import EXPLORE, TIME_PASSES


def fresh(seed=7, **options):
    return odd_nb.start("one-deck-dungeon", seed=seed, **options)


def to_first_door(t):
    t.play("time passes")
    t.play("explore")
    t.play("time passes")
    t.play("open a closed door")


def test_play_takes_an_action_or_its_text():
    t = fresh()
    t.play(TIME_PASSES)
    t.play("explore")
    assert [str(e) for e in t.history if not e.chance] == ["time passes", "explore"]


def test_chance_entries_are_recorded_and_undo_skips_them():
    t = fresh()
    t.play("time passes")  # two time discards follow as chance entries
    assert [e.chance for e in t.history] == [False, True, True]
    t.undo()
    assert t.history == [] and t.state == fresh().state


def test_nothing_to_undo_or_redo_is_an_error_that_changes_nothing():
    t = fresh()
    with pytest.raises(IllegalAction, match="nothing to undo"):
        t.undo()
    t.play("time passes")
    with pytest.raises(IllegalAction, match="nothing to redo"):
        t.redo()
    assert len(t.history) == 3


def test_same_path_after_undo_meets_the_same_cards():
    t = fresh()
    to_first_door(t)
    card = t.state.card
    t.undo()
    t.play("open a closed door")
    assert t.state.card == card


def test_fresh_chance_gives_other_outcomes():
    cards = set()
    t = fresh()
    to_first_door(t)
    cards.add(t.state.card)
    for _ in range(8):
        t.undo()
        t.fresh_chance()
        t.play("open a closed door")
        cards.add(t.state.card)
    assert len(cards) > 1


def test_a_different_path_is_not_a_replay():
    seen = set()
    for first in range(6):
        t = fresh(seed=first)
        to_first_door(t)
        seen.add(t.state.card)
    assert len(seen) > 1


def test_jump_and_redo_walk_the_same_states():
    t = fresh()
    to_first_door(t)
    states = [e.state for e in t.history]
    at_rest = [i + 1 for i, st in enumerate(states) if not st.is_chance]
    t.jump(at_rest[1])
    assert t.state is states[at_rest[1] - 1]
    t.jump(0)
    assert t.state == fresh().state
    t.jump(len(states))
    assert t.state is states[-1]
    with pytest.raises(IllegalAction, match="no step 99"):
        t.jump(99)


def test_playing_after_undo_drops_the_redo_future():
    t = fresh()
    t.play("time passes")
    t.play("explore")
    t.undo()
    assert [str(e) for e in t.future] == ["explore"]
    t.play(EXPLORE)
    assert t.future == []


def test_branch_is_independent():
    t = fresh()
    t.play("time passes")
    b = t.branch()
    b.play("explore")
    assert t.state.phase == "turn" and b.state.phase == "turn start"
    assert len(b.history) == len(t.history) + 1


def test_chance_can_wait_and_be_set_by_hand():
    game = odd_nb.load_game("one-deck-dungeon")
    t = Timeline(game, game.normalize_options(), seed=1, auto_chance=False)
    t.play("time passes")
    assert t.state.is_chance
    outcome = t.state.chance_outcomes()[0][0]
    t.play(str(outcome))
    assert t.state.discard == (outcome.card,)
    t.roll()
    assert not t.state.is_chance
    with pytest.raises(IllegalAction, match="nothing to roll"):
        t.roll()


def test_save_file_is_versioned_json_with_options_seed_and_log():
    t = fresh(seed=3, heroes=["h2", "h4"], dungeon="d3")
    to_first_door(t)
    data = json.loads(t.to_json())
    assert data["format"] == "odd_nb.timeline" and data["version"] == 1
    assert data["options"]["heroes"] == ["h2", "h4"] and data["seed"] == 3
    assert data["log"][0] == "time passes" and len(data["log"]) == len(t.history)
    t.undo()
    loaded = Timeline.from_json(t.to_json())
    assert loaded.state == t.state and [str(e) for e in loaded.future] == \
        [str(e) for e in t.future]


def test_save_file_with_unknown_game_or_bad_options_is_refused():
    data = json.loads(fresh().to_json())
    with pytest.raises(LoadError, match="no game called 'chess'"):
        Timeline.from_json(json.dumps(dict(data, game="chess")))
    with pytest.raises(LoadError, match="no hero 'h99'"):
        Timeline.from_json(json.dumps(dict(data, options={"heroes": ["h99"]})))
    with pytest.raises(LoadError, match="step 1"):
        Timeline.from_json(json.dumps(dict(data, log=[7], cursor=0)))


def test_undo_returns_the_kept_state_object_not_a_recomputed_one():
    """Undo is O(1): it moves a cursor to a state the history keeps."""
    t = fresh()
    for _ in range(40):
        if t.state.is_terminal:
            break
        t.play(t.legal_actions()[0])
    kept = [e.state for e in t.history]
    t.undo()
    assert t.history and t.state is kept[len(t.history) - 1]


def test_an_option_added_later_leaves_earlier_seeds_alone_at_its_default():
    """Option.seeded_at_default=False (Regicide's A17 signals): a save file or a seed from before
    the option existed deals the same cards; choosing the option is part of the seed."""
    game = odd_nb.load_game("regicide")
    options = game.normalize_options(players=2)
    assert "jester_signals" in options
    assert "jester_signals" not in game.seed_options(options)
    assert game.seed_options({**options, "jester_signals": True})["jester_signals"] is True
    plain = odd_nb.start("regicide", players=2, seed=3)
    same = odd_nb.start("regicide", players=2, seed=3, jester_signals=False)
    assert [str(e) for e in plain.history] == [str(e) for e in same.history]
    assert str(plain.history[0]) == "the next enemy is J♦"  # as before the option existed
