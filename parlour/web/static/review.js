// The coach's review beside a replay: one seat's decisions, each move against the best the coach found,
// mistakes (?) and blunders (??) marked as chess sites mark them. Clicking a decision jumps the replay to it.
//
// The server works the review out in its bot workers (GET /api/tables/{id}/review?seat=N) from that seat's
// information only, and keeps it; this page keeps the answers it has had, by seat. Any seat of a finished
// game may be reviewed: its record is public once the game is over.

import { api, el, replace } from "./dom.js";
import { notationNode, notationWords } from "./draw.js";
import { seatLetter } from "./people.js";

const reviews = new Map();   // seat -> the server's review, once had

/**
 * Fill `panel` with the review's button and, once asked for, its decisions.
 * `base` is the table's API address; `jump(step, seat)` shows a step of the replay as `seat` saw it.
 * Returns `show(seat, step)`, to be called whenever the replay draws a step: it offers the seat's review
 * and marks the decision at that step.
 */
export function mountReview(panel, base, jump, nameOf = (seat) => `Player ${seatLetter(seat)}`) {
  const body = el("div", { class: "review-body", dataset: { testid: "review" } });
  replace(panel, el("h2", { id: "review-title", text: "Review" }), body);
  let shown = { seat: null, step: null };
  let asking = null;

  function draw() {
    const { seat, step } = shown;
    if (seat === null) {
      replace(body, el("p", { class: "muted", text: "Choose a seat (View as) to review its decisions." }));
      return;
    }
    const review = reviews.get(seat);
    if (review) {
      replace(body, summary(review), decisionList(review, seat, step, jump, nameOf(seat)));
      return;
    }
    const busy = asking === seat;
    replace(body,
      el("p", { class: "muted", text: "The coach values every option of each decision from this seat's cards and "
        + "what it could see, and marks the moves that cost the most." }),
      el("button", { type: "button", class: "primary", dataset: { testid: "review-button" }, disabled: busy,
        onclick: () => ask(seat), text: busy ? `Reviewing ${nameOf(seat)}'s play…` : `Review ${nameOf(seat)}'s play` }),
      busy ? el("p", { class: "muted", role: "status", text: "The coach thinks about each decision in turn: this takes some seconds." }) : null);
  }

  async function ask(seat) {
    asking = seat;
    draw();
    try {
      reviews.set(seat, await api(`${base}/review?seat=${encodeURIComponent(String(seat))}`));
    } catch (err) {
      asking = null;
      draw();
      body.append(el("p", { class: "review-error", role: "alert", dataset: { testid: "review-error" }, text: err.message }));
      return;
    }
    asking = null;
    draw();
    const first = body.querySelector(".review-item.mistake") || body.querySelector(".review-item");
    if (first) first.focus();
  }

  return function show(seat, step) {
    const same = seat === shown.seat;
    shown = { seat, step };
    if (!same || !reviews.has(seat)) {
      draw();
      return;
    }
    // The same review: only the current decision moves, so a reader's focus stays where it was.
    for (const item of body.querySelectorAll(".review-item")) {
      if (item.dataset.testid === `review-step-${step}`) item.setAttribute("aria-current", "step");
      else item.removeAttribute("aria-current");
    }
  };
}

function points(value) {
  return value.toFixed(2).replace(/\.?0+$/, "");
}

function summary(review) {
  const count = review.decisions.length;
  const words = `${count} decision${count === 1 ? "" : "s"}: ${review.mistakes} mistake${review.mistakes === 1 ? "" : "s"}`
    + (review.blunders ? `, ${review.blunders} of them serious` : "")
    + `; ${points(review.total_loss)} points lost in all, as the coach estimates.`;
  return el("p", { class: "review-summary", dataset: { testid: "review-summary" }, text: words });
}

function decisionList(review, seat, current, jump, name) {
  const items = review.decisions.map((decision) => {
    const kind = decision.blunder ? "blunder" : decision.mistake ? "mistake" : "good";
    const better = decision.best !== decision.played;
    const spoken = `Deal ${decision.hand}, move ${decision.step}: ${notationWords(decision.played)}`
      + (decision.mistake ? (decision.blunder ? ", a blunder" : ", a mistake") : "")
      + (better ? `; better ${notationWords(decision.best)}, by ${points(decision.loss)}` : "; the best move");
    return el("li", {},
      el("button", {
        type: "button", class: `review-item ${kind}`, "aria-label": spoken,
        "aria-current": decision.step === current ? "step" : null,
        dataset: { testid: `review-step-${decision.step}`, verdict: kind },
        onclick: () => jump(decision.step, seat),
      },
      el("span", { class: "review-where", text: `${decision.hand}·${decision.step}` }),
      el("span", { class: "review-played" }, notationNode(decision.played)),
      el("span", { class: "review-mark", text: decision.mark }),
      better ? el("span", { class: "review-better" }, "better ", notationNode(decision.best), ` (−${points(decision.loss)})`)
        : el("span", { class: "review-better muted", text: "best" })));
  });
  return el("ol", { class: "review-list", "aria-label": `${name}'s decisions: deal·move` }, ...items);
}
