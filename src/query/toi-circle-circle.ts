/**
 * Time of impact of two moving circles: the exact kernel (to an ulp) and the public query (to
 * 4 ulps, faster).
 *
 * The method of "Pool Hall Lessons" (Gamasutra, 2002) in relative motion: B moves relative to
 * A with d + t w, d = pB - pA, w = vB - vA, and they touch when |d + t w| = R = rA + rB. The
 * quadratic a t^2 + 2 b t + c = 0 (a = w.w, b = d.w, c = d.d - R^2) is first screened in plain
 * doubles with rigorous error bounds ({@link screenContact}); whatever that cannot certify (every
 * hit inside [0, tMax], and signs too close to call) is recomputed from the exact differences
 * in double-double arithmetic ({@link firstContactRoot}). The public query puts the certified
 * fast root of toi-certified.ts between the two.
 */
import { SPLITTER, ldexp } from "../math/double-double.js";
import { exactGap, exactGapOut } from "../math/exact-sum.js";
import { farSmallContactDirection, loadScaled, pointAlong, unitOffset, unitOffsetAt } from "./relative-motion.js";
import { TINY as TINY_ABS, contactRootInput, firstContactRoot, screenContact } from "../math/contact-root.js";
import { farSmallRoot, pointsMeetTime } from "./toi-points.js";
import { certifiedCircles, quickCircles, quickCirclesOf } from "./toi-certified.js";
import { circlesScratch } from "./toi-scratch.js";
import type { MovingCircle, SweepHit2 } from "./types.js";
import { checkMovingCircle, checkTMax } from "./validate.js";

const U8 = 8 * 2 ** -53;
/** contact-root.ts's TINY, as a local const (an imported binding is read through a cell at run time). */
const TINY = TINY_ABS;

/**
 * Inputs of {@link exactToiCircles} (ax, ay, avx, avy, ar, bx, by, bvx, bvy, br, tMax in 0..10)
 * and its result (slot 11); slots 11..14 also carry the start of the quick root
 * ({@link screenCirclesQuick}).
 */
export const circlesExactInput = circlesScratch;
/** The same array as a module-local const, which optimised code embeds (no cell load, no bounds checks). */
const CQ = circlesScratch;

/**
 * The screening stage of {@link toiCirclesRaw}: Infinity or 0 when certain, NaN when the
 * double-double path must decide (write the inputs to the exact stage's scratch and call it).
 * Kept separate and small so that simulation loops inline it.
 */
export function screenCircles(
  ax: number, ay: number, avx: number, avy: number, ar: number,
  bx: number, by: number, bvx: number, bvy: number, br: number,
  tMax: number,
): number {
  const dx = bx - ax;
  const dy = by - ay;
  const wx = bvx - avx;
  const wy = bvy - avy;
  // b = d.w; |b - b*| <= 8u (|dx wx| + |dy wy|) covers the rounding of d, w, the products and the
  // sum; TINY covers underflow, so tiny-scale inputs go to the exact path (which rescales).
  const px = dx * wx;
  const py = dy * wy;
  const b = px + py;
  const eb = U8 * (Math.abs(px) + Math.abs(py)) + TINY;
  // Moving apart, or no relative motion: never a first contact (even when overlapping).
  if (b > eb) return Infinity;
  let r = NaN;
  if (b < -eb) {
    const R = ar + br;
    const D = dx * dx + dy * dy;
    const R2 = R * R;
    const a = wx * wx + wy * wy;
    r = screenContact(b, D - R2, U8 * (D + R2) + TINY, a, U8 * a + TINY, eb, tMax);
  }
  return r;
}

