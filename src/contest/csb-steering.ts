/**
 * A cheap, certain answer to "does the CSB referee clamp this turn to ±18°, and to which side?"
 * without atan2. The referee computes θ = atan2(dy, dx), δ = shortAngleDist(α, θ) and clamps
 * when |δ| ≥ π/10. With h = (cos α, sin α), the angle φ from h to (dx, dy) has
 * cos φ = h·d / |d| and the sign of h × d. The referee's δ differs from φ by a few ulps of the
 * angles (atan2 and cos/sin are within an ulp, the subtractions round once each), far below
 * 1e-14 for the angles a game holds; so when φ lies beyond π/10 + 1e-9 (and short of π − 1e-9,
 * where the side is ambiguous), |δ| ≥ π/10 and sign δ = sign φ for certain. Elsewhere the
 * answer is 0, "ask atan2".
 */

const MARGIN = 1e-9;
/** cos(π/10 + 1e-9), rounded down a little further to absorb its own rounding. */
const COS_LIMIT = Math.cos(Math.PI / 10 + MARGIN) - 1e-15;
/** |sin φ| must exceed this (φ at least about 1e-9 away from 0 and π). */
const SIN_LIMIT = 1e-9;
/**
 * The limits squared: the tests compare squares, with no square root (squaring moves the
 * thresholds by a few ulps, a millionth of the 1e-9 margin).
 */
export const COS_LIMIT_SQUARED = COS_LIMIT * COS_LIMIT;
export const SIN_LIMIT_SQUARED = SIN_LIMIT * SIN_LIMIT;

/**
 * +1 or −1 when the target (target[q], target[q + 1]) lies certainly beyond the 18° limit on that side of the
 * heading, else 0. The pod is read from `s`: its position at s[at], s[at + 1], the cos and sin
 * of its stored angle at s[trig], s[trig + 1] (or that unit vector divided by its computed
 * length: an ulp apart); arrays and indices in, an integer out: a call that passed doubles
 * read from a typed array would box them.
 */
export function steeringSide(s: Float64Array, at: number, trig: number, target: Float64Array, q: number): number {
  // The limits as literals (test/contest-rules.test.ts checks them against the formulas above):
  // V8 folds a function's own constants, a module-level const is a context load per use.
  const COS_LIMIT_SQUARED = 0.9045084965996866, SIN_LIMIT_SQUARED = 1e-18;
  const dx = target[q] - s[at], dy = target[q + 1] - s[at + 1];
  const cos = s[trig], sin = s[trig + 1];
  const d2 = dx * dx + dy * dy;
  // Far from overflow and underflow, where the products below keep their relative accuracy.
  if (!(d2 > 1e-150 && d2 < 1e150)) return 0;
  // dot < |d|·COS_LIMIT ⇔ dot·|dot| < d²·COS_LIMIT² (true when dot < 0), with no branch on
  // the sign of dot (which a search's random targets would mispredict half the time).
  const dot = cos * dx + sin * dy;
  if (!(dot * Math.abs(dot) < d2 * COS_LIMIT_SQUARED)) return 0;
  // cross·|cross| beyond ±d²·SIN_LIMIT²: the sign of cross is the side.
  const cross = cos * dy - sin * dx, signed = cross * Math.abs(cross), limit = d2 * SIN_LIMIT_SQUARED;
  // Booleans to 0 and 1 by unary plus: no branch a search's random targets would mispredict.
  return +(signed > limit) - +(signed < -limit);
}
