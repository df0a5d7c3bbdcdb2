/**
 * Tables: pooltool's default "7 Ft Showood" pocket table and its construction from specs
 * (docs/pool-model.md section 3), pooltool's snooker table (the same construction with its
 * snooker specs) and its pocketless carom billiards table (four cushions, corner to corner).
 * Pocket tables have 18 linear cushion segments at cushion height, 12 circular jaws and 6
 * pocket capture circles, in pooltool's ids and iteration order.
 *
 * Construction (pw, sw: corner and side pocket widths; ca = corner angle + 45°, sa = side
 * angle; rc, rs: corner and side jaw radii; cw: cushion width):
 * dc = rc / tan((90° + ca)/2), ds = rs / tan((90° + sa)/2); the rails start a = pw·cos 45° + dc
 * from each corner and stop (l ∓ sw)/2 ∓ ds at the side pockets; a corner jaw circle of radius rc
 * touches each rail's end from outside, a side jaw circle of radius rs likewise. The jaw-facing
 * segments run from the outer cushion edge (pw·cos 45° − cw·tan ca from the corner, or
 * (l ∓ sw)/2 ± cw·sin sa at a side pocket) to the jaw circle's point at angle ca (sa). With the
 * default specs this reproduces pooltool's coordinates to the last bit or two (checked in
 * test/pool-table.test.ts against the values pooltool prints).
 *
 * Specs are checked: every length and angle in a range ({@link TABLE_SPEC_RANGES}) and the
 * construction sound (every rail of positive length), else a RangeError
 * naming the field.
 */
import { cosSinDegrees } from "./elementary.js";
import { finiteNumber, rejectUnknownKeys, requireObject } from "./options.js";

/** Table specifications (metres, degrees), pooltool's names. */
export interface PocketTableSpecs {
  /** Playing length (long side, along y), metres. */
  l: number;
  /** Playing width (short side, along x), metres. */
  w: number;
  /** Width of the cushion rail, metres. */
  cushion_width: number;
  /** Height of the cushion's contact nose above the cloth, metres. */
  cushion_height: number;
  /** Corner pocket mouth width, metres. */
  corner_pocket_width: number;
  /** Corner pocket jaw angle, degrees. */
  corner_pocket_angle: number;
  /** Corner pocket depth (how far a captured ball drops below the cloth), metres. */
  corner_pocket_depth: number;
  /** Corner pocket capture circle radius, metres. */
  corner_pocket_radius: number;
  /** Corner pocket jaw (circular cushion) radius, metres. */
  corner_jaw_radius: number;
  /** Side pocket mouth width, metres. */
  side_pocket_width: number;
  /** Side pocket jaw angle, degrees. */
  side_pocket_angle: number;
  /** Side pocket depth (how far a captured ball drops below the cloth), metres. */
  side_pocket_depth: number;
  /** Side pocket capture circle radius, metres. */
  side_pocket_radius: number;
  /** Side pocket jaw (circular cushion) radius, metres. */
  side_jaw_radius: number;
}

/** A straight cushion: the ball plays on side `direction` (0 = SIDE1, 1 = SIDE2, 2 = both). */
export interface LinearCushion {
  /** pooltool's cushion id. */
  id: string;
  /** First end point [x, y, z], metres (z: cushion height). */
  p1: [number, number, number];
  /** Second end point [x, y, z], metres. */
  p2: [number, number, number];
  /** The side a ball plays on: 0 = SIDE1, 1 = SIDE2, 2 = both (pooltool's convention). */
  direction: 0 | 1 | 2;
}

/** A circular cushion (pocket jaw). */
export interface CircularCushion {
  /** pooltool's jaw id. */
  id: string;
  /** Centre [x, y, z], metres (z: cushion height). */
  center: [number, number, number];
  /** Radius, metres. */
  radius: number;
}

/** A pocket: a ball whose centre enters the circle is captured and put `depth` below the cloth. */
export interface Pocket {
  /** pooltool's pocket id. */
  id: string;
  /** Centre of the capture circle [x, y, z], metres. */
  center: [number, number, number];
  /** Radius of the capture circle, metres. */
  radius: number;
  /** How far below the cloth a captured ball is put, metres. */
  depth: number;
}

/** Specifications of a pocketless (carom billiards) table, pooltool's names. */
export interface BilliardTableSpecs {
  /** Playing length (long side, along y), metres. */
  l: number;
  /** Playing width (short side, along x), metres. */
  w: number;
  /** Width of the cushion rail, metres. */
  cushion_width: number;
  /** Height of the cushion's contact nose above the cloth, metres. */
  cushion_height: number;
}

