"""The Gremlins: The Game map: the reference map's properties, the loader's errors, the drawing."""

from __future__ import annotations

import copy
import tomllib
import xml.etree.ElementTree as ET
from collections.abc import Callable
from importlib import resources
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gremlinrules.core.board import distances
from gremlinrules.core.board import reachable
from gremlinrules.core.errors import InvalidArgumentError
from gremlinrules.core.errors import SetupError
from gremlinrules.gremlins_the_game import board
from gremlinrules.gremlins_the_game.board import COLOURS
from gremlinrules.gremlins_the_game.board import REFERENCE_MAP
from gremlinrules.gremlins_the_game.board import load_map
from gremlinrules.gremlins_the_game.board import map_svg
from gremlinrules.gremlins_the_game.board import read_map

M = REFERENCE_MAP
NAMED = ("Movie Theater", "Town Square", "Peltzer House", "YMCA", "Dorry's Tavern", "Department Store")
SVG = "{http://www.w3.org/2000/svg}"


def raw() -> dict[str, Any]:
    """A fresh copy of the parsed board.toml."""
    text = resources.files(board.__package__).joinpath("board.toml").read_text(encoding="utf-8")
    return copy.deepcopy(tomllib.loads(text))


def names(ids: tuple[int, ...] | frozenset[int]) -> set[str]:
    return {M.spaces[i].name for i in ids}


# -- the reference map ---------------------------------------------------------------------------------


@pytest.mark.clause("GTG-MAP-1", "GTG-MAP-2", "GTG-MAP-4")
def test_reference_map_counts() -> None:
    """The reference map: 20 x 20, 382 spaces, 12 Event, 12 Weapon and 12 Gremlin spaces, the six
    named locations and the two invented ones."""
    assert (M.width, M.height, len(M.spaces)) == (20, 20, 382)
    assert (len(M.event_spaces), len(M.weapon_spaces), len(M.gremlin_spaces)) == (12, 12, 12)
    assert set(NAMED) <= set(M.locations)
    assert set(M.locations) - set(NAMED) == {"Police Station", "Bank"}
    by_mark = {mark: tuple(i for i, s in enumerate(M.spaces) if s.mark == mark)
               for mark in ("gremlin", "event", "weapon")}
    assert by_mark == {"gremlin": M.gremlin_spaces, "event": M.event_spaces, "weapon": M.weapon_spaces}


def test_space_names_and_ids() -> None:
    """Spaces are named chess-like from a1 at the bottom left; ids run row by row, columns first."""
    assert M.spaces[0].name == "a1"
    assert (M.spaces[0].x, M.spaces[0].y) == (0, 0)
    assert M.spaces[M.space("t20")].name == "t20"
    assert [(s.y, s.x) for s in M.spaces] == sorted((s.y, s.x) for s in M.spaces)
    assert all(s.name == f"{'abcdefghijklmnopqrst'[s.x]}{s.y + 1}" for s in M.spaces)
    assert M.graph.names == tuple(s.name for s in M.spaces)
    with pytest.raises(InvalidArgumentError):
        M.space("i4")  # the park is not walkable: no space there


@pytest.mark.clause("GTG-MAP-6")
def test_starts_and_the_town_square() -> None:
    """Each colour's Start is its own unmarked street space, exactly 6 steps from entering the 4 x 4
    Town Square, which is reachable on the first move (so the first-turn ban matters)."""
    assert names(M.starts) == {"g6", "n6", "p9", "e8"}
    assert [M.spaces[M.start(c)].colour for c in COLOURS] == list(COLOURS)
    assert all(M.spaces[s].area == "street" and M.spaces[s].mark == "start" for s in M.starts)
    assert len(M.town_square) == 16
    assert all(M.spaces[i].area == "Town Square" for i in M.town_square)
    for s in M.starts:
        dist = distances(M.graph, s)
        assert min(d for i, d in enumerate(dist) if i in M.town_square and d is not None) == 6
        assert set(reachable(M.graph, s, 6)) & M.town_square
    with pytest.raises(SetupError):
        M.start("purple")


