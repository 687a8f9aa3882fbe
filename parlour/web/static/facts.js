// Facts in words: what draw.js shows of a zone or `extra` entry that is not a picture (numbers, words,
// groups of cards), written as a person reads them rather than as the data is shaped.
//
// Nothing here knows a game. A value given one entry per seat (penalties by seat, the ranks each player is
// known to lack) is drawn with each seat's name beside its entry ("you 0 · East 2 · North 1"), and one
// given one entry per side (first-meld minimums, red threes) with each side's players ("you and North
// 50 · East and West 90"), as ZONE_KINDS says such values are laid out ("numbers by seat or by side", "lists
// of words by seat"). "side 1" in a zone's name reads as its players. Zones that say nothing yet (no card,
// no words, a flag that is off) are not drawn at all, as a table shows no empty box for them.

import { el, label } from "./dom.js";
import { seatLabel, valueNode } from "./draw.js";
import { peopleTitle, peopleWords, sidesOf } from "./people.js";

/** The seats of each side, by side number, where the game puts seats in sides; empty where it does not. */
export const sides = (view) => sidesOf(view);

/** A side's players as the viewer names them: "you and North". */
export const sideWords = (seats, view) => peopleWords(seats, view);

/** "Side 1 melds" with the side's players named: "Melds: East and West" (people.js). */
export const sideNamedText = (text, view) => peopleTitle(text, view);

/** Each entry of the view's `kind` (table zones and `extra`), found by its declared kind, never its name. */
export function ofKind(view, kind) {
  const found = [];
  for (const part of ["table", "extra"]) {
    const kinds = (view.kinds && view.kinds[part]) || {};
    for (const [name, declared] of Object.entries(kinds)) {
      if (declared === kind && name in (view[part] || {})) found.push(view[part][name]);
    }
  }
  return found;
}

/** A zone's or fact's title: its name in words, its sides and seats named. */
export const title = (name, view) => peopleTitle(label(name), view);

// Kinds whose lists may hold one entry per seat or per side. A flat list of words or cards is a list of
// lines or a pile, never one entry a seat: only numbers are laid out by seat when flat.
const ROWED = new Set(["numbers", "texts", "melds"]);

/**
 * Who each entry of `value` belongs to, when `value` (of `kind`) holds one entry per seat or per side:
 * a list of labels ("you", "East and West") as long as `value`; null when it holds something else.
 */
export function owners(kind, value, view) {
  if (!ROWED.has(kind) || !Array.isArray(value) || value.length < 2) return null;
  if (kind !== "numbers" && !value.every(Array.isArray)) return null;
  const seatCount = (view.seats || []).length;
  const bySide = sides(view);
  if (value.length === seatCount) return value.map((_, s) => seatLabel(s, view));
  if (bySide.size === value.length && value.every((_, i) => bySide.has(i))) {
    return value.map((_, i) => sideWords(bySide.get(i), view));
  }
  return null;
}

/**
 * `value` drawn with each owner's name before its entry ("you 0 · East 2"), or null when `value` is not
 * one entry per seat or per side (see owners).
 */
export function ownedNode(kind, value, view) {
  const names = owners(kind, value, view);
  if (names === null) return null;
  return el("span", { class: "owned" }, value.flatMap((entry, i) => [i ? el("span", { class: "owned-gap", text: " · " }) : null,
    el("span", { class: "owned-entry" }, el("span", { class: "owner muted", text: `${names[i]} ` }), valueNode(entry))]));
}

/**
 * Whether a zone has nothing to show a player yet: no card, no melds laid, no words, no facts, a flag that
 * is off. A trick, a heap, a pile, pots, calls and records are drawn even empty: where they lie is news.
 */
export function saysNothing(kind, value) {
  if (value === null || value === undefined || value === "" || value === false) return true;
  if (["trick", "count", "cards", "pots", "bids", "records", "chips"].includes(kind)) return false;
  if (Array.isArray(value)) return value.every((item) => (Array.isArray(item) ? !item.length : false));
  if (typeof value === "object") return Object.keys(value).length === 0;
  return false;
}

/**
 * Rows of facts (a game's claims, the cards known in the stock) as lines of words, one row a line: the seat a
 * row belongs to by name first ("you"), then each other fact by its name ("card A♣ · place 28").
 */
export function recordLines(records, view) {
  return el("span", { class: "owned" }, records.map((record, i) => {
    const seat = Number.isInteger(record.seat) ? seatLabel(record.seat, view) : null;
    // A fact of none (no cards face down, no wager, a flag off) says nothing: it is left out, as a table would.
    const facts = Object.entries(record).filter(([key, value]) => !(key === "seat" && seat !== null)
      && !(value === 0 || value === false || value === null || value === "" || (Array.isArray(value) && !value.length)));
    return el("span", { class: "owned-entry" }, i ? el("span", { class: "owned-gap", text: " · " }) : null,
      seat === null ? null : el("span", { class: "owner muted", text: `${seat} ` }),
      facts.flatMap(([key, value], k) => [k ? " · " : "", el("span", { class: "muted", text: `${label(key)} ` }), valueNode(value, view)]));
  }));
}
