/**
 * World2D: exact event-driven simulation of moving circles among segments, boxes, fixed
 * circles and a rectangular container. The facade over the engine (world-core.ts and the
 * layers it names) with the 2D kernels (scan-2d.ts) and the 2D wall kinds.
 */
import type { ContactFilter, WorldOptions } from "./event-loop.js";
import type { PeriodicInfo } from "./cells.js";
import { WorldKernels2 } from "./scan-2d.js";
import { WALL_BOX2, WALL_SEGMENT, type WallKind } from "./walls/wall-kind.js";
import { segmentWall } from "./walls/wall-segment.js";
import { box2Wall } from "./walls/wall-box2.js";
import { WORLD_OPTION_KEYS, bodyInitName, checkCoordinate, checkKeys } from "./options.js";
import type { WallOptions } from "./walls.js";
import { partMethods, requirePart } from "./parts.js";
import { QUERY_METHODS_2, type Queries2 } from "./queries-api.js";

const KINDS2: (WallKind | undefined)[] = [];
KINDS2[WALL_SEGMENT] = segmentWall;
KINDS2[WALL_BOX2] = box2Wall;

/** A body to add to a World2D. */
export interface BodyInit2 {
  /** Unique string id (default: the body index). */
  id?: string;
  /** Position (|value| <= 1e150, as every coordinate, velocity and acceleration). */
  x: number;
  /** Position, y (see x). */
  y: number;
  /** Velocity (default 0). */
  vx?: number;
  /** Velocity, y (default 0). */
  vy?: number;
  /** Own constant acceleration, added to the world's gravity. */
  ax?: number;
  /** Own constant acceleration, y (default 0; see ax). */
  ay?: number;
  /** Radius >= 0 (0: a point). */
  radius: number;
  /** Default 1; ignored for fixed bodies. */
  mass?: number;
  /** Immovable (infinite mass); it may still move at a constant velocity (a kinematic body). */
  fixed?: boolean;
  /**
   * A sensor: exchanges no impulse with other bodies; the world reports SENSOR_ENTER and
   * SENSOR_EXIT events when a body starts or stops overlapping it. Combinable with `fixed`.
   */
  sensor?: boolean;
  /** This body's restitution (default: the world's); two bodies that both set one use the product. */
  restitution?: number;
  /** Collision group bits and mask (default 1 and all bits): two bodies collide when each one's group meets the other's mask. */
  group?: number;
  /** Collision mask bits (default all bits, -1): the groups this body collides with (see group). */
  mask?: number;
  /** Anything the game wants to keep with the body (read it back with `world.data(i)`). */
  data?: unknown;
}

/** Options of a World2D (every key checked: an unknown one is a RangeError naming it). */
export interface World2DOptions extends WorldOptions {
  /** Uniform gravity [gx, gy] acting on every movable body (default [0, 0]). */
  gravity?: readonly [number, number];
  /**
   * A container the bodies stay inside. `periodic` (true, or one boolean per axis) makes the
   * box wrap around on those axes: no faces there, a body whose centre leaves comes back on the
   * other side (see `world.periodic`), pairs meet at the minimum image. Walls, fixed bodies,
   * sensors and acceleration along a periodic axis are a RangeError with periodic bounds, and
   * so is a body whose diameter exceeds half the box length on a periodic axis.
   */
  bounds?: {
    /** Lower corner [minX, minY] of the container. */
    min: readonly [number, number];
    /** Upper corner [maxX, maxY] of the container (each at least the lower corner's). */
    max: readonly [number, number];
    /** Periodic axes: true for both, or one boolean per axis (default false). */
    periodic?: boolean | readonly [boolean, boolean];
    /** The container's collision group bits (default 1): a body stays inside when its mask meets this group and this mask meets its group. */
    group?: number;
    /** The container's collision mask bits (default all bits, -1); a body it does not meet (a ghost, `mask: 0`) may leave it. */
    mask?: number;
  };
}

const BODY_KEYS2 = ["id", "x", "y", "vx", "vy", "ax", "ay", "radius", "mass", "fixed", "sensor", "restitution", "group", "mask", "data"];

