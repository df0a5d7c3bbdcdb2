/**
 * The flat picture of a world that every renderer draws (the canvas one, drawWorld; the SVG
 * one, worldSvg; the CLI's HTML player): the view plane (a World2D as it is, a World3D
 * projected onto xy, xz or yz), the extent to show, the container, the walls as lines,
 * rectangles and polygons, and a colour per body. It reads only the worlds' public members
 * (positions, radii, flags, ids, the wall table, the container).
 */
import type { World2D } from "../world/world-2d.js";
import type { World3D } from "../world/world-3d.js";
import { WALL_BOX2, WALL_BOX3, WALL_SEGMENT, WALL_STRIDE, WALL_TRIANGLE } from "../world/walls/wall-kind.js";

/** A world to draw. */
export type DrawableWorld = World2D | World3D;

/** @internal A world read with its third axis (a World2D's z columns are zeros, its minZ and maxZ infinite). */
export type WithThirdAxis = World3D | (World2D & Pick<World3D, "z" | "vz" | "az" | "minZ" | "maxZ">);

/** The plane a World3D is projected on (a World2D is always drawn on xy). */
export type View = "xy" | "xz" | "yz";

/** What every wall shape of a picture has. */
export interface WallShapeBase {
  /** The wall's id. */
  id: string;
  /** The wall's number. */
  index: number;
  /** Its colour (PictureOptions.wallColor), or undefined for the renderer's default. */
  color?: string;
}

/** A segment wall in the view plane. */
export interface LineShape extends WallShapeBase {
  /** "line". */
  kind: "line";
  /** Its ends, [u0, v0, u1, v1]. */
  points: number[];
}

/** A box wall in the view plane. */
export interface RectShape extends WallShapeBase, ViewRect {
  /** "rect". */
  kind: "rect";
}

/** A triangle wall in the view plane. */
export interface PolygonShape extends WallShapeBase {
  /** "polygon". */
  kind: "polygon";
  /** Its corners, u, v each. */
  points: number[];
}

/** A wall in the view plane: a segment (line), a box (rect) or a triangle (polygon). */
export type WallShape = LineShape | RectShape | PolygonShape;

/** A rectangle in the view plane. */
export interface ViewRect {
  /** Lower horizontal end. */
  u0: number;
  /** Lower vertical end. */
  v0: number;
  /** Upper horizontal end. */
  u1: number;
  /** Upper vertical end. */
  v1: number;
}

/** What {@link worldPicture} gives: the view's axes and extent, the container, the walls, the bodies' colours. */
export interface WorldPicture {
  /** The horizontal axis of the view: 0 (x) or 1 (y). */
  u: number;
  /** The vertical axis of the view: 1 (y) or 2 (z). */
  v: number;
  /** Extent of the drawing (view units), lower horizontal end. */
  u0: number;
  /** Extent, upper horizontal end. */
  u1: number;
  /** Extent, lower vertical end. */
  v0: number;
  /** Extent, upper vertical end. */
  v1: number;
  /** The container in the view, or null. */
  bounds: ViewRect | null;
  /** The walls in the view (planes cannot be drawn in a projection and are left out). */
  walls: WallShape[];
  /** A colour per body index (removed bodies too, unused). */
  colors: string[];
  /** Planes left out. */
  skippedPlanes: number;
}

/** Options of {@link worldPicture} (shared by drawWorld and worldSvg). */
export interface PictureOptions {
  /** The projection of a World3D (default "xy"); a World2D is drawn on xy whatever this says. */
  view?: View;
  /**
   * Past positions to include in the extent (and that worldSvg draws as paths): per body index,
   * keyframes t, x, y, z one after the other.
   */
  tracks?: readonly (readonly number[])[];
  /** Colour of body i (a CSS colour), or undefined for the default: a hue per index, grey for fixed bodies. */
  bodyColor?: (i: number) => string | undefined;
  /** Colour of wall w, or undefined for the renderer's default. */
  wallColor?: (w: number) => string | undefined;
}

/** The default colour of body i: a hue stepped by the golden angle; fixed bodies grey. */
export function defaultBodyColor(i: number, fixed: boolean): string {
  if (fixed) return "#6b6b6b";
  const hue = (i * 137.508) % 360;
  return `hsl(${hue.toFixed(1)}, 70%, 50%)`;
}

