"""The frontend contract for Goblins vs Gnomes: readable views and JSON, the spectator, events,
labels and the action notation."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

import gremlinrules
from gremlinrules import goblins_vs_gnomes as gvg
from gremlinrules.core.errors import SerializationError
from gremlinrules.core.records import load_record
from gremlinrules.goblins_vs_gnomes import CardDrawn
from gremlinrules.goblins_vs_gnomes import CardExploded
from gremlinrules.goblins_vs_gnomes import CardLaid
from gremlinrules.goblins_vs_gnomes import CardSwapped
from gremlinrules.goblins_vs_gnomes import Dealt
from gremlinrules.goblins_vs_gnomes import FieldCard
from gremlinrules.goblins_vs_gnomes import GameEnded
from gremlinrules.goblins_vs_gnomes import MapPlayed
from gremlinrules.goblins_vs_gnomes import NameSkip
from gremlinrules.goblins_vs_gnomes import OpenTarget
from gremlinrules.goblins_vs_gnomes import Pass
from gremlinrules.goblins_vs_gnomes import Passed
from gremlinrules.goblins_vs_gnomes import Place
from gremlinrules.goblins_vs_gnomes import PlayExplosion
from gremlinrules.goblins_vs_gnomes import PlayMap
from gremlinrules.goblins_vs_gnomes import PlayPotion
from gremlinrules.goblins_vs_gnomes import RolesSwapped
from gremlinrules.goblins_vs_gnomes import RoundEnded
from gremlinrules.goblins_vs_gnomes import RoundScored
from gremlinrules.goblins_vs_gnomes import SkipNamed
from gremlinrules.goblins_vs_gnomes import Slot
from gremlinrules.goblins_vs_gnomes import Steal
from gremlinrules.goblins_vs_gnomes import Swap
from gremlinrules.goblins_vs_gnomes import TargetOpened
from gremlinrules.goblins_vs_gnomes import TurnSkipped
from gremlinrules.goblins_vs_gnomes import action_label
from gremlinrules.goblins_vs_gnomes import apply_with_events
from gremlinrules.goblins_vs_gnomes import observe
from gremlinrules.goblins_vs_gnomes import observe_event
from gremlinrules.goblins_vs_gnomes import parse_action
from tests.goblins_vs_gnomes.strategies import new
from tests.goblins_vs_gnomes.strategies import player_counts
from tests.goblins_vs_gnomes.strategies import seeds
from tests.goblins_vs_gnomes.strategies import with_field
from tests.goblins_vs_gnomes.strategies import with_hand
from tests.goblins_vs_gnomes.test_turn import WALL

GAME = gremlinrules.get_game("goblins-vs-gnomes")
SCENARIOS = Path(__file__).resolve().parents[2] / "spec" / "goblins-vs-gnomes" / "scenarios"


def _negatives(data: Any) -> list[Any]:
    if isinstance(data, bool):
        return []
    if isinstance(data, int):
        return [data] if data < 0 else []
    if isinstance(data, dict):
        return [x for v in data.values() for x in _negatives(v)]
    if isinstance(data, list):
        return [x for v in data for x in _negatives(v)]
    return []


def _scenario(name: str) -> tuple[gvg.State, list[Any]]:
    record = load_record(json.loads((SCENARIOS / name).read_text(encoding="utf-8"))["record"])
    state = gvg.new_game(record.players, record.seed, options=record.options, setup=record.setup)
    actions = list(record.actions)
    return state, actions


# ---- the readable view and state JSON ---------------------------------------------------------

@pytest.mark.clause("GVG-VIEW-1", "GVG-FIELD-1")
def test_the_state_json_names_cells_targets_and_nobody_readably() -> None:
    """A tile's cell is the text "x,y" (no negative number), targets are named by slot with their
    identity and whether face up, and "nobody" is None (deck_owner, first_out, opener); the JSON
    reads back to the same state."""
    state = with_field(new(3), [(1, 0, "passage-ew", False), (0, -1, "passage-ns", False)])
    state = gvg.apply(state, Swap(state.hands[0][0]))
    data = GAME.to_data(state)
    assert {"cell": "0,-1", "card": "passage-ns", "rotated": False} in data["field"]
    assert data["targets"] == {"top": {"card": "dragon", "opened": False},
                               "middle": {"card": "gold", "opened": False},
                               "bottom": {"card": "dynamite", "opened": False}}
    assert "opened" not in data
    assert data["deck_owner"][:-1] == [None] * (len(state.deck) - 1)
    assert data["deck_owner"][-1] == 0
    assert data["first_out"] is None
    assert data["opener"] is None
    assert data["last_result"] is None
    assert not _negatives({k: v for k, v in data.items() if k != "options"})
    assert GAME.from_data(data, gvg.State) == state


@pytest.mark.clause("GVG-TARGET-3")
def test_an_open_target_frame_names_the_reached_slots() -> None:
    """The TargetChoice frame lists the reached targets by slot name in the state's JSON and in
    the view's pending decision; the JSON reads back to the same state."""
    state, actions = _scenario("03-dynamite-then-gold.json")
    for action in actions[:-1]:
        state = gvg.apply(state, action)
    assert type(state.stack[-1]) is gvg.TargetChoice
    assert GAME.to_data(state)["stack"][0] == {"type": "TargetChoice", "seat": 0, "after_dynamite": False,
                                              "among": ["middle", "bottom"]}
    view = observe(state, 1)
    assert view.pending is not None
    assert view.pending == state.stack[-1]
    assert GAME.to_data(view)["pending"]["among"] == ["middle", "bottom"]
    assert GAME.from_json(GAME.to_json(state), gvg.State) == state


