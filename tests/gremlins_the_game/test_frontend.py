"""The frontend side: the notation, labels, events and their redaction (GTG-VIEW-1)."""

from __future__ import annotations

import pytest

from gremlinrules.core.errors import SerializationError
from gremlinrules.gremlins_the_game import (
    EventDrawn,
    GameEnded,
    GremlinDefeated,
    GremlinRevealed,
    Move,
    WeaponsDrawn,
    action_label,
    all_actions,
    apply,
    apply_with_events,
    legal_actions,
    observe,
    observe_event,
    parse_action,
)
from gremlinrules.gremlins_the_game.flow import EVENT_SPACES, WEAPON_SPACES
from tests.gremlins_the_game.helpers import edited, play, table
from tests.gremlins_the_game.test_fight import HANDS, STACK


@pytest.mark.clause("GTG-MOVE-1")
def test_every_action_has_a_notation_that_parses_back() -> None:
    """``str(action)`` parses back to the action for every action of the action space; text that
    is no action is refused."""
    for a in all_actions(4):
        assert parse_action(str(a)) == a
    assert parse_action("  Move   E6 ") == Move("e6")
    for bad in ("", "move", "defeat", "fly a1", "x" * 400):
        with pytest.raises(SerializationError):
            parse_action(bad)


@pytest.mark.clause("GTG-FIGHT-3", "GTG-VIEW-1")
def test_events_of_a_fight_and_a_draw_and_their_redaction() -> None:
    """The move onto g17 reveals it (public); the defeat scores it; a weapon draw shows the card
    to the drawer only; an event card drawn is public."""
    s = table(2, gremlins=STACK, hands=HANDS)
    s, events = apply_with_events(s, Move("e6"))
    assert GremlinRevealed("e6", "g17") in events
    s, events = apply_with_events(s, legal_actions(s)[0])
    assert GremlinDefeated(0, "g17", 2) in events
    s = edited(s, free_move=(False, True))
    s, events = apply_with_events(s, Move(WEAPON_SPACES[0]))
    drawn = next(e for e in events if type(e) is WeaponsDrawn)
    assert drawn.seat == 1
    assert drawn.count == 1
    assert drawn.cards is not None
    assert drawn.cards[0] in s.hands[1]
    assert observe_event(drawn, 1) == drawn
    assert observe_event(drawn, 0).cards is None
    assert observe_event(drawn, None).cards is None
    s = edited(s, free_move=(True, False))
    s, events = apply_with_events(s, Move(EVENT_SPACES[0]))
    assert EventDrawn(0, s.event_discard[-1]) in events


@pytest.mark.clause("GTG-END-2")
def test_labels_read_from_the_view_and_the_end_event() -> None:
    """Labels name the destination, the weapons or the choice; a one-turn game ends with a
    GameEnded event carrying the scores and winners."""
    from gremlinrules.gremlins_the_game import Options

    s = table(2, options=Options(turn_limit=1), gremlins=STACK, hands=HANDS)
    view = observe(s, 0)
    assert action_label(view, Move("e6")) == "Move to e6"
    s = apply(s, Move("e6"))
    labels = [action_label(observe(s, 0), a) for a in legal_actions(s)]
    assert labels[0] == "Defeat it with kitchen-knife + blender"
    assert labels[-1] == "Let it escape to the Movie Theater"
    _, events = apply_with_events(s, legal_actions(s)[0])
    assert events[-1] == GameEnded(events[-1].outcome, (2, 0), (0,), False)
    assert play(s, legal_actions(s)[0]).phase.value == "over"
