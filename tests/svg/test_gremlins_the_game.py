"""Gremlins: The Game's pictures (issue 19): the map drawn from its data, every piece of the view
drawn once where the view puts it, no face-down gremlin named and no other hand shown, the same
bytes for the same view.

Views are taken at random points of random seeded games, every player count, every seat and the
spectator; the expected parts are computed from the view, and what is hidden from the full state.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest
from hypothesis import given
from hypothesis import strategies as st

import gremlinrules
from gremlinrules.gremlins_the_game import REFERENCE_MAP
from gremlinrules.gremlins_the_game import Options
from gremlinrules.gremlins_the_game import State
from gremlinrules.gremlins_the_game import View
from gremlinrules.gremlins_the_game import read_map
from gremlinrules.gremlins_the_game.board import COLOURS
from gremlinrules.gremlins_the_game.board import Map
from gremlinrules.svg import svg
from gremlinrules.svg.gremlins_the_game import _fills
from tests.gremlins_the_game.test_board import SMALL
from tests.svg.support import SVG_NS
from tests.svg.support import cards
from tests.svg.support import parse
from tests.svg.support import parts
from tests.svg.support import position
from tests.svg.test_no_good_gremlins import check_edited_views

GAME_ID = "gremlins-the-game"
GAME = gremlinrules.get_game(GAME_ID)
positions = {
    "players": st.sampled_from(GAME.player_counts), "seed": st.integers(0, 2**32),
    "walk_seed": st.integers(0, 2**32), "stop": st.integers(0, 300),
}


def _one(root: ET.Element, cls: str, **data: str) -> ET.Element:
    found = parts(root, cls, **data)
    assert len(found) == 1, (cls, data, len(found))
    return found[0]


def _gremlins(root: ET.Element, zone: str) -> list[tuple[str | None, str | None, str | None]]:
    return [(g.get("data-space"), g.get("data-gremlin"), g.get("data-face-up"))
            for g in parts(root, "gremlin", zone=zone)]


def _check(root: ET.Element, view: View, m: Map) -> None:
    spaces = parts(root, "space")
    assert [s.get("data-space") for s in spaces] == [s.name for s in m.spaces]
    assert [s.get("data-area") for s in spaces] == [s.area for s in m.spaces]
    tokens = sorted((t.get("data-kind"), t.get("data-space")) for t in parts(root, "token"))
    on_map = [("event", s) for s in view.event_tokens] + [("weapon", s) for s in view.weapon_tokens]
    assert tokens == sorted(on_map)
    assert _gremlins(root, "board") == [
        (g.space, g.gremlin if g.face_up else "hidden", "true" if g.face_up else "false") for g in view.board]
    pooled = [g.get("data-from-pool") == "true" for g in parts(root, "gremlin", zone="board")]
    assert pooled == [g.from_pool and not g.face_up for g in view.board]
    assert _gremlins(root, "crowd") == [(None, g, "true") for g in view.crowd]
    pawns = [(p.get("data-seat"), p.get("data-colour"), p.get("data-space")) for p in parts(root, "pawn")]
    assert pawns == [(str(k), COLOURS[k], s) for k, s in enumerate(view.positions)]
    piles = {p.get("data-pile"): p.get("data-count") for p in parts(root, "pile")}
    assert piles == {"gremlin-pool": str(view.pool_size), "weapon-deck": str(view.weapon_deck_size),
                     "weapon-discard": str(len(view.weapon_discard)), "event-deck": str(view.event_deck_size),
                     "event-discard": str(len(view.event_discard))}
    assert cards(_one(root, "pile", pile="weapon-discard")) == list(view.weapon_discard[-1:])
    assert cards(_one(root, "pile", pile="event-discard")) == list(view.event_discard[-1:])
    assert len(parts(root, "seat")) == view.players
    for seat in range(view.players):
        panel = _one(root, "seat", seat=str(seat))
        hand = cards(_one(panel, "hand", seat=str(seat)))
        if seat == view.seat:
            assert view.hand is not None
            assert hand == list(view.hand)
        else:
            assert hand == ["hidden"] * view.hand_sizes[seat]
        assert [g[1] for g in _gremlins(panel, "defeated")] == list(view.defeated[seat])
        assert panel.get("data-acting") == ("true" if view.current_player == seat else "false")


@given(**positions)
def test_each_piece_of_the_view_is_drawn_once_where_the_view_puts_it(players: int, seed: int, walk_seed: int,
                                                                     stop: int) -> None:
    """Every seat's picture and the spectator's draw each space of the map once (name and area),
    each event and weapon token on its space, each gremlin token on its space (named face up, a
    hidden token face down, marked when it came from the pool), the theater's crowd, one pawn per
    seat in its colour on its space, the piles by size with the discards' top cards, and per seat
    its hand card by card and its defeated gremlins, all as the view says."""
    state = position(GAME, players, seed, walk_seed, stop)
    for seat in [*range(players), None]:
        view = GAME.observe(state, seat)
        _check(parse(svg(GAME_ID, view)), view, REFERENCE_MAP)


def _hidden_gremlins(state: State) -> set[str]:
    """The gremlins nobody may know, from the full state: the face-down tokens and the pool."""
    return {g.gremlin for g in state.board if not g.face_up} | set(state.pool)


@pytest.mark.clause("GTG-VIEW-1")
@given(**positions, resample=st.integers(0, 2**32))
def test_a_seats_picture_names_no_gremlin_or_card_hidden_from_it(players: int, seed: int, walk_seed: int,
                                                                 stop: int, resample: int) -> None:
    """Against the full state: no face-down gremlin token (on the map or in the pool) is named
    anywhere in any seat's picture or the spectator's (not in an attribute, a text or a hover
    title); another seat's hand is backs only and the seat's own hand is its cards in the state.
    Redealing what p cannot see (sample_hidden) gives p the very same picture."""
    state = position(GAME, players, seed, walk_seed, stop)
    hidden = _hidden_gremlins(state)
    for seat in [*range(players), None]:
        picture = svg(GAME_ID, GAME.observe(state, seat))
        root = parse(picture)
        named = hidden & _words(picture)
        assert not named, named
        for owner in range(players):
            hand = cards(_one(root, "hand", seat=str(owner)))
            size = len(state.hands[owner])
            assert hand == (list(state.hands[owner]) if owner == seat else ["hidden"] * size)
        if seat is not None:
            other = GAME.sample_hidden(state, seat, resample)
            assert svg(GAME_ID, GAME.observe(other, seat)) == picture


def _words(picture: str) -> set[str]:
    """Every word of a picture (letters, digits, ``_`` and ``-``): where a token's id would show."""
    return set(re.findall(r"[\w-]+", picture))


