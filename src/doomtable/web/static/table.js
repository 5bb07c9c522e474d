// The table page: one websocket; the server sends this seat's drawn view, log and choices.
// Every listener is attached here (the page carries no inline script or handler).
"use strict";
const tableId = location.pathname.split("/").pop();
const token = location.hash.slice(1);
const $ = (id) => document.getElementById(id);
const baseTitle = document.title;
let socket = null;
let decision = null;
let options = [];
let kind = null;
let seat = null;
let retry = 500;
let logCount = 0;
let seenUpTo = null;  // log lines before this were there when this seat last decided
let wasMyTurn = false;
let askedAgain = false;
let seatNames = [];  // the names people gave their seats ("" where none was given)

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const query = token ? `?token=${encodeURIComponent(token)}` : "";
  socket = new WebSocket(`${scheme}://${location.host}/ws/${tableId}${query}`);
  socket.addEventListener("open", () => { retry = 500; });
  socket.addEventListener("message", (event) => show(JSON.parse(event.data)));
  socket.addEventListener("close", (event) => {
    $("status").textContent = event.reason || "Connection lost: reconnecting…";
    if (event.code !== 1008) setTimeout(connect, retry = Math.min(retry * 2, 2000));
  });
}

// ---------------------------------------------------------------- cards named anywhere

let cardIndex = null;  // name (lower case) -> {name, kind, text}
let cardPattern = null;

async function loadCards(game) {
  if (cardIndex) return;
  cardIndex = new Map();
  const cards = await (await fetch(`/api/games/${encodeURIComponent(game)}/cards`)).json();
  for (const card of cards) if (card.name.length > 2) cardIndex.set(card.name.toLowerCase(), card);
  const names = [...cardIndex.values()].map((c) => c.name).sort((a, b) => b.length - a.length);
  const escaped = names.map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  cardPattern = names.length ? new RegExp(`\\b(${escaped.join("|")})\\b`, "gi") : null;
  linkCards(document.querySelector("#log"));
  linkCards(document.querySelector("#choices"));
}

// Text with each card name in it made a reference that shows the card on hover or tap.
function withCards(text) {
  const fragment = document.createDocumentFragment();
  if (!cardPattern) { fragment.append(text); return fragment; }
  let last = 0;
  for (const match of text.matchAll(cardPattern)) {
    fragment.append(text.slice(last, match.index));
    const ref = document.createElement("span");
    ref.className = "card-ref";
    ref.tabIndex = 0;
    ref.dataset.card = cardIndex.get(match[0].toLowerCase()).name;
    ref.textContent = match[0];
    fragment.append(ref);
    last = match.index + match[0].length;
  }
  fragment.append(text.slice(last));
  return fragment;
}

function linkCards(container) {
  if (!container || !cardPattern) return;
  const own = container.matches("[data-text]:not([data-linked])") ? [container] : [];
  for (const node of [...own, ...container.querySelectorAll("[data-text]:not([data-linked])")]) {
    node.replaceChildren(withCards(node.dataset.text));
    node.dataset.linked = "true";
  }
}

function showCard(ref) {
  const card = cardIndex && cardIndex.get(ref.dataset.card.toLowerCase());
  const pop = $("card-pop");
  if (!card) return;
  const name = document.createElement("strong");
  name.textContent = card.name;
  const what = document.createElement("span");
  what.className = "kind";
  what.textContent = card.kind;
  const text = document.createElement("p");
  text.textContent = card.text || "No rules text.";
  pop.replaceChildren(name, " ", what, text);
  pop.hidden = false;
  const box = ref.getBoundingClientRect();
  const left = Math.max(4, Math.min(box.left, window.innerWidth - pop.offsetWidth - 4));
  const below = box.bottom + pop.offsetHeight + 8 < window.innerHeight;
  pop.style.left = `${left + window.scrollX}px`;
  pop.style.top = `${(below ? box.bottom + 4 : box.top - pop.offsetHeight - 4) + window.scrollY}px`;
}

const hideCard = () => { $("card-pop").hidden = true; };
for (const type of ["mouseover", "focusin"]) {
  document.addEventListener(type, (event) => {
    const ref = event.target.closest && event.target.closest(".card-ref");
    if (ref) showCard(ref);
  });
}
for (const type of ["mouseout", "focusout"]) {
  document.addEventListener(type, (event) => {
    if (event.target.closest && event.target.closest(".card-ref")) hideCard();
  });
}

// ---------------------------------------------------------------- choosing a card by clicking it

const wordIn = (name, label) =>
  new RegExp(`\\b${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\b`, "i").test(label);

