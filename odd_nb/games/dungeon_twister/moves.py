"""Movement (§8, §11.2, §12.1): a Move, a jump or the Phasewalker's wall step as a chain of
small actions, with the crowding and pit rules (§5.4) and the free transfers (§8.5).

A movement under way is ``move = (mover, kind, steps left, done, changed)``: ``kind`` is
``move``, ``jump`` or ``wall step``; ``done`` says whether the jump or wall step has been taken;
``changed`` holds the squares whose content the mover changed by a transfer (A36). Only steps
and transfers after which the movement can still end legally are offered (A36).
"""

from __future__ import annotations

from .actions import (BEGIN, CHARACTERS, CHARACTERS_OF, END_MOVE, GIVE, JUMP, PICK_UP,
                      PUT_DOWN, STEP, SWAP, TAKE, WALL_STEP, Act, is_character, made, side_of)
from .board import LINE_ROW, OPPOSITE, SIDE_WORD, SIDES, neighbour
from .position import (carried_by, carriers, has_ability, has_effect, lay, name, occupants,
                       record, scratch, square_of, token_name, tokens_with)
from .scoring import leave, set_loc


def exit_row(seat: int) -> int:
    """The row of ``seat``'s exit line: the opponent's starting line (§12)."""
    return LINE_ROW[1 - seat]


# -- the crowding and pit rules (§5.4, §8.3, §11.6) ----------------------------------------------
def carries_rope(x, token: int) -> bool:
    held = carried_by(x, token)
    return held is not None and has_effect(x.rules.content, held, "bridge_pits")


def square_ok(x, sq, standing) -> bool:
    """Whether ``sq`` with these tokens standing or lying on it (their carried tokens with
    them) meets §5.4 when an action ends: at most one living character, one wounded and one
    object; on a pit, only a Rope lying, no wounded character unless a Rope lies there (A26),
    and a living character only if something lets it stop there (§8.3)."""
    held_by = carriers(x)
    tokens = list(standing)
    for t in standing:
        held = held_by.get(t)
        if held is not None:
            tokens.append(held)
    if len(tokens) > 1:  # one token alone never crowds a square
        living = wounded = objects = 0
        for t in tokens:
            if t not in CHARACTERS:
                objects += 1
            elif t in x.wounded:
                wounded += 1
            else:
                living += 1
        if living > 1 or wounded > 1 or objects > 1:
            return False
    if lay(x).kind[sq] != "pit":
        return True
    content = x.rules.content
    rope = any(has_effect(content, t, "bridge_pits") for t in standing)
    for t in standing:
        if not is_character(t):
            if not has_effect(content, t, "bridge_pits"):
                return False
        elif t in x.wounded:
            if not rope:
                return False
        elif not (rope or has_ability(content, t, "walk_pits") or carries_rope(x, t)):
            return False
    return True


def ok_without(x, mover: int, sq, occ) -> bool:
    """Whether ``sq`` would meet §5.4 once the mover has left it (A36)."""
    return square_ok(x, sq, [t for t in occ.get(sq, ()) if t != mover])


def ok_with(x, mover: int, sq, occ) -> bool:
    """Whether the mover could end its action on ``sq``."""
    here = occ.get(sq)
    if (not here or here == [mover]) and lay(x).kind[sq] != "pit":
        return True  # a character alone, with what it carries, never crowds a square
    return square_ok(x, sq, [t for t in occ.get(sq, ()) if t != mover] + [mover])


def living_enemy_on(x, seat: int, sq, occ) -> bool:
    here = occ.get(sq)
    if here:
        enemies = CHARACTERS_OF[1 - seat]
        for t in here:
            if t in enemies and t not in x.wounded:
                return True
    return False


def may_enter(x, mover: int, sq, side: str, occ) -> str | None:
    """The square a step of ``mover`` across ``side`` of ``sq`` reaches, or None (§8.2)."""
    lay_ = lay(x)
    if lay_.block(sq, side) is not None:
        return None
    to = neighbour(sq, side)
    return to if _may_step_on(x, mover, to, lay_.kind[to], occ) else None


