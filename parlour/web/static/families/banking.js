// The banking family's table (issue 39, Pontoon, Kabu): the hands of a zone of kind "banked" drawn once each,
// as a twenty-one site lays them out: the bank's hand at the head of the felt, the players' hands in a row
// below it in playing order, each with its count in the game's own words ("soft 17", "bust", "pontoon",
// "five-card trick", Kabu's last digit) and its stake beside it as chips. The engine says what each seat may
// know (cards face down are backs, a count it may not know is none); the page counts nothing. Keyed off the
// declared kind, and off the `banker` of kind "seat" in `extra` for which hand is the bank's.

import { cardName } from "../cards.js";
import { el } from "../dom.js";
import { backPicture, cardPicture, chipStack, seatName } from "../draw.js";
import { capitalise } from "../people.js";

/** The seat holding the bank, where the view declares one (`extra.banker` of kind "seat"), else null. */
export function bankerSeat(view) {
  const declared = ((view.kinds || {}).extra || {}).banker === "seat";
  const seat = (view.extra || {}).banker;
  return declared && Number.isInteger(seat) ? seat : null;
}

/** The seats whose hands a zone of kind "banked" draws: their seat panels draw no cards of their own. */
export function bankedSeats(view) {
  const kinds = (view.kinds || {}).table || {};
  const seats = new Set();
  for (const [name, kind] of Object.entries(kinds)) {
    if (kind !== "banked" || !Array.isArray((view.table || {})[name])) continue;
    for (const hand of view.table[name]) seats.add(hand.seat);
  }
  return seats;
}

/**
 * Whether the viewer's cards lie whole, face up to it, in its own hands of a zone of kind "banked": its hand
 * strip would then show them a second time (issue 39: one place for each hand), so the strip says where
 * they are instead. A split hand lies there as two hands, each with its own count, which a strip cannot say.
 */
export function handOnTable(view) {
  const hand = view.hand || [];
  if (!hand.length || !Number.isInteger(view.seat)) return false;
  const kinds = (view.kinds || {}).table || {};
  const mine = [];
  for (const [name, kind] of Object.entries(kinds)) {
    if (kind !== "banked" || !Array.isArray((view.table || {})[name])) continue;
    for (const spot of view.table[name]) if (spot.seat === view.seat && !spot.face_down) mine.push(...spot.cards);
  }
  return mine.length === hand.length && [...mine].sort().join(" ") === [...hand].sort().join(" ");
}

/** The zone `name` of kind "banked": the bank's hand on top, the players' below. */
export function drawBanked(name, hands, view) {
  if (!Array.isArray(hands) || !hands.length) return null;
  const banker = bankerSeat(view);
  const bankAt = banker === null ? -1 : hands.findIndex((hand) => hand.seat === banker && hand.stake === null);
  const perSeat = new Map();
  hands.forEach((hand) => perSeat.set(hand.seat, (perSeat.get(hand.seat) || 0) + 1));
  const numbered = new Map();
  const spot = (hand, i) => {
    const nth = (numbered.get(hand.seat) || 0) + 1;
    numbered.set(hand.seat, nth);
    return handSpot(hand, i, view, i === bankAt, perSeat.get(hand.seat) > 1 ? nth : null);
  };
  const spots = hands.map(spot);
  return {
    place: "main",
    node: el("section", { class: "zone zone-banked", dataset: { testid: `zone-${name}` }, "aria-label": "the hands" },
      bankAt >= 0 ? el("div", { class: "banked-head" }, spots[bankAt]) : null,
      el("div", { class: "banked-row" }, spots.filter((_, i) => i !== bankAt))),
  };
}

function handSpot(hand, i, view, isBank, nth) {
  const mine = hand.seat === view.seat;
  const who = mine ? "You" : seatName(hand.seat, view, true);
  const title = `${isBank ? `Bank · ${who}` : who}${nth ? ` (hand ${nth})` : ""}`;
  const playing = hand.status === "to play";
  const cards = [...hand.cards.map((card) => cardPicture(card, "small")),
    ...Array.from({ length: hand.face_down }, () => backPicture("small"))];
  const gone = !cards.length;
  const total = hand.total ? el("span", {
    class: `banked-total total-${hand.total.replace(/\W+/g, "-")}`, dataset: { testid: `total-${i}` }, text: hand.total,
  }) : null;
  const stake = Number.isInteger(hand.stake) && hand.stake > 0
    ? el("span", { class: "banked-stake", dataset: { testid: `stake-${i}` } }, chipStack(hand.stake, `${who}'s stake`)) : null;
  // The state in words where the count does not say it already ("stuck", "passed"; not "bust" twice).
  const status = hand.status && hand.status !== hand.total ? el("span", { class: "banked-status", text: hand.status }) : null;
  const said = [title, hand.cards.map(cardName).join(", "), hand.face_down ? `${hand.face_down} face down` : "",
    hand.total || "", Number.isInteger(hand.stake) && hand.stake > 0 ? `stake ${hand.stake}` : "", hand.status]
    .filter(Boolean).join(", ");
  return el("figure", {
    class: `banked-hand${isBank ? " bank" : ""}${mine ? " me" : ""}${playing ? " to-play" : ""}`,
    dataset: { testid: isBank ? "bank-hand" : `banked-${i}`, seat: String(hand.seat) }, "aria-label": capitalise(said),
  },
  el("figcaption", { class: "banked-who" }, el("span", { class: "banked-name", text: title }), status),
  el("div", { class: "banked-cards" }, gone ? el("span", { class: "muted", text: "cards gone" }) : cards),
  (total || stake) ? el("div", { class: "banked-foot" }, total, stake) : null);
}
