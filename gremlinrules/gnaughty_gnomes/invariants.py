"""The state's invariants (GG-INV-1): what every reachable state satisfies.

Used by ``check_state`` (so a state decoded from JSON is one the rules can
continue from) and by the property tests. Beyond each field's shape, the check
replays what the state records: every card is in one zone and each position
holds nine minus the cards it played (one a trick, GG-SETUP-2); each position
was dealt one X card (GG-SETUP-3) and a dummy's piles hold none (GG-2P-2); each
finished trick was played clockwise from its leader (GG-SEAT-1, GG-PLAY-1), led by
the previous trick's loser (GG-CLEAN-3), and the track moved after each as the
winning card says (GG-CLEAN-1): some starting order of the track must lead
through every finished trick to the track the state holds. Each position placed
at most one gnome a trick, and each team's score lies between the tricks it won
(GG-PLACE-1) and that plus the most its placements can score (GG-SCORE-1).
Each problem names the field it is found in.
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import chain
from itertools import permutations
from typing import Any

from gremlinrules.core.cache import BoundedCache
from gremlinrules.core.checks import check_players
from gremlinrules.core.checks import check_type
from gremlinrules.core.checks import is_int
from gremlinrules.core.errors import InvalidArgumentError
from gremlinrules.core.errors import listed
from gremlinrules.core.invariants import Gate
from gremlinrules.core.invariants import Invariant
from gremlinrules.core.invariants import broken
from gremlinrules.core.invariants import holds
from gremlinrules.core.rng import Rng
from gremlinrules.core.zones import seats_from
from gremlinrules.gnaughty_gnomes.board import CENTER
from gremlinrules.gnaughty_gnomes.board import N_SPOTS
from gremlinrules.gnaughty_gnomes.components import CARDS
from gremlinrules.gnaughty_gnomes.components import REFERENCE
from gremlinrules.gnaughty_gnomes.components import SUITS
from gremlinrules.gnaughty_gnomes.components import Card
from gremlinrules.gnaughty_gnomes.components import Colour
from gremlinrules.gnaughty_gnomes.flow import placement_stack
from gremlinrules.gnaughty_gnomes.state import OPTION_CHOICES
from gremlinrules.gnaughty_gnomes.state import Phase
from gremlinrules.gnaughty_gnomes.state import Played
from gremlinrules.gnaughty_gnomes.state import State
from gremlinrules.gnaughty_gnomes.state import checked_options
from gremlinrules.gnaughty_gnomes.tables import PLAYED
from gremlinrules.gnaughty_gnomes.trick import rank_trick
from gremlinrules.gnaughty_gnomes.trick import track_after

__all__ = ["INVARIANTS", "all_cards", "check_state", "decision_bound", "problems"]

_ORDER = {c: i for i, c in enumerate(CARDS)}
_ALL = frozenset(CARDS)
_SUITS = sorted(SUITS)  # Colour is a str enum: sorted by value, in C
_GARDEN = sorted((*SUITS * REFERENCE.hexes_per_colour, Colour.WHITE))
_TRACKS = tuple(permutations(SUITS))
"""Every order the track can start in (GG-SETUP-5)."""
_HAND = REFERENCE.hand_size + 1
"""Cards dealt to each position: eight numbered and one X card."""
_MOST_PER_PLACEMENT = 3 * max(REFERENCE.track_values)
"""A gnome touches at most three coloured hexes, each worth at most the top track value."""
_STATE_MAX = (1 << 64) - 1
_ALL_SPOTS = 1 << N_SPOTS
"""A bitmask of spots is below this."""


def _unsorted(hand: tuple[Card, ...]) -> bool:
    order = list(map(_ORDER.__getitem__, hand))
    return order != sorted(order)


_INTERNED = frozenset(id(p) for records in PLAYED.values() for p in records)
"""The ids of the records ``apply`` and the JSON decoder use; they live as long as the module."""


def all_cards(state: State) -> list[Card]:
    """Every card in every zone: hands, dummy piles, the open trick, finished tricks."""
    cards = [c for h in state.hands for c in h]
    cards += [c for piles in state.piles for pile in piles for c in pile if c is not None]
    cards += [p.card for p in state.plays]
    cards += [p.card for t in state.history for p in t]
    return cards


def _played_ok(p: Played) -> bool:
    if id(p) in _INTERNED:  # one of the game's own records (all decoded and played cards are)
        return True
    if type(p) is not Played or type(p.card) is not Card or p.card not in _ALL:
        return False
    if not (is_int(p.position) and 0 <= p.position < 4) or type(p.high) is not bool:
        return False
    if p.card.is_x:
        return is_int(p.rank) and 1 <= p.rank <= 8
    return p.rank == p.card.rank and p.high is False


def _all_played_ok(records: Iterable[Played]) -> bool:
    records = tuple(records)
    return _INTERNED.issuperset(map(id, records)) or all(map(_played_ok, records))


def _tuple_of(value: object, kind: type) -> bool:
    """A tuple whose items are all exactly of type ``kind`` (so no bool passes for an int)."""
    return type(value) is tuple and (not value or set(map(type, value)) == {kind})


def _options_ok(state: State) -> bool:
    try:
        checked_options(state.options)
    except Exception:  # anything wrong with it gets the same answer
        return False
    return True


def _hands_ok(state: State) -> bool:
    hands = state.hands
    return (type(hands) is tuple and len(hands) == 4
            and all(_tuple_of(h, Card) and len(h) <= _HAND for h in hands))


def _piles_ok(state: State) -> bool:
    return type(state.piles) is tuple and len(state.piles) == 4 and all(
        type(row) is tuple and len(row) <= REFERENCE.dummy_face_down
        and all(type(pile) is tuple and len(pile) == 2 and all(c is None or type(c) is Card for c in pile)
                for pile in row) for row in state.piles)


def _team_gnomes_ok(state: State) -> bool:
    masks = state.team_gnomes
    return (_tuple_of(masks, int) and len(masks) == 2 and all(0 <= m < _ALL_SPOTS for m in masks)
            and not masks[0] & masks[1])


def _supply_ok(state: State) -> bool:
    supply = state.supply
    return (_tuple_of(supply, int) and len(supply) == 4
            and all(is_int(n) and 0 <= n <= REFERENCE.gnomes_per_seat for n in supply))


def _team_scores_ok(state: State) -> bool:
    scores = state.team_scores
    return _tuple_of(scores, int) and len(scores) == 2 and all(is_int(n) and n >= 0 for n in scores)


def _history_ok(state: State) -> bool:
    history = state.history
    return (type(history) is tuple and len(history) <= REFERENCE.tricks
            and all(type(t) is tuple and len(t) == 4 for t in history)
            and _all_played_ok(chain.from_iterable(history)))


def _rng_ok(state: State) -> bool:
    rng = state.rng
    return type(rng) is Rng and is_int(rng.state) and 0 <= rng.state <= _STATE_MAX


_SHAPE: tuple[Invariant[State], ...] = (
    holds("options", "GG-INV-1", _options_ok,
          f"options: not a complete Options (each of {sorted(OPTION_CHOICES)} one of its readings)"),
    holds("players", "GG-INV-1", lambda s: is_int(s.players) and s.players in (2, 4),
          "players: must be 2 or 4"),
    holds("layout", "GG-INV-1", lambda s: _tuple_of(s.layout, Colour) and len(s.layout) == 13,
          "layout: must be 13 colours"),
    holds("track", "GG-INV-1", lambda s: _tuple_of(s.track, Colour) and len(s.track) == 4,
          "track: must be four suits"),
    holds("hands", "GG-INV-1", _hands_ok,
          "hands: must be four tuples of at most nine cards"),
    holds("piles", "GG-INV-1", _piles_ok,
          "piles: must be four tuples of (face-down, face-up) card pairs"),
    holds("team gnomes", "GG-INV-1", _team_gnomes_ok,
          f"team_gnomes: must be two bitmasks of the {N_SPOTS} spots (one per team), none in both"),
    holds("supply", "GG-INV-1", _supply_ok,
          f"supply: must be 0-{REFERENCE.gnomes_per_seat} gnomes for each of four positions"),
    holds("team scores", "GG-INV-1", _team_scores_ok,
          "team_scores: must be two scores, never negative"),
    holds("trick", "GG-INV-1", lambda s: is_int(s.trick) and 0 <= s.trick <= REFERENCE.tricks,
          f"trick: must be 0 to {REFERENCE.tricks}"),
    holds("leader", "GG-INV-1", lambda s: is_int(s.leader) and 0 <= s.leader < 4,
          "leader: must be a position from 0 to 3"),
    holds("phase", "GG-INV-1", lambda s: isinstance(s.phase, Phase),
          "phase: must be play or over"),
    holds("plays", "GG-INV-1",
          lambda s: type(s.plays) is tuple and len(s.plays) <= 4 and _all_played_ok(s.plays),
          "plays: must be at most four well-formed played cards"),
    holds("order", "GG-INV-1", lambda s: _tuple_of(s.order, int) and len(s.order) <= 4,
          "order: must be at most four indices"),
    holds("flipped", "GG-INV-1", lambda s: _tuple_of(s.flipped, bool) and len(s.flipped) <= 4,
          "flipped: must be at most four flags"),
    holds("stack", "GG-INV-1", lambda s: type(s.stack) is tuple and len(s.stack) <= 4,
          "stack: must be at most four placement frames"),
    holds("history", "GG-INV-1", _history_ok,
          "history: must be at most eight finished tricks of four well-formed played cards"),
    # the other checks rely on the fields' types and sizes
    holds("rng", "GG-INV-1", _rng_ok,
          "rng: must be a generator with a 64-bit state", Gate.ALL),
)
"""The fields' types and sizes; the other checks rely on them."""


