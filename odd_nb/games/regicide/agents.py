"""Agents for Regicide: ``RandomAgent`` (from the core), ``HeuristicAgent`` (rules of thumb) and
``SearchAgent`` (information-set Monte Carlo: determinize, then flat Monte Carlo search with
heuristic rollouts).

All agents decide from what the seat to move may know. The heuristic only reads public facts and
its own hand. The search agent first *determinizes*: it deals the cards the seat has not seen at
random over the places they may be (``determinize``, from ``knowledge.unknown_groups``), so it
never uses another hand or the tavern's real content. (In solo there is nothing to determinize: the
state holds no order of the tavern, only its content, which the player knows.)

>>> import random, odd_nb
>>> from odd_nb.core.agents import play_out
>>> s = odd_nb.load_game("regicide").new_initial_state(players=3)
>>> play_out(s, HeuristicAgent(), random.Random(1)).is_terminal
True
"""

from __future__ import annotations

import math
import random
import time

from ...core.agents import RandomAgent
from ...core.chance import Deck, multiset
from .actions import (CLUBS, DIAMONDS, HEARTS, IS_ACE, IS_JESTER, SPADES, SUIT,
                      USE_JESTER_POWER, VALUE, YIELD, Discard, ExactKill, Play)
from .knowledge import unknown_groups

__all__ = ["HeuristicAgent", "RandomAgent", "SearchAgent", "determinize", "progress"]


# -- hidden information -------------------------------------------------------------------------
def determinize(state, player: int, rng: random.Random):
    """A state that ``player`` cannot tell from ``state``: every card ``player`` has not seen is
    dealt again at random over the places of its group (tavern segment, other hands), keeping
    every count. ``player``'s hand, the table and the discard pile are unchanged."""
    hands = [list(h) for h in state.hands]
    segments = list(state.tavern.segments)
    seg_of = {g: i for i, g in enumerate(state.groups)}
    for group in unknown_groups(state, player):
        cards = list(group["cards"])
        rng.shuffle(cards)
        g = group["group"]
        for q, k in enumerate(group["in_hands"]):
            if k:
                hands[q] = [c for c in hands[q] if state.origin[c] != g] + cards[:k]
                cards = cards[k:]
        if g in seg_of:
            segments[seg_of[g]] = multiset(cards)
    return state._replace(hands=tuple(tuple(sorted(h)) for h in hands),
                          tavern=Deck(tuple(segments)))


def progress(state) -> float:
    """Enemies defeated plus the fraction of the current enemy's health dealt, over 12: 1.0 for
    a win. A smooth stand-in for winning, used to score rollouts."""
    if state.outcome == "won":
        return 1.0
    part = state.damage / state.enemy_health if state.enemy is not None else 0.0
    return (state.defeated + min(part, 0.99)) / 12


# -- rules of thumb -----------------------------------------------------------------------------
MEAN_DRAW = 5.0  # about the mean value of a tavern card
_WISH_RANK = {"want": 2, "no preference": 1, "": 1, "rather not": 0}  # A17 signals


def _play_facts(s, cards, immune):
    value = 0
    suits = 0
    for c in cards:
        value += VALUE[c]
        if SUIT[c] >= 0 and SUIT[c] != immune:
            suits |= 1 << SUIT[c]
    return value, suits


def card_keep_value(s, c: int) -> float:
    """How much the heuristic likes to keep a card (higher: discard it last)."""
    if IS_JESTER[c]:
        return 25.0
    v = VALUE[c]
    if IS_ACE[c]:
        v += 3.0
    if s.enemy is not None and SUIT[c] == s.immune_suit:
        v -= 1.5  # its power is wasted against this enemy
    if SUIT[c] == CLUBS or SUIT[c] == SPADES:
        v += 0.5
    return v


