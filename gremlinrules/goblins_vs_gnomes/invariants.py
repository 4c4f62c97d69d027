"""Consistency of a state (GVG-INV-1 to GVG-INV-6), for states decoded from JSON.

Every card in exactly one zone; never two cards on one cell; the start,
Lanterns and targets never leave the field (the start and targets are fixed
cells, a Lantern is never removed); the roles are a permutation of the dealt
role cards; no score below 0.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from gremlinrules.core.checks import check_players, check_type, is_int
from gremlinrules.core.decisions import Frame
from gremlinrules.core.errors import InvalidArgumentError, SetupError, listed, shown
from gremlinrules.core.rng import Rng
from gremlinrules.goblins_vs_gnomes.components import REFERENCE
from gremlinrules.goblins_vs_gnomes.flow import AFTER_DYNAMITE
from gremlinrules.goblins_vs_gnomes.geometry import options_kit
from gremlinrules.goblins_vs_gnomes.setup import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    TITLE,
    WIN,
    goblin_count,
    options_or_default,
)
from gremlinrules.goblins_vs_gnomes.state import NAME_SKIP, OPEN_TARGET, STEAL, TARGETS, Options, Phase, State

__all__ = ["FULL_DECK", "check_state", "decision_bound", "problems", "round_bound"]

FULL_DECK = Counter(REFERENCE.deck)
"""The reference set's path cards (a game's own set: ``options_kit(options).deck_count``)."""


def _seats(values: tuple[int, ...], n: int, low: int = 0) -> bool:
    return all(is_int(v) and low <= v < n for v in values)


def problems(s: State) -> list[str]:
    """Every invariant ``s`` breaks (empty when consistent)."""
    out: list[str] = []
    n = s.players
    if not is_int(n) or not 3 <= n <= 8:
        return [f"players must be 3 to 8, not {shown(n)}"]
    if not isinstance(s.options, Options) or not isinstance(s.rng, Rng):
        return ["options or generator of the wrong type"]
    kit = options_kit(s.options)  # the options validated the component set (GVG-COMP-7)
    designs, edges, placeable, race = kit.designs, kit.edges, kit.placeable_set, kit.race
    if not 0 <= s.rng.state < 2**64:
        out.append("generator state out of range")
    per_seat = ("points", "roles", "hands", "known_cards", "skips", "swaps_used")
    for name in per_seat:
        if len(getattr(s, name)) != n:
            return [f"{name} must have one entry per seat"]
    if s.round < 1 or not _seats((s.round_starter, s.turn), n):
        out.append("round, starter or turn out of range")
    cards = list(s.deck) + [c for h in s.hands for c in h] + [t.card for t in s.field] + list(s.discard)
    if any(c not in designs for c in cards):
        return ["unknown card design"]
    if not dict.__eq__(Counter(cards), kit.deck_count):  # GVG-INV-1 (dict's own == runs in C)
        out.append("the cards in deck, hands, field and discards are not exactly the 50 path cards")
    if any(len(h) > kit.hand or tuple(sorted(h)) != h for h in s.hands):
        out.append("a hand holds more than 3 cards or is not sorted")
    if tuple(sorted(s.discard)) != s.discard:
        out.append("discards not sorted")
    cells = [(t.x, t.y) for t in s.field]
    if len(set(cells)) != len(cells):  # GVG-INV-2
        out.append("two cards on one cell")
    if any(c not in placeable for c in cells) or any(not designs[t.card].on_field for t in s.field):
        out.append("a field card on the start, a target, off the table, or not a tunnel card")
    if cells != sorted(cells, key=lambda c: (c[1], c[0])):
        out.append("field not sorted by row")
    if any(t.rotated and edges[(t.card, True)] == edges[(t.card, False)] for t in s.field):
        out.append("a symmetric card marked rotated")
    if any(t.rotated for t in s.field) and not s.options.rotation:
        out.append("a rotated card with rotation off")
    if "lantern" in {designs[c].kind for c in s.discard}:  # GVG-INV-3
        out.append("a Lantern left the field")
    if len(set(s.roles)) != n or any(r not in race for r in s.roles):  # GVG-INV-4
        out.append("roles must be distinct role cards")
    elif (tuple(sorted(set(race) - set(s.roles))) != s.boxed
          or sum(race[r] == "goblin" for r in s.roles) != goblin_count(n)):
        out.append("roles are not a permutation of the dealt role cards")
    if sorted(s.targets) != sorted(TARGETS) or len(s.opened) != 3:
        out.append("targets must be gold, dynamite and dragon")
    if any(not is_int(p) or p < 0 for p in s.points):  # GVG-INV-5
        out.append("a score below 0")
    over = s.phase is Phase.OVER
    if not over and any(p >= WIN for p in s.points):
        out.append("a seat has 9 points but the match goes on")
    if bool(s.winners) != over or not _seats(s.winners, n):
        out.append("winners are set exactly when the match is over")
    ended = [s.targets[i] for i in range(3) if s.opened[i] and s.targets[i] != "dynamite"]
    if ended and s.phase is not Phase.OVER and [f.kind for f in s.stack] != [STEAL]:
        out.append("Gold or Dragon is open but the round goes on")
    if len(s.deck_owner) != len(s.deck) or not _seats(s.deck_owner, n, -1):
        out.append("deck_owner must give a seat or -1 per deck card")
    for k in s.known_cards:
        for seat, card in set(k):
            if not is_int(seat) or not 0 <= seat < n or k.count((seat, card)) > s.hands[seat].count(card):
                out.append("a seat knows of a card not in that hand")
    if any(len(pk) != 2 or not _seats(pk[1:], 3) or not _seats(pk[:1], n) for pk in s.peeks):
        out.append("bad peek")
    if any(len(pt) != 2 or not _seats(pt, n) or pt[0] == pt[1] for pt in s.potions):
        out.append("bad potion swap")
    if any(not is_int(k) or k < 0 for k in s.skips + s.swaps_used) or not 0 <= s.passes <= n:
        out.append("negative skips or swaps, or a pass count out of range")
        return out
    if not _seats((s.first_out, s.opener), n, -1):
        out.append("first_out or opener out of range")
    out += _counter_problems(s, kit)
    out += _stack_problems(s)
    return out


def _counter_problems(s: State, kit: Any) -> list[str]:
    """Every counter within what play can reach: skips, swaps, passes, rounds, points, the cards
    that left the hands (GVG-INV-6)."""
    out: list[str] = []
    n, opts, kind = s.players, s.options, kit.kind
    over = s.phase is Phase.OVER or [f.kind for f in s.stack] == [STEAL]  # the round has ended
    laid = Counter(kind[c] for c in s.discard) + Counter(kind[t.card] for t in s.field)
    naming = any(f.kind == NAME_SKIP for f in s.stack)
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
    if opts.bounded and s.round > opts.round_limit:
        out.append(f"round: past round_limit ({opts.round_limit})")
    if (s.last_result == "") != (s.round == 1 and s.phase is Phase.PLAY) or s.last_result not in (
            "", "gold", "dragon", "none", "dynamite"):
        out.append("last_result: set exactly after a round was scored")
    if len(s.last_roles) != (0 if s.last_result == "" else n):
        out.append("last_roles: one per seat once a round was scored")
    win = kit.win
    top = [p for p in range(n) if s.points[p] >= win]
    if any(p > win + 2 for p in s.points):  # a round gives a seat 3 points at most
        out.append("points: more than a round can give past the winning mark")
    elif s.phase is Phase.OVER:
        if (top and s.winners != tuple(top[:1])) or len(top) > 1:
            out.append("winners: the one seat that reached the winning mark")
        elif not top and (not opts.bounded or s.round != opts.round_limit
                          or s.winners != tuple(p for p in range(n) if s.points[p] == max(s.points))):
            out.append("winners: the leaders, and only at the round limit")
    # the cards that left the hands: each Map is a peek, each Potion a swap, each Explosion a
    # field card in the discards (Bombs also go when the Dynamite opens)
    if len(s.peeks) != laid["map"] or len(s.potions) != laid["potion"]:
        out.append("peeks or potions: one per Map or Potion in the discards")
    gone = sum(1 for c in s.discard if kit.designs[c].on_field)
    dynamite = any(s.opened[i] and s.targets[i] == "dynamite" for i in range(3))
    if not laid["explosion"] <= gone <= laid["explosion"] + (sum(kind[c] == "bomb" for c in s.discard)
                                                              if dynamite else 0):
        out.append("discard: the field cards in it are not the exploded cards and the Bombs")
    if s.deck and any(len(h) != kit.hand for h in s.hands):
        out.append("hands: every hand is full while the deck lasts")
    empty = [p for p in range(n) if not s.hands[p]]
    if (s.first_out >= 0) != bool(empty) or (empty and (s.deck or s.first_out not in empty)):
        out.append("first_out: the first seat out of cards, set once a hand is empty")
    return out


def _face_down_slots(s: State, among: tuple[Any, ...], least: int = 2) -> bool:
    """``least`` or more distinct face-down target slots, in order."""
    slots = [t for t in among if is_int(t) and 0 <= t < 3 and not s.opened[t]]
    return len(slots) == len(among) >= least and slots == sorted(set(slots))


def _open_target_problem(s: State, f: Frame) -> str | None:
    """An order choice binds two or more face-down targets; the choice after the Dynamite
    (GVG-TARGET-3, with the decline answer) exists only under ``second_target="may_open"``,
    once the Dynamite is face up, and binds one or more."""
    if f.source == AFTER_DYNAMITE:
        dynamite = any(s.opened[i] and s.targets[i] == "dynamite" for i in range(3))
        if s.options.second_target != "may_open" or not dynamite:
            return "a target may be declined only after the Dynamite, under second_target='may_open'"
        if not _face_down_slots(s, f.among, 1):
            return "the choice after the Dynamite needs face-down reached targets"
        return None
    if f.source:
        return "an order choice has no source"
    if not _face_down_slots(s, f.among):
        return "an order choice needs two or more face-down reached targets"
    return None


def _stack_problems(s: State) -> list[str]:
    """The decision stack holds only the frames the rules push, in the order they push them."""
    stack = s.stack
    if not isinstance(stack, tuple) or not all(type(f) is Frame for f in stack):
        return ["the decision stack must be a tuple of frames"]
    kinds = [f.kind for f in stack]
    if s.phase is Phase.OVER and stack:
        return ["a decision is pending after the match ended"]
    if kinds not in ([], [NAME_SKIP], [OPEN_TARGET], [NAME_SKIP, OPEN_TARGET], [STEAL]):
        return [f"no rule leaves the frames {shown(kinds)} pending"]
    out: list[str] = []
    for f in stack:
        if not _seats((f.seat,), s.players) or f.bound or f.then:
            out.append("a frame with a bad seat or extra steps")
        elif f.kind != STEAL and f.seat != s.turn:
            out.append("only the turn owner names a skip or orders targets")
        elif f.kind == OPEN_TARGET and (why := _open_target_problem(s, f)) is not None:
            out.append(why)
        elif f.kind != OPEN_TARGET and f.among:
            out.append("only an order choice is bound to targets")
        elif f.kind == STEAL and (not s.options.advanced_roles or s.roles[f.seat] != "greedy-one"):
            out.append("only the Greedy One steals, with advanced roles")
    return out


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
