/**
 * Every public query of carom's query layer, callable from a flat list of doubles: the hostile
 * input fuzzer (test/queries-hostile-fuzz.test.ts) and the hostile corpus
 * (test/hostile-queries.test.ts, test/hostile/queries-*.json) drive them through this table.
 *
 * Each entry takes `arity` numbers (positions, velocities, radii, ... in the order its `fields`
 * name them) plus an optional tMax, and returns the numbers it produced (a time, a hit's fields,
 * a distance, ...) with `null` standing for "no hit". A query may throw only the documented
 * RangeError of its argument checks (a zero ray direction, a degenerate plane normal, ...).
 */
import * as carom from "../../src/index.js";

export interface CatalogEntry {
  /** The public function called. */
  name: string;
  /** What each input number is, in order. */
  fields: readonly string[];
  /** Whether the last argument is a time limit (tMax / maxS) taken from the case. */
  timed: boolean;
  /** Calls the query; returns its numeric outputs, null for "none". */
  run: (v: readonly number[], tMax: number) => number[] | null;
}

const C2 = ["x", "y", "vx", "vy", "r"];
const C3 = ["x", "y", "z", "vx", "vy", "vz", "r"];
const A2 = ["x", "y", "vx", "vy", "ax", "ay", "r"];
const A3 = ["x", "y", "z", "vx", "vy", "vz", "ax", "ay", "az", "r"];
const pre = (p: string, f: readonly string[]): string[] => f.map((k) => `${p}.${k}`);

const circle = (v: readonly number[], o: number): carom.MovingCircle => ({ x: v[o], y: v[o + 1], vx: v[o + 2], vy: v[o + 3], r: Math.abs(v[o + 4]) });
const sphere = (v: readonly number[], o: number): carom.MovingSphere => ({
  x: v[o], y: v[o + 1], z: v[o + 2], vx: v[o + 3], vy: v[o + 4], vz: v[o + 5], r: Math.abs(v[o + 6]),
});
const accel2 = (v: readonly number[], o: number): carom.AcceleratedCircle => ({
  x: v[o], y: v[o + 1], vx: v[o + 2], vy: v[o + 3], ax: v[o + 4], ay: v[o + 5], r: Math.abs(v[o + 6]),
});
const accel3 = (v: readonly number[], o: number): carom.AcceleratedSphere => ({
  x: v[o], y: v[o + 1], z: v[o + 2], vx: v[o + 3], vy: v[o + 4], vz: v[o + 5], ax: v[o + 6], ay: v[o + 7], az: v[o + 8], r: Math.abs(v[o + 9]),
});
const still2 = (v: readonly number[], o: number): carom.Circle => ({ x: v[o], y: v[o + 1], r: Math.abs(v[o + 2]) });
const still3 = (v: readonly number[], o: number): carom.Sphere => ({ x: v[o], y: v[o + 1], z: v[o + 2], r: Math.abs(v[o + 3]) });
const seg2 = (v: readonly number[], o: number): carom.Segment2 => ({ ax: v[o], ay: v[o + 1], bx: v[o + 2], by: v[o + 3] });
const seg3 = (v: readonly number[], o: number): carom.Segment3 => ({ ax: v[o], ay: v[o + 1], az: v[o + 2], bx: v[o + 3], by: v[o + 4], bz: v[o + 5] });
const box2 = (v: readonly number[], o: number): carom.Box2 => ({
  minX: Math.min(v[o], v[o + 2]), minY: Math.min(v[o + 1], v[o + 3]), maxX: Math.max(v[o], v[o + 2]), maxY: Math.max(v[o + 1], v[o + 3]),
});
const box3 = (v: readonly number[], o: number): carom.Box3 => ({
  minX: Math.min(v[o], v[o + 3]), minY: Math.min(v[o + 1], v[o + 4]), minZ: Math.min(v[o + 2], v[o + 5]),
  maxX: Math.max(v[o], v[o + 3]), maxY: Math.max(v[o + 1], v[o + 4]), maxZ: Math.max(v[o + 2], v[o + 5]),
});
const tri = (v: readonly number[], o: number): carom.Triangle3 => ({
  ax: v[o], ay: v[o + 1], az: v[o + 2], bx: v[o + 3], by: v[o + 4], bz: v[o + 5], cx: v[o + 6], cy: v[o + 7], cz: v[o + 8],
});
const ray2 = (v: readonly number[], o: number): carom.Ray2 => ({ x: v[o], y: v[o + 1], dx: v[o + 2], dy: v[o + 3] });
const ray3 = (v: readonly number[], o: number): carom.Ray3 => ({ x: v[o], y: v[o + 1], z: v[o + 2], dx: v[o + 3], dy: v[o + 4], dz: v[o + 5] });
const plane = (v: readonly number[], o: number): carom.Plane3 => ({ x: v[o], y: v[o + 1], z: v[o + 2], nx: v[o + 3], ny: v[o + 4], nz: v[o + 5] });
const line = (v: readonly number[], o: number): carom.Line2 => ({ x: v[o], y: v[o + 1], nx: v[o + 2], ny: v[o + 3] });

