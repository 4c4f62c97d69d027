"""The fast path equals the rule book, and both equal an independent model of the route.

Two properties. First, random games (every option drawn, a user's component set
included) run through :mod:`.fast` and :mod:`.rules` side by side. Second, an
oracle written here from the rulebook and the component file alone (a plain
search over the cards' printed sides, not the engine's bit tables nor the
reference's route) says which targets the route reaches and where each card in
hand may be laid; over states reached by legal play, with rotation on and off,
``legal_actions`` lays cards exactly there and the targets open exactly when it
says.
"""

from __future__ import annotations

import tomllib
from collections import deque
from importlib import resources
from typing import Any
from typing import cast

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import gremlinrules
from gremlinrules.core.errors import IllegalActionError
from gremlinrules.core.game import ModuleGame
from gremlinrules.goblins_vs_gnomes import REFERENCE
from gremlinrules.goblins_vs_gnomes import Components
from gremlinrules.goblins_vs_gnomes import DeclineTarget
from gremlinrules.goblins_vs_gnomes import NameSkip
from gremlinrules.goblins_vs_gnomes import OpenTarget
from gremlinrules.goblins_vs_gnomes import Options
from gremlinrules.goblins_vs_gnomes import Pass
from gremlinrules.goblins_vs_gnomes import Phase
from gremlinrules.goblins_vs_gnomes import Place
from gremlinrules.goblins_vs_gnomes import PlayExplosion
from gremlinrules.goblins_vs_gnomes import PlayMap
from gremlinrules.goblins_vs_gnomes import PlayPotion
from gremlinrules.goblins_vs_gnomes import SkipNaming
from gremlinrules.goblins_vs_gnomes import Slot
from gremlinrules.goblins_vs_gnomes import State
from gremlinrules.goblins_vs_gnomes import Steal
from gremlinrules.goblins_vs_gnomes import StealChoice
from gremlinrules.goblins_vs_gnomes import Swap
from gremlinrules.goblins_vs_gnomes import TargetChoice
from gremlinrules.goblins_vs_gnomes import Tile
from gremlinrules.goblins_vs_gnomes import all_actions
from gremlinrules.goblins_vs_gnomes import events
from gremlinrules.goblins_vs_gnomes import fast
from gremlinrules.goblins_vs_gnomes import new_game
from gremlinrules.goblins_vs_gnomes import rules
from gremlinrules.goblins_vs_gnomes.actions import SLOT_INDEX
from gremlinrules.goblins_vs_gnomes.components import _as_data
from gremlinrules.goblins_vs_gnomes.components import parse_components
from tests import strategies
from tests.strategies import seeds

any_options = strategies.options("goblins-vs-gnomes")
player_counts = strategies.player_counts("goblins-vs-gnomes")

MALFORMED: tuple[Any, ...] = (Options(), "Pass", Swap, None, 3)
"""Things that are not actions of the game (another class's instance, a class, a string, a
number)."""


def _outcome(apply_f: Any, s: State, action: Any) -> Any:
    """The state after ``action``, or the refusal as (reason, clause)."""
    try:
        return apply_f(s, action)
    except IllegalActionError as exc:
        return exc.reason, exc.clause


def _same_refusal(s: State, action: Any) -> None:
    fast_out = _outcome(fast.apply, s, action)
    assert type(fast_out) is tuple, f"{action!r} applied on the fast path"
    ref_out = _outcome(rules.apply, s, action)
    assert type(ref_out) is tuple, f"{action!r} applied on the reference path"
    assert fast_out[1] == ref_out[1], (action, fast_out, ref_out)
    assert fast.is_legal(s, action) is rules.is_legal(s, action) is False


@pytest.mark.clause("GVG-ACT-1", "GVG-TURN-1", "GVG-TURN-2", "GVG-TURN-3", "GVG-PLACE-1",
                    "GVG-PLACE-2", "GVG-PLACE-4", "GVG-ROUTE-3", "GVG-CARD-2", "GVG-CARD-4",
                    "GVG-TARGET-3", "GVG-ADV-3", "GVG-BOUND-1", "GVG-COMP-7")
