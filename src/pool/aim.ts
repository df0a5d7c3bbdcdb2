/**
 * Aiming by the ghost ball: to send an object ball towards a target, the cue ball must arrive
 * where its centre is 2R behind the object ball's centre on the line from the target (the "ghost
 * ball"); the cue direction is from the cue ball to the ghost ball, and the cut angle is the angle
 * between that direction and the object ball's departure line (0 = straight in). Geometry only:
 * throw (the object ball pushed off the line by friction), squirt and the balls' curving paths are
 * left to the simulation (see {@link findShot}, which corrects for them by simulating).
 * Angles in degrees, counter-clockwise from +x, as the strike's phi.
 */
import { angleDegrees } from "./rack.js";
import { finiteNumber, rejectUnknownKeys, requireObject } from "./options.js";
import { DEFAULT_BALL_PARAMS } from "./params.js";
import { atan, cosSinDegrees, PI } from "./elementary.js";
import { pocketTable, type PoolTable } from "./table.js";

/** A point on the table [x, y], metres. */
export type Point = readonly [number, number];

/** Where to send the object ball: a pocket (by id), a point, or a direction. */
export interface AimTarget {
  /** A pocket's id ("rt", "lc", …): the object ball is sent to the pocket's centre. */
  pocket?: string;
  /** A point to send the object ball to. */
  target?: Point;
  /** A direction to send the object ball along, degrees counter-clockwise from +x. */
  direction?: number;
}

/** Options of {@link aimAt}. */
export interface AimOptions extends AimTarget {
  /** The cue ball's centre. */
  cue: Point;
  /** The object ball's centre. */
  object: Point;
  /** The table whose pockets `pocket` names (default pocketTable()). */
  table?: PoolTable;
  /** Ball radius, m (default pooltool's 0.028575). */
  R?: number;
}

/** An aim: the cue direction to send an object ball along a line. */
export interface Aim {
  /** Cue direction, degrees counter-clockwise from +x (the strike's phi). */
  phi: number;
  /** Cut angle, degrees: 0 for a straight shot, up to 90 for the thinnest cut. */
  cut: number;
  /** Where the cue ball's centre must be at contact (the ghost ball). */
  ghost: [number, number];
  /** The direction the object ball leaves in, degrees counter-clockwise from +x. */
  direction: number;
  /** False when the cut is 90° or more (the cue ball cannot reach that side of the object ball). */
  possible: boolean;
}

const cs = new Float64Array(2);

/** Largest coordinate accepted, metres (a table is a few metres; squares of 1e6 stay exact enough). */
const FAR = 1e6;

function point(value: unknown, name: string): [number, number] {
  if (!Array.isArray(value) || value.length !== 2) throw new RangeError(`${name} must be a point [x, y], got ${JSON.stringify(value) ?? typeof value}`);
  const p: [number, number] = [finiteNumber(value[0], `${name}[0]`), finiteNumber(value[1], `${name}[1]`)];
  if (!(Math.abs(p[0]) <= FAR && Math.abs(p[1]) <= FAR)) throw new RangeError(`${name} must be within ±${FAR} m, got [${p[0]}, ${p[1]}]`);
  return p;
}

/** Unit vector of the object ball's departure from the options (pocket, target or direction). */
function departure(o: AimTarget, object: Point, table: PoolTable | undefined, name: string): [number, number] {
  const given = (o.pocket !== undefined ? 1 : 0) + (o.target !== undefined ? 1 : 0) + (o.direction !== undefined ? 1 : 0);
  if (given !== 1) throw new RangeError(`${name}: give exactly one of pocket, target and direction`);
  let tx: number, ty: number;
  if (o.direction !== undefined) {
    cosSinDegrees(cs, finiteNumber(o.direction, `${name}.direction`));
    return [cs[0], cs[1]];
  }
  if (o.pocket !== undefined) {
    const t = table ?? pocketTable();
    const p = t.pockets.find((q) => q.id === o.pocket);
    if (!p) throw new RangeError(`${name}.pocket: no pocket ${JSON.stringify(o.pocket)} on this table (pockets: ${t.pockets.map((q) => q.id).join(", ") || "none"})`);
    tx = p.center[0]; ty = p.center[1];
  } else [tx, ty] = point(o.target, `${name}.target`);
  const dx = tx - object[0], dy = ty - object[1], d = Math.hypot(dx, dy);
  if (!(d > 0)) throw new RangeError(`${name}: the target is the object ball's centre (no direction)`);
  return [dx / d, dy / d];
}

