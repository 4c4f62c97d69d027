"""Gremlins, Inc. in sentences (issue 31): ``view_lines``, ``event_sentence`` and ``card_text``
read as words, say what the view and the event hold and never name a card hidden from the seat
(GI-VIEW-1 to GI-VIEW-4); a card's rules text is written from its component data, so a user's own
deck reads too (GI-CARD-2)."""

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
from gremlinrules.gremlins_inc import REFERENCE
from gremlinrules.gremlins_inc import Acted
from gremlinrules.gremlins_inc import ChoosePlayer
from gremlinrules.gremlins_inc import Drawn
from gremlinrules.gremlins_inc import GameEnded
from gremlinrules.gremlins_inc import Options
from gremlinrules.gremlins_inc import Play
from gremlinrules.gremlins_inc import Start
from gremlinrules.gremlins_inc import State
from gremlinrules.gremlins_inc import apply_with_events
from gremlinrules.gremlins_inc import observe
from gremlinrules.gremlins_inc import observe_event
from gremlinrules.gremlins_inc import parse_components
from gremlinrules.gremlins_inc import sample_hidden
from gremlinrules.gremlins_inc.words import card_name
from gremlinrules.gremlins_inc.words import card_text
from gremlinrules.gremlins_inc.words import event_sentence
from gremlinrules.gremlins_inc.words import view_lines
from tests.gremlins_inc.helpers import TEST_SET
from tests.gremlins_inc.helpers import P
from tests.gremlins_inc.helpers import play
from tests.gremlins_inc.helpers import table
from tests.strategies import states

GAME = gremlinrules.get_game("gremlins-inc")

_UNDERSCORED = re.compile(r"\b[A-Za-z]\w*_\w*\b")
_CAMEL = re.compile(r"\b[A-Z][a-z0-9]+[A-Z]\w*\b")
_REPR = re.compile(r"\w\(|[={}<>\[\]]")
_CODE = re.compile(r"\b(?:None|True|False)\b|\b[A-Z][A-Za-z]*\.[A-Z][A-Z_]+\b|(?<!\w)-1(?!\d)")


def not_words(text: str) -> list[str]:
    """What in ``text`` is not plain words: underscored identifiers, CamelCase class names,
    repr-like text (``Foo(``, ``=``, braces, brackets) and raw codes (``None``, ``Stage.DEST``, a
    -1 placeholder); empty when the text reads as sentences."""
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


def _ids(data: Any) -> Iterator[str]:
    """Every text in a JSON value (keys too)."""
    if isinstance(data, str):
        yield data
    elif isinstance(data, dict):
        for k, v in data.items():
            yield str(k)
            yield from _ids(v)
    elif isinstance(data, (list, tuple)):
        for v in data:
            yield from _ids(v)


def hidden_cards(s: State, seat: int | None) -> set[str]:
    """The design ids of the cards ``seat`` may not see in ``s``: the other hands, the deck, the
    others' face-down projects it does not know (GI-VIEW-3) and, unless resources are revealed,
    the cards assigned to the others' projects (GI-VIEW-4)."""
    out = set(s.deck)
    for p in range(s.players):
        if p == seat:
            continue
        out |= set(s.hands[p])
        for x in s.projects[p]:
            if not x.face_up and (seat is None or x.uid not in s.seen[seat]):
                out.add(x.card)
            if not s.options.reveal_resources:
                out |= set(x.resources)
    return out


def _held(view: Any) -> set[str]:
    """Every text a view holds but its table's options (whose card set names every design)."""
    data = GAME.to_data(view)
    return set(_ids({k: v for k, v in data.items() if k != "options"}))


def _named(text: str, names: set[str]) -> list[str]:
    folded = text.casefold()
    return [n for n in names if re.search(rf"(?<!\w){re.escape(n.casefold())}(?!\w)", folded)]


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


TABLES = [
    (2, None, 1),
    (3, Options(components=TEST_SET, reveal_resources=True, familiar=True), 2),
    (4, Options(teams="2v2", end="reshuffles", reshuffles=1), 3),
    (5, Options(components=TEST_SET, teams="2v3", seating="grouped", target=8), 4),
    (6, Options(familiar=True, target=10), 5),
    (3, Options(target=3), 1),
]


