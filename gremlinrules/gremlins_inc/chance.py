"""The external-chance model of Gremlins, Inc. (issue 18; the mode itself is
:mod:`gremlinrules.core.chance`).

The game's only randomness is the order of the deck (GI-CHANCE-1): every card that leaves the
deck goes to a hand, so every chance decision is the draw of one card, from the one pool
``"deck"``, named by its design id and seen by the seat that draws it. That covers the opening
deal (six cards to each seat, offered seat 0 first and taken round the table in any order), the
familiar-players redraw, a card's draw step and the refill after a turn. Face-down projects and
assigned resources were seen by their owner when drawn, and the first player is the table's
choice, not chance.

A reshuffle (GI-DRAW-2) rebuilds the deck from the discard pile in the middle of a move, and the
rebuilt pile may hold cards discarded earlier in the same move (GI-CHANCE-2). The model finds a
move's draws by *probing*: it applies the move with the rule book to the canonical state with the
outcomes entered so far stacked on top of the deck, while the smallest hook in
:func:`.flow.draw` (:data:`.flow.RESHUFFLE`) puts the outcomes that come after a reshuffle on top
of the rebuilt deck. A draw can only depend on the draws before it, so the first draw the probe
makes beyond the outcomes entered is the next chance decision, and its pile (the deck, or the
rebuilt deck) less what was drawn from it gives the weights.
"""

from __future__ import annotations

from collections import Counter
from typing import Any
from typing import Final

from gremlinrules.core.chance import Need
from gremlinrules.core.chance import Outcome
from gremlinrules.core.chance_tools import Dealing
from gremlinrules.core.chance_tools import hands
from gremlinrules.core.chance_tools import unseated
from gremlinrules.core.chance_tools import weights
from gremlinrules.core.chance_tools import without
from gremlinrules.core.checks import check_type
from gremlinrules.core.draws import shuffle
from gremlinrules.core.errors import InvalidArgumentError
from gremlinrules.core.errors import shown
from gremlinrules.core.rng import Rng
from gremlinrules.gremlins_inc.events import Drawn
from gremlinrules.gremlins_inc.flow import RESHUFFLE
from gremlinrules.gremlins_inc.kit import kit_for
from gremlinrules.gremlins_inc.rules import apply_with_events
from gremlinrules.gremlins_inc.setup import new_game
from gremlinrules.gremlins_inc.state import Options
from gremlinrules.gremlins_inc.state import Setup
from gremlinrules.gremlins_inc.state import State
from gremlinrules.gremlins_inc.state import evolve

__all__ = ["POOLS", "UNSEEN_NOTE", "UNSEEN_POOLS", "canonical", "deal", "designs", "events", "outcome_bound",
           "reveals", "step"]

DECK: Final = "deck"
"""The one pool: the deck, drawn card by card (GI-CHANCE-1)."""
POOLS: Final = (DECK,)
"""The names of the game's random pools."""
UNSEEN_POOLS: Final[frozenset[str]] = frozenset()
"""GI-CHANCE-5: no outcome may be entered unseen."""
UNSEEN_NOTE: Final = ("a discard step takes a hand's card by itself when the hand holds one design only, so "
                      "a placeholder could decide a card the table sees: every card is entered (GI-CHANCE-5)")

_RNG: Final = Rng(0)
"""The generator of every canonical state: an external-chance game never shuffles by it."""


def canonical(state: State) -> State:
    """GI-CHANCE-3: ``state`` with the deck (the only cards nobody has seen) sorted and the
    generator set to ``Rng(0)``; every view is unchanged, since no view shows the deck's order."""
    check_type(state, State, "Gremlins, Inc. State")
    deck = tuple(sorted(state.deck))
    if deck == state.deck and state.rng == _RNG:
        return state
    return evolve(state, deck=deck, rng=_RNG)


def _items(entered: tuple[Outcome, ...]) -> list[str]:
    """The designs of ``entered``, each from the deck pool, for the seat the rules say."""
    for o in entered:
        if type(o) is not Outcome or o.pool != DECK:
            raise InvalidArgumentError(f"Gremlins, Inc. draws only from the {DECK} pool, not {shown(o)}")
    unseated(entered, "a card drawn during play")
    return [o.item for o in entered]


def designs(players: int, options: Options) -> dict[str, frozenset[str]]:
    """GI-CHANCE-1: the one pool's items, the card set's designs."""
    return {DECK: frozenset(kit_for(options.components, players).deck)}


def outcome_bound(players: int, options: Options) -> int:
    """GI-CHANCE-1: the most outcomes one chance decision offers: the deck's distinct designs."""
    return len(set(kit_for(options.components, players).deck))


