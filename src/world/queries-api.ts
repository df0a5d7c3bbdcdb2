/**
 * The world queries' public surface (the queries part, `carom/2d/queries` and
 * `carom/3d/queries`): what they take and give, and the methods World2D and World3D gain.
 * The methods are written in queries-2d.ts and queries-3d.ts over the cell walk of
 * query-walk.ts, and installed onto the facades when the part's entry module runs (see
 * parts.ts); without it each one is a RangeError naming the import.
 */
import type { Box2, Box3, Circle, MovingCircle, MovingSphere, Sphere } from "../query/types.js";
import type { Ray2 } from "../query/types-geometry2.js";
import type { Ray3 } from "../query/geometry3.js";

/**
 * Which things a query sees. Each key is optional; an unknown key is a RangeError naming it.
 *
 * @example
 * ```ts
 * // everything but the player's own body, and no sensors (the default)
 * world.rayCast(ray, Infinity, { filter: (kind, i) => !(kind === HIT_BODY && i === player) });
 * ```
 */
export interface QueryOptions {
  /**
   * Collision groups the query sees (default all bits, -1): a body is seen when its `group`
   * meets the mask. Walls and the container are in group 1 (a body's default group).
   */
  mask?: number;
  /**
   * Called for each candidate the mask lets through, with its kind (HIT_BODY, HIT_WALL or
   * HIT_BOUNDS) and index (body index, wall number or container face); return false to skip
   * it. It must not call another query of the same world (a RangeError), nor change the world
   * (the answer is then unspecified, though the query still ends).
   */
  filter?: (kind: number, index: number) => boolean;
  /** Whether sensor bodies are seen (default false: a sensor is not a thing a ray hits). */
  sensors?: boolean;
}

/**
 * A query's hit in 2D (what `rayCast` and `castCircle` give): the parameter or time t, a point,
 * the unit normal from the query towards what it hit, and what it hit.
 */
export interface WorldHit2 {
  /**
   * Ray parameter (in units of the direction) or time of contact of the swept circle, in [0, maxT]
   * and finite (a hit whose parameter would exceed the largest double, with a direction of
   * subnormal length, is none, as for the single-shape ray functions).
   */
  t: number;
  /** The point: on the ray at t, or the contact point on the swept circle's surface. */
  px: number;
  /** The point, y. */
  py: number;
  /** Unit normal from the query towards what it hit (into the surface; negate it for the surface normal facing the query). */
  nx: number;
  /** Unit normal, y. */
  ny: number;
  /** HIT_BODY, HIT_WALL or HIT_BOUNDS (the container). */
  kind: number;
  /** Body index, wall number, or container face (0: -x, 1: +x, 2: -y, 3: +y). */
  index: number;
  /** The body's or wall's id; "bounds" for the container. */
  id: string;
}

/** A query's hit in 3D (what `rayCast` and `castSphere` give); see {@link WorldHit2}. */
export interface WorldHit3 {
  /** Ray parameter (in units of the direction) or time of contact of the swept sphere, in [0, maxT] and finite, as in 2D. */
  t: number;
  /** The point: on the ray at t, or the contact point on the swept sphere's surface. */
  px: number;
  /** The point, y. */
  py: number;
  /** The point, z. */
  pz: number;
  /** Unit normal from the query towards what it hit. */
  nx: number;
  /** Unit normal, y. */
  ny: number;
  /** Unit normal, z. */
  nz: number;
  /** HIT_BODY, HIT_WALL or HIT_BOUNDS (the container). */
  kind: number;
  /** Body index, wall number, or container face (0: -x, 1: +x, 2: -y, 3: +y, 4: -z, 5: +z). */
  index: number;
  /** The body's or wall's id; "bounds" for the container. */
  id: string;
}

/** What an overlap query found: body indices and wall numbers, each in increasing order. */
export interface Overlaps {
  /** Indices of the bodies that overlap the query shape. */
  bodies: number[];
  /** Numbers of the walls that overlap it. */
  walls: number[];
}

/**
 * A reusable result of the allocation-free overlap queries (`queryPointInto`, ...): the body
 * indices in `bodies[0 .. bodyCount)` and the wall numbers in `walls[0 .. wallCount)`, each in
 * increasing order. The arrays grow (by doubling) when a query finds more; they are then new
 * arrays, so read them from the result after each query.
 *
 * @example
 * ```ts
 * const found = new OverlapBuffer();
 * world.queryCircleInto(found, { x: 3, y: 4, r: 1 });
 * for (let k = 0; k < found.bodyCount; k++) world.removeBody(found.bodies[k]);
 * ```
 */
