/**
 * Rays and segments against a circle: the first parameter at which the line enters the disc.
 *
 * A ray x + s dir is a point moving with velocity dir, so its first hit on the circle is the
 * time of impact of that point (a circle of radius 0) with the circle at rest, and the exact
 * kernel {@link toiCirclesRaw} answers it to an ulp ("Pool Hall Lessons", Gamasutra 2002:
 * |d + s w| = r as a quadratic in s, smaller root in the stable form c / (-b + sqrt(b^2 - ac))).
 *
 * The one difference from a sweep is the start: a ray or segment query treats the disc as
 * solid, so an origin inside the closed disc reports 0 whatever the direction (a sweep would
 * report "none" for a point moving out). The inside test is exact (see pointInDisc).
 *
 * For a segment a..b the direction b - a is never rounded: the kernel is handed the two
 * endpoints as the "velocities" of the two bodies (a at a with velocity b, the circle at c
 * with velocity a, so their relative velocity is exactly a - b), and it forms that difference
 * exactly itself.
 */
import { toiCirclesRaw } from "./toi-circle-circle.js";
import type { Circle } from "./types.js";
import type { Ray2, Segment2 } from "./types-geometry2.js";
import { checkCircle, checkTMax } from "./validate.js";
import { checkRay2, checkSegment2 } from "./validate-geometry2.js";

/**
 * First hit of the ray (x, y) + s (dx, dy) on the circle (cx, cy, r) for s in [0, maxS]:
 * 0 when the origin is in the closed disc, Infinity for a miss, a tangent graze, or a hit
 * beyond maxS. Unchecked kernel: finite inputs, r >= 0, maxS >= 0 (Infinity allowed).
 */
export function rayHitCircleRaw(
  x: number, y: number, dx: number, dy: number,
  cx: number, cy: number, r: number, maxS: number,
): number {
  if (pointInDisc(x, y, cx, cy, r)) return 0;
  return toiCirclesRaw(x, y, dx, dy, 0, cx, cy, 0, 0, r, maxS);
}

/**
 * First hit of the segment a + s (b - a), s in [0, 1], on the circle (cx, cy, r): 0 when a is
 * in the closed disc, Infinity when the segment misses the disc or only touches it
 * tangentially. Unchecked kernel: finite inputs, r >= 0.
 */
export function segmentHitCircleRaw(
  ax: number, ay: number, bx: number, by: number,
  cx: number, cy: number, r: number,
): number {
  if (pointInDisc(ax, ay, cx, cy, r)) return 0;
  // Relative velocity of the circle seen from the moving point: a - b, formed exactly by the kernel.
  return toiCirclesRaw(ax, ay, bx, by, 0, cx, cy, ax, ay, r, 1);
}

const U8 = 8 * 2 ** -53;
/** Absolute slack for squares that underflow. */
const TINY = 2 ** -1000;

/**
 * Whether (x, y) lies in the closed disc (cx, cy, r), exactly. Plain doubles with a rigorous
 * error bound decide almost always; otherwise (too close to call, or squares that overflow or
 * underflow) the exact circle kernel is asked: a point moving straight at the centre, with
 * tMax = 0, gets time 0 exactly when it already touches or overlaps the disc (the kernel
 * rescales extreme magnitudes and decides the sign of |p - c|^2 - r^2 in double-double).
 */
function pointInDisc(x: number, y: number, cx: number, cy: number, r: number): boolean {
  const px = x - cx;
  const py = y - cy;
  // A difference beyond the largest double puts the point farther from the centre than any radius.
  if (!(px - px === 0 && py - py === 0)) return false;
  const D = px * px + py * py;
  const R2 = r * r;
  const c = D - R2;
  const ec = U8 * (D + R2) + TINY;
  if (c < -ec) return true;
  if (c > ec && D < 2 ** 1000) return false;
  return (px === 0 && py === 0) || toiCirclesRaw(x, y, -px, -py, 0, cx, cy, 0, 0, r, 0) === 0;
}

/**
 * The first parameter s in [0, maxS] at which the ray (x, y) + s (dx, dy) meets the circle
 * (maxS defaults to Infinity: the whole ray). The direction need not be unit length: s is
 * measured in units of (dx, dy).
 *
 * - Origin inside the disc or on the circle: 0, whatever the direction (the disc is solid).
 * - A ray that points away, misses, or only touches the circle tangentially: Infinity.
 * - A zero direction: 0 if the origin is in the disc, otherwise Infinity.
 * - A circle of radius 0 is a point: a ray exactly through it hits it there (as two points
 *   moving head-on collide, see {@link timeOfImpactCircles}); one passing it by an ulp misses.
 *
 * Accuracy: within 1 ulp of the exact parameter of the given doubles, except near a tangent
 * (see {@link timeOfImpactCircles}). Throws a RangeError for non-finite coordinates, a negative
 * radius, or a negative or NaN maxS.
 */
export function rayHitCircle(ray: Ray2, circle: Circle, maxS = Infinity): number {
  checkRay2(ray, "ray");
  checkCircle(circle, "circle");
  checkTMax(maxS);
  return rayHitCircleRaw(ray.x, ray.y, ray.dx, ray.dy, circle.x, circle.y, circle.r, maxS);
}

/**
 * The first parameter s in [0, 1] at which the segment a + s (b - a) meets the circle.
 *
 * - Endpoint a inside the disc or on the circle: 0.
 * - A segment that misses the disc, stops short of it, or only touches it tangentially:
 *   Infinity. A segment of zero length is the point a: 0 if a is in the disc, else Infinity.
 *
 * Accuracy: within 1 ulp of the exact parameter, except near a tangent; b - a is never rounded.
 * Throws a RangeError for non-finite coordinates or a negative radius.
 */
export function segmentHitCircle(segment: Segment2, circle: Circle): number {
  checkSegment2(segment, "segment");
  checkCircle(circle, "circle");
  return segmentHitCircleRaw(segment.ax, segment.ay, segment.bx, segment.by, circle.x, circle.y, circle.r);
}
