"""The rules of No Good Gremlins as a rule book: one check and one effect per action kind.

This module is the readable reference (the package's default ``legal_actions``,
``is_legal`` and ``apply`` are the faster ones of :mod:`.fast`, held to these by
differential tests; ``get_game("no-good-gremlins", reference=True)`` plays with
these). Each check returns None when the action is legal, else a sentence and
the clause id that forbids it; each effect is only ever called on a legal
action and never tests legality again.

A turn runs through the phases of :class:`~.state.Phase`: the opening (DrawTwo
or TakeScrap, NGG-TURN-1; in a final turn only TakeScrap, NGG-FINALE-3), the
discard after a draw (NGG-TURN-2), then the main part (builds, launches, free
actions, EndTurn). One decision interrupts a turn and so is a frame on the
decision stack instead: under ``wanderer_tie="holder_chooses"`` the holder feeds
the Wandering Gremlin one of the tied rockets (a :class:`~.frames.MealChoice`,
NGG-WANDER-5).

Every effect returns a :class:`~gremlinrules.core.step.Step` (the next state and the
events it caused); the rule book puts the ``Acted`` event first, so
:func:`apply_with_events` is the game's one source of events and :func:`apply` its
state.

Where a check cites several clauses, the first that forbids the action is
given. Free actions (Scrap, Bribe) come after the opening, or before it too under
``free_actions_before_opening`` (NGG-FREE-1), and not in a final turn unless
``finale_free_actions`` (NGG-FINALE-5). A turn has one main action (a build of up
to two cards, or a launch; NGG-TURN-6), more from copper and steel bribes.
"""

from __future__ import annotations

from typing import Any

from gremlinrules.core.errors import shown
from gremlinrules.core.lookup import ActionLookup
from gremlinrules.core.messages import Message
from gremlinrules.core.messages import message
from gremlinrules.core.rulebook import Decision
from gremlinrules.core.rulebook import Reason
from gremlinrules.core.rulebook import Rule
from gremlinrules.core.rulebook import RuleBook
from gremlinrules.core.step import Step
from gremlinrules.core.turns import game_over
from gremlinrules.core.turns import seat_count
from gremlinrules.core.turns import seat_to_decide
from gremlinrules.core.zones import next_seat
from gremlinrules.no_good_gremlins.actions import ACTION_TYPES
from gremlinrules.no_good_gremlins.actions import ALL_ACTIONS
from gremlinrules.no_good_gremlins.actions import FEEDS
from gremlinrules.no_good_gremlins.actions import MATERIAL_INDEX
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
from gremlinrules.no_good_gremlins.events import Acted
from gremlinrules.no_good_gremlins.events import Launched
from gremlinrules.no_good_gremlins.flow import draw
from gremlinrules.no_good_gremlins.flow import end_turn
from gremlinrules.no_good_gremlins.flow import feed
from gremlinrules.no_good_gremlins.flow import launch_medals
from gremlinrules.no_good_gremlins.flow import moved
from gremlinrules.no_good_gremlins.flow import replace
from gremlinrules.no_good_gremlins.flow import with_item
from gremlinrules.no_good_gremlins.flow import with_row
from gremlinrules.no_good_gremlins.frames import MealChoice
from gremlinrules.no_good_gremlins.state import Phase
from gremlinrules.no_good_gremlins.state import State

__all__ = [
    "BOOK", "apply", "apply_with_events", "check", "current_player", "free_action_refused", "is_legal",
    "is_terminal",
    "launch_type", "legal_actions", "material_of", "players", "taken_from_scrapheap",
]

_NAMES = tuple(m.value for m in MATERIALS)
_TITLE = "No Good Gremlins"

# --- whose decision --------------------------------------------------------------------------


players = seat_count(State, "No Good Gremlins State", __name__)


is_terminal = game_over(State, Phase.OVER, __name__,
                        "True once the finale's launches are done (NGG-FINALE-6).")


current_player = seat_to_decide(State, Phase.OVER, __name__, "The seat that must decide: the pending "
                                "frame's seat, else the turn owner; None at the end.")


# --- what is an action of this game ----------------------------------------------------------

_MATERIAL: ActionLookup[int] = ActionLookup({
    a: MATERIAL_INDEX[a.material] if hasattr(a, "material") else -1 for a in ALL_ACTIONS})


