// The lobby: controls drawn from each game's option schema, seats with names and bots, and
// the invite links once the table is made. Refusals are shown next to the field they concern.
"use strict";
const $ = (id) => document.getElementById(id);
let games = [];
let botHelp = {};
const decks = {};  // seat -> deck data read from a file the player chose
const deckChecks = {};  // seat -> the server's check of the file chosen last (awaited before creating)

function element(tag, attributes = {}, text = "") {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) {
    if (value === true) node.setAttribute(key, "");
    else if (value !== false && value !== null && value !== undefined) node.setAttribute(key, value);
  }
  if (text) node.textContent = text;
  return node;
}

// One labelled control with its one-line help and the place its error goes.
function field(id, label, control, help) {
  const box = element("div", { class: "field" });
  const describedBy = [help ? `${id}-help` : "", `err-${id}`].filter(Boolean).join(" ");
  control.id = id;
  control.setAttribute("aria-describedby", describedBy);
  if (control.type === "checkbox") {
    const row = element("label", { class: "check", for: id });
    row.append(control, document.createTextNode(` ${label}`));
    box.append(row);
  } else {
    box.append(element("label", { for: id }, label), control);
  }
  if (help) box.append(element("p", { class: "help", id: `${id}-help` }, help));
  box.append(element("p", { class: "field-error", id: `err-${id}`, role: "alert" }));
  return box;
}

const game = () => games.find((g) => g.name === $("game").value);

function seatRows() {
  const spec = game();
  // Rows for a count the game can seat: a count out of range is refused next to the field.
  const wanted = Number($("players").value) || spec.min_players;
  const count = Math.min(spec.max_players, Math.max(spec.min_players, wanted));
  const box = $("seat-rows");
  const before = [...box.querySelectorAll(".seat-row")].map((row) => ({
    name: row.querySelector("input.seat-name").value,
    kind: row.querySelector("select").value,
    think: row.querySelector("input.think").value,
  }));
  box.replaceChildren();
  for (let seat = 0; seat < count; seat += 1) {
    const kept = before[seat] || {};
    const row = element("div", { class: "seat-row" });
    row.append(element("h3", {}, `Seat ${seat}`));
    const name = element("input", {
      class: "seat-name", name: `name${seat}`, maxlength: 30, autocomplete: "off",
      placeholder: `Player ${seat + 1}`,
    });
    name.value = kept.name || "";
    row.append(field(`seat-name${seat}`, "Name", name, ""));
    const kind = element("select", { name: `seat${seat}` });
    kind.append(element("option", { value: "human" }, "Person (invite link)"));
    for (const bot of spec.bots) {
      kind.append(element("option", { value: `bot:${bot}`, title: botHelp[bot] || "" }, `${bot} bot`));
    }
    const wanted = kept.kind || (seat < 2 ? "human" : "bot:greedy");
    kind.value = [...kind.options].some((o) => o.value === wanted) ? wanted : "human";
    row.append(field(`seat${seat}`, "Who plays", kind, ""));
    const think = element("input", {
      class: "think", name: `think${seat}`, type: "number", min: 0.1, max: 30, step: 0.1,
      inputmode: "decimal",
    });
    think.value = kept.think || "1";
    const thinkBox = field(`think${seat}`, "Think time (seconds)", think,
      "How long the searching bot may think over each move.");
    row.append(thinkBox);
    const showThink = () => { thinkBox.hidden = kind.value !== "bot:ismcts"; };
    kind.addEventListener("change", showThink);
    showThink();
    box.append(row);
  }
  deckRows();
}

