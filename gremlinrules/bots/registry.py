"""Bots by name: the built-in ones, those a plugin registers, and the bot specs of a simulation.

A *bot spec* names a bot and its budget in one short string, the form
``gremlinrules simulate --bots`` and the simulation records use:

- ``random``: the uniform random bot;
- ``plain``: the plain player of the game (:mod:`gremlinrules.bots.plain`), no search;
- ``ismcts:<iterations>``: IS-MCTS with that many simulations per decision
  (``ismcts`` alone means ``ismcts:200``); reproducible from its seed;
- ``ismcts:<seconds>s``: IS-MCTS searching for that much wall time per
  decision (``ismcts:0.5s``); NOT reproducible: the number of simulations
  depends on the machine and its load;
- either with ``:careful`` after it (``ismcts:50:careful``, ``ismcts:careful``): IS-MCTS with
  careful rollouts (``rollout="careful"``, :mod:`gremlinrules.bots.ismcts`);
- any name given to :func:`register_bot`, or that an installed package declares
  in the ``gremlinrules.bots`` entry-point group (so the command line knows it)::

      [project.entry-points."gremlinrules.bots"]
      greedy = "my_package.bots:GreedyBot"     # called as GreedyBot(game, seat, seed)

:func:`canonical_spec` writes a spec in one form (``ismcts:0100`` is
``ismcts:100``, ``ismcts:.50s`` is ``ismcts:0.5s``), so equal bots compare equal.
"""

from __future__ import annotations

import importlib.metadata
import math
import re
from collections.abc import Callable
from typing import TYPE_CHECKING
from typing import Any
from typing import Protocol
from typing import overload

from gremlinrules.bots.ismcts import ISMCTSBot
from gremlinrules.bots.plain import PlainBot
from gremlinrules.bots.random_bot import RandomBot
from gremlinrules.core.checks import check_seed
from gremlinrules.core.errors import InvalidArgumentError
from gremlinrules.core.errors import shown
from gremlinrules.core.protocol import ActionT
from gremlinrules.core.protocol import Game
from gremlinrules.core.protocol import StateT
from gremlinrules.registry import get_game

__all__ = ["BOT_NAMES", "ENTRY_POINT_GROUP", "Bot", "BotFactory", "bot_from_spec", "canonical_spec",
           "make_bot", "register_bot", "registered_bots", "unregister_bot"]

BOT_NAMES: tuple[str, ...] = ("random", "ismcts", "plain")
"""The built-in bot names (:func:`registered_bots` has the ones plugins add)."""

DEFAULT_ISMCTS_ITERATIONS = 200
"""The simulations per decision of the spec ``ismcts`` alone (ISMCTSBot's default)."""


if TYPE_CHECKING:  # defaults (PEP 696) for type checkers, as in gremlinrules.core.protocol
    from typing_extensions import TypeVar

    _S = TypeVar("_S", contravariant=True, default=Any)
    _A = TypeVar("_A", covariant=True, default=Any)
else:
    from typing import TypeVar

    _S = TypeVar("_S", contravariant=True)
    _A = TypeVar("_A", covariant=True)


class Bot(Protocol[_S, _A]):
    """Anything that picks an action for its seat: ``Bot[State, Action]`` for a game's classes
    (a bot made for a game that ``get_game`` typed is typed by it), plain ``Bot`` for any."""

    def choose(self, state: _S) -> _A:
        """A legal action for the bot's seat in ``state`` (it must be that seat's decision)."""


BotFactory = Callable[..., Bot]
"""Makes a bot: called as ``factory(game, seat, seed, **settings)``, like the built-in bots' classes."""

_REGISTERED: dict[str, BotFactory] = {}
_NAME = re.compile(r"[a-z][a-z0-9_.-]{0,39}")
_ISMCTS = re.compile(r"ismcts(?::(?:(?P<iterations>[0-9]{1,9})|(?P<seconds>[0-9]{0,6}(?:\.[0-9]{0,6})?)s))?"
                     r"(?P<careful>:careful)?")


def register_bot(name: str, factory: BotFactory, *, replace: bool = False) -> None:
    """Make ``factory`` available as the bot ``name`` to :func:`make_bot` and ``simulate --bots``.

    ``name``: lower-case letters, digits, ``_ . -``, starting with a letter, at most 40
    characters, not a built-in name. ``factory(game, seat, seed, **settings)`` returns a bot
    (an object with ``choose(state)``); for a simulation on worker processes it must be
    picklable (a class or a function defined at a module's top level), and each worker
    registers it again. A name registered before is refused unless ``replace``.
    """
    if not isinstance(name, str) or not _NAME.fullmatch(name):
        raise InvalidArgumentError(f"a bot name is lower-case letters, digits, '_', '.' or '-', starting "
                                   f"with a letter, at most 40 characters; not {shown(name)}")
    if name in BOT_NAMES:
        raise InvalidArgumentError(f"{name} is a built-in bot; choose another name")
    if not callable(factory):
        raise InvalidArgumentError(f"a bot factory must be callable, not {shown(factory)}")
    if name in _REGISTERED and not replace and _REGISTERED[name] is not factory:
        raise InvalidArgumentError(f"a bot named {name} is registered already (replace=True replaces it)")
    _REGISTERED[name] = factory


