"""The card-effect interpreter: selectors, choices as frames, every op and passive
(GI-EFFECT-*, GI-OP-*, GI-PASSIVE-*, GI-TEAM-4, GI-SCORE-1)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gremlinrules import IllegalActionError
from gremlinrules.gremlins_inc import Assign
from gremlinrules.gremlins_inc import ChoosePlayer
from gremlinrules.gremlins_inc import ChooseProject
from gremlinrules.gremlins_inc import ChooseResource
from gremlinrules.gremlins_inc import ChooseSelf
from gremlinrules.gremlins_inc import Complete
from gremlinrules.gremlins_inc import Discard
from gremlinrules.gremlins_inc import Done
from gremlinrules.gremlins_inc import EndTurn
from gremlinrules.gremlins_inc import Options
from gremlinrules.gremlins_inc import Play
from gremlinrules.gremlins_inc import Start
from gremlinrules.gremlins_inc import apply
from gremlinrules.gremlins_inc import current_player
from gremlinrules.gremlins_inc import legal_actions
from gremlinrules.gremlins_inc import parse_components
from gremlinrules.gremlins_inc.flow import protected
from gremlinrules.gremlins_inc.frames import DiscardChoice
from gremlinrules.gremlins_inc.frames import PlayerChoice
from tests.gremlins_inc.helpers import CARDS
from tests.gremlins_inc.helpers import TEST_SET
from tests.gremlins_inc.helpers import P
from tests.gremlins_inc.helpers import _blueprint
from tests.gremlins_inc.helpers import play
from tests.gremlins_inc.helpers import table

TEAMS = Options(components=TEST_SET, teams="2v2")
"""Seats 0 and 2 against seats 1 and 3."""


@pytest.mark.clause("GI-EFFECT-1", "GI-EFFECT-3", "GI-OP-1")
def test_the_cards_player_picks_the_target_and_only_the_choices_are_legal() -> None:
    """Gift (2 score to any player) asks seat 0 for a player: itself or another; while asked,
    a turn action is refused with the frame's clause."""
    s = play(table(hands=[("gift", "coin"), (), ()]), Play("gift"))
    assert type(s.stack[-1]) is PlayerChoice
    assert current_player(s) == 0
    assert legal_actions(s) == (ChoosePlayer(1), ChoosePlayer(2), ChooseSelf())
    with pytest.raises(IllegalActionError) as info:
        apply(s, Start("coin"))
    assert info.value.clause == "GI-EFFECT-3"
    assert play(s, ChoosePlayer(2)).scores == (0, 0, 2)
    assert play(s, ChooseSelf()).scores == (2, 0, 0)


@pytest.mark.clause("GI-OP-1", "GI-SCORE-1")
def test_a_score_never_goes_below_zero() -> None:
    """Spite takes 2 from a seat holding 1: it ends at 0, never -1."""
    s = table(hands=[("spite",), (), ()], projects=[(P("rich", "purge"),), (), ()], scores=[0, 1, 5])
    s = play(s, Play("spite"), ChoosePlayer(1))
    assert s.scores == (0, 0, 5)


@pytest.mark.clause("GI-EFFECT-2", "GI-EFFECT-3")
def test_ties_for_the_highest_score_are_chosen_by_the_cards_player() -> None:
    """Top-tax (the opponent with the highest score loses 1): two opponents tie at 4, the card's
    player chooses; a clear leader is taken at once; among opponents excludes the player."""
    s = play(table(hands=[("top-tax",), (), (), ()], scores=[9, 4, 2, 4], players=4), Play("top-tax"))
    assert legal_actions(s) == (ChoosePlayer(1), ChoosePlayer(3))
    assert play(s, ChoosePlayer(3)).scores == (9, 4, 2, 3)
    s = play(table(hands=[("top-tax",), (), (), ()], scores=[9, 4, 5, 1], players=4), Play("top-tax"))
    assert s.scores == (9, 4, 4, 1)
    assert not s.stack


@pytest.mark.clause("GI-EFFECT-2")
def test_lowest_score_and_most_resources_selectors() -> None:
    """Alms gives 1 to the lowest score (you included); Raid steals 1 from the opponent owning the
    project with the most resources."""
    s = play(table(hands=[("alms",), (), ()], scores=[0, 3, 1]), Play("alms"))
    assert s.scores == (1, 3, 1)
    rows = [(P("watch", "coin", "coin", "coin"),), (P("rich", "coin"),), (P("gift", "coin", "coin"),)]
    s = play(table(hands=[("raid",), (), ()], projects=rows, scores=[0, 3, 3]), Play("raid"))
    assert s.scores == (1, 3, 2)