@given(players=player_counts, seed=seeds, options=any_options,
       picks=st.lists(st.integers(0, 2**16), max_size=300), probes=st.lists(st.integers(0, 2**16)))
def test_the_fast_path_gives_the_rule_books_actions_states_and_errors(
        players: int, seed: int, options: Options, picks: list[int], probes: list[int]) -> None:
    """In random games (every option drawn, a user's component set included), at every step the
    fast and the reference legal actions are identical (same actions, same order), the drawn
    action gives equal states on both paths, and a drawn illegal action and a malformed one are
    refused by both with the same clause (is_legal False on both). Past the drawn picks the
    first legal action is played, up to 400 decisions."""
    s = new_game(players, seed, options=options)
    space = all_actions(players, options)
    probe = iter(probes)
    for step in range(400):
        legal = fast.legal_actions(s)
        assert legal == rules.legal_actions(s)
        k = next(probe, step)
        illegal = space[k % len(space)]
        if illegal not in legal:
            _same_refusal(s, illegal)
        _same_refusal(s, MALFORMED[next(probe, step) % len(MALFORMED)])
        if not legal:
            break
        action = legal[picks[step] % len(legal) if step < len(picks) else 0]
        after = fast.apply(s, action)
        assert after == rules.apply(s, action)
        s = after


_ANNOUNCED: dict[type, type] = {
    Place: events.CardLaid, PlayMap: events.MapPlayed, PlayExplosion: events.CardExploded,
    PlayPotion: events.RolesSwapped, Swap: events.CardSwapped, Pass: events.Passed,
    NameSkip: events.SkipNamed, Steal: events.StealChosen, DeclineTarget: events.TargetDeclined,
}
"""The event that records each kind of action itself (an OpenTarget's is the target it opens)."""
_DRAWS = (Place, PlayMap, PlayExplosion, PlayPotion, Swap)
"""The actions after which the player draws the deck's top card (GVG-TURN-2, GVG-TURN-4)."""


def _stealing(s: State) -> bool:
    return bool(s.stack) and type(s.stack[-1]) is StealChoice


@pytest.mark.clause("GVG-TURN-2", "GVG-TURN-4", "GVG-TARGET-1", "GVG-CARD-4", "GVG-SCORE-9",
                    "GVG-ROUND-1", "GVG-END-4")
@given(players=player_counts, seed=seeds, options=any_options, picks=st.lists(st.integers(0, 2**16)))
def test_the_rule_books_steps_give_the_fast_paths_states_and_events_in_order(
        players: int, seed: int, options: Options, picks: list[int]) -> None:
    """Property: the events come from the rule book's steps alone (the fast path returns the state
    only); at every decision of a random game (every option drawn), ``apply_with_events`` is the
    step's state and events, its state is the fast path's, and the events follow the rules: the
    action's own event first (none for an OpenTarget), a ``CardDrawn`` after a play or a swap
    exactly when the deck had a card, a ``TargetOpened`` per target turned face up in the round,
    a ``RoundEnded`` when the round ends (once, before any steal), and a ``RoundScored`` when it is
    scored, followed by the ``GameEnded`` or the next round's ``Dealt``, one per seat. Up to 300
    decisions."""
    s = new_game(players, seed, options=options)
    for step in range(300):
        legal = fast.legal_actions(s)
        if not legal:
            break
        action = legal[picks[step] % len(legal) if step < len(picks) else 0]
        done = rules.rule_book().step(s, action)
        assert rules.apply_with_events(s, action) == (done.state, done.events)
        after = done.state
        assert after == fast.apply(s, action)
        kinds = [type(e) for e in done.events]
        own = _ANNOUNCED.get(type(action))
        assert kinds[:1] == ([own] if own is not None else kinds[:1])
        assert kinds.count(events.CardDrawn) == (type(action) in _DRAWS and bool(s.deck))
        over = after.phase is Phase.OVER
        scored = over or after.round != s.round
        if not scored:
            assert kinds.count(events.TargetOpened) == sum(after.opened) - sum(s.opened)
        assert kinds.count(events.RoundEnded) == ((scored or _stealing(after)) and not _stealing(s))
        assert kinds.count(events.RoundScored) == scored
        if over:
            assert kinds[-2:] == [events.RoundScored, events.GameEnded]
        elif scored:
            assert kinds[-players - 1:] == [events.RoundScored] + [events.Dealt] * players
        s = after


