/**
 * Constant acceleration (gravity, a body's own acceleration, resting contact under gravity) as
 * a part the world is given, not one it always carries: the exact contact kernels of bodies on
 * parabolic paths (double-double quartic coefficients, the certified polynomial solver) are
 * about a quarter of the 2D world's bundle, and a game without gravity should not ship them.
 *
 * The engine core calls these kernels only through {@link accelerationPart}. Importing
 * `carom/2d/gravity` (src/exports/2d/gravity.ts) or `carom/3d/gravity` installs them for that
 * dimension (see parts.ts); the package root `carom` installs both. A world asked to
 * accelerate a body without the part gets a RangeError that names the import.
 */
import { hasPart, requirePart } from "./parts.js";

/** A wall kind's contact under constant acceleration, folded into the part's `result`. */
export type WallContactAccelerated = (
  d: Float64Array, o: number, x: number, y: number, z: number, vx: number, vy: number, vz: number,
  ax: number, ay: number, az: number, r: number, tMax: number,
) => void;

/** The kernels of the acceleration part (see accelerated.ts for what each one computes). */
export interface AccelerationKernels {
  /** Inputs of {@link pairContact}: body i (p, v, a, r) at 0..9, body j at 10..19, tMax at 20; the result lands at 21. */
  readonly io: Float64Array;
  /** Time of first contact in [0, tMax] of two accelerated bodies (read from and written to `io`), Infinity for none. */
  pairContact(): void;
  /** The same, arguments as numbers. */
  pairContactTime(
    x: number, y: number, z: number, vx: number, vy: number, vz: number, ax: number, ay: number, az: number, r: number,
    jx: number, jy: number, jz: number, jvx: number, jvy: number, jvz: number, jax: number, jay: number, jaz: number, jr: number,
    tMax: number,
  ): number;
  /** Where the wall contacts fold their result: [t, nx, ny, nz, feature code]. */
  readonly result: Float64Array;
  /** Sets `result` to "none" (t = Infinity). */
  resetResult(): void;
  /**
   * The time in [0, tMax] when two overlapping bodies part: the first upward root of the
   * quartic c0 + c1 t + ... + c4 t^4 (their squared gap minus the squared contact distance).
   */
  partingTime(c0: number, c1: number, c2: number, c3: number, c4: number, tMax: number): number;
}

let kernels: AccelerationKernels | undefined;
const walls: (WallContactAccelerated | undefined)[] = [];

/** Sets the kernels and one dimension's wall contacts (the gravity part's entry module calls it before installPart). */
export function setAccelerationKernels(k: AccelerationKernels, wallContacts: Readonly<Record<number, WallContactAccelerated>>): void {
  kernels = k;
  for (const [kind, f] of Object.entries(wallContacts)) walls[Number(kind)] = f;
}

/** The installed kernels (a RangeError when missing). */
export function accelerationPart(dim: number): AccelerationKernels {
  if (kernels === undefined || !hasPart("gravity", dim)) requirePart("gravity", dim, "an accelerated body");
  return kernels as AccelerationKernels;
}

/** Kind `kind`'s contact under constant acceleration (undefined for a removed wall). */
export function wallContactAccelerated(kind: number): WallContactAccelerated | undefined {
  return walls[kind];
}
