// The betting and vying family (issue 39, item 2): a betting round's moves drawn as a poker room draws them,
// each big button carrying its amount ("Call 4", "Raise to 8"; Mus's "Quiero (5)", "Raise to 7", "Órdago"),
// the fold apart on the left, the aggressive moves last, and above them what the pot holds and what it costs
// you to stay in ("Pot 16 · to call 4").
//
// It claims the actions whose kinds declare the family "betting" or "vying", and any other action of the
// turn that the server words with an amount beside them (payload `labels`: Mus's "no quiero", whose verb is
// shared with "no hay mus"). A run of moves that differ only by their amount (Mus's "envido 2" ... "envido
// 10") is one stepper: a slider with − and + and the button that sends the amount set, worded by its label
// ("Envido 3", "Raise to 6"). The pot is read from the zone of kind "pots" plus the bets lying before the
// seats (seat fact `bet`), what it costs to call from the `extra` entry of kind "to_call": kinds, never
// names or game ids.
//
// A move is placed by what it does, known from the families' own words: a fold (fold, no quiero) goes left,
// apart from the rest; the moves that put more in (bet, raise, complete, envido, reenvido, órdago) go last,
// the stake of everything (órdago, all in) the very last; the rest (check, call, bring-in, paso, quiero)
// between.

import { el } from "../dom.js";
import { ofKind } from "../facts.js";
import { ofFamily } from "./index.js";

const FAMILIES = ["betting", "vying"];
const FOLDS = new Set(["fold", "no quiero"]);
const AGGRESSIVE = new Set(["bet", "raise", "complete", "envido", "reenvido", "ordago", "all-in"]);
const EVERYTHING = new Set(["ordago", "all-in"]);
const AMOUNT = /^(.*\S)\s+(\d+)$/;

// The amount set on each stepper, kept across the redraws of one turn: verb -> action.
const chosen = new Map();

/** The betting controls for `actions`, if some of them are the betting or vying family's. */
export function claim(actions, context) {
  const { families, payload } = context;
  const ours = FAMILIES.flatMap((family) => ofFamily(actions, families, family));
  if (!ours.length) return null;
  const labels = (payload && payload.labels) || {};
  const taken = new Set([...ours, ...actions.filter((action) => labels[action])]);
  const moves = actions.filter((action) => taken.has(action));
  return { node: drawMoves(moves, context), taken };
}

// --- reading the turn ------------------------------------------------------------------------------------

const verbOf = (action) => String(action).split(" ")[0];

function roleOf(action) {
  const text = String(action);
  if (FOLDS.has(text) || FOLDS.has(verbOf(text))) return "fold";
  const verb = (AMOUNT.exec(text) || [null, text])[1].split(" ")[0];
  if (EVERYTHING.has(verb)) return "everything";
  return AGGRESSIVE.has(verb) ? "raise" : "call";
}

/** The chips in the middle and before the seats this round, or null where the view declares no pots. */
export function potTotal(view) {
  const pots = ofKind(view, "pots").filter(Array.isArray);
  if (!pots.length) return null;
  const middle = pots.flat().reduce((sum, pot) => sum + (Number.isInteger(pot.chips) ? pot.chips : 0), 0);
  const before = (view.seats || []).reduce((sum, s) => sum + (Number.isInteger(s && s.bet) ? s.bet : 0), 0);
  return middle + before;
}

/** What staying in costs the viewer now, or null where the view does not say. */
export function toCall(view) {
  const owed = ofKind(view, "to_call").find((v) => Number.isInteger(v));
  return owed === undefined ? null : owed;
}

// --- drawing ---------------------------------------------------------------------------------------------

