"""The fuzz of every public call, and of states edited by hand (issue 28).

:mod:`tests.conformance.test_fuzz` fuzzes what a client sends as JSON. This module, its second half,
drives every public function of every game, with the fast path (``get_game(id)``) and the reference
rules (``reference=True``) alike: ``new_game`` (both chance modes), ``legal_actions``, ``is_legal``,
``apply``, ``apply_with_events``, ``observe``, ``observe_event``, ``action_label``,
``parse_action``, ``view_text``, ``event_text``, ``describe``,
``to_data``/``from_data``/``to_json``/``from_json`` of every class, ``json_schema``,
``all_actions``, ``decision_bound``, ``scores``, ``winners``, ``end_reason``, ``check_state``,
``sample_hidden``, ``chance_outcomes``, ``current_player``, ``is_terminal`` and ``players``. Each
argument is a valid value of its kind, taken from a random playout (a state, a legal action, a view,
an event, a seat), or a hostile one: huge ints, bools, NaN, None, wrong types, objects built without
their fields (every class of the game), the states, actions, views, options and tracked states of
another game.

The properties, each call guarded as in ``test_fuzz`` (:func:`~tests.conformance.test_fuzz.guarded`):

- only ``GremlinRulesError`` subclasses escape, in bounded time, with a short message;
- what a call accepts with valid arguments behaves: ``is_legal`` agrees with ``apply``,
  ``apply_with_events`` returns ``apply``'s state, an applied state passes ``check_state``, and
  ``to_data``/``to_json`` of a game object decode back to it;
- a state edited by hand (one field given another valid-looking value: a neighbouring number, a
  tuple with an item dropped, doubled or moved, another seat's entry, the same field of another
  state of the same game, another enum member) is refused by ``check_state`` and ``from_json``
  alike, or it is a state the game plays on: a few random moves with every call guarded,
  ``check_state`` passing at each step, and the fast path and the rule book agreeing on the legal
  actions and the next state.

The fast profile keeps the whole module to a few seconds of CPU a game; ``GREMLINRULES_PROFILE=deep``
tries many more calls and edits.
"""

from __future__ import annotations

import enum
import functools
import math
import random
from collections.abc import Callable
from functools import partial
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

import gremlinrules
from gremlinrules import Game
from gremlinrules.core.chance import Outcome
from tests.conformance.support import GAME_IDS
from tests.conformance.support import walk
from tests.conformance.test_fuzz import DEEP_PROFILE
from tests.conformance.test_fuzz import HUGE
from tests.conformance.test_fuzz import Refused
from tests.conformance.test_fuzz import _bounded_memory
from tests.conformance.test_fuzz import guarded

__all__ = ["_bounded_memory"]  # the fixture, applied to this module's tests too

CALLS_PER_EXAMPLE = 40 if DEEP_PROFILE else 12
"""Public calls drawn per Hypothesis example."""

EDIT_STEPS = 40 if DEEP_PROFILE else 8
"""Decisions played from an accepted hand-edited state (fast path and rule book side by side)."""

STEPS = (0, 3, 12, 40, 120)
"""How far into a random game the context states are taken."""


def _cases() -> list[Any]:
    return [pytest.param(gid, ref, id=f"{gid}{'-reference' if ref else ''}") for gid in GAME_IDS
            for ref in (False, True)]


# ----------------------------------------------------------------------------------------------
# Valid values from random playouts, and hostile ones


@attrs.frozen
class Context:
    """Valid arguments of every kind, at one point of a random game."""

    state: Any
    legal: tuple[Any, ...]
    view: Any
    events: tuple[Any, ...]
    after: Any
    """``apply(state, legal[0])`` (the state itself at the end of a game)."""


@functools.lru_cache(maxsize=256)
def context(game_id: str, reference: bool, players: int, seed: int, steps: int) -> Context:
    game = gremlinrules.get_game(game_id, reference=reference)
    state, _ = walk(game, players, seed, random.Random(seed), stop_after=steps)
    legal = game.legal_actions(state)
    view = game.observe(state, game.current_player(state))
    after, events = game.apply_with_events(state, legal[0]) if legal else (state, ())
    return Context(state, legal, view, events, after)


def _half_built(cls: type, with_field: bool) -> Any:
    """An instance of ``cls`` made without ``__init__`` (with its first field set to 0 when asked)."""
    obj: Any = object.__new__(cls)
    fields = attrs.fields(cls)
    if with_field and fields:
        object.__setattr__(obj, fields[0].name, 0)
    return obj


