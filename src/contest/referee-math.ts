/**
 * The referees' own arithmetic, where bit-equality with them depends on it: Java's rounding
 * and truncation, the CSB angle rule and Java's `Line2D.ptSegDist`. Each function is written
 * from the operations the rules (`data/contest/rules.md`) name, in the order they name them.
 */

const TWO_PI = 2 * Math.PI;

/**
 * Java `Math.round` on a double (below 2^63): the nearest integer, halves up (−2.5 → −2), as
 * JavaScript's `Math.round` (exact, where floor(x + 0.5) is not: 0.49999999999999994 + 0.5 is
 * 1). The `+ 0` turns a −0 into the +0 a Java long holds.
 */
export function roundHalfUp(x: number): number {
  return Math.round(x) + 0;
}

/**
 * The CSB referee's rounding of a position, `(int) Math.round(x)` for any double: Math.round
 * gives a long (NaN 0, saturated beyond ±2^63), the cast keeps its low 32 bits (so a pod beyond
 * the int range wraps around, as in the referee).
 */
export function roundToInt(x: number): number {
  const r = Math.round(x);
  // NaN 0; Long.MAX_VALUE's low 32 bits are −1's, Long.MIN_VALUE's 0; else r less the nearest
  // multiple of 2^32 (exact: r is an integer below 2^63, r / 2^32 + 1/2 has bits to spare)
  if (!(r < 9223372036854775807 && r > -9223372036854775808)) return r > 0 ? -1 : 0;
  return r - Math.floor(r / 4294967296 + 0.5) * 4294967296 + 0;
}

/** Java `(int)` cast of a double: truncation toward zero (NaN → 0, clamped to int range). */
export function truncateInt(x: number): number {
  // One test on the common path (NaN fails it too).
  if (x > -2147483648 && x < 2147483647) return Math.trunc(x) + 0;
  if (x !== x) return 0;
  return x > 0 ? 2147483647 : -2147483648;
}

/**
 * Symmetric rounding, half away from zero (Fantastic Bits positions and velocities):
 * 2.5 → 3, −2.5 → −3. Results are +0, never −0.
 */
export function roundHalfAway(x: number): number {
  return x < 0 ? -Math.round(-x) + 0 : Math.round(x) + 0;
}

/**
 * Java's `%` on doubles (fmod): the remainder with the sign of the dividend, computed exactly
 * (IEEE fmod is exact; JavaScript's `%` is the same operation).
 */
export function javaRemainder(a: number, b: number): number {
  return a % b;
}

/**
 * The CSB referee's signed angle from `from` to `to`, in (−2π, 2π) before wrapping:
 * `da = (to − from) fmod 2π; δ = (2·da) fmod 2π − da`. The result lies in [−π, π] for the
 * angles a game produces; it is what the 18° turn limit compares against π/10.
 */
export function shortAngleDist(from: number, to: number): number {
  // fmod(x, 2π) returns x itself when |x| < 2π: only larger values take the (slow) `%`.
  let da = to - from;
  if (!(da < TWO_PI && da > -TWO_PI)) da %= TWO_PI;
  let twice = 2 * da;
  if (!(twice < TWO_PI && twice > -TWO_PI)) twice %= TWO_PI;
  return twice - da;
}

/**
 * Squared distance from (px, py) to the segment (x1, y1)–(x2, y2), as Java's
 * `Line2D.ptSegDistSq` computes it: the projection is clamped to the segment by two dot
 * products (one from each end) and the squared perpendicular length is what remains of the
 * squared distance after the squared projection; never negative.
 */
export function pointSegmentDistanceSquared(x1: number, y1: number, x2: number, y2: number, px: number, py: number): number {
  const sx = x2 - x1;
  const sy = y2 - y1;
  let qx = px - x1;
  let qy = py - y1;
  let dot = qx * sx + qy * sy;
  let projected: number;
  if (dot <= 0) {
    projected = 0;
  } else {
    qx = sx - qx;
    qy = sy - qy;
    dot = qx * sx + qy * sy;
    projected = dot <= 0 ? 0 : (dot * dot) / (sx * sx + sy * sy);
  }
  const d2 = qx * qx + qy * qy - projected;
  return d2 < 0 ? 0 : d2;
}
