// The rummy family's table (issue 39, item 4: Canasta, Samba, Carioca, Kowah): each side's melds drawn as a
// meld board, as a canasta site lays them out; a hand's cards dragged onto a meld, or onto the empty place
// that starts one; a discard that ends the turn thrown on a second click; a declaration the hand allows
// (Kowah's checki) as a button that lights up.
//
// Keyed off declared kinds and families only, never off a game's id:
// - a zone of kind "melds" that the `extra` entry of kind "meld_notes" describes (engine/view.py) is a meld
//   board: each group under its name ("kings", "run in hearts"), its wild cards marked, and once closed a
//   squared pile, red for a natural canasta and black for a mixed one, with its bonus. The notes say which
//   moves put a card onto the groups (`verbs`: "add 7H K" is the verb, the card, then the group's `ref`), so
//   a card dropped on a group or on the empty place is played as the legal move that names them;
// - an action of the family "discard" (a card thrown that ends the turn) asks for a second click;
// - an action of the family "declare" is a lit button among the turn's controls.
// The moves' words ("add to your kings", "start a meld") are the engine's (payload `labels`).

import { cardName, cardText } from "../cards.js";
import { el } from "../dom.js";
import { ofKind, title } from "../facts.js";
import { cardPicture, seatName } from "../draw.js";
import { capitalise } from "../people.js";
import { ofFamily } from "./index.js";

const verbOf = (action) => String(action).split(" ")[0];

// The view the meld boards were last drawn from: what a card dragged from the hand may be dropped on.
let drawn = null;

/** The notes of every zone of kind "melds" that the view describes ({} where it describes none). */
export function meldNotes(view) {
  const notes = ofKind(view, "meld_notes").find((value) => value && typeof value === "object");
  return notes || {};
}

/** The side the viewer sits on, where seats have sides. */
function mySide(view) {
  const me = (view.seats || [])[view.seat];
  return me && Number.isInteger(me.team) ? me.team : null;
}

/** The viewer's legal moves that put `card` onto group `ref` of zone `name`, or (ref null) start a group there. */
export function movesOnto(view, name, ref, card) {
  const zone = meldNotes(view)[name];
  if (!zone || !isMine(view)) return [];
  const refs = new Set(zone.melds.map((m) => m.ref));
  const fits = (action) => {
    const [verb, what, where] = String(action).split(" ");
    return zone.verbs.includes(verb) && what === card && (ref === null ? !refs.has(where) : where === ref);
  };
  const moves = (view.legal_actions || []).filter(fits);
  // A new group: the first not yet started ("lay 7H 2" before "lay 7H 3").
  return ref === null ? moves.sort((a, b) => Number(a.split(" ")[2]) - Number(b.split(" ")[2])).slice(0, 1) : moves;
}

const isMine = (view) => view.seat !== null && view.seat !== undefined && (view.to_move || []).includes(view.seat) && !view.is_over;

/** Whether the viewer may start a new group in zone `name` now (some card of the hand may). */
function mayStart(view, name) {
  return (view.hand || []).some((card) => movesOnto(view, name, null, card).length > 0);
}

// --- the meld board ------------------------------------------------------------------------------------------

/** A zone of kind "melds" the view's notes describe, as a meld board; null leaves it to the generic table. */
export function drawMeldBoard(name, groups, view) {
  const zone = meldNotes(view)[name];
  if (!zone || !Array.isArray(groups)) return null;
  drawn = view;
  const side = Number.isInteger(zone.side) ? zone.side : null;
  const yours = side !== null && side === mySide(view);
  const starting = mayStart(view, name);
  if (!groups.length && !starting && !yours) return null;
  const heading = side === null ? title(name, view) : yours ? "Your side's melds" : title(name, view);
  const spots = groups.map((cards, i) => meldSpot(name, cards, zone.melds[i] || null, view, yours));
  if (starting) {
    spots.push(el("div", {
      class: "meld-spot meld-new drop", role: "button", tabIndex: -1, dataset: { testid: `new-meld-${name}`, zone: name, ref: "" },
      "aria-label": "Start a meld: drop a card here",
    }, el("span", { class: "meld-new-words", text: "start a meld" })));
  }
  return {
    place: "main",
    node: el("section", {
      class: `zone zone-melds meld-board${yours ? " yours" : ""}`, dataset: { testid: `zone-${name}`, board: name },
      "aria-label": heading,
    },
    el("h3", { class: "zone-name" }, heading),
    spots.length ? el("div", { class: "meld-row" }, spots) : el("div", { class: "empty-zone", text: "no melds yet" })),
  };
}

