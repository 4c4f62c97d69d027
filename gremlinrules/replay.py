"""Step through a game record in the terminal (the CLI's ``replay``).

A record (:mod:`gremlinrules.core.records`) is loaded and checked first: one
of another format version, or made under other rules or component versions,
is refused with the library's message before anything is shown. Then the
game is replayed from its setup; after each action the terminal shows who
acted, the action's text notation and its label (from the acting seat's
view), the events as the chosen seat (or the spectator) sees them, in sentences, and
that seat's view in sentences. At the end it shows the result, why the game ended (with the
clause id), and checks the result against the one the record states.
"""

from __future__ import annotations

from typing import Any
from typing import TextIO

from gremlinrules.core.errors import InvalidArgumentError
from gremlinrules.core.errors import SerializationError
from gremlinrules.core.errors import shown
from gremlinrules.core.records import LoadedRecord
from gremlinrules.core.records import load_record
from gremlinrules.textview import end_words
from gremlinrules.textview import render_event
from gremlinrules.textview import render_view
from gremlinrules.textview import seat_name

__all__ = ["replay_record"]


def replay_record(text: str | bytes, out: TextIO, *, seat: int | None = None) -> LoadedRecord:
    """Replay the record ``text`` to ``out`` as ``seat`` sees it (None: the spectator).

    Returns the loaded record. Raises :class:`SerializationError` for a record
    that is refused or malformed, or whose replay ends in another result than
    the one it states; :class:`InvalidArgumentError` for a seat outside its table;
    the game's own error if a recorded action is illegal.
    """
    record = load_record(text)
    game = record.game
    if seat is not None and not 0 <= seat < record.players:
        raise InvalidArgumentError(f"--seat must be a seat from 0 to {record.players - 1}, not {seat}")
    state = game.new_game(record.players, record.seed, options=record.options, setup=record.setup)
    start = "a stacked setup" if record.setup is not None else f"seed {record.seed}"
    out.write(f"{game.title}: {record.players} players, {start}, {len(record.actions)} actions "
              f"(recorded by gremlinrules {record.library or '?'}); shown to {seat_name(seat)}\n\n")
    out.write(render_view(game, game.observe(state, seat)) + "\n")
    for number, action in enumerate(record.actions, 1):
        actor = game.current_player(state)
        label = game.action_label(game.observe(state, actor), action) if actor is not None else ""
        state, events = game.apply_with_events(state, action)
        seen = [e for e in (game.observe_event(event, seat) for event in events) if e is not None]
        out.write(f"\n{number}. {seat_name(actor)}: {action}  ({label})\n")
        view = game.observe(state, seat)
        for event in seen:
            out.write(f"   * {render_event(game, event, seat, view)}\n")
        out.write(render_view(game, view) + "\n")
    result: dict[str, Any] = {"terminal": game.is_terminal(state), "scores": list(game.scores(state)),
                              "winners": list(game.winners(state))}
    out.write("\nResult: " + ("game over" if result["terminal"] else "unfinished") + "; scores "
              + ", ".join(f"seat {i}: {s}" for i, s in enumerate(result["scores"])) + "; winners "
              + (", ".join(seat_name(w) for w in result["winners"]) or "none") + "\n")
    why = end_words(game, state)
    if why is not None:
        out.write(f"Why it ended: {why}\n")
    if record.result and record.result != result:
        raise SerializationError(f"the record states the result {shown(record.result)}, but replaying "
                                 f"it gives {result}", "$.result")
    return record
