"""Every game says in words what a view shows and what an event was (issue 31, ``view_text`` and
``event_text``, each game's ``words`` module).

The generic test plays seeded random games of every game and renders every view (every seat and
the spectator) and every event as each seat sees it: non-empty sentences with no identifier
holding an underscore, no CamelCase class name, no repr-like text and no raw enum or code; and a
seat's text never names a card hidden from it (the clause of each game's views, ``*-VIEW-1``).
"""

from __future__ import annotations

import importlib
import random
import re
from collections.abc import Iterator
from typing import Any

import pytest

import gremlinrules
from gremlinrules import Game

RULE_WORDS: dict[str, frozenset[str]] = {"goblins-vs-gnomes": frozenset({"gold", "dragon", "dynamite"})}
"""Names of a state that are also words of the rules text every seat reads (a target's kinds: "a
bomb leaves the field when the Dynamite opens"), so the generic leak check cannot tell them from
a leak; the game's own words test checks per target that no seat is told an unseen one."""

GAME_IDS = gremlinrules.game_ids()

_UNDERSCORED = re.compile(r"\b[A-Za-z]\w*_\w*\b")
_CAMEL = re.compile(r"\b[A-Z][a-z0-9]+[A-Z]\w*\b")
_REPR = re.compile(r"\w\(|[={}<>\[\]]")
_CODE = re.compile(r"\b(?:None|True|False)\b|\b[A-Z][A-Za-z]*\.[A-Z][A-Z_]+\b")


def in_words(text: str) -> list[str]:
    """What in ``text`` is not plain words: underscored identifiers, CamelCase names, repr-like
    text (``Foo(``, ``=``, braces, brackets, angle brackets) and raw codes (``None``,
    ``Material.IRON``); empty when the text reads as sentences."""
    found: list[str] = []
    for pattern in (_UNDERSCORED, _CAMEL, _REPR, _CODE):
        found += pattern.findall(text)
    return found


def _strings(data: Any, *, keys: bool) -> Iterator[str]:
    """The texts in JSON ``data`` (and its keys, with ``keys``); a card written as its suit and
    rank (``{"suit": "red", "rank": 5}``) also as the two together (``"red 5"``)."""
    if isinstance(data, str):
        yield data
    elif isinstance(data, dict):
        if isinstance(data.get("suit"), str) and "rank" in data:
            yield f"{data['suit']} {data['rank']}"
        for k, v in data.items():
            if keys:
                yield str(k)
            yield from _strings(v, keys=keys)
    elif isinstance(data, (list, tuple)):
        for v in data:
            yield from _strings(v, keys=keys)


def _known(game: Game, obj: Any) -> set[str]:
    """Every text a seat holds in ``obj`` (a view or an event it sees): values and keys, folded."""
    return {s.casefold() for s in _strings(game.to_data(obj), keys=True)}


def _names(game: Game, obj: Any) -> set[str]:
    """The texts of ``obj`` (a state, an event as it happened) that could name a card: values of
    four letters or more with no underscore, folded."""
    return {s.casefold() for s in _strings(game.to_data(obj), keys=False)
            if len(s) >= 4 and "_" not in s and any(c.isalpha() for c in s)}


def _named(text: str, names: set[str]) -> list[str]:
    """The names that ``text`` holds as words, as written or with their hyphens as spaces (a
    ``kitchen-knife`` is told as a kitchen knife)."""
    folded = text.casefold()
    return [n for n in names if any(re.search(rf"(?<!\w){re.escape(form)}(?!\w)", folded)
                                    for form in {n, n.replace("-", " ")})]


def _check_lines(lines: Any, where: str) -> None:
    assert isinstance(lines, tuple), f"{where}: {type(lines).__name__}, not a tuple"
    assert lines, f"{where}: no lines"
    for line in lines:
        assert isinstance(line, str), f"{where}: {line!r} is not text"
        assert line.strip(), f"{where}: an empty line in {lines!r}"
        assert not in_words(line), f"{where}: {in_words(line)} in {line!r}"


