/**
 * Time of impact under constant acceleration against a line (2D) or a plane (3D), each the
 * boundary of the solid half-space behind its normal (the floor under a falling ball).
 *
 * With the boundary through q with normal N (any nonzero length L = |N|), the centre
 * c(t) = c + t v + t^2 a / 2 is at signed distance S(t) / L in front of it, where
 *
 *     S(t) = N.(c - q) + (N.v) t + (N.a / 2) t^2,
 *
 * and the body touches the boundary from the front when S(t) = r L: the roots of the quadratic
 * P(t) = S(t) - r L. The rule of carom (earliest touch while approaching) reads:
 *
 * - P(0) <= 0 (closer than r, touching, or behind the boundary) and approaching (S decreasing:
 *   N.v < 0, or N.v = 0 and N.a < 0): 0.
 * - Otherwise the first root where P goes from positive to negative: the body comes down onto
 *   the boundary. A root where P goes up (leaving, e.g. thrown up from the floor) is not a
 *   contact, but the later fall back is; a double root (the body's highest point is exactly at
 *   distance r, a graze) is none.
 * - Parallel motion with no acceleration along N (N.v = N.a = 0): Infinity, even overlapping.
 *
 * Accuracy: c - q exactly (TwoSum), the dot products and r L = r sqrt(N.N) in double-double
 * (TwoProduct; one Newton correction of the square root), and the quadratic solved by
 * {@link solvePolynomial} with those double-double coefficients: within about an ulp of the
 * exact root unless the contact is a near graze.
 */
import { SPLITTER, ldexp } from "../math/double-double.js";
import { quadraticAt } from "./relative-motion.js";
import { polyInput, polyRoots, solvePolynomial, ROOTS_FIRST_DOWN } from "../math/poly-roots.js";
import { checkPlane3, type Plane3 } from "./geometry3.js";
import { FEATURE_INTERIOR } from "./types.js";
import type { WallHit2, WallHit3 } from "./types.js";
import { checkTMax } from "./validate.js";
import { checkAcceleratedCircle, checkAcceleratedSphere, type AcceleratedCircle, type AcceleratedSphere } from "./toi-accelerated.js";
import { clockExponent, unitScale } from "./accel-quartic.js";

/**
 * A line through (x, y) with normal (nx, ny) (any nonzero length): the boundary of the solid
 * half-plane behind the normal; a point p is inside the solid when (p - (x, y)) . n < 0.
 */
export interface Line2 {
  /** A point on the line, x. */
  x: number;
  /** A point on the line, y. */
  y: number;
  /** Normal x (any nonzero length), pointing out of the solid side. */
  nx: number;
  /** Normal y. */
  ny: number;
}

const LINE_FIELDS = ["x", "y", "nx", "ny"] as const;

/** Throws a RangeError unless every field of `line` is finite and its normal is not zero. */
export function checkLine2(line: Line2, name: string): void {
  if (line === null || typeof line !== "object") throw new RangeError(`${name} must be an object, got ${String(line)}`);
  const s = line.x - line.x + (line.y - line.y) + (line.nx - line.nx) + (line.ny - line.ny);
  if (s !== 0) {
    const o = line as unknown as Record<string, unknown>;
    for (const f of LINE_FIELDS) {
      const v = o[f];
      if (typeof v !== "number" || !Number.isFinite(v)) throw new RangeError(`${name}.${f} must be a finite number, got ${String(v)}`);
    }
  }
  if (line.nx === 0 && line.ny === 0) throw new RangeError(`${name}.nx, ${name}.ny must not both be zero (a line needs a normal), got (0, 0)`);
}

/**
 * Input of {@link acceleratedPlaneContact}: centre 0..2, velocity 3..5, acceleration 6..8, r 9,
 * point of the plane 10..12, normal 13..15, tMax 16 (z components 0 in 2D); the time comes out
 * in 17 (Infinity for none).
 */
export const accelPlaneIO = new Float64Array(18);

/** Running double-double sum (hi, lo). */
const ACC = new Float64Array(2);
/** c - q as double-doubles (x, y, z). */
const REL = new Float64Array(6);

