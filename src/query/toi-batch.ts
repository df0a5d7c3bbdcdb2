/**
 * Time of impact for many pairs at once, on structure-of-arrays Float64Arrays.
 *
 * Pair i is A = (a.x[i], a.y[i], a.vx[i], a.vy[i], a.r[i]) against B likewise; the result goes
 * to out[i] (Infinity for none, which sorts last). The loop calls the same kernel as the scalar
 * query (the certified fast root, else the exact kernel: within 4 ulps), so each result is
 * bit-identical to timeOfImpactCircles on the same numbers. Nothing is
 * allocated. `out` may alias one of the input arrays: pair i reads all its inputs before it
 * writes out[i].
 *
 * The bulk form does not check its inputs (NaN in, garbage out); call
 * {@link validateCircleArrays} / {@link validateSphereArrays} once where the data come from
 * outside.
 */
import { toiCirclesFast } from "./toi-circle-circle.js";
import { toiSpheresFast } from "./toi-sphere-sphere.js";
import { checkTMax } from "./validate.js";

/** Circles as parallel arrays (structure of arrays). */
export interface CircleArrays {
  /** Centre x of each circle. */
  x: Float64Array;
  /** Centre y of each circle. */
  y: Float64Array;
  /** Velocity x of each circle. */
  vx: Float64Array;
  /** Velocity y of each circle. */
  vy: Float64Array;
  /** Radius of each circle. */
  r: Float64Array;
}

/** Spheres as parallel arrays. */
export interface SphereArrays {
  /** Centre x of each sphere. */
  x: Float64Array;
  /** Centre y of each sphere. */
  y: Float64Array;
  /** Centre z of each sphere. */
  z: Float64Array;
  /** Velocity x of each sphere. */
  vx: Float64Array;
  /** Velocity y of each sphere. */
  vy: Float64Array;
  /** Velocity z of each sphere. */
  vz: Float64Array;
  /** Radius of each sphere. */
  r: Float64Array;
}

/**
 * out[i] = time of impact of circle pair i within [0, tMax], for i < count (default
 * out.length). Returns out. Unchecked: see {@link validateCircleArrays}.
 */
export function timeOfImpactCirclesBatch(out: Float64Array, a: CircleArrays, b: CircleArrays, count = out.length, tMax = 1): Float64Array {
  const ax = a.x, ay = a.y, avx = a.vx, avy = a.vy, ar = a.r;
  const bx = b.x, by = b.y, bvx = b.vx, bvy = b.vy, br = b.r;
  for (let i = 0; i < count; i++) {
    out[i] = toiCirclesFast(ax[i], ay[i], avx[i], avy[i], ar[i], bx[i], by[i], bvx[i], bvy[i], br[i], tMax);
  }
  return out;
}

/** out[i] = time of impact of sphere pair i within [0, tMax], for i < count. Unchecked. */
export function timeOfImpactSpheresBatch(out: Float64Array, a: SphereArrays, b: SphereArrays, count = out.length, tMax = 1): Float64Array {
  const ax = a.x, ay = a.y, az = a.z, avx = a.vx, avy = a.vy, avz = a.vz, ar = a.r;
  const bx = b.x, by = b.y, bz = b.z, bvx = b.vx, bvy = b.vy, bvz = b.vz, br = b.r;
  for (let i = 0; i < count; i++) {
    out[i] = toiSpheresFast(ax[i], ay[i], az[i], avx[i], avy[i], avz[i], ar[i], bx[i], by[i], bz[i], bvx[i], bvy[i], bvz[i], br[i], tMax);
  }
  return out;
}

function checkArrays(arrays: Record<string, Float64Array>, name: string, keys: readonly string[], count: number): void {
  for (const k of keys) {
    const arr = arrays[k];
    if (!(arr instanceof Float64Array)) throw new RangeError(`${name}.${k} must be a Float64Array`);
    if (arr.length < count) throw new RangeError(`${name}.${k} has length ${arr.length}, needs at least ${count}`);
    for (let i = 0; i < count; i++) {
      const v = arr[i];
      if (!(v - v === 0)) throw new RangeError(`${name}.${k}[${i}] must be a finite number, got ${v}`);
      if (k === "r" && !(v >= 0)) throw new RangeError(`${name}.r[${i}] must be >= 0, got ${v}`);
    }
  }
}

/**
 * Checks what the bulk form assumes: every array a Float64Array of length >= count, every
 * value finite, every radius >= 0, tMax >= 0. Throws a RangeError naming the array and index.
 */
export function validateCircleArrays(a: CircleArrays, b: CircleArrays, count: number, tMax = 1): void {
  const keys = ["x", "y", "vx", "vy", "r"] as const;
  checkArrays(a as unknown as Record<string, Float64Array>, "a", keys, count);
  checkArrays(b as unknown as Record<string, Float64Array>, "b", keys, count);
  checkTMax(tMax);
}

/** The 3D form of {@link validateCircleArrays}. */
export function validateSphereArrays(a: SphereArrays, b: SphereArrays, count: number, tMax = 1): void {
  const keys = ["x", "y", "z", "vx", "vy", "vz", "r"] as const;
  checkArrays(a as unknown as Record<string, Float64Array>, "a", keys, count);
  checkArrays(b as unknown as Record<string, Float64Array>, "b", keys, count);
  checkTMax(tMax);
}
