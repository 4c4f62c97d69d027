"""What one seat may know (GI-VIEW-1 to GI-VIEW-4).

Public: scores (and team scores), revealed projects, every project's resources by type, active
permanents, the card being resolved, the discard pile, hand and deck sizes, reshuffles, the
pending decision. Private: a seat's hand, the cards of its own face-down projects, the cards it
assigned (unless ``reveal_resources``), and the face-down projects of others it saw face up
before they were hidden again (GI-VIEW-3). Never the generator or the deck order.
"""

from __future__ import annotations

from typing import Any

import attrs

from gremlinrules.core.checks import check_seat
from gremlinrules.core.checks import check_type
from gremlinrules.core.checks import guarded
from gremlinrules.core.errors import shown
from gremlinrules.core.registry import draw
from gremlinrules.gremlins_inc.actions import Assign
from gremlinrules.gremlins_inc.actions import Cancel
from gremlinrules.gremlins_inc.actions import ChoosePlayer
from gremlinrules.gremlins_inc.actions import ChooseProject
from gremlinrules.gremlins_inc.actions import ChooseResource
from gremlinrules.gremlins_inc.actions import ChooseSelf
from gremlinrules.gremlins_inc.actions import Complete
from gremlinrules.gremlins_inc.actions import Discard
from gremlinrules.gremlins_inc.actions import Done
from gremlinrules.gremlins_inc.actions import EndTurn
from gremlinrules.gremlins_inc.actions import Play
from gremlinrules.gremlins_inc.actions import Start
from gremlinrules.gremlins_inc.flow import actions_allowed
from gremlinrules.gremlins_inc.flow import cards_of
from gremlinrules.gremlins_inc.flow import ending
from gremlinrules.gremlins_inc.flow import team_totals
from gremlinrules.gremlins_inc.frames import PendingFrame
from gremlinrules.gremlins_inc.state import Options
from gremlinrules.gremlins_inc.state import Phase
from gremlinrules.gremlins_inc.state import State

__all__ = ["ProjectView", "View", "describe", "observe", "scores", "winners"]

_NAME = "Gremlins, Inc. State"


@attrs.frozen(slots=True)
class ProjectView:
    """A project as a seat sees it."""

    uid: int
    """The project's number (public; kept when it is stolen)."""
    card: str | None
    """Its card if it is face up, the viewer's own, or one the viewer saw face up before; else None."""
    face_up: bool
    resources: tuple[str, ...]
    """The type of each assigned card, in the order assigned (public)."""
    resource_cards: tuple[str, ...] | None
    """The assigned cards themselves, for their owner (for everyone under ``reveal_resources``)."""


@attrs.frozen(slots=True)
class View:
    """The table as one seat sees it, or a spectator's (``seat`` None: public information only).
    The first eight fields are the same in every game."""

    seat: int | None
    """The seat this view belongs to; None for a spectator."""
    players: int
    current_player: int | None
    """The seat that decides now (a frame's seat, else the turn owner); None once the game is over."""
    phase: Phase
    pending: PendingFrame | None
    """The decision waiting on top of the stack (frames are public), or None."""
    scores: tuple[int, ...]
    """Each seat's own score (kept in team play too, GI-TEAM-3)."""
    winners: tuple[int, ...]
    """Empty until the game is over."""
    options: Options
    teams: tuple[int, ...]
    """The team of each seat (each seat its own without teams)."""
    team_scores: tuple[int, ...]
    """Each team's score, the sum of its members' (GI-TEAM-3)."""
    turn: int
    """The seat whose turn it is."""
    first_player: int
    round: int
    actions_used: int
    actions_allowed: int
    """Actions the turn owner has this turn (GI-TURN-1, GI-PASSIVE-4)."""
    hand: tuple[str, ...] | None
    """This seat's hand, sorted; None for a spectator."""
    hand_sizes: tuple[int, ...]
    deck_size: int
    discard: tuple[str, ...]
    """The discard pile (face up), sorted."""
    reshuffles: int
    projects: tuple[tuple[ProjectView, ...], ...]
    """Each seat's projects, by index."""
    permanents: tuple[tuple[str, ...], ...]
    """Each seat's active blueprint-permanents."""
    resolving: str | None
    """The card being played or completed while its effect resolves, or None."""
    extra_turns: int = 0
    """Extra turns the turn owner takes right after this turn (public, GI-TURN-4)."""

    def _repr_svg_(self) -> str:
        """This view's picture, for notebooks (see :mod:`gremlinrules.svg`)."""
        return draw(self)  # the drawer the top level installs in the core (drawing is optional)


