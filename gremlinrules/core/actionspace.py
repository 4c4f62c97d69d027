"""The fixed action space of a game: a stable integer index for every action that can ever be legal.

Built generically on each game's ``all_actions(players, options)``: index
``i`` is the ``i``-th action of that tuple, for that game, player count and
options, whatever the state. ``legal_actions`` lists actions in the same order,
so the indices of the legal actions are strictly increasing (the conformance
suite checks it), which is what OpenSpiel and PettingZoo expect.

>>> import gremlinrules
>>> from gremlinrules.core.actionspace import action_index, action_at, legal_action_mask
>>> game = gremlinrules.get_game("gnaughty-gnomes")
>>> state = game.new_game(4, seed=1)
>>> first = game.legal_actions(state)[0]
>>> action_at(game, 4, action_index(game, 4, first)) == first
True
>>> sum(legal_action_mask(game, state)) == len(game.legal_actions(state))
True
"""

from __future__ import annotations

import functools
from typing import Any

import attrs

from gremlinrules.core.checks import is_int
from gremlinrules.core.errors import IllegalActionError
from gremlinrules.core.errors import InvalidArgumentError
from gremlinrules.core.errors import shown
from gremlinrules.core.protocol import Game

__all__ = [
    "ActionSpace", "action_at", "action_index", "action_space", "legal_action_indices",
    "legal_action_mask", "num_distinct_actions",
]


@attrs.frozen(slots=False, eq=False, repr=False)
class ActionSpace:
    """Every action that can ever be legal for one game, player count and options, indexed."""

    game: Game
    players: int
    options: Any
    actions: tuple[Any, ...]
    """Index ``i`` is ``actions[i]``."""
    index: dict[Any, int]
    """The inverse of ``actions``."""

    def __repr__(self) -> str:
        return f"<ActionSpace {self.game.id} {self.players}p: {len(self.actions)} actions>"

    @property
    def size(self) -> int:
        """The number of distinct actions."""
        return len(self.actions)

    def index_of(self, action: Any) -> int:
        """The index of ``action``; an action outside the space raises IllegalActionError."""
        try:
            return self.index[action]
        except (KeyError, TypeError):  # TypeError: an unhashable thing passed as an action
            raise IllegalActionError(f"{shown(action)} is never a legal {self.game.title} action "
                                     f"with {self.players} players") from None

    def action_at(self, index: int) -> Any:
        """The action at ``index``; an index out of range raises InvalidArgumentError."""
        if not is_int(index) or not 0 <= index < len(self.actions):
            raise InvalidArgumentError(f"action index must be an integer in 0..{len(self.actions) - 1}, "
                                       f"not {index!r}")
        return self.actions[index]

    def legal_indices(self, state: Any) -> tuple[int, ...]:
        """The indices of the legal actions in ``state``, increasing."""
        index = self.index
        return tuple(index[a] for a in self.game.legal_actions(state))

    def mask(self, state: Any) -> tuple[int, ...]:
        """One 0/1 entry per action: 1 exactly for the legal actions in ``state``."""
        out = [0] * len(self.actions)
        for i in self.legal_indices(state):
            out[i] = 1
        return tuple(out)


def action_space(game: Game, players: int, options: Any = None) -> ActionSpace:
    """The (cached) action space of ``game`` with ``players`` seats and ``options``."""
    if not isinstance(game, Game):
        raise InvalidArgumentError(f"expected a registered Game, not {shown(game)}")
    try:
        return _cached(game, players, options)  # type: ignore[arg-type]  # registry games hash by id
    except (TypeError, AttributeError):  # unhashable (or half-built) options: all_actions says what
        return _build(game, players, options)


@functools.lru_cache(maxsize=256)
def _cached(game: Game, players: int, options: Any) -> ActionSpace:
    return _build(game, players, options)


def _build(game: Game, players: int, options: Any) -> ActionSpace:
    actions = tuple(game.all_actions(players, options))
    index = {a: i for i, a in enumerate(actions)}
    if len(index) != len(actions):
        raise InvalidArgumentError(f"{game.id}: all_actions({players}) repeats an action")
    return ActionSpace(game=game, players=players, options=options, actions=actions, index=index)


def _space_of(game: Game, state: Any) -> ActionSpace:
    # A state records its options where the game has any; all_actions takes None otherwise.
    return action_space(game, game.players(state), getattr(state, "options", None))


def num_distinct_actions(game: Game, players: int, options: Any = None) -> int:
    """How many actions the fixed action space of ``game`` with ``players`` seats has."""
    return action_space(game, players, options).size


def action_index(game: Game, players: int, action: Any, options: Any = None) -> int:
    """The stable index of ``action``: never depends on the state."""
    return action_space(game, players, options).index_of(action)


def action_at(game: Game, players: int, index: int, options: Any = None) -> Any:
    """The action with the given index (the inverse of :func:`action_index`)."""
    return action_space(game, players, options).action_at(index)


def legal_action_indices(game: Game, state: Any) -> tuple[int, ...]:
    """The indices of the legal actions in ``state``, strictly increasing."""
    return _space_of(game, state).legal_indices(state)


def legal_action_mask(game: Game, state: Any) -> tuple[int, ...]:
    """A 0/1 entry per action of the fixed space: 1 exactly where the action is legal in ``state``."""
    return _space_of(game, state).mask(state)
