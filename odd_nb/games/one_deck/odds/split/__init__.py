"""Exact encounter odds by splitting the dice colours in two sides (rules §4, A7, A11, A24).

``split_distribution`` gives the same answer as ``walk.mask_distribution`` -- for each set of
covered boxes under the best placement, the number of rolls that lead to it -- for encounters
with at most one open wide box. Where that box makes the walk over faces slow (its sum keeps
many partial placements apart), this is several times faster, and on small boxes alone it
mostly beats the small-box walk (``small``); ``supports`` says when this method applies
at all and ``faster_than_walk`` when it pays.

The idea. Split the colours of the pool in two sides, with every paired colour on side B. For
every roll of one side alone, list its contributions: its profile. The best placement of a whole
roll is the best pair of contributions, one from each side's profile: a box is covered when
either side covers it or both give it a half (that pair costs one budget), budgets add, wide
values add. The join does not visit pairs of rolls one by one: one side is the columns, its rolls
the bits of big ints; the other side is the rows, taken by profile; each row contribution
reaches, key by key, a set of columns, and a row profile counts, from its best key, the columns
it reaches first. No side is listed roll by roll either: each colour's rolls alone are listed (a
few hundred at most), and tables of two colours merge pair of contributions by pair.

Glossary: every term the modules coin, defined once.

- colour: yellow, pink, blue or black (``K``); a *paired colour* is one the wide box does not
  take, not black, when the 2-for-1 may put its dice on that box: its dice reach the box only
  in 2-for-1 pairs.
- side: a set of the colours present, A or B (``sides.sides``); B holds every paired colour.
- roll (of a colour or a side): its dice's faces as face classes, ascending, without order;
  its *ways* are the ordered rolls that give it. Dice already showing a face (``fixed=``) join
  every roll of their colour; faces discarded as rolled (``discard=``, E3) leave the roll they
  are rolled in: its ways count them, its dice do not. A side's rolls are numbered, so a set of
  them is the bits of one big int (``bits.spread``, ``bits.repeat``).
- family: one family of placements (A11, ``problem.Family``): its small boxes by falling
  target, its wide box, the key of each set of small boxes covered (``families.Family``).
- budget: the black budget (A7): black dice placed plus 2-for-1 pairs, at most ``plan.budget``;
  *room*: what a contribution leaves of it for the other side's.
- half: one die of a 2-for-1 pair given to a small box that does not take it, the other to come
  from the other side; a box *halved* by both sides is covered, for one budget.
- need: the wide box's target. *Wide value*: what a contribution puts on the wide box, capped
  at the need; *lack*: what it leaves of the need for the other side to fill.
- contribution: what one roll of one side can do by itself for one family: the small boxes it
  covers, those it halves, the budget it spends, its wide value; packed in one int
  (``bits.Packing``). Its *head*: all of it but the wide value.
- leftover: the dice a contribution leaves of the paired colours, numbered by their tally
  (dice by face in one int, ``bits.tally``), standing for the wide value until the last paired
  colour is merged; a *pairing*: what those dice give the wide box in pairs (the best sum of j
  pairs for each j).
- table: per family, each contribution and the bits of the rolls that give it.
- state: while one colour's table is listed, what the boxes so far add up to and the dice they
  leave, with the rolls that come to it (``sides.colour_table``).
- merge: two tables of disjoint colours made one: roll (i, j) of both is bit i * n + j (n the
  second's rolls), each pair of contributions that use no box twice merged (``merge.merge``).
- profile: the contributions of one roll of a side, for every family; rolls of one profile are
  one row, their ways added.
- rows, columns: the two sides' parts in the join. The rows are the side taken by profile
  (``rows.rows_side``); the columns the other side, one bit per roll (``columns.columns``).
- beats: contribution y beats x of the same roll when, joined with any of the other side's, y
  is legal wherever x is and covers no fewer boxes with no less value (point 4); *unbeaten*:
  kept only for the rolls where nothing beats it (``rows.unbeaten``).
- swap: covering small box y instead of x, when y is no easier to cover and no cheaper to leave
  open (``Family.swaps``): on the rows, that beats covering x (point 4).
- key: the problem's number for a placement (A24), lower better: the start key plus the costs
  of the boxes left open; *rank*: a key's place among the join's keys, sorted.
- run: the columns' contributions of one family that cover and halve the same boxes, as
  *levels*: ``levels[room][lack]``, the columns holding one of budget ``room`` or less and wide
  value ``lack`` or more.
- reach: the columns a row contribution joins, and at which rank each (``join.Reach``).
- outdoes: row contribution y outdoes x of the same roll when y reaches every column x reaches
  at a key no worse (point 7); *outdone*: x, dropped for those rolls (``rows.outdone``).
- group: the row contributions held by the same rolls: they reach as one; a profile is the
  sorted numbers of its groups (``rows.profiles``).
- signature: a roll's groups as bits, a bit per group, eight to a byte: rolls of the same
  signature have the same profile.
- digits: the columns by binary digit of their ways (``columns.Columns.digits``).
- work: units counted against a limit, one ``work.Work`` a call.

The phases, in the order they run (each a module; each takes what it needs and returns what
the next needs, a ``Work`` passed along):

1. ``families.question_for``: plan -> ``Question`` (families, colours, packing, budget).
2. ``sides.sides``: question -> the two sides' colours.
3. ``merge.merged`` (with ``sides.colour_rolls`` and ``sides.colour_table`` per colour):
   question, a side's colours -> ``Side`` (tables, ways).
4. ``rows.rows_side``, ``rows.as_rows``, ``rows.unbeaten``: both sides' ``Side`` -> the rows'
   tables, made least and pruned.
5. ``columns.columns``: the columns' ``Side`` -> ``Columns`` (runs, digits).
6. ``join.Reach``: the rows' tables, the runs -> what each row contribution reaches; then
   ``rows.outdone`` and ``rows.profiles``: the rows' tables, ``Reach`` -> ``Profiles`` (groups,
   the ways of each profile).
7. ``join.join``: ``Profiles``, ``Columns``, ``Reach`` -> best key -> ways; masks by
   ``plan.mask_of_key`` (``split_distribution``).

Why nothing is lost (exactness):

1. Every legal placement splits in two, one part per side (§4, A7). A 2-for-1 onto a small box
   with a die on each side is a half on each side. A 2-for-1 onto the wide box has both dice on
   side B: both are non-black dice the wide box does not take (a pair holding a black die is
   never better than the black die alone, and a pair holding a die the box takes never better
   than that die alone), and side B holds all such colours. So the wide box's sum is the sum of
   the two sides' parts. The black budget -- non-black pairs plus black dice placed, at most the
   supply's black dice plus the pool's (A7, as in the walk) -- adds up too, a split pair counting
   one in the join.
2. Within one side, once it is fixed which kind of die each small box gets (a die of colour c,
   a pair of colours c1 and c2, a half of colour c, or nothing), each colour faces demands "one
   die at least t". Met from the highest t down, each with the smallest die that reaches it,
   they leave dice that are, sorted, at least as high one by one as what any other way of
   meeting them leaves (exchange argument). What the leftover dice can give the wide box only
   grows with them: every die it takes (for free), plus the k highest black dice (one budget
   each), plus j pairs of the dice it does not take, best paired neighbour with neighbour from
   the top (the 2nd, 4th, ... highest count). Every k and j is listed. So listing one way per
   choice of kinds loses no better placement.
3. That reasoning holds colour by colour, so a side loses nothing by merging colours: a
   colour's demands are met by its own dice, and a roll of two colours gives exactly the pairs
   of contributions of its two parts that use no box twice, a half from each becoming a pair
   (one budget). Values add: the dice the wide box takes add up colour by colour, and black is
   a colour of its own. The paired colours' leftover dice (each colour's, as point 2 leaves
   them) join into the side's leftover dice, which are paired as point 2 says once every
   paired colour is in.
4. A contribution that another one of the same roll beats is dropped for that roll
   (``unbeaten``): the best pair never needs it. Beating is transitive, so what beats it is
   kept. Done on whole sides, after merging (within a side, merges must not use a box twice, so
   there it would not hold), and on the rows only: the columns keep every contribution (their
   beaten ones only add bits to their runs; the join is exact either way). Against the columns,
   the rows lose more. A row contribution meets the columns only through the boxes it covers,
   the halves some column could pair, the room its budget leaves for the columns' budgets and
   pairs, and the columns whose value fills what it lacks, so it is first made the least one
   that joins them the same way (``as_rows``). Then covering small box y beats covering box x
   (the rest the same, a half on y moving to x only when the boxes are alike) when y is no
   easier (a target no lower, no colour x does not take) and no cheaper left open (armor no
   less bound): with a column that covers y, that column's roll also holds the contribution
   with that die on x (x takes it and it reaches x's target, and what is left of the roll is no
   worse), so the two cover x and y either way; with any other, y covered instead of x costs no
   more. Between alike boxes (same target and colours) a half on y beats a half on x the same
   way (ties between alike boxes go to the later one).
5. Armor first (A11): the same two families of placements as ``problem.Family`` -- every armor
   box covered (the wide box too if it is armor), or only armor boxes used -- each joined on its
   own; the better key wins.
6. The key is the problem's (A24): start key plus the costs of the boxes left open, so weights
   and tie-breaks are the same and the masks come from ``plan.mask_of_key``.
7. A row contribution that another of the same roll outdoes is dropped for that roll
   (``outdone``): the roll's best key with each column stays the same. Unlike point 4 this looks
   at the columns as they are (room in the budget that no column can use is worth nothing, a
   little more wide value may be worth it), so it comes once the join knows what each row
   contribution reaches (``Reach``). Outdoing is a preorder; between two that reach exactly the
   same the one packed smaller outdoes the other, so what outdoes is kept.

Dice already on boxes (``placed=``) are not handled.

>>> from odd_nb.games.one_deck import Box
>>> from odd_nb.games.one_deck.odds import plan_for
>>> plan = plan_for({"yellow": 2}, [Box("yellow", 7, wide=True), Box("yellow", 5)])
>>> supports(plan)
True
>>> masks, total, work, rolls = split_distribution(plan)
>>> sorted(masks.items()), total, rolls   # 21 of 36 rolls sum to 7+, (5,1) and (1,5) cover the 5
([(0, 13), (1, 21), (2, 2)], 36, 21)
"""

