"""The view encoding: a fixed-size vector holding only what the view holds, laid out as documented."""

from __future__ import annotations

import math
import random

import attrs
import pytest

import gremlinrules
from gremlinrules import InvalidArgumentError
from gremlinrules.adapters.encoding import view_encoder
from gremlinrules.adapters.hints import CAPACITIES
from gremlinrules.gnaughty_gnomes import Colour
from tests.conformance.support import CASE_IDS, CASES, walk


@pytest.mark.parametrize(("game_id", "players"), CASES, ids=CASE_IDS)
def test_every_view_encodes_to_the_fixed_size(game_id: str, players: int) -> None:
    """Every seat's view along a random playout gives a finite vector of exactly ``size`` values."""
    game = gremlinrules.get_game(game_id)
    enc = view_encoder(game, players)

    def visit(state: object, _: object, __: object) -> None:
        for seat in range(players):
            vec = enc.encode_state(state, seat)
            assert len(vec) == enc.size
            assert all(math.isfinite(x) for x in vec)

    final, _ = walk(game, players, 5, random.Random(5), visit, stop_after=400)
    assert len(enc.encode_state(final, 0)) == enc.size


@pytest.mark.parametrize(("game_id", "players"), CASES, ids=CASE_IDS)
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


@pytest.mark.parametrize(("game_id", "players"), CASES, ids=CASE_IDS)
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


@pytest.mark.parametrize(("game_id", "players"), [c for c in CASES if c[0] in CAPACITIES],
                         ids=[i for c, i in zip(CASES, CASE_IDS, strict=True) if c[0] in CAPACITIES])
def test_hinted_capacities_are_never_exceeded(game_id: str, players: int) -> None:
    """With rule-derived capacities, no view along random playouts is ever truncated."""
    game = gremlinrules.get_game(game_id)
    enc = view_encoder(game, players)

    def visit(state: object, _: object, __: object) -> None:
        for seat in range(players):
            assert enc.overflows(game.observe(state, seat)) == []

    for seed in range(3):
        walk(game, players, seed, random.Random(seed), visit)


def test_encoder_rejects_a_foreign_view() -> None:
    """Encoding something that is not this game's View raises InvalidArgumentError."""
    enc = view_encoder(gremlinrules.get_game("gnaughty-gnomes"), 4)
    with pytest.raises(InvalidArgumentError):
        enc.encode("not a view")


def test_gnaughty_hand_is_one_hot_suits_and_ranks() -> None:
    """The documented layout: the hand is a length then (suit one-hot, rank) per card."""
    game = gremlinrules.get_game("gnaughty-gnomes")
    enc = view_encoder(game, 4)
    state = game.new_game(4, seed=2)
    view = game.observe(state, 0)
    vec = enc.encode(view)
    hand = next(f for f in enc.layout() if f.name == "hand")
    assert vec[hand.offset] == len(view.hand)
    suits: list[object] = list(Colour)
    first = vec[hand.offset + 1: hand.offset + 1 + len(suits) + 1]
    assert first[suits.index(view.hand[0].suit)] == 1.0
    assert sum(first[:-1]) == 1.0
    assert first[-1] == view.hand[0].rank
