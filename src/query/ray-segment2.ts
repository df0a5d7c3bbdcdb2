/**
 * A ray against a thin segment in 2D: where the line o + s d crosses the segment a..b.
 *
 * With e = b - a, the segment's line is the zero set of f(p) = e x (p - a), and along the ray
 * f(o + s d) = e x (o - a) + s (e x d), so the ray meets the line at
 *
 *   s* = N / D,   N = e x (a - o),   D = e x d,
 *
 * (Cramer's rule on o + s d = a + u e; Ericson, "Real-Time Collision Detection", 2005, 5.1.9).
 * The crossing counts when s* >= 0 (N and D of one sign, or N = 0: the origin on the line) and
 * the crossing point lies on the closed segment: a and b are not strictly on one side of the
 * ray's line, that is g(a) = d x (a - o) and g(b) = d x (b - o) are not both > 0 or both < 0.
 *
 * Exactness, in the manner of the other ray queries: every decision (which side, parallel or
 * not, through an end point or beside it) is an exact sign, screened in plain doubles with a
 * rigorous error bound and otherwise settled by Shewchuk's exact expansion sum
 * (exact-cross-sign.ts). N and D are formed from exact differences (TwoSum) and exact leading
 * products (TwoProduct) as double-doubles, exactly (expansion sum) when they cancel, and s* is
 * their quotient corrected once from the exact remainder: within an ulp of the exact crossing
 * parameter of the given doubles. Inputs far from 1 in magnitude are rescaled by powers of two
 * first (exact), so squares neither overflow nor underflow.
 */
import { SPLITTER, ldexp } from "../math/double-double.js";
import { exactCrossOut, exactCrossSign, exactCrossValue } from "./exact-cross-sign.js";
import { FEATURE_INTERIOR, FEATURE_VERTEX, type WallHit2 } from "./types.js";
import type { Ray2, Segment2 } from "./types-geometry2.js";
import { checkTMax } from "./validate.js";
import { checkRay2, checkSegment2 } from "./validate-geometry2.js";

/** Relative bound of a 2x2 determinant evaluated in plain doubles (Shewchuk's ccwerrboundA, rounded up). */
const ORIENT_BOUND = 4 * 2 ** -53;
/** A double-double cross product is trusted as a value when it is above this share of its terms. */
const TRUST = 2 ** -48;

/**
 * Inputs and outputs of the kernel: x, y, dx, dy, ax, ay, bx, by, maxS in 0..8 (scaled in place
 * when far from 1); the parameter in 9 (Infinity for a miss), the end point crossed in 10 (-1
 * none, 0 a, 1 b), the sign of D = e x d in 11. Doubles travel through it, so none is boxed.
 */
const io = new Float64Array(12);
/** [hi, lo, sum of the leading products' magnitudes] of the last {@link crossDD}. */
const cross = new Float64Array(3);

/**
 * (p1 - p0) x (q1 - q0) as a double-double in `cross` (with the size of its leading terms in
 * cross[2]): the four differences exact (TwoSum), the two leading products exact (TwoProduct),
 * the cross terms of the low parts in plain doubles. Absolute error about 2^-104 cross[2].
 */
function crossDD(p0x: number, p0y: number, p1x: number, p1y: number, q0x: number, q0y: number, q1x: number, q1y: number): void {
  let bb: number;
  const uxh = p1x - p0x; bb = uxh - p1x; const uxl = p1x - (uxh - bb) + (-p0x - bb);
  const uyh = p1y - p0y; bb = uyh - p1y; const uyl = p1y - (uyh - bb) + (-p0y - bb);
  const wxh = q1x - q0x; bb = wxh - q1x; const wxl = q1x - (wxh - bb) + (-q0x - bb);
  const wyh = q1y - q0y; bb = wyh - q1y; const wyl = q1y - (wyh - bb) + (-q0y - bb);
  let t = SPLITTER * uxh; const uxH = t - (t - uxh); const uxL = uxh - uxH;
  t = SPLITTER * uyh; const uyH = t - (t - uyh); const uyL = uyh - uyH;
  t = SPLITTER * wxh; const wxH = t - (t - wxh); const wxL = wxh - wxH;
  t = SPLITTER * wyh; const wyH = t - (t - wyh); const wyL = wyh - wyH;
  const p1 = uxh * wyh; const p1e = uxH * wyH - p1 + uxH * wyL + uxL * wyH + uxL * wyL;
  const p2 = uyh * wxh; const p2e = uyH * wxH - p2 + uyH * wxL + uyL * wxH + uyL * wxL;
  const s = p1 - p2; bb = s - p1;
  const low = p1 - (s - bb) + (-p2 - bb) + p1e - p2e + (uxh * wyl + uxl * wyh - uyh * wxl - uyl * wxh) + (uxl * wyl - uyl * wxl);
  const h = s + low;
  cross[0] = h;
  cross[1] = low - (h - s);
  cross[2] = Math.abs(p1) + Math.abs(p2);
}

