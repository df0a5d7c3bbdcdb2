/**
 * Time of impact under constant acceleration: two circles or two spheres, and a circle or
 * sphere against a fixed point or a static circle or sphere (a peg, a post).
 *
 * A body with acceleration a is at p + t v + t^2 a / 2 at time t. For two bodies the relative
 * position is d(t) = d + t w + t^2 g / 2 with d = pB - pA, w = vB - vA, g = aB - aA, and they
 * touch when |d(t)| = R = rA + rB, i.e. at the roots of the quartic
 *
 *     f(t) = |d(t)|^2 - R^2
 *          = (d.d - R^2) + 2 (d.w) t + (w.w + d.g) t^2 + (w.g) t^3 + (g.g / 4) t^4.
 *
 * Not every root is a contact. carom's rule is "the earliest t in [0, tMax] at which the
 * surfaces touch while approaching", so:
 *
 * - f(0) <= 0 (overlapping or touching) and the distance decreasing at 0 (the first nonzero
 *   coefficient among f'(0), f''(0), f'''(0), f''''(0) negative): 0.
 * - Otherwise the contact is the first root where f crosses from positive to negative (the
 *   distance comes down through R). A root where f only touches zero is a tangent graze and
 *   is skipped; so is a root where f goes up (the bodies separating, e.g. out of an initial
 *   overlap). Unlike linear motion, bodies that separate can meet again later (a ball thrown
 *   up falls back): that later approach is a contact.
 * - No relative motion at all (w = g = 0): never a contact, even when overlapping.
 *
 * When both bodies have the same acceleration (g = 0) the relative motion is linear and the
 * exact linear kernels ({@link toiCirclesRaw}, {@link toiSpheresRaw}) answer, so the result is
 * the linear query's, bit for bit.
 *
 * Accuracy. d, w, g and R are formed exactly (TwoSum), the coefficients as double-doubles from
 * exact products (TwoProduct, Dekker with Veltkamp splits), with an absolute error of a few
 * 2^-104 of the magnitude of their terms; the quartic is then solved by
 * {@link solvePolynomial}, which evaluates it in double-double near the root. So a contact
 * where the distance crosses R at a nonzero rate is within about an ulp of the exact time of
 * impact of the given doubles; near a graze (f barely dips below zero) the time is as
 * ill-conditioned as the problem, and a dip shallower than about 2^-96 of the terms of f counts
 * as a graze. A cheap bound (|d| - t |w| - t^2 |g| / 2 > R on all of [0, tMax]) rejects far
 * pairs before any of this. The equation is homogeneous in (d, w, g, R), so inputs of any
 * magnitude are first brought near 1 by an exact power-of-two scaling (the result is the same,
 * bit for bit, for inputs scaled by 2^600 or 2^-600; tested). Differences beyond the largest
 * double are formed from halved inputs (the same equation); when the problem's own time scale
 * (|d| / |w|, or sqrt(|d| / |g|)) lies beyond 2^+-100, the quartic is set up on a clock of that
 * scale ({@link accelTimeScale}), so mixed scales (a distance of 1 closed at 1e300) neither
 * overflow nor underflow. Bodies tiny next to their distance (R < 2^-40 |d|), whose contact
 * window can be narrower than the quartic's resolution, are re-examined around each apparent
 * graze on a local clock (see farSmallContact): head-on contacts are found and near misses
 * rejected down to R / |d| of about 2^-100, and decided by the linear motion over the last ulp
 * beyond that.
 */
import { SPLITTER } from "../math/double-double.js";
import { quadraticAt, scaledDirectionAt, unitOffset } from "./relative-motion.js";
import { polyInput, polyRootKinds, polyRoots, solvePolynomial, ROOTS_ALL, ROOTS_FIRST_DOWN, ROOT_DOWN, ROOT_TOUCH } from "../math/poly-roots.js";
import { toiCirclesRaw } from "./toi-circle-circle.js";
import { toiSpheresRaw } from "./toi-sphere-sphere.js";
import { farSmallRoot } from "./toi-points.js";
import { FEATURE_VERTEX } from "./types.js";
import type { Circle, Sphere, SweepHit2, SweepHit3, WallHit2, WallHit3 } from "./types.js";
import { checkCircle, checkSphere, checkTMax } from "./validate.js";

/** A circle at (x, y) with velocity (vx, vy) and constant acceleration (ax, ay): at time t its centre is (x, y) + t (vx, vy) + t^2 (ax, ay) / 2. */
export interface AcceleratedCircle {
  /** Centre at time 0, x. */
  x: number;
  /** Centre at time 0, y. */
  y: number;
  /** Velocity x at time 0. */
  vx: number;
  /** Velocity y at time 0. */
  vy: number;
  /** Constant acceleration x. */
  ax: number;
  /** Constant acceleration y. */
  ay: number;
  /** Radius, >= 0. */
  r: number;
}

/** A sphere at (x, y, z) with velocity (vx, vy, vz) and constant acceleration (ax, ay, az). */
export interface AcceleratedSphere {
  /** Centre at time 0, x. */
  x: number;
  /** Centre at time 0, y. */
  y: number;
  /** Centre at time 0, z. */
  z: number;
  /** Velocity x at time 0. */
  vx: number;
  /** Velocity y at time 0. */
  vy: number;
  /** Velocity z at time 0. */
  vz: number;
  /** Constant acceleration x. */
  ax: number;
  /** Constant acceleration y. */
  ay: number;
  /** Constant acceleration z. */
  az: number;
  /** Radius, >= 0. */
  r: number;
}

