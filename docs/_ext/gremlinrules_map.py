"""The ``gremlinrules-map`` directive: a Gremlins: The Game map drawn from its data.

``.. gremlinrules-map::`` draws the reference map (``board.toml``) with
:func:`~gremlinrules.gremlins_the_game.board.map_svg` while the docs build, so the picture
cannot drift from the data; a path argument (relative to the docs folder) draws another
map file instead, through the same validating loader. ``:no-marks:`` leaves out the
Gremlin, Event, Weapon and Start marks. ``:locations:`` renders, instead of the picture,
a table of the map's locations with their sizes, doors and token spaces.

``.. gremlinrules-map-api::`` documents the members of
:mod:`gremlinrules.gremlins_the_game.board` that the game's API reference does not
(that page documents the classes and functions the package re-exports, once the game is
registered), so every member is described exactly once.
"""

from __future__ import annotations

import importlib
import inspect
from pathlib import Path
from typing import Any

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

import gremlinrules
from gremlinrules.gremlins_the_game import board
from gremlinrules.gremlins_the_game.board import REFERENCE_MAP
from gremlinrules.gremlins_the_game.board import Map
from gremlinrules.gremlins_the_game.board import map_svg
from gremlinrules.gremlins_the_game.board import read_map

GAME_ID = "gremlins-the-game"
BOARD_TOML = Path(board.__file__).resolve().with_name("board.toml")


def _esc(text: str) -> str:
    for ch in ("\\", "*", "`", "|", "_"):
        text = text.replace(ch, "\\" + ch)
    return text


def _locations_table(m: Map) -> list[str]:
    lines = [".. list-table::", "   :header-rows: 1", "   :widths: 22 10 30 38", "",
             "   * - Location", "     - Spaces", "     - Doors", "     - Token spaces"]
    for loc in m.locations:
        spaces = m.area_spaces(loc)
        doors = [f"{m.spaces[u].name}-{m.spaces[v].name}" for u, v in m.doors
                 if loc in (m.spaces[u].area, m.spaces[v].area)]
        marked = [f"{m.spaces[i].name} ({m.spaces[i].mark})" for i in spaces
                  if m.spaces[i].mark in ("gremlin", "event", "weapon")]
        lines += [f"   * - {_esc(loc)}", f"     - {len(spaces)}", f"     - {', '.join(doors)}",
                  f"     - {', '.join(marked) or '—'}"]
    return lines + [""]


class MapDirective(SphinxDirective):
    """Draw a map (or list its locations) from its data."""

    optional_arguments = 1
    has_content = False
    option_spec = {"no-marks": directives.flag, "locations": directives.flag}

    def run(self) -> list[nodes.Node]:
        """Build the nodes."""
        if self.arguments:
            path = Path(self.env.srcdir) / self.arguments[0]
            self.env.note_dependency(str(path))
            m = read_map(path)
        else:
            self.env.note_dependency(str(BOARD_TOML))
            m = REFERENCE_MAP
        if "locations" in self.options:
            return self.parse_text_to_nodes("\n".join(_locations_table(m)))
        svg = map_svg(m, marks="no-marks" not in self.options)
        return [nodes.raw("", f'<div class="gremlinrules-map">{svg}</div>', format="html")]


class MapApiDirective(SphinxDirective):
    """Document the board module's members that the game's API reference leaves out."""

    has_content = False

    def run(self) -> list[nodes.Node]:
        """Build the nodes."""
        package = importlib.import_module("gremlinrules.gremlins_the_game")
        exported = set(getattr(package, "__all__", ())) if GAME_ID in gremlinrules.game_ids() else set()
        name = board.__name__
        lines = [f".. currentmodule:: {name}", ""]
        for member in board.__all__:
            obj = getattr(board, member)
            if member in exported and (inspect.isclass(obj) or inspect.isfunction(obj)):
                continue  # the API reference documents it
            kind = "autoclass" if inspect.isclass(obj) else "autofunction" if inspect.isfunction(obj) \
                else "autodata"
            lines += [f".. {kind}:: {name}.{member}"]
            if kind == "autoclass":
                lines += ["   :members:"]
            elif kind == "autodata":
                lines += ["   :no-value:"]
            lines.append("")
        return self.parse_text_to_nodes("\n".join(lines))


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the directives."""
    app.add_directive("gremlinrules-map", MapDirective)
    app.add_directive("gremlinrules-map-api", MapApiDirective)
    return {"version": "1", "parallel_read_safe": True}
