/**
 * Time of impact of two moving spheres, the exact kernel (to an ulp) and the public query (to
 * 4 ulps): the 3D twin of toi-circle-circle.ts (same screening in plain doubles, same double-double fallback), with a
 * third coordinate in every sum. The two kernels are written out separately because each is
 * hand-inlined for speed (see math/double-double.ts).
 */
import { SPLITTER, ldexp } from "../math/double-double.js";
import { exactGap, exactGapOut } from "../math/exact-sum.js";
import { farSmallContactDirection, loadScaled, pointAlong, unitOffset, unitOffsetAt } from "./relative-motion.js";
import { TINY as TINY_ABS, contactRootInput, firstContactRoot, screenContact } from "../math/contact-root.js";
import { farSmallRoot, pointsMeetTime } from "./toi-points.js";
import { certifiedSpheres, quickSpheres, quickSpheresOf } from "./toi-certified.js";
import { spheresScratch } from "./toi-scratch.js";
import type { MovingSphere, SweepHit3 } from "./types.js";
import { checkMovingSphere, checkTMax } from "./validate.js";

const U8 = 8 * 2 ** -53;
/** contact-root.ts's TINY, as a local const (an imported binding is read through a cell at run time). */
const TINY = TINY_ABS;

/**
 * Inputs of {@link exactToiSpheres} (the 15 arguments of toiSpheresRaw in order) and its result
 * (slot 15); slots 15..18 also carry the start of the quick root ({@link screenSpheresQuick}).
 */
export const spheresExactInput = spheresScratch;
/** The same array as a module-local const, which optimised code embeds (no cell load, no bounds checks). */
const SQ = spheresScratch;

/**
 * The screening stage of {@link toiSpheresRaw}: Infinity or 0 when certain, NaN when the
 * double-double path must decide (write the inputs to the exact stage's scratch and call it).
 * Kept separate and small so that simulation loops inline it.
 */
export function screenSpheres(
  ax: number, ay: number, az: number, avx: number, avy: number, avz: number, ar: number,
  bx: number, by: number, bz: number, bvx: number, bvy: number, bvz: number, br: number,
  tMax: number,
): number {
  const dx = bx - ax;
  const dy = by - ay;
  const dz = bz - az;
  const wx = bvx - avx;
  const wy = bvy - avy;
  const wz = bvz - avz;
  const px = dx * wx;
  const py = dy * wy;
  const pz = dz * wz;
  const b = px + py + pz;
  const eb = U8 * (Math.abs(px) + Math.abs(py) + Math.abs(pz)) + TINY;
  if (b > eb) return Infinity;
  let r = NaN;
  if (b < -eb) {
    const R = ar + br;
    const D = dx * dx + dy * dy + dz * dz;
    const R2 = R * R;
    const a = wx * wx + wy * wy + wz * wz;
    r = screenContact(b, D - R2, U8 * (D + R2) + TINY, a, U8 * a + TINY, eb, tMax);
  }
  return r;
}

/**
 * {@link screenSpheres} for the 4-ulp queries: -1 with t0 and h in spheresExactInput[15..16]
 * where the plain formula finds a root inside [0, tMax], Infinity for a certain miss, 0 for a
 * certain overlap while approaching, else NaN (see screenCirclesQuick).
 */
