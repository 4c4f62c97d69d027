"""Rules fidelity (issue 12), each built through legal play from a stacked Setup: the round end by
passes with skipped turns, the Dynamite already open when the cards run out, the advanced roles on
simple paths (side branches do not count), the Master of Transformations left out of a swap, and the
options for the rulebook's silent points."""

from __future__ import annotations

from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import settings

from gremlinrules import ComponentError
from gremlinrules import InvalidArgumentError
from gremlinrules import goblins_vs_gnomes as gvg
from gremlinrules.goblins_vs_gnomes import NameSkip
from gremlinrules.goblins_vs_gnomes import Options
from gremlinrules.goblins_vs_gnomes import Pass
from gremlinrules.goblins_vs_gnomes import Place
from gremlinrules.goblins_vs_gnomes import PlayExplosion
from gremlinrules.goblins_vs_gnomes import PlayPotion
from gremlinrules.goblins_vs_gnomes import State
from gremlinrules.goblins_vs_gnomes import Swap
from gremlinrules.goblins_vs_gnomes import rules as reference
from gremlinrules.goblins_vs_gnomes.components import TABLE_LIMITS
from gremlinrules.goblins_vs_gnomes.components import _as_data
from gremlinrules.goblins_vs_gnomes.components import parse_components
from gremlinrules.goblins_vs_gnomes.route import route_tags
from gremlinrules.goblins_vs_gnomes.setup import RACE
from tests.goblins_vs_gnomes.strategies import lay
from tests.goblins_vs_gnomes.strategies import new
from tests.goblins_vs_gnomes.strategies import player_counts
from tests.goblins_vs_gnomes.strategies import playout
from tests.goblins_vs_gnomes.strategies import seeds

ADV = Options(advanced_roles=True)
WALL = [("cave-in-ew", 1, 0), ("cave-in-cross", -1, 0), ("cave-in-ns", 0, -1)]
"""Three Cave-ins around the start; an Ale Mug below it then leaves one cell that needs a north side."""
EW_ONLY = {0: ["passage-ew", "door-red-ew", "key-red-ew"], 1: ["passage-ew", "door-blue-ew", "key-blue-ew"],
           2: ["lantern-ew", "bomb-ew", "passage-ew"]}
"""Each seat's hand once the Ale Mug is laid: cards with no north side either way up, so nothing
fits below a north-south Ale Mug and every seat must pass."""


def _mug_round(name_self: bool = False) -> State:
    """Three players wall the start, then seat 0 lays an Ale Mug below it (the only way on) and is
    asked whom to name; seats 0 and 1 hold only cards without a north side."""
    plays = [(0, "cave-in-ew"), (1, "cave-in-cross"), (2, "cave-in-ns"), (0, "ale-mug-ns")]
    # cards listed after the plays are the ones each seat is dealt or draws next
    plays += [(seat, card) for seat, cards in EW_ONLY.items() for card in cards]
    state = new(3, plays, options=Options(name_self=name_self))
    for card, x, y in WALL:
        state = lay(state, card, x, y)
    return lay(state, "ale-mug-ns", 0, 1)


@pytest.mark.clause("GVG-END-1", "GVG-CARD-4")
def test_a_seat_skipped_by_an_ale_mug_must_still_pass_before_the_round_ends() -> None:
    """The issue's reproducer: seat 0 names seat 2; seat 1 passes, seat 2 is skipped, seat 0 and
    seat 1 pass. Seat 2 has not passed since the Ale Mug, so the round goes on and seat 2 decides;
    its pass ends the round."""
    state = gvg.apply(_mug_round(), NameSkip(2))
    assert state.skips == (0, 0, 1)
    for seat in (1, 0, 1):
        assert gvg.current_player(state) == seat
        state = gvg.apply(state, Pass())
    assert state.round == 1
    assert gvg.current_player(state) == 2
    state = gvg.apply(state, Pass())
    assert state.round == 2
    assert state.last_result == "none"


