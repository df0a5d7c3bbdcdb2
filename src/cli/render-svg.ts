/**
 * `carom render scene.json -o picture.svg`: the library's SVG renderer (`worldSvg`,
 * carom/2d/draw) fed with the run's recording: every body's track (start outline, path,
 * animation), the scene's colours, the collisions counted, and the world at the end.
 */
import { worldSvg, type View } from "../index.js";
import type { Recording } from "./recording.js";
import type { AnyWorld } from "./simulate.js";

export interface SvgOptions {
  view: View;
  animate: boolean;
  /** Bodies whose paths are drawn: all, none, or the first N. */
  trails: number;
  /** Width of the picture in pixels. */
  width: number;
  /** Seconds of animation per unit of simulated time. */
  speed: number;
  title: string;
}

export function renderSvg(rec: Recording, world: AnyWorld, options: SvgOptions): string {
  return worldSvg(world, {
    view: options.view,
    animate: options.animate,
    trails: Math.min(options.trails, world.n),
    width: options.width,
    speed: options.speed,
    title: options.title,
    tracks: rec.tracks,
    start: rec.start,
    collisions: rec.collisions,
    truncated: rec.truncated,
    bodyColor: (i) => rec.scene.bodies[i]?.color,
    wallColor: (w) => rec.scene.walls?.[w]?.color,
  });
}
