// The table page: one page for every game, drawn from the server's JSON view alone.
//
// Like the terminal (parlour/cli/table.py), nothing here knows a game. Zones, seat facts and `extra` are
// drawn by the shape of their values: a list of {seat, card} plays is a trick laid out around the centre,
// a card string is a card, a count of cards is a stack of backs, a list of cards is a pile, a list of
// records (Divide and Conquer's matches) is a list of small rows. A new game is drawn the day it exists.
//
// The drawing itself (seats, zones, hand, scores, log) is in draw.js, shared with the replay page.
//
// Flow: the page reads its seat and token (claiming the seat first when it arrives with a friend's
// #invite=), fetches the view, then follows a WebSocket that pushes the same payload after every change
// (reconnecting with backoff). The socket's address carries no secret: its first message says who is
// listening ({"type": "hello", seat, token}). Moves go out by POST; their answer is drawn at once, and an
// error is shown in a toast before the view is fetched again.

import { cardName, cardText, proseFragment } from "./cards.js";
import {
  api, bringIntoSight, copyText, el, keepCreated, keepName, label, myName, nameProblem, replace, storageKey, storeGet,
  storeJson, storeRemove, storeSet, tableStatus, toast,
} from "./dom.js";
import {
  isMyTurn, notationNode, notationText, notationWords, renderExtra, renderHand, renderLog, renderScores, renderSeats,
  namedSeatsText, renderZones, seatName, testid, trickKeeper, valueNode,
} from "./draw.js";
import { dealEndSheet, pointsNode, runningSheet, scoreChart, summaryBeyondChanges } from "./dealend.js";
import { cardMotion } from "./motion.js";
import { tableSounds } from "./sound.js";
import { handArranger } from "./arrange.js";
import { renderGuide, wireGuide } from "./guide.js";
import { clockNews, showClock } from "./clock.js";
import { renderRematchNotice } from "./rematch.js";
import { capitalise, distinctNames, peopleText, seatLetter, wonWords } from "./people.js";
import { handChoices, helpOf, turnControls } from "./controls.js";
import { cardClick, markArmed } from "./families/rummy.js";
import { claimControls } from "./families/claim.js";
import { handRecord } from "./families/record.js";

const $ = (id) => document.getElementById(id);

// --- where we are -----------------------------------------------------------------------------------------

const tableId = decodeURIComponent(location.pathname.replace(/\/+$/, "").split("/").pop() || "");

/**
 * The seat this page plays and what it arrived with. A seat token arrives once in the #fragment (the
 * lobby's hot-seat links, programs): it is kept in localStorage and wiped from the address bar, so it is not
 * bookmarked, shared by copying the address, or left in the history. A friend's link brings an invitation
 * instead (#invite=), which is not a token: start() claims the seat with it. A reload finds the token
 * again in storage.
 */
