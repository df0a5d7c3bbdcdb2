/**
 * A moving circle against a solid axis-aligned rectangle: first contact with one of its four
 * sides or four corners.
 *
 * The circle touches the box when its centre reaches the box's Minkowski sum with a disc of
 * radius r: a rounded rectangle made of the box expanded by r along x, the box expanded by r
 * along y, and a disc of radius r at each corner. Its first contact is found the way Ericson
 * ("Real-Time Collision Detection", 2005, 5.5.7) does in 3D: intersect the centre's path with
 * the box expanded by r in both directions (slab method); if the entry point lies abreast of a
 * side, that side is hit there; if it lies in a corner square, the centre can only reach the
 * rounded rectangle through that corner's disc (the square's inner edges are radii of the
 * disc), so the circle kernel {@link toiCirclesRaw} against the corner (a circle of radius 0 at
 * rest) gives the answer, exact to an ulp.
 *
 * The rule of contact uses the signed distance D(t) from the centre to the box (negative
 * inside), which is convex along the path: a circle whose centre starts in a side's region
 * within r of it approaches when it moves towards that side; one starting in a corner region
 * within r of the corner is decided by the corner's circle kernel; a centre inside the box
 * approaches when it moves deeper, away from the nearest side (away from every nearest side on
 * a tie), and then reports that side with t = 0.
 *
 * Side times are (bound - c -/+ r) / v with the numerator summed exactly (TwoSum) and the
 * quotient corrected once from its exact remainder (TwoProduct): within 1 ulp.
 *
 * Sides and corners are numbered counter-clockwise from the bottom left: corner 0 (minX, minY),
 * 1 (maxX, minY), 2 (maxX, maxY), 3 (minX, maxY); side k joins corner k to corner k + 1:
 * 0 bottom, 1 right, 2 top, 3 left.
 */
import { SPLITTER, offsetAt } from "../math/double-double.js";
import { toiCirclesRaw } from "./toi-circle-circle.js";
import { FEATURE_INTERIOR, FEATURE_VERTEX } from "./types.js";
import type { Box2, MovingCircle, WallHit2 } from "./types.js";
import { checkMovingCircle, checkTMax } from "./validate.js";
import { checkBox2 } from "./validate-geometry2.js";

const U8 = 8 * 2 ** -53;
const TINY = 2 ** -1000;

/** What the last hit of {@link toiCircleBoxRaw} touched: [feature, index] (side or corner number). */
export const circleBoxFeature = new Float64Array(2);

function hit(t: number, feature: number, index: number): number {
  circleBoxFeature[0] = feature;
  circleBoxFeature[1] = index;
  return t;
}

/** Exactly: a - b <= r (the difference by TwoSum, then compared with its rounding error). */
function differenceAtMost(a: number, b: number, r: number): boolean {
  const s = a - b;
  const bb = s - a;
  const e = a - (s - bb) + (-b - bb);
  return s < r || (s === r && e <= 0);
}

/** Exactly: a - b < r. */
function differenceBelow(a: number, b: number, r: number): boolean {
  const s = a - b;
  const bb = s - a;
  const e = a - (s - bb) + (-b - bb);
  return s < r || (s === r && e < 0);
}

/**
 * (bound - c + rr) / v within about an ulp: the three-term numerator summed exactly (two
 * TwoSums) and rounded, the quotient corrected once from its exact remainder (TwoProduct).
 */
function sideTime(bound: number, c: number, rr: number, v: number): number {
  let s = bound - c;
  let bb = s - bound;
  const e1 = bound - (s - bb) + (-c - bb);
  const s2 = s + rr;
  bb = s2 - s;
  const e2 = s - (s2 - bb) + (rr - bb);
  const low = e1 + e2;
  const nh = s2 + low;
  const nl = low - (nh - s2);
  const q = nh / v;
  if (!(Math.abs(q) < 2 ** 996 && Math.abs(v) < 2 ** 996)) return q;
  let t = SPLITTER * q;
  const qH = t - (t - q);
  const qL = q - qH;
  t = SPLITTER * v;
  const vH = t - (t - v);
  const vL = v - vH;
  const qv = q * v;
  s = qH * vH - qv + qH * vL + qL * vH + qL * vL;
  return q + (nh - qv - s + nl) / v;
}

/**
 * (p - q) + t v to double-double accuracy (offsetAt), or in plain doubles where the products
 * leave the range of Veltkamp's split (|t v| beyond about 2^996, where offsetAt gives NaN).
 */
