/**
 * Input checks shared by the contest simulators: unknown option keys, finite numbers and
 * integers, each failing with a RangeError that names the field. Kept here (not in
 * src/scene) so that `carom/contest` bundles nothing else.
 */

/** Throws a RangeError naming the first key of `value` that is not in `known`. */
export function rejectUnknownKeys(value: object, known: readonly string[], where: string): void {
  for (const key of Object.keys(value)) {
    if (!known.includes(key)) {
      throw new RangeError(`${where} has an unknown key "${key}" (known: ${known.join(", ")})`);
    }
  }
}

/** Describes a value for an error message. */
export function describe(value: unknown): string {
  if (typeof value === "string") return JSON.stringify(value);
  if (typeof value === "number" || typeof value === "boolean" || value === null || value === undefined) return String(value);
  try {
    return JSON.stringify(value) ?? typeof value;
  } catch {
    return typeof value;
  }
}

/** The value as a finite number, or a RangeError naming `field`. */
export function finiteNumber(value: unknown, field: string): number {
  if (typeof value !== "number" || !Number.isFinite(value)) {
    throw new RangeError(`${field} must be a finite number, got ${describe(value)}`);
  }
  return value;
}

/** The largest coordinate or speed component a contest body takes (the maps are 16000 wide). */
export const COORDINATE_LIMIT = 1e6;

/** The value as a finite number within ±COORDINATE_LIMIT, or a RangeError naming `field`. */
export function coordinate(value: unknown, field: string): number {
  const x = finiteNumber(value, field);
  if (!(Math.abs(x) <= COORDINATE_LIMIT)) throw new RangeError(`${field} must be within ±1e6 (the map is 16000 wide), got ${x}`);
  return x;
}

/** The value as an integer in [min, max], or a RangeError naming `field`. */
export function integerIn(value: unknown, min: number, max: number, field: string): number {
  if (typeof value !== "number" || !Number.isInteger(value) || value < min || value > max) {
    throw new RangeError(`${field} must be an integer in ${min}..${max}, got ${describe(value)}`);
  }
  return value;
}

/** The value as an object (not null, not an array), or a RangeError naming `field`. */
export function plainObject(value: unknown, field: string): Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new RangeError(`${field} must be an object, got ${describe(value)}`);
  }
  return value as Record<string, unknown>;
}

/** The value as an array, or a RangeError naming `field`. */
export function arrayOf(value: unknown, field: string): readonly unknown[] {
  if (!Array.isArray(value)) throw new RangeError(`${field} must be an array, got ${describe(value)}`);
  return value;
}
