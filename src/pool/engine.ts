/**
 * The event engine behind PoolSystem (docs/pool-model.md sections 7 and 8).
 *
 * Every candidate event has an absolute time in a cache: per ball its next state change
 * (transition) and its first straight-cushion, jaw and pocket contact; per pair of balls their
 * first contact. The next event is the earliest (ties as pooltool: within a kind, the first in
 * iteration order; between kinds, by tier, then by energy); all balls are advanced to its time
 * by their state's equations; it is resolved; and only the entries of the balls it involved are
 * recomputed. With at most a few dozen balls a linear scan of the cache beats a heap. Each event
 * is appended to the numeric history (./history.ts); nothing is allocated per event.
 *
 * Internal: PoolSystem wraps one engine and checks everything a user passes in; the shot solver
 * restores an engine from another with {@link PoolEngine.copyFrom} to try many shots without
 * allocating.
 */
import { resolveBallBall } from "./ball-ball.js";
import { strikeBall } from "./cue-strike.js";
import { circleNormal, lineNormal, resolveCushion } from "./cushion.js";
import { ballBallTime, boxesNear, circleTime, lineTime, pathBox, pocketTime } from "./detect.js";
import {
  EV_BALL, EV_CIRCULAR, EV_LINEAR, EV_POCKET, EV_ROLLING_SPINNING, EV_ROLLING_STATIONARY, EV_SLIDING_ROLLING,
  EV_SPINNING_STATIONARY, EV_STICK, EventLog,
} from "./history.js";
import { kissBalls, kissCircle, kissLine } from "./kiss.js";
import {
  ballEnergy, evolveBall, nonTranslating, pathCoefficients, POCKETED, ROLLING, SLIDING, SPINNING, spinDuration,
  stateDuration, STATIONARY, STRIDE,
} from "./motion.js";
import type { BallParams, BallBallFriction, CueSpecs } from "./params.js";
import type { PoolTable } from "./table.js";
import { BOX, LIN, tableArrays } from "./table-arrays.js";

const KIND_TRANSITION = 0, KIND_LINEAR = 1, KIND_CIRCULAR = 2, KIND_POCKET = 3, KIND_BALL = 4;
const TIER = [2, 3, 3, 2, 3];

export class PoolEngine {
  readonly table: PoolTable;
  readonly n: number;
  /** The radius every ball shares. */
  readonly R: number;
  /** Each ball's parameters (one shared object unless a ball overrides some). */
  readonly bp: readonly BallParams[];
  readonly guard: boolean;
  readonly friction: Readonly<BallBallFriction>;
  /** State of every ball: rx ry rz vx vy vz wx wy wz ({@link STRIDE} each). */
  readonly B: Float64Array;
  /** Motion state code of every ball. */
  readonly S: Int8Array;
  readonly nextState: Int8Array;
  readonly P: Float64Array;
  readonly box: Float64Array;
  readonly horizon: Float64Array;
  readonly trans: Float64Array;
  readonly linT: Float64Array;
  readonly linK: Int32Array;
  readonly circT: Float64Array;
  readonly circK: Int32Array;
  readonly pocT: Float64Array;
  readonly pocK: Int32Array;
  readonly pair: Float64Array;
  readonly lin: Float64Array;
  readonly linBox: Float64Array;
  readonly circ: Float64Array;
  readonly circBox: Float64Array;
  readonly poc: Float64Array;
  readonly pocBox: Float64Array;
  readonly normal = new Float64Array(3);
  /** The numeric event history. */
  readonly log: EventLog;
  /** Every ball's state at the start of the history (time 0). */
  readonly B0: Float64Array;
  readonly S0: Int8Array;
  now = 0;

  /** An engine over `B` and `S` (taken, not copied) at time 0; call {@link start} once they are set. */
  constructor(table: PoolTable, bp: readonly BallParams[], B: Float64Array, S: Int8Array, guard: boolean, friction: BallBallFriction) {
    const n = (this.n = S.length);
    this.table = table;
    this.bp = bp;
    this.R = bp[0].R;
    this.guard = guard;
    this.friction = friction;
    this.B = B;
    this.S = S;
    this.nextState = new Int8Array(n);
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
    const arrays = tableArrays(table);
    this.lin = arrays.lin;
    this.linBox = arrays.linBox;
    this.circ = arrays.circ;
    this.circBox = arrays.circBox;
    this.poc = arrays.poc;
    this.pocBox = arrays.pocBox;
    this.log = new EventLog();
    this.B0 = new Float64Array(B.length);
    this.S0 = new Int8Array(n);
  }

