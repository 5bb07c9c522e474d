// The score page: a Doomlings score sheet for a phone at the table.
// Scoring is never done here: every change is scored by the server's Python (POST /api/score)
// until Pyodide has loaded the same Python into this page, then by that, offline too.
"use strict";

const $ = (id) => document.getElementById(id);
const SHEET_KEY = "doomtable-score-sheet";
const RECENT_KEY = "doomtable-score-recent";
const TABLE_KEY = "doomtable-score-table";  // the sets and edition a new sheet starts with
const SHARE_PREFIX = "#sheet=";
const MAX_RECENT = 12;
const FACE_DOWN_SET = "deeplings";  // the set whose cards turn traits face down
const TRINKET_SET = "trinkets";     // the set whose trinkets are pocketed for points
const THUMBS = "Opposable Thumbs";  // its question names the dominant it copies

let catalog = null;        // GET /api/score/cards: the game's own card list
let sheet = null;          // what the people at the table entered (kept in localStorage)
let last = { report: null, error: null, needs: [], questions: [] };
let lastBoard = null;      // the board last scored, as `doomtable score FILE.json` reads it
let tied = [];             // players tied for the lead in the last report
let python = null;         // Pyodide's score function, once loaded
let generation = 0;        // a newer change makes an older scoring's answer stale
let editing = null;        // {player, zone, name}: the pile card being changed
const shown = [];          // per player: what its needs panel was drawn for

// ------------------------------------------------------------------ the sheet

function defaultName(number) {
  return `Player ${number}`;
}

function newPlayer(number) {
  // `choices`: each World's End question's answer, by the question's key (the card that asks).
  // `attached`: [attachment, host] per attachment copy in the pile (Techlings), the host
  // `Bob: Bark` when in another pile; `face_down`: how many face-down cards (Deeplings);
  // `under`: how many of them lie under each pile trait that counts them (Untold).
  // `meanings`: the Meaning of Life cards held (The Blind Dragon's drawn ones after the
  // first); `meaning_draw`: what The Silent Elder's draw scored; `pocketed`: trinkets;
  // `catastrophe_points`: what Too Much Pink or Isolation counted as it acted (Blackbox);
  // `hand_empty`: the hand a card counts holds nothing (no names is not yet an answer).
  return { name: defaultName(number), traits: [], hand: [], hand_empty: false, hand_size: null,
    gene_pool: null,
    choices: {}, deus: null, tie_draw: null, attached: [], face_down: null, under: {},
    meanings: [], meaning_draw: null, pocketed: [], catastrophe_points: null };
}

function newSheet() {
  let table = {};
  try { table = JSON.parse(localStorage.getItem(TABLE_KEY) || "{}") || {}; } catch { table = {}; }
  // `discard_counts`: what a pile counts of the shared discard pile (Dinolings), by the
  // board's key (dominants: 2); `discard`: its traits instead, used when no count is given;
  // `top_card`: the trait deck's top card Too Much Pink shows ("none": the deck was empty).
  return { catastrophe: "", tieDraw: false, sets: cleanSets(table.sets),
    edition: cleanEdition(table.edition), players: [newPlayer(1), newPlayer(2)],
    discard_counts: {}, discard: [], top_card: "" };
}

// The sets in play: names the game knows, the base set always among them.
function cleanSets(sets) {
  const known = catalog.sets.map((s) => s.name);
  const chosen = Array.isArray(sets) ? sets.filter((s) => known.includes(s)) : [];
  return known.filter((s) => s === known[0] || chosen.includes(s));
}

function cleanEdition(edition) {
  return catalog.editions.includes(edition) ? edition : catalog.editions[0];
}

// A card named as the sheet names it: its label (the name, plus set and colour where
// another set prints a card of the same name). A sheet from before sets named the base card.
function cardOf(label) {
  return catalog.traits.find((t) => t.label === label) ||
    catalog.traits.find((t) => t.name === label && t.set === catalog.sets[0].name);
}

function inPlay(card) {
  return sheet.sets.includes(card.set);
}

// How the page shows a card: its printed name, or its label where another set in play
// prints a card of the same name (the sheet always keeps the label).
function displayName(card) {
  const twins = catalog.traits.filter((t) => t.name === card.name && inPlay(t));
  return twins.length > 1 ? card.label : card.name;
}

function cleanSheet(data) {
  // A sheet from storage or a link: keep only what the page knows, of the right types.
  const out = newSheet();
  if (!data || typeof data !== "object" || !Array.isArray(data.players)) return out;
  out.catastrophe = typeof data.catastrophe === "string" ? data.catastrophe : "";
  out.tieDraw = data.tieDraw === true;
  if ("sets" in data) out.sets = cleanSets(data.sets);
  if ("edition" in data) out.edition = cleanEdition(data.edition);
  out.discard = cleanNames(data.discard);
  const counts = data.discard_counts;
  if (counts && typeof counts === "object" && !Array.isArray(counts)) {
    for (const { key } of Object.values(catalog.discard_counts)) {
      if (Number.isInteger(counts[key]) && counts[key] >= 0) out.discard_counts[key] = counts[key];
    }
  }
  out.top_card = typeof data.top_card === "string" ? data.top_card : "";
  out.players = data.players.slice(0, catalog.players[1]).map((p, i) => {
    const player = newPlayer(i + 1);
    for (const key of Object.keys(player)) {
      const value = p ? p[key] : undefined;
      if (key === "attached") {
        player.attached = Array.isArray(value) ? value.filter((pair) => Array.isArray(pair) &&
          pair.length === 2 && pair.every((v) => typeof v === "string")) : [];
      } else if (key === "under") {
        if (value && typeof value === "object" && !Array.isArray(value)) {
          for (const [trait, n] of Object.entries(value)) {
            if (Number.isInteger(n) && n > 0) player.under[trait] = n;
          }
        }
      } else if (key === "meanings" || key === "pocketed") {
        player[key] = Array.isArray(value) ? value.filter((v) => typeof v === "string") : [];
      } else if (Array.isArray(player[key])) {
        player[key] = cleanNames(value);
      } else if (typeof player[key] === "string") {
        if (typeof value === "string") player[key] = value;
      } else if (typeof player[key] === "boolean") {
        player[key] = value === true;
      } else if (key === "choices") {
        if (value && typeof value === "object" && !Array.isArray(value)) {
          for (const [question, answer] of Object.entries(value)) {
            if (typeof answer === "string") player.choices[question] = answer;
          }
        }
      } else if (Number.isInteger(value)) {
        player[key] = value;
      }
    }
    if (p) Object.assign(player.choices, oldChoices(p), { ...player.choices });
    return player;
  });
  return out;
}

