/**
 * Ray against a triangle: the watertight test of Woop, Benthin and Wald, "Watertight
 * Ray/Triangle Intersection", Journal of Computer Graphics Techniques 2(1), 2013.
 *
 * Why not Möller–Trumbore: its barycentric tests are computed per triangle from the triangle's
 * own edge vectors, so a ray through the shared edge of two triangles can fail both tests by a
 * rounding and slip through a closed mesh. The watertight test instead
 *
 * 1. translates the vertices to the ray origin and applies the shear that maps the ray direction
 *    to +z (axes permuted so that z is the direction's largest component), which depends only on
 *    the ray and the vertex, so a vertex shared by two triangles lands on the same bits;
 * 2. decides inside/outside from the three 2D edge functions U, V, W of the sheared vertices,
 *    each computed by one formula from its two endpoints only, so the two triangles sharing an
 *    edge compute exactly negated values for it (a x b - c x d with swapped operands is the exact
 *    negation in IEEE arithmetic), and a value of 0 counts as inside for both;
 * 3. recomputes an edge function that rounds to exactly 0 from exact products (TwoProduct), as
 *    the paper does in double precision, so "0" means "0 up to one final rounding";
 * 4. takes the hit parameter as T / det, the barycentric interpolation of the sheared depths.
 *
 * So a ray through an edge or a vertex shared by several triangles hits at least one of them,
 * and hits both sides of an edge when it passes through it exactly.
 *
 * The vertices are first put in lexicographic order (x, then y, then z), which makes every result
 * bit-for-bit independent of the order in which the caller lists them.
 */
import { FEATURE_EDGE, FEATURE_INTERIOR, FEATURE_VERTEX } from "./types.js";
import type { WallHit3 } from "./types.js";
import { checkTMax } from "./validate.js";
import { checkRay3, checkTriangle3, exactCross, finishWallHit3, newWallHit3 } from "./geometry3.js";
import type { Ray3, Triangle3 } from "./geometry3.js";

/**
 * Scratch shared with sweep-sphere-triangle.ts. Inputs: ray origin 0..2, direction 3..5, vertices
 * a, b, c in 6..14, tMax in 32 (for the ray kernel). {@link sortTriangleVertices} writes the sorted vertices p0, p1, p2 to 15..23
 * and their original indices (0 a, 1 b, 2 c) to 24..26; {@link woopEdgeFunctions} writes U (edge
 * p1 p2), V (edge p2 p0), W (edge p0 p1) to 27..29, det = U + V + W to 30 and T to 31; the ray
 * kernel writes its parameter (or Infinity) to 32. Slots 33..35 hold an offset k added to the
 * vertices' coordinates relative to the origin (p - o + k, i.e. the origin moved to o - k without
 * rounding o - k first); the ray kernel keeps it 0, the sphere sweep uses it for the sphere's
 * lowest point so that its test depends on differences only.
 */
export const triangleIO = new Float64Array(36);

/** Sorts the vertices in {@link triangleIO} lexicographically (see its layout). */
export function sortTriangleVertices(): void {
  const q = triangleIO;
  let p0x = q[6], p0y = q[7], p0z = q[8], i0 = 0;
  let p1x = q[9], p1y = q[10], p1z = q[11], i1 = 1;
  let p2x = q[12], p2y = q[13], p2z = q[14], i2 = 2;
  let sx: number, sy: number, sz: number, si: number;
  // Three compare-and-swaps: (p0, p1), (p1, p2), (p0, p1).
  if (p1x < p0x || (p1x === p0x && (p1y < p0y || (p1y === p0y && p1z < p0z)))) {
    sx = p0x; sy = p0y; sz = p0z; si = i0; p0x = p1x; p0y = p1y; p0z = p1z; i0 = i1; p1x = sx; p1y = sy; p1z = sz; i1 = si;
  }
  if (p2x < p1x || (p2x === p1x && (p2y < p1y || (p2y === p1y && p2z < p1z)))) {
    sx = p1x; sy = p1y; sz = p1z; si = i1; p1x = p2x; p1y = p2y; p1z = p2z; i1 = i2; p2x = sx; p2y = sy; p2z = sz; i2 = si;
    if (p1x < p0x || (p1x === p0x && (p1y < p0y || (p1y === p0y && p1z < p0z)))) {
      sx = p0x; sy = p0y; sz = p0z; si = i0; p0x = p1x; p0y = p1y; p0z = p1z; i0 = i1; p1x = sx; p1y = sy; p1z = sz; i1 = si;
    }
  }
  q[15] = p0x; q[16] = p0y; q[17] = p0z;
  q[18] = p1x; q[19] = p1y; q[20] = p1z;
  q[21] = p2x; q[22] = p2y; q[23] = p2z;
  q[24] = i0; q[25] = i1; q[26] = i2;
}

/**
 * Steps 1 to 4 of the watertight test (see the file comment) for the ray and the sorted vertices
 * in {@link triangleIO}; the direction must not be zero.
 */
