// The lobby: pick a game from the gallery and play it in one click; fold open the seats, options and clock to
// change them; see the tables already open.
//
// Everything it offers comes from the server's registry (GET /api/games) and bot list (GET /api/bots, which
// says which bots play which game with what is installed): a new game or bot appears here without a change
// to this file. Games are grouped by the families they declare, never by their ids.

import {
  api, el, keepCreated, keepName, label, markdown, myName, myTableIds, nameProblem, replace, storageKey, storeGet,
  storeSet, tableStatus, toast,
} from "./dom.js";

const $ = (id) => document.getElementById(id);
const SVG = "http://www.w3.org/2000/svg";

const state = {
  games: [],                   // GET /api/games
  bots: { kinds: [], games: {}, levels: [], strengths: {} },
  seatChoices: [],             // per seat index: {kind, strength}, kept when the player count changes
  seatsChosen: false,          // whether the person changed a seat: untouched, a new game seats them afresh
};

// The gallery's groups, each the families (as games declare them) that put a game in it; a game goes in the
// first group that names one of its families, and a family no group names goes in the last.
const GROUPS = [
  { title: "Trick-taking", families: ["trick-taking", "point-trick", "avoidance", "auction whist"], motif: "trick" },
  { title: "Rummy and drawing", families: ["rummy", "melding", "contract rummy", "draw and discard"], motif: "melds" },
  { title: "Shedding and matching", families: ["shedding", "stops", "matching"], motif: "pile" },
  { title: "Poker and vying", families: ["poker", "stud", "vying"], motif: "chips" },
  { title: "Banking", families: ["banking", "twenty-one"], motif: "bank" },
  { title: "More games", families: [], motif: "backs" },
];
const LEVEL = "medium";        // the opponents "Play" seats: the rule of thumb, neither easy nor searching

function groupOf(game) {
  const families = game.family || [];
  return GROUPS.find((g) => g.families.some((f) => families.includes(f))) || GROUPS[GROUPS.length - 1];
}

// --- the pictures: a table seen from above, its seats round it, and what lies on it ----------------------

function svg(tag, attrs = {}) {
  const node = document.createElementNS(SVG, tag);
  for (const [key, val] of Object.entries(attrs)) node.setAttribute(key, String(val));
  return node;
}

function card(x, y, rotate = 0, face = "#fdfcf8", pip = null) {
  const g = svg("g", { transform: `translate(${x} ${y}) rotate(${rotate})` });
  g.append(svg("rect", { x: -5.5, y: -8, width: 11, height: 16, rx: 1.6, fill: face, stroke: "#3a3a3a", "stroke-width": 0.5 }));
  if (pip) g.append(svg("circle", { cx: 0, cy: 0, r: 2.2, fill: pip }));
  return g;
}

function chip(x, y, fill) {
  const g = svg("g");
  g.append(svg("circle", { cx: x, cy: y, r: 4, fill, stroke: "#fff", "stroke-width": 1, "stroke-dasharray": "1.6 1.2" }));
  return g;
}

const MOTIFS = {
  trick: (cx, cy) => [card(cx, cy + 8, 0, undefined, "#c0182b"), card(cx - 11, cy, 90, undefined, "#1d2129"),
    card(cx, cy - 8, 0, undefined, "#1d2129"), card(cx + 11, cy, 90, undefined, "#c0182b")],
  melds: (cx, cy) => [-12, -5, 2].map((d) => card(cx + d - 6, cy - 7, 0, undefined, "#c0182b"))
    .concat([-2, 5, 12].map((d) => card(cx + d + 4, cy + 7, 0, undefined, "#1d2129"))),
  pile: (cx, cy) => [card(cx - 11, cy, 0, "#2f5fa8"), card(cx - 10, cy - 1.5, 0, "#2f5fa8"),
    card(cx + 6, cy, -12, undefined, "#c0182b"), card(cx + 9, cy - 1, 14, undefined, "#1d2129")],
  chips: (cx, cy) => [chip(cx - 13, cy + 2, "#c0182b"), chip(cx - 5, cy + 5, "#1f5fbf"), chip(cx - 9, cy - 5, "#f2c14e"),
    card(cx + 6, cy, -6, undefined, "#1d2129"), card(cx + 15, cy, 6, undefined, "#c0182b")],
  bank: (cx, cy) => [svg("rect", { x: cx - 9, y: cy - 17, width: 18, height: 9, rx: 2, fill: "#f2c14e" }),
    card(cx - 7, cy + 4, -8, undefined, "#1d2129"), card(cx + 7, cy + 4, 8, undefined, "#c0182b")],
  backs: (cx, cy) => [card(cx - 7, cy, -10, "#2f5fa8"), card(cx + 7, cy, 10, "#2f5fa8")],
};

