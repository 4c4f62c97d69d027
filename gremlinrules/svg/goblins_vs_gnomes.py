"""Goblins vs Gnomes drawn from a view: the tunnel grid, the targets, the seats and their hands.

Parts a program may count (classes and data attributes):

- ``<g class="start" data-cell="0,0">``: the start card;
- ``<g class="tunnel" data-cell="x,y" data-card="passage-cross" data-kind="passage"
  data-rotated="false">``: one per tunnel card on the field, drawn with its open sides as
  laid: passages, a cave-in's rubble, a door's or key's colour, a lantern, a bomb, an ale mug;
- ``<g class="target" data-slot="top" data-card="gold" data-opened="true">``: the three
  targets; a target the viewer has not seen is ``data-card="hidden"`` (GVG-VIEW-1), one it
  looked at with a Map but still face down has ``data-opened="false"`` and its name;
- ``<g class="seat" data-seat="s">``: one per seat, holding its hand (``<g class="card"
  data-card="map">`` for a card the viewer knows, ``data-card="hidden"`` for each other card,
  GVG-VIEW-4) and its role (``<g class="role" data-role="driver">`` when the viewer knows it,
  ``data-role="hidden"`` otherwise, GVG-VIEW-2);
- ``<g class="deck" data-count="n">`` and ``<g class="discard" data-count="n">``.

``data-part`` marks what an action names (see :func:`parts`): every cell of the field (an empty
one is a ``<g class="cell" data-cell="x,y">``), the targets, the viewer's own hand cards and the
seats' rows.

With ``labels=True`` each cell of the field is labelled ``x,y`` (the notation of actions).
"""

from __future__ import annotations

import textwrap

from gremlinrules.core.errors import InvalidArgumentError
from gremlinrules.core.errors import shown
from gremlinrules.core.grid import E
from gremlinrules.core.grid import N
from gremlinrules.core.grid import S
from gremlinrules.core.grid import W
from gremlinrules.core.grid import rotate_mask
from gremlinrules.goblins_vs_gnomes.actions import MAX_SEATS
from gremlinrules.goblins_vs_gnomes.actions import NameSkip
from gremlinrules.goblins_vs_gnomes.actions import OpenTarget
from gremlinrules.goblins_vs_gnomes.actions import Place
from gremlinrules.goblins_vs_gnomes.actions import PlayExplosion
from gremlinrules.goblins_vs_gnomes.actions import PlayMap
from gremlinrules.goblins_vs_gnomes.actions import PlayPotion
from gremlinrules.goblins_vs_gnomes.actions import Steal
from gremlinrules.goblins_vs_gnomes.actions import Swap
from gremlinrules.goblins_vs_gnomes.geometry import Kit
from gremlinrules.goblins_vs_gnomes.geometry import options_kit
from gremlinrules.goblins_vs_gnomes.notation import Target
from gremlinrules.goblins_vs_gnomes.notation import xy_of
from gremlinrules.goblins_vs_gnomes.state import Phase
from gremlinrules.goblins_vs_gnomes.view import View
from gremlinrules.goblins_vs_gnomes.words import card_text
from gremlinrules.svg.core import GLYPH
from gremlinrules.svg.core import INK
from gremlinrules.svg.core import PALETTE
from gremlinrules.svg.core import Node
from gremlinrules.svg.core import Sample
from gremlinrules.svg.core import card
from gremlinrules.svg.core import card_back
from gremlinrules.svg.core import circle
from gremlinrules.svg.core import document
from gremlinrules.svg.core import drawn
from gremlinrules.svg.core import group
from gremlinrules.svg.core import heading
from gremlinrules.svg.core import legend
from gremlinrules.svg.core import line
from gremlinrules.svg.core import rect
from gremlinrules.svg.core import text
from gremlinrules.svg.core import tooltip
from gremlinrules.svg.core import viewer_line

__all__ = ["draw", "hand_card", "parts"]

TITLE = "Goblins vs Gnomes"
WIDTH = 820
ROCK = "#6e5c49"
"""A tunnel card's rock."""
EARTH = "#ecdcb8"
"""A passage dug through it."""
GOLD = "#e2b53e"
START_ROCK = "#3f6b45"
BACK_W = 64
"""The width of a card back in a seat's row."""
"""The start card's rock."""
_SLOTS = ("top", "middle", "bottom")
_TARGET_COLOURS = {"gold": GOLD, "dynamite": PALETTE["red"], "dragon": PALETTE["green"]}
_SIDE_XY = {N: (0.0, -1.0), E: (1.0, 0.0), S: (0.0, 1.0), W: (-1.0, 0.0)}


