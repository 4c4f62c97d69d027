"""The frontend contract for No Good Gremlins: readable views and JSON, events, labels, notation."""

from __future__ import annotations

from typing import Any

import attrs
import jsonschema
import pytest
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

import gremlinrules
from gremlinrules.core.errors import IllegalActionError
from gremlinrules.core.errors import SerializationError
from gremlinrules.no_good_gremlins import ALL_ACTIONS
from gremlinrules.no_good_gremlins import CONVERTER
from gremlinrules.no_good_gremlins import REFERENCE
from gremlinrules.no_good_gremlins import Acted
from gremlinrules.no_good_gremlins import Bribe
from gremlinrules.no_good_gremlins import Build
from gremlinrules.no_good_gremlins import ChromeLaunch
from gremlinrules.no_good_gremlins import Discard
from gremlinrules.no_good_gremlins import Drawn
from gremlinrules.no_good_gremlins import DrawTwo
from gremlinrules.no_good_gremlins import EndTurn
from gremlinrules.no_good_gremlins import Feed
from gremlinrules.no_good_gremlins import GameEnded
from gremlinrules.no_good_gremlins import GremlinCard
from gremlinrules.no_good_gremlins import GremlinsRevealed
from gremlinrules.no_good_gremlins import Launch
from gremlinrules.no_good_gremlins import Launched
from gremlinrules.no_good_gremlins import Material
from gremlinrules.no_good_gremlins import MaterialCounts
from gremlinrules.no_good_gremlins import Options
from gremlinrules.no_good_gremlins import RocketEaten
from gremlinrules.no_good_gremlins import RoundEnded
from gremlinrules.no_good_gremlins import Scrap
from gremlinrules.no_good_gremlins import TakeScrap
from gremlinrules.no_good_gremlins import TurnBegan
from gremlinrules.no_good_gremlins import WandererMoved
from gremlinrules.no_good_gremlins import WandererStatus
from gremlinrules.no_good_gremlins import action_label
from gremlinrules.no_good_gremlins import apply
from gremlinrules.no_good_gremlins import apply_with_events
from gremlinrules.no_good_gremlins import observe
from gremlinrules.no_good_gremlins import observe_event
from gremlinrules.no_good_gremlins import parse_action
from gremlinrules.no_good_gremlins.notation import state_data
from tests.no_good_gremlins import strategies as nst
from tests.no_good_gremlins.strategies import CH
from tests.no_good_gremlins.strategies import CO
from tests.no_good_gremlins.strategies import IR
from tests.no_good_gremlins.strategies import RU
from tests.no_good_gremlins.strategies import ST
from tests.no_good_gremlins.strategies import WO
from tests.no_good_gremlins.strategies import main_phase
from tests.no_good_gremlins.strategies import table

GAME = gremlinrules.get_game("no-good-gremlins")


def _launch_table() -> Any:
    """The rulebook's launch example: seat 0 holds an eight-card iron rocket."""
    return table(hands=(("rust",), ("wood",)), pads=(("iron",) * 8, ()), heap=("wood",), seed=1)


# --- the view and the JSON notation -------------------------------------------------------------


@pytest.mark.clause("NGG-VIEW-1")
def test_the_view_names_materials_and_the_wanderer_status() -> None:
    """A view's hands, pads, medals and removed cards are counts by material name (zeros left out
    of JSON), piles list names, and the Wandering Gremlin is a seat (or None) with a named status;
    the spectator has no hand."""
    s = apply(_launch_table(), TakeScrap())
    view = observe(s, 0)
    assert view.hand == MaterialCounts(rust=1, wood=1)
    assert view.pads == (MaterialCounts(iron=8), MaterialCounts())
    assert (view.wanderer, view.wanderer_status) == (None, WandererStatus.SET_ASIDE)
    data = GAME.to_data(view)
    assert data["hand"] == {"rust": 1, "wood": 1}
    assert data["pads"] == [{"iron": 8}, {}]
    assert (data["seat"], data["current_player"], data["phase"]) == (0, 0, "main")
    assert data["wanderer_status"] == "set_aside"
    assert data["options"]["components"] is None
    assert data["components"]["iron"] == {"count": 16, "launch_cost": 6, "medal_value": 3, "gremlins": 3}
    launched = apply(s, Launch(IR))
    spectator = GAME.to_data(observe(launched, None))
    assert spectator["hand"] is None
    assert spectator["medals"] == [{"iron": 3}, {}]
    assert spectator["removed"] == {"iron": 5}
    assert (spectator["wanderer"], spectator["wanderer_status"]) == (0, "held")
    assert spectator["scores"] == [9, 0]


