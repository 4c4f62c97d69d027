"""What one seat may see (NGG-VIEW-1), the scores and winners, and readable descriptions."""

from __future__ import annotations

from typing import Any

import attrs

from gremlinrules.core.checks import check_seat, check_type
from gremlinrules.core.decisions import Frame
from gremlinrules.no_good_gremlins.actions import (
    Bribe,
    Build,
    ChromeLaunch,
    Discard,
    DrawTwo,
    EndTurn,
    Feed,
    Launch,
    Scrap,
    TakeScrap,
)
from gremlinrules.no_good_gremlins.components import Components, Material
from gremlinrules.no_good_gremlins.state import Options, Phase, State

__all__ = ["View", "describe", "observe", "scores", "winners"]


@attrs.frozen(slots=True)
class View:
    """The table as one seat sees it: its own hand, the public zones, hidden zones as counts.

    Materials are indices 0-5 (rust to chrome) as in the state.
    """

    player: int
    """The seat this view belongs to."""
    players: int
    components: Components
    options: Options
    hand: tuple[int, ...]
    """Your own hand, counts per material."""
    hand_sizes: tuple[int, ...]
    """Every seat's hand size."""
    deck_size: int
    scrapheap: tuple[int, ...]
    """The scrapheap, bottom first (anyone may inspect it)."""
    pads: tuple[tuple[int, ...], ...]
    medals: tuple[tuple[int, ...], ...]
    removed: tuple[int, ...]
    gremlin_deck_size: int
    threat: tuple[int, ...]
    gremlin_discard: tuple[int, ...]
    wanderer: int
    turn: int
    phase: Phase
    round: int
    mains: int
    builds: int
    open_build: int
    chrome: int
    no_eat: bool
    final_turn: bool
    rebuilt: bool
    finale: bool
    final_turns: int
    scores: tuple[int, ...]
    pending: Frame | None = None
    """The pending decision (the top frame of the decision stack), or None. Every frame of this
    game is public: the "feed" frame names the holder and the tied rocket types."""


def scores(s: State) -> tuple[int, ...]:
    """Each seat's medal collection value (NGG-LAUNCH-4)."""
    check_type(s, State, "No Good Gremlins State")
    values = s.components.medal_values
    return tuple(sum(k * v for k, v in zip(held, values, strict=True)) for held in s.medals)


def winners(s: State) -> tuple[int, ...]:
    """NGG-END-1: most valuable collection, then most medal types; empty until the end."""
    check_type(s, State, "No Good Gremlins State")
    if s.phase is not Phase.OVER:
        return ()
    totals = scores(s)
    keys = [(totals[p], sum(1 for k in s.medals[p] if k)) for p in range(s.players)]
    best = max(keys)
    return tuple(p for p in range(s.players) if keys[p] == best)


def observe(s: State, player: int) -> View:
    """What ``player`` may know (NGG-VIEW-1): never another hand or either deck's order."""
    check_type(s, State, "No Good Gremlins State")
    p = check_seat(player, s.players)
    return View(
        player=p, players=s.players, components=s.components, options=s.options,
        hand=s.hands[p], hand_sizes=tuple(sum(h) for h in s.hands), deck_size=len(s.deck),
        scrapheap=s.scrapheap, pads=s.pads, medals=s.medals, removed=s.removed,
        gremlin_deck_size=len(s.gremlin_deck), threat=s.threat,
        gremlin_discard=s.gremlin_discard, wanderer=s.wanderer, turn=s.turn, phase=s.phase,
        round=s.round, mains=s.mains, builds=s.builds, open_build=s.open_build, chrome=s.chrome,
        no_eat=s.no_eat, final_turn=s.final_turn, rebuilt=s.rebuilt, finale=s.finale,
        final_turns=s.final_turns, scores=scores(s), pending=s.stack[-1] if s.stack else None,
    )


def describe(s: State, action: Any) -> str:
    """One readable line for ``action`` by the seat to move in ``s``."""
    check_type(s, State, "No Good Gremlins State")
    who = f"Seat {s.stack[-1].seat if s.stack else s.turn}"
    kind = type(action)
    m = getattr(action, "material", None)
    name = m.value if type(m) is Material else repr(m)
    if kind is DrawTwo:
        return f"{who} draws two cards from the materials deck"
    if kind is TakeScrap:
        top = s.scrapheap[-1] if s.scrapheap else None
        what = list(Material)[top].value if top is not None else "nothing"
        return f"{who} takes {what} cards from the scrapheap"
    if kind is EndTurn:
        return f"{who} ends the turn"
    a = "an" if name[:1] in ("a", "e", "i", "o", "u") else "a"
    lines = {
        Discard: f"{who} puts {a} {name} card on the scrapheap",
        Build: f"{who} builds {a} {name} card onto their {name} rocket",
        Launch: f"{who} launches their {name} rocket",
        ChromeLaunch: f"{who} launches their {name} rocket with the chrome bribe",
        Scrap: f"{who} scraps their {name} rocket",
        Bribe: f"{who} bribes the Wandering Gremlin with {a} {name} card",
        Feed: f"{who} feeds the Wandering Gremlin {a} {name} card from their launch pad",
    }
    return lines.get(kind, f"{who} tries {action!r}")
