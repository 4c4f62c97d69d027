"""The view encoding: a fixed-size vector holding only what the view holds, laid out as documented."""

from __future__ import annotations

import math
import random
import warnings
from array import array
from pathlib import Path
from typing import Any

import attrs
import pytest

import gremlinrules
from gremlinrules import InvalidArgumentError
from gremlinrules.adapters import encoding
from gremlinrules.adapters.encoding import CalibrationWarning
from gremlinrules.adapters.encoding import ViewEncoder
from gremlinrules.adapters.encoding import view_encoder
from gremlinrules.adapters.hints import HINTS
from gremlinrules.adapters.hints import has_hints
from gremlinrules.adapters.hints import hints_for
from gremlinrules.adapters.hints import option_choices
from gremlinrules.adapters.layout_doc import BEGIN
from gremlinrules.adapters.layout_doc import END
from gremlinrules.adapters.layout_doc import game_block
from gremlinrules.gnaughty_gnomes import Colour
from gremlinrules.gremlins_the_game import EscapeToTheater
from gremlinrules.gremlins_the_game import EventDiscard
from gremlinrules.gremlins_the_game import Fight
from gremlinrules.gremlins_the_game import GangToTheater
from gremlinrules.gremlins_the_game import HandLimit
from gremlinrules.gremlins_the_game import MoveGremlin
from gremlinrules.gremlins_the_game import Next
from gremlinrules.gremlins_the_game import PendingFrame
from gremlinrules.gremlins_the_game import PickGremlin
from gremlinrules.gremlins_the_game import PlaceGremlin
from tests.conformance.support import PLAIN_CASE_IDS
from tests.conformance.support import PLAIN_CASES
from tests.conformance.support import walk


@pytest.mark.parametrize(("game_id", "players"), PLAIN_CASES, ids=PLAIN_CASE_IDS)
def test_every_view_encodes_to_the_fixed_size(game_id: str, players: int) -> None:
    """Every seat's view along a random playout gives a finite vector of exactly ``size`` values."""
    game = gremlinrules.get_game(game_id)
    enc = view_encoder(game, players)

    def visit(state: object, _: object, __: object) -> None:
        for seat in range(players):
            vec = enc.encode_state(state, seat)
            assert len(vec) == enc.size
            assert all(map(math.isfinite, vec))  # map: no Python frame per value (185,444 of them)

    final, _ = walk(game, players, 5, random.Random(5), visit, stop_after=400)
    assert len(enc.encode_state(final, 0)) == enc.size


@pytest.mark.parametrize(("game_id", "players"), PLAIN_CASES, ids=PLAIN_CASE_IDS)
def test_encoding_depends_only_on_the_view(game_id: str, players: int) -> None:
    """Redealing what a seat cannot see (sample_hidden) never changes that seat's vector."""
    game = gremlinrules.get_game(game_id)
    enc = view_encoder(game, players)
    rnd = random.Random(9)

    def visit(state: object, _: object, __: object) -> None:
        if rnd.random() < 0.2:
            seat = rnd.randrange(players)
            other = game.sample_hidden(state, seat, rnd.randrange(2**32))
            assert enc.encode_state(other, seat) == enc.encode_state(state, seat)

    walk(game, players, 9, random.Random(9), visit, stop_after=200)


@pytest.mark.parametrize(("game_id", "players"), PLAIN_CASES, ids=PLAIN_CASE_IDS)
def test_layout_covers_the_vector_in_field_order(game_id: str, players: int) -> None:
    """The layout lists every View field once, contiguously, and its sizes add up to the size."""
    game = gremlinrules.get_game(game_id)
    enc = view_encoder(game, players)
    layout = enc.layout()
    assert [f.name for f in layout] == [a.name for a in attrs.fields(game.View)]
    offset = 0
    for field in layout:
        assert field.offset == offset
        offset += field.size
    assert offset == enc.size


@pytest.mark.parametrize("game_id", gremlinrules.game_ids())
def test_every_registered_game_has_exact_hints(game_id: str) -> None:
    """Every registered game has hints for every tuple and string of its View: no calibration
    runs (no CalibrationWarning), and no hint names a path the View lacks."""
    game = gremlinrules.get_game(game_id)
    assert has_hints(game_id)
    for players in game.player_counts:
        with warnings.catch_warnings():
            warnings.simplefilter("error", CalibrationWarning)
            enc = ViewEncoder(game, players)
        assert enc.calibrated == ()
        assert enc.unused_hints == ()


