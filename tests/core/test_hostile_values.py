"""Values no repr can print (a 5,000-digit int) or that are huge (a 10 MB string) passed to the
bots, the action space and describe give short library errors or texts, never ValueError."""

from __future__ import annotations

import pytest

import gremlinrules
from gremlinrules import GremlinRulesError
from gremlinrules.bots import make_bot
from gremlinrules.core.actionspace import action_index
from gremlinrules.no_good_gremlins import Build

HUGE = 10**5000
LONG = "x" * 10_000_000


@pytest.mark.parametrize("bot", ["random", "ismcts"])
@pytest.mark.parametrize("seat", [HUGE, LONG], ids=["huge-int", "10MB-string"])
def test_a_bot_refuses_a_hostile_seat_briefly(bot: str, seat: object) -> None:
    """make_bot with a seat that is a 5,000-digit int or a 10 MB string: a short library error."""
    with pytest.raises(GremlinRulesError) as info:
        make_bot(bot, "no-good-gremlins", seat)  # type: ignore[arg-type]
    assert len(str(info.value)) < 300


def test_an_unknown_bot_name_is_not_echoed_whole() -> None:
    """A 10 MB bot name is refused with a short message."""
    with pytest.raises(GremlinRulesError) as info:
        make_bot(LONG, "no-good-gremlins", 0)
    assert len(str(info.value)) < 300


def test_the_action_space_refuses_a_hostile_action_briefly() -> None:
    """action_index of an action whose field is a 5,000-digit int: a short IllegalActionError."""
    game = gremlinrules.get_game("no-good-gremlins")
    with pytest.raises(GremlinRulesError) as info:
        action_index(game, 3, Build(HUGE))  # type: ignore[arg-type]
    assert len(str(info.value)) < 300


def test_describe_of_a_foreign_object_is_short() -> None:
    """No Good Gremlins' describe of something that is no action reads briefly, without raising."""
    game = gremlinrules.get_game("no-good-gremlins")
    state = game.new_game(3, 0)
    try:
        text = game.describe(state, HUGE)  # type: ignore[arg-type]
    except GremlinRulesError:
        return
    assert len(text) < 300
