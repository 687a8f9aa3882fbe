// Small helpers shared by the lobby and the table: building DOM safely, talking to the server, toasts,
// and a tiny Markdown reader for game summaries.
//
// Server text (log lines, results, game summaries, error messages) only ever reaches the page through
// textContent and text nodes, never innerHTML, so nothing a game or a client says can become markup.

/**
 * Build an element: el("button", {class: "x", onclick: fn, dataset: {testid: "y"}}, child, "text"...).
 * Attributes starting with "on" become listeners (never inline handler attributes, which the
 * Content-Security-Policy refuses); `style` is an object of CSS properties; null/false attributes are left
 * out; children may be nodes, strings (text nodes) or arrays of them, and null/undefined children are
 * skipped.
 */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, val] of Object.entries(attrs || {})) {
    if (val === null || val === undefined || val === false) continue;
    if (key.startsWith("on") && typeof val === "function") {
      node.addEventListener(key.slice(2), val);
    } else if (key === "dataset") {
      Object.assign(node.dataset, val);
    } else if (key === "class") {
      node.className = val;
    } else if (key === "style") {
      // The Content-Security-Policy refuses style attributes; properties set through the CSSOM pass.
      if (typeof val !== "object") throw new TypeError("el(): give style as {property: value}, not a string");
      for (const [prop, v] of Object.entries(val)) node.style.setProperty(prop, String(v));
    } else if (key === "text") {
      node.textContent = val;
    } else if (key in node && typeof val !== "string") {
      node[key] = val;               // properties such as checked, value, disabled
    } else {
      node.setAttribute(key, val === true ? "" : String(val));
    }
  }
  appendAll(node, children);
  return node;
}

function appendAll(node, children) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) appendAll(node, child);
    else node.append(child instanceof Node ? child : String(child));
  }
}

/** Swap a container's children for new ones. */
export function replace(node, ...children) {
  node.replaceChildren();
  appendAll(node, children);
}

// --- the server ---------------------------------------------------------------------------------------

/** An error the server answered with: {error, message} and the HTTP status. */
export class ApiError extends Error {
  constructor(status, kind, message) {
    super(message || kind || `HTTP ${status}`);
    this.status = status;
    this.kind = kind || `HTTP ${status}`;
  }
}

/**
 * Call the JSON API. `token` goes in the X-Seat-Token header and `hostToken` in X-Host-Token (secrets are
 * never put in a URL). Any answer that is not 2xx becomes an ApiError carrying the server's
 * {error, message}, or the status text when the body is not JSON (a proxy's error page, say).
 */
export async function api(path, { method = "GET", body, token, hostToken } = {}) {
  const headers = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers["X-Seat-Token"] = token;
  if (hostToken) headers["X-Host-Token"] = hostToken;
  let response;
  try {
    response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch (err) {
    throw new ApiError(0, "NetworkError", "The server cannot be reached.");
  }
  let data = null;
  const text = await response.text();
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = null;
    }
  }
  if (!response.ok) {
    const detail = data && typeof data === "object" ? data : {};
    // FastAPI's own validation errors come as {detail: ...}; show something readable for those too.
    const message = detail.message || (typeof detail.detail === "string" ? detail.detail : null)
      || response.statusText || `HTTP ${response.status}`;
    throw new ApiError(response.status, detail.error, message);
  }
  return data;
}

// --- toasts -----------------------------------------------------------------------------------------------

/** A short message in the corner, read out by screen readers, gone after a few seconds. The same words again
 * replace the older message rather than stack on it, and at most TOASTS_SHOWN are shown at once. */
export function toast(message, kind = "error") {
  let region = document.getElementById("toasts");
  if (!region) {
    region = el("div", { id: "toasts", class: "toasts", role: "status", "aria-live": "polite" });
    document.body.append(region);
    const later = () => requestAnimationFrame(() => placeToasts(region));
    addEventListener("scroll", later, { passive: true });
    addEventListener("resize", later, { passive: true });
  }
  const text = String(message);
  for (const old of region.querySelectorAll(".toast")) {
    if (old.querySelector(".toast-text")?.textContent === text) old.remove();
  }
  while (region.childElementCount >= TOASTS_SHOWN) region.firstElementChild.remove();
  const close = () => {
    item.remove();
    placeToasts(region);
  };
  const item = el("div", { class: `toast toast-${kind}`, dataset: { testid: "toast" } },
    el("span", { class: "toast-text", text }),
    el("button", { type: "button", class: "toast-close", "aria-label": "dismiss", onclick: close }, "\u00d7"));
  region.append(item);
  placeToasts(region);
  setTimeout(close, kind === "error" ? 7000 : 4000);
}

