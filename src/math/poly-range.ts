/**
 * Range handling of the quartic solver: power-of-two scaling of the coefficients, root bounds
 * (Cauchy), deflation of roots at zero and the reversed polynomial for unbounded intervals.
 */
import { HI_WORD, K, KL, OUT, OUT_KIND, ROOTS_ALL, ROOTS_FIRST_DOWN, ROOT_DOWN, SAFE, W, W_BOUND, W_HI, W_LO, W_SHI, W_SLO, f64, u32, ws } from "./poly-state.js";
import { walkWith } from "./poly-walk.js";

// ---------------------------------------------------------------------------------------------
// Range handling.


/** The binary exponent e of |x| (2^e <= |x| < 2^(e+1)) for finite nonzero x. */
export function exponentOf(x: number): number {
  f64[0] = x;
  const e = (u32[HI_WORD] >>> 20) & 0x7ff;
  if (e === 0) {
    f64[0] = x * 2 ** 64;
    return ((u32[HI_WORD] >>> 20) & 0x7ff) - 1023 - 64;
  }
  return e - 1023;
}

/** x * 2^k, exact unless the result leaves the normal range. */
export function scale2(x: number, k: number): number {
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
export function scaleCoefficients(k: number): void {
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
export function rootBound(n: number): void {
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
export function solveDeflated(n: number): void {
  ws.walkDegree = n;
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
  const before = ws.outCount;
  rootBound(n);
  if (W[W_BOUND] <= SAFE) walkClipped();
  else {
    const B = W[W_BOUND];
    if (W[W_LO] < -B) W[W_LO] = -B;
    if (W[W_HI] > B) W[W_HI] = B;
    if (W[W_LO] <= W[W_HI]) solveExtended(n);
  }
  for (let i = before; i < ws.outCount; i++) OUT[i] = scale2(OUT[i], k);
}

/** Walks [W_LO, W_HI] clipped to the root bound W_BOUND (a clipped end has known signs). */
export function walkClipped(): void {
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

export const SLOW_OUT = new Float64Array(8);
export const SLOW_KIND = new Int8Array(8);
export const SAVED = new Float64Array(10);

export function saveCoefficients(): void {
  for (let i = 0; i < 5; i++) {
    SAVED[i] = K[i];
    SAVED[5 + i] = KL[i];
  }
}

export function restoreCoefficients(): void {
  for (let i = 0; i < 5; i++) {
    K[i] = SAVED[i];
    KL[i] = SAVED[5 + i];
  }
}

/** K := the reversal t^n K(1/t) of the degree-n polynomial in K (K[i] <- K[n - i]). */
export function setReversed(n: number): void {
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
export function solveExtended(n: number): void {
  const lo = W[W_LO];
  const hi = W[W_HI];
  scaleCoefficients(-exponentOf(Math.max(Math.abs(K[0]), Math.abs(K[1]), Math.abs(K[2]), Math.abs(K[3]), Math.abs(K[4]))));
  saveCoefficients();
  const mode = ws.walkMode;
  ws.walkMode = ROOTS_ALL;
  const start = ws.outCount;
  let m = 0;
  // x in [lo, -1) <-> y = 1/x in (-1, 1/lo]; x ascending <-> y descending.
  if (lo < -1) {
    setReversed(n);
    ws.walkDegree = n;
    const before = ws.outCount;
    W[W_LO] = -1;
    W[W_HI] = 1 / lo;
    walkWith(false, false);
    // kind in x: the direction reverses, and p has the sign of (-1)^n r for x < 0.
    const flip = (n & 1) === 0 ? -1 : 1;
    for (let i = ws.outCount - 1; i >= before; i--) {
      if (OUT[i] === -1) continue;
      SLOW_OUT[m] = 1 / OUT[i];
      SLOW_KIND[m++] = flip * OUT_KIND[i];
    }
    ws.outCount = before;
    restoreCoefficients();
  }
  const dlo = lo > -1 ? lo : -1;
  const dhi = hi < 1 ? hi : 1;
  if (dlo <= dhi) {
    ws.walkDegree = n;
    const before = ws.outCount;
    W[W_LO] = dlo;
    W[W_HI] = dhi;
    walkWith(false, false);
    for (let i = before; i < ws.outCount; i++) {
      SLOW_OUT[m] = OUT[i];
      SLOW_KIND[m++] = OUT_KIND[i];
    }
    ws.outCount = before;
    restoreCoefficients();
  }
  // x in (1, hi] <-> y in [1/hi, 1).
  if (hi > 1) {
    setReversed(n);
    ws.walkDegree = n;
    const before = ws.outCount;
    W[W_LO] = 1 / hi;
    W[W_HI] = 1;
    walkWith(false, false);
    for (let i = ws.outCount - 1; i >= before; i--) {
      if (OUT[i] === 1) continue;
      SLOW_OUT[m] = 1 / OUT[i];
      SLOW_KIND[m++] = -OUT_KIND[i];
    }
    ws.outCount = before;
    restoreCoefficients();
  }
  ws.walkMode = mode;
  ws.outCount = start;
  for (let i = 0; i < m; i++) {
    if (mode === ROOTS_FIRST_DOWN && SLOW_KIND[i] !== ROOT_DOWN) continue;
    OUT[ws.outCount] = SLOW_OUT[i];
    OUT_KIND[ws.outCount++] = SLOW_KIND[i];
    if (mode !== ROOTS_ALL) {
      ws.walkDone = true;
      return;
    }
  }
}
