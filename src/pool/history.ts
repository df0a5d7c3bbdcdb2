/**
 * The event history of a pool system, kept as numbers: per event its time, type, the balls and
 * the cushion or pocket involved, and each involved ball's motion state and [r, v, w] right after
 * it; plus, apart, the times of the stops where a run ended at a time limit with no event (a
 * picture recorded frame by frame stops a million times). From it, any ball's state
 * at any past time follows in closed form (the motion equations of src/pool/motion.ts), the way
 * pooltool's `continuize` rebuilds a shot's paths.
 *
 * Exactness: the engine advances every ball from one event (or stop) to the next, so rounding
 * accumulates along that chain; {@link chainState} walks the same chain with the same arithmetic
 * for the one ball asked for, so a state taken from the history has the same bits as the state of
 * a run stopped at that time. Nothing is allocated per event once the buffer has grown.
 */
import type { BallParams } from "./params.js";
import { evolveBall, STRIDE } from "./motion.js";

/** Event type names, indexed by the type codes stored in the history. */
export const EVENT_TYPES = [
  "stick-ball", "ball-ball", "ball-linear-cushion", "ball-circular-cushion", "ball-pocket",
  "sliding-rolling", "rolling-spinning", "rolling-stationary", "spinning-stationary",
] as const;

export const EV_STICK = 0, EV_BALL = 1, EV_LINEAR = 2, EV_CIRCULAR = 3, EV_POCKET = 4;
export const EV_SLIDING_ROLLING = 5, EV_ROLLING_SPINNING = 6, EV_ROLLING_STATIONARY = 7, EV_SPINNING_STATIONARY = 8;
/** Numbers per entry: t, type, ball i, ball j (−1), cushion/pocket index (−1), then state + [r v w] of i and of j. */
export const ENTRY = 25;
const AFTER_I = 5, AFTER_J = 15;

export class EventLog {
  /** The entries, ENTRY numbers each. */
  data: Float64Array;
  /** How many entries. */
  count = 0;
  /** Times at which a run stopped at a time limit, every ball advanced to it (ascending). */
  stops: Float64Array;
  /** How many stops. */
  stopCount = 0;

  constructor(capacity = 32) {
    this.data = new Float64Array(capacity * ENTRY);
    this.stops = new Float64Array(8);
  }

  /** Records a stop at time t. */
  pushStop(t: number): void {
    if (this.stopCount === this.stops.length) {
      const grown = new Float64Array(this.stops.length * 2);
      grown.set(this.stops);
      this.stops = grown;
    }
    this.stops[this.stopCount++] = t;
  }

  /** Appends an entry; the involved balls' states are copied from B and S. */
  push(t: number, type: number, i: number, j: number, k: number, B: Float64Array, S: Int8Array): void {
    if ((this.count + 1) * ENTRY > this.data.length) {
      const grown = new Float64Array(this.data.length * 2);
      grown.set(this.data);
      this.data = grown;
    }
    const o = this.count * ENTRY, d = this.data;
    d[o] = t; d[o + 1] = type; d[o + 2] = i; d[o + 3] = j; d[o + 4] = k;
    if (i >= 0) {
      d[o + AFTER_I] = S[i];
      for (let c = 0; c < STRIDE; c++) d[o + AFTER_I + 1 + c] = B[i * STRIDE + c];
    }
    if (j >= 0) {
      d[o + AFTER_J] = S[j];
      for (let c = 0; c < STRIDE; c++) d[o + AFTER_J + 1 + c] = B[j * STRIDE + c];
    }
    this.count++;
  }

  time(e: number): number { return this.data[e * ENTRY]; }
  type(e: number): number { return this.data[e * ENTRY + 1]; }
  ballI(e: number): number { return this.data[e * ENTRY + 2]; }
  ballJ(e: number): number { return this.data[e * ENTRY + 3]; }
  other(e: number): number { return this.data[e * ENTRY + 4]; }

  /** Offset in `data` of the after-state (state code, then 9 numbers) of ball b in entry e, or −1. */
  afterOffset(e: number, b: number): number {
    const o = e * ENTRY;
    if (this.data[o + 2] === b) return o + AFTER_I;
    if (this.data[o + 3] === b) return o + AFTER_J;
    return -1;
  }

  /** Makes this log equal to `src` (reusing the buffer when it is large enough). */
  copyFrom(src: EventLog): void {
    const n = src.count * ENTRY;
    if (this.data.length < n) this.data = new Float64Array(src.data.length);
    for (let k = 0; k < n; k++) this.data[k] = src.data[k];
    this.count = src.count;
    if (this.stops.length < src.stopCount) this.stops = new Float64Array(src.stops.length);
    for (let k = 0; k < src.stopCount; k++) this.stops[k] = src.stops[k];
    this.stopCount = src.stopCount;
  }
}

/**
 * Ball b's state at time t (>= 0, within the history) written to out[0..8]; returns its state
 * code. `B0`, `S0`: every ball's state at the start of the history (time 0).
 */
export function chainState(
  log: EventLog, B0: Float64Array, S0: Int8Array, b: number, t: number, p: BallParams, out: Float64Array,
): number {
  // The last entry at or before t that involves b.
  let last = -1;
  let e = 0;
  for (; e < log.count && log.time(e) <= t; e++) {
    if (log.afterOffset(e, b) >= 0) last = e;
  }
  const end = e;
  let s: number, prev: number;
  if (last < 0) {
    s = S0[b];
    for (let c = 0; c < STRIDE; c++) out[c] = B0[b * STRIDE + c];
    prev = 0;
    last = -1;
  } else {
    const o = log.afterOffset(last, b);
    s = log.data[o];
    for (let c = 0; c < STRIDE; c++) out[c] = log.data[o + 1 + c];
    prev = log.time(last);
  }
  // Every time the engine advanced all balls to, after `prev` and up to t: the later events and
  // the stops, merged in time order (at equal times the order does not matter: nothing moves).
  let k = last + 1, m = 0;
  while (m < log.stopCount && log.stops[m] < prev) m++;
  for (;;) {
    const te = k < end ? log.time(k) : Infinity;
    const ts = m < log.stopCount && log.stops[m] <= t ? log.stops[m] : Infinity;
    if (te === Infinity && ts === Infinity) break;
    const tk = te <= ts ? te : ts;
    if (te <= ts) k++; else m++;
    if (tk !== prev) evolveBall(out, 0, s, tk - prev, p);
    prev = tk;
  }
  if (t !== prev) evolveBall(out, 0, s, t - prev, p);
  return s;
}