  /** Records the initial states and computes every candidate. */
  start(): void {
    this.B0.set(this.B);
    this.S0.set(this.S);
    for (let i = 0; i < this.n; i++) this.refreshBall(i);
    for (let i = 0; i < this.n; i++) this.recompute(i, i);
  }

  /** A copy of this engine that continues bit for bit. */
  clone(): PoolEngine {
    const copy = new PoolEngine(this.table, this.bp, new Float64Array(this.B), new Int8Array(this.S), this.guard, this.friction);
    copy.copyFrom(this);
    return copy;
  }

  /** Makes this engine (same table, parameters and ball count) equal to `src`, without allocating once warm. */
  copyFrom(src: PoolEngine): void {
    this.B.set(src.B); this.S.set(src.S); this.nextState.set(src.nextState);
    this.P.set(src.P); this.box.set(src.box); this.horizon.set(src.horizon); this.trans.set(src.trans);
    this.linT.set(src.linT); this.linK.set(src.linK); this.circT.set(src.circT); this.circK.set(src.circK);
    this.pocT.set(src.pocT); this.pocK.set(src.pocK); this.pair.set(src.pair);
    this.B0.set(src.B0); this.S0.set(src.S0);
    this.log.copyFrom(src.log);
    this.now = src.now;
  }

  /** Applies a cue strike to ball i (checked by the caller) at the current time. */
  strike(i: number, V0: number, phi: number, theta: number, a: number, b: number, cue: CueSpecs): void {
    strikeBall(this.B, this.S, i, V0, phi, theta, a, b, this.bp[i], cue);
    this.refreshBall(i);
    this.recompute(i, -1);
    this.log.push(this.now, EV_STICK, i, -1, -1, this.B, this.S);
  }

  /**
   * Finds, advances to and resolves the next event; false when there is none before tFinal (the
   * balls are then advanced to tFinal if something moves).
   */
  step(tFinal: number): boolean {
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
      this.log.pushStop(tFinal);
      return false;
    }
    this.advance(t);
    const B = this.B, S = this.S;
    if (kind === KIND_TRANSITION) {
      const i = iT, o = i * STRIDE, s = S[i];
      let type: number;
      if (s === SLIDING) {
        S[i] = ROLLING;
        type = EV_SLIDING_ROLLING;
      } else if (s === ROLLING && this.nextState[i] === SPINNING) {
        B[o + 3] = 0; B[o + 4] = 0; B[o + 5] = 0; B[o + 6] = 0; B[o + 7] = 0;
        S[i] = SPINNING;
        type = EV_ROLLING_SPINNING;
      } else {
        B.fill(0, o + 3, o + 9);
        type = s === ROLLING ? EV_ROLLING_STATIONARY : EV_SPINNING_STATIONARY;
        S[i] = STATIONARY;
      }
      this.refreshBall(i);
      this.recompute(i, -1);
      this.log.push(t, type, i, -1, -1, B, S);
    } else if (kind === KIND_BALL) {
      kissBalls(B, S, bi, bj, this.R);
      const pi = this.bp[bi], pj = this.bp[bj], f = this.friction;
      const e = (pi.e_b + pj.e_b) / 2;
      if (f.model === "average") resolveBallBall(B, S, bi, bj, this.R, e, this.guard, (pi.u_b + pj.u_b) / 2, 0, 0);
      else resolveBallBall(B, S, bi, bj, this.R, e, this.guard, f.a, f.b, f.c);
      this.refreshBall(bi);
      this.refreshBall(bj);
      this.recompute(bi, -1);
      this.recompute(bj, bi);
      this.log.push(t, EV_BALL, bi, bj, -1, B, S);
    } else if (kind === KIND_POCKET) {
      const i = iP, k = this.pocK[i], o = i * STRIDE;
      B.fill(0, o + 3, o + 9);
      B[o] = this.poc[k * 3];
      B[o + 1] = this.poc[k * 3 + 1];
      B[o + 2] = -this.table.pockets[k].depth;
      S[i] = POCKETED;
      this.refreshBall(i);
      this.recompute(i, -1);
      this.log.push(t, EV_POCKET, i, -1, k, B, S);
    } else {
      const i = kind === KIND_LINEAR ? iL : iC;
      const R = this.R, h = this.table.specs.cushion_height, nv = this.normal;
      let k: number;
      if (kind === KIND_LINEAR) {
        k = this.linK[i];
        const q = k * LIN, L = this.lin;
        kissLine(B, S, i, L[q + 3], L[q + 4], L[q + 5], L[q + 6], R);
        lineNormal(nv, B, i, L[q + 3], L[q + 4], L[q + 5], L[q + 6], h);
      } else {
        k = this.circK[i];
        const q = k * 3, C = this.circ;
        kissCircle(B, S, i, C[q], C[q + 1], C[q + 2], R);
        circleNormal(nv, B, i, C[q], C[q + 1], h);
      }
      resolveCushion(B, S, i, nv[0], nv[1], nv[2], this.bp[i]);
      this.refreshBall(i);
      this.recompute(i, -1);
      this.log.push(t, kind === KIND_LINEAR ? EV_LINEAR : EV_CIRCULAR, i, -1, k, B, S);
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
    return ballEnergy(this.B, i, this.bp[i]);
  }

