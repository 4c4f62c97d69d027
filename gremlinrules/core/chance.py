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
``designs(players, options) -> dict[str, frozenset[str]]``
    Every item each pool can ever give at such a table (a refusal says whether an item is
    not a design of the pool at all or only cannot come now).

A deal takes its cards in any order (issue 28): an outcome may name the seat whose pile it goes
to (:attr:`Outcome.seat`); the models' deals are walked by ``chance_tools.Dealing``.
Optionally ``UNSEEN_POOLS``: the pools whose every outcome only one seat sees and where an
outcome entered as :data:`UNSEEN` (a card the tracker cannot see) is sound for the game's rules
(see :mod:`.chance_memory`), and ``UNSEEN_NOTE``, why the others are not.

Optionally ``events(state, action, entered)``: the events of a tracked move
once its outcomes are in, or ``arranged(state, action, entered) -> State``: a
seeded state in which the plain rules reveal exactly ``entered`` for
``action``; ``apply_with_events`` reports a tracked move's events from
the first of them the model has.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from fractions import Fraction
from types import ModuleType
from typing import TYPE_CHECKING
from typing import Any
from typing import Concatenate
from typing import Final
from typing import ParamSpec
from typing import TypeVar

import attrs

from gremlinrules.core import registry as _store
from gremlinrules.core.checks import check_type
from gremlinrules.core.errors import IllegalActionError
from gremlinrules.core.errors import InvalidArgumentError
from gremlinrules.core.errors import SerializationError
from gremlinrules.core.errors import SetupError
from gremlinrules.core.errors import shown

if TYPE_CHECKING:
    from gremlinrules.core.game import ModuleGame

__all__ = [
    "CHANCE", "CHANCE_MODES", "MAX_ENTERED", "UNSEEN", "Deal", "Memory", "Need", "Outcome", "Tracked",
    "chance_model", "foreign", "own", "parse_outcome",
]

CHANCE: Final = -1
"""The seat of chance: ``current_player`` returns it at a chance decision (OpenSpiel's
``kChancePlayerId`` has the same value)."""

CHANCE_MODES: Final = ("seeded", "external")
"""The values of ``new_game``'s ``chance`` argument; ``"seeded"`` is the default."""

UNSEEN: Final = "?"
"""The item of an outcome the tracker did not see (``chance:materials:?``): a card dealt or drawn
to another seat. The game holds a placeholder for it until the card shows
(:meth:`~gremlinrules.Game.reveal`), where the game's rules make that sound (the model's
``UNSEEN_POOLS``); see :mod:`gremlinrules.core.chance_memory`."""

_PREFIX = "chance:"
_SEAT_DIGITS = 6
"""The most digits a seat may have in the notation (a seat is small; a huge number is refused
before it is converted)."""
_P = ParamSpec("_P")
_R = TypeVar("_R")


@attrs.frozen(slots=True)
class Outcome:
    """What the chance seat decides: the next item revealed from a pool.

    ``str(Outcome("materials", "rust")) == "chance:materials:rust"``; JSON
    ``{"type": "Outcome", "pool": "materials", "item": "rust"}``. A card of a deal dealt to
    another seat than the one offered names its seat: ``Outcome("materials", "rust", seat=2)``,
    written ``chance:materials:rust@2``, JSON ``{..., "seat": 2}``.
    """

    pool: str
    """The random pool it comes from, one of the game's ``POOLS``."""
    item: str
    """The design revealed, by the name the game's JSON uses (or :data:`UNSEEN`)."""
    seat: int | None = None
    """The seat whose hand or pile the item goes to; None: the one the chance decision offers
    (:attr:`Need.seat`). A deal takes its cards for any seat whose pile has room, in any order."""

    def __str__(self) -> str:
        text = f"{_PREFIX}{self.pool}:{self.item}"
        if self.seat is not None:
            return f"{text}@{self.seat}"
        return f"{text}@" if "@" in self.item else text  # a bare "@" keeps such an item readable


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
    seat: int | None = None
    """The seat whose hand or pile the outcome goes to (a card dealt or drawn; in Gnaughty
    Gnomes a position, a dummy's included); None when it goes to no seat (a garden hex, a card
    turned up for everyone, a target)."""


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
    _memory: Memory | None = attrs.field(default=None, init=False, eq=False, repr=False)
    """The state this one was made from by ``apply`` and the entry applied (None: a new game, a
    decoded or hand-built state). Like python-chess's move stack it is no part of the value:
    not compared, hashed, converted to JSON, pickled or copied (see :mod:`.chance_memory`)."""

    def __reduce__(self) -> tuple[Any, ...]:
        return (Tracked, (self.state, self.pending, self.entered, self.need, self.game, self.reference))


@attrs.frozen(slots=True)
class Memory:
    """What ``apply`` made a tracked state from: the state before and the entry as given (an
    outcome as entered, :data:`UNSEEN` or a seat included, or a player's move); read by
    :mod:`gremlinrules.core.chance_memory`."""

    before: Tracked
    """The tracked state the entry was applied to."""
    entry: Any
    """The entry as given: an outcome (with its seat or :data:`UNSEEN` item), or a move."""


