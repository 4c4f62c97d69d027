"""The card-effect language's validator: what it accepts, and a clear SetupError for each fault."""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gremlinrules.core.errors import InvalidArgumentError
from gremlinrules.core.errors import SetupError
from gremlinrules.gremlins_inc.components import REFERENCE
from gremlinrules.gremlins_inc.components import Components
from gremlinrules.gremlins_inc.components import load_components
from gremlinrules.gremlins_inc.components import parse_components
from tests.gremlins_inc.strategies import valid_steps


def small_set() -> dict[str, Any]:
    """A valid set of 40 cards: one action, one blueprint, one permanent design."""
    return {
        "name": "tiny",
        "version": "1",
        "numbers": {"deck": 40, "action": 20, "blueprint": 18, "permanent": 2, "hand_size": 6},
        "card": [
            {"id": "snoop", "name": "Snoop", "kind": "action", "resource": "malice", "copies": 20,
             "cost": {"malice": 1}, "text": "Reveal a hidden project of any opponent.",
             "effect": [{"op": "reveal", "target": "any_opponent", "which": "hidden"}]},
            {"id": "lamp", "name": "Lamp", "kind": "blueprint", "resource": "gold", "copies": 18,
             "score": 2, "needs": {"gold": 3}, "face_up": True, "text": "No effect."},
            {"id": "vault", "name": "Vault", "kind": "permanent", "resource": "industry", "copies": 2,
             "score": 1, "needs": {"gold": 2, "industry": 2},
             "text": "While active: opponents' cards cannot steal your score.",
             "passive": [{"effect": "protect", "against": "steal_score"}]},
        ],
    }


SNOOP, LAMP, VAULT = 0, 1, 2
HUGE = 10**5000


def test_small_set_loads() -> None:
    """The small set is valid: its cards come back sorted by id with defaults filled in."""
    c = parse_components(small_set())
    assert c.ids == ("lamp", "snoop", "vault")
    assert c.deck_size == 40
    assert c.card("snoop").effect[0].among == "players"
    assert c.card("lamp").face_up
    assert not c.card("vault").face_up
    assert c.card("vault").cost == ()
    assert c.card("vault").needs == (("gold", 2), ("industry", 2))


@pytest.mark.clause("GI-DECK-1")
def test_reference_round_trips_through_its_data() -> None:
    """to_data() gives data the validator turns back into an equal set, with the same digest, and
    JSON can carry it."""
    data = json.loads(json.dumps(REFERENCE.to_data()))
    again = parse_components(data, reference=True)
    assert again == REFERENCE
    assert again.digest == REFERENCE.digest
    assert again.deck == REFERENCE.deck


def test_unknown_card_id_is_a_library_error_with_a_short_echo() -> None:
    """Asking a set for a design it lacks raises InvalidArgumentError naming the id, shortly."""
    with pytest.raises(InvalidArgumentError, match="no card 'nope'"):
        REFERENCE.card("nope")
    with pytest.raises(InvalidArgumentError) as info:
        REFERENCE.card("x" * 10_000_000)
    assert len(str(info.value)) < 200
    assert not REFERENCE.has(["unhashable"])  # type: ignore[arg-type]


def _set_card(data: dict[str, Any], index: int, key: str, value: Any) -> None:
    data["card"][index][key] = value


def _set_step(data: dict[str, Any], key: str, value: Any) -> None:
    data["card"][SNOOP]["effect"][0][key] = value


def _set_passive(data: dict[str, Any], key: str, value: Any) -> None:
    data["card"][VAULT]["passive"][0][key] = value


class Replace:
    """What a breaker returns to replace the whole data (the others change it in place)."""

    def __init__(self, data: Any) -> None:
        self.data = data