@pytest.mark.clause("NGG-ROUND-4", "NGG-FINALE-6")
def test_the_state_json_is_the_readable_notation_and_round_trips() -> None:
    """The state's JSON lists the decks and piles by name (thunderstorms by name too), hands and
    pads as named counts and a departed Wandering Gremlin as status "gone"; it decodes to an
    equal state, and is valid under the game's schema."""
    s = table(hands=(("rust", "iron"), ("wood",)), heap=("steel",), deck=("chrome", "copper"),
              gdeck=("thunderstorm", "rust"), wanderer=1)
    data = GAME.to_data(s)
    assert data["deck"][:2] == ["chrome", "copper"]
    assert data["gremlin_deck"][:2] == ["thunderstorm", "rust"]
    assert data["hands"] == [{"rust": 1, "iron": 1}, {"wood": 1}]
    assert data["scrapheap"] == ["steel"]
    assert (data["wanderer"], data["wanderer_status"]) == (1, "held")
    assert isinstance(data["rng"], int)
    assert GAME.from_json(GAME.to_json(s), GAME.State) == s
    schema = GAME.json_schema()
    jsonschema.Draft202012Validator({"$defs": schema["$defs"], "$ref": "#/$defs/State"}).validate(data)
    final = nst.playout(2, 4)[-1][0]
    assert GAME.to_data(final)["wanderer_status"] == "gone"
    assert GAME.from_json(GAME.to_json(final), GAME.State) == final


@pytest.mark.clause("NGG-WANDER-1")
@pytest.mark.parametrize(("seat", "status"), [(None, "held"), (0, "set_aside"), (1, "gone")])
def test_a_wanderer_seat_that_contradicts_its_status_is_refused(seat: int | None, status: str) -> None:
    """A held Wandering Gremlin needs a seat, and one set aside or gone has none: decoding a
    state that says otherwise raises SerializationError."""
    data = GAME.to_data(table(wanderer=0))
    data.update(wanderer=seat, wanderer_status=status)
    with pytest.raises(SerializationError):
        GAME.from_data(data, GAME.State)


@pytest.mark.clause("NGG-DATA-6")
def test_a_component_set_reads_like_components_toml() -> None:
    """A user's component set in the options is one row per material plus the thunderstorms, and
    round-trips; a row with a missing number is refused with its path."""
    data = GAME.to_data(Options(components=REFERENCE))["components"]
    assert set(data) == {"rust", "wood", "iron", "copper", "steel", "chrome", "thunderstorms"}
    assert data["chrome"] == {"count": 8, "launch_cost": 3, "medal_value": 6, "gremlins": 3}
    mine = Options(components=REFERENCE)
    assert GAME.from_data(GAME.to_data(mine), Options) == mine
    del data["wood"]["launch_cost"]
    with pytest.raises(SerializationError, match="wood"):
        GAME.from_data({"components": data}, Options)


@pytest.mark.clause("NGG-WANDER-5")
def test_the_feed_frame_names_the_tied_materials() -> None:
    """Under holder_chooses the pending feed frame lists the tied rocket types by name, and its
    labels name the rocket the gremlin is fed."""
    comps = attrs.evolve(REFERENCE, medal_values=(1, 2, 3, 4, 6, 6))
    s = table(3, hands=(("wood",), ("rust",), ("rust",)), pads=(("rust", "steel", "steel", "chrome"), (), ()),
              heap=("iron",), wanderer=0, options=Options(wanderer_tie="holder_chooses"), components=comps)
    s = apply(apply(s, TakeScrap()), EndTurn())
    view = observe(s, 0)
    assert view.pending is not None
    assert view.pending.among == (Material.STEEL, Material.CHROME)
    assert GAME.to_data(view)["pending"] == {"type": "MealChoice", "seat": 0, "among": ["steel", "chrome"]}
    assert [action_label(view, a) for a in GAME.legal_actions(s)] == [
        "Feed the gremlin the steel rocket", "Feed the gremlin the chrome rocket"]


