/**
 * A moving point against an axis-aligned rectangle: the times it enters and leaves (slab method).
 *
 * The box is the intersection of two slabs, minX <= x <= maxX and minY <= y <= maxY. Along the
 * path p + t v each slab is crossed during one interval of t, [(min - p) / v, (max - p) / v]
 * (ends swapped when v < 0); the path is in the box during the intersection of the two
 * intervals, which is non-empty when the latest entry comes no later than the earliest exit
 * (Kay and Kajiya, "Ray tracing complex scenes", SIGGRAPH 1986; Ericson, "Real-Time Collision
 * Detection", 2005, section 5.3.3; Williams et al., "An efficient and robust ray-box
 * intersection algorithm", 2005).
 *
 * Robustness: an axis with zero velocity is never divided by (the usual 1/v trick gives
 * 0 * Infinity = NaN when the point sits on a slab boundary); instead that slab either holds
 * the point for all time or never does. Each time is a correctly rounded difference divided by
 * v, then corrected once from the exact remainder (TwoSum, TwoProduct), so it is within 1 ulp.
 *
 * What counts as a crossing (the boundary is the delicate part):
 * - The path must pass through the inside of the box. A path that only touches it (running
 *   exactly along a side, or through a corner from outside) is a graze: none. A point at rest
 *   counts when it is strictly inside.
 * - A box of zero width or height (allowed: min = max) is a segment; a path crossing it
 *   transversally at a point strictly between its ends counts, as the instant [t, t].
 * - Starting inside (or on the boundary heading in): tEnter = 0. On the boundary heading out:
 *   none (the point is leaving).
 */
import { differenceQuotient } from "../math/double-double.js";
import type { Box2 } from "./types.js";
import type { BoxCrossing2, MovingPoint2, Ray2 } from "./types-geometry2.js";
import { checkTMax } from "./validate.js";
import { checkBox2, checkMovingPoint2, checkRay2 } from "./validate-geometry2.js";

/**
 * Result of {@link pointCrossingBox2Raw}: [tEnter, tExit, enterSide, exitSide] (sides as in
 * {@link BoxCrossing2}, -1 where the interval was clipped to [0, tMax]).
 */
export const pointCrossingBox2Result = new Float64Array(4);

/**
 * The crossing of the point (x, y) + t (vx, vy) through the box in [0, tMax]: returns true and
 * writes [tEnter, tExit, enterSide, exitSide] to {@link pointCrossingBox2Result}, or returns
 * false. Unchecked kernel: finite inputs, minX <= maxX, minY <= maxY, tMax >= 0.
 */
export function pointCrossingBox2Raw(
  x: number, y: number, vx: number, vy: number,
  minX: number, minY: number, maxX: number, maxY: number, tMax: number,
): boolean {
  // Small, so that it inlines: the numbers travel to the kernel through a Float64Array (a call
  // TurboFan does not inline would box every double argument).
  const q = slabInput;
  q[0] = x; q[1] = y; q[2] = vx; q[3] = vy; q[4] = minX; q[5] = minY; q[6] = maxX; q[7] = maxY; q[8] = tMax;
  return slabKernel();
}

/** Inputs of {@link slabKernel}: x, y, vx, vy, minX, minY, maxX, maxY, tMax. */
const slabInput = new Float64Array(9);

/** The slab method on the inputs in {@link slabInput}; the result goes to pointCrossingBox2Result. */
function slabKernel(): boolean {
  const q = slabInput;
  const x = q[0], y = q[1], vx = q[2], vy = q[3], minX = q[4], minY = q[5], maxX = q[6], maxY = q[7], tMax = q[8];
  // x slab: entry t0 through side s0, exit t1 through side s1.
  let t0 = -Infinity;
  let t1 = Infinity;
  let s0 = -1;
  let s1 = -1;
  if (vx > 0) {
    t0 = (minX - x) / vx; t1 = (maxX - x) / vx; s0 = 3; s1 = 1;
  } else if (vx < 0) {
    t0 = (maxX - x) / vx; t1 = (minX - x) / vx; s0 = 1; s1 = 3;
  } else if (!(x > minX && x < maxX)) {
    return false; // outside the slab for ever, or running along a side (a graze)
  }
  let u0 = -Infinity;
  let u1 = Infinity;
  let r0 = -1;
  let r1 = -1;
  if (vy > 0) {
    u0 = (minY - y) / vy; u1 = (maxY - y) / vy; r0 = 0; r1 = 2;
  } else if (vy < 0) {
    u0 = (maxY - y) / vy; u1 = (minY - y) / vy; r0 = 2; r1 = 0;
  } else if (!(y > minY && y < maxY)) {
    return false;
  }
  // Latest entry and earliest exit; on a tie (through a corner) the x side is reported.
  let enter = t0;
  let enterSide = s0;
  let enterX = true;
  if (u0 > t0) { enter = u0; enterSide = r0; enterX = false; }
  let exit = t1;
  let exitSide = s1;
  let exitX = true;
  if (u1 < t1) { exit = u1; exitSide = r1; exitX = false; }
  if (enter > exit) return false;
  if (enter === exit) {
    // An instant: a corner touched from outside (a graze), or a box of zero width or height
    // crossed at a point strictly between its ends.
    const xInstant = t0 === t1;
    const yInstant = u0 === u1;
    const crossing = (xInstant && !yInstant && u0 < enter && enter < u1) || (yInstant && !xInstant && t0 < enter && enter < t1);
    if (!crossing) return false;
  }
  // Behind the start, or on the boundary at t = 0 and leaving.
  if (exit < 0 || (exit === 0 && enter < 0)) return false;
  if (enter > tMax) return false;
  // Refine the reported times to 1 ulp, then clip to [0, tMax].
  if (enter < 0) {
    enter = 0;
    enterSide = -1;
  } else if (enterX) {
    enter = differenceQuotient(vx > 0 ? minX : maxX, x, vx);
  } else {
    enter = differenceQuotient(vy > 0 ? minY : maxY, y, vy);
  }
  if (exit > tMax) {
    exit = tMax;
    exitSide = -1;
  } else if (exitX) {
    exit = differenceQuotient(vx > 0 ? maxX : minX, x, vx);
  } else {
    exit = differenceQuotient(vy > 0 ? maxY : minY, y, vy);
  }
  if (enter > tMax) return false;
  if (exit > tMax) {
    exit = tMax;
    exitSide = -1;
  }
  if (exit < enter) exit = enter;
  const out = pointCrossingBox2Result;
  out[0] = enter;
  out[1] = exit;
  out[2] = enterSide;
  out[3] = exitSide;
  return true;
}

