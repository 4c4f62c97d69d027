"""The frontend side: the notation, labels, events and their redaction (GTG-VIEW-1)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

import gremlinrules
from gremlinrules.core.errors import SerializationError
from gremlinrules.gremlins_the_game import Choose
from gremlinrules.gremlins_the_game import Defeat
from gremlinrules.gremlins_the_game import Discard
from gremlinrules.gremlins_the_game import EventDrawn
from gremlinrules.gremlins_the_game import GameEnded
from gremlinrules.gremlins_the_game import GremlinDefeated
from gremlinrules.gremlins_the_game import GremlinRevealed
from gremlinrules.gremlins_the_game import LetEscape
from gremlinrules.gremlins_the_game import Move
from gremlinrules.gremlins_the_game import Options
from gremlinrules.gremlins_the_game import Placed
from gremlinrules.gremlins_the_game import WeaponsDrawn
from gremlinrules.gremlins_the_game import action_label
from gremlinrules.gremlins_the_game import all_actions
from gremlinrules.gremlins_the_game import apply
from gremlinrules.gremlins_the_game import apply_with_events
from gremlinrules.gremlins_the_game import current_player
from gremlinrules.gremlins_the_game import describe
from gremlinrules.gremlins_the_game import is_terminal
from gremlinrules.gremlins_the_game import legal_actions
from gremlinrules.gremlins_the_game import observe
from gremlinrules.gremlins_the_game import observe_event
from gremlinrules.gremlins_the_game import parse_action
from gremlinrules.gremlins_the_game.components import REFERENCE
from gremlinrules.gremlins_the_game.components import tables
from gremlinrules.gremlins_the_game.flow import EVENT_SPACES
from gremlinrules.gremlins_the_game.flow import INDEX
from gremlinrules.gremlins_the_game.flow import WEAPON_SPACES
from gremlinrules.gremlins_the_game.flow import replace
from gremlinrules.gremlins_the_game.frames import EventDiscard
from gremlinrules.gremlins_the_game.frames import Fight
from gremlinrules.gremlins_the_game.frames import GangToTheater
from gremlinrules.gremlins_the_game.frames import HandLimit
from gremlinrules.gremlins_the_game.frames import MoveGremlin
from gremlinrules.gremlins_the_game.frames import Next
from gremlinrules.gremlins_the_game.frames import PickGremlin
from gremlinrules.gremlins_the_game.frames import PlaceGremlin
from tests.gremlins_the_game.helpers import THEATER_SPACES
from tests.gremlins_the_game.helpers import edited
from tests.gremlins_the_game.helpers import play
from tests.gremlins_the_game.helpers import random_states
from tests.gremlins_the_game.helpers import scaled
from tests.gremlins_the_game.helpers import table
from tests.gremlins_the_game.test_fight import HANDS
from tests.gremlins_the_game.test_fight import STACK

G17 = "red-circle+red-triangle-2pt"
"""gremlin-17's design name (GTG-VIEW-2): views, events and labels name a gremlin so."""
G30 = "red-triangle+blue-circle+green-triangle-3pt"
"""gremlin-30's design name."""

END = (Next.END,)


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


@pytest.mark.clause("GTG-FIGHT-3", "GTG-VIEW-1", "GTG-VIEW-2")
def test_events_of_a_fight_and_a_draw_and_their_redaction() -> None:
    """The move onto gremlin-17 reveals it (public, named by its design, GTG-VIEW-2); the defeat
    scores it; a weapon draw shows the card to the drawer only; an event card drawn is public."""
    s = table(2, gremlins=STACK, hands=HANDS)
    s, events = apply_with_events(s, Move("e6"))
    assert GremlinRevealed("e6", G17) in events
    s, events = apply_with_events(s, legal_actions(s)[0])
    assert GremlinDefeated(0, G17, 2) in events
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
    assert action_label(view, Move("e6")) == "Move to e6 (face-down gremlin)"
    assert action_label(view, Move(EVENT_SPACES[0])) == f"Move to {EVENT_SPACES[0]} (event token)"
    assert action_label(view, Move(WEAPON_SPACES[0])) == f"Move to {WEAPON_SPACES[0]} (weapon token)"
    assert action_label(view, Move("j10")) == "Move to j10 (Town Square)"
    assert action_label(view, Move("f6")) == "Move to f6"
    s = apply(s, Move("e6"))
    labels = [action_label(observe(s, 0), a) for a in legal_actions(s)]
    assert labels[0] == f"Defeat {G17} with kitchen-knife + blender"
    assert labels[-1] == f"Let {G17} escape to the Movie Theater (you go back to Start)"
    _, events = apply_with_events(s, legal_actions(s)[0])
    assert events[-1] == GameEnded(events[-1].outcome, (2, 0), (0,), False)
    assert play(s, legal_actions(s)[0]).phase.value == "over"


