"""The Timeline: a game's history with undo, redo, jump, branch, seeded chance and save files.

States are immutable, so the timeline simply keeps every state it has passed through: undo and
redo move a cursor (O(1)) and give back the very same objects.

Chance is resolved from the seed *and the path taken*: each history entry extends a running hash,
and a chance node's outcome is read from the hash of the path that leads to it. So after an undo,
taking the same actions again meets the same dice (no save-scumming), a different action leads to
different dice, and the game replays identically on any machine. ``fresh_chance()`` changes the
salt when a user does want new rolls.

>>> import odd_nb
>>> t = odd_nb.start("one-deck-dungeon", seed=7)
>>> t.play("time passes")
>>> t.undo(); t.redo()
>>> str(t.history[0])
'time passes'
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from typing import Any

from .chance import path_point, path_start, path_step
from .game import Game
from .registry import game_of, load_game
from .state import IllegalAction, LoadError, OptionError, State

SAVE_FORMAT = "odd_nb.timeline"
SAVE_VERSION = 1


@dataclass(frozen=True)
class Entry:
    """One step of the history: the action (or chance outcome) and the state it led to."""

    action: Any
    state: State
    chance: bool
    digest: bytes
    salt: int = 0  # the fresh-chance salt the outcome was drawn with (``fresh_chance``)
    manual: bool = False  # a chance outcome chosen by hand, not drawn from the seed

    def __str__(self) -> str:
        return str(self.action)

    def __repr__(self) -> str:
        return f"Entry({'chance: ' if self.chance else ''}{self.action!s})"


class Timeline:
    """A game in progress with its history. Made by ``odd_nb.start(...)``.

    ``auto_chance`` (default true) resolves chance nodes as soon as they come up; with it off, a
    chance node waits for ``roll()`` or for an outcome given to ``play`` by hand.

    ``strict_undo`` (default: what the game says, true for hidden hands with several players):
    the secrecy policy (docs/design.md, "Secrets"). No method moves the timeline back over a
    chance outcome a player has seen (``undo``, ``jump``), and a ``branch`` draws fresh chance,
    so it cannot preview what a decision would draw here; nobody can see a draw, take the
    decision back and choose again knowing it (boardgame.io's rule for moves that reveal
    information). ``undo(force=True)`` and ``jump(i, force=True)`` still do, for analysis; the
    timeline then says ``forced`` and so do its save files.

    A seeded timeline (``auto_chance``) never rests on a chance node. An outcome given to
    ``play`` by hand (with ``auto_chance`` off) is marked as such (``manual_chance``), and so is
    its save file, so that a shared game can be told from an edited one.
    """

    def __init__(self, game: Game, options: dict | None, seed: int | None = None, *,
                 auto_chance: bool = True, strict_undo: bool | None = None,
                 start: State | None = None):
        self.game = game
        self.options = options
        if strict_undo is None:
            strict_undo = game.strict_undo_at(start) if start else game.strict_undo(options)
        self.strict_undo = strict_undo
        if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
            raise OptionError(f"the seed must be a whole number, found {seed!r}")
        self.seed = int.from_bytes(os.urandom(6), "big") if seed is None else seed
        self.auto_chance = auto_chance
        self._salt = 0
        self.forced = False  # whether the secrecy policy was overridden (force=True)
        self._start = game.initial_state(options) if start is None else start
        self._root_digest = path_start(game.name, self.seed, game.seed_options(options)
                                       if start is None else repr(start))
        self._entries: list[Entry] = []
        self._cursor = 0  # number of entries that lead to the current state
        self._watchers: list = []
        if auto_chance:
            self._resolve_chance()

    # -- reading -------------------------------------------------------------------------------
    @property
    def state(self) -> State:
        """The current state."""
        return self._entries[self._cursor - 1].state if self._cursor else self._start

    @property
    def history(self) -> list[Entry]:
        """The entries that led to the current state, oldest first."""
        return self._entries[:self._cursor]

    @property
    def future(self) -> list[Entry]:
        """The entries ``redo`` would replay."""
        return self._entries[self._cursor:]

    def __len__(self) -> int:
        return len(self._entries)

    def legal_actions(self) -> list:
        return self.state.legal_actions()

    def history_text(self, player: int | None = None, future: bool = False) -> list[str]:
        """The history as lines of text as ``player`` may read them: a chance outcome that was
        secret to them (another seat's draw) reads as the game's words for it, not the card, and
        so does another seat's secret decision (``State.action_text``). With ``future`` the
        undone entries follow.

        >>> import odd_nb
        >>> t = odd_nb.start("one-deck-dungeon", seed=7)
        >>> t.play("time passes")
        >>> t.history_text(0)[0]
        'time passes'
        """
        entries = self._entries if future else self.history
        before = [self._start] + [e.state for e in entries]
        return [before[i].outcome_text(e.action, player) if e.chance
                else before[i].action_text(e.action, player) for i, e in enumerate(entries)]

    def movers(self, future: bool = False) -> list[int]:
        """Who made each entry of the history: the seat that decided it, or ``CHANCE`` (the
        ``to_move`` of the state it was made in). With ``future`` the undone entries follow.

        >>> import odd_nb
        >>> t = odd_nb.start("regicide", players=2, seed=3)
        >>> t.play(t.legal_actions()[0])
        >>> t.movers()[-1] == 0 and all(m < 0 for m in t.movers()[:-1])
        True
        """
        entries = self._entries if future else self.history
        before = [self._start] + [e.state for e in entries]
        return [before[i].to_move for i in range(len(entries))]

    @property
    def can_undo(self) -> bool:
        return any(not e.chance for e in self._entries[:self._cursor])

    @property
    def can_redo(self) -> bool:
        return self._cursor < len(self._entries)

    # -- playing -------------------------------------------------------------------------------
    def play(self, action) -> None:
        """Play an action (or its ``str()``), then resolve chance nodes that follow.

        Raises IllegalAction, and changes nothing, if the action is not allowed here."""
        state = self.state
        if isinstance(action, str):
            action = state.find_action(action)
        new_state = state.apply(action)
        self._append(action, new_state, state.is_chance, manual=state.is_chance)
        if self.auto_chance:
            self._resolve_chance()
        self._changed()

    def roll(self) -> None:
        """Resolve the chance node at hand (and those after it, with ``auto_chance``)."""
        if not self.state.is_chance:
            raise IllegalAction("nothing to roll or draw: no chance node is at hand")
        self._resolve_one()
        if self.auto_chance:
            self._resolve_chance()
        self._changed()

    def fresh_chance(self) -> None:
        """From now on, chance nodes get outcomes unrelated to any earlier try of the same path."""
        self._salt += 1

    def _digest(self) -> bytes:
        return self._entries[self._cursor - 1].digest if self._cursor else self._root_digest

    def _append(self, action, new_state: State, chance: bool, salt: int = 0,
                manual: bool = False) -> None:
        digest = path_step(self._digest(), str(action))
        del self._entries[self._cursor:]
        self._entries.append(Entry(action, new_state, chance, digest, salt, manual))
        self._cursor += 1

    def _drawn(self, salt: int):
        """The outcome the seed gives the chance node at hand, on this path, with ``salt``."""
        key = self._digest() if not salt else path_step(self._digest(), f"salt {salt}")
        return self.state.sample_chance(path_point(key))

    def _resolve_one(self) -> None:
        outcome = self._drawn(self._salt)
        self._append(outcome, self.state.apply(outcome), True, self._salt)

    @property
    def manual_chance(self) -> tuple:
        """The steps (1 is the first) whose chance outcome was chosen by hand, not drawn from the
        seed: empty for a game played as dealt."""
        return tuple(i + 1 for i, e in enumerate(self._entries) if e.manual)

    def _resolve_chance(self) -> None:
        while self.state.is_chance:
            self._resolve_one()

    # -- moving in time ------------------------------------------------------------------------
    def undo(self, force: bool = False) -> None:
        """Go back to before the last decision (and the chance outcomes that followed it).

        With ``strict_undo`` that is refused when a chance outcome (a draw) followed the
        decision, unless ``force``."""
        why = self.why_not_undo(force)
        if why:
            # in a cell the analyst's way out is worth saying; a board says the reason only
            analysis = " (undo(force=True) for analysis)" if self._last_decision() >= 0 else ""
            raise IllegalAction(why + analysis)
        i = self._last_decision()
        if self.strict_undo and i < self._cursor - 1:
            self.forced = True
        self._cursor = i
        self._changed()

    def _last_decision(self) -> int:
        i = self._cursor - 1
        while i >= 0 and self._entries[i].chance:
            i -= 1
        return i

    def why_not_undo(self, force: bool = False) -> str | None:
        """Why ``undo()`` would be refused here, in the game's words (``None``: it would not):
        how a widget's Undo button explains itself.

        >>> import odd_nb
        >>> odd_nb.start("one-deck-dungeon", seed=7).why_not_undo()
        'nothing to undo: no decision has been made yet'
        """
        i = self._last_decision()
        if i < 0:
            return "nothing to undo: no decision has been made yet"
        if self.strict_undo and i < self._cursor - 1 and not force:
            return ("undo would take back a draw a player has seen; in this game undo stops "
                    "at the last card or roll drawn")
        return None

    def redo(self) -> None:
        """Replay the next undone decision with the same chance outcomes as before."""
        if not self.can_redo:
            raise IllegalAction("nothing to redo")
        self._cursor += 1
        while self._cursor < len(self._entries) and self._entries[self._cursor].chance:
            self._cursor += 1
        self._changed()

    def jump(self, i: int, force: bool = False) -> None:
        """Go to the state after the first ``i`` entries (0 is the start); redo can come back.

        Refused where a seeded timeline cannot rest (a chance node) and, with ``strict_undo``,
        before the last chance outcome already seen, unless ``force``."""
        why = self._why_not_jump(i, force)
        if why:
            raise IllegalAction(why)
        if self.strict_undo and i < self.last_seen_draw:
            self.forced = True
        self._cursor = i
        self._changed()

    def can_jump(self, i) -> bool:
        """Whether ``jump(i)`` is allowed (without ``force``): how a widget knows which steps of
        the history to offer."""
        return self._why_not_jump(i) is None

    def _why_not_jump(self, i, force: bool = False) -> str | None:
        if isinstance(i, bool) or not isinstance(i, int) or not 0 <= i <= len(self._entries):
            return f"no step {i!r}: this timeline has steps 0 to {len(self._entries)}"
        if self.auto_chance and (self._entries[i - 1].state if i else self._start).is_chance:
            return (f"step {i} is a chance node, where the game never rests; go to a step where "
                    f"a decision is due")
        if self.strict_undo and not force and i < self.last_seen_draw:
            return (f"step {i} is before a draw a player has seen (step {self.last_seen_draw}); "
                    f"in this game nobody goes back past a draw (jump(i, force=True) for "
                    f"analysis)")
        return None

    @property
    def last_seen_draw(self) -> int:
        """The step of the last chance outcome in the history (0 if none): with ``strict_undo``,
        how far back the timeline may go."""
        return max((i + 1 for i in range(self._cursor) if self._entries[i].chance), default=0)

    # -- watching ------------------------------------------------------------------------------
    def watch(self, callback) -> None:
        """Call ``callback(timeline)`` after every change (play, roll, undo, redo, jump): how a
        play widget follows a game that a notebook cell changes.

        >>> import odd_nb
        >>> t = odd_nb.start("one-deck-dungeon", seed=7)
        >>> seen = []
        >>> t.watch(lambda tl: seen.append(len(tl.history)))
        >>> t.play("time passes"); t.undo()
        >>> seen
        [3, 0]
        """
        self._watchers.append(callback)

    def unwatch(self, callback) -> None:
        """Stop calling ``callback``."""
        self._watchers = [w for w in self._watchers if w is not callback]

    def _changed(self) -> None:
        for callback in list(self._watchers):
            callback(self)

    def branch(self) -> "Timeline":
        """A new timeline sharing this one's past up to the current state, with no future (with
        ``strict_undo``, and fresh chance from here)."""
        other = object.__new__(Timeline)
        other.__dict__.update(self.__dict__)
        other._entries = self._entries[:self._cursor]
        other._watchers = []
        if self.strict_undo:
            other._salt += 1  # fresh chance: a branch may not preview this game's next draws
        return other

    # -- save files ----------------------------------------------------------------------------
    @classmethod
    def starting_at(cls, state: State, seed: int | None = None) -> "Timeline":
        """A timeline whose start is ``state`` (say, a position built for a lesson or found by
        an analysis) instead of the game's setup. It plays, undoes and branches like any
        other; it cannot be saved, as save files replay from the setup.

        >>> import odd_nb
        >>> s = odd_nb.start("regicide", players=1, seed=3).state
        >>> t = Timeline.starting_at(s, seed=1)
        >>> t.state is s, t.game.name
        (True, 'regicide')
        """
        game = game_of(state)
        timeline = object.__new__(cls)
        timeline.__init__(game, None, seed, start=state)
        return timeline

    def to_json(self) -> str:
        """A versioned JSON save file: game, options, seed and the whole log as text."""
        if self.options is None:
            raise IllegalAction("this timeline starts from a state given by hand "
                                "(Timeline.starting_at), and save files replay from the game's "
                                "setup: it cannot be saved")
        data = {
            "format": SAVE_FORMAT, "version": SAVE_VERSION, "game": self.game.name,
            "content": self.game.data_name, "options": self.options, "seed": self.seed,
            "log": [str(e.action) for e in self._entries], "cursor": self._cursor,
        }
        # only where they apply, so a game played as dealt saves as it always did
        salts = {str(i + 1): e.salt for i, e in enumerate(self._entries) if e.salt}
        if salts or self._salt:
            data["salts"], data["salt"] = salts, self._salt
        if self.manual_chance:
            data["manual"] = list(self.manual_chance)
        if self.forced:
            data["forced"] = True
        return json.dumps(data, indent=1)

    @classmethod
    def from_json(cls, text: str, **game_kwargs) -> "Timeline":
        """Load a save file, replaying and checking every step. Raises LoadError saying where
        the file is wrong. Never runs code from the file. Keyword arguments go to ``load_game``
        (e.g. ``content=path`` for a game saved with your own cards)."""
        try:
            data = json.loads(text)
        except (json.JSONDecodeError, TypeError) as e:
            raise LoadError(f"not a save file: it is not valid JSON ({e})") from None
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            raise LoadError(f"not a save file: 'format' must be {SAVE_FORMAT!r}")
        if data.get("version") != SAVE_VERSION:
            raise LoadError(f"save file version {data.get('version')!r} is not supported; "
                            f"this odd_nb reads version {SAVE_VERSION}")
        kinds = {"game": str, "options": dict, "seed": int, "log": list, "cursor": int}
        for key, kind in kinds.items():
            if not isinstance(data.get(key), kind) or isinstance(data.get(key), bool):
                raise LoadError(f"save file field {key!r} is missing or not a {kind.__name__}")
        try:
            game = load_game(data["game"], **game_kwargs)
            if data.get("content") != game.data_name:
                raise LoadError(f"this save file was made with the card data "
                                f"{data.get('content')!r}, not {game.data_name!r}: load it with "
                                f"that content (Timeline.from_json(text, content=...))")
            timeline = cls(game, game.normalize_options(**data["options"]), data["seed"],
                           auto_chance=False)
        except OptionError as e:
            raise LoadError(f"save file options: {e}") from None
        manual, salts = cls._chance_record(data)
        for i, text in enumerate(data["log"]):
            step = i + 1
            if not isinstance(text, str):
                raise LoadError(f"save file step {step}: {text!r} is not an action")
            if timeline.state.is_chance and step not in manual:
                # a drawn outcome must be what the seed draws on this path: else it was edited
                drawn = timeline._drawn(salts.get(step, 0))
                if str(drawn) != text:
                    raise LoadError(f"save file step {step} ({text!r}) is not what the seed "
                                    f"draws there ({str(drawn)!r}): the file was edited")
                timeline._append(drawn, timeline.state.apply(drawn), True, salts.get(step, 0))
                continue
            if step in manual and not timeline.state.is_chance:
                raise LoadError(f"save file step {step} ({text!r}) is marked as chance chosen "
                                f"by hand, but it is a decision")
            try:
                timeline.play(text)
            except IllegalAction as e:
                raise LoadError(f"save file step {step} ({text!r}) is not legal there: {e}") \
                    from None
        if not 0 <= data["cursor"] <= len(data["log"]):
            raise LoadError(f"save file cursor {data['cursor']} is outside its log")
        timeline._cursor = data["cursor"]
        if timeline.state.is_chance and not timeline.state.is_terminal:
            raise LoadError(f"save file cursor {data['cursor']} rests on a chance node, where "
                            f"a seeded game never stops")
        timeline._salt = data.get("salt", 0)
        timeline.forced = data.get("forced", False) is True
        timeline.auto_chance = True
        return timeline

    @staticmethod
    def _chance_record(data: dict) -> tuple[set, dict]:
        """The steps a save file marks as chance chosen by hand, and the salt of each step drawn
        after ``fresh_chance``; LoadError if they are malformed."""
        manual, salts = data.get("manual", []), data.get("salts", {})
        n = len(data["log"])
        if not isinstance(manual, list) or not all(
                isinstance(k, int) and not isinstance(k, bool) and 1 <= k <= n for k in manual):
            raise LoadError("save file field 'manual' must list step numbers of its log")
        if not isinstance(salts, dict) or not all(
                isinstance(k, str) and k.isdigit() and 1 <= int(k) <= n and isinstance(v, int)
                and not isinstance(v, bool) and v > 0 for k, v in salts.items()):
            raise LoadError("save file field 'salts' must map step numbers to fresh-chance salts")
        salt = data.get("salt", 0)
        if not isinstance(salt, int) or isinstance(salt, bool) or salt < 0:
            raise LoadError("save file field 'salt' must be a whole number, 0 or more")
        return set(manual), {int(k): v for k, v in salts.items()}

    def __repr__(self) -> str:
        return (f"<Timeline {self.game.name} seed={self.seed} step {self._cursor}"
                f"/{len(self._entries)}>")
