/**
 * The queries of World3D (the queries part, `carom/3d/queries`): rays, swept spheres, and what
 * overlaps a point, a sphere or a box, each from the exact kernel of its shape pair
 * (query/*.ts) over the cell walk of query-walk.ts. The public surface and its documentation
 * are in queries-api.ts.
 */
import { HIT_BODY, HIT_BOUNDS, HIT_WALL } from "./event-log.js";
import { WALL_BOX3, WALL_PLANE } from "./walls/wall-kind.js";
import { KIND_NONE, QueryWalk, Q_BEST, Q_BEST_INDEX, Q_BEST_KIND, Q_DX, Q_DY, Q_DZ, Q_MAXT, Q_PX, Q_PY, Q_PZ, Q_R, Q_X, Q_X1, Q_Y, Q_Y1, Q_Z, Q_Z1, directionExponent, qf, qw, timesPowerOfTwo } from "./query-walk.js";
import { OverlapBuffer, type Overlaps, type QueryOptions, type WorldHit3 } from "./queries-api.js";
import { raySphereRaw, raycastSphereInto } from "../query/ray-sphere.js";
import { rayBox3Raw, raycastBox3Into } from "../query/ray-box3.js";
import { rayTriangleRaw, raycastTriangleInto } from "../query/ray-triangle.js";
import { toiSpherePlaneRaw } from "../query/sweep-sphere-plane.js";
import { sweepSpheresInto, toiSpheresRaw } from "../query/toi-sphere-sphere.js";
import { separationSign } from "../query/overlap.js";
import { closestPointOnTriangleRaw, closestTrianglePoint } from "../query/closest-point-triangle.js";
import { differenceQuotient } from "../math/double-double.js";
import { firstContact1D } from "./motion-1d.js";
import { checkMovingSphere, checkSphere, checkTMax } from "../query/validate.js";
import { checkBox3, checkRay3, type Ray3, type Triangle3 } from "../query/geometry3.js";
import type { Box3, MovingSphere, Sphere, SweepHit3, WallHit3 } from "../query/types.js";

/** Which query runs (the tests of qTestBody and qTestWall differ). */
const RAY = 0, CAST = 1, POINT = 2, SPHERE = 3, BOX = 4;
let mode = RAY;

// Scratch objects of the kernels that take them (no allocation per query).
const wallHit: WallHit3 = { t: 0, px: 0, py: 0, pz: 0, nx: 0, ny: 0, nz: 0, feature: 0, index: 0 };
const sweepHit: SweepHit3 = { t: 0, px: 0, py: 0, pz: 0, nx: 0, ny: 0, nz: 0 };
const ray3: Ray3 = { x: 0, y: 0, z: 0, dx: 0, dy: 0, dz: 0 };
const ball: Sphere = { x: 0, y: 0, z: 0, r: 0 };
const box3: Box3 = { minX: 0, minY: 0, minZ: 0, maxX: 0, maxY: 0, maxZ: 0 };
const triangle: Triangle3 = { ax: 0, ay: 0, az: 0, bx: 0, by: 0, bz: 0, cx: 0, cy: 0, cz: 0 };
const mover: MovingSphere = { x: 0, y: 0, z: 0, vx: 0, vy: 0, vz: 0, r: 0 };
const still: MovingSphere = { x: 0, y: 0, z: 0, vx: 0, vy: 0, vz: 0, r: 0 };
const contactN = new Float64Array(4);

/** @internal The 3D queries, installed onto World3D by the queries part. */
export abstract class WorldQueries3 extends QueryWalk {
  rayCast(ray: Ray3, maxT = Infinity, options?: QueryOptions): WorldHit3 | null {
    const out: WorldHit3 = { t: 0, px: 0, py: 0, pz: 0, nx: 0, ny: 0, nz: 0, kind: 0, index: 0, id: "" };
    return this.rayCastInto(out, ray, maxT, options) ? out : null;
  }

