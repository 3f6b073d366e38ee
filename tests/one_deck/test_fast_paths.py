"""The fast paths of One Deck Dungeon (``fast.py``, ``fast_dice.py``) against the rules they mirror.

``OddState.apply`` makes each step by ``fast.chance_step`` or ``fast.decision_step`` (the most
frequent ones on a copy of the state's dictionary, the others on a Draft, each sent straight to
its rule function); ``apply_by_rules`` makes every step by ``rules.take`` on a Draft, in the
rulebook's order. ``legal_actions()`` lists by ``fast.legal`` (tables of ready-made actions),
``rules.legal`` is the reference; ``is_legal`` without the list looks among the choices of the
action's kind only (``fast.is_legal``); the greedy agent reads only the kinds it weighs. In E2 and
E4 the pools are read as numbers and the lists joined from tables (``fast_dice.py``), and the
encounter's table (what the lists hold besides dice) passes from a state to the next while only
the dice change (placing, discarding, converting). The encounter's steps made on a copy of the
state's dictionary (E0, E1, E3, E5, and the last die of E3) are also compared on positions built
to send them down each of their branches, the loot list (E6) on heroes at their limits, and the
situations kept by the heroes' identity on positions that share the heroes but not the rest.

At every step of seeded random and greedy games, for one and two heroes, every dungeon, both
card files, the loss option and a campaign profile, the two must agree: the same legal actions
in the same order with the same texts, the same next state (equal, hash equal), the same chance
outcomes and the same choice of the greedy agent; and each run of chance nodes made at once
(``play_chance``, as ``play_out`` makes it) ends where the steps one by one end. So the turn
(§5: time, exploring, doors, descending §9), every encounter phase (§6 E0-E6: perils, feats,
gathering from a short supply A9, placing with armor first §4/A11, conversion A7, discards,
consequences), skills and potions (§7, A18-A21), loot and levels (§6 E6, §8, A14-A16), damage
shared in 2P (A13), losses and their healing (§11, A3), the boss fight (§10) and the
expansion's poison and exile (§12) are met many times, with both paths.
"""

import gc
import pickle
import random
from collections import Counter

import pytest

from odd_nb.core.agents import RandomAgent, play_out
from odd_nb.core.state import IllegalAction, State
from odd_nb.games.one_deck import encounter, fast, rules
from odd_nb.games.one_deck.actions import (DONE, FACE, Card, ChooseOption, Convert, Discard,
                                           EnterOpenDoor, Place, RollDice, Rolled, Use)
from odd_nb.games.one_deck.agents import GreedyAgent
from odd_nb.games.one_deck.content import Box
from odd_nb.games.one_deck.dice import COLOURS, FULL_SUPPLY
from odd_nb.games.one_deck.game import OneDeckDungeon
from odd_nb.games.one_deck.state import HeroState

from rules_kit import GAME, dice_state, fresh, new

EXPANSION = OneDeckDungeon(content="expansion")
SETUPS = {
    "1P d1": (GAME, ["h1"], "d1", {}),
    "1P d3 h4": (GAME, ["h4"], "d3", {}),
    "1P d2 h3 veteran": (GAME, ["h3"], "d2", {"campaign": "veteran"}),
    "2P d2": (GAME, ["h2", "h3"], "d2", {}),
    "2P d4 equal-health loss": (GAME, ["h5", "h1"], "d4",
                                {"lose_when_damage_equals_health": True}),
    "expansion 1P d4 h2": (EXPANSION, ["h2"], "d4", {}),
    "expansion 2P d1": (EXPANSION, ["h4", "h5"], "d1", {}),
}
RANDOM_GAMES = 160  # per setup
RUNS = Counter()  # runs of chance nodes checked, by their length
GREEDY_GAMES = 6  # per setup


def reference_outcome(s, u: float):
    """The chance outcome ``sample_chance`` gave before its tables (a new value each time)."""
    if s.rolls_due:
        return Rolled(int(u * 6) + 1)
    c = s.unseen[int(u * len(s.unseen))]
    return Card(c, s.content.encounters[c].name)