@pytest.mark.clause("GVG-CARD-4", "GVG-TARGET-3", "GVG-ADV-3")
def test_the_differential_playouts_reach_every_kind_of_frame() -> None:
    """The property above is not vacuous: the same kind of playout reaches a pending SkipNaming,
    TargetChoice and StealChoice frame, and both paths stay equal throughout."""
    seen: set[tuple[type, ...]] = set()
    options = Options(advanced_roles=True, round_limit=3)
    for seed in range(6):
        s = new_game(5, seed, options=options)
        step = 0
        while s.phase is not Phase.OVER:
            legal = fast.legal_actions(s)
            assert legal == rules.legal_actions(s)
            seen.add(tuple(type(f) for f in s.stack))
            # mostly dig east, towards the targets
            east = max((a for a in legal if isinstance(a, Place)), default=None, key=lambda a: a.x)
            action = east if east is not None and step % 4 else legal[(seed * 7 + step) % len(legal)]
            after = fast.apply(s, action)
            assert after == rules.apply(s, action)
            s = after
            step += 1
    assert {(SkipNaming,), (TargetChoice,), (StealChoice,)} <= seen


def test_get_game_binds_the_reference_rules_on_request() -> None:
    """get_game(..., reference=True) plays with the rule book and by default with the fast path."""
    assert gremlinrules.get_game("goblins-vs-gnomes").apply is fast.apply
    ref = gremlinrules.get_game("goblins-vs-gnomes", reference=True)
    # the rule book's own functions, wrapped only to answer a tracked state (external chance) too
    inner = cast(ModuleGame, ref).inner
    assert (inner("apply"), inner("legal_actions"), inner("is_legal")) == (
        rules.apply, rules.legal_actions, rules.is_legal)
    state = ref.new_game(3, 4)
    action = ref.legal_actions(state)[0]
    assert ref.legal_actions(state) == rules.legal_actions(state)
    assert ref.apply(state, action) == rules.apply(state, action)


def test_answers_and_foreign_objects_are_refused_alike_while_a_frame_is_pending() -> None:
    """With a name-skip frame pending, a play, another frame's answer, an out-of-range answer and
    a foreign object are refused by both paths with the same clause."""
    s = new_game(4, 3)
    while not s.stack or type(s.stack[-1]) is not SkipNaming:
        s = fast.apply(s, fast.legal_actions(s)[0] if s.stack else _mug_first(s))
    for action in (PlayMap(Slot.TOP), OpenTarget(Slot.TOP), NameSkip(9), Steal(1), "NameSkip", None):
        _same_refusal(s, action)


def _mug_first(s: State) -> Any:
    legal = fast.legal_actions(s)
    return next((a for a in legal if isinstance(a, Place) and a.card.startswith("ale-mug")), legal[-1])


# ---- the oracle: the route and placement, from the rulebook and the component file ----------

_TEXT = tomllib.loads(resources.files("gremlinrules.goblins_vs_gnomes").joinpath("components.toml")
                      .read_text(encoding="utf-8"))
_STEP = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}  # y grows downward
_BACK = {"N": "S", "S": "N", "E": "W", "W": "E"}
_PASS_ALWAYS = {"passage", "key", "lantern", "bomb", "ale-mug"}


