// The guided first deal (issue 17): at a table the lobby's "Learn to play" made (its payload says `guide`),
// a panel walks its one person through the first deal of any game, without a line of game code.
//
// Its words are the server's, read from what every game already writes: first the game's aim (the rules
// page's `aim`), then, at each of the person's decisions whose kind of move they have not met yet, what that
// kind does (the payload's `help`, by verb), which choices are open now (lit up in the hand and among the
// buttons), why a greyed card cannot be played (the payload's `reasons`), and what the hint bot would do;
// at the deal's end, a walk through its score sheet's lines (`hand_results`). It reads only this seat's
// payload and the hint, which are built from the seat's view alone, so it can say nothing of hidden cards.
//
// What the person has been through is kept in localStorage (parlour:{table}:guide), so that a reload does
// not start the lesson again; the panel can be hidden and shown again from the top bar.

import { cardText, proseFragment } from "./cards.js";
import { api, el, replace, storageKey, storeJson, storeSet } from "./dom.js";
import { isMyTurn, namedSeatsText, notationText, seatLabel, signed, testid } from "./draw.js";

const $ = (id) => document.getElementById(id);
const SHOWN_CHOICES = 6;      // a step lists this many choices by name, then says how many more there are

const guide = {
  key: null,          // the storage key of this table's progress
  progress: null,     // {aim, met: [verbs], hidden, line, done}
  aim: null,          // the game's aim, once the rules page has answered
  asked: false,       // the rules page has been asked for
  drawn: null,        // the key of the step drawn, so that a step is built (and read out) once
  step: null,         // the step drawn: what to light up
  shownAt: null,      // {verbs, version}: a move step shown; its kinds count as met once the table moves on
  hint: null,         // {version, action}: the hint bot's move for the step's decision (null: being asked)
  last: null,         // the last context, to draw again when an answer arrives
};

/**
 * Draw the guide for the table page's current payload (a hook at the end of its drawing). `context` is
 * {tableId, payload, view (with the seats' names), paused, seat, token}.
 */
export function renderGuide(context) {
  guide.last = context;
  const { payload, seat } = context;
  const panel = $("guide");
  const toggle = $("guide-toggle");
  const guided = Boolean(payload && payload.guide) && seat !== null && seat !== undefined
    && payload.view.seat === seat;
  if (!guided) {
    panel.hidden = true;
    toggle.hidden = true;
    return;
  }
  const progress = load(context.tableId);
  countMet(payload);
  toggle.hidden = progress.done;
  toggle.setAttribute("aria-expanded", String(!progress.hidden && !progress.done));
  toggle.textContent = progress.hidden ? "Show guide" : "Guide";
  panel.hidden = progress.hidden || progress.done;
  if (panel.hidden) return;
  if (!guide.asked) askAim(payload.view.game);
  const step = stepFor(context, progress);
  if (step.key !== guide.drawn) {
    guide.drawn = step.key;
    guide.step = step;
    drawStep(step);
    if (step.verbs) {
      guide.shownAt = { verbs: step.verbs, version: payload.version };
      askHint(context);
    }
  }
  light(guide.step);
}

// --- what the person has been through -----------------------------------------------------------------------

function load(tableId) {
  const key = storageKey(tableId, "guide");
  if (guide.key !== key) {
    const kept = storeJson(key) || {};
    guide.key = key;
    guide.progress = { aim: Boolean(kept.aim), met: Array.isArray(kept.met) ? kept.met : [],
      hidden: Boolean(kept.hidden), line: Number.isInteger(kept.line) ? kept.line : 0, done: Boolean(kept.done) };
  }
  return guide.progress;
}

function save(change) {
  Object.assign(guide.progress, change);
  storeSet(guide.key, JSON.stringify(guide.progress));
  guide.drawn = null;
  if (guide.last) renderGuide(guide.last);
}

/** A kind of move shown and then made (or passed over) counts as met: the guide does not explain it twice. */
function countMet(payload) {
  const shown = guide.shownAt;
  if (!shown || shown.version === payload.version) return;
  guide.shownAt = null;
  guide.progress.met = [...new Set([...guide.progress.met, ...shown.verbs])];
  storeSet(guide.key, JSON.stringify(guide.progress));
}

// --- the steps ---------------------------------------------------------------------------------------------

