"""Information-set Monte Carlo tree search (single-observer IS-MCTS, Cowling, Powley and Whitehouse 2012).

Each simulation first imagines the hidden part of the state: a
*determinization* drawn with the game's ``sample_hidden(state, seat, seed)``,
so the bot never uses a card its seat cannot see. It plays from a tracked state
too (the external-chance mode, :mod:`gremlinrules.core.chance`): there
``sample_hidden`` gives a seeded state in which everything the bot's seat has not
seen is redealt, other hands included, as the search's information sets need. Its
draws follow that seat's uncertainty, not ``chance_outcomes`` (which is worked out
from everything a tracker entered), and the bot does not use ``chance_outcomes``. One tree is shared by all
determinizations; its edges are actions, so a node stands for the bot's
information set after that sequence of actions. Selection uses UCB1 with
*availability counts* (a child's exploration term counts the visits in which
it was legal, since another determinization may not allow it). After the
tree, a random playout runs for at most ``rollout_depth`` decisions; a
finished game scores as :func:`gremlinrules.adapters.outcome.returns` (+1 a
winner, -1 the others), a cut-off game by the current scores scaled to
[-0.5, 0.5] (leader high), a weaker signal than a real result. Every node
keeps the total value for the seat that chose the action leading to it, so
the search suits any number of seats and teams (partners share the winners).
The bot plays the most visited legal action at the root.

With the compiled engine (:mod:`gremlinrules.engine`: available, the game native there, its
options played, not switched off by ``GREMLINRULES_ENGINE=off``) and a native ``sample_hidden``
for the game, the whole search runs in native code with the GIL released
(``gremlinrules/core/native/search.pyx``): the same draws and the same arithmetic, so
the same seed chooses the same move either way, many times faster. Otherwise (a tracked state, a
game the engine does not play, a game object other than the registered one) it runs on the
typed API.

The budget is ``iterations`` simulations per decision (reproducible from the
seed), or, with ``seconds``, as many simulations as fit in that much wall time
(at least one): not reproducible, since the count depends on the machine.

Every draw the bot makes comes from one SplitMix64 stream (:mod:`gremlinrules.core.rng`), so a
port (the compiled engine's search) makes the very same choices. The stream starts at
``seed ^ POLICY_SALT`` (:func:`gremlinrules.core.playout.policy_state`, the random policy's start)
and runs on from one decision to the next. A decision with one legal action is played without a
draw. Otherwise, for each simulation, in this order:

1. the determinization's seed: one raw 64-bit output (``below(2**64)``), passed to
   ``sample_hidden(state, seat, seed)``;
2. in the tree, at the first node with untried actions (legal actions without a child, in the
   canonical order of ``legal_actions``): ``below(len(untried))`` picks the one to expand;
   nodes whose actions are all tried draw nothing (UCB1 picks, the first best in canonical order);
3. in the rollout, before each of at most ``rollout_depth`` decisions: ``below(n)`` for the ``n``
   legal actions, the playouts' own draw (drawn even when ``n`` is 1); with ``rollout="careful"``,
   ``below(m)`` among the ``m`` legal actions not of a kind the game lists in ``CAREFUL``
   (in canonical order), or ``below(n)`` among all when every legal action is of such a kind.

A *careful* rollout (``rollout="careful"``) is the uniform one without the moves that undo a
player's own progress, where the game names them in ``CAREFUL``: in No Good Gremlins a
``Scrap`` (a uniform rollout scraps rockets as often as it builds them, so it almost never
launches within 60 decisions and most simulations score nothing). In a game not listed it is the
uniform rollout.
"""

from __future__ import annotations

import math
import time
from typing import Any

from gremlinrules import engine
from gremlinrules.adapters.outcome import returns
from gremlinrules.bots.base import SeatBot
from gremlinrules.bots.base import check_bot_seat
from gremlinrules.core import draws
from gremlinrules.core.checks import check_seed
from gremlinrules.core.checks import is_int
from gremlinrules.core.errors import InvalidArgumentError
from gremlinrules.core.errors import UnsupportedError
from gremlinrules.core.errors import shown
from gremlinrules.core.playout import policy_state
from gremlinrules.core.protocol import ActionT
from gremlinrules.core.protocol import Game
from gremlinrules.core.protocol import StateT
from gremlinrules.registry import get_game

__all__ = ["CAREFUL", "ROLLOUTS", "ISMCTSBot"]

_SPAN = 1 << 64

ROLLOUTS = ("uniform", "careful")
"""The rollout policies (see the module's docstring)."""

CAREFUL: dict[str, frozenset[str]] = {"no-good-gremlins": frozenset({"Scrap"})}
"""Per game id, the action classes a careful rollout plays only when nothing else is legal."""


class _Node:
    __slots__ = ("avail", "children", "total", "visits")

    def __init__(self) -> None:
        self.children: dict[Any, _Node] = {}
        self.visits = 0
        self.avail = 1
        self.total = 0.0
        """Summed value for the seat whose action led here."""