@pytest.mark.playout
@pytest.mark.clause("GI-VIEW-1", "GI-VIEW-2", "GI-VIEW-3", "GI-VIEW-4")
@pytest.mark.parametrize(("players", "options", "seed"), TABLES)
def test_every_view_and_event_of_a_random_game_reads_as_words_and_names_no_hidden_card(
        players: int, options: Options | None, seed: int) -> None:
    """Seeded random games of 2 to 6 seats (teams, the familiar start, revealed resources, the
    reshuffle end, the tests' own deck, a low target so one game ends): after every decision,
    every seat's view and the spectator's render as non-empty sentences, and every event as each
    seat sees it renders as one (with and without the table's view), with no underscored
    identifier, CamelCase name, repr-like text or raw code; no seat's text names a card hidden from
    it that nothing it sees holds."""
    seats: list[int | None] = [*range(players), None]
    comps = REFERENCE if options is None or options.components is None else options.components
    checked = 0
    for step, (before, after, events) in enumerate(_play(players, options, seed, 300)):
        for seat in seats:
            view = observe(after, seat)
            lines = view_lines(view)
            _check(lines, f"step {step} seat {seat}")
            seen = [e for e in (observe_event(e, seat) for e in events) if e is not None]
            texts = [event_sentence(e, seat) for e in seen]
            texts += [event_sentence(e, seat, view=view) for e in seen]
            _check(tuple(texts) or ("none",), f"events at step {step} seat {seat}")
            known = _held(view) | _held(observe(before, seat))
            for e in seen:
                known |= set(_ids(GAME.to_data(e)))
            unseen = (hidden_cards(before, seat) | hidden_cards(after, seat)) - known
            hidden = {card_name(c, comps) for c in unseen}
            checked += len(hidden)
            leaked = _named(" ".join((*lines, *texts)), hidden)
            assert not leaked, f"step {step}: seat {seat} is told {leaked}, hidden from it"
    assert checked, "no hidden card was ever checked"


@pytest.mark.clause("GI-VIEW-1", "GI-VIEW-4")
@settings(max_examples=30, deadline=None)
@given(state=states("gremlins-inc", max_decisions=80), data=st.data())
def test_a_seats_text_is_the_same_whatever_it_cannot_see(state: State, data: st.DataObject) -> None:
    """Property: for a reachable state and a seat, redealing everything the seat cannot see
    (``sample_hidden``) leaves its text unchanged, line for line."""
    seat = data.draw(st.integers(0, state.players - 1), label="seat")
    other = sample_hidden(state, seat, data.draw(st.integers(0, 2**32), label="seed"))
    assert view_lines(observe(other, seat)) == view_lines(observe(state, seat))


# --- exact sentences -----------------------------------------------------------------------------

@pytest.mark.clause("GI-VIEW-1", "GI-VIEW-2")
def test_a_seat_reads_its_hand_with_rules_text_and_the_others_by_what_is_public() -> None:
    """Seat 0 reads its hand with each card's rules text, its own face-down project by name and
    the other seats' face-down projects as face-down cards with their resources by type; the
    spectator reads no hand."""
    rows = [(P("clock", "coin"),), (P("watch", up=True), P("lab", "coin", "spite")), ()]
    s = table(hands=[("coin", "spite", "spite"), ("rich",), ()], projects=rows, scores=[1, 4, 0],
              discard=["grab", "grab"], permanents=[(), ("bank",), ()])
    lines = view_lines(observe(s, 0))
    assert lines[0] == "You are seat 0 of 3."
    assert ("Round 1: it is your turn, with 0 of 2 actions used.") in lines
    assert ("You must choose an action: start a project, assign a card to a project, play an action card, "
            "complete or cancel a project, or end the turn.") in lines
    assert "Your hand (3 cards): Coin and Spite (2 copies)." in lines
    assert "  Coin: an action card; counts as gold; costs nothing. Get 1 score." in lines
    assert "  Spite: an action card; counts as malice; costs 1 malice. Any opponent loses 2 score." in lines
    assert "The discard pile has 2 cards: Grab (2 copies)." in lines
    assert "Seat 0 (you): 1 score; 3 cards in hand; 1 project." in lines
    assert ("  Project 1: Clock, face down (only you know it), needs 2 gold and 1 malice to complete and "
            "scores 3; assigned: Coin (gold).") in lines
    assert "Seat 1: 4 score; 1 card in hand; 2 projects." in lines
    assert "  Project 1: Watch, face up, needs 2 gold to complete and scores 2; nothing assigned." in lines
    assert "  Project 2: a face-down card; assigned: 1 gold and 1 malice." in lines
    assert "  Active permanent Bank: your action cards cost 1 less gold." in lines
    spectator = view_lines(observe(s, None))
    assert spectator[0] == "You are watching 3 players as a spectator."
    assert not any(line.startswith("Your hand") for line in spectator)
    assert "  Project 1: a face-down card; assigned: 1 gold." in spectator