OTHER_HANDS = (("coin", "gift", "spite"), ("coin", "grab", "spite"), ("coin", "rich", "spite"),
               ("coin", "overtime", "spite"), ("coin", "pinch", "shift"))
"""The hands of the seats to the player's left, in order: three kinds each, so every seat has a
choice of what to discard."""


@pytest.mark.clause("GI-EFFECT-2")
@given(data=st.data())
def test_everyone_except_you_is_taken_clockwise_from_your_left(data: st.DataObject) -> None:
    """Property: at any table of 2 to 6 and whoever plays it, Purge (everyone except you discards
    two) asks the other seats in turn order starting at the player's left, seat after seat
    clockwise (me + 1, me + 2, ... mod n), each seat finishing its two discards before the next
    is asked, and the card's player last of all."""
    n = data.draw(st.integers(2, 6), label="players")
    me = data.draw(st.integers(0, n - 1), label="seat")
    hands = [("purge",) if k == me else OTHER_HANDS[(k - me) % n - 1] for k in range(n)]
    s = play(table(n, hands=hands, turn=me), Play("purge"))
    asked = []
    while s.stack and type(s.stack[-1]) is DiscardChoice:
        asked.append(current_player(s))
        s = play(s, legal_actions(s)[0])
    assert asked == [(me + k) % n for k in range(1, n) for _ in range(2)]
    assert all(len(s.hands[k]) == 1 for k in range(n) if k != me)


@pytest.mark.clause("GI-TEAM-4", "GI-OP-4")
def test_any_opponent_skips_teammates_and_everyone_except_you_includes_them() -> None:
    """In 2 vs 2, seat 0's Spite may hit seats 1 and 3 only; Purge makes seats 1, 2 and 3
    each discard two cards of their own choice (asked one card at a time)."""
    s = table(4, hands=[("spite",), (), (), ()], projects=[(P("rich", "purge"),), (), (), ()], options=TEAMS)
    assert legal_actions(play(s, Play("spite"))) == (ChoosePlayer(1), ChoosePlayer(3))
    hands = [("purge",), ("coin", "gift", "spite"), ("coin", "coin"), ("rich",)]
    s = play(table(4, hands=hands, options=TEAMS), Play("purge"))
    assert current_player(s) == 1
    assert type(s.stack[-1]) is DiscardChoice
    assert legal_actions(s) == (Discard("coin"), Discard("gift"), Discard("spite"))
    s = play(s, Discard("gift"), Discard("spite"))
    assert s.hands[1] == ("coin",)
    assert s.hands[2] == ()
    assert s.hands[3] == ()
    assert sorted(s.discard) == ["coin", "coin", "gift", "purge", "rich", "spite"]
    assert current_player(s) == 0


@pytest.mark.clause("GI-OP-2")
def test_draw_takes_cards_from_the_top() -> None:
    """Rich draws the top two cards for its player."""
    s = play(table(hands=[("rich",), (), ()], deck=["spite", "grab"]), Play("rich"))
    assert s.hands[0] == ("grab", "spite")


@pytest.mark.clause("GI-OP-3")
def test_steal_score_takes_up_to_the_amount_and_the_thief_gains_what_was_lost() -> None:
    """Grab steals 3 from a seat holding 2: it drops to 0 and the thief gains 2."""
    s = table(hands=[("grab",), (), ()], projects=[(P("rich", "coin", "purge"),), (), ()], scores=[1, 2, 0])
    s = play(s, Play("grab"), ChoosePlayer(1))
    assert s.scores == (3, 0, 0)


@pytest.mark.clause("GI-OP-5")
def test_assign_up_to_n_cards_and_stop_early() -> None:
    """Overtime assigns up to two hand cards, one at a time, and may stop after one."""
    s = table(hands=[("overtime", "coin", "spite"), (), ()], projects=[(P("watch"), P("rich")), (), ()])
    s = play(s, Play("overtime"))
    assert Done() in legal_actions(s)
    assert Assign("coin", 2) in legal_actions(s)
    s = play(s, Assign("spite", 2), Done())
    assert s.projects[0][1].resources == ("spite",)
    assert s.hands[0] == ("coin",)
    s = table(hands=[("overtime", "coin", "spite"), (), ()], projects=[(P("watch"),), (), ()])
    s = play(s, Play("overtime"), Assign("coin", 1), Assign("spite", 1))
    assert s.projects[0][0].resources == ("coin", "spite")
    assert not s.stack


