"""Gnaughty Gnomes drawn from a view: the garden, the gnomes, the track, the trick and the hands.

Parts a program may count (classes and data attributes):

- ``<g class="hex" data-hex="i" data-colour="red">``: the 13 hexes of the garden, the white
  centre included (GG-BOARD-1);
- ``<g class="gnome" data-team="t" data-spot="s">``: one per gnome standing in the garden (the
  score line's team marks are ``class="team-mark"``);
- ``<g class="spot" data-spot="s">``: the placement spots, numbered, with ``labels=True`` only;
- ``<g class="track-suit" data-suit="red" data-strength="1">``: the strength track, strongest
  first (GG-TRACK-1);
- ``<g class="trick">`` holds the current trick's cards, ``<g class="last-trick">`` the last
  finished one (when the table reviews past tricks);
- ``<g class="hand" data-position="p">`` holds what a position still has: its held cards as
  faces for the viewer's own position, as backs for another player's, a dummy's face-up cards
  as faces and its face-down cards as backs (GG-VIEW-1, GG-2P-5), every card shown at the end
  (GG-VIEW-2);
- ``data-part`` marks what an action names (see :func:`parts`): the cards of a hand row and of
  the current trick, and the numbered spots;
- every card is a ``<g class="card" data-card="red-5">`` (``red-X`` for an X card), a hidden one
  ``data-card="hidden"``.
"""

from __future__ import annotations

from gremlinrules.core.errors import InvalidArgumentError
from gremlinrules.core.errors import shown
from gremlinrules.core.hexgrid import hex_center
from gremlinrules.gnaughty_gnomes.actions import Flip
from gremlinrules.gnaughty_gnomes.actions import Place
from gremlinrules.gnaughty_gnomes.actions import Play
from gremlinrules.gnaughty_gnomes.actions import PlayX
from gremlinrules.gnaughty_gnomes.board import BOARD
from gremlinrules.gnaughty_gnomes.board import CENTER
from gremlinrules.gnaughty_gnomes.board import N_HEXES
from gremlinrules.gnaughty_gnomes.board import N_SPOTS
from gremlinrules.gnaughty_gnomes.components import REFERENCE
from gremlinrules.gnaughty_gnomes.components import SUITS
from gremlinrules.gnaughty_gnomes.components import Card
from gremlinrules.gnaughty_gnomes.components import Colour
from gremlinrules.gnaughty_gnomes.state import Phase
from gremlinrules.gnaughty_gnomes.state import Played
from gremlinrules.gnaughty_gnomes.view import View
from gremlinrules.gnaughty_gnomes.words import X_TEXT
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
from gremlinrules.svg.core import hex_points
from gremlinrules.svg.core import legend
from gremlinrules.svg.core import polygon
from gremlinrules.svg.core import rect
from gremlinrules.svg.core import text
from gremlinrules.svg.core import tooltip
from gremlinrules.svg.core import viewer_line

__all__ = ["card_name", "draw", "parts"]

TITLE = "Gnaughty Gnomes"
WIDTH, HEIGHT = 800, 650
R = 44
"""The garden's hex circumradius."""
GARDEN = (225.0, 200.0)
"""The garden's centre."""
LABELLED_R = 60
"""The hex circumradius with ``labels=True``: the garden drawn larger, so the spot numbers read."""
LABELLED_GARDEN = (280.0, 218.0)
"""The garden's centre with ``labels=True`` (the table then stands below it)."""
LABELLED_HEIGHT = HEIGHT + 360
SPOT_R, SPOT_FONT = 8, 9
"""A numbered placement spot's circle radius and font size (``labels=True``)."""
INFO_X = 450
"""Where the line beside the decision starts."""
TEAM_COLOURS = (PALETTE["blue"], PALETTE["yellow"])
"""Team 0's and team 1's gnomes: colours no mushroom hex has."""
_LIGHT_SUITS = frozenset({Colour.ORANGE, Colour.WHITE})
_PLACE = ("1st", "2nd", "3rd", "4th")


def card_name(c: Card) -> str:
    """A card's ``data-card`` name: ``red-5``, ``red-X``."""
    return f"{c.suit.value}-{'X' if c.is_x else c.rank}"


def _suit_ink(colour: Colour) -> str:
    return INK if colour in _LIGHT_SUITS else PALETTE["white"]


def _face(x: float, y: float, w: float, h: float, c: Card, label: str | None = None,
          part: str | None = None) -> Node:
    rank = "X" if c.is_x else str(c.rank)
    return card(x, y, w, h, card_name(c), label=rank if label is None else label,
                colour=PALETTE[c.suit.value], ink=_suit_ink(c.suit),
                hint=f"{c}: {X_TEXT}" if c.is_x else str(c), data_part=part)


