/**
 * Galton board under gravity: balls drain from a hopper onto staggered rows of fixed pegs and
 * bounce down into bins. A ball that reaches a bin leaves the simulation (World2D.removeBody)
 * and is drawn on the bin's stack, which keeps the world dilute and the page light. Under
 * gravity a ball's contact with a peg or a bin wall is the first root of a quartic in time
 * (parabola against circle or segment), which carom solves exactly. With twelve rows the landing
 * column is close to a binomial(12, 1/2) variable (a ball does not always go exactly one half
 * column left or right, so the match is loose); the chart compares.
 */
import type { Scene, SceneBody, SceneWall, World2D } from "../../src/index.js";
import { drawHistogram } from "../lab/charts.js";
import { button, el, fitCanvas, type Demo, type DemoHost } from "../lab/demo.js";
import { Random } from "../lab/random.js";
import { Sim } from "../lab/sim.js";
import { View2D } from "../lab/view2d.js";
import { drawWorld } from "../../src/exports/2d/draw.js";

const DX = 2.8;
const DY = (DX * Math.sqrt(3)) / 2;
const BINS = 15;
const ROWS = 12;
const W = BINS * DX;
const C = W / 2;
const BIN_HEIGHT = 24;
const PEG_RADIUS = 0.45;
const BALL_RADIUS = 0.6;
const TOP_ROW_Y = BIN_HEIGHT + 3 + (ROWS - 1) * DY;
const H = TOP_ROW_Y + 5;
const GRAVITY = -300;
const RESTITUTION = 0.5;
const BALLS = 200;
const DROP_EVERY = 4;
/** Height of a layer of the drawn stacks (two balls per layer, hexagonally offset). */
const LAYER = BALL_RADIUS * Math.sqrt(3);

/** Top of a bin's drawn stack of `count` balls. */
function stackTop(count: number): number {
  return count === 0 ? 0 : 2 * BALL_RADIUS + (Math.ceil(count / 2) - 1) * LAYER;
}

export function galtonScene(): Scene {
  const bodies: SceneBody[] = [];
  for (let r = 0; r < ROWS; r++) {
    const y = TOP_ROW_Y - r * DY;
    // row r has pegs at C + (j - r/2) DX: one on top, then full rows across the board
    const offset = r % 2 === 0 ? 0.5 : 0;
    for (let m = 0; m <= BINS; m++) {
      const x = (m + offset) * DX;
      // Rows with a peg on each side wall (half inside it) have the full set; the others skip the
      // pegs next to the walls, so that no gap between a peg and a wall can hold a ball.
      if (x > W || (offset > 0 && (m === 0 || m === BINS - 1))) continue;
      if (r === 0 && Math.abs(x - C) > 1e-9) continue;
      bodies.push({ id: `peg-${r}-${m}`, position: [x, y], radius: PEG_RADIUS, fixed: true, color: "#9aa4b1" });
    }
  }
  const walls: SceneWall[] = [];
  for (let k = 1; k < BINS; k++) walls.push({ id: `bin-${k}`, segment: [[k * DX, 0], [k * DX, BIN_HEIGHT]], color: "#8b98a8" });
  return {
    carom: 1,
    dimensions: 2,
    description: `Galton board from the carom lab: balls dropped onto ${ROWS} rows of pegs above ${BINS} bins, gravity ${GRAVITY}, restitution ${RESTITUTION}.`,
    gravity: [0, GRAVITY],
    restitution: RESTITUTION,
    bounds: { min: [0, 0], max: [W, H] },
    bodies,
    walls,
  };
}

/** P(k successes in n fair trials). */
function binomial(n: number, k: number): number {
  let p = 1;
  for (let i = 0; i < k; i++) p = (p * (n - i)) / (i + 1);
  return p / 2 ** n;
}

/**
 * World options for the board: the world's defaults (its resting rules settle balls that come to
 * rest, contacts part at no less than the resting speed), with a per-frame work limit.
 */
export const GALTON_OPTIONS = { maxEventsPerAdvance: 200_000 };

