"""No Good Gremlins' pictures (issue 19): every part of the view drawn once, nothing a seat cannot
see, the same bytes for the same view.

Views are taken at random points of random seeded games, every player count, every seat and the
spectator; the expected parts are computed from the view, and what is hidden from the full state.
"""

from __future__ import annotations

import contextlib
import copy
import random
import re
import xml.etree.ElementTree as ET
from typing import Any

import pytest
from hypothesis import assume
from hypothesis import given
from hypothesis import strategies as st

import gremlinrules
from gremlinrules import GremlinRulesError
from gremlinrules import InvalidArgumentError
from gremlinrules.no_good_gremlins import View
from gremlinrules.no_good_gremlins.actions import Build
from gremlinrules.no_good_gremlins.actions import ChromeLaunch
from gremlinrules.no_good_gremlins.actions import EndTurn
from gremlinrules.no_good_gremlins.actions import Launch
from gremlinrules.no_good_gremlins.components import MATERIALS
from gremlinrules.no_good_gremlins.notation import MaterialCounts
from gremlinrules.no_good_gremlins.notation import WandererStatus
from gremlinrules.no_good_gremlins.state import Phase
from gremlinrules.svg import svg
from tests.svg.support import SVG_NS
from tests.svg.support import cards
from tests.svg.support import parse
from tests.svg.support import parts
from tests.svg.support import position

GAME_ID = "no-good-gremlins"
GAME = gremlinrules.get_game(GAME_ID)
positions = {
    "players": st.sampled_from(GAME.player_counts), "seed": st.integers(0, 2**32),
    "walk_seed": st.integers(0, 2**32), "stop": st.integers(0, 300),
}


def _nonzero(counts: MaterialCounts) -> dict[str, int]:
    return {m.value: getattr(counts, m.value) for m in MATERIALS if getattr(counts, m.value)}


def _one(root: ET.Element, cls: str, **data: str) -> ET.Element:
    found = parts(root, cls, **data)
    assert len(found) == 1, (cls, data, len(found))
    return found[0]


def _check_table(root: ET.Element, view: View) -> None:
    assert _one(root, "pile", pile="materials-deck").get("data-count") == str(view.deck_size)
    assert _one(root, "pile", pile="gremlin-deck").get("data-count") == str(view.gremlin_deck_size)
    heap = _one(root, "scrapheap")
    assert cards(heap) == [m.value for m in view.scrapheap]
    discard = _one(root, "gremlin-discard")
    assert discard.get("data-count") == str(len(view.gremlin_discard))
    assert cards(discard) == [g.value for g in view.gremlin_discard[-1:]]
    threat = _one(root, "threat")
    assert [g.get("data-material") for g in parts(threat, "gremlin")] == [m.value for m in view.threat]
    assert cards(threat) == [m.value for m in view.threat]
    wanderer = _one(root, "wanderer")
    assert wanderer.get("data-status") == view.wanderer_status.value
    held = view.wanderer_status is WandererStatus.HELD
    assert wanderer.get("data-seat") == (str(view.wanderer) if held else None)
    if held:
        assert parts(_one(root, "seat", seat=str(view.wanderer)), "wanderer")
    assert _one(root, "removed").get("data-count") == str(sum(_nonzero(view.removed).values()))


def _check_seat(root: ET.Element, view: View, seat: int) -> None:
    panel = _one(root, "seat", seat=str(seat))
    hand = _one(panel, "hand", seat=str(seat))
    drawn = cards(hand)
    assert len(drawn) == view.hand_sizes[seat]
    if seat == view.seat:
        assert view.hand is not None
        assert {n: drawn.count(n) for n in set(drawn)} == _nonzero(view.hand)
    else:
        assert set(drawn) <= {"hidden"}
    rockets = {r.get("data-material"): int(r.get("data-cards", "-1")) for r in parts(panel, "rocket")}
    assert rockets == _nonzero(view.pads[seat])
    costs = dict(zip((m.value for m in MATERIALS), view.components.launch_costs, strict=True))
    assert all(r.get("data-cost") == str(costs[r.get("data-material", "")]) for r in parts(panel, "rocket"))
    medals = {m.get("data-material"): int(m.get("data-count", "-1")) for m in parts(panel, "medal")}
    assert medals == _nonzero(view.medals[seat])
    assert panel.get("data-acting") == ("true" if view.current_player == seat else "false")


