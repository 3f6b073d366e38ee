"""Agents for studies and auto-play: ``random`` (the core's), ``heuristic``, which plays the
race as a careful player: summons a Sleeper when it can, claims and reloads whenever it can,
rests when hurt, walks to the nearest open location it may explore, takes the best weapon in
hand, kills with the fewest points that do, flees an ordinary monster's deadly strike-back and
stays in a Keeper's fight (``HeuristicAgent.bold()`` is a bolder one); and ``search``,
Monte Carlo playouts of the bold heuristic.

>>> import random, odd_nb
>>> from odd_nb.core.agents import play_out
>>> game = odd_nb.load_game("fog-town")
>>> play_out(game.new_initial_state(), HeuristicAgent(), random.Random(1)).is_terminal
True
"""

from __future__ import annotations

import math
import random
import statistics
from collections import deque

from ...core.agents import RandomAgent
from .actions import (BANK, CLAIM, END, END_TURN, ESCAPE, EXPLORE, MOVE, RELOAD, REST, ROLL,
                      START_AT, STRIKE, SUMMON, SWITCH, TAKE_AP, TOKEN_ESCAPE)
from .clock import score
from .fights import could_strike, effective, meets_need
from .town import keeper_busy


def distances(content, targets) -> dict:
    """Edges from every node to the nearest of ``targets`` (a breadth-first walk), worked out
    once per town and set of targets (the caller only reads it).

    >>> import odd_nb
    >>> town = odd_nb.start("fog-town", content="test", seed=1).state.content
    >>> distances(town, ["cannery"])["c12"], distances(town, ["cannery", "waterworks"])["c13"]
    (2, 2)
    """
    table = content.__dict__.setdefault("_distances", {})
    key = tuple(targets)
    dist = table.get(key)
    if dist is None:
        dist = table[key] = _walk(content, key)
    return dist


def _walk(content, targets) -> dict:
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
    """A careful racer (see the module's docstring). Four knobs make it bolder (the defaults
    are the careful racer): ``reserve``, the health it keeps before exploring (below it, it
    walks to a location to rest); ``risk_keepers``, whether it meets a Keeper whose first
    strike-back would just kill it (a death there closes the location, A17, which also
    clears the town, §14); ``keep_sleeper_clues``, whether it keeps clues a Sleeper asks for
    rather than spend them on a peaceful ending (§10, §13); ``scavenge``, whether it walks the
    streets for their cards when nothing is left that it may explore, rather than wait.

    >>> HeuristicAgent()
    HeuristicAgent()
    >>> HeuristicAgent.bold()
    HeuristicAgent(reserve=0, risk_keepers=True, keep_sleeper_clues=True, scavenge=True)
    """

    def __init__(self, reserve: int = 2, risk_keepers: bool = False,
                 keep_sleeper_clues: bool = False, scavenge: bool = False):
        self.reserve = reserve
        self.risk_keepers = risk_keepers
        self.keep_sleeper_clues = keep_sleeper_clues
        self.scavenge = scavenge

    @classmethod
    def bold(cls) -> "HeuristicAgent":
        """The bold racer the search plays out: it explores at any health, risks Keepers, keeps
        Sleeper clues and scavenges."""
        return cls(reserve=0, risk_keepers=True, keep_sleeper_clues=True, scavenge=True)

    def choose(self, state, rng: random.Random):
        legal = state.legal_actions()
        s, seat = state, state.current
        c, p, fight = s.content, s.players[seat], s.fights[seat]
        by_kind: dict = {}
        for a in legal:
            if a.kind == CLAIM and self.keep_sleeper_clues and sleeper_tags(c, a.arg):
                continue
            by_kind.setdefault(a.kind, []).append(a)
        health = c.rules["health"]
        keeper_limit = health + (1 if self.risk_keepers else 0)  # wounds a Keeper may bring
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
                                    p.wounds + keeper >= keeper_limit):
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
        if EXPLORE in by_kind and p.wounds < health - self.reserve and \
                p.node in goals(s, seat) and p.wounds + self.keeper_next(s, seat) < keeper_limit:
            return by_kind[EXPLORE][0]
        if MOVE in by_kind:
            targets = goals(s, seat)
            if p.wounds >= health - self.reserve:
                targets = [n for n in c.neighbours[p.node] if n in c.locations] or targets
            if targets and p.node not in targets:
                dist = distances(c, targets)
                return min(by_kind[MOVE], key=lambda a: (dist.get(a.arg, 99), str(a)))
            if self.scavenge and not targets:
                return self.walk_the_streets(c, p, by_kind[MOVE], health)
        return by_kind[END_TURN][0]

    @staticmethod
    def walk_the_streets(c, p, moves, health):
        """With nothing left to explore (a lock, a Keeper it cannot harm), walk the streets for
        their cards (a firearm, ammunition, a key clue, §4.2) while fit, else make for a
        location to rest in (§3.3)."""
        if p.wounds < health - 3:
            streets = [a for a in moves if c.nodes[a.arg]["kind"] == "street"]
            if streets:
                return min(streets, key=str)
        if p.node in c.locations:
            return END
        dist = distances(c, list(c.locations))
        return min(moves, key=lambda a: (dist.get(a.arg, 99), str(a)))

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
        knobs = [f"{k}={v!r}" for k, v, default in (
            ("reserve", self.reserve, 2), ("risk_keepers", self.risk_keepers, False),
            ("keep_sleeper_clues", self.keep_sleeper_clues, False),
            ("scavenge", self.scavenge, False)) if v != default]
        return f"HeuristicAgent({', '.join(knobs)})"