# --- events -------------------------------------------------------------------------------------


@pytest.mark.clause("NGG-LAUNCH-3", "NGG-WANDER-1", "NGG-WANDER-4")
def test_a_launch_and_the_turn_end_tell_what_happened() -> None:
    """The launch example's events: the action, the launch (eight cards, three medals), the
    Wandering Gremlin taken; ending the turn sends it on (the pad is empty) and seat 1's turn
    begins."""
    s = apply(_launch_table(), TakeScrap())
    s, events = apply_with_events(s, Launch(IR))
    assert events == (Acted(0, Launch(IR)), Launched(0, IR, 8, 3), WandererMoved(0, WandererStatus.HELD))
    _, events = apply_with_events(s, EndTurn())
    assert events == (Acted(0, EndTurn()), WandererMoved(1, WandererStatus.HELD), TurnBegan(1, False))


@pytest.mark.clause("NGG-TURN-2", "NGG-VIEW-1")
def test_drawn_cards_are_seen_by_the_drawer_only() -> None:
    """DrawTwo's Drawn event lists the two cards; another seat and a spectator see its count only."""
    s = table(hands=(("rust",), ("wood",)), deck=("chrome", "iron", "wood"))
    _, events = apply_with_events(s, DrawTwo())
    drawn = Drawn(0, 2, (IR, CH))
    assert events == (Acted(0, DrawTwo()), drawn)
    assert observe_event(drawn, 0) == drawn
    assert observe_event(drawn, 1) == Drawn(0, 2, None)
    assert observe_event(drawn, None) == Drawn(0, 2, None)
    assert observe_event(events[0], None) == events[0]


@pytest.mark.clause("NGG-BRIBE-5")
def test_a_steel_bribe_draws_two_cards_as_an_event() -> None:
    """A steel bribe's Drawn event holds the two drawn cards, not the card paid."""
    s = main_phase(table(hands=(("steel",), ("wood",)), deck=("rust", "rust", "wood"), wanderer=0))
    _, events = apply_with_events(s, Bribe(ST))
    assert events == (Acted(0, Bribe(ST)), Drawn(0, 2, (RU, RU)))


@pytest.mark.clause("NGG-ROUND-3", "NGG-ROUND-4")
def test_the_round_end_reveals_gremlins_and_their_attacks() -> None:
    """The thunderstorm-chain table: the dealer's second round end reveals two thunderstorms,
    rust, copper and wood (listed in card order); the copper attack eats seat 1's copper rocket;
    round 2 ends and seat 0's turn begins."""
    s = table(hands=(("rust",), ("rust",)), pads=(("rust",), ("copper", "copper")), seed=3,
              gdeck=("copper", "thunderstorm", "rust", "thunderstorm", "copper", "wood"))
    for action in (DrawTwo(), Discard(RU), EndTurn(), TakeScrap(), EndTurn(), DrawTwo(), Discard(RU),
                   EndTurn(), TakeScrap()):
        s = apply(s, action)
    _, events = apply_with_events(s, EndTurn())
    storm = GremlinCard.THUNDERSTORM
    assert events == (
        Acted(1, EndTurn()),
        GremlinsRevealed((GremlinCard.RUST, GremlinCard.WOOD, GremlinCard.COPPER, storm, storm)),
        RocketEaten(1, CO, 2, "gremlin_attack"), RoundEnded(2), TurnBegan(0, False))


