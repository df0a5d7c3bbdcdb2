/**
 * A 2D camera (world rectangle fitted into a canvas, y up: the transform drawWorld returns, for
 * what the demos draw over the world and for the mouse), the extent of a 2D scene, and a palette
 * from a scene's colours. The worlds themselves are drawn by carom/2d/draw (drawWorld).
 */
import type { Scene } from "../../src/index.js";

export class View2D {
  /** Canvas pixels per world unit. */
  scale = 1;
  ox = 0;
  oy = 0;

  /** Fits [minX, maxX] x [minY, maxY] into a width x height canvas with a margin in pixels. */
  fit(minX: number, minY: number, maxX: number, maxY: number, width: number, height: number, margin: number): void {
    const w = Math.max(maxX - minX, 1e-300), h = Math.max(maxY - minY, 1e-300);
    this.scale = Math.min((width - 2 * margin) / w, (height - 2 * margin) / h);
    this.ox = (width - this.scale * (minX + maxX)) / 2;
    this.oy = (height + this.scale * (minY + maxY)) / 2;
  }

  sx(x: number): number {
    return this.ox + x * this.scale;
  }

  sy(y: number): number {
    return this.oy - y * this.scale;
  }

  /** World x of canvas pixel column px. */
  wx(px: number): number {
    return (px - this.ox) / this.scale;
  }

  wy(py: number): number {
    return (this.oy - py) / this.scale;
  }
}

/** The rectangle a 2D scene occupies: its bounds, or the box around its bodies and walls. */
export function sceneExtent2(scene: Scene): [number, number, number, number] {
  if (scene.bounds !== undefined) return [scene.bounds.min[0], scene.bounds.min[1], scene.bounds.max[0], scene.bounds.max[1]];
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  const add = (x: number, y: number, r: number): void => {
    x0 = Math.min(x0, x - r);
    y0 = Math.min(y0, y - r);
    x1 = Math.max(x1, x + r);
    y1 = Math.max(y1, y + r);
  };
  for (const b of scene.bodies) add(b.position[0], b.position[1], b.radius);
  for (const w of scene.walls ?? []) {
    if (w.segment) for (const p of w.segment) add(p[0], p[1], 0);
    if (w.box) {
      add(w.box.min[0], w.box.min[1], 0);
      add(w.box.max[0], w.box.max[1], 0);
    }
  }
  if (!(x0 <= x1)) return [-1, -1, 1, 1];
  const pad = 0.25 * Math.max(x1 - x0, y1 - y0, 1e-9);
  return [x0 - pad, y0 - pad, x1 + pad, y1 + pad];
}

/** Palette and per-body colour index from the scene's body colours (a default cycle for bodies without). */
export function scenePalette(scene: Scene, n: number, defaults: readonly string[] = DEFAULT_COLORS): { palette: string[]; index: Uint8Array } {
  const palette: string[] = [];
  const seen = new Map<string, number>();
  const index = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const body = scene.bodies[i];
    let c = body?.color ?? defaults[i % defaults.length];
    if (body?.fixed === true && body.color === undefined) c = "#9aa4b1";
    let k = seen.get(c);
    if (k === undefined) {
      if (palette.length >= 255) {
        k = 0;
      } else {
        k = palette.length;
        palette.push(c);
        seen.set(c, k);
      }
    }
    index[i] = k;
  }
  return { palette, index };
}

export const DEFAULT_COLORS = ["#4cc9f0", "#f72585", "#ffd166", "#06d6a0", "#f3722c", "#b5a4ff"];
