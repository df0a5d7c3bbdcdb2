/**
 * PoolSystem: the event engine of carom/pool (data/pool/model.md sections 7 and 8).
 *
 * Every candidate event has an absolute time in a cache: per ball its next state change
 * (transition) and its first straight-cushion, jaw and pocket contact; per pair of balls their
 * first contact. The next event is the earliest (ties as pooltool: within a kind, the first in
 * iteration order; between kinds, by tier, then by energy); all balls are advanced to its time
 * by their state's equations; it is resolved; and only the entries of the balls it involved are
 * recomputed. With at most a few dozen balls a linear scan of the cache beats a heap. Nothing
 * is allocated per event except the event record itself.
 */
import { resolveBallBall } from "./ball-ball.js";
import { strikeBall } from "./cue-strike.js";
import { circleNormal, lineNormal, resolveCushion } from "./cushion.js";
import { ballBallTime, boxesNear, circleTime, lineTime, pathBox } from "./detect.js";
import { kissBalls, kissCircle, kissLine } from "./kiss.js";
import {
  ballEnergy, evolveBall, nonTranslating, pathCoefficients, POCKETED, ROLLING, SLIDING, SPINNING, spinDuration,
  STATE_NAMES, stateDuration, STATIONARY, STRIDE,
} from "./motion.js";
import { finiteNumber, positiveNumber, rejectUnknownKeys, requireObject } from "./options.js";
import { type BallParams, type CueSpecs, resolveBallParams, resolveCueSpecs } from "./params.js";
import { pocketTable, type PoolTable } from "./table.js";
import { BOX, LIN, tableArrays } from "./table-arrays.js";

/** A ball's motion state, as pooltool names it. */
export type MotionState = "stationary" | "spinning" | "sliding" | "rolling" | "pocketed";
/** An event's type, as pooltool names it: a collision (stick, ball, cushion, pocket) or a motion-state transition. */
export type PoolEventType =
  | "stick-ball" | "ball-ball" | "ball-linear-cushion" | "ball-circular-cushion" | "ball-pocket"
  | "sliding-rolling" | "rolling-spinning" | "rolling-stationary" | "spinning-stationary";

/** One event: its time (s since the strike), its type and the ids involved (pooltool's order). */
export interface PoolEvent {
  /** Time of the event, seconds since the strike. */
  t: number;
  /** What happened. */
  type: PoolEventType;
  /** Ids of the agents involved, in pooltool's order (the stick is CUE_STICK_ID; cushions and pockets by their table ids). */
  ids: string[];
}

/** A ball's state: motion state, time, position, velocity, angular velocity. */
export interface BallState {
  /** The ball's id. */
  id: string;
  /** Its motion state. */
  state: MotionState;
  /** Time of this state, seconds since the strike. */
  t: number;
  /** Centre position [x, y, z], metres (table frame; z is the height above the cloth). */
  r: [number, number, number];
  /** Velocity of the centre [vx, vy, vz], m/s. */
  v: [number, number, number];
  /** Angular velocity [wx, wy, wz], rad/s. */
  w: [number, number, number];
}

/** Options of {@link PoolSystem}. */
export interface PoolSystemOptions {
  /** The table (default: pocketTable(), pooltool's default 7-ft table). */
  table?: PoolTable;
  /** The balls at rest on the cloth, in pooltool's order. */
  balls: {
    /** Unique ball id. */
    id: string;
    /** Position across the table's width, metres. */
    x: number;
    /** Position along the table's length, metres. */
    y: number;
  }[];
  /** Ball parameters that differ from the defaults (every ball shares them). */
  params?: Partial<BallParams>;
  /** Cue specs that differ from the defaults. */
  cue?: Partial<CueSpecs>;
  /**
   * pooltool's guard for balls that keep touching after an impact (model.md 6.2 step 7; it
   * adds a little energy). Default true, as in pooltool.
   */
  touchingGuard?: boolean;
}

