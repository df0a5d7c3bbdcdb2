/**
 * A moving sphere against a (thin, two-sided) triangle.
 *
 * The sphere (radius r) touches the triangle when its centre reaches the triangle's Minkowski
 * sum with a ball of radius r: a slab of half-thickness r over the face, the three edges as
 * capsules (cylinders of radius r restricted to the edge) and the three vertices as spheres of
 * radius r. The distance from the moving centre to the triangle is a convex function of t, so
 * the first contact is the earliest touch of any of these parts, and once the sphere overlaps
 * the triangle it approaches exactly when that distance decreases.
 *
 * 0. Cheap certain rejections in plain doubles with rigorous error bounds: a sphere certainly
 *    farther than r from the plane that certainly does not approach it (or reaches it only after
 *    tMax), or a path that stays far from the triangle's bounding sphere.
 * 1. Face first. The face's plane is met at tf (sweep-sphere-plane.ts, two-sided: the normal
 *    is turned towards the centre). Nothing of the triangle lies outside its plane, so no
 *    feature can be touched before tf. If the point where the sphere meets the plane lies in
 *    the closed triangle, the answer is tf with the face normal. So a sphere landing exactly on
 *    an edge, or on the edge shared by two coplanar triangles of a mesh, gets the face normal
 *    from both triangles, never an edge normal: a sphere-vs-mesh seam is not a bump. The inside
 *    test is the watertight ray/triangle test (ray-triangle.ts) on the ray that the sphere's
 *    lowest point (the centre minus r times the unit normal) travels, so a point (r = 0) swept
 *    across a mesh is never lost through a shared edge.
 * 2. If the sphere already overlaps the plane at t = 0 and its centre projects into the
 *    triangle, the sphere overlaps the face: t = 0 when approaching the plane, else no contact.
 *    If it is within r of an edge or vertex instead, the closest one decides (0 or none).
 * 3. Otherwise the edges and vertices: each edge as a capsule (sweep-sphere-segment.ts: an
 *    infinite cylinder, solved as the contact quadratic of two spheres in the coordinates
 *    m = d x e, n = v x e, exactly to an ulp from double-double cross products; a contact counts
 *    when its foot lies strictly inside the edge), and the vertex at an end a cylinder contact
 *    points past as a sphere of radius r about a point at rest ({@link toiSpheresRaw}, exact to
 *    an ulp). Exact times are computed only for the candidates that can still be the earliest.
 *    A point (r = 0) skips this step: it meets an edge only by crossing the plane there.
 * 4. The seam rule: an edge or vertex time at or before tf (possible only by rounding, as the
 *    whole triangle lies in the plane) is a touch of the face's border at tf; it is reported as
 *    the face, at tf, with the face normal.
 *
 * The vertices are put in lexicographic order first (ray-triangle.ts), which makes every result
 * independent of the order in which they are given, and makes an edge shared by two triangles
 * compute identically in both.
 *
 * A triangle of zero area has no face: it degrades to its edges (segments) and vertices.
 */
import { toiSpheresRaw } from "./toi-sphere-sphere.js";
import { FEATURE_EDGE, FEATURE_INTERIOR, FEATURE_VERTEX } from "./types.js";
import type { MovingSphere, WallHit3 } from "./types.js";
import { checkMovingSphere, checkTMax } from "./validate.js";
import { checkTriangle3, exactCross, finishWallHit3, newWallHit3, offsetIO, offsetsFromPath } from "./geometry3.js";
import type { Triangle3 } from "./geometry3.js";
import { planeContact, planeIO } from "./sweep-sphere-plane.js";
import { CAPSULE_END_A, CAPSULE_END_B, CAPSULE_SIDE, CAPSULE_SIDE_DEFERRED, capsuleCylinder, capsuleIO } from "./sweep-sphere-segment.js";
import { sortTriangleVertices, triangleEdgeIndex, triangleIO, woopEdgeFunctions } from "./ray-triangle.js";

/**
 * Scratch of the kernel. Inputs: centre 0..2, velocity 3..5, radius 6, vertices a, b, c 7..15,
 * tMax 16. Outputs: t (or Infinity) 17, feature 18, index 19 (user numbering), and for the
 * normal: the sorted vertex (or the first sorted vertex of the edge) 20, the second one 21.
 */
const io = new Float64Array(22);

