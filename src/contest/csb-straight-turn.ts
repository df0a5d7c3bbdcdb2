/**
 * One CSB turn over the four pods' positions and velocities held in locals: each read from the
 * state once and, when no pod collides (most turns of a race), each written back once.
 *
 * 1. The thrust (the referee's command → acceleration rule), pod by pod as CsbSimulation
 *    applied it: SHIELD and BOOST, the shield's mass, steering (steeringSide of csb-steering.ts
 *    written out on the locals; the clamped ±18° turn whose direction the state caches, the
 *    usual one of a search, here; a turn within the cone through STEER_MEMO below, the other
 *    usual one of a search; others, and the memo's misses, through `steer`, csb-steering.ts),
 *    v += a · (1/mass).
 *    The angle and its directions go to the state.
 * 2. The collision loop's first step (csb-collision-loop.ts): each pair tested as the loop
 *    tests it at t = 0 (touching; moving apart; Δ ≤ 0 or a = 0; out of reach, reach-bound.ts;
 *    the smaller root outside (0, 1]), in the referee's pair order. At the first pair that is
 *    a candidate, the thrust's results (velocities, start positions, 1/mass) are written for
 *    the general loop and the result is −1: the caller plays the rest of the turn.
 * 3. Otherwise no pod collides this turn: every pod moves to t = 1 (p += v·(1 − 0), the same
 *    bits as p + v) and its turn ends as CsbSimulation's `finish` ends it: friction, Java
 *    rounding of the position and truncation of the velocity, and the checkpoint box test on
 *    the one segment start → rounded end (no collision, no way-point). The result is the mask
 *    of the pods (bit i for pod i) whose box test could not rule out their next checkpoint,
 *    with their start positions written: the caller runs the referee's distance for those.
 *
 * The same operations in the same order as the referee. Written out over locals: V8 inlines
 * only a few calls of a helper this size, and a helper with double arguments would box them
 * wherever it is not inlined.
 */
import { truncateInt } from "./referee-math.js";
import { steer } from "./csb-steering.js";

/**
 * The memo of steer's turn within the cone (side 0: atan2, the 18° clamp and the unit
 * direction of the new angle): a pure function of the stored angle α and the offset (dx, dy)
 * to the target (the state keeps UX, UY and the cached ±18° directions those of their
 * angles, as every turn and setPod leave them), so exact. Per slot: dx, dy, α, then the new
 * angle θ and its unit direction (used when θ ≠ α; when θ = α, steer changes nothing), 2
 * unused (8 doubles: one cache line). Two ways per set (slots 2k and 2k + 1): a new entry goes
 * to the first and the first's to the second, so two keys that share a set both stay. A bot's
 * candidates from one root aim at the same few targets from the same pods: measured on the
 * bot case (one root, 225 candidates), 1.09–1.15x per copy + turn.
 */
const STEER_SLOTS = 256;
const STEER_MEMO = new Float64Array(8 * STEER_SLOTS).fill(NaN);

/**
 * Plays the four pods' orders from `o` (pod i's target x, y and thrust at 3i, ORDER_SHIELD /
 * ORDER_BOOST as in csb-orders.ts) on the state `s` (CsbSimulation's layout) with the checkpoints (cpx, cpy):
 * the whole turn but the round when no pod collides (the result is the mask of the pods whose
 * checkpoint test is still to run, their start x, y in start[i], start[4 + i]); else −1 with
 * the velocities after the thrust in the state, the start positions in `start` and 1/mass in
 * `invMass`, for the collision loop.
 */