def _colour(name: str) -> str:
    return PALETTE.get(name, PALETTE["grey"])


def _sides(mask: int) -> tuple[int, ...]:
    return tuple(side for side in (N, E, S, W) if mask >> side & 1)


def _tunnel(x: float, y: float, c: float, name: str, kind: str, colour: str, mask: int,
            rock: str = ROCK, hint: str | None = None) -> list[Node]:
    """The face of a tunnel card of ``kind`` with open sides ``mask`` in a c x c cell at (x, y)."""
    mx, my, half, width = x + c / 2, y + c / 2, c / 2, c * 0.28
    out: list[Node] = [rect(x + 1, y + 1, c - 2, c - 2, rx=c / 12, fill=rock, stroke=INK, stroke_width=1)]
    stop = 0.34 if kind == "cave-in" else 0.0  # a cave-in's passages end before the middle
    for side in _sides(mask):
        dx, dy = _SIDE_XY[side]
        out.append(line(mx + dx * half * stop, my + dy * half * stop,
                        mx + dx * (half - 1), my + dy * (half - 1),
                        stroke=EARTH, stroke_width=width, stroke_linecap="butt"))
    if kind != "cave-in" and mask:
        out.append(circle(mx, my, width / 2, fill=EARTH))
    r = c * 0.12
    if kind == "cave-in":
        rubble = ((-0.7, 0.3, 0.8, "grey"), (0.7, 0.4, 0.7, "grey"), (0.0, -0.5, 0.75, "hidden"))
        out += [circle(mx + r * dx, my + r * dy, r * k, fill=PALETTE[tone], stroke=INK, stroke_width=0.6)
                for dx, dy, k, tone in rubble]
    elif kind == "door":
        vertical = bool(mask & (1 << E | 1 << W))  # the door bars the passage across its run
        w, h = (c * 0.12, c * 0.42) if vertical else (c * 0.42, c * 0.12)
        out.append(rect(mx - w / 2, my - h / 2, w, h, fill=_colour(colour), stroke=INK, stroke_width=1))
    elif kind == "key":
        out += [circle(mx - r * 0.6, my, r * 0.7, fill="none", stroke=_colour(colour), stroke_width=2.2),
                line(mx, my, mx + r * 1.6, my, stroke=_colour(colour), stroke_width=2.2),
                line(mx + r * 1.2, my, mx + r * 1.2, my + r * 0.8, stroke=_colour(colour), stroke_width=2)]
    elif kind == "lantern":
        out.append(circle(mx, my, r, fill=PALETTE["yellow"], stroke=INK, stroke_width=1))
    elif kind == "bomb":
        out += [circle(mx, my + r * 0.2, r, fill=PALETTE["black"], stroke=INK, stroke_width=1),
                line(mx + r * 0.6, my - r * 0.6, mx + r * 1.2, my - r * 1.3, stroke=PALETTE["orange"],
                     stroke_width=1.6)]
    elif kind == "ale-mug":
        out += [rect(mx - r * 0.8, my - r, r * 1.6, r * 2, fill=GOLD, stroke=INK, stroke_width=1),
                rect(mx + r * 0.8, my - r * 0.5, r * 0.6, r, fill="none", stroke=INK, stroke_width=1)]
    out.insert(0, tooltip(hint or f"{name} ({kind})"))
    return out


def _kind_sample(kind: str, colour: str = "", mask: int = 0b1010) -> Sample:
    return lambda x, y: _tunnel(x - 8, y - 8, 16, kind, kind, colour, mask)


LEGEND: list[tuple[str, Sample, str]] = [
    ("passage", _kind_sample("passage", mask=0b1111), "passage: a tunnel open on its light sides"),
    ("cave-in", _kind_sample("cave-in"), "grey rubble: a cave-in (the way stops)"),
    ("door", _kind_sample("door", "blue"), "coloured bar: a door (its key's colour opens it)"),
    ("key", _kind_sample("key", "red"), "coloured key: a key"),
    ("lantern", _kind_sample("lantern"), "yellow disc: a lantern"),
    ("bomb", _kind_sample("bomb"), "black ball: a bomb"),
    ("ale-mug", _kind_sample("ale-mug"), "gold mug: an ale mug (a seat skips a turn)"),
    ("target", lambda x, y: card_back(x - 7, y - 7, 14, 14), "card back at the end: a face-down target"),
]
"""What the field's drawings mean (the legend under the table's notes)."""