/** Slightly more than 1, for conservative "maybe" tests that only decide whether to do exact work. */
const SLACK = 1 + 2 ** -30;

function consider(t: number, feature: number, index: number, a: number, b: number): void {
  const q = io;
  if (t < q[17]) {
    q[17] = t;
    q[18] = feature;
    q[19] = index;
    q[20] = a;
    q[21] = b;
  }
}

/**
 * Whether the three edge functions of {@link triangleIO} agree in sign (zeros count as inside),
 * with at least one of them nonzero.
 */
function woopInside(): boolean {
  const q = triangleIO;
  const U = q[27], V = q[28], W = q[29];
  if ((U < 0 || V < 0 || W < 0) && (U > 0 || V > 0 || W > 0)) return false;
  return U !== 0 || V !== 0 || W !== 0;
}

/**
 * Deferred edge contacts (see {@link CAPSULE_SIDE_DEFERRED}): per sorted edge k (0: 01, 1: 12,
 * 2: 02), a lower bound of its time, or Infinity.
 */
const deferred = new Float64Array(3);

/**
 * The capsule of the sorted edge (a, b), a < b, by the shared kernel (sweep-sphere-segment.ts).
 * A contact on the cylinder within the edge is recorded (or, with `defer`, a certain one is only
 * bounded in {@link deferred}, slot k); returns a bit mask of the sorted vertices whose spheres
 * must be tested (bit a or b).
 */
function edgeCapsule(a: number, b: number, k: number, defer: number): number {
  const w = triangleIO;
  const c = capsuleIO;
  // (The sphere, in slots 0..6, and tMax, in 13, are loaded once by loadCapsuleSphere.)
  c[7] = w[15 + 3 * a]; c[8] = w[16 + 3 * a]; c[9] = w[17 + 3 * a];
  c[10] = w[15 + 3 * b]; c[11] = w[16 + 3 * b]; c[12] = w[17 + 3 * b];
  c[16] = defer;
  capsuleCylinder();
  const what = c[15];
  if (what === CAPSULE_SIDE) {
    consider(c[14], FEATURE_EDGE, triangleEdgeIndex(w[24 + a], w[24 + b]), a, b);
    return 0;
  }
  if (what === CAPSULE_SIDE_DEFERRED) {
    deferred[k] = c[14] - c[17];
    return 0;
  }
  if (what === CAPSULE_END_A) return 1 << a;
  if (what === CAPSULE_END_B) return 1 << b;
  return 0;
}

/** Loads the sphere and tMax into {@link capsuleIO} for the edges' capsules. */
function loadCapsuleSphere(): void {
  const q = io;
  const c = capsuleIO;
  c[0] = q[0]; c[1] = q[1]; c[2] = q[2]; c[3] = q[3]; c[4] = q[4]; c[5] = q[5]; c[6] = q[6];
  c[13] = q[16];
}

/**
 * Whether the centre at t = 0 is clearly within r of the edges (the face's interior has been
 * ruled out): then decides the contact (0 or none) by the closest feature's exact kernel, its
 * distance's derivative being the triangle distance's, and returns true. Returns false when the
 * sphere is clearly apart, or touching within rounding (then every feature's own kernel is
 * right: none of them is overlapped by more than that).
 */
function overlapAtStart(): boolean {
  const q = io;
  const w = triangleIO;
  const x = q[0], y = q[1], z = q[2], r = q[6];
  let best = Infinity;
  let kind = 0; // 1: edge (a, b) interior, 2: vertex a
  let fa = 0;
  let fb = 0;
  for (let k = 0; k < 3; k++) {
    const a = k === 2 ? 0 : k;
    const b = k === 0 ? 1 : 2;
    const ax = w[15 + 3 * a], ay = w[16 + 3 * a], az = w[17 + 3 * a];
    const ex = w[15 + 3 * b] - ax, ey = w[16 + 3 * b] - ay, ez = w[17 + 3 * b] - az;
    const hx = x - ax, hy = y - ay, hz = z - az;
    const ee = ex * ex + ey * ey + ez * ez;
    const he = hx * ex + hy * ey + hz * ez;
    let d2: number;
    if (he > 0 && he < ee) {
      const s = he / ee;
      const ux = hx - s * ex, uy = hy - s * ey, uz = hz - s * ez;
      d2 = ux * ux + uy * uy + uz * uz;
      if (d2 < best) { best = d2; kind = 1; fa = a; fb = b; }
    } else {
      const v = he <= 0 ? a : b;
      const ux = x - w[15 + 3 * v], uy = y - w[16 + 3 * v], uz = z - w[17 + 3 * v];
      d2 = ux * ux + uy * uy + uz * uz;
      if (d2 < best) { best = d2; kind = 2; fa = v; }
    }
  }
  if (!(best < r * r * (1 - 2 ** -20))) return false;
  if (kind === 1) {
    edgeCapsule(fa, fb, 0, 0);
    return true;
  }
  vertexSphere(fa);
  return true;
}