// ---------------------------------------------------------------------------------------------
// Argument checks, in the manner of validate.ts (RangeError naming argument, field and value).

const CIRCLE_FIELDS = ["x", "y", "vx", "vy", "ax", "ay"] as const;
const SPHERE_FIELDS = ["x", "y", "z", "vx", "vy", "vz", "ax", "ay", "az"] as const;

function explain(obj: unknown, name: string, fields: readonly string[]): never {
  if (obj === null || typeof obj !== "object") throw new RangeError(`${name} must be an object, got ${String(obj)}`);
  const o = obj as Record<string, unknown>;
  for (const f of fields) {
    const v = o[f];
    if (typeof v !== "number" || !Number.isFinite(v)) throw new RangeError(`${name}.${f} must be a finite number, got ${String(v)}`);
  }
  throw new RangeError(`${name}.r must be a finite number >= 0, got ${String(o.r)}`);
}

/** Throws a RangeError unless position, velocity and acceleration are finite and 0 <= r < Infinity. */
export function checkAcceleratedCircle(c: AcceleratedCircle, name: string): void {
  if (c === null || typeof c !== "object") explain(c, name, CIRCLE_FIELDS);
  const s = c.x - c.x + (c.y - c.y) + (c.vx - c.vx) + (c.vy - c.vy) + (c.ax - c.ax) + (c.ay - c.ay);
  if (s !== 0 || !(c.r >= 0 && c.r < Infinity)) explain(c, name, CIRCLE_FIELDS);
}

/** Throws a RangeError unless position, velocity and acceleration are finite and 0 <= r < Infinity. */
export function checkAcceleratedSphere(c: AcceleratedSphere, name: string): void {
  if (c === null || typeof c !== "object") explain(c, name, SPHERE_FIELDS);
  const s = c.x - c.x + (c.y - c.y) + (c.z - c.z) + (c.vx - c.vx) + (c.vy - c.vy) + (c.vz - c.vz) + (c.ax - c.ax) + (c.ay - c.ay) + (c.az - c.az);
  if (s !== 0 || !(c.r >= 0 && c.r < Infinity)) explain(c, name, SPHERE_FIELDS);
}

// ---------------------------------------------------------------------------------------------
// The kernel.

/**
 * Input of {@link accelContact}: body A in slots 0..9 (x, y, z, vx, vy, vz, ax, ay, az, r), body
 * B in 10..19, tMax in 20; the time of impact comes out in 21 (Infinity for none). A static
 * obstacle is a body with zero velocity and acceleration; a 2D problem has zero z components.
 */
export const accelIO = new Float64Array(22);

/**
 * Exact differences B - A as double-doubles (hi, lo): d in 0..5 (x, y, z), w in 6..11, g in
 * 12..17, and R = rA + rB in 18..19. Left by {@link accelContact} for the contact normal.
 */
const DIFF = new Float64Array(20);
/**
 * The differences the quartic's coefficients are formed from: DIFF, or, when the problem's own
 * time scale is extreme, DIFF in the units of a rescaled clock (see {@link accelTimeScale}).
 */
const QD = new Float64Array(20);
/** DIFF before its power-of-two scaling (after the halving of overflowing inputs). */
const RAW = new Float64Array(20);
/**
 * The factor T = 2^k of the clock the last {@link accelQuartic} used: its polynomial is in
 * s = t / T, so a root s of it is the time s T (exact: a power of two). 1 unless the problem's
 * own time scale (the time |d| / |w| or sqrt(|d| / |g|) to cover the distance) lies beyond
 * 2^+-100, where forming the coefficients in the caller's units would overflow or underflow.
 * Callers multiply the roots by it.
 */
export const accelTimeScale = new Float64Array([1]);
const D = 0;
const V = 6;
const G = 12;

/** Running double-double sum (hi, lo) of {@link accDot}. */
const ACC = new Float64Array(2);

/**
 * ACC += scale (x . y) for the double-double 3-vectors of QD at offsets i and j; scale is a
 * power of two, so it is exact. Each xh yh is split exactly (TwoProduct) and summed exactly
 * (TwoSum); the cross terms xh yl + xl yh + xl yl are 2^-53 smaller and go to the low part.
 */
function accDot(i: number, j: number, scale: number): void {
  let s = ACC[0];
  let e = ACC[1];
  for (let k = 0; k < 6; k += 2) {
    const xh = QD[i + k];
    const xl = QD[i + k + 1];
    const yh = QD[j + k];
    const yl = QD[j + k + 1];
    let t = SPLITTER * xh;
    const xH = t - (t - xh);
    const xL = xh - xH;
    t = SPLITTER * yh;
    const yH = t - (t - yh);
    const yL = yh - yH;
    const p = scale * (xh * yh);
    const pe = scale * (xH * yH - xh * yh + xH * yL + xL * yH + xL * yL + xh * yl + xl * yh + xl * yl);
    const s2 = s + p;
    const bb = s2 - s;
    e += s - (s2 - bb) + (p - bb) + pe;
    s = s2;
  }
  ACC[0] = s;
  ACC[1] = e;
}

/** Writes ACC, renormalised, to polyInput as coefficient c_i (hi in slot i, lo in slot 7 + i), and clears it. */
function accTo(i: number): void {
  const s = ACC[0];
  const e = ACC[1];
  const h = s + e;
  polyInput[i] = h;
  polyInput[7 + i] = e - (h - s);
  ACC[0] = 0;
  ACC[1] = 0;
}

const MARGIN = 1 + 2 ** -40;

