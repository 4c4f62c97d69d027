"""Playing with a user's own component set, chosen per game with ``Options(components=...)``."""

from __future__ import annotations

import random
from collections import Counter
from importlib import resources

import attrs
import pytest
from hypothesis import given
from hypothesis import settings

import gremlinrules
from gremlinrules import SetupError
from gremlinrules import goblins_vs_gnomes as gvg
from gremlinrules.goblins_vs_gnomes import REFERENCE
from gremlinrules.goblins_vs_gnomes import Options
from gremlinrules.goblins_vs_gnomes import Place
from gremlinrules.goblins_vs_gnomes import PlayExplosion
from gremlinrules.goblins_vs_gnomes import load_components
from tests.goblins_vs_gnomes.strategies import player_counts
from tests.goblins_vs_gnomes.strategies import playout
from tests.goblins_vs_gnomes.strategies import seeds

GAME = gremlinrules.get_game("goblins-vs-gnomes")
REFERENCE_TEXT = resources.files("gremlinrules.goblins_vs_gnomes").joinpath("components.toml").read_text()

# A valid set unlike the reference: one east-west straight instead of three, a new bend open
# north and east (two copies), and a table one column wider.
_EW = 'name = "passage-ew"\nkind = "passage"\nedges = "EW"\ncount = 3\n'
_BEND = '[[design]]\nname = "passage-bend-ne"\nkind = "passage"\nedges = "NE"\ncount = 2\n'
_TABLE = "max_x = 12\n"
assert _EW in REFERENCE_TEXT
assert _TABLE in REFERENCE_TEXT
OWN_TEXT = (REFERENCE_TEXT.replace(_EW, _EW.replace("count = 3", "count = 1"), 1)
            .replace("[[design]]", _BEND + "[[design]]", 1)
            .replace(_TABLE, "max_x = 13\n", 1))
OWN = load_components(OWN_TEXT)
OWN_OPTIONS = Options(components=OWN)


def _cards(state: gvg.State) -> Counter[str]:
    return Counter([*state.deck, *(c for h in state.hands for c in h), *(t.card for t in state.field),
                    *state.discard])


@pytest.mark.clause("GVG-COMP-7")
def test_own_set_changes_the_deck_and_the_reference_stays_the_default() -> None:
    """A game with Options(components=own) deals the own set's 50 cards (one EW straight, two of
    the new bend); a game without it deals the reference set."""
    own = gvg.new_game(4, 7, options=OWN_OPTIONS)
    assert _cards(own) == Counter(OWN.deck)
    assert _cards(own)["passage-ew"] == 1
    assert _cards(own)["passage-bend-ne"] == 2
    assert _cards(gvg.new_game(4, 7)) == Counter(REFERENCE.deck)
    assert Options().components is None


@pytest.mark.clause("GVG-COMP-7", "GVG-ACT-1")
def test_the_action_space_comes_from_the_chosen_set() -> None:
    """all_actions with the own set lays the new design and uses the wider table; the reference
    space has neither."""
    own = gvg.all_actions(5, OWN_OPTIONS)
    ref = gvg.all_actions(5)
    assert Place("passage-bend-ne", 13, 0, False) in own
    assert Place("passage-bend-ne", 13, 0, True) in own  # not symmetric: turning it is distinct
    assert PlayExplosion("passage-bend-ne", 2, 1) in own
    assert not any(isinstance(a, Place) and (a.card == "passage-bend-ne" or a.x == 13) for a in ref)
    assert len(set(own)) == len(own)


