"""The state's JSON written straight from its fields is the converter's text, byte for byte."""

from __future__ import annotations

from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

import gremlinrules
from gremlinrules.core import serial
from gremlinrules.core.errors import SerializationError
from gremlinrules.goblins_vs_gnomes import CONVERTER
from gremlinrules.goblins_vs_gnomes import FORMAT_VERSION
from gremlinrules.goblins_vs_gnomes import STATE_TO_JSON
from gremlinrules.goblins_vs_gnomes import State
from gremlinrules.goblins_vs_gnomes import Steal
from gremlinrules.goblins_vs_gnomes import notation
from tests.goblins_vs_gnomes.strategies import any_options
from tests.goblins_vs_gnomes.strategies import player_counts
from tests.goblins_vs_gnomes.strategies import playout
from tests.goblins_vs_gnomes.strategies import seeds

GAME = gremlinrules.get_game("goblins-vs-gnomes")


def _general(state: State) -> str:
    """The converter's text of a state, with its format version (what to_json wrote before)."""
    return serial.dumps({**CONVERTER.unstructure(state), "format_version": FORMAT_VERSION})


@pytest.mark.playout
@pytest.mark.clause("GVG-ACT-1")
@given(players=player_counts, seed=seeds, options=any_options, every=st.integers(1, 9))
@settings(max_examples=12)
def test_the_fast_state_json_is_the_converters_text_along_random_play(
        players: int, seed: int, options: object, every: int) -> None:
    """Along random play (every option drawn, an own component set included, frames pending
    on the way) the state's JSON written straight from its fields equals the converter's text,
    and to_json writes it; decoding it gives the state back."""
    for i, (state, _) in enumerate(playout(players, seed, options, limit=300)):  # type: ignore[arg-type]
        if i % every and state.stack == ():
            continue
        text = STATE_TO_JSON(state)
        assert text == _general(state)
        assert GAME.to_json(state) == text
        assert GAME.from_json(text, State) == state


def _outcome(write: object, state: object) -> object:
    try:
        return write(state)  # type: ignore[operator]
    except Exception as exc:  # the general path's error, whatever it is
        return type(exc)


def test_the_fast_state_json_hands_odd_states_to_the_general_path() -> None:
    """A state holding values its class does not declare (a foreign frame on the stack, a phase
    that is not a Phase, a hand-made options object) gets the converter's text, or its error,
    never another text."""
    state = GAME.new_game(4, 5)
    odd_values: dict[str, Any] = {"stack": (Steal(1),), "phase": "play", "options": "defaults"}
    for field, value in [*odd_values.items(), ("phase", "over")]:
        odd = attrs.evolve(state, **{field: value})
        assert _outcome(STATE_TO_JSON, odd) == _outcome(_general, odd)


def test_a_decoded_field_is_the_converters_and_a_bad_one_is_refused_alike(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The field's Tiles made at once when every entry is plain equal the converter's (the state
    decodes equal with its field handed to the converter instead); an entry that is not plain
    (a bad cell, a number for a card, an extra or a missing key) is refused with a
    SerializationError either way."""
    state = GAME.new_game(3, 2)
    for _ in range(12):
        state = GAME.apply(state, GAME.legal_actions(state)[0])
    data = serial.loads(GAME.to_json(state))
    assert data["field"], "the test needs a field"
    first = data["field"][0]
    bad_entries = ({**first, "cell": "x,1"}, {**first, "card": 3}, {**first, "extra": 1},
                   {"cell": first["cell"], "card": first["card"]}, {**first, "rotated": 1})
    plain = GAME.from_data(data, State)
    monkeypatch.setattr(notation, "_plain_field", lambda _: None)  # the converter reads every field
    assert GAME.from_data(data, State) == plain == state
    bad_data = [{**data, "field": [bad, *data["field"][1:]]} for bad in bad_entries]
    refused = [_outcome(lambda d: GAME.from_data(d, State), d) for d in bad_data]
    monkeypatch.undo()
    assert refused == [SerializationError] * len(bad_entries)
    assert refused == [_outcome(lambda d: GAME.from_data(d, State), d) for d in bad_data]