export function woopEdgeFunctions(): void {
  const q = triangleIO;
  const kx0 = q[33], ky0 = q[34], kz0 = q[35];
  const dx = q[3], dy = q[4], dz = q[5];
  // Vertices relative to the origin (plus the offset, see triangleIO): p - o + k.
  const ax = q[15] - q[0] + kx0, ay = q[16] - q[1] + ky0, az = q[17] - q[2] + kz0;
  const bx = q[18] - q[0] + kx0, by = q[19] - q[1] + ky0, bz = q[20] - q[2] + kz0;
  const cx = q[21] - q[0] + kx0, cy = q[22] - q[1] + ky0, cz = q[23] - q[2] + kz0;
  // kz: the axis of the direction's largest component; kx, ky the next two in cyclic order.
  // Permute (x, y, z) -> (kx, ky, kz) for the direction and the three vertices.
  const adx = Math.abs(dx), ady = Math.abs(dy), adz = Math.abs(dz);
  let Dx: number, Dy: number, Dz: number;
  let Ax: number, Ay: number, Az: number, Bx: number, By: number, Bz: number, Cx: number, Cy: number, Cz: number;
  if (adx > ady && adx > adz) {
    Dx = dy; Dy = dz; Dz = dx;
    Ax = ay; Ay = az; Az = ax; Bx = by; By = bz; Bz = bx; Cx = cy; Cy = cz; Cz = cx;
  } else if (ady > adz) {
    Dx = dz; Dy = dx; Dz = dy;
    Ax = az; Ay = ax; Az = ay; Bx = bz; By = bx; Bz = by; Cx = cz; Cy = cx; Cz = cy;
  } else {
    Dx = dx; Dy = dy; Dz = dz;
    Ax = ax; Ay = ay; Az = az; Bx = bx; By = by; Bz = bz; Cx = cx; Cy = cy; Cz = cz;
  }
  // The shear that maps the direction to +z: x' = x - Sx z, y' = y - Sy z, z' = Sz z.
  const Sx = Dx / Dz;
  const Sy = Dy / Dz;
  const Sz = 1 / Dz;
  const ax2 = Ax - Sx * Az, ay2 = Ay - Sy * Az;
  const bx2 = Bx - Sx * Bz, by2 = By - Sy * Bz;
  const cx2 = Cx - Sx * Cz, cy2 = Cy - Sy * Cz;
  // 2D edge functions: twice the signed areas of (origin, B, C), (origin, C, A), (origin, A, B).
  let U = cx2 * by2 - cy2 * bx2;
  let V = ax2 * cy2 - ay2 * cx2;
  let W = bx2 * ay2 - by2 * ax2;
  if (U === 0) U = exactCross(cx2, by2, cy2, bx2);
  if (V === 0) V = exactCross(ax2, cy2, ay2, cx2);
  if (W === 0) W = exactCross(bx2, ay2, by2, ax2);
  q[27] = U;
  q[28] = V;
  q[29] = W;
  q[30] = U + V + W;
  q[31] = U * (Sz * Az) + V * (Sz * Bz) + W * (Sz * Cz);
}

/**
 * The ray kernel on {@link triangleIO} (inputs loaded, vertices unsorted): writes the hit
 * parameter or Infinity to slot 32.
 */
function rayTriangleCore(): void {
  const q = triangleIO;
  const tMax = q[32];
  sortTriangleVertices();
  woopEdgeFunctions();
  const U = q[27], V = q[28], W = q[29];
  let det = q[30];
  let T = q[31];
  q[32] = Infinity;
  // Inside when the three edge functions do not disagree in sign (zeros are inside for both
  // orientations, which keeps shared edges closed).
  if ((U < 0 || V < 0 || W < 0) && (U > 0 || V > 0 || W > 0)) return;
  // det = 0: the ray lies in the triangle's plane (or the triangle has no area): tangent, no hit.
  if (det === 0) return;
  if (det < 0) {
    det = -det;
    T = -T;
  }
  // Behind the origin, or beyond tMax (compared without dividing: T > tMax det).
  if (T < 0 || T > tMax * det) return;
  const t = T / det;
  q[32] = t <= tMax ? t : Infinity;
}

/**
 * Ray parameter of the point where the ray crosses the triangle, from plain numbers, without
 * argument checks (direction not zero, tMax >= 0). Same cases as {@link rayTriangle}.
 */
export function rayTriangleRaw(
  ox: number, oy: number, oz: number, dx: number, dy: number, dz: number,
  ax: number, ay: number, az: number, bx: number, by: number, bz: number, cx: number, cy: number, cz: number,
  tMax: number,
): number {
  const q = triangleIO;
  q[0] = ox; q[1] = oy; q[2] = oz; q[3] = dx; q[4] = dy; q[5] = dz; q[33] = 0; q[34] = 0; q[35] = 0;
  q[6] = ax; q[7] = ay; q[8] = az; q[9] = bx; q[10] = by; q[11] = bz; q[12] = cx; q[13] = cy; q[14] = cz;
  q[32] = tMax;
  rayTriangleCore();
  return q[32];
}

