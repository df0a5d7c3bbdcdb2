/**
 * Fluid starts (what `carom lattice` writes): bodies on a lattice at the packing fraction asked
 * for, melted by an elastic run, with Maxwell–Boltzmann velocities of zero total momentum at
 * exactly the temperature asked for. One or several sizes (and masses) in given number fractions,
 * placed on the lattice sites in a seeded random order. When the lattice cannot hold the largest
 * bodies at the target (a dense mixture), it is filled with smaller ones that grow to their
 * size (Lubachevsky–Stillinger) before the melt.
 */
import { checkKeys, HardSpheres, type HardSpheresOptions } from "./hard-spheres.js";
import { checkScale, MAX_BODIES } from "./hard-spheres-options.js";
import { ScienceRandom } from "./random.js";
import { ballVolume, dimensionRoot, latticeSites, maxwellVelocities } from "./start.js";

/** Options of {@link fluidStart} (every key checked). */
export interface FluidStartOptions {
  /** 2 (disks) or 3 (spheres). */
  dimensions: 2 | 3;
  /** Number of bodies (1 to 2^22). */
  count: number;
  /** Fraction of the box the bodies fill, in (0, 1). */
  packingFraction: number;
  /** kT of the velocities (default 1). */
  temperature?: number;
  /** Seed of the sizes' order, the velocities and the melt (an integer). */
  seed: number;
  /** Radius of each size class (default [0.5]: unit diameter). */
  radii?: readonly number[];
  /** Number fraction of each class (default equal). */
  fractions?: readonly number[];
  /** Mass of each class (default 1 for every class). */
  masses?: readonly number[];
  /** Collisions per body of the melting run (default 20; 0 keeps the lattice). */
  melt?: number;
}

/** Collisions per body the growth to a dense target may take before the start is called jammed. */
const GROWTH_BUDGET = 2000;

const KEYS = ["dimensions", "count", "packingFraction", "temperature", "seed", "radii", "fractions", "masses", "melt"];

/** The start, as HardSpheres options (box, positions, velocities, radii and masses per body): `new HardSpheres(fluidStart(…))`. */
export interface FluidStart extends HardSpheresOptions {
  radii: Float64Array;
  masses: Float64Array;
  velocities: Float64Array;
  positions: Float64Array;
}

/** How many bodies of each class: the largest remainders get the leftovers (deterministic). */
export function classCounts(count: number, fractions: readonly number[]): number[] {
  const total = fractions.reduce((x, y) => x + y, 0);
  const exact = fractions.map((f) => (f / total) * count);
  const counts = exact.map(Math.floor);
  let left = count - counts.reduce((x, y) => x + y, 0);
  const order = exact.map((e, k) => [e - Math.floor(e), k]).sort((p, q) => q[0] - p[0] || p[1] - q[1]);
  for (let k = 0; left > 0; k++, left--) counts[order[k % order.length][1]]++;
  return counts;
}

function classList(values: readonly number[] | undefined, classes: number, fallback: number, name: string): number[] {
  const v = values ?? Array<number>(classes).fill(fallback);
  if (!Array.isArray(v) || v.length !== classes) throw new RangeError(`${name} must hold one number per size class (${classes}), got ${Array.isArray(v) ? v.length : typeof v}`);
  v.forEach((x, k) => {
    if (!(typeof x === "number" && x > 0 && x < Infinity)) throw new RangeError(`${name}[${k}] must be a finite number > 0, got ${x}`);
    checkScale(x, `${name}[${k}]`);
  });
  return [...v];
}