function cleanNames(value) {
  return Array.isArray(value) ? value.filter((v) => typeof v === "string")
    .map((name) => (cardOf(name) ? cardOf(name).label : name)) : [];
}

// A sheet kept or shared before World's End questions came from the cards held one field per
// base card: its answers become the questions' (the key is the card that asks).
function oldChoices(p) {
  const out = {};
  const text = (v) => (typeof v === "string" && v ? v : null);
  if (text(p.sentience)) out.Sentience = p.sentience;
  if (text(p.viral)) out.Viral = p.viral;
  if (text(p.faith_from) && text(p.faith_to)) out.Faith = `${p.faith_from}>${p.faith_to}`;
  if (text(p.prepper)) out.Prepper = p.prepper;
  if (p.denial === true) out.Denial = "yes";
  if (text(p.discarded)) out["World's End"] = p.discarded;
  return out;
}

function save() {
  localStorage.setItem(SHEET_KEY, JSON.stringify(sheet));
  localStorage.setItem(TABLE_KEY, JSON.stringify({ sets: sheet.sets, edition: sheet.edition }));
}

function recent() {
  try {
    const names = JSON.parse(localStorage.getItem(RECENT_KEY) || "[]");
    return Array.isArray(names) ? names : [];
  } catch {
    return [];
  }
}

function remember(name) {
  const names = [name, ...recent().filter((n) => n !== name)].slice(0, MAX_RECENT);
  localStorage.setItem(RECENT_KEY, JSON.stringify(names));
}

// The board for the scorer: a player's answers are sent only where the cards need them
// (`needs` and the questions of the last scoring), so an answer left over from a removed card
// is not an error.
function board(needs, asked) {
  const players = sheet.players.map((p, i) => {
    const want = new Set(needs[i] || []);
    const fields = { name: p.name.trim() || `Player ${i + 1}`, traits: [...p.traits] };
    if (want.has("HAND_CARDS")) {
      fields.hand = [...p.hand];
      if (!p.hand.length && p.hand_empty) fields.hand_size = 0;
    } else if (want.has("HAND_SIZE") && p.hand_size !== null) fields.hand_size = p.hand_size;
    if (want.has("GENE_POOL") && p.gene_pool !== null) fields.gene_pool = p.gene_pool;
    if (want.has("DEUS") && p.deus !== null) fields.deus = p.deus;
    const attached = attachedPairs(i);
    if (attached.length) fields.attached = attached;
    if (sheet.sets.includes(FACE_DOWN_SET) && p.face_down) fields.face_down = p.face_down;
    if (want.has("UNDER")) {
      const under = Object.entries(p.under).filter(([trait]) => p.traits.includes(trait))
        .flatMap(([trait, n]) => Array(n).fill(trait));
      if (under.length) fields.under = under;
    }
    const choices = {};
    for (const question of asked[i] || []) {
      if (p.choices[question]) choices[question] = p.choices[question];
    }
    if (Object.keys(choices).length) fields.choices = choices;
    if (sheet.tieDraw && tied.length > 1 && tied.includes(i) && p.tie_draw !== null) {
      fields.draw = p.tie_draw;
    }
    const meanings = p.meanings.filter((name) => meaningsInPlay().some((m) => m.name === name));
    if (meanings.length) fields.meaning = meanings;
    if (want.has("MEANING_DRAW") && p.meaning_draw !== null) fields.meaning_draw = p.meaning_draw;
    if (want.has("CATASTROPHE_POINTS") && p.catastrophe_points !== null) {
      fields.catastrophe_points = p.catastrophe_points;
    }
    const pocketed = p.pocketed.filter((name) => trinketsInPlay().some((t) => t.name === name));
    if (pocketed.length) fields.pocketed = pocketed;
    return fields;
  });
  const data = { players, sets: [...sheet.sets] };
  const counted = discardNeeds(needs).map((need) => catalog.discard_counts[need].key)
    .filter((key) => sheet.discard_counts[key] !== undefined && sheet.discard_counts[key] !== null);
  if (counted.length) {
    data.discard = Object.fromEntries(counted.map((key) => [key, sheet.discard_counts[key]]));
  } else if (discardNeeds(needs).length && sheet.discard.length) {
    data.discard = [...sheet.discard];
  }
  if (needs.some((want) => (want || []).includes("TOP_CARD")) && sheet.top_card) {
    data.top_card = sheet.top_card;
  }
  if (sheet.edition !== catalog.editions[0]) data.edition = sheet.edition;
  if (sheet.catastrophe) data.catastrophe = sheet.catastrophe;
  return data;
}

// The counts of the discard pile some player's cards read (DISCARD_DOMINANTS, ...).
function discardNeeds(needs) {
  return Object.keys(catalog.discard_counts)
    .filter((need) => needs.some((want) => (want || []).includes(need)));
}

// One number field per count of the discard pile the piles read; redrawn only when which
// counts are asked changes (the focus stays in a field being typed in).
let discardShown = null;
function drawDiscardCounts(wanted) {
  const what = JSON.stringify(wanted);
  if (discardShown === what) return;
  discardShown = what;
  const box = document.querySelector("#discard-box .discard-counts");
  box.replaceChildren(...wanted.map((need) => {
    const { key, label } = catalog.discard_counts[need];
    const value = Number.isInteger(sheet.discard_counts[key]) ? sheet.discard_counts[key] : null;
    return number(label, value, 0, catalog.discard_max, (n) => {
      if (n === null) delete sheet.discard_counts[key];
      else sheet.discard_counts[key] = n;
      changed();
    });
  }));
}

