"""Gnaughty Gnomes' chance model: what is random, for the external-chance mode (issue 18).

See :mod:`gremlinrules.core.chance` for the mode and the four names every model defines.
In Gnaughty Gnomes chance acts in the set-up and, with two players, when a dummy's face-down
card turns face up (GG-CHANCE-1):

* the opening deal (GG-CHANCE-2), offered in this order: the twelve coloured hexes of the
  garden in board order (pool ``garden``), the suit markers on the track strongest first
  (``track``), each position's eight numbered cards (``cards``: a player's are seen by its seat;
  a dummy's four face-up cards, pile by pile, by everyone) and its X card (``x-cards``), then the
  position that leads the first trick (``start``, ``position-2``). The numbered cards and the X
  cards are taken for any position, in any order, an outcome naming its position (round the
  table, ``chance_tools.Dealing``);
* with two players, a dummy's face-down card uncovered by a play turns face up at clean-up
  (GG-2P-4): its reveal is a chance decision of the ``cards`` pool, seen by everyone
  (GG-CHANCE-3). Nobody sees a face-down card before (GG-2P-5), so it is not entered at the deal.

An outcome nothing else could be (the last X card, the last hand of a four-player deal, the
last face-down card) is filled in without asking. The canonical state holds the face-down
cards sorted, pile by pile, and the generator ``Rng(0)`` (the rules draw nothing after the
set-up).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from collections.abc import Sequence
from functools import cache

import attrs

from gremlinrules.core.chance import Need
from gremlinrules.core.chance import Outcome
from gremlinrules.core.chance_tools import Dealing
from gremlinrules.core.chance_tools import Feed
from gremlinrules.core.chance_tools import Pile
from gremlinrules.core.chance_tools import only
from gremlinrules.core.rng import Rng
from gremlinrules.gnaughty_gnomes.board import _CLUMPED_TRIPLES
from gremlinrules.gnaughty_gnomes.board import CENTER
from gremlinrules.gnaughty_gnomes.board import N_HEXES
from gremlinrules.gnaughty_gnomes.components import CARDS
from gremlinrules.gnaughty_gnomes.components import REFERENCE
from gremlinrules.gnaughty_gnomes.components import SUITS
from gremlinrules.gnaughty_gnomes.components import Card
from gremlinrules.gnaughty_gnomes.components import Colour
from gremlinrules.gnaughty_gnomes.fast import apply
from gremlinrules.gnaughty_gnomes.setup import new_game
from gremlinrules.gnaughty_gnomes.state import Options
from gremlinrules.gnaughty_gnomes.state import Setup
from gremlinrules.gnaughty_gnomes.state import State

__all__ = ["POOLS", "UNSEEN_NOTE", "UNSEEN_POOLS", "arranged", "canonical", "card_name", "deal", "designs",
           "outcome_bound", "reveals", "step"]

POOLS = ("garden", "track", "cards", "x-cards", "start")
"""The random pools: the garden's hexes, the track's markers, the numbered cards, the X cards
and the first leader's position."""
UNSEEN_POOLS: frozenset[str] = frozenset()
"""GG-CHANCE-4: no outcome may be entered unseen."""
UNSEEN_NOTE = ("the last hand of a four-player deal is the cards no other hand took, and the tie-break "
               "reads the cards left in hand, so a placeholder could decide a hand or the winners: every "
               "hand is entered (GG-CHANCE-4)")

RING = tuple(h for h in range(N_HEXES) if h != CENTER)
"""The coloured hexes in board order: the garden is entered in this order."""
_ORDER = {c: i for i, c in enumerate(CARDS)}
_NUMBERED = tuple(c for c in CARDS if not c.is_x)
_X_CARDS = tuple(c for c in CARDS if c.is_x)
_HAND = REFERENCE.hand_size
_DOWN = REFERENCE.dummy_face_down


def outcome_bound(players: int, options: Options) -> int:
    """The most outcomes one chance decision offers: the 32 numbered cards (a hand's first card)."""
    del players, options
    return len(_NUMBERED)


