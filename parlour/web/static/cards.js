// Cards: reading Parlour's card notation and drawing cards as SVG.
//
// Notation is the engine's (parlour/cards.py): rank then suit letter, "QC", "10H", "AS"; a joker is "JK";
// packs with several copies of a card add "#2", "#3"... which players cannot see, so drawing ignores it.
// Everything is built with DOM calls (never innerHTML), and each card is one self-contained <svg> with no
// ids, so any number of cards can sit in a page without clashing references.

const SVG_NS = "http://www.w3.org/2000/svg";

// The card's drawing box: 60 x 84 is the 5:7 ratio of a real card; CSS sets the size on screen.
const W = 60;
const H = 84;

export const SUITS = {
  C: { name: "clubs", symbol: "\u2663", red: false },
  D: { name: "diamonds", symbol: "\u2666", red: true },
  H: { name: "hearts", symbol: "\u2665", red: true },
  S: { name: "spades", symbol: "\u2660", red: false },
};
const SUIT_BY_SYMBOL = { "\u2663": "C", "\u2666": "D", "\u2665": "H", "\u2660": "S",
                         "\u2667": "C", "\u2662": "D", "\u2661": "H", "\u2664": "S" };

const RANK_NAMES = {
  A: "ace", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight", 9: "nine",
  10: "ten", J: "jack", Q: "queen", K: "king",
};
const ORDINALS = ["", "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth"];

/**
 * The card a string names, or null for any other text (a word, a number, a face-down marker).
 * Returns {text, rank, suit, copy, joker, red}; rank is "A", "2".."10", "J", "Q", "K" or "JK".
 */
export function parseCard(text) {
  if (typeof text !== "string") return null;
  const raw = text.trim();
  if (raw.length < 2 || raw.length > 6) return null;
  const [body, copyText, ...rest] = raw.split("#");
  if (rest.length) return null;
  let copy = 1;
  if (copyText !== undefined) {
    if (!/^[1-9]\d?$/.test(copyText)) return null;
    copy = Number(copyText);
  }
  // Only the engine's own notation is a card: "1H" (a Vint bid) or "as" (a word) is left as text.
  if (body === "JK") return { text: raw, rank: "JK", suit: null, copy, joker: true, red: false };
  const m = /^(10|[2-9AKQJ])([CDHS\u2660-\u2667])$/.exec(body);
  if (!m) return null;
  const suit = SUIT_BY_SYMBOL[m[2]] || m[2];
  if (!SUITS[suit]) return null;
  const rank = m[1];
  return { text: raw, rank, suit, copy, joker: false, red: SUITS[suit].red };
}

export function isCard(text) {
  return parseCard(text) !== null;
}

/** Words for screen readers: "queen of clubs", "joker", "seven of hearts (second copy)". */
export function cardName(text) {
  const card = parseCard(text);
  if (!card) return String(text);
  const base = card.joker ? "joker" : `${RANK_NAMES[card.rank]} of ${SUITS[card.suit].name}`;
  return card.copy > 1 ? `${base} (${ORDINALS[card.copy] || `copy ${card.copy}`} copy)` : base;
}

/** Notation with the suit symbol, as printed on a card: "Q♣"; a bid of one in a suit, "1♥". */
export function symbolText(text) {
  const card = parseCard(text);
  if (!card) return isOneOfASuit(text) ? "1" + SUITS[text[1]].symbol : String(text);
  return card.joker ? "JK" : card.rank + SUITS[card.suit].symbol;
}

/** A bid of one in a suit (Vint, bridge): "1H" is drawn "1♥" like "2♥", though no card has a 1. */
export function isOneOfASuit(text) {
  return typeof text === "string" && /^1[CDHS]$/.test(text);
}

// --- inline text --------------------------------------------------------------------------------------