// Each attachment copy of player i's pile with the host chosen for it. A copy not yet given
// a host, or whose host has left the piles (or whose owner was renamed), is left out: the
// scorer counts it unattached, as the rules do, and its picker shows no host.
function attachedPairs(i) {
  const p = sheet.players[i];
  const hosts = new Set(hostOptions(i).map(([value]) => value));
  const left = new Map();
  for (const name of p.traits) if (isAttachment(name, i)) left.set(name, (left.get(name) || 0) + 1);
  return p.attached.filter(([gear, host]) => {
    if (!hosts.has(host) || !left.get(gear)) return false;
    left.set(gear, left.get(gear) - 1);
    return true;
  });
}

// The Meaning of Life cards a game of the sets in play deals (none without their set).
function meaningsInPlay() {
  if (!sheet.sets.includes(catalog.meaning_set)) return [];
  return catalog.meanings.filter((m) => sheet.sets.includes(m.set));
}

function trinketsInPlay() {
  return catalog.trinkets.filter((t) => sheet.sets.includes(t.set));
}

// Whether a card of player i's pile attaches: an Opposable Thumbs does as a copy of an
// attachment (the answer to its question, tapped or the only dominant it can copy).
function isAttachment(name, i) {
  const asked = (last.questions[i] || []).find((q) => q.key === THUMBS);
  const copied = name === THUMBS ? sheet.players[i].choices[THUMBS] || asked?.answer : null;
  const card = cardOf(copied || name);
  return Boolean(card && card.effects && card.effects.includes("attachment"));
}

function askedKeys(questions) {
  return (questions || []).map((list) => list.map((q) => q.key));
}

// ------------------------------------------------------------------ scoring

async function scoreOnce(data) {
  if (python) return { ...JSON.parse(python(JSON.stringify(data))), by: "pyodide" };
  const answer = await fetch("/api/score", {
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(data),
  });
  const body = await answer.json();
  if (!("needs" in body)) {
    return { ...last, report: null, by: "server",
      error: body.detail || `the server answered ${answer.status}` };
  }
  return { ...body, by: "server" };
}

async function rescore() {
  const mine = ++generation;
  document.body.dataset.busy = "true";
  let needs = last.needs;
  let asked = askedKeys(last.questions);
  let result = null;
  let data = null;
  try {
    // Answers follow the needs, and the needs follow the answers: score until they agree.
    for (let round = 0; round < 4; round += 1) {
      data = board(needs, asked);
      result = await scoreOnce(data);
      if (mine !== generation) return;
      const nowTied = leaders(result.report);
      const nowAsked = askedKeys(result.questions);
      const settled = JSON.stringify(result.needs) === JSON.stringify(needs) &&
        JSON.stringify(nowAsked) === JSON.stringify(asked) &&
        JSON.stringify(nowTied ?? tied) === JSON.stringify(tied);
      if (nowTied) tied = nowTied;
      needs = result.needs;
      asked = nowAsked;
      if (settled) break;
    }
  } catch (error) {
    if (mine !== generation) return;
    result = { ...last, report: null, by: "none",
      error: python ? `scoring failed: ${error}` :
        "offline: scores appear once the offline scorer has loaded" };
  }
  last = result;
  lastBoard = data;
  document.body.dataset.scorer = result.by;
  drawResults();
  document.body.dataset.busy = "false";
}

// The players tied for the lead before any tie draw (the Blackbox edition adds the draws
// to the scores).
function leaders(report) {
  if (!report) return null;
  const before = report.players.map((p) => p.score - (p.breakdown.tie_draw || 0));
  const best = Math.max(...before);
  return before.flatMap((score, i) => (score === best ? [i] : []));
}

async function startPython() {
  $("scorer").textContent = "scoring on the server; loading the offline scorer…";
  try {
    const { loadPyodide } = await import("/score/pyodide/pyodide.mjs");
    const pyodide = await loadPyodide({ indexURL: "/score/pyodide/" });
    const zip = await fetch("/score/doomtable.zip");
    if (!zip.ok) throw new Error(`doomtable.zip: ${zip.status}`);
    pyodide.unpackArchive(await zip.arrayBuffer(), "zip", { extractDir: "/home/pyodide/scorer" });
    pyodide.runPython(
      "import sys, json\nsys.path.insert(0, '/home/pyodide/scorer')\n" +
      "from doomtable.games.doomlings.sheet import sheet\n" +
      "def score_json(text):\n    return json.dumps(sheet(json.loads(text)))\n");
    python = pyodide.globals.get("score_json");
    $("scorer").textContent = "scoring in this browser (works offline)";
    document.body.dataset.python = "ready";
    rescore();
  } catch (error) {
    $("scorer").textContent = "scoring on the server (the offline scorer did not load)";
    document.body.dataset.python = "failed";
    console.warn("Pyodide:", error);
  }
}

// ------------------------------------------------------------------ finding cards

function key(text) {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, " ").trim();
}

function distance(a, b) {
  // Levenshtein distance, for forgiving misspellings ("kidny").
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const next = [i];
    for (let j = 1; j <= b.length; j += 1) {
      next[j] = Math.min(row[j] + 1, next[j - 1] + 1, row[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    row = next;
  }
  return row[b.length];
}

function rank(query, name) {
  // Lower is better; null: not a match.
  const q = key(query);
  const k = key(name);
  if (k === q) return 0;
  if (k.startsWith(q)) return 1;
  const words = k.split(" ");
  if (words.some((word) => word.startsWith(q))) return 2;
  // Each word typed starts a word of the name, in order: "sw r" finds Swarm (Overlush, red).
  const typed = q.split(" ");
  if (typed.length > 1) {
    let found = 0;
    for (const word of words) if (found < typed.length && word.startsWith(typed[found])) found += 1;
    if (found === typed.length) return 2;
  }
  if (k.replace(/ /g, "").includes(q.replace(/ /g, ""))) return 3;
  let at = 0;
  for (const c of k) if (c === q[at]) at += 1;
  if (at === q.length && q.length >= 3) return 4;
  const near = distance(q, k.slice(0, q.length + 1));
  return near <= Math.max(1, Math.floor(q.length / 3)) ? 5 + near : null;
}

function matches(query, limit) {
  const order = recent();
  const seen = (name) => { const i = order.indexOf(name); return i < 0 ? order.length : i; };
  if (!key(query)) {
    return order.map(cardOf).filter((card) => card && inPlay(card)).slice(0, 4);
  }
  return catalog.traits.filter(inPlay)
    .map((card) => ({ card, score: rank(query, card.label) }))
    .filter((m) => m.score !== null)
    .sort((a, b) => a.score - b.score || seen(a.card.label) - seen(b.card.label) ||
      a.card.label.localeCompare(b.card.label))
    .slice(0, limit)
    .map((m) => m.card);
}

// ------------------------------------------------------------------ drawing

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (name === "class") node.className = value;
    else if (name === "text") node.textContent = value;
    else if (value !== false && value !== null) node.setAttribute(name, value === true ? "" : value);
  }
  node.append(...children);
  return node;
}