const TOASTS_SHOWN = 3;

/**
 * Messages never cover the hand: they sit at the foot of the window, or at its top while the hand lies at
 * the foot (a phone scrolled down to its cards); where the hand fills the window, wherever they cover less.
 */
export function placeToasts(region) {
  const hand = document.getElementById("hand");
  if (!hand || !region.childElementCount) return;
  const h = hand.getBoundingClientRect();
  const covered = () => {
    const r = region.getBoundingClientRect();
    return Math.max(0, Math.min(r.bottom, h.bottom) - Math.max(r.top, h.top))
      * Math.max(0, Math.min(r.right, h.right) - Math.max(r.left, h.left));
  };
  region.classList.remove("at-top");
  const below = covered();
  if (!below) return;
  region.classList.add("at-top");
  if (covered() > below) region.classList.remove("at-top");
}

// --- the turn in sight -------------------------------------------------------------------------------------

const SIGHT_MARGIN = 8;     // px left between what is brought into sight and the window's edge

/**
 * Scrolls the page just enough to show together all the nodes `find()` answers (their top, where together
 * they are taller than the window), unless they are in sight already. On a phone the hand and the turn's
 * controls lie under the felt, below the first screen, when the turn comes; the page brings them up once a
 * turn (a person who scrolls away is left there), gently unless the person asks for reduced motion. It is
 * measured once the drawing under way is done (the guide, drawn after the hand, moves it down), and before
 * anything else runs: no one sees the page, or reads a place on it, between the drawing and the scroll.
 */
export function bringIntoSight(find) {
  queueMicrotask(() => {
    const rects = find().filter((node) => node && node.isConnected).map((node) => node.getBoundingClientRect())
      .filter((rect) => rect.height > 0);
    if (!rects.length) return;
    const top = Math.min(...rects.map((rect) => rect.top));
    const bottom = Math.max(...rects.map((rect) => rect.bottom));
    if (top >= 0 && bottom <= window.innerHeight) return;
    const fits = bottom - top + 2 * SIGHT_MARGIN <= window.innerHeight;
    const by = fits && top >= 0 ? bottom + SIGHT_MARGIN - window.innerHeight : top - SIGHT_MARGIN;
    const still = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    window.scrollBy({ top: by, behavior: still ? "auto" : "smooth" });
  });
}

// --- storage ----------------------------------------------------------------------------------------------

// Seat tokens live in localStorage under parlour:{table_id}:{seat}, the creator's host token (to reopen
// seats and close the table) under parlour:{table_id}:host, and the invitation links to send under
// parlour:{table_id}:links, so a reload or a later visit finds them without putting them in URLs.
export const storageKey = (tableId, what) => `parlour:${tableId}:${what}`;

export function storeGet(key) {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;          // storage blocked (private mode, file://): the page still works, without memory
  }
}

export function storeSet(key, value) {
  try {
    localStorage.setItem(key, value);
  } catch {
    /* see storeGet */
  }
}

export function storeRemove(key) {
  try {
    localStorage.removeItem(key);
  } catch {
    /* see storeGet */
  }
}

/** The ids of the tables this browser holds a seat token or the host token for, from localStorage. */
export function myTableIds() {
  const ids = new Set();
  try {
    for (let i = 0; i < localStorage.length; i++) {
      const found = /^parlour:(.+):(\d+|host)$/.exec(localStorage.key(i) || "");
      if (found && found[1] !== "lobby") ids.add(found[1]);
    }
  } catch {
    /* see storeGet */
  }
  return [...ids];
}

export function storeJson(key) {
  const raw = storeGet(key);
  if (!raw) return null;
  try {
    return JSON.parse(raw);
  } catch {
    return null;
  }
}

// --- a person's name ----------------------------------------------------------------------------------------

// The name a person gives once (in the lobby, or when taking a friend's seat), kept for every table after.
const NAME_KEY = "parlour:name";
export const NAME_LENGTH = 24;

export const myName = () => (storeGet(NAME_KEY) || "").trim();

export function keepName(name) {
  storeSet(NAME_KEY, String(name).trim());
}

/** Why a name would be refused by the server (1 to 24 printable characters once trimmed), or null. */
export function nameProblem(name) {
  const trimmed = String(name ?? "").trim();
  if (!trimmed) return "Type your name: the others at the table see it.";
  if ([...trimmed].length > NAME_LENGTH) return `A name is at most ${NAME_LENGTH} characters.`;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f-\u009f]/.test(trimmed)) return "A name may not hold control characters.";
  return null;
}