def deal(players: int, options: Options, entered: tuple[Outcome, ...]) -> Need | State:
    """GI-CHANCE-1: the opening deal, card by card, each card seen by the seat it is dealt to:
    the deal offers seat 0's hand first, then seat 1's, and takes a card for any seat whose hand
    has room, in any order (round the table); once every hand is full, the initial state
    (GI-SETUP-1, GI-SETUP-2) with the rest of the deck in canonical order and seat 0 first, as in
    a seeded game."""
    kit = kit_for(options.components, players)
    size = kit.components.hand_size
    dealing = Dealing(hands(DECK, players, size), {DECK: Counter(kit.deck)})
    need = dealing.run(entered)  # GI-CHANCE-4: its seat sees each card
    if need is not None:
        return need
    dealt = [card for hand in dealing.filled for card in hand]
    deck = (*dealt, *sorted(without(kit.deck, dealt, "deck").elements()))
    return canonical(new_game(players, 0, options=options, setup=Setup(deck=deck)))


class _Probe:
    """A move applied by the rule book, recording each pile drawn from (the deck, then each
    rebuilt deck) and the seat of each card drawn. ``queue``: the designs to put on top of the
    rebuilt decks, in order (None: shuffle with the state's generator, as seeded play does)."""

    def __init__(self, queue: list[str] | None) -> None:
        self.queue = queue
        self.piles: list[tuple[str, ...]] = []
        self.events: tuple[Any, ...] = ()

    def reshuffle(self, rng: int, discard: tuple[str, ...]) -> tuple[tuple[str, ...], int]:
        if self.queue is None:
            deck, rng = shuffle(rng, discard)  # as flow.draw does
        else:  # GI-CHANCE-2: the outcomes entered after the reshuffle, then the rest in order
            top, self.queue = self.queue[:len(discard)], self.queue[len(discard):]
            deck = (*top, *sorted(without(discard, top, "rebuilt deck").elements()))
        self.piles.append(deck)
        return deck, rng

    def run(self, before: State, action: Any) -> tuple[State, list[str], list[int]]:
        """The state after ``action``, the cards drawn in order and the seat of each."""
        self.piles = [before.deck]
        token = RESHUFFLE.set(self.reshuffle)
        try:
            after, self.events = apply_with_events(before, action)
        finally:
            RESHUFFLE.reset(token)
        seats = [e.seat for e in self.events if type(e) is Drawn for _ in range(e.count)]
        drawn = [c for pile in self.piles for c in pile][:len(seats)]
        return after, drawn, seats


def _probe(state: State, action: Any, entered: tuple[Outcome, ...]) -> tuple[_Probe, State, list[int]]:
    """``action`` applied to ``state`` with the ``entered`` draws stacked: the probe, the state
    after and the seat of each card drawn."""
    check_type(state, State, "Gremlins, Inc. State")
    items = _items(entered)
    head = items[:len(state.deck)]
    rest = without(state.deck, head, "deck")
    probe = _Probe(items[len(head):])
    after, _, seats = probe.run(evolve(state, deck=(*head, *sorted(rest.elements()))), action)
    if len(seats) < len(items) or probe.queue:
        raise InvalidArgumentError(f"{shown(action)} draws {len(seats)} cards, not the {len(items)} entered")
    return probe, after, seats


def step(state: State, action: Any, entered: tuple[Outcome, ...]) -> Need | State:
    """GI-CHANCE-1, GI-CHANCE-2: the next draw of ``action`` from the canonical ``state`` after
    the outcomes ``entered`` (seen by the seat that draws), or the canonical state after the move
    once all its draws are entered (GI-CHANCE-3)."""
    probe, after, seats = _probe(state, action, entered)
    items = [o.item for o in entered]
    k = len(items)
    if len(seats) == k:
        return canonical(after)
    start = 0  # the pile the next card comes from, and how much of it the entered cards took
    for pile in probe.piles:
        if k < start + len(pile):
            left = without(pile, items[start:k], "deck")
            # GI-CHANCE-4: the drawer sees it
            return Need(DECK, weights(left.elements()), (seats[k],), seats[k])
        start += len(pile)
    raise AssertionError("a card was drawn from no pile")  # pragma: no cover (the probe's own bookkeeping)


def events(state: State, action: Any, entered: tuple[Outcome, ...]) -> tuple[Any, ...]:
    """The events of ``action`` from the canonical ``state`` once all its draws are ``entered``
    (as :func:`.rules.apply_with_events` gives them, the action first): each draw with the
    card entered for it, each reshuffle with its rebuilt deck's size."""
    probe, _, seats = _probe(state, action, entered)
    if len(seats) != len(entered):
        raise InvalidArgumentError(f"{shown(action)} draws more than the {len(entered)} cards entered")
    return probe.events


def reveals(before: State | None, action: Any, after: State) -> tuple[Outcome, ...]:
    """The truth for a seeded game: the cards the step ``before -> after`` drew, in the order
    :func:`step` asks for them (the same draws repeated with the rule book, the generator's
    reshuffles included). ``before`` None: the opening deal of ``after``, hand by hand."""
    check_type(after, State, "Gremlins, Inc. State")
    if before is None:
        return tuple(Outcome(DECK, c) for hand in after.hands for c in hand)
    again, drawn, _ = _Probe(None).run(before, action)
    if again != after:
        raise InvalidArgumentError(f"{shown(action)} does not lead from the state before to the one after")
    return tuple(Outcome(DECK, c) for c in drawn)
