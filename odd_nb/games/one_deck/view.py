"""One Deck Dungeon on the play widget: the board as pieces, and which pieces choose which action.

Clicking: a pool die then a box places it (E4); two dice convert them (2-for-1, and in 2P the
hero who gets the black die); a skill, feat or potion shows every way to use it; a door enters it;
a peril option chooses it. Everything else (explore, roll, loot...) is a button.

>>> import odd_nb
>>> t = odd_nb.start("one-deck-dungeon", seed=7)
>>> board = t.game.view().board(t.state, None)
>>> [z["title"] for z in board["zones"]]
['Heroes', 'The delve', 'Encounter']
"""

from __future__ import annotations

from functools import lru_cache
from html import escape
from threading import Lock

from ...core.view import View, piece
from .actions import (OPEN_DOOR, ChooseOption, Convert, Discard, EnterOpenDoor, Place, TakeDamage,
                      Use)
from .dice import COLOURS, covered


# The odds panel answers on every click: past this many seconds per encounter the exact odds
# give way to an estimate from the rolls solved in the time (and the panel says so). While the
# person thinks, the widget then asks for better figures in the background (``refine_odds``):
# this many seconds per encounter, and up to this many rolls if still an estimate. Its exact work
# may go well past ``EXACT_LIMIT``: the biggest encounters of real games (12-16 dice, 6-8 boxes)
# take the split millions of units, and memory grows with them (the split counts the bits it
# keeps in its work): ``REFINE_WORK`` keeps memory within what a Binder session can spare
# (benchmarks/README.md, odds_in_play.py).
ODDS_SECONDS = 0.18
REFINE_SECONDS = 30.0
REFINE_WORK = 10_000_000
REFINE_SAMPLES = 100_000
_refined: dict = {}  # state -> odds panel refined in the background (the latest 64)
_refined_lock = Lock()


def _how(odds) -> str:
    """How the panel's figures were made: exact, or an estimate with its 95% interval."""
    if odds.exact:
        return "exact"
    low, high = odds.intervals["p_clear"]
    rolls = f"{odds.samples:,} roll" + ("s" if odds.samples != 1 else "")
    return f"estimate from {rolls} (clear {low:.0%}-{high:.0%})"


def _before_roll(s) -> bool:
    """Whether the panel shows the odds of the encounter at hand before its roll (E1-E3)."""
    return s.phase in ("peril", "feats") and not s.is_chance


@lru_cache(maxsize=64)
def _quick_odds(s) -> tuple:
    """The odds before the roll within the click's budget, as (name, odds) rows (kept for the
    positions met lately: undo, redo and a board redrawn show the same figures at once)."""
    from .odds import state_odds
    return tuple(state_odds(s, samples=2_000, seed=0, max_seconds=ODDS_SECONDS).items())


def _table(rows) -> str | None:
    """The panel before the roll: chance to clear, expected damage and time per option."""
    if not rows:
        return None
    body = "".join(
        f"<tr><td>{escape(name)}</td><td>{float(o.p_clear):.1%}</td>"
        f"<td>{float(o.expected_damage):.2f}</td><td>{float(o.expected_time):.2f}</td>"
        f"<td>{_how(o)}</td></tr>" for name, o in rows)
    note = "" if all(o.exact for _, o in rows) else (
        "<p>Exact odds take longer than a click here: in a cell, "
        "<code>state_odds(widget.timeline.state)</code> "
        "(from <code>odd_nb.games.one_deck.odds</code>).</p>")
    return ("<table><tr><th>before the roll</th><th>clear</th><th>damage</th>"
            f"<th>time</th><th></th></tr>{body}</table>{note}")


@lru_cache(maxsize=64)
def _after_roll(s) -> str | None:
    """After the roll (E4): what the best placement of the dice rolled still leaves."""
    if s.phase == "dice" and not s.is_chance and any(s.pools):
        from .odds import best_placement
        r = best_placement(s)
        return (f"<p>With the best placement of these dice: {r.damage} damage, "
                f"{r.time} time. Ask for a hint to see it.</p>")
    return None