def problems(state: State) -> list[str]:
    """Every invariant the state breaks, as sentences naming the field; empty when consistent."""
    return broken(INVARIANTS, state)


def _cards_once(state: State) -> list[str]:
    """Every card once (GG-SETUP-2)."""
    cards = all_cards(state)
    if len(cards) != len(CARDS) or set(cards) != _ALL:
        return ["hands: the 36 cards are not each in exactly one zone (hands, piles, plays, history)"]
    return []


def _positions(state: State) -> list[str]:
    """Each position's count and X card; dummies' piles (GG-SETUP-2, GG-SETUP-3, GG-2P-2, GG-2P-4)."""
    out: list[str] = []
    dummies = (2, 3) if state.players == 2 else ()
    played_now = {p.position: p for p in state.plays}
    played: list[list[Card]] = [[], [], [], []]
    for record in chain(chain.from_iterable(state.history), state.plays):
        played[record.position].append(record.card)
    for pos in range(4):
        out += _position(state, pos, pos in dummies, played[pos], played_now.get(pos))
    return out


def _position(state: State, pos: int, dummy: bool, mine: list[Card], now: Played | None) -> list[str]:
    """What :func:`_positions` checks of one position, which played ``mine`` (``now`` this trick)."""
    row = state.piles[pos]
    if (len(row) == REFERENCE.dummy_face_down) != dummy or (not dummy and row):
        return [f"piles: position {pos} has the wrong dummy piles"]
    out: list[str] = []
    if dummy and any(not c.is_x for c in state.hands[pos]):
        out.append(f"hands: dummy position {pos} holds only its face-up X card")
    pile_cards = [c for pile in row for c in pile if c is not None] if row else []
    left = len(state.hands[pos]) + len(pile_cards)
    if left + len(mine) != _HAND or len(mine) != state.trick + (now is not None):
        out.append(f"hands: position {pos} holds {left} cards after playing {len(mine)}, "
                   f"not nine dealt and one played a trick")
    if sum(c.is_x for c in chain(state.hands[pos], pile_cards, mine)) != 1:
        out.append(f"hands: position {pos} was not dealt exactly one X card (GG-SETUP-3)")
    if any(c.is_x for c in pile_cards):
        out.append(f"piles: position {pos} has an X card in its piles (GG-2P-2)")
    if row and sum(1 for down, up in row if down is not None and up is None) > (
            1 if now is not None and not now.card.is_x else 0):
        out.append(f"piles: position {pos} has an uncovered face-down card that is not its card of "
                   "this trick's (it turns face up at clean-up, GG-2P-4)")
    return out