/** ACC += x * (yh + yl), x a double, the leading product exact (TwoProduct). */
function accProduct(x: number, yh: number, yl: number): void {
  let t = SPLITTER * x;
  const xH = t - (t - x);
  const xL = x - xH;
  t = SPLITTER * yh;
  const yH = t - (t - yh);
  const yL = yh - yH;
  const p = x * yh;
  const pe = xH * yH - p + xH * yL + xL * yH + xL * yL + x * yl;
  const s = ACC[0];
  const s2 = s + p;
  const bb = s2 - s;
  ACC[1] += s - (s2 - bb) + (p - bb) + pe;
  ACC[0] = s2;
}

/** Writes ACC (renormalised) to polyInput as coefficient i, times `scale` (a power of two), and clears it. */
function accTo(i: number, scale: number): void {
  const s = ACC[0];
  const e = ACC[1];
  const h = s + e;
  polyInput[i] = scale * h;
  polyInput[7 + i] = scale * (e - (h - s));
  ACC[0] = 0;
  ACC[1] = 0;
}

/**
 * The time of impact of the body in {@link accelPlaneIO} with the plane's solid half-space (see
 * the file comment), in slot 17. No argument checks (finite inputs, r >= 0, N != 0, tMax >= 0).
 */
export function acceleratedPlaneContact(): void {
  const q = accelPlaneIO;
  // c - q exactly (TwoSum) per axis.
  let md = q[9];
  let mv = 0;
  let ma = 0;
  for (let k = 0; k < 3; k++) {
    const c = q[k];
    const p = q[10 + k];
    const dh = c - p;
    const bb = dh - c;
    REL[2 * k] = dh;
    REL[2 * k + 1] = c - (dh - bb) + (-p - bb);
    md = Math.max(md, Math.abs(dh));
    mv = Math.max(mv, Math.abs(q[3 + k]));
    ma = Math.max(ma, Math.abs(q[6 + k]));
  }
  // An extreme time scale (a distance of 1 covered at 1e300) is counted on a clock of that
  // scale, 2^clock: v times 2^clock, a times 2^(2 clock), tMax and the root back (all exact).
  const clock = clockExponent(md, mv, ma);
  const V = VA;
  for (let k = 0; k < 3; k++) {
    V[k] = clock === 0 ? q[3 + k] : ldexp(q[3 + k], clock);
    V[3 + k] = clock === 0 ? q[6 + k] : ldexp(q[6 + k], 2 * clock);
  }
  const m = Math.max(md, Math.abs(V[0]), Math.abs(V[1]), Math.abs(V[2]), Math.abs(V[3]), Math.abs(V[4]), Math.abs(V[5]));
  // The equation is homogeneous in N, and in (c - q, v, a, r): power-of-two scalings (exact)
  // keep inputs of any magnitude clear of overflow and underflow.
  const fs = unitScale(m);
  const fn = unitScale(Math.max(Math.abs(q[13]), Math.abs(q[14]), Math.abs(q[15])));
  const nx = q[13] * fn;
  const ny = q[14] * fn;
  const nz = q[15] * fn;
  const r = q[9] * fs;
  // S0 = N . (c - q).
  accProduct(nx, REL[0] * fs, REL[1] * fs);
  accProduct(ny, REL[2] * fs, REL[3] * fs);
  accProduct(nz, REL[4] * fs, REL[5] * fs);
  // - r L, L = sqrt(N . N) as a double-double.
  accProductsOfSquares(nx, ny, nz);
  const nh = ACC[0] + ACC[1];
  const nl = ACC[1] - (nh - ACC[0]);
  const lh = Math.sqrt(nh);
  let t = SPLITTER * lh;
  const lH = t - (t - lh);
  const lL = lh - lH;
  const ll = (nh - lh * lh - (lH * lH - lh * lh + 2 * lH * lL + lL * lL) + nl) / (2 * lh);
  ACC[0] = S0[0];
  ACC[1] = S0[1];
  accProduct(-r, lh, ll);
  accTo(0, 1);
  // S1 = N . v, S2 = N . a / 2.
  accProduct(nx, V[0] * fs, 0);
  accProduct(ny, V[1] * fs, 0);
  accProduct(nz, V[2] * fs, 0);
  accTo(1, 1);
  accProduct(nx, V[3] * fs, 0);
  accProduct(ny, V[4] * fs, 0);
  accProduct(nz, V[5] * fs, 0);
  accTo(2, 0.5);
  polyInput[3] = 0;
  polyInput[4] = 0;
  polyInput[10] = 0;
  polyInput[11] = 0;
  polyInput[5] = 0;
  polyInput[6] = clock === 0 ? q[16] : ldexp(q[16], -clock);
  t = polyInput[1] !== 0 ? polyInput[1] : polyInput[2];
  if (polyInput[0] <= 0) {
    // Closer than r, touching or behind: a contact now if approaching; none if not moving
    // along N at all; else the first later time it comes back down.
    if (t < 0) {
      q[17] = 0;
      return;
    }
    if (t === 0) {
      q[17] = Infinity;
      return;
    }
  }
  const root = solvePolynomial(ROOTS_FIRST_DOWN) > 0 ? polyRoots[0] : Infinity;
  q[17] = clock === 0 || root === Infinity ? root : Math.min(ldexp(root, clock), q[16]);
}