export function straightTurn(s: Float64Array, o: Float64Array, cpx: Float64Array, cpy: Float64Array, start: Float64Array, invMass: Float64Array): number {
  // Local constants (CsbSimulation's layout, csb-orders.ts, csb-collision-loop.ts,
  // reach-bound.ts and CsbSimulation's finish): folded by V8. MAX_TURN is π/10; 0.1 is
  // 1/CSB_SHIELD_MASS; DAMPING is 1 − 0.15, the double 0.85 (the same doubles as the referee's).
  const STRIDE = 16, ROUND = 64, SAFE_UNTIL = 73, ANGLE = 4, HAS_ANGLE = 5, SHIELD = 7, BOOST = 8, UX = 9, UY = 10, NEXT = 11, PLUS = 12, MINUS = 14;
  const MAX_TURN = 0.3141592653589793, BOOST_THRUST = 650, SHIELD_INV_MASS = 0.1, ORDER_SHIELD = -1;
  const RADII = 800, RADII_SQUARED = 640000, REACH_SLACK = 9.5367431640625e-7, REACH_SPAN_LIMIT = 8388608;
  const DAMPING = 0.85, OUTSIDE = 601, SHORT_SEGMENT = 1e6;
  // The steering shortcut's limits, steeringSide's literals (csb-steering.ts; checked against
  // their formulas in test/contest-rules.test.ts).
  const COS_LIMIT_SQUARED = 0.9045084965996866, SIN_LIMIT_SQUARED = 1e-18;
  const round = s[ROUND];
  // Position, velocity and 1/mass of each pod; the thrust's scratch (dx, dy, d2 the pair tests' too).
  let dx, dy, d2;
  let x0, y0, u0, v0, m0, x1, y1, u1, v1, m1, x2, y2, u2, v2, m2, x3, y3, u3, v3, m3;
  let thrust, shield, ax, ay, tx, ty, side, cached, ux, uy, alpha, theta, dot, cross, signed, limit, slot, set;
  const memo = STEER_MEMO;
  // Pod 0.
  x0 = s[0]; y0 = s[1]; u0 = s[2]; v0 = s[3];
  thrust = o[2];
  if (thrust < 0) {
    if (thrust === ORDER_SHIELD) {
      s[SHIELD] = round;
      thrust = 0;
    } else {
      s[BOOST] = 1;
      thrust = BOOST_THRUST;
    }
  }
  shield = s[SHIELD];
  if (round <= shield + 3) thrust = 0;
  m0 = shield === round ? SHIELD_INV_MASS : 1;
  ax = 0; ay = 0;
  tx = o[0]; ty = o[1];
  if (tx !== x0 || ty !== y0) {
    // steeringSide (csb-steering.ts) written out on the locals.
    side = 0;
    dx = tx - x0; dy = ty - y0;
    if (s[HAS_ANGLE] === 1) {
      ux = s[UX]; uy = s[UY]; d2 = dx * dx + dy * dy;
      if (d2 > 1e-150 && d2 < 1e150) {
        dot = ux * dx + uy * dy;
        if (dot * Math.abs(dot) < d2 * COS_LIMIT_SQUARED) {
          cross = ux * dy - uy * dx; signed = cross * Math.abs(cross); limit = d2 * SIN_LIMIT_SQUARED;
          side = +(signed > limit) - +(signed < -limit);
        }
      }
    }
    // PLUS for side +1, MINUS for −1 (PLUS + 2 = MINUS), without a branch on the side,
    // which a search's random targets would mispredict half the time; read but unused
    // for side 0.
    cached = PLUS + 1 - side;
    ux = s[cached];
    if (side !== 0 && ux === ux) {
      uy = s[cached + 1];
      alpha = s[ANGLE]; theta = alpha + MAX_TURN * side;
      if (theta !== alpha) {
        s[UX] = ux;
        s[UY] = uy;
        s[ANGLE] = theta;
        s[PLUS] = NaN;
        s[MINUS] = NaN;
      } else {
        ux = s[UX];
        uy = s[UY];
      }
    } else if (side === 0 && s[HAS_ANGLE] === 1) {
      // steer's turn towards the target within the cone, through the memo (see STEER_MEMO).
      alpha = s[ANGLE];
      set = (((dx * 40503 + dy * 1013 + alpha * 2654435.761) | 0) & 254 /* STEER_SLOTS - 2 */) << 3;
      slot = set;
      if (!(memo[set] === dx && memo[set + 1] === dy && memo[set + 2] === alpha)) {
        slot = memo[set + 8] === dx && memo[set + 9] === dy && memo[set + 10] === alpha ? set + 8 : -1;
      }
      if (slot >= 0) {
        theta = memo[slot + 3];
        if (theta !== alpha) {
          ux = memo[slot + 4];
          uy = memo[slot + 5];
          s[ANGLE] = theta;
          s[PLUS] = NaN;
          s[MINUS] = NaN;
          s[UX] = ux;
          s[UY] = uy;
        } else {
          ux = s[UX];
          uy = s[UY];
        }
      } else {
        steer(s, 0, o, 0, 0);
        ux = s[UX];
        uy = s[UY];
        // The set's first way to its second, the new entry to the first (not for an offset
        // with a zero: −0 === 0, and atan2(−0, −1) is −π where atan2(0, −1) is π).
        if (dx !== 0 && dy !== 0) {
          memo[set + 8] = memo[set];
          memo[set + 9] = memo[set + 1];
          memo[set + 10] = memo[set + 2];
          memo[set + 11] = memo[set + 3];
          memo[set + 12] = memo[set + 4];
          memo[set + 13] = memo[set + 5];
          memo[set] = dx;
          memo[set + 1] = dy;
          memo[set + 2] = alpha;
          memo[set + 3] = s[ANGLE];
          memo[set + 4] = ux;
          memo[set + 5] = uy;
        }
      }
    } else {
      steer(s, 0, o, 0, side);
      ux = s[UX];
      uy = s[UY];
    }
    if (thrust !== 0) {
      ax = ux * thrust;
      ay = uy * thrust;
    }
  }
  u0 += ax * m0;
  v0 += ay * m0;
  // Pod 1.
  x1 = s[STRIDE]; y1 = s[STRIDE + 1]; u1 = s[STRIDE + 2]; v1 = s[STRIDE + 3];
  thrust = o[5];
  if (thrust < 0) {
    if (thrust === ORDER_SHIELD) {
      s[STRIDE + SHIELD] = round;
      thrust = 0;
    } else {
      s[STRIDE + BOOST] = 1;
      thrust = BOOST_THRUST;
    }
  }
  shield = s[STRIDE + SHIELD];
  if (round <= shield + 3) thrust = 0;
  m1 = shield === round ? SHIELD_INV_MASS : 1;
  ax = 0; ay = 0;
  tx = o[3]; ty = o[4];
  if (tx !== x1 || ty !== y1) {
    // steeringSide (csb-steering.ts) written out on the locals.
    side = 0;
    dx = tx - x1; dy = ty - y1;
    if (s[STRIDE + HAS_ANGLE] === 1) {
      ux = s[STRIDE + UX]; uy = s[STRIDE + UY]; d2 = dx * dx + dy * dy;
      if (d2 > 1e-150 && d2 < 1e150) {
        dot = ux * dx + uy * dy;
        if (dot * Math.abs(dot) < d2 * COS_LIMIT_SQUARED) {
          cross = ux * dy - uy * dx; signed = cross * Math.abs(cross); limit = d2 * SIN_LIMIT_SQUARED;
          side = +(signed > limit) - +(signed < -limit);
        }
      }
    }
    // PLUS for side +1, MINUS for −1 (PLUS + 2 = MINUS), without a branch on the side,
    // which a search's random targets would mispredict half the time; read but unused
    // for side 0.
    cached = STRIDE + PLUS + 1 - side;
    ux = s[cached];
    if (side !== 0 && ux === ux) {
      uy = s[cached + 1];
      alpha = s[STRIDE + ANGLE]; theta = alpha + MAX_TURN * side;
      if (theta !== alpha) {
        s[STRIDE + UX] = ux;
        s[STRIDE + UY] = uy;
        s[STRIDE + ANGLE] = theta;
        s[STRIDE + PLUS] = NaN;
        s[STRIDE + MINUS] = NaN;
      } else {
        ux = s[STRIDE + UX];
        uy = s[STRIDE + UY];
      }
    } else if (side === 0 && s[STRIDE + HAS_ANGLE] === 1) {
      // steer's turn towards the target within the cone, through the memo (see STEER_MEMO).
      alpha = s[STRIDE + ANGLE];
      set = (((dx * 40503 + dy * 1013 + alpha * 2654435.761) | 0) & 254 /* STEER_SLOTS - 2 */) << 3;
      slot = set;
      if (!(memo[set] === dx && memo[set + 1] === dy && memo[set + 2] === alpha)) {
        slot = memo[set + 8] === dx && memo[set + 9] === dy && memo[set + 10] === alpha ? set + 8 : -1;
      }
      if (slot >= 0) {
        theta = memo[slot + 3];
        if (theta !== alpha) {
          ux = memo[slot + 4];
          uy = memo[slot + 5];
          s[STRIDE + ANGLE] = theta;
          s[STRIDE + PLUS] = NaN;
          s[STRIDE + MINUS] = NaN;
          s[STRIDE + UX] = ux;
          s[STRIDE + UY] = uy;
        } else {
          ux = s[STRIDE + UX];
          uy = s[STRIDE + UY];
        }
      } else {
        steer(s, STRIDE, o, 3, 0);
        ux = s[STRIDE + UX];
        uy = s[STRIDE + UY];
        // The set's first way to its second, the new entry to the first (not for an offset
        // with a zero: −0 === 0, and atan2(−0, −1) is −π where atan2(0, −1) is π).
        if (dx !== 0 && dy !== 0) {
          memo[set + 8] = memo[set];
          memo[set + 9] = memo[set + 1];
          memo[set + 10] = memo[set + 2];
          memo[set + 11] = memo[set + 3];
          memo[set + 12] = memo[set + 4];
          memo[set + 13] = memo[set + 5];
          memo[set] = dx;
          memo[set + 1] = dy;
          memo[set + 2] = alpha;
          memo[set + 3] = s[STRIDE + ANGLE];
          memo[set + 4] = ux;
          memo[set + 5] = uy;
        }
      }
    } else {
      steer(s, STRIDE, o, 3, side);
      ux = s[STRIDE + UX];
      uy = s[STRIDE + UY];
    }
    if (thrust !== 0) {
      ax = ux * thrust;
      ay = uy * thrust;
    }
  }
  u1 += ax * m1;
  v1 += ay * m1;
  // Pod 2.
  x2 = s[2 * STRIDE]; y2 = s[2 * STRIDE + 1]; u2 = s[2 * STRIDE + 2]; v2 = s[2 * STRIDE + 3];
  thrust = o[8];
  if (thrust < 0) {
    if (thrust === ORDER_SHIELD) {
      s[2 * STRIDE + SHIELD] = round;
      thrust = 0;
    } else {
      s[2 * STRIDE + BOOST] = 1;
      thrust = BOOST_THRUST;
    }
  }
  shield = s[2 * STRIDE + SHIELD];
  if (round <= shield + 3) thrust = 0;
  m2 = shield === round ? SHIELD_INV_MASS : 1;
  ax = 0; ay = 0;
  tx = o[6]; ty = o[7];
  if (tx !== x2 || ty !== y2) {
    // steeringSide (csb-steering.ts) written out on the locals.
    side = 0;
    dx = tx - x2; dy = ty - y2;
    if (s[2 * STRIDE + HAS_ANGLE] === 1) {
      ux = s[2 * STRIDE + UX]; uy = s[2 * STRIDE + UY]; d2 = dx * dx + dy * dy;
      if (d2 > 1e-150 && d2 < 1e150) {
        dot = ux * dx + uy * dy;
        if (dot * Math.abs(dot) < d2 * COS_LIMIT_SQUARED) {
          cross = ux * dy - uy * dx; signed = cross * Math.abs(cross); limit = d2 * SIN_LIMIT_SQUARED;
          side = +(signed > limit) - +(signed < -limit);
        }
      }
    }
    // PLUS for side +1, MINUS for −1 (PLUS + 2 = MINUS), without a branch on the side,
    // which a search's random targets would mispredict half the time; read but unused
    // for side 0.
    cached = 2 * STRIDE + PLUS + 1 - side;
    ux = s[cached];
    if (side !== 0 && ux === ux) {
      uy = s[cached + 1];
      alpha = s[2 * STRIDE + ANGLE]; theta = alpha + MAX_TURN * side;
      if (theta !== alpha) {
        s[2 * STRIDE + UX] = ux;
        s[2 * STRIDE + UY] = uy;
        s[2 * STRIDE + ANGLE] = theta;
        s[2 * STRIDE + PLUS] = NaN;
        s[2 * STRIDE + MINUS] = NaN;
      } else {
        ux = s[2 * STRIDE + UX];
        uy = s[2 * STRIDE + UY];
      }
    } else if (side === 0 && s[2 * STRIDE + HAS_ANGLE] === 1) {
      // steer's turn towards the target within the cone, through the memo (see STEER_MEMO).
      alpha = s[2 * STRIDE + ANGLE];
      set = (((dx * 40503 + dy * 1013 + alpha * 2654435.761) | 0) & 254 /* STEER_SLOTS - 2 */) << 3;
      slot = set;
      if (!(memo[set] === dx && memo[set + 1] === dy && memo[set + 2] === alpha)) {
        slot = memo[set + 8] === dx && memo[set + 9] === dy && memo[set + 10] === alpha ? set + 8 : -1;
      }
      if (slot >= 0) {
        theta = memo[slot + 3];
        if (theta !== alpha) {
          ux = memo[slot + 4];
          uy = memo[slot + 5];
          s[2 * STRIDE + ANGLE] = theta;
          s[2 * STRIDE + PLUS] = NaN;
          s[2 * STRIDE + MINUS] = NaN;
          s[2 * STRIDE + UX] = ux;
          s[2 * STRIDE + UY] = uy;
        } else {
          ux = s[2 * STRIDE + UX];
          uy = s[2 * STRIDE + UY];
        }
      } else {
        steer(s, 2 * STRIDE, o, 6, 0);
        ux = s[2 * STRIDE + UX];
        uy = s[2 * STRIDE + UY];
        // The set's first way to its second, the new entry to the first (not for an offset
        // with a zero: −0 === 0, and atan2(−0, −1) is −π where atan2(0, −1) is π).
        if (dx !== 0 && dy !== 0) {
          memo[set + 8] = memo[set];
          memo[set + 9] = memo[set + 1];
          memo[set + 10] = memo[set + 2];
          memo[set + 11] = memo[set + 3];
          memo[set + 12] = memo[set + 4];
          memo[set + 13] = memo[set + 5];
          memo[set] = dx;
          memo[set + 1] = dy;
          memo[set + 2] = alpha;
          memo[set + 3] = s[2 * STRIDE + ANGLE];
          memo[set + 4] = ux;
          memo[set + 5] = uy;
        }
      }
    } else {
      steer(s, 2 * STRIDE, o, 6, side);
      ux = s[2 * STRIDE + UX];
      uy = s[2 * STRIDE + UY];
    }
    if (thrust !== 0) {
      ax = ux * thrust;
      ay = uy * thrust;
    }
  }
  u2 += ax * m2;
  v2 += ay * m2;
  // Pod 3.
  x3 = s[3 * STRIDE]; y3 = s[3 * STRIDE + 1]; u3 = s[3 * STRIDE + 2]; v3 = s[3 * STRIDE + 3];
  thrust = o[11];
  if (thrust < 0) {
    if (thrust === ORDER_SHIELD) {
      s[3 * STRIDE + SHIELD] = round;
      thrust = 0;
    } else {
      s[3 * STRIDE + BOOST] = 1;
      thrust = BOOST_THRUST;
    }
  }
  shield = s[3 * STRIDE + SHIELD];
  if (round <= shield + 3) thrust = 0;
  m3 = shield === round ? SHIELD_INV_MASS : 1;
  ax = 0; ay = 0;
  tx = o[9]; ty = o[10];
  if (tx !== x3 || ty !== y3) {
    // steeringSide (csb-steering.ts) written out on the locals.
    side = 0;
    dx = tx - x3; dy = ty - y3;
    if (s[3 * STRIDE + HAS_ANGLE] === 1) {
      ux = s[3 * STRIDE + UX]; uy = s[3 * STRIDE + UY]; d2 = dx * dx + dy * dy;
      if (d2 > 1e-150 && d2 < 1e150) {
        dot = ux * dx + uy * dy;
        if (dot * Math.abs(dot) < d2 * COS_LIMIT_SQUARED) {
          cross = ux * dy - uy * dx; signed = cross * Math.abs(cross); limit = d2 * SIN_LIMIT_SQUARED;
          side = +(signed > limit) - +(signed < -limit);
        }
      }
    }
    // PLUS for side +1, MINUS for −1 (PLUS + 2 = MINUS), without a branch on the side,
    // which a search's random targets would mispredict half the time; read but unused
    // for side 0.
    cached = 3 * STRIDE + PLUS + 1 - side;
    ux = s[cached];
    if (side !== 0 && ux === ux) {
      uy = s[cached + 1];
      alpha = s[3 * STRIDE + ANGLE]; theta = alpha + MAX_TURN * side;
      if (theta !== alpha) {
        s[3 * STRIDE + UX] = ux;
        s[3 * STRIDE + UY] = uy;
        s[3 * STRIDE + ANGLE] = theta;
        s[3 * STRIDE + PLUS] = NaN;
        s[3 * STRIDE + MINUS] = NaN;
      } else {
        ux = s[3 * STRIDE + UX];
        uy = s[3 * STRIDE + UY];
      }
    } else if (side === 0 && s[3 * STRIDE + HAS_ANGLE] === 1) {
      // steer's turn towards the target within the cone, through the memo (see STEER_MEMO).
      alpha = s[3 * STRIDE + ANGLE];
      set = (((dx * 40503 + dy * 1013 + alpha * 2654435.761) | 0) & 254 /* STEER_SLOTS - 2 */) << 3;
      slot = set;
      if (!(memo[set] === dx && memo[set + 1] === dy && memo[set + 2] === alpha)) {
        slot = memo[set + 8] === dx && memo[set + 9] === dy && memo[set + 10] === alpha ? set + 8 : -1;
      }
      if (slot >= 0) {
        theta = memo[slot + 3];
        if (theta !== alpha) {
          ux = memo[slot + 4];
          uy = memo[slot + 5];
          s[3 * STRIDE + ANGLE] = theta;
          s[3 * STRIDE + PLUS] = NaN;
          s[3 * STRIDE + MINUS] = NaN;
          s[3 * STRIDE + UX] = ux;
          s[3 * STRIDE + UY] = uy;
        } else {
          ux = s[3 * STRIDE + UX];
          uy = s[3 * STRIDE + UY];
        }
      } else {
        steer(s, 3 * STRIDE, o, 9, 0);
        ux = s[3 * STRIDE + UX];
        uy = s[3 * STRIDE + UY];
        // The set's first way to its second, the new entry to the first (not for an offset
        // with a zero: −0 === 0, and atan2(−0, −1) is −π where atan2(0, −1) is π).
        if (dx !== 0 && dy !== 0) {
          memo[set + 8] = memo[set];
          memo[set + 9] = memo[set + 1];
          memo[set + 10] = memo[set + 2];
          memo[set + 11] = memo[set + 3];
          memo[set + 12] = memo[set + 4];
          memo[set + 13] = memo[set + 5];
          memo[set] = dx;
          memo[set + 1] = dy;
          memo[set + 2] = alpha;
          memo[set + 3] = s[3 * STRIDE + ANGLE];
          memo[set + 4] = ux;
          memo[set + 5] = uy;
        }
      }
    } else {
      steer(s, 3 * STRIDE, o, 9, side);
      ux = s[3 * STRIDE + UX];
      uy = s[3 * STRIDE + UY];
    }
    if (thrust !== 0) {
      ax = ux * thrust;
      ay = uy * thrust;
    }
  }
  u3 += ax * m3;
  v3 += ay * m3;
  // The loop's first step: one block per pair (A = pod i, B = pod j), the loop's test written
  // out; the first candidate leaves the block, and so do a state whose pods may leave the int
  // range this turn (not before SAFE_UNTIL: see csb-simulation.ts) and a pod on an axis (a
  // coordinate 0: the product of the eight is 0; see the rounding below).
  candidate: {
    if (s[ROUND] >= s[SAFE_UNTIL] || x0 * y0 * x1 * y1 * x2 * y2 * x3 * y3 === 0) break candidate;
    let dvx, dvy, a, b, c, delta, span, reach, tau;
    dx = x3 - x2; dy = y3 - y2; d2 = dx * dx + dy * dy;
    if (d2 <= RADII_SQUARED) break candidate;
    dvx = u3 - u2; dvy = v3 - v2; b = dx * dvx + dy * dvy;
    if (b < 0) {
      a = dvx * dvx + dvy * dvy; c = d2 - RADII_SQUARED; delta = b * b - a * c;
      if (delta > 0 && a !== 0) {
        span = Math.abs(dx) + Math.abs(dy); reach = Math.abs(dvx) + Math.abs(dvy) + span * REACH_SLACK;
        // Within reach: the smaller root (one division, as in the loop) decides.
        if (!(c > reach * (reach + 2 * RADII) && span < REACH_SPAN_LIMIT) && (tau = (-b - Math.sqrt(delta)) / a) > 0 && tau <= 1) break candidate;
      }
    }
    dx = x3 - x1; dy = y3 - y1; d2 = dx * dx + dy * dy;
    if (d2 <= RADII_SQUARED) break candidate;
    dvx = u3 - u1; dvy = v3 - v1; b = dx * dvx + dy * dvy;
    if (b < 0) {
      a = dvx * dvx + dvy * dvy; c = d2 - RADII_SQUARED; delta = b * b - a * c;
      if (delta > 0 && a !== 0) {
        span = Math.abs(dx) + Math.abs(dy); reach = Math.abs(dvx) + Math.abs(dvy) + span * REACH_SLACK;
        // Within reach: the smaller root (one division, as in the loop) decides.
        if (!(c > reach * (reach + 2 * RADII) && span < REACH_SPAN_LIMIT) && (tau = (-b - Math.sqrt(delta)) / a) > 0 && tau <= 1) break candidate;
      }
    }
    dx = x3 - x0; dy = y3 - y0; d2 = dx * dx + dy * dy;
    if (d2 <= RADII_SQUARED) break candidate;
    dvx = u3 - u0; dvy = v3 - v0; b = dx * dvx + dy * dvy;
    if (b < 0) {
      a = dvx * dvx + dvy * dvy; c = d2 - RADII_SQUARED; delta = b * b - a * c;
      if (delta > 0 && a !== 0) {
        span = Math.abs(dx) + Math.abs(dy); reach = Math.abs(dvx) + Math.abs(dvy) + span * REACH_SLACK;
        // Within reach: the smaller root (one division, as in the loop) decides.
        if (!(c > reach * (reach + 2 * RADII) && span < REACH_SPAN_LIMIT) && (tau = (-b - Math.sqrt(delta)) / a) > 0 && tau <= 1) break candidate;
      }
    }
    dx = x2 - x1; dy = y2 - y1; d2 = dx * dx + dy * dy;
    if (d2 <= RADII_SQUARED) break candidate;
    dvx = u2 - u1; dvy = v2 - v1; b = dx * dvx + dy * dvy;
    if (b < 0) {
      a = dvx * dvx + dvy * dvy; c = d2 - RADII_SQUARED; delta = b * b - a * c;
      if (delta > 0 && a !== 0) {
        span = Math.abs(dx) + Math.abs(dy); reach = Math.abs(dvx) + Math.abs(dvy) + span * REACH_SLACK;
        // Within reach: the smaller root (one division, as in the loop) decides.
        if (!(c > reach * (reach + 2 * RADII) && span < REACH_SPAN_LIMIT) && (tau = (-b - Math.sqrt(delta)) / a) > 0 && tau <= 1) break candidate;
      }
    }
    dx = x2 - x0; dy = y2 - y0; d2 = dx * dx + dy * dy;
    if (d2 <= RADII_SQUARED) break candidate;
    dvx = u2 - u0; dvy = v2 - v0; b = dx * dvx + dy * dvy;
    if (b < 0) {
      a = dvx * dvx + dvy * dvy; c = d2 - RADII_SQUARED; delta = b * b - a * c;
      if (delta > 0 && a !== 0) {
        span = Math.abs(dx) + Math.abs(dy); reach = Math.abs(dvx) + Math.abs(dvy) + span * REACH_SLACK;
        // Within reach: the smaller root (one division, as in the loop) decides.
        if (!(c > reach * (reach + 2 * RADII) && span < REACH_SPAN_LIMIT) && (tau = (-b - Math.sqrt(delta)) / a) > 0 && tau <= 1) break candidate;
      }
    }
    dx = x1 - x0; dy = y1 - y0; d2 = dx * dx + dy * dy;
    if (d2 <= RADII_SQUARED) break candidate;
    dvx = u1 - u0; dvy = v1 - v0; b = dx * dvx + dy * dvy;
    if (b < 0) {
      a = dvx * dvx + dvy * dvy; c = d2 - RADII_SQUARED; delta = b * b - a * c;
      if (delta > 0 && a !== 0) {
        span = Math.abs(dx) + Math.abs(dy); reach = Math.abs(dvx) + Math.abs(dvy) + span * REACH_SLACK;
        // Within reach: the smaller root (one division, as in the loop) decides.
        if (!(c > reach * (reach + 2 * RADII) && span < REACH_SPAN_LIMIT) && (tau = (-b - Math.sqrt(delta)) / a) > 0 && tau <= 1) break candidate;
      }
    }
    // No candidate: each pod's end of turn. (ex, ey: the position at t = 1; rx, ry: rounded;
    // wx, wy: the damped velocity; ax..by: the checkpoint's offsets from both ends.) The
    // referee rounds a position with (int) Math.round, Java's round half up: below 2^52 that is
    // floor(e + 0.5) but at e = 0.49999999999999994 (where e + 0.5 rounds up to 1; Java, like
    // JavaScript's Math.round, gives 0). Here e = x + u with x an integer (SAFE_UNTIL holds
    // only for integer positions), and an integer x other than 0 plus any double u never gives
    // that e (the sum is a multiple of u's or x's ulp, 2^-53 or coarser), so a state with a
    // coordinate 0 takes the general loop (the gate above) and floor(e + 0.5) is exact here
    // (a compare per coordinate instead cost 3% of the turn). It is never −0 (a sum with +0.5
    // is −0 for no e), and a bare floor stays a double in V8, with no int32 check. No position
    // here leaves the int range (SAFE_UNTIL), so the cast changes nothing. The truncation keeps
    // its `+ 0` (trunc(−0.85) is −0).
    let ex, ey, rx, ry, wx, wy, next, cx, cy, bx, by, check = 0;
    // Pod 0.
    ex = x0 + u0; ey = y0 + v0;
    rx = Math.floor(ex + 0.5); ry = Math.floor(ey + 0.5);
    wx = u0 * DAMPING; wy = v0 * DAMPING;
    s[0] = rx;
    s[1] = ry;
    s[2] = wx > -2147483648 && wx < 2147483647 ? Math.trunc(wx) + 0 : truncateInt(wx);
    s[3] = wy > -2147483648 && wy < 2147483647 ? Math.trunc(wy) + 0 : truncateInt(wy);
    next = s[NEXT]; cx = cpx[next]; cy = cpy[next];
    ax = cx - x0; bx = cx - rx; ay = cy - y0; by = cy - ry;
    if (!(((ax > OUTSIDE && bx > OUTSIDE) || (ax < -OUTSIDE && bx < -OUTSIDE) || (ay > OUTSIDE && by > OUTSIDE) || (ay < -OUTSIDE && by < -OUTSIDE)) &&
      Math.abs(rx - x0) < SHORT_SEGMENT && Math.abs(ry - y0) < SHORT_SEGMENT)) {
      check |= 1;
      start[0] = x0;
      start[4] = y0;
    }
    // Pod 1.
    ex = x1 + u1; ey = y1 + v1;
    rx = Math.floor(ex + 0.5); ry = Math.floor(ey + 0.5);
    wx = u1 * DAMPING; wy = v1 * DAMPING;
    s[STRIDE] = rx;
    s[STRIDE + 1] = ry;
    s[STRIDE + 2] = wx > -2147483648 && wx < 2147483647 ? Math.trunc(wx) + 0 : truncateInt(wx);
    s[STRIDE + 3] = wy > -2147483648 && wy < 2147483647 ? Math.trunc(wy) + 0 : truncateInt(wy);
    next = s[STRIDE + NEXT]; cx = cpx[next]; cy = cpy[next];
    ax = cx - x1; bx = cx - rx; ay = cy - y1; by = cy - ry;
    if (!(((ax > OUTSIDE && bx > OUTSIDE) || (ax < -OUTSIDE && bx < -OUTSIDE) || (ay > OUTSIDE && by > OUTSIDE) || (ay < -OUTSIDE && by < -OUTSIDE)) &&
      Math.abs(rx - x1) < SHORT_SEGMENT && Math.abs(ry - y1) < SHORT_SEGMENT)) {
      check |= 2;
      start[1] = x1;
      start[5] = y1;
    }
    // Pod 2.
    ex = x2 + u2; ey = y2 + v2;
    rx = Math.floor(ex + 0.5); ry = Math.floor(ey + 0.5);
    wx = u2 * DAMPING; wy = v2 * DAMPING;
    s[2 * STRIDE] = rx;
    s[2 * STRIDE + 1] = ry;
    s[2 * STRIDE + 2] = wx > -2147483648 && wx < 2147483647 ? Math.trunc(wx) + 0 : truncateInt(wx);
    s[2 * STRIDE + 3] = wy > -2147483648 && wy < 2147483647 ? Math.trunc(wy) + 0 : truncateInt(wy);
    next = s[2 * STRIDE + NEXT]; cx = cpx[next]; cy = cpy[next];
    ax = cx - x2; bx = cx - rx; ay = cy - y2; by = cy - ry;
    if (!(((ax > OUTSIDE && bx > OUTSIDE) || (ax < -OUTSIDE && bx < -OUTSIDE) || (ay > OUTSIDE && by > OUTSIDE) || (ay < -OUTSIDE && by < -OUTSIDE)) &&
      Math.abs(rx - x2) < SHORT_SEGMENT && Math.abs(ry - y2) < SHORT_SEGMENT)) {
      check |= 4;
      start[2] = x2;
      start[6] = y2;
    }
    // Pod 3.
    ex = x3 + u3; ey = y3 + v3;
    rx = Math.floor(ex + 0.5); ry = Math.floor(ey + 0.5);
    wx = u3 * DAMPING; wy = v3 * DAMPING;
    s[3 * STRIDE] = rx;
    s[3 * STRIDE + 1] = ry;
    s[3 * STRIDE + 2] = wx > -2147483648 && wx < 2147483647 ? Math.trunc(wx) + 0 : truncateInt(wx);
    s[3 * STRIDE + 3] = wy > -2147483648 && wy < 2147483647 ? Math.trunc(wy) + 0 : truncateInt(wy);
    next = s[3 * STRIDE + NEXT]; cx = cpx[next]; cy = cpy[next];
    ax = cx - x3; bx = cx - rx; ay = cy - y3; by = cy - ry;
    if (!(((ax > OUTSIDE && bx > OUTSIDE) || (ax < -OUTSIDE && bx < -OUTSIDE) || (ay > OUTSIDE && by > OUTSIDE) || (ay < -OUTSIDE && by < -OUTSIDE)) &&
      Math.abs(rx - x3) < SHORT_SEGMENT && Math.abs(ry - y3) < SHORT_SEGMENT)) {
      check |= 8;
      start[3] = x3;
      start[7] = y3;
    }
    return check;
  }
  // A candidate: the thrust's results for the general loop (the positions are still the state's).
  s[2] = u0; s[3] = v0; s[STRIDE + 2] = u1; s[STRIDE + 3] = v1; s[2 * STRIDE + 2] = u2; s[2 * STRIDE + 3] = v2; s[3 * STRIDE + 2] = u3; s[3 * STRIDE + 3] = v3;
  start[0] = x0; start[1] = x1; start[2] = x2; start[3] = x3;
  start[4] = y0; start[5] = y1; start[6] = y2; start[7] = y3;
  invMass[0] = m0; invMass[1] = m1; invMass[2] = m2; invMass[3] = m3;
  return -1;
}

