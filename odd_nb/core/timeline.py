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

    def __str__(self) -> str:
        return str(self.action)

    def __repr__(self) -> str:
        return f"Entry({'chance: ' if self.chance else ''}{self.action!s})"


class Timeline:
    """A game in progress with its history. Made by ``odd_nb.start(...)``.

    ``auto_chance`` (default true) resolves chance nodes as soon as they come up; with it off, a
    chance node waits for ``roll()`` or for an outcome given to ``play`` by hand.

    ``strict_undo`` (default: what the game says, true for hidden hands with several players):
    undo may not step back over a chance outcome, so nobody can see a draw, take the decision
    back and choose again knowing it (boardgame.io's rule for moves that reveal information).
    ``undo(force=True)`` still does, for analysis.
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
        secret to them (another seat's draw) reads as the game's words for it, not the card.
        With ``future`` the undone entries follow.

        >>> import odd_nb
        >>> t = odd_nb.start("one-deck-dungeon", seed=7)
        >>> t.play("time passes")
        >>> t.history_text(0)[0]
        'time passes'
        """
        entries = self._entries if future else self.history
        before = [self._start] + [e.state for e in entries]
        return [before[i].outcome_text(e.action, player) if e.chance else str(e.action)
                for i, e in enumerate(entries)]

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
        self._append(action, new_state, state.is_chance)
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

    def _append(self, action, new_state: State, chance: bool) -> None:
        digest = path_step(self._digest(), str(action))
        del self._entries[self._cursor:]
        self._entries.append(Entry(action, new_state, chance, digest))
        self._cursor += 1

    def _resolve_one(self) -> None:
        state = self.state
        key = self._digest() if not self._salt else path_step(self._digest(), f"salt {self._salt}")
        outcome = state.sample_chance(path_point(key))
        self._append(outcome, state.apply(outcome), True)

    def _resolve_chance(self) -> None:
        while self.state.is_chance:
            self._resolve_one()

    # -- moving in time ------------------------------------------------------------------------
    def undo(self, force: bool = False) -> None:
        """Go back to before the last decision (and the chance outcomes that followed it).

        With ``strict_undo`` that is refused when a chance outcome (a draw) followed the
        decision, unless ``force``."""
        i = self._cursor - 1
        while i >= 0 and self._entries[i].chance:
            i -= 1
        if i < 0:
            raise IllegalAction("nothing to undo: no decision has been made yet")
        if self.strict_undo and not force and i < self._cursor - 1:
            raise IllegalAction("undo would take back a draw a player has seen; in this game "
                                "undo stops at the last chance outcome (undo(force=True) for "
                                "analysis)")
        self._cursor = i
        self._changed()

    def redo(self) -> None:
        """Replay the next undone decision with the same chance outcomes as before."""
        if not self.can_redo:
            raise IllegalAction("nothing to redo")
        self._cursor += 1
        while self._cursor < len(self._entries) and self._entries[self._cursor].chance:
            self._cursor += 1
        self._changed()

    def jump(self, i: int) -> None:
        """Go to the state after the first ``i`` entries (0 is the start); redo can come back."""
        if not 0 <= i <= len(self._entries):
            raise IllegalAction(f"no step {i}: this timeline has steps 0 to {len(self._entries)}")
        self._cursor = i
        self._changed()

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
        """A new timeline sharing this one's past up to the current state, with no future."""
        other = object.__new__(Timeline)
        other.__dict__.update(self.__dict__)
        other._entries = self._entries[:self._cursor]
        other._watchers = []
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
        return json.dumps({
            "format": SAVE_FORMAT, "version": SAVE_VERSION, "game": self.game.name,
            "content": self.game.data_name, "options": self.options, "seed": self.seed,
            "log": [str(e.action) for e in self._entries], "cursor": self._cursor,
        }, indent=1)

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
        for i, text in enumerate(data["log"]):
            if not isinstance(text, str):
                raise LoadError(f"save file step {i + 1}: {text!r} is not an action")
            try:
                timeline.play(text)
            except IllegalAction as e:
                raise LoadError(f"save file step {i + 1} ({text!r}) is not legal there: {e}") \
                    from None
        if not 0 <= data["cursor"] <= len(data["log"]):
            raise LoadError(f"save file cursor {data['cursor']} is outside its log")
        timeline._cursor = data["cursor"]
        timeline.auto_chance = True
        return timeline

    def __repr__(self) -> str:
        return (f"<Timeline {self.game.name} seed={self.seed} step {self._cursor}"
                f"/{len(self._entries)}>")
