/**
 * Hard-disk pressure and jamming, on carom/science's molecular dynamics engine: 1,024 disks of
 * unit diameter in a periodic box (no walls), kT = 1. The reduced pressure Z = PV/NkT comes
 * from the collision virial and is plotted against Henderson's equation of state,
 * Z = (1 + φ²/8) / (1 − φ)², at the chosen packing fraction φ; g(r) is drawn against the ideal
 * gas's 1. "Jam" grows every disk (Lubachevsky–Stillinger, velocities rescaled to kT = 1 as it
 * goes) until the pressure passes 1,000: the disks lock into a crystal-like jammed packing.
 */
import { formatScene, type Scene, type SceneBody } from "../../src/index.js";
import { HardSpheres, latticeStart, radialDistribution } from "../../src/exports/science.js";
import { drawHistogram, drawSeries } from "../lab/charts.js";
import { button, el, fitCanvas, type Demo, type DemoHost, type LabRun } from "../lab/demo.js";
import { HASH_SEED, hashCollision } from "../lab/event-hash.js";
import { View2D } from "../lab/view2d.js";

const COUNT = 1024;
const FRACTIONS = [0.3, 0.45, 0.6, 0.7];
/** Frames between pressure readings (each window's Z is one point of the chart; while jamming, every frame). */
const WINDOW = 30;
/** Growth rate while jamming (relative radius growth per unit time), and the pressure that ends it. */
const GROWTH = 0.02;
const JAMMED = 1000;
/** Rounds of N collisions per frame while jamming. */
const JAM_ROUNDS = 4;
const BINS = 60;

/** Henderson's equation of state for hard disks (within about 0.5% of simulations up to φ = 0.7). */
export function hendersonZ(phi: number): number {
  return (1 + (phi * phi) / 8) / ((1 - phi) * (1 - phi));
}

/** A HardSpheres run as the lab shell sees it: totals, a hash of every collision, export. */
export class FluidRun implements LabRun {
  readonly sim: HardSpheres;
  hash = HASH_SEED;
  collisions = 0;
  lastCollisions = 0;
  lastWork = 0;
  complete = true;

  constructor(phi: number) {
    this.sim = new HardSpheres(latticeStart({ dimensions: 2, count: COUNT, packingFraction: phi, seed: 11 }));
    this.sim.onCollision = (i, j, t, impulse) => {
      this.hash = hashCollision(this.hash, i, j, t, impulse);
    };
  }

  get now(): number {
    return this.sim.time;
  }

  get bodyCount(): number {
    return this.sim.count;
  }

  advance(dt: number): void {
    this.account(() => this.sim.advance(dt));
  }

  /** Runs `count` collisions, whatever time they take (bounded work near a jam). */
  advanceCollisions(count: number): void {
    this.account(() => this.sim.advanceCollisions(count));
  }

  private account(run: () => void): void {
    const before = this.sim.stats.collisions;
    const events = this.events();
    run();
    this.lastCollisions = this.sim.stats.collisions - before;
    this.lastWork = this.events() - events;
    this.collisions += this.lastCollisions;
  }

  private events(): number {
    const s = this.sim.stats;
    return s.collisions + s.stale + s.shellExits + s.thermostatKicks;
  }

  /** The packing fraction now (radii grow while jamming). */
  packingFraction(): number {
    const r = this.sim.radiiInto(new Float64Array(COUNT));
    let area = 0;
    for (let i = 0; i < COUNT; i++) area += Math.PI * r[i] * r[i];
    return area / (this.sim.box[0] * this.sim.box[1]);
  }