  rayCastInto(out: WorldHit3, ray: Ray3, maxT = Infinity, options?: QueryOptions): boolean {
    checkRay3(ray, "ray");
    checkTMax(maxT);
    const e = directionExponent(Math.max(Math.abs(ray.dx), Math.abs(ray.dy), Math.abs(ray.dz)));
    qf[Q_X] = ray.x; qf[Q_Y] = ray.y; qf[Q_Z] = ray.z; qf[Q_R] = 0;
    if (e === 0) {
      qf[Q_DX] = ray.dx; qf[Q_DY] = ray.dy; qf[Q_DZ] = ray.dz; qf[Q_MAXT] = maxT;
    } else {
      qf[Q_DX] = timesPowerOfTwo(ray.dx, e); qf[Q_DY] = timesPowerOfTwo(ray.dy, e); qf[Q_DZ] = timesPowerOfTwo(ray.dz, e);
      qf[Q_MAXT] = timesPowerOfTwo(maxT, -e);
    }
    mode = RAY;
    this.qBegin(options, "rayCast", null);
    try {
      this.qRayBounds3();
      this.qWalk();
      const hit = this.qRayHit3(out);
      if (hit && e !== 0) out.t = timesPowerOfTwo(out.t, e);
      return hit && out.t !== Infinity;
    } finally {
      this.qEnd();
    }
  }

  castSphere(sphere: MovingSphere, maxT = 1, options?: QueryOptions): WorldHit3 | null {
    const out: WorldHit3 = { t: 0, px: 0, py: 0, pz: 0, nx: 0, ny: 0, nz: 0, kind: 0, index: 0, id: "" };
    return this.castSphereInto(out, sphere, maxT, options) ? out : null;
  }

  castSphereInto(out: WorldHit3, sphere: MovingSphere, maxT = 1, options?: QueryOptions): boolean {
    checkMovingSphere(sphere, "sphere");
    checkTMax(maxT);
    const m = Math.max(Math.abs(sphere.vx), Math.abs(sphere.vy), Math.abs(sphere.vz)), e = m === 0 ? 0 : directionExponent(m);
    qf[Q_X] = sphere.x; qf[Q_Y] = sphere.y; qf[Q_Z] = sphere.z; qf[Q_R] = sphere.r;
    if (e === 0) {
      qf[Q_DX] = sphere.vx; qf[Q_DY] = sphere.vy; qf[Q_DZ] = sphere.vz; qf[Q_MAXT] = maxT;
    } else {
      qf[Q_DX] = timesPowerOfTwo(sphere.vx, e); qf[Q_DY] = timesPowerOfTwo(sphere.vy, e); qf[Q_DZ] = timesPowerOfTwo(sphere.vz, e);
      qf[Q_MAXT] = timesPowerOfTwo(maxT, -e);
    }
    mode = CAST;
    this.qBegin(options, "castSphere", null);
    try {
      this.qCastBounds3();
      this.qWalk();
      const hit = this.qCastHit3(out);
      if (hit && e !== 0) out.t = timesPowerOfTwo(out.t, e);
      return hit && out.t !== Infinity;
    } finally {
      this.qEnd();
    }
  }

  queryPoint(x: number, y: number, z: number, options?: QueryOptions): Overlaps {
    const out = new OverlapBuffer(16);
    this.queryPointInto(out, x, y, z, options);
    return out.toOverlaps();
  }

  queryPointInto(out: OverlapBuffer, x: number, y: number, z: number, options?: QueryOptions): number {
    if (!(x - x === 0 && y - y === 0 && z - z === 0)) throw new RangeError(`queryPoint: x, y and z must be finite numbers, got ${x}, ${y}, ${z}`);
    qf[Q_X] = x; qf[Q_Y] = y; qf[Q_Z] = z; qf[Q_X1] = x; qf[Q_Y1] = y; qf[Q_Z1] = z; qf[Q_R] = 0;
    ball.x = x; ball.y = y; ball.z = z; ball.r = 0;
    mode = POINT;
    return this.qOverlaps3(out, options, "queryPoint");
  }

