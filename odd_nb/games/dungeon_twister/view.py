"""Dungeon Twister on the play widget (rules: docs/rules/dungeon-twister.md).

The labyrinth is a ``grid`` in a wide zone, turned so that the seat looking at it has its own
line at the bottom; the characters and objects are ``token`` pieces in the squares' ``items``
(the seat's own face up with their names, the opponent's face-down ones as "?"); the rooms are
``regions`` whose tab is clicked to reveal or turn a room. Then one panel per side: action
cards, combat cards (the seat's own as clickable cards, the opponent's as a count unless
``perfect_memory``), jump cards, points, characters out and killed; and a panel of the tokens
waiting to be placed.

Clicking: a character token, then what it does (a square: its shortest way there, played Move
after Move (``routes``); during a move, a square to step to; an enemy to attack, a wounded
character to heal); buttons for what has nothing to click (end the turn, end a move, put down, a
portcullis, the fireball's direction).

>>> import odd_nb
>>> t = odd_nb.start("dungeon-twister", seed=3)
>>> view = t.game.view()
>>> board = view.board(t.state, 0)
>>> [z["title"] for z in board["zones"]]
['The labyrinth', 'Yellow', 'Blue']
>>> board["zones"][0]["items"][0]["type"], view.seat_name(t.state, 1)
('grid', 'Blue')
"""

from __future__ import annotations

import random

from ...core.view import Route, View, piece, rule_link
from .actions import (ATTACK, BEGIN, COMBAT_CARD, DRINK, END_MOVE, FIREBALL, GIVE, HEAL, JUMP,
                      PICK_UP, PLACE_IN_ROOM, PLACE_TOKEN, PLAY_ACTION_CARD, PORTCULLIS,
                      REGENERATE, REVEAL, ROTATE, SEAT_NAMES, START_WITH, STEP, SWAP, TAKE,
                      WALL_STEP, Act, is_character, side_of)
from .advisor import combat_advice
from .agents import HeuristicAgent
from .ap import actors
from .board import COLS, LINE_ROW, ROWS, SIDES, neighbour, slot_origin, square_name
from .position import carried_by, lay, name, occupants, short, square_of
from .reach import reach, ways
from .render import status as status_text

DOC = "dungeon-twister.md"
GATE = {"closed": "closed", "opened": "open", "broken": "broken"}


def sq_key(sq) -> str:
    return f"sq-{sq[0]}-{sq[1]}"


def square_of_name(text: str) -> tuple[int, int]:
    """``c19`` -> ``(19, 2)``, the inverse of ``square_name``."""
    return int(text[1:]), "abcdefghij".index(text[0])


def token_key(t: int) -> str:
    return f"tok-{t}"


