"""Gremlins, Inc. drawn from a view: the score track, the deck and discard pile, the card being
resolved, and each seat's hand, projects (with their resources) and active permanents.

Parts a program may count (classes and data attributes):

- ``<g class="track" data-end="score|reshuffles">`` holds one ``<g class="score-marker"
  data-seat="k" data-score="s">`` per seat on the track from 0 to the target score;
- ``<g class="pile" data-pile="deck|discard" data-count="n">``: the deck (face down: its size only)
  and the discard pile (public: its top card as a face);
- ``<g class="resolving">`` holds the card being played or completed, when there is one;
- ``<g class="seat" data-seat="k">`` per seat, holding ``<g class="hand" data-seat="k"
  data-count="n">`` with one card per hand card: faces for the viewer's own hand, backs
  (``data-card="hidden"``) for the others' and a spectator's (GI-VIEW-1);
  ``<g class="project" data-uid="u" data-face-up="...">`` per project, its card a face when the
  view knows it and a back otherwise (GI-VIEW-2, GI-VIEW-3), with one ``<g class="resource"
  data-resource="gold" data-card="...">`` per assigned card (``data-card="hidden"`` where the view
  has its type only, GI-VIEW-4); ``<g class="permanent">`` per active blueprint-permanent.

``data-part`` marks what an action names (see :func:`parts`): the viewer's own hand cards, every
project, every seat's panel and every assigned resource.

Every card is a ``<g class="card" data-card="design-id">`` with ``data-zone`` (``hand``,
``project``, ``permanent``, ``discard`` or ``resolving``).
"""

from __future__ import annotations

from gremlinrules.core.errors import InvalidArgumentError
from gremlinrules.core.errors import shown
from gremlinrules.gremlins_inc.actions import Assign
from gremlinrules.gremlins_inc.actions import Cancel
from gremlinrules.gremlins_inc.actions import ChoosePlayer
from gremlinrules.gremlins_inc.actions import ChooseProject
from gremlinrules.gremlins_inc.actions import ChooseResource
from gremlinrules.gremlins_inc.actions import ChooseSelf
from gremlinrules.gremlins_inc.actions import Complete
from gremlinrules.gremlins_inc.actions import Discard
from gremlinrules.gremlins_inc.actions import Play
from gremlinrules.gremlins_inc.actions import Start
from gremlinrules.gremlins_inc.components import REFERENCE
from gremlinrules.gremlins_inc.components import Card
from gremlinrules.gremlins_inc.components import Components
from gremlinrules.gremlins_inc.state import Phase
from gremlinrules.gremlins_inc.view import ProjectView
from gremlinrules.gremlins_inc.view import View
from gremlinrules.gremlins_inc.words import card_text
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
from gremlinrules.svg.core import seat_name
from gremlinrules.svg.core import text
from gremlinrules.svg.core import tooltip
from gremlinrules.svg.core import verdict
from gremlinrules.svg.core import viewer_line

__all__ = ["RESOURCE_COLOURS", "draw", "parts"]

TITLE = "Gremlins, Inc."
WIDTH = 1000
SEATS_TOP = 196
"""The top of the first seat's panel."""
PANEL = 196
"""A seat panel's height."""
CARD_W, CARD_H = 58.0, 78.0
RESOURCE_COLOURS: dict[str, str] = {"gold": "#e2b33c", "malice": PALETTE["purple"], "industry": "#5d6d7e"}
"""A colour per resource type."""
KIND_COLOURS: dict[str, str] = {"action": "#eef3fb", "blueprint": "#fbf0dc", "permanent": "#e4f3df"}
"""A card's face colour by its kind."""
def _resource_sample(kind: str) -> Sample:
    return lambda x, y: circle(x, y, 5.5, fill=RESOURCE_COLOURS[kind], stroke=INK, stroke_width=0.8)


def _kind_sample(kind: str) -> Sample:
    return lambda x, y: rect(x - 6, y - 8, 12, 16, rx=2, fill=KIND_COLOURS[kind], stroke=INK,
                             stroke_width=0.8)


def _word_sample(words: str) -> Sample:
    return lambda x, y: text(x, y + 3, words, size=8, anchor="middle", weight="bold", fill=PALETTE["muted"])


