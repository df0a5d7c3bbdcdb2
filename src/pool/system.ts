/**
 * PoolSystem: pooltool's billiards model with exact event times (docs/pool-model.md). A system
 * holds a table, balls and their parameters; `strike` queues a cue strike, `simulate` runs the
 * event engine (./engine.ts) to rest or to a limit and returns the events, each with the involved
 * balls' states right after it. The history answers where any ball was at any past time
 * (`stateAt`, `trajectory`), exactly as a run stopped at that time would; `copy` forks a system
 * that continues bit for bit. Everything a user passes in is checked here, with RangeErrors
 * naming the field.
 */
import { aimAlong, departureOf, type Aim, type AimTarget } from "./aim.js";
import { CUE_STICK_ID, setUpBalls, type BallSetup, type MotionState } from "./ball-setup.js";
import { PoolEngine } from "./engine.js";
import { chainState, ENTRY, EV_BALL, EV_CIRCULAR, EV_LINEAR, EV_POCKET, EV_STICK, EVENT_TYPES } from "./history.js";
import { POCKETED, STATE_NAMES, STATIONARY, STRIDE } from "./motion.js";
import { finiteNumber, positiveNumber, rejectUnknownKeys, requireObject } from "./options.js";
import {
  BILLIARD_BALL_PARAMS, DEFAULT_BALL_PARAMS, SNOOKER_BALL_PARAMS, type BallBallFriction, type BallParams, type CueSpecs,
  resolveBallParams, resolveCueSpecs, resolveFriction,
} from "./params.js";
import { angleDegrees } from "./rack.js";
import { pocketTable, type PoolTable } from "./table.js";
import { checkTable } from "./table-check.js";

export { CUE_STICK_ID };
export type { BallSetup, MotionState };

/** An event's type, as pooltool names it: a collision (stick, ball, cushion, pocket) or a motion-state transition. */
export type PoolEventType =
  | "stick-ball" | "ball-ball" | "ball-linear-cushion" | "ball-circular-cushion" | "ball-pocket"
  | "sliding-rolling" | "rolling-spinning" | "rolling-stationary" | "spinning-stationary";

/** A ball's state: motion state, time, position, velocity, angular velocity. */
export interface BallState {
  /** The ball's id. */
  id: string;
  /** Its motion state. */
  state: MotionState;
  /** Time of this state, seconds since the start. */
  t: number;
  /** Centre position [x, y, z], metres (table frame; z is the height above the cloth). */
  r: [number, number, number];
  /** Velocity of the centre [vx, vy, vz], m/s. */
  v: [number, number, number];
  /** Angular velocity [wx, wy, wz], rad/s. */
  w: [number, number, number];
}

/** One event: its time, type, the ids involved and the involved balls' states right after it. */
export interface PoolEvent {
  /** Time of the event, seconds since the start. */
  t: number;
  /** What happened. */
  type: PoolEventType;
  /** Ids of the agents involved, in pooltool's order (the stick is CUE_STICK_ID; cushions and pockets by their table ids). */
  ids: string[];
  /** Each involved ball's state right after the event, by ball id (pooltool's `agent.final`). */
  after: Record<string, BallState>;
}

/** Options of {@link PoolSystem}. */
export interface PoolSystemOptions {
  /** The table (default: pocketTable(), pooltool's default 7-ft table; also snookerTable(), billiardTable() or a checked table object). */
  table?: PoolTable;
  /** The balls, in pooltool's order: at rest on the cloth unless given a motion. */
  balls: BallSetup[];
  /**
   * Ball parameters that differ from the defaults (every ball shares them unless it sets its
   * own). The defaults follow the table, as pooltool's: DEFAULT_BALL_PARAMS (pool) on a pocket
   * table, SNOOKER_BALL_PARAMS on a snooker table, BILLIARD_BALL_PARAMS on a billiards table.
   */
  params?: Partial<BallParams>;
  /** Cue specs that differ from the defaults. */
  cue?: Partial<CueSpecs>;
  /** The ball–ball friction model (default: pooltool's, Alciatore's fit a = 0.009951, b = 0.108, c = 1.088). */
  ballBallFriction?: BallBallFriction;
  /**
   * pooltool's guard for balls that keep touching after an impact (docs/pool-model.md 6.2 step 7;
   * it changes the energy a little). Default true, as in pooltool.
   */
  touchingGuard?: boolean;
}