function offsetFrom(p: number, q: number, v: number, t: number): number {
  const o = offsetAt(p, q, v, 0, t);
  return o === o ? o : p - q + t * v;
}

/** Corner number of the corner at (xs, ys) in {-1, 1}^2. */
function cornerIndex(xs: number, ys: number): number {
  return ys < 0 ? (xs < 0 ? 0 : 1) : xs < 0 ? 3 : 2;
}

/**
 * Time of impact of the circle (cx, cy, r) moving with (vx, vy) against the solid box, in
 * [0, tMax]; Infinity for none. On a hit, {@link circleBoxFeature} says what was touched.
 * Unchecked kernel for simulation loops: finite inputs, r >= 0, minX <= maxX, minY <= maxY,
 * tMax >= 0 (Infinity allowed). Conventions and accuracy as {@link timeOfImpactCircleBox}.
 */
export function toiCircleBoxRaw(
  cx: number, cy: number, vx: number, vy: number, r: number,
  minX: number, minY: number, maxX: number, maxY: number, tMax: number,
): number {
  // Small, so that it inlines: the numbers travel to the kernel through a Float64Array (a call
  // TurboFan does not inline would box every double argument and the result).
  const q = boxIO;
  q[0] = cx; q[1] = cy; q[2] = vx; q[3] = vy; q[4] = r; q[5] = minX; q[6] = minY; q[7] = maxX; q[8] = maxY; q[9] = tMax;
  q[10] = boxKernel();
  return q[10];
}

/** Inputs of {@link boxKernel} (cx, cy, vx, vy, r, minX, minY, maxX, maxY, tMax) and its time (slot 10). */
const boxIO = new Float64Array(11);

