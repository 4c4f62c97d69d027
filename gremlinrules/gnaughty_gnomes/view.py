"""What one seat may see (GG-VIEW-1), the scores and the winners, and a readable line per action."""

from __future__ import annotations

from typing import Any

import attrs

from gremlinrules.core.checks import check_seat
from gremlinrules.core.checks import check_type
from gremlinrules.core.errors import shown
from gremlinrules.core.registry import draw
from gremlinrules.gnaughty_gnomes.actions import Flip
from gremlinrules.gnaughty_gnomes.actions import Place
from gremlinrules.gnaughty_gnomes.actions import Play
from gremlinrules.gnaughty_gnomes.actions import PlayX
from gremlinrules.gnaughty_gnomes.board import BOARD
from gremlinrules.gnaughty_gnomes.components import Card
from gremlinrules.gnaughty_gnomes.components import Colour
from gremlinrules.gnaughty_gnomes.flow import current_player
from gremlinrules.gnaughty_gnomes.flow import guarded
from gremlinrules.gnaughty_gnomes.flow import position_to_act
from gremlinrules.gnaughty_gnomes.flow import scores
from gremlinrules.gnaughty_gnomes.flow import winners
from gremlinrules.gnaughty_gnomes.flow import winning_team
from gremlinrules.gnaughty_gnomes.frames import Placement
from gremlinrules.gnaughty_gnomes.rules import canonical
from gremlinrules.gnaughty_gnomes.state import Options
from gremlinrules.gnaughty_gnomes.state import Phase
from gremlinrules.gnaughty_gnomes.state import Played
from gremlinrules.gnaughty_gnomes.state import State

__all__ = ["View", "describe", "observe", "scores", "winners", "winning_team"]


@attrs.frozen(slots=True)
class View:
    """What one seat (or a spectator) sees: no other hand, no face-down dummy card, no generator.

    The first eight fields are the same in every game of the library; the rest are
    Gnaughty Gnomes' table, by name. Positions 0-3 sit clockwise and partners sit
    opposite: team 0 is positions 0 and 2, team 1 positions 1 and 3 (GG-SEAT-1). With
    two players, seat 0 decides for positions 0 and 2, seat 1 for 1 and 3 (GG-2P-3).
    """

    seat: int | None
    """The seat this view belongs to, or None for a spectator."""
    players: int
    """2 (each seat with a dummy partner) or 4."""
    current_player: int | None
    """The seat that decides now (a dummy's partner for a dummy), or None at the end."""
    phase: Phase
    """``"play"`` while tricks are played and placed, ``"over"`` after the eighth trick."""
    pending: Placement | None
    """The placement frame on top of the decision stack (public: who places, for which
    position and turn-order place), or None while cards are played and at the end."""
    scores: tuple[int, ...]
    """Each seat's score: its team's (partners share one score); public."""
    winners: tuple[int, ...]
    """The winning seats once the game is over, else empty."""
    options: Options
    """The table's options (the rule readings in force)."""
    position_to_act: int | None
    """The table position whose decision is pending (a dummy's own position in the two-player
    game), or None at the end."""
    team_scores: tuple[int, int]
    """Team 0's and team 1's scores."""
    layout: tuple[Colour, ...]
    """The garden's 13 hex colours in board order, ``"white"`` the centre (GG-BOARD-1)."""
    track: tuple[Colour, ...]
    """The suits on the strength track, strongest first (GG-TRACK-1)."""
    hand: tuple[Card, ...] | None
    """The seat's own held cards (its position's); None for a spectator, who holds none (as in
    every game's view)."""
    face_up: tuple[tuple[Card, ...], ...]
    """Per position, the cards lying face up (a dummy's X card and pile tops; every card left
    at the end, GG-VIEW-2); empty for a player's position."""
    face_down: tuple[int, ...]
    """Per position, how many face-down dummy cards it has (hidden from everyone, GG-2P-2)."""
    hand_sizes: tuple[int, ...]
    """Per position, cards still to be played (held, face up and face down)."""
    gnomes: tuple[int | None, ...]
    """Per spot of the garden (edges, then corners; see ``board.BOARD.spots``): the team whose
    gnome stands there, or None while open."""
    supply: tuple[int, ...]
    """Per position, gnomes not yet placed."""
    trick: int
    """Tricks finished so far (0-8)."""
    leader: int
    """The position that led the current trick."""
    plays: tuple[Played, ...]
    """The current trick's cards in the order played."""
    order: tuple[int, ...]
    """Once the fourth card is down: indices into ``plays`` by turn-order place 1-4
    (winner first); empty before."""
    flipped: tuple[bool, ...]
    """Per entry of ``plays``: already used in the placement round."""
    history: tuple[tuple[Played, ...], ...]
    """Every finished trick: discarded cards stay public knowledge (GG-CLEAN-2); empty with the
    option ``past_tricks="hidden"``, for tables that do not review past tricks."""

    def _repr_svg_(self) -> str:
        """This view's picture, for notebooks (see :mod:`gremlinrules.svg`)."""
        return draw(self)  # the drawer the top level installs in the core (drawing is optional)