/** The step for the table as it stands: the aim, the deal's score sheet, a new kind of move, or a quiet line. */
function stepFor(context, progress) {
  const { payload } = context;
  const results = payload.hand_results || [];
  if (!progress.aim) return aimStep();
  if (results.length) return sheetStep(results[0], context.view, progress.line);
  if (isMyTurn(payload.view) && !context.paused) {
    const verbs = verbsOf(payload.view.legal_actions).filter((verb) => !progress.met.includes(verb));
    if (verbs.length) return moveStep(payload, verbs);
  }
  return { key: "quiet", title: "Play on", lines: ["The guide speaks again at your next new kind of move."],
    buttons: [] };
}

function aimStep() {
  return {
    key: `aim ${guide.aim !== null}`, title: "What the game is about",
    lines: [guide.aim === null ? "…" : guide.aim,
      "At each new kind of move, this guide says what it does, lights up your choices and shows what the hint bot would do."],
    buttons: [{ text: "Got it", testid: "guide-next", onclick: () => save({ aim: true }) }],
  };
}

/** The verbs of a list of actions, in the order they first appear: "play", "bid", "pass". */
function verbsOf(actions) {
  return [...new Set((actions || []).map((action) => String(action).split(" ")[0]))];
}

/** A decision with kinds of move not met yet: what each does, the choices open (lit up), a greyed card's
 * reason, and the hint bot's choice once it answers. */
function moveStep(payload, verbs) {
  const helps = payload.help || {};
  const byCard = Object.entries(payload.hand_choices || {});
  const clicked = new Set(byCard.flatMap(([, actions]) => actions));
  const actions = (payload.view.legal_actions || []).filter((a) => verbs.includes(String(a).split(" ")[0]));
  const cards = byCard.filter(([, choices]) => choices.some((a) => actions.includes(a))).map(([card]) => card);
  const buttons = actions.filter((a) => !clicked.has(a));
  const lines = verbs.map((verb) => ({ verb, text: helps[verb] || "" }));
  const reasons = Object.entries(payload.reasons || {});
  return {
    key: `move ${payload.version} ${verbs.join(",")}`, verbs, cards, actions: buttons,
    title: verbs.length === 1 ? `A new kind of move: ${verbs[0]}` : `New kinds of move: ${verbs.join(", ")}`,
    lines,
    choices: choiceWords(cards, buttons),
    greyed: reasons.length ? reasons[0] : null,
    buttons: [{ text: "Got it", testid: "guide-next", onclick: () => save({ met: [...guide.progress.met, ...verbs] }) }],
  };
}

function choiceWords(cards, buttons) {
  const parts = [];
  if (cards.length) parts.push(`${cards.length === 1 ? "1 card" : `${cards.length} cards`} of your hand, lit up`);
  if (buttons.length) {
    const named = buttons.slice(0, SHOWN_CHOICES).map(notationText).join(", ");
    const more = buttons.length - SHOWN_CHOICES;
    parts.push(`${buttons.length === 1 ? "the button" : "the buttons"} ${named}${more > 0 ? ` and ${more} more` : ""}, lit up below`);
  }
  return parts.length ? `Open to you now: ${parts.join("; ")}.` : "";
}

/** The first deal's score sheet, line by line as the table shows it: what it says overall, then each
 * seat's row (its points and why, lit up in the sheet while it is read), then what went to no one seat. */
function sheetStep(result, view, line) {
  const lines = sheetLines(result, view);
  const at = Math.min(line, lines.length - 1);
  const last = at >= lines.length - 1;
  return {
    key: `sheet ${at} ${lines.length}`, title: `The first deal's score sheet, line ${at + 1} of ${lines.length}`,
    lines: [lines[at].text, last ? "That is the first deal. The guide ends here: play on, and the Rules button has the whole game." : ""],
    row: lines[at].seat,
    buttons: [last
      ? { text: "Finish the guide", testid: "guide-finish", onclick: () => save({ done: true }) }
      : { text: "Next", testid: "guide-next", onclick: () => save({ line: at + 1 }) }],
  };
}

function sheetLines(result, view) {
  const sentence = (texts) => namedSeatsText(texts.join("; "), view).replace(/[.\s]*$/, ".");
  const reasons = result.reasons || [];
  const why = (seat) => reasons.filter((r) => r.seat === seat).map((r) => r.text);
  const lines = result.summary ? [{ text: sentence([result.summary]), seat: null }] : [];
  (result.changes || []).forEach((points, seat) => {
    const who = seat === view.seat ? "You" : seatLabel(seat, view);
    const because = why(seat);
    lines.push({ seat, text: `${who}: ${signed(points)} this deal${because.length ? `: ${sentence(because)}` : "."}` });
  });
  if (why(null).length) lines.push({ text: `For the table: ${sentence(why(null))}`, seat: null });
  return lines.length ? lines : [{ text: `Deal ${result.number} is over.`, seat: null }];
}

