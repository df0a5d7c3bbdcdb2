/**
 * Time of impact under constant acceleration: two circles or two spheres, and a circle or
 * sphere against a fixed point or a static circle or sphere (a peg, a post).
 *
 * A body with acceleration a is at p + t v + t^2 a / 2 at time t. For two bodies the relative
 * position is d(t) = d + t w + t^2 g / 2 with d = pB - pA, w = vB - vA, g = aB - aA, and they
 * touch when |d(t)| = R = rA + rB, i.e. at the roots of the quartic
 *
 *     f(t) = |d(t)|^2 - R^2
 *          = (d.d - R^2) + 2 (d.w) t + (w.w + d.g) t^2 + (w.g) t^3 + (g.g / 4) t^4.
 *
 * Not every root is a contact. carom's rule is "the earliest t in [0, tMax] at which the
 * surfaces touch while approaching", so:
 *
 * - f(0) <= 0 (overlapping or touching) and the distance decreasing at 0 (the first nonzero
 *   coefficient among f'(0), f''(0), f'''(0), f''''(0) negative): 0.
 * - Otherwise the contact is the first root where f crosses from positive to negative (the
 *   distance comes down through R). A root where f only touches zero is a tangent graze and
 *   is skipped; so is a root where f goes up (the bodies separating, e.g. out of an initial
 *   overlap). Unlike linear motion, bodies that separate can meet again later (a ball thrown
 *   up falls back): that later approach is a contact.
 * - No relative motion at all (w = g = 0): never a contact, even when overlapping.
 *
 * When both bodies have the same acceleration (g = 0) the relative motion is linear and the
 * exact linear kernels ({@link toiCirclesRaw}, {@link toiSpheresRaw}) answer, so the result is
 * the linear query's, bit for bit.
 *
 * Accuracy. d, w, g and R are formed exactly (TwoSum), the coefficients as double-doubles from
 * exact products (TwoProduct, Dekker with Veltkamp splits), with an absolute error of a few
 * 2^-104 of the magnitude of their terms; the quartic is then solved by
 * {@link solvePolynomial}, which evaluates it in double-double near the root. So a contact
 * where the distance crosses R at a nonzero rate is within about an ulp of the exact time of
 * impact of the given doubles; near a graze (f barely dips below zero) the time is as
 * ill-conditioned as the problem, and a dip shallower than about 2^-96 of the terms of f counts
 * as a graze. A cheap bound (|d| - t |w| - t^2 |g| / 2 > R on all of [0, tMax]) rejects far
 * pairs before any of this. The equation is homogeneous in (d, w, g, R), so inputs of any
 * magnitude are first brought near 1 by an exact power-of-two scaling (the result is the same,
 * bit for bit, for inputs scaled by 2^600 or 2^-600; tested). Differences beyond the largest
 * double are formed from halved inputs (the same equation); when the problem's own time scale
 * (|d| / |w|, or sqrt(|d| / |g|)) lies beyond 2^+-100, the quartic is set up on a clock of that
 * scale (accelTimeScale in accel-quartic.ts), so mixed scales (a distance of 1 closed at 1e300) neither
 * overflow nor underflow. Bodies tiny next to their distance (R < 2^-40 |d|), whose contact
 * window can be narrower than the quartic's resolution, are re-examined around each apparent
 * graze on a local clock (farSmallContact in accel-quartic.ts): head-on contacts are found and near misses
 * rejected down to R / |d| of about 2^-100, and decided by the linear motion over the last ulp
 * beyond that.
 *
 * This file holds the public queries and their argument checks; the kernel they share with the
 * segment, plane and world code is in accel-quartic.ts.
 */
import { quadraticAt } from "./relative-motion.js";
import { accelContact, accelDifferences, accelIO, normaliseOffsets, OFS, OFS_T, offsetsAt } from "./accel-quartic.js";
import { toiCirclesRaw } from "./toi-circle-circle.js";
import { toiSpheresRaw } from "./toi-sphere-sphere.js";
import { FEATURE_VERTEX } from "./types.js";
import type { Circle, Sphere, SweepHit2, SweepHit3, WallHit2, WallHit3 } from "./types.js";
import { checkCircle, checkSphere, checkTMax } from "./validate.js";

