// The family tables' controls (DESIGN.md, "the two layers of the table"): each family module claims the
// actions whose kinds declare its family (payload `families`, verb -> family, from the engine's
// `Action.family`) and draws them as that family's best site does: an auction as a bidding box, a betting
// round's moves with their amounts, a sum to type. Whatever no family claims is left to the generic table's
// buttons. A family keys off declared families only, never off a game's id, so a new game that declares the
// same families gets the same controls.
//
// A family module exports `claim(actions, context)`: `null` when it has nothing to draw, else
// `{ node, taken }`, the node to show and the set of the actions it draws (the generic buttons skip them).
// `context` is { view, payload, families, hint, disabled, send, button }: `send(action)` plays an action,
// `button(action)` is the generic table's button for one action (a family may reuse it for a lone move).

import * as ask from "./ask.js";
import * as auction from "./auction.js";
import * as betting from "./betting.js";
import * as rummy from "./rummy.js";
import * as sum from "./sum.js";

const FAMILIES = [auction, betting, sum, ask, rummy];

/** The controls of every family that claims some of `actions`, and the actions left to the generic table. */
export function familyControls(actions, context) {
  const nodes = [];
  let rest = actions;
  for (const family of FAMILIES) {
    const claimed = family.claim(rest, context);
    if (!claimed) continue;
    nodes.push(claimed.node);
    rest = rest.filter((action) => !claimed.taken.has(action));
  }
  return { nodes, rest };
}

/** The verbs of `actions` whose kinds declare `family` (payload `families`). */
export function ofFamily(actions, families, family) {
  return actions.filter((action) => (families || {})[String(action).split(" ")[0]] === family);
}
