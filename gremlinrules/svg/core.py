"""A tiny, deterministic SVG builder shared by every game's drawer.

Pictures are trees of :class:`Node` values rendered to text by :func:`document`.
Everything that could make two renderings of one view differ is fixed here:

- attributes keep the order the drawer wrote them in (keyword order), never a
  set's or dict's iteration order of data;
- numbers go through :func:`num` (at most two decimals, no exponent, no
  ``-0``), so float ``repr`` never reaches the text;
- text and attribute values go through :func:`escape`, which also drops the
  characters XML 1.0 does not allow, so a user's own component names cannot
  break the document.

Keyword names map to SVG names: a trailing underscore is dropped (``class_``)
and other underscores become hyphens (``data_card`` -> ``data-card``,
``stroke_width`` -> ``stroke-width``). A value of None leaves the attribute out.

Drawers tag every part a test or a frontend may count with a class and data
attributes (``<g class="card" data-card="hidden">``); :func:`card` and
:func:`card_back` draw cards that way for every game.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from collections.abc import Iterable
from collections.abc import Sequence

import attrs

from gremlinrules.core.errors import GremlinRulesError
from gremlinrules.core.errors import InvalidArgumentError
from gremlinrules.core.errors import shown

__all__ = [
    "FONT", "GLYPH", "INK", "PALETTE", "Child", "Node", "Sample", "card", "card_back", "circle", "document",
    "el", "escape", "fitted_size", "group", "heading", "hex_points", "legend", "line", "num", "polygon",
    "rect", "seat_name", "text", "text_width", "tooltip", "verdict", "viewer_line",
]

PALETTE: dict[str, str] = {
    # neutral table colours
    "paper": "#fbf8f1",
    "table": "#e9e4d8",
    "edge": "#5b5346",
    "ink": "#2b2622",
    "muted": "#8a8174",
    "back": "#6b4f8a",
    "back-ink": "#efe6fb",
    "highlight": "#f2b632",
    "hidden": "#b9b2a6",
    # suits, materials, teams: named colours every drawer may use
    "red": "#d2473f",
    "orange": "#ee8a2b",
    "yellow": "#f1cf3b",
    "green": "#4f9d4a",
    "blue": "#3f74c4",
    "purple": "#8557b3",
    "pink": "#e48bb1",
    "brown": "#8b5a2b",
    "grey": "#8e8e8e",
    "black": "#2f2f2f",
    "white": "#ffffff",
    "team0": "#1f6fb2",
    "team1": "#c2402d",
}
"""The small fixed palette: colour names to hex values (colour names as the games say them)."""

INK = PALETTE["ink"]
"""The colour of text and outlines."""
FONT = "DejaVu Sans, Verdana, Arial, sans-serif"
"""The font family set once on the root element."""
GLYPH = 0.68
"""A conservative width of one character as a fraction of the font size (bold DejaVu Sans, the
widest of :data:`FONT`, averages under 0.65 on English text): what a drawer assumes a line takes."""


@attrs.frozen(slots=True)
class Node:
    """One SVG element: its tag, attributes in written order, and children (nodes or text)."""

    tag: str
    attrs: tuple[tuple[str, str], ...] = ()
    children: tuple[Child, ...] = ()

    def render(self) -> str:
        """The element as SVG text (no whitespace added between elements)."""
        head = self.tag + "".join(f' {k}="{v}"' for k, v in self.attrs)
        if not self.children:
            return f"<{head}/>"
        body = "".join(c.render() if isinstance(c, Node) else escape(c) for c in self.children)
        return f"<{head}>{body}</{self.tag}>"


Child = Node | str
"""A child of an element: another element, or text (escaped when rendered)."""

_BAD_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def escape(value: object) -> str:
    """``value`` as text safe inside an element or a double-quoted attribute."""
    raw = _BAD_XML.sub("", str(value))
    return (raw.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&quot;"))


def num(value: float) -> str:
    """A number as SVG text: integers as such, others rounded to two decimals, no ``-0``.

    >>> num(3), num(2.5), num(1 / 3), num(-0.001)
    ('3', '2.5', '0.33', '0')
    """
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    if not math.isfinite(value):
        raise ValueError("an SVG number must be finite")
    text = f"{round(value, 2):.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _attr_name(key: str) -> str:
    return key.rstrip("_").replace("_", "-")


def _attr_value(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return num(value)
    return escape(value)


def el(tag: str, *children: Child | None, **attributes: object) -> Node:
    """An element ``tag`` with ``attributes`` (see the module docstring) and children (None skipped)."""
    pairs = tuple((_attr_name(k), _attr_value(v)) for k, v in attributes.items() if v is not None)
    return Node(tag, pairs, tuple(c for c in children if c is not None))


def group(*children: Child | None, **attributes: object) -> Node:
    """A ``<g>`` element: ``group(..., class_="hex", data_hex=3)``."""
    return el("g", *children, **attributes)


def tooltip(words: str) -> Node:
    """A ``<title>`` child: the text a browser shows on hover, and a name a reader tool reads."""
    return el("title", words)


def rect(x: float, y: float, width: float, height: float, **attributes: object) -> Node:
    """A rectangle at ``(x, y)`` (top left)."""
    return el("rect", x=x, y=y, width=width, height=height, **attributes)


def circle(cx: float, cy: float, r: float, **attributes: object) -> Node:
    """A circle of radius ``r`` centred at ``(cx, cy)``."""
    return el("circle", cx=cx, cy=cy, r=r, **attributes)


def line(x1: float, y1: float, x2: float, y2: float, **attributes: object) -> Node:
    """A straight line from ``(x1, y1)`` to ``(x2, y2)``."""
    return el("line", x1=x1, y1=y1, x2=x2, y2=y2, **attributes)


def polygon(points: Iterable[tuple[float, float]], **attributes: object) -> Node:
    """A closed polygon through ``points``."""
    return el("polygon", points=" ".join(f"{num(x)},{num(y)}" for x, y in points), **attributes)


def text(x: float, y: float, words: str, *, size: float = 12, anchor: str = "start",
         weight: str | None = None, fill: str = INK, **attributes: object) -> Node:
    """A line of text whose baseline starts (or is centred, ``anchor="middle"``) at ``(x, y)``."""
    return el("text", words, x=x, y=y, font_size=size, text_anchor=anchor, font_weight=weight,
              fill=fill, **attributes)


def text_width(words: str, size: float) -> float:
    """The width ``words`` may take at font ``size``, estimated conservatively (:data:`GLYPH`)."""
    return len(words) * size * GLYPH


def fitted_size(words: str, size: float, room: float, *, smallest: float = 8) -> float:
    """``size``, or the font size (at least ``smallest``) at which ``words`` fit in ``room`` pixels.

    >>> fitted_size("short", 15, 600), fitted_size("x" * 100, 15, 680)
    (15, 10.0)
    """
    if text_width(words, size) <= room:
        return size
    return max(smallest, math.floor(room / max(len(words), 1) / GLYPH * 2 + 1e-9) / 2)


def hex_points(cx: float, cy: float, radius: float) -> tuple[tuple[float, float], ...]:
    """The six corners of a pointy-top hexagon of circumradius ``radius`` centred at ``(cx, cy)``,
    clockwise from the top (the orientation of :mod:`gremlinrules.core.hexgrid`)."""
    return tuple(
        (cx + radius * math.cos(a), cy + radius * math.sin(a))
        for a in (math.radians(-90 + 60 * i) for i in range(6))
    )


def card(x: float, y: float, width: float, height: float, name: str, *, label: str | None = None,
         colour: str = PALETTE["paper"], ink: str = INK, hint: str | None = None, **data: object) -> Node:
    """A face-up card ``name`` (``data-card``), its ``label`` (default: the name) written on it,
    ``hint`` (default: the label) its hover text.

    ``data`` adds further data attributes (``data_owner=2``) to the card's group.
    """
    words = name if label is None else label
    size = max(min(width / max(len(words), 1) * 1.45, height / 3.2, 14), 6)
    return group(
        tooltip(words if hint is None else hint),
        rect(x, y, width, height, rx=min(width, height) / 8, fill=colour, stroke=INK, stroke_width=1),
        text(x + width / 2, y + height / 2 + size / 3, words, size=size, anchor="middle", fill=ink),
        class_="card", data_card=name, **data,
    )


def card_back(x: float, y: float, width: float, height: float, **data: object) -> Node:
    """A card seen from the back (``data-card="hidden"``): the picture shows nothing of its face."""
    return group(
        tooltip("a face-down card"),
        rect(x, y, width, height, rx=min(width, height) / 8, fill=PALETTE["back"], stroke=INK,
             stroke_width=1),
        rect(x + width * 0.18, y + height * 0.14, width * 0.64, height * 0.72, rx=min(width, height) / 12,
             fill="none", stroke=PALETTE["back-ink"], stroke_width=1),
        class_="card", data_card="hidden", **data,
    )


Sample = Callable[[float, float], "Node | Sequence[Node]"]
"""A legend entry's sample: draws the token or symbol centred at ``(cx, cy)``, about 16 px wide."""

