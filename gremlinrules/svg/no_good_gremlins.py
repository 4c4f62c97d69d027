"""No Good Gremlins drawn from a view: the table's piles, the threat area, the Wandering Gremlin and
each seat's hand, launch pad and medals.

Parts a program may count (classes and data attributes):

- ``<g class="pile" data-pile="materials-deck" data-count="n">`` and ``data-pile="gremlin-deck"``:
  the two decks, face down, their sizes only (NGG-VIEW-1: their order is hidden);
- ``<g class="scrapheap" data-count="n">`` holds one ``<g class="card" data-zone="scrapheap">`` per
  card, bottom first, the top card last and whole (the scrapheap is public);
- ``<g class="gremlin-discard" data-count="n">`` holds its top card, if any, as a face;
- ``<g class="threat">`` holds one ``<g class="gremlin" data-material="m">`` per face-up gremlin;
- ``<g class="wanderer" data-status="held|set_aside|gone">`` (``data-seat`` when held): exactly one;
- ``<g class="seat" data-seat="k">`` per seat, holding ``<g class="hand" data-seat="k"
  data-count="n">`` with one card per hand card: faces (``data-card="iron"``) for the viewer's own
  hand, backs (``data-card="hidden"``) for every other hand and for a spectator;
  ``<g class="rocket" data-material="m" data-cards="n" data-cost="c">`` per rocket on the seat's
  launch pad (a type with no card is no rocket); ``<g class="medal" data-material="m"
  data-count="n">`` per medal type the seat holds;
- ``<g class="removed" data-count="n">``: the cards out of the game, counted by type.

``data-part`` marks what an action names (see :func:`parts`): the materials deck, the scrapheap,
the viewer's own hand cards and the rockets.

Every card is a ``<g class="card" data-card="...">`` with ``data-zone`` (``hand``, ``scrapheap``,
``threat`` or ``gremlin-discard``).
"""

from __future__ import annotations

from gremlinrules.core.errors import InvalidArgumentError
from gremlinrules.core.errors import shown
from gremlinrules.no_good_gremlins.actions import Bribe
from gremlinrules.no_good_gremlins.actions import Build
from gremlinrules.no_good_gremlins.actions import ChromeLaunch
from gremlinrules.no_good_gremlins.actions import Discard
from gremlinrules.no_good_gremlins.actions import DrawTwo
from gremlinrules.no_good_gremlins.actions import Feed
from gremlinrules.no_good_gremlins.actions import Launch
from gremlinrules.no_good_gremlins.actions import Scrap
from gremlinrules.no_good_gremlins.actions import TakeScrap
from gremlinrules.no_good_gremlins.components import MATERIAL_COUNT
from gremlinrules.no_good_gremlins.components import MATERIALS
from gremlinrules.no_good_gremlins.components import GremlinCard
from gremlinrules.no_good_gremlins.components import Material
from gremlinrules.no_good_gremlins.notation import MaterialCounts
from gremlinrules.no_good_gremlins.notation import WandererStatus
from gremlinrules.no_good_gremlins.state import Phase
from gremlinrules.no_good_gremlins.view import View
from gremlinrules.no_good_gremlins.words import card_text
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
from gremlinrules.svg.core import polygon
from gremlinrules.svg.core import rect
from gremlinrules.svg.core import seat_name
from gremlinrules.svg.core import text
from gremlinrules.svg.core import tooltip
from gremlinrules.svg.core import verdict
from gremlinrules.svg.core import viewer_line

__all__ = ["MATERIAL_COLOURS", "draw", "parts"]

TITLE = "No Good Gremlins"
WIDTH = 840
TABLE_TOP = 58
"""The top of the table's piles."""
SEATS_TOP = 232
"""The top of the first seat's panel."""
PANEL = 112
"""A seat panel's height."""
MATERIAL_COLOURS: dict[str, str] = {
    "rust": "#a4481f",
    "wood": PALETTE["brown"],
    "iron": "#6d6f73",
    "copper": "#c9733a",
    "steel": "#5f86a8",
    "chrome": "#d9dde3",
    "thunderstorm": "#3d3f66",
}
"""A colour per material (and the thunderstorm), rust to chrome."""
_LIGHT = frozenset({"chrome"})
_HAND_LEFT = 200.0
_CARD_W, _CARD_H = 30.0, 44.0