/** A cue strike. */
export interface StrikeOptions {
  /** Id of the ball struck (at rest). */
  ball: string;
  /** Cue speed, m/s (> 0). */
  V0: number;
  /** Cue direction in the table plane, degrees counter-clockwise from +x. */
  phi: number;
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

/** The stick's id in stick-ball events. */
export const CUE_STICK_ID = "cue_stick";
/** Default cap on the events of one simulate() call. */
export const DEFAULT_MAX_EVENTS = 1_000_000;

/** The fastest cue strike accepted, m/s (a break is about 8, the fastest on record about 14). */
export const MAX_V0 = 100;

const KIND_TRANSITION = 0, KIND_LINEAR = 1, KIND_CIRCULAR = 2, KIND_POCKET = 3, KIND_BALL = 4;
const TIER = [2, 3, 3, 2, 3];

/**
 * A pool table with its balls, played event by event with pooltool's physics: `strike` a ball
 * with the cue, then `simulate` until every ball rests (or to a time or an event count); each
 * event (state changes, ball-ball, cushion, jaw and pocket contacts) comes at its exact time.
 *
 * ```ts
 * import { PoolSystem } from "carom/pool";
 * const system = new PoolSystem({ balls: [{ id: "cue", x: 0.5, y: 0.5 }, { id: "1", x: 0.52, y: 1.4 }] });
 * system.strike({ ball: "cue", V0: 3, phi: 90 });
 * const events = system.simulate(); // [{ t, type, ids }, ...]
 * ```
 */
export class PoolSystem {
  /** The table played on. */
  readonly table: PoolTable;
  /** The ball parameters in use (defaults merged with the options'). */
  readonly params: Readonly<BallParams>;
  /** The cue specs in use (defaults merged with the options'). */
  readonly cue: Readonly<CueSpecs>;
  /** Ball ids, in insertion (pooltool's) order. */
  readonly ids: readonly string[];
  private readonly n: number;
  private readonly B: Float64Array;
  private readonly S: Int8Array;
  private readonly nextState: Int8Array;
  private readonly P: Float64Array;
  private readonly box: Float64Array;
  private readonly horizon: Float64Array;
  private readonly trans: Float64Array;
  private readonly linT: Float64Array;
  private readonly linK: Int32Array;
  private readonly circT: Float64Array;
  private readonly circK: Int32Array;
  private readonly pocT: Float64Array;
  private readonly pocK: Int32Array;
  private readonly pair: Float64Array;
  private readonly lin: Float64Array;
  private readonly linBox: Float64Array;
  private readonly circ: Float64Array;
  private readonly circBox: Float64Array;
  private readonly poc: Float64Array;
  private readonly pocBox: Float64Array;
  private readonly index = new Map<string, number>();
  private readonly log: PoolEvent[] = [];
  private readonly normal = new Float64Array(3);
  private readonly guard: boolean;
  private now = 0;
  private pending: { i: number; V0: number; phi: number; theta: number; a: number; b: number } | null = null;

