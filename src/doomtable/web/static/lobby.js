// The lobby: pick a game, seats and options, create the table, show the invite links.
"use strict";
const $ = (id) => document.getElementById(id);
let games = [];
let bots = {};

function seatRows() {
  const count = Number($("players").value) || 1;
  const box = $("seats");
  box.querySelectorAll("label").forEach((row) => row.remove());
  for (let seat = 0; seat < count; seat += 1) {
    const row = document.createElement("label");
    const human = seat < 2 ? "selected" : "";
    const botOptions = Object.keys(bots).map((name) =>
      `<option value="bot:${name}" ${!human && name === "greedy" ? "selected" : ""}>` +
      `${name} bot</option>`).join("");
    row.innerHTML = `Seat ${seat} <select name=seat${seat}>` +
      `<option value=human ${human}>human (invite link)</option>${botOptions}</select>` +
      (seat >= 0 ? ` <input name=think${seat} placeholder="ismcts time, e.g. 0.5s" size=8>` : "");
    box.append(row);
  }
}

function optionRows() {
  const game = games.find((g) => g.name === $("game").value);
  const box = $("options");
  box.querySelectorAll("label").forEach((row) => row.remove());
  $("players").min = game.min_players;
  $("players").max = game.max_players;
  for (const [key, value] of Object.entries(game.default_options)) {
    const row = document.createElement("label");
    const choices = game.option_choices[key];
    if (choices) {
      row.innerHTML = `${key} <select name="opt:${key}">` + choices.map((choice) =>
        `<option ${choice === value ? "selected" : ""}>${choice}</option>`).join("") + "</select>";
    } else {
      row.innerHTML = `${key} <input name="opt:${key}" value="${value}">`;
    }
    box.append(row);
  }
}

function parse(text) {
  try { return JSON.parse(text); } catch { return text; }
}

async function create(event) {
  event.preventDefault();
  const form = new FormData($("new-table"));
  const players = Number(form.get("players"));
  const seats = [];
  for (let seat = 0; seat < players; seat += 1) {
    const choice = form.get(`seat${seat}`);
    if (choice === "human") { seats.push({ kind: "human" }); continue; }
    let bot = choice.slice(4);
    const think = (form.get(`think${seat}`) || "").trim();
    if (bot === "ismcts" && think) bot = `ismcts:${think}`;
    seats.push({ kind: "bot", bot });
  }
  const options = {};
  for (const [key, value] of form.entries()) {
    if (key.startsWith("opt:")) options[key.slice(4)] = parse(value);
  }
  const response = await fetch("/api/tables", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      game: form.get("game"), players, seats, options,
      seed: form.get("seed") ? Number(form.get("seed")) : null,
    }),
  });
  const data = await response.json();
  const links = $("links");
  if (!response.ok) {
    links.innerHTML = "<p class=error role=alert></p>";
    links.firstChild.textContent = typeof data.detail === "string"
      ? data.detail : JSON.stringify(data.detail);
    return;
  }
  const base = location.origin;
  links.innerHTML = "<h2>Table ready</h2><p>Send each player their own link; keep yours.</p>" +
    "<ul class=invites>" + data.invites.map((invite) =>
      `<li>Seat ${invite.seat}: <a href="${invite.url}">${base}${invite.url}</a></li>`).join("") +
    `<li>Spectators: <a href="${data.watch_url}">${base}${data.watch_url}</a></li></ul>`;
}

async function start() {
  games = await (await fetch("/api/games")).json();
  bots = await (await fetch("/api/bots")).json();
  $("game").innerHTML = games.map((g) => `<option value="${g.name}">${g.title}</option>`)
    .join("");
  $("game").onchange = () => { optionRows(); seatRows(); };
  $("players").onchange = seatRows;
  $("new-table").onsubmit = create;
  optionRows();
  seatRows();
}
start();