function swatches(card) {
  const colors = card.colors.length ? card.colors : ["colorless"];
  return colors.map((c) => el("span", { class: `swatch c-${c}`, role: "img", "aria-label": c,
    text: c === "colorless" ? "–" : c[0].toUpperCase() }));
}

function cardInfo(card) {
  const face = card.face_value === null ? "variable" : card.face_value;
  const colors = card.colors.length ? card.colors.join("/") : "colorless";
  const title = (catalog.sets.find((s) => s.name === card.set) || {}).title;
  const set = card.set && card.set !== catalog.sets[0].name ? ` · ${title}` : "";
  return `${colors} · ${face}${card.dominant ? " · dominant" : ""}${set}`;
}

function drawTable() {
  const box = $("sets");
  box.replaceChildren();
  for (const set of catalog.sets) {
    const tick = el("input", { type: "checkbox", value: set.name, checked: sheet.sets.includes(set.name),
      disabled: set.name === catalog.sets[0].name });
    tick.addEventListener("change", () => {
      const chosen = [...box.querySelectorAll("input:checked")].map((b) => b.value);
      sheet.sets = cleanSets(chosen);
      drawTable();
      changed();
    });
    box.append(el("label", { class: "check" }, tick, set.title));
  }
  $("sets-summary").textContent = catalog.sets.filter((s) => sheet.sets.includes(s.name))
    .map((s) => s.title).join(", ");
  // One tap for a table that plays with everything (and one back to the base set alone).
  const every = sheet.sets.length === catalog.sets.length;
  $("every-set").textContent = every ? `Only ${catalog.sets[0].title}` : "Every set";
  $("every-set").onclick = () => {
    sheet.sets = cleanSets(every ? [] : catalog.sets.map((s) => s.name));
    drawTable();
    changed();
  };
  $("blackbox").checked = sheet.edition === "blackbox";
  const select = $("catastrophe");
  select.replaceChildren(el("option", { value: "", text: "— choose —" }));
  for (const card of catalog.catastrophes.filter(inPlay)) {
    select.append(el("option", { value: card.name, text: card.name }));
  }
  select.value = sheet.catastrophe;
  const top = $("top-card");
  top.replaceChildren(el("option", { value: "", text: "— choose —" }),
    el("option", { value: catalog.no_color, text: "none: the deck was empty" }),
    ...catalog.traits.filter(inPlay).map((card) => [card.label, displayName(card)])
      .sort((a, b) => a[1].localeCompare(b[1]))
      .map(([value, text]) => el("option", { value, text })));
  top.value = sheet.top_card;
}

function drawAll() {
  drawTable();
  $("tie-draw").checked = sheet.tieDraw;
  drawWorldsEnd();
  const box = $("players");
  box.replaceChildren();
  shown.length = 0;
  sheet.players.forEach((_, i) => box.append(drawPlayer(i)));
  wireZone($("discard-box"), -1, "discard");
  discardShown = null;  // the counts' fields show this sheet's values
  drawDiscardCounts(discardNeeds(last.needs));
  $("add-player").disabled = sheet.players.length >= catalog.players[1];
}

function drawWorldsEnd() {
  const card = catalog.catastrophes.find((c) => c.name === sheet.catastrophe);
  $("worlds-end").textContent = card ? `World's End: ${card.worlds_end}` : "";
}

function drawPlayer(i) {
  const node = $("player-template").content.firstElementChild.cloneNode(true);
  node.dataset.player = i;
  const name = node.querySelector(".player-name");
  name.value = sheet.players[i].name;
  name.addEventListener("input", () => { sheet.players[i].name = name.value; changed(); });
  const remove = node.querySelector(".remove-player");
  remove.setAttribute("aria-label", `Remove ${sheet.players[i].name}`);
  remove.addEventListener("click", () => {
    if (!confirmRemove(i)) return;
    sheet.players.splice(i, 1);
    editing = null;
    last = { ...last, needs: last.needs.filter((_, j) => j !== i) };
    drawAll();
    changed();
  });
  const pileBox = node.querySelector(".pile-box");
  wireZone(pileBox, i, "traits");
  return node;
}

function confirmRemove(i) {
  const p = sheet.players[i];
  return p.traits.length === 0 || window.confirm(`Remove ${p.name} and their pile?`);
}

// The cards of a zone: a player's pile or hand, or (player -1) the shared discard pile.
function zoneList(i, zone) {
  return i < 0 ? sheet.discard : sheet.players[i][zone];
}

function wireZone(box, i, zone) {
  const find = box.querySelector(".find");
  find.addEventListener("input", () => drawSuggestions(box, i, zone));
  // Cards tapped for other players since: the recent ones are offered again.
  find.addEventListener("focus", () => drawSuggestions(box, i, zone));
  find.addEventListener("keydown", (event) => {
    if (event.key === "Enter") {
      const first = matches(find.value, 1)[0];
      if (first) add(box, i, zone, first.name);
      event.preventDefault();
    }
  });
  drawZone(box, i, zone);
  drawSuggestions(box, i, zone);
}

