"""Consistency of a state (GVG-INV-1 to GVG-INV-6), for states decoded from JSON.

Every card in exactly one zone; never two cards on one cell; the start,
Lanterns and targets never leave the field (the start and targets are fixed
cells, a Lantern is never removed); the roles are a permutation of the dealt
role cards; no score below 0.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from gremlinrules.core.checks import check_players
from gremlinrules.core.checks import check_type
from gremlinrules.core.checks import is_int
from gremlinrules.core.errors import InvalidArgumentError
from gremlinrules.core.errors import SetupError
from gremlinrules.core.errors import listed
from gremlinrules.core.errors import shown
from gremlinrules.core.invariants import Gate
from gremlinrules.core.invariants import Invariant
from gremlinrules.core.invariants import broken
from gremlinrules.core.invariants import holds
from gremlinrules.core.rng import Rng
from gremlinrules.goblins_vs_gnomes.actions import SLOT_INDEX
from gremlinrules.goblins_vs_gnomes.components import REFERENCE
from gremlinrules.goblins_vs_gnomes.frames import FRAME_TYPES
from gremlinrules.goblins_vs_gnomes.frames import SkipNaming
from gremlinrules.goblins_vs_gnomes.frames import StealChoice
from gremlinrules.goblins_vs_gnomes.frames import TargetChoice
from gremlinrules.goblins_vs_gnomes.geometry import options_kit
from gremlinrules.goblins_vs_gnomes.setup import MAX_PLAYERS
from gremlinrules.goblins_vs_gnomes.setup import MIN_PLAYERS
from gremlinrules.goblins_vs_gnomes.setup import TITLE
from gremlinrules.goblins_vs_gnomes.setup import WIN
from gremlinrules.goblins_vs_gnomes.setup import goblin_count
from gremlinrules.goblins_vs_gnomes.setup import options_or_default
from gremlinrules.goblins_vs_gnomes.state import TARGETS
from gremlinrules.goblins_vs_gnomes.state import Options
from gremlinrules.goblins_vs_gnomes.state import Phase
from gremlinrules.goblins_vs_gnomes.state import State

__all__ = ["FULL_DECK", "INVARIANTS", "check_state", "decision_bound", "problems", "round_bound"]

FULL_DECK = Counter(REFERENCE.deck)
"""The reference set's path cards (a game's own set: ``options_kit(options).deck_count``)."""


def _seats(values: tuple[int, ...], n: int, low: int = 0) -> bool:
    return all(is_int(v) and low <= v < n for v in values)


def _players(s: State) -> list[str]:
    n = s.players
    return [] if is_int(n) and 3 <= n <= 8 else [f"players must be 3 to 8, not {shown(n)}"]


def _per_seat(s: State) -> list[str]:
    for name in ("points", "roles", "hands", "known_cards", "skips", "swaps_used"):
        if len(getattr(s, name)) != s.players:
            return [f"{name} must have one entry per seat"]
    return []


def _all_cards(s: State) -> list[str]:
    return list(s.deck) + [c for h in s.hands for c in h] + [t.card for t in s.field] + list(s.discard)


def _cells(s: State) -> list[tuple[int, int]]:
    return [(t.x, t.y) for t in s.field]


def _field_placed(s: State) -> bool:
    kit = options_kit(s.options)
    placeable, designs = kit.placeable_set, kit.designs
    return all(c in placeable for c in _cells(s)) and all(designs[t.card].on_field for t in s.field)


def _roles_distinct(s: State) -> bool:
    race = options_kit(s.options).race
    return len(set(s.roles)) == s.players and all(r in race for r in s.roles)


def _roles_dealt(s: State) -> bool:
    race = options_kit(s.options).race
    return (not _roles_distinct(s) or (tuple(sorted(set(race) - set(s.roles))) == s.boxed
            and sum(race[r] == "goblin" for r in s.roles) == goblin_count(s.players)))


def _ended_goes_on(s: State) -> bool:
    ended = [s.targets[i] for i in range(3) if s.opened[i] and s.targets[i] != "dynamite"]
    return bool(ended) and s.phase is not Phase.OVER and not _stealing(s)


def _known_cards(s: State) -> list[str]:
    out: list[str] = []
    n = s.players
    for k in s.known_cards:
        for seat, card in set(k):
            if not is_int(seat) or not 0 <= seat < n or k.count((seat, card)) > s.hands[seat].count(card):
                out.append("a seat knows of a card not in that hand")
    return out


def _counts_ok(s: State) -> bool:
    return all(is_int(k) and k >= 0 for k in s.skips + s.swaps_used) and 0 <= s.passes <= s.players


def _symmetric_rotated(s: State) -> bool:
    edges = options_kit(s.options).edges
    return any(t.rotated and edges[(t.card, True)] == edges[(t.card, False)] for t in s.field)


def _sorted_by_row(s: State) -> bool:
    cells = _cells(s)
    return cells == sorted(cells, key=lambda c: (c[1], c[0]))


def _hands_ok(s: State) -> bool:
    hand = options_kit(s.options).hand
    return all(len(h) <= hand and tuple(sorted(h)) == h for h in s.hands)


INVARIANTS: tuple[Invariant[State], ...] = (
    # the later checks rely on the first four: a count of seats, the options, a row per seat and
    # the card designs
    Invariant("players", "GVG-SETUP-1", _players, Gate.SELF),
    holds("classes", "GVG-INV-1", lambda s: isinstance(s.options, Options) and isinstance(s.rng, Rng),
           "options or generator of the wrong type", Gate.SELF),
    Invariant("one entry per seat", "GVG-INV-1", _per_seat, Gate.SELF),
    # the options validated the component set (GVG-COMP-7)
    holds("card designs", "GVG-COMP-7",
           lambda s: all(c in options_kit(s.options).designs for c in _all_cards(s)), "unknown card design",
           Gate.SELF),
    holds("generator", "GVG-INV-1", lambda s: 0 <= s.rng.state < 2**64, "generator state out of range"),
    holds("round and turn",
           "GVG-INV-6", lambda s: s.round >= 1 and _seats((s.round_starter, s.turn), s.players),
           "round, starter or turn out of range"),
    # dict's own == runs in C
    holds("cards conserved", "GVG-INV-1",
           lambda s: dict.__eq__(Counter(_all_cards(s)), options_kit(s.options).deck_count),
           "the cards in deck, hands, field and discards are not exactly the 50 path cards"),
    holds("hands", "GVG-INV-1", _hands_ok, "a hand holds more than 3 cards or is not sorted"),
    holds("discards sorted", "GVG-INV-1", lambda s: tuple(sorted(s.discard)) == s.discard,
           "discards not sorted"),
    holds("one card a cell", "GVG-INV-2", lambda s: len(set(_cells(s))) == len(s.field),
           "two cards on one cell"),
    holds("field cells", "GVG-INV-3", _field_placed,
           "a field card on the start, a target, off the table, or not a tunnel card"),
    holds("field sorted", "GVG-INV-2", _sorted_by_row, "field not sorted by row"),
    holds("symmetric cards", "GVG-INV-2", lambda s: not _symmetric_rotated(s),
           "a symmetric card marked rotated"),
    holds("rotation", "GVG-INV-2", lambda s: s.options.rotation or not any(t.rotated for t in s.field),
           "a rotated card with rotation off"),
    holds("lanterns stay", "GVG-INV-3",
           lambda s: "lantern" not in {options_kit(s.options).designs[c].kind for c in s.discard},
           "a Lantern left the field"),
    holds("roles distinct", "GVG-INV-4", _roles_distinct, "roles must be distinct role cards"),
    holds("roles dealt", "GVG-INV-4", _roles_dealt, "roles are not a permutation of the dealt role cards"),
    holds("targets", "GVG-INV-3", lambda s: sorted(s.targets) == sorted(TARGETS) and len(s.opened) == 3,
           "targets must be gold, dynamite and dragon"),
    holds("scores", "GVG-INV-5", lambda s: all(is_int(p) and p >= 0 for p in s.points), "a score below 0"),
    holds("match goes on", "GVG-END-4", lambda s: s.phase is Phase.OVER or all(p < WIN for p in s.points),
           "a seat has 9 points but the match goes on"),
    holds("winners", "GVG-END-4",
           lambda s: bool(s.winners) == (s.phase is Phase.OVER) and _seats(s.winners, s.players),
           "winners are set exactly when the match is over"),
    holds("round ended", "GVG-END-3", lambda s: not _ended_goes_on(s),
           "Gold or Dragon is open but the round goes on"),
    holds("deck owners", "GVG-TURN-2",
           lambda s: len(s.deck_owner) == len(s.deck) and _seats(s.deck_owner, s.players, -1),
           "deck_owner must give a seat or -1 per deck card"),
    Invariant("known cards", "GVG-INV-6", _known_cards),
    holds("peeks", "GVG-INV-6",
           lambda s: all(len(pk) == 2 and _seats(pk[1:], 3) and _seats(pk[:1], s.players) for pk in s.peeks),
           "bad peek"),
    holds("potions", "GVG-INV-6",
           lambda s: all(len(pt) == 2 and _seats(pt, s.players) and pt[0] != pt[1] for pt in s.potions),
           "bad potion swap"),
    holds("counts", "GVG-INV-6", _counts_ok,
           "negative skips or swaps, or a pass count out of range", Gate.SELF),
    holds("first out and opener", "GVG-INV-6", lambda s: _seats((s.first_out, s.opener), s.players, -1),
           "first_out or opener out of range"),
    Invariant("counters", "GVG-INV-6", lambda s: _counter_problems(s, options_kit(s.options))),
    Invariant("decision stack", "GVG-INV-6", lambda s: _stack_problems(s)),
)
"""Every invariant of a state, in the order :func:`problems` runs them."""


def problems(s: State) -> list[str]:
    """Every invariant ``s`` breaks (empty when consistent)."""
    return broken(INVARIANTS, s)


def _counter_problems(s: State, kit: Any) -> list[str]:
    """Every counter within what play can reach: skips, swaps, passes, rounds, points, the cards
    that left the hands (GVG-INV-6)."""
    over = s.phase is Phase.OVER or _stealing(s)  # the round has ended
    laid = Counter(kit.kind[c] for c in s.discard) + Counter(kit.kind[t.card] for t in s.field)
    return [*_turn_counters(s, over, laid), *_round_counters(s), *_winner_problems(s, kit.win),
            *_hand_problems(s, kit, laid)]


def _turn_counters(s: State, over: bool, laid: Counter[str]) -> list[str]:
    """Skips, swaps and passes (GVG-CARD-4, GVG-BOUND-1, GVG-TURN-2, GVG-END-1)."""
    out: list[str] = []
    n, opts = s.players, s.options
    naming = any(type(f) is SkipNaming for f in s.stack)
    if sum(s.skips) > laid["ale-mug"] - naming:  # GVG-CARD-4: one skip per Ale Mug laid
        out.append("skips: more skipped turns than Ale Mugs laid this round")
    elif not over and s.skips[s.turn]:
        out.append("skips: the turn owner still has a turn to skip")
    if opts.bounded and any(k > opts.swap_limit for k in s.swaps_used):  # GVG-BOUND-1
        out.append(f"swaps_used: more than swap_limit ({opts.swap_limit}) swaps in a round")
    if any(s.deck_owner.count(p) > s.swaps_used[p] for p in range(n)):  # GVG-TURN-2
        out.append("deck_owner: more cards under the deck from a seat than it swapped")
    if not over and s.passes >= n:  # GVG-END-1
        out.append("passes: every seat passed but the round goes on")
    return out


def _round_counters(s: State) -> list[str]:
    """The round and the last round's result (GVG-BOUND-1)."""
    out: list[str] = []
    opts = s.options
    if opts.bounded and s.round > opts.round_limit:
        out.append(f"round: past round_limit ({opts.round_limit})")
    if (s.last_result == "") != (s.round == 1 and s.phase is Phase.PLAY) or s.last_result not in (
            "", "gold", "dragon", "none", "dynamite"):
        out.append("last_result: set exactly after a round was scored")
    if len(s.last_roles) != (0 if s.last_result == "" else s.players):
        out.append("last_roles: one per seat once a round was scored")
    return out


