"""Every game played in a real browser by clicking its board (issue 31, "boards you click"),
from the lobby (the table made there, seat 0 joined under a name): one seat clicks the parts of
the picture its legal actions name, bots play the other seats, at the smallest player count, to
the end of the game (Goblins vs Gnomes, a match of rounds: to the end of its first round).

With ``GREMLINRULES_SCREENSHOTS=1`` the tests also write the docs' screenshots
(``docs/_static/web/<game>.png``, shown in docs/web.rst), so the pictures there are the
page as these tests see it; without it (CI) no tracked file is rewritten.
"""

from __future__ import annotations

import json
import os
import random
from pathlib import Path
from typing import Any

import pytest

import gremlinrules
from gremlinrules.svg import action_parts
from gremlinrules.web import TableStore
from tests.web.serving import ServerProcess
from tests.web.serving import replayed_states

pytestmark = pytest.mark.slow

SCREENSHOTS = Path(__file__).resolve().parents[2] / "docs" / "_static" / "web"
"""Where the docs' screenshots are written (with ``GREMLINRULES_SCREENSHOTS=1``)."""
SHOT_AT = 6
"""The seat's decision (counted from 0) at which the screenshot is taken: the game under way."""
ONE_ROUND = frozenset({"goblins-vs-gnomes"})
"""Games whose match of rounds is long: played to the end of the first round."""
SEEDS = {"gnaughty-gnomes": 4, "goblins-vs-gnomes": 2, "gremlins-inc": 3, "gremlins-the-game": 1,
         "no-good-gremlins": 1}

_READY = ("document.body.dataset.live === 'yes' && (document.body.dataset.terminal === 'yes' || "
          "(document.body.dataset.board === document.body.dataset.version && "
          "document.querySelectorAll('#actions button.action:not([disabled])').length > 0))")
"""The page shows the end of the game, or the seat's decision with its board drawn and marked."""


def _log(db: Path, table: str) -> list[str]:
    """The table's stored moves (action JSON), in order."""
    store = TableStore(str(db))
    try:
        stored = store.load(table)
    finally:
        store.close()
    assert stored is not None
    return [action for _, action in stored.log]


def _shrink(path: Path) -> None:
    """Store a screenshot with a palette of 256 colours (a third of its size, the colours kept
    apart), so the docs' pictures keep the sdist small. Pillow comes with the sim extra."""
    from PIL import Image  # only when screenshots are written

    with Image.open(path) as shot:
        small = shot.convert("RGB").quantize(colors=256, method=Image.Quantize.FASTOCTREE)
    small.save(path, optimize=True)


NAME = "Ada"
"""The display name the clicking player joins under."""


def _from_the_lobby(page: Any, server: ServerProcess, game_id: str, players: int, seed: int) -> str:
    """Create the table in the lobby page (every seat but 0 a bot, the lobby's default) and join
    seat 0 under :data:`NAME`, as a new user does; the table's id, with the page on seat 0."""
    page.goto(server.url + "/")
    page.select_option("#game", game_id)
    page.select_option("#players", str(players))
    for seat in range(players):
        assert page.is_checked(f"input[name=bot][value='{seat}']") == (seat > 0)
    page.fill("#seed", str(seed))
    page.click("button[type=submit]")
    page.wait_for_selector("#links a")
    table = str(page.locator("#links a", has_text="Spectators").get_attribute("href")).rsplit("/", 1)[1]
    entry = page.locator(f"#open li[data-table='{table}']")
    entry.locator("button.join[data-seat='0']").wait_for()
    page.fill("#name", NAME)
    entry.locator("button.join[data-seat='0']").click()
    page.wait_for_url(f"**/t/{table}#*")
    page.wait_for_selector("#seats li[data-seat='0'][data-connected='yes']")
    assert NAME in page.inner_text("#seats li[data-seat='0']")
    return table


