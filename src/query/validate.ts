/**
 * Argument checks of the public queries. Each throws a RangeError naming the argument, the
 * field and the value ("b.vx must be a finite number, got NaN"). The hot path costs one sum:
 * x - x is 0 for every finite x and NaN for NaN and the infinities.
 */
import type { MovingCircle, MovingSphere, Circle, Sphere } from "./types.js";

function fail(name: string, field: string, value: unknown, want: string): never {
  throw new RangeError(`${name}.${field} must be ${want}, got ${String(value)}`);
}

function explainNumbers(obj: Record<string, unknown>, name: string, fields: readonly string[], radiusField: string | null): never {
  if (obj === null || typeof obj !== "object") throw new RangeError(`${name} must be an object, got ${String(obj)}`);
  for (const f of fields) {
    const v = obj[f];
    if (typeof v !== "number" || !Number.isFinite(v)) fail(name, f, v, "a finite number");
  }
  if (radiusField !== null) fail(name, radiusField, obj[radiusField], "a finite number >= 0");
  throw new RangeError(`${name} is invalid`);
}

const CIRCLE_FIELDS = ["x", "y", "vx", "vy", "r"] as const;
const SPHERE_FIELDS = ["x", "y", "z", "vx", "vy", "vz", "r"] as const;
const STILL_CIRCLE_FIELDS = ["x", "y", "r"] as const;
const STILL_SPHERE_FIELDS = ["x", "y", "z", "r"] as const;

export function checkMovingCircle(c: MovingCircle, name: string): void {
  const s = c.x - c.x + (c.y - c.y) + (c.vx - c.vx) + (c.vy - c.vy);
  if (s !== 0 || !(c.r >= 0 && c.r < Infinity)) explainNumbers(c as never, name, CIRCLE_FIELDS, "r");
}

export function checkMovingSphere(c: MovingSphere, name: string): void {
  const s = c.x - c.x + (c.y - c.y) + (c.z - c.z) + (c.vx - c.vx) + (c.vy - c.vy) + (c.vz - c.vz);
  if (s !== 0 || !(c.r >= 0 && c.r < Infinity)) explainNumbers(c as never, name, SPHERE_FIELDS, "r");
}

export function checkCircle(c: Circle, name: string): void {
  const s = c.x - c.x + (c.y - c.y);
  if (s !== 0 || !(c.r >= 0 && c.r < Infinity)) explainNumbers(c as never, name, STILL_CIRCLE_FIELDS, "r");
}

export function checkSphere(c: Sphere, name: string): void {
  const s = c.x - c.x + (c.y - c.y) + (c.z - c.z);
  if (s !== 0 || !(c.r >= 0 && c.r < Infinity)) explainNumbers(c as never, name, STILL_SPHERE_FIELDS, "r");
}

/** tMax must be a number >= 0; Infinity is allowed and means "look forever". */
export function checkTMax(tMax: number): void {
  if (!(tMax >= 0)) throw new RangeError(`tMax must be a number >= 0, got ${String(tMax)}`);
}

/** A finite number check for loose scalars (ray parameters and the like). */
export function checkFinite(value: number, name: string): void {
  if (!(value - value === 0)) throw new RangeError(`${name} must be a finite number, got ${String(value)}`);
}