/** Where a strike aims: at a ball's centre (its id), or by the ghost ball to send an object ball into a pocket, to a point or along a direction. */
export type StrikeAim = string | (AimTarget & {
  /** The object ball's id. */
  object: string;
});

/** A cue strike. */
export interface StrikeOptions {
  /** Id of the ball struck (at rest). */
  ball: string;
  /** Cue speed, m/s (> 0, at most MAX_V0). */
  V0: number;
  /** Cue direction in the table plane, degrees counter-clockwise from +x (give phi or aim). */
  phi?: number;
  /** Aim instead of phi: a ball id (centre to centre), or `{ object, pocket | target | direction }` (ghost ball). */
  aim?: StrikeAim;
  /** Cue elevation, degrees in [0, 90) (default 0). */
  theta?: number;
  /** Side offset of the contact point, as a fraction of the ball radius (default 0; a² + b² <= 1). */
  a?: number;
  /** Top (+) or bottom (-) offset of the contact point, as a fraction of the ball radius (default 0). */
  b?: number;
}

/** Options of {@link PoolSystem.simulate}. */
export interface SimulateOptions {
  /** Upper bound on events simulated (default DEFAULT_MAX_EVENTS). */
  maxEvents?: number;
  /** Stop at this time on the system's clock, seconds, >= the current time (default: no limit; the run ends when every ball is at rest). */
  tFinal?: number;
}

/** Default cap on the events of one simulate() call. */
export const DEFAULT_MAX_EVENTS = 1_000_000;

/** The fastest cue strike accepted, m/s (a break is about 8, the fastest on record about 14). */
export const MAX_V0 = 100;

let engineOf: (system: PoolSystem) => PoolEngine;

/** The engine inside a system (internal: the shot solver and the game rules read it). */
export function poolEngine(system: PoolSystem): PoolEngine {
  return engineOf(system);
}

/**
 * A pool, snooker or carom billiards table with its balls, played event by event with
 * pooltool's physics: `strike` a ball with the cue, then `simulate` until every ball rests (or to
 * a time or an event count); each event (state changes, ball-ball, cushion, jaw and pocket
 * contacts) comes at its exact time, with the involved balls' states after it.
 *
 * ```ts
 * import { PoolSystem } from "carom/pool";
 * const system = new PoolSystem({ balls: [{ id: "cue", x: 0.5, y: 0.5 }, { id: "1", x: 0.52, y: 1.4 }] });
 * system.strike({ ball: "cue", V0: 3, phi: 90 });
 * const events = system.simulate(); // [{ t, type, ids, after }, ...]
 * ```
 */
export class PoolSystem {
  static {
    engineOf = (system) => system.engine;
  }

  /** The table played on. */
  readonly table: PoolTable;
  /** The ball parameters in use (defaults merged with the options'). */
  readonly params: Readonly<BallParams>;
  /** The cue specs in use (defaults merged with the options'). */
  readonly cue: Readonly<CueSpecs>;
  /** The ball–ball friction model in use. */
  readonly ballBallFriction: Readonly<BallBallFriction>;
  /** Ball ids, in insertion (pooltool's) order. */
  readonly ids: readonly string[];
  private readonly engine: PoolEngine;
  private readonly index: Map<string, number>;
  private readonly published: PoolEvent[] = [];
  private publishedEntries = 0;
  private pending: { i: number; V0: number; phi: number; theta: number; a: number; b: number } | null = null;
  private readonly scratch = new Float64Array(STRIDE);

