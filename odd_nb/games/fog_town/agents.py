"""Agents for studies and auto-play: ``random`` (the core's), ``heuristic``, which plays the
race as a careful player: summons a Sleeper when it can, claims and reloads whenever it can,
rests when hurt, walks to the nearest open location it may explore, takes the best weapon in
hand, kills with the fewest points that do, flees an ordinary monster's deadly strike-back and
stays in a Keeper's fight; and ``search``, Monte Carlo playouts of the heuristic.

>>> import random, odd_nb
>>> from odd_nb.core.agents import play_out
>>> game = odd_nb.load_game("fog-town")
>>> play_out(game.new_initial_state(), HeuristicAgent(), random.Random(1)).is_terminal
True
"""

from __future__ import annotations

import random
from collections import deque

from ...core.agents import RandomAgent
from .actions import (BANK, CLAIM, END_TURN, ESCAPE, EXPLORE, MOVE, RELOAD, REST, ROLL,
                      START_AT, STRIKE, SUMMON, SWITCH, TAKE_AP, TOKEN_ESCAPE)
from .clock import score
from .fights import could_strike, effective, meets_need
from .town import keeper_busy


def distances(content, targets) -> dict:
    """Edges from every node to the nearest of ``targets`` (a breadth-first walk)."""
    dist = {t: 0 for t in targets}
    todo = deque(targets)
    while todo:
        node = todo.popleft()
        for other in content.neighbours[node]:
            if other not in dist:
                dist[other] = dist[node] + 1
                todo.append(other)
    return dist


def goals(s, seat: int) -> list:
    """The open locations the player may explore (key held if locked, §1.2)."""
    c, p = s.content, s.players[seat]
    held = {item[1] for item in p.items}
    out = []
    for i, loc in enumerate(c.explorable):
        if s.status[i] != "open" or c.locations[loc].locked_by not in held | {None}:
            continue
        stack = s.piles[i + 1].stacks[seat]
        if stack is not None and not len(stack) and (
                keeper_busy(s, loc, seat) or not could_strike(c, p, c.locations[loc].keeper)):
            continue  # its Keeper cannot be fought now (A15, A20)
        known = s.piles[i + 1].known_bottom(seat) if stack is not None else []
        if known and len(known) == len(stack) and any(
                m in c.monsters and not could_strike(c, p, m) for m in known):
            continue  # only a monster it cannot harm waits there (escaped, A13)
        out.append(loc)
    return out


class HeuristicAgent:
    """A careful racer (see the module's docstring)."""

    def choose(self, state, rng: random.Random):
        legal = state.legal_actions()
        by_kind: dict = {}
        for a in legal:
            by_kind.setdefault(a.kind, []).append(a)
        s, seat = state, state.current
        c, p, fight = s.content, s.players[seat], s.fights[seat]
        health = c.rules["health"]
        if SUMMON in by_kind and p.wounds <= 2:  # a Sleeper's ending before a peaceful one
            return by_kind[SUMMON][0]
        for kind in (CLAIM, RELOAD):
            if kind in by_kind:
                return by_kind[kind][0]
        if START_AT in by_kind:
            dist = distances(c, goals(s, seat) or list(c.explorable))
            return min(by_kind[START_AT], key=lambda a: (dist.get(a.arg, 99), str(a)))
        if ROLL in by_kind:  # the start of a turn
            keeper = self.keeper_next(s, seat)
            if REST in by_kind and (p.wounds >= health - 3 or keeper and
                                    p.wounds + keeper >= health):
                return by_kind[REST][0]
            return by_kind[ROLL][0]
        if TAKE_AP in by_kind:
            return by_kind[BANK][0] if p.wounds >= health - 2 and BANK in by_kind \
                else by_kind[TAKE_AP][0]
        if fight is not None:
            return self.fight(s, seat, by_kind)
        if SWITCH in by_kind:
            best = max(by_kind[SWITCH], key=lambda a: effective(c, a.arg)[0])
            if effective(c, best.arg)[0] > effective(c, p.hand)[0]:
                return best
        if EXPLORE in by_kind and p.wounds < health - 2 and p.node in goals(s, seat) and \
                p.wounds + self.keeper_next(s, seat) < health:
            return by_kind[EXPLORE][0]
        if MOVE in by_kind:
            targets = goals(s, seat)
            if p.wounds >= health - 2:
                targets = [n for n in c.neighbours[p.node] if n in c.locations] or targets
            if targets and p.node not in targets:
                dist = distances(c, targets)
                return min(by_kind[MOVE], key=lambda a: (dist.get(a.arg, 99), str(a)))
        return by_kind[END_TURN][0]

    @staticmethod
    def keeper_next(s, seat) -> int:
        """The strength of the Keeper an Explore here would meet now, else 0."""
        c, node = s.content, s.players[seat].node
        if node not in c.explorable:
            return 0
        stack = s.piles[c.explorable.index(node) + 1].stacks[seat]
        if stack is None or len(stack):
            return 0
        return c.monsters[c.locations[node].keeper].strength

    def fight(self, s, seat, by_kind):
        c, p, fight = s.content, s.players[seat], s.fights[seat]
        monster = c.monsters[fight.monster]
        left = monster.health - fight.damage
        bonus = effective(c, p.hand)[0]
        strikes = by_kind.get(STRIKE, [])
        for a in strikes:
            if a.arg + bonus >= left:
                return a
        if SWITCH in by_kind and s.ap >= 2 and not fight.struck:
            usable = [a for a in by_kind[SWITCH] if meets_need(c, a.arg, fight.monster)]
            if usable:
                best = max(usable, key=lambda a: effective(c, a.arg)[0])
                if not strikes or effective(c, best.arg)[0] > bonus:
                    return best
        deadly = p.wounds + monster.strength >= c.rules["health"]
        if deadly and ESCAPE in by_kind:
            return by_kind[ESCAPE][0]
        if deadly and TOKEN_ESCAPE in by_kind and not strikes and not fight.struck:
            return by_kind[TOKEN_ESCAPE][0]  # no strike possible at all: a token, not a wait
        # having struck, wait for the next roll: one more strike kills it or closes the place
        if ESCAPE in by_kind and not strikes:
            return by_kind[ESCAPE][0]
        if strikes:  # with no way out, waiting only lets the clock run
            return strikes[-1]
        return by_kind[END_TURN][0]

    def __repr__(self) -> str:
        return "HeuristicAgent()"


