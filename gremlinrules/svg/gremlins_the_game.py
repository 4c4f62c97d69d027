"""Gremlins: The Game drawn from a view: the town map with its tokens, gremlins and pawns, and
each seat's defeated gremlins and weapon hand.

The map is drawn from its data (the table's own map, or the reference ``board.toml``) with the
geometry of :func:`gremlinrules.gremlins_the_game.board.map_svg`: space ``(x, y)`` is a square
at column ``x`` from the left and row ``y`` from the bottom, locations shaded, closed edges
thick, doors dashed.

Parts a program may count (classes and data attributes):

- ``<g class="space" data-space="a1" data-area="street" data-mark="...">``: one per space;
- ``<g class="token" data-kind="event|weapon" data-space="h2">``: one per token on the map;
- ``<g class="gremlin" data-zone="board" data-space="n2" data-gremlin="green-circle-1pt"
  data-face-up="true">``: one per gremlin token on the map, named by its design (GTG-VIEW-2, as
  the view names it), a face-down one with
  ``data-gremlin="hidden"`` (GTG-VIEW-1: nobody knows it) and ``data-from-pool="true"`` when it
  came from the pool after setup (only such a token may be Stripe); ``data-zone="crowd"`` (no
  ``data-space``) for each gremlin of a full theater's crowd, ``data-zone="defeated"`` with
  ``data-seat`` for each defeated gremlin;
- ``<g class="pawn" data-seat="k" data-colour="red" data-space="j15">``: one per seat;
- ``<g class="seat" data-seat="k">`` holding ``<g class="hand" data-seat="k" data-count="n">`` with
  one ``<g class="card" data-zone="hand">`` per weapon card: faces (``data-card="shotgun"``) for
  the viewer's own hand, backs (``data-card="hidden"``) for the others' and a spectator's;
- ``<g class="pile" data-pile="..." data-count="n">`` for the gremlin pool, the weapon deck, the
  weapon discard, the event deck and the event discard (the discards show their top card).

``data-part`` marks what an action names (see :func:`parts`): every space, and the viewer's own
weapon cards.

``labels=True`` writes each space's name in its corner.
"""

from __future__ import annotations

import functools
from collections import Counter

from gremlinrules.core.errors import InvalidArgumentError
from gremlinrules.core.errors import shown
from gremlinrules.gremlins_the_game import frames
from gremlinrules.gremlins_the_game.actions import Choose
from gremlinrules.gremlins_the_game.actions import Defeat
from gremlinrules.gremlins_the_game.actions import Discard
from gremlinrules.gremlins_the_game.actions import LetEscape
from gremlinrules.gremlins_the_game.actions import Move
from gremlinrules.gremlins_the_game.board import MOVIE_THEATER
from gremlinrules.gremlins_the_game.board import REFERENCE_MAP
from gremlinrules.gremlins_the_game.board import STREET
from gremlinrules.gremlins_the_game.board import TOWN_SQUARE
from gremlinrules.gremlins_the_game.board import Map
from gremlinrules.gremlins_the_game.board import Space
from gremlinrules.gremlins_the_game.components import COLOURS
from gremlinrules.gremlins_the_game.components import REFERENCE
from gremlinrules.gremlins_the_game.components import Symbol
from gremlinrules.gremlins_the_game.components import tables
from gremlinrules.gremlins_the_game.state import Phase
from gremlinrules.gremlins_the_game.view import View
from gremlinrules.gremlins_the_game.words import gremlin_words
from gremlinrules.gremlins_the_game.words import weapon_text
from gremlinrules.svg.core import INK
from gremlinrules.svg.core import PALETTE
from gremlinrules.svg.core import Node
from gremlinrules.svg.core import Sample
from gremlinrules.svg.core import card
from gremlinrules.svg.core import card_back
from gremlinrules.svg.core import circle
from gremlinrules.svg.core import document
from gremlinrules.svg.core import drawn
from gremlinrules.svg.core import fitted_size
from gremlinrules.svg.core import group
from gremlinrules.svg.core import heading
from gremlinrules.svg.core import legend
from gremlinrules.svg.core import line
from gremlinrules.svg.core import polygon
from gremlinrules.svg.core import rect
from gremlinrules.svg.core import seat_name
from gremlinrules.svg.core import text
from gremlinrules.svg.core import tooltip
from gremlinrules.svg.core import verdict
from gremlinrules.svg.core import viewer_line

