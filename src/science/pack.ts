/**
 * Jammed periodic packings by Lubachevsky–Stillinger growth: random dilute start, a short
 * thermalisation, then every radius grows in proportion, r_i(t) = r_i(0)(1 + g t), while the
 * velocities are rescaled to kT = 1 after every N collisions (growth heats the system); the
 * reduced pressure and the collision rate diverge as the packing jams, and the run stops when
 * the pressure measured over the last window reaches the target. The packing is then scaled so
 * that the radii are the ones asked for, and checked for overlaps.
 *
 * With the default growth rate (dσ/dt ≈ 0.02 σ_max at unit thermal speed) monodisperse spheres
 * jam near random close packing (φ ≈ 0.64) and 50:50 disks of radii 1 : 1.4 near φ ≈ 0.84, as in
 * Skoge, Donev, Stillinger and Torquato, Phys. Rev. E 74, 041127 (2006). Slower growth lets
 * monodisperse systems crystallise (denser); faster growth jams looser.
 */
import { checkKeys, HardSpheres } from "./hard-spheres.js";
import { ScienceRandom } from "./random.js";
import { checkScale, MAX_BODIES } from "./hard-spheres-options.js";
import { ballVolume, dimensionRoot, maxwellVelocities, power, randomPositions } from "./start.js";
import { classCounts } from "./fluid-start.js";

/** Options of {@link packJammed} and {@link Packer} (every key checked: an unknown one is a RangeError naming it). */
export interface PackOptions {
  /** 2 (discs) or 3 (spheres). */
  dimensions: 2 | 3;
  /** Number of bodies (an integer >= 2). */
  count: number;
  /** Radius of each size class (at least one). */
  radii: readonly number[];
  /** Number fraction of each class (default equal); normalised to sum 1. */
  fractions?: readonly number[];
  /** Seed of the random start (an integer). */
  seed: number;
  /** Stop when the reduced pressure Z reaches this (default 1e6). */
  targetPressure?: number;
  /** Or when the collision rate per body (per unit time at kT = 1, unit masses, lengths in largest diameters) reaches this (default Infinity). */
  targetCollisionRate?: number;
  /** Relative growth rate g per unit time at kT = 1, lengths in largest diameters (default 0.02). */
  growthRate?: number;
  /** Packing fraction of the random start (default 0.2 in 2D, 0.1 in 3D). */
  startFraction?: number;
  /** Give up (RangeError) after this many collisions (default 2e9). */
  maxCollisions?: number;
  /** Called after each window of N collisions. */
  onProgress?: (p: PackProgress) => void;
}

/** Where a packing run stands, after a window of N collisions. */
export interface PackProgress {
  /** Packing fraction now. */
  packingFraction: number;
  /** Reduced pressure Z over the last window. */
  pressure: number;
  /** Collisions so far. */
  collisions: number;
}

/** A finished packing. */
export interface PackResult {
  /** 2 (discs) or 3 (spheres). */
  dimensions: 2 | 3;
  /** Side of the cubic (square) periodic box [0, L)^d. */
  box: number[];
  /** Centres, d per body, inside the box. */
  positions: Float64Array;
  /** Radius of each body: its size class's radius, or a hair less (a relative change near 1e-9) when rounding in the final scaling left an overlap. */
  radii: Float64Array;
  /** Size class of each body (index into the radii option). */
  sizeClass: Int32Array;
  /** Packing fraction of the result: total body volume (area) over the box's. */
  packingFraction: number;
  /** Reduced pressure over the last window. */
  pressure: number;
  /** Collisions of the whole run. */
  collisions: number;
  /** The largest overlap left, as a fraction of the smaller radius (≤ 1e-9). */
  maxOverlap: number;
}

const KEYS = ["dimensions", "count", "radii", "fractions", "seed", "targetPressure", "targetCollisionRate", "growthRate", "startFraction", "maxCollisions", "onProgress"];

function positiveFinite(v: number, name: string): number {
  if (!(typeof v === "number" && v > 0 && v < Infinity)) throw new RangeError(`${name} must be a finite number > 0, got ${v}`);
  return v;
}

/** Packs in one call (see {@link Packer} to run it in steps). */
export function packJammed(options: PackOptions): PackResult {
  const packer = new Packer(options);
  while (!packer.step());
  return packer.result();
}

/**
 * A packing run in steps of N collisions, so a caller can show progress or stop between
 * steps: `while (!packer.step()) { … }`, then `packer.result()`.
 */