@given(**positions)
def test_each_part_of_the_view_is_drawn_once_with_its_counts(players: int, seed: int, walk_seed: int,
                                                              stop: int) -> None:
    """Every seat's picture and the spectator's draw the decks by size, the scrapheap card by card
    in order, the gremlin discard's top, the threat area's gremlins, one Wandering Gremlin where the
    view puts it, the removed cards, and per seat one card per hand card, one rocket per material
    on its launch pad with its cards and cost, and its medals, all as the view says."""
    state = position(GAME, players, seed, walk_seed, stop)
    for seat in [*range(players), None]:
        view = GAME.observe(state, seat)
        root = parse(svg(GAME_ID, view))
        _check_table(root, view)
        for p in range(players):
            _check_seat(root, view, p)
        assert len(parts(root, "seat")) == players


def _hand_cards(state: Any, seat: int) -> list[str]:
    return [m.value for m, k in zip(MATERIALS, state.hands[seat], strict=True) for _ in range(k)]


@pytest.mark.clause("NGG-VIEW-1")
@given(**positions, resample=st.integers(0, 2**32))
def test_a_seats_picture_shows_no_card_hidden_from_it(players: int, seed: int, walk_seed: int, stop: int,
                                                      resample: int) -> None:
    """Against the full state: in seat p's picture every card of another hand is a back, p's own
    hand cards are its cards in the state, and a spectator sees every hand as backs; redealing what p
    cannot see (sample_hidden: the other hands and the decks) gives p the very same picture."""
    state = position(GAME, players, seed, walk_seed, stop)
    for seat in [*range(players), None]:
        picture = svg(GAME_ID, GAME.observe(state, seat))
        root = parse(picture)
        for p in range(players):
            hand = _one(root, "hand", seat=str(p))
            drawn = cards(hand)
            if p == seat:
                assert sorted(drawn) == sorted(_hand_cards(state, p))
            else:
                assert drawn == ["hidden"] * sum(state.hands[p])
                # no material is named in a hidden hand, not even in a hover text
                words = [w for e in hand.iter() for w in (*e.attrib.values(), e.text or "")]
                assert not [m.value for m in MATERIALS if any(m.value in w for w in words)]
        if seat is not None:
            other = GAME.sample_hidden(state, seat, resample)
            assert svg(GAME_ID, GAME.observe(other, seat)) == picture


@given(**positions, viewer=st.integers(0, 5))
def test_the_picture_is_a_function_of_the_view_alone(players: int, seed: int, walk_seed: int,
                                                     stop: int, viewer: int) -> None:
    """The same view (a seat's, or the spectator's when ``viewer`` is no seat) gives the same bytes,
    drawn twice or from its JSON round trip (a client's copy); ``size`` changes the width only."""
    state = position(GAME, players, seed, walk_seed, stop)
    seat = viewer if viewer < players else None
    view = GAME.observe(state, seat)
    picture = svg(GAME_ID, view)
    assert svg(GAME_ID, view) == picture
    assert svg(GAME_ID, GAME.from_json(GAME.to_json(view), View)) == picture
    assert svg(GAME_ID, view, labels=True) == picture  # every part already carries its name
    wide = parse(svg(GAME_ID, view, size=1680))
    assert wide.get("width") == "1680"
    assert wide.get("viewBox") == parse(picture).get("viewBox")


def test_a_finished_game_names_its_winners_and_nobody_to_act() -> None:
    """At the end of a game the heading says so and its decision line names the winners, and no
    seat's panel is marked as the one to act."""
    rnd_state = None
    for seed in range(40):
        state = position(GAME, 3, seed, seed, 2000)
        if GAME.is_terminal(state):
            rnd_state = state
            break
    assert rnd_state is not None
    view = GAME.observe(rnd_state, None)
    root = parse(svg(GAME_ID, view))
    assert "game over" in _one_text(root, "headline")
    decision = _one_text(root, "decision")
    assert decision.startswith("game over")
    assert all(f"seat {w}" in decision for w in GAME.winners(rnd_state))
    assert not [s for s in parts(root, "seat") if s.get("data-acting") == "true"]


def _one_text(root: ET.Element, cls: str) -> str:
    found = [e for e in root.iter() if e.get("class") == cls]
    assert len(found) == 1
    return "".join(found[0].itertext())


