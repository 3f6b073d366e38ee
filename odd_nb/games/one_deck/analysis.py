"""Analyst questions about One Deck Dungeon odds, answered as pandas DataFrames (pandas is
imported only when a table is built, so the engine still runs without it, e.g. in Pyodide).

- ``peril_odds(state)``: the two options of a peril side by side (E1), time cost included;
- ``compare_pools(boxes, {name: pool})``: the same boxes against several pools;
- ``item_value(state, card)``, ``level_value(state)``, ``hero_odds(state)``: what an item, a
  level or each hero of a 2P party is worth against the encounter at hand;
- ``dungeon_table(dungeon, heroes)``: every encounter of the deck against a party, with the
  revealed floors' boxes;
- ``compare_plot({name: odds})``: their damage distributions side by side (SVG, no matplotlib).

Every figure comes from ``encounter_odds`` (exact unless the table's ``exact`` column says
otherwise), so they carry its rules decisions (A7, A11, A24). The pool is the one the engine
gathers in E3 (§6): one die per stat icon of the heroes and their items, limited by the supply,
plus the level's black bonus dice; a peril rolls only its option's colour (and black).
"""

from __future__ import annotations

from dataclasses import replace

from ...core.frames import pandas_for
from ...core.progress import progress_bar
from .content import STAT_COLOURS
from .dice import COLOURS
from .odds import EncounterOdds, encounter_odds, state_odds
from .plot import BarChart

STATS = STAT_COLOURS


def _frame(rows: list, columns: list):
    return pandas_for("this table of one_deck.analysis",
                      "encounter_odds and state_odds give the same figures one at a time"
                      ).DataFrame(rows, columns=columns)


def _figures(odds: EncounterOdds) -> list:
    return [float(odds.p_clear), float(odds.expected_damage), float(odds.expected_time),
            odds.exact]


def pool_text(pool: dict) -> str:
    """``{"yellow": 3, "black": 1}`` -> ``"Y3 K1"``."""
    letters = {"yellow": "Y", "pink": "P", "blue": "B", "black": "K"}
    return " ".join(f"{letters[c]}{n}" for c, n in pool.items() if n)


def odds_frame(odds: dict):
    """One row per named odds: p_clear, expected damage and time, exact."""
    return _frame([[name] + _figures(o) for name, o in odds.items()],
                  ["name", "p_clear", "expected_damage", "expected_time", "exact"])


# -- E1: peril options --------------------------------------------------------------------------
def peril_odds(state, *, skills: bool = False, **kwargs):
    """E1: both options of the peril at hand: colour, time paid to choose it, its box (with
    the revealed floors' peril boxes), the odds, and the expected time in all (cost + boxes).
    ``skills=True`` plays the best line of skills and potions too (``lines.py``)."""
    if state.phase != "peril" or state.is_chance:
        raise ValueError("peril_odds needs a peril at its option choice (E1, phase 'peril')")
    options = state.encounter_card.options
    odds = state_odds(state, skills=skills, **kwargs)
    rows = []
    for (label, o), opt in zip(odds.items(), options):
        rows.append([label, opt.colour, opt.time_cost, " + ".join(str(b) for b in o.boxes)]
                    + _figures(o)[:3] + [opt.time_cost + float(o.expected_time), o.exact])
    return _frame(rows, ["option", "colour", "time_cost", "boxes", "p_clear",
                         "expected_damage", "expected_time", "total_time", "exact"])


# -- pools --------------------------------------------------------------------------------------
def compare_pools(boxes, pools: dict, *, black_supply: int = 6, **kwargs):
    """The same boxes against several pools (``{name: {colour: dice}}``): the odds of each and
    the change from the first (a positive ``d_damage`` is more damage)."""
    rows, first = [], None
    for name, pool in pools.items():
        o = encounter_odds(pool, boxes, black_supply=black_supply, **kwargs)
        if first is None:
            first = o
        rows.append([name, pool_text(pool)] + _figures(o)[:3] + [
            float(o.p_clear - first.p_clear), float(o.expected_damage - first.expected_damage),
            float(o.expected_time - first.expected_time), o.exact])
    return _frame(rows, ["pool", "dice", "p_clear", "expected_damage", "expected_time",
                         "d_p_clear", "d_damage", "d_time", "exact"])