export class Packer {
  /** The growing system (read its state between steps). */
  readonly sim: HardSpheres;
  /** Reduced pressure over the last step. */
  pressure = 1;
  private readonly n: number;
  private readonly d: 2 | 3;
  private readonly side: number;
  private readonly target: number;
  private readonly targetRate: number;
  private readonly maxCollisions: number;
  private readonly sizeClass: Int32Array;
  private readonly radiiAsked: readonly number[];
  private readonly onProgress: ((p: PackProgress) => void) | undefined;
  private done = false;

  /** Places the bodies at random at startFraction; RangeError naming the field on an invalid option. */
  constructor(options: PackOptions) {
    checkKeys(options, KEYS, "packJammed");
    const d = options.dimensions;
    if (d !== 2 && d !== 3) throw new RangeError(`dimensions must be 2 or 3, got ${d}`);
    const n = options.count;
    if (!(Number.isInteger(n) && n >= 2 && n <= MAX_BODIES)) throw new RangeError(`count must be an integer from 2 to ${MAX_BODIES}, got ${n}`);
    if (!Array.isArray(options.radii) || options.radii.length === 0) throw new RangeError("radii must be a non-empty array");
    options.radii.forEach((r, k) => checkScale(positiveFinite(r, `radii[${k}]`), `radii[${k}]`));
    const fractions = options.fractions ?? options.radii.map(() => 1);
    if (!Array.isArray(fractions) || fractions.length !== options.radii.length) throw new RangeError(`fractions must have one entry per radius (${options.radii.length})`);
    fractions.forEach((f, k) => positiveFinite(f, `fractions[${k}]`));
    if (!Number.isInteger(options.seed)) throw new RangeError(`seed must be an integer, got ${options.seed}`);
    this.target = positiveFinite(options.targetPressure ?? 1e6, "targetPressure");
    // Past about 1e12 the collisions of a window pile up closer than doubles resolve in time.
    if (this.target > 1e12) throw new RangeError(`targetPressure must be at most 1e12 (beyond, a jammed packing's collisions come closer in time than doubles resolve), got ${this.target}`);
    this.targetRate = options.targetCollisionRate === undefined ? Infinity : positiveFinite(options.targetCollisionRate, "targetCollisionRate");
    const g = positiveFinite(options.growthRate ?? 0.02, "growthRate");
    if (!(g >= 1e-6 && g <= 1e30)) throw new RangeError(`growthRate must be in [1e-6, 1e30] (slower growth needs more than about 1e7 collisions per body to jam), got ${g}`);
    const phi0 = positiveFinite(options.startFraction ?? (d === 2 ? 0.2 : 0.1), "startFraction");
    if (phi0 >= 0.4) throw new RangeError(`startFraction must be below 0.4, got ${phi0}`);
    this.maxCollisions = positiveFinite(options.maxCollisions ?? 2e9, "maxCollisions");
    this.n = n;
    this.d = d;
    this.radiiAsked = options.radii;
    this.onProgress = options.onProgress;

    // Classes, largest first (random sequential addition places big bodies more easily).
    const counts = classCounts(n, fractions);
    const rMax = Math.max(...options.radii);
    const classes = options.radii.map((r, k) => k).sort((p, q) => options.radii[q] - options.radii[p] || p - q);
    this.sizeClass = new Int32Array(n);
    const rho = new Float64Array(n);
    let k = 0;
    for (const c of classes) for (let m = 0; m < counts[c]; m++, k++) {
      this.sizeClass[k] = c;
      rho[k] = options.radii[c] / (2 * rMax); // largest diameter 1 during the run
    }
    let volume = 0;
    for (let i = 0; i < n; i++) volume += ballVolume(d, rho[i]);
    const L = dimensionRoot(volume / phi0, d);
    // The largest diameter (1 now) grows by (φ_final / φ0)^(1/d); it must stay under half the box.
    if (dimensionRoot((d === 2 ? 0.91 : 0.75) / phi0, d) >= 0.45 * L) {
      throw new RangeError(`count ${n} is too small for a periodic packing of these radii (the box would end under 2.2 largest diameters wide)`);
    }
    this.side = L;
    const rng = new ScienceRandom(options.seed);
    const positions = randomPositions(d, rho, L, rng);
    const velocities = maxwellVelocities(d, n, 1, rng);
    const sim = (this.sim = new HardSpheres({ dimensions: d, box: Array<number>(d).fill(L), positions, velocities, radii: rho }));
    sim.advanceCollisions(5 * n);
    sim.rescaleVelocities(1);
    sim.growthRate = g;
  }

  /** The packing fraction now. */
  packingFraction(): number {
    let v = 0;
    for (let i = 0; i < this.n; i++) v += ballVolume(this.d, this.sim.radius(i));
    return v / power(this.side, this.d);
  }