/** The kernel of {@link toiCircleBoxRaw}, on the inputs in {@link boxIO}. */
function boxKernel(): number {
  const q = boxIO;
  const cx = q[0], cy = q[1], vx = q[2], vy = q[3], r = q[4], minX = q[5], minY = q[6], maxX = q[7], maxY = q[8], tMax = q[9];
  // Corner cases leave the block with the corner's signs; the circle kernel then has a single
  // call site (so it inlines here once).
  let kxs = 0;
  let kys = 0;
  decide: {
    // No motion: no first contact.
    if (vx === 0 && vy === 0) return Infinity;
    const xs = cx < minX ? -1 : cx > maxX ? 1 : 0;
    const ys = cy < minY ? -1 : cy > maxY ? 1 : 0;
    if (xs === 0 && ys === 0) {
      // Centre inside the box: approaching means moving deeper, away from the nearest side(s).
      const dB = cy - minY;
      const dR = maxX - cx;
      const dT = maxY - cy;
      const dL = cx - minX;
      const m = Math.min(dB, dR, dT, dL);
      // On a tie the x side is reported (as for an entry through a corner), which keeps the
      // answer symmetric under mirroring in either axis.
      let side = -1;
      if (dL === m) { if (!(vx > 0)) return Infinity; side = 3; }
      if (dR === m) { if (!(vx < 0)) return Infinity; if (side < 0) side = 1; }
      if (dB === m) { if (!(vy > 0)) return Infinity; if (side < 0) side = 0; }
      if (dT === m) { if (!(vy < 0)) return Infinity; if (side < 0) side = 2; }
      return hit(0, FEATURE_INTERIOR, side);
    }
    if (xs !== 0 && ys !== 0) {
      // Corner region: when the centre may be within r of the corner, the corner decides.
      const kx = xs < 0 ? minX : maxX;
      const ky = ys < 0 ? minY : maxY;
      const dx = cx - kx;
      const dy = cy - ky;
      const D = dx * dx + dy * dy;
      const R2 = r * r;
      if (D - R2 <= U8 * (D + R2) + TINY) { kxs = xs; kys = ys; break decide; }
    } else if (xs !== 0) {
      // Left or right of the box, abreast of the side: within r, the side decides.
      if (xs < 0 ? differenceAtMost(minX, cx, r) : differenceAtMost(cx, maxX, r)) {
        return (xs < 0 ? vx > 0 : vx < 0) ? hit(0, FEATURE_INTERIOR, xs < 0 ? 3 : 1) : Infinity;
      }
    } else if (ys < 0 ? differenceAtMost(minY, cy, r) : differenceAtMost(cy, maxY, r)) {
      return (ys < 0 ? vy > 0 : vy < 0) ? hit(0, FEATURE_INTERIOR, ys < 0 ? 0 : 2) : Infinity;
    }

    // Certainly outside the rounded box: slabs of the box expanded by r.
    let t0 = -Infinity;
    let t1 = Infinity;
    if (vx > 0) {
      t0 = (minX - r - cx) / vx;
      t1 = (maxX + r - cx) / vx;
    } else if (vx < 0) {
      t0 = (maxX + r - cx) / vx;
      t1 = (minX - r - cx) / vx;
    } else if (!(differenceBelow(minX, cx, r) && differenceBelow(cx, maxX, r))) {
      // Not strictly inside the expanded slab: never in it, or running along its edge at exactly r.
      return Infinity;
    }
    let u0 = -Infinity;
    let u1 = Infinity;
    if (vy > 0) {
      u0 = (minY - r - cy) / vy;
      u1 = (maxY + r - cy) / vy;
    } else if (vy < 0) {
      u0 = (maxY + r - cy) / vy;
      u1 = (minY - r - cy) / vy;
    } else if (!(differenceBelow(minY, cy, r) && differenceBelow(cy, maxY, r))) {
      return Infinity;
    }
    const enterX = t0 >= u0;
    const enter = enterX ? t0 : u0;
    const exit = t1 < u1 ? t1 : u1;
    // A miss, or touching the expanded box at a single instant: for r = 0 a corner graze, unless
    // the box has zero width (or height) and the point crosses it strictly between its ends.
    if (!(enter < exit)) {
      if (!(r === 0 && enter === exit)) return Infinity;
      const crossing = (t0 === t1 && u0 !== u1 && u0 < enter && enter < u1) || (u0 === u1 && t0 !== t1 && t0 < enter && enter < t1);
      if (!crossing) return Infinity;
    }
    if (exit <= 0 || enter > tMax) return Infinity;
    if (enter < 0) {
      // The centre starts in a corner square of the expanded box, outside the corner's disc.
      { kxs = xs; kys = ys; break decide; }
    }
    // The entry point abreast of a side, or in a corner square? Measured from each end of the
    // side at the refined time, with the offset formed to double-double accuracy (offsetAt), so
    // the test is sharp near the corner even far from the origin.
    if (enterX) {
      const t = vx > 0 ? sideTime(minX, cx, -r, vx) : sideTime(maxX, cx, r, vx);
      const below = offsetFrom(cy, minY, vy, t) < 0;
      if (r === 0 || (!below && offsetFrom(cy, maxY, vy, t) <= 0)) {
        return t <= tMax ? hit(t, FEATURE_INTERIOR, vx > 0 ? 3 : 1) : Infinity;
      }
      { kxs = vx > 0 ? -1 : 1; kys = below ? -1 : 1; break decide; }
    }
    const t = vy > 0 ? sideTime(minY, cy, -r, vy) : sideTime(maxY, cy, r, vy);
    const left = offsetFrom(cx, minX, vx, t) < 0;
    if (r === 0 || (!left && offsetFrom(cx, maxX, vx, t) <= 0)) {
      return t <= tMax ? hit(t, FEATURE_INTERIOR, vy > 0 ? 0 : 2) : Infinity;
    }
    { kxs = left ? -1 : 1; kys = vy > 0 ? -1 : 1; break decide; }
  }
  return hit(toiCirclesRaw(cx, cy, vx, vy, r, kxs < 0 ? minX : maxX, kys < 0 ? minY : maxY, 0, 0, 0, tMax), FEATURE_VERTEX, cornerIndex(kxs, kys));
}

/** Writes the unit vector along (x, y) to out.nx, out.ny, scaling first so nothing overflows. */
function setNormal(out: WallHit2, x: number, y: number): void {
  const m = Math.max(Math.abs(x), Math.abs(y));
  const sx = x / m;
  const sy = y / m;
  const len = Math.sqrt(sx * sx + sy * sy);
  out.nx = sx / len + 0; // + 0 turns -0 into 0
  out.ny = sy / len + 0;
}

/**
 * Like {@link toiCircleBoxRaw}, and on a hit fills `out` (time, contact point, unit normal,
 * feature, index) and returns true; on a miss returns false and leaves `out` alone.
 */
