/**
 * Argument checks of the 2D geometry queries, in the manner of validate.ts: each throws a
 * RangeError naming the argument, the field and the value ("segment.bx must be a finite number,
 * got NaN"), and the passing path costs one sum of x - x terms (0 for finite x, NaN otherwise).
 */
import type { Box2 } from "./types.js";
import type { MovingPoint2, Ray2, Segment2 } from "./types-geometry2.js";

function explain(obj: unknown, name: string, fields: readonly string[]): never {
  if (obj === null || typeof obj !== "object") throw new RangeError(`${name} must be an object, got ${String(obj)}`);
  const o = obj as Record<string, unknown>;
  for (const f of fields) {
    const v = o[f];
    if (typeof v !== "number" || !Number.isFinite(v)) throw new RangeError(`${name}.${f} must be a finite number, got ${String(v)}`);
  }
  throw new RangeError(`${name} is invalid`);
}

const SEGMENT_FIELDS = ["ax", "ay", "bx", "by"] as const;
const RAY_FIELDS = ["x", "y", "dx", "dy"] as const;
const POINT_FIELDS = ["x", "y", "vx", "vy"] as const;
const BOX_FIELDS = ["minX", "minY", "maxX", "maxY"] as const;

/** A segment needs four finite coordinates; a = b (zero length) is allowed. */
export function checkSegment2(s: Segment2, name: string): void {
  if (s === null || typeof s !== "object") explain(s, name, SEGMENT_FIELDS);
  const z = s.ax - s.ax + (s.ay - s.ay) + (s.bx - s.bx) + (s.by - s.by);
  if (z !== 0) explain(s, name, SEGMENT_FIELDS);
}

/** A ray needs a finite origin and direction; a zero direction is allowed (the ray is a point). */
export function checkRay2(r: Ray2, name: string): void {
  if (r === null || typeof r !== "object") explain(r, name, RAY_FIELDS);
  const z = r.x - r.x + (r.y - r.y) + (r.dx - r.dx) + (r.dy - r.dy);
  if (z !== 0) explain(r, name, RAY_FIELDS);
}

/** A moving point needs a finite position and velocity. */
export function checkMovingPoint2(p: MovingPoint2, name: string): void {
  if (p === null || typeof p !== "object") explain(p, name, POINT_FIELDS);
  const z = p.x - p.x + (p.y - p.y) + (p.vx - p.vx) + (p.vy - p.vy);
  if (z !== 0) explain(p, name, POINT_FIELDS);
}

/** A box needs finite bounds with minX <= maxX and minY <= maxY (a box of zero width is allowed). */
export function checkBox2(b: Box2, name: string): void {
  if (b === null || typeof b !== "object") explain(b, name, BOX_FIELDS);
  const z = b.minX - b.minX + (b.minY - b.minY) + (b.maxX - b.maxX) + (b.maxY - b.maxY);
  if (z !== 0) explain(b, name, BOX_FIELDS);
  if (!(b.minX <= b.maxX)) throw new RangeError(`${name}.minX must be <= ${name}.maxX, got minX ${b.minX} > maxX ${b.maxX}`);
  if (!(b.minY <= b.maxY)) throw new RangeError(`${name}.minY must be <= ${name}.maxY, got minY ${b.minY} > maxY ${b.maxY}`);
}

/** A point (x, y) with finite coordinates. */
export function checkPoint2(p: { x: number; y: number }, name: string): void {
  if (p === null || typeof p !== "object") explain(p, name, ["x", "y"]);
  const z = p.x - p.x + (p.y - p.y);
  if (z !== 0) explain(p, name, ["x", "y"]);
}

/**
 * A polyline as flat coordinates [x0, y0, x1, y1, ...]: an even number of finite values, at
 * least two vertices (repeated vertices are allowed: they make segments of zero length).
 */
export function checkPolyline2(coords: ArrayLike<number>, name: string): void {
  if (coords === null || typeof coords !== "object" || typeof coords.length !== "number") {
    throw new RangeError(`${name} must be an array of coordinates [x0, y0, x1, y1, ...], got ${String(coords)}`);
  }
  const n = coords.length;
  if (n < 4 || n % 2 !== 0) {
    throw new RangeError(`${name}.length must be an even number >= 4 (two coordinates per vertex, at least two vertices), got ${n}`);
  }
  let z = 0;
  for (let i = 0; i < n; i++) z += coords[i] - coords[i];
  if (z !== 0) {
    for (let i = 0; i < n; i++) {
      const v = coords[i];
      if (typeof v !== "number" || !Number.isFinite(v)) throw new RangeError(`${name}[${i}] must be a finite number, got ${String(v)}`);
    }
  }
}
