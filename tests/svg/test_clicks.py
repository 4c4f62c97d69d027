"""The parts of every game's picture that actions name (issue 31, "boards you click"): each legal
action names parts the deciding seat's picture draws, so the page can make them clickable, and
only the actions that name nothing on the board (end the turn, stop, pass) are buttons only.

Parametrised over every game with a drawer and its smallest and largest player count; positions
are taken at random points of random seeded games.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

import gremlinrules
import gremlinrules.svg
from gremlinrules import InvalidArgumentError
from tests.conformance.support import GAME_IDS
from tests.svg.support import parse
from tests.svg.support import position

DRAWN = [g for g in gremlinrules.svg.drawer_ids() if g in GAME_IDS]
VIEW_CLAUSE = {"gnaughty-gnomes": "GG-VIEW-1", "goblins-vs-gnomes": "GVG-VIEW-1", "gremlins-inc": "GI-VIEW-1",
               "gremlins-the-game": "GTG-VIEW-1", "no-good-gremlins": "NGG-VIEW-1"}
"""Each game's clause that a seat sees only what its view holds (part ids come from the view)."""
CASES = [pytest.param(g, n, id=f"{g}-{n}p", marks=pytest.mark.clause(VIEW_CLAUSE[g]))
         for g in DRAWN for n in sorted({min(gremlinrules.get_game(g).player_counts),
                                         max(gremlinrules.get_game(g).player_counts)})]

BUTTONS_ONLY = {
    "gnaughty-gnomes": set(),
    "goblins-vs-gnomes": {"Pass", "DeclineTarget"},
    "gremlins-inc": {"EndTurn", "Done"},
    "gremlins-the-game": set(),
    "no-good-gremlins": {"EndTurn"},
}
"""The kinds of action that name no part of the board: they stay buttons only."""

FEW = settings(max_examples=max(4, settings().max_examples // 5))
walks = {"seed": st.integers(0, 2**32), "walk_seed": st.integers(0, 2**32), "stop": st.integers(0, 600)}


def test_every_drawn_game_says_which_actions_are_buttons_only() -> None:
    """The table above covers every game with a drawer (a new game must say which of its actions
    name no part), and each name in it is one of that game's action classes."""
    assert set(BUTTONS_ONLY) == set(DRAWN)
    for game_id, kinds in BUTTONS_ONLY.items():
        names = {t.__name__ for t in gremlinrules.get_game(game_id).action_types}
        assert kinds <= names, (game_id, kinds - names)


@pytest.mark.parametrize(("game_id", "players"), CASES)
@FEW
@given(**walks)
def test_every_part_a_legal_action_names_is_drawn_in_the_deciding_seats_picture(
        game_id: str, players: int, seed: int, walk_seed: int, stop: int) -> None:
    """For the seat that must decide, every part id each legal action names is the ``data-part``
    of an element of that seat's labelled picture (so the page can offer it on a click), and
    every action names at least one part unless its kind is a buttons-only one. The ids are
    computed from the seat's view alone, and each is drawn in its picture, which shows nothing the
    view does not (the picture tests' resampling property), so no id names a hidden card."""
    game = gremlinrules.get_game(game_id)
    state = position(game, players, seed, walk_seed, stop)
    seat = game.current_player(state)
    if seat is None:
        return
    view = game.observe(state, seat)
    drawn = {e.get("data-part") for e in parse(gremlinrules.svg.svg(game_id, view, labels=True)).iter()}
    for action in game.legal_actions(state):
        ids = gremlinrules.svg.action_parts(game_id, view, action)
        assert set(ids) <= drawn, (action, set(ids) - drawn)
        assert ids or type(action).__name__ in BUTTONS_ONLY[game_id], action
        assert len(set(ids)) == len(ids), (action, ids)


@pytest.mark.parametrize("game_id", DRAWN)
def test_a_face_down_card_is_never_named_by_its_face(game_id: str) -> None:
    """In a whole random game, at every decision, no part id of a legal action holds the name of
    a card the deciding seat's view does not show: the ids name a hidden card by its position
    (a project's number), never by its face, which a sample of the hidden cards would change."""
    game = gremlinrules.get_game(game_id)
    players = min(game.player_counts)
    state = game.new_game(players, 5)
    steps = 0
    while not game.is_terminal(state) and steps < 400:
        seat = game.current_player(state)
        assert seat is not None
        view = game.observe(state, seat)
        other = game.sample_hidden(state, seat, steps)
        legal = game.legal_actions(state)
        assert legal == game.legal_actions(other)
        for action in legal:
            ids = gremlinrules.svg.action_parts(game_id, view, action)
            assert ids == gremlinrules.svg.action_parts(game_id, game.observe(other, seat), action)
        state = game.apply(state, legal[steps * 7919 % len(legal)])
        steps += 1


def test_action_parts_refuses_what_is_not_the_games_view_or_action() -> None:
    """A view of another game, or an action of another game, is InvalidArgumentError."""
    gg = gremlinrules.get_game("gnaughty-gnomes")
    ngg = gremlinrules.get_game("no-good-gremlins")
    gg_state, ngg_state = gg.new_game(2, 1), ngg.new_game(2, 1)
    gg_view = gg.observe(gg_state, 0)
    with pytest.raises(InvalidArgumentError):
        gremlinrules.svg.action_parts("gnaughty-gnomes", ngg.observe(ngg_state, 0),
                                      gg.legal_actions(gg_state)[0])
    with pytest.raises(InvalidArgumentError):
        gremlinrules.svg.action_parts("gnaughty-gnomes", gg_view, ngg.legal_actions(ngg_state)[0])
    assert gremlinrules.svg.action_parts("gnaughty-gnomes", gg_view, gg.legal_actions(gg_state)[0])
