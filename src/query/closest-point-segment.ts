/**
 * The point of a segment closest to a given point.
 *
 * With e = b - a and d = p - a, the foot of the perpendicular from p onto the line ab has the
 * parameter s = (d . e) / (e . e); clamping s to [0, 1] gives the closest point of the segment,
 * because the squared distance |d - s e|^2 is a convex quadratic in s (Ericson, "Real-Time
 * Collision Detection", 2005, section 5.1.2). A segment of zero length (a = b) has e = 0: every
 * s gives the same point, and we report s = 0.
 *
 * Numerics: the differences d and e are formed exactly (TwoSum) and the dot products from exact
 * TwoProducts, so s is accurate to about two ulps even when d . e cancels (p almost abreast of
 * an endpoint). The distance is computed without cancellation as well: |e x d| / |e| in the
 * interior (the cross product from the same exact pieces) and |p - a| or |p - b| at the ends,
 * so it keeps its relative accuracy (a few ulps) for a point very close to a long segment.
 * Inputs far from 1 in magnitude are rescaled by a power of two (exact) before squaring.
 */
import { SPLITTER, ldexp } from "../math/double-double.js";
import type { Segment2, SegmentClosestPoint } from "./types-geometry2.js";
import { checkPoint2, checkSegment2 } from "./validate-geometry2.js";

/** Scratch for the pieces shared by the parameter and the distance: [s, crossOverLength]. */
const scratch = new Float64Array(2);

/**
 * Writes s (the clamped parameter) to scratch[0] and, when 0 < s < 1, the distance from p to
 * the line (|e x d| / |e|) to scratch[1]. All differences exact (TwoSum), leading products
 * exact (TwoProduct), second-order terms in plain doubles.
 */
function solve(ax: number, ay: number, bx: number, by: number, px: number, py: number): void {
  let t: number;
  let bb: number;
  // TwoSum: e = b - a and d = p - a exactly as hi + lo.
  let exh = bx - ax; bb = exh - bx; let exl = bx - (exh - bb) + (-ax - bb);
  let eyh = by - ay; bb = eyh - by; let eyl = by - (eyh - bb) + (-ay - bb);
  let dxh = px - ax; bb = dxh - px; let dxl = px - (dxh - bb) + (-ax - bb);
  let dyh = py - ay; bb = dyh - py; let dyl = py - (dyh - bb) + (-ay - bb);
  let m = Math.max(Math.abs(exh), Math.abs(eyh), Math.abs(dxh), Math.abs(dyh));
  let back = 0; // the distance is scaled by 2^back at the end
  if (m === Infinity) {
    // A difference beyond the largest double: the same from halved inputs (exact for normal
    // ones; s is scale-free, the distance doubles back at the end).
    ax *= 0.5; ay *= 0.5; bx *= 0.5; by *= 0.5; px *= 0.5; py *= 0.5;
    exh = bx - ax; bb = exh - bx; exl = bx - (exh - bb) + (-ax - bb);
    eyh = by - ay; bb = eyh - by; eyl = by - (eyh - bb) + (-ay - bb);
    dxh = px - ax; bb = dxh - px; dxl = px - (dxh - bb) + (-ax - bb);
    dyh = py - ay; bb = dyh - py; dyl = py - (dyh - bb) + (-ay - bb);
    m = Math.max(Math.abs(exh), Math.abs(eyh), Math.abs(dxh), Math.abs(dyh));
    back = 1;
  }
  if (m === 0) {
    scratch[0] = 0;
    scratch[1] = 0;
    return;
  }
  // Keep squares clear of overflow and underflow: rescale by a power of two (exact). The
  // parameter s is scale-free; the distance is scaled back at the end.
  if (!(m > 2 ** -400 && m < 2 ** 400)) {
    const k = -Math.floor(Math.log2(m));
    const k1 = k >> 1;
    const f1 = 2 ** k1;
    const f2 = 2 ** (k - k1);
    exh = exh * f1 * f2; exl = exl * f1 * f2; eyh = eyh * f1 * f2; eyl = eyl * f1 * f2;
    dxh = dxh * f1 * f2; dxl = dxl * f1 * f2; dyh = dyh * f1 * f2; dyl = dyl * f1 * f2;
    back -= k;
  }
  t = SPLITTER * exh; const exH = t - (t - exh); const exL = exh - exH;
  t = SPLITTER * eyh; const eyH = t - (t - eyh); const eyL = eyh - eyH;
  t = SPLITTER * dxh; const dxH = t - (t - dxh); const dxL = dxh - dxH;
  t = SPLITTER * dyh; const dyH = t - (t - dyh); const dyL = dyh - dyH;

  // num = d . e, leading products exact (Dekker), their sum by TwoSum.
  const p1 = dxh * exh; const p1e = dxH * exH - p1 + dxH * exL + dxL * exH + dxL * exL;
  const p2 = dyh * eyh; const p2e = dyH * eyH - p2 + dyH * eyL + dyL * eyH + dyL * eyL;
  let s = p1 + p2; bb = s - p1;
  let low = p1 - (s - bb) + (p2 - bb) + p1e + p2e + (dxh * exl + dxl * exh + dyh * eyl + dyl * eyh);
  const num = s + low;
  if (num <= 0) {
    scratch[0] = 0;
    return;
  }
  // den = e . e (a sum of squares: no cancellation).
  const q1 = exh * exh; const q1e = exH * exH - q1 + 2 * exH * exL + exL * exL;
  const q2 = eyh * eyh; const q2e = eyH * eyH - q2 + 2 * eyH * eyL + eyL * eyL;
  const den = q1 + q2 + (q1e + q2e + 2 * (exh * exl + eyh * eyl));
  if (num >= den) {
    scratch[0] = 1;
    return;
  }
  scratch[0] = num / den;
  // cross = e x d = ex dy - ey dx, the same way.
  const c1 = exh * dyh; const c1e = exH * dyH - c1 + exH * dyL + exL * dyH + exL * dyL;
  const c2 = eyh * dxh; const c2e = eyH * dxH - c2 + eyH * dxL + eyL * dxH + eyL * dxL;
  s = c1 - c2; bb = s - c1;
  low = c1 - (s - bb) + (-c2 - bb) + c1e - c2e + (exh * dyl + exl * dyh - eyh * dxl - eyl * dxh);
  scratch[1] = ldexp(Math.abs(s + low) / Math.sqrt(den), back);
}