  querySphere(sphere: Sphere, options?: QueryOptions): Overlaps {
    const out = new OverlapBuffer(16);
    this.querySphereInto(out, sphere, options);
    return out.toOverlaps();
  }

  querySphereInto(out: OverlapBuffer, sphere: Sphere, options?: QueryOptions): number {
    checkSphere(sphere, "sphere");
    const r = sphere.r;
    qf[Q_X] = sphere.x - r; qf[Q_Y] = sphere.y - r; qf[Q_Z] = sphere.z - r;
    qf[Q_X1] = sphere.x + r; qf[Q_Y1] = sphere.y + r; qf[Q_Z1] = sphere.z + r;
    qf[Q_R] = r;
    ball.x = sphere.x; ball.y = sphere.y; ball.z = sphere.z; ball.r = r;
    mode = SPHERE;
    return this.qOverlaps3(out, options, "querySphere");
  }

  queryBox(box: Box3, options?: QueryOptions): Overlaps {
    const out = new OverlapBuffer(16);
    this.queryBoxInto(out, box, options);
    return out.toOverlaps();
  }

  queryBoxInto(out: OverlapBuffer, box: Box3, options?: QueryOptions): number {
    checkBox3(box, "box");
    // (clamped to +-2^500, beyond everything a world holds, so that no product of the tests overflows)
    qf[Q_X] = clampFar(box.minX); qf[Q_Y] = clampFar(box.minY); qf[Q_Z] = clampFar(box.minZ);
    qf[Q_X1] = clampFar(box.maxX); qf[Q_Y1] = clampFar(box.maxY); qf[Q_Z1] = clampFar(box.maxZ); qf[Q_R] = 0;
    mode = BOX;
    return this.qOverlaps3(out, options, "queryBox");
  }

  /** Runs an overlap query whose shape is loaded (bounding box in Q_X..Q_Z1). */
  private qOverlaps3(out: OverlapBuffer, options: QueryOptions | undefined, what: string): number {
    if (!(out instanceof OverlapBuffer)) throw new RangeError(`${what}Into: out must be an OverlapBuffer, got ${String(out)}`);
    this.qBegin(options, what, out);
    try {
      this.qScanBox();
      return this.qFinishOverlaps();
    } finally {
      this.qEnd();
    }
  }

  protected qTestBody(i: number): void {
    this.qBodyAt(i);
    const px = qf[Q_PX], py = qf[Q_PY], pz = qf[Q_PZ], r = this.r[i];
    switch (mode) {
      case RAY: {
        const t = raySphereRaw(qf[Q_X], qf[Q_Y], qf[Q_Z], qf[Q_DX], qf[Q_DY], qf[Q_DZ], px, py, pz, r, qf[Q_BEST]);
        if (t !== Infinity && this.qBetter(t, HIT_BODY, i)) this.qTake(t, HIT_BODY, i);
        return;
      }
      case CAST: {
        const t = toiSpheresRaw(qf[Q_X], qf[Q_Y], qf[Q_Z], qf[Q_DX], qf[Q_DY], qf[Q_DZ], qf[Q_R], px, py, pz, 0, 0, 0, r, qf[Q_BEST]);
        if (t !== Infinity && this.qBetter(t, HIT_BODY, i)) this.qTake(t, HIT_BODY, i);
        return;
      }
      default:
        this.qOverlapBody3(i);
    }
  }

  /** Body i against a point, sphere or box: the sign of |d|^2 - R^2, screened as separationSign screens it (see queries-2d.ts). */
  private qOverlapBody3(i: number): void {
    const px = qf[Q_PX], py = qf[Q_PY], pz = qf[Q_PZ];
    let ax: number, ay: number, az: number, ar: number;
    if (mode === BOX) {
      ax = Math.min(Math.max(px, qf[Q_X]), qf[Q_X1]); ay = Math.min(Math.max(py, qf[Q_Y]), qf[Q_Y1]); az = Math.min(Math.max(pz, qf[Q_Z]), qf[Q_Z1]); ar = 0;
    } else {
      ax = ball.x; ay = ball.y; az = ball.z; ar = ball.r;
    }
    const br = this.r[i];
    const dx = px - ax, dy = py - ay, dz = pz - az, R = ar + br;
    const D = dx * dx + dy * dy + dz * dz, R2 = R * R, c = D - R2, ec = 8 * 2 ** -53 * (D + R2);
    if (c > ec) return;
    if (c < -ec || separationSign(ax, ay, az, ar, px, py, pz, br) <= 0) this.qFoundBody(i);
  }

