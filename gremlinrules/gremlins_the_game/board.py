"""The town's map as data: spaces, walls, buildings with doors, marks; its validated loader and drawing.

The rulebook names the board's features but prints no map, so the shipped map
(``board.toml``, :data:`REFERENCE_MAP`) is an invented one (GTG-MAP-1), drawn in the
docs from the same data. A space is named chess-like, column letter then row number,
``"a1"`` at the bottom left. A space's id is its index in :attr:`Map.spaces` and in
:attr:`Map.graph`: row by row from ``a1``, columns first.

The map file, one character per space in two pictures of the town (``areas`` and
``marks``, the top row first) and a few tables, reads::

    name = "..."
    width = 20                     # 2 to 26 columns
    height = 20                    # 2 to 26 rows
    areas = ["....", ...]          # '.' street, '#' not a space, else a letter of [locations]
    marks = ["....", ...]          # '.' none, 'G' gremlin, 'E' event, 'W' weapon
    doors = ["c5-c6", ...]         # a step across a location's edge
    [locations]                    # letter = name; every location is a building
    T = "Town Square"
    [starts]                       # the four colours, each on a street space
    red = "a1"
    [words]                        # Movie Theater spaces that carry words
    j12 = "NOW"
    [walls]                        # a space's walled sides; the space across lists it too
    c3 = "N"

:func:`load_map` validates parsed data (any mistake raises
:class:`~gremlinrules.core.errors.SetupError` naming the place), :func:`read_map` reads TOML
text or a file, :func:`map_svg` draws a map.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from importlib import resources
from pathlib import Path
from typing import Any
from typing import TypeVar

import attrs

from gremlinrules.core.board import BoardGraph
from gremlinrules.core.board import cell_name
from gremlinrules.core.board import distances
from gremlinrules.core.board import grid_graph
from gremlinrules.core.errors import SetupError
from gremlinrules.core.errors import shown

__all__ = [
    "COLOURS", "EVENT_SPACES", "MAP_SCHEMA", "MARKS", "MAX_GREMLIN_SPACES", "MOVIE_THEATER", "REFERENCE_MAP",
    "STREET", "TOWN_SQUARE", "WEAPON_SPACES", "Map", "Space", "load_map", "map_data", "map_svg", "read_map",
    "register", "svg_centre",
]

COLOURS: tuple[str, ...] = ("red", "blue", "green", "yellow")
"""The players' colours, in seat order of the Start spaces."""
STREET = "street"
"""The area of a space outside every location."""
TOWN_SQUARE = "Town Square"
MOVIE_THEATER = "Movie Theater"
MARKS: tuple[str, ...] = ("", "gremlin", "event", "weapon", "start", "words")
"""What a space may be marked with."""
EVENT_SPACES = 12
"""Event spaces on a map: one per Event Token (the rulebook's 12)."""
WEAPON_SPACES = 12
"""Weapon spaces on a map: one per Weapon Token (the rulebook's 12)."""
MAX_GREMLIN_SPACES = 35
"""At most one Gremlin space per gremlin token other than Stripe (36 - 1), who is set
aside while the Gremlin spaces are filled."""

_MARK_CODES = {".": "", "G": "gremlin", "E": "event", "W": "weapon"}
_SIDES = {"N": (0, 1), "E": (1, 0), "S": (0, -1), "W": (-1, 0)}
_OPPOSITE = {"N": "S", "E": "W", "S": "N", "W": "E"}
Cell = tuple[int, int]
_T = TypeVar("_T", int, Cell)
_KEYS = {"name", "width", "height", "areas", "marks", "doors", "locations", "starts", "words", "walls"}
_MAX_WORD = 12


@attrs.frozen
class Space:
    """One space of the map."""

    name: str
    """Chess-like: column letter then row number, ``"a1"`` at the bottom left."""
    x: int
    """Column, 0 at the left."""
    y: int
    """Row, 0 at the bottom."""
    area: str
    """``"street"``, or the location (building) the space lies in."""
    mark: str
    """One of :data:`MARKS`: ``""``, ``"gremlin"``, ``"event"``, ``"weapon"``, ``"start"``, ``"words"``."""
    colour: str = ""
    """A Start space's colour; ``""`` elsewhere."""
    words: str = ""
    """The words printed on a Movie Theater word space; ``""`` elsewhere."""


