"""Every game's pictures (issue 19): valid, deterministic, drawn from the view alone, in notebooks
and from the demo.

Parametrised over every registered game that has a drawer, with every player count; the views
are taken at random points of random seeded games, for every seat and the spectator.
"""

from __future__ import annotations

import io
import os
import re
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

import gremlinrules
import gremlinrules.svg
from gremlinrules import InvalidArgumentError
from gremlinrules import UnknownGameError
from gremlinrules.cli import main
from gremlinrules.demo import play_demo
from gremlinrules.svg import core
from tests.conformance.support import GAME_IDS
from tests.svg.support import SVG_NS
from tests.svg.support import parse
from tests.svg.support import position

DRAWN = [g for g in gremlinrules.svg.drawer_ids() if g in GAME_IDS]
CASES = [(g, n) for g in DRAWN for n in gremlinrules.get_game(g).player_counts]
CASE_IDS = [f"{g}-{n}p" for g, n in CASES]

FEW = settings(max_examples=max(4, settings().max_examples // 5))
"""Each example draws every seat's picture of a position: a fifth of the profile's examples
(5 in the fast profile, 120 in the deep one) per game and player count."""

walks = {"seed": st.integers(0, 2**32), "walk_seed": st.integers(0, 2**32), "stop": st.integers(0, 400)}


def _seats(players: int) -> list[int | None]:
    return [*range(players), None]


@pytest.mark.parametrize(("game_id", "players"), CASES, ids=CASE_IDS)
@FEW
@given(**walks)
def test_every_view_draws_as_valid_svg_naming_its_game_and_viewer(
        game_id: str, players: int, seed: int, walk_seed: int, stop: int) -> None:
    """Every seat's view and the spectator's draw as an SVG 1.1 document (XML with the SVG
    namespace) whose root names the game and the viewer, with a title, a headline and the
    decision line; with labels too."""
    game = gremlinrules.get_game(game_id)
    state = position(game, players, seed, walk_seed, stop)
    for seat in _seats(players):
        view = game.observe(state, seat)
        for labels in (False, True):
            root = parse(gremlinrules.svg.svg(game_id, view, labels=labels))
            assert root.get("data-game") == game_id
            assert root.get("data-seat") == ("spectator" if seat is None else str(seat))
            title = root.find(f"{{{SVG_NS}}}title")
            assert title is not None
            assert title.text
            assert ("spectator" if seat is None else f"seat {seat}") in title.text
            assert float(root.get("width", "0")) > 0
            assert float(root.get("height", "0")) > 0
            _check_heading(root)


def _check_heading(root: ET.Element) -> None:
    """The picture has one headline and one decision line, and each fits the picture's width at
    the font size it is drawn with (a conservative glyph width, ``core.GLYPH``), and ends before
    any other text on its line."""
    width = float(root.get("viewBox", "0 0 0 0").split()[2])
    texts = list(root.iter(f"{{{SVG_NS}}}text"))
    for cls in ("headline", "decision"):
        (line,) = [t for t in texts if t.get("class") == cls]
        x, y, size = float(line.get("x", "0")), line.get("y"), float(line.get("font-size", "0"))
        end = x + core.text_width("".join(line.itertext()), size)
        assert size >= 8
        assert end <= width - 8, (cls, "".join(line.itertext()), size, end, width)
        beside = [float(t.get("x", "0")) for t in texts if t.get("y") == y and float(t.get("x", "0")) > x]
        assert all(end <= b for b in beside), (cls, end, beside)


@pytest.mark.parametrize(("game_id", "players"), CASES, ids=CASE_IDS)
@FEW
@given(**walks)
def test_pictures_are_deterministic_functions_of_the_view(
        game_id: str, players: int, seed: int, walk_seed: int, stop: int) -> None:
    """The same view gives the same text, and so does an equal view rebuilt from its JSON (the
    picture depends on the view's value, not on object identity or dict order)."""
    game = gremlinrules.get_game(game_id)
    state = position(game, players, seed, walk_seed, stop)
    for seat in _seats(players):
        view = game.observe(state, seat)
        again = game.from_json(game.to_json(view), game.View)
        assert again == view
        picture = gremlinrules.svg.svg(game_id, view)
        assert gremlinrules.svg.svg(game_id, again) == picture
        assert gremlinrules.svg.draw_view(view) == picture


@pytest.mark.parametrize(("game_id", "players"), CASES, ids=CASE_IDS)
@FEW
@given(**walks, resample=st.integers(0, 2**32))
def test_redealing_what_a_seat_cannot_see_leaves_its_picture_unchanged(
        game_id: str, players: int, seed: int, walk_seed: int, stop: int, resample: int) -> None:
    """For every seat p, the picture of observe(state, p) equals the picture of
    observe(sample_hidden(state, p, seed), p): nothing hidden from p reaches p's picture.
    The spectator's picture is checked against every seat's resample (it sees less than any)."""
    game = gremlinrules.get_game(game_id)
    state = position(game, players, seed, walk_seed, stop)
    spectator = gremlinrules.svg.svg(game_id, game.observe(state, None), labels=True)
    for p in range(players):
        other = game.sample_hidden(state, p, resample)
        assert (gremlinrules.svg.svg(game_id, game.observe(other, p), labels=True)
                == gremlinrules.svg.svg(game_id, game.observe(state, p), labels=True))
        assert gremlinrules.svg.svg(game_id, game.observe(other, None), labels=True) == spectator


@pytest.mark.parametrize("game_id", DRAWN)
def test_views_show_their_picture_in_notebooks(game_id: str) -> None:
    """Every game's View has ``_repr_svg_`` giving its picture, and the text ``svg`` returns has
    ``_repr_svg_`` too (IPython displays either as the picture)."""
    game = gremlinrules.get_game(game_id)
    state = game.new_game(min(game.player_counts), 3)
    for seat in (0, None):
        view = game.observe(state, seat)
        picture = gremlinrules.svg.svg(game_id, view)
        assert view._repr_svg_() == picture
        assert picture._repr_svg_() == picture
        assert isinstance(picture, str)


@pytest.mark.parametrize("game_id", DRAWN)
def test_size_sets_the_width_and_keeps_the_proportions(game_id: str) -> None:
    """``size`` is the width in pixels; the height follows the drawing's proportions and the
    viewBox (the drawing itself) does not change."""
    game = gremlinrules.get_game(game_id)
    view = game.observe(game.new_game(min(game.player_counts), 5), None)
    natural = parse(gremlinrules.svg.svg(game_id, view))
    small = parse(gremlinrules.svg.svg(game_id, view, size=300))
    assert small.get("width") == "300"
    assert small.get("viewBox") == natural.get("viewBox")
    _, _, w, h = (float(x) for x in natural.get("viewBox", "").split())
    assert float(small.get("height", "0")) == pytest.approx(300 * h / w, abs=0.01)


def test_bad_arguments_raise_the_library_errors() -> None:
    """An unknown game, a view of another game, anything that is not a view, or a bad size or
    labels raise the library's errors, never an internal one."""
    gg = gremlinrules.get_game("gnaughty-gnomes")
    view = gg.observe(gg.new_game(4, 1), 0)
    with pytest.raises(UnknownGameError):
        gremlinrules.svg.svg("chess", view)
    with pytest.raises(UnknownGameError):
        gremlinrules.svg.svg(None, view)  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError):
        gremlinrules.svg.svg("goblins-vs-gnomes", view)
    for thing in (None, 3, "view", object(), gg.new_game(4, 1)):
        with pytest.raises(InvalidArgumentError):
            gremlinrules.svg.draw_view(thing)
        with pytest.raises(InvalidArgumentError):
            gremlinrules.svg.svg("gnaughty-gnomes", thing)
    for size in (0, -5, 10**6, 2.5, True, "300"):
        with pytest.raises(InvalidArgumentError):
            gremlinrules.svg.svg("gnaughty-gnomes", view, size=size)  # type: ignore[arg-type]
    for labels in (None, 1, "yes"):
        with pytest.raises(InvalidArgumentError):
            gremlinrules.svg.svg("gnaughty-gnomes", view, labels=labels)  # type: ignore[arg-type]


@given(st.text(max_size=40), st.floats(allow_nan=False, allow_infinity=False, min_value=-1e9, max_value=1e9))
def test_core_text_is_always_well_formed_xml_and_numbers_have_a_fixed_form(words: str, x: float) -> None:
    """Whatever a text holds (markup, quotes, control characters), the element it is written
    into parses back with the same text less the characters XML cannot carry; a number is
    written with at most two decimals, no exponent and no ``-0``."""
    node = core.text(x, 0, words, data_card=words)
    element = ET.fromstring(f'<svg xmlns="{SVG_NS}">{node.render()}</svg>')[0]
    kept = re.sub("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]", "", words)
    assert (element.text or "") == kept.replace("\r\n", "\n").replace("\r", "\n")
    assert element.get("data-card") is not None
    written = core.num(x)
    assert re.fullmatch(r"-?\d+(\.\d{1,2})?", written)
    assert written != "-0"
    assert abs(float(written) - x) <= 0.005 + 1e-9 * abs(x)


@given(st.floats(min_value=20, max_value=200), st.floats(min_value=20, max_value=200),
       st.text(alphabet="abcdefghijklmnopqrstuvwxyzWM -", min_size=1, max_size=30))
def test_a_card_label_fits_its_card_at_a_conservative_glyph_width(w: float, h: float, label: str) -> None:
    """A card's label is written at a font size at which it fits the card's width (or at the
    smallest size, 6, when nothing larger would), counting ``core.GLYPH`` of the size per
    character."""
    node = core.card(0, 0, w, h, "name", label=label)
    element = ET.fromstring(f'<svg xmlns="{SVG_NS}">{node.render()}</svg>')[0]
    (written,) = element.iter(f"{{{SVG_NS}}}text")
    size = float(written.get("font-size", "0"))
    assert core.text_width(label, size) <= w + 0.05 or size == 6


@given(st.text(min_size=1, max_size=200), st.floats(min_value=8, max_value=30),
       st.floats(min_value=50, max_value=2000))
def test_fitted_size_makes_a_line_fit_unless_at_the_smallest_size(words: str, size: float,
                                                                  room: float) -> None:
    """``fitted_size`` keeps a size at which the words fit, else the largest half-pixel size at
    which they fit, never below 8 (the smallest): the line then fits or is at 8."""
    fitted = core.fitted_size(words, size, room)
    assert 8 <= fitted <= size
    assert core.text_width(words, fitted) <= room + 1e-6 or fitted == 8
    if fitted < size:
        assert core.text_width(words, fitted + 0.5) > room - 1e-6 or fitted + 0.5 > size


def _demo_case(game_id: str) -> tuple[Any, int]:
    game = gremlinrules.get_game(game_id)
    return game, min(game.player_counts)


@pytest.mark.parametrize("game_id", DRAWN)
def test_demo_writes_one_picture_per_decision_and_the_final_position(game_id: str, tmp_path: Path) -> None:
    """``play_demo(..., svg_dir=DIR)`` writes 0001.svg... one per decision (the acting seat's view),
    then one more: the final position as the spectator sees it, drawn with ``labels=True`` (the
    spot numbers, space names and cell coordinates the demo's lines name)."""
    game, players = _demo_case(game_id)
    out = io.StringIO()
    final = play_demo(game, players, 1, out, svg_dir=tmp_path)
    decisions = len(re.findall(r"^ *\d+\. ", out.getvalue(), flags=re.MULTILINE))
    assert decisions > 0
    names = sorted(os.listdir(tmp_path))
    assert names == [f"{i:04d}.svg" for i in range(1, decisions + 2)]
    seats = [parse((tmp_path / name).read_text(encoding="utf-8")).get("data-seat") for name in names]
    assert "spectator" not in seats[:-1]
    assert seats[-1] == "spectator"
    last = (tmp_path / names[-1]).read_text(encoding="utf-8")
    assert last == gremlinrules.svg.svg(game_id, game.observe(final, None), labels=True)


def test_cli_demo_takes_svg(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``gremlinrules demo GAME --svg DIR`` writes the pictures and says how many."""
    folder = tmp_path / "pictures"
    assert main(["demo", "gnaughty-gnomes", "--players", "4", "--seed", "2", "--svg", str(folder)]) == 0
    written = len(os.listdir(folder))
    assert f"{written} pictures written" in capsys.readouterr().out
    assert written == 8 * 8 + 1  # eight tricks of four plays and four placements, and the end
