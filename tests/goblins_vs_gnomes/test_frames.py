"""The typed decision frames of Goblins vs Gnomes: their JSON, their validators, what only the
state can refuse, and the version 1 documents (untyped frames) that still read."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import gremlinrules
from gremlinrules.core.errors import InvalidArgumentError
from gremlinrules.core.errors import SerializationError
from gremlinrules.goblins_vs_gnomes import CONVERTER
from gremlinrules.goblins_vs_gnomes import FORMAT_VERSION
from gremlinrules.goblins_vs_gnomes import Options
from gremlinrules.goblins_vs_gnomes import SkipNaming
from gremlinrules.goblins_vs_gnomes import Slot
from gremlinrules.goblins_vs_gnomes import State
from gremlinrules.goblins_vs_gnomes import StealChoice
from gremlinrules.goblins_vs_gnomes import TargetChoice
from gremlinrules.goblins_vs_gnomes import apply
from gremlinrules.goblins_vs_gnomes import check_state
from gremlinrules.goblins_vs_gnomes import current_player
from gremlinrules.goblins_vs_gnomes import legal_actions
from gremlinrules.goblins_vs_gnomes import new_game
from gremlinrules.goblins_vs_gnomes import observe

GAME = gremlinrules.get_game("goblins-vs-gnomes")
V1: dict[str, Any] = json.loads((Path(__file__).parent / "v1_frames_documents.json").read_text())
"""Per frame kind (an Ale Mug's naming, an order choice, the choice after the Dynamite, the Greedy
One's victim): a seeded path of legal-action indices to it, and the state and the deciding seat's
view as main wrote them at format version 1 (before the frames were typed)."""

TYPED = {
    "name-skip": SkipNaming(1, "ale-mug-ew"),
    "open-target": TargetChoice(4, False, (Slot.TOP, Slot.MIDDLE)),
    "open-target-dynamite": TargetChoice(4, True, (Slot.MIDDLE,)),
    "steal": StealChoice(3),
}
"""The frame each version 1 document holds, typed."""


def _reached(case: str) -> State:
    """The state of ``V1[case]``, reached by the rules along its path."""
    doc = V1[case]
    s = new_game(doc["players"], seed=doc["seed"], options=Options(**doc["options"]))
    for i in doc["path"]:
        s = apply(s, legal_actions(s)[i])
    return s


@pytest.mark.clause("GVG-CARD-4", "GVG-TARGET-3", "GVG-ADV-3")
@pytest.mark.parametrize("case", sorted(TYPED))
def test_a_version_1_document_still_reads_as_the_same_state_and_view(case: str) -> None:
    """A state and a view written by the previous version (untyped frames with their kind and
    source strings) decode to what the rules reach now, with the typed frame, and play on alike."""
    doc = V1[case]
    assert doc["state"]["format_version"] == 1
    assert doc["state"]["stack"][-1]["kind"] == case.removesuffix("-dynamite")
    s = _reached(case)
    assert s.stack[-1] == TYPED[case]
    decoded = GAME.from_data(doc["state"], State)
    assert decoded == s
    assert GAME.from_data(doc["view"], GAME.View) == observe(s, current_player(s))
    action = legal_actions(s)[-1]
    assert GAME.apply(decoded, action) == apply(s, action)


@pytest.mark.clause("GVG-CARD-4", "GVG-TARGET-3", "GVG-ADV-3")
@pytest.mark.parametrize("case", sorted(TYPED))
def test_the_pending_frames_are_tagged_in_json_and_round_trip(case: str) -> None:
    """The frames are data like actions, tagged with their class (a target choice names its slots);
    the state and the view carry the raised format version and read back equal."""
    s = _reached(case)
    data = GAME.to_data(s)
    assert data["format_version"] == FORMAT_VERSION == 2
    assert data["stack"][-1] == {"type": type(TYPED[case]).__name__, **CONVERTER.unstructure(TYPED[case])}
    assert GAME.to_json(s) == gremlinrules.core.serial.dumps(data)
    assert GAME.from_json(GAME.to_json(s), State) == s
    view = observe(s, current_player(s))
    assert GAME.from_json(GAME.to_json(view), GAME.View) == view


@pytest.mark.parametrize("version", [0, 3, "2", None])
def test_a_version_this_library_does_not_read_is_refused(version: object) -> None:
    """Only versions 1 (upgraded) and 2 read; any other is refused at its key."""
    with pytest.raises(SerializationError, match=r"\$\.format_version: .* is not 1 to 2") as caught:
        GAME.from_data({**V1["steal"]["state"], "format_version": version}, State)
    assert caught.value.path == "$.format_version"


def _v2_with_top(case: str, **fields: object) -> dict[str, Any]:
    data: dict[str, Any] = GAME.to_data(_reached(case))
    data["stack"][-1] = {**data["stack"][-1], **fields}
    return data


@pytest.mark.clause("GVG-CARD-4", "GVG-TARGET-3")
@pytest.mark.parametrize(("case", "field", "value", "why"), [
    ("steal", "seat", -1, "a seat from 0 to 63"),
    ("name-skip", "card", "", "a design name of 1 to 40 characters"),
    ("name-skip", "card", "x" * 41, "a design name of 1 to 40 characters"),
    ("open-target", "among", ["middle", "top"], "distinct target slots in slot order"),
    ("open-target", "among", ["top", "top"], "distinct target slots in slot order"),
    ("open-target", "among", ["top"], "distinct target slots in slot order"),
    ("open-target-dynamite", "among", [], "distinct target slots in slot order"),
    ("open-target", "after_dynamite", 1, "expected a boolean"),
])
def test_a_malformed_frame_is_refused_at_its_field(case: str, field: str, value: object, why: str) -> None:
    """Each frame validates its own fields (an order choice binds two or three targets, the choice
    after the Dynamite one or more, in slot order): the decoder names the field and what it takes."""
    with pytest.raises(SerializationError, match=why) as caught:
        GAME.from_data(_v2_with_top(case, **{field: value}), State)
    assert caught.value.path == f"$.stack[0].{field}"


@pytest.mark.clause("GVG-CARD-4", "GVG-TARGET-3", "GVG-ADV-3", "GVG-INV-6")
@pytest.mark.parametrize(("case", "change", "why"), [
    ("steal", {"seat": 0}, "only the Greedy One steals"),
    ("name-skip", {"card": "passage-ew"}, "only an Ale Mug asks for a skip to be named"),
    ("name-skip", {"seat": 2}, "only the turn owner names a skip or orders targets"),
    ("open-target", {"seat": 9}, "a frame's seat is not at the table"),
    ("open-target-dynamite", {"after_dynamite": False, "among": (Slot.TOP, Slot.MIDDLE)},
     "a target choice binds face-down targets only"),
])
def test_a_frame_the_rules_did_not_push_is_refused_by_the_invariants(case: str, change: dict[str, Any],
                                                                     why: str) -> None:
    """A well-formed frame that the state contradicts (a seat without the Greedy One, a card that is
    no Ale Mug, a seat not playing, a target already face up) breaks GVG-INV-6."""
    s = _reached(case)
    edited = attrs.evolve(s, stack=(*s.stack[:-1], attrs.evolve(s.stack[-1], **change)))
    with pytest.raises(InvalidArgumentError, match=why):
        check_state(edited)


def test_an_impossible_order_of_frames_is_refused() -> None:
    """The rules leave an Ale Mug's naming under a target choice, never above it, and the Greedy
    One's choice alone."""
    s = _reached("open-target")
    for stack in ((s.stack[-1], SkipNaming(s.turn, "ale-mug-ew")), (StealChoice(3), s.stack[-1])):
        with pytest.raises(InvalidArgumentError, match="no rule leaves the frames"):
            check_state(attrs.evolve(s, stack=stack))


@pytest.mark.clause("GVG-TARGET-3")
@given(slots=st.lists(st.sampled_from(list(Slot)), max_size=4), after_dynamite=st.booleans())
def test_a_target_choice_builds_exactly_for_distinct_slots_in_order(slots: list[Slot],
                                                                    after_dynamite: bool) -> None:
    """Property: a TargetChoice binds distinct slots in slot order, two or three of them (one or
    more after the Dynamite); its data converts back to it. Anything else is refused."""
    fine = (slots == sorted(set(slots), key=list(Slot).index)
            and (1 if after_dynamite else 2) <= len(slots) <= 3)
    if fine:
        frame = TargetChoice(0, after_dynamite, tuple(slots))
        assert CONVERTER.structure(CONVERTER.unstructure(frame), TargetChoice) == frame
    else:
        with pytest.raises(InvalidArgumentError, match="distinct target slots"):
            TargetChoice(0, after_dynamite, tuple(slots))


def test_the_schema_lists_the_frames_and_the_state_refers_to_them() -> None:
    """``json_schema()`` names the game's three frames under ``Frame``, each tagged by its class."""
    defs = GAME.json_schema()["$defs"]
    assert defs["Frame"] == {"oneOf": [{"$ref": f"#/$defs/{name}"}
                                       for name in ("SkipNaming", "TargetChoice", "StealChoice")]}
    assert defs["TargetChoice"]["properties"]["type"] == {"const": "TargetChoice"}
    assert defs["TargetChoice"]["required"] == ["type", "seat", "after_dynamite", "among"]
