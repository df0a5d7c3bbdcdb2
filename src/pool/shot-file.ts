/**
 * The pool shot file: a table, balls (listed or racked), a strike (given or aimed), in one JSON
 * object, checked with errors that name the field. `carom pool shot.json` plays it;
 * {@link POOL_SHOT_SCHEMA} is its JSON Schema.
 *
 * ```json
 * { "pool": 1,
 *   "table": "default",
 *   "balls": { "rack": "nine-ball", "jitter": 2e-5, "seed": 3 },
 *   "strike": { "ball": "cue", "aim": "1", "V0": 8, "b": 0.1 } }
 * ```
 *
 * - `table`: "default" or "pocket" (pooltool's 7-ft table), "snooker", "billiard" (carom
 *   billiards, no pockets), or an object of table specs (any subset, the rest default) with an
 *   optional `"kind"`: "pocket" (default), "snooker" or "billiard".
 * - `balls`: `[{ "id", "x", "y", "v"?, "w"?, "state"?, "params"? }, …]` (insertion order =
 *   pooltool's order), or `{ "rack": "nine-ball" | "eight-ball" | "snooker" | "three-cushion",
 *   "jitter"?, "seed"?, "gap"? }` (as {@link rackBalls}).
 * - `strike`: `{ "ball", "V0", "phi" | "aim", "theta"?, "a"?, "b"? }`: `aim` names a ball to aim
 *   at (centre to centre), or is `{ "object", "pocket" | "target" | "direction" }` (the ghost-ball
 *   aim that sends the object ball there) instead of an angle `phi` in degrees.
 * - optional: `params` (ball parameters; the defaults follow the table), `cue` (cue specs),
 *   `ballBallFriction`, `touchingGuard`, `tFinal`, `maxEvents`, `description`.
 */
import { rejectUnknownKeys, requireObject } from "./options.js";
import type { BallBallFriction, BallParams, CueSpecs } from "./params.js";
import { angleDegrees, rackBalls, type RackKind } from "./rack.js";
import { PoolSystem, type BallSetup, type StrikeOptions } from "./system.js";
import {
  billiardTable, pocketTable, snookerTable, DEFAULT_TABLE_SPECS, type PoolTable, type TableKind,
} from "./table.js";

/** A shot file read and checked: everything needed to play it. */
export interface PoolShot {
  /** Free text describing the shot. */
  description?: string;
  /** The table. */
  table: PoolTable;
  /** The balls in pooltool's order, positions on the table's cloth in metres. */
  balls: BallSetup[];
  /** The cue strike that starts the shot (absent: the balls move as they were given). */
  strike?: StrikeOptions;
  /** Ball parameters that differ from the table's defaults. */
  params?: Partial<BallParams>;
  /** Cue specs that differ from the defaults. */
  cue?: Partial<CueSpecs>;
  /** The ball–ball friction model. */
  ballBallFriction?: BallBallFriction;
  /** Passed to PoolSystem's touchingGuard option. */
  touchingGuard?: boolean;
  /** Simulation end time, seconds (see SimulateOptions.tFinal). */
  tFinal?: number;
  /** Upper bound on events simulated (see SimulateOptions.maxEvents). */
  maxEvents?: number;
}

const TOP_KEYS = ["pool", "description", "table", "balls", "strike", "params", "cue", "ballBallFriction", "touchingGuard", "tFinal", "maxEvents"];
const TABLE_NAMES: Record<string, TableKind> = { default: "pocket", pocket: "pocket", snooker: "snooker", billiard: "billiard" };

/** Rewrites a PoolSystem or table message ("opts.balls[2].x …", "specs.l …") to name the file's field. */
function fieldMessage(message: string): string {
  return message.replace(/^opts\.table\./, "table.").replace(/^opts\./, "").replace(/^opts: /, "").replace(/^specs/, "table");
}

function tableOf(value: unknown): PoolTable {
  if (value === undefined) return pocketTable();
  if (typeof value === "string") {
    const kind = TABLE_NAMES[value];
    if (!kind) throw new RangeError(`table must be "default", "pocket", "snooker", "billiard" or an object of specs, got ${JSON.stringify(value)}`);
    return kind === "snooker" ? snookerTable() : kind === "billiard" ? billiardTable() : pocketTable();
  }
  requireObject(value, "table");
  const { kind = "pocket", ...specs } = value;
  if (kind !== "pocket" && kind !== "snooker" && kind !== "billiard") throw new RangeError(`table.kind must be "pocket", "snooker" or "billiard", got ${JSON.stringify(kind)}`);
  try {
    return kind === "snooker" ? snookerTable(specs) : kind === "billiard" ? billiardTable(specs) : pocketTable(specs);
  } catch (e) {
    if (e instanceof RangeError) throw new RangeError(fieldMessage(e.message));
    throw e;
  }
}

