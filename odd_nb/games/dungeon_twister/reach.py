"""Reachability (§8): where each own character can get to with Moves, and its shortest way out.

Only Moves count here (§8.1): 1 AP each, up to the character's speed in steps, each step as
§8.2-§8.4 allow (walls, closed portcullises, hidden rooms, pits, living enemies; friends and
wounded characters are passed), and every Move ending where the crowding and pit rules let it
stop (§5.4, §8.3). Nothing else moves meanwhile: no jump, no rotation, no pick-up, no other
character. A step into the exit line leaves the labyrinth (§12.1).

The answers are plain data, squares by their names (``square_name``):

>>> import odd_nb
>>> from odd_nb.games.dungeon_twister.reach import reach
>>> s = odd_nb.load_game("dungeon-twister").new_initial_state()
>>> reach(s, 0)   # the Cleric is still in the reserve
{}
"""

from __future__ import annotations

import heapq

from .actions import is_character
from .ap import actors, pool_of
from .board import SIDES, STEP, square_name
from .moves import exit_open, is_exit, may_enter, ok_with
from .position import name, occupants, record, square_of


def _search(x, mover: int, free_steps: int = 0, limit: int | None = None):
    """Fewest ``(Moves, steps)`` to every square ``mover`` can stop on, and to leaving.

    A Dijkstra search over ``(square, steps left in the current Move)``: a step costs a step; a
    new Move costs 1 Move and may begin only where a Move can end (§5.4). ``free_steps``: the
    steps left of a Move already under way; ``limit``: no more Moves than that (the AP left),
    so the search stays near the mover instead of covering the labyrinth. Returns ``(stops, out, back, best)``: ``stops``
    maps a square to its ``(moves, steps)``; ``out`` is the cost of leaving and the exit square, or
    None; ``back`` maps each ``(square, steps left)`` (and ``("out", exit square)``) to the one
    it was reached from, and ``best`` holds the cost of each, to read a route back."""
    occ = occupants(x)
    speed = record(x.rules.content, mover).speed
    start = square_of(x, mover)
    stops = {start: (0, 0)} if ok_with(x, mover, start, occ) else {}
    out = None
    best = {(start, free_steps): (0, 0)}
    back = {}
    queue = [(0, 0, start, free_steps)]
    while queue:
        moves, steps, sq, left = heapq.heappop(queue)
        if best.get((sq, left)) != (moves, steps):
            continue
        nexts = []
        if left > 0:
            for side in SIDES:
                to = may_enter(x, mover, sq, side, occ)
                if to is not None:
                    nexts.append((moves, steps + 1, to, left - 1))
        if left < speed and (limit is None or moves < limit) and ok_with(x, mover, sq, occ):
            nexts.append((moves + 1, steps, sq, speed))  # a new Move from here
        for m, st, to, lf in nexts:
            if is_exit(x, mover, to):
                if exit_open(x, mover, to, occ) and (out is None or (m, st) < out[0]):
                    out = ((m, st), to)
                    back[("out", to)] = (sq, left)
                continue
            if best.get((to, lf), (m + 1, 0)) <= (m, st):
                continue
            best[(to, lf)] = (m, st)
            back[(to, lf)] = (sq, left)
            heapq.heappush(queue, (m, st, to, lf))
            if ok_with(x, mover, to, occ) and (to not in stops or (m, st) < stops[to]):
                stops[to] = (m, st)
    return stops, out, back, best


_searches: dict = {}  # recent searches: the board's marks and its routes ask the same twice


def _searched(x, mover: int, free_steps: int, limit: int | None):
    """``_search``, remembered for the few positions asked about last (each entry keeps its
    position, so a new position that reuses an old one's ``id`` is never answered from it)."""
    key = (id(x), mover, free_steps, limit)
    entry = _searches.get(key)
    if entry is None or entry[0] is not x:
        if len(_searches) > 64:
            _searches.clear()
        entry = _searches[key] = (x, _search(x, mover, free_steps, limit))
    return entry[1]


def ap_for(x, mover: int) -> int:
    """The AP ``mover`` may still spend this turn: the player's AP and its potion's (A14)."""
    return x.ap + pool_of(x, mover) if x.phase == "actions" else 0


