"""What a seat sees and what sampling redraws (GI-VIEW-1 to GI-VIEW-4)."""

from __future__ import annotations

import pytest

from gremlinrules.gremlins_inc import Assign
from gremlinrules.gremlins_inc import ChoosePlayer
from gremlinrules.gremlins_inc import ChooseProject
from gremlinrules.gremlins_inc import Options
from gremlinrules.gremlins_inc import Play
from gremlinrules.gremlins_inc import Start
from gremlinrules.gremlins_inc import apply_with_events
from gremlinrules.gremlins_inc import observe
from gremlinrules.gremlins_inc import observe_event
from gremlinrules.gremlins_inc import sample_hidden
from tests.gremlins_inc.helpers import TEST_SET
from tests.gremlins_inc.helpers import P
from tests.gremlins_inc.helpers import play
from tests.gremlins_inc.helpers import table


@pytest.mark.clause("GI-VIEW-1")
def test_hands_and_deck_order_are_hidden_public_zones_are_shown() -> None:
    """A seat sees its own hand, only the sizes of the others and of the deck; scores, discards and
    permanents are public; the spectator sees no hand."""
    s = table(hands=[("coin", "spite"), ("rich",), ()], discard=["grab"], permanents=[(), ("bank",), ()],
              scores=[1, 2, 3])
    v = observe(s, 0)
    assert v.hand == ("coin", "spite")
    assert v.hand_sizes == (2, 1, 0)
    assert v.deck_size == len(s.deck)
    assert v.discard == ("grab",)
    assert v.permanents[1] == ("bank",)
    assert v.scores == (1, 2, 3)
    assert observe(s, None).hand is None
    assert not hasattr(v, "deck")
    assert not hasattr(v, "rng")


@pytest.mark.clause("GI-VIEW-2", "GI-VIEW-4")
def test_face_down_projects_and_resource_cards_are_their_owners_secret() -> None:
    """Seat 1 sees seat 0's face-down project as unknown and its resources by type only; seat 0
    sees its own; a face-up project is public; under reveal_resources every resource is shown."""
    rows = [(P("clock", "coin", "spite"), P("watch", up=True)), (), ()]
    s = table(projects=rows)
    mine, theirs = observe(s, 0).projects[0], observe(s, 1).projects[0]
    assert mine[0].card == "clock"
    assert mine[0].resource_cards == ("coin", "spite")
    assert theirs[0].card is None
    assert theirs[0].resources == ("gold", "malice")
    assert theirs[0].resource_cards is None
    assert theirs[1].card == "watch"
    open_table = table(projects=rows, options=Options(components=TEST_SET, reveal_resources=True))
    assert observe(open_table, 1).projects[0][0].resource_cards == ("coin", "spite")


@pytest.mark.clause("GI-VIEW-3")
def test_a_seat_remembers_a_project_it_saw_face_up_until_it_leaves() -> None:
    """After Expose then Veil, seat 2 still sees the card of seat 1's face-down clock; seat 1's view
    of a project it lost to a steal keeps the card too."""
    s = play(table(hands=[("expose", "veil"), (), ()], projects=[(P("watch"),), (P("clock"),), ()]),
             Play("expose"), Play("veil"), ChoosePlayer(1))
    assert not s.projects[1][0].face_up
    assert observe(s, 2).projects[1][0].card == "clock"
    fresh = table(projects=[(), (P("clock"),), ()])
    assert observe(fresh, 2).projects[1][0].card is None
    stolen = play(table(hands=[("heist",), (), ()], projects=[(), (P("clock", "coin"),), ()]), Play("heist"))
    assert stolen.projects[0][0].card == "clock"
    assert not stolen.projects[0][0].face_up
    assert observe(stolen, 1).projects[0][0].card == "clock"
    assert observe(stolen, 1).projects[0][0].resource_cards is None
    assert observe(stolen, 2).projects[0][0].card is None


@pytest.mark.clause("GI-VIEW-1", "GI-VIEW-4")
def test_sampling_redraws_only_what_the_seat_cannot_see() -> None:
    """sample_hidden keeps seat 0's view (hand, its projects, every type) while other hands and
    hidden cards change for some seed; resource slots keep their types."""
    rows = [(P("watch", "coin"),), (P("clock", "coin", "spite"),), (P("lab"),)]
    s = table(hands=[("rich",), ("coin", "gift", "grab"), ("purge", "alms")], projects=rows)
    changed = False
    for seed in range(20):
        t = sample_hidden(s, 0, seed)
        assert observe(t, 0) == observe(s, 0)
        changed |= t.hands != s.hands or t.projects != s.projects
    assert changed


@pytest.mark.clause("GI-VIEW-2", "GI-VIEW-4")
def test_events_hide_a_face_down_start_and_an_assignment_from_others() -> None:
    """The Acted event of a face-down Start or an Assign names the card to its player only."""
    s = table(hands=[("coin", "spite"), (), ()], projects=[(P("watch"),), (), ()])
    _, events = apply_with_events(s, Start("coin"))
    assert observe_event(events[0], 0).action == Start("coin")
    assert observe_event(events[0], 1).action is None
    _, events = apply_with_events(s, Assign("spite", 1))
    assert observe_event(events[0], 2).action is None
    assert observe_event(events[0], None).kind == "Assign"


@pytest.mark.clause("GI-VIEW-1", "GI-EFFECT-4")
def test_a_pending_frame_reads_in_the_notation_of_seats_and_project_numbers() -> None:
    """The pending frame of a view is typed (version 2): the target by its seat, its project and
    the destination by their index in the row (from 0, as the state's rows are indexed), the units
    left as they are, and what is not chosen yet (or is the default) left out: no negative
    placeholder."""
    from gremlinrules import get_game

    game = get_game("gremlins-inc")
    rows = [(P("watch"), P("clock")), (P("lab", "coin", "spite"),), ()]
    s = play(table(hands=[("shift",), (), ()], projects=rows), Play("shift"))
    pending = game.to_data(observe(s, 2))["pending"]
    assert pending == {"type": "ProjectChoice", "seat": 0, "effect": {
        "player": 0, "card": "shift", "stage": "dest", "seat": 1, "project": 0}}
    s = play(s, ChooseProject(0, 2))
    pending = game.to_data(observe(s, 1))["pending"]
    assert pending == {"type": "ResourceChoice", "seat": 0, "effect": {
        "player": 0, "card": "shift", "stage": "units", "seat": 1, "project": 0, "dest": 1, "left": 2}}
    assert game.from_data(game.to_data(s), game.State) == s
