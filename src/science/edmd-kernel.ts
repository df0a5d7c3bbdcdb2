/**
 * The hot loop of the science engine, a WebAssembly module compiled from AssemblyScript
 * (src/science/wasm/events.ts; scripts/build-kernel.mjs builds it into kernel-wasm.ts): the
 * event calendar, free flight, the pair tests of a prediction (with growth or not), the
 * collision response, shell exits and the event loop itself, with the list kernel
 * (src/science/wasm/lists.ts, list-kernel.ts) in the same module, all over one memory that
 * {@link EngineMemory} lays out. WebAssembly reads its memory without the bounds check that a
 * typed array (or asm.js) needs on every access (the engine's memory sits in a reserved region
 * guarded by the processor), and with the field's offset folded into the instruction. Every
 * operation is an IEEE double or int32 one, so the results are the same bits everywhere.
 *
 * Everything else stays in TypeScript (hard-spheres.ts): a prediction that meets a root only
 * the exact kernel settles (the loop calls back through the imported `predictExact`), making room
 * when a list or a cell is full, scheduled systems, pace checks and the collision callback.
 *
 * Event calendar (Paul 2007; the queue of Smallenburg's and DynamO's event-driven MD codes). One
 * pending event per slot (a body's next event, or the scheduled systems in slot n). Time is cut
 * into buckets of width w from an origin. An event is an entry of 16 bytes (time, slot, link)
 * in one pool.
 * Only the current bucket is kept sorted, in a small 4-ary min-heap of entries; an entry for one
 * of the next B − 1 buckets is pushed in O(1) onto that bucket's singly linked list; one further
 * ahead goes to an overflow list, redistributed each time the current bucket crosses a multiple
 * of B (a "year"). When the heap runs dry the next bucket's list is poured into it. Giving a slot
 * a new time does not look for its old entry: the slot records which entry is live, and an entry
 * that is not its slot's live one is stale and freed when it surfaces. The width is chosen by
 * `calibrate` from the pending events (about two per bucket near now), and again at a year's end
 * when the buckets turned out far too full or too empty. When stale entries fill the pool (four
 * entries per slot), `calibrate` files the live events again and frees every stale one, so the
 * memory stays bounded. Ties go to the heap's order, which depends only on the sequence of
 * calls, so runs are deterministic.
 *
 * Registers (numbers the loop and TypeScript share, at the start of the buffer):
 * - float64 F[0..31]: 0 now, 1 end time, 2–4 the box shift lengths lx, ly, lz (lz = 0 in 2D),
 *   5 the box's z side (Infinity in 2D), 6 shell radius, 7 virial Σ J σ, 8 the mass of every
 *   body when all are equal, 9 collisions, 10 collisions to stop at, 11 stale events, 12 second
 *   choices taken, 13 predictions, 14 pair tests, 15 bucket width, 16 its inverse, 17 calendar
 *   origin, 18 prefetch sink, 19 growth rate g, 20 kinetic energy, 21 its time, 22 its integral,
 *   23–25 the list kernel's (list-kernel.ts), 26 shell exits;
 * - int32 I[64..]: 64 pending events, 65 free entry, 66 current bucket, 67 overflow count,
 *   68 heap size, 69 entries poured this year, 70 buckets B, 71 B − 1, 72 pool entries,
 *   73 calendar slots (n + 1), 74 list capacity, 75 all masses equal, 76 the body of a returned
 *   event, 77 events left before a pace check, 78 bodies n, 79 prefetch on, 80 call back on a
 *   collision, 81–87 the list kernel's, 88 dimensions.
 *
 * Each calendar slot has a record of 64 bytes (the slot's bookkeeping in one cache line; see
 * {@link EngineMemory.book}), each body a state record of 64 bytes (x, y, z, t, vx, vy, vz, ρ).
 */

import { KERNEL_WASM } from "./kernel-wasm.js";
import type { ListKernelExports } from "./list-kernel.js";

let kernelModule: WebAssembly.Module | undefined;

/**
 * The module, compiled once, when the first engine needs it (synchronously: about 10 KB, which
 * browsers compile synchronously on their main thread too; Chrome allows up to 8 MB).
 */
