"""Fights, weapons, escapes, Keepers, death (docs/rules/fog-town.md §5-§9, §11, A8-A14,
A17-A20)."""

from fractions import Fraction

from fog_kit import (GAME, acting, card_count, fighting, outcomes, placed, play, replace, texts,
                     with_player)
from odd_nb.games.fog_town.piles import DECK


def on_street(ap, **player):
    """Seat 0 on circle B2 with ``ap`` AP."""
    return acting(placed(), ap, node="c22", **player)


def test_s7_1_a_monster_met_with_ap_left_waits_for_the_players_choice():
    s = play(acting(placed(), 3), "move to circle B2", "turn over Lurcher")
    assert s.fights[0].monster == "lurcher" and s.phase == "act" and s.ap == 2
    assert s.players[0].wounds == 0, "the monster does not act first (§7.1)"
    assert "strike with 2 points" in texts(s) and "move to circle B1" not in texts(s)


def test_a8_a_monster_met_with_the_last_ap_engages_the_player():
    """A8: the turn ends, nothing happens until the next roll, then the fight resumes."""
    s = play(acting(placed(), 1), "move to circle B2", "turn over Lurcher")
    assert s.phase == "start" and s.fights[0].monster == "lurcher"
    assert texts(s) == ["roll the die"], "no rest, no summon in a fight (§7.4)"
    s = play(s, "roll the die", "roll 1")
    assert s.phase == "act" and s.ap == 1, "no banking in a fight (§3.4)"


def test_s7_2_damage_is_the_points_plus_the_weapon_bonus_once():
    """§7.2, A10: 2 points with a knife (+1) deal 3, killing a Lurcher (health 3)."""
    s = fighting(on_street(3, hand=(0, "knife", True)), "lurcher")
    s = play(s, "strike with 2 points")
    assert s.fights[0] is None and s.players[0].trophies == 1 and s.ap == 1
    assert s.piles[0].discard == ("lurcher",), "to its home deck's discard pile (§7.5)"


def test_s7_3_a_surviving_monster_strikes_back_once_per_strike():
    s = fighting(on_street(4), "fog-hound")
    s = play(s, "strike with 1 point")
    assert s.fights[0].damage == 1 and s.players[0].wounds == 2 and s.ap == 3


def test_a9_one_strike_per_fight_per_turn_but_a_new_fight_may_be_struck():
    s = fighting(on_street(4), "fog-hound")
    s = play(s, "strike with 1 point")
    assert not any(t.startswith("strike") for t in texts(s))
    assert "escape to circle B1" in texts(s), "AP not committed stay for an escape (§7.2)"
    s = fighting(on_street(5), "rat-swarm")
    s = play(s, "strike with 2 points", "move to circle B1", "turn over Lurcher")
    assert "strike with 2 points" in texts(s)


def test_a11_damage_stays_while_the_fight_lasts_across_turns():
    s = fighting(on_street(4), "fog-hound")
    s = play(s, "strike with 1 point", "end the turn", "roll the die", "roll 3")
    assert s.fights[0].damage == 1 and not s.fights[0].struck
    s = play(s, "strike with 3 points")
    assert s.fights[0] is None and s.players[0].trophies == 1


def test_s6_2_a_recurring_monster_goes_back_into_its_home_deck():
    s = fighting(on_street(4), "fog-hound")
    size = len(s.piles[0].deck)
    s = play(s, "strike with 4 points")
    assert s.players[0].trophies == 1 and len(s.piles[0].deck) == size + 1
    assert "fog-hound" in s.piles[0].unseen() and s.piles[0].discard == ()


def test_a10_a_weapon_need_makes_other_strikes_illegal_and_an_empty_gun_is_bare_hands():
    """§6.3, §8.1, A10, A12: a Wire Crow needs a firearm."""
    s = fighting(on_street(3, hand=(0, "knife", True)), "wire-crow")
    assert not any(t.startswith("strike") for t in texts(s))
    s = fighting(on_street(3, hand=(1, "revolver", False)), "wire-crow")
    assert not any(t.startswith("strike") for t in texts(s))
    s = fighting(on_street(3, hand=(1, "revolver", True)), "wire-crow")
    assert "strike with 1 point" in texts(s)


def test_s8_2_a_firearm_that_struck_is_empty_once_the_fight_ends_and_reloads_for_0_ap():
    s = fighting(on_street(3, hand=(1, "revolver", True), items=((0, "revolver-rounds"),)),
                 "lurcher")
    s = play(s, "strike with 1 point")       # 1 + 2 = 3: a kill
    assert s.players[0].hand == (1, "revolver", False)
    assert "reload the revolver in hand with revolver rounds" in texts(s)
    s = play(s, "reload the revolver in hand with revolver rounds")
    assert s.players[0].hand == (1, "revolver", True) and s.ap == 2
    assert s.players[0].items == () and s.piles[0].discard == ("lurcher", "revolver-rounds")