@pytest.mark.clause("GVG-VIEW-1", "GVG-VIEW-3", "GVG-VIEW-4")
def test_the_spectator_sees_no_hand_role_peek_or_card_under_the_deck() -> None:
    """The spectator's view (seat None) has no hand and no role, no peeked target, knows no card
    under the deck (only who put it there) and no card in a hand; the public counters are there."""
    state = new(3, [(0, "map")], targets=("dragon", "gold", "dynamite"))
    state = gvg.apply(state, PlayMap(Slot.TOP))
    state = gvg.apply(state, Swap(state.hands[1][0]))
    view = observe(state, None)
    assert view.seat is None
    assert view.hand is None
    assert view.role is None
    assert view.known_roles == ()
    assert view.known_cards == ()
    assert view.targets.top.card is None
    assert view.peeks == (gvg.Peek(0, Slot.TOP),)
    assert [(d.seat, d.card) for d in view.deck_placed] == [(1, None)]
    assert view.hand_sizes == (3, 3, 3)
    assert view.current_player == 2
    assert view.scores == (0, 0, 0)
    assert observe(state, 0).targets.top.card == "dragon"
    assert observe(state, 1).deck_placed[0].card is not None


# ---- events -----------------------------------------------------------------------------------

@pytest.mark.clause("GVG-PLACE-1", "GVG-TURN-4", "GVG-CARD-1", "GVG-VIEW-1")
def test_a_play_is_its_event_then_the_draw_and_the_drawn_card_is_private() -> None:
    """Laying a card gives CardLaid then CardDrawn (the deck's top card); others see the draw
    without the card. A Map's target identity goes to the peeker only."""
    state = new(3, [(0, "passage-ew"), (1, "map")])
    top = state.deck[0]
    after, events = apply_with_events(state, Place("passage-ew", 1, 0))
    assert events == (CardLaid(0, "passage-ew", "1,0", False), CardDrawn(0, top, None))
    assert observe_event(events[1], 1) == CardDrawn(0, None, None)
    assert observe_event(events[1], None) == CardDrawn(0, None, None)
    _, events = apply_with_events(after, PlayMap(Slot.MIDDLE))
    assert events[0] == MapPlayed(1, Slot.MIDDLE, "gold")
    assert observe_event(events[0], 1) == events[0]
    assert observe_event(events[0], 0) == MapPlayed(1, Slot.MIDDLE, None)


@pytest.mark.clause("GVG-CARD-3", "GVG-VIEW-2")
def test_a_potion_shows_the_new_roles_to_the_two_seats_only() -> None:
    """Seat 0 (Jeweller) swaps with seat 2 (Greedy One): both see the roles held now; seat 1 and a
    spectator see who swapped with whom."""
    state = new(3, [(0, "potion")])
    _, events = apply_with_events(state, PlayPotion(2))
    swapped = RolesSwapped(0, 2, "greedy-one", "jeweller")
    assert events[0] == swapped
    assert observe_event(swapped, 0) == observe_event(swapped, 2) == swapped
    assert observe_event(swapped, 1) == observe_event(swapped, None) == RolesSwapped(0, 2, None, None)


