"""Regenerate spec/gnaughty-gnomes/scenarios/*.json (the rulebook's worked example and more).

The spot numbers come from the board geometry; run this after changing it:
``python tools/make_gg_scenarios.py``. The output is checked in and played by
tests/test_scenarios.py.

The placement vectors state the *exact* legal set of a placement (every legal
action and their count), computed here from the rulebook's placement text over
the garden's geometry (which hexes each numbered spot touches, GG-BOARD-2), never
from the engine's placement tables: :func:`allowed_spots`. They cover the three
over-strict readings a review found passing every other test (the trick winner
barred from the white centre's sides, middle places barred from outer sides, the
trick loser barred from sides).
"""

from __future__ import annotations

import random
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
    """Write one scenario file: a game record plus expectations."""
    from gremlinrules import get_game
    from gremlinrules.core.scenarios import scenario_document
    from gremlinrules.core.scenarios import scenario_json

    table = setup or EXAMPLE_SETUP
    data = scenario_document(get_game("gnaughty-gnomes"), name=title, description=title, clauses=clauses,
                             players=table["players"], seed=table.get("seed", 0),
                             options=table.get("options"), setup=table.get("setup"), steps=steps)
    (OUT / name).write_text(scenario_json(data), encoding="utf-8")


def main() -> None:
    """Write every scenario."""
    OUT.mkdir(parents=True, exist_ok=True)
    write("example-1-turn-order.json",
          "Worked example: red 6, red 2, purple 5 and black 1 take turn-order places 1 to 4",
          ["GG-TRICK-1", "GG-TRICK-2", "GG-PLACE-1"],
          [*PLAYS, {"expect": {"fields": {
              "phase": "play", "order": [0, 1, 3, 2],
              # the four placement frames, the trick winner's on top (last): player 1 at position 0
              "stack.3.type": "Placement", "stack.3.seat": 0, "stack.3.place": 1,
              "stack.0.seat": 2, "stack.0.place": 4},
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
    write_placements()
    write_clockwise()
    write_final_track_tie()
    write_x_card_tie()


# --- Placement: the exact legal set from geometry (GG-PLACE-2, GG-PLACE-4, GG-PLACE-5, GG-SCORE-5) ---

def allowed_spots(colour: str, place: int, taken: set[int], layout: list[str] = LAYOUT) -> list[int]:
    """The open spots turn-order ``place`` (1-4) may use with a card of ``colour``, by the rulebook:
    a side of a hex of that colour touching no other coloured hex (the rim, or shared with the
    white centre, whose sides are outer) for every place; a side shared by two coloured hexes for
    places 2-4; a corner touching a hex of the colour for place 4 only (GG-PLACE-6's default)."""
    from gremlinrules.gnaughty_gnomes.board import BOARD

    out = []
    for spot in BOARD.spots:
        coloured = [h for h in spot.board_hexes if layout[h] != "white"]
        if spot.index in taken or colour not in [layout[h] for h in coloured]:
            continue
        outer_or_allowed_inner = spot.kind == "edge" and (len(coloured) == 1 or place >= 2)
        if outer_or_allowed_inner or (spot.kind == "vertex" and place == 4):
            out.append(spot.index)
    return out


def side(*hexes: int) -> int:
    """The hex side shared by exactly these garden hexes (one hex: its first side on the rim)."""
    from gremlinrules.gnaughty_gnomes.board import BOARD

    return next(s.index for s in BOARD.spots if s.kind == "edge" and set(s.board_hexes) == set(hexes))


def corner(*hexes: int) -> int:
    """The hex corner where exactly these garden hexes meet."""
    from gremlinrules.gnaughty_gnomes.board import BOARD

    return next(s.index for s in BOARD.spots if s.kind == "vertex" and set(s.board_hexes) == set(hexes))


def exact(colours: list[str], place: int, taken: set[int]) -> dict[str, Any]:
    """An expectation pinning the legal set: every legal Place and how many there are."""
    legal = [{"type": "Place", "suit": c, "spot": s} for c in dict.fromkeys(colours)
             for s in allowed_spots(c, place, taken)]
    return {"legal_count": len(legal), "legal": legal}


def place(colour: str, spot: int, note: str) -> dict[str, Any]:
    """A placement step."""
    return {"action": {"type": "Place", "suit": colour, "spot": spot}, "note": note}


def write_placements() -> None:
    """The worked example's trick (red 6 wins; red 2 and purple 5 in the middle; black 1 loses),
    then the exact legal set of each turn-order place."""
    red_white, purple_white = side(5, 6), side(6, 7)
    rim_red = side(12)
    inner_red = side(11, 12)
    winner = exact(["purple", "red", "black"], 1, set())
    assert {"type": "Place", "suit": "red", "spot": red_white} in winner["legal"]
    write("placement-winner-white-sides.json",
          "The trick winner may use a side shared with the white centre (an outer side), only outer sides",
          ["GG-PLACE-2", "GG-SCORE-5", "GG-PLACE-3", "GG-PLACE-10"],
          [*PLAYS,
           {"expect": {**winner, "current_player": 0,
                       "not_legal": [{"type": "Place", "suit": "red", "spot": inner_red},
                                     {"type": "Place", "suit": "red", "spot": corner(5, 6, 10)}]},
            "note": "every legal spot: sides of a red, purple or black hex touching no other coloured hex"},
           place("red", red_white, "player 1, trick winner: the side between red hex 5 and the white centre"),
           {"expect": {"current_player": 1, "scores": [1, 0, 1, 0], "fields": {f"gnomes.{red_white}": 0},
                       "legal": [{"type": "Place", "suit": "purple", "spot": purple_white}]},
            "note": "the purple card is still unflipped: the next place may use a white centre's side too"}])
    taken = {OUTER_PURPLE}
    middle = exact(["red", "black"], 2, taken)
    assert {"type": "Place", "suit": "red", "spot": rim_red} in middle["legal"]
    write("placement-middle-outer-sides.json",
          "A middle place may use an outer side (the rim or the white centre's) as well as an inner side",
          ["GG-PLACE-4", "GG-SCORE-5"],
          [*PLAYS,
           place("purple", OUTER_PURPLE, "player 1, trick winner: outer side of purple hex 4"),
           {"expect": {**middle, "current_player": 1,
                       "not_legal": [{"type": "Place", "suit": "red", "spot": corner(11, 12)}]},
            "note": "every legal spot: any side of a red or black hex, outer or inner, no corner"},
           place("red", rim_red, "player 2, middle: a rim side of red hex 12"),
           {"expect": {"current_player": 3, "fields": {f"gnomes.{rim_red}": 1}}}])
    taken = {OUTER_PURPLE, PURPLE_RED, RED_BLACK}
    loser = exact(["red"], 4, taken)
    assert {"type": "Place", "suit": "red", "spot": inner_red} in loser["legal"]
    assert {"type": "Place", "suit": "red", "spot": red_white} in loser["legal"]
    write("placement-loser-sides.json",
          "The trick loser may use any side of its colour's hexes (outer or inner) as well as a corner",
          ["GG-PLACE-5", "GG-PLACE-6", "GG-PLACE-7", "GG-SCORE-5"],
          [*PLAYS,
           place("purple", OUTER_PURPLE, "player 1, trick winner"),
           place("red", PURPLE_RED, "player 2, middle"),
           place("black", RED_BLACK, "player 4, middle"),
           {"expect": {**loser, "current_player": 2,
                       "not_legal": [{"type": "Place", "suit": "red", "spot": PURPLE_RED},
                                     {"type": "Place", "suit": "red", "spot": corner(0, 1)}]},
            "note": "every legal spot: open sides and corners of the red hexes"},
           place("red", inner_red, "player 3, trick loser: the side between red hexes 11 and 12"),
           {"expect": {"current_player": 2, "fields": {f"gnomes.{inner_red}": 0, "trick": 1, "leader": 2}}}])


# --- Seats: clockwise play and the next leader (GG-SEAT-1, GG-PLAY-1, GG-CLEAN-3) ---------------

def write_clockwise() -> None:
    """Position 3 leads: cards come from 3, 0, 1, 2 (clockwise wraps to 0); the loser, position 2,
    leads the next trick, followed by 3 and 0."""
    first = [("red", 2), ("purple", 5), ("black", 1), ("red", 6)]  # per position 0-3
    deal = hands(first)
    setup: dict[str, Any] = {"players": 4, "seed": 0, "setup": {
        "layout": LAYOUT, "track": TRACK, "start": 3, "hands": deal}}
    steps: list[dict[str, Any]] = []
    for k, pos in enumerate((3, 0, 1, 2)):
        suit, rank = first[pos]
        other = first[(pos + 1) % 4]
        steps.append({"expect": {"current_player": pos, "fields": {"leader": 3},
                                 "not_legal": [{"type": "Play", "card": card(*other)}]},
                      "note": f"card {k + 1} of the trick: position {pos}'s turn, not the next one's"})
        steps.append({"action": {"type": "Play", "card": card(suit, rank)}})
    # red 6 (3) > red 2 (0) > purple 5 (1) > black 1 (2): places 1-4, each with the first spot
    # the rulebook allows for its colour.
    taken: set[int] = set()
    for place_no, (colour, pos) in enumerate((("red", 3), ("red", 0), ("purple", 1), ("black", 2)), 1):
        spot = allowed_spots(colour, place_no, taken)[0]
        taken.add(spot)
        steps.append({"expect": {"current_player": pos}})
        steps.append(place(colour, spot, f"turn-order place {place_no}"))
    steps.append({"expect": {"current_player": 2, "fields": {
        "leader": 2, "trick": 1, "history.0.0.position": 3, "history.0.1.position": 0,
        "history.0.2.position": 1, "history.0.3.position": 2}},
        "note": "the trick loser (black 1, position 2) leads the next trick"})
    for pos in (2, 3, 0):
        card_data = deal[pos][1]
        steps.append({"action": {"type": "Play", "card": card_data}})
        steps.append({"expect": {"current_player": (pos + 1) % 4, "fields": {"leader": 2}}})
    write("clockwise-from-position-3.json",
          "Play goes clockwise (to the next higher position, 3 wraps to 0) and the trick loser leads next",
          ["GG-SEAT-1", "GG-PLAY-1", "GG-CLEAN-3"], steps, setup=setup)


# --- The tie-break's final track (GG-END-2) --------------------------------------------------------

TIE_SEED = 42
"""A four-player game (seeded deal, seeded random walk) that ends tied, whose tie-break the last
clean-up decides: by the track before it the other team would win."""


def _strength(track: list[str], c: dict[str, Any], x_tiebreak: str = "wild_high") -> tuple[int, int]:
    """A card left in hand, by the rulebook: its suit's place on the track, then its rank; an X card
    counts as an 8 declared high (above the 8), or with "lowest" below the 1 (GG-END-3). Bigger is
    stronger."""
    x_rank = 9 if x_tiebreak == "wild_high" else 0
    return (-track.index(c["suit"]), x_rank if c["rank"] == "X" else c["rank"])


def write_final_track_tie() -> None:
    """The seeded game replayed as a stacked deal and its actions, with the winners the tie-break
    gives by the final track (after the eighth clean-up)."""
    import gremlinrules

    game = gremlinrules.get_game("gnaughty-gnomes")
    rnd = random.Random(TIE_SEED)
    state = game.new_game(4, TIE_SEED)
    start = game.to_data(state)
    actions = []
    while not game.is_terminal(state):
        legal = game.legal_actions(state)
        action = legal[rnd.randrange(len(legal))]
        actions.append({"action": game.to_data(action)})
        if state.trick == 7 and not state.plays:
            track_before = [c.value for c in state.track]
        state = game.apply(state, action)
    end = game.to_data(state)
    assert end["team_scores"][0] == end["team_scores"][1], "not a tie"
    left = {pos: end["hands"][pos] for pos in range(4)}
    best = {team: max(_strength(end["track"], c) for pos in (team, team + 2) for c in left[pos])
            for team in (0, 1)}
    before = {team: max(_strength(track_before, c) for pos in (team, team + 2) for c in left[pos])
              for team in (0, 1)}
    team = 0 if best[0] > best[1] else 1
    assert (0 if before[0] > before[1] else 1) != team, "the last clean-up does not decide it"
    setup = {"players": 4, "seed": 0, "setup": {
        "layout": start["layout"], "track": start["track"], "start": start["leader"],
        "hands": [[*h] for h in start["hands"]]}}
    write("tie-break-final-track.json",
          "Tied scores: the strongest card left wins by the track after the eighth clean-up, "
          "which here reverses the order before it",
          ["GG-END-1", "GG-END-2", "GG-END-3"],
          [*actions, {"expect": {"terminal": True, "scores": end["team_scores"] * 2,
                                 "winners": [team, team + 2],
                                 "fields": {"track": end["track"], "team_scores": end["team_scores"]}}}],
          setup=setup)


X_TIE_SEED = 386
"""A four-player game (seeded deal; position 2 keeps its X card while it has another card to play,
the others play at random) that ends tied with position 2's unplayed X card and a numbered card of
the same suit deciding the tie-break."""


def write_x_card_tie() -> None:
    """The same tied game under both readings of an unplayed X card: it wins the tie-break as an 8
    declared high, and loses it when counted below every numbered card of its suit."""
    import gremlinrules

    game = gremlinrules.get_game("gnaughty-gnomes")
    rnd = random.Random(X_TIE_SEED)
    state = game.new_game(4, X_TIE_SEED)
    start = game.to_data(state)
    keeper = X_TIE_SEED % 4
    actions = []
    while not game.is_terminal(state):
        legal = game.legal_actions(state)
        view = game.to_data(game.observe(state, None))
        if not state.stack and view["position_to_act"] == keeper:
            legal = tuple(a for a in legal if type(a).__name__ != "PlayX") or legal
        action = legal[rnd.randrange(len(legal))]
        actions.append({"action": game.to_data(action)})
        state = game.apply(state, action)
    end = game.to_data(state)
    assert end["team_scores"][0] == end["team_scores"][1], "not a tie"
    assert any(c["rank"] == "X" for c in end["hands"][keeper])
    setup = {"layout": start["layout"], "track": start["track"], "start": start["leader"],
             "hands": [[*h] for h in start["hands"]]}
    winners = {}
    for reading in ("wild_high", "lowest"):
        best = {team: max(_strength(end["track"], c, reading) for pos in (team, team + 2)
                          for c in end["hands"][pos]) for team in (0, 1)}
        team = 0 if best[0] > best[1] else 1
        winners[reading] = [team, team + 2]
    assert winners["wild_high"] != winners["lowest"], "the X card's reading does not decide it"
    x_card = {"rank": "X", "suit": end["hands"][keeper][0]["suit"]}
    for reading, name in (("wild_high", "high"), ("lowest", "lowest")):
        write(f"tie-break-x-card-{name}.json",
              f"Tied scores decided by an unplayed X card, counted as x_tiebreak={reading!r} (a house rule)",
              ["GG-END-2", "GG-END-3"],
              [*actions, {"expect": {"terminal": True, "scores": end["team_scores"] * 2,
                                     "winners": winners[reading], "fields": {f"hands.{keeper}.0": x_card}}}],
              setup={"players": 4, "seed": 0, "options": {"x_tiebreak": reading}, "setup": setup})


if __name__ == "__main__":
    main()