/** What kind of table: pool (pockets), snooker (pockets, larger) or carom billiards (no pockets). */
export type TableKind = "pocket" | "snooker" | "billiard";

/** A table (see pocketTable, snookerTable, billiardTable), in pooltool's ids and iteration order. */
export interface PoolTable<S extends BilliardTableSpecs = PocketTableSpecs | BilliardTableSpecs> {
  /** What kind of table it is. */
  readonly kind: TableKind;
  /** Playing width (along x), metres: the cloth runs from x = 0 to w. */
  readonly w: number;
  /** Playing length (along y), metres: the cloth runs from y = 0 to l. */
  readonly l: number;
  /** The specs it was built from. */
  readonly specs: Readonly<S>;
  /** The straight cushion segments. */
  readonly linear: readonly LinearCushion[];
  /** The circular cushions (pocket jaws). */
  readonly circular: readonly CircularCushion[];
  /** The pockets. */
  readonly pockets: readonly Pocket[];
}

/** pooltool's 7-foot pocket table. */
export const DEFAULT_TABLE_SPECS: Readonly<PocketTableSpecs> = Object.freeze({
  l: 1.9812,
  w: 1.9812 / 2,
  cushion_width: 2 * 2.54 / 100,
  cushion_height: 0.64 * 2 * 0.028575,
  corner_pocket_width: 0.118,
  corner_pocket_angle: 5.3,
  corner_pocket_depth: 0.0417,
  corner_pocket_radius: 0.062,
  corner_jaw_radius: 0.02095,
  side_pocket_width: 0.137,
  side_pocket_angle: 7.14,
  side_pocket_depth: 0.0685,
  side_pocket_radius: 0.0645,
  side_jaw_radius: 0.00795,
});

/**
 * pooltool's snooker table (its `SnookerTableSpecs`: 3.5445 m by 1.7465 m, 83 and 87 mm pocket
 * mouths). pooltool's later releases measure a pocket's depth from the edge of its capture
 * circle (corner: radius + depth − width/2 along the diagonal; side: radius + depth); carom's
 * construction (pooltool 0.6.0's) measures it from the cushion corner to the circle's centre,
 * so the snooker depths here are those sums: 0.0961 and 0.066802 m.
 */
export const SNOOKER_TABLE_SPECS: Readonly<PocketTableSpecs> = Object.freeze({
  l: 3.5445,
  w: 1.7465,
  cushion_width: 1.55 * 25.4 / 1000,
  cushion_height: 0.028,
  corner_pocket_width: 0.083,
  corner_pocket_angle: 0,
  corner_pocket_depth: 4 * 25.4 / 1000 + 0.036 - 0.083 / 2,
  corner_pocket_radius: 4 * 25.4 / 1000,
  corner_jaw_radius: 4 * 25.4 / 1000,
  side_pocket_width: 0.087,
  side_pocket_angle: 0,
  side_pocket_depth: 1.68 * 25.4 / 1000 + 0.95 * 25.4 / 1000,
  side_pocket_radius: 1.68 * 25.4 / 1000,
  side_jaw_radius: 2.5 * 25.4 / 1000,
});

/** pooltool's carom billiards table (its `BilliardTableSpecs`: a 10-ft table, 3.05 m by 1.525 m). */
export const BILLIARD_TABLE_SPECS: Readonly<BilliardTableSpecs> = Object.freeze({
  l: 3.05,
  w: 3.05 / 2,
  cushion_width: 2 * 2.54 / 100,
  cushion_height: 0.64 * 2 * 0.028575,
});

/** How far below the cloth a pocketed ball is put (m). */
export const POCKET_DROP = 0.08;

/** Accepted range [min, max] of every table spec (metres; angles in degrees), inclusive. */
export const TABLE_SPEC_RANGES: Readonly<Record<keyof PocketTableSpecs, readonly [number, number]>> = Object.freeze({
  l: [0.1, 20],
  w: [0.1, 20],
  cushion_width: [1e-3, 1],
  cushion_height: [1e-5, 1],
  corner_pocket_width: [1e-3, 1],
  corner_pocket_angle: [-30, 30],
  corner_pocket_depth: [0, 1],
  corner_pocket_radius: [1e-3, 1],
  corner_jaw_radius: [1e-4, 1],
  side_pocket_width: [1e-3, 1],
  side_pocket_angle: [-30, 30],
  side_pocket_depth: [0, 1],
  side_pocket_radius: [1e-3, 1],
  side_jaw_radius: [1e-4, 1],
});

