"""What a refused action says (issue 28): each refusal of the rule book names its clause and says
why in the sentence a player reads, with the message id and parameters a frontend translates."""

from __future__ import annotations

from typing import Any

import attrs
import pytest

from gremlinrules.core.errors import IllegalActionError
from gremlinrules.core.errors import shown
from gremlinrules.gnaughty_gnomes import Colour
from gremlinrules.gnaughty_gnomes import Flip
from gremlinrules.gnaughty_gnomes import Phase
from gremlinrules.gnaughty_gnomes import Place
from gremlinrules.gnaughty_gnomes import Play
from gremlinrules.gnaughty_gnomes import PlayX
from gremlinrules.gnaughty_gnomes import State
from gremlinrules.gnaughty_gnomes import apply
from gremlinrules.gnaughty_gnomes import legal_actions
from gremlinrules.gnaughty_gnomes import rules
from gremlinrules.gnaughty_gnomes.board import N_SPOTS
from gremlinrules.gnaughty_gnomes.components import SUITS
from gremlinrules.gnaughty_gnomes.components import X_RANK
from gremlinrules.gnaughty_gnomes.components import Card
from gremlinrules.gnaughty_gnomes.flow import position_to_act
from gremlinrules.gnaughty_gnomes.setup import new_game

PLACERS = {0: ("the trick winner", "GG-PLACE-2"), 1: ("a middle place", "GG-PLACE-4"),
           2: ("a middle place", "GG-PLACE-4"), 3: ("the trick loser", "GG-PLACE-5")}
"""Each turn-order place (the frame's step, 0 for the winner) as a refusal names it, and its clause."""


def refusal(s: State, action: Any) -> tuple[str, str, str, dict[str, Any]]:
    """The sentence, clause, message id and parameters of ``action``'s refusal in ``s`` (which is
    left as it was)."""
    before = s
    with pytest.raises(IllegalActionError) as info:
        apply(s, action)
    assert s == before
    e = info.value
    return str(e.reason), e.clause, e.key, e.params


def placing(seed: int = 1) -> State:
    """A four-player game with a trick just played: the winner's placement is due."""
    s = new_game(4, seed)
    while not s.stack:
        s = apply(s, legal_actions(s)[0])
    return s


@pytest.mark.clause("GG-ACT-1", "GG-X-1", "GG-BOARD-2", "GG-PLAY-1", "GG-END-1")
def test_a_refusal_of_a_play_names_its_clause_and_says_why() -> None:
    """Something that is not an action, an X card played without its declaration or declared out
    of 1-8, a placement naming no spot, a card the position cannot play, and any action after the
    end: each is refused with its clause, sentence, message id and parameters."""
    s = new_game(4, 1)
    pos = position_to_act(s)
    held = set(s.hands[pos])
    missing = next(Card(c, r) for c in SUITS for r in range(1, 9) if Card(c, r) not in held)
    assert refusal(s, "play red 3") == ("'play red 3' is not a Gnaughty Gnomes action", "GG-ACT-1",
                                         "gg.illegal.not-an-action", {"action": "'play red 3'"})
    assert refusal(s, PlayX(Colour.RED, 9, True)) == (
        "an X card is declared with a rank from 1 to 8 and high or low", "GG-X-1", "GG-X-1", {})
    assert refusal(s, Play(Card(Colour.RED, X_RANK))) == (
        "play an X card with PlayX, declaring its rank and high or low", "GG-X-1", "GG-X-1", {})
    bad = Place(Colour.RED, N_SPOTS)
    assert refusal(s, bad) == (f"{shown(bad)} names no spot of the garden for a suit", "GG-BOARD-2",
                               "gg.illegal.no-spot", {"action": shown(bad)})
    assert refusal(s, Play(missing)) == (
        f"position {pos} holds no playable {missing}", "GG-PLAY-1", "gg.illegal.not-held",
        {"position": pos, "card": str(missing)})
    over = attrs.evolve(s, phase=Phase.OVER)
    for action in (Play(missing), "play red 3"):
        assert refusal(over, action) == ("the game is over: eight tricks have been played", "GG-END-1",
                                         "GG-END-1", {})