def parts(view: View, action: object) -> tuple[str, ...]:
    """The parts of the picture ``action`` names (``data-part``): a held or face-up card
    (``card:red-5``, ``card:red-X`` for every value an X card may take), a numbered spot
    (``spot:3``, drawn with ``labels=True``) and the trick's card of the suit placed or flipped
    (``trick:red``). Only cards the acting seat sees face up are named."""
    del view  # every part an action names is in the view of the seat that may take it
    if isinstance(action, Play):
        return (f"card:{card_name(action.card)}",)
    if isinstance(action, PlayX):
        return (f"card:{action.suit.value}-X",)
    if isinstance(action, Place):
        return (f"spot:{action.spot}", f"trick:{action.suit.value}")
    if isinstance(action, Flip):
        return (f"trick:{action.suit.value}",)
    return ()


def _position_owner(view: View, pos: int) -> str:
    if view.players == 4 or pos < 2:
        return f"seat {pos}" + (" (you)" if view.seat == pos else "")
    return f"dummy of seat {pos % 2}" + (" (yours)" if view.seat == pos % 2 else "")


def _pending(view: View) -> str:
    if view.current_player is None:
        team = view.winners[0] % 2 if view.winners else None
        return "" if team is None else f"team {team} wins"
    frame = view.pending
    if frame is not None:
        return f"place a gnome for position {frame.position} (turn-order {frame.place})"
    return f"play a card for position {view.position_to_act}"


def _garden(view: View, labels: bool) -> Node:
    cx, cy = LABELLED_GARDEN if labels else GARDEN
    radius = LABELLED_R if labels else R
    parts: list[Node | None] = []
    for i, ((q, r), colour) in enumerate(zip(BOARD.hexes, view.layout, strict=True)):
        ux, uy = hex_center((q, r))
        x, y = cx + radius * ux, cy + radius * uy
        name = "white centre" if i == CENTER else f"{colour.value} hex"
        caption = "centre" if i == CENTER else f"hex {i}" if labels else None
        parts.append(group(
            tooltip(f"{name} {i}"),
            polygon(hex_points(x, y, radius), fill=PALETTE[colour.value], stroke=PALETTE["edge"],
                    stroke_width=2),
            None if caption is None else text(x, y + 4, caption, size=10, anchor="middle",
                                              fill=_suit_ink(colour)),
            class_="hex", data_hex=i, data_colour=colour.value,
        ))
    if labels:
        for s, spot in enumerate(BOARD.spots):
            ux, uy = spot.center
            x, y = cx + radius * ux, cy + radius * uy
            parts.append(group(
                circle(x, y, SPOT_R, fill=PALETTE["paper"], stroke=PALETTE["muted"], stroke_width=0.8),
                text(x, y + SPOT_FONT / 3, str(s), size=SPOT_FONT, anchor="middle"),
                class_="spot", data_spot=s, data_kind=spot.kind, data_part=f"spot:{s}",
            ))
    for s, team in enumerate(view.gnomes):
        if team is not None:
            ux, uy = BOARD.spots[s].center
            parts.append(_gnome(cx + radius * ux, cy + radius * uy, team, s))
    return group(*parts, class_="garden")


def _gnome(x: float, y: float, team: int, spot: int | None, cls: str = "gnome") -> Node:
    fill = TEAM_COLOURS[team]
    return group(
        tooltip(f"team {team} gnome" + ("" if spot is None else f" on spot {spot}")),
        polygon(((x - 7, y + 8), (x + 7, y + 8), (x, y - 10)), fill=fill, stroke=INK, stroke_width=1.2),
        circle(x, y + 3, 3.2, fill="#f6d7b5", stroke=INK, stroke_width=0.8),
        class_=cls, data_team=team, data_spot=spot,
    )


def _track(view: View, x: float, y: float) -> Node:
    chips: list[Node] = [text(x, y, "Track (strongest first)", size=12, weight="bold")]
    for i, colour in enumerate(view.track):
        cx = x + i * 78
        chips.append(group(
            rect(cx, y + 8, 70, 24, rx=5, fill=PALETTE[colour.value], stroke=INK, stroke_width=1),
            text(cx + 35, y + 24, f"{i + 1}. {colour.value}", size=11, anchor="middle",
                 fill=_suit_ink(colour)),
            class_="track-suit", data_suit=colour.value, data_strength=i + 1,
        ))
    return group(*chips, class_="track")


