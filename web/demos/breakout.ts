/**
 * Breakout at absurd speed, twice. Left: carom's World2D, where the ball's path inside a frame
 * is a chain of exact contacts (every bounce found in time order, however many there are); the
 * swept path of the frame is drawn and the impacts are counted. Right: the same arena stepped
 * the way many games do it, "move, then test overlap once per frame", which lets a fast ball
 * jump over thin walls and out of the arena. Both sides have the same walls (boxes 0.3 units
 * thick), bricks, ball and speed. A brick hit during a frame is removed at the end of that
 * frame (on both sides).
 */
import { HIT_WALL, type Scene, type SceneWall, type World2D } from "../../src/index.js";
import { drawBars } from "../lab/charts.js";
import { button, el, fitCanvas, slider, type Demo, type DemoHost } from "../lab/demo.js";
import { Sim } from "../lab/sim.js";
import { View2D } from "../lab/view2d.js";
import { drawWorld } from "../../src/exports/2d/draw.js";

const W = 12, H = 16, T = 0.3, R = 0.2;
const ROWS = 6, COLS = 10, BW = 1.0, BH = 0.45, GAP = 0.12, BRICK_Y = 10.5;
const START_X = 6, START_Y = 3;
/** Direction of the first shot (not axis-aligned, so the ball covers the arena). */
const DIR_X = 0.3826834323650898, DIR_Y = 0.9238795325112867;
const ROW_COLORS = ["#f72585", "#f3722c", "#ffd166", "#06d6a0", "#4cc9f0", "#b5a4ff"];

interface Box {
  id: string;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  color: string;
}

const ARENA: Box[] = [
  { id: "wall-left", x0: -T, y0: -T, x1: 0, y1: H + T, color: "#8b98a8" },
  { id: "wall-right", x0: W, y0: -T, x1: W + T, y1: H + T, color: "#8b98a8" },
  { id: "wall-bottom", x0: 0, y0: -T, x1: W, y1: 0, color: "#8b98a8" },
  { id: "wall-top", x0: 0, y0: H, x1: W, y1: H + T, color: "#8b98a8" },
];

function bricks(): Box[] {
  const out: Box[] = [];
  const x0 = (W - (COLS * BW + (COLS - 1) * GAP)) / 2;
  for (let row = 0; row < ROWS; row++) {
    for (let col = 0; col < COLS; col++) {
      const x = x0 + col * (BW + GAP), y = BRICK_Y + row * (BH + GAP);
      out.push({ id: `brick-${row}-${col}`, x0: x, y0: y, x1: x + BW, y1: y + BH, color: ROW_COLORS[row] });
    }
  }
  return out;
}

/** True when the disk (x, y, r) reaches into the box. */
function touches(b: Box, x: number, y: number, r: number): boolean {
  const qx = Math.min(Math.max(x, b.x0), b.x1), qy = Math.min(Math.max(y, b.y0), b.y1);
  return (x - qx) ** 2 + (y - qy) ** 2 < r * r;
}

function wallOf(b: Box): SceneWall {
  return { id: b.id, box: { min: [b.x0, b.y0], max: [b.x1, b.y1] }, color: b.color };
}

function breakoutScene(speed: number): Scene {
  return {
    carom: 1,
    dimensions: 2,
    description: "Breakout from the carom lab: a ball among thin box walls and bricks, no gravity, elastic.",
    restitution: 1,
    bodies: [{ id: "ball", position: [START_X, START_Y], velocity: [DIR_X * speed, DIR_Y * speed], radius: R, color: "#ffffff" }],
    walls: [...ARENA, ...bricks()].map(wallOf),
  };
}

/** The naive twin: positions jump by v dt, then one overlap test against every box. */
class NaiveBreakout {
  x = START_X;
  y = START_Y;
  vx: number;
  vy: number;
  prevX = START_X;
  prevY = START_Y;
  alive: Box[] = bricks();
  escapes = 0;
  hitsLastFrame = 0;
  flash = 0;
  /** The jump that took the ball out (from, to), drawn while `flash` lasts. */
  escapeFrom = [0, 0];
  escapeTo = [0, 0];

