"""Hidden information: observations and determinization (§4, §10, A12)."""

import json
import random

import pytest

import odd_nb
from odd_nb.games.regicide.actions import CARD_NAME
from odd_nb.games.regicide.agents import determinize
from odd_nb.games.regicide.knowledge import unknown_groups

from regicide_kit import GAME, assert_conserved, cards, parse, play, resolve, table


def test_deals_differing_only_in_another_hand_look_the_same():
    """§4: a player's observation holds no other player's cards: two deals that differ only in
    seat 1's hand (and the tavern) give seat 0 the same observation, seat 1 a different one."""
    a = table(["7S 5S 3D", "8C 9D 2H"], enemy="JH")
    b = table(["7S 5S 3D", "8C 9H 2H"], enemy="JH")
    assert a != b
    assert a.observation(0) == b.observation(0)
    assert a.observation(1) != b.observation(1)
    assert a.observation(0)["hand"] == ["3D", "5S", "7S"]
    assert a.observation(0)["hand_sizes"] == [3, 3]


def test_observation_is_invariant_under_play_by_the_others():
    """Dealt differently, then the same public events: still the same observation."""
    a = table(["7S 5S 3D", "8C 9D 2H"], enemy="JC")
    b = table(["7S 5S 3D", "8C 9H 2H"], enemy="JC")
    a, b = (play(s, "play 5♠", "discard 7♠", "play 8♣") for s in (a, b))
    assert a.observation(0) == b.observation(0)


def test_observation_shows_the_discard_pile_and_known_tavern_cards():
    """A12: the discard pile is common knowledge. §3 step 3: the exactly killed enemy on the
    tavern is known, and known to be in seat 1's hand once seat 1 draws it."""
    s = table(["10C 4D", "6H 2S"], enemy="JH", discard="2C", rest="tavern")
    assert s.observation(1)["discard"] == ["2C"]
    s = play(s, "play 10♣")
    s = resolve(s, "JC")
    top = s.observation(1)["unknown"][-1]
    assert top["cards"] == ["JH"] and top["in_tavern"] == 1
    assert s.observation(1)["tavern"][0]["count"] == 1
    s = play(s, "play 4♦")  # draws: seat 0 (J♥), seat 1, seat 0, seat 1
    s = resolve(s, "JH")
    assert s.observation(1)["unknown"][-1]["cards"] == ["JH"]
    assert s.observation(1)["unknown"][-1]["in_hands"] == [1, 0]
    assert "JH" in s.observation(0)["hand"]


def test_hearts_cards_under_the_tavern_stay_known_as_a_group():
    """§3 step 2 ♥ with A12: everyone saw which cards left the discard pile; their order is not
    known (the segment is unordered)."""
    s = table(["5H 9C", "8C"], enemy="JS", tavern="2C 4C", discard="5D 6D 7D 8D 9D 10D",
              rest="aside")
    s = play(s, "play 5♥")
    s = resolve(s, "5D", "6D", "7D", "8D", "9D")
    groups = s.observation(1)["unknown"]
    assert [g["cards"] for g in groups][-1] == ["5D", "6D", "7D", "8D", "9D"]
    assert groups[-1]["in_tavern"] == 5


def test_unknown_groups_are_what_the_player_has_not_seen():
    """Conservation of knowledge: own hand + unknown cards + everything public = 54 cards."""
    rng = random.Random(4)
    for players in (1, 2, 3, 4):
        s = GAME.new_initial_state(players=players)
        for _ in range(200):
            if s.is_terminal:
                break
            for p in range(players):
                unknown = [c for g in unknown_groups(s, p) for c in g["cards"]]
                public = list(s.discard) + list(s.set_aside) + list(s.castle.cards()) + \
                    [c for play_ in s.in_play for c in play_] + list(s.healing) + \
                    ([s.enemy] if s.enemy is not None else [])
                assert sorted(unknown + public + list(s.hands[p])) == list(range(54))
                for g in unknown_groups(s, p):
                    assert len(g["cards"]) == g["in_tavern"] + sum(g["in_hands"])
                    assert g["in_hands"][p] == 0
            s = s.apply(s.sample_chance(rng.random()) if s.is_chance
                        else rng.choice(s.legal_actions()))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_determinize_keeps_everything_the_player_knows(players):
    """The search agent's determinization changes only what the player cannot see."""
    rng = random.Random(players)
    changed = 0
    s = GAME.new_initial_state(players=players)
    for step in range(300):
        if s.is_terminal:
            s = GAME.new_initial_state(players=players)
        if s.is_chance:
            s = s.apply(s.sample_chance(rng.random()))
            continue
        p = s.to_move
        world = determinize(s, p, rng)
        assert world.observation(p) == s.observation(p)
        assert_conserved(world)
        changed += world.hands != s.hands
        assert world.legal_actions() == s.legal_actions()
        s = s.apply(rng.choice(s.legal_actions()))
    assert changed > 10