@pytest.mark.clause("GI-PLAY-2", "GI-EFFECT-3", "GI-EFFECT-4")
def test_the_pending_decision_says_who_chooses_what_for_which_card() -> None:
    """A payment, a target choice and a project choice each say who decides, for which card, and
    what the step does."""
    rows = [(P("watch", "coin"), P("clock", "coin", "spite")), (), ()]
    s = play(table(hands=[("grab",), (), ()], projects=rows), Play("grab"))
    assert ("You must pay for Grab: choose the project the next gold comes from (still owed: 1 gold and "
            "1 malice).") in view_lines(observe(s, 0))
    assert ("Seat 0 must pay for Grab: choose the project the next gold comes from (still owed: 1 gold and "
            "1 malice).") in view_lines(observe(s, 1))
    s = play(table(hands=[("gift",), (), ()]), Play("gift"))
    assert "You must choose the player Gift targets (any player gets 2 score)." in view_lines(observe(s, 0))
    s = play(table(hands=[("wreck",), (), ()], projects=[(), (P("watch", up=True), P("clock", up=True)), ()]),
             Play("wreck"))
    assert ("Seat 0 must choose which of seat 1's projects Wreck touches (discard a revealed project of any "
            "opponent with all its resources).") in view_lines(observe(s, 2))


@pytest.mark.clause("GI-OP-4", "GI-OP-5")
def test_a_discard_and_an_assignment_say_who_chooses_and_how_many_are_left() -> None:
    """A discard forced on a target is that seat's decision, with the cards still to discard; an
    assignment is the card's player's, with how many more it may assign."""
    s = play(table(hands=[("purge",), ("coin", "gift", "rich"), ("coin",)]), Play("purge"))
    mine, theirs = view_lines(observe(s, 1)), view_lines(observe(s, 0))
    assert "You must discard a card of your choice from your hand for Purge (2 still to discard)." in mine
    assert ("Seat 1 must discard a card of their choice from their hand for Purge (2 still to "
            "discard).") in theirs
    s = play(table(hands=[("overtime", "coin", "spite"), (), ()], projects=[(P("watch"),), (), ()]),
             Play("overtime"))
    assert ("Seat 0 must assign a card from their hand to one of their projects for Overtime (up to 2 more), "
            "or stop.") in view_lines(observe(s, 2))


@pytest.mark.clause("GI-VIEW-1", "GI-VIEW-2", "GI-VIEW-4")
def test_events_say_what_happened_and_only_what_the_seat_may_see() -> None:
    """A face-down start reads with its card to its player and as "a project face down" to the
    others; a draw names the cards to the drawer only; a choice of player names the seat once the
    table's view is given."""
    s = table(hands=[("coin", "spite"), (), ()], projects=[(P("watch"),), (), ()])
    view = observe(s, 0)
    _, events = apply_with_events(s, Start("coin"))
    mine = observe_event(events[0], 0)
    assert event_sentence(mine, 0, view=view) == "You started a project with Coin face down."
    assert event_sentence(observe_event(events[0], 1), 1) == "Seat 0 started a project face down."
    assert event_sentence(observe_event(events[0], None), None) == "Seat 0 started a project face down."
    drawn = Drawn(2, 1, ("cover-of-night",))
    assert event_sentence(observe_event(drawn, 2), 2) == "You drew Cover of Night."
    assert event_sentence(observe_event(drawn, 0), 0) == "Seat 2 drew 1 card."
    chose = Acted(0, "ChoosePlayer", ChoosePlayer(2))
    assert event_sentence(chose, 1, view=observe(s, 1)) == "Seat 0 chose seat 2."
    assert event_sentence(chose, 2, view=observe(s, 2)) == "Seat 0 chose you."
    assert event_sentence(chose, 1) == "Seat 0 chose the player 2 seats after them."
    assert (event_sentence(GameEnded((3, 21, 5), (1,)), 1)
            == "The game ended. Scores: 3 for seat 0, 21 for you and 5 for seat 2. Won by you.")