def reach(x, mover: int, ap: int | None = None) -> dict:
    """The squares ``mover`` can end a Move on with at most ``ap`` Moves (by default the AP left
    this turn), each with the fewest Moves it needs; the square it stands on needs 0. A Move
    under way of this character first uses its steps left for free. Empty when the character
    is not on the board.

    Positions built by hand in tests/dungeon_twister/test_dt_reach.py show it at work.
    """
    if not is_character(mover) or x.loc[mover][0] != "sq":
        return {}
    ap = ap_for(x, mover) if ap is None else ap
    free = _free_steps(x, mover)
    stops, _, _, _ = _searched(x, mover, free, ap)
    return {square_name(sq): m for sq, (m, _) in sorted(stops.items(), key=_order)}


def _free_steps(x, mover: int) -> int:
    move = x.move
    if move is not None and move[0] == mover and move[1] == "move":
        return move[2]
    return 0


def _order(item):
    (row, col), (moves, steps) = item
    return moves, steps, row, col


def way_out(x, mover: int) -> dict | None:
    """The shortest way out for ``mover`` through its exit line (§12.1), as the board lies now:
    ``{"moves": AP needed, "steps": steps walked, "route": squares, start first, the exit
    square last}``, fewest Moves first, then fewest steps; None if no way out exists."""
    if not is_character(mover) or x.loc[mover][0] != "sq":
        return None
    free = _free_steps(x, mover)
    stops, out, back, best = _search(x, mover, free)
    if out is None:
        return None
    (moves, steps), exit_sq = out
    route = []
    for sq, _ in _trail(back, ("out", exit_sq), (square_of(x, mover), free)):
        if not route or route[-1] != sq:
            route.append(sq)
    return {"moves": moves, "steps": steps,
            "route": [square_name(q) for q in route + [exit_sq]]}


def ways(x, mover: int) -> dict:
    """How ``mover`` gets to each square ``reach`` lists, other than its own, and out
    (``"out"``, when it can leave within the AP left): the exit square and the way, a list of
    ``"move"`` where a new Move begins (1 AP) and the sides stepped, e.g. ``["move", "N", "N",
    "move", "E"]``. While a Move of ``mover`` is under way, its steps left come first.
    The play widget turns each way into a chain of actions chosen by one click."""
    if not is_character(mover) or x.loc[mover][0] != "sq":
        return {}
    ap, free, start = ap_for(x, mover), _free_steps(x, mover), square_of(x, mover)
    stops, out, back, best = _searched(x, mover, free, ap)
    ends = {}  # each square's search key at its fewest (Moves, steps)
    for key, cost in best.items():
        if stops.get(key[0]) == cost:
            ends.setdefault(key[0], key)
    found = {sq: _way(_trail(back, key, (start, free))) for sq, key in ends.items()
             if sq != start}
    if out is not None:
        exit_sq = out[1]
        trail = _trail(back, ("out", exit_sq), (start, free))
        found["out"] = (exit_sq, _way(trail + [(exit_sq, None)]))
    return found


def _trail(back, key, first) -> list:
    """The ``(square, steps left)`` of a search from ``first`` to ``key``, read back."""
    trail = [] if key[0] == "out" else [key]
    key = back[key]
    while True:
        trail.append(key)
        if key == first:
            return trail[::-1]
        key = back[key]


_SIDE_OF = {STEP[side]: side for side in SIDES}  # (rows, columns) moved -> the side


def _way(trail) -> list:
    return ["move" if a == b else _SIDE_OF[b[0] - a[0], b[1] - a[1]]
            for (a, _), (b, _) in zip(trail, trail[1:])]


def reach_all(x, seat: int) -> dict:
    """For each of ``seat``'s characters that may act (§5.2), by name: ``reach`` (the squares
    within the AP left) and ``way_out``. Plain data, ready for a table."""
    out = {}
    for t in actors(x, seat):
        out[name(x.rules.content, t)] = {
            "square": square_name(square_of(x, t)), "ap": ap_for(x, t),
            "reach": reach(x, t), "way_out": way_out(x, t)}
    return out


__all__ = ["ap_for", "reach", "reach_all", "way_out", "ways"]
