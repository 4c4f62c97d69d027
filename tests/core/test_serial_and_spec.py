"""JSON conversion, the spec and scenario loaders, and the traceability scanner."""

from __future__ import annotations

import enum
import json
from pathlib import Path

import attrs
import pytest

from gremlinrules import SerializationError
from gremlinrules import SpecError
from gremlinrules.core import serial
from gremlinrules.core.scenarios import field_at
from gremlinrules.core.spec import load_scenarios
from gremlinrules.core.spec import load_spec
from gremlinrules.core.trace import clause_tests


class Suit(enum.StrEnum):
    """A test enum."""

    RED = "red"


@attrs.frozen
class Go:
    """A test action."""

    n: int


@attrs.frozen
class Stop:
    """Another test action."""

    suit: Suit


@attrs.frozen
class Thing:
    """A test state."""

    actions: tuple[Go | Stop, ...]
    names: tuple[str, ...]
    flag: bool


CONV = serial.make_converter((Go, Stop))


def test_round_trip_tags_actions_and_leaves_input_untouched() -> None:
    """Actions carry a "type" tag wherever they appear; structuring does not mutate the data."""
    thing = Thing((Go(1), Stop(Suit.RED)), ("a",), True)
    data = serial.unstructure(CONV, thing)
    assert data == {"actions": [{"type": "Go", "n": 1}, {"type": "Stop", "suit": "red"}],
                    "names": ["a"], "flag": True}
    copy = json.loads(json.dumps(data))
    assert serial.structure(CONV, copy, Thing) == thing
    assert copy == data


@pytest.mark.parametrize(("bad", "path"), [
    ({"actions": [{"type": "Go", "n": "1"}], "names": [], "flag": True}, "$.actions[0].n"),
    ({"actions": [{"type": "Nope"}], "names": [], "flag": True}, "$.actions[0]"),
    ({"actions": [], "names": [1], "flag": True}, "$.names[0]"),
    ({"actions": [], "names": [], "flag": 1}, "$.flag"),
    ({"actions": [{"type": "Stop", "suit": "blue"}], "names": [], "flag": True}, "$.actions[0].suit"),
])
def test_malformed_data_names_the_bad_field(bad: object, path: str) -> None:
    """Wrong types, unknown tags and unknown enum values raise SerializationError with the path."""
    with pytest.raises(SerializationError) as info:
        serial.structure(CONV, bad, Thing)
    assert info.value.path == path


def test_loads_rejects_non_json() -> None:
    """Text that is not JSON raises SerializationError."""
    with pytest.raises(SerializationError):
        serial.loads("{")
    assert serial.dumps({"b": 1, "a": [1, 2]}) == '{"a":[1,2],"b":1}'


def _spec(tmp_path: Path, body: str) -> Path:
    (tmp_path / "toy.toml").write_text('[game]\nid = "toy"\ntitle = "Toy"\nprefix = "TOY"\n'
                                       'rulebook = "toy.txt"\n' + body)
    return tmp_path


GOOD = '[[clause]]\nid = "TOY-A-1"\nsection = "S"\nkind = "rule"\ntext = "A rule."\n'


def test_spec_loader_accepts_a_good_file_and_rejects_malformed_clauses(tmp_path: Path) -> None:
    """Missing fields, bad kinds, bad or duplicate ids, unknown keys and reasonless
    interpretations are refused with SpecError."""
    assert load_spec("toy", _spec(tmp_path, GOOD)).ids == {"TOY-A-1"}
    for bad in (GOOD + GOOD, GOOD.replace("rule", "law"), GOOD.replace("TOY-A-1", "toy-a-1"),
                GOOD.replace("TOY-A-1", "OTHER-A-1"), GOOD + "extra = 1\n",
                GOOD.replace('"rule"', '"interpretation"'), GOOD.replace('text = "A rule."\n', ""),
                "", "[[clause]\n"):
        with pytest.raises(SpecError):
            load_spec("toy", _spec(tmp_path, bad))


def test_spec_loader_merges_extra_clause_files_in_name_order(tmp_path: Path) -> None:
    """spec/<id>/clauses/*.toml adds clauses after the main file's, sorted by file name; an
    id repeated across files, or a table other than [[clause]], is refused with SpecError."""
    root = _spec(tmp_path, GOOD)
    folder = root / "toy" / "clauses"
    folder.mkdir(parents=True)
    (folder / "b.toml").write_text(GOOD.replace("TOY-A-1", "TOY-B-1"))
    (folder / "a.toml").write_text(GOOD.replace("TOY-A-1", "TOY-C-1"))
    assert [c.id for c in load_spec("toy", root).clauses] == ["TOY-A-1", "TOY-C-1", "TOY-B-1"]
    (folder / "c.toml").write_text(GOOD)
    with pytest.raises(SpecError, match="duplicate"):
        load_spec("toy", root)
    (folder / "c.toml").write_text('[game]\nid = "toy"\n')
    with pytest.raises(SpecError, match="only"):
        load_spec("toy", root)


