"""Regenerate spec/gremlins-inc/scenarios/*.json: the rulebook's example turns and the issue's
situations, played on the engine-test card set (tests/gremlins_inc/helpers.py) from stacked deals.

Run ``python -m tests.gremlins_inc.make_scenarios`` after a rule or the reference deck's file
changes (a record names the reference deck's digest); tests/test_scenarios.py plays the output.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import gremlinrules
from gremlinrules.core.scenarios import scenario_document
from gremlinrules.core.scenarios import scenario_json
from gremlinrules.gremlins_inc import Cancel
from gremlinrules.gremlins_inc import Start
from tests.gremlins_inc.helpers import TEST_SET

OUT = Path(__file__).resolve().parents[2] / "spec" / "gremlins-inc" / "scenarios"
GAME = gremlinrules.get_game("gremlins-inc")


def deck(*hands: tuple[str, ...], top: tuple[str, ...] = ()) -> list[str]:
    """A stacked deck: the hands dealt in seat order, then ``top``, then the rest sorted."""
    chosen = [c for h in hands for c in h] + list(top)
    rest = Counter(TEST_SET.deck) - Counter(chosen)
    assert not Counter(chosen) - Counter(TEST_SET.deck)
    return chosen + sorted(rest.elements())


def opts(**changes: Any) -> dict[str, Any]:
    """The options' JSON with the engine-test card set."""
    return GAME.to_data(GAME.Options(components=TEST_SET, **changes))  # type: ignore[no-any-return]


def act(kind: str, note: str = "", **fields: Any) -> dict[str, Any]:
    """A step playing an action."""
    out: dict[str, Any] = {"action": {"type": kind, **fields}}
    if note:
        out["note"] = note
    return out


def expect(**what: Any) -> dict[str, Any]:
    """A step checking the state."""
    return {"expect": what}


FILLER = ("lab", "alms", "raid", "juggle", "veil", "wreck")