#: the decisions the search weighs (the start of a turn, banking, fights); walking and exploring
#: follow the heuristic
SEARCHED = frozenset((ROLL, BANK, STRIKE, ESCAPE, TOKEN_ESCAPE, SUMMON))


class SearchAgent:
    """Monte Carlo search: each legal action is tried ``iterations // len(actions)`` times (at
    least 4), the game played out by the heuristic agent (every action meeting the same chance
    in its i-th playout), and the heuristic's own choice is kept unless another action's mean
    value is better by ``margin`` (a win counts 1, each point of score ``score_weight``).
    The state hides nothing that is decided (A25), so a playout from it cheats on nothing.
    Only the decisions in ``SEARCHED`` are weighed; the heuristic walks, explores and places
    alone.

    >>> import random, odd_nb
    >>> s = odd_nb.start("fog-town", content="test", seed=1, first_player=0).state
    >>> str(SearchAgent(iterations=4).choose(s, random.Random(1)))[:8]
    'start at'
    """

    def __init__(self, iterations: int = 48, max_steps: int = 5_000, margin: float = 0.25,
                 score_weight: float = 1 / 20):
        self.iterations = iterations
        self.margin = margin
        self.score_weight = score_weight
        self.max_steps = max_steps
        self.heuristic = HeuristicAgent()

    def value(self, state, seat: int, rng: random.Random) -> float:
        for _ in range(self.max_steps):
            if state.is_terminal:
                break
            state = state.apply(state.sample_chance(rng.random()) if state.is_chance
                                else self.heuristic.choose(state, rng))
        return state.returns()[seat] + score(state, seat) * self.score_weight

    def choose(self, state, rng: random.Random):
        legal = state.legal_actions()
        default = self.heuristic.choose(state, rng)
        if len(legal) == 1 or not any(a.kind in SEARCHED for a in legal):
            return default
        seat = state.current
        tries = max(4, self.iterations // len(legal))
        # common random numbers: every action meets the same chance in its i-th playout
        seeds = [rng.getrandbits(64) for _ in range(tries)]
        values = {}
        for action in legal:
            after = state.apply(action)
            values[action] = sum(self.value(after, seat, random.Random(x))
                                 for x in seeds) / tries
        best = max(legal, key=lambda a: values[a])
        # the heuristic's choice stands unless the playouts find something clearly better
        return best if values[best] > values[default] + self.margin else default

    def __repr__(self) -> str:
        return f"SearchAgent(iterations={self.iterations})"


__all__ = ["HeuristicAgent", "RandomAgent", "SearchAgent"]