__all__ = ["draw", "parts"]

TITLE = "Gremlins: The Game"
CELL = 28
"""A space's side."""
MAP_LEFT, MAP_TOP = 28.0, 72.0
"""The map's top left corner."""
PANEL_W = 380
"""The width of the seats' panel beside the map."""
SEAT_COLOURS = {name: PALETTE[name] for name in COLOURS}
"""A seat's pawn colour (seat 0 red, 1 blue, 2 green, 3 yellow, GTG-SETUP-2)."""
_AREA_FILLS = ("#f4d6a0", "#c9dcf0", "#d9c9ef", "#f2c4c4", "#cde8c4", "#f0e2b0", "#c4e4e4", "#e6cfe0")
_FIXED_FILLS = {STREET: "#e8e4da", TOWN_SQUARE: "#b9dca4", MOVIE_THEATER: "#e9b6b6"}
_MARKS = {"gremlin": (PALETTE["green"], "G"), "event": (PALETTE["orange"], "E"),
          "weapon": (PALETTE["blue"], "W")}
_GREMLIN_SKIN = "#3e8e3a"
_FACE_DOWN = "#36473a"
_PENDING: dict[type, str] = {
    frames.Fight: "fight {gremlin} or let it escape",
    frames.EscapeToTheater: "choose a Movie Theater space",
    frames.GangToTheater: "choose a Movie Theater space",
    frames.HandLimit: "discard a weapon card",
    frames.EventDiscard: "discard a weapon card",
    frames.PlaceGremlin: "place a gremlin from the pool",
    frames.PickGremlin: "choose a face-down gremlin to move",
    frames.MoveGremlin: "choose where the gremlin goes",
}


def _map_of(view: View) -> Map:
    return view.options.map or REFERENCE_MAP


def _corner(m: Map, s: Space) -> tuple[float, float]:
    return MAP_LEFT + s.x * CELL, MAP_TOP + (m.height - 1 - s.y) * CELL


def _centre(m: Map, name: str) -> tuple[float, float]:
    x, y = _corner(m, m.spaces[m.space(name)])
    return x + CELL / 2, y + CELL / 2


def _fills(m: Map) -> dict[str, str]:
    fills = dict(_FIXED_FILLS)
    others = [loc for loc in m.locations if loc not in fills]
    for k, loc in enumerate(others):
        fills[loc] = _AREA_FILLS[k % len(_AREA_FILLS)]
    return fills


def _edges(m: Map) -> tuple[list[Node], list[Node]]:
    """The closed edges (walls and location edges without a door) and the doors' sills."""
    at = {(s.x, s.y): i for i, s in enumerate(m.spaces)}
    doors, walls = set(m.doors), set(m.walls)
    closed: list[Node] = []
    sills: list[Node] = []
    for (x, y), i in sorted(at.items(), key=lambda item: item[1]):
        for other in ((x + 1, y), (x, y + 1)):
            j = at.get(other)
            if j is None:
                continue
            pair = (min(i, j), max(i, j))
            a, b = m.spaces[i], m.spaces[j]
            shut = pair in walls or (a.area != b.area and pair not in doors)
            if not shut and pair not in doors:
                continue
            left, top = _corner(m, a)
            if other[1] == y:  # b is to the right: their shared side is vertical
                seg = (left + CELL, top, left + CELL, top + CELL)
            else:  # b is above
                seg = (left, top, left + CELL, top)
            (closed if shut else sills).append(line(*seg))
    return closed, sills


