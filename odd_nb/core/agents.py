"""Agents choose actions; ``play_out`` runs a state to the end with agents and seeded chance.

>>> import random, odd_nb
>>> from odd_nb.core.agents import RandomAgent, play_out
>>> s = odd_nb.load_game("one-deck-dungeon").new_initial_state()
>>> play_out(s, RandomAgent(), random.Random(1)).is_terminal
True
"""

from __future__ import annotations

import random
from typing import Protocol


class Agent(Protocol):
    def choose(self, state, rng: random.Random):
        """One of ``state.legal_actions()``."""


class RandomAgent:
    """Picks a legal action uniformly at random."""

    def choose(self, state, rng: random.Random):
        return rng.choice(state.legal_actions())

    def __repr__(self) -> str:
        return "RandomAgent()"


def play_out(state, agent: Agent, rng: random.Random, max_steps: int = 1_000_000) :
    """Play ``state`` to its end: chance by ``rng`` (``State.play_chance``), decisions by
    ``agent``; ``max_steps`` counts decisions and runs of chance nodes."""
    for _ in range(max_steps):
        if state.is_terminal:
            return state
        if state.is_chance:
            state = state.play_chance(rng)
        else:
            state = state.apply(agent.choose(state, rng))
    raise RuntimeError(f"no end after {max_steps} steps")
