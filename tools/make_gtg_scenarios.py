"""Regenerate spec/gremlins-the-game/scenarios/*.json (issue 15's scenarios).

Run ``python tools/make_gtg_scenarios.py`` after changing the map or the reference
components; the output is checked in and played by tests/test_scenarios.py. The spaces
below are read off the reference map (docs/games/gremlins-the-game-map.rst); where a step
needs "some move that lands on nothing", it is picked here from the legal moves and written
into the vector, so the vector itself is fixed data.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import gremlinrules
from gremlinrules.core.scenarios import run_scenario
from gremlinrules.core.scenarios import scenario_document
from gremlinrules.core.scenarios import scenario_json
from gremlinrules.core.spec import load_scenarios
from gremlinrules.gremlins_the_game import Choose
from gremlinrules.gremlins_the_game import Move

OUT = Path(__file__).resolve().parent.parent / "spec" / "gremlins-the-game" / "scenarios"
GAME = gremlinrules.get_game("gremlins-the-game")
# The twelve Gremlin spaces of the reference map, in map order, get these tokens (Stripe is
# never among them, GTG-SETUP-3); gremlin-17 (red circle + red triangle) lies on e6.
STACK = [f"gremlin-{n:02}" for n in (1, 2, 17, 3, 4, 5, 6, 7, 8, 9, 10, 11)]
THEATER = "i16"  # a Movie Theater space without words


def move(to: str) -> dict[str, Any]:
    """A Move step."""
    return {"action": {"type": "Move", "to": to}}


def choose(space: str) -> dict[str, Any]:
    """A Choose step."""
    return {"action": {"type": "Choose", "space": space}}


def plain(players: int, steps: list[dict[str, Any]], **table: Any) -> dict[str, Any]:
    """A move for the seat to move after ``steps`` that lands on no token and outside the Town
    Square (the first such legal move in canonical order)."""
    state = GAME.new_game(players, table.get("seed", 0), options=_options(table), setup=_setup(table))
    for step in steps:
        if "action" in step:
            state = GAME.apply(state, GAME.from_data(step["action"], GAME.Action))
    tokens = {*state.event_tokens, *state.weapon_tokens, *(p.space for p in state.board)}
    from gremlinrules.gremlins_the_game.flow import SQUARE

    for a in GAME.legal_actions(state):
        if type(a) is Move and a.to not in tokens and a.to not in SQUARE:
            return move(a.to)
    raise SystemExit("no plain move")


def _setup(table: dict[str, Any]) -> Any:
    return None if "setup" not in table else GAME.from_data(table["setup"], GAME.Setup)


def _options(table: dict[str, Any]) -> Any:
    return None if "options" not in table else GAME.from_data(table["options"], GAME.Options)


def setup(**fields: Any) -> dict[str, Any]:
    """A Setup as data, the given fields changed."""
    base = {"first_player": 0, "gremlins": [], "pool": [], "event_deck": [], "weapon_deck": [],
            "hands": None, "positions": None, "first_round_done": False}
    return {**base, **fields}


def options(**fields: Any) -> dict[str, Any]:
    """Options as data, the given fields changed."""
    return {"challenging": False, "turn_limit": 240, "bounded": True, "components": None, **fields}


WEAPON_SPACES = ("m1", "r3", "b5", "c10", "n10", "p10", "g11", "a15", "t16", "r17", "c18", "p18")
"""The reference map's Weapon spaces in map order (all of them hold a token after a refill)."""