LEGEND_ROW = 17
"""The height of one row of a legend."""


def legend(x: float, y: float, width: float, entries: Sequence[tuple[str, Sample, str]], *,
           size: float = 10) -> tuple[Node, float]:
    """A key to a picture's tokens, letters and symbols (``<g class="legend">``) in the box from
    ``(x, y)`` ``width`` wide: each entry ``(key, sample, words)`` a ``<g class="legend-entry"
    data-symbol="key">`` with its sample and its words, in as many columns as fit (each entry's
    words at a size that fits its column); the node and the height it takes."""
    head = 16.0
    widest = max((text_width(words, size) for _, _, words in entries), default=0.0) + 26
    columns = max(1, min(len(entries), int(width // min(widest, width))))
    column = width / columns
    out: list[Node] = [text(x, y + 11, "Legend", size=11, weight="bold")]
    for i, (key, sample, words) in enumerate(entries):
        cx = x + (i % columns) * column
        cy = y + head + (i // columns) * LEGEND_ROW + LEGEND_ROW / 2
        drawn_sample = sample(cx + 9, cy)
        shapes = [drawn_sample] if isinstance(drawn_sample, Node) else list(drawn_sample)
        fitted = fitted_size(words, size, column - 26, smallest=6)
        out.append(group(*shapes, text(cx + 22, cy + fitted / 3, words, size=fitted),
                         class_="legend-entry", data_symbol=key))
    rows = -(-len(entries) // columns)
    return group(*out, class_="legend", pointer_events="none"), head + rows * LEGEND_ROW + 4


def seat_name(seat: int | None) -> str:
    """``"seat 2"``, or ``"spectator"`` for None."""
    return "spectator" if seat is None else f"seat {seat}"


def viewer_line(title: str, seat: int | None, current: int | None, where: str, pending: str) -> str:
    """The title line every picture carries: game, viewer, round or turn, who decides what.

    >>> viewer_line("Gnaughty Gnomes", None, 1, "trick 3", "play a card")
    'Gnaughty Gnomes · spectator · trick 3 · seat 1 to play a card'
    """
    parts = [title, seat_name(seat)]
    if where:
        parts.append(where)
    parts.append("game over" if current is None else f"seat {current} to {pending}" if pending
                 else f"seat {current} to act")
    return " · ".join(parts)


def verdict(current: int | None, pending: str) -> str:
    """The second line of a heading: who decides what (``"seat 1 to play a card"``), or ``"game over"``."""
    if current is None:
        return "game over"
    return f"seat {current} to {pending}" if pending else f"seat {current} to act"


def heading(first: str, second: str, width: float, *, room: float | None = None) -> list[Node]:
    """A picture's two heading lines: ``first`` (game · viewer · where; ``class="headline"``) and
    ``second`` (who decides what; ``class="decision"``), each at a font size that fits the
    picture's ``width`` (``room``: the second line's room, when something stands beside it)."""
    x = 16
    second_room = width - 2 * x if room is None else room
    return [
        text(x, 24, first, size=fitted_size(first, 15, width - 2 * x), weight="bold", class_="headline"),
        text(x, 42, second, size=fitted_size(second, 12, second_room), weight="bold", fill=PALETTE["edge"],
             class_="decision"),
    ]


def document(width: float, height: float, children: Sequence[Child | None], *, size: int | None,
             title: str, game_id: str, seat: int | None) -> str:
    """The whole picture: a root ``<svg>`` (SVG 1.1, ``xmlns`` set) of natural size
    ``width`` x ``height`` drawn ``size`` pixels wide (its natural width when None),
    with ``title`` as its ``<title>``, on a paper background."""
    shown_w = width if size is None else size
    shown_h = height if size is None else size * height / width
    root = el(
        "svg", tooltip(title), rect(0, 0, width, height, fill=PALETTE["paper"], class_="background"),
        *children,
        xmlns="http://www.w3.org/2000/svg", version="1.1", width=shown_w, height=shown_h,
        viewBox=f"0 0 {num(width)} {num(height)}", font_family=FONT,
        class_="gremlinrules", data_game=game_id, data_seat="spectator" if seat is None else seat,
    )
    return root.render()


def drawn(title: str, draw: Callable[[], str], *, check: Callable[[], None]) -> str:
    """``draw()`` after ``check()``: a drawer's picture, where a view whose parts disagree (an
    edited JSON the checks did not foresee) is InvalidArgumentError naming the game, never an
    internal error."""
    try:
        check()
        return draw()
    except (ArithmeticError, AttributeError, LookupError, TypeError, ValueError) as exc:
        if isinstance(exc, GremlinRulesError):
            raise
        raise InvalidArgumentError(f"this {title} view cannot be drawn: {shown(exc)}") from None
