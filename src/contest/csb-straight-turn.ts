/**
 * A CSB turn with no collision, from the end of the thrust to the end of the turn, over the
 * four pods' positions and velocities held in locals: each read from the state once, each
 * written back once.
 *
 * First the referee's first step of the collision loop (csb-collision-loop.ts): each pair is
 * tested as the loop tests it at t = 0 (touching; moving apart; Δ ≤ 0 or a = 0; out of reach,
 * reach-bound.ts; the smaller root outside (0, 1]), in the referee's pair order. The first pair
 * that is a candidate returns −1 with nothing written, and the general loop plays the turn.
 * Otherwise no pod collides this turn: every pod moves to t = 1 (p += v·(1 − 0), the same bits
 * as p + v) and the turn ends as CsbSimulation's `finish` ends it (the same operations in the
 * same order): friction, Java rounding of the position and truncation of the velocity, and the
 * checkpoint box test on the one segment start → rounded end (no way-point: no collision).
 * The result is the mask of the pods (bit i for pod i) whose box test could not rule out their
 * next checkpoint; the caller runs the referee's distance for those.
 *
 * Written out over locals: V8 inlines only a few calls of a helper this size, and a helper
 * with double arguments would box them wherever it is not inlined.
 */
import { truncateInt } from "./referee-math.js";

/**
 * Plays the rest of a turn without collision on the state `s` (CsbSimulation's layout) with
 * the checkpoints (cpx, cpy): −1 (nothing written) when a pair is a candidate of the loop's
 * first step, else the mask of the pods whose checkpoint test is still to run.
 */