  protected qTestWall(w: number): void {
    const kind = this.wallKind[w];
    const k = this.qWallAt(w);
    if (k === undefined) return;
    switch (mode) {
      case RAY: {
        const x = qf[Q_X], y = qf[Q_Y], z = qf[Q_Z], dx = qf[Q_DX], dy = qf[Q_DY], dz = qf[Q_DZ], best = qf[Q_BEST];
        let t: number;
        if (kind === WALL_PLANE) t = inHalfSpace(x, y, z, 0) ? 0 : toiSpherePlaneRaw(x, y, z, dx, dy, dz, 0, qw[0], qw[1], qw[2], qw[3], qw[4], qw[5], best);
        else if (kind === WALL_BOX3) t = rayBox3Raw(x, y, z, dx, dy, dz, qw[0], qw[1], qw[2], qw[3], qw[4], qw[5], best);
        else t = rayTriangleRaw(x, y, z, dx, dy, dz, qw[0], qw[1], qw[2], qw[3], qw[4], qw[5], qw[6], qw[7], qw[8], best);
        if (t !== Infinity && this.qBetter(t, HIT_WALL, w)) this.qTake(t, HIT_WALL, w);
        return;
      }
      case CAST: {
        const t = k.toi(qw, 0, qf[Q_X], qf[Q_Y], qf[Q_Z], qf[Q_DX], qf[Q_DY], qf[Q_DZ], qf[Q_R], qf[Q_BEST]);
        if (t !== Infinity && this.qBetter(t, HIT_WALL, w)) this.qTake(t, HIT_WALL, w);
        return;
      }
      case POINT:
      case SPHERE: {
        let meets: boolean;
        if (kind === WALL_PLANE) meets = inHalfSpace(ball.x, ball.y, ball.z, ball.r);
        else if (kind === WALL_BOX3) {
          const qx = Math.min(Math.max(ball.x, qw[0]), qw[3]), qy = Math.min(Math.max(ball.y, qw[1]), qw[4]), qz = Math.min(Math.max(ball.z, qw[2]), qw[5]);
          meets = separationSign(ball.x, ball.y, ball.z, ball.r, qx, qy, qz, 0) <= 0;
        } else {
          closestPointOnTriangleRaw(ball.x, ball.y, ball.z, qw[0], qw[1], qw[2], qw[3], qw[4], qw[5], qw[6], qw[7], qw[8]);
          const c = closestTrianglePoint;
          meets = separationSign(ball.x, ball.y, ball.z, ball.r, c[0], c[1], c[2], 0) <= 0;
        }
        if (meets) this.qFoundWall(w);
        return;
      }
      default: {
        const x0 = qf[Q_X], y0 = qf[Q_Y], z0 = qf[Q_Z], x1 = qf[Q_X1], y1 = qf[Q_Y1], z1 = qf[Q_Z1];
        let meets: boolean;
        if (kind === WALL_PLANE) {
          // the corner deepest behind the plane
          meets = inHalfSpace(qw[3] > 0 ? x0 : x1, qw[4] > 0 ? y0 : y1, qw[5] > 0 ? z0 : z1, 0);
        } else if (kind === WALL_BOX3) meets = qw[0] <= x1 && qw[3] >= x0 && qw[1] <= y1 && qw[4] >= y0 && qw[2] <= z1 && qw[5] >= z0;
        else meets = triangleMeetsBox(x0, y0, z0, x1, y1, z1);
        if (meets) this.qFoundWall(w);
      }
    }
  }

