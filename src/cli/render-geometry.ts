/**
 * The flat picture of a scene that the SVG and HTML renderers share: the view plane (2D
 * scenes as they are; 3D scenes projected onto xy, xz or yz), the extent, walls as lines,
 * rectangles and polygons, and a colour per body.
 */
import { sceneWallIds, type Scene } from "../index.js";
import type { Recording } from "./recording.js";

export type View = "xy" | "xz" | "yz";

export type Shape =
  | { kind: "line"; id: string; color?: string; points: number[] }
  | { kind: "rect"; id: string; color?: string; u0: number; v0: number; u1: number; v1: number }
  | { kind: "polygon"; id: string; color?: string; points: number[] };

export interface Picture {
  /** Axes of the view: indices into [x, y, z]. */
  u: number;
  v: number;
  /** Extent of the drawing, in scene units. */
  u0: number;
  u1: number;
  v0: number;
  v1: number;
  bounds: { u0: number; v0: number; u1: number; v1: number } | null;
  walls: Shape[];
  colors: string[];
  /** Planes cannot be drawn in a projection; they are counted here. */
  skippedPlanes: number;
}

/** A colour for body i: the scene's, else a hue stepped by the golden angle; fixed bodies grey. */
export function bodyColor(scene: Scene, i: number): string {
  const c = scene.bodies[i].color;
  if (c !== undefined) return c;
  if (scene.bodies[i].fixed === true) return "#6b6b6b";
  const hue = (i * 137.508) % 360;
  return `hsl(${hue.toFixed(1)}, 70%, 50%)`;
}

export function makePicture(scene: Scene, rec: Recording, view: View): Picture {
  const u = view === "yz" ? 1 : 0;
  const v = view === "xy" ? 1 : 2;
  const walls: Shape[] = [];
  const ids = sceneWallIds(scene);
  let skippedPlanes = 0;
  (scene.walls ?? []).forEach((w, k) => {
    const id = ids[k];
    if (w.segment !== undefined) walls.push({ kind: "line", id, color: w.color, points: [w.segment[0][u], w.segment[0][v], w.segment[1][u], w.segment[1][v]] });
    else if (w.box !== undefined) walls.push({ kind: "rect", id, color: w.color, u0: w.box.min[u], v0: w.box.min[v], u1: w.box.max[u], v1: w.box.max[v] });
    else if (w.triangle !== undefined) walls.push({ kind: "polygon", id, color: w.color, points: w.triangle.flatMap((p) => [p[u], p[v]]) });
    else skippedPlanes++;
  });
  let u0 = Infinity, u1 = -Infinity, v0 = Infinity, v1 = -Infinity;
  const grow = (a: number, b: number, r = 0): void => {
    u0 = Math.min(u0, a - r);
    u1 = Math.max(u1, a + r);
    v0 = Math.min(v0, b - r);
    v1 = Math.max(v1, b + r);
  };
  let bounds: Picture["bounds"] = null;
  if (scene.bounds !== undefined) {
    bounds = { u0: scene.bounds.min[u], v0: scene.bounds.min[v], u1: scene.bounds.max[u], v1: scene.bounds.max[v] };
    grow(bounds.u0, bounds.v0);
    grow(bounds.u1, bounds.v1);
  } else {
    for (const s of walls) {
      if (s.kind === "rect") {
        grow(s.u0, s.v0);
        grow(s.u1, s.v1);
      } else for (let k = 0; k < s.points.length; k += 2) grow(s.points[k], s.points[k + 1]);
    }
    rec.tracks.forEach((tr, i) => {
      for (let k = 0; k < tr.length; k += 4) grow(tr[k + 1 + u], tr[k + 1 + v], rec.radius[i]);
    });
  }
  if (!(u1 > u0)) {
    u0 = (Number.isFinite(u0) ? u0 : 0) - 1;
    u1 = u0 + 2;
  }
  if (!(v1 > v0)) {
    v0 = (Number.isFinite(v0) ? v0 : 0) - 1;
    v1 = v0 + 2;
  }
  const colors = scene.bodies.map((_, i) => bodyColor(scene, i));
  return { u, v, u0, u1, v0, v1, bounds, walls, colors, skippedPlanes };
}

/** A colour for lines: very light #rrggbb colours (a white cue ball) are drawn grey so they show on the light table. */
export function lineColor(color: string): string {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(color);
  if (m === null) return color;
  const [r, g, b] = [m[1], m[2], m[3]].map((h) => parseInt(h, 16) / 255);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b > 0.8 ? "#8a8a8a" : color;
}

/** A number for drawing: 7 significant digits. */
export function short(x: number): string {
  return String(+x.toPrecision(7));
}

/** Escapes text for XML content and attribute values. */
export function xmlEscape(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c] as string);
}
