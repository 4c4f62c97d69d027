"""Every registered game as a Python OpenSpiel game (needs the ``openspiel`` extra).

Importing this module registers each game as ``gremlinrules_<id>`` (dashes
become underscores), so ``pyspiel.load_game("gremlinrules_gnaughty_gnomes",
{"players": 4, "seed": 7})`` works; :func:`load_game` does the same from a
game id. Parameters:

``players``
    the number of seats (default: the game's first supported count);
``seed``
    a fixed deal (default -1: none), -1 to 2**31-1 (OpenSpiel's parameters are
    C++ ints; a SetupError otherwise). With ``seed >= 0`` every episode is
    ``new_game(players, seed)`` and there is no chance node, as before;
``deals``
    how many deals the opening chance node chooses from (default
    :data:`DEFAULT_DEALS`, 2**16; at most :data:`MAX_DEALS`, 2**20). OpenSpiel
    lists every chance outcome: ``rl_environment``'s ``reset()`` takes about
    0.03 s at 2**16 deals but 1 s at 2**20, so the default stays at 65,536;
``chance``
    ``"seed"`` (the default: one opening chance node over ``deals`` seeds) or
    ``"external"``: the game's external-chance mode (:mod:`gremlinrules.core.chance`),
    where every random outcome (each card of the deal, each draw, each reveal) is its
    own chance node whose outcomes are the designs still unseen, with their exact
    probabilities (chance action ``k`` is the ``k``-th outcome offered, in the order of
    ``game.chance_outcomes``; its string is the outcome's notation,
    ``chance:<pool>:<item>``). ``max_chance_outcomes`` is the model's
    ``outcome_bound``. ``seed`` must be left unset with it;
``options``
    the game's ``Options`` as JSON text (default ``""``: the defaults), in
    which ``%``, ``,``, ``=``, ``(`` and ``)`` are percent-escaped
    (``%25``, ``%2C``, ``%3D``, ``%28``, ``%29``): OpenSpiel's game string
    splits parameters at those characters, so the raw JSON of most options
    would not survive the game's serialization. :func:`load_game` escapes
    them for you (see :func:`options_parameter`).

Chance: by default every episode deals afresh. The initial state is a chance
node (``current_player()`` is ``PlayerId.CHANCE``) with ``deals`` equally
likely outcomes; outcome ``k`` deals ``new_game(players, k)``. The library's
own seeded generator in the state then drives the rest of the game, so that
root node is the only chance node and every later action has one outcome.
The game type says ``ChanceMode.EXPLICIT_STOCHASTIC`` (and imperfect
information: the deal is hidden from the seats, though not from the chance
node's outcome in the history). ``SAMPLED_STOCHASTIC`` would be the other
reading, but OpenSpiel then serializes the game's generator through
``Game.GetRNGState``, which a Python game cannot implement, so
``random_sim_test(..., serialize=True)`` could never pass. Search algorithms
(MCTS) are run from a decision node, after the deal; with ``chance="external"``
they meet every draw as a chance node and sample it (OpenSpiel's MCTS does), which
suits algorithms that reason about chance (expectimax, chance-sampling CFR, MCTS
that must not see the deck order) and a table tracked card by card; the
seed node stays the cheaper choice for plain playouts and RL, where a hidden
deck order chosen once is all an episode needs; ``rl_environment``
samples the deal in ``reset()``. Actions are the indices of the
fixed action space (:mod:`gremlinrules.core.actionspace`); observation and
information-state tensors are the view encoding
(:mod:`gremlinrules.adapters.encoding`); action strings are the game's text
notation (``str(action)``, read back by ``game.parse_action``); observation
strings are the view as JSON, and information-state strings add the seat's
own past actions. Returns follow :mod:`gremlinrules.adapters.outcome` (+1 winners, -1 others, 0 on a
full tie), at the end only. ``max_game_length`` is the game's
``decision_bound`` (decisions of the seats; the opening chance node is not
counted). Serialization goes through the game's JSON form.

The engine: where :mod:`gremlinrules.engine` plays the table (see
:mod:`gremlinrules.adapters.stepping`; not with ``chance="external"``, nor with
``GREMLINRULES_ENGINE=off``, read when a game is loaded), a dealt state holds a
native game and steps it in place (``clone`` copies it); ``gremlin_state``, the
strings and the tensors are made from its ``to_state`` when asked for. What a
state shows is the same either way.
"""