  constructor(speed: number) {
    this.vx = DIR_X * speed;
    this.vy = DIR_Y * speed;
  }

  setSpeed(speed: number): void {
    const s = Math.hypot(this.vx, this.vy);
    this.vx *= speed / s;
    this.vy *= speed / s;
  }

  step(dt: number): void {
    this.prevX = this.x;
    this.prevY = this.y;
    this.x += this.vx * dt;
    this.y += this.vy * dt;
    this.hitsLastFrame = 0;
    const hit = (b: Box): boolean => {
      if (!touches(b, this.x, this.y, R)) return false;
      // push out along the axis of least penetration and reflect that velocity component
      const left = this.x + R - b.x0, right = b.x1 - (this.x - R), down = this.y + R - b.y0, up = b.y1 - (this.y - R);
      const m = Math.min(left, right, down, up);
      if (m === left) { this.x -= left; this.vx = -Math.abs(this.vx); }
      else if (m === right) { this.x += right; this.vx = Math.abs(this.vx); }
      else if (m === down) { this.y -= down; this.vy = -Math.abs(this.vy); }
      else { this.y += up; this.vy = Math.abs(this.vy); }
      this.hitsLastFrame++;
      return true;
    };
    for (const b of ARENA) hit(b);
    this.alive = this.alive.filter((b) => !hit(b));
    if (this.alive.length === 0) this.alive = bricks().filter((b) => !touches(b, this.x, this.y, R));
    if (this.flash > 0) this.flash--;
    if (this.x < -T - R || this.x > W + T + R || this.y < -T - R || this.y > H + T + R) {
      // through a wall and out of the arena: count it and serve again
      this.escapes++;
      this.flash = 30;
      this.escapeFrom = [this.prevX, this.prevY];
      this.escapeTo = [this.x, this.y];
      const s = Math.hypot(this.vx, this.vy);
      this.prevX = this.x = START_X;
      this.prevY = this.y = START_Y;
      this.vx = DIR_X * s;
      this.vy = DIR_Y * s;
    }
  }
}

