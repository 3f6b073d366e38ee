"""Trust: save files that cannot be forged, secrets that cannot be peeked, no input that crashes
(docs/design.md, "Save files" and "Secrets"; every registered game, through the public API).

The fuzzers are generic over ``odd_nb.list_games()`` (the ``game_name`` fixture), so a new game
is covered on arrival. Examples per game: ``ACTIONS`` malformed actions, ``OPTIONS`` option
sets, ``SAVES`` mutated save files (docs/design.md states the counts).
"""

import dataclasses
import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import odd_nb
from odd_nb import IllegalAction, LoadError, OptionError, Timeline

from game_kit import random_walk

ACTIONS, OPTIONS, SAVES = 300, 150, 150
FUZZ = settings(deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=True)


def positions(game_name: str, seeds=range(4), steps=120) -> list:
    """Decision states met in random games: where malformed actions are tried."""
    game, out = odd_nb.load_game(game_name), []
    for seed in seeds:
        for state, _ in random_walk(game.new_initial_state(), random.Random(seed), steps):
            if not state.is_chance:
                out.append(state)
    return out


def snapshot(state) -> tuple:
    return (repr(state), str(state), [str(a) for a in state.legal_actions()], hash(state))


def two_player_regicide(seed: int = 3) -> Timeline:
    return odd_nb.start("regicide", players=2, seed=seed)


def played(t: Timeline, decisions: int) -> Timeline:
    """``t`` after up to ``decisions`` seeded random decisions (fewer if the game ends)."""
    rng = random.Random(decisions)
    for _ in range(decisions):
        if t.state.is_terminal:
            break
        t.play(rng.choice(t.legal_actions()))
    return t


# -- verified saves ------------------------------------------------------------------------------
def test_a_forged_draw_is_refused_naming_its_step():
    """Found: a Regicide save whose log said ``seat 0 draws 10♠`` instead of the card the seed
    dealt loaded without complaint. Now every drawn outcome is checked against the seed."""
    t = played(two_player_regicide(), 3)
    data = json.loads(t.to_json())
    step = next(i for i, e in enumerate(t.history) if e.chance and "seat 0 draws" in str(e))
    other = next(o for o, _ in t.history[step - 1].state.chance_outcomes()
                 if str(o) != data["log"][step]) if step else None
    assert other is not None
    data["log"][step] = str(other)
    with pytest.raises(LoadError, match=rf"step {step + 1} \(.*\) is not what the seed draws"):
        Timeline.from_json(json.dumps(data))


def test_an_edited_seed_is_refused():
    t = played(two_player_regicide(), 3)
    data = json.loads(t.to_json())
    with pytest.raises(LoadError, match="is not what the seed draws"):
        Timeline.from_json(json.dumps(dict(data, seed=data["seed"] + 1)))


def test_a_cursor_may_not_rest_on_a_chance_node(game_name):
    """Found: a cursor pointing at a chance node let the user then pick the outcome."""
    t = played(odd_nb.start(game_name, seed=2), 4)
    data = json.loads(t.to_json())
    at_chance = [i for i, e in enumerate(t.history) if e.state.is_chance]
    assert at_chance, "the first decisions of every game lead through chance"
    with pytest.raises(LoadError, match="rests on a chance node"):
        Timeline.from_json(json.dumps(dict(data, cursor=at_chance[0] + 1)))
    with pytest.raises(IllegalAction, match="chance node"):
        t.jump(at_chance[0] + 1)