/**
 * Ray against a (thin, two-sided) triangle: the parameter s in [0, tMax] at which the point
 * (x, y, z) + s (dx, dy, dz) crosses the closed triangle, or Infinity. tMax defaults to Infinity
 * (a ray; pass 1 for the segment from the origin to origin + d). Watertight: a ray through an
 * edge or vertex shared by triangles of a mesh hits at least one of them (see the file comment).
 *
 * - Origin on the triangle (and the ray not in its plane): 0.
 * - Pointing away from the triangle's plane: Infinity.
 * - A ray lying in the triangle's plane (tangent to the thin triangle) never hits it, nor does
 *   any ray hit a triangle of zero area: Infinity. A crossing through an edge or a vertex is a hit.
 *
 * Accuracy: the inside/outside decision is exact for the sheared vertices (themselves rounded
 * once or twice); the parameter T / det is within a few ulps of the scale |o - a| / |d . n| of
 * the exact crossing (n the unit normal; measured: 3.2 units of 2^-53 of it), the rounding of the
 * ray-space coordinates. Results do not depend on the order of the vertices, bit for bit. Throws a RangeError for non-finite fields, a zero direction, or a negative or NaN tMax.
 */
export function rayTriangle(ray: Ray3, triangle: Triangle3, tMax = Infinity): number {
  checkRay3(ray, "ray");
  checkTriangle3(triangle, "triangle");
  checkTMax(tMax);
  const t = triangle;
  return rayTriangleRaw(ray.x, ray.y, ray.z, ray.dx, ray.dy, ray.dz, t.ax, t.ay, t.az, t.bx, t.by, t.bz, t.cx, t.cy, t.cz, tMax);
}

/** Index (0 ab, 1 bc, 2 ca) of the edge between the vertices with original indices i and j. */
export function triangleEdgeIndex(i: number, j: number): number {
  const s = i + j;
  return s === 1 ? 0 : s === 3 ? 1 : 2;
}

/**
 * Like {@link raycastTriangle}, without allocating: fills `out` and returns true on a hit, false
 * (leaving `out` untouched) on a miss.
 */
export function raycastTriangleInto(out: WallHit3, ray: Ray3, triangle: Triangle3, tMax = Infinity): boolean {
  const s = rayTriangle(ray, triangle, tMax);
  if (s === Infinity) return false;
  const q = triangleIO;
  const U = q[27], V = q[28], W = q[29];
  const i0 = q[24], i1 = q[25], i2 = q[26];
  let feature = FEATURE_INTERIOR;
  let index = 0;
  if (U === 0 && V === 0) { feature = FEATURE_VERTEX; index = i2; }
  else if (V === 0 && W === 0) { feature = FEATURE_VERTEX; index = i0; }
  else if (U === 0 && W === 0) { feature = FEATURE_VERTEX; index = i1; }
  else if (U === 0) { feature = FEATURE_EDGE; index = triangleEdgeIndex(i1, i2); }
  else if (V === 0) { feature = FEATURE_EDGE; index = triangleEdgeIndex(i2, i0); }
  else if (W === 0) { feature = FEATURE_EDGE; index = triangleEdgeIndex(i0, i1); }
  // Face normal (p1 - p0) x (p2 - p0) of the sorted vertices, turned to point along the ray
  // (from the ray into the triangle).
  const e1x = q[18] - q[15], e1y = q[19] - q[16], e1z = q[20] - q[17];
  const e2x = q[21] - q[15], e2y = q[22] - q[16], e2z = q[23] - q[17];
  let nx = exactCross(e1y, e2z, e1z, e2y);
  let ny = exactCross(e1z, e2x, e1x, e2z);
  let nz = exactCross(e1x, e2y, e1y, e2x);
  if (nx * ray.dx + ny * ray.dy + nz * ray.dz < 0) {
    nx = -nx;
    ny = -ny;
    nz = -nz;
  }
  out.t = s;
  out.px = ray.x + s * ray.dx;
  out.py = ray.y + s * ray.dy;
  out.pz = ray.z + s * ray.dz;
  out.nx = nx;
  out.ny = ny;
  out.nz = nz;
  return finishWallHit3(out, 0, feature, index);
}

/**
 * Ray against a triangle with the hit described: `{t, px, py, pz, nx, ny, nz, feature, index}`
 * or null; t as {@link rayTriangle} (same cases), (px, py, pz) the point on the ray at t, n the
 * unit face normal turned along the ray (from the ray into the triangle). feature and index say
 * where the ray crossed: FEATURE_INTERIOR (index 0) inside the face; FEATURE_EDGE exactly on an
 * edge (index 0 for ab, 1 bc, 2 ca); FEATURE_VERTEX exactly through a vertex (0 a, 1 b, 2 c).
 * "Exactly" means an edge function of the sheared vertices is zero (see the file comment).
 */
export function raycastTriangle(ray: Ray3, triangle: Triangle3, tMax = Infinity): WallHit3 | null {
  const out = newWallHit3();
  return raycastTriangleInto(out, ray, triangle, tMax) ? out : null;
}