/** crossDD, made exact (expansion sum) when the double-double value is too small to trust. */
function crossValue(p0x: number, p0y: number, p1x: number, p1y: number, q0x: number, q0y: number, q1x: number, q1y: number): void {
  crossDD(p0x, p0y, p1x, p1y, q0x, q0y, q1x, q1y);
  if (Math.abs(cross[0]) > TRUST * cross[2]) return;
  exactCrossValue(p0x, p0y, p1x, p1y, q0x, q0y, q1x, q1y);
  cross[0] = exactCrossOut[0];
  cross[1] = exactCrossOut[1];
}

/** Exact sign of d x (p - o): a plain screen, then the expansion sum. */
function sideOfRay(x: number, y: number, dx: number, dy: number, px: number, py: number): number {
  const a = dx * (py - y), b = dy * (px - x);
  const v = a - b;
  const bound = ORIENT_BOUND * (Math.abs(a) + Math.abs(b));
  if (v > bound) return 1;
  if (v < -bound) return -1;
  return exactCrossSign(0, 0, dx, dy, x, y, px, py);
}

/** The kernel on {@link io}: see the file comment. */
function raySegmentKernel(): void {
  const q = io;
  q[9] = Infinity;
  q[10] = -1;
  q[11] = 0;
  let x = q[0], y = q[1], dx = q[2], dy = q[3], ax = q[4], ay = q[5], bx = q[6], by = q[7];
  if ((ax === bx && ay === by) || (dx === 0 && dy === 0)) return; // a point, or no direction: never crossed
  // Scale positions by 2^k and the direction by 2^j when far from 1 (the parameter scales by 2^(k - j)).
  let k = 0, j = 0;
  let m = Math.max(Math.abs(ax - x), Math.abs(ay - y), Math.abs(bx - x), Math.abs(by - y), Math.abs(bx - ax), Math.abs(by - ay));
  if (m === Infinity) {
    x *= 0.5; y *= 0.5; ax *= 0.5; ay *= 0.5; bx *= 0.5; by *= 0.5;
    k = -1;
    m = Math.max(Math.abs(ax - x), Math.abs(ay - y), Math.abs(bx - x), Math.abs(by - y), Math.abs(bx - ax), Math.abs(by - ay));
  }
  if (!(m > 2 ** -400 && m < 2 ** 400)) {
    const s = -Math.floor(Math.log2(m));
    x = ldexp(x, s); y = ldexp(y, s); ax = ldexp(ax, s); ay = ldexp(ay, s); bx = ldexp(bx, s); by = ldexp(by, s);
    k += s;
    if (ax === bx && ay === by) return; // the segment vanished beside coordinates 2^1000 times larger
  }
  const md = Math.max(Math.abs(dx), Math.abs(dy));
  if (!(md > 2 ** -400 && md < 2 ** 400)) {
    const s = -Math.floor(Math.log2(md));
    dx = ldexp(dx, s); dy = ldexp(dy, s);
    j = s;
  }
  // D = e x d: zero means the ray runs parallel to the segment (along it: a tangent, no crossing).
  crossValue(ax, ay, bx, by, 0, 0, dx, dy);
  const dh = cross[0], dl = cross[1];
  if (dh === 0) return;
  q[11] = dh > 0 ? 1 : -1;
  // N = e x (a - o): the crossing is behind the origin when N and D differ in sign.
  crossValue(ax, ay, bx, by, x, y, ax, ay);
  const nh = cross[0], nl = cross[1];
  if (nh !== 0 && (nh > 0) !== (dh > 0)) return;
  // The crossing point lies on the closed segment unless a and b are on one side of the ray's line.
  const ga = sideOfRay(x, y, dx, dy, ax, ay);
  const gb = sideOfRay(x, y, dx, dy, bx, by);
  if (ga * gb > 0) return;
  let t = 0;
  if (nh !== 0) {
    // N / D: the quotient of the high parts, corrected once from the exact remainder.
    const q0 = nh / dh;
    let s = SPLITTER * q0; const qH = s - (s - q0); const qL = q0 - qH;
    s = SPLITTER * dh; const dH = s - (s - dh); const dL = dh - dH;
    const p = q0 * dh; const pe = qH * dH - p + qH * dL + qL * dH + qL * dL;
    t = q0 + (nh - p - pe + nl - q0 * dl) / dh;
    t = ldexp(t, j - k);
  }
  if (!(t <= q[8])) return;
  q[9] = t;
  q[10] = ga === 0 ? 0 : gb === 0 ? 1 : -1;
}

/**
 * The parameter s in [0, maxS] at which the ray (x, y) + s (dx, dy) crosses the thin segment
 * a..b, or Infinity; the cases of {@link rayHitSegment}. Unchecked kernel: finite inputs,
 * maxS >= 0 (Infinity allowed).
 */