@pytest.mark.clause("GG-PLACE-2", "GG-PLACE-3", "GG-PLACE-4", "GG-PLACE-5", "GG-PLACE-7", "GG-PLACE-8")
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_refusal_of_a_placement_names_its_clause_and_says_why(seed: int) -> None:
    """Through one trick's four placements: a suit with no unflipped card left in the trick
    (GG-PLACE-3), a flip while a spot is open (GG-PLACE-8), a spot already holding a gnome
    (GG-PLACE-7), and an empty spot the place may not use, named for the place that may not
    (the winner GG-PLACE-2, a middle place GG-PLACE-4, the loser GG-PLACE-5); then the placement
    goes on with its first choice."""
    s = placing(seed)
    seen: set[str] = set()
    for step in range(4):
        legal = legal_actions(s)
        unflipped = {p.card.suit for p, f in zip(s.plays, s.flipped, strict=True) if not f}
        gone = [c for c in SUITS if c not in unflipped]
        if gone:
            assert refusal(s, Flip(gone[0])) == (
                f"no unflipped {gone[0].value} card remains in this trick", "GG-PLACE-3",
                "gg.illegal.no-unflipped-card", {"suit": gone[0].value})
            seen.add("GG-PLACE-3")
        if isinstance(legal[0], Place):
            suit = legal[0].suit
            assert refusal(s, Flip(suit)) == (
                "a card may be flipped without placing only when no legal spot exists", "GG-PLACE-8",
                "GG-PLACE-8", {})
            seen.add("GG-PLACE-8")
            taken = [k for k, g in enumerate(s.gnomes) if g is not None]
            if taken:
                assert refusal(s, Place(suit, taken[0])) == (
                    f"spot {taken[0]} already holds a gnome", "GG-PLACE-7", "gg.illegal.spot-taken",
                    {"spot": taken[0]})
                seen.add("GG-PLACE-7")
            closed = next((Place(c, k) for c in SUITS if c in unflipped for k in range(N_SPOTS)
                           if s.gnomes[k] is None and Place(c, k) not in legal), None)
            if closed is not None:
                placer, clause = PLACERS[step]
                assert refusal(s, closed) == (
                    f"spot {closed.spot} is not open to {placer} for {closed.suit.value}", clause,
                    "gg.illegal.spot-not-open", {"spot": closed.spot, "placer": placer,
                                                 "suit": closed.suit.value})
                seen.add(clause)
        s = apply(s, legal[0])
    assert seen == {"GG-PLACE-2", "GG-PLACE-3", "GG-PLACE-4", "GG-PLACE-5", "GG-PLACE-7", "GG-PLACE-8"}


@pytest.mark.clause("GG-BOARD-2", "GG-X-1")
def test_the_rule_book_itself_refuses_what_is_not_one_of_the_games_actions() -> None:
    """The rule book (``rules.BOOK``, public beside ``check``) refuses on its own a placement naming
    no spot while a placement is due, and an X card declared out of 1-8 while a card is to be
    played, each with the sentence and clause ``check`` gives."""
    s = placing()
    bad = Place(Colour.RED, N_SPOTS)
    why = rules.BOOK.check(s, bad)
    assert why is not None
    assert (str(why[0]), why[1]) == (f"{shown(bad)} names no spot of the garden for a suit", "GG-BOARD-2")
    assert why == rules.check(s, bad)
    x = PlayX(Colour.RED, 9, True)
    declared = "an X card is declared with a rank from 1 to 8 and high or low"
    assert rules.BOOK.check(new_game(4, 1), x) == (declared, "GG-X-1")


@pytest.mark.clause("GG-ACT-1", "GG-X-1")
@pytest.mark.parametrize("card", [Card(Colour.WHITE, 3), Card(Colour.RED, 9), "red 3", None])
def test_a_play_of_something_that_is_no_card_of_the_game_is_not_an_action_not_an_x_card(card: Any) -> None:
    """A Play whose card is none of the deck's (a white card, a rank off the deck, a text, no card
    at all) is refused as not an action of the game (GG-ACT-1); only a Play of the X card itself
    gets GG-X-1's advice to declare it with PlayX."""
    s = new_game(4, 1)
    action = Play(card)
    assert refusal(s, action)[1:3] == ("GG-ACT-1", "gg.illegal.not-an-action")
    why = rules.check(s, action)
    assert why is not None
    assert why[1] == "GG-ACT-1"
    assert refusal(s, Play(Card(Colour.RED, X_RANK)))[1] == "GG-X-1"
