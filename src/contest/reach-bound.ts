/**
 * The exact cheap rejection shared by the CSB and FB collision loops: a pair that is not
 * touching and whose gap cannot close within the time left of the turn, by a margin that
 * covers every rounding of the referee's quadratic, is dropped before the root is taken.
 *
 * With d = pA − pB, dv = vA − vB (the doubles the referee uses), gap X = |d| − R and the
 * L1 bounds span = |dx| + |dy| ≥ |d|, speed = |dvx| + |dvy| ≥ |dv|, the loops drop the pair when
 *
 *     span < REACH_SPAN_LIMIT  and  c > reach · (reach + 2R),
 *     c = dx² + dy² − R²,  reach = speed · left + span · REACH_SLACK.
 *
 * Why the referee drops it too. Exactly, c = X (X + 2R), so the test says X > reach (up to
 * roundings of at most 11ε|d|² in c and in the product, far inside the m·R ≥ 2⁻²⁰·span·R
 * that separates reach from reach − m/2, m = span · 2⁻²⁰): X > |dv|·left + m/2. The referee
 * computes b, a, c and Δ = b² − a·c with an absolute error E ≤ 12ε·a·|d|², so a computed
 * Δ > 0 needs the closest approach dmin ≤ R + 6ε|d|²/R, and its smaller root, computed, is
 * at least (X − 6ε|d|²/R − 4√ε·|d|)/|dv| · (1 − 4ε) (the √ε term is √E through the square
 * root). With |d| < 2²³ and R ≥ 300 both error terms stay below 5·10⁻⁸·|d| < m/2 − 5ε|d|,
 * so the computed τ exceeds the computed left: no candidate. NaN and infinite inputs fail
 * `span < REACH_SPAN_LIMIT` or the comparison and go to the referee's formula unchanged.
 */

/** Relative slack on the gap: 2⁻²⁰ ≈ 9.5·10⁻⁷ of the L1 distance (exact scaling). */
export const REACH_SLACK = 2 ** -20;
/** The bound is applied only while the L1 distance stays below 2²³ (else the formula runs). */
export const REACH_SPAN_LIMIT = 2 ** 23;

/**
 * True when the pair (offset dx, dy; relative velocity dvx, dvy; contact distance R; c =
 * dx² + dy² − R² as the referee computes it) surely has no referee candidate within `left`.
 */
export function outOfReach(dx: number, dy: number, dvx: number, dvy: number, c: number, R: number, left: number): boolean {
  // REACH_SLACK and REACH_SPAN_LIMIT as locals: V8 folds a function's own constants (a
  // module-level const is a context load and a type check per use).
  const slack = 9.5367431640625e-7, spanLimit = 8388608;
  const span = Math.abs(dx) + Math.abs(dy);
  const reach = (Math.abs(dvx) + Math.abs(dvy)) * left + span * slack;
  return c > reach * (reach + 2 * R) && span < spanLimit;
}
