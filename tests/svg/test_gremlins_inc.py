"""Gremlins, Inc.'s pictures (issue 19): every part of the view drawn once, nothing a seat cannot
see, the same bytes for the same view.

Views are taken at random points of random seeded games, every player count, with resources
hidden or played open (``reveal_resources``), every seat and the spectator; the expected parts are
computed from the view, and what is hidden from the full state.
"""

from __future__ import annotations

import math
import random
import xml.etree.ElementTree as ET
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import gremlinrules
from gremlinrules.gremlins_inc import Options
from gremlinrules.gremlins_inc import State
from gremlinrules.gremlins_inc import View
from gremlinrules.gremlins_inc.flow import cards_of
from gremlinrules.svg import svg
from tests.svg.support import SVG_NS
from tests.svg.support import cards
from tests.svg.support import parse
from tests.svg.support import parts
from tests.svg.test_no_good_gremlins import check_edited_views

GAME_ID = "gremlins-inc"
GAME = gremlinrules.get_game(GAME_ID)
positions = {
    "players": st.sampled_from(GAME.player_counts), "seed": st.integers(0, 2**32),
    "stop": st.integers(0, 300), "reveal": st.booleans(), "familiar": st.booleans(),
    "teams": st.booleans(),
}


_TEAMS = {4: "2v2", 5: "2v3", 6: "3v3"}
"""A team layout for each player count that has one (GI-TEAM-1)."""


def _position(players: int, seed: int, stop: int, reveal: bool, familiar: bool, teams: bool) -> State:
    """A state after at most ``stop`` random decisions of a seeded game with the given options
    (``teams``: the player count's team layout, where it has one)."""
    rnd = random.Random(seed)
    layout = _TEAMS.get(players, "none") if teams else "none"
    options = Options(reveal_resources=reveal, familiar=familiar, teams=layout)
    state: State = GAME.new_game(players, seed, options=options)
    for _ in range(stop):
        if GAME.is_terminal(state):
            break
        legal = GAME.legal_actions(state)
        state = GAME.apply(state, legal[rnd.randrange(len(legal))])
    return state


def _one(root: ET.Element, cls: str, **data: str) -> ET.Element:
    found = parts(root, cls, **data)
    assert len(found) == 1, (cls, data, len(found))
    return found[0]


def _check(root: ET.Element, view: View) -> None:
    assert _one(root, "pile", pile="deck").get("data-count") == str(view.deck_size)
    discard = _one(root, "pile", pile="discard")
    assert discard.get("data-count") == str(len(view.discard))
    assert cards(discard) == list(view.discard[-1:])
    resolving = parts(root, "resolving")
    assert [cards(r) for r in resolving] == ([] if view.resolving is None else [[view.resolving]])
    markers = {m.get("data-seat"): m.get("data-score") for m in parts(_one(root, "track"), "score-marker")}
    assert markers == {str(p): str(s) for p, s in enumerate(view.scores)}
    _check_markers_apart(root)
    assert len(parts(root, "seat")) == view.players
    for seat in range(view.players):
        panel = _one(root, "seat", seat=str(seat))
        hand = cards(_one(panel, "hand", seat=str(seat)))
        if seat == view.seat:
            assert view.hand is not None
            assert hand == list(view.hand)
        else:
            assert hand == ["hidden"] * view.hand_sizes[seat]
        drawn = parts(panel, "project")
        assert len(drawn) == len(view.projects[seat])
        for g, p in zip(drawn, view.projects[seat], strict=True):
            assert g.get("data-uid") == str(p.uid)
            assert g.get("data-face-up") == ("true" if p.face_up else "false")
            assert [c.get("data-card") for c in parts(g, "card")] == ["hidden" if p.card is None else p.card]
            res = parts(g, "resource")
            assert [r.get("data-resource") for r in res] == list(p.resources)
            known = p.resource_cards or ("hidden",) * len(p.resources)
            assert [r.get("data-card") for r in res] == list(known)
        perms = parts(panel, "permanent")
        assert [cards(g) for g in perms] == [[c] for c in view.permanents[seat]]
        assert panel.get("data-acting") == ("true" if view.current_player == seat else "false")


@given(**positions)
def test_each_part_of_the_view_is_drawn_once_with_its_counts(players: int, seed: int, stop: int, reveal: bool,
                                                              familiar: bool, teams: bool) -> None:
    """Every seat's picture and the spectator's draw the deck by size, the discard pile's top, the
    card being resolved, a score marker per seat at its score, and per seat its hand card by card,
    each project (its card or a back as the view knows it, its resources by type in order, their
    cards where the view has them) and its active permanents, all as the view says."""
    state = _position(players, seed, stop, reveal, familiar, teams)
    for seat in [*range(players), None]:
        view = GAME.observe(state, seat)
        _check(parse(svg(GAME_ID, view)), view)


def _check_markers_apart(root: ET.Element) -> None:
    """No two score markers of seats tied at a score overlap (every seat's marker shows)."""
    circles = []
    for m in parts(root, "score-marker"):
        (c,) = m.iter(f"{{{SVG_NS}}}circle")
        score = max(int(m.get("data-score", "0")), 0)
        circles.append((score, float(c.get("cx", "0")), float(c.get("cy", "0")), float(c.get("r", "0"))))
    for i, (score, x, y, r) in enumerate(circles):
        for other, x2, y2, r2 in circles[i + 1:]:
            if other == score:
                assert math.dist((x, y), (x2, y2)) >= r + r2, (score, (x, y), (x2, y2))


