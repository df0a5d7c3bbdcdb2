// The science engine's predictions in AssemblyScript: a body's next event, the earliest of its
// shell exit and its collisions with listed neighbours, without growth (its two earliest, the
// second kept for when the first goes stale), with growth, and across Lees–Edwards images. Each
// kind is its own function, so that the plain fluid's loop carries no test of the others.
import { F, I, setF, STATE, BOOK, COUNTER, LIST } from "./memory";
import { sync, touch, shellExitTime, shearOffset } from "./bodies";
import { set } from "./calendar";
import {
  NOW, SHIFT_X, SHIFT_Y, SHIFT_Z, PREDICTIONS, PAIR_TESTS, GROWTH_RATE, SHEAR_SPEED, LIST_CAP, SHEARED,
  STATE_SHIFT, X_AT, Y_AT, Z_AT, T_AT, VX_AT, VY_AT, VZ_AT, RHO_AT, BOOK_SHIFT, SECOND_TIME_AT, PARTNER_AT,
  PARTNER_COUNTER_AT, SECOND_AT, SECOND_COUNTER_AT, LIST_LENGTH_AT, NO_EVENT, ENTRY_BODY_SHIFT, CODE_MASK, NO_SHIFT,
} from "../kernel-layout";

@external("env", "predictExact") declare function predictExact(i: i32): void;

// a fast root is trusted when its error bound (8 ulps of each term) is below 2^-18 of c and of
// the discriminant: 2^18 × 8 × 2^-53 = 2^-32
const TRUST_U8: f64 = 2.3283064365386963e-10;

/**
 * Body i's next event without growth (σ' = 0, so a ≥ 0 and b = Δ·w): its two earliest among
 * its shell exit and its collisions with listed neighbours, a pair rejected as soon as it
 * cannot come before the second. Returns 0, having scheduled nothing, when a root that could
 * come first is not certified (the caller then makes the general prediction).
 *
 * The gap of a pair with relative position Δ (the entry's periodic image) and velocity w is
 * f(τ) = a τ² + 2 b τ + c with a = |w|², b = Δ·w, c = |Δ|² − σ². A pair cannot come before
 * τ* when b ≥ 0 (moving apart), when f(τ*) > 0 while f still falls at τ*, or when b² < a c (a
 * miss); the first root is c / (√(b² − a c) − b), with no cancellation.
 */