def state_pool(state, *, extra=None, without=None, level=None) -> tuple[dict, int]:
    """The pool E3 gathers for the encounter at hand (E2, phase "feats") and the black dice left
    in the supply: ``extra`` ({hero: {colour: n}}) adds stat icons (an item), ``without`` (a
    hero index) leaves that hero's dice out, ``level`` takes that level's bonus dice."""
    s = state
    if s.phase != "feats" or s.is_chance:
        raise ValueError("the encounter's pool is known from E2 (phase 'feats'); for a peril "
                         "at its choice use peril_odds")
    supply = dict(zip(COLOURS, s.supply))
    colours = STATS if s.option is None else (s.encounter_card.options[s.option].colour,)
    pool = {}
    for colour in colours:
        if colour == "black":
            continue
        want = 0
        for h in range(len(s.heroes)):
            if h == without:
                continue
            want += s.stat(h, colour) + (extra or {}).get(h, {}).get(colour, 0)
        pool[colour] = min(want, supply[colour])
    side = s.content.levels[(level or s.level) - 1][s.side]
    bonus = min(side.bonus_dice, supply["black"])
    if bonus:
        pool["black"] = bonus
    return pool, supply["black"] - bonus


def _state_odds(state, pool, black_supply, **kwargs) -> EncounterOdds:
    fixed = [d for h, p in enumerate(state.pools) for d in p]
    discard = tuple((e.colour, e.value) for e in state.active_abilities("on_roll")
                    if e.op == "discard")
    return encounter_odds(pool, state.boxes, black_supply=black_supply, fixed=fixed,
                          placed=state.placed, conversions=not state.forbidden("conversion"),
                          discard=discard, **kwargs)


def _compare_state(state, variants: dict, **kwargs):
    rows, first = [], None
    for name, (pool, supply) in variants.items():
        o = _state_odds(state, pool, supply, **kwargs)
        first = first or o
        rows.append([name, pool_text(pool)] + _figures(o)[:3] + [
            float(o.p_clear - first.p_clear), float(o.expected_damage - first.expected_damage),
            float(o.expected_time - first.expected_time), o.exact])
    return _frame(rows, ["case", "dice", "p_clear", "expected_damage", "expected_time",
                         "d_p_clear", "d_damage", "d_time", "exact"])


def item_value(state, card: str, hero: int = 0, **kwargs):
    """What the item of encounter ``card`` (its stat icons, §6 loot) would add to hero ``hero``
    against the encounter at hand (E2): a row now, a row with the item."""
    item = dict(state.content.encounters[card].loot.item)
    name = state.content.encounters[card].name
    return _compare_state(state, {
        "now": state_pool(state),
        f"with the item of {name} ({pool_text({c: item.get(c, 0) for c in STATS})})":
            state_pool(state, extra={hero: item}),
    }, **kwargs)


def level_value(state, level: int | None = None, **kwargs):
    """What a level would add against the encounter at hand (E2): its black bonus dice (§8);
    by default the next level."""
    level = level or min(state.level + 1, len(state.content.levels))
    return _compare_state(state, {f"level {state.level}": state_pool(state),
                                  f"level {level}": state_pool(state, level=level)}, **kwargs)


def hero_odds(state, **kwargs):
    """Each hero's worth in a 2P party against the encounter at hand (E2): the party, then the
    party without each hero's dice (bonus dice kept)."""
    variants = {"party": state_pool(state)}
    for h in range(len(state.heroes)):
        variants[f"without {state.hero_card(h).name}"] = state_pool(state, without=h)
    return _compare_state(state, variants, **kwargs)


# -- a whole dungeon ------------------------------------------------------------------------------
def encounter_boxes(content, card: str, dungeon: str, floor: int = 1) -> dict:
    """The active boxes of an encounter (§6, §9): a combat's own boxes plus every revealed
    floor's combat boxes; for a peril, per option its box plus the floors' peril boxes (colour
    "option" takes the option's colour, A10). ``{label: (colour or None, time cost, boxes)}``."""
    e = content.encounters[card]
    floors = content.dungeons[dungeon].floors[:floor]
    if e.kind == "combat":
        return {"": (None, 0, e.boxes + tuple(b for f in floors for b in f.combat_boxes))}
    out = {}
    for i, opt in enumerate(e.options):
        extra = tuple(replace(b, colour=opt.colour) if b.colour == "option" else b
                      for f in floors for b in f.peril_boxes)
        out[f"{'AB'[i]}: {opt.label}"] = (opt.colour, opt.time_cost, (opt.box,) + extra)
    return out