export function createBreakout(): Demo {
  let speed = 3000;
  const sim = new Sim(breakoutScene(speed), { maxEventsPerAdvance: 2_000_000 });
  const world = (): World2D => sim.world as World2D;
  const naive = new NaiveBreakout(speed);
  const left = el("canvas"), right = el("canvas");
  left.id = "breakout-carom";
  right.id = "breakout-naive";
  const capLeft = el("figcaption"), capRight = el("figcaption");
  let ctxL: CanvasRenderingContext2D, ctxR: CanvasRenderingContext2D;
  const view = new View2D();
  /** Centres of the ball along this frame's path (start, every contact, end). */
  let path: number[] = [START_X, START_Y];
  let impacts = 0;
  let maxImpacts = 0;
  let escapes = 0;
  const history: number[] = [];
  const bars = el("canvas");
  const big = el("div", "big", "0");
  const readout = el("div", "readout");

  const brickColor = new Map<string, string>();
  for (const b of bricks()) brickColor.set(b.id, b.color);

  const drawArena = (ctx: CanvasRenderingContext2D, boxes: Iterable<Box>): void => {
    ctx.fillStyle = "#0f141b";
    ctx.fillRect(0, 0, ctx.canvas.width, ctx.canvas.height);
    for (const b of boxes) {
      ctx.fillStyle = b.color;
      ctx.fillRect(view.sx(b.x0), view.sy(b.y1), (b.x1 - b.x0) * view.scale, (b.y1 - b.y0) * view.scale);
    }
  };

  const caromBoxes = (): Box[] => {
    const out: Box[] = [];
    for (const wall of sim.template.walls ?? []) {
      if (wall.box === undefined) continue;
      out.push({ id: wall.id ?? "", x0: wall.box.min[0], y0: wall.box.min[1], x1: wall.box.max[0], y1: wall.box.max[1], color: wall.color ?? "#8b98a8" });
    }
    return out;
  };

  return {
    title: "Breakout at absurd speed",
    about:
      "The same arena twice, at a speed where the ball crosses the arena several times per frame. Left, carom: each frame the ball's swept path (a chain of exact contacts, drawn) and the impacts in it, counted. Right, the usual game loop: move the ball, then test overlap once per frame; the ball jumps over the thin walls and escapes.",
    frameDt: 1 / 60,
    sim,
    mount(host: DemoHost): void {
      const pair = el("div", "pair");
      const f1 = el("figure"), f2 = el("figure");
      f1.append(left, capLeft);
      f2.append(right, capRight);
      pair.append(f1, f2);
      host.stage.append(pair);
      ctxL = left.getContext("2d") as CanvasRenderingContext2D;
      ctxR = right.getContext("2d") as CanvasRenderingContext2D;
      host.controls.append(
        slider("ball speed (log10)", 1, 4.7, 0.1, Math.log10(speed), (v) => {
          speed = Math.round(10 ** v);
          const w = world();
          const s = Math.hypot(w.vx[0], w.vy[0]);
          w.setVelocity(0, (w.vx[0] / s) * speed, (w.vy[0] / s) * speed);
          naive.setSpeed(speed);
        }, "breakout-speed"),
      );
      const row = el("div", "row");
      row.append(button("New bricks", () => {
        const w = world();
        const keep = (b: Box): boolean => !touches(b, w.x[0], w.y[0], R);
        const scene = sim.scene();
        scene.walls = [...ARENA, ...bricks().filter(keep)].map(wallOf);
        sim.replace(scene);
        naive.alive = bricks().filter((b) => !touches(b, naive.x, naive.y, R));
      }));
      host.controls.append(row);
      bars.id = "breakout-impacts";
      host.charts.append(el("div", "readout", "carom: impacts in the last frame"), big, bars, readout);
    },
    step(dt: number): void {
      const w = world();
      path = [w.x[0], w.y[0]];
      sim.advance(dt);
      const ev = w.events;
      const hit = new Set<string>();
      for (let k = 0; k < ev.count; k++) {
        // the ball's centre at the contact: the contact point minus r along the normal (ball -> wall)
        path.push(ev.px[k] - R * ev.nx[k], ev.py[k] - R * ev.ny[k]);
        if (ev.kind[k] === HIT_WALL) {
          const id = w.wallIds[ev.b[k]];
          if (id.startsWith("brick")) hit.add(id);
        }
      }
      path.push(w.x[0], w.y[0]);
      impacts = ev.count;
      maxImpacts = Math.max(maxImpacts, impacts);
      history.push(impacts);
      if (history.length > 120) history.shift();
      if (w.x[0] < -T || w.x[0] > W + T || w.y[0] < -T || w.y[0] > H + T) escapes++; // never expected
      if (hit.size > 0) {
        const scene = sim.scene();
        let walls = (scene.walls ?? []).filter((wall) => !hit.has(wall.id ?? ""));
        if (walls.length === ARENA.length) walls = [...ARENA, ...bricks().filter((b) => !touches(b, w.x[0], w.y[0], R))].map(wallOf);
        scene.walls = walls;
        sim.replace(scene);
      }
      naive.step(dt);
    },
    draw(): void {
      const dpr = fitCanvas(left, (W + 2 * T) / (H + 2 * T), 620);
      fitCanvas(right, (W + 2 * T) / (H + 2 * T), 620);
      view.fit(-T, -T, W + T, H + T, left.width, left.height, 4 * dpr);
      const w = world();
      // carom side: the world drawn by carom/2d/draw (walls in the scene's colours, the ball, this
      // frame's contacts in yellow), then the ball's swept path over it
      const colors = (sim.template.walls ?? []).map((wall) => wall.color ?? "#8b98a8");
      const at = drawWorld(ctxL, w, {
        region: [-T, -T, W + T, H + T], margin: 4 * dpr, background: "#0f141b", boundsColor: null,
        wallColor: (k) => colors[k], bodyColor: () => "#ffffff", contactColor: "#ffd166", lineWidth: Math.max(1, dpr),
      });
      view.scale = at.scale;
      view.ox = at.originX;
      view.oy = at.originY;
      ctxL.lineJoin = "round";
      ctxL.lineCap = "round";
      ctxL.strokeStyle = "rgba(76, 201, 240, 0.22)";
      ctxL.lineWidth = 2 * R * view.scale;
      ctxL.beginPath();
      for (let k = 0; k < path.length; k += 2) {
        if (k === 0) ctxL.moveTo(view.sx(path[k]), view.sy(path[k + 1]));
        else ctxL.lineTo(view.sx(path[k]), view.sy(path[k + 1]));
      }
      ctxL.stroke();
      ctxL.strokeStyle = "rgba(76, 201, 240, 0.9)";
      ctxL.lineWidth = Math.max(1, dpr);
      ctxL.stroke();
      // naive side
      drawArena(ctxR, [...ARENA, ...naive.alive]);
      ctxR.strokeStyle = "rgba(255, 107, 107, 0.8)";
      ctxR.lineWidth = Math.max(1, dpr);
      ctxR.setLineDash([6 * dpr, 5 * dpr]);
      ctxR.beginPath();
      ctxR.moveTo(view.sx(naive.prevX), view.sy(naive.prevY));
      ctxR.lineTo(view.sx(naive.x), view.sy(naive.y));
      ctxR.stroke();
      if (naive.flash > 0) {
        ctxR.strokeStyle = `rgba(255, 107, 107, ${naive.flash / 30})`;
        ctxR.beginPath();
        ctxR.moveTo(view.sx(naive.escapeFrom[0]), view.sy(naive.escapeFrom[1]));
        ctxR.lineTo(view.sx(naive.escapeTo[0]), view.sy(naive.escapeTo[1]));
        ctxR.stroke();
      }
      ctxR.setLineDash([]);
      ctxR.fillStyle = "#ffffff";
      ctxR.beginPath();
      ctxR.arc(view.sx(naive.x), view.sy(naive.y), R * view.scale, 0, 2 * Math.PI);
      ctxR.fill();
      if (naive.flash > 0) {
        ctxR.fillStyle = `rgba(255, 107, 107, ${naive.flash / 30})`;
        ctxR.font = `bold ${Math.round(22 * dpr)}px system-ui, sans-serif`;
        ctxR.textAlign = "center";
        ctxR.fillText("escaped through a wall", right.width / 2, right.height / 2);
      }
      capLeft.innerHTML = `<b>carom</b>: ${impacts} impacts this frame, ball never left the arena${escapes > 0 ? ` (left it ${escapes} times!)` : ""}`;
      capRight.innerHTML = `<b>naive overlap test</b>: ${naive.hitsLastFrame} hits this frame, escaped <b>${naive.escapes}</b> times`;
      big.textContent = String(impacts);
      readout.textContent = `most in one frame: ${maxImpacts}; bricks left: carom ${caromBoxes().length - ARENA.length}, naive ${naive.alive.length}`;
      drawBars(bars, history, "impacts per frame, last 2 s");
      left.dataset.impacts = String(impacts);
      left.dataset.escapes = String(escapes);
      right.dataset.escapes = String(naive.escapes);
    },
    stats(): [string, string][] {
      return [
        ["ball speed", `${speed} units/s`],
        ["impacts this frame", String(impacts)],
        ["naive escapes", String(naive.escapes)],
      ];
    },
  };
}