const U = 2 ** -53;
const U4 = 4 * U;
const U5 = 5 * U;
const U8 = 8 * U;
const ONE_PLUS_16U = 1 + 16 * U;
const TINY = 2 ** -1000;

/**
 * The sphere of the sorted vertex i (radius r about a point at rest): screened in plain doubles
 * with the certified bounds of math/contact-root.ts (spelled out, so that no doubles cross a
 * call), and solved by the exact kernel {@link toiSpheresRaw} only when the screen cannot decide.
 */
function vertexSphere(i: number): void {
  const q = io;
  const w = triangleIO;
  const vx = q[3], vy = q[4], vz = q[5], r = q[6], tMax = q[16];
  const px = w[15 + 3 * i], py = w[16 + 3 * i], pz = w[17 + 3 * i];
  const dx = q[0] - px, dy = q[1] - py, dz = q[2] - pz;
  const p1 = dx * vx, p2 = dy * vy, p3 = dz * vz;
  const b = p1 + p2 + p3;
  const eb = U8 * (Math.abs(p1) + Math.abs(p2) + Math.abs(p3)) * ONE_PLUS_16U + TINY;
  if (b > eb) return; // moving apart (or at rest)
  let t = NaN;
  if (b < -eb) {
    const D = dx * dx + dy * dy + dz * dz;
    const R2 = r * r;
    const c = D - R2;
    const ec = (U8 * (D + R2) + U * Math.abs(c)) * ONE_PLUS_16U + TINY;
    const a = vx * vx + vy * vy + vz * vz;
    const ea = U4 * a + TINY;
    if (c < -ec) {
      t = 0;
    } else if (c > ec) {
      const disc = b * b - a * c;
      const ed = (eb * (eb - 2 * b) + a * ec + (c + ec) * ea + U8 * (b * b + a * c)) * ONE_PLUS_16U + TINY;
      if (disc < -ed) return;
      if (disc > ed) {
        const sd = Math.sqrt(disc);
        if ((c - ec) * sd > tMax * ((sd - b + eb) * sd + ed) * ONE_PLUS_16U + TINY) return;
      }
    }
  }
  if (t !== t) t = toiSpheresRaw(px, py, pz, 0, 0, 0, 0, q[0], q[1], q[2], vx, vy, vz, r, tMax);
  consider(t, FEATURE_VERTEX, w[24 + i], i, i);
}