# (what is wrong, how to break the small set, the words the message must hold)
BROKEN: list[tuple[str, Any, str]] = [
    ("top level not a table", lambda d: Replace([1, 2]), "card set: must be a table"),
    ("unknown top-level key", lambda d: d.update(cards=[]), "unknown field 'cards'"),
    ("no cards", lambda d: d.pop("card"), "no \\[\\[card\\]\\] tables"),
    ("cards not a list", lambda d: d.update(card="snoop"), "\\[\\[card\\]\\]: must be a list"),
    ("too many designs", lambda d: d.update(card=[d["card"][0]] * 201), "at most 200"),
    ("card not a table", lambda d: d["card"].append(7), "card 4: must be a table"),
    ("card without id", lambda d: d["card"][SNOOP].pop("id"), "card 1: needs an id"),
    ("id not kebab-case", lambda d: _set_card(d, SNOOP, "id", "Snoop Card"), "card 1.id: must be kebab"),
    ("id far too long", lambda d: _set_card(d, SNOOP, "id", "a" * 10_000_000), "card 1.id"),
    ("id used twice", lambda d: _set_card(d, LAMP, "id", "snoop"), "card 'snoop'.id: is used by another"),
    ("unknown card key", lambda d: _set_card(d, SNOOP, "colour", "red"),
     "card 'snoop': unknown field 'colour'"),
    ("missing name", lambda d: d["card"][SNOOP].pop("name"), "card 'snoop': needs a name"),
    ("missing text", lambda d: d["card"][LAMP].pop("text"), "card 'lamp': needs a text"),
    ("empty name", lambda d: _set_card(d, SNOOP, "name", "  "), "card 'snoop'.name: must be a non-empty"),
    ("text too long", lambda d: _set_card(d, SNOOP, "text", "x" * 301), "card 'snoop'.text: .*300"),
    ("unknown kind", lambda d: _set_card(d, SNOOP, "kind", "trap"), "card 'snoop'.kind: must be one of"),
    ("unknown resource", lambda d: _set_card(d, SNOOP, "resource", "rust"), "card 'snoop'.resource"),
    ("no copies", lambda d: _set_card(d, SNOOP, "copies", 0), "card 'snoop'.copies: .*from 1 to 20"),
    ("copies a bool", lambda d: _set_card(d, SNOOP, "copies", True), "card 'snoop'.copies"),
    ("copies a huge int", lambda d: _set_card(d, SNOOP, "copies", HUGE), "card 'snoop'.copies: .*digits"),
    ("cost of an unknown resource", lambda d: _set_card(d, SNOOP, "cost", {"rust": 1}),
     "card 'snoop'.cost key"),
    ("cost of zero", lambda d: _set_card(d, SNOOP, "cost", {"gold": 0}), "card 'snoop'.cost.gold"),
    ("cost not a table", lambda d: _set_card(d, SNOOP, "cost", 3), "card 'snoop'.cost: must be a table"),
    ("industry in an action's cost", lambda d: _set_card(d, SNOOP, "cost", {"industry": 1}),
     "card 'snoop'.cost: industry is never"),
    ("action with a score", lambda d: _set_card(d, SNOOP, "score", 2), "card 'snoop'.score"),
    ("action with needs", lambda d: _set_card(d, SNOOP, "needs", {"gold": 1}), "card 'snoop'.needs"),
    ("action face up", lambda d: _set_card(d, SNOOP, "face_up", True), "card 'snoop'.face_up"),
    ("action with a passive", lambda d: _set_card(d, SNOOP, "passive", [{"effect": "bonus", "amount": 1}]),
     "card 'snoop'.passive"),
    ("action without effect", lambda d: d["card"][SNOOP].pop("effect"),
     "card 'snoop'.effect: .*at least one"),
    ("blueprint with a cost", lambda d: _set_card(d, LAMP, "cost", {"gold": 1}), "card 'lamp'.cost"),
    ("blueprint without score", lambda d: d["card"][LAMP].pop("score"),
     "card 'lamp': a blueprint needs a score"),
    ("blueprint scoring 0", lambda d: _set_card(d, LAMP, "score", 0), "card 'lamp'.score"),
    ("blueprint without needs", lambda d: d["card"][LAMP].pop("needs"), "card 'lamp'.needs"),
    ("blueprint with a passive", lambda d: _set_card(d, LAMP, "passive", [{"effect": "bonus", "amount": 1}]),
     "card 'lamp'.passive"),
    ("face_up not a bool", lambda d: _set_card(d, LAMP, "face_up", "yes"), "card 'lamp'.face_up"),
    ("permanent without passive", lambda d: d["card"][VAULT].pop("passive"), "card 'vault'.passive"),
    ("effect not a list", lambda d: _set_card(d, SNOOP, "effect", {"op": "draw"}),
     "card 'snoop'.effect: .*list"),
    ("too many steps", lambda d: _set_card(d, SNOOP, "effect", [{"op": "draw"}] * 9),
     "card 'snoop'.effect: .*8"),
    ("step not a table", lambda d: _set_card(d, SNOOP, "effect", ["draw"]), "card 'snoop'.effect\\[0\\]"),
    ("step without op", lambda d: d["card"][SNOOP]["effect"][0].pop("op"), "effect\\[0\\]: needs an op"),
    ("unknown op", lambda d: _set_step(d, "op", "stael"), "card 'snoop'.effect\\[0\\].op: .*'stael'"),
    ("unknown step field", lambda d: _set_step(d, "whom", "you"),
     "card 'snoop'.effect\\[0\\]: unknown field"),
    ("unknown selector", lambda d: _set_step(d, "target", "richest"), "effect\\[0\\].target: .*'richest'"),
    ("unknown project filter", lambda d: _set_step(d, "which", "oldest"), "effect\\[0\\].which"),
    ("field meaningless to the op", lambda d: _set_step(d, "resource", "gold"),
     "effect\\[0\\].resource: means nothing to reveal"),
    ("amount of zero", lambda d: _set_card(d, SNOOP, "effect", [{"op": "draw", "amount": 0}]),
     "effect\\[0\\].amount"),
    ("amount too large", lambda d: _set_card(d, SNOOP, "effect", [{"op": "draw", "amount": 11}]),
     "effect\\[0\\].amount: .*from 1 to 10"),
    ("assign with a target", lambda d: _set_card(d, SNOOP, "effect", [{"op": "assign",
     "target": "any_player"}]),
     "effect\\[0\\].target: means nothing to assign"),
    ("stealing from yourself", lambda d: _set_card(d, SNOOP, "effect", [{"op": "steal_score",
     "target": "you"}]),
     "effect\\[0\\].target: steal_score takes from another"),
    ("among for an unranked selector", lambda d: _set_step(d, "among", "opponents"),
     "effect\\[0\\].among: applies only to"),
    ("unknown destination", lambda d: _set_card(d, SNOOP, "effect", [{"op": "move_resource", "to": "hand"}]),
     "effect\\[0\\].to"),
    ("unknown passive", lambda d: _set_passive(d, "effect", "aura"), "card 'vault'.passive\\[0\\].effect"),
    ("passive without effect", lambda d: d["card"][VAULT]["passive"][0].pop("effect"),
     "passive\\[0\\]: needs an effect"),
    ("protection from a harmless op", lambda d: _set_passive(d, "against", "draw"),
     "card 'vault'.passive\\[0\\].against"),
    ("field meaningless to the passive", lambda d: _set_passive(d, "amount", 2),
     "passive\\[0\\].amount: means nothing to protect"),
    ("cost change of zero", lambda d: _set_card(d, VAULT, "passive", [{"effect": "cost", "change": 0}]),
     "passive\\[0\\].change"),
    ("cost change of a permanent", lambda d: _set_card(
        d, VAULT, "passive", [{"effect": "cost", "kind": "permanent", "change": -1}]), "passive\\[0\\].kind"),
    ("bonus without amount", lambda d: _set_card(d, VAULT, "passive", [{"effect": "bonus"}]),
     "passive\\[0\\].amount"),
    ("three extra actions", lambda d: _set_card(d, VAULT, "passive", [{"effect": "extra_action",
     "amount": 3}]),
     "passive\\[0\\].amount: .*from 1 to 2"),
    ("a rulebook number changed", lambda d: d["numbers"].update(hand_size=7),
     "\\[numbers\\].hand_size: the rulebook says 6, not 7"),
    ("an unknown number", lambda d: d["numbers"].update(players=4), "\\[numbers\\]: unknown field 'players'"),
    ("a deck count that does not match", lambda d: d["numbers"].update(action=31),
     "\\[numbers\\].action: says 31 cards but the set has 20"),
    ("a deck too small to deal", lambda d: _set_card(d, SNOOP, "copies", 1), "40 to 400 cards, not 21"),
    ("nothing to complete", lambda d: d.update(card=[d["card"][SNOOP]]) or d.pop("numbers"),
     "at least one blueprint"),
]


