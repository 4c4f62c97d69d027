"""The table logic without a web server: tokens, versions, refusals, redaction, the SQLite log."""

from __future__ import annotations

import random
import sqlite3
import threading
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

import gremlinrules
from gremlinrules.core.errors import GremlinRulesError
from gremlinrules.core.errors import IllegalActionError
from gremlinrules.core.errors import InvalidArgumentError
from gremlinrules.core.errors import SerializationError
from gremlinrules.core.errors import SetupError
from gremlinrules.core.errors import UnknownGameError
from gremlinrules.web import BadTokenError
from gremlinrules.web import MoveRefusedError
from gremlinrules.web import Table
from gremlinrules.web import Tables
from gremlinrules.web import TableStore
from gremlinrules.web import UnknownTableError


def _tables(path: Path | str = ":memory:") -> Tables:
    return Tables(TableStore(str(path)))


def _play(table: Table, moves: int, rnd: random.Random) -> None:
    """Random legal moves by whoever must decide, through Table.move."""
    for _ in range(moves):
        seat = table.game.current_player(table.state)
        if seat is None:
            return
        table.move(seat, table.version, rnd.choice(table.game.legal_actions(table.state)))


def test_each_human_seat_gets_a_token_that_opens_that_seat_only() -> None:
    """Tokens are distinct, open their own seat, bot seats get none, no token means a spectator,
    and a made-up token is refused."""
    table, tokens = _tables().create("no-good-gremlins", 3, seed=4, bots=[2])
    assert tokens[2] is None
    assert tokens[0] is not None
    assert tokens[1] is not None
    assert tokens[0] != tokens[1]
    assert [table.seat_of(t) for t in tokens[:2]] == [0, 1]
    assert table.seat_of(None) is None
    for bad in ("x" * 24, tokens[0][:-1], 42, "y" * 500):
        with pytest.raises(BadTokenError, match="token"):
            table.seat_of(bad)


def test_stale_out_of_turn_and_spectator_moves_are_refused_and_change_nothing() -> None:
    """A move at another version, by a seat that is not to decide, or by a spectator is refused
    with a MoveRefusedError naming why; the state and version stay as they were."""
    table, _ = _tables().create("gnaughty-gnomes", 2, seed=1)
    game = table.game
    seat = game.current_player(table.state)
    assert seat is not None
    action = game.legal_actions(table.state)[0]
    before = (table.state, table.version)
    cases = [(seat, 1, "web.stale", "stale move"), (seat, -1, "web.stale", "stale move"),
             (1 - seat, 0, "web.not-your-turn", f"seat {seat} decides"),
             (None, 0, "web.not-your-turn", "spectator")]
    for who, version, key, text in cases:
        with pytest.raises(MoveRefusedError, match=text) as refused:
            table.move(who, version, action)
        assert refused.value.key == key
        assert refused.value.version == 0
        assert (table.state, table.version) == before
    accepted = table.move(seat, 0, action)
    assert (accepted.version, accepted.seat, table.version) == (0, seat, 1)
    stale = "stale move: it was chosen at version 0, the table is at version 1"
    with pytest.raises(MoveRefusedError, match=stale):
        table.move(game.current_player(table.state), 0, action)


def test_an_illegal_move_is_refused_with_the_librarys_own_error_text() -> None:
    """The refusal of an action the rules forbid is the IllegalActionError text, key and params
    the library gives for it."""
    table, _ = _tables().create("no-good-gremlins", 2, seed=7)
    game = table.game
    legal = set(game.legal_actions(table.state))
    illegal = next(a for a in game.all_actions(2) if a not in legal)
    with pytest.raises(IllegalActionError) as library:
        game.apply(table.state, illegal)
    with pytest.raises(MoveRefusedError) as refused:
        table.move(game.current_player(table.state), 0, illegal)
    assert str(refused.value) == str(library.value)
    assert refused.value.key == library.value.key
    assert refused.value.params == library.value.params
    assert table.version == 0


