/**
 * The kernel behind the accelerated queries (toi-accelerated.ts, toi-accelerated-segment.ts,
 * toi-accelerated-plane.ts) and the world's gravity: the contact quartic of two bodies under
 * constant accelerations, set up from exact differences (TwoSum) with double-double
 * coefficients (TwoProduct), on scaled lengths and, for extreme time scales, a rescaled clock;
 * the far-apart bound; the re-examination of apparent grazes of bodies tiny next to their
 * distance; and the offsets at a contact time for the normal. See toi-accelerated.ts for the
 * contact rule and the accuracy.
 */
import { SPLITTER, ldexp } from "../math/double-double.js";
import { exponentOf } from "../math/poly-range.js";
import { scaledDirectionAt, unitOffset } from "./relative-motion.js";
import { polyInput, polyRootKinds, polyRoots, solvePolynomial, ROOTS_ALL, ROOTS_FIRST_DOWN, ROOT_DOWN, ROOT_TOUCH } from "../math/poly-roots.js";
import { farSmallRoot } from "./toi-points.js";

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
  accelTimeScale[0] = tk === 0 ? 1 : ldexp(1, tk);
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
  polyInput[6] = tk === 0 ? tMax : ldexp(tMax, -tk);

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
  const ed = exponentOf(md);
  const kw = mw > 0 ? ed - exponentOf(mw) : Infinity;
  const kg = mg > 0 ? (ed - exponentOf(mg)) >> 1 : Infinity;
  const k = kw < kg ? kw : kg;
  return k >= -100 && k <= 100 ? 0 : k;
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
  for (let i = 0; i < 20; i++) QD[i] = i < V || i >= 18 ? RAW[i] : ldexp(RAW[i], i < G ? k : 2 * k);
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
  const e = exponentOf(m);
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

