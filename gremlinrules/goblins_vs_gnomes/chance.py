"""Goblins vs Gnomes' chance model: what is random, for the external-chance mode (issue 18).

See :mod:`gremlinrules.core.chance` for the mode and the four names every model defines.
Chance acts at each round's deal and whenever the table learns something nobody knew
(GVG-CHANCE-1), from three pools:

* ``roles``: the deal's role cards, offered seat by seat, each seen by its seat (GVG-CHANCE-2);
* ``deck``: the path cards, named by design: the deal's hands, offered seat by seat, three each
  (seen by that seat), and each card drawn from the top of the deck while
  nobody has seen it, seen by the drawer (GVG-CHANCE-3). A card a player put under the deck
  is known to that player, so drawing it is no chance decision;
* ``targets``: gold, dynamite or dragon, when a Map looks at a target nobody has seen (seen by
  the player) or the route opens one (seen by everyone) (GVG-CHANCE-4).

A deal's role and path cards are taken for any seat, in any order, an outcome naming its seat
(round the table, ``chance_tools.Dealing``).

A move's outcomes come in the order the table sees them: a Map's look, the targets opened in
turn (at once when the card is laid, GVG-TARGET-1), the card drawn, then the next round's deal
when the move ends a round; a move that ends the round and deals the next asks for no card
drawn (nobody draws at the table, and any card gives the same redealt state). An outcome nothing else
could be is filled in without asking. The canonical state holds the deck's unseen cards
sorted, in the places of unseen cards, the unseen targets sorted over their slots, and the
generator ``Rng(0)``.

The model finds a move's outcomes by probing: a Map's look and the card drawn are known from
the action and the state; the targets a move opens are found by applying it with the plain
rules to the canonical state with the outcomes entered so far swapped into the places revealed
before (a second target opens only after the Dynamite, so what opens next depends only on what
opened before). A new round's deal, which the plain rules draw from the generator, is replaced
by the deal the outcomes give (:func:`.setup.deal_round` with a stacked ``Setup``).
"""

from __future__ import annotations

from collections import Counter
from math import gcd
from typing import Any

from gremlinrules.core.chance import Need
from gremlinrules.core.chance import Outcome
from gremlinrules.core.chance_tools import Dealing
from gremlinrules.core.chance_tools import Feed
from gremlinrules.core.chance_tools import hands
from gremlinrules.core.chance_tools import only
from gremlinrules.core.chance_tools import weights
from gremlinrules.core.errors import InvalidArgumentError
from gremlinrules.core.errors import shown
from gremlinrules.core.rng import Rng
from gremlinrules.goblins_vs_gnomes.actions import SLOT_INDEX
from gremlinrules.goblins_vs_gnomes.actions import OpenTarget
from gremlinrules.goblins_vs_gnomes.actions import Place
from gremlinrules.goblins_vs_gnomes.actions import PlayExplosion
from gremlinrules.goblins_vs_gnomes.actions import PlayMap
from gremlinrules.goblins_vs_gnomes.actions import PlayPotion
from gremlinrules.goblins_vs_gnomes.actions import Swap
from gremlinrules.goblins_vs_gnomes.events import CardDrawn
from gremlinrules.goblins_vs_gnomes.events import Dealt
from gremlinrules.goblins_vs_gnomes.events import TargetOpened
from gremlinrules.goblins_vs_gnomes.events import dealt
from gremlinrules.goblins_vs_gnomes.fast import apply
from gremlinrules.goblins_vs_gnomes.geometry import options_kit
from gremlinrules.goblins_vs_gnomes.rules import apply_with_events
from gremlinrules.goblins_vs_gnomes.setup import HAND
from gremlinrules.goblins_vs_gnomes.setup import deal_round
from gremlinrules.goblins_vs_gnomes.setup import goblin_count
from gremlinrules.goblins_vs_gnomes.setup import new_game
from gremlinrules.goblins_vs_gnomes.state import TARGETS
from gremlinrules.goblins_vs_gnomes.state import Options
from gremlinrules.goblins_vs_gnomes.state import Phase
from gremlinrules.goblins_vs_gnomes.state import Setup
from gremlinrules.goblins_vs_gnomes.state import State
from gremlinrules.goblins_vs_gnomes.state import evolve

__all__ = ["POOLS", "UNSEEN_NOTE", "UNSEEN_POOLS", "arranged", "canonical", "deal", "designs", "events",
           "outcome_bound", "reveals", "step"]

POOLS = ("roles", "deck", "targets")
"""The random pools: the role cards, the path cards and the target cards."""
UNSEEN_POOLS: frozenset[str] = frozenset()
"""GVG-CHANCE-5: no outcome may be entered unseen."""
UNSEEN_NOTE = ("a pass needs a hand with no card that can be played, a role card decides a round, and a "
               "Potion passes a role card on, so a placeholder could decide what the table sees: every card "
               "is entered (GVG-CHANCE-5)")

