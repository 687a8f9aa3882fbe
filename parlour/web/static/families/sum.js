// The "sum" family (issue 39, item 5): a sum over the board's values, stated as a whole rather than found
// among hundreds of buttons. Where the seat's legal actions include actions of family "sum", they are drawn
// as a sum builder: the board's values as buttons (each used once), the signs + − × ÷ ( ), Back and Clear,
// and a field where the sum can be typed too. The sum is checked as it grows and says what it makes.
//
// The family's actions come in two notations, told apart by their text alone (never by a verb or a game):
// a *shape* (`form a*b-(c+d)`: signs and brackets over the places a, b, c…, one letter per value, in the
// order the sum writes them) and a *sum* (`solve 8*5-(7+9)`: the values put in). Where the game asks for a
// shape first, stating a sum sends the legal shape action whose pattern is the sum's, then, once the server
// has answered, the legal sum action itself. Nothing is sent that is not among the legal actions.
//
// Reading and writing sums follows the engine (parlour/engine/actions.py: parse_expression, write_expression,
// evaluate) token for token, so a sum the page accepts is one the engine reads the same way, and a shape or a
// sum is written exactly as the engine writes it. Arithmetic is exact (fractions of BigInts).

import { cardName, cardText, parseCard } from "../cards.js";
import { el } from "../dom.js";
import { ofFamily } from "./index.js";

// --- the engine's notation of sums ---------------------------------------------------------------------------

const PRECEDENCE = { "+": 1, "-": 1, "*": 2, "/": 2 };
const SYMBOLS = { "×": "*", x: "*", X: "*", "÷": "/", "−": "-", "–": "-" };
const TOKEN = /\s*(?:(\d{1,9})|([-+*/×xX÷−–()]))/y;
const LONGEST = 200;

/** Malformed text; `unfinished` when the text is the start of a sum, which could still grow into one. */
class NotationError extends Error {
  constructor(message, unfinished = false) {
    super(message);
    this.unfinished = unfinished;
  }
}

const repr = (token) => (typeof token === "number" ? String(token) : `'${token}'`);

/** The tokens of a sum: numbers, and the signs in the engine's spelling (+ - * / ( )). */
export function tokens(text) {
  const out = [];
  const body = text.trimEnd();
  let at = 0;
  while (at < body.length) {
    TOKEN.lastIndex = at;
    const found = TOKEN.exec(body);
    if (!found) {
      throw new NotationError(`'${body.slice(at).trim()[0]}' has no place in a sum: write numbers, + - * / and brackets`);
    }
    out.push(found[1] !== undefined ? Number(found[1]) : SYMBOLS[found[2]] || found[2]);
    at = TOKEN.lastIndex;
  }
  return out;
}

/** A term is a whole number or {op, left, right}, read as the engine reads it (usual precedence, left to right). */
export function parseExpression(text) {
  if (text.length > LONGEST) throw new NotationError(`a sum is written in at most ${LONGEST} characters`);
  const list = tokens(text);
  if (!list.length) throw new NotationError("the sum is missing", true);
  const [term, at] = readSum(list, 0, 1);
  if (at < list.length) throw new NotationError(`unexpected ${repr(list[at])} after a complete sum`);
  return term;
}

function readSum(list, at, level) {
  if (level === 3) return readAtom(list, at);
  let [term, next] = readSum(list, at, level + 1);
  while (next < list.length && PRECEDENCE[list[next]] === level) {
    const op = list[next];
    const [right, after] = readSum(list, next + 1, level + 1);
    term = { op, left: term, right };
    next = after;
  }
  return [term, next];
}

function readAtom(list, at) {
  if (at >= list.length) throw new NotationError("the sum ends where a number or '(' is wanted", true);
  const token = list[at];
  if (typeof token === "number") {
    if (at + 1 < list.length && (typeof list[at + 1] === "number" || list[at + 1] === "(")) {
      throw new NotationError(`an operator is wanted after ${token}`);
    }
    return [token, at + 1];
  }
  if (token !== "(") throw new NotationError(`a number or '(' is wanted, not ${repr(token)}`);
  const [term, next] = readSum(list, at + 1, 1);
  if (next >= list.length) throw new NotationError("a '(' is never closed", true);
  if (list[next] !== ")") throw new NotationError("a '(' is never closed");
  return [term, next + 1];
}

