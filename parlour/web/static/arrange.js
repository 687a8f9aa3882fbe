// Arranging your own hand (issue 17): drag a card to a new place in the hand (mouse, pen or finger), or
// move the focused card with Alt+ArrowLeft and Alt+ArrowRight; "Sort" gives back the game's order.
//
// The order is the person's, kept in localStorage for the table and seat, and laid over every view the
// server sends: cards still held keep their place, a new card goes where the game's order puts it (after
// the card it follows there), a card gone is dropped. The server never hears of it: it is only how a person
// holds their cards. A press that moves less than DRAG_PX is a click (it plays the card, as ever); one that
// moves further is an arrangement, and the click that follows it is swallowed, so a drag never plays a card.

import { el, storeJson, storeRemove, storeSet } from "./dom.js";

const DRAG_PX = 6;

/**
 * `hand` (the game's order) in the person's `order`: the cards still held in that order, and each new card
 * just after the card it follows in the game's order (before the one it comes before, where it comes first).
 */
export function arranged(hand, order) {
  if (!Array.isArray(order) || !order.length) return [...hand];
  const held = new Set(hand);
  const out = order.filter((card) => held.has(card));
  const placed = new Set(out);
  hand.forEach((card, i) => {
    if (placed.has(card)) return;
    const follows = hand.slice(0, i).reverse().find((c) => placed.has(c));
    const precedes = hand.slice(i + 1).find((c) => placed.has(c));
    const at = follows !== undefined ? out.indexOf(follows) + 1 : precedes !== undefined ? out.indexOf(precedes) : out.length;
    out.splice(at, 0, card);
    placed.add(card);
  });
  return out;
}

/** `cards` with `card` moved to index `to` (counted in the list without it). */
export function moved(cards, card, to) {
  const rest = cards.filter((c) => c !== card);
  rest.splice(Math.max(0, Math.min(rest.length, to)), 0, card);
  return rest;
}

const sameOrder = (a, b) => a.length === b.length && a.every((c, i) => c === b[i]);

/**
 * The arrangement of the hand drawn in `hand` (the #hand element), kept under `storeKey()` (the key of the
 * seat now played). `redraw()` draws the hand again (the table page's hand area). Use `view(v)` for the view
 * to draw, with its hand arranged, `decorate()` after the hand is drawn, and `sortButton()` among the tools.
 */