/** A small picture of the game's table: its usual number of seats, yours at the bottom (blue), partners
 * alike where the game seats them, and the family's look on the cloth. */
function picture(game) {
  const players = game.default_players || game.min_players;
  const w = 120;
  const h = 84;
  const cx = w / 2;
  const cy = h / 2;
  const root = svg("svg", { viewBox: `0 0 ${w} ${h}`, class: "table-picture", "aria-hidden": "true", focusable: "false" });
  root.append(svg("rect", { x: 16, y: 13, width: w - 32, height: h - 26, rx: 26, fill: "#1e5b3d", stroke: "#123b27", "stroke-width": 2 }));
  const partners = game.partnerships && players % 2 === 0;
  const direction = game.direction === "counter-clockwise" ? -1 : 1;
  for (let seat = 0; seat < players; seat++) {
    const angle = Math.PI / 2 + direction * (2 * Math.PI * seat) / players;
    const x = cx + 52 * Math.cos(angle);
    const y = cy + 36 * Math.sin(angle);
    const fill = seat === 0 ? "#1f5fbf" : partners && seat % 2 === 0 ? "#6f9be0" : "#9aa2ae";
    root.append(svg("circle", { cx: x.toFixed(1), cy: y.toFixed(1), r: seat === 0 ? 6.5 : 5.5, fill, stroke: "#fff", "stroke-width": 1.2 }));
  }
  for (const part of MOTIFS[groupOf(game).motif](cx, cy)) root.append(part);
  return root;
}

// --- the gallery ------------------------------------------------------------------------------------------

function playersSpan(game) {
  const counts = game.player_counts;
  if (counts.length === 1) return `${counts[0]} players`;
  return counts.length === game.max_players - game.min_players + 1
    ? `${game.min_players}–${game.max_players} players`
    : `${counts.join(" or ")} players`;
}

function renderGallery() {
  const sections = [];
  for (const group of GROUPS) {
    const games = state.games.filter((g) => groupOf(g) === group);
    if (!games.length) continue;
    sections.push(el("section", { class: "family", dataset: { testid: "family", families: group.families.join("|") } },
      el("h3", { text: group.title }),
      el("ul", { class: "game-cards" }, games.map(gameCard))));
  }
  replace($("gallery"), sections);
}

function gameCard(game) {
  const choose = el("button", { type: "button", class: "card-choose", dataset: { testid: `choose-${game.id}` },
    "aria-label": `${game.name}: choose, to see its options` },
  picture(game), el("span", { class: "card-name", text: game.name }),
  el("span", { class: "card-facts", text: playersSpan(game) }));
  choose.addEventListener("click", () => chooseGame(game.id, true));
  const play = el("button", { type: "button", class: "primary small card-play", dataset: { testid: `play-${game.id}` },
    "aria-label": `Play ${game.name}`, text: "Play" });
  play.addEventListener("click", () => quickPlay(game, play));
  return el("li", { class: "game-card", dataset: { testid: `game-card-${game.id}`, game: game.id, family: (game.family || []).join("|") } },
    choose, play);
}

function chooseGame(id, scroll) {
  $("game").value = id;
  onGameChange();
  if (scroll) {
    $("chosen-title").closest(".chosen").scrollIntoView({ behavior: "smooth", block: "start" });
    $("create-table").focus({ preventScroll: true });
  }
}

