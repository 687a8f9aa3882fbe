// The replay page: a finished game, step by step, drawn exactly as the table page draws it (draw.js).
//
// The server rebuilds the view of any seat (or a spectator's) after any number of actions, once the game
// is over (GET /api/tables/{id}/replay?step=K&seat=N). The page asks for the step shown, keeps the
// answers it has had (stepping back is then instant) and asks for the next step ahead of time.
// The address keeps ?seat=N&step=K, so a reload or a shared link opens at the same place.

import { api, el, label, replace, toast } from "./dom.js";
import {
  kindWords, notationNode, notationWords, renderExtra, renderHand, renderLog, renderScores, renderSeats, renderZones,
  seatLabel,
} from "./draw.js";
import { distinctNames, personName } from "./people.js";
import { mountReview } from "./review.js";

const $ = (id) => document.getElementById(id);

const KEPT = 400;              // answers kept in the page, so stepping back and forth asks nothing again

const tableId = decodeURIComponent(location.pathname.replace(/\/+$/, "").split("/").pop() || "");
const base = `/api/tables/${encodeURIComponent(tableId)}`;

function readPosition() {
  const params = new URLSearchParams(location.search);
  const number = (name) => {
    const raw = params.get(name);
    return raw !== null && /^\d+$/.test(raw) ? Number(raw) : null;
  };
  return { seat: number("seat"), step: number("step") ?? 0 };
}

const start = readPosition();
let showReview = () => {};     // the coach's review beside the replay (review.js), told of each step drawn

const state = {
  seat: start.seat,       // the seat looked through; null: a spectator
  step: start.step,       // the step asked for (the one drawn follows when its answer comes)
  steps: null,            // how many actions the game had, once known
  payload: null,          // the answer drawn: {table_id, step, steps, seat, action, view}
  meta: null,             // GET /api/tables/{id}: the seats' kinds
  gameNames: {},
  seatNames: {},          // game id -> the game's names of its seats (North…), from /api/games
  answers: new Map(),     // "seat:step" -> answer, oldest first
  asked: 0,               // numbers the requests, so that a late answer never replaces a newer one
  failed: false,          // the replay cannot be shown (no such table, or the game is not over)
};

// --- the server --------------------------------------------------------------------------------------------

const answerKey = (seat, step) => `${seat ?? "-"}:${step}`;

async function fetchStep(seat, step) {
  const key = answerKey(seat, step);
  if (state.answers.has(key)) return state.answers.get(key);
  const query = new URLSearchParams({ step: String(step) });
  if (seat !== null) query.set("seat", String(seat));
  const answer = await api(`${base}/replay?${query}`);
  state.answers.set(key, answer);
  while (state.answers.size > KEPT) state.answers.delete(state.answers.keys().next().value);
  return answer;
}

/** Show step `step` as seen by `seat`; clamped to the game's steps once they are known. */
async function go(step, seat = state.seat) {
  if (state.failed) return;
  const last = state.steps ?? Infinity;
  state.step = Math.max(0, Math.min(last, Math.round(step)));
  state.seat = seat;
  const ticket = ++state.asked;
  renderControls();
  document.body.classList.add("loading");
  try {
    const answer = await fetchStep(state.seat, state.step);
    if (ticket !== state.asked) return;         // the reader has moved on meanwhile
    document.body.classList.remove("loading");
    state.steps = answer.steps;
    state.payload = answer;
    render();
    prefetch(answer.seat, answer.step + 1);
  } catch (err) {
    if (ticket !== state.asked) return;
    document.body.classList.remove("loading");
    failed(err);
  }
}

function prefetch(seat, step) {
  if (state.steps === null || step > state.steps || state.answers.has(answerKey(seat, step))) return;
  fetchStep(seat, step).catch(() => { /* asked again when it is wanted */ });
}