function drawZone(box, i, zone) {
  const names = zoneList(i, zone);
  const empty = box.querySelector(".hand-empty");
  if (empty) empty.hidden = names.length > 0;
  const counts = new Map();
  for (const name of names) counts.set(name, (counts.get(name) || 0) + 1);
  const list = box.querySelector(".chips");
  list.replaceChildren();
  for (const [name, n] of counts) {
    const card = cardOf(name);
    const open = editing && editing.player === i && editing.zone === zone && editing.name === name;
    const chip = el("button", { type: "button", "aria-pressed": open ? "true" : "false",
      title: card ? card.text : name, "data-card": name }, ...(card ? swatches(card) : []),
      `${card ? displayName(card) : name}${n > 1 ? ` ×${n}` : ""}`, el("span", { class: "pts" }));
    chip.addEventListener("click", () => {
      editing = open ? null : { player: i, zone, name };
      drawZone(box, i, zone);
    });
    list.append(el("li", {}, chip));
  }
  if (zone === "traits") drawPoints(i);
  const count = box.querySelector(".count");
  if (count) count.textContent = names.length ? `(${names.length})` : "";
  drawEditor(box, i, zone, counts);
}

function drawEditor(box, i, zone, counts) {
  const panel = box.querySelector(".chip-edit");
  const name = editing && editing.player === i && editing.zone === zone ? editing.name : null;
  panel.hidden = !name || !counts.has(name);
  panel.replaceChildren();
  if (panel.hidden) return;
  const card = cardOf(name);
  const copies = counts.get(name);
  const button = (text, label, action) => {
    const b = el("button", { type: "button", "aria-label": label, text });
    b.addEventListener("click", action);
    return b;
  };
  const list = zoneList(i, zone);
  panel.append(
    el("span", { class: "what",
      text: `${card ? displayName(card) : name} ×${copies}${card ? ` — ${card.text}` : ""}` }),
    button("−1", `One ${name} fewer`, () => {
      list.splice(list.lastIndexOf(name), 1);
      if (copies === 1) editing = null;
      drawZone(box, i, zone);
      changed();
    }),
    button("+1", `One more ${name}`, () => {
      list.push(name);
      drawZone(box, i, zone);
      changed();
    }),
    button("Remove", `Remove every ${name}`, () => {
      for (let at = list.indexOf(name); at >= 0; at = list.indexOf(name)) list.splice(at, 1);
      editing = null;
      drawZone(box, i, zone);
      changed();
    }),
    button("Done", "Done changing this card", () => { editing = null; drawZone(box, i, zone); }),
  );
}

function drawSuggestions(box, i, zone) {
  const find = box.querySelector(".find");
  const list = box.querySelector(".suggestions");
  list.replaceChildren();
  for (const card of matches(find.value, 8)) {
    const b = el("button", { type: "button", "data-card": card.label },
      el("span", {}, ...swatches(card), displayName(card)),
      el("span", { class: "sub", text: cardInfo(card) }));
    b.addEventListener("click", () => add(box, i, zone, card.label));
    list.append(el("li", {}, b));
  }
  // A real card the calculator cannot take says so, instead of matching nothing or another.
  const typed = key(find.value);
  const textless = typed.length >= 3 && catalog.without_text.find((name) => key(name).startsWith(typed));
  if (textless) {
    list.append(el("li", { class: "textless", text: `${textless}: a Special Edition card whose ` +
      "text doomtable does not have, so it cannot be scored here" }));
  }
}

function add(box, i, zone, name) {
  zoneList(i, zone).push(name);
  remember(name);
  const find = box.querySelector(".find");
  find.value = "";
  drawZone(box, i, zone);
  drawSuggestions(box, i, zone);
  find.focus();  // the next card's letters go straight in (the phone keeps its keyboard)
  changed();
}

function choice(label, value, options, onChange) {
  const select = el("select", {}, el("option", { value: "", text: "—" }),
    ...options.map((o) => el("option", { value: o, text: o })));
  select.value = value;
  select.addEventListener("change", () => onChange(select.value));
  return el("label", { class: "field" }, label, select);
}

function number(label, value, low, high, onChange) {
  const input = el("input", { type: "number", inputmode: "numeric", min: low, max: high,
    value: value === null ? "" : String(value) });
  input.addEventListener("input", () => {
    const n = input.value.trim() === "" ? null : Number(input.value);
    onChange(Number.isInteger(n) ? n : null);
  });
  return el("label", { class: "field" }, label, input);
}

function drawNeeds(i) {
  const node = document.querySelector(`.player[data-player="${i}"] .needs`);
  const p = sheet.players[i];
  const want = new Set(last.needs[i] || []);
  const drawTie = sheet.tieDraw && tied.length > 1 && tied.includes(i);
  // Redrawn when what it offers changes, not for the values typed into it (focus stays).
  const what = JSON.stringify([[...want], last.questions[i] || [], drawTie, sheet.catastrophe,
    p.choices, sheet.sets, sheet.players.map((q) => [q.name, q.traits, q.pocketed]),
    p.meanings]);
  if (shown[i] === what) return;
  shown[i] = what;
  node.replaceChildren();
  const set = (field) => (value) => { p[field] = value; changed(); };
  const colors = catalog.colors;
  if (want.has("HAND_CARDS")) {
    const hand = el("div", { class: "hand-box" },
      el("h3", { text: "Cards in hand (by name)" }),
      el("ul", { class: "chips hand" }), el("div", { class: "chip-edit", hidden: true }),
      el("label", { class: "search" }, el("span", { class: "sr", text: "Add a card to the hand" }),
        el("input", { class: "find", type: "search", placeholder: "Add a hand card",
          autocomplete: "off", autocapitalize: "off", spellcheck: "false" })),
      el("ul", { class: "suggestions", "aria-label": "Matching cards" }));
    // A hand of no cards is an answer too (no names alone is not one yet).
    const empty = el("button", { type: "button", class: "hand-empty",
      "aria-pressed": p.hand_empty ? "true" : "false", text: "The hand is empty" });
    empty.addEventListener("click", () => {
      p.hand_empty = !p.hand_empty;
      empty.setAttribute("aria-pressed", p.hand_empty ? "true" : "false");
      changed();
    });
    hand.insertBefore(empty, hand.querySelector(".search"));
    node.append(hand);
    wireZone(hand, i, "hand");
  } else if (want.has("HAND_SIZE")) {
    node.append(number("Cards in hand", p.hand_size, 0, 30, set("hand_size")));
  }
  if (want.has("GENE_POOL")) {
    const [low, high] = catalog.gene_pool;
    node.append(number(`Gene Pool (${low}–${high})`, p.gene_pool, low, high, set("gene_pool")));
  }
  drawAttachments(node, i);
  if (sheet.sets.includes(FACE_DOWN_SET)) {
    node.append(number("Face-down cards in the pile (each a trait worth nothing)", p.face_down,
      0, 30, set("face_down")));
  }
  if (want.has("UNDER")) {
    for (const name of new Set(p.traits)) {
      const card = cardOf(name);
      if (!card || !card.counts_under) continue;
      node.append(number(`Face-down cards under ${displayName(card)}`, p.under[name] ?? null, 0, 30,
        (n) => { if (n) p.under[name] = n; else delete p.under[name]; changed(); }));
    }
  }
  if (want.has("DEUS")) {
    const [low, high] = catalog.deus;
    node.append(number(`Deus Ex Machina draw (${low} to ${high})`, p.deus, low, high, set("deus")));
  }
  if (want.has("CATASTROPHE_POINTS")) {
    node.append(number("Points the catastrophe counted as it acted (optional: only if a " +
      "World's End trait changed this pile or hand after it)", p.catastrophe_points, -20, 60,
      set("catastrophe_points")));
  }
  drawMeanings(node, i);
  if (want.has("MEANING_DRAW")) {
    node.append(number("Points The Silent Elder's draw scored", p.meaning_draw, -20, 30,
      set("meaning_draw")));
  }
  drawTrinkets(node, i);
  for (const question of last.questions[i] || []) {
    if (question.options.length > 1) node.append(questionButtons(p, question));
  }
  if (drawTie) {
    const [low, high] = catalog.tie_draw;
    node.append(number(`Tie-break draw: face value (${low} to ${high})`, p.tie_draw, low, high,
      set("tie_draw")));
  }
}

