/**
 * Real roots of polynomials of degree <= 4 inside an interval.
 *
 * Not a general (complex) root finder: the real roots are isolated by the classic derivative
 * cascade and then refined inside brackets.
 *
 * 1. Inflection points: the roots of p''/2 = 6 c4 t^2 + 3 c3 t + c2, by the stable quadratic
 *    formula q = -(b + sign(b) sqrt(b^2 - 4ac)) / 2, roots q / a and c / q (Numerical Recipes
 *    5.6: nothing nearly equal is subtracted). Between them p' is monotone.
 * 2. Critical points: in each of those pieces p' changes sign at most once (its sign at the
 *    inflection points is certified, in double-double when the plain value is too small); its
 *    root is found by Halley's method (cubic convergence) from a start that converges
 *    monotonically. Where the error of a critical point could matter (its value of p is small
 *    next to p'' times the error squared: a pair of close roots), it is pinned down further,
 *    finally by Newton steps on a double-double evaluation of p'.
 * 3. Between consecutive critical points p is monotone, so it has a root there exactly when its
 *    values at the two ends have strictly opposite signs; that root is found by Halley steps
 *    from the root of the osculating parabola at a critical end, finished by a Newton step on a
 *    compensated Horner evaluation (Graillat, Langlois and Louvet, "Compensated Horner
 *    scheme", 2005: as accurate as Horner's rule in twice the working precision). Roots that
 *    do not pass the acceptance test go to a safeguarded iteration (Newton/Halley inside a
 *    shrinking bracket, bisection whenever a step would leave the bracket or fails to halve the
 *    step before last: "rtsafe", Numerical Recipes 9.4; bisection on the binary representation,
 *    so at most 64 halvings at any scale).
 *
 * This is the scheme of C. Yuksel, "High-Performance Polynomial Root Finding for Graphics"
 * (HPG 2022), with certified signs and compensated evaluation for accuracy, and with the
 * independent root and critical-point refinements stepped in lockstep so that the processor
 * overlaps them.
 *
 * Degree: cubics, quadratics and linear polynomials go through the same cascade with zero
 * leading coefficients (the stable quadratic formula then yields NaN or an infinite inflection
 * point, outside every interval), so the degree degrades cleanly. A leading coefficient that is
 * tiny but not zero is kept: it is a genuine part of the polynomial (it puts a root far away),
 * and the method never divides by it inside a finite interval. Exact zero roots (c0 = 0,
 * c0 = c1 = 0, ...) are split off first, with their multiplicity.
 *
 * Signs are certified: the plain Horner value is trusted only when it exceeds a rigorous bound
 * on its rounding error (2^-49 sum |c_i| |t|^i, above gamma_8 + u; Higham, "Accuracy and
 * Stability of Numerical Algorithms", 5.1); otherwise the compensated value decides when it
 * exceeds 2^-96 sum |c_i| |t|^i (above gamma_8^2 = 2^-100 plus the low parts); a value within
 * that "resolution" is taken as zero. Consequences (checked by test/poly-roots.test.ts):
 *
 * - A root where p changes sign is reported once, with its kind: {@link ROOT_DOWN} (p goes from
 *   positive to negative) or {@link ROOT_UP}; a triple root likewise.
 * - A root of even multiplicity (p touches zero without crossing, e.g. a double root) is
 *   reported once, as {@link ROOT_TOUCH}, located to a few ulps (where p' vanishes). Roots
 *   closer together than the resolution merge: a cluster is reported as one crossing when p
 *   has opposite signs on its two sides, else as one touch; and a touch that misses zero by
 *   less than the resolution is reported as a touch (by more, it is correctly no root).
 * - The interval is closed: a root exactly at lo or hi is reported; its kind is read from the
 *   side inside the interval (a root at lo is ROOT_DOWN when p is negative just after lo).
 * - The identically zero polynomial has no isolated roots: count 0, first root Infinity.
 *
 * Range: any finite coefficients (an exact power-of-two scaling keeps them moderate). When the
 * roots are all tiny or all huge, the variable is rescaled by a power of two near the geometric
 * mean of their magnitudes (exact, and undone exactly); when the roots still span more than
 * 2^100, those of magnitude above 1 are found as reciprocals of the roots in (-1, 1) of the
 * reversed polynomial t^n p(1/t), so nothing overflows (such roots carry one more rounding).
 *
 * Accuracy: a simple root to about the error of evaluating p in double-double,
 * 2^-100 sum |c_i| |t|^i / |p'(t)|, plus half an ulp. Measured against an exact BigInt
 * reference (test/poly-roots.test.ts): every root of the 1000 ordinary and 1000 pathological
 * quartics of test/fixtures/quartic within 1 ulp of the exact root of the stored polynomial.
 * A root inside a cluster (nearly multiple) is placed where p is zero to the resolution: its
 * backward error is below 2^-96, its forward error what that implies (about 2^-33 relative for
 * a triple root).
 *
 * The hot core {@link solvePolynomial} takes no arguments: coefficients come in through
 * {@link polyInput} and roots go out through {@link polyRoots}, so that no double is boxed on a
 * call TurboFan does not inline. {@link firstRootInInterval}, {@link firstDownwardCrossing} and
 * {@link realRootsInInterval} are thin checked wrappers. Only +, -, *, / and sqrt are used, so
 * results are bit-for-bit the same in every engine.
 */
import { SPLITTER } from "./double-double.js";

/** Root kind: p goes from positive to negative through the root. */
export const ROOT_DOWN = -1;
/** Root kind: p touches zero without changing sign (a root of even multiplicity). */
export const ROOT_TOUCH = 0;
/** Root kind: p goes from negative to positive through the root. */
export const ROOT_UP = 1;

/** {@link solvePolynomial} mode: every real root in the interval, ascending. */
export const ROOTS_ALL = 0;
/** {@link solvePolynomial} mode: only the smallest root in the interval. */
export const ROOTS_FIRST = 1;
/** {@link solvePolynomial} mode: only the smallest root of kind {@link ROOT_DOWN}. */
export const ROOTS_FIRST_DOWN = 2;

/**
 * Input of {@link solvePolynomial}: [c0, c1, c2, c3, c4, lo, hi, l0, l1, l2, l3, l4] for the
 * polynomial sum (c_i + l_i) t^i on [lo, hi]. The l_i are optional low parts of double-double
 * coefficients (|l_i| <= ulp(c_i) / 2, e.g. the exact error of a product); set them to 0 for
 * plain coefficients. lo may be -Infinity and hi Infinity.
 */
export const polyInput = new Float64Array(12);

/** Output of {@link solvePolynomial}: the roots found, ascending. */
export const polyRoots = new Float64Array(4);