  /** Advances every ball to time t. */
  advance(t: number): void {
    const dt = t - this.now;
    if (dt !== 0) {
      for (let i = 0; i < this.n; i++) {
        const s = this.S[i];
        if (s === STATIONARY || s === POCKETED) continue;
        const p = this.bp[i];
        evolveBall(this.B, i, s, dt, p);
        pathCoefficients(this.P, i * 6, this.B, i, s, p);
        this.horizon[i] = s === SPINNING ? Infinity : this.trans[i] - t;
        pathBox(this.box, i * BOX, this.P, i * 6, this.horizon[i]);
      }
    }
    this.now = t;
  }

  /** New state of ball i: its transition time, path coefficients and box. */
  private refreshBall(i: number): void {
    const s = this.S[i], p = this.bp[i];
    const d = stateDuration(this.B, i, s, p);
    this.trans[i] = this.now + d;
    if (s === ROLLING) {
      this.nextState[i] = spinDuration(this.B[i * STRIDE + 8], p) > d ? SPINNING : STATIONARY;
    }
    pathCoefficients(this.P, i * 6, this.B, i, s, p);
    this.horizon[i] = nonTranslating(s) ? Infinity : d;
    pathBox(this.box, i * BOX, this.P, i * 6, this.horizon[i]);
  }

  /** Recomputes every cached candidate that involves ball i (the pair with `skip` and lower-indexed done already). */
  private recompute(i: number, skip: number): void {
    const n = this.n, now = this.now, R = this.R, s = this.S[i];
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
        const tau = pocketTime(this.P, o, Q[k * 3], Q[k * 3 + 1], Q[k * 3 + 2], h);
        if (now + tau < this.pocT[i]) { this.pocT[i] = now + tau; this.pocK[i] = k; }
      }
    }
    for (let j = 0; j < n; j++) {
      if (j === i || j === skip) continue;
      const a = i < j ? i : j, b = i < j ? j : i;
      this.pair[a * n + b] = this.pairTime(a, b);
    }
  }

  private pairTime(i: number, j: number): number {
    const si = this.S[i], sj = this.S[j];
    if (si === POCKETED || sj === POCKETED) return Infinity;
    if (nonTranslating(si) && nonTranslating(sj)) return Infinity;
    const R = this.R;
    if (!boxesNear(this.box, i * BOX, this.box, j * BOX, 2 * R)) return Infinity;
    const hi = Math.min(this.horizon[i], this.horizon[j]);
    return this.now + ballBallTime(this.P, i * 6, j * 6, R, hi);
  }

  /** Kinetic and rotational energy of every ball (J). */
  energy(): number {
    let e = 0;
    for (let i = 0; i < this.n; i++) e += ballEnergy(this.B, i, this.bp[i]);
    return e;
  }

  /** Whether every ball is stationary or pocketed. */
  atRest(): boolean {
    for (let i = 0; i < this.n; i++) if (this.S[i] !== STATIONARY && this.S[i] !== POCKETED) return false;
    return true;
  }
}
