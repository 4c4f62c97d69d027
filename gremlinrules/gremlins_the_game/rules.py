"""The rules of Gremlins: The Game as a rule book: one check and one effect per action kind, one
decision per kind of pending frame.

This module is the readable reference (the package's default ``legal_actions``, ``is_legal``
and ``apply`` are the faster ones of :mod:`.fast`, held to these by a differential test;
``get_game("gremlins-the-game", reference=True)`` plays with these).

A turn is one Move (GTG-TURN-1, GTG-MOVE-1); everything the move lands on is resolved by the
steps of :mod:`.flow`, and every choice on the way is a frame: the fight (Defeat or LetEscape,
GTG-FIGHT-1), a theater space (GTG-THEATER-1), a discard (GTG-WEAPON-2) and the event cards'
choices (GTG-EVENT-2).
"""

from __future__ import annotations

from functools import partial
from typing import Any

from gremlinrules.core.errors import shown
from gremlinrules.core.messages import message
from gremlinrules.core.rulebook import Decision
from gremlinrules.core.rulebook import Reason
from gremlinrules.core.rulebook import Rule
from gremlinrules.core.rulebook import RuleBook
from gremlinrules.core.step import Step
from gremlinrules.core.turns import game_over
from gremlinrules.core.turns import seat_count
from gremlinrules.core.turns import seat_to_decide
from gremlinrules.gremlins_the_game import flow
from gremlinrules.gremlins_the_game.actions import ACTION_TYPES
from gremlinrules.gremlins_the_game.actions import LET_ESCAPE
from gremlinrules.gremlins_the_game.actions import Choose
from gremlinrules.gremlins_the_game.actions import Defeat
from gremlinrules.gremlins_the_game.actions import Discard
from gremlinrules.gremlins_the_game.actions import LetEscape
from gremlinrules.gremlins_the_game.actions import Move
from gremlinrules.gremlins_the_game.components import covers
from gremlinrules.gremlins_the_game.components import tables
from gremlinrules.gremlins_the_game.events import Acted
from gremlinrules.gremlins_the_game.frames import EscapeToTheater
from gremlinrules.gremlins_the_game.frames import EventDiscard
from gremlinrules.gremlins_the_game.frames import Fight
from gremlinrules.gremlins_the_game.frames import GangToTheater
from gremlinrules.gremlins_the_game.frames import HandLimit
from gremlinrules.gremlins_the_game.frames import MoveGremlin
from gremlinrules.gremlins_the_game.frames import PendingFrame
from gremlinrules.gremlins_the_game.frames import PickGremlin
from gremlinrules.gremlins_the_game.frames import PlaceGremlin
from gremlinrules.gremlins_the_game.state import Phase
from gremlinrules.gremlins_the_game.state import State

__all__ = [
    "BOOK", "apply", "apply_with_events", "check", "current_player", "fight_choices", "is_legal",
    "is_terminal", "legal_actions", "players",
]

_TITLE = "Gremlins: The Game"


players = seat_count(State, f"{_TITLE} State", __name__)


is_terminal = game_over(State, Phase.OVER, __name__, "True once the game has ended (GTG-STRIPE-2, "
                        "GTG-STRIPE-4, GTG-END-4).", f"{_TITLE} State")


current_player = seat_to_decide(State, Phase.OVER, __name__, "The seat that must decide: the pending "
                                "frame's seat, else the turn owner; None at the end.")


# --- what is an action of this game ------------------------------------------------------------


def _word(value: Any) -> bool:
    return type(value) is str and len(value) <= 40


def malformed(s: State, action: Any) -> Reason | None:
    """Why ``action`` is not one of the game's actions at this table (a field that names no
    space or weapon), or None."""
    kind = type(action)
    if kind not in ACTION_TYPES:
        return message("gtg.illegal.not-an-action", "{value} is not a Gremlins: The Game action",
                       value=shown(action)), "GTG-TURN-1"
    if kind is Move or kind is Choose:
        where = action.to if kind is Move else action.space
        if not _word(where) or where not in flow.geo(s).index:
            return message("gtg.illegal.no-space", "{value} is not a space of the map",
                           value=shown(where)), "GTG-MOVE-1"
    elif kind is Discard:
        if not _word(action.weapon) or action.weapon not in tables(s.components).weapon_index:
            return message("gtg.illegal.no-weapon", "{value} is not a weapon card",
                           value=shown(action.weapon)), "GTG-WEAPON-2"
    elif kind is Defeat:
        index = tables(s.components).weapon_index
        ws = action.weapons
        if type(ws) is not tuple or not 1 <= len(ws) <= 7 or not all(_word(w) and w in index for w in ws):
            return message("gtg.illegal.no-weapons", "{value} is not a set of weapon cards",
                           value=shown(ws)), "GTG-FIGHT-2"
    return None


# --- the check and effect of the turn's one action ----------------------------------------------


def check_move(s: State, action: Move) -> Reason | None:
    """GTG-MOVE-1 to GTG-MOVE-5, GTG-SQUARE-3, GTG-SQUARE-4, GTG-SQUARE-6: the destination is one
    the movement rules allow (see :func:`.flow.destinations`). The rule book asks it only with
    no frame pending in a game going on, so the move is not made yet."""
    if action.to in flow.destinations(s):
        return None
    if action.to == s.positions[s.turn]:
        return "You must move at least one space when you can", "GTG-MOVE-2"
    g = flow.geo(s)
    if s.positions.count(action.to) or action.to in g.starts[: s.players]:
        return "You may pass through, but not stop on, another player or their Start", "GTG-MOVE-3"
    if action.to in g.square and flow.first_turn(s) and flow.enters_square(s, s.positions[s.turn]):
        return "No one may enter the Town Square on their first turn", "GTG-SQUARE-4"
    return message("gtg.illegal.unreachable", "{space} is not within six steps of your move",
                   space=action.to), "GTG-MOVE-1"