@pytest.mark.clause("NGG-WANDER-3")
def test_the_wandering_gremlin_eating_is_an_event() -> None:
    """The holder's turn ends: the Wandering Gremlin eats one card of the most valuable rocket."""
    s = main_phase(table(hands=(("rust",), ("rust",)), pads=(("rust", "rust", "chrome"), ()), wanderer=0))
    _, events = apply_with_events(s, EndTurn())
    assert events == (Acted(0, EndTurn()), RocketEaten(0, CH, 1, "wandering_gremlin"), TurnBegan(1, False))


@pytest.mark.clause("NGG-FINALE-6", "NGG-END-1")
def test_the_last_turn_ends_the_game_with_launches_and_the_result() -> None:
    """The game's last EndTurn reports the finale's launches, the Wandering Gremlin leaving, and the
    scores and winners."""
    game = nst.playout(2, 4)
    last_state, last_action = game[-2]
    final = game[-1][0]
    _, events = apply_with_events(last_state, last_action)
    assert events[-1] == GameEnded(GAME.scores(final), GAME.winners(final))
    assert WandererMoved(None, WandererStatus.GONE) in events
    assert all(e.medals >= 1 for e in events if type(e) is Launched)


@pytest.mark.playout
@given(players=nst.player_counts, seed=nst.seeds)
@settings(max_examples=10, deadline=None)
@pytest.mark.clause("NGG-HAND-2", "NGG-ZONE-1")
def test_every_card_a_hand_gains_is_explained_by_an_event(players: int, seed: int) -> None:
    """Property: over a random game, each action's events account for every hand's growth (its
    Drawn cards, or the scrapheap cards a TakeScrap lifted), and apply_with_events gives apply's
    state."""
    for s, action in nst.playout(players, seed)[:-1]:
        after, events = apply_with_events(s, action)
        assert after == apply(s, action)
        for p in range(players):
            grew = [max(0, b - a) for a, b in zip(s.hands[p], after.hands[p], strict=True)]
            if type(action) is TakeScrap and p == s.turn:
                continue
            drawn = [0] * 6
            for e in events:
                if type(e) is Drawn and e.seat == p and e.cards is not None:
                    for m in e.cards:
                        drawn[list(type(m)).index(m)] += 1
            assert all(g <= d for g, d in zip(grew, drawn, strict=True)), (action, events)


# --- labels, notation and messages --------------------------------------------------------------

_NOTATION = [
    ("draw", DrawTwo()), ("take", TakeScrap()), ("discard iron", Discard(IR)), ("build iron", Build(IR)),
    ("launch chrome", Launch(CH)), ("chrome-launch rust", ChromeLaunch(RU)), ("scrap wood", Scrap(WO)),
    ("bribe steel", Bribe(ST)), ("end", EndTurn()), ("feed iron", Feed(IR)),
]


@pytest.mark.clause("NGG-TURN-1")
@pytest.mark.parametrize(("text", "action"), _NOTATION)
def test_the_notation_examples(text: str, action: Any) -> None:
    """Each notation example of the docs page is the action's str and parses to it."""
    assert str(action) == text
    assert parse_action(text) == action
    assert parse_action(f"  {text.upper()} ") == action


@pytest.mark.clause("NGG-TURN-1")
@pytest.mark.parametrize("text", ["build", "build gold", "draw two", "launch iron iron", "DrawTwo()"])
def test_text_that_is_no_action_is_refused(text: str) -> None:
    """Notation that names no action raises SerializationError with an example of the notation."""
    with pytest.raises(SerializationError, match="build iron"):
        parse_action(text)


