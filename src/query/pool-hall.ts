/**
 * The "Pool Hall Lessons" form of the sweep (Joe van den Heuvel and Miles Jackson, Gamasutra
 * 2002): each body carries its movement for this frame; instead of a time, the answer is the
 * movement shortened so that the bodies end just in contact.
 *
 * The article screens with three early escapes before any square root: the movement is too
 * short to close the gap, the body moves away (dot product of the movement and the centre
 * offset <= 0), or the closest approach along the path is farther than the radius sum. Here the
 * same three tests are the first stage of the exact kernel ({@link toiCirclesRaw}: the sign of
 * b = d.w is "moving away", the sign of the discriminant is "closest approach too far", and the
 * root against tMax = 1 is "too short"), each decided with a certified error bound, so the
 * escapes are both fast and never wrong.
 */
import { toiCirclesRaw } from "./toi-circle-circle.js";
import { toiSpheresRaw } from "./toi-sphere-sphere.js";
import type { Circle, MovingCircle, MovingSphere, Sphere } from "./types.js";
import { checkCircle, checkMovingCircle, checkMovingSphere, checkSphere } from "./validate.js";

/** A moving body's shortened movement: the fraction t of the frame and the vector t (vx, vy). */
export interface ShortenedMovement2 {
  /** Fraction of the movement done at contact, in [0, 1]. */
  t: number;
  /** The shortened movement x: t times the full movement. */
  vx: number;
  /** The shortened movement y. */
  vy: number;
}

/** Both bodies' shortened movements for the common fraction t. */
export interface ShortenedMovements2 {
  /** Fraction of both movements done at contact, in [0, 1]. */
  t: number;
  /** A's shortened movement x. */
  avx: number;
  /** A's shortened movement y. */
  avy: number;
  /** B's shortened movement x. */
  bvx: number;
  /** B's shortened movement y. */
  bvy: number;
}

/** A 3D movement shortened to just touch (see {@link ShortenedMovement2}). */
export interface ShortenedMovement3 {
  /** Fraction of the movement done at contact, in [0, 1]. */
  t: number;
  /** The shortened movement x: t times the full movement. */
  vx: number;
  /** The shortened movement y. */
  vy: number;
  /** The shortened movement z. */
  vz: number;
}

/** Two 3D movements shortened to just touch (see {@link ShortenedMovements2}). */
export interface ShortenedMovements3 {
  /** Fraction of both movements done at contact, in [0, 1]. */
  t: number;
  /** A's shortened movement x. */
  avx: number;
  /** A's shortened movement y. */
  avy: number;
  /** A's shortened movement z. */
  avz: number;
  /** B's shortened movement x. */
  bvx: number;
  /** B's shortened movement y. */
  bvy: number;
  /** B's shortened movement z. */
  bvz: number;
}

/**
 * Like {@link shortenMovementCircle}, without allocating: fills `out` and returns true when
 * the movement must be shortened, false (out untouched) when the whole movement is free.
 */
export function shortenMovementCircleInto(out: ShortenedMovement2, moving: MovingCircle, still: Circle): boolean {
  checkMovingCircle(moving, "moving");
  checkCircle(still, "still");
  const t = toiCirclesRaw(moving.x, moving.y, moving.vx, moving.vy, moving.r, still.x, still.y, 0, 0, still.r, 1);
  if (t === Infinity) return false;
  out.t = t;
  out.vx = t * moving.vx;
  out.vy = t * moving.vy;
  return true;
}

/**
 * A circle moving by (vx, vy) this frame against a circle at rest: the shortened movement
 * `{t, vx, vy}` that brings it just into contact, or null when the whole movement is free.
 *
 * - Already overlapping and moving further in: t = 0, a zero movement.
 * - Moving away, or passing by (including a tangent graze): null.
 * - Contact only after the full movement: null.
 *
 * t is the exact contact fraction rounded (see timeOfImpactCircles); the shortened vector is
 * t times the movement, so the end position is in contact to within rounding.
 */