@pytest.mark.clause("GTG-MAP-5")
def test_movie_theater() -> None:
    """The Movie Theater: 24 spaces, 4 with words (never a gremlin), 20 free for escaped gremlins."""
    theater = M.area_spaces("Movie Theater")
    assert len(theater) == 24
    assert set(M.theater_spaces) | set(M.word_spaces) == set(theater)
    assert not set(M.theater_spaces) & set(M.word_spaces)
    assert [M.spaces[i].words for i in M.word_spaces] == ["DON'T", "FEED", "AFTER", "MIDNIGHT"]
    assert len(M.theater_spaces) == 20
    assert all(M.spaces[i].mark == "" for i in M.theater_spaces)
    assert all(M.spaces[i].mark == "" for i in M.town_square)


@pytest.mark.clause("GTG-MAP-2")
def test_every_start_reaches_everything_that_matters() -> None:
    """From every Start a walk reaches every space: every token space, the theater, the Town Square,
    the other Starts, and any space a free move could put a player on."""
    for s in M.starts:
        assert None not in distances(M.graph, s)


@pytest.mark.clause("GTG-MAP-3")
def test_graph_steps_follow_the_map_data() -> None:
    """Read independently from board.toml: two side-by-side spaces are one step apart exactly when no
    wall lies between them and they share an area or a door joins them."""
    data = raw()
    height = data["height"]
    area = {}
    for k, row in enumerate(data["areas"]):
        for x, ch in enumerate(row):
            if ch != "#":
                area[f"{'abcdefghijklmnopqrst'[x]}{height - k}"] = ch
    walls = set()
    for name, sides in data["walls"].items():
        col, row_no = name[0], int(name[1:])
        for side in sides:
            dx, dy = {"N": (0, 1), "E": (1, 0), "S": (0, -1), "W": (-1, 0)}[side]
            walls.add(frozenset((name, f"{chr(ord(col) + dx)}{row_no + dy}")))
    doors = {frozenset(d.split("-")) for d in data["doors"]}
    checked = 0
    for name in area:
        col, row_no = name[0], int(name[1:])
        for other in (f"{chr(ord(col) + 1)}{row_no}", f"{col}{row_no + 1}"):
            if other not in area:
                continue
            edge = frozenset((name, other))
            want = edge not in walls and (area[name] == area[other] or edge in doors)
            got = M.space(other) in M.graph.neighbours[M.space(name)]
            assert got == want, (name, other)
            checked += 1
    assert checked > len(M.graph.edges())  # every step was checked, and some closed sides too


@pytest.mark.clause("GTG-MAP-3")
def test_walls_and_doorless_edges_block_doors_open() -> None:
    """A fence, a building's wall without a door and the park stop a step; a door lets it through."""
    g = M.graph

    def joined(a: str, b: str) -> bool:
        return M.space(b) in g.neighbours[M.space(a)]

    assert not joined("g14", "g15")  # a fence across a lane
    assert not joined("c15", "c16")  # the YMCA's south wall
    assert joined("d15", "d16")  # the YMCA's south door
    assert joined("j12", "j13")
    assert not joined("i12", "i13")
    assert not joined("r16", "r17")  # a wall inside the Department Store
    assert joined("q16", "q17")
    assert names(g.neighbours[M.space("g4")]) == {"g3", "g5", "f4"}  # the park east, a door west


def test_each_location_has_a_door() -> None:
    """Every location is entered through at least one door, and every door joins two areas."""
    for loc in M.locations:
        assert any(loc in (M.spaces[u].area, M.spaces[v].area) for u, v in M.doors), loc
    assert all(M.spaces[u].area != M.spaces[v].area for u, v in M.doors)


# -- the loader's errors -------------------------------------------------------------------------------


def _set(key: str, value: Any) -> Callable[[dict[str, Any]], None]:
    def change(d: dict[str, Any]) -> None:
        d[key] = value
    return change