from __future__ import annotations

from typing import TYPE_CHECKING
from typing import Any
from typing import cast
from urllib.parse import unquote

import gremlinrules
from gremlinrules.adapters.encoding import ViewEncoder
from gremlinrules.adapters.encoding import view_encoder
from gremlinrules.adapters.outcome import MAX_RETURN
from gremlinrules.adapters.outcome import MIN_RETURN
from gremlinrules.adapters.outcome import returns
from gremlinrules.adapters.stepping import NativeTable
from gremlinrules.adapters.stepping import engine_on
from gremlinrules.adapters.stepping import native_returns
from gremlinrules.adapters.stepping import native_table
from gremlinrules.core.actionspace import ActionSpace
from gremlinrules.core.actionspace import action_space
from gremlinrules.core.cache import BoundedCache
from gremlinrules.core.chance import Tracked
from gremlinrules.core.chance import chance_model
from gremlinrules.core.checks import check_seed
from gremlinrules.core.checks import instance_or_default
from gremlinrules.core.errors import IllegalActionError
from gremlinrules.core.errors import MissingExtraError
from gremlinrules.core.errors import SetupError
from gremlinrules.core.errors import UnsupportedError
from gremlinrules.core.errors import shown
from gremlinrules.core.game import ModuleGame
from gremlinrules.core.protocol import Game

if TYPE_CHECKING:
    from gremlinrules.core.native.game import NativeGame

try:
    import numpy as np
    import pyspiel
except ModuleNotFoundError as exc:
    raise MissingExtraError("openspiel", "the OpenSpiel adapter (gremlinrules.adapters.openspiel)",
                            exc.name) from exc

__all__ = ["DEFAULT_DEALS", "MAX_DEALS", "GremlinGame", "GremlinState", "load_game", "options_parameter",
           "register", "short_name"]

DEFAULT_DEALS = 2**16
"""How many deals the opening chance node chooses from, unless the ``deals`` parameter says
(65,536: enough that episodes rarely repeat a deal, few enough that OpenSpiel lists them fast)."""

MAX_DEALS = 2**20
"""The most deals the ``deals`` parameter may ask for (each is a chance outcome OpenSpiel lists)."""

_TYPES: dict[str, pyspiel.GameType] = {}

_LEARNED = 1 << 16
"""How many action instances outside the space a loaded game remembers by id before it starts afresh."""

_CHANCE = int(pyspiel.PlayerId.CHANCE)
_TERMINAL = int(pyspiel.PlayerId.TERMINAL)


def short_name(game_id: str) -> str:
    """The OpenSpiel name of a game: ``gremlinrules_`` and the id with underscores."""
    return "gremlinrules_" + game_id.replace("-", "_")


