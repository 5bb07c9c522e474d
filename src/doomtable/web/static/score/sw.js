// The score page's service worker: the page, its card list, Pyodide and the scorer's sources
// are kept here, so the page opens and scores with no network. Registered with scope /score.
"use strict";

// The server fills in a digest of the page, the scorer and Pyodide: any change to them makes
// this a new worker, which replaces the cache.
const CACHE = "doomtable-score-__CACHE_VERSION__";
const PAGE = ["/score", "/score/score.js", "/score/score.css", "/score/manifest.webmanifest",
  "/score/icon.svg", "/api/score/cards", "/score/doomtable.zip"];
const PYODIDE = ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
  "pyodide-lock.json"].map((name) => `/score/pyodide/${name}`);
const KEPT = new Set([...PAGE, ...PYODIDE]);

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    await cache.addAll(PAGE);
    // Pyodide may be missing on a server without `make pyodide`: the page still works online.
    await Promise.all(PYODIDE.map((url) => cache.add(url).catch(() => undefined)));
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) if (name !== CACHE) await caches.delete(name);
    await self.clients.claim();
  })());
});

self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== "GET" || url.origin !== location.origin || !KEPT.has(url.pathname)) {
    return;
  }
  const path = url.pathname;
  // Pyodide's files never change under one version: from the cache. The rest: the network
  // first (the server's latest page and code), the cache when there is no network.
  event.respondWith(path.startsWith("/score/pyodide/") ? cacheFirst(path) : networkFirst(path));
});

async function cacheFirst(path) {
  const cache = await caches.open(CACHE);
  const kept = await cache.match(path);
  if (kept) return kept;
  const answer = await fetch(path);
  if (answer.ok) await cache.put(path, answer.clone());
  return answer;
}

async function networkFirst(path) {
  const cache = await caches.open(CACHE);
  try {
    const answer = await fetch(path);
    if (answer.ok) await cache.put(path, answer.clone());
    return answer;
  } catch (error) {
    const kept = await cache.match(path);
    if (kept) return kept;
    throw error;
  }
}