def _target(x: float, y: float, c: float, slot: str, target: Target) -> Node:
    seen = target.card
    mark = "face up" if target.opened else "face down"
    if seen is None:
        face = card_back(x + 3, y + 3, c - 6, c - 6)
    else:
        face = card(x + 3, y + 3, c - 6, c - 6, seen, colour=_TARGET_COLOURS.get(seen, PALETTE["paper"]),
                    hint=f"{seen} ({mark})")
    return group(
        tooltip(f"{slot} target, {mark}" + ("" if seen is None else f": {seen}")),
        face,
        None if target.opened or seen is None else text(x + c / 2, y + c - 6, "peeked", size=9,
                                                         anchor="middle"),
        class_="target", data_slot=slot, data_card="hidden" if seen is None else seen,
        data_opened=target.opened, data_part=f"target:{slot}",
    )


def _field(view: View, labels: bool, top: float) -> tuple[Node, float]:
    """The tunnel grid and the height it takes."""
    kit = options_kit(view.options)
    placed = [(xy_of(f.cell), f) for f in view.field]
    cells = [xy for xy, _ in placed] + [(0, 0), *kit.target_cells]
    x0, x1 = min(x for x, _ in cells) - 1, max(x for x, _ in cells) + 1
    y0, y1 = min(y for _, y in cells) - 1, max(y for _, y in cells) + 1
    c = min(58.0, (WIDTH - 40) / (x1 - x0 + 1))
    left = (WIDTH - c * (x1 - x0 + 1)) / 2

    def at(x: int, y: int) -> tuple[float, float]:
        return left + (x - x0) * c, top + (y - y0) * c

    parts: list[Node | None] = [rect(left, top, c * (x1 - x0 + 1), c * (y1 - y0 + 1), fill=PALETTE["table"],
                                     stroke=PALETTE["muted"], stroke_width=1, class_="table")]
    taken = {*(xy for xy, _ in placed), (0, 0), *kit.target_cells}
    for gy in range(y0, y1 + 1):
        for gx in range(x0, x1 + 1):
            px, py = at(gx, gy)
            if (gx, gy) not in taken:  # an empty cell, where a card may be laid
                parts.append(group(rect(px + 1, py + 1, c - 2, c - 2, fill=PALETTE["table"], stroke="none"),
                                   class_="cell", data_cell=f"{gx},{gy}", data_part=f"cell:{gx},{gy}"))
            if labels:
                parts.append(text(px + 3, py + 9, f"{gx},{gy}", size=7, fill=PALETTE["muted"],
                                  class_="cell-label"))
    sx, sy = at(0, 0)
    parts.append(group(*_tunnel(sx, sy, c, "start", "passage", "", 0b1111, rock=START_ROCK),
                       rect(sx + c * 0.2, sy + c * 0.36, c * 0.6, c * 0.28, rx=3, fill=START_ROCK),
                       text(sx + c / 2, sy + c / 2 + 3.5, "start", size=min(10, c / 5), anchor="middle",
                            fill=PALETTE["white"], weight="bold"),
                       class_="start", data_cell="0,0"))
    for (gx, gy), f in placed:
        px, py = at(gx, gy)
        design = kit.designs.get(f.card)
        kind = design.kind if design is not None else "passage"
        mask = 0 if design is None else rotate_mask(design.edges, 2) if f.rotated else design.edges
        parts.append(group(*_tunnel(px, py, c, f.card, kind, "" if design is None else design.colour, mask,
                                    hint=None if design is None else card_text(design, rotated=f.rotated)),
                           None if not labels else text(px + c - 3, py + 9, f.cell, size=7, anchor="end",
                                                        fill=PALETTE["white"]),
                           class_="tunnel", data_cell=f.cell, data_card=f.card, data_kind=kind,
                           data_rotated=f.rotated, data_part=f"cell:{f.cell}"))
    for slot, (gx, gy) in zip(_SLOTS, kit.target_cells, strict=True):
        px, py = at(gx, gy)
        parts.append(_target(px, py, c, slot, getattr(view.targets, slot)))
    return group(*parts, class_="field"), c * (y1 - y0 + 1)


def hand_card(kit: Kit, x: float, y: float, w: float, h: float, name: str, part: str | None = None) -> Node:
    """A card in a hand: a tunnel card's face in small with its name beside, else a named card."""
    design = kit.designs.get(name)
    if design is None or not design.on_field:
        return card(x, y, min(w, BACK_W), h, name, colour=PALETTE["paper"],
                    hint=name if design is None else card_text(design), data_part=part)
    return group(
        *_tunnel(x, y, h, name, design.kind, design.colour, design.edges, hint=card_text(design)),
        text(x + h + 2, y + h / 2 + 3, name, size=7.5),
        class_="card", data_card=name, data_part=part,
    )