export function screenSpheresQuick(
  ax: number, ay: number, az: number, avx: number, avy: number, avz: number, ar: number,
  bx: number, by: number, bz: number, bvx: number, bvy: number, bvz: number, br: number,
  tMax: number,
): number {
  const dx = bx - ax;
  const dy = by - ay;
  const dz = bz - az;
  const wx = bvx - avx;
  const wy = bvy - avy;
  const wz = bvz - avz;
  const px = dx * wx;
  const py = dy * wy;
  const pz = dz * wz;
  const b = px + py + pz;
  // U8 = 2^-50 and TINY = 2^-1000 as literals in this function: a literal is a 2-byte constant
  // load, a module const a 6-byte checked context load, and the bytecode must stay below V8's
  // inlining limit (460 bytes) for the screen to inline into the caller.
  const eb = 2 ** -50 * (Math.abs(px) + Math.abs(py) + Math.abs(pz)) + 2 ** -1000;
  if (b > eb) return Infinity;
  const R = ar + br;
  const D = dx * dx + dy * dy + dz * dz;
  const R2 = R * R;
  const a = wx * wx + wy * wy + wz * wz;
  const c = D - R2;
  const disc = b * b - a * c;
  if (b < 0 && c > 0) {
    if (disc > 0) {
      // The plain formula t0 = c / (sd - b) and h = 0.5 / sd: two independent divisions (a
      // shorter dependency chain than one reciprocal shared by both).
      const sd = Math.sqrt(disc);
      const t0 = c / (sd - b);
      if (!(t0 <= tMax)) return 0 / 0;
      SQ[15] = t0;
      SQ[16] = 0.5 / sd;
      return -1;
    }
    // A miss in plain doubles: certain when disc < -ed' for an upper bound ed' of screenContact's
    // ed (|b| <= sum |d_i w_i| <= sqrt(D a), c <= D: ed <= 48.01u a D + 8.01u a R^2 plus the
    // 2^-1000 terms, each at most (D + a + R^2 + 1) 2^-1000). The exact discriminant is then
    // negative, so c > 0 too, and none is the answer whatever the sign of b.
    if (disc < -(2 ** -47 * a * (D + R2) + 2 ** -997 * (D + a + R2 + 1))) return Infinity;
  }
  // Certainly overlapping while approaching: 0, screenSpheres' decision (see screenCirclesQuick).
  if (c < -(2 ** -50 * (D + R2) + 2 ** -1000) && b < -eb) return 0;
  return 0 / 0;
}

/** Time of impact of two spheres from plain numbers, without argument checks: the exact kernel (within 1 ulp). */
export function toiSpheresRaw(
  ax: number, ay: number, az: number, avx: number, avy: number, avz: number, ar: number,
  bx: number, by: number, bz: number, bvx: number, bvy: number, bvz: number, br: number,
  tMax: number,
): number {
  const r = screenSpheres(ax, ay, az, avx, avy, avz, ar, bx, by, bz, bvx, bvy, bvz, br, tMax);
  if (r === r) return r;
  const q = SQ;
  q[0] = ax; q[1] = ay; q[2] = az; q[3] = avx; q[4] = avy; q[5] = avz; q[6] = ar;
  q[7] = bx; q[8] = by; q[9] = bz; q[10] = bvx; q[11] = bvy; q[12] = bvz; q[13] = br; q[14] = tMax;
  exactToiSpheres();
  return SQ[15];
}

/**
 * Like {@link toiSpheresRaw}, but within 4 ulps of the exact time instead of 1: the screen, then
 * the certified fast root (query/toi-certified.ts), then the double-double path for what that
 * cannot certify. The kernel behind the public query and the bulk form.
 */
export function toiSpheresFast(
  ax: number, ay: number, az: number, avx: number, avy: number, avz: number, ar: number,
  bx: number, by: number, bz: number, bvx: number, bvy: number, bvz: number, br: number,
  tMax: number,
): number {
  const r = screenSpheresQuick(ax, ay, az, avx, avy, avz, ar, bx, by, bz, bvx, bvy, bvz, br, tMax);
  if (r >= 0) return r;
  const q = SQ;
  q[0] = ax; q[1] = ay; q[2] = az; q[3] = avx; q[4] = avy; q[5] = avz; q[6] = ar;
  q[7] = bx; q[8] = by; q[9] = bz; q[10] = bvx; q[11] = bvy; q[12] = bvz; q[13] = br; q[14] = tMax;
  if (r < 0 && quickSpheres() === true) return SQ[15];
  const rs = screenSpheres(ax, ay, az, avx, avy, avz, ar, bx, by, bz, bvx, bvy, bvz, br, tMax);
  if (rs === rs) return rs;
  if (!certifiedSpheres(q)) exactToiSpheres();
  return SQ[15];
}

