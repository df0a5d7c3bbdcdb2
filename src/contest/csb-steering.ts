/**
 * A cheap, certain answer to "does the CSB referee clamp this turn to ±18°, and to which side?"
 * without atan2. The referee computes θ = atan2(dy, dx), δ = shortAngleDist(α, θ) and clamps
 * when |δ| ≥ π/10. With h = (cos α, sin α), the angle φ from h to (dx, dy) has
 * cos φ = h·d / |d| and the sign of h × d. The referee's δ differs from φ by a few ulps of the
 * angles (atan2 and cos/sin are within an ulp, the subtractions round once each), far below
 * 1e-14 for the angles a game holds; so when φ lies beyond π/10 + 1e-9 (and short of π − 1e-9,
 * where the side is ambiguous), |δ| ≥ π/10 and sign δ = sign φ for certain. Elsewhere the
 * answer is 0, "ask atan2".
 *
 * Also `steer`, the referee's turn towards a target where that answer is 0 or the stored
 * direction of the clamped angle is not cached: atan2 and the unit direction of the new angle
 * through the memo tables of csb-heading-memo.ts.
 */
import { atan2Into, headingInto } from "./csb-heading-memo.js";

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

/** Where atan2Into writes (no double crosses a call). */
const scratch = new Float64Array(1);

/**
 * Turns the pod at offset p of the CSB state `s` (CsbSimulation's layout) towards the target
 * o[q], o[q + 1] as the referee does (atan2, then at most π/10 from the stored angle): stores
 * the angle, and its unit thrust direction in UX, UY. (Indices and objects in, nothing out:
 * double arguments or results would be boxed.) Where the target lies clearly outside the ±18° cone (`side`, ±1: what `steeringSide`
 * decided on the cached direction of the stored angle, with a margin far above rounding;
 * 0 when it could not, or the pod has no angle yet), the referee's result is the clamped
 * angle whatever atan2 returns, and atan2 is skipped.
 */
export function steer(s: Float64Array, p: number, o: Float64Array, q: number, side: number): void {
  // Local constants (CsbSimulation's layout): folded by V8. MAX_TURN is π/10 and TWO_PI 2π, the same doubles.
  const X = 0, ANGLE = 4, HAS_ANGLE = 5, UX = 9, UY = 10, PLUS = 12, MINUS = 14, MAX_TURN = 0.3141592653589793, TWO_PI = 6.283185307179586;
  let theta: number;
  if (s[p + HAS_ANGLE] === 1) {
    const alpha = s[p + ANGLE];
    theta = alpha;
    if (side === 0) {
      atan2Into(s, p + X, o, q, scratch);
      theta = scratch[0];
      // shortAngleDist(alpha, theta) (referee-math.ts) written out: a call V8 does not
      // inline boxes its doubles.
      let da = theta - alpha;
      if (!(da < TWO_PI && da > -TWO_PI)) da %= TWO_PI;
      let twice = 2 * da;
      if (!(twice < TWO_PI && twice > -TWO_PI)) twice %= TWO_PI;
      const delta = twice - da;
      if (Math.abs(delta) >= MAX_TURN) side = Math.sign(delta);
    }
    if (side !== 0) {
      theta = alpha + MAX_TURN * side;
      if (theta === alpha) return;
      const cached = side > 0 ? p + PLUS : p + MINUS;
      const ux = s[cached];
      if (ux === ux) {
        s[p + UX] = ux;
        s[p + UY] = s[cached + 1];
        s[p + ANGLE] = theta;
        s[p + PLUS] = NaN;
        s[p + MINUS] = NaN;
        return;
      }
    } else if (theta === alpha) {
      return;
    }
  } else {
    atan2Into(s, p + X, o, q, scratch);
    theta = scratch[0];
  }
  s[p + ANGLE] = theta;
  s[p + HAS_ANGLE] = 1;
  s[p + PLUS] = NaN;
  s[p + MINUS] = NaN;
  headingInto(s, p + ANGLE, s, p + UX);
}
