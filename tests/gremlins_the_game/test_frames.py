"""The typed decision frames of Gremlins: The Game: their JSON, their validators, and the version 1
documents (untyped frames) and version 2 documents (``"phase": "resolve"``) that still read."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import gremlinrules
from gremlinrules.core.errors import InvalidArgumentError
from gremlinrules.core.errors import SerializationError
from gremlinrules.gremlins_the_game import FORMAT_VERSION
from gremlinrules.gremlins_the_game import EscapeToTheater
from gremlinrules.gremlins_the_game import EventDiscard
from gremlinrules.gremlins_the_game import Fight
from gremlinrules.gremlins_the_game import GangToTheater
from gremlinrules.gremlins_the_game import HandLimit
from gremlinrules.gremlins_the_game import MoveGremlin
from gremlinrules.gremlins_the_game import Next
from gremlinrules.gremlins_the_game import Phase
from gremlinrules.gremlins_the_game import apply
from gremlinrules.gremlins_the_game import check_state
from gremlinrules.gremlins_the_game import observe
from gremlinrules.gremlins_the_game.flow import replace

GAME = gremlinrules.get_game("gremlins-the-game")
V1 = json.loads((Path(__file__).parent / "v1_documents.json").read_text())
"""Documents written by the code before the frames were typed (format version 1): a state with a
pending move-to frame (an event's moved gremlin), the first answer's next state, and a state and
view with an escape's theater frame; made by main's code playing fixed-seed games."""
V2 = json.loads((Path(__file__).parent / "v2_documents.json").read_text())
"""Documents written by main's code at format version 2, before ``Phase.RESOLVE`` was dropped: a
state with a Fight pending (3 players, seed 0, ``random.Random(0)`` choosing until the first fight),
the answer LetEscape, the next state (an escape's theater frame) and that state's view for the turn
owner; all three say ``"phase": "resolve"``."""


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
    assert V1["state"]["phase"] == V1["escape_state"]["phase"] == V1["view"]["phase"] == "resolve"
    assert s.phase is escape.phase is view.phase is Phase.MOVE
    assert s.resolving
    assert escape.resolving


@pytest.mark.clause("GTG-FIGHT-1", "GTG-THEATER-1")
def test_version_2_documents_saying_resolve_read_as_a_move_with_its_frame() -> None:
    """A v2 state or view written while ``"phase"`` could be ``"resolve"`` reads with phase MOVE and
    its frame pending (``State.resolving``); the rules play on from it to the state main reached,
    which writes back at version 3 saying ``"move"``; a version 3 document saying ``"resolve"`` is
    refused, naming the field."""
    assert V2["state"]["phase"] == V2["state_after_answer"]["phase"] == V2["view"]["phase"] == "resolve"
    s = GAME.from_data(V2["state"], GAME.State)
    assert s.phase is Phase.MOVE
    assert s.resolving
    assert type(s.stack[0]) is Fight
    after = apply(s, GAME.from_data(V2["answer"], GAME.Action))
    assert after == GAME.from_data(V2["state_after_answer"], GAME.State)
    assert type(after.stack[0]) is EscapeToTheater
    assert after.resolving
    assert GAME.from_data(V2["view"], GAME.View) == observe(after, after.turn)
    data = GAME.to_data(after)
    assert (data["format_version"], data["phase"]) == (3, "move")
    assert {k: v for k, v in data.items() if k not in ("format_version", "phase")} == {
        k: v for k, v in V2["state_after_answer"].items() if k not in ("format_version", "phase")}
    with pytest.raises(SerializationError, match=r"\$\.phase"):
        GAME.from_data({**data, "phase": "resolve"}, GAME.State)


@pytest.mark.clause("GTG-STRIPE-3", "GTG-TURN-1")
def test_resolving_is_read_from_the_pending_frame() -> None:
    """``State.resolving``: the move is made exactly when a frame other than the start-of-turn
    GangToTheater is pending in a game going on; the phase stays MOVE throughout the turn."""
    s = GAME.from_data(V2["state"], GAME.State)
    assert s.resolving
    assert not replace(s, stack=()).resolving
    assert not replace(s, stack=(GangToTheater(s.turn),)).resolving
    assert not replace(s, phase=Phase.OVER).resolving
    assert [p.value for p in Phase] == ["move", "over"]


@pytest.mark.clause("GTG-FIGHT-1", "GTG-WEAPON-2")
def test_frames_are_tagged_in_json_since_version_2_and_round_trip() -> None:
    """A frame is data like an action: ``"type"`` names its class; its steps are their names (the
    format is version 3 since the phase lost ``"resolve"``)."""
    s = GAME.from_data(V1["state"], GAME.State)
    data = GAME.to_data(s)
    assert data["format_version"] == FORMAT_VERSION == 3
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
