// The lobby: create a table and hand out its seat links; list the open tables and join a free
// seat under a name (the server hands that seat's secret link to whoever joins, once).
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
                  options: JSON.parse($("options").value || "null"), listed: $("listed").checked};
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
    refresh();
  } catch (error) {
    $("notice").textContent = error.message;
  }
}

// ---- open tables: the list, joining a free seat under a name -----------------------------

function when(seconds) {
  return new Date(seconds * 1000).toLocaleString([], {dateStyle: "short", timeStyle: "short"});
}

function seatItem(table, seat) {
  if (seat.bot) return el("li", {"data-seat": seat.seat}, `Seat ${seat.seat}: a bot`);
  if (!seat.free) return el("li", {"data-seat": seat.seat}, `Seat ${seat.seat}: `, el("span", {class: "name"}, seat.name || "taken"));
  return el("li", {"data-seat": seat.seat, class: "free"}, `Seat ${seat.seat}: free `,
            el("button", {type: "button", class: "join", "data-table": table.table, "data-seat": seat.seat,
                          onclick: () => join(table.table, seat.seat)}, `Join seat ${seat.seat}`));
}

async function refresh() {
  try {
    const open = await api("/api/tables");
    $("open").replaceChildren(...(open.length ? open.map((t) => el("li", {"data-table": t.table},
      el("strong", {}, t.title), ` · ${t.players} players · created ${when(t.created)} · `,
      el("a", {href: t.spectator, target: "_blank"}, "watch"),
      el("ul", {class: "seats"}, t.seats.map((s) => seatItem(t, s)))))
      : [el("li", {class: "nil"}, "No open table yet.")]));
  } catch (error) { /* the next refresh tries again */ }
}

async function join(table, seat) {
  $("join-notice").textContent = "";
  try {
    const joined = await api(`/api/tables/${encodeURIComponent(table)}/join`,
                             {method: "POST", body: {seat, name: $("name").value}});
    location.assign(joined.link);  // the seat's secret link, given this once
  } catch (error) {
    $("join-notice").textContent = error.message;
    refresh();
  }
}

games = await api("/api/games");
$("game").replaceChildren(...games.map((g) => el("option", {value: g.id}, g.title)));
$("game").addEventListener("change", fillPlayers);
$("players").addEventListener("change", fillBots);
$("create").addEventListener("submit", create);
fillPlayers();
refresh();
setInterval(refresh, 5000);
