// Cards that move (issue 17): between one drawing of the table and the next, each card travels from where
// it was to where it is, as at a real table.
//
// Nothing here knows a game. The table is measured before a redraw and compared after it by the cards'
// own identities (`data-card`, drawn by draw.js) and the seats' facts in the view (`held`, `tricks`):
// - a card that was somewhere before slides from there (FLIP: drawn in its new place at once, then moved
//   back to its old place and let go); one that was in your hand flies from the hand to the trick;
// - a card new to the table comes from the seat that played it (a trick's card names its seat) or from the
//   one seat whose hand shrank; a card new to your hand from the stock, or from the middle of the table;
// - a trick gathered (its cards leave the trick) slides to its taker's seat and fades, before the last
//   trick shows it;
// - a new deal sends cards from the middle to every seat; cards drawn go from the stock to the drawer.
// Cards that left the page fly as "ghosts": their old nodes, laid on a layer above the page that takes no
// clicks. Every animation is short and never holds up input. A redraw measures each card where it is seen
// at that moment, mid-flight or not, and stops what was in flight: the cards go on from there to their new
// places, so the page is right, and moves smoothly, however fast views arrive. Under
// `prefers-reduced-motion: reduce` nothing moves, but what changed is still worked out (the sounds follow it).

import { backPicture } from "./draw.js";

const SLIDE_MS = 260;          // a card sliding to its new place
const GATHER_MS = 300;         // a trick swept to its taker
const LAST_CARD_MS = 350;      // a trick's last card, from its seat to the trick and on to the taker
const APPEAR_MS = 150;         // a card faded in where it has no way to come from
const STAGGER_MS = 18;         // between the cards of a deal, at most DEAL_SPREAD_MS in all
const DEAL_SPREAD_MS = 180;
const BACKS_FLOWN = 3;         // backs flown to an opponent for cards dealt or drawn; the count says the rest
const STILL_PX = 2;            // a card that moved less than this does not move

const reduced = () => window.matchMedia("(prefers-reduced-motion: reduce)").matches;
const centreOf = (rect) => ({ x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 });

/** The seat a trick's card was played by, from its figure's test id (`play-<zone>-<seat>`), or null. */
function playSeat(node) {
  const figure = node.closest("figure.play");
  const found = figure ? /-(\d+)$/.exec(figure.dataset.testid || "") : null;
  return found ? Number(found[1]) : null;
}

/** Where a card lies: your hand, the trick being played, a trick gone by, a seat, or another zone. */
function placeOf(node) {
  if (node.closest("#hand")) return "hand";
  const zone = node.closest(".zone");
  if (zone && zone.classList.contains("zone-plays")) return zone.classList.contains("zone-small") ? "past" : "trick";
  if (node.closest(".seat")) return "seat";
  return "zone";
}

/**
 * What a card lies in (your hand, a zone, a seat), named so that the same box is found again after a redraw,
 * with its rect: a card that stays in a box that moved (the felt grew) moves with it, not across it.
 */
function boxOf(node) {
  const box = node.closest("#hand, .zone, .seat");
  if (!box) return null;
  const name = box.id || box.dataset.testid;
  return name ? { name, rect: box.getBoundingClientRect() } : null;
}

/** Every card on the page by its identity (the first where a card shows twice), with where it lies. */
function cardsNow() {
  const cards = new Map();
  for (const node of document.querySelectorAll("#felt .card[data-card], #hand .card[data-card]")) {
    const key = node.dataset.card;
    if (!cards.has(key)) {
      cards.set(key, { node, rect: node.getBoundingClientRect(), place: placeOf(node), seat: playSeat(node), box: boxOf(node) });
    }
  }
  return cards;
}

/** Where a card that was at `was` starts its slide to `now`: the same place in its box where it stays in one. */
function slideStart(was, now) {
  if (!was.box || !now.box || was.box.name !== now.box.name) return was.rect;
  return { left: was.rect.left - was.box.rect.left + now.box.rect.left, top: was.rect.top - was.box.rect.top + now.box.rect.top,
    width: was.rect.width, height: was.rect.height };
}

function seatRects() {
  const rects = new Map();
  for (const node of document.querySelectorAll("#felt .seat[data-seat]")) rects.set(Number(node.dataset.seat), node.getBoundingClientRect());
  return rects;
}

/** A stack of face-down cards (a stock) whose count fell, or null. */
function fallenStock(before, after) {
  for (const [name, rect] of after.stocks) {
    if ((before.counts.get(name) ?? 0) > (after.counts.get(name) ?? 0)) return rect;
  }
  return null;
}

/** Where cards are drawn from: a stock whose count fell, or else the first stock, or the middle of the table. */
function stockRect(before, after) {
  const [first] = after.stocks.values();
  return fallenStock(before, after) || first || after.centre;
}

