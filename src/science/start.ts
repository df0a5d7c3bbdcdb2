/**
 * Start states for the science engine: a lattice at a chosen packing fraction (for
 * equation-of-state runs and benchmarks) and a random dilute arrangement (for packings), with
 * Maxwell–Boltzmann velocities of zero total momentum scaled to the exact temperature.
 */
import { checkKeys, checkScale, MAX_BODIES, type HardSpheresOptions } from "./hard-spheres-options.js";
import { ScienceRandom } from "./random.js";

/** Options of {@link latticeStart} (every key checked: an unknown one is a RangeError naming it). */
export interface LatticeStartOptions {
  /** 2 (discs) or 3 (spheres). */
  dimensions: 2 | 3;
  /** Number of bodies. */
  count: number;
  /** Fraction of the box the bodies fill (the box side follows from it). */
  packingFraction: number;
  /** Radius of every body (default 0.5: unit diameter). */
  radius?: number;
  /** kT of the velocities (default 1; masses are 1). */
  temperature?: number;
  /** Seed of the random velocities (an integer). */
  seed: number;
}

const LATTICE_KEYS = ["dimensions", "count", "packingFraction", "radius", "temperature", "seed"];

/** x², or x³ by plain multiplications (Math.pow need not round alike in every engine). */
export function power(x: number, d: 2 | 3): number {
  return d === 3 ? x * x * x : x * x;
}

/**
 * The square root (d = 2) or cube root (d = 3) of x > 0, from +, −, ×, ÷ and √ only, so that
 * every engine gets the same bits (Math.cbrt and ** are not required to round alike): the cube
 * root scales x by exact powers of 8 into [1, 8), takes ten Newton steps from a fixed guess
 * (quadratic convergence leaves it within an ulp or two) and scales back by exact powers of 2.
 */
export function dimensionRoot(x: number, d: 2 | 3): number {
  if (d === 2) return Math.sqrt(x);
  if (!(x > 0 && x < Infinity)) throw new RangeError(`cube root of ${x}: a finite number > 0 is needed`);
  let m = x;
  let e = 0;
  while (m >= 8) { m /= 8; e++; }
  while (m < 1) { m *= 8; e--; }
  let y = 1 + (m - 1) / 3.5;
  for (let k = 0; k < 10; k++) y -= (y * y * y - m) / (3 * y * y);
  for (; e > 0; e--) y *= 2;
  for (; e < 0; e++) y /= 2;
  return y;
}

/** Volume (3D) or area (2D) of a ball of radius r. */
export function ballVolume(dimensions: 2 | 3, r: number): number {
  return dimensions === 3 ? (4 / 3) * Math.PI * r * r * r : Math.PI * r * r;
}

function checkCount(count: number): void {
  // More bodies than the engine holds would only fill gigabytes first (count 1e9 ran for minutes).
  if (!(Number.isInteger(count) && count >= 1 && count <= MAX_BODIES)) throw new RangeError(`count must be an integer from 1 to ${MAX_BODIES} (what the engine holds), got ${count}`);
}

/**
 * Gaussian velocities (d per body, unit masses or the given ones) with zero total momentum,
 * scaled so that 2 E_kin / (d N) = kT exactly (to rounding).
 */
export function maxwellVelocities(dimensions: 2 | 3, count: number, kT: number, rng: ScienceRandom, masses?: Float64Array): Float64Array {
  const d = dimensions;
  if (d !== 2 && d !== 3) throw new RangeError(`dimensions must be 2 or 3, got ${d}`);
  checkCount(count);
  // (kT NaN gave NaN velocities, a negative one NaN too.)
  if (!(kT > 0 && kT < Infinity)) throw new RangeError(`kT must be a finite number > 0, got ${kT}`);
  checkScale(kT, "kT");
  if (masses !== undefined && masses.length !== count) throw new RangeError(`masses must hold one number per body (${count}), got ${masses.length}`);
  const v = new Float64Array(d * count);
  for (let k = 0; k < v.length; k++) v[k] = rng.normal() / Math.sqrt(masses ? masses[Math.floor(k / d)] : 1);
  if (count > 1) {
    let mt = 0;
    const p = [0, 0, 0];
    for (let i = 0; i < count; i++) {
      const m = masses ? masses[i] : 1;
      mt += m;
      for (let a = 0; a < d; a++) p[a] += m * v[d * i + a];
    }
    for (let i = 0; i < count; i++) for (let a = 0; a < d; a++) v[d * i + a] -= p[a] / mt;
  }
  let e2 = 0;
  for (let i = 0; i < count; i++) for (let a = 0; a < d; a++) e2 += (masses ? masses[i] : 1) * v[d * i + a] * v[d * i + a];
  const f = e2 > 0 ? Math.sqrt((kT * d * count) / e2) : 0;
  for (let k = 0; k < v.length; k++) v[k] *= f;
  return v;
}

/**
 * `count` lattice sites in a periodic box of side L: FCC (4 m³ sites, each a quarter cell in
 * from the faces) when d = 3 and count is 4 m³, else simple cubic (square) with ⌈count^(1/d)⌉
 * sites per axis, filled in order; `spacing` is the nearest-neighbour distance.
 */
