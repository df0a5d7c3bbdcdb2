/**
 * Ball–ball collision: pooltool's FrictionalInelastic model for equal masses
 * (docs/pool-model.md 6.2; Alciatore TP A-5, A-6, A-14). Work happens in the frame whose x axis
 * is the line of centres n = unit(r2 − r1); its rotation is applied with n's components
 * directly (cos θ = n_x, sin θ = n_y), so no angle and no trigonometry is involved. The friction
 * coefficient is Alciatore's fit u_b = a + b exp(−c |slip|) (pooltool's defaults a = 0.009951,
 * b = 0.108, c = 1.088; the deterministic {@link exp}); pooltool's "average" model (the mean of
 * the two balls' u_b) is the same formula with b = 0.
 */
import { exp } from "./elementary.js";
import { EPS, SLIDING, STRIDE } from "./motion.js";

/**
 * Resolves the collision of balls i and j (already kissed) in place: normal velocities by the
 * restitution e, tangential ones by sliding friction (or rolling without slip when friction
 * would reverse the slip), both balls left sliding. `e` is the mean of the two restitutions;
 * the friction coefficient is fa + fb exp(−fc |slip|).
 */
export function resolveBallBall(
  B: Float64Array, S: Int8Array, i: number, j: number, R: number, e: number, guard: boolean, fa: number, fb: number, fc: number,
): void {
  const o1 = i * STRIDE, o2 = j * STRIDE;
  let nx = B[o2] - B[o1], ny = B[o2 + 1] - B[o1 + 1];
  const d = Math.sqrt(nx * nx + ny * ny);
  nx /= d;
  ny /= d;
  // Frame components: x along n, y along (−n_y, n_x), z up.
  const v1x = B[o1 + 3] * nx + B[o1 + 4] * ny, v1y = -B[o1 + 3] * ny + B[o1 + 4] * nx;
  const v2x = B[o2 + 3] * nx + B[o2 + 4] * ny, v2y = -B[o2 + 3] * ny + B[o2 + 4] * nx;
  const w1x = B[o1 + 6] * nx + B[o1 + 7] * ny, w1y = -B[o1 + 6] * ny + B[o1 + 7] * nx, w1z = B[o1 + 8];
  const w2x = B[o2 + 6] * nx + B[o2 + 7] * ny, w2y = -B[o2 + 6] * ny + B[o2 + 7] * nx, w2z = B[o2 + 8];
  const v1z = B[o1 + 5], v2z = B[o2 + 5];

  // Friction from the relative surface speed at the contact (pre-impact state):
  // s1 = v1t + w1 × (R x̂), s2 = v2t + w2 × (−R x̂); w × x̂ = (0, w_z, −w_y).
  const sy = v1y + R * w1z - (v2y - R * w2z);
  const sz = v1z - R * w1y - (v2z + R * w2y);
  const ub = fb === 0 ? fa : fa + fb * exp(-fc * Math.sqrt(sy * sy + sz * sz));

  // Normal components after impact.
  const v1n = 0.5 * ((1 - e) * v1x + (1 + e) * v2x);
  const v2n = 0.5 * ((1 + e) * v1x + (1 - e) * v2x);
  const D = Math.abs(v2n - v1n);

  // Tangential parts only (x components zeroed): contact slip c = (0, cy, cz).
  const cy = v1y - v2y + R * (w1z + w2z);
  const cz = v1z - v2z - R * (w1y + w2y);
  const cn = Math.sqrt(cy * cy + cz * cz);
  let dvy = 0, dvz = 0, dwy = 0, dwz = 0;
  let slip = false;
  if (cn > EPS) {
    // Sliding friction: Δv = −u_b D ĉ; Δw = (5/(2R)) x̂ × Δv = (5/(2R)) (0, −Δv_z, Δv_y).
    dvy = (-ub * D * cy) / cn;
    dvz = (-ub * D * cz) / cn;
    dwy = (2.5 / R) * -dvz;
    dwz = (2.5 / R) * dvy;
    const cy2 = v1y + dvy - (v2y - dvy) + R * (w1z + dwz + w2z + dwz);
    const cz2 = v1z + dvz - (v2z - dvz) - R * (w1y + dwy + w2y + dwy);
    slip = cy * cy2 + cz * cz2 > 0;
  }
  if (!slip) {
    // No slip at the end: Δv = −(1/7)(v1 − v2 + R (w1 + w2) × x̂),
    // Δw = −(5/14)((x̂ × (v1 − v2))/R + w1 + w2), with x̂ × u = (0, −u_z, u_y).
    dvy = -(1 / 7) * (v1y - v2y + R * (w1z + w2z));
    dvz = -(1 / 7) * (v1z - v2z - R * (w1y + w2y));
    dwy = -(5 / 14) * (-(v1z - v2z) / R + w1y + w2y);
    dwz = -(5 / 14) * ((v1y - v2y) / R + w1z + w2z);
  }
  const nv1y = v1y + dvy, nv2y = v2y - dvy;
  const nw1y = w1y + dwy, nw2y = w2y + dwy;
  // Back to the table frame (x' = n, y' = (−n_y, n_x)); v_z := 0 (2D).
  B[o1 + 3] = v1n * nx - nv1y * ny;
  B[o1 + 4] = v1n * ny + nv1y * nx;
  B[o1 + 5] = 0;
  B[o2 + 3] = v2n * nx - nv2y * ny;
  B[o2 + 4] = v2n * ny + nv2y * nx;
  B[o2 + 5] = 0;
  B[o1 + 6] = w1x * nx - nw1y * ny;
  B[o1 + 7] = w1x * ny + nw1y * nx;
  B[o1 + 8] = w1z + dwz;
  B[o2 + 6] = w2x * nx - nw2y * ny;
  B[o2 + 7] = w2x * ny + nw2y * nx;
  B[o2 + 8] = w2z + dwz;
  S[i] = SLIDING;
  S[j] = SLIDING;
  if (guard) touchingGuard(B, o1, o2, nx, ny);
}

