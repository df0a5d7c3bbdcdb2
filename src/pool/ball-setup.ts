/**
 * The balls a PoolSystem starts with, checked: ids, positions on the cloth clear of every cushion,
 * jaw, pocket and other ball, an optional initial motion (velocity, angular velocity, motion
 * state) and optional parameters of the ball's own. Errors are RangeErrors naming the field.
 */
import { finiteNumber, rejectUnknownKeys, requireObject } from "./options.js";
import { type BallOwnParams, type BallParams, resolveOwnParams } from "./params.js";
import { POCKETED, ROLLING, SLIDING, SPINNING, STATIONARY, STATE_NAMES, STRIDE } from "./motion.js";
import type { PoolTable } from "./table.js";

/** A ball's motion state, as pooltool names it. */
export type MotionState = "stationary" | "spinning" | "sliding" | "rolling" | "pocketed";

/** A ball placed on the table, at rest unless given a motion. */
export interface BallSetup {
  /** Unique ball id. */
  id: string;
  /** Position across the table's width, metres (0 to w; the ball must not overlap a cushion). */
  x: number;
  /** Position along the table's length, metres (0 to l). */
  y: number;
  /** Initial velocity [vx, vy], m/s (default at rest). */
  v?: [number, number];
  /** Initial angular velocity [wx, wy, wz], rad/s (default none; for a rolling ball wx, wy follow from v). */
  w?: [number, number, number];
  /**
   * Initial motion state (default: from v and w: stationary, spinning (only wz), rolling (the
   * contact point at rest) or sliding). "rolling" sets wx = −vy/R, wy = vx/R when w is omitted.
   */
  state?: Exclude<MotionState, "pocketed">;
  /** Parameters of this ball's own (cloth and cushion friction, restitution); the rest are the system's. */
  params?: Partial<BallOwnParams>;
}

/** The ids of agents a ball may not take (the stick's). */
export const CUE_STICK_ID = "cue_stick";

/** Fastest initial speed accepted, m/s (as the fastest strike). */
const MAX_SPEED = 200;

function vector(value: unknown, length: number, name: string): number[] {
  if (!Array.isArray(value) || value.length !== length) {
    throw new RangeError(`${name} must be an array of ${length} finite numbers, got ${JSON.stringify(value) ?? typeof value}`);
  }
  return value.map((x, k) => finiteNumber(x, `${name}[${k}]`));
}

/** Distance from (x, y) to the segment p1→p2. */
function segmentDistance(x: number, y: number, p1x: number, p1y: number, p2x: number, p2y: number): number {
  const ex = p2x - p1x, ey = p2y - p1y;
  let s = ((x - p1x) * ex + (y - p1y) * ey) / (ex * ex + ey * ey);
  s = s < 0 ? 0 : s > 1 ? 1 : s;
  return Math.hypot(x - (p1x + s * ex), y - (p1y + s * ey));
}

/** Relative slack of the overlap tests: balls placed touching (up to rounding) are accepted. */
const TOUCH = 1e-9;

/**
 * Checks the balls and writes their states: B (STRIDE numbers each), S (state codes); returns
 * the ids and each ball's parameters.
 */
