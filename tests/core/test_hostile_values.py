"""Values no repr can print (a 5,000-digit int) or that are huge (a 10 MB string) passed to the
bots, the action space, describe, action_label and the rules give short library errors or texts,
never ValueError."""

from __future__ import annotations

import random

import attrs
import pytest

import gremlinrules
from gremlinrules import Game
from gremlinrules import GremlinRulesError
from gremlinrules import InvalidArgumentError
from gremlinrules.bots import make_bot
from gremlinrules.core.actionspace import action_index
from gremlinrules.no_good_gremlins import Build
from gremlinrules.no_good_gremlins import Feed

HUGE = 10**5000
LONG = "x" * 10_000_000


@pytest.mark.parametrize("bot", ["random", "ismcts"])
@pytest.mark.parametrize("seat", [HUGE, LONG], ids=["huge-int", "10MB-string"])
def test_a_bot_refuses_a_hostile_seat_briefly(bot: str, seat: object) -> None:
    """make_bot with a seat that is a 5,000-digit int or a 10 MB string: a short library error."""
    with pytest.raises(GremlinRulesError) as info:
        make_bot(bot, "no-good-gremlins", seat)  # type: ignore[call-overload]
    assert len(str(info.value)) < 300


def test_an_unknown_bot_name_is_not_echoed_whole() -> None:
    """A 10 MB bot name is refused with a short message."""
    with pytest.raises(GremlinRulesError) as info:
        make_bot(LONG, "no-good-gremlins", 0)
    assert len(str(info.value)) < 300


def test_the_action_space_refuses_a_hostile_action_briefly() -> None:
    """action_index of an action whose field is a 5,000-digit int: a short IllegalActionError."""
    game = gremlinrules.get_game("no-good-gremlins")
    with pytest.raises(GremlinRulesError) as info:
        action_index(game, 3, Build(HUGE))  # type: ignore[arg-type]
    assert len(str(info.value)) < 300


def test_describe_of_a_foreign_object_is_short() -> None:
    """No Good Gremlins' describe of something that is no action reads briefly, without raising."""
    game = gremlinrules.get_game("no-good-gremlins")
    state = game.new_game(3, 0)
    try:
        text = game.describe(state, HUGE)  # type: ignore[arg-type]
    except GremlinRulesError:
        return
    assert len(text) < 300


def test_describe_of_a_feed_of_a_huge_material_is_short() -> None:
    """Issue 28's reproducer: ``describe(state, Feed(material=10**5000))`` in No Good Gremlins raised
    Python's ValueError (the int has too many digits to print)."""
    game = gremlinrules.get_game("no-good-gremlins")
    text = game.describe(game.new_game(3, 0), Feed(material=HUGE))  # type: ignore[arg-type]
    assert len(text) < 300


def _games() -> list[object]:
    return [pytest.param(gid, ref, id=f"{gid}{'-reference' if ref else ''}")
            for gid in gremlinrules.game_ids() for ref in (False, True)]


def _hostile_actions(game: Game) -> list[tuple[str, object]]:
    """Every action class with each field in turn set (around the constructor) to a 5,000-digit
    int, its negative and a 10 MB string."""
    out: list[tuple[str, object]] = []
    for action in {type(a): a for a in game.all_actions(game.max_players)}.values():
        for f in attrs.fields(type(action)):
            for name, value in (("huge", HUGE), ("-huge", -HUGE), ("10MB", LONG)):
                made = attrs.evolve(action)
                object.__setattr__(made, f.name, value)
                out.append((f"{type(action).__name__}.{f.name}={name}", made))
    return out


@pytest.mark.parametrize(("game_id", "reference"), _games())
def test_texts_and_refusals_of_actions_holding_hostile_values_are_short(game_id: str,
                                                                       reference: bool) -> None:
    """describe, action_label, is_legal and apply of any action with a field holding a 5,000-digit
    int (which Python cannot print) or a 10 MB string, at the start and in the middle of a game:
    a text under 300 characters or a short library error, never ValueError (caller values reach
    messages through ``core.errors.shown``)."""
    game = gremlinrules.get_game(game_id, reference=reference)
    state = game.new_game(game.max_players, 2)
    rnd = random.Random(2)
    for _ in range(2):
        view = game.observe(state, game.current_player(state))
        for what, action in _hostile_actions(game):
            for call, arg in ((game.describe, state), (game.action_label, view), (game.is_legal, state),
                              (game.apply, state)):
                try:
                    out = call(arg, action)
                except GremlinRulesError as exc:
                    out = str(exc)
                assert not isinstance(out, str) or len(out) < 300, f"{what}: {len(out)} characters"
        for _ in range(15):
            legal = game.legal_actions(state)
            state = game.apply(state, legal[rnd.randrange(len(legal))])


@pytest.mark.parametrize("card", [HUGE, LONG.encode()], ids=["huge-int", "10MB-bytes"])
def test_a_goblins_vs_gnomes_action_refuses_a_hostile_card_briefly(card: object) -> None:
    """``Place(10**5000, 0, 0)``: the constructor's validator refuses it in a short
    InvalidArgumentError (its message formatted the value whole: a ValueError, or 10 MB)."""
    from gremlinrules.goblins_vs_gnomes import Place

    with pytest.raises(InvalidArgumentError) as info:
        Place(card, 0, 0)  # type: ignore[arg-type]
    assert len(str(info.value)) < 300


def test_a_message_holds_a_huge_or_long_parameter_shown_short() -> None:
    """``message`` (every label and refusal) fills in a 5,000-digit int or a 10 MB text as
    ``core.errors.shown`` shows it, in the text and the parameters alike; ordinary ones as they are."""
    from gremlinrules.core.messages import message

    made = message("test.key", "{n} and {s} and {k}", n=HUGE, s=LONG, k=7)
    assert len(made) < 300
    assert made.params["k"] == 7
    assert made.params["n"] == "<an integer of about 5001 digits>"
    assert str(made.params["s"]).startswith("'xxx")
    assert len(str(made.params["s"])) <= 200
