"""Pictures a player reads (issue 31): no label runs out of its box, the map's location names
fit their locations and sit above the pieces, and every game whose picture uses letters or
symbols carries a legend for them.

A text's width is estimated conservatively (``core.text_width``: characters x font size x
``core.GLYPH``, wider than DejaVu Sans Bold on English text); its box is the rectangle drawn
beside it in its group that holds its anchor point (a card, a space, a pile, a panel), else the
picture. Views are taken at random points of random seeded games of every game's reference data.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

import gremlinrules
import gremlinrules.svg
from gremlinrules.gremlins_the_game.board import REFERENCE_MAP
from gremlinrules.svg import core
from tests.conformance.support import GAME_IDS
from tests.svg.support import SVG_NS
from tests.svg.support import parse
from tests.svg.support import parts
from tests.svg.support import position

DRAWN = [g for g in gremlinrules.svg.drawer_ids() if g in GAME_IDS]
CASES = [(g, n) for g in DRAWN for n in sorted({min(gremlinrules.get_game(g).player_counts),
                                               max(gremlinrules.get_game(g).player_counts)})]
CASE_IDS = [f"{g}-{n}p" for g, n in CASES]
FEW = settings(max_examples=max(4, settings().max_examples // 5))
walks = {"seed": st.integers(0, 2**32), "walk_seed": st.integers(0, 2**32), "stop": st.integers(0, 500)}
TEXT = f"{{{SVG_NS}}}text"
RECT = f"{{{SVG_NS}}}rect"
SLACK = 0.5
"""Pixels a text may pass its box by (rounding of the drawn coordinates)."""


def _extent(t: ET.Element) -> tuple[float, float]:
    """The horizontal span a text may take, from its anchor, at the conservative glyph width."""
    width = core.text_width("".join(t.itertext()), float(t.get("font-size", "12")))
    x = float(t.get("x", "0"))
    anchor = t.get("text-anchor", "start")
    return (x - width / 2, x + width / 2) if anchor == "middle" else (x - width, x) if anchor == "end" \
        else (x, x + width)


def overflows(root: ET.Element) -> list[tuple[str, float, float, float, float]]:
    """Each text that passes its box: (words, its span, the box's span)."""
    width = float(root.get("viewBox", "0 0 0 0").split()[2])
    parent = {child: node for node in root.iter() for child in node}
    out = []
    for t in root.iter(TEXT):
        lo, hi = _extent(t)
        box = (0.0, width)
        tx, ty = float(t.get("x", "0")), float(t.get("y", "0"))
        for r in parent[t]:
            if r.tag != RECT:
                continue
            rx, ry, rw, rh = (float(r.get(k, "0")) for k in ("x", "y", "width", "height"))
            if rx <= tx <= rx + rw and ry <= ty <= ry + rh:
                box = (rx, rx + rw)
                break
        if lo < box[0] - SLACK or hi > box[1] + SLACK:
            out.append(("".join(t.itertext()), lo, hi, *box))
    return out


@pytest.mark.parametrize(("game_id", "players"), CASES, ids=CASE_IDS)
@FEW
@given(**walks)
def test_no_text_runs_out_of_its_box_or_the_picture(
        game_id: str, players: int, seed: int, walk_seed: int, stop: int) -> None:
    """In every seat's picture and the spectator's, with and without labels, every text's
    estimated span lies inside the rectangle it is written on (a card, a space, a pile, a
    panel) and inside the picture."""
    game = gremlinrules.get_game(game_id)
    state = position(game, players, seed, walk_seed, stop)
    for seat in [*range(players), None]:
        for labels in (False, True):
            root = parse(gremlinrules.svg.svg(game_id, game.observe(state, seat), labels=labels))
            assert not overflows(root), (seat, labels, overflows(root)[:3])


def test_overflows_finds_a_label_wider_than_its_card() -> None:
    """The measure has teeth: a card whose label is forced wider than the card is found."""
    wide = core.group(core.rect(10, 10, 40, 60), core.text(12, 40, "Police Station", size=12))
    root = parse(core.document(200, 100, [wide], size=None, title="t", game_id="x", seat=None))
    assert [o[0] for o in overflows(root)] == ["Police Station"]


@pytest.mark.clause("GTG-MAP-1")
@pytest.mark.parametrize("labels", [False, True])
def test_every_location_name_fits_its_location_and_is_drawn_above_the_pieces(labels: bool) -> None:
    """Each location's name (Police Station included) fits the width of its location's spaces,
    and the names are drawn after the pieces, so no gremlin or token on the top row hides them,
    and take no clicks from the spaces below."""
    game = gremlinrules.get_game("gremlins-the-game")
    state = position(game, 4, 3, 3, 40)
    root = parse(gremlinrules.svg.svg("gremlins-the-game", game.observe(state, 0), labels=labels))
    (names,) = parts(root, "location-names")
    assert names.get("pointer-events") == "none"
    drawn = {t.get("data-area"): t for t in names.iter(TEXT)}
    assert set(drawn) == set(REFERENCE_MAP.locations)
    for loc, t in drawn.items():
        xs = [s.x for s in REFERENCE_MAP.spaces if s.area == loc]
        room = (max(xs) - min(xs) + 1) * 28  # the map's CELL
        lo, hi = _extent(t)
        assert hi - lo <= room - 4, (loc, hi - lo, room)
    order = [e.get("class") for e in root if e.tag == f"{{{SVG_NS}}}g"]
    assert order.index("location-names") > order.index("pieces")


LETTERED = {"gremlins-the-game": {"E", "W", "G", "?"}}
"""The letters each game writes on its tokens and marks, which its legend must explain."""


@pytest.mark.parametrize("game_id", sorted(LETTERED))
def test_the_legend_explains_every_letter_on_the_board(game_id: str) -> None:
    """The picture carries a legend, and every letter drawn on a token or a space mark is the
    first word of one of its entries; every entry has a sample and its words."""
    game = gremlinrules.get_game(game_id)
    root = parse(gremlinrules.svg.svg(game_id, game.observe(game.new_game(min(game.player_counts), 1), 0)))
    (key,) = parts(root, "legend")
    entries = parts(key, "legend-entry")
    assert entries
    words = ["".join(list(e.iter(TEXT))[-1].itertext()) for e in entries]  # the sample's letter first
    assert all(w.strip() for w in words)
    explained = {w.split(":")[0].split()[0] for w in words}
    assert LETTERED[game_id] <= explained, LETTERED[game_id] - explained
    on_board = {"".join(t.itertext()) for cls in ("token", "space") for g in parts(root, cls)
                for t in g.iter(TEXT) if len("".join(t.itertext())) == 1}
    assert on_board <= explained, on_board - explained