@pytest.mark.parametrize("players", GAME.player_counts)
def test_every_seats_score_marker_shows_at_the_start(players: int) -> None:
    """At the start every seat is at 0 points: each seat's marker has a place of its own on the
    track, none overlapping another (with six players all six show)."""
    view = GAME.observe(GAME.new_game(players, 1), None)
    assert set(view.scores) == {0}
    root = parse(svg(GAME_ID, view))
    assert len(parts(root, "score-marker")) == players
    _check_markers_apart(root)


def _says(element: ET.Element, *words: str) -> bool:
    """Whether any attribute or text under ``element`` contains one of ``words``, leaving out its
    resources (an assigned card is another card, and may be public)."""
    found = [*element.attrib.values(), element.text or ""]
    if any(w in f for w in words for f in found):
        return True
    return any(_says(child, *words) for child in element if child.get("class") != "resource")


def _project_cards(state: Any, owner: int, viewer: int | None) -> list[tuple[str, list[str]]]:
    """What ``viewer`` may see of ``owner``'s projects, from the full state: each project's card or
    "hidden", and its resource cards or "hidden" each."""
    out = []
    for p in state.projects[owner]:
        known = p.face_up or viewer == owner or (viewer is not None and p.uid in state.seen[viewer])
        open_res = viewer == owner or state.options.reveal_resources
        out.append((p.card if known else "hidden", [c if open_res else "hidden" for c in p.resources]))
    return out


@pytest.mark.clause("GI-VIEW-1")
@pytest.mark.clause("GI-VIEW-2")
@pytest.mark.clause("GI-VIEW-3")
@pytest.mark.clause("GI-VIEW-4")
@given(**positions, resample=st.integers(0, 2**32))
def test_a_seats_picture_shows_no_card_hidden_from_it(players: int, seed: int, stop: int, reveal: bool,
                                                      familiar: bool, teams: bool, resample: int) -> None:
    """Against the full state: in seat p's picture another seat's hand is backs only, a face-down
    project is a back unless it is p's own or one p saw face up, an assigned card is named only to
    its project's owner (or to all when resources are played open), and p's own hand is its cards;
    a spectator sees no hand and no face-down project. Redealing what p cannot see (sample_hidden)
    gives p the very same picture."""
    state = _position(players, seed, stop, reveal, familiar, teams)
    for seat in [*range(players), None]:
        picture = svg(GAME_ID, GAME.observe(state, seat))
        root = parse(picture)
        for owner in range(players):
            hand = cards(_one(root, "hand", seat=str(owner)))
            size = len(state.hands[owner])
            assert hand == (list(state.hands[owner]) if owner == seat else ["hidden"] * size)
            groups = parts(_one(root, "seat", seat=str(owner)), "project")
            drawn = [(cards(g)[0], [r.get("data-card") for r in parts(g, "resource")]) for g in groups]
            assert drawn == _project_cards(state, owner, seat)
            for g, (card, _), p in zip(groups, drawn, state.projects[owner], strict=True):
                names = (p.card, cards_of(state)[p.card].name)
                # a hidden project's card is named nowhere in its group, not even in a hover text
                assert _says(g, *names) is (card != "hidden")
        if seat is not None:
            other = GAME.sample_hidden(state, seat, resample)
            assert svg(GAME_ID, GAME.observe(other, seat)) == picture


@given(**positions, viewer=st.integers(0, 6))
def test_the_picture_is_a_function_of_the_view_alone(players: int, seed: int, stop: int, reveal: bool,
                                                     familiar: bool, teams: bool, viewer: int) -> None:
    """The same view (a seat's, or the spectator's when ``viewer`` is no seat) gives the same bytes,
    drawn twice or from its JSON round trip (a client's copy); ``size`` changes the width only."""
    state = _position(players, seed, stop, reveal, familiar, teams)
    seat = viewer if viewer < players else None
    view = GAME.observe(state, seat)
    picture = svg(GAME_ID, view)
    assert svg(GAME_ID, view) == picture
    assert svg(GAME_ID, GAME.from_json(GAME.to_json(view), View)) == picture
    wide = parse(svg(GAME_ID, view, size=640))
    assert wide.get("width") == "640"
    assert wide.get("viewBox") == parse(picture).get("viewBox")


def test_team_play_writes_the_team_scores() -> None:
    """With teams, the picture writes each team's score beside the track."""
    state = GAME.new_game(4, 3, options=Options(teams="2v2"))
    view = GAME.observe(state, 0)
    root = parse(svg(GAME_ID, view))
    found = [e for e in root.iter() if e.get("class") == "team-scores"]
    assert len(found) == 1
    expected = " · ".join(f"team {t}: {s}" for t, s in enumerate(view.team_scores))
    assert "".join(found[0].itertext()) == expected


@given(**positions, edit_seed=st.integers(0, 2**32))
def test_an_edited_view_draws_or_is_refused_with_the_librarys_error(players: int, seed: int, stop: int,
                                                                    reveal: bool, familiar: bool,
                                                                    teams: bool, edit_seed: int) -> None:
    """A view decoded from JSON with one part changed (rows that disagree with the player count,
    a count out of range, a card of no design) draws as valid SVG or raises InvalidArgumentError,
    never a KeyError, IndexError or TypeError, and never makes a huge picture."""
    check_edited_views(GAME_ID, View, _position(players, seed, stop, reveal, familiar, teams), edit_seed)
