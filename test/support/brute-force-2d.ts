/**
 * Independent brute-force references for the 2D geometry queries: they know nothing of the
 * kernels' algebra, only a distance function D(t) from the moving centre to the geometry.
 * Each D used here is convex in t (distance, or signed distance, to a convex set along a
 * line), so the first time D reaches r is found by dense sampling (to bracket the minimum),
 * golden-section search (to refine it) and bisection (on the decreasing branch).
 *
 * A reference answer comes with an `ambiguous` flag when the case is too close to a decision
 * boundary for plain sampling to settle it (near-graze, start within a hair of touching, hit
 * at tMax, approach speed near zero at t = 0); tests skip those and count them.
 */

/** Distance from (px, py) to the segment a..b, the textbook way (clamped projection). */
export function distanceToSegment(px: number, py: number, ax: number, ay: number, bx: number, by: number): number {
  const ex = bx - ax;
  const ey = by - ay;
  const l2 = ex * ex + ey * ey;
  let s = l2 > 0 ? ((px - ax) * ex + (py - ay) * ey) / l2 : 0;
  if (s < 0) s = 0;
  else if (s > 1) s = 1;
  return Math.hypot(px - (ax + s * ex), py - (ay + s * ey));
}

/** Parameter of the projection of (px, py) on the segment's line (unclamped; 0 for a point). */
export function footParameter(px: number, py: number, ax: number, ay: number, bx: number, by: number): number {
  const ex = bx - ax;
  const ey = by - ay;
  const l2 = ex * ex + ey * ey;
  return l2 > 0 ? ((px - ax) * ex + (py - ay) * ey) / l2 : 0;
}

/** Signed distance from (px, py) to the box: Euclidean outside, minus the depth inside. */
export function signedDistanceToBox(px: number, py: number, minX: number, minY: number, maxX: number, maxY: number): number {
  const dx = Math.max(minX - px, 0, px - maxX);
  const dy = Math.max(minY - py, 0, py - maxY);
  if (dx > 0 || dy > 0) return Math.hypot(dx, dy);
  return -Math.min(px - minX, maxX - px, py - minY, maxY - py);
}

export interface Reference {
  /** First contact time, or Infinity. */
  t: number;
  /** True when the case sits too near a decision boundary for the brute force to settle. */
  ambiguous: boolean;
}

/**
 * First t in [0, tMax] with D(t) <= r while D decreases (D convex); 0 when D(0) <= r and D
 * decreases at 0; Infinity otherwise. `scale` is the size of the problem (for the margins).
 */
export function firstContact(D: (t: number) => number, r: number, tMax: number, scale: number): Reference {
  const margin = 1e-7 * scale;
  const d0 = D(0);
  // Slope at 0 from a small forward difference (D is convex, so its sign is what matters).
  const h = 1e-6 * tMax;
  const slope0 = (D(h) - d0) / h;
  if (d0 <= r) {
    const ambiguous = Math.abs(d0 - r) < margin || Math.abs(slope0) < 1e-4 * scale;
    return { t: slope0 < 0 ? 0 : Infinity, ambiguous };
  }
  // Dense sampling to bracket the minimum over [0, tMax].
  const n = 64;
  let best = 0;
  let bestD = d0;
  for (let i = 1; i <= n; i++) {
    const d = D((tMax * i) / n);
    if (d < bestD) {
      bestD = d;
      best = i;
    }
  }
  let lo = (tMax * Math.max(best - 1, 0)) / n;
  let hi = (tMax * Math.min(best + 1, n)) / n;
  // Golden-section search for the minimum inside the bracket.
  const g = (Math.sqrt(5) - 1) / 2;
  let x1 = hi - g * (hi - lo);
  let x2 = lo + g * (hi - lo);
  let f1 = D(x1);
  let f2 = D(x2);
  for (let i = 0; i < 100; i++) {
    if (f1 < f2) {
      hi = x2; x2 = x1; f2 = f1; x1 = hi - g * (hi - lo); f1 = D(x1);
    } else {
      lo = x1; x1 = x2; f1 = f2; x2 = lo + g * (hi - lo); f2 = D(x2);
    }
  }
  const tMin = (lo + hi) / 2;
  const dMin = Math.min(D(tMin), bestD);
  if (dMin > r) return { t: Infinity, ambiguous: dMin - r < margin || D(tMax) - r < margin };
  // Bisection on [0, tMin], where D decreases through r.
  let a = 0;
  let b = tMin;
  for (let i = 0; i < 200 && b - a > 0; i++) {
    const m = (a + b) / 2;
    if (m === a || m === b) break;
    if (D(m) > r) a = m;
    else b = m;
  }
  const t = b;
  const slope = (D(t) - D(Math.max(t - h, 0))) / Math.min(h, t || h);
  const ambiguous = r - dMin < margin || Math.abs(t - tMax) < 1e-7 * tMax || Math.abs(slope) < 1e-4 * scale || d0 - r < margin;
  return { t, ambiguous };
}

/** Ulp of x (the gap to the next double away from zero). */
export function ulp(x: number): number {
  x = Math.abs(x);
  if (x === 0) return Number.MIN_VALUE;
  const e = Math.floor(Math.log2(x));
  let u = 2 ** (e - 52);
  // Guard against log2 rounding at powers of two.
  if (x < 2 ** e) u /= 2;
  if (x >= 2 ** (e + 1)) u *= 2;
  return Math.max(u, Number.MIN_VALUE);
}