/** The body's velocity (0..2) and acceleration (3..5) on the kernel's clock. */
const VA = new Float64Array(6);

/** N . (c - q) as a double-double, saved while ACC computes N . N. */
const S0 = new Float64Array(2);

/** Moves ACC (= N . (c - q)) to S0 and leaves N . N, exactly summed, in ACC. */
function accProductsOfSquares(nx: number, ny: number, nz: number): void {
  S0[0] = ACC[0];
  S0[1] = ACC[1];
  ACC[0] = 0;
  ACC[1] = 0;
  accProduct(nx, nx, 0);
  accProduct(ny, ny, 0);
  accProduct(nz, nz, 0);
}

// ---------------------------------------------------------------------------------------------

function load(x: number, y: number, z: number, vx: number, vy: number, vz: number, ax: number, ay: number, az: number, r: number,
  px: number, py: number, pz: number, nx: number, ny: number, nz: number, tMax: number): void {
  const q = accelPlaneIO;
  q[0] = x; q[1] = y; q[2] = z; q[3] = vx; q[4] = vy; q[5] = vz; q[6] = ax; q[7] = ay; q[8] = az; q[9] = r;
  q[10] = px; q[11] = py; q[12] = pz; q[13] = nx; q[14] = ny; q[15] = nz; q[16] = tMax;
}

/**
 * Time of impact of an accelerated circle with the solid half-plane behind a line: the earliest
 * t in [0, tMax] (tMax defaults to 1) at which the circle, centre (x, y) + t (vx, vy) +
 * t^2 (ax, ay) / 2, touches the line from the front while approaching it.
 *
 * - Already overlapping (closer than r, touching, or behind) and approaching: 0.
 * - Moving away: the first later time it comes back down to distance r, if any in [0, tMax]
 *   (a ball thrown up from the floor lands again). Parallel motion with no acceleration along
 *   the normal: Infinity, even overlapping.
 * - A graze (its closest approach is exactly r): Infinity.
 *
 * Accuracy: within about an ulp (see the file comment). Throws a RangeError for non-finite
 * fields, a negative radius, a zero normal, or a negative or NaN tMax.
 */
export function timeOfImpactAcceleratedCircleLine(circle: AcceleratedCircle, line: Line2, tMax = 1): number {
  checkAcceleratedCircle(circle, "circle");
  checkLine2(line, "line");
  checkTMax(tMax);
  const c = circle;
  load(c.x, c.y, 0, c.vx, c.vy, 0, c.ax, c.ay, 0, c.r, line.x, line.y, 0, line.nx, line.ny, 0, tMax);
  acceleratedPlaneContact();
  return accelPlaneIO[17];
}

/**
 * The contact at time t with the solid behind a line or plane of normal N: the unit normal
 * -N / |N| (from the body into the solid; N scaled first against overflow) and the contact point,
 * the centre at t plus r times the normal, written to out with t (z too in 3D).
 */
