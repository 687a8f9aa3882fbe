// The auction family (issue 39, item 1): a seat's calls drawn as a bidding box, as BBO draws it, instead of
// a wall of "bid X" buttons in auction order.
//
// It claims the actions whose kinds declare the family "auction" (a bid of a contract, a double, a
// redouble), and the pass beside them. Where every contract of a bid is a level and a strain (1C..7NT) the
// box is a grid of the seven levels by the strains, in the order the game ranks them (read from the legal
// bids: Vint's spades come first), with Pass, Double and Redouble. Other ladders (Preference's suits and
// numbers, Solo's games) are a compact row of their contracts in the order given. Whatever is not legal now
// stays in its place, greyed, and says why when pointed at, focused or tapped ("below 2♥, the bid to beat").
// Legality is the server's alone (the view's legal actions); the reasons are worded from the auction zone
// (a zone of kind "bids": {seat, call}).
//
// Sizes. Where the hand area is wide and the window tall, the grid is whole: any call is one click and the
// greyed staircase shows at a glance what the bid to beat leaves open (at Auction Bridge 2NT outranks 3♣,
// so a row can be half open). On a phone, and in a short window, the box goes in two steps as BBO's does on
// small screens: a row of levels, then the strains of the chosen level, then Pass/Double/Redouble: three
// rows a thumb reaches, which the page scrolls into sight once a turn where they lie below the window. Both
// are the same buttons; auction.css decides which show. Pass comes first in the page's order (first under
// Tab, and first for a program that clicks the first button, as among the generic buttons) and is laid out
// after the bids, where bridge sites put it.
//
// The view names the ladder only as far as the legal bids go. The full level+strain grid follows from the
// notation; another ladder is remembered as this page has seen it (the longest list of legal bids met that
// holds today's, joined where one continues another), so that its lower rungs stay drawn, greyed, once
// passed. Double and Redouble are drawn once the page has met either.

import { el } from "../dom.js";
import { SUITS } from "../cards.js";
import { testid } from "../draw.js";
import { distinctNames } from "../people.js";
import { ofFamily } from "./index.js";

const LEVEL_STRAIN = /^([1-7])(C|D|H|S|NT)$/i;
const LEVELS = [1, 2, 3, 4, 5, 6, 7];
const BOOK_STRAINS = ["C", "D", "H", "S", "NT"];
const STRAIN_WORDS = { C: "clubs", D: "diamonds", H: "hearts", S: "spades", NT: "no trumps" };
const NUMBER_WORDS = ["", "one", "two", "three", "four", "five", "six", "seven"];
const SUIT_OF_WORD = { clubs: "C", diamonds: "D", hearts: "H", spades: "S" };
const PLAIN_CALLS = ["pass", "double", "redouble"];     // calls that are no contract

// What this page has learnt of the game's auction, beyond today's legal actions (one page is one table).
const seen = {
  strains: null,             // the strains in the game's order, once a level showed all five
  plainVerbs: new Set(),     // arg-less auction verbs met (double, redouble): drawn greyed when not legal
  ladders: new Map(),        // verb -> the ladders of contracts met, each in the game's order
  bidVerb: null,             // the verb of a level+strain bid, for a grid with no bid legal now
};
// The box's own state between drawings of the same turn: the level chosen (two steps) and a reason pinned
// by a tap. The page brings the box into sight when the turn comes, with the hand (table.js).
let turn = { key: null, level: null, pinned: null };

/** The bidding box for `actions`, if some of them are the auction family's (index.js's contract). */
export function claim(actions, context) {
  const calls = ofFamily(actions, context.families, "auction");
  if (!calls.length) return null;
  const taken = new Set(calls);
  if (actions.includes("pass")) taken.add("pass");
  const box = readBox([...taken], context);
  return { node: drawBox(box, context), taken };
}

// --- reading the turn ------------------------------------------------------------------------------------

function split(action) {
  const [verb, ...rest] = String(action).split(" ");
  return { verb, contract: rest.join(" ") };
}

/** The auction zone's calls ({seat, call}), found by its kind, not its name. */
function auctionCalls(view) {
  const kinds = (view.kinds && view.kinds.table) || {};
  for (const [name, kind] of Object.entries(kinds)) {
    const value = (view.table || {})[name];
    if (kind === "bids" && Array.isArray(value)) return value.filter((c) => c && typeof c.call === "string");
  }
  return [];
}

