/**
 * Pool: a 9-ball rack on pooltool's 7-ft pocket table, played with carom/pool (pooltool's
 * billiards model with exact event times: the cue strike with spin and squirt, balls sliding,
 * rolling and spinning on the cloth, cushions, pocket jaws and pockets). Drag back from the cue
 * ball to aim (the farther, the harder); the sliders set the tip offset (side and top/bottom
 * spin) and the cue elevation. The aim line is the model itself: the shot is simulated ahead on a
 * copy of the table, and the cue ball's exact path (curving while it slides) is drawn up to the
 * first ball it meets, with a ghost ball there and where both balls go next.
 *
 * Hint: with the balls at rest, the shot solver (findShot) simulates candidate strikes on the
 * lowest ball and shows the one with the widest margin as the aim line; "Play hint" shoots it.
 *
 * The lab shell reads a World2D (time, export): after each frame the balls still on the table
 * are mirrored into one, at rest, with the table's long side along x.
 */
import type { Scene } from "../../src/index.js";
import {
  angleDegrees, DEFAULT_BALL_PARAMS, findShot, pocketTable, PoolSystem, rackBalls, type BallState, type PoolEvent, type ShotPlan,
  type StrikeOptions,
} from "../../src/exports/pool.js";
import { button, el, fitCanvas, slider, type Demo, type DemoHost } from "../lab/demo.js";
import { Sim } from "../lab/sim.js";
import { View2D } from "../lab/view2d.js";

const TABLE = pocketTable();
const R = DEFAULT_BALL_PARAMS.R;
const L = TABLE.l, W = TABLE.w;
/** How long the hint may search, milliseconds. */
const HINT_BUDGET = 2500;
const CW = TABLE.specs.cushion_width;
/** The fastest shot (cue speed, m/s) and the cue speed per metre of drag. */
const MAX_SHOT_SPEED = 8;
const SPEED_PER_METRE = 10;
/** The standard break: cue speed, m/s. */
const BREAK_SPEED = 8;

const COLORS: Record<string, string> = {
  cue: "#f4f1e6", "ball-1": "#f2c100", "ball-2": "#1f4fbf", "ball-3": "#d22b2b", "ball-4": "#6a2c91",
  "ball-5": "#f07800", "ball-6": "#137a3a", "ball-7": "#7b1f1f", "ball-8": "#111111", "ball-9": "#f2c100",
};

/** Display coordinates: the table's length (pool y) along x, its width (pool x) along y. */
const dx = (b: { r: number[] }): number => b.r[1];
const dy = (b: { r: number[] }): number => b.r[0];

interface Placed {
  id: string;
  x: number;
  y: number;
}

/** The rack in pool coordinates, ids "cue" and "ball-N". */
function rack(): Placed[] {
  // The cue ball on the head spot, in line with the apex.
  return rackBalls("nine-ball", { jitter: 2e-5, seed: 5 }).map((b) => (b.id === "cue" ? { id: "cue", x: W / 2, y: L / 4 } : { ...b, id: `ball-${b.id}` }));
}

interface Prediction {
  /** Cue ball path to the first contact (display x, y pairs). */
  path: number[];
  /** The first ball hit ("" for none), the ghost ball, and both paths for a moment after. */
  hit: string;
  ghostX: number;
  ghostY: number;
  after: number[];
  other: number[];
}