export function rayHitSegmentRaw(
  x: number, y: number, dx: number, dy: number,
  ax: number, ay: number, bx: number, by: number, maxS: number,
): number {
  const q = io;
  q[0] = x; q[1] = y; q[2] = dx; q[3] = dy; q[4] = ax; q[5] = ay; q[6] = bx; q[7] = by; q[8] = maxS;
  raySegmentKernel();
  return q[9];
}

/**
 * The first parameter s in [0, maxS] at which the ray (x, y) + s (dx, dy) meets the thin
 * (two-sided) segment a..b (maxS defaults to Infinity: the whole ray). The direction need not
 * be unit length: s is measured in units of (dx, dy).
 *
 * - Origin on the segment (and the ray not along it): 0.
 * - Pointing away from the segment's line, or crossing the line beside the segment: Infinity.
 *   A crossing exactly through an end point is a hit.
 * - A ray along the segment's line (parallel to it), a zero direction, or a segment of zero
 *   length: Infinity (a thin segment is only ever crossed, as a ray in a triangle's plane never
 *   hits the triangle, see {@link rayTriangle}).
 *
 * Accuracy: the hit decision is exact for the given doubles; s is within an ulp of the exact
 * crossing parameter N / D (see the file comment). Inputs whose coordinates span more than
 * about 2^1000 in scale may lose the smaller ones. Throws a RangeError for non-finite
 * coordinates or a negative or NaN maxS.
 */
export function rayHitSegment(ray: Ray2, segment: Segment2, maxS = Infinity): number {
  checkRay2(ray, "ray");
  checkSegment2(segment, "segment");
  checkTMax(maxS);
  return rayHitSegmentRaw(ray.x, ray.y, ray.dx, ray.dy, segment.ax, segment.ay, segment.bx, segment.by, maxS);
}

/**
 * Like {@link raycastSegment} from plain numbers, without argument checks: fills `out` and
 * returns true on a hit; on a miss returns false and leaves `out` as it was.
 */
export function raycastSegmentRaw(
  out: WallHit2, x: number, y: number, dx: number, dy: number,
  ax: number, ay: number, bx: number, by: number, maxS: number,
): boolean {
  const t = rayHitSegmentRaw(x, y, dx, dy, ax, ay, bx, by, maxS);
  if (t === Infinity) return false;
  // The segment's normal (-ey, ex), turned along the ray (from the ray into the segment), unit
  // length from the larger component first so that its squares never overflow or underflow.
  const sign = io[11];
  let nx = -(by - ay), ny = bx - ax;
  if (!(Math.abs(nx) < Infinity && Math.abs(ny) < Infinity)) {
    nx = -(0.5 * by - 0.5 * ay);
    ny = 0.5 * bx - 0.5 * ax;
  }
  const big = Math.max(Math.abs(nx), Math.abs(ny));
  nx /= big;
  ny /= big;
  const len = Math.sqrt(nx * nx + ny * ny);
  out.t = t;
  out.px = x + t * dx;
  out.py = y + t * dy;
  out.nx = (sign * nx) / len + 0;
  out.ny = (sign * ny) / len + 0;
  const end = io[10];
  out.feature = end < 0 ? FEATURE_INTERIOR : FEATURE_VERTEX;
  out.index = end < 0 ? 0 : end;
  return true;
}

/**
 * Like {@link raycastSegment}, without allocating: on a hit fills `out` and returns true; on a
 * miss returns false and leaves `out` as it was.
 */
export function raycastSegmentInto(out: WallHit2, ray: Ray2, segment: Segment2, maxS = Infinity): boolean {
  checkRay2(ray, "ray");
  checkSegment2(segment, "segment");
  checkTMax(maxS);
  return raycastSegmentRaw(out, ray.x, ray.y, ray.dx, ray.dy, segment.ax, segment.ay, segment.bx, segment.by, maxS);
}

/**
 * A ray against a thin segment with the hit described: `{t, px, py, nx, ny, feature, index}` or
 * null. t as {@link rayHitSegment} (same cases and accuracy); (px, py) the point on the ray at
 * t; n the segment's unit normal turned along the ray (from the ray into the segment: n . d >
 * 0, carom's "from A towards B"; negate it for the surface normal facing the ray). feature is
 * FEATURE_VERTEX with index 0 (a) or 1 (b) when the ray crosses exactly through an end point,
 * else FEATURE_INTERIOR (index 0).
 */
export function raycastSegment(ray: Ray2, segment: Segment2, maxS = Infinity): WallHit2 | null {
  const out: WallHit2 = { t: 0, px: 0, py: 0, nx: 0, ny: 0, feature: 0, index: 0 };
  return raycastSegmentInto(out, ray, segment, maxS) ? out : null;
}
