/**
 * The CSB referee's collision loop over four pods, as `data/contest/rules.md` states it:
 * `t = 0; while (t < 1) t += step(t)`. A step lists every candidate pair (touching pairs at the
 * step start, others at the smaller root of |d + τ·dv|² = 800², kept when 0 < τ ≤ 1 − t),
 * stable-sorts them by time, moves every pod to the earliest time T, and resolves every
 * candidate within T + 1e-5 in order (elastic impulse plus a second kick of at least 120,
 * push-apart when still overlapping), recording a way-point per pod for the checkpoint test.
 *
 * The contact time is the referee's own quadratic formula, not carom's `toiCirclesRaw`: the
 * bits of the root decide the positions, so the referee's operation order is kept.
 *
 * Pairs whose gap cannot close within the time left are dropped before the root by the exact
 * bound of reach-bound.ts (no sqrt, no division; never drops a pair the referee would keep).
 *
 * Most turns of a race have no collision: csb-straight-turn.ts decides that (and plays such a
 * turn to its end) before this loop, which reads the state per pair, is entered at all.
 */
import { outOfReach } from "./reach-bound.js";

// The referee's constants: RADII = 800 (the pods' radius sum; RADII_SQUARED = 800²), the
// MIN_IMPULSE 120, the BATCH_WINDOW 1e-5 and the PUSH_SLACK 1e-5 (and REACH_SLACK,
// REACH_SPAN_LIMIT of reach-bound.ts). The functions of a turn declare the ones they use as
// their own locals: V8 folds a function's own constants into its code, while each use of a
// module-level const is a load from the module context and a type check.
/** Doubles per pod in CsbSimulation's state array (x, y, vx, vy first). */
export const CSB_STRIDE = 16;

/** Pair order of the referee: i = 3..0, j = i − 1..0 (A = pod i, B = pod j). */
const PAIR_A = new Int32Array([3, 3, 3, 2, 2, 1]);
const PAIR_B = new Int32Array([2, 1, 0, 1, 0, 0]);

/** Scratch and read-back of one turn's collision loop; reused every turn. */
/** Collision steps allowed in one turn. */
const MAX_STEPS = 100_000;

export class CsbCollisionLoop {
  /** 1/mass of each pod this turn (1 or 1/10). */
  readonly invMass = new Float64Array(4);
  /** Collisions of the last turn: absolute time in the turn and the two pods (A, B). */
  time = new Float64Array(16);
  a = new Int32Array(16);
  b = new Int32Array(16);
  count = 0;
  /** Way-points (time, x, y) per pod, `wayPointCapacity` slots per pod. */
  wayPoints: Float64Array;
  wayPointCapacity = 8;
  readonly wayPointCount = new Int32Array(4);
  private readonly candTime = new Float64Array(6);
  private readonly candPair = new Int32Array(6);

  constructor() {
    this.wayPoints = new Float64Array(4 * this.wayPointCapacity * 3);
  }

  /** Copies the collision read-back of `other` (the way-points are scratch and are not copied). */
  copyCollisionsFrom(other: CsbCollisionLoop): void {
    const n = other.count;
    if (n > this.time.length) this.growCollisions(n);
    for (let k = 0; k < n; k++) {
      this.time[k] = other.time[k];
      this.a[k] = other.a[k];
      this.b[k] = other.b[k];
    }
    this.count = n;
  }

  /**
   * Runs the loop on the state array `s` (layout of CsbSimulation), from t = 0 to t = 1. (Any
   * turn; CsbSimulation calls it for those straightTurn finds a candidate in.)
   */
  run(s: Float64Array): void {
    // Local constants (see the top of the file; REACH_* as in reach-bound.ts): folded by V8.
    const STRIDE = 16, RADII = 800, RADII_SQUARED = 640000, BATCH_WINDOW = 1e-5;
    this.count = 0;
    const wpc = this.wayPointCount;
    wpc[0] = wpc[1] = wpc[2] = wpc[3] = 0;
    const candTime = this.candTime, candPair = this.candPair;
    let t = 0;
    for (let steps = 0; t < 1; steps++) {
      // (the referee's loop, bounded: a turn of real play takes a few steps)
      if (steps === MAX_STEPS) throw new RangeError(`turn: more than ${MAX_STEPS} collision steps at t = ${t} of the turn (pods wedged together?); the state is left mid-turn`);
      let n = 0;
      const left = 1 - t;
      for (let k = 0; k < 6; k++) {
        const pa = PAIR_A[k] * STRIDE, pb = PAIR_B[k] * STRIDE;
        const dx = s[pa] - s[pb], dy = s[pa + 1] - s[pb + 1];
        let time: number;
        // sqrt(q) <= 800 exactly when q <= 800² (sqrt is monotone and correctly rounded, and
        // sqrt of the double after 640000 rounds above 800), so the root is not taken.
        if (dx * dx + dy * dy <= RADII_SQUARED) {
          time = t;
        } else {
          const dvx = s[pa + 2] - s[pb + 2], dvy = s[pa + 3] - s[pb + 3];
          const a = dvx * dvx + dvy * dvy;
          const b = dx * dvx + dy * dvy;
          // Moving apart (b >= 0) with c > 0: both roots are negative, the referee drops the pair.
          if (b >= 0) continue;
          const c = dx * dx + dy * dy - RADII_SQUARED;
          const delta = b * b - a * c;
          if (delta <= 0 || a === 0) continue;
          // Out of reach in the time left (reach-bound.ts): the referee's root would exceed it.
          if (outOfReach(dx, dy, dvx, dvy, c, RADII, left)) continue;
          // The referee takes min((−b + root)/a, (−b − root)/a); with −b > 0, root ≥ 0 and
          // a > 0, rounding is monotone, so the second is never larger: one division.
          const tau = (-b - Math.sqrt(delta)) / a;
          if (!(tau > 0 && tau <= left)) continue;
          time = t + tau;
        }
        // Stable insertion: after every candidate with a time <= this one.
        let m = n;
        while (m > 0 && candTime[m - 1] > time) {
          candTime[m] = candTime[m - 1];
          candPair[m] = candPair[m - 1];
          m--;
        }
        candTime[m] = time;
        candPair[m] = k;
        n++;
      }
      if (n === 0) {
        moveAll(s, 1 - t);
        break;
      }
      const T = candTime[0];
      if (T - t > 0) moveAll(s, T - t);
      for (let m = 0; m < n && candTime[m] <= T + BATCH_WINDOW; m++) {
        this.resolve(s, PAIR_A[candPair[m]], PAIR_B[candPair[m]], m);
      }
      t = T;
    }
  }