/** "Play" on a game's card: its usual number of players, you and medium bots, by the book, at once. */
async function quickPlay(game, button) {
  const players = game.default_players || game.min_players;
  const body = { game: game.id, players, seats: seatsAround(game, players, LEVEL) };
  if (!nameProblem(myName())) body.name = myName();
  button.disabled = true;
  try {
    location.assign(keepCreated(await api("/api/tables", { method: "POST", body })));
  } catch (err) {
    button.disabled = false;
    toast(err.message);
  }
}

// --- the chosen game and its folded choices ---------------------------------------------------------------

function currentGame() {
  return state.games.find((g) => g.id === $("game").value) || null;
}

function fillGames() {
  const select = $("game");
  const ordered = GROUPS.flatMap((group) => state.games.filter((g) => groupOf(g) === group));
  replace(select, GROUPS.map((group) => {
    const games = ordered.filter((g) => groupOf(g) === group);
    return games.length ? el("optgroup", { label: group.title }, games.map((g) => el("option", { value: g.id, text: g.name }))) : null;
  }));
  // Come back to the game chosen last time: people mostly play the same game again.
  const last = storeGet("parlour:lobby:game");
  select.value = last && state.games.some((g) => g.id === last) ? last : (ordered[0] || {}).id || "";
  renderGallery();
  onGameChange();
}

function onGameChange() {
  const game = currentGame();
  $("create-table").disabled = !game;
  $("learn-to-play").disabled = !game;
  if (!game) return;
  $("learn-to-play").textContent = "Learn to play";
  $("learn-to-play").setAttribute("aria-label", `Learn to play ${game.name}`);
  $("create-table").setAttribute("aria-label", `Play ${game.name}`);
  storeSet("parlour:lobby:game", game.id);
  document.querySelectorAll(".game-card").forEach((c) => c.classList.toggle("chosen-card", c.dataset.game === game.id));

  $("chosen-title").textContent = game.name;
  replace($("chosen-picture"), picture(game));
  $("chosen-facts").textContent = [(game.family || []).join(" · "), playersSpan(game),
    game.partnerships ? "partners sit opposite" : null].filter(Boolean).join(" — ");
  $("about-title").textContent = `How ${game.name} is played`;
  replace($("game-summary"), el("div", { class: "game-facts" },
    el("span", { class: "chip", text: game.direction === "counter-clockwise" ? "play passes right" : "play passes left" })),
  markdown(game.summary || ""));

  const players = $("players");
  if (players.dataset.game !== game.id && !state.seatsChosen) state.seatChoices = [];
  const wanted = Number(players.value) || game.default_players || game.min_players;
  const counts = game.player_counts;
  replace(players, counts.map((n) => el("option", { value: String(n), text: String(n) })));
  const chosen = players.dataset.game === game.id ? wanted : game.default_players || game.min_players;
  players.value = String(counts.includes(chosen) ? chosen : counts[0]);
  players.dataset.game = game.id;
  players.disabled = game.min_players === game.max_players;

  const variants = game.variants || [];
  replace($("variant"), el("option", { value: "", text: "the book's game" }),
    variants.map((v) => el("option", { value: v, text: label(v) })));
  $("variant-field").hidden = variants.length === 0;

  renderOptions(game);
  renderSeats();
  renderResearch(game);
}

/** A value in words: true and false as yes and no, names with their underscores as spaces. */
function valueWords(value) {
  if (value === true) return "yes";
  if (value === false) return "no";
  if (value === null || value === undefined) return "none";
  return label(value);
}

