"""Agents for Dungeon Twister: ``random`` (the core's), ``heuristic`` (rules of thumb) and
``search`` (information-set Monte Carlo: rollouts from positions sampled to agree with what the
seat knows).

>>> import random, odd_nb
>>> from odd_nb.core.agents import play_out
>>> s = odd_nb.load_game("dungeon-twister").new_initial_state(round_limit=3)
>>> play_out(s, HeuristicAgent(), random.Random(2)).is_terminal
True
"""

from __future__ import annotations

import random
from dataclasses import replace

from ...core.agents import RandomAgent
from .actions import (ATTACK, BEGIN, COMBAT_CARD, END_MOVE, END_TURN, FIREBALL, HEAL, JUMP,
                      PICK_UP, PLAY_ACTION_CARD, REVEAL, ROTATE, STEP, WALL_STEP,
                      GIVE, PUT_DOWN, SWAP, TAKE)
from .actions import is_character, tokens_of
from .board import LINE_ROW
from .position import has_effect, record, square_of


class HeuristicAgent:
    """Rules of thumb: head for the exit line, leave when possible, pick up the Treasure,
    attack when the group is stronger, reveal rooms that block the way, end moves nearer the
    exit, and play big combat cards only in fights worth it."""

    def choose(self, state, rng: random.Random):
        legal = state.legal_actions()
        return max(legal, key=lambda a: (self.score(state, a), rng.random()))

    def score(self, x, a) -> float:
        content = x.rules.content
        verb = a.verb
        seat = x.decider
        goal = LINE_ROW[1 - seat]
        if verb in (STEP, JUMP, WALL_STEP):
            if "leaves" in a.text:
                return 100
            sq = square_of(x, a.who)
            d = {"N": 1, "S": -1}.get(a.a, 0) * (1 if goal > sq[0] else -1)
            return 5 + 3 * d + (2 if verb == JUMP else 0)
        if verb == PICK_UP:
            return 30 if has_effect(content, a.b, "treasure") else 8
        if verb == FIREBALL:
            return 40
        if verb == ATTACK:
            mine = record(content, a.who).combat
            theirs = 0 if a.a in x.wounded else record(content, a.a).combat
            return 20 if mine > theirs else 2
        if verb == COMBAT_CARD:
            hand = sorted(x.combat_hand[seat])
            return -a.a if len(hand) > 3 else a.a
        if verb == HEAL:
            return 12
        if verb == REVEAL:
            return 15
        if verb == ROTATE:
            return 1
        if verb == BEGIN:
            return 10 if a.a == "move" else 6
        if verb == END_MOVE:
            return 4
        if verb == END_TURN:
            return 0
        if verb == PLAY_ACTION_CARD:
            return a.a
        if verb in (PUT_DOWN, GIVE, TAKE, SWAP):
            return 0.5  # below any step or ending: free transfers must not loop
        return 3


def determinize(x, seat: int, rng: random.Random):
    """A position that agrees with everything ``seat`` knows (§14.1), the rest drawn at random:
    which of the opponent's tokens lie face down where (its starting characters before §4.4,
    its tokens on hidden rooms), and the combat card the opponent committed first (A35). The
    opponent's remaining combat cards are taken as known: each was shown when played (A20)."""
    other = 1 - seat
    loc = list(x.loc)
    unknown = [t for t in tokens_of(other) if loc[t][0] in ("start", "room", "reserve")]
    starts = [loc[t] for t in unknown if loc[t][0] == "start"]
    rest_places = [loc[t] for t in unknown if loc[t][0] != "start"]
    chars = [t for t in unknown if is_character(t)]
    rng.shuffle(chars)
    rest = chars[len(starts):] + [t for t in unknown if not is_character(t)]
    rng.shuffle(rest)
    for t, where in zip(chars[:len(starts)] + rest, starts + rest_places):
        loc[t] = where
    combat = x.combat
    if combat is not None and combat[2] is not None and x.active != seat:
        combat = (combat[0], combat[1], rng.choice(x.combat_hand[other]))
    return replace(x, loc=tuple(loc), combat=combat)


def evaluate(x, seat: int) -> float:
    """Points ahead, plus a little for characters nearer their exit line."""
    if x.phase == "over":
        return 0.0 if x.winner == -1 else 100.0 if x.winner == seat else -100.0
    score = float(x.points[seat] - x.points[1 - seat])
    for q, sign in ((seat, 1), (1 - seat, -1)):
        goal = LINE_ROW[1 - q]
        for t in tokens_of(q):
            if is_character(t) and x.loc[t][0] == "sq" and t not in x.wounded:
                score += sign * 0.02 * (21 - abs(goal - x.loc[t][1]))
    return score


class SearchAgent:
    """Flat information-set Monte Carlo: each legal action is tried in turn from a freshly
    sampled position (``determinize``), followed by a rollout of the heuristic agent (with
    some random moves) until two more turns have ended; the action with the best mean value
    (``evaluate``) is chosen. ``iterations`` rollouts per decision, so results do not depend
    on the machine."""

    def __init__(self, iterations: int = 60, epsilon: float = 0.3):
        self.iterations, self.epsilon = iterations, epsilon
        self.heuristic = HeuristicAgent()

    def choose(self, state, rng: random.Random):
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        seat = state.to_move
        totals = [0.0] * len(legal)
        counts = [0] * len(legal)
        for i in range(max(self.iterations, len(legal))):
            k = i % len(legal)
            world = determinize(state, seat, rng)
            try:
                after = world.apply(legal[k])
            except ValueError:  # not legal in this sample (it is in the real position)
                continue
            totals[k] += evaluate(self.rollout(after, rng), seat)
            counts[k] += 1
        best = max(range(len(legal)),
                   key=lambda k: (totals[k] / counts[k] if counts[k] else -1e9, rng.random()))
        return legal[best]

    def rollout(self, s, rng: random.Random, turns: int = 2, max_steps: int = 400):
        stop = s.turns_taken + turns
        for _ in range(max_steps):
            if s.is_terminal or s.turns_taken >= stop:
                break
            if s.is_chance:
                s = s.apply(s.sample_chance(rng.random()))
            elif rng.random() < self.epsilon:
                s = s.apply(rng.choice(s.legal_actions()))
            else:
                s = s.apply(self.heuristic.choose(s, rng))
        return s


__all__ = ["HeuristicAgent", "RandomAgent", "SearchAgent", "determinize", "evaluate"]