/** Everything the box draws: its shape, each call legal or not, and the bid to beat. */
function readBox(legal, context) {
  const { view } = context;
  const bids = new Map();                 // verb -> legal contracts, in order
  const plain = [];                        // legal calls without a contract (pass, double, redouble)
  for (const action of legal) {
    const { verb, contract } = split(action);
    if (!contract) plain.push(verb);
    else (bids.get(verb) || bids.set(verb, []).get(verb)).push(contract);
  }
  for (const verb of plain) if (verb !== "pass") seen.plainVerbs.add(verb);
  const zone = auctionCalls(view);
  for (const { call } of zone) if (PLAIN_CALLS.includes(call) && call !== "pass") seen.plainVerbs.add(call);
  // The mechanic's doubling comes in a pair: where a bid may be doubled, the doubled side may redouble.
  if (seen.plainVerbs.has("double")) seen.plainVerbs.add("redouble");

  let gridVerb = [...bids].find(([, contracts]) => contracts.every((c) => LEVEL_STRAIN.test(c)))?.[0] || null;
  if (!gridVerb && !bids.size && zone.some(({ call }) => LEVEL_STRAIN.test(call))) gridVerb = seen.bidVerb || "bid";
  const box = { legal: new Set(legal), plain, zone, view: named(context), grid: null, ladders: [] };
  if (gridVerb) {
    seen.bidVerb = gridVerb;
    box.grid = gridOf(gridVerb, bids.get(gridVerb) || []);
  }
  for (const [verb, contracts] of bids) if (verb !== gridVerb) box.ladders.push(ladderOf(verb, contracts));
  box.toBeat = bidToBeat(box);
  return box;
}

/** The view with the names the page shows (who sits where), for the words of a reason. */
function named({ view, payload }) {
  const count = (view.seats || []).length;
  return { ...view, names: distinctNames(payload.names || [], payload.seat_names || [], count) };
}

/** Level+strain contracts: the full 7 x 5 grid, its strains in the order the game ranks them. */
function gridOf(verb, contracts) {
  const byLevel = new Map();
  for (const c of contracts) {
    const [, level, strain] = LEVEL_STRAIN.exec(c);
    (byLevel.get(level) || byLevel.set(level, []).get(level)).push(strain.toUpperCase());
  }
  // Within one level the legal bids come in the game's order; a level that shows them all sets the columns.
  const whole = [...byLevel.values()].find((strains) => strains.length === BOOK_STRAINS.length);
  if (whole) seen.strains = whole;
  let strains = seen.strains;
  if (!strains) {
    const longest = [...byLevel.values()].sort((a, b) => b.length - a.length)[0] || [];
    strains = [...longest, ...BOOK_STRAINS.filter((s) => !longest.includes(s))];
  }
  return { verb, strains, levels: LEVELS };
}

/** Another ladder: the longest this page has seen that holds today's contracts in their order. */
function ladderOf(verb, contracts) {
  const holds = (ladder) => {
    const places = contracts.map((c) => ladder.indexOf(c));
    return places.every((p, i) => p >= 0 && (i === 0 || p > places[i - 1]));
  };
  const known = seen.ladders.get(verb) || [];
  const found = known.filter(holds).sort((a, b) => b.length - a.length)[0];
  if (found) return { verb, contracts: found };
  // Today's is new: it joins the ladders it continues (or that continue it), and replaces those it holds.
  let ladder = contracts;
  const kept = [];
  for (const old of known) {
    const joined = join(old, ladder) || join(ladder, old);
    if (joined) ladder = joined;
    else if (!old.every((c) => ladder.includes(c))) kept.push(old);
  }
  seen.ladders.set(verb, [...kept, ladder].slice(-6));
  return { verb, contracts: ladder };
}

/** `low` then `high`, where the top rungs of `low` are the lowest of `high`; else null. */
function join(low, high) {
  const at = low.indexOf(high[0]);
  return at >= 0 && low.slice(at).every((c, k) => high[k] === c) ? [...low.slice(0, at), ...high] : null;
}

