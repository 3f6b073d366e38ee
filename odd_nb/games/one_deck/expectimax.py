"""What a One Deck Dungeon position is worth, and what facing an encounter is expected to be worth,
from the exact odds (docs/odds.md): the model the expectimax agent (``agents.py``) decides by.

A position's worth is about the chance to beat the boss (§10): seeded rolls of one boss round
for a party's dice and its level's bonus dice, placed as the agent places them (``boss_round``),
give the chance of each (damage, ☠ hits) pair, and a small dynamic programme over health margin
and boss health left turns them into the chance to win the fight (``boss_table``). The party is
taken to meet the boss a little stronger than it is (``LEVELS_PER_FLOOR``, ``DICE_PER_FLOOR``)
and a little hurt (``FLOOR_DAMAGE``) for each floor still to go, the margin smoothed since that
damage is uncertain, and with a little health the table cannot see (``BOSS_MARGIN``: skills).
The margin is the health left plus 2 per potion token (a potion heals 2 when a hero would be
out, A20); XP counts as the part of the next level it makes (a level adds bonus dice and a
potion, §8).

Facing an encounter (``face_value``) is an expectation over the sets of boxes the best
placement covers, with their probabilities (``state_odds``): each set's damage and time (time
as lost cards, or stairs tokens once the stairs show, §5.1), a loss when the damage is past what
health and potions can absorb (§11), and otherwise the best loot (§6 E6). Fleeing
(``flee_value``) keeps the position and loses the turn. Odds that would take long (several
wide boxes, many dice) are sampled with a few seeded rolls (``ODDS``): a decision needs them
roughly, and a study needs games by the hundred.

>>> import odd_nb
>>> s = odd_nb.start("one-deck-dungeon", seed=1).state
>>> 0 < worth(s) < 1
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from .content import FULL_SUPPLY, STAT_COLOURS
from .dice import INDEX, colour_matches
from .odds import state_odds

HEAL_WHEN_OUT = 2  # the basic potion heals 2 when drunk to save a hero (A20)
FLOOR_DAMAGE = 1.0  # damage a party takes on an average floor before the boss, net of healing
# what each floor to go is taken to bring: less than greedy parties gain (they meet the boss at
# level 3-4 with 4-6 more dice), so that loot claimed now still counts (level 4 is the cap)
LEVELS_PER_FLOOR = 0.5
DICE_PER_FLOOR = 0.3  # per stat colour
CARD_TIME = 0.25  # a unit of time that discards a card: loot the party will not see, in health
STAIRS_TOKENS_PER_DAMAGE = 3  # §5.1
TURN_TIME = 2  # §5.2
SMOOTHING = ((-2, 1), (-1, 2), (0, 3), (1, 2), (2, 1))  # the margin at the boss is uncertain
# what the boss table does not see: the party's skills and feats (a free "prevent" every round,
# two black dice for a potion). Set on greedy parties arriving at the boss (training seed 7,
# about 400 fights a dungeon) by the log loss of the table's chance against their outcome.
BOSS_MARGIN = 1.0  # health the party is taken to have beyond its margin
BOSS_SPREAD = 2.0  # the least uncertainty of the margin, in steps of ``SMOOTHING``
MAX_MARGIN = 30
TIE_BREAK = 1e-4
BOSS_ROLLS = 1_000  # seeded rolls that estimate one boss round (``boss_round``)
BOSS_SEED = 0
SKILL_WORTH = 0.0005  # a skill card: the model has no finer measure of it
# the encounter odds of a decision: past this much work, this many seeded rolls (games replay)
ODDS = {"exact_limit": 3_000, "samples": 3, "seed": 0}


@dataclass(frozen=True)
class Party:
    """What the model reads of a position: dice per stat colour, level, XP, health margin (health
    left plus potions), skill cards, and the floors still to go before the boss."""

    dice: tuple
    level: int
    xp: int
    margin: float
    skills: int
    floors_left: float


# -- the boss fight --------------------------------------------------------------------------------
_tables: dict = {}


def boss_table(s, dice: tuple, level: int) -> list:
    """``table[b][m]``: the chance to beat the boss with ``b`` health left when the party can take
    ``m`` more damage, rolling ``dice`` (per stat colour) and the bonus dice of ``level`` each
    round (§10), from ``boss_round``; ⌛ is ignored in the boss fight.

    >>> import odd_nb
    >>> s = odd_nb.start("one-deck-dungeon", seed=1).state
    >>> t = boss_table(s, (4, 3, 3), 3)  # Brannoc with three items, at level 3
    >>> [round(t[6][m], 2) for m in (0, 5, 10)]
    [0.0, 0.34, 0.94]
    """
    boss = s.dungeon_card.boss
    side = "1P" if len(s.heroes) == 1 else "2P"
    key = (id(s.content), s.dungeon, side, dice, level)
    table = _tables.get(key)
    if table is not None:
        return table
    bonus = min(s.content.levels[level - 1][side].bonus_dice, FULL_SUPPLY[INDEX["black"]])
    pool = {c: min(n, FULL_SUPPLY[INDEX[c]]) for c, n in zip(STAT_COLOURS, dice) if n}
    if bonus:
        pool["black"] = bonus
    rounds = dict(boss_round(boss, pool))
    stay = rounds.pop((0, 0), 0.0)  # a round that changes nothing is played again
    health = boss.health[side]
    table = [[1.0] * (MAX_MARGIN + 1)] + [[0.0] * (MAX_MARGIN + 1) for _ in range(health)]
    if stay < 1:
        for b in range(1, health + 1):
            for m in range(MAX_MARGIN + 1):
                won = sum(p * table[max(0, b - k)][m - d]
                          for (d, k), p in rounds.items() if d <= m)
                table[b][m] = won / (1 - stay)
    if len(_tables) > 2_000:
        _tables.clear()
    _tables[key] = table
    return table


def boss_round(boss, pool: dict) -> dict:
    """One boss round (§10) as (damage, ☠ hits) -> probability, from ``BOSS_ROLLS`` seeded rolls
    of ``pool`` (colour -> dice), each placed as the agent places a boss round's dice: the
    costliest small box first (armor 5, ☠ 3, each ♥ 2: greedy's ``box_cost``; armor first, A11),
    each with the smallest die that covers it (a die of its colour before a black one of the same
    value); then each wide box from the largest dice left, if they finish it. A foe's "on roll"
    discards act first (E3), and its "on start" damage (d2's boss: 1 each round) is added.
    Seeded, so a game replays; quick where the exact odds of a round of ten dice or more take a
    second.

    >>> import odd_nb
    >>> boss = odd_nb.load_game("one-deck-dungeon").content.dungeons["d1"].boss
    >>> abs(boss_round(boss, {"yellow": 1})[4, 1] - 1 / 3) < 0.05  # a 5 or 6 on the yellow 5 ☠
    True
    """
    rng = random.Random(BOSS_SEED)
    colours = [c for c, n in sorted(pool.items()) for _ in range(n)]
    discard = [(e.colour, e.value) for a in boss.abilities if a.timing == "on_roll"
               for e in a.effects if e.op == "discard" for _ in range(max(1, e.count))]
    small = sorted((b for b in boss.boxes if not b.wide),
                   key=lambda b: -(5 * b.armor + 3 * b.skull + 2 * b.damage))
    wide = [b for b in boss.boxes if b.wide]
    hurt = sum(e.amount for a in boss.abilities if a.timing == "on_start"
               for e in a.effects if e.op == "damage")
    counts: dict = {}
    for _ in range(BOSS_ROLLS):
        dice = sorted(((int(rng.random() * 6) + 1, c == "black", c) for c in colours))
        for colour, face in discard:
            for j, (v, _, c) in enumerate(dice):
                if colour in (None, c) and face in (None, v):
                    del dice[j]
                    break
        damage = hits = 0
        for box in small:
            for j, (v, _, c) in enumerate(dice):
                if v >= box.target and colour_matches(box.colour, c):
                    del dice[j]
                    hits += box.skull
                    break
            else:
                damage += box.damage
        for box in wide:
            have, used = 0, []
            for j in range(len(dice) - 1, -1, -1):
                if have >= box.target:
                    break
                if colour_matches(box.colour, dice[j][2]):
                    have += dice[j][0]
                    used.append(j)
            if have >= box.target:
                for j in used:  # highest index first: the others keep their places
                    del dice[j]
                hits += box.skull
            else:
                damage += box.damage
        counts[damage + hurt, hits] = counts.get((damage + hurt, hits), 0) + 1
    return {k: n / BOSS_ROLLS for k, n in counts.items()}


def _boss_chance(s, dice, level, margin: float, boss_left: int, spread: float) -> float:
    """The boss table at a margin that may be fractional, and uncertain by ``spread`` times the
    steps of ``SMOOTHING``."""
    row = boss_table(s, dice, level)[boss_left]
    total = weight = 0.0
    for shift, w in SMOOTHING:
        m = margin + shift * spread
        if m < 0:
            value = 0.0
        else:
            low = min(int(m), MAX_MARGIN)
            high = min(low + 1, MAX_MARGIN)
            value = row[low] + (m - low) * (row[high] - row[low])
        total += w * value
        weight += w
    return total / weight


# -- a position ------------------------------------------------------------------------------------
def party(s) -> Party:
    """The model's reading of ``s`` (see ``Party``)."""
    n = len(s.heroes)
    dice = tuple(sum(s.stat(h, c) for h in range(n)) for c in STAT_COLOURS)
    out_at = 1 if s.rules.lose_when_damage_equals_health else 0
    margin = sum(s.health(h) - s.heroes[h].damage - out_at for h in range(n))
    margin += HEAL_WHEN_OUT * s.potions
    margin -= (s.stairs_tokens % STAIRS_TOKENS_PER_DAMAGE) / STAIRS_TOKENS_PER_DAMAGE
    skills = sum(len(h.skills) for h in s.heroes)
    if s.in_boss_fight:
        floors_left = 0.0
    else:
        cards = s.deck_size + s.doors
        floors_left = 3 - s.floor + min(1.0, cards / max(1, len(s.content.encounters) // 2))
    return Party(dice, s.level, s.xp, margin, skills, floors_left)


def value(s, p: Party) -> float:
    """The worth of party ``p`` in the dungeon of ``s``: about the chance to win. The party meets
    the boss stronger than it is now: ``LEVELS_PER_FLOOR`` and ``DICE_PER_FLOOR`` (each stat
    colour) for each floor still to go, and XP as the share of the next level it makes."""
    boss_left = s.dungeon_card.boss.health[s.side] - s.boss_damage
    ahead = p.floors_left
    margin = p.margin - FLOOR_DAMAGE * ahead + BOSS_MARGIN
    spread = max(BOSS_SPREAD, ahead)
    dice = tuple(int(n + DICE_PER_FLOOR * ahead + 0.5) for n in p.dice)
    if p.level < 4:
        share = min(p.xp / s.content.levels[p.level - 1][s.side].xp_to_next, 1.0)
    else:  # level 4: 5 XP buy a potion token (§8, A14)
        share, margin = 0.0, margin + HEAL_WHEN_OUT * p.xp / 5
    levels = min(4.0, p.level + LEVELS_PER_FLOOR * ahead + share)
    low = int(levels)
    here = _boss_chance(s, dice, low, margin, boss_left, spread)
    if levels > low:
        there = _boss_chance(s, dice, low + 1, margin + HEAL_WHEN_OUT, boss_left, spread)
        here += (levels - low) * (there - here)
    # where the boss looks out of reach, health and dice still tell positions apart
    hope = TIE_BREAK * (max(0.0, p.margin) + sum(p.dice) + p.level)
    return here + SKILL_WORTH * p.skills + hope


def worth(s) -> float:
    """``value`` of the position ``s`` itself; 1 once won, 0 once lost."""
    if s.outcome is not None:
        return 1.0 if s.outcome == "won" else 0.0
    return value(s, party(s))


# -- facing an encounter ---------------------------------------------------------------------------
_odds: dict = {}


def _state_odds(s) -> list:
    """``state_odds`` of ``s`` (one entry per option), kept by what they depend on: the same
    card against the same party recurs within a game and from game to game."""
    n = len(s.heroes)
    key = (id(s.content), s.dungeon, s.floor, s.card, s.phase, s.option, s.boxes, s.placed,
           s.pools, s.supply, s.level, n,
           tuple(s.stat(h, c) for h in range(n) for c in STAT_COLOURS))
    found = _odds.get(key)
    if found is None:
        if len(_odds) > 20_000:
            _odds.clear()
        found = _odds[key] = list(state_odds(s, **ODDS).values())
    return found


def time_cost(s, time: int) -> float:
    """Time in health: a card lost while the deck has cards, a third of a damage once the stairs
    show (§5.1, A4)."""
    cards = min(time, s.deck_size)
    return CARD_TIME * cards + (time - cards) / STAIRS_TOKENS_PER_DAMAGE


def loot_values(s, p: Party, card) -> list:
    """The worth of each way to claim ``card`` (§6 E6): XP, an item (on the hero with the fewest,
    taking the place of the weakest at the limit, A15), a skill, a potion (A16)."""
    found = [value(s, _with(p, xp=p.xp + card.xp))]
    limit = s.level_side.item_limit
    if card.loot.item:
        gain = dict(card.loot.item)
        h = min(range(len(s.heroes)), key=lambda i: len(s.heroes[i].items))
        dice = tuple(n + gain.get(c, 0) for n, c in zip(p.dice, STAT_COLOURS))
        margin = p.margin + gain.get("health", 0)
        xp = p.xp
        if len(s.heroes[h].items) >= limit:  # the weakest item goes to XP
            weakest = min(s.heroes[h].items, key=lambda c: sum(
                n for _, n in s.content.encounters[c].loot.item))
            lost = dict(s.content.encounters[weakest].loot.item)
            dice = tuple(n - lost.get(c, 0) for n, c in zip(dice, STAT_COLOURS))
            margin -= lost.get("health", 0)
            xp += s.content.encounters[weakest].xp
        found.append(value(s, _with(p, dice=dice, margin=margin, xp=xp)))
    if card.loot.skill is not None:
        found.append(value(s, _with(p, skills=p.skills + 1)))
    if card.loot.potion is not None and s.potion_supply > 0:
        found.append(value(s, _with(p, margin=p.margin + HEAL_WHEN_OUT)))
    return found


def _with(p: Party, **changes) -> Party:
    return Party(**{**p.__dict__, **changes})


def flee_value(s) -> float:
    """The worth of fleeing the door just opened: the position as it is, less the turn it
    spends for nothing (the next turn's time, §5.2)."""
    p = party(s)
    return value(s, _with(p, margin=p.margin - time_cost(s, TURN_TIME)))


def outcome_value(s, odds, extra_time: int, card, p: Party) -> float:
    """Expected worth after an encounter whose dice give ``odds`` (its covered sets), with
    ``extra_time`` to pay (a peril option's, E1), then the best loot of ``card``."""
    absorb = p.margin  # past this much damage no potion saves the party (§11, A20)
    total = 0.0
    for covered, q in odds.covered.items():
        damage = sum(b.damage for b, c in zip(odds.boxes, covered) if not c)
        if damage > absorb:
            continue  # lost: worth 0
        time = sum(b.time for b, c in zip(odds.boxes, covered) if not c) + extra_time
        after = _with(p, margin=p.margin - damage - time_cost(s, time))
        total += float(q) * max(loot_values(s, after, card))
    return total


def option_values(s) -> list:
    """At a peril choice (E1): the expected worth of each option, in the order of the card."""
    card = s.encounter_card
    p = party(s)
    odds = _state_odds(s)
    return [outcome_value(s, o, opt.time_cost, card, p) for o, opt in zip(odds, card.options)]


def face_value(s) -> float | None:
    """Expected worth of the encounter ``s`` has begun (E1 or E2, before the roll), or None when
    the odds cannot be read there (dice still rolling, damage to assign)."""
    if s.is_terminal:
        return worth(s)
    if s.is_chance or s.damage_due or s.dying:
        return None
    if s.phase == "peril":
        return max(option_values(s))
    if s.phase != "feats":
        return None
    odds = _state_odds(s)[0]
    return outcome_value(s, odds, 0, s.encounter_card, party(s))


__all__ = ["Party", "boss_round", "boss_table", "face_value", "flee_value", "loot_values",
           "option_values", "party", "time_cost", "value", "worth"]
