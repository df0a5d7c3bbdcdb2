/**
 * The Fantastic Bits referee's collision loop (data/contest/rules.md): `t = 0; while (t < 1)`
 * a step lists every candidate (walls, goal posts, entity pairs, snaffle grabs, goals, in that
 * order), stable-sorts them by time, moves every free body to the earliest time T and resolves
 * every candidate within T + 1e-5 in order. Pair times are the referee's own quadratic (the
 * same as CSB's), after the exact cheap rejection of pairs out of reach (reach-bound.ts); bounces
 * add the minimum impulse 100.
 */
import { isFree, type FbArrays } from "./fb-state.js";
import { REACH_SLACK, REACH_SPAN_LIMIT } from "./reach-bound.js";

export const FB_WIDTH = 16000, FB_HEIGHT = 7500;
export const GOAL_LOW = 1750, GOAL_HIGH = 5750;
const POST_RADIUS = 300;
const POST_X = [0, 0, FB_WIDTH, FB_WIDTH];
const POST_Y = [GOAL_LOW, GOAL_HIGH, GOAL_LOW, GOAL_HIGH];
const MIN_IMPULSE = 100;
const BATCH_WINDOW = 1e-5;
const PUSH_SLACK = 1e-5;
const GRAB_RADIUS = 399;
/** Collision steps allowed in one turn. */
const MAX_STEPS = 100_000;

const T0 = 0, LEFT = 1, TAU = 2, DT = 3;
const K_WALL_X = 0, K_WALL_Y = 1, K_POST = 2, K_PAIR = 3, K_GRAB = 4, K_GOAL = 5;

/** Radius, mass and 1/mass of entity i. */
export function radiusOf(a: FbArrays, i: number): number {
  return i < 4 ? 400 : i < a.firstBludger ? 150 : 200;
}
export function massOf(a: FbArrays, i: number): number {
  return i < 4 ? 1 : i < a.firstBludger ? 0.5 : 8;
}

/** Scratch of the loop, sized for one game's entity count. */
export class FbCollisionLoop {
  private readonly time: Float64Array;
  private readonly kind: Int32Array;
  private readonly ci: Int32Array;
  private readonly cj: Int32Array;
  /** Scratch doubles: step start, time left, candidate τ, move length. */
  private readonly work = new Float64Array(4);
  /** Per entity: 1 when free this step (isFree), and its radius. */
  private readonly free: Uint8Array;
  private readonly radius: Float64Array;

  constructor(n: number) {
    // Walls 2n, posts 4n, pairs n(n − 1)/2, grabs 4 per snaffle, goals 1 per snaffle.
    const cap = 6 * n + (n * (n - 1)) / 2 + 5 * n;
    this.time = new Float64Array(cap);
    this.kind = new Int32Array(cap);
    this.ci = new Int32Array(cap);
    this.cj = new Int32Array(cap);
    this.free = new Uint8Array(n);
    this.radius = new Float64Array(n);
  }

  /** Inserts the candidate at time work[T0] + work[TAU] after every candidate with a time <= it. */
  private add(m: number, kind: number, i: number, j: number): number {
    const T = this.time, K = this.kind, I = this.ci, J = this.cj;
    const time = this.work[T0] + this.work[TAU];
    let k = m;
    while (k > 0 && T[k - 1] > time) {
      T[k] = T[k - 1];
      K[k] = K[k - 1];
      I[k] = I[k - 1];
      J[k] = J[k - 1];
      k--;
    }
    T[k] = time;
    K[k] = kind;
    I[k] = i;
    J[k] = j;
    return m + 1;
  }

