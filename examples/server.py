"""A server-style loop: hold the state, apply moves, send each seat its JSON view.

Run it: ``python examples/server.py``. The "clients" here are random bots that
see only their JSON view and answer with an action in JSON, as a web client
would; the server validates every message and never sends the state itself.
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

    def view_for(self, seat: int) -> str:
        """The JSON a seat's client receives: its view and its legal actions when it must act."""
        game, state = self.game, self.state
        legal = game.legal_actions(state) if game.current_player(state) == seat else ()
        return json.dumps({
            "view": game.to_data(game.observe(state, seat)),
            "legal": [game.to_data(a) for a in legal],
        })

    def receive(self, seat: int, message: str) -> str | None:
        """Apply a client's action; return an error text for the client, or None."""
        if self.game.current_player(self.state) != seat:
            return "not your turn"
        try:
            action = self.game.from_json(message, self.game.Action)
            self.state = self.game.apply(self.state, action)
        except GremlinRulesError as exc:  # bad JSON, bad action: the state is unchanged
            return str(exc)
        return None


def random_client(payload: str, rnd: random.Random) -> str:
    """A client that picks one of the legal actions it was sent (or sends junk sometimes)."""
    legal = json.loads(payload)["legal"]
    if rnd.random() < 0.05:
        return '{"type": "Play", "card": {"suit": "green", "rank": 11}}'
    return json.dumps(rnd.choice(legal))


def main() -> None:
    """Play one game through the JSON boundary and print the result."""
    table = Table("gnaughty-gnomes", players=4, seed=3)
    rnd = random.Random(1)
    refused = 0
    while not table.game.is_terminal(table.state):
        seat = table.game.current_player(table.state)
        if seat is None:
            break
        error = table.receive(seat, random_client(table.view_for(seat), rnd))
        refused += error is not None
    print("scores:", table.game.scores(table.state), "winners:", table.game.winners(table.state))
    print("malformed messages refused:", refused)


if __name__ == "__main__":
    main()