function measure(view) {
  const stocks = new Map();
  const counts = new Map();
  for (const zone of document.querySelectorAll("#centre .zone-count")) {
    const name = zone.dataset.testid;
    const stack = zone.querySelector(".stack");
    if (!stack) continue;
    stocks.set(name, stack.getBoundingClientRect());
    counts.set(name, Number(stack.dataset.count));     // draw.js writes every heap's count on its stack
  }
  return {
    view,
    cards: cardsNow(),
    seats: seatRects(),
    stocks,
    counts,
    centre: document.getElementById("centre").getBoundingClientRect(),
  };
}

const factOf = (view, fact) => (view.seats || []).map((s) => (Number.isInteger(s[fact]) ? s[fact] : null));

/** The seat whose `fact` (held, tricks) alone changed by `sign` between two views, or null. */
function theOneSeat(before, after, fact, sign) {
  const was = factOf(before, fact);
  const now = factOf(after, fact);
  const moved = now.map((n, s) => (n !== null && was[s] !== null && Math.sign(n - was[s]) === sign ? s : null)).filter((s) => s !== null);
  return moved.length === 1 ? moved[0] : null;
}

/** Seats whose hand grew (not yours: your cards are seen arriving), with how many cards each gained. */
function seatsThatDrew(before, after) {
  const was = factOf(before, "held");
  return factOf(after, "held").map((n, s) => ({ seat: s, gained: n !== null && was[s] !== null ? n - was[s] : 0 }))
    .filter(({ seat, gained }) => gained > 0 && seat !== after.seat);
}

/**
 * What changed between two measures, as the moves to make and a summary for the sounds:
 * {played: how many cards came onto the table from a hand or the stock, gathered: whether a trick was taken}.
 */
function plan(before, after) {
  const newDeal = before.view.hand_number !== after.view.hand_number;
  const gathered = !newDeal && [...before.cards].some(([key, c]) => c.place === "trick" && (after.cards.get(key) || {}).place !== "trick");
  const seatRect = (seat) => (seat === null ? null : after.seats.get(seat) || null);
  const taker = theOneSeat(before.view, after.view, "tricks", 1) ?? winnerShown();
  const change = { before, after, newDeal, seatRect, sweepTo: gathered ? seatRect(taker) : null };
  const played = [...after.cards].filter(([key, now]) => !newDeal && now.place !== "hand" && now.place !== "seat"
    && ["hand", "seat", undefined].includes((before.cards.get(key) || {}).place)).length;
  return { moves: [...cardsShown(change), ...cardsGone(change), ...backsDealt(change)], summary: { played, gathered } };
}

/** The moves of the cards drawn now: from where they were, or from where a card new to the page comes. */
function cardsShown({ before, after, newDeal, seatRect, sweepTo }) {
  const moves = [];
  const shrank = theOneSeat(before.view, after.view, "held", -1);
  for (const [key, now] of after.cards) {
    const was = before.cards.get(key);
    if (newDeal) {
      if (now.place === "hand") moves.push({ kind: "arrive", node: now.node, from: after.centre, to: now.rect, deal: true });
    } else if (was && was.place === "trick" && now.place === "past" && sweepTo) {
      moves.push({ kind: "appear", node: now.node, delay: GATHER_MS });
    } else if (was) {
      moves.push({ kind: "slide", node: now.node, from: slideStart(was, now), to: now.rect });
    } else if (now.place === "past" && sweepTo) {
      // The trick's last card, played and gathered in one step: from its seat to the trick, then away.
      const from = seatRect(now.seat);
      if (from) moves.push({ kind: "ghost", node: now.node.cloneNode(true), from, via: before.centre, to: sweepTo, size: now.rect });
      moves.push({ kind: "appear", node: now.node, delay: GATHER_MS });
    } else {
      // From the seat that played it; an upcard from the stock; a card of your hand from the stock.
      const source = now.place === "hand" ? stockRect(before, after) : seatRect(now.seat ?? shrank) || fallenStock(before, after);
      moves.push(source ? { kind: "arrive", node: now.node, from: source, to: now.rect } : { kind: "appear", node: now.node, delay: 0 });
    }
  }
  return moves;
}

/** The cards the page no longer shows where they were: a trick swept to its taker, a card taken by a seat. */
function cardsGone({ before, after, newDeal, seatRect, sweepTo }) {
  if (newDeal) return [];
  const taker = seatRect(theOneSeat(before.view, after.view, "held", 1));
  const moves = [];
  for (const [key, was] of before.cards) {
    const now = after.cards.get(key);
    const swept = was.place === "trick" && sweepTo && (!now || now.place === "past");
    const to = swept ? sweepTo : !now && was.place !== "trick" ? taker : null;
    if (to) moves.push({ kind: "ghost", node: was.node, from: was.rect, to, size: was.rect });
  }
  return moves;
}