/** One input per option, named in words (the spec's label), the book's value marked. */
function renderOptions(game) {
  const specs = game.options || [];
  $("options-fieldset").hidden = specs.length === 0;
  replace($("options"), specs.map((spec) => {
    const id = `option-${spec.name}`;
    const testid = `option-${spec.name}`;
    const words = spec.label || label(spec.name);
    let input;
    let book = null;
    if (spec.kind === "bool") {
      input = el("input", { id, type: "checkbox", checked: Boolean(spec.default), dataset: { testid, option: spec.name } });
      book = `The book: ${valueWords(spec.default)}.`;
    } else if (Array.isArray(spec.choices) && spec.choices.length) {
      input = el("select", { id, dataset: { testid, option: spec.name } },
        spec.choices.map((c) => el("option", { value: String(c), selected: c === spec.default,
          text: c === spec.default ? `${valueWords(c)} (the book)` : valueWords(c) })));
    } else if (spec.kind === "int") {
      input = el("input", {
        id, type: "number", inputmode: "numeric", step: "1", value: spec.default === null ? "" : String(spec.default),
        min: spec.minimum ?? null, max: spec.maximum ?? null, dataset: { testid, option: spec.name },
      });
      book = `The book: ${valueWords(spec.default)}.`;
    } else {
      input = el("input", { id, type: "text", value: spec.default === null ? "" : String(spec.default), dataset: { testid, option: spec.name } });
    }
    input.setAttribute("aria-describedby", `${id}-doc`);
    const name = el("label", { for: id, text: words, dataset: { testid: `option-label-${spec.name}` } });
    const doc = el("p", { id: `${id}-doc`, class: "hint", text: [capitalise(spec.doc || ""), book].filter(Boolean).join(" ") });
    return el("div", { class: spec.kind === "bool" ? "field field-check" : "field" },
      spec.kind === "bool" ? [input, name] : [name, input], doc);
  }));
}

const capitalise = (text) => (text ? text[0].toUpperCase() + text.slice(1) + (/[.!?)]$/.test(text) ? "" : ".") : "");

// The kinds a seat may hold for the chosen game: people, the levels by name, and the research bots that play
// this game here (GET /api/bots), which are for measuring rather than for an evening's game.
const KIND_WORDS = {
  easy: "easy bot", medium: "medium bot", strong: "strong bot", expert: "expert bot",
  random: "random moves", heuristic: "rule of thumb (heuristic)", ismcts: "tree search (ismcts)",
  rollout: "rollouts of the rule of thumb", pimc: "open-hand endings (pimc)", solver: "exact solver",
  "openspiel-ismcts": "OpenSpiel's tree search",
};

function kindsFor(game) {
  const listed = (state.bots.games || {})[game.id];
  return Array.isArray(listed) ? listed : game.bots || state.bots.kinds || [];
}

function levelsOf(game) {
  const levels = state.bots.levels && state.bots.levels.length ? state.bots.levels : ["easy", "medium", "strong", "expert"];
  return kindsFor(game).filter((k) => levels.includes(k));
}

function researchOf(game) {
  const levels = levelsOf(game);
  return kindsFor(game).filter((k) => !levels.includes(k));
}

function renderResearch(game) {
  const research = researchOf(game);
  $("research-doc").textContent = research.length
    ? `Research bots for ${game.name}, in each seat's list below the levels: ${research.join(", ")}. `
      + "Only the ones that play this game with what this server has installed are offered."
    : `No research bots play ${game.name} on this server.`;
}

/**
 * The seat the creator of a table takes: South where the game names its seats by the compass (bridge sites
 * seat you South, your partner North across the table), else the first. Read from the seat names, never
 * from a game's id.
 */
function creatorSeat(game, players) {
  const south = (game.seat_names || []).indexOf("South");
  return south >= 0 && south < players ? south : 0;
}

/** A table's seats: you in the creator's seat, `kind` in each other. */
function seatsAround(game, players, kind) {
  const seats = Array(players).fill(kind);
  seats[creatorSeat(game, players)] = "human";
  return seats;
}

/** A new table's answer with the creator's seat first among the seats, so that its page opens there when
 * several seats are yours (a hot-seat table). */
function creatorFirst(created, game) {
  const seats = created.seats || [];
  const mine = game ? creatorSeat(game, seats.length) : 0;
  return { ...created, seats: [...seats].sort((a, b) => (b.seat === mine) - (a.seat === mine)) };
}