/** The kernel on {@link io}. */
function sphereTriangleCore(): void {
  const q = io;
  const x = q[0], y = q[1], z = q[2], vx = q[3], vy = q[4], vz = q[5], r = q[6], tMax = q[16];
  q[17] = Infinity;

  // Cheap rejection by the plane, in plain doubles with rigorous bounds (e1, e2 and d round once,
  // u relative, so each component of N = e1 x e2 is within 5u of |e1_j e2_k| + |e1_k e2_j|): a
  // sphere certainly farther than r in front of the plane (on either side) that certainly does not
  // approach it, or certainly reaches it only after tMax, touches nothing of the triangle.
  {
    const e1x = q[10] - q[7], e1y = q[11] - q[8], e1z = q[12] - q[9];
    const e2x = q[13] - q[7], e2y = q[14] - q[8], e2z = q[15] - q[9];
    const nx = e1y * e2z - e1z * e2y, ny = e1z * e2x - e1x * e2z, nz = e1x * e2y - e1y * e2x;
    const fx = U5 * (Math.abs(e1y * e2z) + Math.abs(e1z * e2y));
    const fy = U5 * (Math.abs(e1z * e2x) + Math.abs(e1x * e2z));
    const fz = U5 * (Math.abs(e1x * e2y) + Math.abs(e1y * e2x));
    const dx = x - q[7], dy = y - q[8], dz = z - q[9];
    const g1 = nx * dx, g2 = ny * dy, g3 = nz * dz;
    const G = g1 + g2 + g3;
    const eG = (fx * Math.abs(dx) + fy * Math.abs(dy) + fz * Math.abs(dz) + U4 * (Math.abs(g1) + Math.abs(g2) + Math.abs(g3))) * ONE_PLUS_16U + TINY;
    if (G > eG || G < -eG) {
      const k1 = nx * vx, k2 = ny * vy, k3 = nz * vz;
      const K = G > 0 ? k1 + k2 + k3 : -(k1 + k2 + k3);
      const eK = (fx * Math.abs(vx) + fy * Math.abs(vy) + fz * Math.abs(vz) + U4 * (Math.abs(k1) + Math.abs(k2) + Math.abs(k3))) * ONE_PLUS_16U + TINY;
      const L = Math.sqrt(nx * nx + ny * ny + nz * nz);
      const g = Math.abs(G) - r * L;
      const eg = (eG + r * (fx + fy + fz + U4 * L) + U * Math.abs(g)) * ONE_PLUS_16U + TINY;
      if (g > eg && (K - eK >= 0 || g - eg > tMax * (eK - K) * ONE_PLUS_16U)) return;
    }
  }

  // Cheap rejection: the triangle lies in the ball about its centroid through its farthest
  // vertex; if the centre's path on [0, tMax] stays farther than that radius plus r from the
  // centroid (with a generous margin for rounding), nothing can touch.
  {
    const gx = (q[7] + q[10] + q[13]) / 3, gy = (q[8] + q[11] + q[14]) / 3, gz = (q[9] + q[12] + q[15]) / 3;
    let ux = q[7] - gx, uy = q[8] - gy, uz = q[9] - gz;
    let rho2 = ux * ux + uy * uy + uz * uz;
    ux = q[10] - gx; uy = q[11] - gy; uz = q[12] - gz;
    let u2 = ux * ux + uy * uy + uz * uz;
    if (u2 > rho2) rho2 = u2;
    ux = q[13] - gx; uy = q[14] - gy; uz = q[15] - gz;
    u2 = ux * ux + uy * uy + uz * uz;
    if (u2 > rho2) rho2 = u2;
    const dx = x - gx, dy = y - gy, dz = z - gz;
    const vv = vx * vx + vy * vy + vz * vz;
    let tc = vv > 0 ? -(dx * vx + dy * vy + dz * vz) / vv : 0;
    if (!(tc > 0)) tc = 0;
    else if (tc > tMax) tc = tMax;
    const cx = dx + tc * vx, cy = dy + tc * vy, cz = dz + tc * vz;
    // The closest point's rounding error is a few ulps of |d| + tc |v|; the margin covers it
    // many times over (a rejection must be certain; a pass only costs the exact work below).
    const margin = 2 ** -44 * (Math.abs(dx) + Math.abs(dy) + Math.abs(dz) + tc * (Math.abs(vx) + Math.abs(vy) + Math.abs(vz)));
    const reach = (Math.sqrt(rho2) + r) * SLACK + margin;
    if (cx * cx + cy * cy + cz * cz > reach * reach) return;
  }

  const w = triangleIO;
  w[6] = q[7]; w[7] = q[8]; w[8] = q[9]; w[9] = q[10]; w[10] = q[11]; w[11] = q[12]; w[12] = q[13]; w[13] = q[14]; w[14] = q[15];
  sortTriangleVertices();
  const p0x = w[15], p0y = w[16], p0z = w[17];
  const e1x = w[18] - p0x, e1y = w[19] - p0y, e1z = w[20] - p0z;
  const e2x = w[21] - p0x, e2y = w[22] - p0y, e2z = w[23] - p0z;
  const Nx = exactCross(e1y, e2z, e1z, e2y);
  const Ny = exactCross(e1z, e2x, e1x, e2z);
  const Nz = exactCross(e1x, e2y, e1y, e2x);
  // The time the sphere reaches the face's plane when it does so from in front but outside the
  // triangle: no edge or vertex can be touched earlier (see below).
  let planeTime = -1;
  let planeBound = 0;
  if (Nx !== 0 || Ny !== 0 || Nz !== 0) {
    // 1-2. The face, through the plane kernel (two-sided).
    const p = planeIO;
    p[0] = x; p[1] = y; p[2] = z; p[3] = vx; p[4] = vy; p[5] = vz; p[6] = r;
    p[7] = p0x; p[8] = p0y; p[9] = p0z; p[10] = Nx; p[11] = Ny; p[12] = Nz; p[13] = tMax; p[14] = 1;
    // First an estimate (the signs certain, t within p[21]); the exact time only when needed.
    p[20] = 1;
    planeContact();
    const tf = p[15], sign = p[16], L = p[17], g = p[18], k = p[19];
    if (g > 0) {
      // In front of the plane by more than r: contact needs approach, and nothing comes before tf.
      if (!(k < 0) || tf === Infinity) return;
      // Does the sphere's lowest point, travelling along v, cross the plane inside the triangle?
      // (p[10..12] is the normal as the plane kernel used it, L its length.)
      const f = (sign * r) / L;
      w[0] = x; w[1] = y; w[2] = z; w[3] = vx; w[4] = vy; w[5] = vz;
      w[33] = f * p[10]; w[34] = f * p[11]; w[35] = f * p[12];
      woopEdgeFunctions();
      if (woopInside()) {
        if (p[21] !== 0) {
          p[20] = 0;
          planeContact();
        }
        q[17] = p[15];
        q[18] = FEATURE_INTERIOR;
        q[19] = 0;
        return;
      }
      planeTime = tf;
      planeBound = p[21];
    } else {
      // Overlapping the plane at t = 0: does the centre project into the triangle?
      w[0] = x; w[1] = y; w[2] = z; w[3] = Nx; w[4] = Ny; w[5] = Nz; w[33] = 0; w[34] = 0; w[35] = 0;
      woopEdgeFunctions();
      if (woopInside()) {
        // Overlapping the face. A centre exactly in the triangle is at distance 0, which can only
        // grow: never approaching.
        if (k < 0 && g + r * L > 0) {
          q[17] = 0;
          q[18] = FEATURE_INTERIOR;
          q[19] = 0;
        }
        return;
      }
    }
  }

  // A point (r = 0) meets an edge or a vertex only by crossing the face's plane there, which the
  // (closed, watertight) face test has already decided; an edge's cylinder of radius 0 could only
  // produce rounding noise.
  if (r === 0) return;

  // 3. Edges, then the vertices they point to. Their earliest contact is the triangle's first
  // contact only if the sphere does not already overlap the triangle: an overlapping sphere that
  // moves away from its closest feature may still be approaching another one that it also
  // overlaps (or will), and the distance to the triangle, a convex function of t, then never
  // comes down again. So a start within r of the triangle is decided by the closest feature.
  loadCapsuleSphere();
  if (planeTime < 0 && overlapAtStart()) return;
  // Certain side contacts are only bounded at first; the exact time (the costly part) is then
  // computed for them in order of their lower bounds, while one can still be the earliest.
  const d = deferred;
  d[0] = Infinity;
  d[1] = Infinity;
  d[2] = Infinity;
  const vertices = edgeCapsule(0, 1, 0, 1) | edgeCapsule(1, 2, 1, 1) | edgeCapsule(0, 2, 2, 1);
  if (vertices & 1) vertexSphere(0);
  if (vertices & 2) vertexSphere(1);
  if (vertices & 4) vertexSphere(2);
  for (;;) {
    const k = d[0] <= d[1] && d[0] <= d[2] ? 0 : d[1] <= d[2] ? 1 : 2;
    if (d[k] === Infinity || !(d[k] <= q[17])) break;
    d[k] = Infinity;
    if (k === 0) edgeCapsule(0, 1, 0, 0);
    else if (k === 1) edgeCapsule(1, 2, 1, 0);
    else edgeCapsule(0, 2, 2, 0);
  }
  // Everything of the triangle lies in its plane, so a contact is never earlier than planeTime,
  // and one at planeTime lies in the plane: the sphere touches the face's border there, and the
  // normal is the face's. An edge or vertex time computed at or before planeTime is that case up
  // to rounding (its foot is within rounding of the face, e.g. on a mesh's shared edge): report
  // the face, at planeTime, so that seams give face normals.
  if (q[17] <= planeTime + planeBound) {
    if (planeBound !== 0) {
      // planeTime was an estimate: the rule needs the exact time.
      const p = planeIO;
      p[20] = 0;
      planeContact();
      planeTime = p[15];
    }
    if (q[17] <= planeTime) {
      q[17] = planeTime;
      q[18] = FEATURE_INTERIOR;
      q[19] = 0;
    }
  }
}

