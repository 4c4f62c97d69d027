"""Goblins vs Gnomes in sentences (issue 31): ``view_lines``, ``event_sentence`` and ``card_text``
read as words, say what the view and the event hold and never name a role, a card or a target
hidden from the seat (GVG-VIEW-1 to GVG-VIEW-4); a card reads from its component data, so a
user's own set reads too (GVG-COMP-7)."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

import gremlinrules
from gremlinrules import goblins_vs_gnomes as gvg
from gremlinrules.goblins_vs_gnomes import Options
from gremlinrules.goblins_vs_gnomes import Passed
from gremlinrules.goblins_vs_gnomes import Place
from gremlinrules.goblins_vs_gnomes import PlayMap
from gremlinrules.goblins_vs_gnomes import PlayPotion
from gremlinrules.goblins_vs_gnomes import RoundScored
from gremlinrules.goblins_vs_gnomes import Slot
from gremlinrules.goblins_vs_gnomes import State
from gremlinrules.goblins_vs_gnomes.actions import SLOTS
from gremlinrules.goblins_vs_gnomes.components import _as_data
from gremlinrules.goblins_vs_gnomes.components import parse_components
from gremlinrules.goblins_vs_gnomes.words import card_text
from gremlinrules.goblins_vs_gnomes.words import event_sentence
from gremlinrules.goblins_vs_gnomes.words import role_name
from gremlinrules.goblins_vs_gnomes.words import view_lines
from tests.goblins_vs_gnomes.strategies import final
from tests.goblins_vs_gnomes.strategies import new
from tests.goblins_vs_gnomes.strategies import player_counts
from tests.goblins_vs_gnomes.strategies import seeds

GAME = gremlinrules.get_game("goblins-vs-gnomes")

_UNDERSCORED = re.compile(r"\b[A-Za-z]\w*_\w*\b")
_CAMEL = re.compile(r"\b[A-Z][a-z0-9]+[A-Z]\w*\b")
_REPR = re.compile(r"\w\(|[={}<>\[\]]")
_CODE = re.compile(r"\b(?:None|True|False)\b|\b[A-Z][A-Za-z]*\.[A-Z][A-Z_]+\b")


def not_words(text: str) -> list[str]:
    """What in ``text`` is not plain words: underscored identifiers, CamelCase class names,
    repr-like text (``Foo(``, ``=``, braces, brackets) and raw codes (``None``, ``Slot.TOP``);
    empty when the text reads as sentences (a cell ``(2, -1)`` is words here)."""
    found: list[str] = []
    for pattern in (_UNDERSCORED, _CAMEL, _REPR, _CODE):
        found += pattern.findall(text)
    return found


def _check(lines: Any, where: str) -> None:
    assert isinstance(lines, tuple), f"{where}: {lines!r}"
    assert lines, f"{where}: no lines"
    for line in lines:
        assert isinstance(line, str), f"{where}: {line!r} in {lines!r}"
        assert line.strip(), f"{where}: an empty line in {lines!r}"
        assert not not_words(line), f"{where}: {not_words(line)} in {line!r}"


def _texts(data: Any) -> Iterator[str]:
    if isinstance(data, str):
        yield data
    elif isinstance(data, dict):
        for k, v in data.items():
            yield str(k)
            yield from _texts(v)
    elif isinstance(data, (list, tuple)):
        for v in data:
            yield from _texts(v)


def _held(obj: Any) -> set[str]:
    """Every text a view or an event holds but the table's options (whose set names every card
    and role)."""
    data = GAME.to_data(obj)
    return set(_texts({k: v for k, v in data.items() if k != "options"}))


def hidden_names(s: State, seat: int | None) -> set[str]:
    """What ``seat`` may not know in ``s`` that a text could name: the other seats' role cards and
    those left in the box, in words (GVG-VIEW-2), and the tunnel cards (design names with a
    hyphen: "map" is also a plain word) in other hands and in the deck (GVG-VIEW-4)."""
    roles = {r for p, r in enumerate(s.roles) if p != seat} | set(s.boxed)
    cards = set(s.deck) | {c for p, h in enumerate(s.hands) if p != seat for c in h}
    return roles | {c for c in cards if "-" in c}


def _named(text: str, names: set[str]) -> list[str]:
    folded = text.casefold()
    return [n for n in names if re.search(rf"(?<![\w-]){re.escape(n.casefold())}(?![\w-])", folded)]


def _unseen_slots(view: Any) -> list[str]:
    return [slot.value for slot in SLOTS if getattr(view.targets, slot.value).card is None]


def _tells_target(text: str, slot: str) -> bool:
    """Whether a sentence of ``text`` names what the target in ``slot`` is."""
    return any(f"{slot} target" in part and "it is the" in part for part in re.split(r"(?<=\.) ", text))


def _play(players: int, options: Options | None, seed: int, limit: int) -> Iterator[tuple[State, State, Any]]:
    rnd = random.Random(seed)
    state = GAME.new_game(players, seed=seed, options=options)
    for _ in range(limit):
        legal = GAME.legal_actions(state)
        if not legal:
            return
        after, events = GAME.apply_with_events(state, legal[rnd.randrange(len(legal))])
        yield state, after, events
        state = after


def own_set() -> gvg.Components:
    """A user's own set: a tunnel design and a role card renamed in words of their own."""
    data = _as_data(gvg.REFERENCE)
    for d in data["design"]:
        if d["name"] == "passage-cross":
            d["name"] = "Grand Crossing"
    for r in data["role"]:
        if r["name"] == "pedant":
            r["name"] = "stickler"
    return parse_components(data)