@pytest.mark.parametrize("message", [
    [1, 2], {"action": {"type": "Build"}}, {"version": True, "text": "build iron"},
    {"version": "0", "text": "build iron"}, {"version": 0}, {"version": 0, "action": {"type": "Fly"}},
    {"version": 0, "text": "fly away"}, {"version": 0, "action": "build iron"},
])
def test_malformed_move_messages_are_refused_with_a_readable_reason(message: Any) -> None:
    """A move message without an integer version or a well-formed action is refused as
    web.bad-move, with a message and no traceback text."""
    table, _ = _tables().create("no-good-gremlins", 2, seed=7)
    with pytest.raises(MoveRefusedError) as refused:
        table.parse_move(message)
    assert refused.value.key == "web.bad-move"
    assert str(refused.value)
    assert "Traceback" not in str(refused.value)


def test_a_move_in_the_games_notation_is_the_same_move() -> None:
    """``{"text": ...}`` in the game's notation parses to the action whose str() it is."""
    table, _ = _tables().create("no-good-gremlins", 2, seed=7)
    action = table.game.legal_actions(table.state)[-1]
    assert table.parse_move({"version": 0, "text": str(action)}) == (0, action)
    assert table.parse_move({"version": 0, "action": table.game.to_data(action)}) == (0, action)


@pytest.mark.parametrize("game_id", gremlinrules.game_ids())
def test_updates_hold_only_the_seats_view_its_legal_actions_and_its_redacted_events(game_id: str) -> None:
    """For every seat and the spectator, after each move, the update's view is observe(state,
    seat) with the game's sentences for it (view_text), legal actions go only to the seat that
    decides (labelled from its view), and the events are exactly observe_event of what happened,
    each with its sentence for that seat (event_text, told with the seat's view)."""
    game = gremlinrules.get_game(game_id)
    players = min(game.player_counts)
    table, _ = _tables().create(game_id, players, seed=3)
    rnd = random.Random(game_id)
    for _ in range(25):
        seat = game.current_player(table.state)
        if seat is None:
            break
        before = table.state
        action = rnd.choice(game.legal_actions(before))
        accepted = table.move(seat, table.version, action)
        _, events = game.apply_with_events(before, action)
        for viewer in (*range(players), None):
            update = table.update(viewer, [accepted])
            view = game.observe(table.state, viewer)
            assert update["view"] == game.to_data(view)
            assert update["text"] == list(game.view_text(view))
            redacted = [e for e in (game.observe_event(e, viewer) for e in events) if e is not None]
            assert update["events"] == [{"version": accepted.version, "seat": seat,
                                         "events": [game.to_data(e) for e in redacted],
                                         "text": [game.event_text(e, viewer, view=view) for e in redacted]}]
            legal = game.legal_actions(table.state) if viewer == game.current_player(table.state) else ()
            assert [a["action"] for a in update["legal"]] == [game.to_data(a) for a in legal]
            labels = [str(game.action_label(view, a)) for a in legal]
            assert [a["label"]["text"] for a in update["legal"]] == labels
            assert "state" not in update
            assert update["version"] == table.version


def test_a_reloaded_table_replays_its_log_to_the_same_state_and_history(tmp_path: Path) -> None:
    """A second server on the same SQLite file gets the same state, version and event history by
    replaying the setup and the log, and finds the cached state equal to the replay."""
    db = tmp_path / "t.sqlite"
    table, tokens = _tables(db).create("gnaughty-gnomes", 2, seed=9, bots=[1])
    _play(table, 30, random.Random(2))
    again = _tables(db).get(table.id)
    assert again.state == table.state
    assert again.version == table.version == 30
    assert again.history == table.history
    assert not again.cache_was_stale
    assert again.seat_of(tokens[0]) == 0
    assert again.update(0) == table.update(0)


