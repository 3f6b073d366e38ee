"""The One Deck Dungeon play board (odd_nb/games/one_deck/view.py, issue 26): pieces the board
draws, the pieces each action is chosen by, the odds panel, Hint, the end-of-game summary and
the teaching pane. Rules references (§n, En, An) are to docs/rules/one-deck-dungeon.md.

Positions come from seeded games (``odd_nb.start``, then a seeded mix of random and greedy
moves, so that deep floors and the boss fight are met too), with one and two heroes and with
the base and the expansion card sets. Expected figures come from the engine (``state_odds``,
``best_placement``), the state's fields and the card content, never from a run of the view.
"""

from __future__ import annotations

import dataclasses
import html
import random
import re
from collections import Counter
from functools import lru_cache
from pathlib import Path

import pytest

import odd_nb
from odd_nb.games.one_deck import words as W
from odd_nb.games.one_deck.actions import (DONE, FACE, ChooseOption, Convert, Discard, Place,
                                          TakeLoot)
from odd_nb.games.one_deck.agents import GreedyAgent
from odd_nb.games.one_deck.odds import best_placement, state_odds

from rules_kit import Box, HeroState, at_door, dice_state

RULES = Path(__file__).resolve().parents[2] / "docs" / "rules" / "one-deck-dungeon.md"
GAME = odd_nb.load_game("one-deck-dungeon")
VIEW = GAME.view()
HERO_OPTION = "heroes"
assert HERO_OPTION in [o.name for o in GAME.options()]

# setup name -> (card set, heroes); the 2P sides use two heroes (A2)
SETUPS = {"1P": (None, ["h1"]), "2P": (None, ["h2", "h4"]),
          "expansion 1P": ("expansion", ["h3"]), "expansion 2P": ("expansion", ["h5", "h1"])}
EPSILONS = (1.0, 0.35, 0.1, 0.0)  # chance of a random move instead of the greedy agent's
GAMES_PER_SETUP = 8
ACTIONS_PER_POSITION = 25  # actions clicked per position (2P dice: up to ~2,000 legal)
BOX_FIELDS = ("colour", "target", "wide", "armor", "skull", "damage", "time", "poison")


# -- positions -----------------------------------------------------------------------------------
def _play(setup: str, seed: int):
    """One seeded game to its end: (the decision states met, the final state)."""
    content, heroes = SETUPS[setup]
    t = odd_nb.start("one-deck-dungeon", seed=seed, content=content, **{HERO_OPTION: heroes})
    rng = random.Random(seed)
    eps = EPSILONS[seed % len(EPSILONS)]
    agent = GreedyAgent()
    s, met = t.state, []
    while not s.is_terminal and len(met) < 1500:
        if s.is_chance:
            s = s.apply(s.sample_chance(rng.random()))
            continue
        met.append(s)
        acts = s.legal_actions()
        s = s.apply(rng.choice(acts) if rng.random() < eps else agent.choose(s, rng))
    return met, s


@lru_cache(maxsize=None)
def games(setup: str) -> tuple:
    return tuple(_play(setup, seed) for seed in range(GAMES_PER_SETUP))


def positions(setup: str | None = None) -> list:
    """Every decision state met in the seeded games of ``setup`` (default: of every setup)."""
    names = [setup] if setup else list(SETUPS)
    return [s for name in names for met, _ in games(name) for s in met]


def finals() -> list:
    return [end for name in SETUPS for _, end in games(name)]


