/**
 * The pocket table: pooltool's default "7 Ft Showood" table and its construction from specs
 * (data/pool/model.md section 3). 18 linear cushion segments at cushion height, 12 circular
 * jaws and 6 pocket capture circles, in pooltool's ids and iteration order.
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
 */
import { cosSinDegrees } from "./elementary.js";
import { finiteNumber, positiveNumber, rejectUnknownKeys, requireObject } from "./options.js";

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

/** A pocket table built from specs (see pocketTable), in pooltool's ids and iteration order. */
export interface PoolTable {
  /** The specs it was built from. */
  readonly specs: PocketTableSpecs;
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

/** How far below the cloth a pocketed ball is put (m). */
export const POCKET_DROP = 0.08;

const SPEC_KEYS = Object.keys(DEFAULT_TABLE_SPECS);

/**
 * pooltool's default 7-ft pocket table; `specs` may override any field (lengths > 0, angles
 * finite). Throws a RangeError naming an unknown key or a bad value.
 */
export function pocketTable(specs?: Partial<PocketTableSpecs>): PoolTable {
  if (specs === undefined) return (defaultTable ??= buildTable(Object.freeze({ ...DEFAULT_TABLE_SPECS })));
  const s: PocketTableSpecs = { ...DEFAULT_TABLE_SPECS };
  if (specs !== undefined) {
    requireObject(specs, "specs");
    rejectUnknownKeys(specs, SPEC_KEYS, "specs");
    for (const key of SPEC_KEYS as (keyof PocketTableSpecs)[]) {
      const value = (specs as Record<string, unknown>)[key];
      if (value === undefined) continue;
      s[key] = key.endsWith("_angle") ? finiteNumber(value, `specs.${key}`) : positiveNumber(value, `specs.${key}`);
    }
  }
  return buildTable(Object.freeze(s));
}

let defaultTable: PoolTable | undefined;

/** Freezes a cushion, jaw or pocket and its coordinate arrays (tables are shared, immutable). */
function freezeItem<T extends object>(item: T): T {
  for (const value of Object.values(item)) if (Array.isArray(value)) Object.freeze(value);
  return Object.freeze(item);
}

function buildTable(s: PocketTableSpecs): PoolTable {
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
  return Object.freeze({
    specs: s,
    linear: Object.freeze(linear.map(freezeItem)),
    circular: Object.freeze(circular.map(freezeItem)),
    pockets: Object.freeze(pockets.map(freezeItem)),
  });
}