// The Meaning of Life card kept, and one picker more per card The Blind Dragon drew.
function drawMeanings(node, i) {
  const p = sheet.players[i];
  const offered = meaningsInPlay();
  if (!offered.length) return;
  const names = offered.map((m) => m.name);
  const held = p.meanings.filter((name) => names.includes(name));
  const more = held.reduce((n, name) => n + offered.find((m) => m.name === name).draws_more, 0);
  for (let k = 0; k < Math.min(held.length + 1, 1 + more); k += 1) {
    const label = k ? `Meaning of Life card ${k + 1} (drawn)` : "Meaning of Life card";
    const field = choice(label, held[k] || "", names, (name) => {
      const next = held.slice(0, k);
      if (name) next.push(name, ...held.slice(k + 1));
      p.meanings = next;
      changed();
    });
    field.querySelector("select").title = held[k] ?
      offered.find((m) => m.name === held[k]).text : "";
    node.append(field);
  }
}

// The trinkets pocketed: each with a button that takes it out, and a picker to add one.
function drawTrinkets(node, i) {
  const p = sheet.players[i];
  const offered = trinketsInPlay();
  if (!offered.length) return;
  const list = el("ul", { class: "chips pocketed" });
  for (const name of p.pocketed) {
    const trinket = offered.find((t) => t.name === name);
    const b = el("button", { type: "button", "aria-label": `Take ${name} out of the pocket`,
      title: trinket ? trinket.text : name, "data-trinket": name },
      `${name}${trinket ? ` +${trinket.value}` : ""} ✕`);
    b.addEventListener("click", () => {
      p.pocketed = p.pocketed.filter((n) => n !== name);
      changed();
    });
    list.append(el("li", {}, b));
  }
  const free = offered.filter((t) => !sheet.players.some((q) => q.pocketed.includes(t.name)));
  const add = choice("Pocketed trinkets: add one", "", free.map((t) => t.name), (name) => {
    if (name) p.pocketed = [...p.pocketed, name];
    changed();
  });
  node.append(el("div", { class: "pocket-box" }, add, list));
}

// One host picker per attachment copy in the pile (Techlings): a trait of this pile, or of
// another player's (kept as `Bob: Bark`).
function drawAttachments(node, i) {
  const p = sheet.players[i];
  const copies = new Map();
  for (const name of p.traits.filter((trait) => isAttachment(trait, i))) {
    const k = copies.get(name) || 0;
    copies.set(name, k + 1);
    const mine = p.attached.filter(([gear]) => gear === name);
    const card = cardOf(name);
    const label = `${displayName(card)}${k ? ` (copy ${k + 1})` : ""} is attached to`;
    node.append(picker(label, mine[k] ? mine[k][1] : "", hostOptions(i), (host) => {
      while (p.attached.filter(([gear]) => gear === name).length <= k) p.attached.push([name, ""]);
      p.attached.filter(([gear]) => gear === name)[k][1] = host;
      changed();
    }));
  }
}

function hostOptions(i) {
  const options = [];
  sheet.players.forEach((q, j) => {
    const owner = q.name.trim() || `Player ${j + 1}`;
    for (const name of new Set(q.traits)) {
      if (isAttachment(name, j)) continue;
      const card = cardOf(name);
      const text = card ? displayName(card) : name;
      options.push(j === i ? [name, text] : [`${owner}: ${name}`, `${owner}: ${text}`]);
    }
  });
  return options;
}

function picker(label, value, options, onChange) {
  const select = el("select", {}, el("option", { value: "", text: "— no host —" }),
    ...options.map(([v, text]) => el("option", { value: v, text })));
  select.value = options.some(([v]) => v === value) ? value : "";
  select.addEventListener("change", () => onChange(select.value));
  return el("label", { class: "field" }, label, select);
}

// A World's End question the cards ask, as the game asks it: one button per option (the one
// taken is pressed); tapping the pressed one takes the answer back.
function questionButtons(p, question) {
  const taken = question.answer === null ? null :
    question.short[question.options.indexOf(question.answer)];
  const title = question.optional ? `${question.prompt} (optional)` : question.prompt;
  const group = el("fieldset", { class: "question", "data-question": question.key },
    el("legend", { text: title }));
  const row = el("div", { class: "options" });
  question.short.forEach((label) => {
    const pressed = label === taken && (p.choices[question.key] || !question.optional);
    const b = el("button", { type: "button", "aria-pressed": pressed ? "true" : "false",
      text: label });
    if (label === taken && !pressed) b.classList.add("default");
    b.addEventListener("click", () => {
      if (p.choices[question.key] === label) delete p.choices[question.key];
      else p.choices[question.key] = label;
      changed();
    });
    row.append(b);
  });
  group.append(row);
  return group;
}

