"""What a refused action says (issue 28): each refusal of the rule book names its clause and says
why in the sentence a player reads, with the message id and parameters a frontend translates."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

import gremlinrules
from gremlinrules.core.chance import CHANCE
from gremlinrules.core.errors import IllegalActionError
from gremlinrules.core.errors import InvalidArgumentError
from gremlinrules.gremlins_the_game import Choose
from gremlinrules.gremlins_the_game import Defeat
from gremlinrules.gremlins_the_game import Discard
from gremlinrules.gremlins_the_game import LetEscape
from gremlinrules.gremlins_the_game import Move
from gremlinrules.gremlins_the_game import Phase
from gremlinrules.gremlins_the_game import State
from gremlinrules.gremlins_the_game import apply
from gremlinrules.gremlins_the_game import current_player
from gremlinrules.gremlins_the_game import is_legal
from gremlinrules.gremlins_the_game import is_terminal
from gremlinrules.gremlins_the_game import legal_actions
from gremlinrules.gremlins_the_game import players
from gremlinrules.gremlins_the_game.flow import WEAPON_SPACES
from gremlinrules.gremlins_the_game.flow import replace
from tests.gremlins_the_game.helpers import edited
from tests.gremlins_the_game.helpers import table
from tests.gremlins_the_game.test_fight import HANDS
from tests.gremlins_the_game.test_fight import STACK
from tests.gremlins_the_game.test_tokens import FULL
from tests.refusals import assert_refused

SEVEN = ("flashlight", "camera-flash", "kitchen-knife", "blender", "microwave", "sword", "shotgun")
EIGHT = ("sword",) * 8
SHOWN_EIGHT = "('sword', 'sword', 'sword', 'sword', 'sword', 'sword', 's..."
"""How a refusal shows eight swords: cut to 60 characters."""
FIGHT_PROMPT = "Defeat the gremlin with weapon cards that match all its symbols, or let it escape"
"""What a Move is told while its fight is pending: the Fight decision's prompt."""
NOT_MINIMAL = "Those weapon cards are not a minimal set you hold that matches all the gremlin's symbols"


def start() -> State:
    """Red to move in the first round, a gremlin needing a red circle and a red triangle on e6."""
    return table(2, gremlins=STACK, hands=HANDS)


def fighting() -> State:
    """Red fights that gremlin."""
    return apply(start(), Move("e6"))


def escaping() -> State:
    """Red has let it escape and chooses its theater space."""
    return apply(fighting(), LetEscape())


def discarding() -> State:
    """Red, with seven cards, has landed on a weapon token and must discard first."""
    s = table(2, weapon_deck=("snowplow",), hands=(FULL, ()))
    return apply(edited(s, free_move=(True, False)), Move(WEAPON_SPACES[0]))


def _message(key: str, text: str, **params: Any) -> tuple[str, str, dict[str, Any]]:
    return text, key, params


REFUSALS: list[tuple[str, Callable[[], State], Any, str, tuple[str, str, dict[str, Any]]]] = [
    ("not an action", start, "move e6", "GTG-TURN-1",
     _message("gtg.illegal.not-an-action", "'move e6' is not a Gremlins: The Game action",
              value="'move e6'")),
    ("no such space", start, Move("z99"), "GTG-MOVE-1",
     _message("gtg.illegal.no-space", "'z99' is not a space of the map", value="'z99'")),
    ("a number for a space", start, Move(7), "GTG-MOVE-1",  # type: ignore[arg-type]
     _message("gtg.illegal.no-space", "7 is not a space of the map", value="7")),
    ("a chosen space that is none", escaping, Choose("z99"), "GTG-MOVE-1",
     _message("gtg.illegal.no-space", "'z99' is not a space of the map", value="'z99'")),
    ("no such weapon", discarding, Discard("laser"), "GTG-WEAPON-2",
     _message("gtg.illegal.no-weapon", "'laser' is not a weapon card", value="'laser'")),
    ("no weapons at all", fighting, Defeat(()), "GTG-FIGHT-2",
     _message("gtg.illegal.no-weapons", "() is not a set of weapon cards", value="()")),
    ("more weapons than a hand holds", fighting, Defeat(EIGHT), "GTG-FIGHT-2",
     _message("gtg.illegal.no-weapons", f"{SHOWN_EIGHT} is not a set of weapon cards", value=SHOWN_EIGHT)),
    ("a weapon that is none", fighting, Defeat(("sword", "laser")), "GTG-FIGHT-2",
     _message("gtg.illegal.no-weapons", "('sword', 'laser') is not a set of weapon cards",
              value="('sword', 'laser')")),
    ("seven weapons not held", fighting, Defeat(SEVEN), "GTG-FIGHT-2",
     _message("GTG-FIGHT-2", NOT_MINIMAL)),
    ("staying put", start, Move("g6"), "GTG-MOVE-2",
     _message("GTG-MOVE-2", "You must move at least one space when you can")),
    ("another seat's Start", start, Move("n6"), "GTG-MOVE-3",
     _message("GTG-MOVE-3", "You may pass through, but not stop on, another player or their Start")),
    ("out of reach", start, Move("c5"), "GTG-MOVE-1",
     _message("gtg.illegal.unreachable", "c5 is not within six steps of your move", space="c5")),
    ("a move while one is resolved", fighting, Move("e6"), "GTG-FIGHT-1",
     _message("GTG-FIGHT-1", FIGHT_PROMPT)),
    ("a move after the end", lambda: replace(start(), phase=Phase.OVER), Move("e6"), "GTG-END-1",
     _message("GTG-END-1", "The game is over")),
]


