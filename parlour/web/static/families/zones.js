// The family tables' zones: a zone kind that a family draws its own way (a banking game's hands with their
// totals and stakes, a betting round's pot and what it costs to call) is drawn here rather than by the
// generic table's shapes. Each entry maps a zone kind (engine/view.py ZONE_KINDS) to a function
// `(name, value, view) => { node, place } | null`, where `place` is "main" (the middle of the felt),
// "aside" (beside it) or "records" (under it); null leaves the zone to the generic table. Keyed off the
// declared kind only, never off a game's id.

import { drawBanked } from "./banking.js";
import { drawMeldBoard } from "./rummy.js";

const ZONE_FAMILIES = { banked: drawBanked, melds: drawMeldBoard };

// Kinds of `extra` that only help a family draw its zones (what each meld is): not facts of their own.
const HELPERS = new Set(["meld_notes"]);

/** Whether an `extra` entry of `kind` is read by a family's drawing rather than shown as a fact. */
export const familyHelper = (kind) => HELPERS.has(kind);

/** The family's drawing of a zone of `kind`, or null where no family draws that kind. */
export function familyZone(kind, name, value, view) {
  const draw = ZONE_FAMILIES[kind];
  return draw ? draw(name, value, view) : null;
}