function checkSpecs<S extends object>(specs: unknown, base: Readonly<S>, name: string): S {
  const s = { ...base } as Record<string, number>;
  if (specs === undefined) return s as S;
  requireObject(specs, name);
  const keys = Object.keys(base);
  rejectUnknownKeys(specs, keys, name);
  for (const key of keys) {
    const value = specs[key];
    if (value === undefined) continue;
    const [lo, hi] = TABLE_SPEC_RANGES[key as keyof PocketTableSpecs];
    const x = finiteNumber(value, `${name}.${key}`);
    if (!(x >= lo && x <= hi)) throw new RangeError(`${name}.${key} must be in [${lo}, ${hi}]${key.endsWith("_angle") ? " degrees" : " m"}, got ${x}`);
    s[key] = x;
  }
  return s as S;
}

/**
 * pooltool's default 7-ft pocket table; `specs` may override any field (each in its
 * {@link TABLE_SPEC_RANGES} range, and together a sound table: rails of positive length).
 * Throws a RangeError naming an unknown key or a bad value.
 */
export function pocketTable(specs?: Partial<PocketTableSpecs>): PoolTable<PocketTableSpecs> {
  if (specs === undefined) return (defaultTable ??= buildTable(Object.freeze({ ...DEFAULT_TABLE_SPECS }), "pocket", "specs"));
  return buildTable(Object.freeze(checkSpecs(specs, DEFAULT_TABLE_SPECS, "specs")), "pocket", "specs");
}

/** pooltool's snooker table ({@link SNOOKER_TABLE_SPECS}); `specs` may override any field, checked as {@link pocketTable}'s. */
export function snookerTable(specs?: Partial<PocketTableSpecs>): PoolTable<PocketTableSpecs> {
  return buildTable(Object.freeze(checkSpecs(specs, SNOOKER_TABLE_SPECS, "specs")), "snooker", "specs");
}

/**
 * pooltool's carom billiards table ({@link BILLIARD_TABLE_SPECS}): no pockets, four straight
 * cushions from corner to corner (ids 3, 12, 9, 18 as pooltool's); `specs` may override l, w,
 * cushion_width and cushion_height.
 */
export function billiardTable(specs?: Partial<BilliardTableSpecs>): PoolTable<BilliardTableSpecs> {
  const s = Object.freeze(checkSpecs(specs, BILLIARD_TABLE_SPECS, "specs"));
  const { l, w, cushion_height: h } = s;
  const seg = (id: string, x1: number, y1: number, x2: number, y2: number, direction: 0 | 1): LinearCushion =>
    freezeItem({ id, p1: [x1, y1, h], p2: [x2, y2, h], direction });
  return register(Object.freeze({
    kind: "billiard" as const,
    w,
    l,
    specs: s,
    linear: Object.freeze([seg("3", 0, 0, 0, l, 1), seg("12", w, l, w, 0, 0), seg("9", 0, l, w, l, 0), seg("18", 0, 0, w, 0, 1)]),
    circular: Object.freeze([]),
    pockets: Object.freeze([]),
  }));
}

let defaultTable: PoolTable<PocketTableSpecs> | undefined;
const built = new WeakSet<object>();

function register<T extends object>(table: T): T {
  built.add(table);
  return table;
}

/** Whether `table` was built by one of this module's functions (and so needs no checking). */
export function isBuiltTable(table: unknown): boolean {
  return typeof table === "object" && table !== null && built.has(table);
}

/** Freezes a cushion, jaw or pocket and its coordinate arrays (tables are shared, immutable). */
export function freezeItem<T extends object>(item: T): T {
  for (const value of Object.values(item)) if (Array.isArray(value)) Object.freeze(value);
  return Object.freeze(item);
}

