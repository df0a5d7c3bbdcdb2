/**
 * Closest approach of two moving circles or spheres within [0, tMax].
 *
 * The squared centre distance |d + t w|^2 = a t^2 + 2 b t + |d|^2 (a = w.w, b = d.w) has its
 * minimum where its derivative 2 (a t + b) vanishes, t* = -b / a ("Pool Hall Lessons"; any
 * calculus text), clamped to [0, tMax]. At an interior minimum the distance follows from
 * Lagrange's identity |d|^2 |w|^2 - (d.w)^2 = |d x w|^2 as |d x w| / |w|, which stays accurate
 * even when the bodies pass through each other's centre (no cancellation of |d|^2 - b^2 / a).
 * d and w are formed exactly (TwoSum), b and the cross product from exact TwoProducts.
 */
import { dd, dotDD, offsetAt, twoSum } from "../math/double-double.js";
import type { ClosestApproach, MovingCircle, MovingSphere } from "./types.js";
import { checkMovingCircle, checkMovingSphere, checkTMax } from "./validate.js";

function clampTime(b: number, a: number, tMax: number): number {
  // b >= 0: moving apart or at rest, the minimum is now. -b / a > tMax: still approaching at tMax.
  if (!(b < 0)) return 0;
  const t = -b / a;
  return t < tMax ? t : tMax;
}

/**
 * Like {@link closestApproachCircles}, writing into `out` (no allocation); returns `out`.
 */
export function closestApproachCirclesInto(out: ClosestApproach, a: MovingCircle, b: MovingCircle, tMax = 1): ClosestApproach {
  checkMovingCircle(a, "a");
  checkMovingCircle(b, "b");
  checkTMax(tMax);
  twoSum(b.x, -a.x);
  const dxh = dd[0], dxl = dd[1];
  twoSum(b.y, -a.y);
  const dyh = dd[0], dyl = dd[1];
  twoSum(b.vx, -a.vx);
  const wxh = dd[0], wxl = dd[1];
  twoSum(b.vy, -a.vy);
  const wyh = dd[0], wyl = dd[1];
  const bb = dotDD(dxh, dxl, wxh, wxl, dyh, dyl, wyh, wyl, 0, 0, 0, 0);
  const aa = wxh * wxh + wyh * wyh;
  const t = clampTime(bb, aa, tMax);
  out.t = t;
  if (t > 0 && t < tMax) {
    // |d x w| / |w|, the cross product dx wy - dy wx summed exactly.
    const cross = dotDD(dxh, dxl, wyh, wyl, -dyh, -dyl, wxh, wxl, 0, 0, 0, 0);
    out.distance = Math.abs(cross) / Math.sqrt(aa);
  } else {
    const x = offsetAt(b.x, a.x, b.vx, a.vx, t);
    const y = offsetAt(b.y, a.y, b.vy, a.vy, t);
    out.distance = Math.sqrt(x * x + y * y);
  }
  return out;
}

/**
 * Closest approach of two moving circles within [0, tMax]: the time t and the distance
 * between the centres at that time (subtract r_a + r_b for the gap between the surfaces).
 *
 * - Moving apart or at rest relative to each other: t = 0, the current distance.
 * - Still approaching at tMax: t = tMax.
 * - Overlap does not matter here: the centres may pass through each other (distance 0).
 *
 * Accuracy: t within a few ulps of -b / a; the distance within 3 ulps of the exact minimum
 * (measured against a BigInt reference in the tests). Throws a RangeError on bad input.
 */
export function closestApproachCircles(a: MovingCircle, b: MovingCircle, tMax = 1): ClosestApproach {
  return closestApproachCirclesInto({ t: 0, distance: 0 }, a, b, tMax);
}

/** Like {@link closestApproachSpheres}, writing into `out`; returns `out`. */
export function closestApproachSpheresInto(out: ClosestApproach, a: MovingSphere, b: MovingSphere, tMax = 1): ClosestApproach {
  checkMovingSphere(a, "a");
  checkMovingSphere(b, "b");
  checkTMax(tMax);
  twoSum(b.x, -a.x);
  const dxh = dd[0], dxl = dd[1];
  twoSum(b.y, -a.y);
  const dyh = dd[0], dyl = dd[1];
  twoSum(b.z, -a.z);
  const dzh = dd[0], dzl = dd[1];
  twoSum(b.vx, -a.vx);
  const wxh = dd[0], wxl = dd[1];
  twoSum(b.vy, -a.vy);
  const wyh = dd[0], wyl = dd[1];
  twoSum(b.vz, -a.vz);
  const wzh = dd[0], wzl = dd[1];
  const bb = dotDD(dxh, dxl, wxh, wxl, dyh, dyl, wyh, wyl, dzh, dzl, wzh, wzl);
  const aa = wxh * wxh + wyh * wyh + wzh * wzh;
  const t = clampTime(bb, aa, tMax);
  out.t = t;
  if (t > 0 && t < tMax) {
    // |d x w| / |w| with each component of the cross product summed exactly.
    const cx = dotDD(dyh, dyl, wzh, wzl, -dzh, -dzl, wyh, wyl, 0, 0, 0, 0);
    const cy = dotDD(dzh, dzl, wxh, wxl, -dxh, -dxl, wzh, wzl, 0, 0, 0, 0);
    const cz = dotDD(dxh, dxl, wyh, wyl, -dyh, -dyl, wxh, wxl, 0, 0, 0, 0);
    out.distance = Math.sqrt(cx * cx + cy * cy + cz * cz) / Math.sqrt(aa);
  } else {
    const x = offsetAt(b.x, a.x, b.vx, a.vx, t);
    const y = offsetAt(b.y, a.y, b.vy, a.vy, t);
    const z = offsetAt(b.z, a.z, b.vz, a.vz, t);
    out.distance = Math.sqrt(x * x + y * y + z * z);
  }
  return out;
}

/**
 * Closest approach of two moving spheres within [0, tMax]: the time and the centre distance.
 * Same cases and accuracy as {@link closestApproachCircles}.
 */
export function closestApproachSpheres(a: MovingSphere, b: MovingSphere, tMax = 1): ClosestApproach {
  return closestApproachSpheresInto({ t: 0, distance: 0 }, a, b, tMax);
}
