// The lobby: choose a game and who sits where, create a table, and see the tables already open.
//
// Everything the form offers comes from the server's registry (GET /api/games) and bot list
// (GET /api/bots): a new game or bot appears here without a change to this file.

import {
  api, el, keepCreated, keepName, label, markdown, myName, myTableIds, nameProblem, replace, storageKey, storeGet,
  storeSet, tableStatus, toast,
} from "./dom.js";

const $ = (id) => document.getElementById(id);

const state = {
  games: [],                   // GET /api/games
  bots: { kinds: [], strengths: {} },
  seatChoices: [],             // per seat index: {kind, strength}, kept when the player count changes
};

// --- the form --------------------------------------------------------------------------------------------

function currentGame() {
  return state.games.find((g) => g.id === $("game").value) || null;
}

function fillGames() {
  const select = $("game");
  replace(select, state.games.map((g) => el("option", { value: g.id, text: g.name })));
  // Come back to the game chosen last time: people mostly play the same game again.
  const last = storeGet("parlour:lobby:game");
  if (last && state.games.some((g) => g.id === last)) select.value = last;
  onGameChange();
}

function onGameChange() {
  const game = currentGame();
  $("create-table").disabled = !game;
  $("learn-to-play").disabled = !game;
  if (!game) return;
  $("learn-to-play").textContent = `Learn to play ${game.name}`;
  storeSet("parlour:lobby:game", game.id);

  replace($("game-summary"), el("div", { class: "game-facts" },
    el("span", { class: "chip", text: (game.family || []).join(" · ") || "card game" }),
    el("span", { class: "chip", text: playersSpan(game) }),
    el("span", { class: "chip", text: game.direction === "counter-clockwise" ? "play passes right" : "play passes left" }),
    game.partnerships ? el("span", { class: "chip", text: "partners sit opposite" }) : null),
  markdown(game.summary || ""));

  const players = $("players");
  const wanted = Number(players.value) || game.default_players || game.min_players;
  const counts = game.player_counts;
  replace(players, counts.map((n) => el("option", { value: String(n), text: String(n) })));
  const chosen = players.dataset.game === game.id ? wanted : game.default_players || game.min_players;
  players.value = String(counts.includes(chosen) ? chosen : counts[0]);
  players.dataset.game = game.id;
  players.disabled = game.min_players === game.max_players;

  const variants = game.variants || [];
  replace($("variant"), el("option", { value: "", text: "standard" }),
    variants.map((v) => el("option", { value: v, text: label(v) })));
  $("variant-field").hidden = variants.length === 0;

  renderOptions(game);
  renderSeats();
}

function playersSpan(game) {
  const counts = game.player_counts;
  if (counts.length === 1) return `${counts[0]} players`;
  return counts.length === game.max_players - game.min_players + 1
    ? `${game.min_players}–${game.max_players} players`
    : `${counts.join(" or ")} players`;
}

/** One input per option spec: a checkbox, a select of choices, a bounded number, or text. */
function renderOptions(game) {
  const specs = game.options || [];
  $("options-fieldset").hidden = specs.length === 0;
  replace($("options"), specs.map((spec) => {
    const id = `option-${spec.name}`;
    const testid = `option-${spec.name}`;
    let input;
    if (spec.kind === "bool") {
      input = el("input", { id, type: "checkbox", checked: Boolean(spec.default), dataset: { testid, option: spec.name } });
    } else if (Array.isArray(spec.choices) && spec.choices.length) {
      input = el("select", { id, dataset: { testid, option: spec.name } },
        spec.choices.map((c) => el("option", { value: String(c), text: String(c), selected: c === spec.default })));
    } else if (spec.kind === "int") {
      input = el("input", {
        id, type: "number", inputmode: "numeric", step: "1", value: spec.default === null ? "" : String(spec.default),
        min: spec.minimum ?? null, max: spec.maximum ?? null, dataset: { testid, option: spec.name },
      });
    } else {
      input = el("input", { id, type: "text", value: spec.default === null ? "" : String(spec.default), dataset: { testid, option: spec.name } });
    }
    input.setAttribute("aria-describedby", `${id}-doc`);
    const name = el("label", { for: id, text: label(spec.name) });
    const doc = el("p", { id: `${id}-doc`, class: "hint", text: spec.doc || "" });
    return el("div", { class: spec.kind === "bool" ? "field field-check" : "field" },
      spec.kind === "bool" ? [input, name] : [name, input], doc);
  }));
}