def test_the_hidden_gremlin_check_finds_a_named_gremlin() -> None:
    """The search of the test above finds a token's id written in a picture (so it can fail), and
    does not take one id for another that begins with it."""
    state = GAME.new_game(2, 5)
    token = next(g.gremlin for g in state.board)
    assert token in _words(f'<g data-gremlin="{token}"/>')
    assert token in _words(f"<title>{token}: 1 points</title>")
    assert token not in _words(f'<g data-gremlin="{token}9"/>')


@given(**positions, viewer=st.integers(0, 4))
def test_the_picture_is_a_function_of_the_view_alone(players: int, seed: int, walk_seed: int, stop: int,
                                                     viewer: int) -> None:
    """The same view (a seat's, or the spectator's when ``viewer`` is no seat) gives the same
    bytes, drawn twice or from its JSON round trip (a client's copy); ``size`` changes the width
    only."""
    state = position(GAME, players, seed, walk_seed, stop)
    view = GAME.observe(state, viewer if viewer < players else None)
    picture = svg(GAME_ID, view)
    assert svg(GAME_ID, view) == picture
    assert svg(GAME_ID, GAME.from_json(GAME.to_json(view), View)) == picture
    wide = parse(svg(GAME_ID, view, size=700))
    assert wide.get("width") == "700"
    assert wide.get("viewBox") == parse(picture).get("viewBox")