/**
 * |(x, y, z)|, or an upper bound within a factor 2 of it where the squares would overflow or
 * underflow (lengths are near 1 after scaling, but a speed or an acceleration on a very
 * different time scale need not be).
 */
function norm(x: number, y: number, z: number): number {
  const s = x * x + y * y + z * z;
  if (s > 2 ** -900 && s < 2 ** 900) return Math.sqrt(s);
  return 2 * Math.max(Math.abs(x), Math.abs(y), Math.abs(z));
}

/** {@link accelQuartic}: the bodies stay farther apart than R on all of [0, tMax]. */
export const QUARTIC_FAR = 0;
/** {@link accelQuartic}: overlapping or touching at t = 0 and approaching (contact at 0). */
export const QUARTIC_NOW = 1;
/** {@link accelQuartic}: no relative motion at all (never a contact). */
export const QUARTIC_STILL = 2;
/** {@link accelQuartic}: the coefficients are in polyInput; the roots decide. */
export const QUARTIC_SOLVE = 3;

/**
 * Sets up the contact quartic of the bodies in {@link accelIO}: the exact differences (kept for
 * the contact normal), the far-apart bound, and the coefficients as double-doubles in
 * {@link polyInput} on [0, tMax]; returns QUARTIC_FAR, QUARTIC_NOW, QUARTIC_STILL or
 * QUARTIC_SOLVE. After QUARTIC_SOLVE, polyInput[0] <= 0 tells that they overlap (or touch) at
 * t = 0 while separating. The polynomial's variable is t / {@link accelTimeScale} (1 except
 * for extreme time scales): multiply its roots by that factor. No argument checks (finite
 * inputs, radii >= 0, tMax >= 0).
 */
export function accelQuartic(): number {
  const q = accelIO;
  accelDifferences();
  const Rh = DIFF[18];
  const tMax = q[20];

  // Far apart for the whole interval: |d(t)| >= |d| - t |w| - t^2 |g| / 2 > R (with margins
  // for the roundings of these plain-double bounds).
  const dh0 = DIFF[0], dh1 = DIFF[2], dh2 = DIFF[4];
  const wh0 = DIFF[6], wh1 = DIFF[8], wh2 = DIFF[10];
  const gh0 = DIFF[12], gh1 = DIFF[14], gh2 = DIFF[16];
  if (tMax < Infinity) {
    const dist = Math.sqrt(dh0 * dh0 + dh1 * dh1 + dh2 * dh2);
    const reach = tMax * norm(wh0, wh1, wh2) + 0.5 * tMax * tMax * norm(gh0, gh1, gh2);
    if (dist > (Rh + reach) * MARGIN * MARGIN) return QUARTIC_FAR;
  }

  // The quartic's coefficients as double-doubles, into polyInput (in the units of QD's clock).
  const tk = quarticClock();
  accelTimeScale[0] = tk === 0 ? 1 : scaleBy(1, tk);
  accDot(G, G, 0.25);
  accTo(4);
  accDot(V, G, 1);
  accTo(3);
  accDot(V, V, 1);
  accDot(D, G, 1);
  accTo(2);
  accDot(D, V, 2);
  accTo(1);
  accDot(D, D, 1);
  // - R^2 = -(Rh + Rl)^2, the leading product exact (TwoProduct).
  const Qh = QD[18];
  const Ql = QD[19];
  const u = SPLITTER * Qh;
  const RH = u - (u - Qh);
  const RL = Qh - RH;
  const p = -(Qh * Qh);
  const pe = -(RH * RH - Qh * Qh + 2 * RH * RL + RL * RL + 2 * Qh * Ql + Ql * Ql);
  const s = ACC[0];
  const s2 = s + p;
  const bb = s2 - s;
  ACC[1] += s - (s2 - bb) + (p - bb) + pe;
  ACC[0] = s2;
  accTo(0);
  polyInput[5] = 0;
  polyInput[6] = tk === 0 ? tMax : scaleBy(tMax, -tk);

  // At t = 0: overlapping or touching, and approaching?
  if (polyInput[0] <= 0) {
    const c1 = polyInput[1];
    const c2 = polyInput[2];
    const c3 = polyInput[3];
    const first = c1 !== 0 ? c1 : c2 !== 0 ? c2 : c3 !== 0 ? c3 : polyInput[4];
    if (first < 0) return QUARTIC_NOW;
    if (first === 0) return QUARTIC_STILL;
  }
  return QUARTIC_SOLVE;
}

/**
 * The time of impact of the bodies in {@link accelIO} (see the file comment for the rule), in
 * slot 21. Does not check its inputs (finite, radii >= 0, tMax >= 0); g = 0 is allowed but the
 * public functions send it to the exact linear kernels instead.
 */
export function accelContact(): void {
  const code = accelQuartic();
  let t = code === QUARTIC_NOW ? 0 : code === QUARTIC_SOLVE && solvePolynomial(ROOTS_FIRST_DOWN) > 0 ? polyRoots[0] * accelTimeScale[0] : Infinity;
  if (t === Infinity && code === QUARTIC_SOLVE && DIFF[18] < FAR_SMALL * Math.max(Math.abs(DIFF[0]), Math.abs(DIFF[2]), Math.abs(DIFF[4]))) t = farSmallContact();
  // (A rescaled root can exceed tMax by an ulp's worth of the scaling of tMax, or overflow.)
  accelIO[21] = t <= accelIO[20] ? t : Infinity;
}