@functools.lru_cache(maxsize=8)
def _board(m: Map, labels: bool) -> Node:
    """The map itself (it depends on nothing else, so a table's map is drawn once and kept)."""
    fills = _fills(m)
    fill_of = {s.name: fills.get(s.area, PALETTE["table"]) for s in m.spaces}
    # the most common fill (the street's) and the grid's stroke are set once on the spaces' group
    # and inherited; texts inside a space set stroke="none" so they are drawn as before
    common = min(Counter(fill_of.values()).items(), key=lambda kv: (-kv[1], kv[0]))[0]
    spaces: list[Node] = []
    for s in m.spaces:
        x, y = _corner(m, s)
        fill = fill_of[s.name]
        parts: list[Node | None] = [rect(x, y, CELL, CELL, fill=None if fill == common else fill)]
        cx, cy = x + CELL / 2, y + CELL / 2
        if s.mark in _MARKS:
            colour, letter = _MARKS[s.mark]
            parts.append(circle(cx, cy, 6, fill="none", stroke=colour, stroke_width=1.5))
            parts.append(text(cx, cy + 3, letter, size=8, anchor="middle", fill=colour, weight="bold",
                              stroke="none"))
        elif s.mark == "start":
            ring = SEAT_COLOURS.get(s.colour, INK)
            parts.append(circle(cx, cy, 11, fill="none", stroke=ring, stroke_width=3))
        elif s.mark == "words":
            size = max(5.0, min(9.0, (CELL - 2) * 1.6 / max(len(s.words), 1)))
            parts.append(text(cx, cy + 3, s.words, size=size, anchor="middle", fill="#5a1010", stroke="none"))
        if labels:
            parts.append(text(x + 2, y + 8, s.name, size=6, fill=PALETTE["muted"], stroke="none"))
        where = s.area if s.area != STREET else "street"
        spaces.append(group(tooltip(f"{s.name} ({where}{', ' + s.mark if s.mark else ''})"), *parts,
                            class_="space", data_space=s.name, data_area=s.area, data_mark=s.mark or None,
                            data_part=f"space:{s.name}"))
    closed, sills = _edges(m)
    coords: list[Node] = []
    for x in range(m.width):
        coords.append(text(MAP_LEFT + x * CELL + CELL / 2, MAP_TOP - 5, chr(ord("a") + x), size=9,
                           anchor="middle", fill=PALETTE["muted"]))
    for y in range(m.height):
        coords.append(text(MAP_LEFT - 6, MAP_TOP + (m.height - 1 - y) * CELL + CELL / 2 + 3, str(y + 1),
                           size=9, anchor="end", fill=PALETTE["muted"]))
    return group(
        rect(MAP_LEFT, MAP_TOP, m.width * CELL, m.height * CELL, fill="#5b6b4e"),
        group(*spaces, fill=common, stroke="#b8b2a4", stroke_width=1, class_="spaces"),
        group(*closed, stroke=INK, stroke_width=3.5, stroke_linecap="square", class_="walls"),
        group(*sills, stroke="#b5651d", stroke_width=3, stroke_dasharray="3 3", class_="doors"),
        rect(MAP_LEFT, MAP_TOP, m.width * CELL, m.height * CELL, fill="none", stroke=INK, stroke_width=3.5),
        group(*coords, class_="coordinates"),
        class_="map", data_map=m.name,
    )


@functools.lru_cache(maxsize=8)
def _names(m: Map) -> Node:
    """Each location's name across its top row, at a size that fits the location's width; drawn
    over the pieces (a gremlin on the top row never hides it) and never in the way of a click."""
    names: list[Node] = []
    for loc in m.locations:
        cells = [s for s in m.spaces if s.area == loc]
        x0, x1 = min(s.x for s in cells), max(s.x for s in cells)
        top = MAP_TOP + (m.height - 1 - max(s.y for s in cells)) * CELL
        size = fitted_size(loc, 8, (x1 - x0 + 1) * CELL - 4, smallest=5)
        names.append(text(MAP_LEFT + (x0 + x1 + 1) * CELL / 2, top + 9, loc, size=size, anchor="middle",
                          weight="bold", stroke=PALETTE["white"], stroke_width=2, paint_order="stroke",
                          data_area=loc))
    return group(*names, class_="location-names", pointer_events="none")


def _mark_sample(kind: str) -> Sample:
    colour, letter = _MARKS[kind]
    return lambda x, y: [circle(x, y, 6, fill="none", stroke=colour, stroke_width=1.5),
                         text(x, y + 3, letter, size=8, anchor="middle", fill=colour, weight="bold")]


def _token_sample(kind: str) -> Sample:
    colour, letter = _MARKS[kind]
    return lambda x, y: [rect(x - 7, y - 7, 14, 14, rx=3, fill=colour, stroke=INK, stroke_width=1),
                         text(x, y + 4, letter, size=9, anchor="middle", weight="bold",
                              fill=PALETTE["white"])]


def _disc_sample(fill: str, words: str) -> Sample:
    return lambda x, y: [circle(x, y, 7.5, fill=fill, stroke=INK, stroke_width=1),
                         text(x, y + 3, words, size=8, anchor="middle", weight="bold", fill=PALETTE["white"])]