  /** The container against the ray (before the walk, so that it bounds the walk). */
  private qRayBounds3(): void {
    if (!(this.minX > -Infinity)) return;
    const x = qf[Q_X], y = qf[Q_Y], z = qf[Q_Z];
    let t = Infinity, face = -1;
    if (x > this.minX && x < this.maxX && y > this.minY && y < this.maxY && z > this.minZ && z < this.maxZ) {
      // from inside: the first side it leaves through, each time within an ulp (lower face on ties)
      for (let k = 0; k < 3; k++) {
        const d = qf[Q_DX + k];
        if (d === 0) continue;
        const side = d > 0 ? (k === 0 ? this.maxX : k === 1 ? this.maxY : this.maxZ) : k === 0 ? this.minX : k === 1 ? this.minY : this.minZ;
        const tk = differenceQuotient(side, qf[Q_X + k], d);
        const f = 2 * k + (d > 0 ? 1 : 0);
        if (tk < t) { t = tk; face = f; }
      }
    } else {
      t = 0;
      face = deepestFace3(x - this.minX, this.maxX - x, y - this.minY, this.maxY - y, z - this.minZ, this.maxZ - z);
    }
    if (t <= qf[Q_BEST] && this.qSeesFace(face) && this.qBetter(t, HIT_BOUNDS, face)) this.qTake(t, HIT_BOUNDS, face);
  }

  /** The container's sides against the swept sphere (the engine's rule, scan.ts scanBounds). */
  private qCastBounds3(): void {
    if (!(this.minX > -Infinity)) return;
    const r = qf[Q_R];
    for (let face = 0; face < 6; face++) {
      const k = face >> 1, p = qf[Q_X + k], v = qf[Q_DX + k];
      const lo = k === 0 ? this.minX : k === 1 ? this.minY : this.minZ, hi = k === 0 ? this.maxX : k === 1 ? this.maxY : this.maxZ;
      const t = (face & 1) === 0 ? firstContact1D(p - r - lo, v, 0) : firstContact1D(hi - r - p, -v, 0);
      if (t <= qf[Q_BEST] && this.qSeesFace(face) && this.qBetter(t, HIT_BOUNDS, face)) this.qTake(t, HIT_BOUNDS, face);
    }
  }

  /** Fills `out` from the best ray hit; false when there is none. */
  private qRayHit3(out: WorldHit3): boolean {
    const kind = qf[Q_BEST_KIND];
    if (kind === KIND_NONE) return false;
    const t = qf[Q_BEST], index = qf[Q_BEST_INDEX];
    ray3.x = qf[Q_X]; ray3.y = qf[Q_Y]; ray3.z = qf[Q_Z]; ray3.dx = qf[Q_DX]; ray3.dy = qf[Q_DY]; ray3.dz = qf[Q_DZ];
    let nx: number, ny: number, nz: number;
    if (kind === HIT_BODY) {
      this.qBodyAt(index);
      ball.x = qf[Q_PX]; ball.y = qf[Q_PY]; ball.z = qf[Q_PZ]; ball.r = this.r[index];
      raycastSphereInto(wallHit, ray3, ball, Infinity);
      nx = wallHit.nx; ny = wallHit.ny; nz = wallHit.nz;
    } else if (kind === HIT_WALL) {
      const wk = this.wallKind[index];
      this.qWallAt(index);
      if (wk === WALL_PLANE) {
        nx = -qw[3]; ny = -qw[4]; nz = -qw[5];
      } else if (wk === WALL_BOX3) {
        box3.minX = qw[0]; box3.minY = qw[1]; box3.minZ = qw[2]; box3.maxX = qw[3]; box3.maxY = qw[4]; box3.maxZ = qw[5];
        raycastBox3Into(wallHit, ray3, box3, Infinity);
        nx = wallHit.nx; ny = wallHit.ny; nz = wallHit.nz;
      } else {
        triangle.ax = qw[0]; triangle.ay = qw[1]; triangle.az = qw[2]; triangle.bx = qw[3]; triangle.by = qw[4];
        triangle.bz = qw[5]; triangle.cx = qw[6]; triangle.cy = qw[7]; triangle.cz = qw[8];
        raycastTriangleInto(wallHit, ray3, triangle, Infinity);
        nx = wallHit.nx; ny = wallHit.ny; nz = wallHit.nz;
      }
    } else {
      nx = index === 0 ? -1 : index === 1 ? 1 : 0;
      ny = index === 2 ? -1 : index === 3 ? 1 : 0;
      nz = index === 4 ? -1 : index === 5 ? 1 : 0;
    }
    return this.qFill3(out, t, ray3.x + t * ray3.dx, ray3.y + t * ray3.dy, ray3.z + t * ray3.dz, nx, ny, nz, kind, index);
  }