class ISMCTSBot(SeatBot[StateT, ActionT]):
    """Searches ``iterations`` determinized simulations per decision (or for ``seconds`` of wall time,
    when given), then plays the most visited action."""

    def __init__(self, game: Game[StateT, ActionT, Any, Any, Any, Any], seat: int, seed: int = 0, *,
                 iterations: int = 200, rollout_depth: int = 60, exploration: float = 0.7,
                 seconds: float | None = None, native: bool = True, rollout: str = "uniform") -> None:
        check_bot_seat(game, seat)  # the seat is refused before the budget
        for name, value in (("iterations", iterations), ("rollout_depth", rollout_depth)):
            if not is_int(value) or value < 1:
                raise InvalidArgumentError(f"{name} must be a positive integer, not {shown(value)}")
        if seconds is not None and (isinstance(seconds, bool) or not isinstance(seconds, int | float)
                                    or not 0 < seconds < math.inf):
            raise InvalidArgumentError(f"seconds must be a positive number, not {shown(seconds)}")
        if rollout not in ROLLOUTS:
            raise InvalidArgumentError(f"rollout must be one of {', '.join(ROLLOUTS)}, not {shown(rollout)}")
        super().__init__(game, seat, seed)
        self.iterations = iterations
        self.rollout_depth = rollout_depth
        self.exploration = float(exploration)
        self.seconds = None if seconds is None else float(seconds)
        self.native = bool(native)
        self.rollout = rollout
        careful = rollout == "careful"
        self._avoid: frozenset[str] = CAREFUL.get(game.id, frozenset()) if careful else frozenset()
        """The action classes the rollouts leave out while anything else is legal."""
        self._masks: dict[int, bytes] = {}
        """The native search's avoid masks, by the id of the table's action tuple."""
        """Search on the compiled engine when it can (False: always on the typed API)."""
        self._stream = policy_state(check_seed(seed, InvalidArgumentError))
        """The SplitMix64 state of the bot's draws (see the module's docstring)."""

    def __repr__(self) -> str:
        budget = f"iterations={self.iterations}" if self.seconds is None else f"seconds={self.seconds}"
        return f"ISMCTSBot({self.game.id!r}, seat={self.seat}, {budget})"

    def choose(self, state: StateT) -> ActionT:
        """The most visited legal action after the search; it must be this seat's decision."""
        self._check_turn(state)
        game = self.game
        legal = game.legal_actions(state)
        if len(legal) == 1:
            return legal[0]
        if self.native:
            native = self._native_search(state)
            if native is not None:
                return legal[native]
        root = _Node()
        if self.seconds is None:
            for _ in range(self.iterations):
                self._simulate(root, game.sample_hidden(state, self.seat, self._draw(_SPAN)))
        else:
            deadline = time.perf_counter() + self.seconds
            while True:
                self._simulate(root, game.sample_hidden(state, self.seat, self._draw(_SPAN)))
                if time.perf_counter() >= deadline:
                    break
        return max(legal, key=lambda a: root.children[a].visits if a in root.children else -1)

    def _native_search(self, state: StateT) -> int | None:
        """The search in native code: the position of the chosen action in ``legal_actions``, or
        None when the engine cannot run it here (then nothing was drawn)."""
        game = self.game
        if game.id not in engine.games() or game is not get_game(game.id):
            return None
        try:
            root = engine.from_state(game.id, state)
        except (UnsupportedError, InvalidArgumentError):  # options it does not play, a tracked state
            return None
        try:
            from gremlinrules.core.native.search import run_search
        except ImportError:  # pragma: no cover - the engine was built before its search
            return None
        mask = None
        if self._avoid:
            actions = root.table.actions
            mask = self._masks.get(id(actions))
            if mask is None:
                mask = self._masks[id(actions)] = bytes(type(a).__name__ in self._avoid for a in actions)
        try:
            pick, self._stream = run_search(root, self.seat, self._stream, self.iterations,
                                            self.rollout_depth, self.exploration, self.seconds, mask)
        except UnsupportedError:  # no native sample_hidden for this game
            return None
        return pick

    def _draw(self, n: int) -> int:
        """``below(n)`` on the bot's stream."""
        value, self._stream = draws.below(self._stream, n)
        return value

    def _simulate(self, root: _Node, state: StateT) -> None:
        game = self.game
        node = root
        path: list[tuple[_Node, int]] = []
        while not game.is_terminal(state):
            legal = game.legal_actions(state)
            mover: int = game.current_player(state)  # type: ignore[assignment]  # not terminal
            untried = [a for a in legal if a not in node.children]
            for a in legal:
                child = node.children.get(a)
                if child is not None:
                    child.avail += 1
            if untried:
                action = untried[self._draw(len(untried))]
                child = node.children[action] = _Node()
                path.append((child, mover))
                state = game.apply(state, action)
                break
            action = self._select(node, legal)
            node = node.children[action]
            path.append((node, mover))
            state = game.apply(state, action)
        value = self._rollout(state)
        for child, mover in path:
            child.visits += 1
            child.total += value[mover]

    def _select(self, node: _Node, legal: tuple[ActionT, ...]) -> ActionT:
        c = self.exploration
        best, best_score = legal[0], -math.inf
        for a in legal:
            child = node.children[a]
            score = child.total / child.visits + c * math.sqrt(math.log(child.avail) / child.visits)
            if score > best_score:
                best, best_score = a, score
        return best

    def _rollout(self, state: StateT) -> tuple[float, ...]:
        game, below, stream, avoid = self.game, draws.below, self._stream, self._avoid
        for _ in range(self.rollout_depth):
            if game.is_terminal(state):
                break
            legal = game.legal_actions(state)
            if avoid:
                kept = tuple(a for a in legal if type(a).__name__ not in avoid)
                legal = kept or legal
            pick, stream = below(stream, len(legal))
            state = game.apply(state, legal[pick])
        self._stream = stream
        if game.is_terminal(state):
            return returns(game, state)
        scores = game.scores(state)
        low, high = min(scores), max(scores)
        if high == low:
            return (0.0,) * len(scores)
        return tuple((s - low) / (high - low) - 0.5 for s in scores)
