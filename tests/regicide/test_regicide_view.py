"""The Regicide board on the play widget (issue 26: the game drawn as a game, odds in words, a
teaching pane, a game-over summary): ``odd_nb/games/regicide/view.py``.

Rules references (§n, An) are to docs/rules/regicide.md; each test names the sections it covers.
"""

from __future__ import annotations

import json
import random
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from odd_nb.core.agents import play_out
from odd_nb.core.view import every_piece as pieces
from odd_nb.games.regicide.actions import CARD_NAME, NextPlayer, parse
from odd_nb.games.regicide.agents import HeuristicAgent
from odd_nb.games.regicide.odds import play_rows
from odd_nb.games.regicide.view import SECTIONS, play_effects_then

from regicide_kit import GAME, play, table

VIEW = GAME.view()
RULES = Path(__file__).resolve().parents[2] / "docs" / "rules" / "regicide.md"
PIECES = {"panel", "die", "box", "card", "track", "stat", "text"}  # odd_nb/core/view.py
ICONS = {"damage", "time", "armor", "skull", "poison", "potion", "xp", "level", "deck", "door",
         "attack", "shield", "health"}


def positions(players: int, seeds, steps: int = 120, chance: bool = False):
    """States of seeded games, half heuristic and half random moves (so that games last and
    every phase comes up), with the chance nodes too when ``chance``."""
    agent = HeuristicAgent()
    for seed in seeds:
        rng = random.Random(seed * 10 + players)
        s = GAME.new_initial_state(players=players)
        for _ in range(steps):
            if s.is_terminal:
                yield s
                break
            if s.is_chance:
                if chance:
                    yield s
                s = s.apply(s.sample_chance(rng.random()))
                continue
            yield s
            acts = s.legal_actions()
            s = s.apply(agent.choose(s, rng) if rng.random() < 0.5 else rng.choice(acts))


def keys(board: dict) -> list[str]:
    return [p["key"] for p in pieces(board) if "key" in p]


def zone(board: dict, title: str) -> dict:
    return next(z for z in board["zones"] if z["title"].startswith(title))


def anchors() -> dict[str, str]:
    """The GitHub-style anchor of every heading of docs/rules/regicide.md -> the heading."""
    out = {}
    for line in RULES.read_text(encoding="utf-8").splitlines():
        m = re.match(r"#{1,6} (.+)", line)
        if m:
            heading = m.group(1).strip()
            slug = re.sub(r"[^\w\- ]", "", heading.lower()).replace(" ", "-")
            out[slug] = heading
    return out


# -- the board ------------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_s3_the_enemy_card_is_drawn_once_with_its_health_attack_and_shield_as_bars(players):
    """§1 (Royals' attack and health), §3 step 3 (damage adds up), §3 step 4 and A8 (attack less
    the shield): the enemy is one card (its name nowhere else on the board), the health track's
    value is health minus damage, the attack track the attack after the shield."""
    checked = 0
    for s in positions(players, range(4)):
        if s.enemy is None:
            continue
        board = VIEW.board(s, None)
        name = CARD_NAME[s.enemy]
        cards = [p for p in pieces(board) if p["type"] == "card" and p["label"] == name]
        assert len(cards) == 1 and "key" not in cards[0]
        assert json.dumps(board["zones"], ensure_ascii=False).count(name) == 1
        tracks = {p["label"]: p for p in pieces(board) if p["type"] == "track"}
        health = tracks["health left"]
        assert (health["value"], health["max"]) == (s.enemy_health - s.damage, s.enemy_health)
        attack = tracks["attack after shield"]
        assert (attack["value"], attack["max"]) == (s.enemy_damage, s.enemy_attack)
        assert tracks["shield"]["value"] == s.shield
        checked += 1
    assert checked > 50


