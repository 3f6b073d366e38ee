"""Exact odds for Regicide, from one seat's point of view (by default the active player's).

What a seat knows is ``knowledge.unknown_groups``: the cards it has not seen, by *group* (the
content of one tavern segment when it was made: the shuffled tavern, a ♥ heal, an exactly killed
enemy), with how many of each group lie in the tavern and in each other hand. Each group's unseen
cards are equally likely to be in any of its places, independently of the other groups. So:

- the next tavern card is uniform over the unseen cards of the top segment's group (a known card
  on top, e.g. an exactly killed enemy, is certain);
- another seat's hand is, group by group, a uniform sample of the unseen cards;
- the cards a play's ♦ gives the active player are, segment by segment, a uniform sample of that
  segment's group (or of the discard pile, for the bottom segment ♥ makes in the same play).

These are exact ``Fraction`` probabilities under that knowledge. They do not read anything into
the other players' choices (a player who yielded may hint at a weak hand; that is a model of
players, not of the cards). Nothing here looks at a hidden card: the functions only use
``unknown_groups`` and public facts, and the tests check them against brute-force enumeration of
every hidden deal consistent with what the seat knows.

Results are lists of dicts (``*_rows``) and, when pandas is installed, DataFrames (``to_frame``
and the short names ``next_draw``, ``survival``, ``plays``). pandas is not an engine dependency.

>>> import odd_nb
>>> s = odd_nb.start("regicide", players=1, seed=2).state
>>> sum(r["probability"] for r in next_draw_rows(s, by="suit"))
Fraction(1, 1)
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from math import comb

from ...core.frames import pandas_for
from .actions import (CARD_ID, CARD_NAME, CLUBS, DIAMONDS, HEARTS, IS_JESTER, SPADES, SUIT,
                      SUIT_SYMBOLS, USE_JESTER_POWER, VALUE, YIELD, Play)
from .knowledge import unknown_groups
from .rules import diamond_order

__all__ = ["hand_value_distribution", "next_draw", "next_draw_rows", "play_effects", "plays",
           "play_rows", "sample_sum_distribution", "survival", "survival_rows", "to_frame"]


# -- small exact tools --------------------------------------------------------------------------
def sample_sum_distribution(values, k: int) -> dict[int, Fraction]:
    """The distribution of the sum of ``k`` items drawn without replacement, uniformly, from
    ``values`` (a list; equal values are distinct items). Counted one face value at a time.

    >>> sample_sum_distribution([1, 2, 2], 2) == {3: Fraction(2, 3), 4: Fraction(1, 3)}
    True
    """
    n = len(values)
    if not 0 <= k <= n:
        raise ValueError(f"cannot draw {k} of {n} cards")
    ways = {(0, 0): 1}  # (cards taken, total) -> number of ways
    for v, m in sorted(Counter(values).items()):
        new = {}
        for (j, t), w in ways.items():
            for i in range(min(m, k - j) + 1):
                key = (j + i, t + i * v)
                new[key] = new.get(key, 0) + w * comb(m, i)
        ways = new
    total = comb(n, k)
    return {t: Fraction(w, total) for (j, t), w in sorted(ways.items()) if j == k}


def convolve(a: dict, b: dict) -> dict:
    out = {}
    for x, p in a.items():
        for y, q in b.items():
            out[x + y] = out.get(x + y, 0) + p * q
    return dict(sorted(out.items()))


def at_least(dist: dict, need: int) -> Fraction:
    return sum((p for t, p in dist.items() if t >= need), Fraction(0))


def _viewer(state, player):
    return state.active if player is None else player


# -- the next draw ------------------------------------------------------------------------------
def next_draw_rows(state, by: str = "card", player: int | None = None) -> list[dict]:
    """The next tavern card as ``player`` (default: the active player) can know it: one row per
    card, suit or value (``by``), with its exact probability. Empty if the tavern is empty."""
    if by not in ("card", "suit", "value"):
        raise ValueError("by must be 'card', 'suit' or 'value'")
    if not len(state.tavern):
        return []
    viewer = _viewer(state, player)
    top = state.groups[0]
    cards = next(g["cards"] for g in unknown_groups(state, viewer) if g["group"] == top)
    p = Fraction(1, len(cards))
    if by == "card":
        return [{"card": CARD_NAME[c], "id": CARD_ID[c], "suit": _suit(c), "value": VALUE[c],
                 "probability": p} for c in cards]
    key = _suit if by == "suit" else VALUE.__getitem__
    counts = Counter(key(c) for c in cards)
    order = sorted(counts, key=lambda k: (k == "Jester", SUIT_SYMBOLS.find(k)) if by == "suit"
                   else k)
    return [{by: k, "cards": counts[k], "probability": counts[k] * p} for k in order]


def _suit(c: int) -> str:
    return "Jester" if IS_JESTER[c] else SUIT_SYMBOLS[SUIT[c]]


# -- hands --------------------------------------------------------------------------------------
def hand_value_distribution(state, seat: int, player: int | None = None) -> dict[int, Fraction]:
    """The total discard value of ``seat``'s hand as ``player`` knows it (exact: a point mass
    for the player's own hand)."""
    viewer = _viewer(state, player)
    if seat == viewer:
        return {sum(VALUE[c] for c in state.hands[seat]): Fraction(1)}
    dist = {0: Fraction(1)}
    for group in unknown_groups(state, viewer):
        k = group["in_hands"][seat]
        if k:
            dist = convolve(dist, sample_sum_distribution([VALUE[c] for c in group["cards"]], k))
    return dist