/** R below this fraction of the distance: a contact may hide inside a touching cluster of roots. */
const FAR_SMALL = 2 ** -40;
/** The original problem's DIFF and tMax while {@link farSmallContact} solves local ones. */
const FAR = new Float64Array(21);

/**
 * Bodies far apart next to their size (R < 2^-40 |d|). Where the path passes within R of
 * contact, f(t) = |d(t)|^2 - R^2 dips below zero over a window some R / |d| of the time wide:
 * below the resolution of the quartic once R / |d| < about 2^-48, so the solver sees a touching
 * pair of roots (a graze) there. Each such touch t0 is re-examined on a local clock started a
 * little before it (2^-30 of the time to it, well beyond the error of the touch's location): the
 * offset there, d(ts), is formed with exact products (so it is accurate although it is far
 * shorter than d), and the local quartic, now with R / |d(ts)| 2^30 times larger, tells a
 * crossing from a graze; repeated while the touch persists. Once the local clock's start cannot
 * move by a double any more, the motion over the remaining window is linear to far below the
 * resolution and the exact linear kernel decides. Bounded: at most 40 steps per touch.
 */
function farSmallContact(): number {
  const q = accelIO;
  const tMax = q[20];
  const n = solvePolynomial(ROOTS_ALL);
  const T = accelTimeScale[0];
  let touches = 0;
  for (let i = 0; i < n; i++) if (polyRootKinds[i] === ROOT_TOUCH) SEEDS[touches++] = polyRoots[i] * T;
  FAR.set(DIFF);
  FAR[20] = tMax;
  let found = Infinity;
  for (let k = 0; k < touches && found === Infinity; k++) {
    let ts = 0;
    let t0 = SEEDS[k];
    for (let step = 0; step < 40; step++) {
      const next = ts + (t0 - ts) * (1 - 2 ** -30);
      if (!(next > ts) || !(next < t0)) {
        // The window [ts, t0] is a few ulps of ts wide: the motion over it is linear to far
        // below the resolution; decide with the linear contact, its discriminant from
        // Lagrange's identity (R^2 |w|^2 - |d x w|^2, no cancellation of |d|^2 against R^2).
        localProblem(ts);
        q[16] = 0;
        q[17] = 0;
        q[18] = 0;
        const code = accelQuartic();
        if (code === QUARTIC_NOW) found = ts;
        else if (code === QUARTIC_SOLVE && polyInput[1] < 0) {
          const p = polyInput;
          const tau = farSmallRoot(QD[0], QD[1], QD[2], QD[3], QD[4], QD[5], QD[6], QD[7], QD[8], QD[9], QD[10], QD[11], p[2], 0.5 * p[1], 0.5 * p[8], p[0], p[7], QD[18]) * accelTimeScale[0];
          if (tau <= q[20]) found = ts + tau;
        }
        break;
      }
      ts = next;
      localProblem(ts);
      const code = accelQuartic();
      if (code === QUARTIC_NOW) {
        found = ts;
        break;
      }
      if (code !== QUARTIC_SOLVE) break;
      const m = solvePolynomial(ROOTS_ALL);
      const Tl = accelTimeScale[0];
      let next0 = Infinity;
      for (let i = 0; i < m; i++) {
        if (polyRootKinds[i] === ROOT_DOWN) {
          found = ts + polyRoots[i] * Tl;
          break;
        }
        if (polyRootKinds[i] === ROOT_TOUCH) {
          next0 = ts + polyRoots[i] * Tl;
          break;
        }
      }
      if (found < Infinity || next0 === Infinity) break;
      t0 = next0;
    }
  }
  DIFF.set(FAR.subarray(0, 20));
  q[20] = FAR[20];
  return found;
}

/** Up to four touching roots of the original problem, for {@link farSmallContact}. */
const SEEDS = new Float64Array(4);

/**
 * accelIO := the original problem (FAR) seen from time ts: body A at rest at the origin with
 * radius R, body B at d(ts) (exact products, one rounding) with velocity w + g ts and
 * acceleration g, tMax - ts. In DIFF's scaled lengths; times are unchanged by that scaling.
 */
function localProblem(ts: number): void {
  DIFF.set(FAR.subarray(0, 20));
  OFS_T[0] = ts;
  offsetsAt();
  const q = accelIO;
  for (let k = 0; k < 3; k++) {
    q[k] = 0;
    q[3 + k] = 0;
    q[6 + k] = 0;
    q[10 + k] = OFS[k];
    q[13 + k] = FAR[V + 2 * k] + FAR[G + 2 * k] * ts + (FAR[V + 2 * k + 1] + FAR[G + 2 * k + 1] * ts);
    q[16 + k] = FAR[G + 2 * k] + FAR[G + 2 * k + 1];
  }
  q[9] = FAR[18] + FAR[19];
  q[19] = 0;
  q[20] = FAR[20] - ts;
}

/**
 * The exponent k of a clock 2^k near a motion's own time scale, min(md / mw, sqrt(md / mg)) for
 * a length md, speed mw and acceleration mg (maxima of magnitudes); 0 when that lies within
 * 2^+-100 of 1 (ordinary inputs keep their bits) or cannot be told (md, or both mw and mg, 0).
 */
export function clockExponent(md: number, mw: number, mg: number): number {
  if (!(md > 0) || !(mw > 0 || mg > 0)) return 0;
  const ed = exponent(md);
  const kw = mw > 0 ? ed - exponent(mw) : Infinity;
  const kg = mg > 0 ? (ed - exponent(mg)) >> 1 : Infinity;
  const k = kw < kg ? kw : kg;
  return k >= -100 && k <= 100 ? 0 : k;
}

