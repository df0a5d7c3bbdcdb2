/**
 * The point of a triangle closest to a given point, by Voronoi regions (C. Ericson,
 * "Real-Time Collision Detection", 5.1.5): vertex regions, then edge regions, then the face.
 * Degenerate triangles (zero area) fall into the vertex or edge cases and still return a point
 * of the triangle.
 */
import type { Point3, Triangle3 } from "./geometry3.js";
import { checkTriangle3 } from "./geometry3.js";
import { checkFinite } from "./validate.js";
import { ldexp } from "../math/double-double.js";
import { exponentOf } from "./relative-motion.js";

/** Output of {@link closestPointOnTriangleRaw}: x, y, z of the closest point. */
export const closestTrianglePoint = new Float64Array(3);

/** [region, v, w] from {@link voronoiRegion}. */
const region = new Float64Array(3);
const R_A = 0, R_B = 1, R_C = 2, R_AB = 3, R_AC = 4, R_BC = 5, R_FACE = 6;

/**
 * Ericson's Voronoi-region walk on the edge vectors ab, ac and the offset ap (a at the origin):
 * writes the region and its barycentric parameters to {@link region}.
 */
function voronoiRegion(
  abx: number, aby: number, abz: number, acx: number, acy: number, acz: number, apx: number, apy: number, apz: number,
  bpx: number, bpy: number, bpz: number, cpx: number, cpy: number, cpz: number,
): void {
  const d1 = abx * apx + aby * apy + abz * apz;
  const d2 = acx * apx + acy * apy + acz * apz;
  region[1] = 0;
  region[2] = 0;
  if (d1 <= 0 && d2 <= 0) {
    region[0] = R_A;
    return;
  }
  const d3 = abx * bpx + aby * bpy + abz * bpz;
  const d4 = acx * bpx + acy * bpy + acz * bpz;
  if (d3 >= 0 && d4 <= d3) {
    region[0] = R_B;
    return;
  }
  const vc = d1 * d4 - d3 * d2;
  if (vc <= 0 && d1 >= 0 && d3 <= 0) {
    region[0] = R_AB;
    // d1 - d3 = ab.ab, zero only for a degenerate edge (a = b): then a itself.
    region[1] = d1 - d3 > 0 ? d1 / (d1 - d3) : 0;
    return;
  }
  const d5 = abx * cpx + aby * cpy + abz * cpz;
  const d6 = acx * cpx + acy * cpy + acz * cpz;
  if (d6 >= 0 && d5 <= d6) {
    region[0] = R_C;
    return;
  }
  const vb = d5 * d2 - d1 * d6;
  if (vb <= 0 && d2 >= 0 && d6 <= 0) {
    region[0] = R_AC;
    region[2] = d2 - d6 > 0 ? d2 / (d2 - d6) : 0;
    return;
  }
  const va = d3 * d6 - d5 * d4;
  if (va <= 0 && d4 - d3 >= 0 && d5 - d6 >= 0) {
    region[0] = R_BC;
    const e = d4 - d3 + (d5 - d6);
    region[2] = e > 0 ? (d4 - d3) / e : 0;
    return;
  }
  const sum = va + vb + vc;
  if (!(sum > 0)) {
    // A degenerate (flat) triangle that no edge region caught: rounding; a is a point of it.
    region[0] = R_A;
    return;
  }
  const denom = 1 / sum;
  region[0] = R_FACE;
  region[1] = vb * denom;
  region[2] = vc * denom;
}

/** a + v (b - a) + w (c - a), from halves when a difference exceeds the largest double. */
function combine(a: number, b: number, c: number, v: number, w: number): number {
  const ab = b - a, ac = c - a;
  const r = a + ab * v + ac * w;
  return r - r === 0 ? r : 2 * (0.5 * a + (0.5 * b - 0.5 * a) * v + (0.5 * c - 0.5 * a) * w);
}

/**
 * Writes the point of triangle abc closest to p into {@link closestTrianglePoint}. Unchecked.
 * The region walk runs on the differences from a scaled by a power of two (exact) that brings
 * the largest into [1, 2), so its fourth-degree products neither overflow nor underflow at any
 * scale (1e-300 ... 1e300); differences beyond the largest double come from halved inputs.
 */