_RNG = Rng(0)
"""The generator of every canonical state: an external-chance game never draws from it."""

Weights = tuple[tuple[str, int], ...]


def designs(players: int, options: Options) -> dict[str, frozenset[str]]:
    """GVG-CHANCE-1: the items of each pool (the kit's role cards and path-card designs)."""
    del players
    kit = options_kit(options)
    return {"roles": frozenset(kit.race), "deck": frozenset(kit.deck), "targets": frozenset(TARGETS)}


def outcome_bound(players: int, options: Options) -> int:
    """The most outcomes one chance decision offers: every role card or path-card design."""
    del players
    kit = options_kit(options)
    return max(len(kit.race), len(set(kit.deck)), len(TARGETS))


# -- a round's deal (GVG-CHANCE-2) --------------------------------------------------------------

def role_weights(players: int, options: Options, dealt: tuple[str, ...]) -> Weights:
    """The next seat's role card after ``dealt`` (the earlier seats'): the deal is uniform over
    the ways to give the seats distinct role cards with exactly ``goblin_count`` Goblins
    (GVG-SETUP-3). The next seat is a Goblin with chance (Goblins left to deal) / (seats left),
    then any free Goblin card alike (likewise a Gnome), so a free Goblin card weighs
    ``goblins_left * free_gnomes`` and a free Gnome card ``gnomes_left * free_goblins`` (each
    chance times seats left, free Goblins and free Gnomes), divided by their common factor."""
    race = options_kit(options).race
    goblins_left = goblin_count(players) - sum(race[r] == "goblin" for r in dealt)
    gnomes_left = players - len(dealt) - goblins_left
    free = [r for r in sorted(race) if r not in dealt]
    free_goblins = sum(race[r] == "goblin" for r in free)
    free_gnomes = len(free) - free_goblins
    goblin_weight = goblins_left * (free_gnomes if gnomes_left else 1)
    gnome_weight = gnomes_left * (free_goblins if goblins_left else 1)
    common = gcd(goblin_weight, gnome_weight)
    return tuple((r, w // common) for r in free
                 if (w := goblin_weight if race[r] == "goblin" else gnome_weight))


def _dealing(players: int, options: Options) -> Dealing:
    """A round's deal (GVG-CHANCE-2): every seat's role card, then every seat's three path cards,
    each seen by its seat; it offers them seat by seat and takes them for any seat, in any order
    (round the table). An outcome nothing else could be is filled in without asking."""
    piles = (*hands("roles", players, 1), *hands("deck", players, HAND))

    def offer(_: int, dealing: Dealing) -> Weights:  # the role cards (the path cards are a deck)
        return role_weights(players, options, tuple(r for pile in dealing.filled[:players] for r in pile))

    return Dealing(piles, {"deck": Counter(options_kit(options).deck)}, offer, only)


def _deal_walk(players: int, options: Options,
               entered: tuple[Outcome, ...]) -> Need | tuple[tuple[str, ...], tuple[tuple[str, ...], ...]]:
    """A round's deal from ``entered``: the first Need nothing answers, or (roles, hands)."""
    dealing = _dealing(players, options)
    need = dealing.run(entered)
    if need is not None:
        return need
    filled = dealing.filled
    return (tuple(pile[0] for pile in filled[:players]),
            tuple(tuple(sorted(pile)) for pile in filled[players:]))


def _stacked(players: int, options: Options, roles: tuple[str, ...],
             hands: tuple[tuple[str, ...], ...]) -> Setup:
    """The deal as a Setup: the hands on top of the deck, the unseen cards and targets sorted."""
    rest = Counter(options_kit(options).deck) - Counter(c for h in hands for c in h)
    deck = (*(c for h in hands for c in h), *sorted(rest.elements()))
    return Setup(roles=roles, targets=tuple(sorted(TARGETS)), deck=deck)


def deal(players: int, options: Options, entered: tuple[Outcome, ...]) -> Need | State:
    """The first round's deal (GVG-CHANCE-2): the next Need, or the canonical initial state.
    The first player is the table's choice (the longest beard), seat 0, not chance."""
    got = _deal_walk(players, options, entered)
    if isinstance(got, Need):
        return got
    return canonical(new_game(players, 0, options=options, setup=_stacked(players, options, *got)))


# -- a move --------------------------------------------------------------------------------------

_Site = tuple[str, int, tuple[int, ...] | None]
"""A place a move reveals: ("deck", position, seen_by) or ("targets", slot, seen_by)."""


def _unseen_slots(state: State) -> list[int]:
    """The target slots nobody has seen: face down and looked at by no Map."""
    peeked = {slot for _, slot in state.peeks}
    return [i for i in range(len(state.targets)) if not state.opened[i] and i not in peeked]


def _unseen_places(state: State) -> list[int]:
    """The deck positions of the cards nobody has seen (no seat put them there)."""
    return [i for i, who in enumerate(state.deck_owner) if who < 0]


_DRAWING = frozenset({Place, PlayMap, PlayExplosion, PlayPotion, Swap})
"""The plays after which the player draws the deck's top card (GVG-TURN-2, GVG-TURN-4)."""


def _looks(state: State, action: Any) -> list[_Site]:
    """What ``action`` reveals before any target opens: a Map's look at a target nobody has seen."""
    if type(action) is PlayMap and SLOT_INDEX[action.target] in _unseen_slots(state):
        return [("targets", SLOT_INDEX[action.target], (state.turn,))]
    return []


def _draws(state: State, action: Any) -> list[_Site]:
    """The card ``action`` draws, if nobody has seen it. It is revealed after the targets the
    move opens (a target opens at once when the card is laid, GVG-TARGET-1), and only when the
    move does not end the round: then the deck is dealt anew and nobody draws (GVG-CHANCE-1)."""
    if type(action) in _DRAWING and state.deck and state.deck_owner[0] < 0:
        return [("deck", 0, (state.turn,))]
    return []


def _opened(state: State, action: Any, after: State) -> list[_Site]:
    """The targets nobody had seen that ``action`` opens, in turn (GVG-TARGET-1 to GVG-TARGET-3)."""
    if type(action) is not Place and type(action) is not OpenTarget:
        return []
    unseen = _unseen_slots(state)
    if after.round == state.round:
        new = sorted((i for i in unseen if after.opened[i]), key=lambda i: state.targets[i] != "dynamite")
    else:  # the round ended and the field is dealt anew: the events retrace the opening
        events = apply_with_events(state, action)[1]
        new = [SLOT_INDEX[e.target] for e in events if type(e) is TargetOpened
               and SLOT_INDEX[e.target] in unseen]
    return [("targets", i, None) for i in new]


def _item(state: State, site: _Site) -> str:
    pool, where, _ = site
    return state.deck[where] if pool == "deck" else state.targets[where]


def _places(state: State, pool: str) -> list[int]:
    return _unseen_places(state) if pool == "deck" else _unseen_slots(state)


def _put(state: State, site: _Site, item: str, fixed: list[_Site]) -> State:
    """``state`` with ``item`` at ``site``, swapped with an unseen place (not ``fixed``) holding it."""
    pool, where, _ = site
    taken = {w for p, w, _ in fixed if p == pool}
    values = list(state.deck if pool == "deck" else state.targets)
    here = next((i for i in _places(state, pool) if i not in taken and values[i] == item), None)
    if here is None:  # pragma: no cover (the Feed offers only items at such places)
        raise InvalidArgumentError(f"{shown(item)} is not among the unseen {pool}")
    values[here], values[where] = values[where], values[here]
    return evolve(state, deck=tuple(values)) if pool == "deck" else evolve(state, targets=tuple(values))


def _reveal(state: State, site: _Site, fixed: list[_Site], feed: Feed) -> Need | State:
    """``state`` with the next outcome of ``feed`` at ``site`` (noted in ``fixed``), or the Need
    of it: any unseen item of the pool not already placed, weighed by its copies."""
    taken = {w for p, w, _ in fixed if p == site[0]}
    left = [_item(state, (site[0], w, None)) for w in _places(state, site[0]) if w not in taken]
    seat = site[2][0] if site[0] == "deck" and site[2] else None  # a card drawn goes to a hand
    got = feed.take(site[0], weights(left), site[2], seat)
    if isinstance(got, Need):
        return got
    state = _put(state, site, got, fixed)
    fixed.append(site)
    return state


def _probe(state: State, action: Any, feed: Feed) -> Need | tuple[State, State]:
    """``state`` with the places ``action`` reveals holding the outcomes of ``feed`` in turn, and
    the state after the move; or the Need of the next outcome. The targets a move opens are
    found by applying it to the state arranged so far, one at a time: whether a second opens
    depends on what the first was, and on nothing after it (nor on the card drawn, which only
    goes to the drawer's hand). The card drawn comes last, and not at all when the move ends the
    round and the next is dealt: whatever card it were, the redeal gives the same state."""
    fixed: list[_Site] = []
    for site in _looks(state, action):
        got = _reveal(state, site, fixed, feed)
        if isinstance(got, Need):
            return got
        state = got
    opened = 0
    while True:
        after = apply(state, action)
        sites = _opened(state, action, after)
        if len(sites) == opened:
            break
        got = _reveal(state, sites[opened], fixed, feed)
        if isinstance(got, Need):
            return got
        state = got
        opened += 1
    if _redealt(state, after):
        return state, after
    for site in _draws(state, action):
        got = _reveal(state, site, fixed, feed)
        if isinstance(got, Need):
            return got
        state = got
        after = apply(state, action)
    return state, after


def _redealt(before: State, after: State) -> bool:
    return after.round != before.round and after.phase is Phase.PLAY


def arranged(state: State, action: Any, entered: tuple[Outcome, ...]) -> State:
    """A state in which the plain rules reveal exactly ``entered`` for ``action``, up to the
    next round's deal (the core reports a move's events from it)."""
    got = _probe(state, action, Feed(entered))
    assert not isinstance(got, Need)
    return got[0]


_LAST_MOVE: list[tuple[State, Any, tuple[Outcome, ...], State]] = []
"""The last move probed to its end: (state, action, the outcomes it used, the state after). A
move that ends a round is asked again for each outcome of the next deal; this one entry
spares probing it again each time."""


def _move(state: State, action: Any, entered: tuple[Outcome, ...]) -> Need | tuple[State, int]:
    """The state after ``action`` with the first of ``entered`` revealed, and how many it used;
    or the Need of the move's next outcome."""
    if _LAST_MOVE:
        was, done, used, after = _LAST_MOVE[0]
        if (was is state or was == state) and done == action and entered[:len(used)] == used:
            return after, len(used)
    feed = Feed(entered)
    got = _probe(state, action, feed)
    if isinstance(got, Need):
        return got
    _LAST_MOVE[:] = [(state, action, entered[:feed.used], got[1])]
    return got[1], feed.used


def events(state: State, action: Any, entered: tuple[Outcome, ...]) -> tuple[Any, ...]:
    """The events of ``action`` once ``entered`` are all its outcomes: those of the plain rules
    on the :func:`arranged` state; when the move ends the round and the next is dealt, without
    the plain rules' ``CardDrawn`` (the round is over before anyone draws, GVG-CHANCE-1) and
    with the entered deal's ``Dealt`` events (the plain rules would deal the next round from the
    canonical generator)."""
    after = step(state, action, entered)
    assert isinstance(after, State)
    _, found = apply_with_events(arranged(state, action, entered), action)
    if not _redealt(state, after):
        return found
    return (*(e for e in found if type(e) is not Dealt and type(e) is not CardDrawn), *dealt(after))


def step(state: State, action: Any, entered: tuple[Outcome, ...]) -> Need | State:
    """The move ``action`` from the canonical ``state``: its next Need, or the canonical state
    after it (GVG-CHANCE-3, GVG-CHANCE-4); a move that ends a round asks for the next round's
    deal last (GVG-CHANCE-2)."""
    got = _move(state, action, entered)
    if isinstance(got, Need):
        return got
    after, used = got
    if not _redealt(state, after):
        if used != len(entered):
            raise InvalidArgumentError(f"{shown(action)} reveals {used} outcomes, not {len(entered)}")
        return canonical(after)
    n, options = after.players, after.options
    dealt = _deal_walk(n, options, entered[used:])
    if isinstance(dealt, Need):
        return dealt
    return canonical(deal_round(n, options, _RNG, after.points, after.round, after.round_starter,
                                _stacked(n, options, *dealt), after.last_roles, after.last_result))


def reveals(before: State | None, action: Any, after: State) -> tuple[Outcome, ...]:
    """What the seeded step ``before -> after`` revealed, in the order :func:`step` and
    :func:`deal` ask for it (``before`` None: the first round's deal of ``after``)."""
    truth: list[Outcome] = []
    if before is not None:
        sites = _looks(before, action) + _opened(before, action, after)
        if not _redealt(before, after):
            sites += _draws(before, action)
        feed = Feed([Outcome(site[0], _item(before, site)) for site in sites], full=True)
        _probe(before, action, feed)
        truth += feed.asked
    if before is None or _redealt(before, after):
        piles = [[role] for role in after.roles] + [list(hand) for hand in after.hands]
        truth += _dealing(after.players, after.options).truth(piles)
    return tuple(truth)


def canonical(state: State) -> State:
    """``state`` with the deck's unseen cards sorted over their places, the unseen targets sorted
    over their slots and the generator ``Rng(0)`` (GVG-CHANCE-1); every view is unchanged."""
    places = _unseen_places(state)
    deck = list(state.deck)
    for i, card in zip(places, sorted(deck[i] for i in places), strict=True):
        deck[i] = card
    slots = _unseen_slots(state)
    targets = list(state.targets)
    for i, card in zip(slots, sorted(targets[i] for i in slots), strict=True):
        targets[i] = card
    return evolve(state, deck=tuple(deck), targets=tuple(targets), rng=_RNG)
