// The science engine's collision response in AssemblyScript: elastic along the line of
// centres (with the Lubachevsky–Stillinger growth speed), and, in their own copies so that the
// plain fluid's loop carries no test of them, with restitution (granular gases: a constant or
// McNamara–Falcon's speed-dependent coefficient, elastic within the TC model's time of a body's
// last collision) and across Lees–Edwards images.
import { F, I, setF, STATE, COUNTER, MASS, LASTCOLL } from "./memory";
import { sync, touch, shearOffset, integrateKinetic, integrateMomentumXY } from "./bodies";
import {
  NOW, SHIFT_X, SHIFT_Y, BOX_Z, VIRIAL, COMMON_MASS, COLLISIONS, GROWTH_RATE, KINETIC_ENERGY, KINETIC_TIME,
  KINETIC_INTEGRAL, RESTITUTION, RESTITUTION_SPEED, COLLAPSE_TIME, DISSIPATED, SHEAR_SPEED, MOMENTUM_XY, VIRIAL_XY,
  EQUAL_MASSES, STATE_SHIFT, X_AT, Y_AT, Z_AT, VX_AT, VY_AT, VZ_AT, RHO_AT, INELASTIC, SHEAR,
} from "../kernel-layout";

/**
 * The response of bodies i and j in contact now: elastic along the line of centres, the
 * separating normal speed gaining the growth speed σ' (w_n' = 2σ' − w_n, so growing bodies
 * separate). Counts the collision; returns the impulse J = 2μ(σ' − w_n).
 */
export function respond(i: i32, j: i32): f64 {
  let oi: i32 = 0, oj: i32 = 0, dx: f64 = 0.0, dy: f64 = 0.0, dz: f64 = 0.0, lx: f64 = 0.0, ly: f64 = 0.0, lz: f64 = 0.0, dist: f64 = 0.0;
  let nx: f64 = 0.0, ny: f64 = 0.0, nz: f64 = 0.0, wn: f64 = 0.0, sd: f64 = 0.0, mi: f64 = 0.0, mj: f64 = 0.0, mu: f64 = 0.0;
  let impulse: f64 = 0.0, ji: f64 = 0.0, jj: f64 = 0.0;
  touch(i);
  touch(j);
  sync(i);
  sync(j);
  oi = STATE + (i << STATE_SHIFT);
  oj = STATE + (j << STATE_SHIFT);
  lx = F(SHIFT_X);
  ly = F(SHIFT_Y);
  lz = F(BOX_Z);
  dx = load<f64>(oj, X_AT) - load<f64>(oi, X_AT);
  dy = load<f64>(oj, Y_AT) - load<f64>(oi, Y_AT);
  dz = load<f64>(oj, Z_AT) - load<f64>(oi, Z_AT);
  if (dx > 0.5 * lx) dx = dx - lx;
  else if (dx < -0.5 * lx) dx = dx + lx;
  if (dy > 0.5 * ly) dy = dy - ly;
  else if (dy < -0.5 * ly) dy = dy + ly;
  if (dz > 0.5 * lz) dz = dz - lz;
  else if (dz < -0.5 * lz) dz = dz + lz;
  dist = Math.sqrt(dx * dx + dy * dy + dz * dz);
  nx = dx / dist;
  ny = dy / dist;
  nz = dz / dist;
  wn = (load<f64>(oj, VX_AT) - load<f64>(oi, VX_AT)) * nx + (load<f64>(oj, VY_AT) - load<f64>(oi, VY_AT)) * ny + (load<f64>(oj, VZ_AT) - load<f64>(oi, VZ_AT)) * nz;
  sd = (load<f64>(oi, RHO_AT) + load<f64>(oj, RHO_AT)) * F(GROWTH_RATE);
  if (I(EQUAL_MASSES)) {
    mi = F(COMMON_MASS);
    mj = mi;
  } else {
    mi = load<f64>(MASS + (i << 3));
    mj = load<f64>(MASS + (j << 3));
  }
  mu = (mi * mj) / (mi + mj);
  impulse = 2.0 * mu * (sd - wn);
  if (impulse > 0.0) {
    ji = impulse / mi;
    jj = impulse / mj;
    store<f64>(oi, load<f64>(oi, VX_AT) - ji * nx, VX_AT);
    store<f64>(oi, load<f64>(oi, VY_AT) - ji * ny, VY_AT);
    store<f64>(oi, load<f64>(oi, VZ_AT) - ji * nz, VZ_AT);
    store<f64>(oj, load<f64>(oj, VX_AT) + jj * nx, VX_AT);
    store<f64>(oj, load<f64>(oj, VY_AT) + jj * ny, VY_AT);
    store<f64>(oj, load<f64>(oj, VZ_AT) + jj * nz, VZ_AT);
    setF(VIRIAL, F(VIRIAL) + impulse * dist);
    if (sd > 0.0) {
      // growth heats: the kinetic energy gains J σ'
      setF(KINETIC_INTEGRAL, F(KINETIC_INTEGRAL) + F(KINETIC_ENERGY) * (F(NOW) - F(KINETIC_TIME)));
      setF(KINETIC_TIME, F(NOW));
      setF(KINETIC_ENERGY, F(KINETIC_ENERGY) + impulse * sd);
    }
  }
  store<i32>(COUNTER + (i << 2), (load<i32>(COUNTER + (i << 2)) + 1));
  store<i32>(COUNTER + (j << 2), (load<i32>(COUNTER + (j << 2)) + 1));
  setF(COLLISIONS, F(COLLISIONS) + 1.0);
  return impulse;
}