@attrs.frozen(cache_hash=True)  # a table's options hash it (action-space caches): once per map
class Map:
    """A validated map (made by :func:`load_map`; never build one by hand)."""

    name: str
    """The map's title."""
    width: int
    """Columns."""
    height: int
    """Rows."""
    spaces: tuple[Space, ...]
    """Every space; index = space id = graph index."""
    graph: BoardGraph
    """Orthogonal steps, minus walls; a location's edge is crossed only through its doors."""
    starts: tuple[int, ...]
    """The Start space of each colour, in :data:`COLOURS` order."""
    gremlin_spaces: tuple[int, ...]
    """Spaces marked Gremlin, sorted."""
    event_spaces: tuple[int, ...]
    """Spaces marked Event (12), sorted."""
    weapon_spaces: tuple[int, ...]
    """Spaces marked Weapon (12), sorted."""
    theater_spaces: tuple[int, ...]
    """Movie Theater spaces without words (an escaped gremlin may go there), sorted."""
    word_spaces: tuple[int, ...]
    """Movie Theater spaces with words (never a gremlin), sorted."""
    town_square: frozenset[int]
    """The Town Square's spaces: entering any of them ends the move."""
    locations: tuple[str, ...] = ()
    """The locations (buildings), in the map file's order."""
    walls: tuple[tuple[int, int], ...] = ()
    """Each wall as the two spaces it separates, ``(u, v)`` with ``u < v``, sorted."""
    doors: tuple[tuple[int, int], ...] = ()
    """Each door as the two spaces it joins, ``(u, v)`` with ``u < v``, sorted."""

    def space(self, name: str) -> int:
        """The id of the space called ``name`` (``"a1"``); InvalidArgumentError if there is none."""
        return self.graph.index(name)

    def start(self, colour: str) -> int:
        """The id of ``colour``'s Start space; SetupError for a colour not in :data:`COLOURS`."""
        if colour not in COLOURS:
            raise SetupError(f"{shown(colour)} is not a colour ({', '.join(COLOURS)})")
        return self.starts[COLOURS.index(colour)]

    def area_spaces(self, area: str) -> tuple[int, ...]:
        """The ids of the spaces in ``area`` (a location's name or ``"street"``), sorted."""
        return tuple(i for i, s in enumerate(self.spaces) if s.area == area)


# -- loading ------------------------------------------------------------------------------------------


def _picture(data: Mapping[str, Any], key: str, width: int, height: int) -> list[str]:
    rows = data.get(key)
    if not isinstance(rows, list) or len(rows) != height:
        raise SetupError(f"{key} must be a list of {height} strings (one per row, the top row first)")
    for k, row in enumerate(rows):
        if not isinstance(row, str) or len(row) != width:
            raise SetupError(f"{key}: row {height - k} must be a string of {width} characters, "
                             f"not {shown(row)}")
    return rows


def _int(data: Mapping[str, Any], key: str) -> int:
    value = data.get(key)
    if type(value) is not int or not 2 <= value <= 26:
        raise SetupError(f"{key} must be an integer from 2 to 26, not {shown(value)}")
    return value


def _table(data: Mapping[str, Any], key: str) -> Mapping[str, Any]:
    value = data.get(key, {})
    if not isinstance(value, Mapping):
        raise SetupError(f"[{key}] must be a table")
    return value