def _ring_sample(x: float, y: float) -> Node:
    return circle(x, y, 7, fill="none", stroke=INK, stroke_width=2.5)


def _pool_sample(x: float, y: float) -> Node:
    return circle(x, y, 7, fill="none", stroke=PALETTE["red"], stroke_width=1.5, stroke_dasharray="3 2")


def _symbols_sample(x: float, y: float) -> list[Node]:
    return [circle(x - 4, y, 3, fill=PALETTE["red"], stroke=INK, stroke_width=0.5),
            rect(x + 1, y - 3, 6, 6, fill=PALETTE["green"], stroke=INK, stroke_width=0.5)]


def _door_sample(x: float, y: float) -> Node:
    return line(x - 8, y, x + 8, y, stroke="#b5651d", stroke_width=3, stroke_dasharray="3 3")


def _wall_sample(x: float, y: float) -> Node:
    return line(x - 8, y, x + 8, y, stroke=INK, stroke_width=3.5)


LEGEND: list[tuple[str, Sample, str]] = [
    ("event-token", _token_sample("event"), "E: an event token (take an event card)"),
    ("weapon-token", _token_sample("weapon"), "W: a weapon token (take a weapon card)"),
    ("gremlin-mark", _mark_sample("gremlin"), "G ringed: a Gremlin space (a gremlin starts there)"),
    ("event-mark", _mark_sample("event"), "E ringed: an Event space (its token starts there)"),
    ("weapon-mark", _mark_sample("weapon"), "W ringed: a Weapon space (its token starts there)"),
    ("start", _ring_sample, "coloured ring: a seat's starting space"),
    ("face-down", _disc_sample(_FACE_DOWN, "?"), "?: a face-down gremlin"),
    ("from-pool", _pool_sample, "red dashed ring: from the pool (may be Stripe)"),
    ("face-up", _disc_sample(_GREMLIN_SKIN, "2"), "number on a gremlin: its points"),
    ("symbols", _symbols_sample, "shapes: the symbols a weapon must match"),
    ("door", _door_sample, "dashed brown: a door"),
    ("wall", _wall_sample, "thick line: a wall"),
]
"""What the map's letters, rings, marks and lines mean (the legend under the seats)."""



def _token(m: Map, space: str, kind: str) -> Node:
    cx, cy = _centre(m, space)
    colour, letter = _MARKS[kind]
    return group(
        tooltip(f"{kind} token on {space}"),
        rect(cx - 8, cy - 8, 16, 16, rx=3, fill=colour, stroke=INK, stroke_width=1),
        text(cx, cy + 4, letter, size=10, anchor="middle", weight="bold", fill=PALETTE["white"]),
        class_="token", data_kind=kind, data_space=space,
    )


def _symbol(x: float, y: float, sym: Symbol, r: float = 3.2) -> list[Node]:
    """A weapon's or gremlin's symbol: its shape in its colour, ``count`` times side by side."""
    out: list[Node] = []
    fill = PALETTE.get(sym.colour, PALETTE["grey"])
    for k in range(sym.count):
        cx = x + k * (2 * r + 1.5)
        if sym.shape == "circle":
            out.append(circle(cx, y, r, fill=fill, stroke=INK, stroke_width=0.5))
        elif sym.shape == "triangle":
            out.append(polygon(((cx - r, y + r), (cx + r, y + r), (cx, y - r)), fill=fill, stroke=INK,
                               stroke_width=0.5))
        else:
            out.append(rect(cx - r, y - r, 2 * r, 2 * r, fill=fill, stroke=INK, stroke_width=0.5))
    return out


def _symbols(x: float, y: float, symbols: tuple[Symbol, ...], r: float = 3.2) -> list[Node]:
    out: list[Node] = []
    for sym in symbols:
        out += _symbol(x, y, sym, r)
        x += sym.count * (2 * r + 1.5) + 2
    return out