/** A circle at (x, y) with velocity (vx, vy) and constant acceleration (ax, ay): at time t its centre is (x, y) + t (vx, vy) + t^2 (ax, ay) / 2. */
export interface AcceleratedCircle {
  /** Centre at time 0, x. */
  x: number;
  /** Centre at time 0, y. */
  y: number;
  /** Velocity x at time 0. */
  vx: number;
  /** Velocity y at time 0. */
  vy: number;
  /** Constant acceleration x. */
  ax: number;
  /** Constant acceleration y. */
  ay: number;
  /** Radius, >= 0. */
  r: number;
}

/** A sphere at (x, y, z) with velocity (vx, vy, vz) and constant acceleration (ax, ay, az). */
export interface AcceleratedSphere {
  /** Centre at time 0, x. */
  x: number;
  /** Centre at time 0, y. */
  y: number;
  /** Centre at time 0, z. */
  z: number;
  /** Velocity x at time 0. */
  vx: number;
  /** Velocity y at time 0. */
  vy: number;
  /** Velocity z at time 0. */
  vz: number;
  /** Constant acceleration x. */
  ax: number;
  /** Constant acceleration y. */
  ay: number;
  /** Constant acceleration z. */
  az: number;
  /** Radius, >= 0. */
  r: number;
}

// ---------------------------------------------------------------------------------------------
// Argument checks, in the manner of validate.ts (RangeError naming argument, field and value).

const CIRCLE_FIELDS = ["x", "y", "vx", "vy", "ax", "ay"] as const;
const SPHERE_FIELDS = ["x", "y", "z", "vx", "vy", "vz", "ax", "ay", "az"] as const;

function explain(obj: unknown, name: string, fields: readonly string[]): never {
  if (obj === null || typeof obj !== "object") throw new RangeError(`${name} must be an object, got ${String(obj)}`);
  const o = obj as Record<string, unknown>;
  for (const f of fields) {
    const v = o[f];
    if (typeof v !== "number" || !Number.isFinite(v)) throw new RangeError(`${name}.${f} must be a finite number, got ${String(v)}`);
  }
  throw new RangeError(`${name}.r must be a finite number >= 0, got ${String(o.r)}`);
}

/** Throws a RangeError unless position, velocity and acceleration are finite and 0 <= r < Infinity. */
export function checkAcceleratedCircle(c: AcceleratedCircle, name: string): void {
  if (c === null || typeof c !== "object") explain(c, name, CIRCLE_FIELDS);
  const s = c.x - c.x + (c.y - c.y) + (c.vx - c.vx) + (c.vy - c.vy) + (c.ax - c.ax) + (c.ay - c.ay);
  if (s !== 0 || !(c.r >= 0 && c.r < Infinity)) explain(c, name, CIRCLE_FIELDS);
}

/** Throws a RangeError unless position, velocity and acceleration are finite and 0 <= r < Infinity. */
export function checkAcceleratedSphere(c: AcceleratedSphere, name: string): void {
  if (c === null || typeof c !== "object") explain(c, name, SPHERE_FIELDS);
  const s = c.x - c.x + (c.y - c.y) + (c.z - c.z) + (c.vx - c.vx) + (c.vy - c.vy) + (c.vz - c.vz) + (c.ax - c.ax) + (c.ay - c.ay) + (c.az - c.az);
  if (s !== 0 || !(c.r >= 0 && c.r < Infinity)) explain(c, name, SPHERE_FIELDS);
}

function loadCircle(base: number, c: AcceleratedCircle): void {
  const q = accelIO;
  q[base] = c.x; q[base + 1] = c.y; q[base + 2] = 0;
  q[base + 3] = c.vx; q[base + 4] = c.vy; q[base + 5] = 0;
  q[base + 6] = c.ax; q[base + 7] = c.ay; q[base + 8] = 0;
  q[base + 9] = c.r;
}