def test_observation_is_plain_json_and_names_no_order():
    """§10: the observation is JSON; tavern and castle show counts and compositions, no order."""
    s = table(["7S 5S 3D", "8C 9D 2H"], enemy="JH")
    obs = s.observation(0)
    json.dumps(obs)
    assert obs["tavern"] == [{"group": 0, "count": len(s.tavern)}]
    assert obs["castle"][0] == ["JD", "JC", "JS"]  # composition of the segment, sorted
    assert "8C" in obs["unknown"][0]["cards"] and obs["unknown"][0]["in_hands"] == [0, 3]
    assert parse("8C") not in s.hands[0] and cards("8C")[0] in s.hands[1]


def test_a_draw_by_another_seat_reads_as_a_card_drawn():
    """§4: another seat's draw is "a card" to everyone else (a hook for per-seat history)."""
    s = play(table(["4D 3S", "8C 9D"], enemy="JH"), "play 4♦")
    outcome = s.chance_outcomes()[0][0]
    assert s.outcome_text(outcome, 0) == str(outcome) and "draws" in str(outcome)
    s = s.apply(outcome)
    other = s.chance_outcomes()[0][0]
    assert other.seat == 1 and s.outcome_text(other, 0) == "seat 1 draws a card"
    assert s.outcome_text(other, 1) == str(other)


def test_history_text_hides_the_cards_other_seats_draw():
    """§4: in the history a seat reads its own draws and not the others'; the enemy turned over
    (§2 step 1) is public; an onlooker (player=None) reads everything."""
    t = odd_nb.start("regicide", players=2, seed=3)
    deal = [e.action for e in t.history[1:]]  # 7 cards each, one at a time (§2 step 3)
    assert len(deal) == 14 and {d.seat for d in deal} == {0, 1}
    enemy = f"the next enemy is {t.state.enemy_name}"
    for seat in (0, 1):
        assert t.history_text(seat) == [enemy] + [
            f"seat {d.seat} draws {CARD_NAME[d.card]}" if d.seat == seat
            else f"seat {d.seat} draws a card" for d in deal]
        other = " ".join(t.history_text(1 - seat))
        assert not any(CARD_NAME[c] in other for c in t.state.hands[seat])
    assert t.history_text() == [enemy] + [str(d) for d in deal]


def test_history_text_shows_a_known_card_drawn_and_the_hearts_picks():
    """§3 step 3: an exactly killed enemy lies known on the tavern, so its draw is public; A12:
    the cards ♥ takes from the (public) discard pile are public."""
    s = table(["10C 4D", "6H 2S"], enemy="JH", discard="2C", rest="tavern")
    s = resolve(play(s, "play 10♣"), "JC")  # 20 damage: J♥ on the tavern, J♣ the next enemy
    s = play(s, "play 4♦")  # draws: seat 0 (the J♥ on top), seat 1, seat 0, seat 1
    jack = s.chance_outcomes()[0][0]
    assert s.outcome_text(jack, 1) == str(jack) == "seat 0 draws J♥"
    s = s.apply(jack)
    hidden = s.chance_outcomes()[0][0]
    assert s.outcome_text(hidden, 0) == "seat 1 draws a card"
    assert s.outcome_text(hidden, None) == str(hidden)
    s = table(["5H 9C", "8C"], enemy="JS", tavern="2C 4C", discard="5D 6D 7D 8D 9D 10D",
              rest="aside")
    s = play(s, "play 5♥")
    pick = s.chance_outcomes()[0][0]
    assert s.outcome_text(pick, 1) == str(pick) == "5♦ goes under the tavern"