def _gnomes(state: State) -> list[str]:
    """Sixteen gnomes a team between garden and supply; one placement per position a trick
    (GG-SETUP-4, GG-PLACE-1)."""
    out: list[str] = []
    placed_now = 4 - len(state.stack) if state.stack else 0
    done_now = {state.plays[i].position for i in state.order[:placed_now]} if len(state.order) == 4 else set()
    for team in (0, 1):
        placed = state.team_gnomes[team].bit_count()
        left = state.supply[team] + state.supply[team + 2]
        if placed + left != 2 * REFERENCE.gnomes_per_seat:
            out.append(f"supply: team {team} has {placed} gnomes placed and {left} in supply, not 16")
    for pos in range(4):
        rounds = state.trick + (pos in done_now)
        if REFERENCE.gnomes_per_seat - state.supply[pos] > rounds:
            out.append(f"supply: position {pos} placed more gnomes than the {rounds} placements it had")
    return out


def _turn(state: State) -> list[str]:
    """The open trick, the placement frames and the phase agree (GG-PLAY-1, GG-PLACE-1, GG-END-1)."""
    out: list[str] = []
    if len(state.history) != state.trick:
        out.append("history: one finished trick per trick counted in trick")
    if tuple(p.position for p in state.plays) != seats_from(state.leader, 4)[:len(state.plays)]:
        out.append("plays: the open trick's cards were not played clockwise from the leader")
    if state.phase is Phase.PLAY and not state.stack:
        if len(state.plays) >= 4 or state.order or state.flipped or state.trick >= REFERENCE.tricks:
            out.append("plays: while cards are played the open trick has fewer than four cards")
    elif state.phase is Phase.PLAY:
        if (len(state.plays) != 4 or len(state.flipped) != 4 or not 1 <= len(state.stack) <= 4
                or state.order != rank_trick(state.track, state.plays)
                or sum(state.flipped) != 4 - len(state.stack)):
            out.append("stack: placements need four cards, their turn order and one flip per placement made")
        else:
            positions = tuple(state.plays[i].position for i in state.order)
            if state.stack != placement_stack(state.players, positions)[:len(state.stack)]:
                out.append("stack: the placement frames are not the trick's turn order still to place")
    elif state.plays or state.stack or state.order or state.flipped or state.trick != REFERENCE.tricks:
        out.append("phase: over needs eight finished tricks and nothing pending")
    return out


