// The science engine's bodies in AssemblyScript: free flight (bodies are moved lazily, to the
// current time, when they take part in an event), wrapping into the box (with Lees–Edwards
// shear, across the y faces onto the shifted images), reading ahead, and shell exit times.
import { F, I, setF, STATE, BOOK, IMAGE, MASS, LIST, SHEARSHIFT } from "./memory";
import {
  NOW, SHIFT_X, SHIFT_Y, BOX_Z, SHELL_RADIUS, PREFETCH_SINK, KINETIC_ENERGY, KINETIC_TIME, KINETIC_INTEGRAL,
  SHEAR_SPEED, SHEAR_OFFSET, SHEAR_TIME, MOMENTUM_XY, MOMENTUM_XY_TIME, MOMENTUM_XY_INTEGRAL, WRAP_CORRECTION,
  LIST_CAP, PREFETCH, DIMENSIONS, SHEARED, STATE_SHIFT, X_AT, Y_AT, Z_AT, T_AT, VX_AT, VY_AT, VZ_AT,
  BOOK_SHIFT, CENTRE_X_AT, CENTRE_Y_AT, CENTRE_Z_AT, LIST_LENGTH_AT, ENTRY_BODY_SHIFT,
} from "../kernel-layout";

/** Moves body i to the current time (same trajectory). */
export function sync(i: i32): void {
  let o: i32 = 0, dt: f64 = 0.0;
  o = STATE + (i << STATE_SHIFT);
  dt = F(NOW) - load<f64>(o, T_AT);
  if (dt != 0.0) {
    store<f64>(o, load<f64>(o, X_AT) + load<f64>(o, VX_AT) * dt);
    store<f64>(o, load<f64>(o, Y_AT) + load<f64>(o, VY_AT) * dt, Y_AT);
    store<f64>(o, load<f64>(o, Z_AT) + load<f64>(o, VZ_AT) * dt, Z_AT);
    store<f64>(o, F(NOW), T_AT);
  }
}

/** Wraps body i into the box (counting images) and centres its shell on it. */
export function wrap(i: i32): void {
  let a: i32 = 0, o: i32 = 0, c: i32 = 0, m: i32 = 0, x: f64 = 0.0, L: f64 = 0.0;
  o = STATE + (i << STATE_SHIFT);
  c = BOOK + (i << BOOK_SHIFT);
  m = IMAGE + (i * 12);
  for (a = 0; a < I(DIMENSIONS); a++) {
    // the box sides: the shift lengths along x and y, the z side (the z shift is 0 in 2D)
    L = a == 2 ? F(BOX_Z) : F(SHIFT_X + a);
    x = load<f64>(o + (a << 3));
    if (x >= L) {
      x -= L;
      store<i32>(m + (a << 2), (load<i32>(m + (a << 2)) + 1));
    } else if (x < 0.0) {
      x += L;
      store<i32>(m + (a << 2), (load<i32>(m + (a << 2)) - 1));
    }
    store<f64>(o + (a << 3), x);
    store<f64>(c + (a << 3), x);
  }
}

/** The Lees–Edwards image offset now: the images above the box are shifted by δ along x. */
@inline export function shearOffset(): f64 {
  return F(SHEAR_OFFSET) + F(SHEAR_SPEED) * (F(NOW) - F(SHEAR_TIME));
}

/** Adds the integral of Σ m vx vy up to now (before it changes). */
@inline export function integrateMomentumXY(): void {
  setF(MOMENTUM_XY_INTEGRAL, F(MOMENTUM_XY_INTEGRAL) + F(MOMENTUM_XY) * (F(NOW) - F(MOMENTUM_XY_TIME)));
  setF(MOMENTUM_XY_TIME, F(NOW));
}

/** Adds the integral of the kinetic energy up to now (before it changes). */
@inline export function integrateKinetic(): void {
  setF(KINETIC_INTEGRAL, F(KINETIC_INTEGRAL) + F(KINETIC_ENERGY) * (F(NOW) - F(KINETIC_TIME)));
  setF(KINETIC_TIME, F(NOW));
}

/**
 * Wraps body i (synchronised) into the sheared box and centres its shell on it. A body that left
 * through a y face is the image of one that entered through the other, shifted by the image
 * offset δ along x and moving γ̇ Ly slower (faster) along x: it takes that image's place, x
 * and vx change with it, and the sums that follow vx and y (Σ m vx vy, the kinetic energy, the
 * y-wrap correction, the body's shear displacement) take the jump. Then x is wrapped (by whole
 * box lengths, as the offset may carry it more than one box away) and z as in wrap.
 */