@pytest.mark.clause("GI-OP-6", "GI-EFFECT-4", "GI-EFFECT-5", "GI-RES-2")
def test_move_resource_asks_project_destination_and_type() -> None:
    """Shift (move 2 of any type from any player's project to one of yours): the only player and
    project holding resources are taken at once; then your receiving project and the type of each
    resource taken are chosen."""
    rows = [(P("watch"), P("rich")), (P("clock", "coin", "spite", "gift"), P("lab")), ()]
    s = play(table(hands=[("shift",), (), ()], projects=rows), Play("shift"))
    assert legal_actions(s) == (ChooseProject(0, 1), ChooseProject(0, 2))
    s = play(s, ChooseProject(0, 2))
    assert legal_actions(s) == (ChooseResource("gold"), ChooseResource("malice"))
    s = play(s, ChooseResource("gold"))
    assert s.projects[1][0].resources == ("coin", "spite")
    assert s.projects[0][1].resources == ("gift",)
    s = play(s, ChooseResource("gold"))
    assert s.projects[1][0].resources == ("spite",)
    assert s.projects[0][1].resources == ("gift", "coin")
    assert not s.stack


@pytest.mark.clause("GI-OP-6")
def test_juggle_moves_to_another_project_of_the_same_owner_and_pinch_steals_gold() -> None:
    """Juggle moves within the opponent's own row; Pinch steals up to 2 gold to your project."""
    rows = [(), (P("clock", "coin"), P("lab")), ()]
    s = play(table(hands=[("juggle",), (), ()], projects=rows), Play("juggle"))
    assert s.projects[1][0].resources == ()
    assert s.projects[1][1].resources == ("coin",)
    rows = [(P("watch"),), (P("clock", "coin", "spite"),), ()]
    s = play(table(hands=[("pinch",), (), ()], projects=rows), Play("pinch"))
    assert s.projects[0][0].resources == ("coin",)
    assert s.projects[1][0].resources == ("spite",)


@pytest.mark.clause("GI-OP-7", "GI-VIEW-3")
def test_steal_project_takes_it_with_its_resources_if_there_is_room() -> None:
    """Heist moves the project and its resources to the thief's row (face down as it lay); the
    victim remembers what it was; with three projects the thief has no target."""
    rows = [(P("watch"),), (P("clock", "coin", "grab"),), ()]
    s = play(table(hands=[("heist",), (), ()], projects=rows), Play("heist"))
    assert [(p.card, p.resources, p.face_up) for p in s.projects[0]] == [
        ("watch", (), False), ("clock", ("coin", "grab"), False)]
    assert s.projects[1] == ()
    assert s.seen[1] == (s.projects[0][1].uid,)
    full = [(P("watch"), P("rich"), P("gift")), (P("clock", "coin"),), ()]
    s = play(table(hands=[("heist",), (), ()], projects=full), Play("heist"))
    assert [p.card for p in s.projects[1]] == ["clock"]
    assert "heist" in s.discard


@pytest.mark.clause("GI-OP-8", "GI-OP-6")
def test_discard_resource_and_discard_project() -> None:
    """Scrap discards one resource of a chosen opponent project; Wreck discards a revealed project
    with its resources (a hidden one is no target)."""
    rows = [(), (P("clock", "coin", "spite"),), ()]
    s = play(table(hands=[("scrap",), (), ()], projects=rows), Play("scrap"), ChooseResource("malice"))
    assert s.projects[1][0].resources == ("coin",)
    assert "spite" in s.discard
    rows = [(), (P("clock", "coin", up=True), P("lab", "coin")), ()]
    s = play(table(hands=[("wreck",), (), ()], projects=rows), Play("wreck"))
    assert [p.card for p in s.projects[1]] == ["lab"]
    assert {"clock", "coin"} <= set(s.discard)


@pytest.mark.clause("GI-OP-9", "GI-VIEW-3")
def test_hide_and_reveal_and_what_everyone_remembers() -> None:
    """Expose reveals an opponent's hidden project; Veil hides it again, and every seat remembers
    it; hiding a hidden project leaves it hidden."""
    rows = [(P("watch"),), (P("clock"),), ()]
    s = play(table(hands=[("expose", "veil"), (), ()], projects=rows), Play("expose"))
    assert s.projects[1][0].face_up
    s = play(s, Play("veil"), ChoosePlayer(1))
    clock = s.projects[1][0]
    assert not clock.face_up
    assert clock.uid in s.seen[0]
    assert clock.uid in s.seen[2]
    s = table(hands=[("veil",), (), ()], projects=[(P("watch"),), (), ()])
    s = play(s, Play("veil"))
    assert not s.projects[0][0].face_up