  /** Places the balls at rest on the table; RangeError naming the field on an invalid option. */
  constructor(opts: PoolSystemOptions) {
    requireObject(opts, "opts");
    rejectUnknownKeys(opts, ["table", "balls", "params", "cue", "touchingGuard"], "opts");
    if (opts.touchingGuard !== undefined && typeof opts.touchingGuard !== "boolean") throw new RangeError(`opts.touchingGuard must be a boolean, got ${JSON.stringify(opts.touchingGuard)}`);
    this.guard = opts.touchingGuard ?? true;
    this.table = opts.table === undefined ? pocketTable() : checkTable(opts.table);
    this.params = Object.freeze(resolveBallParams(opts.params));
    this.cue = Object.freeze(resolveCueSpecs(opts.cue));
    // The cushion model (cushion.ts) presses the cushion's nose on the ball between its centre
    // and its top; a ball no taller than the nose would pass under the cushions, off the table.
    const { l, w, cushion_height: h } = this.table.specs;
    // Smaller balls are lost in the rounding of their positions on the table (they pass through
    // cushions) and spin for ages (spin friction scales with R).
    if (!(this.params.R >= 1e-6 * Math.max(l, w))) {
      throw new RangeError(`params.R must be at least 1e-6 of the table's longer side ${Math.max(l, w)} m, got ${this.params.R}`);
    }
    if (!(h < 2 * this.params.R)) {
      throw new RangeError(`the cushion height ${h} (table cushion_height) must be below the top of the balls, 2 params.R = ${2 * this.params.R}: smaller balls would pass under the cushions`);
    }
    if (!Array.isArray(opts.balls) || opts.balls.length === 0) throw new RangeError("opts.balls must be a non-empty array of { id, x, y }");
    const n = (this.n = opts.balls.length);
    const R = this.params.R;
    this.B = new Float64Array(n * STRIDE);
    this.S = new Int8Array(n);
    this.nextState = new Int8Array(n);
    const ids: string[] = [];
    opts.balls.forEach((ball, i) => {
      const name = `opts.balls[${i}]`;
      requireObject(ball, name);
      rejectUnknownKeys(ball, ["id", "x", "y"], name);
      if (typeof ball.id !== "string" || ball.id === "") throw new RangeError(`${name}.id must be a non-empty string, got ${JSON.stringify(ball.id)}`);
      if (ball.id === CUE_STICK_ID) throw new RangeError(`${name}.id must not be "${CUE_STICK_ID}" (the stick's id)`);
      if (this.index.has(ball.id)) throw new RangeError(`${name}.id "${ball.id}" is used twice`);
      this.index.set(ball.id, i);
      ids.push(ball.id);
      this.B[i * STRIDE] = finiteNumber(ball.x, `${name}.x`);
      this.B[i * STRIDE + 1] = finiteNumber(ball.y, `${name}.y`);
      // on the cloth: the centre between the cushions' noses (0 .. w across, 0 .. l along)
      const { w, l } = this.table.specs;
      if (!(ball.x >= 0 && ball.x <= w)) throw new RangeError(`${name}.x must be on the table, 0 to w = ${w} m, got ${ball.x}`);
      if (!(ball.y >= 0 && ball.y <= l)) throw new RangeError(`${name}.y must be on the table, 0 to l = ${l} m, got ${ball.y}`);
      this.B[i * STRIDE + 2] = R;
    });
    for (let i = 0; i < n; i++) {
      for (let j = i + 1; j < n; j++) {
        const dx = this.B[j * STRIDE] - this.B[i * STRIDE], dy = this.B[j * STRIDE + 1] - this.B[i * STRIDE + 1];
        if (dx * dx + dy * dy < 4 * R * R * (1 - 1e-9)) {
          throw new RangeError(`opts.balls: "${ids[i]}" and "${ids[j]}" overlap (centres ${Math.sqrt(dx * dx + dy * dy)} m apart, less than 2R = ${2 * R})`);
        }
      }
    }
    this.ids = Object.freeze(ids);
    this.P = new Float64Array(n * 6);
    this.box = new Float64Array(n * BOX);
    this.horizon = new Float64Array(n).fill(Infinity);
    this.trans = new Float64Array(n).fill(Infinity);
    this.linT = new Float64Array(n).fill(Infinity);
    this.linK = new Int32Array(n);
    this.circT = new Float64Array(n).fill(Infinity);
    this.circK = new Int32Array(n);
    this.pocT = new Float64Array(n).fill(Infinity);
    this.pocK = new Int32Array(n);
    this.pair = new Float64Array(n * n).fill(Infinity);
    const arrays = tableArrays(this.table);
    this.lin = arrays.lin;
    this.linBox = arrays.linBox;
    this.circ = arrays.circ;
    this.circBox = arrays.circBox;
    this.poc = arrays.poc;
    this.pocBox = arrays.pocBox;
    for (let i = 0; i < n; i++) this.refreshBall(i);
  }

  /** The current time (s since the strike). */
  get t(): number {
    return this.now;
  }

  /** Every event so far, in time order. */
  get events(): readonly PoolEvent[] {
    return this.log;
  }

  /** Queue a cue strike on a ball at rest; resolved at the current time by simulate(). */
  strike(s: StrikeOptions): void {
    requireObject(s, "strike");
    rejectUnknownKeys(s, ["ball", "V0", "phi", "theta", "a", "b"], "strike");
    const i = this.index.get(s.ball);
    if (i === undefined) throw new RangeError(`strike.ball: no ball "${String(s.ball)}" (balls: ${this.ids.join(", ")})`);
    if (this.S[i] === POCKETED) throw new RangeError(`strike.ball: ball "${s.ball}" is pocketed`);
    for (let k = 0; k < this.n; k++) {
      if (this.S[k] !== STATIONARY && this.S[k] !== POCKETED) throw new RangeError(`strike: every ball must be at rest, but "${this.ids[k]}" is ${STATE_NAMES[this.S[k]]}`);
    }
    if (this.pending) throw new RangeError("strike: a strike is already queued; call simulate() first");
    const V0 = positiveNumber(s.V0, "strike.V0");
    if (V0 > MAX_V0) throw new RangeError(`strike.V0 must be at most ${MAX_V0} m/s (about seven times the fastest break on record), got ${V0}`);
    const phi = finiteNumber(s.phi, "strike.phi");
    const theta = s.theta === undefined ? 0 : finiteNumber(s.theta, "strike.theta");
    if (!(theta >= 0 && theta < 90)) throw new RangeError(`strike.theta must be in [0, 90) degrees, got ${theta}`);
    const a = s.a === undefined ? 0 : finiteNumber(s.a, "strike.a");
    const b = s.b === undefined ? 0 : finiteNumber(s.b, "strike.b");
    if (a * a + b * b > 1) throw new RangeError(`strike: a² + b² must be <= 1 (the cue tip on the ball), got a = ${a}, b = ${b}`);
    this.pending = { i, V0, phi, theta, a, b };
  }