def scenarios() -> dict[str, dict[str, Any]]:
    """Every vector by file name."""
    out: dict[str, dict[str, Any]] = {}

    def add(name: str, title: str, description: str, clauses: list[str], players: int,
            steps: list[dict[str, Any]], **table: Any) -> None:
        out[name] = scenario_document(GAME, name=title, description=description, clauses=clauses,
                                      players=players, steps=steps, seed=table.get("seed", 0),
                                      options=table.get("options"), setup=table.get("setup"))

    # 1. walls and doors
    add("move-blocked-by-wall-and-building",
        "A move is blocked by a wall and by a building side without a door",
        "Red stands on g6. b6 is five spaces west, inside the Police Station, whose doors are c6-c7 "
        "and f4-g4: the building side g6-f6 has no door, and the way round through a door is too long. "
        "d7 is four steps away along row 7, but a fence (a wall) runs between f7 and g7 (and f8 and "
        "g8): the way round it takes eight steps. Both are refused; f6, inside the station through "
        "the door f4-g4, is reachable.",
        ["GTG-MOVE-1"], 2,
        [{"illegal": {"type": "Move", "to": "b6"}, "note": "a building side without a door"},
         {"illegal": {"type": "Move", "to": "d7"}, "note": "a wall"},
         {"expect": {"legal": [{"type": "Move", "to": "g5"}, {"type": "Move", "to": "f6"}]}}],
        setup=setup())
    # 2. passing through a player
    steps2: list[dict[str, Any]] = [
              {"expect": {"legal": [{"type": "Move", "to": "i6"}],
                          "not_legal": [{"type": "Move", "to": "h6"}]}},
              {"illegal": {"type": "Move", "to": "h6"}, "note": "blue stands there"}, move("i6"),
              {"expect": {"fields": {"positions": ["i6", "h6"]}, "current_player": 1}}]
    add("move-through-a-player", "A player walks through another player's space, never onto it",
        "Blue stands on h6, right beside red on g6. Red may walk through h6 to i6 but may not stop on h6.",
        ["GTG-MOVE-3"], 2, steps2, setup=setup(positions=["g6", "h6"]))
    # 3. stopping on a token
    add("move-stops-on-a-token", "Entering a space with a token ends the move",
        "The gremlin on e6 ends red's move there (it is flipped and fought); d6, one step beyond, is "
        "out of reach although only four steps away by the street.",
        ["GTG-MOVE-5", "GTG-FIGHT-1"], 2,
        [{"expect": {"not_legal": [{"type": "Move", "to": "d6"}], "legal": [{"type": "Move", "to": "e6"}]}},
         move("e6"),
         {"expect": {"fields": {"board.2": {"space": "e6", "gremlin": "gremlin-17", "face_up": True,
                                            "from_pool": False},
                                "stack.0.type": "Fight"}, "current_player": 0}}],
        setup=setup(gremlins=STACK))
    # 4. a defeat with two weapons
    hands = [["kitchen-knife", "blender", "fireplace-poker"], ["flashlight", "sword", "shotgun"]]
    add("defeat-with-two-weapons", "A gremlin defeated with two weapon cards",
        "gremlin-17 needs a red circle and a red triangle. Red holds a kitchen knife (red square, red "
        "triangle), a blender (red circle, green circle) and a poker (two red triangles): the "
        "minimal matching sets are knife + blender and blender + poker (all three is not offered). "
        "Red uses knife + blender, scores 2 and keeps the poker.",
        ["GTG-FIGHT-2", "GTG-FIGHT-3"], 2,
        [move("e6"),
         {"expect": {"legal_count": 3, "legal": [
             {"type": "Defeat", "weapons": ["kitchen-knife", "blender"]},
             {"type": "Defeat", "weapons": ["blender", "fireplace-poker"]}, {"type": "LetEscape"}]}},
         {"illegal": {"type": "Defeat", "weapons": ["kitchen-knife", "blender", "fireplace-poker"]}},
         {"action": {"type": "Defeat", "weapons": ["kitchen-knife", "blender"]}},
         {"expect": {"scores": [2, 0], "fields": {"defeated.0": ["gremlin-17"],
                                                  "hands.0": ["fireplace-poker"],
                                                  "weapon_discard": ["kitchen-knife", "blender"]},
                     "current_player": 1}}],
        setup=setup(gremlins=STACK, hands=hands))
    # 5. an escape and the return to Start
    add("escape-to-the-theater", "A gremlin escapes to the Movie Theater and the player returns to Start",
        "Red lets gremlin-17 escape: red chooses the empty theater space i16, gremlin-17 lies there "
        "face up, and red is back on the Start g6 with the same hand.",
        ["GTG-FIGHT-4", "GTG-FIGHT-5", "GTG-THEATER-1"], 2,
        [move("e6"), {"action": {"type": "LetEscape"}},
         {"expect": {"fields": {"stack.0.type": "EscapeToTheater"}, "legal_count": 20}},
         choose(THEATER),
         {"expect": {"fields": {"positions.0": "g6", "crowd": []}, "current_player": 1, "scores": [0, 0]}}],
        setup=setup(gremlins=STACK, hands=hands))
    # 6. the Town Square
    square_setup = setup(positions=["h9", "n6"], first_round_done=True, weapon_deck=["snowplow"])
    steps6: list[dict[str, Any]] = [move("g11"), {"expect": {"fields": {"hands.0.3": "snowplow"}}}]
    steps6.append(plain(2, steps6, setup=square_setup))
    steps6 += [move("i10"),
               {"expect": {"fields": {"positions.0": "i10", "free_move": [True, False]}}}]
    steps6.append(plain(2, steps6, setup=square_setup))
    steps6 += [{"expect": {"legal": [{"type": "Move", "to": "a20"}, {"type": "Move", "to": "t1"}],
                           "not_legal": [{"type": "Move", "to": "n6"}]}},
               move("t1"), {"expect": {"fields": {"positions.0": "t1", "free_move": [False, False]}}}]
    add("town-square-refill-and-free-move", "The Town Square refills the board and grants a free move",
        "Red takes the weapon token on g11, then enters the Town Square by its west gate (i10): the "
        "move ends and the empty weapon space g11 is refilled. On red's next turn any space not taken "
        "by blue (nor blue's Start n6) is a destination: red goes to the far corner t1.",
        ["GTG-SQUARE-1", "GTG-SQUARE-2", "GTG-SQUARE-3", "GTG-SQUARE-5"], 2, steps6, setup=square_setup)
    # 7. the first-turn ban
    add("town-square-first-turn-ban", "No one enters the Town Square on their first turn",
        "Red starts beside the west gate; in the first round i10 is refused, from the second round on "
        "it is open.", ["GTG-SQUARE-4"], 2,
        ban_steps(), setup=setup(positions=["h9", "n6"]))
    # 8.-10. Stripe: red stands on the Gremlin space e6, so it starts empty; the event
    # "Fed After Midnight" puts the pool's top token, Stripe, there, and red comes back to him.
    found = ["flashlight", "kitchen-knife", "sword"]
    for name, title, hand, opts, clauses, text in (
        ("stripe-defeated", "Stripe defeated: the game ends at once", found, options(),
         ["GTG-STRIPE-1", "GTG-STRIPE-2", "GTG-END-1", "GTG-EVENT-2"],
         "Fed After Midnight puts Stripe face down on e6; red comes back, reveals him and defeats "
         "him with flashlight + kitchen knife + sword: the game is over at once, red wins with 5."),
        ("stripe-escapes-and-the-pool-runs-dry", "Stripe escapes; the game ends when the pool runs dry",
         ["blender"], options(), ["GTG-STRIPE-3", "GTG-STRIPE-4", "GTG-THEATER-3", "GTG-END-2"],
         "Red cannot beat Stripe: he escapes into the theater. From then on every turn begins with "
         "the pool's top token placed face up in the theater (into its crowd once the 20 spaces are "
         "full), until the turn in which the pool runs out ends the game, Stripe undefeated. Nobody "
         "scored: both players share the win."),
        ("challenging-variant", "Challenging Variant: Stripe undefeated, the gremlins win", ["blender"],
         options(challenging=True), ["GTG-VARIANT-1"],
         "The same game under the Challenging Variant: at the end Stripe is undefeated, so nobody "
         "wins."),
    ):
        table = {"setup": setup(positions=["e6", "n6"], gremlins=STACK[:2] + STACK[3:], pool=["stripe"],
                                event_deck=["fed-after-midnight"], hands=[hand, ["sword"]]),
                 "options": opts}
        steps = [move("d3"), {"expect": {"fields": {"stack.0.type": "PlaceGremlin"}, "legal": [
            {"type": "Choose", "space": "e6"}]}}, choose("e6")]
        steps.append(plain(2, steps, **table))
        steps += [move("e6"), {"expect": {"fields": {"stack.0.type": "Fight", "stack.0.gremlin": "stripe"}}}]
        if hand == found:
            steps += [{"action": {"type": "Defeat", "weapons": found}},
                      {"expect": {"terminal": True, "scores": [5, 0], "winners": [0],
                                  "fields": {"outcome": "stripe_defeated"}}}]
        else:
            steps += [{"action": {"type": "LetEscape"}}, choose(THEATER)]
            state = replayed(steps, table)
            while not GAME.is_terminal(state):
                if state.stack:
                    first = GAME.legal_actions(state)[0]
                    assert type(first) is Choose
                    steps.append(choose(first.space))
                else:
                    steps.append(plain(2, steps, **table))
                state = replayed(steps, table)
            steps.append({"expect": {"terminal": True, "fields": {"outcome": "pool_empty", "pool": []},
                                     "winners": [] if opts["challenging"] else [0, 1]}})
        add(name, title, text, clauses, 2, steps, **table)
    # 11. a full hand before a weapon draw
    full = ["flashlight", "flashlight", "camera-flash", "kitchen-knife", "blender", "microwave", "sword"]
    add("full-hand-before-a-weapon-draw", "A full hand discards before a weapon draw",
        "Red holds seven weapon cards and lands on the weapon token on b5: first a discard of red's "
        "choice (one of each kind held), then the draw (a snowplow); the hand stays at seven.",
        ["GTG-WEAPON-1", "GTG-WEAPON-2"], 2,
        [move("b5"), {"expect": {"fields": {"stack.0.type": "HandLimit"},
                                 "legal_count": 6}},
         {"action": {"type": "Discard", "weapon": "flashlight"}},
         {"expect": {"fields": {"hands.0": ["flashlight", "camera-flash", "kitchen-knife", "blender",
                                            "microwave", "sword", "snowplow"],
                                "weapon_discard": ["flashlight"]}, "current_player": 1}}],
        setup=setup(positions=["c6", "n6"], hands=[full, []], weapon_deck=["snowplow"]))
    # 12. moves inside the Town Square (GTG-SQUARE-6), under both readings
    for reenter in (False, True):
        hop_table = {"setup": setup(positions=["h9", "n6"], first_round_done=True),
                     "options": options(reenter_square=reenter)}
        hopped = {"positions.0": "j11", "free_move": [reenter, False]}
        hop: list[dict[str, Any]] = [move("i10"), {"expect": {"fields": {"free_move": [True, False]}}},
                                     move("n10"), move("j11"), {"expect": {"fields": hopped}}]
        hop.append(plain(2, hop, **hop_table))
        if not reenter:
            hop.append({"expect": {"legal": [{"type": "Move", "to": "k11"}, {"type": "Move", "to": "m11"}]}})
        tokens = [w for w in WEAPON_SPACES if reenter or w != "n10"]  # refilled by the hop, or not
        hop += [move("k11"), {"expect": {"fields": {"free_move": [reenter, False], "weapon_tokens": tokens},
                                         "current_player": 1}}]
        if reenter:
            add("town-square-hop-literal-reading", "The literal reading: every hop inside the Town Square "
                "enters it again", "With Options(reenter_square=True), red enters the Town Square at i10 "
                "and blue takes the weapon token on n10. Red's free move hops to j11, another Town Square "
                "space: that enters the square again (nothing to refill: blue stands on n10) and grants "
                "another free move. Blue walks off n10; red hops to k11 and n10 is refilled, with a free "
                "move again: a player can hop inside the square every turn and refill the town for ever.",
                ["GTG-SQUARE-6", "GTG-SQUARE-2", "GTG-SQUARE-3"], 2, hop, **hop_table)
        else:
            add("town-square-hop-does-not-refill", "A move inside the Town Square does not enter it again",
                "Red enters the Town Square at i10 (a free move next turn) and blue takes the weapon token "
                "on n10. Red's free move goes to j11, another Town Square space: the square is one place "
                "and red was already in it, so nothing is refilled and no new free move is granted. Blue "
                "walks off n10. Red's next move starts in the square, whose spaces are plain for it: k11 "
                "beside it and m11 through the east gate are both destinations. Red moves to k11: n10 "
                "stays empty.",
                ["GTG-SQUARE-6", "GTG-SQUARE-3"], 2, hop, **hop_table)
    return out


