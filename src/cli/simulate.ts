/**
 * The run loop shared by `run`, `render` and `bench`: advances a world to the end time in
 * chunks of at most CHUNK_EVENTS queue events, yielding to Node's event loop between chunks so
 * that the process draws progress and a signal (SIGINT, SIGTERM, SIGHUP) ends the run within
 * milliseconds however long the run would be, hands each chunk's collisions to a callback, and samples
 * frames at fixed times.
 *
 * Chunks end after a fixed number of events, never after a wall-clock time, so the same
 * command gives the same bits on every run. Frames are taken from a clone of the world
 * advanced to each frame time (a clone goes on bit for bit like the world), so asking for
 * frames does not change the run's own events.
 */
import { HIT_BODY, HIT_WALL, type SceneWorld } from "../index.js";
import { CliError, inputError } from "./cli-error.js";

export type AnyWorld = SceneWorld;

/** Queue events per chunk (a few milliseconds of work: a signal is seen within one chunk). */
const CHUNK_EVENTS = 1 << 13;

/** The default bound on a run's collisions (--max-collisions). */
export const DEFAULT_MAX_COLLISIONS = 100_000_000;

/** Frames written between two turns of the event loop. */
const FRAMES_PER_YIELD = 256;

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

/** The signals that end a run cleanly, with the exit code of each (128 + its number, as shells report). */
export const SIGNAL_EXIT_CODES: Readonly<Record<string, number>> = { SIGHUP: 129, SIGINT: 130, SIGTERM: 143 };

/** Set by SIGINT (Ctrl-C), SIGTERM or SIGHUP; the loop stops at the next chunk. */
export const interrupt = { requested: false, signal: "" };

/** The exit code for the signal received (130 when none was). */
export function interruptExitCode(): number {
  return SIGNAL_EXIT_CODES[interrupt.signal] ?? 130;
}

let installed = false;

/**
 * Routes SIGINT, SIGTERM and SIGHUP to `interrupt`; a second signal runs `hardStop` at once
 * (with that signal's exit code).
 */
export function installInterrupt(hardStop: (exitCode: number) => void): void {
  if (installed) return;
  installed = true;
  const handler = (signal: string): void => {
    if (interrupt.requested) hardStop(SIGNAL_EXIT_CODES[signal] ?? 130);
    interrupt.requested = true;
    interrupt.signal = signal;
  };
  for (const signal of Object.keys(SIGNAL_EXIT_CODES)) process.on(signal as NodeJS.Signals, () => handler(signal));
}

/**
 * Lets a signal that came during synchronous work be seen (one turn of the event loop), then
 * stops the command with that signal's exit code: called before a command commits its outputs,
 * so that an interrupted command writes nothing.
 */