class _Table:
    """What every state of one loaded game shares: the library's functions, bound once, and the
    action space's indices (search calls them hundreds of thousands of times per move); and the
    engine's table when the engine plays this one (:mod:`gremlinrules.adapters.stepping`)."""

    __slots__ = ("actions", "apply", "by_value", "current", "deals", "external", "game", "known", "legal",
                 "native", "options", "options_json", "players", "space")

    def __init__(self, game: Game, players: int, options_json: str, deals: int,
                 external: bool = False, engine: bool = False) -> None:
        self.game = game
        self.players = players
        self.options_json = options_json
        """The options as JSON text ("" for the defaults): how a pickled state finds its table."""
        self.options: Any = game.from_json(options_json, game.Options) if options_json else None
        self.deals = deals
        self.external = external
        """True for the external-chance mode: the held states are tracked states."""
        space = action_space(game, players, self.options)
        self.space = space
        self.actions: tuple[Any, ...] = space.actions
        self.by_value: dict[Any, int] = space.index
        self.known: tuple[dict[int, int], list[Any]] = self._fresh()
        self.legal = game.legal_actions
        self.apply = game.apply
        self.current = game.current_player
        self.native: NativeTable | None = (
            native_table(game.id, players, self.options, space) if engine and not external else None)
        """The engine's table when states of this one step on the engine, else None."""

    def _fresh(self) -> tuple[dict[int, int], list[Any]]:
        # An action's index by the action's id: an int hashes in C, where an attrs action hashes
        # in Python. Every id in the dict belongs to an object kept alive (by the space, or by the
        # list beside it), so no other object can have it; both are replaced together.
        return {id(a): i for i, a in enumerate(self.actions)}, []

    def indices(self, state: Any) -> list[int]:
        """The legal action indices in ``state``, increasing."""
        legal = self.legal(state)
        by_id = self.known[0]
        out = [by_id.get(id(a), -1) for a in legal]
        return self._learn(legal) if -1 in out else out

    def _learn(self, legal: tuple[Any, ...]) -> list[int]:
        """The indices of actions not all seen before (a game may build its own instances, equal to
        the space's); the new ones are remembered, up to a bound (then it starts afresh)."""
        known = self.known
        if len(known[1]) > _LEARNED:
            known = self.known = self._fresh()
        by_id, kept = known
        by_value = self.by_value
        out = []
        for a in legal:
            i = by_id.get(id(a))
            if i is None:
                i = by_id[id(a)] = by_value[a]
                kept.append(a)
            out.append(i)
        return out

    def held(self, state: Any) -> _Held | _Native:
        """A dealt library state with its seat (TERMINAL when the game is over) worked out once: on
        the engine where it takes the state, else the state itself."""
        if self.native is not None:
            native = self.native.adopt(state)
            if native is not None:
                return _Native(self, native, state)
        return self.typed(state)

    def typed(self, state: Any) -> _Held:
        """The state held as it is (the typed API steps it)."""
        seat = self.current(state)
        return _Held(self, state, _TERMINAL if seat is None else seat)

    def deal(self, seed: int) -> _Held | _Native:
        """The game dealt from ``seed``: ``new_game(players, seed, options=options)``."""
        if self.native is not None:
            try:
                return _Native(self, self.native.new(seed))
            except UnsupportedError:  # the engine was switched off after this table was made
                pass
        return self.typed(self.game.new_game(self.players, seed, options=self.options))


_TABLES: BoundedCache[tuple[str, int, str, int, bool, bool], _Table] = BoundedCache("openspiel-tables", 64)


def _table(game_id: str, players: int, options_json: str, deals: int, external: bool = False) -> _Table:
    on = not external and engine_on(game_id)  # GREMLINRULES_ENGINE is read again at every load
    key = (game_id, players, options_json, deals, external, on)
    found = _TABLES.get(key)
    if found is None:
        game = gremlinrules.get_game(game_id)
        found = _TABLES.put(key, _Table(game, players, options_json, deals, external, on))
    return found


