"""Random play through the public protocol only (shared by the test files; a module of its own
because tests/e2e has a conftest too, so ``from conftest import`` would be ambiguous)."""

import random


def random_walk(state, rng: random.Random, steps: int):
    """Yield (state, action) pairs of a random game for up to ``steps`` steps."""
    for _ in range(steps):
        if state.is_terminal:
            return
        if state.is_chance:
            outcomes = state.chance_outcomes()
            action = outcomes[rng.randrange(len(outcomes))][0]
        else:
            action = rng.choice(state.legal_actions())
        yield state, action
        state = state.apply(action)
