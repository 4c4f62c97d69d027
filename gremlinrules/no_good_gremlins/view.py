"""What one seat may see (NGG-VIEW-1), the scores and winners, and readable descriptions."""

from __future__ import annotations

from typing import Any

import attrs

from gremlinrules.core.checks import check_seat
from gremlinrules.core.checks import check_type
from gremlinrules.core.checks import guarded
from gremlinrules.core.errors import shown
from gremlinrules.core.registry import draw
from gremlinrules.no_good_gremlins.actions import Bribe
from gremlinrules.no_good_gremlins.actions import Build
from gremlinrules.no_good_gremlins.actions import ChromeLaunch
from gremlinrules.no_good_gremlins.actions import Discard
from gremlinrules.no_good_gremlins.actions import DrawTwo
from gremlinrules.no_good_gremlins.actions import EndTurn
from gremlinrules.no_good_gremlins.actions import Feed
from gremlinrules.no_good_gremlins.actions import Launch
from gremlinrules.no_good_gremlins.actions import Scrap
from gremlinrules.no_good_gremlins.actions import TakeScrap
from gremlinrules.no_good_gremlins.components import MATERIALS
from gremlinrules.no_good_gremlins.components import Components
from gremlinrules.no_good_gremlins.components import GremlinCard
from gremlinrules.no_good_gremlins.components import Material
from gremlinrules.no_good_gremlins.frames import MealChoice
from gremlinrules.no_good_gremlins.notation import MaterialCounts
from gremlinrules.no_good_gremlins.notation import WandererStatus
from gremlinrules.no_good_gremlins.notation import counts_of
from gremlinrules.no_good_gremlins.notation import gremlin_card
from gremlinrules.no_good_gremlins.notation import wanderer_of
from gremlinrules.no_good_gremlins.state import Options
from gremlinrules.no_good_gremlins.state import Phase
from gremlinrules.no_good_gremlins.state import State

__all__ = ["View", "describe", "observe", "scores", "winners"]


@attrs.frozen(slots=True)
class View:
    """The table as one seat sees it (NGG-VIEW-1), or a spectator: the public zones, the viewer's
    own hand, hidden zones as counts. Materials are named; no count vector by internal order."""

    seat: int | None
    """The seat this view belongs to; None for a spectator."""
    players: int
    current_player: int | None
    """The seat that must decide (a pending Feed's holder, else the turn owner); None at the end."""
    phase: Phase
    """The phase of the turn (a pending frame interrupts it without changing it)."""
    pending: MealChoice | None
    """The pending decision (the top frame of the decision stack), or None. Every frame of this
    game is public: the MealChoice names the holder and the tied rocket types."""
    scores: tuple[int, ...]
    """Each seat's medal collection value (medals are public)."""
    winners: tuple[int, ...]
    """Empty until the game is over."""
    options: Options
    """The table's options (a user's own component set included, when given)."""
    components: Components
    """The numbers on the table's cards (launch costs, medal values)."""
    hand: MaterialCounts | None
    """Your own hand; None for a spectator."""
    hand_sizes: tuple[int, ...]
    """Every seat's hand size."""
    deck_size: int
    scrapheap: tuple[Material, ...]
    """The scrapheap, bottom first (anyone may inspect it)."""
    pads: tuple[MaterialCounts, ...]
    """Each seat's launch pad: its rockets' sizes."""
    medals: tuple[MaterialCounts, ...]
    removed: MaterialCounts
    """Material cards removed from the game."""
    gremlin_deck_size: int
    threat: tuple[Material, ...]
    """The face-up gremlins of the threat area."""
    gremlin_discard: tuple[GremlinCard, ...]
    wanderer: int | None
    """The seat holding the Wandering Gremlin, or None (see ``wanderer_status``)."""
    wanderer_status: WandererStatus
    turn: int
    """The seat whose turn it is."""
    round: int
    mains: int
    """Main actions (build or launch) left this turn."""
    builds: int
    """Build-only actions left this turn."""
    open_build: int
    """Cards still allowed in the build action in progress (0 or 1)."""
    chrome: int
    """Chrome-bribe launches left this turn."""
    no_eat: bool
    final_turn: bool
    rebuilt: bool
    finale: bool
    final_turns: int
    hand_emptied: bool = False
    """The turn owner's hand has been empty this turn, so it draws six at the turn's end (only
    under ``hand_refill="ever_empty"``, NGG-HAND-2; public, as hand sizes are)."""

    def _repr_svg_(self) -> str:
        """This view's picture, for notebooks (see :mod:`gremlinrules.svg`)."""
        return draw(self)  # the drawer the top level installs in the core (drawing is optional)