def load_map(data: Mapping[str, Any]) -> Map:
    """A :class:`Map` from parsed map data (the layout of ``board.toml``), validated.

    Any mistake raises :class:`~gremlinrules.core.errors.SetupError` naming the place: a picture of the wrong
    shape or with an unknown character, a location without spaces or without a door,
    a door not across a location's edge, a wall naming no space, off the board or
    listed by one side only, a mark in the Town Square or the Movie Theater, a missing
    or misplaced Start, words outside the theater, a wrong count of Event or Weapon
    spaces, a duplicated name or door, a location in separate pieces, or a space that
    the Starts cannot reach (GTG-MAP-2).
    """
    if not isinstance(data, Mapping):
        raise SetupError(f"map data must be a table, not {shown(data)}")
    unknown = sorted(set(map(str, data)) - _KEYS)
    if unknown:
        raise SetupError(f"unknown map keys {shown(unknown)} (expected some of {sorted(_KEYS)})")
    title = data.get("name", "")
    if not isinstance(title, str) or not title:
        raise SetupError("the map needs a name (a non-empty string)")
    width, height = _int(data, "width"), _int(data, "height")
    areas = _picture(data, "areas", width, height)
    marks = _picture(data, "marks", width, height)

    letters = _table(data, "locations")
    location_of: dict[str, str] = {}
    for letter, loc in letters.items():
        if not isinstance(letter, str) or len(letter) != 1 or letter in ".#" or letter.isspace():
            raise SetupError(f"[locations]: {shown(letter)} must be one character other than '.' and '#'")
        if not isinstance(loc, str) or not loc or loc == STREET:
            raise SetupError(f"[locations]: {letter} must name a location, not {shown(loc)}")
        if loc in location_of.values():
            raise SetupError(f"[locations]: two letters name {shown(loc)}")
        location_of[letter] = loc
    for required in (TOWN_SQUARE, MOVIE_THEATER):
        if required not in location_of.values():
            raise SetupError(f"[locations] must include {required!r}")

    # cells, top picture row = highest y
    area_at: dict[tuple[int, int], str] = {}
    mark_at: dict[tuple[int, int], str] = {}
    for k in range(height):
        y = height - 1 - k
        for x in range(width):
            a, m = areas[k][x], marks[k][x]
            where = cell_name(x, y)
            if a == "#":
                if m != ".":
                    raise SetupError(f"marks: {where} is not a space but is marked {m!r}")
                continue
            if a != "." and a not in location_of:
                raise SetupError(f"areas: {where} has {a!r}, which is not '.', '#' "
                                 "or a letter of [locations]")
            if m not in _MARK_CODES:
                raise SetupError(f"marks: {where} has {m!r}; a mark is one of '.', 'G', 'E', 'W'")
            area = STREET if a == "." else location_of[a]
            if m != "." and area in (TOWN_SQUARE, MOVIE_THEATER):
                raise SetupError(f"marks: {where} is in the {area}, which carries no token marks")
            area_at[(x, y)] = area
            mark_at[(x, y)] = _MARK_CODES[m]
    for loc in location_of.values():
        _check_one_piece(loc, [c for c, a in area_at.items() if a == loc])
    cell_of = {cell_name(x, y): (x, y) for (x, y) in area_at}

    def cell(name: Any, where: str) -> tuple[int, int]:
        c = cell_of.get(name) if isinstance(name, str) else None
        if c is None:
            raise SetupError(f"{where}: {shown(name)} is not a space of the map")
        return c

    colour_at: dict[tuple[int, int], str] = {}
    starts = _table(data, "starts")
    if set(starts) != set(COLOURS):
        raise SetupError(f"[starts] must give exactly the colours {', '.join(COLOURS)}, "
                         f"not {shown(sorted(starts))}")
    for colour in COLOURS:
        c = cell(starts[colour], f"[starts] {colour}")
        if c in colour_at:
            raise SetupError(f"[starts]: {colour} and {colour_at[c]} share the space {cell_name(*c)}")
        if area_at[c] != STREET or mark_at[c]:
            raise SetupError(f"[starts]: {colour}'s start {cell_name(*c)} must be an unmarked street space")
        colour_at[c] = colour
        mark_at[c] = "start"

    words_at: dict[tuple[int, int], str] = {}
    for key, text in _table(data, "words").items():
        c = cell(key, "[words]")
        if area_at[c] != MOVIE_THEATER:
            raise SetupError(f"[words]: {key} is not in the {MOVIE_THEATER}")
        if not isinstance(text, str) or not 0 < len(text) <= _MAX_WORD or not text.isprintable():
            raise SetupError(f"[words]: {key} needs 1 to {_MAX_WORD} printable characters, not {shown(text)}")
        words_at[c] = text
        mark_at[c] = "words"

    walls: set[tuple[Cell, Cell]] = set()
    wall_sides = _table(data, "walls")
    for key, sides in wall_sides.items():
        c = cell(key, "[walls]")
        if not isinstance(sides, str) or not sides or any(s not in _SIDES for s in sides) \
                or len(set(sides)) != len(sides):
            raise SetupError(f"[walls]: {key} must list distinct sides from 'NESW', not {shown(sides)}")
        for side in sides:
            dx, dy = _SIDES[side]
            other = (c[0] + dx, c[1] + dy)
            if other not in area_at:
                raise SetupError(f"[walls]: {key}'s {side} wall has no space across it (off the board "
                                 "or not a space); the board's edge needs no wall")
            back = wall_sides.get(cell_name(*other), "")
            if not isinstance(back, str) or _OPPOSITE[side] not in back:
                raise SetupError(f"[walls]: {key} has a wall on its {side} side but {cell_name(*other)} "
                                 f"has none on its {_OPPOSITE[side]} side")
            walls.add(_pair(c, other))

    doors: set[tuple[Cell, Cell]] = set()
    door_list = data.get("doors", [])
    if not isinstance(door_list, list):
        raise SetupError("doors must be a list of strings like 'c5-c6'")
    for item in door_list:
        parts = item.split("-") if isinstance(item, str) else []
        if len(parts) != 2:
            raise SetupError(f"doors: {shown(item)} is not two space names joined by '-' (like 'c5-c6')")
        one, two = (cell(p, f"doors: {item}") for p in parts)
        if abs(one[0] - two[0]) + abs(one[1] - two[1]) != 1:
            raise SetupError(f"doors: {item} joins spaces that are not side by side")
        if area_at[one] == area_at[two]:
            raise SetupError(f"doors: {item} is not on a building's edge (both spaces are in {area_at[one]})")
        edge = _pair(one, two)
        if edge in doors:
            raise SetupError(f"doors: {item} is listed twice")
        if edge in walls:
            raise SetupError(f"doors: {item} is also a wall")
        doors.add(edge)
    for loc in location_of.values():
        if not any(area_at[c] == loc for edge in doors for c in edge):
            raise SetupError(f"the location {loc!r} has no door")

    # GTG-MAP-3: a step joins side-by-side spaces unless a wall lies between them or they lie
    # in different areas without a door between them (every location is a building).
    graph = grid_graph(width, height, cells=area_at, walls=walls, area_of=area_at, doors=doors)
    order = sorted(area_at, key=lambda c: (c[1], c[0]))
    spaces = tuple(Space(cell_name(x, y), x, y, area_at[(x, y)], mark_at[(x, y)],
                         colour_at.get((x, y), ""), words_at.get((x, y), "")) for x, y in order)

    def marked(mark: str) -> tuple[int, ...]:
        return tuple(i for i, s in enumerate(spaces) if s.mark == mark)

    gremlins, events, weapons = marked("gremlin"), marked("event"), marked("weapon")
    if len(events) != EVENT_SPACES:
        raise SetupError(f"the map has {len(events)} Event spaces; it needs {EVENT_SPACES}")
    if len(weapons) != WEAPON_SPACES:
        raise SetupError(f"the map has {len(weapons)} Weapon spaces; it needs {WEAPON_SPACES}")
    if not 1 <= len(gremlins) <= MAX_GREMLIN_SPACES:
        raise SetupError(f"the map has {len(gremlins)} Gremlin spaces; it needs 1 to {MAX_GREMLIN_SPACES}")
    theater = tuple(i for i, s in enumerate(spaces) if s.area == MOVIE_THEATER and not s.words)
    if not theater:
        raise SetupError(f"the {MOVIE_THEATER} needs a space without words for escaped gremlins")
    square = frozenset(i for i, s in enumerate(spaces) if s.area == TOWN_SQUARE)
    start_ids = tuple(graph.index(starts[colour]) for colour in COLOURS)
    # Every space, not only the marked ones: the Town Square's free move may put a player on any
    # space, and a sealed pocket would hold them there. The graph is undirected, so one Start
    # reaching every space means every Start does.
    dist = distances(graph, start_ids[0])
    for target, d in enumerate(dist):
        if d is None:
            what = spaces[target].mark or spaces[target].area
            raise SetupError(f"{COLOURS[0]}'s start {spaces[start_ids[0]].name} cannot reach "
                             f"{spaces[target].name} ({what})")
    ids = graph.index
    return Map(
        name=title, width=width, height=height, spaces=spaces, graph=graph, starts=start_ids,
        gremlin_spaces=gremlins, event_spaces=events, weapon_spaces=weapons,
        theater_spaces=theater, word_spaces=marked("words"), town_square=square,
        locations=tuple(location_of.values()),
        walls=tuple(sorted(_pair(ids(cell_name(*a)), ids(cell_name(*b))) for a, b in walls)),
        doors=tuple(sorted(_pair(ids(cell_name(*a)), ids(cell_name(*b))) for a, b in doors)),
    )