function seatKinds() {
  // "human" seats are the creator's own; "open" ones are for friends; the rest are the server's bots.
  const kinds = [
    { value: "human", text: "you" },
    { value: "open", text: "open (invite a friend)" },
  ];
  for (const kind of state.bots.kinds || []) kinds.push({ value: kind, text: `bot: ${label(kind)}` });
  return kinds;
}

function defaultSeat(index) {
  if (index === 0) return { kind: "human", strength: null };
  const kinds = state.bots.kinds || [];
  // A person picks a strength by its name (easy, medium, strong, expert); medium is the rule of thumb.
  return { kind: kinds.includes("medium") ? "medium" : kinds[0] || "open", strength: null };
}

function renderSeats() {
  const count = Number($("players").value) || 0;
  const kinds = seatKinds();
  const rows = [];
  for (let i = 0; i < count; i++) {
    const choice = state.seatChoices[i] || (state.seatChoices[i] = defaultSeat(i));
    const id = `seat-kind-${i}`;
    const select = el("select", { id, dataset: { testid: `seat-kind-${i}` } },
      kinds.map((k) => el("option", { value: k.value, text: k.text, selected: k.value === choice.kind })));
    const strengths = (state.bots.strengths || {})[choice.kind];
    let strength = null;
    if (Array.isArray(strengths) && strengths.length) {
      if (!strengths.includes(choice.strength)) choice.strength = strengths.includes(choice.kind) ? choice.kind : strengths[0];
      strength = el("select", { id: `seat-strength-${i}`, "aria-label": `seat ${i} strength`, dataset: { testid: `seat-strength-${i}` } },
        strengths.map((s) => el("option", { value: s, text: strengthLabel(s), selected: s === choice.strength })));
      strength.addEventListener("change", () => { choice.strength = strength.value; });
    }
    select.addEventListener("change", () => {
      choice.kind = select.value;
      choice.strength = null;
      renderSeats();
      $(`seat-kind-${i}`).focus();       // the rebuild must not throw keyboard users out of the list
    });
    rows.push(el("li", { class: "seat-row" },
      el("label", { for: id, text: `Seat ${i}` }), select, strength));
  }
  replace($("seats"), rows);
  renderSeed();
}

const isPerson = (kind) => kind === "human" || kind === "open";

/** How many of the chosen seats are people ("you" or a friend's). */
function peopleSeats() {
  const count = Number($("players").value) || 0;
  let people = 0;
  for (let i = 0; i < count; i++) if (isPerson((state.seatChoices[i] || defaultSeat(i)).kind)) people++;
  return people;
}

/** The server deals a chosen seed only to a table with at most one person (a fair deal for the others):
 * with more, the field is disabled and says why, rather than the server refusing the table. */
function renderSeed() {
  const unfair = peopleSeats() > 1;
  const seed = $("seed");
  seed.disabled = unfair;
  $("seed-note").hidden = !unfair;
  // A seed already typed that will not be sent: open the section, so the reason is in sight.
  if (unfair && seed.value.trim() !== "") seed.closest("details").open = true;
}

/** "ismcts:200" -> "200", "ismcts:2s" -> "2s", "ismcts" -> "standard". */
// A heuristic bot's setting is how quickly it claims or races, not how well it plays (the levels are the
// kinds easy, medium, strong and expert), so it is named for its speed.
const REACTIONS = { easy: "slow to react", hard: "quick to react" };

function strengthLabel(value) {
  const [kind, rest] = value.split(":");
  if (!rest) return "standard";
  if (kind === "heuristic" && REACTIONS[rest]) return REACTIONS[rest];
  return /^\d+$/.test(rest) ? `${rest} playouts` : /^\d+(\.\d+)?s$/.test(rest) ? `${rest.slice(0, -1)} s per move` : rest;
}