/** x 2^k for any integer k (exact unless the result leaves the normal range). */
export function scaleBy(x: number, k: number): number {
  while (k > 1000) {
    x *= 2 ** 1000;
    k -= 1000;
  }
  while (k < -1000) {
    x *= 2 ** -1000;
    k += 1000;
  }
  return x * 2 ** k;
}

/** The exponent e of |x| (2^e <= |x| < 2^(e+1)) for finite x > 0 (subnormals included). */
function exponent(x: number): number {
  scaleBits[0] = x;
  const e = ((scaleWords[SCALE_HI] >>> 20) & 0x7ff) - 1023;
  if (e !== -1023) return e;
  scaleBits[0] = x * 2 ** 64;
  return ((scaleWords[SCALE_HI] >>> 20) & 0x7ff) - 1023 - 64;
}

/**
 * Fills QD for the coefficients and returns k, the exponent of {@link accelTimeScale}. The
 * problem's own time scale is T = min(|d| / |w|, sqrt(|d| / |g|)) with |d| the larger of the
 * distance and R (RAW holds the unscaled differences); when it lies within 2^+-100 of 1, QD is
 * DIFF and k = 0 (so ordinary inputs keep their bits). Otherwise w and g are taken in units of
 * the clock 2^k near T (w 2^k, g 2^2k, from the unscaled differences so that nothing underflows
 * on the way) and the lengths brought near 1 again.
 */
function quarticClock(): number {
  let md = 0;
  let mw = 0;
  let mg = 0;
  for (let k = 0; k < 6; k += 2) {
    md = Math.max(md, Math.abs(RAW[D + k]));
    mw = Math.max(mw, Math.abs(RAW[V + k]));
    mg = Math.max(mg, Math.abs(RAW[G + k]));
  }
  md = Math.max(md, RAW[18]);
  const k = clockExponent(md, mw, mg);
  if (k === 0) {
    QD.set(DIFF);
    return 0;
  }
  for (let i = 0; i < 20; i++) QD[i] = i < V || i >= 18 ? RAW[i] : scaleBy(RAW[i], i < G ? k : 2 * k);
  let m = 0;
  for (let i = 0; i < 20; i += 2) m = Math.max(m, Math.abs(QD[i]));
  const f = unitScale(m);
  if (f !== 1) for (let i = 0; i < 20; i++) QD[i] *= f;
  return k;
}

/** The exact differences of the bodies in {@link accelIO} (TwoSum), into DIFF. */
export function accelDifferences(): void {
  // A difference (or the radius sum) beyond the largest double: form every difference from
  // halved inputs instead. The contact equation is homogeneous in (d, w, g, R), so halving all
  // of them leaves the time unchanged (exact for normal inputs; a subnormal one loses at most
  // 2^-1075, far below an ulp of the 2^1023 present).
  if (!differences(1)) differences(0.5);
}

/** DIFF := the exact differences of the inputs times h (1 or 1/2); false when one overflows. */
function differences(h: number): boolean {
  const q = accelIO;
  let bb: number;
  let finite = true;
  for (let k = 0; k < 9; k++) {
    const b = q[10 + k] * h;
    const a = q[k] * h;
    const s = b - a;
    bb = s - b;
    DIFF[2 * k] = s;
    DIFF[2 * k + 1] = b - (s - bb) + (-a - bb);
    if (s - s !== 0) finite = false;
  }
  const ra = q[9] * h;
  const rb = q[19] * h;
  const Rh = ra + rb;
  bb = Rh - ra;
  DIFF[18] = Rh;
  DIFF[19] = ra - (Rh - bb) + (rb - bb);
  if (Rh === Infinity || !finite) return false;
  RAW.set(DIFF);
  // The contact equation is homogeneous in (d, w, g, R): a power-of-two scaling (exact) keeps
  // inputs of any magnitude clear of overflow and underflow in the products.
  let m = 0;
  for (let k = 0; k < 20; k += 2) {
    const a = Math.abs(DIFF[k]);
    if (a > m) m = a;
  }
  const f = unitScale(m);
  if (f !== 1) for (let k = 0; k < 20; k++) DIFF[k] *= f;
  return true;
}

const scaleBits = new Float64Array(1);
const scaleWords = new Uint32Array(scaleBits.buffer);
const SCALE_HI = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1 ? 1 : 0;

/**
 * A power of two f with m f in [1, 2) (within 2^+-74 of that at the ends of the range) when m
 * lies outside [2^-100, 2^100]; else 1 (also for m = 0). m is the largest magnitude of a
 * problem whose other magnitudes may be up to 2^200 smaller (a time scale within 2^+-100 of
 * the clock's): after the scaling they all lie within [2^-300, 2^100], so squares, products
 * and their rounding errors neither overflow nor underflow. (Floating-point arithmetic commutes
 * with power-of-two scaling away from overflow and underflow, so the scaling changes no bit of
 * a result.)
 */
export function unitScale(m: number): number {
  if ((m >= 2 ** -100 && m <= 2 ** 100) || !(m > 0) || m === Infinity) return 1;
  scaleBits[0] = m;
  let e = ((scaleWords[SCALE_HI] >>> 20) & 0x7ff) - 1023;
  if (e === -1023) {
    scaleBits[0] = m * 2 ** 64;
    e = ((scaleWords[SCALE_HI] >>> 20) & 0x7ff) - 1023 - 64;
  }
  // (Clamped so that the factor is a normal number: m f then lies within 2^+-74 of 1.)
  return 2 ** -(e > 1000 ? 1000 : e < -1000 ? -1000 : e);
}