def test_a_game_without_hints_is_calibrated_with_a_warning(monkeypatch: pytest.MonkeyPatch) -> None:
    """The fallback for a game registered without hints: it calibrates, warns and names the paths."""
    game = gremlinrules.get_game("no-good-gremlins")
    monkeypatch.delitem(HINTS, "no-good-gremlins")
    with pytest.warns(CalibrationWarning, match="scrapheap"):
        enc = ViewEncoder(game, 2)
    assert "scrapheap" in enc.calibrated
    assert "options.scrap_take" in enc.calibrated
    assert len(enc.encode_state(game.new_game(2, 1), 0)) == enc.size


_OPTION_VARIANTS: dict[str, tuple[dict[str, object], ...]] = {
    "no-good-gremlins": ({"scrap_take": "run", "rebuild_from": "scrapheap_and_removed",
                          "finale_builds": 1, "free_actions_before_opening": True},),
    "goblins-vs-gnomes": ({"advanced_roles": True, "no_target": "no-gold-or-dragon"},),
}
"""Non-default options also played, where they change what a view can hold."""


def _option_sets(game_id: str) -> list[object]:
    game = gremlinrules.get_game(game_id)
    return [None, *(game.Options(**kw) for kw in _OPTION_VARIANTS.get(game_id, ()))]


@pytest.mark.parametrize(("game_id", "players"), PLAIN_CASES, ids=PLAIN_CASE_IDS)
def test_no_view_ever_loses_information(game_id: str, players: int) -> None:
    """Over random playouts (default and other options), every seat's view at every step encodes
    exactly: no tuple longer than its capacity, no string outside its vocabulary."""
    game = gremlinrules.get_game(game_id)
    for options in _option_sets(game_id):
        enc = view_encoder(game, players, options)
        for seed in range(2):
            rnd = random.Random(seed)
            state = game.new_game(players, seed, options=options)
            while True:
                for seat in range(players):
                    assert enc.losses(game.observe(state, seat)) == []
                if game.is_terminal(state):
                    break
                legal = game.legal_actions(state)
                state = game.apply(state, legal[rnd.randrange(len(legal))])


def test_losses_reports_truncation_and_unknown_strings() -> None:
    """A view with a tuple over capacity and a string outside its vocabulary has both reported."""
    game = gremlinrules.get_game("goblins-vs-gnomes")
    enc = view_encoder(game, 3)
    view = game.observe(game.new_game(3, 4), 0)
    assert enc.losses(view) == []
    bad = attrs.evolve(view, hand=("map",) * 4, role="stranger")
    found = enc.losses(bad)
    assert any(f.startswith("hand: 4 items > capacity 3") for f in found)
    assert any(f.startswith("role: 'stranger'") for f in found)


@pytest.mark.parametrize("game_id", sorted(_OPTION_VARIANTS))
def test_option_vocabularies_are_every_accepted_value(game_id: str) -> None:
    """Each hinted option string lists exactly the values its Options validator accepts."""
    game = gremlinrules.get_game(game_id)
    _, vocabs = hints_for(game_id, game.player_counts[0])
    names = [path.removeprefix("options.") for path in vocabs
             if path.startswith("options.") and not path.startswith("options.components.")]
    str_fields = [f.name for f in attrs.fields(game.Options) if isinstance(f.default, str)]
    assert sorted(names) == sorted(str_fields)
    for name in names:
        for value in option_choices(game.Options, name):
            assert getattr(game.Options(**{name: value}), name) == value
        with pytest.raises(gremlinrules.SetupError):
            game.Options(**{name: "no such reading"})


@pytest.mark.parametrize("game_id", gremlinrules.game_ids())
def test_documented_layout_matches_the_encoder(game_id: str) -> None:
    """docs/ai.rst holds, between the game's layout markers, exactly what the encoder generates."""
    text = (Path(__file__).resolve().parents[2] / "docs" / "ai.rst").read_text(encoding="utf-8")
    begin, end = BEGIN.format(game_id), END.format(game_id)
    assert begin in text
    assert end in text
    documented = text.split(begin, 1)[1].split(end, 1)[0].strip()
    assert documented == game_block(gremlinrules.get_game(game_id))


def test_encoder_rejects_a_foreign_view() -> None:
    """Encoding something that is not this game's View raises InvalidArgumentError."""
    enc = view_encoder(gremlinrules.get_game("gnaughty-gnomes"), 4)
    with pytest.raises(InvalidArgumentError):
        enc.encode("not a view")