def test_s8_1_the_arc_caster_never_needs_ammunition():
    s = fighting(on_street(3, hand=(-1, "arc-caster", True)), "fog-hound")
    s = play(s, "strike with 1 point")
    assert s.players[0].hand == (-1, "arc-caster", True)


def test_s8_3_switching_costs_1_ap_and_the_old_weapon_goes_to_the_inventory():
    s = on_street(2, hand=(0, "knife", True), weapons=((2, "axe", True),))
    s = play(s, "switch to the axe")
    assert s.players[0].hand == (2, "axe", True) and s.players[0].weapons == ((0, "knife", True),)
    assert s.ap == 1


def test_s5_found_weapons_go_to_the_inventory_a_firearm_loaded():
    """§5, §8.2, §8.3, A12."""
    s = acting(placed(), 3)
    s = replace(s, piles=(s.piles[0],) + s.piles[1:])
    s = play(s, "move to circle B2", "turn over cleaver")
    assert s.players[0].weapons == ((0, "cleaver", True),) and s.players[0].hand is None


def test_s7_6_escape_on_the_street_moves_one_circle_turns_a_card_and_ends_the_turn():
    """§7.6, A13: 2 AP, the rest lost; the monster goes under the street deck, known."""
    s = play(acting(placed(), 5), "move to circle B2", "turn over Lurcher")
    s = play(s, "escape to circle B1")
    assert s.is_chance and s.players[0].node == "c21"
    assert "turn over Lurcher" not in outcomes(s), "the card is turned over first (A13)"
    s = play(s, "turn over nothing")
    assert s.phase == "start" and s.fights[0] is None and s.round == 2
    assert s.piles[0].known_bottom(DECK) == ["lurcher"]


def test_s7_6_escape_only_from_ordinary_monsters_once_per_turn_for_2_ap():
    s = fighting(on_street(1), "lurcher")
    assert not any(t.startswith("escape") for t in texts(s))
    keeper = fighting(acting(placed(), 3, node="cannery"), "foreman", ("keeper", "cannery"))
    assert not any(t.startswith("escape") for t in texts(keeper))


def test_s7_6_escape_in_a_location_turns_over_the_next_stack_card_never_the_keeper():
    s = acting(placed(), 4, node="cannery")
    s = play(s, "explore the Cannery", "turn over Lurcher")
    s = play(s, "escape")
    assert s.is_chance and "turn over Lurcher" not in outcomes(s)
    s = play(s, "turn over knife")
    assert s.phase == "start" and s.piles[1].known_bottom(0) == ["lurcher"]
    assert s.players[0].weapons == ((1, "knife", True),)


def test_s7_7_a_keeper_is_escaped_by_giving_up_an_own_location_token():
    s = fighting(acting(placed(), 3, node="cannery", tokens=("waterworks",)), "foreman",
                 ("keeper", "cannery"), home=-1, damage=4)
    assert "give up the token of the Waterworks to escape" in texts(s)
    s = play(s, "give up the token of the Waterworks to escape")
    assert s.players[0].tokens == () and s.fights[0] is None and s.phase == "start"
    off = fighting(acting(placed(boss_token_escape=False), 3, node="cannery",
                          tokens=("waterworks",)), "foreman", ("keeper", "cannery"))
    assert not any("give up" in t for t in texts(off))


def test_s4_3_the_first_explore_deals_a_stack_of_three_face_down_places():
    """§4.3, A16, A25: three places dealt, the first turned over; nothing decided early."""
    s = play(acting(placed(), 3, node="cannery"), "explore the Cannery")
    assert s.is_chance and s.piles[1].size(0) == 3 and len(s.piles[1].deck) == 3
    assert outcomes(s) == {f"turn over {n}": Fraction(1, 6) for n in
                           ("Rat Swarm", "Lurcher", "knife", "crowbar", "the cannery ledger",
                            "nothing")}
    s = play(s, "turn over crowbar")
    assert s.piles[1].size(0) == 2 and s.ap == 2


def test_a15_each_player_explores_a_stack_of_their_own():
    s = placed(players=2)
    s = play(acting(s, 2, node="cannery"), "explore the Cannery", "turn over nothing",
             "end the turn")
    s = acting(s, 1, seat=1, node="cannery")
    s = play(s, "explore the Cannery")
    assert s.piles[1].size(0) == 2 and s.piles[1].size(1) == 3 and len(s.piles[1].deck) == 0


def test_s4_4_an_explore_with_an_empty_stack_meets_the_keeper():
    s = acting(placed(), 5, node="cannery")
    for card in ("nothing", "knife", "crowbar"):
        s = play(s, "explore the Cannery", f"turn over {card}")
    s = play(s, "explore the Cannery")
    assert s.fights[0].monster == "foreman" and s.fights[0].origin == ("keeper", "cannery")


