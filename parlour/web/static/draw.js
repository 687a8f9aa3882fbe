// Drawing a view: the pure drawing shared by the table page (table.js) and the replay page (replay.js).
//
// Like the terminal (parlour/cli/table.py), nothing here knows a game. Zones and `extra` are drawn by the
// kind the view gives each (`view.kinds`, from parlour/engine/view.py's ZONE_KINDS): a trick is laid out
// around the centre, a card is a card, a count is a stack of backs, cards are a pile, records (Divide and
// Conquer's matches) are small rows, a list of calls is a bidding grid, a seat is named as the viewer knows
// it (by the game's own seat names, North to West, which the page puts in the view as `seat_names`). A view
// made before views said what their zones hold (an old replay) is drawn by the shape of its values instead.
// A new game is drawn the day it exists.
//
// Everything here draws from its arguments alone (a view, the seat kinds) into the page's fixed places,
// found by id: slot-left, slot-top, slot-right, slot-bottom and felt (the seats), centre (the zones), hand,
// scores, extra-panel and extra, log. It holds no state and talks to no server: what the table page
// remembers between views (the last trick's winner, a deal's last trick) lives in the trickKeeper it makes.

import { SUITS, cardBackSvg, cardName, cardSvg, cardText, isCard, isOneOfASuit, parseCard, proseFragment, symbolText } from "./cards.js";
import { el, label, replace } from "./dom.js";
import { ofKind, ownedNode, recordLines, saysNothing, title } from "./facts.js";
import { agreeing, capitalise, peopleText, peopleWords, personLabel, personName } from "./people.js";
import { bankedSeats, bankerSeat, handOnTable } from "./families/banking.js";
import { familyHelper, familyZone } from "./families/zones.js";
import { balanceShown, coveredBySeatShown, handCaption, isShownList, seatShownNode, shownEntries, shownZone } from "./shown.js";

/** A number of cards in words that agree: "1 card", "3 cards". */
export const cardsWord = (n) => `${n} ${n === 1 ? "card" : "cards"}`;

const $ = (id) => document.getElementById(id);

const PILE_SHOWN = 8;          // a pile shows only its top cards, as a real one does
const RECORDS_SHOWN = 14;      // a list of records (matches, melds) shows its latest ones
const LOG_SHOWN = 300;         // log lines kept in the page; older ones are counted, not drawn
const BACKS_SHOWN = 5;         // backs drawn for a seat's hidden cards; the number says the rest

/**
 * A seat's name: who sits there where the table page knows it (`names`: Ann, Medium bot), else the game's
 * own where it names its seats (bridge's North, East, South, West, which the table page puts in the view as
 * `seat_names`), otherwise its letter ("Player B"). `capital` is kept for callers; names start with one.
 */
export function seatName(seat, view, capital = false) {
  return capital ? capitalise(personName(seat, view)) : personName(seat, view);
}

/** How a seat is named to the viewer of `view`: "you" for the view's own seat. */
export function seatLabel(seat, view) {
  return personLabel(seat, view);
}

/**
 * A line of the engine's prose with its seats and sides named as people (people.js): "seat 2 wins" reads
 * "South wins", or "You win" for the viewer; "side 0 +780" reads "You and North +780".
 */
export function namedSeatsText(text, view) {
  return peopleText(text, view);
}

// --- drawing: small pieces ----------------------------------------------------------------------------------

/** A card as a picture: `size` is "" (hand), "small" or "tiny". */
export function cardPicture(text, size = "small", extraClass = "") {
  return el("div", { class: `card ${size} ${extraClass}`.trim(), dataset: { card: text } }, cardSvg(text));
}

export function backPicture(size = "small", labelText = "face-down card") {
  return el("div", { class: `card back ${size}` }, cardBackSvg({ label: labelText }));
}

/** "match 7H" as text with the card as a symbol: "match 7♥". */
export function notationText(action) {
  return String(action).split(" ").map((t) => (isCard(t) || isOneOfASuit(t) ? symbolText(t) : t)).join(" ");
}

/** "match 7H" in words for screen readers: "match seven of hearts". */
export function notationWords(action) {
  return String(action).split(" ").map((t) => (isCard(t) ? cardName(t) : t)).join(" ");
}

export function notationNode(action) {
  const [verb, ...args] = String(action).split(" ");
  return el("span", { class: "notation" }, verb, args.map((a) => [" ", isCard(a) || isOneOfASuit(a) ? cardText(a) : a]));
}

export const testid = (action) => `action-${String(action).replace(/\s+/g, "-")}`;

/** Any value of a zone, a seat fact or `extra`, as inline text (cards as coloured symbols). */
export function valueNode(value, view = null) {
  if (value === null || value === undefined) return el("span", { class: "muted", text: "—" });
  if (typeof value === "boolean") return document.createTextNode(value ? "yes" : "no");
  if (typeof value === "number") return document.createTextNode(String(value));
  if (typeof value === "string") return isCard(value) ? cardText(value) : el("span", {}, proseFragment(view ? peopleText(value, view) : agreeing(value)));
  if (Array.isArray(value)) {
    if (!value.length) return el("span", { class: "muted", text: "—" });
    if (value.every((v) => typeof v === "string" && isCard(v))) {
      return el("span", { class: "card-run" }, value.flatMap((v, i) => (i ? [" ", cardText(v)] : [cardText(v)])));
    }
    // Lists inside a list are set apart by a wider mark than their items, so the two levels read apart.
    const gap = value.some(Array.isArray) ? " · " : ", ";
    return el("span", {}, value.flatMap((v, i) => (i ? [gap, valueNode(v, view)] : [valueNode(v, view)])));
  }
  if (typeof value === "object") {
    return el("span", { class: "kv-inline" }, Object.entries(value).flatMap(([k, v], i) => {
      const key = isCard(k) ? cardText(k) : el("span", { class: "muted", text: view ? title(k, view) : label(k) });
      const part = el("span", { class: "kv-pair" }, key, ": ", valueNode(v, view));
      return i ? [" · ", part] : [part];
    }));
  }
  return document.createTextNode(String(value));
}


// --- seats around the table -----------------------------------------------------------------------------------

/**
 * Where each seat sits on screen. The viewer (seat 0 for a spectator) is at the bottom and the seats
 * follow round the table as they are numbered, each at the left of the one before (the engine's
 * seating): the next seat is on the left, then across, then on the right. A clockwise game's play
 * therefore passes to the left, and a counter-clockwise one's (Tute) to the right, as at a real table.
 * Returns {seat: {area, index}} with area "bottom" | "left" | "top" | "right".
 */