def _check_one_piece(loc: str, cells: list[Cell]) -> None:
    """SetupError unless the location's cells exist and join side by side into one piece."""
    if not cells:
        raise SetupError(f"the location {loc!r} has no space in the areas picture")
    cells = sorted(cells, key=lambda c: (c[1], c[0]))
    todo, seen = [cells[0]], {cells[0]}
    members = set(cells)
    while todo:
        x, y = todo.pop()
        for other in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if other in members and other not in seen:
                seen.add(other)
                todo.append(other)
    if len(seen) != len(members):
        apart = min(members - seen, key=lambda c: (c[1], c[0]))
        raise SetupError(f"the location {loc!r} is in separate pieces ({cell_name(*cells[0])} "
                         f"and {cell_name(*apart)})")


def _pair(u: _T, v: _T) -> tuple[_T, _T]:
    return (u, v) if u < v else (v, u)


def read_map(source: str | Path) -> Map:
    """Load and validate a user's map: TOML text, or a :class:`~pathlib.Path` to a ``.toml`` file."""
    try:
        text = source.read_text(encoding="utf-8") if isinstance(source, Path) else source
        data = tomllib.loads(text)
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError, AttributeError, TypeError) as exc:
        raise SetupError(f"cannot read the map: {shown(str(exc), 200)}") from exc
    return load_map(data)