TABLES = [
    (3, None, 1),
    (4, Options(advanced_roles=True, second_target="may_open", name_self=True, round_limit=3), 2),
    (5, Options(components=own_set(), rotation=False, no_target="no-gold-or-dragon", round_limit=2), 3),
    (8, Options(advanced_roles=True, rotate_first_player=False, round_limit=2), 4),
]


@pytest.mark.playout
@pytest.mark.clause("GVG-VIEW-1", "GVG-VIEW-2", "GVG-VIEW-3", "GVG-VIEW-4")
@pytest.mark.parametrize(("players", "options", "seed"), TABLES)
def test_every_view_and_event_of_a_random_match_reads_as_words_and_names_nothing_hidden(
        players: int, options: Options | None, seed: int) -> None:
    """Seeded random matches of 3 to 8 seats (advanced roles, the optional second target, naming
    yourself, no rotation, a user's own set): after every decision, every seat's view and the
    spectator's render as non-empty sentences, and every event as each seat sees it renders as one
    (with and without the table's view), with no underscored identifier, CamelCase name, repr-like
    text or raw code; no seat's text names another seat's role card, a boxed role or a tunnel card
    in another hand or in the deck that nothing it sees holds, nor what a target it has not seen
    is."""
    seats: list[int | None] = [*range(players), None]
    checked = 0
    for step, (before, after, events) in enumerate(_play(players, options, seed, 300)):
        for seat in seats:
            view = GAME.observe(after, seat)
            lines = view_lines(view)
            _check(lines, f"step {step} seat {seat}")
            seen = [e for e in (GAME.observe_event(e, seat) for e in events) if e is not None]
            texts = [event_sentence(e, seat) for e in seen]
            texts += [event_sentence(e, seat, view=view) for e in seen]
            _check(tuple(texts) or ("none",), f"events at step {step} seat {seat}")
            known = _held(view) | _held(GAME.observe(before, seat))
            for e in seen:
                known |= _held(e)
            roles = {*before.roles, *before.boxed, *after.roles, *after.boxed}
            hidden = {role_name(n) if n in roles else n
                      for n in (hidden_names(before, seat) | hidden_names(after, seat)) - known}
            hidden -= {role_name(n) for n in known}
            checked += len(hidden)
            text = " ".join((*lines, *texts))
            leaked = _named(text, hidden)
            assert not leaked, f"step {step}: seat {seat} is told {leaked}, hidden from it"
            unseen = set(_unseen_slots(view)) & set(_unseen_slots(GAME.observe(before, seat)))
            assert not [s for s in unseen if _tells_target(" ".join(lines), s)], f"step {step} seat {seat}"
    assert checked, "no hidden name was ever checked"