// A card on the table that exactly one choice names is that choice: clicking it (or Enter on
// it) chooses it. Numbered buttons stay for every choice.
function markChoosable() {
  const byName = new Map();
  for (const card of document.querySelectorAll("#view [data-card], #dock-hand [data-card]")) {
    const name = card.dataset.card;
    const matching = options.map((label, index) => [label, index]).filter(([label]) => wordIn(name, label));
    if (matching.length !== 1) continue;
    const [label, index] = matching[0];
    card.classList.add("choosable");
    card.setAttribute("role", "button");
    card.setAttribute("aria-label", `${label} (choice ${index + 1})`);
    card.dataset.choice = index;
    byName.set(name, index);
  }
  return byName;
}

function chooseCard(event) {
  const card = event.target.closest && event.target.closest(".choosable[data-choice]");
  if (!card) return false;
  act(Number(card.dataset.choice));
  return true;
}
document.addEventListener("click", chooseCard);

// ---------------------------------------------------------------- the log

const turnLine = /('s turn\b|^turn \d|^round \d|attack round \d|^a new age)/i;

function addLog(lines, from) {
  const log = $("log");
  if (from === 0) { log.replaceChildren(); logCount = 0; }
  const box = $("log-box");
  const atEnd = box.scrollHeight - box.scrollTop - box.clientHeight < 40;
  for (const line of lines) {
    logCount += 1;
    if (turnLine.test(line) || !log.lastElementChild) {
      const group = document.createElement("li");
      group.className = "turn-group";
      group.append(document.createElement("ol"));
      log.append(group);
    }
    const item = document.createElement("li");
    item.dataset.number = logCount;
    const number = document.createElement("span");
    number.className = "n";
    number.textContent = logCount;
    const text = document.createElement("span");
    text.className = "line";
    text.dataset.text = named(line);
    text.textContent = text.dataset.text;
    item.append(number, text);
    if (turnLine.test(line)) item.classList.add("turn-start");
    log.lastElementChild.querySelector("ol").append(item);
  }
  markNew();
  linkCards(log);
  if (atEnd || from === 0 || lines.length) box.scrollTop = box.scrollHeight;
}

// What happened since this seat last decided is marked, so a glance shows what changed.
function markNew() {
  for (const item of document.querySelectorAll("#log li[data-number]")) {
    item.classList.toggle("new", seenUpTo !== null && Number(item.dataset.number) > seenUpTo);
  }
}

// ---------------------------------------------------------------- an update

function show(message) {
  if (message.type === "error") { $("error").textContent = message.message; return; }
  $("error").textContent = "";
  if (message.game) loadCards(message.game);
  seat = message.seat;
  decision = message.decision;
  kind = message.kind || null;
  document.body.dataset.decision = decision;
  document.body.dataset.over = message.over;
  document.body.classList.toggle("spectator", seat === null);
  options = message.options || [];
  seatNames = message.seat_names || [];
  const myTurn = options.length > 0;
  $("status").textContent = named(message.status);
  document.body.classList.toggle("my-turn", myTurn);
  document.title = `${myTurn ? "(Your turn) " : ""}${message.name ? `${message.name} · ` : ""}${baseTitle}`;
  if (myTurn && !wasMyTurn) chime();
  wasMyTurn = myTurn;
  $("view").innerHTML = message.html;
  nameSeats(seatNames);
  nameInText($("view"));
  const hand = $("view").querySelector("section.hand");
  $("dock-hand").replaceChildren(...(hand ? [hand] : []));
  liveClock = message.clock ? { lag: message.clock.lag_ms, at: performance.now() } : null;
  closes = message.closes_in_ms !== undefined ? { ms: message.closes_in_ms, at: performance.now(), lag: message.clock ? message.clock.lag_ms : 0 } : null;
  tickClocks();
  const prompt = $("prompt");
  prompt.dataset.text = named(message.prompt || (seat === null ? "Watching" : "Waiting"));
  delete prompt.dataset.linked;
  prompt.textContent = prompt.dataset.text;
  linkCards($("choices"));
  drawOptions();
  markChoosable();
  addLog(message.log || [], message.log_from);
  addChat(message.chat || [], message.chat_from || 0);
  const autopass = $("autopass");
  autopass.parentElement.hidden = seat === null;
  if (message.auto_pass !== null && message.auto_pass !== undefined) autopass.checked = message.auto_pass;
  showResult(message);
}

// The game's words call a seat "player 2" (it knows seat numbers only): a seat given a name
// is called by it in the log, the status line, the prompt, the choices and the view.
function named(text) {
  return text.replace(/\b[Pp]layer (\d+)\b/g, (words, number) => seatNames[Number(number)] || words);
}

function nameInText(root) {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = named(node.nodeValue);
    if (text !== node.nodeValue) node.nodeValue = text;
  }
}