class HeuristicAgent:
    """Plays by rules of thumb, one step ahead, from its own hand and public facts only.

    Step 1: kill the enemy if a play can (exactly if possible, spending the least); otherwise
    take the play that keeps the player alive and scores best on damage (♣ doubled), shield
    gained (♠ counts for every later attack of this enemy), cards drawn (♦) and healed (♥), less
    the hand value spent and the damage left to absorb. Yield only when nothing else survives.
    Step 4: the minimal cover whose cards it likes least. A solo Jester power when the hand
    cannot survive. After a Jester: a seat that signalled it wants the turn (A17), else the
    seat with the most cards. An exact kill: to the tavern.
    """

    def choose(self, s, rng: random.Random):
        acts = s.legal_actions()
        if len(acts) == 1:
            return acts[0]
        phase = s.phase
        if phase == "play":
            return self._play(s, acts)
        if phase == "discard":
            return self._discard(s, acts)
        if phase == "signal":
            return self._signal(s, acts)
        if phase == "next":
            wishes = s.signals or ("",) * s.rules.players
            return max(acts, key=lambda a: (_WISH_RANK[wishes[a.seat]], len(s.hands[a.seat]),
                                            a.seat == s.active))
        if phase == "exact kill":
            return next(a for a in acts if isinstance(a, ExactKill) and a.to_tavern)
        return acts[0]

    def score_play(self, s, cards, hand_value: int) -> float:
        """The heuristic's score of playing ``cards`` at step 1 (higher is better)."""
        if IS_JESTER[cards[0]]:
            # a Jester is worth it against an immune suit the party needs, or to pass the turn
            return 2.0 if s.enemy_damage > hand_value - 5 else -5.0
        immune = s.immune_suit
        value, suits = _play_facts(s, cards, immune)
        strike = 2 * value if suits & (1 << CLUBS) else value
        health_left = s.enemy_health - s.damage
        hand_left = hand_value - value
        n_cards = len(s.hands[s.active]) - len(cards)
        draws = 0
        if suits & (1 << DIAMONDS):
            room = s.rules.max_hand - n_cards
            if s.rules.players > 1:
                room = min(room, (value + s.rules.players - 1) // s.rules.players)
            draws = max(0, min(value, room, len(s.tavern)))
        if strike >= health_left:
            exact = strike == health_left
            return 1000.0 + (150.0 if exact else 0.0) - 3.0 * value + 4.0 * draws \
                - 0.2 * (strike - health_left)
        shield_gain = value if (suits & (1 << SPADES)) else 0
        left = max(0, s.enemy_damage - shield_gain)
        kept = hand_left + MEAN_DRAW * draws
        turns_left = max(1.0, (health_left - strike) / 8.0)
        score = (1.3 * strike + min(shield_gain, s.enemy_damage) * min(turns_left, 2.5)
                 + MEAN_DRAW * draws - value - left)
        if suits & (1 << HEARTS):
            score += 0.3 * min(value, len(s.discard))
        if kept < left:
            score -= 500.0 + (left - kept) * 10
        return score

    def _play(self, s, acts):
        hand_value = s.hand_value()
        best, best_score = None, -math.inf
        for a in acts:
            if isinstance(a, Play):
                sc = self.score_play(s, a.cards, hand_value)
            elif a == YIELD:
                sc = -50.0 - s.enemy_damage if hand_value >= s.enemy_damage else -2000.0
                if s.rules.players > 1 and hand_value >= s.enemy_damage + 10:
                    sc = -8.0 - s.enemy_damage / 2
            else:  # a solo Jester power: when nothing survives, or with an empty hand
                sc = -400.0 if len(s.tavern) >= 4 else -1500.0
            if sc > best_score:
                best, best_score = a, sc
        return best

    def _signal(self, s, acts):
        """A17: want the next turn with a hand well over the enemy's attack, rather not with
        one under it."""
        value, attack = s.hand_value(), s.enemy_damage
        wish = "want" if value >= attack + 10 else "rather not" if value < attack else \
            "no preference"
        return next(a for a in acts if a.wish == wish)

    def _discard(self, s, acts):
        best, best_score = None, math.inf
        for a in acts:
            if isinstance(a, Discard):
                over = sum(VALUE[c] for c in a.cards) - s.to_cover
                sc = sum(card_keep_value(s, c) for c in a.cards) + 0.5 * over
                if len(a.cards) == len(s.hands[s.active]):
                    sc += 8.0  # an empty hand next turn
            else:  # a Jester power: refill when the cover would empty the hand
                sc = 10.0 * max(0, 8 - len(s.tavern)) + 12.0 + s.hand_value()
            if sc < best_score:
                best, best_score = a, sc
        return best

    def __repr__(self) -> str:
        return "HeuristicAgent()"


# -- search -------------------------------------------------------------------------------------
class SearchAgent:
    """Information-set Monte Carlo search.

    Each iteration determinizes the state for the seat to move (``determinize``), picks a root
    action by UCB1, and plays the rest of the game with the ``HeuristicAgent`` (chance drawn at
    random). A rollout scores ``progress`` (1 for a win, else the share of the castle beaten). The
    root action with the best mean score is played.

    Budget: ``time_limit`` seconds per decision, or ``iterations`` rollouts (deterministic for a
    given rng: use that for reproducible studies). Only the ``width`` actions the heuristic likes
    best are searched (plus the heuristic's own choice), which keeps the budget on plays that
    matter; a state with one legal action costs nothing.
    """

    def __init__(self, time_limit: float | None = 0.5, iterations: int | None = None,
                 width: int = 8, exploration: float = 0.25, rollout_depth: int = 10_000):
        if time_limit is None and iterations is None:
            raise ValueError("give the search a budget: time_limit (seconds) or iterations")
        self.time_limit = time_limit
        self.iterations = iterations
        self.width = width
        self.exploration = exploration
        self.rollout_depth = rollout_depth
        self.policy = HeuristicAgent()
        self.last_iterations = 0

    def candidates(self, s, rng) -> list:
        acts = s.legal_actions()
        if len(acts) <= self.width:
            return list(acts)
        h = self.policy
        if s.phase == "play":
            hv = s.hand_value()
            scored = [(h.score_play(s, a.cards, hv) if isinstance(a, Play) else -100.0, i, a)
                      for i, a in enumerate(acts)]
        elif s.phase == "discard":
            scored = [(-(sum(card_keep_value(s, c) for c in a.cards)
                         + 0.5 * (sum(VALUE[c] for c in a.cards) - s.to_cover))
                       if isinstance(a, Discard) else -30.0, i, a) for i, a in enumerate(acts)]
        else:
            return list(acts)
        scored.sort(key=lambda x: (-x[0], x[1]))
        chosen = [a for _, _, a in scored[:self.width]]
        extra = [a for a in acts if a == USE_JESTER_POWER and a not in chosen]
        return chosen + extra

    def rollout(self, s, rng) -> float:
        policy = self.policy
        for _ in range(self.rollout_depth):
            if s.outcome is not None:
                break
            if s.is_chance:
                s = s.apply(s.sample_chance(rng.random()))
            else:
                s = s.apply(policy.choose(s, rng))
        return progress(s)

    def choose(self, s, rng: random.Random):
        acts = self.candidates(s, rng)
        if len(acts) == 1:
            self.last_iterations = 0
            return acts[0]
        me = s.to_move
        hidden = s.rules.players > 1
        n = [0] * len(acts)
        total = [0.0] * len(acts)
        deadline = None if self.time_limit is None else time.perf_counter() + self.time_limit
        it = 0
        while True:
            if self.iterations is not None and it >= self.iterations:
                break
            if deadline is not None and it % 4 == 0 and time.perf_counter() > deadline and it:
                break
            if it < len(acts):
                i = it
            else:
                log_t = math.log(it)
                i = max(range(len(acts)), key=lambda j: total[j] / n[j] + self.exploration
                        * math.sqrt(log_t / n[j]))
            world = determinize(s, me, rng) if hidden else s
            value = self.rollout(world.apply(acts[i]), rng)
            n[i] += 1
            total[i] += value
            it += 1
        self.last_iterations = it
        best = max(range(len(acts)), key=lambda j: (total[j] / n[j] if n[j] else -1, n[j]))
        return acts[best]

    def __repr__(self) -> str:
        budget = f"iterations={self.iterations}" if self.iterations is not None \
            else f"time_limit={self.time_limit}"
        return f"SearchAgent({budget}, width={self.width})"