  // Every helper below takes indices and reads its doubles from the arrays (a call with double
  // arguments or a double result would box them on the heap: a turn allocates nothing). The
  // pair and grab tests, most of a turn's work, are written out in the loop over locals
  // (postTime's steps, operation for operation, so the same bits).
  run(a: FbArrays): void {
    const n = a.n, w = this.work, fb = a.firstBludger, free = this.free, rad = this.radius;
    const X = a.x, Y = a.y, VX = a.vx, VY = a.vy;
    // REACH_SLACK and REACH_SPAN_LIMIT as locals (V8 folds a function's own constants).
    const slack = 9.5367431640625e-7, spanLimit = 8388608;
    for (let i = 0; i < n; i++) rad[i] = radiusOf(a, i);
    w[T0] = 0;
    for (let steps = 0; w[T0] < 1; steps++) {
      // (the referee's loop, bounded: a turn of real play takes a few steps)
      if (steps === MAX_STEPS) throw new RangeError(`turn: more than ${MAX_STEPS} collision steps at t = ${w[T0]} of the turn (bodies wedged together?); the state is left mid-turn`);
      let m = 0;
      const left = 1 - w[T0];
      w[LEFT] = left;
      for (let i = 0; i < n; i++) free[i] = isFree(a, i) ? 1 : 0;
      // Walls.
      for (let i = 0; i < n; i++) {
        if (free[i] === 0) continue;
        if (wallTime(X, VX, i, rad[i], FB_WIDTH, w)) {
          const y = Y[i] + VY[i] * w[TAU];
          if (!(i >= 4 && i < fb && y > GOAL_LOW && y < GOAL_HIGH)) m = this.add(m, K_WALL_X, i, 0);
        }
        if (wallTime(Y, VY, i, rad[i], FB_HEIGHT, w)) m = this.add(m, K_WALL_Y, i, 0);
      }
      // Goal posts, two per side (0, 1 at x = 0; 2, 3 at x = 16000): a side the body cannot
      // reach this step (postsOutOfReach) has no candidate and is skipped.
      for (let i = 0; i < n; i++) {
        if (free[i] === 0) continue;
        const R = rad[i] + POST_RADIUS;
        for (let side = 0; side < 4; side += 2) {
          if (postsOutOfReach(a, i, side, R, w)) continue;
          for (let p = side; p < side + 2; p++) {
            if (postTime(a, i, p, R, w)) m = this.add(m, K_POST, i, p);
          }
        }
      }
      // Entity pairs (wizard–snaffle pairs grab instead of bouncing), then grabs: a free
      // wizard and a free snaffle whose centres come within 399. Each test is postTime's, for two bodies.
      for (let i = 0; i < n + 4; i++) {
        // i < n: pair tests of entity i; i >= n: grab tests of wizard i − n
        const grabs = i >= n, e = grabs ? i - n : i;
        if (grabs ? a.link[e] !== -1 || a.cooldown[e] !== 0 : free[e] === 0) continue;
        const xi = X[e], yi = Y[e], vxi = VX[e], vyi = VY[e], ri = grabs ? 0 : rad[e];
        // partners in ascending order: a wizard's pairs skip the snaffles (it grabs them), a
        // snaffle's skip the snaffles it ignores, a grab takes the snaffles only
        const ignores = !grabs && e >= 4 && e < fb && a.ignoreCount[e] > 0;
        const end = grabs ? fb : n;
        for (let j = grabs ? 4 : e + 1; j < end; j++) {
          if (!grabs && e < 4 && j === 4) j = fb;
          if (j >= end || free[j] === 0 || (ignores && j < fb && isIgnored(a, e, j))) continue;
          const dx = xi - X[j], dy = yi - Y[j];
          const q = dx * dx + dy * dy;
          const R = grabs ? GRAB_RADIUS : ri + rad[j];
          const R2 = R * R;
          const dvx = vxi - VX[j], dvy = vyi - VY[j];
          const c = q - R2;
          // Out of reach in the time left (reach-bound.ts): the referee has no candidate for
          // this pair whatever b and Δ, and it is not touching (c > 2^-19 R^2), so testing it
          // first changes no result. Most pairs are far apart: this one branch is well
          // predicted, and the sign of b (either way) is tested only for pairs that can meet.
          const span = Math.abs(dx) + Math.abs(dy);
          const reach = (Math.abs(dvx) + Math.abs(dvy)) * left + span * slack;
          if (c > reach * (reach + 2 * R) && span < spanLimit) continue;
          let tau = 0;
          if (!(q <= R2 || (q < R2 * (1 + 1e-14) && Math.sqrt(q) <= R))) {
            const b = dx * dvx + dy * dvy;
            if (b >= 0) continue;
            const A = dvx * dvx + dvy * dvy;
            const delta = b * b - A * c;
            if (delta <= 0 || A === 0) continue;
            tau = (-b - Math.sqrt(delta)) / A;
            if (!(tau > 0 && tau <= left)) continue;
          }
          w[TAU] = tau;
          m = this.add(m, grabs ? K_GRAB : K_PAIR, e, j);
        }
      }
      // Goals: a snaffle centre crossing x = 0 or x = 16000 inside the mouth.
      for (let s = 4; s < fb; s++) {
        if (free[s] === 0) continue;
        if (wallTime(X, VX, s, 0, FB_WIDTH, w)) {
          const y = Y[s] + VY[s] * w[TAU];
          if (y > GOAL_LOW && y < GOAL_HIGH) m = this.add(m, K_GOAL, s, 0);
        }
      }
      if (m === 0) {
        w[DT] = left;
        moveAll(a, w);
        break;
      }
      const T = this.time[0];
      w[DT] = T - w[T0];
      if (w[DT] > 0) moveAll(a, w);
      for (let k = 0; k < m && this.time[k] <= T + BATCH_WINDOW; k++) this.resolve(a, this.kind[k], this.ci[k], this.cj[k]);
      w[T0] = T;
    }
  }