/**
 * Checks a parsed shot file and returns the shot; throws a RangeError whose message names the
 * field (`balls[2].x must be a finite number, got "a"`).
 */
export function readPoolShot(json: unknown): PoolShot {
  requireObject(json, "the shot file");
  rejectUnknownKeys(json, TOP_KEYS, "the shot file");
  if (json.pool !== 1) throw new RangeError(`pool must be 1 (the shot file format version), got ${JSON.stringify(json.pool)}`);
  const shot: Partial<PoolShot> = {};
  if (json.description !== undefined) {
    if (typeof json.description !== "string") throw new RangeError(`description must be a string`);
    shot.description = json.description;
  }
  shot.table = tableOf(json.table);
  if (Array.isArray(json.balls)) shot.balls = json.balls as BallSetup[];
  else {
    requireObject(json.balls, "balls (a list of { id, x, y } or { rack })");
    rejectUnknownKeys(json.balls, ["rack", "jitter", "seed", "gap"], "balls");
    const { rack, ...rest } = json.balls;
    try {
      shot.balls = rackBalls(rack as RackKind, { ...(rest as object), table: shot.table });
    } catch (e) {
      if (e instanceof RangeError) throw new RangeError(e.message.replace(/^rack options/, "balls").replace(/^rack kind/, "balls.rack"));
      throw e;
    }
  }
  if (json.strike !== undefined) {
    requireObject(json.strike, "strike");
    rejectUnknownKeys(json.strike, ["ball", "V0", "phi", "aim", "theta", "a", "b"], "strike");
    shot.strike = { ...json.strike } as unknown as StrikeOptions;
  }
  if (json.params !== undefined) shot.params = json.params as Partial<BallParams>;
  if (json.cue !== undefined) shot.cue = json.cue as Partial<CueSpecs>;
  if (json.ballBallFriction !== undefined) shot.ballBallFriction = json.ballBallFriction as BallBallFriction;
  if (json.touchingGuard !== undefined) shot.touchingGuard = json.touchingGuard as boolean;
  if (json.tFinal !== undefined) shot.tFinal = json.tFinal as number;
  if (json.maxEvents !== undefined) shot.maxEvents = json.maxEvents as number;
  // Build once to check every remaining field with PoolSystem's own checks, and turn an aim
  // into the angle phi it gives on this table.
  const system = systemOf(shot as PoolShot);
  const strike = shot.strike;
  if (strike?.aim !== undefined) {
    const { aim, ...rest } = strike;
    const cue = system.ball(strike.ball).r;
    if (typeof aim === "string") {
      const to = system.ball(aim).r;
      rest.phi = angleDegrees(to[0] - cue[0], to[1] - cue[1]);
    } else rest.phi = system.aimAt({ cue: strike.ball, ...aim }, "strike.aim").phi;
    shot.strike = rest;
  }
  return shot as PoolShot;
}

/** A PoolSystem set up for the shot, the strike queued (errors name the file's fields). */
export function systemOf(shot: PoolShot): PoolSystem {
  try {
    const system = new PoolSystem({
      table: shot.table,
      balls: shot.balls,
      ...(shot.params === undefined ? {} : { params: shot.params }),
      ...(shot.cue === undefined ? {} : { cue: shot.cue }),
      ...(shot.ballBallFriction === undefined ? {} : { ballBallFriction: shot.ballBallFriction }),
      ...(shot.touchingGuard === undefined ? {} : { touchingGuard: shot.touchingGuard }),
    });
    if (shot.strike !== undefined) system.strike(shot.strike);
    if (shot.tFinal !== undefined && !(typeof shot.tFinal === "number" && shot.tFinal >= 0)) throw new RangeError(`tFinal must be a number >= 0, got ${JSON.stringify(shot.tFinal)}`);
    if (shot.maxEvents !== undefined && !(Number.isInteger(shot.maxEvents) && shot.maxEvents >= 0)) throw new RangeError(`maxEvents must be an integer >= 0, got ${JSON.stringify(shot.maxEvents)}`);
    return system;
  } catch (e) {
    if (e instanceof RangeError) throw new RangeError(fieldMessage(e.message));
    throw e;
  }
}

