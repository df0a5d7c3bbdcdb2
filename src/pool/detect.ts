/**
 * Event times (docs/pool-model.md section 7): the quartics (ball–ball, jaws, pockets) by carom's
 * exact real-root isolation (src/math/poly-roots.ts), the cushion quadratics in closed form.
 * Every real root in the interval is found, so no collision is missed and no complex pair is
 * mistaken for a contact. Times are relative to "now"; a ball's path is
 * r(τ) = c + b τ + a τ² (see {@link pathCoefficients}); `hi` is the horizon: the first moment at
 * which one of the balls changes state (a root beyond it is never needed, since the state
 * change comes first and the candidates are then recomputed).
 *
 * A cheap conservative pre-test comes first: the axis-aligned box of the ball's path over
 * [0, horizon] (the parabola's extremes), grown by a margin, against the other object's box.
 */
import { firstDownwardCrossing, firstRootInInterval } from "../math/poly-roots.js";
import { EPS } from "./motion.js";

/** Slack added to the box pre-tests (m): far above rounding, far below any distance that matters. */
const BOX_MARGIN = 1e-6;

/**
 * The box of a path (cx cy bx by ax ay at P[o..]) over [0, h], written to box[q..q+3]. A path
 * so long that its end overflows (a ball rolling for 1e300 s under a gravity of 1e-300) gets an
 * unbounded box: the pre-test must never rule out a contact the path can reach.
 */
export function pathBox(box: Float64Array, q: number, P: Float64Array, o: number, h: number): void {
  for (let k = 0; k < 2; k++) {
    const c = P[o + k], b = P[o + 2 + k], a = P[o + 4 + k];
    let lo = c, hi = c;
    if (b !== 0 || a !== 0) {
      const end = c + h * (b + h * a);
      if (!(end > -Infinity && end < Infinity)) {
        lo = -Infinity;
        hi = Infinity;
      } else {
        if (end < lo) lo = end;
        if (end > hi) hi = end;
        if (a !== 0) {
          const tv = -b / (2 * a);
          if (tv > 0 && tv < h) {
            const v = c + tv * (b + tv * a);
            if (v < lo) lo = v;
            if (v > hi) hi = v;
          }
        }
      }
    }
    box[q + k] = lo;
    box[q + 2 + k] = hi;
  }
}

/** Whether boxes i (at q1 of A) and j (at q2 of B) come within `gap` of each other. */
export function boxesNear(A: Float64Array, q1: number, B: Float64Array, q2: number, gap: number): boolean {
  const g = gap + BOX_MARGIN;
  return A[q1] - g <= B[q2 + 2] && B[q2] - g <= A[q1 + 2] && A[q1 + 1] - g <= B[q2 + 3] && B[q2 + 1] - g <= A[q1 + 3];
}

/**
 * Ball–ball: the first τ in [0, hi] with |Δr(τ)| = 2R: the smallest real root of the quartic
 * |A τ² + B τ + C|² − 4R² (A, B, C the differences of the path coefficients of j and i). Balls
 * closer than 2R collide now (pooltool's rule); balls exactly touching collide now only if they
 * approach (the distance falls below 2R just after), else at their next downward crossing.
 */
export function ballBallTime(P: Float64Array, oi: number, oj: number, R: number, hi: number): number {
  const Cx = P[oj] - P[oi], Cy = P[oj + 1] - P[oi + 1];
  const Bx = P[oj + 2] - P[oi + 2], By = P[oj + 3] - P[oi + 3];
  const Ax = P[oj + 4] - P[oi + 4], Ay = P[oj + 5] - P[oi + 5];
  const d2 = 4 * R * R;
  const cc = Cx * Cx + Cy * Cy;
  if (cc < d2) return 0;
  const c0 = cc - d2, c1 = 2 * (Bx * Cx + By * Cy), c2 = Bx * Bx + By * By + 2 * (Ax * Cx + Ay * Cy);
  const c3 = 2 * (Ax * Bx + Ay * By), c4 = Ax * Ax + Ay * Ay;
  return c0 === 0 ? firstDownwardCrossing(c0, c1, c2, c3, c4, 0, hi) : firstRootInInterval(c0, c1, c2, c3, c4, 0, hi);
}

/**
 * Ball centre against a jaw: a circle of radius D = R + r_jaw around (px, py): the smallest real
 * root in [0, hi] of ½|a|² τ⁴ + (a·b) τ³ + (a·(c − P) + ½|b|²) τ² + b·(c − P) τ + ½|c − P|² − ½D².
 * A ball touching or overlapping the jaw collides now if it moves towards the jaw's centre, else
 * at its next entry (never when it leaves).
 */