  private resolve(a: FbArrays, kind: number, i: number, j: number): void {
    switch (kind) {
      case K_WALL_X: {
        const r = radiusOf(a, i);
        a.vx[i] = -a.vx[i];
        if (a.x[i] < r) a.x[i] = 2 * r - a.x[i];
        else if (a.x[i] > FB_WIDTH - r) a.x[i] = 2 * (FB_WIDTH - r) - a.x[i];
        break;
      }
      case K_WALL_Y: {
        const r = radiusOf(a, i);
        a.vy[i] = -a.vy[i];
        if (a.y[i] < r) a.y[i] = 2 * r - a.y[i];
        else if (a.y[i] > FB_HEIGHT - r) a.y[i] = 2 * (FB_HEIGHT - r) - a.y[i];
        break;
      }
      case K_POST:
        bounce(a, i, -1, j, radiusOf(a, i) + POST_RADIUS);
        break;
      case K_PAIR:
        if (!isFree(a, i) || !isFree(a, j)) break;
        bounce(a, i, j, 0, radiusOf(a, i) + radiusOf(a, j));
        if (j >= a.firstBludger && i < 4) a.link[j] = i;
        break;
      case K_GRAB:
        grab(a, i, j);
        break;
      case K_GOAL:
        if (!isFree(a, i)) break;
        a.alive[i] = 0;
        a.game[a.x[i] < FB_WIDTH / 2 ? 3 : 1] += 1;
        break;
    }
  }
}

/** Whether snaffles i and j ignore each other. */
function isIgnored(a: FbArrays, i: number, j: number): boolean {
  if (i < 4 || j < 4 || i >= a.firstBludger || j >= a.firstBludger) return false;
  const base = i * a.snaffleCount;
  for (let k = 0; k < a.ignoreCount[i]; k++) if (a.ignore[base + k] === j) return true;
  return false;
}

/**
 * When entity i's centre (coordinate pos[i], speed vel[i]) reaches r (moving down) or size − r
 * (moving up) within the time left: τ in work[TAU] (0 when already there) and true; else false.
 */