def test_chance_chosen_by_hand_is_marked_and_survives_a_save(game_name):
    """An analysis timeline may choose outcomes by hand; the file says so (``manual``), and a
    file that claims a decision was chosen by hand is refused."""
    game = odd_nb.load_game(game_name)
    t = Timeline(game, game.normalize_options(), seed=5, auto_chance=False)
    while not t.state.is_chance:
        t.play(t.legal_actions()[0])
    outcomes = [o for o, _ in t.state.chance_outcomes()]
    t.play(outcomes[-1])  # by hand
    step = len(t.history)
    assert t.manual_chance == (step,)
    while t.state.is_chance:
        t.roll()
    t.play(t.legal_actions()[0])
    while t.state.is_chance:
        t.roll()
    loaded = Timeline.from_json(t.to_json())
    assert loaded.manual_chance == (step,) and loaded.state == t.state
    data = json.loads(t.to_json())
    decision = next(i + 1 for i, e in enumerate(t.history) if not e.chance)
    with pytest.raises(LoadError, match=f"step {decision} .* marked as chance chosen by hand"):
        Timeline.from_json(json.dumps(dict(data, manual=[decision, step])))
    with pytest.raises(LoadError, match="'manual'"):
        Timeline.from_json(json.dumps(dict(data, manual=["two"])))


def test_fresh_chance_is_recorded_and_replays():
    t = played(odd_nb.start("one-deck-dungeon", seed=7), 2)
    t.fresh_chance()
    played(t, 6)
    assert any(e.salt for e in t.history)
    loaded = Timeline.from_json(t.to_json())
    assert [str(e) for e in loaded.history] == [str(e) for e in t.history]
    assert loaded.state == t.state
    data = json.loads(t.to_json())
    with pytest.raises(LoadError, match="is not what the seed draws"):
        Timeline.from_json(json.dumps(dict(data, salts={})))  # the salts removed