/** Output of {@link realRootsInInterval} (and of the internal solvePolynomial): the kind of each root found, {@link ROOT_DOWN}, {@link ROOT_TOUCH} or {@link ROOT_UP}. */
export const polyRootKinds = new Int8Array(4);

// ---------------------------------------------------------------------------------------------
// Internal state. K/KL: the polynomial being worked on (high and low parts). W: registers that
// carry doubles between the kernels (see the file comment on boxing).

const K = new Float64Array(5);
const KL = new Float64Array(5);
const W = new Float64Array(16);
const W_A = 0; // bracket start
const W_B = 1; // bracket end
const W_SA = 2; // sign of the function at the bracket start (+1 or -1)
const W_X0 = 3; // starting point
const W_X = 4; // result of a kernel
const W_D2 = 5; // p'' at the critical point found
const W_LO = 6; // interval of the walk
const W_HI = 7;
const W_EX = 8; // point to evaluate
const W_EF = 9; // value there
const W_TOL = 10; // relative step tolerance of the critical-point kernel
const W_ROOT = 11; // root handed to emit()
const W_SLO = 12; // interval handed to solveDeflated
const W_SHI = 13;
const W_BOUND = 14; // result of rootBound
const W_DX = 15; // last step of the critical-point kernel

/** Walk flags: the ends are a root bound (no root there or beyond; signs from the leading term). */
let walkLoBound = false;
let walkHiBound = false;
/** Degree of the polynomial in K (for the signs at the root bound). */
let walkDegree = 4;

/** Points of a walk: ends, critical points, stationary inflection points (ascending). */
const PTS = new Float64Array(8);
/** p'' at each point when it is a critical point, else NaN. */
const D2 = new Float64Array(8);
/** For a critical point: the index of its lane in the critical-point arrays, else -1. */
const PLANE = new Int8Array(8);
/** Value of p and its certified sign (0: too small to call in plain arithmetic) at each point. */
const VAL = new Float64Array(8);
const SGN = new Int8Array(8);
/** Ends and inflection points (the pieces where p' is monotone), p' there and its sign. */
const Q = new Float64Array(4);
const QV = new Float64Array(4);
const QS = new Int8Array(4);

/** Critical-point lanes: bracket, sign of p' at its start, iterate, start, p'' at the result. */
const CA = new Float64Array(3);
const CB = new Float64Array(3);
const CS = new Float64Array(3);
const CX = new Float64Array(3);
const CX0 = new Float64Array(3);
const CH = new Float64Array(3);
const CDX = new Float64Array(3);

/** Root lanes: bracket, sign of p at its start, iterate, start. */
const LA = new Float64Array(4);
const LB = new Float64Array(4);
const LS = new Float64Array(4);
const LX = new Float64Array(4);
const LX0 = new Float64Array(4);

/** Roots of a walk in order: a point root (lane -1, at EV_X) or the root of a lane. */
const EV_X = new Float64Array(8);
const EV_KIND = new Int8Array(8);
const EV_LANE = new Int8Array(8);

/** Roots collected by the walks (the extended-range path runs up to three walks). */
const OUT = new Float64Array(8);
const OUT_KIND = new Int8Array(8);
let outCount = 0;
let walkMode = 0;
let walkDone = false;
/**
 * -1 while solving p / t^m (m odd) for t < 0: there p and p / t^m have opposite signs, so
 * every crossing of the deflated polynomial is a crossing of p the other way.
 */
let kindFlip = 1;

/** Bit access to doubles (exponentOf, midpoint); HI_WORD indexes the word holding sign and exponent. */
const f64 = new Float64Array(1);
const u32 = new Uint32Array(f64.buffer);
const mid64 = new Float64Array(1);
const midWords = new Uint32Array(mid64.buffer);
const HI_WORD = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1 ? 1 : 0;

const EPS_PLAIN = 2 ** -49;
const EPS_COMP = 2 ** -96;
const TWO_M8 = 2 ** -8;
const TWO_M12 = 2 ** -12;
const TWO_M17 = 2 ** -17;
const TWO_M40 = 2 ** -40;
const TWO_M60 = 2 ** -60;
const TWO_M26 = 2 ** -26;
const TWO_M54 = 2 ** -54;
const SAFE = 2 ** 100;

// ---------------------------------------------------------------------------------------------
// Evaluation.

/**
 * Compensated Horner evaluation of K (+ KL) at W[W_EX], result in W[W_EF]: as accurate as
 * Horner's rule in double-double, |error| <= u |p(x)| + gamma_8^2 sum |c_i||x|^i (Graillat,
 * Langlois, Louvet 2005, Theorem 3.1). Each step is a TwoProduct (Dekker, with Veltkamp splits)
 * and a TwoSum (Knuth); their exact errors and the low parts of the coefficients are summed by a
 * second Horner recurrence.
 */
function compensatedValue(): void {
  const x = W[W_EX];
  let t = SPLITTER * x;
  const xh = t - (t - x);
  const xl = x - xh;
  let s = K[4];
  let e = KL[4];
  let sh: number, sl: number, p: number, pe: number, r: number, bb: number, c: number;

  c = K[3];
  t = SPLITTER * s; sh = t - (t - s); sl = s - sh;
  p = s * x; pe = sh * xh - p + sh * xl + sl * xh + sl * xl;
  r = p + c; bb = r - p;
  e = e * x + (pe + (p - (r - bb) + (c - bb)) + KL[3]);
  s = r;

  c = K[2];
  t = SPLITTER * s; sh = t - (t - s); sl = s - sh;
  p = s * x; pe = sh * xh - p + sh * xl + sl * xh + sl * xl;
  r = p + c; bb = r - p;
  e = e * x + (pe + (p - (r - bb) + (c - bb)) + KL[2]);
  s = r;

  c = K[1];
  t = SPLITTER * s; sh = t - (t - s); sl = s - sh;
  p = s * x; pe = sh * xh - p + sh * xl + sl * xh + sl * xl;
  r = p + c; bb = r - p;
  e = e * x + (pe + (p - (r - bb) + (c - bb)) + KL[1]);
  s = r;

  c = K[0];
  t = SPLITTER * s; sh = t - (t - s); sl = s - sh;
  p = s * x; pe = sh * xh - p + sh * xl + sl * xh + sl * xl;
  r = p + c; bb = r - p;
  e = e * x + (pe + (p - (r - bb) + (c - bb)) + KL[0]);

  W[W_EF] = r + e;
}