function load(x: number, y: number, z: number, vx: number, vy: number, vz: number, r: number,
  ax: number, ay: number, az: number, bx: number, by: number, bz: number, cx: number, cy: number, cz: number,
  tMax: number): void {
  const q = io;
  q[0] = x; q[1] = y; q[2] = z; q[3] = vx; q[4] = vy; q[5] = vz; q[6] = r;
  q[7] = ax; q[8] = ay; q[9] = az; q[10] = bx; q[11] = by; q[12] = bz; q[13] = cx; q[14] = cy; q[15] = cz;
  q[16] = tMax;
}

/**
 * Time of impact of a moving sphere with a triangle, from plain numbers, without argument checks
 * (finite inputs, r >= 0, tMax >= 0). Same cases as {@link timeOfImpactSphereTriangle}.
 */
export function toiSphereTriangleRaw(
  x: number, y: number, z: number, vx: number, vy: number, vz: number, r: number,
  ax: number, ay: number, az: number, bx: number, by: number, bz: number, cx: number, cy: number, cz: number,
  tMax: number,
): number {
  load(x, y, z, vx, vy, vz, r, ax, ay, az, bx, by, bz, cx, cy, cz, tMax);
  sphereTriangleCore();
  return io[17];
}

/**
 * Like {@link sweepSphereTriangleInto} from plain numbers, without argument checks: fills `out`
 * and returns true on a hit.
 */