def test_s3_the_plays_in_play_are_cards_and_their_damage_adds_up_to_the_enemys():
    """§3 steps 2-3 and Jester resolution: each play in play is a panel of its cards, and the
    damage each says it dealt (♣ doubling, immunity as it stood then) adds up to the damage the
    enemy has taken."""
    checked = 0
    for players in (1, 2, 3, 4):
        for s in positions(players, range(5)):
            if s.enemy is None or s.is_terminal or not s.in_play:
                continue
            assert sum(play_effects_then(s, i)["damage"] for i in range(len(s.in_play))) \
                == s.damage
            shown = [p for p in zone(VIEW.board(s, None), "In play")["items"]]
            assert [sorted(c["label"] for c in p["items"]) for p in shown] == \
                [sorted(CARD_NAME[c] for c in played) for played in s.in_play]
            checked += 1
    assert checked > 50


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_s4_the_hand_is_the_seats_own_and_no_other_hand_reaches_the_board(players):
    """§4: the hand zone holds exactly the cards of the seat the board is for (keys
    ``card:<n>``); no card of another seat's hand is in the board's JSON, as a key or a label;
    the other seats show their counts."""
    for s in positions(players, range(3), chance=True):
        for seat in range(players):
            board = VIEW.board(s, seat)
            hand = {p["key"] for p in zone(board, "Hand of")["items"] if "key" in p}
            assert hand == {f"card:{c}" for c in s.hands[seat]}
            assert {k for k in keys(board) if k.startswith("card:")} == hand
            sent = json.dumps(board, ensure_ascii=False)
            for q in range(players):
                if q != seat:
                    for c in s.hands[q]:
                        assert f'"card:{c}"' not in sent
                        assert f'"label": "{CARD_NAME[c]}"' not in sent
            seats = zone(board, "Seats")["items"]
            assert [p["lines"][0].split()[0] for p in seats] == [str(len(h)) for h in s.hands]


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_s3_every_legal_action_is_clicked_on_pieces_of_the_board(players):
    """§3 step 1 (plays), step 4 (discards), Jester resolution (the next seat): every part of
    every legal action is a piece on the board, for the seat to move and with no seat fixed;
    the parts keep their keys (``card:<n>``, ``seat:<n>``)."""
    actions = 0
    for s in positions(players, range(6)):
        if s.is_terminal:
            continue
        for seat in (None, s.to_move):
            on_board = set(keys(VIEW.board(s, seat)))
            for a in s.legal_actions():
                parts = VIEW.parts(s, a)
                assert set(parts) <= on_board, (a, parts)
                assert all(re.fullmatch(r"(card|seat):\d+", k) for k in parts)
                if isinstance(a, NextPlayer):
                    assert parts == [f"seat:{a.seat}"] and VIEW.auto(a)
                actions += 1
    assert actions > 500


def test_core_the_board_uses_only_the_piece_vocabulary():
    """The board is made of the pieces of odd_nb/core/view.py, stats with the board's icons,
    and every zone has a title (§2 table: Jester powers only in solo, §7)."""
    for players in (1, 2):
        for s in positions(players, range(2), chance=True):
            board = VIEW.board(s, None)
            assert set(board) == {"title", "status", "zones"}
            assert all(z["title"] for z in board["zones"])
            for p in pieces(board):
                assert p["type"] in PIECES
                if p["type"] == "stat":
                    assert p["icon"] in ICONS
            labels = [p["label"] for p in pieces(board) if p["type"] == "stat"]
            assert ("Jester powers left" in labels) == (players == 1)


# -- words ----------------------------------------------------------------------------------------
def test_s3_the_status_says_who_must_do_what_in_words():
    """§3 step 1, step 4, Jester resolution, §5, §7-§8: the status names the seat and what it
    must do, and the step of the turn in words; never a bare step number."""
    s = table(["7S 5H", "6H"], enemy="JD")
    assert VIEW.status(s) == "seat 0: play a card or yield (step 1)"
    s = play(table(["7C", "6H 9D"], enemy="JH", in_play=["3S"], damage=3, active=1),
             "play 6♥")
    assert VIEW.status(s) == "seat 1: discard cards worth 7 or more to survive (step 4)"
    s = play(table(["JOKER1 7C", "6H", "5D"], enemy="JH"), "play Jester 1")
    assert VIEW.status(s) == "seat 0: choose who takes the next turn (after a Jester)"
    s = table(["2C 3D"], enemy="JS", players=1, jester_powers=1)
    assert VIEW.status(s) == "seat 0: play a card, yield or use a Jester power (step 1)"
    s = play(table(["KH QC"], enemy="KS", players=1, damage=20, discard="KC KD", rest="tavern",
                   jester_powers=1), "play Q♣")
    assert VIEW.status(s) == "won (grade: silver): all 12 enemies defeated"
    s = play(table(["2C 3D"], enemy="JS", players=1, jester_powers=0), "play 2♣")
    assert VIEW.status(s).startswith("lost after defeating 0 of 12: seat 0 holds 3")
    assert VIEW.status(GAME.new_initial_state(players=2)) == "the next enemy is being revealed"
    for players in (1, 3):
        for s in positions(players, range(3), chance=True):
            words = VIEW.status(s)
            assert re.match(r"(seat \d|won|lost|the next enemy|♥ heals)", words), words
            bare = re.sub(r"\(step [14]\)$|§3 step 4", "", words)
            assert "step" not in bare, words  # a step of the turn, never a bare number


def test_s3_the_teaching_pane_cites_sections_that_exist():
    """The teaching pane's rule section for every phase (§2, §3 steps 1-4, Jester resolution,
    §5, §7, §8, A2, A10, A17) is a heading of docs/rules/regicide.md and its href that heading's
    GitHub anchor; the words never name a hidden card (§4)."""
    found = anchors()
    assert set(SECTIONS.values()) <= set(found.values())
    used = set()
    for players in (1, 2, 3, 4):
        for s in positions(players, range(4), chance=True):
            t = VIEW.teach(s)
            page, anchor = t["href"].split("#")
            assert page == "regicide.md" and found[anchor] == t["section"] and t["text"]
            hidden = [c for q, h in enumerate(s.hands) if q != s.active for c in h]
            assert not any(CARD_NAME[c] in t["text"] for c in hidden + list(s.hands[s.active]))
            used.add(t["section"])
    for key in ("play", "discard", "jester", "lost", "setup", "defeat", "powers"):
        assert SECTIONS[key] in used, key
    s = play(table(["KH QC"], enemy="KS", players=1, damage=20, discard="KC KD", rest="tavern",
                   jester_powers=2), "play Q♣")
    won = VIEW.teach(s)
    assert won["href"] == "regicide.md#8-end-of-game" and "gold" in won["text"]


