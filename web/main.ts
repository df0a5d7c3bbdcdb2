/**
 * The lab shell: tabs (one route per demo), the frame loop with fixed simulation steps, pause,
 * single step, speed, reset, scene files (drop or open: parsed and validated by carom's scene
 * reader, with its messages shown here), export of the current state, and the status line.
 */
import { SceneError, parseScene, type Scene } from "../src/index.js";
import type { Demo, DemoHost } from "./lab/demo.js";
import { hashHex } from "./lab/event-hash.js";
import { createPool } from "./demos/pool.js";
import { createBreakout } from "./demos/breakout.js";
import { createGas } from "./demos/gas.js";
import { createGalton } from "./demos/galton.js";
import { createCradle } from "./demos/cradle.js";
import { createSpheres } from "./demos/spheres.js";
import { createSceneViewer } from "./demos/scene-viewer.js";
import { createCsb } from "./demos/csb.js";
import { createFluid } from "./demos/fluid.js";

interface Route {
  id: string;
  label: string;
  create: () => Demo;
}

let loadedScene: { scene: Scene; file: string } | null = null;

const routes: Route[] = [
  { id: "pool", label: "Pool break", create: createPool },
  { id: "breakout", label: "Breakout", create: createBreakout },
  { id: "gas", label: "Hard-disk gas", create: createGas },
  { id: "fluid", label: "Pressure & jamming", create: createFluid },
  { id: "galton", label: "Galton board", create: createGalton },
  { id: "cradle", label: "Newton's cradle", create: createCradle },
  { id: "spheres", label: "3D spheres", create: createSpheres },
  { id: "csb", label: "CSB race", create: createCsb },
  {
    id: "scene", label: "Scene file", create: () => createSceneViewer((loadedScene as { scene: Scene }).scene, (loadedScene as { file: string }).file),
  },
];

const $ = <T extends HTMLElement>(id: string): T => document.getElementById(id) as T;
const stage = $<HTMLElement>("stage");
const tabs = $<HTMLElement>("tabs");
const titleEl = $<HTMLElement>("demo-title");
const aboutEl = $<HTMLElement>("demo-about");
const messages = $<HTMLElement>("messages");
const demoControls = $<HTMLElement>("demo-controls");
const demoCharts = $<HTMLElement>("demo-charts");
const status = $<HTMLElement>("status");
const pauseButton = $<HTMLButtonElement>("pause");
const stepButton = $<HTMLButtonElement>("step");
const speedSelect = $<HTMLSelectElement>("speed");
const resetButton = $<HTMLButtonElement>("reset");
const exportButton = $<HTMLButtonElement>("export");
const fileInput = $<HTMLInputElement>("open-file");
const overlay = $<HTMLElement>("drop-overlay");

let route: Route = routes[0];
let demo: Demo | null = null;
let paused = false;
/** Set when the simulation threw: the loop stops stepping until reset. */
let failed = false;
let speed = 1;
let frames = 0;
let stepMs = 0;

for (const r of routes) {
  const a = document.createElement("a");
  a.href = `#${r.id}`;
  a.textContent = r.label;
  a.dataset.route = r.id;
  tabs.append(a);
}

function showMessage(title: string, lines: readonly string[], kind: "error" | "info" = "error"): void {
  messages.replaceChildren();
  messages.className = kind;
  const t = document.createElement("div");
  t.className = "title";
  t.textContent = title;
  const pre = document.createElement("pre");
  pre.textContent = lines.join("\n");
  messages.append(t, pre);
}

function clearMessage(): void {
  messages.replaceChildren();
  messages.className = "";
}

function setPaused(p: boolean): void {
  paused = p;
  pauseButton.textContent = p ? "Run" : "Pause";
  pauseButton.setAttribute("aria-pressed", String(p));
  status.dataset.paused = String(p);
}

/** Stops the loop and shows what the simulation threw. */
function fail(e: unknown): void {
  failed = true;
  setPaused(true);
  status.dataset.error = e instanceof Error ? e.message : String(e);
  showMessage("The simulation stopped:", [e instanceof Error ? e.message : String(e)]);
}

function start(r: Route): void {
  demo?.dispose?.();
  demo = null;
  route = r;
  failed = false;
  frames = 0;
  for (const key of ["error", "time", "frames", "collisions", "hash"]) delete status.dataset[key];
  stage.replaceChildren();
  demoControls.replaceChildren();
  demoCharts.replaceChildren();
  for (const a of tabs.querySelectorAll("a")) {
    if (a.dataset.route === r.id) a.setAttribute("aria-current", "page");
    else a.removeAttribute("aria-current");
  }
  status.dataset.route = r.id;
  if (r.id === "scene" && loadedScene === null) {
    titleEl.textContent = "Scene file";
    aboutEl.textContent = "Drop a scene file (the JSON format of carom run, 2D or 3D) anywhere on the page, or use “Open scene…”, to run it here.";
    showMessage("No scene file loaded yet.", ["Drop one on the page or use “Open scene…”."], "info");
    updateStatus();
    return;
  }
  try {
    demo = r.create();
    titleEl.textContent = demo.title;
    aboutEl.textContent = demo.about;
    const host: DemoHost = { stage, controls: demoControls, charts: demoCharts };
    demo.mount(host);
    demo.draw();
  } catch (e) {
    titleEl.textContent = r.label;
    aboutEl.textContent = "";
    fail(e);
  }
  updateStatus();
}