def _project(s: State, owner: int, p: Any, viewer: int | None, types: dict[str, str]) -> ProjectView:
    mine = viewer == owner
    # GI-VIEW-2: a face-down card is its owner's secret; GI-VIEW-3: or remembered from before
    known = p.face_up or mine or (viewer is not None and p.uid in s.seen[viewer])
    res = tuple(types[c] for c in p.resources)
    return ProjectView(p.uid, p.card if known else None, p.face_up, res,
                       p.resources if mine or s.options.reveal_resources else None)


@guarded
def observe(s: State, player: int | None) -> View:
    """Exactly what ``player`` may know now; with ``player`` None, what a spectator may know."""
    check_type(s, State, _NAME)
    p = None if player is None else check_seat(player, s.players)
    cards = cards_of(s)
    types = {c: cards[c].resource for c in cards}
    over = s.phase is Phase.OVER
    return View(
        seat=p, players=s.players,
        current_player=None if over else (s.stack[-1].seat if s.stack else s.turn),
        phase=s.phase, pending=s.stack[-1] if s.stack else None, scores=s.scores, winners=s.winners,
        options=s.options, teams=s.teams, team_scores=team_totals(s), turn=s.turn,
        first_player=s.first_player, round=s.round, actions_used=s.actions_used,
        actions_allowed=actions_allowed(s, s.turn), hand=None if p is None else s.hands[p],
        hand_sizes=tuple(len(h) for h in s.hands), deck_size=len(s.deck), discard=s.discard,
        reshuffles=s.reshuffles,
        projects=tuple(tuple(_project(s, o, x, p, types) for x in row) for o, row in enumerate(s.projects)),
        permanents=s.permanents, resolving=s.resolving or None, extra_turns=s.extra_turns,
    )


@guarded
def scores(s: State) -> tuple[int, ...]:
    """Each seat's score."""
    check_type(s, State, _NAME)
    return s.scores


@guarded
def winners(s: State) -> tuple[int, ...]:
    """The winning seats (the whole winning team in team play); empty until the game is over."""
    check_type(s, State, _NAME)
    return s.winners


@guarded
def end_reason(s: State) -> str | None:
    """The clause that ended the game, in the order the end check reads them: the target score
    (GI-END-2), the reshuffles (GI-END-3), else the round limit of the house rule (GI-BOUND-1);
    None while it goes on."""
    check_type(s, State, _NAME)
    return (ending(s) or "GI-BOUND-1") if s.phase is Phase.OVER else None


def _short(value: Any) -> Any:
    return value if (type(value) is str and len(value) <= 40) or (
        type(value) is int and -1000 < value < 1000) else shown(value)


@guarded
def describe(s: State, action: Any) -> str:
    """One readable line for ``action`` taken in ``s`` (by the seat that decides)."""
    check_type(s, State, _NAME)
    seat = s.stack[-1].seat if s.stack else s.turn
    who = f"Seat {seat}"
    kind = type(action)
    if kind is Start:
        how = " face up" if action.face_up is True else ""
        return f"{who} starts a project with {_short(action.card)}{how}"
    if kind is ChoosePlayer:
        if type(action.offset) is int and 0 < action.offset < s.players:
            return f"{who} chooses seat {(seat + action.offset) % s.players}"
        return f"{who} chooses the player {_short(action.offset)} seats after them"
    phrase = _PHRASES.get(kind)
    if phrase is None:
        return f"{who}: {shown(action)}"
    return f"{who} " + phrase.format_map(_Fields(action))


class _Fields(dict[str, Any]):
    """An action's fields by name, each shown as :func:`_short` shows it (for ``str.format_map``)."""

    def __init__(self, action: Any) -> None:
        super().__init__()
        self.action = action

    def __missing__(self, name: str) -> Any:
        return _short(getattr(self.action, name))


_PHRASES: dict[type, str] = {
    Assign: "assigns {card} to project {project}",
    Play: "plays {card}",
    Complete: "completes project {project}",
    Cancel: "cancels project {project}",
    EndTurn: "ends the turn",
    ChooseSelf: "chooses themselves",
    ChooseProject: "chooses project {project} of seat {seat}",
    ChooseResource: "takes a {resource} resource",
    Discard: "discards {card}",
    Done: "is done",
}
"""What ``describe`` says a seat does with each kind of action but Start and ChoosePlayer (whose
words depend on more than the action's fields), its fields in braces."""
