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
                      PICK_UP, PLACE_TOKEN, PLAY_ACTION_CARD, REVEAL, ROTATE, STEP, WALL_STEP,
                      GIVE, PUT_DOWN, SWAP, TAKE)
from .actions import is_character, side_of, tokens_of
from .board import LINE_ROW
from .position import carried_by, has_effect, record, square_of


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
    its tokens on hidden rooms), the opponent's combat cards (only their number is known, A20,
    unless ``perfect_memory``) and the card it committed first in a combat (A35). Rooms need no
    drawing: a hidden room is drawn only when revealed (A5).

    >>> import odd_nb
    >>> s = odd_nb.load_game("dungeon-twister").new_initial_state()
    >>> determinize(s, 1, random.Random(0)).observation(1) == s.observation(1)
    True
    """
    other = 1 - seat
    loc = list(x.loc)
    unknown = [t for t in tokens_of(other) if loc[t][0] in ("start", "room", "reserve")]
    # the places sorted, so that the sample depends on what the seat sees, not on which token
    # really lies where
    starts = sorted(loc[t] for t in unknown if loc[t][0] == "start")
    rest_places = sorted(loc[t] for t in unknown if loc[t][0] != "start")
    chars = [t for t in unknown if is_character(t)]
    rng.shuffle(chars)
    rest = chars[len(starts):] + [t for t in unknown if not is_character(t)]
    rng.shuffle(rest)
    for t, where in zip(chars[:len(starts)] + rest, starts + rest_places):
        loc[t] = where
    hands = x.combat_hand
    if not x.rules.perfect_memory:
        hands = list(hands)
        hands[other] = opponent_hand(x, seat, rng)
        hands = tuple(hands)
    combat = x.combat
    if combat is not None and combat[2] is not None and x.active != seat:
        combat = (combat[0], combat[1], rng.choice(hands[other]))
    return replace(x, loc=tuple(loc), combat_hand=hands, combat=combat)


def opponent_hand(x, seat: int, rng: random.Random) -> tuple:
    """The opponent's combat cards as ``seat`` may guess them from its observation (§14.4, A20):
    as many as it holds, the +0 always among them (§9.6), the others drawn from the cards it
    started with, less the card it showed in the last combat (the one combat still on view).

    >>> import odd_nb
    >>> s = odd_nb.load_game("dungeon-twister").new_initial_state()
    >>> opponent_hand(s, 0, random.Random(0))
    (0, 1, 2, 2, 3, 3, 4, 5, 6)
    """
    content = x.rules.content
    other = 1 - seat
    count = len(x.combat_hand[other])
    back = content.returning_card
    pool = list(content.combat_cards)
    pool.remove(back)
    if x.last_combat is not None:
        attacker, shown = x.last_combat[0], x.last_combat[2:4]
        card = shown[0] if side_of(attacker) == other else shown[1]
        if card != back and card in pool:
            pool.remove(card)
    hand = [back] + rng.sample(pool, min(count - 1, len(pool)))
    return tuple(sorted(hand))


def evaluate(x, seat: int) -> float:
    """How good a position looks for ``seat``, in points: a win is worth 100; otherwise the
    points ahead, plus for each side its living characters' way towards the exit line (a
    character one step from leaving is worth nearly half its exit points, more with the
    Treasure), less about a third of a point per wounded character, plus a little per combat card
    kept.

    >>> import odd_nb
    >>> s = odd_nb.load_game("dungeon-twister").new_initial_state()
    >>> evaluate(s, 0) == evaluate(s, 1) == 0
    True
    """
    if x.phase == "over":
        return 0.0 if x.winner == -1 else 100.0 if x.winner == seat else -100.0
    content = x.rules.content
    score = float(x.points[seat] - x.points[1 - seat])
    for q, sign in ((seat, 1), (1 - seat, -1)):
        goal = LINE_ROW[1 - q]
        side = 0.0
        for t in tokens_of(q):
            if not is_character(t):
                continue
            where = x.loc[t]
            if where[0] != "sq":
                continue
            if t in x.wounded:
                side -= 0.35
                continue
            way = 1.0 - abs(goal - where[1]) / 21.0
            held = carried_by(x, t)
            worth = record(content, t).exit_points
            if held is not None and has_effect(content, held, "treasure"):
                worth += 1
            side += 0.45 * worth * way * way
        side += 0.02 * sum(x.combat_hand[q])
        score += sign * side
    return score


class SearchAgent:
    """Information-set Monte Carlo over what the seat cannot see: the heuristic agent's best
    ``width`` actions (every card in a combat) are each tried from the same sampled positions
    (``determinize``), each followed by the same rollout of the heuristic agent (with some
    random moves) until ``turns`` more turns have ended; the action with the best mean value
    (``evaluate``) is chosen. ``iterations`` rollouts a decision in all, so results do not
    depend on the machine.

    >>> import odd_nb
    >>> s = odd_nb.load_game("dungeon-twister").new_initial_state()
    >>> str(SearchAgent(iterations=8).choose(s, random.Random(1))) in map(str, s.legal_actions())
    True
    """

    def __init__(self, iterations: int = 60, width: int = 5, epsilon: float = 0.1,
                 turns: int = 2):
        self.iterations, self.width, self.epsilon, self.turns = iterations, width, epsilon, turns
        self.heuristic = HeuristicAgent()

    def candidates(self, state, legal: list, rng: random.Random) -> list:
        """The actions worth a rollout: every combat card; otherwise the ``width`` the
        heuristic ranks highest (placing a revealed token: by where it stands, §6.3)."""
        if state.phase == "combat":
            return legal
        rank = {id(a): (self.prior(state, a), rng.random()) for a in legal}
        return sorted(legal, key=lambda a: rank[id(a)], reverse=True)[:self.width]

    def prior(self, x, a) -> float:
        if a.verb == PLACE_TOKEN:
            goal = LINE_ROW[1 - side_of(a.who)]
            near = 21 - abs(goal - a.a)
            return near if side_of(a.who) == x.decider else -near
        return self.heuristic.score(x, a)

    def choose(self, state, rng: random.Random):
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        options = self.candidates(state, legal, rng)
        if len(options) == 1 or self.heuristic.score(state, options[0]) >= 100:
            return options[0]  # leaving the labyrinth: nothing scores sooner
        means = self.means(state, options, rng)
        return options[max(range(len(options)), key=means.__getitem__)]

    def means(self, state, options: list, rng: random.Random) -> list:
        """The mean value (``evaluate``) of each of ``options`` for the seat to move, over the
        same sampled positions and rollouts (``-inf`` if never legal in a sample).

        >>> import odd_nb
        >>> s = odd_nb.load_game("dungeon-twister").new_initial_state()
        >>> len(SearchAgent(iterations=4).means(s, s.legal_actions()[:2], random.Random(1)))
        2
        """
        seat = state.to_move
        totals = [0.0] * len(options)
        counts = [0] * len(options)
        for _ in range(max(1, self.iterations // len(options))):
            world = determinize(state, seat, rng)
            seed = rng.getrandbits(32)
            for k, action in enumerate(options):
                try:
                    after = world.apply(action)
                except ValueError:  # not legal in this sample (it is in the real position)
                    continue
                # the same seed for every option: they are compared on the same futures
                end = self.rollout(after, random.Random(seed))
                totals[k] += evaluate(end, seat)
                counts[k] += 1
        return [t / c if c else float("-inf") for t, c in zip(totals, counts)]

    def rollout(self, s, rng: random.Random, max_steps: int = 400):
        stop = s.turns_taken + self.turns
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


__all__ = ["HeuristicAgent", "RandomAgent", "SearchAgent", "determinize", "evaluate",
           "opponent_hand"]
