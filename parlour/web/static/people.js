// People by name (issue 38): everything a person reads names people, never "seat 2" or "side 1".
//
// The engine's own words (log lines, a deal's summary and reasons, the result) say "seat N", "side N" and
// "team N", as the library and the terminal read them. The pages show them through peopleText, which puts
// each seat in its person's name, the viewer's own as "you" ("seat 1 wins" reads "You win" or "North
// wins"), and each side as its players ("side 0 +780" reads "You and North +780"). Where the server gives
// structure (a result's winners) the pages name it with peopleWords and wonWords rather than reading words.
//
// A view here is what draw.js draws: its `seat` (the viewer; null for a spectator), `names` (who sits at
// each seat, as the page shows them), `seat_names` (the game's own: North…) and `seats` (each seat's facts,
// with its `team` where the game plays in sides). A seat nothing names is "Player A", "Player B"…, by seat.

const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/** A seat's letter: 0 -> "A". */
export const seatLetter = (seat) => LETTERS[seat] || String(seat + 1);

/** The first letter made a capital: "you win" -> "You win". */
export const capitalise = (text) => (text ? text[0].toUpperCase() + text.slice(1) : text);

/**
 * The names a page shows for the seats: who sits there (`names`, a person's or a bot's), else the game's
 * seat name (North…), else null; a name two seats share is told apart by the seat's letter, or the first
 * letter of the game's seat name ("Medium bot B", "Easy bot N").
 */
export function distinctNames(names, seatNames = [], count = (names || []).length) {
  const given = Array.from({ length: count }, (_, s) => ((names || [])[s]) || null);
  const uses = new Map();
  for (const name of given) if (name) uses.set(name, (uses.get(name) || 0) + 1);
  return given.map((name, s) => {
    if (!name) return (seatNames || [])[s] || null;
    if (uses.get(name) < 2) return name;
    const game = (seatNames || [])[s];
    return `${name} ${game ? game[0] : seatLetter(s)}`;
  });
}

/** A seat's name, never "you": who sits there, else the game's name of the seat, else "Player A". */
export function personName(seat, view) {
  const given = ((view && view.names) || [])[seat] || ((view && view.seat_names) || [])[seat];
  return given || `Player ${seatLetter(seat)}`;
}

/** A seat as the viewer of `view` reads it: "you" for the viewer's own seat, else its name. */
export function personLabel(seat, view) {
  if (seat === null || seat === undefined) return "—";
  return seat === (view ? view.seat : null) ? "you" : personName(seat, view);
}

/** The seats of each side, by side number, where the game puts seats in sides; empty where it does not. */
export function sidesOf(view) {
  const bySide = new Map();
  for (const facts of (view && view.seats) || []) {
    if (!facts || !Number.isInteger(facts.team)) continue;
    if (!bySide.has(facts.team)) bySide.set(facts.team, []);
    bySide.get(facts.team).push(facts.seat);
  }
  return bySide;
}

/** Words joined as a list is read: "A", "A and B", "A, B and C". */
export function listWords(words) {
  return words.length > 1 ? `${words.slice(0, -1).join(", ")} and ${words[words.length - 1]}` : words.join("");
}

/** Several seats as the viewer names them, the viewer first: "you and North", "East and West". */
export function peopleWords(seats, view) {
  const mine = view ? view.seat : null;
  const ordered = [...seats].sort((a, b) => (b === mine) - (a === mine) || a - b);
  return listWords(ordered.map((s) => personLabel(s, view)));
}

/** Who won, from the result's winners: "You won", "You and North won", "North won", "No one won". */
export function wonWords(winners, view) {
  const seats = [...new Set(winners || [])];
  return seats.length ? `${capitalise(peopleWords(seats, view))} won` : "No one won";
}

const IRREGULAR = { is: "are", was: "were", has: "have", does: "do", goes: "go" };
// Words ending in s that follow a seat in the engine's words without being its verb.
const NOT_VERBS = new Set(["points", "cards", "tricks", "chips", "plus", "minus", "stakes", "less", "games"]);

/** A verb said of one person, said of several (or of "you"): "wins" -> "win", "goes" -> "go". */
export function pluralVerb(verb) {
  if (verb in IRREGULAR) return IRREGULAR[verb];
  if (/(?:ss|sh|ch|x|z|o)es$/.test(verb)) return verb.slice(0, -2);
  if (/[^aeiou]ies$/.test(verb)) return `${verb.slice(0, -3)}y`;
  if (/[^su]s$/.test(verb)) return verb.slice(0, -1);
  return verb;
}