const level = (term) => (typeof term === "number" ? 3 : PRECEDENCE[term.op]);

/** The engine's notation of a term, with only the brackets its shape needs; `leaf(number, index)` writes
 * each number (the places' letters, for a shape). */
export function writeExpression(term, leaf = (n) => String(n)) {
  let index = 0;
  const write = (t) => {
    if (typeof t === "number") return leaf(t, index++);
    let left = write(t.left);
    let right = write(t.right);
    if (level(t.left) < level(t)) left = `(${left})`;
    if (level(t.right) <= level(t)) right = `(${right})`;
    return `${left}${t.op}${right}`;
  };
  return write(term);
}

/** The numbers of a term, left to right. */
export function numbersOf(term) {
  return typeof term === "number" ? [term] : [...numbersOf(term.left), ...numbersOf(term.right)];
}

// Exact values: [numerator, denominator] of BigInts, the denominator positive and the fraction in lowest terms.
const gcd = (a, b) => {
  let [x, y] = [a < 0n ? -a : a, b < 0n ? -b : b];
  while (y) [x, y] = [y, x % y];
  return x;
};
function fraction(n, d) {
  if (d < 0n) [n, d] = [-n, -d];
  const g = gcd(n, d) || 1n;
  return [n / g, d / g];
}

/** The exact value of a term; null when it divides by nought. */
export function evaluate(term) {
  if (typeof term === "number") return [BigInt(term), 1n];
  const a = evaluate(term.left);
  const b = evaluate(term.right);
  if (!a || !b) return null;
  const [p, q] = a;
  const [r, s] = b;
  if (term.op === "+") return fraction(p * s + r * q, q * s);
  if (term.op === "-") return fraction(p * s - r * q, q * s);
  if (term.op === "*") return fraction(p * r, q * s);
  return r === 0n ? null : fraction(p * s, q * r);
}

const valueText = ([n, d]) => `${n < 0n ? "−" : ""}${n < 0n ? -n : n}${d === 1n ? "" : `/${d}`}`;

