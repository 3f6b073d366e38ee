"""Analyst tables and pictures (analysis.py, plot.py): E1 peril options compared, pools compared
(items §6, levels §8 bonus dice, heroes in 2P), a dungeon's encounters (§6 active boxes, §9
floors, A10 option-coloured floor boxes), and the SVG bar charts.

Rules references (§n, An) are to docs/rules/one-deck-dungeon.md.
"""

from __future__ import annotations

import re

import pytest

import odd_nb
from odd_nb.games.one_deck import Box, encounter_odds
from odd_nb.games.one_deck import analysis as an
from odd_nb.games.one_deck.odds import state_odds
from odd_nb.games.one_deck.plot import BarChart
from rules_kit import CONTENT

pytest.importorskip("pandas")

OPENING = ["time passes", "explore", "time passes", "open a closed door", "face the encounter"]


def opened(heroes, seed):
    t = odd_nb.start("one-deck-dungeon", heroes=list(heroes), dungeon="d1", seed=seed)
    for action in OPENING:
        t.play(action)
    return t.state


def test_e1_peril_odds_table_matches_state_odds():
    """E1: one row per option with its colour, time cost and box; the figures are state_odds';
    total time adds the cost paid up front."""
    s = opened(["h1"], 1)
    assert s.phase == "peril"
    table = an.peril_odds(s)
    odds = state_odds(s)
    assert list(table.option) == list(odds)
    for (_, row), o, opt in zip(table.iterrows(), odds.values(), s.encounter_card.options):
        assert row.colour == opt.colour and row.time_cost == opt.time_cost
        assert row.p_clear == float(o.p_clear)
        assert row.expected_damage == float(o.expected_damage)
        assert row.total_time == opt.time_cost + float(o.expected_time)
    with pytest.raises(ValueError, match="peril"):
        an.peril_odds(opened(["h1"], 0))


def test_more_dice_never_hurt_in_compare_pools():
    """§4: a die more can always be left unused, so the chance to clear never falls and the
    expected (damage, then time) never rises; the first row is the reference."""
    boxes = ["blue 4 ♥♥", "pink 3 ⌛", "yellow 4 ♥", "wide yellow 9 ⌛"]
    table = an.compare_pools(boxes, {"base": {"yellow": 2, "pink": 1},
                                     "+ yellow": {"yellow": 3, "pink": 1},
                                     "+ black": {"yellow": 3, "pink": 1, "black": 1}})
    assert list(table.dice) == ["Y2 P1", "Y3 P1", "Y3 P1 K1"]
    assert table.d_p_clear[0] == table.d_damage[0] == 0
    assert table.p_clear.is_monotonic_increasing
    cost = 1000 * table.expected_damage + table.expected_time
    assert cost.is_monotonic_decreasing


def test_s6_s8_item_and_level_values_start_from_the_state_odds():
    """§6 loot as an item adds its stat icons; §8 a level adds black bonus dice. The "now" row
    is the encounter's state_odds."""
    s = opened(["h1"], 0)
    (now,) = state_odds(s).values()
    items = an.item_value(s, "e01")  # Moss Goblin Scout's item: one pink icon
    assert items.p_clear[0] == float(now.p_clear)
    assert list(items.dice) == ["Y3 P1 B1", "Y3 P2 B1"]
    levels = an.level_value(s)
    assert list(levels.dice) == ["Y3 P1 B1", "Y3 P1 B1 K1"]
    assert levels.expected_damage[1] <= levels.expected_damage[0]


def test_2p_hero_odds_leave_each_hero_out():
    s = opened(["h1", "h3"], 2)
    s = s.apply(s.legal_actions()[0])  # the foe's start damage: the party picks a hero
    table = an.hero_odds(s)
    assert list(table.case) == ["party", "without Brannoc Ironhand", "without Ylva Starweave"]
    (party,) = state_odds(s).values()
    assert table.p_clear[0] == float(party.p_clear)
    assert (table.p_clear[1:] <= table.p_clear[0]).all()


def test_s6_s9_a10_dungeon_table_rows_are_the_encounters_active_boxes(capsys):
    """§6 active boxes, §9 floors add their boxes, A10 a peril floor box of colour "option"
    takes the option's colour. One row per combat, one per peril option; the row of the card
    met in a seeded game equals that game's state_odds. A progress bar counts the encounters
    (outside a notebook, on stderr) unless ``progress=False``."""
    table = an.dungeon_table("d1", ["h1"], floor=2)
    bar = capsys.readouterr().err
    assert f"{len(CONTENT.encounters)}/{len(CONTENT.encounters)}" in bar and "encounters" in bar
    kinds = [e.kind for e in CONTENT.encounters.values()]
    assert len(table) == kinds.count("combat") + 2 * kinds.count("peril")
    floors = CONTENT.dungeons["d1"].floors[:2]
    peril = next(c for c, e in CONTENT.encounters.items() if e.kind == "peril")
    rows = table[table.card == peril]
    for (_, row), opt in zip(rows.iterrows(), CONTENT.encounters[peril].options):
        extra = [b.colour for f in floors for b in f.peril_boxes]
        assert row.boxes.count(opt.colour) >= 1 + extra.count("option")
    one = an.dungeon_table("d1", ["h1"], floor=1, progress=False)
    assert capsys.readouterr().err == ""
    s = opened(["h1"], 0)
    (bog,) = state_odds(s).values()
    row = one[one.card == s.card].iloc[0]
    assert (row.p_clear, row.expected_damage) == (float(bog.p_clear),
                                                   float(bog.expected_damage))


def test_bar_chart_svg_is_deterministic_and_shows_every_bar():
    odds = encounter_odds({"yellow": 2, "pink": 1}, [Box("yellow", 5, damage=1),
                                                     Box("pink", 3, damage=2)])
    chart = odds.plot()
    svg = chart._repr_svg_()
    assert svg == odds.plot().to_svg()
    assert svg.startswith("<svg") and svg.endswith("</svg>")
    assert len(re.findall("<rect ", svg)) == len(odds.damage)
    assert "damage (exact)" in svg and " id=" not in svg
    boxes = odds.plot("boxes").to_svg()
    assert "1: yellow 5 ♥" in boxes and "2: pink 3 ♥♥" in boxes
    with pytest.raises(ValueError):
        odds.plot("colour")
    several = an.compare_plot({"a": odds, "b": encounter_odds({"yellow": 3},
                                                             ["yellow 5 ♥", "pink 3 ♥♥"])})
    text = several.to_svg()
    assert len(re.findall("<rect ", text)) == 2 * len(several.labels) + 2  # bars + legend
    assert repr(BarChart({"x": 1.0})) == "<BarChart '': 1 series, 1 bars>"