def test_a_cache_that_disagrees_with_the_log_is_found_and_rewritten(tmp_path: Path) -> None:
    """The log is the authority: a cached state of another position is detected at load and
    replaced by the replay's."""
    db = tmp_path / "t.sqlite"
    table, _ = _tables(db).create("no-good-gremlins", 2, seed=5)
    _play(table, 10, random.Random(1))
    with sqlite3.connect(db) as raw:
        raw.execute("UPDATE tables SET state = ?, version = 0 WHERE id = ?",
                    (table.game.to_json(table.game.new_game(2, 5)), table.id))
    reloaded = _tables(db).get(table.id)
    assert reloaded.cache_was_stale
    assert reloaded.state == table.state
    assert not _tables(db).get(table.id).cache_was_stale


def test_the_log_never_holds_two_actions_at_one_version(tmp_path: Path) -> None:
    """The action log's primary key refuses a second row at the same version."""
    store = TableStore(str(tmp_path / "t.sqlite"))
    table, _ = Tables(store).create("no-good-gremlins", 2, seed=5)
    _play(table, 1, random.Random(1))
    with pytest.raises(sqlite3.IntegrityError):
        store.append(table.id, 0, 0, '{"type": "Pass"}', "{}")
    assert store.log_length(table.id) == 1


def test_simultaneous_moves_at_one_version_are_accepted_exactly_once() -> None:
    """Eight threads send the same seat's move at the same version at once: one is accepted,
    seven are refused as stale, and the log holds one action."""
    tables = _tables()
    table, _ = tables.create("gnaughty-gnomes", 2, seed=1)
    seat = table.game.current_player(table.state)
    action = table.game.legal_actions(table.state)[0]
    outcomes: list[str] = []
    barrier = threading.Barrier(8)

    def send() -> None:
        barrier.wait()
        try:
            table.move(seat, 0, action)
            outcomes.append("accepted")
        except MoveRefusedError as exc:
            outcomes.append(exc.key)

    threads = [threading.Thread(target=send) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(outcomes) == ["accepted"] + ["web.stale"] * 7
    assert tables.store.log_length(table.id) == 1 == table.version


def test_a_bot_seat_has_no_token_and_its_bot_chooses_a_legal_action() -> None:
    """Bot seats are played by the server: the bot's action is legal for the seat to decide, and
    no bot moves when a human seat decides."""
    table, tokens = _tables().create("gremlins-inc", 2, seed=3, bots=[0, 1], bot="plain")
    assert tokens == [None, None]
    for _ in range(20):
        chosen = table.bot_action()
        assert chosen is not None
        seat, version, action = chosen
        assert seat == table.game.current_player(table.state)
        assert version == table.version
        assert table.game.is_legal(table.state, action)
        table.move(seat, version, action)
    human, _ = _tables().create("gremlins-inc", 2, seed=3, bots=[])
    assert human.bot_action() is None


@pytest.mark.parametrize(("setup", "error"), [
    ({"game": "chess", "players": 2}, UnknownGameError),
    ({"game": "no-good-gremlins", "players": 9}, SetupError),
    ({"game": "no-good-gremlins", "players": "2"}, InvalidArgumentError),
    ({"game": "no-good-gremlins", "players": 2, "bots": [5]}, InvalidArgumentError),
    ({"game": "no-good-gremlins", "players": 2, "bots": "0"}, InvalidArgumentError),
    ({"game": "no-good-gremlins", "players": 2, "bot": "ismcts"}, InvalidArgumentError),
    ({"game": "no-good-gremlins", "players": 2, "seed": -1}, InvalidArgumentError),
    ({"game": "no-good-gremlins", "players": 2, "options": {"round_limit": "many"}}, SerializationError),
    ({"game": "no-good-gremlins", "players": 2, "colour": "red"}, InvalidArgumentError),
    ({"players": 2}, InvalidArgumentError),
    ([], InvalidArgumentError),
])
def test_a_bad_new_table_is_refused_with_the_librarys_error(setup: Any, error: type[Exception]) -> None:
    """Each malformed table setup raises the library error that names its fault."""
    with pytest.raises(error):
        _tables().create_from_data(setup)


def test_options_are_applied_and_stored() -> None:
    """A table made with options plays under them and keeps them in its setup."""
    tables = _tables()
    table, _ = tables.create_from_data({"game": "no-good-gremlins", "players": 2, "seed": 1,
                                        "options": {"round_limit": 12}})
    assert table.state.options.round_limit == 12
    assert table.options_data["round_limit"] == 12


@pytest.mark.parametrize("table_id", ["nope", "", 5, "x" * 65])
def test_an_unknown_table_is_an_unknown_table_error(table_id: Any) -> None:
    """Looking up a table that does not exist raises UnknownTableError (a LookupError)."""
    tables = _tables()
    tables.create("no-good-gremlins", 2)
    with pytest.raises(UnknownTableError) as missing:
        tables.get(table_id)
    assert isinstance(missing.value, LookupError)
    assert isinstance(missing.value, GremlinRulesError)


@settings(max_examples=max(10, settings().max_examples // 2))  # fast: 12 tables; deep: 300
@given(st.data())
def test_whatever_clients_send_the_table_equals_the_replay_of_its_stored_log(
        tmp_path_factory: pytest.TempPathFactory, data: st.DataObject) -> None:
    """Property: after any sequence of messages from any seat (legal moves, stale versions, other
    seats' turns, spectators, illegal or malformed actions), the table's state is the replay of
    its stored setup and log, its version is the log's length, every refused message left both
    unchanged, and every accepted one added exactly one log row."""
    game_id = data.draw(st.sampled_from(gremlinrules.game_ids()), label="game")
    game = gremlinrules.get_game(game_id)
    players = data.draw(st.sampled_from(game.player_counts), label="players")
    db = tmp_path_factory.mktemp("prop") / "t.sqlite"
    tables = _tables(db)
    table, _ = tables.create(game_id, players, seed=data.draw(st.integers(0, 2**31 - 1), label="seed"))
    every_action = game.all_actions(players)
    for _ in range(data.draw(st.integers(1, 40), label="messages")):
        before = (table.state, table.version)
        seat = data.draw(st.sampled_from([*range(players), None]), label="seat")
        version = table.version + data.draw(st.sampled_from([0, 0, 0, -1, 1]), label="version offset")
        legal = game.legal_actions(table.state)
        use_legal = data.draw(st.booleans(), label="a legal action")
        pool = legal if legal and use_legal else every_action
        action = data.draw(st.sampled_from(pool), label="action")
        should = (version == table.version and seat == game.current_player(table.state)
                  and game.is_legal(table.state, action))
        try:
            table.move(seat, version, action)
            accepted = True
        except MoveRefusedError:
            accepted = False
        assert accepted == should
        if not accepted:
            assert (table.state, table.version) == before
        assert tables.store.log_length(table.id) == table.version == before[1] + accepted
    reloaded = _tables(db).get(table.id)
    assert reloaded.state == table.state
    assert reloaded.version == table.version
    assert not reloaded.cache_was_stale


def test_a_tables_event_sentences_name_its_own_cards_where_a_user_deck_renames_them() -> None:
    """The page's event sentences are told with the seat's view, so a Gremlins, Inc. table
    playing a user's deck names that deck's cards, never the reference deck's names."""
    from gremlinrules.gremlins_inc import REFERENCE

    game = gremlinrules.get_game("gremlins-inc")
    options = game.to_data(game.Options(components=REFERENCE))
    cards = options["components"]["cards"]
    names = sorted({card["name"] for card in cards}, key=len, reverse=True)
    options["components"]["cards"] = [{**card, "name": "Custom " + card["name"]} for card in cards]
    table, _ = _tables().create("gremlins-inc", 2, seed=3, options=options)
    _play(table, 80, random.Random(5))
    told = [sentence for seat in (0, 1, None)
            for move in table.update(seat)["events"] for sentence in move["text"]]
    assert any("Custom " in sentence for sentence in told)
    for sentence in told:
        for name in names:
            sentence = sentence.replace("Custom " + name, "")
        assert not any(name in sentence for name in names), sentence
