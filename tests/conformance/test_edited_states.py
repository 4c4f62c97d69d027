"""States edited in memory (``attrs.evolve``), not decoded from JSON, go through the fast path
exactly as through the rule book.

``from_json`` checks every state it decodes; a caller holding a State object can still edit it and
pass it straight to ``apply``. The fast paths read such states through their own tables, so each
case below (found by a review of the fast paths) pins that the fast path then answers as the rule
book does (the same State, or the library's error), and that neither runs for ever.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import attrs
import pytest

import gremlinrules
from gremlinrules.core.errors import GremlinRulesError
from gremlinrules.goblins_vs_gnomes.frames import SkipNaming
from tests.conformance.support import GAME_IDS
from tests.conformance.test_fuzz import _interrupt_after


def _after(game_id: str, players: int, seed: int, steps: int) -> Any:
    g = gremlinrules.get_game(game_id)
    s = g.new_game(players, seed)
    rnd = random.Random(seed)
    for _ in range(steps):
        legal = g.legal_actions(s)
        s = g.apply(s, legal[rnd.randrange(len(legal))])
    return s


def _outcome(fn: Callable[..., Any], *args: Any) -> Any:
    try:
        return fn(*args)
    except GremlinRulesError as exc:
        return type(exc)


def _gvg_naming_off_turn(turn: int) -> Any:
    """A 3-player Goblins vs Gnomes state where the Ale Mug's player names a skip, with the turn
    moved ``turn`` seats on (the fast path took the next turn from the turn, the rule book from the
    frame)."""
    g = gremlinrules.get_game("goblins-vs-gnomes")
    for seed in range(200):
        s = g.new_game(3, seed)
        rnd = random.Random(seed)
        while not g.is_terminal(s):
            if s.stack and type(s.stack[-1]) is SkipNaming:
                return attrs.evolve(s, turn=(s.turn + turn) % s.players if turn < s.players else turn)
            legal = g.legal_actions(s)
            s = g.apply(s, legal[rnd.randrange(len(legal))])
    raise AssertionError("no Ale Mug named a skip in 200 games")


CASES: dict[str, tuple[str, Callable[[], Any]]] = {
    # a phase given as the plain text of the enum, or None: a Play reached the placement path
    "gg-phase-text": ("gnaughty-gnomes", lambda: attrs.evolve(_after("gnaughty-gnomes", 2, 0, 0),
                                                              phase="play")),
    "gg-phase-none": ("gnaughty-gnomes", lambda: attrs.evolve(_after("gnaughty-gnomes", 2, 0, 0),
                                                              phase=None)),
    # a deck given as a list; no scores at all: the fast end of a turn raised TypeError, ValueError
    "gi-deck-list": ("gremlins-inc", lambda: (lambda s: attrs.evolve(s, deck=list(s.deck)))(
        _after("gremlins-inc", 2, 1, 3))),
    "gi-scores-empty": ("gremlins-inc", lambda: attrs.evolve(_after("gremlins-inc", 2, 1, 3), scores=())),
    # negative skips looped for ever (the rule book too); a turn far from the naming seat
    "gvg-skips-negative": ("goblins-vs-gnomes", lambda: attrs.evolve(
        _after("goblins-vs-gnomes", 3, 1, 0), skips=(-1, -1, -1))),
    "gvg-naming-two-seats-on": ("goblins-vs-gnomes", lambda: _gvg_naming_off_turn(2)),
    "gvg-naming-turn-a-million": ("goblins-vs-gnomes", lambda: _gvg_naming_off_turn(10**6)),
}


@pytest.mark.parametrize("name", [n for n, (gid, _) in CASES.items() if gid in GAME_IDS])
def test_an_edited_state_gets_the_rule_books_answer_from_the_fast_path(name: str) -> None:
    """For every action the rule book lists on an edited state (and the game's first few actions),
    the fast path's ``apply`` returns the rule book's state or raises the library's error as the
    rule book does, within a second: never a bare Python exception, never an endless loop."""
    game_id, make = CASES[name]
    fast = gremlinrules.get_game(game_id)
    reference = gremlinrules.get_game(game_id, reference=True)
    s = make()
    with _interrupt_after(5.0):
        listed = _outcome(reference.legal_actions, s)
        actions = list(listed) if isinstance(listed, tuple | list) else []
        actions += list(fast.all_actions(s.players))[:8]
        assert actions, f"{name}: no action to try"
        for action in actions:
            expected = _outcome(reference.apply, s, action)
            assert _outcome(fast.apply, s, action) == expected, f"{name}: {action}"