/**
 * The picture of `world` at `world.now` (see {@link WorldPicture}): its extent is the
 * container, or else the walls, the bodies and the tracks.
 */
export function worldPicture(world: DrawableWorld, options: PictureOptions = {}): WorldPicture {
  const view = world.dim === 3 ? options.view ?? "xy" : "xy";
  const u = view === "yz" ? 1 : 0;
  const v = view === "xy" ? 1 : 2;
  const walls: WallShape[] = [];
  let skippedPlanes = 0;
  const d = world.wallData;
  for (let w = 0; w < world.walls; w++) {
    const kind = world.wallKind[w];
    if (kind === 0) continue; // removed
    const o = WALL_STRIDE * w;
    const id = world.wallIds[w];
    const color = options.wallColor?.(w);
    const at = (k: number, axis: number): number => d[o + 3 * k + axis];
    if (kind === WALL_SEGMENT) walls.push({ kind: "line", id, index: w, color, points: [d[o], d[o + 1], d[o + 2], d[o + 3]] });
    else if (kind === WALL_BOX2) walls.push({ kind: "rect", id, index: w, color, u0: d[o], v0: d[o + 1], u1: d[o + 2], v1: d[o + 3] });
    else if (kind === WALL_BOX3) walls.push({ kind: "rect", id, index: w, color, u0: d[o + u], v0: d[o + v], u1: d[o + 3 + u], v1: d[o + 3 + v] });
    else if (kind === WALL_TRIANGLE) walls.push({ kind: "polygon", id, index: w, color, points: [at(0, u), at(0, v), at(1, u), at(1, v), at(2, u), at(2, v)] });
    else skippedPlanes++;
  }
  let u0 = Infinity, u1 = -Infinity, v0 = Infinity, v1 = -Infinity;
  const grow = (a: number, b: number, r = 0): void => {
    u0 = Math.min(u0, a - r);
    u1 = Math.max(u1, a + r);
    v0 = Math.min(v0, b - r);
    v1 = Math.max(v1, b + r);
  };
  const w3 = world as WithThirdAxis;
  const lo = [world.minX, world.minY, w3.minZ], hi = [world.maxX, world.maxY, w3.maxZ];
  let bounds: WorldPicture["bounds"] = null;
  if (Number.isFinite(lo[u]) && Number.isFinite(hi[u]) && Number.isFinite(lo[v]) && Number.isFinite(hi[v])) {
    bounds = { u0: lo[u], v0: lo[v], u1: hi[u], v1: hi[v] };
    grow(bounds.u0, bounds.v0);
    grow(bounds.u1, bounds.v1);
  } else {
    for (const s of walls) {
      if (s.kind === "rect") {
        grow(s.u0, s.v0);
        grow(s.u1, s.v1);
      } else for (let k = 0; k < s.points.length; k += 2) grow(s.points[k], s.points[k + 1]);
    }
    const pos = [world.x, world.y, w3.z];
    for (let i = 0; i < world.n; i++) {
      const tr = options.tracks?.[i];
      if (tr !== undefined) for (let k = 0; k < tr.length; k += 4) grow(tr[k + 1 + u], tr[k + 1 + v], world.r[i]);
      else if (world.flags[i] & 1) grow(pos[u][i], pos[v][i], world.r[i]);
    }
  }
  if (!(u1 > u0)) {
    u0 = (Number.isFinite(u0) ? u0 : 0) - 1;
    u1 = u0 + 2;
  }
  if (!(v1 > v0)) {
    v0 = (Number.isFinite(v0) ? v0 : 0) - 1;
    v1 = v0 + 2;
  }
  const colors: string[] = [];
  for (let i = 0; i < world.n; i++) colors.push(options.bodyColor?.(i) ?? defaultBodyColor(i, (world.flags[i] & 2) !== 0));
  return { u, v, u0, u1, v0, v1, bounds, walls, colors, skippedPlanes };
}

/** A colour for lines: very light #rrggbb colours (a white cue ball) are drawn grey so they show on a light table. */
export function lineColor(color: string): string {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(color);
  if (m === null) return color;
  const [r, g, b] = [m[1], m[2], m[3]].map((h) => parseInt(h, 16) / 255);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b > 0.8 ? "#8a8a8a" : color;
}