@pytest.mark.clause("GTG-MOVE-5", "GTG-THEATER-2", "GTG-VIEW-2")
def test_a_move_onto_a_face_up_gremlin_names_it_apart_from_the_spaces() -> None:
    """A move onto a face-up gremlin in the theater names the token by its design (GTG-VIEW-2),
    after the word "gremlin" so it cannot be read as a space; Stripe is called "gremlin stripe"."""
    s = table(2, gremlins=STACK, hands=HANDS, first_round_done=True)
    one, two = THEATER_SPACES[0], THEATER_SPACES[1]
    placed = (Placed(one, "gremlin-30", True), Placed(two, "stripe", True))
    board = tuple(sorted((*s.board, *placed), key=lambda p: INDEX[p.space]))
    pool = tuple(g for g in s.pool if g not in ("gremlin-30", "stripe"))
    view = observe(edited(s, board=board, pool=pool), 0)
    assert action_label(view, Move(one)) == f"Move to {one} (gremlin {G30})"
    assert action_label(view, Move(two)) == f"Move to {two} (gremlin stripe)"


@pytest.mark.clause("GTG-FIGHT-2", "GTG-THEATER-1", "GTG-EVENT-2", "GTG-VIEW-1")
def test_the_transcript_line_names_the_gremlin_and_what_a_choice_does() -> None:
    """describe (the demo's transcript) names the gremlin fought or let go by its design
    (GTG-VIEW-2), and tells a Choose by what it does, naming only face-up gremlins."""
    s = apply(table(2, gremlins=STACK, hands=HANDS), Move("e6"))
    defeat = Defeat(("kitchen-knife", "blender"))
    assert describe(s, defeat) == f"Seat 0 defeats {G17} with kitchen-knife + blender"
    assert describe(s, LetEscape()) == f"Seat 0 lets {G17} escape to the Movie Theater"
    s = apply(s, LetEscape())
    space = THEATER_SPACES[0]
    assert describe(s, Choose(space)) == f"Seat 0 puts {G17} face up on {space} in the Movie Theater"
    s = table(2, gremlins=STACK, hands=HANDS)
    placing = replace(s, stack=(PlaceGremlin(0, "dont-get-them-wet", END),))
    assert describe(placing, Choose("e6")) == "Seat 0 puts a new gremlin from the pool face down on e6"
    moving = replace(s, stack=(MoveGremlin(0, "snowstorm", "n2", END),))
    assert describe(moving, Choose("e6")) == "Seat 0 moves the face-down gremlin from n2 to e6"
    assert describe(s, Choose("e6")) == "Seat 0 chooses e6"


@pytest.mark.clause("GTG-THEATER-1", "GTG-EVENT-2", "GTG-WEAPON-2", "GTG-VIEW-1")
def test_a_choice_is_labelled_by_what_it_does_and_never_names_a_face_down_gremlin() -> None:
    """The labels say what a pending choice does: where the escaping gremlin goes (named, it is
    face up), where a new gremlin from the pool goes (unnamed: the pool is hidden), which
    face-down gremlin an event moves and where, and why a card is discarded."""
    s = apply(table(2, gremlins=STACK, hands=HANDS), Move("e6"))
    s = apply(s, LetEscape())
    label = action_label(observe(s, 0), legal_actions(s)[0])
    assert label == f"Put {G17} face up on {THEATER_SPACES[0]} in the Movie Theater"
    assert label.key == "gtg.action.theater"
    # the other frames, drawn by hand on the table before the move (only the view matters here)
    s = table(2, gremlins=STACK, hands=HANDS)
    view = observe(replace(s, stack=(GangToTheater(0),)), 0)
    assert action_label(view, Choose("j18")) == ("Put a new gremlin from the pool face up on j18 in the "
                                                 "Movie Theater")
    view = observe(replace(s, stack=(PlaceGremlin(0, "dont-get-them-wet", END),)), 0)
    assert action_label(view, Choose("e6")) == "Put a new gremlin from the pool face down on e6"
    view = observe(replace(s, stack=(PickGremlin(0, "snowstorm", END),)), 0)
    assert action_label(view, Choose("n2")) == "Move the face-down gremlin on n2"
    view = observe(replace(s, stack=(MoveGremlin(0, "snowstorm", "n2", END),)), 0)
    assert action_label(view, Choose("e6")) == "Move the face-down gremlin from n2 to e6"
    view = observe(replace(s, stack=(HandLimit(0, (Next.DRAW, Next.END)),)), 0)
    assert action_label(view, Discard("blender")).key == "gtg.action.discard-to-draw"
    view = observe(replace(s, stack=(EventDiscard(0, "gremlin-sabotage", END),)), 0)
    assert action_label(view, Discard("blender")) == "Discard blender (gremlin-sabotage)"


