/**
 * Ray against a solid sphere.
 *
 * The ray o + s d meets the sphere |x - c| <= r where |(o - c) + s d|^2 = r^2, the contact
 * quadratic of two spheres with radius sum r, one of them (the ray's point) of radius 0 and the
 * other at rest. So the entry parameter is exactly {@link toiSpheresRaw}'s time of impact (to an
 * ulp, with its double-double fallback near tangency), and only the origin-inside case differs
 * from a sweep: a ray cast treats the sphere as solid and answers 0 from inside, whatever the
 * direction, where a sweep would say "moving apart".
 */
import { toiSpheresRaw } from "./toi-sphere-sphere.js";
import { FEATURE_INTERIOR } from "./types.js";
import type { Sphere, WallHit3 } from "./types.js";
import { checkSphere, checkTMax } from "./validate.js";
import { checkRay3, finishWallHit3, newWallHit3, offsetIO, offsetsFromPath } from "./geometry3.js";
import type { Ray3 } from "./geometry3.js";

const U8 = 8 * 2 ** -53;
const ONE_PLUS_16U = 1 + 16 * 2 ** -53;
/** An absolute floor of the screen's bounds, so that underflowing products are never decided in plain doubles. */
const TINY = 2 ** -1000;

/**
 * Whether (ox, oy, oz) lies in the closed ball of radius r about (cx, cy, cz), exactly. Decided
 * in plain doubles when |o - c|^2 - r^2 is clear of its rounding bound; otherwise (too close to
 * call, or squares that overflow or underflow) the exact sphere kernel is asked: a point moving
 * straight at the centre with tMax = 0 gets time 0 exactly when it already touches or overlaps
 * the ball (the kernel rescales extreme magnitudes and decides the sign in double-double).
 */
function insideClosedBall(ox: number, oy: number, oz: number, cx: number, cy: number, cz: number, r: number): boolean {
  const dx = ox - cx;
  const dy = oy - cy;
  const dz = oz - cz;
  // A difference beyond the largest double puts the point farther from the centre than any radius.
  if (!(dx - dx === 0 && dy - dy === 0 && dz - dz === 0)) return false;
  const D = dx * dx + dy * dy + dz * dz;
  const R2 = r * r;
  const e = U8 * (D + R2) + TINY;
  if (D - R2 < -e) return true;
  if (D - R2 > e && D < 2 ** 1000) return false;
  return (dx === 0 && dy === 0 && dz === 0) || toiSpheresRaw(ox, oy, oz, -dx, -dy, -dz, 0, cx, cy, cz, 0, 0, 0, r, 0) === 0;
}

/**
 * Ray parameter of the first point of the solid sphere on the ray, from plain numbers, without
 * argument checks (direction not zero, r >= 0, tMax >= 0). Same cases as {@link raySphere}.
 */
export function raySphereRaw(
  ox: number, oy: number, oz: number, dx: number, dy: number, dz: number,
  cx: number, cy: number, cz: number, r: number, tMax: number,
): number {
  // Screen in plain doubles with the certified bounds of math/contact-root.ts (spelled out so
  // that no doubles cross a call): inside, pointing away, a clear miss, or an entry clearly after
  // tMax are decided here; everything else goes to the exact kernel.
  const ux = ox - cx, uy = oy - cy, uz = oz - cz;
  const D = ux * ux + uy * uy + uz * uz;
  const R2 = r * r;
  const c = D - R2;
  const ec = U8 * (D + R2) + TINY;
  if (c < -ec) return 0;
  if (c > ec) {
    const p1 = ux * dx, p2 = uy * dy, p3 = uz * dz;
    const b = p1 + p2 + p3;
    const eb = U8 * (Math.abs(p1) + Math.abs(p2) + Math.abs(p3)) + TINY;
    if (b > eb) return Infinity;
    if (b < -eb) {
      const a = dx * dx + dy * dy + dz * dz;
      const ea = U8 * a + TINY;
      const disc = b * b - a * c;
      const ed = (eb * (eb - 2 * b) + a * ec + (c + ec) * ea + U8 * (b * b + a * c)) * ONE_PLUS_16U + TINY;
      if (disc < -ed) return Infinity;
      if (disc > ed) {
        const sd = Math.sqrt(disc);
        if ((c - ec) * sd > tMax * ((sd - b + eb) * sd + ed) * ONE_PLUS_16U + TINY) return Infinity;
      }
    }
  }
  // The ray's point is a sphere of radius 0 moving with d; the target sphere is at rest.
  const t = toiSpheresRaw(ox, oy, oz, dx, dy, dz, 0, cx, cy, cz, 0, 0, 0, r, tMax);
  if (t !== Infinity) return t;
  // No entry in [0, tMax]: still 0 when the origin is already inside (a solid sphere), which
  // the sweep reports as "moving apart" when the ray points outwards.
  return insideClosedBall(ox, oy, oz, cx, cy, cz, r) ? 0 : Infinity;
}