/**
 * The normal restitution of a collision at impact speed u (> 0): r, or with a speed u0 set,
 * McNamara and Falcon's e(u) = 1 − (1 − r)(u/u0)^(3/4) below u0 (slow collisions nearly
 * elastic, so that a cooling gas does not collapse), r above. (u/u0)^(3/4) is √x · √√x: square
 * roots only, the same bits everywhere.
 */
@inline function restitution(u: f64): f64 {
  let r: f64 = 0.0, u0: f64 = 0.0, x: f64 = 0.0, s: f64 = 0.0;
  r = F(RESTITUTION);
  u0 = F(RESTITUTION_SPEED);
  if (u < u0) {
    x = u / u0;
    s = Math.sqrt(x);
    return 1.0 - (1.0 - r) * s * Math.sqrt(s);
  }
  return r;
}

/**
 * The response with restitution and/or across Lees–Edwards images (`mode`: INELASTIC, SHEAR or
 * both; a constant, so each caller below is a specialised copy). Sheared: the partner's image is
 * the nearest one, a y face crossed shifting it by δ(now) along x and by γ̇ Ly in vx; the sums of
 * the shear stress (Σ m vx vy, the xy virial) take the collision. Inelastic: the pair leaves at
 * normal speed e u for impact speed u = −w_n (the impulse (1 + e) μ u), e from
 * {@link restitution}, or 1 when either body collided less than the TC model's time ago; the
 * kinetic energy lost is counted. No growth here (the engine refuses growth with either).
 */
