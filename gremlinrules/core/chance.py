"""Chance as decisions: the external-chance mode every game offers (issue 18).

In the default *seeded* mode a game's randomness comes from its generator: a
deck is shuffled once and drawn from, and ``(seed, actions)`` replays a game.
In the *external-chance* mode (``new_game(players, chance="external")``)
nothing is shuffled in advance. Whenever the rules need a random outcome (the
next card of a deck, a deal, the reveal of a face-down token) the game stops at
a chance decision: ``current_player`` is :data:`CHANCE`, the legal actions
are :class:`Outcome` values (one per distinct design still unseen, not one per
hidden position) and ``game.chance_outcomes(state)`` gives them with their
probabilities. A tracker of a physical table enters what it saw; a search
algorithm samples an outcome; OpenSpiel sees chance nodes.

The state of such a game is a :class:`Tracked`: the game's own state in a
*canonical* form (everything nobody has seen in a fixed order) plus the move
waiting for its outcomes. A move takes effect once all its outcomes are in; in
between, views show the table as it was before the move.

Each game supplies a *chance model*, the module ``gremlinrules.<game>.chance``,
with these names (see each game's ``*-CHANCE-*`` clauses):

``POOLS``
    The names of the game's random pools (``("materials", "gremlins")``).
``deal(players, options, entered) -> Need | State``
    The opening deal: the next :class:`Need`, or the initial canonical state.
``step(state, action, entered) -> Need | State``
    A player's move from a canonical state: the next :class:`Need` of the move,
    or the canonical state after it.
``reveals(before, action, after) -> tuple[Outcome, ...]``
    For a seeded game, what the step ``before -> after`` revealed, in the
    order ``step`` asks for it (``before`` and ``action`` None: the opening
    deal). It turns a seeded game into the outcomes that replay it, and the
    conformance tests use it as the truth.
``canonical(state) -> State``
    ``state`` with every unseen item in a fixed order and the generator fixed.

Optionally ``events(state, action, entered)``: the events of a tracked move
once its outcomes are in, or ``arranged(state, action, entered) -> State``: a
seeded state in which the plain rules reveal exactly ``entered`` for
``action``; ``apply_with_events`` reports a tracked move's events from
the first of them the model has.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable
from fractions import Fraction
from types import ModuleType
from typing import TYPE_CHECKING, Any, Concatenate, Final, ParamSpec, TypeVar, cast

import attrs

from gremlinrules.core.checks import check_type
from gremlinrules.core.errors import (
    IllegalActionError,
    InvalidArgumentError,
    SerializationError,
    SetupError,
    shown,
)

if TYPE_CHECKING:
    from gremlinrules.core.game import ModuleGame

__all__ = [
    "CHANCE", "CHANCE_MODES", "MAX_ENTERED", "Deal", "Need", "Outcome", "Tracked", "chance_model", "foreign",
    "own", "parse_outcome",
]

CHANCE: Final = -1
"""The seat of chance: ``current_player`` returns it at a chance decision (OpenSpiel's
``kChancePlayerId`` has the same value)."""

CHANCE_MODES: Final = ("seeded", "external")
"""The values of ``new_game``'s ``chance`` argument; ``"seeded"`` is the default."""

_PREFIX = "chance:"
_P = ParamSpec("_P")
_R = TypeVar("_R")


@attrs.frozen(slots=True)
class Outcome:
    """What the chance seat decides: the next item revealed from a pool.

    ``str(Outcome("materials", "rust")) == "chance:materials:rust"``; JSON
    ``{"type": "Outcome", "pool": "materials", "item": "rust"}``.
    """

    pool: str
    """The random pool it comes from, one of the game's ``POOLS``."""
    item: str
    """The design revealed, by the name the game's JSON uses."""

    def __str__(self) -> str:
        return f"{_PREFIX}{self.pool}:{self.item}"


@attrs.frozen(slots=True)
class Need:
    """A pending chance decision: which pool, and what may come out of it."""

    pool: str
    """The pool the next outcome comes from."""
    weights: tuple[tuple[str, int], ...]
    """``(item, weight)`` for every design that can come next, sorted by item; the probability
    of an item is its weight over the sum of the weights. For a pile of cards the weight is the
    number of unseen copies; a game whose hidden items are not equally likely everywhere says
    how it weighs them in its ``*-CHANCE-*`` clauses (Gremlins: The Game's Stripe)."""
    seen_by: tuple[int, ...] | None = None
    """The seats that see this outcome at a real table (None: everyone)."""