@pytest.mark.clause("GTG-TURN-1", "GTG-MOVE-1", "GTG-MOVE-2", "GTG-MOVE-3", "GTG-WEAPON-2", "GTG-FIGHT-1",
                    "GTG-FIGHT-2", "GTG-END-1")
@pytest.mark.parametrize(("build", "action", "clause", "said"), [r[1:] for r in REFUSALS],
                         ids=[r[0] for r in REFUSALS])
def test_a_refusal_names_its_clause_and_says_why(build: Callable[[], State], action: Any, clause: str,
                                                  said: tuple[str, str, dict[str, Any]]) -> None:
    """Each way the rule book refuses an action (not an action of the game, a field naming no space
    or weapon, a move the movement rules forbid, a set of weapon cards that is not a minimal
    match, a move at the wrong time: while its fight is pending, or after the end) raises
    IllegalActionError with its clause, the English sentence, and the message id and parameters
    of that sentence (the clause id for a fixed sentence); the state is left as it was."""
    s = build()
    assert_refused(apply, s, action, clause, said)


@pytest.mark.clause("GTG-SQUARE-4")
def test_the_town_square_refusal_says_the_first_turn_bans_it() -> None:
    """Entering the Town Square in the first round is refused with GTG-SQUARE-4 and its sentence."""
    s = table(2, positions=("h9", "n6"))
    with pytest.raises(IllegalActionError) as info:
        apply(s, Move("i10"))
    assert (str(info.value.reason), info.value.clause) == (
        "No one may enter the Town Square on their first turn", "GTG-SQUARE-4")


@pytest.mark.clause("GTG-CHANCE-1")
def test_a_tracked_table_is_answered_by_the_games_own_current_player() -> None:
    """The game module's current_player answers a table tracked in the external-chance mode too:
    at the opening deal the chance seat is to decide."""
    tracked = gremlinrules.get_game("gremlins-the-game").new_game(2, chance="external")
    assert current_player(tracked) == CHANCE


@pytest.mark.clause("GTG-END-1", "GTG-TURN-1")
@pytest.mark.parametrize("seats", [2, 3, 4])
def test_the_state_queries_answer_the_state_and_refuse_anything_else(seats: int) -> None:
    """``players`` is the table's seat count and ``is_terminal`` is true exactly once the game is
    over; these and the rule book's ``legal_actions``, ``is_legal``, ``apply`` and
    ``current_player`` refuse anything that is not a state of this game with InvalidArgumentError
    naming the state they expected."""
    s = table(seats)
    assert players(s) == seats
    assert not is_terminal(s)
    assert is_terminal(replace(s, phase=Phase.OVER))
    calls: list[Callable[[Any], object]] = [players, is_terminal, legal_actions, current_player,
                                            lambda x: is_legal(x, Move("e6")), lambda x: apply(x, Move("e6"))]
    for call in calls:
        with pytest.raises(InvalidArgumentError) as info:
            call("a state")
        assert str(info.value) == "expected a Gremlins: The Game State, got str"