def _odds_panel(s) -> str | None:
    """The odds panel of a state (before the roll: the refined one once the background work has
    made it)."""
    if _before_roll(s):
        return _refined.get(s) or _table(_quick_odds(s))
    return _after_roll(s)


def die_key(hero: int, die) -> str:
    return f"die:{hero}:{die[0]}:{die[1]}"


def _box_piece(i: int, box, dice) -> dict:
    costs = [f"{box.damage} damage"] if box.damage else []
    costs += [f"{box.time} time"] if box.time else []
    costs += [f"{box.poison} poison"] if box.poison else []
    return piece("box", f"box:{i}", colour=box.colour, target=box.target, wide=box.wide,
                 armor=box.armor, skull=box.skull, covered=covered(box, dice),
                 text=" + ".join(costs) or "no cost", label=f"box {i + 1}",
                 dice=[piece("die", colour=c, value=v) for c, v in dice])


class OneDeckView(View):
    """The board of One Deck Dungeon: hero cards with their pools, the delve, the encounter."""

    def board(self, s, seat):
        return {"title": f"One Deck Dungeon · {s.dungeon_card.name}",
                "status": self.status(s),
                "zones": [{"title": "Heroes", "items": [self._hero(s, h)
                                                         for h in range(len(s.heroes))]},
                          {"title": "The delve", "items": self._delve(s)},
                          {"title": "Encounter", "items": self._encounter(s)}]}

    def status(self, s) -> str:
        if s.outcome:
            return f"The party has {s.outcome}."
        where = "boss fight" if s.in_boss_fight else f"floor {s.floor}"
        return f"{where} · turn {s.turn} · {s.phase}"

    def _hero(self, s, h: int) -> dict:
        hero = s.heroes[h]
        card = s.hero_card(h)
        lines = [f"damage {hero.damage} of {s.health(h)}",
                 "dice " + " ".join(f"{c} {s.stat(h, c)}" for c in COLOURS[:3])]
        if hero.stored:
            lines.append(f"{hero.stored} black stored")
        skills = [piece("panel", f"skill:{h}:{sk.id}", title=sk.name, lines=[], items=[],
                        tone="skill") for sk in s.skills_of(h)]
        feat = s.hero_side(h).feat
        skills.insert(0, piece("panel", f"feat:{h}:{feat.id}", title=f"feat: {feat.name}",
                               lines=[], items=[], tone="skill"))
        pool = [piece("die", die_key(h, d), colour=d[0], value=d[1]) for d in s.pools[h]]
        return piece("panel", f"hero:{h}", title=card.name, lines=lines, tone="hero",
                     items=pool + skills)

    def _delve(self, s) -> list:
        items = [piece("stat", label="level", value=s.level), piece("stat", label="XP", value=s.xp),
                 piece("stat", "potion", label="potions", value=s.potions),
                 piece("stat", label="deck", value=s.deck_size),
                 piece("stat", label="time due", value=s.time_due)]
        if s.poison:
            items.append(piece("stat", label="poison", value=s.poison))
        if s.stairs_tokens:
            items.append(piece("stat", label="stairs tokens", value=s.stairs_tokens))
        items.append(piece("stat", "door:closed", label="closed doors", value=s.closed_doors))
        for card in s.open_doors:
            enc = s.content.encounters[card]
            items.append(piece("panel", f"door:{card}", title=enc.name, tone="door",
                               lines=[f"open door · {enc.kind}"], items=[]))
        return items

    def _encounter(self, s) -> list:
        if s.in_boss_fight:
            boss = s.dungeon_card.boss
            head = piece("panel", title=boss.name, tone="foe",
                         lines=[f"boss · damage {s.boss_damage} of {boss.health[s.side]}"],
                         items=[])
        elif s.card:
            card = s.encounter_card
            options = [piece("panel", f"option:{i}", title=f"{'AB'[i]}: {o.label}",
                             lines=[f"{o.colour} {o.box.target}, {o.time_cost} time"],
                             items=[], tone="option")
                       for i, o in enumerate(card.options)] if s.option is None else []
            lines = [f"{card.kind} · {card.xp} XP"]
            if s.phase == "door" and card.kind == "combat":  # face up: what facing it means
                lines += [f"box: {b}" for b in card.boxes]
            if s.option is not None:
                lines.append(f"option {'AB'[s.option]}: {card.options[s.option].label}")
            head = piece("panel", title=card.name, tone="foe", lines=lines, items=options)
        else:
            return [piece("text", text="No encounter: explore, or open a door.")]
        return [head] + [_box_piece(i, b, d) for i, (b, d) in enumerate(zip(s.boxes, s.placed))]

    def parts(self, s, a) -> list[str]:
        if isinstance(a, Place):
            return [die_key(a.hero, a.die), f"box:{a.box}"]
        if isinstance(a, Convert):
            keys = [die_key(*a.first), die_key(*a.second)]
            return keys + ([f"hero:{a.to}"] if len(s.heroes) > 1 else [])
        if isinstance(a, Discard):
            return [die_key(a.hero, a.die)]
        if isinstance(a, Use):
            head = "potion" if a.kind == "potion" else f"{a.kind}:{a.hero}:{a.ident}"
            keys = [head] + [die_key(a.hero, d) for d in a.pay]
            keys += [die_key(a.hero, d) for group in a.dice for d in group]
            return keys + ([f"hero:{a.patient}"] if a.patient is not None else [])
        if isinstance(a, EnterOpenDoor):
            return [f"door:{a.card}"]
        if a == OPEN_DOOR:
            return ["door:closed"]
        if isinstance(a, ChooseOption):
            return [f"option:{a.option}"]
        if isinstance(a, TakeDamage):
            return [f"hero:{a.hero}"]
        return []

    def auto(self, a) -> bool:
        # a lone die is never discarded, nor a skill used, by a click that may be half a choice
        return not isinstance(a, (Discard, Use, TakeDamage))

    def odds(self, s, seat) -> str | None:
        """Before the roll: the encounter's odds per peril option (E1-E3); after it: the damage
        and time the best placement still leaves (E4)."""
        return _odds_panel(s)

    def refine_odds(self, s, seat, cancel) -> str | None:
        """Before the roll, when the click's budget gave estimates: the panel again with
        ``REFINE_SECONDS`` and ``REFINE_WORK`` per encounter (exact when the walk or the split
        finishes, else an estimate from many more rolls). Raises ``Cancelled`` once ``cancel``
        is set."""
        if not _before_roll(s) or s in _refined or all(o.exact for _, o in _quick_odds(s)):
            return None
        from .odds import state_odds
        rows = state_odds(s, samples=REFINE_SAMPLES, seed=0, max_seconds=REFINE_SECONDS,
                          exact_limit=REFINE_WORK, cancel=cancel).items()
        panel = _table(rows)
        with _refined_lock:  # several widgets may refine at once
            while len(_refined) >= 64:
                _refined.pop(next(iter(_refined)))
            _refined[s] = panel
        return panel

    def hint(self, s):
        """What the GreedyAgent would do; with dice rolled, its first step towards the solver's
        best placement (E4)."""
        if s.is_chance or s.is_terminal:
            return None
        import random

        from .agents import GreedyAgent
        return GreedyAgent().choose(s, random.Random(0))

    def explain(self, s, keys: list[str]) -> str:
        dice = [k for k in keys if k.startswith("die:")]
        boxes = [k for k in keys if k.startswith("box:")]
        if len(dice) == 1 and len(boxes) == 1:
            _, h, colour, value = dice[0].split(":")
            box = int(boxes[0][4:])
            action = Place(int(h), (colour, int(value)), box)
            return s.explain_illegal(action)
        return super().explain(s, keys)
