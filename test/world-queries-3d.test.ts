/**
 * World3D's queries against brute force: on 1,000 random worlds (bounded and not, fixed,
 * kinematic and sensor bodies, planes, boxes and triangles, some walls moving, bodies
 * mid-flight inside callbacks), every ray cast, sphere cast and point, sphere and box query
 * equals the answer of looking at every body and wall, with the public single-shape queries or
 * exact BigInt tests (planes, triangle against box).
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  HIT_BODY, HIT_BOUNDS, HIT_WALL, OverlapBuffer, World3D, closestPointOnTriangle, overlapSpheres, rayBox3, raySphere, rayTriangle,
  timeOfImpactSphereBox, timeOfImpactSpherePlane, timeOfImpactSphereTriangle, toiSpheresRaw, type QueryOptions, type WorldHit3,
} from "../src/index.js";
import { WALL_BOX3, WALL_PLANE } from "../src/world/walls/wall-kind.js";
import { differenceQuotient } from "../src/math/double-double.js";
import { Random } from "./support/random.js";
import { toCommonIntegers } from "./support/exact.js";
import { better, bodyNow, isDirty, sameOverlaps, seesBody, seesFace, seesWall, wallNow, type RefHit } from "./support/world-reference.js";

type V3 = [number, number, number];

/** Exact sign of (q - p) . n - r |n| (negative or zero: the ball (q, r) reaches the plane's solid), in BigInt. */
function planeReach(q: V3, r: number, d: number[]): number {
  const { n } = toCommonIntegers([q[0], q[1], q[2], r, d[0], d[1], d[2], d[3], d[4], d[5]]);
  const g = (n[0] - n[4]) * n[7] + (n[1] - n[5]) * n[8] + (n[2] - n[6]) * n[9];
  if (g <= 0n) return -1;
  const lhs = g * g, rhs = n[3] * n[3] * (n[7] * n[7] + n[8] * n[8] + n[9] * n[9]);
  return lhs < rhs ? -1 : lhs > rhs ? 1 : 0;
}

/** Exact separating-axis test of a triangle against a closed box, in BigInt (touching counts). */
function triangleMeetsBoxExact(d: number[], b: number[]): boolean {
  const { n } = toCommonIntegers([...d.slice(0, 9), ...b]);
  const P = [n.slice(0, 3), n.slice(3, 6), n.slice(6, 9)];
  const lo = n.slice(9, 12), hi = n.slice(12, 15);
  const sub = (a: bigint[], c: bigint[]): bigint[] => [a[0] - c[0], a[1] - c[1], a[2] - c[2]];
  const cross = (a: bigint[], c: bigint[]): bigint[] => [a[1] * c[2] - a[2] * c[1], a[2] * c[0] - a[0] * c[2], a[0] * c[1] - a[1] * c[0]];
  const dot = (a: bigint[], c: bigint[]): bigint => a[0] * c[0] + a[1] * c[1] + a[2] * c[2];
  const E = [sub(P[1], P[0]), sub(P[2], P[1]), sub(P[0], P[2])];
  const unit = [[1n, 0n, 0n], [0n, 1n, 0n], [0n, 0n, 1n]];
  const axes = [...unit, cross(E[0], E[1])];
  for (const u of unit) for (const e of E) axes.push(cross(u, e));
  for (const u of axes) {
    const t = P.map((p) => dot(u, p));
    // the box's extent along u: sum over axes of min/max of u_k * [lo_k, hi_k]
    let bmin = 0n, bmax = 0n;
    for (let k = 0; k < 3; k++) {
      const a = u[k] * lo[k], c = u[k] * hi[k];
      bmin += a < c ? a : c;
      bmax += a < c ? c : a;
    }
    const tmin = t.reduce((x, y) => (y < x ? y : x)), tmax = t.reduce((x, y) => (y > x ? y : x));
    if (tmin > bmax || tmax < bmin) return false;
  }
  return true;
}

