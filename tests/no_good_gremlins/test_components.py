"""The component set: the rulebook's numbers, the reference assumptions, user files."""

from __future__ import annotations

from importlib import resources
from pathlib import Path
from typing import Any

import attrs
import pytest

from gremlinrules.core.errors import ComponentError
from gremlinrules.core.errors import SetupError
from gremlinrules.no_good_gremlins import REFERENCE
from gremlinrules.no_good_gremlins import Components
from gremlinrules.no_good_gremlins import Options
from gremlinrules.no_good_gremlins import Setup
from gremlinrules.no_good_gremlins import all_actions
from gremlinrules.no_good_gremlins import decision_bound
from gremlinrules.no_good_gremlins import load_components
from gremlinrules.no_good_gremlins import new_game
from gremlinrules.no_good_gremlins import validate_components

SHIPPED = resources.files("gremlinrules.no_good_gremlins").joinpath("components.toml").read_text(
    encoding="utf-8")


@pytest.mark.clause("NGG-DATA-1")
def test_reference_meets_rulebook_numbers() -> None:
    """The shipped set has 84 materials in six types, iron cost 6 and a 21-card gremlin deck."""
    assert sum(REFERENCE.counts) == 84
    assert len(REFERENCE.counts) == 6
    assert REFERENCE.launch_costs[2] == 6
    assert sum(REFERENCE.gremlins) + REFERENCE.thunderstorms == 21


@pytest.mark.clause("NGG-DATA-1")
@pytest.mark.parametrize(("change", "message"), [
    ({"counts": (20, 18, 16, 12, 10, 7)}, "84"),
    ({"launch_costs": (8, 7, 5, 5, 4, 3)}, "iron"),
    ({"thunderstorms": 2}, "21"),
    ({"gremlins": (3, 3, 3, 3, 3)}, "six|6"),
    ({"medal_values": (1, 2, 3, 4, 5, 0)}, "from 1 to 1000"),
    ({"medal_values": (1, 2, 3, 4, 5, 1001)}, "from 1 to 1000"),
    ({"medal_values": (1, 2, 3, 4, 5, 10**5000)}, "about 5001 digits"),
    ({"launch_costs": (8, 7, 6, 5, 4, -(10**5000))}, "about 5001 digits"),
    ({"counts": (20, 18, 16, 12, 16, 2), "launch_costs": (8, 7, 6, 5, 4, 3)}, "only 2"),
    ({"thunderstorms": True}, "thunderstorms"),
])
def test_validation_rejects_broken_numbers(change: dict[str, Any], message: str) -> None:
    """Any component set breaking a number the rulebook states, or a size limit (a medal value
    over 1000), raises ComponentError with a short message, even for a 5,000-digit number."""
    bad = attrs.evolve(REFERENCE, **change)
    with pytest.raises(ComponentError, match=message):
        validate_components(bad)


@pytest.mark.clause("NGG-DATA-2")
def test_reference_counts() -> None:
    """Assumed counts from rust to chrome: 20/18/16/12/10/8."""
    assert REFERENCE.counts == (20, 18, 16, 12, 10, 8)


@pytest.mark.clause("NGG-DATA-3")
def test_reference_launch_costs() -> None:
    """Assumed launch costs 8/7/6/5/4/3, each no more than the type's count."""
    assert REFERENCE.launch_costs == (8, 7, 6, 5, 4, 3)
    assert all(c <= n for c, n in zip(REFERENCE.launch_costs, REFERENCE.counts, strict=True))


@pytest.mark.clause("NGG-DATA-4")
def test_reference_medal_values() -> None:
    """Assumed medal values 1..6, all different."""
    assert REFERENCE.medal_values == (1, 2, 3, 4, 5, 6)


@pytest.mark.clause("NGG-DATA-5")
def test_reference_gremlin_deck() -> None:
    """Assumed gremlin deck: three of each type and three thunderstorms."""
    assert REFERENCE.gremlins == (3,) * 6
    assert REFERENCE.thunderstorms == 3


@pytest.mark.clause("NGG-DATA-6")
def test_user_file_loads_through_the_same_validation(tmp_path: Path) -> None:
    """A user's TOML file with other numbers loads, is validated, and plays through Options."""
    text = SHIPPED.replace("count = 20", "count = 19").replace("count = 8", "count = 9")
    path = tmp_path / "mine.toml"
    path.write_text(text, encoding="utf-8")
    mine = load_components(path)
    assert mine.counts == (19, 18, 16, 12, 10, 9)
    state = new_game(3, 1, options=Options(components=mine))
    assert state.components == mine == state.options.components
    assert len(state.deck) + 18 == 84


@pytest.mark.clause("NGG-DATA-6")
@pytest.mark.parametrize(("old", "new", "message"), [
    ('ability = "move_on"', 'ability = "launch_any"', "bribe ability"),
    ("launch_cost = 6", "launch_cost = 7", "iron"),
    ("thunderstorms = 3", "thunderstorms = 4", "21"),
    ("[materials.chrome]", "[materials.gold]", "exactly"),
    ("gremlins = 3\n", "", "exactly"),
    ("count = 20", "count = twenty", "cannot read"),
])
def test_user_file_errors(old: str, new: str, message: str) -> None:
    """A user's file that changes a fixed ability or a stated number is refused."""
    assert old in SHIPPED
    with pytest.raises(ComponentError, match=message):
        load_components(SHIPPED.replace(old, new, 1))


@pytest.mark.clause("NGG-DATA-6")
def test_bad_components_in_the_options_are_a_setup_error_everywhere_they_shape_the_game() -> None:
    """An invalid component set passed in the Options gives SetupError from new_game, and from
    all_actions and decision_bound, which see the options' component set; a value that is not a
    Components at all is refused when the Options are made."""
    bad = Components(counts=(1,) * 6, launch_costs=(1,) * 6, medal_values=(1,) * 6,
                     gremlins=(3,) * 6, thunderstorms=3)
    with pytest.raises(SetupError, match="84 cards"):
        new_game(2, options=Options(components=bad))
    with pytest.raises(SetupError, match="84 cards"):
        all_actions(2, Options(components=bad))
    with pytest.raises(SetupError, match="84 cards"):
        decision_bound(2, Options(components=bad))
    with pytest.raises(SetupError, match="Components or None"):
        Options(components="reference")  # type: ignore[arg-type]


@pytest.mark.clause("NGG-DATA-6")
def test_the_old_setup_spelling_warns_and_gives_the_same_game() -> None:
    """Setup(components=...) still works for one release: it warns (DeprecationWarning) and sets
    up exactly the game Options(components=...) does; naming two different sets is a SetupError,
    and an invalid set there is a SetupError as before."""
    mine = validate_components(attrs.evolve(REFERENCE, counts=(19, 18, 16, 12, 10, 9)))
    with pytest.warns(DeprecationWarning, match="Options"):
        old = Setup(components=mine)
    assert new_game(3, 5, setup=old) == new_game(3, 5, options=Options(components=mine))
    assert new_game(3, 5, setup=old, options=Options(components=mine)) == new_game(3, 5, setup=old)
    with pytest.raises(SetupError, match="differ"):
        new_game(3, 5, setup=old, options=Options(components=REFERENCE))
    bad = Components(counts=(1,) * 6, launch_costs=(1,) * 6, medal_values=(1,) * 6,
                     gremlins=(3,) * 6, thunderstorms=3)
    with pytest.warns(DeprecationWarning, match="deprecated"):
        old_bad = Setup(components=bad)
    with pytest.raises(SetupError):
        new_game(2, setup=old_bad)