  /** Places the balls on the table; RangeError naming the field on an invalid option. */
  constructor(opts: PoolSystemOptions) {
    requireObject(opts, "opts");
    rejectUnknownKeys(opts, ["table", "balls", "params", "cue", "ballBallFriction", "touchingGuard"], "opts");
    if (opts.touchingGuard !== undefined && typeof opts.touchingGuard !== "boolean") throw new RangeError(`opts.touchingGuard must be a boolean, got ${JSON.stringify(opts.touchingGuard)}`);
    this.table = opts.table === undefined ? pocketTable() : checkTable(opts.table);
    this.params = Object.freeze(resolveBallParams(opts.params, defaultParams(this.table), "params"));
    this.cue = Object.freeze(resolveCueSpecs(opts.cue));
    this.ballBallFriction = Object.freeze(resolveFriction(opts.ballBallFriction));
    const { l, w } = this.table, R = this.params.R;
    const h = this.table.specs.cushion_height;
    // (Smaller balls than 1e-6 of the table would be lost in the rounding of their positions:
    // the ranges of R, 1e-4 m and up, and of the table's sides, 20 m at most, rule them out.)
    if (!(2 * R < Math.min(l, w))) throw new RangeError(`params.R must be below half the table's shorter side ${Math.min(l, w)} m, got ${R}`);
    // The cushion model (cushion.ts) presses the cushion's nose on the ball between its centre
    // and its top; a ball no taller than the nose would pass under the cushions, off the table.
    if (!(h < 2 * R)) {
      throw new RangeError(`the cushion height ${h} (table cushion_height) must be below the top of the balls, 2 params.R = ${2 * R}: smaller balls would pass under the cushions`);
    }
    const { B, S, ids, bp } = setUpBalls(opts.balls, this.table, this.params);
    this.ids = Object.freeze(ids);
    this.index = new Map(ids.map((id, i) => [id, i]));
    this.engine = new PoolEngine(this.table, bp, B, S, opts.touchingGuard ?? true, this.ballBallFriction);
    this.engine.start();
  }

  /** The current time (s since the start). */
  get t(): number {
    return this.engine.now;
  }

  /** Every event so far, in time order. */
  get events(): readonly PoolEvent[] {
    this.publish();
    return this.published;
  }

  /** A copy of this system (its balls, history and any queued strike) that continues bit for bit as this one would. */
  copy(): PoolSystem {
    const copy = Object.create(PoolSystem.prototype) as PoolSystem;
    const fields = copy as unknown as Record<string, unknown>;
    fields.table = this.table;
    fields.params = this.params;
    fields.cue = this.cue;
    fields.ballBallFriction = this.ballBallFriction;
    fields.ids = this.ids;
    fields.engine = this.engine.clone();
    fields.index = this.index;
    fields.published = [];
    fields.publishedEntries = 0;
    fields.pending = this.pending && { ...this.pending };
    fields.scratch = new Float64Array(STRIDE);
    return copy;
  }

  /**
   * Queue a cue strike on a ball; every ball must be at rest. Resolved at the current time by
   * simulate(). The direction is `phi`, or `aim`: a ball id (centre to centre) or
   * `{ object, pocket | target | direction }` (the ghost-ball aim of {@link PoolSystem.aimAt}).
   */
  strike(s: StrikeOptions): void {
    requireObject(s, "strike");
    rejectUnknownKeys(s, ["ball", "V0", "phi", "aim", "theta", "a", "b"], "strike");
    const i = this.index.get(s.ball);
    if (i === undefined) throw new RangeError(`strike.ball: no ball "${String(s.ball)}" (balls: ${this.ids.join(", ")})`);
    const S = this.engine.S;
    if (S[i] === POCKETED) throw new RangeError(`strike.ball: ball "${s.ball}" is pocketed`);
    for (let k = 0; k < S.length; k++) {
      if (S[k] !== STATIONARY && S[k] !== POCKETED) throw new RangeError(`strike: every ball must be at rest, but "${this.ids[k]}" is ${STATE_NAMES[S[k]]}`);
    }
    if (this.pending) throw new RangeError("strike: a strike is already queued; call simulate() first");
    const V0 = positiveNumber(s.V0, "strike.V0");
    if (V0 > MAX_V0) throw new RangeError(`strike.V0 must be at most ${MAX_V0} m/s (about seven times the fastest break on record), got ${V0}`);
    let phi: number;
    if (s.aim !== undefined) {
      if (s.phi !== undefined) throw new RangeError("strike: give phi or aim, not both");
      phi = this.strikeAim(s.ball, s.aim);
    } else phi = finiteNumber(s.phi, "strike.phi");
    const theta = s.theta === undefined ? 0 : finiteNumber(s.theta, "strike.theta");
    if (!(theta >= 0 && theta < 90)) throw new RangeError(`strike.theta must be in [0, 90) degrees, got ${theta}`);
    const a = s.a === undefined ? 0 : finiteNumber(s.a, "strike.a");
    const b = s.b === undefined ? 0 : finiteNumber(s.b, "strike.b");
    if (a * a + b * b > 1) throw new RangeError(`strike: a² + b² must be <= 1 (the cue tip on the ball), got a = ${a}, b = ${b}`);
    this.pending = { i, V0, phi, theta, a, b };
  }