function failed(err) {
  if (err.status === 400 && !state.payload && (state.step !== 0 || state.seat !== null)) {
    // A step or seat from the address that the game does not have: start again from the beginning.
    toast(err.message, "info");
    go(0, state.step !== 0 ? state.seat : null);
    return;
  }
  if (err.status === 404 || err.status === 409) {
    state.failed = true;
    const notOver = err.status === 409;
    replace($("centre"), el("div", { class: "replay-unavailable", dataset: { testid: "replay-unavailable" } },
      el("p", { text: notOver ? "This game is not over yet: its replay opens once it has ended, as it shows every hand."
        : `There is no table ${tableId}.` }),
      notOver ? el("a", { class: "button small", href: `/table/${encodeURIComponent(tableId)}`, text: "Back to the table" }) : null));
    $("replay-step").textContent = "– / –";
    for (const id of ["replay-first", "replay-back", "replay-forward", "replay-last", "replay-slider", "replay-seat"]) $(id).disabled = true;
    return;
  }
  toast(err.message);
}

async function loadMeta() {
  try {
    state.meta = await api(base);
  } catch {
    return;                                     // the seats are still listed, without their kinds
  }
  renderSeatChoice();
  if (state.payload) render();
}

async function loadGameNames() {
  try {
    for (const game of (await api("/api/games")) || []) {
      state.gameNames[game.id] = game.name;
      state.seatNames[game.id] = game.seat_names || [];
    }
    if (state.payload) render();
  } catch {
    /* the id is shown instead */
  }
}

// --- drawing -----------------------------------------------------------------------------------------------

function seatKinds() {
  return (state.meta && state.meta.seats) || [];
}

/** The step's view with its seats named as the table named them (who sat there; the game's seat names). */
function namedView(view = state.payload.view) {
  const seatNames = state.seatNames[view.game] || [];
  const count = seatCount();
  const names = Array.from({ length: count }, (_, s) => (seatKinds().find((k) => k.seat === s) || {}).name || null);
  return { ...view, seat_names: seatNames, names: distinctNames(names, seatNames, count) };
}

/** A seat's name for the seat list and the review, the page's views aside. */
function nameOf(seat) {
  return state.payload ? personName(seat, namedView()) : personName(seat, { names: distinctNames(seatKinds().map((k) => k.name)) });
}

function seatCount() {
  if (state.meta && Number.isInteger(state.meta.players)) return state.meta.players;
  return state.payload ? (state.payload.view.seats || []).length : 0;
}

function renderControls() {
  const steps = state.steps;
  const slider = $("replay-slider");
  slider.max = String(steps ?? Math.max(state.step, 0));
  slider.value = String(state.step);
  slider.setAttribute("aria-valuetext", `step ${state.step} of ${steps ?? "…"}`);
  $("replay-step").textContent = `${state.step} / ${steps ?? "…"}`;
  $("replay-first").disabled = state.step <= 0;
  $("replay-back").disabled = state.step <= 0;
  $("replay-forward").disabled = steps !== null && state.step >= steps;
  $("replay-last").disabled = steps !== null && state.step >= steps;
  const select = $("replay-seat");
  if (select.value !== (state.seat === null ? "" : String(state.seat))) renderSeatChoice();
}

function renderSeatChoice() {
  const select = $("replay-seat");
  const count = seatCount();
  const kinds = seatKinds();
  const options = [el("option", { value: "", text: "spectator" })];
  for (let s = 0; s < count; s++) {
    const kind = kindWords((kinds.find((k) => k.seat === s) || {}).kind);
    options.push(el("option", { value: String(s), text: kind ? `${nameOf(s)} (${kind})` : nameOf(s) }));
  }
  if (state.seat !== null && state.seat >= count) {
    options.push(el("option", { value: String(state.seat), text: nameOf(state.seat) }));
  }
  replace(select, options);
  select.value = state.seat === null ? "" : String(state.seat);
}

function renderHeader() {
  const view = namedView();
  const name = state.gameNames[view.game] || view.game;
  $("game-title").textContent = `${name}: replay`;
  const parts = [`hand ${view.hand_number ?? "?"}`];
  if (view.phase) parts.push(label(view.phase));
  if (view.is_over) parts.push("game over");
  else if ((view.to_move || []).length) parts.push(`to move: ${view.to_move.map((s) => seatLabel(s, view)).join(" and ")}`);
  $("status-line").textContent = parts.join(" · ");
  document.title = `Replay: ${name} (${state.payload.step}/${state.payload.steps}) — Parlour`;
}

