/**
 * A moving circle against a polyline (a chain of segments given as flat coordinates
 * [x0, y0, x1, y1, ...]): the first contact over all its segments.
 *
 * Each segment i (from vertex i to vertex i + 1) is a capsule, answered exactly by
 * {@link toiCircleSegmentRaw}; the polyline's first contact is the smallest of their times.
 * The search keeps the best time found so far as the horizon of the next segment, so later
 * segments are rejected by the kernel's cheap screens. A shared vertex belongs to two segments;
 * when both report it at the same time the earlier segment wins, which names the same vertex.
 *
 * Overlap: a circle that overlaps one segment and approaches it gets 0; a circle sliding along
 * one segment (overlapping or touching it, parallel) is not stopped by that segment, but is by
 * the next one it runs into (a corner), at the time it touches it while approaching.
 */
import { FEATURE_VERTEX } from "./types.js";
import type { MovingCircle, WallHit2 } from "./types.js";
import { circleSegmentFeature, fillCircleSegmentHit, toiCircleSegmentRaw } from "./sweep-circle-segment.js";
import { checkMovingCircle, checkTMax } from "./validate.js";
import { checkPolyline2 } from "./validate-geometry2.js";

/**
 * The feature of the last hit of {@link toiCirclePolylineRaw}: [feature, index, segment, end,
 * side] with index a segment number for FEATURE_INTERIOR and a vertex number for
 * FEATURE_VERTEX, segment the number of the segment that reported the hit, and end and side
 * that segment's own end index and side (as in circleSegmentFeature).
 */
export const circlePolylineFeature = new Float64Array(5);

/**
 * Time of impact of the circle (cx, cy, r) moving with (vx, vy) against the polyline with
 * vertices (coords[2i], coords[2i + 1]), i = 0 .. coords.length / 2 - 1; Infinity for none.
 * On a hit, {@link circlePolylineFeature} says what was touched. Unchecked kernel: finite
 * inputs, r >= 0, tMax >= 0, at least two vertices.
 */
export function toiCirclePolylineRaw(
  cx: number, cy: number, vx: number, vy: number, r: number,
  coords: ArrayLike<number>, tMax: number,
): number {
  let best = Infinity;
  let horizon = tMax;
  let feature = 0;
  let index = 0;
  let segment = 0;
  let end = 0;
  let side = 0;
  // The box swept by the circle over [0, horizon], widened by a relative 2^-40 so that rounding
  // can never cull a segment the exact sweep touches: a segment outside it cannot be met.
  let sx = vx === 0 ? cx : cx + vx * horizon;
  let sy = vy === 0 ? cy : cy + vy * horizon;
  let mx = (Math.abs(cx) + Math.abs(sx) + r) * 2 ** -40;
  let my = (Math.abs(cy) + Math.abs(sy) + r) * 2 ** -40;
  let x0 = Math.min(cx, sx) - r - mx;
  let x1 = Math.max(cx, sx) + r + mx;
  let y0 = Math.min(cy, sy) - r - my;
  let y1 = Math.max(cy, sy) + r + my;
  const n = coords.length - 2;
  let ax = coords[0];
  let ay = coords[1];
  for (let i = 0; i < n; i += 2) {
    const bx = coords[i + 2];
    const by = coords[i + 3];
    // Cull segments whose bounding box misses the swept box (the eight comparisons combined
    // without branches: one unpredictable branch per segment instead of up to eight).
    if (((+(ax < x0) & +(bx < x0)) | (+(ax > x1) & +(bx > x1)) | (+(ay < y0) & +(by < y0)) | (+(ay > y1) & +(by > y1))) !== 0) {
      ax = bx;
      ay = by;
      continue;
    }
    const t = toiCircleSegmentRaw(cx, cy, vx, vy, r, ax, ay, bx, by, horizon);
    if (t < best) {
      best = t;
      horizon = t;
      // Shrink the swept box to the new horizon.
      sx = vx === 0 ? cx : cx + vx * t;
      sy = vy === 0 ? cy : cy + vy * t;
      mx = (Math.abs(cx) + Math.abs(sx) + r) * 2 ** -40;
      my = (Math.abs(cy) + Math.abs(sy) + r) * 2 ** -40;
      x0 = Math.min(cx, sx) - r - mx;
      x1 = Math.max(cx, sx) + r + mx;
      y0 = Math.min(cy, sy) - r - my;
      y1 = Math.max(cy, sy) + r + my;
      feature = circleSegmentFeature[0];
      // A vertex is named by its number in the polyline: segment i joins vertices i and i + 1.
      segment = i >> 1;
      end = circleSegmentFeature[1];
      side = circleSegmentFeature[2];
      index = feature === FEATURE_VERTEX ? segment + end : segment;
    }
    ax = bx;
    ay = by;
  }
  if (best !== Infinity) {
    circlePolylineFeature[0] = feature;
    circlePolylineFeature[1] = index;
    circlePolylineFeature[2] = segment;
    circlePolylineFeature[3] = end;
    circlePolylineFeature[4] = side;
  }
  return best;
}