@attrs.frozen(slots=True)
class Deal:
    """The opening deal of an external-chance game, pending until its outcomes are in."""

    players: int
    options: Any


@attrs.frozen(slots=True)
class Tracked:
    """A game in external-chance mode: the table as far as it has been seen."""

    state: Any
    """The game's state in canonical form; None while the opening deal is being entered."""
    pending: Any = None
    """The :class:`Deal`, or the player's action waiting for its outcomes; None when a player
    decides."""
    entered: tuple[Outcome, ...] = ()
    """The outcomes entered so far for ``pending``."""
    need: Need | None = None
    """The pending chance decision; None exactly when ``pending`` is None."""
    game: str = attrs.field(default="", eq=False, repr=False)
    """The id of the game that made it (not part of its value or its JSON)."""
    reference: bool = attrs.field(default=False, eq=False, repr=False)
    """Made by the game's reference rules (``get_game(id, reference=True)``)."""


def parse_outcome(text: str) -> Outcome | None:
    """The outcome written ``chance:<pool>:<item>``, or None when ``text`` is not one."""
    if not text.startswith(_PREFIX):
        return None
    pool, sep, item = text[len(_PREFIX):].partition(":")
    if not sep or not pool or not item:
        raise SerializationError(f"a chance outcome is written chance:<pool>:<item>, not {shown(text)}")
    return Outcome(pool, item)


def chance_model(game: ModuleGame) -> ModuleType:
    """The game's chance model module (``gremlinrules.<game>.chance``)."""
    try:
        return importlib.import_module(f"{game.module.__name__}.chance")
    except ModuleNotFoundError as exc:
        raise InvalidArgumentError(f"{game.id} has no external-chance mode yet") from exc


# -- the Game functions on a Tracked state ------------------------------------------------------

def new_tracked(game: ModuleGame, players: int, options: Any, setup: Any) -> Tracked:
    """``new_game(players, chance="external")``: the opening deal, waiting for its outcomes."""
    if setup is not None:
        raise SetupError("a setup fixes the deal, and external chance enters it: pass one or the other")
    model = chance_model(game)
    game.module.new_game(players, 0, options=options)  # the same checks of players and options
    options = game.Options() if options is None else options
    deal = Deal(players, options)
    return _settle(game, model, None, deal, (), model.deal(players, options, ()))


def _settle(game: ModuleGame, model: ModuleType, state: Any, pending: Any, entered: tuple[Outcome, ...],
            result: Any) -> Tracked:
    if type(result) is Need:
        if not result.weights:
            raise AssertionError(f"{game.id}: the chance model asked for an outcome of an empty pool")
        return Tracked(state, pending, entered, result, game=game.id, reference=game.reference)
    return Tracked(result, game=game.id, reference=game.reference)


def foreign(fn: Callable[Concatenate[Any, _P], _R], state: object, *args: _P.args, **kwargs: _P.kwargs) -> _R:
    """What a game's own function ``fn`` answers when given something other than its State:
    for a tracked state, the external-chance answer; for anything else, InvalidArgumentError
    ("expected a <game> State").

    The games' hot functions (``current_player``, ``legal_actions``, ``apply``, ``is_legal``,
    ``is_terminal``) call it on the branch where they refuse a foreign state, so the seeded
    mode pays nothing for the external one.
    """
    game_module = sys.modules[fn.__module__.rpartition(".")[0]]
    if type(state) is Tracked:
        from gremlinrules.core.registry import get_game

        game = cast("ModuleGame", get_game(game_module.GAME_ID, reference=state.reference))
        answer: _R = _HOT[fn.__name__](game, own(game, state), *args, **kwargs)
        return answer
    check_type(state, game_module.State, f"{game_module.TITLE} State")
    raise InvalidArgumentError(f"expected a {game_module.TITLE} State")  # pragma: no cover (raised above)


MAX_ENTERED: Final = 10_000
"""More outcomes than one move (or an opening deal) of any game can ask for: a tracked state or
its JSON with more is refused before anything else is done with it."""


