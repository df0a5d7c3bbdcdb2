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
 * The code is split by stage: poly-state.ts (shared arrays), poly-eval.ts (evaluation),
 * poly-kernels.ts (iterations), poly-walk.ts (the walk), poly-range.ts (scaling, bounds,
 * deflation); this file holds the entry points.
 *
 * The hot core {@link solvePolynomial} takes no arguments: coefficients come in through
 * {@link polyInput} and roots go out through {@link polyRoots}, so that no double is boxed on a
 * call TurboFan does not inline. {@link firstRootInInterval}, {@link firstDownwardCrossing} and
 * {@link realRootsInInterval} are thin checked wrappers. Only +, -, *, / and sqrt are used, so
 * results are bit-for-bit the same in every engine.
 */
import { K, KL, OUT, OUT_KIND, ROOTS_ALL, ROOTS_FIRST, ROOTS_FIRST_DOWN, ROOT_TOUCH, W, W_EX, W_ROOT, W_SHI, W_SLO, polyInput, polyRootKinds, polyRoots, ws } from "./poly-state.js";
import { compensatedSignAt, plainSignAt } from "./poly-eval.js";
import { emit, kindOf } from "./poly-walk.js";
import { solveDeflated } from "./poly-range.js";

export { ROOT_DOWN, ROOT_TOUCH, ROOT_UP, ROOTS_ALL, ROOTS_FIRST, ROOTS_FIRST_DOWN, polyInput, polyRoots, polyRootKinds } from "./poly-state.js";
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
  ws.outCount = 0;
  ws.walkMode = mode;
  ws.walkDone = false;
  ws.kindFlip = 1;
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
        ws.kindFlip = hi < 0 ? negativeFlip : 1;
        solveDeflated(n);
        ws.kindFlip = 1;
      }
    } else {
      // Roots below 0, then 0, then above 0 (the walks stop early in the "first" modes).
      if (lo < 0 && n > 0) {
        W[W_SLO] = lo;
        W[W_SHI] = -Number.MIN_VALUE;
        ws.kindFlip = negativeFlip;
        solveDeflated(n);
        ws.kindFlip = 1;
      }
      if (!ws.walkDone) {
        W[W_ROOT] = 0;
        emit(kindOf(lo < 0 ? left : 0, hi > 0 ? right : 0));
      }
      if (!ws.walkDone && hi > 0 && n > 0) {
        loadShifted(m);
        W[W_SLO] = Number.MIN_VALUE;
        W[W_SHI] = hi;
        solveDeflated(n);
      }
    }
  }
  const count = ws.outCount < 4 ? ws.outCount : 4;
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
