"""Goblins vs Gnomes' pictures: the tunnel grid, the targets and every seat's row drawn from the view,
with nothing a seat cannot see (GVG-VIEW-1 to GVG-VIEW-4)."""

from __future__ import annotations

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
from gremlinrules.goblins_vs_gnomes.components import REFERENCE
from gremlinrules.goblins_vs_gnomes.geometry import REFERENCE_KIT
from gremlinrules.goblins_vs_gnomes.notation import FieldCard
from gremlinrules.goblins_vs_gnomes.state import State
from gremlinrules.goblins_vs_gnomes.view import View
from gremlinrules.goblins_vs_gnomes.view import known_roles
from gremlinrules.goblins_vs_gnomes.view import round_over
from gremlinrules.svg.goblins_vs_gnomes import hand_card
from tests.svg.support import cards
from tests.svg.support import names_any
from tests.svg.support import parse
from tests.svg.support import parts
from tests.svg.support import position

GAME = gremlinrules.get_game("goblins-vs-gnomes")
COUNTS = GAME.player_counts
SLOTS = ("top", "middle", "bottom")
FEW = settings(max_examples=max(4, settings().max_examples // 5))
"""A fifth of the profile's examples per player count: each draws every seat's picture."""

walks = {"players": st.sampled_from(COUNTS), "seed": st.integers(0, 2**32),
         "walk_seed": st.integers(0, 2**32), "stop": st.integers(0, 600)}


def _check_parts(view: View, labels: bool) -> None:
    root = parse(gremlinrules.svg.svg(GAME.id, view, labels=labels))
    assert len(parts(root, "start", cell="0,0")) == 1
    tunnels = [(t.get("data-cell"), t.get("data-card"), t.get("data-rotated")) for t in parts(root, "tunnel")]
    assert tunnels == [(f.cell, f.card, "true" if f.rotated else "false") for f in view.field]
    targets = parts(root, "target")
    assert [t.get("data-slot") for t in targets] == list(SLOTS)
    for element, slot in zip(targets, SLOTS, strict=True):
        seen = getattr(view.targets, slot)
        assert element.get("data-card") == ("hidden" if seen.card is None else seen.card)
        assert element.get("data-opened") == ("true" if seen.opened else "false")
    rows = parts(root, "seat")
    assert [r.get("data-seat") for r in rows] == [str(s) for s in range(view.players)]
    for seat, row in enumerate(rows):
        drawn = cards(row)
        assert len(drawn) == view.hand_sizes[seat]
        if seat == view.seat:
            assert view.hand is not None
            assert sorted(drawn) == sorted(view.hand)
        else:
            known = Counter(k.card for k in view.known_cards if k.seat == seat)
            assert Counter(c for c in drawn if c != "hidden") <= known
    (deck,) = parts(root, "deck")
    assert deck.get("data-count") == str(view.deck_size)
    (discard,) = parts(root, "discard")
    assert discard.get("data-count") == str(len(view.discard))


@pytest.mark.clause("GVG-VIEW-1")
@FEW
@given(**walks)
def test_the_picture_draws_every_part_of_the_view_once(players: int, seed: int, walk_seed: int,
                                                       stop: int) -> None:
    """The start card, one tunnel per field card with its cell, design and turn, the three targets
    by slot (a back unless the view names it, marked opened or not), and per seat a row with as
    many cards as it holds: the viewer's own hand by name, other cards as backs unless the view
    knows them; the deck and discard with their counts."""
    state = position(GAME, players, seed, walk_seed, stop)
    for seat in [*range(players), None]:
        for labels in (False, True):
            _check_parts(GAME.observe(state, seat), labels)


def _check_secrets(state: State, seat: int | None) -> None:
    root = parse(gremlinrules.svg.svg(GAME.id, GAME.observe(state, seat), labels=True))
    for i, element in enumerate(parts(root, "target")):
        may_see = state.opened[i] or (seat is not None and (seat, i) in state.peeks)
        assert element.get("data-card") == (state.targets[i] if may_see else "hidden")
        if not may_see:  # not in its hover text or a caption either
            assert not names_any(element, {state.targets[i]})
    learned = {} if seat is None else dict(known_roles(state, seat))
    for other, row in enumerate(parts(root, "seat")):
        (role,) = parts(row, "role")
        shown = role.get("data-role")
        if round_over(state):
            assert shown == state.roles[other]
        elif other == seat:
            assert shown == state.roles[seat]
        else:
            assert shown == learned.get(other, "hidden")
        if shown == "hidden":
            assert not names_any(role, {state.roles[other]})
        if other == seat:
            continue
        faces = Counter(c for c in cards(row) if c != "hidden")
        assert faces <= Counter(state.hands[other])
        knows = Counter() if seat is None else Counter(c for s, c in state.known_cards[seat] if s == other)
        assert faces <= knows
        unknown = set(state.hands[other]) - set(knows)
        assert not names_any(row, unknown), (other, unknown)  # no hover or visible text names one


@pytest.mark.clause("GVG-VIEW-1", "GVG-VIEW-2", "GVG-VIEW-3", "GVG-VIEW-4")
@FEW
@given(**walks)
def test_no_picture_names_a_target_role_or_card_its_seat_cannot_see(players: int, seed: int,
                                                                   walk_seed: int, stop: int) -> None:
    """Against the full state: a target is named only when opened or looked at by this seat with a
    Map, another seat's role only once the round's roles are shown or when a Potion taught it,
    and a card in another seat's hand only when the seat knows it is there (a shown hand, a card
    it put under the deck); the spectator sees none of these. What is hidden is named nowhere in
    its part of the picture: not as a data attribute, a caption or a hover text."""
    state = position(GAME, players, seed, walk_seed, stop)
    for seat in [*range(players), None]:
        _check_secrets(state, seat)


def test_every_tunnel_design_draws_with_its_open_sides() -> None:
    """Each tunnel design of the component set drawn in a hand shows one passage per open side (a
    design's shape is visible in its picture), and its name."""
    for design in REFERENCE.designs:
        if not design.on_field:
            continue
        node = hand_card(REFERENCE_KIT, 0, 0, 84, 44, design.name)
        root = parse(f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1">{node.render()}</svg>')
        passages = [e for e in root.iter("{http://www.w3.org/2000/svg}line")
                    if e.get("stroke-linecap") == "butt"]
        assert len(passages) == bin(design.edges).count("1"), design.name
        assert design.name in "".join(root.itertext())


@pytest.mark.parametrize("edit", [
    {"hand_sizes": (1, 10**9, 1, 1)}, {"hand_sizes": (1,)}, {"scores": ()}, {"players": 99},
    {"seat": 7}, {"shown_roles": ("driver",)},
    {"field": (FieldCard("99,99", "passage-ns", False),)}, {"field": (FieldCard("1,1", "map", False),)},
    {"field": (FieldCard("1,1", "no-such-design", False),)},
    {"field": (FieldCard("one", "passage-ns", False),)},
], ids=lambda e: next(iter(e)))
def test_a_view_whose_parts_disagree_is_refused_not_drawn(edit: dict[str, Any]) -> None:
    """A view edited so that its parts disagree (rows not one per seat, a hand no seat can hold, a
    field card off the table or of no tunnel design) raises InvalidArgumentError at once: never an
    internal error, never a huge picture."""
    view = GAME.observe(GAME.new_game(4, 3), 0)
    gremlinrules.svg.svg(GAME.id, view)  # the unedited view draws
    with pytest.raises(InvalidArgumentError):
        gremlinrules.svg.svg(GAME.id, attrs.evolve(view, **edit))


def _finished_state() -> State:
    for seed in range(40):
        state: State = position(GAME, 3, seed, seed, 3000)
        if GAME.is_terminal(state):
            return state
    raise AssertionError("no random 3-player game finished")


def test_after_the_game_no_seat_row_says_it_is_its_turn() -> None:
    """Once the game is over no seat's row is marked as having the turn, and the decision line
    says the game is over."""
    state = _finished_state()
    for seat in (None, 0):
        root = parse(gremlinrules.svg.svg(GAME.id, GAME.observe(state, seat)))
        rows = parts(root, "seat")
        assert len(rows) == 3
        assert not any("· turn" in "".join(row.itertext()) for row in rows)
        (decision,) = [e for e in root.iter() if e.get("class") == "decision"]
        assert "".join(decision.itertext()).startswith("game over")
    playing = GAME.observe(GAME.new_game(3, 1), None)  # while playing, the turn's seat says so
    root = parse(gremlinrules.svg.svg(GAME.id, playing))
    (row,) = parts(root, "seat", seat=str(playing.turn))
    assert "· turn" in "".join(row.itertext())


@pytest.mark.parametrize(("result", "words"), [("none", "Last round: no target opened"),
                                               ("gold", "Last round: gold")])
def test_the_last_rounds_end_is_written_in_words(result: str, words: str) -> None:
    """How the previous round ended is written so that a round in which no target was opened does
    not read as "no last round"."""
    view = attrs.evolve(GAME.observe(GAME.new_game(3, 1), None), last_result=result)
    text = "\n".join("".join(e.itertext()) for e in parse(gremlinrules.svg.svg(GAME.id, view)).iter())
    assert words in text
    assert "Last round: none" not in text
