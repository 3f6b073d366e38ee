"""§7 skills: costs (dice_count, dice_total, potion, free), effect verbs, once per encounter,
usable_in, continuous forbids (A21-A25)."""

from rules_kit import (A, Box, HeroState, acts, assert_conserved, custom_game, dice_state, enter,
                       play, settle_chance, strs)

BOXES = [Box("yellow", 3, damage=1)]


def skill_uses(s, ident):
    return acts(s, A.Use, kind="skill", ident=ident)


def with_skill(pools, card, hero="h1", **kw):
    """An E4 position where ``hero`` holds the skill of encounter ``card`` as a tucked card."""
    return dice_state(kw.pop("boxes", BOXES), pools, heroes=(hero,),
                      party=[HeroState(hero, skills=(card,), damage=kw.pop("damage", 0))], **kw)


# -- costs ----------------------------------------------------------------------------------------
def test_s7_dice_count_cost_discards_n_dice_of_the_colour_black_may_stand_in():
    """Heavy Blow (e23): discard 2 yellow -> gain a black 6."""
    s = with_skill([[("yellow", 1), ("yellow", 2), ("black", 3), ("pink", 4)]], "e23")
    pays = {a.pay for a in skill_uses(s, "heavy_blow")}
    assert pays == {(("yellow", 1), ("yellow", 2)), (("black", 3), ("yellow", 1)),
                    (("black", 3), ("yellow", 2))}
    supply = s.supply
    s = s.apply(A.Use(0, "skill", "heavy_blow", (("yellow", 1), ("yellow", 2))))
    assert s.pools == ((("black", 3), ("black", 6), ("pink", 4)),)
    assert s.supply == (supply[0] + 2, supply[1], supply[2], supply[3] - 1)
    assert_conserved(s)


def test_s7_dice_count_cost_values_do_not_matter_but_colour_does():
    s = with_skill([[("yellow", 1), ("pink", 6), ("blue", 6)]], "e23")
    assert not skill_uses(s, "heavy_blow")  # only one yellow die


def test_s7_dice_total_cost_lists_only_minimal_payments():
    """Starweave (h3): blue dice totalling 3; no die may be left out and still reach 3."""
    s = dice_state(BOXES, [[("blue", 1), ("blue", 2), ("blue", 4), ("yellow", 5)]],
                   heroes=("h3",))
    pays = {a.pay for a in skill_uses(s, "hs_starweave")}
    assert pays == {(("blue", 4),), (("blue", 1), ("blue", 2))}


def test_s7_dice_total_cost_excess_is_lost():
    s = dice_state(BOXES, [[("blue", 6), ("yellow", 5)]], heroes=("h3",))
    supply = s.supply
    s = s.apply(A.Use(0, "skill", "hs_starweave", (("blue", 6),)))
    assert s.pools == ((("pink", 4), ("yellow", 5)),)  # no change given back
    assert s.supply == (supply[0], supply[1] - 1, supply[2] + 1, supply[3])
    assert_conserved(s)


def test_s7_dice_total_cost_may_use_black_dice():
    s = dice_state(BOXES, [[("blue", 1), ("black", 2)]], heroes=("h3",))
    assert {a.pay for a in skill_uses(s, "hs_starweave")} == {(("black", 2), ("blue", 1))}


def test_s7_dice_total_cost_too_small_is_not_offered():
    s = dice_state(BOXES, [[("blue", 1), ("blue", 1), ("pink", 6)]], heroes=("h3",))
    assert not skill_uses(s, "hs_starweave")


def test_s7_potion_cost_spends_a_token():
    """Battle Tonic (e07): potion -> roll 2 black (combat)."""
    s = with_skill([[]], "e07")
    assert s.potions == 1
    s = play(s, "use Battle Tonic (spending a potion token)")
    assert s.potions == 0 and s.potion_supply == 6
    assert [c for _, c in s.rolls_due] == ["black", "black"]
    assert_conserved(s)


def test_s7_potion_cost_not_offered_without_a_token():
    s = with_skill([[]], "e07", potions=0)
    assert not skill_uses(s, "battle_tonic")


def test_s7_free_skill_costs_nothing():
    s = dice_state(BOXES, [[("yellow", 2)]])
    s2 = play(s, "use Stand Firm")
    assert s2.pools == s.pools and s2.supply == s.supply and s2.potions == s.potions
    assert s2.prevented == (1, 0)


def test_a21_2p_no_paying_with_a_partners_dice():
    s = dice_state(BOXES, [[], [("yellow", 3), ("yellow", 4)]], heroes=("h1", "h2"),
                   party=[HeroState("h1", skills=("e23",)), HeroState("h2")])
    assert not skill_uses(s, "heavy_blow")


# -- effect verbs ---------------------------------------------------------------------------------
def test_s7_gain_takes_a_die_of_the_stated_value_from_the_supply():
    s = dice_state(BOXES, [[("blue", 3)]], heroes=("h3",))
    s = play(s, "use Starweave (paying blue 3)")
    assert s.pools == ((("pink", 4),),)
    assert s.supply[1] == 7
    assert_conserved(s)