function compiledKernel(): WebAssembly.Module {
  kernelModule ??= new WebAssembly.Module(Uint8Array.from(atob(KERNEL_WASM), (c) => c.charCodeAt(0)));
  return kernelModule;
}

/** Bytes in a WebAssembly memory page. */
export const PAGE = 65536;

/** Byte size of the register block. */
const REGISTERS = 512;

/** What {@link KernelExports.run} returns. */
export const RUN_DONE = 0;
export const RUN_PACE = 1;
export const RUN_TIME = 2;
export const RUN_SYSTEM = 3;
export const RUN_SHELL = 5;

export interface KernelExports {
  /** Runs events until a stop (a RUN_* code; the event's body in I[76]). */
  run(): number;
  /** Body i's next event (with or without growth; through the imported predictExact for a root only the exact kernel settles). */
  predictAny(i: number): void;
  /** Moves body i to the current time (same trajectory). */
  sync(i: number): void;
  /** Wraps body i into the box (counting images) and centres its shell on it. */
  wrap(i: number): void;
  /** When body i (synchronised) leaves its shell (Infinity at rest). */
  shellExitTime(i: number): number;
  /** Reads body i's neighbours' records ahead (when prefetching is on). */
  touch(i: number): void;
  /** The calendar slot with the earliest time (slot 0, with time Infinity, when none is pending). */
  top(): number;
  /** Sets calendar slot k's time (Infinity: no event). */
  set(k: number, t: number): void;
  /** Chooses the calendar's bucket width from the pending events and files every event again. */
  calibrate(now: number): void;
}

/** Where each array starts in the buffer (bytes), and the buffer's size. */
export interface KernelLayout {
  state: number;
  book: number;
  image: number;
  counter: number;
  mass: number;
  /** The calendar's entries, 16 bytes each: time (float64), slot and next entry (int32). */
  entry: number;
  /** Each calendar slot's live entry (int32; −1: none), compact: a bucket's pour checks one per entry. */
  live: number;
  head: number;
  hentry: number;
  htime: number;
  slotOf: number;
  mark: number;
  markCode: number;
  visit: number;
  /** From here on the sizes depend on the list capacity and the cells. */
  prev: number;
  list: number;
  cellCount: number;
  found: number;
  cells: number;
  bytes: number;
}

/**
 * The buffer for n bodies with lists of `cap` entries, a calendar of B buckets and E pool
 * entries, and `cells` cells of `cellCap` slots.
 */
export function kernelLayout(n: number, cap: number, buckets: number, entries: number, cells: number, cellCap: number): KernelLayout {
  let at = REGISTERS;
  const take = (bytes: number): number => {
    const start = at;
    at += Math.ceil(bytes / 64) * 64;
    return start;
  };
  const slots = n + 1;
  const state = take(64 * n), book = take(64 * slots), image = take(12 * n), counter = take(4 * n), mass = take(8 * n);
  const entry = take(16 * entries), live = take(4 * slots);
  const head = take(4 * (buckets + 1)), hentry = take(4 * entries), htime = take(8 * entries);
  const slotOf = take(4 * n), mark = take(4 * n), markCode = take(4 * n), visit = take(8 * 27);
  const prev = take(4 * cap), list = take(4 * n * cap), cellCount = take(4 * cells), found = take(4 * 27 * cellCap);
  const cellSlots = take(16 * cells * cellCap);
  // WebAssembly memory comes in pages of 64 KiB
  const bytes = Math.ceil(at / PAGE) * PAGE;
  return { state, book, image, counter, mass, entry, live, head, hentry, htime, slotOf, mark, markCode, visit, prev, list, cellCount, found, cells: cellSlots, bytes };
}

/** An instance of the kernel on `memory`, laid out by {@link kernelLayout}. */
export function instantiateKernel(
  memory: WebAssembly.Memory,
  layout: KernelLayout,
  predictExact: (i: number) => void,
  collided: (i: number, j: number, t: number, impulse: number) => void,
): KernelExports & ListKernelExports {
  const env: Record<string, WebAssembly.ImportValue> = { memory, predictExact, collided };
  for (const [name, at] of Object.entries(layout)) if (name !== "bytes") env[name] = at;
  return new WebAssembly.Instance(compiledKernel(), { env }).exports as unknown as KernelExports & ListKernelExports;
}