def survival_rows(state, player: int | None = None) -> list[dict]:
    """For each seat: the chance that its present hand covers the current enemy's attack, less
    the shield, if it had to take it now (§3 step 4), as ``player`` (default: the active
    player) knows the hands. At step 4 the active seat's damage is the damage to cover."""
    viewer = _viewer(state, player)
    rows = []
    for seat in range(state.rules.players):
        damage = state.to_cover if (state.phase == "discard" and seat == state.active) \
            else state.enemy_damage
        dist = hand_value_distribution(state, seat, viewer)
        rows.append({"seat": seat, "cards": len(state.hands[seat]), "enemy_attack":
                     state.enemy_attack, "shield": state.shield, "damage": damage,
                     "survives": at_least(dist, damage),
                     "expected_hand_value": sum((t * p for t, p in dist.items()), Fraction(0))})
    return rows


# -- plays --------------------------------------------------------------------------------------
def play_effects(state, cards: tuple) -> dict:
    """What a play does, from public facts only (§3 steps 2-4): attack value, powers that work,
    damage dealt (♣ doubling), cards healed, who draws for ♦, defeat, shield after and the
    enemy's attack left to absorb."""
    value = sum(VALUE[c] for c in cards)
    immune = state.immune_suit
    suits = {SUIT[c] for c in cards} - {immune, -1}
    jester = IS_JESTER[cards[0]]
    healed = min(value, len(state.discard)) if HEARTS in suits else 0
    strike = 0 if jester else (2 * value if CLUBS in suits else value)
    total = state.damage + strike
    defeats = not jester and total >= state.enemy_health
    hands = [len(h) for h in state.hands]
    hands[state.active] -= len(cards)
    draws = diamond_order(state.rules.players, state.rules.max_hand, hands,
                          len(state.tavern) + healed, state.active, value) \
        if DIAMONDS in suits else ()
    cancelled = state.cancelled or jester
    spade_on = SUIT[state.enemy] != SPADES or cancelled
    shield = 0
    if spade_on:
        for played in state.in_play + (cards,):
            if any(SUIT[c] == SPADES for c in played):
                shield += sum(VALUE[c] for c in played)
    attack_left = 0 if (defeats or jester) else max(0, state.enemy_attack - shield)
    return {"value": value, "powers": "".join(SUIT_SYMBOLS[s] for s in sorted(suits)),
            "damage": strike, "defeats": defeats, "exact": defeats and total ==
            state.enemy_health, "healed": healed, "draws": draws, "shield": shield,
            "attack_left": attack_left, "jester": jester}


