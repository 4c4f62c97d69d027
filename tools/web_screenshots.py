"""Regenerate docs/_static/web/<game-id>.png: one seat's table page for every game, in the
system's headless Chromium (``python tools/web_screenshots.py``; needs the test extra and
Debian's chromium package).

For each game it starts a table with seat 0 human and the server's bots elsewhere, clicks a few
of seat 0's actions so the table is under way, and photographs seat 0's page.
"""

from __future__ import annotations

import random
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import gremlinrules  # noqa: E402  (after the path: the work tree's, not an installed copy)
from tests.web.serving import CHROMIUM  # noqa: E402
from tests.web.serving import CHROMIUM_ARGS  # noqa: E402
from tests.web.serving import ServerProcess  # noqa: E402

OUT = ROOT / "docs" / "_static" / "web"
CLICKS = 6
PLAYERS = {"goblins-vs-gnomes": 4, "gremlins-inc": 3, "gremlins-the-game": 3, "no-good-gremlins": 3}
"""The seats of each photographed table (the fewest the game takes where not named)."""


def main() -> None:
    """Photograph every game's page."""
    from playwright.sync_api import sync_playwright

    OUT.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as playwright:
        server = ServerProcess(Path(tmp) / "tables.sqlite", bot_delay=0.0)
        server.start()
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            for gid in gremlinrules.game_ids():
                game = gremlinrules.get_game(gid)
                players = PLAYERS.get(gid, min(game.player_counts))
                made = server.create(game=gid, players=players, seed=7, bots=list(range(1, players)))
                page = browser.new_page(viewport={"width": 1280, "height": 1000})
                page.goto(server.url + made["seats"][0]["link"])
                rnd = random.Random(gid)
                for _ in range(CLICKS):
                    page.wait_for_selector("#actions button.action:not([disabled])", timeout=30_000)
                    version = page.get_attribute("body", "data-version")
                    buttons = page.locator("#actions button.action")
                    buttons.nth(rnd.randrange(buttons.count())).click()
                    page.wait_for_function(f"document.body.dataset.version !== '{version}'")
                page.wait_for_selector("#actions button.action:not([disabled])", timeout=30_000)
                page.mouse.move(0, 0)  # no button under the pointer
                page.wait_for_timeout(500)  # the board picture arrives after the update
                page.screenshot(path=str(OUT / f"{gid}.png"))
                page.close()
                print(f"{OUT / gid}.png")
        finally:
            browser.close()
            server.stop()


if __name__ == "__main__":
    main()
