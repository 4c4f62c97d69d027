"""Every design of the reference deck plays: from a constructed table each action can be played
and each blueprint completed, every frame its effect pushes resolves (whatever the answers), the
effect changes the table, and each permanent's continuous effect takes hold."""

from __future__ import annotations

from collections import Counter
from typing import Any

import attrs
import pytest

from gremlinrules.gremlins_inc import Action
from gremlinrules.gremlins_inc import Complete
from gremlinrules.gremlins_inc import Options
from gremlinrules.gremlins_inc import Play
from gremlinrules.gremlins_inc import Project
from gremlinrules.gremlins_inc import State
from gremlinrules.gremlins_inc import apply
from gremlinrules.gremlins_inc import check_state
from gremlinrules.gremlins_inc import legal_actions
from gremlinrules.gremlins_inc import new_game
from gremlinrules.gremlins_inc import parse_components
from gremlinrules.gremlins_inc.components import REFERENCE
from gremlinrules.gremlins_inc.components import RESOURCES
from gremlinrules.gremlins_inc.components import Card
from gremlinrules.gremlins_inc.components import Components
from gremlinrules.gremlins_inc.flow import actions_allowed
from gremlinrules.gremlins_inc.flow import protected
from gremlinrules.gremlins_inc.rules import action_cost
from gremlinrules.gremlins_inc.rules import completion_cost

GROUPS = ("GI-DECK-3", "GI-DECK-4", "GI-DECK-5", "GI-DECK-6", "GI-DECK-7", "GI-DECK-8", "GI-DECK-9",
          "GI-DECK-10", "GI-DECK-11", "GI-DECK-12", "GI-DECK-13", "GI-DECK-14")
ACTIONS = [c for c in REFERENCE.cards if c.kind == "action"]
PROJECTS = [c for c in REFERENCE.cards if c.kind != "action"]
LEAVES = 150
"""Answer paths explored per design (depth first, every answer of every frame, up to this many)."""

# The constructed table: three seats; resources by type on each project (g, m, i).
# Seat 0 plays the card. Its second project is a Pocket Watch, revealed and completable (for the
# bonus of a Trophy Hall); a blueprint under test is its third project, holding exactly its needs.
ROWS: tuple[tuple[tuple[bool, str, tuple[int, int, int]], ...], ...] = (
    ((False, "", (3, 3, 0)), (True, "pocket-watch", (2, 1, 1))),
    ((True, "", (2, 1, 1)), (False, "", (1, 2, 1))),
    ((False, "", (3, 1, 1)), (True, "", (1, 0, 0))),
)
SCORES = (4, 9, 2)


class Pool:
    """The deck's cards not yet placed, taken deterministically by design or by resource."""

    def __init__(self, components: Components) -> None:
        self.left = Counter(components.deck)
        self.cards = {c.id: c for c in components.cards}

    def take(self, card_id: str) -> str:
        assert self.left[card_id] > 0, card_id
        self.left[card_id] -= 1
        return card_id

    def take_resource(self, resource: str, avoid: str) -> str:
        for card_id in sorted(self.left):
            if self.left[card_id] and card_id != avoid and self.cards[card_id].resource == resource:
                return self.take(card_id)
        raise AssertionError(f"no {resource} card left")

    def take_any(self, avoid: str) -> str:
        return self.take_resource(max(RESOURCES, key=lambda r: sum(
            n for c, n in self.left.items() if c != avoid and self.cards[c].resource == r)), avoid)


def table(card: Card, components: Components = REFERENCE) -> State:
    """The constructed table for ``card``: in seat 0's hand (an action) or its third project (a
    blueprint or permanent, with its needs assigned); every zone from the deck, so the 128 cards
    stay 128."""
    options = Options() if components is REFERENCE else Options(components=components)
    base = new_game(3, seed=0, options=options)
    pool = Pool(components)
    projects: list[list[Project]] = []
    uid = 0
    for row in ROWS:
        out = []
        for face_up, design, counts in row:
            top = pool.take(design) if design else pool.take_any(card.id)
            res = tuple(pool.take_resource(r, card.id) for r, n in zip(RESOURCES, counts, strict=True)
                        for _ in range(n))
            out.append(Project(uid, top, face_up, res))
            uid += 1
        projects.append(out)
    hand0 = []
    if card.kind == "action":
        hand0.append(pool.take(card.id))
    else:
        needs = tuple(pool.take_resource(r, card.id) for r, n in card.needs for _ in range(n))
        projects[0].append(Project(uid, pool.take(card.id), False, needs))
        uid += 1
    hands = [hand0, [], []]
    for hand in hands:
        while len(hand) < components.hand_size:
            hand.append(pool.take_any(card.id))
    deck = tuple(c for c in sorted(pool.left) for _ in range(pool.left[c]))
    s = attrs.evolve(base, deck=deck, discard=(), hands=tuple(tuple(sorted(h)) for h in hands),
                     projects=tuple(tuple(r) for r in projects), scores=SCORES, next_uid=uid,
                     seen=((), (), ()))
    check_state(s)
    return s


def start(card: Card, s: State) -> Action:
    """The action that plays or completes ``card`` on its table."""
    return Play(card.id) if card.kind == "action" else Complete(len(s.projects[0]))


