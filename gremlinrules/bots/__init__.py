"""Baseline bots: uniform random, and information-set Monte Carlo tree search.

>>> import gremlinrules
>>> from gremlinrules.bots import make_bot
>>> game = gremlinrules.get_game("gnaughty-gnomes")
>>> state = game.new_game(4, seed=3)
>>> bot = make_bot("random", game, seat=game.current_player(state), seed=1)
>>> bot.choose(state) in game.legal_actions(state)
True

Every bot has ``choose(state) -> action`` for the seat it was made for; it
only looks at the state through that seat's eyes (the random bot needs only
the legal actions; the search bot redraws everything hidden from its seat with
``sample_hidden`` before each simulation).
"""

from __future__ import annotations

from typing import Any, Protocol

from gremlinrules.bots.ismcts import ISMCTSBot
from gremlinrules.bots.random_bot import RandomBot
from gremlinrules.core.errors import InvalidArgumentError, shown
from gremlinrules.core.protocol import Game
from gremlinrules.core.registry import get_game

__all__ = ["BOT_NAMES", "Bot", "ISMCTSBot", "RandomBot", "make_bot"]

BOT_NAMES: tuple[str, ...] = ("random", "ismcts")
"""The names :func:`make_bot` accepts."""


class Bot(Protocol):
    """Anything that picks an action for its seat."""

    def choose(self, state: Any) -> Any:
        """A legal action for the bot's seat in ``state`` (it must be that seat's decision)."""


def make_bot(name: str, game: Game | str, seat: int, seed: int = 0, **settings: Any) -> Bot:
    """A bot by name (one of :data:`BOT_NAMES`) playing ``seat`` of ``game`` (a Game or an id).

    ``settings`` go to the bot's constructor (e.g. ``iterations=400`` for ``"ismcts"``).
    """
    g = get_game(game) if isinstance(game, str) else game
    if name == "random":
        return RandomBot(g, seat, seed, **settings)
    if name == "ismcts":
        return ISMCTSBot(g, seat, seed, **settings)
    raise InvalidArgumentError(f"no bot {shown(name)}; known bots: {', '.join(BOT_NAMES)}")