/** The double-double path; see exactToiCircles in toi-circle-circle.ts for the derivation. */
export function exactToiSpheres(): void {
  const q = SQ;
  const ax = q[0], ay = q[1], az = q[2], avx = q[3], avy = q[4], avz = q[5], ar = q[6];
  const bx = q[7], by = q[8], bz = q[9], bvx = q[10], bvy = q[11], bvz = q[12], br = q[13], tMax = q[14];
  let t: number;
  let bb: number;
  let s: number;
  let e: number;
  let s2: number;
  let e2: number;
  let low: number;
  let dxh = bx - ax; bb = dxh - bx; let dxl = bx - (dxh - bb) + (-ax - bb);
  let dyh = by - ay; bb = dyh - by; let dyl = by - (dyh - bb) + (-ay - bb);
  let dzh = bz - az; bb = dzh - bz; let dzl = bz - (dzh - bb) + (-az - bb);
  let wxh = bvx - avx; bb = wxh - bvx; let wxl = bvx - (wxh - bb) + (-avx - bb);
  let wyh = bvy - avy; bb = wyh - bvy; let wyl = bvy - (wyh - bb) + (-avy - bb);
  let wzh = bvz - avz; bb = wzh - bvz; let wzl = bvz - (wzh - bb) + (-avz - bb);
  let Rh = ar + br; bb = Rh - ar; let Rl = ar - (Rh - bb) + (br - bb);
  // Keep every product and its error term clear of overflow and underflow: lengths (d, R) and
  // velocities (w) are rescaled separately by powers of two (exact) when their magnitudes leave
  // [2^-200, 2^200] (fourth powers and their error terms must stay normal); a time then
  // scales by 2^(kw - kd).
  let timeShift = 0;
  let md = Math.max(Math.abs(dxh), Math.abs(dyh), Math.abs(dzh), Rh);
  let mw = Math.max(Math.abs(wxh), Math.abs(wyh), Math.abs(wzh));
  if (md === Infinity) {
    // A difference beyond the largest double: halve every length (see exactToiCircles), t = 2 t'.
    dxh = bx * 0.5 - ax * 0.5; bb = dxh - bx * 0.5; dxl = bx * 0.5 - (dxh - bb) + (-ax * 0.5 - bb);
    dyh = by * 0.5 - ay * 0.5; bb = dyh - by * 0.5; dyl = by * 0.5 - (dyh - bb) + (-ay * 0.5 - bb);
    dzh = bz * 0.5 - az * 0.5; bb = dzh - bz * 0.5; dzl = bz * 0.5 - (dzh - bb) + (-az * 0.5 - bb);
    Rh = ar * 0.5 + br * 0.5; bb = Rh - ar * 0.5; Rl = ar * 0.5 - (Rh - bb) + (br * 0.5 - bb);
    md = Math.max(Math.abs(dxh), Math.abs(dyh), Math.abs(dzh), Rh);
    timeShift = 1;
  }
  if (mw === Infinity) {
    // Halved velocities: t = t' / 2.
    wxh = bvx * 0.5 - avx * 0.5; bb = wxh - bvx * 0.5; wxl = bvx * 0.5 - (wxh - bb) + (-avx * 0.5 - bb);
    wyh = bvy * 0.5 - avy * 0.5; bb = wyh - bvy * 0.5; wyl = bvy * 0.5 - (wyh - bb) + (-avy * 0.5 - bb);
    wzh = bvz * 0.5 - avz * 0.5; bb = wzh - bvz * 0.5; wzl = bvz * 0.5 - (wzh - bb) + (-avz * 0.5 - bb);
    mw = Math.max(Math.abs(wxh), Math.abs(wyh), Math.abs(wzh));
    timeShift -= 1;
  }
  if (md === 0 || mw === 0) {
    SQ[15] = Infinity;
    return;
  } // no relative motion, or two points at one place
  if (!(md > 2 ** -200 && md < 2 ** 200 && mw > 2 ** -200 && mw < 2 ** 200)) {
    // Multiply by 2^kd in two halves so that no factor overflows (kd reaches 1074 for subnormals).
    const kd = -Math.floor(Math.log2(md));
    const kw = -Math.floor(Math.log2(mw));
    const sd1 = 2 ** (kd >> 1), sd2 = 2 ** (kd - (kd >> 1));
    const sw1 = 2 ** (kw >> 1), sw2 = 2 ** (kw - (kw >> 1));
    dxh = dxh * sd1 * sd2; dxl = dxl * sd1 * sd2; dyh = dyh * sd1 * sd2; dyl = dyl * sd1 * sd2; dzh = dzh * sd1 * sd2; dzl = dzl * sd1 * sd2;
    Rh = Rh * sd1 * sd2; Rl = Rl * sd1 * sd2;
    wxh = wxh * sw1 * sw2; wxl = wxl * sw1 * sw2; wyh = wyh * sw1 * sw2; wyl = wyl * sw1 * sw2; wzh = wzh * sw1 * sw2; wzl = wzl * sw1 * sw2;
    timeShift += kw - kd; // t = t' 2^(kw - kd)
  }
  t = SPLITTER * dxh; const dxH = t - (t - dxh); const dxL = dxh - dxH;
  t = SPLITTER * dyh; const dyH = t - (t - dyh); const dyL = dyh - dyH;
  t = SPLITTER * dzh; const dzH = t - (t - dzh); const dzL = dzh - dzH;
  t = SPLITTER * wxh; const wxH = t - (t - wxh); const wxL = wxh - wxH;
  t = SPLITTER * wyh; const wyH = t - (t - wyh); const wyL = wyh - wyH;
  t = SPLITTER * wzh; const wzH = t - (t - wzh); const wzL = wzh - wzH;

  // b = d.w
  const p1 = dxh * wxh; const p1e = dxH * wxH - p1 + dxH * wxL + dxL * wxH + dxL * wxL;
  const p2 = dyh * wyh; const p2e = dyH * wyH - p2 + dyH * wyL + dyL * wyH + dyL * wyL;
  const p3 = dzh * wzh; const p3e = dzH * wzH - p3 + dzH * wzL + dzL * wzH + dzL * wzL;
  s = p1 + p2; bb = s - p1; e = p1 - (s - bb) + (p2 - bb);
  s2 = s + p3; bb = s2 - s; e2 = s - (s2 - bb) + (p3 - bb);
  low = e + e2 + p1e + p2e + p3e +
    (dxh * wxl + dxl * wxh + dyh * wyl + dyl * wyh + dzh * wzl + dzl * wzh) + (dxl * wxl + dyl * wyl + dzl * wzl);
  const bh = s2 + low; bb = bh - s2; const bl = s2 - (bh - bb) + (low - bb);
  if (bh >= 0) {
    SQ[15] = Infinity;
    return;
  }

  // c = d.d - R^2
  t = SPLITTER * Rh; const RH = t - (t - Rh); const RL = Rh - RH;
  const q1 = dxh * dxh; const q1e = dxH * dxH - q1 + 2 * dxH * dxL + dxL * dxL;
  const q2 = dyh * dyh; const q2e = dyH * dyH - q2 + 2 * dyH * dyL + dyL * dyL;
  const q3 = dzh * dzh; const q3e = dzH * dzH - q3 + 2 * dzH * dzL + dzL * dzL;
  const q4 = Rh * Rh; const q4e = RH * RH - q4 + 2 * RH * RL + RL * RL;
  s = q1 + q2; bb = s - q1; e = q1 - (s - bb) + (q2 - bb);
  s2 = s + q3; bb = s2 - s; e2 = s - (s2 - bb) + (q3 - bb);
  const s3 = s2 - q4; bb = s3 - s2; const e3 = s2 - (s3 - bb) + (-q4 - bb);
  low = e + e2 + e3 + q1e + q2e + q3e - q4e +
    2 * (dxh * dxl + dyh * dyl + dzh * dzl - Rh * Rl) + (dxl * dxl + dyl * dyl + dzl * dzl - Rl * Rl);
  let ch = s3 + low; bb = ch - s3; let cl = s3 - (ch - bb) + (low - bb);
  if (ch < 2 ** -40 * (q1 + q2 + q3 + q4)) {
    // Within about 2^-40 of touching: sum c exactly (see exactToiCircles).
    exactGap(dxh, dxl, dyh, dyl, dzh, dzl, Rh, Rl);
    ch = exactGapOut[0];
    cl = exactGapOut[1];
  }
  if (ch <= 0) {
    SQ[15] = 0;
    return;
  }
  if (Rh === 0) {
    // Two points: they collide head-on, at the double root (see toi-points.ts).
    const tp = ldexp(pointsMeetTime(dxh, dxl, dyh, dyl, dzh, dzl, wxh, wxl, wyh, wyl, wzh, wzl), timeShift);
    SQ[15] = tp <= tMax ? tp : Infinity;
    return;
  }

  // a = w.w
  const r1 = wxh * wxh; const r1e = wxH * wxH - r1 + 2 * wxH * wxL + wxL * wxL;
  const r2 = wyh * wyh; const r2e = wyH * wyH - r2 + 2 * wyH * wyL + wyL * wyL;
  const r3 = wzh * wzh; const r3e = wzH * wzH - r3 + 2 * wzH * wzL + wzL * wzL;
  s = r1 + r2; bb = s - r1; e = r1 - (s - bb) + (r2 - bb);
  s2 = s + r3; bb = s2 - s; e2 = s - (s2 - bb) + (r3 - bb);
  low = e + e2 + r1e + r2e + r3e + 2 * (wxh * wxl + wyh * wyl + wzh * wzl) + (wxl * wxl + wyl * wyl + wzl * wzl);
  const ah = s2 + low; const al = low - (ah - s2);

  if (Rh < 2 ** -50 * Math.max(Math.abs(dxh), Math.abs(dyh), Math.abs(dzh))) {
    // A radius sum tiny next to the distance: the discriminant from Lagrange's identity.
    const tf = ldexp(farSmallRoot(dxh, dxl, dyh, dyl, dzh, dzl, wxh, wxl, wyh, wyl, wzh, wzl, ah, bh, bl, ch, cl, Rh), timeShift);
    SQ[15] = tf <= tMax ? tf : Infinity;
    return;
  }
  const c = contactRootInput;
  c[0] = ah; c[1] = al; c[2] = bh; c[3] = bl; c[4] = ch; c[5] = cl;
  if (timeShift === 0) {
    c[6] = tMax;
    firstContactRoot();
    SQ[15] = c[7];
  } else {
    // Rescaled: compare with tMax in the caller's units (see exactToiCircles).
    c[6] = Infinity;
    firstContactRoot();
    const root = ldexp(c[7], timeShift);
    SQ[15] = root <= tMax ? root : Infinity;
  }
}