export function createPool(): Demo {
  let balls: Placed[] = rack();
  let system = new PoolSystem({ balls });
  let shotStart = 0; // lab time of the current shot's t = 0
  let clock = 0;
  let shots = 0, collisions = 0, pocketedCount = 0;
  let side = 0, spin = 0, elevation = 0;
  let lastEvents: PoolEvent[] = [];
  const sim = new Sim(sceneOf(system.ids.map((id) => system.ball(id)), 0));
  const view = new View2D();
  const canvas = el("canvas");
  canvas.id = "pool-canvas";
  let ctx: CanvasRenderingContext2D;
  let aiming = false;
  let aimX = 0, aimY = 0; // pointer, display coordinates
  let strike: StrikeOptions | null = null;
  let prediction: Prediction | null = null;
  let hint: ShotPlan | null = null;
  const hintText = el("span", "hint");
  hintText.id = "pool-hint-text";

  function states(): BallState[] {
    return system.ids.map((id) => system.ball(id));
  }

  /** The balls on the table as a scene at rest (for the shell's clock and export). */
  function sceneOf(on: BallState[], time: number): Scene {
    return {
      carom: 1,
      dimensions: 2,
      time,
      description: "Pool (carom lab): the balls on pooltool's 7-ft table, at rest, the long side along x. Units: metres, seconds, kilograms.",
      bounds: { min: [-CW, -CW], max: [L + CW, W + CW] },
      bodies: on.map((b) => ({ id: b.id, position: [dx(b), dy(b)], radius: R, mass: DEFAULT_BALL_PARAMS.m, color: COLORS[b.id] ?? "#ccc" })),
    };
  }

  const mirror = (): void => {
    sim.replace(sceneOf(states().filter((b) => b.state !== "pocketed"), clock));
  };

  const moving = (): number => states().filter((b) => b.state === "sliding" || b.state === "rolling" || b.state === "spinning").length;

  /** A fresh system for the next shot from the balls at rest (the cue ball respotted if it fell). */
  const nextShotSystem = (): void => {
    const now = states();
    balls = now.filter((b) => b.state !== "pocketed").map((b) => ({ id: b.id, x: b.r[0], y: b.r[1] }));
    if (!balls.some((b) => b.id === "cue")) {
      const spot = { id: "cue", x: W / 2, y: L / 4 };
      const free = (x: number, y: number) => balls.every((b) => Math.hypot(b.x - x, b.y - y) >= 2 * R + 1e-4);
      while (!free(spot.x, spot.y)) spot.y -= 2.2 * R;
      balls.push(spot);
    }
    system = new PoolSystem({ balls });
  };

  /** The strike for the pointer at (px, py): away from the pointer, through the cue ball. */
  const aimAt = (px: number, py: number): void => {
    const cue = system.ball("cue");
    const ex = dx(cue) - px, ey = dy(cue) - py;
    const d = Math.hypot(ex, ey);
    if (d < 1e-9) {
      strike = null;
      prediction = null;
      return;
    }
    const V0 = Math.min(MAX_SHOT_SPEED, d * SPEED_PER_METRE);
    // Display (x along the length, y across) back to pool coordinates (x across, y along).
    strike = { ball: "cue", V0, phi: angleDegrees(ey, ex), theta: elevation, a: side, b: spin };
    prediction = predict(strike);
  };

  /** The shot played ahead on a copy of the table, up to the cue ball's first contact and a little after. */
  const predict = (s: StrikeOptions): Prediction => {
    const copy = new PoolSystem({ balls: balls.map((b) => ({ ...b })) });
    copy.strike(s);
    const cuePath = (): number[] => {
      const b = copy.ball("cue");
      return [dx(b), dy(b)];
    };
    const path = cuePath();
    const p: Prediction = { path, hit: "", ghostX: 0, ghostY: 0, after: [], other: [] };
    const step = 1 / 240;
    let T = 0;
    for (let k = 0; k < 4000; k++) {
      const ev = copy.simulate({ maxEvents: 1, tFinal: T + step });
      path.push(...cuePath());
      if (ev.length === 0) {
        if (copy.t < T + step) break; // everything at rest
        T += step;
        continue;
      }
      const e = ev[0];
      if (e.type === "ball-ball" && e.ids.includes("cue")) {
        p.hit = e.ids[0] === "cue" ? e.ids[1] : e.ids[0];
        const g = copy.ball("cue");
        p.ghostX = dx(g);
        p.ghostY = dy(g);
        const o = copy.ball(p.hit);
        p.other.push(dx(o), dy(o));
        p.after.push(p.ghostX, p.ghostY);
        const t1 = copy.t + 0.35;
        for (let t = copy.t + step; t <= t1; t += step) {
          copy.simulate({ tFinal: t });
          const c = copy.ball("cue"), b = copy.ball(p.hit);
          p.after.push(dx(c), dy(c));
          p.other.push(dx(b), dy(b));
        }
        break;
      }
      if (e.type === "ball-pocket" && e.ids[0] === "cue") break;
    }
    return p;
  };

  const shoot = (s: StrikeOptions): void => {
    nextShotSystem();
    system.strike(s);
    shotStart = clock;
    prediction = null;
    hint = null;
    shots++;
  };

  /** The lowest-numbered ball on the table (9-ball: the one to hit first). */
  const lowest = (): string | null => {
    const on = states().filter((b) => b.id !== "cue" && b.state !== "pocketed").map((b) => Number(b.id.replace("ball-", "")));
    return on.length ? `ball-${Math.min(...on)}` : null;
  };

  /** Searches a shot that pots the lowest ball and shows it as the aim line. */
  const showHint = (): void => {
    if (moving() > 0) return;
    nextShotSystem();
    const target = lowest();
    if (target === null || system.ball("cue").state === "pocketed") return;
    const found = findShot(system, { ball: target, timeLimit: HINT_BUDGET });
    hint = found.shots[0] ?? null;
    const n = target.replace("ball-", "");
    if (hint === null) {
      prediction = null;
      hintText.textContent = `no pot found for the ${n} (${found.candidates} shots simulated)`;
      canvas.dataset.hint = "none";
      return;
    }
    strike = hint.strike;
    prediction = predict(hint.strike);
    hintText.textContent = `the ${n} in ${hint.pocket}: ${hint.strike.V0} m/s, margin ±${hint.margin.toFixed(2)}° (${found.candidates} shots simulated)`;
    canvas.dataset.hint = `${target} ${hint.pocket}`;
  };

  const toDisplay = (e: PointerEvent): [number, number] => {
    const rect = canvas.getBoundingClientRect();
    const sx = canvas.width / rect.width;
    return [view.wx((e.clientX - rect.left) * sx), view.wy((e.clientY - rect.top) * sx)];
  };

  canvas.addEventListener("pointerdown", (e) => {
    if (moving() > 0) return;
    nextShotSystem();
    hint = null;
    aiming = true;
    canvas.setPointerCapture(e.pointerId);
    [aimX, aimY] = toDisplay(e);
    aimAt(aimX, aimY);
  });
  canvas.addEventListener("pointermove", (e) => {
    if (!aiming) return;
    [aimX, aimY] = toDisplay(e);
    aimAt(aimX, aimY);
  });
  canvas.addEventListener("pointerup", () => {
    if (!aiming) return;
    aiming = false;
    if (strike !== null) shoot(strike);
  });
  canvas.addEventListener("pointercancel", () => {
    aiming = false;
    prediction = null;
  });

  const polyline = (pts: number[], color: string, dash: number[]): void => {
    if (pts.length < 4) return;
    ctx.strokeStyle = color;
    ctx.setLineDash(dash);
    ctx.beginPath();
    ctx.moveTo(view.sx(pts[0]), view.sy(pts[1]));
    for (let k = 2; k < pts.length; k += 2) ctx.lineTo(view.sx(pts[k]), view.sy(pts[k + 1]));
    ctx.stroke();
    ctx.setLineDash([]);
  };

  const drawPrediction = (p: Prediction): void => {
    ctx.lineWidth = Math.max(1.5, canvas.width / 600);
    polyline(p.path, "rgba(255, 255, 255, 0.85)", [8, 6]);
    if (p.hit !== "") {
      ctx.strokeStyle = "rgba(255, 255, 255, 0.9)";
      ctx.beginPath();
      ctx.arc(view.sx(p.ghostX), view.sy(p.ghostY), R * view.scale, 0, 2 * Math.PI);
      ctx.stroke();
      polyline(p.after, "rgba(255, 255, 255, 0.5)", [4, 4]);
      polyline(p.other, COLORS[p.hit] ?? "#ccc", [4, 4]);
    }
    canvas.dataset.aimPoints = String(p.path.length / 2);
    canvas.dataset.aimHit = p.hit;
  };

  const drawBall = (b: BallState): void => {
    const x = view.sx(dx(b)), y = view.sy(dy(b));
    const r = R * view.scale;
    const number = b.id === "cue" ? 0 : Number(b.id.replace("ball-", ""));
    ctx.fillStyle = number > 8 ? "#f4f1e6" : COLORS[b.id] ?? "#ccc";
    ctx.beginPath();
    ctx.arc(x, y, r, 0, 2 * Math.PI);
    ctx.fill();
    if (number > 8) {
      ctx.save();
      ctx.clip();
      ctx.fillStyle = COLORS[b.id] ?? "#ccc";
      ctx.fillRect(x - r, y - 0.55 * r, 2 * r, 1.1 * r);
      ctx.restore();
    }
    if (number > 0 && r > 6) {
      ctx.fillStyle = "#f4f1e6";
      ctx.beginPath();
      ctx.arc(x, y, 0.45 * r, 0, 2 * Math.PI);
      ctx.fill();
      ctx.fillStyle = "#111";
      ctx.font = `${Math.round(0.62 * r)}px system-ui, sans-serif`;
      ctx.textAlign = "center";
      ctx.textBaseline = "middle";
      ctx.fillText(String(number), x, y + 0.5);
    }
    if (b.state === "sliding" || b.state === "spinning") {
      // a ring: the ball slips on the cloth (sliding) or turns on the spot (spinning)
      ctx.strokeStyle = b.state === "sliding" ? "rgba(255, 220, 120, 0.9)" : "rgba(120, 200, 255, 0.9)";
      ctx.lineWidth = Math.max(1, r / 6);
      ctx.beginPath();
      ctx.arc(x, y, r * 1.25, 0, 2 * Math.PI);
      ctx.stroke();
    }
  };

  const drawTable = (): void => {
    ctx.fillStyle = "#0f141b";
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    ctx.fillStyle = "#5a3a22";
    const m = CW + 0.06;
    ctx.fillRect(view.sx(-m), view.sy(W + m), (L + 2 * m) * view.scale, (W + 2 * m) * view.scale);
    ctx.fillStyle = "#13683f";
    ctx.fillRect(view.sx(-CW), view.sy(W + CW), (L + 2 * CW) * view.scale, (W + 2 * CW) * view.scale);
    ctx.fillStyle = "#050505";
    for (const p of TABLE.pockets) {
      ctx.beginPath();
      ctx.arc(view.sx(p.center[1]), view.sy(p.center[0]), p.radius * view.scale, 0, 2 * Math.PI);
      ctx.fill();
    }
    ctx.strokeStyle = "#0b4527";
    ctx.lineWidth = Math.max(2, 0.004 * view.scale);
    for (const c of TABLE.linear) {
      ctx.beginPath();
      ctx.moveTo(view.sx(c.p1[1]), view.sy(c.p1[0]));
      ctx.lineTo(view.sx(c.p2[1]), view.sy(c.p2[0]));
      ctx.stroke();
    }
    for (const c of TABLE.circular) {
      ctx.beginPath();
      ctx.arc(view.sx(c.center[1]), view.sy(c.center[0]), c.radius * view.scale, 0, 2 * Math.PI);
      ctx.stroke();
    }
    ctx.strokeStyle = "rgba(255, 255, 255, 0.12)";
    ctx.lineWidth = 1;
    ctx.beginPath();
    ctx.moveTo(view.sx(0.25 * L), view.sy(0));
    ctx.lineTo(view.sx(0.25 * L), view.sy(W));
    ctx.stroke();
  };

  return {
    title: "Pool",
    about:
      "pooltool's billiards model with exact event times (carom/pool): drag back from the cue ball and let go to shoot (the farther, the harder); the sliders put side spin, follow or draw and cue elevation on the shot. The dashed line is the shot simulated ahead: the cue ball's exact path, curving while it slides, to the first ball it meets, a ghost ball there and where both go. A yellow ring marks a sliding ball, a blue one a ball spinning on the spot. Or press Break. Hint asks the shot solver for a shot that pots the lowest ball (it simulates thousands of candidate strikes) and shows it; Play hint shoots it.",
    frameDt: 1 / 60,
    sim,
    mount(host: DemoHost): void {
      host.stage.append(canvas);
      ctx = canvas.getContext("2d") as CanvasRenderingContext2D;
      const row = el("div", "row");
      row.append(
        button("Break", () => {
          if (moving() > 0) return;
          nextShotSystem();
          const cue = system.ball("cue"), apex = system.ball("ball-1");
          if (apex.state === "pocketed") return;
          shoot({ ball: "cue", V0: BREAK_SPEED, phi: angleDegrees(apex.r[0] - cue.r[0], apex.r[1] - cue.r[1]), b: 0.2 });
        }, "pool-break"),
        button("Hint", showHint, "pool-hint"),
        button("Play hint", () => {
          if (hint !== null && moving() === 0) shoot(hint.strike);
        }, "pool-play-hint"),
        hintText,
      );
      host.controls.append(
        row,
        slider("side (a)", -0.5, 0.5, 0.05, side, (v) => { side = v; }, "pool-side"),
        slider("follow/draw (b)", -0.6, 0.6, 0.05, spin, (v) => { spin = v; }, "pool-spin"),
        slider("elevation (°)", 0, 30, 1, elevation, (v) => { elevation = v; }, "pool-elevation"),
      );
      mirror();
    },
    step(dt: number): void {
      clock += dt;
      const ev = system.simulate({ tFinal: Math.max(0, clock - shotStart) });
      lastEvents = ev;
      for (const e of ev) {
        if (e.type === "ball-ball" || e.type === "ball-linear-cushion" || e.type === "ball-circular-cushion") collisions++;
        if (e.type === "ball-pocket") pocketedCount++;
      }
      const before = sim.collisions;
      mirror();
      sim.collisions = before + ev.filter((e) => e.type === "ball-ball" || e.type.endsWith("cushion")).length;
      sim.lastCollisions = sim.collisions - before;
    },
    draw(): void {
      const dpr = fitCanvas(canvas, (L + 2 * CW + 0.12) / (W + 2 * CW + 0.12), 640);
      const m = CW + 0.06;
      view.fit(-m, -m, L + m, W + m, canvas.width, canvas.height, 4 * dpr);
      drawTable();
      const all = states();
      const cue = system.ball("cue");
      if (aiming && cue.state !== "pocketed") {
        const cx = view.sx(dx(cue)), cy = view.sy(dy(cue));
        const px = view.sx(aimX), py = view.sy(aimY);
        ctx.strokeStyle = "#d9b382";
        ctx.lineWidth = Math.max(3, 0.35 * R * view.scale);
        ctx.beginPath();
        const ux = px - cx, uy = py - cy, d = Math.hypot(ux, uy) || 1;
        ctx.moveTo(cx + (ux / d) * 1.3 * R * view.scale, cy + (uy / d) * 1.3 * R * view.scale);
        ctx.lineTo(px + (ux / d) * 0.6 * view.scale, py + (uy / d) * 0.6 * view.scale);
        ctx.stroke();
        if (strike !== null) {
          ctx.fillStyle = "#ffffff";
          ctx.font = `${Math.round(13 * dpr)}px system-ui, sans-serif`;
          ctx.textAlign = "left";
          ctx.textBaseline = "bottom";
          ctx.fillText(`${strike.V0.toFixed(2)} m/s`, px + 10 * dpr, py - 8 * dpr);
        }
      }
      if ((aiming || hint !== null) && prediction !== null) drawPrediction(prediction);
      for (const b of all) if (b.state !== "pocketed") drawBall(b);
      canvas.dataset.cue = cue.state === "pocketed" ? "" : `${(view.sx(dx(cue)) / dpr).toFixed(1)},${(view.sy(dy(cue)) / dpr).toFixed(1)}`;
      canvas.dataset.scale = String(view.scale / dpr);
      canvas.dataset.moving = String(moving());
      canvas.dataset.events = String(lastEvents.length);
      canvas.dataset.pocketed = String(pocketedCount);
    },
    stats(): [string, string][] {
      const all = states();
      const count = (s: string) => all.filter((b) => b.state === s).length;
      return [
        ["shots", String(shots)],
        ["balls sliding / rolling / spinning", `${count("sliding")} / ${count("rolling")} / ${count("spinning")}`],
        ["pocketed", String(pocketedCount)],
        ["contacts", String(collisions)],
        ["cue ball speed", `${Math.hypot(system.ball("cue").v[0], system.ball("cue").v[1]).toFixed(3)} m/s`],
      ];
    },
  };
}
