"""gremlinrules: correct, fast, fully traced rules for five tabletop games.

>>> import gremlinrules
>>> game = gremlinrules.get_game("gnaughty-gnomes")
>>> state = game.new_game(players=4, seed=7)
>>> action = game.legal_actions(state)[0]
>>> state = game.apply(state, action)
"""

from gremlinrules.core.errors import ComponentError
from gremlinrules.core.errors import GremlinRulesError
from gremlinrules.core.errors import IllegalActionError
from gremlinrules.core.errors import InvalidArgumentError
from gremlinrules.core.errors import MissingExtraError
from gremlinrules.core.errors import SerializationError
from gremlinrules.core.errors import SetupError
from gremlinrules.core.errors import SpecError
from gremlinrules.core.errors import UnknownGameError
from gremlinrules.core.errors import UnsupportedError
from gremlinrules.core.protocol import Game
from gremlinrules.core.registry import install as _install
from gremlinrules.core.sampling import sample_hidden
from gremlinrules.registry import game_ids
from gremlinrules.registry import get_game
from gremlinrules.registry import register

__all__ = [
    "ComponentError", "Game", "GremlinRulesError", "IllegalActionError", "InvalidArgumentError",
    "MissingExtraError", "SerializationError", "SetupError", "SpecError", "UnknownGameError",
    "UnsupportedError", "__version__", "game_ids", "get_game", "sample_hidden",
]

__version__ = "0.1.0.dev0"
_install(library=__version__)  # what the core writes into records (it never imports this package)

# The registry: one line per game, added when the game lands.
register("gnaughty-gnomes", "gremlinrules.gnaughty_gnomes")
register("goblins-vs-gnomes", "gremlinrules.goblins_vs_gnomes")
register("gremlins-the-game", "gremlinrules.gremlins_the_game")
register("gremlins-inc", "gremlinrules.gremlins_inc")
register("no-good-gremlins", "gremlinrules.no_good_gremlins")