def _played(view: View, plays: tuple[Played, ...], x: float, y: float, w: float, h: float,
            order: tuple[int, ...], flipped: tuple[bool, ...], *, current: bool = False) -> list[Node]:
    out: list[Node] = []
    for i, play in enumerate(plays):
        px = x + i * (w + 14)
        label = None
        if play.card.is_x:
            label = f"X={play.rank}{'H' if play.high else 'L'}" if w >= 40 else f"X{play.rank}"
        out.append(text(px + w / 2, y - 5, f"pos {play.position}" + (" led" if play.position == view.leader
                                                                      and plays is view.plays else ""),
                        size=10, anchor="middle"))
        out.append(_face(px, y, w, h, play.card, label, f"trick:{play.card.suit.value}" if current else None))
        notes = []
        if order:
            notes.append(_PLACE[order.index(i)])
        if i < len(flipped) and flipped[i]:
            notes.append("used")
        if notes:
            out.append(text(px + w / 2, y + h + 13, " · ".join(notes), size=10, anchor="middle"))
    return out


def _table(view: View, x: float, y: float) -> list[Node]:
    over = view.phase is Phase.OVER
    current = "after the last trick" if over else f"Trick {view.trick + 1}"
    parts: list[Node] = [_track(view, x, y)]
    ty = y + 66
    parts.append(group(
        text(x, ty, current, size=12, weight="bold"),
        *_played(view, view.plays, x, ty + 22, 54, 76, view.order, view.flipped, current=True),
        class_="trick",
    ))
    if view.history:
        ly = ty + 140
        parts.append(group(
            text(x, ly, f"Last trick (trick {len(view.history)})", size=12, weight="bold"),
            *_played(view, view.history[-1], x, ly + 20, 38, 52, (), ()),
            class_="last-trick",
        ))
    return parts


def _count(n: int, thing: str) -> str:
    return f"{n} {thing}{'' if n == 1 else 's'}"


def _points(team: int, points: int) -> str:
    return f"team {team}: {points} point{'' if points == 1 else 's'}"


def _scores(view: View, x: float, y: float) -> Node:
    return group(
        *(group(_gnome(x + 10 + 170 * t, y - 4, t, None, "team-mark"),
                text(x + 24 + 170 * t, y, _points(t, view.team_scores[t]), size=12, weight="bold"),
                class_="team-score", data_team=t, data_score=view.team_scores[t])
          for t in (0, 1)),
        class_="scores",
    )


def _hands(view: View, y: float) -> Node:
    rows: list[Node] = []
    acting = view.position_to_act
    for pos in range(4):
        ry = y + pos * 64
        w, h, step, cx = 38, 52, 42, 230.0
        cards: list[Node] = []
        if view.face_up[pos] or (view.players == 2 and pos >= 2):
            for c in view.face_up[pos]:
                cards.append(_face(cx, ry, w, h, c, part=f"card:{card_name(c)}"))
                cx += step
            for _ in range(view.face_down[pos]):
                cards.append(card_back(cx, ry, w, h))
                cx += step
        elif view.hand is not None and view.seat == pos:
            for c in view.hand:
                cards.append(_face(cx, ry, w, h, c, part=f"card:{card_name(c)}"))
                cx += step
        else:
            for _ in range(view.hand_sizes[pos]):
                cards.append(card_back(cx, ry, w, h))
                cx += step
        mark = acting == pos and view.current_player is not None
        rows.append(group(
            rect(8, ry - 6, WIDTH - 16, 60, rx=6, fill=PALETTE["highlight"] if mark else PALETTE["table"],
                 fill_opacity=0.35 if mark else 0.6, stroke="none"),
            text(16, ry + 14, f"Position {pos} · team {pos % 2}", size=12, weight="bold"),
            text(16, ry + 30, _position_owner(view, pos), size=11),
            text(16, ry + 45, f"{_count(view.hand_sizes[pos], 'card')} · "
                 f"{_count(view.supply[pos], 'gnome')} left", size=10, fill=PALETTE["muted"]),
            *cards,
            class_="hand", data_position=pos, data_acting=mark,
        ))
    return group(*rows, class_="hands")


def _spot_sample(x: float, y: float) -> list[Node]:
    return [circle(x, y, SPOT_R, fill=PALETTE["paper"], stroke=PALETTE["muted"], stroke_width=0.8),
            text(x, y + SPOT_FONT / 3, "7", size=SPOT_FONT, anchor="middle")]


def _mini_card(words: str) -> Sample:
    return lambda x, y: [rect(x - 10, y - 7, 20, 14, rx=2, fill=PALETTE["red"], stroke=INK,
                              stroke_width=0.8),
                         text(x, y + 2, words, size=6, anchor="middle", fill=PALETTE["white"])]


