// The end of a deal and the score sheet (issue 17): the deal's points in words when a deal ends, a running
// sheet of every deal, and at the end of the game a chart of each seat's score deal by deal.
//
// Everything here is drawn from the payload's finished deals (`hand_results`: each deal's changes, reasons
// and the totals it left) and the game's way of winning (`lowest_score_wins`), never from a game's id.
// Points are coloured by whether they help the seat: where the lowest score wins, points gained hurt. The
// colour is never the only sign: each number keeps its sign, and says in a title whether it helps.
// Like draw.js it holds no state and talks to no server: the table page decides when to pause.

import { proseFragment } from "./cards.js";
import { el } from "./dom.js";
import { namedSeatsText, seatLabel, seatName, signed } from "./draw.js";
import { wonWords } from "./people.js";

const SVG_NS = "http://www.w3.org/2000/svg";
// Line colours of the chart, each at least 3:1 against the white panel, told apart also by their dashes.
const LINE_COLOURS = ["#1f5fbf", "#c0182b", "#1d7a46", "#a35a00", "#6b3fa0", "#00727d", "#5d4037", "#ad1457"];
const LINE_DASHES = ["", "6 3", "2 3", "8 3 2 3", "1 2", "10 4", "4 2 1 2", "3 3"];

/** Whether `points` help the seat that gets them: "good", "bad", or "" for none. */
export function pointsTone(points, lowestWins) {
  if (typeof points !== "number" || points === 0) return "";
  return (points > 0) !== Boolean(lowestWins) ? "good" : "bad";
}

/** A deal's points for a seat, signed and coloured by whether they help it. */
export function pointsNode(points, lowestWins, testid = null) {
  const tone = pointsTone(points, lowestWins);
  return el("span", {
    class: `points${tone ? ` ${tone}` : ""}`, dataset: testid ? { testid, tone: tone || "none" } : { tone: tone || "none" },
    title: tone === "good" ? "this helps" : tone === "bad" ? "this hurts" : null, text: signed(points),
  });
}

/**
 * A deal's summary less a list that only says each seat's change ("seat 0 8; seat 1 3; ..."), which the
 * changes beside it already say, signed and with the viewer as "you"; the words before the list stay
 * ("hearts deal: seat 0 8; ..." keeps "hearts deal").
 */
export function summaryBeyondChanges(summary, changes) {
  const text = String(summary || "");
  // The list is read as long as it goes: with words before it only where the whole is not a list.
  const found = /^(?:(.*?)[:;]\s+)??(seat \d+ [+-]?\d+(?:; seat \d+ [+-]?\d+)*)$/.exec(text);
  if (!found || !Array.isArray(changes)) return text;
  const listed = found[2].split("; ").map((part) => /^seat (\d+) ([+-]?\d+)$/.exec(part));
  const same = listed.length === changes.length && listed.every((m, s) => Number(m[1]) === s && Number(m[2]) === changes[s]);
  return same ? found[1] || "" : text;
}

/** The totals each deal left, by deal: as the server gives them, or worked out from the changes. */
export function runningTotals(results) {
  const totals = [];
  let before = null;
  for (const result of results) {
    const changes = result.changes || [];
    const given = Array.isArray(result.totals) ? result.totals : null;
    const row = given || (before ? changes.map((c, s) => (typeof before[s] === "number" ? before[s] + c : null)) : changes.map(() => null));
    totals.push(row);
    before = row;
  }
  return totals;
}

/**
 * The deal just ended, in words: each seat's points for it, the total it now has and why, then the points
 * that went to no one seat, and who took the last trick where the table says so.
 */
