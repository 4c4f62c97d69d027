"""The component set, the field layout and the loader's checks."""

from __future__ import annotations

from collections import Counter
from importlib import resources

import pytest

from gremlinrules import ComponentError
from gremlinrules import goblins_vs_gnomes as gvg
from gremlinrules.core.grid import mask_from_names
from gremlinrules.goblins_vs_gnomes import REFERENCE
from gremlinrules.goblins_vs_gnomes import Place
from gremlinrules.goblins_vs_gnomes import load_components
from gremlinrules.goblins_vs_gnomes.geometry import PLACEABLE_CELLS
from gremlinrules.goblins_vs_gnomes.geometry import START
from gremlinrules.goblins_vs_gnomes.geometry import TARGET_CELLS
from gremlinrules.goblins_vs_gnomes.route import analyse
from tests.goblins_vs_gnomes.strategies import new
from tests.goblins_vs_gnomes.strategies import with_field

REFERENCE_TEXT = resources.files("gremlinrules.goblins_vs_gnomes").joinpath("components.toml").read_text()


@pytest.mark.clause("GVG-COMP-1")
def test_reference_set_has_the_rulebook_numbers() -> None:
    """50 path cards, 8 role cards, hands of 3, 9 points, targets 8 away and 1 apart."""
    assert len(REFERENCE.deck) == 50
    assert len(REFERENCE.roles) == 8
    assert REFERENCE.number("hand_size") == 3
    assert REFERENCE.number("winning_points") == 9
    assert REFERENCE.number("target_distance") == 8
    assert REFERENCE.number("counter_cards") == 8
    kinds = {d.kind for d in REFERENCE.designs}
    assert kinds == {"passage", "cave-in", "door", "key", "lantern", "bomb", "ale-mug", "map",
                     "explosion", "potion"}


@pytest.mark.clause("GVG-COMP-1")
@pytest.mark.parametrize(("old", "new_text", "message"), [
    ("path_cards = 50", "path_cards = 49", "path_cards"),
    ('name = "map"\nkind = "map"\nedges = ""\ncount = 4', 'name = "map"\nkind = "map"\nedges = ""\ncount = 5',
     "add up"),
    ('colour = "blue"\nedges = "NS"\ncount = 1\n[[design]]\nname = "key-red-ew"',
     'colour = "green"\nedges = "NS"\ncount = 1\n[[design]]\nname = "key-red-ew"', "colour"),
    ('name = "driver"\nrace = "goblin"', 'name = "driver"\nrace = "gnome"', "4 Goblins"),
    ('edges = "NESW"', 'edges = "NEXW"', "side"),
    ("hand_size = 3", "hand_size = 4", "hand_size"),
])
def test_loader_rejects_sets_that_break_the_rulebook(old: str, new_text: str, message: str) -> None:
    """A user's component file with a wrong stated number, a wrong total, an unmatched door colour,
    a wrong race split or a bad edge letter raises ComponentError naming the problem."""
    assert old in REFERENCE_TEXT
    with pytest.raises(ComponentError, match=message):
        load_components(REFERENCE_TEXT.replace(old, new_text, 1))


@pytest.mark.clause("GVG-COMP-1")
def test_loader_accepts_the_reference_text_and_rejects_non_toml() -> None:
    """The reference text loads to an equal set; junk text raises ComponentError."""
    assert load_components(REFERENCE_TEXT) == REFERENCE
    with pytest.raises(ComponentError):
        load_components("not = [toml")
    with pytest.raises(ComponentError):
        load_components(42)  # type: ignore[arg-type]


@pytest.mark.clause("GVG-COMP-2")
def test_card_counts_by_kind() -> None:
    """15 Passages, 5 Cave-ins, 4 Doors, 4 Keys, 3 Lanterns, 4 Bombs, 4 Ale Mugs, 4 Maps,
    4 Explosions, 3 Potions."""
    by_kind: Counter[str] = Counter()
    for d in REFERENCE.designs:
        by_kind[d.kind] += d.count
    assert by_kind == {"passage": 15, "cave-in": 5, "door": 4, "key": 4, "lantern": 3, "bomb": 4,
                       "ale-mug": 4, "map": 4, "explosion": 4, "potion": 3}