def _mark(name: str, ch: str) -> Callable[[dict[str, Any]], None]:
    """Put ``ch`` in the marks picture at space ``name``."""
    def change(d: dict[str, Any]) -> None:
        x, k = ord(name[0]) - ord("a"), d["height"] - int(name[1:])
        row = d["marks"][k]
        d["marks"][k] = row[:x] + ch + row[x + 1:]
    return change


def _area(name: str, ch: str) -> Callable[[dict[str, Any]], None]:
    def change(d: dict[str, Any]) -> None:
        x, k = ord(name[0]) - ord("a"), d["height"] - int(name[1:])
        row = d["areas"][k]
        d["areas"][k] = row[:x] + ch + row[x + 1:]
    return change


def _walls(**sides: str) -> Callable[[dict[str, Any]], None]:
    def change(d: dict[str, Any]) -> None:
        for name, side in sides.items():
            if side:
                d["walls"][name] = side
            else:
                del d["walls"][name]
    return change


def _doors(add: tuple[str, ...] = (), remove: tuple[str, ...] = ()) -> Callable[[dict[str, Any]], None]:
    def change(d: dict[str, Any]) -> None:
        d["doors"] = [x for x in d["doors"] if x not in remove] + list(add)
    return change


def _table(key: str, name: str, value: Any) -> Callable[[dict[str, Any]], None]:
    def change(d: dict[str, Any]) -> None:
        if value is None:
            del d[key][name]
        else:
            d[key][name] = value
    return change


def _both(*changes: Callable[[dict[str, Any]], None]) -> Callable[[dict[str, Any]], None]:
    def change(d: dict[str, Any]) -> None:
        for c in changes:
            c(d)
    return change


BAD_MAPS: list[tuple[str, Callable[[dict[str, Any]], None], str]] = [
    ("asymmetric wall", _walls(g15=""), "g14 has a wall on its N side but g15 has none"),
    ("wall off the board", _walls(a1="W"), "a1's W wall has no space across it"),
    ("wall into the park", _walls(h6="S"), "h6's S wall has no space across it"),
    ("wall with a bad side", _walls(a1="X"), "[walls]: a1 must list distinct sides"),
    ("wall on no space", _walls(z40="N"), "[walls]: 'z40' is not a space"),
    ("door in the street", _doors(add=("a1-a2",)), "a1-a2 is not on a building's edge"),
    ("door inside a building", _doors(add=("b17-c17",)), "b17-c17 is not on a building's edge"),
    ("door between far spaces", _doors(add=("a1-a3",)), "a1-a3 joins spaces that are not side by side"),
    ("door to no space", _doors(add=("a1-z99",)), "'z99' is not a space"),
    ("door in bad form", _doors(add=("a1a2",)), "'a1a2' is not two space names"),
    ("door listed twice", _doors(add=("d16-d15",)), "d16-d15 is listed twice"),
    ("door through a wall", _both(_doors(add=("c15-c16",)), _walls(c15="N", c16="S")),
     "c15-c16 is also a wall"),
    ("building without a door", _doors(remove=("c6-c7", "f4-g4")), "'Police Station' has no door"),
    ("token space out of reach", _walls(t16="NS", t15="N", t17="S"), "cannot reach t16 (weapon)"),
    ("street pocket out of reach", _walls(a14="NES", a15="S", b14="W", a13="N"),
     "red's start g6 cannot reach a14 (street)"),
    ("building in two pieces", _area("h3", "Y"), "the location 'YMCA' is in separate pieces (h3 and b16)"),
    ("eleven event spaces", _mark("a10", "."), "11 Event spaces; it needs 12"),
    ("thirteen weapon spaces", _mark("a2", "W"), "13 Weapon spaces; it needs 12"),
    ("no gremlin space", lambda d: d.update(marks=[r.replace("G", ".") for r in d["marks"]]),
     "0 Gremlin spaces"),
    ("mark in the Town Square", _mark("j10", "E"), "j10 is in the Town Square"),
    ("mark in the theater", _mark("h17", "G"), "h17 is in the Movie Theater"),
    ("mark in the park", _mark("i4", "G"), "i4 is not a space"),
    ("unknown mark", _mark("a2", "X"), "a2 has 'X'"),
    ("unknown area letter", _area("a2", "Z"), "a2 has 'Z'"),
    ("short row", lambda d: d["areas"].__setitem__(3, "..."), "areas: row 17 must be a string of 20"),
    ("missing row", lambda d: d["marks"].pop(), "marks must be a list of 20 strings"),
    ("two letters, one location", _table("locations", "Q", "YMCA"), "two letters name 'YMCA'"),
    ("location with no space", _table("locations", "Q", "Clock Tower"), "'Clock Tower' has no space"),
    ("no Town Square", _table("locations", "T", "Plaza"), "must include 'Town Square'"),
    ("bad location letter", _table("locations", "..", "Clock Tower"), "must be one character"),
    ("missing colour", _table("starts", "yellow", None), "[starts] must give exactly the colours"),
    ("two starts on one space", _table("starts", "blue", "g6"), "blue and red share the space g6"),
    ("start in a building", _table("starts", "red", "c17"), "red's start c17 must be an unmarked street"),
    ("start on a token", _table("starts", "red", "a10"), "red's start a10 must be an unmarked street"),
    ("start nowhere", _table("starts", "red", 7), "[starts] red: 7 is not a space"),
    ("words in the street", _table("words", "a2", "BOO"), "[words]: a2 is not in the Movie Theater"),
    ("empty words", _table("words", "h17", ""), "[words]: h17 needs 1 to 12"),
    ("unknown key", _set("colour", "red"), "unknown map keys ['colour']"),
    ("no name", _set("name", ""), "the map needs a name"),
    ("huge width", _set("width", 10**5000), "width must be an integer from 2 to 26"),
    ("width as text", _set("width", "20"), "width must be an integer"),
    ("walls not a table", _set("walls", ["a1"]), "[walls] must be a table"),
    ("doors not a list", _set("doors", "a1-a2"), "doors must be a list"),
]


