"""Shared machinery: protocol, registry, errors, generator, zones, geometry, JSON, spec."""

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
from gremlinrules.core.rng import Rng

__all__ = [
    "ComponentError", "Game", "GremlinRulesError", "IllegalActionError", "InvalidArgumentError",
    "MissingExtraError", "Rng", "SerializationError", "SetupError", "SpecError", "UnknownGameError",
    "UnsupportedError",
]