/**
 * Keep what a new table's answer (from the lobby, or a rematch) gives this browser, and return the page
 * to open. The host token (to
 * reopen seats and close the table) and the creator's own seat tokens go to localStorage, the open seats'
 * invitation links (…#invite=…, one-time: the friend's browser claims the seat with it) are kept to be
 * sent. None of these secrets goes into an address that stays: the first seat is opened by its plain
 * url, and its token only rides in the #fragment (read and wiped at once) when storage is unavailable.
 */
export function keepCreated(created) {
  const id = created.table_id;
  const page = `/table/${encodeURIComponent(id)}`;
  if (created.host_token) storeSet(storageKey(id, "host"), created.host_token);
  const links = [];
  let first = null;
  for (const seat of created.seats || []) {
    if (seat.kind === "human" && seat.token) {
      storeSet(storageKey(id, seat.seat), seat.token);
      if (first === null) first = seat;
    } else if (seat.kind === "open" && (seat.invite || seat.url)) {
      const path = seat.url || `${page}?seat=${seat.seat}#invite=${encodeURIComponent(seat.invite)}`;
      links.push({ seat: seat.seat, url: new URL(path, location.origin).href });
    }
  }
  if (links.length) storeSet(storageKey(id, "links"), JSON.stringify(links));
  if (!first) return created.spectator_url || page;
  const plain = `${page}?seat=${first.seat}`;
  return storeGet(storageKey(id, first.seat)) === first.token ? plain : `${plain}#token=${encodeURIComponent(first.token)}`;
}

// --- words ------------------------------------------------------------------------------------------------

/** A table's state from its description or a view payload: "playing", "over" or "closed" (servers that
 * say only is_over give "playing" or "over"). */
export function tableStatus(thing) {
  if (!thing) return "playing";
  if (thing.status) return thing.status;
  const over = thing.is_over ?? (thing.view && thing.view.is_over);
  return over ? "over" : "playing";
}

/** "hands_in_game" -> "hands in game". */
export const label = (key) => String(key).replace(/_/g, " ");

/** Copy text to the clipboard; where the clipboard API is not allowed (plain http), select the text shown
 * in `fallbackNode` instead, so a Ctrl+C or long-press copies it. */
export async function copyText(text, fallbackNode) {
  try {
    await navigator.clipboard.writeText(text);
    toast("Link copied", "info");
  } catch {
    if (fallbackNode) {
      const range = document.createRange();
      range.selectNodeContents(fallbackNode);
      const selection = window.getSelection();
      selection.removeAllRanges();
      selection.addRange(range);
    }
    toast("Press Ctrl+C (or long-press) to copy the selected link", "info");
  }
}

// --- Markdown ---------------------------------------------------------------------------------------------

/**
 * The little Markdown that game summaries use: paragraphs, "* " / "- " lists (with indented continuation
 * lines), "#" headings, **bold**, *italic* and `code`. Returns a DocumentFragment built from text nodes.
 */
export function markdown(source) {
  const frag = document.createDocumentFragment();
  const blocks = String(source || "").replace(/\r/g, "").split(/\n\s*\n/);
  for (const block of blocks) {
    const lines = block.split("\n").filter((line) => line.trim() !== "");
    if (!lines.length) continue;
    const heading = /^(#{1,6})\s+(.*)$/.exec(lines[0]);
    if (heading && lines.length === 1) {
      frag.append(el(`h${Math.min(6, heading[1].length + 2)}`, {}, inlineMarkdown(heading[2])));
      continue;
    }
    if (/^\s*[*-]\s+/.test(lines[0])) {
      const items = [];
      for (const line of lines) {
        const bullet = /^\s*[*-]\s+(.*)$/.exec(line);
        if (bullet) items.push(bullet[1]);
        else if (items.length) items[items.length - 1] += ` ${line.trim()}`;
      }
      frag.append(el("ul", {}, items.map((text) => el("li", {}, inlineMarkdown(text)))));
      continue;
    }
    frag.append(el("p", {}, inlineMarkdown(lines.map((l) => l.trim()).join(" "))));
  }
  return frag;
}

function inlineMarkdown(text) {
  const frag = document.createDocumentFragment();
  const pattern = /\*\*([^*]+)\*\*|\*([^*]+)\*|`([^`]+)`/g;
  let last = 0;
  for (const m of text.matchAll(pattern)) {
    if (m.index > last) frag.append(text.slice(last, m.index));
    if (m[1] !== undefined) frag.append(el("strong", { text: m[1] }));
    else if (m[2] !== undefined) frag.append(el("em", { text: m[2] }));
    else frag.append(el("code", { text: m[3] }));
    last = m.index + m[0].length;
  }
  if (last < text.length) frag.append(text.slice(last));
  return frag;
}