/**
 * {@link screenCircles} for the 4-ulp queries, kept small enough to inline into the caller:
 * where the plain formula finds a root inside [0, tMax] (b < 0, c > 0, b^2 - a c > 0,
 * t0 <= tMax in plain doubles), returns -1 with t0 and h = 0.5 / sqrt(b^2 - a c) in
 * circlesExactInput[11..12] and no error bounds computed (the quick root's certificate
 * establishes the case itself); Infinity where screenCircles is certain of a miss (moving apart,
 * or no real root); 0 where it is certain of an overlap while approaching (its own test); NaN
 * otherwise (an overlap too close to call, a root beyond tMax, uncertain signs), where the slow
 * path runs screenCircles itself, so that every decision is the exact kernel's. Non-finite coordinates always end on NaN (b is then NaN, or
 * infinite next to an infinite bound), so the public query checks its arguments fully only on
 * that path. The world keeps {@link screenCircles}.
 */
export function screenCirclesQuick(
  ax: number, ay: number, avx: number, avy: number, ar: number,
  bx: number, by: number, bvx: number, bvy: number, br: number,
  tMax: number,
): number {
  const dx = bx - ax;
  const dy = by - ay;
  const wx = bvx - avx;
  const wy = bvy - avy;
  const px = dx * wx;
  const py = dy * wy;
  const b = px + py;
  const eb = U8 * (Math.abs(px) + Math.abs(py)) + TINY;
  if (b > eb) return Infinity;
  const R = ar + br;
  const D = dx * dx + dy * dy;
  const R2 = R * R;
  const a = wx * wx + wy * wy;
  const c = D - R2;
  const disc = b * b - a * c;
  if (b < 0 && c > 0) {
    if (disc > 0) {
      // The plain formula t0 = c / (sd - b) and h = 0.5 / sd: two independent divisions (a
      // shorter dependency chain than one reciprocal shared by both).
      const sd = Math.sqrt(disc);
      const t0 = c / (sd - b);
      if (!(t0 <= tMax)) return 0 / 0;
      CQ[11] = t0;
      CQ[12] = 0.5 / sd;
      return -1;
    }
    // A miss in plain doubles: certain when disc < -ed' for an upper bound ed' of screenContact's
    // ed (|b| <= sum |d_i w_i| <= sqrt(D a), c <= D: ed <= 48.01u a D + 8.01u a R^2 plus the
    // 2^-1000 terms, each at most (D + a + R^2 + 1) 2^-1000). The exact discriminant is then
    // negative, so c > 0 too, and none is the answer whatever the sign of b.
    if (disc < -(2 ** -47 * a * (D + R2) + 2 ** -997 * (D + a + R2 + 1))) return Infinity;
  }
  // Certainly overlapping while approaching: 0, screenCircles' decision (the same c, b and
  // bounds ec, eb: c < -ec, b < -eb), without the slow path.
  if (c < -(U8 * (D + R2) + TINY) && b < -eb) return 0;
  return 0 / 0;
}

/**
 * Time of impact from plain numbers, without argument checks: the exact kernel (within 1 ulp)
 * behind the world, the sweeps against walls and the rays, and the fallback of
 * {@link timeOfImpactCircles}. Same conventions; inputs must be finite, radii >= 0, tMax >= 0.
 */
export function toiCirclesRaw(
  ax: number, ay: number, avx: number, avy: number, ar: number,
  bx: number, by: number, bvx: number, bvy: number, br: number,
  tMax: number,
): number {
  const r = screenCircles(ax, ay, avx, avy, ar, bx, by, bvx, bvy, br, tMax);
  if (r === r) return r;
  const q = CQ;
  q[0] = ax; q[1] = ay; q[2] = avx; q[3] = avy; q[4] = ar;
  q[5] = bx; q[6] = by; q[7] = bvx; q[8] = bvy; q[9] = br; q[10] = tMax;
  exactToiCircles();
  return CQ[11];
}

/**
 * Like {@link toiCirclesRaw}, but within 4 ulps of the exact time instead of 1: the screen, then
 * the certified fast root (query/toi-certified.ts), then the double-double path for what that
 * cannot certify. The kernel behind the public query and the bulk form.
 */