@pytest.mark.clause("GVG-VIEW-1", "GVG-VIEW-2", "GVG-VIEW-3", "GVG-VIEW-4")
@given(n=player_counts, seed=seeds, stop=st.integers(0, 200), resample=seeds, advanced=st.booleans())
@settings(max_examples=15, deadline=None)
def test_a_seats_text_is_the_same_whatever_it_cannot_know(
        n: int, seed: int, stop: int, resample: int, advanced: bool) -> None:
    """Property: for every seat, redealing everything it cannot know (``sample_hidden``: other
    hands, the deck, unlearned roles, unpeeked targets) leaves its text unchanged, line for line."""
    state = final(n, seed, Options(advanced_roles=advanced), limit=stop)
    for p in range(n):
        other = gvg.sample_hidden(state, p, resample)
        assert view_lines(gvg.observe(other, p)) == view_lines(gvg.observe(state, p))


# --- exact sentences -----------------------------------------------------------------------------

@pytest.mark.clause("GVG-VIEW-1", "GVG-CARD-1")
def test_a_map_shows_the_target_to_its_player_only() -> None:
    """Seat 0 reads its role card and hand with the cards' rules text; its map's event names the
    top target to it and only the peek to the others, and its view keeps the target it saw."""
    s = new(3, [(0, "map")], roles=("jeweller", "king", "greedy-one"), targets=("dragon", "gold", "dynamite"))
    lines = view_lines(gvg.observe(s, 0))
    assert lines[:2] == ("You are seat 0 of 3.", "Your role card: Jeweller (a Gnome).")
    assert "  map: a map (look at one face-down target in secret)." in lines
    assert "Round 1, begun by you: it is your turn." in lines
    after, events = GAME.apply_with_events(s, PlayMap(Slot.TOP))
    mine = GAME.observe_event(events[0], 0)
    assert event_sentence(mine, 0) == "You looked at the top target with a map: it is the Dragon."
    theirs = GAME.observe_event(events[0], 1)
    assert event_sentence(theirs, 1) == "Seat 0 looked at the top target with a map."
    assert "The top target, at (8, -2), is face down; you looked at it: it is the Dragon." in view_lines(
        gvg.observe(after, 0))
    assert "The top target, at (8, -2), is face down." in view_lines(gvg.observe(after, 1))
    assert "Seat 0 looked at the top target with a map." in view_lines(gvg.observe(after, 2))
    assert not any("Jeweller" in line for line in view_lines(gvg.observe(after, 1)))


@pytest.mark.clause("GVG-PLACE-1", "GVG-CARD-3", "GVG-ADV-1")
def test_laid_cards_potions_and_advanced_roles_read_in_words() -> None:
    """A laid card reads on its cell with its open sides; a potion tells the two seats their new
    roles and the third only that it happened; with advanced roles a role card says its bonus."""
    s = new(3, [(0, "passage-cross"), (1, "potion")], roles=("jeweller", "king", "greedy-one"),
            options=Options(advanced_roles=True))
    assert ("Your role card: Jeweller (a Gnome; bonus: 1 extra point if the Gold opens).") in view_lines(
        gvg.observe(s, 0))
    s, events = GAME.apply_with_events(s, Place("passage-cross", 1, 0))
    assert event_sentence(events[0], 2) == "Seat 0 laid passage-cross at (1, 0)."
    assert "  (1, 0): passage-cross: a passage, open on all four sides." in view_lines(gvg.observe(s, 2))
    s, events = GAME.apply_with_events(s, PlayPotion(1))
    swap = events[0]
    assert event_sentence(GAME.observe_event(swap, 1), 1) == (
        "You drank a potion and swapped role cards with seat 2: you now hold Greedy One (a Goblin), seat 2 "
        "holds King (a Gnome).")
    assert event_sentence(GAME.observe_event(swap, 2), 2) == (
        "Seat 1 drank a potion and swapped role cards with you: seat 1 now holds Greedy One (a Goblin), "
        "you hold King (a Gnome).")
    assert event_sentence(GAME.observe_event(swap, 0), 0) == (
        "Seat 1 drank a potion and swapped role cards with seat 2.")
    assert ("From a potion swap you know seat 2 holds King (a Gnome; bonus: 1 extra point if the Gold opens "
            "along a path through 3 ale mugs or more).") in view_lines(gvg.observe(s, 1))