/** The aim for a cue ball at `cue` sending the object ball at `object` in the unit direction (ux, uy). */
export function aimAlong(cue: Point, object: Point, ux: number, uy: number, R: number): Aim {
  const gx = object[0] - 2 * R * ux, gy = object[1] - 2 * R * uy;
  const cx = gx - cue[0], cy = gy - cue[1];
  const d = Math.hypot(cx, cy);
  let cut = 0;
  if (d > 0) {
    // The angle between the two directions from its tangent |cross| / dot (accurate near 0°,
    // where the arc cosine of the dot product is not).
    const cross = Math.abs(cx * uy - cy * ux), dot = cx * ux + cy * uy;
    const a = dot > 0 ? atan(cross / dot) : dot < 0 ? PI - atan(cross / -dot) : PI / 2;
    cut = (a * 180) / PI;
  }
  return { phi: angleDegrees(cx, cy), cut, ghost: [gx, gy], direction: angleDegrees(ux, uy), possible: cut < 90 };
}

/**
 * The ghost-ball aim that sends the object ball into a pocket, to a point or along a direction:
 * the cue direction phi, the cut angle, the ghost ball's position.
 *
 * ```ts
 * aimAt({ cue: [0.5, 0.5], object: [0.6, 1.2], pocket: "rt" });   // { phi, cut, ghost, direction, possible }
 * ```
 */
export function aimAt(options: AimOptions): Aim {
  requireObject(options, "aimAt options");
  rejectUnknownKeys(options, ["cue", "object", "pocket", "target", "direction", "table", "R"], "aimAt options");
  const cue = point(options.cue, "aimAt options.cue"), object = point(options.object, "aimAt options.object");
  const R = options.R === undefined ? DEFAULT_BALL_PARAMS.R : finiteNumber(options.R, "aimAt options.R");
  if (!(R > 0 && R <= 1)) throw new RangeError(`aimAt options.R must be in (0, 1] m, got ${R}`);
  const [ux, uy] = departure(options, object, options.table, "aimAt options");
  return aimAlong(cue, object, ux, uy, R);
}

/** The cut angle (degrees, 0 = straight in) of the shot {@link aimAt} describes. */
export function cutAngle(options: AimOptions): number {
  return aimAt(options).cut;
}

/** The ghost ball: where the cue ball's centre must be to send `object` towards `target` (radius R). */
export function ghostBall(object: Point, target: Point, R: number = DEFAULT_BALL_PARAMS.R): [number, number] {
  const [ox, oy] = point(object, "ghostBall object"), [tx, ty] = point(target, "ghostBall target");
  if (!(typeof R === "number" && R > 0 && R <= 1)) throw new RangeError(`ghostBall R must be in (0, 1] m, got ${R}`);
  const d = Math.hypot(tx - ox, ty - oy);
  if (!(d > 0)) throw new RangeError("ghostBall: the target is the object ball's centre (no direction)");
  return [ox - (2 * R * (tx - ox)) / d, oy - (2 * R * (ty - oy)) / d];
}

/** Departure direction for a system's aim (internal: PoolSystem's strike and aimAt). */
export function departureOf(o: AimTarget, object: Point, table: PoolTable, name: string): [number, number] {
  return departure(o, object, table, name);
}