@pytest.mark.parametrize("players", [1, 2, 3])
def test_s8_the_summary_of_a_finished_game_gives_the_result_and_enemies_defeated(players):
    """§8 (win: the twelfth enemy), §5 (loss, with its reason), §7 and A11 (a grade in solo
    only): seeded heuristic games played to the end."""
    results = set()
    for seed in range(60):
        end = play_out(GAME.new_initial_state(players=players), HeuristicAgent(),
                       random.Random(seed))
        summary = VIEW.summary(end)
        assert summary["result"] == end.outcome and summary["title"]
        assert summary["lines"][0] == f"enemies defeated: {end.defeated} of 12"
        if end.outcome == "won":
            assert end.defeated == 12
            assert any(line.startswith("grade: ") for line in summary["lines"]) == (players == 1)
        else:
            assert end.defeated < 12 and f"why: {end.reason}" in summary["lines"]
        results.add(end.outcome)
    assert results == {"won", "lost"}


def test_s3_clicks_that_name_nothing_are_explained_in_the_rules_words():
    """§3 step 1 (what a combo is) and Jester resolution (after a Jester a seat is clicked)."""
    s = table(["7S 5H", "6H"], enemy="JD")
    assert "combo" in VIEW.explain(s, [f"card:{parse('7S')}", f"card:{parse('5H')}"])
    assert "after a Jester" in VIEW.explain(s, ["seat:1"])
    s = play(table(["JOKER1 7C", "6H", "5D"], enemy="JH"), "play Jester 1")
    assert "click only the seat" in VIEW.explain(s, [f"card:{parse('7C')}"])


# -- odds -----------------------------------------------------------------------------------------
class _Table(HTMLParser):
    """The headline, headings, rows and legend terms (``<li><b>term</b>: words``) of an odds
    panel."""

    def __init__(self):
        super().__init__()
        self.heads, self.rows, self.legend, self.headline, self.open = [], [], [], "", []

    def handle_starttag(self, tag, attrs):
        self.open.append(tag)
        if tag == "tr":
            self.rows.append([])

    def handle_endtag(self, tag):
        self.open.pop()

    def handle_data(self, data):
        at = self.open[-1] if self.open else None
        if at == "th":
            self.heads.append(data)
        elif at == "td":
            self.rows[-1].append(data)
        elif at == "b" and "li" in self.open:
            self.legend.append(data)
        elif at == "p":
            self.headline += data


def parse_odds(html: str) -> _Table:
    parsed = _Table()
    parsed.feed(html)
    parsed.rows = [r for r in parsed.rows if r]
    return parsed


@pytest.mark.parametrize("players", [1, 2, 4])
def test_s3_odds_have_a_legend_for_every_column_and_the_defeats_column_is_never_empty(players):
    """§3 step 1-4 and A2: the odds of step 1 are one row per play (``play_rows``) with a legend
    line under the table for every column; "defeats" reads yes, exactly or no; the headline puts
    the hint's play in words. Only the seat to move gets odds (§4)."""
    said = set()
    for s in positions(players, range(4)):
        if s.is_terminal or s.phase != "play":
            continue
        html = VIEW.odds(s, s.to_move)
        assert all(VIEW.odds(s, q) is None for q in range(players) if q != s.to_move)
        parsed = parse_odds(html)
        assert parsed.heads == ["play", "survive", "damage", "defeats", "attack left",
                                "hand kept", "powers"]
        assert parsed.legend == parsed.heads
        assert all(f"<b>{h}</b>: " in html for h in parsed.heads)
        rows = play_rows(s)
        assert len(parsed.rows) == len(rows)
        for cells, row in zip(parsed.rows, rows):
            defeats = cells[3]
            assert defeats == ("exactly" if row["exact"] else "yes" if row["defeats"] else "no")
            said.add(defeats)
        assert parsed.headline.startswith("Hint: ")
        assert html.count('class="hint"') <= 1
    assert {"no", "yes", "exactly"} <= said


def test_s3_step_4_odds_say_what_to_cover():
    """§3 step 4: the discard to make, against the hand's value, for the seat to move only."""
    s = play(table(["7C", "6H 9D"], enemy="JH", in_play=["3S"], damage=3, active=1), "play 6♥")
    words = VIEW.odds(s, 1)
    assert "discard cards worth 7 or more" in words and "can survive" in words
    assert VIEW.odds(s, 0) is None