from __future__ import annotations

from collections import defaultdict
from typing import NamedTuple

from .columns import Columns, columns
from .families import Question, question_for
from .join import Reach, join
from .merge import Side, merged
from .rows import Profiles, as_rows, outdone, profiles, rows_side, unbeaten
from .sides import rolls_of, sides
from .work import Work

__all__ = ["NAME", "answers", "least_seconds", "distribution", "supports",
           "faster_than_walk", "split_distribution", "Arranged", "arrange", "rows_and_columns"]

# -- the method's interface (docs/odds.md, "Methods"): encounter_odds asks each in turn ----------
NAME = "split"
#: seconds a roll of the side of more rolls, at best: the split lists each side's rolls, never
#: the rolls of both (3.3 us at least on the 223 questions the split answered in the odds
#: panel of benchmarks/odds_in_play.py, base, expansion and generated cards)
SECONDS_PER_SIDE_ROLL = 2e-6


def least_seconds(plan) -> float:
    """The least time the split could take on ``plan``: with a time budget, a question that
    would need longer goes to sampling at once (``encounter_odds``). It grows with the rolls
    of its larger side, not with the distinct rolls of the whole pool (44 million of those
    took 0.1-0.9 s on the odds panel's questions).

    >>> from odd_nb.games.one_deck import Box
    >>> from odd_nb.games.one_deck.odds import plan_for
    >>> least_seconds(plan_for({"yellow": 3, "pink": 2}, [Box("yellow", 9, wide=True)]))
    0.000112
    """
    return SECONDS_PER_SIDE_ROLL * max(rolls_of(plan, side) for side in sides(question_for(plan)))


