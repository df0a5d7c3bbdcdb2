/**
 * The pool shot file: a table, balls (listed or racked), a strike (given or aimed at a ball),
 * in one JSON object, checked with errors that name the field. `carom pool shot.json` plays it;
 * {@link POOL_SHOT_SCHEMA} is its JSON Schema.
 *
 * ```json
 * { "pool": 1,
 *   "table": "default",
 *   "balls": { "rack": "nine-ball", "jitter": 2e-5, "seed": 3 },
 *   "strike": { "ball": "cue", "aim": "1", "V0": 8, "b": 0.1 } }
 * ```
 *
 * - `table`: "default" (pooltool's 7-ft table) or an object of table specs (any subset of
 *   {@link PocketTableSpecs}, the rest default).
 * - `balls`: `[{ "id", "x", "y" }, …]` (insertion order = pooltool's order), or
 *   `{ "rack": "nine-ball" | "eight-ball", "jitter"?, "seed"?, "gap"? }` (the object balls and a
 *   cue ball "cue", as {@link rackBalls}).
 * - `strike`: `{ "ball", "V0", "phi" | "aim", "theta"?, "a"?, "b"? }`: `aim` names a ball to
 *   aim at (centre to centre) instead of an angle `phi` in degrees.
 * - optional: `params` (ball parameters), `cue` (cue specs), `touchingGuard`, `tFinal`,
 *   `maxEvents`, `description`.
 */
import { rejectUnknownKeys, requireObject } from "./options.js";
import type { BallParams, CueSpecs } from "./params.js";
import { angleDegrees, rackBalls, type RackKind } from "./rack.js";
import { PoolSystem, type StrikeOptions } from "./system.js";
import { pocketTable, DEFAULT_TABLE_SPECS, type PocketTableSpecs } from "./table.js";

/** A shot file read and checked: everything needed to play it. */
export interface PoolShot {
  /** Free text describing the shot. */
  description?: string;
  /** Table specs that differ from the default table (absent: the default table). */
  specs?: Partial<PocketTableSpecs>;
  /** The balls in pooltool's order, positions on the table's cloth in metres. */
  balls: {
    /** Ball id ("cue" for the cue ball of a rack). */
    id: string;
    /** Position across the table's width, metres. */
    x: number;
    /** Position along the table's length, metres. */
    y: number;
  }[];
  /** The cue strike that starts the shot. */
  strike: StrikeOptions;
  /** Ball parameters that differ from the defaults. */
  params?: Partial<BallParams>;
  /** Cue specs that differ from the defaults. */
  cue?: Partial<CueSpecs>;
  /** Passed to PoolSystem's touchingGuard option. */
  touchingGuard?: boolean;
  /** Simulation end time, seconds (see SimulateOptions.tFinal). */
  tFinal?: number;
  /** Upper bound on events simulated (see SimulateOptions.maxEvents). */
  maxEvents?: number;
}

const TOP_KEYS = ["pool", "description", "table", "balls", "strike", "params", "cue", "touchingGuard", "tFinal", "maxEvents"];

