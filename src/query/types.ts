/** A circle at (x, y) moving with velocity (vx, vy): at time t its centre is (x + t vx, y + t vy). */
export interface MovingCircle {
  x: number;
  y: number;
  vx: number;
  vy: number;
  r: number;
}

/** A sphere at (x, y, z) moving with velocity (vx, vy, vz). */
export interface MovingSphere {
  x: number;
  y: number;
  z: number;
  vx: number;
  vy: number;
  vz: number;
  r: number;
}

/** A circle at rest. */
export interface Circle {
  x: number;
  y: number;
  r: number;
}

/** A sphere at rest. */
export interface Sphere {
  x: number;
  y: number;
  z: number;
  r: number;
}

/** First contact in 2D: time t, contact point (px, py) on A's surface, unit normal (nx, ny) from A towards B. */
export interface SweepHit2 {
  t: number;
  px: number;
  py: number;
  nx: number;
  ny: number;
}

/** First contact in 3D: time t, contact point on A's surface, unit normal from A towards B. */
export interface SweepHit3 {
  t: number;
  px: number;
  py: number;
  pz: number;
  nx: number;
  ny: number;
  nz: number;
}

/** Time and centre distance of closest approach within [0, tMax]. */
export interface ClosestApproach {
  t: number;
  distance: number;
}

/** Axis-aligned box in 2D. */
export interface Box2 {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

/** Axis-aligned box in 3D. */
export interface Box3 {
  minX: number;
  minY: number;
  minZ: number;
  maxX: number;
  maxY: number;
  maxZ: number;
}

/**
 * Which feature of static geometry a sweep touched (the `feature` field of a wall hit):
 * the interior of a segment, box side, triangle face or plane; an edge of a 3D box or triangle;
 * or a vertex (segment endpoint, box corner, triangle vertex). `index` then says which one
 * (endpoint 0 or 1, side or corner number, polyline segment number; documented per query).
 */
export const FEATURE_INTERIOR = 0;
export const FEATURE_EDGE = 1;
export const FEATURE_VERTEX = 2;

/** First contact of a moving circle with static 2D geometry; normal from the circle towards the geometry. */
export interface WallHit2 {
  t: number;
  px: number;
  py: number;
  nx: number;
  ny: number;
  feature: number;
  index: number;
}

/** First contact of a moving sphere with static 3D geometry; normal from the sphere towards the geometry. */
export interface WallHit3 {
  t: number;
  px: number;
  py: number;
  pz: number;
  nx: number;
  ny: number;
  nz: number;
  feature: number;
  index: number;
}