@pytest.mark.clause("GVG-TURN-3", "GVG-SCORE-1")
def test_a_pass_and_a_round_score_read_as_sentences() -> None:
    """A pass shows the hand in words; a round's score says each seat's change and its points."""
    assert event_sentence(Passed(1, ("bomb-ns", "map")), 0) == (
        "Seat 1 could not play, so passed and showed their hand: bomb-ns and map.")
    assert event_sentence(Passed(0, ()), 0) == (
        "You could not play, so passed and showed your hand: an empty hand.")
    assert event_sentence(RoundScored(2, (2, 0, -1), (5, 3, 0)), 2) == (
        "Round 2 scored: seat 0 gained 2 points (5 now), seat 1 stayed at 3 points and you lost 1 point "
        "(0 now).")


@pytest.mark.clause("GVG-TARGET-2", "GVG-TARGET-3", "GVG-CARD-4")
def test_target_choices_and_the_dynamite_read_in_words() -> None:
    """A choice between reached targets, the choice after the Dynamite and naming a skipper say who
    decides what; the Dynamite's event lists the bombs it removed."""
    view = gvg.observe(new(3), 1)
    pending = [line for line in view_lines(attrs.evolve(
        view, pending=gvg.TargetChoice(0, False, (Slot.MIDDLE, Slot.BOTTOM)))) if "must" in line]
    assert pending == [
        "Seat 0 must choose which target the route reached opens first: the middle and the bottom."]
    pending = [line for line in view_lines(attrs.evolve(
        view, pending=gvg.TargetChoice(1, True, (Slot.TOP,)), current_player=1)) if "must" in line]
    assert pending == ["You must choose whether to open another target the route reaches (the top) or leave "
                       "it face down."]
    pending = [line for line in view_lines(attrs.evolve(
        view, pending=gvg.SkipNaming(0, "ale-mug-ew"))) if "must" in line]
    assert pending == ["Seat 0 must name the player who skips their next turn (ale-mug-ew was laid)."]
    opened = gvg.TargetOpened(1, Slot.MIDDLE, "dynamite", (gvg.FieldCard("3,0", "bomb-cross", False),))
    assert event_sentence(opened, 0) == (
        "Seat 1's card reached the middle target: it is the Dynamite; the bombs left the field: bomb-cross "
        "at (3, 0).")


@pytest.mark.clause("GVG-COMP-7")
def test_a_users_own_set_reads_from_its_data() -> None:
    """A renamed design reads under its own name with its shape, and a role card of the user's set
    reads in words with its race (no bonus: the bonuses belong to the rulebook's characters)."""
    comps = own_set()
    design = next(d for d in comps.designs if d.name == "Grand Crossing")
    assert card_text(design) == "Grand Crossing: a passage, open on all four sides."
    turned = next(d for d in comps.designs if d.name == "passage-t-ew")
    assert card_text(turned, rotated=True) == "passage-t-ew: a passage, open north, east and west."
    s = gvg.new_game(4, 1, options=Options(components=comps, advanced_roles=True),
                     setup=gvg.Setup(roles=("king", "stickler", "driver", "greedy-one")))
    assert "Your role card: Stickler (a Gnome)." in view_lines(gvg.observe(s, 1))
    assert role_name("master-of-transformations") == "Master of Transformations"


def test_the_word_check_catches_what_is_not_words() -> None:
    """The check these tests use is not vacuous: each kind of code it rules out is found, and a
    sentence with a cell passes."""
    for text in ("last_roles", "TargetChoice", "Place(card", "a = 1", "{x", "None", "Slot.TOP", "[1]"):
        assert not_words(f"You see {text} here."), text
    assert not not_words("Seat 2 laid passage-t-ew at (2, -1), turned; the top target is face down.")


def test_bad_input_is_refused_with_a_library_error() -> None:
    """A value that is not a view or an event, or one no game makes (a view with fewer hand sizes
    than seats, a shown hand of numbers), is refused with an InvalidArgumentError."""
    with pytest.raises(gremlinrules.InvalidArgumentError):
        view_lines(attrs.evolve(gvg.observe(new(3), 0), hand_sizes=(3,)))
    with pytest.raises(gremlinrules.InvalidArgumentError):
        event_sentence(Passed(0, (1, 2)), 0)  # type: ignore[arg-type]
    with pytest.raises(gremlinrules.InvalidArgumentError):
        view_lines("a view")  # type: ignore[arg-type]
    with pytest.raises(gremlinrules.InvalidArgumentError):
        event_sentence(object(), 0)
    with pytest.raises(gremlinrules.InvalidArgumentError):
        event_sentence(Passed(0, ()), 0, view="a view")  # type: ignore[arg-type]