/**
 * The parameter s in [0, 1] of the point of segment ab closest to (px, py): the point is
 * a + s (b - a). Unchecked kernel (finite inputs). A segment of zero length gives 0.
 * Accuracy: within about two ulps of the exact clamped parameter; exactly 0 or 1 at the ends.
 */
export function closestParameterOnSegmentRaw(ax: number, ay: number, bx: number, by: number, px: number, py: number): number {
  solve(ax, ay, bx, by, px, py);
  return scratch[0];
}

/** sqrt(x^2 + y^2) without overflow or underflow for large or tiny inputs. */
function length(x: number, y: number): number {
  const m = Math.max(Math.abs(x), Math.abs(y));
  if (m > 2 ** -500 && m < 2 ** 500) return Math.sqrt(x * x + y * y);
  // Divide by the larger magnitude first (correctly rounded operations only: the same bits in
  // every engine, which Math.hypot does not promise).
  if (m === 0 || m === Infinity) return m;
  const a = x / m, b = y / m;
  return m * Math.sqrt(a * a + b * b);
}

/** a + s (b - a) for s in [0, 1]; from halves when b - a exceeds the largest double (never NaN). */
function lerp(a: number, b: number, s: number): number {
  const d = b - a;
  return d - d === 0 ? a + s * d : 2 * (0.5 * a + s * (0.5 * b - 0.5 * a));
}

/**
 * Like {@link closestPointOnSegment}, without allocating: fills `out` and returns it.
 */
export function closestPointOnSegmentInto(
  out: SegmentClosestPoint, segment: Segment2, point: { x: number; y: number },
): SegmentClosestPoint {
  checkSegment2(segment, "segment");
  checkPoint2(point, "point");
  const ax = segment.ax, ay = segment.ay, bx = segment.bx, by = segment.by;
  const px = point.x, py = point.y;
  solve(ax, ay, bx, by, px, py);
  const s = scratch[0];
  out.s = s;
  if (s === 0) {
    out.x = ax;
    out.y = ay;
    out.distance = length(px - ax, py - ay);
  } else if (s === 1) {
    out.x = bx;
    out.y = by;
    out.distance = length(px - bx, py - by);
  } else {
    // Interpolate from the nearer end, so that s near 1 keeps the accuracy of b (1 - s is
    // exact for s >= 1/2, by Sterbenz's lemma).
    if (s <= 0.5) {
      out.x = lerp(ax, bx, s);
      out.y = lerp(ay, by, s);
    } else {
      out.x = lerp(bx, ax, 1 - s);
      out.y = lerp(by, ay, 1 - s);
    }
    out.distance = scratch[1];
  }
  return out;
}

/**
 * The point of a segment closest to a point: `{s, x, y, distance}` with the parameter s in
 * [0, 1] (the point is a + s (b - a)), the point itself and its distance from `point`.
 *
 * - A segment of zero length (a = b) is a point: s = 0, the point is a.
 * - Ends: s is exactly 0 or 1 and the point is exactly a or b when the foot of the
 *   perpendicular falls outside the segment (or on its end).
 * - A point on the segment has distance 0 (to the accuracy below).
 *
 * Accuracy: s within about two ulps; the distance within a few ulps relative (computed as
 * |e x d| / |e| or |p - a|, never as a difference of nearby coordinates); the point within an
 * ulp of the coordinates' magnitude. Throws a RangeError for non-finite coordinates.
 */
export function closestPointOnSegment(segment: Segment2, point: { x: number; y: number }): SegmentClosestPoint {
  return closestPointOnSegmentInto({ s: 0, x: 0, y: 0, distance: 0 }, segment, point);
}
