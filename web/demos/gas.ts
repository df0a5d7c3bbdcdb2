/**
 * Hard-disk gas: thousands of elastic disks in a box, all starting at the same speed in random
 * directions. Collisions spread the speeds until the histogram matches the two-dimensional
 * Maxwell-Boltzmann distribution (a Rayleigh distribution), f(v) = (v / s^2) exp(-v^2 / (2 s^2))
 * with s^2 = kT / m = E / (N m), fixed by the energy. The total kinetic energy is printed and
 * plotted as a relative deviation from its starting value: exact event-driven collisions keep
 * it constant to rounding (around 1e-15), with no time-step drift.
 */
import type { Scene, SceneBody, World2D } from "../../src/index.js";
import { drawHistogram, drawSeries } from "../lab/charts.js";
import { button, el, fitCanvas, type Demo, type DemoHost } from "../lab/demo.js";
import { Random } from "../lab/random.js";
import { Sim } from "../lab/sim.js";
import { drawWorld } from "../../src/exports/2d/draw.js";

const RADIUS = 0.5;
const AREA_FRACTION = 0.25;
const START_SPEED = 5;
const BINS = 32;
/** Speed colours, slow to fast. */
const PALETTE = ["#3a5a9a", "#3f86c8", "#4cc9f0", "#8be0c0", "#ffd166", "#f3722c", "#f72585"];

/** n disks on a jittered lattice (no overlaps) with speed START_SPEED in random directions. */
export function gasScene(n: number, seed: number): Scene {
  const rnd = new Random(seed);
  const L = Math.sqrt((n * Math.PI * RADIUS * RADIUS) / AREA_FRACTION);
  const side = Math.ceil(Math.sqrt(n));
  const pitch = L / side;
  const slack = (pitch - 2 * RADIUS) / 2;
  const dir = [0, 0];
  const bodies: SceneBody[] = [];
  for (let k = 0; k < n; k++) {
    const cx = (k % side) + 0.5, cy = Math.floor(k / side) + 0.5;
    rnd.direction2(dir);
    bodies.push({
      position: [cx * pitch + rnd.range(-slack, slack) * 0.99, cy * pitch + rnd.range(-slack, slack) * 0.99],
      velocity: [START_SPEED * dir[0], START_SPEED * dir[1]],
      radius: RADIUS,
    });
  }
  return {
    carom: 1,
    dimensions: 2,
    description: `Hard-disk gas from the carom lab: ${n} elastic disks of radius ${RADIUS} at area fraction ${AREA_FRACTION}, all at speed ${START_SPEED} in random directions.`,
    restitution: 1,
    bounds: { min: [0, 0], max: [L, L] },
    bodies,
  };
}

export function createGas(): Demo {
  let n = 3000;
  let sim = new Sim(gasScene(n, 7));
  let e0 = 0;
  const canvas = el("canvas");
  canvas.id = "gas-canvas";
  let ctx: CanvasRenderingContext2D;
  const histCanvas = el("canvas"), energyCanvas = el("canvas");
  histCanvas.id = "gas-histogram";
  energyCanvas.id = "gas-energy";
  const histText = el("div", "readout"), energyText = el("div", "readout");
  let colorIndex = new Uint8Array(n);
  const counts = new Float64Array(BINS), expected = new Float64Array(BINS);
  const drift: number[] = [];
  let maxDrift = 0;
  let distance = 1;

  const restart = (count: number): void => {
    n = count;
    sim = new Sim(gasScene(n, 7));
    demo.sim = sim;
    colorIndex = new Uint8Array(n);
    e0 = (sim.world as World2D).kineticEnergy();
    drift.length = 0;
    maxDrift = 0;
    measure();
  };

  /** Speed histogram, the Rayleigh counts per bin, and their total-variation distance. */
  const measure = (): void => {
    const w = sim.world as World2D;
    const s2 = w.kineticEnergy() / n; // kT / m with m = 1
    const vmax = 4 * Math.sqrt(s2);
    const bw = vmax / BINS;
    counts.fill(0);
    const vx = w.vx, vy = w.vy;
    for (let i = 0; i < n; i++) {
      const v = Math.sqrt(vx[i] * vx[i] + vy[i] * vy[i]);
      const k = Math.min(BINS - 1, Math.floor(v / bw));
      counts[k]++;
      colorIndex[i] = Math.min(PALETTE.length - 1, Math.floor((v / vmax) * 2 * PALETTE.length));
    }
    let tv = 0;
    for (let k = 0; k < BINS; k++) {
      // exact probability of the bin under the Rayleigh law (the last bin takes the tail)
      const a = k * bw, b = (k + 1) * bw;
      const p = Math.exp((-a * a) / (2 * s2)) - (k === BINS - 1 ? 0 : Math.exp((-b * b) / (2 * s2)));
      expected[k] = n * p;
      tv += Math.abs(counts[k] / n - p);
    }
    distance = tv / 2;
    const e = w.kineticEnergy();
    const rel = e0 === 0 ? 0 : (e - e0) / e0;
    maxDrift = Math.max(maxDrift, Math.abs(rel));
    drift.push(rel);
    if (drift.length > 600) drift.shift();
  };

  const demo = {
    title: "Hard-disk gas",
    about:
      "Thousands of elastic disks, all starting at the same speed. Every collision is found and resolved exactly, in time order; the speeds spread out until the histogram matches the two-dimensional Maxwell–Boltzmann (Rayleigh) curve in yellow. The kinetic energy stays at its starting value to rounding: the line below is its relative change.",
    frameDt: 1 / 60,
    sim,
    mount(host: DemoHost): void {
      host.stage.append(canvas);
      ctx = canvas.getContext("2d") as CanvasRenderingContext2D;
      const row = el("div", "row");
      for (const count of [1000, 3000, 6000]) {
        row.append(button(`${count} disks`, () => restart(count), `gas-${count}`));
      }
      host.controls.append(row);
      host.charts.append(el("div", "readout", "speed histogram vs Maxwell–Boltzmann (2D)"), histCanvas, histText, el("div", "readout", "kinetic energy: (E − E₀) / E₀"), energyCanvas, energyText);
      e0 = (sim.world as World2D).kineticEnergy();
      measure();
    },
    step(dt: number): void {
      sim.advance(dt);
      measure();
    },
    draw(): void {
      const w = sim.world as World2D;
      const L = w.maxX;
      const dpr = fitCanvas(canvas, 1, 680);
      // carom/2d/draw: the container and the disks, coloured by speed
      drawWorld(ctx, w, {
        region: [0, 0, L, L], margin: 2 * dpr, background: "#0f141b", boundsColor: "#3a4656", lineWidth: dpr / 1.5,
        bodyColor: (i) => PALETTE[colorIndex[i]], contacts: false,
      });
      drawHistogram(histCanvas, counts, expected, "speed →");
      const lim = Math.max(1e-14, maxDrift * 1.2);
      drawSeries(energyCanvas, drift, -lim, lim, `±${lim.toExponential(1)}`);
      histText.textContent = `distance to the curve (total variation): ${distance.toFixed(3)}`;
      energyText.textContent = `largest |E − E₀| / E₀ so far: ${maxDrift.toExponential(2)}`;
      canvas.dataset.distance = String(distance);
      canvas.dataset.maxDrift = String(maxDrift);
    },
    stats(): [string, string][] {
      return [
        ["disks", String(n)],
        ["distance to Maxwell–Boltzmann", distance.toFixed(3)],
        ["max energy drift", maxDrift.toExponential(2)],
      ];
    },
  };
  return demo;
}