def check_step(s, a, previous: list) -> list:
    """``s.apply(a)`` equals ``s.apply_by_rules(a)``; at a decision the listing, the legality
    checks and (with ``previous``, the last decision's list) the refusals agree too. The
    reference list of a decision, else ``previous``."""
    wanted = previous
    if not s.is_chance:
        listed = s.legal_actions()
        wanted = rules.legal(s)
        assert listed == wanted, repr(s)
        assert [str(x) for x in listed] == [str(x) for x in wanted]
        assert [type(x) for x in listed] == [type(x) for x in wanted]
        for x in {id(x): x for x in listed[:3] + listed[-3:] + [a]}.values():
            assert fast.is_legal(s, x), (x, repr(s))
        for x in previous[:3] + previous[-3:]:
            assert fast.is_legal(s, x) == (x in wanted), (x, repr(s))
    fast_next, rule_next = s.apply(a), s.apply_by_rules(a)
    assert fast_next == rule_next, f"{a} from {s!r}"
    assert hash(fast_next) == hash(rule_next)
    assert fast_next.content is s.content
    assert fast_next._legal is None  # a new state lists its own actions
    return wanted


def play(game, heroes, dungeon, options, seed: int, greedy: bool) -> int:
    """One game, every step checked; its length."""
    rng = random.Random(seed)
    agent = GreedyAgent()
    s = game.new_initial_state(heroes=heroes, dungeon=dungeon, **options)
    previous, steps, run = [], 0, None
    while not s.is_terminal:
        if run is not None and not s.is_chance:  # the run of chance nodes is over
            assert run == s and hash(run) == hash(s) and ran.getstate() == rng.getstate()
            RUNS[length] += 1
            run = None
        if s.is_chance:
            if run is None:  # a run of chance nodes starts: ``play_chance`` makes it at once
                ran = random.Random()
                ran.setstate(rng.getstate())
                run, length = s.play_chance(ran), 0
            length += 1
            u = rng.random()
            a = s.sample_chance(u)
            wanted = reference_outcome(s, u)
            assert a == wanted and str(a) == str(wanted)
            assert s.legal_actions() == []
        elif greedy:
            a = agent.choose(s, rng)
            wanted = agent.choose_from(s, rules.legal(s), random.Random(0))
            assert a == wanted and str(a) == str(wanted), repr(s)
        else:
            a = rng.choice(s.legal_actions())
        previous = check_step(s, a, previous)
        s = s.apply(a)
        steps += 1
    assert run is None or run == s and ran.getstate() == rng.getstate()
    assert s.legal_actions() == [] and s.outcome in ("won", "lost")
    return steps


@pytest.mark.parametrize("name", SETUPS)
def test_fast_paths_give_what_the_rules_give_in_random_games(name):
    """§5-§12: random games, every step: listing, legality, next state, chance outcome."""
    game, heroes, dungeon, options = SETUPS[name]
    RUNS.clear()
    steps = sum(play(game, heroes, dungeon, options, seed, greedy=False)
                for seed in range(RANDOM_GAMES))
    assert steps > 100 * RANDOM_GAMES
    assert sum(n for length, n in RUNS.items() if length > 2) > RANDOM_GAMES  # rolls, time


@pytest.mark.parametrize("name", SETUPS)
def test_fast_paths_give_what_the_rules_give_in_greedy_games(name):
    """Greedy games reach deeper (skills, levels, the boss fight §10): every step as above, and
    the greedy agent's choice equals its choice from the whole list."""
    game, heroes, dungeon, options = SETUPS[name]
    for seed in range(GREEDY_GAMES):
        play(game, heroes, dungeon, options, 1000 + seed, greedy=True)


def test_refusals_are_the_cores_in_the_same_words():
    """An action that is not legal (or not an action) is refused by ``apply`` as the core's
    ``apply`` refuses it, and the state is unchanged (§4, §5, A12)."""
    s = new()
    rng = random.Random(3)
    seen = 0
    while not s.is_terminal and seen < 400:
        if not s.is_chance:
            wanted = rules.legal(s)
            before = s.__dict__.copy()
            for bad in (Place(0, ("yellow", 6), 0), Place(0, ("yellow", 6), 9), DONE,
                        Use(0, "skill", "nothing"), "explore", 7, None, ["a list"]):
                if bad in wanted:
                    continue
                assert not fast.is_legal(s, bad)
                with pytest.raises(IllegalAction) as ours:
                    s.apply(bad)
                with pytest.raises(IllegalAction) as core:
                    State.apply(s, bad)
                assert str(ours.value) == str(core.value)
            assert {k: v for k, v in s.__dict__.items() if not k.startswith("_")} == {
                k: v for k, v in before.items() if not k.startswith("_")}
            seen += 1
        s = s.apply(s.sample_chance(rng.random()) if s.is_chance
                    else rng.choice(s.legal_actions()))


