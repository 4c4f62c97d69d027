"""The typed decision frames of Gremlins: The Game: their JSON, their validators, and the version 1
documents (untyped frames) that still read."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import gremlinrules
from gremlinrules.core.errors import InvalidArgumentError, SerializationError
from gremlinrules.gremlins_the_game import (
    FORMAT_VERSION,
    EscapeToTheater,
    EventDiscard,
    Fight,
    HandLimit,
    MoveGremlin,
    Next,
    apply,
    check_state,
    observe,
)

GAME = gremlinrules.get_game("gremlins-the-game")
V1 = json.loads((Path(__file__).parent / "v1_documents.json").read_text())
"""Documents written by the code before the frames were typed (format version 1): a state with a
pending move-to frame (an event's moved gremlin), the first answer's next state, and a state and
view with an escape's theater frame; made by main's code playing fixed-seed games."""


@pytest.mark.clause("GTG-EVENT-2", "GTG-THEATER-1")
def test_version_1_documents_read_as_the_typed_frames_the_rules_reach() -> None:
    """A v1 state's ``{"kind": "move-to", "source": card, "bound": [["from", space]]}`` reads as a
    MoveGremlin, an escape's theater frame as EscapeToTheater (in the state and in the view), and
    the rules play on from it to the state main reached."""
    s = GAME.from_data(V1["state"], GAME.State)
    old = V1["state"]["stack"][0]
    assert s.stack == (MoveGremlin(old["seat"], old["source"], old["bound"][0][1], (Next.END,)),)
    check_state(s)
    after = apply(s, GAME.from_data(V1["first_answer"], GAME.Action))
    assert after == GAME.from_data(V1["state_after_first_answer"], GAME.State)
    escape = GAME.from_data(V1["escape_state"], GAME.State)
    frame = V1["escape_state"]["stack"][0]
    assert escape.stack == (EscapeToTheater(frame["seat"], frame["bound"][0][1]),)
    view = GAME.from_data(V1["view"], GAME.View)
    assert view == observe(escape, escape.turn)


@pytest.mark.clause("GTG-FIGHT-1", "GTG-WEAPON-2")
def test_frames_are_tagged_in_json_at_version_2_and_round_trip() -> None:
    """A frame is data like an action: ``"type"`` names its class; its steps are their names."""
    s = GAME.from_data(V1["state"], GAME.State)
    data = GAME.to_data(s)
    assert data["format_version"] == FORMAT_VERSION == 2
    assert data["stack"][0]["type"] == "MoveGremlin"
    assert data["stack"][0]["then"] == ["end"]
    assert GAME.from_json(GAME.to_json(s), GAME.State) == s
    schema = json.dumps(GAME.json_schema())
    for cls in (Fight, EscapeToTheater, HandLimit, MoveGremlin):
        assert f'"const": "{cls.__name__}"' in schema


@pytest.mark.clause("GTG-WEAPON-2", "GTG-EVENT-2")
def test_frame_fields_are_validated() -> None:
    """A hand-limit discard comes before a draw; every event frame's steps end the turn; a name
    is a short string."""
    with pytest.raises(InvalidArgumentError, match="then"):
        HandLimit(0, (Next.END,))
    with pytest.raises(InvalidArgumentError, match="then"):
        EventDiscard(0, "snowstorm", (Next.DRAW,))
    with pytest.raises(InvalidArgumentError, match="gremlin"):
        Fight(0, "")
    data = GAME.to_data(GAME.from_data(V1["state"], GAME.State))
    data["stack"][0]["then"] = ["draw"]
    with pytest.raises(SerializationError, match=r"stack\[0\]\.then"):
        GAME.from_data(data, GAME.State)