def material_of(action: Any) -> int | None:
    """The material index of one of the game's 45 actions (-1 for none), or None when ``action``
    is not one of them (a wrong class, a field that is not a Material)."""
    return _MATERIAL.get(action)


def _malformed(action: Any) -> Reason:
    """The reason for something that is not one of the game's actions (NGG-DATA-1: six types)."""
    if type(action) in ACTION_TYPES and hasattr(action, "material"):
        return message("ngg.illegal.not-a-material", "{value} is not a material type",
                       value=shown(action.material)), "NGG-DATA-1"
    return message("ngg.illegal.not-an-action", "{value} is not a No Good Gremlins action",
                   value=shown(action)), "NGG-TURN-1"


def _no_card(t: int) -> Message:
    return message("ngg.illegal.no-card", "You have no {material} card", material=_NAMES[t])


def _over(s: State) -> Reason | None:
    return ("The game is over", "NGG-FINALE-6") if s.phase is Phase.OVER else None


# --- the checks ------------------------------------------------------------------------------


def free_action_refused(s: State) -> Reason | None:
    """NGG-FREE-1, NGG-FINALE-5: may the turn owner take a free action (scrap, bribe) now."""
    phase = s.phase
    before_opening = phase in (Phase.OPENING, Phase.FINAL_OPENING) and s.options.free_actions_before_opening
    if phase is not Phase.MAIN and not before_opening:
        if phase is Phase.DISCARD:
            return "First put one of your cards on the scrapheap", "NGG-FREE-1"
        return "Free actions come after you draw or take from the scrapheap", "NGG-FREE-1"
    if s.final_turn and not s.options.finale_free_actions:
        return "No free actions in a final turn", "NGG-FINALE-5"
    return None


def check_draw_two(s: State, _: DrawTwo) -> Reason | None:
    """NGG-TURN-1: a normal turn opens by drawing two (NGG-TURN-2) or taking from the scrapheap;
    NGG-FINALE-3: a final turn only takes. NGG-HAND-3: an empty deck skips the draw, not the
    opening (it can be empty here only after a bribe's draw under free_actions_before_opening)."""
    if s.phase is Phase.FINAL_OPENING:
        return "No drawing in a final turn: take from the scrapheap", "NGG-FINALE-3"
    if s.phase is not Phase.OPENING:
        return "You draw only at the start of your turn", "NGG-TURN-1"
    return None


def check_take_scrap(s: State, _: TakeScrap) -> Reason | None:
    """NGG-TURN-1, NGG-FINALE-3: taking opens a turn, normal or final; NGG-TURN-3: it needs a
    non-empty scrapheap."""
    if s.phase is not Phase.OPENING and s.phase is not Phase.FINAL_OPENING:
        return "You take from the scrapheap only at the start of your turn", "NGG-TURN-1"
    if not s.scrapheap:
        return "The scrapheap is empty", "NGG-TURN-3"
    return None


def check_discard(s: State, action: Discard) -> Reason | None:
    """NGG-TURN-2: after drawing two, one card of the hand goes onto the scrapheap."""
    t = MATERIAL_INDEX[action.material]
    if s.phase is not Phase.DISCARD:
        return "You put a card on the scrapheap only after drawing two", "NGG-TURN-2"
    if not s.hands[s.turn][t]:
        return _no_card(t), "NGG-TURN-2"
    return None


def check_build(s: State, action: Build) -> Reason | None:
    """NGG-TURN-6: a build action (up to two cards) spends the main action or a build-only one;
    NGG-BUILD-1: the card comes from the hand; NGG-BUILD-2: at most three rockets on a pad."""
    t = MATERIAL_INDEX[action.material]
    if s.phase is not Phase.MAIN:
        return "Finish the start of your turn first", "NGG-TURN-1"
    if not (s.open_build or s.builds or s.mains):
        return "You have no build action left this turn", "NGG-TURN-6"
    if not s.hands[s.turn][t]:
        return _no_card(t), "NGG-BUILD-1"
    pad = s.pads[s.turn]
    if not pad[t] and sum(1 for size in pad if size) >= 3:
        return "Your launch pad already holds three rockets", "NGG-BUILD-2"
    return None


