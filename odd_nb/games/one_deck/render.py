"""How a One Deck Dungeon state shows itself: plain text and compact HTML.

>>> import odd_nb
>>> print(str(odd_nb.start("one-deck-dungeon", seed=1).state).splitlines()[0])
One Deck Dungeon · Sunken Cellars, floor 1 · turn 1 · turn start
"""

from __future__ import annotations

from html import escape

from .dice import COLOURS, covered

SYMBOL = {"yellow": "Y", "pink": "P", "blue": "B", "black": "K"}


def dice_text(dice) -> str:
    return " ".join(f"{SYMBOL[c]}{v}" for c, v in dice) or "-"


def _where(s) -> str:
    place = "boss fight" if s.in_boss_fight else f"floor {s.floor}"
    return f"{s.dungeon_card.name}, {place} · turn {s.turn} · {s.phase}"


def _hero_lines(s) -> list[str]:
    lines = []
    for h, hero in enumerate(s.heroes):
        card = s.hero_card(h)
        stats = " ".join(f"{SYMBOL[c]}{s.stat(h, c)}" for c in COLOURS[:3])
        extra = []
        if hero.items:
            extra.append(f"items {len(hero.items)}")
        if hero.skills:
            extra.append(f"skills {len(hero.skills)}")
        if hero.stored:
            extra.append(f"stored {hero.stored}K")
        lines.append(f"{card.name}: damage {hero.damage}/{s.health(h)} · dice {stats}"
                     + (f" · {', '.join(extra)}" if extra else "")
                     + (f" · pool {dice_text(s.pools[h])}" if s.pools[h] else ""))
    return lines


def _box_lines(s) -> list[str]:
    lines = []
    for i, (box, dice) in enumerate(zip(s.boxes, s.placed)):
        mark = "✓" if covered(box, dice) else " "
        lines.append(f"  [{mark}] box {i + 1}: {box}" + (f" ← {dice_text(dice)}" if dice else ""))
    return lines


def door_lines(card) -> list[str]:
    """An opened door's card as the party sees it before facing or fleeing: its boxes, or its
    peril options (the floor's boxes join when it is faced)."""
    if card.kind == "peril":
        return [f"  option {'AB'[i]}: {o.label}: {o.colour}, {o.time_cost} time, box {o.box}"
                for i, o in enumerate(card.options)]
    return [f"  box: {b}" for b in card.boxes]


def text(s) -> str:
    """The board as text, one fact a line."""
    lines = [f"One Deck Dungeon · {_where(s)}"]
    lines += _hero_lines(s)
    lines.append(f"Level {s.level} · XP {s.xp} · potions {s.potions} · deck {s.deck_size}"
                 + (" (stairs showing)" if s.stairs_showing else "")
                 + f" · doors {s.closed_doors} closed, {len(s.open_doors)} open"
                 + (f" · stairs tokens {s.stairs_tokens}" if s.stairs_tokens else "")
                 + (f" · poison {s.poison}" if s.poison else ""))
    if s.in_boss_fight:
        boss = s.dungeon_card.boss
        lines.append(f"Boss {boss.name}: {s.boss_damage}/{boss.health[s.side]} damage")
    elif s.card:
        card = s.encounter_card
        lines.append(f"Encounter: {card.name} ({card.kind}, {card.xp} XP)")
        if s.phase == "door":  # the card is face up: what facing it means (§5.4)
            lines += door_lines(card)
        if s.phase == "peril":
            lines += [f"  option {'AB'[i]}: {o.label}: {o.colour}, {o.time_cost} time, box {o.box}"
                      for i, o in enumerate(card.options)]
    lines += _box_lines(s)
    if s.outcome:
        lines.append(f"The party has {s.outcome}.")
    return "\n".join(lines)


_CSS = {"yellow": "#e8c200", "pink": "#e0609a", "blue": "#3b7dd8", "black": "#333"}


def _die_html(die) -> str:
    c, v = die
    return (f'<span style="display:inline-block;min-width:1.3em;text-align:center;'
            f'border-radius:3px;color:#fff;background:{_CSS[c]};margin:1px">{v}</span>')


def html(s) -> str:
    """A compact board for Jupyter: heroes, level, doors, encounter with its boxes and pools."""
    rows = [f"<b>One Deck Dungeon</b> · {escape(_where(s))}"]
    for h, hero in enumerate(s.heroes):
        pool = "".join(_die_html(d) for d in s.pools[h])
        rows.append(f"<b>{escape(s.hero_card(h).name)}</b> ♥ {hero.damage}/{s.health(h)} · "
                    + " ".join(f"{_die_html((c, s.stat(h, c)))}" for c in COLOURS[:3])
                    + (f" · pool {pool}" if pool else ""))
    rows.append(escape(f"Level {s.level} · XP {s.xp} · potions {s.potions} · deck {s.deck_size}"
                       f" · doors {s.closed_doors} closed, {len(s.open_doors)} open"))
    if s.in_boss_fight:
        boss = s.dungeon_card.boss
        rows.append(escape(f"Boss {boss.name}: {s.boss_damage}/{boss.health[s.side]}"))
    elif s.card:
        card = s.encounter_card
        rows.append(f"Encounter: <b>{escape(card.name)}</b> ({card.kind})")
    for i, (box, dice) in enumerate(zip(s.boxes, s.placed)):
        done = "✓" if covered(box, dice) else "·"
        rows.append(f"{done} box {i + 1}: {escape(str(box))} "
                    + "".join(_die_html(d) for d in dice))
    if s.outcome:
        rows.append(f"<b>The party has {s.outcome}.</b>")
    return ('<div class="odd-nb-board" style="font-family:sans-serif;line-height:1.6">'
            + "<br>".join(rows) + "</div>")