def designs(players: int, options: Options) -> dict[str, frozenset[str]]:
    """GG-CHANCE-2: the items of each pool."""
    del players, options
    colours = frozenset(c.value for c in SUITS)
    return {"garden": colours, "track": colours, "cards": frozenset(card_name(c) for c in _NUMBERED),
            "x-cards": frozenset(card_name(c) for c in _X_CARDS),
            "start": frozenset(map(_position, range(4)))}


def card_name(card: Card) -> str:
    """A card's item name: ``red-5``, ``red-X``."""
    return f"{card.suit.value}-{'X' if card.is_x else card.rank}"


_CARD_BY_NAME = {card_name(c): c for c in CARDS}
_COLOUR_BY_NAME = {c.value: c for c in SUITS}
_NUMBERED_NAMES = tuple(card_name(c) for c in _NUMBERED)
_X_NAMES = tuple(card_name(c) for c in _X_CARDS)


def _ones(items: Iterable[str]) -> tuple[tuple[str, int], ...]:
    """Weights of one copy each, sorted by item (every card is one of a kind)."""
    return tuple((item, 1) for item in sorted(items))


def _position(n: int) -> str:
    return f"position-{n}"


# -- the garden (GG-CHANCE-2, GG-SETUP-6) -------------------------------------------------------

@cache
def _completions(depth: int, masks: tuple[int, ...], rule: str) -> int:
    """How many ways the ring hexes from ``depth`` on can be coloured so that no colour clumps.

    ``masks``: the hexes (a bitmask) of each colour not yet complete, sorted; a colour's three
    hexes are tested once its third is laid, and a complete colour drops out (it constrains
    nothing more), so equal situations share one entry whatever the colours' names.
    """
    if depth == len(RING):
        return 1
    bit = 1 << RING[depth]
    total = 0
    for i, mask in enumerate(masks):
        grown = mask | bit
        rest = masks[:i] + masks[i + 1:]
        if grown.bit_count() == REFERENCE.hexes_per_colour:
            if grown in _CLUMPED_TRIPLES[rule]:
                continue
            total += _completions(depth + 1, rest, rule)
        else:
            total += _completions(depth + 1, tuple(sorted((*rest, grown))), rule)
    return total


def garden_weights(laid: tuple[Colour, ...], rule: str) -> tuple[tuple[str, int], ...]:
    """Per colour, how many gardens without a clump continue ``laid`` (the first ring hexes)
    with that colour next; colours that lead to none are left out (GG-CHANCE-2)."""
    masks = dict.fromkeys(SUITS, 0)
    for h, colour in zip(RING, laid, strict=False):
        masks[colour] |= 1 << h
    out = []
    bit = 1 << RING[len(laid)]
    for colour in SUITS:
        grown = masks[colour] | bit
        if grown.bit_count() > REFERENCE.hexes_per_colour:
            continue
        full = REFERENCE.hexes_per_colour
        rest = [m for c, m in masks.items() if c is not colour and m.bit_count() < full]
        if grown.bit_count() == REFERENCE.hexes_per_colour:
            if grown in _CLUMPED_TRIPLES[rule]:
                continue
        else:
            rest.append(grown)
        count = _completions(len(laid) + 1, tuple(sorted(rest)), rule)
        if count:
            out.append((colour.value, count))
    return tuple(sorted(out))


# -- the opening deal ---------------------------------------------------------------------------

_GARDEN, _TRACK, _START = 0, 1, 10
"""The piles of the deal (:func:`_piles`) that go to no position: the garden, the track, the
first leader; pile ``2 + 2 p`` is position ``p``'s numbered cards and ``3 + 2 p`` its X card."""