export function arrangeSeats(count, bottom) {
  const others = count - 1;
  const sides = others <= 2 ? 0 : others <= 5 ? 1 : 2;
  const places = {};
  for (let k = 0; k < count; k++) {
    const seat = (bottom + k) % count;
    if (k === 0) places[seat] = { area: "bottom", index: 0 };
    else if (k <= sides) places[seat] = { area: "left", index: k - 1 };                 // drawn bottom-up
    else if (k > others - sides) places[seat] = { area: "right", index: k - (others - sides) - 1 };
    else places[seat] = { area: "top", index: k - sides - 1 };
  }
  return places;
}


/**
 * `places` (arrangeSeats) with `head` (the banker the view declares) moved to the middle of the top, where a
 * banking table's bank sits, changing places with the seat there; unchanged where there is none or it is yours.
 */
export function headOfTable(places, head) {
  if (head === null || !places[head] || places[head].area === "bottom") return places;
  const top = Object.entries(places).filter(([, p]) => p.area === "top").sort(([, a], [, b]) => a.index - b.index);
  if (!top.length) return places;
  const [middle] = top[Math.floor((top.length - 1) / 2)];
  if (Number(middle) === head) return places;
  return { ...places, [head]: places[middle], [middle]: places[head] };
}

/** A seat's kind ("human", "open", a bot kind) in GET /api/tables/{id}'s `seats`, or null when unknown. */
export function seatKind(kinds, seat) {
  const found = (kinds || []).find((s) => s.seat === seat);
  return found ? found.kind : null;
}

export function kindWords(kind) {
  if (!kind) return null;
  if (kind === "human") return "player";
  if (kind === "open") return "guest";        // a friend's seat, joined by link
  return `bot · ${kind}`;
}

export function seatPanel(facts, view, compact, kinds = [], play = {}) {
  const seat = facts.seat;
  const mine = seat === view.seat;
  const toMove = (view.to_move || []).includes(seat);
  const score = (view.scores || [])[seat];
  const kind = kindWords(seatKind(kinds, seat));
  const held = typeof facts.held === "number" ? facts.held : null;
  // At a deal's end the cards the rules show lie here, face up, in place of the backs and face-up cards
  // they include (shown.js).
  const shownNode = seatShownNode(facts, view);
  const covered = coveredBySeatShown(facts, view);
  const faceUp = covered.faceUp;

  const head = el("div", { class: "seat-head" },
    el("span", { class: "seat-name", text: seatName(seat, view, true) }),
    mine ? el("span", { class: "badge you", text: "you" }) : null,
    facts.role ? el("span", { class: "badge role", dataset: { testid: `role-${seat}` }, text: facts.role }) : null,
    kind ? el("span", { class: "seat-kind", text: kind }) : null,
    toMove ? el("span", { class: "badge to-move", text: mine ? "your turn" : "to move" }) : null);

  // A hand laid open on the table (bridge's dummy, a banker's hand turned: the view says every card it holds
  // lies face up) is drawn as a hand, once. Counting cannot tell it: a stud player's up-cards may be as many
  // as the cards it holds face down.
  // A seat whose hands a family table draws in the middle (a banking game's, with their totals) shows none here.
  const banked = bankedSeats(view).has(seat);
  const open = !banked && !mine && facts.open === true && faceUp.length > 0;
  // Hidden cards as a few backs and a number: the number is the fact, the backs make it read at a glance.
  let heldNode = null;
  // None held beside cards laid before the seat (its rows, a hand shown) is no news: no lone "0".
  if (!banked && !mine && held !== null && !open && covered.backs && (held > 0 || (!faceUp.length && !shownNode))) {
    const backs = [];
    for (let i = 0; i < Math.min(held, BACKS_SHOWN); i++) backs.push(backPicture("tiny", null));
    heldNode = el("div", { class: "held", title: `${cardsWord(held)} held`, "aria-label": `${cardsWord(held)} held`, role: "img" },
      el("div", { class: "backs" }, backs),
      el("span", { class: "held-count", text: `${held}` }));
  }
  // Your own face-up cards that are still in your hand (you are dummy) are seen in the hand below.
  const inHand = new Set(view.hand || []);
  const shownBelow = mine && faceUp.length > 0 && faceUp.every((c) => inHand.has(c));
  const faceUpNode = open ? openHand(faceUp, seat, view, play)
    : faceUp.length && !shownBelow && !banked ? el("div", { class: "face-up", "aria-label": "face up" }, faceUp.map((c) => cardPicture(c, "tiny")))
      : null;

  const factsList = [];
  // Where a game scores by chips held, the stack says the score: it is not said twice.
  if (score !== undefined && score !== null && score !== facts.chips) factsList.push(["score", score]);
  if (facts.tricks !== null && facts.tricks !== undefined) factsList.push(["tricks", facts.tricks]);
  // A side is named by its players: a seat's fact is its partners, never "team 1".
  const partners = Number.isInteger(facts.team) ? (view.seats || []).filter((f) => f && f.team === facts.team && f.seat !== seat).map((f) => f.seat) : [];
  if (partners.length) factsList.push([partners.length > 1 ? "partners" : "partner", peopleWords(partners, view)]);
  // Your cards are all in your hand below, face up before you or not (a seat's `held` counts hidden ones).
  if (mine && held !== null) factsList.push(["cards", (view.hand || []).length || held]);
  // Any other seat fact a future game adds is still shown, by the same rules as `extra`.
  for (const [k, v] of Object.entries(facts)) {
    if (!["seat", "team", "held", "face_up", "tricks", "chips", "status", "bet", "role", "open"].includes(k) && v !== null && v !== "") factsList.push([k, v]);
  }
  // Chips: the seat's stack, and what it has put out in front of it this round (its bet, or its stake).
  const hasChips = Number.isInteger(facts.chips);
  const hasBet = Number.isInteger(facts.bet) && facts.bet > 0;
  const chipsNode = (hasChips || hasBet) ? el("div", { class: "seat-chips" },
    hasChips ? el("span", { class: "seat-stack" }, chipStack(facts.chips, `${seatName(seat, view, true)}'s chips`)) : null,
    hasBet ? el("span", { class: "seat-bet", dataset: { testid: `bet-${seat}` } },
      el("span", { class: "muted", text: "bet " }), chipStack(facts.bet, `${seatName(seat, view, true)}'s bet`)) : null) : null;

  return el("div", {
    class: `seat${mine ? " me" : ""}${toMove ? " to-move" : ""}${compact ? " compact" : ""}${open ? " open" : ""}${shownNode ? " showing" : ""}`,
    dataset: { testid: `seat-${seat}`, seat: String(seat) },
    "aria-label": `${seatName(seat, view)}${mine ? " (you)" : ""}${toMove ? ", to move" : ""}`,
    role: "group",
  },
  head,
  facts.status ? el("div", { class: "seat-status" }, proseFragment(facts.status)) : null,
  (heldNode || faceUpNode) ? el("div", { class: "seat-cards" }, heldNode, faceUpNode) : null,
  shownNode,
  chipsNode,
  factsList.length ? el("div", { class: "seat-facts" }, factsList.map(([k, v]) =>
    el("span", { class: "fact" }, el("span", { class: "muted", text: `${label(k)} ` }), valueNode(v, view)))) : null);
}

