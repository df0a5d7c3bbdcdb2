/**
 * World3D: exact event-driven simulation of moving spheres among planes, boxes, triangles,
 * fixed spheres and a box-shaped container. The engine is in world-core.ts and the layers it names.
 */
import type { WorldOptions } from "./event-loop.js";
import { WorldKernels3 } from "./scan-3d.js";
import { WALL_BOX3, WALL_PLANE, WALL_TRIANGLE, type WallKind } from "./walls/wall-kind.js";
import { planeWall } from "./walls/wall-plane.js";
import { box3Wall } from "./walls/wall-box3.js";
import { triangleWall } from "./walls/wall-triangle.js";

import { WORLD_OPTION_KEYS, bodyInitName, checkCoordinate, checkKeys } from "./options.js";
import type { WallOptions } from "./walls.js";
import { partMethods, requirePart } from "./parts.js";
import { QUERY_METHODS_3, type Queries3 } from "./queries-api.js";

const KINDS3: (WallKind | undefined)[] = [];
KINDS3[WALL_PLANE] = planeWall;
KINDS3[WALL_BOX3] = box3Wall;
KINDS3[WALL_TRIANGLE] = triangleWall;

/** A body to add to a World3D. */
export interface BodyInit3 {
  /** Unique string id (default: the body index). */
  id?: string;
  /** Position, x (|value| <= 1e150, as every coordinate, velocity and acceleration). */
  x: number;
  /** Position, y. */
  y: number;
  /** Position, z. */
  z: number;
  /** Velocity, x (default 0). */
  vx?: number;
  /** Velocity, y (default 0). */
  vy?: number;
  /** Velocity, z (default 0). */
  vz?: number;
  /** Own constant acceleration, x, added to the world's gravity (default 0). */
  ax?: number;
  /** Own constant acceleration, y (default 0). */
  ay?: number;
  /** Own constant acceleration, z (default 0). */
  az?: number;
  /** Radius >= 0 (0: a point). */
  radius: number;
  /** Default 1; ignored for fixed bodies. */
  mass?: number;
  /** Immovable (infinite mass); it may still move at a constant velocity (a kinematic body). */
  fixed?: boolean;
  /** A sensor (see BodyInit2.sensor). */
  sensor?: boolean;
  /** This body's restitution (default: the world's); two bodies that both set one use the product. */
  restitution?: number;
  /** Collision group bits (default 1): two bodies collide when each one's group meets the other's mask. */
  group?: number;
  /** Collision mask bits (default all bits, -1): the groups this body collides with (see group). */
  mask?: number;
  /** Anything the game wants to keep with the body (read it back with `world.data(i)`). */
  data?: unknown;
}

/** Options of a World3D (every key checked: an unknown one is a RangeError naming it). */
export interface World3DOptions extends WorldOptions {
  /** Uniform gravity [gx, gy, gz] (default [0, 0, 0]). */
  gravity?: readonly [number, number, number];
  /** A box-shaped container the bodies stay inside; `periodic` as in World2DOptions.bounds. */
  bounds?: {
    /** Lower corner [minX, minY, minZ] of the container. */
    min: readonly [number, number, number];
    /** Upper corner [maxX, maxY, maxZ] of the container (each at least the lower corner's). */
    max: readonly [number, number, number];
    /** Periodic axes: true for all three, or one boolean per axis (default false). */
    periodic?: boolean | readonly [boolean, boolean, boolean];
    /** The container's collision group bits (see World2DOptions.bounds). */
    group?: number;
    /** The container's collision mask bits (see World2DOptions.bounds). */
    mask?: number;
  };
}

const BODY_KEYS3 = ["id", "x", "y", "z", "vx", "vy", "vz", "ax", "ay", "az", "radius", "mass", "fixed", "sensor", "restitution", "group", "mask", "data"];

/** The queries of World3D (`rayCast`, `castSphere`, `queryPoint`, ...; the queries part, `import "carom/3d/queries"`). */
export interface World3D extends Queries3 {}

/** Exact event-driven simulation of moving spheres in 3D (the same engine and rules as World2D). */
export class World3D extends WorldKernels3 {
  /** 3: the world's dimension. */
  declare readonly dim: 3;

  /** Creates an empty world at time 0; RangeError on an unknown or invalid option. */
  constructor(options: World3DOptions = {}) {
    checkKeys(options, WORLD_OPTION_KEYS, "World3D options");
    super(3, options, KINDS3);
    if (options.gravity) this.setGravity(options.gravity);
    if (options.bounds) {
      checkKeys(options.bounds, ["min", "max", "periodic", "group", "mask"], "bounds");
      this.setBoundsBits(options.bounds.group, options.bounds.mask);
      this.setBox(options.bounds.min, options.bounds.max, options.bounds.periodic ?? false);
    }
  }

