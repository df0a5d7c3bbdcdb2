/**
 * The relative motion of two bodies, scaled before anything is squared: d = pB - pA and
 * w = vB - vA as exact double-doubles (TwoSum), each multiplied by a power of two that brings
 * its largest component into [1, 2), so that products, squares and error terms neither overflow
 * nor underflow at any input scale. Differences beyond the largest double (coordinates near
 * ±1.7e308 on both sides) are formed from halved inputs. Used by the closest approach and by
 * the contact normals of the sweeps.
 */
import { dotDD, ldexp, offsetAt, twoSum, dd } from "../math/double-double.js";

/** x * 2^k without intermediate overflow (ldexp); exact when the result is normal. */
const scale2 = ldexp;

/** The exponent k with 2^k <= m < 2^(k+1) for a finite m > 0 (Math.log2 only picks a power of two). */
export function exponentOf(m: number): number {
  let k = Math.floor(Math.log2(m));
  // Guard Math.log2's last-ulp rounding near powers of two.
  if (scale2(m, -k) >= 2) k++;
  else if (scale2(m, -k) < 1) k--;
  return k;
}

/**
 * Scratch: the scaled relative motion. s[0..5] = d as (hi, lo) per axis, s[6..11] = w, with
 * d = d' 2^s[12] and w = w' 2^s[13].
 */
export const relativeMotion = new Float64Array(14);
const s = relativeMotion;

/**
 * Fills {@link relativeMotion} with d = pB - pA and w = vB - vA (pass zeros for z in 2D) as
 * double-doubles scaled by powers of two so that the largest component of each lies in [1, 2).
 */
export function loadScaled(
  ax: number, ay: number, az: number, bx: number, by: number, bz: number,
  avx: number, avy: number, avz: number, bvx: number, bvy: number, bvz: number,
): void {
  let ed = 0;
  let ew = 0;
  twoSum(bx, -ax); s[0] = dd[0]; s[1] = dd[1];
  twoSum(by, -ay); s[2] = dd[0]; s[3] = dd[1];
  twoSum(bz, -az); s[4] = dd[0]; s[5] = dd[1];
  if (!(Math.abs(s[0]) + Math.abs(s[2]) + Math.abs(s[4]) < Infinity)) {
    // A difference overflowed: halve the positions (exact for normal inputs), d = 2 d'.
    twoSum(bx * 0.5, -ax * 0.5); s[0] = dd[0]; s[1] = dd[1];
    twoSum(by * 0.5, -ay * 0.5); s[2] = dd[0]; s[3] = dd[1];
    twoSum(bz * 0.5, -az * 0.5); s[4] = dd[0]; s[5] = dd[1];
    ed = 1;
  }
  twoSum(bvx, -avx); s[6] = dd[0]; s[7] = dd[1];
  twoSum(bvy, -avy); s[8] = dd[0]; s[9] = dd[1];
  twoSum(bvz, -avz); s[10] = dd[0]; s[11] = dd[1];
  if (!(Math.abs(s[6]) + Math.abs(s[8]) + Math.abs(s[10]) < Infinity)) {
    twoSum(bvx * 0.5, -avx * 0.5); s[6] = dd[0]; s[7] = dd[1];
    twoSum(bvy * 0.5, -avy * 0.5); s[8] = dd[0]; s[9] = dd[1];
    twoSum(bvz * 0.5, -avz * 0.5); s[10] = dd[0]; s[11] = dd[1];
    ew = 1;
  }
  const md = Math.max(Math.abs(s[0]), Math.abs(s[2]), Math.abs(s[4]));
  if (md > 0) {
    const k = exponentOf(md);
    for (let i = 0; i < 6; i++) s[i] = scale2(s[i], -k);
    ed += k;
  }
  const mw = Math.max(Math.abs(s[6]), Math.abs(s[8]), Math.abs(s[10]));
  if (mw > 0) {
    const k = exponentOf(mw);
    for (let i = 6; i < 12; i++) s[i] = scale2(s[i], -k);
    ew += k;
  }
  s[12] = ed;
  s[13] = ew;
}

/**
 * sqrt(x^2 + y^2 + z^2): the plain formula where its squares can neither underflow nor overflow
 * (the same bits), else {@link norm3}. A contact normal between bodies of radius 1e-160 would
 * otherwise come out 1.00001 long, and at 1e-300 the squares vanish (a length of 0).
 */
export function length3(x: number, y: number, z: number): number {
  const s = x * x + y * y + z * z;
  return s > 2 ** -900 && s < Infinity ? Math.sqrt(s) : norm3(x, y, z);
}

