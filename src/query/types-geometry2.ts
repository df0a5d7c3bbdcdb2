/**
 * Plain-data shapes of the 2D geometry queries (rays, segments, polylines, moving points) and
 * their results. The box is {@link Box2} and the moving circle {@link MovingCircle} from
 * types.ts; hits against walls are {@link WallHit2}.
 */

/** A ray from (x, y) along (dx, dy): the point at parameter s >= 0 is (x + s dx, y + s dy). */
export interface Ray2 {
  /** Origin x. */
  x: number;
  /** Origin y. */
  y: number;
  /** Direction x (any nonzero length; the ray parameter t is in units of it). */
  dx: number;
  /** Direction y. */
  dy: number;
}

/** A line segment from (ax, ay) to (bx, by); the point at parameter s in [0, 1] is a + s (b - a). */
export interface Segment2 {
  /** End point A, x. */
  ax: number;
  /** End point A, y. */
  ay: number;
  /** End point B, x. */
  bx: number;
  /** End point B, y. */
  by: number;
}

/** A point at (x, y) moving with velocity (vx, vy): at time t it is at (x + t vx, y + t vy). */
export interface MovingPoint2 {
  /** Position at time 0, x. */
  x: number;
  /** Position at time 0, y. */
  y: number;
  /** Velocity x. */
  vx: number;
  /** Velocity y. */
  vy: number;
}

/**
 * The point of a segment closest to a query point: parameter s in [0, 1], the point (x, y),
 * and its distance to the query point.
 */
export interface SegmentClosestPoint {
  /** Where the closest point lies on the segment: 0 at A, 1 at B. */
  s: number;
  /** Closest point x. */
  x: number;
  /** Closest point y. */
  y: number;
  /** Distance from the query point to the closest point. */
  distance: number;
}

/**
 * The time interval a moving point spends in a box, clipped to [0, tMax]: it enters at tEnter
 * through side enterSide and leaves at tExit through side exitSide. A side is -1 where the
 * interval was clipped (the point starts inside, or is still inside at tMax). Sides are
 * numbered counter-clockwise: 0 bottom (y = minY), 1 right (x = maxX), 2 top (y = maxY),
 * 3 left (x = minX).
 */
export interface BoxCrossing2 {
  /** Time at which the point enters the box. */
  tEnter: number;
  /** Time at which it leaves the box. */
  tExit: number;
  /** The side it enters through (numbered as documented by pointCrossingBox2). */
  enterSide: number;
  /** The side it leaves through. */
  exitSide: number;
}