function buildTable(s: Readonly<PocketTableSpecs>, kind: TableKind, name: string): PoolTable<PocketTableSpecs> {
  const { l, w } = s;
  const h = s.cushion_height;
  const cw = s.cushion_width;
  const rc = s.corner_jaw_radius, rs = s.side_jaw_radius;
  const cs = new Float64Array(2);
  const ca = s.corner_pocket_angle + 45;
  const sa = s.side_pocket_angle;
  cosSinDegrees(cs, (90 + ca) / 2);
  const dc = rc / (cs[1] / cs[0]);
  cosSinDegrees(cs, (90 + sa) / 2);
  const ds = rs / (cs[1] / cs[0]);
  cosSinDegrees(cs, ca);
  const cosCa = cs[0], sinCa = cs[1];
  cosSinDegrees(cs, sa);
  const cosSa = cs[0], sinSa = cs[1];
  const half = Math.SQRT1_2 * s.corner_pocket_width;
  const a = half + dc; // rail start from a corner
  const b1 = (l - s.side_pocket_width) / 2 - ds; // rail end below the side pocket
  const b2 = (l + s.side_pocket_width) / 2 + ds; // rail start above it
  if (!(w - 2 * a > 0)) {
    throw new RangeError(`${name}: the corner pockets (corner_pocket_width ${s.corner_pocket_width} m, corner_jaw_radius ${rc} m, angle ${s.corner_pocket_angle}°) leave no end rail on a table w = ${w} m wide`);
  }
  if (!(b1 - a > 0)) {
    throw new RangeError(`${name}: the side pockets (side_pocket_width ${s.side_pocket_width} m, side_jaw_radius ${rs} m) and the corner pockets leave no side rail on a table l = ${l} m long`);
  }
  const e = half - cw * (sinCa / cosCa); // corner jaw segment, outer end
  const tx = a - rc * cosCa, ty = -rc + rc * sinCa; // corner jaw segment, jaw end
  const f1 = (l - s.side_pocket_width) / 2 + cw * sinSa; // side jaw segment, outer ends
  const f2 = (l + s.side_pocket_width) / 2 - cw * sinSa;
  const sx = -rs + rs * sinSa, sy = rs * cosSa; // side jaw segment, jaw end offsets
  const seg = (id: string, x1: number, y1: number, x2: number, y2: number, direction: 0 | 1): LinearCushion =>
    ({ id, p1: [x1, y1, h], p2: [x2, y2, h], direction });
  const linear: LinearCushion[] = [
    seg("3", 0, a, 0, b1, 1),
    seg("6", 0, b2, 0, l - a, 1),
    seg("15", w, a, w, b1, 0),
    seg("12", w, b2, w, l - a, 0),
    seg("18", a, 0, w - a, 0, 1),
    seg("9", a, l, w - a, l, 0),
    seg("5", -cw, f2, sx, b2 - sy, 0),
    seg("4", -cw, f1, sx, b1 + sy, 1),
    seg("13", w + cw, f2, w - sx, b2 - sy, 0),
    seg("14", w + cw, f1, w - sx, b1 + sy, 1),
    seg("1", e, -cw, tx, ty, 1),
    seg("2", -cw, e, ty, tx, 0),
    seg("8", e, l + cw, tx, l - ty, 0),
    seg("7", -cw, l - e, ty, l - tx, 1),
    seg("11", w + cw, l - e, w - ty, l - tx, 1),
    seg("10", w - e, l + cw, w - tx, l - ty, 0),
    seg("16", w + cw, e, w - ty, tx, 0),
    seg("17", w - e, -cw, w - tx, ty, 1),
  ];
  const jaw = (id: string, x: number, y: number, radius: number): CircularCushion => ({ id, center: [x, y, h], radius });
  const circular: CircularCushion[] = [
    jaw("1t", a, -rc, rc),
    jaw("2t", -rc, a, rc),
    jaw("4t", -rs, b1, rs),
    jaw("5t", -rs, b2, rs),
    jaw("7t", -rc, l - a, rc),
    jaw("8t", a, l + rc, rc),
    jaw("10t", w - a, l + rc, rc),
    jaw("11t", w + rc, l - a, rc),
    jaw("13t", w + rs, b2, rs),
    jaw("14t", w + rs, b1, rs),
    jaw("16t", w + rc, a, rc),
    jaw("17t", w - a, -rc, rc),
  ];
  const dcp = s.corner_pocket_depth * Math.SQRT1_2;
  const ds2 = s.side_pocket_depth;
  const pocket = (id: string, x: number, y: number, radius: number): Pocket => ({ id, center: [x, y, 0], radius, depth: POCKET_DROP });
  const pockets: Pocket[] = [
    pocket("lb", -dcp, -dcp, s.corner_pocket_radius),
    pocket("lc", -ds2, l / 2, s.side_pocket_radius),
    pocket("lt", -dcp, l + dcp, s.corner_pocket_radius),
    pocket("rb", w + dcp, -dcp, s.corner_pocket_radius),
    pocket("rc", w + ds2, l / 2, s.side_pocket_radius),
    pocket("rt", w + dcp, l + dcp, s.corner_pocket_radius),
  ];
  return register(Object.freeze({
    kind,
    w,
    l,
    specs: s,
    linear: Object.freeze(linear.map(freezeItem)),
    circular: Object.freeze(circular.map(freezeItem)),
    pockets: Object.freeze(pockets.map(freezeItem)),
  }));
}