// Each pile card's points: its face value as scored plus its own bonus (all its copies).
function drawPoints(i) {
  const player = last.report ? last.report.players[i] : null;
  const faces = last.faces ? last.faces[i] : null;
  for (const chip of document.querySelectorAll(`.player[data-player="${i}"] .pile button`)) {
    const name = chip.dataset.card;
    const label = chip.querySelector(".pts");
    if (!player || !faces) {
      label.textContent = "";
      continue;
    }
    const sum = (items) => items.reduce((total, item) => total + item.points, 0);
    // Faces name each design by its label; bonuses by the printed name, which designs of
    // one name share (Kidneys, Swarms: each copy's bonus is the same), so they are split.
    const printed = cardOf(name) ? cardOf(name).name : name;
    const pile = sheet.players[i].traits;
    const copies = pile.filter((n) => n === name).length;
    const namesake = pile.filter((n) => (cardOf(n) ? cardOf(n).name : n) === printed).length;
    const bonus = sum(player.breakdown.bonuses.filter((item) => item.card === printed));
    const points = sum(faces.filter((item) => item.card === name)) +
      Math.round((bonus * copies) / Math.max(namesake, 1));
    label.textContent = ` ${signed(points)}`;
  }
}

function rows(player, doom) {
  const b = player.breakdown;
  const out = [[`Catastrophe (${doom})`, b.catastrophe], ["Face values", b.face]];
  const bonuses = new Map();
  for (const item of b.bonuses) {
    const seen = bonuses.get(item.card) || [0, 0];
    bonuses.set(item.card, [seen[0] + 1, seen[1] + item.points]);
  }
  for (const [card, [n, points]] of bonuses) out.push([n > 1 ? `${card} ×${n}` : card, points]);
  for (const item of player.worlds_end_points || []) {
    out.push([`${item.source} (World's End)`, item.points]);
  }
  for (const item of b.opponents) out.push([`${item.card} (${item.owner}'s)`, item.points]);
  for (const item of b.trinkets || []) out.push([`${item.trinket} (pocketed)`, item.points]);
  for (const item of b.meanings || []) out.push([`${item.card} (Meaning of Life)`, item.points]);
  if (b.tie_draw !== undefined) out.push(["Tie-break draw", b.tie_draw]);
  return out;
}

function signed(n) {
  return n > 0 ? `+${n}` : String(n);
}

function drawResults() {
  const report = last.report;
  sheet.players.forEach((_, i) => {
    const node = document.querySelector(`.player[data-player="${i}"]`);
    if (!node) return;
    drawNeeds(i);
    drawPoints(i);
    const player = report ? report.players[i] : null;
    node.querySelector(".total").textContent = player ? player.score : "–";
    const list = node.querySelector(".breakdown");
    list.replaceChildren();
    if (!player) return;
    if (player.discarded) list.append(el("li", {}, el("span", { text: `Discarded ${player.discarded} (${report.worlds_end})` })));
    for (const [label, points] of rows(player, report.worlds_end)) {
      list.append(el("li", {}, el("span", { text: label }), el("span", { text: signed(points) })));
    }
    list.append(el("li", { class: "sum" }, el("span", { text: "Total" }),
      el("span", { class: "score", text: String(player.score) })));
    for (const reading of player.readings || []) {
      list.append(el("li", { class: "reading" }, el("span", { text: reading })));
    }
  });
  $("top-card-box").hidden = !last.needs.some((want) => (want || []).includes("TOP_CARD"));
  const discard = $("discard-box");
  const counted = discardNeeds(last.needs);
  discard.hidden = !counted.length && sheet.discard.length === 0;
  drawDiscardCounts(counted);
  // A blank count scores as none: said, so that a forgotten one is not a silent 0.
  const blank = counted.some((need) =>
    !Number.isInteger(sheet.discard_counts[catalog.discard_counts[need].key]));
  discard.querySelector(".discard-missing").hidden = !blank || sheet.discard.length > 0;
  const result = $("result");
  result.replaceChildren();
  if (report) {
    const best = Math.max(...report.players.map((p) => p.score));
    let text;
    if (report.players.length === 1) text = `Solo score: ${best} points`;
    else if (report.winners.length === 1) text = `Winner: ${report.winners[0]} with ${best} points`;
    else text = `Tie: ${report.winners.join(", ")} with ${best} points each`;
    result.append(el("p", { class: "winner", id: "winner", text }));
    if (report.players.length > 1) {
      result.append(el("p", { class: "totals",
        text: report.players.map((p) => `${p.name} ${p.score}`).join(" · ") }));
    }
    if (report.worlds_end !== report.catastrophe) {
      result.append(el("p", { class: "note", text: `Prepper picked ${report.worlds_end}'s World's End.` }));
    }
  }
  $("error").textContent = last.error || "";
}

// ------------------------------------------------------------------ sharing

function encodeSheet(data) {
  const bytes = new TextEncoder().encode(JSON.stringify(data));
  let text = "";
  for (const b of bytes) text += String.fromCharCode(b);
  return btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function decodeSheet(text) {
  const b64 = text.replace(/-/g, "+").replace(/_/g, "/");
  const raw = atob(b64 + "=".repeat((4 - (b64.length % 4)) % 4));
  return JSON.parse(new TextDecoder().decode(Uint8Array.from(raw, (c) => c.charCodeAt(0))));
}

function share() {
  // The sheet rides in the fragment, which a browser never sends to a server.
  const url = `${location.origin}/score${SHARE_PREFIX}${encodeSheet(sheet)}`;
  const out = $("share-out");
  out.replaceChildren("Link to this sheet: ", el("a", { id: "share-link", href: url, text: url }));
  if (navigator.share) navigator.share({ title: "Doomlings score", url }).catch(() => {});
  else if (navigator.clipboard) navigator.clipboard.writeText(url).then(
    () => out.prepend("Copied. "), () => {});
}

function exportJson() {
  if (!lastBoard) return;
  const blob = new Blob([JSON.stringify(lastBoard, null, 2) + "\n"], { type: "application/json" });
  const link = el("a", { href: URL.createObjectURL(blob), download: "doomlings-score.json" });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10000);
}