export class OverlapBuffer {
  /** Number of bodies found. */
  bodyCount = 0;
  /** Body indices, the first `bodyCount` of them valid. */
  bodies: Int32Array;
  /** Number of walls found. */
  wallCount = 0;
  /** Wall numbers, the first `wallCount` of them valid. */
  walls: Int32Array;

  /** An empty result with room for `capacity` bodies and as many walls (default 64). */
  constructor(capacity = 64) {
    const n = Math.max(1, Math.floor(capacity) || 1);
    this.bodies = new Int32Array(n);
    this.walls = new Int32Array(n);
  }

  /** The result as plain arrays (allocates). */
  toOverlaps(): Overlaps {
    return { bodies: Array.from(this.bodies.subarray(0, this.bodyCount)), walls: Array.from(this.walls.subarray(0, this.wallCount)) };
  }
}

/**
 * The queries of a World2D (the queries part: `import "carom/2d/queries";`, included in the
 * package root "carom"). Every query sees the world at `world.now`: bodies where their motion
 * puts them at that instant (also inside a callback, where bodies are stored at their own
 * update times and are extrapolated for the query, with the engine's formula), walls where
 * their velocity has taken them. Nothing in the world changes. Candidates come from the
 * world's cells (a walk of the cells along a ray or a swept circle, the cells under a shape);
 * a world that changed since its last `advance` (bodies or walls added, moved or removed: the
 * cells are rebuilt at the next `advance`) is searched body by body instead, with the same
 * answers. The Into forms create no objects: in a steady loop, point, circle and box queries
 * among bodies allocate nothing at all (measured); the exact kernels of walls and of sweeps may
 * still box a few numbers where V8 does not inline them, as in the engine's own loop. Queries
 * are a RangeError in a periodic world (they
 * do not wrap) and from inside another query's filter.
 *
 * Ties (two things hit at the same t) go to a body before a wall before the container, then
 * to the lower index.
 */
export interface Queries2 {
  /**
   * The first body, wall or side of the container on the ray (x, y) + t (dx, dy) for t in
   * [0, maxT] (default Infinity: the whole ray), or null. Bodies and boxes are solid: an origin
   * inside one hits it at 0. Segments are thin: a ray crossing one hits it (through an end point
   * too), one along it does not. The container is solid outside its box: a ray from inside hits
   * the side it leaves through; an origin outside or on a side hits at 0. t is exact to an ulp
   * (the kernels `rayHitCircle`, `rayHitSegment`, `pointCrossingBox2`). A zero direction is a
   * RangeError.
   *
   * @example
   * ```ts
   * const hit = world.rayCast({ x: 0, y: 1, dx: 1, dy: 0 });
   * if (hit !== null) console.log(`${hit.id} at t = ${hit.t}, normal (${hit.nx}, ${hit.ny})`);
   * ```
   */
  rayCast(ray: Ray2, maxT?: number, options?: QueryOptions): WorldHit2 | null;
  /** Like `rayCast`, without allocating: fills `out` and returns true on a hit; false (out untouched) on a miss. */
  rayCastInto(out: WorldHit2, ray: Ray2, maxT?: number, options?: QueryOptions): boolean;
  /**
   * The earliest contact of a circle moving from (x, y) with velocity (vx, vy), radius r, with
   * the world as it is at `now` (bodies, walls and the container held still: a shape cast, as
   * Box2D's and Rapier's), for t in [0, maxT] (default 1: (vx, vy) is the movement to test), or
   * null. Contacts follow carom's sweeps: a circle already touching or overlapping something
   * meets it at 0 when it moves into it, not when it moves away; a tangent graze is no contact.
   * The point is on the moving circle's surface, the normal from its centre towards the contact.
   * Times come from the exact kernels (`toiCirclesRaw`, `timeOfImpactCircleSegment`,
   * `timeOfImpactCircleBox`, the engine's own), within an ulp.
   */
  castCircle(circle: MovingCircle, maxT?: number, options?: QueryOptions): WorldHit2 | null;
  /** Like `castCircle`, without allocating: fills `out` and returns true on a contact. */
  castCircleInto(out: WorldHit2, circle: MovingCircle, maxT?: number, options?: QueryOptions): boolean;
  /**
   * The bodies whose disc contains (x, y) (on the circle counts) and the walls it lies in (a box,
   * sides included) or on (a segment, exactly), in increasing order. Exact.
   */
  queryPoint(x: number, y: number, options?: QueryOptions): Overlaps;
  /** Like `queryPoint`, into a reusable result; returns the number of bodies and walls found. */
  queryPointInto(out: OverlapBuffer, x: number, y: number, options?: QueryOptions): number;
  /**
   * The bodies and walls that overlap the closed disc (touching counts), in increasing order.
   * Exact for bodies and boxes; against a segment, the point of the segment nearest the centre
   * is rounded (within about two ulps of its parameter, see `closestPointOnSegment`).
   */
  queryCircle(circle: Circle, options?: QueryOptions): Overlaps;
  /** Like `queryCircle`, into a reusable result; returns the number found. */
  queryCircleInto(out: OverlapBuffer, circle: Circle, options?: QueryOptions): number;
  /** The bodies and walls that overlap the closed box (touching counts), in increasing order. Exact. */
  queryBox(box: Box2, options?: QueryOptions): Overlaps;
  /** Like `queryBox`, into a reusable result; returns the number found. */
  queryBoxInto(out: OverlapBuffer, box: Box2, options?: QueryOptions): number;
}

