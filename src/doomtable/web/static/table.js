// The table page: one websocket; the server sends this seat's drawn view, log and choices.
"use strict";
const tableId = location.pathname.split("/").pop();
const token = location.hash.slice(1);
const $ = (id) => document.getElementById(id);
let socket = null;
let decision = null;
let options = [];
let retry = 500;

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const query = token ? `?token=${encodeURIComponent(token)}` : "";
  socket = new WebSocket(`${scheme}://${location.host}/ws/${tableId}${query}`);
  socket.onopen = () => { retry = 500; };
  socket.onmessage = (event) => show(JSON.parse(event.data));
  socket.onclose = (event) => {
    $("status").textContent = event.reason || "Connection lost: reconnecting…";
    if (event.code !== 1008) setTimeout(connect, retry = Math.min(retry * 2, 2000));
  };
}

// A real-time table's countdowns run on between updates: each <time class=countdown data-ms>
// loses the game time since the view was drawn (lag) plus the time since it arrived.
let liveClock = null;
function tickClocks() {
  if (!liveClock) return;
  const gone = liveClock.lag + (performance.now() - liveClock.at);
  for (const clock of document.querySelectorAll("#view time.countdown")) {
    const seconds = Math.floor(Math.max(0, Number(clock.dataset.ms) - gone) / 1000);
    const text = `${String(Math.floor(seconds / 60)).padStart(2, "0")}:${String(seconds % 60).padStart(2, "0")}`;
    if (clock.textContent !== text) clock.textContent = text;
  }
}
setInterval(tickClocks, 250);

function show(message) {
  if (message.type === "error") { $("error").textContent = message.message; return; }
  $("error").textContent = "";
  decision = message.decision;
  document.body.dataset.decision = decision;
  document.body.dataset.over = message.over;
  options = message.options || [];
  $("status").textContent = message.status;
  document.body.classList.toggle("my-turn", options.length > 0);
  $("view").innerHTML = message.html;
  liveClock = message.clock ? { lag: message.clock.lag_ms, at: performance.now() } : null;
  tickClocks();
  $("prompt").textContent = message.prompt || (message.seat === null ? "Watching" : "Choices");
  const list = $("options");
  list.replaceChildren(...options.map((label, index) => {
    const item = document.createElement("li");
    const button = document.createElement("button");
    button.textContent = label;
    button.dataset.index = index;
    button.onclick = () => act(index);
    item.append(button);
    return item;
  }));
  const log = $("log");
  if (message.log_from === 0) log.replaceChildren();
  for (const line of message.log) {
    const item = document.createElement("li");
    item.textContent = line;
    log.append(item);
  }
  log.parentElement.scrollTop = log.parentElement.scrollHeight;
  const autopass = $("autopass");
  autopass.parentElement.hidden = message.seat === null;
  if (message.auto_pass !== null) autopass.checked = message.auto_pass;
  showResult(message.result);
}

function showResult(result) {
  const box = $("result");
  if (!result) { box.replaceChildren(); return; }
  const rows = result.scores.map((score, seat) => [seat, score])
    .sort((a, b) => b[1] - a[1] || a[0] - b[0]);
  box.innerHTML = "<section class='panel final'><h2>Final scores</h2><table><thead><tr>" +
    "<th>Seat</th><th>Score</th><th>Result</th></tr></thead><tbody></tbody></table>" +
    `<p><a href="/replay/${tableId}">Replay this game</a></p></section>`;
  const body = box.querySelector("tbody");
  for (const [seat, score] of rows) {
    const row = body.insertRow();
    row.insertCell().textContent = result.names[seat];
    row.insertCell().textContent = score;
    row.insertCell().textContent = result.winners.includes(seat) ? "★ winner" : "";
  }
}

function act(index) {
  if (!socket || socket.readyState !== WebSocket.OPEN) return;
  socket.send(JSON.stringify({ type: "act", decision, option: index }));
}

$("autopass").onchange = (event) =>
  socket.send(JSON.stringify({ type: "autopass", on: event.target.checked }));

document.addEventListener("keydown", (event) => {
  if (event.target.tagName === "INPUT" || event.ctrlKey || event.metaKey || event.altKey) return;
  if (/^[0-9]$/.test(event.key)) {
    const index = event.key === "0" ? 9 : Number(event.key) - 1;
    if (index < options.length) act(index);
  } else if (event.key === "p") {
    const index = options.indexOf("pass");
    if (index >= 0) act(index);
  } else if (event.key === "l") {
    $("log").scrollIntoView();
  } else if (event.key === "?") {
    $("error").textContent = "Keys: 1–9 choose, 0 the 10th choice, p pass, l log.";
  }
});

connect();