@pytest.mark.clause("GVG-END-1")
def test_passes_before_a_skip_still_end_the_round_once_every_seat_has_passed() -> None:
    """Seat 0 names seat 1: seat 1 is skipped, seats 2 and 0 pass, then seat 1's pass is the last
    one missing and ends the round (a skip restarts the run, never stretches it)."""
    state = gvg.apply(_mug_round(), NameSkip(1))
    assert gvg.current_player(state) == 2
    state = gvg.apply(state, Pass())
    state = gvg.apply(state, Pass())
    assert state.round == 1
    assert gvg.current_player(state) == 1
    assert gvg.apply(state, Pass()).round == 2


@pytest.mark.clause("GVG-CARD-6")
def test_naming_yourself_is_an_option_and_skips_your_own_next_turn() -> None:
    """By default NameSkip(0) is refused and not in the action space; with name_self it is offered,
    and the placer's own next turn is skipped."""
    plain = _mug_round()
    assert NameSkip(0) not in gvg.legal_actions(plain)
    assert NameSkip(0) not in gvg.all_actions(3)
    with pytest.raises(gvg.IllegalActionError):
        gvg.apply(plain, NameSkip(0))
    own = _mug_round(name_self=True)
    assert gvg.legal_actions(own) == (NameSkip(0), NameSkip(1), NameSkip(2))
    assert NameSkip(0) in gvg.all_actions(3, own.options)
    state = gvg.apply(own, NameSkip(0))
    assert state.skips == (1, 0, 0)
    state = gvg.apply(state, Pass())  # seat 1
    assert gvg.current_player(state) == 2
    state = gvg.apply(state, Pass())
    assert gvg.current_player(state) == 1  # seat 0 skipped


@pytest.mark.clause("GVG-SETUP-5")
@pytest.mark.parametrize(("rotate", "second"), [(True, 2), (False, 1)])
def test_the_first_player_rotates_or_stays_with_the_longest_beard(rotate: bool, second: int) -> None:
    """Seat 1 (the longest beard) starts round 1; the walled round ends by passes; round 2 is
    started by seat 2 when the first player rotates, by seat 1 again when it stays."""
    plays = [(1, "cave-in-ew"), (2, "cave-in-cross"), (0, "cave-in-ns"), (1, "cave-in-t-ns")]
    state = new(3, plays, first=1, options=Options(rotate_first_player=rotate))
    for card, x, y in [*WALL, ("cave-in-t-ns", 0, 1)]:
        state = lay(state, card, x, y)
    while state.round == 1:
        state = gvg.apply(state, Pass())
    assert state.round_starter == second
    assert gvg.current_player(state) == second


def _avoiding_gold_and_dragon(state: State, avoid: tuple[int, ...] = (0, 2)) -> State:
    """Play every card out without opening the Gold or the Dragon and without swapping: at each
    turn the play that keeps the most placements open (an Explosion only when nothing else)."""
    def cost(action: object) -> tuple[int, int] | None:
        after = gvg.apply(state, action)
        if after.round != state.round or any(after.opened[i] for i in avoid):
            return None
        if after.stack:
            return (1, 0)
        return (2, 0) if isinstance(action, PlayExplosion) else (
            0, -sum(isinstance(b, Place) for b in gvg.legal_actions(after)))

    while state.round == 1 and (state.deck or sum(map(len, state.hands)) > 1):
        legal = gvg.legal_actions(state)
        options = [(c, i) for i, a in enumerate(legal) if not isinstance(a, (Swap, Pass))
                   for c in [cost(a)] if c is not None]
        state = gvg.apply(state, legal[min(options)[1]] if options else legal[-1])
    return state


def _play_last(state: State) -> State:
    """Seats with empty hands pass (fewer than all of them) until the last card is played."""
    start = state.round
    while any(state.hands) and state.round == start:
        legal = gvg.legal_actions(state)
        state = gvg.apply(state, next((a for a in legal if not isinstance(a, Pass)), Pass()))
    return state