function refRay(w: World3D, ray: { x: number; y: number; z: number; dx: number; dy: number; dz: number }, maxT: number, o: QueryOptions): RefHit | null {
  let best: RefHit | null = null;
  for (let i = 0; i < w.n; i++) {
    if (!seesBody(w, i, o)) continue;
    const [x, y, z] = bodyNow(w, i);
    const t = raySphere(ray, { x, y, z, r: w.r[i] }, maxT);
    if (t !== Infinity) best = better(best, { t, kind: HIT_BODY, index: i });
  }
  for (let k = 0; k < w.walls; k++) {
    if (!seesWall(w, k, o)) continue;
    const d = wallNow(w, k);
    let t: number;
    if (w.wallKind[k] === WALL_PLANE) {
      const plane = { x: d[0], y: d[1], z: d[2], nx: d[3], ny: d[4], nz: d[5] };
      t = planeReach([ray.x, ray.y, ray.z], 0, d) <= 0 ? 0 : timeOfImpactSpherePlane({ x: ray.x, y: ray.y, z: ray.z, vx: ray.dx, vy: ray.dy, vz: ray.dz, r: 0 }, plane, maxT);
    } else if (w.wallKind[k] === WALL_BOX3) {
      t = rayBox3(ray, { minX: d[0], minY: d[1], minZ: d[2], maxX: d[3], maxY: d[4], maxZ: d[5] }, maxT);
    } else {
      t = rayTriangle(ray, { ax: d[0], ay: d[1], az: d[2], bx: d[3], by: d[4], bz: d[5], cx: d[6], cy: d[7], cz: d[8] }, maxT);
    }
    if (t !== Infinity) best = better(best, { t, kind: HIT_WALL, index: k });
  }
  if (w.minX > -Infinity) {
    const p = [ray.x, ray.y, ray.z], v = [ray.dx, ray.dy, ray.dz];
    const lo = [w.minX, w.minY, w.minZ], hi = [w.maxX, w.maxY, w.maxZ];
    if (p.every((x, k) => x > lo[k] && x < hi[k])) {
      let t = Infinity, face = -1;
      for (let k = 0; k < 3; k++) {
        if (v[k] === 0) continue;
        const tk = differenceQuotient(v[k] > 0 ? hi[k] : lo[k], p[k], v[k]);
        if (tk < t) { t = tk; face = 2 * k + (v[k] > 0 ? 1 : 0); }
      }
      if (t <= maxT && seesFace(face, o)) best = better(best, { t, kind: HIT_BOUNDS, index: face });
    } else {
      const depths = [p[0] - lo[0], hi[0] - p[0], p[1] - lo[1], hi[1] - p[1], p[2] - lo[2], hi[2] - p[2]];
      const face = depths.indexOf(Math.min(...depths));
      if (seesFace(face, o)) best = better(best, { t: 0, kind: HIT_BOUNDS, index: face });
    }
  }
  return best;
}

function refCast(w: World3D, s: { x: number; y: number; z: number; vx: number; vy: number; vz: number; r: number }, maxT: number, o: QueryOptions): RefHit | null {
  let best: RefHit | null = null;
  for (let i = 0; i < w.n; i++) {
    if (!seesBody(w, i, o)) continue;
    const [x, y, z] = bodyNow(w, i);
    const t = toiSpheresRaw(s.x, s.y, s.z, s.vx, s.vy, s.vz, s.r, x, y, z, 0, 0, 0, w.r[i], maxT);
    if (t !== Infinity) best = better(best, { t, kind: HIT_BODY, index: i });
  }
  for (let k = 0; k < w.walls; k++) {
    if (!seesWall(w, k, o)) continue;
    const d = wallNow(w, k);
    let t: number;
    if (w.wallKind[k] === WALL_PLANE) t = timeOfImpactSpherePlane(s, { x: d[0], y: d[1], z: d[2], nx: d[3], ny: d[4], nz: d[5] }, maxT);
    else if (w.wallKind[k] === WALL_BOX3) t = timeOfImpactSphereBox(s, { minX: d[0], minY: d[1], minZ: d[2], maxX: d[3], maxY: d[4], maxZ: d[5] }, maxT);
    else t = timeOfImpactSphereTriangle(s, { ax: d[0], ay: d[1], az: d[2], bx: d[3], by: d[4], bz: d[5], cx: d[6], cy: d[7], cz: d[8] }, maxT);
    if (t !== Infinity) best = better(best, { t, kind: HIT_WALL, index: k });
  }
  if (w.minX > -Infinity) {
    const p = [s.x, s.y, s.z], v = [s.vx, s.vy, s.vz], lo = [w.minX, w.minY, w.minZ], hi = [w.maxX, w.maxY, w.maxZ];
    for (let face = 0; face < 6; face++) {
      const k = face >> 1;
      const gap = face & 1 ? hi[k] - s.r - p[k] : p[k] - s.r - lo[k];
      const u = face & 1 ? -v[k] : v[k];
      const t = gap <= 0 ? (u < 0 ? 0 : Infinity) : u < 0 ? gap / -u : Infinity;
      if (t <= maxT && seesFace(face, o)) best = better(best, { t, kind: HIT_BOUNDS, index: face });
    }
  }
  return best;
}