@guarded
def observe(state: State, player: int | None) -> View:
    """The view of seat ``player``, or the spectator's for None: public information only (GG-VIEW-1)."""
    check_type(state, State, "Gnaughty Gnomes State")
    seat = None if player is None else check_seat(player, state.players)
    over = state.phase is Phase.OVER
    # Dummy cards lie face up; at the end every card left is shown for the tie-break (GG-VIEW-2).
    face_up = tuple(
        state.hands[pos] + tuple(up for _, up in state.piles[pos] if up is not None)
        if state.piles[pos] or over else ()
        for pos in range(4)
    )
    # A dummy's face-down cards are hidden from everyone, its partner included (GG-2P-5).
    face_down = tuple(sum(1 for down, _ in p if down is not None) for p in state.piles)
    sizes = tuple(len(state.hands[pos]) + sum((d is not None) + (u is not None) for d, u in state.piles[pos])
                  for pos in range(4))
    return View(
        seat=seat, players=state.players, current_player=current_player(state), phase=state.phase,
        pending=state.stack[-1] if state.stack else None, scores=scores(state), winners=winners(state),
        options=state.options, position_to_act=None if over else position_to_act(state),
        team_scores=state.team_scores, layout=state.layout, track=state.track,
        hand=None if seat is None else state.hands[seat], face_up=face_up, face_down=face_down,
        hand_sizes=sizes, gnomes=state.gnomes, supply=state.supply, trick=state.trick,
        leader=state.leader, plays=state.plays, order=state.order, flipped=state.flipped,
        # Finished tricks stay public (GG-CLEAN-2), unless the table does not review them.
        history=() if state.options.past_tricks == "hidden" else state.history,
    )


@guarded
def end_reason(state: State) -> str | None:
    """The clause that ended the game (every game ends after its eighth trick, GG-END-1);
    None while it goes on."""
    check_type(state, State, "Gnaughty Gnomes State")
    return "GG-END-1" if state.phase is Phase.OVER else None


@guarded
def describe(state: State, action: Any) -> str:
    """One readable line for ``action`` taken in ``state`` (for logs and the demo).

    Anything that is none of the game's 468 actions (a suit that is no colour, a rank or spot
    out of range) is described by a short, safe ``repr`` of it, never formatted field by field.
    """
    check_type(state, State, "Gnaughty Gnomes State")
    pos = position_to_act(state)
    who = f"Seat {pos}" if state.players == 4 or pos < 2 else f"Seat {pos % 2} (for its dummy)"
    canon = canonical(action)
    if isinstance(canon, Play):
        return f"{who} plays {canon.card}"
    if isinstance(canon, PlayX):
        return f"{who} plays the {canon.suit.value} X as {canon.rank} {'high' if canon.high else 'low'}"
    if isinstance(canon, Place):
        return f"{who} uses the {canon.suit.value} card and places a gnome {_where(state, canon.spot)}"
    if isinstance(canon, Flip):
        return f"{who} flips the {canon.suit.value} card: no open spot for a gnome"
    return f"{who}: {shown(action)} (not a Gnaughty Gnomes action)"


def _where(state: State, spot: int) -> str:
    """Where a spot of the garden is, in words: the hexes (and their colours) it touches."""
    info = BOARD.spots[spot]
    hexes = " / ".join(f"{state.layout[h].value} hex {h}" for h in info.board_hexes)
    if info.kind == "edge" and len(info.board_hexes) == 1:
        return f"on the rim side of the {hexes} (edge {spot})"
    between = "side between" if info.kind == "edge" else "corner of"
    return f"on the {between} {hexes} ({info.kind} {spot})"
