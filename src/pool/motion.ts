/**
 * Motion of one ball between events (docs/pool-model.md section 5): the equations of each
 * motion state, the time each state lasts, and the path coefficients that event detection
 * uses.
 *
 * Ball state lives in a Float64Array, 9 numbers per ball ({@link STRIDE}): position, velocity,
 * angular velocity (x, y, z each); the motion state code in an Int8Array. Everything here is
 * +, −, ×, ÷ and √ (deterministic in every engine) and allocates nothing.
 */
import type { BallParams } from "./params.js";

export const STATIONARY = 0;
export const SPINNING = 1;
export const SLIDING = 2;
export const ROLLING = 3;
export const POCKETED = 4;

export const STATE_NAMES = ["stationary", "spinning", "sliding", "rolling", "pocketed"] as const;

/** Numbers per ball in the state array: rx ry rz vx vy vz wx wy wz. */
export const STRIDE = 9;

/** pooltool's EPS (100 machine epsilons): spin below it is left alone, slip below it is none. */
export const EPS = 100 * 2.220446049250313e-16;

/** True for stationary, spinning and pocketed balls (they do not move across the cloth). */
export function nonTranslating(state: number): boolean {
  return state <= SPINNING || state === POCKETED;
}

/** Decay of the z spin over dt at rate alpha, clamped at zero. */
function decaySpin(wz: number, alpha: number, dt: number): number {
  if (wz > EPS) {
    const w = wz - alpha * dt;
    return w > 0 ? w : 0;
  }
  if (wz < -EPS) {
    const w = wz + alpha * dt;
    return w < 0 ? w : 0;
  }
  return wz;
}

/** Advances ball i of `b` (state code `s`) by dt in place, by its state's equations. */
export function evolveBall(b: Float64Array, i: number, s: number, dt: number, p: BallParams): void {
  if (dt === 0 || s === STATIONARY || s === POCKETED) return;
  const o = i * STRIDE;
  const R = p.R;
  const alpha = (5 * p.u_sp * p.g) / (2 * R);
  if (s === SPINNING) {
    b[o + 8] = decaySpin(b[o + 8], alpha, dt);
    return;
  }
  const vx = b[o + 3], vy = b[o + 4];
  if (s === SLIDING) {
    const ux = vx - R * b[o + 7], uy = vy + R * b[o + 6];
    const un = Math.sqrt(ux * ux + uy * uy);
    const hx = un > 0 ? ux / un : 0, hy = un > 0 ? uy / un : 0;
    const f = p.u_s * p.g;
    b[o] += vx * dt - 0.5 * f * dt * dt * hx;
    b[o + 1] += vy * dt - 0.5 * f * dt * dt * hy;
    b[o + 3] = vx - f * dt * hx;
    b[o + 4] = vy - f * dt * hy;
    const k = ((5 * f) / (2 * R)) * dt;
    b[o + 6] -= k * hy;
    b[o + 7] += k * hx;
  } else {
    const vn = Math.sqrt(vx * vx + vy * vy);
    const hx = vn > 0 ? vx / vn : 0, hy = vn > 0 ? vy / vn : 0;
    const f = p.u_r * p.g;
    b[o] += vx * dt - 0.5 * f * dt * dt * hx;
    b[o + 1] += vy * dt - 0.5 * f * dt * dt * hy;
    const nvx = vx - f * dt * hx, nvy = vy - f * dt * hy;
    b[o + 3] = nvx;
    b[o + 4] = nvy;
    b[o + 6] = -nvy / R;
    b[o + 7] = nvx / R;
  }
  b[o + 8] = decaySpin(b[o + 8], alpha, dt);
}

/** How long ball i stays in its current state (Infinity for stationary and pocketed). */
export function stateDuration(b: Float64Array, i: number, s: number, p: BallParams): number {
  const o = i * STRIDE;
  if (s === SLIDING) {
    const ux = b[o + 3] - p.R * b[o + 7], uy = b[o + 4] + p.R * b[o + 6];
    return (2 * Math.sqrt(ux * ux + uy * uy)) / (7 * p.u_s * p.g);
  }
  if (s === ROLLING) {
    const vx = b[o + 3], vy = b[o + 4];
    return Math.sqrt(vx * vx + vy * vy) / (p.u_r * p.g);
  }
  if (s === SPINNING) return spinDuration(b[o + 8], p);
  return Infinity;
}

/** How long a z spin wz takes to die out. */
export function spinDuration(wz: number, p: BallParams): number {
  return (Math.abs(wz) * 2 * p.R) / (5 * p.u_sp * p.g);
}

/**
 * Path coefficients of ball i from now: r(τ) = c + b τ + a τ² (x, y), written to out[o..o+5]
 * as cx, cy, bx, by, ax, ay. Non-translating balls get b = a = 0.
 */
export function pathCoefficients(out: Float64Array, o: number, b: Float64Array, i: number, s: number, p: BallParams): void {
  const k = i * STRIDE;
  out[o] = b[k];
  out[o + 1] = b[k + 1];
  if (s === SLIDING || s === ROLLING) {
    const vx = b[k + 3], vy = b[k + 4];
    out[o + 2] = vx;
    out[o + 3] = vy;
    let dx: number, dy: number, mu: number;
    if (s === SLIDING) {
      dx = vx - p.R * b[k + 7];
      dy = vy + p.R * b[k + 6];
      mu = p.u_s;
    } else {
      dx = vx;
      dy = vy;
      mu = p.u_r;
    }
    const n = Math.sqrt(dx * dx + dy * dy);
    const f = n > 0 ? (-0.5 * mu * p.g) / n : 0;
    out[o + 4] = f * dx;
    out[o + 5] = f * dy;
  } else {
    out[o + 2] = 0; out[o + 3] = 0; out[o + 4] = 0; out[o + 5] = 0;
  }
}

/** Kinetic plus rotational energy of ball i. */
export function ballEnergy(b: Float64Array, i: number, p: BallParams): number {
  const o = i * STRIDE;
  const v2 = b[o + 3] * b[o + 3] + b[o + 4] * b[o + 4] + b[o + 5] * b[o + 5];
  const w2 = b[o + 6] * b[o + 6] + b[o + 7] * b[o + 7] + b[o + 8] * b[o + 8];
  return 0.5 * p.m * v2 + 0.5 * (0.4 * p.m * p.R * p.R) * w2;
}
