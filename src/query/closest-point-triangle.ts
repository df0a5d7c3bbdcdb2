/**
 * The point of a triangle closest to a given point, by Voronoi regions (C. Ericson,
 * "Real-Time Collision Detection", 5.1.5): vertex regions, then edge regions, then the face.
 * Degenerate triangles (zero area) fall into the vertex or edge cases and still return a point
 * of the triangle.
 */
import type { Point3, Triangle3 } from "./geometry3.js";
import { checkTriangle3 } from "./geometry3.js";
import { checkFinite } from "./validate.js";

/** Output of {@link closestPointOnTriangleRaw}: x, y, z of the closest point. */
export const closestTrianglePoint = new Float64Array(3);

/** Writes the point of triangle abc closest to p into {@link closestTrianglePoint}. Unchecked. */
export function closestPointOnTriangleRaw(
  px: number, py: number, pz: number,
  ax: number, ay: number, az: number, bx: number, by: number, bz: number, cx: number, cy: number, cz: number,
): void {
  const out = closestTrianglePoint;
  const abx = bx - ax, aby = by - ay, abz = bz - az;
  const acx = cx - ax, acy = cy - ay, acz = cz - az;
  const apx = px - ax, apy = py - ay, apz = pz - az;
  const d1 = abx * apx + aby * apy + abz * apz;
  const d2 = acx * apx + acy * apy + acz * apz;
  if (d1 <= 0 && d2 <= 0) {
    out[0] = ax; out[1] = ay; out[2] = az;
    return;
  }
  const bpx = px - bx, bpy = py - by, bpz = pz - bz;
  const d3 = abx * bpx + aby * bpy + abz * bpz;
  const d4 = acx * bpx + acy * bpy + acz * bpz;
  if (d3 >= 0 && d4 <= d3) {
    out[0] = bx; out[1] = by; out[2] = bz;
    return;
  }
  const vc = d1 * d4 - d3 * d2;
  if (vc <= 0 && d1 >= 0 && d3 <= 0) {
    const v = d1 / (d1 - d3);
    out[0] = ax + v * abx; out[1] = ay + v * aby; out[2] = az + v * abz;
    return;
  }
  const cpx = px - cx, cpy = py - cy, cpz = pz - cz;
  const d5 = abx * cpx + aby * cpy + abz * cpz;
  const d6 = acx * cpx + acy * cpy + acz * cpz;
  if (d6 >= 0 && d5 <= d6) {
    out[0] = cx; out[1] = cy; out[2] = cz;
    return;
  }
  const vb = d5 * d2 - d1 * d6;
  if (vb <= 0 && d2 >= 0 && d6 <= 0) {
    const w = d2 / (d2 - d6);
    out[0] = ax + w * acx; out[1] = ay + w * acy; out[2] = az + w * acz;
    return;
  }
  const va = d3 * d6 - d5 * d4;
  if (va <= 0 && d4 - d3 >= 0 && d5 - d6 >= 0) {
    const w = (d4 - d3) / (d4 - d3 + (d5 - d6));
    out[0] = bx + w * (cx - bx); out[1] = by + w * (cy - by); out[2] = bz + w * (cz - bz);
    return;
  }
  const denom = 1 / (va + vb + vc);
  const v = vb * denom;
  const w = vc * denom;
  out[0] = ax + abx * v + acx * w;
  out[1] = ay + aby * v + acy * w;
  out[2] = az + abz * v + acz * w;
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
