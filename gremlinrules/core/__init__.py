"""Shared machinery: protocol, registry, errors, generator, zones, geometry, JSON, spec."""

from gremlinrules.core.errors import (
    ComponentError,
    GremlinRulesError,
    IllegalActionError,
    InvalidArgumentError,
    MissingExtraError,
    SerializationError,
    SetupError,
    SpecError,
    UnknownGameError,
    UnsupportedError,
)
from gremlinrules.core.protocol import Game
from gremlinrules.core.rng import Rng

__all__ = [
    "ComponentError",
    "Game",
    "GremlinRulesError",
    "IllegalActionError",
    "InvalidArgumentError",
    "MissingExtraError",
    "Rng",
    "SerializationError",
    "SetupError",
    "SpecError",
    "UnknownGameError",
    "UnsupportedError",
]