type Shape = { point: V3 } | { sphere: { x: number; y: number; z: number; r: number } } | { box: number[] };

function refOverlaps(w: World3D, s: Shape, o: QueryOptions): { bodies: number[]; walls: number[] } {
  const bodies: number[] = [], walls: number[] = [];
  const ball = "point" in s ? { x: s.point[0], y: s.point[1], z: s.point[2], r: 0 } : "sphere" in s ? s.sphere : null;
  const clamp = (x: number, lo: number, hi: number): number => Math.min(Math.max(x, lo), hi);
  for (let i = 0; i < w.n; i++) {
    if (!seesBody(w, i, o)) continue;
    const [x, y, z] = bodyNow(w, i);
    const me = { x, y, z, r: w.r[i] };
    const other = ball ?? (() => {
      const b = (s as { box: number[] }).box;
      return { x: clamp(x, b[0], b[3]), y: clamp(y, b[1], b[4]), z: clamp(z, b[2], b[5]), r: 0 };
    })();
    if (overlapSpheres(me, other)) bodies.push(i);
  }
  for (let k = 0; k < w.walls; k++) {
    if (!seesWall(w, k, o)) continue;
    const d = wallNow(w, k);
    const kind = w.wallKind[k];
    let meets: boolean;
    if (ball !== null) {
      if (kind === WALL_PLANE) meets = planeReach([ball.x, ball.y, ball.z], ball.r, d) <= 0;
      else if (kind === WALL_BOX3) meets = overlapSpheres(ball, { x: clamp(ball.x, d[0], d[3]), y: clamp(ball.y, d[1], d[4]), z: clamp(ball.z, d[2], d[5]), r: 0 });
      else {
        const q = closestPointOnTriangle({ ax: d[0], ay: d[1], az: d[2], bx: d[3], by: d[4], bz: d[5], cx: d[6], cy: d[7], cz: d[8] }, ball);
        meets = overlapSpheres(ball, { x: q.x, y: q.y, z: q.z, r: 0 });
      }
    } else {
      const b = (s as { box: number[] }).box;
      if (kind === WALL_PLANE) meets = planeReach([d[3] > 0 ? b[0] : b[3], d[4] > 0 ? b[1] : b[4], d[5] > 0 ? b[2] : b[5]], 0, d) <= 0;
      else if (kind === WALL_BOX3) meets = d[0] <= b[3] && d[3] >= b[0] && d[1] <= b[4] && d[4] >= b[1] && d[2] <= b[5] && d[5] >= b[2];
      else meets = triangleMeetsBoxExact(d, b);
    }
    if (meets) walls.push(k);
  }
  return { bodies, walls };
}

function distanceToTriangle(p: V3, t: number[]): number {
  const q = closestPointOnTriangle({ ax: t[0], ay: t[1], az: t[2], bx: t[3], by: t[4], bz: t[5], cx: t[6], cy: t[7], cz: t[8] }, { x: p[0], y: p[1], z: p[2] });
  return Math.hypot(q.x - p[0], q.y - p[1], q.z - p[2]);
}