/** sqrt(x^2 + y^2 + z^2) with the components first scaled by a power of two near the largest. */
export function norm3(x: number, y: number, z: number): number {
  const m = Math.max(Math.abs(x), Math.abs(y), Math.abs(z));
  if (m === 0) return 0;
  const k = exponentOf(m);
  const xs = scale2(x, -k), ys = scale2(y, -k), zs = scale2(z, -k);
  return scale2(Math.sqrt(xs * xs + ys * ys + zs * zs), k);
}


/** Output of {@link unitOffsetAt}: the unit vector in slots 0..2. */
export const unitOffset = new Float64Array(3);

/**
 * The unit vector along d + t w for the motion loaded by {@link loadScaled} (at a contact time
 * t of the caller's units): the direction from A's centre to B's at time t, to full precision
 * at any scale. When d + t w vanishes (two points meeting), the direction d they came from;
 * when d vanishes too, w's; never NaN.
 */
export function unitOffsetAt(t: number): void {
  const ed = s[12], ew = s[13];
  // tau = t 2^(ew - ed): at a contact |d + t w| = R <= |d|, so tau |w'| <= 2 |d'| stays small.
  const tau = t === 0 ? 0 : scale2(t, ew - ed);
  let x = 0, y = 0, z = 0;
  if (tau < Infinity) {
    x = offsetAt(s[0], -s[1], s[6], -s[7], tau);
    y = offsetAt(s[2], -s[3], s[8], -s[9], tau);
    z = offsetAt(s[4], -s[5], s[10], -s[11], tau);
  }
  if (x === 0 && y === 0 && z === 0) {
    x = s[0]; y = s[2]; z = s[4];
  }
  if (x === 0 && y === 0 && z === 0) {
    x = s[6]; y = s[8]; z = s[10];
  }
  if (x === 0 && y === 0 && z === 0) x = 1;
  // Divide by the largest component first (as the sweeps always did: the same bits), then by
  // the length of the result, which lies in [1, sqrt(3)].
  const m = Math.max(Math.abs(x), Math.abs(y), Math.abs(z));
  x /= m;
  y /= m;
  z /= m;
  const len = Math.sqrt(x * x + y * y + z * z);
  unitOffset[0] = x / len;
  unitOffset[1] = y / len;
  unitOffset[2] = z / len;
}

/**
 * x + t v (+ r n) without a spurious overflow: when t v exceeds the double range but the sum
 * does not, the sum is formed from halves. A result beyond the double range is ±Infinity, never
 * NaN (x, v, r, n finite; t finite).
 */
export function pointAlong(x: number, v: number, t: number): number {
  const p = x + t * v;
  return p - p === 0 ? p : 2 * (0.5 * x + t * (0.5 * v));
}

/**
 * x + t v + t^2 a / 2, evaluated as written ((x + t v) + (t^2 / 2) a) when that is finite, and
 * otherwise from terms scaled by a common power of two, so that an intermediate overflow
 * (t^2 beyond the double range, terms of opposite signs) gives the right finite value or
 * ±Infinity, never NaN (x, v, a finite, t >= 0 finite).
 */
export function quadraticAt(x: number, v: number, a: number, t: number): number {
  const p = x + t * v + 0.5 * t * t * a;
  if (p - p === 0) return p;
  return scaledQuadratic(x, v, a, t);
}

function scaledQuadratic(x: number, v: number, a: number, t: number): number {
  // t = t' 2^kt with t' in [1, 2); the terms x, t v, t^2 a / 2 have exponents at most
  // ex, ev + kt + 1, ea + 2 kt + 1; scale all by 2^-j, j the largest, and add.
  const kt = t > 0 ? exponentOf(t) : 0;
  const ts = t > 0 ? scale2(t, -kt) : 0;
  let j = x !== 0 ? exponentOf(Math.abs(x)) : -2000;
  if (v !== 0 && t > 0) j = Math.max(j, exponentOf(Math.abs(v)) + kt + 1);
  if (a !== 0 && t > 0) j = Math.max(j, exponentOf(Math.abs(a)) + 2 * kt + 1);
  let s = scale2(x, -j);
  if (v !== 0 && t > 0) s += ts * scale2(v, kt - j);
  if (a !== 0 && t > 0) s += 0.5 * ts * ts * scale2(a, 2 * kt - j);
  return scale2(s, j);
}

/**
 * The unit vector along (pB + t vB + t^2 aB / 2) - (pA + t vA + t^2 aA / 2) from the inputs
 * themselves (flat [x, y, z, vx, vy, vz, ax, ay, az] of A from `a` and of B from `b` in
 * `io`), every term from halves scaled by a common power of two: a fallback for directions whose
 * double-double evaluation overflowed. When the offset vanishes, the direction of pB - pA, then
 * of vB - vA; never NaN. Written to {@link unitOffset}.
 */
