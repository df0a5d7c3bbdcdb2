/**
 * Ball–cushion collision: pooltool's StrongeCompliant model (docs/pool-model.md 6.3; W. J.
 * Stronge, "Impact Mechanics", compliant frictional impact of a sphere on a half-space with
 * tangential compliance, in closed form). The same formulas serve straight cushions and jaws;
 * only the contact normal differs. It is 3D: the normal runs from the cushion's contact line
 * (at cushion height h) to the ball centre (at R < h), so it points about 15.6° below the
 * horizontal and part of the impulse goes into the spin.
 *
 * The slip-end time t_slip is the root of a smooth function bracketed by [t_c, t_f]; pooltool
 * finds it with scipy's toms748 (xtol 2e-12 s), carom with {@link bracketedRoot} (regula falsi
 * with the Illinois modification and bisection safeguards) to full precision. sin, cos and acos
 * come from ./elementary.ts (deterministic, + − × ÷ √ only).
 */
import { acos, cos, PI, sin } from "./elementary.js";
import { SLIDING, STRIDE } from "./motion.js";
import type { BallParams } from "./params.js";

const BETA_T = 3.5;
const BETA_N = 1;
const K_N = 1000;
/** pooltool's default ratio of tangential to normal compliance frequencies. */
export const OMEGA_RATIO = 1.8;

/** numpy's isclose with its default tolerances (rtol 1e-5, atol 1e-8). */
function isClose(a: number, b: number): boolean {
  return Math.abs(a - b) <= 1e-8 + 1e-5 * Math.abs(b);
}

// Parameters of the slip-end functions below (module state, so that no closure is allocated
// per impact).
let P_RHO = 0, P_MU = 0, P_ETA2 = 0, P_WN = 0, P_WT = 0, P_E = 0, P_VN0 = 0, P_UST = 0, P_VST = 0, P_TST = 0;

/** Restitution phase ψ(t) = ω_n t / e + (π/2)(1 − 1/e). */
function psi(t: number): number {
  return (P_WN * t) / P_E + (PI / 2) * (1 - 1 / P_E);
}

/** Initial stick: the slip restarts where |ρ sin(ω_t t)| = μ η² (ω_t/ω_n) sin ψ(t). */
function stickEnd(t: number): number {
  return Math.abs(P_RHO * sin(P_WT * t)) - P_MU * P_ETA2 * (P_WT / P_WN) * sin(psi(t));
}

/** Slip, stick, slip: the second slip starts where the stick force reaches the friction limit. */
function secondSlip(t: number): number {
  const s = t - P_TST;
  return Math.abs((P_WN / (P_MU * P_VN0)) * (P_UST * cos(P_WT * s) - (P_VST / P_WT) * sin(P_WT * s))) - P_ETA2 * sin(psi(t));
}

/**
 * A root in [a, b] of {@link stickEnd} (kind 0) or {@link secondSlip} (kind 1), given opposite
 * signs at the ends (else the end where |f| is smaller): regula falsi with the Illinois
 * modification and a bisection step whenever the bracket fails to halve; ends when the bracket
 * is down to adjacent doubles or f is exactly 0.
 */
export function bracketedRoot(kind: number, a: number, b: number): number {
  const f = kind === 0 ? stickEnd : secondSlip;
  let fa = f(a), fb = f(b);
  if (fa === 0) return a;
  if (fb === 0) return b;
  if ((fa > 0) === (fb > 0)) return Math.abs(fa) <= Math.abs(fb) ? a : b;
  let side = 0;
  for (let iter = 0; iter < 200; iter++) {
    const width = b - a;
    let c = b - (fb * (b - a)) / (fb - fa);
    if (!(c > a && c < b)) c = a + 0.5 * (b - a);
    if (c <= a || c >= b) break; // adjacent doubles
    const fc = f(c);
    if (fc === 0) return c;
    if ((fc > 0) === (fb > 0)) {
      b = c; fb = fc;
      if (side === -1) fa *= 0.5;
      side = -1;
    } else {
      a = c; fa = fc;
      if (side === 1) fb *= 0.5;
      side = 1;
    }
    if (b - a > 0.5 * width && iter % 3 === 2) {
      const m = a + 0.5 * (b - a);
      if (m <= a || m >= b) break;
      const fm = f(m);
      if (fm === 0) return m;
      if ((fm > 0) === (fb > 0)) { b = m; fb = fm; } else { a = m; fa = fm; }
      side = 0;
    }
  }
  return Math.abs(fa) <= Math.abs(fb) ? a : b;
}

/**
 * The tangential velocity change of Stronge's compliant impact: given the normal and tangential
 * slip speeds v_n0 (< 0) and v_t0 (<= 0), returns v_tf (the final tangential slip speed).
 */
