/**
 * The queries of World2D (the queries part, `carom/2d/queries`): rays, swept circles, and what
 * overlaps a point, a circle or a box, each from the exact kernel of its shape pair
 * (query/*.ts) over the cell walk of query-walk.ts. The public surface and its documentation
 * are in queries-api.ts.
 */
import { HIT_BODY, HIT_BOUNDS, HIT_WALL } from "./event-log.js";
import { WALL_BOX2, WALL_SEGMENT } from "./walls/wall-kind.js";
import { KIND_NONE, QueryWalk, Q_BEST, Q_BEST_INDEX, Q_BEST_KIND, Q_DX, Q_DY, Q_MAXT, Q_PX, Q_PY, Q_R, Q_X, Q_X1, Q_Y, Q_Y1, directionExponent, qf, qw, timesPowerOfTwo } from "./query-walk.js";
import { OverlapBuffer, type Overlaps, type QueryOptions, type WorldHit2 } from "./queries-api.js";
import { rayHitSegmentRaw, raycastSegmentRaw } from "../query/ray-segment2.js";
import { pointCrossingBox2Raw, pointCrossingBox2Result, rayBox2Raw } from "../query/ray-box2.js";
import { circlesExactInput, exactToiCircles, screenCircles, sweepCirclesInto } from "../query/toi-circle-circle.js";
import { separationSign } from "../query/overlap.js";
import { exactCrossSign } from "../query/exact-cross-sign.js";
import { closestPointOnSegmentInto } from "../query/closest-point-segment.js";
import { firstContact1D } from "./motion-1d.js";
import { checkCircle, checkMovingCircle, checkTMax } from "../query/validate.js";
import { checkBox2, checkRay2 } from "../query/validate-geometry2.js";
import type { Box2, Circle, MovingCircle, SweepHit2, WallHit2 } from "../query/types.js";
import type { Ray2, Segment2, SegmentClosestPoint } from "../query/types-geometry2.js";

/** Which query runs (the tests of qTestBody and qTestWall differ). */
const RAY = 0, CAST = 1, POINT = 2, CIRCLE = 3, BOX = 4;
let mode = RAY;

// Scratch objects of the kernels that take them (no allocation per query).
const segmentHit: WallHit2 = { t: 0, px: 0, py: 0, nx: 0, ny: 0, feature: 0, index: 0 };
const sweepHit: SweepHit2 = { t: 0, px: 0, py: 0, nx: 0, ny: 0 };
const mover: MovingCircle = { x: 0, y: 0, vx: 0, vy: 0, r: 0 };
const still: MovingCircle = { x: 0, y: 0, vx: 0, vy: 0, r: 0 };
const segment: Segment2 = { ax: 0, ay: 0, bx: 0, by: 0 };
const centre = { x: 0, y: 0 };
const nearest: SegmentClosestPoint = { s: 0, x: 0, y: 0, distance: 0 };
const contactN = new Float64Array(4);

/** @internal The 2D queries, installed onto World2D by the queries part. */
export abstract class WorldQueries2 extends QueryWalk {
  rayCast(ray: Ray2, maxT = Infinity, options?: QueryOptions): WorldHit2 | null {
    const out: WorldHit2 = { t: 0, px: 0, py: 0, nx: 0, ny: 0, kind: 0, index: 0, id: "" };
    return this.rayCastInto(out, ray, maxT, options) ? out : null;
  }

  rayCastInto(out: WorldHit2, ray: Ray2, maxT = Infinity, options?: QueryOptions): boolean {
    checkRay2(ray, "ray");
    if (ray.dx === 0 && ray.dy === 0) throw new RangeError("ray.dx, ray.dy must not both be zero (a ray needs a direction), got (0, 0)");
    checkTMax(maxT);
    const e = directionExponent(Math.max(Math.abs(ray.dx), Math.abs(ray.dy)));
    qf[Q_X] = ray.x; qf[Q_Y] = ray.y; qf[Q_R] = 0;
    if (e === 0) {
      qf[Q_DX] = ray.dx; qf[Q_DY] = ray.dy; qf[Q_MAXT] = maxT;
    } else {
      qf[Q_DX] = timesPowerOfTwo(ray.dx, e); qf[Q_DY] = timesPowerOfTwo(ray.dy, e); qf[Q_MAXT] = timesPowerOfTwo(maxT, -e);
    }
    mode = RAY;
    this.qBegin(options, "rayCast", null);
    try {
      this.qRayBounds2();
      this.qWalk();
      const hit = this.qRayHit2(out);
      if (hit && e !== 0) out.t = timesPowerOfTwo(out.t, e);
      return hit && out.t !== Infinity;
    } finally {
      this.qEnd();
    }
  }