export function toiCirclesFast(
  ax: number, ay: number, avx: number, avy: number, ar: number,
  bx: number, by: number, bvx: number, bvy: number, br: number,
  tMax: number,
): number {
  const r = screenCirclesQuick(ax, ay, avx, avy, ar, bx, by, bvx, bvy, br, tMax);
  if (r >= 0) return r;
  const q = CQ;
  q[0] = ax; q[1] = ay; q[2] = avx; q[3] = avy; q[4] = ar;
  q[5] = bx; q[6] = by; q[7] = bvx; q[8] = bvy; q[9] = br; q[10] = tMax;
  if (r < 0 && quickCircles() === true) return CQ[11];
  const rs = screenCircles(ax, ay, avx, avy, ar, bx, by, bvx, bvy, br, tMax);
  if (rs === rs) return rs;
  if (!certifiedCircles(q)) exactToiCircles();
  return CQ[11];
}

/**
 * The double-double path. d, w and R are formed exactly by TwoSum; b, c and a are summed from
 * exact TwoProducts (Dekker, Veltkamp splits) with the second-order terms in plain doubles,
 * which leaves an absolute error of a few 2^-106 of their magnitude. Signs decide the cases:
 * b >= 0 moving apart or at rest, c <= 0 overlapping (or touching) while approaching.
 */