def parts(view: View, action: object) -> tuple[str, ...]:
    """The parts of the picture ``action`` names (``data-part``): a cell of the field
    (``cell:2,-1``: lay a card there, either way round, or blow up the card on it), a target
    (``target:top``: look at it, open it), a card of the viewer's own hand by its name
    (``hand:passage-cross``: lay it, swap it) and a seat's row (``seat:2``: the seat a Potion, an
    Ale Mug or the Greedy One names)."""
    me = view.current_player
    if isinstance(action, Place):
        return (f"cell:{action.x},{action.y}", f"hand:{action.card}")
    if isinstance(action, PlayExplosion):
        return (f"cell:{action.x},{action.y}",)
    if isinstance(action, (PlayMap, OpenTarget)):
        return (f"target:{action.target.value}",)
    if isinstance(action, Swap):
        return (f"hand:{action.card}",)
    if me is not None and isinstance(action, (PlayPotion, NameSkip, Steal)):
        return (f"seat:{(me + action.offset) % view.players}",)
    return ()


def _role_text(view: View, seat: int) -> str | None:
    if view.shown_roles is not None:
        return view.shown_roles[seat]
    if seat == view.seat:
        return view.role
    known = [r.role for r in view.known_roles if r.seat == seat]
    return known[-1] if known else None


def _seats(view: View, top: float) -> Node:
    rows: list[Node] = []
    kit = options_kit(view.options)
    w, h, step = 116, 44, 122
    for seat in range(view.players):
        ry = top + seat * 56
        cards: list[Node] = []
        if seat == view.seat and view.hand is not None:
            names = list(view.hand)
        else:
            names = [k.card for k in view.known_cards if k.seat == seat][: view.hand_sizes[seat]]
        cx = 300.0
        for name in names:
            own = seat == view.seat and view.hand is not None
            cards.append(hand_card(kit, cx, ry, w, h, name, f"hand:{name}" if own else None))
            cx += step
        for _ in range(view.hand_sizes[seat] - len(names)):
            cards.append(card_back(cx, ry, BACK_W, h))
            cx += BACK_W + 6
        role = _role_text(view, seat)
        acting = seat == view.current_player
        points = view.scores[seat]
        notes = [f"{points} point{'' if points == 1 else 's'}", f"swaps used {view.swaps_used[seat]}"]
        if view.skips[seat]:
            notes.append(f"skips {view.skips[seat]}")
        if view.first_out == seat:
            notes.append("first out")
        rows.append(group(
            group(rect(8, ry - 5, WIDTH - 16, 52, rx=6,
                       fill=PALETTE["highlight"] if acting else PALETTE["table"],
                       fill_opacity=0.35 if acting else 0.6, stroke="none"),
                  text(16, ry + 13, f"Seat {seat}" + (" (you)" if seat == view.seat else "")
                       + (" · turn" if seat == view.turn and view.phase is not Phase.OVER else ""), size=12,
                       weight="bold"),
                  class_="seat-panel", data_part=f"seat:{seat}"),
            group(tooltip("role card" + ("" if role is None else f": {role}")),
                  text(16, ry + 28, f"role: {'?' if role is None else role}", size=11),
                  class_="role", data_role="hidden" if role is None else role),
            text(16, ry + 41, " · ".join(notes), size=10, fill=PALETTE["muted"]),
            *cards,
            class_="seat", data_seat=seat, data_acting=acting,
        ))
    return group(*rows, class_="seats")


def _pending(view: View) -> str:
    if view.current_player is None:
        return ""
    frame = view.pending
    if frame is None:
        return "play a card, swap or pass"
    words = {"TargetChoice": "open a target", "SkipNaming": "name a seat to skip",
             "StealChoice": "take a point"}
    return words.get(type(frame).__name__, "decide")


def _count(n: int) -> str:
    return f"{n} card{'' if n == 1 else 's'}"


