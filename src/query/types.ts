/** A circle at (x, y) moving with velocity (vx, vy): at time t its centre is (x + t vx, y + t vy). */
export interface MovingCircle {
  /** Centre at time 0, x. */
  x: number;
  /** Centre at time 0, y. */
  y: number;
  /** Velocity x: the centre moves by (vx, vy) per unit of time (per frame when tMax = 1). */
  vx: number;
  /** Velocity y. */
  vy: number;
  /** Radius, >= 0 (0 is a point). */
  r: number;
}

/** A sphere at (x, y, z) moving with velocity (vx, vy, vz). */
export interface MovingSphere {
  /** Centre at time 0, x. */
  x: number;
  /** Centre at time 0, y. */
  y: number;
  /** Centre at time 0, z. */
  z: number;
  /** Velocity x: the centre moves by (vx, vy, vz) per unit of time. */
  vx: number;
  /** Velocity y. */
  vy: number;
  /** Velocity z. */
  vz: number;
  /** Radius, >= 0 (0 is a point). */
  r: number;
}

/** A circle at rest. */
export interface Circle {
  /** Centre x. */
  x: number;
  /** Centre y. */
  y: number;
  /** Radius, >= 0. */
  r: number;
}

/** A sphere at rest. */
export interface Sphere {
  /** Centre x. */
  x: number;
  /** Centre y. */
  y: number;
  /** Centre z. */
  z: number;
  /** Radius, >= 0. */
  r: number;
}

/** First contact in 2D: time t, contact point (px, py) on A's surface, unit normal (nx, ny) from A towards B. */
export interface SweepHit2 {
  /** Time of first contact, in [0, tMax]. */
  t: number;
  /** Contact point x (on A's surface, on the line of centres). */
  px: number;
  /** Contact point y. */
  py: number;
  /** Unit contact normal x, from A towards B. */
  nx: number;
  /** Unit contact normal y. */
  ny: number;
}

/** First contact in 3D: time t, contact point on A's surface, unit normal from A towards B. */
export interface SweepHit3 {
  /** Time of first contact, in [0, tMax]. */
  t: number;
  /** Contact point x (on A's surface, on the line of centres). */
  px: number;
  /** Contact point y. */
  py: number;
  /** Contact point z. */
  pz: number;
  /** Unit contact normal x, from A towards B. */
  nx: number;
  /** Unit contact normal y. */
  ny: number;
  /** Unit contact normal z. */
  nz: number;
}

/** Time and centre distance of closest approach within [0, tMax]. */
export interface ClosestApproach {
  /** Time of closest approach, in [0, tMax]. */
  t: number;
  /** Distance between the centres at that time. */
  distance: number;
}

/** Axis-aligned box in 2D. */
export interface Box2 {
  /** Lowest x. */
  minX: number;
  /** Lowest y. */
  minY: number;
  /** Highest x. */
  maxX: number;
  /** Highest y. */
  maxY: number;
}

/** Axis-aligned box in 3D. */
export interface Box3 {
  /** Lowest x. */
  minX: number;
  /** Lowest y. */
  minY: number;
  /** Lowest z. */
  minZ: number;
  /** Highest x. */
  maxX: number;
  /** Highest y. */
  maxY: number;
  /** Highest z. */
  maxZ: number;
}

/**
 * Which feature of static geometry a sweep touched (the `feature` field of a wall hit):
 * the interior of a segment, box side, triangle face or plane; an edge of a 3D box or triangle;
 * or a vertex (segment endpoint, box corner, triangle vertex). `index` then says which one
 * (endpoint 0 or 1, side or corner number, polyline segment number; documented per query).
 */
export const FEATURE_INTERIOR = 0;
/** A wall hit on an edge of a 3D box or triangle (see {@link FEATURE_INTERIOR}). */
export const FEATURE_EDGE = 1;
/** A wall hit on a vertex: a segment endpoint, box corner or triangle vertex (see {@link FEATURE_INTERIOR}). */
export const FEATURE_VERTEX = 2;

/** First contact of a moving circle with static 2D geometry; normal from the circle towards the geometry. */
export interface WallHit2 {
  /** Time of first contact, in [0, tMax]. */
  t: number;
  /** Contact point x, on the moving body's surface. */
  px: number;
  /** Contact point y. */
  py: number;
  /** Unit contact normal x, from the moving body towards the geometry. */
  nx: number;
  /** Unit contact normal y. */
  ny: number;
  /** The kind of feature touched: FEATURE_INTERIOR, FEATURE_EDGE or FEATURE_VERTEX. */
  feature: number;
  /** Which feature of that kind (endpoint, side, corner, edge or vertex number; documented per query). */
  index: number;
}

/** First contact of a moving sphere with static 3D geometry; normal from the sphere towards the geometry. */
export interface WallHit3 {
  /** Time of first contact, in [0, tMax]. */
  t: number;
  /** Contact point x, on the moving body's surface. */
  px: number;
  /** Contact point y. */
  py: number;
  /** Contact point z. */
  pz: number;
  /** Unit contact normal x, from the moving body towards the geometry. */
  nx: number;
  /** Unit contact normal y. */
  ny: number;
  /** Unit contact normal z. */
  nz: number;
  /** The kind of feature touched: FEATURE_INTERIOR, FEATURE_EDGE or FEATURE_VERTEX. */
  feature: number;
  /** Which feature of that kind (endpoint, side, corner, edge or vertex number; documented per query). */
  index: number;
}