function drawMoves(moves, context) {
  const { view, payload } = context;
  const labels = (payload && payload.labels) || {};
  const groups = [];                 // in order: an action, or { verb, actions } of a run of amounts
  const byVerb = new Map();
  for (const action of moves) {
    const m = AMOUNT.exec(String(action));
    if (m && moves.filter((a) => (AMOUNT.exec(String(a)) || [])[1] === m[1]).length > 1) {
      if (!byVerb.has(m[1])) groups.push(byVerb.set(m[1], { verb: m[1], actions: [] }).get(m[1]));
      byVerb.get(m[1]).actions.push(action);
    } else groups.push(action);
  }
  const role = (item) => roleOf(typeof item === "string" ? item : item.actions[0]);
  const rank = { fold: 0, call: 1, raise: 2, everything: 3 };
  const ordered = groups.map((item, i) => [item, i]).sort(([a, i], [b, j]) => rank[role(a)] - rank[role(b)] || i - j)
    .map(([item]) => item);
  const folds = ordered.filter((item) => role(item) === "fold");
  const rest = ordered.filter((item) => role(item) !== "fold");
  const draw = (item) => (typeof item === "string" ? moveButton(item, role(item), context) : stepper(item, labels, context));

  const pot = potTotal(view);
  const owed = toCall(view);
  const words = [];
  if (pot !== null) words.push(el("span", { class: "bet-pot", dataset: { testid: "bet-pot" } }, "Pot ", el("b", { text: String(pot) })));
  if (owed !== null && owed > 0) words.push(el("span", { class: "bet-owed", dataset: { testid: "bet-to-call" } }, "to call ", el("b", { text: String(owed) })));
  const line = words.length ? el("p", { class: "bet-line", dataset: { testid: "bet-line" }, "aria-live": "polite" },
    words.flatMap((w, i) => (i ? [el("span", { class: "muted", text: " · " }), w] : [w]))) : null;

  return el("div", { class: "bet-box", role: "group", "aria-label": "Your bet", dataset: { testid: "bet-box" } },
    line,
    el("div", { class: "bet-moves" },
      folds.length ? el("div", { class: "bet-left" }, folds.map(draw)) : null,
      el("div", { class: "bet-right" }, rest.map(draw))));
}

function moveButton(action, role, { button }) {
  const node = button(action);
  node.classList.add("bet-move", `bet-${role}`);
  return node;
}

/** A run of amounts as − slider + and the button that sends the amount set ("Raise to 7"). */
function stepper({ verb, actions }, labels, context) {
  const { disabled, hint } = context;
  const kept = chosen.get(verb);
  let at = actions.indexOf(hint);
  if (at < 0) at = Math.max(0, actions.indexOf(kept));
  const go = el("span", { class: "amount-go" });
  const slider = el("input", {
    type: "range", min: "0", max: String(actions.length - 1), step: "1", value: String(at), disabled,
    "aria-label": `${verb}: how much`, dataset: { testid: `amount-${verb.replace(/\s+/g, "-")}` },
  });
  const amountOf = (action) => AMOUNT.exec(String(action))[2];
  const shown = el("span", { class: "bet-amount", "aria-hidden": "true" });
  const set = (i) => {
    at = Math.min(actions.length - 1, Math.max(0, i));
    slider.value = String(at);
    chosen.set(verb, actions[at]);
    // The amount the verb names: a raise by 3 that makes 5 reads "+3" beside its button "Raise to 5".
    const amount = amountOf(actions[at]);
    shown.textContent = (labels[actions[at]] || "").split(/\D+/).includes(amount) ? amount : `+${amount}`;
    less.disabled = disabled || at === 0;
    more.disabled = disabled || at === actions.length - 1;
    go.replaceChildren(moveButton(actions[at], roleOf(actions[at]), context));
  };
  const less = el("button", { type: "button", class: "bet-step", "aria-label": `${verb}: less`, dataset: { testid: `less-${verb}` }, onclick: () => set(at - 1) }, "−");
  const more = el("button", { type: "button", class: "bet-step", "aria-label": `${verb}: more`, dataset: { testid: `more-${verb}` }, onclick: () => set(at + 1) }, "+");
  slider.addEventListener("input", () => set(Number(slider.value)));
  set(at);
  return el("span", { class: "amount-picker bet-stepper", title: actions.map((a) => labels[a] || a).join(" / ") },
    el("span", { class: "bet-dial" }, less, shown, slider, more), go);
}