def test_a21_gain_with_an_empty_supply_gives_nothing():
    s = dice_state(BOXES, [[("blue", 3)]], heroes=("h3",), exiled=(0, 8, 0, 0))
    assert s.supply[1] == 0
    s = play(s, "use Starweave (paying blue 3)")
    assert s.pools == ((),)
    assert_conserved(s)


def test_s7_roll_takes_dice_from_the_supply_and_rolls_them():
    """Rally Cry (e38): 1 yellow -> roll 2 yellow."""
    s = with_skill([[("yellow", 1)]], "e38")
    s = play(s, "use Rally Cry (paying yellow 1)")
    assert [c for _, c in s.rolls_due] == ["yellow", "yellow"]
    assert_conserved(s)
    s = settle_chance(s, [6, 2])
    assert s.pools == ((("yellow", 2), ("yellow", 6)),)
    assert_conserved(s)


def test_a21_roll_with_a_short_supply_rolls_what_is_there():
    s = with_skill([[("yellow", 1)]], "e38", exiled=(6, 0, 0, 0))
    s = play(s, "use Rally Cry (paying yellow 1)")
    assert len(s.rolls_due) == 2  # the paid die returned first, so 2 are available
    s2 = with_skill([[("yellow", 1)]], "e38", exiled=(7, 0, 0, 0))
    s2 = play(s2, "use Rally Cry (paying yellow 1)")
    assert len(s2.rolls_due) == 1


def test_s7_increase_changes_one_chosen_die():
    """Whetstone (e02): free, increase a yellow die by 1."""
    s = with_skill([[("yellow", 3), ("pink", 3)]], "e02")
    assert {a.dice for a in skill_uses(s, "whetstone")} == {((("yellow", 3),),)}
    s = play(s, "use Whetstone Edge (on yellow 3)")
    assert s.pools == ((("pink", 3), ("yellow", 4)),)


def test_a21_increase_is_clamped_at_6():
    """Overpower (e17): 1 yellow -> a yellow die +2."""
    s = with_skill([[("yellow", 1), ("yellow", 5)]], "e17")
    s = s.apply(A.Use(0, "skill", "overpower", (("yellow", 1),), ((("yellow", 5),),)))
    assert s.pools == ((("yellow", 6),),)


def test_a21_increase_is_clamped_at_1():
    def mutate(data):
        e02 = next(e for e in data["encounters"] if e["id"] == "e02")
        e02["loot"]["skill"]["effects"][0]["amount"] = -4
    game = custom_game(mutate)
    s = dice_state(BOXES, [[("yellow", 3)]], game=game, party=[HeroState("h1", skills=("e02",))])
    s = play(s, "use Whetstone Edge (on yellow 3)")
    assert s.pools == ((("yellow", 1),),)


def test_s7_set_changes_a_die_to_the_value():
    """True Shot (h4): 1 pink -> set a pink die to 6."""
    s = dice_state(BOXES, [[("pink", 1), ("pink", 2)]], heroes=("h4",))
    s = s.apply(A.Use(0, "skill", "hs_true_shot", (("pink", 1),), ((("pink", 2),),)))
    assert s.pools == ((("pink", 6),),)


def test_s7_set_colour_filter_limits_targets():
    s = dice_state(BOXES, [[("pink", 1), ("yellow", 2)]], heroes=("h4",))
    uses = skill_uses(s, "hs_true_shot")
    assert uses == []  # the only pink die pays the cost; nothing pink is left to set


def test_s3_s7_black_dice_are_wild_for_the_die_an_effect_acts_on():
    """§3: black dice "can act as any other colour", not only on boxes and in costs. True Shot
    (h4) sets "a pink die" to 6: the black 3 may be that die (it stays black), paid with the
    pink 2, and then covers the pink 6; Light Fingers (h2, "reroll one pink die") may reroll a
    black die, rolled again as a black one."""
    s = dice_state([Box("pink", 6, damage=1)], [[("black", 3), ("pink", 2)]], heroes=("h4",))
    assert {a.dice for a in skill_uses(s, "hs_true_shot")} == {((("pink", 2),),),
                                                                ((("black", 3),),)}
    s = play(s, "use True Shot (paying pink 2; on black 3)")
    assert s.pools == ((("black", 6),),)
    assert [(a.die, a.box) for a in acts(s, A.Place)] == [(("black", 6), 0)]
    s = play(dice_state(BOXES, [[("black", 1)]], heroes=("h2",)), "use Light Fingers (on black 1)")
    assert s.rolls_due == ((0, "black"),)
    assert_conserved(s)


def test_s7_reroll_returns_the_die_to_be_rolled_again():
    """Light Fingers (h2): free, reroll a pink die."""
    s = dice_state(BOXES, [[("pink", 1), ("yellow", 2)]], heroes=("h2",))
    s = play(s, "use Light Fingers (on pink 1)")
    assert s.pools == ((("yellow", 2),),)
    assert s.rolls_due == ((0, "pink"),)
    assert_conserved(s)
    s = settle_chance(s, [5])
    assert s.pools == ((("pink", 5), ("yellow", 2)),)


