"""Card data files (issue: original content validated at load, errors naming the file, the card and
the field; users load their own file). Schema: odd_nb/games/one_deck/data/SCHEMA.md."""

import copy
import json

import pytest

import odd_nb
from odd_nb import LoadError, Timeline
from odd_nb.games.one_deck.content import DATA_DIR, SKILL_OPS, load_content, load_content_data

BASE = json.loads((DATA_DIR / "base.json").read_text())


def test_the_shipped_set_has_what_the_issue_asks_for():
    c = load_content()
    assert len(c.heroes) >= 5 and all(set(h.sides) == {"1P", "2P"} for h in c.heroes.values())
    assert len(c.dungeons) >= 4 and {d.difficulty for d in c.dungeons.values()} == {1, 2, 3}
    assert all(len(d.floors) == 3 and d.boss.boxes for d in c.dungeons.values())
    assert len(c.encounters) >= 40
    assert {e.kind for e in c.encounters.values()} == {"combat", "peril"}
    assert len(c.levels) == 4 and c.basic_potion.basic


def _ability_ops(c):
    return {e.op for x in c.encounters.values() for a in x.abilities for e in a.effects}


def test_the_shipped_set_uses_every_box_kind_cost_kind_and_effect_verb():
    c = load_content()
    boxes = list(c.every_box())
    assert any(b.wide for b in boxes) and any(not b.wide for b in boxes)
    assert any(b.armor for b in boxes) and any(b.skull for b in boxes)
    assert {b.colour for b in boxes} >= {"yellow", "pink", "blue", "black", "any"}
    skills = list(c._skills().values())
    assert {s.cost.kind for s in skills} == {"free", "dice_count", "dice_total", "potion"}
    assert {e.op for s in skills for e in s.effects} >= set(SKILL_OPS)
    assert {"forbid", "discard", "damage", "spend_time"} <= _ability_ops(c)


def _boss_and_floor_ops(c):
    for d in c.dungeons.values():
        for a in d.boss.abilities + tuple(a for f in d.floors for a in f.abilities):
            yield from (e.op for e in a.effects)


def test_the_base_set_keeps_to_base_game_mechanics():
    """§12: poison and exile are Forest of Shadows mechanisms, engine hooks only; the base set
    uses neither, the optional expansion file shows both."""
    c = load_content()
    assert not any(b.poison for b in c.every_box())
    assert not {"exile", "poison"} & (_ability_ops(c) | set(_boss_and_floor_ops(c)))
    assert "poison" not in (DATA_DIR / "base.json").read_text()
    assert "exile" not in (DATA_DIR / "base.json").read_text()


def test_the_expansion_file_loads_by_name_and_shows_poison_and_exile():
    x = load_content("expansion")
    assert x.name != load_content().name
    assert load_content("expansion.json").name == x.name
    assert load_content(DATA_DIR / "expansion.json").name == x.name
    assert any(b.poison for b in x.every_box())  # Forest of Shadows hook (§12)
    assert {"exile", "poison"} <= _ability_ops(x)
    # the base set plus the hooks: the same cards, only four of them changed
    base = load_content()
    assert x.encounters.keys() == base.encounters.keys()
    changed = {k for k in base.encounters if base.encounters[k] != x.encounters[k]}
    assert changed == {"e11", "e17", "e22", "e24"}
    assert odd_nb.start("one-deck-dungeon", content="expansion").game.content.name == x.name


@pytest.mark.parametrize("name", ["base", "expansion"])
def test_boss_health_does_not_decrease_with_dungeon_difficulty(name):
    """§10: a boss is beaten once its damage reaches its health; a harder dungeon (more
    difficulty dots) must not have a boss with less health than an easier one, on either side."""
    dungeons = load_content(name).dungeons.values()
    for easy in dungeons:
        for hard in dungeons:
            if easy.difficulty < hard.difficulty:
                for side in ("1P", "2P"):
                    assert easy.boss.health[side] <= hard.boss.health[side], (easy.id, hard.id)
    assert all(d.boss.health["2P"] > d.boss.health["1P"] for d in dungeons)


def _broken(edit):
    data = copy.deepcopy(BASE)
    edit(data)
    return data