export function sweepSphereTriangleRaw(
  out: WallHit3,
  x: number, y: number, z: number, vx: number, vy: number, vz: number, r: number,
  ax: number, ay: number, az: number, bx: number, by: number, bz: number, cx: number, cy: number, cz: number,
  tMax: number,
): boolean {
  load(x, y, z, vx, vy, vz, r, ax, ay, az, bx, by, bz, cx, cy, cz, tMax);
  sphereTriangleCore();
  return writeHit(out);
}

/** Fills `out` from the kernel's result in {@link io} (inputs still loaded); false on a miss. */
function writeHit(out: WallHit3): boolean {
  const q = io;
  const t = q[17];
  if (t === Infinity) return false;
  const x = q[0], y = q[1], z = q[2], vx = q[3], vy = q[4], vz = q[5], r = q[6];
  const feature = q[18];
  const w = triangleIO;
  let nx: number;
  let ny: number;
  let nz: number;
  if (feature === FEATURE_INTERIOR) {
    // Against the plane normal as turned towards the sphere.
    const s = planeIO[16];
    nx = -s * planeIO[10];
    ny = -s * planeIO[11];
    nz = -s * planeIO[12];
  } else if (feature === FEATURE_EDGE) {
    // From the centre to the edge's line: (h x e) x e with h = c(t) - A (= -|e|^2 times the
    // component of h across the edge), from exact products.
    const a = q[20], b = q[21];
    const Ax = w[15 + 3 * a], Ay = w[16 + 3 * a], Az = w[17 + 3 * a];
    const ex = w[15 + 3 * b] - Ax, ey = w[16 + 3 * b] - Ay, ez = w[17 + 3 * b] - Az;
    const o = offsetIO;
    o[0] = Ax; o[1] = Ay; o[2] = Az; o[3] = x; o[4] = y; o[5] = z; o[6] = vx; o[7] = vy; o[8] = vz; o[9] = t;
    offsetsFromPath();
    const hx = -o[10], hy = -o[11], hz = -o[12];
    const cx1 = exactCross(hy, ez, hz, ey);
    const cy1 = exactCross(hz, ex, hx, ez);
    const cz1 = exactCross(hx, ey, hy, ex);
    // k = h x e is exact to an ulp of |k| (Kahan), and k is perpendicular to e, so the second
    // cross product cannot cancel relative to its length |k| |e|: plain products suffice.
    nx = cy1 * ez - cz1 * ey;
    ny = cz1 * ex - cx1 * ez;
    nz = cx1 * ey - cy1 * ex;
  } else {
    const i = q[20];
    const o = offsetIO;
    o[0] = w[15 + 3 * i]; o[1] = w[16 + 3 * i]; o[2] = w[17 + 3 * i];
    o[3] = x; o[4] = y; o[5] = z; o[6] = vx; o[7] = vy; o[8] = vz; o[9] = t;
    offsetsFromPath();
    nx = o[10];
    ny = o[11];
    nz = o[12];
  }
  out.t = t;
  out.px = x + t * vx;
  out.py = y + t * vy;
  out.pz = z + t * vz;
  out.nx = nx;
  out.ny = ny;
  out.nz = nz;
  return finishWallHit3(out, r, feature, q[19]);
}

