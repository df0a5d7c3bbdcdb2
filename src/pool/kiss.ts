/**
 * pooltool's position corrections before a collision is resolved (docs/pool-model.md 6.1 and
 * 6.3): the balls are moved to a separation of exactly contact + {@link KISS_SPACER}, along
 * their velocities when that moves them little, else along the line of centres. These moves
 * (about 1e-6 m) are part of the model the reference traces follow.
 */
import { nonTranslating, STRIDE } from "./motion.js";

/** pooltool's MIN_DIST spacer (m). */
export const KISS_SPACER = 1e-6;

/**
 * The root of smallest magnitude of a t² + b t + c = 0, with pooltool's acceptance of a
 * complex pair whose imaginary part is below 1e-3 of its real part (its real part is taken);
 * NaN when there is none.
 */
export function smallestRoot(a: number, b: number, c: number): number {
  if (a === 0) return b !== 0 ? -c / b : NaN;
  const disc = b * b - 4 * a * c;
  if (disc >= 0) {
    const q = -0.5 * (b + (b >= 0 ? Math.sqrt(disc) : -Math.sqrt(disc)));
    const t1 = q / a;
    const t2 = q !== 0 ? c / q : t1;
    return Math.abs(t2) < Math.abs(t1) ? t2 : t1;
  }
  const re = -b / (2 * a);
  const im = Math.sqrt(-disc) / (2 * Math.abs(a));
  return im < 1e-3 * Math.abs(re) ? re : NaN;
}

/** Kiss of balls i and j (6.1). */
export function kissBalls(B: Float64Array, S: Int8Array, i: number, j: number, R: number): void {
  const oi = i * STRIDE, oj = j * STRIDE;
  const target = 2 * R + KISS_SPACER;
  if (!(nonTranslating(S[i]) && nonTranslating(S[j]))) {
    const cx = B[oj] - B[oi], cy = B[oj + 1] - B[oi + 1];
    const bx = B[oj + 3] - B[oi + 3], by = B[oj + 4] - B[oi + 4];
    const t = smallestRoot(bx * bx + by * by, 2 * (cx * bx + cy * by), cx * cx + cy * cy - target * target);
    if (t === t) {
      const mx = 0.5 * t * (B[oi + 3] + B[oj + 3]), my = 0.5 * t * (B[oi + 4] + B[oj + 4]);
      if (Math.sqrt(mx * mx + my * my) <= 5 * KISS_SPACER) {
        B[oi] += t * B[oi + 3];
        B[oi + 1] += t * B[oi + 4];
        B[oj] += t * B[oj + 3];
        B[oj + 1] += t * B[oj + 4];
        return;
      }
    }
  }
  const dx = B[oj] - B[oi], dy = B[oj + 1] - B[oi + 1];
  const d = Math.sqrt(dx * dx + dy * dy);
  if (d === 0) return;
  const half = 0.5 * (target - d);
  const nx = dx / d, ny = dy / d;
  B[oi] -= half * nx;
  B[oi + 1] -= half * ny;
  B[oj] += half * nx;
  B[oj + 1] += half * ny;
}

/** Kiss of ball i against the line of a straight cushion p1→p2 (6.3). */
export function kissLine(B: Float64Array, S: Int8Array, i: number, p1x: number, p1y: number, p2x: number, p2y: number, R: number): void {
  const o = i * STRIDE;
  const ex = p2x - p1x, ey = p2y - p1y;
  const len = Math.sqrt(ex * ex + ey * ey);
  let nx = -ey / len, ny = ex / len;
  const vx = B[o + 3], vy = B[o + 4];
  if (nx * vx + ny * vy < 0) { nx = -nx; ny = -ny; }
  const rx = B[o], ry = B[o + 1];
  if (!nonTranslating(S[i])) {
    const d0 = (rx - p1x) * nx + (ry - p1y) * ny;
    const vn = vx * nx + vy * ny;
    const t1 = (R + KISS_SPACER - d0) / vn, t2 = (-(R + KISS_SPACER) - d0) / vn;
    const t = Math.abs(t1) < Math.abs(t2) ? t1 : t2;
    const step = Math.abs(t) * Math.sqrt(vx * vx + vy * vy);
    if (step <= 5 * KISS_SPACER) {
      B[o] = rx + t * vx;
      B[o + 1] = ry + t * vy;
      return;
    }
  }
  // Closest point of the line, then R + spacer from it towards the ball.
  const s = ((rx - p1x) * ex + (ry - p1y) * ey) / (len * len);
  const qx = p1x + s * ex, qy = p1y + s * ey;
  const dx = rx - qx, dy = ry - qy;
  const d = Math.sqrt(dx * dx + dy * dy);
  if (d === 0) return;
  B[o] = qx + ((R + KISS_SPACER) * dx) / d;
  B[o + 1] = qy + ((R + KISS_SPACER) * dy) / d;
}

/** Kiss of ball i against a circle of radius `radius` around (cx, cy) (a jaw, 6.3). */
export function kissCircle(B: Float64Array, S: Int8Array, i: number, cx: number, cy: number, radius: number, R: number): void {
  const o = i * STRIDE;
  const target = R + radius + KISS_SPACER;
  const vx = B[o + 3], vy = B[o + 4];
  if (!nonTranslating(S[i])) {
    const dx = B[o] - cx, dy = B[o + 1] - cy;
    const t = smallestRoot(vx * vx + vy * vy, 2 * (dx * vx + dy * vy), dx * dx + dy * dy - target * target);
    if (t === t && Math.abs(t) * Math.sqrt(vx * vx + vy * vy) <= 5 * KISS_SPACER) {
      B[o] += t * vx;
      B[o + 1] += t * vy;
      return;
    }
  }
  const dx = B[o] - cx, dy = B[o + 1] - cy;
  const d = Math.sqrt(dx * dx + dy * dy);
  if (d === 0) return;
  B[o] = cx + (target * dx) / d;
  B[o + 1] = cy + (target * dy) / d;
}