function readSeat() {
  const params = new URLSearchParams(location.search);
  const raw = params.get("seat");
  const seat = raw !== null && /^\d+$/.test(raw) ? Number(raw) : null;
  const hash = new URLSearchParams(location.hash.replace(/^#/, ""));
  const fromHash = hash.get("token");
  const invite = seat === null ? null : hash.get("invite");
  if (seat !== null && fromHash) storeSet(storageKey(tableId, seat), fromHash);
  if (location.hash) history.replaceState(history.state, "", location.pathname + location.search);
  const token = seat === null ? null : fromHash || storeGet(storageKey(tableId, seat));
  return { seat, token, invite: fromHash ? null : invite };
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
  notice: null,           // why this page watches instead of playing (a seat taken, a link replaced…)
  played: false,          // the seat's token has been accepted once (so a later refusal means it was taken back)
  metaTimer: null,        // polls the table's description while the invite panel is shown
  windowTimer: null,      // answers an open claim window for this seat when its wait is over
  metaAsked: 0,           // when the description was last asked for (ms), to ask at most once a second
  confirmClose: false,    // the host pressed "Close table" and is asked to confirm
  refusal: null,          // {card, reason}: the greyed card clicked last, whose reason stays shown
  refused: null,          // why the server refused the last move sent, in words, shown until the next one
  rules: null,            // the game's rules page, once asked for (GET /api/games/{id}/rules)
  news: [],               // {at, text}: who left, said in the log after its `at` first lines
  chat: [],               // {position, seat, name, text}: the table's chat, oldest first
  pause: null,            // {held, count, timer, ends}: a deal has ended and is shown until "Next deal"
  rematch: null,          // the host's rematch as pushed to this seat (the payload carries it too)
  turnSeen: null,         // the version last drawn while it was this seat's turn (null: it was not)
};

const isPerson = (kind) => kind === "human" || kind === "open";
const tableState = () => tableStatus(state.payload);        // "playing", "over" or "closed"
const finished = () => tableState() !== "playing";

const seatLabel = (seat) => (seat === null || seat === undefined ? "—" : seat === viewSeat() ? "you"
  : shownNames()[seat] || `Player ${seatLetter(seat)}`);
/** A seat named for its own sake, outside a view: "Player B's seat", "North's seat". */
const seatCalled = (seat) => `${shownNames()[seat] || `Player ${seatLetter(seat)}`}'s seat`;
const viewSeat = () => (state.payload ? state.payload.view.seat : me.seat);

/**
 * What the page calls each seat: who sits there (a person's own name, a bot's by its kind, from the table's
 * description, which the socket keeps current, or else the payload), or else the game's seat name (North…),
 * null for neither; a name two seats share is told apart by the seat's letter (people.js: "Random bot B").
 */
function shownNames() {
  const payload = state.payload || {};
  const described = (state.meta && state.meta.seats) || [];
  const game = payload.seat_names || [];
  const count = ((payload.view && payload.view.seats) || payload.names || []).length;
  const names = [];
  for (let s = 0; s < count; s++) {
    const seat = described.find((d) => d.seat === s);
    names.push((seat && "name" in seat ? seat.name : (payload.names || [])[s]) || null);
  }
  return distinctNames(names, game, count);
}

// --- the server --------------------------------------------------------------------------------------------

const base = `/api/tables/${encodeURIComponent(tableId)}`;

async function refresh() {
  const { seat, token } = me;
  const query = seat === null ? "" : `?seat=${seat}`;
  try {
    const payload = await api(`${base}/view${query}`, { token });
    if (me.token !== token) return;               // the seat changed meanwhile: this answer is stale
    if (seat !== null) state.played = true;
    applyPayload(payload);
  } catch (err) {
    if (me.token !== token) return;
    if (seat !== null && (err.status === 401 || err.status === 403 || err.kind === "Unauthorized")) {
      // The token is not (or no longer) good for that seat: watch rather than show nothing.
      loseSeat(state.played
        ? "The host gave your seat to someone else, so you are watching as a spectator."
        : `This browser holds no valid token for ${seatCalled(seat)}, so you are watching as a spectator.`);
      return refresh();
    }
    if (err.status === 404 || err.kind === "NotFound") {
      // The table is gone (or never was): say so, and stop knocking on the socket.
      state.gone = true;
      clearTimeout(state.reconnectTimer);
      stopMetaPolling();
      if (state.socket) state.socket.close();
      setConnection("gone");
      replace($("centre"), el("p", { class: "muted", text: `There is no table ${tableId}.` }));
      return;
    }
    toast(err.message);
  }
}

/** Stop playing the seat: its token is dead (the host reopened the seat) or was never good. The token is
 * dropped from storage, so neither this page nor the lobby offers it again, and the page watches. */
function loseSeat(notice) {
  if (me.seat !== null && storeGet(storageKey(tableId, me.seat)) === me.token) storeRemove(storageKey(tableId, me.seat));
  me.seat = null;
  me.token = null;
  state.played = false;
  setNotice(notice);
  reconnectNow();
}

function setNotice(text) {
  state.notice = text;
  toast(text);
  if (state.payload) renderHandArea();
}

/**
 * A friend's link: claim its seat for this browser with the one-time invitation. A token already kept
 * for the seat that the server still accepts is simply used (the link opened again, or after a reload).
 * Refused, the page watches and says why: someone else claimed the seat first, or the host has given the
 * seat a new link since.
 */
async function claimSeat() {
  const { seat, invite } = me;
  const key = storageKey(tableId, seat);
  const kept = storeGet(key);
  if (kept) {
    try {
      applyPayload(await api(`${base}/view?seat=${seat}`, { token: kept }));
      me.token = kept;
      state.played = true;
      return;
    } catch (err) {
      if (err.status === 401 || err.status === 403) storeRemove(key);      // dead: claim afresh
    }
  }
  try {
    const name = nameProblem(myName()) ? undefined : myName();
    const answer = await api(`${base}/claim`, { method: "POST", body: { seat, invite, name } });
    me.seat = Number.isInteger(answer.seat) ? answer.seat : seat;
    me.token = answer.token;
    storeSet(storageKey(tableId, me.seat), answer.token);
    return;
  } catch (err) {
    me.seat = null;
    me.token = null;
    if (err.status === 404) return;              // no such table: refresh() says so
    if (err.status === 409 || err.kind === "SeatTaken") {
      setNotice(`${capitalise(seatCalled(seat))} has been taken by someone else, so you are watching as a spectator.`);
    } else if (err.status === 401 || err.status === 403) {
      setNotice("This invitation link is no longer valid (the host has given the seat a new link), so you are " +
                "watching as a spectator.");
    } else {
      setNotice(`${capitalise(seatCalled(seat))} could not be claimed (${err.message}), so you are watching as a spectator.`);
    }
  }
}

/** The table's description: seat kinds, which friends' seats are taken, its status. The socket says when
 * a seat changes hands ({"type": "seats"}); a slow poll covers a socket that is down. The page is redrawn
 * only when one of those changed, so polling it does not disturb the player. */
async function loadMeta() {
  state.metaAsked = Date.now();
  let meta;
  try {
    meta = await api(base);
  } catch {
    return;                 // the seat kinds are a nicety: keep what we had
  }
  const seen = (m) => JSON.stringify(m ? [m.seats, m.status, m.is_over] : null);
  const changed = seen(meta) !== seen(state.meta);
  state.meta = meta;
  if (changed && state.payload) render();
}

/** Ask for the description again soon, at most once a second (a bots' game changes many times a second). */
function metaSoon() {
  if (Date.now() - state.metaAsked > 1000) loadMeta();
}

function startMetaPolling() {
  if (state.metaTimer) return;
  state.metaTimer = setInterval(() => {
    if (document.visibilityState === "visible") metaSoon();
  }, 10000);
}

function stopMetaPolling() {
  clearInterval(state.metaTimer);
  state.metaTimer = null;
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
  const old = latestPayload();
  // Pushes and answers can cross: never let an older version replace a newer one.
  if (old && typeof payload.version === "number" && typeof old.version === "number") {
    if (payload.version < old.version) return;
    if (payload.version === old.version && payload.view.seat === old.view.seat && !state.busy
        && tableStatus(payload) === tableStatus(old) && !newRecord(old, payload)) return;
  }
  if (state.pause) {
    holdBack(payload);
    return;
  }
  if (endsADeal(old ? (old.hand_results || []).length : null, payload)) {
    pauseOn(payload);
    return;
  }
  const newHand = old && old.view.hand_number !== payload.view.hand_number;
  const moved = !old || old.version !== payload.version || tableStatus(old) !== tableStatus(payload);
  state.payload = payload;
  if (state.hint && state.hint.version !== payload.version) state.hint = null;
  render();
  answerWindowInTime();
  if (newHand || (moved && !$("invite-panel").hidden)) metaSoon();
  // A closed table changes no more: say so, whether or not the socket is still open.
  if (tableState() === "closed") setConnection("table-closed");
  else if (finished()) setConnection("closed");     // the socket may stay open, but nothing is live any more
}

// --- the end of a deal: a pause on its score sheet ---------------------------------------------------------

// When a deal ends, the page does not rush into the next one: it shows the deal as it ended (the server's
// `deal_end`: the seat's own view of that moment, its last trick complete, and who took it) with the deal's
// score sheet, and holds every newer view back until the person goes on. The server holds the next deal too
// (the payload's `pause`: the seats it waits for, and when the host's seconds run out, if the host set any):
// no bot plays it until every person seated has clicked "Next deal" (POST .../next-deal), or the host's
// seconds, counted down here by the server's time, have passed. The page goes on when the server does (a view
// without `pause`). A spectator, or a table the server does not hold (bots alone), counts PAUSE_SECONDS down.
const PAUSE_SECONDS = 8;

/** The newest payload the server has sent: the one drawn, or the one held back behind a deal's end. */
function latestPayload() {
  return state.pause ? state.pause.held : state.payload;
}

/** Whether `payload` is the first this page sees after a deal that it saw being played (`count` deals
 * finished then) ended, with the game going on: a page opened afresh does not pause on an old deal, unless
 * the server holds the next deal for this page's seat (`count` null: the page's first view). */
function endsADeal(count, payload) {
  const end = payload.deal_end;
  const shown = Boolean(end && end.view) && tableStatus(payload) === "playing";
  if (count === null) return shown && Boolean(payload.pause) && (payload.pause.waiting || []).includes(viewSeat());
  return (payload.hand_results || []).length > count && shown;
}

function pauseOn(payload) {
  const hold = payload.pause;         // the server's hold at this deal's end, if it holds one
  const ends = hold ? (hold.until ? Date.parse(hold.until) : null)
    : (playsOnlyBots() ? null : Date.now() + PAUSE_SECONDS * 1000);
  const countdown = ends !== null;
  state.pause = { held: payload, count: (payload.hand_results || []).length, timer: null, ends, said: false };
  state.hint = null;
  state.payload = {
    ...payload, view: { ...payload.deal_end.view }, hand_choices: {}, reasons: {}, help: {}, can_hint: false,
    can_undo: false,
  };
  if (countdown) state.pause.timer = setInterval(tickPause, 250);
  render();
  answerWindowInTime();
  metaSoon();
  const next = document.querySelector("[data-testid='next-deal']");
  if (next && !countdown) next.focus({ preventScroll: true });
}

/** Whether `payload` brings the double-dummy table of the deal-end hand record that `old` lacked. */
function newRecord(old, payload) {
  const end = payload.deal_end;
  return Boolean(end && end.double_dummy && old && old.deal_end && old.deal_end.number === end.number
    && !old.deal_end.double_dummy);
}

/** A view that arrives during the pause waits behind it; a table closed meanwhile ends the pause, and so
 * does the server's going on (a view no longer held, once the pause began held by the server). */
function holdBack(payload) {
  const wasHeld = Boolean(state.pause.held.pause);
  state.pause.held = payload;
  if (newRecord(state.payload, payload)) {           // the hand record's double-dummy table has come
    state.payload = { ...state.payload, deal_end: { ...state.payload.deal_end, double_dummy: payload.deal_end.double_dummy } };
    renderPause();
  }
  showClock(payload, viewSeat());
  answerWindowInTime();
  if (tableStatus(payload) !== "playing" || (wasHeld && !payload.pause)) resume();
  else if (payload.pause && state.pause.said) renderPause();     // whom the table still waits for
}

/** "Next deal": tell the server this seat has seen the deal (where it waits for the seat), then go on once
 * it does; until then the sheet stays, saying whom the table still waits for. */
async function nextDeal() {
  if (!state.pause) return;
  const hold = state.pause.held.pause;
  const seat = me.seat;
  if (!hold || seat === null || seat === undefined || !(hold.waiting || []).includes(seat)) {
    resume();
    return;
  }
  state.pause.said = true;
  renderPause();
  try {
    const payload = await api(`${base}/next-deal`, { method: "POST", token: me.token, body: { seat } });
    if (!state.pause) return;
    if (payload && payload.view && payload.version >= state.pause.held.version) holdBack(payload);
  } catch (err) {
    toast(err.message);
    if (state.pause) resume();
  }
}

/** Go on to the newest view; if a further deal has ended behind the pause, pause on that one. */
function resume() {
  if (!state.pause) return;
  const { held, count, timer } = state.pause;
  clearInterval(timer);
  state.pause = null;
  if (endsADeal(count, held)) {
    pauseOn(held);
    return;
  }
  state.payload = held;
  if (state.hint && state.hint.version !== held.version) state.hint = null;
  render();
  answerWindowInTime();
  metaSoon();
}

function tickPause() {
  if (!state.pause) return;
  const left = Math.max(0, Math.ceil((state.pause.ends - Date.now()) / 1000));
  const node = document.querySelector("[data-testid='pause-countdown']");
  if (node) node.textContent = countdownWords(left);
  if (left <= 0) resume();
}

const countdownWords = (left) => `The next deal starts in ${left} second${left === 1 ? "" : "s"}.`;

/** Whether this page's seat plays against bots alone (from the table's description): then the pause
 * waits for its click. A spectator, or a page that does not know the seats yet, counts down. */
function playsOnlyBots() {
  const seats = (state.meta && state.meta.seats) || [];
  const mine = viewSeat();
  return mine !== null && mine !== undefined && seats.length > 0
    && seats.every((s) => s.seat === mine || !isPerson(s.kind));
}

/** The pause in the hand area: the deal's score sheet (read out once), and the way on. */
function renderPause() {
  const { hand_results: results, deal_end: end, lowest_score_wins: lowestWins } = state.payload;
  const view = namedView();
  const result = (results || []).find((r) => r.number === end.number) || { number: end.number, changes: [] };
  setBanner(`pause ${end.number}`, () => dealEndSheet(result, view, { lowestWins, taker: end.trick_taker }));
  // The cards still held at the end are shown (a rummy hand's penalty); an empty hand says nothing here.
  if (view.seat === null || view.seat === undefined || !(view.hand || []).length) replace($("hand"));
  else renderHand(arranger.view(view), {});
  arranger.decorate();
  explainRefusals({});
  const counting = state.pause.ends !== null;
  const left = counting ? Math.max(0, Math.ceil((state.pause.ends - Date.now()) / 1000)) : null;
  const hold = state.pause.held.pause;
  const others = hold ? (hold.waiting || []).filter((s) => s !== me.seat) : [];
  const waitingFor = state.pause.said && others.length
    ? `Waiting for ${others.map(seatLabel).join(" and ")} to see the deal.`
    : null;
  replace($("actions"),
    el("button", { type: "button", class: "primary", dataset: { testid: "next-deal" }, onclick: nextDeal,
      disabled: Boolean(waitingFor) }, "Next deal"),
    counting ? el("span", { class: "pause-countdown muted", role: "timer", dataset: { testid: "pause-countdown" },
      text: countdownWords(left) }) : null,
    waitingFor ? el("span", { class: "muted", role: "status", dataset: { testid: "pause-waiting" },
      text: waitingFor }) : null);
  replace($("tools"), handRecord(state.payload, view));
}

async function send(action) {
  if (me.seat === null || finished()) return;
  if (state.busy) {
    refuse("the page is still waiting for the server; choose again in a moment");
    return;
  }
  closeChooser();
  state.refused = null;
  setBusy(true);
  try {
    const payload = await api(`${base}/actions`, {
      method: "POST", token: me.token,
      body: { seat: me.seat, version: latestPayload() ? latestPayload().version : null, action },
    });
    setBusy(false);
    applyPayload(payload);
  } catch (err) {
    setBusy(false);
    refuse(refusalWords(err));
    await refresh();
  }
}

/**
 * Why the server refused a move, in words, whatever its code (issue 38): a stale page, a turn that is not
 * the seat's, a finished game, or the rule the game names.
 */
function refusalWords(err) {
  const kind = err.kind || "";
  if (kind === "StaleStateId" || (err.status === 409 && /version/.test(err.message || ""))) {
    return "the table had moved on before it arrived (another seat acted first); look again and choose";
  }
  if (kind === "InactivePlayer") return "it is not your turn now";
  if (kind === "GameOver") return "the game is over";
  if (err.status === 0) return "the server cannot be reached";
  return err.message || `the server refused it (${err.status || "no answer"})`;
}

/** Says on the page, and in a toast, why a move was not made; the words stay until the next move. */
function refuse(why) {
  const text = `Your move was not made: ${why}.`.replace(/\.\.$/, ".");
  state.refused = text;
  toast(text);
  if (state.payload) renderHandArea();
}

// A claim window (a card anyone holding it may claim at once, such as Comet's 9♦) is offered to every seat
// that could hold the card, each with "decline" and only a holder with its claim. The page declines for
// its seat when the window has been open WINDOW_SECONDS, whatever the seat holds, so that no one need click
// "decline" after every card, and so that the window closes for a holder who lets it pass just when it
// closes for everyone else: how long a seat takes does not tell the table who holds the card.
const DECLINE = "decline";
const WINDOW_SECONDS = 2;

function answerWindowInTime() {
  const view = latestPayload().view;
  const open = isMyTurn(view) && !finished() && view.legal_actions.includes(DECLINE);
  if (!open) {
    clearTimeout(state.windowTimer);
    state.windowTimer = null;
  } else if (state.windowTimer === null) {
    // The wait runs from when the window opened, however many other seats answer meanwhile.
    state.windowTimer = setTimeout(declineWhenFree, WINDOW_SECONDS * 1000);
  }
}

function declineWhenFree() {
  state.windowTimer = null;
  const now = latestPayload().view;
  if (!isMyTurn(now) || finished() || !now.legal_actions.includes(DECLINE)) return;
  if (state.busy) state.windowTimer = setTimeout(declineWhenFree, 200);   // a hint or a click on its way
  else send(DECLINE);
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
  if (state.payload) {
    renderHandArea();
    guideHook(namedView());
  }
}

/** The view with its seats named as the game names them, and by who sits there. */
function namedView() {
  return { ...state.payload.view, seat_names: state.payload.seat_names || [], names: shownNames() };
}

/** The guided first deal's panel (guide.js), drawn after the hand and buttons it lights up. */
function guideHook(view) {
  renderGuide({ tableId, payload: state.payload, view, paused: Boolean(state.pause), seat: me.seat, token: me.token });
}

// --- the live connection -----------------------------------------------------------------------------------

// Close codes after which the same hello would be refused again: reconnecting with it would only hammer.
const SEAT_REFUSED = new Set([4401, 4403]);

function connect() {
  clearTimeout(state.reconnectTimer);
  if (state.gone) return;
  const proto = location.protocol === "https:" ? "wss:" : "ws:";
  const { seat, token } = me;           // who this socket speaks for, whatever the page becomes later
  let socket;
  try {
    // No query string: the address reaches access logs, so the token goes in the first message.
    socket = new WebSocket(`${proto}//${location.host}/ws/tables/${encodeURIComponent(tableId)}`);
  } catch {
    scheduleReconnect();
    return;
  }
  state.socket = socket;
  socket.addEventListener("open", () => {
    socket.send(JSON.stringify(seat !== null && token ? { type: "hello", seat, token } : { type: "hello" }));
    setConnection(finished() ? "closed" : "live");
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
    if (!data || typeof data !== "object") return;
    if (data.type === "error" || data.error) {
      if (state.socket !== socket) return;
      if (seat !== null && seat === me.seat && (data.error === "SeatReopened" || data.error === "Unauthorized")) {
        loseSeat(data.error === "SeatReopened"
          ? "The host gave your seat to someone else, so you are watching as a spectator."
          : `This browser holds no valid token for ${seatCalled(seat)}, so you are watching as a spectator.`);
        refresh();
        return;
      }
      toast(data.message || data.error);
      refresh();
      return;
    }
    state.backoff = 500;                  // a socket that delivers is a good one: the next drop retries soon
    if (data.type === "seats") {          // a seat was claimed or reopened: the invitation panel shows it
      if (data.news) hearNews(data.news);
      loadMeta();
      return;
    }
    if (data.type === "chat") {
      if (data.seat !== me.seat) sounds.play("chat");
      hearChat(data);
      return;
    }
    if (data.type === "rematch") {
      state.rematch = data.rematch;
      renderRematchNotice($("rematch-notice"), state.rematch, me, base);
      return;
    }
    applyPayload(data);
  });
  socket.addEventListener("close", (event) => {
    if (state.socket !== socket) return;        // replaced on purpose (the seat changed)
    state.socket = null;
    if (state.gone || finished()) {
      setConnection(state.gone ? "gone" : tableState() === "closed" ? "table-closed" : "closed");   // nothing changes now
      return;
    }
    if (seat !== null && seat === me.seat && SEAT_REFUSED.has(event.code)) {
      // Refused without a word (the error frame was lost): the token will not do; watch instead.
      loseSeat(`This browser holds no valid token for ${seatCalled(seat)}, so you are watching as a spectator.`);
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
    gone: "table not found", "table-closed": "table closed" }[status] || status;
}

// --- drawing: your hand and choices ---------------------------------------------------------------------------

function renderHandArea() {
  const { view, can_hint: canHint, can_undo: canUndo } = state.payload;
  const area = $("hand-area");
  const closed = tableState() === "closed";
  if (state.pause) {
    area.classList.remove("spectating");
    state.turnSeen = null;
    renderPause();
    return;
  }
  if (view.seat === null || view.seat === undefined) {
    area.classList.add("spectating");
    const notice = state.notice;
    setBanner(`spectator ${closed} ${notice}`, () => [
      notice ? el("p", { class: "seat-notice", dataset: { testid: "seat-notice" }, text: notice }) : null,
      el("p", { class: "spectator-note", dataset: { testid: "spectator-note" },
        text: closed ? "The host has closed this table: play has stopped." : "You are watching as a spectator." }),
      mySeatLinks()]);
    replace($("hand"));
    replace($("actions"));
    replace($("tools"));
    return;
  }
  area.classList.remove("spectating");
  const myTurn = !closed && isMyTurn(view);
  const { byCard, buttons } = handChoices(state.payload);
  const hint = state.hint && state.hint.version === state.payload.version ? state.hint.action : null;

  const others = (view.to_move || []).length > 1;
  const refused = state.refused;
  setBanner(`${myTurn ? `mine ${others}` : `wait ${waitingWords(view, closed)}`} ${refused}`, () => [myTurn
    ? el("p", { class: "your-turn", dataset: { testid: "your-turn" } }, "Your turn",
      others ? el("span", { class: "muted", text: " (others may act too)" }) : null)
    : el("p", { class: "waiting", text: waitingWords(view, closed) }),
  refused ? el("p", { class: "move-refused", role: "alert", dataset: { testid: "move-refused" }, text: refused }) : null,
  mySeatLinks()]);

  renderHand(arranger.view(view), {
    byCard, myTurn, busy: state.busy, hint,
    onCard: (anchor, card, actions) => cardClick(anchor, card, actions, { payload: state.payload, send })
      || (actions.length === 1 ? send(actions[0]) : openChooser(anchor, card, actions)),
  });
  markArmed(myTurn ? state.payload : null);       // a discard asked about stays asked through a redraw
  arranger.decorate();
  explainRefusals(myTurn ? state.payload.reasons || {} : {});

  const disabled = state.busy || !myTurn;
  replace($("actions"), claimControls(state.payload, { base, token: me.token, busy: state.busy, setBusy, refresh, view: namedView() }),
    turnControls(state.payload, buttons, { hint, disabled, send }));

  // Once a turn, on a phone where they lie below the felt, the hand and the turn's controls come into sight. A
  // turn is new when another seat has acted since this one's last turn was drawn (the version counts every
  // action): not at a redraw of the same turn, nor after this seat's own action where its turn goes on.
  const version = state.payload.version;
  if (myTurn && (state.turnSeen === null || version > state.turnSeen + 1)) bringIntoSight(turnInSight);
  state.turnSeen = myTurn ? version : null;

  replace($("tools"), closed ? null : [
    finished() ? handRecord(state.payload, namedView()) : null,       // the last deal's, at the game's end
    canHint && myTurn ? el("button", { type: "button", class: "small", dataset: { testid: "hint" }, disabled: state.busy, onclick: askHint }, "Hint") : null,
    canUndo ? el("button", { type: "button", class: "small", dataset: { testid: "undo" }, disabled: state.busy, onclick: undo }, "Undo") : null,
    arranger.sortButton()]);
}

/**
 * What the turn brings into sight: the controls, and the cards to play, which are the hand's, or those of a
 * hand laid open on the felt where this seat plays it (the declarer playing dummy's); the hand where no card
 * is to be played (an auction, where the cards are what a call is made on).
 */
function turnInSight() {
  const onFelt = [...document.querySelectorAll("#felt button.card[data-playable='true']")];
  return [...(onFelt.length ? onFelt : [$("hand")]), $("actions")];
}

// --- why a card cannot be played -----------------------------------------------------------------------------

/**
 * Each greyed card of the hand says why it cannot be played: the game's own refusal (payload `reasons`),
 * on hover, on keyboard focus (the card joins the tab order) and on a click, which keeps it shown. The
 * reason is also the card's description for screen readers.
 */
function explainRefusals(reasons) {
  // A reason clicked open stays open through a redraw that does not change it.
  const kept = state.refusal && reasons[state.refusal.card] === state.refusal.reason ? state.refusal : null;
  state.refusal = kept;
  showRefusal(kept);
  for (const node of $("hand").querySelectorAll(".card.unplayable")) {
    const card = node.dataset.card;
    const reason = reasons[card];
    if (!reason) continue;
    const id = `why-${node.dataset.testid}`;
    node.append(el("span", { class: "sr-only", id, text: reason }));
    Object.assign(node, { tabIndex: 0, title: reason });
    node.setAttribute("aria-describedby", id);
    node.setAttribute("role", "button");
    node.setAttribute("aria-label", `${cardName(card)}: cannot be played`);
    node.dataset.refused = "true";
    node.addEventListener("mouseenter", () => showRefusal(card, reason));
    node.addEventListener("focus", () => showRefusal(card, reason));
    node.addEventListener("mouseleave", () => showRefusal(state.refusal));
    node.addEventListener("blur", () => showRefusal(state.refusal));
    const pin = () => {
      state.refusal = { card, reason };
      showRefusal(card, reason);
    };
    node.addEventListener("click", pin);
    node.addEventListener("keydown", (event) => {
      if (event.key === "Enter" || event.key === " ") {
        event.preventDefault();
        pin();
      }
    });
  }
}

/** Show why `card` cannot be played (or the reason clicked last, given as `{card, reason}`; none: hide). */
function showRefusal(card, reason) {
  const box = $("refusal");
  const shown = card && typeof card === "object" ? card : card ? { card, reason } : null;
  box.hidden = !shown;
  replace(box, shown ? [el("strong", {}, cardText(shown.card)), " ", proseFragment(shown.reason)] : null);
  box.dataset.card = shown ? shown.card : "";
}

/** The banner is a live region: it is redrawn only when what it says changes, so it is read out once. */
function setBanner(key, build) {
  if (state.bannerKey === key) return;
  state.bannerKey = key;
  replace($("turn-banner"), build());
}

function waitingWords(view, closed = false) {
  if (closed) return "The host has closed this table: play has stopped.";
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
    links.push(el("a", { class: "button small", href: `/table/${encodeURIComponent(tableId)}?seat=${s}`, text: `play as ${shownNames()[s] || `Player ${seatLetter(s)}`}` }));
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

// The words the server gives a move (payload `labels`: "add to your kings", "start a meld"), or null.
const worded = (action) => ((state.payload && state.payload.labels) || {})[action] || null;

// A family's control drawn outside the turn's controls (a card dropped on a meld board) plays its move, or
// offers its several moves in the card's menu, this way.
document.addEventListener("family-send", (event) => send(event.detail));
document.addEventListener("family-choose", (event) => {
  const { anchor, card, actions } = event.detail;
  if (anchor) openChooser(anchor, card, actions);
});

// The chooser: a small menu over a card that several actions use ("match 7H" or "discard 7H").
function openChooser(anchor, card, actions) {
  closeChooser();
  const menu = el("div", { class: "chooser", role: "menu", "aria-label": `${cardName(card)}: choose`, dataset: { testid: `chooser-${card}` } },
    actions.map((action) => el("button", {
      type: "button", role: "menuitem", class: `action${state.hint && state.hint.action === action ? " hinted" : ""}`,
      dataset: { testid: testid(action) }, "aria-label": worded(action) || notationWords(action), onclick: () => send(action),
      title: helpOf(state.payload, action),
    }, worded(action) ? el("span", { text: worded(action) }) : notationNode(action))),
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
  const closed = tableState() === "closed";
  if (!result && !view.is_over && !closed) {
    panel.hidden = true;
    delete panel.dataset.testid;
    replace(panel);
    return;
  }
  panel.hidden = false;
  panel.dataset.testid = result || view.is_over ? "result" : "closed";
  // A table the host closed before its end: its record and replay are there as for a finished game.
  const closedNote = closed ? el("p", { class: "closed-note", dataset: { testid: "table-closed" },
    text: "The host has closed this table: play has stopped." }) : null;
  if (!result) {
    replace(panel, el("h2", { text: view.is_over ? "Game over" : "Table closed" }), closedNote, recordLink(view));
    return;
  }
  const winners = new Set(result.winners || []);
  const places = result.places || [];
  const named = namedView();
  const order = places.map((p, s) => s).sort((a, b) => (places[a] - places[b]) || (a - b));
  replace(panel,
    el("h2", { text: "Game over" }),
    closedNote,
    el("p", { class: "result-won", dataset: { testid: "result-won" } }, el("strong", { text: `${wonWords(result.winners, named)}.` })),
    el("p", { class: "result-text" }, proseFragment(namedSeatsText(result.text || "The game is over.", named))),
    el("table", { class: "standings" },
      el("thead", {}, el("tr", {}, ["place", "player", "score"].map((h) => el("th", { scope: "col", text: h })))),
      el("tbody", {}, order.map((s) => el("tr", { class: `${winners.has(s) ? "winner" : ""}${s === view.seat ? " me" : ""}` },
        el("td", { text: `${places[s]}${winners.has(s) ? " ★" : ""}` }),
        el("td", { text: `${shownNames()[s] || seatName(s, named)}${s === view.seat ? " (you)" : ""}` }),
        el("td", { class: "num", text: String((result.scores || [])[s] ?? "") }))))),
    result.extra && Object.keys(result.extra).length ? el("p", { class: "small" }, valueNode(result.extra, named)) : null,
    scoreChart(state.payload.hand_results || [], named, { winners: result.winners || [], lowestWins: state.payload.lowest_score_wins }),
    recordLink(view));
}

function renderHandResults() {
  const { hand_results: shown, lowest_score_wins: lowestWins, view } = state.payload;
  const results = shown || [];
  $("hands-panel").hidden = results.length === 0;
  if (!results.length) return;
  const latest = results[results.length - 1].number;
  const named = { ...view, seat_names: state.payload.seat_names || [], names: shownNames() };
  const summary = (r) => namedSeatsText(summaryBeyondChanges(r.summary, r.changes), named);
  const items = [...results].reverse().map((r) => {
    // The newest deal's result starts open; the reader's own opening and closing is remembered.
    const open = state.openDeals.has(r.number) || (r.number === latest && !state.closedDeals.has(r.number));
    const details = el("details", { class: "deal", open, dataset: { testid: `hand-result-${r.number}` } },
      el("summary", {}, el("strong", { text: `Deal ${r.number}` }), " ",
        el("span", { class: "changes" }, (r.changes || []).map((c, s) => el("span", { class: "change" },
          `${seatLabel(s)} `, pointsNode(c, lowestWins))))),
      summary(r) ? el("p", {}, proseFragment(summary(r))) : null,
      (r.reasons || []).length ? el("ul", { class: "reasons" }, r.reasons.map((reason) => el("li", {},
        el("span", { class: "reason-seat", text: seatLabel(reason.seat) }),
        el("span", { class: "reason-points" }, pointsNode(reason.points, lowestWins)),
        el("span", { class: "reason-text" }, proseFragment(peopleText(reason.text, named)))))) : null);
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
  replace($("hand-results"), runningSheet(results, named, lowestWins), items);
}

/**
 * The invite panel, for the browser that created the table: each friend's seat with its link to send and
 * whether someone has taken it yet; with the host token, a way to give a seat a new link (putting out
 * whoever holds it) and to close the table.
 */
function renderInvites() {
  const links = storeJson(storageKey(tableId, "links"));
  const linkOf = (seat) => (Array.isArray(links) ? links.find((l) => l.seat === seat) : null) || null;
  const hostToken = storeGet(storageKey(tableId, "host"));
  const seats = ((state.meta && state.meta.seats) || []).filter((s) => isPerson(s.kind));
  // Friends' seats, for the browser that created the table (it holds their links, or the host token);
  // until the description is loaded, the stored links are all there is to show.
  const rows = !seats.length ? (Array.isArray(links) ? links : []).map((l) => ({ seat: l.seat, kind: "open", taken: null }))
    : seats.filter((s) => linkOf(s.seat) || (hostToken && s.kind === "open"));
  const show = !finished() && (rows.length > 0 || Boolean(hostToken));
  $("invite-panel").hidden = !show;
  if (!show) {
    stopMetaPolling();
    state.confirmClose = false;
    replace($("invites"));
    return;
  }
  startMetaPolling();
  // A table whose deal its creator chose keeps its seats: the server refuses to give them to anyone else.
  const reopenWith = state.meta && state.meta.stacked ? null : hostToken;
  replace($("invites"),
    rows.length ? el("p", { class: "hint", text: "Send each friend their seat's link: the first browser to open it takes the seat." }) : null,
    rows.map((s) => inviteRow(s, linkOf(s.seat), reopenWith)),
    hostToken ? closeControls(hostToken) : null);
}

function inviteRow(seat, link, hostToken) {
  const taken = seat.taken === true;
  const known = seat.taken === true || seat.taken === false;
  // The link is shown, and is an ordinary link to copy with the browser's own menu; a click copies it
  // rather than opening it, since opening it here would take the friend's seat for this browser.
  const anchor = link ? el("a", {
    href: link.url, class: "invite-url", dataset: { testid: "join-link", seat: String(seat.seat) },
    "aria-label": `join link for ${seatCalled(seat.seat)}`, text: link.url, rel: "noreferrer",
    onclick: (event) => { event.preventDefault(); copyText(link.url, anchor); },
  }) : el("span", { class: "invite-url muted", text: "no link kept in this browser" });
  return el("div", { class: "invite", dataset: { testid: `invite-${seat.seat}` } },
    el("span", { class: "invite-seat" }, shownNames()[seat.seat] || `Player ${seatLetter(seat.seat)}`),
    known ? el("span", { class: `chip ${taken ? "taken" : "free"}`, dataset: { testid: `seat-state-${seat.seat}` },
      text: taken ? "taken" : "free" }) : el("span"),
    anchor,
    el("span", { class: "invite-buttons" },
      link ? el("button", { type: "button", class: "small", dataset: { testid: `copy-link-${seat.seat}` },
        onclick: () => copyText(link.url, anchor) }, "Copy") : null,
      hostToken ? el("button", { type: "button", class: "small", dataset: { testid: `reopen-${seat.seat}` },
        title: "a new link for this seat; whoever holds it now is put out",
        onclick: () => reopenSeat(seat.seat, hostToken) }, "Reopen") : null));
}

function closeControls(hostToken) {
  if (!state.confirmClose) {
    return el("div", { class: "host-tools" },
      el("button", { type: "button", class: "small", dataset: { testid: "close-table" },
        onclick: () => { state.confirmClose = true; renderInvites(); $("invites").querySelector("[data-testid='confirm-close']").focus(); } },
      "Close table…"));
  }
  return el("div", { class: "host-tools confirm", role: "group", "aria-label": "close the table" },
    el("p", { class: "small", text: "Close the table for everyone? Play stops for good; the record and replay stay." }),
    el("button", { type: "button", class: "small danger", dataset: { testid: "confirm-close" },
      onclick: () => closeTable(hostToken) }, "Yes, close it"),
    el("button", { type: "button", class: "small", dataset: { testid: "cancel-close" },
      onclick: () => { state.confirmClose = false; renderInvites(); } }, "Cancel"));
}

/** Give a friend's seat a new link: the old link stops working and whoever holds the seat is put out. */
async function reopenSeat(seat, hostToken) {
  try {
    const answer = await api(`${base}/reopen`, { method: "POST", hostToken, body: { seat } });
    const url = new URL(answer.url || `/table/${encodeURIComponent(tableId)}?seat=${seat}#invite=${encodeURIComponent(answer.invite)}`,
      location.origin).href;
    const links = (storeJson(storageKey(tableId, "links")) || []).filter((l) => l.seat !== seat);
    links.push({ seat, url });
    links.sort((a, b) => a.seat - b.seat);
    storeSet(storageKey(tableId, "links"), JSON.stringify(links));
    if (seat === me.seat) {
      loseSeat("You reopened your own seat, so you are watching as a spectator.");
    } else {
      storeRemove(storageKey(tableId, seat));         // a token this browser held for it is dead now
    }
    toast(`${capitalise(seatCalled(seat))} has a new link to send; the old one no longer works.`, "info");
  } catch (err) {
    toast(err.message);
  }
  await loadMeta();
  if (state.payload) renderInvites();
}

async function closeTable(hostToken) {
  try {
    const answer = await api(`${base}/close`, { method: "POST", hostToken, body: {} });
    if (answer && answer.table_id) state.meta = answer;
    state.confirmClose = false;
  } catch (err) {
    toast(err.message);
  }
  await refresh();
}

// --- names, leaving and the rematch ---------------------------------------------------------------------------

/** Someone left: said in a toast and kept in the log, after the lines that were there when it happened. */
function hearNews(news) {
  const text = state.payload ? peopleText(news, namedView()) : news;     // "seat 1 is open" reads "Bea's seat is open"
  toast(text, "info");
  state.news.push({ at: state.payload ? (state.payload.view.log || []).length : 0, text });
}

/** The news among the log's lines (renderLog draws the server's log; a line it no longer shows is gone). */
function renderNews(view) {
  const box = $("log");
  const lines = (view.log || []).length;
  // In the order of their places, so that each is put where its line is, counting the news put before it.
  for (const { at, text } of [...state.news, ...clockNews(state.payload)].sort((a, b) => a.at - b.at)) {
    const item = el("li", { class: "news", dataset: { testid: "log-news" } }, proseFragment(text));
    const items = box.children;
    const after = items.length - (lines - at);          // the item of log line `at`, which follows the news
    if (after >= items.length) box.append(item);
    else if (after >= 0) box.insertBefore(item, items[after]);
  }
}

/** For a seated person while play goes on: "Leave seat", and a name box while the seat has no name. */
function renderSeatTools() {
  const seated = me.seat !== null && viewSeat() === me.seat && !finished();
  $("leave-button").hidden = !seated;
  const named = seated && (((state.meta && state.meta.seats) || []).find((s) => s.seat === me.seat) || {}).name;
  const form = $("name-form");
  const show = seated && Boolean(state.meta) && !named;
  if (form.hidden === !show) return;
  form.hidden = !show;
  if (show) $("name-input").value = myName();
}

async function saveName(event) {
  event.preventDefault();
  const name = $("name-input").value;
  const problem = nameProblem(name);
  $("name-error").textContent = problem || "";
  if (problem || me.seat === null) return;
  try {
    await api(`${base}/name`, { method: "POST", token: me.token, body: { seat: me.seat, name: name.trim() } });
    keepName(name);
    $("name-form").hidden = true;
  } catch (err) {
    $("name-error").textContent = err.message;
    return;
  }
  await loadMeta();
}

/** Get up: the seat is open again for the next person its link brings, and this browser goes to the lobby. */
async function leaveSeat() {
  if (me.seat === null) return;
  try {
    await api(`${base}/leave`, { method: "POST", token: me.token, body: { seat: me.seat } });
  } catch (err) {
    toast(err.message);
    return;
  }
  storeRemove(storageKey(tableId, me.seat));
  me.seat = null;
  me.token = null;
  location.assign("/");
}

/** At a finished table, for its creator: the same game, players and seats again, on a new deal. */
function renderRematch() {
  const panel = $("rematch-panel");
  const hostToken = storeGet(storageKey(tableId, "host"));
  const show = finished() && Boolean(hostToken);
  panel.hidden = !show;
  if (!show || panel.childElementCount) return;
  replace(panel,
    el("p", { class: "small", text: "Play again: the same game and seats on a new deal. Friends get new links to join." }),
    el("button", { type: "button", class: "primary", dataset: { testid: "rematch" },
      onclick: (event) => rematch(event.currentTarget, hostToken) }, "Rematch"));
}

async function rematch(button, hostToken) {
  button.disabled = true;
  try {
    const name = nameProblem(myName()) ? undefined : myName();
    const created = await api(`${base}/rematch`, { method: "POST", hostToken, body: name ? { name } : {} });
    location.assign(keepCreated(created));
  } catch (err) {
    toast(err.message);
    button.disabled = false;
  }
}

function wireSeatTools() {
  $("leave-button").addEventListener("click", leaveSeat);
  $("name-form").addEventListener("submit", saveName);
  $("chat-form").addEventListener("submit", sendChat);
}

// --- chat, between the people at the table -----------------------------------------------------------------

async function loadChat() {
  try {
    for (const message of (await api(`${base}/chat`)) || []) hearChat(message);
  } catch {
    /* the chat is a nicety: the table plays without it */
  }
}

/** A message heard (pushed, or read when the page opened), kept once by its position. */
function hearChat(message) {
  if (state.chat.some((m) => m.position === message.position)) return;
  state.chat.push({ position: message.position, seat: message.seat, name: message.name, text: message.text });
  state.chat.sort((a, b) => a.position - b.position);
  renderChat();
}

/** The chat panel: where at least two people sit (or someone has spoken); only people seated may speak. */
function renderChat() {
  const taken = ((state.meta && state.meta.seats) || []).filter((s) => isPerson(s.kind) && s.taken === true).length;
  const panel = $("chat-panel");
  panel.hidden = taken < 2 && !state.chat.length;
  $("chat-form").hidden = panel.hidden || me.seat === null || taken < 2;
  const box = $("chat");
  replace(box, state.chat.map((m) => el("li", { dataset: { testid: "chat-line" } },
    el("strong", { text: `${m.seat === me.seat ? "you" : m.name || shownNames()[m.seat] || `Player ${seatLetter(m.seat)}`}: ` }),
    document.createTextNode(m.text))));
  box.scrollTop = box.scrollHeight;
}

async function sendChat(event) {
  event.preventDefault();
  const input = $("chat-input");
  const text = input.value.trim();
  if (!text || me.seat === null) return;
  try {
    hearChat(await api(`${base}/chat`, { method: "POST", token: me.token, body: { seat: me.seat, text } }));
    input.value = "";
  } catch (err) {
    toast(err.message);
  }
}

// --- the rules, one click away ------------------------------------------------------------------------------

/** Open the rules dialog: the game's summary and the choices made where its texts are silent, asked for once. */
async function openRules() {
  const dialog = $("rules-dialog");
  const game = state.payload ? state.payload.view.game : null;
  if (!game) return;
  if (!state.rules || state.rules.game !== game) {
    try {
      state.rules = await api(`/api/games/${encodeURIComponent(game)}/rules`);
    } catch (err) {
      toast(err.message);
      return;
    }
  }
  const { name, rules, choices } = state.rules;
  replace($("rules-body"),
    el("h2", { id: "rules-title", text: `${name}: the rules` }),
    prose(rules),
    (choices || []).length ? [el("h3", { text: "Choices where the text is silent" }),
      el("ol", { class: "rules-choices", dataset: { testid: "rules-choices" } }, choices.map((c) => el("li", {}, inline(c))))] : null);
  $("rules-button").setAttribute("aria-expanded", "true");
  dialog.showModal();
}

/** The rules' light markup as the page shows it: paragraphs, "* " items as a list, **bold**, *italic*, `code`. */
function prose(text) {
  return String(text).split(/\n\s*\n/).map((block) => {
    const lines = block.split("\n");
    if (lines.every((line, i) => /^\s*\* /.test(line) || (i > 0 && /^\s+\S/.test(line)))) {
      const items = [];
      for (const line of lines) {
        if (/^\s*\* /.test(line)) items.push(line.replace(/^\s*\* /, ""));
        else items[items.length - 1] += ` ${line.trim()}`;
      }
      return el("ul", {}, items.map((item) => el("li", {}, inline(item))));
    }
    return el("p", {}, inline(lines.join(" ")));
  });
}

function inline(text) {
  return String(text).split(/(\*\*[^*]+\*\*|\*[^*\s][^*]*\*|``[^`]+``|`[^`]+`)/).filter(Boolean).map((part) => {
    if (part.startsWith("**")) return el("strong", {}, proseFragment(part.slice(2, -2)));
    if (part.startsWith("``")) return el("code", { text: part.slice(2, -2) });
    if (part.length > 2 && part.startsWith("`")) return el("code", { text: part.slice(1, -1) });
    if (part.length > 2 && part.startsWith("*")) return el("em", {}, proseFragment(part.slice(1, -1)));
    return proseFragment(part);
  });
}

function wireRules() {
  const dialog = $("rules-dialog");
  $("rules-button").addEventListener("click", openRules);
  $("rules-close").addEventListener("click", () => dialog.close());
  dialog.addEventListener("close", () => {
    $("rules-button").setAttribute("aria-expanded", "false");
    $("rules-button").focus();
  });
  // A click on the backdrop (outside the dialog's box) closes it, as on the best card sites.
  dialog.addEventListener("click", (event) => {
    if (event.target === dialog) dialog.close();
  });
}

// --- the header ----------------------------------------------------------------------------------------------

function renderHeader() {
  const view = state.payload.view;
  const name = state.payload.game_name || state.gameNames[view.game] || view.game;
  $("game-title").textContent = name;
  const parts = [`hand ${view.hand_number ?? "?"}`];
  // A game's own "over" phase would say "over · game over": the end is said once.
  if (state.pause) parts.push("the deal is over");
  else if (view.phase && !view.is_over) parts.push(label(view.phase));
  if (tableState() === "closed") parts.push("table closed");
  else if (view.is_over) parts.push("game over");
  else if ((view.to_move || []).length) parts.push(`to move: ${view.to_move.map(seatLabel).join(" and ")}`);
  $("status-line").textContent = parts.join(" · ");
  document.title = `${isMyTurn(view) && !finished() ? "● Your turn — " : ""}${name} — Parlour`;
}

// --- drawing it all ----------------------------------------------------------------------------------------------
const keepTricks = trickKeeper();     // the last trick's winner, and a deal's last trick into the next deal
const moves = cardMotion();           // cards travel between one drawing and the next (motion.js)
const sounds = tableSounds($("sound-toggle"));
const arranger = handArranger({ hand: $("hand"), storeKey: () => storageKey(tableId, `hand-order-${viewSeat()}`),
  redraw: () => withMotion(renderHandArea) });

/** Draw with `draw()`, the cards moving from where they were to where it puts them; returns what changed. */
function withMotion(draw) {
  const measured = moves.before();
  draw();
  return moves.after(measured, state.payload.view);
}

/** The trick keeper, told who took a deal's last trick where the server says so: in a deal's pause, and at
 * the end of the game, whose view still shows the last trick. */
function zonesKeeper(view, current, last) {
  const end = state.payload.deal_end;
  const known = end && (state.pause || view.is_over) && Number.isInteger(end.trick_taker) ? end.trick_taker : null;
  return keepTricks(view, current, last, known);
}

function render() {
  if (state.gone) return;         // the "no such table" notice stays
  const view = namedView();
  // A closed table waits for no one: its seats and scores mark nobody to move.
  const still = tableState() === "closed" ? { ...view, to_move: [] } : view;
  // Redrawing replaces nodes; put keyboard focus back on the same control if it still exists.
  const focused = document.activeElement && document.activeElement.dataset ? document.activeElement.dataset.testid : null;
  closeChooser();
  const measured = moves.before();
  renderHeader();
  renderSeats(still, (state.meta && state.meta.seats) || [], { busy: state.busy, onCard: (anchor, card, actions) => (actions.length === 1 ? send(actions[0]) : openChooser(anchor, card, actions)) });
  renderZones(view, zonesKeeper);
  renderHandArea();
  renderResult();
  renderScores(still);
  renderHandResults();
  renderExtra(view);
  renderInvites();
  renderLog(view);
  renderNews(view);
  renderSeatTools();
  renderRematch();
  renderRematchNotice($("rematch-notice"), state.rematch || state.payload.rematch || null, me, base);
  renderChat();
  guideHook(view);
  showClock(latestPayload(), viewSeat());
  document.body.classList.toggle("game-over", finished());
  const changes = moves.after(measured, state.payload.view);
  sounds.hear(changes, { myTurn: !state.pause && isMyTurn(still) && !finished(), dealOver: Boolean(state.pause) || finished() });
  if (focused) {
    const again = document.querySelector(`[data-testid="${CSS.escape(focused)}"]`);
    if (again && again !== document.activeElement && typeof again.focus === "function") again.focus({ preventScroll: true });
  }
}

// --- start ------------------------------------------------------------------------------------------------------

async function start() {
  if (!tableId) {
    toast("No table in the address.");
    return;
  }
  $("game-title").textContent = `table ${tableId}`;
  wireRules();
  wireGuide();
  wireSeatTools();
  loadChat();
  setConnection("connecting");
  loadGameNames();
  loadMeta();
  if (me.invite) await claimSeat();
  else if (me.seat !== null && !me.token) {
    // Without its token a seat cannot be played from this browser: watch instead, and say so once, rather
    // than knocking on the server (and raising an error) at every refresh and reconnection.
    const seat = me.seat;
    me.seat = null;
    setNotice(`This browser holds no token for ${seatCalled(seat)} (open the link you were given to take it), so you ` +
              "are watching as a spectator.");
  }
  refresh();
  connect();
  document.addEventListener("visibilitychange", () => {
    // Phones suspend background tabs and their sockets: catch up when the page is looked at again.
    if (document.visibilityState === "visible") {
      refresh();
      if (!state.socket && !finished()) connect();
    }
  });
}

start().catch((err) => toast(err.message));
