"""The :class:`Game` protocol every registered game satisfies.

A game is a plain module (``gremlinrules.gnaughty_gnomes``) with module-level
functions; :class:`gremlinrules.core.game.ModuleGame` wraps it into an object of
this shape for the registry. States, actions and views are game-specific attrs
classes, so the protocol types them as ``Any``.
"""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable

__all__ = ["Game"]


@runtime_checkable
class Game(Protocol):
    """The public contract of one game (see DESIGN.md)."""

    @property
    def id(self) -> str:
        """The game id, for example ``"gnaughty-gnomes"``."""

    @property
    def title(self) -> str:
        """The game's name."""

    @property
    def min_players(self) -> int:
        """The fewest seats."""

    @property
    def max_players(self) -> int:
        """The most seats."""

    @property
    def player_counts(self) -> tuple[int, ...]:
        """Every supported number of seats."""

    @property
    def State(self) -> type:  # noqa: N802  (a class, named as one)
        """The game's state class."""

    @property
    def Options(self) -> type:  # noqa: N802  (a class, named as one)
        """The game's options class (named readings of ambiguous rules)."""

    @property
    def Setup(self) -> type:  # noqa: N802  (a class, named as one)
        """The game's setup class: a known deal or layout instead of a seed."""

    @property
    def View(self) -> type:  # noqa: N802  (a class, named as one)
        """The class of what one seat may see."""

    @property
    def Action(self) -> Any:  # noqa: N802  (a class, named as one)
        """The union of the game's action classes (pass it to ``from_data``)."""

    @property
    def action_types(self) -> tuple[type, ...]:
        """The action classes."""

    def new_game(self, players: int, seed: int = 0, *, options: Any = None, setup: Any = None) -> Any:
        """A new game; ``options`` and ``setup`` are keyword-only. Bad input: SetupError."""

    def current_player(self, state: Any) -> int | None:
        """The seat that must decide now, or None when the game is over."""

    def legal_actions(self, state: Any) -> tuple[Any, ...]:
        """Every legal action in canonical order; empty exactly when terminal."""

    def is_legal(self, state: Any, action: Any) -> bool:
        """True exactly when ``action`` is in ``legal_actions(state)``."""

    def apply(self, state: Any, action: Any) -> Any:
        """The next state; the input is never changed. Illegal: IllegalActionError."""

    def is_terminal(self, state: Any) -> bool:
        """True when the game is over."""

    def scores(self, state: Any) -> tuple[int, ...]:
        """One score per seat."""

    def winners(self, state: Any) -> tuple[int, ...]:
        """The winning seats; empty until the game is over."""

    def observe(self, state: Any, player: int) -> Any:
        """What seat ``player`` may see: never another seat's hidden cards."""

    def players(self, state: Any) -> int:
        """The number of seats in this game."""

    def all_actions(self, players: int, options: Any = None) -> tuple[Any, ...]:
        """Every action that can ever be legal for that player count, in a fixed order."""

    def decision_bound(self, players: int, options: Any = None) -> int:
        """An upper bound on the number of decisions in one game."""

    def describe(self, state: Any, action: Any) -> str:
        """One readable line saying what ``action`` does in ``state``."""

    def check_state(self, state: Any) -> None:
        """Raise a GremlinRulesError unless ``state`` satisfies the game's invariants."""

    def sample_hidden(self, state: Any, player: int, seed: int) -> Any:
        """A state ``player`` cannot tell from ``state``: hidden cards (and the generator)
        redealt at random, consistent with everything ``player`` has seen."""

    def to_data(self, obj: Any) -> Any:
        """JSON-compatible data for a state, action, view, options or setup."""

    def from_data(self, data: Any, cls: Any) -> Any:
        """The inverse of ``to_data``; malformed data raises SerializationError."""

    def to_json(self, obj: Any) -> str:
        """``to_data`` as JSON text."""

    def from_json(self, text: str, cls: Any) -> Any:
        """``from_data`` from JSON text."""
