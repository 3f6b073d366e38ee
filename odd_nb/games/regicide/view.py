"""Regicide on the play widget: the enemy card with its health, attack and shield as bars, the
cards in play, one hand as cards, the piles as counts and each seat as a panel (rules:
docs/rules/regicide.md).

Clicking: cards of the hand are selected, then played (or discarded at step 4) with the button
that names them; after a Jester the next player is chosen by clicking their seat.

The board shows one seat's hand only, the seat the widget plays (or, with nobody fixed, the
seat to move): other hands are never sent to the browser, only their counts (§4). The state
keeps the plays against the current enemy in order but not who made them: a seat's last decision
comes from the history (``last_moves``, given by the widget), and in solo every play is the one
seat's.

>>> import odd_nb
>>> t = odd_nb.start("regicide", players=2, seed=3)
>>> view = t.game.view()
>>> board = view.board(t.state, 0)
>>> [z["title"] for z in board["zones"]]
['Enemy', 'In play', 'Hand of seat 0', 'Seats', 'Table']
>>> board["status"]
'seat 0: play a card or yield (step 1)'
>>> view.teach(t.state)["href"]
'regicide.md#3-step-1--play-cards-or-yield'
"""

from __future__ import annotations

from html import escape

from ...core.view import View, piece, rule_link
from .actions import (CARD_NAME, CLUBS, DIAMONDS, HEARTS, IS_JESTER, RANK_TEXT, SPADES, SUIT,
                      SUIT_NAMES, SUIT_SYMBOLS, USE_JESTER_POWER, VALUE, Discard,
                      NextPlayer, Play)
from .odds import play_rows

ENEMIES = 12  # §1: four Jacks, four Queens, four Kings
#: the rule sections the teaching pane cites: headings of docs/rules/regicide.md
SECTIONS = {
    "setup": "§2 Setup",
    "play": "§3 Step 1 — Play cards or yield",
    "powers": "§3 Step 2 — Suit powers",
    "defeat": "§3 Step 3 — Deal damage and check for defeat",
    "discard": "§3 Step 4 — Suffer damage",
    "jester": "§3 Jester resolution",
    "lost": "§5 Losing",
    "solo": "§7 Solo mode",
    "won": "§8 End of game",
    "exact kill": "A2 — Where an exact kill goes",
    "heal": "A10 — Randomness of Hearts",
    "signal": "A17 — Table talk",
}
#: what each suit's power does (§3 step 2)
POWER_WORDS = ("♥ heals cards from the discard pile back under the tavern",
               "♦ draws cards for the players", "♣ doubles the damage",
               "♠ shields against the enemy's attack")
#: the odds table's columns: (heading, legend line)
COLUMNS = (
    ("play", "the cards played, or yield (play nothing and take the attack)"),
    ("survive", "the chance the hand, with any ♦ draws, can then cover the attack left"),
    ("damage", "dealt to the enemy by this play (♣ doubles it)"),
    ("defeats", "yes / exactly (an exact kill sends the enemy to the top of the tavern) / no"),
    ("attack left", "the enemy's attack after the ♠ shield, to cover by discarding (step 4); "
                    "0 after a defeat or a Jester"),
    ("hand kept", "the value of the cards left in hand after the play"),
    ("powers", "the suits whose powers work against this enemy (its own suit's does not)"),
)


