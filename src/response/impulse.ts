/**
 * Collision response: the impulse along the line of centres (frictionless spheres).
 *
 * With n the unit normal from A to B and u = (vA - vB).n > 0 the closing speed, conservation
 * of momentum and Newton's restitution law vB'.n - vA'.n = e u give the impulse
 *
 *     J = (1 + e) u / (1/mA + 1/mB),   vA' = vA - (J / mA) n,   vB' = vB + (J / mB) n
 *
 * (any mechanics text; e.g. Goldstein, or the "Pool Hall Lessons" article for the equal-mass
 * case, where with e = 1 the normal velocities simply exchange). An immovable body has
 * 1/m = 0. Kinetic energy changes by -(1 - e^2) u^2 / (2 (1/mA + 1/mB)): none for e = 1.
 */

/** A contact's other party is a body (`b` is its index). */
export const HIT_BODY = 0;
/** A contact's other party is a wall (its wall number). */
export const HIT_WALL = 1;
/** A contact's other party is a face of the container (0: -x, 1: +x, 2: -y, 3: +y, 4: -z, 5: +z). */
export const HIT_BOUNDS = 2;
/** What a contact's other party is: a body, a wall or the container. */
export type ContactKind = typeof HIT_BODY | typeof HIT_WALL | typeof HIT_BOUNDS;

/** What a custom response rule sees; one object is reused for every contact. */
export interface ContactInfo {
  /** What B is: HIT_BODY, HIT_WALL or HIT_BOUNDS. */
  kind: ContactKind;
  /** Body index of A. */
  a: number;
  /** Body index of B, or -1 when B is a wall or the bounds (see `other`). */
  b: number;
  /** B by kind: its body index, wall number or container face (0: -x, 1: +x, 2: -y, 3: +y, 4: -z, 5: +z). */
  other: number;
  /** Time of the contact. */
  t: number;
  /** Unit normal from A towards B, x. */
  nx: number;
  /** Unit normal y. */
  ny: number;
  /** Unit normal z (0 in 2D). */
  nz: number;
  /** Closing speed (vA - vB).n, > 0. */
  closingSpeed: number;
  /** Inverse mass of A (0 = immovable). */
  invMassA: number;
  /** Inverse mass of B (0 = immovable, and for walls). */
  invMassB: number;
  /**
   * Restitution chosen for this contact: the world's, replaced by A's or B's own (a wall's
   * included) where one has it, the product where both do. Above 1 (a bumper) the contact adds
   * energy; made 1 by the collapse guard (see WorldOptions.collapseTime).
   */
  restitution: number;
  /** The impulse the default rule would apply: (1 + e) u / (1/mA + 1/mB). */
  impulse: number;
}

/**
 * A custom response rule: returns the impulse magnitude J >= 0 to apply along the normal
 * (A gets -J/mA n, B gets +J/mB n). Return `c.impulse` to keep the default; contest rules
 * such as "at least 120 units of impulse" are one line: `(c) => Math.max(c.impulse, 120)`.
 */
export type ResponseRule = (c: ContactInfo) => number;

/** The default normal impulse; 0 when both bodies are immovable. */
export function normalImpulse(closingSpeed: number, invMassA: number, invMassB: number, restitution: number): number {
  const w = invMassA + invMassB;
  return w > 0 ? ((1 + restitution) * closingSpeed) / w : 0;
}