export function straightTurn(s: Float64Array, cpx: Float64Array, cpy: Float64Array): number {
  // Local constants (csb-collision-loop.ts, reach-bound.ts and CsbSimulation's finish): folded
  // by V8. DAMPING is 1 − 0.15, the double 0.85; OUTSIDE and SHORT_SEGMENT as in finish.
  const STRIDE = 16, RADII = 800, RADII_SQUARED = 640000, REACH_SLACK = 9.5367431640625e-7, REACH_SPAN_LIMIT = 8388608;
  const DAMPING = 0.85, OUTSIDE = 601, SHORT_SEGMENT = 1e6;
  const x0 = s[0], y0 = s[1], u0 = s[2], v0 = s[3];
  const x1 = s[STRIDE], y1 = s[STRIDE + 1], u1 = s[STRIDE + 2], v1 = s[STRIDE + 3];
  const x2 = s[2 * STRIDE], y2 = s[2 * STRIDE + 1], u2 = s[2 * STRIDE + 2], v2 = s[2 * STRIDE + 3];
  const x3 = s[3 * STRIDE], y3 = s[3 * STRIDE + 1], u3 = s[3 * STRIDE + 2], v3 = s[3 * STRIDE + 3];
  // One block per pair (A = pod i, B = pod j), the loop's test written out.
  let dx, dy, dvx, dvy, d2, a, b, c, delta, span, reach, tau;
  dx = x3 - x2; dy = y3 - y2; d2 = dx * dx + dy * dy;
  if (d2 <= RADII_SQUARED) return -1;
  dvx = u3 - u2; dvy = v3 - v2; b = dx * dvx + dy * dvy;
  if (b < 0) {
    a = dvx * dvx + dvy * dvy; c = d2 - RADII_SQUARED; delta = b * b - a * c;
    if (delta > 0 && a !== 0) {
      span = Math.abs(dx) + Math.abs(dy); reach = Math.abs(dvx) + Math.abs(dvy) + span * REACH_SLACK;
      // Within reach: the smaller root (one division, as in the loop) decides.
      if (!(c > reach * (reach + 2 * RADII) && span < REACH_SPAN_LIMIT) && (tau = (-b - Math.sqrt(delta)) / a) > 0 && tau <= 1) return -1;
    }
  }
  dx = x3 - x1; dy = y3 - y1; d2 = dx * dx + dy * dy;
  if (d2 <= RADII_SQUARED) return -1;
  dvx = u3 - u1; dvy = v3 - v1; b = dx * dvx + dy * dvy;
  if (b < 0) {
    a = dvx * dvx + dvy * dvy; c = d2 - RADII_SQUARED; delta = b * b - a * c;
    if (delta > 0 && a !== 0) {
      span = Math.abs(dx) + Math.abs(dy); reach = Math.abs(dvx) + Math.abs(dvy) + span * REACH_SLACK;
      // Within reach: the smaller root (one division, as in the loop) decides.
      if (!(c > reach * (reach + 2 * RADII) && span < REACH_SPAN_LIMIT) && (tau = (-b - Math.sqrt(delta)) / a) > 0 && tau <= 1) return -1;
    }
  }
  dx = x3 - x0; dy = y3 - y0; d2 = dx * dx + dy * dy;
  if (d2 <= RADII_SQUARED) return -1;
  dvx = u3 - u0; dvy = v3 - v0; b = dx * dvx + dy * dvy;
  if (b < 0) {
    a = dvx * dvx + dvy * dvy; c = d2 - RADII_SQUARED; delta = b * b - a * c;
    if (delta > 0 && a !== 0) {
      span = Math.abs(dx) + Math.abs(dy); reach = Math.abs(dvx) + Math.abs(dvy) + span * REACH_SLACK;
      // Within reach: the smaller root (one division, as in the loop) decides.
      if (!(c > reach * (reach + 2 * RADII) && span < REACH_SPAN_LIMIT) && (tau = (-b - Math.sqrt(delta)) / a) > 0 && tau <= 1) return -1;
    }
  }
  dx = x2 - x1; dy = y2 - y1; d2 = dx * dx + dy * dy;
  if (d2 <= RADII_SQUARED) return -1;
  dvx = u2 - u1; dvy = v2 - v1; b = dx * dvx + dy * dvy;
  if (b < 0) {
    a = dvx * dvx + dvy * dvy; c = d2 - RADII_SQUARED; delta = b * b - a * c;
    if (delta > 0 && a !== 0) {
      span = Math.abs(dx) + Math.abs(dy); reach = Math.abs(dvx) + Math.abs(dvy) + span * REACH_SLACK;
      // Within reach: the smaller root (one division, as in the loop) decides.
      if (!(c > reach * (reach + 2 * RADII) && span < REACH_SPAN_LIMIT) && (tau = (-b - Math.sqrt(delta)) / a) > 0 && tau <= 1) return -1;
    }
  }
  dx = x2 - x0; dy = y2 - y0; d2 = dx * dx + dy * dy;
  if (d2 <= RADII_SQUARED) return -1;
  dvx = u2 - u0; dvy = v2 - v0; b = dx * dvx + dy * dvy;
  if (b < 0) {
    a = dvx * dvx + dvy * dvy; c = d2 - RADII_SQUARED; delta = b * b - a * c;
    if (delta > 0 && a !== 0) {
      span = Math.abs(dx) + Math.abs(dy); reach = Math.abs(dvx) + Math.abs(dvy) + span * REACH_SLACK;
      // Within reach: the smaller root (one division, as in the loop) decides.
      if (!(c > reach * (reach + 2 * RADII) && span < REACH_SPAN_LIMIT) && (tau = (-b - Math.sqrt(delta)) / a) > 0 && tau <= 1) return -1;
    }
  }
  dx = x1 - x0; dy = y1 - y0; d2 = dx * dx + dy * dy;
  if (d2 <= RADII_SQUARED) return -1;
  dvx = u1 - u0; dvy = v1 - v0; b = dx * dvx + dy * dvy;
  if (b < 0) {
    a = dvx * dvx + dvy * dvy; c = d2 - RADII_SQUARED; delta = b * b - a * c;
    if (delta > 0 && a !== 0) {
      span = Math.abs(dx) + Math.abs(dy); reach = Math.abs(dvx) + Math.abs(dvy) + span * REACH_SLACK;
      // Within reach: the smaller root (one division, as in the loop) decides.
      if (!(c > reach * (reach + 2 * RADII) && span < REACH_SPAN_LIMIT) && (tau = (-b - Math.sqrt(delta)) / a) > 0 && tau <= 1) return -1;
    }
  }
  // No candidate: each pod's end of turn. (ex, ey: the position at t = 1; rx, ry: rounded;
  // wx, wy: the damped velocity; ax..by: the checkpoint's offsets from both ends.)
  let ex, ey, rx, ry, wx, wy, next, cx, cy, ax, ay, bx, by, check = 0;
  // Pod 0.
  ex = x0 + u0; ey = y0 + v0;
  rx = Math.floor(ex + 0.5) + 0; ry = Math.floor(ey + 0.5) + 0;
  wx = u0 * DAMPING; wy = v0 * DAMPING;
  s[0] = rx;
  s[1] = ry;
  s[2] = wx > -2147483648 && wx < 2147483647 ? Math.trunc(wx) + 0 : truncateInt(wx);
  s[3] = wy > -2147483648 && wy < 2147483647 ? Math.trunc(wy) + 0 : truncateInt(wy);
  next = s[11]; cx = cpx[next]; cy = cpy[next];
  ax = cx - x0; bx = cx - rx; ay = cy - y0; by = cy - ry;
  if (!(((ax > OUTSIDE && bx > OUTSIDE) || (ax < -OUTSIDE && bx < -OUTSIDE) || (ay > OUTSIDE && by > OUTSIDE) || (ay < -OUTSIDE && by < -OUTSIDE)) &&
    Math.abs(rx - x0) < SHORT_SEGMENT && Math.abs(ry - y0) < SHORT_SEGMENT)) check |= 1;
  // Pod 1.
  ex = x1 + u1; ey = y1 + v1;
  rx = Math.floor(ex + 0.5) + 0; ry = Math.floor(ey + 0.5) + 0;
  wx = u1 * DAMPING; wy = v1 * DAMPING;
  s[STRIDE] = rx;
  s[STRIDE + 1] = ry;
  s[STRIDE + 2] = wx > -2147483648 && wx < 2147483647 ? Math.trunc(wx) + 0 : truncateInt(wx);
  s[STRIDE + 3] = wy > -2147483648 && wy < 2147483647 ? Math.trunc(wy) + 0 : truncateInt(wy);
  next = s[STRIDE + 11]; cx = cpx[next]; cy = cpy[next];
  ax = cx - x1; bx = cx - rx; ay = cy - y1; by = cy - ry;
  if (!(((ax > OUTSIDE && bx > OUTSIDE) || (ax < -OUTSIDE && bx < -OUTSIDE) || (ay > OUTSIDE && by > OUTSIDE) || (ay < -OUTSIDE && by < -OUTSIDE)) &&
    Math.abs(rx - x1) < SHORT_SEGMENT && Math.abs(ry - y1) < SHORT_SEGMENT)) check |= 2;
  // Pod 2.
  ex = x2 + u2; ey = y2 + v2;
  rx = Math.floor(ex + 0.5) + 0; ry = Math.floor(ey + 0.5) + 0;
  wx = u2 * DAMPING; wy = v2 * DAMPING;
  s[2 * STRIDE] = rx;
  s[2 * STRIDE + 1] = ry;
  s[2 * STRIDE + 2] = wx > -2147483648 && wx < 2147483647 ? Math.trunc(wx) + 0 : truncateInt(wx);
  s[2 * STRIDE + 3] = wy > -2147483648 && wy < 2147483647 ? Math.trunc(wy) + 0 : truncateInt(wy);
  next = s[2 * STRIDE + 11]; cx = cpx[next]; cy = cpy[next];
  ax = cx - x2; bx = cx - rx; ay = cy - y2; by = cy - ry;
  if (!(((ax > OUTSIDE && bx > OUTSIDE) || (ax < -OUTSIDE && bx < -OUTSIDE) || (ay > OUTSIDE && by > OUTSIDE) || (ay < -OUTSIDE && by < -OUTSIDE)) &&
    Math.abs(rx - x2) < SHORT_SEGMENT && Math.abs(ry - y2) < SHORT_SEGMENT)) check |= 4;
  // Pod 3.
  ex = x3 + u3; ey = y3 + v3;
  rx = Math.floor(ex + 0.5) + 0; ry = Math.floor(ey + 0.5) + 0;
  wx = u3 * DAMPING; wy = v3 * DAMPING;
  s[3 * STRIDE] = rx;
  s[3 * STRIDE + 1] = ry;
  s[3 * STRIDE + 2] = wx > -2147483648 && wx < 2147483647 ? Math.trunc(wx) + 0 : truncateInt(wx);
  s[3 * STRIDE + 3] = wy > -2147483648 && wy < 2147483647 ? Math.trunc(wy) + 0 : truncateInt(wy);
  next = s[3 * STRIDE + 11]; cx = cpx[next]; cy = cpy[next];
  ax = cx - x3; bx = cx - rx; ay = cy - y3; by = cy - ry;
  if (!(((ax > OUTSIDE && bx > OUTSIDE) || (ax < -OUTSIDE && bx < -OUTSIDE) || (ay > OUTSIDE && by > OUTSIDE) || (ay < -OUTSIDE && by < -OUTSIDE)) &&
    Math.abs(rx - x3) < SHORT_SEGMENT && Math.abs(ry - y3) < SHORT_SEGMENT)) check |= 8;
  return check;
}
