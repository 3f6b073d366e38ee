"""Points, wounds, deaths, falls and exits (§8.3, §9.5, §12, §13, A26, A37), on a draft.

Every scoring event gives points to one seat and checks victory at once (A37): reaching the
points to win ends the game whoever is active.
"""

from __future__ import annotations

from .actions import is_character, side_of
from .position import (carried_by, has_effect, lay, moved, occupants, record, rope_lies_on,
                       square_of)


def score(d, seat: int, points: int, why: str) -> None:
    """``seat`` scores ``points``; 5 points win at once (§13.1, A37)."""
    if points <= 0 or d.phase == "over":
        return
    p = list(d.points)
    p[seat] += points
    d.points = tuple(p)
    if p[seat] >= d.rules.content.points_to_win:
        d.phase, d.winner, d.move, d.combat = "over", seat, None, None
        d.reason = f"{('Yellow', 'Blue')[seat]} reached {p[seat]} points ({why})"


def set_loc(d, token: int, where: tuple) -> None:
    old = d.loc
    loc = list(old)
    loc[token] = where
    d.loc = tuple(loc)
    moved(old, d.loc, token)


def kill(d, token: int, scorer: int, why: str) -> None:
    """A character is killed: it leaves the board and ``scorer`` scores its kill points."""
    sq = square_of(d, token)
    dropped = carried_by(d, token)
    set_loc(d, token, ("dead",))
    if dropped is not None and sq is not None:
        lie_down(d, dropped, sq, scorer)
    score(d, scorer, record(d.rules.content, token).kill_points, why)


def lie_down(d, token: int, sq, scorer: int) -> None:
    """A token comes to lie on ``sq``; on a bare pit it falls (A26): a character is killed
    (``scorer`` scores), an object leaves the game."""
    set_loc(d, token, ("sq",) + tuple(sq))
    if lay(d).kind[sq] == "pit" and not rope_lies_on(d, sq):
        if is_character(token):
            kill(d, token, scorer, "a fall into a pit")
        else:
            set_loc(d, token, ("gone",))


def wound(d, token: int, scorer: int) -> None:
    """A character becomes wounded (§9.5): it drops what it carries (a wounded friend it
    carried is killed), and on a bare pit it falls and is killed (A26); a Rope it carried is
    dropped first, so it lies on the pit and the carrier does not fall (A15)."""
    d.wounded = d.wounded | {token}
    d.hurt_now = d.hurt_now | {token}
    sq = square_of(d, token)
    held = carried_by(d, token)
    if held is not None:
        if is_character(held):
            kill(d, held, scorer, "a carried friend killed")
        else:
            lie_down(d, held, sq, scorer)
    if d.phase != "over" and lay(d).kind[sq] == "pit" and not rope_lies_on(d, sq):
        kill(d, token, scorer, "a fall into a pit")


def leave(d, token: int) -> None:
    """A character enters its exit line and leaves the labyrinth (§12): its owner scores its
    exit points, and 1 more for a carried Treasure; a carried wounded friend is safe but
    scores nothing; any other object leaves the game."""
    seat = side_of(token)
    held = carried_by(d, token)
    set_loc(d, token, ("out",))
    extra = 0
    if held is not None:
        if is_character(held):
            set_loc(d, held, ("out",))
        else:
            set_loc(d, held, ("gone",))
            if has_effect(d.rules.content, held, "treasure"):
                extra = d.rules.content.treasure_points
    d.move = None
    score(d, seat, record(d.rules.content, token).exit_points + extra, "an exit")


def standing(d, sq) -> list:
    return occupants(d).get(sq, [])


__all__ = ["kill", "leave", "lie_down", "score", "set_loc", "standing", "wound"]