_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
_MARK_LETTERS = {"gremlin": "G", "event": "E", "weapon": "W"}


def map_data(m: Map) -> dict[str, Any]:
    """The map's data in the layout :func:`load_map` reads (``board.toml``'s), so that
    ``load_map(map_data(m)) == m``: how a map travels in JSON (a table's options) and how a map
    made in code can be saved. Location letters are given afresh (``A``, ``B``, ... in
    ``m.locations`` order)."""
    if type(m) is not Map:
        raise SetupError(f"not a Gremlins: The Game map: {shown(m)}")
    if len(m.locations) > len(_LETTERS):
        raise SetupError(f"a map has at most {len(_LETTERS)} locations")
    letter = {loc: _LETTERS[i] for i, loc in enumerate(m.locations)}
    at = {(s.x, s.y): s for s in m.spaces}
    areas, marks = [], []
    for y in range(m.height - 1, -1, -1):
        row_a, row_m = [], []
        for x in range(m.width):
            s = at.get((x, y))
            row_a.append("#" if s is None else "." if s.area == STREET else letter[s.area])
            row_m.append("." if s is None else _MARK_LETTERS.get(s.mark, "."))
        areas.append("".join(row_a))
        marks.append("".join(row_m))
    names = m.graph.names
    sides: dict[str, str] = {}
    for u, v in m.walls:
        a, b = m.spaces[u], m.spaces[v]
        side = {(0, 1): "N", (1, 0): "E", (0, -1): "S", (-1, 0): "W"}[(b.x - a.x, b.y - a.y)]
        sides[a.name] = sides.get(a.name, "") + side
        sides[b.name] = sides.get(b.name, "") + _OPPOSITE[side]
    return {
        "name": m.name, "width": m.width, "height": m.height, "areas": areas, "marks": marks,
        "doors": [f"{names[u]}-{names[v]}" for u, v in m.doors],
        "locations": {letter[loc]: loc for loc in m.locations},
        "starts": {colour: names[i] for colour, i in zip(COLOURS, m.starts, strict=True)},
        "words": {s.name: s.words for s in m.spaces if s.words},
        "walls": sides,
    }