function loadSphere(base: number, c: AcceleratedSphere): void {
  const q = accelIO;
  q[base] = c.x; q[base + 1] = c.y; q[base + 2] = c.z;
  q[base + 3] = c.vx; q[base + 4] = c.vy; q[base + 5] = c.vz;
  q[base + 6] = c.ax; q[base + 7] = c.ay; q[base + 8] = c.az;
  q[base + 9] = c.r;
}

function loadStatic(base: number, x: number, y: number, z: number, r: number): void {
  const q = accelIO;
  q[base] = x; q[base + 1] = y; q[base + 2] = z;
  q[base + 3] = 0; q[base + 4] = 0; q[base + 5] = 0;
  q[base + 6] = 0; q[base + 7] = 0; q[base + 8] = 0;
  q[base + 9] = r;
}

/**
 * With the pair loaded (the moving body A at 0): the unit normal at time t from A's centre
 * towards B's and the contact point on A's surface, written to out with t (z too in 3D).
 */
function contactInto(out: SweepHit2 | SweepHit3, a: AcceleratedCircle | AcceleratedSphere, t: number, dim: 2 | 3): void {
  accelDifferences();
  OFS_T[0] = t;
  offsetsAt();
  normaliseOffsets();
  out.t = t;
  out.nx = OFS[0];
  out.ny = OFS[1];
  out.px = quadraticAt(a.x, a.vx, a.ax, t) + a.r * OFS[0];
  out.py = quadraticAt(a.y, a.vy, a.ay, t) + a.r * OFS[1];
  if (dim === 3) {
    const o = out as SweepHit3, s = a as AcceleratedSphere;
    o.nz = OFS[2];
    o.pz = quadraticAt(s.z, s.vz, s.az, t) + s.r * OFS[2];
  }
}

// ---------------------------------------------------------------------------------------------
// Two circles, two spheres.

/**
 * Time of impact of two circles under constant accelerations: the earliest t in [0, tMax] at
 * which they touch while approaching. Each is at (x, y) + t (vx, vy) + t^2 (ax, ay) / 2 at time
 * t; tMax defaults to 1 (Infinity allowed).
 *
 * - Already overlapping (or touching) and approaching: 0.
 * - Overlapping but separating, or apart: the first later time the distance comes down to
 *   rA + rB (accelerations can bring separating bodies back); Infinity when there is none in
 *   [0, tMax]. No relative motion at all: Infinity, even when overlapping.
 * - A tangent graze (the distance only touches rA + rB): Infinity.
 * - Equal accelerations: exactly {@link timeOfImpactCircles} (linear relative motion).
 *
 * Accuracy: within about an ulp of the exact time of impact of the given doubles, except near a
 * graze (see the file comment). Throws a RangeError for non-finite fields, a negative radius, or
 * a negative or NaN tMax.
 */
export function timeOfImpactCirclesAccelerated(a: AcceleratedCircle, b: AcceleratedCircle, tMax = 1): number {
  checkAcceleratedCircle(a, "a");
  checkAcceleratedCircle(b, "b");
  checkTMax(tMax);
  if (a.ax === b.ax && a.ay === b.ay) return toiCirclesRaw(a.x, a.y, a.vx, a.vy, a.r, b.x, b.y, b.vx, b.vy, b.r, tMax);
  loadCircle(0, a);
  loadCircle(10, b);
  accelIO[20] = tMax;
  accelContact();
  return accelIO[21];
}

/**
 * Like {@link sweepCirclesAccelerated}, without allocating: on a hit fills `out` and returns
 * true; on a miss returns false and leaves `out` as it was.
 */
export function sweepCirclesAcceleratedInto(out: SweepHit2, a: AcceleratedCircle, b: AcceleratedCircle, tMax = 1): boolean {
  const t = timeOfImpactCirclesAccelerated(a, b, tMax);
  if (t === Infinity) return false;
  loadCircle(0, a);
  loadCircle(10, b);
  contactInto(out, a, t, 2);
  return true;
}