@pytest.mark.clause("GVG-END-2", "GVG-END-1", "GVG-SCORE-6")
def test_with_the_dynamite_open_running_out_of_cards_does_not_end_the_round() -> None:
    """The Dynamite (middle) opens, then every path card is played without reaching the Gold or the
    Dragon: a target was reached, so the round goes on with empty hands; every seat must pass,
    and the last pass ends it. Scoring starts at the first seat out of cards; the Dynamite alone
    scores nothing by default (GVG-SCORE-8)."""
    ew = ["passage-ew"] * 3 + ["passage-cross"] * 3 + ["lantern-ew"]
    state = new(3, [(i % 3, c) for i, c in enumerate(ew)], targets=("gold", "dynamite", "dragon"))
    for i, card in enumerate(ew):
        state = lay(state, card, i + 1, 0)
    assert state.opened == (False, True, False)
    state = _avoiding_gold_and_dragon(state)
    state = _play_last(state)
    assert state.round == 1
    assert not state.deck
    assert not any(state.hands)
    first_out = state.first_out
    assert first_out >= 0
    for _ in range(3):
        assert state.round == 1
        assert gvg.legal_actions(state) == (Pass(),)
        state = gvg.apply(state, Pass())
    assert state.round == 2
    assert state.last_result == "dynamite"
    assert state.points == (0, 0, 0)


def _seats(route: list[tuple[str, int, int]]) -> list[int]:
    """The seat laying each card when every Ale Mug names the seat after next (it is skipped)."""
    seats, turn, skips = [], 0, [0, 0, 0]
    for card, _, _ in route:
        seats.append(turn)
        if card.startswith("ale-mug"):
            skips[(turn + 2) % 3] += 1
        turn = (turn + 1) % 3
        while skips[turn]:
            skips[turn] -= 1
            turn = (turn + 1) % 3
    return seats


def _gold_round(roles: tuple[str, ...], route: list[tuple[str, int, int]]) -> State:
    """Lay ``route`` in order, three players, the Gold in the middle, advanced roles."""
    seats = _seats(route)
    state = new(3, [(s, c) for s, (c, _, _) in zip(seats, route, strict=True)], roles=roles,
                targets=("dragon", "gold", "dynamite"), options=ADV)
    for card, x, y in route:
        state = lay(state, card, x, y)
        if state.stack and type(state.stack[-1]) is gvg.SkipNaming:
            state = gvg.apply(state, NameSkip(2))
    return state


ROLES = ("driver", "king", "keymaster")
"""Three players: the Driver is the Goblin."""
SIDE = [("passage-cross", 1, 0), ("key-red-ew", 2, 0), ("door-red-ns", 1, -1), ("ale-mug-ns", 1, -2),
        ("ale-mug-ew", 3, 0), ("ale-mug-cross", 4, 0), ("passage-ew", 5, 0), ("passage-ew", 6, 0),
        ("passage-cross", 7, 0)]
"""The path to the Gold on row 0 passes two Ale Mugs and no Door; a side branch up from (1, 0) holds
an open red Door and, behind it, a third Ale Mug."""
ON_PATH = [("passage-cross", 1, 0), ("key-red-ew", 2, 0), ("door-red-ew", 3, 0), ("ale-mug-ew", 4, 0),
           ("ale-mug-cross", 5, 0), ("ale-mug-ns", 1, -1), ("ale-mug-cross", 6, 0),
           ("passage-ew", 7, 0)]
"""The path to the Gold passes the open red Door and three Ale Mugs (a fourth in a side branch)."""


