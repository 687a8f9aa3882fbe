// The clock per move: a countdown by each person to move, drawn from the payload's `clock` alone
// ({seconds, deadline, seats}: the server's deadline as an absolute UTC time, and the people it runs for).
//
// The page counts down by its own clock and decides nothing: when the time is up the server plays for the
// person (as the heuristic bot would) and says so in the log. Your own time is shown in words above your
// hand; every clocked seat has a small badge. In the last WARN_SECONDS the words change ("Hurry") as well as
// the colour, and a polite toast says it once, so that a screen reader hears it without a tick every second.

import { el, toast } from "./dom.js";

const WARN_SECONDS = 10;
const clock = { deadline: null, seats: [], mine: null, seconds: null, timer: null, warned: null, heard: null };

/** The moves the clock played that the payload's log shows, as the table's news: {at: the log line each
 * follows, text}. */
export function clockNews(payload) {
  const told = (payload && payload.clock && payload.clock.news) || [];
  return told.map(({ line, text }) => ({ at: line, text }));
}

/** Follow `payload`'s clock for the page's seat `mySeat` (null: a spectator); call after each redraw, which
 * replaces the seat boxes the badges sit in. */
export function showClock(payload, mySeat) {
  const told = payload && payload.status === "playing" ? payload.clock : null;
  const deadline = told && told.deadline ? Date.parse(told.deadline) : NaN;
  clock.deadline = Number.isFinite(deadline) ? deadline : null;
  clock.seats = clock.deadline === null ? [] : told.seats || [];
  clock.mine = mySeat;
  clock.seconds = told ? told.seconds : null;
  tellNews(payload);
  if (clock.deadline !== null && clock.timer === null) clock.timer = setInterval(tick, 250);
  if (clock.deadline === null && clock.timer !== null) {
    clearInterval(clock.timer);
    clock.timer = null;
  }
  tick();
}

/** A toast for each move the clock plays while the page watches (the log keeps it; a page just opened has
 * missed nothing worth a toast). */
function tellNews(payload) {
  const news = clockNews(payload).map(({ at, text }) => `${at} ${text}`);
  const fresh = clock.heard === null ? [] : news.filter((item) => !clock.heard.has(item));
  clock.heard = new Set([...(clock.heard || []), ...news]);
  for (const item of fresh) toast(item.slice(item.indexOf(" ") + 1), "info");
}

const secondsLeft = () => Math.max(0, Math.ceil((clock.deadline - Date.now()) / 1000));
const plural = (n) => `${n} second${n === 1 ? "" : "s"}`;

function tick() {
  const left = clock.deadline === null ? null : secondsLeft();
  const yours = left !== null && clock.seats.includes(clock.mine);
  const mine = document.getElementById("move-clock");
  if (mine) {
    mine.hidden = !yours;
    if (yours) {
      const hurry = left <= WARN_SECONDS;
      mine.classList.toggle("clock-warning", hurry);
      mine.textContent = hurry
        ? `Hurry: ${plural(left)} left to move, then the table plays for you.`
        : `Your move: ${plural(left)} left (${plural(clock.seconds)} a move).`;
    }
  }
  for (const box of document.querySelectorAll("[data-testid^='seat-'][data-seat]")) {
    badge(box, clock.seats.includes(Number(box.dataset.seat)) ? left : null);
  }
  if (yours && left <= WARN_SECONDS && clock.warned !== clock.deadline) {
    clock.warned = clock.deadline;
    toast(`${plural(left)} left to move: then the table plays for you.`, "info");
  }
}

/** The seat box's badge: its seconds left, or none. */
function badge(box, left) {
  let node = box.querySelector(":scope > .clock-badge");
  if (left === null) {
    if (node) node.remove();
    return;
  }
  if (!node) {
    node = el("span", { class: "clock-badge", role: "timer", dataset: { testid: `clock-${box.dataset.seat}` } });
    box.append(node);
  }
  const hurry = left <= WARN_SECONDS;
  node.classList.toggle("clock-warning", hurry);
  node.textContent = `${hurry ? "hurry: " : ""}${left} s`;
  node.setAttribute("aria-label", `${plural(left)} left to move`);
}
