/**
 * Plain-data shapes of the 2D geometry queries (rays, segments, polylines, moving points) and
 * their results. The box is {@link Box2} and the moving circle {@link MovingCircle} from
 * types.ts; hits against walls are {@link WallHit2}.
 */

/** A ray from (x, y) along (dx, dy): the point at parameter s >= 0 is (x + s dx, y + s dy). */
export interface Ray2 {
  x: number;
  y: number;
  dx: number;
  dy: number;
}

/** A line segment from (ax, ay) to (bx, by); the point at parameter s in [0, 1] is a + s (b - a). */
export interface Segment2 {
  ax: number;
  ay: number;
  bx: number;
  by: number;
}

/** A point at (x, y) moving with velocity (vx, vy): at time t it is at (x + t vx, y + t vy). */
export interface MovingPoint2 {
  x: number;
  y: number;
  vx: number;
  vy: number;
}

/**
 * The point of a segment closest to a query point: parameter s in [0, 1], the point (x, y),
 * and its distance to the query point.
 */
export interface SegmentClosestPoint {
  s: number;
  x: number;
  y: number;
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
  tEnter: number;
  tExit: number;
  enterSide: number;
  exitSide: number;
}