@pytest.mark.parametrize("game_id", gremlinrules.game_ids())
def test_a_seat_plays_a_whole_game_by_clicking_the_board(server: ServerProcess, browser: Any, game_id: str,
                                                         record_property: Any) -> None:
    """A person makes the table in the lobby (the other seats bots) and joins seat 0 under a
    name, as a new user would; then, against the bots, at each of its decisions it picks a random
    legal action and, when the action names parts of the board, clicks one of them in the
    picture (then, where several actions name that part, the wanted one in the short choice the
    page offers); only an action that names no part is a button click. The game reaches its end
    (or the end of the first round). Every move made by a click is one that names the part
    clicked, in seat 0's view at that version; most moves were made on the board; no script
    error."""
    game = gremlinrules.get_game(game_id)
    players = min(game.player_counts)
    context = browser.new_context(viewport={"width": 1280, "height": 1000})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    updates: dict[int, dict[str, Any]] = {}

    def on_socket(ws: Any) -> None:
        def keep(payload: str | bytes) -> None:
            data = json.loads(payload)
            if data["type"] == "update":
                updates[data["version"]] = data
        ws.on("framereceived", keep)
    page.on("websocket", on_socket)
    table = _from_the_lobby(page, server, game_id, players, SEEDS.get(game_id, 1))
    rnd = random.Random(game_id)
    clicked: dict[int, str] = {}  # version -> the part the page says was clicked
    pressed: list[int] = []  # versions where a button was pressed (an action naming no part)
    chosen = 0  # board clicks answered by a short choice (several actions name the part)
    shot = False
    first_round = None
    while True:
        page.wait_for_function(_READY, timeout=60_000)
        if page.get_attribute("body", "data-terminal") == "yes":
            break
        version = int(page.get_attribute("body", "data-version") or -1)
        update = updates[version]
        if first_round is None:
            first_round = update["view"].get("round")
        if game_id in ONE_ROUND and update["view"].get("round") != first_round:
            break
        if os.environ.get("GREMLINRULES_SCREENSHOTS") == "1" and len(clicked) + len(pressed) == SHOT_AT:
            SCREENSHOTS.mkdir(parents=True, exist_ok=True)
            page.mouse.move(0, 0)  # no part or button under the pointer
            page.screenshot(path=str(SCREENSHOTS / f"{game_id}.png"))
            _shrink(SCREENSHOTS / f"{game_id}.png")
            shot = True
        wanted = rnd.choice(update["legal"])
        if wanted["parts"]:
            part = rnd.choice(wanted["parts"])
            target = page.locator(f'#board [data-part="{part}"].live').first
            shape = target.locator("rect, polygon, circle").first
            shape.scroll_into_view_if_needed()
            box = shape.bounding_box()
            assert box is not None, part
            page.evaluate("delete document.body.dataset.clicked")
            page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
            page.wait_for_function("document.body.dataset.clicked !== undefined", timeout=10_000)
            clicked[version] = page.get_attribute("body", "data-clicked") or ""
            if page.locator("#choice").is_visible():
                options = page.locator("#choice button.choice-action")
                assert options.count() > 1
                mine = page.locator(f'#choice button.choice-action[data-index="{wanted["index"]}"]')
                (mine if mine.count() else options.first).click()
                chosen += 1
        else:
            page.locator(f'#actions button.action[data-index="{wanted["index"]}"]').click()
            pressed.append(version)
        page.wait_for_function(f"Number(document.body.dataset.version) > {version}", timeout=60_000)
    states = replayed_states(server.db, table, game)
    moves = [game.from_json(a, game.Action) for a in _log(server.db, table)]
    if game_id not in ONE_ROUND:
        assert game.is_terminal(states[-1])
        assert "Game over" in page.inner_text("#status")
    else:
        assert game.is_terminal(states[-1]) or game.observe(states[-1], 0).round != first_round
    for version, part in clicked.items():
        view = game.observe(states[version], 0)
        assert game.current_player(states[version]) == 0
        assert part in action_parts(game_id, view, moves[version]), (version, part, moves[version])
    for version in pressed:
        assert not action_parts(game_id, game.observe(states[version], 0), moves[version])
    assert len(clicked) > len(pressed)
    assert shot or os.environ.get("GREMLINRULES_SCREENSHOTS") != "1"
    assert not errors
    record_property("board clicks", f"{game_id}: {len(clicked)} moves by a board click ({chosen} through a "
                    f"choice), {len(pressed)} by a button, {len(states) - 1} moves in all")
    context.close()
