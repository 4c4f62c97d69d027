"""Regenerate spec/gnaughty-gnomes/scenarios/*.json (the rulebook's worked example and more).

The spot numbers come from the board geometry; run this after changing it:
``python tools/make_gg_scenarios.py``. The output is checked in and played by
tests/test_scenarios.py.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

LAYOUT = ["black", "black", "orange", "orange", "purple", "red", "white", "purple", "purple",
          "orange", "black", "red", "red"]
TRACK = ["red", "purple", "black", "orange"]
OUT = Path(__file__).resolve().parent.parent / "spec" / "gnaughty-gnomes" / "scenarios"


def card(suit: str, rank: int | str) -> dict[str, Any]:
    """A card in its JSON form (an X card's rank is "X")."""
    return {"suit": suit, "rank": rank}


def hands(first: list[tuple[str, int]]) -> list[list[dict[str, Any]]]:
    """Nine cards per position: the given first cards, then the rest dealt round robin."""
    used = set(first)
    rest = [(s, r) for s in TRACK for r in range(1, 9) if (s, r) not in used]
    out = [[card(*first[p])] for p in range(4)]
    for i, c in enumerate(rest):
        out[i % 4].append(card(*c))
    for p, s in enumerate(TRACK):
        out[p].append(card(s, "X"))
    return out


EXAMPLE_SETUP: dict[str, Any] = {"players": 4, "seed": 0, "setup": {
    "layout": LAYOUT, "track": TRACK, "start": 0,
    "hands": hands([("red", 6), ("red", 2), ("black", 1), ("purple", 5)])}}
PLAYS: list[dict[str, Any]] = [{"action": {"type": "Play", "card": card("red", 6)}, "note": "player 1"},
         {"action": {"type": "Play", "card": card("red", 2)}, "note": "player 2"},
         {"action": {"type": "Play", "card": card("black", 1)}, "note": "player 3"},
         {"action": {"type": "Play", "card": card("purple", 5)}, "note": "player 4"}]
OUTER_PURPLE, PURPLE_RED, RED_BLACK, RED_ORANGE_BLACK = 0, 8, 17, 62
PLACES: list[dict[str, Any]] = [
    {"illegal": {"type": "Place", "suit": "purple", "spot": PURPLE_RED},
     "note": "the trick winner may not use a side shared by two coloured hexes"},
    {"action": {"type": "Place", "suit": "purple", "spot": OUTER_PURPLE},
     "note": "player 1, trick winner: outer side of a purple hex; no other gnome, no score"},
    {"expect": {"scores": [1, 0, 1, 0], "current_player": 1}},
    {"illegal": {"type": "Place", "suit": "purple", "spot": OUTER_PURPLE},
     "note": "the purple card is flipped and the spot is taken"},
    {"action": {"type": "Place", "suit": "red", "spot": PURPLE_RED},
     "note": "player 2, middle: side between red and purple: a tie on purple (worth 4) scores 2"},
    {"expect": {"scores": [1, 2, 1, 2], "current_player": 3}},
    {"action": {"type": "Place", "suit": "black", "spot": RED_BLACK},
     "note": "player 4, middle: side between black and red; no opponent there, no score"},
    {"expect": {"scores": [1, 2, 1, 2], "current_player": 2,
                "legal": [{"type": "Place", "suit": "red", "spot": RED_ORANGE_BLACK}],
                "not_legal": [{"type": "Place", "suit": "black", "spot": RED_ORANGE_BLACK}]}},
    {"action": {"type": "Place", "suit": "red", "spot": RED_ORANGE_BLACK},
     "note": "player 3, trick loser: the red-orange-black corner: a tie on black (worth 3) scores 1"},
]


def first_spot(colour: str, category: int, skip: int = 0) -> int:
    """The first (or a later) spot open to ``category`` next to ``colour`` on LAYOUT."""
    from gremlinrules.gnaughty_gnomes.board import candidate_spots
    from gremlinrules.gnaughty_gnomes.components import Colour

    layout = tuple(Colour(c) for c in LAYOUT)
    return candidate_spots(layout, Colour(colour), category, False)[skip]


def write(name: str, title: str, clauses: list[str], steps: list[dict[str, Any]],
          setup: dict[str, Any] | None = None) -> None:
    """Write one scenario file."""
    data = {"name": title, "description": title, "clauses": clauses,
            "setup": setup or EXAMPLE_SETUP, "steps": steps}
    (OUT / name).write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")


def main() -> None:
    """Write every scenario."""
    OUT.mkdir(parents=True, exist_ok=True)
    write("example-1-turn-order.json",
          "Worked example: red 6, red 2, purple 5 and black 1 take turn-order places 1 to 4",
          ["GG-TRICK-1", "GG-TRICK-2", "GG-PLACE-1"],
          [*PLAYS, {"expect": {"fields": {
              "phase": "play", "order": [0, 1, 3, 2],
              # the four placement frames, the trick winner's on top (last): player 1 at position 0
              "stack.3.kind": "place", "stack.3.seat": 0, "stack.3.source": "turn-order-1",
              "stack.0.seat": 2, "stack.0.source": "turn-order-4"},
              "current_player": 0, "scores": [1, 0, 1, 0]}}])
    write("example-2-ties.json",
          "Worked example: the tie on purple scores 2, the tie on black scores 1",
          ["GG-SCORE-1", "GG-SCORE-3", "GG-SCORE-4", "GG-PLACE-2", "GG-PLACE-3", "GG-PLACE-4",
           "GG-PLACE-5", "GG-PLACE-6", "GG-PLACE-10"],
          [*PLAYS, *PLACES])
    write("example-3-clean-up.json",
          "Worked example: after red 6 wins, the track reads purple, black, red, orange",
          ["GG-CLEAN-1", "GG-CLEAN-3", "GG-CLEAN-4"],
          [*PLAYS, *PLACES, {"expect": {
              "scores": [2, 2, 2, 2], "current_player": 2,
              "fields": {"track": ["purple", "black", "red", "orange"], "phase": "play",
                         "trick": 1, "leader": 2}}}])
    x_setup: dict[str, Any] = {"players": 4, "seed": 0, "setup": {
        "layout": LAYOUT, "track": TRACK, "start": 0,
        "hands": hands([("red", 8), ("purple", 8), ("black", 8), ("orange", 8)])}}
    x_setup["setup"]["hands"][1] = [c for c in x_setup["setup"]["hands"][1] if c != card("purple", "X")]
    x_setup["setup"]["hands"][1].append(card("red", "X"))
    x_setup["setup"]["hands"][0] = [c for c in x_setup["setup"]["hands"][0] if c != card("red", "X")]
    x_setup["setup"]["hands"][0].append(card("purple", "X"))
    write("x-card-high.json",
          "An X card declared 8 high beats the 8 of its suit and moves the track as an 8",
          ["GG-X-1", "GG-X-2", "GG-CLEAN-1"],
          [{"illegal": {"type": "Play", "card": card("red", "X")},
            "note": "an X card must be played with PlayX"},
           {"action": {"type": "Play", "card": card("red", 8)}},
           {"illegal": {"type": "PlayX", "suit": "red", "rank": 9, "high": True}},
           {"action": {"type": "PlayX", "suit": "red", "rank": 8, "high": True}},
           {"action": {"type": "Play", "card": card("black", 8)}},
           {"action": {"type": "Play", "card": card("orange", 8)}},
           {"expect": {"fields": {"order": [1, 0, 2, 3]}, "current_player": 1,
                       "scores": [0, 1, 0, 1]}},
           {"action": {"type": "Place", "suit": "red", "spot": first_spot("red", 0)}},
           {"action": {"type": "Place", "suit": "red", "spot": first_spot("red", 1, 1)}},
           {"action": {"type": "Place", "suit": "black", "spot": first_spot("black", 1)}},
           {"action": {"type": "Place", "suit": "orange", "spot": first_spot("orange", 2)}},
           {"expect": {"fields": {"track": ["purple", "black", "orange", "red"], "leader": 3}}}],
          setup=x_setup)


if __name__ == "__main__":
    main()