def parse_outcome(text: str) -> Outcome | None:
    """The outcome written ``chance:<pool>:<item>`` or ``chance:<pool>:<item>@<seat>``, or None
    when ``text`` is not one. (An item whose own name holds ``@`` is written with a seat or a
    bare ``@`` after it.)"""
    if not text.startswith(_PREFIX):
        return None
    pool, sep, item = text[len(_PREFIX):].partition(":")
    seat: int | None = None
    head, at, tail = item.rpartition("@")
    if at and (not tail or (tail.isdecimal() and tail.isascii())):
        if len(tail) > _SEAT_DIGITS or (tail.startswith("0") and tail != "0"):
            raise SerializationError(f"a seat is written as a small number, not {shown(tail)}")
        item, seat = head, int(tail) if tail else None
    if not sep or not pool or not item:
        raise SerializationError("a chance outcome is written chance:<pool>:<item> or "
                                 f"chance:<pool>:<item>@<seat>, not {shown(text)}")
    return Outcome(pool, item, seat)


def chance_model(game: ModuleGame) -> ModuleType:
    """The game's chance model module (``gremlinrules.<game>.chance``), as registered with the
    core (:func:`gremlinrules.core.registry.register_chance`; the registry of games registers
    each game's)."""
    try:
        model = _store.registered_chance(game.id)
    except ModuleNotFoundError as exc:
        raise InvalidArgumentError(f"{game.id} has no external-chance mode yet") from exc
    if model is None:
        raise InvalidArgumentError(f"{game.id} has no external-chance mode yet")
    return model


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
        game = _store.entry(game_module, reference=state.reference)
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
            type(o) is not Outcome or type(o.pool) is not str or type(o.item) is not str
            or not _seat_ok(o.seat) for o in t.entered):
        raise bad("its entered outcomes are a tuple of Outcome")
    if need is not None and not (
            type(need) is Need and type(need.pool) is str and type(need.weights) is tuple and need.weights
            and all(type(w) is tuple and len(w) == 2 and type(w[0]) is str and type(w[1]) is int and w[1] > 0
                    for w in need.weights)
            and (need.seen_by is None or (type(need.seen_by) is tuple
                                          and all(type(p) is int for p in need.seen_by)))
            and _seat_ok(need.seat)):
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


def _seat_ok(seat: Any) -> bool:
    return seat is None or (type(seat) is int and 0 <= seat < 10**_SEAT_DIGITS)


def _offered(need: Need, outcome: Any) -> bool:
    """``outcome`` is one of the outcomes ``need`` offers (for the seat it offers)."""
    return (type(outcome) is Outcome and outcome.pool == need.pool and outcome.item != UNSEEN
            and (outcome.seat is None or outcome.seat == need.seat)
            and any(item == outcome.item for item, _ in need.weights))


def is_legal(game: ModuleGame, t: Tracked, action: Any) -> bool:
    if t.need is not None:
        if _offered(t.need, action):
            return True
        if type(action) is not Outcome or (action.seat is None and action.item != UNSEEN):
            return False
        try:  # another seat's pile of the deal, or a card the tracker cannot see: the model says
            _entered(game, t, action)
        except IllegalActionError:
            return False
        return True
    return type(action) is not Outcome and bool(game.inner("is_legal")(t.state, action))


def _walk(game: ModuleGame, t: Tracked, entered: tuple[Outcome, ...]) -> Any:
    """What the model makes of ``t``'s pending deal or move with ``entered``: the next Need or
    the state after it."""
    model = chance_model(game)
    if type(t.pending) is Deal:
        return model.deal(t.pending.players, t.pending.options, entered)
    return model.step(t.state, t.pending, entered)


def _refusal(game: ModuleGame, t: Tracked, action: Any) -> IllegalActionError:
    """Why ``action`` is not one of the outcomes ``t``'s chance decision offers. It names the pool
    and the item entered, never what the pool may still give (the offer tells what the other
    hands hold, and a server passes refusals on to the seats)."""
    need = t.need
    assert need is not None
    if type(action) is not Outcome:
        return IllegalActionError(f"a chance decision from the {need.pool} pool is pending: enter what came "
                                  f"from it, not {shown(action)}")
    if not (type(action.pool) is str and type(action.item) is str and _seat_ok(action.seat)):
        return IllegalActionError(f"not a chance outcome: {shown(action)}")
    if action.pool != need.pool:
        return IllegalActionError(f"{shown(str(action))} names the {shown(action.pool)} pool, but the chance "
                                  f"decision pending is from the {need.pool} pool")
    if action.item not in _designs(game, t).get(need.pool, ()):
        return IllegalActionError(f"{shown(action.item)} is not an item of the {need.pool} pool")
    return IllegalActionError(f"{shown(action.item)} cannot come from the {need.pool} pool now")