def test_a20_no_keeper_fight_without_a_weapon_able_to_strike_it():
    """A20: the shipped town's Valve Warden needs a firearm."""
    from fog_kit import SHIPPED
    s = SHIPPED.new_initial_state(first_player=0)
    s = play(s, "start at the Coaching Inn")
    index = s.content.explorable.index("waterworks") + 1
    pile = s.piles[index].start_stack(0)
    s = replace(s, piles=s.piles[:index] + (pile,) + s.piles[index + 1:])
    s = with_player(replace(s, phase="act", ap=2), node="waterworks")
    assert "explore the Waterworks" not in texts(s)
    s = with_player(s, hand=(0, "revolver", False), items=((0, "revolver-rounds"),))
    assert "explore the Waterworks" in texts(s)


def test_s9_defeating_a_keeper_completes_the_location_and_drives_the_lamplighter_back():
    """§9: Keeper card and token, push-back 2 (normal) with a bell where he was, stacks back."""
    s = replace(placed(players=2), clock=5)
    s = fighting(acting(s, 6, node="cannery", hand=(0, "cleaver", True)), "foreman",
                 ("keeper", "cannery"), damage=2)
    pile = s.piles[1].start_stack(0).deal_place(1, 0)
    s = replace(s, piles=(s.piles[0], pile) + s.piles[2:])
    s = play(s, "strike with 2 points")
    p = s.players[0]
    assert p.keepers == ("foreman",) and p.tokens == ("cannery",)
    assert s.clock == 3 and s.bells == (5,) and s.status[0] == "completed"
    assert s.piles[1].stacks == (None, None) and len(s.piles[1].deck) == 6
    assert "explore the Cannery" not in texts(s)
    easy = fighting(acting(replace(placed(difficulty="easy"), clock=2), 6, node="cannery"),
                    "foreman", ("keeper", "cannery"), damage=6)
    easy = play(easy, "strike with 1 point")
    assert easy.clock == 0 and easy.bells == (2,), "never below 0"


def test_s11_2_a_death_in_a_location_closes_it_and_keeps_the_rest():
    """§11.2, A17, A18: figure off, clock +1, killer back, stacks back, location closed."""
    s = acting(placed(players=2), 4, node="cannery", wounds=5, trophies=2,
               items=((0, "revolver-rounds"),))
    s = play(s, "explore the Cannery", "turn over Lurcher", "strike with 1 point")
    p = s.players[0]
    assert p.node is None and p.wounds == 0 and p.deaths == 1 and p.trophies == 2
    assert p.items == ((0, "revolver-rounds"),)
    assert s.clock == 1 and s.status[0] == "closed" and s.fights[0] is None
    assert s.piles[1].stacks[0] is None and "lurcher" in s.piles[1].unseen()
    assert s.current == 1
    s = play(s, "rest")
    assert texts(s) == ["start at the Ferry Landing", "start at the Post Office"], "§3.1"


def test_a17_own_token_reading_costs_a_token_instead_of_closing():
    s = acting(placed(death_token="own_token"), 4, node="cannery", wounds=5,
               tokens=("waterworks",))
    s = play(s, "explore the Cannery", "turn over Lurcher", "strike with 1 point")
    assert s.status[0] == "open" and s.players[0].tokens == ()


def test_s14_the_game_ends_when_no_location_is_open():
    s = replace(placed(), status=("closed", "completed", "completed", "open"))
    s = acting(s, 4, node="railway-depot", wounds=5)
    s = play(s, "explore the Railway Depot", "turn over Lurcher", "strike with 1 point")
    assert s.is_terminal and s.ended == "town" and s.returns() == [1.0]


def test_cards_are_conserved_through_a_busy_turn():
    """§1.4: every card has one home and is always somewhere."""
    s = acting(placed(), 6, node="cannery")
    before = card_count(s)
    s = play(s, "explore the Cannery", "turn over Lurcher", "escape", "turn over knife")
    assert card_count(s) == before


def test_s6_3_strike_odds_say_nothing_the_weapon_in_hand_cannot_do():
    """§6.3, A10: a Wire Crow needs a firearm; with bare hands no strike is legal, so the odds
    offer no commitment and no chance to kill, and the board says to switch or escape."""
    from odd_nb.games.fog_town import kill_within_two_turns, strike_odds
    s = fighting(acting(placed(), 4), "wire-crow")
    assert not any(t.startswith("strike") for t in texts(s))
    assert strike_odds(s) == []
    assert kill_within_two_turns(s)["two_turns"] == 0
    assert "needs firearm" in GAME.view().odds(s, 0)
    lurcher = fighting(acting(placed(), 4), "lurcher")  # no need: bare hands strike
    assert strike_odds(lurcher) and any(t.startswith("strike") for t in texts(lurcher))