function stepOnce(): void {
  if (demo === null || failed) return;
  const t0 = performance.now();
  try {
    demo.step(demo.frameDt * speed);
    frames++;
  } catch (e) {
    fail(e);
  }
  stepMs = performance.now() - t0;
}

function formatTime(t: number): string {
  return Math.abs(t) >= 1000 ? t.toExponential(4) : t.toFixed(4);
}

function updateStatus(): void {
  const rows: [string, string][] = [];
  if (demo !== null) {
    const sim = demo.sim;
    status.dataset.time = String(sim.now);
    status.dataset.frames = String(frames);
    status.dataset.collisions = String(sim.collisions);
    status.dataset.hash = hashHex(sim.hash);
    rows.push(["simulated time", formatTime(sim.now)]);
    rows.push(["frames", String(frames)]);
    rows.push(["bodies", String(sim.bodyCount)]);
    rows.push(["collisions", String(sim.collisions)]);
    rows.push(["last frame", `${sim.lastCollisions} hits, ${sim.lastWork} events`]);
    rows.push(["step time", `${stepMs.toFixed(2)} ms${sim.complete ? "" : " (event budget hit)"}`]);
    rows.push(["event-log hash", hashHex(sim.hash)]);
    if (demo.stats) rows.push(...demo.stats());
  }
  const nodes: HTMLElement[] = [];
  for (const [k, v] of rows) {
    const dt = document.createElement("dt");
    dt.textContent = k;
    const dd = document.createElement("dd");
    dd.textContent = v;
    nodes.push(dt, dd);
  }
  status.replaceChildren(...nodes);
}

// ---- the loop: fixed simulation steps of frameDt * speed, at most two per display frame
let last = performance.now();
let owed = 0;
function frame(now: number): void {
  const elapsed = Math.min(0.1, Math.max(0, (now - last) / 1000));
  last = now;
  if (demo !== null && !paused && !failed) {
    owed += elapsed;
    let steps = 0;
    while (owed >= demo.frameDt * 0.98 && steps < 2) {
      stepOnce();
      owed -= demo.frameDt;
      steps++;
    }
    if (owed > demo.frameDt) owed = 0; // falling behind: drop the debt rather than spiral
  }
  if (demo !== null) {
    try {
      demo.draw();
    } catch (e) {
      fail(e);
    }
  }
  updateStatus();
  requestAnimationFrame(frame);
}

// ---- controls
pauseButton.addEventListener("click", () => setPaused(!paused));
stepButton.addEventListener("click", () => {
  setPaused(true);
  stepOnce();
  demo?.draw();
  updateStatus();
});
speedSelect.addEventListener("change", () => {
  speed = Number(speedSelect.value);
});
resetButton.addEventListener("click", () => {
  clearMessage();
  start(route);
});
document.addEventListener("keydown", (e) => {
  const target = e.target as HTMLElement;
  if (target.tagName === "INPUT" || target.tagName === "SELECT") return;
  if (e.key === " ") {
    e.preventDefault();
    setPaused(!paused);
  } else if (e.key === ".") {
    stepButton.click();
  }
});

exportButton.addEventListener("click", () => {
  if (demo === null) return;
  let text: string;
  try {
    text = demo.sim.exportText();
  } catch (e) {
    showMessage("Export failed:", [e instanceof Error ? e.message : String(e)]);
    return;
  }
  const blob = new Blob([text], { type: "application/json" });
  const a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = `${route.id}-t${demo.sim.now.toFixed(3)}.json`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
});

// ---- scene files
async function loadFile(file: File): Promise<void> {
  let text: string;
  try {
    text = await file.text();
  } catch (e) {
    showMessage(`${file.name}: cannot be read`, [String(e)]);
    return;
  }
  try {
    const scene = parseScene(text, file.name);
    loadedScene = { scene, file: file.name };
  } catch (e) {
    if (e instanceof SceneError) {
      showMessage(`${file.name} is not a valid scene (${e.issues.length} problem${e.issues.length === 1 ? "" : "s"}):`, e.message.split("\n"));
    } else {
      showMessage(`${file.name}: cannot be loaded`, [e instanceof Error ? e.message : String(e)]);
    }
    status.dataset.loadError = file.name;
    return;
  }
  delete status.dataset.loadError;
  clearMessage();
  if (location.hash === "#scene") start(routes[routes.length - 1]);
  else location.hash = "#scene";
}

fileInput.addEventListener("change", () => {
  const f = fileInput.files?.[0];
  if (f !== undefined) void loadFile(f);
  fileInput.value = "";
});
let dragDepth = 0;
window.addEventListener("dragenter", (e) => {
  e.preventDefault();
  dragDepth++;
  overlay.hidden = false;
});
window.addEventListener("dragleave", () => {
  dragDepth = Math.max(0, dragDepth - 1);
  if (dragDepth === 0) overlay.hidden = true;
});
window.addEventListener("dragover", (e) => {
  e.preventDefault();
  if (e.dataTransfer) e.dataTransfer.dropEffect = "copy";
});
window.addEventListener("drop", (e) => {
  e.preventDefault();
  dragDepth = 0;
  overlay.hidden = true;
  const f = e.dataTransfer?.files[0];
  if (f !== undefined) void loadFile(f);
});

// ---- routing
function routeFromHash(): Route {
  const id = location.hash.replace(/^#/, "");
  return routes.find((r) => r.id === id) ?? routes[0];
}
window.addEventListener("hashchange", () => {
  clearMessage();
  start(routeFromHash());
});

setPaused(false);
start(routeFromHash());
requestAnimationFrame(frame);
