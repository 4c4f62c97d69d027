"""What happens between decisions: draws and deck exhaustion, the end of a turn
(the Wandering Gremlin, the empty-hand refill), the end of a round (the gremlin
deck) and the finale.

Every step here returns a :class:`~gremlinrules.core.step.Step`: the next state and
the events it caused, made where the rule acts (a draw says what it drew, the gremlin
what it ate), so the rule book's ``apply_with_events`` is the one source of events.
The fast path (:mod:`.fast`) takes ``.state`` where it reuses a step."""

from __future__ import annotations

from contextvars import ContextVar
from typing import Any
from typing import Protocol

from gremlinrules.core.evolve import make_replace
from gremlinrules.core.piles import reshuffle
from gremlinrules.core.rng import Rng
from gremlinrules.core.step import Step
from gremlinrules.core.zones import next_seat
from gremlinrules.core.zones import replace_at
from gremlinrules.no_good_gremlins.components import GREMLIN_CARDS
from gremlinrules.no_good_gremlins.components import MATERIALS
from gremlinrules.no_good_gremlins.components import THUNDERSTORM
from gremlinrules.no_good_gremlins.events import DeckRebuilt
from gremlinrules.no_good_gremlins.events import Drawn
from gremlinrules.no_good_gremlins.events import FinaleBegan
from gremlinrules.no_good_gremlins.events import GameEnded
from gremlinrules.no_good_gremlins.events import GremlinsRevealed
from gremlinrules.no_good_gremlins.events import Launched
from gremlinrules.no_good_gremlins.events import RocketEaten
from gremlinrules.no_good_gremlins.events import RoundEnded
from gremlinrules.no_good_gremlins.events import TurnBegan
from gremlinrules.no_good_gremlins.events import WandererMoved
from gremlinrules.no_good_gremlins.frames import MealChoice
from gremlinrules.no_good_gremlins.notation import wanderer_of
from gremlinrules.no_good_gremlins.state import GONE
from gremlinrules.no_good_gremlins.state import Phase
from gremlinrules.no_good_gremlins.state import State
from gremlinrules.no_good_gremlins.view import scores
from gremlinrules.no_good_gremlins.view import winners

__all__ = [
    "HAND_SIZE", "OPENING_TURN", "TAP", "Tap", "begin_turn", "close_turn", "draw", "eat", "end_turn",
    "feed", "launch_medals", "meal_choices", "moved", "pass_turn", "refill", "replace", "reveal_round",
    "with_item", "with_row",
]

HAND_SIZE = 6  # NGG-SETUP-2 / NGG-HAND-2


replace = make_replace(State)
evolve = replace


class Tap(Protocol):
    """The external-chance model's hold on the flow (NGG-CHANCE-4): it sees every card a draw or a
    reveal takes, and decides how an exhausted pile is rebuilt. Unset in play (see :data:`TAP`)."""

    def revealed(self, pool: str, seat: int | None, pile: tuple[int, ...]) -> None:
        """``pile[0]``, the top of what is left of ``pool``'s pile, is taken: drawn into ``seat``'s
        hand (the materials), or turned face up for everyone (``seat`` None: the gremlins)."""

    def rebuilt(self, pool: str, cards: tuple[int, ...], rng: Rng) -> tuple[tuple[int, ...], Rng]:
        """``cards`` made into ``pool``'s new pile, top first, and the next generator."""


TAP: ContextVar[Tap | None] = ContextVar("no_good_gremlins_tap", default=None)
"""Set only by :mod:`.chance` while it asks the rules what a move reveals, and None in every seeded
game: read once per :func:`draw` and per :func:`reveal_round` (the fast path's usual opening draw
and one-card reveal do not come here), so play is unchanged. (It watches the piles; it makes no
events.)"""


def _rebuilt(tap: Tap | None, pool: str, cards: tuple[int, ...], rng: Rng) -> tuple[tuple[int, ...], Rng]:
    return reshuffle(cards, rng) if tap is None else tap.rebuilt(pool, cards, rng)


with_item = replace_at
"""``row`` with entry ``i`` set to ``value`` (:func:`gremlinrules.core.zones.replace_at`)."""


def moved(wanderer: int) -> WandererMoved:
    """The event of the Wandering Gremlin arriving at ``wanderer`` (a seat, or GONE)."""
    return WandererMoved(*wanderer_of(wanderer))


