"""Dungeon Twister as text and HTML: the board in ASCII with its walls and portcullises, the
tokens, and each side's material.

Squares are three characters: ground `` . `` floor, `` o `` pit, `` g `` gear, ``###`` a hidden
room, `` - `` a starting line; a token replaces the ground: yellow in capitals, blue in small
letters (``WZ`` the yellow Wizard, ``wz`` the blue one), a wounded character followed by ``*``,
an object (lying or carried) as its letter in the third place. Between squares ``|`` is a wall,
``#`` a closed portcullis, ``/`` an opened or broken one; under a row, ``---``, ``###`` and
``///`` mark the same on the south side.
"""

from __future__ import annotations

from html import escape

from .actions import COLOURS, SEAT_NAMES, is_character, side_of
from .board import COLS, ROWS, square_name
from .position import carried_by, lay, name, occupants, short

GROUND = {"floor": " . ", "pit": " o ", "gear": " g ", "hidden": "###", "line": " - "}


def _code(content, t: int) -> str:
    s = short(content, t)
    return s.upper() if side_of(t) == 0 else s.lower()


def cell(x, sq, occ) -> str:
    content = x.rules.content
    tokens = list(occ.get(sq, ()))
    for t in list(tokens):
        held = carried_by(x, t)
        if held is not None:
            tokens.append(held)
    chars = [t for t in tokens if is_character(t)]
    objects = [t for t in tokens if not is_character(t)]
    if not chars and not objects:
        return GROUND[lay(x).kind[sq]]
    first = chars[0] if chars else None
    text = (_code(content, first) if first is not None else " ")
    if first is not None and first in x.wounded:
        text = text[:2] + "*"
    if objects:
        text = text[:2].ljust(2) + _code(content, objects[0])
    return text.ljust(3)[:3]


def _edge(x, sq, side) -> str:
    what = lay(x).block(sq, side)
    if what == "wall":
        return "|" if side in "EW" else "---"
    if what == "portcullis":
        return "#" if side in "EW" else "###"
    feature = lay(x).feature[sq].get(side)
    if feature is not None and feature != "wall":
        return "/" if side in "EW" else "///"
    return " " if side in "EW" else "   "


def board_text(x) -> str:
    occ = occupants(x)
    lines = ["     " + "".join(f" {c} " + " " for c in "abcdefghij")]
    for row in range(ROWS - 1, -1, -1):
        line = f"{row:>3} |"
        for col in range(COLS):
            sq = (row, col)
            line += cell(x, sq, occ) + (_edge(x, sq, "E") if col < COLS - 1 else "|")
        lines.append(line)
        if row > 0:
            under = "    +"
            for col in range(COLS):
                under += _edge(x, (row, col), "S") + "+"
            lines.append(under)
    return "\n".join(lines)


def material(x, seat: int) -> str:
    content = x.rules.content
    out = [name(content, t) for t, w in enumerate(x.loc) if side_of(t) == seat
           and is_character(t) and w == ("out",)]
    dead = [name(content, t) for t, w in enumerate(x.loc) if side_of(t) == seat
            and w == ("dead",)]
    return (f"{SEAT_NAMES[seat]} ({COLOURS[seat]}): {x.points[seat]} points; action cards "
            f"{list(x.action_hand[seat])} (top {x.top_card[seat]}); combat cards "
            f"{' '.join('+%d' % v for v in x.combat_hand[seat])}; {x.jumps[seat]} jump cards; out: "
            f"{', '.join(out) or '-'}; killed: {', '.join(dead) or '-'}")


