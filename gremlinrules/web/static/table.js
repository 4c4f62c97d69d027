// The table page: one seat's (or a spectator's) live view of a table, for any game.
// It receives only the seat's view, its labelled legal actions and its redacted events
// (see docs/web.rst) and renders them generically; the token is the URL's fragment.
import {el, seatName} from "/static/common.js";

const $ = (id) => document.getElementById(id);
const tableId = decodeURIComponent(location.pathname.split("/").pop());
const token = decodeURIComponent(location.hash.slice(1)) || null;
let socket = null;
let welcome = null;
let current = null;      // the last update
let waiting = false;     // a move is on its way
let retry = 250;         // reconnect delay (ms), doubled up to 4 s
let boardAsk = 0;        // the board request that is newest

// ---- rendering a view generically --------------------------------------------------------
const FRAME = ["seat", "players", "current_player", "phase", "pending", "scores", "winners", "format_version"];
const FOLDED = new Set(["options", "components", "history"]);

function scalar(value) {
  if (value === null) return el("span", {class: "nil"}, "—");
  if (typeof value === "boolean") return value ? "yes" : "no";
  return String(value);
}

function isScalar(value) { return value === null || typeof value !== "object"; }

/** A small flat object (a card: {rank, suit}) reads best on one line. */
function isSmall(value) {
  return !isScalar(value) && !Array.isArray(value) && Object.keys(value).length <= 6
    && Object.values(value).every(isScalar);
}

function small(value) {
  return el("span", {class: "chip"}, Object.entries(value).map(([k, v]) => `${k} ${v === null ? "—" : v}`).join(" · "));
}

function render(value) {
  if (isScalar(value)) return scalar(value);
  if (Array.isArray(value)) {
    if (value.length === 0) return el("span", {class: "nil"}, "none");
    if (value.every(isScalar)) {
      const filled = value.filter((v) => v !== null).length;
      if (value.length > 12 && filled < value.length / 2) {  // a sparse board: name the filled places only
        const parts = value.map((v, i) => v === null ? null : `${i}: ${v}`).filter((p) => p !== null);
        return el("span", {}, parts.length ? parts.join(", ") : "all empty", el("span", {class: "nil"}, ` (of ${value.length})`));
      }
      return value.map(scalar).flatMap((v, i) => (i ? [", ", v] : [v]));
    }
    if (value.every(isSmall)) return el("span", {}, value.map(small));
    return el("ol", {class: "items", start: 0}, value.map((v) => el("li", {}, render(v))));
  }
  if (isSmall(value)) return small(value);
  return tree(value);
}

function tree(object, keys = Object.keys(object)) {
  return el("table", {class: "tree"}, keys.map((key) => {
    const cell = FOLDED.has(key) && !isScalar(object[key])
      ? el("details", {}, el("summary", {}, "show"), render(object[key])) : render(object[key]);
    return el("tr", {"data-key": key}, el("th", {scope: "row"}, key.replaceAll("_", " ")), el("td", {}, cell));
  }));
}

function describePending(pending) {
  if (!pending) return "";
  // a frame is tagged with its class ("MealChoice": "meal choice")
  const name = String(pending.type ?? "decision").replace(/(?<=[a-z])(?=[A-Z])/g, " ").toLowerCase();
  const parts = [`Pending: ${name}`];
  if (pending.seat !== undefined && pending.seat !== null) parts.push(`by ${seatName(pending.seat, welcome.seat)}`);
  if (pending.among && pending.among.length) parts.push(`among ${pending.among.map((a) => typeof a === "object" ? JSON.stringify(a) : a).join(", ")}`);
  if (pending.source) parts.push(`(from ${typeof pending.source === "object" ? JSON.stringify(pending.source) : pending.source})`);
  return parts.join(" ");
}

function eventValue(value) {
  if (typeof value === "string") return value;
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (isSmall(value)) return Object.values(value).join(" ");
  if (Array.isArray(value) && value.every(isScalar)) return `[${value.join(", ")}]`;
  return JSON.stringify(value);
}

/** One line per event: its type, then its fields (a field the seat may not see is null: left out). */
function eventText(event) {
  const {type, ...fields} = event;
  const parts = Object.entries(fields).filter(([, v]) => v !== null)
    .map(([k, v]) => `${k.replaceAll("_", " ")} ${eventValue(v)}`);
  return `${type}${parts.length ? ": " + parts.join(", ") : ""}`;
}