class _Held:
    """An immutable library state and its seat; shared by clones, pickled through JSON."""

    __slots__ = ("seat", "state", "table")

    def __init__(self, table: _Table, state: Any, seat: int) -> None:
        self.table = table
        self.state = state
        """The library state; None before the opening chance node has dealt."""
        self.seat = seat
        """The OpenSpiel player to move: a seat, CHANCE before the deal, TERMINAL at the end."""

    def fresh(self) -> _Held:
        """A holder for a new OpenSpiel state: this one (it is immutable)."""
        return self

    def __deepcopy__(self, memo: Any) -> _Held:
        return self  # immutable: a clone may share it

    def __reduce__(self) -> tuple[Any, ...]:
        t = self.table
        text = None if self.state is None else t.game.to_json(self.state)
        return (_restore, (t.game.id, t.players, t.options_json, t.deals, text, t.external))

    def legal(self, player: int | None) -> list[int]:
        """The legal action indices (see :meth:`GremlinState.legal_actions`)."""
        if player is not None and player != self.seat:
            return []
        if self.state is None:
            return list(range(self.table.deals))
        if self.seat == _CHANCE:  # external chance: the k-th outcome offered
            return list(range(len(self.state.need.weights)))
        if self.seat < 0:
            return []
        return self.table.indices(self.state)

    def step(self, action: int) -> _Held | _Native:
        """The holder after ``action`` (see :meth:`GremlinState._apply_action`)."""
        table = self.table
        if self.state is None:
            if not 0 <= int(action) < table.deals:
                raise IllegalActionError(f"the deal must be a seed from 0 to {table.deals - 1}, "
                                         f"not {shown(action)}", clause="")
            return table.deal(int(action))
        if self.seat == _CHANCE:  # external chance: the k-th outcome offered
            offered = table.legal(self.state)
            if not 0 <= int(action) < len(offered):
                raise IllegalActionError(f"chance outcome {shown(action)} is not one of the {len(offered)} "
                                         "offered", clause="")
            return table.typed(table.apply(self.state, offered[int(action)]))
        actions = table.actions
        if not 0 <= action < len(actions):  # OpenSpiel passes an int; the space says what is wrong
            table.space.action_at(int(action))
        return table.typed(table.apply(self.state, actions[action]))

    def returns(self) -> list[float]:
        """The returns (see :meth:`GremlinState.returns`)."""
        if self.state is None:
            return [0.0] * self.table.players
        return list(returns(self.table.game, self.state))


class _Native:
    """A native game stepping in place, its seat, and its library state made when first asked for
    (kept until the next step); a clone copies the native game."""

    __slots__ = ("_state", "native", "seat", "table")

    def __init__(self, table: _Table, native: NativeGame, state: Any = None) -> None:
        self.table = table
        self.native = native
        self._state = state
        seat = native.current_player()
        self.seat: int = _TERMINAL if seat is None else seat
        """The OpenSpiel player to move: a seat, or TERMINAL at the end."""

    @property
    def state(self) -> Any:
        """The library state (made by the engine's ``to_state`` once per step, when asked for)."""
        state = self._state
        if state is None:
            state = self._state = self.native.to_state()
        return state

    def fresh(self) -> _Native:
        """An independent copy (the native game cloned; the library state, immutable, shared)."""
        return _Native(self.table, self.native.clone(), self._state)

    def __deepcopy__(self, memo: Any) -> _Native:
        return self.fresh()

    def __reduce__(self) -> tuple[Any, ...]:
        t = self.table
        return (_restore, (t.game.id, t.players, t.options_json, t.deals, t.game.to_json(self.state),
                           t.external))

    def legal(self, player: int | None) -> list[int]:
        """The legal action indices (see :meth:`GremlinState.legal_actions`)."""
        if player is not None and player != self.seat:
            return []
        legal = self.native.legal_actions()
        back = self.table.native.to_adapter  # type: ignore[union-attr]  # set on an engine table
        return legal if back is None else sorted(back[k] for k in legal)

    def step(self, action: int) -> _Native:
        """This holder after ``action``, played on the native game (which an illegal action leaves
        unchanged, raising the rule book's IllegalActionError)."""
        table = self.table
        if not 0 <= action < len(table.actions):  # as the typed path: the space says what is wrong
            table.space.action_at(int(action))
        there = table.native.to_native  # type: ignore[union-attr]  # set on an engine table
        native = self.native
        native.apply(action if there is None else there[action])
        self._state = None
        seat = native.current_player()
        self.seat = _TERMINAL if seat is None else seat
        return self

    def returns(self) -> list[float]:
        """The returns (see :meth:`GremlinState.returns`)."""
        return list(native_returns(self.native))


def _restore(game_id: str, players: int, options_json: str, deals: int, text: str | None,
             external: bool = False) -> _Held | _Native:
    table = _table(game_id, players, options_json, deals, external)
    if text is None:
        return _Held(table, None, _CHANCE)
    return table.held(table.game.from_json(text, Tracked if external else table.game.State))