@pytest.mark.clause("GVG-ADV-5", "GVG-ADV-6", "GVG-ADV-8", "GVG-ADV-9")
def test_a_side_branch_is_not_on_the_path_to_the_gold() -> None:
    """Driver (seat 0, the Goblin), King (seat 1), Keymaster (seat 2). The Door and the third Ale
    Mug lie in a dead-end branch: the King (two Ale Mugs on the path) and the Keymaster (no Door on
    it) score nothing extra, the Driver (a Door-free path) scores 1."""
    assert _seats(SIDE)[-1] == 2  # seat 2, a Gnome, opens the Gold: 1 for every Gnome, 1 more
    state = _gold_round(ROLES, SIDE)
    assert state.last_result == "gold"
    assert state.points == (1, 1, 2)


@pytest.mark.clause("GVG-ADV-5", "GVG-ADV-6", "GVG-ADV-8", "GVG-ADV-9")
def test_a_door_and_three_ale_mugs_on_the_path_count() -> None:
    """The path itself passes the open Door and three Ale Mugs: the King and the Keymaster score 1
    each, the Driver nothing (every path passes the Door)."""
    assert _seats(ON_PATH)[-1] == 2  # seat 2, a Gnome, opens the Gold
    state = _gold_round(ROLES, ON_PATH)
    assert state.last_result == "gold"
    assert state.points == (0, 2, 3)


@pytest.mark.clause("GVG-ADV-5")
def test_route_tags_count_only_simple_paths() -> None:
    """On the side-branch field the paths to the Gold pass at most two Ale Mugs and no Door; on the
    other field three Ale Mugs and the Door, and no path avoids the Door."""
    for route, tags in ((SIDE, (True, False, 2)), (ON_PATH, (False, True, 3))):
        field = _gold_round(ROLES, route[:-1]).field  # all but the card that opens the Gold
        card, x, y = route[-1]
        field = tuple(sorted((*field, gvg.Tile(x, y, card, False)), key=lambda t: (t.y, t.x)))
        assert route_tags(field, (False, False, False), 1) == tags


def _potion_round(offset: int) -> State:
    """Four players: seat 0 drinks a Potion with the seat ``offset`` after it, then the start is
    walled in and every seat passes: no target, the round ends."""
    roles = ("pedant", "jeweller", "greedy-one", "master-of-transformations")
    plays = [(0, "potion"), (1, "cave-in-ew"), (2, "cave-in-cross"), (3, "cave-in-ns"), (0, "cave-in-t-ns")]
    state = new(4, plays, roles=roles, options=ADV)
    state = gvg.apply(state, PlayPotion(offset))
    for card, x, y in [*WALL, ("cave-in-t-ns", 0, 1)]:
        state = lay(state, card, x, y)
    while state.round == 1:
        state = gvg.apply(state, Pass())
    return state


@pytest.mark.clause("GVG-ADV-2", "GVG-SCORE-3")
@pytest.mark.parametrize(("offset", "points"), [(1, (0, 0, 1, 1)), (3, (2, 0, 1, 0))])
def test_the_master_of_transformations_scores_only_if_its_holder_took_part(
        offset: int, points: tuple[int, ...]) -> None:
    """A swap between seats 0 and 1 leaves out the Master of Transformations (seat 3): the Goblins
    score 1 for no target and nothing more. A swap of seats 0 and 3 gives seat 0 the Master, and it
    took part: 1 for no target and 1 for the swap; seat 3 is now a Gnome."""
    assert _potion_round(offset).points == points


@pytest.mark.clause("GVG-END-2", "GVG-SCORE-6")
def test_with_no_target_reached_the_last_card_played_ends_the_round() -> None:
    """Every path card is played without reaching any target: the last card ends the round at
    once, and the Goblin (seat 2) scores 1."""
    state = _avoiding_gold_and_dragon(new(3), avoid=(0, 1, 2))
    assert state.round == 1
    assert not state.deck
    assert sum(map(len, state.hands)) == 1
    after = _play_last(state)
    assert after.round == 2
    assert after.last_result == "none"
    assert after.points == tuple(int(RACE[r] == "goblin") for r in after.last_roles)


