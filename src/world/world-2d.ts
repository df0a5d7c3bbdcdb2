/**
 * World2D: exact event-driven simulation of moving circles among segments, boxes, fixed
 * circles and a rectangular container. The engine is in world-core.ts and the layers it names.
 */
import type { WorldOptions } from "./event-loop.js";
import { WorldKernels2 } from "./scan-2d.js";
import { WALL_BOX2, WALL_SEGMENT, type WallKind } from "./walls/wall-kind.js";
import { segmentWall } from "./walls/wall-segment.js";
import { box2Wall } from "./walls/wall-box2.js";

const KINDS2: (WallKind | undefined)[] = [];
KINDS2[WALL_SEGMENT] = segmentWall;
KINDS2[WALL_BOX2] = box2Wall;

/** A body to add to a World2D. */
export interface BodyInit2 {
  /** Unique string id (default: the body index). */
  id?: string;
  x: number;
  y: number;
  vx?: number;
  vy?: number;
  /** Own constant acceleration, added to the world's gravity. */
  ax?: number;
  ay?: number;
  radius: number;
  /** Default 1; ignored for fixed bodies. */
  mass?: number;
  /** Immovable (infinite mass); it may still move at a constant velocity (a kinematic body). */
  fixed?: boolean;
  /** This body's restitution (default: the world's); two bodies that both set one use the product. */
  restitution?: number;
  /** Collision group bits and mask (default 1 and all bits): two bodies collide when each one's group meets the other's mask. */
  group?: number;
  mask?: number;
}

export interface World2DOptions extends WorldOptions {
  /** Uniform gravity [gx, gy] acting on every movable body (default [0, 0]). */
  gravity?: readonly [number, number];
  /** A container the bodies stay inside. */
  bounds?: { min: readonly [number, number]; max: readonly [number, number] };
}

export class World2D extends WorldKernels2 {
  constructor(options: World2DOptions = {}) {
    super(2, options, KINDS2);
    if (options.gravity) this.setGravity([options.gravity[0], options.gravity[1], 0]);
    if (options.bounds) this.setBox(options.bounds.min, options.bounds.max);
  }

  /** Sets the rectangular container. */
  setBounds(minX: number, minY: number, maxX: number, maxY: number): void {
    this.setBox([minX, minY], [maxX, maxY]);
  }

  /** Sets the uniform gravity. */
  setGravityVector(gx: number, gy: number): void {
    this.setGravity([gx, gy, 0]);
  }

  /** Adds a body; returns its index. Throws a RangeError naming the body and field for bad values. */
  addBody(b: BodyInit2): number {
    const name = b.id === undefined ? `body ${this.n}` : `body "${b.id}"`;
    for (const k of ["x", "y", "vx", "vy", "ax", "ay"] as const) {
      const v = b[k] ?? 0;
      if (typeof v !== "number" || !Number.isFinite(v)) throw new RangeError(`${name}: ${k} must be a finite number, got ${String(v)}`);
    }
    let i: number;
    try {
      i = this.allocBody(b.id, b.radius, b.mass ?? 1, b.fixed === true, b.restitution, b.group ?? 1, b.mask ?? -1);
    } catch (e) {
      throw new RangeError(`${name}: ${(e as Error).message}`);
    }
    this.placeBody(i, [b.x, b.y, 0], [b.vx ?? 0, b.vy ?? 0, 0], [b.ax ?? 0, b.ay ?? 0, 0]);
    return i;
  }

  /** Adds a thin segment wall (solid on both sides); returns its wall index. */
  addSegment(x0: number, y0: number, x1: number, y1: number, id?: string): number {
    return this.addWall(WALL_SEGMENT, [x0, y0, x1, y1], id, "segment");
  }

  /** Adds a solid axis-aligned box wall; returns its wall index. */
  addBox(minX: number, minY: number, maxX: number, maxY: number, id?: string): number {
    if (!(minX <= maxX && minY <= maxY)) {
      throw new RangeError(`box${id === undefined ? "" : ` "${id}"`}: min must not exceed max, got [${minX}, ${minY}] and [${maxX}, ${maxY}]`);
    }
    return this.addWall(WALL_BOX2, [minX, minY, maxX, maxY], id, "box");
  }

  /** Sets body i's velocity at the current time. */
  setVelocity(i: number, vx: number, vy: number): void {
    if (!(Number.isFinite(vx) && Number.isFinite(vy))) throw new RangeError(`velocity must be two finite numbers, got [${vx}, ${vy}]`);
    this.changeVelocity(i, vx, vy, 0);
  }

  /** Moves body i to (x, y) at the current time (no collision is generated for the jump). */
  setPosition(i: number, x: number, y: number): void {
    if (!(Number.isFinite(x) && Number.isFinite(y))) throw new RangeError(`position must be two finite numbers, got [${x}, ${y}]`);
    this.changePosition(i, x, y, 0);
  }

  /** Total momentum [px, py] of the movable bodies. */
  momentum(): [number, number] {
    const p = this.momentum3();
    return [p[0], p[1]];
  }

  /** A copy of this world, state and all (walls and options included). */
  clone(): World2D {
    const w = new World2D({
      restitution: this.defaultRestitution, collapseTime: this.collapseTimeOption, maxEventsPerAdvance: this.maxEventsPerAdvance,
      recordEvents: this.recordEvents,
    });
    this.copyInto(w);
    return w;
  }
}