def check_launch(s: State, action: Launch) -> Reason | None:
    """NGG-TURN-6: a launch is the main action; NGG-LAUNCH-1: only a complete rocket launches."""
    t = MATERIAL_INDEX[action.material]
    if s.phase is not Phase.MAIN:
        return "Finish the start of your turn first", "NGG-TURN-1"
    if not s.mains:
        return "You have no main action left this turn", "NGG-TURN-6"
    cost = s.components.launch_costs[t]
    size = s.pads[s.turn][t]
    if size < cost:
        text = f"{_NAMES[t].capitalize()} rocket needs {cost} cards to launch; it has {size}"
        return Message(text, "ngg.illegal.rocket-incomplete",
                       {"material": _NAMES[t], "cost": cost, "size": size}), "NGG-LAUNCH-1"
    return None


def check_chrome_launch(s: State, action: ChromeLaunch) -> Reason | None:
    """NGG-BRIBE-6: each chrome bribe launches one rocket, complete or not; NGG-BRIBE-8: an extra
    launch (no main action, NGG-BRIBE-7), or under ``chrome_launch="main"`` the turn's main action."""
    t = MATERIAL_INDEX[action.material]
    if s.phase is not Phase.MAIN:
        return "Finish the start of your turn first", "NGG-TURN-1"
    if not s.chrome:
        return "Only a chrome bribe lets you launch an incomplete rocket", "NGG-BRIBE-6"
    if not s.mains and s.options.chrome_launch == "main":
        return "The chrome launch uses your main action, and none is left", "NGG-BRIBE-8"
    if not s.pads[s.turn][t]:
        return message("ngg.illegal.no-rocket", "You have no {material} rocket",
                       material=_NAMES[t]), "NGG-BRIBE-6"
    return None


def check_scrap(s: State, action: Scrap) -> Reason | None:
    """NGG-FREE-2: a free action that scraps one of your rockets."""
    t = MATERIAL_INDEX[action.material]
    why = free_action_refused(s)
    if why is not None:
        return why
    if not s.pads[s.turn][t]:
        return message("ngg.illegal.no-rocket-to-scrap", "You have no {material} rocket to scrap",
                       material=_NAMES[t]), "NGG-FREE-2"
    return None


def check_bribe(s: State, action: Bribe) -> Reason | None:
    """NGG-FREE-3: a free action of the Wandering Gremlin's holder, paying a card of the hand;
    NGG-BRIBE-7: as often as the holder likes, even to no use."""
    t = MATERIAL_INDEX[action.material]
    why = free_action_refused(s)
    if why is not None:
        return why
    if s.wanderer != s.turn:
        return "The Wandering Gremlin is not in front of you", "NGG-FREE-3"
    if not s.hands[s.turn][t]:
        return _no_card(t), "NGG-FREE-3"
    return None


def check_end_turn(s: State, _: EndTurn) -> Reason | None:
    """NGG-TURN-5: the turn ends by choice, once it has opened (NGG-TURN-1)."""
    return None if s.phase is Phase.MAIN else ("Finish the start of your turn first", "NGG-TURN-1")


# --- the effects -----------------------------------------------------------------------------


def draw_two(s: State, _: DrawTwo) -> Step[State]:
    """NGG-TURN-2: draw two (fewer, or none, from a running-out deck, NGG-HAND-3), then discard
    one; NGG-HAND-4: with no card in hand after the draw, the discard is skipped too."""
    drawn = draw(s, s.turn, 2, phase=Phase.DISCARD)
    return drawn if any(drawn.state.hands[s.turn]) else drawn.map(lambda d: replace(d, phase=Phase.MAIN))


def taken_from_scrapheap(heap: tuple[Any, ...], scrap_take: str) -> int:
    """NGG-TURN-3, NGG-TURN-4: how many cards a take lifts off ``heap`` (bottom first): the top
    card and the matching ones below it, every one ("all") or the unbroken run under it ("run")."""
    top = heap[-1]
    if scrap_take == "all":
        return heap.count(top)
    run = 1
    while run < len(heap) and heap[-1 - run] == top:
        run += 1
    return run


def take_scrap(s: State, _: TakeScrap) -> Step[State]:
    """NGG-TURN-3: take the top card and the matching ones below it (NGG-TURN-4 says which);
    the others keep their order."""
    heap = s.scrapheap
    top = heap[-1]
    taken = taken_from_scrapheap(heap, s.options.scrap_take)
    if s.options.scrap_take == "all":
        rest = tuple(card for card in heap if card != top)
    else:
        rest = heap[:len(heap) - taken]
    hand = s.hands[s.turn]
    hands = with_row(s.hands, s.turn, with_item(hand, top, hand[top] + taken))
    return Step(replace(s, scrapheap=rest, hands=hands, phase=Phase.MAIN))