/** Backs flown to the other seats for cards dealt (from the middle) or drawn (from the stock). */
function backsDealt({ before, after, newDeal, seatRect }) {
  const drawers = newDeal
    ? (after.view.seats || []).filter((s) => s.seat !== after.view.seat).map((s) => ({ seat: s.seat, gained: s.held || 0 }))
    : seatsThatDrew(before.view, after.view);
  const source = newDeal ? after.centre : stockRect(before, after);
  const moves = [];
  for (const { seat, gained } of drawers) {
    const to = seatRect(seat);
    for (let i = 0; to && i < Math.min(gained, BACKS_FLOWN); i++) {
      moves.push({ kind: "ghost", node: backPicture("small", null), from: source, to, size: null, deal: newDeal, order: i });
    }
  }
  return moves;
}

/** The seat marked as having won the last trick (draw.js stars it), or null. */
function winnerShown() {
  const figure = document.querySelector("#centre .zone-small .play.winner");
  return figure ? playSeat(figure.querySelector(".card") || figure) : null;
}

/**
 * The table's card motion: `before()` measures the table before a redraw, `after(measured, view)` compares
 * it with the table drawn and sets the cards moving; it returns what changed (for the sounds). Views of a
 * seat other than the one measured (a seat taken or given up) are drawn still.
 */
export function cardMotion() {
  const running = new Set();
  let layer = null;
  let last = null;

  const ghostLayer = () => {
    if (!layer || !layer.isConnected) {
      layer = document.createElement("div");
      layer.className = "motion-layer";
      layer.dataset.testid = "motion-layer";
      layer.setAttribute("aria-hidden", "true");
      document.body.append(layer);
    }
    return layer;
  };

  const track = (animation, cleanup = null) => {
    running.add(animation);
    const done = () => {
      running.delete(animation);
      if (cleanup) cleanup();
    };
    animation.addEventListener("finish", done);
    animation.addEventListener("cancel", done);
    return animation;
  };

  /** Stop everything in flight (once measured: a card caught mid-way goes on from where it was seen). */
  const settle = () => {
    for (const animation of [...running]) animation.cancel();
    if (layer) layer.replaceChildren();
  };

  const start = (move, index) => {
    const delay = move.deal ? Math.min(DEAL_SPREAD_MS, (move.order ?? index) * STAGGER_MS) : 0;
    if (move.kind === "slide" || move.kind === "arrive") {
      const from = move.kind === "arrive" ? aimedAt(move.from, move.to) : move.from;
      const dx = from.left - move.to.left;
      const dy = from.top - move.to.top;
      if (Math.abs(dx) < STILL_PX && Math.abs(dy) < STILL_PX && move.kind === "slide") return;
      const scale = move.to.width ? from.width / move.to.width : 1;
      track(move.node.animate([
        { transformOrigin: "0 0", transform: `translate(${dx}px, ${dy}px) scale(${scale})`, opacity: move.kind === "arrive" ? 0.4 : 1 },
        { transformOrigin: "0 0", transform: "none", opacity: 1 },
      ], { duration: SLIDE_MS, delay, easing: "cubic-bezier(.2,.7,.3,1)", fill: "backwards" }));
    } else if (move.kind === "appear") {
      track(move.node.animate([{ opacity: 0 }, { opacity: 1 }], { duration: APPEAR_MS, delay: move.delay, fill: "backwards" }));
    } else if (move.kind === "ghost") {
      flyGhost(move, delay);
    }
  };

  /** A card that is no longer where it was shown (or not shown at all) flown above the page, then dropped. */
  const flyGhost = (move, delay) => {
    const size = move.size || { width: smallCardWidth(), height: smallCardWidth() * 1.4 };
    const node = move.node;
    node.classList.add("motion-ghost");
    node.removeAttribute("id");
    node.style.setProperty("width", `${size.width}px`);
    ghostLayer().append(node);
    const at = (rect) => aimedAt(rect, size);
    const points = [at(move.from), move.via ? at(move.via) : null, at(move.to)].filter(Boolean);
    // It lands small and faint, as a card taken into a hand or a trick turned over.
    const frames = points.map((p, i) => ({
      transform: `translate(${p.left}px, ${p.top}px) scale(${i === points.length - 1 ? 0.55 : 1})`,
      opacity: i === points.length - 1 ? 0 : 1,
    }));
    track(node.animate(frames, { duration: move.via ? LAST_CARD_MS : GATHER_MS, delay, easing: "ease-in-out", fill: "both" }),
      () => node.remove());
  };

  return {
    before() {
      const measured = last ? measure(last) : null;
      settle();
      return measured;
    },
    after(measured, view) {
      const sameSeat = measured && measured.view.seat === view.seat;
      last = view;
      if (!sameSeat) return { played: 0, gathered: false };
      const { moves, summary } = plan(measured, measure(view));
      if (!reduced()) moves.forEach(start);
      return summary;
    },
  };
}

/** A rect of `size`'s width and height centred on `rect`'s centre: where a card aimed at a place lands. */
function aimedAt(rect, size) {
  const c = centreOf(rect);
  return { left: c.x - size.width / 2, top: c.y - size.height / 2, width: size.width, height: size.height };
}

function smallCardWidth() {
  return parseFloat(getComputedStyle(document.documentElement).getPropertyValue("--card-small")) || 54;
}
