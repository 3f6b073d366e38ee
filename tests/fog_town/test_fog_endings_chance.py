"""Sleepers, endings, scoring, chance and hidden information, content
(docs/rules/fog-town.md §10, §13, §14, §15, §17, A23-A26)."""

import json
import random
from fractions import Fraction

import pytest

import odd_nb
from fog_kit import (SHIPPED, acting, fighting, outcomes, placed, play, replace, texts,
                     with_player)
from odd_nb import LoadError
from odd_nb.games.fog_town import FogTown
from odd_nb.games.fog_town.clock import score, winners
from odd_nb.games.fog_town.content import load_content
from odd_nb.games.fog_town.piles import DECK, Pile

TIDE = ((1, "cannery-ledger"), (2, "valve-chart"), (3, "star-map"))


def test_s10_a_sleeper_is_summoned_before_the_roll_by_its_requirement():
    s = placed()
    assert not any(t.startswith("summon") for t in texts(s))
    s = with_player(s, items=TIDE)
    s = play(s, "summon the Hollow Tide")
    assert s.fights[0].monster == "hollow-tide" and s.players[0].items == TIDE
    assert texts(s) == ["roll the die"], "no rest, no bank in the Sleeper's fight (A19)"


def test_s10_no_escape_from_a_sleeper_and_its_defeat_ends_the_game_with_its_ending():
    s = fighting(acting(placed(), 6, items=TIDE, node="c22"), "hollow-tide", ("sleeper",),
                 damage=8)
    assert not any(t.startswith("escape") or "give up" in t for t in texts(s))
    s = play(s, "strike with 4 points")
    assert s.is_terminal and s.ended == "sleeper" and s.players[0].endings == ("fog-lifts",)
    assert score(s, 0) == 5 and s.returns() == [1.0]


def test_s10_a_summoner_who_dies_may_summon_again_and_nobody_else_meanwhile():
    s = fighting(acting(placed(players=2), 6, items=TIDE, node="c22", wounds=4), "hollow-tide",
                 ("sleeper",))
    s = with_player(s, 1, items=TIDE)
    s = play(s, "strike with 1 point")
    assert s.players[0].node is None and s.fights[0] is None and s.players[0].items == TIDE
    assert "summon the Hollow Tide" in texts(play(s, "start at the Post Office") if False
                                             else replace(s, phase="start", current=1))


def test_a20_no_summon_without_a_weapon_able_to_strike_the_sleeper():
    """A20: the shipped town's Ash Bride needs a melee weapon."""
    s = play(SHIPPED.new_initial_state(first_player=0), "start at the Coaching Inn")
    s = with_player(s, items=((3, "hymnal-page"), (8, "bell-rope")))
    assert "summon the Ash Bride" not in texts(s)
    assert "summon the Ash Bride" in texts(with_player(s, weapons=((0, "knife", True),)))


def test_s13_a_peaceful_ending_discards_its_set_scores_and_grants_once_per_game():
    """§13, A23: Last Ferry Out: two ferry clues, 3 points, the Arc Caster."""
    s = acting(placed(players=2), 0, items=((3, "star-map"), (4, "ferry-ticket")))
    s = replace(s, ap=1)
    s = play(s, "claim Last Ferry Out")
    p = s.players[0]
    assert p.endings == ("last-ferry",) and p.items == () and p.weapons == ((-1, "arc-caster",
                                                                             True),)
    assert s.piles[3].discard == ("star-map",) and s.piles[4].discard == ("ferry-ticket",)
    assert score(s, 0) == 3
    other = acting(s, 3, seat=1, items=((3, "star-map"), (4, "ferry-ticket")))
    assert "claim Last Ferry Out" not in texts(other)


def test_s14_score_counts_endings_tokens_keepers_and_sets_of_three_trophies():
    s = with_player(placed(), endings=("last-ferry",), tokens=("cannery", "waterworks"),
                    keepers=("foreman", "valve-warden"), trophies=7)
    assert score(s, 0) == 3 + 2 + 2 + 2


def test_a24_tied_leaders_share_the_win():
    s = replace(placed(players=3), phase="over", ended="town")
    s = with_player(with_player(s, 0, trophies=3), 2, trophies=5)
    assert winners(s) == [0, 2] and s.returns() == [1.0, 0.0, 1.0]


def test_a25_a_card_shuffled_in_after_a_deal_never_enters_the_dealt_stack():
    """A25, §15.2: seat 0's stack holds places of the first pool only; a Fog Hound shuffled
    into the deck later can only come from the deck."""
    pile = Pile.new(["a", "b", "c", "d"], players=1)
    for _ in range(2):
        pile = pile.deal_place(0, 0)
    pile = pile.shuffled_in(["hound"])
    stack = dict((c, p) for (_, c), p in pile.reveal_outcomes(0))
    assert stack == {c: Fraction(1, 4) for c in "abcd"}
    deck = {}
    for (_, c), p in pile.reveal_outcomes(DECK):
        deck[c] = deck.get(c, 0) + p
    # the deck's 3 places: 2 in the first pool (4 cards), 1 in the hound's pool
    assert deck["hound"] == Fraction(1, 3) and deck["a"] == Fraction(2, 3) * Fraction(1, 4)