export function predict(i: i32): i32 {
  let o: i32 = 0, p: i32 = 0, end: i32 = 0, e: i32 = 0, j: i32 = 0, oj: i32 = 0, partner: i32 = -1, partner2: i32 = -1, ev: i32 = 0;
  let now: f64 = 0.0, xi: f64 = 0.0, yi: f64 = 0.0, zi: f64 = 0.0, vxi: f64 = 0.0, vyi: f64 = 0.0, vzi: f64 = 0.0, ri: f64 = 0.0;
  let lx: f64 = 0.0, ly: f64 = 0.0, lz: f64 = 0.0, best: f64 = 0.0, second: f64 = 0.0, tb: f64 = 0.0, dtj: f64 = 0.0;
  let vxj: f64 = 0.0, vyj: f64 = 0.0, vzj: f64 = 0.0, dx: f64 = 0.0, dy: f64 = 0.0, dz: f64 = 0.0, wx: f64 = 0.0, wy: f64 = 0.0, wz: f64 = 0.0;
  let b: f64 = 0.0, sig: f64 = 0.0, a: f64 = 0.0, dd: f64 = 0.0, c: f64 = 0.0, tau: f64 = 0.0, at: f64 = 0.0, disc: f64 = 0.0, t: f64 = 0.0;
  sync(i);
  touch(i);
  now = F(NOW);
  o = STATE + (i << STATE_SHIFT);
  xi = load<f64>(o, X_AT);
  yi = load<f64>(o, Y_AT);
  zi = load<f64>(o, Z_AT);
  vxi = load<f64>(o, VX_AT);
  vyi = load<f64>(o, VY_AT);
  vzi = load<f64>(o, VZ_AT);
  ri = load<f64>(o, RHO_AT);
  lx = F(SHIFT_X);
  ly = F(SHIFT_Y);
  lz = F(SHIFT_Z);
  p = LIST + ((i * I(LIST_CAP)) << 2);
  end = p + (load<i32>(BOOK + (i << BOOK_SHIFT), LIST_LENGTH_AT) << 2);
  best = shellExitTime(i);
  second = best;
  tb = second - now;
  setF(PREDICTIONS, F(PREDICTIONS) + 1.0);
  setF(PAIR_TESTS, F(PAIR_TESTS) + <f64>(load<i32>(BOOK + (i << BOOK_SHIFT), LIST_LENGTH_AT)));
  for (; p < end; p += 4) {
    e = load<i32>(p);
    j = e >> ENTRY_BODY_SHIFT;
    oj = STATE + (j << STATE_SHIFT);
    dtj = now - load<f64>(oj, T_AT);
    vxj = load<f64>(oj, VX_AT);
    vyj = load<f64>(oj, VY_AT);
    vzj = load<f64>(oj, VZ_AT);
    // an entry's image shift along an axis is ((code >> 2 a) & 3) − 1 boxes; code 21 is no
    // shift at all (the pairs away from the box's faces, most of them: no shift to add)
    dx = load<f64>(oj, X_AT) + vxj * dtj - xi;
    dy = load<f64>(oj, Y_AT) + vyj * dtj - yi;
    dz = load<f64>(oj, Z_AT) + vzj * dtj - zi;
    if ((e & CODE_MASK) != NO_SHIFT) {
      dx += <f64>(((e & 3) - 1)) * lx;
      dy += <f64>((((e >> 2) & 3) - 1)) * ly;
      dz += <f64>((((e >> 4) & 3) - 1)) * lz;
    }
    wx = vxj - vxi;
    wy = vyj - vyi;
    wz = vzj - vzi;
    b = dx * wx + dy * wy + dz * wz;
    sig = ri + load<f64>(oj, RHO_AT);
    a = wx * wx + wy * wy + wz * wz;
    dd = dx * dx + dy * dy + dz * dz;
    c = dd - sig * sig;
    // cannot come first: moving apart, or (with c > 0) f(τ*) > 0 while f still falls at τ*
    // (with τ* = ∞, at is ∞ or NaN), or a miss (b² ≤ a c); the tests combined without
    // branching, so that the one branch, taken by most pairs, is well predicted
    at = a * tb + b;
    disc = b * b - a * c;
    if (<i32>(b >= 0.0) | (<i32>(c > 0.0) & ((<i32>((at + b) * tb + c > 0.0) & <i32>(at <= 0.0)) | <i32>(disc <= 0.0)))) continue;
    tau = 0.0;
    if (c > 0.0) {
      tau = c / (Math.sqrt(disc) - b);
      if (now + tau >= second) continue;
      if (c < TRUST_U8 * (dd + sig * sig)) return 0;
      if (disc < TRUST_U8 * (b * b + Math.abs(a * c))) return 0;
    }
    t = now + tau;
    if (t < best) {
      second = best;
      partner2 = partner;
      best = t;
      partner = j;
    } else if (t < second) {
      second = t;
      partner2 = j;
    } else continue;
    tb = second - now;
  }
  ev = BOOK + (i << BOOK_SHIFT);
  store<i32>(ev, partner, PARTNER_AT);
  if (partner >= 0) {
    store<i32>(ev, load<i32>(COUNTER + (partner << 2)), PARTNER_COUNTER_AT);
    store<i32>(ev, partner2, SECOND_AT);
    if (partner2 >= 0) store<i32>(ev, load<i32>(COUNTER + (partner2 << 2)), SECOND_COUNTER_AT);
    store<f64>(BOOK + (i << BOOK_SHIFT), second, SECOND_TIME_AT);
  } else store<i32>(ev, NO_EVENT, SECOND_AT);
  set(i, best);
  return 1;
}