def test_s7_reroll_up_to_count_dice():
    """Tumble (e12): 1 pink -> reroll up to 3 dice."""
    s = with_skill([[("pink", 1), ("yellow", 1), ("blue", 1)]], "e12")
    sizes = {len(a.dice[0]) for a in skill_uses(s, "tumble")}
    assert sizes == {1, 2}  # the pink die pays, two dice remain


def test_s7_skill_discard_effect_returns_a_chosen_die():
    """Shift Stance (e13): discard a pool die, roll a pink die."""
    s = with_skill([[("blue", 1)]], "e13")
    s = play(s, "use Shift Stance (on blue 1)")
    assert s.pools == ((),) and s.rolls_due == ((0, "pink"),)
    assert s.supply[2] == 8
    assert_conserved(s)


def test_s7_heal_removes_damage_from_the_chosen_hero():
    """Field Dressing (e09): 1 yellow -> heal 1."""
    s = with_skill([[("yellow", 2)]], "e09", damage=2)
    s = play(s, "use Field Dressing (paying yellow 2; healing Brannoc Ironhand)")
    assert s.heroes[0].damage == 1


def test_s7_heal_only_skill_not_offered_without_damage():
    s = with_skill([[("yellow", 2)]], "e09")
    assert not skill_uses(s, "field_dressing")


def test_s7_2p_heal_may_target_either_damaged_hero():
    s = dice_state(BOXES, [[("blue", 4)], []], heroes=("h5", "h1"),
                   party=[HeroState("h5", damage=1), HeroState("h1", damage=2)])
    s = s.apply(A.Use(0, "skill", "hs_warm_hands", (("blue", 4),), (), 1))
    assert [h.damage for h in s.heroes] == [1, 0]


def test_s7_prevent_stacks_and_applies_at_e5():
    s = with_skill([[("yellow", 2)]], "e05", boxes=[Box("yellow", 6, damage=4)])
    s = play(s, "use Stand Firm", "use Shield Brace (paying yellow 2)")
    assert s.prevented == (3, 0)
    s = play(s, "done: resolve consequences")
    assert s.heroes[0].damage == 1


# -- once per encounter, where usable -------------------------------------------------------------
def test_s7_a_skill_is_used_once_per_encounter():
    s = dice_state(BOXES, [[("pink", 1), ("pink", 2)]], heroes=("h2",))
    s = play(s, "use Light Fingers (on pink 1)")
    s = settle_chance(s, [3])
    assert not skill_uses(s, "hs_light_fingers")
    assert (0, "hs_light_fingers") in s.used


def test_s7_once_per_encounter_resets_in_the_next_encounter():
    s = dice_state(BOXES, [[]])
    s = play(s, "use Stand Firm", "done: resolve consequences", "take the card as XP")
    assert s.used == ()


def test_s7_combat_only_skill_not_offered_in_a_peril():
    s = enter("e43")
    s = play(s, next(t for t in strs(s) if t.startswith("choose option A")))
    s = settle_chance(s, ["e01"])
    s = settle_chance(play(s, "roll the dice"), [4, 4, 4])
    assert s.phase == "dice"
    assert not skill_uses(s, "hs_stand_firm")


def test_s7_peril_only_skill_not_offered_in_a_combat():
    s = dice_state(BOXES, [[("pink", 3)]], heroes=("h2",))
    assert not skill_uses(s, "hs_slip_away")
    assert skill_uses(s, "hs_light_fingers")  # "any" is fine


def test_s7_peril_only_skill_offered_in_a_peril():
    s = enter("e43", heroes=("h2",))
    s = play(s, next(t for t in strs(s) if t.startswith("choose option B")))
    s = settle_chance(s, ["e01", "e02"])
    s = settle_chance(play(s, "roll the dice"), [4, 4, 4])
    assert skill_uses(s, "hs_slip_away")


def test_s7_skills_are_not_offered_in_e2():
    s = enter("e01")
    assert not acts(s, A.Use, kind="skill")


def test_s6_continuous_forbid_skills():
    """Granite Watcher (e14) forbids skills."""
    s = dice_state(BOXES, [[("yellow", 3)]], card="e14")
    assert not acts(s, A.Use, kind="skill")
    other = dice_state(BOXES, [[("yellow", 3)]], card="e01")
    assert acts(other, A.Use, kind="skill")


def test_s6_continuous_forbid_potions():
    """Marsh Hag (e10) forbids potions."""
    s = dice_state(BOXES, [[]], card="e10", party=[HeroState("h1", damage=3)])
    assert not acts(s, A.Use, kind="potion")
    other = dice_state(BOXES, [[]], card="e01", party=[HeroState("h1", damage=3)])
    assert acts(other, A.Use, kind="potion")