export function exactToiCircles(): void {
  const q = CQ;
  const ax = q[0], ay = q[1], avx = q[2], avy = q[3], ar = q[4];
  const bx = q[5], by = q[6], bvx = q[7], bvy = q[8], br = q[9], tMax = q[10];
  let t: number;
  let bb: number;
  let s: number;
  let e: number;
  let low: number;
  // TwoSum for d = b - a, w = bv - av, R = ar + br.
  let dxh = bx - ax; bb = dxh - bx; let dxl = bx - (dxh - bb) + (-ax - bb);
  let dyh = by - ay; bb = dyh - by; let dyl = by - (dyh - bb) + (-ay - bb);
  let wxh = bvx - avx; bb = wxh - bvx; let wxl = bvx - (wxh - bb) + (-avx - bb);
  let wyh = bvy - avy; bb = wyh - bvy; let wyl = bvy - (wyh - bb) + (-avy - bb);
  let Rh = ar + br; bb = Rh - ar; let Rl = ar - (Rh - bb) + (br - bb);
  // Keep every product and its error term clear of overflow and underflow: lengths (d, R) and
  // velocities (w) are rescaled separately by powers of two (exact) when their magnitudes leave
  // [2^-200, 2^200] (fourth powers and their error terms must stay normal); a time then
  // scales by 2^(kw - kd).
  let timeShift = 0;
  let md = Math.max(Math.abs(dxh), Math.abs(dyh), Rh);
  let mw = Math.max(Math.abs(wxh), Math.abs(wyh));
  if (md === Infinity) {
    // A difference beyond the largest double: halve every length first (exact for normal
    // inputs; a subnormal one loses at most 2^-1075, far below an ulp of the 2^1023 present).
    // Halving lengths halves the time: t = 2 t'.
    dxh = bx * 0.5 - ax * 0.5; bb = dxh - bx * 0.5; dxl = bx * 0.5 - (dxh - bb) + (-ax * 0.5 - bb);
    dyh = by * 0.5 - ay * 0.5; bb = dyh - by * 0.5; dyl = by * 0.5 - (dyh - bb) + (-ay * 0.5 - bb);
    Rh = ar * 0.5 + br * 0.5; bb = Rh - ar * 0.5; Rl = ar * 0.5 - (Rh - bb) + (br * 0.5 - bb);
    md = Math.max(Math.abs(dxh), Math.abs(dyh), Rh);
    timeShift = 1;
  }
  if (mw === Infinity) {
    // The same for velocities: halving them doubles the time, t = t' / 2.
    wxh = bvx * 0.5 - avx * 0.5; bb = wxh - bvx * 0.5; wxl = bvx * 0.5 - (wxh - bb) + (-avx * 0.5 - bb);
    wyh = bvy * 0.5 - avy * 0.5; bb = wyh - bvy * 0.5; wyl = bvy * 0.5 - (wyh - bb) + (-avy * 0.5 - bb);
    mw = Math.max(Math.abs(wxh), Math.abs(wyh));
    timeShift -= 1;
  }
  if (md === 0 || mw === 0) {
    CQ[11] = Infinity;
    return;
  } // no relative motion, or two points at one place
  if (!(md > 2 ** -200 && md < 2 ** 200 && mw > 2 ** -200 && mw < 2 ** 200)) {
    // Multiply by 2^kd in two halves so that no factor overflows (kd reaches 1074 for subnormals).
    const kd = -Math.floor(Math.log2(md));
    const kw = -Math.floor(Math.log2(mw));
    const sd1 = 2 ** (kd >> 1), sd2 = 2 ** (kd - (kd >> 1));
    const sw1 = 2 ** (kw >> 1), sw2 = 2 ** (kw - (kw >> 1));
    dxh = dxh * sd1 * sd2; dxl = dxl * sd1 * sd2; dyh = dyh * sd1 * sd2; dyl = dyl * sd1 * sd2;
    Rh = Rh * sd1 * sd2; Rl = Rl * sd1 * sd2;
    wxh = wxh * sw1 * sw2; wxl = wxl * sw1 * sw2; wyh = wyh * sw1 * sw2; wyl = wyl * sw1 * sw2;
    timeShift += kw - kd; // t = t' 2^(kw - kd)
  }
  // Veltkamp splits, shared by the products below.
  t = SPLITTER * dxh; const dxH = t - (t - dxh); const dxL = dxh - dxH;
  t = SPLITTER * dyh; const dyH = t - (t - dyh); const dyL = dyh - dyH;
  t = SPLITTER * wxh; const wxH = t - (t - wxh); const wxL = wxh - wxH;
  t = SPLITTER * wyh; const wyH = t - (t - wyh); const wyL = wyh - wyH;

  // b = d.w
  const p1 = dxh * wxh; const p1e = dxH * wxH - p1 + dxH * wxL + dxL * wxH + dxL * wxL;
  const p2 = dyh * wyh; const p2e = dyH * wyH - p2 + dyH * wyL + dyL * wyH + dyL * wyL;
  s = p1 + p2; bb = s - p1; e = p1 - (s - bb) + (p2 - bb);
  low = e + p1e + p2e + (dxh * wxl + dxl * wxh + dyh * wyl + dyl * wyh) + (dxl * wxl + dyl * wyl);
  const bh = s + low; bb = bh - s; const bl = s - (bh - bb) + (low - bb);
  if (bh >= 0) {
    CQ[11] = Infinity;
    return;
  }

  // c = d.d - R^2
  t = SPLITTER * Rh; const RH = t - (t - Rh); const RL = Rh - RH;
  const q1 = dxh * dxh; const q1e = dxH * dxH - q1 + 2 * dxH * dxL + dxL * dxL;
  const q2 = dyh * dyh; const q2e = dyH * dyH - q2 + 2 * dyH * dyL + dyL * dyL;
  const q3 = Rh * Rh; const q3e = RH * RH - q3 + 2 * RH * RL + RL * RL;
  s = q1 + q2; bb = s - q1; e = q1 - (s - bb) + (q2 - bb);
  const s2 = s - q3; bb = s2 - s; const e2 = s - (s2 - bb) + (-q3 - bb);
  low = e + e2 + q1e + q2e - q3e + 2 * (dxh * dxl + dyh * dyl - Rh * Rl) + (dxl * dxl + dyl * dyl - Rl * Rl);
  let ch = s2 + low; bb = ch - s2; let cl = s2 - (ch - bb) + (low - bb);
  if (ch < 2 ** -40 * (q1 + q2 + q3)) {
    // Within about 2^-40 of touching: the sum above is off by a few 2^-106 |d|^2, many ulps of
    // c here (and possibly its sign); sum it exactly instead.
    exactGap(dxh, dxl, dyh, dyl, 0, 0, Rh, Rl);
    ch = exactGapOut[0];
    cl = exactGapOut[1];
  }
  if (ch <= 0) {
    CQ[11] = 0;
    return;
  }
  if (Rh === 0) {
    // Two points: they collide head-on, at the double root (see toi-points.ts).
    const tp = ldexp(pointsMeetTime(dxh, dxl, dyh, dyl, 0, 0, wxh, wxl, wyh, wyl, 0, 0), timeShift);
    CQ[11] = tp <= tMax ? tp : Infinity;
    return;
  }

  // a = w.w (a sum of squares: no cancellation, FastTwoSum suffices at the end)
  const r1 = wxh * wxh; const r1e = wxH * wxH - r1 + 2 * wxH * wxL + wxL * wxL;
  const r2 = wyh * wyh; const r2e = wyH * wyH - r2 + 2 * wyH * wyL + wyL * wyL;
  s = r1 + r2; bb = s - r1; e = r1 - (s - bb) + (r2 - bb);
  low = e + r1e + r2e + 2 * (wxh * wxl + wyh * wyl) + (wxl * wxl + wyl * wyl);
  const ah = s + low; const al = low - (ah - s);

  if (Rh < 2 ** -50 * Math.max(Math.abs(dxh), Math.abs(dyh))) {
    // A radius sum tiny next to the distance: the discriminant from Lagrange's identity.
    const tf = ldexp(farSmallRoot(dxh, dxl, dyh, dyl, 0, 0, wxh, wxl, wyh, wyl, 0, 0, ah, bh, bl, ch, cl, Rh), timeShift);
    CQ[11] = tf <= tMax ? tf : Infinity;
    return;
  }
  const c = contactRootInput;
  c[0] = ah; c[1] = al; c[2] = bh; c[3] = bl; c[4] = ch; c[5] = cl;
  if (timeShift === 0) {
    c[6] = tMax;
    firstContactRoot();
    CQ[11] = c[7];
  } else {
    // Rescaled: compare with tMax in the caller's units (tMax 2^-timeShift could overflow or
    // underflow). A time beyond the largest double is Infinity, i.e. none.
    c[6] = Infinity;
    firstContactRoot();
    const root = ldexp(c[7], timeShift);
    CQ[11] = root <= tMax ? root : Infinity;
  }
}