/** Offsets d(t) = d + t w + t^2 g / 2 of the last kernel call, per axis (filled by {@link offsetsAt}). */
export const OFS = new Float64Array(3);
/** t for {@link offsetsAt}. */
export const OFS_T = new Float64Array(1);

/**
 * d(t) = d + t w + t^2 g / 2 per axis from the exact differences of the last kernel call, at
 * t = OFS_T[0], with t w and t^2 g / 2 formed exactly (TwoProduct) and a single rounding at
 * the end, so the direction keeps full precision even when |d| is much larger than R.
 */
export function offsetsAt(): void {
  const t = OFS_T[0];
  let u = SPLITTER * t;
  const tH = u - (u - t);
  const tL = t - tH;
  const t2 = t * t;
  const t2e = tH * tH - t2 + 2 * tH * tL + tL * tL;
  const h2 = 0.5 * t2;
  const h2e = 0.5 * t2e;
  u = SPLITTER * h2;
  const hH = u - (u - h2);
  const hL = h2 - hH;
  for (let k = 0; k < 3; k++) {
    const dh = DIFF[D + 2 * k];
    const dl = DIFF[D + 2 * k + 1];
    const wh = DIFF[V + 2 * k];
    const wl = DIFF[V + 2 * k + 1];
    const gh = DIFF[G + 2 * k];
    const gl = DIFF[G + 2 * k + 1];
    // t wh and (t^2 / 2) gh exactly.
    u = SPLITTER * wh;
    const wH = u - (u - wh);
    const wL = wh - wH;
    const p1 = t * wh;
    const p1e = tH * wH - p1 + tH * wL + tL * wH + tL * wL;
    u = SPLITTER * gh;
    const gH = u - (u - gh);
    const gL = gh - gH;
    const p2 = h2 * gh;
    const p2e = hH * gH - p2 + hH * gL + hL * gH + hL * gL;
    // dh + p1 + p2 by TwoSums, then the small terms.
    let s = dh + p1;
    let bb = s - dh;
    let e = dh - (s - bb) + (p1 - bb);
    const s2 = s + p2;
    bb = s2 - s;
    e += s - (s2 - bb) + (p2 - bb);
    s = s2;
    OFS[k] = s + (e + dl + p1e + t * wl + p2e + h2e * gh + h2 * gl);
  }
}

function loadCircle(base: number, c: AcceleratedCircle): void {
  const q = accelIO;
  q[base] = c.x; q[base + 1] = c.y; q[base + 2] = 0;
  q[base + 3] = c.vx; q[base + 4] = c.vy; q[base + 5] = 0;
  q[base + 6] = c.ax; q[base + 7] = c.ay; q[base + 8] = 0;
  q[base + 9] = c.r;
}

function loadSphere(base: number, c: AcceleratedSphere): void {
  const q = accelIO;
  q[base] = c.x; q[base + 1] = c.y; q[base + 2] = c.z;
  q[base + 3] = c.vx; q[base + 4] = c.vy; q[base + 5] = c.vz;
  q[base + 6] = c.ax; q[base + 7] = c.ay; q[base + 8] = c.az;
  q[base + 9] = c.r;
}

function loadStatic(base: number, x: number, y: number, z: number, r: number): void {
  const q = accelIO;
  q[base] = x; q[base + 1] = y; q[base + 2] = z;
  q[base + 3] = 0; q[base + 4] = 0; q[base + 5] = 0;
  q[base + 6] = 0; q[base + 7] = 0; q[base + 8] = 0;
  q[base + 9] = r;
}

/** Unit vector along OFS (scaled by its largest component first), into OFS; false when zero. */
export function normaliseOffsets(): boolean {
  let x = OFS[0];
  let y = OFS[1];
  let z = OFS[2];
  const m = Math.max(Math.abs(x), Math.abs(y), Math.abs(z));
  if (!(m > 0 && m < Infinity)) {
    // Zero, or out of the double-double range (t^2 or t w overflowing, huge differences): the
    // direction from the kernel inputs in accelIO, scaled by powers of two (never NaN).
    scaledDirectionAt(accelIO, 0, 10, OFS_T[0]);
    OFS[0] = unitOffset[0];
    OFS[1] = unitOffset[1];
    OFS[2] = unitOffset[2];
    return m > 0;
  }
  x /= m;
  y /= m;
  z /= m;
  const len = Math.sqrt(x * x + y * y + z * z);
  OFS[0] = x / len + 0;
  OFS[1] = y / len + 0;
  OFS[2] = z / len + 0;
  return true;
}

// ---------------------------------------------------------------------------------------------
// Two circles, two spheres.

/**
 * Time of impact of two circles under constant accelerations: the earliest t in [0, tMax] at
 * which they touch while approaching. Each is at (x, y) + t (vx, vy) + t^2 (ax, ay) / 2 at time
 * t; tMax defaults to 1 (Infinity allowed).
 *
 * - Already overlapping (or touching) and approaching: 0.
 * - Overlapping but separating, or apart: the first later time the distance comes down to
 *   rA + rB (accelerations can bring separating bodies back); Infinity when there is none in
 *   [0, tMax]. No relative motion at all: Infinity, even when overlapping.
 * - A tangent graze (the distance only touches rA + rB): Infinity.
 * - Equal accelerations: exactly {@link timeOfImpactCircles} (linear relative motion).
 *
 * Accuracy: within about an ulp of the exact time of impact of the given doubles, except near a
 * graze (see the file comment). Throws a RangeError for non-finite fields, a negative radius, or
 * a negative or NaN tMax.
 */