/** The seats `numbers` stand for: a seat's own, or a side's (or team's) players. */
function seatsOf(kind, numbers, view) {
  if (kind === "seat") return numbers;
  const bySide = sidesOf(view);
  // A game without sides in its view (a finished replay's first step) still says "side 0": with two sides of
  // a four-seat table, a side is the seats facing each other (0 and 2, 1 and 3), as every partnership game
  // here seats them.
  const count = ((view && view.seats) || []).length || ((view && view.names) || []).length;
  return numbers.flatMap((n) => bySide.get(n) || (count === 4 && n < 2 ? [n, n + 2] : []));
}

// "seat 2", "Seats 0 and 2", "side 1", "team 0/1", "seat 2's", with the word after it (its verb, maybe).
const REFERENCE = /\b(seat|side|team)(s?) ((?:\d+(?:, and |, | and | or |\/))*\d+)\b('s)?(?: ([a-z]+)\b)?/gi;

// Nouns the engine's words count, plural after any number but one ("1 kings" reads "1 king").
const COUNTED = "cards?|kings?|queens?|jacks?|aces?|tricks?|hands?|points?|games?|books?|chips?|counters?|matches|match";

/**
 * The engine's words with their counts agreeing: "1 kings" -> "1 king", "4 trick(s)" -> "4 tricks",
 * "the pile of 1 cards" -> "the pile of 1 card". The library's texts stay as its records keep them.
 */
export function agreeing(text) {
  return String(text)
    .replace(/\b(\d+) ((?:[a-z]+ ){0,2}[a-z]+)\(s\)/gi, (whole, n, words) => `${n} ${words}${n === "1" ? "" : "s"}`)
    .replace(/([a-z])\(s\)/gi, "$1s")
    .replace(new RegExp(`(?<!\\b(?:seat|side|team)s? )\\b1 (${COUNTED})\\b`, "gi"), (whole, word) => `1 ${word === "matches" ? "match" : word.replace(/s$/, "")}`);
}

/**
 * A line of the engine's words with each seat, side and team in its people's names, the viewer as "you",
 * the verb after them agreeing ("seat 1 wins" -> "You win", "side 0 goes out" -> "You and North go out",
 * "seat 2's turn" -> "your turn"), a name starting a sentence made a capital. Numbers nothing names stay
 * as they are.
 */
export function peopleText(text, view) {
  if (text === null || text === undefined) return "";
  return agreeing(text).replace(REFERENCE, (whole, kind, plural, list, possessive, next, offset, all) => {
    const lower = kind.toLowerCase();
    const numbers = list.split(/\D+/).filter(Boolean).map(Number);
    let seats = seatsOf(lower, numbers, view);
    if (!seats.length) return whole;
    seats = [...new Set(seats)];
    const you = seats.length === 1 && seats[0] === (view ? view.seat : null);
    let words = peopleWords(seats, view);
    // "seat 1 is open again" is about the chair, not the person: "Bea's seat is open again".
    const chair = lower === "seat" && !possessive && next === "is" && /^ is (?:open|empty|free|taken)\b/.test(all.slice(offset + whole.length - 3));
    if (chair) return `${you ? "your" : `${words}'s`} seat is`.replace(/^./, (c) => (/^\s*$/.test(all.slice(0, offset)) ? c.toUpperCase() : c));
    if (possessive) words = you ? "your" : `${words}'s`;
    const many = !possessive && (you || seats.length > 1);
    let after = "";
    if (next !== undefined) after = ` ${many && !NOT_VERBS.has(next) ? pluralVerb(next) : next}`;
    const before = all.slice(0, offset);
    const starts = /^\s*$/.test(before) || /[.!?]\s*$/.test(before) || /[A-Z]/.test(kind[0]);
    return `${starts ? capitalise(words) : words}${after}`;
  });
}

/** A zone's or fact's title with its side or seat named: "side 1 melds" -> "Melds: East and West". */
export function peopleTitle(text, view) {
  const found = /^(seat|side|team) (\d+) (.+)$/i.exec(String(text));
  if (found) {
    const seats = seatsOf(found[1].toLowerCase(), [Number(found[2])], view);
    if (seats.length) return `${capitalise(found[3])}: ${peopleWords([...new Set(seats)], view)}`;
  }
  return peopleText(text, view);
}