def _table_notes(view: View, y: float) -> tuple[Node, float]:
    """The deck, the discard and the round's public record, and the height they take."""
    peeks = ", ".join(f"seat {p.seat} {p.target.value}" for p in view.peeks) or "none"
    potions = ", ".join(f"seat {p.seat} with seat {p.chosen}" for p in view.potions) or "none"
    placed = [d for d in view.deck_placed if d.seat == view.seat and d.card is not None]
    under = ""
    if view.deck_placed:
        yours = f"; yours: {', '.join(str(d.card) for d in placed)}" if placed else ""
        under = f" ({len(view.deck_placed)} put under it{yours})"
    lines = [
        f"Deck: {_count(view.deck_size)}{under} · discard: {_count(len(view.discard))} · roles in the box: "
        f"{view.boxed_count}",
        f"Maps this round: {peeks}",
        f"Potions this round: {potions}",
    ]
    if view.last_result is not None:
        ended = "no target opened" if view.last_result == "none" else view.last_result
        lines.append(f"Last round: {ended}")
    room = int((WIDTH - 104 - 16) / (11 * GLYPH))  # the characters a line of 11 px text holds
    lines = [part for words in lines for part in textwrap.wrap(words, room, subsequent_indent="    ")]
    return group(
        group(card_back(16, y, 34, 46), text(33, y + 62, str(view.deck_size), size=10, anchor="middle"),
              class_="deck", data_count=view.deck_size),
        group(rect(58, y, 34, 46, rx=4, fill=PALETTE["hidden"], stroke=INK, stroke_width=1),
              text(75, y + 27, "disc.", size=9, anchor="middle"),
              text(75, y + 62, str(len(view.discard)), size=10, anchor="middle"),
              class_="discard", data_count=len(view.discard)),
        *(text(104, y + 14 + 16 * i, words, size=11) for i, words in enumerate(lines)),
        class_="notes",
    ), max(74.0, 16.0 * len(lines) + 10)


MAX_HAND = 16
"""The most cards a seat's row may show (a hand is three cards, four with the one drawn)."""


def _check(view: View) -> None:
    """A view whose parts disagree (edited or hand-made JSON) is refused before it is drawn: the
    per-seat rows must match the player count, every hand size must be one a hand can have, and
    every field card must lie on the table and be a design of the component set (so a hostile
    value cannot make a huge picture)."""
    name = "this Goblins vs Gnomes view"
    n = view.players
    rows = (view.scores, view.hand_sizes, view.skips, view.swaps_used)
    if type(n) is not int or not 1 <= n <= MAX_SEATS or any(len(r) != n for r in rows):
        raise InvalidArgumentError(f"{name}'s rows do not match its {shown(n)} players")
    if not (view.seat is None or view.seat in range(n)) or (view.shown_roles is not None
                                                             and len(view.shown_roles) != n):
        raise InvalidArgumentError(f"{name} names seat {shown(view.seat)} or shows roles not one per seat")
    if any(type(k) is not int or not 0 <= k <= MAX_HAND for k in (*view.hand_sizes, len(view.hand or ()))):
        raise InvalidArgumentError(f"{name} holds a hand size outside 0 to {MAX_HAND}")
    kit = options_kit(view.options)
    x0, x1, y0, y1 = kit.components.bounds
    for f in view.field:
        x, y = xy_of(f.cell)
        design = kit.designs.get(f.card)
        if not (x0 <= x <= x1 and y0 <= y <= y1) or design is None or not design.on_field:
            raise InvalidArgumentError(f"{name} lays {shown(f.card)} on {shown(f.cell)}, not a design on "
                                       "the table")


def draw(view: View, *, size: int | None, labels: bool) -> str:
    """The picture of a Goblins vs Gnomes view (any seat's, or a spectator's). A view whose parts
    disagree raises :class:`~gremlinrules.core.errors.InvalidArgumentError`."""
    return drawn("Goblins vs Gnomes", lambda: _draw(view, size, labels), check=lambda: _check(view))


def _draw(view: View, size: int | None, labels: bool) -> str:
    over = view.phase is Phase.OVER
    where = f"round {view.round}"
    headline = viewer_line(TITLE, view.seat, view.current_player, where, _pending(view))
    viewer = "spectator" if view.seat is None else f"seat {view.seat}"
    if over:
        decides = "game over · " + (", ".join(f"seat {s}" for s in view.winners) + " won" if view.winners
                                    else "no winner")
    else:
        decides = f"seat {view.current_player} to {_pending(view)}"
    field, field_h = _field(view, labels, 56)
    seats_top = 56 + field_h + 16
    notes_top = seats_top + 56 * view.players + 8
    notes, notes_h = _table_notes(view, notes_top)
    key, key_h = legend(16, notes_top + notes_h + 4, WIDTH - 32, LEGEND)
    height = notes_top + notes_h + 4 + key_h
    parts: list[Node | None] = [
        *heading(f"{TITLE} · {viewer} · {where}" + (" · game over" if over else ""), decides, WIDTH),
        field,
        _seats(view, seats_top),
        notes,
        key,
    ]
    return document(WIDTH, height, parts, size=size, title=headline, game_id="goblins-vs-gnomes",
                    seat=view.seat)
