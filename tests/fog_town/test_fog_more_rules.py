"""More rules: keys, events, empty stacks, Keepers shared, the Sleeper fight's freedoms,
options and undo (docs/rules/fog-town.md §1.2, §4.3, §5, §7.6, §16, A13, A15, A19, A21, A26)."""

import pytest

import odd_nb
from fog_kit import (SHIPPED, acting, fighting, outcomes, placed, play, replace, texts,
                     with_player)
from odd_nb import OptionError
from odd_nb.games.fog_town import FogTown


def shipped_at(node, ap=3, **player):
    s = play(SHIPPED.new_initial_state(first_player=0), "start at the Coaching Inn")
    return with_player(replace(s, phase="act", ap=ap), node=node, **player)


def test_s1_2_a_locked_location_is_explored_only_with_its_key():
    """§1.2: the shipped Clocktower names the brass key."""
    s = shipped_at("clocktower")
    assert "explore the Clocktower" not in texts(s)
    s = with_player(s, items=((4, "brass-key"),))
    assert "explore the Clocktower" in texts(s)
    assert "rest" in texts(replace(s, phase="start")), "anyone may rest in a locked location"


def test_s5_events_take_effect_and_are_discarded():
    """§5: the shipped town's "a sudden chill" deals 1 wound."""
    s = shipped_at("coaching-inn", wounds=2)
    s = play(s, "move to Market Cross", "turn over a sudden chill")
    assert s.players[0].wounds == 3 and s.piles[0].discard == ("chill",)
    s = play(shipped_at("coaching-inn"), "move to Market Cross", "turn over a distant bell")
    assert s.clock == 1


def test_s11_2_a_deadly_event_is_a_death():
    s = shipped_at("coaching-inn", wounds=5)
    s = play(s, "move to Market Cross", "turn over a sudden chill")
    assert s.players[0].node is None and s.players[0].deaths == 1
    assert s.clock == 2, "1 for the death, 1 for the end of the (solo) round"


def test_a13_an_escape_in_a_location_with_an_empty_stack_turns_over_nothing():
    s = acting(placed(), 6, node="cannery")
    s = play(s, "explore the Cannery", "turn over nothing", "explore the Cannery",
             "turn over knife", "explore the Cannery", "turn over Lurcher", "escape")
    assert s.phase == "start" and s.fights[0] is None
    assert s.piles[1].known_bottom(0) == ["lurcher"], "it waits under the stack (A13)"
    s = play(s, "roll the die", "roll 3", "explore the Cannery")
    assert outcomes(s) == {"turn over Lurcher": 1}, "not the Keeper: the escaped monster"


def test_s4_3_a_player_who_walks_out_keeps_the_stack():
    s = play(acting(placed(), 4, node="cannery"), "explore the Cannery", "turn over nothing",
             "move to circle A1", "turn over nothing", "move to the Cannery")
    assert s.piles[1].size(0) == 2
    s = play(s, "explore the Cannery")
    assert s.is_chance and s.piles[1].size(0) == 2


def test_a15_one_keeper_fights_one_player_at_a_time():
    s = placed(players=2)
    s = fighting(s, "foreman", ("keeper", "cannery"), home=-1, seat=1)
    pile = s.piles[1].start_stack(0)
    s = acting(replace(s, piles=(s.piles[0], pile) + s.piles[2:]), 2, node="cannery")
    assert "explore the Cannery" not in texts(s)


def test_a19_the_summoner_may_switch_and_reload_but_not_escape_or_move():
    s = fighting(acting(placed(), 3, node="c22", weapons=((0, "knife", True),)), "hollow-tide",
                 ("sleeper",))
    actions = texts(s)
    assert "switch to the knife" in actions and "strike with 3 points" in actions
    assert not any(t.startswith(("move", "escape", "explore")) for t in actions)


def test_s16_options_have_their_defaults_and_refuse_bad_values():
    options = FogTown().normalize_options()
    assert options == {"players": 1, "difficulty": "normal", "first_player": "random",
                       "boss_token_escape": True, "death_token": "close_location",
                       "hunter_per_round": 1, "die_faces": 6, "blackout_effect": "none"}
    for bad in ({"hunter_per_round": 0}, {"die_faces": 1}, {"players": 5},
                {"difficulty": "nightmare"}, {"blackout_effect": "rain"}, {"die_faces": True}):
        with pytest.raises(OptionError):
            FogTown().normalize_options(**bad)


def test_s15_4_solo_undo_is_free_and_with_two_players_stops_at_a_seen_draw():
    solo = odd_nb.start("fog-town", seed=2, first_player=0)
    solo.play("start at the Coaching Inn")
    solo.play("roll the die")
    solo.undo()
    assert solo.state.phase == "start"
    race = odd_nb.start("fog-town", seed=2, players=2, first_player=0)
    for text in ("start at the Coaching Inn", "start at the Coaching Inn", "roll the die"):
        race.play(text)
    before = race.state
    with pytest.raises(odd_nb.IllegalAction, match="seen"):
        race.undo()
    assert race.state is before, "the roll seen cannot be taken back (A26)"