def _ink(name: str) -> str:
    return INK if name in _LIGHT else PALETTE["white"]


def _counts(counts: MaterialCounts) -> tuple[tuple[Material, int], ...]:
    """The (material, count) pairs with a count, rust to chrome."""
    return tuple((m, getattr(counts, m.value)) for m in MATERIALS if getattr(counts, m.value))


def _face(x: float, y: float, w: float, h: float, name: str, zone: str, *, hint: str | None = None,
          **data: object) -> Node:
    return card(x, y, w, h, name, label=name[:2].title() if w < 40 else name, colour=MATERIAL_COLOURS[name],
                ink=_ink(name), hint=hint or f"{name} card", data_zone=zone, **data)


def _rules(view: View, name: str) -> str:
    """A material card's rules text (its launch cost, medal value and bribe), shown on hover."""
    return card_text(Material(name), view.components)


def _step(count: int, room: float, width: float) -> float:
    """The distance between fanned cards so that ``count`` of them fit in ``room``."""
    if count <= 1:
        return width
    return min(width + 4, (room - width) / (count - 1))


def _main_choices(view: View) -> list[str]:
    """What the seat whose turn it is may choose in the main part of its turn, from the fields the
    rules check: a build needs an action (``open_build``, ``builds`` or ``mains``, NGG-TURN-6) and
    a card, a launch the main action and a complete rocket (NGG-LAUNCH-1), a chrome launch a
    chrome bribe, a rocket and, under ``chrome_launch="main"``, the main action (NGG-BRIBE-8)."""
    pad = view.pads[view.turn]
    sizes = [getattr(pad, m.value) for m in MATERIALS]
    if view.seat == view.turn and view.hand is not None:
        has_card = any(getattr(view.hand, m.value) and (getattr(pad, m.value) or sum(map(bool, sizes)) < 3)
                       for m in MATERIALS)
    else:
        has_card = view.hand_sizes[view.turn] > 0
    choices = []
    if (view.open_build or view.builds or view.mains) and has_card:
        choices.append("build")
    if view.mains and any(n >= c for n, c in zip(sizes, view.components.launch_costs, strict=True)):
        choices.append("launch")
    if view.chrome and any(sizes) and (view.mains or view.options.chrome_launch != "main"):
        choices.append("chrome-launch")
    return [*choices, "end the turn"]


def _pending(view: View) -> str:
    frame = view.pending
    if frame is not None:
        among = ", ".join(str(v) for v in frame.among)
        return f"feed the Wandering Gremlin ({among})" if among else "feed the Wandering Gremlin"
    if view.phase is Phase.MAIN:
        choices = _main_choices(view)
        return choices[0] if len(choices) == 1 else ", ".join(choices[:-1]) + " or " + choices[-1]
    return {
        Phase.OPENING: "draw two or take from the scrapheap",
        Phase.DISCARD: "discard a card",
        Phase.FINAL_OPENING: "take from the scrapheap (final turn)",
    }.get(view.phase, "")


def _pile(x: float, y: float, label: str, count: int, pile: str) -> Node:
    return group(
        tooltip(f"{label}: {count} cards, face down"),
        text(x, y - 6, label, size=11, weight="bold"),
        rect(x, y, 40, 56, rx=5, fill=PALETTE["back"] if count else PALETTE["table"], stroke=INK,
             stroke_width=1, stroke_dasharray=None if count else "4 3"),
        text(x + 20, y + 33, str(count), size=14, anchor="middle", weight="bold",
             fill=PALETTE["back-ink"] if count else PALETTE["muted"]),
        class_="pile", data_pile=pile, data_count=count, data_part=f"pile:{pile}",
    )