def _int_parameter(params: dict[str, Any], name: str, default: int, low: int, high: int) -> int:
    value = params.get(name, default)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise SetupError(f"OpenSpiel parameter {name!r} must be an int from {low} to {high}, "
                         f"not {shown(value)}")
    return value


class GremlinGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel is untyped
    """One gremlinrules game with fixed players and options (and a fixed deal if ``seed`` is given)."""

    gremlin: Game
    """The library game (set on each registered subclass)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        game = self.gremlin
        self.players: int = _int_parameter(params, "players", game.player_counts[0],
                                           game.min_players, game.max_players)
        self.seed: int | None = _int_parameter(params, "seed", -1, -1, 2**31 - 1)
        """The fixed deal's seed, or None: every episode opens with a chance node that deals."""
        if self.seed == -1:
            self.seed = None
        self.deals: int = _int_parameter(params, "deals", DEFAULT_DEALS, 1, MAX_DEALS)
        """How many deals (seeds 0 .. deals-1) the opening chance node chooses from."""
        mode = params.get("chance", "seed")
        if mode not in ("seed", "external"):
            raise SetupError(f"OpenSpiel parameter 'chance' must be \"seed\" or \"external\", "
                             f"not {shown(mode)}")
        self.external: bool = mode == "external"
        """True for the external-chance mode: a chance node at every random outcome."""
        if self.external and self.seed is not None:
            raise SetupError("OpenSpiel parameter 'seed' fixes the deal, and chance=\"external\" draws it "
                             "card by card: pass one or the other")
        text = params.get("options", "")
        if not isinstance(text, str):
            raise SetupError(f"OpenSpiel parameter 'options' must be JSON text, not {shown(text)}")
        options_json = unquote(text)
        self.options: Any = game.from_json(options_json, game.Options) if text else None
        # Validates players and options before OpenSpiel sees them; OpenSpiel builds a new
        # initial state for every clone, so the first state is made once (and shared when it is
        # immutable; a native one is cloned for each new initial state).
        first = game.new_game(self.players, 0 if self.seed is None else self.seed, options=self.options)
        self.table: _Table = _table(game.id, self.players, options_json if text else "", self.deals,
                                    self.external)
        self._initial: _Held | _Native = (
            self.table.held(game.new_game(self.players, options=self.options, chance="external"))
            if self.external else _Held(self.table, None, _CHANCE) if self.seed is None
            else self.table.held(first))
        self.space: ActionSpace = action_space(game, self.players, self.options)
        self.encoder: ViewEncoder = view_encoder(game, self.players, self.options)
        self.encoded: dict[int, tuple[Any, Any]] = {}
        self.chance_outcomes: list[tuple[int, float]] = (
            [] if self.seed is not None or self.external
            else [(k, 1.0 / self.deals) for k in range(self.deals)])
        """The opening chance node's outcomes (made once; empty with a fixed deal or external chance)."""
        most = len(self.chance_outcomes)
        if self.external:  # the most outcomes one chance node can offer
            bound = getattr(chance_model(cast(ModuleGame, game)), "outcome_bound", None)
            if bound is None:
                raise SetupError(f"{game.id}'s chance model gives no outcome_bound, which chance nodes need")
            most = bound(self.players, self.options or game.Options())
        info = pyspiel.GameInfo(
            num_distinct_actions=self.space.size, max_chance_outcomes=most,
            num_players=self.players,
            min_utility=MIN_RETURN, max_utility=MAX_RETURN, utility_sum=None,
            max_game_length=game.decision_bound(self.players, self.options),
        )
        super().__init__(_TYPES[game.id], info, params)

    def new_initial_state(self) -> GremlinState:
        """The opening chance node that deals; with a fixed ``seed``, the game dealt from it."""
        return GremlinState(self, self._initial.fresh())

    def new_initial_state_for_seed(self, seed: int) -> GremlinState:
        """The start of a game dealt from ``seed`` (to vary deals between episodes): an integer
        from 0 to 2**64-1, as ``new_game`` takes (SetupError otherwise)."""
        return GremlinState(self, self.table.deal(check_seed(seed)))

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> _Observer:
        """The observer: the view encoding; perfect recall adds the seat's own actions to strings."""
        recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return _Observer(self, recall)


