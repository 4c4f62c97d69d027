"""Gremlins, Inc., played plainly: start the blueprints that pay best and complete them.

The policy, in order, on the seat's own turn: complete a project when it can; assign a card of
a resource a project still needs, to the project nearest completion (an action card before a
blueprint); start the blueprint with the best score per resource needed; play an action card
that costs nothing; else cycle a hand card that is no blueprint onto the project missing the
fewest resources (an assigned card is replaced at the refill, so the hand turns over); else any
assignment; else end the turn. A decision inside an effect (choose a player, a project, a
resource, a card to discard) is picked at random among the legal ones.

Looks at: its own hand and projects (their cards and assigned resources), the table's card set
and the legal actions. Never at another hand, the deck or another seat's projects.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from gremlinrules.bots.plain import best
from gremlinrules.gremlins_inc import Assign
from gremlinrules.gremlins_inc import Complete
from gremlinrules.gremlins_inc import EndTurn
from gremlinrules.gremlins_inc import Play
from gremlinrules.gremlins_inc import Start
from gremlinrules.gremlins_inc import State
from gremlinrules.gremlins_inc import legal_actions as _legal
from gremlinrules.gremlins_inc.components import Components
from gremlinrules.gremlins_inc.state import Project

__all__ = ["choose"]


def _missing(comp: Components, project: Project) -> dict[str, int] | None:
    """The resources a project still needs, by type (None for an action card, never completed)."""
    card = comp.card(project.card)
    if not card.completable:
        return None
    have = Counter(comp.card(r).resource for r in project.resources)
    return {res: max(0, n - have[res]) for res, n in card.needs}


def choose(s: State, seat: int, rnd: random.Random) -> Any:
    """The plain action for ``seat`` (deciding) in ``s``."""
    legal = _legal(s)
    if s.stack or len(legal) == 1:
        return legal[rnd.randrange(len(legal))]
    comp = s.components
    projects = s.projects[seat]
    completes = [a for a in legal if type(a) is Complete]
    if completes:
        return best(completes, lambda a: comp.card(projects[a.project - 1].card).score, rnd)
    needed: list[tuple[tuple[int, int, bool], Assign]] = []
    cycles: list[tuple[int, Assign]] = []
    assigns = [a for a in legal if type(a) is Assign]
    for a in assigns:
        project = projects[a.project - 1]
        missing = _missing(comp, project)
        if missing is None:
            continue
        card = comp.card(a.card)
        if missing.get(card.resource, 0) > 0:
            needed.append(((-sum(missing.values()), comp.card(project.card).score, card.kind == "action"), a))
        if not card.completable:
            cycles.append((-sum(missing.values()), a))
    if needed:
        return best(needed, lambda x: x[0], rnd)[1]
    starts = [a for a in legal if type(a) is Start and comp.card(a.card).completable]
    if starts and len(projects) < comp.max_projects:
        return best(starts, lambda a: (comp.card(a.card).score / comp.card(a.card).total_needs, a.face_up),
                    rnd)
    plays = [a for a in legal if type(a) is Play and not comp.card(a.card).cost]
    if plays:
        return best(plays, lambda a: 0, rnd)
    if cycles:
        return best(cycles, lambda x: x[0], rnd)[1]
    if assigns:
        return best(assigns, lambda a: 0, rnd)
    if EndTurn() in legal:
        return EndTurn()
    return legal[rnd.randrange(len(legal))]