  /** The state now as a scene with periodic bounds (open it with carom run). */
  exportText(): string {
    const p = this.sim.positionsInto(new Float64Array(2 * COUNT));
    const v = this.sim.velocitiesInto(new Float64Array(2 * COUNT));
    const r = this.sim.radiiInto(new Float64Array(COUNT));
    const bodies: SceneBody[] = [];
    for (let i = 0; i < COUNT; i++) bodies.push({ id: String(i), position: [p[2 * i], p[2 * i + 1]], velocity: [v[2 * i], v[2 * i + 1]], radius: r[i] });
    const L = this.sim.box[0];
    const scene: Scene = {
      carom: 1,
      dimensions: 2,
      description: `Hard-disk fluid from the carom lab at t = ${this.now}: ${COUNT} disks, packing fraction ${this.packingFraction()}, periodic box.`,
      time: this.now,
      restitution: 1,
      bounds: { min: [0, 0], max: [L, L], periodic: true },
      bodies,
    };
    return formatScene(scene);
  }
}

export function createFluid(): Demo {
  let phi = 0.45;
  let run = new FluidRun(phi);
  let jamming = false, jammed = false;
  let frames = 0;
  /** Z of each window (or log10 Z while jamming), and the running mean since the last reset. */
  const series: number[] = [];
  let z = NaN, zMean = NaN, windows = 0, zSum = 0;
  let g: Float64Array = new Float64Array(BINS);
  const ideal = new Float64Array(BINS).fill(1);
  const view = new View2D();
  const canvas = el("canvas"), pressureCanvas = el("canvas"), gCanvas = el("canvas");
  canvas.id = "fluid-canvas";
  pressureCanvas.id = "fluid-pressure";
  gCanvas.id = "fluid-rdf";
  const pressureText = el("div", "readout"), gText = el("div", "readout");
  let ctx: CanvasRenderingContext2D;
  const pos = new Float64Array(2 * COUNT), rad = new Float64Array(COUNT);

  const restart = (fraction: number): void => {
    phi = fraction;
    jamming = jammed = false;
    run = new FluidRun(phi);
    demo.sim = run;
    frames = 0;
    series.length = 0;
    z = zMean = NaN;
    windows = zSum = 0;
    measureStructure();
  };

  const jam = (): void => {
    if (jamming || jammed) return;
    jamming = true;
    series.length = 0;
    run.sim.growthRate = GROWTH;
    run.sim.resetMeasurements();
  };

  const measureStructure = (): void => {
    g = radialDistribution(run.sim, BINS, 3).g;
  };

  const demo = {
    title: "Pressure & jamming",
    about:
      "1,024 hard disks in a periodic box, run by carom/science's event-driven molecular dynamics. The pressure comes from the collisions themselves (the virial of their impulses) and settles on Henderson's equation of state for the chosen packing fraction; g(r) shows the shells of neighbours. Jam grows every disk until the pressure passes 1,000: the fluid locks into a packing.",
    frameDt: 1 / 60,
    sim: run as LabRun,
    mount(host: DemoHost): void {
      host.stage.append(canvas);
      ctx = canvas.getContext("2d") as CanvasRenderingContext2D;
      const row = el("div", "row");
      for (const f of FRACTIONS) row.append(button(`φ = ${f.toFixed(2)}`, () => restart(f), `fluid-${Math.round(f * 100)}`));
      row.append(button("Jam", jam, "fluid-jam"));
      host.controls.append(row);
      host.charts.append(el("div", "readout", "pressure Z = PV / NkT per window"), pressureCanvas, pressureText, el("div", "readout", "radial distribution g(r), r in diameters (line: ideal gas)"), gCanvas, gText);
      measureStructure();
    },
    step(dt: number): void {
      const sim = run.sim;
      frames++;
      if (jamming) {
        // Lubachevsky–Stillinger as carom/science's Packer runs it: rounds of N collisions (the
        // clock moves as far as they take it, so a frame's work stays bounded however close
        // the jam), Z over each round, kT back to 1 (growth heats the disks), stop past 1,000
        for (let round = 0; round < JAM_ROUNDS && jamming; round++) {
          sim.resetMeasurements();
          run.advanceCollisions(COUNT);
          z = sim.pressure();
          sim.rescaleVelocities(1);
          series.push(Math.log10(Math.max(1, z)));
          if (series.length > 300) series.shift();
          if (z > JAMMED) {
            sim.growthRate = 0;
            jamming = false;
            jammed = true;
          }
        }
        sim.resetMeasurements();
        if (!jamming || frames % WINDOW === 0) measureStructure();
        return;
      }
      run.advance(dt);
      if (frames % WINDOW !== 0) return;
      z = sim.pressure();
      sim.resetMeasurements();
      // the first window melts the lattice; then one running mean over the windows
      if (!jammed && frames > WINDOW) {
        windows++;
        zSum += z;
        zMean = zSum / windows;
        series.push(z / hendersonZ(phi) - 1);
        if (series.length > 300) series.shift();
      }
      measureStructure();
    },
    draw(): void {
      const sim = run.sim, L = sim.box[0];
      const dpr = fitCanvas(canvas, 1, 680);
      view.fit(0, 0, L, L, canvas.width, canvas.height, 2 * dpr);
      ctx.fillStyle = "#0f141b";
      ctx.fillRect(0, 0, canvas.width, canvas.height);
      ctx.save();
      ctx.beginPath();
      ctx.rect(view.sx(0), view.sy(L), L * view.scale, L * view.scale);
      ctx.clip();
      sim.positionsInto(pos);
      sim.radiiInto(rad);
      ctx.fillStyle = jamming ? "#f3722c" : "#4cc9f0";
      ctx.beginPath();
      for (let i = 0; i < COUNT; i++) {
        const r = rad[i], x0 = pos[2 * i], y0 = pos[2 * i + 1];
        // a disk across the boundary shows on both sides (its periodic images)
        const nx = x0 < r || x0 > L - r ? 2 : 1, shiftX = x0 < r ? L : -L;
        const ny = y0 < r || y0 > L - r ? 2 : 1, shiftY = y0 < r ? L : -L;
        for (let a = 0; a < nx; a++) {
          for (let b = 0; b < ny; b++) {
            const x = view.sx(x0 + a * shiftX), y = view.sy(y0 + b * shiftY), R = r * view.scale * 0.98;
            ctx.moveTo(x + R, y);
            ctx.arc(x, y, R, 0, 2 * Math.PI);
          }
        }
      }
      ctx.fill();
      ctx.restore();
      ctx.strokeStyle = "#3a4656";
      ctx.lineWidth = dpr;
      ctx.strokeRect(view.sx(0), view.sy(L), L * view.scale, L * view.scale);
      const fraction = run.packingFraction();
      if (jamming || jammed) {
        drawSeries(pressureCanvas, series, 0, 4, "log10 Z while growing (0 to 4)", "#f3722c");
        pressureText.textContent = `φ = ${fraction.toFixed(4)}, Z = ${Number.isNaN(z) ? "…" : z.toPrecision(4)}${jamming ? " (growing)" : " (jammed: Z > 1,000)"}`;
      } else {
        drawSeries(pressureCanvas, series, -0.05, 0.05, "Z / Henderson − 1 (±5%)");
        const ref = hendersonZ(phi);
        pressureText.textContent = `φ = ${phi.toFixed(2)}: Z = ${Number.isNaN(zMean) ? "…" : zMean.toFixed(3)} over ${windows} windows; Henderson ${ref.toFixed(3)}`;
      }
      drawHistogram(gCanvas, g, ideal, "r → (0 to 3 diameters)", "#06d6a0");
      let peak = 0;
      for (let k = 0; k < BINS; k++) peak = Math.max(peak, g[k]);
      gText.textContent = `g(r) peak ${peak.toFixed(2)} at contact`;
      canvas.dataset.phi = String(fraction);
      canvas.dataset.z = String(zMean);
      canvas.dataset.zRef = String(hendersonZ(phi));
      canvas.dataset.windows = String(windows);
      canvas.dataset.lastZ = String(z);
      canvas.dataset.jamming = String(jamming);
    },
    stats(): [string, string][] {
      return [
        ["packing fraction", run.packingFraction().toFixed(4)],
        ["pressure Z", Number.isNaN(z) ? "…" : z.toPrecision(4)],
      ];
    },
  };
  return demo;
}