def discard(s: State, action: Discard) -> Step[State]:
    """NGG-TURN-2: the card goes face up on top of the scrapheap."""
    t = MATERIAL_INDEX[action.material]
    hand = s.hands[s.turn]
    return Step(replace(s, hands=with_row(s.hands, s.turn, with_item(hand, t, hand[t] - 1)),
                        scrapheap=(*s.scrapheap, t), phase=Phase.MAIN))


def build(s: State, action: Build) -> Step[State]:
    """NGG-BUILD-1: the card goes onto the rocket of its type. NGG-TURN-6: a build action is up
    to two cards: the second card closes the open action; a first card spends a build-only
    action (copper bribe, final turn) before the main one."""
    t = MATERIAL_INDEX[action.material]
    seat = s.turn
    hand, pad = s.hands[seat], s.pads[seat]
    changes: dict[str, Any] = {
        "hands": with_row(s.hands, seat, with_item(hand, t, hand[t] - 1)),
        "pads": with_row(s.pads, seat, with_item(pad, t, pad[t] + 1)),
    }
    if s.open_build:
        changes["open_build"] = 0
    elif s.builds:
        changes.update(builds=s.builds - 1, open_build=1)
    else:
        changes.update(mains=s.mains - 1, open_build=1)
    return Step(replace(s, **changes))


def launch_type(s: State, t: int, won: int, **changes: Any) -> Step[State]:
    """The rocket of type ``t`` leaves the pad: ``won`` cards become medals, the rest are removed
    from the game; NGG-WANDER-1, NGG-WANDER-2: the launcher takes the Wandering Gremlin.
    Events: ``Launched``, and ``WandererMoved`` when the gremlin changes hands."""
    seat = s.turn
    size = s.pads[seat][t]
    held = s.medals[seat]
    after = replace(s, pads=with_row(s.pads, seat, with_item(s.pads[seat], t, 0)),
                    medals=with_row(s.medals, seat, with_item(held, t, held[t] + won)),
                    removed=with_item(s.removed, t, s.removed[t] + size - won), wanderer=seat, **changes)
    launched = Launched(seat, MATERIALS[t], size, won)
    return Step(after, (launched,) if s.wanderer == seat else (launched, moved(seat)))


def launch(s: State, action: Launch) -> Step[State]:
    """NGG-LAUNCH-2, NGG-LAUNCH-3: medals for the launch; the main action is spent."""
    t = MATERIAL_INDEX[action.material]
    won = launch_medals(s.pads[s.turn][t], s.components.launch_costs[t])
    return launch_type(s, t, won, mains=s.mains - 1, open_build=0)


def chrome_launch(s: State, action: ChromeLaunch) -> Step[State]:
    """NGG-BRIBE-6: one medal; NGG-BRIBE-7: no main action spent, an open build stays open;
    NGG-BRIBE-8 under ``chrome_launch="main"``: like a Launch, it spends the main action and
    closes an open build."""
    t = MATERIAL_INDEX[action.material]
    if s.options.chrome_launch == "main":
        return launch_type(s, t, 1, chrome=s.chrome - 1, mains=s.mains - 1, open_build=0)
    return launch_type(s, t, 1, chrome=s.chrome - 1)


def scrap(s: State, action: Scrap) -> Step[State]:
    """NGG-FREE-2: every card of the rocket goes onto the scrapheap; no medals."""
    t = MATERIAL_INDEX[action.material]
    seat = s.turn
    size = s.pads[seat][t]
    return Step(replace(s, pads=with_row(s.pads, seat, with_item(s.pads[seat], t, 0)),
                        scrapheap=s.scrapheap + (t,) * size))


