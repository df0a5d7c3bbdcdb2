/**
 * The CSB referee's two trigonometric steps, through small memo tables shared by every
 * simulation: atan2 of a pod's offset to its target, and the unit thrust direction of an angle
 * θ, (cos θ / ℓ, sin θ / ℓ) with ℓ = √(cos²θ + sin²θ), which is exactly what the referee
 * multiplies by the thrust. Both are pure functions of their arguments, so a memo is exact; a
 * bot's candidates from one root turn to the same few angles (the stored angle ± 18°, the same
 * targets) again and again.
 *
 * The functions take arrays and indices and return nothing: a double argument or result of a
 * call V8 does not inline would be boxed on the heap.
 */
import { fdlibmAtan2, fdlibmCos, fdlibmSin } from "./fdlibm.js";
import { NATIVE_FDLIBM } from "./trig.js";

const HEADING_SLOTS = 1024;
/** Per slot: θ, cos θ / ℓ, sin θ / ℓ, unused (4 doubles: a slot never straddles a cache line). */
const heading = new Float64Array(4 * HEADING_SLOTS).fill(NaN);
const ATAN_SLOTS = 256;
/** Per slot: dy, dx, atan2(dy, dx), unused. */
const atan = new Float64Array(4 * ATAN_SLOTS).fill(NaN);

/**
 * Writes fdlibm's atan2(ty − s[at + 1], tx − s[at]) to out[0], with the target
 * (tx, ty) = (target[q], target[q + 1]): the angle from the pod at s[at], s[at + 1] to it.
 */
export function atan2Into(s: Float64Array, at: number, target: Float64Array, q: number, out: Float64Array): void {
  const dx = target[q] - s[at], dy = target[q + 1] - s[at + 1];
  const slot = (((dy * 40503 + dx * 1013) | 0) & 255 /* ATAN_SLOTS - 1 */) << 2;
  if (atan[slot] === dy && atan[slot + 1] === dx) {
    out[0] = atan[slot + 2];
    return;
  }
  // Math.atan2 where it is fdlibm (a builtin takes raw doubles: nothing is boxed).
  const value = NATIVE_FDLIBM ? Math.atan2(dy, dx) : fdlibmAtan2(dy, dx);
  // Never an offset with a zero (so none is found either): −0 === 0, and atan2(−0, −1) is −π
  // where atan2(0, −1) is π.
  if (dx !== 0 && dy !== 0) {
    atan[slot] = dy;
    atan[slot + 1] = dx;
    atan[slot + 2] = value;
  }
  out[0] = value;
}

/**
 * Reads θ at from[at] and writes the referee's unit thrust direction to s[out] and
 * s[out + 1]: (cos θ / ℓ, sin θ / ℓ), ℓ = √(cos²θ + sin²θ), with fdlibm's sin and cos.
 */
export function headingInto(from: Float64Array, at: number, s: Float64Array, out: number): void {
  const theta = from[at];
  const slot = (((theta * 2654435.761) | 0) & 1023 /* HEADING_SLOTS - 1 */) << 2;
  if (heading[slot] === theta) {
    s[out] = heading[slot + 1];
    s[out + 1] = heading[slot + 2];
    return;
  }
  // (fdlibmSinCos would share one argument reduction, but only a memo miss in an engine whose
  // Math is not fdlibm pays for two, and a bot's bundle would carry a third routine)
  const sin = NATIVE_FDLIBM ? Math.sin(theta) : fdlibmSin(theta);
  const cos = NATIVE_FDLIBM ? Math.cos(theta) : fdlibmCos(theta);
  const length = Math.sqrt(cos * cos + sin * sin);
  const ux = cos / length, uy = sin / length;
  // Never θ = ±0 (so it is never found either): −0 === 0, and sin(−0) is −0.
  if (theta !== 0) {
    heading[slot] = theta;
    heading[slot + 1] = ux;
    heading[slot + 2] = uy;
  }
  s[out] = ux;
  s[out + 1] = uy;
}