@pytest.mark.clause("GTG-MAP-2")
@pytest.mark.parametrize(("change", "message"), [pytest.param(c, m, id=i) for i, c, m in BAD_MAPS])
def test_loader_rejects_bad_maps(change: Callable[[dict[str, Any]], None], message: str) -> None:
    """Every kind of bad map raises SetupError whose message names the place (and stays short)."""
    data = raw()
    load_map(data)  # the unchanged copy loads
    change(data)
    with pytest.raises(SetupError) as info:
        load_map(data)
    assert message in str(info.value)
    assert len(str(info.value)) < 240


def test_loader_rejects_non_tables_and_bad_text(tmp_path: Path) -> None:
    """A map that is not a table, unreadable TOML and a missing file are SetupErrors too."""
    with pytest.raises(SetupError, match="map data must be a table"):
        load_map([1, 2])  # type: ignore[arg-type]
    with pytest.raises(SetupError, match="cannot read the map"):
        read_map("width = = 3")
    with pytest.raises(SetupError, match="cannot read the map"):
        read_map(tmp_path / "missing.toml")


SMALL = """
name = "Four corners"
width = 7
height = 6
areas = [
  "MM.....",
  "MM.....",
  "..TT...",
  "..TT...",
  ".......",
  ".......",
]
marks = [
  "..EEEE.",
  "..EEEE.",
  "EE..WW.",
  "GG..WWW",
  "EEWWWW.",
  ".WWW...",
]
doors = ["b5-b4", "c4-b4", "d3-d2"]

[locations]
M = "Movie Theater"
T = "Town Square"

[starts]
red = "a1"
blue = "g1"
green = "g4"
yellow = "g6"

[words]
a5 = "EXIT"
"""


def test_a_users_map_loads_from_text_and_from_a_file(tmp_path: Path) -> None:
    """A user's own map goes through the same loader, from TOML text or from a file."""
    m = read_map(SMALL)
    path = tmp_path / "mine.toml"
    path.write_text(SMALL, encoding="utf-8")
    assert read_map(path) == m
    assert (m.name, m.width, m.height, len(m.spaces)) == ("Four corners", 7, 6, 42)
    assert {m.spaces[i].name for i in m.word_spaces} == {"a5"}
    assert {m.spaces[i].name for i in m.theater_spaces} == {"a6", "b6", "b5"}
    assert len(m.gremlin_spaces) == 2
    assert m.walls == ()
    walled_in = SMALL + '\n[walls]\na1 = "NE"\na2 = "S"\nb1 = "W"\n'
    with pytest.raises(SetupError, match="red's start a1 cannot reach"):
        read_map(walled_in)