_STRINGS = {"type": "array", "items": {"type": "string"}}
_TEXTS = {"type": "object", "additionalProperties": {"type": "string"}}
MAP_SCHEMA: dict[str, Any] = {
    "type": "object",
    "description": "A map in the layout of board.toml, validated on reading (load_map; GTG-MAP-7).",
    "properties": {"name": {"type": "string"}, "width": {"type": "integer"}, "height": {"type": "integer"},
                   "areas": _STRINGS, "marks": _STRINGS, "doors": _STRINGS, "locations": _TEXTS,
                   "starts": _TEXTS, "words": _TEXTS, "walls": _TEXTS},
    "required": ["name", "width", "height", "areas", "marks", "locations", "starts"],
    "additionalProperties": False,
}
"""The JSON Schema of a :class:`Map` in a table's options: its :func:`map_data`."""


def register(conv: Any) -> Any:
    """Teach the JSON converter ``conv`` a :class:`Map`: written as its :func:`map_data`, read back
    through :func:`load_map` (so a map in JSON is validated like a map file)."""

    def structure(value: Any, _: Any) -> Map:
        return load_map(value)  # a SetupError is a ValueError: the converter reports its words

    conv.register_unstructure_hook(Map, map_data)
    conv.register_structure_hook(Map, structure)
    return conv


REFERENCE_MAP: Map = read_map(resources.files(__package__).joinpath("board.toml").read_text(encoding="utf-8"))
"""The shipped map (invented; GTG-MAP-1), from ``board.toml``."""


# -- drawing ------------------------------------------------------------------------------------------

_CELL = 32
_MARGIN = 20
_STREET_FILL = "#e8e4da"
_PALETTE = ("#f4d6a0", "#c9dcf0", "#d9c9ef", "#f2c4c4", "#cde8c4", "#f0e2b0", "#c4e4e4", "#e6cfe0")
_TOWN_SQUARE_FILL = "#b9dca4"
_THEATER_FILL = "#e9b6b6"
_MARK_STYLE = {"gremlin": ("#2e7d32", "G"), "event": ("#e08a00", "E"), "weapon": ("#1f5fa8", "W")}
_COLOUR_FILL = {"red": "#d32f2f", "blue": "#1e63c8", "green": "#2e9d3a", "yellow": "#e7c21a"}


