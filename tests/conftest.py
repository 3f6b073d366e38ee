"""Fixtures shared by the tests: every registered game by name; One Deck Dungeon's odds worked
out afresh in each test."""

import pytest

import odd_nb
from odd_nb.games.one_deck.odds.known import known


@pytest.fixture(params=odd_nb.list_games())
def game_name(request):
    return request.param


@pytest.fixture(autouse=True)
def odds_worked_out_afresh():
    """Each test works out its own One Deck Dungeon odds: an exact answer an earlier test found
    (``odds/known.py``) would answer the same question within a time budget at once."""
    known.clear()
