// Asking another player for a card (Authors' "ask 2 7H"): whom to ask, then which card, as a player says it
// across a real table, instead of a button for every pair of seat and card (ninety at Authors' first turn).
// Claims the actions of the "ask" family, whose notation is "VERB SEAT CARD".

import { cardName, cardText, parseCard } from "../cards.js";
import { el } from "../dom.js";
import { seatName, testid } from "../draw.js";

const ASKED = /^(\S+) (\d+) (\S+)$/;
let chosen = null;        // the seat last chosen to ask, kept across the redraws of one turn and the next

/** A bidding-box-like pair of rows: the seats that may be asked, then the cards one may ask the chosen for. */
export function claim(actions, { view, families, disabled, send }) {
  const asks = actions.map((action) => [action, ASKED.exec(String(action))])
    .filter(([, m]) => m && families[m[1]] === "ask");
  if (!asks.length) return null;
  const seats = [...new Set(asks.map(([, m]) => Number(m[2])))];
  if (!seats.includes(chosen)) chosen = seats[0];
  const node = el("div", { class: "ask-box", role: "group", "aria-label": "Ask a player for a card",
    dataset: { testid: "ask-box" } });
  const draw = () => {
    node.replaceChildren(whom(seats, view, disabled, (seat) => { chosen = seat; draw(); }),
      which(asks.filter(([, m]) => Number(m[2]) === chosen), view, disabled, send));
  };
  draw();
  return { node, taken: new Set(asks.map(([action]) => action)) };
}

function whom(seats, view, disabled, choose) {
  return el("div", { class: "ask-whom" }, el("span", { class: "muted", text: "Ask" }),
    seats.map((seat) => el("button", {
      type: "button", class: `small${seat === chosen ? " chosen" : ""}`, disabled,
      "aria-pressed": String(seat === chosen), dataset: { testid: `ask-seat-${seat}` }, onclick: () => choose(seat),
    }, seatName(seat, view))));
}

/** The cards one may ask the chosen seat for, a row per suit, each a button that asks at once. */
function which(asks, view, disabled, send) {
  const bySuit = new Map();
  for (const [action, m] of asks) {
    const suit = (parseCard(m[3]) || { suit: "?" }).suit;
    if (!bySuit.has(suit)) bySuit.set(suit, []);
    bySuit.get(suit).push([action, m[3]]);
  }
  const whose = seatName(chosen, view);
  return el("div", { class: "ask-which" }, [...bySuit.values()].map((cards) => el("div", { class: "ask-suit" },
    cards.map(([action, card]) => el("button", {
      type: "button", class: "action ask-card", disabled, dataset: { testid: testid(action) },
      "aria-label": `ask ${whose} for the ${cardName(card)}`, onclick: () => send(action),
    }, cardText(card))))));
}