def _play(game: Game, players: int, seed: int, limit: int) -> Iterator[tuple[Any, Any, Any, tuple[Any, ...]]]:
    """(state before, action, state after, events) for each decision of a seeded random game."""
    rnd = random.Random(seed)
    state = game.new_game(players, seed)
    for _ in range(limit):
        legal = game.legal_actions(state)
        if not legal:
            return
        action = legal[rnd.randrange(len(legal))]
        after, events = game.apply_with_events(state, action)
        yield state, action, after, events
        state = after


def _tables(game: Game) -> list[int]:
    counts = game.player_counts
    return sorted({counts[0], counts[-1]})


@pytest.mark.playout
@pytest.mark.clause("NGG-VIEW-1", "GI-VIEW-1", "GTG-VIEW-1", "GG-VIEW-1", "GVG-VIEW-1")
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_view_and_event_reads_as_words_and_names_no_hidden_card(game_id: str) -> None:
    """Seeded random games at the fewest and the most seats: every view (every seat and the
    spectator) renders as non-empty sentences and every event as each seat sees it as one, with no
    underscored identifier, CamelCase name, repr-like text or raw code; and no seat's text of a
    view or of an event names a text of the state (a card) that the seat's own view and event do
    not hold (for a card in another seat's hand, the deck order, a face-down card)."""
    game = gremlinrules.get_game(game_id)
    checked_hidden = 0
    for players in _tables(game):
        seats: list[int | None] = [*range(players), None]
        for seed in (3, 11):
            for step, (before, _, after, events) in enumerate(_play(game, players, seed, 400)):
                deep = step % 7 == 0  # the leak check converts whole states: every seventh decision
                hidden_names = _names(game, before) | _names(game, after) if deep else set()
                for seat in seats:
                    view = game.observe(after, seat)
                    lines = game.view_text(view)
                    _check_lines(lines, f"{game_id} {players}p seed {seed} step {step} seat {seat}")
                    known = _known(game, view) | _known(game, game.observe(before, seat)) if deep else set()
                    seen = [e for e in (game.observe_event(e, seat) for e in events) if e is not None]
                    texts = [game.event_text(e, seat) for e in seen]
                    for text in texts:
                        _check_lines((text,), f"{game_id} event {seat}")
                    if deep:
                        for e in seen:
                            known |= _known(game, e)
                        hidden = hidden_names - known - RULE_WORDS.get(game_id, frozenset())
                        checked_hidden += len(hidden)
                        leaked = _named(" ".join((*lines, *texts)), hidden)
                        assert not leaked, f"{game_id}: seat {seat} is told {leaked}, hidden from it"
    if game_id != "no-good-gremlins":  # its hidden cards are materials, every one of them public
        assert checked_hidden, f"{game_id}: no hidden name was ever checked"


@pytest.mark.parametrize("text", ["seat_2", "MealChoice", "Build(material", "a = 1", "{x", "None",
                                  "Material.IRON", "[1]"])
def test_the_word_check_catches_what_is_not_words(text: str) -> None:
    """The generic test's check is not vacuous: each kind of code it rules out is found."""
    assert in_words(f"You see {text} here.")


def test_the_word_check_passes_plain_sentences() -> None:
    """Plain sentences, with numbers, commas, colons and a possessive, pass the check."""
    assert not in_words("Seat 2's iron rocket (6 cards) took off: 3 medals; 3 cards left the game.")


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_game_object_binds_its_words_module(game_id: str) -> None:
    """``game.view_text`` and ``game.event_text`` are the game module's ``view_lines`` and
    ``event_sentence``, exported from its package like ``action_label``."""
    game = gremlinrules.get_game(game_id)
    module = importlib.import_module(f"gremlinrules.{game_id.replace('-', '_')}")
    words = importlib.import_module(f"{module.__name__}.words")
    assert game.view_text is words.view_lines is module.view_lines
    assert game.event_text is words.event_sentence is module.event_sentence
    assert {"view_lines", "event_sentence"} <= set(module.__all__)