def _gremlin(view: View, x: float, y: float, gremlin: str | None, zone: str, *, pooled: bool = False,
             **data: object) -> Node:
    """A gremlin token centred at ``(x, y)``: face up its points and symbols, face down a dark disc
    (ringed in red when it came from the pool after setup, so it may be Stripe, GTG-SETUP-3)."""
    if gremlin is None:
        return group(
            tooltip("a face-down gremlin placed from the pool (it may be Stripe)" if pooled else
                    "a face-down gremlin (nobody knows which; not Stripe)"),
            circle(x, y, 12.5, fill="none", stroke=PALETTE["red"], stroke_width=1.5,
                   stroke_dasharray="3 2") if pooled else None,
            circle(x, y, 10, fill=_FACE_DOWN, stroke=INK, stroke_width=1.2),
            text(x, y + 4, "?", size=11, anchor="middle", weight="bold", fill=PALETTE["white"]),
            class_="gremlin", data_zone=zone, data_gremlin="hidden", data_face_up=False,
            data_from_pool=pooled or None, **data,
        )
    token = tables(view.options.components or REFERENCE).design_token[gremlin]
    syms = token.symbols
    width = sum(s.count * 5 + 2 for s in syms)
    return group(
        tooltip(gremlin_words(gremlin)),
        circle(x, y, 11, fill=PALETTE["red"] if token.stripe else _GREMLIN_SKIN, stroke=INK,
               stroke_width=1.2),
        text(x, y + 1, str(token.points), size=9, anchor="middle", weight="bold", fill=PALETTE["white"]),
        *_symbols(x - width / 2 + 2, y + 6, syms, r=2),
        class_="gremlin", data_zone=zone, data_gremlin=gremlin, data_face_up=True, **data,
    )


def _pawn(m: Map, seat: int, space: str, viewer: int | None, shift: float) -> Node:
    cx, cy = _centre(m, space)
    cx += shift
    colour = COLOURS[seat]
    you = " (you)" if viewer == seat else ""
    return group(
        tooltip(f"seat {seat}{you}, {colour}, on {space}"),
        polygon(((cx - 7, cy + 11), (cx + 7, cy + 11), (cx + 3, cy - 1), (cx - 3, cy - 1)),
                fill=SEAT_COLOURS[colour], stroke=INK, stroke_width=1.2),
        circle(cx, cy - 5, 5, fill=SEAT_COLOURS[colour], stroke=INK, stroke_width=1.2),
        text(cx, cy + 9, str(seat), size=7, anchor="middle", weight="bold", fill=PALETTE["white"]),
        class_="pawn", data_seat=seat, data_colour=colour, data_space=space,
    )


def _pieces(view: View, m: Map) -> Node:
    parts: list[Node] = [_token(m, s, "event") for s in view.event_tokens]
    parts += [_token(m, s, "weapon") for s in view.weapon_tokens]
    for g in view.board:
        cx, cy = _centre(m, g.space)
        parts.append(_gremlin(view, cx, cy, g.gremlin if g.face_up else None, "board",
                              pooled=g.from_pool and not g.face_up, data_space=g.space))
    taken = {g.space for g in view.board}  # a pawn on a gremlin (a fight) stands aside
    parts += [_pawn(m, seat, space, view.seat, 7.0 if space in taken else 0.0)
              for seat, space in enumerate(view.positions)]
    return group(*parts, class_="pieces")


def _weapon(view: View, x: float, y: float, name: str, seat: int | None, zone: str,
            part: str | None = None) -> Node:
    comps = view.options.components or REFERENCE
    t = tables(comps)
    symbols = comps.weapons[t.weapon_index[name]].symbols
    words = name.replace("-", " ")
    lines = words.split()[:2] if len(words) > 9 else [words]
    size = min(8.0, 44 * 1.7 / max(len(w) for w in lines))
    return group(
        card(x, y, 46, 62, name, label="", hint=weapon_text(name, comps), data_zone=zone, data_seat=seat,
             data_part=part),
        *(text(x + 23, y + 16 + i * 10, w, size=size, anchor="middle") for i, w in enumerate(lines)),
        *_symbols(x + 6, y + 40, symbols),
    )


def parts(view: View, action: object) -> tuple[str, ...]:
    """The parts of the picture ``action`` names (``data-part``): a space of the map
    (``space:h2``: move there, choose it; the fighting seat's space for a fight's defeat or
    escape) and a weapon card of the viewer's own hand by its kind (``weapon:shotgun``: discard
    it, or fight with it)."""
    if isinstance(action, (Move, Choose)):
        return (f"space:{action.to if isinstance(action, Move) else action.space}",)
    if isinstance(action, Discard):
        return (f"weapon:{action.weapon}",)
    fighter = view.current_player
    here = () if fighter is None else (f"space:{view.positions[fighter]}",)
    if isinstance(action, Defeat):
        return (*here, *(f"weapon:{w}" for w in dict.fromkeys(action.weapons)))
    if isinstance(action, LetEscape):
        return here
    return ()