@pytest.mark.clause("GVG-FIELD-3")
@pytest.mark.parametrize("bounds", [(-13, 12, -6, 6), (-4, 21, -6, 6), (-4, 12, -13, 6), (-4, 12, -6, 10**6)])
def test_a_table_past_the_limits_is_refused(bounds: tuple[int, int, int, int]) -> None:
    """A component set whose table reaches past x -12..20 or y -12..12 is refused; the largest
    allowed table loads."""
    data = _as_data(gvg.REFERENCE)
    data["table"] = dict(zip(("min_x", "max_x", "min_y", "max_y"), bounds, strict=True))
    with pytest.raises(ComponentError):
        parse_components(data)
    data["table"] = dict(zip(("min_x", "max_x", "min_y", "max_y"), TABLE_LIMITS, strict=True))
    assert parse_components(data).bounds == TABLE_LIMITS


@pytest.mark.clause("GVG-INV-6")
def test_check_state_refuses_counters_play_cannot_reach() -> None:
    """From a state reached by play (an Ale Mug named seat 2): more skips than Ale Mugs, a skip
    left on the turn owner, swaps past the limit, a round past the limit, a pass count of every
    seat while the round goes on: each is refused, naming the field."""
    good = gvg.apply(_mug_round(), NameSkip(2))
    gvg.check_state(good)
    bad: list[tuple[str, str, Any]] = [
        ("skips", "skips", (0, 0, 2)), ("the turn owner", "skips", (0, 1, 0)),
        ("swaps_used", "swaps_used", (4, 0, 0)), ("round", "round", 31), ("passes", "passes", 3)]
    for name, field, value in bad:
        with pytest.raises(InvalidArgumentError, match=name):
            gvg.check_state(attrs.evolve(good, **{field: value}))


def _brute_tags(state: State, slot: int) -> tuple[bool, bool, int]:
    """Every simple path from the start to a card facing target ``slot``, enumerated one by one
    over the reference route (independent of :func:`route_tags`)."""
    the_route = reference.route(state)
    cards, passed = the_route.cards, the_route.passed
    target = gvg.geometry.TARGET_CELLS[slot]
    steps = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}
    back = {"N": "S", "E": "W", "S": "N", "W": "E"}

    def nbs(cell: tuple[int, int]) -> list[tuple[int, int]]:
        out = []
        for side in cards[cell].sides:
            nb = (cell[0] + steps[side][0], cell[1] + steps[side][1])
            if nb in passed and back[side] in cards[nb].sides:
                out.append(nb)
        return out

    def faces(cell: tuple[int, int]) -> bool:
        return any((cell[0] + steps[s][0], cell[1] + steps[s][1]) == target for s in cards[cell].sides)

    found: set[tuple[bool, int]] = set()

    def walk(cell: tuple[int, int], path: list[tuple[int, int]]) -> None:
        if faces(cell):
            kinds = [cards[c].kind for c in path]
            found.add(("door" in kinds, kinds.count("ale-mug")))
        for nb in nbs(cell):
            if nb not in path:
                walk(nb, [*path, nb])

    walk((0, 0), [(0, 0)])
    return (any(not d for d, _ in found), any(d for d, _ in found),
            min(3, max((m for _, m in found), default=0)))


@pytest.mark.playout
@pytest.mark.clause("GVG-ADV-5")
@given(n=player_counts, seed=seeds)
@settings(max_examples=6)
def test_route_tags_agree_with_every_simple_path_enumerated(n: int, seed: int) -> None:
    """On the fields of random play, route_tags gives what enumerating every simple path from the
    start to each target gives: a Door-free path, a path through a Door, the most Ale Mugs (to 3)."""
    for state, _ in playout(n, seed, limit=300):
        for slot in range(3):
            if not state.opened[slot]:
                assert route_tags(state.field, state.opened, slot) == _brute_tags(state, slot)