export function wrapSheared(i: i32): void {
  let o: i32 = 0, c: i32 = 0, m: i32 = 0, x: f64 = 0.0, y: f64 = 0.0, z: f64 = 0.0, lx: f64 = 0.0, ly: f64 = 0.0, lz: f64 = 0.0;
  let sy: f64 = 0.0, delta: f64 = 0.0, mass: f64 = 0.0, vx: f64 = 0.0, vy: f64 = 0.0, vxNew: f64 = 0.0, before: f64 = 0.0, after: f64 = 0.0;
  o = STATE + (i << STATE_SHIFT);
  c = BOOK + (i << BOOK_SHIFT);
  m = IMAGE + (i * 12);
  lx = F(SHIFT_X);
  ly = F(SHIFT_Y);
  x = load<f64>(o, X_AT);
  y = load<f64>(o, Y_AT);
  if (y >= ly) sy = 1.0;
  else if (y < 0.0) sy = -1.0;
  if (sy != 0.0) {
    mass = load<f64>(MASS + (i << 3));
    vx = load<f64>(o, VX_AT);
    vy = load<f64>(o, VY_AT);
    vxNew = vx - sy * F(SHEAR_SPEED);
    delta = shearOffset();
    before = y - 0.5 * ly;
    y -= sy * ly;
    after = y - 0.5 * ly;
    x -= sy * delta;
    store<f64>(SHEARSHIFT + (i << 3), load<f64>(SHEARSHIFT + (i << 3)) + sy * delta);
    store<i32>(m, load<i32>(m, 4) + <i32>(sy), 4);
    integrateMomentumXY();
    setF(MOMENTUM_XY, F(MOMENTUM_XY) + mass * (vxNew - vx) * vy);
    integrateKinetic();
    setF(KINETIC_ENERGY, F(KINETIC_ENERGY) + 0.5 * mass * (vxNew * vxNew - vx * vx));
    setF(WRAP_CORRECTION, F(WRAP_CORRECTION) + 0.5 * mass * (after * after - before * before));
    store<f64>(o, vxNew, VX_AT);
  }
  while (x >= lx) {
    x -= lx;
    store<i32>(m, load<i32>(m) + 1);
  }
  while (x < 0.0) {
    x += lx;
    store<i32>(m, load<i32>(m) - 1);
  }
  store<f64>(o, x, X_AT);
  store<f64>(o, y, Y_AT);
  store<f64>(c, x, CENTRE_X_AT);
  store<f64>(c, y, CENTRE_Y_AT);
  z = load<f64>(o, Z_AT);
  if (I(DIMENSIONS) == 3) {
    lz = F(BOX_Z);
    if (z >= lz) {
      z -= lz;
      store<i32>(m, load<i32>(m, 8) + 1, 8);
    } else if (z < 0.0) {
      z += lz;
      store<i32>(m, load<i32>(m, 8) - 1, 8);
    }
    store<f64>(o, z, Z_AT);
  }
  store<f64>(c, z, CENTRE_Z_AT);
}

/** wrap or wrapSheared, as the engine is sheared or not (for TypeScript's calls; the run loops call theirs). */
export function wrapAny(i: i32): void {
  if (I(SHEARED)) wrapSheared(i);
  else wrap(i);
}

/**
 * Reads every neighbour's record of body i in a loop small enough for the processor to have
 * all their cache misses in flight at once, so that the pair tests that follow find them in
 * cache (only when the bodies outgrow the caches).
 */
export function touch(i: i32): void {
  let p: i32 = 0, end: i32 = 0, sum: f64 = 0.0;
  if (I(PREFETCH) == 0) return;
  p = LIST + ((i * I(LIST_CAP)) << 2);
  end = p + (load<i32>(BOOK + (i << BOOK_SHIFT), LIST_LENGTH_AT) << 2);
  for (; p < end; p += 4) sum = sum + load<f64>(STATE + ((load<i32>(p) >> ENTRY_BODY_SHIFT) << STATE_SHIFT), T_AT);
  setF(PREFETCH_SINK, sum);
}

/** When body i (synchronised) leaves its shell: |e + v τ| = shell with e inside (Infinity at rest). */
export function shellExitTime(i: i32): f64 {
  let o: i32 = 0, c: i32 = 0, vx: f64 = 0.0, vy: f64 = 0.0, vz: f64 = 0.0, ex: f64 = 0.0, ey: f64 = 0.0, ez: f64 = 0.0;
  let va: f64 = 0.0, vb: f64 = 0.0, vc: f64 = 0.0, t: f64 = 0.0, sq: f64 = 0.0;
  o = STATE + (i << STATE_SHIFT);
  c = BOOK + (i << BOOK_SHIFT);
  vx = load<f64>(o, VX_AT);
  vy = load<f64>(o, VY_AT);
  vz = load<f64>(o, VZ_AT);
  ex = load<f64>(o, X_AT) - load<f64>(c, CENTRE_X_AT);
  ey = load<f64>(o, Y_AT) - load<f64>(c, CENTRE_Y_AT);
  ez = load<f64>(o, Z_AT) - load<f64>(c, CENTRE_Z_AT);
  va = vx * vx + vy * vy + vz * vz;
  t = Infinity;
  if (va > 0.0) {
    vb = ex * vx + ey * vy + ez * vz;
    vc = ex * ex + ey * ey + ez * ez - F(SHELL_RADIUS) * F(SHELL_RADIUS);
    t = F(NOW);
    if (vc < 0.0) {
      sq = Math.sqrt(vb * vb - va * vc);
      t += (vb <= 0.0 ? (sq - vb) / va : -vc / (vb + sq));
    }
  }
  return t;
}