def _scrapheap(view: View, x: float, y: float, room: float) -> Node:
    heap = view.scrapheap
    h = 56.0
    step = min(44.0, room / max(len(heap), 1))
    w = max(14.0, min(40.0, step - 3))
    top = heap[-1].value if heap else "empty"
    parts: list[Node | None] = [
        text(x, y - 6, f"Scrapheap ({len(heap)}, top: {top})", size=11, weight="bold")]
    if not heap:
        parts.append(rect(x, y, w, h, rx=5, fill="none", stroke=PALETTE["muted"], stroke_dasharray="4 3"))
    for i, m in enumerate(heap):
        label = m.value if w >= 40 else m.value[:2].title() if w >= 20 or i == len(heap) - 1 else ""
        parts.append(card(x + i * step, y, w, h, m.value, label=label, colour=MATERIAL_COLOURS[m.value],
                          ink=_ink(m.value), hint=_rules(view, m.value), data_zone="scrapheap", data_index=i))
    return group(*parts, class_="scrapheap", data_count=len(heap), data_part="scrapheap")


def _gremlin(x: float, y: float, name: str, zone: str) -> Node:
    """A gremlin card (or a thunderstorm): a card with a little horned head."""
    fill = MATERIAL_COLOURS[name]
    head = None if name == GremlinCard.THUNDERSTORM.value else group(
        polygon(((x + 12, y + 14), (x + 15, y + 6), (x + 18, y + 13)), fill=PALETTE["green"]),
        polygon(((x + 22, y + 13), (x + 25, y + 6), (x + 28, y + 14)), fill=PALETTE["green"]),
        circle(x + 20, y + 19, 8, fill=PALETTE["green"], stroke=INK, stroke_width=0.8),
        circle(x + 17, y + 18, 1.6, fill=PALETTE["white"]),
        circle(x + 23, y + 18, 1.6, fill=PALETTE["white"]),
    )
    what = "thunderstorm" if name == GremlinCard.THUNDERSTORM.value else f"{name} gremlin"
    return group(
        card(x, y, 40, 56, name, label="", colour=fill, hint=what, data_zone=zone),
        head,
        text(x + 20, y + 47, name if len(name) <= 6 else "storm", size=9, anchor="middle", fill=_ink(name)),
        class_="gremlin" if zone == "threat" else None, data_material=name if zone == "threat" else None,
    )


def _table(view: View) -> list[Node]:
    y = TABLE_TOP + 18
    parts: list[Node] = [
        _pile(16, y, "Deck", view.deck_size, "materials-deck"),
        _scrapheap(view, 76, y, 330),
        _pile(430, y, "Gremlins", view.gremlin_deck_size, "gremlin-deck"),
    ]
    discard = view.gremlin_discard
    parts.append(group(
        text(490, y - 6, f"Discard ({len(discard)})", size=11, weight="bold"),
        _gremlin(490, y, discard[-1].value, "gremlin-discard") if discard else
        rect(490, y, 40, 56, rx=5, fill="none", stroke=PALETTE["muted"], stroke_dasharray="4 3"),
        class_="gremlin-discard", data_count=len(discard),
    ))
    threat: list[Node] = [text(586, y - 6, "Threat area", size=11, weight="bold")]
    for i, m in enumerate(view.threat):
        threat.append(_gremlin(586 + i * 42, y, m.value, "threat"))
    if not view.threat:
        threat.append(text(586, y + 30, "no gremlin", size=10, fill=PALETTE["muted"]))
    parts.append(group(*threat, class_="threat", data_count=len(view.threat)))
    removed = _counts(view.removed)
    total = sum(k for _, k in removed)
    words = ", ".join(f"{m.value} {k}" for m, k in removed) or "none"
    parts.append(group(text(16, y + 84, f"Removed from the game: {words}", size=10, fill=PALETTE["muted"]),
                       class_="removed", data_count=total))
    if view.wanderer_status is not WandererStatus.HELD:
        where = "set aside (nobody has launched yet)" if view.wanderer_status is WandererStatus.SET_ASIDE \
            else "gone (it has left the game)"
        parts.append(_wanderer(430, y + 78, view, where))
    rules = view.components
    costs = " · ".join(f"{m.value} {c}/{v}" for m, c, v in zip(MATERIALS, rules.launch_costs,
                                                                 rules.medal_values, strict=True))
    parts.append(text(16, y + 132, f"Launch cost / medal value: {costs}", size=10, fill=PALETTE["muted"],
                      class_="costs"))
    return parts