/**
 * Ray against a solid sphere: the smallest parameter s in [0, tMax] at which the point
 * (x, y, z) + s (dx, dy, dz) lies in the sphere, or Infinity. tMax defaults to Infinity (a ray;
 * pass 1 for the segment from the origin to origin + d).
 *
 * - Origin inside the sphere or on its surface: 0, whatever the direction (the sphere is solid).
 * - Pointing away from the sphere from outside: Infinity.
 * - A ray that only touches the sphere tangentially, or misses it, or enters after tMax: Infinity.
 * - A sphere of radius 0 is a point: a ray exactly through it hits it there (as two points
 *   moving head-on collide, see {@link timeOfImpactSpheres}).
 *
 * Accuracy: the entry parameter is within one ulp of the exact root (the kernel of
 * {@link timeOfImpactSpheres}); the inside test is exact up to a final rounding of a
 * double-double sum. Throws a RangeError for non-finite fields, a zero direction, a negative
 * radius, or a negative or NaN tMax.
 */
export function raySphere(ray: Ray3, sphere: Sphere, tMax = Infinity): number {
  checkRay3(ray, "ray");
  checkSphere(sphere, "sphere");
  checkTMax(tMax);
  return raySphereRaw(ray.x, ray.y, ray.z, ray.dx, ray.dy, ray.dz, sphere.x, sphere.y, sphere.z, sphere.r, tMax);
}

/**
 * Like {@link raycastSphere}, without allocating: fills `out` and returns true on a hit, false
 * (leaving `out` untouched) on a miss.
 */
export function raycastSphereInto(out: WallHit3, ray: Ray3, sphere: Sphere, tMax = Infinity): boolean {
  const t = raySphere(ray, sphere, tMax);
  if (t === Infinity) return false;
  out.t = t;
  out.px = ray.x + t * ray.dx;
  out.py = ray.y + t * ray.dy;
  out.pz = ray.z + t * ray.dz;
  // From the point on the ray towards the centre: the inward normal at the entry point.
  const o = offsetIO;
  o[0] = sphere.x; o[1] = sphere.y; o[2] = sphere.z; o[3] = ray.x; o[4] = ray.y; o[5] = ray.z;
  o[6] = ray.dx; o[7] = ray.dy; o[8] = ray.dz; o[9] = t;
  offsetsFromPath();
  out.nx = o[10];
  out.ny = o[11];
  out.nz = o[12];
  if (!finishWallHit3(out, 0, FEATURE_INTERIOR, 0)) {
    // The origin is the centre itself: no direction is preferred; use the ray's.
    out.nx = ray.dx;
    out.ny = ray.dy;
    out.nz = ray.dz;
    finishWallHit3(out, 0, FEATURE_INTERIOR, 0);
  }
  return true;
}

/**
 * Ray against a solid sphere with the hit described: `{t, px, py, pz, nx, ny, nz, feature,
 * index}` or null. t is the ray parameter (as {@link raySphere}, same cases), (px, py, pz) the
 * point on the ray at t, and n the unit normal from that point towards the geometry: the inward
 * surface normal (c - p) / |c - p| (from the origin towards the centre when the origin is
 * inside; the ray's direction when the origin is the centre). feature is FEATURE_INTERIOR and
 * index 0 (a sphere has one face).
 */
export function raycastSphere(ray: Ray3, sphere: Sphere, tMax = Infinity): WallHit3 | null {
  const out = newWallHit3();
  return raycastSphereInto(out, ray, sphere, tMax) ? out : null;
}