@pytest.mark.clause("GI-EFFECT-6")
def test_a_step_with_no_possible_target_does_nothing() -> None:
    """Heist with no opponent project, Scrap with no resources anywhere: the card is discarded and
    nothing else happens; a single possible target is taken without asking."""
    s = play(table(hands=[("heist", "scrap"), (), ()]), Play("heist"), Play("scrap"))
    assert {"heist", "scrap"} <= set(s.discard)
    assert not any(s.projects)


@pytest.mark.clause("GI-PASSIVE-2")
def test_an_any_resource_cut_falls_where_the_payer_is_short() -> None:
    """The forge cuts one resource of any type from completion costs: the clock (2 gold, 1 malice)
    completes with 2 gold alone, and with 1 gold and 1 malice."""
    for res in (("coin", "coin"), ("coin", "spite")):
        s = table(projects=[(P("clock", *res),), (), ()], permanents=[("forge",), (), ()])
        assert Complete(1) in legal_actions(s)
        assert play(s, Complete(1)).scores[0] == 3
    s = table(projects=[(P("clock", "coin"),), (), ()], permanents=[("forge",), (), ()])
    assert Complete(1) not in legal_actions(s)


COUPON = Options(components=parse_components({"name": "coupon-tests", "version": "1", "card": [
    *CARDS, _blueprint("coupon", "gold", 2, {"gold": 1}, kind="permanent", passive=(
        {"effect": "cost", "kind": "action", "resource": "any", "change": -1},))]}))
"""The test set and a permanent cutting one resource of any type from action cards' costs."""


@pytest.mark.clause("GI-PASSIVE-2")
def test_an_any_resource_cut_of_an_action_cost_falls_where_the_payer_is_short() -> None:
    """With the coupon active, Grab (a gold and a malice) costs its player holding only gold just
    the gold: the cut falls on the malice they lack; holding only malice, just the malice."""
    for held, paid in (("coin", "coin"), ("spite", "spite")):
        s = table(hands=[("grab",), (), ()], projects=[(P("watch", held),), (), ()],
                  permanents=[("coupon",), (), ()], scores=[0, 3, 0], options=COUPON)
        assert Play("grab") in legal_actions(s)
        s = play(s, Play("grab"))
        assert s.projects[0][0].resources == ()
        assert paid in s.discard


@pytest.mark.clause("GI-PASSIVE-3")
def test_protection_stops_opponents_cards_only() -> None:
    """A shield against steal_project keeps an opponent's Heist off; a teammate's still works."""
    rows = [(), (P("clock"),), (), ()]
    shielded = [(), ("shield",), (), ()]
    s = play(table(4, hands=[("heist",), (), (), ()], projects=rows, permanents=shielded, options=TEAMS),
             Play("heist"))
    assert [p.card for p in s.projects[1]] == ["clock"]
    s = table(4, permanents=shielded, options=TEAMS)
    assert protected(s, 1, "steal_project", 0)
    assert protected(s, 1, "steal_project", 2)
    assert not protected(s, 1, "steal_project", 3)
    assert not protected(s, 1, "discard_project", 0)


@pytest.mark.clause("GI-PASSIVE-4")
def test_an_extra_action_from_the_next_action_on() -> None:
    """A workshop completed as the first action gives a third action this very turn."""
    s = table(hands=[("coin", "rich", "gift"), (), ()], projects=[(P("workshop", "lab"),), (), ()])
    s = play(s, Complete(1), Start("coin"))
    assert s.turn == 0
    assert s.actions_used == 2
    s = play(s, Start("rich"))
    assert s.turn == 1


@pytest.mark.clause("GI-PASSIVE-5")
def test_a_bonus_adds_to_every_later_completion() -> None:
    """With a trophy active, a watch (2) scores 3; the trophy's own completion earns no bonus."""
    s = table(projects=[(P("trophy", "coin"), P("watch", "coin", "coin")), (), ()])
    s = play(s, Complete(1))
    assert s.scores[0] == 2
    s = play(s, Complete(1))
    assert s.scores[0] == 2 + 3


@pytest.mark.clause("GI-DONE-4")
def test_a_completed_projects_effect_cannot_touch_itself() -> None:
    """The engine's effect discards an opponent project; the completed engine is already gone."""
    rows = [(P("engine", "coin", "lab", "shield"),), (P("rich"),), ()]
    s = table(projects=rows)
    s = play(s, Complete(1))
    assert s.projects == ((), (), ())
    assert s.scores[0] == 5
    assert s.turn == 0
    s = play(s, EndTurn())
    assert s.turn == 1
