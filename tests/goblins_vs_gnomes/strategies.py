"""Shared builders and Hypothesis strategies for the Goblins vs Gnomes tests."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from collections.abc import Sequence

import attrs
from hypothesis import strategies as st

from gremlinrules import goblins_vs_gnomes as gvg
from gremlinrules.core.rng import Rng
from gremlinrules.goblins_vs_gnomes import Options
from gremlinrules.goblins_vs_gnomes import Place
from gremlinrules.goblins_vs_gnomes import Setup
from gremlinrules.goblins_vs_gnomes import State
from gremlinrules.goblins_vs_gnomes import Tile
from gremlinrules.goblins_vs_gnomes.components import _as_data
from gremlinrules.goblins_vs_gnomes.components import parse_components

REFERENCE_DECK: tuple[str, ...] = gvg.REFERENCE.deck
ROLES_4 = ("pedant", "demolitionist", "greedy-one", "jeweller")
"""A 4-player role deal: seats 1 and 2 are Goblins."""
ROLES_3 = ("jeweller", "king", "greedy-one")
"""A 3-player role deal: seat 2 is the Goblin."""
FILLER = ("passage-bend-es", "passage-bend-sw", "cave-in-cross", "passage-t-ew", "passage-t-ns")


def stacked_deck(players: int, plays: Sequence[tuple[int, str]], first: int = 0,
                 extra: dict[int, Sequence[str]] | None = None,
                 avoid: Sequence[str] = ("map", "explosion", "potion")) -> tuple[str, ...]:
    """A full deck so that each seat holds the cards it plays, in turn order.

    ``plays`` lists (seat, card) in the order the cards are played, one play per
    turn; ``extra`` adds cards a seat should hold from the start. Every other
    card comes after, with ``avoid`` kinds dealt last (so fillers are tunnel cards).
    """
    pool = Counter(REFERENCE_DECK)
    need: dict[int, list[str]] = {s: [c for t, c in plays if t == s] for s in range(players)}
    hands: list[list[str]] = []
    for s in range(players):
        h = list((extra or {}).get(s, ())) + need[s][:3]
        hands.append(h[:3])
    for h in hands:
        for c in h:
            pool[c] -= 1
    draws: list[str | None] = []
    count = dict.fromkeys(range(players), 0)
    for seat, _ in plays:
        count[seat] += 1
        k = count[seat] + 2  # after its k-th play the seat draws its (k+3)-th needed card
        card = need[seat][k] if k < len(need[seat]) else None
        if card is not None:
            pool[card] -= 1
        draws.append(card)
    if any(v < 0 for v in pool.values()):
        raise ValueError("more copies needed than the deck holds")
    rest = sorted(pool.elements(), key=lambda c: (gvg.geometry.KIND[c] in avoid, c))
    it = iter(rest)
    for h in hands:
        while len(h) < 3:
            h.append(next(it))
    filled = [d if d is not None else next(it) for d in draws]
    deck = [c for h in hands for c in h] + filled + list(it)
    assert Counter(deck) == Counter(REFERENCE_DECK)
    return tuple(deck)


def new(players: int = 3, plays: Sequence[tuple[int, str]] = (), *, roles: tuple[str, ...] | None = None,
        targets: tuple[str, ...] = ("dragon", "gold", "dynamite"), first: int = 0,
        options: Options | None = None, extra: dict[int, Sequence[str]] | None = None,
        seed: int = 0) -> State:
    """A new game with a stacked first round."""
    if roles is None:
        roles = ROLES_3 if players == 3 else ROLES_4 if players == 4 else None
    deck = stacked_deck(players, plays, first, extra)
    return gvg.new_game(players, seed, options=options,
                        setup=Setup(roles=roles, targets=targets, deck=deck, first_player=first))


def lay(state: State, card: str, x: int, y: int, rotated: bool = False) -> State:
    """The turn owner lays ``card`` on (x, y)."""
    return gvg.apply(state, Place(card, x, y, rotated))


def with_field(state: State, tiles: Sequence[tuple[int, int, str, bool]]) -> State:
    """``state`` with these cards moved from the deck onto the field (conserving cards)."""
    deck = list(state.deck)
    owner = list(state.deck_owner)
    hands = [list(h) for h in state.hands]
    wanted = Counter(t[2] for t in tiles)
    field = list(state.field)
    for x, y, card, rot in tiles:
        wanted[card] -= 1
        if card not in deck:  # take it from a hand, which gets a card nobody asked for
            seat = next(s for s, h in enumerate(hands) if card in h)
            j = next(i for i, c in enumerate(deck) if wanted[c] <= 0 and c != card)
            hands[seat].remove(card)
            hands[seat].append(deck[j])
            deck[j] = card
        i = deck.index(card)
        del deck[i]
        del owner[i]
        field.append(Tile(x, y, card, rot))
    field.sort(key=lambda t: (t.y, t.x))
    out = attrs.evolve(state, deck=tuple(deck), deck_owner=tuple(owner), field=tuple(field),
                       hands=tuple(tuple(sorted(h)) for h in hands))
    gvg.check_state(out)
    return out


def with_hand(state: State, seat: int, cards: Sequence[str]) -> State:
    """``state`` with ``seat``'s hand swapped for ``cards`` taken from the deck."""
    deck = list(state.deck) + list(state.hands[seat])
    hands = [list(h) for h in state.hands]
    hands[seat] = []
    wanted = Counter(cards)
    for c in cards:
        wanted[c] -= 1
        if c not in deck:  # take it from another hand, which gets a card nobody asked for
            other = next(s for s, h in enumerate(hands) if c in h)
            j = next(i for i, d in enumerate(deck) if wanted[d] <= 0 and d != c)
            hands[other].remove(c)
            hands[other].append(deck[j])
            deck[j] = c
        deck.remove(c)
    hands[seat] = list(cards)
    out = attrs.evolve(state, hands=tuple(tuple(sorted(h)) for h in hands), deck=tuple(deck),
                       deck_owner=tuple(-1 for _ in deck))
    gvg.check_state(out)
    return out