@pytest.mark.clause("GVG-COMP-3")
def test_tunnel_shapes() -> None:
    """Each design's open sides are the documented Saboteur shapes; action cards have none."""
    shapes = {d.name: d.edges for d in REFERENCE.designs}
    assert shapes["passage-cross"] == mask_from_names("NESW")
    assert shapes["passage-t-ew"] == mask_from_names("ESW")
    assert shapes["passage-bend-sw"] == mask_from_names("SW")
    assert shapes["cave-in-t-ns"] == mask_from_names("NES")
    assert shapes["map"] == shapes["explosion"] == shapes["potion"] == 0
    passages = Counter({d.edges: d.count for d in REFERENCE.designs if d.kind == "passage"})
    assert sum(passages.values()) == 15
    assert all(d.edges for d in REFERENCE.designs if d.on_field)


@pytest.mark.clause("GVG-COMP-4")
def test_doors_and_keys_come_in_two_colours() -> None:
    """Red and blue; two Doors and two Keys of each colour."""
    assert REFERENCE.colours == ("blue", "red")
    for kind in ("door", "key"):
        per = Counter(dict.fromkeys(REFERENCE.colours, 0))
        for d in REFERENCE.designs:
            if d.kind == kind:
                per[d.colour] += d.count
        assert per == {"blue": 2, "red": 2}


@pytest.mark.clause("GVG-COMP-5")
def test_role_cards_split_four_and_four() -> None:
    """Four Goblin characters and four Gnome characters, the eight of the advanced rules."""
    races = {r.name: r.race for r in REFERENCE.roles}
    assert sorted(n for n, r in races.items() if r == "goblin") == [
        "demolitionist", "driver", "greedy-one", "master-of-transformations"]
    assert sorted(n for n, r in races.items() if r == "gnome") == [
        "jeweller", "keymaster", "king", "pedant"]


@pytest.mark.clause("GVG-COMP-6")
def test_start_is_a_crossing_and_targets_open_from_any_side() -> None:
    """Cards may leave the start on all four sides; a card touching a target from below opens it."""
    state = new(3)
    legal = gvg.legal_actions(state)
    cells = {(a.x, a.y) for a in legal if isinstance(a, Place)}
    assert cells == {(1, 0), (-1, 0), (0, 1), (0, -1)}
    # a route along row 3 turns north on (8, 3) and reaches the bottom target through its south side
    tiles = [(0, 1, "passage-ns", False), (0, 2, "lantern-ns", False), (0, 3, "passage-t-ns", False)]
    tiles += [(x, 3, c, False) for x, c in zip(range(1, 8), ["passage-ew"] * 3 + ["passage-cross"] * 3
                                                 + ["lantern-ew"], strict=True)]
    state = with_field(state, tiles)
    a = analyse(state.field, state.opened)
    assert (8, 3) in a.frontier
    assert a.reached == ()
    a = analyse(with_field(state, [(8, 3, "passage-bend-es", True)]).field, state.opened)
    assert a.reached == (2,)


@pytest.mark.clause("GVG-FIELD-1")
def test_field_layout() -> None:
    """The start on (0, 0); targets on (8, -2), (8, 0), (8, 2): eight cells right, one cell apart."""
    assert START == (0, 0)
    assert TARGET_CELLS == ((8, -2), (8, 0), (8, 2))
    assert all(c not in PLACEABLE_CELLS for c in (START, *TARGET_CELLS))


@pytest.mark.clause("GVG-FIELD-2")
def test_cards_stay_on_the_table() -> None:
    """Only cells in x -4..12, y -6..6 (less start and targets) are placeable; a Place off the
    table is illegal with the table clause."""
    assert len(PLACEABLE_CELLS) == 17 * 13 - 4
    assert all(-4 <= x <= 12 and -6 <= y <= 6 for x, y in PLACEABLE_CELLS)
    state = new(3, extra={0: ["passage-ew"]})
    tiles = [(-1, 0, "passage-ew", False), (-2, 0, "passage-cross", False), (-3, 0, "lantern-ew", False),
             (-4, 0, "passage-cross", False)]
    state = with_field(state, tiles)
    with pytest.raises(gvg.IllegalActionError) as err:
        gvg.apply(state, Place("passage-ew", -5, 0))
    assert err.value.clause == "GVG-FIELD-2"
    assert Place("passage-ew", -5, 0) not in gvg.all_actions(3)
