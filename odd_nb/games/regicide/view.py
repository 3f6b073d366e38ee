"""Regicide on the play widget: the enemy, the table, one hand, and other hands as counts (§4).

Clicking: cards of the hand are selected, then played (or discarded at step 4) with the button
that names them; after a Jester the next player is chosen by clicking their seat.

The board shows one seat's hand only, the seat the widget plays (or, with nobody fixed, the
seat to move): other hands are never sent to the browser.

>>> import odd_nb
>>> t = odd_nb.start("regicide", players=2, seed=3)
>>> board = t.game.view().board(t.state, 0)
>>> [z["title"] for z in board["zones"]]
['Enemy', 'Table', 'Hand of seat 0', 'Seats']
"""

from __future__ import annotations

import random
from html import escape

from ...core.view import View, piece
from .actions import (CARD_NAME, RANK_TEXT, SUIT, SUIT_NAMES, SUIT_SYMBOLS, Discard, NextPlayer,
                      Play)
from .agents import HeuristicAgent
from .odds import play_rows
from .render import status


def card_piece(c: int, key: bool = True) -> dict:
    if SUIT[c] < 0:
        return piece("card", f"card:{c}" if key else None, rank="Jester", suit="", red=False,
                     label=CARD_NAME[c])
    return piece("card", f"card:{c}" if key else None, rank=RANK_TEXT[c // 4],
                 suit=SUIT_SYMBOLS[SUIT[c]], red=SUIT[c] < 2, label=CARD_NAME[c])


class RegicideView(View):

    def board(self, s, seat):
        me = s.active if seat is None else seat
        zones = [{"title": "Enemy", "items": self._enemy(s)},
                 {"title": "Table", "items": self._table(s)},
                 {"title": f"Hand of seat {me}",
                  "items": [card_piece(c) for c in s.hands[me]] or
                  [piece("text", text="no cards")]},
                 {"title": "Seats", "items": [
                     piece("panel", f"seat:{q}", title=f"seat {q}" + (" (you)" if q == me
                                                                       else ""),
                           lines=[f"{len(h)} cards"] + (["to move"] if q == s.active else [])
                           + (["yielded"] if s.yielded[q] else []),
                           items=[], tone="seat")
                     for q, h in enumerate(s.hands)]}]
        return {"title": f"Regicide · {s.rules.players} player"
                         f"{'s' if s.rules.players > 1 else ''}",
                "status": self.status(s), "zones": zones}

    def status(self, s) -> str:
        return status(s)

    def _enemy(self, s) -> list:
        if s.enemy is None:
            return [piece("text", text="the next enemy is about to be revealed")]
        immune = "none (Jester)" if s.immune_suit < 0 else SUIT_NAMES[s.immune_suit]
        return [piece("panel", title=s.enemy_name, tone="foe", items=[card_piece(s.enemy, False)],
                      lines=[f"health {s.enemy_health - s.damage} of {s.enemy_health}",
                             f"attack {s.enemy_attack}, shield {s.shield}: hits for "
                             f"{s.enemy_damage}", f"immune to {immune}"])]

    def _table(self, s) -> list:
        items = [piece("stat", label="castle", value=len(s.castle)),
                 piece("stat", label="tavern", value=len(s.tavern)),
                 piece("stat", label="discard", value=len(s.discard)),
                 piece("stat", label="defeated", value=s.defeated)]
        if s.rules.players == 1:
            items.append(piece("stat", label="Jester powers", value=s.jester_powers))
        if s.phase == "discard" and not s.outcome:
            items.append(piece("stat", label="to discard", value=s.to_cover))
        for played in s.in_play:
            items.append(piece("panel", title="in play", lines=[], tone="played",
                               items=[card_piece(c, False) for c in played]))
        return items

    def parts(self, s, a) -> list[str]:
        if isinstance(a, (Play, Discard)):
            return [f"card:{c}" for c in a.cards]
        if isinstance(a, NextPlayer):
            return [f"seat:{a.seat}"]
        return []

    def auto(self, a) -> bool:
        return isinstance(a, NextPlayer)  # cards wait for the button: a combo may follow

    def odds(self, s, seat) -> str | None:
        """Step 1: what each play does and the chance to survive the attack after it; step 4:
        the chance that the hand covers the damage (exact, from what ``seat`` may know). Only
        for the seat to move: the odds of a play name the cards of the hand (§4)."""
        if s.is_chance or s.is_terminal or seat not in (None, s.to_move):
            return None
        if s.phase == "play":
            rows = play_rows(s, seat)
            body = "".join(
                f"<tr><td>{escape(r['action'].removeprefix('play '))}</td><td>{r['damage']}</td>"
                f"<td>{'exactly' if r['exact'] else 'yes' if r['defeats'] else ''}</td>"
                f"<td>{r['attack_left']}</td><td>{float(r['survives']):.1%}</td></tr>"
                for r in rows)
            return ("<table><tr><th>play</th><th>damage</th><th>defeats</th>"
                    f"<th>attack left</th><th>survive</th></tr>{body}</table>")
        if s.phase == "discard":
            return (f"<p>Seat {s.active} must discard cards worth {s.to_cover}; the hand is "
                    f"worth {s.hand_value()}.</p>")
        return None

    def hint(self, s):
        if s.is_chance or s.is_terminal:
            return None
        return HeuristicAgent().choose(s, random.Random(0))

    def explain(self, s, keys: list[str]) -> str:
        cards = [int(k[5:]) for k in keys if k.startswith("card:")]
        if cards and s.phase in ("play", "discard"):
            verb = Play if s.phase == "play" else Discard
            return s.explain_illegal(verb(tuple(sorted(cards))))
        return super().explain(s, keys)