/** The request body, or throws an Error naming what is wrong with the form. */
function tableRequest() {
  const game = currentGame();
  if (!game) throw new Error("Choose a game.");
  const players = Number($("players").value);
  const options = {};
  for (const spec of game.options || []) {
    const input = document.querySelector(`[data-option="${CSS.escape(spec.name)}"]`);
    if (!input) continue;
    if (spec.kind === "bool") {
      options[spec.name] = input.checked;
    } else if (spec.kind === "int") {
      if (input.value.trim() === "") continue;          // left empty: the book's default
      const n = Number(input.value);
      if (!Number.isInteger(n)) throw new Error(`${label(spec.name)} must be a whole number.`);
      if (spec.minimum !== null && spec.minimum !== undefined && n < spec.minimum) throw new Error(`${label(spec.name)} must be at least ${spec.minimum}.`);
      if (spec.maximum !== null && spec.maximum !== undefined && n > spec.maximum) throw new Error(`${label(spec.name)} must be at most ${spec.maximum}.`);
      options[spec.name] = n;
    } else {
      options[spec.name] = input.value;
    }
  }
  const seats = [];
  for (let i = 0; i < players; i++) {
    const choice = state.seatChoices[i] || defaultSeat(i);
    seats.push(choice.strength || choice.kind);
  }
  const body = { game: game.id, players, options, seats, private: $("private").checked };
  const name = $("player-name").value;
  // Your name is shown at your own seats (left empty, they are called by their seat numbers).
  if (name.trim()) {
    const problem = nameProblem(name);
    if (problem) throw new Error(problem);
    body.name = name.trim();
    keepName(name);
  }
  if ($("variant").value) body.variant = $("variant").value;
  if ($("clock").value) body.clock = Number($("clock").value);
  const seed = $("seed").value.trim();
  if (seed !== "" && peopleSeats() <= 1) {
    const n = Number(seed);
    if (!Number.isInteger(n) || n < 0) throw new Error("The seed must be a whole number, 0 or more.");
    body.seed = n;
  }
  return body;
}

async function onCreate(event) {
  event.preventDefault();
  const error = $("form-error");
  error.textContent = "";
  let body;
  try {
    body = tableRequest();
  } catch (err) {
    error.textContent = err.message;
    return;
  }
  const button = $("create-table");
  button.disabled = true;
  button.textContent = "Creating…";
  try {
    const created = await api("/api/tables", { method: "POST", body });
    location.assign(keepCreated(created));
  } catch (err) {
    error.textContent = err.message;
    button.disabled = false;
    button.textContent = "Create table";
  }
}

// --- learning a game: a guided first deal ----------------------------------------------------------------

// Every learner of a game is dealt the same cards (a guided table has one person, so a chosen seed is fair).
const GUIDE_SEED = 1;

/** "Learn to play": the chosen game's usual number of players, you against easy bots, guided, private. */
async function onLearn() {
  const game = currentGame();
  if (!game) return;
  const bots = state.bots.kinds || [];
  const bot = bots.includes("heuristic") ? "heuristic:easy" : bots[0];   // a steady teacher: no random slips
  const players = game.default_players || game.min_players;
  const body = { game: game.id, players, seats: ["human", ...Array(players - 1).fill(bot)], seed: GUIDE_SEED,
    guide: true, private: true };
  if (!nameProblem(myName())) body.name = myName();
  const button = $("learn-to-play");
  button.disabled = true;
  try {
    location.assign(keepCreated(await api("/api/tables", { method: "POST", body })));
  } catch (err) {
    $("form-error").textContent = err.message;
    button.disabled = false;
  }
}

// --- the tables ----------------------------------------------------------------------------------------

function gameName(id) {
  return (state.games.find((g) => g.id === id) || {}).name || id;
}

function when(created) {
  if (created === null || created === undefined) return "";
  // Seconds since the epoch (Python's time.time()) or an ISO string: both are in use by servers.
  const date = typeof created === "number" ? new Date(created < 1e12 ? created * 1000 : created) : new Date(created);
  if (Number.isNaN(date.getTime())) return String(created);
  return date.toLocaleString(undefined, { dateStyle: "short", timeStyle: "short" });
}

const STATUS_WORDS = { playing: "in play", over: "over", closed: "closed" };

/** A seat's chip: its kind, and for a friend's seat whether someone has taken it yet. */
function seatChip(s) {
  if (s.kind === "open") {
    const taken = s.taken === true;
    return el("span", { class: `chip kind-open ${taken ? "taken" : "free"}`, dataset: { testid: `seat-chip-${s.seat}` },
      text: `${s.seat}: ${taken && s.name ? s.name : "friend"} — ${taken ? "taken" : "free"}` });
  }
  return el("span", { class: `chip kind-${s.kind}`, dataset: { testid: `seat-chip-${s.seat}` },
    text: `${s.seat}: ${s.name || (s.kind === "human" ? "player" : s.kind)}` });
}

