// Claiming the rest of the tricks (issue 39): at a trick game's lead, with few enough tricks left for the
// server's open-hand solver to answer at once, the seat to lead may claim every trick (or every card point;
// none where taking is bad) still to play. The server checks the claim against every defence: accepted, the
// cards are played out as ordinary plays; refused, it answers the line that beats it, which this draws trick
// by trick under the button. Keyed off the payload's `claimable`, which the server sets for any game whose
// trick play declares a goal, never off a game's id.

import { cardText } from "../cards.js";
import { api, el, toast } from "../dom.js";
import { seatName } from "../draw.js";

let shown = null;   // the last verdict: { table, version (claimed at), after (the version it left), claim }

/**
 * The claim's button (while `payload.claimable`) and the last verdict, while the table is where it left it.
 * `context`: { base (the table's API path), token, busy, setBusy(busy), refresh(), view (the payload's view
 * with its seats' names) }.
 */
export function claimControls(payload, context) {
  const view = context.view || payload.view;
  const verdict = shown && shown.table === payload.table_id && payload.version <= shown.after ? shown : null;
  if (!payload.claimable && !verdict) return null;
  const button = payload.claimable ? el("button", {
    type: "button", class: "small claim-rest", disabled: context.busy, dataset: { testid: "claim-rest" },
    title: "Claim the rest of the deal: the server checks the claim against every defence",
    onclick: () => claimRest(payload, context),
  }, "Claim the rest") : null;
  return el("div", { class: "claim-box", dataset: { testid: "claim-box" } }, button,
    verdict ? verdictNode(verdict.claim, view) : null);
}

async function claimRest(payload, context) {
  if (context.busy) return;
  context.setBusy(true);
  try {
    const answer = await api(`${context.base}/claim-tricks`, {
      method: "POST", token: context.token, body: { seat: payload.seat, version: payload.version } });
    const claim = answer.claim;
    shown = { table: payload.table_id, version: payload.version,
      after: claim.accepted ? answer.version : payload.version, claim };
    toast(claim.accepted ? "Claim accepted: no defence beats it. The cards are played out."
      : "Claim refused: a defence beats it (the line is shown).", claim.accepted ? "info" : "error");
  } catch (err) {
    toast(err.message || "the claim was not made");
  }
  context.setBusy(false);
  await context.refresh();
}

/** The verdict: accepted, or refused with its beating line, a row a trick. */
function verdictNode(claim, view) {
  const what = claim.worth === 0 ? "the rest"
    : claim.claimed === claim.worth ? `all ${claim.worth} ${claim.counts} still to play`
      : `none of the ${claim.worth} ${claim.counts} still to play`;
  const head = el("p", { class: "claim-head", dataset: { testid: "claim-verdict" } },
    el("strong", { text: claim.accepted ? "Claim accepted" : "Claim refused" }),
    claim.accepted ? `: ${what}, and no defence beats it. The cards are played out.`
      : `: ${what}. This line beats it:`);
  const rows = claim.accepted ? [] : tricks(claim.line).map((trick, k) => el("li", {
    class: "claim-trick", dataset: { testid: `claim-trick-${k + 1}` } },
  trick.map((play, i) => el("span", { class: "claim-play" }, i ? ", " : "", whoPlays(play, view), " ",
    play.card ? cardText(play.card) : el("span", { class: "muted", text: "a card" }))),
  trick.length && trick[trick.length - 1].took !== null && trick[trick.length - 1].took !== undefined
    ? el("span", { class: "claim-taker", text: ` — ${seatName(trick[trick.length - 1].took, view, true)} takes it` })
    : null));
  return el("div", { class: `claim-verdict ${claim.accepted ? "accepted" : "refused"}`, role: "status" }, head,
    rows.length ? el("ol", { class: "claim-line", dataset: { testid: "claim-line" } }, rows) : null);
}

function whoPlays(play, view) {
  const hand = seatName(play.hand, view, true);
  return play.hand === play.seat ? hand : `${hand} (dummy)`;
}

function tricks(line) {
  const out = [];
  let trick = [];
  for (const play of line) {
    trick.push(play);
    if (play.took !== null && play.took !== undefined) {
      out.push(trick);
      trick = [];
    }
  }
  if (trick.length) out.push(trick);
  return out;
}