def _designs(game: ModuleGame, t: Tracked) -> dict[str, frozenset[str]]:
    """Every item of every pool of ``t``'s table (the model's ``designs``)."""
    options = t.pending.options if type(t.pending) is Deal else t.state.options
    found: dict[str, frozenset[str]] = chance_model(game).designs(players(game, t), options)
    return found


def _entered(game: ModuleGame, t: Tracked, action: Any) -> tuple[Outcome, Any]:
    """At ``t``'s chance decision: the outcome ``action`` enters (as ``entered`` keeps it: the
    seat offered written None, a card the tracker cannot see replaced by its placeholder) and
    what the model makes of it; IllegalActionError when it cannot be entered."""
    need = t.need
    assert need is not None
    if type(action) is not Outcome or not (type(action.pool) is str and type(action.item) is str
                                           and _seat_ok(action.seat)):
        raise _refusal(game, t, action)
    seat = None if action.seat == need.seat else action.seat
    if action.item == UNSEEN:
        return _placeholder(game, t, action.pool, seat)
    outcome = Outcome(action.pool, action.item, seat)
    if seat is None:
        if not _offered(need, outcome):
            raise _refusal(game, t, action)
        return outcome, _walk(game, t, (*t.entered, outcome))
    try:  # another seat's pile of a deal: the model's walk checks it has room and can take the item
        return outcome, _walk(game, t, (*t.entered, outcome))
    except InvalidArgumentError as exc:
        raise IllegalActionError(f"{shown(str(action))} cannot be entered now: {exc}") from None


def _placeholder(game: ModuleGame, t: Tracked, pool: str, seat: int | None) -> tuple[Outcome, Any]:
    """An outcome entered as :data:`UNSEEN`: the item the game holds in its place, the likeliest
    one the seat's pile can take (the most copies unseen, so that it least often stands in the
    way of a card entered later), first by name among equals."""
    need = t.need
    assert need is not None
    model = chance_model(game)
    if pool not in getattr(model, "UNSEEN_POOLS", ()):
        note = getattr(model, "UNSEEN_NOTE", "")
        raise IllegalActionError(f"{game.title} takes no unseen outcome from the {pool} pool"
                                 + (f": {note}" if note else ""))
    if seat is None and (pool != need.pool or need.seen_by is None):
        raise IllegalActionError(f"the chance decision pending is from the {need.pool} pool, seen by "
                                 f"{'everyone' if need.seen_by is None else 'one seat'}: enter what came")
    ranked = [item for item, _ in sorted(need.weights, key=lambda w: -w[1])] if pool == need.pool \
        else sorted(_designs(game, t).get(pool, ()))
    for item in ranked:
        outcome = Outcome(pool, item, seat)
        try:
            return outcome, _walk(game, t, (*t.entered, outcome))
        except InvalidArgumentError:
            continue
    raise IllegalActionError(f"no card of the {pool} pool can go to seat {seat} now")


def _apply(game: ModuleGame, t: Tracked, action: Any) -> tuple[Tracked, Outcome | None]:
    """:func:`apply`, and the outcome entered as ``entered`` keeps it (None for a player's move)."""
    model = chance_model(game)
    if t.need is not None:
        outcome, result = _entered(game, t, action)
        after = _settle(game, model, t.state, t.pending, (*t.entered, outcome), result)
    else:
        if type(action) is Outcome:
            raise IllegalActionError(f"no chance decision is pending: a player decides, not chance "
                                     f"({shown(str(action))})")
        if not game.inner("is_legal")(t.state, action):
            game.inner("apply")(t.state, action)  # raises the rules' own IllegalActionError
            raise IllegalActionError(f"illegal action {shown(action)}")  # pragma: no cover (a safety net)
        outcome = None
        after = _settle(game, model, t.state, action, (), model.step(t.state, action, ()))
    object.__setattr__(after, "_memory", Memory(t, action))
    return after, outcome


def apply(game: ModuleGame, t: Tracked, action: Any) -> Tracked:
    return _apply(game, t, action)[0]


def apply_with_events(game: ModuleGame, t: Tracked, action: Any) -> tuple[Tracked, tuple[Any, ...]]:
    """The next state and, when a player's move takes effect, its events (the model's
    ``events``, or the seeded rules' events from its ``arranged`` state); entering an outcome
    that does not complete a move has no event."""
    after, outcome = _apply(game, t, action)
    if after.need is not None or type(t.pending) is Deal or t.state is None:
        return after, ()
    model = chance_model(game)
    move = t.pending if t.need is not None else action
    entered = (*t.entered, outcome) if outcome is not None else ()
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
            return f"{shown(str(action))} (not a pending chance outcome)"
        if not _offered(t.need, action):  # another seat's pile of the deal, or a card unseen
            what = "a card you cannot see" if action.item == UNSEEN else action.item
            seat = t.need.seat if action.seat is None else action.seat
            return f"chance: {what} from the {action.pool} pool, for seat {seat}"
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
