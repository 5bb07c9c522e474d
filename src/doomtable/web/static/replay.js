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
  $("log").replaceChildren(...data.log.map((line) => {
    const item = document.createElement("li");
    item.textContent = line;
    return item;
  }));
}

const clamp = (n) => Math.max(0, Math.min(steps, n));
$("first").onclick = () => go(0);
$("prev").onclick = () => go(clamp(step - 1));
$("next").onclick = () => go(clamp(step + 1));
$("last").onclick = () => go(steps);
document.addEventListener("keydown", (event) => {
  const moves = { ArrowLeft: step - 1, ArrowRight: step + 1, Home: 0, End: steps };
  if (event.key in moves) go(clamp(moves[event.key]));
});
go(0);