  private strikeAim(ball: string, aim: StrikeAim): number {
    if (typeof aim === "string") {
      if (aim === ball) throw new RangeError(`strike.aim must name another ball than strike.ball, got "${aim}" for both (no direction)`);
      const from = this.position(ball, "strike.ball"), to = this.position(aim, "strike.aim");
      return angleDegrees(to[0] - from[0], to[1] - from[1]);
    }
    requireObject(aim, "strike.aim");
    rejectUnknownKeys(aim, ["object", "pocket", "target", "direction"], "strike.aim");
    return this.aimAt({ cue: ball, ...aim }, "strike.aim").phi;
  }

  /**
   * The ghost-ball aim from ball `cue` that sends ball `object` into a pocket (its id), to a point
   * or along a direction: the cue direction phi (for strike), the cut angle, the ghost ball.
   */
  aimAt(options: AimTarget & {
    /** The cue ball's id. */
    cue: string;
    /** The object ball's id. */
    object: string;
  }, name = "aimAt options"): Aim {
    requireObject(options, name);
    rejectUnknownKeys(options, ["cue", "object", "pocket", "target", "direction"], name);
    if (options.object === options.cue) throw new RangeError(`${name}.object must be another ball than the cue ball, got "${options.object}" for both`);
    const cue = this.position(options.cue, `${name}.cue`), object = this.position(options.object, `${name}.object`);
    const [ux, uy] = departureOf(options, object, this.table, name);
    return aimAlong(cue, object, ux, uy, this.params.R);
  }

  private position(id: unknown, name: string): [number, number] {
    const i = this.index.get(id as string);
    if (i === undefined) throw new RangeError(`${name}: no ball ${JSON.stringify(id)} (balls: ${this.ids.join(", ")})`);
    if (this.engine.S[i] === POCKETED) throw new RangeError(`${name}: ball "${String(id)}" is pocketed`);
    return [this.engine.B[i * STRIDE], this.engine.B[i * STRIDE + 1]];
  }

  /** Run to rest (or maxEvents / tFinal); returns this call's events in time order (also kept in .events). */
  simulate(opts: SimulateOptions = {}): PoolEvent[] {
    requireObject(opts, "simulate options");
    rejectUnknownKeys(opts, ["maxEvents", "tFinal"], "simulate options");
    const maxEvents = opts.maxEvents === undefined ? DEFAULT_MAX_EVENTS : positiveNumber(opts.maxEvents, "maxEvents", true);
    const tFinal = opts.tFinal === undefined ? Infinity : finiteNumber(opts.tFinal, "tFinal");
    const engine = this.engine;
    if (tFinal < engine.now) throw new RangeError(`tFinal must be >= the current time ${engine.now}, got ${tFinal}`);
    this.publish();
    const first = this.published.length;
    let made = 0;
    if (this.pending && made < maxEvents) {
      const s = this.pending;
      this.pending = null;
      engine.strike(s.i, s.V0, s.phi, s.theta, s.a, s.b, this.cue);
      made++;
    }
    while (made < maxEvents && engine.step(tFinal)) made++;
    this.publish();
    return this.published.slice(first);
  }

  /** Builds the event objects for history entries not yet published. */
  private publish(): void {
    const log = this.engine.log;
    let e = this.publishedEntries;
    for (; e < log.count; e++) {
      const type = log.type(e);
      const i = log.ballI(e), j = log.ballJ(e), k = log.other(e);
      const ids = this.ids, t = log.time(e);
      let list: string[];
      if (type === EV_STICK) list = [CUE_STICK_ID, ids[i]];
      else if (type === EV_BALL) list = [ids[i], ids[j]];
      else if (type === EV_LINEAR) list = [ids[i], this.table.linear[k].id];
      else if (type === EV_CIRCULAR) list = [ids[i], this.table.circular[k].id];
      else if (type === EV_POCKET) list = [ids[i], this.table.pockets[k].id];
      else list = [ids[i]];
      // Own properties even for an id such as "__proto__" (plain assignment would set the prototype).
      const after: Record<string, BallState> = {};
      define(after, ids[i], stateOf(ids[i], t, log.data, e * ENTRY + 5));
      if (j >= 0) define(after, ids[j], stateOf(ids[j], t, log.data, e * ENTRY + 15));
      this.published.push({ t, type: EVENT_TYPES[type] as PoolEventType, ids: list, after });
    }
    this.publishedEntries = e;
  }

