"""Baseline bots: uniform random, a plain player per game, and information-set Monte Carlo tree search.

>>> import gremlinrules
>>> from gremlinrules.bots import make_bot
>>> game = gremlinrules.get_game("gnaughty-gnomes")
>>> state = game.new_game(4, seed=3)
>>> bot = make_bot("random", game, seat=game.current_player(state), seed=1)
>>> bot.choose(state) in game.legal_actions(state)
True

Every bot has ``choose(state) -> action`` for the seat it was made for; it
only looks at the state through that seat's eyes (the random bot needs only
the legal actions; the plain bot only public fields and its own cards; the
search bot redraws everything hidden from its seat with ``sample_hidden``
before each simulation).

A plugin adds its own bot by name with :func:`register_bot`; a *bot spec*
(``random``, ``plain``, ``ismcts:400``, ``ismcts:0.5s``, a registered name) names a bot and
its budget for ``gremlinrules simulate`` (see :mod:`gremlinrules.bots.registry`).
"""

from __future__ import annotations

from gremlinrules.bots.ismcts import ISMCTSBot
from gremlinrules.bots.plain import PlainBot
from gremlinrules.bots.random_bot import RandomBot
from gremlinrules.bots.registry import BOT_NAMES
from gremlinrules.bots.registry import Bot
from gremlinrules.bots.registry import BotFactory
from gremlinrules.bots.registry import bot_from_spec
from gremlinrules.bots.registry import canonical_spec
from gremlinrules.bots.registry import make_bot
from gremlinrules.bots.registry import register_bot
from gremlinrules.bots.registry import registered_bots
from gremlinrules.bots.registry import unregister_bot

__all__ = ["BOT_NAMES", "Bot", "BotFactory", "ISMCTSBot", "PlainBot", "RandomBot", "bot_from_spec",
           "canonical_spec", "make_bot", "register_bot", "registered_bots", "unregister_bot"]