/**
 * Body i's next event while the bodies grow (g > 0): the earliest of its shell exit and its
 * collisions with listed neighbours, with σ(τ) = σ + σ' τ (σ' = (ρ_i + ρ_j) g), so
 * a = |w|² − σ'², b = Δ·w − σ σ'. A pair cannot come first when b ≥ 0 and a ≥ 0 (moving
 * apart faster than they grow), when f(τ*) > 0 while f still falls at τ* (or a < 0), or when
 * b² ≤ a c; the root is c / (√(b² − a c) − b) for b < 0, −(b + √(b² − a c)) / a for a < 0 ≤ b.
 */
export function predictGrowth(i: i32): void {
  let o: i32 = 0, p: i32 = 0, end: i32 = 0, e: i32 = 0, j: i32 = 0, oj: i32 = 0, partner: i32 = -1, ev: i32 = 0;
  let now: f64 = 0.0, g: f64 = 0.0, grow: f64 = 0.0, xi: f64 = 0.0, yi: f64 = 0.0, zi: f64 = 0.0, vxi: f64 = 0.0, vyi: f64 = 0.0, vzi: f64 = 0.0, ri: f64 = 0.0;
  let lx: f64 = 0.0, ly: f64 = 0.0, lz: f64 = 0.0, best: f64 = 0.0, dtj: f64 = 0.0, vxj: f64 = 0.0, vyj: f64 = 0.0, vzj: f64 = 0.0;
  let dx: f64 = 0.0, dy: f64 = 0.0, dz: f64 = 0.0, wx: f64 = 0.0, wy: f64 = 0.0, wz: f64 = 0.0, sum: f64 = 0.0, sd: f64 = 0.0, sig: f64 = 0.0;
  let b: f64 = 0.0, a: f64 = 0.0, dd: f64 = 0.0, c: f64 = 0.0, tb: f64 = 0.0, at: f64 = 0.0, tau: f64 = 0.0, disc: f64 = 0.0;
  sync(i);
  touch(i);
  now = F(NOW);
  g = F(GROWTH_RATE);
  o = STATE + (i << STATE_SHIFT);
  xi = load<f64>(o, X_AT);
  yi = load<f64>(o, Y_AT);
  zi = load<f64>(o, Z_AT);
  vxi = load<f64>(o, VX_AT);
  vyi = load<f64>(o, VY_AT);
  vzi = load<f64>(o, VZ_AT);
  ri = load<f64>(o, RHO_AT);
  lx = F(SHIFT_X);
  ly = F(SHIFT_Y);
  lz = F(SHIFT_Z);
  best = shellExitTime(i);
  grow = 1.0 + g * now;
  p = LIST + ((i * I(LIST_CAP)) << 2);
  end = p + (load<i32>(BOOK + (i << BOOK_SHIFT), LIST_LENGTH_AT) << 2);
  setF(PREDICTIONS, F(PREDICTIONS) + 1.0);
  setF(PAIR_TESTS, F(PAIR_TESTS) + <f64>(load<i32>(BOOK + (i << BOOK_SHIFT), LIST_LENGTH_AT)));
  for (; p < end; p += 4) {
    e = load<i32>(p);
    j = e >> ENTRY_BODY_SHIFT;
    oj = STATE + (j << STATE_SHIFT);
    dtj = now - load<f64>(oj, T_AT);
    vxj = load<f64>(oj, VX_AT);
    vyj = load<f64>(oj, VY_AT);
    vzj = load<f64>(oj, VZ_AT);
    dx = load<f64>(oj, X_AT) + vxj * dtj - xi + <f64>(((e & 3) - 1)) * lx;
    dy = load<f64>(oj, Y_AT) + vyj * dtj - yi + <f64>((((e >> 2) & 3) - 1)) * ly;
    dz = load<f64>(oj, Z_AT) + vzj * dtj - zi + <f64>((((e >> 4) & 3) - 1)) * lz;
    wx = vxj - vxi;
    wy = vyj - vyi;
    wz = vzj - vzi;
    sum = ri + load<f64>(oj, RHO_AT);
    sd = sum * g;
    sig = sum * grow;
    b = dx * wx + dy * wy + dz * wz - sig * sd;
    a = wx * wx + wy * wy + wz * wz - sd * sd;
    dd = dx * dx + dy * dy + dz * dz;
    c = dd - sig * sig;
    tb = best - now;
    at = a * tb + b;
    // (the tests combined without branching, as in predict)
    if ((<i32>(b >= 0.0) & <i32>(a >= 0.0)) | (<i32>(tb < Infinity) & <i32>(c > 0.0) & <i32>((at + b) * tb + c > 0.0) & (<i32>(at <= 0.0) | <i32>(a < 0.0)))) continue;
    if (b < 0.0) {
      if (c <= 0.0) tau = 0.0;
      else {
        disc = b * b - a * c;
        if (disc <= 0.0) continue;
        tau = c / (Math.sqrt(disc) - b);
        if (now + tau >= best) continue;
      }
    } else {
      disc = b * b - a * c;
      tau = -(b + Math.sqrt(disc > 0.0 ? disc : 0.0)) / a;
    }
    if (now + tau < best) {
      best = now + tau;
      partner = j;
    }
  }
  ev = BOOK + (i << BOOK_SHIFT);
  store<i32>(ev, partner, PARTNER_AT);
  if (partner >= 0) store<i32>(ev, load<i32>(COUNTER + (partner << 2)), PARTNER_COUNTER_AT);
  store<i32>(ev, NO_EVENT, SECOND_AT);
  set(i, best);
}

