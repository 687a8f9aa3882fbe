// Drawing a "shown" zone: the cards the rules turn face up at a deal's end (issue 38), from
// parlour/engine/shown.py: the four hands of a bridge deal as dealt, the poker hands at the showdown with
// their names ("8-6-4-2-A"), the winner's hand, the stub and the hands left, the hands counted at the end.
//
// The zone is a list of {seat, cards, label}: each entry one seat's cards (seat null for cards of no seat,
// such as a stub, which the label names), face up in a row, under the seat's name as the viewer knows it
// ("you" for the viewer's own) and the label. Like draw.js it knows no game and draws from its arguments
// alone; draw.js's renderZones calls it for a zone of kind "shown".

import { cardName, cardSvg, isCard } from "./cards.js";
import { el } from "./dom.js";
import { title } from "./facts.js";
import { capitalise, personLabel } from "./people.js";

/** Whether `value` is a shown zone's list of {seat, cards, label}, drawable as one. */
export function isShownList(value) {
  return Array.isArray(value) && value.every((entry) => entry && typeof entry === "object"
    && Array.isArray(entry.cards) && entry.cards.every((c) => typeof c === "string" && isCard(c)));
}

/** Whose cards an entry holds, in words: "You", "North", or the label alone for cards of no seat ("Stub"). */
export function shownOwner(entry, view) {
  if (entry.seat === null || entry.seat === undefined) return capitalise(entry.label || "");
  return capitalise(personLabel(entry.seat, view));
}

/** One entry's caption: "North", "You · 8-6-4-2-A"; a label that names cards of no seat is not said twice. */
export function shownCaption(entry, view) {
  const owner = shownOwner(entry, view);
  const seated = entry.seat !== null && entry.seat !== undefined;
  return seated && entry.label ? `${owner} · ${entry.label}` : owner;
}

function faceUp(card) {
  return el("div", { class: "card small", dataset: { card } }, cardSvg(card));
}

/** One seat's cards shown: a row of cards face up with its caption beneath. */
export function shownHand(entry, view, index = 0) {
  const caption = shownCaption(entry, view);
  const cards = entry.cards || [];
  return el("figure", {
    class: "meld shown-hand",
    dataset: { testid: `shown-${entry.seat === null || entry.seat === undefined ? `extra-${index}` : entry.seat}` },
    "aria-label": `${caption}: ${cards.length ? cards.map(cardName).join(", ") : "no cards"}`,
  },
  el("div", { class: "pile" }, cards.length ? cards.map(faceUp) : el("span", { class: "muted", text: "—" })),
  el("figcaption", { class: "meld-number", text: caption }));
}

/**
 * The zone `name` of kind "shown" as a section of the felt, in the same frame as draw.js's zones: every
 * entry's cards face up in a row, named. `view` gives the seats' names.
 */
export function shownZone(name, entries, view) {
  const words = title(name, view);
  const body = entries.length
    ? el("div", { class: "melds shown-hands" }, entries.map((entry, i) => shownHand(entry, view, i)))
    : el("div", { class: "empty-zone", text: "none" });
  return el("section", { class: "zone zone-melds zone-shown", dataset: { testid: `zone-${name}` }, "aria-label": words },
    el("h3", { class: "zone-name" }, words),
    body);
}