@pytest.mark.clause("GVG-TURN-2", "GVG-TURN-3", "GVG-VIEW-4")
def test_a_swap_hides_its_card_and_a_pass_shows_the_hand() -> None:
    """A swap's card goes to the swapper only; the card it put under the deck is known to it when
    another seat draws it. A pass shows the hand to everyone."""
    state = with_hand(with_field(new(3), WALL), 0, ["bomb-cross", "ale-mug-ns", "passage-ew"])
    after, events = apply_with_events(state, Swap("bomb-cross"))
    assert events[0] == CardSwapped(0, "bomb-cross")
    assert observe_event(events[0], 1) == CardSwapped(0, None)
    walled = with_hand(with_field(new(3), WALL), 0, ["bomb-cross", "bomb-cross", "passage-ew"])
    _, events = apply_with_events(walled, Pass())
    assert events[0] == Passed(0, ("bomb-cross", "bomb-cross", "passage-ew"))
    assert observe_event(events[0], None) == events[0]
    drawn = CardDrawn(1, "bomb-cross", 0)
    assert observe_event(drawn, 0) == drawn
    assert observe_event(drawn, 2) == CardDrawn(1, None, 0)
    assert after.deck_owner[-1] == 0


@pytest.mark.clause("GVG-CARD-4", "GVG-CARD-2")
def test_an_ale_mug_names_a_seat_whose_turn_is_then_skipped() -> None:
    """After an Ale Mug its placer names seat 1: SkipNamed, then TurnSkipped(1) as play passes
    over seat 1. An Explosion's event names the card and cell."""
    state = new(3, [(0, "ale-mug-cross")])
    state = gvg.apply(state, Place("ale-mug-cross", 1, 0))
    _, events = apply_with_events(state, NameSkip(1))
    assert events == (SkipNamed(0, 1), TurnSkipped(1))
    blown = new(3, [(0, "passage-ew"), (1, "explosion")])
    blown = gvg.apply(blown, Place("passage-ew", 1, 0))
    _, events = apply_with_events(blown, PlayExplosion("passage-ew", 1, 0))
    assert events[0] == CardExploded(1, "passage-ew", "1,0")


@pytest.mark.clause("GVG-TARGET-2", "GVG-TARGET-3", "GVG-SCORE-1", "GVG-SCORE-9", "GVG-ROUND-1")
def test_the_dynamite_then_the_gold_end_the_round_with_its_scoring_and_a_new_deal() -> None:
    """Scenario 03: choosing the middle target opens the Dynamite (removing the Bomb on "4,2"), the
    route then reaches the Gold: the round ends (every role shown), is scored, and each seat is
    dealt a new hand and role, seen by that seat alone."""
    state, actions = _scenario("03-dynamite-then-gold.json")
    for action in actions[:-1]:
        state = gvg.apply(state, action)
    after, events = apply_with_events(state, actions[-1])
    assert actions[-1] == OpenTarget(Slot.MIDDLE)
    assert events[:4] == (
        TargetOpened(0, Slot.MIDDLE, "dynamite", (FieldCard("4,2", "bomb-cross", False),)),
        TargetOpened(0, Slot.BOTTOM, "gold", ()),
        RoundEnded(1, "gold", state.roles),
        RoundScored(1, (2, 1, 0), (2, 1, 0)),
    )
    deals = events[4:]
    assert [type(e) for e in deals] == [Dealt] * 3
    assert deals[1] == Dealt(1, 2, after.roles[1], after.hands[1], 3)
    assert observe_event(deals[1], 0) == Dealt(1, 2, None, None, 3)


@pytest.mark.clause("GVG-ADV-3", "GVG-END-4")
def test_the_greedy_ones_steal_follows_the_shown_roles() -> None:
    """Scenario 08: the Dragon opens, the round ends with the roles shown before the Greedy One's
    choice; the steal then scores the round."""
    state, actions = _scenario("08-greedy-one.json")
    seen: list[Any] = []
    for action in actions:
        state, events = apply_with_events(state, action)
        seen += events
    ended = [e for e in seen if type(e) is RoundEnded]
    assert ended
    assert ended[0].result == "dragon"
    steal = next(i for i, e in enumerate(seen) if type(e).__name__ == "StealChosen")
    assert seen.index(ended[0]) < steal
    assert type(seen[steal + 1]) is RoundScored