def spread(states: list, n: int) -> list:
    """At most ``n`` of ``states``, evenly spread (so every setup and game depth is sampled)."""
    step = max(1, -(-len(states) // n))
    return states[::step]


# -- reading a board -----------------------------------------------------------------------------
def pieces(items):
    """Every piece of a list of pieces, nested ``items`` and box ``dice`` included."""
    for p in items:
        yield p
        yield from pieces(p.get("items", ()))
        yield from pieces(p.get("dice", ()))


def board_pieces(board: dict) -> list:
    return [p for zone in board["zones"] for p in pieces(zone["items"])]


def zone(board: dict, title: str) -> list:
    return next(z["items"] for z in board["zones"] if z["title"] == title)


def keyed(board: dict) -> dict:
    """key -> the pieces carrying it."""
    out: dict = {}
    for p in board_pieces(board):
        if "key" in p:
            out.setdefault(p["key"], []).append(p)
    return out


def box_sig(box) -> tuple:
    """A box of the content, or a box piece, as comparable fields."""
    if isinstance(box, dict):
        return tuple(box[f] for f in BOX_FIELDS)
    return tuple(getattr(box, f) for f in BOX_FIELDS)


def top_boxes(board: dict) -> list:
    """The box pieces standing on their own in the Encounter zone (not inside an option)."""
    return [p for p in zone(board, "Encounter") if p["type"] == "box"]


# -- the browser's click logic (board.js, ``choose``) --------------------------------------------
class Clicks:
    """The candidates board.js keeps for a selection of keys (``candidates``: the actions with
    parts whose parts hold every selected key, as many times as selected), indexed by key."""

    def __init__(self, actions: list):
        self.actions = actions
        self.counts = [Counter(a["parts"]) for a in actions]
        self.by_key: dict = {}
        for i, a in enumerate(actions):
            for key in set(a["parts"]):
                self.by_key.setdefault(key, set()).add(i)

    def candidates(self, keys: list) -> list:
        need = Counter(keys)
        ids = set.intersection(*(self.by_key.get(k, set()) for k in need))
        return [self.actions[i] for i in sorted(ids)
                if all(self.counts[i][k] >= n for k, n in need.items())]

    def click(self, order: list):
        """Click the keys of ``order`` one after the other as ``choose`` does: ``("played",
        id)`` when a click completes the only candidate left and it is auto, ``("refused",
        keys)`` when no candidate is left, else ``("buttons", [the complete candidates])``
        once every key is clicked."""
        keys: list = []
        complete: list = []
        for key in order:
            keys.append(key)
            found = self.candidates(keys)
            if not found:
                return "refused", list(keys)
            complete = [a for a in found if len(a["parts"]) == len(keys)]
            if len(complete) == 1 and len(found) == 1 and complete[0]["auto"]:
                return "played", complete[0]["id"]
        return "buttons", complete


def widget_actions(s) -> list:
    """The ``actions`` list the widget sends to the browser (widgets/game.py)."""
    return [{"id": i, "text": str(a), "parts": VIEW.parts(s, a), "auto": VIEW.auto(a)}
            for i, a in enumerate(s.legal_actions())]


# -- 1. parts point at the board -----------------------------------------------------------------
@pytest.mark.parametrize("setup", SETUPS)
def test_every_part_of_every_legal_action_is_a_piece_on_the_board(setup):
    """§4, §5, §6 E1-E6, §7 (issue 26: every action by clicking): each key named by
    ``parts`` of a legal action is carried by a piece of the board (nested in a hero card or a
    box too), as many times as the action names it (two equal dice), and pieces sharing a key
    are the same thing (clicking either chooses the same)."""
    states = positions(setup)
    assert len(states) > 200
    phases, clickable = set(), 0
    for s in states:
        board = VIEW.board(s, None)
        shown = keyed(board)
        for key, same in shown.items():
            kinds = {(p["type"], p.get("colour"), p.get("value")) for p in same}
            assert len(kinds) == 1, (key, same)
        for a in s.legal_actions():
            parts = VIEW.parts(s, a)
            assert all(isinstance(k, str) and k for k in parts), (a, parts)
            for key, n in Counter(parts).items():
                assert len(shown.get(key, ())) >= n, (
                    f"{a} needs {n} piece(s) {key!r}; board has {len(shown.get(key, ()))} "
                    f"(phase {s.phase}, {s})")
            clickable += bool(parts)
        phases.add(s.phase)
    assert {"turn", "door", "feats", "dice", "loot"} <= phases
    assert clickable > len(states)


# -- 2. every action can be chosen by its pieces ------------------------------------------------
@pytest.mark.parametrize("setup", SETUPS)
def test_every_clickable_action_is_reached_by_clicking_its_parts(setup):
    """§4, E4, §7, E6 (issue 26: selection that cannot misfire): for every legal action with
    parts, clicking its parts in a random order (as board.js ``choose`` does) either plays it
    at once or leaves it among the complete candidates shown as buttons, whose texts differ;
    no click on the way plays another action or is refused; and no two auto actions share the
    same parts, so a click never hides a choice behind an auto play."""
    rng = random.Random(setup)
    played = buttons = 0
    for s in positions(setup):
        actions = widget_actions(s)
        seen: dict = {}
        for a in actions:
            if a["parts"] and a["auto"]:
                sig = tuple(sorted(a["parts"]))
                assert sig not in seen, (f"{a['text']!r} and {seen[sig]!r} are both auto with "
                                         f"parts {list(sig)}")
                seen[sig] = a["text"]
        clicks = Clicks(actions)
        with_parts = [a for a in actions if a["parts"]]
        for a in rng.sample(with_parts, min(len(with_parts), ACTIONS_PER_POSITION)):
            order = list(a["parts"])
            rng.shuffle(order)
            how, what = clicks.click(order)
            assert how != "refused", (a["text"], what)
            if how == "played":
                assert what == a["id"], (a["text"], actions[what]["text"])
                played += 1
                continue
            assert a["id"] in [b["id"] for b in what], (a["text"], order)
            texts = [b["text"] for b in what]
            assert len(set(texts)) == len(texts), texts
            buttons += 1
    assert played > 50 and buttons > 20, (played, buttons)


# -- 3. Hint follows the panel after the roll (E4) ---------------------------------------------
def _after_roll_figures(panel: str) -> tuple:
    m = re.search(r"best placement of these dice: (\d+) damage and (\d+) time", panel or "")
    assert m, panel
    return int(m[1]), int(m[2])


def _left_now(s) -> tuple:
    """Damage and time the boxes left uncovered cost if nothing more is placed."""
    r = best_placement(dataclasses.replace(s, pools=((),) * len(s.heroes)))
    return r.damage, r.time


def test_hint_keeps_the_best_placement_the_panel_reports():
    """E4, A7, A11, A12 (issue 26: Hint = the best placement the odds refer to): after the roll
    the panel reports ``best_placement``'s damage and time, and following Hint while it places
    , converts or discards keeps that best placement reachable at every step; when Hint says done, the
    boxes left uncovered cost exactly what the panel said."""
    rolled = [s for s in positions() if s.phase == "dice" and any(s.pools)
              and any(isinstance(a, Place) for a in s.legal_actions())]
    rolled = spread(rolled, 250)
    assert len(rolled) > 100
    steps = dones = 0
    for s in rolled:
        best = best_placement(s)
        target = (best.damage, best.time)
        assert _after_roll_figures(VIEW.odds(s, None)) == target, s
        for _ in range(40):
            a = VIEW.hint(s)
            assert a in s.legal_actions(), a
            if a == DONE:
                assert _left_now(s) == target, f"Hint says done at {s}; panel said {target}"
                dones += 1
            if not isinstance(a, (Place, Convert, Discard)):
                break
            s = s.apply(a)
            steps += 1
            if s.is_chance or s.phase != "dice":
                break
            r = best_placement(s)
            assert (r.damage, r.time) == target, f"after Hint's {a}: {r} (panel: {target})"
            if any(s.pools):
                assert _after_roll_figures(VIEW.odds(s, None)) == target
    assert steps > 100 and dones > 20, (steps, dones)


def test_hint_reaches_a_best_placement_that_needs_a_discard_first():
    """E4, A7, A21 (issue 26: Hint and the odds panel agree): with the black supply empty, the
    best placement the panel reports may discard a black die to the supply so that two dice can
    be converted (1P: pink 4 heart box, yellow 4 hourglass box; pool black 1, yellow 4, yellow
    6; the other 5 black dice stored). Hint's first step must keep that placement reachable."""
    s = dice_state([Box("pink", 4, damage=1), Box("yellow", 4, time=1)],
                   [(("black", 1), ("yellow", 4), ("yellow", 6))],
                   party=[HeroState("h1", stored=5)])
    assert s.supply[3] == 0
    best = best_placement(s)
    target = (best.damage, best.time)
    assert _after_roll_figures(VIEW.odds(s, None)) == target
    assert target < _left_now(s)  # the conversion matters
    a = VIEW.hint(s)
    after = s.apply(a)
    r = best_placement(after)
    assert (r.damage, r.time) == target, f"Hint's {a} leaves {r}; the panel said {target}"


# -- 4. the peril choice (E1) ------------------------------------------------------------------
HEADLINE = re.compile(r'<p class="headline">(.*?): clear (\d+)%, expect ([\d.]+) damage and '
                      r'([\d.]+) time <span class="how">\((.*?)\)</span></p>')


def headlines(panel: str) -> dict:
    """The odds panel's rows: name -> (clear, damage, time, how), as printed."""
    return {html.unescape(m[1]): (m[2], m[3], m[4], html.unescape(m[5]))
            for m in HEADLINE.finditer(panel or "")}


def _printed(o, extra_time=0) -> tuple:
    return (f"{float(o.p_clear):.0%}"[:-1], f"{float(o.expected_damage):.1f}",
            f"{float(o.expected_time + extra_time):.1f}")


def test_peril_hint_and_headlines_count_the_option_time():
    """E1, §5.1 (issue 26: odds in plain words, the time column with the option's own cost):
    at a peril choice the panel has one headline per option whose time is the expected time of
    the roll plus the option's ``time_cost`` (figures from ``state_odds``), and Hint picks the
    option with the least expected damage, then the least such time."""
    perils = [s for s in positions() if s.phase == "peril" and not s.is_chance
              and any(isinstance(a, ChooseOption) for a in s.legal_actions())]
    perils = spread(perils, 120)
    assert len(perils) > 40
    checked = 0
    for s in perils:
        options = s.encounter_card.options
        rows = state_odds(s)
        names = [f"{'AB'[i]}: {o.label}" for i, o in enumerate(options)]
        assert sorted(rows) == sorted(names)
        shown = headlines(VIEW.odds(s, None))
        assert sorted(shown) == sorted(names), shown
        if not all(rows[n].exact for n in names) or any(shown[n][3] != "exact" for n in names):
            continue  # the panel gave an estimate within the click's budget
        for name, option in zip(names, options):
            assert shown[name][:3] == _printed(rows[name], option.time_cost), (name, s)
        score = {i: (rows[n].expected_damage, rows[n].expected_time + o.time_cost)
                 for i, (n, o) in enumerate(zip(names, options))}
        best = min(score.values())
        hint = VIEW.hint(s)
        assert isinstance(hint, ChooseOption), hint
        assert score[hint.option] == best, (s, score, hint)
        checked += 1
    assert checked >= 0.8 * len(perils), (checked, len(perils))


# -- 5. a door just opened (§5.4) --------------------------------------------------------------
def test_door_shows_the_encounter_boxes_and_odds_before_facing_it():
    """§5.4, E0, E1, §9 (issue 26: face-or-flee is an informed choice): at a door just opened,
    a combat shows the boxes the party would face (the boxes of the state after FACE), a peril
    shows each option's box inside that option's panel, and the odds panel has a headline per
    option of what is ahead (one for a combat) whenever facing is not a chance node."""
    doors = [s for s in positions() if s.phase == "door" and s.is_legal(FACE)]
    doors = spread(doors, 90)
    kinds = Counter()
    for s in doors:
        card = s.encounter_card
        board = VIEW.board(s, None)
        after = s.apply(FACE)
        if card.kind == "peril":
            panels = {p["key"]: p for p in zone(board, "Encounter")[0]["items"]}
            for i, option in enumerate(card.options):
                boxes = [p for p in panels[f"option:{i}"]["items"] if p["type"] == "box"]
                assert [box_sig(p) for p in boxes] == [box_sig(option.box)], (card.name, i)
        elif not after.is_chance:
            assert [box_sig(p) for p in top_boxes(board)] == [box_sig(b) for b in after.boxes]
            assert not any("key" in p for p in top_boxes(board))  # shown, not yet clickable
        if after.is_chance or after.is_terminal:
            continue
        panel = VIEW.odds(s, None)
        assert panel is not None, f"no odds at the door of {card.name} ({s})"
        assert "If you face it" in panel
        assert len(headlines(panel)) == (len(card.options) if card.kind == "peril" else 1)
        kinds[card.kind] += 1
    assert kinds["combat"] > 10 and kinds["peril"] > 10, kinds


def _expected_floor_peril_boxes(s) -> list:
    """The floor boxes a peril adds (§9: the boxes of all revealed floors apply together), as
    the engine sets them once an option is chosen (A10: in that option's colour)."""
    s = s.apply(FACE) if s.phase == "door" else s
    chosen = s.apply(ChooseOption(0))
    colour = s.encounter_card.options[0].colour
    return [tuple("option" if f == "colour" and b.colour == colour else getattr(b, f)
                  for f in BOX_FIELDS) for b in chosen.boxes[1:]]


def test_peril_board_shows_the_floor_boxes_of_every_revealed_floor():
    """§9, E1, A10 (issue 26: the encounter drawn with its boxes): at a peril's door and at
    its choice, the boxes the floors add are those the engine adds once an option is chosen:
    one per revealed floor (floor 2 adds floor 1's and floor 2's)."""
    peril = next(c for c, e in GAME.content.encounters.items() if e.kind == "peril")
    states = [at_door(peril, floor=f) for f in (1, 2, 3)]
    states += [s.apply(FACE) for s in states]
    states += [s for s in spread(positions(), 2000) if s.phase in ("door", "peril")
               and s.encounter_card.kind == "peril" and s.is_legal(FACE if s.phase == "door"
                                                                    else ChooseOption(0))]
    for s in states:
        shown = [box_sig(p) for p in top_boxes(VIEW.board(s, None))]
        assert shown == _expected_floor_peril_boxes(s), (
            f"floor {s.floor}, {s.phase}: board shows {shown}")


def test_combat_door_shows_boxes_and_odds_when_facing_draws_a_card():
    """§5.4, E0, §9 (issue 26: the encounter card with its boxes and odds from the moment its
    door is opened): a combat whose start spends time (Gutter Imp, e04: facing it draws a card,
    a chance node) still has known boxes, the card's and every revealed floor's combat boxes,
    and the board shows them with the odds."""
    s = at_door("e04")
    card = s.encounter_card
    assert s.apply(FACE).is_chance  # the point of this case
    floors = s.dungeon_card.floors[:s.floor]
    expected = [box_sig(b) for b in card.boxes + tuple(b for f in floors for b in f.combat_boxes)]
    assert [box_sig(p) for p in top_boxes(VIEW.board(s, None))] == expected
    assert VIEW.odds(s, None) is not None


# -- 5b. the odds of the next click, worked out ahead (A24) -------------------------------------
def before_a_closed_door():
    """A Timeline whose party stands before a closed door (its only action: open it)."""
    t = odd_nb.start("one-deck-dungeon", seed=3)
    for action in ("time passes", "explore", "time passes"):
        t.play(action)
    assert [str(a) for a in t.state.legal_actions()] == ["open a closed door"]
    return t


@pytest.fixture
def nothing_known(monkeypatch):
    """No answer found earlier in this process (``odds/known.py``), the click's cache empty."""
    from odd_nb.games.one_deck import view as view_module
    from odd_nb.games.one_deck.odds import encounter
    from odd_nb.games.one_deck.odds.known import Known
    table = Known()
    monkeypatch.setattr(encounter, "known", table)
    view_module._quick_odds.cache_clear()
    view_module._faced.cache_clear()
    yield table
    view_module._quick_odds.cache_clear()
    view_module._faced.cache_clear()


def test_a24_look_ahead_finds_every_card_a_closed_door_may_hide():
    """§5.4, A24, docs/odds.md "The next click's odds, ahead": the positions one decision on
    are those of every card the opened door may reveal (the engine's chance outcomes, nothing
    hidden read), each at its roll."""
    import threading
    from odd_nb.games.one_deck import view as view_module
    t = before_a_closed_door()
    opened = t.state.apply(t.legal_actions()[0])
    assert opened.is_chance
    may_hide = {opened.apply(card).encounter_card.name for card, _ in opened.chance_outcomes()}
    found = view_module._next_positions(t.state, threading.Event())
    assert {ahead.encounter_card.name for ahead in found} == may_hide
    assert len(may_hide) > 10 and all(ahead.phase in ("peril", "feats") for ahead in found)


def test_a24_the_odds_behind_a_door_are_exact_at_the_click_that_opens_it(nothing_known,
                                                                        monkeypatch):
    """A24, docs/odds.md "The next click's odds, ahead": with no time at the click (its budget
    set to nothing here) the door's odds are an estimate; worked out ahead while the party stood
    before the door, the same click shows them exact, as ``state_odds`` gives them."""
    import threading
    from odd_nb.games.one_deck import view as view_module
    monkeypatch.setattr(view_module, "ODDS_SECONDS", 0)
    t = before_a_closed_door()
    opened = t.state.apply(t.legal_actions()[0])
    door = opened.apply(opened.chance_outcomes()[0][0])
    assert not any(odds.exact for _, odds in view_module._quick_odds(view_module._ahead(door)))
    nothing_known.clear()
    view_module._quick_odds.cache_clear()
    VIEW.look_ahead(t.state, None, threading.Event())
    rows = view_module._quick_odds(view_module._ahead(door))
    assert all(odds.exact for _, odds in rows)
    assert dict(rows) == state_odds(view_module._ahead(door))


def test_core_look_ahead_works_within_its_total_time(nothing_known, monkeypatch):
    """A board left alone does not keep the machine busy: the look-ahead asks no question past
    ``LOOK_AHEAD_TOTAL`` seconds (none when it is nothing), and answers as the first pass
    allows (``LOOK_AHEAD_SECONDS``) when it has the time."""
    import threading
    from odd_nb.games.one_deck import view as view_module
    monkeypatch.setattr(view_module, "LOOK_AHEAD_TOTAL", 0)
    VIEW.look_ahead(before_a_closed_door().state, None, threading.Event())
    assert nothing_known._answers == {}
    monkeypatch.setattr(view_module, "LOOK_AHEAD_TOTAL", 600)
    VIEW.look_ahead(before_a_closed_door().state, None, threading.Event())
    assert len(nothing_known._answers) > 10


def test_core_look_ahead_stops_at_a_click_and_keeps_nothing(nothing_known):
    """A click sets the cancel event: the look-ahead stops (``Cancelled``) at its next
    question and keeps no answer."""
    import threading
    from odd_nb.core.progress import Cancelled
    cancel = threading.Event()
    cancel.set()
    with pytest.raises(Cancelled):
        VIEW.look_ahead(before_a_closed_door().state, None, cancel)
    assert nothing_known._answers == {}


# -- 6. loot (E6) --------------------------------------------------------------------------------
def test_every_loot_choice_is_a_piece_that_says_what_it_gives():
    """E6, A15, A16 (issue 26: loot options that show what each gives): every TakeLoot is
    chosen by one clickable piece of the Encounter zone whose lines hold ``loot_words``."""
    looting = [s for s in positions() if s.phase == "loot"]
    assert len(looting) > 40
    uses = Counter()
    for s in looting:
        board = VIEW.board(s, None)
        shown = keyed({"zones": [{"items": zone(board, "Encounter")}]})
        for a in s.legal_actions():
            if not isinstance(a, TakeLoot):
                continue
            parts = VIEW.parts(s, a)
            assert len(parts) == 1, (a, parts)
            assert VIEW.auto(a)
            words = W.loot_words(s, a)
            assert words and any(words in line for p in shown.get(parts[0], ())
                                 for line in p.get("lines", ())), (str(a), words)
            uses[a.use] += 1
    assert {"xp", "item", "skill"} <= set(uses), uses


# -- 7. hero cards -------------------------------------------------------------------------------
def test_hero_cards_show_health_stats_skills_feat_and_items_in_words():
    """§2, §7, §11, E2, E6 (issue 26: hero cards with a health track, item bonuses, skills and
    feats with their cost and effect in words): each hero card's health track shows health
    left (health minus damage, not below 0) out of ``state.health(h)``; its dice stats are
    ``state.stat``; the heroic feat and every skill are pieces with their cost and effect; every
    item card says what it adds; the pool dice are on it."""
    for s in spread(positions(), 1200):
        heroes = zone(VIEW.board(s, None), "Heroes")
        assert [p["key"] for p in heroes] == [f"hero:{h}" for h in range(len(s.heroes))]
        for h, card in enumerate(heroes):
            hero, health = s.heroes[h], s.health(h)
            inside = list(pieces(card["items"]))
            track = [p for p in inside if p["type"] == "track" and p.get("tone") == "health"]
            assert len(track) == 1
            assert track[0]["value"] == max(0, health - hero.damage)
            assert track[0]["max"] == health
            for colour in ("yellow", "pink", "blue"):
                stat = [p for p in inside if p["type"] == "stat" and p["icon"] == f"die-{colour}"]
                assert [p["value"] for p in stat] == [s.stat(h, colour)]
            feat = s.hero_side(h).feat
            abilities = [(f"feat:{h}:{feat.id}", W.skill_words(feat, feat=True))]
            abilities += [(f"skill:{h}:{sk.id}", W.skill_words(sk)) for sk in s.skills_of(h)]
            by_key = {p["key"]: p for p in inside if "key" in p}
            for key, words in abilities:
                lines = " | ".join(by_key[key]["lines"])
                for part in ("cost", "effect", "when"):
                    assert words[part] and words[part] in lines, (key, part, lines)
            lines = [line for p in inside for line in p.get("lines", ())]
            for c in hero.items:
                card = s.content.encounters[c]
                text = W.item_words(card.loot.item)
                assert any(text in line and card.name in line for line in lines), (c, lines)
            dice = Counter((p["colour"], p["value"]) for p in inside if p["type"] == "die")
            assert dice == Counter(s.pools[h])


# -- 8. the end of a game (§11) ----------------------------------------------------------------
def test_summary_of_finished_games():
    """§10, §11 (issue 26: game over, a banner with the result and a short summary): the result
    is "won" exactly when the state's outcome is, the first line names the boss or the floor
    where the delve ended, and each hero's damage and health are stated; a boss fight says the
    boss's damage."""
    ends = [s for s in finals() if s.is_terminal]
    assert len(ends) >= 0.9 * len(finals())
    results = Counter()
    for s in ends:
        summary = VIEW.summary(s)
        assert summary["result"] == ("won" if s.outcome == "won" else "lost")
        assert summary["title"]
        lines = summary["lines"]
        where = "the boss" if s.in_boss_fight else f"floor {s.floor}"
        assert where in lines[0], lines
        for h, hero in enumerate(s.heroes):
            name = s.hero_card(h).name
            assert any(name in line and f"{hero.damage} damage" in line
                       and str(s.health(h)) in line for line in lines), (name, lines)
        if s.in_boss_fight:
            boss = s.dungeon_card.boss
            assert any(boss.name in line and f"{s.boss_damage} damage" in line
                       for line in lines), lines
        results[summary["result"]] += 1
    assert results["won"] and results["lost"], results


# -- 9. the teaching pane ----------------------------------------------------------------------
def anchors() -> set:
    """GitHub-style anchors of the rules' headings."""
    out = set()
    for line in RULES.read_text(encoding="utf-8").splitlines():
        m = re.match(r"#+\s+(.*)", line)
        if m:
            out.add(re.sub(r"[^\w\- ]", "", m[1].strip().lower()).replace(" ", "-"))
    return out


def test_teach_explains_every_phase_with_a_link_into_the_rules():
    """§5, §6 E1-E6, §10 (issue 26: a teaching mode with the rule section): for every step of
    the turn met in play, ``teach`` gives plain words and a rule section whose link points at a
    heading of docs/rules/one-deck-dungeon.md."""
    known = anchors()
    assert "e4--skills-and-placement" in known  # the anchor rule itself
    by_phase: dict = {}
    for s in positions():
        by_phase.setdefault((s.phase, s.in_boss_fight), []).append(s)
    assert {"turn start", "turn", "door", "peril", "feats", "dice", "loot"} <= {
        p for p, _ in by_phase}
    assert any(boss for _, boss in by_phase)
    for (phase, boss), states in by_phase.items():
        for s in spread(states, 5):
            t = VIEW.teach(s)
            assert t["text"].strip() and t["section"].strip(), (phase, t)
            doc, _, anchor = t["href"].partition("#")
            assert doc == "one-deck-dungeon.md" and anchor in known, (phase, t["href"])
            if boss and phase in ("feats", "dice"):
                assert t["section"].startswith("§10"), (phase, t)


def test_teach_at_the_end_of_a_game_cites_winning_and_losing():
    """§11 (issue 26: the teaching pane explains the current step; the widget asks ``teach``
    of a finished game too): once the game is over the pane explains how it ended, under
    "§11 Winning and losing", not the step the party was at (explore, loot...)."""
    for s in finals():
        if not s.is_terminal:
            continue
        t = VIEW.teach(s)
        assert t["section"] == "§11 Winning and losing", (s.phase, s.outcome, t)