def _seat(view: View, seat: int, x: float, y: float) -> Node:
    colour = COLOURS[seat]
    acting = view.current_player == seat
    notes = [f"{view.scores[seat]} points", f"on {view.positions[seat]}"]
    if view.free_move[seat]:
        notes.append("free move")
    if seat in view.winners:
        notes.append("winner")
    defeated = view.defeated[seat]
    gap = min(24.0, (PANEL_W - 24) / max(len(defeated), 1))  # many defeated gremlins overlap
    trophies = [_gremlin(view, x + 12 + i * gap, y + 50, g, "defeated", data_seat=seat)
                for i, g in enumerate(defeated)]
    hand_x = x + 10
    cards: list[Node]
    if view.seat == seat and view.hand is not None:
        cards = [_weapon(view, hand_x + i * 50, y + 66, w, seat, "hand", f"weapon:{w}")
                 for i, w in enumerate(view.hand)]
        count = len(view.hand)
    else:
        count = view.hand_sizes[seat]
        cards = [card_back(hand_x + i * 50, y + 66, 46, 62, data_zone="hand", data_seat=seat)
                 for i in range(count)]
    return group(
        rect(x, y, PANEL_W, 136, rx=6, fill=PALETTE["highlight"] if acting else PALETTE["table"],
             fill_opacity=0.35 if acting else 0.6, stroke="none"),
        circle(x + 14, y + 15, 7, fill=SEAT_COLOURS[colour], stroke=INK, stroke_width=1),
        text(x + 28, y + 20, f"Seat {seat} ({colour})" + (" (you)" if view.seat == seat else ""), size=13,
             weight="bold"),
        text(x + 28, y + 34, " · ".join(notes), size=10, fill=PALETTE["muted"]),
        text(x + PANEL_W - 8, y + 20, f"{count} weapon cards", size=10, anchor="end", fill=PALETTE["muted"]),
        group(*trophies, class_="defeated", data_seat=seat, data_count=len(defeated)),
        group(*cards, class_="hand", data_seat=seat, data_count=count),
        class_="seat", data_seat=seat, data_acting=acting,
    )


def _pile(x: float, y: float, label: str, count: int, pile: str, top: Node | None = None) -> Node:
    face: Node | None = top
    if face is None:
        face = rect(x, y + 4, 46, 62, rx=5, fill=PALETTE["back"] if count else "none",
                    stroke=INK if count else PALETTE["muted"], stroke_width=1,
                    stroke_dasharray=None if count else "4 3")
    return group(
        tooltip(f"{label}: {count}"),
        text(x + 23, y, f"{label} ({count})", size=9, anchor="middle", weight="bold"),
        face,
        class_="pile", data_pile=pile, data_count=count,
    )


def _piles(view: View, x: float, y: float) -> Node:
    comps = view.options.components or REFERENCE
    titles = {e.name: e.title for e in comps.events}
    event_top = None
    if view.event_discard:
        name = view.event_discard[-1]
        event_top = card(x + 300, y + 4, 46, 62, name, label="", hint=titles.get(name, name),
                         colour="#f6e3b4", data_zone="event-discard")
        event_top = group(event_top, *(text(x + 323, y + 26 + 9 * i, w, size=7, anchor="middle")
                                       for i, w in enumerate(titles.get(name, name).split()[:4])))
    weapon_top = None
    if view.weapon_discard:
        weapon_top = _weapon(view, x + 150, y + 4, view.weapon_discard[-1], None, "weapon-discard")
    gap = min(24.0, (PANEL_W - 24) / max(len(view.crowd), 1))
    crowd = [_gremlin(view, x + 12 + i * gap, y + 100, g, "crowd") for i, g in enumerate(view.crowd)]
    return group(
        _pile(x, y, "Pool", view.pool_size, "gremlin-pool"),
        _pile(x + 75, y, "Weapons", view.weapon_deck_size, "weapon-deck"),
        _pile(x + 150, y, "Discard", len(view.weapon_discard), "weapon-discard", weapon_top),
        _pile(x + 225, y, "Events", view.event_deck_size, "event-deck"),
        _pile(x + 300, y, "Events out", len(view.event_discard), "event-discard", event_top),
        text(x, y + 86, f"Theater crowd ({len(view.crowd)})" if view.crowd else "", size=9, weight="bold"),
        group(*crowd, class_="crowd", data_count=len(view.crowd)),
        class_="piles",
    )


