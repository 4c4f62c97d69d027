"""Helpers of the picture tests: parse a picture, find its parts by class and data attributes."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from typing import Any

from gremlinrules import Game
from tests.conformance.support import walk

SVG_NS = "http://www.w3.org/2000/svg"
G = f"{{{SVG_NS}}}g"


def parse(picture: str) -> ET.Element:
    """The root element of a picture; fails the test if the text is not XML or not an SVG root."""
    root = ET.fromstring(picture)
    assert root.tag == f"{{{SVG_NS}}}svg", root.tag
    assert root.get("version") == "1.1"
    return root


def parts(root: ET.Element, cls: str, **data: str) -> list[ET.Element]:
    """Every ``<g>`` of class ``cls`` whose data attributes (``data_card="hidden"``) match, in
    document order."""
    wanted = {f"data-{k.replace('_', '-')}": v for k, v in data.items()}
    return [e for e in root.iter(G)
            if e.get("class") == cls and all(e.get(k) == v for k, v in wanted.items())]


def cards(root: ET.Element) -> list[str]:
    """The ``data-card`` of every card drawn under ``root`` (``"hidden"`` for a back)."""
    return [e.get("data-card", "") for e in parts(root, "card")]


def all_card_names(root: ET.Element) -> set[str]:
    """Every ``data-card`` value anywhere in the picture (cards, targets, tunnels)."""
    return {e.get("data-card", "") for e in root.iter() if e.get("data-card") is not None}


def position(game: Game, players: int, seed: int, walk_seed: int, stop: int) -> Any:
    """A state of a random seeded game after at most ``stop`` random decisions."""
    state, _ = walk(game, players, seed, random.Random(walk_seed), stop_after=stop)
    return state