@cache
def _piles(players: int) -> tuple[Pile, ...]:
    """GG-CHANCE-2: the deal's parts in the order it offers them. A position's cards (and X card)
    are seen by its seat, a dummy's face-up cards by everyone."""
    piles = [Pile("garden", None, len(RING), None), Pile("track", None, len(SUITS), None)]
    for pos in range(4):
        player = players == 4 or pos < 2
        seen_by = (pos,) if player else None
        piles += [Pile("cards", pos, _HAND if player else _DOWN, seen_by), Pile("x-cards", pos, 1, seen_by)]
    return (*piles, Pile("start", None, 1, None))


def _dealing(players: int, options: Options) -> Dealing:
    """The opening deal (GG-CHANCE-2): the garden hex by hex in board order, the track strongest
    first, then every position's cards and X card (taken for any position, in any order), then
    the first leader. What only one item fits is filled in without asking, and so is the last
    hand of a four-player deal (the cards no other hand took)."""
    leaders = 4 if options.first_leader == "any_position" else players

    def offer(i: int, dealing: Dealing) -> tuple[tuple[str, int], ...]:  # what goes to no position
        if i == _GARDEN:
            return garden_weights(tuple(_COLOUR_BY_NAME[c] for c in dealing.filled[i]), options.setup_clump)
        if i == _TRACK:
            return _ones(c.value for c in SUITS if c.value not in dealing.filled[i])
        return _ones(_position(p) for p in range(leaders))

    def forced(i: int, dealing: Dealing) -> Sequence[str]:
        pile = dealing.piles[i]
        if pile.pool == "cards" and pile.seen_by is not None \
                and dealing.left("cards") == pile.size - len(dealing.filled[i]):
            return tuple(item for item, _ in dealing.weights(i))  # the last hand of four
        return only(i, dealing)  # the only item that fits

    decks = {"cards": Counter(_NUMBERED_NAMES), "x-cards": Counter(_X_NAMES)}
    return Dealing(_piles(players), decks, offer, forced)


def deal(players: int, options: Options, entered: tuple[Outcome, ...]) -> Need | State:
    """The opening deal (GG-CHANCE-2): the next Need, or the canonical initial state."""
    dealing = _dealing(players, options)
    need = dealing.run(entered)
    if need is not None:
        return need
    filled = dealing.filled
    numbered = [[_CARD_BY_NAME[c] for c in filled[2 + 2 * pos]] for pos in range(4)]
    unseen = sorted(set(_NUMBERED) - {c for hand in numbered for c in hand}, key=_ORDER.__getitem__)
    hands = []
    for pos in range(4):
        x = _CARD_BY_NAME[filled[3 + 2 * pos][0]]
        if players == 4 or pos < 2:  # a hand is a set: its cards may be entered in any order
            hands.append((*sorted(numbered[pos], key=_ORDER.__getitem__), x))
        else:  # a dummy: face-down cards (the unseen ones, in order), face-up cards, X (Setup's order)
            hands.append((*unseen[:_DOWN], *numbered[pos], x))
            unseen = unseen[_DOWN:]
    garden = [_COLOUR_BY_NAME[c] for c in filled[_GARDEN]]
    setup = Setup(layout=(*garden[:CENTER], Colour.WHITE, *garden[CENTER:]),
                  track=tuple(_COLOUR_BY_NAME[c] for c in filled[_TRACK]),
                  start=int(filled[_START][0].rpartition("-")[2]), hands=tuple(hands))
    return canonical(new_game(players, 0, options=options, setup=setup))


# -- a move: face-down dummy cards turning face up (GG-CHANCE-3) ---------------------------------

def _face_down(state: State) -> list[tuple[int, int]]:
    """The (position, pile) of every face-down dummy card, in order."""
    return [(pos, i) for pos in range(4) for i, (down, _) in enumerate(state.piles[pos]) if down is not None]


def _down(state: State, where: tuple[int, int]) -> Card:
    """The face-down card at ``where`` (a place :func:`_face_down` lists)."""
    card = state.piles[where[0]][where[1]][0]
    assert card is not None
    return card


def _uncovered(before: State, after: State) -> list[tuple[int, int]]:
    """The face-down cards of ``before`` that are face up (or gone) in ``after``, in order."""
    return [(pos, i) for pos, i in _face_down(before) if after.piles[pos][i][0] is None]