  castCircle(circle: MovingCircle, maxT = 1, options?: QueryOptions): WorldHit2 | null {
    const out: WorldHit2 = { t: 0, px: 0, py: 0, nx: 0, ny: 0, kind: 0, index: 0, id: "" };
    return this.castCircleInto(out, circle, maxT, options) ? out : null;
  }

  castCircleInto(out: WorldHit2, circle: MovingCircle, maxT = 1, options?: QueryOptions): boolean {
    checkMovingCircle(circle, "circle");
    checkTMax(maxT);
    const m = Math.max(Math.abs(circle.vx), Math.abs(circle.vy)), e = m === 0 ? 0 : directionExponent(m);
    qf[Q_X] = circle.x; qf[Q_Y] = circle.y; qf[Q_R] = circle.r;
    if (e === 0) {
      qf[Q_DX] = circle.vx; qf[Q_DY] = circle.vy; qf[Q_MAXT] = maxT;
    } else {
      qf[Q_DX] = timesPowerOfTwo(circle.vx, e); qf[Q_DY] = timesPowerOfTwo(circle.vy, e); qf[Q_MAXT] = timesPowerOfTwo(maxT, -e);
    }
    mode = CAST;
    this.qBegin(options, "castCircle", null);
    try {
      this.qCastBounds2();
      this.qWalk();
      const hit = this.qCastHit2(out);
      if (hit && e !== 0) out.t = timesPowerOfTwo(out.t, e);
      return hit && out.t !== Infinity;
    } finally {
      this.qEnd();
    }
  }

  queryPoint(x: number, y: number, options?: QueryOptions): Overlaps {
    const out = new OverlapBuffer(16);
    this.queryPointInto(out, x, y, options);
    return out.toOverlaps();
  }

  queryPointInto(out: OverlapBuffer, x: number, y: number, options?: QueryOptions): number {
    if (!(x - x === 0 && y - y === 0)) throw new RangeError(`queryPoint: x and y must be finite numbers, got ${x}, ${y}`);
    qf[Q_X] = x; qf[Q_Y] = y; qf[Q_X1] = x; qf[Q_Y1] = y; qf[Q_R] = 0;
    mode = POINT;
    return this.qOverlaps2(out, options, "queryPoint");
  }

  queryCircle(circle: Circle, options?: QueryOptions): Overlaps {
    const out = new OverlapBuffer(16);
    this.queryCircleInto(out, circle, options);
    return out.toOverlaps();
  }

  queryCircleInto(out: OverlapBuffer, circle: Circle, options?: QueryOptions): number {
    checkCircle(circle, "circle");
    const r = circle.r;
    qf[Q_X] = circle.x - r; qf[Q_Y] = circle.y - r; qf[Q_X1] = circle.x + r; qf[Q_Y1] = circle.y + r;
    centre.x = circle.x;
    centre.y = circle.y;
    qf[Q_R] = r;
    mode = CIRCLE;
    return this.qOverlaps2(out, options, "queryCircle");
  }

  queryBox(box: Box2, options?: QueryOptions): Overlaps {
    const out = new OverlapBuffer(16);
    this.queryBoxInto(out, box, options);
    return out.toOverlaps();
  }

  queryBoxInto(out: OverlapBuffer, box: Box2, options?: QueryOptions): number {
    checkBox2(box, "box");
    // (clamped to +-2^500, beyond everything a world holds, so that no product of the exact tests overflows)
    qf[Q_X] = clampFar(box.minX); qf[Q_Y] = clampFar(box.minY); qf[Q_X1] = clampFar(box.maxX); qf[Q_Y1] = clampFar(box.maxY); qf[Q_R] = 0;
    mode = BOX;
    return this.qOverlaps2(out, options, "queryBox");
  }