def test_states_built_by_hand_and_pickled_take_the_same_paths():
    """``dataclasses.replace`` (the documented way to set up a position), an unsorted pool (the
    tables then hand over to the rules' functions) and pickling all give states whose listing
    and steps equal the reference (§4 E4)."""
    s = new()
    rng = random.Random(5)
    while s.phase != "dice" or s.is_chance:
        s = s.apply(s.sample_chance(rng.random()) if s.is_chance
                    else rng.choice(s.legal_actions()))
    for built in (fresh(s, pools=(tuple(reversed(s.pools[0])),)),
                  fresh(s, pools=((("yellow", 7),) + s.pools[0],)),
                  pickle.loads(pickle.dumps(s)), fresh(s)):
        assert built.legal_actions() == rules.legal(built)
        for a in built.legal_actions():
            assert built.apply(a) == built.apply_by_rules(a)
    copy = pickle.loads(pickle.dumps(s))
    assert copy == s and hash(copy) == hash(s)
    s.legal_actions()  # the state now keeps the encounter's table, and a pickle takes it along
    while s.phase == "dice" and not s.is_chance:
        copy = pickle.loads(pickle.dumps(s))
        assert copy.legal_actions() == s.legal_actions() == rules.legal(copy)
        a = rng.choice(copy.legal_actions())
        assert copy.apply(a) == s.apply_by_rules(a)
        s = s.apply(a)
        if not s.is_chance:
            s.legal_actions()


def random_game(game, heroes, dungeon, options, seed, rng):
    """Every state of one game of ``game``, in order: chance outcomes and actions drawn from
    ``rng``, seeded with ``seed``."""
    s = game.new_initial_state(heroes=list(heroes), dungeon=dungeon, **options)
    rng.seed(seed)
    while not s.is_terminal:
        yield s
        s = s.apply(s.sample_chance(rng.random()) if s.is_chance
                    else rng.choice(s.legal_actions()))


def same_lists(s) -> None:
    """The listing of ``s`` and of its parts equals the rules' (texts and types included), and
    every action listed is legal by ``fast.is_legal``."""
    listed, wanted = fast.legal(s), rules.legal(s)
    assert listed == wanted, repr(s)
    assert [str(x) for x in listed] == [str(x) for x in wanted]
    assert [type(x) for x in listed] == [type(x) for x in wanted]
    if s.phase == "dice" and not (s.damage_due or s.dying):
        assert fast.placements(s) == encounter.placements(s)
        assert fast.discards(s) == encounter.discards(s)
    if s.phase in ("dice", "feats") and not (s.damage_due or s.dying):
        assert fast.conversions(s) == encounter.conversions(s)
    for x in listed:
        assert fast.is_legal(s, x), (x, repr(s))


def random_die(rng) -> tuple:
    return rng.choice(COLOURS), rng.randint(1, 6)


def test_dice_read_as_numbers_give_what_the_rules_give():
    """§4 E4 by hand-built positions the games meet rarely: doubles and triples in one pool and
    across two (a pair of equal dice converts once), black dice (never two together, A7), a
    supply with no black die (only pairs with a black die convert, A7), armor boxes open and
    covered (A11), wide boxes part-filled, 1P and 2P (a pair across heroes converts for either),
    conversion, skills or potions forbidden (Chain Warden e15, Granite Watcher e14, Marsh Hag
    e10), hurt heroes (heals name their patients, §7)."""
    rng = random.Random(27)
    cards = ["e01", "e15", "e14", "e10"]
    checked = 0
    for _ in range(400):
        heroes = rng.choice([("h1",), ("h2", "h3"), ("h4",), ("h5", "h1")])
        boxes = [Box(rng.choice(COLOURS[1:] + ("any",)), rng.randint(1, 12 if wide else 6),
                     wide=wide, armor=rng.random() < 0.3, damage=rng.randint(0, 2))
                 for wide in (rng.random() < 0.4 for _ in range(rng.randint(1, 6)))]
        placed = [tuple(random_die(rng) for _ in range(rng.choice((0, 0, 1, 2))))
                  if box.wide else (() if rng.random() < 0.7 else (random_die(rng),))
                  for box in boxes]
        pools = []
        for _ in heroes:
            pool = [random_die(rng) for _ in range(rng.randint(0, 9))]
            pool += rng.sample(pool, min(len(pool), rng.randint(0, 3)))  # doubles, triples
            pools.append(pool)
        party = [HeroState(h, damage=rng.choice((0, 0, 1, 3))) for h in heroes]
        used = sum(len(p) for p in pools) + sum(len(d) for d in placed)
        if used > sum(FULL_SUPPLY) - 4 or any(
                sum(c == colour for p in pools + placed for c, _ in p) > n
                for colour, n in zip(COLOURS, FULL_SUPPLY)):
            continue  # more dice of a colour than the game has
        s = dice_state(boxes, pools, heroes=heroes, card=rng.choice(cards), placed=placed,
                       party=party, potions=rng.choice((0, 1, 2)))
        for supply in (s.supply, s.supply[:3] + (0,)):  # and no black die left (A7)
            for phase in ("dice", "feats"):
                same_lists(fresh(s, supply=supply, phase=phase))
        checked += 1
    assert checked > 250