/**
 * First contact of two circles under constant accelerations: `{t, px, py, nx, ny}` with t as
 * {@link timeOfImpactCirclesAccelerated} (same cases), the unit normal from A's centre towards
 * B's at time t, and the contact point on A's surface; null when they do not touch in [0, tMax].
 */
export function sweepCirclesAccelerated(a: AcceleratedCircle, b: AcceleratedCircle, tMax = 1): SweepHit2 | null {
  const out: SweepHit2 = { t: 0, px: 0, py: 0, nx: 0, ny: 0 };
  return sweepCirclesAcceleratedInto(out, a, b, tMax) ? out : null;
}

/**
 * Time of impact of two spheres under constant accelerations: the 3D twin of
 * {@link timeOfImpactCirclesAccelerated}, same cases and accuracy; equal accelerations give
 * exactly {@link timeOfImpactSpheres}.
 */
export function timeOfImpactSpheresAccelerated(a: AcceleratedSphere, b: AcceleratedSphere, tMax = 1): number {
  checkAcceleratedSphere(a, "a");
  checkAcceleratedSphere(b, "b");
  checkTMax(tMax);
  if (a.ax === b.ax && a.ay === b.ay && a.az === b.az) {
    return toiSpheresRaw(a.x, a.y, a.z, a.vx, a.vy, a.vz, a.r, b.x, b.y, b.z, b.vx, b.vy, b.vz, b.r, tMax);
  }
  loadSphere(0, a);
  loadSphere(10, b);
  accelIO[20] = tMax;
  accelContact();
  return accelIO[21];
}

/** Like {@link sweepSpheresAccelerated}, without allocating: fills `out` and returns true on a hit. */
export function sweepSpheresAcceleratedInto(out: SweepHit3, a: AcceleratedSphere, b: AcceleratedSphere, tMax = 1): boolean {
  const t = timeOfImpactSpheresAccelerated(a, b, tMax);
  if (t === Infinity) return false;
  loadSphere(0, a);
  loadSphere(10, b);
  contactInto(out, a, t, 3);
  return true;
}

/**
 * First contact of two spheres under constant accelerations: `{t, px, py, pz, nx, ny, nz}`
 * (unit normal from A towards B, contact point on A's surface) or null. Same cases as
 * {@link timeOfImpactSpheresAccelerated}.
 */
export function sweepSpheresAccelerated(a: AcceleratedSphere, b: AcceleratedSphere, tMax = 1): SweepHit3 | null {
  const out: SweepHit3 = { t: 0, px: 0, py: 0, pz: 0, nx: 0, ny: 0, nz: 0 };
  return sweepSpheresAcceleratedInto(out, a, b, tMax) ? out : null;
}

// ---------------------------------------------------------------------------------------------
// Against a fixed point or a static circle / sphere.

/**
 * Time of impact of an accelerated circle with a static circle (a peg; radius 0 for a fixed
 * point): the earliest t in [0, tMax] at which they touch while the circle approaches. Same
 * rule and accuracy as {@link timeOfImpactCirclesAccelerated} with the obstacle at rest:
 *
 * - Already overlapping (or touching) and approaching: 0.
 * - Overlapping but moving away, or apart: the first later time the distance comes back down
 *   to r + obstacle.r, if any in [0, tMax]. At rest with no acceleration: Infinity.
 * - A tangent graze: Infinity.
 *
 * Throws a RangeError for non-finite fields, negative radii, or a negative or NaN tMax.
 */
export function timeOfImpactAcceleratedCircleCircle(circle: AcceleratedCircle, obstacle: Circle, tMax = 1): number {
  checkAcceleratedCircle(circle, "circle");
  checkCircle(obstacle, "obstacle");
  checkTMax(tMax);
  if (circle.ax === 0 && circle.ay === 0) {
    return toiCirclesRaw(circle.x, circle.y, circle.vx, circle.vy, circle.r, obstacle.x, obstacle.y, 0, 0, obstacle.r, tMax);
  }
  loadCircle(0, circle);
  loadStatic(10, obstacle.x, obstacle.y, 0, obstacle.r);
  accelIO[20] = tMax;
  accelContact();
  return accelIO[21];
}