@functools.lru_cache(maxsize=16)
def hostile_values(game_id: str) -> tuple[Any, ...]:
    """Values no argument of ``game_id``'s functions may be: huge, absurd or of the wrong kind,
    objects of the game's classes built without their fields, another game's objects."""
    game = gremlinrules.get_game(game_id)
    values: list[Any] = [HUGE, -HUGE, 2**64, -1, 10**18, True, False, None, math.nan, math.inf, 1.5, "",
                         "x" * 100_000, b"x", [], {}, (), object(), [0] * 10_000, {"type": "Pass"},
                         Outcome("deck", "no-such-card"), Outcome("", ""), enum.Enum]
    for cls in (game.State, game.View, game.Options, game.Setup, *game.action_types, *game.event_types):
        values += [_half_built(cls, False), _half_built(cls, True)]
    other_id = next((g for g in gremlinrules.game_ids() if g != game_id), None)
    if other_id is not None:
        other = gremlinrules.get_game(other_id)
        state = other.new_game(other.min_players, 1)
        values += [state, other.observe(state, 0), other.legal_actions(state)[0], other.Options(),
                   other.Setup(), other.new_game(other.min_players, chance="external")]
    return tuple(values)


def _pick(values: Any) -> st.SearchStrategy[Any]:
    """One of ``values``, drawn by index: ``sampled_from`` hashes its values, and an object built
    without its fields cannot be hashed."""
    items = tuple(values)
    return st.integers(0, len(items) - 1).map(items.__getitem__)


def _hostile(game: Game) -> st.SearchStrategy[Any]:
    return _pick(hostile_values(game.id))


def _one_of(value: Any, candidates: Any) -> bool:
    """Whether ``value`` is one of ``candidates`` itself (``==`` would fail on a half-built one)."""
    return any(value is c for c in candidates)


