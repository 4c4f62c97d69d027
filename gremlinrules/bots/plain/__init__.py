"""The plain bot: the first thing a new player would do, one small policy per game (issue 17).

A plain player does the obvious thing a rulebook suggests (launch a complete rocket, complete a
project, defeat a gremlin it can beat) with no search, so it is cheap and shows what purposeful
play does with a game's components, where uniformly random play mostly measures its own
weakness (see the Balance pages). It is deterministic given its seed: ties between equally good
actions are broken by a ``random.Random(seed)``, as :class:`.RandomBot` picks.

It never reads what its seat cannot see: each game's policy looks only at public fields and its
own seat's cards (each module's docstring says which), so two states that differ only in hidden
information get the same choice. Every registered game has a plain policy; a game a plugin
adds has none and is refused with InvalidArgumentError.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from collections.abc import Sequence
from typing import Any
from typing import TypeVar

from gremlinrules.bots.base import SeatBot
from gremlinrules.bots.base import check_bot_seat
from gremlinrules.core.errors import InvalidArgumentError
from gremlinrules.core.protocol import ActionT
from gremlinrules.core.protocol import Game
from gremlinrules.core.protocol import StateT

__all__ = ["PLAIN_GAMES", "PlainBot", "best"]

_T = TypeVar("_T")

Policy = Callable[[Any, int, random.Random], Any]
"""``policy(state, seat, rnd) -> action``: a legal action for ``seat``, which must be deciding."""

PLAIN_GAMES: tuple[str, ...] = ("no-good-gremlins", "gremlins-inc", "gremlins-the-game", "gnaughty-gnomes",
                                 "goblins-vs-gnomes")
"""The games that have a plain policy."""


def best(actions: Sequence[_T], key: Callable[[_T], Any], rnd: random.Random) -> _T:
    """The action with the greatest ``key``; among equals, one picked by ``rnd`` (which is drawn
    from only when there is more than one, so the choice depends on nothing else)."""
    top = max(key(a) for a in actions)
    tied = [a for a in actions if key(a) == top]
    return tied[0] if len(tied) == 1 else tied[rnd.randrange(len(tied))]


def _policy(game_id: str) -> Policy | None:
    """The plain policy of a game (imported on first use), None if it has none."""
    if game_id == "no-good-gremlins":
        from gremlinrules.bots.plain import no_good_gremlins
        return no_good_gremlins.choose
    if game_id == "gremlins-inc":
        from gremlinrules.bots.plain import gremlins_inc
        return gremlins_inc.choose
    if game_id == "gremlins-the-game":
        from gremlinrules.bots.plain import gremlins_the_game
        return gremlins_the_game.choose
    if game_id == "gnaughty-gnomes":
        from gremlinrules.bots.plain import gnaughty_gnomes
        return gnaughty_gnomes.choose
    if game_id == "goblins-vs-gnomes":
        from gremlinrules.bots.plain import goblins_vs_gnomes
        return goblins_vs_gnomes.choose
    return None


class PlainBot(SeatBot[StateT, ActionT]):
    """Plays its seat as a plain player of the game would (see the module docstring)."""

    def __init__(self, game: Game[StateT, ActionT, Any, Any, Any, Any], seat: int, seed: int = 0) -> None:
        check_bot_seat(game, seat)  # the seat is refused before the game
        policy = _policy(game.id)
        if policy is None:
            raise InvalidArgumentError(f"no plain bot exists for {game.id}; it has one for: "
                                       f"{', '.join(PLAIN_GAMES)}")
        super().__init__(game, seat, seed)
        self._policy = policy

    def choose(self, state: StateT) -> ActionT:
        """The plain player's action; it must be this seat's decision."""
        self._check_turn(state)
        action: ActionT = self._policy(state, self.seat, self._rnd)
        return action