def bribe(s: State, action: Bribe) -> Step[State]:
    """NGG-FREE-3: the card is removed from the game for its type's ability (NGG-BRIBE-7: the
    abilities of repeated bribes add up and lapse at the turn's end)."""
    t = MATERIAL_INDEX[action.material]
    seat = s.turn
    hand = with_item(s.hands[seat], t, s.hands[seat][t] - 1)
    s = replace(s, hands=with_row(s.hands, seat, hand), removed=with_item(s.removed, t, s.removed[t] + 1))
    if not any(hand) and s.options.hand_refill == "ever_empty":  # NGG-HAND-2, before any draw
        s = replace(s, hand_emptied=True)
    onward = next_seat(seat, s.players)
    if t == 0:  # NGG-BRIBE-1 rust: the Wandering Gremlin moves on
        return Step(replace(s, wanderer=onward), (moved(onward),) if onward != s.wanderer else ())
    if t == 1:  # NGG-BRIBE-2 wood: no eating this turn
        return Step(replace(s, no_eat=True))
    if t == 2:  # NGG-BRIBE-3 iron: draw one, and the Wandering Gremlin moves on
        return draw(s, seat, 1, between=(moved(onward),) if onward != s.wanderer else (), wanderer=onward)
    if t == 3:  # NGG-BRIBE-4 copper: one more build action
        return Step(replace(s, builds=s.builds + 1))
    if t == 4:  # NGG-BRIBE-5 steel: draw two, and one more main action
        return draw(s, seat, 2, mains=s.mains + 1)
    return Step(replace(s, chrome=s.chrome + 1))  # NGG-BRIBE-6 chrome: launch any one rocket


def end(s: State, _: EndTurn) -> Step[State]:
    """NGG-TURN-5: see :func:`.flow.end_turn` (the gremlin eats, the refill, the round's end)."""
    return end_turn(s)


# --- the decision on the stack ---------------------------------------------------------------


def feed_choices(_: State, frame: MealChoice) -> tuple[Feed, ...]:
    """NGG-WANDER-5: one Feed per tied rocket type the frame is bound to, rust to chrome."""
    return tuple(FEEDS[MATERIAL_INDEX[m]] for m in frame.among)


def feed_resume(s: State, frame: MealChoice, action: Feed) -> Step[State]:
    """NGG-WANDER-5: the gremlin eats a card of the chosen rocket; the turn's end goes on."""
    return feed(s, frame, MATERIAL_INDEX[action.material])


# --- the rule book ---------------------------------------------------------------------------

_TURN_ACTIONS = tuple(a for a in ALL_ACTIONS if type(a) is not Feed)


def _generate(s: State) -> tuple[Any, ...]:
    """Every legal action with no frame pending: each of the 39 turn actions its check allows,
    in canonical order."""
    rules = BOOK.rules
    return tuple(a for a in _TURN_ACTIONS if rules[type(a)].check(s, a) is None)


def _screen(s: State, action: Any) -> Reason | None:
    """An action that is not one of the game's (a field that is no Material, say) is refused as
    malformed before any pending frame is asked about it."""
    return _malformed(action) if material_of(action) is None else None


def _announce(s: State, action: Any) -> tuple[Any, ...]:
    """The action itself, by the deciding seat (every decision of this game is public)."""
    return (Acted(s.stack[-1].seat if s.stack else s.turn, action),)


BOOK: RuleBook[State] = RuleBook(
    title=_TITLE,
    state_type=State,
    rules=[
        Rule(DrawTwo, check_draw_two, draw_two),
        Rule(TakeScrap, check_take_scrap, take_scrap),
        Rule(Discard, check_discard, discard),
        Rule(Build, check_build, build),
        Rule(Launch, check_launch, launch),
        Rule(ChromeLaunch, check_chrome_launch, chrome_launch),
        Rule(Scrap, check_scrap, scrap),
        Rule(Bribe, check_bribe, bribe),
        Rule(EndTurn, check_end_turn, end),
    ],
    decisions=[
        Decision(MealChoice, Feed, "NGG-WANDER-5",
                 "The turn has ended: Feed the Wandering Gremlin one of the tied rockets",
                 feed_choices, feed_resume),
    ],
    over=_over,
    generate=_generate,
    malformed=_malformed,
    screen=_screen,
    announce=_announce,
)
"""The rule book: each action kind's check and effect, and the Feed decision."""

check = BOOK.check
"""Why ``action`` is illegal in ``s`` (a sentence and a clause id), or None if legal."""
is_legal = BOOK.is_legal
"""True iff ``action`` may be applied to ``s``."""
legal_actions = BOOK.legal_actions
"""Every legal action, in the canonical order of ALL_ACTIONS (empty iff the game is over)."""
apply = BOOK.apply
"""The state after ``action``; IllegalActionError (with its clause) when the rules forbid it."""
apply_with_events = BOOK.apply_with_events
"""The state after ``action`` (``apply``'s) and the events it caused, in order: the action
itself first (``Acted``)."""
