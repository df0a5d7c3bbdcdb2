/**
 * What the engine needs from one kind of wall: its extent (for the cells), the time of impact
 * and contact normal of a body moving in a straight line, the start-state overlap test, and the
 * edges a body sliding on it can leave by. Its contact under constant acceleration is part of the
 * acceleration part (accelerated-2d.ts, accelerated-3d.ts; see ../acceleration-part.ts).
 *
 * Each kind lives in its own file next to this one (wall-segment.ts, wall-box2.ts, ...). A
 * world is given the kinds of its dimension by its facade (World2D, World3D), so a program that
 * uses only World2D bundles no 3D wall code. To add a kind: write a file with a `WallKind`,
 * give it a new number below, register it in the facade that offers it, and give its contact
 * under constant acceleration to accelerated-2d.ts or accelerated-3d.ts.
 *
 * A wall's numbers are stored in `data` from offset `o` (at most WALL_STRIDE of them). A kind
 * that moves (see setWallVelocity) is handled by the engine: these functions are called in the
 * wall's own frame.
 */

/** `world.wallKind[w]` of a removed wall. */
export const WALL_REMOVED = 0;
/** `world.wallKind[w]` of a 2D segment: wallData holds [x0, y0, x1, y1]. */
export const WALL_SEGMENT = 1;
/** `world.wallKind[w]` of a 2D box: wallData holds [minX, minY, maxX, maxY]. */
export const WALL_BOX2 = 2;
/** `world.wallKind[w]` of a 3D plane: wallData holds [px, py, pz, nx, ny, nz]. */
export const WALL_PLANE = 3;
/** `world.wallKind[w]` of a 3D box: wallData holds [minX, minY, minZ, maxX, maxY, maxZ]. */
export const WALL_BOX3 = 4;
/** `world.wallKind[w]` of a 3D triangle: wallData holds [ax, ay, az, bx, by, bz, cx, cy, cz]. */
export const WALL_TRIANGLE = 5;
/**
 * Numbers stored per wall in `world.wallData` (a triangle needs nine): wall w's from
 * WALL_STRIDE * w, as they were at the wall's last update (a moving wall's are brought to
 * `now` at the end of `advance`; `world.wall(id)` reads any wall at `now`).
 */
export const WALL_STRIDE = 9;

/** Called by {@link WallKind.supportEdges} for each edge: leaving the half-space (p - q).m >= 0. */
export type EdgeExit = (qx: number, qy: number, qz: number, mx: number, my: number, mz: number) => void;

export interface WallKind {
  /** Name used in messages ("segment", "box", ...). */
  readonly name: string;
  /** Writes the wall's bounding box [x0, y0, z0, x1, y1, z1] into `out`; false when unbounded. */
  extent(d: Float64Array, o: number, out: Float64Array): boolean;
  /** Moves the wall by (dx, dy, dz) (a moving wall brought to the current time). */
  translate(d: Float64Array, o: number, dx: number, dy: number, dz: number): void;
  /** Time of first contact within [0, tMax] of a body at (x, y, z) moving at v with radius r, or Infinity. */
  toi(d: Float64Array, o: number, x: number, y: number, z: number, vx: number, vy: number, vz: number, r: number, tMax: number): number;
  /** Contact normal (body towards wall) and feature code of that contact into out[0..3]; false on a miss. */
  contact(d: Float64Array, o: number, x: number, y: number, z: number, vx: number, vy: number, vz: number, r: number, out: Float64Array): boolean;
  /** True when a ball of radius r at (x, y, z) reaches into the wall (strictly). */
  overlaps(d: Float64Array, o: number, x: number, y: number, z: number, r: number): boolean;
  /**
   * The edges of the flat part a body slides on (support normal n, from the wall to the body):
   * calls `exit` once per edge. Nothing for unbounded walls.
   */
  supportEdges(d: Float64Array, o: number, nx: number, ny: number, nz: number, exit: EdgeExit): void;
}