function meldSpot(name, cards, note, view, yours) {
  const label = note ? note.label : `meld ${cards.length}`;
  const wilds = new Set(note ? note.wilds : []);
  const owner = note && Number.isInteger(note.owner) ? `${seatName(note.owner, view, true)}'s ` : "";
  const ref = note ? note.ref : "";
  const closed = note && note.closed;
  const said = [capitalise(`${owner}${label}`), `${cards.length} cards`, wilds.size ? `${wilds.size} wild` : "",
    closed ? `${closed}${note.bonus ? `, ${note.bonus}` : ""}` : ""].filter(Boolean).join(", ");
  const head = el("figcaption", { class: "meld-label" },
    el("span", { class: "meld-name", text: capitalise(`${owner}${label}`) }),
    el("span", { class: "meld-count muted", text: ` · ${cards.length}` }));
  let body;
  if (closed) {
    // A closed canasta is squared up: one card on top of its pile (a natural one, where it has any).
    const top = cards.find((_, k) => !wilds.has(k)) || cards[0];
    body = el("div", { class: `canasta-pile ${note.natural ? "natural" : "mixed"}`, dataset: { testid: `canasta-${name}-${ref}` } },
      cardPicture(top, "small"),
      el("span", { class: "canasta-words" }, el("span", { class: "canasta-kind", text: closed }),
        Number.isInteger(note.bonus) ? el("b", { class: "canasta-bonus", text: `+${note.bonus}` }) : null));
  } else {
    body = el("div", { class: "meld-cards" }, cards.map((card, k) => {
      const pic = cardPicture(card, "small", wilds.has(k) ? "wild" : "");
      if (wilds.has(k)) pic.append(el("span", { class: "wild-mark", "aria-hidden": "true", text: "wild" }));
      return pic;
    }));
  }
  return el("figure", {
    class: `meld-spot${closed ? " closed" : ""}${yours ? " drop" : ""}`,
    dataset: { testid: `meld-${name}-${ref}`, zone: name, ref, count: String(cards.length) }, "aria-label": said,
  }, head, body);
}

// --- dragging a card of the hand onto the board ---------------------------------------------------------------
// The hand's own drag (arrange.js, pointer events: mouse, pen or finger) tells where a card goes ("hand-drag")
// and where it is let go ("hand-drop"); a card let go on a group or place that takes it is played there.

const dropTargets = () => [...document.querySelectorAll(".meld-board [data-zone]")];

function targetMoves(node, card) {
  if (!drawn || !node || !card) return [];
  return movesOnto(drawn, node.dataset.zone, node.dataset.ref || null, card);
}

/** The group or place of a meld board under the point (x, y), beneath the card being dragged there. */
function targetAt(x, y) {
  for (const node of document.elementsFromPoint(x, y)) {
    const target = node.closest && node.closest(".meld-board [data-zone]");
    if (target) return target;
  }
  return null;
}

function clearTargets() {
  for (const node of dropTargets()) node.classList.remove("accepts", "over");
}

/** Play the moves a drop makes: one at once; several (an escalera's two ends) through the card's menu. */
function play(moves, card) {
  if (moves.length === 1) document.dispatchEvent(new CustomEvent("family-send", { detail: moves[0] }));
  else {
    const anchor = document.querySelector(`#hand [data-card="${CSS.escape(card)}"]`);
    document.dispatchEvent(new CustomEvent("family-choose", { detail: { anchor, card, actions: moves } }));
  }
}

