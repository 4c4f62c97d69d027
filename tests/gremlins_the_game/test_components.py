"""The component set: the rulebook's numbers, the reference assumptions, the validator and a
user's own set (GTG-DATA-*)."""

from __future__ import annotations

import re
from typing import Any

import attrs
import pytest

from gremlinrules.core.errors import ComponentError
from gremlinrules.core.errors import SetupError
from gremlinrules.gremlins_the_game import REFERENCE
from gremlinrules.gremlins_the_game import Defeat
from gremlinrules.gremlins_the_game import GremlinToken
from gremlinrules.gremlins_the_game import Options
from gremlinrules.gremlins_the_game import Symbol
from gremlinrules.gremlins_the_game import all_actions
from gremlinrules.gremlins_the_game import load_components
from gremlinrules.gremlins_the_game import new_game
from gremlinrules.gremlins_the_game import parse_components
from gremlinrules.gremlins_the_game import validate_components
from gremlinrules.gremlins_the_game.components import ARMOURY
from gremlinrules.gremlins_the_game.components import COLOURS
from gremlinrules.gremlins_the_game.components import SHAPES
from gremlinrules.gremlins_the_game.components import design_name
from gremlinrules.gremlins_the_game.components import tables
from tests.gremlins_the_game.helpers import random_states


@pytest.mark.clause("GTG-DATA-1")
def test_the_reference_set_has_the_rulebooks_counts() -> None:
    """36 gremlin tokens with one Stripe, 30 weapon cards, 30 event cards, 12 + 12 tokens."""
    assert len(REFERENCE.gremlins) == 36
    assert [g.id for g in REFERENCE.gremlins if g.stripe] == ["stripe"]
    assert sum(w.copies for w in REFERENCE.weapons) == 30
    assert sum(e.copies for e in REFERENCE.events) == 30
    assert (REFERENCE.event_tokens, REFERENCE.weapon_tokens) == (12, 12)


@pytest.mark.clause("GTG-DATA-1")
@pytest.mark.parametrize("change", [
    {"gremlins": REFERENCE.gremlins[:-1]},
    {"gremlins": tuple(attrs.evolve(g, stripe=False) for g in REFERENCE.gremlins)},
    {"gremlins": tuple(attrs.evolve(g, stripe=True) for g in REFERENCE.gremlins)},
    {"weapons": (attrs.evolve(REFERENCE.weapons[0], copies=4), *REFERENCE.weapons[1:])},
    {"events": (attrs.evolve(REFERENCE.events[0], copies=2), *REFERENCE.events[1:])},
    {"event_tokens": 11},
    {"weapon_tokens": 13},
])
def test_a_set_breaking_a_stated_number_is_refused(change: dict[str, Any]) -> None:
    """A set without 36 gremlins, exactly one Stripe, 30 weapons, 30 events or 12 + 12 tokens
    is refused by the validator and by a new game."""
    bad = attrs.evolve(REFERENCE, **change)
    with pytest.raises(ComponentError):
        validate_components(bad)
    with pytest.raises(SetupError):
        new_game(2, options=Options(components=bad))


@pytest.mark.clause("GTG-DATA-2", "GTG-DATA-3", "GTG-DATA-4")
def test_the_reference_assumptions() -> None:
    """Points 1/2/3 by symbols (14, 14 and 7 gremlins), Stripe 5; ten weapon kinds of three
    copies over the 4 x 3 symbols, every gremlin beatable; eleven event kinds including the
    three titles the issue names."""
    units = {g.id: sum(s.count for s in g.symbols) for g in REFERENCE.gremlins}
    plain = [g for g in REFERENCE.gremlins if not g.stripe]
    assert all(g.points == units[g.id] for g in plain)
    assert sorted(units[g.id] for g in plain).count(1) == 14
    assert sorted(units[g.id] for g in plain).count(3) == 7
    stripe = next(g for g in REFERENCE.gremlins if g.stripe)
    assert stripe.points == 5
    assert {(s.colour, s.shape) for w in REFERENCE.weapons for s in w.symbols} == {
        (c, s) for c in COLOURS for s in SHAPES}
    assert [w.copies for w in REFERENCE.weapons] == [3] * 10
    titles = {e.title for e in REFERENCE.events}
    assert {"Gremlin Sabotage", "Gremlin Vengeance", "Don't Get Them Wet"} <= titles
    assert len(REFERENCE.events) == 11