def test_two_heroes_share_the_bonus_dice_as_the_rules_do():
    """E3, A9: in 2P the roll choices share the level's bonus dice, and name who gathers first
    exactly when the supply is short of what both need, whatever the supply holds."""
    rng = random.Random(9)
    s, seen = new(("h2", "h3"), "d2"), 0
    while not s.is_terminal and seen < 150:
        if s.phase == "feats" and not s.is_chance and not s.damage_due:
            for _ in range(4):
                supply = tuple(rng.randint(0, n) for n in FULL_SUPPLY)
                for level in (1, 2, 3, 4):
                    changed = fresh(s, supply=supply, level=level)
                    assert fast.roll_options(changed) == encounter.roll_options(changed)
                    assert [str(a) for a in fast.roll_options(changed)] == [
                        str(a) for a in encounter.roll_options(changed)]
                    same_lists(changed)
            seen += 1
        s = s.apply(s.sample_chance(rng.random()) if s.is_chance
                    else rng.choice(s.legal_actions()))
        if s.is_terminal and seen < 150:
            s = new(("h2", "h3"), "d2")


def test_the_encounters_table_passes_only_where_only_dice_changed():
    """E2/E4: a state reached by placing, discarding or converting, by a skill or potion that
    left the heroes as the lists see them (skill cards, who is hurt) and the potions
    identified as they were, or by a die rolled for a skill, lists with the table it was
    handed; the same position built afresh (no table) lists the same, and so do the rules; a
    state made any other way (a draft, ``dataclasses.replace``) starts without one. Hurt
    heroes and drinkable potions at every phase (§7, A20) are met on the way."""
    rng = random.Random(11)
    handed = kept_by_use = 0
    for game, heroes, dungeon in ((GAME, ("h1",), "d1"), (GAME, ("h5", "h1"), "d4"),
                                  (EXPANSION, ("h4", "h5"), "d1")):
        for seed in range(25):
            s = game.new_initial_state(heroes=list(heroes), dungeon=dungeon)
            rng.seed(seed)
            while not s.is_terminal:
                if s.is_chance:
                    s = s.apply(s.sample_chance(rng.random()))
                    continue
                carried = s.__dict__.get("_encounter") is not None
                listed = s.legal_actions()
                assert listed == fast.legal(fresh(s)) == rules.legal(s), repr(s)
                if carried:
                    handed += 1
                    assert s.phase in ("dice", "feats")
                if s.phase in ("turn start", "turn", "door", "loot"):
                    hurt = tuple(HeroState(h.id, rng.choice((0, 2)), h.items, h.skills, h.stored)
                                 for h in s.heroes)
                    same_lists(fresh(s, heroes=hurt))
                a = rng.choice(listed)
                after = s.apply(a)
                if after.__dict__.get("_encounter") is not None:
                    assert type(a) in (Place, Discard, Convert) or type(a) is Use and (
                        after.phase, after.potion_cards, fast._as_seen(after.heroes)) == (
                        s.phase, s.potion_cards, fast._as_seen(s.heroes))
                    kept_by_use += type(a) is Use
                assert fast.fields_of(after).get("_encounter") is None
                assert "_encounter" not in fresh(after).__dict__
                s = after
    assert handed > 500 and kept_by_use > 20


def encounter_step(a):
    """The step of ``fast`` that makes ``a`` on a copy of the state's dictionary, or None."""
    if a is DONE:
        return fast._consequences
    if a is FACE or type(a) is EnterOpenDoor:
        return fast._begin
    return {RollDice: fast._roll, ChooseOption: fast._choose_option}.get(type(a))