// ------------------------------------------------------------------ start

let pending = 0;
function changed() {
  save();
  clearTimeout(pending);
  pending = setTimeout(rescore, 60);
}

function fromLink() {
  if (!location.hash.startsWith(SHARE_PREFIX)) return null;
  try {
    return cleanSheet(decodeSheet(location.hash.slice(SHARE_PREFIX.length)));
  } catch {
    $("error").textContent = "the shared link is damaged: it holds no score sheet";
    return null;
  } finally {
    history.replaceState(null, "", "/score");
  }
}

// The players of a sheet with cards entered.
function entered(data) {
  return data.players.filter((p) => p.traits.length);
}

// A link opened over a sheet in progress: nothing is replaced without asking. Its players
// can join this sheet (one phone per player, each sending its own pile), or it can replace it.
function offerLinked(linked) {
  const joining = entered(linked);
  const names = joining.map((p) => `${p.name} (${p.traits.length} cards)`).join(", ");
  $("linked-text").textContent = joining.length
    ? `The link holds ${names}. This browser's sheet has cards too.`
    : "The link holds a sheet with no cards entered. This browser's sheet has cards.";
  $("link-add").hidden = !joining.length;
  $("link-open").hidden = $("link-ignore").hidden = false;
  $("link-ignore").textContent = "Keep this sheet";
  $("linked").hidden = false;
  const close = (text) => {  // what was done, and a button to put the panel away
    $("linked-text").textContent = text;
    $("link-add").hidden = $("link-open").hidden = true;
    $("link-ignore").textContent = "Close";
  };
  $("link-add").onclick = () => {
    const error = mergeSheet(linked);
    if (error) { $("linked-text").textContent = error; return; }
    close(`Added ${joining.map((p) => p.name).join(", ")} to this sheet.`);
    drawAll();
    changed();
  };
  $("link-open").onclick = () => {
    sheet = linked;
    close("The shared sheet replaced this browser's.");
    drawAll();
    changed();
  };
  $("link-ignore").onclick = () => { $("linked").hidden = true; };
}

// A shared link replaces a sheet with no cards entered; over one with cards it asks first.
// Whether it replaced the sheet.
function openLink(linked) {
  if (entered(sheet).length) {
    offerLinked(linked);
    return false;
  }
  sheet = linked;
  return true;
}

// The linked sheet's players with cards join this one: a player of the same name is replaced
// (a pile sent again), else an unnamed one without cards, else one is added. The sets in play
// are both sheets' sets; what this sheet leaves blank comes from the link.
function mergeSheet(linked) {
  const players = [...sheet.players];
  const key = (name) => name.trim().toLowerCase();
  for (const joining of entered(linked)) {
    let at = players.findIndex((p) => key(p.name) === key(joining.name));
    const blank = (p, i) => !p.traits.length && p.name === defaultName(i + 1);
    if (at < 0) at = players.findIndex(blank);
    if (at < 0 && players.length >= catalog.players[1]) {
      return `A sheet holds at most ${catalog.players[1]} players: ${joining.name} was not added.`;
    }
    if (at < 0) players.push(joining);
    else players[at] = joining;
  }
  sheet.players = players;
  sheet.sets = cleanSets([...sheet.sets, ...linked.sets]);
  if (!sheet.catastrophe) sheet.catastrophe = linked.catastrophe;
  if (!sheet.top_card) sheet.top_card = linked.top_card;
  sheet.discard_counts = { ...linked.discard_counts, ...sheet.discard_counts };
  return null;
}

async function start() {
  document.body.dataset.busy = "true";
  if ("serviceWorker" in navigator) {
    navigator.serviceWorker.register("/score-sw.js", { scope: "/score" }).catch((error) =>
      console.warn("service worker:", error));
  }
  try {
    catalog = await (await fetch("/api/score/cards")).json();
  } catch {
    $("error").textContent = "the card list did not load: connect once to load the page";
    return;
  }
  const select = $("catastrophe");
  let stored = null;
  try { stored = JSON.parse(localStorage.getItem(SHEET_KEY) || "null"); } catch { stored = null; }
  sheet = stored ? cleanSheet(stored) : newSheet();
  const linked = fromLink();
  if (linked) openLink(linked);
  // A link opened where the page is open already changes only the address's fragment.
  window.addEventListener("hashchange", () => {
    const again = fromLink();
    if (again && openLink(again)) {
      drawAll();
      changed();
    }
  });
  save();
  select.addEventListener("change", () => { sheet.catastrophe = select.value; drawWorldsEnd(); changed(); });
  $("tie-draw").addEventListener("change", () => { sheet.tieDraw = $("tie-draw").checked; changed(); });
  $("top-card").addEventListener("change", () => { sheet.top_card = $("top-card").value; changed(); });
  $("blackbox").addEventListener("change", () => {
    sheet.edition = $("blackbox").checked ? "blackbox" : catalog.editions[0];
    changed();
  });
  $("add-player").addEventListener("click", () => {
    sheet.players.push(newPlayer(sheet.players.length + 1));
    drawAll();
    changed();
    document.querySelector(".player:last-of-type .player-name").focus();
  });
  $("new-game").addEventListener("click", () => {
    if (!window.confirm("Start a new sheet? This one is cleared.")) return;
    const names = sheet.players.map((p) => p.name);
    sheet = { ...newSheet(), sets: sheet.sets, edition: sheet.edition };
    sheet.players = names.map((name, i) => ({ ...newPlayer(i + 1), name }));
    last = { report: null, error: null, needs: [], questions: [] };
    drawAll();
    changed();
  });
  $("share").addEventListener("click", share);
  $("export").addEventListener("click", exportJson);
  drawAll();
  await rescore();
  startPython();
}

document.addEventListener("DOMContentLoaded", start);
