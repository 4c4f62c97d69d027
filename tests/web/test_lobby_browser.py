"""The lobby in a real browser (the system's headless Chromium, driven by Playwright, as in
tests/web/test_browser.py): a person creates a table in the lobby, joins a seat under a name and
sees that name, as text, and a connected mark beside the seat; a spectator sees them too, and the
mark turns to away when the seat's page closes; leaving the seat offers it in the lobby again; at
the end, the rematch button leads the seat to its seat of the new table."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest

from tests.web.serving import ServerProcess

pytestmark = pytest.mark.slow

NAME = "<b>Ann</b> & <i>co"  # HTML in a name: the pages must show it as text


def test_a_person_creates_a_table_in_the_lobby_joins_under_a_name_and_is_shown_connected(
        server: ServerProcess, browser: Any) -> None:
    """In the lobby: create a Gnaughty Gnomes table for 2 with seat 1 a bot; it appears under
    "Open tables" with seat 0 free; join seat 0 under a name holding HTML. The page opens seat 0
    (the joined link), and its seats list shows the name as text (no element made of it) with a
    connected mark; a spectator's page shows the same, then "away" once the seat's page is
    closed. Leaving the seat from a new page of its link brings the lobby back, where seat 0 is
    free again. No page has a script error."""
    context = browser.new_context()
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(server.url + "/")
    page.select_option("#game", "gnaughty-gnomes")
    page.select_option("#players", "2")
    page.set_checked("input[name=bot][value='0']", False)
    page.set_checked("input[name=bot][value='1']", True)
    assert page.is_checked("#listed")
    page.click("button[type=submit]")
    page.wait_for_selector("#links a")
    table = page.locator("#links a", has_text="Spectators").get_attribute("href").rsplit("/", 1)[1]
    entry = page.locator(f"#open li[data-table='{table}']")
    entry.locator("button.join[data-seat='0']").wait_for()
    assert entry.locator("button.join").count() == 1  # the bot's seat is not free
    assert "Seat 1: a bot" in entry.inner_text()
    page.fill("#name", NAME)
    entry.locator("button.join[data-seat='0']").click()
    page.wait_for_url(f"**/t/{table}#*")
    seat0 = "#seats li[data-seat='0']"
    page.wait_for_selector(f"{seat0}[data-connected='yes']")
    assert page.inner_text("#who") == "You are seat 0 of 2"
    shown = page.inner_text(seat0)
    assert NAME in shown
    assert "connected" in shown
    assert page.locator("#seats b, #seats i").count() == 0  # the name's HTML made no element
    assert "a bot" in page.inner_text("#seats li[data-seat='1']")
    link = page.url

    watcher = context.new_page()
    watcher.on("pageerror", lambda error: errors.append(str(error)))
    watcher.goto(f"{server.url}/t/{table}")
    watcher.wait_for_selector(f"{seat0}[data-connected='yes']")
    assert NAME in watcher.inner_text(seat0)
    assert watcher.locator("#seats b, #seats i").count() == 0
    assert watcher.inner_text("#who") == "Spectator"
    page.close()
    watcher.wait_for_selector(f"{seat0}[data-connected='no']")
    assert "away" in watcher.inner_text(seat0)

    again = context.new_page()
    again.on("pageerror", lambda error: errors.append(str(error)))
    again.goto(link)
    again.wait_for_selector(f"{seat0}[data-connected='yes']")
    again.click("#leave")
    again.wait_for_url(server.url + "/")
    again.locator(f"#open li[data-table='{table}'] button.join[data-seat='0']").wait_for()
    watcher.wait_for_function(
        f"document.querySelector(\"{seat0}\").innerText.includes('free')")
    assert NAME not in watcher.inner_text("#seats")
    assert not errors
    context.close()


def _play_out(server: ServerProcess, table: str, token: str) -> None:
    """Seat ``token``'s random legal moves over HTTP (the server's bots play the others) to the end."""
    rnd = random.Random(7)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        status, update = server.request("GET", f"/api/tables/{table}", token=token)
        assert status == 200, update
        if update["terminal"]:
            return
        if update["legal"]:
            move = {"version": update["version"], "action": rnd.choice(update["legal"])["action"]}
            server.request("POST", f"/api/tables/{table}/moves", move, token=token)
        else:
            time.sleep(0.02)
    raise AssertionError("the game did not end within 120 s")


def test_a_rematch_from_the_page_leads_the_seat_to_its_new_seat_under_its_name(
        server: ServerProcess, browser: Any) -> None:
    """Ann joins seat 0 of a listed table (seat 1 a bot) and the game is played to its end; her
    page then offers the rematch, a spectator's page is sent a link to watch it once she asks,
    and her page opens her seat of the new table, with her name and a connected mark there."""
    made = server.create(game="gnaughty-gnomes", players=2, bots=[1])
    table = made["table"]
    status, joined = server.request("POST", f"/api/tables/{table}/join", {"seat": 0, "name": "Ann"})
    assert status == 200, joined
    context = browser.new_context()
    errors: list[str] = []
    page, watcher = context.new_page(), context.new_page()
    for each in (page, watcher):
        each.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(server.url + joined["link"])
    watcher.goto(f"{server.url}/t/{table}")
    page.wait_for_selector("#seats li[data-seat='0'][data-connected='yes']")
    assert not page.locator("#rematch").is_visible()  # not before the end
    _play_out(server, table, joined["token"])
    page.wait_for_selector("#rematch", state="visible")
    assert not watcher.locator("#rematch").is_visible()  # a spectator has no seat to take along
    page.click("#rematch")
    page.wait_for_url(lambda url: f"/t/{table}" not in url)
    new = page.url.split("/t/", 1)[1].split("#", 1)[0]
    page.wait_for_selector("#seats li[data-seat='0'][data-connected='yes']")
    assert "Ann" in page.inner_text("#seats li[data-seat='0']")
    assert page.inner_text("#who") == "You are seat 0 of 2"
    watcher.wait_for_selector("#rematch-link")
    assert watcher.get_attribute("#rematch-link", "href") == f"/t/{new}"
    assert not errors
    context.close()