export function shortenMovementCircle(moving: MovingCircle, still: Circle): ShortenedMovement2 | null {
  const out: ShortenedMovement2 = { t: 0, vx: 0, vy: 0 };
  return shortenMovementCircleInto(out, moving, still) ? out : null;
}

/** Like {@link shortenMovementsCircles}, without allocating; returns true when shortened. */
export function shortenMovementsCirclesInto(out: ShortenedMovements2, a: MovingCircle, b: MovingCircle): boolean {
  checkMovingCircle(a, "a");
  checkMovingCircle(b, "b");
  const t = toiCirclesRaw(a.x, a.y, a.vx, a.vy, a.r, b.x, b.y, b.vx, b.vy, b.r, 1);
  if (t === Infinity) return false;
  out.t = t;
  out.avx = t * a.vx;
  out.avy = t * a.vy;
  out.bvx = t * b.vx;
  out.bvy = t * b.vy;
  return true;
}

/**
 * Two circles both moving this frame: the common fraction t at which they touch and both
 * shortened movements, or null when neither needs shortening. The article reduces this to one
 * body moving against one at rest by subtracting B's movement from A's; the fraction found
 * there shortens both movements. Same cases as {@link shortenMovementCircle}.
 */
export function shortenMovementsCircles(a: MovingCircle, b: MovingCircle): ShortenedMovements2 | null {
  const out: ShortenedMovements2 = { t: 0, avx: 0, avy: 0, bvx: 0, bvy: 0 };
  return shortenMovementsCirclesInto(out, a, b) ? out : null;
}

/** Like {@link shortenMovementSphere}, without allocating; returns true when shortened. */
export function shortenMovementSphereInto(out: ShortenedMovement3, moving: MovingSphere, still: Sphere): boolean {
  checkMovingSphere(moving, "moving");
  checkSphere(still, "still");
  const t = toiSpheresRaw(moving.x, moving.y, moving.z, moving.vx, moving.vy, moving.vz, moving.r, still.x, still.y, still.z, 0, 0, 0, still.r, 1);
  if (t === Infinity) return false;
  out.t = t;
  out.vx = t * moving.vx;
  out.vy = t * moving.vy;
  out.vz = t * moving.vz;
  return true;
}

/** The 3D form of {@link shortenMovementCircle}: `{t, vx, vy, vz}` or null. */
export function shortenMovementSphere(moving: MovingSphere, still: Sphere): ShortenedMovement3 | null {
  const out: ShortenedMovement3 = { t: 0, vx: 0, vy: 0, vz: 0 };
  return shortenMovementSphereInto(out, moving, still) ? out : null;
}

/** Like {@link shortenMovementsSpheres}, without allocating; returns true when shortened. */
export function shortenMovementsSpheresInto(out: ShortenedMovements3, a: MovingSphere, b: MovingSphere): boolean {
  checkMovingSphere(a, "a");
  checkMovingSphere(b, "b");
  const t = toiSpheresRaw(a.x, a.y, a.z, a.vx, a.vy, a.vz, a.r, b.x, b.y, b.z, b.vx, b.vy, b.vz, b.r, 1);
  if (t === Infinity) return false;
  out.t = t;
  out.avx = t * a.vx;
  out.avy = t * a.vy;
  out.avz = t * a.vz;
  out.bvx = t * b.vx;
  out.bvy = t * b.vy;
  out.bvz = t * b.vz;
  return true;
}

/** The 3D form of {@link shortenMovementsCircles}. */
export function shortenMovementsSpheres(a: MovingSphere, b: MovingSphere): ShortenedMovements3 | null {
  const out: ShortenedMovements3 = { t: 0, avx: 0, avy: 0, avz: 0, bvx: 0, bvy: 0, bvz: 0 };
  return shortenMovementsSpheresInto(out, a, b) ? out : null;
}
