"""Small helpers for the sentences each game's ``words`` module writes (issue 31).

A game says in words what a view shows and what an event was (``view_lines``,
``event_sentence``); these helpers keep the grammar the same in every game: how a seat is
named to the viewer ("You", "Seat 2"), lists ("rust, iron and chrome"), counts with their noun
("1 card", "3 cards") and the article of a word ("an iron card").
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from collections.abc import Iterable
from typing import Any
from typing import TypeVar

from gremlinrules.core.errors import GremlinRulesError
from gremlinrules.core.errors import InvalidArgumentError
from gremlinrules.core.errors import shown

__all__ = ["article", "count", "listing", "refusing", "seat_is", "seat_object", "seat_possessive",
           "seat_subject", "sentence"]

_F = TypeVar("_F", bound=Callable[..., Any])


def refusing(title: str) -> Callable[[_F], _F]:
    """A decorator for a words function of the game ``title``: a value no game makes (a hand-built
    view whose rows are shorter than its seats, an event holding a number where a card goes) is
    refused with InvalidArgumentError, never the IndexError, TypeError or AttributeError it trips
    over (outside ``guarded``, which names the fields of an object built without them)."""

    def wrap(fn: _F) -> _F:
        @functools.wraps(fn)
        def call(*args: Any, **kwargs: Any) -> Any:
            try:
                return fn(*args, **kwargs)
            except GremlinRulesError:
                raise
            except (AttributeError, IndexError, KeyError, TypeError, ValueError) as exc:
                raise InvalidArgumentError(f"{fn.__name__}: not a {title} value the game makes "
                                           f"({type(exc).__name__}: {shown(str(exc), 80)})") from None

        return call  # type: ignore[return-value]

    return wrap


def seat_subject(seat: int | None, viewer: int | None) -> str:
    """The seat as the subject of a sentence told to ``viewer``: "You" or "Seat 2" (None: "Nobody")."""
    if seat is None:
        return "Nobody"
    return "You" if seat == viewer else f"Seat {seat}"


def seat_object(seat: int | None, viewer: int | None) -> str:
    """The seat inside a sentence: "you" or "seat 2"."""
    if seat is None:
        return "nobody"
    return "you" if seat == viewer else f"seat {seat}"


def seat_possessive(seat: int | None, viewer: int | None, *, start: bool = False) -> str:
    """Whose: "your" ("Your" at the start) or "seat 2's" ("Seat 2's")."""
    if seat is not None and seat == viewer:
        return "Your" if start else "your"
    return f"{seat_subject(seat, viewer) if start else seat_object(seat, viewer)}'s"


def seat_is(seat: int | None, viewer: int | None) -> str:
    """"You are" or "Seat 2 is"."""
    return f"{seat_subject(seat, viewer)} {'are' if seat is not None and seat == viewer else 'is'}"


def listing(items: Iterable[str], *, empty: str = "nothing", last: str = "and") -> str:
    """"a", "a and b", "a, b and c"; ``empty`` for none."""
    words = [str(i) for i in items]
    if not words:
        return empty
    if len(words) == 1:
        return words[0]
    return f"{', '.join(words[:-1])} {last} {words[-1]}"


def count(n: int, noun: str, plural: str | None = None) -> str:
    """"1 card", "3 cards" (``plural`` when the noun's plural is not noun + s)."""
    return f"{n} {noun if n == 1 else plural or noun + 's'}"


def article(word: str) -> str:
    """"a" or "an" before ``word`` (by its first letter)."""
    return "an" if word[:1].lower() in ("a", "e", "i", "o", "u") else "a"


def sentence(text: str) -> str:
    """``text`` with a capital first letter and a full stop (unless it ends with one already)."""
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text[-1] in ".!?:" else text + "."