/**
 * Time of impact of two moving spheres: the earliest t in [0, tMax] at which they touch while
 * approaching; each sphere is at (x, y, z) + t (vx, vy, vz) at time t, tMax defaults to 1.
 *
 * - Already overlapping (or touching) and approaching: 0.
 * - Moving apart, or no relative motion: Infinity (even when overlapping).
 * - Paths that only graze tangentially, never meet, or meet after tMax: Infinity.
 *
 * Two points moving head-on collide where they coincide; any finite input returns a number
 * (never NaN), a time beyond the largest double being Infinity. Accuracy as for
 * timeOfImpactCircles. Throws a RangeError for non-finite coordinates, a
 * negative radius, or a negative or NaN tMax.
 */
export function timeOfImpactSpheres(a: MovingSphere, b: MovingSphere, tMax = 1): number {
  // As in timeOfImpactCircles: the screen inlines, the quick root takes the objects, the checks
  // run on the slow path (and for a negative radius or tMax).
  if (a.r >= 0 && b.r >= 0 && tMax >= 0) {
    const r = screenSpheresQuick(a.x, a.y, a.z, a.vx, a.vy, a.vz, a.r, b.x, b.y, b.z, b.vx, b.vy, b.vz, b.r, tMax);
    if (r >= 0) return r;
    SQ[14] = tMax;
    if (r < 0 && quickSpheresOf(a, b) === true) return SQ[15];
  }
  slowSpheres(a, b, tMax);
  return SQ[15];
}