// The names people gave their seats, on the seats' headings in place of "player N" (the view
// knows seat numbers only).
function nameSeats(names) {
  names.forEach((name, number) => {
    const heading = name && $("view").querySelector(`article.seat[data-seat="${number}"] h3`);
    if (!heading) return;
    const label = document.createElement("span");
    label.className = "seat-name";
    label.textContent = `${name} `;
    const seatNumber = document.createElement("span");
    seatNumber.className = "seat-number";
    seatNumber.textContent = `(seat ${number}) `;
    if (heading.firstChild && heading.firstChild.nodeType === Node.TEXT_NODE) heading.firstChild.remove();
    heading.prepend(label, seatNumber);
  });
}

function drawOptions() {
  const list = $("options");
  $("choices").hidden = seat === null;
  const phrase = kind === "challenge" ? options.find((label) => label !== "give up" && label !== "give_up") : null;
  list.replaceChildren(...options.map((label, index) => {
    const item = document.createElement("li");
    if (label === phrase) {
      item.append(typingChallenge(phrase, index));
      return item;
    }
    const button = document.createElement("button");
    button.type = "button";
    button.dataset.index = index;
    const text = document.createElement("span");
    text.dataset.text = named(label);
    text.textContent = text.dataset.text;
    button.append(text);
    button.addEventListener("click", () => act(index));
    item.append(button);
    return item;
  }));
  linkCards(list);
}

// We're Doomed!'s typing challenge is met by typing the phrase, not by clicking it.
function typingChallenge(phrase, index) {
  const form = document.createElement("form");
  form.className = "typing";
  const label = document.createElement("label");
  label.htmlFor = "typed";
  label.textContent = `Type this phrase: “${phrase}”`;
  const input = document.createElement("input");
  input.id = "typed";
  input.autocomplete = "off";
  input.spellcheck = false;
  const said = document.createElement("p");
  said.className = "field-error";
  said.setAttribute("role", "alert");
  const send = document.createElement("button");
  send.type = "submit";
  send.textContent = "Done";
  const tidy = (text) => text.trim().replace(/\s+/g, " ").toLowerCase();
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    if (tidy(input.value) === tidy(phrase)) act(index);
    else said.textContent = "That is not the phrase yet: check each word.";
  });
  form.append(label, input, send, said);
  setTimeout(() => input.focus(), 0);
  return form;
}

// ---------------------------------------------------------------- countdowns

// A real-time table's countdowns run on between updates: each <time class=countdown data-ms>
// loses the game time since the view was drawn (lag) plus the time since it arrived.
let liveClock = null;
let closes = null;
const mmss = (ms) => {
  const seconds = Math.ceil(Math.max(0, ms) / 1000);
  return `${String(Math.floor(seconds / 60)).padStart(2, "0")}:${String(seconds % 60).padStart(2, "0")}`;
};
function tickClocks() {
  if (liveClock) {
    const gone = liveClock.lag + (performance.now() - liveClock.at);
    for (const clock of document.querySelectorAll("#view time.countdown")) {
      const seconds = Math.floor(Math.max(0, Number(clock.dataset.ms) - gone) / 1000);
      const text = `${String(Math.floor(seconds / 60)).padStart(2, "0")}:${String(seconds % 60).padStart(2, "0")}`;
      if (clock.textContent !== text) clock.textContent = text;
    }
  }
  const box = $("closes");
  if (closes) {
    const left = closes.ms - closes.lag - (performance.now() - closes.at);
    const text = `Closes in ${mmss(left)}`;
    if (box.textContent !== text) box.textContent = text;
    box.classList.toggle("urgent", left < 5000);
  } else if (box.textContent) {
    box.textContent = "";
  }
}
setInterval(tickClocks, 250);

// ---------------------------------------------------------------- your turn, sound

$("sound").checked = localStorage.getItem("doomtable-sound") === "on";
$("sound").addEventListener("change", (event) =>
  localStorage.setItem("doomtable-sound", event.target.checked ? "on" : "off"));

function chime() {
  if (!$("sound").checked || !window.AudioContext) return;
  const audio = new AudioContext();
  const tone = audio.createOscillator();
  const volume = audio.createGain();
  tone.frequency.value = 660;
  volume.gain.setValueAtTime(0.15, audio.currentTime);
  volume.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.4);
  tone.connect(volume).connect(audio.destination);
  tone.start();
  tone.stop(audio.currentTime + 0.4);
}

// ---------------------------------------------------------------- the end