@pytest.mark.clause("GI-DECK-1", "GI-DECK-2")
@pytest.mark.parametrize(("fault", "breaker", "message"), BROKEN, ids=[b[0] for b in BROKEN])
def test_validator_rejects_each_kind_of_bad_data(fault: str, breaker: Any, message: str) -> None:
    """Each kind of bad data raises SetupError naming the card (its id, or its position when the
    id itself is bad) and the field, in a short message even for a 10 MB id or a 5,000-digit
    number."""
    data = small_set()
    broken = breaker(data)
    if isinstance(broken, Replace):
        data = broken.data
    with pytest.raises(SetupError, match=message) as info:
        parse_components(data)
    assert len(str(info.value)) < 400, fault


def test_small_set_is_not_the_reference() -> None:
    """The public counts (128 = 78 + 38 + 12) are demanded of the reference deck only."""
    with pytest.raises(SetupError, match=r"\[numbers\].deck: says 128 cards but the set has 40"):
        parse_components(small_set(), reference=True)


def _json_values() -> st.SearchStrategy[Any]:
    scalars = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=False),
                        st.text(max_size=12), st.sampled_from(["gold", "you", "draw", "action", "any"]))
    return st.recursive(scalars, lambda inner: st.one_of(
        st.lists(inner, max_size=3), st.dictionaries(st.text(max_size=8), inner, max_size=3)), max_leaves=8)