def dungeon_table(dungeon: str = "d1", heroes=("h1",), *, level: int = 1, floor: int = 1,
                  items=None, content=None, progress: bool = True, **kwargs):
    """Every encounter of the deck against a party at a level, with floors 1..``floor`` of
    ``dungeon`` revealed: one row per combat, one per peril option. ``items``: ``{hero index:
    [encounter ids]}`` held as items. Foes that discard dice as rolled or forbid the 2-for-1 are
    counted; start-of-encounter damage and time are not (they do not depend on the dice).

    A big party on deep floors takes minutes (a 2P level 3 table with 3 floors: about 5 on this
    project's machine), so a progress bar counts the encounters (``progress=False``: none);
    ``max_seconds=`` bounds each row's time, rows out of time being estimates (``exact``)."""
    if content is None:
        import odd_nb
        content = odd_nb.load_game("one-deck-dungeon").content
    side = "1P" if len(heroes) == 1 else "2P"
    stats = {c: 0 for c in STATS}
    for h, hero in enumerate(heroes):
        for colour, n in content.heroes[hero].sides[side].stats:
            stats[colour] += n
        for card in (items or {}).get(h, ()):
            for colour, n in content.encounters[card].loot.item:
                if colour in stats:
                    stats[colour] += n
    bonus = content.levels[level - 1][side].bonus_dice
    floors = content.dungeons[dungeon].floors[:floor]
    rows = []
    encounters = sorted(content.encounters.items())
    bar = progress_bar(progress, total=len(encounters), desc=f"{dungeon} floors 1-{floor}",
                       unit=" encounters")
    for card, e in encounters:
        bar.update()
        abilities = [a for f in floors for a in f.abilities]
        if e.kind == "combat":
            abilities += list(e.abilities)
        effects = [x for a in abilities for x in a.effects]
        discard = tuple((x.colour, x.value) for a in abilities if a.timing == "on_roll"
                        for x in a.effects if x.op == "discard")
        conversions = not any(x.op == "forbid" and x.what == "conversion" for x in effects)
        for label, (colour, cost, boxes) in encounter_boxes(content, card, dungeon,
                                                            floor).items():
            pool = {c: min(n, 8) for c, n in stats.items()} if colour is None else \
                {colour: min(stats.get(colour, 0), 8)} if colour != "black" else {}
            if bonus:
                pool["black"] = min(bonus, 6)
            o = encounter_odds(pool, boxes, black_supply=6 - min(bonus, 6),
                               conversions=conversions, discard=discard, **kwargs)
            rows.append([card, e.name, e.kind, label, cost, " · ".join(str(b) for b in boxes),
                         pool_text(pool)] + _figures(o)[:3] + [cost + float(o.expected_time),
                                                               o.exact])
    bar.close()
    return _frame(rows, ["card", "name", "kind", "option", "time_cost", "boxes", "dice",
                         "p_clear", "expected_damage", "expected_time", "total_time", "exact"])


# -- pictures -------------------------------------------------------------------------------------
def compare_plot(odds: dict, what: str = "damage", **kwargs) -> BarChart:
    """The damage (or time) distributions of several odds side by side, one colour each."""
    series = {}
    for name, o in odds.items():
        dist = o.damage if what == "damage" else o.time
        series[str(name)] = {k: float(p) for k, p in sorted(dist.items())}
    labels = sorted({k for v in series.values() for k in v})
    series = {n: {k: v.get(k, 0.0) for k in labels} for n, v in series.items()}
    return BarChart(series, title=kwargs.pop("title", f"{what} distribution"),
                    xlabel=kwargs.pop("xlabel", what), **kwargs)


__all__ = ["compare_plot", "compare_pools", "dungeon_table", "encounter_boxes", "hero_odds",
           "item_value", "level_value", "odds_frame", "peril_odds", "pool_text", "state_pool"]