  /** Run to rest (or maxEvents / tFinal); returns this call's events in time order (also kept in .events). */
  simulate(opts: SimulateOptions = {}): PoolEvent[] {
    requireObject(opts, "simulate options");
    rejectUnknownKeys(opts, ["maxEvents", "tFinal"], "simulate options");
    const maxEvents = opts.maxEvents === undefined ? DEFAULT_MAX_EVENTS : positiveNumber(opts.maxEvents, "maxEvents", true);
    const tFinal = opts.tFinal === undefined ? Infinity : finiteNumber(opts.tFinal, "tFinal");
    if (tFinal < this.now) throw new RangeError(`tFinal must be >= the current time ${this.now}, got ${tFinal}`);
    const out: PoolEvent[] = [];
    if (this.pending && out.length < maxEvents) {
      const s = this.pending;
      this.pending = null;
      strikeBall(this.B, this.S, s.i, s.V0, s.phi, s.theta, s.a, s.b, this.params, this.cue);
      this.refreshBall(s.i);
      this.recompute(s.i);
      this.push(out, { t: this.now, type: "stick-ball", ids: [CUE_STICK_ID, this.ids[s.i]] });
    }
    while (out.length < maxEvents) {
      if (!this.step(out, tFinal)) break;
    }
    return out;
  }

  /** A ball's state at the current time. */
  ball(id: string): BallState {
    const i = this.index.get(id);
    if (i === undefined) throw new RangeError(`ball: no ball "${String(id)}" (balls: ${this.ids.join(", ")})`);
    const o = i * STRIDE, B = this.B;
    return {
      id,
      state: STATE_NAMES[this.S[i]],
      t: this.now,
      r: [B[o], B[o + 1], B[o + 2]],
      v: [B[o + 3], B[o + 4], B[o + 5]],
      w: [B[o + 6], B[o + 7], B[o + 8]],
    };
  }

  /** Total kinetic and rotational energy (J). */
  energy(): number {
    let e = 0;
    for (let i = 0; i < this.n; i++) e += ballEnergy(this.B, i, this.params);
    return e;
  }

  private push(out: PoolEvent[], e: PoolEvent): void {
    out.push(e);
    this.log.push(e);
  }