function optionRows() {
  const spec = game();
  const box = $("option-rows");
  box.replaceChildren();
  $("players").min = spec.min_players;
  $("players").max = spec.max_players;
  $("players-help").textContent = `${spec.title} seats ${spec.min_players} to ${spec.max_players} players.`;
  const players = Number($("players").value);
  if (!(players >= spec.min_players && players <= spec.max_players)) {
    $("players").value = Math.min(spec.max_players, Math.max(spec.min_players, 4));
  }
  $("game-summary").textContent = spec.summary;
  for (const option of spec.options) {
    const id = `option-${option.key}`;
    let control;
    if (option.kind === "list") {
      const group = element("div", { class: "field", id: "decks-box" });
      group.append(element("h3", {}, option.label),
        element("p", { class: "help" }, "Each seat plays a shipped deck or a deck file of its own."));
      const rows = element("div", { id: "deck-rows" });
      group.append(rows, element("p", { class: "field-error", id: `err-${id}`, role: "alert" }));
      group.dataset.choices = JSON.stringify(option.choices);
      box.append(group);
      continue;
    }
    if (option.multiple) {
      // Several of the choices at once (Doomlings' card sets); the default ones stay ticked.
      const group = element("fieldset", { class: "field several", id, "data-option": option.key });
      group.append(element("legend", {}, option.label));
      const ticked = new Set(String(option.default ?? "").split(","));
      for (const choice of option.choices) {
        const box = element("input", { type: "checkbox", value: choice, id: `${id}-${choice}` });
        box.checked = ticked.has(choice);
        box.disabled = ticked.has(choice);
        const row = element("label", { class: "check", for: box.id });
        row.append(box, document.createTextNode(` ${choice}`));
        group.append(row);
      }
      group.append(element("p", { class: "help" }, sentence(option.help)),
        element("p", { class: "field-error", id: `err-${id}`, role: "alert" }));
      box.append(group);
      continue;
    }
    if (option.kind === "bool") {
      control = element("input", { type: "checkbox", name: `opt:${option.key}` });
      control.checked = option.default === true;
    } else if (option.choices.length) {
      control = element("select", { name: `opt:${option.key}` });
      for (const choice of option.choices) {
        control.append(element("option", { value: JSON.stringify(choice) }, String(choice)));
      }
      control.value = JSON.stringify(option.default);
    } else if (option.kind === "int" || option.kind === "float") {
      control = element("input", {
        type: "number", name: `opt:${option.key}`, step: option.kind === "int" ? 1 : "any",
        min: option.minimum, max: option.maximum, inputmode: "decimal",
      });
      control.value = option.default;
    } else {
      control = element("input", { name: `opt:${option.key}`, maxlength: 200 });
      control.value = option.default ?? "";
    }
    control.dataset.kind = option.kind;
    const range = option.minimum !== null && option.maximum !== null
      ? ` (${option.minimum} to ${option.maximum})` : "";
    box.append(field(id, option.label, control, sentence(`${option.help}${range}`)));
  }
  if (!spec.options.length) box.append(element("p", { class: "none" }, "This game has no options."));
}

function deckRows() {
  const rows = $("deck-rows");
  if (!rows) return;
  const choices = JSON.parse($("decks-box").dataset.choices);
  const count = $("seat-rows").querySelectorAll(".seat-row").length;
  rows.replaceChildren();
  for (let seat = 0; seat < count; seat += 1) {
    const pick = element("select", { name: `deck${seat}`, class: "deck-pick" });
    pick.append(element("option", { value: "" }, "The game's default deck"));
    for (const name of choices) pick.append(element("option", { value: `precon:${name}` }, name));
    pick.append(element("option", { value: "file" }, "A deck file…"));
    const file = element("input", { type: "file", accept: ".yaml,.yml,.json,text/yaml,application/json" });
    const fileBox = field(`deck-file${seat}`, `Seat ${seat}'s deck file`, file, "");
    fileBox.hidden = true;
    pick.addEventListener("change", () => {
      fileBox.hidden = pick.value !== "file";
      if (pick.value !== "file") delete decks[seat];
    });
    file.addEventListener("change", () => { deckChecks[seat] = readDeck(seat, file); });
    rows.append(field(`deck${seat}`, `Seat ${seat}'s deck`, pick, ""), fileBox);
  }
}

async function readDeck(seat, input) {
  const error = $(`err-deck-file${seat}`);
  error.textContent = "";
  delete decks[seat];
  const chosen = input.files[0];
  if (!chosen) return;
  const response = await fetch("/api/decks", {
    method: "POST", headers: { "content-type": "application/json" },
    body: JSON.stringify({ text: await chosen.text() }),
  });
  const data = await response.json();
  if (input.files[0] !== chosen) return;  // another file replaced this one while it was checked
  if (response.ok) decks[seat] = data;
  else error.textContent = message(data);
}

const sentence = (text) => text && `${text[0].toUpperCase()}${text.slice(1)}${/[.!?]$/.test(text) ? "" : "."}`;

function message(data) {
  if (typeof data.detail === "string") return sentence(data.detail);
  if (Array.isArray(data.detail)) return data.detail.map((d) => d.msg).join("; ");
  return "The server refused this.";
}

function optionValue(control) {
  if (control.type === "checkbox") return control.checked;
  if (control.tagName === "SELECT") return JSON.parse(control.value);
  if (control.dataset.kind === "int") return control.value === "" ? null : Math.round(Number(control.value));
  if (control.dataset.kind === "float") return control.value === "" ? null : Number(control.value);
  return control.value;
}

function clearErrors() {
  for (const error of document.querySelectorAll(".field-error")) error.textContent = "";
  for (const bad of document.querySelectorAll("[aria-invalid]")) bad.removeAttribute("aria-invalid");
}