export function dealEndSheet(result, view, { lowestWins = false, taker = null } = {}) {
  const changes = result.changes || [];
  const totals = Array.isArray(result.totals) ? result.totals : view.scores || [];
  const reasons = result.reasons || [];
  const why = (seat) => reasons.filter((r) => r.seat === seat);
  const summary = namedSeatsText(summaryBeyondChanges(result.summary, changes), view);
  const shared = why(null);
  // A partner whose side's points are all written against the other partner is pointed to them.
  const team = (seat) => ((view.seats || [])[seat] || {}).team;
  const mate = (seat) => (why(seat).length || team(seat) === null || team(seat) === undefined ? -1
    : changes.findIndex((c, other) => other !== seat && team(other) === team(seat) && c === changes[seat] && why(other).length));
  const whyCell = (seat) => (mate(seat) >= 0
    ? el("span", { class: "muted", text: `the side's points, as for ${seatLabel(mate(seat), view)}` })
    : reasonList(why(seat), view, lowestWins));
  return el("section", { class: "deal-end-sheet", dataset: { testid: "deal-end-sheet" }, "aria-labelledby": "deal-end-title" },
    el("h2", { id: "deal-end-title", text: `Deal ${result.number} is over` }),
    summary ? el("p", { class: "deal-end-summary" }, proseFragment(summary)) : null,
    el("table", { class: "deal-end-table" },
      el("thead", {}, el("tr", {}, ["player", "this deal", "total", "why"].map((h, i) => el("th", {
        scope: "col", class: i === 1 || i === 2 ? "num" : null, text: h })))),
      el("tbody", {}, changes.map((points, seat) => el("tr", { class: seat === view.seat ? "me" : null, dataset: { testid: `deal-end-seat-${seat}` } },
        el("th", { scope: "row", text: seatLabel(seat, view) }),
        el("td", { class: "num" }, pointsNode(points, lowestWins, `deal-end-points-${seat}`)),
        el("td", { class: "num", text: String(totals[seat] ?? "—") }),
        el("td", { class: "why" }, whyCell(seat)))))),
    shared.length ? el("p", { class: "small" }, el("strong", { text: "For the table: " }), reasonList(shared, view, lowestWins)) : null,
    Number.isInteger(taker) ? el("p", { class: "deal-end-taker", dataset: { testid: "deal-end-taker" },
      text: `${taker === view.seat ? "You" : seatName(taker, view, true)} took the last trick.` }) : null);
}

function reasonList(reasons, view, lowestWins) {
  if (!reasons.length) return el("span", { class: "muted no-reasons", text: "—" });
  return el("ul", { class: "why-list" }, reasons.map((r) => el("li", {},
    pointsNode(r.points, lowestWins), " ", el("span", {}, proseFragment(namedSeatsText(r.text, view))))));
}

/** The running score sheet: a row per deal, a column per seat, each cell the deal's points and the total. */
export function runningSheet(results, view, lowestWins) {
  const count = (view.seats || []).length || ((results[0] || {}).changes || []).length;
  const totals = runningTotals(results);
  const seats = Array.from({ length: count }, (_, s) => s);
  return el("div", { class: "sheet-scroll" }, el("table", { class: "score-sheet", dataset: { testid: "score-sheet" } },
    el("caption", { class: "sr-only", text: "Each deal's points and the running total of each seat" }),
    el("thead", {}, el("tr", {}, el("th", { scope: "col", text: "deal" }),
      seats.map((s) => el("th", { scope: "col", class: s === view.seat ? "me" : null, text: seatLabel(s, view) })))),
    el("tbody", {}, results.map((r, i) => el("tr", { dataset: { testid: `sheet-deal-${r.number}` } },
      el("th", { scope: "row", text: String(r.number) }),
      seats.map((s) => el("td", { class: `num${s === view.seat ? " me" : ""}`, dataset: { testid: `sheet-${r.number}-${s}` } },
        pointsNode((r.changes || [])[s] ?? 0, lowestWins),
        el("span", { class: "sheet-total", text: String(totals[i][s] ?? "—") }))))))));
}

function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [key, value] of Object.entries(attrs)) if (value !== null && value !== undefined && value !== "") node.setAttribute(key, String(value));
  for (const child of children.flat(Infinity)) if (child !== null && child !== undefined) node.append(child);
  return node;
}