FIELDS = [(SNOOP, None), (LAMP, None), (VAULT, None), (SNOOP, "effect"), (VAULT, "passive")]


@pytest.mark.clause("GI-DECK-1")
@given(place=st.sampled_from(FIELDS), key=st.sampled_from(
    ["id", "name", "kind", "resource", "copies", "cost", "score", "needs", "face_up", "text", "effect",
     "passive", "op", "amount", "target", "which", "to", "among", "change", "against", "junk"]),
    value=_json_values())
def test_any_value_in_any_field_is_accepted_or_refused_with_setup_error(
        place: tuple[int, str | None], key: str, value: Any) -> None:
    """Whatever value lands in whatever field of a card, step or passive, the validator returns
    a Components or raises SetupError (never another exception), with a short message."""
    data = small_set()
    index, inner = place
    table = data["card"][index] if inner is None else data["card"][index][inner][0]
    table[key] = copy.deepcopy(value)
    message = ""
    try:
        result = parse_components(data)
    except SetupError as exc:
        message = str(exc)
    else:
        assert isinstance(result, Components)
    assert len(message) < 400


@pytest.mark.clause("GI-DECK-1")
def test_file_loader_reads_toml_and_json(tmp_path: Path) -> None:
    """load_components reads the TOML layout and the same layout in JSON, to equal sets."""
    shipped = Path(__file__).resolve().parents[2] / "gremlinrules" / "gremlins_inc" / "components.toml"
    from_toml = load_components(shipped, reference=True)
    path = tmp_path / "deck.json"
    path.write_text(json.dumps(REFERENCE.to_data()), encoding="utf-8")
    assert from_toml == REFERENCE == load_components(path)


@pytest.mark.clause("GI-DECK-1")
def test_loader_reads_toml_text() -> None:
    """load_components reads TOML text (a str) to the set its file gives, and refuses what is
    neither text nor a path with SetupError."""
    shipped = Path(__file__).resolve().parents[2] / "gremlinrules" / "gremlins_inc" / "components.toml"
    assert load_components(shipped.read_text(encoding="utf-8"), reference=True) == REFERENCE
    with pytest.raises(SetupError, match="cannot read card set"):
        load_components("[[card]\nid = ")
    with pytest.raises(SetupError, match="TOML text or a Path"):
        load_components(42)  # type: ignore[arg-type]


@pytest.mark.parametrize(("name", "content", "message"), [
    ("missing.toml", None, "cannot read card set"),
    ("bad.toml", "[[card]\nid = ", "cannot read card set"),
    ("bad.json", "{", "cannot read card set"),
    ("list.json", "[1, 2]", "must be a table"),
    ("binary.toml", b"\xff\xfe\x00", "cannot read card set"),
])
def test_file_loader_refuses_unreadable_files(tmp_path: Path, name: str, content: Any, message: str) -> None:
    """A missing, malformed or non-table file raises SetupError naming the file."""
    path = tmp_path / name
    if isinstance(content, bytes):
        path.write_bytes(content)
    elif content is not None:
        path.write_text(content, encoding="utf-8")
    with pytest.raises(SetupError, match=message) as info:
        load_components(path)
    assert re.search(re.escape(name), str(info.value))


@pytest.mark.clause("GI-DECK-1")
@given(steps=st.lists(valid_steps(), min_size=1, max_size=8),
       passive=st.sampled_from([{"effect": "bonus", "amount": 2}, {"effect": "extra_action", "amount": 1},
                                {"effect": "cost", "kind": "blueprint", "resource": "any", "change": 1},
                                {"effect": "protect", "against": "reveal"}]))
def test_any_valid_script_loads_and_round_trips(steps: list[dict[str, Any]], passive: dict[str, Any]) -> None:
    """Any script of valid steps, and any valid passive, loads; the set's to_data() loads back to
    an equal set: the validator accepts the whole language and loses nothing of it."""
    data = small_set()
    data["card"][SNOOP]["effect"] = steps
    data["card"][VAULT]["passive"] = [passive]
    loaded = parse_components(data)
    assert [s.op for s in loaded.card("snoop").effect] == [s["op"] for s in steps]
    assert parse_components(loaded.to_data()) == loaded