/**
 * The queries of a World3D (the queries part: `import "carom/3d/queries";`, included in the
 * package root "carom"); the same rules as {@link Queries2}, with spheres.
 */
export interface Queries3 {
  /**
   * The first body, wall or side of the container on the ray (x, y, z) + t (dx, dy, dz) for t
   * in [0, maxT] (default Infinity), or null. Spheres, boxes and the half-space behind a plane
   * are solid (an origin inside hits at 0); triangles are thin. t from the kernels
   * `raySphere`, `rayBox3`, `rayTriangle` and `timeOfImpactSpherePlane` (a point). See
   * {@link Queries2.rayCast}.
   */
  rayCast(ray: Ray3, maxT?: number, options?: QueryOptions): WorldHit3 | null;
  /** Like `rayCast`, without allocating: fills `out` and returns true on a hit. */
  rayCastInto(out: WorldHit3, ray: Ray3, maxT?: number, options?: QueryOptions): boolean;
  /**
   * The earliest contact of a moving sphere with the world held still at `now`, for t in
   * [0, maxT] (default 1), or null; see {@link Queries2.castCircle}. Times from the exact
   * kernels `toiSpheresRaw`, `timeOfImpactSpherePlane`, `timeOfImpactSphereBox` and
   * `timeOfImpactSphereTriangle` (the engine's own).
   */
  castSphere(sphere: MovingSphere, maxT?: number, options?: QueryOptions): WorldHit3 | null;
  /** Like `castSphere`, without allocating: fills `out` and returns true on a contact. */
  castSphereInto(out: WorldHit3, sphere: MovingSphere, maxT?: number, options?: QueryOptions): boolean;
  /**
   * The bodies whose ball contains (x, y, z) and the walls it lies in (a box or the half-space
   * behind a plane, boundary included) or on (a triangle, to the rounding of the triangle's
   * nearest point), in increasing order.
   */
  queryPoint(x: number, y: number, z: number, options?: QueryOptions): Overlaps;
  /** Like `queryPoint`, into a reusable result; returns the number found. */
  queryPointInto(out: OverlapBuffer, x: number, y: number, z: number, options?: QueryOptions): number;
  /**
   * The bodies and walls that overlap the closed ball, in increasing order. Exact for bodies and
   * boxes; planes to the plane kernel's accuracy; triangles to the rounding of the triangle's
   * nearest point (`closestPointOnTriangle`).
   */
  querySphere(sphere: Sphere, options?: QueryOptions): Overlaps;
  /** Like `querySphere`, into a reusable result; returns the number found. */
  querySphereInto(out: OverlapBuffer, sphere: Sphere, options?: QueryOptions): number;
  /**
   * The bodies and walls that overlap the closed box, in increasing order. Exact for bodies and
   * boxes; a plane by its deepest corner (the plane kernel); a triangle by the separating-axis
   * test in doubles (to its rounding: a triangle within about an ulp of the box may go either way).
   */
  queryBox(box: Box3, options?: QueryOptions): Overlaps;
  /** Like `queryBox`, into a reusable result; returns the number found. */
  queryBoxInto(out: OverlapBuffer, box: Box3, options?: QueryOptions): number;
}

/** The method names of {@link Queries2} (what a World2D without the part answers with a RangeError). */
export const QUERY_METHODS_2 = [
  "rayCast", "rayCastInto", "castCircle", "castCircleInto", "queryPoint", "queryPointInto", "queryCircle", "queryCircleInto", "queryBox", "queryBoxInto",
] as const;

/** The method names of {@link Queries3}. */
export const QUERY_METHODS_3 = [
  "rayCast", "rayCastInto", "castSphere", "castSphereInto", "queryPoint", "queryPointInto", "querySphere", "querySphereInto", "queryBox", "queryBoxInto",
] as const;