/** The built-in shot of `carom pool` (and `carom run`'s pool break): a 9-ball break at 8 m/s. */
export function nineBallBreakShot(): PoolShot {
  return readPoolShot({
    pool: 1,
    description: "9-ball break on pooltool's 7-ft table: the cue ball at 8 m/s into the apex, with follow",
    balls: { rack: "nine-ball", jitter: 2e-5, seed: 5 },
    strike: { ball: "cue", aim: "1", V0: 8, b: 0.2 },
  });
}

const num = { type: "number" };
const specProps = Object.fromEntries(Object.keys(DEFAULT_TABLE_SPECS).map((k) => [k, num]));
const point2 = { type: "array", items: num, minItems: 2, maxItems: 2 };
const point3 = { type: "array", items: num, minItems: 3, maxItems: 3 };
const ownParams = { type: "object", additionalProperties: false, properties: Object.fromEntries(["u_s", "u_r", "u_sp", "e_b", "e_c", "f_c", "u_b"].map((k) => [k, num])) };

/** JSON Schema (draft 2020-12) of the pool shot file (a plain object; `JSON.stringify` it to save). */
export const POOL_SHOT_SCHEMA: {
  /** The dialect: JSON Schema draft 2020-12. */
  readonly $schema: string;
  /** The schema's URI, by which validators and editors know it. */
  readonly $id: string;
  /** Every other keyword, as plain JSON. */
  readonly [keyword: string]: unknown;
} = {
  $schema: "https://json-schema.org/draft/2020-12/schema",
  $id: "https://github.com/carom/carom/pool-shot.schema.json",
  title: "carom pool shot",
  type: "object",
  additionalProperties: false,
  required: ["pool", "balls"],
  properties: {
    pool: { const: 1 },
    description: { type: "string" },
    table: {
      oneOf: [
        { enum: ["default", "pocket", "snooker", "billiard"] },
        { type: "object", additionalProperties: false, properties: { kind: { enum: ["pocket", "snooker", "billiard"] }, ...specProps } },
      ],
    },
    balls: {
      oneOf: [
        {
          type: "array", minItems: 1,
          items: {
            type: "object", additionalProperties: false, required: ["id", "x", "y"],
            properties: {
              id: { type: "string", minLength: 1 }, x: num, y: num, v: point2, w: point3,
              state: { enum: ["stationary", "spinning", "sliding", "rolling"] }, params: ownParams,
            },
          },
        },
        {
          type: "object", additionalProperties: false, required: ["rack"],
          properties: { rack: { enum: ["nine-ball", "eight-ball", "snooker", "three-cushion"] }, jitter: { type: "number", minimum: 0 }, seed: num, gap: { type: "number", minimum: 0 } },
        },
      ],
    },
    strike: {
      type: "object", additionalProperties: false, required: ["ball", "V0"],
      oneOf: [{ required: ["phi"] }, { required: ["aim"] }],
      properties: {
        ball: { type: "string" }, V0: { type: "number", exclusiveMinimum: 0 }, phi: num,
        aim: {
          oneOf: [
            { type: "string" },
            {
              type: "object", additionalProperties: false, required: ["object"],
              oneOf: [{ required: ["pocket"] }, { required: ["target"] }, { required: ["direction"] }],
              properties: { object: { type: "string" }, pocket: { type: "string" }, target: point2, direction: num },
            },
          ],
        },
        theta: { type: "number", minimum: 0, exclusiveMaximum: 90 }, a: num, b: num,
      },
    },
    params: { type: "object", additionalProperties: false, properties: Object.fromEntries(["m", "R", "u_s", "u_r", "u_sp", "e_b", "e_c", "f_c", "u_b", "g"].map((k) => [k, num])) },
    ballBallFriction: {
      oneOf: [
        { type: "object", additionalProperties: false, required: ["model"], properties: { model: { const: "alciatore" }, a: num, b: num, c: num } },
        { type: "object", additionalProperties: false, required: ["model"], properties: { model: { const: "average" } } },
      ],
    },
    cue: { type: "object", additionalProperties: false, properties: Object.fromEntries(["M", "endMass", "englishThrottle", "squirtThrottle"].map((k) => [k, num])) },
    touchingGuard: { type: "boolean" },
    tFinal: { type: "number", minimum: 0 },
    maxEvents: { type: "integer", minimum: 0 },
  },
} as const;