/**
 * Time of impact of a moving sphere with a (thin, two-sided) triangle: the earliest t in
 * [0, tMax] at which the sphere (centre (x, y, z) + t (vx, vy, vz), radius r) touches the closed
 * triangle while approaching it. tMax defaults to 1.
 *
 * - Already overlapping (or touching) and approaching (the distance from the centre to the
 *   triangle decreasing): 0.
 * - Moving apart, or parallel to the face while over it, even when overlapping: Infinity. A
 *   centre exactly in the triangle (distance 0) never approaches.
 * - Tangent graze (sliding along the face at exactly distance r, skimming an edge's cylinder or
 *   a vertex's sphere), a miss, or contact after tMax: Infinity.
 *
 * A sphere of radius 0 is a moving point; a triangle of zero area is its three segments. The
 * face always wins over an edge or vertex at the same time (see the file comment: seams of
 * coplanar triangles give the face normal). When comparing several triangles of a mesh, prefer a
 * face hit to an edge hit at an equal time.
 *
 * Accuracy: edges and vertices within an ulp of the exact time (measured: half an ulp), faces
 * within a few ulps of the time scale (|c - a| + r) / |v . n| (the face's normal is rounded once
 * per component; measured: 1.4 units of 2^-53 of that scale), except at the borders between
 * features, where the answer is continuous. Bit-for-bit independent of the order of the
 * vertices, of exact translations and of power-of-two scalings. Throws a RangeError for
 * non-finite fields, a negative radius, or a negative or NaN tMax.
 */
export function timeOfImpactSphereTriangle(sphere: MovingSphere, triangle: Triangle3, tMax = 1): number {
  checkMovingSphere(sphere, "sphere");
  checkTriangle3(triangle, "triangle");
  checkTMax(tMax);
  const s = sphere;
  const t = triangle;
  return toiSphereTriangleRaw(s.x, s.y, s.z, s.vx, s.vy, s.vz, s.r, t.ax, t.ay, t.az, t.bx, t.by, t.bz, t.cx, t.cy, t.cz, tMax);
}

/**
 * Like {@link sweepSphereTriangle}, without allocating: fills `out` and returns true on a hit,
 * false (leaving `out` untouched) otherwise.
 */
export function sweepSphereTriangleInto(out: WallHit3, sphere: MovingSphere, triangle: Triangle3, tMax = 1): boolean {
  checkMovingSphere(sphere, "sphere");
  checkTriangle3(triangle, "triangle");
  checkTMax(tMax);
  const s = sphere;
  const t = triangle;
  load(s.x, s.y, s.z, s.vx, s.vy, s.vz, s.r, t.ax, t.ay, t.az, t.bx, t.by, t.bz, t.cx, t.cy, t.cz, tMax);
  sphereTriangleCore();
  return writeHit(out);
}

/**
 * First contact of a moving sphere with a triangle: `{t, px, py, pz, nx, ny, nz, feature,
 * index}` or null, t as {@link timeOfImpactSphereTriangle} (same cases). n is the unit normal
 * from the sphere towards the triangle, the contact point the centre at t plus r n.
 *
 * - The face: FEATURE_INTERIOR, index 0; n is the face normal turned away from the sphere.
 * - An edge: FEATURE_EDGE, index 0 for ab, 1 for bc, 2 for ca; n is perpendicular to the edge,
 *   from the centre to the edge's line.
 * - A vertex: FEATURE_VERTEX, index 0 for a, 1 for b, 2 for c; n from the centre to the vertex.
 */
export function sweepSphereTriangle(sphere: MovingSphere, triangle: Triangle3, tMax = 1): WallHit3 | null {
  const out = newWallHit3();
  return sweepSphereTriangleInto(out, sphere, triangle, tMax) ? out : null;
}