def _wanderer(x: float, y: float, view: View, words: str) -> Node:
    status = view.wanderer_status.value
    return group(
        tooltip(f"the Wandering Gremlin: {words}"),
        circle(x + 12, y + 12, 12, fill=PALETTE["purple"], stroke=INK, stroke_width=1.2),
        polygon(((x + 4, y + 4), (x + 6, y - 6), (x + 10, y + 2)), fill=PALETTE["purple"]),
        polygon(((x + 14, y + 2), (x + 18, y - 6), (x + 20, y + 4)), fill=PALETTE["purple"]),
        circle(x + 8, y + 11, 2, fill=PALETTE["yellow"]),
        circle(x + 16, y + 11, 2, fill=PALETTE["yellow"]),
        text(x + 30, y + 16, f"Wandering Gremlin: {words}", size=10),
        class_="wanderer", data_status=status, data_seat=view.wanderer,
    )


def _hand(view: View, seat: int, x: float, y: float) -> Node:
    room = WIDTH - 16 - x
    cards: list[Node] = []
    if view.seat == seat and view.hand is not None:
        names = [m.value for m, k in _counts(view.hand) for _ in range(k)]
        step = _step(len(names), room, _CARD_W)
        cards = [_face(x + i * step, y, _CARD_W, _CARD_H, n, "hand", hint=_rules(view, n), data_seat=seat,
                       data_part=f"hand:{n}")
                 for i, n in enumerate(names)]
        count = len(names)
    else:
        count = view.hand_sizes[seat]
        step = _step(count, room, _CARD_W)
        cards = [card_back(x + i * step, y, _CARD_W, _CARD_H, data_zone="hand", data_seat=seat)
                 for i in range(count)]
    return group(*cards, class_="hand", data_seat=seat, data_count=count)


def _pad(view: View, seat: int, x: float, y: float) -> Node:
    rockets: list[Node] = []
    costs = view.components.launch_costs
    for i, (m, k) in enumerate(_counts(view.pads[seat])):
        rx = x + i * 106
        cost = costs[MATERIALS.index(m)]
        cell = 84 / max(cost, k)
        body = [rect(rx + 10 + j * cell, y + 4, cell, 14, fill=MATERIAL_COLOURS[m.value] if j < k else
                     PALETTE["paper"], stroke=INK, stroke_width=0.6) for j in range(max(cost, k))]
        rockets.append(group(
            tooltip(f"{m.value} rocket: {k} of {cost} cards"),
            polygon(((rx, y + 11), (rx + 10, y + 4), (rx + 10, y + 18)), fill=MATERIAL_COLOURS[m.value],
                    stroke=INK, stroke_width=0.8),
            *body,
            text(rx + 10, y + 30, f"{m.value} {k}/{cost}" + (" ready" if k >= cost else ""), size=10),
            class_="rocket", data_material=m.value, data_cards=k, data_cost=cost,
            data_part=f"rocket:{seat}:{m.value}",
        ))
    if not rockets:
        rockets.append(text(x, y + 16, "launch pad empty", size=10, fill=PALETTE["muted"]))
    return group(*rockets, class_="pad", data_seat=seat)