  /** Fills `out` from the best contact of the swept sphere; false when there is none. */
  private qCastHit3(out: WorldHit3): boolean {
    const kind = qf[Q_BEST_KIND];
    if (kind === KIND_NONE) return false;
    const t = qf[Q_BEST], index = qf[Q_BEST_INDEX];
    const x = qf[Q_X], y = qf[Q_Y], z = qf[Q_Z], vx = qf[Q_DX], vy = qf[Q_DY], vz = qf[Q_DZ], r = qf[Q_R];
    let nx: number, ny: number, nz: number;
    if (kind === HIT_BODY) {
      this.qBodyAt(index);
      mover.x = x; mover.y = y; mover.z = z; mover.vx = vx; mover.vy = vy; mover.vz = vz; mover.r = r;
      still.x = qf[Q_PX]; still.y = qf[Q_PY]; still.z = qf[Q_PZ]; still.r = this.r[index];
      sweepSpheresInto(sweepHit, mover, still, Infinity);
      return this.qFill3(out, t, sweepHit.px, sweepHit.py, sweepHit.pz, sweepHit.nx, sweepHit.ny, sweepHit.nz, kind, index);
    } else if (kind === HIT_WALL) {
      const k = this.qWallAt(index);
      const ok = k !== undefined && k.contact(qw, 0, x, y, z, vx, vy, vz, r, contactN);
      nx = ok ? contactN[0] : vx;
      ny = ok ? contactN[1] : vy;
      nz = ok ? contactN[2] : vz;
    } else {
      nx = index === 0 ? -1 : index === 1 ? 1 : 0;
      ny = index === 2 ? -1 : index === 3 ? 1 : 0;
      nz = index === 4 ? -1 : index === 5 ? 1 : 0;
    }
    const len = length3(nx, ny, nz);
    nx /= len;
    ny /= len;
    nz /= len;
    return this.qFill3(out, t, x + t * vx + r * nx, y + t * vy + r * ny, z + t * vz + r * nz, nx, ny, nz, kind, index);
  }

  private qFill3(out: WorldHit3, t: number, px: number, py: number, pz: number, nx: number, ny: number, nz: number, kind: number, index: number): boolean {
    const len = length3(nx, ny, nz);
    out.t = t;
    out.px = px;
    out.py = py;
    out.pz = pz;
    out.nx = nx / len + 0;
    out.ny = ny / len + 0;
    out.nz = nz / len + 0;
    out.kind = kind;
    out.index = index;
    out.id = kind === HIT_BODY ? this.ids[index] : kind === HIT_WALL ? this.wallIds[index] : "bounds";
    return true;
  }
}

/**
 * Whether the ball (x, y, z, r) reaches the plane in `qw` (closer than r in front of it,
 * touching, or behind it): the plane kernel's start test, a ball moving straight into the
 * plane with tMax = 0 (0 exactly when it touches or overlaps already).
 */
function inHalfSpace(x: number, y: number, z: number, r: number): boolean {
  return toiSpherePlaneRaw(x, y, z, -qw[3], -qw[4], -qw[5], r, qw[0], qw[1], qw[2], qw[3], qw[4], qw[5], 0) === 0;
}

/** x clamped to [-2^500, 2^500]: body and wall coordinates are at most 1e150 (and radii too), below 2^499. */
function clampFar(x: number): number {
  return x < -(2 ** 500) ? -(2 ** 500) : x > 2 ** 500 ? 2 ** 500 : x;
}