def answers(plan) -> bool:
    """What the split supports, where it is worth taking (``faster_than_walk``)."""
    return supports(plan) and faster_than_walk(plan)


def distribution(plan, *, limit: int | None = None, stop=None):
    """(dict covered mask -> ways, total ways, work done, distinct rolls); past ``limit`` units
    of work, or once ``stop()`` is true, ``TooMuchWork``."""
    return split_distribution(plan, limit=limit, stop=stop)


def supports(plan) -> bool:
    """Whether ``split_distribution`` answers this odds question: at most one open wide box
    and no dice already on a box (fixed dice and faces discarded as rolled are fine)."""
    placed = plan.done_mask or any(need != plan.boxes[i].target for i, need, _ in plan.wide)
    return len(plan.wide) <= 1 and not placed


def faster_than_walk(plan) -> bool:
    """Whether the split is worth taking over the walk: always with the wide box (it was not
    when the box took fewer than two rolled dice directly, while the side of colours paired
    onto it was listed roll by roll; now it is the quicker on such questions of greedy games
    and on the benchmark's Fen Viper, by far where the walk is slow). With small boxes only,
    when at least two colours are rolled: over such questions of greedy games it is the quicker
    in all than the small-box walk, though slower on some by a little; with one colour the split
    is a side and nothing, slower on all of them, by far where the walk's greedy path applies,
    as on the benchmark's icepool cases (see benchmarks/README.md)."""
    return bool(plan.wide) or sum(1 for n in plan.rolled if n) >= 2


