"""§7 potions (A20): the shared token stock, the basic potion (heal 3 at turn start, 2 in an
encounter), encounter-only potion types."""

from rules_kit import (A, Box, HeroState, acts, assert_conserved, at_door, dice_state, enter,
                       fresh, loot_state, new, play, settle_chance, strs, with_deck)

BOXES = [Box("yellow", 3)]


def potion_uses(s, ident=None):
    return [a for a in acts(s, A.Use, kind="potion") if ident is None or a.ident == ident]


def hurt(heroes=("h1",), damage=(4,), **fields):
    s = new(heroes)
    return fresh(s, heroes=tuple(HeroState(h, damage=d) for h, d in zip(heroes, damage)),
                 **fields)


def test_s7_basic_potion_heals_3_at_the_start_of_a_turn():
    s = hurt()
    assert "drink Red Tincture (healing Brannoc Ironhand)" in strs(s)
    s = play(s, "drink Red Tincture (healing Brannoc Ironhand)")
    assert s.heroes[0].damage == 1
    assert s.potions == 0 and s.potion_supply == 6
    assert s.phase == "turn start"


def test_s7_basic_potion_heals_2_in_an_encounter():
    s = dice_state(BOXES, [[]], party=[HeroState("h1", damage=4)])
    s = play(s, "drink Red Tincture (healing Brannoc Ironhand)")
    assert s.heroes[0].damage == 2
    assert s.potions == 0


def test_s7_basic_potion_heals_2_in_e2():
    s = enter("e01", party=[HeroState("h1", damage=4)])
    assert s.phase == "feats"
    s = play(s, "drink Red Tincture (healing Brannoc Ironhand)")
    assert s.heroes[0].damage == 2


def test_s7_healing_never_goes_below_zero_damage():
    s = play(hurt(damage=(1,)), "drink Red Tincture (healing Brannoc Ironhand)")
    assert s.heroes[0].damage == 0


def test_s7_no_potion_without_tokens():
    s = hurt(potions=0)
    assert not potion_uses(s)


def test_s7_healing_potion_not_offered_without_a_damaged_hero():
    assert not potion_uses(new())


def test_s7_2p_any_hero_may_be_healed_and_tokens_are_shared():
    s = hurt(heroes=("h1", "h2"), damage=(2, 3), potions=2)
    patients = [a.patient for a in potion_uses(s, "p_basic")]
    assert patients == [0, 1]
    s = s.apply(potion_uses(s, "p_basic")[1])
    assert [h.damage for h in s.heroes] == [2, 0]
    s = s.apply(potion_uses(s, "p_basic")[0])
    assert [h.damage for h in s.heroes] == [0, 0]
    assert s.potions == 0


def test_s7_any_token_pays_for_any_identified_type():
    """Willowbark Balm (p_balm, from e03) heals 3; one token, two types to choose from."""
    s = hurt(damage=(4,), potion_cards=("e03",))
    assert {a.ident for a in potion_uses(s)} == {"p_basic", "p_balm"}
    s = play(s, "drink Willowbark Balm (healing Brannoc Ironhand)")
    assert s.heroes[0].damage == 1 and s.potions == 0
    assert not potion_uses(s)


def test_a20_encounter_potion_only_in_e4():
    """Bottled Ember (p_ember, from e29): gain a black 5; timing 'encounter'."""
    start = new()
    start = fresh(start, potion_cards=("e29",))
    assert not potion_uses(start, "p_ember")
    e2 = enter("e01", potion_cards=("e29",))
    assert e2.phase == "feats" and not potion_uses(e2, "p_ember")
    e4 = dice_state(BOXES, [[]], potion_cards=("e29",))
    assert potion_uses(e4, "p_ember")
    e4 = play(e4, "drink Bottled Ember")
    assert e4.pools == ((("black", 5),),) and e4.potions == 0
    assert_conserved(e4)


def test_a20_encounter_potion_not_after_done():
    s = dice_state([Box("yellow", 3, damage=1)], [[]], potion_cards=("e29",))
    s = play(s, "done: resolve consequences")
    assert s.phase == "loot"
    assert not potion_uses(s, "p_ember")


def test_a20_2p_pool_potion_chooses_the_drinker():
    s = dice_state(BOXES, [[], []], heroes=("h1", "h2"), potion_cards=("e41",))  # p_vigor
    drinkers = sorted(a.hero for a in potion_uses(s, "p_vigor"))
    assert drinkers == [0, 1]
    s = play(s, "Sable Quickstep: drink Oxblood Tonic")
    assert s.rolls_due == ((1, "yellow"), (1, "yellow"))
    s = settle_chance(s, [3, 4])
    assert s.pools == ((), (("yellow", 3), ("yellow", 4)))


def test_a20_prevent_potion_in_e4():
    s = dice_state([Box("yellow", 3, damage=3)], [[]], potion_cards=("e35",))  # p_ward: 2
    s = play(s, "drink Ironskin Draught", "done: resolve consequences")
    assert s.heroes[0].damage == 1


def test_a20_healing_a_loss_from_exploring_is_not_the_turn_start_heal():
    """A20: the heal-3 mode exists only in the turn-start window (before time passes). A hero
    killed by poison while exploring (§12) is healed while the loss check of that exploring
    turn is pending (§11: the party heals *first*, before the loss), so the basic potion heals 2
    there, as anywhere outside the turn-start window."""
    s = with_deck(new(), poison=1, heroes=(HeroState("h1", damage=6),))
    s = settle_chance(play(s, "time passes"), ["e01", "e02"])
    s = play(s, "explore")
    assert s.dying and s.heroes[0].damage == 7
    s = play(s, "drink Red Tincture (healing Brannoc Ironhand)")
    assert s.heroes[0].damage == 5


def test_a20_healing_a_loss_from_a_displaced_health_item_is_not_the_turn_start_heal():
    """A15: losing a health item at loot triggers a loss check in E6; healing it is an
    in-encounter heal (2), not the turn-start heal (3)."""
    s = loot_state("e02", potions=1, party=[HeroState("h1", damage=8, items=("e05", "e07"))])
    s = s.apply(A.TakeLoot("item", 0, "e05"))  # health 8 -> 7, damage 8
    assert s.dying
    s = play(s, "drink Red Tincture (healing Brannoc Ironhand)")
    assert s.heroes[0].damage == 6


def test_a20_any_time_potions_are_offered_wherever_the_party_decides():
    """A20: a potion usable "at any time" may be drunk after time passes, at an opened door, at a
    peril's choice and in the loot step, as at the start of a turn and in the encounter. Found:
    none were offered after time passes, at a door or in the loot step."""
    hurt = [HeroState("h1", damage=2)]
    after_time = play(with_deck(new(), deck=["e05", "e06", "e07"], heroes=tuple(hurt)),
                      "time passes")
    after_time = settle_chance(after_time, ["e05", "e06"])
    door = at_door("e01", party=hurt, potions=1)
    peril = play(at_door("e34", party=hurt, potions=1), "face the encounter")
    loot = loot_state("e02", party=hurt, potions=1)
    for s in (after_time, door, peril, loot):
        drinks = [a for a in s.legal_actions() if isinstance(a, A.Use) and a.kind == "potion"]
        assert drinks, s.phase
        after = play(s, str(drinks[0]))
        assert after.heroes[0].damage < s.heroes[0].damage and after.potions == s.potions - 1
        assert after.phase == s.phase  # drinking is no step of the turn
