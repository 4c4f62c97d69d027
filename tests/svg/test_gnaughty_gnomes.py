"""Gnaughty Gnomes' pictures: every part of the view drawn, with the right counts, and nothing a seat
cannot see (GG-VIEW-1, GG-2P-5, GG-VIEW-2)."""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from collections import Counter
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

import gremlinrules
import gremlinrules.svg
from gremlinrules import InvalidArgumentError
from gremlinrules.gnaughty_gnomes.board import CENTER
from gremlinrules.gnaughty_gnomes.board import N_HEXES
from gremlinrules.gnaughty_gnomes.board import N_SPOTS
from gremlinrules.gnaughty_gnomes.components import Card
from gremlinrules.gnaughty_gnomes.state import Phase
from gremlinrules.gnaughty_gnomes.state import State
from gremlinrules.gnaughty_gnomes.view import View
from gremlinrules.svg.gnaughty_gnomes import card_name
from tests.svg.support import SVG_NS
from tests.svg.support import G
from tests.svg.support import all_card_names
from tests.svg.support import cards
from tests.svg.support import names_any
from tests.svg.support import parse
from tests.svg.support import parts
from tests.svg.support import position

GAME = gremlinrules.get_game("gnaughty-gnomes")
FEW = settings(max_examples=max(5, settings().max_examples // 3))
"""A third of the profile's examples: each one draws every seat's picture with and without labels."""

walks = {"seed": st.integers(0, 2**32), "walk_seed": st.integers(0, 2**32), "stop": st.integers(0, 70)}


def _names(cs: tuple[Card, ...]) -> list[str]:
    return [card_name(c) for c in cs]


def _is_dummy(view: View, pos: int) -> bool:
    return view.players == 2 and pos >= 2


def _expected_hand(view: View, pos: int) -> tuple[Counter[str], int]:
    """What position ``pos``'s row must show, from the view: its face-up cards (and the viewer's own
    held cards) by name, and how many backs."""
    if view.face_up[pos] or _is_dummy(view, pos):
        return Counter(_names(view.face_up[pos])), view.face_down[pos]
    if view.seat == pos and view.hand is not None:
        return Counter(_names(view.hand)), 0
    return Counter(), view.hand_sizes[pos]


@pytest.mark.clause("GG-VIEW-1")
@pytest.mark.parametrize("players", [2, 4])
@FEW
@given(**walks)
def test_the_picture_draws_every_part_of_the_view_once(players: int, seed: int, walk_seed: int,
                                                       stop: int) -> None:
    """One hex per garden hex in board order with its colour (the white centre once), one gnome per
    occupied spot with its team, the spots numbered only with labels, the track in order, the
    current trick's and the last trick's cards, and per position as many cards as it holds: its
    face-up cards (and the viewer's own hand) named, every other card a back."""
    state = position(GAME, players, seed, walk_seed, stop)
    for seat in [*range(players), None]:
        view = GAME.observe(state, seat)
        for labels in (False, True):
            root = parse(gremlinrules.svg.svg(GAME.id, view, labels=labels))
            hexes = parts(root, "hex")
            assert [h.get("data-hex") for h in hexes] == [str(i) for i in range(N_HEXES)]
            assert [h.get("data-colour") for h in hexes] == [c.value for c in view.layout]
            assert [h.get("data-hex") for h in parts(root, "hex", colour="white")] == [str(CENTER)]
            gnomes = [(g.get("data-spot"), g.get("data-team")) for g in parts(root, "gnome")]
            assert gnomes == [(str(s), str(t)) for s, t in enumerate(view.gnomes) if t is not None]
            assert len(parts(root, "spot")) == (N_SPOTS if labels else 0)
            assert [t.get("data-suit") for t in parts(root, "track-suit")] == [c.value for c in view.track]
            (trick,) = parts(root, "trick")
            assert cards(trick) == [card_name(p.card) for p in view.plays]
            last = parts(root, "last-trick")
            assert [cards(g) for g in last] == ([[card_name(p.card) for p in view.history[-1]]]
                                                if view.history else [])
            for pos in range(4):
                (row,) = parts(root, "hand", position=str(pos))
                drawn = cards(row)
                faces, backs = _expected_hand(view, pos)
                assert len(drawn) == view.hand_sizes[pos]
                assert drawn.count("hidden") == backs
                assert Counter(c for c in drawn if c != "hidden") == faces


def _hidden_from(state: State, seat: int | None) -> set[Card]:
    """The cards the full state holds that ``seat`` may not see: other players' hands and every
    face-down dummy card (GG-VIEW-1, GG-2P-5); none once the game is over (GG-VIEW-2)."""
    if state.phase is Phase.OVER:
        return set()
    players = range(2) if state.players == 2 else range(4)
    hidden = {c for pos in players if pos != seat for c in state.hands[pos]}
    hidden |= {d for pos in range(4) for d, _ in state.piles[pos] if d is not None}
    return hidden


@pytest.mark.clause("GG-VIEW-1", "GG-2P-5", "GG-VIEW-2")
@pytest.mark.parametrize("players", [2, 4])
@FEW
@given(**walks)
def test_no_picture_names_a_card_its_seat_cannot_see(players: int, seed: int, walk_seed: int,
                                                     stop: int) -> None:
    """Against the full state: seat p's picture (or the spectator's) names no card in another
    player's hand nor a face-down dummy card, neither as a ``data-card`` nor in any visible or
    hover text (``red-4`` or ``red 4``), while every card p holds is named in p's own row."""
    state = position(GAME, players, seed, walk_seed, stop)
    for seat in [*range(players), None]:
        for labels in (False, True):
            root = parse(gremlinrules.svg.svg(GAME.id, GAME.observe(state, seat), labels=labels))
            hidden = _hidden_from(state, seat)
            assert not all_card_names(root) & {card_name(c) for c in hidden}
            assert not names_any(root, {card_name(c) for c in hidden} | {str(c) for c in hidden})
            if seat is not None:
                (row,) = parts(root, "hand", position=str(seat))
                assert set(_names(state.hands[seat])) <= set(cards(row))


def test_names_any_finds_a_card_named_only_in_a_hover_text() -> None:
    """The text search the secrecy test relies on finds a card named only in a ``<title>`` or a
    visible text, as a whole word."""
    root = parse('<svg xmlns="http://www.w3.org/2000/svg" version="1.1"><g><title>red 4</title></g>'
                 '<text>purple-7 here</text><text>red 40</text></svg>')
    assert names_any(root, {"red 4", "purple-7", "red 5", "red 0"}) == {"red 4", "purple-7"}


def test_the_two_player_dummy_shows_its_face_up_cards_to_everyone_and_hides_the_rest() -> None:
    """In the two-player game a dummy's face-up cards are named in every picture and its face-down
    cards are backs, its partner's picture included (GG-2P-5)."""
    state: Any = GAME.new_game(2, 11)
    for seat in (0, 1, None):
        root = parse(gremlinrules.svg.svg(GAME.id, GAME.observe(state, seat)))
        for pos in (2, 3):
            (row,) = parts(root, "hand", position=str(pos))
            ups = [card_name(c) for c in state.hands[pos]] + [card_name(u) for _, u in state.piles[pos]
                                                              if u is not None]
            downs = sum(d is not None for d, _ in state.piles[pos])
            assert sorted(c for c in cards(row) if c != "hidden") == sorted(ups)
            assert cards(row).count("hidden") == downs > 0


def test_labels_number_every_spot_where_the_rules_text_places_it() -> None:
    """With labels, spot i of the garden carries the number i (the numbers the rules page uses)."""
    root = parse(gremlinrules.svg.svg(GAME.id, GAME.observe(GAME.new_game(4, 2), None), labels=True))
    spots = parts(root, "spot")
    assert [s.get("data-spot") for s in spots] == [str(i) for i in range(N_SPOTS)]
    assert all("".join(s.itertext()) == s.get("data-spot") for s in spots)


def _box(element: ET.Element) -> tuple[float, float, float, float]:
    """The bounding box (left, top, right, bottom) of the circles and polygons under ``element``."""
    xs: list[float] = []
    ys: list[float] = []
    for e in element.iter():
        if e.tag == f"{{{SVG_NS}}}circle":
            x, y, r = (float(e.get(k, "0")) for k in ("cx", "cy", "r"))
            xs += [x - r, x + r]
            ys += [y - r, y + r]
        elif e.tag == f"{{{SVG_NS}}}polygon":
            for point in e.get("points", "").split():
                x, y = (float(v) for v in point.split(","))
                xs.append(x)
                ys.append(y)
    return min(xs), min(ys), max(xs), max(ys)


def test_labelled_spot_numbers_are_drawn_large_enough_to_read_and_apart() -> None:
    """With labels the garden is drawn larger (hex radius 60) so the spot numbers read at the docs'
    width: 9 px numbers in 8 px circles, no two circles overlapping, the whole garden inside the
    picture and clear of the track and trick drawn beside or below it."""
    root = parse(gremlinrules.svg.svg(GAME.id, GAME.observe(GAME.new_game(4, 2), None), labels=True))
    width, height = (float(v) for v in root.get("viewBox", "").split()[2:])
    circles = []
    for spot in parts(root, "spot"):
        (c,) = spot.iter(f"{{{SVG_NS}}}circle")
        (number,) = spot.iter(f"{{{SVG_NS}}}text")
        assert float(number.get("font-size", "0")) >= 9
        circles.append((float(c.get("cx", "0")), float(c.get("cy", "0")), float(c.get("r", "0"))))
    assert min(r for _, _, r in circles) >= 8
    for i, (x, y, r) in enumerate(circles):
        assert all(math.dist((x, y), (x2, y2)) >= r + r2 for x2, y2, r2 in circles[i + 1:])
    (garden,) = [e for e in root.iter(G) if e.get("class") == "garden"]
    left, top, right, bottom = _box(garden)
    hexes = parts(garden, "hex")
    hl, _, hr, _ = _box(hexes[0])
    assert hr - hl >= 60 * math.sqrt(3) - 0.1  # a hex's width at circumradius 60
    assert left >= 0
    assert top >= 48  # below the heading
    assert right <= width
    assert bottom <= height
    for cls in ("track", "trick"):  # their captions, the top left of what they draw
        (part,) = [e for e in root.iter(G) if e.get("class") == cls]
        caption = next(part.iter(f"{{{SVG_NS}}}text"))
        x, y, size = (float(caption.get(k, "0")) for k in ("x", "y", "font-size"))
        assert y - size >= bottom or x >= right, (cls, x, y, bottom, right)


@pytest.mark.parametrize("edit", [
    {"hand_sizes": (1, 10**9, 1, 1)}, {"hand_sizes": (1,)}, {"face_down": (0, 0, 10**6, 0)},
    {"layout": ()}, {"gnomes": (0,)}, {"track": ()}, {"players": 3}, {"seat": 7},
    {"order": (0, 0, 0, 0)}, {"face_up": ((),)},
], ids=lambda e: next(iter(e)))
def test_a_view_whose_parts_disagree_is_refused_not_drawn(edit: dict[str, Any]) -> None:
    """A view edited so that its parts disagree (rows not one per position, a count no position can
    hold, a garden of the wrong size, a turn order that does not order the trick) raises
    InvalidArgumentError at once: never an internal error, never a huge picture."""
    state = GAME.new_game(4, 3)
    for _ in range(6):
        state = GAME.apply(state, GAME.legal_actions(state)[0])
    view = GAME.observe(state, 0)
    gremlinrules.svg.svg(GAME.id, view)  # the unedited view draws
    with pytest.raises(InvalidArgumentError):
        gremlinrules.svg.svg(GAME.id, attrs.evolve(view, **edit))