/**
 * A hand laid face up before its seat, in the game's order, as a person lays it: each suit a fanned run of
 * full-size cards, the runs side by side where there is room and one under another where there is not.
 * When it is your turn and an action names one of these cards (the declarer plays dummy's), the card is a
 * button calling `play.onCard(button, card, actions)`, as a card of your own hand is.
 */
function openHand(cards, seat, view, { onCard = null, busy = false } = {}) {
  const live = onCard !== null && !busy && isMyTurn(view);
  const actionsOf = (card) => (live ? (view.legal_actions || []).filter((a) => String(a).split(" ").slice(1).includes(card)) : []);
  const picture = (card) => {
    const actions = actionsOf(card);
    if (!actions.length) return cardPicture(card, "");
    return el("button", {
      type: "button", class: "card playable", dataset: { testid: `card-${card}`, card, playable: "true" },
      "aria-label": `${cardName(card)}: ${actions.length === 1 ? notationWords(actions[0]) : `${actions.length} choices`}`,
      title: actions.map(notationText).join(" / "), onclick: (event) => onCard(event.currentTarget, card, actions),
    }, cardSvg(card, { label: false }));
  };
  const runs = [];
  for (const card of cards) {
    const suit = (parseCard(card) || {}).suit || null;
    if (!runs.length || runs[runs.length - 1].suit !== suit) runs.push({ suit, cards: [] });
    runs[runs.length - 1].cards.push(card);
  }
  const playing = cards.some((card) => actionsOf(card).length);     // dummy's turn: the rest are dimmed
  return el("div", { class: `open-hand${playing ? " my-turn" : ""}`, dataset: { testid: `open-hand-${seat}` }, role: "group",
    "aria-label": `${seatName(seat, view)}'s cards, face up` },
  runs.map((run) => el("div", { class: "suit-run" }, run.cards.map(picture))));
}

/** The seats round the felt; `play` ({onCard, busy}) lets you play the cards of a hand laid open (dummy's). */
export function renderSeats(view, kinds = [], play = {}) {
  const seats = view.seats || [];
  const count = seats.length;
  const places = headOfTable(arrangeSeats(count, view.seat ?? 0), bankerSeat(view));
  const areas = { left: [], top: [], right: [], bottom: [] };
  for (const facts of seats) {
    const place = places[facts.seat] || { area: "top", index: 99 };
    areas[place.area][place.index] = seatPanel(facts, view, place.area !== "top" && place.area !== "bottom" && count > 4, kinds, play);
  }
  replace($("slot-left"), areas.left.filter(Boolean).reverse());    // first seat after the viewer nearest the bottom
  replace($("slot-top"), areas.top.filter(Boolean));
  replace($("slot-right"), areas.right.filter(Boolean));
  replace($("slot-bottom"), areas.bottom.filter(Boolean));
  $("felt").dataset.seats = String(count);
  // Seats showing their cards at a deal's end: a phone gives each seat the width to lay them out.
  $("felt").classList.toggle("showing", seats.some((facts) => seatShownNode(facts, view) !== null));
  onWidthChange($("felt"), () => balanceShown($("felt")));
  balanceShown($("felt"));
}


// --- the zones in the middle ----------------------------------------------------------------------------------

const isPlay = (item) => item && typeof item === "object" && !Array.isArray(item) && "card" in item && "seat" in item
  && Object.keys(item).every((k) => k === "seat" || k === "card");

/** The kind of a view made before views said what their zones hold, read from the value's shape alone. */
export function shapeKind(value) {
  if (Array.isArray(value)) {
    if (value.length && value.every(isPlay)) return "trick";
    if (value.every((v) => typeof v === "string" && isCard(v))) return "cards";
    if (value.every((v) => v && typeof v === "object" && !Array.isArray(v))) return "records";
    return "fact";
  }
  if (typeof value === "string" && isCard(value)) return "card";
  return "fact";
}

/** What the table zone or `extra` entry `name` holds (`part` is "table" or "extra"), as its view says. */
export function zoneKind(view, part, name, value) {
  const declared = ((view.kinds || {})[part] || {})[name];
  return declared || shapeKind(value);
}

/** A value as inline text by its kind: seats named as the viewer knows them, anything else by its shape. */
export function kindValueNode(kind, value, view) {
  const seat = (s) => (Number.isInteger(s) ? document.createTextNode(seatLabel(s, view)) : valueNode(s, view));
  const seats = (list) => el("span", {}, list.flatMap((s, i) => [i ? ", " : "", seat(s)]));
  if (kind === "seat") return seat(value);
  const owned = ownedNode(kind, value, view);
  if (owned) return owned;
  if (kind === "records" && Array.isArray(value) && value.length && value.every((r) => r && typeof r === "object")) {
    return recordLines(value, view);
  }
  if (typeof value === "string" && !isCard(value)) return el("span", {}, proseFragment(namedSeatsText(value, view)));
  if ((kind === "seats" || kind === "turn_order") && Array.isArray(value) && value.length) {
    return value.every(Array.isArray)
      ? el("span", {}, value.flatMap((side, i) => [i ? " · " : "", seats(side)]))
      : seats(value);
  }
  return valueNode(value, view);
}

/**
 * A trick: each card placed toward the seat that played it (left, across, right or yours, as the seats sit
 * round the felt), with the seat's name under it; `winner`, where known, is marked with a star.
 */