def _or_hostile(game: Game, valid: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    """Mostly a valid value, sometimes a hostile one."""
    return st.one_of(valid, valid, _hostile(game))


# ----------------------------------------------------------------------------------------------
# The calls: each draws its arguments from the context, and says what it checks besides guarded


def _objects(game: Game, ctx: Context) -> list[Any]:
    return [ctx.state, ctx.view, getattr(ctx.state, "options", game.Options()), game.Setup(), *ctx.legal[:3],
            *ctx.events[:3]]


def _classes(game: Game) -> list[Any]:
    return [game.State, game.View, game.Options, game.Setup, game.Action, game.Event, *game.action_types,
            *game.event_types]


def _call(game: Game, ctx: Context, data: st.DataObject) -> None:
    """One public call with drawn arguments, guarded, with its own checks on valid arguments."""
    draw = data.draw
    n = game.players(ctx.state)
    seats = st.sampled_from([*range(n), None])
    actions = st.sampled_from(ctx.legal) if ctx.legal else st.sampled_from(game.all_actions(n))
    some_action = st.one_of(actions, st.sampled_from(game.all_actions(n)))
    state = _or_hostile(game, st.just(ctx.state))
    name = draw(st.sampled_from(sorted(_CALLS)), label="call")
    _CALLS[name](game, ctx, draw, state, seats, some_action)


def _check_apply(game: Game, ctx: Context, draw: Any, state: Any, seats: Any, action: Any) -> None:
    s, a = draw(state), draw(_or_hostile(game, action))
    legal = guarded("is_legal", lambda: game.is_legal(s, a))
    after = guarded("apply", lambda: game.apply(s, a))
    events = guarded("apply_with_events", lambda: game.apply_with_events(s, a))
    if s is ctx.state:
        assert legal is (not isinstance(after, Refused)), "is_legal disagrees with apply"
        assert isinstance(events, Refused) is isinstance(after, Refused), "apply_with_events disagrees"
    if not isinstance(after, Refused) and s is ctx.state:
        assert events[0] == after, "apply_with_events gives another state than apply"
        checked = guarded("check_state of an applied state", lambda: game.check_state(after))
        assert not isinstance(checked, Refused), f"check_state refused an applied state: {checked.error}"


def _check_state_calls(game: Game, ctx: Context, draw: Any, state: Any, seats: Any, action: Any) -> None:
    s = draw(state)
    name = draw(st.sampled_from(["legal_actions", "current_player", "is_terminal", "players", "scores",
                                 "winners", "end_reason", "check_state", "chance_outcomes"]))
    out = guarded(name, lambda: getattr(game, name)(s))
    if s is ctx.state and name in ("legal_actions", "check_state"):
        assert not isinstance(out, Refused), f"{name} refused a state of a real game: {out.error}"
        if name == "legal_actions":
            assert out == ctx.legal


def _check_seat_calls(game: Game, ctx: Context, draw: Any, state: Any, seats: Any, action: Any) -> None:
    s, seat = draw(state), draw(_or_hostile(game, seats))
    view = guarded("observe", lambda: game.observe(s, seat))
    seed = draw(_or_hostile(game, st.integers(0, 2**64 - 1)))
    sampled = guarded("sample_hidden", lambda: game.sample_hidden(s, seat, seed))
    if (s is ctx.state and type(seat) is int and 0 <= seat < game.players(s) and type(seed) is int
            and 0 <= seed < 2**64):
        assert not isinstance(view, Refused), f"observe refused a real seat: {view.error}"
        assert not isinstance(sampled, Refused), f"sample_hidden refused real arguments: {sampled.error}"
        assert game.observe(sampled, seat) == view, "sample_hidden changed what the seat sees"


def _check_texts(game: Game, ctx: Context, draw: Any, state: Any, seats: Any, action: Any) -> None:
    s, a = draw(state), draw(_or_hostile(game, action))
    v = draw(_or_hostile(game, st.just(ctx.view)))
    for what, run in (("describe", partial(game.describe, s, a)),
                      ("action_label", partial(game.action_label, v, a))):
        out = guarded(what, run)
        if not isinstance(out, Refused):
            assert isinstance(out, str), f"{what} gave a {type(out).__name__}"
            assert len(out) < 500, f"{what} gave {len(out)} characters"
    lines = guarded("view_text", lambda: game.view_text(v))
    if v is ctx.view:
        assert not isinstance(lines, Refused), f"view_text refused a real view: {lines.error}"
    if not isinstance(lines, Refused):
        assert type(lines) is tuple, f"view_text gave a {type(lines).__name__}"
        assert all(type(line) is str for line in lines)
    text = draw(st.one_of(st.builds(str, action), st.text(max_size=30), _hostile(game)))
    parsed = guarded("parse_action", lambda: game.parse_action(text))
    if type(text) is str and _one_of(a, ctx.legal) and text == str(a):
        assert parsed == a


def _check_events(game: Game, ctx: Context, draw: Any, state: Any, seats: Any, action: Any) -> None:
    events = _pick(ctx.events) if ctx.events else _hostile(game)
    e, seat = draw(_or_hostile(game, events)), draw(_or_hostile(game, seats))
    seen = guarded("observe_event", lambda: game.observe_event(e, seat))
    told = guarded("event_text", lambda: game.event_text(e, seat))
    if not isinstance(told, Refused):
        assert type(told) is str, f"event_text gave a {type(told).__name__}"
    if not isinstance(seen, Refused) and seen is not None:
        said = guarded("event_text", lambda: game.event_text(seen, seat))
        assert not isinstance(said, Refused), f"event_text refused an observed event: {said.error}"


def _check_json(game: Game, ctx: Context, draw: Any, state: Any, seats: Any, action: Any) -> None:
    obj = draw(_or_hostile(game, _pick(_objects(game, ctx))))
    data = guarded("to_data", lambda: game.to_data(obj))
    text = guarded("to_json", lambda: game.to_json(obj))
    cls = draw(_or_hostile(game, _pick(_classes(game))))
    sent = draw(st.one_of(st.just(data), st.just(text), _hostile(game)))
    guarded("from_data", lambda: game.from_data(sent, cls))
    guarded("from_json", lambda: game.from_json(sent, cls))
    if _one_of(obj, _objects(game, ctx)) and not isinstance(data, Refused):
        kind = type(obj)
        assert not isinstance(text, Refused), f"to_json refused a {kind.__name__} to_data converts"
        assert game.from_data(data, kind) == obj
        assert game.from_json(text, kind) == obj


def _check_tables(game: Game, ctx: Context, draw: Any, state: Any, seats: Any, action: Any) -> None:
    players = draw(_or_hostile(game, st.sampled_from(game.player_counts)))
    valid_options = [None, getattr(ctx.state, "options", None), game.Options()]
    options = draw(_or_hostile(game, _pick(valid_options)))
    guarded("all_actions", lambda: game.all_actions(players, options))
    guarded("decision_bound", lambda: game.decision_bound(players, options))
    seed = draw(_or_hostile(game, st.integers(0, 2**64 - 1)))
    setup = draw(_or_hostile(game, st.sampled_from([None, game.Setup()])))
    chance = draw(_or_hostile(game, st.sampled_from(["seeded", "external"])))
    made = guarded("new_game", lambda: game.new_game(players, seed, options=options, setup=setup))
    guarded("new_game(chance)", lambda: game.new_game(players, options=options, chance=chance))
    if (type(players) is int and players in game.player_counts and type(seed) is int and 0 <= seed < 2**64
            and setup is None and (options is None or options is valid_options[2])):
        assert not isinstance(made, Refused), f"new_game refused real arguments: {made.error}"
    if draw(st.booleans()):
        schema = guarded("json_schema", game.json_schema)
        assert not isinstance(schema, Refused)
        assert "$defs" in schema


_CALLS: dict[str, Callable[..., None]] = {
    "apply": _check_apply, "state": _check_state_calls, "seat": _check_seat_calls, "texts": _check_texts,
    "events": _check_events, "json": _check_json, "tables": _check_tables,
}
"""The public calls by group: every function of the Game protocol is in one of them."""


@pytest.mark.parametrize(("game_id", "reference"), _cases())
@settings(max_examples=max(6, settings().max_examples // 2))
@given(data=st.data())
def test_every_public_call_gives_only_library_errors(game_id: str, reference: bool,
                                                     data: st.DataObject) -> None:
    """Public calls of the game (fast path or rule book) with arguments drawn from a random game
    or from hostile values (huge ints, bools, NaN, None, wrong types, objects built without
    their fields, another game's objects): only GremlinRulesError escapes, quickly and briefly,
    and what valid arguments get behaves (is_legal agrees with apply, an applied state is
    consistent, JSON round-trips, sample_hidden keeps the seat's view)."""
    game = gremlinrules.get_game(game_id, reference=reference)
    players = data.draw(st.sampled_from(game.player_counts), label="players")
    ctx = context(game_id, reference, players, data.draw(st.integers(0, 20), label="seed"),
                  data.draw(st.sampled_from(STEPS), label="steps"))
    for _ in range(CALLS_PER_EXAMPLE):
        _call(game, ctx, data)


# ----------------------------------------------------------------------------------------------
# States edited by hand


def _neighbours(value: Any, others: list[Any], players: int) -> list[Any]:
    """Values a field holding ``value`` plausibly holds instead: the same field of other states of
    the game, and, by kind, a neighbouring number, a flipped bool, another enum member, or a
    tuple with an item dropped, doubled, moved or swapped with another seat's."""
    out = [o for o in others if o != value]
    if type(value) is bool:
        out.append(not value)
    elif type(value) is int:
        out += [value + 1, value - 1, 0, players - 1, players, -1]
    elif isinstance(value, enum.Enum):
        out += [m for m in type(value) if m is not value]
    elif type(value) is tuple and value:
        out += [value[:-1], value[1:], value + value[-1:], value[::-1], value[1:] + value[:1]]
        if len(value) >= 2:
            out.append((value[1], value[0], *value[2:]))
        if all(type(v) is tuple and v for v in value):
            out.append((value[0][:-1], *value[1:]))
            out.append(((*value[0], value[-1][-1]), *value[1:]))
    return out


def _edited(game: Game, data: st.DataObject, players: int) -> tuple[str, Any] | None:
    """A state of a random game with one field replaced by a valid-looking value (None when the
    field's class refuses the value outright)."""
    seed = data.draw(st.integers(0, 20), label="seed")
    ctx = context(game.id, False, players, seed, data.draw(st.sampled_from(STEPS), label="steps"))
    field = data.draw(st.sampled_from([f.name for f in attrs.fields(type(ctx.state))]), label="field")
    others = [getattr(context(game.id, False, players, (seed + k) % 21, steps).state, field)
              for k, steps in ((1, 12), (2, 40), (0, 120))]
    choices = _neighbours(getattr(ctx.state, field), others, players)
    if not choices:
        return None
    value = data.draw(_pick(choices))
    try:
        return f"{field}={value!r:.60}", attrs.evolve(ctx.state, **{field: value})
    except Exception:  # a class whose validator refuses the value: nothing to edit
        return None


@pytest.mark.parametrize("game_id", GAME_IDS)
@settings(max_examples=max(8, settings().max_examples))
@given(data=st.data())
def test_a_hand_edited_state_is_refused_or_played_on_by_both_rule_paths(game_id: str,
                                                                         data: st.DataObject) -> None:
    """A state with one field changed to another valid-looking value (a neighbouring number, a
    tuple with an item dropped, doubled or moved, another state's value of that field, another
    enum member) is refused by check_state, and then by from_json unless its JSON cannot hold the
    edit, or accepted by both, its JSON decoding to it; an accepted one plays on for a few random
    moves with every call guarded, check_state passing at each step, and the fast path and the
    rule book listing the same legal actions and making the same next state (no corrupt state
    accepted)."""
    fast = gremlinrules.get_game(game_id)
    players = data.draw(st.sampled_from(fast.player_counts), label="players")
    made = _edited(fast, data, players)
    if made is None:
        return
    what, state = made
    checked = guarded(f"check_state({what})", partial(fast.check_state, state))
    text = guarded(f"to_json({what})", partial(fast.to_json, state))
    decoded = Refused(text.error) if isinstance(text, Refused) else guarded(
        f"from_json({what})", partial(fast.from_json, text, fast.State))
    if isinstance(checked, Refused):  # the JSON refuses it too, or cannot hold the edit (-2 written as null)
        assert isinstance(decoded, Refused) or decoded != state, (
            f"from_json accepted what check_state refused ({what})")
        return
    assert not isinstance(decoded, Refused), f"from_json refused an accepted edit ({what}): {decoded.error}"
    assert decoded == state, f"an accepted edited state ({what}) does not survive its JSON"
    _play_on_both_paths(fast, state, players, random.Random(data.draw(st.integers(0, 2**32))), what)


def _play_on_both_paths(fast: Game, state: Any, players: int, rnd: random.Random, what: str) -> None:
    """A few random moves from ``state``, every call guarded, check_state at each step, and the
    rule book listing the same actions and making the same states as the fast path."""
    reference = gremlinrules.get_game(fast.id, reference=True)
    for step in range(EDIT_STEPS):
        at = f"at step {step} after {what}"
        done = guarded("is_terminal", partial(fast.is_terminal, state))
        listed = guarded("legal_actions", partial(fast.legal_actions, state))
        assert not isinstance(done, Refused), f"is_terminal refused an accepted state {at}: {done.error}"
        assert not isinstance(listed, Refused), f"legal_actions refused the state {at}: {listed.error}"
        assert listed == guarded("reference legal_actions", partial(reference.legal_actions, state)), (
            f"the fast path and the rule book list different actions {at}")
        if done:
            assert listed == ()
            guarded("scores", partial(fast.scores, state))
            guarded("winners", partial(fast.winners, state))
            return
        assert listed, f"no legal action in a state that is not over {at}"
        for seat in range(players):
            guarded("observe", partial(fast.observe, state, seat))
        action = listed[rnd.randrange(len(listed))]
        guarded("describe", partial(fast.describe, state, action))
        nxt = guarded(f"apply {action!r}", partial(fast.apply, state, action))
        assert not isinstance(nxt, Refused), f"a listed action was refused {at}: {nxt.error}"
        assert nxt == guarded("reference apply", partial(reference.apply, state, action)), (
            f"the fast path and the rule book make different states {at}")
        checked = guarded("check_state", partial(fast.check_state, nxt))
        assert not isinstance(checked, Refused), f"check_state refused the next state {at}: {checked.error}"
        state = nxt


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_state_broken_everywhere_is_refused_in_one_short_line(game_id: str) -> None:
    """A state made of two states of one game (every other field from a state 120 decisions on, or
    the fields between) is refused by check_state in one line of under 500 characters, however
    many problems it has (Gnaughty Gnomes and Goblins vs Gnomes joined every problem, up to 1,500
    characters; found by the fuzz of hand-edited states)."""
    game = gremlinrules.get_game(game_id)
    players = game.player_counts[-1]
    early, late = context(game_id, False, players, 1, 0).state, context(game_id, False, players, 2, 120).state
    names = [f.name for f in attrs.fields(type(early)) if f.name not in ("players", "options")]
    for taken in (names[::2], names[1::2]):
        mixed = attrs.evolve(early, **{name: getattr(late, name) for name in taken})
        outcome = guarded("check_state", partial(game.check_state, mixed))
        assert isinstance(outcome, Refused), "a state made of two states was accepted"
