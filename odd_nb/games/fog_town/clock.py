"""The clock (§12), the end of the game and the score (§14), and the rule numbers in force
(§16, §17.1, with a Blackout's overrides, A22).

Every function reads or changes a state or its draft ``d``; none imports the state module.
"""

from __future__ import annotations


def rule(d, name: str) -> int:
    """A rule number of the content (§17.1), as a Blackout with an effect changes it (A22).

    >>> import odd_nb
    >>> s = odd_nb.start("fog-town", content="test", seed=1).state
    >>> rule(s, "move_ap"), rule(s, "health")
    (1, 6)
    """
    if d.blackout_until and d.rules.blackout:
        overrides = d.content.blackouts[d.rules.blackout][1]
        if name in overrides:
            return overrides[name]
    return d.content.rules[name]


def in_blackout(s) -> bool:
    return bool(s.blackout_until)


def step_forward(d, spaces: int = 1) -> None:
    """§12.1: the Lamplighter moves forward one space at a time; a space holding bells starts
    a Blackout until the end of the next round (§12.2, A22); space 24 is midnight (§12.3)."""
    for _ in range(spaces):
        if d.ended:
            return
        d.clock += 1
        if d.clock in d.bells:
            d.bells = tuple(b for b in d.bells if b != d.clock)
            d.blackout_until = d.round + 1
        if d.clock >= d.content.rules["clock_length"]:
            finish(d, "midnight")
            return


def drive_back(d) -> None:
    """§9.3, §12.2: a defeated Keeper drives the Lamplighter back by the difficulty's spaces,
    never below 0; if he moved, a bell goes on the space he left."""
    back = min(d.clock, d.rules.push_back)
    if back:
        d.bells = tuple(sorted(d.bells + (d.clock,)))
        d.clock -= back


def end_of_round(d) -> None:
    """§3.6, §12.1: a Blackout that has run its course ends, then the Lamplighter moves on by
    ``hunter_per_round`` (A21) and the next round begins."""
    if d.blackout_until and d.blackout_until <= d.round:
        d.blackout_until = 0
    step_forward(d, d.rules.hunter_per_round)
    d.round += 1


def finish(d, reason: str) -> None:
    """§14: the game ends at once ("town", "sleeper" or "midnight")."""
    if not d.ended:
        d.ended = reason
        d.phase = "over"


def check_town_done(d) -> None:
    """§14: the game ends when no explorable location is open any more (A24: at once)."""
    if "open" not in d.status:
        finish(d, "town")


def score(s, player: int) -> int:
    """§14: endings' points + 1 per location token + 1 per Keeper card + 1 per full set of
    trophies (3 by default)."""
    p = s.players[player]
    c = s.content
    return (sum(c.endings[e].points for e in p.endings) + len(p.tokens) + len(p.keepers)
            + p.trophies // c.rules["trophies_per_point"])


def scores(s) -> list[int]:
    return [score(s, i) for i in range(s.rules.players)]


def winners(s) -> list[int]:
    """§14, A24: nobody at midnight; otherwise every player with the highest score (solo: the
    one player)."""
    if s.ended != "town" and s.ended != "sleeper":
        return []
    all_scores = scores(s)
    best = max(all_scores)
    return [i for i, v in enumerate(all_scores) if v == best]


def set_player(d, seat: int, **changes) -> None:
    """The draft with seat's board changed (``dataclasses.replace``, by position: faster)."""
    players = list(d.players)
    p = players[seat]
    players[seat] = type(p)(*[changes[f] if f in changes else getattr(p, f)
                              for f in p.__slots__])
    d.players = tuple(players)


def set_fight(d, seat: int, fight) -> None:
    fights = list(d.fights)
    fights[seat] = fight
    d.fights = tuple(fights)


def set_pile(d, index: int, pile) -> None:
    piles = list(d.piles)
    piles[index] = pile
    d.piles = tuple(piles)