LEGEND: list[tuple[str, Sample, str]] = [
    *((f"resource-{r}", _resource_sample(r), f"{r}: a resource (a card's band, a project's disc)")
      for r in RESOURCE_COLOURS),
    *((f"kind-{k}", _kind_sample(k), f"{k} card") for k in KIND_COLOURS),
    ("pay", _word_sample("pay"), "pay: an action's cost in resources"),
    ("score", _word_sample("+3"), "+3: a blueprint's points, then what it needs"),
    ("project", _word_sample("#1"), "#1 down: a project's number, face down or up"),
]
"""What the card colours, discs and marks mean (the legend at the bottom)."""

_PENDING = {
    "Redraw": "discard cards to redraw, or be done",
    "Payment": "pay a resource from a project",
    "PlayerChoice": "choose a player",
    "ProjectChoice": "choose a project",
    "ResourceChoice": "choose a resource type",
    "DiscardChoice": "discard a card",
    "AssignChoice": "assign a card to a project, or stop",
}
_HAND_LEFT = 170.0
_MARKERS = ("blue", "red", "green", "orange", "purple", "pink")


def _points(score: int) -> str:
    return f"{score} point{'' if score == 1 else 's'}"


def _count(cards: int) -> str:
    return f"{cards} card{'' if cards == 1 else 's'}"


def _components(view: View) -> Components:
    return view.options.components or REFERENCE