  /** Finds, advances to and resolves the next event; false when there is none before tFinal. */
  private step(out: PoolEvent[], tFinal: number): boolean {
    const n = this.n;
    // Earliest candidate of each kind (first in iteration order on ties).
    let tT = Infinity, iT = -1, tL = Infinity, iL = -1, tC = Infinity, iC = -1, tP = Infinity, iP = -1;
    for (let i = 0; i < n; i++) {
      if (this.trans[i] < tT) { tT = this.trans[i]; iT = i; }
      if (this.linT[i] < tL) { tL = this.linT[i]; iL = i; }
      if (this.circT[i] < tC) { tC = this.circT[i]; iC = i; }
      if (this.pocT[i] < tP) { tP = this.pocT[i]; iP = i; }
    }
    let tB = Infinity, bi = -1, bj = -1;
    const pair = this.pair;
    for (let i = 0; i < n; i++) {
      const row = i * n;
      for (let j = i + 1; j < n; j++) {
        if (pair[row + j] < tB) { tB = pair[row + j]; bi = i; bj = j; }
      }
    }
    let kind = -1, t = Infinity, energy = -1;
    for (let k = 0; k < 5; k++) {
      const tk = k === KIND_TRANSITION ? tT : k === KIND_LINEAR ? tL : k === KIND_CIRCULAR ? tC : k === KIND_POCKET ? tP : tB;
      if (tk > t || tk === Infinity) continue;
      if (tk < t || TIER[k] < TIER[kind]) {
        kind = k; t = tk; energy = -1;
        continue;
      }
      if (TIER[k] > TIER[kind]) continue;
      // Exact tie within a tier: the higher energy goes first.
      if (energy < 0) energy = this.kindEnergy(kind, iT, iL, iC, iP, bi, bj);
      const ek = this.kindEnergy(k, iT, iL, iC, iP, bi, bj);
      if (ek > energy) { kind = k; energy = ek; }
    }
    if (kind < 0) return false;
    if (t > tFinal) {
      this.advance(tFinal);
      return false;
    }
    this.advance(t);
    const ids = this.ids;
    if (kind === KIND_TRANSITION) {
      const i = iT, o = i * STRIDE, B = this.B, s = this.S[i];
      let type: PoolEventType;
      if (s === SLIDING) {
        this.S[i] = ROLLING;
        type = "sliding-rolling";
      } else if (s === ROLLING && this.nextState[i] === SPINNING) {
        B[o + 3] = 0; B[o + 4] = 0; B[o + 5] = 0; B[o + 6] = 0; B[o + 7] = 0;
        this.S[i] = SPINNING;
        type = "rolling-spinning";
      } else {
        B.fill(0, o + 3, o + 9);
        type = s === ROLLING ? "rolling-stationary" : "spinning-stationary";
        this.S[i] = STATIONARY;
      }
      this.refreshBall(i);
      this.recompute(i);
      this.push(out, { t, type, ids: [ids[i]] });
    } else if (kind === KIND_BALL) {
      kissBalls(this.B, this.S, bi, bj, this.params.R);
      resolveBallBall(this.B, this.S, bi, bj, this.params.R, this.params.e_b, this.guard);
      this.refreshBall(bi);
      this.refreshBall(bj);
      this.recompute(bi);
      this.recompute(bj);
      this.push(out, { t, type: "ball-ball", ids: [ids[bi], ids[bj]] });
    } else if (kind === KIND_POCKET) {
      const i = iP, k = this.pocK[i], o = i * STRIDE, B = this.B;
      B.fill(0, o + 3, o + 9);
      B[o] = this.poc[k * 3];
      B[o + 1] = this.poc[k * 3 + 1];
      B[o + 2] = -this.table.pockets[k].depth;
      this.S[i] = POCKETED;
      this.refreshBall(i);
      this.recompute(i);
      this.push(out, { t, type: "ball-pocket", ids: [ids[i], this.table.pockets[k].id] });
    } else {
      const i = kind === KIND_LINEAR ? iL : iC;
      const R = this.params.R, h = this.table.specs.cushion_height, nv = this.normal;
      let id: string;
      if (kind === KIND_LINEAR) {
        const q = this.linK[i] * LIN, L = this.lin;
        kissLine(this.B, this.S, i, L[q + 3], L[q + 4], L[q + 5], L[q + 6], R);
        lineNormal(nv, this.B, i, L[q + 3], L[q + 4], L[q + 5], L[q + 6], h);
        id = this.table.linear[this.linK[i]].id;
      } else {
        const q = this.circK[i] * 3, C = this.circ;
        kissCircle(this.B, this.S, i, C[q], C[q + 1], C[q + 2], R);
        circleNormal(nv, this.B, i, C[q], C[q + 1], h);
        id = this.table.circular[this.circK[i]].id;
      }
      resolveCushion(this.B, this.S, i, nv[0], nv[1], nv[2], this.params);
      this.refreshBall(i);
      this.recompute(i);
      this.push(out, { t, type: kind === KIND_LINEAR ? "ball-linear-cushion" : "ball-circular-cushion", ids: [ids[i], id] });
    }
    return true;
  }

  private kindEnergy(kind: number, iT: number, iL: number, iC: number, iP: number, bi: number, bj: number): number {
    if (kind === KIND_BALL) {
      const B = this.B, a = bi * STRIDE, b = bj * STRIDE;
      const dx = B[a + 3] - B[b + 3], dy = B[a + 4] - B[b + 4], dz = B[a + 5] - B[b + 5];
      return dx * dx + dy * dy + dz * dz;
    }
    const i = kind === KIND_TRANSITION ? iT : kind === KIND_LINEAR ? iL : kind === KIND_CIRCULAR ? iC : iP;
    return ballEnergy(this.B, i, this.params);
  }

