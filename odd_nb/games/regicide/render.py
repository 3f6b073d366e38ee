"""How a Regicide state shows itself: plain text, a compact HTML table, a short repr, and the
observation of one seat.

>>> import odd_nb
>>> s = odd_nb.start("regicide", players=2, seed=3).state
>>> print(str(s).splitlines()[0])
Regicide · 2 players · seat 0 to play (step 1)
>>> repr(s)
'<Regicide 2p, enemy J♦ 0/20, seat 0 to play, tavern 26, discard 0>'
"""

from __future__ import annotations

from html import escape

from .actions import CARD_ID, CARD_NAME, SUIT, SUIT_SYMBOLS, ids, names

PHASE_TEXT = {"play": "to play (step 1)", "discard": "to discard (step 4)",
              "next": "to choose the next player (Jester)", "exact kill": "to place the enemy",
              "powers": "resolving suit powers",
              "signal": "to signal whether they want the next turn (A17)"}


def _cards(cards) -> str:
    return " ".join(CARD_NAME[c] for c in cards) or "-"


def _status(s) -> str:
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
    lines = [f"Regicide · {n} player{'s' if n > 1 else ''} · {_status(s)}", _enemy_line(s)]
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


def short(s) -> str:
    enemy = f"enemy {s.enemy_name} {s.damage}/{s.enemy_health}" if s.enemy is not None \
        else "no enemy"
    who = s.outcome or ("chance" if s.is_chance else f"seat {s.active} to {s.phase}")
    return (f"<Regicide {s.rules.players}p, {enemy}, {who}, tavern {len(s.tavern)}, "
            f"discard {len(s.discard)}>")


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

    rows = [row("Status", escape(_status(s)))]
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


def observation(s, player: int) -> dict:
    """What ``player`` may know (§4, §10, A12), as plain data with card ids (§11).

    Public: the enemy and its counters, the castle's composition per segment (never its order),
    the cards in play, the discard pile (A12: its whole content, common knowledge to a player
    with perfect memory), the set-aside Jesters, hand sizes, who yielded, what is pending. Own:
    the hand. Inferred: ``unknown``, the cards ``player`` has not seen, by group, with how many
    of each group are in the tavern and in each other hand (``rules.unknown_groups``). Never:
    another hand's cards, or any order inside the tavern or the castle."""
    from .rules import unknown_groups
    enemy = None
    if s.enemy is not None:
        enemy = {"card": CARD_ID[s.enemy], "health": s.enemy_health, "attack": s.enemy_attack,
                 "damage": s.damage, "shield": s.shield, "hits_for": s.enemy_damage,
                 "immunity_cancelled": s.cancelled}
    return {
        "player": player, "players": s.rules.players, "to_move": s.to_move,
        "active": s.active, "phase": s.phase, "enemy": enemy,
        "castle": [ids(seg) for seg in s.castle.segments],
        "hand": ids(s.hands[player]),
        "hand_sizes": [len(h) for h in s.hands],
        "in_play": [ids(p) for p in s.in_play],
        "discard": ids(s.discard),
        "healing": ids(s.healing),
        "tavern": [{"group": g, "count": len(seg)}
                   for seg, g in zip(s.tavern.segments, s.groups)],
        "unknown": [dict(e, cards=ids(e["cards"])) for e in unknown_groups(s, player)],
        "set_aside": ids(s.set_aside), "jester_powers": s.jester_powers,
        "yielded": list(s.yielded), "to_cover": s.to_cover, "strike": s.strike,
        "diamonds_due": s.diamonds_due, "heal_due": s.heal_due,
        "draws_due": list(s.draws_due), "reveal_due": s.reveal_due,
        "defeated": s.defeated, "jesters_played": s.jesters_played,
        "outcome": s.outcome, "reason": s.reason, "grade": s.grade,
    }
