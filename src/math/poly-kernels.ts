/**
 * The two iteration kernels of the quartic solver: critical points of p (Halley on p', stage 2 of
 * the file comment of poly-roots.ts) and roots inside brackets (Halley from the osculating
 * parabola, finished by a compensated Newton step, stage 3), each also in a lane-parallel form.
 */
import { SPLITTER } from "./double-double.js";
import { CA, CB, CDX, CH, CS, CX, CX0, EPS_PLAIN, K, KL, LA, LB, LS, LX, LX0, TWO_M12, TWO_M17, TWO_M26, TWO_M54, TWO_M8, W, W_A, W_B, W_D2, W_DX, W_EF, W_EX, W_SA, W_TOL, W_X, W_X0 } from "./poly-state.js";
import { compensatedValue, midpoint } from "./poly-eval.js";

// ---------------------------------------------------------------------------------------------
// Critical points (roots of p').

/** The step before last of each lane of {@link criticalPoints}. */
const CPREV = new Float64Array(3);
const TWO_M4 = 2 ** -4;

/**
 * Root of p' in the bracket (W_A, W_B) (p' has sign W_SA at W_A and the opposite sign at W_B),
 * from the start W_X0, until a step is below W_TOL times the root; result in W_X, p'' there in
 * W_D2, the size of the last step (a bound on the error) in W_DX. Halley's method g - g g' / (g'^2 - g g''/2) inside the shrinking bracket, bisection when
 * a step would leave it or fails to halve the step before last.
 */
export function criticalPoint(): void {
  const d0 = K[1];
  const d1 = 2 * K[2];
  const d2 = 3 * K[3];
  const d3 = 4 * K[4];
  const tol = W[W_TOL];
  let a = W[W_A];
  let b = W[W_B];
  const sa = W[W_SA];
  let x = W[W_X0];
  let dxOld = b - a;
  let dx = dxOld;
  for (let it = 0; it < 400; it++) {
    // g = p', gp = p'', gh = p'''/2 by Horner's rule with derivatives.
    let g = d3 * x + d2;
    let gp = d3 * x + g;
    g = g * x + d1;
    const gh = d3 * x + gp;
    gp = gp * x + g;
    g = g * x + d0;
    if (g === 0) {
      W[W_X] = x;
      W[W_D2] = gp;
      W[W_DX] = 0;
      return;
    }
    if (g > 0 === sa > 0) a = x;
    else b = x;
    const den = gp * gp - g * gh;
    let xn = x - (g * gp) / den;
    if (!(Math.abs(2 * g * gp) <= Math.abs(dxOld * den)) || !(xn > a && xn < b)) {
      dxOld = dx;
      xn = midpoint(a, b);
      dx = x - xn;
    } else {
      dxOld = dx;
      dx = x - xn;
    }
    if (Math.abs(dx) <= tol * Math.abs(xn) || !(xn > a && xn < b)) {
      W[W_X] = xn;
      W[W_D2] = gp;
      W[W_DX] = Math.abs(dx);
      return;
    }
    x = xn;
  }
  W[W_X] = x;
  W[W_D2] = 0;
  W[W_DX] = Math.abs(dx);
}

/**
 * Critical points in up to three brackets at once (lanes CA/CB/CS/CX as for the roots): three
 * Halley steps in lockstep with no data-dependent branch, accepted when the lane stayed in its
 * bracket and the last step was below 2^-12 of the point; other lanes are finished by
 * {@link criticalPoint}. The last step is kept in CDX as a (generous) bound on the error: the
 * walk pins a point down further when that error could matter (see pinCritical).
 */
