// The table page: one page for every game, drawn from the server's JSON view alone.
//
// Like the terminal (parlour/cli/table.py), nothing here knows a game. Zones, seat facts and `extra` are
// drawn by the shape of their values: a list of {seat, card} plays is a trick laid out around the centre,
// a card string is a card, a count of cards is a stack of backs, a list of cards is a pile, a list of
// records (Divide and Conquer's matches) is a list of small rows. A new game is drawn the day it exists.
//
// The drawing itself (seats, zones, hand, scores, log) is in draw.js, shared with the replay page.
//
// Flow: the page reads its seat and token, fetches the view, then follows a WebSocket that pushes the same
// payload after every change (reconnecting with backoff). Moves go out by POST; their answer is drawn
// at once, and an error is shown in a toast before the view is fetched again.

import { cardName, proseFragment } from "./cards.js";
import { api, copyText, el, label, replace, storageKey, storeGet, storeJson, storeSet, toast } from "./dom.js";
import {
  isMyTurn, notationNode, notationText, notationWords, renderExtra, renderHand, renderLog, renderScores, renderSeats,
  renderZones, seatKind as seatKindIn, signed, sortActions, testid, valueNode,
} from "./draw.js";

const $ = (id) => document.getElementById(id);

// --- where we are -----------------------------------------------------------------------------------------

const tableId = decodeURIComponent(location.pathname.replace(/\/+$/, "").split("/").pop() || "");

/**
 * The seat and token this page plays. A token arrives once in the #fragment (from the lobby or a friend's
 * link): it is kept in localStorage and wiped from the address bar, so it is not bookmarked, shared by
 * copying the address, or left in the history. A reload finds it again in storage.
 */