def _winner_problems(s: State, win: int) -> list[str]:
    """The points and the winners (GVG-END-2)."""
    n, opts = s.players, s.options
    top = [p for p in range(n) if s.points[p] >= win]
    if any(p > win + 2 for p in s.points):  # a round gives a seat 3 points at most
        return ["points: more than a round can give past the winning mark"]
    if s.phase is Phase.OVER:
        if (top and s.winners != tuple(top[:1])) or len(top) > 1:
            return ["winners: the one seat that reached the winning mark"]
        if not top and (not opts.bounded or s.round != opts.round_limit
                        or s.winners != tuple(p for p in range(n) if s.points[p] == max(s.points))):
            return ["winners: the leaders, and only at the round limit"]
    return []


def _hand_problems(s: State, kit: Any, laid: Counter[str]) -> list[str]:
    """The cards that left the hands: each Map is a peek, each Potion a swap, each Explosion a
    field card in the discards (Bombs also go when the Dynamite opens); full hands while the deck
    lasts, and the first seat out."""
    out: list[str] = []
    if len(s.peeks) != laid["map"] or len(s.potions) != laid["potion"]:
        out.append("peeks or potions: one per Map or Potion in the discards")
    gone = sum(1 for c in s.discard if kit.designs[c].on_field)
    dynamite = any(s.opened[i] and s.targets[i] == "dynamite" for i in range(3))
    bombs = sum(kit.kind[c] == "bomb" for c in s.discard) if dynamite else 0
    if not laid["explosion"] <= gone <= laid["explosion"] + bombs:
        out.append("discard: the field cards in it are not the exploded cards and the Bombs")
    if s.deck and any(len(h) != kit.hand for h in s.hands):
        out.append("hands: every hand is full while the deck lasts")
    empty = [p for p in range(s.players) if not s.hands[p]]
    if (s.first_out >= 0) != bool(empty) or (empty and (s.deck or s.first_out not in empty)):
        out.append("first_out: the first seat out of cards, set once a hand is empty")
    return out


