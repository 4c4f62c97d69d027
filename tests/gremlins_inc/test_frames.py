"""The typed decision frames of Gremlins, Inc.: their JSON, their validators, and the version 1
documents (untyped frames with string-packed effect contexts, ``resolving`` and ``completing``)
that still read."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import gremlinrules
from gremlinrules.core.errors import SerializationError
from gremlinrules.gremlins_inc import FORMAT_VERSION
from gremlinrules.gremlins_inc import FRAME_TYPES
from gremlinrules.gremlins_inc import REFERENCE
from gremlinrules.gremlins_inc import ChooseProject
from gremlinrules.gremlins_inc import Complete
from gremlinrules.gremlins_inc import Effect
from gremlinrules.gremlins_inc import Payment
from gremlinrules.gremlins_inc import Play
from gremlinrules.gremlins_inc import Project
from gremlinrules.gremlins_inc import ProjectChoice
from gremlinrules.gremlins_inc import Stage
from gremlinrules.gremlins_inc import apply
from gremlinrules.gremlins_inc import observe
from tests.gremlins_inc.helpers import P
from tests.gremlins_inc.helpers import table
from tests.gremlins_inc.test_completion import _table

GAME = gremlinrules.get_game("gremlins-inc")
V1 = json.loads((Path(__file__).parent / "v1_frames_document.json").read_text())
"""As main wrote them at format version 1 (before the frames were typed): a state completing the
tower while its gold waits for a destination (``state``), and a state and seat 1's view paying
for a grab (``payment_state``, ``payment_view``)."""


def _completing() -> Any:
    """The state of ``V1["state"]``, reached by the rules: the tower (uid 0) being completed."""
    tower = Project(0, "tower", False, ("coin", "coin"))
    rows = [(tower, Project(1, "watch", False), Project(2, "clock", False)), (), ()]
    return apply(_table(rows), Complete(1))


def _paying() -> Any:
    """The state of ``V1["payment_state"]``: seat 0 chooses where the grab's gold comes from."""
    row = (P("clock", "coin", "spite"), P("watch", "coin", "purge"))
    return apply(table(hands=[("grab",), (), ()], projects=[row, (), ()], scores=[0, 3, 0]), Play("grab"))


@pytest.mark.clause("GI-DONE-4", "GI-EFFECT-4")
def test_the_pending_frame_is_tagged_in_json_and_carries_the_completion() -> None:
    """The frame is data like an action (``"type": "ProjectChoice"``), its effect what the script
    has chosen so far and the uid being completed; the state has no resolving or completing
    field of its own (they read the frame) and reads back equal."""
    s = _completing()
    assert s.stack == (ProjectChoice(0, Effect(0, "tower", 0, Stage.DEST, seat=0, project=0, completing=0)),)
    assert (s.resolving, s.completing) == ("tower", 0)
    data = GAME.to_data(s)
    assert data["format_version"] == FORMAT_VERSION == 2
    assert "resolving" not in data
    assert "completing" not in data
    assert data["stack"] == [{"type": "ProjectChoice", "seat": 0, "effect": {
        "player": 0, "card": "tower", "stage": "dest", "seat": 0, "project": 0, "completing": 0}}]
    assert GAME.from_json(GAME.to_json(s), GAME.State) == s
    view = observe(s, 1)
    assert view.resolving == "tower"
    assert GAME.from_json(GAME.to_json(view), GAME.View) == view


@pytest.mark.clause("GI-DONE-4", "GI-PLAY-2")
def test_version_1_documents_still_read_as_the_states_and_view_the_rules_reach() -> None:
    """States and a view written by the previous version (kind strings, the effect context packed
    in ``bound`` with numbers from 1, the owed units dot-separated, ``resolving`` and
    ``completing`` beside the stack) decode to what the rules reach now, and play on alike."""
    old = V1["state"]
    assert old["format_version"] == 1
    assert old["completing"] == 0
    assert old["stack"][0]["kind"] == "choose-project"
    s = _completing()
    decoded = GAME.from_data(old, GAME.State)
    assert decoded == s
    move = GAME.legal_actions(s)[0]
    assert GAME.apply(decoded, move) == apply(s, move)
    paying = _paying()
    assert V1["payment_state"]["stack"][0]["bound"] == [["owed", "gold.malice"]]
    assert GAME.from_data(V1["payment_state"], GAME.State) == paying
    assert paying.stack == (Payment(0, "grab", ("gold", "malice")),)
    assert GAME.from_data(V1["payment_view"], GAME.View) == observe(paying, 1)
    assert GAME.apply(paying, ChooseProject(0, 1)) == apply(paying, ChooseProject(0, 1))