/**
 * Compensated Horner evaluation of p' at W[W_EX], result in W[W_EF], from the exact derivative
 * coefficients (i + 1)(c_{i+1} + l_{i+1}) held as double-doubles: 2 c and 4 c are exact, and
 * 3 c = 2 c + c is split exactly by TwoSum. Used where the plain value of p' at an inflection
 * point is too small to call, so that no pair of close critical points is lost.
 */
function compensatedDerivative(): void {
  const x = W[W_EX];
  let t = SPLITTER * x;
  const xh = t - (t - x);
  const xl = x - xh;
  // 3 c3 = 2 c3 + c3 exactly (TwoSum).
  const c3 = K[3];
  const d2 = 2 * c3 + c3;
  let bb = d2 - 2 * c3;
  const d2l = 2 * c3 - (d2 - bb) + (c3 - bb) + 3 * KL[3];
  let s = 4 * K[4];
  let e = 4 * KL[4];
  let sh: number, sl: number, p: number, pe: number, r: number, c: number;

  c = d2;
  t = SPLITTER * s; sh = t - (t - s); sl = s - sh;
  p = s * x; pe = sh * xh - p + sh * xl + sl * xh + sl * xl;
  r = p + c; bb = r - p;
  e = e * x + (pe + (p - (r - bb) + (c - bb)) + d2l);
  s = r;

  c = 2 * K[2];
  t = SPLITTER * s; sh = t - (t - s); sl = s - sh;
  p = s * x; pe = sh * xh - p + sh * xl + sl * xh + sl * xl;
  r = p + c; bb = r - p;
  e = e * x + (pe + (p - (r - bb) + (c - bb)) + 2 * KL[2]);
  s = r;

  c = K[1];
  t = SPLITTER * s; sh = t - (t - s); sl = s - sh;
  p = s * x; pe = sh * xh - p + sh * xl + sl * xh + sl * xl;
  r = p + c; bb = r - p;
  e = e * x + (pe + (p - (r - bb) + (c - bb)) + KL[1]);

  W[W_EF] = r + e;
}

/** Sum |c_i| |x|^i at W[W_EX]: the scale of the rounding errors of p there. */
function absScale(): number {
  const ax = Math.abs(W[W_EX]);
  return (((Math.abs(K[4]) * ax + Math.abs(K[3])) * ax + Math.abs(K[2])) * ax + Math.abs(K[1])) * ax + Math.abs(K[0]);
}

/** Sign of the plain Horner value of p at W[W_EX] (value in W[W_EF]), or 0 when within its error bound. */
function plainSignAt(): number {
  const x = W[W_EX];
  const f = (((K[4] * x + K[3]) * x + K[2]) * x + K[1]) * x + K[0];
  W[W_EF] = f;
  if (Math.abs(f) > EPS_PLAIN * absScale()) return f > 0 ? 1 : -1;
  return 0;
}

/** Sign of the compensated value of p at W[W_EX] (value in W[W_EF]), or 0 when zero within its bound. */
function compensatedSignAt(): number {
  compensatedValue();
  const f = W[W_EF];
  if (Math.abs(f) > EPS_COMP * absScale()) return f > 0 ? 1 : -1;
  return 0;
}

/**
 * A point strictly inside (a, b) when there is one: 0 when the bracket straddles it, else the
 * double halfway between a and b in their binary representation (so that any bracket of
 * doubles is down to adjacent doubles after at most 64 halvings, whatever its scale).
 */
function midpoint(a: number, b: number): number {
  if (a < 0 && b > 0) return 0;
  const negative = b <= 0;
  mid64[0] = Math.abs(a);
  const ha = midWords[HI_WORD];
  const la = midWords[1 - HI_WORD];
  mid64[0] = Math.abs(b);
  let hi = ha + midWords[HI_WORD];
  let lo = la + midWords[1 - HI_WORD];
  if (lo >= 4294967296) {
    lo -= 4294967296;
    hi += 1;
  }
  midWords[1 - HI_WORD] = Math.floor(lo / 2) + (hi % 2) * 2147483648;
  midWords[HI_WORD] = Math.floor(hi / 2);
  return negative ? -mid64[0] : mid64[0];
}

// ---------------------------------------------------------------------------------------------
// Critical points (roots of p').

/**
 * Root of p' in the bracket (W_A, W_B) (p' has sign W_SA at W_A and the opposite sign at W_B),
 * from the start W_X0, until a step is below W_TOL times the root; result in W_X, p'' there in
 * W_D2, the size of the last step (a bound on the error) in W_DX. Halley's method g - g g' / (g'^2 - g g''/2) inside the shrinking bracket, bisection when
 * a step would leave it or fails to halve the step before last.
 */
