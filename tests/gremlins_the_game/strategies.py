"""Hypothesis strategies for Gremlins: The Game: a user's own maps and component sets, and tables
with every option (for the engine's differential tests and the game's own)."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import strategies as st

from gremlinrules.core.board import cell_name
from gremlinrules.core.errors import SetupError
from gremlinrules.gremlins_the_game import ARMOURY
from gremlinrules.gremlins_the_game import Components
from gremlinrules.gremlins_the_game import Map
from gremlinrules.gremlins_the_game import Options
from gremlinrules.gremlins_the_game import all_actions
from gremlinrules.gremlins_the_game import load_map
from gremlinrules.gremlins_the_game import read_map
from gremlinrules.gremlins_the_game import validate_components
from gremlinrules.gremlins_the_game.components import COLOURS
from gremlinrules.gremlins_the_game.components import EFFECT_KINDS
from gremlinrules.gremlins_the_game.components import REPLENISH
from gremlinrules.gremlins_the_game.components import SHAPES
from gremlinrules.gremlins_the_game.components import Effect
from gremlinrules.gremlins_the_game.components import EventCard
from gremlinrules.gremlins_the_game.components import GremlinToken
from gremlinrules.gremlins_the_game.components import Symbol
from gremlinrules.gremlins_the_game.components import WeaponCard
from gremlinrules.gremlins_the_game.setup import CONFORMANCE_TABLES
from tests.gremlins_the_game.test_board import SMALL

__all__ = ["any_options", "player_counts", "random_components", "random_map", "tables", "user_components",
           "user_maps"]

player_counts = st.integers(min_value=2, max_value=4)
_SYMBOLS = [(c, s) for c in COLOURS for s in SHAPES]
_MAX_ACTIONS = 4096


def _split(rnd: random.Random, total: int, parts: int) -> list[int]:
    """``total`` as ``parts`` positive numbers."""
    cuts = sorted(rnd.sample(range(1, total), parts - 1))
    return [b - a for a, b in zip([0, *cuts], [*cuts, total], strict=True)]


def _symbols(rnd: random.Random, offered: list[tuple[str, str]], units: int) -> tuple[Symbol, ...]:
    """Symbols of ``units`` units in all (1 to 4, GTG-DATA-5), drawn from ``offered``."""
    picked: dict[tuple[str, str], int] = {}
    for _ in range(units):
        key = rnd.choice(offered)
        picked[key] = picked.get(key, 0) + 1
    return tuple(Symbol(c, s, n) for (c, s), n in picked.items())


def random_components(rnd: random.Random) -> Components:
    """A valid component set (GTG-DATA-1, GTG-DATA-5): 1 to 30 weapon kinds, 36 gremlins (one of them
    Stripe, anywhere in the list) showing only symbols some weapon has, 1 to 30 event kinds of 0
    to 3 effects. The more weapon kinds, the fewer symbols a gremlin shows, so the minimal covering
    sets stay few (the action space within the engine's 4096, the rule book's tables quick)."""
    kinds = rnd.choice([1, 2, 3, 5, 8, 10, 14, 20, 30])
    weapons = tuple(WeaponCard(f"w{k}", copies, _symbols(rnd, _SYMBOLS, rnd.randint(1, 4)))
                    for k, copies in enumerate(_split(rnd, 30, kinds)))
    offered = sorted({(s.colour, s.shape) for w in weapons for s in w.symbols})
    most = 4 if kinds <= 10 else 3 if kinds <= 16 else 2
    stripe = rnd.randrange(36)
    gremlins = tuple(GremlinToken(f"g{k}", rnd.randint(0, 20), _symbols(rnd, offered, rnd.randint(1, most)),
                                  stripe=k == stripe) for k in range(36))
    events = []
    for k, copies in enumerate(_split(rnd, 30, rnd.choice([1, 2, 5, 11, 30]))):
        effects = []
        for _ in range(rnd.randint(0, 3)):
            kind = rnd.choice(EFFECT_KINDS)
            if kind == "replenish":
                effects.append(Effect(kind, 1, rnd.choice(REPLENISH)))
            elif kind == "return_to_start":
                effects.append(Effect(kind))
            else:
                effects.append(Effect(kind, rnd.randint(1, 3)))
        events.append(EventCard(f"e{k}", f"Event {k}", copies, tuple(effects)))
    return validate_components(Components(gremlins=gremlins, weapons=weapons, events=tuple(events)))


@st.composite
def user_components(draw: st.DrawFn) -> Components:
    """A random valid component set whose table's action space the engine takes (at most 4096
    actions on the largest map)."""
    rnd = random.Random(draw(st.integers(0, 2**32)))
    while True:
        comps = random_components(rnd)
        if len(all_actions(2, Options(components=comps))) + 2 * (676 - 382) <= _MAX_ACTIONS:
            return comps


def _rectangle(rnd: random.Random, free: set[tuple[int, int]], width: int, height: int,
               w: int, h: int) -> list[tuple[int, int]] | None:
    for _ in range(40):
        x0, y0 = rnd.randrange(width - w + 1), rnd.randrange(height - h + 1)
        cells = [(x, y) for x in range(x0, x0 + w) for y in range(y0, y0 + h)]
        if all(c in free for c in cells):
            return cells
    return None


def random_map(rnd: random.Random, width: int | None = None, height: int | None = None) -> Map | None:
    """A random map load_map may accept (GTG-MAP-2): 5 to 26 columns and rows of streets, a few
    cells that are no space and walls between streets, a Town Square, a Movie Theater with word
    spaces and perhaps one more building, each a rectangle with one to four doors, the marks and
    the Starts on the streets. None when the map came out invalid (a pocket the Starts cannot
    reach, too few streets). ``width`` and ``height`` fix the size."""
    width = rnd.randint(5, 26) if width is None else width
    height = rnd.randint(5, 26) if height is None else height
    if width * height < 60:
        return None
    area = {(x, y): "." for x in range(width) for y in range(height)}
    free = set(area)
    locations = {"T": "Town Square", "M": "Movie Theater"}
    if rnd.random() < 0.5:
        locations["B"] = "Bank"
    doors: list[str] = []
    words: dict[str, str] = {}
    for letter in locations:
        cells = _rectangle(rnd, free, width, height, rnd.randint(1, 5), rnd.randint(1, 4))
        if cells is None:
            return None
        for c in cells:
            area[c] = letter
        free -= {(x + dx, y + dy) for x, y in cells for dx in (-1, 0, 1) for dy in (-1, 0, 1)}
        edges = [(c, (c[0] + dx, c[1] + dy)) for c in cells for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))
                 if area.get((c[0] + dx, c[1] + dy)) == "."]
        for inside, outside in rnd.sample(edges, min(len(edges), rnd.randint(1, 4))):
            doors.append(f"{cell_name(*inside)}-{cell_name(*outside)}")
        if letter == "M" and len(cells) > 1:
            for c in rnd.sample(cells, rnd.randrange(len(cells))):
                words[cell_name(*c)] = rnd.choice(["DON'T", "FEED", "AFTER", "MIDNIGHT"])
    door_cells = {part for d in doors for part in d.split("-")}
    holes = sorted(c for c in free if cell_name(*c) not in door_cells)
    for c in rnd.sample(holes, min(len(holes), rnd.randint(0, 8))):
        area[c] = "#"
    streets = [c for c in sorted(area) if area[c] == "." and cell_name(*c) not in door_cells]
    gremlin_spaces = rnd.randint(1, 35)
    if len(streets) < 28 + gremlin_spaces:
        gremlin_spaces = len(streets) - 28
        if gremlin_spaces < 1:
            return None
    picked = rnd.sample(streets, 28 + gremlin_spaces)
    starts, marked = picked[:4], picked[4:]
    mark = {**dict.fromkeys(marked[:12], "E"), **dict.fromkeys(marked[12:24], "W"),
            **dict.fromkeys(marked[24:], "G")}
    walls: dict[str, str] = {}
    for _ in range(rnd.randint(0, 6)):
        x, y = rnd.choice(streets)
        side, (dx, dy) = rnd.choice([("E", (1, 0)), ("N", (0, 1))])
        if area.get((x + dx, y + dy)) == "." and side not in walls.get(cell_name(x, y), ""):
            walls[cell_name(x, y)] = walls.get(cell_name(x, y), "") + side
            other = cell_name(x + dx, y + dy)
            walls[other] = walls.get(other, "") + {"E": "W", "N": "S"}[side]
    rows = range(height - 1, -1, -1)
    data: dict[str, Any] = {
        "name": f"Random town {width} x {height}", "width": width, "height": height,
        "areas": ["".join(area[x, y] for x in range(width)) for y in rows],
        "marks": ["".join(mark.get((x, y), ".") for x in range(width)) for y in rows],
        "doors": doors, "locations": locations, "words": words, "walls": walls,
        "starts": {colour: cell_name(*c) for colour, c in zip(COLOURS, starts, strict=True)},
    }
    try:
        return load_map(data)
    except SetupError:
        return None


@st.composite
def user_maps(draw: st.DrawFn) -> Map:
    """A random valid map (GTG-MAP-7), or the small four-corner one."""
    if draw(st.booleans()):
        return read_map(SMALL)
    rnd = random.Random(draw(st.integers(0, 2**32)))
    while True:
        made = random_map(rnd)
        if made is not None:
            return made


any_options = st.builds(
    Options,
    challenging=st.booleans(),
    turn_limit=st.sampled_from([1, 40, 240, 400]),
    reenter_square=st.booleans(),
    components=st.one_of(st.none(), st.just(ARMOURY), user_components()),
    map=st.one_of(st.none(), user_maps()),
)
"""Options over every field but ``bounded`` (a game whose rules as written never end plays on
without a decision bound): every reading, the variant, the reference, armoury and a user's own
component set, the reference or a user's own map."""

tables = st.one_of(
    st.tuples(player_counts, st.one_of(st.none(), any_options)),
    st.sampled_from([(players, options) for _, players, options in CONFORMANCE_TABLES]),
)
"""A table (players, options): random ones, and the conformance suite's named tables."""