def launch_medals(size: int, cost: int) -> int:
    """Medals for launching a complete rocket: one, plus one per card beyond the cost (NGG-LAUNCH-3)."""
    return 1 + size - cost


def draw(s: State, seat: int, n: int, *, between: tuple[Any, ...] = (), **extra: Any) -> Step[State]:
    """Seat draws up to ``n`` cards; a draw from an empty deck is skipped (NGG-HAND-3), and a
    hand has no size limit (NGG-HAND-1).

    The moment the deck runs out, by any draw, it is exhausted (NGG-DECK-1): with 4-5 players the first time
    rebuilds it (NGG-DECK-2, NGG-DECK-3) and the draw continues from the new deck;
    otherwise the finale is triggered (NGG-FINALE-1). ``extra`` are further field changes
    made in the same step.

    Events: ``Drawn`` (the cards, rust to chrome) when any card was drawn, then ``between``
    (what the same step did besides, e.g. an iron bribe's move of the Wandering Gremlin),
    then ``DeckRebuilt`` (the deck's size after the draw) and ``FinaleBegan`` when the draw
    exhausted the deck.
    """
    deck = s.deck
    if not deck or n <= 0:
        return Step(evolve(s, **extra) if extra else s, between)
    hand = list(s.hands[seat])
    changes: dict[str, Any] = extra
    tap = TAP.get()
    drawn = [0] * len(hand)
    for _ in range(n):
        if not deck:
            break
        if tap is not None:
            tap.revealed("materials", seat, deck)
        hand[deck[0]] += 1
        drawn[deck[0]] += 1
        deck = deck[1:]
        if not deck and not s.finale and "finale" not in changes:
            if s.players >= 4 and not s.rebuilt and "rebuilt" not in changes:
                pool = s.scrapheap
                removed = s.removed
                if s.options.rebuild_from == "scrapheap_and_removed":
                    pool = pool + tuple(t for t, k in enumerate(removed) for _ in range(k))
                    changes["removed"] = (0,) * len(removed)
                deck, changes["rng"] = _rebuilt(tap, "materials", pool, s.rng)
                changes["scrapheap"] = ()
                changes["rebuilt"] = True
            if not deck:  # exhausted for good (an empty rebuild counts as the second time)
                changes["finale"] = True
                changes["final_turns"] = s.players
    hands = with_row(s.hands, seat, tuple(hand))
    cards = tuple(MATERIALS[t] for t, k in enumerate(drawn) for _ in range(k))
    events: tuple[Any, ...] = (Drawn(seat, len(cards), cards), *between)
    if changes.get("rebuilt") and not s.rebuilt:
        events += (DeckRebuilt(len(deck)),)
    if changes.get("finale") and not s.finale:
        events += (FinaleBegan(s.players),)
    return Step(evolve(s, deck=deck, hands=hands, **changes), events)


with_row = replace_at
"""``rows`` with row ``i`` replaced (:func:`gremlinrules.core.zones.replace_at`)."""


OPENING_TURN = {"phase": Phase.OPENING, "mains": 1, "builds": 0, "open_build": 0, "chrome": 0,
                 "no_eat": False, "final_turn": False}
"""A normal turn's start, besides its seat (NGG-TURN-1): the opening, one main action, nothing else."""


def begin_turn(s: State, seat: int, *, final: bool) -> Step[State]:
    """Start ``seat``'s turn: a normal one (NGG-TURN-1) or a final one (NGG-FINALE-3)."""
    if s.options.hand_refill != "end_of_turn" or s.hand_emptied:  # NGG-HAND-2: a new turn's flag
        s = evolve(s, hand_emptied=s.options.hand_refill == "ever_empty" and not any(s.hands[seat]))
    began = (TurnBegan(seat, final),)
    if final:
        # NGG-FINALE-3: nothing to take from an empty scrapheap, so the opening is skipped.
        phase = Phase.FINAL_OPENING if s.scrapheap else Phase.MAIN
        return Step(evolve(s, turn=seat, phase=phase, mains=0, builds=s.options.finale_builds,
                           open_build=0, chrome=0, no_eat=False, final_turn=True), began)
    return Step(evolve(s, turn=seat, **OPENING_TURN), began)