def playout(players: int, seed: int, options: Options | None = None,
            limit: int | None = None) -> Iterator[tuple[State, object]]:
    """Random legal play from ``new_game(players, seed)``: yields (state, action chosen)."""
    state = gvg.new_game(players, seed, options=options)
    rng = Rng.from_seed(seed ^ 0x5EED)
    steps = 0
    while not gvg.is_terminal(state) and (limit is None or steps < limit):
        action, rng = rng.choice(gvg.legal_actions(state))
        yield state, action
        state = gvg.apply(state, action)
        steps += 1
    yield state, None


player_counts = st.integers(min_value=3, max_value=8)
seeds = st.integers(min_value=0, max_value=2**32)
options = st.builds(Options, advanced_roles=st.booleans(), rotation=st.booleans(),
                    no_target=st.sampled_from(("none-opened", "no-gold-or-dragon")),
                    second_target=st.sampled_from(("opens", "may_open")))


def final(players: int, seed: int, options: Options | None = None, limit: int | None = None) -> State:
    """The last state of :func:`playout`."""
    state = None
    for state, _ in playout(players, seed, options, limit):  # noqa: B007  (we want the last one)
        pass
    assert state is not None
    return state


_SIDES = "NESW"


@st.composite
def component_sets(draw: st.DrawFn) -> gvg.Components:
    """A valid component set unlike the reference: some tunnel shapes redrawn, a count moved from
    one design to another, the table's bounds changed (GVG-COMP-7)."""
    data = _as_data(gvg.REFERENCE)
    designs = data["design"]
    field = [d for d in designs if d["kind"] not in ("map", "explosion", "potion")]
    for d in draw(st.lists(st.sampled_from(field), max_size=4, unique_by=lambda d: d["name"])):
        sides = draw(st.lists(st.sampled_from(_SIDES), min_size=1, max_size=4, unique=True))
        d["edges"] = "".join(s for s in _SIDES if s in sides)
    if draw(st.booleans()):
        giver = draw(st.sampled_from([d for d in designs if d["count"] > 1]))
        taker = draw(st.sampled_from(designs))
        giver["count"] -= 1
        taker["count"] += 1
    table = data["table"]
    table["min_x"] = draw(st.integers(-5, 0))
    table["max_x"] = draw(st.integers(8, 13))
    table["min_y"] = draw(st.integers(-7, -2))
    table["max_y"] = draw(st.integers(2, 7))
    return parse_components(data)


any_options = st.builds(
    Options, advanced_roles=st.booleans(), rotation=st.booleans(), bounded=st.booleans(),
    swap_limit=st.integers(0, 4), round_limit=st.integers(1, 3),
    no_target=st.sampled_from(("none-opened", "no-gold-or-dragon")),
    name_self=st.booleans(), rotate_first_player=st.booleans(),
    second_target=st.sampled_from(("opens", "may_open")),
    components=st.none() | component_sets(),
)
"""Every option field drawn, a user's component set included (short matches: 1 to 3 rounds)."""