/** Rewrites a PoolSystem message ("opts.balls[2].x …") to name the file's field. */
function fieldMessage(message: string): string {
  return message.replace(/^opts\./, "").replace(/^opts: /, "").replace(/^strike\.ball: /, "strike.ball: ");
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
  if (json.table !== undefined && json.table !== "default") {
    requireObject(json.table, "table");
    shot.specs = json.table as Partial<PocketTableSpecs>;
  }
  const specs = shot.specs ?? {};
  if (Array.isArray(json.balls)) shot.balls = json.balls as PoolShot["balls"];
  else {
    requireObject(json.balls, "balls (a list of { id, x, y } or { rack })");
    rejectUnknownKeys(json.balls, ["rack", "jitter", "seed", "gap"], "balls");
    const { rack, ...rest } = json.balls;
    try {
      shot.balls = rackBalls(rack as RackKind, { ...(rest as object), table: pocketTable(specs) });
    } catch (e) {
      if (e instanceof RangeError) throw new RangeError(e.message.replace(/^rack options/, "balls").replace(/^rack kind/, "balls.rack").replace(/^specs/, "table"));
      throw e;
    }
  }
  requireObject(json.strike, "strike");
  rejectUnknownKeys(json.strike, ["ball", "V0", "phi", "aim", "theta", "a", "b"], "strike");
  const { aim, ...strike } = json.strike as Record<string, unknown>;
  if (aim !== undefined) {
    if (strike.phi !== undefined) throw new RangeError("strike: give phi or aim, not both");
    const from = shot.balls.find((b) => b.id === strike.ball), to = shot.balls.find((b) => b.id === aim);
    if (!to) throw new RangeError(`strike.aim: no ball ${JSON.stringify(aim)}`);
    if (to === from) throw new RangeError(`strike.aim must name another ball than strike.ball, got ${JSON.stringify(aim)} for both (no direction)`);
    if (from && to) strike.phi = angleDegrees(to.x - from.x, to.y - from.y);
  }
  shot.strike = strike as unknown as StrikeOptions;
  if (json.params !== undefined) shot.params = json.params as Partial<BallParams>;
  if (json.cue !== undefined) shot.cue = json.cue as Partial<CueSpecs>;
  if (json.touchingGuard !== undefined) shot.touchingGuard = json.touchingGuard as boolean;
  if (json.tFinal !== undefined) shot.tFinal = json.tFinal as number;
  if (json.maxEvents !== undefined) shot.maxEvents = json.maxEvents as number;
  // Build once to check every remaining field with PoolSystem's own checks.
  systemOf(shot as PoolShot);
  return shot as PoolShot;
}

/** A PoolSystem set up for the shot, the strike queued (errors name the file's fields). */
export function systemOf(shot: PoolShot): PoolSystem {
  try {
    const system = new PoolSystem({
      table: shot.specs === undefined ? pocketTable() : pocketTable(shot.specs),
      balls: shot.balls,
      ...(shot.params === undefined ? {} : { params: shot.params }),
      ...(shot.cue === undefined ? {} : { cue: shot.cue }),
      ...(shot.touchingGuard === undefined ? {} : { touchingGuard: shot.touchingGuard }),
    });
    system.strike(shot.strike);
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
  required: ["pool", "balls", "strike"],
  properties: {
    pool: { const: 1 },
    description: { type: "string" },
    table: { oneOf: [{ const: "default" }, { type: "object", additionalProperties: false, properties: specProps }] },
    balls: {
      oneOf: [
        {
          type: "array", minItems: 1,
          items: { type: "object", additionalProperties: false, required: ["id", "x", "y"], properties: { id: { type: "string", minLength: 1 }, x: num, y: num } },
        },
        {
          type: "object", additionalProperties: false, required: ["rack"],
          properties: { rack: { enum: ["nine-ball", "eight-ball"] }, jitter: { type: "number", minimum: 0 }, seed: num, gap: { type: "number", minimum: 0 } },
        },
      ],
    },
    strike: {
      type: "object", additionalProperties: false, required: ["ball", "V0"],
      oneOf: [{ required: ["phi"] }, { required: ["aim"] }],
      properties: {
        ball: { type: "string" }, V0: { type: "number", exclusiveMinimum: 0 }, phi: num, aim: { type: "string" },
        theta: { type: "number", minimum: 0, exclusiveMaximum: 90 }, a: num, b: num,
      },
    },
    params: { type: "object", additionalProperties: false, properties: Object.fromEntries(["m", "R", "u_s", "u_r", "u_sp", "e_b", "e_c", "f_c", "g"].map((k) => [k, num])) },
    cue: { type: "object", additionalProperties: false, properties: Object.fromEntries(["M", "endMass", "englishThrottle", "squirtThrottle"].map((k) => [k, num])) },
    touchingGuard: { type: "boolean" },
    tFinal: { type: "number", minimum: 0 },
    maxEvents: { type: "integer", minimum: 0 },
  },
} as const;
