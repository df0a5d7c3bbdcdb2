/**
 * Argument checks shared by the pool module: unknown keys and non-finite numbers are
 * RangeErrors that name the argument and the field.
 */
import { suggestKey } from "../scene/suggest-key.js";

/** Throws a RangeError naming the first key of `value` that is not in `known`. */
export function rejectUnknownKeys(value: object, known: readonly string[], name: string): void {
  for (const key of Object.keys(value)) {
    if (!known.includes(key)) {
      const hint = suggestKey(key, known);
      throw new RangeError(`${name}: unknown key "${key}"${hint ? ` (did you mean "${hint}"?)` : ""}; known keys: ${known.join(", ")}`);
    }
  }
}

/** Throws unless `value` is a plain object (not null, not an array). */
export function requireObject(value: unknown, name: string): asserts value is Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new RangeError(`${name} must be an object, got ${value === null ? "null" : Array.isArray(value) ? "an array" : typeof value}`);
  }
}

/** The value as a finite number, else a RangeError naming it. */
export function finiteNumber(value: unknown, name: string): number {
  if (typeof value !== "number" || !Number.isFinite(value)) {
    throw new RangeError(`${name} must be a finite number, got ${typeof value === "number" ? String(value) : JSON.stringify(value) ?? typeof value}`);
  }
  return value;
}

/** A finite number > 0 (or >= 0 when `allowZero`). */
export function positiveNumber(value: unknown, name: string, allowZero = false): number {
  const x = finiteNumber(value, name);
  if (allowZero ? !(x >= 0) : !(x > 0)) throw new RangeError(`${name} must be ${allowZero ? ">= 0" : "> 0"}, got ${x}`);
  return x;
}
