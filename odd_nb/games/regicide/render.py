"""How a Regicide state shows itself: plain text (``str(state)``) and a compact HTML table
(``state._repr_html_()``), through the game's ``text`` and ``html`` (``game.py``). The short
``repr`` is the state's own (``state.short``).

>>> import odd_nb
>>> s = odd_nb.start("regicide", players=2, seed=3).state
>>> print(str(s).splitlines()[0])
Regicide · 2 players · seat 0 to play (step 1)
>>> html(s).startswith('<table class="odd-nb-regicide"')
True
"""

from __future__ import annotations

from html import escape

from .actions import CARD_NAME, SUIT, SUIT_SYMBOLS, names

PHASE_TEXT = {"play": "to play (step 1)", "discard": "to discard (step 4)",
              "next": "to choose the next player (Jester)", "exact kill": "to place the enemy",
              "powers": "resolving suit powers",
              "signal": "to signal whether they want the next turn (A17)"}


def _cards(cards) -> str:
    return " ".join(CARD_NAME[c] for c in cards) or "-"


def status(s) -> str:
    if s.outcome == "won":
        return "won" + (f" ({s.grade})" if s.grade else "")
    if s.outcome == "lost":
        return f"lost: {s.reason}"
    if s.is_chance:
        return f"chance: {s.chance_label()}"
    return f"seat {s.active} {PHASE_TEXT.get(s.phase, s.phase)}"


def _enemy_line(s) -> str:
    if s.enemy is None:
        return "Enemy: none (the next one is about to be revealed)"
    immune = "none (Jester)" if s.cancelled else SUIT_SYMBOLS[SUIT[s.enemy]]
    return (f"Enemy {s.enemy_name}: damage {s.damage}/{s.enemy_health} · attack "
            f"{s.enemy_attack} · shield {s.shield} · hits for {s.enemy_damage} · immune {immune}")


def text(s) -> str:
    """The table as text, one fact a line; only the hand of the seat to move is shown."""
    n = s.rules.players
    lines = [f"Regicide · {n} player{'s' if n > 1 else ''} · {status(s)}", _enemy_line(s)]
    lines.append(f"Castle {len(s.castle)} · tavern {len(s.tavern)} · discard {len(s.discard)}"
                 f" · defeated {s.defeated}/12"
                 + (f" · Jester powers {s.jester_powers}" if n == 1 else ""))
    lines.append("In play: " + (" | ".join(names(p) for p in s.in_play) or "-"))
    if s.phase == "discard" and not s.outcome:
        lines.append(f"Seat {s.active} must discard {s.to_cover} or more")
    lines.append(f"Hand of seat {s.active}: {_cards(s.hands[s.active])} "
                 f"(value {s.hand_value()})")
    others = [f"seat {q}: {len(h)} cards" + (" (yielded)" if s.yielded[q] else "")
              for q, h in enumerate(s.hands) if q != s.active]
    if others:
        lines.append("Other hands: " + ", ".join(others))
    return "\n".join(lines)


_RED = {0, 1}


def _card_html(c) -> str:
    colour = "#b00" if SUIT[c] in _RED else "#111"
    return (f'<span style="display:inline-block;border:1px solid #999;border-radius:3px;'
            f'padding:0 3px;margin:1px;color:{colour};background:#fff">'
            f'{escape(CARD_NAME[c])}</span>')


def html(s) -> str:
    """A compact table for Jupyter: the enemy with health, attack, shield and damage, the hand of
    the seat to move, the cards in play, deck and discard counts, other hands as counts."""
    def row(head, body):
        return (f'<tr><th style="text-align:left;padding-right:8px">{escape(head)}</th>'
                f'<td style="text-align:left">{body}</td></tr>')

    rows = [row("Status", escape(status(s)))]
    if s.enemy is not None:
        immune = "none (Jester)" if s.cancelled else SUIT_SYMBOLS[SUIT[s.enemy]]
        rows.append(row("Enemy", f"{_card_html(s.enemy)} damage {s.damage}/{s.enemy_health}"
                    f" · attack {s.enemy_attack} · shield {s.shield} · hits for "
                    f"{s.enemy_damage} · immune {escape(immune)}"))
    rows.append(row(f"Hand (seat {s.active})",
                    "".join(_card_html(c) for c in s.hands[s.active])
                    + f" value {s.hand_value()}"))
    rows.append(row("In play", " | ".join("".join(_card_html(c) for c in p)
                                          for p in s.in_play) or "-"))
    rows.append(row("Decks", escape(f"castle {len(s.castle)} · tavern {len(s.tavern)} · "
                                    f"discard {len(s.discard)} · defeated {s.defeated}/12")
                    + (f" · Jester powers {s.jester_powers}" if s.rules.players == 1 else "")))
    others = [f"seat {q}: {len(h)}" for q, h in enumerate(s.hands) if q != s.active]
    if others:
        rows.append(row("Other hands", escape(", ".join(others))))
    return ('<table class="odd-nb-regicide" style="font-family:sans-serif">'
            + "".join(rows) + "</table>")
