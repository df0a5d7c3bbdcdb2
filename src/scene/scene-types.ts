/**
 * The scene file, version 1 (see DESIGN.md, "Scene file, version 1"): plain JSON describing a
 * world to simulate. 2D scenes use two components in every vector, 3D scenes three.
 */

/** A point or vector: [x, y] in a 2D scene, [x, y, z] in a 3D one. */
export type SceneVector = number[];

/** An axis-aligned box: `min` below `max` on every axis. */
export interface SceneBox {
  /** The lowest corner. */
  min: SceneVector;
  /** The highest corner. */
  max: SceneVector;
}

/** The container: a box, periodic (wrapping around) on every axis (true) or on the axes marked true. */
export interface SceneBounds extends SceneBox {
  /** Periodic axes: true for all, or one boolean per axis (default false: solid faces). */
  periodic?: boolean | boolean[];
}

/** A moving (or fixed) circle or sphere of the scene. */
export interface SceneBody {
  /** Unique across bodies and walls; default: the body's index as a string ("0", "1", ...). */
  id?: string;
  /** The centre at the scene's time. */
  position: SceneVector;
  /** Default zero. */
  velocity?: SceneVector;
  /** The body's own constant acceleration, added to the scene's gravity (default zero). */
  acceleration?: SceneVector;
  /** 0 is a point particle. */
  radius: number;
  /** From 1e-150 to 1e150 (default 1); a fixed body has infinite mass and ignores it. */
  mass?: number;
  /** Immovable (infinite mass); with a velocity it moves at that velocity whatever it hits. */
  fixed?: boolean;
  /** Replaces the scene's restitution for this body's contacts (above 1: a bumper); two bodies that both set one use the product. */
  restitution?: number;
  /** Collision group bits (default 1): two bodies collide when each one's group meets the other's mask. */
  group?: number;
  /** Collision mask bits (default -1, all). */
  mask?: number;
  /** A sensor: exchanges no impulse, reports the bodies that enter and leave it. */
  sensor?: boolean;
  /** How `carom render` paints the body (any SVG/CSS colour); no effect on the simulation. */
  color?: string;
}

/** A static obstacle: exactly one of segment and box (2D) or box, triangle and plane (3D). */
export interface SceneWall {
  /** Unique across bodies and walls; default "wall-<index>". */
  id?: string;
  /** 2D: a thin segment, solid from both sides. */
  segment?: [SceneVector, SceneVector];
  /** 2D and 3D: a solid axis-aligned box. */
  box?: SceneBox;
  /** 3D: a thin triangle, solid from both sides. */
  triangle?: [SceneVector, SceneVector, SceneVector];
  /** 3D: the boundary of the solid half-space behind `normal`. */
  plane?: {
    /** A point on the plane. */
    point: SceneVector;
    /** Points out of the solid half-space; not zero. */
    normal: SceneVector;
  };
  /** The wall's own restitution (default: the body's, or the scene's); above 1 a bumper. */
  restitution?: number;
  /** Collision group bits (default 1): a body meets the wall when each one's group meets the other's mask. */
  group?: number;
  /** Collision mask bits (default -1, all). */
  mask?: number;
  /** A sensor wall: exchanges no impulse, reports the bodies that enter and leave it. */
  sensor?: boolean;
  /** How `carom render` paints the wall; no effect on the simulation. */
  color?: string;
}

/** A scene file, version 1, as parsed JSON (validateScene checks one and returns it typed). */
export interface Scene {
  /** Where editors find the JSON Schema; ignored by carom. */
  $schema?: string;
  /** The format version: 1. */
  carom: 1;
  /** 2 or 3 (default 2). */
  dimensions?: 2 | 3;
  /** Free text; ignored by the simulation. */
  description?: string;
  /** The time at which the scene's state holds (default 0); a `--final` scene carries the time it was taken at. */
  time?: number;
  /** How long `carom run` simulates (default 10). */
  duration?: number;
  /** Uniform acceleration of every movable body (default zero). */
  gravity?: SceneVector;
  /** Restitution of every contact, >= 0 (default 1, elastic; above 1 a contact adds energy). */
  restitution?: number;
  /** The container the bodies stay inside (default none). */
  bounds?: SceneBounds;
  /** The bodies, in index order. */
  bodies: SceneBody[];
  /** Static obstacles (default none). */
  walls?: SceneWall[];
}

/** The default duration of a scene without one. */
export const DEFAULT_DURATION = 10;

/** The id a body gets when it has none: its index. */
export function defaultBodyId(index: number): string {
  return String(index);
}

/** The id a wall gets when it has none. */
export function defaultWallId(index: number): string {
  return `wall-${index}`;
}

/** The dimension of a scene (2 unless it says 3). */
export function sceneDimensions(scene: Scene): 2 | 3 {
  return scene.dimensions === 3 ? 3 : 2;
}

/** Every body's id, defaults filled in. */
export function sceneBodyIds(scene: Scene): string[] {
  return scene.bodies.map((b, i) => b.id ?? defaultBodyId(i));
}

/** Every wall's id, defaults filled in. */
export function sceneWallIds(scene: Scene): string[] {
  return (scene.walls ?? []).map((w, i) => w.id ?? defaultWallId(i));
}