const num = (t: number): number[] | null => (t === Infinity ? null : [t]);
const obj = (o: object | null): number[] | null => (o === null ? null : Object.values(o).filter((x): x is number => typeof x === "number"));

const SEG2 = ["ax", "ay", "bx", "by"];
const SEG3 = ["ax", "ay", "az", "bx", "by", "bz"];
const BOX2 = ["x0", "y0", "x1", "y1"];
const BOX3 = ["x0", "y0", "z0", "x1", "y1", "z1"];
const TRI = ["ax", "ay", "az", "bx", "by", "bz", "cx", "cy", "cz"];
const RAY2 = ["x", "y", "dx", "dy"];
const RAY3 = ["x", "y", "z", "dx", "dy", "dz"];
const PLANE = ["x", "y", "z", "nx", "ny", "nz"];

function entry(name: string, fields: string[], timed: boolean, run: CatalogEntry["run"]): CatalogEntry {
  return { name, fields, timed, run };
}

/** The table: one entry per public query (allocating forms; their Into/Raw twins share the kernels). */
export const QUERY_CATALOG: readonly CatalogEntry[] = [
  entry("timeOfImpactCircles", [...pre("a", C2), ...pre("b", C2)], true, (v, t) => num(carom.timeOfImpactCircles(circle(v, 0), circle(v, 5), t))),
  entry("timeOfImpactSpheres", [...pre("a", C3), ...pre("b", C3)], true, (v, t) => num(carom.timeOfImpactSpheres(sphere(v, 0), sphere(v, 7), t))),
  entry("sweepCircles", [...pre("a", C2), ...pre("b", C2)], true, (v, t) => obj(carom.sweepCircles(circle(v, 0), circle(v, 5), t))),
  entry("sweepSpheres", [...pre("a", C3), ...pre("b", C3)], true, (v, t) => obj(carom.sweepSpheres(sphere(v, 0), sphere(v, 7), t))),
  entry("timeOfImpactCirclesBatch", [...pre("a", C2), ...pre("b", C2)], true, (v, t) => {
    const A = { x: new Float64Array([v[0]]), y: new Float64Array([v[1]]), vx: new Float64Array([v[2]]), vy: new Float64Array([v[3]]), r: new Float64Array([Math.abs(v[4])]) };
    const B = { x: new Float64Array([v[5]]), y: new Float64Array([v[6]]), vx: new Float64Array([v[7]]), vy: new Float64Array([v[8]]), r: new Float64Array([Math.abs(v[9])]) };
    return num(carom.timeOfImpactCirclesBatch(new Float64Array(1), A, B, 1, t)[0]);
  }),
  entry("timeOfImpactSpheresBatch", [...pre("a", C3), ...pre("b", C3)], true, (v, t) => {
    const mk = (o: number): carom.SphereArrays => ({
      x: new Float64Array([v[o]]), y: new Float64Array([v[o + 1]]), z: new Float64Array([v[o + 2]]),
      vx: new Float64Array([v[o + 3]]), vy: new Float64Array([v[o + 4]]), vz: new Float64Array([v[o + 5]]), r: new Float64Array([Math.abs(v[o + 6])]),
    });
    return num(carom.timeOfImpactSpheresBatch(new Float64Array(1), mk(0), mk(7), 1, t)[0]);
  }),
  entry("closestApproachCircles", [...pre("a", C2), ...pre("b", C2)], true, (v, t) => obj(carom.closestApproachCircles(circle(v, 0), circle(v, 5), t))),
  entry("closestApproachSpheres", [...pre("a", C3), ...pre("b", C3)], true, (v, t) => obj(carom.closestApproachSpheres(sphere(v, 0), sphere(v, 7), t))),
  entry("overlapCircles", ["a.x", "a.y", "a.r", "b.x", "b.y", "b.r"], false, (v) => [+carom.overlapCircles(still2(v, 0), still2(v, 3))]),
  entry("overlapSpheres", ["a.x", "a.y", "a.z", "a.r", "b.x", "b.y", "b.z", "b.r"], false, (v) => [+carom.overlapSpheres(still3(v, 0), still3(v, 4))]),
  entry("pointInCircle", ["px", "py", "c.x", "c.y", "c.r"], false, (v) => [+carom.pointInCircle(v[0], v[1], still2(v, 2))]),
  entry("pointInSphere", ["px", "py", "pz", "s.x", "s.y", "s.z", "s.r"], false, (v) => [+carom.pointInSphere(v[0], v[1], v[2], still3(v, 3))]),
  entry("shortenMovementCircle", [...pre("moving", C2), "still.x", "still.y", "still.r"], false, (v) => obj(carom.shortenMovementCircle(circle(v, 0), still2(v, 5)))),
  entry("shortenMovementsCircles", [...pre("a", C2), ...pre("b", C2)], false, (v) => obj(carom.shortenMovementsCircles(circle(v, 0), circle(v, 5)))),
  entry("shortenMovementSphere", [...pre("moving", C3), "still.x", "still.y", "still.z", "still.r"], false, (v) => obj(carom.shortenMovementSphere(sphere(v, 0), still3(v, 7)))),
  entry("shortenMovementsSpheres", [...pre("a", C3), ...pre("b", C3)], false, (v) => obj(carom.shortenMovementsSpheres(sphere(v, 0), sphere(v, 7)))),
  entry("enclosingCircle", ["x0", "y0", "x1", "y1", "x2", "y2", "x3", "y3"], false, (v) => obj(carom.enclosingCircle(v.slice(0, 8)))),
  entry("enclosingSphere", ["x0", "y0", "z0", "x1", "y1", "z1", "x2", "y2", "z2", "x3", "y3", "z3"], false, (v) => obj(carom.enclosingSphere(v.slice(0, 12)))),
  entry("sweptBoundsCircle", C2, true, (v, t) => obj(carom.sweptBoundsCircle(circle(v, 0), t))),
  entry("sweptBoundsSphere", C3, true, (v, t) => obj(carom.sweptBoundsSphere(sphere(v, 0), t))),
  entry("closestPointOnSegment", [...SEG2, "px", "py"], false, (v) => obj(carom.closestPointOnSegment(seg2(v, 0), { x: v[4], y: v[5] }))),
  entry("closestPointOnTriangle", [...TRI, "px", "py", "pz"], false, (v) => obj(carom.closestPointOnTriangle(tri(v, 0), { x: v[9], y: v[10], z: v[11] }))),
  entry("rayHitCircle", [...RAY2, "c.x", "c.y", "c.r"], true, (v, t) => num(carom.rayHitCircle(ray2(v, 0), still2(v, 4), t))),
  entry("segmentHitCircle", [...SEG2, "c.x", "c.y", "c.r"], false, (v) => num(carom.segmentHitCircle(seg2(v, 0), still2(v, 4)))),
  entry("pointCrossingBox2", ["x", "y", "vx", "vy", ...BOX2], true, (v, t) => obj(carom.pointCrossingBox2({ x: v[0], y: v[1], vx: v[2], vy: v[3] }, box2(v, 4), t))),
  entry("sweepCircleSegment", [...C2, ...SEG2], true, (v, t) => obj(carom.sweepCircleSegment(circle(v, 0), seg2(v, 5), t))),
  entry("timeOfImpactCircleSegment", [...C2, ...SEG2], true, (v, t) => num(carom.timeOfImpactCircleSegment(circle(v, 0), seg2(v, 5), t))),
  entry("sweepCirclePolyline", [...C2, "x0", "y0", "x1", "y1", "x2", "y2"], true, (v, t) => obj(carom.sweepCirclePolyline(circle(v, 0), v.slice(5, 11), t))),
  entry("sweepCircleBox", [...C2, ...BOX2], true, (v, t) => obj(carom.sweepCircleBox(circle(v, 0), box2(v, 5), t))),
  entry("raySphere", [...RAY3, "s.x", "s.y", "s.z", "s.r"], true, (v, t) => num(carom.raySphere(ray3(v, 0), still3(v, 6), t))),
  entry("raycastSphere", [...RAY3, "s.x", "s.y", "s.z", "s.r"], true, (v, t) => obj(carom.raycastSphere(ray3(v, 0), still3(v, 6), t))),
  entry("rayBox3", [...RAY3, ...BOX3], true, (v, t) => num(carom.rayBox3(ray3(v, 0), box3(v, 6), t))),
  entry("rayBox3Interval", [...RAY3, ...BOX3], true, (v, t) => obj(carom.rayBox3Interval(ray3(v, 0), box3(v, 6), t))),
  entry("raycastBox3", [...RAY3, ...BOX3], true, (v, t) => obj(carom.raycastBox3(ray3(v, 0), box3(v, 6), t))),
  entry("rayTriangle", [...RAY3, ...TRI], true, (v, t) => num(carom.rayTriangle(ray3(v, 0), tri(v, 6), t))),
  entry("raycastTriangle", [...RAY3, ...TRI], true, (v, t) => obj(carom.raycastTriangle(ray3(v, 0), tri(v, 6), t))),
  entry("sweepSpherePlane", [...C3, ...PLANE], true, (v, t) => obj(carom.sweepSpherePlane(sphere(v, 0), plane(v, 7), t))),
  entry("sweepSphereBox", [...C3, ...BOX3], true, (v, t) => obj(carom.sweepSphereBox(sphere(v, 0), box3(v, 7), t))),
  entry("sweepSphereSegment", [...C3, ...SEG3], true, (v, t) => obj(carom.sweepSphereSegment(sphere(v, 0), seg3(v, 7), t))),
  entry("sweepSphereTriangle", [...C3, ...TRI], true, (v, t) => obj(carom.sweepSphereTriangle(sphere(v, 0), tri(v, 7), t))),
  entry("sweepCirclesAccelerated", [...pre("a", A2), ...pre("b", A2)], true, (v, t) => obj(carom.sweepCirclesAccelerated(accel2(v, 0), accel2(v, 7), t))),
  entry("sweepSpheresAccelerated", [...pre("a", A3), ...pre("b", A3)], true, (v, t) => obj(carom.sweepSpheresAccelerated(accel3(v, 0), accel3(v, 10), t))),
  entry("sweepAcceleratedCircleCircle", [...A2, "o.x", "o.y", "o.r"], true, (v, t) => obj(carom.sweepAcceleratedCircleCircle(accel2(v, 0), still2(v, 7), t))),
  entry("sweepAcceleratedSphereSphere", [...A3, "o.x", "o.y", "o.z", "o.r"], true, (v, t) => obj(carom.sweepAcceleratedSphereSphere(accel3(v, 0), still3(v, 10), t))),
  entry("sweepAcceleratedCircleLine", [...A2, "l.x", "l.y", "l.nx", "l.ny"], true, (v, t) => obj(carom.sweepAcceleratedCircleLine(accel2(v, 0), line(v, 7), t))),
  entry("sweepAcceleratedSpherePlane", [...A3, ...PLANE], true, (v, t) => obj(carom.sweepAcceleratedSpherePlane(accel3(v, 0), plane(v, 10), t))),
  entry("sweepAcceleratedCircleSegment", [...A2, ...SEG2], true, (v, t) => obj(carom.sweepAcceleratedCircleSegment(accel2(v, 0), seg2(v, 7), t))),
  entry("firstRootInInterval", ["c0", "c1", "c2", "c3", "c4", "lo", "hi"], false, (v) => {
    const lo = Math.min(v[5], v[6]), hi = Math.max(v[5], v[6]);
    return num(carom.firstRootInInterval(v[0], v[1], v[2], v[3], v[4], lo, hi));
  }),
  entry("realRootsInInterval", ["c0", "c1", "c2", "c3", "c4", "lo", "hi"], false, (v) => {
    const lo = Math.min(v[5], v[6]), hi = Math.max(v[5], v[6]);
    const roots = new Float64Array(4);
    const n = carom.realRootsInInterval(roots, v[0], v[1], v[2], v[3], v[4], lo, hi);
    return [n, ...roots.subarray(0, n)];
  }),
];

/** The entry of a query by name (throws for an unknown name, so a corpus file cannot misspell one). */
export function catalogEntry(name: string): CatalogEntry {
  const e = QUERY_CATALOG.find((q) => q.name === name);
  if (e === undefined) throw new RangeError(`unknown query ${name}`);
  return e;
}

/** A RangeError thrown by an argument check (documented), as opposed to an internal failure. */
export function isArgumentError(e: unknown): boolean {
  return e instanceof RangeError && / must /.test(e.message);
}