function faceContactInto(out: WallHit2 | WallHit3, b: AcceleratedCircle | AcceleratedSphere, Nx: number, Ny: number, Nz: number, t: number, dim: 2 | 3): void {
  const m = Math.max(Math.abs(Nx), Math.abs(Ny), Math.abs(Nz));
  const ux = Nx / m, uy = Ny / m, uz = Nz / m;
  const len = Math.sqrt(ux * ux + uy * uy + uz * uz);
  const nx = -ux / len + 0, ny = -uy / len + 0;
  out.t = t;
  out.nx = nx;
  out.ny = ny;
  out.px = quadraticAt(b.x, b.vx, b.ax, t) + b.r * nx;
  out.py = quadraticAt(b.y, b.vy, b.ay, t) + b.r * ny;
  if (dim === 3) {
    const o = out as WallHit3, s = b as AcceleratedSphere, nz = -uz / len + 0;
    o.nz = nz;
    o.pz = quadraticAt(s.z, s.vz, s.az, t) + s.r * nz;
  }
}

/**
 * Like {@link sweepAcceleratedCircleLine}, without allocating: fills `out` and returns true on a
 * hit, false (leaving `out` untouched) otherwise.
 */
export function sweepAcceleratedCircleLineInto(out: WallHit2, circle: AcceleratedCircle, line: Line2, tMax = 1): boolean {
  const t = timeOfImpactAcceleratedCircleLine(circle, line, tMax);
  if (t === Infinity) return false;
  faceContactInto(out, circle, line.nx, line.ny, 0, t, 2);
  out.feature = FEATURE_INTERIOR;
  out.index = 0;
  return true;
}

/**
 * First contact of an accelerated circle with the solid half-plane behind a line:
 * `{t, px, py, nx, ny, feature, index}` or null, t as {@link timeOfImpactAcceleratedCircleLine}.
 * The normal is -N / |N| (from the circle into the solid), the contact point the centre at t
 * plus r times the normal, feature FEATURE_INTERIOR and index 0.
 */
export function sweepAcceleratedCircleLine(circle: AcceleratedCircle, line: Line2, tMax = 1): WallHit2 | null {
  const out: WallHit2 = { t: 0, px: 0, py: 0, nx: 0, ny: 0, feature: 0, index: 0 };
  return sweepAcceleratedCircleLineInto(out, circle, line, tMax) ? out : null;
}

/**
 * Time of impact of an accelerated sphere with the solid half-space behind a plane: the 3D twin
 * of {@link timeOfImpactAcceleratedCircleLine}, same cases and accuracy.
 */
export function timeOfImpactAcceleratedSpherePlane(sphere: AcceleratedSphere, plane: Plane3, tMax = 1): number {
  checkAcceleratedSphere(sphere, "sphere");
  checkPlane3(plane, "plane");
  checkTMax(tMax);
  const s = sphere;
  load(s.x, s.y, s.z, s.vx, s.vy, s.vz, s.ax, s.ay, s.az, s.r, plane.x, plane.y, plane.z, plane.nx, plane.ny, plane.nz, tMax);
  acceleratedPlaneContact();
  return accelPlaneIO[17];
}

/** Like {@link sweepAcceleratedSpherePlane}, without allocating: fills `out` and returns true on a hit. */
export function sweepAcceleratedSpherePlaneInto(out: WallHit3, sphere: AcceleratedSphere, plane: Plane3, tMax = 1): boolean {
  const t = timeOfImpactAcceleratedSpherePlane(sphere, plane, tMax);
  if (t === Infinity) return false;
  faceContactInto(out, sphere, plane.nx, plane.ny, plane.nz, t, 3);
  out.feature = FEATURE_INTERIOR;
  out.index = 0;
  return true;
}

/**
 * First contact of an accelerated sphere with the solid half-space behind a plane:
 * `{t, px, py, pz, nx, ny, nz, feature, index}` or null, t as
 * {@link timeOfImpactAcceleratedSpherePlane}; normal -N / |N| (into the solid), contact point
 * the centre at t plus r times the normal, FEATURE_INTERIOR, index 0.
 */
export function sweepAcceleratedSpherePlane(sphere: AcceleratedSphere, plane: Plane3, tMax = 1): WallHit3 | null {
  const out: WallHit3 = { t: 0, px: 0, py: 0, pz: 0, nx: 0, ny: 0, nz: 0, feature: 0, index: 0 };
  return sweepAcceleratedSpherePlaneInto(out, sphere, plane, tMax) ? out : null;
}
