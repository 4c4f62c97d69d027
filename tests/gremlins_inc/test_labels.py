"""The labels a player reads and the lines of a transcript (GI-CARD-1, GI-EFFECT-3, GI-EFFECT-5)."""

from __future__ import annotations

import pytest

from gremlinrules.gremlins_inc import ChoosePlayer
from gremlinrules.gremlins_inc import ChooseProject
from gremlinrules.gremlins_inc import ChooseResource
from gremlinrules.gremlins_inc import Play
from gremlinrules.gremlins_inc import action_label
from gremlinrules.gremlins_inc import describe
from gremlinrules.gremlins_inc import legal_actions
from gremlinrules.gremlins_inc import observe
from gremlinrules.gremlins_inc.frames import Payment
from tests.gremlins_inc.helpers import P
from tests.gremlins_inc.helpers import play
from tests.gremlins_inc.helpers import table


@pytest.mark.clause("GI-EFFECT-5")
def test_a_resource_choice_reads_as_the_resource_type() -> None:
    """Choosing the type of a resource taken reads "Take a gold resource", the type as a word."""
    s = play(table(hands=[("shift",), (), ()], projects=[(P("watch"),), (P("lab", "coin", "spite"),), ()]),
             Play("shift"))
    assert legal_actions(s) == (ChooseResource("gold"), ChooseResource("malice"))
    labels = [str(action_label(observe(s, 0), a)) for a in legal_actions(s)]
    assert labels == ["Take a gold resource", "Take a malice resource"]


@pytest.mark.clause("GI-EFFECT-3")
def test_a_chosen_player_is_named_by_seat_in_labels_and_transcripts() -> None:
    """In a four-seat game, seat 2 choosing the player one seat after it reads "Choose seat 3" and
    the transcript says "Seat 2 chooses seat 3"; three seats after it is seat 1."""
    s = play(table(4, hands=[(), (), ("gift",), ()], turn=2, first_player=2), Play("gift"))
    assert ChoosePlayer(1) in legal_actions(s)
    view = observe(s, 2)
    assert str(action_label(view, ChoosePlayer(1))) == "Choose seat 3"
    assert describe(s, ChoosePlayer(1)) == "Seat 2 chooses seat 3"
    assert describe(s, ChoosePlayer(3)) == "Seat 2 chooses seat 1"


@pytest.mark.clause("GI-CARD-1", "GI-VIEW-2")
def test_a_project_choice_names_a_face_down_card_only_for_whom_it_is_known() -> None:
    """A project of another seat reads by its number and, face down, as "a face-down card"."""
    s = play(table(hands=[("heist",), (), ()], projects=[(), (P("clock"), P("watch", up=True)), ()]),
             Play("heist"))
    labels = [str(action_label(observe(s, 0), a)) for a in legal_actions(s)]
    assert labels == ["Choose seat 1's project 1 (a face-down card)", "Choose seat 1's project 2 (Watch)"]
    assert legal_actions(s) == (ChooseProject(1, 1), ChooseProject(1, 2))


@pytest.mark.clause("GI-CARD-1", "GI-PROJ-5")
def test_the_notation_examples_name_real_cards_and_projects() -> None:
    """Every example of the docs' notation table and of the parse error parses, writes back the
    same, and is in the reference action space (cards of the deck, projects from 1)."""
    import re
    from pathlib import Path

    from gremlinrules import SerializationError
    from gremlinrules.gremlins_inc import all_actions
    from gremlinrules.gremlins_inc import parse_action

    page = (Path(__file__).parents[2] / "docs" / "games" / "gremlins-inc.rst").read_text(encoding="utf-8")
    table_ = page.split("Notation\n--------", 1)[1].split("A card in the notation", 1)[0]
    examples = [t for row in table_.splitlines() if row.startswith("``")
                for t in re.findall(r"``([^`]+)``", row)[1:]]
    with pytest.raises(SerializationError) as caught:
        parse_action("nonsense")
    examples += re.findall(r'"([a-z][^"]*)"', str(caught.value).split("(e.g.", 1)[1])
    assert len(examples) >= 16
    space = set(all_actions(3))
    for text in examples:
        action = parse_action(text)
        assert str(action) == text
        assert action in space, text


@pytest.mark.clause("GI-PLAY-2", "GI-EFFECT-4")
def test_paying_and_choosing_where_resources_go_read_as_what_they_do() -> None:
    """A payment's choice reads "Pay malice from project 1 (...)"; the destination of moved
    resources reads "Move the resources to seat 0's project 2 (...)"."""
    rows = [(P("watch", "spite"), P("clock", "spite")), (), ()]
    s = play(table(hands=[("spite",), (), ()], projects=rows, scores=[0, 3, 3]), Play("spite"))
    assert type(s.stack[-1]) is Payment
    labels = [str(action_label(observe(s, 0), a)) for a in legal_actions(s)]
    assert labels == ["Pay malice from project 1 (Watch)", "Pay malice from project 2 (Clock)"]
    rows = [(P("watch"), P("clock")), (P("lab", "coin"),), ()]
    s = play(table(hands=[("shift",), (), ()], projects=rows), Play("shift"))
    labels = [str(action_label(observe(s, 0), a)) for a in legal_actions(s)]
    assert labels == ["Move the resources to seat 0's project 1 (Watch)",
                      "Move the resources to seat 0's project 2 (Clock)"]