function randomWorld(rnd: Random): World3D {
  const f = 2 ** (rnd.int(16) - 8);
  const bounded = rnd.next() < 0.75;
  const L = [rnd.range(4, 10) * f, rnd.range(4, 10) * f, rnd.range(4, 10) * f];
  const w = new World3D(bounded ? { bounds: { min: [0, 0, 0], max: [L[0], L[1], L[2]] } } : {});
  const clearOf: ((p: V3, r: number) => boolean)[] = [];
  const at = (): V3 => [rnd.range(-0.2, 1.1) * L[0], rnd.range(-0.2, 1.1) * L[1], rnd.range(-0.2, 1.1) * L[2]];
  const nWalls = rnd.int(7);
  for (let k = 0; k < nWalls; k++) {
    const roll = rnd.next();
    const p = at();
    if (roll < 0.15) {
      const n: V3 = [rnd.range(-1, 1), rnd.range(-1, 1), rnd.range(-1, 1)];
      // a plane near a side, facing in, so that most of the box stays free
      const q: V3 = [p[0] * 0.2, p[1] * 0.2, p[2] * 0.2];
      if (n[0] < 0) n[0] = -n[0];
      w.addPlane(q[0], q[1], q[2], n[0], n[1], n[2]);
      const len = Math.hypot(...n);
      clearOf.push((c, r) => ((c[0] - q[0]) * n[0] + (c[1] - q[1]) * n[1] + (c[2] - q[2]) * n[2]) / len > r);
    } else if (roll < 0.55) {
      const s = [rnd.range(0, 2) * f, rnd.range(0, 2) * f, rnd.range(0, 2) * f];
      w.addBox(p[0], p[1], p[2], p[0] + s[0], p[1] + s[1], p[2] + s[2]);
      clearOf.push((c, r) => Math.hypot(Math.max(p[0] - c[0], 0, c[0] - p[0] - s[0]), Math.max(p[1] - c[1], 0, c[1] - p[1] - s[1]), Math.max(p[2] - c[2], 0, c[2] - p[2] - s[2])) > r);
    } else {
      const t = [...p, ...p.map((x) => x + rnd.range(-3, 3) * f), ...p.map((x) => x + rnd.range(-3, 3) * f)];
      w.addTriangle(t[0], t[1], t[2], t[3], t[4], t[5], t[6], t[7], t[8]);
      clearOf.push((c, r) => distanceToTriangle(c, t) > r);
    }
  }
  const placed: number[][] = [];
  const nBodies = rnd.int(40);
  for (let tries = 0; placed.length < nBodies && tries < 400; tries++) {
    const r = rnd.next() < 0.1 ? 0 : rnd.range(0.05, 0.6) * f;
    const c: V3 = [0, 1, 2].map((k) => (bounded ? rnd.range(r, L[k] - r) : rnd.range(0, L[k]))) as V3;
    const gap = 0.01 * f;
    if (placed.some((p) => Math.hypot(p[0] - c[0], p[1] - c[1], p[2] - c[2]) <= p[3] + r + gap)) continue;
    if (clearOf.some((ok) => !ok(c, r + gap))) continue;
    placed.push([...c, r]);
    const roll = rnd.next();
    const fixed = roll < 0.12, kinematic = roll < 0.04;
    const s = fixed && !kinematic ? 0 : rnd.range(0, 3) * f;
    w.addBody({
      x: c[0], y: c[1], z: c[2], radius: r, vx: s * rnd.range(-1, 1), vy: s * rnd.range(-1, 1), vz: s * rnd.range(-1, 1), fixed,
      sensor: rnd.next() < 0.05, group: rnd.next() < 0.2 ? 1 << rnd.int(3) : 1,
    });
  }
  for (let k = 0; k < w.walls; k++) if (rnd.next() < 0.2) w.setWallVelocity(k, rnd.range(-1, 1) * f, rnd.range(-1, 1) * f, rnd.range(-1, 1) * f);
  return w;
}