def test_a25_dealing_from_a_deck_spanning_two_pools_is_a_hidden_chance_node():
    """A25 (the engine): which pool a dealt place comes from is drawn; no card is fixed."""
    s = placed(players=2)
    pile = s.piles[1].deal_place(1, 0).shuffled_in(["fog-hound"])
    s = acting(replace(s, piles=(s.piles[0], pile) + s.piles[2:]), 2, node="cannery")
    s = play(s, "explore the Cannery")
    assert s.phase == "deal" and sum(outcomes(s).values()) == 1
    assert all(t.startswith("a face-down place") for t in outcomes(s))


def test_a16_an_empty_deck_is_rebuilt_from_its_discard_pile():
    pile = Pile.new([], players=1).discarded("x").discarded("y")
    assert len(pile.deck) == 0 and len(pile.rebuilt().deck) == 2
    assert pile.rebuilt().discard == ()


def test_s15_3_observations_hide_deck_orders_and_stacks_and_are_alike_for_every_seat():
    rng = random.Random(4)
    s = SHIPPED.new_initial_state(players=3)
    for _ in range(300):
        if s.is_terminal:
            break
        o0, o2 = s.observation(0), s.observation(2)
        assert {**o0, "seat": 2} == o2
        text = json.dumps(o0)
        assert "pools" not in text
        s = s.apply(s.sample_chance(rng.random()) if s.is_chance else
                    rng.choice(s.legal_actions()))


def test_s15_4_undo_is_strict_with_two_or_more_players():
    game = FogTown()
    assert not game.strict_undo({"players": 1}) and game.strict_undo({"players": 2})


def test_s17_the_content_is_checked_and_errors_name_file_record_and_field(tmp_path):
    data = json.loads((load_content.__globals__["DATA"] / "test-town.json").read_text())
    data["monsters"][1]["health"] = "three"
    with pytest.raises(LoadError, match=r"mine.json: monster 'lurcher': field 'health'"):
        FogTown(content=_write(tmp_path, data))
    data["monsters"][1]["health"] = 3
    data["locations"][2]["deck"].append("ghost")
    with pytest.raises(LoadError, match=r"location 'cannery': field 'deck' names 'ghost'"):
        FogTown(content=_write(tmp_path, data))
    with pytest.raises(LoadError, match="not valid JSON"):
        (tmp_path / "bad.json").write_text("{")
        FogTown(content=str(tmp_path / "bad.json"))


def test_s17_a_users_own_town_plays_and_saves_under_its_name(tmp_path):
    data = json.loads((load_content.__globals__["DATA"] / "test-town.json").read_text())
    data["name"] = "my-town"
    game = FogTown(content=data)
    assert game.data_name == "my-town"
    t = odd_nb.Timeline(game, game.normalize_options(first_player=0), 3)
    t.play("start at the Ferry Landing")
    assert json.loads(t.to_json())["content"] == "my-town"


def _write(tmp_path, data):
    path = tmp_path / "mine.json"
    path.write_text(json.dumps(data))
    return str(path)


def test_s17_a_game_on_the_test_town_saves_its_town_and_loads_with_it():
    """§15.4, §17: the save names the town; loading without it says which to give."""
    t = odd_nb.start("fog-town", content="test", seed=4, players=2)
    for _ in range(20):
        t.play(t.legal_actions()[-1])
    text = t.to_json()
    with pytest.raises(LoadError, match="test-town"):
        odd_nb.Timeline.from_json(text)
    assert odd_nb.Timeline.from_json(text, content="test").state == t.state


def _broken(change):
    data = json.loads((load_content.__globals__["DATA"] / "test-town.json").read_text())
    change(data)
    return data


@pytest.mark.parametrize("change,words", [
    (lambda d: d["locations"][2].update(entrances=["nowhere"]),
     r"location 'cannery': field 'entrances' names 'nowhere'"),
    (lambda d: d["locations"][3].update(keeper="foreman"),
     r"locations: two locations share a Keeper"),
    (lambda d: d["locations"][2].update(keeper="lurcher"),
     r"location 'cannery': field 'keeper' must name a Keeper"),
    (lambda d: d["monsters"][0].update(needs="spoon"),
     r"monster 'rat-swarm': field 'needs'"),
    (lambda d: d["weapons"][0].update(kind="laser"), r"weapon 'knife': field 'kind'"),
    (lambda d: d["endings"][0].update(grants=["spoon"]), r"ending 'last-ferry': field 'grants'"),
    (lambda d: d["map"]["streets"].append(["c11", "c99"]), r"map streets\[17\]: joins 'c99'"),
    (lambda d: d["monsters"].append(dict(d["monsters"][0])), r"field 'id' repeats"),
    (lambda d: d.update(street_deck=["foreman"]), r"Keepers and Sleepers are not in decks"),
    (lambda d: d["rules"].update(health=0), r"rules: field 'health'"),
    (lambda d: d["map"].update(streets=[]), r"cannot be reached"),
])
def test_s17_1_each_broken_record_is_named(change, words):
    """§17.1: a content file that breaks the schema names the record and the field."""
    with pytest.raises(LoadError, match=words):
        FogTown(content=_broken(change))