function playsZone(name, plays, view, small, { winner = null, note = null } = {}) {
  const count = (view.seats || []).length;
  const places = arrangeSeats(count, view.seat ?? 0);
  const size = small ? "tiny" : "small";
  const seen = new Set();
  const compass = count >= 2 && count <= 8 && plays.every((p) => Number.isInteger(p.seat) && places[p.seat] && !seen.has(p.seat) && seen.add(p.seat));
  const won = (play) => play.seat === winner;
  const figure = (play, i) => el("figure", { class: `play${i === 0 ? " led" : ""}${won(play) ? " winner" : ""}`, dataset: { testid: `play-${name}-${play.seat}` } },
    cardPicture(play.card, size),
    el("figcaption", {}, seatLabel(play.seat, view), won(play) ? el("span", { class: "won-mark", text: " ★ won" })
      : i === 0 && plays.length > 1 ? el("span", { class: "led-mark", text: " · led" }) : null));
  let body;
  if (!plays.length) {
    body = el("div", { class: "empty-zone", text: "no cards yet" });
  } else if (compass) {
    const cells = { left: [], top: [], right: [], bottom: [] };
    plays.forEach((play, i) => {
      const place = places[play.seat];
      cells[place.area][place.index] = figure(play, i);
    });
    body = el("div", { class: "compass" },
      el("div", { class: "cell cell-left" }, cells.left.filter(Boolean).reverse()),
      el("div", { class: "cell cell-top" }, cells.top.filter(Boolean)),
      el("div", { class: "cell cell-right" }, cells.right.filter(Boolean)),
      el("div", { class: "cell cell-bottom" }, cells.bottom.filter(Boolean)));
  } else {
    body = el("div", { class: "play-row" }, plays.map(figure));
  }
  return zoneBox(name, body, `zone-plays${small ? " zone-small" : ""}`, note);
}

const seatTricks = (view) => (view.seats || []).map((s) => (Number.isInteger(s.tricks) ? s.tricks : null));

/**
 * Who won the last trick, from view data alone: the seat leading the trick now being played (the winner
 * leads the next trick), or else the one seat whose count of tricks went up by one since the view before
 * (`before`, the counts then). Null when neither tells: a partnership counting tricks by side, say.
 */
export function lastTrickWinner(current, before, now) {
  if (Array.isArray(current) && current.length && Number.isInteger(current[0].seat)) return current[0].seat;
  if (!Array.isArray(before) || !Array.isArray(now) || before.length !== now.length) return null;
  const grew = now.map((n, s) => (Number.isInteger(n) && Number.isInteger(before[s]) && n === before[s] + 1 ? s : null)).filter((s) => s !== null);
  const changed = now.filter((n, s) => n !== before[s]).length;
  return grew.length === 1 && changed === 1 ? grew[0] : null;
}

const samePlays = (a, b) => Array.isArray(a) && Array.isArray(b) && a.length === b.length
  && a.every((p, i) => p.seat === b[i].seat && p.card === b[i].card);

/**
 * The table page's memory of tricks between views, so that the last trick stays readable after it is
 * gathered: who won it (worked out when it was gathered, see lastTrickWinner), and the last trick seen of
 * a deal once the next deal has begun and the view no longer shows it. Each call takes the new view's
 * current trick and last trick (null where it has none) and answers {winner, previous}: `previous` is
 * {hand, plays, complete, winner} for a deal gone by, drawn while the new deal has no last trick of its own.
 * A `taker` given (the server's word on who took the deal's last trick) is the last trick's winner.
 */
export function trickKeeper() {
  let before = null;          // the seats' trick counts in the view before
  let known = null;           // {plays, winner}: the last trick and its winner, once worked out
  let latest = null;          // {hand, plays, complete, winner}: the latest trick seen, finished or not
  return (view, current, last, taker = null) => {
    const now = seatTricks(view);
    let winner = null;
    if (last && last.length) {
      winner = Number.isInteger(taker) ? taker
        : known && samePlays(known.plays, last) && known.winner !== null ? known.winner : lastTrickWinner(current, before, now);
      known = { plays: last, winner };
    }
    const hand = view.hand_number;
    const previous = !(last && last.length) && latest && latest.hand !== hand ? latest : null;
    if (current && current.length) latest = { hand, plays: current, complete: false, winner: null };
    else if (last && last.length) latest = { hand, plays: last, complete: true, winner };
    before = now;
    return { winner, previous };
  };
}

// --- the auction as a bidding grid ------------------------------------------------------------------------------

const CALL_WORDS = { pass: "Pass", double: "Double", redouble: "Redouble" };
const STRAIN_WORDS = { C: "clubs", D: "diamonds", H: "hearts", S: "spades", NT: "no trumps" };
const LEVEL_WORDS = ["", "one", "two", "three", "four", "five", "six", "seven"];

/** Whether a list of calls can be drawn as a grid: three or four seats, every record a seat and its call. */
export function isCallList(records, seatCount) {
  return (seatCount === 3 || seatCount === 4) && records.every((r) => r && typeof r === "object"
    && Number.isInteger(r.seat) && r.seat >= 0 && r.seat < seatCount && typeof r.call === "string"
    && Object.keys(r).every((k) => k === "seat" || k === "call"));
}

/**
 * The columns of the grid, one per seat in the order the calls go round, ending with the viewer's (at the
 * bottom of the screen), so that for South the columns read W N E S as on a bridge score card. Where the
 * view declares the order the seats speak in (a `turn_order`: Mus's from mano to the right), that order is
 * the columns, so that they stay put all deal even while a lance has one call, from which no way round can
 * be read; otherwise the way round is read from the calls themselves, clockwise where they do not say.
 */
export function callColumns(records, seatCount, viewer, declared = null) {
  if (Array.isArray(declared) && declared.length === seatCount) return declared.slice();
  let back = 0;
  let on = 0;
  for (let i = 1; i < records.length; i++) {
    const step = (records[i].seat - records[i - 1].seat + seatCount) % seatCount;
    if (step === 1) on++;
    else if (step === seatCount - 1) back++;
  }
  const way = back > on ? -1 : 1;
  const bottom = Number.isInteger(viewer) ? viewer : 0;
  const columns = [];
  for (let k = 1; k <= seatCount; k++) columns.push((bottom + way * k + seatCount * seatCount) % seatCount);
  return columns;
}

/** The calls in rows of rounds: a call whose column is not right of the one before starts a new row. */
export function callRows(records, columns) {
  const rows = [];
  let at = -1;
  for (const record of records) {
    const column = columns.indexOf(record.seat);
    if (!rows.length || column <= at) rows.push(new Array(columns.length).fill(null));
    rows[rows.length - 1][column] = record.call;
    at = column;
  }
  return rows;
}