@guarded
def scores(s: State) -> tuple[int, ...]:
    """Each seat's medal collection value (NGG-LAUNCH-4)."""
    check_type(s, State, "No Good Gremlins State")
    values = s.components.medal_values
    return tuple(sum(k * v for k, v in zip(held, values, strict=True)) for held in s.medals)


@guarded
def winners(s: State) -> tuple[int, ...]:
    """NGG-END-1: most valuable collection, then most medal types; empty until the end."""
    check_type(s, State, "No Good Gremlins State")
    if s.phase is not Phase.OVER:
        return ()
    totals = scores(s)
    keys = [(totals[p], sum(1 for k in s.medals[p] if k)) for p in range(s.players)]
    best = max(keys)
    return tuple(p for p in range(s.players) if keys[p] == best)


@guarded
def end_reason(s: State) -> str | None:
    """The clause that began the finale that ended the game: the materials deck ran out (with two
    or three players, NGG-FINALE-1), or ran out the second time (with four or five, NGG-DECK-2),
    or the round limit of the house rule passed first (NGG-END-3; the round count stops once
    the finale begins, so it is past the limit only then); None while the game goes on."""
    check_type(s, State, "No Good Gremlins State")
    if s.phase is not Phase.OVER:
        return None
    o = s.options
    if o.bounded and s.round > o.round_limit:
        return "NGG-END-3"
    return "NGG-FINALE-1" if s.players <= 3 else "NGG-DECK-2"


@guarded
def observe(s: State, player: int | None) -> View:
    """What ``player`` may know (NGG-VIEW-1): never another hand or either deck's order; with
    ``player`` None, what a spectator may know (no hand at all)."""
    check_type(s, State, "No Good Gremlins State")
    p = None if player is None else check_seat(player, s.players)
    seat, status = wanderer_of(s.wanderer)
    over = s.phase is Phase.OVER
    return View(
        seat=p, players=s.players,
        current_player=None if over else (s.stack[-1].seat if s.stack else s.turn),
        phase=s.phase, pending=s.stack[-1] if s.stack else None, scores=scores(s), winners=winners(s),
        options=s.options, components=s.components, hand=None if p is None else counts_of(s.hands[p]),
        hand_sizes=tuple([sum(h) for h in s.hands]), deck_size=len(s.deck),
        scrapheap=tuple([MATERIALS[t] for t in s.scrapheap]), pads=tuple([counts_of(r) for r in s.pads]),
        medals=tuple([counts_of(r) for r in s.medals]), removed=counts_of(s.removed),
        gremlin_deck_size=len(s.gremlin_deck), threat=tuple([MATERIALS[t] for t in s.threat]),
        gremlin_discard=tuple([gremlin_card(g) for g in s.gremlin_discard]), wanderer=seat,
        wanderer_status=status, turn=s.turn, round=s.round, mains=s.mains, builds=s.builds,
        open_build=s.open_build, chrome=s.chrome, no_eat=s.no_eat, final_turn=s.final_turn,
        rebuilt=s.rebuilt, finale=s.finale, final_turns=s.final_turns, hand_emptied=s.hand_emptied,
    )


@guarded
def describe(s: State, action: Any) -> str:
    """One readable line for ``action`` by the seat to move in ``s``."""
    check_type(s, State, "No Good Gremlins State")
    who = f"Seat {s.stack[-1].seat if s.stack else s.turn}"
    kind = type(action)
    m = getattr(action, "material", None)
    name = m.value if type(m) is Material else shown(m)
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
    return lines.get(kind, f"{who} tries {shown(action)}")