def open_steps(x, mover: int, sq, occ) -> list:
    """``(side, square)`` of every step ``mover`` may take from ``sq``, as ``may_enter``
    answers side by side, in the order N, E, S, W."""
    lay_ = lay(x)
    kind = lay_.kind
    found = []
    for side, to in lay_.open_sides(sq):
        k = kind[to]
        if k == "hidden" or ((k == "pit" or occ.get(to)) and
                             not _may_step_on(x, mover, to, k, occ)):
            continue
        found.append((side, to))
    return found


def _may_step_on(x, mover: int, to, kind: str, occ) -> bool:
    """Whether ``mover`` may step onto ``to``, a square of that kind across an open edge: not a
    hidden room, not a living enemy's square unless it flies, not a pit unless something lets
    it pass (§8.2, §8.3, §11.6)."""
    if kind == "hidden":
        return False
    here = occ.get(to)
    if not here and kind != "pit":
        return True
    content = x.rules.content
    seat = side_of(mover)
    fly = mover in tokens_with(content, "fly")
    if not fly and living_enemy_on(x, seat, to, occ):
        return False
    if kind == "pit" and not (fly or has_ability(content, mover, "walk_pits")
                              or carries_rope(x, mover) or any(
            has_effect(content, t, "bridge_pits") for t in occ.get(to, ())) or any(
            side_of(t) == seat and t not in x.wounded and has_ability(content, t, "walk_pits")
            for t in occ.get(to, ()) if is_character(t))):
        return False
    return True


def is_exit(x, mover: int, sq) -> bool:
    return sq[0] == exit_row(side_of(mover))


def exit_open(x, mover: int, sq, occ) -> bool:
    """An exit-line square may be entered to leave unless a living enemy stands there; the
    Wizard flies over him (§12.1, A25)."""
    return has_ability(x.rules.content, mover, "fly") or not living_enemy_on(
        x, side_of(mover), sq, occ)


def jumps_from(x, mover: int, sq, occ) -> list:
    """``(pit side, landing side, landing square)`` of every jump from ``sq`` (§8.6, A10)."""
    lay_ = lay(x)
    found = []
    for side, pit in _pits_beside(lay_, sq):
        if any(t in CHARACTERS for t in occ.get(pit, ())):
            continue
        landings = (side,) if x.rules.jump_straight_only else \
            tuple(s for s in SIDES if s != OPPOSITE[side])
        for land in landings:
            if lay_.block(pit, land) is not None:
                continue
            to = neighbour(pit, land)
            if lay_.kind[to] in ("hidden",):
                continue
            if is_exit(x, mover, to):
                if exit_open(x, mover, to, occ):
                    found.append((side, land, to))
            elif to[0] != exit_row(side_of(mover)) and ok_with(x, mover, to, occ):
                found.append((side, land, to))
    return found


def _pits_beside(lay_, sq) -> tuple:
    """``(side, square)`` of each pit across an open edge of ``sq``."""
    found = lay_.recall("pits beside", sq)
    if found is None:
        found = lay_.keep("pits beside", sq, tuple(
            (side, to) for side, to in lay_.open_sides(sq) if lay_.kind[to] == "pit"))
    return found


def wall_steps_from(x, mover: int, sq, occ) -> list:
    """``(side, square)`` of every wall step (§11.2, A29): across an edge closed by walls and
    by no closed portcullis, to a square where a Move could end, or onto the exit line."""
    lay_ = lay(x)
    found = []
    for side in SIDES:
        if lay_.block(sq, side) != "wall":
            continue
        to = neighbour(sq, side)
        if lay_.kind[to] == "hidden":
            continue
        if is_exit(x, mover, to):
            if exit_open(x, mover, to, occ):
                found.append((side, to))
        elif ok_with(x, mover, to, occ):
            found.append((side, to))
    return found


