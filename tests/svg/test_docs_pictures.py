"""The docs' pictures (docs/_ext/gremlinrules_pictures.py), built without Sphinx.

Every ``gremlinrules-picture`` and ``gremlinrules-scenario-pictures`` directive
written in the docs is read back from its page and drawn through the same
functions the directive calls, so a picture that a page asks for and that
would fail or be malformed fails here before the docs build.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Any

import pytest

import gremlinrules
from gremlinrules.core.records import load_record
from gremlinrules.core.spec import load_scenarios
from gremlinrules.svg import drawer_ids
from gremlinrules.svg import svg
from tests.docs_support import DOCS
from tests.docs_support import docs_extension

SVG = "{http://www.w3.org/2000/svg}"
EXT = docs_extension("gremlinrules_pictures")
PAGES = sorted(DOCS.glob("*.rst")) + sorted((DOCS / "games").glob("*.rst"))
BLOCKS: list[Any] = [b for page in PAGES
                     for b in EXT.blocks(page.read_text(encoding="utf-8"), str(page.relative_to(DOCS)))]
DRAWN = drawer_ids()


def _root(text: str) -> ET.Element:
    root = ET.fromstring(text)
    assert root.tag == SVG + "svg"
    return root


def _final(game_id: str, scenario: Any) -> tuple[Any, Any, Any]:
    """The game, the record and the vector's final state, replayed here."""
    game = gremlinrules.get_game(game_id)
    record = load_record(scenario.record)
    state = game.new_game(record.players, record.seed, options=record.options, setup=record.setup)
    for action in record.actions:
        state = game.apply(state, action)
    return game, record, state


def test_the_docs_use_the_directives_for_every_drawn_game() -> None:
    """Each game that has a drawer has its scenario vectors' final positions on a page."""
    finals = {b.game_id for b in BLOCKS
              if b.directive == "gremlinrules-scenario-pictures" and "scenarios" not in b.options}
    assert set(DRAWN) <= finals


@pytest.mark.parametrize("block", BLOCKS, ids=[f"{b.where}-{b.game_id}" for b in BLOCKS])
def test_every_picture_a_page_asks_for_draws_valid_svg(block: Any) -> None:
    """A directive in the docs draws at least one picture; every picture parses as SVG of
    its game, and the HTML block around them is well-formed with one figure a picture."""
    pictures = EXT.pictures_for(block.directive, block.game_id, block.options, block.content)
    assert pictures
    for picture in pictures:
        assert _root(picture.svg).get("data-game") == block.game_id
    page = ET.fromstring(EXT.html(pictures))
    assert len(page.findall("figure")) == len(pictures)
    assert len(page.findall(f"figure/{SVG}svg")) == len(pictures)
    captions = [c.text for c in page.findall("figure/figcaption")]
    assert captions == [p.caption for p in pictures if p.caption]


@pytest.mark.parametrize("game_id", DRAWN)
def test_scenario_pictures_are_each_vectors_final_position_for_the_spectator(game_id: str) -> None:
    """Without ``steps``, one picture a vector, in file order: the spectator's view of the
    position its actions reach."""
    vectors = load_scenarios(game_id)
    pictures = EXT.scenario_pictures(game_id)
    assert len(pictures) == len(vectors)
    for scenario, picture in zip(vectors, pictures, strict=True):
        game, _, state = _final(game_id, scenario)
        assert picture.svg == svg(game_id, game.observe(state, None))
        assert scenario.path.rsplit("/", 1)[-1] in picture.caption
        assert _root(picture.svg).get("data-seat") == "spectator"


@pytest.mark.parametrize("game_id", DRAWN)
def test_steps_draw_the_start_and_the_position_after_each_action(game_id: str) -> None:
    """With ``steps`` and ``seat="actor"``, a vector gives one picture more than it has
    actions: the start as the first decider sees it, then after each action the view of
    the seat that took it, captioned with the action's text."""
    scenario = next(s for s in load_scenarios(game_id) if 0 < len(s.record["actions"]) <= 12)
    game, record, final = _final(game_id, scenario)
    name = scenario.path.rsplit("/", 1)[-1]
    pictures = EXT.scenario_pictures(game_id, names=[name], steps=True, seat="actor")
    assert len(pictures) == len(record.actions) + 1
    state = game.new_game(record.players, record.seed, options=record.options, setup=record.setup)
    assert pictures[0].svg == svg(game_id, game.observe(state, game.current_player(state)))
    for action, picture in zip(record.actions, pictures[1:], strict=True):
        actor = game.current_player(state)
        state = game.apply(state, action)
        assert picture.svg == svg(game_id, game.observe(state, actor))
        assert str(action) in picture.caption
    assert state == final