/** The last contract called in the auction, its caller, and whether it stands doubled or redoubled. */
function bidToBeat(box) {
  const isContract = (call) => (box.grid ? LEVEL_STRAIN.test(call)
    : box.ladders.some((ladder) => ladder.contracts.includes(call)));
  let found = null;
  for (const entry of box.zone) {
    if (isContract(entry.call)) found = { call: entry.call, seat: entry.seat, doubled: 0 };
    else if (found && entry.call === "double") found.doubled = 1;
    else if (found && entry.call === "redouble") found.doubled = 2;
  }
  return found;
}

// --- the reasons, in words ---------------------------------------------------------------------------------

/** A contract as text: "2♥", "3NT", "♠ spades", "solo in colour". */
function contractText(contract) {
  const m = LEVEL_STRAIN.exec(contract);
  if (m) return m[1] + (SUITS[m[2].toUpperCase()] ? SUITS[m[2].toUpperCase()].symbol : m[2].toUpperCase());
  return contract;
}

/** A contract spoken: "one heart", "three no trumps". */
function contractWords(contract) {
  const m = LEVEL_STRAIN.exec(contract);
  if (!m) return contract;
  const strain = STRAIN_WORDS[m[2].toUpperCase()];
  return `${NUMBER_WORDS[Number(m[1])]} ${m[1] === "1" ? strain.slice(0, -1) : strain}`;
}

/** A contract drawn: its level, and its suit in the suit's colour. */
function contractNode(contract, withLevel = true) {
  const m = LEVEL_STRAIN.exec(contract);
  if (m) {
    const strain = m[2].toUpperCase();
    const suit = SUITS[strain];
    return [withLevel ? el("span", { class: "ab-level-num", text: m[1] }) : null,
      el("span", { class: `ab-strain ${suit ? (suit.red ? "red" : "black") : "nt"}`, text: suit ? suit.symbol : "NT" })];
  }
  const word = SUIT_OF_WORD[contract.toLowerCase()];
  if (word) {
    return [el("span", { class: `ab-strain ${SUITS[word].red ? "red" : "black"}`, text: SUITS[word].symbol }), ` ${contract}`];
  }
  return contract;
}

function seatWords(seat, view) {
  if (seat === view.seat) return "you";
  return (view.names || [])[seat] || (view.seat_names || [])[seat] || "another player";
}

/** The line the box shows by default: the bid to beat, by whom, and how it stands. */
function standing(box) {
  const beat = box.toBeat;
  if (!beat) {
    // A ladder this page has not seen whole may not know the last call for a contract: it is told as it is.
    const last = [...box.zone].reverse().find(({ call }) => call !== "pass");
    return last ? `Last call: ${last.call}, by ${seatWords(last.seat, box.view)}.` : "No bid yet.";
  }
  const state = ["", " doubled", " redoubled"][beat.doubled];
  return `The bid to beat: ${contractText(beat.call)}${state}, by ${seatWords(beat.seat, box.view)}.`;
}

/** Why a contract is greyed: the bid to beat is it or above it. */
function bidReason(box, contract) {
  const beat = box.toBeat;
  if (!beat) return "not open to you now";
  if (beat.call === contract) return `${contractText(contract)} is the bid to beat: bid higher`;
  return `below ${contractText(beat.call)}, the bid to beat`;
}

/** Why a call without a contract is greyed, read from the auction as it stands. */
function plainReason(box, verb) {
  const beat = box.toBeat;
  const mine = teamOf(box.view, box.view.seat);
  const ours = beat && mine !== null && teamOf(box.view, beat.seat) === mine;
  if (verb === "pass") return "you must bid now";
  if (verb === "double") {
    if (!beat) return "no bid to double yet";
    if (beat.doubled) return `${contractText(beat.call)} is doubled already`;
    if (ours) return `${contractText(beat.call)} is your side's bid`;
  }
  if (verb === "redouble") {
    if (!beat || !beat.doubled) return beat ? `${contractText(beat.call)} is not doubled` : "no bid doubled";
    if (beat.doubled === 2) return `${contractText(beat.call)} is redoubled already`;
    if (mine !== null && !ours) return "only the side doubled may redouble";
  }
  return "not open to you now";
}

function teamOf(view, seat) {
  const facts = (view.seats || [])[seat];
  return facts && Number.isInteger(facts.team) ? facts.team : null;
}

// --- drawing ------------------------------------------------------------------------------------------------