  /** Runs an overlap query whose shape is loaded (bounding box in Q_X..Q_Y1). */
  private qOverlaps2(out: OverlapBuffer, options: QueryOptions | undefined, what: string): number {
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
    if (mode === RAY) this.qRayBody2(i);
    else if (mode === CAST) this.qCastBody2(i);
    else this.qOverlapBody2(i);
  }

  /**
   * The ray against body i (centre in qf[Q_PX..]): rayHitCircleRaw written out so that the
   * kernel inlines (the screen in plain doubles, the exact stage through its scratch array, no
   * boxed argument): the first entry of the point o + t d into the disc, or 0 from inside it.
   */
  private qRayBody2(i: number): void {
    const x = qf[Q_X], y = qf[Q_Y], dx = qf[Q_DX], dy = qf[Q_DY], px = qf[Q_PX], py = qf[Q_PY], r = this.r[i], best = qf[Q_BEST];
    let t = screenCircles(x, y, dx, dy, 0, px, py, 0, 0, r, best);
    if (t !== t) {
      const q = circlesExactInput;
      q[0] = x; q[1] = y; q[2] = dx; q[3] = dy; q[4] = 0; q[5] = px; q[6] = py; q[7] = 0; q[8] = 0; q[9] = r; q[10] = best;
      exactToiCircles();
      t = q[11];
    }
    if (t === Infinity) {
      // the disc is solid: an origin inside it (or on the circle) hits at 0 (clearly outside: no exact test)
      const ux = x - px, uy = y - py, D = ux * ux + uy * uy, R2 = r * r;
      if (!(D - R2 > 8 * 2 ** -53 * (D + R2) && D < 2 ** 1000) && separationSign(x, y, 0, 0, px, py, 0, r) <= 0) t = 0;
      else return;
    }
    if (this.qBetter(t, HIT_BODY, i)) this.qTake(t, HIT_BODY, i);
  }

  /** The swept circle against body i: toiCirclesRaw written out (see qRayBody2). */
  private qCastBody2(i: number): void {
    const x = qf[Q_X], y = qf[Q_Y], vx = qf[Q_DX], vy = qf[Q_DY], rc = qf[Q_R], px = qf[Q_PX], py = qf[Q_PY], r = this.r[i], best = qf[Q_BEST];
    let t = screenCircles(x, y, vx, vy, rc, px, py, 0, 0, r, best);
    if (t !== t) {
      const q = circlesExactInput;
      q[0] = x; q[1] = y; q[2] = vx; q[3] = vy; q[4] = rc; q[5] = px; q[6] = py; q[7] = 0; q[8] = 0; q[9] = r; q[10] = best;
      exactToiCircles();
      t = q[11];
    }
    if (t !== Infinity && this.qBetter(t, HIT_BODY, i)) this.qTake(t, HIT_BODY, i);
  }

  /**
   * Body i against a point, circle or box: the sign of |d|^2 - R^2 (d from the query's nearest
   * point to the centre), screened here as separationSign screens it (so that nothing is boxed
   * on the common path) and settled by separationSign when too close to call.
   */
  private qOverlapBody2(i: number): void {
    const px = qf[Q_PX], py = qf[Q_PY];
    let ax: number, ay: number, ar: number, br: number;
    if (mode === POINT) {
      ax = qf[Q_X]; ay = qf[Q_Y]; ar = 0; br = this.r[i];
    } else if (mode === CIRCLE) {
      ax = centre.x; ay = centre.y; ar = qf[Q_R]; br = this.r[i];
    } else {
      // the point of the box nearest the centre (exact: a clamp)
      ax = Math.min(Math.max(px, qf[Q_X]), qf[Q_X1]); ay = Math.min(Math.max(py, qf[Q_Y]), qf[Q_Y1]); ar = 0; br = this.r[i];
    }
    const dx = px - ax, dy = py - ay, R = ar + br;
    const D = dx * dx + dy * dy, R2 = R * R, c = D - R2, ec = 8 * 2 ** -53 * (D + R2);
    if (c > ec) return;
    if (c < -ec || separationSign(ax, ay, 0, ar, px, py, 0, br) <= 0) this.qFoundBody(i);
  }