def _wrap(words: str, width: int) -> list[str]:
    """``words`` in lines of at most about ``width`` characters (three lines at most)."""
    lines: list[str] = []
    for word in words.split():
        if lines and len(lines[-1]) + 1 + len(word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    if len(lines) > 3:
        lines = lines[:2] + [lines[2][:width - 1] + "…"]
    return lines


def _face(view: View, x: float, y: float, card_id: str, zone: str, *, w: float = CARD_W, h: float = CARD_H,
          seat: int | None = None, part: str | None = None) -> Node:
    """A face-up card: its resource type as a band, its name, its cost or its score and needs."""
    c: Card = _components(view).card(card_id)
    band = RESOURCE_COLOURS.get(c.resource, PALETTE["grey"])
    size = 7.5 if w >= CARD_W else 6.5
    lines = _wrap(c.name, int(w / (size * 0.7)))
    if c.kind == "action":
        head, pairs = ("pay" if c.cost else "free"), c.cost
    else:
        head, pairs = f"+{c.score}", c.needs
    foot: list[Node] = [text(x + 4, y + h - 6, head, size=7, weight="bold", fill=PALETTE["muted"])]
    fx = x + 4 + 4.3 * len(head) + 3
    for r, n in pairs:
        colour = RESOURCE_COLOURS.get(r, PALETTE["grey"])
        foot.append(circle(fx + 3, y + h - 8.5, 3.2, fill=colour, stroke=INK, stroke_width=0.5))
        foot.append(text(fx + 7.5, y + h - 6, str(n), size=7, fill=INK))
        fx += 8.5 + 4.3 * len(str(n))
    return group(
        card(x, y, w, h, card_id, label="", colour=KIND_COLOURS.get(c.kind, PALETTE["paper"]),
             hint=card_text(c), data_zone=zone, data_kind=c.kind,
             data_seat=seat, data_part=part),
        rect(x + 1, y + 1, w - 2, 7, fill=band, stroke="none"),
        *(text(x + w / 2, y + 20 + i * (size + 2), t, size=size, anchor="middle", weight="bold")
          for i, t in enumerate(lines)),
        *foot,
    )


def _resource(x: float, y: float, kind: str, card_id: str | None, view: View) -> Node:
    hint = f"{kind} resource" + ("" if card_id is None else f": {_components(view).card(card_id).name}")
    return group(
        tooltip(hint),
        circle(x, y, 5.5, fill=RESOURCE_COLOURS.get(kind, PALETTE["grey"]), stroke=INK, stroke_width=0.8),
        class_="resource", data_resource=kind, data_card="hidden" if card_id is None else card_id,
        data_part=f"resource:{kind}",
    )


def _project(view: View, owner: int, index: int, p: ProjectView, x: float, y: float) -> Node:
    if p.card is not None:
        face = _face(view, x, y, p.card, "project", seat=owner)
    else:
        face = card_back(x, y, CARD_W, CARD_H, data_zone="project", data_seat=owner)
    state = "face up" if p.face_up else "face down"
    resources = [
        _resource(x + CARD_W + 8 + (i // 6) * 12, y + 6 + (i % 6) * 12, kind,
                  None if p.resource_cards is None else p.resource_cards[i], view)
        for i, kind in enumerate(p.resources)
    ]
    return group(
        tooltip(f"project {index + 1} of seat {owner} ({state}, {len(p.resources)} resources)"),
        face,
        text(x + CARD_W / 2, y - 4, f"#{index + 1} {'up' if p.face_up else 'down'}", size=8, anchor="middle",
             fill=PALETTE["muted"]),
        *resources,
        class_="project", data_seat=owner, data_uid=p.uid, data_face_up=p.face_up, data_index=index,
        data_part=f"project:{owner}:{index + 1}",
    )


def parts(view: View, action: object) -> tuple[str, ...]:
    """The parts of the picture ``action`` names (``data-part``): a card of the viewer's own hand
    (``hand:pocket-watch``: start, play, assign, discard), a project by its owner and number
    (``project:1:2``: assign to, complete, cancel, choose it), a seat's panel (``seat:1``: choose
    that player) and an assigned resource by its type (``resource:gold``). A face-down project is
    named by its position only."""
    me = view.current_player
    if isinstance(action, (Start, Play, Discard)):
        return (f"hand:{action.card}",)
    if isinstance(action, Assign):
        return (f"hand:{action.card}", f"project:{me}:{action.project}")
    if isinstance(action, (Complete, Cancel)):
        return (f"project:{me}:{action.project}",)
    if isinstance(action, ChooseProject):
        return (f"project:{action.seat}:{action.project}",)
    if me is not None and isinstance(action, ChoosePlayer):
        return (f"seat:{(me + action.offset) % view.players}",)
    if me is not None and isinstance(action, ChooseSelf):
        return (f"seat:{me}",)
    if isinstance(action, ChooseResource):
        return (f"resource:{action.resource}",)
    return ()


def _seat(view: View, seat: int) -> Node:
    y = SEATS_TOP + seat * PANEL
    acting = view.current_player == seat
    notes = [_points(view.scores[seat]), _count(view.hand_sizes[seat])]
    if view.options.teams != "none":
        notes.insert(0, f"team {view.teams[seat]}")
    status = []
    if view.turn == seat and view.phase is not Phase.OVER:
        status.append(f"turn · {view.actions_used}/{view.actions_allowed} actions")
    if seat in view.winners:
        status.append("winner")
    hand: list[Node]
    room = WIDTH - 16 - _HAND_LEFT
    if view.seat == seat and view.hand is not None:
        count = len(view.hand)
        step = min(CARD_W + 4, (room - CARD_W) / max(count - 1, 1))
        hand = [_face(view, _HAND_LEFT + i * step, y + 8, c, "hand", seat=seat, part=f"hand:{c}")
                for i, c in enumerate(view.hand)]
    else:
        count = view.hand_sizes[seat]
        step = min(CARD_W + 4, (room - CARD_W) / max(count - 1, 1))
        hand = [card_back(_HAND_LEFT + i * step, y + 8, CARD_W, CARD_H, data_zone="hand", data_seat=seat)
                for i in range(count)]
    projects: list[Node] = []
    px = _HAND_LEFT
    for i, p in enumerate(view.projects[seat]):
        projects.append(_project(view, seat, i, p, px, y + 104))
        px += CARD_W + 20 + 12 * max(1, -(-len(p.resources) // 6))  # a column of resources per six
    perm_left = max(px, _HAND_LEFT + 3 * 90) + 20
    permanents = [
        group(_face(view, perm_left + i * 62, y + 104, c, "permanent", seat=seat), class_="permanent",
              data_seat=seat, data_card=c)
        for i, c in enumerate(view.permanents[seat])
    ]
    return group(
        group(
            rect(8, y, WIDTH - 16, PANEL - 6, rx=6, fill=PALETTE["highlight"] if acting else PALETTE["table"],
                 fill_opacity=0.35 if acting else 0.6, stroke="none"),
            text(16, y + 20, f"Seat {seat}" + (" (you)" if view.seat == seat else ""), size=13,
                 weight="bold"),
            text(16, y + 36, " · ".join(notes), size=10, fill=PALETTE["muted"]),
            *(text(16, y + 52 + 14 * i, s, size=10) for i, s in enumerate(status)),
            class_="seat-panel", data_part=f"seat:{seat}",
        ),
        text(_HAND_LEFT - 8, y + 50, "hand", size=9, anchor="end", fill=PALETTE["muted"]),
        group(*hand, class_="hand", data_seat=seat, data_count=count),
        text(_HAND_LEFT - 8, y + 146, "projects", size=9, anchor="end", fill=PALETTE["muted"]),
        group(*projects, class_="projects", data_seat=seat, data_count=len(projects)),
        text(perm_left, y + 98, "permanents", size=9, fill=PALETTE["muted"]) if permanents else None,
        group(*permanents, class_="permanents", data_seat=seat, data_count=len(permanents)),
        class_="seat", data_seat=seat, data_acting=acting,
    )


MARKER_R = 5.0
"""A score marker's radius."""


def _marker_place(scores: tuple[int, ...], seat: int, cx: float, cy: float) -> tuple[float, float]:
    """Where ``seat``'s marker stands on the track: the seats tied at its score (below 0 counts as 0)
    share the place in two rows, in columns a marker apart, by seat number, so none hides another."""
    tied = [s for s, v in enumerate(scores) if max(v, 0) == max(scores[seat], 0)]
    if len(tied) == 1:
        return cx, cy
    rank, columns = tied.index(seat), -(-len(tied) // 2)
    gap = 2 * MARKER_R + 1
    return cx + (rank // 2 - (columns - 1) / 2) * gap, cy + (rank % 2 - 0.5) * (gap + 1)


def _track(view: View, x: float, y: float, width: float) -> Node:
    o = view.options
    goal = o.target if o.end == "score" else max(max(view.scores, default=0), 1)
    top = max(goal, *view.scores, 1)
    unit = width / top
    parts: list[Node | None] = [
        text(x, y - 18, f"Score track (target {o.target})" if o.end == "score" else
             f"Scores (game ends after {o.reshuffles} reshuffles; {view.reshuffles} so far)", size=11,
             weight="bold"),
        rect(x, y, width, 10, rx=5, fill=PALETTE["table"], stroke=PALETTE["edge"], stroke_width=1),
    ]
    step = max(1, -(-top // 20))  # about twenty ticks, however high the scores
    for k in range(0, top + 1, step):
        tick = x + k * unit
        parts.append(line(tick, y + 10, tick, y + 14, stroke=PALETTE["muted"], stroke_width=1))
        parts.append(text(x + k * unit, y + 24, str(k), size=8, anchor="middle", fill=PALETTE["muted"]))
    for seat, score in enumerate(view.scores):
        cx, cy = _marker_place(view.scores, seat, x + max(score, 0) * unit, y + 5)
        parts.append(group(
            tooltip(f"seat {seat}: {_points(score)}"),
            circle(cx, cy, MARKER_R, fill=PALETTE[_MARKERS[seat % 6]], stroke=INK, stroke_width=1,
                   fill_opacity=0.9),
            text(cx, cy + 2.5, str(seat), size=7, anchor="middle", fill=PALETTE["white"], weight="bold"),
            class_="score-marker", data_seat=seat, data_score=score,
        ))
    return group(*parts, class_="track", data_end=o.end)


def _table(view: View) -> list[Node]:
    y = 78
    deck = group(
        tooltip(f"the deck: {view.deck_size} cards, face down"),
        text(16, y - 6, f"Deck ({view.deck_size})", size=11, weight="bold"),
        rect(16, y, CARD_W, CARD_H, rx=6, fill=PALETTE["back"] if view.deck_size else "none",
             stroke=INK if view.deck_size else PALETTE["muted"], stroke_width=1),
        text(16 + CARD_W / 2, y + CARD_H + 12, f"reshuffled {view.reshuffles}x", size=8, anchor="middle",
             fill=PALETTE["muted"]),
        class_="pile", data_pile="deck", data_count=view.deck_size,
    )
    discard = group(
        text(90, y - 6, f"Discard ({len(view.discard)})", size=11, weight="bold"),
        _face(view, 90, y, view.discard[-1], "discard") if view.discard else
        rect(90, y, CARD_W, CARD_H, rx=6, fill="none", stroke=PALETTE["muted"], stroke_dasharray="4 3"),
        class_="pile", data_pile="discard", data_count=len(view.discard),
    )
    parts = [deck, discard]
    if view.resolving is not None:
        parts.append(group(
            text(178, y - 6, "Resolving", size=11, weight="bold"),
            _face(view, 178, y, view.resolving, "resolving"),
            class_="resolving",
        ))
    parts.append(_track(view, 260, y + 14, WIDTH - 290))
    if view.options.teams != "none":
        scores = " · ".join(f"team {t}: {s}" for t, s in enumerate(view.team_scores))
        parts.append(text(260, y + 64, scores, size=11, class_="team-scores"))
    return parts


def _pending(view: View) -> str:
    frame = view.pending
    if frame is not None:
        kind = type(frame).__name__
        words = _PENDING.get(kind, kind)
        comps = _components(view)
        card = view.resolving
        if card:
            words += f" ({comps.card(card).name if comps.has(card) else card})"
        return words
    if view.phase is Phase.PLAY:
        return "start, assign, play, complete, cancel or end the turn"
    return ""


def _check(view: View) -> None:
    """A view whose parts disagree (edited or hand-made JSON) is refused before it is drawn: the
    per-seat rows must match the player count, every hand size must be a number of cards the set
    holds (so a hostile count cannot make a huge picture), and every resource must name its card
    where cards are given."""
    n = view.players
    rows = (view.scores, view.hand_sizes, view.projects, view.permanents, view.teams)
    if type(n) is not int or not 1 <= n <= 6 or any(len(r) != n for r in rows):
        raise InvalidArgumentError(f"this Gremlins, Inc. view's rows do not match its {shown(n)} players")
    deck = sum(c.copies for c in _components(view).cards)
    if any(type(k) is not int or not 0 <= k <= deck for k in view.hand_sizes):
        raise InvalidArgumentError(f"this Gremlins, Inc. view has a hand size outside 0 to {deck}")
    if view.seat is not None and not 0 <= view.seat < n:
        raise InvalidArgumentError("this Gremlins, Inc. view's seat is not at the table")
    for row in view.projects:
        for p in row:
            if p.resource_cards is not None and len(p.resource_cards) != len(p.resources):
                raise InvalidArgumentError(f"project {shown(p.uid)} names {len(p.resource_cards)} resource "
                                           f"cards for {len(p.resources)} resources")


def draw(view: View, *, size: int | None, labels: bool) -> str:
    """The picture of a Gremlins, Inc. view (any seat's, or a spectator's). ``labels`` adds
    nothing: project numbers are always written (#1, #2, #3). A view whose parts disagree
    raises :class:`~gremlinrules.core.errors.InvalidArgumentError`."""
    del labels
    return drawn("Gremlins, Inc.", lambda: _draw(view, size), check=lambda: _check(view))


def _draw(view: View, size: int | None) -> str:
    over = view.phase is Phase.OVER
    where = "game over" if over else f"round {view.round} · seat {view.turn}'s turn"
    first = f"{TITLE} · {seat_name(view.seat)} · {where}"
    second = verdict(view.current_player, _pending(view))
    if over and view.winners:
        second += " · winners " + ", ".join(f"seat {w}" for w in view.winners)
    headline = viewer_line(TITLE, view.seat, view.current_player, "" if over else where, _pending(view))
    if over and view.winners:
        headline += " · winners " + ", ".join(f"seat {w}" for w in view.winners)
    status = [f"{view.players} players"]
    if view.extra_turns:
        status.append(f"{view.extra_turns} extra turn(s) to come")
    if view.options.reveal_resources:
        status.append("resources played open")
    parts: list[Node | None] = [
        *heading(first, second, WIDTH),
        text(16, 57, " · ".join(status), size=10, fill=PALETTE["muted"]),
        *_table(view),
        *(_seat(view, p) for p in range(view.players)),
    ]
    key, key_h = legend(16, SEATS_TOP + view.players * PANEL + 4, WIDTH - 32, LEGEND)
    parts.append(key)
    height = SEATS_TOP + view.players * PANEL + 4 + key_h
    return document(WIDTH, height, parts, size=size, title=headline, game_id="gremlins-inc", seat=view.seat)
