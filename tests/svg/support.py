"""Helpers of the picture tests: parse a picture, find its parts by class and data attributes."""

from __future__ import annotations

import random
import re
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


def words_of(root: ET.Element) -> list[str]:
    """Every text under ``root`` a reader could see or hover over (visible text and ``<title>``s) and
    every attribute value, in document order."""
    out: list[str] = []
    for e in root.iter():
        out += [*e.attrib.values(), e.text or "", e.tail or ""]
    return [w for w in out if w]


def names_any(root: ET.Element, names: set[str]) -> set[str]:
    """Which of ``names`` appear anywhere under ``root`` (text, hover text, attribute) as a whole
    word (``map`` is not found in ``Maps`` nor ``red 4`` in ``red 40``)."""
    found: set[str] = set()
    for name in names:
        pattern = re.compile(rf"(?<![\w-]){re.escape(name)}(?![\w-])")
        if any(pattern.search(w) for w in words_of(root)):
            found.add(name)
    return found


def position(game: Game, players: int, seed: int, walk_seed: int, stop: int) -> Any:
    """A state of a random seeded game after at most ``stop`` random decisions."""
    state, _ = walk(game, players, seed, random.Random(walk_seed), stop_after=stop)
    return state
