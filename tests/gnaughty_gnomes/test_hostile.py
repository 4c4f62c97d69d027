"""Hostile input to the public functions: only the library's errors, short messages (issue 13)."""

from __future__ import annotations

from typing import Any

import pytest

import gremlinrules
from gremlinrules import GremlinRulesError
from gremlinrules import SetupError
from gremlinrules.gnaughty_gnomes import ACTIONS
from gremlinrules.gnaughty_gnomes import CARDS
from gremlinrules.gnaughty_gnomes import Colour
from gremlinrules.gnaughty_gnomes import Options
from gremlinrules.gnaughty_gnomes import Place
from gremlinrules.gnaughty_gnomes import PlayX
from gremlinrules.gnaughty_gnomes import Setup
from gremlinrules.gnaughty_gnomes import all_actions
from gremlinrules.gnaughty_gnomes import apply
from gremlinrules.gnaughty_gnomes import decision_bound
from gremlinrules.gnaughty_gnomes import describe
from gremlinrules.gnaughty_gnomes import is_legal
from gremlinrules.gnaughty_gnomes import new_game

HUGE = 10**5000


@pytest.mark.clause("GG-ACT-1", "GG-X-1")
@pytest.mark.parametrize("action", [
    PlayX(suit=-1, rank=1, high=True),  # type: ignore[arg-type]
    PlayX(Colour.RED, HUGE, True), PlayX(Colour.RED, 9, True), Place(Colour.RED, HUGE),
    Place(Colour.WHITE, 3), Place(Colour.RED, -1), "play red 6", None,
])
def test_describe_refusal_and_apply_of_foreign_actions_never_raise_foreign_errors(action: Any) -> None:
    """describe of anything that is none of the game's 468 actions is one short line saying so;
    is_legal is False and apply raises IllegalActionError (never AttributeError or ValueError)."""
    state = new_game(4, 1)
    line = describe(state, action)
    assert "not a Gnaughty Gnomes action" in line
    assert len(line) < 120
    assert not is_legal(state, action)
    with pytest.raises(GremlinRulesError):
        apply(state, action)


@pytest.mark.clause("GG-ACT-1")
def test_describe_reads_every_action_of_the_game() -> None:
    """Every one of the 468 actions is described in words, none as 'not an action'."""
    state = new_game(4, 1)
    assert all("not a Gnaughty Gnomes action" not in describe(state, a) for a in ACTIONS)


def _deal() -> tuple[tuple[Any, ...], ...]:
    cards = list(CARDS)
    return tuple((*cards[i * 8:(i + 1) * 8], cards[32 + i]) for i in range(4))


@pytest.mark.clause("GG-SETUP-2", "GG-SETUP-3", "GG-SETUP-5", "GG-SETUP-6")
@pytest.mark.parametrize("fields", [
    {"hands": tuple([list(h)] for h in _deal())},
    {"hands": tuple(tuple([c] for c in h) for h in _deal())},
    {"hands": [list(h) for h in _deal()]},
    {"hands": (((1,) * 9),) * 4},
    {"layout": ([Colour.RED],) * 13}, {"layout": "red" * 13}, {"layout": (Colour.WHITE,) * 13},
    {"track": ([1],) * 4}, {"track": (Colour.RED, Colour.RED, {}, None)}, {"start": [0]},
    {"start": HUGE}, {"start": True},
])
def test_setups_with_wrongly_typed_contents_raise_setup_error(fields: dict[str, Any]) -> None:
    """A Setup whose parts hold values of the wrong type (lists for tuples, lists or numbers for
    cards and colours, a huge or boolean start) is refused with a short SetupError, never a
    TypeError; the well-typed deal is accepted."""
    new_game(4, 0, setup=Setup(hands=_deal()))
    with pytest.raises(SetupError) as refused:
        new_game(4, 0, setup=Setup(**fields))
    assert len(str(refused.value)) < 200