/** One call as a bidding box shows it: "1♥" in the suit's colour, "2NT", and the other calls in words. */
export function callNode(call) {
  const bid = /^([1-7])(C|D|H|S|NT)$/.exec(call);
  if (bid) {
    const [, level, strain] = bid;
    const suit = SUITS[strain];
    return el("span", { class: `call bid ${suit ? (suit.red ? "red" : "black") : "nt"}`, title: `${LEVEL_WORDS[level]} ${STRAIN_WORDS[strain]}` },
      level, suit ? suit.symbol : "NT");
  }
  const word = CALL_WORDS[call];
  return el("span", { class: `call${word ? ` ${call}` : ""}` }, word || proseFragment(call));
}

/** The auction as the grid bridge players read: a column per seat, a row per round, blanks before the first call. */
function callGridZone(name, records, view) {
  const count = (view.seats || []).length;
  const columns = callColumns(records, count, view.seat, ofKind(view, "turn_order").find(Array.isArray));
  const rows = callRows(records, columns);
  const toMove = new Set(view.to_move || []);
  const head = el("tr", {}, columns.map((s) => el("th", {
    scope: "col", class: `${s === view.seat ? "me" : ""}${toMove.has(s) ? " to-move" : ""}`.trim() || null,
    // Named seats keep their names (a bridge player reads W N E S), your column is marked by its colour.
    text: (view.seat_names || [])[s] || seatLabel(s, view), title: s === view.seat ? "you" : null,
  })));
  const body = rows.length ? rows.map((row) => el("tr", {}, row.map((call) => el("td", {}, call === null ? "" : callNode(call)))))
    : [el("tr", {}, el("td", { colspan: String(columns.length), class: "muted", text: "no calls yet" }))];
  return zoneBox(name, el("table", { class: "call-grid", dataset: { testid: `call-grid-${name}`, order: columns.join(" ") } },
    el("thead", {}, head), el("tbody", {}, body)), "zone-calls");
}

function pileZone(name, cards) {
  const shown = cards.slice(-PILE_SHOWN);
  const body = cards.length
    ? el("div", { class: "pile", "aria-label": `${label(name)}: ${cards.length} cards, top ${cardName(cards[cards.length - 1])}` },
      shown.map((c) => cardPicture(c, "small")))
    : el("div", { class: "empty-zone", text: "empty" });
  const count = cards.length > shown.length ? `${cardsWord(cards.length)}, top ${shown.length} shown` : `${cards.length}`;
  return zoneBox(name, body, "zone-pile", count);
}

/**
 * The discard pile: its top card face up (a view's `upcard` zone where a count of the pile, `pile` or
 * `discards`, lies beside it, or a game's only face-up card of the middle) and how many cards it holds.
 */
function discardPileZone(card, n, frozen = false) {
  const top = card ? cardPicture(card, "small") : el("div", { class: "card small ghost", "aria-label": "empty" });
  // A frozen pile (a zone of kind "frozen") is marked on the pile itself, as a wild card laid crosswise marks it.
  const body = frozen ? el("div", { class: "pile-frozen-wrap" }, top,
    el("span", { class: "pile-frozen", dataset: { testid: "pile-frozen" }, title: "Frozen: taken only with a natural pair of its top card", text: "frozen" })) : top;
  return zoneBox("discard_pile", body, `zone-card zone-discard${frozen ? " frozen" : ""}`, Number.isInteger(n) ? cardsWord(n) : card ? null : "empty");
}

// The zones a discard pile is drawn from: its top card, and the count of its cards where the view gives it.
const UPCARD = "upcard";
const PILE_COUNTS = ["pile", "discards"];

function countZone(name, n) {
  // "widow face down 2" reads "widow (2 cards face down)"; a face-down heap of none is not there.
  const faceDown = /^(.*)_face_down$/.exec(name);
  if (faceDown) {
    const backs = Array.from({ length: Math.min(n, 3) }, () => backPicture("small", null));
    return zoneBox(faceDown[1], el("div", { class: "stack", role: "img", "aria-label": `${cardsWord(n)} face down`, dataset: { count: String(n) } }, backs),
      "zone-count", `${cardsWord(n)} face down`);
  }
  const backs = [];
  for (let i = 0; i < Math.min(n, 3); i++) backs.push(backPicture("small", null));
  const body = el("div", { class: "stack", role: "img", "aria-label": `${label(name)}: ${cardsWord(n)}`, dataset: { count: String(n) } },
    n ? backs : el("div", { class: "card small ghost" }),
    el("span", { class: "stack-count", text: String(n) }));
  return zoneBox(name, body, "zone-count");
}

/**
 * Chips as a small stack of discs and the number: the number is the fact, the discs (more for larger
 * amounts, at most five) make a stack read as money at a glance.
 */
export function chipStack(amount, words) {
  const discs = [];
  const height = amount > 0 ? Math.min(5, 1 + Math.floor(Math.log10(amount) * 2)) : 0;
  for (let i = 0; i < height; i++) discs.push(el("span", { class: "chip-disc" }));
  return el("span", { class: "chip-stack", role: "img", "aria-label": `${words}: ${amount} chips`, title: `${words}: ${amount} chips` },
    el("span", { class: "chip-discs" }, discs),
    el("span", { class: "chip-count", text: String(amount) }));
}

/** The pots in the middle of the table, oldest (the main pot) first; a side pot names who may win it. */
function potsZone(name, pots, view) {
  const body = pots.length
    ? el("div", { class: "pots" }, pots.map((pot) => el("div", { class: "pot", dataset: { testid: `pot-${pot.name}` } },
      chipStack(pot.chips, namedSeatsText(pot.name, view)),
      el("span", { class: "pot-name", text: namedSeatsText(pot.name, view) }),
      Array.isArray(pot.seats) ? el("span", { class: "pot-seats muted", text: `for ${pot.seats.map((s) => seatLabel(s, view)).join(", ")}` }) : null)))
    : el("div", { class: "empty-zone", text: "no pot" });
  return zoneBox(name, body, "zone-pots");
}

function singleCardZone(name, card) {
  return zoneBox(name, cardPicture(card, "small"), "zone-card");
}

/**
 * Groups of cards (by side or player), each a small pile of its own, numbered from 1 as actions name them
 * ("add 7H 3" adds to the third, "lay 7H 2" stages into the second).
 */
function meldsZone(name, groups, view) {
  const body = groups.length
    ? el("div", { class: "melds" }, groups.map((cards, i) => el("figure", { class: "meld", dataset: { testid: `meld-${name}-${i + 1}` } },
      el("div", { class: "pile" }, cards.length ? cards.map((c) => cardPicture(c, "tiny")) : el("span", { class: "muted", text: "—" })),
      el("figcaption", { class: "meld-number", text: String(i + 1) }))))
    : el("div", { class: "empty-zone", text: "none" });
  return zoneBox(name, body, "zone-melds", null, view);
}

