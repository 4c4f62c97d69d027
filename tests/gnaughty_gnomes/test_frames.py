"""The typed decision frame of Gnaughty Gnomes: its JSON, its validators, and the version 1
documents (untyped "place" frames) that still read."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import gremlinrules
from gremlinrules.core.errors import InvalidArgumentError
from gremlinrules.core.errors import SerializationError
from gremlinrules.gnaughty_gnomes import CONVERTER
from gremlinrules.gnaughty_gnomes import FORMAT_VERSION
from gremlinrules.gnaughty_gnomes import Placement
from gremlinrules.gnaughty_gnomes import apply
from gremlinrules.gnaughty_gnomes import current_player
from gremlinrules.gnaughty_gnomes import legal_actions
from gremlinrules.gnaughty_gnomes import new_game
from gremlinrules.gnaughty_gnomes import observe

GAME = gremlinrules.get_game("gnaughty-gnomes")
V1 = json.loads((Path(__file__).parent / "v1_placement_document.json").read_text())
"""A two-player state with three placements pending (the top one a dummy's, decided by seat 0)
and that seat's view, as main wrote them at format version 1 (before the frames were typed)."""


def _pending() -> Any:
    """The state of ``V1``, reached by the rules: the first legal action five times."""
    s = new_game(2, seed=3)
    for _ in range(5):
        s = apply(s, legal_actions(s)[0])
    return s


@pytest.mark.clause("GG-PLACE-1")
def test_the_pending_placements_are_tagged_in_json_and_round_trip() -> None:
    """The frames are data like actions: ``"type": "Placement"``, the deciding seat, the placing
    position and its turn-order place; the state and the view carry the raised format version
    and read back equal."""
    s = _pending()
    assert s.stack == (Placement(1, 3, 4), Placement(1, 1, 3), Placement(0, 2, 2))
    data = GAME.to_data(s)
    assert data["format_version"] == FORMAT_VERSION == 2
    assert data["stack"][-1] == {"type": "Placement", "seat": 0, "position": 2, "place": 2}
    assert GAME.to_json(s) == gremlinrules.core.serial.dumps(data)
    assert GAME.from_json(GAME.to_json(s), GAME.State) == s
    view = observe(s, 0)
    assert GAME.from_json(GAME.to_json(view), GAME.View) == view


@pytest.mark.clause("GG-PLACE-1")
def test_a_version_1_document_still_reads_as_the_same_state_and_view() -> None:
    """A state and a view written by the previous version (untyped "place" frames with their
    kind, source and bound strings) decode to what the rules reach now, and play on alike."""
    assert V1["state"]["format_version"] == 1
    assert V1["state"]["stack"][0]["kind"] == "place"
    s = _pending()
    decoded = GAME.from_data(V1["state"], GAME.State)
    assert decoded == s
    assert GAME.from_data(V1["view"], GAME.View) == observe(s, current_player(s))
    action = legal_actions(s)[-1]
    assert GAME.apply(decoded, action) == apply(s, action)


@pytest.mark.clause("GG-PLACE-1")
@pytest.mark.parametrize("version", [0, 3, "2", None])
def test_a_version_this_library_does_not_read_is_refused(version: object) -> None:
    """Only versions 1 (upgraded) and 2 read; any other is refused at its key."""
    with pytest.raises(SerializationError, match=r"\$\.format_version: .* is not 1 to 2") as caught:
        GAME.from_data({**V1["state"], "format_version": version}, GAME.State)
    assert caught.value.path == "$.format_version"


def _v2_with_top(**fields: object) -> dict[str, Any]:
    data: dict[str, Any] = GAME.to_data(_pending())
    data["stack"][-1] = {**data["stack"][-1], **fields}
    return data


@pytest.mark.clause("GG-PLACE-1")
@pytest.mark.parametrize(("field", "value", "why"), [
    ("seat", -1, "a seat from 0 to 63"),
    ("position", 4, "a position from 0 to 3 that the seat decides for"),
    ("position", 3, "a position from 0 to 3 that the seat decides for"),
    ("place", 0, "a turn-order place from 1 to 4"),
    ("place", True, "expected an integer, got a boolean"),
])
def test_a_malformed_frame_is_refused_at_its_field(field: str, value: object, why: str) -> None:
    """The frame validates its own fields (seat 0 decides for positions 0 and 2 only): the
    decoder names the field and what it takes."""
    with pytest.raises(SerializationError, match=why) as caught:
        GAME.from_data(_v2_with_top(**{field: value}), GAME.State)
    assert caught.value.path == f"$.stack[2].{field}"


@pytest.mark.clause("GG-PLACE-1")
def test_a_frame_the_rules_did_not_push_is_refused() -> None:
    """A well-formed placement out of the trick's turn order is refused by the game's invariants;
    an unknown frame type by its tag."""
    with pytest.raises(SerializationError, match="not the trick's turn order still to place"):
        GAME.from_data(_v2_with_top(place=1), GAME.State)
    with pytest.raises(SerializationError, match="expected frame type 'Placement', got 'Place'"):
        GAME.from_data(_v2_with_top(type="Place"), GAME.State)


@pytest.mark.clause("GG-2P-3")
@given(seat=st.integers(0, 3), position=st.integers(0, 3), place=st.integers(1, 4))
def test_a_frame_builds_exactly_for_a_seat_deciding_for_its_position(seat: int, position: int,
                                                                     place: int) -> None:
    """Property: a position's frame is decided by the position itself or, for a dummy, its
    partner's seat (``position % 2``); its data converts back to it. Any other seat is refused."""
    if seat in (position, position % 2):
        frame = Placement(seat, position, place)
        assert CONVERTER.structure(CONVERTER.unstructure(frame), Placement) == frame
    else:
        with pytest.raises(InvalidArgumentError, match="that the seat decides for"):
            Placement(seat, position, place)


def test_the_schema_lists_the_frame_and_the_state_refers_to_it() -> None:
    """``json_schema()`` names the game's frame under ``Frame``, tagged by its class."""
    defs = GAME.json_schema()["$defs"]
    assert defs["Frame"] == {"oneOf": [{"$ref": "#/$defs/Placement"}]}
    assert defs["Placement"]["properties"]["type"] == {"const": "Placement"}
    assert defs["Placement"]["required"] == ["type", "seat", "position", "place"]