  protected qTestWall(w: number): void {
    const kind = this.wallKind[w];
    const k = this.qWallAt(w);
    if (k === undefined) return;
    switch (mode) {
      case RAY: {
        const t = kind === WALL_SEGMENT
          ? rayHitSegmentRaw(qf[Q_X], qf[Q_Y], qf[Q_DX], qf[Q_DY], qw[0], qw[1], qw[2], qw[3], qf[Q_BEST])
          : rayBox2Raw(qf[Q_X], qf[Q_Y], qf[Q_DX], qf[Q_DY], qw[0], qw[1], qw[2], qw[3], qf[Q_BEST]);
        if (t !== Infinity && this.qBetter(t, HIT_WALL, w)) this.qTake(t, HIT_WALL, w);
        return;
      }
      case CAST: {
        const t = k.toi(qw, 0, qf[Q_X], qf[Q_Y], 0, qf[Q_DX], qf[Q_DY], 0, qf[Q_R], qf[Q_BEST]);
        if (t !== Infinity && this.qBetter(t, HIT_WALL, w)) this.qTake(t, HIT_WALL, w);
        return;
      }
      case POINT: {
        const x = qf[Q_X], y = qf[Q_Y];
        let inside: boolean;
        if (kind === WALL_BOX2) inside = x >= qw[0] && x <= qw[2] && y >= qw[1] && y <= qw[3];
        else {
          // on the segment: on its line (an exact orientation) and within its extent
          inside = x >= Math.min(qw[0], qw[2]) && x <= Math.max(qw[0], qw[2]) && y >= Math.min(qw[1], qw[3]) && y <= Math.max(qw[1], qw[3]) &&
            exactCrossSign(qw[0], qw[1], qw[2], qw[3], qw[0], qw[1], x, y) === 0;
        }
        if (inside) this.qFoundWall(w);
        return;
      }
      case CIRCLE: {
        const cx = centre.x, cy = centre.y;
        let qx: number, qy: number;
        if (kind === WALL_BOX2) {
          qx = Math.min(Math.max(cx, qw[0]), qw[2]);
          qy = Math.min(Math.max(cy, qw[1]), qw[3]);
        } else {
          segment.ax = qw[0]; segment.ay = qw[1]; segment.bx = qw[2]; segment.by = qw[3];
          closestPointOnSegmentInto(nearest, segment, centre);
          qx = nearest.x;
          qy = nearest.y;
        }
        if (separationSign(cx, cy, 0, qf[Q_R], qx, qy, 0, 0) <= 0) this.qFoundWall(w);
        return;
      }
      default: {
        const x0 = qf[Q_X], y0 = qf[Q_Y], x1 = qf[Q_X1], y1 = qf[Q_Y1];
        let meets: boolean;
        if (kind === WALL_BOX2) meets = qw[0] <= x1 && qw[2] >= x0 && qw[1] <= y1 && qw[3] >= y0;
        else meets = segmentMeetsBox(qw[0], qw[1], qw[2], qw[3], x0, y0, x1, y1);
        if (meets) this.qFoundWall(w);
      }
    }
  }

  /** The container against the ray (before the walk, so that it bounds the walk). */
  private qRayBounds2(): void {
    if (!(this.minX > -Infinity)) return;
    const x = qf[Q_X], y = qf[Q_Y], dx = qf[Q_DX], dy = qf[Q_DY];
    let t: number, face: number;
    if (x > this.minX && x < this.maxX && y > this.minY && y < this.maxY) {
      // from inside: the side it leaves through (pointCrossingBox2's exit, within an ulp)
      pointCrossingBox2Raw(x, y, dx, dy, this.minX, this.minY, this.maxX, this.maxY, Infinity);
      const side = pointCrossingBox2Result[3];
      t = pointCrossingBox2Result[1];
      face = side === 0 ? 2 : side === 1 ? 1 : side === 2 ? 3 : 0;
    } else {
      // outside or on a side: in the container's solid at once, on the side it is most beyond
      t = 0;
      face = deepestFace(x - this.minX, this.maxX - x, y - this.minY, this.maxY - y);
    }
    if (t <= qf[Q_BEST] && this.qSeesFace(face) && this.qBetter(t, HIT_BOUNDS, face)) this.qTake(t, HIT_BOUNDS, face);
  }