/** A melted-lattice fluid start (see the file's comment). A RangeError names the option that is wrong. */
export function fluidStart(options: FluidStartOptions): FluidStart {
  if (options === null || typeof options !== "object") throw new RangeError("options must be an object");
  checkKeys(options, KEYS, "fluidStart");
  const d = options.dimensions;
  if (d !== 2 && d !== 3) throw new RangeError(`dimensions must be 2 or 3, got ${d}`);
  const n = options.count;
  if (!(Number.isInteger(n) && n >= 1 && n <= MAX_BODIES)) throw new RangeError(`count must be an integer from 1 to ${MAX_BODIES}, got ${n}`);
  const phi = options.packingFraction;
  if (!(phi > 0 && phi < 1)) throw new RangeError(`packingFraction must be in (0, 1), got ${phi}`);
  // (no packing of equal disks or spheres is denser than the hexagonal one and FCC)
  const closest = d === 3 ? Math.PI / Math.sqrt(18) : Math.PI / Math.sqrt(12);
  if (!(phi < closest) && (options.radii === undefined || options.radii.length === 1)) throw new RangeError(`packingFraction ${phi} is above close packing of equal ${d === 3 ? "spheres (FCC, 0.7405)" : "disks (hexagonal, 0.9069)"}`);
  const kT = options.temperature ?? 1;
  if (!(kT > 0 && kT < Infinity)) throw new RangeError(`temperature must be a finite number > 0, got ${kT}`);
  checkScale(kT, "temperature");
  if (!Number.isInteger(options.seed)) throw new RangeError(`seed must be an integer, got ${options.seed}`);
  const radii = classList(options.radii, options.radii?.length ?? 1, 0.5, "radii");
  const classes = radii.length;
  const fractions = classList(options.fractions, classes, 1, "fractions");
  const masses = classList(options.masses, classes, 1, "masses");
  const melt = options.melt ?? 20;
  if (!(Number.isInteger(melt) && melt >= 0 && melt <= 1e6)) throw new RangeError(`melt must be an integer from 0 to 1e6 (collisions per body), got ${melt}`);
  const rng = new ScienceRandom(options.seed);

  // sizes in a seeded random order over the sites
  const counts = classCounts(n, fractions);
  const sizeClass = new Int32Array(n);
  for (let c = 0, k = 0; c < classes; c++) for (let q = 0; q < counts[c]; q++) sizeClass[k++] = c;
  for (let i = n - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    const t = sizeClass[i];
    sizeClass[i] = sizeClass[j];
    sizeClass[j] = t;
  }
  const r = Float64Array.from(sizeClass, (c) => radii[c]);
  const m = Float64Array.from(sizeClass, (c) => masses[c]);
  let filled = 0;
  for (let i = 0; i < n; i++) filled += ballVolume(d, r[i]);
  const L = dimensionRoot(filled / phi, d);
  const rMax = Math.max(...radii);
  if (!(2 * rMax < 0.49 * L)) throw new RangeError(`packingFraction ${phi} with ${n} bodies makes a box of side ${L}, too small for the largest diameter ${2 * rMax} (at most 0.49 of the side): more bodies, or a lower packing fraction`);

  const { positions, spacing } = latticeSites(d, n, L);
  // too dense for the lattice: start smaller (radii × s, s < 1) and grow to size
  const fits = spacing / (2 * rMax * (1 + 1e-6));
  const s = fits > 1 ? 1 : 0.95 * fits;
  const velocities = maxwellVelocities(d, n, kT, rng, m);
  const box = Array<number>(d).fill(L);
  // (growth: the largest diameter grows by 2% of itself in the time a body at the thermal speed crosses it)
  let mean = 0;
  for (let i = 0; i < n; i++) mean += m[i] / n;
  const g = (0.02 * Math.sqrt(kT / mean)) / (2 * rMax);
  let sim = new HardSpheres({ dimensions: d, box, positions, velocities, radii: r.map((x) => x * s), masses: m, ...(s < 1 ? { growthRate: g } : {}) });
  if (s < 1) {
    const grown = 1 / s;
    const tEnd = (grown - 1) / g;
    // growth heats the fluid: rescale to kT on the way (every tenth of the way); a fluid that
    // does not get there within GROWTH_BUDGET collisions per body is jamming
    const tooDense = (): RangeError => new RangeError(`packingFraction ${phi} is beyond what these sizes reach as a fluid (the growth from a lattice jammed); choose a lower one, or pack with carom pack`);
    let budget = GROWTH_BUDGET * n;
    for (let k = 1; k <= 10; k++) {
      const target = (tEnd * k) / 10;
      try {
        budget -= sim.advanceTo(target, budget);
      } catch (e) {
        if (e instanceof RangeError && /jammed/.test(e.message)) throw tooDense();
        throw e;
      }
      if (sim.time < target) throw tooDense();
      sim.rescaleVelocities(kT);
    }
    // the exact radii: a fresh engine at the grown positions (an overlap left by rounding is refused there)
    sim = new HardSpheres({ dimensions: d, box, positions: sim.positionsInto(new Float64Array(d * n)), velocities: sim.velocitiesInto(new Float64Array(d * n)), radii: r, masses: m });
  }
  if (melt > 0 && n > 1) sim.advanceCollisions(melt * n);
  const pos = sim.positionsInto(new Float64Array(d * n));
  const vel = sim.velocitiesInto(new Float64Array(d * n));
  // zero momentum and exactly kT (the melt keeps both to rounding; this makes them exact)
  let total = 0;
  const p = [0, 0, 0];
  for (let i = 0; i < n; i++) {
    total += m[i];
    for (let a = 0; a < d; a++) p[a] += m[i] * vel[d * i + a];
  }
  if (n > 1) for (let i = 0; i < n; i++) for (let a = 0; a < d; a++) vel[d * i + a] -= p[a] / total;
  let e2 = 0;
  for (let i = 0; i < n; i++) for (let a = 0; a < d; a++) e2 += m[i] * vel[d * i + a] * vel[d * i + a];
  const f = e2 > 0 ? Math.sqrt((kT * d * n) / e2) : 0;
  for (let k = 0; k < vel.length; k++) vel[k] *= f;
  return { dimensions: d, box, positions: pos, velocities: vel, radii: r, masses: m };
}