class Oracle:
    """The table of one component set, read from its TOML data: printed sides, kinds, colours."""

    def __init__(self, data: dict[str, Any]) -> None:
        self.kind = {d["name"]: d["kind"] for d in data["design"]}
        self.sides = {d["name"]: set(d["edges"]) for d in data["design"]}
        self.colour = {d["name"]: d.get("colour", "") for d in data["design"]}
        t = data["table"]
        self.cells = [(x, y) for x in range(t["min_x"], t["max_x"] + 1)
                      for y in range(t["min_y"], t["max_y"] + 1)]
        # The rulebook: the targets lie 8 cards to the right of the start, one card apart.
        self.targets = [(8, -2), (8, 0), (8, 2)]

    def laid_sides(self, card: str, rotated: bool) -> set[str]:
        """The open sides of a card as laid: half a turn swaps N with S and E with W."""
        return {_BACK[s] for s in self.sides[card]} if rotated else set(self.sides[card])

    def table(self, s: State) -> dict[tuple[int, int], tuple[str, set[str], str]]:
        """Cell -> (kind, open sides, colour) of the start, each tunnel card and face-up targets."""
        out = {(0, 0): ("start", set("NESW"), "")}
        for t in s.field:
            out[(t.x, t.y)] = (self.kind[t.card], self.laid_sides(t.card, t.rotated), self.colour[t.card])
        for slot, cell in enumerate(self.targets):
            if s.opened[slot]:
                out[cell] = ("target", set("NESW"), "")
        return out

    def passed(self, table: dict[tuple[int, int], tuple[str, set[str], str]]) -> set[tuple[int, int]]:
        """Every card some walk from the start passes through. A walk carries the keys it has
        stepped on; it may go back the way it came, so it can fetch a key from a side branch,
        but it crosses a Door only holding that door's colour, and never a Cave-in."""
        start = ((0, 0), frozenset[str]())
        seen = {start}
        todo = deque([start])
        while todo:
            cell, keys = todo.popleft()
            for side in table[cell][1]:
                dx, dy = _STEP[side]
                nb = (cell[0] + dx, cell[1] + dy)
                if nb not in table or _BACK[side] not in table[nb][1]:
                    continue
                kind, _, colour = table[nb]
                if kind == "cave-in" or (kind == "door" and colour not in keys):
                    continue
                held = keys | {colour} if kind == "key" else keys
                if (nb, held) not in seen:
                    seen.add((nb, held))
                    todo.append((nb, held))
        return {cell for cell, _ in seen}

    def reached(self, s: State) -> set[int]:
        """The face-down targets beside a passed card, on its open side."""
        table = self.table(s)
        passed = self.passed(table)
        out = set()
        for slot, (x, y) in enumerate(self.targets):
            for side, (dx, dy) in _STEP.items():
                nb = (x - dx, y - dy)  # the cell whose ``side`` faces the target
                if not s.opened[slot] and nb in passed and side in table[nb][1]:
                    out.add(slot)
        return out

    def placements(self, s: State) -> set[Place]:
        """Every legal Place of the cards in the turn owner's hand."""
        table = self.table(s)
        passed = self.passed(table)
        out = set()
        for card in set(s.hands[s.turn]):
            if self.kind[card] in ("map", "explosion", "potion"):
                continue
            turns = [False, True] if s.options.rotation else [False]
            for rotated in turns:
                sides = self.laid_sides(card, rotated)
                if rotated and sides == self.laid_sides(card, False):
                    continue  # one action per shape
                for x, y in self.cells:
                    if (x, y) in table or (x, y) in self.targets:
                        continue
                    fits, joins = True, False
                    for side, (dx, dy) in _STEP.items():
                        nb = table.get((x + dx, y + dy))
                        if nb is None:
                            continue
                        facing = _BACK[side] in nb[1]
                        if nb[0] != "target" and facing != (side in sides):
                            fits = False
                        if facing and side in sides and (x + dx, y + dy) in passed:
                            joins = True
                    if fits and joins:
                        out.add(Place(card, x, y, rotated))
        return out