def _paths(data: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [path]
    if isinstance(data, dict):
        for k, v in data.items():
            out += _paths(v, (*path, k))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            out += _paths(v, (*path, i))
    return out


def edited_data(data: Any, rnd: random.Random) -> Any:
    """``data`` (a view's JSON) with one part, chosen by ``rnd``, changed as a careless or hostile
    client might: a list shortened, lengthened or emptied, a number, a name or a flag replaced."""
    data = copy.deepcopy(data)
    path = rnd.choice(_paths(data)[1:])
    parent = data
    for key in path[:-1]:
        parent = parent[key]
    old = parent[path[-1]]
    if isinstance(old, list):
        new: Any = rnd.choice([[], old[:-1], old + old[-1:], old[::-1]])
    elif isinstance(old, bool):
        new = not old
    elif isinstance(old, int):
        new = rnd.choice([-1, 0, 1, 5, 99, 10**6])
    elif isinstance(old, str):
        new = rnd.choice(["", "nobody", old + "x", "red"])
    else:
        new = rnd.choice([0, "x", None, []])
    parent[path[-1]] = new
    return data


def check_edited_views(game_id: str, view_class: type, state: Any, edit_seed: int) -> None:
    """Each view of ``state`` with a part changed (``edited_data``) is refused by the decoder, or
    drawn as valid SVG, or refused by the drawer with InvalidArgumentError: never an internal error."""
    game = gremlinrules.get_game(game_id)
    rnd = random.Random(edit_seed)
    for seat in [*range(state.players), None]:
        data = edited_data(game.to_data(game.observe(state, seat)), rnd)
        try:
            view: Any = game.from_data(data, view_class)
        except GremlinRulesError:
            continue
        with contextlib.suppress(InvalidArgumentError):
            parse(svg(game_id, view))


@given(**positions, edit_seed=st.integers(0, 2**32))
def test_an_edited_view_draws_or_is_refused_with_the_librarys_error(players: int, seed: int, walk_seed: int,
                                                                    stop: int, edit_seed: int) -> None:
    """A view decoded from JSON with one part changed (rows that disagree with the player count,
    a count out of range, a name of nothing) draws as valid SVG or raises InvalidArgumentError,
    never a KeyError, IndexError or TypeError, and never makes a huge picture."""
    check_edited_views(GAME_ID, View, position(GAME, players, seed, walk_seed, stop), edit_seed)


_CHOICES = {Build: "build", Launch: "launch", ChromeLaunch: "chrome-launch", EndTurn: "end the turn"}
"""The main-phase actions the prompt names, and the words it names them with."""


def _prompt_choices(root: ET.Element, seat: int) -> set[str]:
    decision = _one_text(root, "decision")
    head = f"seat {seat} to "
    assert decision.startswith(head), decision
    return set(re.split(r", | or ", decision[len(head):]))


def _main_state(seed: int, walk_seed: int, stop: int) -> Any:
    """A state of a random 3-player game in the main part of a turn with no gremlin to feed,
    reached within ``stop`` random decisions, or None."""
    rnd = random.Random(walk_seed)
    state = GAME.new_game(3, seed)
    for _ in range(stop):
        if GAME.is_terminal(state):
            return None
        if state.phase is Phase.MAIN and not state.stack and rnd.random() < 0.3:
            return state
        legal = GAME.legal_actions(state)
        state = GAME.apply(state, legal[rnd.randrange(len(legal))])
    return None


@pytest.mark.clause("NGG-TURN-6")
@given(seed=st.integers(0, 2**32), walk_seed=st.integers(0, 2**32), stop=st.integers(1, 200))
def test_the_main_phase_prompt_names_exactly_the_legal_choices(seed: int, walk_seed: int, stop: int) -> None:
    """In the main part of a turn, the acting seat's decision line names build, launch,
    chrome-launch and ending the turn exactly when the rules allow them (an open build with no
    main action left does not offer a launch), and the status line counts an open build's card."""
    state = _main_state(seed, walk_seed, stop)
    assume(state is not None)
    seat = GAME.current_player(state)
    assert seat is not None
    root = parse(svg(GAME_ID, GAME.observe(state, seat)))
    legal = {_CHOICES[type(a)] for a in GAME.legal_actions(state) if type(a) in _CHOICES}
    assert _prompt_choices(root, seat) == legal
    status = [e for e in root.iter(f"{{{SVG_NS}}}text") if "chrome launches left" in "".join(e.itertext())]
    assert len(status) == 1
    assert ("1 more card on this build" in "".join(status[0].itertext())) is bool(state.open_build)


def test_an_open_build_without_a_main_action_offers_no_launch() -> None:
    """The reviewed case: no main or build-only action left and one card still allowed in the build
    under way: the prompt offers building and ending the turn, not launching, and says so."""
    for seed in range(60):
        rnd, state = random.Random(seed), GAME.new_game(3, seed)
        while not GAME.is_terminal(state) and not (state.phase is Phase.MAIN and state.open_build
                                                   and not state.mains and not state.builds
                                                   and not state.stack):
            legal = GAME.legal_actions(state)
            state = GAME.apply(state, legal[rnd.randrange(len(legal))])
        if not GAME.is_terminal(state):
            break
    assert state.open_build == 1
    assert state.mains == 0
    seat = GAME.current_player(state)
    assert seat is not None
    root = parse(svg(GAME_ID, GAME.observe(state, seat)))
    assert "launch" not in _prompt_choices(root, seat)
    assert not any(isinstance(a, Launch) for a in GAME.legal_actions(state))
    assert "1 more card on this build" in "".join(root.itertext())