export function circleTime(P: Float64Array, o: number, px: number, py: number, D: number, hi: number): number {
  const cx = P[o] - px, cy = P[o + 1] - py;
  const bx = P[o + 2], by = P[o + 3], ax = P[o + 4], ay = P[o + 5];
  const c0 = 0.5 * (cx * cx + cy * cy) - 0.5 * D * D, c1 = bx * cx + by * cy;
  const c2 = ax * cx + ay * cy + 0.5 * (bx * bx + by * by), c3 = ax * bx + ay * by, c4 = 0.5 * (ax * ax + ay * ay);
  if (c0 <= 0) return c1 < 0 ? 0 : firstDownwardCrossing(c0, c1, c2, c3, c4, 0, hi);
  return firstRootInInterval(c0, c1, c2, c3, c4, 0, hi);
}

/**
 * Ball centre against a pocket's capture circle of radius D around (px, py) (pooltool's 2D
 * pocket: a ball is captured when its centre enters the circle): the same quartic as
 * {@link circleTime}; a centre already inside is captured now.
 */
export function pocketTime(P: Float64Array, o: number, px: number, py: number, D: number, hi: number): number {
  const cx = P[o] - px, cy = P[o + 1] - py;
  const bx = P[o + 2], by = P[o + 3], ax = P[o + 4], ay = P[o + 5];
  const c0 = 0.5 * (cx * cx + cy * cy) - 0.5 * D * D;
  if (c0 < 0) return 0;
  return firstRootInInterval(c0, bx * cx + by * cy, ax * cx + ay * cy + 0.5 * (bx * bx + by * by), ax * bx + ay * by, 0.5 * (ax * ax + ay * ay), 0, hi);
}

/**
 * Ball centre against the line lx x + ly y + l0 = 0 of a segment, on the side `direction`
 * (0: the line moved by +R|l|, 1: by −R|l|, 2: both): the smallest root τ in (EPS, hi] of
 * A τ² + B τ + C± (A = l·a, B = l·b, C± = l0 + l·c ± R|l|) at which the centre projects onto
 * the segment p1→p2 (its ends are covered by the jaws). The quadratic is solved in closed form
 * by the stable formula q = −(B + sign(B) √(B² − 4AC))/2, roots q/A and C/q (Numerical Recipes
 * 5.6: nothing nearly equal is subtracted); a negative discriminant (the path only comes near
 * the line) has no root, and a zero one is a graze, which counts as a contact as in pooltool.
 * A ball already touching the cushion (its centre between the line and the line moved by R, or
 * a root within EPS of now) and moving into it collides now (pooltool's root filter Re > 100 eps
 * would miss it and let the ball through the cushion: its issue #217).
 */
export function lineTime(
  P: Float64Array, o: number, lx: number, ly: number, l0: number, direction: number,
  p1x: number, p1y: number, p2x: number, p2y: number, R: number, hi: number,
): number {
  const A = lx * P[o + 4] + ly * P[o + 5];
  const B = lx * P[o + 2] + ly * P[o + 3];
  const lc = l0 + lx * P[o] + ly * P[o + 1];
  const rl = R * Math.sqrt(lx * lx + ly * ly);
  let best = Infinity;
  for (let side = 0; side < 2; side++) {
    if (direction !== 2 && direction !== side) continue;
    const C = side === 0 ? lc + rl : lc - rl;
    if (side === 0 ? C >= 0 && lc <= 0 && B > 0 : C <= 0 && lc >= 0 && B < 0) {
      const ex = p2x - p1x, ey = p2y - p1y;
      const s = ((P[o] - p1x) * ex + (P[o + 1] - p1y) * ey) / (ex * ex + ey * ey);
      if (s >= 0 && s <= 1) return 0;
    }
    let r1: number, r2: number;
    if (A === 0) {
      if (B === 0) continue;
      r1 = -C / B;
      r2 = Infinity;
    } else {
      const disc = B * B - 4 * A * C;
      if (disc < 0) continue;
      const q = -0.5 * (B + (B >= 0 ? Math.sqrt(disc) : -Math.sqrt(disc)));
      const x1 = q / A, x2 = q !== 0 ? C / q : x1;
      r1 = x1 < x2 ? x1 : x2;
      r2 = x1 < x2 ? x2 : x1;
    }
    for (let k = 0; k < 2; k++) {
      const t = k === 0 ? r1 : r2;
      if (!(t >= 0) || t > hi || t >= best) continue;
      // pooltool takes roots above EPS only; one within EPS of now counts if the ball moves into
      // the cushion then (a ball placed touching it up to rounding), else it is the contact
      // just resolved.
      if (t <= EPS && !(side === 0 ? 2 * A * t + B > 0 : 2 * A * t + B < 0)) continue;
      const x = P[o] + t * (P[o + 2] + t * P[o + 4]);
      const y = P[o + 1] + t * (P[o + 3] + t * P[o + 5]);
      const ex = p2x - p1x, ey = p2y - p1y;
      const s = ((x - p1x) * ex + (y - p1y) * ey) / (ex * ex + ey * ey);
      if (s >= 0 && s <= 1) {
        best = t;
        break;
      }
    }
  }
  return best;
}