/** A sum as a person reads it: "8÷(3−8÷3)". */
export const prettySum = (notation) => notation.replace(/\*/g, "×").replace(/\//g, "÷").replace(/-/g, "−");

// --- what the view says ------------------------------------------------------------------------------------

const argOf = (action) => String(action).slice(String(action).indexOf(" ") + 1);
const isSum = (action) => /\d/.test(argOf(action));
const isShape = (action) => String(action).includes(" ") && /^[a-z()+\-*/\s]+$/.test(argOf(action));
const letter = (index) => String.fromCharCode(97 + index);

/** The pips of a card that counts its rank (an ace 1), else null. */
function pips(card) {
  const parsed = parseCard(card);
  if (!parsed || parsed.joker) return null;
  return parsed.rank === "A" ? 1 : /^\d+$/.test(parsed.rank) ? Number(parsed.rank) : null;
}

const sameList = (a, b) => a.length === b.length && a.every((x, i) => x === b[i]);
const sorted = (list) => [...list].sort((a, b) => a - b);

/**
 * The board's values, the sum's operands, and the cards they are on, from the view's declared kinds: an entry
 * of kind "operands" where the view declares one, else the one list of `leaves` numbers among the entries of
 * kind "numbers" (the numbers of the legal sums decide between several, or else the pips of a "cards" zone of
 * as many cards). Returns {values, cards} (cards null where no zone of cards matches), or null.
 */
function boardOf(view, leaves, sums) {
  const entries = [];
  for (const part of ["table", "extra"]) {
    for (const [name, kind] of Object.entries((view.kinds || {})[part] || {})) {
      entries.push({ kind, value: (view[part] || {})[name] });
    }
  }
  const flat = (v) => Array.isArray(v) && v.length === leaves && v.every(Number.isInteger);
  const hands = entries.filter((e) => e.kind === "cards" && Array.isArray(e.value) && e.value.length === leaves)
    .map((e) => e.value);
  let values = (entries.find((e) => e.kind === "operands" && flat(e.value)) || {}).value || null;
  if (!values) {
    let found = entries.filter((e) => e.kind === "numbers" && flat(e.value)).map((e) => e.value);
    if (sums.length) {
      const want = sorted(numbersOf(parseExpression(argOf(sums[0]))));
      found = found.filter((v) => sameList(sorted(v), want));
    }
    if (found.length > 1) {
      const matching = found.filter((v) => hands.some((cards) => sameList(cards.map(pips), v)));
      if (matching.length) found = matching;
    }
    values = found[0] || null;
  }
  if (!values) return null;
  const cards = hands.find((list) => sameList(list.map(pips), values)) || null;
  return { values, cards };
}

// --- checking a sum as it grows -------------------------------------------------------------------------------

const countWords = ["no", "one", "two", "three", "four", "five", "six"];
const times = (n) => (n === 1 ? "once" : n === 2 ? "twice" : `${countWords[n] || n} times`);
const listWords = (items) => (items.length < 2 ? items.join("") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`);

/** Which place of the board each number of `numbers` takes (the first free place of that value), as the
 * engine places them; null for a number with no place left. */
function placesOf(numbers, values) {
  const free = values.map((_, i) => i);
  return numbers.map((n) => {
    const at = free.findIndex((p) => values[p] === n);
    return at < 0 ? null : free.splice(at, 1)[0];
  });
}

/** What is wrong with the numbers written so far (a value not on the board, or used too often), or null. */
function misuse(numbers, values) {
  for (const n of new Set(numbers)) {
    const used = numbers.filter((m) => m === n).length;
    const there = values.filter((v) => v === n).length;
    if (!there) return `${n} is not on the board (its values are ${listWords(values.map(String))})`;
    if (used > there) {
      return `${n} is used ${times(used)}, but the board has ${there === 1 ? `one ${n}` : `${countWords[there] || there} ${n}s`}`;
    }
  }
  return null;
}

/** The value so far of a sum not yet finished: trailing signs dropped and open brackets closed. */
function soFar(list) {
  const cut = [...list];
  while (cut.length && typeof cut.at(-1) !== "number" && cut.at(-1) !== ")") cut.pop();
  let depth = 0;
  for (const t of cut) depth += t === "(" ? 1 : t === ")" ? -1 : 0;
  if (!cut.length || depth < 0) return null;
  try {
    const [term, at] = readSum([...cut, ...Array(depth).fill(")")], 0, 1);
    return at === cut.length + depth ? evaluate(term) : null;
  } catch {
    return null;
  }
}

/**
 * The check of `text` against the board: {tone, words, action?, sum?} where tone is "empty", "growing",
 * "wrong" (cannot be sent: the reason), "short" (a whole sum not using every value), or "ready" (sendable:
 * `action` is the legal action to send first and `sum` the sum's notation); `makes` says if it makes 24.
 */
export function check(text, board, step) {
  const { values } = board;
  if (!text.trim()) return { tone: "empty", words: "Click the values and signs, or type the sum." };
  let list;
  try {
    if (text.length > LONGEST) throw new NotationError(`a sum is written in at most ${LONGEST} characters`);
    list = tokens(text);
  } catch (err) {
    return { tone: "wrong", words: `Not a sum: ${err.message}.` };
  }
  const numbers = list.filter((t) => typeof t === "number");
  const bad = misuse(numbers, values);
  if (bad) return { tone: "wrong", words: `Not allowed: ${bad}.` };
  let term;
  try {
    term = parseExpression(text);
  } catch (err) {
    if (!err.unfinished) return { tone: "wrong", words: `Not a sum: ${err.message}.` };
    const value = soFar(list);
    return { tone: "growing", words: value ? `So far it makes ${valueText(value)}.` : "Go on: a value or ( comes next." };
  }
  const value = evaluate(term);
  const makes = value ? `makes ${valueText(value)}` : "divides by nought, so it makes no number";
  const used = placesOf(numbers, values);
  if (numbers.length < values.length) {
    const left = values.filter((_, p) => !used.includes(p)).map(String);
    return { tone: "short", words: `It ${makes} so far, but every value is used once: put in ${listWords(left)} too.` };
  }
  const notation = writeExpression(term);
  const pattern = writeExpression(term, (_, i) => letter(i));
  const action = step.shapes ? step.shapes.get(pattern) : step.sums.get(notation);
  if (!action) {
    const chosen = step.sums && step.sums.size ? writeExpression(parseExpression(argOf([...step.sums.values()][0])), (_, i) => letter(i)) : null;
    return { tone: "wrong", words: chosen
      ? `Not allowed: the shape chosen for this sum is ${prettySum(chosen)}, and ${prettySum(notation)} is ${prettySum(pattern)}.`
      : `Not allowed: the game takes no sum of the shape ${prettySum(pattern)}.` };
  }
  const right = value && value[0] === 24n && value[1] === 1n;
  return {
    tone: "ready", makes: right, action, sum: step.shapes ? null : action, notation,
    words: right ? "It makes 24." : `It ${makes}, not 24: stated, it loses you the board.`,
  };
}

// --- the builder ---------------------------------------------------------------------------------------------

const SIGNS = [
  { text: "+", sign: "+", name: "plus", id: "plus", kind: "op" },
  { text: "−", sign: "−", name: "minus", id: "minus", kind: "op" },
  { text: "×", sign: "×", name: "times", id: "times", kind: "op" },
  { text: "÷", sign: "÷", name: "divided by", id: "divide", kind: "op" },
  { text: "(", sign: "(", name: "open bracket", id: "open", kind: "open" },
  { text: ")", sign: ")", name: "close bracket", id: "close", kind: "close" },
];

// The signs as keys type them, written as the builder's keys write them.
const KEYED = { "+": "+", "-": "−", "−": "−", "*": "×", x: "×", "×": "×", "/": "÷", "÷": "÷" };

let desk = null;          // the builder of the current board: kept across redraws, so its sum and focus stay

/** What the text ends with, for the buttons that may follow: "none", "number", "op", "open", "close" or "odd". */
function lastKind(text) {
  const t = text.trimEnd();
  if (!t) return "none";
  const c = t.at(-1);
  if (/\d/.test(c)) return "number";
  if (c === "(") return "open";
  if (c === ")") return "close";
  return /[-+*/×xX÷−–]/.test(c) ? "op" : "odd";
}

/** The text less its last token (a number or a sign). */
function backOne(text) {
  const t = text.trimEnd();
  const cut = /\d$/.test(t) ? t.replace(/\d+$/, "") : t.slice(0, -1);
  return cut.trimEnd();
}

function makeDesk(key, board) {
  const d = { key, board, text: "", pending: null, context: null, step: null, result: null };
  const field = el("input", {
    type: "text", class: "sum-input", autocomplete: "off", autocapitalize: "off", spellcheck: false,
    enterkeyhint: "send", maxlength: String(LONGEST), "aria-label": "your sum", dataset: { testid: "sum-input" },
    placeholder: "or type it here",
  });
  field.addEventListener("input", () => {
    d.text = field.value;
    update(d);
  });
  field.addEventListener("keydown", (event) => {
    if (event.key === "Enter") {
      event.preventDefault();
      stateSum(d);
    } else if (event.key === "Escape" && field.value) {
      event.preventDefault();
      setText(d, "");
    }
  });
  const values = board.values.map((value, place) => el("button", {
    type: "button", class: "action sum-value",
    dataset: { testid: `sum-value-${place}`, name: board.cards ? `${value} (${cardName(board.cards[place])})` : String(value) },
    onclick: () => put(d, String(value)),
  }, el("span", { class: "sum-number", text: String(value) }),
  board.cards ? el("span", { class: "sum-card" }, cardText(board.cards[place])) : null));
  const signs = SIGNS.map((sign) => el("button", {
    type: "button", class: "action sum-sign", dataset: { testid: `sum-sign-${sign.id}` }, "aria-label": sign.name,
    onclick: () => put(d, sign.kind === "op" ? ` ${sign.sign} ` : sign.sign),
  }, sign.text));
  const back = el("button", { type: "button", class: "sum-back", dataset: { testid: "sum-back" },
    "aria-label": "back: take off the last value or sign", onclick: () => setText(d, backOne(d.text)) }, "⌫ Back");
  const clear = el("button", { type: "button", class: "sum-clear", dataset: { testid: "sum-clear" },
    onclick: () => setText(d, "") }, "Clear");
  const verdict = el("p", { class: "sum-check", role: "status", "aria-live": "polite", dataset: { testid: "sum-check" } });
  const send = el("button", { type: "button", class: "action sum-send", dataset: { testid: "sum-send" },
    onclick: () => stateSum(d) }, "State the sum");
  const hint = el("p", { class: "sum-hint", dataset: { testid: "sum-hint" }, hidden: true });
  d.parts = { field, values, signs, back, clear, verdict, send, hint };
  d.node = el("section", { class: "sum-builder", role: "group", "aria-label": "your sum", dataset: { testid: "sum-builder" } },
    el("div", { class: "sum-values" }, values),
    el("div", { class: "sum-signs" }, signs),
    el("div", { class: "sum-entry" }, field, back, clear),
    verdict, hint,
    el("div", { class: "sum-go" }, send));
  // Keys pressed on the builder's buttons write the sum too: a value, a sign, Backspace.
  d.node.addEventListener("keydown", (event) => {
    if (event.target === field || event.ctrlKey || event.metaKey || event.altKey) return;
    if (/^[\d()]$/.test(event.key)) {
      event.preventDefault();
      put(d, event.key);
    } else if (KEYED[event.key]) {
      event.preventDefault();
      put(d, ` ${KEYED[event.key]} `);
    } else if (event.key === "Backspace") {
      event.preventDefault();
      setText(d, backOne(d.text));
    }
  });
  return d;
}

function put(d, piece) {
  const joined = `${d.text.trimEnd()}${piece}`;
  setText(d, /^ /.test(piece) ? joined : piece === ")" || lastKind(d.text) !== "op" ? joined : `${d.text.trimEnd()} ${piece}`);
}

function setText(d, text) {
  const focused = document.activeElement;
  d.text = text.replace(/^\s+/, "");
  d.parts.field.value = d.text;
  update(d);
  // A button that the sum has just used up hands the focus on, so the keyboard carries on from it.
  if (focused && d.node.contains(focused) && focused.disabled) {
    const next = [...d.parts.values, ...d.parts.signs, d.parts.send].find((b) => !b.disabled);
    if (next) next.focus();
  }
}

/**
 * Send the sum: its shape first where the game asks for one, and the sum once the server has answered it
 * (claim() sends it, on the redraw that brings the sums). A shape refused leaves the sum to be sent again.
 */
async function stateSum(d) {
  const { result, context } = d;
  if (!result || result.tone !== "ready" || context.disabled || d.pending) return;
  d.pending = { notation: result.notation, version: context.payload.version, solving: Boolean(result.sum) };
  update(d);
  try {
    await context.send(result.sum || result.action);
  } finally {
    if (d.pending && (result.sum || !d.pending.solving)) {
      d.pending = null;
      update(d);
    }
  }
}

function update(d) {
  const { board, context, parts } = d;
  const result = check(d.text, board, d.step);
  d.result = result;
  const numbers = (d.text.match(/\d+/g) || []).map(Number);
  const used = new Set(placesOf(numbers, board.values).filter((p) => p !== null));
  const last = lastKind(d.text);
  let depth = 0;
  for (const c of d.text) depth += c === "(" ? 1 : c === ")" ? -1 : 0;
  const full = used.size === board.values.length;
  const waiting = Boolean(d.pending);
  const wantsTerm = last === "none" || last === "op" || last === "open" || last === "odd";
  const wantsSign = last === "number" || last === "close" || last === "odd";
  parts.values.forEach((button, place) => {
    button.disabled = waiting || used.has(place) || !wantsTerm;
    button.classList.toggle("used", used.has(place));
    button.setAttribute("aria-label", `${button.dataset.name}${used.has(place) ? ", used" : ""}`);
  });
  parts.signs.forEach((button, k) => {
    const { kind } = SIGNS[k];
    button.disabled = waiting || (kind === "op" ? !wantsSign || full
      : kind === "open" ? !wantsTerm || full : !wantsSign || depth <= 0);
  });
  parts.back.disabled = waiting || !d.text;
  parts.clear.disabled = waiting || !d.text;
  parts.field.readOnly = waiting;
  const ready = result.tone === "ready";
  parts.send.disabled = context.disabled || waiting || !ready;
  parts.send.classList.toggle("primary", ready && result.makes);
  parts.send.textContent = waiting ? "Stating…" : ready && !result.makes ? "State it anyway" : "State the sum";
  parts.verdict.textContent = waiting ? `Stating ${prettySum(d.pending.notation)}…` : result.words;
  parts.verdict.dataset.tone = waiting ? "waiting" : result.tone === "ready" ? (result.makes ? "good" : "off") : result.tone;
  const hint = context.hint && (d.step.shapes ? d.step.shapes : d.step.sums);
  const hinted = hint ? [...hint.entries()].find(([, action]) => action === context.hint) : null;
  parts.hint.hidden = !hinted;
  if (hinted) {
    parts.hint.replaceChildren(d.step.shapes
      ? `Hint: a sum shaped ${prettySum(hinted[0])} (a, b, c, d: the values in the order you write them).`
      : `Hint: ${prettySum(hinted[0])}.`);
  }
}

/**
 * The family's claim: the sum builder in place of every action of family "sum", or null where the view does
 * not say the board's values (the generic buttons then stay).
 */
export function claim(actions, context) {
  const mine = ofFamily(actions, context.families, "sum");
  const shapes = mine.filter(isShape);
  const sums = mine.filter((a) => !isShape(a) && isSum(a));
  if (!shapes.length && !sums.length) return null;
  let leaves;
  try {
    leaves = shapes.length ? argOf(shapes[0]).replace(/[^a-z]/g, "").length : numbersOf(parseExpression(argOf(sums[0]))).length;
  } catch {
    return null;
  }
  const { view, payload } = context;
  let board;
  try {
    board = boardOf(view, leaves, sums);
  } catch {
    board = null;
  }
  if (!board) return null;
  const key = [payload.table_id, view.seat, view.hand_number, board.values.join(",")].join("|");
  if (!desk || desk.key !== key) desk = makeDesk(key, board);
  const d = desk;
  d.context = context;
  d.step = shapes.length
    ? { shapes: new Map(shapes.map((a) => [argOf(a), a])), sums: null }
    : { shapes: null, sums: new Map(sums.map((a) => [writeExpression(parseExpression(argOf(a))), a])) };
  // The server has answered the shape: the sum follows (once the page is free to send), or the step is gone.
  if (d.pending && !d.pending.solving && payload.version !== d.pending.version) {
    const action = d.step.sums && d.step.sums.get(d.pending.notation);
    if (!action) {
      d.pending = null;
    } else if (!context.disabled) {
      const pending = d.pending;
      pending.solving = true;
      setTimeout(async () => {
        try {
          await context.send(action);
        } finally {
          if (d.pending === pending) {
            d.pending = null;
            update(d);
          }
        }
      }, 0);
    }
  }
  update(d);
  // The page redraws the hand area by putting its parts back: the focus (and the caret) are put back too.
  const active = document.activeElement;
  if (active && d.node.contains(active)) {
    const caret = active === d.parts.field ? [active.selectionStart, active.selectionEnd] : null;
    queueMicrotask(() => {
      if (!d.node.isConnected || document.activeElement === active) return;
      active.focus({ preventScroll: true });
      if (caret) active.setSelectionRange(...caret);
    });
  }
  return { node: d.node, taken: new Set([...shapes, ...sums]) };
}