export function scaledDirectionAt(io: ArrayLike<number>, a: number, b: number, t: number): void {
  let x = 0, y = 0, z = 0;
  for (let pass = 0; pass < 3 && x === 0 && y === 0 && z === 0; pass++) {
    // pass 0: the full offset at t; pass 1: positions only; pass 2: velocities only.
    const c0 = [0, 0, 0];
    for (let k = 0; k < 3; k++) {
      const dp = pass === 2 ? 0 : 0.5 * io[b + k] - 0.5 * io[a + k];
      const dv = pass === 1 ? 0 : 0.5 * io[b + 3 + k] - 0.5 * io[a + 3 + k];
      const da = pass === 0 ? 0.5 * io[b + 6 + k] - 0.5 * io[a + 6 + k] : 0;
      c0[k] = pass === 2 ? dv : scaledQuadratic(dp, dv, da, pass === 0 ? t : 0);
    }
    const m = Math.max(Math.abs(c0[0]), Math.abs(c0[1]), Math.abs(c0[2]));
    if (m === Infinity) {
      // Components beyond the double range: keep the infinite ones' signs.
      x = Math.abs(c0[0]) === Infinity ? Math.sign(c0[0]) : 0;
      y = Math.abs(c0[1]) === Infinity ? Math.sign(c0[1]) : 0;
      z = Math.abs(c0[2]) === Infinity ? Math.sign(c0[2]) : 0;
    } else {
      x = c0[0]; y = c0[1]; z = c0[2];
    }
  }
  if (x === 0 && y === 0 && z === 0) x = 1;
  const len = norm3(x, y, z);
  unitOffset[0] = x / len + 0;
  unitOffset[1] = y / len + 0;
  unitOffset[2] = z / len + 0;
}

/**
 * The unit vector from A's centre to B's at first contact for the motion loaded by
 * {@link loadScaled}, for a radius sum R tiny next to the distance (R < 2^-40 |d|): there
 * d + t w loses everything to the rounding of t (t w moves by far more than R per ulp of t), so
 * the offset is built from its exact parts instead. At contact it is the part of d across the
 * motion, d_perp = (w x (d x w)) / |w|^2 (cross products from exact products), plus the part
 * along the motion, -w^ sqrt(R^2 - |d_perp|^2) (approaching: against w). Written to
 * {@link unitOffset}; never NaN.
 */
export function farSmallContactDirection(R: number, dims: number): void {
  const dxh = s[0], dxl = s[1], dyh = s[2], dyl = s[3], dzh = s[4], dzl = s[5];
  const wx = s[6], wy = s[8], wz = s[10];
  const cx = dims === 2 ? 0 : dotDD(dyh, dyl, s[10], s[11], -dzh, -dzl, s[8], s[9], 0, 0, 0, 0);
  const cy = dims === 2 ? 0 : dotDD(dzh, dzl, s[6], s[7], -dxh, -dxl, s[10], s[11], 0, 0, 0, 0);
  const cz = dotDD(dxh, dxl, s[8], s[9], -dyh, -dyl, s[6], s[7], 0, 0, 0, 0);
  const a = wx * wx + wy * wy + wz * wz;
  // d_perp / R in the scaled frame (R' = R 2^-ed), so that nothing squares R itself.
  const Rs = scale2(R, -s[12]);
  let px = (wy * cz - wz * cy) / a / Rs;
  let py = (wz * cx - wx * cz) / a / Rs;
  let pz = (wx * cy - wy * cx) / a / Rs;
  let along = 0;
  const p2 = px * px + py * py + pz * pz;
  if (!(p2 < Infinity)) {
    // The paths pass farther apart than R allows (rounding): the direction across the motion.
    const m = Math.max(Math.abs(px), Math.abs(py), Math.abs(pz));
    px = m === Infinity ? Math.sign(px) * +(Math.abs(px) === Infinity) : px / m;
    py = m === Infinity ? Math.sign(py) * +(Math.abs(py) === Infinity) : py / m;
    pz = m === Infinity ? Math.sign(pz) * +(Math.abs(pz) === Infinity) : pz / m;
  } else if (p2 < 1) along = Math.sqrt(1 - p2) / Math.sqrt(a);
  unitOffset[0] = px - wx * along;
  unitOffset[1] = py - wy * along;
  unitOffset[2] = pz - wz * along;
  const m = Math.max(Math.abs(unitOffset[0]), Math.abs(unitOffset[1]), Math.abs(unitOffset[2]));
  if (!(m > 0)) {
    unitOffsetAt(0);
    return;
  }
  const x = unitOffset[0] / m, y = unitOffset[1] / m, z = unitOffset[2] / m;
  const len = Math.sqrt(x * x + y * y + z * z);
  unitOffset[0] = x / len + 0;
  unitOffset[1] = y / len + 0;
  unitOffset[2] = z / len + 0;
}