function wallTime(pos: Float64Array, vel: Float64Array, i: number, r: number, size: number, work: Float64Array): boolean {
  const x = pos[i], v = vel[i];
  let tau: number;
  if (v < 0) {
    if (x <= r) {
      work[TAU] = 0;
      return true;
    }
    tau = (r - x) / v;
  } else if (v > 0) {
    if (x >= size - r) {
      work[TAU] = 0;
      return true;
    }
    tau = (size - r - x) / v;
  } else {
    return false;
  }
  if (!(tau > 0 && tau <= work[LEFT])) return false;
  work[TAU] = tau;
  return true;
}

/**
 * True when entity i surely has no referee candidate with either goal post of the side whose
 * first post is `side` (0: x = 0, 2: x = 16000) within the time left, R being the contact
 * distance (400, 150 or 200, plus 300). With g = |x − px| (the same double postTime computes
 * as |dx| for both posts), S = |vx| + |vy| and left the time left, the test is
 *
 *     g − R − 2 > S · left + (g + |y| + 6000) · REACH_SLACK,   g < 1e6, |y| < 1e6.
 *
 * Why postTime then returns false for both posts: |d| ≥ g > R + 2, so the pair is not
 * touching (q > (R + 2)² > R²(1 + 1e-14)). Its span |dx| + |dy| stays below g + |y| + 6000
 * (|dy| ≤ |y| + 5750, each sum rounding once) and below REACH_SPAN_LIMIT; with reach ≤
 * ρ := S · left + (g + |y| + 6000) · REACH_SLACK (the L1 speed of a post pair is S), exactly
 * c = |d|² − R² ≥ (g − R)(g + R) ≥ (ρ + 2)(ρ + 2 + 2R) > ρ(ρ + 2R) + 4R, while every rounding of
 * c and of reach·(reach + 2R) stays below 10ε·g² < 1e-3 (g < 1e6) ≪ 4R. So postTime either
 * returns false before its reach test or its reach test holds and it returns false. NaN or
 * infinite inputs fail the test and take postTime's path.
 */
export function postsOutOfReach(a: FbArrays, i: number, side: number, R: number, work: Float64Array): boolean {
  // REACH_SLACK as a local (V8 folds a function's own constants).
  const slack = 9.5367431640625e-7;
  const g = Math.abs(a.x[i] - POST_X[side]), y = Math.abs(a.y[i]);
  const speed = Math.abs(a.vx[i]) + Math.abs(a.vy[i]);
  return g - R - 2 > speed * work[LEFT] + (g + y + 6000) * slack && g < 1e6 && y < 1e6;
}

/**
 * The referee's contact time of entity i with goal post p at centre distance R: 0 when
 * touching, else the smaller root of |d + τ·dv|² = R² within the time left; in work[TAU], true
 * when there is one. The entity pairs and grabs take the same steps, written out in run (the
 * reach test first there, which changes no result).
 */
function postTime(a: FbArrays, i: number, p: number, R: number, work: Float64Array): boolean {
  const dx = a.x[i] - POST_X[p], dy = a.y[i] - POST_Y[p];
  const q = dx * dx + dy * dy, R2 = R * R;
  // The referee compares sqrt(q) <= R; sqrt is monotone and correctly rounded, so it is true
  // for q <= R² and false well above R² (the root is taken only in between).
  if (q <= R2 || (q < R2 * (1 + 1e-14) && Math.sqrt(q) <= R)) {
    work[TAU] = 0;
    return true;
  }
  // (a post is still: the relative velocity is the entity's)
  const dvx = a.vx[i], dvy = a.vy[i];
  const b = dx * dvx + dy * dvy;
  // Not touching and moving apart: both roots are negative, the referee drops the pair.
  if (b >= 0) return false;
  const A = dvx * dvx + dvy * dvy;
  const c = q - R2;
  const delta = b * b - A * c;
  if (delta <= 0 || A === 0) return false;
  // Out of reach in the time left (reach-bound.ts, outOfReach written out: a call that V8
  // does not inline would box its double arguments): the referee's root would exceed it.
  const span = Math.abs(dx) + Math.abs(dy);
  const reach = (Math.abs(dvx) + Math.abs(dvy)) * work[LEFT] + span * REACH_SLACK;
  if (c > reach * (reach + 2 * R) && span < REACH_SPAN_LIMIT) return false;
  // The referee takes min((−b + root)/A, (−b − root)/A); with −b > 0, root ≥ 0 and A > 0,
  // rounding is monotone, so the second is never larger: one division.
  const tau = (-b - Math.sqrt(delta)) / A;
  if (!(tau > 0 && tau <= work[LEFT])) return false;
  work[TAU] = tau;
  return true;
}