export function closestPointOnTriangleRaw(
  px: number, py: number, pz: number,
  ax: number, ay: number, az: number, bx: number, by: number, bz: number, cx: number, cy: number, cz: number,
): void {
  const out = closestTrianglePoint;
  let h = 1;
  let abx = bx - ax, aby = by - ay, abz = bz - az;
  let acx = cx - ax, acy = cy - ay, acz = cz - az;
  let apx = px - ax, apy = py - ay, apz = pz - az;
  let bpx = px - bx, bpy = py - by, bpz = pz - bz;
  let cpx = px - cx, cpy = py - cy, cpz = pz - cz;
  let m = Math.max(Math.abs(abx), Math.abs(aby), Math.abs(abz), Math.abs(acx), Math.abs(acy), Math.abs(acz), Math.abs(apx), Math.abs(apy), Math.abs(apz));
  m = Math.max(m, Math.abs(bpx), Math.abs(bpy), Math.abs(bpz), Math.abs(cpx), Math.abs(cpy), Math.abs(cpz));
  if (m === Infinity) {
    h = 0.5;
    abx = bx * h - ax * h; aby = by * h - ay * h; abz = bz * h - az * h;
    acx = cx * h - ax * h; acy = cy * h - ay * h; acz = cz * h - az * h;
    apx = px * h - ax * h; apy = py * h - ay * h; apz = pz * h - az * h;
    bpx = px * h - bx * h; bpy = py * h - by * h; bpz = pz * h - bz * h;
    cpx = px * h - cx * h; cpy = py * h - cy * h; cpz = pz * h - cz * h;
    m = Math.max(Math.abs(abx), Math.abs(aby), Math.abs(abz), Math.abs(acx), Math.abs(acy), Math.abs(acz), Math.abs(apx), Math.abs(apy), Math.abs(apz));
    m = Math.max(m, Math.abs(bpx), Math.abs(bpy), Math.abs(bpz), Math.abs(cpx), Math.abs(cpy), Math.abs(cpz));
  }
  if (m > 0 && !(m > 2 ** -200 && m < 2 ** 200)) {
    const k = -exponentOf(m);
    abx = ldexp(abx, k); aby = ldexp(aby, k); abz = ldexp(abz, k);
    acx = ldexp(acx, k); acy = ldexp(acy, k); acz = ldexp(acz, k);
    apx = ldexp(apx, k); apy = ldexp(apy, k); apz = ldexp(apz, k);
    bpx = ldexp(bpx, k); bpy = ldexp(bpy, k); bpz = ldexp(bpz, k);
    cpx = ldexp(cpx, k); cpy = ldexp(cpy, k); cpz = ldexp(cpz, k);
  }
  voronoiRegion(abx, aby, abz, acx, acy, acz, apx, apy, apz, bpx, bpy, bpz, cpx, cpy, cpz);
  const r = region[0], v = region[1], w = region[2];
  if (r === R_A) {
    out[0] = ax; out[1] = ay; out[2] = az;
  } else if (r === R_B) {
    out[0] = bx; out[1] = by; out[2] = bz;
  } else if (r === R_C) {
    out[0] = cx; out[1] = cy; out[2] = cz;
  } else if (r === R_BC) {
    out[0] = combine(bx, cx, bx, w, 0); out[1] = combine(by, cy, by, w, 0); out[2] = combine(bz, cz, bz, w, 0);
  } else {
    out[0] = combine(ax, bx, cx, v, w); out[1] = combine(ay, by, cy, v, w); out[2] = combine(az, bz, cz, v, w);
  }
}

/** The point of the triangle closest to (x, y, z): `{x, y, z}`. Throws a RangeError on bad input. */
export function closestPointOnTriangle(triangle: Triangle3, point: Point3): Point3 {
  checkTriangle3(triangle, "triangle");
  checkFinite(point.x, "point.x");
  checkFinite(point.y, "point.y");
  checkFinite(point.z, "point.z");
  const t = triangle;
  closestPointOnTriangleRaw(point.x, point.y, point.z, t.ax, t.ay, t.az, t.bx, t.by, t.bz, t.cx, t.cy, t.cz);
  return { x: closestTrianglePoint[0], y: closestTrianglePoint[1], z: closestTrianglePoint[2] };
}
