// The cards the rules turn face up at a deal's end (issue 38), drawn in their places: a zone of kind
// "shown" (parlour/engine/shown.py) is a list of {seat, cards, label}, each entry one seat's cards (seat null
// for cards of no seat, such as a stub, which the label names) and the words for them where the book has
// any ("8-6-4-2-A", "35 points").
//
// Each seat's cards lie face up at that seat, as Trickster Cards, BBO and PokerStars lay them when a deal
// ends: in the seat's own panel round the felt, in place of the backs it held and of the face-up cards they
// include, with the label beneath. Your own, where they are the cards in your hand, are your hand itself,
// captioned; any other of yours (a hand as dealt, cards laid away) lie at your seat. Cards of no seat stay
// in the middle of the table, under their label. Like draw.js this knows no game: it draws from the view.

import { cardName, cardSvg, isCard, parseCard } from "./cards.js";
import { el } from "./dom.js";
import { evenRows } from "./draw.js";
import { title } from "./facts.js";
import { agreeing, capitalise, peopleText } from "./people.js";

/** Whether `value` is a shown zone's list of {seat, cards, label}, drawable as one. */
export function isShownList(value) {
  return Array.isArray(value) && value.every((entry) => entry && typeof entry === "object"
    && Array.isArray(entry.cards) && entry.cards.every((c) => typeof c === "string" && isCard(c)));
}

const isSeat = (seat, view) => Number.isInteger(seat) && (view.seats || []).some((facts) => facts && facts.seat === seat);

/**
 * Every entry of the view's shown zones, each with where it is drawn: `place` "seat" (in the seat's panel),
 * "hand" (the viewer's own cards in hand: the hand is captioned) or "centre" (cards of no seat); `index` is
 * the entry's place in its zone's list.
 */
export function shownEntries(view) {
  const kinds = ((view && view.kinds) || {}).table || {};
  const out = [];
  for (const [name, value] of Object.entries((view && view.table) || {})) {
    const kind = kinds[name] || (name === "shown" ? "shown" : null);
    if (kind !== "shown" || !isShownList(value)) continue;
    value.forEach((entry, index) => {
      const place = !isSeat(entry.seat, view) ? "centre" : isOwnHand(entry, view) ? "hand" : "seat";
      out.push({ zone: name, index, entry, place });
    });
  }
  return out;
}

/** The cards as a multiset key, so that two lists of the same cards in any order compare equal. */
const cardsKey = (cards) => [...cards].sort().join(" ");

/** Whether `entry` is exactly the viewer's hand, which is drawn face up already. */
function isOwnHand(entry, view) {
  const hand = view.hand || [];
  return entry.seat === view.seat && hand.length > 0 && cardsKey(entry.cards) === cardsKey(hand);
}

/**
 * What a seat's own drawing leaves out because its shown cards say it: its backs, once the cards it held are
 * turned up, and each face-up card that lies among them. Answers {backs, faceUp} (the face-up cards kept).
 */
export function coveredBySeatShown(facts, view) {
  const shown = shownEntries(view).filter((s) => s.place === "seat" && s.entry.seat === facts.seat);
  const faceUp = Array.isArray(facts.face_up) ? facts.face_up : [];
  if (!shown.length) return { backs: true, faceUp };
  const pool = new Map();
  for (const { entry } of shown) for (const card of entry.cards) pool.set(card, (pool.get(card) || 0) + 1);
  const kept = faceUp.filter((card) => {
    if (!pool.get(card)) return true;
    pool.set(card, pool.get(card) - 1);
    return false;
  });
  // As many cards shown as the seat holds face down: they are those cards, turned up.
  const count = shown.reduce((n, { entry }) => n + entry.cards.length, 0);
  const held = typeof facts.held === "number" ? facts.held : 0;
  return { backs: count < held, faceUp: kept };
}

/**
 * The words under one seat's shown cards: the book's label, or, where it gives none, "as dealt" for cards
 * the seat no longer holds (every card of a bridge deal played, the deal laid out as a hand record), and
 * "in hand" for the cards it still holds.
 */
export function shownLabel(entry, facts, view) {
  if (entry.label) return peopleText(entry.label, view);
  const mine = facts && facts.seat === view.seat;
  const held = mine ? (view.hand || []).length : ((facts && typeof facts.held === "number" ? facts.held : 0)
    + (facts && Array.isArray(facts.face_up) ? facts.face_up.length : 0));
  return entry.cards.length > held ? "as dealt" : "in hand";
}