/**
 * A list of records, such as Divide and Conquer's matches: one row each, facts in words, cards small.
 * When a record's cards are one per seat (as many as there are seats), each is labelled with its seat and
 * the winner's card is marked; a `winner` is always named in words too.
 */
// A row's count of things laid out (cards face down, a wager, a bet) that is none: nothing is there to show.
const NONE_IS_NOTHING = /face_down|wager|bet|stake/;

function recordsZone(name, records, view) {
  const seatCount = (view.seats || []).length;
  const shown = records.slice(-RECORDS_SHOWN);
  const rows = shown.map((record) => {
    const words = [];
    const pictures = [];
    const winner = Number.isInteger(record.winner) ? record.winner : null;
    for (const [key, value] of Object.entries(record)) {
      if (key !== "winner" && isEmptyFact(value)) continue;    // "won by nobody" is a fact; an empty list is not
      if (value === 0 && NONE_IS_NOTHING.test(key)) continue;  // no cards face down, no wager: nothing lies there
      if (key === "cards" && Array.isArray(value) && value.every((c) => typeof c === "string" && isCard(c))) {
        const perSeat = value.length === seatCount;
        value.forEach((c, i) => pictures.push(el("figure", { class: `play${perSeat && i === winner ? " winner" : ""}` },
          cardPicture(c, "tiny"),
          perSeat ? el("figcaption", { text: `${seatLabel(i, view)}${i === winner ? " ★" : ""}` }) : null)));
      } else if (key === "card" && typeof value === "string" && isCard(value)) {
        pictures.push(cardPicture(value, "tiny"));
      } else if (Array.isArray(value) && value.every((c) => typeof c === "string" && isCard(c))) {
        // Other cards of the row (a hand's face-up cards, a side's row) as cards, under the name they go by.
        pictures.push(cardGroup(key, value));
      } else if ((key === "seat" || key === "winner") && (Number.isInteger(value) || value === null)) {
        words.push(el("span", { class: "fact" }, el("span", { class: "muted", text: key === "winner" ? "won by " : "" }),
          value === null ? "nobody" : seatLabel(value, view)));
      } else {
        words.push(el("span", { class: "fact" }, el("span", { class: "muted", text: `${label(key)} ` }), valueNode(value, view)));
      }
    }
    return el("li", { class: "record" }, el("div", { class: "record-words" }, words), el("div", { class: "record-cards" }, pictures));
  });
  const count = records.length > shown.length ? `latest ${shown.length} of ${records.length}` : null;
  return zoneBox(name, el("ol", { class: "records" }, rows), "zone-records", count);
}

/** Cards of a record under their name ("face up", "west"): a small fan with its caption. */
function cardGroup(name, cards) {
  return el("figure", { class: "card-group", dataset: { testid: `cards-${name}` } },
    el("div", { class: "pile" }, cards.map((c) => cardPicture(c, "tiny"))),
    el("figcaption", { class: "muted", text: label(name) }));
}

function factZone(name, node, view) {
  return zoneBox(name, el("div", { class: "fact-value" }, node), "zone-fact", null, view);
}

/** A flag zone that is on, drawn as its name alone ("Frozen"): "yes" beside it would say nothing more. */
function flagZone(name, view) {
  return zoneBox(name, null, "zone-fact zone-flag", null, view);
}

function zoneBox(name, body, kind, note = null, view = null) {
  const words = view ? title(name, view) : label(name);
  return el("section", { class: `zone ${kind}`, dataset: { testid: `zone-${name}` }, "aria-label": words },
    el("h3", { class: "zone-name" }, words, note ? el("span", { class: "zone-note", text: ` (${note})` }) : null),
    body);
}

const isPast = (name) => /^last[_ ]/i.test(name);

/**
 * The zones in the middle of the felt. `keeper` (a trickKeeper, on the table page) remembers tricks
 * between views, to mark who won the last trick and keep a deal's last trick in sight into the next deal.
 */
export function renderZones(view, keeper = null) {
  const main = [];
  const aside = [];
  const records = [];
  const facts = [];
  const tricks = Object.entries(view.table || {}).filter(([name, value]) => zoneKind(view, "table", name, value) === "trick" && Array.isArray(value));
  const current = (tricks.find(([name]) => !isPast(name)) || [null, null])[1];
  const last = (tricks.find(([name]) => isPast(name)) || [null, null])[1];
  const kept = keeper ? keeper(view, current, last) : { winner: lastTrickWinner(current, null, null), previous: null };
  const seatCount = (view.seats || []).length;
  const table = view.table || {};
  // An upcard that tops a discard pile is drawn as the discard pile, face up, with its count.
  const discard = UPCARD in table && zoneKind(view, "table", UPCARD, table[UPCARD]) === "card";
  const pileCount = discard ? PILE_COUNTS.find((n) => Number.isInteger(table[n]) && zoneKind(view, "table", n, table[n]) === "count") : null;
  // A heap counted face down that the rules have turned up (Comet's stub) lies face up under its name instead.
  const turnedUp = new Set(shownEntries(view).filter((s) => s.place === "centre" && s.entry.label)
    .map((s) => label(s.entry.label).toLowerCase()));
  for (const [name, value] of Object.entries(table)) {
    const kind = zoneKind(view, "table", name, value);
    if (discard && name === UPCARD) {
      main.push(discardPileZone(value, pileCount ? table[pileCount] : null, ofKind(view, "frozen").includes(true)));
      continue;
    }
    if (discard && name === pileCount) continue;
    if (kind === "count" && value === 0 && /_face_down$/.test(name)) continue;     // no face-down heap
    if (kind === "count" && turnedUp.has(label(name).toLowerCase())) continue;
    // A family's own drawing of its kind (families/zones.js), even of an empty zone (a meld board's empty place).
    const drawn = familyZone(kind, name, value, view);
    if (drawn) {
      ({ main, aside, records })[drawn.place].push(drawn.node);
      continue;
    }
    if (kind === "frozen" && (discard || !value)) continue;   // marked on the discard pile
    if (saysNothing(kind, value)) continue;          // no card yet, no melds, no words, a flag that is off
    // A "last_..." zone (the last trick) is looked at last: smaller, to the side.
    const past = isPast(name);
    if (kind === "trick" && Array.isArray(value)) (past ? aside : main).push(playsZone(name, value, view, past, past ? { winner: kept.winner } : {}));
    else if (kind === "card" && typeof value === "string") (past ? aside : main).push(singleCardZone(name, value));
    else if (kind === "count" && Number.isInteger(value)) main.push(countZone(name, value));
    else if (kind === "cards" && Array.isArray(value)) (past ? aside : main).push(pileZone(name, value));
    else if (kind === "melds" && Array.isArray(value)) main.push(meldsZone(name, value, view));
    else if (kind === "pots" && Array.isArray(value)) main.push(potsZone(name, value, view));
    else if (kind === "bids" && Array.isArray(value) && isCallList(value, seatCount)) aside.push(callGridZone(name, value, view));
    else if (["records", "bids"].includes(kind) && Array.isArray(value)) records.push(recordsZone(name, value, view));
    else if (kind === "flag") facts.push(flagZone(name, view));
    else if (kind === "shown" && isShownList(value)) {
      const stub = shownZone(name, view);       // cards of no seat; a seat's cards lie at the seat
      if (stub) main.push(stub);
    }
    else facts.push(factZone(name, kindValueNode(kind, value, view), view));
  }
  if (kept.previous) {
    const { hand, plays, complete, winner } = kept.previous;
    aside.push(playsZone("last_trick", plays, view, true, { winner, note: complete ? `deal ${hand}` : `deal ${hand}, as last seen` }));
  }
  replace($("centre"),
    el("div", { class: "zones-main" }, main, facts),
    aside.length ? el("div", { class: "zones-aside" }, aside) : null,
    records.length ? el("div", { class: "zones-records" }, records) : null);
  balanceShown($("felt"));        // the middle drawn, the seats round it may have a new width
}