/** Round numbers for the chart's scale: a few steps of 1, 2 or 5 times a power of ten covering lo..hi. */
export function ticks(lo, hi, most = 5) {
  if (lo === hi) return [lo];
  const rough = (hi - lo) / Math.max(1, most - 1);
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= rough) || rough;
  const out = [];
  for (let v = Math.ceil(lo / step) * step; v <= hi + 1e-9; v += step) out.push(Math.round(v * 1e6) / 1e6);
  return out;
}

/**
 * Each seat's score deal by deal as an inline SVG line chart (no library), the winners' lines drawn thick
 * and named under it. The running sheet holds the same numbers for anyone who cannot see the chart.
 */
export function scoreChart(results, view, { winners = [], lowestWins = false } = {}) {
  const totals = runningTotals(results);
  const count = (view.seats || []).length || (totals[0] || []).length;
  const values = totals.flat().filter((v) => typeof v === "number");
  if (!results.length || !values.length) return null;
  const won = new Set(winners);
  const [width, height, left, right, top, bottom] = [320, 180, 40, 10, 10, 24];
  const lo = Math.min(0, ...values);
  const hi = Math.max(0, ...values);
  const x = (i) => left + (results.length === 1 ? (width - left - right) / 2 : (i * (width - left - right)) / (results.length - 1));
  const y = (v) => top + (hi === lo ? (height - top - bottom) / 2 : ((hi - v) * (height - top - bottom)) / (hi - lo));
  const grid = ticks(lo, hi).map((v) => [
    svg("line", { x1: left, x2: width - right, y1: y(v), y2: y(v), class: v === 0 ? "chart-zero" : "chart-grid" }),
    svg("text", { x: left - 4, y: y(v) + 4, "text-anchor": "end", class: "chart-label" }, String(v))]);
  const every = Math.ceil(results.length / 10);
  const deals = results.map((r, i) => (i % every === 0 || i === results.length - 1
    ? svg("text", { x: x(i), y: height - 6, "text-anchor": "middle", class: "chart-label" }, String(r.number)) : null));
  const lines = Array.from({ length: count }, (_, s) => {
    const points = totals.map((row, i) => (typeof row[s] === "number" ? [x(i), y(row[s])] : null)).filter(Boolean);
    const colour = LINE_COLOURS[s % LINE_COLOURS.length];
    return svg("g", { class: `chart-seat${won.has(s) ? " winner" : ""}`, "data-testid": `chart-line-${s}` },
      svg("polyline", { points: points.map((p) => p.join(",")).join(" "), fill: "none", stroke: colour,
        "stroke-width": won.has(s) ? 3.5 : 1.8, "stroke-dasharray": LINE_DASHES[s % LINE_DASHES.length], "stroke-linejoin": "round" }),
      points.map(([px, py]) => svg("circle", { cx: px, cy: py, r: won.has(s) ? 3.2 : 2.2, fill: colour })));
  });
  const finals = Array.from({ length: count }, (_, s) => `${seatLabel(s, view)} ${totals[totals.length - 1][s] ?? "—"}`).join(", ");
  const picture = svg("svg", { viewBox: `0 0 ${width} ${height}`, class: "score-chart", role: "img",
    "aria-label": `Scores deal by deal, ${lowestWins ? "the lowest" : "the highest"} winning; at the end: ${finals}` },
  grid, deals, lines);
  return el("figure", { class: "chart", dataset: { testid: "score-chart" } }, picture,
    el("ul", { class: "chart-legend" }, Array.from({ length: count }, (_, s) => el("li", { class: won.has(s) ? "winner" : null },
      el("span", { class: `swatch swatch-${s % LINE_COLOURS.length}`, "aria-hidden": "true" }), seatLabel(s, view)))),
    el("figcaption", { dataset: { testid: "chart-winners" } },
      `${wonWords(winners, view)}`,
      ` (${lowestWins ? "lowest" : "highest"} score wins)`));
}