def variants(s, rng) -> list:
    """``s`` and positions near it that send the encounter's steps down their other branches:
    heroes one to four points from their health (§11, A3), prevention (A25), no card left in
    the deck (time becomes stairs tokens, A4), a short or empty supply (E3, A9), a deeper floor
    (its abilities and boxes, §9, A10, A23)."""
    found = [s]
    if s.phase == "dice":
        hurt = tuple(HeroState(h.id, max(0, s.health(i) - rng.randint(1, 4)), h.items, h.skills,
                               h.stored) for i, h in enumerate(s.heroes))
        found += [fresh(s, heroes=hurt), fresh(s, heroes=hurt, prevented=(1, rng.randint(0, 2))),
                  fresh(s, deck_size=0, closed_doors=len(s.unseen))]
    elif s.phase == "feats":
        found += [fresh(s, supply=tuple(rng.randint(0, n) for n in FULL_SUPPLY)),
                  fresh(s, supply=(0, 0, 0, 0))]
    elif s.phase in ("door", "turn", "peril") and s.floor < 3:
        found.append(fresh(s, floor=s.floor + 1))
    return found


def test_encounter_steps_without_a_draft_give_what_the_rules_give():
    """E0 and E1 (§6: a combat's start with and without an ability, A23; a peril's option, its
    time and the floors' option-coloured boxes, A10, §9), E3 (gathering from a full, short and
    empty supply, bonus dice shared, A8, A9) and E5 (damage shared with the odd point left to
    place, A13; prevention, A25; a hero out of health under both loss rules, §11, A3; time with
    no card left, A4): each step made on a copy of the state's dictionary equals the rules'
    (equal and hash equal), and every step's branch to the rules is met too."""
    rng = random.Random(41)
    met = Counter()
    for game, heroes, dungeon, options in SETUPS.values():
        for seed in range(25):
            for s in random_game(game, heroes, dungeon, options, seed, rng):
                if not s.is_chance:
                    for position in variants(s, rng):
                        for a in position.legal_actions():
                            step = encounter_step(a)
                            if step is None:
                                continue
                            made, wanted = step(position, a), position.apply_by_rules(a)
                            met[step.__name__, made is not None] += 1
                            if made is not None:
                                assert made == wanted and hash(made) == hash(wanted), (a, position)
                                assert made._legal is None and made.content is s.content
                            assert fast.decision_step(position, a) == wanted
    for name in ("_begin", "_choose_option", "_roll", "_consequences"):
        assert met[name, True] > 100 and met[name, False] > 5, (name, met)


def test_loot_is_listed_as_the_rules_list_it():
    """E6 (§6, §8, A15, A16): loot choices at every level, heroes below and at their item and
    skill limits (a card to give up for each held), a skill the hero already has (not offered
    twice), a potion type identified or not; one and two heroes, both card sets."""
    rng = random.Random(43)
    seen = 0
    for game, heroes, dungeon in ((GAME, ("h1",), "d1"), (GAME, ("h2", "h3"), "d2"),
                                  (EXPANSION, ("h4", "h5"), "d1")):
        content = game.content
        skills = [c for c, e in content.encounters.items() if e.loot.skill is not None]
        potions = [c for c, e in content.encounters.items() if e.loot.potion is not None]
        for seed in range(40):
            for s in random_game(game, heroes, dungeon, {}, seed, rng):
                if s.phase == "loot" and not s.is_chance and not (s.damage_due or s.dying):
                    for _ in range(3):
                        party = tuple(
                            HeroState(h.id, h.damage, tuple(sorted(rng.sample(
                                sorted(content.encounters), rng.randint(0, 5)))),
                                tuple(sorted(rng.sample(skills, rng.randint(0, 4)) +
                                             ([s.card] if s.card in skills and rng.random() < 0.3
                                              else []))), h.stored)
                            for h in s.heroes)
                        changed = fresh(s, heroes=party, level=rng.randint(1, 4),
                                        potion_cards=tuple(sorted(rng.sample(potions, 2))))
                        same_lists(changed)
                        seen += 1
    assert seen > 300


