/**
 * Closest approach of two moving circles or spheres within [0, tMax].
 *
 * The squared centre distance |d + t w|^2 = a t^2 + 2 b t + |d|^2 (a = w.w, b = d.w) has its
 * minimum where its derivative 2 (a t + b) vanishes, t* = -b / a ("Pool Hall Lessons"; any
 * calculus text), clamped to [0, tMax]. At an interior minimum the distance follows from
 * Lagrange's identity |d|^2 |w|^2 - (d.w)^2 = |d x w|^2 as |d x w| / |w|, which stays accurate
 * even when the bodies pass through each other's centre (no cancellation of |d|^2 - b^2 / a).
 * d and w are formed exactly (TwoSum), b and the cross product from exact TwoProducts.
 *
 * Scale before squaring: d and w are each multiplied by a power of two (exact) that brings their
 * largest component into [1/2, 1), so that no square, product or error term overflows or
 * underflows whatever the input scale (1e-300 ... 1e300 and beyond); the exponents go back in
 * at the end, again as exact powers of two. Where a difference itself exceeds the largest
 * double (positions near ±1.7e308 on both sides), the inputs are halved first.
 */
import { dotDD, ldexp, offsetAt } from "../math/double-double.js";
import { loadScaled, norm3, relativeMotion as s } from "./relative-motion.js";
import type { ClosestApproach, MovingCircle, MovingSphere } from "./types.js";
import { checkMovingCircle, checkMovingSphere, checkTMax } from "./validate.js";

/**
 * The closest approach of the motion in {@link s} (dims 2 or 3: z parts zero in 2D) written to
 * `out`.
 */
function solveScaled(out: ClosestApproach, tMax: number, dims: number): ClosestApproach {
  const dxh = s[0], dxl = s[1], dyh = s[2], dyl = s[3], dzh = s[4], dzl = s[5];
  const wxh = s[6], wxl = s[7], wyh = s[8], wyl = s[9], wzh = s[10], wzl = s[11];
  const ed = s[12], ew = s[13];
  const b = dotDD(dxh, dxl, wxh, wxl, dyh, dyl, wyh, wyl, dzh, dzl, wzh, wzl);
  const a = wxh * wxh + wyh * wyh + wzh * wzh;
  // b >= 0: moving apart or at rest, the minimum is now (also for a = 0: no relative motion).
  let t = 0;
  let interior = false;
  if (b < 0) {
    // t* = -b / a in the caller's units: the scaled ratio (|d'| <= 2, |w'| >= 1/2, so it is at
    // most 8) times 2^(ed - ew); beyond the largest double it is Infinity.
    const ts = ldexp(-b / a, ed - ew);
    if (ts < tMax || ts === tMax && ts === Infinity) {
      t = ts;
      interior = true;
    } else t = tMax;
  }
  out.t = t;
  let dist: number;
  if (interior) {
    // |d x w| / |w|, each cross component summed exactly and rounded once.
    if (dims === 2) {
      const cz = dotDD(dxh, dxl, wyh, wyl, -dyh, -dyl, wxh, wxl, 0, 0, 0, 0);
      dist = Math.abs(cz) / Math.sqrt(a);
    } else {
      const cx = dotDD(dyh, dyl, wzh, wzl, -dzh, -dzl, wyh, wyl, 0, 0, 0, 0);
      const cy = dotDD(dzh, dzl, wxh, wxl, -dxh, -dxl, wzh, wzl, 0, 0, 0, 0);
      const cz = dotDD(dxh, dxl, wyh, wyl, -dyh, -dyl, wxh, wxl, 0, 0, 0, 0);
      dist = norm3(cx, cy, cz) / Math.sqrt(a);
    }
  } else {
    // |d + t w| = 2^ed |d' + tau w'| with tau = t 2^(ew - ed) (at most the scaled t*, so small).
    const tau = t === 0 ? 0 : ldexp(t, ew - ed);
    const x = offsetAt(dxh, -dxl, wxh, -wxl, tau);
    const y = offsetAt(dyh, -dyl, wyh, -wyl, tau);
    const z = dims === 2 ? 0 : offsetAt(dzh, -dzl, wzh, -wzl, tau);
    dist = norm3(x, y, z);
  }
  out.distance = ldexp(dist, ed);
  return out;
}

/**
 * Like {@link closestApproachCircles}, writing into `out` (no allocation); returns `out`.
 */
export function closestApproachCirclesInto(out: ClosestApproach, a: MovingCircle, b: MovingCircle, tMax = 1): ClosestApproach {
  checkMovingCircle(a, "a");
  checkMovingCircle(b, "b");
  checkTMax(tMax);
  loadScaled(a.x, a.y, 0, b.x, b.y, 0, a.vx, a.vy, 0, b.vx, b.vy, 0);
  return solveScaled(out, tMax, 2);
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
 * (measured against a BigInt reference in the tests) at every scale from 1e-300 to 1e300:
 * positions and velocities are scaled by powers of two before anything is squared. Results
 * beyond the double range: a distance above the largest double is Infinity, and so is a
 * moment of closest approach later than the largest double (possible only with
 * tMax = Infinity); t and distance are never NaN. Throws a RangeError on bad input.
 */
export function closestApproachCircles(a: MovingCircle, b: MovingCircle, tMax = 1): ClosestApproach {
  return closestApproachCirclesInto({ t: 0, distance: 0 }, a, b, tMax);
}

/** Like {@link closestApproachSpheres}, writing into `out`; returns `out`. */
export function closestApproachSpheresInto(out: ClosestApproach, a: MovingSphere, b: MovingSphere, tMax = 1): ClosestApproach {
  checkMovingSphere(a, "a");
  checkMovingSphere(b, "b");
  checkTMax(tMax);
  loadScaled(a.x, a.y, a.z, b.x, b.y, b.z, a.vx, a.vy, a.vz, b.vx, b.vy, b.vz);
  return solveScaled(out, tMax, 3);
}

/**
 * Closest approach of two moving spheres within [0, tMax]: the time and the centre distance.
 * Same cases, accuracy and results at the edges of the double range as
 * {@link closestApproachCircles}.
 */
export function closestApproachSpheres(a: MovingSphere, b: MovingSphere, tMax = 1): ClosestApproach {
  return closestApproachSpheresInto({ t: 0, distance: 0 }, a, b, tMax);
}