def _pending(view: View) -> str:
    frame = view.pending
    if frame is not None:
        gremlin = frame.gremlin if type(frame) is frames.Fight else "the gremlin"
        return _PENDING.get(type(frame), "choose").format(gremlin=gremlin)
    return "move" if view.phase is Phase.MOVE else ""


def _check(view: View) -> None:
    """A view whose parts disagree (edited or hand-made JSON) is refused before it is drawn: the
    per-seat rows must match the player count (at most one seat per colour), every hand size must
    be a number of weapon cards the set holds, and every gremlin and weapon card shown must be one
    of the table's components."""
    n = view.players
    rows = (view.scores, view.hand_sizes, view.positions, view.free_move, view.defeated)
    if type(n) is not int or not 1 <= n <= len(COLOURS) or any(len(r) != n for r in rows):
        raise InvalidArgumentError(f"this Gremlins: The Game view's rows do not match its {shown(n)} players")
    comps = view.options.components or REFERENCE
    t = tables(comps)
    weapons = sum(w.copies for w in comps.weapons)
    if any(type(k) is not int or not 0 <= k <= weapons for k in view.hand_sizes):
        raise InvalidArgumentError(f"this Gremlins: The Game view has a hand size outside 0 to {weapons}")
    if view.seat is not None and not 0 <= view.seat < n:
        raise InvalidArgumentError("this Gremlins: The Game view's seat is not at the table")
    shown_gremlins = [g.gremlin for g in view.board if g.face_up] + [*view.crowd]
    shown_gremlins += [g for row in view.defeated for g in row]
    unknown = [g for g in shown_gremlins if g not in t.design_token]
    unknown += [w for w in (*(view.hand or ()), *view.weapon_discard) if w not in t.weapon_index]
    if unknown:
        raise InvalidArgumentError(f"this Gremlins: The Game view names no component of its table: "
                                   f"{shown(unknown[0])}")


def draw(view: View, *, size: int | None, labels: bool) -> str:
    """The picture of a Gremlins: The Game view (any seat's, or a spectator's). A view whose parts
    disagree raises :class:`~gremlinrules.core.errors.InvalidArgumentError` (a space the map does
    not have included)."""
    return drawn("Gremlins: The Game", lambda: _draw(view, size, labels), check=lambda: _check(view))


def _draw(view: View, size: int | None, labels: bool) -> str:
    m = _map_of(view)
    over = view.phase is Phase.OVER
    where = "" if over else f"turn {view.turn_number + 1} · seat {view.turn}'s turn"
    headline = viewer_line(TITLE, view.seat, view.current_player, where, _pending(view))
    first = f"{TITLE} · {seat_name(view.seat)} · {where or 'game over'}"
    second = verdict(view.current_player, _pending(view))
    if over:
        result = " · " + (f"the gremlins won ({view.outcome.value})" if view.gremlins_won else
                          "winners " + ", ".join(f"seat {w}" for w in view.winners))
        headline += result
        second += result
    variant = " · Challenging Variant" if view.options.challenging else ""
    map_w, map_h = m.width * CELL, m.height * CELL
    panel_x = MAP_LEFT + map_w + 20
    width = panel_x + PANEL_W + 12
    seats_top = MAP_TOP + 130
    key, key_h = legend(panel_x, seats_top + view.players * 144, PANEL_W, LEGEND)
    height = max(MAP_TOP + map_h + 16, seats_top + view.players * 144 + key_h + 8)
    parts: list[Node | None] = [
        *heading(first, second, width),
        text(16, 57, f"{view.players} players · {m.name}" + variant, size=10, fill=PALETTE["muted"]),
        _board(m, labels),
        _pieces(view, m),
        _names(m),
        key,
        _piles(view, panel_x, MAP_TOP),
        *(_seat(view, p, panel_x, seats_top + p * 144) for p in range(view.players)),
    ]
    return document(width, height, parts, size=size, title=headline, game_id="gremlins-the-game",
                    seat=view.seat)