/** One row of a table list: the game, its seats, its state, and the links this browser may follow. */
function tableRow(t, prefix) {
  const seats = t.seats || [];
  const mine = seats.filter((s) => storeGet(storageKey(t.table_id, s.seat)));
  const id = encodeURIComponent(t.table_id);
  const status = tableStatus(t);
  const live = status === "playing";
  return el("tr", { dataset: { testid: `${prefix}-${t.table_id}`, status } },
    el("td", {}, el("strong", { text: gameName(t.game) }), t.private ? el("span", { class: "chip", text: "private" }) : null,
      el("div", { class: "muted small", text: when(t.created) })),
    el("td", { class: "num", text: String(t.players ?? seats.length) }),
    el("td", { class: "seat-kinds" }, seats.map(seatChip)),
    el("td", {}, el("span", { class: `chip ${live ? "live" : "over"}`, text: STATUS_WORDS[status] || status })),
    el("td", { class: "links" },
      mine.map((s) => el("a", { href: `/table/${id}?seat=${s.seat}`, class: `button small${live ? " primary" : ""}`,
        text: live ? `play seat ${s.seat}` : `seat ${s.seat}` })),
      live ? el("a", { href: `/table/${id}`, class: "button small", text: "watch", dataset: { testid: `watch-${t.table_id}` } })
        : el("a", { href: `/replay/${id}`, class: "button small", text: "replay", dataset: { testid: `replay-${t.table_id}` } })));
}

function tableList(tables, prefix) {
  // Newest first: the table you just left is the one you are looking for.
  const sorted = [...tables].sort((a, b) => String(b.created ?? "").localeCompare(String(a.created ?? ""), undefined, { numeric: true }));
  return el("table", { class: "table-list" },
    el("thead", {}, el("tr", {}, ["game", "players", "seats", "state", ""].map((h) => el("th", { scope: "col", text: h })))),
    el("tbody", {}, sorted.map((t) => tableRow(t, prefix))));
}

async function loadTables() {
  loadMyTables();
  const box = $("tables");
  let tables;
  try {
    tables = await api("/api/tables");
  } catch (err) {
    replace(box, el("p", { class: "muted", text: `Tables cannot be listed: ${err.message}` }));
    return;
  }
  if (!Array.isArray(tables) || !tables.length) {
    replace(box, el("p", { class: "muted", text: "No public tables in play: create one." }));
    return;
  }
  replace(box, tableList(tables, "table"));
}

const MY_TABLES = 40;          // at most this many are asked for: a browser that played for years asks no more

/** The tables this browser holds a token for: the listing leaves out finished, closed and private ones,
 * and this is how a player finds their way back to them. Tables the server no longer knows are left out. */
async function loadMyTables() {
  const ids = myTableIds().slice(0, MY_TABLES);
  const found = (await Promise.all(ids.map((id) => api(`/api/tables/${encodeURIComponent(id)}`).catch(() => null))))
    .filter((t) => t && t.table_id);
  $("my-tables-panel").hidden = found.length === 0;
  replace($("my-tables"), found.length ? tableList(found, "mine") : null);
}

// --- start ------------------------------------------------------------------------------------------------

/** The name asked for once and remembered: filled in from storage, kept again whenever it is edited. */
function wireName() {
  const input = $("player-name");
  input.value = myName();
  input.addEventListener("change", () => {
    if (!nameProblem(input.value)) keepName(input.value);
  });
}

async function start() {
  wireName();
  $("new-table-form").addEventListener("submit", onCreate);
  $("learn-to-play").addEventListener("click", onLearn);
  $("game").addEventListener("change", onGameChange);
  $("players").addEventListener("change", renderSeats);
  $("refresh-tables").addEventListener("click", loadTables);
  try {
    const [games, bots] = await Promise.all([api("/api/games"), api("/api/bots").catch(() => null)]);
    state.games = Array.isArray(games) ? games : [];
    if (bots) state.bots = bots;
    fillGames();
  } catch (err) {
    replace($("game"), el("option", { value: "", text: "unavailable" }));
    $("form-error").textContent = `The games cannot be loaded: ${err.message}`;
  }
  loadTables();           // after the games, so the list can name them
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") loadTables();
  });
}

start().catch((err) => toast(err.message));