  /**
   * Elastic response with minimum impulse between pods i (A) and j (B), candidate m of this
   * step. (Indices only: a double argument would be boxed on the heap.)
   */
  private resolve(s: Float64Array, i: number, j: number, m: number): void {
    // Local constants (see the top of the file): folded by V8.
    const STRIDE = 16, RADII = 800, MIN_IMPULSE = 120, PUSH_SLACK = 1e-5;
    const pa = i * STRIDE, pb = j * STRIDE;
    let nx = s[pb] - s[pa], ny = s[pb + 1] - s[pa + 1];
    const dist = Math.sqrt(nx * nx + ny * ny);
    // (the referee's normal would be 0/0: no impulse, no push, the same contact at every step)
    if (dist === 0) throw new RangeError(`turn: pods ${i} and ${j} are at the same point (${s[pa]}, ${s[pa + 1]}), where a bounce has no direction; place them apart with setPod`);
    nx /= dist;
    ny /= dist;
    const invA = this.invMass[i], invB = this.invMass[j];
    const dvx = s[pa + 2] - s[pb + 2], dvy = s[pa + 3] - s[pb + 3];
    const f = (nx * dvx + ny * dvy) / (invA + invB);
    const impulse = f + Math.max(MIN_IMPULSE, f);
    const jx = impulse * nx, jy = impulse * ny;
    s[pa + 2] += -jx * invA;
    s[pa + 3] += -jy * invA;
    s[pb + 2] += jx * invB;
    s[pb + 3] += jy * invB;
    const diff = dist - RADII;
    if (diff <= 0) {
      const push = -diff / 2 + PUSH_SLACK;
      s[pa] -= nx * push;
      s[pa + 1] -= ny * push;
      s[pb] += nx * push;
      s[pb + 1] += ny * push;
    }
    this.addWayPoint(s, i, m);
    this.addWayPoint(s, j, m);
    if (this.count === this.time.length) this.growCollisions(this.count * 2);
    this.time[this.count] = this.candTime[m];
    this.a[this.count] = i;
    this.b[this.count] = j;
    this.count++;
  }

  /** Records pod i's position at candidate m's time, replacing its last way-point when that has the same time. */
  private addWayPoint(s: Float64Array, i: number, m: number): void {
    const time = this.candTime[m];
    let k = this.wayPointCount[i];
    const cap = this.wayPointCapacity;
    if (k > 0 && this.wayPoints[(i * cap + k - 1) * 3] === time) {
      k--;
    } else if (k === cap) {
      this.growWayPoints();
    }
    const w = this.wayPoints, at = (i * this.wayPointCapacity + k) * 3;
    w[at] = time;
    w[at + 1] = s[i * 16 /* STRIDE */];
    w[at + 2] = s[i * 16 + 1];
    this.wayPointCount[i] = k + 1;
  }

  private growWayPoints(): void {
    const old = this.wayPoints, oldCap = this.wayPointCapacity, cap = oldCap * 2;
    const next = new Float64Array(4 * cap * 3);
    for (let i = 0; i < 4; i++) next.set(old.subarray(i * oldCap * 3, (i + 1) * oldCap * 3), i * cap * 3);
    this.wayPoints = next;
    this.wayPointCapacity = cap;
  }

  private growCollisions(size: number): void {
    const time = new Float64Array(size), a = new Int32Array(size), b = new Int32Array(size);
    time.set(this.time.subarray(0, this.count));
    a.set(this.a.subarray(0, this.count));
    b.set(this.b.subarray(0, this.count));
    this.time = time;
    this.a = a;
    this.b = b;
  }
}

/** Moves every pod by v·dt. */
function moveAll(s: Float64Array, dt: number): void {
  for (let p = 0; p < 64; p += 16 /* STRIDE */) {
    s[p] += s[p + 2] * dt;
    s[p + 1] += s[p + 3] * dt;
  }
}