def _medals(view: View, seat: int, x: float, y: float) -> Node:
    values = view.components.medal_values
    medals: list[Node] = []
    for i, (m, k) in enumerate(_counts(view.medals[seat])):
        cx = x + 10 + i * 30
        medals.append(group(
            tooltip(f"{k} {m.value} medal(s), {values[MATERIALS.index(m)]} points each"),
            circle(cx, y, 9, fill=MATERIAL_COLOURS[m.value], stroke=PALETTE["highlight"], stroke_width=2),
            text(cx + 11, y + 4, str(k), size=9, weight="bold"),
            class_="medal", data_material=m.value, data_count=k,
        ))
    return group(*medals, class_="medals", data_seat=seat)


def _seat(view: View, seat: int) -> Node:
    y = SEATS_TOP + seat * PANEL
    acting = view.current_player == seat
    name = f"Seat {seat}" + (" (you)" if view.seat == seat else "")
    notes = [_plural(view.scores[seat], "point"), _plural(view.hand_sizes[seat], "card")]
    if view.turn == seat and view.phase is not Phase.OVER:
        notes.append("turn")
    if seat in view.winners:
        notes.append("winner")
    return group(
        rect(8, y, WIDTH - 16, PANEL - 6, rx=6, fill=PALETTE["highlight"] if acting else PALETTE["table"],
             fill_opacity=0.35 if acting else 0.6, stroke="none"),
        text(16, y + 18, name, size=13, weight="bold"),
        text(16, y + 34, " · ".join(notes), size=10, fill=PALETTE["muted"]),
        _medals(view, seat, 16, y + 54),
        _wanderer(16, y + 72, view, "here") if view.wanderer == seat else None,
        text(_HAND_LEFT - 8, y + 30, "hand", size=9, anchor="end", fill=PALETTE["muted"]),
        _hand(view, seat, _HAND_LEFT, y + 6),
        text(_HAND_LEFT - 8, y + 76, "pad", size=9, anchor="end", fill=PALETTE["muted"]),
        _pad(view, seat, _HAND_LEFT, y + 60),
        class_="seat", data_seat=seat, data_acting=acting,
    )


def parts(view: View, action: object) -> tuple[str, ...]:
    """The parts of the picture ``action`` names (``data-part``): the materials deck
    (``pile:materials-deck``: draw two), the scrapheap (``scrapheap``: take), a card of the
    viewer's own hand by its material (``hand:iron``: discard, build, bribe) and a rocket on the
    launch pad of the seat whose turn it is (``rocket:2:iron``: launch, scrap, feed)."""
    if isinstance(action, DrawTwo):
        return ("pile:materials-deck",)
    if isinstance(action, TakeScrap):
        return ("scrapheap",)
    if isinstance(action, (Discard, Build, Bribe)):
        return (f"hand:{action.material.value}",)
    if isinstance(action, (Launch, ChromeLaunch, Scrap, Feed)):
        return (f"rocket:{view.turn}:{action.material.value}",)
    return ()


def _material_sample(name: str) -> Sample:
    return lambda x, y: [rect(x - 8, y - 7, 16, 14, rx=2, fill=MATERIAL_COLOURS[name], stroke=INK,
                              stroke_width=0.8),
                         text(x, y + 3, name[:2].title(), size=7, anchor="middle", fill=_ink(name))]


def _medal_sample(x: float, y: float) -> Node:
    return circle(x, y, 6, fill=MATERIAL_COLOURS["iron"], stroke=PALETTE["highlight"], stroke_width=2)


def _rocket_sample(x: float, y: float) -> list[Node]:
    return [polygon(((x - 9, y), (x - 4, y - 4), (x - 4, y + 4)), fill=MATERIAL_COLOURS["steel"], stroke=INK,
                    stroke_width=0.6),
            rect(x - 4, y - 4, 6, 8, fill=MATERIAL_COLOURS["steel"], stroke=INK, stroke_width=0.5),
            rect(x + 2, y - 4, 6, 8, fill=PALETTE["paper"], stroke=INK, stroke_width=0.5)]


