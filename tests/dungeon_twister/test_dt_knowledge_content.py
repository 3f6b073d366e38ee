"""Hidden information (§14), data and options (§16), agents and stats:
docs/rules/dungeon-twister.md."""

import json
import random
from dataclasses import replace

import pytest

from odd_nb import LoadError
from odd_nb.core.agents import RandomAgent, play_out
from odd_nb.games.dungeon_twister import DungeonTwister, HeuristicAgent, load_content

from dt_kit import B, Y, position, rooms_file


def to_phase(phase, seed=0):
    s = DungeonTwister().new_initial_state()
    rng = random.Random(seed)
    while s.phase != phase:
        s = s.apply(s.sample_chance(rng.random()) if s.is_chance
                    else rng.choice(s.legal_actions()))
    return s


def test_s14_1_starting_characters_are_face_down_to_the_opponent_until_s4_4():
    s = to_phase("place")
    mine, theirs = s.observation(0)["squares"], s.observation(1)["squares"]
    assert all(v[0].get("face_down") is None for k, v in mine.items() if k.endswith("0"))
    assert all(v[0] == {"side": 0, "face_down": True} for k, v in theirs.items()
               if k.endswith("0"))
    placing = s.legal_actions()[0]
    assert s.action_text(placing, 1 - s.to_move) == \
        f"{['Yellow', 'Blue'][s.to_move]} puts a token face down in room 1"
    assert s.action_text(placing, s.to_move) == str(placing)


def test_s14_1_hidden_rooms_show_own_tokens_by_name_and_the_opponents_as_a_number():
    s = to_phase("first player")
    for seat in (0, 1):
        obs = s.observation(seat)
        for entry in obs["hidden_rooms"].values():
            assert all(isinstance(n, str) for n in entry["own"])
            assert isinstance(entry["opponent"], int)
        assert sum(len(e["own"]) for e in obs["hidden_rooms"].values()) == 10
        json.dumps(obs)


def test_s14_1_an_observation_does_not_change_with_what_the_seat_cannot_know():
    """Swapping two of Blue's face-down tokens between hidden rooms changes nothing Yellow
    sees."""
    s = to_phase("first player")
    blue = [t for t in range(14, 28) if s.loc[t][0] == "room"]
    a, b = next((a, b) for a in blue for b in blue if s.loc[a] != s.loc[b])
    loc = list(s.loc)
    loc[a], loc[b] = loc[b], loc[a]
    twin = replace(s, loc=tuple(loc))
    assert twin.observation(0) == s.observation(0)
    assert twin.observation(1) != s.observation(1)


def test_A20_A33_the_opponents_cards_are_a_count_unless_perfect_memory():
    s = position(at={Y("Goblin"): (3, 2)})
    obs = s.observation(0)["opponent_hand"]
    assert obs["combat"] is None and obs["combat_count"] == 9 and obs["action"] == [2, 3, 4, 5]
    m = position(at={Y("Goblin"): (3, 2)}, perfect_memory=True)
    assert m.observation(0)["opponent_hand"]["combat"] == [0, 1, 2, 2, 3, 3, 4, 5, 6]


def test_s16_3_the_shipped_data_loads_and_pairs_are_checked():
    c = load_content()
    assert len(c.rooms) == 8 and {r.pair for r in c.rooms} == {1, 2, 3, 4}
    assert [ch.name for ch in c.characters][:2] == ["Cleric", "Goblin"]
    bad = rooms_file(r2=dict())
    bad["rooms"][1]["direction"] = "clockwise"
    with pytest.raises(LoadError, match="pair 1 must be one clockwise"):
        DungeonTwister(content=bad)


@pytest.mark.parametrize("change, words", [
    (lambda d: d["rooms"][0].update(squares=["....."] * 5), "room 'r1': field 'squares' has no gear"),
    (lambda d: d["rooms"][0].update(walls=[[5, 0, "N"]]), "room 'r1': field 'walls' item 1"),
    (lambda d: d["rooms"][2].pop("pair"), "room 'r3': field 'pair' is missing"),
    (lambda d: d["rooms"].pop(), "must hold 8 rooms"),
    (lambda d: d.update(format="x"), "'format' must be"),
    (lambda d: d["rooms"][0].update(squares=["ooooo"] * 4 + ["oooog"]), "needs at least 3 floor"),
])
def test_s16_3_bad_room_data_is_refused_naming_record_and_field(change, words):
    data = rooms_file()
    change(data)
    with pytest.raises(LoadError, match=words):
        DungeonTwister(content=data)