ENTRY_POINT_GROUP = "gremlinrules.bots"
"""The entry-point group where installed packages declare bots by name."""


def _discover(name: str) -> None:
    """Register the bot an installed package declares as ``name`` (if any, and not registered yet)."""
    if name in _REGISTERED or name in BOT_NAMES or not _NAME.fullmatch(name):
        return
    for entry in importlib.metadata.entry_points(group=ENTRY_POINT_GROUP, name=name):
        try:
            factory = entry.load()
        except Exception as exc:  # a broken plugin: say which, whatever it raised
            raise InvalidArgumentError(f"the bot {name} declared by {entry.value} cannot be loaded: "
                                       f"{type(exc).__name__}: {exc}") from None
        register_bot(name, factory)
        return


def unregister_bot(name: str) -> None:
    """Forget the registered bot ``name`` (nothing happens if there is none)."""
    _REGISTERED.pop(name, None)


def registered_bots() -> dict[str, BotFactory]:
    """The bots plugins registered, by name (a copy; the built-in ones are :data:`BOT_NAMES`)."""
    return dict(_REGISTERED)


@overload
def make_bot(name: str, game: Game[StateT, ActionT, Any, Any, Any, Any], seat: int, seed: int = 0,
             **settings: Any) -> Bot[StateT, ActionT]: ...
@overload
def make_bot(name: str, game: str, seat: int, seed: int = 0, **settings: Any) -> Bot: ...
def make_bot(name: str, game: Game | str, seat: int, seed: int = 0, **settings: Any) -> Bot:
    """A bot by name (built-in or registered) playing ``seat`` of ``game`` (a Game or an id);
    typed ``Bot[State, Action]`` by a typed game (``get_game`` with a literal id).

    ``settings`` go to the bot's constructor (e.g. ``iterations=400`` or ``seconds=0.5``
    for ``"ismcts"``). ``seed`` is an integer from 0 to 2**64-1 (InvalidArgumentError
    otherwise, for a registered bot too).
    """
    check_seed(seed, InvalidArgumentError)
    g = get_game(game) if isinstance(game, str) else game
    if isinstance(name, str):
        _discover(name)
    if name == "random":
        return RandomBot(g, seat, seed, **settings)
    if name == "ismcts":
        return ISMCTSBot(g, seat, seed, **settings)
    if name == "plain":
        return PlainBot(g, seat, seed, **settings)
    if isinstance(name, str) and name in _REGISTERED:
        return _REGISTERED[name](g, seat, seed, **settings)
    known = ", ".join(BOT_NAMES + tuple(sorted(_REGISTERED)))
    raise InvalidArgumentError(f"no bot {shown(name)}; known bots: {known}")


def _parse(spec: object) -> tuple[str, dict[str, Any]]:
    """The bot name and its settings for a spec; InvalidArgumentError for a malformed one."""
    if not isinstance(spec, str):
        raise InvalidArgumentError(f"a bot spec is a string, not {shown(spec)}")
    text = spec.strip()
    _discover(text)
    if text in ("random", "plain") or text in _REGISTERED:
        return text, {}
    match = _ISMCTS.fullmatch(text)
    if match is not None:
        careful: dict[str, Any] = {"rollout": "careful"} if match["careful"] else {}
        if match["seconds"] is not None:
            try:
                seconds = float(match["seconds"])
            except ValueError:
                seconds = 0.0
            if not math.isfinite(seconds) or seconds <= 0:
                raise InvalidArgumentError(f"{shown(spec)}: the time per decision must be positive")
            return "ismcts", {"seconds": seconds, **careful}
        iterations = int(match["iterations"] or DEFAULT_ISMCTS_ITERATIONS)
        if iterations < 1:
            raise InvalidArgumentError(f"{shown(spec)}: the simulations per decision must be at least 1")
        return "ismcts", {"iterations": iterations, **careful}
    known = ", ".join(("random", "plain", "ismcts:<simulations>", "ismcts:<seconds>s",
                       "ismcts:<budget>:careful")
                      + tuple(sorted(_REGISTERED)))
    raise InvalidArgumentError(f"no bot spec {shown(spec)}; known: {known}")


def canonical_spec(spec: str) -> str:
    """The one way to write ``spec`` (``ismcts`` -> ``ismcts:200``); InvalidArgumentError if malformed."""
    name, settings = _parse(spec)
    careful = ":careful" if settings.get("rollout") == "careful" else ""
    if "seconds" in settings:
        return f"ismcts:{settings['seconds']:g}s{careful}"
    if "iterations" in settings:
        return f"ismcts:{settings['iterations']}{careful}"
    return name


def is_timed(spec: str) -> bool:
    """True for a spec whose bot searches by wall time (its games are not reproducible)."""
    return "seconds" in _parse(spec)[1]


@overload
def bot_from_spec(spec: str, game: Game[StateT, ActionT, Any, Any, Any, Any], seat: int, seed: int = 0
                  ) -> Bot[StateT, ActionT]: ...
@overload
def bot_from_spec(spec: str, game: str, seat: int, seed: int = 0) -> Bot: ...
def bot_from_spec(spec: str, game: Game | str, seat: int, seed: int = 0) -> Bot:
    """The bot a spec names (see the module docstring), playing ``seat`` of ``game``."""
    name, settings = _parse(spec)
    return make_bot(name, game, seat, seed, **settings)