  /** The container's sides against the swept circle (the engine's rule, scan.ts scanBounds). */
  private qCastBounds2(): void {
    if (!(this.minX > -Infinity)) return;
    const x = qf[Q_X], y = qf[Q_Y], vx = qf[Q_DX], vy = qf[Q_DY], r = qf[Q_R];
    for (let face = 0; face < 4; face++) {
      let gap: number, v: number;
      switch (face) {
        case 0: gap = x - r - this.minX; v = vx; break;
        case 1: gap = this.maxX - r - x; v = -vx; break;
        case 2: gap = y - r - this.minY; v = vy; break;
        default: gap = this.maxY - r - y; v = -vy;
      }
      const t = firstContact1D(gap, v, 0);
      if (t <= qf[Q_BEST] && this.qSeesFace(face) && this.qBetter(t, HIT_BOUNDS, face)) this.qTake(t, HIT_BOUNDS, face);
    }
  }

  /** Fills `out` from the best ray hit; false when there is none. */
  private qRayHit2(out: WorldHit2): boolean {
    const kind = qf[Q_BEST_KIND];
    if (kind === KIND_NONE) return false;
    const t = qf[Q_BEST], index = qf[Q_BEST_INDEX];
    const x = qf[Q_X], y = qf[Q_Y], dx = qf[Q_DX], dy = qf[Q_DY];
    const px = x + t * dx, py = y + t * dy;
    let nx: number, ny: number;
    if (kind === HIT_BODY) {
      // from the point on the ray towards the centre (the ray's direction from the centre itself)
      this.qBodyAt(index);
      nx = qf[Q_PX] - px;
      ny = qf[Q_PY] - py;
      if (nx === 0 && ny === 0) {
        nx = dx;
        ny = dy;
      }
    } else if (kind === HIT_WALL) {
      this.qWallAt(index);
      if (this.wallKind[index] === WALL_SEGMENT) {
        raycastSegmentRaw(segmentHit, x, y, dx, dy, qw[0], qw[1], qw[2], qw[3], Infinity);
        nx = segmentHit.nx;
        ny = segmentHit.ny;
      } else if (t > 0) {
        // the side it entered through (pointCrossingBox2's side numbers: 0 bottom, 1 right, 2 top, 3 left)
        pointCrossingBox2Raw(x, y, dx, dy, qw[0], qw[1], qw[2], qw[3], Infinity);
        const side = pointCrossingBox2Result[2];
        nx = side === 3 ? 1 : side === 1 ? -1 : 0;
        ny = side === 0 ? 1 : side === 2 ? -1 : 0;
      } else {
        // inside: towards the nearest side, as raycastBox3
        const face = deepestFace(qw[2] - x, x - qw[0], qw[3] - y, y - qw[1]);
        nx = face === 0 ? 1 : face === 1 ? -1 : 0;
        ny = face === 2 ? 1 : face === 3 ? -1 : 0;
      }
    } else {
      nx = index === 0 ? -1 : index === 1 ? 1 : 0;
      ny = index === 2 ? -1 : index === 3 ? 1 : 0;
    }
    return this.qFill2(out, t, px, py, nx, ny, kind, index);
  }