/**
 * Like {@link pointCrossingBox2}, without allocating: on a crossing fills `out` and returns
 * true; otherwise returns false and leaves `out` as it was.
 */
export function pointCrossingBox2Into(out: BoxCrossing2, point: MovingPoint2, box: Box2, tMax = 1): boolean {
  checkMovingPoint2(point, "point");
  checkBox2(box, "box");
  checkTMax(tMax);
  if (!pointCrossingBox2Raw(point.x, point.y, point.vx, point.vy, box.minX, box.minY, box.maxX, box.maxY, tMax)) return false;
  const r = pointCrossingBox2Result;
  out.tEnter = r[0];
  out.tExit = r[1];
  out.enterSide = r[2];
  out.exitSide = r[3];
  return true;
}

/**
 * When the moving point (x, y) + t (vx, vy) is inside the box during [0, tMax] (tMax defaults
 * to 1): `{tEnter, tExit, enterSide, exitSide}`, or null.
 *
 * - Starting inside (or on the boundary, moving in): tEnter = 0, enterSide = -1 when strictly
 *   inside. On the boundary moving out, or running along a side: null (leaving, or a graze).
 * - Only touching a corner from outside: null (a graze). Entering exactly through a corner:
 *   a crossing, reported as entering through the side of the x slab.
 * - Axis-parallel paths (a zero velocity component) are exact: no division by zero, no NaN.
 *   A point at rest: [0, tMax] when strictly inside, otherwise null.
 * - A box of zero width or height is a segment: a path crossing it strictly between its ends
 *   gives tEnter = tExit.
 * - Still inside at tMax: tExit = tMax, exitSide = -1. Entering after tMax: null.
 *
 * Accuracy: tEnter and tExit within 1 ulp of the exact slab times of the given doubles. The
 * graze/crossing decision compares slab times rounded once each (two roundings), so a path
 * passing within about an ulp of a corner may be classed either way. Throws a RangeError for
 * non-finite inputs, a box with min > max, or a negative or NaN tMax.
 */
export function pointCrossingBox2(point: MovingPoint2, box: Box2, tMax = 1): BoxCrossing2 | null {
  const out: BoxCrossing2 = { tEnter: 0, tExit: 0, enterSide: -1, exitSide: -1 };
  return pointCrossingBox2Into(out, point, box, tMax) ? out : null;
}

/**
 * Ray against a solid box, from plain numbers, without argument checks (finite inputs,
 * minX <= maxX, minY <= maxY, maxS >= 0): the cases of {@link rayBox2}.
 */
export function rayBox2Raw(
  x: number, y: number, dx: number, dy: number,
  minX: number, minY: number, maxX: number, maxY: number, maxS: number,
): number {
  if (x >= minX && x <= maxX && y >= minY && y <= maxY) return 0;
  return pointCrossingBox2Raw(x, y, dx, dy, minX, minY, maxX, maxY, maxS) ? pointCrossingBox2Result[0] : Infinity;
}

/**
 * Ray against a solid axis-aligned box: the smallest parameter s in [0, maxS] (default
 * Infinity) at which the point (x, y) + s (dx, dy) lies in the closed box, or Infinity; the 2D
 * twin of {@link rayBox3}.
 *
 * - Origin inside the box or on its boundary: 0, whatever the direction (the box is solid).
 * - Pointing away, missing, or only touching a side or a corner (a graze): Infinity. A box of
 *   zero width or height is still hit by a ray crossing it between its ends.
 * - A zero direction: 0 when the origin is in the box, otherwise Infinity.
 *
 * Accuracy: the entry parameter of {@link pointCrossingBox2}, within an ulp. Throws a RangeError
 * for non-finite fields, a box with min > max, or a negative or NaN maxS.
 */
export function rayBox2(ray: Ray2, box: Box2, maxS = Infinity): number {
  checkRay2(ray, "ray");
  checkBox2(box, "box");
  checkTMax(maxS);
  return rayBox2Raw(ray.x, ray.y, ray.dx, ray.dy, box.minX, box.minY, box.maxX, box.maxY, maxS);
}
