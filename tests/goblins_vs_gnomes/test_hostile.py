"""Hostile input (issue 13): wrongly typed setups, options built around ``__init__``, huge numbers in
actions, and refusals that name a value as short messages with keys (fast path and reference)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from gremlinrules import IllegalActionError
from gremlinrules import SetupError
from gremlinrules import goblins_vs_gnomes as gvg
from gremlinrules.core.errors import InvalidArgumentError
from gremlinrules.goblins_vs_gnomes import Options
from gremlinrules.goblins_vs_gnomes import Place
from gremlinrules.goblins_vs_gnomes import PlayPotion
from gremlinrules.goblins_vs_gnomes import Setup
from gremlinrules.goblins_vs_gnomes import Swap
from gremlinrules.goblins_vs_gnomes import rules as reference
from tests.goblins_vs_gnomes.strategies import new

HUGE = 10**5000
APPLY: list[Callable[[gvg.State, Any], gvg.State]] = [gvg.apply, reference.apply]


@pytest.mark.clause("GVG-SETUP-3", "GVG-SETUP-4")
@pytest.mark.parametrize("setup", [
    Setup(targets=(1, "gold", None)),  # type: ignore[arg-type]
    Setup(roles=([1], [2], [3])),  # type: ignore[arg-type]
    Setup(roles=("king", "king", "driver")),
    Setup(deck=(["passage-ew"],) * 50),  # type: ignore[arg-type]
    Setup(targets=("gold", "gold", "dragon", "dynamite")),
    Setup.__new__(Setup),
])
def test_a_setup_with_wrongly_typed_or_impossible_contents_is_a_setup_error(setup: Setup) -> None:
    """Lists, numbers, None or repeated names where a stacked Setup wants names, and a Setup built
    without its fields, are refused with SetupError (never TypeError)."""
    with pytest.raises(SetupError):
        gvg.new_game(3, setup=setup)


@pytest.mark.clause("GVG-BOUND-1", "GVG-BOUND-2")
@pytest.mark.parametrize("call", [
    lambda o: gvg.decision_bound(3, o), lambda o: gvg.round_bound(3, o),
    lambda o: gvg.new_game(3, options=o), lambda o: gvg.all_actions(3, o),
])
def test_options_built_without_init_are_refused(call: Callable[[Options], object]) -> None:
    """Options made by ``Options.__new__`` (no fields set) are a SetupError for every function that
    takes options."""
    with pytest.raises(SetupError):
        call(Options.__new__(Options))


@pytest.mark.clause("GVG-BOUND-1")
def test_as_written_is_the_unbounded_reading() -> None:
    """``Options.as_written()`` turns the house rule off (other fields as given), so there is no
    decision bound and a seat may swap a fourth time in a round."""
    assert Options.as_written() == Options(bounded=False)
    assert Options.as_written(advanced_roles=True) == Options(bounded=False, advanced_roles=True)
    with pytest.raises(SetupError):
        gvg.decision_bound(3, Options.as_written())
    state = new(3, options=Options.as_written())
    for _ in range(12):
        state = gvg.apply(state, Swap(state.hands[state.turn][0]))
    assert state.swaps_used == (4, 4, 4)
    assert state.round == 1


@pytest.mark.clause("GVG-FIELD-2", "GVG-PLACE-1")
@pytest.mark.parametrize("apply", APPLY)
def test_a_huge_coordinate_is_refused_with_a_short_message(
        apply: Callable[[gvg.State, Any], gvg.State]) -> None:
    """A held card laid on a 5,000-digit cell is refused (GVG-FIELD-2) with a short message and its
    key; a 10 MB card name is refused without echoing it."""
    state = new(3, [(0, "passage-ew")])
    for action in (Place("passage-ew", HUGE, 0), Place("passage-ew", 0, -HUGE)):
        assert not gvg.is_legal(state, action)
        with pytest.raises(IllegalActionError) as err:
            apply(state, action)
        assert err.value.clause == "GVG-FIELD-2"
        assert err.value.key == "gvg.illegal.off-table"
        assert len(str(err.value)) < 200
    with pytest.raises(IllegalActionError) as err:
        apply(state, Place("x" * 10**7, 1, 0))
    assert err.value.key == "gvg.illegal.not-a-tunnel-card"
    assert len(str(err.value)) < 200


@pytest.mark.clause("GVG-PLACE-2", "GVG-CARD-3", "GVG-TURN-2", "GVG-BOUND-1")
@pytest.mark.parametrize("apply", APPLY)
def test_refusals_that_name_a_value_carry_their_key_and_parameters(
        apply: Callable[[gvg.State, Any], gvg.State]) -> None:
    """A card that does not fit, a Potion for a seat that does not exist, a card not held and a
    fourth swap: each refusal has its gvg.illegal.* key and the values it names."""
    state = new(3, [(0, "passage-ns")], extra={0: ["potion"]})
    cases: list[tuple[gvg.State, object, str, dict[str, object]]] = [
        (state, Place("passage-ns", 1, 0), "gvg.illegal.no-fit", {"card": "passage-ns", "x": 1, "y": 0}),
        (state, PlayPotion(5), "gvg.illegal.no-other-seat", {"high": 2}),
        (state, Swap("lantern-cross"), "gvg.illegal.not-held", {"card": "lantern-cross"}),
    ]
    swapped = state
    for _ in range(9):
        swapped = gvg.apply(swapped, Swap(swapped.hands[swapped.turn][0]))
    cases.append((swapped, Swap(swapped.hands[0][0]), "gvg.illegal.swap-limit", {"limit": 3}))
    for before, action, key, params in cases:
        with pytest.raises(IllegalActionError) as err:
            apply(before, action)
        assert err.value.key == key
        assert err.value.params == params


def test_a_state_with_many_problems_is_refused_in_a_short_message() -> None:
    """A seat said to know 30 cards another seat does not hold (found by the fuzz of hand-edited
    states: check_state joined one sentence per card, 1,500 characters) is refused in one line
    under 500 characters, each problem said once."""
    import attrs

    from gremlinrules import InvalidArgumentError

    state = gvg.new_game(3, 1)
    known = tuple((1, card) for card in state.deck[:30] if card not in state.hands[1])
    with pytest.raises(InvalidArgumentError) as info:
        gvg.check_state(attrs.evolve(state, known_cards=(known, (), ())))
    assert str(info.value) == "a seat knows of a card not in that hand"


@pytest.mark.clause("GVG-TURN-1", "GVG-END-4")
@pytest.mark.parametrize("query", [gvg.current_player, gvg.is_terminal, gvg.legal_actions, gvg.players,
                                   reference.current_player, reference.legal_actions])
def test_a_state_built_without_its_fields_is_refused_by_each_query_under_its_own_name(
        query: Callable[[gvg.State], object]) -> None:
    """A State made around its constructor (``State.__new__(State)``, no field set) is refused by
    whose turn it is, whether the match is over, the legal actions and the seat count (the
    package's functions and the reference rule book's) with InvalidArgumentError naming the query
    and the missing fields, never the AttributeError it trips over (issue 28)."""
    with pytest.raises(InvalidArgumentError) as info:
        query(object.__new__(gvg.State))
    assert str(info.value).startswith(f"{query.__name__}: the State was built without its fields (players, ")
