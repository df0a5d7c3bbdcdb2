/**
 * Playing a shot to the end while recording every ball's path (positions at every event and on
 * a regular time grid), for pictures and summaries.
 */
import type { PoolShot } from "./shot-file.js";
import { systemOf } from "./shot-file.js";
import type { PoolEvent, PoolSystem } from "./system.js";

/** A shot played to the end (see {@link playShot}). */
export interface PlayedShot {
  /** The system after the shot, every ball at rest (or stopped at tFinal / maxEvents). */
  system: PoolSystem;
  /** Every event of the shot in time order, the strike first. */
  events: PoolEvent[];
  /** Per ball (in insertion order): x, y pairs along its path, from the start to the end. */
  tracks: Map<string, number[]>;
  /** Wall-clock seconds of the simulation (recording included). */
  wallSeconds: number;
}

/** The most time-grid steps {@link playShot} records (a RangeError beyond). */
export const MAX_FRAMES = 1_000_000;

/** Plays `shot`; `every` is the time grid of the recorded paths (s), 0 for events only; a RangeError past MAX_FRAMES steps. */
export function playShot(shot: PoolShot, every = 1 / 120): PlayedShot {
  const system = systemOf(shot);
  const tracks = new Map<string, number[]>(system.ids.map((id) => [id, []]));
  const record = () => {
    for (const id of system.ids) {
      const b = system.ball(id);
      const track = tracks.get(id) as number[];
      const n = track.length;
      if (n >= 2 && track[n - 2] === b.r[0] && track[n - 1] === b.r[1]) continue;
      track.push(b.r[0], b.r[1]);
    }
  };
  const t0 = performance.now();
  record();
  const events: PoolEvent[] = [];
  const tEnd = shot.tFinal ?? Infinity;
  const maxEvents = shot.maxEvents ?? 1_000_000;
  if (!(every > 0)) {
    events.push(...system.simulate(tEnd === Infinity ? { maxEvents } : { maxEvents, tFinal: tEnd }));
    record();
  } else {
    let T = every;
    for (let frame = 1; ; frame++) {
      // A shot still moving after MAX_FRAMES grid steps (a rolling friction of 1e-300 rolls for
      // 1e292 s) would grow its paths until the process dies.
      if (frame > MAX_FRAMES) {
        throw new RangeError(`the shot is still moving at t = ${system.t} s: recording its paths every ${every} s would take more than ${MAX_FRAMES} frames; give the shot a tFinal`);
      }
      const tNext = Math.min(T, tEnd);
      const ev = system.simulate({ maxEvents: Math.min(1, maxEvents - events.length), tFinal: tNext });
      events.push(...ev);
      record();
      if (events.length >= maxEvents) break;
      if (ev.length === 0) {
        if (system.t < tNext || tNext === tEnd) break; // at rest, or at the end
        T += every;
      }
    }
  }
  return { system, events, tracks, wallSeconds: (performance.now() - t0) / 1000 };
}