export function latticeSites(d: 2 | 3, count: number, L: number): { positions: Float64Array; spacing: number } {
  const positions = new Float64Array(d * count);
  let fccM = 1;
  while (4 * (fccM + 1) * (fccM + 1) * (fccM + 1) <= count) fccM++;
  if (d === 3 && 4 * fccM * fccM * fccM === count) {
    const a = L / fccM;
    const basis = [0, 0, 0, 0.5, 0.5, 0, 0.5, 0, 0.5, 0, 0.5, 0.5];
    let k = 0;
    for (let x = 0; x < fccM; x++) for (let y = 0; y < fccM; y++) for (let z = 0; z < fccM; z++) {
      for (let b = 0; b < 4; b++) {
        positions[k++] = (x + basis[3 * b] + 0.25) * a;
        positions[k++] = (y + basis[3 * b + 1] + 0.25) * a;
        positions[k++] = (z + basis[3 * b + 2] + 0.25) * a;
      }
    }
    return { positions, spacing: a / Math.SQRT2 };
  }
  let m = 1;
  while (power(m, d) < count) m++;
  const spacing = L / m;
  for (let i = 0; i < count; i++) {
    positions[d * i] = ((i % m) + 0.5) * spacing;
    positions[d * i + 1] = ((Math.floor(i / m) % m) + 0.5) * spacing;
    if (d === 3) positions[d * i + 2] = (Math.floor(i / (m * m)) + 0.5) * spacing;
  }
  return { positions, spacing };
}

/**
 * Bodies on a lattice in a cubic (square) periodic box at the given packing fraction: FCC when
 * count = 4 m³ in 3D, else a simple cubic (square) lattice of ⌈count^(1/d)⌉ sites per axis
 * filled in order. A RangeError when the lattice cannot hold the bodies without overlap.
 */
export function latticeStart(options: LatticeStartOptions): HardSpheresOptions {
  checkKeys(options, LATTICE_KEYS, "latticeStart");
  const { dimensions: d, count, packingFraction: phi, seed } = options;
  if (d !== 2 && d !== 3) throw new RangeError(`dimensions must be 2 or 3, got ${d}`);
  checkCount(count);
  const r = options.radius ?? 0.5;
  if (!(r > 0 && r < Infinity)) throw new RangeError(`radius must be a finite number > 0, got ${r}`);
  checkScale(r, "radius");
  if (!(phi > 0 && phi < 1)) throw new RangeError(`packingFraction must be in (0, 1), got ${phi}`);
  const kT = options.temperature ?? 1;
  if (!(kT > 0 && kT < Infinity)) throw new RangeError(`temperature must be a finite number > 0, got ${kT}`);
  checkScale(kT, "temperature");
  const L = dimensionRoot((count * ballVolume(d, r)) / phi, d);
  const { positions, spacing } = latticeSites(d, count, L);
  if (!(spacing > 2 * r * (1 + 1e-9))) {
    throw new RangeError(`packingFraction ${phi} is too dense for a lattice start of ${count} bodies (nearest neighbours ${spacing} apart, diameter ${2 * r})`);
  }
  const rng = new ScienceRandom(seed);
  const velocities = maxwellVelocities(d, count, kT, rng);
  return { dimensions: d, box: Array<number>(d).fill(L), positions, velocities, radii: r };
}

/**
 * Random non-overlapping centres in a periodic box by random sequential addition (each body
 * tried at uniform random places until it overlaps none placed before), for dilute starts.
 * `radii` holds each body's radius; the box is cubic with side L. A RangeError when a body
 * finds no place in 10,000 tries.
 */
export function randomPositions(dimensions: 2 | 3, radii: Float64Array, L: number, rng: ScienceRandom): Float64Array {
  const d = dimensions, n = radii.length;
  let rMax = 0;
  for (let i = 0; i < n; i++) rMax = Math.max(rMax, radii[i]);
  const nc = Math.max(1, Math.floor(L / (2 * rMax)));
  const cells = d === 3 ? nc * nc * nc : nc * nc;
  const head = new Int32Array(cells).fill(-1);
  const next = new Int32Array(n);
  const pos = new Float64Array(d * n);
  const p = [0, 0, 0];
  const cellOf = (q: number[]): number[] => q.slice(0, d).map((x) => Math.min(nc - 1, Math.floor((x / L) * nc)));
  const span = nc >= 3 ? [-1, 0, 1] : Array.from({ length: nc }, (_, k) => k);
  for (let i = 0; i < n; i++) {
    let placed = false;
    for (let attempt = 0; attempt < 10_000 && !placed; attempt++) {
      for (let a = 0; a < d; a++) p[a] = rng.uniform() * L;
      const c = cellOf(p);
      let ok = true;
      for (const oz of d === 3 ? span : [0]) for (const oy of span) for (const ox of span) {
        if (!ok) break;
        const gx = nc >= 3 ? (c[0] + ox + nc) % nc : ox;
        const gy = nc >= 3 ? (c[1] + oy + nc) % nc : oy;
        const gz = d === 2 ? 0 : nc >= 3 ? (c[2] + oz + nc) % nc : oz;
        for (let k = head[(gz * nc + gy) * nc + gx]; k >= 0 && ok; k = next[k]) {
          let dd = 0;
          for (let a = 0; a < d; a++) {
            let dx = pos[d * k + a] - p[a];
            if (dx > L / 2) dx -= L; else if (dx < -L / 2) dx += L;
            dd += dx * dx;
          }
          const sig = radii[i] + radii[k];
          if (dd < sig * sig) ok = false;
        }
      }
      if (ok) {
        for (let a = 0; a < d; a++) pos[d * i + a] = p[a];
        const cc = cellOf(p);
        const ci = ((d === 3 ? cc[2] : 0) * nc + cc[1]) * nc + cc[0];
        next[i] = head[ci];
        head[ci] = i;
        placed = true;
      }
    }
    if (!placed) throw new RangeError(`randomPositions: no room for body ${i} after 10000 tries (the start is too dense)`);
  }
  return pos;
}