def move(s: State, action: Move) -> Step[State]:
    """GTG-MOVE-1, GTG-SQUARE-6: see :func:`.flow.move`."""
    return flow.told(s, flow.move(s, action.to))


# --- the decisions on the stack -----------------------------------------------------------------


def fight_choices(s: State, frame: Fight) -> tuple[Any, ...]:
    """GTG-FIGHT-2: one Defeat per minimal covering set of weapon cards in the hand, then
    LetEscape (GTG-FIGHT-4: always allowed)."""
    t = tables(s.components)
    needs = t.gremlin_needs[frame.gremlin]
    found = covers(needs, t.weapon_symbols, tuple(t.weapon_index), hand=s.hands[frame.seat])
    return (*(Defeat(w) for w in found), LET_ESCAPE)


def _fight(s: State, frame: Fight, action: Any) -> Step[State]:
    if type(action) is LetEscape:
        return flow.told(s, flow.escape(s, frame))
    return flow.told(s, flow.defeat(s, frame, action.weapons))


def _spaces(s: State, names: tuple[str, ...]) -> tuple[Choose, ...]:
    g = flow.geo(s)
    return tuple(g.chooses[g.index[n]] for n in names)


def theater_choices(s: State, _: PendingFrame) -> tuple[Choose, ...]:
    """GTG-THEATER-1: every empty theater space without words or a player."""
    return _spaces(s, flow.empty_theater(s))


def place_choices(s: State, _: PendingFrame) -> tuple[Choose, ...]:
    """GTG-EVENT-2 add_gremlins: every empty Gremlin space."""
    return _spaces(s, flow.empty_gremlin_spaces(s))


def move_from_choices(s: State, _: PickGremlin) -> tuple[Choose, ...]:
    """GTG-EVENT-2 move_gremlins: every face-down gremlin on the board."""
    return _spaces(s, flow.movable_gremlins(s))


def discard_choices(s: State, frame: HandLimit | EventDiscard) -> tuple[Discard, ...]:
    """GTG-WEAPON-2: one Discard per kind of weapon card in the hand."""
    seen: list[str] = []
    for w in s.hands[frame.seat]:
        if not seen or seen[-1] != w:
            seen.append(w)
    return tuple(Discard(w) for w in seen)


def _over(s: State) -> Reason | None:
    return ("The game is over", "GTG-END-1") if s.phase is Phase.OVER else None


def _generate(s: State) -> tuple[Any, ...]:
    """With no frame pending (in a game going on), the legal actions are the Moves to the
    destinations."""
    g = flow.geo(s)
    return tuple(g.moves[g.index[n]] for n in flow.destinations(s))


def _announce(s: State, action: Any) -> tuple[Acted]:
    """Every decision is made in the open: the action is its first event."""
    return (Acted(s.stack[-1].seat if s.stack else s.turn, action),)


_THEATER = "Choose an empty Movie Theater space for the gremlin"
_DISCARD = "Discard a weapon card from your hand"


def _told(resume: Any) -> Any:
    """``resume`` (state, frame, space or card) as a decision's resume of a Choose or Discard,
    its events in the published order (``flow.told``). A partial of a module function, not a
    closure, so that what :func:`_answer` does is looked up when it runs (the mutation tests
    switch its mutants on after import)."""
    return partial(_answer, resume)


def _answer(resume: Any, s: State, frame: Any, action: Any) -> Step[State]:
    """The answer ``action`` to ``frame`` resumed by ``resume``, its events in the published order."""
    return flow.told(s, resume(s, frame, action.space if type(action) is Choose else action.weapon))


BOOK: RuleBook[State] = RuleBook(
    title=_TITLE,
    state_type=State,
    rules=[Rule(Move, check_move, move)],
    decisions=[
        Decision(Fight, (Defeat, LetEscape), "GTG-FIGHT-1",
                 "Defeat the gremlin with weapon cards that match all its symbols, or let it escape",
                 fight_choices, _fight,
                 refuse=lambda s, f, a: ("Those weapon cards are not a minimal set you hold that "
                                         "matches all the gremlin's symbols", "GTG-FIGHT-2")),
        Decision(EscapeToTheater, Choose, "GTG-THEATER-1", _THEATER, theater_choices, _told(flow.to_theater)),
        Decision(GangToTheater, Choose, "GTG-THEATER-1", _THEATER, theater_choices,
                 _told(flow.gang_to_theater)),
        Decision(HandLimit, Discard, "GTG-WEAPON-2", _DISCARD, discard_choices, _told(flow.discard)),
        Decision(EventDiscard, Discard, "GTG-WEAPON-2", _DISCARD, discard_choices, _told(flow.discard)),
        Decision(PlaceGremlin, Choose, "GTG-EVENT-2", "Choose an empty Gremlin space for the new gremlin",
                 place_choices, _told(flow.place)),
        Decision(PickGremlin, Choose, "GTG-EVENT-2", "Choose a face-down gremlin to move",
                 move_from_choices, _told(flow.move_from)),
        Decision(MoveGremlin, Choose, "GTG-EVENT-2", "Choose the empty Gremlin space it moves to",
                 place_choices, _told(flow.move_to)),
    ],
    over=_over,
    generate=_generate,
    screen=malformed,
    announce=_announce,
)
"""The rule book: the Move's check and effect, and the decisions of the eight kinds of frame."""

check, is_legal, legal_actions = BOOK.check, BOOK.is_legal, BOOK.legal_actions
apply, apply_with_events = BOOK.apply, BOOK.apply_with_events
