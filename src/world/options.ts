/**
 * Strict options: every options object the world takes (constructor, addBody, walls) is checked
 * for unknown keys, which are rejected with a RangeError that names the key and suggests the
 * closest known one; numbers are checked to be finite and inside the range the exact arithmetic
 * handles.
 *
 * The suggestion is the closest known key by optimal string alignment distance (Levenshtein
 * plus adjacent transpositions, so "raduis" is one edit from "radius"), case-insensitively,
 * accepted when it is at most a third of the key's length (and at least 1).
 */

/**
 * Largest magnitude accepted for a body's coordinates, velocity and acceleration components.
 * Contact times come from squares and products of differences of these numbers (relative
 * position times relative velocity, |dp|^2): with every component at most 1e150 in magnitude
 * a difference stays below 2e150 and its square below 4e300, inside the double range (1.8e308),
 * so no intermediate overflows to Infinity and no contact is lost or invented.
 */
export const MAX_COORDINATE = 1e150;

/**
 * The masses a world takes: from 1e-150 to 1e150. An impulse moves a body by J / m; with both
 * masses in this range the inverse masses, their sum and J / m stay finite and normal (a mass of
 * 1e-310 has an infinite inverse, and its collisions would exchange nothing: it passed through).
 */
export const MIN_MASS = 1e-150;
/** The largest mass a world takes (see MIN_MASS). */
export const MAX_MASS = 1e150;

/** The keys of World2DOptions and World3DOptions. */
export const WORLD_OPTION_KEYS = [
  "restitution", "collapseTime", "maxEventsPerAdvance", "response", "restSpeed", "filter", "onCollision", "recordEvents", "gravity", "bounds",
];

/** Optimal string alignment distance between a and b. */
export function editDistance(a: string, b: string): number {
  const m = a.length, n = b.length;
  // Three rolling rows: two back (for transpositions), one back, current.
  let prev2 = new Array<number>(n + 1).fill(0);
  let prev = Array.from({ length: n + 1 }, (_, j) => j);
  let cur = new Array<number>(n + 1).fill(0);
  for (let i = 1; i <= m; i++) {
    cur[0] = i;
    for (let j = 1; j <= n; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, prev2[j - 2] + 1);
      cur[j] = d;
    }
    [prev2, prev, cur] = [prev, cur, prev2];
  }
  return prev[n];
}

/** The known key closest to `key`, or undefined when none is close enough. */
export function suggestKey(key: string, known: readonly string[]): string | undefined {
  const k = key.toLowerCase();
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of known) {
    const d = editDistance(k, candidate.toLowerCase());
    if (d < bestDistance) {
      bestDistance = d;
      best = candidate;
    }
  }
  const limit = Math.max(1, Math.floor(key.length / 3));
  return bestDistance <= limit ? best : undefined;
}

/**
 * Throws a RangeError for the first own key of `options` that is not in `known`:
 * `<what>: unknown option "periodc" (did you mean "periodic"?)`. Also rejects a non-object.
 */
export function checkKeys(options: object, known: readonly string[], what: string): void {
  if (options === null || typeof options !== "object") throw new RangeError(`${what} must be an object, got ${String(options)}`);
  for (const key of Object.keys(options)) {
    if (known.includes(key)) continue;
    const near = suggestKey(key, known);
    throw new RangeError(`${what}: unknown option "${key}"${near === undefined ? "" : ` (did you mean "${near}"?)`}`);
  }
}

/**
 * The name a body's messages use ("body \"ball\"" or "body 3"), after checking that the init
 * is an object whose id, when given, is a string: ids are strings, as in scene files, so that
 * `bodyIndex("5")` finds a body added with id "5" (a number 5 is refused rather than converted).
 */
export function bodyInitName(b: unknown, next: number): string {
  if (b === null || typeof b !== "object" || Array.isArray(b)) {
    throw new RangeError(`addBody: a body must be an object such as {x, y, radius}, got ${b === null ? "null" : Array.isArray(b) ? "an array" : String(b)}`);
  }
  const id = (b as { id?: unknown }).id;
  if (id !== undefined && typeof id !== "string") {
    throw new RangeError(`body ${next}: id must be a string, got ${typeof id === "number" ? id : String(id)} (a ${typeof id}; ids are strings, write "${String(id)}")`);
  }
  return id === undefined ? `body ${next}` : `body "${id}"`;
}

/** Throws a RangeError naming `field` unless v is a finite number with |v| <= MAX_COORDINATE. */
export function checkCoordinate(v: unknown, field: string): void {
  if (typeof v !== "number" || !Number.isFinite(v)) throw new RangeError(`${field} must be a finite number, got ${String(v)}`);
  if (!(Math.abs(v) <= MAX_COORDINATE)) throw new RangeError(`${field} must be at most ${MAX_COORDINATE} in magnitude, got ${v}`);
}