@pytest.mark.parametrize("mutation", ["flip", "edit", "drop", "swap", "seed", "version", "cursor"])
def test_mutated_save_files_load_only_as_the_seed_plays_them(game_name, mutation):
    """Fuzzing: a mutated save file raises LoadError, or loads as a game whose every chance
    outcome is the seed's (checked by replaying its decisions in a new timeline)."""
    t = played(odd_nb.start(game_name, seed=9), 12)
    text = t.to_json()
    data = json.loads(text)

    @settings(FUZZ, max_examples=SAVES // 7 + 1)
    @given(st.data())
    def check(draw):
        d = json.loads(text)
        n = len(d["log"])
        if mutation == "flip":
            raw = bytearray(text.encode())
            i = draw.draw(st.integers(0, len(raw) - 1))
            raw[i] ^= 1 << draw.draw(st.integers(0, 7))
            mutated = raw.decode("utf-8", errors="replace")
        else:
            if mutation == "edit":
                d["log"][draw.draw(st.integers(0, n - 1))] = draw.draw(st.sampled_from(
                    sorted(set(data["log"])) + ["", "explore", "yield", "seat 1 draws A♠"]))
            elif mutation == "drop":
                del d["log"][draw.draw(st.integers(0, n - 1))]
            elif mutation == "swap":
                i, j = draw.draw(st.integers(0, n - 1)), draw.draw(st.integers(0, n - 1))
                d["log"][i], d["log"][j] = d["log"][j], d["log"][i]
            elif mutation == "seed":
                d["seed"] = draw.draw(st.one_of(st.integers(), st.text(max_size=3), st.none()))
            elif mutation == "version":
                d["version"] = draw.draw(st.one_of(st.integers(), st.text(max_size=3)))
            else:
                d["cursor"] = draw.draw(st.integers(-3, n + 3))
            mutated = json.dumps(d)
        try:
            loaded = Timeline.from_json(mutated)
        except LoadError:
            return
        replay = Timeline(loaded.game, loaded.options, loaded.seed)
        for e in loaded.history:
            if not e.chance:
                replay.play(str(e))
        assert [str(e) for e in replay.history] == [str(e) for e in loaded.history]
        assert replay.state == loaded.state

    check()


# -- the secrecy policy (strict_undo: secret hands, several players) -----------------------------
def test_no_side_door_back_over_a_seen_draw():
    """Found: ``undo()`` was refused after a draw, but ``jump()`` and the widget's Restart were
    not. Now no public method goes back past a draw a player has seen, unless forced."""
    t, rng = two_player_regicide(), random.Random(1)

    def resting():  # steps before the last draw where the game rests (the deal is chance)
        return [i for i in range(1, t.last_seen_draw) if not t.history[i - 1].state.is_chance]
    while not resting():  # play until a decision was followed by a draw
        t.play(rng.choice(t.legal_actions()))
    assert t.strict_undo and not t.state.is_terminal
    before, resting = t.state, resting()
    for back in range(t.last_seen_draw):
        assert not t.can_jump(back)
        with pytest.raises(IllegalAction, match="chance node" if back not in resting
                           else "before a draw a player has seen"):
            t.jump(back)
    assert t.state is before and not t.forced
    from odd_nb.widgets import play
    w = play(t)
    w.send({"kind": "restart", "version": w.board.version})
    assert w.timeline.state is before and "draw a player has seen" in w.board.message
    t.jump(resting[0], force=True)
    assert t.state is t.history[resting[0] - 1].state
    assert t.forced and json.loads(t.to_json())["forced"] is True


def test_a_branch_cannot_preview_the_draws_ahead():
    """Found: because chance follows seed and path, ``branch()`` showed exactly which cards a
    decision would draw. In a strict game a branch draws fresh chance; in an open game (One Deck
    Dungeon, co-operative, nothing secret) it still meets the same dice, as undo does."""
    def draws_after(t, action):
        n = len(t.history)
        t.play(str(action))
        return [str(e) for e in t.history[n + 1:] if e.chance]

    for game, options, same in (("regicide", {"players": 2}, False),
                                ("one-deck-dungeon", {}, True)):
        rng, compared, equal, seed = random.Random(2), 0, 0, 0
        while compared < 8:
            main, seed = odd_nb.start(game, seed=seed, **options), seed + 1
            while compared < 8 and not main.state.is_terminal:
                action = rng.choice(main.legal_actions())
                side = main.branch()
                ahead, seen = draws_after(main, action), draws_after(side, action)
                if ahead:
                    compared, equal = compared + 1, equal + (ahead == seen)
        assert (equal == compared) if same else (equal < compared), (game, equal)


# -- options and actions from outside ------------------------------------------------------------
@pytest.mark.parametrize("given_options, words", [
    ({"players": 2.0}, "players=2.0"), ({"players": True}, "players=True"),
    ({"solo_yield_allowed": 1}, "solo_yield_allowed=1")])
def test_regicide_options_are_typed(given_options, words):
    with pytest.raises(OptionError, match=words.replace("(", r"\(")):
        odd_nb.start("regicide", **given_options)


@pytest.mark.parametrize("given_options, words", [
    ({"heroes": None}, "heroes must be"), ({"heroes": 7}, "heroes must be"),
    ({"seed": "abc"}, "seed must be a whole number"), ({"seed": 1.7}, "seed must be a whole"),
    ({"lose_when_damage_equals_health": 1}, "lose_when_damage_equals_health=1")])
def test_one_deck_options_are_typed(given_options, words):
    with pytest.raises(OptionError, match=words):
        odd_nb.start("one-deck-dungeon", **given_options)


def test_card_data_as_a_dict_is_read_like_a_file():
    with pytest.raises(LoadError, match="'format' must be"):
        odd_nb.start("one-deck-dungeon", content={"cards": []})
    with pytest.raises(LoadError, match="content must be a path"):
        odd_nb.start("one-deck-dungeon", content=3)


def _values():
    return st.one_of(st.none(), st.booleans(), st.integers(-3, 12), st.floats(allow_nan=False),
                     st.text(max_size=4), st.lists(st.text(max_size=3), max_size=3),
                     st.dictionaries(st.text(max_size=2), st.integers(), max_size=2))


def test_random_option_values_start_a_game_or_say_why(game_name):
    game = odd_nb.load_game(game_name)
    names = [o.name for o in game.options()]

    @settings(FUZZ, max_examples=OPTIONS)
    @given(st.dictionaries(st.sampled_from(names), _values(), max_size=3),
           st.one_of(st.none(), st.integers(0, 2 ** 40), _values()))
    def check(options, seed):
        try:
            t = odd_nb.start(game_name, seed=seed, **options)
        except OptionError:
            return
        assert not t.state.is_chance and t.legal_actions()  # a sound start

    check()


def test_malformed_actions_change_nothing(game_name):
    """Found: in Regicide ``Play((99,))`` raised IndexError and ``Play(("7S",))`` TypeError.
    Anything that is not a legal action -- objects of the game's own action classes with fields
    changed, strings, numbers, containers -- raises IllegalAction and changes nothing."""
    states = positions(game_name)

    def mangled(draw):
        state = draw(st.sampled_from(states))
        legal = state.legal_actions()
        base = draw(st.sampled_from(legal))
        kind = draw(st.sampled_from(["fields", "value", "text"]))
        if kind == "fields" and dataclasses.is_dataclass(base):
            fields = [f.name for f in dataclasses.fields(base)]
            changed = {name: draw(_values() | st.tuples(st.integers(-5, 120)))
                       for name in draw(st.lists(st.sampled_from(fields), min_size=1,
                                                 max_size=len(fields)))}
            bad = type(base).__new__(type(base))
            for f in fields:
                object.__setattr__(bad, f, changed.get(f, getattr(base, f)))
        elif kind == "text":
            bad = draw(st.text(max_size=12)) + draw(st.sampled_from(["", " ", "♠", str(base)]))
        else:
            bad = draw(_values())
        return state, bad

    @settings(FUZZ, max_examples=ACTIONS)
    @given(st.data())
    def check(data):
        state, bad = mangled(data.draw)
        if bad in state.legal_actions() or any(str(a) == bad for a in state.legal_actions()):
            return  # it happens to be legal
        before = snapshot(state)
        t = Timeline.starting_at(state, seed=1)
        with pytest.raises(IllegalAction):
            if isinstance(bad, str):
                t.play(bad)
            else:
                state.apply(bad)
        assert snapshot(state) == before and t.state is state and len(t) == 0

    check()


# -- secrets seen through every window: observation, renders, the board, the odds ----------------
def _twin(state, seat: int, rng: random.Random):
    """A state that differs from ``state`` only in what ``seat`` may not know: a card of another
    hand swapped with a tavern card of the same group (one seat cannot tell which of a group's
    unseen cards another seat holds and which lie in the tavern, §4), or ``None``."""
    from odd_nb.core.chance import Deck, multiset, multiset_remove
    swaps = [(j, c1, k, c2)
             for j, hand in enumerate(state.hands) if j != seat for c1 in hand
             for k, (segment, group) in enumerate(zip(state.tavern.segments, state.groups))
             for c2 in set(segment) if c2 != c1 and state.origin[c1] == state.origin[c2] == group]
    if not swaps:
        return None
    j, c1, k, c2 = rng.choice(swaps)
    hands = list(state.hands)
    hands[j] = multiset(multiset_remove(hands[j], c1) + (c2,))
    segments = list(state.tavern.segments)
    segments[k] = multiset(multiset_remove(segments[k], c2) + (c1,))
    return state._replace(hands=tuple(hands), tavern=Deck(tuple(segments)))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_seat_sees_nothing_of_what_it_may_not_know(players):
    """For every seat: observation, the board and odds the widget shows it, and (when it is the
    seat to move) the text and HTML renders are the same for two states that differ only in
    cards that seat cannot know (§4, A12)."""
    game = odd_nb.load_game("regicide")
    view, compared = game.view(), 0
    for seed in range(4):
        rng = random.Random(seed)
        start = game.new_initial_state(players=players)
        for state, _ in random_walk(start, rng, 60):
            if state.is_chance:
                continue
            for seat in range(players):
                twin = _twin(state, seat, rng)
                if twin is None:
                    continue
                assert twin != state
                compared += 1
                assert twin.observation(seat) == state.observation(seat)
                assert view.board(twin, seat) == view.board(state, seat)
                assert view.odds(twin, seat) == view.odds(state, seat)
                if state.to_move == seat:
                    assert str(twin) == str(state) and twin._repr_html_() == state._repr_html_()
    assert compared > 50


def test_hot_seat_shows_only_the_seat_at_the_screen():
    """Found: the play widget with no fixed seat listed every seat's draws, the deal included.
    Now the seat to move sees only its own, and a pass screen hides everything between seats."""
    from odd_nb.widgets import play
    w = play("regicide", players=2, seed=3)
    state = w.timeline.state
    hands = [set(h) for h in state.hands]
    from odd_nb.games.regicide.actions import CARD_NAME

    def shown():
        return json.dumps([w.board.board, w.board.history, w.board.odds, w.board.actions],
                          ensure_ascii=False)

    def names(cards):
        return {CARD_NAME[c] for c in cards}
    assert w.passing and "pass to seat 0" in w.board.board["status"]
    assert not any(n in shown() for n in names(hands[0] | hands[1]))
    w.send({"kind": "hint"})
    assert "pass the screen to seat 0" in w.board.message and w.passing
    w.send({"kind": "act", "id": 0, "version": w.board.version})  # seat 0 at the screen
    assert not w.passing and w.viewer == 0
    history = " ".join(h["text"] for h in w.board.history)
    assert "seat 1 draws a card" in history
    assert not any(f"draws {n}" in history for n in names(hands[1]))
    assert any(f"draws {n}" in history for n in names(hands[0]))
    while w.timeline.state.to_move == 0 and not w.timeline.state.is_terminal:
        w.send({"kind": "act", "id": 0, "version": w.board.version})
    assert w.passing and "pass to seat 1" in w.board.board["status"]
    now = w.timeline.state.hands
    assert not any(n in shown() for n in names(set(now[0]) | set(now[1])))
    fixed = play("regicide", players=2, seed=3, seat=0)
    assert not fixed.passing and fixed.viewer == 0
    history = " ".join(h["text"] for h in fixed.board.history)
    assert not any(f"draws {n}" in history for n in names(hands[1]))
    open_game = play("one-deck-dungeon", seed=3)  # co-operative: nothing to hide
    assert not open_game.passing and open_game.viewer is None


def test_messages_from_the_browser_that_name_no_legal_action_change_nothing(game_name):
    """Any request the board might send -- forged kinds, ids, versions, steps, keys -- either is
    one of its own legal requests or is refused with a message, the game unchanged."""
    from odd_nb.widgets import play
    w = play(game_name, seed=2)
    w.send({"kind": "act", "id": 0, "version": w.board.version})
    requests = st.fixed_dictionaries({"kind": st.sampled_from(
        ["act", "undo ", "jump", "explain", "hint", "nonsense", "", None, 3])}, optional={
        "id": _values(), "version": _values(), "to": _values(),
        "keys": st.one_of(_values(), st.lists(st.text(max_size=8), max_size=3))})

    @settings(FUZZ, max_examples=ACTIONS // 3)
    @given(requests)
    def check(request):
        before, n = w.timeline.state, len(w.timeline)
        if request.get("kind") == "act" and request.get("version") == w.board.version \
                and request.get("id") in range(len(w.board.actions)):
            return  # a real click
        if request.get("kind") == "jump" and w.timeline.can_jump(request.get("to")):
            return  # a real click on the history
        w.send(request)
        assert w.timeline.state is before and len(w.timeline) == n
        if request.get("kind") not in ("hint",):
            assert w.board.message_kind == "error" and w.board.message

    check()