/**
 * Body i's next event across Lees–Edwards images (no growth): predict's tests, with the
 * neighbour's image taken per pair. An entry's y and z shifts come from its code; crossing a y
 * face also shifts the image by the offset δ(now) along x and moves it γ̇ Ly faster along x, and
 * along x the nearest image is taken (the lists keep every listed pair within half a box of each
 * other while their shells stand, so the nearest image is the one they meet in). A copy of
 * predict rather than a branch in it: the plain fluid's loop stays as it was. Returns 0 on a
 * root only the exact kernel settles, as predict does.
 */
export function predictSheared(i: i32): i32 {
  let o: i32 = 0, p: i32 = 0, end: i32 = 0, e: i32 = 0, j: i32 = 0, oj: i32 = 0, partner: i32 = -1, partner2: i32 = -1, ev: i32 = 0;
  let now: f64 = 0.0, xi: f64 = 0.0, yi: f64 = 0.0, zi: f64 = 0.0, vxi: f64 = 0.0, vyi: f64 = 0.0, vzi: f64 = 0.0, ri: f64 = 0.0;
  let lx: f64 = 0.0, ly: f64 = 0.0, lz: f64 = 0.0, best: f64 = 0.0, second: f64 = 0.0, tb: f64 = 0.0, dtj: f64 = 0.0;
  let vxj: f64 = 0.0, vyj: f64 = 0.0, vzj: f64 = 0.0, dx: f64 = 0.0, dy: f64 = 0.0, dz: f64 = 0.0, wx: f64 = 0.0, wy: f64 = 0.0, wz: f64 = 0.0;
  let b: f64 = 0.0, sig: f64 = 0.0, a: f64 = 0.0, dd: f64 = 0.0, c: f64 = 0.0, tau: f64 = 0.0, at: f64 = 0.0, disc: f64 = 0.0, t: f64 = 0.0;
  let delta: f64 = 0.0, speed: f64 = 0.0, sy: f64 = 0.0;
  sync(i);
  touch(i);
  now = F(NOW);
  o = STATE + (i << STATE_SHIFT);
  xi = load<f64>(o, X_AT);
  yi = load<f64>(o, Y_AT);
  zi = load<f64>(o, Z_AT);
  vxi = load<f64>(o, VX_AT);
  vyi = load<f64>(o, VY_AT);
  vzi = load<f64>(o, VZ_AT);
  ri = load<f64>(o, RHO_AT);
  lx = F(SHIFT_X);
  ly = F(SHIFT_Y);
  lz = F(SHIFT_Z);
  delta = shearOffset();
  speed = F(SHEAR_SPEED);
  p = LIST + ((i * I(LIST_CAP)) << 2);
  end = p + (load<i32>(BOOK + (i << BOOK_SHIFT), LIST_LENGTH_AT) << 2);
  best = shellExitTime(i);
  second = best;
  tb = second - now;
  setF(PREDICTIONS, F(PREDICTIONS) + 1.0);
  setF(PAIR_TESTS, F(PAIR_TESTS) + <f64>(load<i32>(BOOK + (i << BOOK_SHIFT), LIST_LENGTH_AT)));
  for (; p < end; p += 4) {
    e = load<i32>(p);
    j = e >> ENTRY_BODY_SHIFT;
    oj = STATE + (j << STATE_SHIFT);
    dtj = now - load<f64>(oj, T_AT);
    vxj = load<f64>(oj, VX_AT);
    vyj = load<f64>(oj, VY_AT);
    vzj = load<f64>(oj, VZ_AT);
    sy = <f64>((((e >> 2) & 3) - 1));
    dy = load<f64>(oj, Y_AT) + vyj * dtj - yi + sy * ly;
    dz = load<f64>(oj, Z_AT) + vzj * dtj - zi + <f64>((((e >> 4) & 3) - 1)) * lz;
    dx = load<f64>(oj, X_AT) + vxj * dtj - xi + sy * delta;
    dx -= lx * Math.floor(dx / lx + 0.5);
    wx = vxj + sy * speed - vxi;
    wy = vyj - vyi;
    wz = vzj - vzi;
    b = dx * wx + dy * wy + dz * wz;
    sig = ri + load<f64>(oj, RHO_AT);
    a = wx * wx + wy * wy + wz * wz;
    dd = dx * dx + dy * dy + dz * dz;
    c = dd - sig * sig;
    at = a * tb + b;
    disc = b * b - a * c;
    if (<i32>(b >= 0.0) | (<i32>(c > 0.0) & ((<i32>((at + b) * tb + c > 0.0) & <i32>(at <= 0.0)) | <i32>(disc <= 0.0)))) continue;
    tau = 0.0;
    if (c > 0.0) {
      tau = c / (Math.sqrt(disc) - b);
      if (now + tau >= second) continue;
      if (c < TRUST_U8 * (dd + sig * sig)) return 0;
      if (disc < TRUST_U8 * (b * b + Math.abs(a * c))) return 0;
    }
    t = now + tau;
    if (t < best) {
      second = best;
      partner2 = partner;
      best = t;
      partner = j;
    } else if (t < second) {
      second = t;
      partner2 = j;
    } else continue;
    tb = second - now;
  }
  ev = BOOK + (i << BOOK_SHIFT);
  store<i32>(ev, partner, PARTNER_AT);
  if (partner >= 0) {
    store<i32>(ev, load<i32>(COUNTER + (partner << 2)), PARTNER_COUNTER_AT);
    store<i32>(ev, partner2, SECOND_AT);
    if (partner2 >= 0) store<i32>(ev, load<i32>(COUNTER + (partner2 << 2)), SECOND_COUNTER_AT);
    store<f64>(BOOK + (i << BOOK_SHIFT), second, SECOND_TIME_AT);
  } else store<i32>(ev, NO_EVENT, SECOND_AT);
  set(i, best);
  return 1;
}

/**
 * Body i's next event without shear: the kernel's prediction without growth (or, when it meets a
 * root only the exact kernel settles, TypeScript's through the imported predictExact), or with
 * growth.
 */
export function predictUnsheared(i: i32): void {
  if (F(GROWTH_RATE) == 0.0) {
    if (predict(i)) return;
    predictExact(i);
    return;
  }
  predictGrowth(i);
}

/** Body i's next event, whatever the engine holds (for TypeScript's calls; the run loops call theirs). */
export function predictAny(i: i32): void {
  if (I(SHEARED)) {
    if (predictSheared(i)) return;
    predictExact(i);
    return;
  }
  predictUnsheared(i);
}

/** predict, or TypeScript's exact prediction when predict meets a root only the exact kernel settles. */
@inline export function predictPlain(i: i32): void {
  if (predict(i)) return;
  predictExact(i);
}

/** predictSheared, or TypeScript's exact prediction. */
@inline export function predictShearedOrExact(i: i32): void {
  if (predictSheared(i)) return;
  predictExact(i);
}
