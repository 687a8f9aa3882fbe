// A bridge deal's hand record at its end (issue 39): the auction, the contract and the result, and the
// double-dummy table with the best each side could have made. The four hands as dealt are drawn at the
// seats already (shown.js, from the view's `shown` zone). Keyed off declared kinds: a deal-end view with a
// `shown` zone and an auction (a `bids` zone), and the server's `deal_end.double_dummy` where it worked one
// out (hand_records.py: DDS, for a whole 52-card pack in four hands); never off a game's id.

import { proseFragment } from "../cards.js";
import { el } from "../dom.js";
import { namedSeatsText, seatName } from "../draw.js";

const STRAIN_SIGNS = { C: "♣", D: "♦", H: "♥", S: "♠", NT: "NT" };
const RED = new Set(["D", "H"]);

/** The hand record of the deal-end `view` (`payload` its deal-end payload), or null where it has none. */
export function handRecord(payload, view) {
  const kinds = (view.kinds && view.kinds.table) || {};
  const zones = Object.keys(kinds);
  const bids = zones.find((zone) => kinds[zone] === "bids");
  if (!bids || !zones.some((zone) => kinds[zone] === "shown" && view.table[zone])) return null;
  const end = payload.deal_end || {};
  const texts = zones.filter((zone) => kinds[zone] === "text" && view.table[zone]);
  const result = (payload.hand_results || []).find((r) => r.number === end.number);
  return el("section", { class: "hand-record", "aria-label": "Hand record", dataset: { testid: "hand-record" } },
    el("h3", { text: `Hand record, deal ${end.number || view.hand_number}` }),
    el("div", { class: "hr-parts" },
      auctionNode(view.table[bids] || [], view),
      doubleDummyNode("double_dummy" in end ? end.double_dummy : undefined, view),
      el("div", { class: "hr-outcome" },
        texts.map((zone) => el("p", { class: "hr-contract", dataset: { testid: "hand-record-contract" } },
          el("strong", { text: `${zone[0].toUpperCase()}${zone.slice(1).replace(/_/g, " ")}: ` }),
          proseFragment(namedSeatsText(view.table[zone], view)))),
        result && result.summary ? el("p", { class: "hr-result", dataset: { testid: "hand-record-result" } },
          el("strong", { text: "Result: " }), proseFragment(namedSeatsText(result.summary, view))) : null)));
}

/** The auction as bridge players write it: a column a seat, from the first caller's. */
function auctionNode(calls, view) {
  const seats = view.seats.map((s) => s.seat);
  const first = calls.length ? calls[0].seat : seats[0];
  const head = el("tr", {}, seats.map((s) => el("th", { scope: "col", text: seatName(s, view, true) })));
  const rows = [];
  let row = seats.map(() => "");
  let place = seats.indexOf(first);
  for (const call of calls) {
    place = seats.indexOf(call.seat);
    row[place] = callNode(call.call);
    if (place === seats.length - 1) {
      rows.push(row);
      row = seats.map(() => "");
    }
  }
  if (row.some((cell) => cell !== "")) rows.push(row);
  return el("table", { class: "hr-auction", dataset: { testid: "hand-record-auction" } },
    el("caption", { text: "Auction" }), el("thead", {}, head),
    el("tbody", {}, rows.map((cells) => el("tr", {}, cells.map((cell) => el("td", {}, cell))))));
}

function callNode(call) {
  const m = /^(\d)(C|D|H|S|NT)$/.exec(String(call));
  if (!m) return el("span", { class: "hr-call", text: call === "pass" ? "Pass" : call === "double" ? "Dbl" : call === "redouble" ? "Rdbl" : call });
  return el("span", { class: `hr-call${RED.has(m[2]) ? " red" : ""}`, text: `${m[1]}${STRAIN_SIGNS[m[2]]}` });
}

/** The double-dummy table: tricks by declarer (rows) and strain (columns), and what each side could make. */
function doubleDummyNode(dd, view) {
  if (!dd) {
    // Still coming (aria-busy): the server pushes the table once worked out.
    return el("p", { class: "hr-dd-waiting muted", dataset: { testid: "hand-record-dd-waiting" }, "aria-busy": dd === null ? null : "true",
      text: dd === null ? "No double-dummy table: DDS is not installed on this server."
        : "Double-dummy table: being worked out…" });
  }
  const strains = dd.strains;
  const table = el("table", { class: "hr-dd", dataset: { testid: "dd-table" } },
    el("caption", { text: `Double dummy (${dd.solver})` }),
    el("thead", {}, el("tr", {}, el("th", { scope: "col", text: "Declarer" }),
      strains.map((s) => el("th", { scope: "col", class: RED.has(s) ? "red" : "", text: STRAIN_SIGNS[s] })))),
    el("tbody", {}, dd.tricks.map((row, seat) => el("tr", { dataset: { testid: `dd-row-${seat}` } },
      el("th", { scope: "row", text: seatName(seat, view, true) }),
      row.map((tricks, k) => el("td", { dataset: { testid: `dd-${seat}-${strains[k]}` },
        class: tricks >= 7 ? "makes" : "", text: String(tricks) }))))));
  const best = (dd.best || []).map((side) => el("li", { dataset: { testid: `dd-best-${side.team}` } },
    bestWords(side, view)));
  return el("div", { class: "hr-dd-part" }, table,
    best.length ? el("ul", { class: "hr-best", "aria-label": "What was possible" }, best) : null);
}

function bestWords(side, view) {
  const who = side.seats.map((s) => seatName(s, view, true)).join(" and ");
  if (side.tricks < 7) return `${who}: no contract (at best ${side.tricks} tricks)`;
  const level = side.tricks - 6;
  const strains = [...new Set(side.contracts.map((c) => c.strain))];
  const by = (strain) => [...new Set(side.contracts.filter((c) => c.strain === strain).map((c) => seatName(c.seat, view, true)))].join(" or ");
  return `${who}: ${side.tricks} tricks, ${strains.map((s) => `${level}${STRAIN_SIGNS[s]} by ${by(s)}`).join(", ")}`;
}
