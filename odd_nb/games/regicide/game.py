"""The game of Regicide as the registry knows it (``odd_nb.load_game("regicide")``): the class
``Regicide`` with its options, its setup, its agents, its widget view and how its states show
themselves (``text`` and ``html``, from ``render.py``). The top of the package: it imports the
state, the presentation and the agents; nothing in the package imports it but ``__init__``.

>>> import odd_nb
>>> game = odd_nb.load_game("regicide")
>>> type(game) is Regicide, [o.name for o in game.options()][:2]
(True, ['players', 'exact_kill_to_tavern'])
"""

from __future__ import annotations

from ...core.chance import Deck, multiset
from ...core.game import Game, Option
from . import render
from .actions import JACKS, JESTERS, KINGS, NUM_CARDS, NUMBER_CARDS, QUEENS
from .agents import HeuristicAgent, SearchAgent
from .state import RegicideState, Rules
from .view import RegicideView


class Regicide(Game):
    """Regicide for 1-4 players (rules: docs/rules/regicide.md).

    >>> game = Regicide()
    >>> s = game.new_initial_state(players=4)
    >>> len(s.tavern), s.rules.max_hand, s.is_chance
    (42, 5, True)
    """

    name = "regicide"

    def options(self) -> list[Option]:
        return [
            Option("players", 2, "number of players, 1 (solo, §7) to 4", (1, 2, 3, 4)),
            Option("exact_kill_to_tavern", "always",
                   "an exactly killed enemy goes on the tavern always, or as the player "
                   "chooses (A2)", ("always", "optional")),
            Option("solo_yield_allowed", True, "a solo player may yield (A3)", (True, False)),
            Option("jester_may_choose_self", True,
                   "the Jester's player may give the next turn to themselves (A4)",
                   (True, False)),
            Option("discard_choices", "minimal",
                   "step 4 offers the minimal covers of the damage, or every cover "
                   "(paying more than needed)", ("minimal", "all")),
            Option("jester_signals", False,
                   "after a Jester the other players signal whether they want the next turn "
                   "(A17)", (True, False),
                   seeded_at_default=False),
        ]

    def strict_undo(self, options: dict) -> bool:
        """§4: hands are secret, so with several players undo may not take back a draw."""
        return options["players"] > 1

    def strict_undo_at(self, state) -> bool:
        return state.rules.players > 1

    def initial_state(self, options: dict) -> RegicideState:
        """Setup (§2): the castle Jacks over Queens over Kings, the tavern shuffled with the
        Jesters of the table, the first enemy and the deal (one card at a time, clockwise, from
        seat 0) as chance nodes."""
        rules = Rules(players=options["players"],
                      exact_kill_always=options["exact_kill_to_tavern"] == "always",
                      solo_yield_allowed=options["solo_yield_allowed"],
                      jester_may_choose_self=options["jester_may_choose_self"],
                      all_discards=options["discard_choices"] == "all",
                      jester_signals=options["jester_signals"])
        n = rules.players
        in_tavern = JESTERS[:rules.jesters_in_tavern]
        tavern_cards = multiset(NUMBER_CARDS + in_tavern)
        origin = [-1] * NUM_CARDS
        for c in tavern_cards:
            origin[c] = 0
        return RegicideState(
            rules=rules,
            castle=Deck((multiset(JACKS), multiset(QUEENS), multiset(KINGS))),
            tavern=Deck.shuffled(tavern_cards), groups=(0,), origin=tuple(origin),
            hands=((),) * n, set_aside=JESTERS[rules.jesters_in_tavern:],
            jester_powers=rules.jester_powers,
            draws_due=tuple(range(n)) * rules.max_hand, reveal_due=True,
            yielded=(False,) * n)

    text = staticmethod(render.text)  # str(state): the table as text
    html = staticmethod(render.html)  # state._repr_html_(): the table as HTML

    def view(self):
        return RegicideView(self)

    def agents(self) -> dict:
        """``search`` runs a fixed number of rollouts (not a time budget) so that a study gives
        the same results on any machine."""
        return {**super().agents(), "heuristic": HeuristicAgent,
                "search": lambda: SearchAgent(time_limit=None, iterations=300)}

    def final_stats(self, state: RegicideState) -> dict:
        """How far the table got: enemies defeated, Jesters played, cards left in the tavern
        and in hands, and why the game was lost."""
        return {"enemies_defeated": state.defeated, "jesters_played": state.jesters_played,
                "tavern_left": len(state.tavern),
                "cards_in_hands": sum(len(h) for h in state.hands),
                "reason": state.reason}


__all__ = ["Regicide"]