class GremlinState(pyspiel.State):  # type: ignore[misc]  # pyspiel is untyped
    """An OpenSpiel state holding an immutable library state.

    Its one attribute is the held state: an immutable library state shared by clones, or, where
    the engine plays the table, a native game that steps in place (a clone copies it) and makes the
    library state only when something asks for it. The seat to move is worked out once per action,
    and ``legal_actions()`` answers in Python without OpenSpiel's round trips (OpenSpiel's own C++
    callers reach the same list through ``_legal_actions``).
    """

    def __init__(self, game: GremlinGame, state: Any) -> None:
        """``state``: a dealt library state, or None for the opening chance node."""
        super().__init__(game)
        if type(state) is not _Held and type(state) is not _Native:  # the game's own constructors
            # pass the held state ready-made
            state = _Held(game.table, None, _CHANCE) if state is None else game.table.held(state)
        self._held: _Held | _Native = state

    @property
    def gremlin_state(self) -> Any:
        """The library state (immutable)."""
        return self._held.state

    def own_actions(self, player: int) -> tuple[int, ...]:
        """The indices of the actions seat ``player`` took so far, in order (from the history)."""
        return tuple(step.action for step in self.full_history() if step.player == player)

    def current_player(self) -> int:
        """The seat to decide, CHANCE before the deal, or TERMINAL."""
        return self._held.seat

    def legal_actions(self, player: int | None = None) -> list[int]:
        """The legal action indices (of ``player``, when given: empty unless it is to move);
        before the deal, the deals; at the end, none."""
        return self._held.legal(player)

    def _legal_actions(self, player: int) -> list[int]:
        """The legal action indices of ``player``: empty unless it is that seat's decision."""
        return self.legal_actions(player)

    def is_chance_node(self) -> bool:
        """True before the deal (the opening chance node), and at every chance decision of the
        external-chance mode."""
        return self._held.seat == _CHANCE

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Before the deal: each seed 0 .. deals-1 with probability 1/deals; with external
        chance, the pending decision's outcomes by position; elsewhere none."""
        held = self._held
        if held.seat != _CHANCE:  # asked first: a native game's state is not made for this
            return []
        if held.state is None:
            outcomes: list[tuple[int, float]] = self.get_game().chance_outcomes
            return outcomes
        return [(k, float(p)) for k, (_, p) in enumerate(held.table.game.chance_outcomes(held.state))]

    def _apply_action(self, action: int) -> None:
        """Deal from seed ``action`` at the chance node; otherwise apply the action with that index
        (an illegal one raises IllegalActionError and leaves the state as it was)."""
        self._held = self._held.step(action)

    def _action_to_string(self, player: int, action: int) -> str:
        """The action in the game's text notation (``str(action)``, which ``parse_action`` reads back)."""
        if player == pyspiel.PlayerId.CHANCE:
            held = self._held
            if held.state is not None:  # external chance: the outcome's notation
                offered = held.table.legal(held.state)
                k = int(action)
                return str(offered[k]) if 0 <= k < len(offered) else f"chance {k}"
            return f"deal {int(action)}"  # the opening deal (issue 13)
        return str(self.get_game().space.action_at(int(action)))

    def is_terminal(self) -> bool:
        """True when the game is over."""
        return self._held.seat == _TERMINAL

    def returns(self) -> list[float]:
        """+1 for a winner, -1 for the others, 0 for everyone on a full tie or before the end."""
        return self._held.returns()

    def __str__(self) -> str:
        held = self._held
        if held.state is None:
            return f"chance: deal one of {held.table.deals} seeds"
        return held.table.game.to_json(held.state)


