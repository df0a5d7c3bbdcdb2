/**
 * Evaluation of the polynomial in the solver's scratch (poly-state.ts): compensated Horner values
 * and derivatives (Graillat, Langlois and Louvet 2005), certified signs, and the bit-level
 * midpoint used by bisection.
 */
import { SPLITTER } from "./double-double.js";
import { EPS_COMP, EPS_PLAIN, HI_WORD, K, KL, W, W_EF, W_EX, mid64, midWords } from "./poly-state.js";

// ---------------------------------------------------------------------------------------------
// Evaluation.

/**
 * Compensated Horner evaluation of K (+ KL) at W[W_EX], result in W[W_EF]: as accurate as
 * Horner's rule in double-double, |error| <= u |p(x)| + gamma_8^2 sum |c_i||x|^i (Graillat,
 * Langlois, Louvet 2005, Theorem 3.1). Each step is a TwoProduct (Dekker, with Veltkamp splits)
 * and a TwoSum (Knuth); their exact errors and the low parts of the coefficients are summed by a
 * second Horner recurrence.
 */
export function compensatedValue(): void {
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
export function compensatedDerivative(): void {
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
export function absScale(): number {
  const ax = Math.abs(W[W_EX]);
  return (((Math.abs(K[4]) * ax + Math.abs(K[3])) * ax + Math.abs(K[2])) * ax + Math.abs(K[1])) * ax + Math.abs(K[0]);
}

/** Sign of the plain Horner value of p at W[W_EX] (value in W[W_EF]), or 0 when within its error bound. */
export function plainSignAt(): number {
  const x = W[W_EX];
  const f = (((K[4] * x + K[3]) * x + K[2]) * x + K[1]) * x + K[0];
  W[W_EF] = f;
  if (Math.abs(f) > EPS_PLAIN * absScale()) return f > 0 ? 1 : -1;
  return 0;
}

/** Sign of the compensated value of p at W[W_EX] (value in W[W_EF]), or 0 when zero within its bound. */
export function compensatedSignAt(): number {
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
export function midpoint(a: number, b: number): number {
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
