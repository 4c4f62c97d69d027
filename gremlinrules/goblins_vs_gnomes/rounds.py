"""Dealing a round, and ending and scoring one (GVG-SETUP-*, GVG-END-*, GVG-SCORE-*, GVG-ADV-*)."""

from __future__ import annotations

from collections import Counter

from gremlinrules.core.errors import SetupError
from gremlinrules.core.rng import Rng
from gremlinrules.goblins_vs_gnomes.components import COMPONENTS
from gremlinrules.goblins_vs_gnomes.geometry import Kit, options_kit
from gremlinrules.goblins_vs_gnomes.route import route_tags
from gremlinrules.goblins_vs_gnomes.state import TARGETS, Options, Phase, Setup, State, evolve

__all__ = ["RACE", "deal_round", "end_round", "goblin_count", "score_round"]

RACE = {r.name: r.race for r in COMPONENTS.roles}
"""The race of each reference role card (a game's own set: ``options_kit(options).race``)."""
HAND = COMPONENTS.number("hand_size")
WIN = COMPONENTS.number("winning_points")


def goblin_count(players: int) -> int:
    """GVG-SETUP-3: as many Goblins as Gnomes, one Goblin fewer for an odd count."""
    return players // 2


def _check_setup(setup: Setup, players: int, kit: Kit) -> None:
    race = kit.race
    if setup.roles is not None:
        roles = setup.roles
        if (not isinstance(roles, tuple) or len(roles) != players
                or any(r not in race for r in roles) or len(set(roles)) != players):
            raise SetupError(f"setup.roles must name {players} distinct role cards from {sorted(race)}")
        if sum(race[r] == "goblin" for r in roles) != goblin_count(players):
            raise SetupError(f"{players} players take {goblin_count(players)} Goblin role cards")
    if setup.targets is not None and (
        not isinstance(setup.targets, tuple) or sorted(setup.targets) != sorted(TARGETS)
    ):
        raise SetupError(f"setup.targets must be an order of {TARGETS}")
    if setup.deck is not None and (
        not isinstance(setup.deck, tuple) or not all(isinstance(c, str) for c in setup.deck)
        or Counter(setup.deck) != kit.deck_count
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
    if setup is not None and setup.roles is not None:
        roles = setup.roles
    else:
        goblins = [r.name for r in comps.roles if r.race == "goblin"]
        gnomes = [r.name for r in comps.roles if r.race == "gnome"]
        g = goblin_count(players)
        gob, rng = rng.shuffle(goblins)
        gno, rng = rng.shuffle(gnomes)
        roles, rng = rng.shuffle(gob[:g] + gno[: players - g])
    boxed = tuple(sorted(r.name for r in comps.roles if r.name not in roles))
    if setup is not None and setup.targets is not None:
        targets = setup.targets
    else:
        targets, rng = rng.shuffle(TARGETS)
    if setup is not None and setup.deck is not None:
        deck = setup.deck
    else:
        deck, rng = rng.shuffle(comps.deck)
    hands = tuple(tuple(sorted(deck[HAND * i: HAND * i + HAND])) for i in range(players))
    deck = deck[HAND * players:]
    none = tuple(0 for _ in range(players))
    return State(
        players=players, options=options, rng=rng, round=round_no, round_starter=starter,
        turn=starter, phase=Phase.PLAY, points=points, roles=tuple(roles), boxed=boxed,
        targets=tuple(targets), opened=(False, False, False), deck=tuple(deck),
        deck_owner=tuple(-1 for _ in deck), hands=hands, field=(), discard=(), peeks=(),
        potions=(), known_cards=tuple(() for _ in range(players)), skips=none, passes=0,
        swaps_used=none, first_out=-1, pending=(), name_skip_after=False, opener=-1,
        last_roles=last_roles, last_result=last_result, winners=(),
    )


def _result(state: State) -> str:
    got = {state.targets[i] for i in range(3) if state.opened[i]}
    if "gold" in got:
        return "gold"
    if "dragon" in got:
        return "dragon"
    return "dynamite" if got else "none"


def end_round(state: State, last_actor: int) -> State:
    """The round is over: ask the Greedy One for a victim if needed, else score."""
    result = _result(state)
    if result in ("gold", "dragon"):
        start = state.opener  # GVG-SCORE-6: scoring starts at the opener
    elif state.first_out >= 0:
        start = state.first_out  # ... else at the first seat out of cards
    else:
        start = last_actor  # GVG-SCORE-7: nobody ran out: the seat whose turn ended the round
    if result == "dragon" and state.options.advanced_roles and "greedy-one" in state.roles:
        greedy = state.roles.index("greedy-one")
        return evolve(state, phase=Phase.STEAL, turn=greedy, opener=start)  # GVG-ADV-3
    return score_round(evolve(state, opener=start), -1)


def _deltas(state: State, result: str, opener: int) -> list[int]:
    n = state.players
    kit = options_kit(state.options)
    race = [kit.race[r] for r in state.roles]
    delta = [0] * n
    goblin_point = result == "none" or (result == "dynamite"
                                         and state.options.no_target == "no-gold-or-dragon")
    for s in range(n):
        if result == "gold":  # GVG-SCORE-1
            if race[s] == "gnome":
                delta[s] += 1 + (s == opener)
            elif race[opener] == "goblin":
                delta[s] -= 1
        elif result == "dragon" and race[s] == "goblin":  # GVG-SCORE-2
            delta[s] += 2
        elif goblin_point and race[s] == "goblin":  # GVG-SCORE-3
            delta[s] += 1
    if not state.options.advanced_roles:
        return delta
    dynamite = any(state.opened[i] and state.targets[i] == "dynamite" for i in range(3))
    no_door, through_door, mugs = False, False, 0
    if result in ("gold", "dragon"):
        no_door, through_door, mugs = route_tags(state.field, state.opened, state.targets.index(result), kit)
    swapped = {s for pair in state.potions for s in pair}
    bonus = {  # GVG-ADV-2 .. GVG-ADV-9
        "master-of-transformations": None,
        "demolitionist": dynamite,
        "driver": result in ("gold", "dragon") and no_door,
        "pedant": not state.deck,
        "king": result == "gold" and mugs >= 3,
        "keymaster": result in ("gold", "dragon") and through_door,
        "jeweller": result == "gold",
    }
    for s, role in enumerate(state.roles):
        if role == "master-of-transformations":
            delta[s] += s in swapped
        elif bonus.get(role):
            delta[s] += 1
    return delta


def score_round(state: State, victim: int) -> State:
    """Score seat by seat from ``state.opener``; the first to reach 9 wins at once (GVG-SCORE-5)."""
    n = state.players
    result = _result(state)
    delta = _deltas(state, result, state.opener)  # opener = the opener of Gold/Dragon
    pts = list(state.points)
    winner = -1
    for i in range(n):
        s = (state.opener + i) % n
        pts[s] = max(0, pts[s] + delta[s])  # GVG-SCORE-4: never below 0
        if victim >= 0 and state.roles[s] == "greedy-one" and pts[victim] > 0:
            pts[victim] -= 1  # GVG-ADV-3: a point is taken only from a seat that has one
            pts[s] += 1
        if pts[s] >= WIN:
            winner = s
            break
    points = tuple(pts)
    if winner >= 0:
        return evolve(state, points=points, phase=Phase.OVER, winners=(winner,),
                            last_roles=state.roles, last_result=result, pending=())
    opts = state.options
    if opts.bounded and state.round >= opts.round_limit:  # GVG-BOUND-1
        best = max(points)
        return evolve(state, points=points, phase=Phase.OVER, pending=(),
                            winners=tuple(s for s in range(n) if points[s] == best),
                            last_roles=state.roles, last_result=result)
    return deal_round(n, opts, state.rng, points, state.round + 1, (state.round_starter + 1) % n,
                      last_roles=state.roles, last_result=result)