/** Elastic bounce with minimum impulse of entity i (A) on entity j (B), or on goal post p (j = −1). */
function bounce(a: FbArrays, i: number, j: number, p: number, R: number): void {
  let nx = (j < 0 ? POST_X[p] : a.x[j]) - a.x[i], ny = (j < 0 ? POST_Y[p] : a.y[j]) - a.y[i];
  const dist = Math.sqrt(nx * nx + ny * ny);
  if (dist !== 0) {
    nx /= dist;
    ny /= dist;
  }
  const invA = 1 / massOf(a, i), invB = j < 0 ? 0 : 1 / massOf(a, j);
  const dvx = a.vx[i] - (j < 0 ? 0 : a.vx[j]), dvy = a.vy[i] - (j < 0 ? 0 : a.vy[j]);
  const f = (nx * dvx + ny * dvy) / (invA + invB);
  const impulse = f + Math.max(MIN_IMPULSE, f);
  const jx = impulse * nx, jy = impulse * ny;
  a.vx[i] += -jx * invA;
  a.vy[i] += -jy * invA;
  if (j >= 0) {
    a.vx[j] += jx * invB;
    a.vy[j] += jy * invB;
  }
  const diff = dist - R;
  if (diff <= 0) {
    const push = -diff / 2 + PUSH_SLACK;
    a.x[i] -= nx * push;
    a.y[i] -= ny * push;
    if (j >= 0) {
      a.x[j] += nx * push;
      a.y[j] += ny * push;
    }
  }
}

/** Wizard w grabs snaffle s, unless either is no longer free or another free wizard is at least as close. */
function grab(a: FbArrays, w: number, s: number): void {
  if (a.link[w] !== -1 || a.cooldown[w] !== 0 || a.alive[s] !== 1 || a.link[s] !== -1) return;
  const dx = a.x[w] - a.x[s], dy = a.y[w] - a.y[s];
  const d = Math.sqrt(dx * dx + dy * dy);
  for (let o = 0; o < 4; o++) {
    if (o === w || a.link[o] !== -1 || a.cooldown[o] !== 0) continue;
    const ex = a.x[o] - a.x[s], ey = a.y[o] - a.y[s];
    if (Math.sqrt(ex * ex + ey * ey) <= d) return;
  }
  a.link[w] = s;
  a.link[s] = w;
  a.x[s] = a.x[w];
  a.y[s] = a.y[w];
  a.vx[s] = a.vx[w];
  a.vy[s] = a.vy[w];
}

/** Moves every body that is not carried by work[DT]; a carried snaffle stays on its wizard. */
function moveAll(a: FbArrays, work: Float64Array): void {
  const dt = work[DT];
  for (let i = 0; i < a.n; i++) {
    if (i >= 4 && i < a.firstBludger && a.link[i] !== -1) continue;
    a.x[i] += a.vx[i] * dt;
    a.y[i] += a.vy[i] * dt;
  }
  for (let w = 0; w < 4; w++) {
    const s = a.link[w];
    if (s !== -1) {
      a.x[s] = a.x[w];
      a.y[s] = a.y[w];
      a.vx[s] = a.vx[w];
      a.vy[s] = a.vy[w];
    }
  }
}