@pytest.mark.parametrize("game_id", DRAWN)
def test_a_position_is_the_new_game_after_the_written_actions(game_id: str) -> None:
    """``gremlinrules-picture`` with players, seed, actions in text notation and a seat
    draws that seat's view of the game those actions reach; the same text, the same bytes."""
    game = gremlinrules.get_game(game_id)
    state = game.new_game(game.max_players, 5)
    written = []
    for _ in range(3):
        action = game.legal_actions(state)[-1]
        written.append(str(action))
        state = game.apply(state, action)
    options = {"players": str(game.max_players), "seed": "5", "seat": "1", "labels": None}
    first = EXT.pictures_for("gremlinrules-picture", game_id, options, written)
    again = EXT.pictures_for("gremlinrules-picture", game_id, options, written)
    assert first == again
    assert [p.svg for p in first] == [svg(game_id, game.observe(state, 1), labels=True)]


@pytest.mark.parametrize("game_id", DRAWN)
def test_a_scenario_position_after_some_actions(game_id: str) -> None:
    """``scenario`` and ``after`` start from a vector's setup and play its first actions."""
    scenario = load_scenarios(game_id)[0]
    game, record, _ = _final(game_id, scenario)
    after = len(record.actions) // 2
    state = game.new_game(record.players, record.seed, options=record.options, setup=record.setup)
    for action in record.actions[:after]:
        state = game.apply(state, action)
    name = scenario.path.rsplit("/", 1)[-1].removesuffix(".json")
    [picture] = EXT.pictures_for("gremlinrules-picture", game_id,
                                 {"scenario": name, "after": str(after), "caption": "x < y & z"})
    assert picture.svg == svg(game_id, game.observe(state, None))
    assert "x &lt; y &amp; z" in EXT.html([picture])


@pytest.mark.parametrize("game_id", DRAWN)
def test_random_actions_reach_a_position_by_legal_moves_the_seed_fixes(game_id: str) -> None:
    """``random-actions`` plays that many legal actions chosen by a generator seeded with
    ``seed`` (the same seed, the same position), then the written actions."""
    import random

    game = gremlinrules.get_game(game_id)
    state = game.new_game(game.min_players, 3)
    chooser = random.Random(3)
    for _ in range(12):
        legal = game.legal_actions(state)
        state = game.apply(state, legal[chooser.randrange(len(legal))])
    options = {"seed": "3", "random-actions": "12", "seat": "0"}
    [picture] = EXT.pictures_for("gremlinrules-picture", game_id, options)
    assert picture.svg == svg(game_id, game.observe(state, 0))
    assert EXT.pictures_for("gremlinrules-picture", game_id, options) == [picture]


@pytest.mark.parametrize(("directive", "game_id", "options", "content", "says"), [
    ("gremlinrules-picture", "gnaughty-gnomes", {"random-actions": "65"}, [], "ended before 65"),
    ("gremlinrules-picture", "no-such-game", {}, [], "no-such-game"),
    ("gremlinrules-picture", "gnaughty-gnomes", {"players": "4"}, ["play purple 9"], "no action"),
    ("gremlinrules-picture", "gnaughty-gnomes", {"players": "4", "seat": "4"}, [], "seat"),
    ("gremlinrules-picture", "gnaughty-gnomes", {"players": "3"}, [], "players"),
    ("gremlinrules-picture", "gnaughty-gnomes", {"after": "2"}, [], "scenario"),
    ("gremlinrules-picture", "gnaughty-gnomes", {"scenario": "nothing-like-it"}, [], "no scenario"),
    ("gremlinrules-picture", "gnaughty-gnomes", {"colour": "red"}, [], "unknown options"),
    ("gremlinrules-picture", "gnaughty-gnomes", {"labels": "yes"}, [], "flag"),
    ("gremlinrules-picture", "gnaughty-gnomes", {"size": "wide"}, [], "whole number"),
    ("gremlinrules-picture", "gnaughty-gnomes", {"options": "[1]"}, [], "JSON object"),
    ("gremlinrules-scenario-pictures", "gnaughty-gnomes", {"seat": "actors"}, [], "seat"),
    ("gremlinrules-scenario-pictures", "gnaughty-gnomes", {}, ["play red 6"], "no content"),
    ("gremlinrules-scenario-picture", "gnaughty-gnomes", {}, [], "no directive"),
])
def test_a_wrong_directive_fails_with_a_reason(directive: str, game_id: str, options: dict[str, str],
                                               content: list[str], says: str) -> None:
    """A directive naming no drawable position raises the extension's error (which fails
    the docs build) with a message saying what is wrong."""
    with pytest.raises(EXT.PictureError, match=says):
        EXT.pictures_for(directive, game_id, options, content)