// --- your hand and choices ----------------------------------------------------------------------------------

/**
 * Which legal actions each card of the hand takes part in. An action naming exactly one card of the hand
 * belongs to that card (click the card); one naming no card of the hand ("turn", "pass", "take 7H" from a
 * pile) or several ("meld 7H 7S 7D") is also a button, as a click on one card cannot say it all.
 */
export function sortActions(view) {
  const hand = new Set(view.hand || []);
  const byCard = new Map();
  const buttons = [];
  for (const action of view.legal_actions || []) {
    const inHand = [...new Set(String(action).split(" ").slice(1).filter((t) => hand.has(t)))];
    for (const card of inHand) {
      if (!byCard.has(card)) byCard.set(card, []);
      byCard.get(card).push(action);
    }
    if (inHand.length !== 1) buttons.push(action);
  }
  return { byCard, buttons };
}

/** Fewer actions than this that differ only by their number stay buttons: more become one picker. */
export const PICKER_FROM = 5;

/**
 * The buttons in their order, with every run of actions that differ only by a trailing whole number
 * ("stake 1" ... "stake 10", "buy 4" ... "buy 8") of at least PICKER_FROM gathered into one
 * `{ verb, amounts: [{ amount, action }] }` in the place of its first action, so that a choice of an amount
 * is one control rather than a row of buttons.
 */
export function groupAmounts(buttons) {
  const byVerb = new Map();
  for (const action of buttons) {
    const match = /^(.*\S)\s+(\d+)$/.exec(String(action));
    if (!match) continue;
    if (!byVerb.has(match[1])) byVerb.set(match[1], []);
    byVerb.get(match[1]).push({ amount: Number(match[2]), action });
  }
  const grouped = new Map([...byVerb].filter(([, amounts]) => amounts.length >= PICKER_FROM));
  const out = [];
  const placed = new Set();
  for (const action of buttons) {
    const match = /^(.*\S)\s+(\d+)$/.exec(String(action));
    const verb = match && grouped.has(match[1]) ? match[1] : null;
    if (verb === null) out.push(action);
    else if (!placed.has(verb)) {
      placed.add(verb);
      out.push({ verb, amounts: grouped.get(verb).sort((a, b) => a.amount - b.amount) });
    }
  }
  return out;
}

export function isMyTurn(view) {
  return view.seat !== null && view.seat !== undefined && (view.to_move || []).includes(view.seat)
    && (view.legal_actions || []).length > 0 && !view.is_over;
}


/**
 * What the hand strip says when the seat has no cards in hand: that its cards lie face down before it, unseen,
 * where it holds some there (Twenty-Four's pile, which its `held` counts), else that it has none.
 */
function noHand(view) {
  const held = ((view.seats || [])[view.seat] || {}).held;
  if (typeof held !== "number" || held <= 0) return el("p", { class: "muted", text: "no cards in hand" });
  return el("p", { class: "hand-caption", dataset: { testid: "hand-face-down" } },
    el("strong", { text: `Your ${cardsWord(held)}` }), ` lie face down before you, unseen`);
}

/**
 * The hand of the view's seat, in the order the game sorts it, into #hand. With `myTurn`, the cards that
 * `byCard` gives actions to are buttons calling `onCard(button, card, actions)`; otherwise every card is a
 * picture (a replay, or a seat waiting for its turn).
 */
export function renderHand(view, { byCard = new Map(), myTurn = false, busy = false, hint = null, onCard = () => {} } = {}) {
  const hand = view.hand || [];
  $("hand").classList.toggle("my-turn", myTurn);
  if (!byCard.size && handOnTable(view)) {     // a banking game's hands lie on the felt, each with its count
    replace($("hand"), el("p", { class: "hand-caption", dataset: { testid: "hand-on-table" } },
      el("strong", { text: "Your cards" }), " lie on the table, with their count"));
    return;
  }
  // A wider gap where the suit changes when the hand is sorted by suit.
  const suits = hand.map((c) => (parseCard(c) || {}).suit || null);
  const runs = suits.filter((s, i) => i === 0 || s !== suits[i - 1]).length;
  const groupSuits = hand.length > 1 && runs === new Set(suits).size && runs > 1;
  const cards = hand.map((card, i) => {
    const actions = byCard.get(card) || [];
    const playable = myTurn && actions.length > 0 && !busy;
    const classes = ["card", "in-hand"];
    if (groupSuits && i > 0 && suits[i] !== suits[i - 1]) classes.push("suit-break");
    // Greyed only in a turn that chooses a card of the hand: during an auction or a bet it stays readable.
    if (myTurn && byCard.size && !actions.length) classes.push("unplayable");
    if (hint && actions.includes(hint)) classes.push("hinted");
    const attrs = { class: classes.join(" "), dataset: { testid: `card-${card}`, card, playable: String(playable) } };
    if (!playable) {
      return el("div", { ...attrs, role: "img", "aria-label": cardName(card) }, cardSvg(card, { label: false }));
    }
    classes.push("playable");
    const words = actions.length === 1 ? notationWords(actions[0]) : `${actions.length} choices`;
    return el("button", {
      ...attrs, class: classes.join(" "), type: "button", "aria-label": `${cardName(card)}: ${words}`,
      title: actions.map(notationText).join(" / "), "aria-haspopup": actions.length > 1 ? "menu" : null,
      onclick: (event) => onCard(event.currentTarget, card, actions),
    }, cardSvg(card, { label: false }));
  });
  // Where the rules show your hand to all at a deal's end, it is captioned with what it counts.
  replace($("hand"), hand.length ? [handCaption(view), cards] : noHand(view));
  $("hand").style.setProperty("--count", String(Math.max(2, hand.length)));   // the CSS fans a long hand tighter
  balanceRows($("hand"));
}