@pytest.mark.clause("GG-SETUP-6", "GG-END-3")
def test_options_built_without_init_or_edited_are_refused_everywhere() -> None:
    """An Options built without __init__ (no fields) or holding a reading it does not offer is
    refused with SetupError by new_game, decision_bound and all_actions, whatever the player
    count; Options.as_written() is the rules as written: the defaults, every game 64 decisions."""
    bare = object.__new__(Options)
    odd = object.__new__(Options)
    for field in ("loser_vertex", "no_space", "x_tiebreak", "setup_clump", "first_leader"):
        object.__setattr__(odd, field, getattr(Options(), field))
    object.__setattr__(odd, "past_tricks", HUGE)
    for options in (bare, odd, "shown", 3):
        with pytest.raises(SetupError):
            new_game(4, 0, options=options)  # type: ignore[arg-type]
        with pytest.raises(SetupError):
            decision_bound(2, options)
        with pytest.raises(SetupError):
            all_actions(4, options)
    assert Options.as_written() == Options()
    assert decision_bound(4, Options.as_written()) == 64
    game = gremlinrules.get_game("gnaughty-gnomes")
    assert game.from_json(game.to_json(Options(past_tricks="hidden")), game.Options) == Options(
        past_tricks="hidden")


@pytest.mark.clause("GG-ACT-1")
def test_every_public_function_refuses_objects_built_without_init_with_the_librarys_error() -> None:
    """A State or View built without __init__, an action whose fields are missing, a component
    file that is not text or is too long: each public function raises a short library error,
    never an AttributeError or TypeError (is_legal answers False for anything that is no action)."""
    from gremlinrules.gnaughty_gnomes import View
    from gremlinrules.gnaughty_gnomes import action_label
    from gremlinrules.gnaughty_gnomes import apply_with_events
    from gremlinrules.gnaughty_gnomes import current_player
    from gremlinrules.gnaughty_gnomes import dealt
    from gremlinrules.gnaughty_gnomes import is_terminal
    from gremlinrules.gnaughty_gnomes import legal_actions
    from gremlinrules.gnaughty_gnomes import load_components
    from gremlinrules.gnaughty_gnomes import observe
    from gremlinrules.gnaughty_gnomes import players
    from gremlinrules.gnaughty_gnomes import sample_hidden
    from gremlinrules.gnaughty_gnomes import scores
    from gremlinrules.gnaughty_gnomes import winners
    from gremlinrules.gnaughty_gnomes.rules import apply as reference_apply
    from gremlinrules.gnaughty_gnomes.rules import legal_actions as reference_legal

    state = new_game(4, 1)
    bare_state, bare_view = object.__new__(type(state)), object.__new__(View)
    bare_play = object.__new__(type(legal_actions(state)[0]))
    calls: list[Any] = [
        lambda: legal_actions(bare_state), lambda: apply(bare_state, legal_actions(state)[0]),
        lambda: is_legal(bare_state, legal_actions(state)[0]), lambda: is_terminal(bare_state),
        lambda: current_player(bare_state), lambda: players(bare_state), lambda: scores(bare_state),
        lambda: winners(bare_state), lambda: observe(bare_state, 0), lambda: describe(bare_state, 1),
        lambda: sample_hidden(bare_state, 0, 0), lambda: dealt(bare_state),
        lambda: apply_with_events(bare_state, legal_actions(state)[0]), lambda: reference_legal(bare_state),
        lambda: reference_apply(bare_state, legal_actions(state)[0]),
        lambda: action_label(bare_view, legal_actions(state)[0]), lambda: apply(state, bare_play),
        lambda: load_components(3),  # type: ignore[arg-type]
        lambda: load_components("x = " + "9" * 5000), lambda: load_components("#" * 200_000),
    ]
    for call in calls:
        with pytest.raises(GremlinRulesError) as refused:
            call()
        assert len(str(refused.value)) < 300
    assert is_legal(state, object.__new__(Options)) is False  # none of the game's actions