@pytest.mark.parametrize("edit, message", [
    (lambda d: d["encounters"][6]["boxes"][1].update(target=9),
     "encounter 'e07', boxes[1]: field 'target' must be a whole number from 1 to 6, found 9"),
    (lambda d: d["encounters"][0].update(colour="red"),
     "encounter 'e01': unknown field 'colour'"),
    (lambda d: d["encounters"][0]["boxes"][0].update(colour="red"),
     "field 'colour' is 'red'; allowed: yellow, pink, blue, black, any"),
    (lambda d: d["heroes"][0]["sides"].pop("2P"),
     "hero 'h1', sides: field '2P' is missing"),
    (lambda d: d["encounters"][1].update(id="e01"),
     "encounters[1]: id 'e01' appears twice"),
    (lambda d: d.update(version=2),
     "version 2 is not supported"),
    (lambda d: d["heroes"][0]["sides"]["1P"]["feat"].update(
        cost={"kind": "dice_count", "colour": "yellow", "n": 1}),
     "a heroic feat is used before the dice are rolled"),
    (lambda d: d["dungeons"][0]["boss"]["boxes"].__setitem__(
        slice(None), [{"colour": "yellow", "target": 3}]),
     "a boss needs at least one skull box"),
    (lambda d: d["encounters"][0]["loot"].update(potion="p_basic"),
     "the loot has either a 'skill' or a 'potion'"),
    # cards that load but make no sense (§1 supply limits, §5.3 doors)
    (lambda d: d["heroes"][0]["sides"]["1P"].update(stats={"health": 5}),
     "hero 'h1', side 1P, stats: a hero needs at least one die"),
    (lambda d: d["heroes"][1]["sides"]["2P"]["stats"].update(blue=9),
     "hero 'h2', side 2P, stats: field 'blue' is 9, more dice than the supply holds (8"),
    (lambda d: d.update(encounters=d["encounters"][:1]),
     "encounters: the deck holds 1 encounter(s); it needs at least 4"),
])
def test_malformed_cards_are_refused_naming_file_card_and_field(edit, message):
    with pytest.raises(LoadError) as err:
        load_content_data(_broken(edit), "mine.json")
    assert str(err.value).startswith("mine.json: ")
    assert message in str(err.value)


def test_unreadable_or_non_json_files_are_refused(tmp_path):
    with pytest.raises(LoadError, match="cannot read the card file"):
        load_content(tmp_path / "missing.json")
    bad = tmp_path / "bad.json"
    bad.write_text("{ not json")
    with pytest.raises(LoadError, match="bad.json: not valid JSON"):
        load_content(bad)


def test_a_users_own_card_file_plays_and_its_saves_need_it(tmp_path):
    data = copy.deepcopy(BASE)
    data["name"] = "My table's cards"
    data["heroes"][0]["name"] = "Tessaly"
    path = tmp_path / "mine.json"
    path.write_text(json.dumps(data))
    game = odd_nb.load_game("one-deck-dungeon", content=str(path))
    assert game.content.heroes["h1"].name == "Tessaly"
    t = odd_nb.start("one-deck-dungeon", content=str(path), seed=2)
    t.play("time passes")
    assert "Tessaly" in str(t.state)
    with pytest.raises(LoadError, match="made with the card data \"My table's cards\""):
        Timeline.from_json(t.to_json())
    assert Timeline.from_json(t.to_json(), content=str(path)).state == t.state


def test_mutated_card_files_load_or_say_where():
    """Fuzzing (docs/design.md, "Save files"): a card file with a value replaced, a field dropped
    or a list cut loads as cards, or raises LoadError naming the file (and where in it)."""
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    leaves = []

    def walk(node, path):
        items = node.items() if isinstance(node, dict) else enumerate(node) \
            if isinstance(node, list) else ()
        for k, v in items:
            leaves.append(path + (k,))
            walk(v, path + (k,))
    walk(BASE, ())

    @settings(max_examples=200, deadline=None, derandomize=True,
              suppress_health_check=[HealthCheck.too_slow])
    @given(st.sampled_from(leaves), st.sampled_from(["replace", "drop", "cut"]),
           st.one_of(st.none(), st.booleans(), st.integers(-2, 40), st.text(max_size=5),
                     st.lists(st.integers(0, 3), max_size=2), st.just({})))
    def check(path, how, value):
        data = copy.deepcopy(BASE)
        parent = data
        for k in path[:-1]:
            parent = parent[k]
        key = path[-1]
        if how == "replace":
            parent[key] = value
        elif how == "drop":
            del parent[key]
        elif isinstance(parent[key], list):
            del parent[key][len(parent[key]) // 2:]
        try:
            load_content_data(data, "mine.json")
        except LoadError as e:
            assert str(e).startswith("mine.json: ")

    check()