def test_an_action_the_rules_refuse_fails() -> None:
    """An action written in a page that is not legal where it is played is refused."""
    game = gremlinrules.get_game("gnaughty-gnomes")
    state = game.new_game(4, 0)
    held = {str(a) for a in game.legal_actions(state)}
    refused = next(f"play {s} {r}" for s in ("red", "purple", "black", "orange") for r in range(1, 9)
                   if f"play {s} {r}" not in held)
    with pytest.raises(EXT.PictureError, match="refused"):
        EXT.pictures_for("gremlinrules-picture", "gnaughty-gnomes", {"players": "4"}, [refused])


def test_blocks_read_options_content_and_long_values_as_docutils_does() -> None:
    """The page reader finds the directives, their options (a flag without a value, a
    value continued on the next line) and their content, and skips other directives and
    the examples in literal blocks."""
    text = "\n".join([
        "Text", "", ".. note::", "   a note", "",
        ".. gremlinrules-picture:: gnaughty-gnomes", "   :players: 4", "   :labels:",
        "   :caption: a long", "      caption", "", "   play red 6", "   play red 2", "",
        "After.", "", "   .. gremlinrules-scenario-pictures:: goblins-vs-gnomes", "",
        "An example::", "", "   .. gremlinrules-picture:: no-good-gremlins", "",
        ".. code-block:: rst", "", "   .. gremlinrules-picture:: gremlins-inc", "",
        "More text."])
    first, second = EXT.blocks(text)
    assert (first.directive, first.game_id, first.content) == (
        "gremlinrules-picture", "gnaughty-gnomes", ("play red 6", "play red 2"))
    assert first.options == {"players": "4", "labels": None, "caption": "a long caption"}
    assert (second.directive, second.game_id, second.options, second.content) == (
        "gremlinrules-scenario-pictures", "goblins-vs-gnomes", {}, ())


def test_the_tunnel_cards_picture_draws_each_design_once_with_its_count() -> None:
    """``gremlinrules-tunnel-cards`` draws one ``design`` group per card design of the
    reference set, in the set's order, each with the design's count, its face for a tunnel
    card (a ``card`` group named after the design)."""
    from gremlinrules.goblins_vs_gnomes import Options
    from gremlinrules.goblins_vs_gnomes.geometry import options_kit

    designs = list(options_kit(Options()).designs.values())
    [picture] = EXT.pictures_for("gremlinrules-tunnel-cards", "goblins-vs-gnomes", {"size": "600"})
    root = _root(picture.svg)
    assert root.get("width") == "600"
    drawn = [g for g in root.iter(SVG + "g") if g.get("class") == "design"]
    assert [(g.get("data-card"), g.get("data-count")) for g in drawn] == [
        (d.name, str(d.count)) for d in designs]
    for g, design in zip(drawn, designs, strict=True):
        assert [c.get("data-card") for c in g.iter(SVG + "g") if c.get("class") == "card"] == [design.name]
    with pytest.raises(EXT.PictureError, match="Goblins vs Gnomes"):
        EXT.pictures_for("gremlinrules-tunnel-cards", "gnaughty-gnomes", {})


def test_legal_goes_on_with_the_positions_legal_actions() -> None:
    """``legal`` ends the caption with the count and the notation of the legal actions of
    the position drawn, for the seat that decides there."""
    game = gremlinrules.get_game("gnaughty-gnomes")
    state = game.new_game(4, 2)
    state = game.apply(state, game.legal_actions(state)[0])
    first = str(game.legal_actions(game.new_game(4, 2))[0])
    [picture] = EXT.pictures_for("gremlinrules-picture", "gnaughty-gnomes",
                                 {"players": "4", "seed": "2", "legal": None, "caption": "After one card."},
                                 [first])
    choices = game.legal_actions(state)
    assert picture.caption == (f"After one card. {len(choices)} legal actions for seat "
                               f"{game.current_player(state)}: " + ", ".join(map(str, choices)) + ".")
