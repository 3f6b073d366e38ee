"""The play widget's board for Fog Town (odd_nb.core.view, docs/design.md "The board's
pieces"): the town as a ``map`` in a wide zone (figures as ``token``s on places, the
Lamplighter on the clock as a ``track``), the current fight (the monster's health and strength
as tracks, the odds of each commitment), the Sleepers and peaceful endings, and each player's
board as a ``panel``. Clicks: a place to start, move, explore or escape to; the monster then a
number of points to strike; a weapon to switch or reload (then its ammunition); a token to
escape a Keeper; a Sleeper to summon; an ending to claim. Roll, rest, bank and end the turn
are buttons.

>>> import odd_nb
>>> t = odd_nb.start("fog-town", content="test", seed=1, first_player=0)
>>> view = t.game.view()
>>> [view.parts(t.state, a) for a in t.legal_actions()]
[['node:ferry-landing'], ['node:post-office']]
"""

from __future__ import annotations

from ...core.view import View, piece, rule_link
from . import actions as A
from .clock import scores, winners
from .odds import kill_within_two_turns, strike_odds
from .render import weapon_name

DOC = "fog-town.md"

TEACH = {
    "setup": ("Pick the starting location where your figure enters the town.",
              "§2 Setup"),
    "return": ("Your figure died: put it back on a starting location.",
               "§3.1 Return after a death"),
    "start": ("Before rolling: summon a Sleeper if you hold its requirement, rest in a "
              "location (heal 2, the turn ends), or roll the die for AP.", "§3.3 Rest or roll"),
    "bank": ("A low roll in a location may be banked for your next roll instead; the turn "
             "then ends.", "§3.4 Banking"),
    "act": ("Spend your AP: move along a street (1 AP), explore a location (1 AP), switch "
            "weapons (1 AP), reload or claim an ending (0 AP), or end the turn.",
            "§3.5 Spending action points"),
    "fight": ("In a fight: strike once this turn with the points you commit (plus your "
              "weapon's bonus), escape (2 AP) from an ordinary monster, switch, reload, or end "
              "the turn.", "§7.2 The strike"),
    "over": ("The game is over: the highest score wins, unless midnight came.",
             "§14 End of the game and scoring"),
}



def weapon_kind(c, entry) -> str:
    """A weapon's kind in words (§8.1): "melee", or "firearm" with what it fires.

    >>> import odd_nb
    >>> weapon_kind(odd_nb.start("fog-town", seed=1).state.content, None)
    'no bonus'
    """
    if entry is None:
        return "no bonus"
    w = c.weapons[entry[1]]
    if w.kind == "melee":
        return "melee"
    return "firearm, needs no ammunition" if w.ammo is None else f"firearm ({w.ammo} ammunition)"