/**
 * The engine behind World2D: every column and method, the 3D ones included (z, vz, az are
 * zeros in 2D). Code of the package that treats both dimensions alike reads it; the public
 * type {@link World2D} shows the 2D members only.
 *
 * @internal
 */
export class World2DEngine extends WorldKernels2 {
  /** 2. */
  declare readonly dim: 2;

  /** Creates an empty world at time 0; RangeError on an unknown or invalid option. */
  constructor(options: World2DOptions = {}) {
    checkKeys(options, WORLD_OPTION_KEYS, "World2D options");
    super(2, options, KINDS2);
    if (options.gravity) this.setGravity([options.gravity[0], options.gravity[1], 0]);
    if (options.bounds) {
      checkKeys(options.bounds, ["min", "max", "periodic", "group", "mask"], "bounds");
      this.setBoundsBits(options.bounds.group, options.bounds.mask);
      this.setBox(options.bounds.min, options.bounds.max, options.bounds.periodic ?? false);
    }
  }

  /**
   * Adds a body at the current time; returns its index. Allowed at any moment, also inside
   * `onCollision` (the body takes part from that instant). Throws a RangeError naming the body
   * and field for an unknown key or a bad value.
   */
  addBody(b: BodyInit2): number {
    const name = bodyInitName(b, this.free.length > 0 ? this.free[this.free.length - 1] : this.n);
    checkKeys(b, BODY_KEYS2, name);
    for (const k of ["x", "y", "vx", "vy", "ax", "ay", "radius"] as const) checkCoordinate(b[k] ?? 0, `${name}: ${k}`);
    if ((b.ax ?? 0) !== 0 || (b.ay ?? 0) !== 0) requirePart("gravity", 2, `${name}: an acceleration`);
    if (b.sensor === true) requirePart("sensors", 2, `${name}: a sensor`);
    let i: number;
    try {
      i = this.allocBody(b.id, b.radius, b.mass ?? 1, b.fixed === true, b.restitution, b.group ?? 1, b.mask ?? -1, b.sensor === true, b.data);
    } catch (e) {
      throw new RangeError(`${name}: ${(e as Error).message}`);
    }
    this.placeBody(i, [b.x, b.y, 0], [b.vx ?? 0, b.vy ?? 0, 0], [b.ax ?? 0, b.ay ?? 0, 0]);
    this.admit(i);
    return i;
  }

  /**
   * Adds a thin segment wall (solid on both sides); returns its wall number. The last argument
   * is its id, or its options (id, restitution, group, mask, `sensor: true` for a line that
   * reports the bodies crossing it).
   */
  addSegment(x0: number, y0: number, x1: number, y1: number, options?: string | WallOptions): number {
    return this.addWall(WALL_SEGMENT, [x0, y0, x1, y1], options, "segment");
  }

  /**
   * Adds a solid axis-aligned box wall; returns its wall number. The last argument is its id,
   * or its options (`sensor: true` for a box sensor: WALL_SENSOR_ENTER and WALL_SENSOR_EXIT
   * events at the exact times a body starts and stops overlapping it).
   */
  addBox(minX: number, minY: number, maxX: number, maxY: number, options?: string | WallOptions): number {
    if (!(minX <= maxX && minY <= maxY)) {
      const id = typeof options === "string" ? options : options?.id;
      throw new RangeError(`box${id === undefined ? "" : ` "${id}"`}: min must not exceed max, got [${minX}, ${minY}] and [${maxX}, ${maxY}]`);
    }
    return this.addWall(WALL_BOX2, [minX, minY, maxX, maxY], options, "box");
  }

  /**
   * Moves wall w at the current time so that its reference point (a segment's first end, a
   * box's lower corner) is at (x, y), keeping its shape and velocity; no collision comes of the
   * jump. The checks of setPosition: finite coordinates up to 1e150, and a RangeError naming
   * the body when the wall would overlap one there (nothing changes then). Sleepers resting on
   * it wake up.
   */
  setWallPosition(w: number, x: number, y: number): void {
    this.placeWall(w, [x, y]);
  }

