"""What a One Deck Dungeon position is worth, and what facing an encounter is expected to be worth,
from the exact odds (docs/odds.md): the model the expectimax agent (``agents.py``) decides by.

A position's worth is about the chance to beat the boss (§10): the exact odds of one boss round
for a party's dice and its level's bonus dice give the chance of each (damage, ☠ hits) pair, and
a small dynamic programme over health margin and boss health left turns them into the chance to
win the fight (``boss_table``). The party is taken to meet the boss a little stronger than it is
(``LEVELS_PER_FLOOR``, ``DICE_PER_FLOOR``) and a little hurt (``FLOOR_DAMAGE``) for each floor
still to go, the margin smoothed since that damage is uncertain. The margin is the health left
plus 2 per potion token (a potion heals 2 when a hero would be out, A20); XP counts as the part
of the next level it makes (a level adds bonus dice and a potion, §8).

Facing an encounter (``face_value``) is an expectation over the sets of boxes the best
placement covers, with their probabilities (``state_odds``): each set's damage and time (time
as lost cards, or stairs tokens once the stairs show, §5.1), a loss when the damage is past what
health and potions can absorb (§11), and otherwise the best loot (§6 E6). Fleeing
(``flee_value``) keeps the position and loses the turn. Odds that would take long (several
wide boxes, many dice) are sampled with a few seeded rolls (``ODDS``), and boss rounds past
``EXACT_BOSS_DICE`` dice estimated (``_quick_round``): a decision needs them roughly, and a
study needs games by the hundred.

>>> import odd_nb
>>> s = odd_nb.start("one-deck-dungeon", seed=1).state
>>> 0 < worth(s) < 1
True
"""

from __future__ import annotations

from dataclasses import dataclass

from .content import FULL_SUPPLY, STAT_COLOURS
from .dice import INDEX
from .odds import encounter_odds, state_odds

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
MAX_MARGIN = 30
TIE_BREAK = 1e-4
EXACT_BOSS_DICE = 14  # boss rounds of more dice (or more work) are estimated (``_quick_round``)
EXACT_BOSS_WORK = 600_000
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
    round (§10). One round's odds are exact (``encounter_odds``) up to ``EXACT_BOSS_DICE`` dice,
    estimated past them; ⌛ is ignored in the boss fight.

    >>> import odd_nb
    >>> s = odd_nb.start("one-deck-dungeon", seed=1).state
    >>> t = boss_table(s, (4, 3, 3), 3)  # Brannoc with three items, at level 3
    >>> [round(t[6][m], 2) for m in (0, 5, 10)]
    [0.0, 0.45, 0.96]
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
    rounds = _exact_round(boss, pool, bonus) if sum(pool.values()) <= EXACT_BOSS_DICE else None
    if rounds is None:
        rounds = _quick_round(boss.boxes, pool)
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


def _exact_round(boss, pool, bonus) -> dict | None:
    """One boss round as (damage, ☠ hits) -> probability, from the exact odds; None when they
    would take longer than ``EXACT_BOSS_WORK``."""
    odds = encounter_odds(
        pool, boss.boxes, black_supply=FULL_SUPPLY[INDEX["black"]] - bonus, samples=1, seed=0,
        exact_limit=EXACT_BOSS_WORK,
        conversions=not any(e.what == "conversion" for a in boss.abilities
                            if a.timing == "continuous" for e in a.effects),
        discard=tuple((e.colour, e.value) for a in boss.abilities if a.timing == "on_roll"
                      for e in a.effects if e.op == "discard"))
    if not odds.exact:
        return None
    rounds: dict = {}
    for covered, p in odds.covered.items():
        damage = sum(b.damage for b, c in zip(boss.boxes, covered) if not c)
        hits = sum(1 for b, c in zip(boss.boxes, covered) if c and b.skull)
        rounds[damage, hits] = rounds.get((damage, hits), 0.0) + float(p)
    return rounds


def _quick_round(boxes, pool) -> dict:
    """One boss round, quickly: each box covered on its own, by its share of the dice that fit
    it (a colour's dice shared between the boxes that take them, black dice between all). A
    rough stand-in for the exact odds where those take seconds (many dice)."""
    takers = {c: sum(1 for b in boxes if b.colour in (c, "any")) for c in STAT_COLOURS}
    rounds = {(0, 0): 1.0}
    for box in boxes:
        share = pool.get("black", 0) / len(boxes) + sum(
            n / takers[c] for c, n in pool.items() if c != "black" and box.colour in (c, "any"))
        if box.wide:  # about 3.5 a die
            p = min(1.0, max(0.0, (3.5 * share - box.target) / 7 + 0.5))
        else:
            p = 1 - (min(6, box.target - 1) / 6) ** share
        damage, hits = (0, 1) if box.skull else (0, 0)
        step = {}
        for (d, k), q in rounds.items():
            step[d + damage, k + hits] = step.get((d + damage, k + hits), 0.0) + q * p
            step[d + box.damage, k] = step.get((d + box.damage, k), 0.0) + q * (1 - p)
        rounds = step
    return rounds


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
    margin = p.margin - FLOOR_DAMAGE * ahead
    spread = max(1.0, ahead)
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


__all__ = ["Party", "boss_table", "face_value", "flee_value", "loot_values", "option_values", "party",
           "time_cost", "value", "worth"]