  /** Fills `out` from the best contact of the swept circle; false when there is none. */
  private qCastHit2(out: WorldHit2): boolean {
    const kind = qf[Q_BEST_KIND];
    if (kind === KIND_NONE) return false;
    const t = qf[Q_BEST], index = qf[Q_BEST_INDEX];
    const x = qf[Q_X], y = qf[Q_Y], vx = qf[Q_DX], vy = qf[Q_DY], r = qf[Q_R];
    let nx: number, ny: number;
    if (kind === HIT_BODY) {
      this.qBodyAt(index);
      mover.x = x; mover.y = y; mover.vx = vx; mover.vy = vy; mover.r = r;
      still.x = qf[Q_PX]; still.y = qf[Q_PY]; still.r = this.r[index];
      sweepCirclesInto(sweepHit, mover, still, Infinity);
      return this.qFill2(out, t, sweepHit.px, sweepHit.py, sweepHit.nx, sweepHit.ny, kind, index);
    } else if (kind === HIT_WALL) {
      const k = this.qWallAt(index);
      const ok = k !== undefined && k.contact(qw, 0, x, y, 0, vx, vy, 0, r, contactN);
      nx = ok ? contactN[0] : vx;
      ny = ok ? contactN[1] : vy;
    } else {
      nx = index === 0 ? -1 : index === 1 ? 1 : 0;
      ny = index === 2 ? -1 : index === 3 ? 1 : 0;
    }
    const len = unitScale(nx, ny);
    nx /= len;
    ny /= len;
    return this.qFill2(out, t, x + t * vx + r * nx, y + t * vy + r * ny, nx, ny, kind, index);
  }

  private qFill2(out: WorldHit2, t: number, px: number, py: number, nx: number, ny: number, kind: number, index: number): boolean {
    const len = unitScale(nx, ny);
    out.t = t;
    out.px = px;
    out.py = py;
    out.nx = nx / len + 0;
    out.ny = ny / len + 0;
    out.kind = kind;
    out.index = index;
    out.id = kind === HIT_BODY ? this.ids[index] : kind === HIT_WALL ? this.wallIds[index] : "bounds";
    return true;
  }
}

/** x clamped to [-2^500, 2^500]: body and wall coordinates are at most 1e150 (and radii too), below 2^499. */
function clampFar(x: number): number {
  return x < -(2 ** 500) ? -(2 ** 500) : x > 2 ** 500 ? 2 ** 500 : x;
}

/** Length of (x, y), from the larger component first (no overflow or underflow of the squares). */
function unitScale(x: number, y: number): number {
  const m = Math.max(Math.abs(x), Math.abs(y));
  if (m === 0) return 1;
  const a = x / m, b = y / m;
  return m * Math.sqrt(a * a + b * b);
}

/**
 * The face (0 -x, 1 +x, 2 -y, 3 +y) with the least of the four depths (inside a box: the
 * nearest side; outside the container: the side the point is farthest beyond), lower on ties.
 */
function deepestFace(d0: number, d1: number, d2: number, d3: number): number {
  let face = 0, best = d0;
  if (d1 < best) { best = d1; face = 1; }
  if (d2 < best) { best = d2; face = 2; }
  if (d3 < best) face = 3;
  return face;
}

/**
 * Whether the closed segment a..b meets the closed box, exactly: their extents overlap and the
 * segment's line does not leave all four corners strictly on one side (the separating axes of
 * a segment and a box: the two box axes and the segment's normal).
 */
function segmentMeetsBox(ax: number, ay: number, bx: number, by: number, x0: number, y0: number, x1: number, y1: number): boolean {
  if (Math.max(ax, bx) < x0 || Math.min(ax, bx) > x1 || Math.max(ay, by) < y0 || Math.min(ay, by) > y1) return false;
  const s1 = orient(ax, ay, bx, by, x0, y0), s2 = orient(ax, ay, bx, by, x1, y0);
  const s3 = orient(ax, ay, bx, by, x1, y1), s4 = orient(ax, ay, bx, by, x0, y1);
  return !((s1 > 0 && s2 > 0 && s3 > 0 && s4 > 0) || (s1 < 0 && s2 < 0 && s3 < 0 && s4 < 0));
}

/** Exact sign of (b - a) x (p - a): a plain screen, then the expansion sum. */
function orient(ax: number, ay: number, bx: number, by: number, px: number, py: number): number {
  const l = (bx - ax) * (py - ay), r = (by - ay) * (px - ax);
  const v = l - r;
  const bound = 4 * 2 ** -53 * (Math.abs(l) + Math.abs(r));
  if (v > bound) return 1;
  if (v < -bound) return -1;
  return exactCrossSign(ax, ay, bx, by, ax, ay, px, py);
}