# -- can the movement still end legally? (A36) -------------------------------------------------
def can_finish(x) -> bool:
    mover, kind, steps, done, changed = x.move
    occ = occupants(x)
    sq = square_of(x, mover)
    leaving_ok = sq not in changed or ok_without(x, mover, sq, occ)
    if kind != "move" and not done:
        if not leaving_ok:
            return False
        if kind == "jump":
            return bool(jumps_from(x, mover, sq, occ))
        return bool(wall_steps_from(x, mover, sq, occ))
    if ok_with(x, mover, sq, occ):
        return True
    if kind != "move" or steps == 0 or not leaving_ok:
        return False
    return _ends_within(x, mover, sq, steps, changed, occ, {})


def _ends_within(x, mover: int, sq, steps: int, changed, occ, seen_squares: dict) -> bool:
    """Whether a Move of ``mover`` from ``sq`` can end legally within ``steps`` more steps:
    on a square where it may stop, or by leaving (A36). A breadth-first search; it never passes
    a square whose content the mover changed unless that square may be left as it is.

    ``seen_squares`` keeps what was learnt about each square (its open steps, whether the Move
    may end there) for the next search on the same position: only the mover moves between
    them, and none of these answers depends on where the mover stands (it is left out of every
    square it is asked about, and a mover is never an enemy or a Rope)."""
    seen, frontier = {sq}, [sq]
    for _ in range(steps):
        nxt = []
        for here in frontier:
            if here != sq and here in changed and not ok_without(x, mover, here, occ):
                continue
            for to in _open_steps(x, mover, here, occ, seen_squares):
                if to in seen:
                    continue
                seen.add(to)
                end = _ends_on(x, mover, to, occ, seen_squares)
                if end is True:
                    return True
                if end is None:  # an exit square closed by a living enemy
                    continue
                nxt.append(to)
        frontier = nxt
    return False


def _open_steps(x, mover: int, here, occ, memo: dict) -> list:
    key = ("steps", here)
    found = memo.get(key)
    if found is None:
        found = memo[key] = [to for _, to in open_steps(x, mover, here, occ)]
    return found


def _ends_on(x, mover: int, to, occ, memo: dict):
    """True if a Move may end on ``to`` (or leave through it), None if ``to`` is an exit the
    mover may not enter, False if it may pass on."""
    key = ("ends", to)
    if key in memo:
        return memo[key]
    if is_exit(x, mover, to):
        found = True if exit_open(x, mover, to, occ) else None
    else:
        found = ok_with(x, mover, to, occ)
    memo[key] = found
    return found


# -- the actions -------------------------------------------------------------------------------
def begin_actions(x, movers, occ) -> list:
    """For each ``(mover, square)`` of ``movers``: beginning a Move (always: ending without a
    step is legal, A23), a jump (with a jump card and a jump to take) or a wall step (§8.1,
    §8.6, §11.2)."""
    content = x.rules.content
    acts = made(content)
    lay_ = lay(x)
    wall_steppers = tokens_with(content, "wall_step")
    found = []
    for mover, sq in movers:
        found.append(acts.get((BEGIN, mover, "move")) or _begin_act(content, mover, "move"))
        if (x.jumps[side_of(mover)] > 0 and _pits_beside(lay_, sq)
                and jumps_from(x, mover, sq, occ)):
            found.append(_begin_act(content, mover, "jump"))
        if mover in wall_steppers and wall_steps_from(x, mover, sq, occ):
            found.append(_begin_act(content, mover, "wall step"))
    return found


def _begin_act(content, mover: int, kind: str) -> Act:
    acts = made(content)
    found = acts.get((BEGIN, mover, kind))
    if found is None:
        found = acts[(BEGIN, mover, kind)] = Act(
            BEGIN, mover, kind, text=f"{name(content, mover)} begins a {kind}")
    return found


def _step_act(content, mover: int, side: str, leaves: bool) -> Act:
    acts = made(content)
    key = (STEP, mover, side, leaves)
    found = acts.get(key)
    if found is None:
        words = f"{name(content, mover)} steps {SIDE_WORD[side]}"
        found = acts[key] = Act(STEP, mover, side, text=words + (" and leaves" if leaves else ""))
    return found


