/**
 * The run loop shared by `run`, `render` and `bench`: advances a world to the end time in
 * chunks of at most CHUNK_EVENTS queue events, so that the process can draw progress and
 * notice Ctrl-C between chunks, hands each chunk's collisions to a callback, and samples
 * frames at fixed times.
 *
 * Chunks end after a fixed number of events, never after a wall-clock time, so the same
 * command gives the same bits on every run. Frames are taken from a clone of the world
 * advanced to each frame time (a clone goes on bit for bit like the world), so asking for
 * frames does not change the run's own events.
 */
import type { World2D, World3D } from "../index.js";
import { inputError } from "./cli-error.js";

export type AnyWorld = World2D | World3D;

/** Queue events per chunk (a few milliseconds of work). */
const CHUNK_EVENTS = 1 << 15;

const bits = new DataView(new ArrayBuffer(8));

/** The neighbouring double of a positive finite x (up or down). */
function nextDouble(x: number, up: boolean): number {
  if (x === 0) return up ? Number.MIN_VALUE : -Number.MIN_VALUE;
  bits.setFloat64(0, x);
  bits.setBigUint64(0, bits.getBigUint64(0) + ((x > 0) === up ? 1n : -1n));
  return bits.getFloat64(0);
}

/** Advances `world` so that its clock lands exactly on t (>= now), not one rounding away. */
export function advanceTo(world: AnyWorld, t: number): void {
  let dt = t - world.now;
  for (let k = 0; k < 8 && world.now + dt !== t; k++) dt = nextDouble(dt, world.now + dt < t);
  if (dt < 0) dt = 0;
  world.advance(dt);
}

/** Set by Ctrl-C (SIGINT) or SIGTERM; the loop stops at the next chunk. */
export const interrupt = { requested: false, signal: "" };

let installed = false;

/** Routes SIGINT and SIGTERM to `interrupt`; a second signal runs `hardStop` at once. */
export function installInterrupt(hardStop: () => void): void {
  if (installed) return;
  installed = true;
  const handler = (signal: string): void => {
    if (interrupt.requested) hardStop();
    interrupt.requested = true;
    interrupt.signal = signal;
  };
  process.on("SIGINT", () => handler("SIGINT"));
  process.on("SIGTERM", () => handler("SIGTERM"));
}

export interface SimulationHooks {
  /** Frame interval (absolute times start, start + every, ...); none when undefined. */
  every?: number;
  /** Called with a world whose state is at time t (frame k). */
  onFrame?: (world: AnyWorld, t: number, k: number) => void;
  /** Called after each chunk with the chunk's collisions in `world.events`. */
  onChunk?: (world: AnyWorld) => void;
  /** Progress, from 0 to 1, with the collision count. */
  onProgress?: (fraction: number, collisions: number) => void;
  /** Stop with an error after this many collisions (default 100 million). */
  maxCollisions?: number;
  /** The file name for messages. */
  file: string;
}

export interface SimulationResult {
  start: number;
  end: number;
  /** The time reached (end, unless interrupted). */
  reached: number;
  collisions: number;
  work: number;
  wallSeconds: number;
  interrupted: boolean;
  frames: number;
}

/** Frame k's time: start + k every, with the last frame snapped to end when it is within rounding of it. */
function frameTime(start: number, end: number, every: number, k: number): number {
  const t = start + k * every;
  return Math.abs(t - end) <= 1e-12 * Math.max(1, Math.abs(end)) ? end : t;
}

/** Translates what the world throws at the first advance into messages for the user. */
function explainWorldError(e: unknown, file: string): never {
  if (e instanceof RangeError && /overlap|not inside the bounds/.test(e.message)) throw inputError(`${file}: ${e.message}`);
  throw e;
}

/**
 * Runs `world` from its current time for `duration`, in chunks; yields to the event loop
 * between chunks (so Ctrl-C is seen). Returns early with `interrupted` on a signal.
 */
export async function simulate(world: AnyWorld, duration: number, hooks: SimulationHooks): Promise<SimulationResult> {
  const start = world.now;
  const end = start + duration;
  const maxCollisions = hooks.maxCollisions ?? 100_000_000;
  const every = hooks.every;
  const result: SimulationResult = { start, end, reached: start, collisions: 0, work: 0, wallSeconds: 0, interrupted: false, frames: 0 };
  const t0 = performance.now();
  let k = 0;
  const emit = (w: AnyWorld, t: number): void => {
    hooks.onFrame?.(w, t, k++);
    result.frames++;
  };
  if (every !== undefined) emit(world, start);
  world.maxEventsPerAdvance = CHUNK_EVENTS;
  for (;;) {
    if (interrupt.requested) {
      result.interrupted = true;
      break;
    }
    const framesDue = every !== undefined && frameTime(start, end, every, k) <= end;
    let clone: AnyWorld | null = null;
    if (framesDue) {
      clone = world.clone();
      clone.recordEvents = false;
      clone.maxEventsPerAdvance = Number.MAX_SAFE_INTEGER;
    }
    const target = end;
    let rep;
    try {
      advanceTo(world, target);
      rep = world.report;
    } catch (e) {
      explainWorldError(e, hooks.file);
    }
    result.collisions += rep.collisions;
    result.work += rep.work;
    hooks.onChunk?.(world);
    if (clone !== null && every !== undefined) {
      for (let t = frameTime(start, end, every, k); t <= world.now && t <= end; t = frameTime(start, end, every, k)) {
        advanceTo(clone, t);
        emit(clone, t);
      }
    }
    result.reached = world.now;
    hooks.onProgress?.(duration > 0 ? (world.now - start) / duration : 1, result.collisions);
    if (rep.complete && target === end) break;
    if (result.collisions > maxCollisions) {
      throw inputError(
        `${hooks.file}: stopped after ${result.collisions} collisions at t = ${world.now}, before the end at t = ${end} ` +
          `(bodies caught in an endless cascade of collisions?); raise the limit with --max-collisions`,
      );
    }
    await new Promise((resolve) => setImmediate(resolve));
  }
  result.wallSeconds = (performance.now() - t0) / 1000;
  return result;
}