// --- drawing -------------------------------------------------------------------------------------------------

function drawStep(step) {
  const text = [];
  for (const line of step.lines) {
    if (!line) continue;
    text.push(typeof line === "string" ? el("p", {}, proseFragment(line))
      : el("p", { dataset: { testid: `guide-kind-${line.verb}` } }, el("strong", { text: `${line.verb}: ` }), line.text));
  }
  if (step.choices) text.push(el("p", { dataset: { testid: "guide-choices" }, text: step.choices }));
  if (step.greyed) {
    const [card, reason] = step.greyed;
    text.push(el("p", { dataset: { testid: "guide-greyed" } },
      "Greyed cards keep their reasons: hover, focus or click one. For instance ", cardText(card), ": ",
      proseFragment(reason)));
  }
  if (step.verbs) text.push(el("p", { class: "guide-hint", dataset: { testid: "guide-hint" }, text: hintWords() }));
  replace($("guide"),
    el("h2", { id: "guide-title", text: step.title }),
    el("div", { class: "guide-text", dataset: { testid: "guide-text" }, "aria-live": "polite" }, text),
    el("div", { class: "guide-buttons" },
      step.buttons.map((b) => el("button", { type: "button", class: "small primary", dataset: { testid: b.testid },
        onclick: b.onclick }, b.text)),
      el("button", { type: "button", class: "small", dataset: { testid: "guide-hide" },
        onclick: () => { save({ hidden: true }); $("guide-toggle").focus(); } }, "Hide guide")));
}

/** Light up the step's choices, and the hint bot's, in the hand and among the buttons, or the score sheet's
 * row being read (the page draws them anew often, so this runs after every drawing). */
function light(step) {
  const hinted = guide.hint && guide.last && guide.hint.version === guide.last.payload.version ? guide.hint.action : null;
  for (const node of document.querySelectorAll(".guide-lit, .guide-hinted")) node.classList.remove("guide-lit", "guide-hinted");
  if (step && Number.isInteger(step.row)) {
    const row = document.querySelector(`[data-testid="deal-end-seat-${step.row}"]`);
    if (row) row.classList.add("guide-lit");
  }
  if (!step || !step.verbs) return;
  const choices = guide.last.payload.hand_choices || {};
  for (const card of step.cards) {
    const node = $("hand").querySelector(`[data-card="${CSS.escape(card)}"]`);
    if (!node) continue;
    node.classList.add("guide-lit");
    if (hinted && (choices[card] || []).includes(hinted)) node.classList.add("guide-hinted");
  }
  for (const action of step.actions) {
    const node = $("actions").querySelector(`[data-testid="${CSS.escape(testid(action))}"]`);
    if (!node) continue;
    node.classList.add("guide-lit");
    if (action === hinted) node.classList.add("guide-hinted");
  }
}

// --- the server ---------------------------------------------------------------------------------------------

async function askAim(game) {
  guide.asked = true;
  try {
    guide.aim = (await api(`/api/games/${encodeURIComponent(game)}/rules`)).aim || "";
  } catch {
    guide.aim = "";       // the steps that follow still teach; the Rules button has the summary
  }
  guide.drawn = null;
  if (guide.last) renderGuide(guide.last);
}

/** What the hint bot would do at this decision: asked once per step, from the seat's own view. */
async function askHint(context) {
  const { payload, tableId, seat, token } = context;
  if (!payload.can_hint) {
    guide.hint = null;
    return;
  }
  const version = payload.version;
  guide.hint = { version, action: null };
  try {
    const answer = await api(`/api/tables/${encodeURIComponent(tableId)}/hint`, { method: "POST", token, body: { seat } });
    if (!guide.hint || guide.hint.version !== version) return;
    guide.hint.action = answer.action;
  } catch {
    if (guide.hint && guide.hint.version === version) guide.hint = null;
  }
  const node = document.querySelector("[data-testid='guide-hint']");
  if (node) node.textContent = hintWords();
  light(guide.step);
}

function hintWords() {
  const hint = guide.hint;
  if (!hint || !guide.last || hint.version !== guide.last.payload.version) return "";
  return hint.action ? `The hint bot's choice: ${notationText(hint.action)} (marked with a glow).` : "Asking the hint bot…";
}

/** The top bar's button: show the guide again after it was hidden (or hide it). */
export function wireGuide() {
  $("guide-toggle").addEventListener("click", () => {
    if (!guide.progress) return;
    save({ hidden: !guide.progress.hidden });
    if (!guide.progress.hidden) {
      const first = $("guide").querySelector("button");
      if (first) first.focus();
    }
  });
}