function randomOptions(rnd: Random, w: World3D): QueryOptions {
  const o: QueryOptions = {};
  const roll = rnd.next();
  if (roll < 0.15) o.mask = rnd.int(8);
  else if (roll < 0.3 && w.n > 0) {
    const skip = rnd.int(w.n), skipWall = rnd.int(Math.max(1, w.walls)), skipFace = rnd.int(6);
    o.filter = (kind, i) => !((kind === HIT_BODY && i === skip) || (kind === HIT_WALL && i === skipWall) || (kind === HIT_BOUNDS && i === skipFace));
  }
  if (rnd.next() < 0.2) o.sensors = true;
  return o;
}

function same(got: WorldHit3 | null, want: RefHit | null, what: string): void {
  if (want === null) {
    assert.equal(got, null, what);
    return;
  }
  assert.ok(got !== null, `${what}: expected ${JSON.stringify(want)}`);
  if (got.t !== want.t || got.kind !== want.kind || got.index !== want.index) assert.deepEqual([got.t, got.kind, got.index], [want.t, want.kind, want.index], what);
  assert.ok(Math.abs(Math.hypot(got.nx, got.ny, got.nz) - 1) < 1e-12, `${what}: normal not unit`);
}

const counts = { rays: 0, rayHits: 0, casts: 0, castHits: 0, overlaps: 0, found: 0, midFlight: 0, stale: 0, bodies: 0, walls: 0, bounds: 0, planes: 0, boxes: 0, triangles: 0 };

function checkQueries(w: World3D, rnd: Random, label: string, buffer: OverlapBuffer): void {
  const f = Math.max(w.r.reduce((a, b) => Math.max(a, b), 0), 1e-3);
  if (isDirty(w)) counts.stale++;
  const origin = (): V3 => {
    if (w.bodyCount > 0 && rnd.next() < 0.2) {
      const i = rnd.int(w.n);
      if (w.flags[i] & 1) return bodyNow(w, i);
    }
    const lo = w.minX > -Infinity ? [w.minX, w.minY, w.minZ] : [0, 0, 0];
    const span = w.minX > -Infinity ? [w.maxX - w.minX, w.maxY - w.minY, w.maxZ - w.minZ] : [12 * f, 12 * f, 12 * f];
    return [0, 1, 2].map((k) => lo[k] + rnd.range(-0.1, 1.1) * span[k]) as V3;
  };
  const dir = (): V3 => {
    const v: V3 = [rnd.range(-1, 1), rnd.range(-1, 1), rnd.range(-1, 1)];
    if (rnd.next() < 0.1) v[rnd.int(3)] = 0;
    return v;
  };
  for (let q = 0; q < 2; q++) {
    const [x, y, z] = origin();
    let [dx, dy, dz] = dir();
    if (w.walls > 0 && rnd.next() < 0.3) {
      // aim at a point near a wall's first corner (triangles are thin: random rays seldom meet them)
      const k = rnd.int(w.walls), d = wallNow(w, k);
      if (w.wallKind[k] !== WALL_PLANE) [dx, dy, dz] = [d[0] + rnd.range(-1, 1) * f - x, d[1] + rnd.range(-1, 1) * f - y, d[2] + rnd.range(-1, 1) * f - z];
    }
    if (dx === 0 && dy === 0 && dz === 0) continue;
    const ray = { x, y, z, dx, dy, dz };
    const maxT = rnd.next() < 0.5 ? Infinity : rnd.range(0, 10) * f;
    const o = randomOptions(rnd, w);
    const want = refRay(w, ray, maxT, o);
    same(w.rayCast(ray, maxT, o), want, `${label} ray ${JSON.stringify(ray)} maxT ${maxT}`);
    counts.rays++;
    if (want !== null) {
      counts.rayHits++;
      counts[want.kind === HIT_BODY ? "bodies" : want.kind === HIT_WALL ? "walls" : "bounds"]++;
      if (want.kind === HIT_WALL) counts[w.wallKind[want.index] === WALL_PLANE ? "planes" : w.wallKind[want.index] === WALL_BOX3 ? "boxes" : "triangles"]++;
    }
  }
  {
    const [x, y, z] = origin();
    const [vx, vy, vz] = dir().map((v) => 4 * f * v);
    const s = { x, y, z, vx, vy, vz, r: rnd.range(0, 0.8) * f };
    const maxT = rnd.next() < 0.7 ? 1 : rnd.range(0, 5);
    const o = randomOptions(rnd, w);
    const want = refCast(w, s, maxT, o);
    same(w.castSphere(s, maxT, o), want, `${label} cast ${JSON.stringify(s)} maxT ${maxT}`);
    counts.casts++;
    if (want !== null) counts.castHits++;
  }
  const shapes: Shape[] = [{ point: origin() }];
  const c = origin();
  shapes.push({ sphere: { x: c[0], y: c[1], z: c[2], r: rnd.range(0, 3) * f } });
  const b = origin();
  shapes.push({ box: [b[0], b[1], b[2], b[0] + rnd.range(0, 5) * f, b[1] + rnd.range(0, 5) * f, b[2] + rnd.range(0, 5) * f] });
  for (const s of shapes) {
    const o = randomOptions(rnd, w);
    const want = refOverlaps(w, s, o);
    let got, n;
    if ("point" in s) {
      got = w.queryPoint(s.point[0], s.point[1], s.point[2], o);
      n = w.queryPointInto(buffer, s.point[0], s.point[1], s.point[2], o);
    } else if ("sphere" in s) {
      got = w.querySphere(s.sphere, o);
      n = w.querySphereInto(buffer, s.sphere, o);
    } else {
      const box = { minX: s.box[0], minY: s.box[1], minZ: s.box[2], maxX: s.box[3], maxY: s.box[4], maxZ: s.box[5] };
      got = w.queryBox(box, o);
      n = w.queryBoxInto(buffer, box, o);
    }
    if (!sameOverlaps(got, want)) assert.deepEqual(got, want, `${label} ${JSON.stringify(s)}`);
    if (!sameOverlaps(buffer.toOverlaps(), want)) assert.deepEqual(buffer.toOverlaps(), want, `${label} Into`);
    assert.equal(n, want.bodies.length + want.walls.length);
    counts.overlaps++;
    counts.found += n;
  }
}