function logMoves(moves, reset) {
  const log = $("log");
  if (reset) log.replaceChildren();
  for (const move of moves) {
    for (const event of move.events) {
      log.prepend(el("li", {"data-version": move.version}, el("span", {class: "v"}, `#${move.version}`), eventText(event)));
    }
  }
}

function show(update) {
  current = update;
  waiting = false;
  const view = update.view;
  document.body.dataset.version = update.version;
  $("version").textContent = `version ${update.version}`;
  const mine = welcome.seat !== null && update.current_player === welcome.seat;
  let status;
  if (update.terminal) {
    const winners = view.winners || [];
    status = `Game over. ${winners.length ? "Winners: " + winners.map((s) => seatName(s, welcome.seat)).join(", ") : "Nobody wins."}`;
  } else {
    status = mine ? "Your decision" : `${seatName(update.current_player, welcome.seat)} decides`;
  }
  $("status").textContent = status;
  $("status").className = mine ? "status mine" : "status";
  document.body.dataset.terminal = update.terminal ? "yes" : "no";
  $("pending").textContent = describePending(view.pending);
  $("actions").replaceChildren(...update.legal.map((a) => el("button", {
    type: "button", class: "action", "data-index": a.index, title: a.text, "data-key": a.label.key,
    onclick: () => send(a),
  }, a.label.text)));
  const frame = FRAME.filter((k) => k in view && k !== "pending");
  const rest = Object.keys(view).filter((k) => !FRAME.includes(k));
  $("view").replaceChildren(tree(view, frame), el("hr"), tree(view, rest));
  logMoves(update.events, update.reset);
  if (welcome.board) drawBoard();
}

async function drawBoard() {
  const ask = ++boardAsk;
  try {
    const response = await fetch(`/api/tables/${encodeURIComponent(tableId)}/board.svg`,
      {headers: token ? {Authorization: `Bearer ${token}`} : {}});
    if (!response.ok || ask !== boardAsk) return;
    const url = URL.createObjectURL(await response.blob());
    const img = $("board");
    const old = img.src;
    img.src = url;
    if (old.startsWith("blob:")) URL.revokeObjectURL(old);
    $("board-section").hidden = false;
  } catch (error) { /* the picture is a nicety: the view above says everything */ }
}

function send(choice) {
  if (waiting || !socket || socket.readyState !== WebSocket.OPEN) return;
  waiting = true;
  for (const b of document.querySelectorAll("#actions button")) b.disabled = true;
  $("notice").textContent = "";
  socket.send(JSON.stringify({type: "move", version: current.version, action: choice.action}));
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${scheme}://${location.host}/ws/${encodeURIComponent(tableId)}`);
  socket.addEventListener("open", () => {
    retry = 250;
    socket.send(JSON.stringify({type: "hello", token}));
  });
  socket.addEventListener("message", (message) => {
    const data = JSON.parse(message.data);
    if (data.type === "welcome") {
      welcome = data;
      document.body.dataset.seat = data.seat === null ? "spectator" : data.seat;
      document.title = `${data.title} · table ${data.table}`;
      $("title").textContent = data.title;
      $("who").textContent = data.seat === null ? "Spectator" : `You are seat ${data.seat} of ${data.players}`;
      $("conn").textContent = "live";
      $("conn").className = "conn";
      document.body.dataset.live = "yes";
    } else if (data.type === "update") {
      show(data);
    } else if (data.type === "refused") {
      waiting = false;
      $("notice").textContent = `Refused: ${data.message}`;
      if (current) for (const b of document.querySelectorAll("#actions button")) b.disabled = false;
      if (data.version !== current?.version) socket.send(JSON.stringify({type: "sync"}));
    } else if (data.type === "error") {
      $("notice").textContent = data.message;
      if (data.key === "web.bad-token" || data.key === "web.unknown-table") retry = null;
    }
  });
  socket.addEventListener("close", () => {
    $("conn").textContent = retry === null ? "closed" : "reconnecting…";
    $("conn").className = "conn down";
    document.body.dataset.live = "no";
    for (const b of document.querySelectorAll("#actions button")) b.disabled = true;  // until the server is back
    waiting = false;
    if (retry !== null) {
      setTimeout(connect, retry);
      retry = Math.min(retry * 2, 4000);
    }
  });
}

connect();