/**
 * Like {@link sweepAcceleratedCircleCircle}, without allocating: fills `out` and returns true on
 * a hit, false (leaving `out` untouched) otherwise.
 */
export function sweepAcceleratedCircleCircleInto(out: WallHit2, circle: AcceleratedCircle, obstacle: Circle, tMax = 1): boolean {
  const t = timeOfImpactAcceleratedCircleCircle(circle, obstacle, tMax);
  if (t === Infinity) return false;
  loadCircle(0, circle);
  loadStatic(10, obstacle.x, obstacle.y, 0, obstacle.r);
  contactInto(out, circle, t, 2);
  out.feature = FEATURE_VERTEX;
  out.index = 0;
  return true;
}

/**
 * First contact of an accelerated circle with a static circle or fixed point:
 * `{t, px, py, nx, ny, feature, index}` or null. t as
 * {@link timeOfImpactAcceleratedCircleCircle}; the unit normal points from the circle's centre
 * towards the obstacle's (into the obstacle), the contact point is the circle's centre at t plus
 * r times the normal (on the obstacle's surface), feature is FEATURE_VERTEX and index 0.
 */
export function sweepAcceleratedCircleCircle(circle: AcceleratedCircle, obstacle: Circle, tMax = 1): WallHit2 | null {
  const out: WallHit2 = { t: 0, px: 0, py: 0, nx: 0, ny: 0, feature: 0, index: 0 };
  return sweepAcceleratedCircleCircleInto(out, circle, obstacle, tMax) ? out : null;
}

/**
 * Time of impact of an accelerated sphere with a static sphere (radius 0 for a fixed point):
 * the 3D twin of {@link timeOfImpactAcceleratedCircleCircle}, same cases and accuracy.
 */
export function timeOfImpactAcceleratedSphereSphere(sphere: AcceleratedSphere, obstacle: Sphere, tMax = 1): number {
  checkAcceleratedSphere(sphere, "sphere");
  checkSphere(obstacle, "obstacle");
  checkTMax(tMax);
  if (sphere.ax === 0 && sphere.ay === 0 && sphere.az === 0) {
    const s = sphere;
    return toiSpheresRaw(s.x, s.y, s.z, s.vx, s.vy, s.vz, s.r, obstacle.x, obstacle.y, obstacle.z, 0, 0, 0, obstacle.r, tMax);
  }
  loadSphere(0, sphere);
  loadStatic(10, obstacle.x, obstacle.y, obstacle.z, obstacle.r);
  accelIO[20] = tMax;
  accelContact();
  return accelIO[21];
}

/** Like {@link sweepAcceleratedSphereSphere}, without allocating: fills `out` and returns true on a hit. */
export function sweepAcceleratedSphereSphereInto(out: WallHit3, sphere: AcceleratedSphere, obstacle: Sphere, tMax = 1): boolean {
  const t = timeOfImpactAcceleratedSphereSphere(sphere, obstacle, tMax);
  if (t === Infinity) return false;
  loadSphere(0, sphere);
  loadStatic(10, obstacle.x, obstacle.y, obstacle.z, obstacle.r);
  contactInto(out, sphere, t, 3);
  out.feature = FEATURE_VERTEX;
  out.index = 0;
  return true;
}

/**
 * First contact of an accelerated sphere with a static sphere or fixed point:
 * `{t, px, py, pz, nx, ny, nz, feature, index}` or null, as
 * {@link sweepAcceleratedCircleCircle} in 3D (normal into the obstacle, FEATURE_VERTEX, index 0).
 */
export function sweepAcceleratedSphereSphere(sphere: AcceleratedSphere, obstacle: Sphere, tMax = 1): WallHit3 | null {
  const out: WallHit3 = { t: 0, px: 0, py: 0, pz: 0, nx: 0, ny: 0, nz: 0, feature: 0, index: 0 };
  return sweepAcceleratedSphereSphereInto(out, sphere, obstacle, tMax) ? out : null;
}