function drawBox(box, context) {
  const key = `${context.payload.table_id}:${box.zone.length}:${context.view.hand_number}`;
  if (turn.key !== key) turn = { key, level: null, pinned: null };
  const why = el("p", { class: "ab-why", dataset: { testid: "auction-why" }, "aria-live": "polite" });
  const say = (text) => { why.textContent = text || turn.pinned || standing(box); };
  say();
  const help = (context.payload.help || {})[box.grid ? box.grid.verb : "bid"] || null;
  const helpId = help ? "auction-box-help" : null;
  const node = el("div", {
    class: `auction-box ${box.grid ? "ab-grid-mode" : "ab-ladder-mode"}`, role: "group",
    "aria-label": "your call", "aria-describedby": helpId, dataset: { testid: "auction-box" },
  },
  // Pass first in the page's order (the call made most, first under Tab, as the generic buttons put it);
  // auction.css lays it out below the bids or beside them, where bridge sites have it.
  drawPlain(box, context, say),
  box.grid ? drawGrid(box, context, say) : null,
  box.ladders.map((ladder) => drawLadder(box, ladder, context, say)),
  why,
  help ? el("span", { class: "sr-only", id: helpId, text: help }) : null);
  node.addEventListener("keydown", (event) => moveFocus(node, event));
  return node;
}

/**
 * One call: a button that sends it when legal; greyed (aria-disabled, still focusable) when not, saying
 * why on hover, focus and tap. Legal calls carry the generic test ids (`action-bid-2H`).
 */
function callButton(box, context, say, { action, label, words, reason, extra = "" }) {
  const legal = box.legal.has(action);
  const attrs = {
    type: "button", class: `ab-call ${extra}${legal ? " action" : " greyed"}${legal && context.hint === action ? " hinted" : ""}`,
    "aria-label": words, dataset: { call: action, legal: String(legal) },
  };
  if (legal) {
    return el("button", { ...attrs, disabled: context.disabled, dataset: { ...attrs.dataset, testid: testid(action) },
      onclick: () => context.send(action) }, label);
  }
  const id = `why-${testid(action)}`;
  const button = el("button", { ...attrs, "aria-disabled": "true", title: reason, "aria-describedby": id,
    dataset: { ...attrs.dataset, testid: `greyed-${testid(action).slice("action-".length)}` } },
  label, el("span", { class: "sr-only", id, text: reason }));
  const spoken = `${contractOrCall(action)}: ${reason}`;
  button.addEventListener("mouseenter", () => say(spoken));
  button.addEventListener("focus", () => say(spoken));
  button.addEventListener("mouseleave", () => say());
  button.addEventListener("blur", () => say());
  button.addEventListener("click", () => { turn.pinned = spoken; say(); });
  return button;
}

function contractOrCall(action) {
  const { verb, contract } = split(action);
  return contract ? contractText(contract) : capital(verb);
}

const capital = (text) => text.charAt(0).toUpperCase() + text.slice(1);

