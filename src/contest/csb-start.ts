/**
 * Where the Coders Strike Back referee puts the pods at the start (data/contest/rules.md):
 * on the line through checkpoint 0 perpendicular to checkpoint 1 − checkpoint 0, at −1, +1,
 * −3 and +3 times 500 along it for pods 0..3, positions rounded half up (Java's Math.round).
 */
import { roundHalfUp } from "./referee-math.js";

/** Writes the four start positions into out as x0, y0, x1, y1, … (the sample games' `initial`). */
export function csbStartPositions(x0: number, y0: number, x1: number, y1: number, out: Float64Array): void {
  const dx = x1 - x0, dy = y1 - y0;
  const d = Math.sqrt(dx * dx + dy * dy);
  // the unit normal (−dy, dx) / d; a map whose first two checkpoints coincide lines the pods up along x
  const px = d > 0 ? -dy / d : 1, py = d > 0 ? dx / d : 0;
  const offsets = [-1, 1, -3, 3];
  for (let i = 0; i < 4; i++) {
    out[2 * i] = roundHalfUp(x0 + px * 500 * offsets[i]);
    out[2 * i + 1] = roundHalfUp(y0 + py * 500 * offsets[i]);
  }
}