/**
 * Time of impact of two moving circles: the earliest t in [0, tMax] at which they touch while
 * approaching. Each circle is at (x, y) + t (vx, vy) at time t; tMax defaults to 1, so the
 * velocities may be per-frame movement vectors.
 *
 * - Already overlapping (or touching) and approaching: 0.
 * - Moving apart, or no relative motion: Infinity (even when overlapping).
 * - Paths that only graze tangentially, never meet, or meet after tMax: Infinity.
 * - Two points (both radii 0) moving head-on: the time at which they coincide (the double
 *   root counts as a collision); points that pass each other by any distance: Infinity.
 * - Any finite input returns (no NaN, no endless loop): differences beyond the largest double
 *   (positions or velocities near ±1.7e308 on both sides) are formed from halved inputs, and a
 *   time of impact beyond the largest double is Infinity (none).
 *
 * Accuracy: within 4 ulps of the exact time of impact of the given doubles (certified roots
 * answer when their rigorous error bounds allow 4 ulps, else the double-double kernel
 * {@link toiCirclesRaw}, within 1 ulp; measured: median 0.3, worst 2.3 ulps over 100,000
 * random cases, see the README), except near a graze (b^2 - a c within about
 * 2^-50 b^2), where the result still satisfies the contact equation to a few ulps. The case
 * (hit, 0, none) is always the exact kernel's. Throws a RangeError for non-finite coordinates,
 * a negative radius, or a negative or NaN tMax.
 */