/** A row of cards face up, overlapping so that each shows its corner, a wider gap where the suit changes. */
function faceUpRow(cards) {
  const suits = cards.map((c) => (parseCard(c) || {}).suit || null);
  const runs = suits.filter((s, i) => i === 0 || s !== suits[i - 1]).length;
  const bySuit = cards.length > 1 && runs > 1 && runs === new Set(suits).size;
  return el("div", { class: "shown-cards" }, cards.length
    ? cards.map((card, i) => el("div", {
      class: `card shown-card${bySuit && i > 0 && suits[i] !== suits[i - 1] ? " suit-break" : ""}`,
      dataset: { card }, role: "img", "aria-label": cardName(card) }, cardSvg(card, { label: false })))
    : el("span", { class: "muted", text: "—" }));
}

/**
 * A seat's shown cards, for its panel round the felt: each entry a row of cards face up with its label
 * beneath ("8-6-4-2-A", "as dealt"). Null when the seat shows nothing there.
 */
export function seatShownNode(facts, view) {
  const shown = shownEntries(view).filter((s) => s.place === "seat" && s.entry.seat === facts.seat);
  if (!shown.length) return null;
  return el("div", { class: "seat-shown", dataset: { testid: `shown-${facts.seat}` } },
    shown.map(({ entry }, i) => {
      const words = shownLabel(entry, facts, view);
      return el("figure", { class: "shown-hand", dataset: { testid: `shown-${facts.seat}-${i}` },
        "aria-label": `${words}: ${entry.cards.length ? entry.cards.map(cardName).join(", ") : "no cards"}` },
      faceUpRow(entry.cards),
      el("figcaption", { class: "shown-label", text: words }));
    }));
}

/**
 * The caption of your hand: where the rules show it to all, what it counts ("Your hand · 35 points");
 * otherwise, while you play it, what the view says it counts so far (an `extra` of kind "hand_value": "Best
 * low · 8-5-3 so far"), as a poker room writes your hand under your cards. Null where neither is said.
 */
export function handCaption(view) {
  const own = shownEntries(view).find((s) => s.place === "hand");
  if (own) {
    const words = own.entry.label ? peopleText(own.entry.label, view) : "shown to all";
    return el("p", { class: "hand-caption", dataset: { testid: "shown-hand" } },
      el("strong", { text: "Your hand" }), ` · ${words}`);
  }
  const kinds = ((view && view.kinds) || {}).extra || {};
  const said = Object.entries((view && view.extra) || {})
    .filter(([name, value]) => kinds[name] === "hand_value" && typeof value === "string" && value);
  if (!said.length) return null;
  return el("p", { class: "hand-caption", dataset: { testid: "hand-value" } },
    said.flatMap(([name, value], i) => [i ? " · " : "", el("strong", { text: capitalise(title(name, view)) }), ` · ${value}`]));
}

/**
 * The zone `name` of kind "shown" in the middle of the felt: only the cards of no seat (a stub), each under
 * its label; null when every entry lies at a seat or in your hand.
 */
export function shownZone(name, view) {
  const here = shownEntries(view).filter((s) => s.zone === name && s.place === "centre");
  if (!here.length) return null;
  const words = here.length === 1 && here[0].entry.label ? capitalise(agreeing(here[0].entry.label)) : title(name, view);
  return el("section", { class: "zone zone-shown", dataset: { testid: `zone-${name}` }, "aria-label": words },
    el("h3", { class: "zone-name" }, words),
    el("div", { class: "shown-hands" }, here.map(({ entry, index }) => {
      const caption = here.length > 1 || !entry.label ? (entry.label ? capitalise(agreeing(entry.label)) : `${entry.cards.length}`) : null;
      return el("figure", { class: "shown-hand", dataset: { testid: `shown-extra-${index}` },
        "aria-label": `${capitalise(entry.label || words)}: ${entry.cards.length ? entry.cards.map(cardName).join(", ") : "no cards"}` },
      faceUpRow(entry.cards),
      caption ? el("figcaption", { class: "shown-label", text: caption }) : null);
    })));
}

/**
 * Each fan of shown cards under `root` too long for one row of its place, in rows of even length (as the
 * hand's, draw.js's evenRows): a bridge hand at a phone's side seat as 7 and 6 rather than 9 and 4. Each
 * card takes --shown-strip of a row; the fan's padding gives back what the first card of a row overhangs.
 */
export function balanceShown(root) {
  for (const fan of (root || document).querySelectorAll(".shown-cards")) {
    for (const node of fan.querySelectorAll(":scope > .shown-break")) node.remove();
    const cards = [...fan.children].filter((node) => node.classList.contains("card"));
    if (cards.length < 2) continue;
    const style = getComputedStyle(fan);
    const strip = parseFloat(style.getPropertyValue("--shown-strip")) || 19;
    const room = fan.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight)
      - 5 * fan.querySelectorAll(".suit-break").length;
    const { breaks } = evenRows(cards.length, Math.floor(room / strip));
    for (const at of breaks) fan.insertBefore(el("span", { class: "shown-break", "aria-hidden": "true" }), cards[at]);
  }
}
