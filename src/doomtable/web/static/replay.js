// The replay viewer: steps through a finished game as an onlooker saw it.
"use strict";
const tableId = location.pathname.split("/").pop();
const $ = (id) => document.getElementById(id);
let step = 0;
let steps = 0;

async function go(target) {
  const response = await fetch(`/api/tables/${tableId}/replay/${target}`);
  const data = await response.json();
  if (!response.ok) { $("status").textContent = data.detail; return; }
  step = data.step;
  steps = data.steps;
  $("view").innerHTML = data.html;
  $("status").textContent = data.status;
  $("step").textContent = `decision ${step} of ${steps}`;
  $("log").replaceChildren(...data.log.map((line, index) => {
    const item = document.createElement("li");
    item.dataset.number = index + 1;
    const number = document.createElement("span");
    number.className = "n";
    number.textContent = index + 1;
    const text = document.createElement("span");
    text.className = "line";
    text.textContent = line;
    item.append(number, text);
    return item;
  }));
  const box = $("log-box");
  box.scrollTop = box.scrollHeight;
  // the chat as it stood at this step, seats and spectators marked
  $("chat").replaceChildren(...data.chat.map((line) => {
    const item = document.createElement("li");
    item.className = line.seat === null ? "from-spectator" : "from-seat";
    const who = document.createElement("span");
    who.className = "who";
    who.textContent = line.seat === null ? "Spectator: " : `${line.who} (seat ${line.seat}): `;
    item.append(who, line.text);
    return item;
  }));
}

const clamp = (n) => Math.max(0, Math.min(steps, n));
$("first").addEventListener("click", () => go(0));
$("prev").addEventListener("click", () => go(clamp(step - 1)));
$("next").addEventListener("click", () => go(clamp(step + 1)));
$("last").addEventListener("click", () => go(steps));
document.addEventListener("keydown", (event) => {
  const moves = { ArrowLeft: step - 1, ArrowRight: step + 1, Home: 0, End: steps };
  if (event.key in moves) go(clamp(moves[event.key]));
});
go(0);