def meal_choices(s: State) -> tuple[int, ...]:
    """NGG-WANDER-5 under ``wanderer_tie="holder_chooses"``: the types whose rockets tie for the
    highest medal value on the turn owner's pad when the Wandering Gremlin is about to eat
    there, if more than one; else () (the gremlin eats without a decision)."""
    if s.options.wanderer_tie != "holder_chooses" or s.no_eat or s.wanderer != s.turn:
        return ()
    pad = s.pads[s.turn]
    values = s.components.medal_values
    top = max((values[t] for t in range(len(pad)) if pad[t]), default=None)
    tied = tuple(t for t in range(len(pad)) if pad[t] and values[t] == top)
    return tied if len(tied) > 1 else ()


def eat(s: State, choice: int = -1) -> Step[State]:
    """NGG-WANDER-3, NGG-WANDER-4: the holder's turn ends; the Wandering Gremlin eats (from the
    rocket of type ``choice`` when its holder picked one, NGG-WANDER-5) or moves on."""
    seat = s.turn
    pad = s.pads[seat]
    values = s.components.medal_values
    if not any(pad):  # NGG-WANDER-6: only the pad is in play; a wood bribe does not stop the move
        onward = next_seat(seat, s.players)
        return Step(evolve(s, wanderer=onward), (moved(onward),))
    if s.no_eat:  # NGG-BRIBE-2
        return Step(s)
    # NGG-WANDER-5: highest medal value; ties go to the larger rocket, then the later type.
    best = choice if choice >= 0 else max((t for t in range(len(pad)) if pad[t]),
                                          key=lambda t: (values[t], pad[t], t))
    pad = with_item(pad, best, pad[best] - 1)
    removed = with_item(s.removed, best, s.removed[best] + 1)
    eaten: tuple[Any, ...] = (RocketEaten(seat, MATERIALS[best], 1, "wandering_gremlin"),)
    if not any(pad):  # NGG-WANDER-4: the last card eaten, the gremlin moves on
        onward = next_seat(seat, s.players)
        return Step(evolve(s, pads=with_row(s.pads, seat, pad), removed=removed, wanderer=onward),
                    (*eaten, moved(onward)))
    return Step(evolve(s, pads=with_row(s.pads, seat, pad), removed=removed, wanderer=seat), eaten)


def reveal_round(s: State) -> Step[State]:
    """NGG-ROUND-1: the dealer reveals one gremlin-deck card and it is resolved: a warning
    (NGG-ROUND-2), an attack (NGG-ROUND-3), a thunderstorm and its two more cards, chained
    (NGG-ROUND-4), an exhausted deck rebuilt (NGG-ROUND-5); the round ends.

    Events: ``GremlinsRevealed`` (the cards, in card order), a ``RocketEaten`` per rocket the
    attacks ate (seat by seat, rust to chrome), ``RoundEnded``."""
    deck, discard, rng = s.gremlin_deck, s.gremlin_discard, s.rng
    threat = list(s.threat)
    pads = [list(p) for p in s.pads]
    removed = list(s.removed)
    aside: list[int] = []
    revealed: list[int] = []
    eaten: dict[tuple[int, int], int] = {}
    tap = TAP.get()

    def reveal() -> int | None:
        nonlocal deck, discard, rng
        if not deck:  # NGG-ROUND-5: an exhausted deck is rebuilt from the discards when a card is needed
            if not discard:
                return None
            (deck, rng), discard = _rebuilt(tap, "gremlins", discard, rng), ()
        if tap is not None:
            tap.revealed("gremlins", None, deck)
        card, deck = deck[0], deck[1:]
        revealed.append(card)
        return card

    def resolve(card: int) -> None:
        nonlocal discard
        if card == THUNDERSTORM:  # NGG-ROUND-4: set aside, two more cards, chained
            aside.append(card)
            for _ in range(2):
                nxt = reveal()
                if nxt is not None:
                    resolve(nxt)
        elif card in threat:  # NGG-ROUND-3: the gremlins attack every launch pad
            threat.remove(card)
            for seat, pad in enumerate(pads):
                if pad[card]:
                    eaten[seat, card] = eaten.get((seat, card), 0) + pad[card]
                removed[card] += pad[card]
                pad[card] = 0
            discard = (*discard, card, card)
        else:  # NGG-ROUND-2: a warning
            threat.append(card)

    first = reveal()
    if first is not None:
        resolve(first)
    if aside:
        deck, rng = reshuffle(deck + discard, rng)
        discard = tuple(aside)
    events = (GremlinsRevealed(tuple(GREMLIN_CARDS[c] for c in sorted(revealed))),
              *(RocketEaten(seat, MATERIALS[t], k, "gremlin_attack")
                for (seat, t), k in sorted(eaten.items())),
              RoundEnded(s.round))
    return Step(evolve(s, gremlin_deck=deck, gremlin_discard=discard, rng=rng, threat=tuple(sorted(threat)),
                       pads=tuple(tuple(p) for p in pads), removed=tuple(removed), round=s.round + 1), events)