def _stealing(s: State) -> bool:
    """The Greedy One's choice is pending: the round has ended (GVG-ADV-3)."""
    return type(s.stack) is tuple and len(s.stack) == 1 and type(s.stack[0]) is StealChoice


_ORDERS = ((), (SkipNaming,), (TargetChoice,), (SkipNaming, TargetChoice), (StealChoice,))
"""The stacks the rules leave (GVG-CARD-4, GVG-TARGET-3, GVG-ADV-3): an Ale Mug's naming waits
under the target choice its card caused; the Greedy One's choice is alone (the round is over)."""


def _target_choice_problem(s: State, f: TargetChoice) -> str | None:
    """The frame's fields are valid (its validators); what the state must show: the targets it
    binds are face down, and a choice after the Dynamite (GVG-TARGET-3, with the decline answer)
    exists only under ``second_target="may_open"`` once the Dynamite is face up."""
    if any(s.opened[SLOT_INDEX[t]] for t in f.among):
        return "a target choice binds face-down targets only"
    if f.after_dynamite:
        dynamite = any(s.opened[i] and s.targets[i] == "dynamite" for i in range(3))
        if s.options.second_target != "may_open" or not dynamite:
            return "a target may be declined only after the Dynamite, under second_target='may_open'"
    return None


def _frame_problem(s: State, f: Any) -> str | None:
    """What only the state can show of one frame: its seat plays, only the Greedy One steals."""
    if not _seats((f.seat,), s.players):
        return "a frame's seat is not at the table"
    if type(f) is StealChoice:
        if not s.options.advanced_roles or s.roles[f.seat] != "greedy-one":
            return "only the Greedy One steals, with advanced roles"
        return None
    if f.seat != s.turn:
        return "only the turn owner names a skip or orders targets"
    if type(f) is SkipNaming:
        kind = options_kit(s.options).kind
        return None if kind.get(f.card) == "ale-mug" else "only an Ale Mug asks for a skip to be named"
    return _target_choice_problem(s, f)