  /** A ball's state at the current time. */
  ball(id: string): BallState {
    const i = this.index.get(id);
    if (i === undefined) throw new RangeError(`ball: no ball "${String(id)}" (balls: ${this.ids.join(", ")})`);
    const o = i * STRIDE, B = this.engine.B;
    return {
      id,
      state: STATE_NAMES[this.engine.S[i]],
      t: this.engine.now,
      r: [B[o], B[o + 1], B[o + 2]],
      v: [B[o + 3], B[o + 4], B[o + 5]],
      w: [B[o + 6], B[o + 7], B[o + 8]],
    };
  }

  /** Every ball's state at the current time, in insertion order. */
  balls(): BallState[] {
    return this.ids.map((id) => this.ball(id));
  }

  /**
   * Every ball's state at time t (from 0 to the current time; later only when every ball is at
   * rest), from the event history and the closed-form motion between events: the same bits a run
   * stopped at t would give.
   */
  stateAt(t: number): BallState[] {
    const time = this.checkTime(t, "stateAt: t");
    return this.ids.map((id, i) => this.historyState(i, id, time));
  }

  /** Ball `id`'s states at the given times (each as {@link PoolSystem.stateAt} allows), e.g. for drawing its path. */
  trajectory(id: string, times: readonly number[] | Float64Array): BallState[] {
    const i = this.index.get(id);
    if (i === undefined) throw new RangeError(`trajectory: no ball "${String(id)}" (balls: ${this.ids.join(", ")})`);
    if (!(Array.isArray(times) || times instanceof Float64Array)) throw new RangeError("trajectory: times must be an array of numbers");
    const out: BallState[] = [];
    for (let k = 0; k < times.length; k++) out.push(this.historyState(i, id, this.checkTime(times[k], `trajectory: times[${k}]`)));
    return out;
  }

  private checkTime(t: unknown, name: string): number {
    const time = finiteNumber(t, name);
    if (time < 0) throw new RangeError(`${name} must be >= 0, got ${time}`);
    if (time > this.engine.now && !(this.engine.atRest() && this.pending === null)) {
      throw new RangeError(`${name} = ${time} is after the current time ${this.engine.now} while balls still move: simulate further first`);
    }
    return time;
  }

  private historyState(i: number, id: string, t: number): BallState {
    const e = this.engine, out = this.scratch;
    const s = t >= e.now && e.atRest() ? this.restState(i, out) : chainState(e.log, e.B0, e.S0, i, t, e.bp[i], out);
    return {
      id, state: STATE_NAMES[s], t,
      r: [out[0], out[1], out[2]], v: [out[3], out[4], out[5]], w: [out[6], out[7], out[8]],
    };
  }

  private restState(i: number, out: Float64Array): number {
    for (let c = 0; c < STRIDE; c++) out[c] = this.engine.B[i * STRIDE + c];
    return this.engine.S[i];
  }

  /** Total kinetic and rotational energy (J). */
  energy(): number {
    return this.engine.energy();
  }
}

/** pooltool's ball for a table's game: pool, snooker or carom billiards. */
export function defaultParams(table: PoolTable): Readonly<BallParams> {
  return table.kind === "snooker" ? SNOOKER_BALL_PARAMS : table.kind === "billiard" ? BILLIARD_BALL_PARAMS : DEFAULT_BALL_PARAMS;
}

function define(target: Record<string, BallState>, key: string, value: BallState): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

function stateOf(id: string, t: number, d: Float64Array, o: number): BallState {
  return {
    id,
    state: STATE_NAMES[d[o]],
    t,
    r: [d[o + 1], d[o + 2], d[o + 3]],
    v: [d[o + 4], d[o + 5], d[o + 6]],
    w: [d[o + 7], d[o + 8], d[o + 9]],
  };
}
