// Shared helpers of the lobby and the table page (plain ES module, no build step).

/** A DOM element: el("div", {class: "x"}, child, "text", ...). */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (name.startsWith("on")) node.addEventListener(name.slice(2), value);
    else node.setAttribute(name, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** JSON over HTTP; throws an Error with the server's message when it refuses. */
export async function api(path, {method = "GET", body, token} = {}) {
  const headers = {};
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers["Authorization"] = `Bearer ${token}`;
  const response = await fetch(path, {method, headers, body: body === undefined ? undefined : JSON.stringify(body)});
  const data = await response.json().catch(() => ({message: response.statusText}));
  if (!response.ok) throw new Error(data.message || response.statusText);
  return data;
}

/** "Seat 2", or "you" for the viewer's own seat. */
export function seatName(seat, mine) {
  if (seat === null || seat === undefined) return "nobody";
  return seat === mine ? `Seat ${seat} (you)` : `Seat ${seat}`;
}