def test_situations_kept_by_the_heroes_identity_answer_only_their_own_position():
    """E2/E4: what the lists hold besides dice (``fast.situation``) is kept by the heroes' tuple
    and the position, by what it depends on, and per skill or potion (§7: feats in E2, skills
    in E4, heals naming the hurt heroes, potions identified, bans Chain Warden e15, Granite
    Watcher e14, Marsh Hag e10). Positions that share the heroes' tuple but differ in the phase,
    the card, the floor, the dungeon or the potions identified, and positions whose heroes
    differ only in who is hurt, each list what the rules list."""
    rng = random.Random(47)
    cards = ["e01", "e15", "e14", "e10", "e06"]
    potion_cards = [c for c, e in GAME.content.encounters.items() if e.loot.potion is not None]
    seen = 0
    for game, heroes, dungeon, options in SETUPS.values():
        for seed in range(8):
            for s in random_game(game, heroes, dungeon, options, seed, rng):
                if s.phase in ("dice", "feats") and not (s.is_chance or s.damage_due or s.dying):
                    same = s.heroes  # one tuple: the table keyed by its identity is met
                    hurt = tuple(HeroState(h.id, rng.choice((0, 0, 1)), h.items, h.skills,
                                           h.stored) for h in same)
                    variants = [fresh(s, phase="feats" if s.phase == "dice" else "dice"),
                                fresh(s, floor=s.floor % 3 + 1), fresh(s, floor=4),
                                fresh(s, dungeon=rng.choice(("d1", "d2", "d3", "d4"))),
                                fresh(s, potions=2, potion_cards=tuple(sorted(
                                    rng.sample(potion_cards, 2)))),
                                fresh(s, heroes=hurt), fresh(s, heroes=hurt, phase="feats"), s]
                    if s.option is None and s.floor <= 3:  # a combat: another combat's card
                        variants.append(fresh(s, card=rng.choice(cards)))
                    if game is not GAME:
                        variants = [v for v in variants
                                    if v.card in game.content.encounters
                                    and v.dungeon in game.content.dungeons]
                    for position in variants + variants[::-1]:
                        if position.heroes is same:
                            assert position.heroes is s.heroes
                        same_lists(position)
                        seen += 1
    assert seen > 2000


def test_the_last_die_of_a_roll_leads_to_the_dice_phase_as_the_rules_do():
    """E3 to E4: the last die rolled moves the encounter to the dice phase, after the roll's
    abilities (A23: Lantern Wisp e06, Sootwing Bat e21, Void Leech e22 discard dice showing 1;
    floor abilities of d3), and not while damage waits for a hero (2P, A13) or time is due;
    every outcome of positions at that die equals the rules' step (equal and hash equal)."""
    rng = random.Random(53)
    met = Counter()
    for game, heroes, dungeon, options in SETUPS.values():
        for seed in range(12):
            for s in random_game(game, heroes, dungeon, options, seed, rng):
                if s.phase == "rolling" and len(s.rolls_due) == 1:
                    variants = [s, fresh(s, time_due=1)]
                    if len(s.heroes) == 2:
                        variants.append(fresh(s, damage_due=(1,)))
                    if game is GAME:  # a boss round's end (§10) waits for its die too
                        variants.append(fresh(s, phase="round end", floor=4))
                    if s.floor <= 3 and game is GAME:
                        for card in ("e06", "e21", "e22"):
                            variants.append(fresh(s, card=card))
                        variants.append(fresh(s, dungeon="d3", floor=2))
                    for position in variants:
                        for value in range(1, 7):
                            outcome = Rolled(value)
                            made = fast.chance_step(position, outcome)
                            wanted = position.apply_by_rules(outcome)
                            assert made == wanted and hash(made) == hash(wanted), position
                            met[fast._quiet_chance(position, outcome) is not None,
                                wanted.phase] += 1
    assert met[True, "dice"] > 500 and met[False, "dice"] > 100, met
    assert met[False, "rolling"] > 50, met



def test_random_games_leave_no_reference_cycles():
    """§5-§12, speed: a game's steps free what they make as they go. A reference cycle (a
    closure that calls itself, say) is left to the garbage collector, whose passes were a
    tenth of a random game's time; none is made in random games of every setup."""
    agent = RandomAgent()
    gc.collect()
    gc.disable()
    try:
        for game, heroes, dungeon, options in SETUPS.values():
            for seed in range(8):
                start = new(heroes, dungeon, game, **options)
                assert play_out(start, agent, random.Random(seed)).is_terminal
        left = gc.collect()
    finally:
        gc.enable()
    assert left == 0