def sleeper_tags(c, ending: str) -> bool:
    """Whether a peaceful ending's set spends clues of a tag some Sleeper asks for (§10, §13)."""
    wanted = {tag for m in c.sleepers for tag, _ in c.monsters[m].requires}
    return any(tag in wanted for tag, _ in c.endings[ending].requires)


#: the decisions the search weighs (the start of a turn: rest, roll, summon; the bank; endings);
#: walking, exploring and fighting follow the playout policy
SEARCHED = frozenset((ROLL, BANK, SUMMON, CLAIM))


class SearchAgent:
    """Monte Carlo search over a playout policy, by default the bold racer
    (``HeuristicAgent.bold()``): each legal action is tried ``iterations // len(actions)``
    times (at least 8), the game played out by the policy (every action meeting the same
    chance in its i-th playout), and the policy's own choice is kept unless another action's
    value beats it, playout by playout, by more than ``margin`` on average and by more than
    twice the standard error of that average (a win counts 1, each point of score
    ``score_weight``): a handful of lucky playouts does not overrule the policy. The state
    hides nothing that is decided (A25), so a playout from it cheats on nothing. Only the
    decisions in ``SEARCHED`` are weighed; the policy walks, explores, fights and places alone.

    >>> import random, odd_nb
    >>> s = odd_nb.start("fog-town", content="test", seed=1, first_player=0).state
    >>> str(SearchAgent(iterations=4).choose(s, random.Random(1)))[:8]
    'start at'
    """

    def __init__(self, iterations: int = 64, max_steps: int = 5_000, margin: float = 0.1,
                 score_weight: float = 1 / 20, policy=None):
        self.iterations = iterations
        self.margin = margin
        self.score_weight = score_weight
        self.max_steps = max_steps
        self.policy = policy if policy is not None else HeuristicAgent.bold()

    def value(self, state, seat: int, rng: random.Random) -> float:
        policy = self.policy
        for _ in range(self.max_steps):
            if state.is_terminal:
                break
            state = state.apply(state.sample_chance(rng.random()) if state.is_chance
                                else policy.choose(state, rng))
        return state.returns()[seat] + score(state, seat) * self.score_weight

    def choose(self, state, rng: random.Random):
        legal = state.legal_actions()
        default = self.policy.choose(state, rng)
        if len(legal) == 1 or not any(a.kind in SEARCHED for a in legal):
            return default
        seat = state.current
        tries = max(8, self.iterations // len(legal))
        # common random numbers: every action meets the same chance in its i-th playout
        seeds = [rng.getrandbits(64) for _ in range(tries)]
        values = {action: [self.value(state.apply(action), seat, random.Random(x))
                           for x in seeds] for action in legal}
        best, gain = default, 0.0
        for action in legal:
            diffs = [a - b for a, b in zip(values[action], values[default])]
            mean = statistics.fmean(diffs)
            if mean > max(self.margin, gain, 2 * statistics.stdev(diffs) / math.sqrt(tries)):
                best, gain = action, mean
        return best

    def __repr__(self) -> str:
        return f"SearchAgent(iterations={self.iterations}, policy={self.policy!r})"


__all__ = ["HeuristicAgent", "RandomAgent", "SearchAgent"]