export function sweepCircleBoxRaw(
  out: WallHit2,
  cx: number, cy: number, vx: number, vy: number, r: number,
  minX: number, minY: number, maxX: number, maxY: number, tMax: number,
): boolean {
  const t = toiCircleBoxRaw(cx, cy, vx, vy, r, minX, minY, maxX, maxY, tMax);
  if (t === Infinity) return false;
  const feature = circleBoxFeature[0];
  const index = circleBoxFeature[1];
  out.t = t;
  out.feature = feature;
  out.index = index;
  if (feature === FEATURE_VERTEX) {
    const kx = index === 0 || index === 3 ? minX : maxX;
    const ky = index < 2 ? minY : maxY;
    setNormal(out, offsetFrom(kx, cx, -vx, t), offsetFrom(ky, cy, -vy, t));
    out.px = kx;
    out.py = ky;
    return true;
  }
  // A side: the normal is the side's inward normal; the contact point is the centre at t
  // projected onto the side (clamped to its ends).
  if (index === 0 || index === 2) {
    const x = cx + t * vx;
    out.nx = 0;
    out.ny = index === 0 ? 1 : -1;
    out.px = x < minX ? minX : x > maxX ? maxX : x;
    out.py = index === 0 ? minY : maxY;
  } else {
    const y = cy + t * vy;
    out.nx = index === 3 ? 1 : -1;
    out.ny = 0;
    out.px = index === 3 ? minX : maxX;
    out.py = y < minY ? minY : y > maxY ? maxY : y;
  }
  return true;
}

/**
 * Time of impact of a moving circle with a solid axis-aligned box: the earliest t in
 * [0, tMax] (tMax defaults to 1) at which the circle touches the box while approaching it;
 * Infinity for none.
 *
 * - Already overlapping (or touching) and approaching: 0. Approaching means the signed distance
 *   from the centre to the box is decreasing: towards the nearest side or corner from outside;
 *   deeper (away from the nearest side) for a centre inside the box.
 * - Moving apart, sliding parallel to a side (overlapping it or at exactly distance r), or at
 *   rest: Infinity.
 * - A tangent graze of a corner, or running along a side at exactly distance r: Infinity.
 *   Contact after tMax: Infinity.
 * - A circle of radius 0 is a moving point: it hits when it enters the box (also exactly
 *   through a corner), not when it only touches a corner or runs along a side. A box of zero
 *   width or height is allowed (a segment); min > max is an error.
 *
 * Accuracy: corners exact to an ulp (the circle kernel); sides within 1 ulp of the exact time
 * of the given doubles. Which side or corner is reported can differ from the exact one only for
 * an entry within rounding of the boundary between a side and a corner, where both give the
 * same time to second order (for r = 0, a side is always reported). Throws a RangeError for
 * non-finite input, a negative radius, a box with min > max, or a negative or NaN tMax.
 */
export function timeOfImpactCircleBox(circle: MovingCircle, box: Box2, tMax = 1): number {
  checkMovingCircle(circle, "circle");
  checkBox2(box, "box");
  checkTMax(tMax);
  return toiCircleBoxRaw(circle.x, circle.y, circle.vx, circle.vy, circle.r, box.minX, box.minY, box.maxX, box.maxY, tMax);
}

/**
 * Like {@link sweepCircleBox}, without allocating: on a hit fills `out` and returns true; on a
 * miss returns false and leaves `out` as it was.
 */
export function sweepCircleBoxInto(out: WallHit2, circle: MovingCircle, box: Box2, tMax = 1): boolean {
  checkMovingCircle(circle, "circle");
  checkBox2(box, "box");
  checkTMax(tMax);
  return sweepCircleBoxRaw(out, circle.x, circle.y, circle.vx, circle.vy, circle.r, box.minX, box.minY, box.maxX, box.maxY, tMax);
}

/**
 * First contact of a moving circle with a solid axis-aligned box:
 * `{t, px, py, nx, ny, feature, index}` or null, with the conventions and accuracy of
 * {@link timeOfImpactCircleBox}.
 *
 * - feature FEATURE_INTERIOR: side `index` (0 bottom, 1 right, 2 top, 3 left); the normal is
 *   the side's inward normal (from the circle towards the box), e.g. (0, 1) for the bottom.
 * - feature FEATURE_VERTEX: corner `index` (0 (minX, minY), 1 (maxX, minY), 2 (maxX, maxY),
 *   3 (minX, maxY)); the normal points from the centre at t to the corner.
 * - (px, py): the point of the box boundary nearest the centre at t, the contact point (equal
 *   to centre + r n for t > 0); for a centre starting inside, its projection on the side.
 */
export function sweepCircleBox(circle: MovingCircle, box: Box2, tMax = 1): WallHit2 | null {
  const out: WallHit2 = { t: 0, px: 0, py: 0, nx: 0, ny: 0, feature: 0, index: 0 };
  return sweepCircleBoxInto(out, circle, box, tMax) ? out : null;
}