def split_distribution(plan, *, limit: int | None = None, stop=None):
    """The exact distribution of the covered boxes under the best placement, as
    ``walk.mask_distribution`` gives it: (dict covered mask -> ways, total ways, work done,
    distinct rolls). ``plan`` comes from ``plan_for`` and must be ``supports``-ed. Past
    ``limit`` units of work (``work.py``) -- which also bounds the memory of the sides' tables --
    or once ``stop()`` is true (asked every ``work.STOP_EVERY`` units and between steps), it
    raises ``TooMuchWork``."""
    if not supports(plan):
        raise ValueError("split_distribution needs at most one open wide box and no placed "
                         "dice (see supports)")
    question, work = question_for(plan), Work(limit, stop)
    settled = join(*arrange(question, work), work)
    masks = defaultdict(int)
    for key, ways in settled.items():
        masks[plan.mask_of_key(key)] += ways
    return dict(masks), 6 ** sum(plan.rolled), work.units, plan.distinct_rolls()


class Arranged(NamedTuple):
    """What the join takes (``join.join(*arranged, work)``)."""

    profiles: Profiles  # the rows
    columns: Columns
    reach: Reach  # what each row contribution reaches in the columns


def arrange(question: Question, work: Work) -> Arranged:
    """The rows and the columns for the join: both sides built colour by colour (``merged``),
    the rows the side with fewer distinct contributions unless the other holds far fewer
    (``rows_side``): each costs the join a few big-int operations, each of the columns' only a
    bit (``rows_and_columns``)."""
    built = [merged(question, colours, work) for colours in sides(question)]
    rows = rows_side(built[0].tables, built[1].tables)
    return rows_and_columns(question, built[rows], built[1 - rows], work)


def rows_and_columns(question: Question, rows: Side, others: Side, work: Work) -> Arranged:
    """The join's rows from side ``rows`` and columns from side ``others``. The rows are pruned
    against the columns (``as_rows``, ``unbeaten`` with swaps: exactness point 4; ``outdone``:
    point 7) and read as profiles; the columns are not pruned: beaten contributions of the
    columns add bits to their runs, not steps to the join."""
    ready = unbeaten(question, as_rows(question, rows.tables, others.tables, work), work,
                     swaps=True)
    found = columns(question, others.tables, others.ways, work)
    reach = Reach(question, ready, found.runs, work)
    return Arranged(profiles(outdone(question, ready, reach, work), rows.ways, work), found,
                    reach)