function criticalPoint(): void {
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
function criticalPoints(lanes: number): void {
  const d0 = K[1];
  const d1 = 2 * K[2];
  const d2 = 3 * K[3];
  const d3 = 4 * K[4];
  for (let it = 0; it < 3; it++) {
    for (let j = 0; j < lanes; j++) {
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
    if (!(x > CA[j] && x < CB[j] && CDX[j] <= TWO_M12 * Math.max(Math.abs(x), CB[j] - CA[j]))) {
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
function refineRoot(): void {
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
function refineRoots(lanes: number): void {
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

// ---------------------------------------------------------------------------------------------
// The walk over one interval.

/**
 * Appends the root W[W_ROOT], whose kind for the polynomial in K is qKind (the kind for the
 * caller's polynomial is kindFlip times that); returns true when the walk may stop.
 */
function emit(qKind: number): boolean {
  const kind = kindFlip * qKind;
  if (walkMode === ROOTS_FIRST_DOWN && kind !== ROOT_DOWN) return false;
  const x = W[W_ROOT];
  // A root met twice (a critical point that coincides with an end) is reported once.
  if (outCount > 0 && OUT[outCount - 1] === x) return false;
  OUT[outCount] = x;
  OUT_KIND[outCount] = kind;
  outCount++;
  if (walkMode !== ROOTS_ALL) {
    walkDone = true;
    return true;
  }
  return false;
}

/** Kind of a root at a point with signs `left` and `right` of p around it (0 = unknown side). */
function kindOf(left: number, right: number): number {
  if (left === 0) return right < 0 ? ROOT_DOWN : right > 0 ? ROOT_UP : ROOT_TOUCH;
  if (right === 0) return left > 0 ? ROOT_DOWN : ROOT_UP;
  if (left === right) return ROOT_TOUCH;
  return left > 0 ? ROOT_DOWN : ROOT_UP;
}

/**
 * The derivative cascade for K on the finite interval [W_LO, W_HI]; roots go to OUT. The
 * caller guarantees that evaluating K there cannot overflow, and sets walkLoBound/walkHiBound
 * when an end is a root bound (then p and p' have the sign of their leading term there).
 */
function walk(): void {
  const lo = W[W_LO];
  const hi = W[W_HI];
  const c0 = K[0];
  const c1 = K[1];
  const c2 = K[2];
  const c3 = K[3];
  const c4 = K[4];
  const lead = K[walkDegree] > 0 ? 1 : -1;
  const odd = (walkDegree & 1) === 1;

  // 1. Inflection points: roots of 6 c4 t^2 + 3 c3 t + c2 (stable form), kept when inside.
  let m = 1;
  Q[0] = lo;
  const qa = 6 * c4;
  const qb = 3 * c3;
  const disc = qb * qb - 4 * qa * c2;
  if (disc >= 0) {
    const sq = Math.sqrt(disc);
    const q = qb >= 0 ? -0.5 * (qb + sq) : -0.5 * (qb - sq);
    const r1 = q / qa;
    const r2 = c2 / q;
    const first = r1 < r2 ? r1 : r2;
    const second = r1 < r2 ? r2 : r1;
    if (first > lo && first < hi) Q[m++] = first;
    if (second > lo && second < hi && second > Q[m - 1]) Q[m++] = second;
  }
  Q[m++] = hi;

  // p' at those points, with certified signs (0 when too small to call); at a root bound, the
  // sign of the leading term (p' has degree n - 1).
  const d1 = 2 * c2;
  const d2 = 3 * c3;
  const d3 = 4 * c4;
  const e1 = Math.abs(d1);
  const e2 = Math.abs(d2);
  const e3 = Math.abs(d3);
  const e0 = Math.abs(c1);
  const kEnd = walkHiBound ? m - 1 : m;
  for (let k = walkLoBound ? 1 : 0; k < kEnd; k++) {
    const x = Q[k];
    const ax = Math.abs(x);
    const g = ((d3 * x + d2) * x + d1) * x + c1;
    const s = ((e3 * ax + e2) * ax + e1) * ax + e0;
    QV[k] = g;
    QS[k] = g > EPS_PLAIN * s ? 1 : g < -EPS_PLAIN * s ? -1 : 0;
  }
  for (let k = 1; k + 1 < m; k++) {
    if (QS[k] === 0) {
      // Too small to call in plain arithmetic: decide with the compensated value.
      const x = Q[k];
      const ax = Math.abs(x);
      W[W_EX] = x;
      compensatedDerivative();
      const g = W[W_EF];
      const s = ((e3 * ax + e2) * ax + e1) * ax + e0;
      QV[k] = g;
      QS[k] = g > EPS_COMP * s ? 1 : g < -EPS_COMP * s ? -1 : 0;
    }
  }
  if (walkLoBound) {
    QS[0] = odd ? lead : -lead;
    QV[0] = QS[0] * Infinity;
  }
  if (walkHiBound) {
    QS[m - 1] = lead;
    QV[m - 1] = lead * Infinity;
  }

  // 2. Critical points: one root of p' in each piece between inflection points where p'
  // changes sign; an inflection point where p' vanishes is kept as a split point too. Starts:
  // p' is a cubic whose extrema are the inflection points i1, i2; near an extremum i it is
  // close to the parabola p'(i) + p'''(i) (t - i)^2 / 2, whose root starts the search (beyond
  // the outer extrema the parabola lies nearer zero than p', so its root lies beyond the root
  // of p' and Halley's steps come back monotonically; between them, the parabola at the
  // extremum where |p'| is smaller, or else p''s own inflection point, their midpoint).
  let lanes = 0;
  let n = 1;
  PTS[0] = lo;
  PLANE[0] = -1;
  for (let k = 0; k + 1 < m; k++) {
    const u = Q[k];
    const v = Q[k + 1];
    const gu = QS[k];
    if (gu * QS[k + 1] < 0) {
      const uInflection = k > 0;
      const vInflection = k + 2 < m;
      let x0: number;
      if (uInflection && vInflection) {
        // Between the two extrema of p': the parabola at the one where |p'| is smaller (the root
        // lies nearer it), or else their midpoint, p''s own inflection point.
        x0 = Math.abs(QV[k]) <= Math.abs(QV[k + 1])
          ? u + Math.sqrt((-2 * QV[k]) / (24 * c4 * u + 6 * c3))
          : v - Math.sqrt((-2 * QV[k + 1]) / (24 * c4 * v + 6 * c3));
        if (!(x0 > u && x0 < v)) x0 = 0.5 * u + 0.5 * v;
      }
      else if (vInflection) x0 = v - Math.sqrt((-2 * QV[k + 1]) / (24 * c4 * v + 6 * c3));
      else if (uInflection) x0 = u + Math.sqrt((-2 * QV[k]) / (24 * c4 * u + 6 * c3));
      else x0 = u + (v - u) * (QV[k] / (QV[k] - QV[k + 1]));
      if (!(x0 > u && x0 < v)) x0 = midpoint(u, v);
      CA[lanes] = u;
      CB[lanes] = v;
      CS[lanes] = gu;
      CX[lanes] = x0;
      CX0[lanes] = x0;
      PLANE[n++] = lanes++;
    }
    if (k + 2 < m && QS[k + 1] === 0) {
      PTS[n] = v;
      PLANE[n++] = -1;
    }
  }
  PTS[n] = hi;
  PLANE[n++] = -1;
  if (lanes > 0) criticalPoints(lanes);

  // p at the points (all at once: independent evaluations overlap), with p'' at critical points.
  const a0 = Math.abs(c0);
  const a1 = Math.abs(c1);
  const a2 = Math.abs(c2);
  const a3 = Math.abs(c3);
  const a4 = Math.abs(c4);
  const pEnd = walkHiBound ? n - 1 : n;
  for (let k = walkLoBound ? 1 : 0; k < pEnd; k++) {
    const lane = PLANE[k];
    const x = lane >= 0 ? CX[lane] : PTS[k];
    PTS[k] = x;
    D2[k] = lane >= 0 ? CH[lane] : NaN;
    const ax = Math.abs(x);
    const f = (((c4 * x + c3) * x + c2) * x + c1) * x + c0;
    const s = (((a4 * ax + a3) * ax + a2) * ax + a1) * ax + a0;
    VAL[k] = f;
    SGN[k] = f > EPS_PLAIN * s ? 1 : f < -EPS_PLAIN * s ? -1 : 0;
    // An error e in a critical point s changes p(s) by about p''(s) e^2 / 2; when that could
    // reach |p(s)| the point might even lie beyond a root next to it: pin it down first. The
    // error is bounded by the last Halley step plus the effect of the rounding error of the
    // plain p' (2^-49 sum i |c_i| |s|^(i-1)) over the slope p''.
    // (In the form 2 (e hs)^2 < |p(s)| hs, without a division.)
    if (lane >= 0 && CDX[lane] >= 0) {
      const hs = Math.abs(D2[k]);
      const ehs = CDX[lane] * hs + EPS_PLAIN * (((4 * a4 * ax + 3 * a3) * ax + 2 * a2) * ax + a1);
      if (!(2 * ehs * ehs < Math.abs(f) * hs)) {
        pinCritical(k);
        const y = PTS[k];
        const ay = Math.abs(y);
        const g = (((c4 * y + c3) * y + c2) * y + c1) * y + c0;
        const sy = (((a4 * ay + a3) * ay + a2) * ay + a1) * ay + a0;
        VAL[k] = g;
        SGN[k] = g > EPS_PLAIN * sy ? 1 : g < -EPS_PLAIN * sy ? -1 : 0;
      }
    }
  }
  if (walkLoBound) {
    SGN[0] = odd ? -lead : lead;
    VAL[0] = SGN[0] * Infinity;
    D2[0] = NaN;
  }
  if (walkHiBound) {
    SGN[n - 1] = lead;
    VAL[n - 1] = lead * Infinity;
    D2[n - 1] = NaN;
  }

  // 3. Roots: a sign change between consecutive points, or points where p is zero. Starting
  // point of a refinement: the root of the osculating parabola p(s) + p''(s) (t - s)^2 / 2 at
  // the critical end with the smaller |p| (exact for a double root; beyond the last inflection
  // point it lies on the far side of the root, where Halley's steps converge monotonically),
  // else false position. A run of consecutive points where p is zero within the compensated
  // bound is a cluster of roots closer than the working resolution: it is reported as one root,
  // a crossing (refined in the bracket around the run) when p has opposite signs on its two
  // sides, else a touch. In the "first" modes only the first qualifying root is refined;
  // otherwise all at once.
  const mode = walkMode;
  let roots = 0;
  let events = 0;
  let k = 0; // current point: p has the nonzero sign sPrev there (or k = 0 with a zero at lo)
  let sPrev = SGN[0];
  if (sPrev === 0) sPrev = settleSign(0);
  if (sPrev === 0) {
    // A root at lo; its kind is read from the first nonzero sign after it.
    let j = 1;
    let sj = 0;
    while (j < n && (sj = SGN[j] !== 0 ? SGN[j] : settleSign(j)) === 0) j++;
    const kind = kindOf(0, sj);
    if (mode === ROOTS_ALL) {
      EV_X[events] = lo;
      EV_KIND[events] = kind;
      EV_LANE[events++] = -1;
    } else if (mode === ROOTS_FIRST || kindFlip * kind === ROOT_DOWN) {
      W[W_ROOT] = lo;
      emit(kind);
      return;
    }
    k = j;
    sPrev = sj;
  }
  while (k + 1 < n) {
    const z = PTS[k];
    let j = k + 1;
    let sj = SGN[j];
    if (sj === 0) sj = settleSign(j);
    if (sj !== 0) {
      if (sPrev * sj < 0 && (mode !== ROOTS_FIRST_DOWN || kindFlip * sj < 0)) {
        const w = PTS[j];
        const fz = VAL[k];
        const fw = VAL[j];
        const hz = D2[k];
        const hw = D2[j];
        // From a critical end the parabola's root; from an end of the interval (not a critical
        // point) a Newton step with p' there.
        const fromZ = hz === hz ? z + Math.sqrt((-2 * fz) / hz) : k === 0 ? z - fz / QV[0] : NaN;
        let x0: number;
        if (Math.abs(fz) <= Math.abs(fw)) {
          x0 = fromZ;
          if (!(x0 > z && x0 < w)) x0 = hw === hw ? w - Math.sqrt((-2 * fw) / hw) : j === n - 1 ? w - fw / QV[m - 1] : NaN;
        } else {
          x0 = hw === hw ? w - Math.sqrt((-2 * fw) / hw) : j === n - 1 ? w - fw / QV[m - 1] : NaN;
          if (!(x0 > z && x0 < w)) x0 = fromZ;
        }
        if (!(x0 > z && x0 < w)) x0 = z + (w - z) * (fz / (fz - fw));
        if (!(x0 > z && x0 < w)) x0 = midpoint(z, w);
        LA[roots] = z;
        LB[roots] = w;
        LS[roots] = sPrev;
        LX[roots] = x0;
        LX0[roots] = x0;
        EV_KIND[events] = sj < 0 ? ROOT_DOWN : ROOT_UP;
        EV_LANE[events++] = roots++;
        if (mode !== ROOTS_ALL) break;
      }
      k = j;
      sPrev = sj;
      continue;
    }
    // A run of zeros from point j; its representative is the point with the smallest |p|.
    let best = j;
    while (j + 1 < n) {
      const sn = SGN[j + 1] !== 0 ? SGN[j + 1] : settleSign(j + 1);
      j++;
      if (sn !== 0) {
        sj = sn;
        break;
      }
      if (Math.abs(VAL[j]) < Math.abs(VAL[best])) best = j;
    }
    if (sj === 0) {
      // The run reaches hi: one root there, of the kind seen from the left.
      const kind = kindOf(sPrev, 0);
      if (mode === ROOTS_ALL) {
        EV_X[events] = hi;
        EV_KIND[events] = kind;
        EV_LANE[events++] = -1;
      } else if (mode === ROOTS_FIRST || kindFlip * kind === ROOT_DOWN) {
        W[W_ROOT] = hi;
        emit(kind);
        return;
      }
      break;
    }
    if (sPrev * sj < 0) {
      // One crossing inside the cluster: refine it in the bracket around the run.
      if (mode !== ROOTS_FIRST_DOWN || kindFlip * sj < 0) {
        LA[roots] = z;
        LB[roots] = PTS[j];
        LS[roots] = sPrev;
        LX[roots] = PTS[best];
        LX0[roots] = PTS[best];
        EV_KIND[events] = sj < 0 ? ROOT_DOWN : ROOT_UP;
        EV_LANE[events++] = roots++;
        if (mode !== ROOTS_ALL) break;
      }
    } else if (mode === ROOTS_ALL) {
      EV_X[events] = PTS[best];
      EV_KIND[events] = ROOT_TOUCH;
      EV_LANE[events++] = -1;
    } else if (mode === ROOTS_FIRST) {
      W[W_ROOT] = PTS[best];
      emit(ROOT_TOUCH);
      return;
    }
    k = j;
    sPrev = sj;
  }
  if (roots > 0) refineRoots(roots);
  for (let e = 0; e < events; e++) {
    const lane = EV_LANE[e];
    W[W_ROOT] = lane < 0 ? EV_X[e] : LX[lane];
    if (emit(EV_KIND[e])) return;
  }
}

/**
 * Refines the critical point at PTS[k] (lane PLANE[k]) as far as double-double evaluation of p'
 * allows, unless that was done already (CDX -1); updates PTS, D2, CDX.
 */
function pinCritical(k: number): void {
  const lane = PLANE[k];
  if (CDX[lane] < 0) return; // done already
  W[W_X] = PTS[k];
  W[W_D2] = D2[k];
  if (CDX[lane] > TWO_M40 * Math.abs(PTS[k])) {
    W[W_A] = CA[lane];
    W[W_B] = CB[lane];
    W[W_SA] = CS[lane];
    W[W_X0] = PTS[k];
    W[W_TOL] = TWO_M40;
    criticalPoint();
  }
  // Then Newton steps on the compensated p' (double-double accurate; p'' in plain arithmetic),
  // since next to a pair of close roots the rounding error of the plain p' alone can move the
  // point by more than the pair is wide.
  let x = W[W_X];
  let last = Infinity;
  const d1 = 2 * K[2];
  const d2 = 6 * K[3];
  const d3 = 12 * K[4];
  for (let it = 0; it < 4; it++) {
    W[W_EX] = x;
    compensatedDerivative();
    const gp = (d3 * x + d2) * x + d1;
    const step = W[W_EF] / gp;
    const xn = x - step;
    if (!(xn > CA[lane] && xn < CB[lane]) || !(Math.abs(step) < last)) break;
    x = xn;
    last = Math.abs(step);
    if (last <= TWO_M60 * Math.abs(x)) break;
  }
  PTS[k] = x;
  D2[k] = W[W_D2];
  CH[lane] = W[W_D2];
  CDX[lane] = -1;
}

/**
 * The sign of p at point k of the walk when its plain value was too small to call: a critical
 * point is first pinned down (its value is then off by far less than the compensated bound),
 * then the compensated value decides. Updates PTS, VAL, D2.
 */
function settleSign(k: number): number {
  if (PLANE[k] >= 0) pinCritical(k);
  W[W_EX] = PTS[k];
  const s = compensatedSignAt();
  VAL[k] = W[W_EF];
  return s;
}

/** Runs the walk on the current K/KL over [W_LO, W_HI] with the given root-bound flags. */
function walkWith(loBound: boolean, hiBound: boolean): void {
  walkLoBound = loBound;
  walkHiBound = hiBound;
  walk();
}

// ---------------------------------------------------------------------------------------------
// Range handling.


/** The binary exponent e of |x| (2^e <= |x| < 2^(e+1)) for finite nonzero x. */
function exponentOf(x: number): number {
  f64[0] = x;
  const e = (u32[HI_WORD] >>> 20) & 0x7ff;
  if (e === 0) {
    f64[0] = x * 2 ** 64;
    return ((u32[HI_WORD] >>> 20) & 0x7ff) - 1023 - 64;
  }
  return e - 1023;
}

/** x * 2^k, exact unless the result leaves the normal range. */
function scale2(x: number, k: number): number {
  while (k > 900) {
    x *= 2 ** 900;
    k -= 900;
  }
  while (k < -900) {
    x *= 2 ** -900;
    k += 900;
  }
  return x * 2 ** k;
}

/** Multiplies K and KL by 2^k (exact: a power-of-two scaling does not move the roots). */
function scaleCoefficients(k: number): void {
  for (let i = 0; i <= 4; i++) {
    K[i] = scale2(K[i], k);
    KL[i] = scale2(KL[i], k);
  }
}

/**
 * A bound B with every root of the degree-n polynomial K strictly inside (-B, B), written to
 * W[W_BOUND]: Cauchy's 1 + max |c_i / c_n|, or when that is large Fujiwara's
 * 2 max |c_{n-k} / c_n|^(1/k) (with |c_0 / (2 c_n)| for k = n; the cube root replaced by the
 * larger of the square and fourth roots, an upper bound, so that only sqrt is needed).
 * Inflated by 2^-40 against rounding. By the Gauss-Lucas theorem the roots of p' and p'' lie
 * inside the same bound.
 */
function rootBound(n: number): void {
  const inv = 1 / Math.abs(K[n]);
  let m = 0;
  for (let i = 0; i < n; i++) {
    const a = Math.abs(K[i]);
    if (a > m) m = a;
  }
  const cauchy = (1 + m * inv) * (1 + 2 ** -40);
  W[W_BOUND] = cauchy;
  if (cauchy <= SAFE) return;
  m = 0;
  for (let k = 1; k <= n; k++) {
    let r = Math.abs(K[n - k]) * inv;
    if (k === n) r *= 0.5;
    let root: number;
    if (k === 1) root = r;
    else if (k === 2) root = Math.sqrt(r);
    else if (k === 3) root = r >= 1 ? Math.sqrt(r) : Math.sqrt(Math.sqrt(r));
    else root = Math.sqrt(Math.sqrt(r));
    if (root > m) m = root;
  }
  W[W_BOUND] = Math.min(cauchy, 2 * m * (1 + 2 ** -40));
}

/**
 * Solves the polynomial in K (degree n >= 1, K[0] != 0) on [W_SLO, W_SHI]; appends to OUT.
 *
 * The common case walks the interval as it is (clipped to the root bound when it is infinite or
 * beyond 2^100). When the roots are all tiny or all huge (|c0 / cn|, the product of their
 * magnitudes, outside 2^+-300), or the bound exceeds 2^100, the variable is first rescaled,
 * t = 2^k u with 2^k near the geometric mean of the root magnitudes |c0 / cn|^(1/n): the
 * coefficients become c_i 2^(k i), an exact scaling, and the roots in u are multiplied back by
 * 2^k, also exactly. If the bound in u still exceeds 2^100 the extended-range path takes over.
 */
function solveDeflated(n: number): void {
  walkDegree = n;
  // Keep the coefficients in a comfortable range (exact power-of-two scaling).
  let big = Math.abs(K[0]);
  for (let i = 1; i <= n; i++) {
    const a = Math.abs(K[i]);
    if (a > big) big = a;
  }
  if (big > 2 ** 400 || big < 2 ** -400) scaleCoefficients(-exponentOf(big));
  const lo = W[W_SLO];
  const hi = W[W_SHI];
  const ratio = Math.abs(K[0] / K[n]);
  if (ratio >= 2 ** -300 && ratio <= 2 ** 300) {
    W[W_LO] = lo;
    W[W_HI] = hi;
    if (lo >= -SAFE && hi <= SAFE) {
      walkWith(false, false);
      return;
    }
    rootBound(n);
    if (W[W_BOUND] <= SAFE) {
      walkClipped();
      return;
    }
  }
  // Rescale the variable.
  const k = Math.round((exponentOf(K[0]) - exponentOf(K[n])) / n);
  for (let i = 1; i <= n; i++) {
    K[i] = scale2(K[i], k * i);
    KL[i] = scale2(KL[i], k * i);
  }
  const big2 = Math.max(Math.abs(K[0]), Math.abs(K[1]), Math.abs(K[2]), Math.abs(K[3]), Math.abs(K[4]));
  scaleCoefficients(-exponentOf(big2));
  W[W_LO] = scale2(lo, -k);
  W[W_HI] = scale2(hi, -k);
  const before = outCount;
  rootBound(n);
  if (W[W_BOUND] <= SAFE) walkClipped();
  else {
    const B = W[W_BOUND];
    if (W[W_LO] < -B) W[W_LO] = -B;
    if (W[W_HI] > B) W[W_HI] = B;
    if (W[W_LO] <= W[W_HI]) solveExtended(n);
  }
  for (let i = before; i < outCount; i++) OUT[i] = scale2(OUT[i], k);
}

/** Walks [W_LO, W_HI] clipped to the root bound W_BOUND (a clipped end has known signs). */
function walkClipped(): void {
  const B = W[W_BOUND];
  let aBound = false;
  let bBound = false;
  if (W[W_LO] <= -B) {
    W[W_LO] = -B;
    aBound = true;
  }
  if (W[W_HI] >= B) {
    W[W_HI] = B;
    bBound = true;
  }
  if (W[W_LO] <= W[W_HI]) walkWith(aBound, bBound);
}

const SLOW_OUT = new Float64Array(8);
const SLOW_KIND = new Int8Array(8);
const SAVED = new Float64Array(10);

function saveCoefficients(): void {
  for (let i = 0; i < 5; i++) {
    SAVED[i] = K[i];
    SAVED[5 + i] = KL[i];
  }
}

function restoreCoefficients(): void {
  for (let i = 0; i < 5; i++) {
    K[i] = SAVED[i];
    KL[i] = SAVED[5 + i];
  }
}

/** K := the reversal t^n K(1/t) of the degree-n polynomial in K (K[i] <- K[n - i]). */
function setReversed(n: number): void {
  for (let i = 0, j = n; i < j; i++, j--) {
    let t = K[i];
    K[i] = K[j];
    K[j] = t;
    t = KL[i];
    KL[i] = KL[j];
    KL[j] = t;
  }
}

/**
 * The extended-range path: coefficients normalised to a largest magnitude in [1, 2); roots in
 * [-1, 1] found directly; roots of larger magnitude as reciprocals of the roots in (-1, 1) of
 * the reversed polynomial r(y) = y^n p(1/y) (r(0) = c_n != 0, and sign p(1/y) =
 * sign(y)^n sign r(y), while t = 1/y reverses the direction). Every evaluation then stays below
 * 10 in magnitude.
 */
function solveExtended(n: number): void {
  const lo = W[W_LO];
  const hi = W[W_HI];
  scaleCoefficients(-exponentOf(Math.max(Math.abs(K[0]), Math.abs(K[1]), Math.abs(K[2]), Math.abs(K[3]), Math.abs(K[4]))));
  saveCoefficients();
  const mode = walkMode;
  walkMode = ROOTS_ALL;
  const start = outCount;
  let m = 0;
  // x in [lo, -1) <-> y = 1/x in (-1, 1/lo]; x ascending <-> y descending.
  if (lo < -1) {
    setReversed(n);
    walkDegree = n;
    const before = outCount;
    W[W_LO] = -1;
    W[W_HI] = 1 / lo;
    walkWith(false, false);
    // kind in x: the direction reverses, and p has the sign of (-1)^n r for x < 0.
    const flip = (n & 1) === 0 ? -1 : 1;
    for (let i = outCount - 1; i >= before; i--) {
      if (OUT[i] === -1) continue;
      SLOW_OUT[m] = 1 / OUT[i];
      SLOW_KIND[m++] = flip * OUT_KIND[i];
    }
    outCount = before;
    restoreCoefficients();
  }
  const dlo = lo > -1 ? lo : -1;
  const dhi = hi < 1 ? hi : 1;
  if (dlo <= dhi) {
    walkDegree = n;
    const before = outCount;
    W[W_LO] = dlo;
    W[W_HI] = dhi;
    walkWith(false, false);
    for (let i = before; i < outCount; i++) {
      SLOW_OUT[m] = OUT[i];
      SLOW_KIND[m++] = OUT_KIND[i];
    }
    outCount = before;
    restoreCoefficients();
  }
  // x in (1, hi] <-> y in [1/hi, 1).
  if (hi > 1) {
    setReversed(n);
    walkDegree = n;
    const before = outCount;
    W[W_LO] = 1 / hi;
    W[W_HI] = 1;
    walkWith(false, false);
    for (let i = outCount - 1; i >= before; i--) {
      if (OUT[i] === 1) continue;
      SLOW_OUT[m] = 1 / OUT[i];
      SLOW_KIND[m++] = -OUT_KIND[i];
    }
    outCount = before;
    restoreCoefficients();
  }
  walkMode = mode;
  outCount = start;
  for (let i = 0; i < m; i++) {
    if (mode === ROOTS_FIRST_DOWN && SLOW_KIND[i] !== ROOT_DOWN) continue;
    OUT[outCount] = SLOW_OUT[i];
    OUT_KIND[outCount++] = SLOW_KIND[i];
    if (mode !== ROOTS_ALL) {
      walkDone = true;
      return;
    }
  }
}

// ---------------------------------------------------------------------------------------------
// The core.

/** K, KL := the input polynomial divided by t^m (its m lowest coefficients are zero). */
function loadShifted(m: number): void {
  const q = polyInput;
  for (let i = 0; i <= 4; i++) {
    K[i] = i + m <= 4 ? q[i + m] : 0;
    KL[i] = i + m <= 4 ? q[7 + i + m] : 0;
  }
}

/**
 * The core: reads {@link polyInput}, writes the roots in [lo, hi] to {@link polyRoots}
 * (ascending) and their kinds to {@link polyRootKinds}, and returns their number (0..4). `mode`
 * is {@link ROOTS_ALL}, {@link ROOTS_FIRST} (stop after the smallest root) or
 * {@link ROOTS_FIRST_DOWN} (only the smallest root of kind ROOT_DOWN). No argument checks:
 * coefficients must be finite, lo and hi not NaN; lo > hi is an empty interval.
 */
export function solvePolynomial(mode: number): number {
  const q = polyInput;
  const lo = q[5];
  const hi = q[6];
  if (!(lo <= hi)) return 0;
  K[0] = q[0]; K[1] = q[1]; K[2] = q[2]; K[3] = q[3]; K[4] = q[4];
  KL[0] = q[7]; KL[1] = q[8]; KL[2] = q[9]; KL[3] = q[10]; KL[4] = q[11];
  outCount = 0;
  walkMode = mode;
  walkDone = false;
  kindFlip = 1;
  if (lo === hi) {
    // A single point: a root when p vanishes there; its kind cannot be told (no side lies
    // inside the interval), so it counts as a touch, never as a downward crossing.
    if (mode === ROOTS_FIRST_DOWN) return 0;
    W[W_EX] = lo;
    if (plainSignAt() === 0 && compensatedSignAt() === 0) {
      polyRoots[0] = lo;
      polyRootKinds[0] = ROOT_TOUCH;
      return 1;
    }
    return 0;
  }

  // Degree n, and exact zero roots t^m.
  let n = 4;
  while (n >= 0 && K[n] === 0) n--;
  if (n < 0) return 0;
  if (K[0] !== 0 || KL[0] !== 0) {
    if (n > 0) {
      W[W_SLO] = lo;
      W[W_SHI] = hi;
      solveDeflated(n);
    }
  } else {
    let m = 1;
    while (K[m] === 0) m++;
    loadShifted(m);
    n -= m;
    // Sign of p just right of 0 is that of c_m; just left, times (-1)^m.
    const right = K[0] > 0 ? 1 : -1;
    const left = (m & 1) === 0 ? right : -right;
    const negativeFlip = (m & 1) === 0 ? 1 : -1;
    if (!(lo <= 0 && 0 <= hi)) {
      if (n > 0) {
        W[W_SLO] = lo;
        W[W_SHI] = hi;
        kindFlip = hi < 0 ? negativeFlip : 1;
        solveDeflated(n);
        kindFlip = 1;
      }
    } else {
      // Roots below 0, then 0, then above 0 (the walks stop early in the "first" modes).
      if (lo < 0 && n > 0) {
        W[W_SLO] = lo;
        W[W_SHI] = -Number.MIN_VALUE;
        kindFlip = negativeFlip;
        solveDeflated(n);
        kindFlip = 1;
      }
      if (!walkDone) {
        W[W_ROOT] = 0;
        emit(kindOf(lo < 0 ? left : 0, hi > 0 ? right : 0));
      }
      if (!walkDone && hi > 0 && n > 0) {
        loadShifted(m);
        W[W_SLO] = Number.MIN_VALUE;
        W[W_SHI] = hi;
        solveDeflated(n);
      }
    }
  }
  const count = outCount < 4 ? outCount : 4;
  for (let i = 0; i < count; i++) {
    polyRoots[i] = OUT[i];
    polyRootKinds[i] = OUT_KIND[i];
  }
  return count;
}

// ---------------------------------------------------------------------------------------------
// Checked public forms.

function checkCoefficients(c0: number, c1: number, c2: number, c3: number, c4: number, lo: number, hi: number): void {
  if (c0 - c0 + (c1 - c1) + (c2 - c2) + (c3 - c3) + (c4 - c4) === 0 && lo === lo && hi === hi) return;
  const values = [c0, c1, c2, c3, c4];
  for (let i = 0; i < 5; i++) {
    if (!Number.isFinite(values[i])) throw new RangeError(`c${i} must be a finite number, got ${String(values[i])}`);
  }
  if (lo !== lo) throw new RangeError("lo must be a number, got NaN");
  throw new RangeError("hi must be a number, got NaN");
}

function load(c0: number, c1: number, c2: number, c3: number, c4: number, lo: number, hi: number): void {
  const q = polyInput;
  q[0] = c0; q[1] = c1; q[2] = c2; q[3] = c3; q[4] = c4; q[5] = lo; q[6] = hi;
  q[7] = 0; q[8] = 0; q[9] = 0; q[10] = 0; q[11] = 0;
}

/**
 * The smallest real root in [lo, hi] of c0 + c1 t + c2 t^2 + c3 t^3 + c4 t^4, or Infinity when
 * there is none (also for the identically zero polynomial, which has no isolated root). lo may
 * be -Infinity and hi Infinity; lo > hi is an empty interval. Roots of even multiplicity
 * (touching zero) count, as described in the file comment; {@link firstDownwardCrossing}
 * skips them. Accuracy: about an ulp for a simple, well-conditioned root (see the file
 * comment). Throws a RangeError for a non-finite coefficient or a NaN bound.
 */
export function firstRootInInterval(c0: number, c1: number, c2: number, c3: number, c4: number, lo: number, hi: number): number {
  checkCoefficients(c0, c1, c2, c3, c4, lo, hi);
  load(c0, c1, c2, c3, c4, lo, hi);
  return solvePolynomial(ROOTS_FIRST) > 0 ? polyRoots[0] : Infinity;
}

/**
 * The smallest t in [lo, hi] at which c0 + c1 t + ... + c4 t^4 goes from positive to negative
 * (a root of kind ROOT_DOWN; at lo: p is zero there and negative just after), or Infinity.
 * Touching roots and upward crossings are skipped. Checks as {@link firstRootInInterval}.
 */
export function firstDownwardCrossing(c0: number, c1: number, c2: number, c3: number, c4: number, lo: number, hi: number): number {
  checkCoefficients(c0, c1, c2, c3, c4, lo, hi);
  load(c0, c1, c2, c3, c4, lo, hi);
  return solvePolynomial(ROOTS_FIRST_DOWN) > 0 ? polyRoots[0] : Infinity;
}

/**
 * Every real root in [lo, hi] of c0 + c1 t + c2 t^2 + c3 t^3 + c4 t^4, written ascending to
 * `out` (length >= 4); returns how many (0..4). Each root appears once whatever its
 * multiplicity; {@link polyRootKinds} holds the kind of each afterwards. Checks as
 * {@link firstRootInInterval}.
 */
export function realRootsInInterval(
  out: Float64Array, c0: number, c1: number, c2: number, c3: number, c4: number, lo: number, hi: number,
): number {
  checkCoefficients(c0, c1, c2, c3, c4, lo, hi);
  load(c0, c1, c2, c3, c4, lo, hi);
  const n = solvePolynomial(ROOTS_ALL);
  for (let i = 0; i < n; i++) out[i] = polyRoots[i];
  return n;
}