@pytest.mark.playout
@pytest.mark.clause("GVG-TARGET-1", "GVG-TARGET-2", "GVG-SCORE-9")
@given(n=player_counts, seed=seeds, picks=st.randoms(use_true_random=False))
@settings(max_examples=12, deadline=None)
def test_events_retell_the_field_targets_and_points_of_every_round(n: int, seed: int,
                                                                   picks: random.Random) -> None:
    """Property: replaying the public events of a random match (cards laid, exploded, targets
    opened with their Bombs, rounds ended and scored) gives, after every action, the field, the
    face-up targets and the points of the spectator's view; a round's result matches the targets
    opened in it; the match ends with GameEnded."""
    state = gvg.new_game(n, seed)
    field: dict[str, FieldCard] = {}
    opened: dict[Slot, str] = {}
    points = [0] * n
    last: Any = None
    for _ in range(3000):
        if gvg.is_terminal(state):
            break
        legal = gvg.legal_actions(state)
        state, events = apply_with_events(state, legal[picks.randrange(len(legal))])
        for e in events:
            last = e
            kind = type(e)
            if kind is CardLaid:
                field[e.cell] = FieldCard(e.cell, e.card, e.rotated)
            elif kind is CardExploded:
                del field[e.cell]
            elif kind is TargetOpened:
                opened[e.target] = e.card
                for bomb in e.bombs:
                    del field[bomb.cell]
            elif kind is RoundEnded:
                got = set(opened.values())
                want = "gold" if "gold" in got else "dragon" if "dragon" in got else (
                    "dynamite" if got else "none")
                assert e.result == want
            elif kind is RoundScored:
                points = [a + b for a, b in zip(points, e.changes, strict=True)]
                assert tuple(points) == e.scores
            elif kind is Dealt and e.seat == 0:
                field, opened = {}, {}
        view = observe(state, None)
        if view.phase is gvg.Phase.PLAY and not view.shown_roles:
            assert sorted(field.values(), key=lambda f: f.cell) == sorted(view.field, key=lambda f: f.cell)
            faces = {s: getattr(view.targets, s.value) for s in Slot}
            assert {s: t.card for s, t in faces.items() if t.opened} == opened
        assert tuple(points) == view.scores
    if gvg.is_terminal(state):
        assert type(last) is GameEnded
        assert last.winners == state.winners


# ---- labels and notation ----------------------------------------------------------------------

@pytest.mark.clause("GVG-ACT-1")
def test_labels_read_as_a_player_would_say_them() -> None:
    """Labels from the deciding seat's view name the card, the cell, the target or the seat."""
    view = observe(new(4), 0)
    cases = {
        Place("passage-cross", 2, -1, True): ("gvg.action.place-turned",
                                              "Lay passage-cross at (2, -1) turned"),
        Place("passage-ew", 1, 0): ("gvg.action.place", "Lay passage-ew at (1, 0)"),
        PlayExplosion("cave-in-ew", 1, 0): ("gvg.action.explode", "Explode the cave-in-ew at (1, 0)"),
        PlayMap(Slot.MIDDLE): ("gvg.action.map", "Peek at the middle target"),
        PlayPotion(3): ("gvg.action.potion", "Swap role cards with seat 3"),
        Swap("map"): ("gvg.action.swap", "Swap map with the deck"),
        Pass(): ("gvg.action.pass", "Pass and show your hand"),
        NameSkip(2): ("gvg.action.skip", "Name seat 2 to skip their next turn"),
        NameSkip(0): ("gvg.action.skip-self", "Skip your own next turn"),
        OpenTarget(Slot.BOTTOM): ("gvg.action.open", "Open the bottom target first"),
        Steal(1): ("gvg.action.steal", "Steal a point from seat 1"),
    }
    for action, (key, text) in cases.items():
        label = action_label(view, action)
        assert (label.key, str(label)) == (key, text)
    assert action_label(view, PlayPotion(3)).params == {"seat": 3, "offset": 3}


@pytest.mark.clause("GVG-ACT-1")
def test_the_notation_reads_like_the_docs_table() -> None:
    """str(action) gives the documented notation and parse_action reads it back; bad text is
    refused with a short SerializationError."""
    cases = {
        Place("passage-cross", 2, -1, True): "place passage-cross 2,-1 turned",
        Place("passage-ew", 1, 0): "place passage-ew 1,0",
        PlayMap(Slot.TOP): "map top", PlayExplosion("cave-in-ew", 1, 0): "explode cave-in-ew 1,0",
        PlayPotion(2): "potion 2", Swap("map"): "swap map", Pass(): "pass", NameSkip(1): "skip 1",
        OpenTarget(Slot.MIDDLE): "open middle", Steal(3): "steal 3",
    }
    for action, text in cases.items():
        assert str(action) == text
        assert parse_action(text) == action
    assert parse_action("  PLACE passage-ew   1,0 ") == Place("passage-ew", 1, 0)
    for own in (Place("long tunnel", 3, -2, True), Swap("old map"), PlayExplosion("x y", 1, 0)):
        assert parse_action(str(own)) == own  # a user's set may name a card in several words
    for bad in ("place passage-ew 1", "place passage-ew 1,0 upside", "map left", "skip x",
                "potion 99999999", "steal", "explode a 1,0 2"):
        with pytest.raises(SerializationError) as info:
            parse_action(bad)
        assert len(str(info.value)) < 200
