"""``gremlinrules play``: a person plays one seat against bots, driven here through standard input."""

from __future__ import annotations

import io
import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import gremlinrules
from gremlinrules import Game
from gremlinrules import InvalidArgumentError
from gremlinrules.cli import main
from gremlinrules.core.records import load_record
from gremlinrules.core.records import replay
from gremlinrules.play import choose_action
from gremlinrules.play import play_terminal
from gremlinrules.textview import render_view

GAME_IDS = gremlinrules.game_ids()


def frontend_game(game_id: str) -> Game:
    """The registered game (every game provides the frontend contract: no test skips)."""
    return gremlinrules.get_game(game_id)


class Answers:
    """Standard input that answers ``answer`` to every question and counts the questions."""

    def __init__(self, answer: str, limit: int) -> None:
        self.answer = answer
        self.limit = limit
        self.asked = 0

    def readline(self) -> str:
        """The next answer, or end of input after ``limit`` answers."""
        if self.asked >= self.limit:
            return ""
        self.asked += 1
        return self.answer + "\n"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_person_plays_a_whole_game_through_stdin_seeing_only_their_view(
        game_id: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """Answering "1" to every question plays a whole game to its end: each of the person's
    decisions shows exactly that seat's view (as rendered) and its numbered labelled legal
    actions, and the record written replays to a finished game whose every decision of the
    person's seat took the first legal action."""
    game = frontend_game(game_id)
    players, seat = max(game.player_counts), 1
    stdin = Answers("1", game.decision_bound(players))
    monkeypatch.setattr(sys, "stdin", stdin)
    record_path = tmp_path / "game.json"
    assert main(["play", game_id, "--seat", str(seat), "--players", str(players), "--seed", "5",
                 "--record", str(record_path)]) == 0
    out = capsys.readouterr().out
    loaded = load_record(record_path.read_text(encoding="utf-8"))
    states = replay(loaded)
    assert game.is_terminal(states[-1])
    assert "Game over" in out
    mine = [(s, a) for s, a in zip(states, loaded.actions, strict=False) if game.current_player(s) == seat]
    assert stdin.asked == len(mine) == out.count("Your move:") > 0
    for state, action in mine:
        view = game.observe(state, seat)
        legal = game.legal_actions(state)
        assert action == legal[0]
        assert render_view(game, view) in out
        assert f"    1. {game.action_label(view, legal[0])}   [{legal[0]}]" in out


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_end_of_input_ends_the_session_cleanly_and_the_record_holds_what_was_played(
        game_id: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """Input that ends after a few answers stops the session with status 0 and says so; the
    record is written, unfinished, with the actions played so far."""
    game = frontend_game(game_id)
    monkeypatch.setattr(sys, "stdin", Answers("1", 2))
    record_path = tmp_path / "part.json"
    assert main(["play", game_id, "--seed", "2", "--record", str(record_path)]) == 0
    out = capsys.readouterr().out
    assert "left unfinished" in out
    record = json.loads(record_path.read_text(encoding="utf-8"))
    assert record["result"]["terminal"] is False
    states = replay(load_record(record))
    assert game.current_player(states[-1]) == 0  # stopped at the person's third question
    assert sum(1 for s in states[:-1] if game.current_player(s) == 0) == 2


class ScreenReader:
    """A person who reads the screen (``out``) and types the notation shown beside the last
    action listed, once; then end of input."""

    def __init__(self, out: io.StringIO) -> None:
        self.out = out
        self.typed: list[str] = []

    def readline(self) -> str:
        """The notation of the last listed action, the first time; end of input after."""
        if self.typed:
            return ""
        listing = self.out.getvalue().rsplit("Your move:", 1)[1]
        last = [line for line in listing.splitlines() if line.endswith("]")][-1]
        self.typed.append(last[last.rindex("   [") + 4:-1])
        return self.typed[-1] + "\n"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_person_may_answer_in_the_text_notation(game_id: str) -> None:
    """Typing the notation shown beside the last legal action plays that action."""
    game = frontend_game(game_id)
    out = io.StringIO()
    stdin = ScreenReader(out)
    result = play_terminal(game, game.min_players, seat=0, seed=4, inp=stdin, out=out)
    states = replay_actions(game, game.min_players, 4, result.actions)
    first = next(i for i, s in enumerate(states) if game.current_player(s) == 0)
    assert result.actions[first] == game.legal_actions(states[first])[-1]
    assert stdin.typed == [str(game.legal_actions(states[first])[-1])]


def replay_actions(game: Game, players: int, seed: int, actions: tuple[Any, ...]) -> list[Any]:
    """Every state of a game from ``seed`` through ``actions``."""
    states = [game.new_game(players, seed)]
    for action in actions:
        states.append(game.apply(states[-1], action))
    return states


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_choose_action_takes_a_number_a_notation_or_a_label_and_refuses_the_rest(game_id: str) -> None:
    """A number from 1, the notation of a legal action and the text of its label (any case) each
    name that action; 0, a number past the end, gibberish and a notation of an action that is not
    legal now are refused with InvalidArgumentError."""
    game = frontend_game(game_id)
    state = game.new_game(max(game.player_counts), 1)
    view = game.observe(state, game.current_player(state))
    legal = game.legal_actions(state)
    labels = [game.action_label(view, a) for a in legal]
    for i, action in enumerate(legal):
        assert choose_action(game, legal, labels, f" {i + 1}\n") == action
        assert choose_action(game, legal, labels, str(action)) == action
        assert choose_action(game, legal, labels, labels[i].upper()) == action
    for bad in ("0", str(len(legal) + 1), "@@ no such action @@"):
        with pytest.raises(InvalidArgumentError):
            choose_action(game, legal, labels, bad)
    illegal = [a for a in game.all_actions(max(game.player_counts)) if a not in legal]
    if illegal:
        with pytest.raises(InvalidArgumentError, match="not legal now"):
            choose_action(game, legal, labels, str(illegal[0]))


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_spectate_plays_bots_at_every_seat_and_shows_only_the_spectators_view(game_id: str) -> None:
    """With ``seat=None`` no question is asked: the bots play the game to its end and every view
    shown is the spectator's."""
    game = frontend_game(game_id)
    out = io.StringIO()
    result = play_terminal(game, game.min_players, seat=None, seed=6, inp=io.StringIO(""), out=out)
    assert result.finished
    assert game.is_terminal(result.state)
    text = out.getvalue()
    assert "Your move" not in text
    assert "seen by the spectator" in text
    assert "seen by seat" not in text
    assert text.count("\n* ") == len(result.actions)


def test_a_seat_outside_the_table_or_an_unknown_bot_exits_with_status_2(
        capsys: pytest.CaptureFixture[str]) -> None:
    """``--seat 9`` at a smaller table and ``--bot nobody`` are refused with status 2 and a message."""
    game_id = GAME_IDS[0]
    assert main(["play", game_id, "--seat", "9"]) == 2
    assert "--seat must be a seat from 0" in capsys.readouterr().err
    assert main(["play", game_id, "--bot", "nobody"]) == 2
    assert "no bot" in capsys.readouterr().err


def test_play_runs_as_a_program_reading_a_pipe() -> None:
    """``python -m gremlinrules play`` reads its answers from a pipe and ends at end of input with
    status 0, echoing the answers it read."""
    game = frontend_game("no-good-gremlins")
    done = subprocess.run([sys.executable, "-m", "gremlinrules", "play", game.id, "--seed", "1"],
                          input="1\n1\n", capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.count("Your move:") == 3
    assert "> 1\n" in done.stdout
    assert "left unfinished" in done.stdout


@pytest.mark.parametrize("game_id", GAME_IDS)
@pytest.mark.parametrize("seat", [0, None])
def test_the_text_view_is_a_head_line_then_the_games_sentences(game_id: str, seat: int | None) -> None:
    """A rendered view (a seat's or the spectator's) opens with the game, the viewer and the
    table's size, then is exactly the game's own sentences for the view (``view_text``): no field
    dump (no ``format_version``, no ``current_player``)."""
    game = frontend_game(game_id)
    state = game.new_game(game.min_players, 8)
    rnd = random.Random(8)
    for _ in range(12):
        legal = game.legal_actions(state)
        state = game.apply(state, legal[rnd.randrange(len(legal))])
    view = game.observe(state, seat)
    lines = render_view(game, view).splitlines()
    who = "the spectator" if seat is None else f"seat {seat}"
    assert lines[0] == f"{game.title}, seen by {who} ({game.min_players} players)"
    assert tuple(lines[1:]) == game.view_text(view)
    text = "\n".join(lines)
    assert "format_version" not in text
    assert "current_player" not in text


def test_ctrl_c_at_the_prompt_ends_the_session_like_end_of_input() -> None:
    """A KeyboardInterrupt while the person is asked ends the session unfinished, with the actions
    played so far, instead of a traceback."""
    game = frontend_game("no-good-gremlins")

    class Interrupted:
        """Standard input whose reader presses Ctrl-C."""

        def readline(self) -> str:
            raise KeyboardInterrupt

    out = io.StringIO()
    result = play_terminal(game, 2, seat=0, seed=1, inp=Interrupted(), out=out)
    assert not result.finished
    assert game.current_player(result.state) == 0
    assert "left unfinished" in out.getvalue()


class Script:
    """Standard input that types ``lines`` in order, then answers "1" until ``limit`` answers in
    all, then ends."""

    def __init__(self, lines: list[str], limit: int = 0) -> None:
        self.lines = list(lines)
        self.limit = limit
        self.asked = 0

    def readline(self) -> str:
        """The next scripted line, then "1" up to the limit, then end of input."""
        self.asked += 1
        if self.lines:
            return self.lines.pop(0) + "\n"
        return "1\n" if self.asked <= self.limit else ""


def test_help_and_moves_answer_without_playing_and_quit_leaves_with_status_0(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """``help`` lists the commands and ``moves`` the legal moves again, numbered, neither playing
    a move; ``quit`` ends the session unfinished and the command line exits with status 0."""
    monkeypatch.setattr(sys, "stdin", Script(["help", "moves", "quit"]))
    assert main(["play", "no-good-gremlins", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "undo   take back your last move" in out
    assert "quit   leave the game unfinished" in out
    assert out.count("    1. Draw two cards   [draw]\n") == 2  # the menu, then once more for moves
    assert "You left the game: it is left unfinished." in out
    assert out.count("Your move:") == 1


def test_quit_stops_the_game_where_it_is() -> None:
    """After two moves, ``quit`` returns the session unfinished with exactly those two moves."""
    game = frontend_game("no-good-gremlins")
    out = io.StringIO()
    result = play_terminal(game, 2, seat=0, seed=1, inp=Script(["1", "1", "quit"]), out=out)
    assert not result.finished
    states = replay_actions(game, 2, 1, result.actions)
    assert sum(1 for s in states[:-1] if game.current_player(s) == 0) == 2


def test_undo_takes_back_the_persons_last_move_and_the_bots_moves_after_it() -> None:
    """``undo`` replays the game without the person's last move (and the bots' moves after it):
    the session goes on from the person's decision before that move, and the record holds no trace
    of the move taken back; with nothing played yet it says so."""
    game = frontend_game("no-good-gremlins")
    out = io.StringIO()
    result = play_terminal(game, 2, seat=0, seed=3, inp=Script(["undo", "1", "1", "1", "1", "undo"]), out=out)
    text = out.getvalue()
    assert "Nothing to take back: you have not moved yet." in text
    assert "Taken back: your last move" in text
    states = replay_actions(game, 2, 3, result.actions)
    assert sum(1 for s in states[:-1] if game.current_player(s) == 0) == 3  # four moves, one taken back
    assert game.current_player(states[-1]) == 0
    reference = play_terminal(game, 2, seat=0, seed=3, inp=Script(["1", "1", "1"]), out=io.StringIO())
    assert result.actions[:len(reference.actions)] == reference.actions[:len(result.actions)]


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_bots_moves_are_told_in_sentences_not_reprs(game_id: str) -> None:
    """Every line telling a move (``* ...``) is the game's sentences for the events the person's
    seat sees: no class name and no parenthesised fields."""
    game = frontend_game(game_id)
    out = io.StringIO()
    play_terminal(game, game.min_players, seat=0, seed=2, inp=Script([], limit=6), out=out)
    told = [line for line in out.getvalue().splitlines() if line.startswith("* ")]
    assert told
    for line in told:
        assert "Acted(" not in line
        assert "=" not in line
        assert "{" not in line


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_finished_game_says_why_it_ended_with_the_clause(game_id: str) -> None:
    """At the end of a spectated game the terminal says why it ended, with ``end_reason``'s clause
    id in brackets."""
    game = frontend_game(game_id)
    out = io.StringIO()
    result = play_terminal(game, game.min_players, seat=None, seed=6, inp=io.StringIO(""), out=out)
    reason = game.end_reason(result.state)
    assert reason is not None
    last = out.getvalue().rstrip().splitlines()[-1]
    assert last.startswith("Why it ended: ")
    assert last.endswith(f"[{reason}]")