export function createGalton(): Demo {
  const scene = galtonScene();
  const sim = new Sim(scene, GALTON_OPTIONS);
  const world = (): World2D => sim.world as World2D;
  const pegs = scene.bodies.length;
  const rnd = new Random(12345);
  const view = new View2D();
  const canvas = el("canvas");
  canvas.id = "galton-canvas";
  let ctx: CanvasRenderingContext2D;
  const hist = el("canvas");
  hist.id = "galton-histogram";
  const readout = el("div", "readout");
  const counts = new Float64Array(BINS), expected = new Float64Array(BINS);
  let dropped = 0;
  let landed = 0;
  let frame = 0;
  let dropping = true;

  /** A new ball at the spout, unless the last one is still in the way. */
  const drop = (): void => {
    const w = world();
    const x = C + rnd.range(-0.2, 0.2), y = H - 1.5 * BALL_RADIUS;
    for (let i = pegs; i < w.n; i++) {
      if (w.ids[i] === undefined || w.indexOf(w.ids[i]) !== i) continue; // removed slot
      if ((w.x[i] - x) ** 2 + (w.y[i] - y) ** 2 < 4.5 * BALL_RADIUS * BALL_RADIUS) return;
    }
    w.addBody({ id: `ball-${dropped}`, x, y, vy: -12, radius: BALL_RADIUS });
    dropped++;
  };

  /**
   * A ball in a bin that is down to the top of the bin's stack (within the distance it may fall
   * in a frame) leaves the simulation and joins the stack.
   */
  const land = (): void => {
    const w = world();
    for (let i = pegs; i < w.n; i++) {
      if (w.indexOf(w.ids[i]) !== i || w.y[i] > BIN_HEIGHT) continue;
      const b = Math.min(BINS - 1, Math.max(0, Math.floor(w.x[i] / DX)));
      if (w.y[i] - BALL_RADIUS > stackTop(counts[b]) + 2) continue;
      counts[b]++;
      w.removeBody(i);
      landed++;
    }
    // a ball that goes half a column left or right at each of the 12 rows ends in bin 7 + (k - 6)
    for (let b = 0; b < BINS; b++) {
      const k = b - (BINS - 1) / 2 + ROWS / 2;
      expected[b] = k >= 0 && k <= ROWS && Number.isInteger(k) ? landed * binomial(ROWS, k) : 0;
    }
  };

  /** Draws bin b's count as a stack of balls, two per layer, offset like a hexagonal packing. */
  const drawStack = (b: number, count: number): void => {
    const r = BALL_RADIUS * view.scale;
    for (let k = 0; k < count; k++) {
      const layer = Math.floor(k / 2), slot = k % 2;
      const y = BALL_RADIUS + layer * LAYER;
      if (y > BIN_HEIGHT - BALL_RADIUS) break;
      const x = b * DX + DX / 2 + (slot - 0.5) * 2 * BALL_RADIUS * 1.08 + (layer % 2 === 0 ? -0.1 : 0.1);
      ctx.moveTo(view.sx(x) + r, view.sy(y));
      ctx.arc(view.sx(x), view.sy(y), r, 0, 2 * Math.PI);
    }
  };

  return {
    title: "Galton board",
    about:
      "Balls fall under gravity through rows of fixed pegs into bins. Every contact under gravity is the first root of a quartic (a parabola meeting a circle or a segment), solved exactly. A ball that reaches a bin leaves the simulation and is drawn on the bin's stack; the counts grow towards the binomial shape drawn in yellow (loosely: a ball does not always move exactly half a column per row).",
    frameDt: 1 / 60,
    sim,
    mount(host: DemoHost): void {
      host.stage.append(canvas);
      ctx = canvas.getContext("2d") as CanvasRenderingContext2D;
      const row = el("div", "row");
      const toggle = button("Stop dropping", () => {
        dropping = !dropping;
        toggle.textContent = dropping ? "Stop dropping" : "Drop balls";
      }, "galton-drop");
      row.append(toggle);
      host.controls.append(row);
      host.charts.append(el("div", "readout", "balls per bin vs binomial(12, ½)"), hist, readout);
    },
    step(dt: number): void {
      if (dropping && dropped < BALLS && frame % DROP_EVERY === 0) drop();
      frame++;
      sim.advance(dt);
      land();
    },
    draw(): void {
      const dpr = fitCanvas(canvas, W / H, 720);
      const w = world();
      // carom/2d/draw: walls in the scene's colours, pegs grey, balls yellow, the container
      const wallColors = (sim.template.walls ?? []).map((wall) => wall.color ?? "#8b98a8");
      const at = drawWorld(ctx, w, {
        region: [0, 0, W, H], margin: 3 * dpr, background: "#0f141b", boundsColor: "#3a4656", lineWidth: dpr,
        wallColor: (k) => wallColors[k], bodyColor: (i) => (i < pegs ? "#9aa4b1" : "#ffd166"), contacts: false,
      });
      view.scale = at.scale;
      view.ox = at.originX;
      view.oy = at.originY;
      // the balls that landed, stacked in their bins
      ctx.fillStyle = "#c9a24a";
      ctx.beginPath();
      for (let b = 0; b < BINS; b++) drawStack(b, counts[b]);
      ctx.fill();
      drawHistogram(hist, counts, expected, "bin →", "#ffd166");
      readout.textContent = `${landed} of ${dropped} balls in the bins`;
      canvas.dataset.dropped = String(dropped);
      canvas.dataset.landed = String(landed);
    },
    stats(): [string, string][] {
      return [
        ["balls dropped", `${dropped} / ${BALLS}`],
        ["balls falling", String(world().bodyCount - pegs)],
      ];
    },
  };
}
