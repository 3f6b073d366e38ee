"""Odds, agents, text, HTML and the widget's board (docs/rules/fog-town.md §7.2, §3.4, §14,
§15.3; docs/design.md "The board's pieces")."""

import json
import random
from fractions import Fraction

import odd_nb
from fog_kit import GAME, SHIPPED, acting, fighting, placed, play, replace
from odd_nb.core.agents import play_out
from odd_nb.core.view import every_piece
from odd_nb.games.fog_town.agents import HeuristicAgent
from odd_nb.games.fog_town.odds import best_kill_chance, strike_odds, to_frame


def test_s7_2_odds_before_the_roll_count_the_die_and_the_banked_value():
    """§3.3, §7.2: a Lurcher (3 health) with a knife (+1) needs 2 points: P(roll >= 2) = 5/6;
    with 2 banked every roll gives at least 3 AP."""
    s = fighting(replace(placed(), phase="start"), "lurcher")
    s = replace(s, players=(replace(s.players[0], hand=(0, "knife", True)),))
    rows = strike_odds(s, 0)
    assert [r["kills"] for r in rows[:3]] == [False, True, True]
    assert rows[1]["kill_chance"] == Fraction(5, 6) and rows[1]["damage"] == 3
    assert rows[4]["after_bank_2"] == Fraction(4, 6), "5 points after banking 2: a roll of 3+"
    banked = replace(s, players=(replace(s.players[0], banked=2),))
    assert best_kill_chance(banked, 0) == 1


def test_s7_2_odds_once_the_ap_are_known_are_certain():
    s = fighting(acting(placed(), 2), "fog-hound", damage=1)
    rows = strike_odds(s, 0)
    assert [r["points"] for r in rows] == [1, 2] and all(r["chance"] == 1 for r in rows)
    assert not rows[1]["kills"], "1 damage taken + 2 points = 3 < 4"
    assert all(r["survives_strike_back"] for r in rows), "0 wounds + strength 2 < 6"


def test_odds_make_a_data_frame():
    frame = to_frame(strike_odds(placed(), 0, monster="lurcher"))
    assert list(frame.columns)[:3] == ["points", "damage", "kills"]


def test_agents_finish_games_and_the_heuristic_outscores_random():
    """§14: over 40 solo games on the shipped town the heuristic's mean score is higher."""
    def mean_score(agent):
        total = 0
        for seed in range(40):
            end = play_out(SHIPPED.new_initial_state(), agent, random.Random(seed))
            total += end.scores()[0]
        return total / 40
    assert mean_score(HeuristicAgent()) > mean_score(odd_nb.core.agents.RandomAgent()) + 2


def test_final_stats_name_scores_endings_deaths_and_the_clock():
    end = play_out(GAME.new_initial_state(players=2), HeuristicAgent(), random.Random(3))
    stats = GAME.final_stats(end)
    assert {"ending", "clock", "score_0", "score_1", "deaths_0", "winners"} <= set(stats)
    json.dumps(stats)


def test_text_and_html_show_the_clock_the_boards_and_the_fight():
    s = fighting(acting(placed(), 3, node="c22"), "lurcher")
    text = str(s)
    assert "the Lamplighter at 0/24" in text and "Player 1 fights Lurcher: damage 0/3" in text
    assert "<li>" in s._repr_html_()


def test_the_board_is_a_wide_map_then_players_and_every_part_is_on_it():
    view = GAME.view()
    s = fighting(acting(placed(), 3, node="c22", weapons=((0, "knife", True),)), "lurcher")
    board = view.board(s, 0)
    json.dumps(board)
    first = board["zones"][0]
    assert first["wide"] and first["items"][0]["type"] == "map"
    assert first["items"][1]["type"] == "track" and first["items"][1]["max"] == 24
    keys = [p["key"] for p in every_piece(board) if "key" in p]
    assert len(keys) == len(set(keys))
    for action in s.legal_actions():
        assert all(part in keys for part in view.parts(s, action)), str(action)
    assert view.parts(s, s.find_action("strike with 2 points")) == ["monster", "commit:2"]
    assert view.parts(s, s.find_action("switch to the knife")) == ["weapon:0:0"]
    assert view.parts(s, s.find_action("escape to circle B1")) == ["node:c21"]
    figure = [p for p in every_piece(board) if p.get("key") == "figure:0"]
    assert figure and figure[0]["type"] == "token" and figure[0]["side"] == 0


