// The table page: one seat's (or a spectator's) live view of a table, for any game.
// It receives only the seat's view, its labelled legal actions and its redacted events, with
// the library's sentences for the view and each event (see docs/web.rst), and shows those
// sentences; the token is the URL's fragment.
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

// ---- rendering: the library's own sentences ---------------------------------------------
// The server sends, with the seat's view, the game's sentences for it ("text") and one sentence
// per event ("text" of each move): the page shows those, never the view's field names.

function logMoves(moves, reset) {
  const log = $("log");
  if (reset) log.replaceChildren();
  for (const move of moves) {
    for (const sentence of move.text || []) {
      log.prepend(el("li", {"data-version": move.version}, el("span", {class: "v"}, `#${move.version}`), sentence));
    }
  }
}

/** A line of the view: an indented one (a card's rules text) belongs to the line above it. */
function viewLines(lines) {
  const items = [];
  for (const line of lines) {
    if (line.startsWith("  ") && items.length) {
      items[items.length - 1].append(el("div", {class: "rules"}, line.trim()));
    } else {
      items.push(el("li", {}, line));
    }
  }
  return el("ul", {class: "sentences"}, items);
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
  $("actions").replaceChildren(...update.legal.map((a) => el("button", {
    type: "button", class: "action", "data-index": a.index, title: a.text, "data-key": a.label.key,
    onclick: () => send(a),
  }, a.label.text)));
  $("view").replaceChildren(viewLines(update.text || []));
  logMoves(update.events, update.reset);
  hideChoice();
  if (welcome.board) drawBoard();
}

// ---- the board: an inline picture whose parts a player clicks -----------------------------
// Each legal action lists the parts of the picture it names ("parts": data-part ids, from the
// seat's own view); a click on a part offers the legal actions naming it: one is sent at once,
// several are a short choice. The buttons above stay for keyboards and screen readers.

/** Part id -> the legal actions (entries of update.legal) that name it. */
function partsOf(update) {
  const parts = new Map();
  for (const action of update.legal) {
    for (const part of action.parts || []) {
      if (!parts.has(part)) parts.set(part, []);
      parts.get(part).push(action);
    }
  }
  return parts;
}

async function drawBoard() {
  const ask = ++boardAsk;
  try {
    const response = await fetch(`/api/tables/${encodeURIComponent(tableId)}/board.svg`,
      {headers: token ? {Authorization: `Bearer ${token}`} : {}});
    if (!response.ok || ask !== boardAsk) return;
    const text = await response.text();
    if (ask !== boardAsk) return;
    const parsed = new DOMParser().parseFromString(text, "image/svg+xml").documentElement;
    if (parsed.nodeName !== "svg") return;
    for (const bad of parsed.querySelectorAll("script, foreignObject")) bad.remove();  // a picture only
    const picture = document.importNode(parsed, true);
    picture.removeAttribute("width");
    picture.removeAttribute("height");
    $("board").replaceChildren(picture);
    markParts();
    $("board-section").hidden = false;
  } catch (error) { /* the picture is a nicety: the view and the buttons say everything */ }
}

/** Mark the parts the current legal actions name as live (clickable, focusable). */
function markParts() {
  const parts = current ? partsOf(current) : new Map();
  for (const node of $("board").querySelectorAll("[data-part]")) {
    const actions = waiting ? undefined : parts.get(node.dataset.part);
    node.classList.toggle("live", Boolean(actions));
    if (actions) {
      node.setAttribute("tabindex", "0");
      node.setAttribute("role", "button");
      node.setAttribute("aria-label", actions.map((a) => a.label.text).join(" or "));
    } else {
      node.removeAttribute("tabindex");
      node.removeAttribute("role");
      node.removeAttribute("aria-label");
    }
  }
  document.body.dataset.board = current ? current.version : "";
}

/** The live part under a point: the topmost one, whatever piece is drawn over it. */
function partAt(x, y) {
  for (const node of document.elementsFromPoint(x, y)) {
    const part = node.closest ? node.closest("#board [data-part].live") : null;
    if (part) return part;
  }
  return null;
}