@pytest.mark.clause("NGG-TURN-3", "NGG-TURN-4")
def test_labels_read_like_the_rules() -> None:
    """Labels of every kind, made from the view: TakeScrap says how many cards of which type it
    takes under each scrap_take reading."""
    s = main_phase(table(hands=(("iron", "steel"), ("rust",)), pads=(("wood",), ()),
                         heap=("rust", "wood", "wood"), wanderer=0))
    view = observe(s, 0)
    labels = {str(a): action_label(view, a) for a in ALL_ACTIONS}
    assert labels["build iron"] == "Build iron"
    assert labels["build iron"].key == "ngg.action.build"
    assert dict(labels["build iron"].params) == {"material": "iron"}
    assert labels["launch copper"] == "Launch the copper rocket"
    assert labels["chrome-launch wood"] == "Launch the wood rocket with the chrome bribe"
    assert labels["bribe steel"] == "Bribe with steel"
    assert labels["feed wood"] == "Feed the gremlin the wood rocket"
    assert labels["scrap wood"] == "Scrap the wood rocket"
    assert labels["discard rust"] == "Discard rust"
    assert (labels["draw"], labels["end"]) == ("Draw two cards", "End the turn")
    assert labels["take"] == "Take 2 wood from the scrapheap"
    assert len(set(labels.values())) == len(ALL_ACTIONS)
    run = observe(attrs.evolve(s, scrapheap=(1, 0, 1, 1), options=Options(scrap_take="run")), 0)
    assert action_label(run, TakeScrap()) == "Take 2 wood from the scrapheap"
    every = observe(attrs.evolve(s, scrapheap=(1, 0, 1, 1)), 0)
    assert action_label(every, TakeScrap()) == "Take 3 wood from the scrapheap"


@pytest.mark.clause("NGG-LAUNCH-1")
def test_a_refusal_carries_a_message_key_and_its_values() -> None:
    """Launching an incomplete rocket is refused with a key and the numbers a frontend fills in."""
    s = main_phase(table(hands=(("rust",), ("rust",)), pads=(("iron",) * 4, ())))
    with pytest.raises(IllegalActionError) as info:
        apply(s, Launch(IR))
    assert str(info.value) == "Iron rocket needs 6 cards to launch; it has 4 [NGG-LAUNCH-1]"
    assert info.value.key == "ngg.illegal.rocket-incomplete"
    assert info.value.params == {"material": "iron", "cost": 6, "size": 4}
    with pytest.raises(IllegalActionError) as info:
        apply(s, Build(CH))
    assert (info.value.key, info.value.params) == ("ngg.illegal.no-card", {"material": "chrome"})


@given(st.integers(0, len(ALL_ACTIONS) - 1))
@pytest.mark.clause("NGG-TURN-1")
def test_labels_of_all_actions_are_distinct_in_any_view(i: int) -> None:
    """Property: in a view, an action's label differs from every other action's."""
    view = observe(table(heap=("rust",)), 0)
    label = action_label(view, ALL_ACTIONS[i])
    assert all(action_label(view, a) != label for a in ALL_ACTIONS if a != ALL_ACTIONS[i])


@given(players=nst.player_counts, seed=nst.seeds)
@settings(max_examples=10, deadline=None)
@pytest.mark.clause("NGG-ZONE-1")
def test_the_fast_state_conversion_is_the_readable_classes_json(players: int, seed: int) -> None:
    """Property: along a random game, the state's JSON (made directly, for speed) is exactly the
    JSON of its StateData, the class the schema describes, and decodes to an equal state."""
    for s, _ in nst.playout(players, seed)[::9]:
        data = GAME.to_data(s)
        del data["format_version"]
        assert data == CONVERTER.unstructure(state_data(s))
        assert GAME.from_json(GAME.to_json(s), GAME.State) == s


@pytest.mark.clause("NGG-DATA-1")
@pytest.mark.parametrize(("field", "value", "path"), [
    ("deck", ["rust", "gold"], "$.deck[1]"), ("gremlin_deck", ["storm"], "$.gremlin_deck[0]"),
    ("hands", [{"rust": 1}, {"gold": 1}], "$.hands[1]"), ("hands", [{"rust": True}, {}], "$.hands[0].rust"),
    ("removed", {"rust": "1"}, "$.removed.rust"),
])
def test_bad_readable_state_data_names_its_path(field: str, value: Any, path: str) -> None:
    """A state whose JSON names an unknown material or card, or a count that is no integer, is
    refused with a SerializationError whose path points at it."""
    data = GAME.to_data(table())
    data[field] = value
    with pytest.raises(SerializationError) as info:
        GAME.from_data(data, GAME.State)
    assert info.value.path.startswith(path)