export function handArranger({ hand, storeKey, redraw }) {
  let shown = [];           // the cards as drawn, in the person's order
  let gameOrder = [];       // the same cards in the game's order
  let press = null;         // {card, x, y, pointerId, dragging}
  let swallowClick = false;

  const order = () => storeJson(storeKey());
  const keep = (cards) => {
    if (sameOrder(cards, gameOrder)) storeRemove(storeKey());
    else storeSet(storeKey(), JSON.stringify(cards));
    redraw();
  };
  const cardNode = (card) => hand.querySelector(`.card[data-card="${CSS.escape(card)}"]`);

  /** The place in the hand (without the card dragged) that the pointer at (x, y) points to. */
  const dropIndex = (card, x, y) => {
    const others = shown.filter((c) => c !== card).map((c) => ({ card: c, rect: cardNode(c)?.getBoundingClientRect() }))
      .filter((o) => o.rect);
    if (!others.length) return 0;
    // The row under the pointer (a long hand wraps), then the first card whose middle is right of it.
    const row = others.reduce((best, o) => (Math.abs(centreY(o.rect) - y) < Math.abs(centreY(best.rect) - y) ? o : best)).rect;
    const inRow = others.map((o, i) => ({ ...o, i })).filter((o) => Math.abs(centreY(o.rect) - centreY(row)) < row.height / 2);
    const after = inRow.find((o) => x < o.rect.left + o.rect.width / 2);
    return after ? after.i : inRow[inRow.length - 1].i + 1;
  };

  const mark = (card, dragging, dx = 0, dy = 0) => {
    const node = cardNode(card);
    if (!node) return;
    node.classList.toggle("dragging", dragging);
    if (dragging) node.style.setProperty("translate", `${dx}px ${dy}px`);
    else node.style.removeProperty("translate");
  };

  hand.addEventListener("pointerdown", (event) => {
    const node = event.target.closest(".card[data-card]");
    if (!node || !hand.contains(node) || event.button !== 0) return;
    press = { card: node.dataset.card, x: event.clientX, y: event.clientY, pointerId: event.pointerId, dragging: false };
  });
  document.addEventListener("pointermove", (event) => {
    if (!press || event.pointerId !== press.pointerId) return;
    const dx = event.clientX - press.x;
    const dy = event.clientY - press.y;
    if (!press.dragging && Math.hypot(dx, dy) < DRAG_PX) return;
    press.dragging = true;
    event.preventDefault();
    mark(press.card, true, dx, dy);
    // Where a card may also be dropped outside the hand (a meld board: families/rummy.js), it is told.
    hand.dispatchEvent(new CustomEvent("hand-drag", { bubbles: true, detail: { card: press.card, x: event.clientX, y: event.clientY } }));
  });
  const release = (event) => {
    if (!press || event.pointerId !== press.pointerId) return;
    const { card, dragging } = press;
    press = null;
    mark(card, false);
    // A drag the browser took over (a scroll), or of a card that left the hand meanwhile, arranges nothing.
    if (!dragging || event.type === "pointercancel" || !shown.includes(card)) return;
    swallowClick = true;
    setTimeout(() => { swallowClick = false; }, 0);
    // A card dropped outside the hand where something takes it (a meld: families/rummy.js) is played there,
    // not arranged: the taker cancels the "hand-drop" event.
    const drop = new CustomEvent("hand-drop", { bubbles: true, cancelable: true, detail: { card, x: event.clientX, y: event.clientY } });
    if (!hand.dispatchEvent(drop)) return;
    keep(moved(shown, card, dropIndex(card, event.clientX, event.clientY)));
  };
  document.addEventListener("pointerup", release);
  document.addEventListener("pointercancel", release);
  // The click that ends a drag is not a play (capture: before the card's own listener).
  document.addEventListener("click", (event) => {
    if (!swallowClick) return;
    swallowClick = false;
    event.stopPropagation();
    event.preventDefault();
  }, true);
  hand.addEventListener("dragstart", (event) => event.preventDefault());

  hand.addEventListener("keydown", (event) => {
    const node = event.target.closest(".card[data-card]");
    if (!node || !event.altKey || (event.key !== "ArrowLeft" && event.key !== "ArrowRight") || !shown.includes(node.dataset.card)) return;
    event.preventDefault();
    const card = node.dataset.card;
    const at = shown.indexOf(card);
    keep(moved(shown, card, at + (event.key === "ArrowLeft" ? -1 : 1)));
    const again = cardNode(card);
    if (again) again.focus();
  });

  return {
    /** The view to draw: its hand in the person's order. */
    view(view) {
      gameOrder = [...(view.hand || [])];
      shown = arranged(gameOrder, order());
      return { ...view, hand: shown };
    },
    /** Every card of the drawn hand can be focused and says how to move it. */
    decorate() {
      for (const node of hand.querySelectorAll(".card[data-card]")) {
        if (node.tabIndex < 0) node.tabIndex = 0;
        node.setAttribute("aria-keyshortcuts", "Alt+ArrowLeft Alt+ArrowRight");
      }
      hand.setAttribute("aria-description", "drag a card, or press Alt with an arrow key, to arrange your hand");
    },
    /** "Sort", while the hand is in an order of the person's own. */
    sortButton() {
      if (sameOrder(shown, gameOrder)) return null;
      return el("button", { type: "button", class: "small", dataset: { testid: "sort-hand" },
        title: "put your hand back in the game's order", onclick: () => keep([...gameOrder]) }, "Sort");
    },
  };
}

const centreY = (rect) => rect.top + rect.height / 2;