  /** Advances every ball to time t. */
  private advance(t: number): void {
    const dt = t - this.now;
    if (dt !== 0) {
      for (let i = 0; i < this.n; i++) {
        const s = this.S[i];
        if (s === STATIONARY || s === POCKETED) continue;
        evolveBall(this.B, i, s, dt, this.params);
        pathCoefficients(this.P, i * 6, this.B, i, s, this.params);
        this.horizon[i] = s === SPINNING ? Infinity : this.trans[i] - t;
        pathBox(this.box, i * BOX, this.P, i * 6, this.horizon[i]);
      }
    }
    this.now = t;
  }

  /** New state of ball i: its transition time, path coefficients and box. */
  private refreshBall(i: number): void {
    const s = this.S[i];
    const d = stateDuration(this.B, i, s, this.params);
    this.trans[i] = this.now + d;
    if (s === ROLLING) {
      this.nextState[i] = spinDuration(this.B[i * STRIDE + 8], this.params) > d ? SPINNING : STATIONARY;
    }
    pathCoefficients(this.P, i * 6, this.B, i, s, this.params);
    this.horizon[i] = nonTranslating(s) ? Infinity : d;
    pathBox(this.box, i * BOX, this.P, i * 6, this.horizon[i]);
  }

  /** Recomputes every cached candidate that involves ball i. */
  private recompute(i: number): void {
    const n = this.n, now = this.now, R = this.params.R, s = this.S[i];
    this.linT[i] = Infinity;
    this.circT[i] = Infinity;
    this.pocT[i] = Infinity;
    const o = i * 6, q = i * BOX;
    if (!nonTranslating(s)) {
      const h = this.horizon[i];
      const L = this.lin;
      for (let k = 0, m = this.table.linear.length; k < m; k++) {
        if (!boxesNear(this.box, q, this.linBox, k * BOX, R)) continue;
        const c = k * LIN;
        const tau = lineTime(this.P, o, L[c], L[c + 1], L[c + 2], L[c + 7], L[c + 3], L[c + 4], L[c + 5], L[c + 6], R, h);
        if (now + tau < this.linT[i]) { this.linT[i] = now + tau; this.linK[i] = k; }
      }
      const C = this.circ;
      for (let k = 0, m = this.table.circular.length; k < m; k++) {
        if (!boxesNear(this.box, q, this.circBox, k * BOX, R)) continue;
        const tau = circleTime(this.P, o, C[k * 3], C[k * 3 + 1], C[k * 3 + 2] + R, h);
        if (now + tau < this.circT[i]) { this.circT[i] = now + tau; this.circK[i] = k; }
      }
      const Q = this.poc;
      for (let k = 0, m = this.table.pockets.length; k < m; k++) {
        if (!boxesNear(this.box, q, this.pocBox, k * BOX, 0)) continue;
        const tau = circleTime(this.P, o, Q[k * 3], Q[k * 3 + 1], Q[k * 3 + 2], h);
        if (now + tau < this.pocT[i]) { this.pocT[i] = now + tau; this.pocK[i] = k; }
      }
    }
    for (let j = 0; j < n; j++) {
      if (j === i) continue;
      const a = i < j ? i : j, b = i < j ? j : i;
      this.pair[a * n + b] = this.pairTime(a, b);
    }
  }

  private pairTime(i: number, j: number): number {
    const si = this.S[i], sj = this.S[j];
    if (si === POCKETED || sj === POCKETED) return Infinity;
    if (nonTranslating(si) && nonTranslating(sj)) return Infinity;
    const R = this.params.R;
    if (!boxesNear(this.box, i * BOX, this.box, j * BOX, 2 * R)) return Infinity;
    const hi = Math.min(this.horizon[i], this.horizon[j]);
    return this.now + ballBallTime(this.P, i * 6, j * 6, R, hi);
  }
}

function checkTable(table: unknown): PoolTable {
  requireObject(table, "opts.table");
  for (const key of ["specs", "linear", "circular", "pockets"]) {
    if (!(key in table)) throw new RangeError(`opts.table.${key} is missing (build tables with pocketTable())`);
  }
  return table as unknown as PoolTable;
}