export function timeOfImpactCirclesAccelerated(a: AcceleratedCircle, b: AcceleratedCircle, tMax = 1): number {
  checkAcceleratedCircle(a, "a");
  checkAcceleratedCircle(b, "b");
  checkTMax(tMax);
  if (a.ax === b.ax && a.ay === b.ay) return toiCirclesRaw(a.x, a.y, a.vx, a.vy, a.r, b.x, b.y, b.vx, b.vy, b.r, tMax);
  loadCircle(0, a);
  loadCircle(10, b);
  accelIO[20] = tMax;
  accelContact();
  return accelIO[21];
}

/**
 * Like {@link sweepCirclesAccelerated}, without allocating: on a hit fills `out` and returns
 * true; on a miss returns false and leaves `out` as it was.
 */
export function sweepCirclesAcceleratedInto(out: SweepHit2, a: AcceleratedCircle, b: AcceleratedCircle, tMax = 1): boolean {
  const t = timeOfImpactCirclesAccelerated(a, b, tMax);
  if (t === Infinity) return false;
  loadCircle(0, a);
  loadCircle(10, b);
  accelDifferences();
  OFS_T[0] = t;
  offsetsAt();
  normaliseOffsets();
  out.t = t;
  out.nx = OFS[0];
  out.ny = OFS[1];
  out.px = quadraticAt(a.x, a.vx, a.ax, t) + a.r * OFS[0];
  out.py = quadraticAt(a.y, a.vy, a.ay, t) + a.r * OFS[1];
  return true;
}

/**
 * First contact of two circles under constant accelerations: `{t, px, py, nx, ny}` with t as
 * {@link timeOfImpactCirclesAccelerated} (same cases), the unit normal from A's centre towards
 * B's at time t, and the contact point on A's surface; null when they do not touch in [0, tMax].
 */
export function sweepCirclesAccelerated(a: AcceleratedCircle, b: AcceleratedCircle, tMax = 1): SweepHit2 | null {
  const out: SweepHit2 = { t: 0, px: 0, py: 0, nx: 0, ny: 0 };
  return sweepCirclesAcceleratedInto(out, a, b, tMax) ? out : null;
}

/**
 * Time of impact of two spheres under constant accelerations: the 3D twin of
 * {@link timeOfImpactCirclesAccelerated}, same cases and accuracy; equal accelerations give
 * exactly {@link timeOfImpactSpheres}.
 */
export function timeOfImpactSpheresAccelerated(a: AcceleratedSphere, b: AcceleratedSphere, tMax = 1): number {
  checkAcceleratedSphere(a, "a");
  checkAcceleratedSphere(b, "b");
  checkTMax(tMax);
  if (a.ax === b.ax && a.ay === b.ay && a.az === b.az) {
    return toiSpheresRaw(a.x, a.y, a.z, a.vx, a.vy, a.vz, a.r, b.x, b.y, b.z, b.vx, b.vy, b.vz, b.r, tMax);
  }
  loadSphere(0, a);
  loadSphere(10, b);
  accelIO[20] = tMax;
  accelContact();
  return accelIO[21];
}

/** Like {@link sweepSpheresAccelerated}, without allocating: fills `out` and returns true on a hit. */
export function sweepSpheresAcceleratedInto(out: SweepHit3, a: AcceleratedSphere, b: AcceleratedSphere, tMax = 1): boolean {
  const t = timeOfImpactSpheresAccelerated(a, b, tMax);
  if (t === Infinity) return false;
  loadSphere(0, a);
  loadSphere(10, b);
  accelDifferences();
  OFS_T[0] = t;
  offsetsAt();
  normaliseOffsets();
  out.t = t;
  out.nx = OFS[0];
  out.ny = OFS[1];
  out.nz = OFS[2];
  out.px = quadraticAt(a.x, a.vx, a.ax, t) + a.r * OFS[0];
  out.py = quadraticAt(a.y, a.vy, a.ay, t) + a.r * OFS[1];
  out.pz = quadraticAt(a.z, a.vz, a.az, t) + a.r * OFS[2];
  return true;
}

/**
 * First contact of two spheres under constant accelerations: `{t, px, py, pz, nx, ny, nz}`
 * (unit normal from A towards B, contact point on A's surface) or null. Same cases as
 * {@link timeOfImpactSpheresAccelerated}.
 */
export function sweepSpheresAccelerated(a: AcceleratedSphere, b: AcceleratedSphere, tMax = 1): SweepHit3 | null {
  const out: SweepHit3 = { t: 0, px: 0, py: 0, pz: 0, nx: 0, ny: 0, nz: 0 };
  return sweepSpheresAcceleratedInto(out, a, b, tMax) ? out : null;
}

// ---------------------------------------------------------------------------------------------
// Against a fixed point or a static circle / sphere.

/**
 * Time of impact of an accelerated circle with a static circle (a peg; radius 0 for a fixed
 * point): the earliest t in [0, tMax] at which they touch while the circle approaches. Same
 * rule and accuracy as {@link timeOfImpactCirclesAccelerated} with the obstacle at rest:
 *
 * - Already overlapping (or touching) and approaching: 0.
 * - Overlapping but moving away, or apart: the first later time the distance comes back down
 *   to r + obstacle.r, if any in [0, tMax]. At rest with no acceleration: Infinity.
 * - A tangent graze: Infinity.
 *
 * Throws a RangeError for non-finite fields, negative radii, or a negative or NaN tMax.
 */