def _with_down(state: State, where: tuple[int, int], card: Card) -> State:
    """``state`` with ``card`` face down at ``where``, swapped with the face-down card there."""
    piles = [list(p) for p in state.piles]
    here = next((pos, i) for pos, i in _face_down(state) if state.piles[pos][i][0] is card)
    old = piles[where[0]][where[1]][0]
    piles[here[0]][here[1]] = (old, piles[here[0]][here[1]][1])
    piles[where[0]][where[1]] = (card, piles[where[0]][where[1]][1])
    return attrs.evolve(state, piles=tuple(tuple(p) for p in piles))


def _probe(state: State, action: object, feed: Feed) -> Need | State:
    """``state`` with the face-down cards ``action`` uncovers swapped into place, one by one,
    from ``feed`` (a probe: the rules draw nothing else); or the Need of the next one. The
    cards still face down are weighed alike: each is any unseen card (GG-2P-5)."""
    placed: list[tuple[int, int]] = []  # the uncovered places already holding an entered card
    for where in _uncovered(state, apply(state, action)):
        left = _ones(card_name(_down(state, at)) for at in _face_down(state) if at not in placed)
        got = feed.take("cards", left, None)
        if isinstance(got, Need):
            return got
        state = _with_down(state, where, _CARD_BY_NAME[got])
        placed.append(where)
    return state


def arranged(state: State, action: object, entered: tuple[Outcome, ...]) -> State:
    """A state in which the plain rules reveal exactly ``entered`` for ``action`` (the core
    reports a move's events from it)."""
    got = _probe(state, action, Feed(entered))
    assert type(got) is State
    return got


def step(state: State, action: object, entered: tuple[Outcome, ...]) -> Need | State:
    """The move ``action`` from the canonical ``state``: the Need of the next face-down card it
    uncovers, or the canonical state after it (GG-CHANCE-3). The earlier uncovered cards are
    swapped into place in turn (a probe), so the later ones are weighed without them."""
    feed = Feed(entered)
    got = _probe(state, action, feed)
    if isinstance(got, Need):
        return got
    feed.done()
    return canonical(apply(got, action))


def reveals(before: State | None, action: object, after: State) -> tuple[Outcome, ...]:
    """What the seeded step ``before -> after`` revealed, in the order :func:`step` and
    :func:`deal` ask for it (``before`` None: the opening deal of ``after``)."""
    if before is None:
        return _dealing(after.players, after.options).truth(_deal_truth(after))
    truth = tuple(Outcome("cards", card_name(_down(before, at))) for at in _uncovered(before, after))
    feed = Feed(truth, full=True)
    _probe(before, action, feed)
    return tuple(feed.asked)


def _deal_truth(state: State) -> list[list[str]]:
    """The cards of each pile of ``state``'s deal (:func:`_piles`), in the deal's order."""
    piles = [[state.layout[h].value for h in RING], [c.value for c in state.track]]
    for pos in range(4):
        if state.players == 4 or pos < 2:
            piles.append([card_name(c) for c in state.hands[pos] if not c.is_x])
            piles.append([card_name(c) for c in state.hands[pos] if c.is_x])
        else:
            piles.append([card_name(up) for _, up in state.piles[pos] if up is not None])
            piles.append([card_name(c) for c in state.hands[pos]])
    piles.append([_position(state.leader)])
    return piles


def canonical(state: State) -> State:
    """``state`` with the face-down dummy cards sorted pile by pile and the generator Rng(0)
    (GG-CHANCE-1): nothing else is unseen."""
    where = _face_down(state)
    cards = sorted((_down(state, at) for at in where), key=_ORDER.__getitem__)
    piles = [list(p) for p in state.piles]
    for (pos, i), card in zip(where, cards, strict=True):
        piles[pos][i] = (card, piles[pos][i][1])
    return attrs.evolve(state, piles=tuple(tuple(p) for p in piles), rng=_RNG)


_RNG = Rng(0)