/** The checked slow path of {@link timeOfImpactSpheres} (see slowCircles); the answer lands in spheresExactInput[15]. */
function slowSpheres(a: MovingSphere, b: MovingSphere, tMax: number): void {
  checkMovingSphere(a, "a");
  checkMovingSphere(b, "b");
  checkTMax(tMax);
  const r = screenSpheres(a.x, a.y, a.z, a.vx, a.vy, a.vz, a.r, b.x, b.y, b.z, b.vx, b.vy, b.vz, b.r, tMax);
  const q = SQ;
  if (r === r) {
    q[15] = r;
    return;
  }
  q[0] = a.x; q[1] = a.y; q[2] = a.z; q[3] = a.vx; q[4] = a.vy; q[5] = a.vz; q[6] = a.r; q[7] = b.x; q[8] = b.y; q[9] = b.z; q[10] = b.vx; q[11] = b.vy; q[12] = b.vz; q[13] = b.r; q[14] = tMax;
  if (!certifiedSpheres(q)) exactToiSpheres();
}

/** Like {@link sweepSpheres}, without allocating: fills `out` and returns true on a hit. */
export function sweepSpheresInto(out: SweepHit3, a: MovingSphere, b: MovingSphere, tMax = 1): boolean {
  const t = timeOfImpactSpheres(a, b, tMax);
  if (t === Infinity) return false;
  // The direction from A to B at time t, at full precision and any scale (see sweepCirclesInto).
  loadScaled(a.x, a.y, a.z, b.x, b.y, b.z, a.vx, a.vy, a.vz, b.vx, b.vy, b.vz);
  const R = a.r + b.r;
  if (t > 0 && R > 0 && R < 2 ** -40 * Math.max(Math.abs(b.x - a.x), Math.abs(b.y - a.y), Math.abs(b.z - a.z))) farSmallContactDirection(R, 3);
  else unitOffsetAt(t);
  out.t = t;
  out.nx = unitOffset[0];
  out.ny = unitOffset[1];
  out.nz = unitOffset[2];
  out.px = pointAlong(a.x, a.vx, t) + a.r * out.nx;
  out.py = pointAlong(a.y, a.vy, t) + a.r * out.ny;
  out.pz = pointAlong(a.z, a.vz, t) + a.r * out.nz;
  return true;
}

/**
 * First contact of two moving spheres: `{t, px, py, pz, nx, ny, nz}` (contact point on A's
 * surface, unit normal from A towards B) or null. Same cases as {@link timeOfImpactSpheres}.
 */
export function sweepSpheres(a: MovingSphere, b: MovingSphere, tMax = 1): SweepHit3 | null {
  const out: SweepHit3 = { t: 0, px: 0, py: 0, pz: 0, nx: 0, ny: 0, nz: 0 };
  return sweepSpheresInto(out, a, b, tMax) ? out : null;
}