def _end_act(content, mover: int, kind: str) -> Act:
    acts = made(content)
    key = (END_MOVE, mover, kind)
    found = acts.get(key)
    if found is None:
        found = acts[key] = Act(END_MOVE, mover, text=f"{name(content, mover)} ends the "
                                f"{'move' if kind == 'move' else kind}")
    return found


def begin(d, action) -> None:
    mover, kind = action.who, action.a
    steps = record(d.rules.content, mover).speed if kind == "move" else 0
    if kind == "jump":
        jumps = list(d.jumps)
        jumps[side_of(mover)] -= 1  # the jump card goes to the used pile (§8.6)
        d.jumps = tuple(jumps)
    d.move = (mover, kind, steps, False, frozenset())


def transfers(x, mover: int, sq, occ) -> list:
    """The free transfers on the mover's square (§8.5), none beside a living enemy (A24)."""
    held = carried_by(x, mover)
    here = [t for t in occ.get(sq, ()) if t != mover]
    if held is None and not here:  # nothing to pick up, give or take
        return []
    content = x.rules.content
    seat = side_of(mover)
    if living_enemy_on(x, seat, sq, occ):
        return []
    who = name(content, mover)
    found = []
    if held is None:
        for t in here:
            if not is_character(t) or (t in x.wounded and side_of(t) == seat):
                found.append(Act(PICK_UP, mover, -1, t,
                                 text=f"{who} picks up {token_name(content, t)}"))
    else:
        if not is_character(held):
            free = not any(not is_character(t) for t in here)
            if free and (lay(x).kind[sq] != "pit" or has_effect(content, held, "bridge_pits")):
                found.append(Act(PUT_DOWN, mover, -1, held,
                                 text=f"{who} puts down {token_name(content, held)}"))
        elif lay(x).kind[sq] != "pit" and not any(is_character(t) and t in x.wounded
                                                  for t in here):
            found.append(Act(PUT_DOWN, mover, -1, held,
                             text=f"{who} puts down {token_name(content, held)}"))
    for f in here:
        if not is_character(f) or f in x.wounded or side_of(f) != seat:
            continue
        theirs = carried_by(x, f)
        friend = name(content, f)
        if held is not None and theirs is None:
            found.append(Act(GIVE, mover, f, held, text=f"{who} gives "
                             f"{token_name(content, held)} to the {friend}"))
        elif held is None and theirs is not None:
            found.append(Act(TAKE, mover, f, theirs, text=f"{who} takes "
                             f"{token_name(content, theirs)} from the {friend}"))
        elif held is not None and theirs is not None:
            found.append(Act(SWAP, mover, f, -1, text=f"{who} swaps "
                             f"{token_name(content, held)} for the {friend}'s "
                             f"{name(content, theirs)}"))
    return found


def do_transfer(d, action) -> None:
    mover, verb = action.who, action.verb
    sq = square_of(d, mover)
    if verb == PICK_UP:
        set_loc(d, action.b, ("carried", mover))
    elif verb == PUT_DOWN:
        set_loc(d, action.b, ("sq",) + sq)
    elif verb == GIVE:
        set_loc(d, action.b, ("carried", action.a))
    elif verb == TAKE:
        set_loc(d, action.b, ("carried", mover))
    else:
        mine, theirs = carried_by(d, mover), carried_by(d, action.a)
        set_loc(d, mine, ("carried", action.a))
        set_loc(d, theirs, ("carried", mover))
    m, kind, steps, done, changed = d.move
    d.move = (m, kind, steps, done, changed | {sq})