class DungeonTwisterView(View):
    """The board, the clicks and the words of Dungeon Twister."""

    # -- the board -----------------------------------------------------------------------------
    def board(self, s, seat, last_moves=None) -> dict:
        me = self._seat(s, seat)
        zones = [{"title": "The labyrinth", "wide": True, "items": [self._grid(s, me)]}]
        for q in (me, 1 - me):
            zones.append({"title": SEAT_NAMES[q], "items": [self._panel(s, q, me)]})
        pending = [self._token(s, t, me) for t in s.pending]
        if pending:
            zones.insert(1, {"title": "To place", "items": [piece(
                "panel", title=f"tokens of room {s.reveal_slot + 1} to place (§6.3)",
                items=pending)]})
        return {"title": "Dungeon Twister", "status": self.status(s), "zones": zones}

    @staticmethod
    def _seat(s, seat) -> int:
        if seat in (0, 1):
            return seat
        return s.decider if s.to_move in (0, 1) else 0

    @staticmethod
    def _display(sq, me: int) -> tuple[int, int]:
        """Where ``sq`` is drawn for seat ``me``: its own line at the bottom."""
        row, col = sq
        return (ROWS - 1 - row, col) if me == 0 else (row, COLS - 1 - col)

    @staticmethod
    def _side(side: str, me: int) -> str:
        return side if me == 0 else SIDES[(SIDES.index(side) + 2) % 4]

    def _token(self, s, t: int, me: int, face_down: bool = False) -> dict:
        content = s.rules.content
        if face_down and side_of(t) != me:
            return piece("token", text="?", side=side_of(t), face_down=True,
                         label=f"a face-down {('yellow', 'blue')[side_of(t)]} token")
        held = carried_by(s, t)
        extra = {}
        if held is not None:
            extra["badge"] = short(content, held)
            extra["note"] = f"carries the {('yellow', 'blue')[side_of(held)]} " \
                            f"{name(content, held)}"
        return piece("token", None if face_down else token_key(t), text=short(content, t),
                     side=side_of(t), wounded=t in s.wounded, face_down=face_down,
                     label=f"the {('yellow', 'blue')[side_of(t)]} {name(content, t)}"
                           + (" (wounded)" if t in s.wounded else ""), **extra)

    def _grid(self, s, me: int) -> dict:
        lay_ = lay(s)
        occ = occupants(s)
        content = s.rules.content
        within, ends = self._reachable(s, me)
        cells = []
        for row in range(ROWS):
            for col in range(COLS):
                sq = (row, col)
                kind = lay_.kind[sq]
                drow, dcol = self._display(sq, me)
                ground = {"floor": "floor", "pit": "pit", "gear": "gear", "hidden": "hidden",
                          "line": "line" if row == LINE_ROW[me] else "exit"}[kind]
                cell = {"row": drow, "col": dcol, "ground": ground, "key": sq_key(sq),
                        "label": f"square {square_name(sq)}"}
                walls, gates = "", {}
                for side, value in lay_.feature[sq].items():
                    shown = self._side(side, me)
                    if value == "wall":
                        walls += shown
                    else:
                        gates[shown] = GATE[s.ports[value]]
                if walls:
                    cell["walls"] = "".join(sorted(walls, key="NESW".index))
                if gates:
                    cell["gates"] = gates
                if kind == "gear":
                    room = content.rooms[lay_.room[sq]]
                    turn = "↻" if room.direction == "clockwise" else "↺"
                    cell["mark"] = turn + str(room.pair)
                if sq in within:
                    cell["note"] = within[sq]
                    if sq in ends and "mark" not in cell:
                        cell["mark"] = "•"
                items = [self._token(s, t, me) for t in occ.get(sq, ())]
                items += [self._token(s, t, me, face_down=True) for t, w in enumerate(s.loc)
                          if w == ("start",) + sq]
                if items:
                    cell["items"] = items
                cells.append(cell)
        # face-down tokens on hidden rooms, shown in the room's first squares
        for slot, placed in enumerate(s.slots):
            if placed is not None:
                continue
            inside = [t for t, w in enumerate(s.loc) if w == ("room", slot)]
            top, west = slot_origin(slot)
            squares = sorted((self._display((top - r, west + c), me) for r in range(5)
                              for c in range(5)))
            for t, (drow, dcol) in zip(inside, squares):
                cell = next(c for c in cells if c["row"] == drow and c["col"] == dcol)
                item = self._token(s, t, me, face_down=True)
                if side_of(t) == me:
                    item["text"] = short(content, t)
                    item["label"] = f"your {name(content, t)}, face down"
                cell.setdefault("items", []).append(item)
        regions = []
        for slot, placed in enumerate(s.slots):
            top, west = slot_origin(slot)
            corners = [self._display((top, west), me), self._display((top - 4, west + 4), me)]
            rows = sorted(r for r, _ in corners)
            cols = sorted(c for _, c in corners)
            if placed is None:
                label, note = f"room {slot + 1}", "hidden"
            else:
                room = content.rooms[placed[0]]
                label = f"room {slot + 1}: {room.name}"
                note = (f"{room.direction}, pair {room.pair}, turned {90 * placed[1]}°")
            regions.append({"row": rows[0], "col": cols[0], "rows": 5, "cols": 5,
                            "label": label, "key": f"room-{slot + 1}", "note": note,
                            "tone": "hidden" if placed is None else "room"})
        return piece("grid", rows=ROWS, cols=COLS, cells=cells, regions=regions,
                     label="the labyrinth")

    @staticmethod
    def _reachable(s, me: int) -> tuple[dict, set]:
        """For the seat whose turn it is (§8, ``reach``): each square its characters can end a
        Move on with the AP left, as words for the square's note; and, while a Move is under
        way, the squares where the mover may still end it without a new AP (marked •)."""
        if s.phase != "actions" or s.active != me or s.decider != me:
            return {}, set()
        content = s.rules.content
        words, ends = {}, set()
        movers = [s.move[0]] if s.move is not None else list(actors(s, me))
        for t in movers:
            for place, moves in reach(s, t).items():
                sq = square_of_name(place)
                if sq == square_of(s, t):
                    continue
                if s.move is not None and moves == 0:
                    ends.add(sq)
                words.setdefault(sq, []).append(
                    f"the {name(content, t)}" + (f" ({moves} AP)" if moves else ""))
        return {sq: "in reach: " + ", ".join(w) for sq, w in words.items()}, ends

    def _panel(self, s, q: int, me: int) -> dict:
        content = s.rules.content
        items = []
        for v in s.action_hand[q]:
            items.append(piece("card", f"act-{q}-{v}", rank=str(v), suit="AP", red=False,
                               label=f"action card {v}"))
        if q == me:
            for i, v in enumerate(s.combat_hand[q]):
                items.append(piece("card", f"cc-{q}-{v}" if i == 0 or
                                   s.combat_hand[q][i - 1] != v else None,
                                   rank=f"+{v}", suit="⚔", red=True,
                                   label=f"combat card +{v}"))
            reserve = [t for t, w in enumerate(s.loc) if w == ("reserve",) and side_of(t) == q]
            items += [self._token(s, t, me) for t in reserve]
        lines = [f"points: {s.points[q]}",
                 f"top action card: {s.top_card[q] if s.top_card[q] is not None else '-'}",
                 f"jump cards: {s.jumps[q]}"]
        if q != me:
            lines.append("combat cards: " + (
                " ".join(f"+{v}" for v in s.combat_hand[q]) if s.rules.perfect_memory
                else f"{len(s.combat_hand[q])} in hand"))
        out = [name(content, t) for t, w in enumerate(s.loc)
               if side_of(t) == q and is_character(t) and w == ("out",)]
        dead = [name(content, t) for t, w in enumerate(s.loc)
                if side_of(t) == q and w == ("dead",)]
        lines.append(f"out: {', '.join(out) or '-'}")
        lines.append(f"killed: {', '.join(dead) or '-'}")
        if q == s.active and s.phase == "actions":
            lines.append(f"AP left: {s.ap}" + "".join(
                f"; {name(content, t)}'s potion: {ap}" for t, ap in (s.pool or ())))
        tone = "active" if q == s.active and not s.is_terminal else "seat"
        return piece("panel", f"seat-{q}", title=SEAT_NAMES[q] + (" (you)" if q == me else ""),
                     lines=lines, items=items, tone=tone)

    # -- words ---------------------------------------------------------------------------------
    def seat_name(self, state, seat: int) -> str:
        return SEAT_NAMES[seat]

    def status(self, s) -> str:
        return status_text(s)

    def summary(self, s) -> dict:
        if s.winner is None:
            return {"result": "over", "title": "The game goes on", "lines": [status_text(s)]}
        lines = [f"points: Yellow {s.points[0]}, Blue {s.points[1]}", s.reason,
                 f"rounds: {s.round}"]
        title = "A draw" if s.winner == -1 else f"{SEAT_NAMES[s.winner]} wins"
        return {"result": "over" if s.winner == -1 else "won", "title": title, "lines": lines}

    def teach(self, s) -> dict | None:
        text, heading = self._lesson(s)
        return {"text": text, **rule_link(DOC, heading)}

    def _lesson(self, s) -> tuple[str, str]:
        who = SEAT_NAMES[s.decider] if s.to_move in (0, 1) else ""
        if s.phase == "over":
            return s.reason, "§13 End of the game"
        if s.phase == "choose":
            return (f"{who} chooses a starting character for the next square of their line, "
                    f"in secret (§4.2).", "§4.2 Starting characters")
        if s.phase == "place":
            return (f"{who} puts one token face down on a hidden room; the other player sees "
                    f"where, not what (§4.3).", "§4.3 Tokens in the rooms")
        if s.phase == "action card":
            return (f"{who} plays an action card: its value is this turn's AP (§5.1).",
                    "§5.1 Phase 1: play an action card")
        if s.phase == "placing":
            return (f"{who} places the tokens of the revealed room, each on an empty floor or "
                    f"gear square (§6.3).", "§6.3 Placing the tokens")
        if s.phase == "combat":
            return (f"{who} chooses a combat card in secret; totals are compared once both are "
                    f"in (§9.3).", "§9.3 Combat cards")
        if s.phase == "actions" and s.move is not None:
            mover = name(s.rules.content, s.move[0])
            return (f"The {mover} is moving: step to an open neighbour, pick up, put down or "
                    f"swap for free, then end the movement (§8.1, §8.5).", "§8.1 A Move")
        if s.phase == "actions":
            return (f"{who} has {s.ap} AP: move, reveal, turn a room, fight or use an ability, "
                    f"1 AP each; end the turn when done (§5.2).",
                    "§5.2 Phase 2: spend action points")
        return "Chance decides (§14.2).", "§14.2 Chance"

    # -- clicks --------------------------------------------------------------------------------
    def parts(self, s, a) -> list[str]:
        verb = a.verb
        if verb == START_WITH:
            return [token_key(a.who), sq_key((LINE_ROW[s.decider], a.a))]
        if verb == PLACE_IN_ROOM:
            return [token_key(a.who), f"room-{a.a + 1}"]
        if verb == PLAY_ACTION_CARD:
            return [f"act-{s.active}-{a.a}"]
        if verb == COMBAT_CARD:
            return [f"cc-{s.decider}-{a.a}"]
        if verb in (REVEAL, ROTATE):
            return [f"room-{a.a + 1}"]
        if verb == PLACE_TOKEN:
            return [token_key(a.who), sq_key((a.a, a.b))]
        if verb in (BEGIN, REGENERATE, DRINK, FIREBALL, PORTCULLIS):
            return [token_key(a.who)]
        if verb == STEP:
            return [sq_key(neighbour(square_of(s, a.who), a.a))]
        if verb == JUMP:
            return [sq_key(neighbour(neighbour(square_of(s, a.who), a.a), a.b))]
        if verb == WALL_STEP:
            return [sq_key(neighbour(square_of(s, a.who), a.a))]
        if verb == PICK_UP:
            return [token_key(a.b)]
        if verb in (GIVE, TAKE, SWAP):
            return [token_key(a.a)]
        if verb in (ATTACK, HEAL):
            return [token_key(a.who), token_key(a.a)]
        return []  # end the turn, end a move, put down: buttons

    def auto(self, a) -> bool:
        return a.verb not in (BEGIN, END_MOVE)

    def routes(self, s, seat) -> list:
        """A character's shortest way to a square out of one step's reach, or out of the
        labyrinth, as one click (``reach.ways``): the character, then the square; while it
        moves, the square alone. Each new Move on the way is 1 AP (§8.1). The last Move ends
        on arrival unless a token there could be picked up or handed over (§8.5), which the
        player may still want to do."""
        me = self._seat(s, seat)
        if s.phase != "actions" or s.active != me or s.decider != me or s.is_terminal \
                or (s.move is not None and s.move[1] != "move"):
            return []
        content, occ = s.rules.content, occupants(s)
        found = []
        for t in [s.move[0]] if s.move is not None else actors(s, me):
            who = name(content, t)
            act = {side: Act(STEP, t, side) for side in SIDES}  # shared by all its routes
            begin, end = Act(BEGIN, t, "move"), Act(END_MOVE, t)
            for dest, way in ways(s, t).items():
                leaving = dest == "out"
                if leaving:
                    dest, way = way
                steps, moving = [], s.move is not None
                for leg in way:
                    if leg != "move":
                        steps.append(act[leg])
                        continue
                    if moving:
                        steps.append(end)
                    steps.append(begin)
                    moving = True
                if not leaving and all(o == t for o in occ.get(dest, ())):
                    steps.append(end)
                ap = way.count("move")
                text = (f"{who} {'leaves by' if leaving else 'goes to'} {square_name(dest)}"
                        + (f" ({ap} AP)" if ap else ""))
                parts = ([] if s.move is not None else [token_key(t)]) + [sq_key(dest)]
                found.append(Route(text, tuple(parts), tuple(steps)))
        return found

    def explain(self, s, keys: list[str]) -> str:
        if s.is_terminal:
            return f"the game is over ({s.reason})"
        if s.phase == "actions" and s.move is not None:
            return ("a movement is under way: click a lit square to step there, a token to "
                    "pick up or hand over, or end the movement (§5.4, §8.1)")
        return f"no legal action uses that choice; now {status_text(s)}"

    def odds(self, s, seat) -> str | None:
        """During a combat: the payoff table of the cards for the attacking side (win +1, tie
        0, loss -1) and the exact equilibrium mix (``advisor``), from ``seat``'s knowledge."""
        if s.phase != "combat":
            return None
        me = self._seat(s, seat)
        advice = combat_advice(s, me)
        head = "".join(f"<th>+{d}</th>" for d in advice["defender_cards"])
        body = "".join(
            f"<tr><th>+{a}</th>" + "".join(f"<td>{v:+d}</td>" for v in row)
            + f"<td>{advice['attacker_mix'][a]}</td></tr>"
            for a, row in zip(advice["attacker_cards"], advice["table"]))
        chances = advice["chances"]
        return (f"<p>Combat cards: attacker (rows) against defender (columns), +1 a win for "
                f"the attacker. Value at equilibrium: {advice['value']}.</p>"
                f"<table><tr><th></th>{head}<th>mix</th></tr>{body}</table>"
                f"<p>When both sides play their mix, the attacker wins with chance "
                f"{chances['win']}, ties with {chances['tie']} and loses with "
                f"{chances['loss']}.</p>")

    def hint(self, s):
        if s.is_chance or s.is_terminal:
            return None
        return HeuristicAgent().choose(s, random.Random(0))


__all__ = ["DungeonTwisterView"]