class _Observer:
    """The view of one seat as a tensor (with named pieces per View field) and a string."""

    def __init__(self, game: GremlinGame, recall: bool) -> None:
        self._game = game.gremlin
        self._encoder = game.encoder
        self._recall = recall
        self.tensor = np.zeros(game.encoder.size, np.float32)
        self.dict = {f.name: self.tensor[f.offset:f.offset + f.size] for f in game.encoder.layout()}
        # Shared by the game's observers: per seat, the last state encoded and its vector.
        self._last: dict[int, tuple[Any, Any]] = game.encoded

    def set_from(self, state: GremlinState, player: int) -> None:
        """Fill ``tensor`` with what ``player`` sees in ``state`` (written by the engine, without
        the typed state, where the state steps on it: ``NativeGame.observation_into``)."""
        held = state._held
        if type(held) is _Native:
            held.native.observation_into(player, self.tensor)
            return
        inner = _seen(state.gremlin_state)
        if inner is None:  # before the deal nobody has seen anything
            self.tensor.fill(0.0)
            return
        last = self._last.get(player)
        if last is None or last[0] is not inner:  # OpenSpiel asks several times per step
            last = (inner, np.asarray(self._encoder.encode_state(inner, player), np.float32))
            self._last[player] = last
        self.tensor[:] = last[1]

    def string_from(self, state: GremlinState, player: int) -> str:
        """The view as JSON; with perfect recall, followed by the seat's own actions."""
        inner = _seen(state.gremlin_state)
        if inner is None:
            return "chance: not dealt yet"
        text = self._game.to_json(self._game.observe(inner, player))
        if self._recall:
            text += " own-actions:" + ",".join(map(str, state.own_actions(player)))
        return text


def _seen(state: Any) -> Any:
    """The game state a seat's observation is made from: a tracked state's table as last
    seen (None during its opening deal), or the state itself."""
    return state.state if type(state) is Tracked else state


def register(game_id: str) -> str:
    """Register one library game with OpenSpiel (done for every game at import); its short name."""
    game = gremlinrules.get_game(game_id)
    name = short_name(game.id)
    if game.id in _TYPES:
        return name
    _TYPES[game.id] = pyspiel.GameType(
        short_name=name, long_name=f"gremlinrules {game.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.max_players, min_num_players=game.min_players,
        provides_information_state_string=True, provides_information_state_tensor=True,
        provides_observation_string=True, provides_observation_tensor=True,
        parameter_specification={"players": game.player_counts[0], "seed": -1,
                                 "deals": DEFAULT_DEALS, "options": "", "chance": "seed"},
    )
    cls = type(f"GremlinGame_{name}", (GremlinGame,), {"gremlin": game})
    pyspiel.register_game(_TYPES[game.id], cls)
    return name


_ESCAPES = {"%": "%25", ",": "%2C", "=": "%3D", "(": "%28", ")": "%29"}


def options_parameter(game_id: str, options: Any) -> str:
    """The ``options`` game parameter for an ``Options`` instance: its JSON with the characters
    OpenSpiel's game string reserves percent-escaped, so the game serializes and loads back.
    Anything but a complete, valid Options of the game raises SetupError."""
    game = gremlinrules.get_game(game_id)
    text = game.to_json(instance_or_default(options, game.Options, game.title))
    return "".join(_ESCAPES.get(ch, ch) for ch in text)


def load_game(game_id: str, players: int | None = None, seed: int | None = None,
              options: Any = None, *, deals: int | None = None, chance: str | None = None) -> GremlinGame:
    """``pyspiel.load_game`` for a library game id; ``options`` an Options instance or None.

    Without ``seed`` every episode opens with a chance node choosing one of ``deals`` deals;
    with it, every episode is that one deal; with ``chance="external"``, every random outcome
    is a chance node of its own.
    """
    params: dict[str, Any] = {}
    if chance is not None:
        params["chance"] = chance
    if seed is not None:
        params["seed"] = seed
    if deals is not None:
        params["deals"] = deals
    if players is not None:
        params["players"] = players
    if options is not None:
        params["options"] = options_parameter(game_id, options)
    loaded: GremlinGame = pyspiel.load_game(register(game_id), params)
    return loaded


for _gid in gremlinrules.game_ids():
    try:
        register(_gid)
    except Exception:  # a game that fails to load is left out, not fatal to the others
        continue