@inline function respondMode(i: i32, j: i32, mode: i32): f64 {
  let oi: i32 = 0, oj: i32 = 0, dx: f64 = 0.0, dy: f64 = 0.0, dz: f64 = 0.0, lx: f64 = 0.0, ly: f64 = 0.0, lz: f64 = 0.0, dist: f64 = 0.0;
  let nx: f64 = 0.0, ny: f64 = 0.0, nz: f64 = 0.0, wn: f64 = 0.0, mi: f64 = 0.0, mj: f64 = 0.0, mu: f64 = 0.0, sy: f64 = 0.0, wx: f64 = 0.0;
  let impulse: f64 = 0.0, ji: f64 = 0.0, jj: f64 = 0.0, e: f64 = 1.0, now: f64 = 0.0, tc: f64 = 0.0, before: f64 = 0.0, lost: f64 = 0.0, leave: f64 = 0.0, floor: f64 = 0.0;
  touch(i);
  touch(j);
  sync(i);
  sync(j);
  now = F(NOW);
  oi = STATE + (i << STATE_SHIFT);
  oj = STATE + (j << STATE_SHIFT);
  lx = F(SHIFT_X);
  ly = F(SHIFT_Y);
  lz = F(BOX_Z);
  dx = load<f64>(oj, X_AT) - load<f64>(oi, X_AT);
  dy = load<f64>(oj, Y_AT) - load<f64>(oi, Y_AT);
  dz = load<f64>(oj, Z_AT) - load<f64>(oi, Z_AT);
  if (mode & SHEAR) {
    if (dy > 0.5 * ly) sy = -1.0;
    else if (dy < -0.5 * ly) sy = 1.0;
    dy += sy * ly;
    dx += sy * shearOffset();
    dx -= lx * Math.floor(dx / lx + 0.5);
  } else {
    if (dx > 0.5 * lx) dx = dx - lx;
    else if (dx < -0.5 * lx) dx = dx + lx;
    if (dy > 0.5 * ly) dy = dy - ly;
    else if (dy < -0.5 * ly) dy = dy + ly;
  }
  if (dz > 0.5 * lz) dz = dz - lz;
  else if (dz < -0.5 * lz) dz = dz + lz;
  dist = Math.sqrt(dx * dx + dy * dy + dz * dz);
  nx = dx / dist;
  ny = dy / dist;
  nz = dz / dist;
  // the normal speed from Δ·w as the prediction computes it (the same operations in the same
  // order), so that a pair the prediction finds approaching is approaching here too: after a
  // collision with e ≈ 0 the normal speed is rounding-small, and a sign that disagreed would
  // have the pair collide again and again at one instant with no impulse
  if (mode & SHEAR) wx = load<f64>(oj, VX_AT) + sy * F(SHEAR_SPEED) - load<f64>(oi, VX_AT);
  else wx = load<f64>(oj, VX_AT) - load<f64>(oi, VX_AT);
  wn = (dx * wx + dy * (load<f64>(oj, VY_AT) - load<f64>(oi, VY_AT)) + dz * (load<f64>(oj, VZ_AT) - load<f64>(oi, VZ_AT))) / dist;
  if (I(EQUAL_MASSES)) {
    mi = F(COMMON_MASS);
    mj = mi;
  } else {
    mi = load<f64>(MASS + (i << 3));
    mj = load<f64>(MASS + (j << 3));
  }
  mu = (mi * mj) / (mi + mj);
  if (mode & INELASTIC) {
    tc = F(COLLAPSE_TIME);
    if (wn < 0.0) if (now - load<f64>(LASTCOLL + (i << 3)) >= tc) if (now - load<f64>(LASTCOLL + (j << 3)) >= tc) e = restitution(-wn);
    store<f64>(LASTCOLL + (i << 3), now);
    store<f64>(LASTCOLL + (j << 3), now);
    // the pair leaves at normal speed e u, but at least 2^-40 of the bodies' speeds: a slower
    // parting (e ≈ 0, or a pair that met at a rounding-small speed) would be lost in the
    // rounding of their velocities, and the pair would meet again at the same instant for ever
    leave = -e * wn;
    floor = 9.094947017729282e-13 * (Math.abs(load<f64>(oi, VX_AT)) + Math.abs(load<f64>(oi, VY_AT)) + Math.abs(load<f64>(oi, VZ_AT)) + Math.abs(load<f64>(oj, VX_AT)) + Math.abs(load<f64>(oj, VY_AT)) + Math.abs(load<f64>(oj, VZ_AT)));
    if (leave < floor) leave = floor;
    impulse = mu * (leave - wn);
  } else impulse = 2.0 * mu * -wn;
  if (impulse > 0.0) {
    ji = impulse / mi;
    jj = impulse / mj;
    if (mode & SHEAR) {
      integrateMomentumXY();
      before = mi * load<f64>(oi, VX_AT) * load<f64>(oi, VY_AT) + mj * load<f64>(oj, VX_AT) * load<f64>(oj, VY_AT);
    }
    store<f64>(oi, load<f64>(oi, VX_AT) - ji * nx, VX_AT);
    store<f64>(oi, load<f64>(oi, VY_AT) - ji * ny, VY_AT);
    store<f64>(oi, load<f64>(oi, VZ_AT) - ji * nz, VZ_AT);
    store<f64>(oj, load<f64>(oj, VX_AT) + jj * nx, VX_AT);
    store<f64>(oj, load<f64>(oj, VY_AT) + jj * ny, VY_AT);
    store<f64>(oj, load<f64>(oj, VZ_AT) + jj * nz, VZ_AT);
    setF(VIRIAL, F(VIRIAL) + impulse * dist);
    if (mode & SHEAR) {
      setF(MOMENTUM_XY, F(MOMENTUM_XY) + mi * load<f64>(oi, VX_AT) * load<f64>(oi, VY_AT) + mj * load<f64>(oj, VX_AT) * load<f64>(oj, VY_AT) - before);
      setF(VIRIAL_XY, F(VIRIAL_XY) + impulse * dist * nx * ny);
    }
    if (mode & INELASTIC) {
      // the kinetic energy loses μ (w_n² − w_n'²) / 2
      lost = 0.5 * mu * (wn * wn - leave * leave);
      integrateKinetic();
      setF(KINETIC_ENERGY, F(KINETIC_ENERGY) - lost);
      setF(DISSIPATED, F(DISSIPATED) + lost);
    }
  }
  store<i32>(COUNTER + (i << 2), (load<i32>(COUNTER + (i << 2)) + 1));
  store<i32>(COUNTER + (j << 2), (load<i32>(COUNTER + (j << 2)) + 1));
  setF(COLLISIONS, F(COLLISIONS) + 1.0);
  return impulse;
}

export function respondInelastic(i: i32, j: i32): f64 {
  return respondMode(i, j, INELASTIC);
}

export function respondSheared(i: i32, j: i32): f64 {
  return respondMode(i, j, SHEAR);
}

export function respondShearedInelastic(i: i32, j: i32): f64 {
  return respondMode(i, j, SHEAR | INELASTIC);
}