def _finish(s: State) -> Step[State]:
    """NGG-FINALE-6: the Wandering Gremlin leaves; every complete rocket launches.

    Events: a ``Launched`` per rocket (seat by seat, rust to chrome), the Wandering Gremlin's
    ``WandererMoved`` (gone), ``GameEnded``."""
    costs = s.components.launch_costs
    pads = []
    medals = []
    removed = list(s.removed)
    events: list[Any] = []
    for seat, (pad, held) in enumerate(zip(s.pads, s.medals, strict=True)):
        pad_l, held_l = list(pad), list(held)
        for t, size in enumerate(pad):
            if size and size >= costs[t]:
                won = launch_medals(size, costs[t])
                held_l[t] += won
                removed[t] += size - won
                pad_l[t] = 0
                events.append(Launched(seat, MATERIALS[t], size, won))
        pads.append(tuple(pad_l))
        medals.append(tuple(held_l))
    if s.wanderer != GONE:
        events.append(moved(GONE))
    over = evolve(s, pads=tuple(pads), medals=tuple(medals), removed=tuple(removed), wanderer=GONE,
                  phase=Phase.OVER, mains=0, builds=0, open_build=0, chrome=0, no_eat=False,
                  hand_emptied=False)
    events.append(GameEnded(scores(over), winners(over)))
    return Step(over, tuple(events))


def end_turn(s: State) -> Step[State]:
    """NGG-TURN-5: the turn owner ends the turn; resolve everything up to the next decision.

    Under ``wanderer_tie="holder_chooses"`` with tied rockets (NGG-WANDER-5) that decision is the
    holder's choice of meal: a :class:`~.frames.MealChoice` is pushed, bound to the tied types;
    the rest of the turn's end runs once the holder has chosen (:func:`feed`).
    """
    seat = s.turn
    if s.wanderer == seat:
        tied = meal_choices(s)
        if tied:
            frame = MealChoice(seat, tuple([MATERIALS[t] for t in tied]))
            return Step(evolve(s, stack=(*s.stack, frame)))
        return eat(s).then(lambda eaten: close_turn(eaten, seat))
    return close_turn(s, seat)


def feed(s: State, frame: MealChoice, t: int) -> Step[State]:
    """NGG-WANDER-5: resume the turn's end after the holder chose: the Wandering Gremlin eats a
    card of type ``t`` (one of ``frame.among``), then the rest of the turn's end runs (the
    refill, the round's end, the next turn). ``s`` has the frame popped."""
    return eat(s, t).then(lambda eaten: close_turn(eaten, frame.seat))


def close_turn(s: State, seat: int) -> Step[State]:
    """The rest of :func:`end_turn`, once the Wandering Gremlin has eaten: the refill, then
    :func:`pass_turn`."""
    return refill(s, seat).then(lambda refilled: pass_turn(refilled, seat))


def refill(s: State, seat: int) -> Step[State]:
    """NGG-HAND-2: a seat ending its turn with an empty hand draws six (under
    ``hand_refill="ever_empty"``: a seat whose hand was empty at any moment of the turn)."""
    return Step(s) if any(s.hands[seat]) and not s.hand_emptied else draw(s, seat, HAND_SIZE)


def pass_turn(s: State, seat: int) -> Step[State]:
    """After ``seat``'s turn: the dealer's end of the round, the finale, the next turn."""
    step = Step(s)
    if not s.finale and seat == s.players - 1:  # NGG-ROUND-1: the dealer closes the round; NGG-FINALE-2
        step = reveal_round(s)  # and the next round begins
        s = step.state
        if s.round > s.options.round_limit and s.options.bounded:  # NGG-END-3, a house rule
            step = Step(evolve(s, finale=True, final_turns=s.players), (*step.events, FinaleBegan(s.players)))
    nxt = next_seat(seat, s.players)
    return step.then(lambda t: _next_turn(t, nxt))


def _next_turn(s: State, nxt: int) -> Step[State]:
    if s.finale:
        if s.final_turns == 0:
            return _finish(s)
        return begin_turn(evolve(s, final_turns=s.final_turns - 1), nxt, final=True)
    return begin_turn(s, nxt, final=False)
