/**
 * `--events`: one JSON object per collision per line (NDJSON), in time order:
 *
 *     {"t":0.42,"a":"cue","b":"ball-3","kind":"body","point":[x,y],"normal":[nx,ny],"impulse":J}
 *
 * `a` is a body id; `b` is the other body's id (kind "body"), the wall's id (kind "wall") or
 * "bounds" for a side of the container (kind "bounds", with `face` "-x", "+x", "-y", "+y",
 * "-z" or "+z"). `point` is the contact point on A's surface, `normal` the unit contact
 * normal from A towards B (or into the wall), `impulse` the impulse magnitude along it, and
 * `speed` the closing speed before the collision. Numbers are written in their shortest
 * round-trip form, so they read back to the same doubles.
 */
import { HIT_BODY, HIT_WALL } from "../index.js";
import type { AnyWorld } from "./simulate.js";

export const FACE_NAMES = ["-x", "+x", "-y", "+y", "-z", "+z"];

/** Event k of `world.events` as one NDJSON line (with the newline). */
export function eventLine(world: AnyWorld, k: number): string {
  const e = world.events;
  const a = JSON.stringify(world.ids[e.a[k]]);
  const kind = e.kind[k];
  let b: string;
  let tail = "";
  if (kind === HIT_BODY) b = JSON.stringify(world.ids[e.b[k]]);
  else if (kind === HIT_WALL) b = JSON.stringify(world.wallIds[e.b[k]]);
  else {
    b = '"bounds"';
    tail = `,"face":"${FACE_NAMES[e.b[k]]}"`;
  }
  const kindName = kind === HIT_BODY ? "body" : kind === HIT_WALL ? "wall" : "bounds";
  const three = world.dim === 3;
  const point = three ? `[${e.px[k]},${e.py[k]},${e.pz[k]}]` : `[${e.px[k]},${e.py[k]}]`;
  const normal = three ? `[${e.nx[k]},${e.ny[k]},${e.nz[k]}]` : `[${e.nx[k]},${e.ny[k]}]`;
  return `{"t":${e.t[k]},"a":${a},"b":${b},"kind":"${kindName}"${tail},"point":${point},"normal":${normal},"impulse":${e.impulse[k]},"speed":${e.speed[k]}}\n`;
}
