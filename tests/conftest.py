"""Fixtures shared by the tests: every registered game by name."""

import pytest

import odd_nb


@pytest.fixture(params=odd_nb.list_games())
def game_name(request):
    return request.param
