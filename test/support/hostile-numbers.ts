/**
 * Seeded hostile inputs for the query fuzzer: every number finite, magnitudes from the
 * subnormal range to the largest double, mixed scales within one case, exact extremes
 * (±1.7e308, ±1e308, ±MAX_VALUE, ±5e-324, 0), and near-contact cases where one input is moved
 * by an ulp. Used by test/queries-hostile-fuzz.test.ts and scripts that hunt for hangs.
 */
import { Random } from "./random.js";

const EXTREMES = [0, 1, -1, 1.7e308, -1.7e308, 1e308, -1e308, Number.MAX_VALUE, -Number.MAX_VALUE, 5e-324, -5e-324, 1e-300, -1e-300, 2 ** -1022, 1e300, -1e300];

/** One finite double of magnitude 10^e (e in [-300, 300]) with a random sign and mantissa. */
export function atScale(rnd: Random, e: number): number {
  const m = 1 + 9 * rnd.next();
  const v = m * 10 ** e;
  const x = Number.isFinite(v) ? v : Number.MAX_VALUE;
  return rnd.next() < 0.5 ? -x : x;
}

/**
 * `n` hostile finite numbers: mode 0 one scale for all, mode 1 up to three scales mixed,
 * mode 2 extremes mixed with one scale, mode 3 small integers at one scale (contacts, grazes,
 * coincident points and zero velocities happen often).
 */
export function hostileNumbers(rnd: Random, n: number): number[] {
  const mode = rnd.int(4);
  const out: number[] = [];
  const scales = [rnd.int(601) - 300, rnd.int(601) - 300, rnd.int(601) - 300];
  for (let i = 0; i < n; i++) {
    if (mode === 0) out.push(atScale(rnd, scales[0]));
    else if (mode === 1) out.push(atScale(rnd, scales[rnd.int(3)]));
    else if (mode === 2) out.push(rnd.next() < 0.5 ? EXTREMES[rnd.int(EXTREMES.length)] : atScale(rnd, scales[0]));
    else out.push((rnd.int(9) - 4) * 10 ** scales[0] || 0);
  }
  return out.map((x) => (Number.isFinite(x) ? x : Math.sign(x) * Number.MAX_VALUE));
}

/** A time limit: 1, Infinity, 0 or a random power of ten. */
export function hostileTMax(rnd: Random): number {
  const k = rnd.int(6);
  return k === 0 ? Infinity : k === 1 ? 0 : k < 4 ? 1 : 10 ** (rnd.int(601) - 300);
}