class FogView(View):
    """The Fog Town board."""

    # -- keys ----------------------------------------------------------------------------
    @staticmethod
    def weapon_keys(s, seat: int) -> dict:
        """Each weapon the seat holds, in hand or in the inventory, by its key."""
        p = s.players[seat]
        keys = {}
        if p.hand is not None:
            keys[p.hand] = f"hand:{seat}"
        for i, entry in enumerate(sorted(set(p.weapons))):
            keys.setdefault(entry, f"weapon:{seat}:{i}")
        return keys

    @staticmethod
    def item_keys(s, seat: int) -> dict:
        return {item: f"item:{seat}:{i}"
                for i, item in enumerate(sorted(set(s.players[seat].items)))}

    def parts(self, state, action) -> list[str]:
        kind, seat = action.kind, state.current
        if kind in (A.START_AT, A.MOVE, A.EXPLORE):
            return [f"node:{action.arg}"]
        if kind == A.ESCAPE and action.arg is not None:
            return [f"node:{action.arg}"]
        if kind == A.STRIKE:
            return ["monster", f"commit:{action.arg}"]
        if kind == A.SWITCH:
            return [self.weapon_keys(state, seat)[action.arg]]
        if kind == A.RELOAD:
            return [self.weapon_keys(state, seat)[action.arg],
                    self.item_keys(state, seat)[action.arg2]]
        if kind == A.TOKEN_ESCAPE:
            return [f"token:{seat}:{action.arg}"]
        if kind == A.SUMMON:
            return [f"sleeper:{action.arg}"]
        if kind == A.CLAIM:
            return [f"ending:{action.arg}"]
        return []

    # -- the board -----------------------------------------------------------------------
    def board(self, state, seat, last_moves=None) -> dict:
        s, c = state, state.content
        zones = [{"title": c.title, "wide": True, "items": [self.town(s), self.clock(s)]}]
        fighting = s.fights[s.current] if s.phase != "over" else None
        if fighting is not None:
            zones.append({"title": "The fight", "items": [self.fight(s, s.current)]})
        zones.append({"title": "Sleepers and endings", "items": self.endings(s)})
        zones.append({"title": "Players", "items": [self.player(s, i)
                                                    for i in range(s.rules.players)]})
        return {"title": "Fog Town", "status": self.status(s), "zones": zones}

    def town(self, s) -> dict:
        c = s.content
        health = c.rules["health"]
        places = []
        for node, info in c.nodes.items():
            figures = [piece("token", f"figure:{i}", text=f"P{i + 1}", side=i,
                             wounded=p.wounds >= health - 2,
                             label=f"Player {i + 1}, {p.wounds} wounds")
                       for i, p in enumerate(s.players) if p.node == node]
            place = {"id": node, "x": info["x"], "y": info["y"], "label": info["label"],
                     "kind": info["kind"], "key": f"node:{node}", "items": figures,
                     "lines": [], "tone": "door" if info["kind"] == "place" else "",
                     "note": info["label"]}
            if node in c.explorable:
                i = c.explorable.index(node)
                loc = c.locations[node]
                keeper = c.monsters[loc.keeper]
                place["tone"] = {"open": "door", "completed": "played", "closed": "foe"}[
                    s.status[i]]
                place["lines"] = [s.status[i], f"Keeper {keeper.name} {keeper.health}/"
                                               f"{keeper.strength}",
                                  f"deck {len(s.piles[i + 1].deck)}"]
                if loc.locked_by:
                    place["lines"].append(f"locked: {c.card_name(loc.locked_by)}")
            elif node in c.locations:
                place["tone"] = "seat"
                place["lines"] = ["starting location"]
            places.append(place)
        streets = [{"from": a, "to": b} for a in c.nodes for b in c.neighbours[a] if a < b]
        return piece("map", width=c.width, height=c.height, places=places, streets=streets,
                     label="the town", note=f"street deck {len(s.piles[0].deck)}")

    def clock(self, s) -> dict:
        c = s.content
        bells = f"; bells on {', '.join(map(str, s.bells))}" if s.bells else ""
        return piece("track", label="the Lamplighter", value=s.clock,
                     max=c.rules["clock_length"], tone="damage",
                     note=f"midnight at {c.rules['clock_length']}{bells}"
                          + ("; Blackout" if s.blackout_until else ""))

    def fight(self, s, seat: int) -> dict:
        c, f = s.content, s.fights[seat]
        m = c.monsters[f.monster]
        commits = []
        if s.phase == "act":
            legal = {a.arg for a in s.legal_actions() if a.kind == A.STRIKE}
            for row in strike_odds(s, seat):
                if row["points"] in legal:
                    commits.append(piece(
                        "stat", f"commit:{row['points']}", label=f"{row['points']} pt",
                        value=row["damage"], icon="attack",
                        note=("kills" if row["kills"] else "does not kill")
                        + ("" if row["survives_strike_back"] else "; its strike-back kills")))
        lines = [f"{m.tier}" + (f", needs {m.needs}" if m.needs else "")
                 + (", recurs" if m.recurs else "")]
        return piece("panel", "monster", title=m.name, tone="foe", lines=lines,
                     label=f"{m.name}: {f.damage} of {m.health} damage",
                     items=[piece("track", label="damage", value=f.damage, max=m.health,
                                  tone="damage"),
                            piece("track", label="strength", value=m.strength,
                                  max=max(m.strength, 1), tone="attack")] + commits)

    def endings(self, s) -> list:
        c = s.content
        out = []
        for m in c.sleepers:
            monster = c.monsters[m]
            need = ", ".join(f"{n} {tag}" for tag, n in monster.requires)
            out.append(piece("panel", f"sleeper:{m}", title=monster.name, tone="foe",
                             lines=[f"{monster.health}/{monster.strength}", f"needs {need}",
                                    c.endings[monster.ending].name]))
        for e, ending in c.endings.items():
            if ending.kind != "peaceful":
                continue
            need = ", ".join(f"{n} {tag}" for tag, n in ending.requires)
            out.append(piece("panel", f"ending:{e}", title=ending.name, tone="loot",
                             lines=[f"{ending.points} points", f"needs {need}"]
                             + (["claimed"] if e in s.claimed else [])))
        return out

    def player(self, s, seat: int) -> dict:
        c, p = s.content, s.players[seat]
        health = c.rules["health"]
        weapons = self.weapon_keys(s, seat)
        items = [piece("track", label="wounds", value=p.wounds, max=health, cells=True,
                       tone="health")]
        # what a player carries, in words: cards of its board, each clicked to use it (§8)
        items.append(piece("panel", weapons.get(p.hand, f"hand:{seat}"), tone="loot",
                           title=f"in hand: {weapon_name(c, p.hand)}",
                           lines=[weapon_kind(c, p.hand)]))
        for entry in sorted(set(p.weapons)):
            items.append(piece("panel", weapons[entry], tone="loot", title=weapon_name(c, entry),
                               lines=[weapon_kind(c, entry)]))
        for item, key in self.item_keys(s, seat).items():
            items.append(piece("panel", key, tone="loot", title=c.card_name(item[1])))
        for t in sorted(set(p.tokens)):
            items.append(piece("panel", f"token:{seat}:{t}", tone="loot",
                               title=f"token of {c.card_name(t)}",
                               lines=["a completed location (§9)"]))
        lines = [f"at {c.label(p.node) if p.node else 'off the map'}",
                 f"trophies {p.trophies}, score {scores(s)[seat]}"]
        if p.banked:
            lines.append(f"banked {p.banked}")
        if p.endings:
            lines.append("endings: " + ", ".join(c.endings[e].name for e in p.endings))
        return piece("panel", title=self.seat_name(s, seat), lines=lines, items=items,
                     tone="active" if seat == s.current and s.phase != "over" else "seat")

    # -- words ---------------------------------------------------------------------------
    def status(self, state) -> str:
        s = state
        clock = f"the Lamplighter at {s.clock}/{s.content.rules['clock_length']}"
        if s.is_terminal:
            return f"game over ({s.ended}); scores {scores(s)}; {clock}"
        if s.is_chance:
            return f"round {s.round}: {s.chance_label()}; {clock}"
        ap = f", {s.ap} AP" if s.phase == "act" else ""
        return f"round {s.round}: {self.seat_name(s, s.current)} to move{ap}; {clock}"

    def teach(self, state) -> dict | None:
        s = state
        step = "over" if s.is_terminal else "fight" if s.phase == "act" and s.fight else \
            s.phase if s.phase in TEACH else None
        if step is None:
            return None
        text, heading = TEACH[step]
        return {"text": text, **rule_link(DOC, heading)}

    def summary(self, state) -> dict:
        s = state
        won = winners(s)
        all_scores = scores(s)
        if s.ended == "midnight":
            title, result = "Midnight: the town keeps everyone", "lost"
        elif s.rules.players == 1:
            title, result = "The town is yours", "won"
        else:
            title, result = "Won by " + " and ".join(self.seat_name(s, i) for i in won), "over"
        return {"result": result, "title": title,
                "lines": [f"{self.seat_name(s, i)}: {v} points" for i, v in
                          enumerate(all_scores)] + [f"the Lamplighter at {s.clock}"]}

    def seat_name(self, state, seat: int) -> str:
        """Players are numbered from 1, as their figures on the map (P1, P2...)."""
        return f"Player {seat + 1}"

    def odds(self, state, seat):
        if state.is_terminal or state.fights[state.current] is None:
            return None
        rows = strike_odds(state)
        if not rows:
            seat = state.current
            fight = state.fights[seat]
            monster = state.content.monsters[fight.monster]
            hand = weapon_name(state.content, state.players[seat].hand)
            return (f"<p class='headline'>The {monster.name} needs {monster.needs}: {hand} "
                    "cannot strike it (§6.3). Switch to a weapon that can (§8.3), or escape "
                    "(§7.6).</p>")

        def result(r):
            if r["kills"]:
                return "kills"
            return "struck back" if r["survives_strike_back"] else "struck back: dies"
        body = "".join(f"<tr><td>{r['points']}</td><td>{r['damage']}</td><td>{result(r)}</td>"
                       f"<td>{float(r['chance']):.0%}</td>"
                       f"<td>{float(r['after_bank_1']):.0%}</td></tr>" for r in rows)
        two = kill_within_two_turns(state)
        return ("<table><tr><th>points</th><th>damage</th><th>result</th><th>this turn</th>"
                f"<th>bank 1, next turn</th></tr>{body}</table>"
                "<p class='legend'>points: committed to the strike; damage: points + the "
                "weapon's bonus once (§7.2); this turn: the chance to have those points now; "
                "bank 1, next turn: the chance to have them next turn after banking 1 (§3.4)."
                "</p>"
                f"<p class='headline'>Striking with every AP: kill this turn "
                f"{float(two['this_turn']):.0%}, by next turn {float(two['two_turns']):.0%}, "
                f"die trying {float(two['dies_trying']):.0%}</p>")

    def explain(self, state, keys) -> str:
        if any(k.startswith("commit") or k == "monster" for k in keys):
            return "a strike needs AP, a weapon the monster's need allows and no strike yet " \
                   "in this fight this turn (§7.2, A9, A10)"
        if any(k.startswith("node") for k in keys):
            return "a move goes along one street for 1 AP, out of a fight (§4.1); exploring " \
                   "needs an open location (§4.3)"
        if any(k.startswith(("hand", "weapon")) for k in keys):
            return "switching costs 1 AP (§8.3); reloading takes an empty firearm and its " \
                   "ammunition (§8.2)"
        return "no legal action uses that choice; click a highlighted piece or pick an action"

    def auto(self, action) -> bool:
        return True
