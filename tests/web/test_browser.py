"""The page in a real browser (the system's headless Chromium, driven by Playwright): two seats
play a whole game by clicking, through a server SIGKILL and restart; no page ever receives
another seat's hidden cards; a stale move from a second tab is refused."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest

import gremlinrules
from tests.web.serving import ServerProcess
from tests.web.serving import cards
from tests.web.serving import hidden_cards
from tests.web.serving import replayed_states

pytestmark = pytest.mark.slow

GAME = "gnaughty-gnomes"  # 2 players: 64 decisions, the shortest whole game


def _record_frames(page: Any, into: list[dict[str, Any]]) -> None:
    """Keep every message the page receives over its WebSockets."""
    def on_socket(ws: Any) -> None:
        ws.on("framereceived", lambda payload: into.append(json.loads(payload)))
    page.on("websocket", on_socket)


def _at(page: Any, version: int) -> None:
    """Wait until the page is connected and shows the table at ``version``."""
    body = "document.body.dataset"
    page.wait_for_function(f"{body}.live === 'yes' && {body}.version === '{version}'", timeout=30_000)


def test_two_seats_play_a_whole_game_by_clicking_through_a_server_restart(
        server: ServerProcess, browser: Any) -> None:
    """Seats 0 and 1, each in its own browser context, and a spectator open their links; the seat
    that must decide clicks one of its action buttons until the game is over. Midway the server is
    killed (SIGKILL) and restarted: the pages reconnect by themselves and the game goes on. Every
    update a page received holds exactly that seat's view of the state at that version (replayed
    from the stored log), and none holds a card hidden from that seat in that state, in its data
    or in its sentences; nor does any page's text at the end."""
    game = gremlinrules.get_game(GAME)
    made = server.create(game=GAME, players=2, seed=11)
    links = [server.url + s["link"] for s in made["seats"]] + [server.url + made["spectator"]]
    contexts = [browser.new_context() for _ in links]
    frames: list[list[dict[str, Any]]] = [[] for _ in links]
    pages = []
    for context, link, received in zip(contexts, links, frames, strict=True):
        page = context.new_page()
        _record_frames(page, received)
        page.goto(link)
        pages.append(page)
    rnd = random.Random(5)
    version = 0
    restarted = False
    while True:
        for page in pages:
            _at(page, version)
        if pages[0].get_attribute("body", "data-terminal") == "yes":
            break
        buttons = [p.locator("#actions button.action") for p in pages]
        movers = [i for i, b in enumerate(buttons) if b.count() > 0]
        assert movers[:1] == movers  # one seat (never the spectator) may act
        assert movers[0] in (0, 1)
        buttons[movers[0]].nth(rnd.randrange(buttons[movers[0]].count())).click()
        version += 1
        if version == 30 and not restarted:
            _at(pages[movers[0]], version)  # the move was acknowledged: it must survive
            server.kill()
            server.start()
            restarted = True
    assert restarted
    states = replayed_states(server.db, made["table"], game)
    assert game.is_terminal(states[-1])
    assert len(states) == version + 1
    assert "Game over" in pages[0].inner_text("#status")
    for seat, received in zip((0, 1, None), frames, strict=True):
        updates = [f for f in received if f["type"] == "update"]
        assert {u["version"] for u in updates} == set(range(version + 1))
        for update in updates:
            state = states[update["version"]]
            assert update["view"] == game.to_data(game.observe(state, seat))
            secret = hidden_cards(game, state, seat)
            if update["version"] < 30:  # the check has teeth: there are cards to hide (at the end none)
                assert secret
            assert not [c for c in _cards_in(update) if c in secret]
            told = " ".join([*update["text"], *(t for move in update["events"] for t in move["text"])])
            assert not [c for c in secret if _named(c, told)]
    for seat, page in zip((0, 1, None), pages, strict=True):
        text = page.inner_text("body")
        for card in hidden_cards(game, states[-1], seat):
            assert not _named(card, text)
    for context in contexts:
        context.close()


def _named(card: dict[str, Any], text: str) -> bool:
    """Whether ``text`` names a Gnaughty Gnomes card as the game's sentences do ("red 5", "the
    red X")."""
    name = f"the {card['suit']} X" if card["rank"] == "X" else f"{card['suit']} {card['rank']}"
    return re.search(rf"(?<!\w){re.escape(name)}(?!\w)", text) is not None


def _cards_in(update: dict[str, Any]) -> list[Any]:
    """The cards an update holds, wherever they are (view, labels, events)."""
    return cards(update)


