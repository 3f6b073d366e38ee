"""The generated card set of the benchmarks (``benchmarks/generated_cards.py``): it loads through
the loader a user's own card file goes through (odd_nb/games/one_deck/data/SCHEMA.md), the same
seed gives the same set, and every combat card has two or three wide boxes (a wide box: dice of
its colour whose sum reaches its number, docs/rules/one-deck-dungeon.md §4), as does every boss.
"""

import importlib.util
import json
from pathlib import Path

import pytest

import odd_nb
from odd_nb.games.one_deck.content import load_content, load_content_data

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"


def _generator():
    spec = importlib.util.spec_from_file_location("generated_cards",
                                                  BENCHMARKS / "generated_cards.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.generated_cards


generated_cards = _generator()


@pytest.mark.parametrize("seed", [0, 27])
def test_a_generated_file_loads_like_a_users_own_file(tmp_path, seed):
    path = tmp_path / "wide.json"
    path.write_text(json.dumps(generated_cards(seed)), encoding="utf-8")
    content = load_content(path)
    assert len(content.encounters) == 44 and len(content.dungeons) == 4
    assert {e.kind for e in content.encounters.values()} == {"combat", "peril"}
    t = odd_nb.start("one-deck-dungeon", seed=seed, content=str(path))
    t.play("time passes")
    assert t.state.content.name == content.name


def test_the_same_seed_gives_the_same_set_and_another_seed_another():
    assert generated_cards(5) == generated_cards(5)
    assert json.dumps(generated_cards(5)) == json.dumps(generated_cards(5))
    assert generated_cards(5) != generated_cards(6)


@pytest.mark.parametrize("seed", [0, 1, 27])
def test_every_combat_card_and_boss_has_two_or_three_wide_boxes(seed):
    content = load_content_data(generated_cards(seed), f"seed {seed}")
    combats = [e for e in content.encounters.values() if e.kind == "combat"]
    wide = [sum(b.wide for b in e.boxes) for e in combats]
    assert set(wide) == {2, 3}  # both kinds of card in every set
    assert all(any(not b.wide for b in e.boxes) for e in combats)  # and small boxes beside
    for dungeon in content.dungeons.values():
        assert sum(b.wide for b in dungeon.boss.boxes) in (2, 3)
        assert not any(b.wide for f in dungeon.floors for b in f.combat_boxes)
