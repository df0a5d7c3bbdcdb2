/**
 * Independent brute-force references for the 3D ray casts and sphere sweeps. Nothing here
 * shares code or formulas with src/ beyond the definitions: distances are computed from closest
 * points (Ericson, Real-Time Collision Detection, 5.1), and the first contact is found by dense
 * sampling of the distance along the path followed by bisection, as the tests' ground truth.
 */
import { isqrt, toCommonIntegers } from "./exact.js";

export type V3 = [number, number, number];

export function sub(a: V3, b: V3): V3 {
  return [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
}
export function add(a: V3, b: V3): V3 {
  return [a[0] + b[0], a[1] + b[1], a[2] + b[2]];
}
export function scale(a: V3, s: number): V3 {
  return [a[0] * s, a[1] * s, a[2] * s];
}
export function dot(a: V3, b: V3): number {
  return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}
export function cross(a: V3, b: V3): V3 {
  return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
}
export function norm(a: V3): number {
  return Math.hypot(a[0], a[1], a[2]);
}

/** Closest point to p on the segment [a, b] and its parameter in [0, 1]. */
export function closestOnSegment(p: V3, a: V3, b: V3): { q: V3; s: number } {
  const ab = sub(b, a);
  const len2 = dot(ab, ab);
  if (len2 === 0) return { q: a, s: 0 };
  let s = dot(sub(p, a), ab) / len2;
  if (s < 0) s = 0;
  else if (s > 1) s = 1;
  return { q: add(a, scale(ab, s)), s };
}

export type ClosestFeature = { q: V3; dist: number; feature: "face" | "edge" | "vertex"; index: number; margin: number };

/**
 * Closest point on the closed triangle (a, b, c) to p, by cases: the orthogonal projection when
 * it falls inside (barycentric coordinates from the normal equations), else the nearest of the
 * three edges. Also says which feature holds it (edge 0 ab, 1 bc, 2 ca; vertex 0 a, 1 b, 2 c)
 * and how far (as a fraction) the point is from the nearest feature border, so that tests can
 * skip comparisons of the feature right at a border.
 */
export function closestOnTriangle(p: V3, a: V3, b: V3, c: V3): ClosestFeature {
  const ab = sub(b, a);
  const ac = sub(c, a);
  const n = cross(ab, ac);
  const n2 = dot(n, n);
  const scaleLen = Math.max(dot(ab, ab), dot(ac, ac));
  if (n2 > 1e-24 * scaleLen * scaleLen) {
    // Solve p - a = u ab + v ac + w n in the least-squares sense via the normal equations.
    const ap = sub(p, a);
    const d00 = dot(ab, ab), d01 = dot(ab, ac), d11 = dot(ac, ac);
    const d20 = dot(ap, ab), d21 = dot(ap, ac);
    const den = d00 * d11 - d01 * d01;
    const v = (d11 * d20 - d01 * d21) / den;
    const w = (d00 * d21 - d01 * d20) / den;
    const u = 1 - v - w;
    if (u >= 0 && v >= 0 && w >= 0) {
      const q = add(a, add(scale(ab, v), scale(ac, w)));
      return { q, dist: norm(sub(p, q)), feature: "face", index: 0, margin: Math.min(u, v, w) };
    }
  }
  const edges: [V3, V3][] = [[a, b], [b, c], [c, a]];
  let best: ClosestFeature | null = null;
  for (let i = 0; i < 3; i++) {
    const { q, s } = closestOnSegment(p, edges[i][0], edges[i][1]);
    const d = norm(sub(p, q));
    if (best === null || d < best.dist) {
      const len = norm(sub(edges[i][1], edges[i][0]));
      if (s > 0 && s < 1 && len > 0) best = { q, dist: d, feature: "edge", index: i, margin: Math.min(s, 1 - s) };
      else best = { q, dist: d, feature: "vertex", index: s <= 0 || len === 0 ? i : (i + 1) % 3, margin: 0 };
    }
  }
  if (best!.feature === "vertex") {
    // Depth in the vertex's Voronoi region: how far p - V points away from both edges at V.
    const vs = [a, b, c];
    const k = best!.index;
    const V = vs[k];
    const P = vs[(k + 1) % 3];
    const Q = vs[(k + 2) % 3];
    const e1 = sub(P, V);
    const e2 = sub(Q, V);
    const m1 = dot(e1, e1) > 0 ? -dot(sub(p, V), e1) / dot(e1, e1) : 1;
    const m2 = dot(e2, e2) > 0 ? -dot(sub(p, V), e2) / dot(e2, e2) : 1;
    best!.margin = Math.min(m1, m2);
  }
  return best!;
}

/** Closest point of the closed box to p (clamping), and the Euclidean distance (0 inside). */
export function closestOnBox(p: V3, lo: V3, hi: V3): { q: V3; dist: number } {
  const q: V3 = [Math.min(Math.max(p[0], lo[0]), hi[0]), Math.min(Math.max(p[1], lo[1]), hi[1]), Math.min(Math.max(p[2], lo[2]), hi[2])];
  return { q, dist: norm(sub(p, q)) };
}

/** Signed distance to the box: Euclidean outside, minus the depth below the nearest face inside. */
export function signedDistanceBox(p: V3, lo: V3, hi: V3): number {
  const { dist } = closestOnBox(p, lo, hi);
  if (dist > 0) return dist;
  return Math.max(lo[0] - p[0], p[0] - hi[0], lo[1] - p[1], p[1] - hi[1], lo[2] - p[2], p[2] - hi[2]);
}

export type BruteResult = { kind: "hit"; t: number } | { kind: "none" } | { kind: "ambiguous"; why: string };

/**
 * The first t in [0, tMax] with D(t) <= r while D decreases, for a convex distance function D
 * along the path (a distance to a convex set is convex along a line), by brute force:
 *
 * - D(0) <= r: a hit at 0 when D decreases at 0 (finite difference), else none;
 * - else: sample D at `samples` points, bisect between the last sample above r and the first at
 *   or below it (60 halvings); if no sample reaches r, a ternary search for the minimum of D
 *   catches a dip narrower than the sampling.
 *
 * Cases within `tol` (a distance) of a tangency, of touching at t = 0, or with a slope at 0
 * within `tol` of zero, are reported as ambiguous: there both answers are defensible under
 * rounding, and the tests skip them (and count them).
 */
export function bruteFirstContact(D: (t: number) => number, r: number, tMax: number, tol: number, samples = 1024): BruteResult {
  const T = tMax;
  const d0 = D(0);
  if (Math.abs(d0 - r) <= tol) return { kind: "ambiguous", why: "touching at 0" };
  if (d0 < r) {
    const h = 1e-6 * (T > 0 ? Math.min(T, 1) : 1);
    const slope = (D(h) - d0) / h;
    const slope2 = (D(h / 16) - d0) / (h / 16);
    if (slope < -tol && slope2 < -tol) return { kind: "hit", t: 0 };
    if (slope > tol && slope2 > tol) return { kind: "none" };
    return { kind: "ambiguous", why: "slope at 0" };
  }
  if (T === 0) return { kind: "none" };
  // Minimum of the convex D by ternary search, to spot grazes and narrow dips.
  let lo = 0;
  let hi = T;
  for (let i = 0; i < 200; i++) {
    const m1 = lo + (hi - lo) / 3;
    const m2 = hi - (hi - lo) / 3;
    if (D(m1) <= D(m2)) hi = m2;
    else lo = m1;
  }
  const tMin = (lo + hi) / 2;
  const dMin = Math.min(D(tMin), D(T));
  if (Math.abs(dMin - r) <= tol) return { kind: "ambiguous", why: "graze" };
  if (dMin > r) return { kind: "none" };
  let prev = 0;
  let found = -1;
  for (let i = 1; i <= samples; i++) {
    const t = (T * i) / samples;
    if (D(t) <= r) {
      found = t;
      break;
    }
    prev = t;
  }
  if (found < 0) {
    // A dip between samples: D decreases on [0, tMin].
    prev = 0;
    found = tMin;
  }
  let a = prev;
  let b = found;
  for (let i = 0; i < 80; i++) {
    const m = (a + b) / 2;
    if (D(m) <= r) b = m;
    else a = m;
  }
  return { kind: "hit", t: b };
}

// ---------------------------------------------------------------------------------------------
// Exact references (BigInt) for the times of a sphere's contact with a triangle's plane and an
// edge's line: all inputs are dyadic rationals, so after one common scaling they are integers,
// and the contact equations have integer coefficients. t = num / den to within 2^-PREC relative.


const PREC = 200n;

function ints(xs: number[]): bigint[] {
  return toCommonIntegers(xs).n;
}

/**
 * Exact time at which the sphere (p, v, r) reaches the distance r from the plane of the triangle
 * (a, b, c), approaching from its side: (G - r |N|) / (-K) with N = (b - a) x (c - a),
 * G = N . (p - a) turned positive, K = N . v. Null when not approaching.
 */
export function exactPlaneTime(p: V3, v: V3, r: number, a: V3, b: V3, c: V3): { num: bigint; den: bigint } | null {
  const n = ints([...p, ...v, r, ...a, ...b, ...c]);
  const P = n.slice(0, 3), Vv = n.slice(3, 6), R = n[6], A = n.slice(7, 10), B = n.slice(10, 13), C = n.slice(13, 16);
  const e1 = [B[0] - A[0], B[1] - A[1], B[2] - A[2]];
  const e2 = [C[0] - A[0], C[1] - A[1], C[2] - A[2]];
  const N = [e1[1] * e2[2] - e1[2] * e2[1], e1[2] * e2[0] - e1[0] * e2[2], e1[0] * e2[1] - e1[1] * e2[0]];
  let G = N[0] * (P[0] - A[0]) + N[1] * (P[1] - A[1]) + N[2] * (P[2] - A[2]);
  let K = N[0] * Vv[0] + N[1] * Vv[1] + N[2] * Vv[2];
  if (G < 0n) {
    G = -G;
    K = -K;
  }
  if (K >= 0n) return null;
  const L2 = N[0] * N[0] + N[1] * N[1] + N[2] * N[2];
  const Ls = isqrt(L2 << (2n * PREC)); // |N| 2^PREC
  return { num: (G << PREC) - R * Ls, den: -K << PREC };
}

/** Exact first time at which the sphere (p, v, r) is at distance r from the line through a and b. */
export function exactLineTime(p: V3, v: V3, r: number, a: V3, b: V3): { num: bigint; den: bigint } | null {
  const n = ints([...p, ...v, r, ...a, ...b]);
  const P = n.slice(0, 3), Vv = n.slice(3, 6), R = n[6], A = n.slice(7, 10), B = n.slice(10, 13);
  const e = [B[0] - A[0], B[1] - A[1], B[2] - A[2]];
  const d = [P[0] - A[0], P[1] - A[1], P[2] - A[2]];
  const cr = (x: bigint[], y: bigint[]): bigint[] => [x[1] * y[2] - x[2] * y[1], x[2] * y[0] - x[0] * y[2], x[0] * y[1] - x[1] * y[0]];
  const dt = (x: bigint[], y: bigint[]): bigint => x[0] * y[0] + x[1] * y[1] + x[2] * y[2];
  const m = cr(d, e);
  const w = cr(Vv, e);
  const A2 = dt(w, w);
  const B2 = dt(m, w);
  const C2 = dt(m, m) - R * R * dt(e, e);
  if (B2 >= 0n || C2 <= 0n) return null;
  const disc = B2 * B2 - A2 * C2;
  if (disc <= 0n) return null;
  const S = isqrt(disc << (2n * PREC));
  return { num: C2 << PREC, den: (-B2 << PREC) + S };
}