test("3D ray casts, sphere casts and point, sphere and box queries equal brute force on 1,000 random worlds, mid-flight and with moving walls", (ctx) => {
  const rnd = new Random(3029);
  const buffer = new OverlapBuffer(2);
  let worlds = 0;
  for (let k = 0; k < 1000; k++) {
    const w = randomWorld(rnd);
    let midChecks = 0;
    w.onCollision = () => {
      if (midChecks >= 3 || rnd.next() < 0.6) return;
      midChecks++;
      counts.midFlight++;
      checkQueries(w, rnd, `world ${k} at t = ${w.now}`, buffer);
      if (rnd.next() < 0.3 && w.bodyCount > 1) {
        const i = rnd.int(w.n);
        if (w.flags[i] & 1) {
          w.removeBody(i);
          checkQueries(w, rnd, `world ${k} at t = ${w.now} after removing ${i}`, buffer);
        }
      }
    };
    try {
      w.advance(rnd.range(0, 2));
    } catch (e) {
      if (!(e instanceof RangeError)) throw e;
      continue;
    }
    w.onCollision = null;
    worlds++;
    checkQueries(w, rnd, `world ${k} at t = ${w.now}`, buffer);
  }
  ctx.diagnostic(`${worlds} worlds: ${JSON.stringify(counts)}`);
  assert.ok(worlds >= 950, `${worlds} worlds ran`);
  assert.ok(counts.midFlight > 300 && counts.stale > 20, JSON.stringify(counts));
  assert.ok(counts.bodies > 200 && counts.walls > 200 && counts.planes > 100 && counts.boxes > 30 && counts.triangles > 30 && counts.bounds > 200 && counts.castHits > 300 && counts.found > 1000, JSON.stringify(counts));
});
