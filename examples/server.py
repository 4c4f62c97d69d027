"""A server-style loop: hold the state, apply moves, send each seat its JSON view.

Run it: ``python examples/server.py``. The "clients" here are random bots that
see only their JSON view and answer with an action in JSON, as a web client
would; the server validates every message and never sends the state itself.
Each legal action goes out with its label (text, message id and parameters,
for translation) and its text notation; after each move every seat, and the
spectators, receive the events as they may see them (see docs/rendering.rst).
"""

from __future__ import annotations

import json
import random
from typing import Any

import gremlinrules
from gremlinrules import GremlinRulesError


class Table:
    """The authoritative game: the only place the full state lives."""

    def __init__(self, game_id: str, players: int, seed: int) -> None:
        self.game = gremlinrules.get_game(game_id)
        self.state: Any = self.game.new_game(players, seed)
        self.players = players
        self.outbox: dict[int | None, list[Any]] = {seat: [] for seat in (*range(players), None)}
        """Per seat (None: the spectators), the redacted events not yet sent."""

    def view_for(self, seat: int | None) -> str:
        """The JSON a seat's client (None: a spectator) receives: its view, the events it has not
        seen yet, and its labelled legal actions when it must act."""
        game, state = self.game, self.state
        view = game.observe(state, seat)
        legal = game.legal_actions(state) if seat is not None and game.current_player(state) == seat else ()
        events, self.outbox[seat] = self.outbox[seat], []
        return json.dumps({
            "view": game.to_data(view),
            "events": [game.to_data(e) for e in events],
            "legal": [{"action": game.to_data(a), "text": str(a),
                       "label": _message_data(game.action_label(view, a))} for a in legal],
        })

    def receive(self, seat: int, message: str) -> str | None:
        """Apply a client's action; return an error text for the client, or None."""
        if self.game.current_player(self.state) != seat:
            return "not your turn"
        try:
            action = self.game.from_json(message, self.game.Action)
            self.state, events = self.game.apply_with_events(self.state, action)
        except GremlinRulesError as exc:  # bad JSON, bad action: the state is unchanged
            return str(exc)
        for viewer, box in self.outbox.items():
            seen = (self.game.observe_event(event, viewer) for event in events)
            box.extend(e for e in seen if e is not None)
        return None


def _message_data(text: str) -> Any:
    """A label as a frontend receives it: its text, message id and parameters."""
    as_data = getattr(text, "as_data", None)
    return as_data() if callable(as_data) else {"text": str(text)}


def random_client(payload: str, rnd: random.Random) -> str:
    """A client that picks one of the legal actions it was sent (or sends junk sometimes)."""
    legal = json.loads(payload)["legal"]
    if rnd.random() < 0.05:
        return '{"type": "Play", "card": {"suit": "green", "rank": 11}}'
    return json.dumps(rnd.choice(legal)["action"])


def main() -> None:
    """Play one game through the JSON boundary and print the result."""
    table = Table("gnaughty-gnomes", players=4, seed=3)
    rnd = random.Random(1)
    refused = 0
    events_seen = 0
    while not table.game.is_terminal(table.state):
        seat = table.game.current_player(table.state)
        if seat is None:
            break
        error = table.receive(seat, random_client(table.view_for(seat), rnd))
        refused += error is not None
        events_seen += len(json.loads(table.view_for(None))["events"])  # a spectator's screen
    print("scores:", table.game.scores(table.state), "winners:", table.game.winners(table.state))
    print("malformed messages refused:", refused)
    print("events a spectator saw:", events_seen)


if __name__ == "__main__":
    main()