def _replay(state: State) -> list[str]:
    """Some starting track leads through the finished tricks to the state's track, each trick
    played clockwise from the last one's loser; and the scores fit the tricks won."""
    ids = tuple(map(id, chain.from_iterable(state.history)))
    # The game's own records live as long as the module, so their ids are a safe key.
    key = (ids, state.track, state.leader) if _INTERNED.issuperset(ids) else None
    wins = _REPLAYS.get(key) if key is not None else None
    if wins is None:
        wins = _history_wins(state)
        if key is not None:
            _REPLAYS.put(key, wins)
    if isinstance(wins, str):
        return [wins]
    if state.order:  # the open trick is ranked: its winner's point is scored (GG-PLACE-1)
        team = state.plays[state.order[0]].position % 2
        wins = frozenset((a + (team == 0), b + (team == 1)) for a, b in wins)
    if not any(_scores_fit(state, won) for won in wins):
        return ["team_scores: not the tricks each team won plus what its gnomes can have scored"]
    return []


_REPLAYS: BoundedCache[Any, frozenset[tuple[int, int]] | str] = BoundedCache(
    "gnaughty-gnomes history replays", 4096)
"""Per finished tricks (their records' ids), track and leader: what :func:`_history_wins` found
(a state's history changes once a trick, so a playout replays it once a trick)."""


