/**
 * Structural and dynamical observables of a {@link HardSpheres} system, read at its current
 * time: the radial distribution function g(r) (minimum image) and the mean squared
 * displacement from unwrapped positions. (Pressure, temperature and collision rate are
 * methods of the engine, which accumulates them as it runs.)
 */
import type { HardSpheres } from "./hard-spheres.js";

/** The radial distribution function g(r), sampled at bin centres. */
export interface RadialDistribution {
  /** Bin centres. */
  r: Float64Array;
  /** g at each bin centre. */
  g: Float64Array;
}

/**
 * g(r) on `bins` equal bins (1 to 1e7) over [0, rMax) (rMax at most half the smallest box side, default
 * that): the histogram of minimum-image pair distances divided by what an ideal gas of the
 * same density puts in each shell, g_k = 2 H_k / (N ρ V_k), V_k the shell's volume (area).
 * Pairs are found through a cell grid of side ≥ rMax, so the cost is O(N × neighbours). One
 * snapshot; `Averages` averages it over many.
 */
export function radialDistribution(sim: HardSpheres, bins = 100, rMax?: number): RadialDistribution {
  const rm = checkRange(sim, bins, rMax);
  const hist = pairHistogram(sim, new Float64Array(bins), rm);
  return normalise(sim, hist, rm, 1);
}

/** rMax checked (default half the smallest box side), with the bins. */
export function checkRange(sim: HardSpheres, bins: number, rMax?: number): number {
  const d = sim.dimensions, box = sim.box;
  const half = 0.5 * Math.min(box[0], box[1], d === 3 ? box[2] : Infinity);
  const rm = rMax ?? half;
  if (!(Number.isInteger(bins) && bins >= 1 && bins <= 1e7)) throw new RangeError(`bins must be an integer from 1 to 1e7, got ${bins}`);
  if (!(rm > 0 && rm <= half)) throw new RangeError(`rMax must be in (0, ${half}] (half the smallest box side), got ${rm}`);
  return rm;
}

/**
 * Adds 2 to `hist[k]` for every pair of bodies whose nearest-image distance falls in bin k of
 * [0, rMax) (hist.length bins), through a cell grid of side ≥ rMax. In a sheared engine the
 * images across the y faces are shifted by the Lees–Edwards offset.
 */
export function pairHistogram(sim: HardSpheres, hist: Float64Array, rMax: number): Float64Array {
  const d = sim.dimensions, n = sim.count, box = sim.box, bins = hist.length;
  const pos = sim.positionsInto(new Float64Array(d * n));
  const delta = sim.imageOffset;
  const sheared = sim.shearRate !== 0;
  const nc = [0, 1, 2].map((a) => (a < d ? Math.max(1, Math.floor(box[a] / rMax)) : 1));
  const head = new Int32Array(nc[0] * nc[1] * nc[2]).fill(-1);
  const next = new Int32Array(n);
  const cell = new Int32Array(3 * n);
  for (let i = 0; i < n; i++) {
    for (let a = 0; a < d; a++) cell[3 * i + a] = Math.min(nc[a] - 1, Math.floor((pos[d * i + a] / box[a]) * nc[a]));
    const c = (cell[3 * i + 2] * nc[1] + cell[3 * i + 1]) * nc[0] + cell[3 * i];
    next[i] = head[c];
    head[c] = i;
  }
  const scale = bins / rMax;
  const range = (a: number, c: number): number[] => (nc[a] >= 3 ? [(c + nc[a] - 1) % nc[a], c, (c + 1) % nc[a]] : Array.from({ length: nc[a] }, (_, k) => k));
  const all = (a: number): number[] => Array.from({ length: nc[a] }, (_, k) => k);
  const half = [0.5 * box[0], 0.5 * box[1], 0.5 * box[2]];
  const lz = box[2], hz = 0.5 * lz, r2 = rMax * rMax;
  // cell by cell: the cells around it (each once), then every pair of a body in it with a later body there
  for (let cz = 0; cz < nc[2]; cz++) for (let cy = 0; cy < nc[1]; cy++) for (let cx = 0; cx < nc[0]; cx++) {
    const first = head[(cz * nc[1] + cy) * nc[0] + cx];
    if (first < 0) continue;
    const around: number[] = [];
    for (const gz of range(2, cz)) for (const gy of range(1, cy)) {
      // across a y face of a sheared box the row is shifted along x: every cell of it
      const crosses = sheared && (nc[1] < 3 || Math.abs(gy - cy) > 1);
      for (const gx of crosses ? all(0) : range(0, cx)) around.push((gz * nc[1] + gy) * nc[0] + gx);
    }
    for (let i = first; i >= 0; i = next[i]) {
      const xi = pos[d * i], yi = pos[d * i + 1], zi = d === 3 ? pos[d * i + 2] : 0;
      for (let q = 0; q < around.length; q++) {
        for (let k = head[around[q]]; k >= 0; k = next[k]) {
          if (k <= i) continue;
          let dy = pos[d * k + 1] - yi;
          const sy = dy > half[1] ? -1 : dy < -half[1] ? 1 : 0;
          dy += sy * box[1];
          let dx = pos[d * k] - xi;
          if (sheared) {
            dx += sy * delta;
            dx -= box[0] * Math.floor(dx / box[0] + 0.5);
          } else if (dx > half[0]) dx -= box[0];
          else if (dx < -half[0]) dx += box[0];
          let dd = dx * dx + dy * dy;
          if (d === 3) {
            let dz = pos[d * k + 2] - zi;
            if (dz > hz) dz -= lz;
            else if (dz < -hz) dz += lz;
            dd += dz * dz;
          }
          if (dd >= r2) continue;
          const bin = Math.floor(Math.sqrt(dd) * scale);
          if (bin < bins) hist[bin] += 2;
        }
      }
    }
  }
  return hist;
}

/** g(r) from a histogram summed over `samples` snapshots: g_k = 2 H_k / (samples N ρ V_k). */
export function normalise(sim: HardSpheres, hist: Float64Array, rMax: number, samples: number): RadialDistribution {
  const d = sim.dimensions, n = sim.count, box = sim.box, bins = hist.length, scale = bins / rMax;
  let volume = 1;
  for (let a = 0; a < d; a++) volume *= box[a];
  const density = n / volume;
  const r = new Float64Array(bins);
  const g = new Float64Array(bins);
  for (let k = 0; k < bins; k++) {
    const r0 = k / scale, r1 = (k + 1) / scale;
    const shell = d === 3 ? (4 / 3) * Math.PI * (r1 * r1 * r1 - r0 * r0 * r0) : Math.PI * (r1 * r1 - r0 * r0);
    r[k] = (r0 + r1) / 2;
    g[k] = hist[k] / (samples * n * density * shell);
  }
  return { r, g };
}

/**
 * Mean squared displacement since `reference` (unwrapped positions taken earlier with
 * `sim.unwrappedPositionsInto`): (1/N) Σ |u_i(now) − u_i(ref)|².
 */
export function meanSquaredDisplacement(sim: HardSpheres, reference: Float64Array): number {
  const d = sim.dimensions, n = sim.count;
  if (reference.length !== d * n) throw new RangeError(`reference must hold ${d * n} numbers (unwrapped positions), got ${reference.length}`);
  const u = sim.unwrappedPositionsInto(new Float64Array(d * n));
  let sum = 0;
  for (let k = 0; k < d * n; k++) sum += (u[k] - reference[k]) * (u[k] - reference[k]);
  return sum / n;
}