if (typeof document !== "undefined") {
  document.addEventListener("hand-drag", (event) => {
    const { card, x, y } = event.detail;
    const over = targetAt(x, y);
    for (const node of dropTargets()) {
      const takes = targetMoves(node, card).length > 0;
      node.classList.toggle("accepts", takes);
      node.classList.toggle("over", takes && node === over);
    }
  });
  document.addEventListener("hand-drop", (event) => {
    const { card, x, y } = event.detail;
    const moves = targetMoves(targetAt(x, y), card);
    clearTargets();
    if (!moves.length) return;
    event.preventDefault();             // played, not arranged
    play(moves, card);
  });
}

// --- a discard that ends the turn: a second click --------------------------------------------------------------

let armed = null;      // { card, version }: the card clicked once to discard

/**
 * A click on a card of the hand: where its one move is a discard that ends the turn (family "discard"), the
 * first click asks and the second throws it. Returns whether it took the click (else the table's own way).
 */
export function cardClick(anchor, card, actions, { payload, send }) {
  const families = (payload && payload.families) || {};
  if (actions.length !== 1 || families[verbOf(actions[0])] !== "discard") {
    armed = null;
    return false;
  }
  const version = payload ? payload.version : null;
  if (armed && armed.card === card && armed.version === version) {      // asked already: this click answers
    armed = null;
    send(actions[0]);
    return true;
  }
  armed = { card, version };
  markArmed(payload);
  return true;
}

function disarm() {
  for (const node of document.querySelectorAll(".rummy-confirm")) node.remove();
  for (const node of document.querySelectorAll("#hand .card.armed")) node.classList.remove("armed");
}

/**
 * The card asked about marked in the hand as drawn now, with its question: called after every drawing of the
 * hand, so that a redraw of the same turn (a hint, a bot's move seen) keeps the question where it was. The
 * question goes with the turn, on Escape, or when another card is clicked.
 */
export function markArmed(payload) {
  disarm();
  if (!armed || !payload || armed.version !== payload.version) {
    armed = null;
    return;
  }
  const anchor = document.querySelector(`#hand button.card[data-card="${CSS.escape(armed.card)}"]`);
  if (!anchor) return;
  anchor.classList.add("armed");
  anchor.setAttribute("aria-label", `${cardName(armed.card)}: discard? Click again to discard it and end your turn`);
  anchor.append(el("span", { class: "rummy-confirm", role: "status", dataset: { testid: "confirm-discard" } },
    "Discard? ", el("b", { text: "Click again" })));
}

if (typeof document !== "undefined") {
  document.addEventListener("keydown", (event) => {
    if (event.key !== "Escape" || !armed) return;
    armed = null;
    disarm();
  });
}

// --- declarations: a lit button ------------------------------------------------------------------------------------

/** The turn's declarations (family "declare"), each a button that lights up: "Checki 7♠ 7♠". */
export function claim(actions, context) {
  const ours = ofFamily(actions, context.families, "declare");
  if (!ours.length) return null;
  const labels = (context.payload && context.payload.labels) || {};
  const node = el("div", { class: "declare-box", role: "group", "aria-label": "Declare", dataset: { testid: "declare-box" } },
    ours.map((action) => {
      const [verb, ...rest] = String(action).split(" ");
      const words = labels[action];
      const button = el("button", {
        type: "button", class: `action declare lit${context.hint === action ? " hinted" : ""}`, disabled: context.disabled,
        dataset: { testid: `declare-${verb}` }, "aria-label": words || `${capitalise(verb)} ${rest.map(cardName).join(" ")}`,
        onclick: () => context.send(action),
      }, words ? el("span", { text: words }) : [el("b", { text: capitalise(verb) }), rest.map((card) => [" ", cardText(card), " ", cardText(card)])]);
      return button;
    }));
  return { node, taken: new Set(ours) };
}