def _esc(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


def svg_centre(m: Map, space: int) -> tuple[int, int]:
    """The centre of ``space`` (an id) in :func:`map_svg`'s coordinates, to draw on top of the map."""
    s = m.spaces[space]
    return _MARGIN + s.x * _CELL + _CELL // 2, _MARGIN + (m.height - 1 - s.y) * _CELL + _CELL // 2


def map_svg(m: Map, *, marks: bool = True) -> str:
    """The map drawn as an SVG document (deterministic text: the same map gives the same bytes).

    Spaces are squares shaded by area, locations carry their names, walls and the
    closed edges of locations are thick lines, doors are gaps with a brown sill; with
    ``marks`` the Gremlin, Event and Weapon spaces carry a letter in a disc, the Start
    spaces a disc of their colour and the theater's word spaces their words. Space ``(x, y)``
    is drawn at column ``x`` from the left and row ``y`` from the bottom.
    """
    c, pad = _CELL, _MARGIN
    w, h = m.width * c + 2 * pad, m.height * c + 2 * pad
    fills = {STREET: _STREET_FILL, TOWN_SQUARE: _TOWN_SQUARE_FILL, MOVIE_THEATER: _THEATER_FILL}
    others = [loc for loc in m.locations if loc not in fills]
    for k, loc in enumerate(others):
        fills[loc] = _PALETTE[k % len(_PALETTE)]

    def left(s: Space) -> int:
        return pad + s.x * c

    def top(s: Space) -> int:
        return pad + (m.height - 1 - s.y) * c

    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" '
        'font-family="sans-serif">',
        f"<title>{_esc(m.name)}</title>",
        f'<rect width="{w}" height="{h}" fill="#5b6b4e"/>',
        '<g stroke="#b8b2a4" stroke-width="1">',
    ]
    for s in m.spaces:
        out.append(f'<rect x="{left(s)}" y="{top(s)}" width="{c}" height="{c}" fill="{fills[s.area]}"/>')
    out.append("</g>")
    # column letters and row numbers
    out.append('<g font-size="10" fill="#ffffff" text-anchor="middle">')
    for x in range(m.width):
        out.append(f'<text x="{pad + x * c + c // 2}" y="{pad - 6}">{cell_name(x, 0)[0]}</text>')
    for y in range(m.height):
        out.append(f'<text x="{pad // 2}" y="{pad + (m.height - 1 - y) * c + c // 2 + 4}">{y + 1}</text>')
    out.append("</g>")
    # closed edges: walls, and the edges of locations that are not doors
    doors, walls = set(m.doors), set(m.walls)
    lines: list[str] = []
    sills: list[str] = []
    for u, v in _grid_edges(m):
        a, b = m.spaces[u], m.spaces[v]
        closed = (u, v) in walls or (a.area != b.area and (u, v) not in doors)
        if not closed and (u, v) not in doors:
            continue
        x1, y1, x2, y2 = _shared_side(m, a, b)
        if closed:
            lines.append(f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}"/>')
        else:
            sills.append(f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}"/>')
    out.append('<g stroke="#222222" stroke-width="4" stroke-linecap="square">')
    out.extend(lines)
    out.append("</g>")
    out.append('<g stroke="#b5651d" stroke-width="3" stroke-dasharray="3 3">')
    out.extend(sills)
    out.append("</g>")
    # the board's outer edge
    out.append(f'<rect x="{pad}" y="{pad}" width="{m.width * c}" height="{m.height * c}" fill="none" '
               'stroke="#222222" stroke-width="4"/>')
    if marks:
        out.append('<g font-size="11" font-weight="bold" text-anchor="middle">')
        for i, s in enumerate(m.spaces):
            cx, cy = svg_centre(m, i)
            if s.mark in _MARK_STYLE:
                colour, letter = _MARK_STYLE[s.mark]
                out.append(f'<circle cx="{cx}" cy="{cy + 2}" r="9" fill="{colour}"/>'
                           f'<text x="{cx}" y="{cy + 6}" fill="#ffffff">{letter}</text>')
            elif s.mark == "start":
                fill = _COLOUR_FILL.get(s.colour, "#888888")
                out.append(f'<circle cx="{cx}" cy="{cy}" r="12" fill="{fill}" '
                           f'stroke="#222222" stroke-width="2"/>'
                           f'<text x="{cx}" y="{cy + 4}" font-size="9" fill="#ffffff">START</text>')
            elif s.mark == "words":
                size = max(5, min(10, (c - 2) * 8 // (5 * max(len(s.words), 1))))
                out.append(f'<text x="{cx}" y="{cy + 6}" font-size="{size}" fill="#5a1010">'
                           f"{_esc(s.words)}</text>")
        out.append("</g>")
    # location names, centred along the top of each location, above the marks
    out.append('<g font-size="8" font-weight="bold" fill="#222222" text-anchor="middle">')
    for loc in m.locations:
        cells = [s for s in m.spaces if s.area == loc]
        x0, x1 = min(s.x for s in cells), max(s.x for s in cells)
        y1 = max(s.y for s in cells)
        out.append(f'<text x="{pad + (x0 + x1 + 1) * c // 2}" y="{pad + (m.height - 1 - y1) * c + 9}" '
                   f'stroke="#ffffff" stroke-width="2" paint-order="stroke">{_esc(loc)}</text>')
    out.append("</g>")
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _grid_edges(m: Map) -> list[tuple[int, int]]:
    """Every pair of side-by-side spaces (whether or not a step joins them), ``u < v``, sorted."""
    at = {(s.x, s.y): i for i, s in enumerate(m.spaces)}
    out = []
    for (x, y), i in at.items():
        for other in ((x + 1, y), (x, y + 1)):
            j = at.get(other)
            if j is not None:
                out.append(_pair(i, j))
    return sorted(out)


def _shared_side(m: Map, a: Space, b: Space) -> tuple[int, int, int, int]:
    """The SVG segment of the side two neighbouring spaces share."""
    c, pad = _CELL, _MARGIN
    if a.y == b.y:  # side by side: a vertical segment
        x = pad + max(a.x, b.x) * c
        y = pad + (m.height - 1 - a.y) * c
        return x, y, x, y + c
    x = pad + a.x * c
    y = pad + (m.height - 1 - max(a.y, b.y)) * c + c
    return x, y, x + c, y