def test_a_stale_move_from_a_second_tab_is_refused(server: ServerProcess, browser: Any) -> None:
    """Seat 0 has the table open in two tabs. The second tab's updates are held back while the
    first tab moves; the second tab then clicks a button of the old version: the server refuses it
    as stale (the page says so), the table stays at the first tab's move, and once the held
    updates arrive the second tab shows the current version."""
    made = server.create(game=GAME, players=2, seed=3)
    context = browser.new_context()
    first, second = context.new_page(), context.new_page()
    held: list[str] = []
    holding = {"on": False}

    def route(ws: Any) -> None:
        upstream = ws.connect_to_server()

        def from_server(message: str | bytes) -> None:
            if holding["on"] and json.loads(message)["type"] == "update":
                held.append(str(message))
            else:
                ws.send(message)
        upstream.on_message(from_server)
        sockets.append(ws)

    sockets: list[Any] = []
    second.route_web_socket(re.compile(r".*/ws/.*"), route)
    for page in (first, second):
        page.goto(server.url + made["seats"][0]["link"])
        _at(page, 0)
    assert second.locator("#actions button.action").count() > 0
    holding["on"] = True
    first.locator("#actions button.action").first.click()
    _at(first, 1)
    second.locator("#actions button.action").first.click()
    second.wait_for_function("document.getElementById('notice').textContent.includes('stale move')")
    assert "version 1" in second.inner_text("#notice")
    assert server.request("GET", f"/api/tables/{made['table']}")[1]["version"] == 1
    holding["on"] = False
    for message in held:
        sockets[-1].send(message)
    _at(second, 1)
    game = gremlinrules.get_game(GAME)
    assert len(replayed_states(server.db, made["table"], game)) == 2
    context.close()


def test_the_lobby_creates_a_table_whose_links_open_each_seat(server: ServerProcess, browser: Any) -> None:
    """In the lobby, choosing No Good Gremlins for 3 players with seat 2 a bot and creating the
    table lists a link per human seat and the spectators' link; seat 1's link opens seat 1's page,
    whose view matches the stored table, and the spectator's page offers no action."""
    context = browser.new_context()
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(server.url + "/")
    page.select_option("#game", "no-good-gremlins")
    page.select_option("#players", "3")
    page.fill("#seed", "42")
    for seat, bot in ((0, False), (1, False), (2, True)):
        page.set_checked(f"input[name=bot][value='{seat}']", bot)
    page.click("button[type=submit]")
    page.wait_for_selector("#links a")
    links = {a.inner_text(): a.get_attribute("href") for a in page.locator("#links a").all()}
    assert set(links) == {"Seat 0", "Seat 1", "Spectators"}
    assert "Seat 2: a bot" in page.inner_text("#links")
    assert "seed 42 (chosen here" in page.inner_text("#links")  # the lobby's own seed, echoed
    seat_page = context.new_page()
    seat_page.on("pageerror", lambda error: errors.append(str(error)))
    seat_page.goto(server.url + links["Seat 1"])
    _at(seat_page, 0)
    assert seat_page.inner_text("#who") == "You are seat 1 of 3"
    table = links["Spectators"].rsplit("/", 1)[1]
    game = gremlinrules.get_game("no-good-gremlins")
    state = replayed_states(server.db, table, game)[-1]
    assert state == game.new_game(3, 42)
    hand = game.to_data(game.observe(state, 1))["hand"]
    lines = game.view_text(game.observe(state, 1))
    shown = seat_page.locator("#view li", has_text="Your hand").first.inner_text()
    assert shown.startswith(next(line for line in lines if line.startswith("Your hand")))
    for material, count in hand.items():
        assert re.search(rf"\b{count}\s+{material}\b", shown), (material, count, shown)
    assert "_" not in seat_page.inner_text("#view")  # sentences, not field names
    spectator = context.new_page()
    spectator.goto(server.url + links["Spectators"])
    _at(spectator, 0)
    assert spectator.inner_text("#who") == "Spectator"
    assert spectator.locator("#actions button").count() == 0
    page.fill("#seed", "")  # a seed the server draws is never shown: it replays every hidden card
    page.click("button[type=submit]")
    page.wait_for_function("!document.querySelector('#links').innerText.includes('seed 42')")
    assert "seed" not in page.inner_text("#links")
    assert not errors
    context.close()


@pytest.mark.parametrize("game_id", gremlinrules.game_ids())
def test_every_game_is_hosted_and_drawn_in_the_page(server: ServerProcess, browser: Any,
                                                    game_id: str) -> None:
    """Each registered game: seat 0's page against the server's bots plays a few moves by
    clicking, without a script error; after each, the page shows the version the stored log is
    at, its update holds seat 0's view of that state, and the board picture is shown exactly
    for the games the library draws."""
    game = gremlinrules.get_game(game_id)
    players = min(game.player_counts)
    made = server.create(game=game_id, players=players, seed=1, bots=list(range(1, players)))
    page = browser.new_context().new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    received: list[dict[str, Any]] = []
    _record_frames(page, received)
    page.goto(server.url + made["seats"][0]["link"])
    rnd = random.Random(game_id)
    for _ in range(3):
        page.wait_for_selector("#actions button.action:not([disabled])", timeout=30_000)
        version = int(page.get_attribute("body", "data-version") or -1)
        buttons = page.locator("#actions button.action")
        buttons.nth(rnd.randrange(buttons.count())).click()
        page.wait_for_function(f"Number(document.body.dataset.version) > {version}")
    page.wait_for_selector("#actions button.action:not([disabled])", timeout=30_000)
    states = replayed_states(server.db, made["table"], game)
    shown = int(page.get_attribute("body", "data-version") or -1)
    assert shown == len(states) - 1
    last = [f for f in received if f["type"] == "update"][-1]
    assert last["version"] == shown
    assert last["view"] == game.to_data(game.observe(states[shown], 0))
    drawn = next(f for f in received if f["type"] == "welcome")["board"]
    if drawn:
        page.wait_for_function("document.querySelector('#board svg') !== null")
    assert page.locator("#board-section").is_visible() == drawn
    assert not errors
    page.context.close()