  /** Adds a body; returns its index. Throws a RangeError naming the body and field for bad values. */
  addBody(b: BodyInit3): number {
    const name = bodyInitName(b, this.free.length > 0 ? this.free[this.free.length - 1] : this.n);
    checkKeys(b, BODY_KEYS3, name);
    for (const k of ["x", "y", "z", "vx", "vy", "vz", "ax", "ay", "az", "radius"] as const) checkCoordinate(b[k] ?? 0, `${name}: ${k}`);
    if ((b.ax ?? 0) !== 0 || (b.ay ?? 0) !== 0 || (b.az ?? 0) !== 0) requirePart("gravity", 3, `${name}: an acceleration`);
    if (b.sensor === true) requirePart("sensors", 3, `${name}: a sensor`);
    let i: number;
    try {
      i = this.allocBody(b.id, b.radius, b.mass ?? 1, b.fixed === true, b.restitution, b.group ?? 1, b.mask ?? -1, b.sensor === true, b.data);
    } catch (e) {
      throw new RangeError(`${name}: ${(e as Error).message}`);
    }
    this.placeBody(i, [b.x, b.y, b.z], [b.vx ?? 0, b.vy ?? 0, b.vz ?? 0], [b.ax ?? 0, b.ay ?? 0, b.az ?? 0]);
    this.admit(i);
    return i;
  }

  /**
   * Adds a plane through (px, py, pz) with normal (nx, ny, nz): the solid half-space is behind
   * the normal. The last argument is its id or its options (see World2D.addSegment).
   */
  addPlane(px: number, py: number, pz: number, nx: number, ny: number, nz: number, options?: string | WallOptions): number {
    if (nx === 0 && ny === 0 && nz === 0) {
      const id = typeof options === "string" ? options : options?.id;
      throw new RangeError(`plane${id === undefined ? "" : ` "${id}"`}: normal must not be zero`);
    }
    return this.addWall(WALL_PLANE, [px, py, pz, nx, ny, nz], options, "plane");
  }

  /** Adds a solid axis-aligned box wall (`sensor: true` in the options: a box sensor). The last argument is its id or its options. */
  addBox(minX: number, minY: number, minZ: number, maxX: number, maxY: number, maxZ: number, options?: string | WallOptions): number {
    if (!(minX <= maxX && minY <= maxY && minZ <= maxZ)) {
      const id = typeof options === "string" ? options : options?.id;
      throw new RangeError(`box${id === undefined ? "" : ` "${id}"`}: min must not exceed max, got [${minX}, ${minY}, ${minZ}] and [${maxX}, ${maxY}, ${maxZ}]`);
    }
    return this.addWall(WALL_BOX3, [minX, minY, minZ, maxX, maxY, maxZ], options, "box");
  }

  /** Adds a thin triangle wall (solid on both sides). The last argument is its id or its options. */
  addTriangle(ax: number, ay: number, az: number, bx: number, by: number, bz: number, cx: number, cy: number, cz: number, options?: string | WallOptions): number {
    return this.addWall(WALL_TRIANGLE, [ax, ay, az, bx, by, bz, cx, cy, cz], options, "triangle");
  }

  /** Moves wall w so that its reference point (a plane's point, a box's lower corner, a triangle's first vertex) is at (x, y, z); see World2D.setWallPosition. */
  setWallPosition(w: number, x: number, y: number, z: number): void {
    this.placeWall(w, [x, y, z]);
  }

  /** Makes wall w translate at (vx, vy, vz) from now on (see World2D.setWallVelocity). */
  setWallVelocity(w: number, vx: number, vy: number, vz: number): void {
    this.checkWall(w);
    checkCoordinate(vx, "wall velocity vx");
    checkCoordinate(vy, "wall velocity vy");
    checkCoordinate(vz, "wall velocity vz");
    if (vx !== 0 || vy !== 0 || vz !== 0) requirePart("moving-walls", 3, "setWallVelocity");
    this.setWallMotion(w, vx, vy, vz);
  }

  /** Sets body i's velocity at the current time (also inside `onCollision`). */
  setVelocity(i: number, vx: number, vy: number, vz: number): void {
    checkCoordinate(vx, "vx");
    checkCoordinate(vy, "vy");
    checkCoordinate(vz, "vz");
    this.changeVelocity(i, vx, vy, vz);
  }

  /** Moves body i to (x, y, z) at the current time (no collision is generated for the jump). */
  setPosition(i: number, x: number, y: number, z: number): void {
    checkCoordinate(x, "x");
    checkCoordinate(y, "y");
    checkCoordinate(z, "z");
    this.changePosition(i, x, y, z);
  }

  /** Total momentum [px, py, pz] of the movable bodies. */
  momentum(): [number, number, number] {
    return this.momentum3();
  }

  /** A copy of this world, state and all (walls and options included); see `snapshot` for the part it needs. */
  clone(): World3D {
    requirePart("snapshots", 3, "clone");
    const w = new World3D({
      restitution: this.defaultRestitution, collapseTime: this.collapseTimeOption, maxEventsPerAdvance: this.maxEventsPerAdvance,
      recordEvents: this.recordEvents,
    });
    this.copyInto!(w);
    return w;
  }
}

// Until `carom/3d/queries` is imported, each query is a RangeError naming that import.
partMethods(World3D, "queries", 3, QUERY_METHODS_3);