function defaultSeat(index, game) {
  const players = Number($("players").value) || game.default_players || game.min_players;
  if (index === creatorSeat(game, players)) return { kind: "human", strength: null };
  const kinds = kindsFor(game);
  return { kind: kinds.includes(LEVEL) ? LEVEL : kinds[0] || "open", strength: null };
}

function seatName(game, i) {
  return (game.seat_names || [])[i] || `Seat ${i}`;
}

function renderSeats() {
  const game = currentGame();
  if (!game) return;
  const count = Number($("players").value) || 0;
  const levels = levelsOf(game);
  const research = researchOf(game);
  const rows = [];
  for (let i = 0; i < count; i++) {
    let choice = state.seatChoices[i] || (state.seatChoices[i] = defaultSeat(i, game));
    if (!isPerson(choice.kind) && !kindsFor(game).includes(choice.kind)) choice = state.seatChoices[i] = defaultSeat(i, game);
    const id = `seat-kind-${i}`;
    const option = (value, text) => el("option", { value, text, selected: value === choice.kind });
    const select = el("select", { id, dataset: { testid: `seat-kind-${i}` } },
      el("optgroup", { label: "People" }, option("human", "you"), option("open", "a friend (by link)")),
      el("optgroup", { label: "Bots by level" }, levels.map((k) => option(k, KIND_WORDS[k] || label(k)))),
      research.length ? el("optgroup", { label: "Advanced: research bots", dataset: { testid: `research-${i}` } },
        research.map((k) => option(k, KIND_WORDS[k] || label(k)))) : null);
    const strengths = (state.bots.strengths || {})[choice.kind];
    let strength = null;
    if (Array.isArray(strengths) && strengths.length) {
      if (!strengths.includes(choice.strength)) choice.strength = strengths.includes(choice.kind) ? choice.kind : strengths[0];
      strength = el("select", { id: `seat-strength-${i}`, "aria-label": `${seatName(game, i)}: how the bot plays`, dataset: { testid: `seat-strength-${i}` } },
        strengths.map((s) => el("option", { value: s, text: strengthLabel(s), selected: s === choice.strength })));
      strength.addEventListener("change", () => { choice.strength = strength.value; state.seatsChosen = true; summarise(); });
    }
    select.addEventListener("change", () => {
      choice.kind = select.value;
      choice.strength = null;
      state.seatsChosen = true;
      renderSeats();
      $(`seat-kind-${i}`).focus();       // the rebuild must not throw keyboard users out of the list
    });
    rows.push(el("li", { class: "seat-row" },
      el("label", { for: id, text: seatName(game, i) }), select, strength));
  }
  replace($("seats"), rows);
  renderSeed();
  summarise();
}

const isPerson = (kind) => kind === "human" || kind === "open";

/** The fold's title says what "Play" will make: who sits, and the clock. */
function summarise() {
  const game = currentGame();
  if (!game) return;
  const count = Number($("players").value) || 0;
  const tally = new Map();
  for (let i = 0; i < count; i++) {
    if (i === creatorSeat(game, count)) continue;      // "you"
    const choice = state.seatChoices[i] || defaultSeat(i, game);
    const kind = choice.strength || choice.kind;
    const words = kind === "human" ? "seat of yours" : kind === "open" ? "friend" : `${KIND_WORDS[kind.split(":")[0]] || label(kind)}`;
    tally.set(words, (tally.get(words) || 0) + 1);
  }
  const others = [...tally].map(([words, n]) => (n === 1 ? `${/^[aeiou]/i.test(words) ? "an" : "a"} ${words}`
    : `${n} ${words.replace(/bot$/, "bots").replace(/^seat /, "seats ").replace(/^friend$/, "friends")}`));
  const clock = $("clock").value ? `${$("clock").selectedOptions[0].textContent}` : "no clock";
  $("play-doc").textContent = `You${others.length ? ` and ${others.join(", ")}` : ""}; ${changedOptions(game) ? "your options" : "the book's rules"}, ${clock}.`;
}