def test_scenario_loader_rejects_malformed_vectors(tmp_path: Path) -> None:
    """A scenario is a versioned document with a name, clauses, a record with its actions and
    expectations each counting 0 to that many actions."""
    folder = tmp_path / "toy" / "scenarios"
    folder.mkdir(parents=True)
    good = {"format": "gremlinrules-scenario", "format_version": 1, "name": "n", "clauses": ["TOY-A-1"],
            "record": {"actions": [{"action": {"type": "Pass"}}]},
            "expect": [{"after": 1, "terminal": False}]}
    (folder / "a.json").write_text(json.dumps(good))
    assert load_scenarios("toy", tmp_path)[0].name == "n"
    for bad in ({**good, "clauses": []}, {**good, "record": {}}, {**good, "format_version": 2},
                {**good, "format": "other"}, {**good, "expect": [{"after": 2}]},
                {**good, "expect": [{"after": 0, "nonsense": 1}]}, {**good, "expect": []},
                {**good, "other": 1}):
        (folder / "a.json").write_text(json.dumps(bad))
        with pytest.raises(SpecError):
            load_scenarios("toy", tmp_path)


def test_field_paths_walk_objects_and_lists() -> None:
    """Dotted paths index dicts by key and lists by position."""
    assert field_at({"a": [{"b": 3}]}, "a.0.b") == 3
    with pytest.raises(KeyError):
        field_at({"a": 1}, "a.b")


def test_trace_scanner_finds_markers_on_functions_classes_and_modules(tmp_path: Path) -> None:
    """Clause markers on a test function, a test class and pytestmark are all found."""
    tests = tmp_path / "tests"
    tests.mkdir()
    (tests / "test_toy.py").write_text(
        "import pytest\n"
        "pytestmark = pytest.mark.clause('TOY-M-1')\n"
        "@pytest.mark.clause('TOY-A-1', 'TOY-A-2')\n"
        "def test_a():\n    pass\n"
        "@pytest.mark.clause('TOY-C-1')\n"
        "class TestC:\n    def test_b(self):\n        pass\n")
    found = clause_tests(tests)
    assert found["TOY-A-1"] == ["tests/test_toy.py::test_a"]
    assert found["TOY-A-2"] == ["tests/test_toy.py::test_a"]
    assert found["TOY-C-1"] == ["tests/test_toy.py::TestC::test_b"]
    assert sorted(found["TOY-M-1"]) == ["tests/test_toy.py::TestC::test_b", "tests/test_toy.py::test_a"]


def test_an_action_decodes_through_its_own_class_with_or_without_its_tag() -> None:
    """structure(unstructure(a), type(a)) == a; the "type" key may be left out, but when present
    it must name that class."""
    for action in (Go(3), Stop(Suit.RED)):
        data = serial.unstructure(CONV, action)
        assert serial.structure(CONV, data, type(action)) == action
        assert serial.structure(CONV, {k: v for k, v in data.items() if k != "type"}, type(action)) == action
    with pytest.raises(SerializationError, match="expected action type 'Go', got 'Stop'"):
        serial.structure(CONV, {"type": "Stop", "n": 1}, Go)


def test_unknown_action_type_lists_the_known_ones() -> None:
    """An unknown or missing tag names every action class in one short line; an input nested
    2,000 deep as the tag is shown cut, not by a repr that recurses."""
    nested: list[object] = []
    for _ in range(2000):
        nested = [nested]
    for data in ({"type": "Jump"}, {}, {"type": nested}):
        with pytest.raises(SerializationError) as info:
            serial.structure(CONV, data, Go | Stop, "Action")
        message = str(info.value)
        assert "the action types are Go, Stop" in message
        assert len(message) < 120
        assert "\n" not in message


def test_a_bad_item_deep_in_a_long_list_is_found_quickly_with_its_index() -> None:
    """A million-item list whose last item is bad is refused in well under a second, naming the
    index of the first bad item."""
    data = {"actions": [{"type": "Go", "n": 1}] * 1_000_000 + [{"type": "Go", "n": "x"}],
            "names": [], "flag": True}
    with pytest.raises(SerializationError) as info:
        serial.structure(CONV, data, Thing)
    assert info.value.path == "$.actions[1000000].n"


def test_loads_refuses_what_json_has_not() -> None:
    """NaN, Infinity, ints over 4,300 digits and nesting deeper than the recursion limit are not
    JSON: loads raises a short SerializationError; dumps refuses NaN and foreign objects."""
    for text in ("NaN", "[Infinity]", '{"a": -Infinity}', "9" * 5000, "[" * 100_000 + "]" * 100_000):
        with pytest.raises(SerializationError) as info:
            serial.loads(text)
        assert len(str(info.value)) <= serial.MESSAGE_LIMIT
    assert serial.loads("[1.5, -2]") == [1.5, -2]
    for data in (float("nan"), [float("inf")], object(), {"a": {1, 2}}):
        with pytest.raises(SerializationError):
            serial.dumps(data)


@attrs.frozen
class Box:
    """A test object holding an action."""

    inner: Go


def test_converting_a_malformed_object_raises_serialization_error() -> None:
    """An object whose field holds what its class does not declare cannot be converted: unstructure
    raises SerializationError where it cannot read the field, and dumps where the result is not
    JSON; never an internal error."""
    with pytest.raises(SerializationError):
        serial.unstructure(CONV, Box(inner=object()))  # type: ignore[arg-type]
    data = serial.unstructure(CONV, Thing(actions=(object(),), names=("a",), flag=True))  # type: ignore[arg-type]
    with pytest.raises(SerializationError):
        serial.dumps(data)