export function setUpBalls(
  balls: unknown, table: PoolTable, params: Readonly<BallParams>,
): { B: Float64Array; S: Int8Array; ids: string[]; bp: Readonly<BallParams>[] } {
  if (!Array.isArray(balls) || balls.length === 0) throw new RangeError("opts.balls must be a non-empty array of { id, x, y }");
  if (balls.length > 1000) throw new RangeError(`opts.balls: at most 1000 balls, got ${balls.length}`);
  const n = balls.length, R = params.R;
  const B = new Float64Array(n * STRIDE), S = new Int8Array(n);
  const ids: string[] = [], bp: Readonly<BallParams>[] = [];
  const seen = new Set<string>();
  const { w, l } = table;
  balls.forEach((ball: unknown, i) => {
    const name = `opts.balls[${i}]`;
    requireObject(ball, name);
    rejectUnknownKeys(ball, ["id", "x", "y", "v", "w", "state", "params"], name);
    if (typeof ball.id !== "string" || ball.id === "") throw new RangeError(`${name}.id must be a non-empty string, got ${JSON.stringify(ball.id)}`);
    if (ball.id === CUE_STICK_ID) throw new RangeError(`${name}.id must not be "${CUE_STICK_ID}" (the stick's id)`);
    if (seen.has(ball.id)) throw new RangeError(`${name}.id "${ball.id}" is used twice`);
    seen.add(ball.id);
    ids.push(ball.id);
    const x = finiteNumber(ball.x, `${name}.x`), y = finiteNumber(ball.y, `${name}.y`);
    if (!(x >= 0 && x <= w)) throw new RangeError(`${name}.x must be on the table, 0 to w = ${w} m, got ${x}`);
    if (!(y >= 0 && y <= l)) throw new RangeError(`${name}.y must be on the table, 0 to l = ${l} m, got ${y}`);
    for (const c of table.linear) {
      const d = segmentDistance(x, y, c.p1[0], c.p1[1], c.p2[0], c.p2[1]);
      if (d < R * (1 - TOUCH)) throw new RangeError(`${name} ("${ball.id}") overlaps cushion ${c.id}: its centre is ${d} m from the cushion, less than R = ${R} m (a ball may touch a cushion, not overlap it)`);
    }
    for (const c of table.circular) {
      const d = Math.hypot(x - c.center[0], y - c.center[1]);
      if (d < (R + c.radius) * (1 - TOUCH)) throw new RangeError(`${name} ("${ball.id}") overlaps jaw ${c.id}: its centre is ${d} m from the jaw's centre, less than R + ${c.radius} m`);
    }
    for (const p of table.pockets) {
      if (Math.hypot(x - p.center[0], y - p.center[1]) < p.radius) throw new RangeError(`${name} ("${ball.id}") is in pocket ${p.id} (its centre inside the pocket's capture circle)`);
    }
    const o = i * STRIDE;
    B[o] = x;
    B[o + 1] = y;
    B[o + 2] = R;
    const v = ball.v === undefined ? [0, 0] : vector(ball.v, 2, `${name}.v`);
    let spin = ball.w === undefined ? undefined : vector(ball.w, 3, `${name}.w`);
    if (!(Math.hypot(v[0], v[1]) <= MAX_SPEED)) throw new RangeError(`${name}.v: at most ${MAX_SPEED} m/s, got ${Math.hypot(v[0], v[1])}`);
    if (spin && !(Math.hypot(spin[0], spin[1], spin[2]) * R <= MAX_SPEED)) throw new RangeError(`${name}.w: a surface speed |w| R of at most ${MAX_SPEED} m/s, got ${Math.hypot(spin[0], spin[1], spin[2]) * R}`);
    const moving = v[0] !== 0 || v[1] !== 0;
    let state: number;
    if (ball.state === undefined) {
      const [wx, wy, wz] = spin ?? [0, 0, 0];
      if (moving) state = wx === -v[1] / R && wy === v[0] / R ? ROLLING : SLIDING;
      else state = wx !== 0 || wy !== 0 ? SLIDING : wz !== 0 ? SPINNING : STATIONARY;
    } else {
      state = STATE_NAMES.indexOf(ball.state as MotionState);
      if (state < 0 || state === POCKETED) throw new RangeError(`${name}.state must be "stationary", "spinning", "sliding" or "rolling", got ${JSON.stringify(ball.state)}`);
      const [wx, wy, wz] = spin ?? [0, 0, 0];
      if (state === STATIONARY && (moving || wx !== 0 || wy !== 0 || wz !== 0)) throw new RangeError(`${name}: a stationary ball has v and w zero`);
      if (state === SPINNING && (moving || wx !== 0 || wy !== 0)) throw new RangeError(`${name}: a spinning ball has v zero and spins about the vertical only (w = [0, 0, wz])`);
      if (state === ROLLING) {
        if (!moving) throw new RangeError(`${name}: a rolling ball needs a velocity v`);
        const rx = -v[1] / R, ry = v[0] / R;
        if (spin === undefined) spin = [rx, ry, 0];
        else if (Math.hypot(wx - rx, wy - ry) > 1e-9 * Math.hypot(rx, ry)) {
          throw new RangeError(`${name}: a rolling ball has wx = −vy/R = ${rx} and wy = vx/R = ${ry} (omit w, or give only these), got w = [${wx}, ${wy}, ${wz}]`);
        } else spin = [rx, ry, wz];
      }
      if (state === SLIDING && !moving && wx === 0 && wy === 0) throw new RangeError(`${name}: a sliding ball needs a velocity or a spin about a horizontal axis`);
    }
    B[o + 3] = v[0];
    B[o + 4] = v[1];
    if (spin) { B[o + 6] = spin[0]; B[o + 7] = spin[1]; B[o + 8] = spin[2]; }
    S[i] = state;
    bp.push(resolveOwnParams(ball.params, params, `${name}.params`));
  });
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const dx = B[j * STRIDE] - B[i * STRIDE], dy = B[j * STRIDE + 1] - B[i * STRIDE + 1];
      if (dx * dx + dy * dy < 4 * R * R * (1 - TOUCH)) {
        throw new RangeError(`opts.balls: "${ids[i]}" and "${ids[j]}" overlap (centres ${Math.sqrt(dx * dx + dy * dy)} m apart, less than 2R = ${2 * R})`);
      }
    }
  }
  return { B, S, ids, bp };
}