@pytest.mark.clause("GI-EFFECT-1", "GI-EFFECT-2")
def test_a_cards_rules_text_is_its_script_in_words() -> None:
    """Reference cards read from their scripts: the steps in order, another player's step then
    yours with "you" again, ranked targets, costs and continuous effects."""
    by = {c.id: c for c in REFERENCE.cards}
    assert card_text(by["office-party"]) == ("Office Party: an action card; counts as gold; costs nothing. "
                                             "Everyone except you draws 1 card, then you draw 2 cards.")
    assert card_text(by["grand-larceny"]) == (
        "Grand Larceny: an action card; counts as malice; costs 2 malice. Steal up to 4 score from the "
        "opponent with the highest score.")
    assert card_text(by["pocket-watch"]) == ("Pocket Watch: a blueprint; counts as gold; needs 2 gold to "
                                             "complete; scores 1; may be started face up. No effect.")
    assert card_text(by["clockwork-cathedral"]).startswith(
        "Clockwork Cathedral: a blueprint; counts as industry; needs 6 gold, 2 malice and 3 industry")
    assert card_text(by["bulwark"]).endswith("While active, opponents' cards cannot steal your projects.")
    assert card_text(by["steam-kettle"]).endswith("On completion, draw 2 cards.")


@pytest.mark.clause("GI-DECK-1")
def test_every_reference_card_reads_as_words_with_the_numbers_its_own_text_gives() -> None:
    """Every reference design's rules text is plain words, and every number its hand-written text
    states (amounts, scores) appears in the words made from its script and costs, so the two agree
    on what the card does."""
    for card in REFERENCE.cards:
        text = card_text(card)
        assert not not_words(text), f"{card.id}: {not_words(text)} in {text!r}"
        made = set(re.findall(r"\d+", text))
        assert set(re.findall(r"\d+", card.text)) <= made, f"{card.id}: {card.text!r} against {text!r}"


@pytest.mark.clause("GI-CARD-2")
def test_a_users_own_deck_reads_from_its_data() -> None:
    """A card of a user's own deck reads from its script (the loader's data), in views and events
    given the table's view; without it an event names the card by its id in words."""
    data = REFERENCE.to_data()
    data["card"] = [*data["card"], {
        "id": "pickpocket-deluxe", "name": "Pickpocket Deluxe", "kind": "action", "resource": "malice",
        "copies": 1, "cost": {"malice": 1}, "text": "Whatever its owner typed.",
        "effect": [{"op": "steal_resource", "amount": 2, "target": "any_opponent", "which": "revealed",
                    "resource": "gold"}]}]
    data["card"][0] = {**data["card"][0], "name": "Big Balloon"}
    deck = parse_components(data)
    assert card_text(deck.card("pickpocket-deluxe")) == (
        "Pickpocket Deluxe: an action card; counts as malice; costs 1 malice. Steal up to 2 gold from a "
        "revealed project of any opponent onto one of your projects.")
    s = GAME.new_game(3, seed=1, options=Options(components=deck))
    s = attrs.evolve(s, hands=(("airship", "pickpocket-deluxe"), *s.hands[1:]))
    lines = view_lines(observe(s, 0))
    assert "Your hand (2 cards): Big Balloon and Pickpocket Deluxe." in lines
    drawn = Drawn(0, 2, ("airship", "pickpocket-deluxe"))
    assert event_sentence(drawn, 0, view=observe(s, 0)) == "You drew Big Balloon and Pickpocket Deluxe."
    assert event_sentence(drawn, 0) == "You drew Airship and Pickpocket Deluxe."


def test_the_word_check_catches_what_is_not_words() -> None:
    """The check these tests use is not vacuous: each kind of code it rules out is found, and a
    plain sentence passes."""
    for text in ("seat_2", "ProjectChoice", "Play(card", "a = 1", "{x", "None", "Stage.DEST", "[1]", "-1"):
        assert not_words(f"You see {text} here."), text
    assert not not_words("Seat 2's project 1 (Pocket Watch): assigned 2 gold; 3 score, of 20.")


def test_bad_input_is_refused_with_a_library_error() -> None:
    """A value that is not a view or an event, or a hand-built view no game makes (fewer scores
    than seats), is refused with an InvalidArgumentError."""
    with pytest.raises(gremlinrules.InvalidArgumentError):
        view_lines(attrs.evolve(observe(table(), 0), scores=(1,)))
    with pytest.raises(gremlinrules.InvalidArgumentError):
        view_lines("a view")  # type: ignore[arg-type]
    with pytest.raises(gremlinrules.InvalidArgumentError):
        event_sentence(object(), 0)
    with pytest.raises(gremlinrules.InvalidArgumentError):
        event_sentence(Drawn(0, 1, None), 0, view="a view")  # type: ignore[arg-type]