/**
 * Like {@link toiCirclePolylineRaw}, and on a hit fills `out` (time, contact point, unit
 * normal, feature, index) and returns true; on a miss returns false and leaves `out` alone.
 */
export function sweepCirclePolylineRaw(
  out: WallHit2,
  cx: number, cy: number, vx: number, vy: number, r: number,
  coords: ArrayLike<number>, tMax: number,
): boolean {
  const t = toiCirclePolylineRaw(cx, cy, vx, vy, r, coords, tMax);
  if (t === Infinity) return false;
  const f = circlePolylineFeature;
  const j = 2 * f[2];
  // The winning segment's normal and contact point, then the polyline's numbering.
  fillCircleSegmentHit(out, cx, cy, vx, vy, coords[j], coords[j + 1], coords[j + 2], coords[j + 3], t, f[0], f[3], f[4]);
  out.index = f[1];
  return true;
}

/**
 * Time of impact of a moving circle with a polyline: the earliest t in [0, tMax] (tMax
 * defaults to 1) at which it touches any of the segments while approaching that segment;
 * Infinity for none. Same conventions as {@link timeOfImpactCircleSegment} for each segment:
 * overlapping and approaching gives 0, moving apart or sliding parallel gives none, a tangent
 * graze gives none. Accuracy as for one segment. Throws a RangeError for non-finite input, a
 * negative radius, a negative or NaN tMax, or coordinates that are not an even number >= 4 of
 * finite values.
 */
export function timeOfImpactCirclePolyline(circle: MovingCircle, polyline: ArrayLike<number>, tMax = 1): number {
  checkMovingCircle(circle, "circle");
  checkPolyline2(polyline, "polyline");
  checkTMax(tMax);
  return toiCirclePolylineRaw(circle.x, circle.y, circle.vx, circle.vy, circle.r, polyline, tMax);
}

/**
 * Like {@link sweepCirclePolyline}, without allocating: on a hit fills `out` and returns true;
 * on a miss returns false and leaves `out` as it was.
 */
export function sweepCirclePolylineInto(out: WallHit2, circle: MovingCircle, polyline: ArrayLike<number>, tMax = 1): boolean {
  checkMovingCircle(circle, "circle");
  checkPolyline2(polyline, "polyline");
  checkTMax(tMax);
  return sweepCirclePolylineRaw(out, circle.x, circle.y, circle.vx, circle.vy, circle.r, polyline, tMax);
}

/**
 * First contact of a moving circle with a polyline given as flat coordinates
 * [x0, y0, x1, y1, ...] (repeat the first vertex at the end for a closed outline):
 * `{t, px, py, nx, ny, feature, index}` or null.
 *
 * - feature FEATURE_INTERIOR: the inside of segment `index` (from vertex index to index + 1);
 *   the normal is perpendicular to it, towards the segment.
 * - feature FEATURE_VERTEX: vertex `index` (a shared corner or an end of the chain); the
 *   normal points from the centre at t to the vertex.
 * - (px, py): the polyline point nearest the centre at t (the contact point for t > 0).
 *
 * Same conventions and accuracy as {@link timeOfImpactCirclePolyline}.
 */
export function sweepCirclePolyline(circle: MovingCircle, polyline: ArrayLike<number>, tMax = 1): WallHit2 | null {
  const out: WallHit2 = { t: 0, px: 0, py: 0, nx: 0, ny: 0, feature: 0, index: 0 };
  return sweepCirclePolylineInto(out, circle, polyline, tMax) ? out : null;
}