/** The level+strain grid, with its row of levels for the two-step box. */
function drawGrid(box, context, say) {
  const { verb, strains, levels } = box.grid;
  const action = (level, strain) => `${verb} ${level}${strain}`;
  const open = (level) => strains.some((s) => box.legal.has(action(level, s)));
  const hinted = context.hint && split(context.hint).verb === verb ? LEVEL_STRAIN.exec(split(context.hint).contract) : null;
  const firstOpen = levels.find(open);
  const level = turn.level || (hinted ? Number(hinted[1]) : null) || firstOpen
    || (box.toBeat && LEVEL_STRAIN.test(box.toBeat.call) ? Number(box.toBeat.call[0]) : 7);
  const rows = levels.map((lv, r) => el("div", {
    class: "ab-row", role: "group", "aria-label": `level ${lv}`, dataset: { level: String(lv) },
  }, strains.map((strain, c) => {
    const contract = `${lv}${strain}`;
    const button = callButton(box, context, say, {
      action: action(lv, strain), label: contractNode(contract), words: `${verb} ${contractWords(contract)}`,
      reason: bidReason(box, contract), extra: `ab-bid ab-${strain.toLowerCase()}`,
    });
    Object.assign(button.dataset, { row: String(r), col: String(c) });
    return button;
  })));
  const grid = el("div", { class: "ab-grid", dataset: { chosen: String(level) } }, rows);
  const choose = (lv, byPerson) => {
    if (byPerson) turn.level = lv;
    grid.dataset.chosen = String(lv);
    for (const b of levelRow.querySelectorAll(".ab-level")) b.setAttribute("aria-pressed", String(Number(b.dataset.level) === lv));
    for (const row of rows) row.classList.toggle("ab-chosen", Number(row.dataset.level) === lv);
    if (byPerson) {
      const row = rows[lv - 1];
      (row.querySelector(".ab-call.action:enabled") || row.querySelector(".ab-call")).focus();
    }
  };
  const levelRow = el("div", { class: "ab-levels", role: "group", "aria-label": "level of your bid" }, levels.map((lv) => {
    const reason = open(lv) ? null : levelReason(box, lv);
    return el("button", {
      type: "button", class: `ab-level${open(lv) ? "" : " greyed"}`, "aria-pressed": String(lv === level),
      "aria-disabled": open(lv) ? null : "true",
      "aria-label": `level ${lv}${reason ? `: ${reason}` : ""}`, title: reason,
      dataset: { level: String(lv), testid: `auction-level-${lv}` },
      onclick: () => (open(lv) ? choose(lv, true) : (turn.pinned = `Level ${lv}: ${reason}`, say())),
    }, String(lv));
  }));
  choose(level, false);
  // The guide lights its hint bot's call after the drawing: its level comes chosen unless the person chose.
  new MutationObserver(() => {
    const lit = grid.querySelector(".guide-hinted");
    if (!turn.level && lit) choose(Number(lit.closest(".ab-row").dataset.level), false);
  }).observe(grid, { subtree: true, attributes: true, attributeFilter: ["class"] });
  return [levelRow, grid];
}

function levelReason(box, level) {
  const beat = box.toBeat;
  return beat ? `every ${level}-level bid is below ${contractText(beat.call)}, the bid to beat` : "not open to you now";
}

/** Another game's ladder: its contracts in the order given, greyed below the bid to beat. */
function drawLadder(box, ladder, context, say) {
  return el("div", { class: "ab-ladder", role: "group", "aria-label": "your bid" },
    ladder.contracts.map((contract) => callButton(box, context, say, {
      action: `${ladder.verb} ${contract}`, label: contractNode(contract), words: `${ladder.verb} ${contract}`,
      reason: bidReason(box, contract), extra: "ab-rung",
    })));
}

/** Pass, Double and Redouble: Pass always, the others where this game has them. */
function drawPlain(box, context, say) {
  const verbs = ["pass", ...[...seen.plainVerbs].sort((a, b) => rank(a) - rank(b))];
  for (const verb of box.plain) if (!verbs.includes(verb)) verbs.push(verb);
  return el("div", { class: "ab-plain", role: "group", "aria-label": "other calls" }, verbs.map((verb) => callButton(box, context, say, {
    action: verb, label: capital(verb), words: verb, reason: plainReason(box, verb), extra: `ab-${verb}`,
  })));
}

const rank = (verb) => (PLAIN_CALLS.includes(verb) ? PLAIN_CALLS.indexOf(verb) : PLAIN_CALLS.length);

// --- the keyboard, and the phone's screen -------------------------------------------------------------------

/** The arrow keys move between the box's calls as they lie on screen (Tab and Enter work as anywhere). */
function moveFocus(box, event) {
  const keys = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
  const step = keys[event.key];
  if (!step || !(event.target instanceof HTMLButtonElement)) return;
  const buttons = [...box.querySelectorAll("button")].filter((b) => b.offsetParent !== null);
  const here = event.target.getBoundingClientRect();
  const centre = (r) => [r.left + r.width / 2, r.top + r.height / 2];
  const [x, y] = centre(here);
  let best = null;
  for (const b of buttons) {
    if (b === event.target) continue;
    const [bx, by] = centre(b.getBoundingClientRect());
    const along = step[0] ? (bx - x) * step[0] : (by - y) * step[1];
    if (along <= 2) continue;
    const across = step[0] ? Math.abs(by - y) : Math.abs(bx - x);
    if (step[0] && across > here.height / 2) continue;          // left and right keep to the row
    const cost = along + across * 3;
    if (!best || cost < best.cost) best = { b, cost };
  }
  if (best) {
    event.preventDefault();
    best.b.focus();
  }
}