export function strongeTangential(vn0: number, vt0: number, mu: number, e: number, m: number): number {
  const B = BETA_T / BETA_N;
  const eta2 = B / (OMEGA_RATIO * OMEGA_RATIO);
  const wn = Math.sqrt((BETA_N * K_N) / m);
  const wt = wn * Math.sqrt(B / eta2);
  const tc = PI / (2 * wn);
  const tf = (1 + e) * tc;
  const rho = vt0 / vn0;
  P_RHO = rho; P_MU = mu; P_ETA2 = eta2; P_WN = wn; P_WT = wt; P_E = e; P_VN0 = vn0;
  if (rho > mu * ((1 + e) * B - eta2 / e)) {
    // Gross slip throughout.
    return vt0 - mu * vn0 * B * (1 + e);
  }
  if (rho < mu * eta2) {
    // Initial stick.
    let tSlip: number;
    if (isClose(rho, 0)) tSlip = tf;
    else if (isClose(rho, mu * eta2)) tSlip = tc;
    else tSlip = bracketedRoot(0, tc, tf);
    return vt0 * cos(wt * tSlip) + mu * vn0 * B * e * (1 + cos(psi(tSlip)));
  }
  // Slip, stick, slip.
  let tauStar: number;
  if (rho <= mu * B) {
    const x = (rho / mu - B) / (eta2 - B);
    tauStar = (2 / PI) * acos(x);
  } else {
    const x = (rho / mu - B) / (eta2 / e - e * B);
    tauStar = (2 / PI) * (acos(x) - (PI / 2) * (1 - 1 / e)) * e;
  }
  const tst = tauStar * tc;
  let ust: number, vst: number;
  if (tst <= tc) {
    ust = (-mu * vn0 * eta2 * sin(wn * tst)) / wn;
    vst = vt0 - mu * B * vn0 * (1 - cos(wn * tst));
  } else {
    const p = psi(tst);
    ust = (-mu * vn0 * eta2 * sin(p)) / wn;
    vst = vt0 - mu * B * vn0 * (1 - e * cos(p));
  }
  P_UST = ust; P_VST = vst; P_TST = tst;
  let tSlip: number;
  if (isClose(rho, mu * eta2)) tSlip = tc;
  else if (isClose(rho, mu * ((1 + e) * B - eta2 / e))) tSlip = tf;
  else tSlip = bracketedRoot(1, tc, tf);
  return wt * ust * sin(wt * (tSlip - tst)) + vst * cos(wt * (tSlip - tst)) + B * mu * vn0 * e * (1 + cos(psi(tSlip)));
}

/**
 * Resolves the impact of ball i (already kissed) on a cushion whose contact normal, from the
 * cushion to the ball centre, is (nx, ny, nz) (unit, 3D), in place; the ball is left sliding.
 */
export function resolveCushion(B: Float64Array, S: Int8Array, i: number, nx: number, ny: number, nz: number, p: BallParams): void {
  const o = i * STRIDE;
  const R = p.R;
  const vx = B[o + 3], vy = B[o + 4], vz = B[o + 5];
  const wx = B[o + 6], wy = B[o + 7], wz = B[o + 8];
  // Contact slip u = v + w × (−R n) = v − R (w × n).
  const ux = vx - R * (wy * nz - wz * ny);
  const uy = vy - R * (wz * nx - wx * nz);
  const uz = vz - R * (wx * ny - wy * nx);
  const vn0 = nx * ux + ny * uy + nz * uz;
  const tx0 = ux - vn0 * nx, ty0 = uy - vn0 * ny, tz0 = uz - vn0 * nz;
  const ut = Math.sqrt(tx0 * tx0 + ty0 * ty0 + tz0 * tz0);
  const vt0 = -ut;
  const e = p.e_c;
  const vtf = strongeTangential(vn0, vt0, p.f_c, e, p.m);
  const cosPsiF = cos(PI); // ψ(t_f) = π
  const vnf = e * vn0 * cosPsiF;
  const jn = (vnf - vn0) / BETA_N;
  const jt = ut > 0 ? (vtf - vt0) / BETA_T : 0;
  // Tangent t points against the slip: t = −u_t/|u_t|.
  const tx = ut > 0 ? -tx0 / ut : 0, ty = ut > 0 ? -ty0 / ut : 0, tz = ut > 0 ? -tz0 / ut : 0;
  const jx = jt * tx, jy = jt * ty, jz = jt * tz;
  B[o + 3] = vx + jn * nx + jx;
  B[o + 4] = vy + jn * ny + jy;
  B[o + 5] = 0;
  // w += (5/(2R)) (−n) × (jt t).
  const k = 2.5 / R;
  B[o + 6] = wx + k * -(ny * jz - nz * jy);
  B[o + 7] = wy + k * -(nz * jx - nx * jz);
  B[o + 8] = wz + k * -(nx * jy - ny * jx);
  S[i] = SLIDING;
}

/** Contact normal (3D, unit) of ball i against the straight cushion p1→p2 at height h, into out[0..2]. */
export function lineNormal(out: Float64Array, B: Float64Array, i: number, p1x: number, p1y: number, p2x: number, p2y: number, h: number): void {
  const o = i * STRIDE;
  const ex = p2x - p1x, ey = p2y - p1y;
  const el = Math.sqrt(ex * ex + ey * ey);
  const dx = ex / el, dy = ey / el;
  const rx = B[o] - p1x, ry = B[o + 1] - p1y, rz = B[o + 2] - h;
  const along = rx * dx + ry * dy;
  const nx = rx - along * dx, ny = ry - along * dy, nz = rz;
  const n = Math.sqrt(nx * nx + ny * ny + nz * nz);
  out[0] = nx / n; out[1] = ny / n; out[2] = nz / n;
}

/** Contact normal (3D, unit) of ball i against a jaw centred at (cx, cy, h), into out[0..2]. */
export function circleNormal(out: Float64Array, B: Float64Array, i: number, cx: number, cy: number, h: number): void {
  const o = i * STRIDE;
  const nx = B[o] - cx, ny = B[o + 1] - cy, nz = B[o + 2] - h;
  const n = Math.sqrt(nx * nx + ny * ny + nz * nz);
  out[0] = nx / n; out[1] = ny / n; out[2] = nz / n;
}