/**
 * pooltool's guard for balls that keep touching (its PR #257, against event explosions when
 * balls roll on together): when both balls move, their velocities after the impact point nearly
 * the same way (cosine > 0.9) and their radial velocities (along n, from ball 1 to ball 2)
 * differ by under 0.01 m/s, the ball that is radially slower after the impact (the "chased"
 * one) takes 10 % of the radially faster one's (the "chaser's") radial velocity from it.
 * Momentum is conserved; kinetic energy changes slightly. Note that the chaser is decided after
 * the impact: when the front ball leaves a little faster than the rear one follows, the rear
 * ball takes speed from the front one and the two close in again, so they touch once more a
 * fraction of a millisecond later (pooltool's choice, kept: its 8-ball breaks show such repeated
 * contacts; see {@link PoolSystemOptions.touchingGuard} to switch the guard off).
 */
function touchingGuard(B: Float64Array, o1: number, o2: number, nx: number, ny: number): void {
  const ax = B[o1 + 3], ay = B[o1 + 4], bx = B[o2 + 3], by = B[o2 + 4];
  const sa = Math.sqrt(ax * ax + ay * ay), sb = Math.sqrt(bx * bx + by * by);
  if (!(sa > 0 && sb > 0)) return;
  if (!((ax * bx + ay * by) / (sa * sb) > 0.9)) return;
  const r1 = ax * nx + ay * ny, r2 = bx * nx + by * ny;
  if (!(Math.abs(r2 - r1) < 0.01)) return;
  // The chaser (higher radial velocity) gives 10 % of it to the chased ball.
  const stolen = 0.1 * (r1 > r2 ? r1 : r2);
  const sign = r1 > r2 ? 1 : -1;
  const dx = sign * stolen * nx, dy = sign * stolen * ny;
  B[o1 + 3] = ax - dx;
  B[o1 + 4] = ay - dy;
  B[o2 + 3] = bx + dx;
  B[o2 + 4] = by + dy;
}