function showResult(message) {
  const box = $("result");
  const result = message.result;
  if (!result) { box.replaceChildren(); return; }
  const rows = result.scores.map((score, who) => [who, score])
    .sort((a, b) => b[1] - a[1] || a[0] - b[0]);
  const winners = result.winners.map((who) => result.names[who]);
  const panel = document.createElement("section");
  panel.className = "panel final";
  panel.setAttribute("aria-labelledby", "result-title");
  const title = document.createElement("h2");
  title.id = "result-title";
  title.textContent = winners.length ? `${winners.join(" and ")} ${winners.length > 1 ? "win" : "wins"}!` : "Nobody wins";
  const table = document.createElement("table");
  table.innerHTML = "<caption>Final scores</caption><thead><tr><th scope=col>Player</th>" +
    "<th scope=col>Score</th><th scope=col>Breakdown</th></tr></thead><tbody></tbody>";
  const body = table.querySelector("tbody");
  for (const [who, score] of rows) {
    const row = body.insertRow();
    if (result.winners.includes(who)) row.className = "winner";
    const name = document.createElement("th");
    name.scope = "row";
    name.textContent = `${result.names[who]}${result.winners.includes(who) ? " (winner)" : ""}`;
    row.append(name);
    row.insertCell().textContent = score;
    const breakdown = document.querySelector(`#view article.seat[data-seat="${who}"] .breakdown dl`);
    const cell = row.insertCell();
    if (breakdown) cell.append(breakdown.cloneNode(true));
  }
  const links = document.createElement("p");
  links.className = "after";
  const replay = document.createElement("a");
  replay.href = `/replay/${tableId}`;
  replay.textContent = "Replay this game";
  links.append(replay);
  if (message.next_table) {
    const next = document.createElement("a");
    next.href = seat === null ? `/watch/${message.next_table}` : `/table/${message.next_table}#${token}`;
    next.className = "next";
    next.textContent = "Join the next game";
    links.append(" ", next);
    if (askedAgain) location.href = next.href;
  } else if (seat !== null) {
    const again = document.createElement("button");
    again.type = "button";
    again.className = "primary";
    again.id = "again";
    again.textContent = "Play again (same seats)";
    again.addEventListener("click", () => {
      askedAgain = true;
      socket.send(JSON.stringify({ type: "again" }));
    });
    links.append(" ", again);
  }
  panel.append(title, table, links);
  box.replaceChildren(panel);
}

// ---------------------------------------------------------------- chat

function addChat(lines, from) {
  const list = $("chat");
  if (from === 0) list.replaceChildren();
  for (const line of lines) {
    const item = document.createElement("li");
    item.className = line.seat === null ? "from-spectator" : "from-seat";
    const who = document.createElement("span");
    who.className = "who";
    who.textContent = line.seat === null ? "Spectator: " : `${line.who} (seat ${line.seat}): `;
    const text = document.createElement("span");
    text.textContent = line.text;
    item.append(who, text);
    list.append(item);
  }
  if (lines.length) list.scrollTop = list.scrollHeight;
}

$("chat-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const input = $("chat-text");
  if (!input.value.trim() || !socket || socket.readyState !== WebSocket.OPEN) return;
  socket.send(JSON.stringify({ type: "chat", text: input.value }));
  input.value = "";
});

// ---------------------------------------------------------------- acting

function act(index) {
  if (!socket || socket.readyState !== WebSocket.OPEN || index >= options.length) return;
  seenUpTo = logCount;
  markNew();
  socket.send(JSON.stringify({ type: "act", decision, option: index }));
}

$("autopass").addEventListener("change", (event) =>
  socket.send(JSON.stringify({ type: "autopass", on: event.target.checked })));

document.addEventListener("keydown", (event) => {
  const typing = ["INPUT", "TEXTAREA", "SELECT"].includes(event.target.tagName);
  if (typing || event.ctrlKey || event.metaKey || event.altKey) return;
  const card = event.target.closest && event.target.closest(".choosable[data-choice]");
  if (card && (event.key === "Enter" || event.key === " ")) {
    event.preventDefault();
    act(Number(card.dataset.choice));
  } else if (/^[0-9]$/.test(event.key)) {
    const index = event.key === "0" ? 9 : Number(event.key) - 1;
    if (index < options.length) act(index);
  } else if (event.key === "p") {
    const index = options.indexOf("pass");
    if (index >= 0) act(index);
  } else if (event.key === "l") {
    $("log-box").focus();
  } else if (event.key === "c") {
    event.preventDefault();
    $("chat-text").focus();
  } else if (event.key === "?") {
    $("error").textContent = "Keys: 1–9 choose, 0 the 10th choice, p pass, l log, c chat; Tab to a card and Enter chooses it.";
  }
});

connect();