function readSeat() {
  const params = new URLSearchParams(location.search);
  const raw = params.get("seat");
  const seat = raw !== null && /^\d+$/.test(raw) ? Number(raw) : null;
  const hash = new URLSearchParams(location.hash.replace(/^#/, ""));
  const fromHash = hash.get("token");
  if (seat !== null && fromHash) storeSet(storageKey(tableId, seat), fromHash);
  if (location.hash) history.replaceState(history.state, "", location.pathname + location.search);
  const token = seat === null ? null : fromHash || storeGet(storageKey(tableId, seat));
  // Without its token a seat cannot be played from this browser: watch instead, and say so once, rather
  // than knocking on the server (and raising an error) at every refresh and reconnection.
  if (seat !== null && !token) return { seat: null, token: null, lostSeat: seat };
  return { seat, token, lostSeat: null };
}

const me = readSeat();

const state = {
  payload: null,          // the last {table_id, version, seat, view, hand_results, result, can_undo, can_hint}
  meta: null,             // GET /api/tables/{id}: seat kinds
  gameNames: {},          // id -> name, from /api/games
  busy: false,            // a move, hint or undo is on its way
  hint: null,             // {version, action}: the suggested action, until the view moves on
  openDeals: new Set(),   // deal numbers whose result the reader has opened or closed by hand
  closedDeals: new Set(),
  socket: null,
  backoff: 500,
  reconnectTimer: null,
  chooser: null,          // the open chooser's card, to close it when the page redraws
  gone: false,            // the server knows no such table
  bannerKey: null,        // what the turn banner says now, so an unchanged banner is not re-announced
};

const seatLabel = (seat) => (seat === null || seat === undefined ? "—" : seat === viewSeat() ? "you" : `seat ${seat}`);
const viewSeat = () => (state.payload ? state.payload.view.seat : me.seat);

// --- the server --------------------------------------------------------------------------------------------

const base = `/api/tables/${encodeURIComponent(tableId)}`;

async function refresh() {
  const query = me.seat === null ? "" : `?seat=${me.seat}`;
  try {
    applyPayload(await api(`${base}/view${query}`, { token: me.token }));
  } catch (err) {
    if (me.seat !== null && (err.status === 401 || err.status === 403 || err.kind === "Unauthorized")) {
      // No valid token for that seat in this browser: watch rather than show nothing.
      toast(`This browser holds no valid token for seat ${me.seat}, so you are watching as a spectator. ${err.message}`);
      me.seat = null;
      me.token = null;
      reconnectNow();
      return refresh();
    }
    if (err.status === 404 || err.kind === "NotFound") {
      // The table is gone (or never was): say so, and stop knocking on the socket.
      state.gone = true;
      clearTimeout(state.reconnectTimer);
      if (state.socket) state.socket.close();
      setConnection("gone");
      replace($("centre"), el("p", { class: "muted", text: `There is no table ${tableId}.` }));
      return;
    }
    toast(err.message);
  }
}

async function loadMeta() {
  try {
    state.meta = await api(base);
  } catch {
    // Older servers have only the list; the seat kinds are a nicety, so failing quietly is fine.
    try {
      const tables = await api("/api/tables");
      state.meta = (tables || []).find((t) => t.table_id === tableId) || state.meta;
    } catch {
      /* keep what we had */
    }
  }
  if (state.payload) render();
}

async function loadGameNames() {
  try {
    for (const game of (await api("/api/games")) || []) state.gameNames[game.id] = game.name;
    if (state.payload) renderHeader();
  } catch {
    /* the id is shown instead */
  }
}

function applyPayload(payload) {
  if (!payload || typeof payload !== "object" || !payload.view) return;
  const old = state.payload;
  // Pushes and answers can cross: never let an older version replace a newer one.
  if (old && typeof payload.version === "number" && typeof old.version === "number") {
    if (payload.version < old.version) return;
    if (payload.version === old.version && payload.view.seat === old.view.seat && !state.busy) return;
  }
  const newHand = old && old.view.hand_number !== payload.view.hand_number;
  state.payload = payload;
  if (state.hint && state.hint.version !== payload.version) state.hint = null;
  render();
  if (newHand) loadMeta();
}

async function send(action) {
  if (state.busy || me.seat === null) return;
  closeChooser();
  setBusy(true);
  try {
    const payload = await api(`${base}/actions`, {
      method: "POST", token: me.token,
      body: { seat: me.seat, version: state.payload ? state.payload.version : null, action },
    });
    setBusy(false);
    applyPayload(payload);
  } catch (err) {
    setBusy(false);
    toast(err.message);
    await refresh();
  }
}

async function askHint() {
  if (state.busy) return;
  setBusy(true);
  try {
    const answer = await api(`${base}/hint`, { method: "POST", token: me.token, body: { seat: me.seat } });
    if (answer && answer.action) {
      state.hint = { version: state.payload.version, action: answer.action };
      toast(`Hint: ${notationText(answer.action)}`, "info");
    }
  } catch (err) {
    toast(err.message);
  }
  setBusy(false);
}

async function undo() {
  if (state.busy) return;
  setBusy(true);
  try {
    const payload = await api(`${base}/undo`, { method: "POST", token: me.token, body: { seat: me.seat } });
    setBusy(false);
    if (payload && payload.view) applyPayload(payload);
    else await refresh();
  } catch (err) {
    setBusy(false);
    toast(err.message);
    await refresh();
  }
}

function setBusy(busy) {
  state.busy = busy;
  document.body.classList.toggle("busy", busy);
  if (state.payload) renderHandArea();
}

// --- the live connection -----------------------------------------------------------------------------------

function connect() {
  clearTimeout(state.reconnectTimer);
  if (state.gone) return;
  const params = new URLSearchParams();
  if (me.seat !== null) {
    params.set("seat", String(me.seat));
    if (me.token) params.set("token", me.token);
  }
  const proto = location.protocol === "https:" ? "wss:" : "ws:";
  const query = params.toString();
  let socket;
  try {
    socket = new WebSocket(`${proto}//${location.host}/ws/tables/${encodeURIComponent(tableId)}${query ? `?${query}` : ""}`);
  } catch {
    scheduleReconnect();
    return;
  }
  state.socket = socket;
  socket.addEventListener("open", () => {
    state.backoff = 500;
    setConnection("live");
    // Whatever happened while the socket was down is fetched once, then pushes keep the page current.
    refresh();
    loadMeta();
  });
  socket.addEventListener("message", (event) => {
    let data;
    try {
      data = JSON.parse(event.data);
    } catch {
      return;
    }
    if (data && data.error) {
      toast(data.message || data.error);
      refresh();
      return;
    }
    applyPayload(data);
  });
  socket.addEventListener("close", () => {
    if (state.socket !== socket) return;        // replaced on purpose (the seat changed)
    state.socket = null;
    if (state.gone || (state.payload && state.payload.view.is_over)) {
      setConnection(state.gone ? "gone" : "closed");                  // a finished game changes no more
      return;
    }
    setConnection("reconnecting");
    scheduleReconnect();
  });
}

function scheduleReconnect() {
  clearTimeout(state.reconnectTimer);
  // Exponential backoff with jitter, so a restarted server is not hit by every page at the same moment.
  const delay = Math.min(10000, state.backoff) * (0.75 + Math.random() * 0.5);
  state.backoff = Math.min(10000, state.backoff * 2);
  state.reconnectTimer = setTimeout(() => {
    refresh();            // while the socket is down, each attempt also polls, so play can go on
    connect();
  }, delay);
}

function reconnectNow() {
  const old = state.socket;
  state.socket = null;
  if (old) old.close();
  connect();
}

function setConnection(status) {
  const node = $("conn");
  node.dataset.status = status;
  node.textContent = { live: "live", reconnecting: "reconnecting…", closed: "finished", connecting: "connecting…",
    gone: "table not found" }[status] || status;
}

// --- drawing: your hand and choices ---------------------------------------------------------------------------

/** The kind of a seat ("human", "open", a bot kind), from the table's meta; null until it is loaded. */
function seatKind(seat) {
  return seatKindIn((state.meta && state.meta.seats) || [], seat);
}

function renderHandArea() {
  const { view, can_hint: canHint, can_undo: canUndo } = state.payload;
  const area = $("hand-area");
  if (view.seat === null || view.seat === undefined) {
    area.classList.add("spectating");
    setBanner("spectator", () => [el("p", { class: "spectator-note", text: "You are watching as a spectator." }), mySeatLinks()]);
    replace($("hand"));
    replace($("actions"));
    replace($("tools"));
    return;
  }
  area.classList.remove("spectating");
  const myTurn = isMyTurn(view);
  const { byCard, buttons } = sortActions(view);
  const hint = state.hint && state.hint.version === state.payload.version ? state.hint.action : null;

  const others = (view.to_move || []).length > 1;
  setBanner(myTurn ? `mine ${others}` : `wait ${waitingWords(view)}`, () => [myTurn
    ? el("p", { class: "your-turn", dataset: { testid: "your-turn" } }, "Your turn",
      others ? el("span", { class: "muted", text: " (others may act too)" }) : null)
    : el("p", { class: "waiting", text: waitingWords(view) }),
  mySeatLinks()]);

  renderHand(view, {
    byCard, myTurn, busy: state.busy, hint,
    onCard: (anchor, card, actions) => (actions.length === 1 ? send(actions[0]) : openChooser(anchor, card, actions)),
  });

  replace($("actions"), buttons.map((action) => el("button", {
    type: "button", class: `action${hint === action ? " hinted" : ""}`, dataset: { testid: testid(action) },
    disabled: state.busy || !myTurn, "aria-label": notationWords(action), onclick: () => send(action),
  }, notationNode(action))));

  replace($("tools"),
    canHint && myTurn ? el("button", { type: "button", class: "small", dataset: { testid: "hint" }, disabled: state.busy, onclick: askHint }, "Hint") : null,
    canUndo ? el("button", { type: "button", class: "small", dataset: { testid: "undo" }, disabled: state.busy, onclick: undo }, "Undo") : null);
}

/** The banner is a live region: it is redrawn only when what it says changes, so it is read out once. */
function setBanner(key, build) {
  if (state.bannerKey === key) return;
  state.bannerKey = key;
  replace($("turn-banner"), build());
}

function waitingWords(view) {
  if (view.is_over) return "The game is over.";
  const movers = view.to_move || [];
  if (!movers.length) return "";
  return `Waiting for ${movers.map((s) => seatLabel(s)).join(" and ")}…`;
}

/** Links to the other seats this browser holds tokens for (a hot-seat game of several "you" seats). */
function mySeatLinks() {
  const count = (state.payload.view.seats || []).length;
  const links = [];
  for (let s = 0; s < count; s++) {
    if (s === me.seat || !storeGet(storageKey(tableId, s))) continue;
    links.push(el("a", { class: "button small", href: `/table/${encodeURIComponent(tableId)}?seat=${s}`, text: `play seat ${s}` }));
  }
  return links.length ? el("div", { class: "seat-switch" }, links) : null;
}

/** The finished game's record (the server serves it once the game is over), and its replay page. */
function recordLink(view) {
  return [el("a", {
    class: "button small", href: `${base}/record`, download: `parlour-${view.game}-${tableId}.json`,
    dataset: { testid: "download-record" }, text: "Download record",
  }), " ", replayLink(view)];
}

/** The replay opens at the start of the game, seen from this page's seat (a spectator's page: no hand). */
function replayLink(view) {
  const seat = view.seat === null || view.seat === undefined ? "" : `?seat=${view.seat}`;
  return el("a", {
    class: "button small", href: `/replay/${encodeURIComponent(tableId)}${seat}`,
    dataset: { testid: "replay-link" }, text: "Replay",
  });
}

// The chooser: a small menu over a card that several actions use ("match 7H" or "discard 7H").
function openChooser(anchor, card, actions) {
  closeChooser();
  const menu = el("div", { class: "chooser", role: "menu", "aria-label": `${cardName(card)}: choose`, dataset: { testid: `chooser-${card}` } },
    actions.map((action) => el("button", {
      type: "button", role: "menuitem", class: `action${state.hint && state.hint.action === action ? " hinted" : ""}`,
      dataset: { testid: testid(action) }, "aria-label": notationWords(action), onclick: () => send(action),
    }, notationNode(action))),
    el("button", { type: "button", role: "menuitem", class: "chooser-cancel", onclick: () => { closeChooser(); anchor.focus(); } }, "cancel"));
  document.body.append(menu);
  const box = anchor.getBoundingClientRect();
  const width = menu.offsetWidth;
  const left = Math.max(8, Math.min(window.innerWidth - width - 8, box.left + box.width / 2 - width / 2));
  menu.style.left = `${left + window.scrollX}px`;
  menu.style.top = `${Math.max(8, box.top + window.scrollY - menu.offsetHeight - 6)}px`;
  state.chooser = { menu, anchor };
  menu.querySelector("button").focus();
  menu.addEventListener("keydown", (event) => {
    const items = [...menu.querySelectorAll("button")];
    const at = items.indexOf(document.activeElement);
    if (event.key === "Escape") {
      closeChooser();
      anchor.focus();
    } else if (event.key === "ArrowDown" || event.key === "ArrowRight") {
      items[(at + 1) % items.length].focus();
      event.preventDefault();
    } else if (event.key === "ArrowUp" || event.key === "ArrowLeft") {
      items[(at - 1 + items.length) % items.length].focus();
      event.preventDefault();
    }
  });
}

function closeChooser() {
  if (state.chooser) state.chooser.menu.remove();
  state.chooser = null;
}

document.addEventListener("pointerdown", (event) => {
  if (state.chooser && !state.chooser.menu.contains(event.target) && !state.chooser.anchor.contains(event.target)) closeChooser();
});

// --- the side: result, scores, deals, facts, log -----------------------------------------------------------------

function renderResult() {
  const { result, view } = state.payload;
  const panel = $("result-panel");
  if (!result && !view.is_over) {
    panel.hidden = true;
    delete panel.dataset.testid;
    replace(panel);
    return;
  }
  panel.hidden = false;
  panel.dataset.testid = "result";
  if (!result) {
    replace(panel, el("h2", { text: "Game over" }), recordLink(view));
    return;
  }
  const winners = new Set(result.winners || []);
  const places = result.places || [];
  const order = places.map((p, s) => s).sort((a, b) => (places[a] - places[b]) || (a - b));
  replace(panel,
    el("h2", { text: "Game over" }),
    el("p", { class: "result-text" }, proseFragment(result.text || "The game is over.")),
    el("table", { class: "standings" },
      el("thead", {}, el("tr", {}, ["place", "seat", "score"].map((h) => el("th", { scope: "col", text: h })))),
      el("tbody", {}, order.map((s) => el("tr", { class: `${winners.has(s) ? "winner" : ""}${s === view.seat ? " me" : ""}` },
        el("td", { text: `${places[s]}${winners.has(s) ? " ★" : ""}` }),
        el("td", { text: s === view.seat ? `seat ${s} (you)` : `seat ${s}` }),
        el("td", { class: "num", text: String((result.scores || [])[s] ?? "") }))))),
    result.extra && Object.keys(result.extra).length ? el("p", { class: "small" }, valueNode(result.extra)) : null,
    recordLink(view));
}

function renderHandResults() {
  const results = state.payload.hand_results || [];
  $("hands-panel").hidden = results.length === 0;
  if (!results.length) return;
  const latest = results[results.length - 1].number;
  const items = [...results].reverse().map((r) => {
    // The newest deal's result starts open; the reader's own opening and closing is remembered.
    const open = state.openDeals.has(r.number) || (r.number === latest && !state.closedDeals.has(r.number));
    const details = el("details", { class: "deal", open, dataset: { testid: `hand-result-${r.number}` } },
      el("summary", {}, el("strong", { text: `Deal ${r.number}` }), " ",
        el("span", { class: "changes" }, (r.changes || []).map((c, s) => el("span", { class: `change${c > 0 ? " up" : c < 0 ? " down" : ""}`, text: `${seatLabel(s)} ${signed(c)}` })))),
      r.summary ? el("p", {}, proseFragment(r.summary)) : null,
      (r.reasons || []).length ? el("ul", { class: "reasons" }, r.reasons.map((reason) => el("li", {},
        el("span", { class: "reason-seat", text: seatLabel(reason.seat) }),
        el("span", { class: "reason-points", text: signed(reason.points) }),
        el("span", { class: "reason-text" }, proseFragment(reason.text))))) : null);
    details.addEventListener("toggle", () => {
      if (details.open) {
        state.openDeals.add(r.number);
        state.closedDeals.delete(r.number);
      } else {
        state.openDeals.delete(r.number);
        state.closedDeals.add(r.number);
      }
    });
    return details;
  });
  replace($("hand-results"), items);
}

function renderInvites(view) {
  const links = storeJson(storageKey(tableId, "links"));
  const show = Array.isArray(links) && links.length && !view.is_over;
  $("invite-panel").hidden = !show;
  if (!show) return;
  replace($("invites"),
    el("p", { class: "hint", text: "Send each friend their seat's link. Anyone with a link can play that seat." }),
    links.map((link) => {
      const kind = seatKind(link.seat);
      // The link itself is shown (and is an ordinary link, to copy with the browser's own menu too).
      const anchor = el("a", { href: link.url, class: "invite-url", dataset: { testid: "join-link", seat: String(link.seat) },
        "aria-label": `join link for seat ${link.seat}`, text: link.url, rel: "noreferrer", target: "_blank" });
      return el("div", { class: "invite" },
        el("span", { class: "invite-seat" }, `seat ${link.seat}`, kind && kind !== "open" ? el("span", { class: "muted", text: " (taken)" }) : null),
        anchor,
        el("button", { type: "button", class: "small", dataset: { testid: `copy-link-${link.seat}` }, onclick: () => copyText(link.url, anchor) }, "Copy"));
    }));
}

// --- the header ----------------------------------------------------------------------------------------------

function renderHeader() {
  const view = state.payload.view;
  const name = state.gameNames[view.game] || view.game;
  $("game-title").textContent = name;
  const parts = [`hand ${view.hand_number ?? "?"}`];
  if (view.phase) parts.push(label(view.phase));
  if (view.is_over) parts.push("game over");
  else if ((view.to_move || []).length) parts.push(`to move: ${view.to_move.map(seatLabel).join(" and ")}`);
  $("status-line").textContent = parts.join(" · ");
  document.title = `${isMyTurn(view) ? "● Your turn — " : ""}${name} — Parlour`;
}

// --- drawing it all ----------------------------------------------------------------------------------------------

function render() {
  if (state.gone) return;         // the "no such table" notice stays
  const view = state.payload.view;
  // Redrawing replaces nodes; put keyboard focus back on the same control if it still exists.
  const focused = document.activeElement && document.activeElement.dataset ? document.activeElement.dataset.testid : null;
  closeChooser();
  renderHeader();
  renderSeats(view, (state.meta && state.meta.seats) || []);
  renderZones(view);
  renderHandArea();
  renderResult();
  renderScores(view);
  renderHandResults();
  renderExtra(view);
  renderInvites(view);
  renderLog(view);
  document.body.classList.toggle("game-over", Boolean(view.is_over));
  if (focused) {
    const again = document.querySelector(`[data-testid="${CSS.escape(focused)}"]`);
    if (again && again !== document.activeElement && typeof again.focus === "function") again.focus({ preventScroll: true });
  }
}

// --- start ------------------------------------------------------------------------------------------------------

function start() {
  if (me.lostSeat !== null) {
    toast(`This browser holds no token for seat ${me.lostSeat} (open the link you were given to take it): ` +
          "you are watching as a spectator.");
  }
  if (!tableId) {
    toast("No table in the address.");
    return;
  }
  $("game-title").textContent = `table ${tableId}`;
  setConnection("connecting");
  loadGameNames();
  loadMeta();
  refresh();
  connect();
  document.addEventListener("visibilitychange", () => {
    // Phones suspend background tabs and their sockets: catch up when the page is looked at again.
    if (document.visibilityState === "visible") {
      refresh();
      if (!state.socket && !(state.payload && state.payload.view.is_over)) connect();
    }
  });
}

start();