@pytest.mark.playout
@pytest.mark.clause("GVG-COMP-7", "GVG-INV-1", "GVG-ACT-1")
@given(n=player_counts, seed=seeds)
@settings(max_examples=6)
def test_own_set_matches_keep_every_invariant_and_the_contract(n: int, seed: int) -> None:
    """Along whole random matches with the own set: every state is consistent (the own set's
    cards conserved); legal actions are in the action space in its order and agree with is_legal;
    states and views round-trip through JSON; a resampled state looks the same to its seat; replay
    is exact and the match ends within the decision bound."""
    rnd = random.Random(seed)
    space = gvg.all_actions(n, OWN_OPTIONS)
    index = {a: i for i, a in enumerate(space)}
    actions: list[object] = []
    state = gvg.new_game(n, seed, options=OWN_OPTIONS)
    for state, action in playout(n, seed, OWN_OPTIONS):
        gvg.check_state(state)
        assert _cards(state) == Counter(OWN.deck)
        if action is None:
            break
        legal = gvg.legal_actions(state)
        spots = [index[a] for a in legal]
        assert spots == sorted(set(spots))
        for probe in rnd.sample(space, 8):
            assert gvg.is_legal(state, probe) == (probe in legal)
        if len(actions) % 60 == 0:
            assert GAME.from_json(GAME.to_json(state), gvg.State) == state
            seat = gvg.current_player(state)
            assert seat is not None
            view = gvg.observe(state, seat)
            assert GAME.from_json(GAME.to_json(view), gvg.View) == view
            other = gvg.sample_hidden(state, seat, len(actions))
            gvg.check_state(other)
            assert gvg.observe(other, seat) == view
        actions.append(action)
    assert gvg.is_terminal(state)
    assert len(actions) <= gvg.decision_bound(n, OWN_OPTIONS)
    again = gvg.new_game(n, seed, options=OWN_OPTIONS)
    for action in actions:
        again = gvg.apply(again, action)
    assert again == state


@pytest.mark.clause("GVG-COMP-7")
def test_a_state_of_one_set_is_inconsistent_under_the_other() -> None:
    """check_state counts cards against the state's own set: a reference deal relabelled with the
    own set fails card conservation, and the own deal passes."""
    own = gvg.new_game(3, 1, options=OWN_OPTIONS)
    gvg.check_state(own)
    with pytest.raises(gvg.InvalidArgumentError, match="path cards"):
        gvg.check_state(attrs.evolve(gvg.new_game(3, 1), options=OWN_OPTIONS))


@pytest.mark.clause("GVG-COMP-7", "GVG-COMP-1")
def test_options_refuse_a_set_the_loader_would_not_give() -> None:
    """A component set that breaks the rulebook's numbers, is inconsistent, or is not a Components
    value is refused with SetupError; JSON that smuggles one in raises a SerializationError."""
    with pytest.raises(SetupError, match="table"):
        Options(components=attrs.evolve(OWN, bounds=(0, 3, 0, 3)))
    with pytest.raises(SetupError, match="loader"):
        Options(components=attrs.evolve(OWN, colours=("green",)))
    with pytest.raises(SetupError):
        Options(components=OWN_TEXT)  # type: ignore[arg-type]
    data = GAME.to_data(OWN_OPTIONS)
    data["components"]["numbers"] = [["path_cards", 51]]
    with pytest.raises(gremlinrules.GremlinRulesError):
        GAME.from_data(data, gvg.Options)
    assert GAME.from_json(GAME.to_json(OWN_OPTIONS), gvg.Options) == OWN_OPTIONS


@pytest.mark.clause("GVG-COMP-7")
def test_a_stacked_deck_must_be_the_chosen_sets_cards() -> None:
    """Setup.deck is checked against the chosen set: the own deck is accepted with the own set and
    refused with the reference one."""
    deck = OWN.deck
    state = gvg.new_game(3, 0, options=OWN_OPTIONS, setup=gvg.Setup(deck=deck))
    assert state.hands[0] == tuple(sorted(deck[:3]))
    with pytest.raises(SetupError, match="50 path cards"):
        gvg.new_game(3, 0, setup=gvg.Setup(deck=deck))


@pytest.mark.clause("GVG-COMP-7", "GVG-VIEW-1")
def test_a_view_carries_the_tables_options_with_its_own_component_set() -> None:
    """A view's options are the game's options, the user's component set included (so a client
    can draw the table and label actions from the view alone); the reference set shows as None."""
    options = attrs.evolve(OWN_OPTIONS, swap_limit=5)
    view = gvg.observe(gvg.new_game(3, 2, options=options), 0)
    assert view.options == options
    assert GAME.to_data(view)["options"]["components"] is not None
    reference = gvg.observe(gvg.new_game(3, 2, options=gvg.Options(swap_limit=5)), 0)
    assert GAME.to_data(reference)["options"]["components"] is None