def card_piece(c: int, key: bool = True, note: str | None = None) -> dict:
    """A card of the deck as a piece; ``key``: clickable as ``card:<c>``.

    >>> card_piece(27)["key"], card_piece(27)["rank"], card_piece(27)["suit"]
    ('card:27', '7', '♠')
    """
    extra = {"note": note} if note else {}
    if SUIT[c] < 0:
        return piece("card", f"card:{c}" if key else None, rank="Jester", suit="", red=False,
                     label=CARD_NAME[c], **extra)
    return piece("card", f"card:{c}" if key else None, rank=RANK_TEXT[c // 4],
                 suit=SUIT_SYMBOLS[SUIT[c]], red=SUIT[c] < 2, label=CARD_NAME[c], **extra)


def _card_note(c: int) -> str:
    if IS_JESTER[c]:
        return "Jester: played alone, cancels the enemy's immunity; worth 0 when discarded"
    return f"worth {VALUE[c]}; {POWER_WORDS[SUIT[c]]}"


def _percent(p) -> str:
    """A chance as a person reads it.

    >>> _percent(1), _percent(0.5), _percent(2 / 3)
    ('100%', '50%', '66.7%')
    """
    p = float(p)
    return f"{p:.0%}" if round(p * 100, 1) == round(p * 100) else f"{p:.1%}"


def play_effects_then(s, i: int) -> dict:
    """What the ``i``-th play against the current enemy did (§3 steps 2-3): its damage and the
    powers that worked, with the immunity as it stood then (a Jester cancels it for the plays
    after it, §3 Jester resolution); ♠ shields by the immunity now (A8)."""
    cards = s.in_play[i]
    if IS_JESTER[cards[0]]:
        return {"damage": 0, "words": ["Jester: no damage, immunity off"]}
    cancelled = any(IS_JESTER[p[0]] for p in s.in_play[:i])
    immune = -1 if cancelled else SUIT[s.enemy]
    value = sum(VALUE[c] for c in cards)
    suits = sorted({SUIT[c] for c in cards})
    damage = 2 * value if CLUBS in suits and immune != CLUBS else value
    words = [f"{damage} damage"]
    for suit in suits:
        if suit == SPADES:
            words.append("♠ no shield (immune)" if s.immune_suit == SPADES
                         else f"♠ shield {value}")
        elif suit == immune:
            words.append(f"{SUIT_SYMBOLS[suit]} no power (immune)")
        elif suit == HEARTS:
            words.append(f"♥ healed up to {value}")
        elif suit == DIAMONDS:
            words.append(f"♦ drew up to {value}")
        elif suit == CLUBS:
            words.append("♣ doubled")
    return {"damage": damage, "words": words}


class RegicideView(View):
    """The Regicide board, status, odds, teaching pane and game-over summary."""

    # -- the board -----------------------------------------------------------------------------
    def board(self, s, seat, last_moves=None):
        me = s.active if seat is None else seat
        n = s.rules.players
        last = last_moves or {}
        hand = [card_piece(c, note=_card_note(c)) for c in s.hands[me]]
        zones = [{"title": "Enemy", "items": self._enemy(s)},
                 {"title": "In play", "items": self._in_play(s)},
                 {"title": f"Hand of {self.seat_name(s, me)}",
                  "items": hand or [piece("text", text="no cards")]},
                 {"title": "Seats", "items": [self._seat(s, q, last.get(q)) for q in range(n)]},
                 {"title": "Table", "items": self._table(s, me)}]
        return {"title": f"Regicide · {n} player{'s' if n > 1 else ''}",
                "status": self.status(s), "zones": zones}

    def _enemy(self, s) -> list:
        if s.enemy is None:
            text = (f"the castle is empty: all {ENEMIES} enemies are defeated"
                    if s.outcome == "won" else "the next enemy is about to be revealed")
            return [piece("text", text=text)]
        health, attack, shield = s.enemy_health, s.enemy_attack, s.shield
        if s.immune_suit < 0:
            immune = "no immunity: a Jester was played against it"
        else:
            immune = (f"immune to {SUIT_SYMBOLS[s.immune_suit]} {SUIT_NAMES[s.immune_suit]}: "
                      f"{SUIT_NAMES[s.immune_suit]} give no power against it")
        items = [card_piece(s.enemy, key=False),
                 piece("track", label="health left", value=health - s.damage, max=health,
                       tone="health", note=f"{s.damage} damage taken of {health}"),
                 piece("track", label="attack after shield", value=s.enemy_damage, max=attack,
                       tone="attack", note=f"attack {attack} less the shield {shield}"),
                 piece("track", label="shield", value=shield, max=attack, tone="shield",
                       note="♠ played against this enemy lowers its attack")]
        return [piece("panel", title=f"Enemy {min(s.defeated + 1, ENEMIES)} of {ENEMIES}",
                      tone="foe", lines=[immune], items=items)]

    def _in_play(self, s) -> list:
        if s.enemy is None or not s.in_play:
            return [piece("text", text="no cards played against this enemy yet")]
        who = f" by {self.seat_name(s, 0)}" if s.rules.players == 1 else ""
        last = len(s.in_play) - 1
        return [piece("panel", title=f"play {i + 1}{who}" + (" (last)" if i == last else ""),
                      tone="played", lines=[", ".join(play_effects_then(s, i)["words"])],
                      items=[card_piece(c, key=False) for c in played])
                for i, played in enumerate(s.in_play)]

    def _seat(self, s, q: int, last: str | None = None) -> dict:
        lines = [f"{len(s.hands[q])} card{'s' if len(s.hands[q]) != 1 else ''} in hand"]
        items = []
        if q == s.active and not s.is_terminal and not s.is_chance:
            lines.append({"play": "to move: play a card or yield",
                          "discard": f"to move: discard {s.to_cover} or more",
                          "next": "to move: choose who goes next",
                          "signal": "to move: signal",
                          "exact kill": "to move: place the enemy"}.get(s.phase, "to move"))
        if s.yielded[q]:
            lines.append("yielded on their last turn")
        if s.signals and s.signals[q]:
            lines.append(f"signal: {s.signals[q]}")
        if last and s.rules.players > 1:  # the state keeps no owner of a play; the history does
            lines.append(f"last: {last}")
        if s.rules.players == 1 and s.in_play:  # in solo every play is this seat's
            lines.append("last play:")
            items = [card_piece(c, key=False) for c in s.in_play[-1]]
        return piece("panel", f"seat:{q}", title=self.seat_name(s, q), lines=lines, items=items,
                     tone="active" if q == s.active and not s.is_terminal else "seat")

    def _table(self, s, me: int) -> list:
        items = [piece("stat", label="castle: enemies to come", value=len(s.castle),
                       icon="skull"),
                 piece("stat", label="tavern: cards to draw", value=len(s.tavern), icon="deck"),
                 piece("stat", label="discard pile", value=len(s.discard), icon="deck"),
                 piece("stat", label=f"enemies defeated of {ENEMIES}", value=s.defeated,
                       icon="level"),
                 piece("stat", label=f"value of {self.seat_name(s, me)}'s hand",
                       value=s.hand_value(me), icon="health")]
        if s.rules.players == 1:
            items.append(piece("stat", label="Jester powers left", value=s.jester_powers,
                               icon="potion", note="§7: discard the hand and draw up to 8"))
        if s.phase == "discard" and not s.outcome:
            items.append(piece("stat", label="to discard at least", value=s.to_cover,
                               icon="damage"))
        return items

    # -- words -----------------------------------------------------------------------------------
    def seat_name(self, state, seat: int) -> str:
        return f"seat {seat}"

    def status(self, s) -> str:
        """What happens now, in words: who must do what, and the step of the turn (§3)."""
        if s.outcome == "won":
            grade = f" (grade: {s.grade})" if s.grade else ""
            return f"won{grade}: all {ENEMIES} enemies defeated"
        if s.outcome == "lost":
            return f"lost after defeating {s.defeated} of {ENEMIES}: {s.reason}"
        if s.is_chance:
            if s.reveal_due:
                return "the next enemy is being revealed"
            if s.heal_due:
                return "♥ heals: a card of the discard pile goes under the tavern"
            return f"{self.seat_name(s, s.draws_due[0])} draws a card"
        who = self.seat_name(s, s.active)
        power = " or use a Jester power" if s.jester_powers else ""
        if s.phase == "play":
            what = ["play a card"] + (["yield"] if s.can_yield() else [])
            what += ["use a Jester power"] if s.jester_powers else []
            words = ", ".join(what[:-1]) + " or " + what[-1] if len(what) > 1 else what[0]
            return f"{who}: {words} (step 1)"
        if s.phase == "discard":
            return f"{who}: discard cards worth {s.to_cover} or more to survive{power} (step 4)"
        if s.phase == "next":
            return f"{who}: choose who takes the next turn (after a Jester)"
        if s.phase == "signal":
            return f"{who}: say whether you want the next turn (after a Jester)"
        if s.phase == "exact kill":
            return f"{who}: choose where the exactly defeated {s.enemy_name} goes"
        return f"{who}: {s.phase}"

    def teach(self, s) -> dict:
        """The step of the turn in plain words, with its rule section (never a hidden card)."""
        text, key = self._lesson(s)
        return {"text": text, **rule_link("regicide.md", SECTIONS[key])}

    def _lesson(self, s) -> tuple[str, str]:
        name = self.seat_name(s, s.active)
        who = name[:1].upper() + name[1:]
        if s.outcome == "won":
            grade = (f" Solo grade: {s.grade} ({s.rules.jester_powers - s.jester_powers} "
                     "Jester power(s) used; gold is none).") if s.grade else ""
            return f"All {ENEMIES} enemies are defeated: the party wins.{grade}", "won"
        if s.outcome == "lost":
            return (f"The party lost after defeating {s.defeated} of {ENEMIES} enemies: "
                    f"{s.reason}. A player who cannot cover the enemy's attack, or can neither "
                    "play nor yield, loses for everyone.", "lost")
        if s.reveal_due:
            if not s.defeated and s.enemy is None and not s.discard:
                return ("Setup: the castle holds the Jacks on top, then the Queens, then the "
                        "Kings; its top card is turned face up as the first enemy.", "setup")
            return ("The enemy was defeated: its cards in play go to the discard pile and the "
                    "next card of the castle is turned face up. The same player goes on.",
                    "defeat")
        if s.heal_due:
            return ("♥ heals: cards are taken at random from the discard pile and slid face down "
                    "under the tavern.", "heal")
        if s.draws_due:
            seat = self.seat_name(s, s.draws_due[0])
            seat = seat[:1].upper() + seat[1:]
            if s.phase == "powers":
                return (f"♦ draws: starting with the player who played it and going clockwise, "
                        f"each player draws one card, skipping full hands. {seat} draws now.",
                        "powers")
            if s.rules.players == 1 and s.jester_powers < s.rules.jester_powers:
                return ("A Jester power: the hand was discarded and the player draws up to 8 "
                        "cards from the tavern.", "solo")
            return (f"Setup: cards are dealt from the tavern one at a time, clockwise, until "
                    f"every hand is full. {seat} draws now.", "setup")
        enemy = (f"{s.enemy_name} ({s.enemy_health - s.damage} health left, attack "
                 f"{s.enemy_damage} after the shield)")
        power = (" Before playing, a Jester power may be used instead: discard the whole hand "
                 "and draw up to 8 (§7).") if s.jester_powers else ""
        if s.phase == "play":
            immune = ("" if s.immune_suit < 0 else
                      f" It ignores the power of its own suit, {SUIT_NAMES[s.immune_suit]}.")
            if s.can_yield():
                yield_words = "or yield and take its attack"
            elif s.rules.players == 1:
                yield_words = "(no yield now: it would change nothing, A3)"
            else:
                yield_words = "(no yield now: every other player yielded on their last turn)"
            return (f"{who} faces {enemy}. Play one card, an Ace with one other card, or 2-4 "
                    f"equal cards from 2 to 5 adding up to 10 or less; or a Jester alone; "
                    f"{yield_words}. Each suit in the play gives its power: "
                    f"{'; '.join(POWER_WORDS)}.{immune} If the damage reaches its health, the "
                    f"enemy is defeated and {name} plays again; otherwise it attacks "
                    f"(step 4).{power}", "play")
        if s.phase == "discard":
            then = (" for everyone. Then the turn passes clockwise" if s.rules.players > 1
                    else "")
            return (f"{s.enemy_name} attacks {name} for {s.to_cover}: its attack "
                    f"{s.enemy_attack} less the ♠ shield {s.shield}. Discard cards worth at "
                    f"least {s.to_cover} in all (a number card its rank, Ace 1, Jack 10, Queen "
                    f"15, King 20, Jester 0). A hand worth less loses the game{then}."
                    f"{power.replace('Before playing', 'First')}", "discard")
        if s.phase == "next":
            whom = ("any player (themselves included)" if s.rules.jester_may_choose_self
                    else "any other player")
            return (f"{who} played a Jester: {s.enemy_name} loses its immunity for good, takes "
                    f"no damage and does not attack this turn. {who} now chooses {whom} to "
                    f"take the next turn: click that seat.", "jester")
        if s.phase == "signal":
            return (f"A Jester was played. Before its player chooses who goes next, each other "
                    f"player says in general terms whether they want the next turn, without "
                    f"naming cards. {who}: give your signal.", "signal")
        if s.phase == "exact kill":
            return (f"{who} dealt exactly {s.enemy_name}'s health: it is defeated. Choose "
                    f"whether it goes face down on top of the tavern (to be drawn later) or to "
                    f"the discard pile.", "exact kill")
        return f"{who}: {s.phase}.", "play"

    def summary(self, s) -> dict:
        """The game-over banner: the result, enemies defeated, the solo grade, why it was lost.

        >>> import random, odd_nb
        >>> from odd_nb.core.agents import play_out
        >>> from odd_nb.games.regicide import HeuristicAgent
        >>> game = odd_nb.load_game("regicide")
        >>> end = play_out(game.new_initial_state(players=1), HeuristicAgent(), random.Random(1))
        >>> v = game.view().summary(end)
        >>> v["result"] == end.outcome, v["lines"][0] == f"enemies defeated: {end.defeated} of 12"
        (True, True)
        """
        lines = [f"enemies defeated: {s.defeated} of {ENEMIES}"]
        if s.outcome == "won":
            if s.grade:
                used = s.rules.jester_powers - s.jester_powers
                lines.append(f"grade: {s.grade} ({used} Jester power{'s' if used != 1 else ''}"
                             " used)")
            title = "Victory: the castle has fallen"
        elif s.outcome == "lost":
            lines.append(f"why: {s.reason}")
            title = f"Defeat at enemy {s.defeated + 1} of {ENEMIES}"
        else:
            return {"result": "over", "title": "The game goes on", "lines": lines}
        if s.rules.players > 1:
            lines.append(f"Jesters played: {s.jesters_played}")
        return {"result": s.outcome, "title": title, "lines": lines}

    # -- clicks --------------------------------------------------------------------------------
    def parts(self, s, a) -> list[str]:
        if isinstance(a, (Play, Discard)):
            return [f"card:{c}" for c in a.cards]
        if isinstance(a, NextPlayer):
            return [f"seat:{a.seat}"]
        return []

    def auto(self, a) -> bool:
        return isinstance(a, NextPlayer)  # cards wait for the button: a combo may follow

    def explain(self, s, keys: list[str]) -> str:
        """Why the clicked pieces name no legal action, in the rules' words."""
        cards = [int(k[5:]) for k in keys if k.startswith("card:") and k[5:].isdigit()]
        seats = [k for k in keys if k.startswith("seat:")]
        if s.is_terminal:
            return f"the game is over ({self.status(s)})"
        if cards and s.phase in ("play", "discard"):
            verb = Play if s.phase == "play" else Discard
            return s.explain_illegal(verb(tuple(sorted(cards))))
        if s.phase == "next":
            return (f"{self.seat_name(s, s.active)} played a Jester: click only the seat that "
                    "takes the next turn (§3 Jester resolution)")
        if seats:
            return ("a seat is chosen only after a Jester (§3 Jester resolution); now "
                    + self.status(s))
        if s.phase in ("signal", "exact kill"):
            return f"choose with the buttons: {self.status(s)}"
        return super().explain(s, keys)

    # -- odds and hint -------------------------------------------------------------------------
    def odds(self, s, seat) -> str | None:
        """Step 1: what each play does and the chance to survive the attack after it, a legend
        line for every column and the hint's play in words; step 4: the damage to cover. Only
        for the seat to move: the odds of a play name the cards of the hand (§4)."""
        if s.is_chance or s.is_terminal or seat not in (None, s.to_move):
            return None
        if s.phase == "play":
            rows = play_rows(s, seat)
            hint = self.hint(s)
            hinted = str(hint)
            body = "".join(
                ('<tr class="hint">' if r["action"] == hinted else "<tr>")
                + "".join(f"<td>{escape(str(v))}</td>" for v in _cells(r)) + "</tr>"
                for r in rows)
            head = "".join(f'<th title="{escape(legend)}">{escape(name)}</th>'
                           for name, legend in COLUMNS)
            legend = "".join(f"<li><b>{escape(name)}</b>: {escape(words)}</li>"
                             for name, words in COLUMNS)
            row = next((r for r in rows if r["action"] == hinted), None)
            return (f'<p class="odds-headline">{escape(self._headline(s, hint, row))}</p>'
                    f'<table class="odds"><tr>{head}</tr>{body}</table>'
                    f'<details class="legend"><summary>What the columns mean</summary>'
                    f'<ul class="odds-legend">{legend}</ul></details>')
        if s.phase == "discard":
            power = " (or use a Jester power first)" if s.jester_powers else ""
            return (f"<p>Step 4: {escape(self.seat_name(s, s.active))} must discard cards "
                    f"worth {s.to_cover} or more{escape(power)}; the hand is worth "
                    f"{s.hand_value()}, so it "
                    f"{'can' if s.hand_value() >= s.to_cover else 'cannot'} survive.</p>")
        return None

    def _headline(self, s, hint, row) -> str:
        """The hint's play in words, with what the table says of it."""
        if hint is USE_JESTER_POWER:
            return "Hint: use a Jester power (discard the hand and draw up to 8)."
        if row is None:
            return f"Hint: {hint}."
        if row["exact"]:
            result = f"defeats {s.enemy_name} exactly (it goes on top of the tavern)"
        elif row["defeats"]:
            result = f"defeats {s.enemy_name}"
        elif row["action"].startswith("play Jester"):
            return (f"Hint: {row['action']} — {s.enemy_name} loses its immunity, takes no damage "
                    "and does not attack; then choose who goes next.")
        else:
            left = s.enemy_health - s.damage - row["damage"]
            result = (f"{s.enemy_name} keeps {left} health; the shield stops its attack"
                      if row["attack_left"] == 0 else
                      f"{s.enemy_name} keeps {left} health and attacks for "
                      f"{row['attack_left']}: {_percent(row['survives'])} to survive it")
        damage = f"{row['damage']} damage, " if row["action"] != "yield" else ""
        return f"Hint: {row['action']} — {damage}{result}."


def _cells(r: dict) -> list:
    """One row of the odds table, in the order of ``COLUMNS``."""
    defeats = "exactly" if r["exact"] else "yes" if r["defeats"] else "no"
    return [r["action"].removeprefix("play "), _percent(r["survives"]), r["damage"], defeats,
            r["attack_left"], r["hand_left"], r["powers"] or "-"]


__all__ = ["RegicideView", "card_piece", "play_effects_then"]