# -- the drawing ---------------------------------------------------------------------------------------


def test_map_svg_draws_the_data() -> None:
    """map_svg is well-formed, deterministic, and draws each location's name, each word space's words,
    one disc per token space and one coloured Start per colour; without marks it draws none of them."""
    text = map_svg(M)
    assert text == map_svg(REFERENCE_MAP)
    root = ET.fromstring(text)
    texts = [t.text for t in root.iter(f"{SVG}text")]
    for loc in M.locations:
        assert loc in texts
    for i in M.word_spaces:
        assert M.spaces[i].words in texts
    discs = list(root.iter(f"{SVG}circle"))
    assert len(discs) == 36 + 4
    assert len([t for t in texts if t == "START"]) == 4
    assert len(root.findall(f".//{SVG}rect")) == len(M.spaces) + 2
    centres = {(int(c.get("cx", "")), int(c.get("cy", ""))) for c in discs}
    assert {board.svg_centre(M, s) for s in M.starts} <= centres
    assert board.svg_centre(M, M.space("a20")) == (20 + 16, 20 + 16)  # the top-left space
    plain = ET.fromstring(map_svg(M, marks=False))
    assert not list(plain.iter(f"{SVG}circle"))


def test_map_svg_of_another_map_differs() -> None:
    """The drawing comes from the data: a different map gives a different picture."""
    assert map_svg(read_map(SMALL)) != map_svg(M)
    assert "Four corners" in map_svg(read_map(SMALL))


DOCS_PAGE = Path(__file__).resolve().parents[2] / "docs" / "games" / "gremlins-the-game-map.rst"


def test_the_docs_example_map_loads() -> None:
    """The complete example map on the docs page is valid, and is the small map of these tests plus
    the walls it shows."""
    text = DOCS_PAGE.read_text(encoding="utf-8")
    block = text.split(".. code-block:: toml\n", 1)[1].lstrip("\n")
    lines = []
    for line in block.splitlines():
        if line and not line.startswith("   "):
            break
        lines.append(line[3:])
    m = read_map("\n".join(lines))
    assert (m.name, len(m.spaces), len(m.walls)) == ("Four corners", 42, 1)
    assert without_walls(m) == without_walls(read_map(SMALL))


def without_walls(m: board.Map) -> tuple[object, ...]:
    """The map without its walls and graph, to compare two maps that differ only by walls."""
    return (m.name, m.spaces, m.starts, m.gremlin_spaces, m.event_spaces, m.weapon_spaces,
            m.theater_spaces, m.word_spaces, m.town_square, m.locations, m.doors)


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=4), inner, max_size=4),
    max_leaves=12,
)
PLACES = ("name", "width", "height", "areas", "marks", "doors", "locations", "starts", "words", "walls",
          "locations.M", "starts.red", "words.i19", "walls.g14", "areas.0", "marks.5", "doors.0")


@given(st.lists(st.tuples(st.sampled_from(PLACES), JSON), min_size=1, max_size=3))
def test_loader_never_fails_with_anything_but_setup_error(junk: list[tuple[str, Any]]) -> None:
    """Whatever junk replaces parts of a valid map, load_map returns a Map or raises SetupError."""
    data = raw()
    for place, value in junk:
        key, _, sub = place.partition(".")
        if not sub:
            data[key] = value
        elif isinstance(data.get(key), list) and sub.isdigit() and int(sub) < len(data[key]):
            data[key][int(sub)] = value
        elif isinstance(data.get(key), dict):
            data[key][sub] = value
    message = ""
    try:
        m = load_map(data)
    except SetupError as exc:
        message = str(exc)
    else:
        assert isinstance(m, board.Map)
    assert len(message) < 400