def leaves(s: State, first: Action, limit: int = LEAVES) -> list[State]:
    """The states where the card's resolution ends, over every answer to every frame it pushes
    (depth first, up to ``limit`` of them); each state on the way is checked."""
    out: list[State] = []
    todo: list[State] = [apply(s, first)]
    while todo and len(out) < limit:
        state = todo.pop()
        check_state(state)
        if not state.stack:
            out.append(state)
            continue
        answers = legal_actions(state)
        assert answers, "a pending frame with no answer"
        todo.extend(apply(state, a) for a in reversed(answers))
    assert not todo or len(out) == limit
    return out


def table_of(s: State) -> tuple[Any, ...]:
    """What an effect can change: scores, hands, every project (card, face, resources), the piles."""
    rows = tuple(tuple((p.card, p.face_up, tuple(sorted(p.resources))) for p in row) for row in s.projects)
    return s.scores, s.hands, rows, s.discard, len(s.deck), s.permanents


def without_effect(card: Card) -> Components:
    """The reference deck with ``card``'s script made harmless: an action's becomes "hide one of
    your hidden projects" (a hidden project stays hidden), a project's is emptied."""
    data = REFERENCE.to_data()
    for raw in data["card"]:
        if raw["id"] == card.id:
            if card.kind == "action":
                raw["effect"] = [{"op": "hide", "which": "hidden"}]
            else:
                raw.pop("effect", None)
    return parse_components(data)


@pytest.mark.clause(*GROUPS)
@pytest.mark.parametrize("card", ACTIONS + [c for c in PROJECTS if c.effect], ids=lambda c: c.id)
def test_each_design_plays_and_every_frame_resolves(card: Card) -> None:
    """From the constructed table the design can be played (an action) or completed (a project);
    every path of answers to the frames it pushes ends with no frame pending, a valid state and
    the card gone from play (discarded, or active for a permanent); and some end is none that
    playing the same card with a harmless script reaches (paying the same way): the effect can
    change the table. (Not every end need differ: "assign up to 2" may assign none, a reveal may
    pick a project already face up.)"""
    s = table(card)
    first = start(card, s)
    assert first in legal_actions(s)
    ends = leaves(s, first)
    blank = table(card, without_effect(card))
    baselines = {table_of(b) for b in leaves(blank, start(card, blank))}
    for end in ends:
        assert not end.resolving
        if card.kind == "permanent":
            assert card.id in end.permanents[0]
        else:
            assert end.discard.count(card.id) == 1
    changed = [end for end in ends if table_of(end) not in baselines]
    assert changed, f"{card.id}: no way of resolving it changes the table"


@pytest.mark.clause("GI-DECK-9", "GI-DECK-15")
@pytest.mark.parametrize("card", PROJECTS, ids=lambda c: c.id)
def test_each_project_completes_for_its_score(card: Card) -> None:
    """Each blueprint and permanent completes from its exact needs for its score; its resources
    are discarded (but those its own instructions moved to another project first, GI-DONE-4),
    and it is discarded (a blueprint) or stays active (a permanent)."""
    s = table(card)
    ends = leaves(s, Complete(len(s.projects[0])))
    for end in ends:
        paid = Counter(s.projects[0][-1].resources)
        assert end.scores[0] >= s.scores[0]
        gained = Counter(end.discard) - Counter(s.discard)
        if any(step.op == "move_resource" for step in card.effect):  # it may move some away first
            gained += Counter(r for p in end.projects[0] for r in p.resources) - Counter(
                r for p in s.projects[0][:-1] for r in p.resources)
        assert gained >= paid
        assert all(p.uid != s.projects[0][-1].uid for row in end.projects for p in row)
        assert (card.id in end.permanents[0]) == (card.kind == "permanent")
    if not card.effect:
        (end,) = ends
        assert end.scores[0] == s.scores[0] + card.score


def _active(card: Card) -> State:
    (end,) = leaves(s := table(card), Complete(len(s.projects[0])))
    return end


@pytest.mark.clause("GI-DECK-12", "GI-DECK-13", "GI-DECK-14")
@pytest.mark.parametrize("card", [c for c in PROJECTS if c.passive], ids=lambda c: c.id)
def test_each_permanent_takes_hold_once_active(card: Card) -> None:
    """Once completed, each permanent's continuous effect shows for its owner: a cost change
    changes the cost of a design that pays that resource, a protection stops opponents, a bonus
    adds to the next completion, an extra action adds an action."""
    before = table(card)
    after = _active(card)
    for p in card.passive:
        if p.effect == "cost":
            kind = p.kind
            pays = [c for c in REFERENCE.cards if (c.kind == "action") == (kind == "action")
                    and dict(c.cost if kind == "action" else c.needs).get(p.resource, 0) >= 2]
            probe = pays[0] if p.resource != "any" else REFERENCE.card("airship")
            if kind == "action":
                old, new = action_cost(before, 0, probe), action_cost(after, 0, probe)
            else:
                project = Project(99, probe.id, False, ())
                old, new = completion_cost(before, 0, project), completion_cost(after, 0, project)
            assert sum(n for _, n in new) - sum(n for _, n in old) == p.change, probe.id
        elif p.effect == "protect":
            assert not protected(before, 0, p.against, 1)
            assert protected(after, 0, p.against, 1)
            assert not protected(after, 1, p.against, 0)
        elif p.effect == "bonus":
            watch = REFERENCE.card("pocket-watch")
            (done,) = leaves(after, Complete(2))
            assert done.scores[0] - after.scores[0] == watch.score + p.amount
        else:
            assert actions_allowed(after, 0) == actions_allowed(before, 0) + p.amount
