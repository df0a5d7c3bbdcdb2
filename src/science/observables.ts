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
 * Pairs are found through a cell grid of side ≥ rMax, so the cost is O(N × neighbours).
 */
export function radialDistribution(sim: HardSpheres, bins = 100, rMax?: number): RadialDistribution {
  const d = sim.dimensions, n = sim.count, box = sim.box;
  const half = 0.5 * Math.min(box[0], box[1], d === 3 ? box[2] : Infinity);
  const rm = rMax ?? half;
  if (!(Number.isInteger(bins) && bins >= 1 && bins <= 1e7)) throw new RangeError(`bins must be an integer from 1 to 1e7, got ${bins}`);
  if (!(rm > 0 && rm <= half)) throw new RangeError(`rMax must be in (0, ${half}] (half the smallest box side), got ${rm}`);
  const pos = sim.positionsInto(new Float64Array(d * n));
  const nc = [0, 1, 2].map((a) => (a < d ? Math.max(1, Math.floor(box[a] / rm)) : 1));
  const head = new Int32Array(nc[0] * nc[1] * nc[2]).fill(-1);
  const next = new Int32Array(n);
  const cell = new Int32Array(3 * n);
  for (let i = 0; i < n; i++) {
    for (let a = 0; a < d; a++) cell[3 * i + a] = Math.min(nc[a] - 1, Math.floor((pos[d * i + a] / box[a]) * nc[a]));
    const c = (cell[3 * i + 2] * nc[1] + cell[3 * i + 1]) * nc[0] + cell[3 * i];
    next[i] = head[c];
    head[c] = i;
  }
  const hist = new Float64Array(bins);
  const scale = bins / rm;
  const range = (a: number, c: number): number[] => (nc[a] >= 3 ? [(c + nc[a] - 1) % nc[a], c, (c + 1) % nc[a]] : Array.from({ length: nc[a] }, (_, k) => k));
  for (let i = 0; i < n; i++) {
    for (const gz of range(2, cell[3 * i + 2])) for (const gy of range(1, cell[3 * i + 1])) for (const gx of range(0, cell[3 * i])) {
      for (let k = head[(gz * nc[1] + gy) * nc[0] + gx]; k >= 0; k = next[k]) {
        if (k <= i) continue;
        let dd = 0;
        for (let a = 0; a < d; a++) {
          let dx = pos[d * k + a] - pos[d * i + a];
          if (dx > 0.5 * box[a]) dx -= box[a]; else if (dx < -0.5 * box[a]) dx += box[a];
          dd += dx * dx;
        }
        const bin = Math.floor(Math.sqrt(dd) * scale);
        if (bin < bins) hist[bin] += 2;
      }
    }
  }
  let volume = 1;
  for (let a = 0; a < d; a++) volume *= box[a];
  const density = n / volume;
  const r = new Float64Array(bins);
  const g = new Float64Array(bins);
  for (let k = 0; k < bins; k++) {
    const r0 = k / scale, r1 = (k + 1) / scale;
    const shell = d === 3 ? (4 / 3) * Math.PI * (r1 * r1 * r1 - r0 * r0 * r0) : Math.PI * (r1 * r1 - r0 * r0);
    r[k] = (r0 + r1) / 2;
    g[k] = hist[k] / (n * density * shell);
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