  /**
   * Makes wall w translate at (vx, vy) from now on (a kinematic wall: a paddle, a piston; zeros
   * stop it). Bodies reflect off it in its frame and never pass through it. A body it squeezes
   * against something immovable stops it (see README, "Moving walls").
   *
   * @example
   * ```ts
   * const paddle = world.addSegment(0, 0, 0, 2);
   * world.setWallVelocity(paddle, 1, 0);
   * ```
   */
  setWallVelocity(w: number, vx: number, vy: number): void {
    this.checkWall(w);
    checkCoordinate(vx, "wall velocity vx");
    checkCoordinate(vy, "wall velocity vy");
    if (vx !== 0 || vy !== 0) requirePart("moving-walls", 2, "setWallVelocity");
    this.setWallMotion(w, vx, vy, 0);
  }

  /** Sets body i's velocity at the current time (also inside `onCollision`). */
  setVelocity(i: number, vx: number, vy: number): void {
    checkCoordinate(vx, "vx");
    checkCoordinate(vy, "vy");
    this.changeVelocity(i, vx, vy, 0);
  }

  /** Moves body i to (x, y) at the current time (no collision is generated for the jump). */
  setPosition(i: number, x: number, y: number): void {
    checkCoordinate(x, "x");
    checkCoordinate(y, "y");
    this.changePosition(i, x, y, 0);
  }

  /** Total momentum [px, py] of the movable bodies. */
  momentum(): [number, number] {
    const p = this.momentum3();
    return [p[0], p[1]];
  }

  /** A copy of this world, state and all (walls and options included); see `snapshot` for the part it needs. */
  clone(): World2D {
    requirePart("snapshots", 2, "clone");
    const w = new World2DEngine({
      restitution: this.defaultRestitution, collapseTime: this.collapseTimeOption, maxEventsPerAdvance: this.maxEventsPerAdvance,
      recordEvents: this.recordEvents,
    });
    this.copyInto!(w);
    return w as unknown as World2D;
  }
}

/**
 * The engine's members that belong to the third dimension, left out of World2D's type, and its
 * accessors, declared again below (a mapped type would drop their documentation).
 */
type ThirdAxis = "z" | "vz" | "az" | "minZ" | "maxZ" | "dim" | "gravity" | "filter" | "periodic" | "walls" | "bodyCount";

/**
 * Exact event-driven simulation of moving circles in 2D.
 *
 * @example
 * ```ts
 * const world = new World2D({ bounds: { min: [0, 0], max: [10, 10] } });
 * const a = world.addBody({ x: 2, y: 5, vx: 1, radius: 0.5 });
 * world.addBody({ x: 8, y: 5, vx: -1, radius: 0.5 });
 * world.advance(3); // they meet at t = 2.5 and bounce back
 * world.x[a]; // 1.5
 * ```
 */
export interface World2D extends Omit<World2DEngine, ThirdAxis>, Queries2 {
  /** 2: the world's dimension. */
  readonly dim: 2;
  /**
   * The uniform gravity [gx, gy] acting on every movable body; assigning it changes it from the
   * current time on (sleeping bodies wake up). Nonzero gravity needs `carom/2d/gravity`.
   */
  gravity: readonly number[];
  /** The filter (WorldOptions.filter; see ContactFilter), or null; may be changed at any time. */
  filter: ContactFilter | null;
  /** The periodic box's axes and each body's images (see World2DOptions.bounds.periodic). */
  readonly periodic: PeriodicInfo;
  /** Number of wall slots (wall numbers run from 0 to walls - 1; removed walls keep their number). */
  readonly walls: number;
  /** Number of live bodies. */
  readonly bodyCount: number;
}

/** World2D's constructor. */
export interface World2DConstructor {
  /** Creates an empty world at time 0; RangeError on an unknown or invalid option. */
  new (options?: World2DOptions): World2D;
  /** The prototype (so that `world instanceof World2D` narrows). */
  readonly prototype: World2D;
}

/** Exact event-driven simulation of moving circles in 2D (see the World2D type for its members). */
export const World2D: World2DConstructor = World2DEngine as unknown as World2DConstructor;

// Until `carom/2d/queries` is imported, each query is a RangeError naming that import.
partMethods(World2DEngine, "queries", 2, QUERY_METHODS_2);