SCENARIOS: dict[str, dict[str, Any]] = {
    "example-turns": {
        "name": "The rulebook's example turns",
        "description": "Two starts; two assigns; play an action card then assign; assign then complete.",
        "clauses": ["GI-TURN-1", "GI-PROJ-1", "GI-RES-1", "GI-PLAY-3", "GI-DONE-1", "GI-TURN-3"],
        "players": 2,
        "deck": deck(("watch", "spite", "coin", "coin", "coin", "coin"), FILLER, top=("coin", "coin")),
        "steps": [
            act("Start", "two starts", card="watch", face_up=False),
            act("Start", card="spite", face_up=False),
            expect(current_player=1, fields={"projects.0.0.card": "watch", "projects.0.1.card": "spite"}),
            act("EndTurn"),
            act("Assign", "two assigns", card="coin", project=2), act("Assign", card="coin", project=2),
            act("EndTurn"),
            act("Play", "play an action card, then assign", card="coin"),
            act("Assign", card="coin", project=1),
            expect(scores=[1, 0]),
            act("EndTurn"),
            {"illegal": {"type": "Complete", "project": 1}},
            act("Assign", "assign, then complete", card="coin", project=1),
            act("Complete", project=1),
            expect(scores=[3, 0], current_player=1),
        ],
    },
    "steal-project": {
        "name": "A project is stolen with its resources",
        "description": "Seat 1's face-down clock moves with its resource to seat 0's row; seat 1 "
                       "remembers it.",
        "clauses": ["GI-OP-7", "GI-VIEW-3", "GI-EFFECT-6"],
        "players": 2,
        "deck": deck(("heist", "watch", "coin", "coin", "coin", "coin"),
                     ("clock", "spite", "grab", "gift", "rich", "purge")),
        "steps": [
            act("Start", card="watch", face_up=False), act("EndTurn"),
            act("Start", card="clock", face_up=False), act("Assign", card="spite", project=1),
            act("Play", "the only target project is taken at once", card="heist"),
            expect(fields={"projects.0.1.card": "clock", "projects.0.1.resources": ["spite"],
                           "projects.1": [], "seen.1": [1]}),
        ],
    },
    "score-floor": {
        "name": "A score never goes below 0",
        "description": "Seat 1 has 1 score and loses 2: it ends at 0.",
        "clauses": ["GI-SCORE-1", "GI-OP-1"],
        "players": 2,
        "deck": deck(("spite", "purge", "watch", "coin", "coin", "coin"),
                     ("coin", "gift", "grab", "rich", "overtime", "shift")),
        "steps": [
            act("Start", card="watch", face_up=False), act("Assign", card="purge", project=1),
            act("Play", card="coin"), act("EndTurn"),
            expect(scores=[0, 1]),
            act("Play", "the only opponent is targeted at once", card="spite"),
            expect(scores=[0, 0]),
        ],
    },
    "highest-score-tie": {
        "name": "A tie for the highest score is chosen by the card's player",
        "description": "Seats 1 and 2 both have 2 score; seat 0's top-tax asks which of them loses 1.",
        "clauses": ["GI-EFFECT-3", "GI-EFFECT-2"],
        "players": 3,
        "deck": deck(("top-tax", "watch", "rich", "gift", "spite", "grab"),
                     ("coin", "coin", "lab", "alms", "raid", "juggle"),
                     ("coin", "coin", "veil", "wreck", "expose", "scrap")),
        "steps": [
            act("EndTurn"), act("Play", card="coin"), act("Play", card="coin"),
            act("Play", card="coin"), act("Play", card="coin"),
            expect(scores=[0, 2, 2], current_player=0),
            act("Play", card="top-tax"),
            expect(legal=[{"type": "ChoosePlayer", "offset": 1}, {"type": "ChoosePlayer", "offset": 2}],
                   legal_count=2, current_player=0),
            act("ChoosePlayer", "seat 0 picks seat 2", offset=2),
            expect(scores=[0, 2, 1]),
        ],
    },
    "permanent-next-action": {
        "name": "A permanent takes effect from the next action",
        "description": "Seat 0 completes the bank (actions cost 1 gold less); its next action plays grab "
                       "(1 gold, 1 malice) with a single malice.",
        "clauses": ["GI-DONE-3", "GI-PASSIVE-1"],
        "players": 2,
        "deck": deck(("bank", "coin", "rich", "spite", "grab", "lab"),
                     ("coin", "coin", "gift", "alms", "raid", "juggle")),
        "steps": [
            act("Start", card="bank", face_up=False), act("Assign", card="coin", project=1),
            act("Play", card="coin"), act("Play", card="coin"),
            act("Start", card="rich", face_up=False), act("Assign", card="spite", project=2),
            act("EndTurn"),
            expect(scores=[0, 2]),
            act("Complete", project=1),
            expect(fields={"permanents.0": ["bank"]}, legal=[{"type": "Play", "card": "grab"}]),
            act("Play", card="grab"),
            expect(scores=[5, 0], current_player=1),
        ],
    },
    "bluff": {
        "name": "A bluff project cannot be completed",
        "description": "An action card started as a project holds resources but can never be completed.",
        "clauses": ["GI-DONE-2"],
        "players": 2,
        "deck": deck(("spite", "coin", "coin", "coin", "rich", "gift")),
        "steps": [
            act("Start", card="spite", face_up=False), act("Assign", card="coin", project=1),
            act("EndTurn"),
            act("Assign", card="coin", project=1), act("Assign", card="coin", project=1),
            act("EndTurn"),
            expect(not_legal=[{"type": "Complete", "project": 1}]),
            {"illegal": {"type": "Complete", "project": 1}},
        ],
    },
    "team-win-by-sum": {
        "name": "A team wins by the sum of its members' scores",
        "description": "2 vs 2 to 4: seats 0 and 2 score 2 each (4), seats 1 and 3 score 3 and 0; at the end "
                       "of the round team 0 wins although seat 1 has the highest single score.",
        "clauses": ["GI-TEAM-3", "GI-END-5", "GI-END-2", "GI-END-4"],
        "players": 4,
        "options": {"teams": "2v2", "target": 4},
        "deck": deck(("coin", "coin", "lab", "alms", "raid", "juggle"),
                     ("gift", "coin", "veil", "wreck", "expose", "scrap"),
                     ("coin", "coin", "spite", "grab", "rich", "purge"),
                     ("watch", "clock", "engine", "bank", "shield", "workshop")),
        "steps": [
            act("Play", card="coin"), act("Play", card="coin"),
            act("Play", card="gift"), act("ChooseSelf"), act("Play", card="coin"),
            act("Play", card="coin"), act("Play", card="coin"),
            expect(scores=[2, 3, 2, 0], terminal=False, fields={"phase": "play"}),
            act("EndTurn"),
            expect(terminal=True, winners=[0, 2]),
        ],
    },
}


def reshuffle_steps() -> dict[str, Any]:
    """A game played by starting and cancelling projects until the deck runs out: the discard pile
    becomes the deck and the reshuffle is counted."""
    setup = GAME.Setup(deck=tuple(deck(("coin",) * 6, ("coin",) * 6)))
    options = GAME.from_data(opts(), GAME.Options)
    s = GAME.new_game(2, 1, options=options, setup=setup)
    steps: list[dict[str, Any]] = []
    while s.reshuffles == 0:
        a: Cancel | Start = Cancel(1) if s.projects[s.turn] else Start(s.hands[s.turn][0])
        steps.append({"action": GAME.to_data(a)})
        s = GAME.apply(s, a)
    steps.append(expect(fields={"reshuffles": 1, "discard": []}))
    return {"name": "The deck runs out and the discard pile is reshuffled",
            "description": "Seats start and cancel projects until a refill empties the deck; the whole "
                           "discard pile becomes the new deck, counted as a reshuffle.",
            "clauses": ["GI-DRAW-2", "GI-DRAW-1", "GI-PROJ-4"], "players": 2, "seed": 1,
            "deck": list(setup.deck or ()), "steps": steps}


def main() -> None:
    """Write every scenario file."""
    OUT.mkdir(parents=True, exist_ok=True)
    items = {**SCENARIOS, "reshuffle": reshuffle_steps()}
    for name, sc in items.items():
        doc = scenario_document(
            GAME, name=sc["name"], description=sc["description"], clauses=sc["clauses"],
            players=sc["players"], steps=sc["steps"], seed=sc.get("seed", 0),
            options=opts(**sc.get("options", {})),
            setup={"deck": sc["deck"], "first_player": 0})
        (OUT / f"{name}.json").write_text(scenario_json(doc), encoding="utf-8")


if __name__ == "__main__":
    main()