export function criticalPoints(lanes: number): void {
  const d0 = K[1];
  const d1 = 2 * K[2];
  const d2 = 3 * K[3];
  const d3 = 4 * K[4];
  for (let it = 0; it < 3; it++) {
    for (let j = 0; j < lanes; j++) {
      CPREV[j] = it === 0 ? Infinity : CDX[j];
      const x = CX[j];
      let g = d3 * x + d2;
      let gp = d3 * x + g;
      g = g * x + d1;
      const gh = d3 * x + gp;
      gp = gp * x + g;
      g = g * x + d0;
      const step = (g * gp) / (gp * gp - g * gh);
      CX[j] = x - step;
      CH[j] = gp;
      CDX[j] = Math.abs(step);
    }
  }
  for (let j = 0; j < lanes; j++) {
    const x = CX[j];
    // Accepted when the last step is below 2^-12 of the point, or (a point near 0 in a wide
    // bracket) below 2^-12 of the bracket while the steps shrink fast (Halley converging, not
    // crawling across a flat stretch: a slow crawl once stopped far from the root).
    const dx = CDX[j];
    const converged = dx <= TWO_M12 * Math.abs(x) || (dx <= TWO_M12 * (CB[j] - CA[j]) && dx <= TWO_M4 * CPREV[j]);
    if (!(x > CA[j] && x < CB[j] && converged)) {
      W[W_A] = CA[j];
      W[W_B] = CB[j];
      W[W_SA] = CS[j];
      W[W_X0] = x > CA[j] && x < CB[j] ? x : CX0[j];
      W[W_TOL] = TWO_M12;
      criticalPoint();
      CX[j] = W[W_X];
      CH[j] = W[W_D2];
      CDX[j] = W[W_DX];
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Roots.

/**
 * Root of p in the bracket (W_A, W_B) (p has sign W_SA at W_A and the opposite sign at W_B),
 * from the start W_X0; result in W_X: the safeguarded scalar iteration. Phase 1: Halley steps
 * on the plain Horner values inside the shrinking bracket (bisection when a step would leave it
 * or fails to halve the step before last), until a step is below 2^-17 of the root or the
 * plain value drowns in its rounding error bound. Phase 2: Newton steps on the compensated
 * value, until the predicted error of the last step (Newton's |p''/(2p')| dx^2 plus the relative
 * rounding error of the plain p' times dx) is below 2^-54 of the root and dx itself below
 * 2^-26 of it (or the compensated value is zero); where the plain p' is too inaccurate for
 * Newton (a cluster of roots), bisection on the compensated signs down to adjacent doubles.
 */
export function refineRoot(): void {
  const c0 = K[0];
  const c1 = K[1];
  const c2 = K[2];
  const c3 = K[3];
  const c4 = K[4];
  const a0 = Math.abs(c0);
  const a1 = Math.abs(c1);
  const a2 = Math.abs(c2);
  const a3 = Math.abs(c3);
  const a4 = Math.abs(c4);
  let a = W[W_A];
  let b = W[W_B];
  const sa = W[W_SA];
  let x = W[W_X0];
  let dxOld = Infinity; // the step before last
  let dx = Infinity; // the last step
  let comp = false;
  for (let it = 0; it < 1000; it++) {
    // f = p, d = p', h = p''/2 by Horner's rule with derivatives; s bounds the rounding error.
    let f = c4 * x + c3;
    let d = c4 * x + f;
    f = f * x + c2;
    let h = c4 * x + d;
    d = d * x + f;
    f = f * x + c1;
    h = h * x + d;
    d = d * x + f;
    f = f * x + c0;
    const ax = Math.abs(x);
    if (!comp && !(Math.abs(f) > EPS_PLAIN * ((((a4 * ax + a3) * ax + a2) * ax + a1) * ax + a0))) comp = true;
    let step = NaN;
    if (comp) {
      W[W_EX] = x;
      compensatedValue();
      f = W[W_EF];
      // Inside a bracket the computed sign is followed even when it is within the error bound:
      // the root then lies where the compensated value changes sign, which is as close as
      // double-double evaluation can tell.
      if (f === 0) {
        W[W_X] = x;
        return;
      }
      // The plain p' carries a rounding error below 2^-49 sum i |c_i| |x|^(i-1); next to a
      // cluster of roots, where p' is small, that can swamp it. With p' good to 2^-8, a Newton
      // step, accepted when its predicted error (Newton's quadratic term plus the derivative's
      // relative error times the step) is below 2^-54 of the root.
      const sd = ((4 * a4 * ax + 3 * a3) * ax + 2 * a2) * ax + a1;
      const ad = Math.abs(d);
      if (EPS_PLAIN * sd <= TWO_M8 * ad) {
        step = f / d;
        const as = Math.abs(step);
        if (as <= TWO_M26 * ax && as * (as * Math.abs(h) + EPS_PLAIN * sd) <= TWO_M54 * ax * ad && x - step >= a && x - step <= b) {
          W[W_X] = x - step;
          return;
        }
      }
    } else {
      step = (f * d) / (d * d - f * h); // Halley
    }
    if (f > 0 === sa > 0) a = x;
    else b = x;
    let xn = x - step;
    // rtsafe: bisect when the step leaves the bracket or fails to halve the step before last
    // (as near a multiple root, where Newton and Halley slow down to linear convergence).
    if (!(xn > a && xn < b) || !(2 * Math.abs(step) <= Math.abs(dxOld))) {
      xn = midpoint(a, b);
      if (!(xn > a && xn < b)) {
        // The bracket is down to adjacent doubles.
        W[W_X] = x;
        return;
      }
    }
    dxOld = dx;
    dx = x - xn;
    if (!comp && Math.abs(dx) <= TWO_M17 * Math.abs(xn)) comp = true;
    x = xn;
  }
  W[W_X] = x;
}

/**
 * Roots of p in up to four brackets at once: lane j has the bracket (LA[j], LB[j]) with p of
 * sign LS[j] at LA[j] and the opposite sign at LB[j], and the start LX[j]; the root replaces
 * LX[j].
 *
 * Fast phase, all lanes in lockstep and without data-dependent branches (the lanes are
 * independent, so the processor overlaps their latency-bound Horner chains): two Halley steps
 * t - p p' / (p'^2 - p p''/2) on plain Horner values, then one Newton step on the compensated
 * value of p. A lane is accepted when it stayed inside its bracket, its last step is below
 * 2^-26 of the root, the plain p' is good to 2^-8, and the predicted error of that step
 * (Newton's |p''/(2p')| dx^2 plus the relative rounding error of p' times dx) is below 2^-54
 * of the root. Any other lane (a poor start, a cluster of roots) is finished by the safeguarded scalar
 * iteration {@link refineRoot}.
 */
export function refineRoots(lanes: number): void {
  const c0 = K[0];
  const c1 = K[1];
  const c2 = K[2];
  const c3 = K[3];
  const c4 = K[4];
  for (let it = 0; it < 2; it++) {
    for (let j = 0; j < lanes; j++) {
      const x = LX[j];
      let f = c4 * x + c3;
      let d = c4 * x + f;
      f = f * x + c2;
      let h = c4 * x + d;
      d = d * x + f;
      f = f * x + c1;
      h = h * x + d;
      d = d * x + f;
      f = f * x + c0;
      LX[j] = x - (f * d) / (d * d - f * h);
    }
  }
  const a1 = Math.abs(c1);
  const a2 = Math.abs(c2);
  const a3 = Math.abs(c3);
  const a4 = Math.abs(c4);
  const l0 = KL[0];
  const l1 = KL[1];
  const l2 = KL[2];
  const l3 = KL[3];
  const l4 = KL[4];
  for (let j = 0; j < lanes; j++) {
    const x = LX[j];
    // Compensated Horner (as in compensatedValue, written out), with p' and p''/2 alongside.
    let t = SPLITTER * x;
    const xh = t - (t - x);
    const xl = x - xh;
    let s = c4;
    let e = l4;
    let sh: number, sl: number, p: number, pe: number, r: number, bb: number;
    let d = c4;
    let h = c4;
    t = SPLITTER * s; sh = t - (t - s); sl = s - sh;
    p = s * x; pe = sh * xh - p + sh * xl + sl * xh + sl * xl;
    r = p + c3; bb = r - p;
    e = e * x + (pe + (p - (r - bb) + (c3 - bb)) + l3);
    s = r;
    d = d * x + s;
    t = SPLITTER * s; sh = t - (t - s); sl = s - sh;
    p = s * x; pe = sh * xh - p + sh * xl + sl * xh + sl * xl;
    r = p + c2; bb = r - p;
    e = e * x + (pe + (p - (r - bb) + (c2 - bb)) + l2);
    s = r;
    h = h * x + d;
    d = d * x + s;
    t = SPLITTER * s; sh = t - (t - s); sl = s - sh;
    p = s * x; pe = sh * xh - p + sh * xl + sl * xh + sl * xl;
    r = p + c1; bb = r - p;
    e = e * x + (pe + (p - (r - bb) + (c1 - bb)) + l1);
    s = r;
    h = h * x + d;
    d = d * x + s;
    t = SPLITTER * s; sh = t - (t - s); sl = s - sh;
    p = s * x; pe = sh * xh - p + sh * xl + sl * xh + sl * xl;
    r = p + c0; bb = r - p;
    e = e * x + (pe + (p - (r - bb) + (c0 - bb)) + l0);
    const f = r + e;
    const step = f / d;
    const xn = x - step;
    const as = Math.abs(step);
    const ax = Math.abs(x);
    const sd = ((4 * a4 * ax + 3 * a3) * ax + 2 * a2) * ax + a1;
    const ad = Math.abs(d);
    if (xn > LA[j] && xn < LB[j] && as <= TWO_M26 * ax && EPS_PLAIN * sd <= TWO_M8 * ad && as * (as * Math.abs(h) + EPS_PLAIN * sd) <= TWO_M54 * ax * ad) {
      LX[j] = xn;
    } else {
      // The safeguarded iteration, from the start if the fast phase left the bracket.
      W[W_A] = LA[j];
      W[W_B] = LB[j];
      W[W_SA] = LS[j];
      W[W_X0] = x > LA[j] && x < LB[j] ? x : LX0[j];
      refineRoot();
      LX[j] = W[W_X];
    }
  }
}