_OWN = _as_data(REFERENCE)
_OWN["table"]["max_x"] = 13
for _d in _OWN["design"]:
    if _d["name"] == "passage-ew":
        _d["edges"] = "NE"  # a bend where the reference has a straight


def _options(own: bool, rotation: bool, advanced: bool) -> tuple[Options, Oracle]:
    if not own:
        return Options(rotation=rotation, advanced_roles=advanced), Oracle(_TEXT)
    comps: Components = parse_components(_OWN)
    return Options(rotation=rotation, advanced_roles=advanced, components=comps), Oracle(_OWN)


@pytest.mark.clause("GVG-ROUTE-1", "GVG-ROUTE-2", "GVG-ROUTE-3", "GVG-PLACE-1", "GVG-PLACE-2",
                    "GVG-PLACE-3", "GVG-PLACE-4", "GVG-TARGET-1", "GVG-TARGET-2", "GVG-TARGET-3",
                    "GVG-FIELD-2")
@given(players=player_counts, seed=seeds, rotation=st.booleans(), own=st.booleans(),
       picks=st.lists(st.integers(0, 2**16), min_size=20, max_size=160))
def test_legal_placements_and_opened_targets_agree_with_an_independent_route_oracle(
        players: int, seed: int, rotation: bool, own: bool, picks: list[int]) -> None:
    """Over states reached by legal play (rotation on and off, the reference set or an own set),
    the Place actions among legal_actions are exactly the oracle's placements; no face-down
    target the oracle reaches stays shut while a play is awaited (GVG-TARGET-1); and a card
    that reaches several targets asks the placer to order exactly those (GVG-TARGET-3)."""
    options, oracle = _options(own, rotation, advanced=False)
    s = new_game(players, seed, options=options)
    for pick in picks:
        if s.phase is Phase.OVER:
            break
        legal = fast.legal_actions(s)
        if not s.stack:
            assert {a for a in legal if isinstance(a, Place)} == oracle.placements(s)
            assert oracle.reached(s) == set()
        action = legal[pick % len(legal)]
        after = fast.apply(s, action)
        if isinstance(action, Place):
            laid = Tile(action.x, action.y, action.card, action.rotated)
            reached = oracle.reached(attrs.evolve(s, field=(*s.field, laid)))
            if len(reached) >= 2:
                top = after.stack[-1]
                assert type(top) is TargetChoice
                assert {SLOT_INDEX[t] for t in top.among} == reached
            elif after.round == s.round and after.phase is Phase.PLAY and len(reached) == 1:
                assert after.opened != s.opened  # the Dynamite opened, the round goes on
            elif not reached:
                assert not after.stack or type(after.stack[-1]) is not TargetChoice
                assert after.round != s.round or after.opened == s.opened
        s = after


def test_the_oracle_sees_what_the_rulebook_says_on_a_hand_built_field() -> None:
    """The oracle itself on known fields: a straight row reaches the middle target; a Cave-in in
    the row stops the route; a red Door opens only with a red Key reached before it."""
    oracle = Oracle(_TEXT)
    s = new_game(3, 0)
    row = tuple(Tile(x, 0, "passage-ew", False) for x in range(1, 8))
    assert oracle.reached(attrs.evolve(s, field=row)) == {1}
    caved = tuple(t if t.x != 4 else Tile(4, 0, "cave-in-ew", False) for t in row)
    assert oracle.reached(attrs.evolve(s, field=caved)) == set()
    door = tuple(t if t.x != 4 else Tile(4, 0, "door-red-ew", False) for t in row)
    assert oracle.reached(attrs.evolve(s, field=door)) == set()
    keyed = tuple(t if t.x != 2 else Tile(2, 0, "key-red-ew", False) for t in door)
    assert oracle.reached(attrs.evolve(s, field=keyed)) == {1}
    assert Place("passage-ew", 8, 1, False) not in oracle.placements(attrs.evolve(s, field=keyed))