function choosePart(part) {
  const actions = current ? partsOf(current).get(part) || [] : [];
  document.body.dataset.clicked = part;
  if (actions.length === 1) {
    hideChoice();
    send(actions[0]);
  } else if (actions.length > 1) {
    $("choice").replaceChildren(
      ...actions.map((a) => el("button", {
        type: "button", class: "choice-action", "data-index": a.index, title: a.text,
        onclick: () => { hideChoice(); send(a); },
      }, a.label.text)),
      el("button", {type: "button", class: "cancel", onclick: hideChoice}, "Cancel"));
    $("choice").hidden = false;
  }
}

function hideChoice() {
  $("choice").hidden = true;
  $("choice").replaceChildren();
}

$("board").addEventListener("click", (event) => {
  const part = partAt(event.clientX, event.clientY);
  if (part) choosePart(part.dataset.part);
});
$("board").addEventListener("keydown", (event) => {
  const part = event.target.closest ? event.target.closest("[data-part].live") : null;
  if (part && (event.key === "Enter" || event.key === " ")) {
    event.preventDefault();
    choosePart(part.dataset.part);
  }
});

function send(choice) {
  if (waiting || !socket || socket.readyState !== WebSocket.OPEN) return;
  waiting = true;
  for (const b of document.querySelectorAll("#actions button")) b.disabled = true;
  markParts();
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
      renderSeatActions(data);  // the lobby's part (below)
      if (data.seats) renderSeats(data);
    } else if (data.type === "update") {
      show(data);
    } else if (data.type === "seats") {
      renderSeats(data);
    } else if (data.type === "rematch") {
      renderRematch(data);
    } else if (data.type === "refused") {
      waiting = false;
      $("notice").textContent = `Refused: ${data.message}`;
      if (current) for (const b of document.querySelectorAll("#actions button")) b.disabled = false;
      markParts();
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

// ---- the lobby's part: names and connected marks beside each seat, leaving, rematch --------
// The server pushes a "seats" message whenever a seat is joined, left, connected or away; names
// are shown as text (never as HTML). A "rematch" message carries this seat's own new link.

function renderSeats(message) {
  const mine = welcome ? welcome.seat : null;
  $("seats").replaceChildren(...message.seats.map((s) => {
    const who = s.bot ? "a bot" : s.free ? "free" : (s.name || "taken");
    const mark = s.bot ? null : el("span", {class: s.connected ? "mark on" : "mark off"},
                                   s.connected ? "connected" : "away");
    return el("li", {"data-seat": s.seat, "data-connected": s.connected ? "yes" : "no"},
              `${seatName(s.seat, mine)}: `, el("span", {class: "name"}, who), mark ? " · " : "", mark);
  }));
}

function renderSeatActions(hello) {
  const seated = hello.seat !== null;
  $("leave").hidden = !seated;
  $("rematch").hidden = !seated;
  if (hello.rematch) {
    $("rematch-notice").replaceChildren("A rematch was made: ",
      el("a", {href: `/t/${encodeURIComponent(hello.rematch)}`}, "watch it"),
      seated ? " (or ask for your seat there with the button)" : "");
  }
}

function renderRematch(message) {
  const label = message.token ? "Go to your seat at the rematch" : "Watch the rematch";
  $("rematch-notice").replaceChildren(el("a", {href: message.link, id: "rematch-link"}, label));
}

async function seatRequest(what) {
  const response = await fetch(`/api/tables/${encodeURIComponent(tableId)}/${what}`,
    {method: "POST", headers: {Authorization: `Bearer ${token}`, "Content-Type": "application/json"}, body: "{}"});
  const data = await response.json().catch(() => ({message: response.statusText}));
  if (!response.ok) throw new Error(data.message || response.statusText);
  return data;
}

$("leave").addEventListener("click", async () => {
  try {
    await seatRequest("leave");
    location.assign("/");
  } catch (error) { $("notice").textContent = error.message; }
});

$("rematch").addEventListener("click", async () => {
  try {
    location.assign((await seatRequest("rematch")).link);
  } catch (error) { $("notice").textContent = error.message; }
});

connect();