@pytest.mark.clause("GI-PLAY-2", "GI-EFFECT-4")
@pytest.mark.parametrize(("frame", "path", "why"), [
    ({"type": "Payment", "seat": 0, "card": "grab", "owed": ["rubies"]}, "$.stack[0].owed",
     "resource types"),
    ({"type": "Payment", "seat": 0, "card": "grab", "owed": []}, "$.stack[0].owed", "resource types"),
    ({"type": "ProjectChoice", "seat": 0, "effect": {"player": 0, "card": "tower", "stage": "who"}},
     "$.stack[0].effect", "at stage project or dest"),
    ({"type": "ProjectChoice", "seat": 1, "effect": {"player": 0, "card": "tower", "stage": "dest"}},
     "$.stack[0].effect", "decided by the card's player"),
    ({"type": "ProjectChoice", "seat": 0, "effect": {"player": 0, "card": "tower", "stage": "nowhere"}},
     "$.stack[0].effect.stage", "nowhere"),
    ({"type": "ProjectChoice", "seat": 0,
      "effect": {"player": 0, "card": "tower", "stage": "dest", "left": -2}}, "$.stack[0].effect",
     "left is -1 or a number of units"),
])
def test_a_malformed_frame_is_refused_at_its_field(frame: dict[str, Any], path: str, why: str) -> None:
    """The frames validate their own fields: the decoder names the field and what it takes."""
    data = {**GAME.to_data(_completing()), "stack": [frame]}
    with pytest.raises(SerializationError, match=why) as caught:
        GAME.from_data(data, GAME.State)
    assert caught.value.path == path


@pytest.mark.clause("GI-EFFECT-1")
@given(player=st.integers(0, 63), card=st.sampled_from([c.id for c in REFERENCE.cards]),
       step=st.integers(0, 9), stage=st.sampled_from(list(Stage)),
       queue=st.lists(st.integers(0, 5), max_size=5),
       chosen=st.lists(st.integers(-1, 3), min_size=4, max_size=4), completing=st.integers(-1, 40))
def test_every_effect_writes_what_is_chosen_and_reads_back(player: int, card: str, step: int, stage: Stage,
                                                           queue: list[int], chosen: list[int],
                                                           completing: int) -> None:
    """Property: any effect context converts to JSON without a negative number (what is not chosen
    is left out) and back to itself."""
    seat, project, dest, left = chosen
    effect = Effect(player, card, step, stage, tuple(queue), bool(queue), seat, project, dest, left,
                    completing)
    conv = gremlinrules.gremlins_inc.CONVERTER
    data = conv.unstructure(effect)
    assert all(not (type(v) is int and v < 0) for v in data.values())
    assert conv.structure(data, Effect) == effect


def test_the_schema_lists_the_frames_and_the_state_refers_to_them() -> None:
    """``json_schema()`` names the game's frames under ``Frame``, each tagged by its class."""
    defs = GAME.json_schema()["$defs"]
    names = [cls.__name__ for cls in FRAME_TYPES]
    assert defs["Frame"] == {"oneOf": [{"$ref": f"#/$defs/{n}"} for n in names]}
    assert defs["Payment"]["properties"]["type"] == {"const": "Payment"}
    assert defs["Payment"]["required"] == ["type", "seat", "card", "owed"]
    assert defs["ProjectChoice"]["properties"]["effect"] == {"$ref": "#/$defs/Effect"}
    assert defs["Effect"]["required"] == ["player", "card"]