def test_teach_links_the_rule_and_summary_reports_scores():
    view = GAME.view()
    teach = view.teach(play(placed(), "roll the die", "roll 4"))
    assert teach["href"] == "fog-town.md#35-spending-action-points"
    end = replace(placed(), phase="over", ended="midnight", clock=24)
    summary = view.summary(end)
    assert summary["result"] == "lost" and "Player 1: 0 points" in summary["lines"]


def test_the_search_agent_takes_a_sure_kill_of_a_keeper():
    """§9: killing the Foreman now completes the location; in a fight the search follows its
    playout policy, which takes the kill."""
    from odd_nb.games.fog_town.agents import SearchAgent
    s = fighting(acting(placed(), 3, node="cannery"), "foreman", ("keeper", "cannery"),
                 damage=4)
    choice = SearchAgent().choose(s, random.Random(2))
    assert str(choice) in ("strike with 2 points", "strike with 3 points")


def test_s12_3_the_search_overrules_a_rest_that_lets_midnight_come():
    """§3.3, §12.1, §12.3, §14: the clock at 23, one location left, its Keeper next. With 3
    wounds the policy rests, which ends the round: midnight, a certain loss. A roll of 5 or 6
    (4+ points with the cleaver's +3, after the Explore) kills the Foreman (7 health) and
    clears the town: the playouts see it and the search rolls."""
    from odd_nb.games.fog_town.agents import SearchAgent
    s = replace(placed(), clock=23)
    c = s.content
    here = c.explorable.index("cannery")
    piles = list(s.piles)
    piles[here + 1] = piles[here + 1].start_stack(0)  # gone through: the Keeper is next
    s = replace(s, piles=tuple(piles), status=tuple(
        "open" if loc == "cannery" else "completed" for loc in c.explorable))
    s = replace(s, players=(replace(s.players[0], node="cannery", wounds=3,
                                    hand=(0, "cleaver", True)),))
    agent = SearchAgent()
    assert str(agent.policy.choose(s, random.Random(1))) == "rest"
    assert str(agent.choose(s, random.Random(1))) == "roll the die"


def test_s7_3_two_turn_odds_count_a_deadly_strike_back():
    """§7.3: with 4 wounds and 2 AP, bare hands against a Fog Hound (4 health, strength 2):
    2 damage does not kill, and its strike-back (2) reaches the health: certain death."""
    from odd_nb.games.fog_town.odds import kill_within_two_turns
    s = fighting(acting(placed(), 2, node="c22", wounds=4), "fog-hound")
    assert kill_within_two_turns(s, 0) == {"this_turn": 0, "two_turns": 0, "dies_trying": 1}
    s = fighting(acting(placed(), 2, node="c22", hand=(0, "axe", True)), "fog-hound")
    assert kill_within_two_turns(s, 0)["this_turn"] == 1, "2 points + axe 2 = 4"


def shipped_acting(ap, **board):
    """Solo on the shipped town, at the Coaching Inn with ``ap`` AP (§2, §3.5)."""
    s = SHIPPED.new_initial_state(first_player=0)
    return acting(play(s, "start at the Coaching Inn"), ap, **board)


def test_s13_the_bold_heuristic_keeps_the_clues_a_sleeper_asks_for():
    """§10, §13: two bell clues claim The Bells Fall Quiet, and summon the Ash Bride too; the
    careful heuristic claims the ending, the bold one (the search's playouts) keeps them."""
    s = shipped_acting(3, items=((1, "hymnal-page"), (4, "slate-riddle")))
    claim = next(a for a in s.legal_actions() if str(a) == "claim The Bells Fall Quiet")
    assert HeuristicAgent().choose(s, random.Random(1)) == claim
    assert HeuristicAgent.bold().choose(s, random.Random(1)).kind != "claim"


def test_s4_2_with_nothing_left_to_explore_the_bold_heuristic_walks_the_streets():
    """§1.2, §4.2: every location done but the locked Clocktower, whose key is not held: the
    careful heuristic waits, the bold one walks to a street circle for its card, or stays in a
    location to rest when hurt (§3.3)."""
    s = shipped_acting(3)
    c = s.content
    s = replace(s, status=tuple("open" if loc == "clocktower" else "completed"
                                for loc in c.explorable))
    assert str(HeuristicAgent().choose(s, random.Random(1))) == "end the turn"
    assert str(HeuristicAgent.bold().choose(s, random.Random(1))) == "move to Market Cross"
    hurt = replace(s, players=(replace(s.players[0], wounds=3),))
    assert str(HeuristicAgent.bold().choose(hurt, random.Random(1))) == "end the turn"


def test_the_search_agent_plays_out_the_bold_heuristic():
    from odd_nb.games.fog_town.agents import SearchAgent
    assert repr(SearchAgent().policy) == repr(HeuristicAgent.bold())