def _stack_problems(s: State) -> list[str]:
    """The decision stack holds only the frames the rules push, in the order they push them
    (each frame's own fields are checked by its class)."""
    stack = s.stack
    if type(stack) is not tuple or not all(type(f) in FRAME_TYPES for f in stack):
        return ["the decision stack must be a tuple of this game's frames"]
    if s.phase is Phase.OVER and stack:
        return ["a decision is pending after the match ended"]
    kinds = tuple(type(f) for f in stack)
    if kinds not in _ORDERS:
        return [f"no rule leaves the frames {shown([k.__name__ for k in kinds])} pending"]
    return [why for f in stack if (why := _frame_problem(s, f)) is not None]


def check_state(state: State) -> None:
    """Raise InvalidArgumentError unless ``state`` is consistent (GVG-INV-1 to GVG-INV-5)."""
    check_type(state, State, f"{TITLE} State")
    try:
        found = problems(state)
    except (TypeError, ValueError, KeyError, IndexError, AttributeError) as exc:
        raise InvalidArgumentError(f"malformed state: {shown(str(exc))}") from exc
    if found:
        raise InvalidArgumentError(listed(found))


def round_bound(players: int, options: Any = None) -> int:
    """The most decisions one round can take under the bounded options (GVG-BOUND-2)."""
    n = check_players(players, MIN_PLAYERS, MAX_PLAYERS, TITLE)
    opts = options_or_default(options)
    if not opts.bounded:
        raise SetupError("with bounded=False a round may never end (endless swaps): no bound")
    comps = options_kit(opts).components
    cards = len(comps.deck)
    mugs = sum(d.count for d in comps.designs if d.kind == "ale-mug")
    swaps = n * opts.swap_limit
    # every card leaves a hand once; Ale Mug names; order choices (GVG-TARGET-3: one when a card
    # reaches several targets, one more after the Dynamite, and under second_target="may_open" a
    # target declined then may need a third); steal
    plays = cards + mugs + (3 if opts.second_target == "may_open" else 2) + 1
    # fewer than n passes between two plays or swaps, n at the end; a skipped turn restarts the
    # run (GVG-END-1), at most once per Ale Mug laid, giving up to n - 1 passes more each time
    passes = n * (cards + swaps + 1) + mugs * (n - 1)
    return plays + swaps + passes


def decision_bound(players: int, options: Any = None) -> int:
    """A proven upper bound on the decisions in a match (GVG-BOUND-2).

    Raises SetupError for ``bounded=False``: the rules as written allow a match that never
    ends (GVG-BOUND-1).
    """
    return round_bound(players, options) * options_or_default(options).round_limit
