// The lobby: create a table and hand out its seat links.
import {api, el} from "/static/common.js";

const $ = (id) => document.getElementById(id);
let games = [];

function chosen() { return games.find((g) => g.id === $("game").value); }

function fillPlayers() {
  const game = chosen();
  $("players").replaceChildren(...game.player_counts.map((n) => el("option", {value: n}, n)));
  $("options").value = JSON.stringify(game.options, null, 2);
  fillBots();
}

function fillBots() {
  const n = Number($("players").value);
  const boxes = [];
  for (let seat = 0; seat < n; seat++) {
    boxes.push(el("label", {}, el("input", {type: "checkbox", name: "bot", value: seat, checked: seat > 0}),
                  ` Seat ${seat}`));
  }
  $("bots").replaceChildren(el("legend", {}, "Seats the server's bots play"), ...boxes);
}

async function create(event) {
  event.preventDefault();
  $("notice").textContent = "";
  try {
    const body = {game: $("game").value, players: Number($("players").value),
                  bots: [...document.querySelectorAll("input[name=bot]:checked")].map((b) => Number(b.value)),
                  options: JSON.parse($("options").value || "null")};
    if ($("seed").value !== "") body.seed = Number($("seed").value);
    // a server started with --create-token wants it: the lobby's link carries it as #create=TOKEN
    const token = new URLSearchParams(location.hash.slice(1)).get("create") || undefined;
    const made = await api("/api/tables", {method: "POST", body, token});
    const link = (path) => new URL(path, location.href).href;
    const items = made.seats.map((s) => s.bot ? el("li", {}, `Seat ${s.seat}: a bot`)
      : el("li", {}, el("a", {href: s.link, target: "_blank"}, `Seat ${s.seat}`), " ", el("code", {}, link(s.link))));
    items.push(el("li", {}, el("a", {href: made.spectator, target: "_blank"}, "Spectators"), " ",
                  el("code", {}, link(made.spectator))));
    // the seed comes back only when it was chosen here: the server never gives out its own
    const seed = made.seed === undefined ? "" : `, seed ${made.seed} (chosen here: it replays every hidden card)`;
    $("links").replaceChildren(el("li", {}, `${chosen().title}, table ${made.table}${seed}`), ...items);
  } catch (error) {
    $("notice").textContent = error.message;
  }
}

games = await api("/api/games");
$("game").replaceChildren(...games.map((g) => el("option", {value: g.id}, g.title)));
$("game").addEventListener("change", fillPlayers);
$("players").addEventListener("change", fillBots);
$("create").addEventListener("submit", create);
fillPlayers();