function renderAction() {
  const { action, step } = state.payload;
  const line = $("replay-action");
  if (!action) {
    replace(line, el("span", { class: "muted", text: "The start of the game:" }), " the deal, before anyone has acted.");
    return;
  }
  // "seat 2: play QH" reads "North: play Q♥", with the action's cards as coloured symbols.
  const found = /^seat (\d+): (.*)$/.exec(action);
  const notation = found ? found[2] : action;
  const who = found ? personName(Number(found[1]), namedView()) : null;
  replace(line, el("span", { class: "muted", text: `Action ${step}:` }), found ? ` ${who}: ` : " ",
    el("strong", { "aria-label": notationWords(notation) }, notationNode(notation)));
}

function renderHandArea() {
  const view = namedView();
  const area = $("hand-area");
  const spectator = view.seat === null || view.seat === undefined;
  area.classList.toggle("spectating", spectator);
  const movers = view.is_over ? "The game is over." : (view.to_move || []).length
    ? `To move: ${view.to_move.map((s) => seatLabel(s, view)).join(" and ")}.` : "";
  replace($("turn-banner"), spectator
    ? el("p", { class: "spectator-note", text: `The spectator's view: no hand is shown. Choose a seat to see its cards. ${movers}` })
    : el("p", { class: "waiting" }, el("strong", { text: `${personName(view.seat, view)}'s hand.` }), ` ${movers}`));
  if (spectator) replace($("hand"));
  else renderHand(view);
}

function renderLinks() {
  replace($("replay-links"),
    el("a", { href: `/table/${encodeURIComponent(tableId)}${state.seat === null ? "" : `?seat=${state.seat}`}`, text: "the table" }),
    el("a", { href: `${base}/record`, download: `parlour-${state.payload.view.game}-${tableId}.json`, text: "record" }));
}

function render() {
  const view = namedView();
  renderControls();
  renderHeader();
  renderAction();
  renderSeats(view, seatKinds());
  renderZones(view);
  renderHandArea();
  renderScores(view);
  renderExtra(view);
  renderLog(view);
  renderLinks();
  showReview(state.payload.seat, state.payload.step);
  document.body.classList.toggle("game-over", Boolean(view.is_over));
  const query = new URLSearchParams();
  if (state.payload.seat !== null) query.set("seat", String(state.payload.seat));
  query.set("step", String(state.payload.step));
  history.replaceState(history.state, "", `${location.pathname}?${query}`);
}

// --- the reader's hands ------------------------------------------------------------------------------------

function bind() {
  $("replay-first").addEventListener("click", () => go(0));
  $("replay-back").addEventListener("click", () => go(state.step - 1));
  $("replay-forward").addEventListener("click", () => go(state.step + 1));
  $("replay-last").addEventListener("click", () => go(state.steps ?? state.step));
  $("replay-slider").addEventListener("input", (event) => go(Number(event.target.value)));
  $("replay-seat").addEventListener("change", (event) => {
    const raw = event.target.value;
    go(state.step, raw === "" ? null : Number(raw));
  });
  document.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey || state.failed) return;
    // The slider and the seat list use the arrows themselves.
    const target = event.target;
    if (target && target.closest && target.closest("input, select, textarea, [contenteditable]")) return;
    const moves = { ArrowRight: 1, ArrowLeft: -1 };
    if (event.key in moves) go(state.step + moves[event.key]);
    else if (event.key === "Home") go(0);
    else if (event.key === "End") go(state.steps ?? state.step);
    else return;
    event.preventDefault();
  });
}

function main() {
  if (!tableId) {
    toast("No table in the address.");
    return;
  }
  $("game-title").textContent = `table ${tableId}: replay`;
  bind();
  showReview = mountReview($("review-panel"), base, (step, seat) => go(step, seat), nameOf);
  renderSeatChoice();
  loadGameNames();
  loadMeta();
  go(state.step);
}

main();