LEGEND: list[tuple[str, Sample, str]] = [
    ("team-0", lambda x, y: _gnome(x, y, 0, None, "legend-gnome"), "blue gnome: team 0 (positions 0, 2)"),
    ("team-1", lambda x, y: _gnome(x, y, 1, None, "legend-gnome"), "yellow gnome: team 1 (positions 1, 3)"),
    ("spot", _spot_sample, "numbered circle: a placement spot"),
    ("x-card", _mini_card("X"), "X: an X card (its value is declared)"),
    ("x-played", _mini_card("X=5H"), "X=5H: an X card played as 5, high (L: low)"),
    ("order", lambda x, y: text(x, y + 3, "1st", size=9, anchor="middle"), "1st to 4th: the trick's order"),
    ("used", lambda x, y: text(x, y + 3, "used", size=8, anchor="middle"), "used: its gnome is placed"),
]
"""What the picture's marks and card labels mean (the legend at the bottom)."""


MAX_CARDS = 2 * REFERENCE.hand_size
"""The most cards a position's row may show (a dummy holds its X card and eight pile cards)."""


def _check(view: View) -> None:
    """A view whose parts disagree (edited or hand-made JSON) is refused before it is drawn: the
    garden, the track and the per-position rows must have their sizes and every count must be a
    number of cards a position can hold (so a hostile count cannot make a huge picture)."""
    name = "this Gnaughty Gnomes view"
    if view.players not in (2, 4) or not (view.seat is None or view.seat in range(view.players)):
        raise InvalidArgumentError(f"{name} names {shown(view.players)} players and seat {shown(view.seat)}")
    if len(view.layout) != N_HEXES or len(view.gnomes) != N_SPOTS or len(view.track) != len(SUITS):
        raise InvalidArgumentError(f"{name} does not have {N_HEXES} hexes, {N_SPOTS} spots and {len(SUITS)} "
                                   "suits on the track")
    rows = (view.face_up, view.face_down, view.hand_sizes, view.supply)
    if any(len(r) != 4 for r in rows) or len(view.plays) > 4 or any(len(t) > 4 for t in view.history):
        raise InvalidArgumentError(f"{name} does not have one row per position, or a trick has over 4 cards")
    counts = [*view.face_down, *view.hand_sizes, *(len(u) for u in view.face_up),
              len(view.hand or ()), len(view.history)]
    if any(type(k) is not int or not 0 <= k <= MAX_CARDS for k in counts):
        raise InvalidArgumentError(f"{name} holds a count of cards outside 0 to {MAX_CARDS}")
    if view.order and sorted(view.order) != list(range(len(view.plays))):
        raise InvalidArgumentError(f"{name}'s turn order {shown(view.order)} does not order its trick")


def draw(view: View, *, size: int | None, labels: bool) -> str:
    """The picture of a Gnaughty Gnomes view (any seat's, or a spectator's). A view whose parts
    disagree raises :class:`~gremlinrules.core.errors.InvalidArgumentError`."""
    return drawn("Gnaughty Gnomes", lambda: _draw(view, size, labels), check=lambda: _check(view))


def _draw(view: View, size: int | None, labels: bool) -> str:
    over = view.phase is Phase.OVER
    where = "game over" if over else f"trick {view.trick + 1} of 8"
    headline = viewer_line(TITLE, view.seat, view.current_player, "" if over else where, _pending(view))
    viewer = "spectator" if view.seat is None else f"seat {view.seat}"
    decides = (f"seat {view.current_player} to {_pending(view)}" if view.current_player is not None
               else f"game over · {_pending(view)}" if view.winners else "game over")
    bottom = LABELLED_HEIGHT if labels else HEIGHT
    key, key_h = legend(16, bottom, WIDTH - 32, LEGEND)
    parts: list[Node | None] = [
        *heading(f"{TITLE} · {viewer} · {where}", decides, WIDTH, room=INFO_X - 24),
        text(INFO_X, 42, f"{view.players} players · gnomes: team 0 blue, team 1 yellow", size=11,
             fill=PALETTE["muted"]),
        _garden(view, labels),
        _scores(view, 40, LABELLED_GARDEN[1] + 186 if labels else 344),
        *(_table(view, 40, LABELLED_GARDEN[1] + 222) if labels else _table(view, INFO_X, 72)),
        _hands(view, 380 + (LABELLED_HEIGHT - HEIGHT if labels else 0)),
        key,
    ]
    return document(WIDTH, bottom + key_h, parts, size=size, title=headline,
                    game_id="gnaughty-gnomes", seat=view.seat)