def test_gnaughty_hand_is_one_hot_suits_and_ranks() -> None:
    """The documented layout: the hand is a presence flag (a spectator holds none), a length,
    then (suit one-hot, rank) per card."""
    game = gremlinrules.get_game("gnaughty-gnomes")
    enc = view_encoder(game, 4)
    state = game.new_game(4, seed=2)
    view = game.observe(state, 0)
    assert view.hand is not None
    vec = enc.encode(view)
    hand = next(f for f in enc.layout() if f.name == "hand")
    assert vec[hand.offset] == 1.0
    assert vec[hand.offset + 1] == len(view.hand)
    suits: list[object] = list(Colour)
    first = vec[hand.offset + 2: hand.offset + 2 + len(suits) + 1]
    assert first[suits.index(view.hand[0].suit)] == 1.0
    assert sum(first[:-1]) == 1.0
    assert first[-1] == view.hand[0].rank


def _pending_slice(enc: ViewEncoder, view: Any) -> tuple[float, ...]:
    field = next(f for f in enc.layout() if f.name == "pending")
    return tuple(enc.encode(view)[field.offset:field.offset + field.size])


def test_a_union_of_frames_shares_each_field_once_and_keeps_every_frame_apart() -> None:
    """A View field that is a union of record classes (Gremlins: The Game's pending frame) is the
    class's one-hot tag, then each field once: a field of the same name and type in several classes
    is one slot they share, so ``origin`` (EscapeToTheater, MoveGremlin) and ``then`` (the discard
    and event frames) are laid out once, not once per class. Nothing is lost: frames differing in
    class or in any one field give different vectors, every one encodes exactly, and a shared
    field's value lands on the same values whichever class holds it."""
    game = gremlinrules.get_game("gremlins-the-game")
    enc = view_encoder(game, 3)
    view = game.observe(game.new_game(3, 1), 0)
    end, draw = (Next.END,), (Next.DRAW, Next.END)
    frames: list[PendingFrame] = [
        Fight(0, "stripe"), Fight(0, "red-square-1pt"), Fight(1, "stripe"),
        EscapeToTheater(0, "h7"), EscapeToTheater(0, "a1"), GangToTheater(0), GangToTheater(2),
        HandLimit(0, draw), HandLimit(0, (Next.DRAW, Next.HOME, Next.END)),
        EventDiscard(0, "snowstorm", end), EventDiscard(0, "supply-run", end),
        EventDiscard(0, "snowstorm", draw),
        PlaceGremlin(0, "snowstorm", end), PickGremlin(0, "snowstorm", end),
        MoveGremlin(0, "snowstorm", "h7", end), MoveGremlin(0, "snowstorm", "a1", end),
    ]
    views = [attrs.evolve(view, pending=f) for f in frames]
    slices = [_pending_slice(enc, v) for v in views]
    assert len(set(slices)) == len(frames)
    assert all(enc.losses(v) == [] for v in views)
    assert _pending_slice(enc, view) == (0.0,) * len(slices[0])  # nothing pending: all zeros
    tag = 1 + 8  # the presence flag, then the tag of the 8 classes
    escape, moving = slices[3], slices[14]
    hot = {i for i in range(tag, len(escape)) if escape[i]} - {tag}  # past the seat value
    assert hot
    assert all(moving[i] == escape[i] for i in hot)  # origin h7: the same slot and value in both classes
    described = next(f for f in enc.layout() if f.name == "pending").encoding
    assert described.count("origin:") == described.count("then:") == described.count("card:") == 1
    assert "(EscapeToTheater, MoveGremlin)" in described


def test_a_field_of_one_name_and_two_types_keeps_a_slot_for_each() -> None:
    """Only a field of the same name and type is shared: ``x: int`` in one class and ``x: str``
    in another are two slots, each named with its class; the slots come in the order the classes
    declare them."""
    @attrs.frozen
    class A:
        x: int
        y: bool

    @attrs.frozen
    class B:
        x: str
        y: bool

    node = encoding._node("u", A | B, {})
    node.finish({}, {"u.x": ("one", "two")})
    described = node.describe()
    assert "x of A: value" in described
    assert "x of B: one-hot(one, two, other)" in described
    assert described.count("y:") == 1
    assert node.size == 2 + 1 + 3 + 1
    out_a: list[float] = []
    node.emit(A(7, True), out_a)
    out_b: list[float] = []
    node.emit(B("two", True), out_b)
    assert out_a == [1.0, 0.0, 7.0, 1.0, 0.0, 0.0, 0.0]  # tag A; x of A; y; x of B (zeros)
    assert out_b == [0.0, 1.0, 0.0, 1.0, 0.0, 1.0, 0.0]  # tag B; x of A (zero); y; x of B "two"