function changedOptions(game) {
  for (const spec of game.options || []) {
    const input = document.querySelector(`[data-option="${CSS.escape(spec.name)}"]`);
    if (!input) continue;
    const value = spec.kind === "bool" ? input.checked : input.value;
    if (String(value) !== String(spec.default === null ? "" : spec.default)) return true;
  }
  return false;
}

/** How many of the chosen seats are people ("you" or a friend's). */
function peopleSeats() {
  const game = currentGame();
  const count = Number($("players").value) || 0;
  let people = 0;
  for (let i = 0; i < count; i++) if (isPerson((state.seatChoices[i] || defaultSeat(i, game)).kind)) people++;
  return people;
}

/** The server deals a chosen seed only to a table with at most one person (a fair deal for the others):
 * with more, the field is disabled and says why, rather than the server refusing the table. */
function renderSeed() {
  const unfair = peopleSeats() > 1;
  const seed = $("seed");
  seed.disabled = unfair;
  $("seed-note").hidden = !unfair;
  // A seed already typed that will not be sent: open the sections, so the reason is in sight.
  if (unfair && seed.value.trim() !== "") {
    $("table-choices").open = true;
    $("advanced").open = true;
  }
}

// A heuristic bot's setting is how quickly it claims or races, not how well it plays (the levels are the
// kinds easy, medium, strong and expert), so it is named for its speed.
const REACTIONS = { easy: "slow to react", hard: "quick to react" };

/** "ismcts:200" -> "200 playouts", "ismcts:2s" -> "2 s per move", "ismcts" -> "standard". */
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
    const words = spec.label || label(spec.name);
    if (spec.kind === "bool") {
      if (input.checked !== spec.default) options[spec.name] = input.checked;
    } else if (spec.kind === "int") {
      if (input.value.trim() === "") continue;          // left empty: the book's default
      const n = Number(input.value);
      if (!Number.isInteger(n)) throw new Error(`${words}: a whole number, please.`);
      if (spec.minimum !== null && spec.minimum !== undefined && n < spec.minimum) throw new Error(`${words}: at least ${spec.minimum}.`);
      if (spec.maximum !== null && spec.maximum !== undefined && n > spec.maximum) throw new Error(`${words}: at most ${spec.maximum}.`);
      if (n !== spec.default) options[spec.name] = n;
    } else if (input.value !== String(spec.default)) {
      options[spec.name] = input.value;
    }
  }
  const seats = [];
  for (let i = 0; i < players; i++) {
    const choice = state.seatChoices[i] || defaultSeat(i, game);
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
  if ($("deal-pause").value) body.deal_pause = Number($("deal-pause").value);   // sent only when not the default
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
    $("table-choices").open = true;
    return;
  }
  const button = $("create-table");
  button.disabled = true;
  button.textContent = "Starting…";
  try {
    const created = await api("/api/tables", { method: "POST", body });
    location.assign(keepCreated(creatorFirst(created, currentGame())));
  } catch (err) {
    error.textContent = err.message;
    button.disabled = false;
    button.textContent = "Play";
  }
}

// --- learning a game: a guided first deal ----------------------------------------------------------------

// Every learner of a game is dealt the same cards (a guided table has one person, so a chosen seed is fair).
const GUIDE_SEED = 1;

/** "Learn to play": the chosen game's usual number of players, you against easy bots, guided, private. */
async function onLearn() {
  const game = currentGame();
  if (!game) return;
  const bots = kindsFor(game);
  const bot = bots.includes("heuristic") ? "heuristic:easy" : bots[0];   // a steady teacher: no random slips
  const players = game.default_players || game.min_players;
  const body = { game: game.id, players, seats: seatsAround(game, players, bot), seed: GUIDE_SEED,
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
    replace(box, el("p", { class: "muted", text: "No public tables in play: start one." }));
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
  $("clock").addEventListener("change", summarise);
  $("options").addEventListener("change", summarise);
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
