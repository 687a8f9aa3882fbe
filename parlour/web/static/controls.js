// The controls of a seat's turn: which of its legal actions a click on a card of the hand makes, and the
// rest drawn as the families draw them (a bidding box, a bet's amounts, a sum to type) or, where no family
// claims them, as the generic table's buttons and amount pickers.
//
// Everything here is read from one payload (its view, `hand_choices`, `families`, `labels`, `help`), so the
// table page and a test that asks how many buttons a turn shows draw the same controls from the same data.

import { el, replace } from "./dom.js";
import { groupAmounts, notationNode, notationWords, sortActions, testid } from "./draw.js";
import { familyControls } from "./families/index.js";

/**
 * The seat's choices: the actions a click on a card of the hand makes (the server reads them from the
 * actions' own cards, so a bid spelt like a card stays a button), and every other action as a button. A
 * payload without `hand_choices` (an older server) is sorted by the actions' text.
 */
export function handChoices(payload) {
  const { byCard, buttons } = cardChoices(payload);
  // A declaration (family "declare": Kowah's checki) is a button of its own, lit, not one card's menu item.
  const families = payload.families || {};
  const declared = (action) => families[String(action).split(" ")[0]] === "declare";
  if (![...byCard.values()].flat().some(declared)) return { byCard, buttons };
  const kept = new Map([...byCard].map(([card, actions]) => [card, actions.filter((a) => !declared(a))]).filter(([, a]) => a.length));
  const moved = [...new Set([...byCard.values()].flat().filter(declared))];
  return { byCard: kept, buttons: [...buttons, ...moved] };
}

function cardChoices(payload) {
  if (!payload.hand_choices) return sortActions(payload.view);
  const byCard = new Map(Object.entries(payload.hand_choices));
  const taken = new Set([...byCard.values()].flat());
  return { byCard, buttons: (payload.view.legal_actions || []).filter((action) => !taken.has(action)) };
}

/** What an action's verb does, as the server words it from the action kind (payload `help`). */
export function helpOf(payload, action) {
  const helps = (payload && payload.help) || {};
  return helps[String(action).split(" ")[0]] || null;
}

/**
 * The nodes of the turn's controls for `buttons` (the actions no card of the hand makes): the families'
 * first, then the generic buttons and amount pickers for what no family claimed. `send(action)` plays one.
 */
export function turnControls(payload, buttons, { hint, disabled, send }) {
  const button = (action) => actionButton(payload, action, { hint, disabled, send });
  const { nodes, rest } = familyControls(buttons, {
    view: payload.view, payload, families: payload.families || {}, hint, disabled, send, button,
  });
  return [...nodes, ...groupAmounts(rest).map((item) => (typeof item === "string"
    ? button(item) : amountPicker(item, button, hint)))];
}

function actionButton(payload, action, { hint, disabled, send }) {
  const help = helpOf(payload, action);
  const id = help ? `help-${testid(action)}` : null;
  const words = ((payload && payload.labels) || {})[action];   // "Call 2", "Raise to 8"
  return el("button", {
    type: "button", class: `action${hint === action ? " hinted" : ""}`, dataset: { testid: testid(action) },
    disabled, "aria-label": words || notationWords(action), onclick: () => send(action), title: help,
    "aria-describedby": id,
  }, words ? el("span", { text: words }) : notationNode(action), help ? el("span", { class: "sr-only", id, text: help }) : null);
}

/**
 * One choice of an amount ("stake", from 1 to 10): a slider over the amounts allowed and the button that
 * sends the one chosen. The slider starts at the hinted amount, or the least.
 */
function amountPicker({ verb, amounts }, button, hint) {
  const start = Math.max(0, amounts.findIndex((a) => a.action === hint));
  const go = el("span", { class: "amount-go" }, button(amounts[start].action));
  const slider = el("input", {
    type: "range", min: "0", max: String(amounts.length - 1), step: "1", value: String(start),
    disabled: go.firstChild.disabled,
    "aria-label": `${verb}: how much`, dataset: { testid: `amount-${verb.replace(/\s+/g, "-")}` },
  });
  slider.addEventListener("input", () => replace(go, button(amounts[Number(slider.value)].action)));
  return el("span", { class: "amount-picker" },
    el("span", { class: "muted", text: `${amounts[0].amount}` }), slider,
    el("span", { class: "muted", text: `${amounts[amounts.length - 1].amount}` }), go);
}