def replayed(steps: list[dict[str, Any]], table: dict[str, Any]) -> Any:
    """The state after the steps' actions."""
    state = GAME.new_game(2, 0, options=_options(table), setup=_setup(table))
    for step in steps:
        if "action" in step:
            state = GAME.apply(state, GAME.from_data(step["action"], GAME.Action))
    return state


def ban_steps() -> list[dict[str, Any]]:
    """The first-turn ban: i10 refused, a move, blue's move, then i10 legal."""
    table = {"setup": setup(positions=["h9", "n6"])}
    steps: list[dict[str, Any]] = [{"illegal": {"type": "Move", "to": "i10"}}, move("h11")]
    steps.append(plain(2, steps, **table))
    steps.append({"expect": {"legal": [{"type": "Move", "to": "i10"}], "current_player": 0}})
    return steps


def main() -> None:
    """Write the vectors and play them."""
    OUT.mkdir(parents=True, exist_ok=True)
    for name, doc in scenarios().items():
        (OUT / f"{name}.json").write_text(scenario_json(doc), encoding="utf-8")
    for scenario in load_scenarios("gremlins-the-game"):
        failures = run_scenario(GAME, scenario)
        if failures:
            raise SystemExit("\n".join(failures))


if __name__ == "__main__":
    main()