/** Length of (x, y, z), from the largest component first (1 for the zero vector). */
function length3(x: number, y: number, z: number): number {
  const m = Math.max(Math.abs(x), Math.abs(y), Math.abs(z));
  if (m === 0) return 1;
  const a = x / m, b = y / m, c = z / m;
  return m * Math.sqrt(a * a + b * b + c * c);
}

/** The face (0 -x ... 5 +z) with the least of the six depths, the lower on ties. */
function deepestFace3(d0: number, d1: number, d2: number, d3: number, d4: number, d5: number): number {
  let face = 0, best = d0;
  if (d1 < best) { best = d1; face = 1; }
  if (d2 < best) { best = d2; face = 2; }
  if (d3 < best) { best = d3; face = 3; }
  if (d4 < best) { best = d4; face = 4; }
  if (d5 < best) face = 5;
  return face;
}

/** The triangle's corners about the box's centre (0..8) and the box's half sizes (9..11), for triangleMeetsBox. */
const tb = new Float64Array(12);
/** The 13 candidate separating axes of triangleMeetsBox, three numbers each. */
const axes = new Float64Array(39);

/**
 * Whether the triangle in `qw` meets the closed box, by the separating-axis test of
 * Akenine-Möller ("Fast 3D triangle-box overlap testing", 2001): the box's three axes, the
 * nine cross products of box axes and triangle edges, and the triangle's normal; touching
 * counts. Evaluated in doubles about the box's centre.
 */
function triangleMeetsBox(x0: number, y0: number, z0: number, x1: number, y1: number, z1: number): boolean {
  const cx = 0.5 * x0 + 0.5 * x1, cy = 0.5 * y0 + 0.5 * y1, cz = 0.5 * z0 + 0.5 * z1;
  const t = tb;
  for (let v = 0; v < 3; v++) {
    t[3 * v] = qw[3 * v] - cx;
    t[3 * v + 1] = qw[3 * v + 1] - cy;
    t[3 * v + 2] = qw[3 * v + 2] - cz;
  }
  t[9] = 0.5 * x1 - 0.5 * x0;
  t[10] = 0.5 * y1 - 0.5 * y0;
  t[11] = 0.5 * z1 - 0.5 * z0;
  const a = axes;
  a.fill(0, 0, 9);
  a[0] = 1; a[4] = 1; a[8] = 1;
  for (let e = 0; e < 3; e++) {
    // edge e from corner e to corner e + 1; its cross products with the x, y and z axes
    const p = 3 * e, q = 3 * ((e + 1) % 3);
    const ex = t[q] - t[p], ey = t[q + 1] - t[p + 1], ez = t[q + 2] - t[p + 2];
    const o = 9 + 9 * e;
    a[o] = 0; a[o + 1] = -ez; a[o + 2] = ey;
    a[o + 3] = ez; a[o + 4] = 0; a[o + 5] = -ex;
    a[o + 6] = -ey; a[o + 7] = ex; a[o + 8] = 0;
  }
  const e0x = t[3] - t[0], e0y = t[4] - t[1], e0z = t[5] - t[2];
  const e1x = t[6] - t[3], e1y = t[7] - t[4], e1z = t[8] - t[5];
  a[36] = e0y * e1z - e0z * e1y;
  a[37] = e0z * e1x - e0x * e1z;
  a[38] = e0x * e1y - e0y * e1x;
  for (let k = 0; k < 39; k += 3) {
    const ux = a[k], uy = a[k + 1], uz = a[k + 2];
    const p0 = ux * t[0] + uy * t[1] + uz * t[2], p1 = ux * t[3] + uy * t[4] + uz * t[5], p2 = ux * t[6] + uy * t[7] + uz * t[8];
    const reach = t[9] * Math.abs(ux) + t[10] * Math.abs(uy) + t[11] * Math.abs(uz);
    if (Math.min(p0, p1, p2) > reach || Math.max(p0, p1, p2) < -reach) return false;
  }
  return true;
}
