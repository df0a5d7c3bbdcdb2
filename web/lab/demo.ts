/**
 * What every demo gives the lab shell: a simulation to advance and export, a picture to draw,
 * and its own controls and charts. The shell owns the loop (fixed time steps), pause, single
 * step, speed, export, scene files and the status line.
 */

/**
 * What the shell reads of a demo's simulation: the status line's totals and the export. A
 * world's {@link Sim} is one; the hard-disk fluid's engine (carom/science) another.
 */
export interface LabRun {
  /** Simulated time. */
  readonly now: number;
  readonly bodyCount: number;
  /** Collisions since the start, and in the last advance. */
  readonly collisions: number;
  readonly lastCollisions: number;
  /** Events processed by the last advance. */
  readonly lastWork: number;
  /** False when the last advance stopped before its target time. */
  readonly complete: boolean;
  /** Hash of every event since the start (event-hash.ts). */
  readonly hash: number;
  /** The current state as scene-file text. */
  exportText(): string;
}

/** The parts of the page a demo may fill. */
export interface DemoHost {
  /** Where the demo's canvases go (emptied between demos). */
  stage: HTMLElement;
  /** Demo-specific controls (buttons, sliders). */
  controls: HTMLElement;
  /** Charts and readouts beside the stage. */
  charts: HTMLElement;
}

export interface Demo {
  readonly title: string;
  /** A few sentences on what is shown and what to look for (plain text). */
  readonly about: string;
  /** Simulated time per frame at speed 1 (seconds of the scene's clock). */
  readonly frameDt: number;
  /** The simulation whose state "export" writes and whose totals the status line shows. */
  readonly sim: LabRun;
  mount(host: DemoHost): void;
  /** Advances by dt of simulated time (one frame); may throw (the shell shows the message). */
  step(dt: number): void;
  draw(): void;
  /** Extra status rows (label, value). */
  stats?(): [string, string][];
  dispose?(): void;
}

/** Creates an element with a class and optional text. */
export function el<K extends keyof HTMLElementTagNameMap>(tag: K, className = "", text = ""): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  if (className !== "") e.className = className;
  if (text !== "") e.textContent = text;
  return e;
}

/** A button that calls `onClick`. */
export function button(label: string, onClick: () => void, id = ""): HTMLButtonElement {
  const b = el("button", "", label);
  b.type = "button";
  if (id !== "") b.id = id;
  b.addEventListener("click", onClick);
  return b;
}

/** A labelled range input; calls onInput with the value. */
export function slider(label: string, min: number, max: number, stepSize: number, value: number, onInput: (v: number) => void, id = ""): HTMLLabelElement {
  const wrap = el("label", "slider");
  const text = el("span", "", label);
  const input = el("input");
  input.type = "range";
  input.min = String(min);
  input.max = String(max);
  input.step = String(stepSize);
  input.value = String(value);
  if (id !== "") input.id = id;
  const out = el("output");
  const show = (): void => {
    out.textContent = input.value;
  };
  input.addEventListener("input", () => {
    show();
    onInput(Number(input.value));
  });
  show();
  wrap.append(text, input, out);
  return wrap;
}

/**
 * Keeps a canvas's backing store at its CSS size times the device pixel ratio, with the CSS
 * height set from the width and an aspect ratio (width / height), capped at maxHeight CSS
 * pixels. Returns the scale from CSS pixels to canvas pixels.
 */
export function fitCanvas(canvas: HTMLCanvasElement, aspect: number, maxHeight = Infinity): number {
  const dpr = Math.min(2, window.devicePixelRatio || 1);
  const parent = canvas.parentElement;
  let cssW = parent === null ? 600 : parent.clientWidth;
  let cssH = cssW / aspect;
  const cap = Math.min(maxHeight, window.innerHeight - 24);
  if (cssH > cap) {
    cssH = Math.max(160, cap);
    cssW = cssH * aspect;
  }
  cssW = Math.floor(cssW);
  cssH = Math.floor(cssH);
  const w = Math.round(cssW * dpr), h = Math.round(cssH * dpr);
  if (canvas.width !== w || canvas.height !== h) {
    canvas.width = w;
    canvas.height = h;
    canvas.style.width = `${cssW}px`;
    canvas.style.height = `${cssH}px`;
  }
  return dpr;
}