  /** Runs N more collisions and rescales the velocities; true once the packing has jammed. */
  step(): boolean {
    if (this.done) return true;
    const sim = this.sim;
    sim.resetMeasurements();
    sim.advanceCollisions(this.n);
    this.pressure = sim.pressure();
    const rate = sim.collisionRate();
    if (!(this.pressure >= 0)) {
      // The window's collisions all came at one instant (no time to measure a pressure over).
      throw new RangeError(`packJammed: the last ${this.n} collisions came at one instant (packing fraction ${this.packingFraction()}) before the pressure reached targetPressure ${this.target}; ask for a lower one`);
    }
    sim.rescaleVelocities(1);
    this.onProgress?.({ packingFraction: this.packingFraction(), pressure: this.pressure, collisions: sim.stats.collisions });
    if (this.pressure >= this.target || rate >= this.targetRate) this.done = true;
    else if (sim.stats.collisions > this.maxCollisions) {
      throw new RangeError(`packJammed: no jam after ${sim.stats.collisions} collisions (pressure ${this.pressure}); raise maxCollisions or growthRate`);
    }
    return this.done;
  }

  /** The packing, scaled to the radii asked for, with no overlap beyond 1e-9 of a radius. */
  result(): PackResult {
    const { sim, n, d, sizeClass } = this;
    const f = this.radiiAsked[sizeClass[0]] / sim.radius(0);
    const side = this.side * f;
    const out = sim.positionsInto(new Float64Array(d * n));
    for (let q = 0; q < out.length; q++) {
      let x = out[q] * f;
      if (x >= side) x -= side;
      if (x < 0) x = 0;
      out[q] = x;
    }
    const radii = new Float64Array(n);
    for (let i = 0; i < n; i++) radii[i] = this.radiiAsked[sizeClass[i]];
    let overlap = maxOverlap(d, out, radii, side);
    if (overlap > 5e-10) {
      // Rounding in the final scaling: shrink every radius by the overlap (a relative change far below the packing's precision).
      const shrink = 1 - 2 * overlap;
      for (let i = 0; i < n; i++) radii[i] *= shrink;
      overlap = maxOverlap(d, out, radii, side);
    }
    let filled = 0;
    for (let i = 0; i < n; i++) filled += ballVolume(d, radii[i]);
    return {
      dimensions: d,
      box: Array<number>(d).fill(side),
      positions: out,
      radii,
      sizeClass,
      packingFraction: filled / power(side, d),
      pressure: this.pressure,
      collisions: sim.stats.collisions,
      maxOverlap: overlap,
    };
  }
}

/** The largest overlap of any pair (minimum image), as a fraction of the smaller radius (0 when none). */
export function maxOverlap(d: 2 | 3, positions: Float64Array, radii: Float64Array, side: number): number {
  const n = radii.length;
  let rMax = 0;
  for (let i = 0; i < n; i++) rMax = Math.max(rMax, radii[i]);
  const nc = Math.max(1, Math.floor(side / (2 * rMax)));
  const cellCount = d === 3 ? nc * nc * nc : nc * nc;
  const head = new Int32Array(cellCount).fill(-1);
  const next = new Int32Array(n);
  const cell = new Int32Array(3 * n);
  for (let i = 0; i < n; i++) {
    for (let a = 0; a < d; a++) cell[3 * i + a] = Math.min(nc - 1, Math.floor((positions[d * i + a] / side) * nc));
    const c = (cell[3 * i + 2] * nc + cell[3 * i + 1]) * nc + cell[3 * i];
    next[i] = head[c];
    head[c] = i;
  }
  const span = (c: number): number[] => (nc >= 3 ? [(c + nc - 1) % nc, c, (c + 1) % nc] : Array.from({ length: nc }, (_, q) => q));
  let worst = 0;
  for (let i = 0; i < n; i++) {
    for (const gz of d === 3 ? span(cell[3 * i + 2]) : [0]) for (const gy of span(cell[3 * i + 1])) for (const gx of span(cell[3 * i])) {
      for (let k = head[(gz * nc + gy) * nc + gx]; k >= 0; k = next[k]) {
        if (k <= i) continue;
        let dd = 0;
        for (let a = 0; a < d; a++) {
          let dx = positions[d * k + a] - positions[d * i + a];
          if (dx > side / 2) dx -= side; else if (dx < -side / 2) dx += side;
          dd += dx * dx;
        }
        const sig = radii[i] + radii[k];
        if (dd < sig * sig) worst = Math.max(worst, (sig - Math.sqrt(dd)) / Math.min(radii[i], radii[k]));
      }
    }
  }
  return worst;
}
