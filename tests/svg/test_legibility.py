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


LETTERED = {"gremlins-the-game": {"E", "W", "G", "?"}, "gnaughty-gnomes": {"X", "X=5H", "used"},
            "no-good-gremlins": {"Ru", "Wo", "Ir", "Co", "St", "Ch"}, "gremlins-inc": {"pay", "+3", "#1"},
            "goblins-vs-gnomes": {"passage"}}
"""The letters and short marks each game writes on its cards, tokens and marks, which its legend
must explain (each is the first word of an entry)."""


@pytest.mark.parametrize("game_id", DRAWN)
def test_the_legend_explains_every_letter_on_the_board(game_id: str) -> None:
    """The picture carries a legend (every game's does), whose entries explain the game's letters
    and short marks; every letter drawn on a token or a space mark is the first word of one of
    its entries; every entry has a sample and its words."""
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


def _hover(node: ET.Element) -> str:
    """A part's hover text: its ``<title>``."""
    title = node.find(f"{{{SVG_NS}}}title")
    assert title is not None, node.attrib
    return title.text or ""


def _rules_texts(game_id: str, view: object) -> dict[str, str]:
    """What each card of the viewer's hand says on hover, by card name, from the game's words."""
    if game_id == "no-good-gremlins":
        from gremlinrules.no_good_gremlins import words as ngg
        from gremlinrules.no_good_gremlins.components import Material
        return {m.value: ngg.card_text(m, view.components) for m in Material}  # type: ignore[attr-defined]
    if game_id == "gremlins-the-game":
        from gremlinrules.gremlins_the_game import words as gtg
        from gremlinrules.gremlins_the_game.components import REFERENCE as GTG_REF
        comps = view.options.components or GTG_REF  # type: ignore[attr-defined]
        return {w.name: gtg.weapon_text(w.name, comps) for w in comps.weapons}
    if game_id == "gremlins-inc":
        from gremlinrules.gremlins_inc import words as gi
        from gremlinrules.gremlins_inc.components import REFERENCE as GI_REF
        return {c: gi.card_text(GI_REF.card(c)) for c in view.hand}  # type: ignore[attr-defined]
    if game_id == "goblins-vs-gnomes":
        from gremlinrules.goblins_vs_gnomes import words as gvg
        from gremlinrules.goblins_vs_gnomes.geometry import options_kit
        kit = options_kit(view.options)  # type: ignore[attr-defined]
        return {name: gvg.card_text(kit.designs[name]) for name in view.hand}  # type: ignore[attr-defined]
    from gremlinrules.gnaughty_gnomes.words import X_TEXT
    return {"X": X_TEXT}


@pytest.mark.parametrize("game_id", DRAWN)
def test_a_card_in_hand_shows_its_rules_text_on_hover(game_id: str) -> None:
    """Each card of the viewer's own hand has, as its hover text (``<title>``), the card's rules
    text from the game's words module (Gnaughty Gnomes: its X card's rule; a plain card is its
    name)."""
    game = gremlinrules.get_game(game_id)
    view = game.observe(game.new_game(min(game.player_counts), 2), 0)
    root = parse(gremlinrules.svg.svg(game_id, view, labels=True))
    expected = _rules_texts(game_id, view)
    hand = [c for c in root.iter(f"{{{SVG_NS}}}g") if c.get("class") == "card"
            and (c.get("data-part") or "").startswith(("hand:", "weapon:", "card:"))]
    assert hand
    checked = 0
    for c in hand:
        name = c.get("data-card", "")
        if game_id == "gnaughty-gnomes":
            if name.endswith("-X"):
                assert _hover(c).endswith(expected["X"])
                checked += 1
            continue
        assert _hover(c) == expected[name], (name, _hover(c))
        checked += 1
    assert checked
