/**
 * The cue strike: pooltool's InstantaneousPoint2D (docs/pool-model.md section 4; Alciatore
 * TP A-30 for the impulse, TP A-31 for squirt). cos and sin of the strike angles (degrees) come
 * from {@link cosSinDegrees} (deterministic; exact at multiples of 90°); the squirt rotation
 * uses the components of its angle's vector directly (cos α = X/√(X² + Y²), sin α = −Y/√(X² + Y²)
 * for α = −atan2(Y, X)), so no arc tangent is evaluated.
 */
import { atan, cosSinDegrees, PI } from "./elementary.js";
import { SLIDING, STRIDE } from "./motion.js";
import type { BallParams, CueSpecs } from "./params.js";

const cs = new Float64Array(2);

/**
 * Strikes ball i (at rest) with cue speed V0 (m/s) in direction phi (degrees, counter-clockwise
 * from +x), elevation theta (degrees), side a and top/bottom b (fractions of R; a² + b² <= 1).
 * The cue's english throttle scales the spin the strike gives (all three components), as
 * pooltool's InstantaneousPoint does (`w * english_throttle`); the speed and the squirt are those
 * of the unscaled offsets.
 */
export function strikeBall(
  B: Float64Array, S: Int8Array, i: number, V0: number, phi: number, theta: number, a0: number, b0: number,
  p: BallParams, cue: CueSpecs,
): void {
  const R = p.R;
  const a = a0, b = b0;
  cosSinDegrees(cs, theta);
  const ct = cs[0], st = cs[1];
  const c0 = Math.sqrt(1 - a * a - b * b);
  const A = a * R;
  const C = (ct * c0 - st * b) * R;
  const Bc = (st * c0 + ct * b) * R;
  const Im = 0.4 * R * R; // I/m
  const v = (2 * V0) / (1 + p.m / cue.M + (A * A + (Bc * ct) * (Bc * ct) + (C * st) * (C * st) - 2 * Bc * C * ct * st) / Im);
  // Ball frame: v_B = −v (0, cos θ, sin θ); w_B = (v / (I/m)) (−C sin θ + B cos θ, A sin θ, −A cos θ).
  const vbx = 0, vby = -v * ct;
  const k = v / Im;
  const wbx = k * (-C * st + Bc * ct), wby = k * (A * st), wbz = k * (-A * ct);
  // Rotate about z by phi + 90°.
  cosSinDegrees(cs, phi + 90);
  const c = cs[0], s = cs[1];
  let vx = vbx * c - vby * s, vy = vbx * s + vby * c;
  const wx = wbx * c - wby * s, wy = wbx * s + wby * c;
  // Squirt: rotate the velocity by α = −atan2(X, Y') (times the squirt throttle).
  const X = 2.5 * a * Math.sqrt(1 - a * a);
  const Y = 1 + p.m / cue.endMass + 2.5 * (1 - a * a);
  if (X !== 0 && cue.squirtThrottle !== 0) {
    let ca: number, sa: number;
    if (cue.squirtThrottle === 1) {
      const h = Math.sqrt(X * X + Y * Y);
      ca = Y / h;
      sa = -X / h;
    } else {
      // A scaled angle needs the angle itself: α = −atan(X / Y) (|X| < Y always), as a series.
      const alpha = -atan(X / Y) * cue.squirtThrottle;
      cosSinDegrees(cs, (alpha * 180) / PI);
      ca = cs[0];
      sa = cs[1];
    }
    const nx = vx * ca - vy * sa, ny = vx * sa + vy * ca;
    vx = nx;
    vy = ny;
  }
  const o = i * STRIDE;
  B[o + 3] = vx;
  B[o + 4] = vy;
  B[o + 5] = 0;
  const throttle = cue.englishThrottle;
  B[o + 6] = wx * throttle;
  B[o + 7] = wy * throttle;
  B[o + 8] = wbz * throttle;
  S[i] = SLIDING;
}