def test_s16_3_a_users_rooms_file_loads_and_plays(tmp_path):
    path = tmp_path / "my_rooms.json"
    path.write_text(json.dumps(rooms_file()))
    game = DungeonTwister(content=str(path))
    assert game.content.name == "rooms from my_rooms.json" and game.data_name
    end = play_out(game.new_initial_state(round_limit=4), RandomAgent(), random.Random(3))
    assert end.is_terminal
    with pytest.raises(LoadError, match="content must be"):
        DungeonTwister(content=3)


def test_A32_random_games_end_and_stats_are_plain():
    game = DungeonTwister()
    for seed in range(4):
        end = play_out(game.new_initial_state(), RandomAgent(), random.Random(seed))
        stats = game.final_stats(end)
        assert end.is_terminal and stats["winner"] in ("yellow", "blue", "draw")
        assert stats["rounds"] <= 40
        json.dumps(stats)


def test_heuristic_agent_beats_random_more_often_than_not():
    """Rules of thumb (exits first) against the random agent, seat 0 heuristic."""
    game = DungeonTwister()
    wins = 0
    for seed in range(6):
        rng = random.Random(seed)
        s = game.new_initial_state(round_limit=15)
        agents = (HeuristicAgent(), RandomAgent())
        while not s.is_terminal:
            s = s.apply(s.sample_chance(rng.random()) if s.is_chance
                        else agents[s.to_move].choose(s, rng))
        wins += s.winner == 0
    assert wins >= 4


def test_render_draws_the_board_walls_and_material():
    s = position(at={Y("Wizard"): (3, 2), B("Troll"): (4, 2)}, wounded={B("Troll")},
                 carried={Y("Rope"): Y("Wizard")},
                 rooms=rooms_file(r1=dict(walls=[(0, 0, "E")])))
    text = DungeonTwister.text(s)
    assert "WZR" in text and "tr*" in text
    assert "  5 | .   . | ." not in text and "  5 | . | ." in text
    assert "Yellow (yellow): 0 points" in text
    html = DungeonTwister.html(s)
    assert "<table" in html and "border-right:3px solid #222" in html and "WZR" in html


def test_s14_1_a_search_sample_keeps_what_the_seat_knows_and_redraws_the_rest():
    """§14.1: determinize moves only the opponent's face-down tokens, among their places."""
    from odd_nb.games.dungeon_twister.agents import determinize
    s = to_phase("first player")
    rng = random.Random(1)
    worlds = [determinize(s, 0, rng) for _ in range(20)]
    assert all(w.observation(0) == s.observation(0) for w in worlds)
    assert any(w.loc != s.loc for w in worlds)
    assert all(sorted(w.loc[14:]) == sorted(s.loc[14:]) for w in worlds)
    assert all(w.loc[:14] == s.loc[:14] for w in worlds)


def test_search_agent_finishes_a_short_game():
    from odd_nb.games.dungeon_twister import SearchAgent
    game = DungeonTwister()
    end = play_out(game.new_initial_state(round_limit=2), SearchAgent(iterations=8),
                   random.Random(5))
    assert end.is_terminal


def test_heuristic_self_play_ends_free_transfers_never_loop():
    """Found: the heuristic agent swapped two objects back and forth for ever (free transfers,
    §8.5); transfers now rank below any step or ending."""
    game = DungeonTwister()
    agent = HeuristicAgent()
    for seed in (5, 6, 7):
        end = play_out(game.new_initial_state(), agent, random.Random(seed), max_steps=5000)
        assert end.is_terminal


def test_s16_3_a_game_with_own_rooms_saves_and_loads_only_with_them():
    import odd_nb
    t = odd_nb.start("dungeon-twister", content=rooms_file(), seed=3)
    for _ in range(30):
        t.play(random.Random(len(t)).choice(t.legal_actions()))
    assert odd_nb.start("dungeon-twister", seed=3).game.data_name is None
    with pytest.raises(LoadError, match="rooms from the rooms given"):
        odd_nb.Timeline.from_json(t.to_json())
    assert odd_nb.Timeline.from_json(t.to_json(), content=rooms_file()).state == t.state