@pytest.mark.clause("GTG-VIEW-1")
@settings(max_examples=scaled(4), deadline=None)
@given(seed=st.integers(0, 2**32))
def test_no_label_names_a_gremlin_the_seat_cannot_see(seed: int) -> None:
    """Property: along a random game, every label that names a gremlin names one the deciding
    seat's view shows face up (the fight's, or the escaping one)."""
    for s in random_states(seed, 3, options=Options(turn_limit=120)):
        if is_terminal(s):
            continue
        view = observe(s, current_player(s))
        face_up = {g.gremlin for g in view.board if g.face_up}
        for a in legal_actions(s):
            named = action_label(view, a).params.get("gremlin")
            assert named is None or named in face_up


@pytest.mark.clause("GTG-EVENT-2", "GTG-VIEW-1")
def test_a_gremlin_an_event_moves_is_reported_moved_not_replenished() -> None:
    """Gremlin Vengeance: the moved face-down gremlin is a GremlinMoved from its space to the new
    one (no gremlin named), not a new token; Fed After Midnight's gremlin from the pool is."""
    from gremlinrules.gremlins_the_game import GremlinMoved
    from gremlinrules.gremlins_the_game import GremlinPlaced
    from gremlinrules.gremlins_the_game import TokensReplenished
    from gremlinrules.gremlins_the_game.flow import GREMLIN_SPACES

    s = table(2, event_deck=("gremlin-vengeance", "fed-after-midnight"))
    gone = GREMLIN_SPACES[0]
    s = edited(s, board=tuple(p for p in s.board if p.space != gone),
               pool=(*(p.gremlin for p in s.board if p.space == gone), *s.pool), free_move=(True, False))
    s = apply(s, Move(EVENT_SPACES[0]))
    s = apply(s, Choose(GREMLIN_SPACES[3]))
    s, events = apply_with_events(s, Choose(gone))
    assert GremlinMoved(GREMLIN_SPACES[3], gone) in events
    assert not any(type(e) in (GremlinPlaced, TokensReplenished) for e in events)
    s = edited(s, free_move=(False, True))
    s = apply(s, Move(EVENT_SPACES[1]))
    assert type(s.stack[-1]) is PlaceGremlin
    s, events = apply_with_events(s, Choose(GREMLIN_SPACES[3]))
    assert GremlinPlaced(GREMLIN_SPACES[3], None, False) in events
    assert TokensReplenished(0, 0, 1) in events


@pytest.mark.clause("GTG-MOVE-1")
def test_a_label_of_a_view_made_by_hand_never_raises() -> None:
    """action_label reads only what a view shows: a hand-made view with missing or odd fields
    still gets a label (it was a TypeError for positions None)."""
    import attrs

    view = observe(table(2), 0)
    odd = (attrs.evolve(view, positions=None), attrs.evolve(view, board=(1, 2)),  # type: ignore[arg-type]
           attrs.evolve(view, current_player="0"), attrs.evolve(view, event_tokens=None))  # type: ignore[arg-type]
    for v in odd:
        for a in (Move("e6"), Move("j10"), Choose("e6"), LetEscape(), Discard("sword")):
            assert str(action_label(v, a))


@pytest.mark.clause("GTG-VIEW-2")
@settings(max_examples=scaled(5), deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 4))
def test_views_and_events_name_a_gremlin_by_its_design_never_by_its_id(seed: int, players: int) -> None:
    """Along random games, every gremlin a view shows (on the board, in the crowd, defeated, in a
    fight's frame) and every gremlin an event names is a design name of the table, and no view's
    or event's JSON holds a token id."""
    game = gremlinrules.get_game("gremlins-the-game")
    t = tables(REFERENCE)
    ids = [g for g in t.gremlin if g != t.stripe]
    for s in random_states(seed, players, limit=80)[::4]:
        for seat in (*range(players), None):
            view = observe(s, seat)
            named = [g.gremlin for g in view.board if g.face_up] + [*view.crowd]
            named += [g for row in view.defeated for g in row]
            if type(view.pending) is Fight:
                named.append(view.pending.gremlin)
            assert all(n in t.design_ids for n in named), named
            text = game.to_json(view)
            assert not any(f'"{g}"' in text for g in ids)
        action = legal_actions(s)[0]
        _, events = apply_with_events(s, action)
        text = " ".join(game.to_json(e) for e in events)
        assert not any(f'"{g}"' in text for g in ids)
