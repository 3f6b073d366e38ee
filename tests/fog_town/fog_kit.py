"""Helpers for the Fog Town tests (docs/rules/fog-town.md): start a game on the test town,
play by the actions' texts, pick chance outcomes by their texts, and set up positions."""

from dataclasses import replace

import odd_nb
from odd_nb.games.fog_town import FogTown
from odd_nb.games.fog_town.fights import Fight

GAME = FogTown(content="test")
SHIPPED = FogTown()


def start(players=1, first_player=0, **options):
    """A test-town game at its first decision (the first player fixed unless asked)."""
    return GAME.new_initial_state(players=players, first_player=first_player, **options)


def play(s, *texts):
    """Play decisions and chance outcomes by their texts, in order."""
    for text in texts:
        s = s.apply(s.find_action(text))
    return s


def texts(s):
    return [str(a) for a in s.legal_actions()]


def outcomes(s):
    return {str(o): p for o, p in s.chance_outcomes()}


def placed(players=1, where="ferry-landing", **options):
    """Every player placed (seat 0 first), seat 0 at the start of its first turn."""
    s = start(players, **options)
    name = {"ferry-landing": "the Ferry Landing", "post-office": "the Post Office"}[where]
    return play(s, *[f"start at {name}"] * players)


def with_player(s, seat=0, **changes):
    players = list(s.players)
    players[seat] = replace(players[seat], **changes)
    return replace(s, players=tuple(players))


def acting(s, ap, seat=0, **changes):
    """Seat ``seat`` in the middle of its turn with ``ap`` AP."""
    return with_player(replace(s, phase="act", ap=ap, current=seat), seat, **changes)


def fighting(s, monster, origin=("street",), home=0, seat=0, damage=0):
    fights = list(s.fights)
    fights[seat] = Fight(monster, origin, home, damage)
    return replace(s, fights=tuple(fights))


def card_count(s):
    """Every card of every home deck, wherever it is now (deck, stacks, discard, players,
    fights), as a sorted list of (home, card): conserved by every rule (§1.4)."""
    found = []
    for home, pile in enumerate(s.piles):
        found += [(home, c) for c in pile.unseen()] + [(home, c) for c in pile.discard]
    for seat, p in enumerate(s.players):
        held = ([p.hand] if p.hand else []) + list(p.weapons)
        found += [(w[0], w[1]) for w in held if w[0] >= 0] + list(p.items)
        f = s.fights[seat]
        if f is not None and f.tier == "ordinary":
            found.append((f.home, f.monster))
    for pending in ([s.pending[3]] if s.pending and s.pending[3] else []):
        found.append((pending.home, pending.monster))
    return sorted(found)


__all__ = ["GAME", "SHIPPED", "odd_nb", "start", "play", "texts", "outcomes", "placed", "with_player",
           "acting", "fighting", "card_count", "replace"]