export function timeOfImpactCircles(a: MovingCircle, b: MovingCircle, tMax = 1): number {
  // The screen inlines into the caller (a negative radius or tMax is caught here, anything not
  // finite ends on the checked slow path, see screenCirclesQuick); the later stages take the
  // objects (no boxed doubles) and answer through scratch slots (no boxed result).
  if (a.r >= 0 && b.r >= 0 && tMax >= 0) {
    const r = screenCirclesQuick(a.x, a.y, a.vx, a.vy, a.r, b.x, b.y, b.vx, b.vy, b.r, tMax);
    if (r >= 0) return r;
    CQ[10] = tMax;
    if (r < 0 && quickCirclesOf(a, b) === true) return CQ[11];
  }
  slowCircles(a, b, tMax);
  return CQ[11];
}

/**
 * The checked slow path of {@link timeOfImpactCircles}: the argument checks (RangeErrors naming
 * the field), the screen of the exact kernel (so that every case it decides is decided as there),
 * then the certified root of toi-certified.ts, else the double-double path; the answer lands in
 * circlesExactInput[11].
 */
function slowCircles(a: MovingCircle, b: MovingCircle, tMax: number): void {
  checkMovingCircle(a, "a");
  checkMovingCircle(b, "b");
  checkTMax(tMax);
  const r = screenCircles(a.x, a.y, a.vx, a.vy, a.r, b.x, b.y, b.vx, b.vy, b.r, tMax);
  const q = CQ;
  if (r === r) {
    q[11] = r;
    return;
  }
  q[0] = a.x; q[1] = a.y; q[2] = a.vx; q[3] = a.vy; q[4] = a.r; q[5] = b.x; q[6] = b.y; q[7] = b.vx; q[8] = b.vy; q[9] = b.r; q[10] = tMax;
  if (!certifiedCircles(q)) exactToiCircles();
}

/**
 * Like {@link sweepCircles}, without allocating: on a hit fills `out` and returns true; on a
 * miss returns false and leaves `out` as it was.
 */
export function sweepCirclesInto(out: SweepHit2, a: MovingCircle, b: MovingCircle, tMax = 1): boolean {
  const t = timeOfImpactCircles(a, b, tMax);
  if (t === Infinity) return false;
  // Direction from A to B at time t, d + t w, with d and w exact (TwoSum), scaled by powers of
  // two, and t w exact (TwoProduct), so the normal keeps full precision even when |d| >> R and
  // at any scale (see relative-motion.ts); two points meeting take the direction they came from.
  loadScaled(a.x, a.y, 0, b.x, b.y, 0, a.vx, a.vy, 0, b.vx, b.vy, 0);
  const R = a.r + b.r;
  if (t > 0 && R > 0 && R < 2 ** -40 * Math.max(Math.abs(b.x - a.x), Math.abs(b.y - a.y))) farSmallContactDirection(R, 2);
  else unitOffsetAt(t);
  out.t = t;
  out.nx = unitOffset[0];
  out.ny = unitOffset[1];
  out.px = pointAlong(a.x, a.vx, t) + a.r * out.nx;
  out.py = pointAlong(a.y, a.vy, t) + a.r * out.ny;
  return true;
}

/**
 * First contact of two moving circles: `{t, px, py, nx, ny}` with the contact point on A's
 * surface and the unit normal from A towards B, or null when they do not touch within
 * [0, tMax]. Same cases as {@link timeOfImpactCircles}; at t = 0 (overlap) the normal is the
 * direction between the centres.
 */
export function sweepCircles(a: MovingCircle, b: MovingCircle, tMax = 1): SweepHit2 | null {
  const out: SweepHit2 = { t: 0, px: 0, py: 0, nx: 0, ny: 0 };
  return sweepCirclesInto(out, a, b, tMax) ? out : null;
}