def own_draws_distribution(state, draws: tuple, healed: int,
                           player: int | None = None) -> dict[int, Fraction]:
    """The total value of the cards ``draws`` (a ♦ order) gives the active player, as it knows
    the tavern: per segment, a uniform sample of that segment's group; the segment ♥ adds at the
    bottom in the same play is a uniform sample of the discard pile."""
    viewer = _viewer(state, player)
    me = state.active
    positions = [i for i, seat in enumerate(draws) if seat == me]
    if not positions:
        return {0: Fraction(1)}
    groups = {g["group"]: g for g in unknown_groups(state, viewer)}
    sizes = [(len(seg), [VALUE[c] for c in groups[g]["cards"]])
             for seg, g in zip(state.tavern.segments, state.groups)]
    if healed:
        sizes.append((healed, [VALUE[c] for c in state.discard]))
    dist = {0: Fraction(1)}
    start = 0
    for size, values in sizes:
        k = sum(1 for i in positions if start <= i < start + size)
        if k:
            dist = convolve(dist, sample_sum_distribution(values, k))
        start += size
    return dist


def play_rows(state, player: int | None = None) -> list[dict]:
    """For each play (and yield) of the active player at step 1: attack value, the suit powers
    that work, damage dealt, whether it defeats the enemy and whether exactly, the enemy attack
    left to absorb, the hand value kept, the cards ♦ draws for the player and ♥ heals, and the
    exact chance that the player then covers the enemy's attack (1 when the enemy is defeated,
    after a Jester, or when the shield stops it). Solo Jester powers are not counted in."""
    if state.phase != "play" or state.is_chance or state.is_terminal:
        return []
    hand_value = state.hand_value()
    rows = []
    for action in state.legal_actions():
        if action == USE_JESTER_POWER:
            continue
        if action == YIELD:
            left = state.enemy_damage
            rows.append({"action": "yield", "value": 0, "powers": "", "damage": 0,
                         "defeats": False, "exact": False, "healed": 0, "draws": 0,
                         "shield": state.shield, "attack_left": left, "hand_left": hand_value,
                         "survives": Fraction(int(hand_value >= left))})
            continue
        assert isinstance(action, Play)
        e = play_effects(state, action.cards)
        kept = hand_value - e["value"]
        if e["attack_left"] == 0:
            p = Fraction(1)
        else:
            need = e["attack_left"] - kept
            p = Fraction(1) if need <= 0 else at_least(
                own_draws_distribution(state, e["draws"], e["healed"], player), need)
        rows.append({"action": str(action), "value": e["value"], "powers": e["powers"],
                     "damage": e["damage"], "defeats": e["defeats"], "exact": e["exact"],
                     "healed": e["healed"],
                     "draws": sum(1 for seat in e["draws"] if seat == state.active),
                     "shield": e["shield"], "attack_left": e["attack_left"],
                     "hand_left": kept, "survives": p})
    return rows


# -- DataFrames (pandas optional) ---------------------------------------------------------------
def to_frame(rows: list[dict]):
    """A pandas DataFrame of ``rows``. pandas is not a dependency of the engine: install it (the
    ``lab`` extra, or ``pip install pandas``) to get frames; the ``*_rows`` functions need
    nothing."""
    pd = pandas_for("this Regicide odds table",
                    "the *_rows functions give the same figures as lists of dicts")
    return pd.DataFrame(rows)


def next_draw(state, by: str = "card", player: int | None = None):
    """``next_draw_rows`` as a DataFrame."""
    return to_frame(next_draw_rows(state, by, player))


def survival(state, player: int | None = None):
    """``survival_rows`` as a DataFrame."""
    return to_frame(survival_rows(state, player))


def plays(state, player: int | None = None):
    """``play_rows`` as a DataFrame."""
    return to_frame(play_rows(state, player))