// A refusal goes next to its field; one about no single field goes under the button.
function showError(fieldName, text) {
  const ids = { players: "players", name: "table-name", game: "game", options: "game-options" };
  let id = ids[fieldName] || "";
  if (fieldName && fieldName.startsWith("seat")) id = fieldName;
  if (fieldName && fieldName.startsWith("option:")) id = `option-${fieldName.slice(7)}`;
  const target = id && $(`err-${id}`);
  (target || $("err-form")).textContent = text;
  const control = id && $(id);
  if (control) { control.setAttribute("aria-invalid", "true"); control.focus(); }
}

async function create(event) {
  event.preventDefault();
  clearErrors();
  $("links").replaceChildren();
  const players = Number($("players").value);
  const seats = [];
  const rows = $("seat-rows").querySelectorAll(".seat-row").length;
  for (let seat = 0; seat < rows; seat += 1) {
    const name = $(`seat-name${seat}`).value.trim();
    const choice = $(`seat${seat}`).value;
    if (choice === "human") { seats.push({ kind: "human", name }); continue; }
    let bot = choice.slice(4);
    const think = Number($(`think${seat}`).value);
    if (bot === "ismcts") {
      if (!(think > 0)) { showError(`think${seat}`, "Give a think time above 0 seconds."); return; }
      bot = `ismcts:${think}s`;
    }
    seats.push({ kind: "bot", bot, name });
  }
  const options = {};
  for (const control of $("option-rows").querySelectorAll("[name^='opt:']")) {
    const value = optionValue(control);
    if (value === null || Number.isNaN(value)) {
      showError(`option:${control.name.slice(4)}`, "Give a number here.");
      return;
    }
    options[control.name.slice(4)] = value;
  }
  for (const group of $("option-rows").querySelectorAll("fieldset[data-option]")) {
    const ticked = [...group.querySelectorAll("input:checked")].map((box) => box.value);
    options[group.dataset.option] = ticked.join(",");
  }
  if ($("deck-rows")) {
    await Promise.all(Object.values(deckChecks));  // a file chosen just before the click counts
    const chosen = [];
    for (let seat = 0; seat < rows; seat += 1) {
      const pick = $(`deck${seat}`).value;
      if (pick === "file") {
        if (!decks[seat]) { showError(`deck-file${seat}`, "Choose a legal deck file for this seat."); return; }
        chosen.push(decks[seat]);
      } else {
        chosen.push(pick ? pick.slice(7) : null);
      }
    }
    if (chosen.some((deck) => deck !== null)) options.decks = chosen;
  }
  const seed = $("seed").value;
  const response = await fetch("/api/tables", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      game: $("game").value, players, seats, options, name: $("table-name").value.trim(),
      seed: seed ? Number(seed) : null,
    }),
  });
  const data = await response.json();
  if (!response.ok) { showError(data.field, message(data)); return; }
  showLinks(data, seats);
}

function showLinks(data, seats) {
  const links = $("links");
  links.replaceChildren(element("h2", {}, "Table ready"),
    element("p", {}, "Send each person their own link; keep yours. Anyone with the watch link can look on."));
  const list = element("ul", { class: "invites" });
  for (const invite of data.invites) {
    const who = seats[invite.seat].name || `Seat ${invite.seat}`;
    const item = element("li");
    const url = `${location.origin}${invite.url}`;
    item.append(element("span", { class: "who" }, `${who} (seat ${invite.seat}): `),
      element("a", { href: invite.url }, url), copyButton(url, who));
    list.append(item);
  }
  const watch = element("li");
  watch.append(element("span", { class: "who" }, "Spectators: "),
    element("a", { href: data.watch_url }, `${location.origin}${data.watch_url}`));
  list.append(watch);
  links.append(list);
  links.scrollIntoView();
}

function copyButton(url, who) {
  const button = element("button", { type: "button", class: "copy", "aria-label": `Copy ${who}'s link` }, "Copy");
  button.addEventListener("click", async () => {
    try { await navigator.clipboard.writeText(url); button.textContent = "Copied"; }
    catch { button.textContent = "Select the link to copy it"; }
  });
  return button;
}

async function start() {
  [games, botHelp] = await Promise.all([
    fetch("/api/games").then((r) => r.json()),
    fetch("/api/bots").then((r) => r.json()),
  ]);
  for (const g of games) $("game").append(element("option", { value: g.name }, g.title));
  $("game").addEventListener("change", () => { optionRows(); seatRows(); });
  $("players").addEventListener("input", seatRows);
  $("new-table").addEventListener("submit", create);
  optionRows();
  seatRows();
  document.body.dataset.ready = "true";
}
start();