def movement_actions(x, reference: bool = False) -> list:
    """What the mover may do next: steps (a Move), the jump or the wall step, transfers, and
    ending the movement, each only if the movement can still end legally (A36).

    ``reference``: check each step the plain way, by ``can_finish`` on a copy of the position
    after the step, instead of the shared search (the same answers; tests and
    benchmarks/dungeon_twister.py compare them)."""
    mover, kind, steps, done, changed = x.move
    content = x.rules.content
    acts = made(content)
    occ = occupants(x)
    sq = square_of(x, mover)
    found = []
    leaving_ok = sq not in changed or ok_without(x, mover, sq, occ)
    if kind == "move" and steps > 0 and leaving_ok:
        memo = {}
        ground = lay(x).kind
        exit_line = exit_row(side_of(mover))
        for side, to in open_steps(x, mover, sq, occ):
            if to[0] == exit_line:
                if exit_open(x, mover, to, occ):
                    found.append(_step_act(content, mover, side, True))
                continue
            # can the Move still end after this step (A36)? As can_finish would answer on
            # the position after the step, without building it (see _ends_within)
            if reference:
                trial = scratch(x)
                set_loc(trial, mover, ("sq",) + to)
                trial.move = (mover, kind, steps - 1, done, changed)
                can_end = can_finish(trial)
            else:
                # (a square with nobody on it and no pit: ok_with's answer, without asking)
                can_end = (not occ.get(to) and ground[to] != "pit") or ok_with(
                    x, mover, to, occ) or (
                    steps > 1 and (to not in changed or ok_without(x, mover, to, occ))
                    and _ends_within(x, mover, to, steps - 1, changed, occ, memo))
            if can_end:
                found.append(acts.get((STEP, mover, side, False))
                             or _step_act(content, mover, side, False))
    if kind == "jump" and not done and leaving_ok:
        who = name(content, mover)
        for side, land, to in jumps_from(x, mover, sq, occ):
            where = "" if land == side else f", landing {SIDE_WORD[land]}"
            leaves = " and leaves" if is_exit(x, mover, to) else ""
            found.append(Act(JUMP, mover, side, land, text=f"{who} jumps {SIDE_WORD[side]} "
                             f"over the pit{where}{leaves}"))
    if kind == "wall step" and not done and leaving_ok:
        who = name(content, mover)
        for side, to in wall_steps_from(x, mover, sq, occ):
            leaves = " and leaves" if is_exit(x, mover, to) else ""
            found.append(Act(WALL_STEP, mover, side, text=f"{who} steps through the "
                             f"{SIDE_WORD[side]} wall{leaves}"))
    if True:  # transfers: anywhere on a Move; at the start and the landing of the others
        for t in transfers(x, mover, sq, occ):
            trial = scratch(x)
            do_transfer(trial, t)
            if can_finish(trial):
                found.append(t)
    if (kind == "move" or done) and ok_with(x, mover, sq, occ):
        found.append(acts.get((END_MOVE, mover, kind)) or _end_act(content, mover, kind))
    return found


def step(d, action) -> None:
    mover, kind, steps, done, changed = d.move
    sq = square_of(d, mover)
    to = neighbour(sq, action.a)
    set_loc(d, mover, ("sq",) + to)
    d.move = (mover, kind, steps - 1, done, changed)
    if is_exit(d, mover, to):
        leave(d, mover)  # A18: steps not taken are lost


def jump(d, action) -> None:
    mover, kind, steps, done, changed = d.move
    sq = square_of(d, mover)
    to = neighbour(neighbour(sq, action.a), action.b)
    set_loc(d, mover, ("sq",) + to)
    d.move = (mover, kind, 0, True, changed)
    if is_exit(d, mover, to):
        leave(d, mover)


def wall_step(d, action) -> None:
    mover, kind, steps, done, changed = d.move
    to = neighbour(square_of(d, mover), action.a)
    set_loc(d, mover, ("sq",) + to)
    d.move = (mover, kind, 0, True, changed)
    if is_exit(d, mover, to):
        leave(d, mover)


def end_move(d, action) -> None:
    d.move = None


__all__ = ["begin", "begin_actions", "can_finish", "carries_rope", "do_transfer", "end_move",
           "exit_row", "jump", "jumps_from", "movement_actions", "square_ok", "step",
           "transfers", "wall_step", "wall_steps_from"]