@pytest.mark.clause("GTG-DATA-5")
@pytest.mark.parametrize("gremlin", [
    GremlinToken("gremlin-01", 1, (Symbol("red", "square", 5),)),
    GremlinToken("gremlin-01", 1, (Symbol("purple", "square", 1),)),
    GremlinToken("gremlin-01", 21, (Symbol("red", "square", 1),)),
    GremlinToken("gremlin-01", 1, ()),
    GremlinToken("G 1", 1, (Symbol("red", "square", 1),)),
])
def test_numbers_out_of_the_assumed_bounds_are_refused(gremlin: GremlinToken) -> None:
    """Too many symbols, an unknown colour, too many points, no symbol or a bad name: refused."""
    bad = attrs.evolve(REFERENCE, gremlins=(gremlin, *REFERENCE.gremlins[1:]))
    with pytest.raises(ComponentError):
        validate_components(bad)


@pytest.mark.clause("GTG-DATA-6")
def test_a_users_own_set_loads_through_the_validator_and_plays() -> None:
    """The shipped TOML reloads equal to the reference; a set with other symbols (gremlin-01 needing two
    yellow circles) shapes the Defeat actions and plays a whole game; malformed data is
    refused with a ComponentError."""
    assert load_components() == REFERENCE
    mine = attrs.evolve(REFERENCE, gremlins=(
        GremlinToken("gremlin-01", 4, (Symbol("yellow", "circle", 2),)), *REFERENCE.gremlins[1:]))
    options = Options(components=validate_components(mine))
    assert Defeat(("flashlight",)) in all_actions(2, options)
    assert tables(mine).gremlin_needs["gremlin-01"] == {("yellow", "circle"): 2}
    states = random_states(3, 2, options=options)
    assert states[-1].components == mine
    with pytest.raises(ComponentError):
        parse_components({"gremlin": [{"id": "x"}], "weapon": [], "event": []})
    with pytest.raises(ComponentError):
        load_components("not toml [")


@pytest.mark.clause("GTG-DATA-2", "GTG-DATA-3", "GTG-DATA-4")
def test_the_docs_tables_list_the_reference_components() -> None:
    """The rules page's component tables name every gremlin with its points, every weapon kind
    with its copies and every event card with its title, as components.toml has them."""
    from pathlib import Path

    docs = Path(__file__).resolve().parents[2] / "docs" / "games"
    page = (docs / "gremlins-the-game.rst").read_text("utf-8")
    for g in REFERENCE.gremlins:
        assert f"   * - ``{g.id}``\n     - {g.points}\n" in page
    for w in REFERENCE.weapons:
        assert f"   * - ``{w.name}``\n     - {w.copies}\n" in page
    for e in REFERENCE.events:
        assert f"   * - ``{e.name}``\n     - {e.title}\n     - {e.copies}\n" in page


@pytest.mark.clause("GTG-VIEW-2")
@pytest.mark.parametrize("comps", [REFERENCE, ARMOURY], ids=["reference", "armoury"])
def test_a_design_name_reads_the_token_and_is_unique_per_design(comps: Any) -> None:
    """Each token's design name lists its symbols in colour then shape order (a count before a
    symbol shown more than once), joined by "+", then its points; Stripe is "stripe". Two tokens
    share a name exactly when they have the same symbols (in any order) and points: the tables
    group the identical tokens of the reference set in four pairs, and every other token alone."""
    colour_rank = {c: i for i, c in enumerate(COLOURS)}
    shape_rank = {s: i for i, s in enumerate(SHAPES)}
    pattern = re.compile(r"^(?:[2-4]-)?[a-z]+-[a-z]+(?:\+(?:[2-4]-)?[a-z]+-[a-z]+)*-\d+pt$")
    for token in comps.gremlins:
        name = design_name(token)
        if token.stripe:
            assert name == "stripe"
            continue
        assert pattern.match(name), name
        parts = name.rsplit("-", 1)[0].split("+")
        read = [(p.split("-")[-2], p.split("-")[-1], int(p.split("-")[0]) if p[0].isdigit() else 1)
                for p in parts]
        assert sorted(read, key=lambda r: (colour_rank[r[0]], shape_rank[r[1]])) == read
        assert sorted(read) == sorted((s.colour, s.shape, s.count) for s in token.symbols)
        assert name.endswith(f"-{token.points}pt")
    for a in comps.gremlins:
        for b in comps.gremlins:
            same = (a.points, a.stripe, sorted(attrs.astuple(s) for s in a.symbols)) == (
                b.points, b.stripe, sorted(attrs.astuple(s) for s in b.symbols))
            assert (design_name(a) == design_name(b)) == same
    t = tables(REFERENCE)
    assert {ids for ids in t.design_ids.values() if len(ids) > 1} == {
        ("gremlin-01", "gremlin-13"), ("gremlin-02", "gremlin-14"), ("gremlin-15", "gremlin-27"),
        ("gremlin-16", "gremlin-28")}
    assert design_name(t.gremlin["gremlin-34"]) == "2-red-square+yellow-circle-3pt"
