/**
 * Seeded pairs of moving circles (2D) or spheres (3D) for the time-of-impact tests, as arrays of
 * coordinates: random directions, near grazes and near touching starts.
 */
import type { ExactToi } from "./exact.js";
import type { Random } from "./random.js";

/** Two bodies: positions, velocities, radii, and the time limit. */
export interface Pair { pa: number[]; va: number[]; ra: number; pb: number[]; vb: number[]; rb: number; tMax: number }

/** The case a query's answer stands for. */
export function kindOf(t: number): ExactToi["kind"] {
  return t === Infinity ? "none" : t === 0 ? "zero" : "hit";
}

/** B aimed at A with a random offset (about 3 in 4 hit), at the given length scale; tMax Infinity. */
export function aimedPair(rnd: Random, dim: number, scale: number): Pair {
  const pa: number[] = [], va: number[] = [], pb: number[] = [], vb: number[] = [];
  const k = rnd.range(0.2, 3);
  for (let i = 0; i < dim; i++) {
    pa.push(rnd.range(-10, 10) * scale);
    pb.push(rnd.range(-10, 10) * scale);
    va.push(rnd.range(-10, 10) * scale);
  }
  for (let i = 0; i < dim; i++) vb.push(va[i] + (pa[i] - pb[i]) * k + rnd.range(-3, 3) * scale);
  return { pa, va, ra: rnd.range(0.01, 2) * scale, pb, vb, rb: rnd.range(0.01, 2) * scale, tMax: Infinity };
}

/** A unit vector in a random direction. */
export function direction(rnd: Random, dim: number): number[] {
  for (;;) {
    const v: number[] = [];
    let n = 0;
    for (let i = 0; i < dim; i++) {
      v.push(rnd.range(-1, 1));
      n += v[i] * v[i];
    }
    if (n > 0.01 && n <= 1) return v.map((x) => x / Math.sqrt(n));
  }
}

/**
 * Radii 0.5 and 0.5 whose relative path passes at impact parameter 1 - eps (a near graze when eps
 * is small, eps < 0 a near miss) from distance L, moving at speed v; positions offset by `at`.
 */
export function grazing(rnd: Random, dim: number, eps: number, L: number, v: number, at: number): Pair {
  const u = direction(rnd, dim);
  let p = direction(rnd, dim);
  const dot = u.reduce((s, x, i) => s + x * p[i], 0);
  p = p.map((x, i) => x - dot * u[i]);
  const pn = Math.hypot(...p);
  p = p.map((x) => x / pn);
  const h = 1 - eps;
  const pa = u.map(() => at * rnd.range(-1, 1));
  const pb = pa.map((x, i) => x + L * u[i] + h * p[i]);
  const va = u.map(() => rnd.range(-1, 1));
  const vb = va.map((x, i) => x - v * u[i]);
  return { pa, va, ra: 0.5, pb, vb, rb: 0.5, tMax: Infinity };
}

/** Bodies a gap eps (ra + rb) apart, B approaching A at rest. */
export function touching(rnd: Random, dim: number, eps: number): Pair {
  const u = direction(rnd, dim);
  const w = direction(rnd, dim);
  const ra = rnd.range(0.1, 2), rb = rnd.range(0.1, 2);
  const gap = (ra + rb) * (1 + eps);
  const pa = u.map(() => rnd.range(-5, 5));
  const pb = pa.map((x, i) => x + gap * u[i]);
  const sign = w.reduce((s, x, i) => s + x * u[i], 0) < 0 ? 1 : -1;
  return { pa, va: u.map(() => 0), ra, pb, vb: w.map((x) => sign * x * rnd.range(0.1, 10)), rb, tMax: Infinity };
}