export function timeOfImpactAcceleratedCircleCircle(circle: AcceleratedCircle, obstacle: Circle, tMax = 1): number {
  checkAcceleratedCircle(circle, "circle");
  checkCircle(obstacle, "obstacle");
  checkTMax(tMax);
  if (circle.ax === 0 && circle.ay === 0) {
    return toiCirclesRaw(circle.x, circle.y, circle.vx, circle.vy, circle.r, obstacle.x, obstacle.y, 0, 0, obstacle.r, tMax);
  }
  loadCircle(0, circle);
  loadStatic(10, obstacle.x, obstacle.y, 0, obstacle.r);
  accelIO[20] = tMax;
  accelContact();
  return accelIO[21];
}

/**
 * Like {@link sweepAcceleratedCircleCircle}, without allocating: fills `out` and returns true on
 * a hit, false (leaving `out` untouched) otherwise.
 */
export function sweepAcceleratedCircleCircleInto(out: WallHit2, circle: AcceleratedCircle, obstacle: Circle, tMax = 1): boolean {
  const t = timeOfImpactAcceleratedCircleCircle(circle, obstacle, tMax);
  if (t === Infinity) return false;
  loadCircle(0, circle);
  loadStatic(10, obstacle.x, obstacle.y, 0, obstacle.r);
  accelDifferences();
  OFS_T[0] = t;
  offsetsAt();
  normaliseOffsets();
  out.t = t;
  out.nx = OFS[0];
  out.ny = OFS[1];
  out.px = quadraticAt(circle.x, circle.vx, circle.ax, t) + circle.r * OFS[0];
  out.py = quadraticAt(circle.y, circle.vy, circle.ay, t) + circle.r * OFS[1];
  out.feature = FEATURE_VERTEX;
  out.index = 0;
  return true;
}

/**
 * First contact of an accelerated circle with a static circle or fixed point:
 * `{t, px, py, nx, ny, feature, index}` or null. t as
 * {@link timeOfImpactAcceleratedCircleCircle}; the unit normal points from the circle's centre
 * towards the obstacle's (into the obstacle), the contact point is the circle's centre at t plus
 * r times the normal (on the obstacle's surface), feature is FEATURE_VERTEX and index 0.
 */
export function sweepAcceleratedCircleCircle(circle: AcceleratedCircle, obstacle: Circle, tMax = 1): WallHit2 | null {
  const out: WallHit2 = { t: 0, px: 0, py: 0, nx: 0, ny: 0, feature: 0, index: 0 };
  return sweepAcceleratedCircleCircleInto(out, circle, obstacle, tMax) ? out : null;
}

/**
 * Time of impact of an accelerated sphere with a static sphere (radius 0 for a fixed point):
 * the 3D twin of {@link timeOfImpactAcceleratedCircleCircle}, same cases and accuracy.
 */
export function timeOfImpactAcceleratedSphereSphere(sphere: AcceleratedSphere, obstacle: Sphere, tMax = 1): number {
  checkAcceleratedSphere(sphere, "sphere");
  checkSphere(obstacle, "obstacle");
  checkTMax(tMax);
  if (sphere.ax === 0 && sphere.ay === 0 && sphere.az === 0) {
    const s = sphere;
    return toiSpheresRaw(s.x, s.y, s.z, s.vx, s.vy, s.vz, s.r, obstacle.x, obstacle.y, obstacle.z, 0, 0, 0, obstacle.r, tMax);
  }
  loadSphere(0, sphere);
  loadStatic(10, obstacle.x, obstacle.y, obstacle.z, obstacle.r);
  accelIO[20] = tMax;
  accelContact();
  return accelIO[21];
}

/** Like {@link sweepAcceleratedSphereSphere}, without allocating: fills `out` and returns true on a hit. */
export function sweepAcceleratedSphereSphereInto(out: WallHit3, sphere: AcceleratedSphere, obstacle: Sphere, tMax = 1): boolean {
  const t = timeOfImpactAcceleratedSphereSphere(sphere, obstacle, tMax);
  if (t === Infinity) return false;
  loadSphere(0, sphere);
  loadStatic(10, obstacle.x, obstacle.y, obstacle.z, obstacle.r);
  accelDifferences();
  OFS_T[0] = t;
  offsetsAt();
  normaliseOffsets();
  const s = sphere;
  out.t = t;
  out.nx = OFS[0];
  out.ny = OFS[1];
  out.nz = OFS[2];
  out.px = quadraticAt(s.x, s.vx, s.ax, t) + s.r * OFS[0];
  out.py = quadraticAt(s.y, s.vy, s.ay, t) + s.r * OFS[1];
  out.pz = quadraticAt(s.z, s.vz, s.az, t) + s.r * OFS[2];
  out.feature = FEATURE_VERTEX;
  out.index = 0;
  return true;
}

/**
 * First contact of an accelerated sphere with a static sphere or fixed point:
 * `{t, px, py, pz, nx, ny, nz, feature, index}` or null, as
 * {@link sweepAcceleratedCircleCircle} in 3D (normal into the obstacle, FEATURE_VERTEX, index 0).
 */
export function sweepAcceleratedSphereSphere(sphere: AcceleratedSphere, obstacle: Sphere, tMax = 1): WallHit3 | null {
  const out: WallHit3 = { t: 0, px: 0, py: 0, pz: 0, nx: 0, ny: 0, nz: 0, feature: 0, index: 0 };
  return sweepAcceleratedSphereSphereInto(out, sphere, obstacle, tMax) ? out : null;
}