// Card notation inside prose (log lines, results, action notation), as the terminal finds it.
const CARD_IN_PROSE = /(?<![\w#])(?:10|[1-9AKQJ])[CDHS](?:#\d+)?(?![\w#])|(?<![\w#])JK(?:#\d+)?(?![\w#])/g;

/** One card as inline text: "Q♣" in the suit's colour, with its spoken name for screen readers. */
export function cardText(text) {
  const card = parseCard(text);
  const span = document.createElement("span");
  if (!card) {
    if (isOneOfASuit(text)) {
      span.className = `card-text ${SUITS[text[1]].red ? "red" : "black"}`;
      span.title = `one ${SUITS[text[1]].name}`;
    }
    span.textContent = symbolText(text);
    return span;
  }
  span.className = `card-text ${card.red ? "red" : "black"}`;
  span.textContent = symbolText(text);
  span.title = cardName(text);
  return span;
}

/** A sentence with the cards it names drawn as coloured symbols (a fragment of text nodes and spans). */
export function proseFragment(text) {
  const frag = document.createDocumentFragment();
  const s = String(text);
  let last = 0;
  for (const match of s.matchAll(CARD_IN_PROSE)) {
    if (match.index > last) frag.append(s.slice(last, match.index));
    frag.append(cardText(match[0]));
    last = match.index + match[0].length;
  }
  if (last < s.length) frag.append(s.slice(last));
  return frag;
}

// --- SVG drawing ----------------------------------------------------------------------------------------

function svg(tag, attrs = {}, children = []) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  for (const child of children) node.append(child);
  return node;
}

// Suit shapes drawn as paths in a 100 x 100 box centred on (50, 50): fonts on phones and headless
// browsers do not all carry the suit glyphs, paths always look the same.
function suitShape(suit, fill) {
  switch (suit) {
    case "H":
      return svg("path", { fill, d: "M50 92C22 68 2 50 2 30C2 13 14 4 27 4C38 4 46 11 50 20C54 11 62 4 73 4C86 4 98 13 98 30C98 50 78 68 50 92Z" });
    case "D":
      return svg("path", { fill, d: "M50 2L86 50L50 98L14 50Z" });
    case "S":
      return svg("path", { fill, d: "M50 2C78 28 98 44 98 62C98 77 87 85 75 85C65 85 57 80 53 72C54 84 58 92 67 98L33 98C42 92 46 84 47 72C43 80 35 85 25 85C13 85 2 77 2 62C2 44 22 28 50 2Z" });
    default: // clubs: three leaves and a flared stem
      return svg("g", { fill }, [
        svg("circle", { cx: 50, cy: 25, r: 21 }),
        svg("circle", { cx: 25, cy: 60, r: 21 }),
        svg("circle", { cx: 75, cy: 60, r: 21 }),
        svg("circle", { cx: 50, cy: 52, r: 12 }),
        svg("path", { d: "M47 55C47 78 42 89 32 98L68 98C58 89 53 78 53 55Z" }),
      ]);
  }
}

/** A suit symbol of the given size centred on (cx, cy); upside down for the bottom half of the card. */
function pip(suit, fill, cx, cy, size, flip = false) {
  const s = size / 100;
  const turn = flip ? " rotate(180 50 50)" : "";
  const g = svg("g", { transform: `translate(${cx - size / 2} ${cy - size / 2}) scale(${s})${turn}` });
  g.append(suitShape(suit, fill));
  return g;
}

// Pip positions for 2..10 in the card box, the traditional layouts (columns left/middle/right; four rows
// for 9 and 10, three for the rest, with extra centre pips between them).
const L = 20.5, M = 30, R = 39.5;     // kept clear of the corner indices
const TOP = 17, BOT = 67, MID = 42;
const Q1 = TOP + (BOT - TOP) / 3, Q2 = TOP + (2 * (BOT - TOP)) / 3;
const PIPS = {
  2: [[M, TOP], [M, BOT]],
  3: [[M, TOP], [M, MID], [M, BOT]],
  4: [[L, TOP], [R, TOP], [L, BOT], [R, BOT]],
  5: [[L, TOP], [R, TOP], [M, MID], [L, BOT], [R, BOT]],
  6: [[L, TOP], [R, TOP], [L, MID], [R, MID], [L, BOT], [R, BOT]],
  7: [[L, TOP], [R, TOP], [M, (TOP + MID) / 2], [L, MID], [R, MID], [L, BOT], [R, BOT]],
  8: [[L, TOP], [R, TOP], [M, (TOP + MID) / 2], [L, MID], [R, MID], [M, (MID + BOT) / 2], [L, BOT], [R, BOT]],
  9: [[L, TOP], [R, TOP], [L, Q1], [R, Q1], [M, MID], [L, Q2], [R, Q2], [L, BOT], [R, BOT]],
  10: [[L, TOP], [R, TOP], [M, (TOP + Q1) / 2], [L, Q1], [R, Q1], [L, Q2], [R, Q2], [M, (Q2 + BOT) / 2],
       [L, BOT], [R, BOT]],
};

const RED = "#c0182b";
const BLACK = "#16181d";

function cornerIndex(card, fill) {
  // Drawn once for the top-left corner; the bottom-right one is the same group turned half round.
  const label = card.joker ? "J" : card.rank;
  const g = svg("g");
  const text = svg("text", {
    x: 7, y: 12, fill, "text-anchor": "middle", "font-size": card.rank === "10" ? 9.5 : 11,
    "font-weight": 700, "font-family": "Georgia, 'Times New Roman', serif",
    "letter-spacing": card.rank === "10" ? -0.8 : 0,
  });
  text.textContent = label;
  g.append(text);
  if (card.joker) {
    const star = svg("text", { x: 7, y: 21, fill, "text-anchor": "middle", "font-size": 8 });
    star.textContent = "\u2605";
    g.append(star);
  } else {
    g.append(pip(card.suit, fill, 7, 18.5, 8));
  }
  return g;
}

function faceCentre(card, fill) {
  const g = svg("g");
  if (card.joker) {
    g.append(svg("rect", { x: 12, y: 12, width: 36, height: 60, rx: 3, fill: "#fff6dc", stroke: "#c9a646", "stroke-width": 0.8 }));
    const star = svg("text", { x: 30, y: 44, "text-anchor": "middle", "font-size": 26, fill: "#c9a646" });
    star.textContent = "\u2605";
    g.append(star);
    const word = svg("text", { x: 30, y: 62, "text-anchor": "middle", "font-size": 8, "font-weight": 700,
                               "letter-spacing": 1, fill: BLACK, "font-family": "Georgia, serif" });
    word.textContent = "JOKER";
    g.append(word);
    return g;
  }
  if (card.rank === "A") {
    g.append(pip(card.suit, fill, 30, 42, 30));
    return g;
  }
  if (card.rank === "J" || card.rank === "Q" || card.rank === "K") {
    // A court card: a framed panel with a large letter between two suit pips; plain but unmistakable.
    const tint = card.red ? "#fde8ea" : "#e8ecf5";
    g.append(svg("rect", { x: 13, y: 11, width: 34, height: 62, rx: 2.5, fill: tint, stroke: fill, "stroke-width": 0.8 }));
    g.append(pip(card.suit, fill, 21, 19, 9));
    g.append(pip(card.suit, fill, 39, 65, 9, true));
    const letter = svg("text", { x: 30, y: 51, "text-anchor": "middle", "font-size": 28, "font-weight": 700,
                                 fill, "font-family": "Georgia, 'Times New Roman', serif" });
    letter.textContent = card.rank;
    g.append(letter);
    return g;
  }
  for (const [x, y] of PIPS[card.rank] || []) g.append(pip(card.suit, fill, x, y, 10, y > MID + 0.1));
  return g;
}

/**
 * An <svg> of a card's face. Unknown text draws a blank face with the text in the middle rather than
 * failing: a view may name something this page does not know, and it should still be seen.
 */
export function cardSvg(text, { label = true } = {}) {
  const card = parseCard(text);
  const root = svg("svg", { viewBox: `0 0 ${W} ${H}`, class: "card-svg", focusable: "false" });
  if (label) {
    root.setAttribute("role", "img");
    root.setAttribute("aria-label", cardName(text));
  } else {
    root.setAttribute("aria-hidden", "true");
  }
  root.append(svg("rect", { x: 0.5, y: 0.5, width: W - 1, height: H - 1, rx: 4.5, fill: "#fffdf8",
                            stroke: "#8a8f99", "stroke-width": 0.8 }));
  if (!card) {
    const t = svg("text", { x: W / 2, y: H / 2, "text-anchor": "middle", "font-size": 10, fill: BLACK });
    t.textContent = String(text);
    root.append(t);
    return root;
  }
  const fill = card.red ? RED : BLACK;
  root.append(cornerIndex(card, fill));
  const bottom = cornerIndex(card, fill);
  bottom.setAttribute("transform", `rotate(180 ${W / 2} ${H / 2})`);
  root.append(bottom);
  root.append(faceCentre(card, fill));
  return root;
}

// The back's lattice: small diamonds inside the border, as one path (no pattern ids to clash).
const BACK_LATTICE = (() => {
  const parts = [];
  const step = 6;
  for (let y = 8 + step / 2; y <= H - 8 - step / 2; y += step) {
    for (let x = 7 + step / 2; x <= W - 7 - step / 2; x += step) {
      const h = step / 2;
      parts.push(`M${x} ${y - h}L${x + h} ${y}L${x} ${y + h}L${x - h} ${y}Z`);
    }
  }
  return parts.join("");
})();

/** An <svg> of a card's back, for cards held face down. */
export function cardBackSvg({ label = "face-down card" } = {}) {
  const root = svg("svg", { viewBox: `0 0 ${W} ${H}`, class: "card-svg card-back", focusable: "false" });
  if (label) {
    root.setAttribute("role", "img");
    root.setAttribute("aria-label", label);
  } else {
    root.setAttribute("aria-hidden", "true");
  }
  root.append(svg("rect", { x: 0.5, y: 0.5, width: W - 1, height: H - 1, rx: 4.5, fill: "#fdfdfd", stroke: "#8a8f99", "stroke-width": 0.8 }));
  root.append(svg("rect", { x: 4, y: 4, width: W - 8, height: H - 8, rx: 3, fill: "#1f4e8c" }));
  root.append(svg("path", { d: BACK_LATTICE, fill: "none", stroke: "#9fbbe3", "stroke-width": 0.6, opacity: 0.8 }));
  root.append(svg("rect", { x: 6, y: 6, width: W - 12, height: H - 12, rx: 2, fill: "none", stroke: "#e8eef8", "stroke-width": 0.8 }));
  return root;
}