OBSERVATION_BOUND = 8192
"""The most numbers an observation may hold at any table of any game (issue 30)."""


@pytest.mark.parametrize("game_id", sorted(gremlinrules.game_ids()))
def test_every_observation_fits_in_8192_numbers_at_every_table(game_id: str) -> None:
    """At every player count (the largest included) and with the options that change what a view
    can hold, the encoding (OpenSpiel's observation and information-state tensors, PettingZoo's
    observation) holds at most 8,192 numbers."""
    game = gremlinrules.get_game(game_id)
    sizes = {(players, repr(options)): view_encoder(game, players, options).size
             for players in game.player_counts for options in _option_sets(game_id)}
    assert max(sizes.values()) <= OBSERVATION_BOUND, sizes


@pytest.mark.parametrize(("game_id", "players"), PLAIN_CASES, ids=PLAIN_CASE_IDS)
def test_views_that_differ_never_share_a_vector(game_id: str, players: int) -> None:
    """The encoding is injective on the views random play reaches: over seeded playouts, every
    seat's and the spectator's views, two views whose JSON differs never give the same vector
    (so the compact shapes, counts and indices, lose nothing a view holds)."""
    game = gremlinrules.get_game(game_id)
    enc = view_encoder(game, players)
    seen: dict[bytes, str] = {}

    def visit(state: object, _: object, __: object) -> None:
        for seat in (*range(players), None):
            view = game.observe(state, seat)
            key = array("d", enc.encode(view)).tobytes()
            text = game.to_json(view)
            assert seen.setdefault(key, text) == text, f"two views share a vector ({seat=})"

    for seed in range(3):
        walk(game, players, seed, random.Random(seed), visit, stop_after=120)
    assert len(seen) > 100  # the playouts reached many distinct views


def test_a_counted_pile_is_one_count_per_design_and_reports_an_order_it_would_lose() -> None:
    """Gremlins, Inc.'s hand is counted per card design, in the component set's order; a hand out of
    that order (which the view never lists) is reported by ``losses``, since counts forget order."""
    game = gremlinrules.get_game("gremlins-inc")
    enc = view_encoder(game, 3)
    view = game.observe(game.new_game(3, 2), 0)
    assert view.hand is not None
    assert enc.losses(view) == []
    field = next(f for f in enc.layout() if f.name == "hand")
    ids = gremlinrules.gremlins_inc.REFERENCE.ids
    assert field.size == 1 + len(ids) + 1  # present, a count per design, "other"
    first, last = ids[0], ids[-1]
    vec = enc.encode(attrs.evolve(view, hand=(first, first, last)))[field.offset:field.offset + field.size]
    assert vec[0] == 1.0
    assert vec[1] == 2.0
    assert vec[len(ids)] == 1.0
    assert sum(vec[1:]) == 3.0
    assert any(f.startswith("hand: not in the vocabulary's order")
               for f in enc.losses(attrs.evolve(view, hand=(last, first))))


def test_an_indexed_string_is_its_place_in_the_vocabulary() -> None:
    """Gremlins: The Game's positions are spaces of the map, each one number: its place in the map's
    space list from 1 (0 only for a name outside it, which ``losses`` reports)."""
    game = gremlinrules.get_game("gremlins-the-game")
    enc = view_encoder(game, 2)
    view = game.observe(game.new_game(2, 3), 0)
    field = next(f for f in enc.layout() if f.name == "positions")
    _, vocabs = hints_for("gremlins-the-game", 2)
    names = vocabs["positions[*]"]
    vec = enc.encode(view)[field.offset:field.offset + field.size]
    assert field.size == 1 + 2
    assert vec == [2.0, *(names.index(p) + 1.0 for p in view.positions)]
    bad = attrs.evolve(view, positions=("nowhere", view.positions[1]))
    assert enc.encode(bad)[field.offset + 1] == 0.0
    assert any(f.startswith("positions[*]: 'nowhere'") for f in enc.losses(bad))