export async function stopIfInterrupted(command: string): Promise<void> {
  await yieldNow();
  if (interrupt.requested) throw new CliError(`carom ${command}: interrupted; no output written`, interruptExitCode());
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
  /** The most collisions the run may have: one more stops it with an error (default 100 million). */
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
export function frameTime(start: number, end: number, every: number, k: number): number {
  const t = start + k * every;
  return Math.abs(t - end) <= 1e-12 * Math.max(1, Math.abs(end)) ? end : t;
}

/**
 * Translates what the world throws into messages for the user: a RangeError is about the
 * scene (bodies overlapping at the start, a body pinned where it cannot move, numbers out of
 * the world's range), so it is invalid input naming the file.
 */
function explainWorldError(e: unknown, file: string): never {
  if (e instanceof RangeError) throw inputError(`${file}: ${e.message}`);
  throw e;
}

/** The most events a run may need at its current pace (about a day at 1e7 events/s). */
const MAX_PROJECTED_EVENTS = 1e12;

/** Queue events after which a run's pace is checked: 2^18, or 64 per body in large worlds. */
function stallWorkLimit(world: AnyWorld): number {
  return Math.max(1 << 18, 64 * world.bodyCount);
}

/** Gives Node's event loop a turn (signal handlers, output). */
function yieldNow(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** "a" and "bounds" (12345 times), ...: the pairs that collided most in the world's last chunk. */
export function busiestPairs(world: AnyWorld): string {
  const e = world.events;
  const counts = new Map<string, number>();
  for (let k = 0; k < e.count; k++) {
    const b = e.kind[k] === HIT_BODY ? world.ids[e.b[k]] : e.kind[k] === HIT_WALL ? world.wallIds[e.b[k]] : "bounds";
    const key = `${JSON.stringify(world.ids[e.a[k]])} and ${JSON.stringify(b)}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const top = [...counts].sort((p, q) => q[1] - p[1] || (p[0] < q[0] ? -1 : 1)).slice(0, 3);
  return top.map(([pair, n]) => `${pair} (${n} times)`).join(", ");
}

/**
 * Runs `world` from its current time for `duration`, in chunks; yields to the event loop
 * between chunks and every FRAMES_PER_YIELD frames (so a signal is seen). Returns early with
 * `interrupted` on a signal. A run whose clock stops moving (bodies pinned where they cannot
 * move, colliding endlessly at one instant) is stopped with an input error naming the
 * busiest pairs, after stallWorkLimit events.
 */
export async function simulate(world: AnyWorld, duration: number, hooks: SimulationHooks): Promise<SimulationResult> {
  const start = world.now;
  const end = start + duration;
  const maxCollisions = hooks.maxCollisions ?? DEFAULT_MAX_COLLISIONS;
  if (!(Number.isInteger(maxCollisions) && maxCollisions >= 0)) throw new RangeError(`maxCollisions must be an integer >= 0, got ${maxCollisions}`);
  const every = hooks.every;
  const result: SimulationResult = { start, end, reached: start, collisions: 0, work: 0, wallSeconds: 0, interrupted: false, frames: 0 };
  const t0 = performance.now();
  let k = 0;
  const emit = (w: AnyWorld, t: number): void => {
    hooks.onFrame?.(w, t, k++);
    result.frames++;
  };
  if (every !== undefined) emit(world, start);
  let stallTime = world.now;
  let stallWork = 0;
  for (;;) {
    if (interrupt.requested) break;
    const framesDue = every !== undefined && frameTime(start, end, every, k) <= end;
    let clone: AnyWorld | null = null;
    if (framesDue) {
      clone = world.clone() as AnyWorld;
      clone.recordEvents = false;
      clone.maxEventsPerAdvance = Number.MAX_SAFE_INTEGER;
    }
    let rep;
    // A chunk of at most one event more than the collisions left under the limit (every event is
    // at most one collision): a run that exceeds the limit stops at the collision that does.
    world.maxEventsPerAdvance = Math.min(CHUNK_EVENTS, maxCollisions - result.collisions + 1);
    try {
      advanceTo(world, end);
      rep = world.report;
    } catch (e) {
      explainWorldError(e, hooks.file);
    }
    result.collisions += rep.collisions;
    result.work += rep.work;
    hooks.onChunk?.(world);
    if (clone !== null && every !== undefined) {
      let sinceYield = 0;
      for (let t = frameTime(start, end, every, k); t <= world.now && t <= end; t = frameTime(start, end, every, k)) {
        advanceTo(clone, t);
        emit(clone, t);
        if (++sinceYield === FRAMES_PER_YIELD) {
          sinceYield = 0;
          await yieldNow();
          if (interrupt.requested) break;
        }
      }
      if (interrupt.requested) break;
    }
    result.reached = world.now;
    if (result.collisions > maxCollisions) {
      throw inputError(
        `${hooks.file}: more than ${maxCollisions} collision${maxCollisions === 1 ? "" : "s"} (--max-collisions ${maxCollisions}): collision ${maxCollisions + 1} came at t = ${world.now}, ` +
          `before the end at t = ${end}; raise the limit with --max-collisions, or take a shorter --duration`,
      );
    }
    hooks.onProgress?.(duration > 0 ? (world.now - start) / duration : 1, result.collisions);
    if (rep.complete) break;
    // Every stallWorkLimit events, the pace so far: a clock that stands still (by its own
    // magnitude) is a stuck run; one whose pace would need more than MAX_PROJECTED_EVENTS to
    // reach the end (1e308 time units of a gas, bodies of radius 1e-300 crossing grid cells)
    // is refused with that figure, rather than running for centuries.
    if ((stallWork += rep.work) >= stallWorkLimit(world)) {
      const moved = world.now - stallTime;
      const projected = moved > 0 ? ((end - world.now) / moved) * stallWork : Infinity;
      if (projected > MAX_PROJECTED_EVENTS) {
        if (!(moved > 1e-12 * Math.abs(world.now))) {
          const why = world.events.count > 0
            ? `most between ${busiestPairs(world)} (a body pinned where it cannot move?)`
            : "and no collision among them (positions or velocities beyond what the world can resolve?)";
          throw inputError(`${hooks.file}: stuck at t = ${world.now}: ${stallWork} events without the clock moving on, ${why}`);
        }
        // (in logarithms when the count itself overflows: 1e308 time units at 28.8 per 262144 events)
        const count = projected < Infinity ? projected.toExponential(1) : `1e${Math.floor(Math.log10(end - world.now) - Math.log10(moved) + Math.log10(stallWork))}`;
        throw inputError(
          `${hooks.file}: at t = ${world.now} the clock moves ${moved.toPrecision(3)} per ${stallWork} events: reaching t = ${end} would take about ` +
            `${count} events; take a shorter --duration` +
            (world.events.count === 0 ? " (no collision among them: bodies tiny next to the distances they cross make an event at every cell of the broad-phase grid)" : ""),
        );
      }
      stallTime = world.now;
      stallWork = 0;
    }
    await yieldNow();
  }
  result.interrupted = interrupt.requested;
  result.wallSeconds = (performance.now() - t0) / 1000;
  return result;
}