def status(x) -> str:
    if x.phase == "over":
        return f"game over: {x.reason}"
    who = SEAT_NAMES[x.decider]
    words = {"first placer": "who places first is drawn", "first player":
             "who plays first is drawn", "reveal": f"room {x.reveal_slot + 1} is revealed",
             "choose": f"{who} chooses starting characters",
             "place": f"{who} places a token in a room",
             "action card": f"round {x.round}: {who} plays an action card",
             "actions": f"round {x.round}: {who} has {x.ap} AP",
             "placing": f"{who} places the tokens of room {x.reveal_slot + 1}",
             "combat": f"{who} plays a combat card"}
    text = words.get(x.phase, x.phase)
    if x.phase == "actions" and x.move is not None:
        text += f"; the {name(x.rules.content, x.move[0])} is moving ({x.move[2]} steps left)"
    return text


def text(x) -> str:
    """The whole position as text (``str(state)``)."""
    hidden = []
    for slot, placed in enumerate(x.slots):
        if placed is None:
            n = sum(1 for w in x.loc if w == ("room", slot))
            hidden.append(f"room {slot + 1}: hidden, {n} tokens face down")
        else:
            room = x.rules.content.rooms[placed[0]]
            hidden.append(f"room {slot + 1}: {room.name} ({room.direction}, pair {room.pair}),"
                          f" turned {90 * placed[1]}°")
    starts = [f"{square_name(w[1:])}: {SEAT_NAMES[side_of(t)]} face down"
              for t, w in enumerate(x.loc) if w[0] == "start"]
    parts = [status(x), board_text(x), *hidden, material(x, 0), material(x, 1)]
    if starts:
        parts.append("starting squares: " + "; ".join(starts))
    if x.last_combat is not None:
        a, t, c0, c1, ta, td, w, _ = x.last_combat
        content = x.rules.content
        parts.append(f"last combat: {name(content, a)} against {name(content, t)}, cards "
                     f"+{c0} and +{c1}, totals {ta} to {td}, " +
                     ("a tie" if w == -1 else f"{SEAT_NAMES[w]} won"))
    return "\n".join(parts)


COLOURS_HTML = {"floor": "#eee8d5", "pit": "#333", "gear": "#d8c89a", "hidden": "#9a9a9a",
                "line": "#cfe3cf"}


def html(x) -> str:
    """The board as an HTML table (north on top, walls as thick borders, closed portcullises
    dashed), the tokens in each square, then the status, the rooms and each side's material."""
    occ = occupants(x)
    lay_ = lay(x)
    rows = []
    for row in range(ROWS - 1, -1, -1):
        cells = []
        for col in range(COLS):
            sq = (row, col)
            style = [f"background:{COLOURS_HTML[lay_.kind[sq]]}", "width:2.2em", "height:1.6em",
                     "text-align:center", "font:12px monospace", "padding:0"]
            for side, css in (("N", "top"), ("E", "right"), ("S", "bottom"), ("W", "left")):
                what = lay_.block(sq, side)
                if what in ("wall", "boundary"):
                    style.append(f"border-{css}:3px solid #222")
                elif what == "portcullis":
                    style.append(f"border-{css}:3px dashed #a33")
                else:
                    style.append(f"border-{css}:1px solid #ccc")
            content = cell(x, sq, occ).strip()
            content = "" if content in ("-", ".", "o", "g", "###") else content
            colour = "#b58900" if content[:1].isupper() else "#268bd2"
            css = ";".join(style)
            cells.append(f'<td style="{css}"><b style="color:{colour}">'
                         f"{escape(content)}</b></td>")
        rows.append(f"<tr><th style='font:10px monospace'>{row}</th>{''.join(cells)}</tr>")
    head = "".join(f"<th style='font:10px monospace'>{c}</th>" for c in "abcdefghij")
    facts = text(x).split("\n")
    lines = [facts[0]] + [line for line in facts if line.startswith(("room ", "Yellow (",
                                                                      "Blue (", "last combat",
                                                                      "starting squares"))]
    return (f"<div><p>{escape(lines[0])}</p><table style='border-collapse:collapse'>"
            f"<tr><th></th>{head}</tr>{''.join(rows)}</table><ul>"
            + "".join(f"<li>{escape(line)}</li>" for line in lines[1:]) + "</ul></div>")


__all__ = ["board_text", "cell", "html", "material", "status", "text"]