// Rows laid out for a width are laid out again when that width changes (a window turned or resized); a
// change of height alone (the rows themselves) changes nothing.
const widthWatch = new WeakMap();       // a node -> {width, again}
const widths = typeof ResizeObserver === "function" ? new ResizeObserver((entries) => {
  for (const entry of entries) {
    const watched = widthWatch.get(entry.target);
    const width = entry.target.clientWidth;
    if (!watched || watched.width === width) continue;
    watched.width = width;
    watched.again();
  }
}) : null;

/** Call `again()` whenever `node`'s width changes (once set up, later calls change nothing). */
export function onWidthChange(node, again) {
  if (!node || widthWatch.has(node)) return;
  widthWatch.set(node, { width: node.clientWidth, again });
  if (widths) widths.observe(node);
}

/**
 * A hand too long for one row, in rows of even length (10 cards as 5 and 5, 13 as 7 and 6), each card
 * still showing a strip of the hand's --strip: the rows start at a `hand-break` and their first cards are
 * marked `row-start`; the CSS fans the cards for the longest row's `--row` cards across the hand's width.
 */
export function balanceRows(hand) {
  if (!hand) return;
  onWidthChange(hand, () => balanceRows(hand));
  for (const node of hand.querySelectorAll(":scope > .hand-break")) node.remove();
  const cards = [...hand.children].filter((node) => node.classList.contains("card"));
  cards.forEach((node, i) => node.classList.toggle("row-start", i === 0));
  const n = cards.length;
  const style = getComputedStyle(hand);
  const cardWidth = n ? cards[0].offsetWidth : 0;
  const strip = parseFloat(style.getPropertyValue("--strip")) || 30;
  const room = hand.clientWidth - (parseFloat(style.getPropertyValue("--fan-room")) || 0);
  const perRow = cardWidth && room > cardWidth ? Math.floor((room - cardWidth) / strip) + 1 : n;
  const starts = evenRows(n, perRow);
  hand.style.setProperty("--row", String(Math.max(2, starts.longest)));
  for (const at of starts.breaks) {
    cards[at].classList.add("row-start");
    hand.insertBefore(el("span", { class: "hand-break", "aria-hidden": "true" }), cards[at]);
  }
}

/**
 * `n` cards in as few rows of at most `perRow` as they need, of even length, the first rows taking the odd
 * cards (13 in rows of at most 9: 7 and 6): {longest, breaks}, the index of the card starting each row after
 * the first.
 */
export function evenRows(n, perRow) {
  const rows = n > 1 ? Math.max(1, Math.ceil(n / Math.max(1, perRow))) : 1;
  const longest = Math.ceil(n / rows);
  const longRows = n % rows || rows;
  const breaks = [];
  let at = 0;
  for (let r = 0; r < rows - 1; r++) {
    at += r < longRows ? longest : longest - 1;
    breaks.push(at);
  }
  return { longest, breaks };
}

// --- the side: scores, facts, log -----------------------------------------------------------------------------

export function renderScores(view) {
  const scores = view.scores || [];
  replace($("scores"), el("table", { class: "scores" },
    el("tbody", {}, scores.map((score, s) => el("tr", { class: `${s === view.seat ? "me" : ""}${(view.to_move || []).includes(s) ? " to-move" : ""}` },
      el("th", { scope: "row" }, seatName(s, view), s === view.seat ? el("span", { class: "badge you", text: "you" }) : null),
      el("td", { class: "num", text: String(score) }))))));
}


export const signed = (n) => (typeof n === "number" ? (n > 0 ? `+${n}` : String(n)) : String(n ?? ""));

/** Whether a fact says nothing yet (none, no words, an empty list, lists that are all empty): not shown. */
export function isEmptyFact(value) {
  if (value === null || value === undefined || value === "") return true;
  return Array.isArray(value) && value.every((item) => Array.isArray(item) ? isEmptyFact(item) : false);
}

// Facts a view carries for the bots' memory, not the page: where in the stock each known card lies.
const MEMORY = /^known_in_/;

/** Whether a fact of cards names just the cards of the seat's hand (Pontoon's hand to play, where the seat
 * has not split): said already by the hand, so not again among the facts. */
function isOwnHand(kind, value, view) {
  const hand = view.hand || [];
  return kind === "cards" && Array.isArray(value) && value.length === hand.length
    && value.every((card) => hand.includes(card));
}

export function renderExtra(view) {
  // A hand's value is written under the hand (shown.js handCaption), not again among the facts; nor the hand.
  const entries = Object.entries(view.extra || {}).map(([k, v]) => [k, v, zoneKind(view, "extra", k, v)])
    .filter(([k, v, kind]) => !isEmptyFact(v) && !MEMORY.test(k) && kind !== "hand_value" && !familyHelper(kind)
      && !isOwnHand(kind, v, view));
  $("extra-panel").hidden = entries.length === 0;
  replace($("extra"), entries.map(([k, v, kind]) => [el("dt", { text: title(k, view) }),
    el("dd", {}, kindValueNode(kind, v, view))]));
}

export function renderLog(view) {
  const box = $("log");
  // Follow the newest line, unless the reader has scrolled up to read older ones.
  const atBottom = box.scrollHeight - box.scrollTop - box.clientHeight < 24;
  const lines = view.log || [];
  const shown = lines.slice(-LOG_SHOWN);
  replace(box,
    lines.length > shown.length ? el("li", { class: "muted", text: `${lines.length - shown.length} earlier lines` }) : null,
    shown.map((line) => el("li", {}, proseFragment(namedSeatsText(line, view)))));
  if (atBottom || !box.dataset.drawn) box.scrollTop = box.scrollHeight;
  box.dataset.drawn = "1";
}

