"""A new match and the deal of each round (GVG-SETUP-1 to GVG-SETUP-6, GVG-ROUND-1)."""

from __future__ import annotations

from collections import Counter
from typing import Any

import attrs

from gremlinrules.core import draws
from gremlinrules.core.checks import check_players
from gremlinrules.core.checks import check_seed
from gremlinrules.core.checks import is_int
from gremlinrules.core.errors import SetupError
from gremlinrules.core.rng import Rng
from gremlinrules.core.zones import deal
from gremlinrules.goblins_vs_gnomes.components import REFERENCE
from gremlinrules.goblins_vs_gnomes.geometry import Kit
from gremlinrules.goblins_vs_gnomes.geometry import options_kit
from gremlinrules.goblins_vs_gnomes.geometry import valid_options
from gremlinrules.goblins_vs_gnomes.state import TARGETS
from gremlinrules.goblins_vs_gnomes.state import Options
from gremlinrules.goblins_vs_gnomes.state import Phase
from gremlinrules.goblins_vs_gnomes.state import Setup
from gremlinrules.goblins_vs_gnomes.state import State

__all__ = ["HAND", "MAX_PLAYERS", "MIN_PLAYERS", "RACE", "TITLE", "WIN", "deal_round", "goblin_count",
           "new_game", "options_or_default"]

TITLE = "Goblins vs Gnomes"
MIN_PLAYERS = 3
"""GVG-SETUP-1: with two players each would know the other's role."""
MAX_PLAYERS = 8
RACE = {r.name: r.race for r in REFERENCE.roles}
"""The race of each reference role card (a game's own set: ``options_kit(options).race``)."""
HAND = REFERENCE.number("hand_size")
WIN = REFERENCE.number("winning_points")


def options_or_default(options: Any) -> Options:
    """``options``, or the default Options for None; SetupError for anything else (an Options
    built without ``__init__`` included)."""
    return valid_options(options, TITLE)


def goblin_count(players: int) -> int:
    """GVG-SETUP-3: as many Goblins as Gnomes, one Goblin fewer for an odd count."""
    return players // 2


def _names(value: Any, size: int) -> bool:
    """``value`` is a tuple of ``size`` strings (a stacked part's card or role names)."""
    return isinstance(value, tuple) and len(value) == size and all(type(v) is str for v in value)


def _check_setup(setup: Setup, players: int, kit: Kit) -> None:
    race = kit.race
    if setup.roles is not None:
        roles = setup.roles
        if (not _names(roles, players)
                or any(r not in race for r in roles) or len(set(roles)) != players):
            raise SetupError(f"setup.roles must name {players} distinct role cards from {sorted(race)}")
        if sum(race[r] == "goblin" for r in roles) != goblin_count(players):
            raise SetupError(f"{players} players take {goblin_count(players)} Goblin role cards")
    if setup.targets is not None and (
        not _names(setup.targets, len(TARGETS)) or sorted(setup.targets) != sorted(TARGETS)
    ):
        raise SetupError(f"setup.targets must be an order of {TARGETS}")
    if setup.deck is not None and (
        not _names(setup.deck, len(kit.components.deck)) or Counter(setup.deck) != kit.deck_count
    ):
        raise SetupError("setup.deck must hold exactly the 50 path cards of the component set")
    fp = setup.first_player
    if isinstance(fp, bool) or not isinstance(fp, int) or not 0 <= fp < players:
        raise SetupError(f"setup.first_player must be a seat from 0 to {players - 1}")


def deal_round(players: int, options: Options, rng: Rng, points: tuple[int, ...], round_no: int,
               starter: int, setup: Setup | None = None, last_roles: tuple[str, ...] = (),
               last_result: str = "") -> State:
    """A fresh field, shuffled targets, roles dealt anew, hands of three (GVG-ROUND-1)."""
    kit = options_kit(options)
    comps = kit.components
    if setup is not None:
        _check_setup(setup, players, kit)
    # The draws run on the generator's bare state (core.draws: the very same sequence as Rng's).
    state = rng.state
    if setup is not None and setup.roles is not None:
        roles = setup.roles
    else:  # GVG-SETUP-3, GVG-SETUP-6: the races' counts, random characters
        goblins = [r.name for r in comps.roles if r.race == "goblin"]
        gnomes = [r.name for r in comps.roles if r.race == "gnome"]
        g = goblin_count(players)
        gob, state = draws.shuffle(state, goblins)
        gno, state = draws.shuffle(state, gnomes)
        roles, state = draws.shuffle(state, gob[:g] + gno[: players - g])
    boxed = tuple(sorted(r.name for r in comps.roles if r.name not in roles))
    if setup is not None and setup.targets is not None:
        targets = setup.targets
    else:
        targets, state = draws.shuffle(state, TARGETS)
    if setup is not None and setup.deck is not None:
        deck = setup.deck
    else:
        deck, state = draws.shuffle(state, kit.deck)
    rng = Rng(state)
    # GVG-SETUP-4: the shuffled path cards, three to each seat from the top
    dealt, deck = deal(deck, [HAND] * players)
    hands = tuple(tuple(sorted(h)) for h in dealt)
    none = (0,) * players
    return State(
        players=players, options=options, rng=rng, round=round_no, round_starter=starter,
        turn=starter, phase=Phase.PLAY, points=points, roles=tuple(roles), boxed=boxed,
        targets=tuple(targets), opened=(False, False, False), deck=tuple(deck),
        deck_owner=(-1,) * len(deck), hands=hands, field=(), discard=(), peeks=(),
        potions=(), known_cards=((),) * players, skips=none, passes=0,
        swaps_used=none, first_out=-1, stack=(), opener=-1,
        last_roles=last_roles, last_result=last_result, winners=(),
    )


def new_game(players: int, seed: int = 0, *, options: Options | None = None,
             setup: Setup | None = None) -> State:
    """A new match: counters at 0, the first round dealt (GVG-SETUP-1 to GVG-SETUP-5).

    GVG-SETUP-2: every counter starts at 0 for the whole match; the start card is fixed on
    (0, 0) (see :mod:`.geometry`), so the field holds only the cards laid on it. ``seed`` is
    an integer from 0 to 2**64-1 (SetupError otherwise).

    Without a ``seed`` the seed is 0, so every call deals the same table: reproducible by
    default (Gymnasium's ``reset()`` draws a random one instead). Pass a seed of your own, such
    as ``random.randrange(2**64)``, for a new table each time.
    """
    n = check_players(players, MIN_PLAYERS, MAX_PLAYERS, TITLE)
    seed = check_seed(seed)
    opts = options_or_default(options)
    if setup is not None and type(setup) is not Setup:
        raise SetupError(f"setup must be a goblins_vs_gnomes.Setup, not {type(setup).__name__}")
    if setup is not None and not all(hasattr(setup, f.name) for f in attrs.fields(Setup)):
        raise SetupError("setup: a Setup built without its fields")
    first = setup.first_player if setup is not None else 0
    if not is_int(first) or not 0 <= first < n:
        raise SetupError(f"setup.first_player must be a seat from 0 to {n - 1}")
    return deal_round(n, opts, Rng.from_seed(seed), tuple(0 for _ in range(n)), 1, first, setup)
