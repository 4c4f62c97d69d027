"""The :class:`Game` protocol every registered game satisfies.

A game is a plain module (``gremlinrules.gnaughty_gnomes``) with module-level
functions; :class:`gremlinrules.core.game.ModuleGame` wraps it into an object of
this shape for the registry.

``Game`` is generic in the game's own classes:
``Game[StateT, ActionT, ViewT, OptionsT, SetupT, EventT]``.
:func:`gremlinrules.get_game` called with a literal game id returns the game
typed with its classes, so ``mypy --strict`` checks a program's states,
actions, views and events (``apply_with_events``, ``observe_event``,
``parse_action``, ``game.Action`` and ``game.Event`` included); with any other
string it returns a plain ``Game``, whose parameters default to ``Any``.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING
from typing import Any
from typing import Generic
from typing import Protocol
from typing import runtime_checkable

if TYPE_CHECKING:  # defaults (PEP 696) for type checkers; typing.TypeVar takes them from 3.13 on
    from typing_extensions import TypeVar

    from gremlinrules.core import chance

    StateT = TypeVar("StateT", default=Any)
    ActionT = TypeVar("ActionT", default=Any)
    ViewT = TypeVar("ViewT", default=Any)
    OptionsT = TypeVar("OptionsT", default=Any)
    SetupT = TypeVar("SetupT", default=Any)
    EventT = TypeVar("EventT", default=Any)
else:
    from typing import TypeVar

    StateT = TypeVar("StateT")
    ActionT = TypeVar("ActionT")
    ViewT = TypeVar("ViewT")
    OptionsT = TypeVar("OptionsT")
    SetupT = TypeVar("SetupT")
    EventT = TypeVar("EventT")

_T = TypeVar("_T")

__all__ = ["ActionT", "EventT", "Game", "OptionsT", "SetupT", "StateT", "ViewT"]


@runtime_checkable
class Game(Protocol, Generic[StateT, ActionT, ViewT, OptionsT, SetupT, EventT]):
    """The public contract of one game (see DESIGN.md).

    The type parameters are the game's state, action (the union of its action
    classes), view, options, setup and event (the union of its event classes)
    classes.
    """

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
    def State(self) -> type[StateT]:  # noqa: N802  (a class, named as one)
        """The game's state class."""

    @property
    def Options(self) -> type[OptionsT]:  # noqa: N802  (a class, named as one)
        """The game's options class (named readings of ambiguous rules)."""

    @property
    def Setup(self) -> type[SetupT]:  # noqa: N802  (a class, named as one)
        """The game's setup class: a known deal or layout instead of a seed."""

    @property
    def View(self) -> type[ViewT]:  # noqa: N802  (a class, named as one)
        """The class of what one seat may see."""

    @property
    def Action(self) -> type[ActionT]:  # noqa: N802  (a class, named as one)
        """The union of the game's action classes (pass it to ``from_data``, which then gives
        the game's action type; at run time a ``typing`` union, which ``isinstance`` accepts)."""

    @property
    def action_types(self) -> tuple[type[ActionT], ...]:
        """The action classes."""

    @property
    def format_version(self) -> int:
        """The version of the game's state and view JSON (their ``format_version`` key); older
        versions the game can upgrade still decode."""

    def new_game(self, players: int, seed: int = 0, *, options: OptionsT | None = None,
                 setup: SetupT | None = None, chance: str = "seeded") -> StateT:
        """A new game; ``options``, ``setup`` and ``chance`` are keyword-only. Bad input: SetupError.

        ``chance="external"`` starts the external-chance mode (:mod:`gremlinrules.core.chance`):
        the result is a :class:`~gremlinrules.core.chance.Tracked` state whose random outcomes
        (the deal first) are entered as decisions of the :data:`~gremlinrules.core.chance.CHANCE`
        seat; every function of the game accepts it. The default ``"seeded"`` draws them from
        ``seed``: an integer from 0 to 2**64-1 (the generator's first state; anything else, a
        bool, a negative seed or one of 2**64 or more, is a SetupError, never reduced).

        Without a ``seed`` the seed is 0, so every call deals the same table: reproducible by
        default (Gymnasium's ``reset()`` draws a random one instead). Pass a seed of your own,
        such as ``random.randrange(2**64)``, for a new table each time."""

    def current_player(self, state: StateT) -> int | None:
        """The seat that must decide now (:data:`~gremlinrules.core.chance.CHANCE`, -1, at a
        chance decision of an external-chance game), or None when the game is over."""

    def chance_outcomes(self, state: StateT) -> tuple[tuple[chance.Outcome, Fraction], ...]:
        """At a chance decision (external chance), each legal
        :class:`~gremlinrules.core.chance.Outcome` with its exact probability; else empty."""

    def undo(self, state: StateT, n: int = 1) -> StateT:
        """A tracked table (external chance) before its last ``n`` entries (outcomes and moves
        alike): exactly the state it was. InvalidArgumentError beyond the state's memory."""

    def reveal(self, state: StateT, outcome: chance.Outcome) -> StateT:
        """A tracked table once a card entered unseen shows: ``outcome`` names its pool, item and
        seat; the table is entered again with it in place of its placeholder."""

    def legal_actions(self, state: StateT) -> tuple[ActionT, ...]:
        """Every legal action in canonical order; empty exactly when terminal."""

    def is_legal(self, state: StateT, action: ActionT) -> bool:
        """True exactly when ``action`` is in ``legal_actions(state)``; at a chance decision also
        for the outcomes listed nowhere: a card of the deal for another seat than the one offered
        (``Outcome.seat``), and a card entered unseen where the game allows it."""

    def apply(self, state: StateT, action: ActionT) -> StateT:
        """The next state; the input is never changed. Illegal: IllegalActionError."""

    def is_terminal(self, state: StateT) -> bool:
        """True when the game is over."""

    def scores(self, state: StateT) -> tuple[int, ...]:
        """One score per seat."""

    def winners(self, state: StateT) -> tuple[int, ...]:
        """The winning seats; empty until the game is over."""

    def end_reason(self, state: StateT) -> str | None:
        """The id of the clause that ended the game (a rule, or the house rule's bound that
        stopped it); None until the game is over. Simulation records it as ``ended_by``."""

    def observe(self, state: StateT, player: int | None) -> ViewT:
        """What seat ``player`` may see: never another seat's hidden cards (None: a spectator,
        public information only)."""

    def players(self, state: StateT) -> int:
        """The number of seats in this game."""

    def all_actions(self, players: int, options: OptionsT | None = None) -> tuple[ActionT, ...]:
        """Every action that can ever be legal for that player count, in a fixed order."""

    def decision_bound(self, players: int, options: OptionsT | None = None) -> int:
        """An upper bound on the number of decisions in one game."""

    def describe(self, state: StateT, action: ActionT) -> str:
        """One readable line saying what ``action`` does in ``state``."""

    def check_state(self, state: StateT) -> None:
        """Raise a GremlinRulesError unless ``state`` satisfies the game's invariants."""

    def sample_hidden(self, state: StateT, player: int, seed: int) -> StateT:
        """A state ``player`` cannot tell from ``state``: hidden cards (and the generator)
        redealt at random from ``seed`` (an integer from 0 to 2**64-1, else
        InvalidArgumentError), consistent with everything ``player`` has seen."""

    @property
    def Event(self) -> type[EventT]:  # noqa: N802  (a class, named as one)
        """The union of the game's event classes (pass it to ``from_data``, as ``Action``)."""

    @property
    def event_types(self) -> tuple[type[EventT], ...]:
        """The event classes."""

    def apply_with_events(self, state: StateT, action: ActionT) -> tuple[StateT, tuple[EventT, ...]]:
        """``(apply(state, action), the events that happened)``, for animation and logs."""

    def observe_event(self, event: EventT, player: int | None) -> EventT | None:
        """What seat ``player`` (None: a spectator) sees of ``event``, or None when nothing;
        redacted exactly as :meth:`observe` redacts a state."""

    def action_label(self, view: ViewT, action: ActionT) -> str:
        """A short text a player reads for ``action``, computed from ``view`` alone: a
        :class:`~gremlinrules.core.messages.Message` with a message id and parameters."""

    def parse_action(self, text: str) -> ActionT:
        """The action written ``text`` in the game's notation (``str(action)``); bad text
        raises SerializationError."""

    def view_text(self, view: ViewT) -> tuple[str, ...]:
        """What ``view`` shows, in plain sentences a person reads, from the view alone: the seat's
        hand (card names, with the card's rules text where the component data has it), the table,
        each seat's public state and the pending decision; a spectator's view too. No field name,
        class name or internal code: the lines a terminal prints and a page shows."""

    def event_text(self, event: EventT, player: int | None, *, view: ViewT | None = None) -> str:
        """One sentence saying what ``event`` was for seat ``player`` (None: a spectator), from the
        event as :meth:`observe_event` gives it to that seat: "You drew Cover of Night", "Seat 2
        started a project face down". ``view``, any view of the same table (the seat's own, as a
        caller has it), lets a game name what the event alone does not carry: the table's own
        cards where a user's component set is played (Gremlins, Inc., Goblins vs Gnomes)."""

    def json_schema(self) -> dict[str, Any]:
        """JSON Schema 2020-12 with ``$defs`` State, View, Action, Options, Setup and Event."""

    def to_data(self, obj: object) -> Any:
        """JSON-compatible data for a state, action, view, options or setup of this game;
        anything else raises SerializationError."""

    def from_data(self, data: Any, cls: type[_T]) -> _T:
        """The inverse of ``to_data``: an instance of ``cls`` (a class of the game, or
        ``game.Action`` for any action); malformed data raises SerializationError."""

    def to_json(self, obj: object) -> str:
        """``to_data`` as JSON text."""

    def from_json(self, text: str, cls: type[_T]) -> _T:
        """``from_data`` from JSON text (bytes are accepted too)."""