def _history_wins(state: State) -> frozenset[tuple[int, int]] | str:
    """The tricks each team won, for every starting track the history follows from; or what is
    wrong with the history."""
    for trick in state.history:
        if tuple(p.position for p in trick) != seats_from(trick[0].position, 4):
            return "history: a finished trick was not played clockwise from its leader (GG-PLAY-1)"
    # Replay every starting track at once; starts that reach the same track, leader and tricks
    # won merge, so the set stays small.
    first = state.history[0][0].position if state.history else state.leader
    runs = {(track, first, 0, 0) for track in _TRACKS}
    for trick in state.history:
        runs = {_after(track, trick, won0, won1) for track, leader, won0, won1 in runs
                if leader == trick[0].position}
    wins = frozenset((won0, won1) for track, leader, won0, won1 in runs
                     if track == state.track and leader == state.leader)
    if not wins:
        return ("history: no starting track leads through the finished tricks, each led by the last "
                "one's loser, to the state's track and leader (GG-CLEAN-1, GG-CLEAN-3)")
    return wins


def _after(track: tuple[Colour, ...], trick: tuple[Played, ...], won0: int,
           won1: int) -> tuple[tuple[Colour, ...], int, int, int]:
    """After a finished trick played under ``track``: the track its winner moved (GG-CLEAN-1),
    the next leader, its loser (GG-CLEAN-3), and each team's tricks won so far."""
    order = rank_trick(track, trick)
    winner = trick[order[0]]
    if winner.position % 2:
        won1 += 1
    else:
        won0 += 1
    return track_after(track, winner), trick[order[-1]].position, won0, won1


def _scores_fit(state: State, won: tuple[int, int]) -> bool:
    return all(won[team] <= state.team_scores[team]
               <= won[team] + _MOST_PER_PLACEMENT * state.team_gnomes[team].bit_count()
               for team in (0, 1))


INVARIANTS: tuple[Invariant[State], ...] = (
    *_SHAPE,
    holds("garden", "GG-SETUP-1", lambda s: s.layout[CENTER] is Colour.WHITE and sorted(s.layout) == _GARDEN,
          "layout: not 13 hexes with white in the centre and three of each colour"),
    holds("four suits", "GG-SETUP-5", lambda s: sorted(s.track) == _SUITS,
          "track: not the four suits", Gate.SELF),
    Invariant("cards conserved", "GG-SETUP-2", _cards_once),
    holds("hands sorted", "GG-INV-1", lambda s: not any(_unsorted(h) for h in s.hands),
          "hands: not sorted"),
    Invariant("cards per position", "GG-SETUP-3", _positions),
    Invariant("gnomes conserved", "GG-SETUP-4", _gnomes),
    # the replay needs well-formed tricks and cards
    Invariant("turn", "GG-PLAY-1", _turn, Gate.ALL),
    Invariant("replay", "GG-CLEAN-1", _replay),
)
"""Every invariant of a state (GG-INV-1), in the order :func:`problems` runs them."""


def check_state(state: State) -> None:
    """Raise InvalidArgumentError unless ``state`` is consistent (GG-INV-1), naming each bad field."""
    check_type(state, State, "Gnaughty Gnomes State")
    try:
        found = problems(state)
    except (TypeError, ValueError, LookupError, AttributeError, ArithmeticError) as exc:
        # A field of a type no check expected (a State built by hand): name the kind of error.
        kind = type(exc).__name__
        raise InvalidArgumentError(f"a field of the state holds a value of the wrong type ({kind})") from None
    if found:
        raise InvalidArgumentError(listed(found))


def decision_bound(players: int, options: object | None = None) -> int:
    """Every game takes exactly 64 decisions: 8 tricks of 4 plays and 4 placements (GG-END-1).

    ``options`` (None or an Options) is checked, though no option changes the bound.
    """
    check_players(players, 2, 4, "Gnaughty Gnomes")
    checked_options(options)
    return REFERENCE.tricks * 8