def own(game: ModuleGame, t: Tracked) -> Tracked:
    """``t``, once it is shown to be a tracked state of ``game`` whose parts have the right
    types (a hand-built or foreign one gets InvalidArgumentError, never a crash deeper down).
    Whether its parts agree with each other is ``check_state``'s work."""
    def bad(why: str) -> InvalidArgumentError:
        return InvalidArgumentError(f"not a tracked {game.title} state: {why}")

    if t.game not in ("", game.id):
        raise bad(f"it was made by {shown(t.game)}")
    if t.state is not None and type(t.state) is not game.State:
        raise bad(f"its state is a {type(t.state).__name__}")
    pending, need = t.pending, t.need
    if type(pending) is Deal:
        if t.state is not None or type(pending.options) is not game.Options \
                or type(pending.players) is not int or pending.players not in game.player_counts:
            raise bad("its opening deal has no state yet, this game's options and a player count it takes")
    elif pending is not None and type(pending) not in game.action_types:
        raise bad(f"its pending move is a {type(pending).__name__}")
    elif t.state is None:
        raise bad("it has no state and no opening deal")
    if (need is None) is not (pending is None):
        raise bad("a chance decision is pending exactly when a move or the deal waits for it")
    if type(t.entered) is not tuple or len(t.entered) > MAX_ENTERED or any(
            type(o) is not Outcome or type(o.pool) is not str or type(o.item) is not str for o in t.entered):
        raise bad("its entered outcomes are a tuple of Outcome")
    if need is not None and not (
            type(need) is Need and type(need.pool) is str and type(need.weights) is tuple and need.weights
            and all(type(w) is tuple and len(w) == 2 and type(w[0]) is str and type(w[1]) is int and w[1] > 0
                    for w in need.weights)
            and (need.seen_by is None or (type(need.seen_by) is tuple
                                          and all(type(p) is int for p in need.seen_by)))):
        raise bad("its chance decision is a Need with positive integer weights")
    return t


def current_player(game: ModuleGame, t: Tracked) -> int | None:
    if t.need is not None:
        return CHANCE
    return game.module.current_player(t.state)  # type: ignore[no-any-return]


def legal_actions(game: ModuleGame, t: Tracked) -> tuple[Any, ...]:
    if t.need is not None:
        return tuple(Outcome(t.need.pool, item) for item, _ in t.need.weights)
    return game.inner("legal_actions")(t.state)  # type: ignore[no-any-return]


def chance_outcomes(t: Tracked) -> tuple[tuple[Outcome, Fraction], ...]:
    """Each outcome of the pending chance decision with its exact probability."""
    if t.need is None:
        return ()
    total = sum(w for _, w in t.need.weights)
    return tuple((Outcome(t.need.pool, item), Fraction(w, total)) for item, w in t.need.weights)


def is_legal(game: ModuleGame, t: Tracked, action: Any) -> bool:
    if t.need is not None:
        return (type(action) is Outcome and action.pool == t.need.pool
                and any(item == action.item for item, _ in t.need.weights))
    return type(action) is not Outcome and bool(game.inner("is_legal")(t.state, action))


def apply(game: ModuleGame, t: Tracked, action: Any) -> Tracked:
    model = chance_model(game)
    if t.need is not None:
        if not is_legal(game, t, action):
            offered = ", ".join(item for item, _ in t.need.weights)
            raise IllegalActionError(
                f"a chance decision from the {t.need.pool} pool is pending: enter one of {offered}, "
                f"not {shown(action)}")
        entered = (*t.entered, action)
        if type(t.pending) is Deal:
            result = model.deal(t.pending.players, t.pending.options, entered)
        else:
            result = model.step(t.state, t.pending, entered)
        return _settle(game, model, t.state, t.pending, entered, result)
    if type(action) is Outcome:
        raise IllegalActionError(f"no chance decision is pending: a player decides, not chance "
                                 f"({shown(action)})")
    if not game.inner("is_legal")(t.state, action):
        game.inner("apply")(t.state, action)  # raises the rules' own IllegalActionError
        raise IllegalActionError(f"illegal action {shown(action)}")  # pragma: no cover (a safety net)
    return _settle(game, model, t.state, action, (), model.step(t.state, action, ()))