LEGEND: list[tuple[str, Sample, str]] = [
    *((f"material-{m.value}", _material_sample(m.value), f"{m.value[:2].title()}: {m.value}")
      for m in MATERIALS),
    ("rocket", _rocket_sample, "rocket: its cards / its launch cost (ready: it can launch)"),
    ("medal", _medal_sample, "ringed disc: medals of a material, their count beside"),
]
"""What the short names, rockets and medals mean (the legend at the bottom)."""


def _plural(n: int, thing: str) -> str:
    return f"{n} {thing}{'' if n == 1 else 's'}"


def _where(view: View) -> str:
    if view.phase is Phase.OVER:
        return ""
    parts = [f"round {view.round}", f"seat {view.turn}'s turn"]
    if view.finale:
        parts.append("final turns")
    return " · ".join(parts)


def _check(view: View) -> None:
    """A view whose parts disagree (edited or hand-made JSON) is refused before it is drawn: the
    per-seat rows must match the player count and every count must be a number of cards the game
    can hold (so a hostile count cannot make a huge picture)."""
    n = view.players
    rows = (view.scores, view.hand_sizes, view.pads, view.medals)
    if type(n) is not int or not 1 <= n <= 5 or any(len(r) != n for r in rows):
        raise InvalidArgumentError(f"this No Good Gremlins view's rows do not match its {shown(n)} players")
    counts = [*view.hand_sizes, view.deck_size, view.gremlin_deck_size, *view.components.launch_costs]
    for c in (view.hand, *view.pads, *view.medals, view.removed):
        counts += [] if c is None else [getattr(c, m.value) for m in MATERIALS]
    if any(type(k) is not int or not 0 <= k <= MATERIAL_COUNT for k in counts):
        raise InvalidArgumentError(f"this No Good Gremlins view holds a count outside 0 to {MATERIAL_COUNT}")
    seats = [s for s in (view.seat, view.wanderer) if s is not None]
    if any(type(s) is not int or not 0 <= s < n for s in seats):
        raise InvalidArgumentError("this No Good Gremlins view names a seat that is not at the table")


def draw(view: View, *, size: int | None, labels: bool) -> str:
    """The picture of a No Good Gremlins view (any seat's, or a spectator's). ``labels`` adds
    nothing here: every part already carries its name. A view whose parts disagree raises
    :class:`~gremlinrules.core.errors.InvalidArgumentError`."""
    del labels
    return drawn("No Good Gremlins", lambda: _draw(view, size), check=lambda: _check(view))


def _draw(view: View, size: int | None) -> str:
    headline = viewer_line(TITLE, view.seat, view.current_player, _where(view), _pending(view))
    first = f"{TITLE} · {seat_name(view.seat)} · {_where(view) or 'game over'}"
    second = verdict(view.current_player, _pending(view))
    if view.phase is Phase.OVER and view.winners:
        won = " · " + ("winner" if len(view.winners) == 1 else "winners") + " " + ", ".join(
            f"seat {w}" for w in view.winners)
        headline += won
        second += won
    status = [f"{view.players} players"]
    if view.phase is Phase.MAIN and view.current_player is not None:
        status.append(f"{view.mains} main, {view.builds} build-only, {view.chrome} chrome launches left")
        if view.open_build:
            status.append(f"{view.open_build} more card on this build")
    if view.no_eat:
        status.append("the gremlin eats nothing this turn")
    key, key_h = legend(16, SEATS_TOP + view.players * PANEL + 4, WIDTH - 32, LEGEND)
    height = SEATS_TOP + view.players * PANEL + 4 + key_h
    parts: list[Node | None] = [
        key,
        *heading(first, second, WIDTH),
        text(16, 56, " · ".join(status), size=10, fill=PALETTE["muted"]),
        *_table(view),
        *(_seat(view, p) for p in range(view.players)),
    ]
    return document(WIDTH, height, parts, size=size, title=headline, game_id="no-good-gremlins",
                    seat=view.seat)