def _texts(element: ET.Element) -> list[str]:
    return [t.text or "" for t in element.iter(f"{{{SVG_NS}}}text")]


def test_labels_write_each_space_name_on_its_space() -> None:
    """With ``labels=True`` every space carries its name (a1, b1, ...); without, none does."""
    view = GAME.observe(GAME.new_game(3, 1), None)
    labelled = parse(svg(GAME_ID, view, labels=True))
    plain = parse(svg(GAME_ID, view))
    for root, wanted in ((labelled, True), (plain, False)):
        for space in parts(root, "space"):
            assert (space.get("data-space") in _texts(space)) is wanted


def test_a_table_on_its_own_map_is_drawn_on_that_map() -> None:
    """A table playing a user's map (GTG-MAP-7) is drawn from that map's data: its spaces, its name,
    and the pieces on it, as the view says."""
    small = read_map(SMALL)
    state = GAME.new_game(2, 4, options=Options(map=small, turn_limit=150))
    for _ in range(12):
        if GAME.is_terminal(state):
            break
        state = GAME.apply(state, GAME.legal_actions(state)[0])
    view = GAME.observe(state, 0)
    root = parse(svg(GAME_ID, view))
    _check(root, view, small)
    assert len(parts(root, "space")) == len(small.spaces) != len(REFERENCE_MAP.spaces)
    assert _one(root, "map").get("data-map") == small.name


@given(**positions, edit_seed=st.integers(0, 2**32))
def test_an_edited_view_draws_or_is_refused_with_the_librarys_error(players: int, seed: int, walk_seed: int,
                                                                    stop: int, edit_seed: int) -> None:
    """A view decoded from JSON with one part changed (rows that disagree with the player count,
    a space the map does not have, a gremlin or weapon of no component) draws as valid SVG or
    raises InvalidArgumentError, never a KeyError, IndexError or TypeError."""
    check_edited_views(GAME_ID, View, position(GAME, players, seed, walk_seed, stop), edit_seed)


def _effective(chain: list[ET.Element], name: str) -> str | None:
    """An inherited presentation attribute as drawn: the nearest value on the element or a parent."""
    for e in reversed(chain):
        if e.get(name) is not None:
            return e.get(name)
    return None


@pytest.mark.parametrize("labels", [False, True])
def test_the_compact_map_draws_each_space_as_before(labels: bool) -> None:
    """The map sets the grid's stroke and the commonest fill once on the spaces' group: each
    space's square is still drawn in its area's colour with the grid's thin outline, and no text
    on a space picks up that outline (texts draw with no stroke); the map takes under 260
    bytes a space (235 before each space carried its ``data-part`` for the page's clicks)."""
    m = REFERENCE_MAP
    fills = _fills(m)
    root = parse(svg(GAME_ID, GAME.observe(GAME.new_game(2, 1), None), labels=labels))
    (group,) = [e for e in root.iter(f"{{{SVG_NS}}}g") if e.get("class") == "spaces"]
    for space, s in zip(parts(group, "space"), m.spaces, strict=True):
        (square,) = space.iter(f"{{{SVG_NS}}}rect")
        chain = [group, space, square]
        assert _effective(chain, "fill") == fills.get(s.area, "#e9e4d8")
        assert _effective(chain, "stroke") == "#b8b2a4"
        assert _effective(chain, "stroke-width") == "1"
        for words in space.iter(f"{{{SVG_NS}}}text"):
            assert _effective([group, space, words], "stroke") == "none"
    (board,) = [e for e in root.iter(f"{{{SVG_NS}}}g") if e.get("class") == "map"]
    assert len(ET.tostring(board)) / len(m.spaces) < (260 if not labels else 355)