def apply_with_events(game: ModuleGame, t: Tracked, action: Any) -> tuple[Tracked, tuple[Any, ...]]:
    """The next state and, when a player's move takes effect, its events (the model's
    ``events``, or the seeded rules' events from its ``arranged`` state); entering an outcome
    that does not complete a move has no event."""
    after = apply(game, t, action)
    if after.need is not None or type(t.pending) is Deal or t.state is None:
        return after, ()
    model = chance_model(game)
    move = t.pending if t.need is not None else action
    entered = (*t.entered, action) if t.need is not None else ()
    events = getattr(model, "events", None)
    if events is not None:
        return after, tuple(events(t.state, move, entered))
    arranged = getattr(model, "arranged", None)
    if arranged is None:
        return after, ()
    _, seen = game.module.apply_with_events(arranged(t.state, move, entered), move)
    return after, seen


def observe(game: ModuleGame, t: Tracked, player: int | None) -> Any:
    if t.state is None:
        raise InvalidArgumentError("nothing to see yet: the opening deal is still being entered "
                                   "(current_player is CHANCE)")
    return game.module.observe(t.state, player)


def players(game: ModuleGame, t: Tracked) -> int:
    if t.state is None:
        return t.pending.players  # type: ignore[no-any-return]
    return game.module.players(t.state)  # type: ignore[no-any-return]


def describe(game: ModuleGame, t: Tracked, action: Any) -> str:
    if type(action) is Outcome:
        if t.need is None or not is_legal(game, t, action):
            return f"{action} (not a pending chance outcome)"
        who = ("everyone sees it" if t.need.seen_by is None
               else "nobody sees it" if not t.need.seen_by
               else "seen by seat " + ", ".join(map(str, t.need.seen_by)))
        return f"chance: {action.item} from the {action.pool} pool ({who})"
    if t.state is None:
        return f"{action} (the opening deal is still being entered)"
    return game.module.describe(t.state, action)  # type: ignore[no-any-return]


def check_state(game: ModuleGame, t: Tracked) -> None:
    """A Tracked state is consistent when its game state is, it is canonical, and its pending
    decision is the one its model asks for."""
    model = chance_model(game)
    if t.state is not None:
        game.module.check_state(t.state)
        if model.canonical(t.state) != t.state:
            raise InvalidArgumentError(f"{game.id}: a tracked state must hold its unseen items in "
                                       "canonical order")
    if t.pending is None:
        if t.need is not None or t.entered or t.state is None:
            raise InvalidArgumentError("a tracked state with nothing pending has no need or entered outcomes")
        return
    if type(t.pending) is Deal:
        if t.state is not None:
            raise InvalidArgumentError("a tracked state in its opening deal has no game state yet")
        expected = model.deal(t.pending.players, t.pending.options, t.entered)
    else:
        if t.state is None or not game.inner("is_legal")(t.state, t.pending):
            raise InvalidArgumentError(f"the pending move {shown(t.pending)} is not legal in the state")
        expected = model.step(t.state, t.pending, t.entered)
    if expected != t.need:
        raise InvalidArgumentError(f"{game.id}: the tracked state's pending chance decision is not the "
                                   "one its entered outcomes lead to")


def sample_hidden(game: ModuleGame, t: Tracked, player: int, seed: int) -> Any:
    """A seeded state ``player`` cannot tell from the tracked one (for search)."""
    if t.need is not None:
        raise InvalidArgumentError("a chance decision is pending: sample it from chance_outcomes first")
    return game.module.sample_hidden(t.state, player, seed)


def end_reason(game: ModuleGame, t: Tracked) -> str | None:
    if t.need is not None:
        return None
    reason: str | None = game.module.end_reason(t.state)
    return reason


def scores(game: ModuleGame, t: Tracked) -> tuple[int, ...]:
    if t.state is None:
        return (0,) * int(t.pending.players)
    points: tuple[int, ...] = game.module.scores(t.state)
    return points


def winners(game: ModuleGame, t: Tracked) -> tuple[int, ...]:
    if t.need is not None:
        return ()
    seats: tuple[int, ...] = game.module.winners(t.state)
    return seats


def is_terminal(game: ModuleGame, t: Tracked) -> bool:
    return t.need is None and bool(game.module.is_terminal(t.state))


_HOT: dict[str, Callable[..., Any]] = {
    "current_player": current_player, "legal_actions": legal_actions, "apply": apply, "is_legal": is_legal,
    "is_terminal": is_terminal}
"""The functions a game's hot path answers through :func:`foreign` (no wrapper)."""
