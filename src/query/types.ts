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
