/**
 * The hot loop of the science engine as an asm.js module: the event calendar, free flight, the
 * pair tests of a prediction without growth, the collision response and the event loop itself,
 * all over one ArrayBuffer that {@link EngineMemory} lays out. V8 (and Firefox) compile asm.js
 * ahead of time to WebAssembly: typed arrays are not reloaded and checked after every call, and
 * the loop runs about as many instructions as the C codes it is measured against. It is plain
 * JavaScript too: where asm.js is not compiled (a buffer too large for it), the same code runs
 * as ordinary JavaScript with the same results, since every operation is an IEEE double or an
 * int32 one in either case.
 *
 * Everything else stays in TypeScript (hard-spheres.ts): predictions with growth or a root only
 * the exact kernel settles (the loop calls back through `foreign.predictGeneral`), shell exits
 * and list rebuilds, scheduled systems, pace checks and callbacks (the loop returns a code).
 *
 * Event calendar (Paul 2007; the queue of Smallenburg's and DynamO's event-driven MD codes). One
 * pending event per slot (a body's next event, or the scheduled systems in slot n). Time is cut
 * into buckets of width w from an origin. An event is an entry (time, slot, link) in one pool.
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
 *   origin, 18 prefetch sink, 19 growth rate g, 20 kinetic energy, 21 its time, 22 its integral;
 * - int32 I[64..]: 64 pending events, 65 free entry, 66 current bucket, 67 overflow count,
 *   68 heap size, 69 entries poured this year, 70 buckets B, 71 B − 1, 72 pool entries,
 *   73 calendar slots (n + 1), 74 list capacity, 75 all masses equal, 76 the body of a returned
 *   event, 77 events left before a pace check, 78 bodies n, 79 prefetch on, 80 call back on a
 *   collision.
 */

import { EdmdKernel } from "./edmd-kernel.asm.js";

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
  /** Body i's next event without growth; 0 when a root needs the exact kernel (nothing scheduled). */
  predict(i: number): number;
  /** The collision response of bodies i and j at the current time (no predictions). */
  respond(i: number, j: number): number;
  sync(i: number): void;
  /** Wraps body i into the box (counting images) and centres its shell on it. */
  wrap(i: number): void;
  shellExitTime(i: number): number;
  touch(i: number): void;
  top(): number;
  topTime(): number;
  set(k: number, t: number): void;
  calibrate(now: number): void;
}

/** Where each array starts in the buffer (bytes), and the buffer's size. */
export interface KernelLayout {
  state: number;
  book: number;
  image: number;
  counter: number;
  mass: number;
  etime: number;
  eint: number;
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
  const etime = take(8 * entries), eint = take(8 * entries);
  const head = take(4 * (buckets + 1)), hentry = take(4 * entries), htime = take(8 * entries);
  const slotOf = take(4 * n), mark = take(4 * n), markCode = take(4 * n), visit = take(8 * 27);
  const prev = take(4 * cap), list = take(4 * n * cap), cellCount = take(4 * cells), found = take(4 * 27 * cellCap);
  const cellSlots = take(16 * cells * cellCap);
  // asm.js takes a buffer of 2^k bytes (k ≥ 16) up to 16 MiB, then multiples of 16 MiB
  let bytes = 1 << 16;
  while (bytes < at && bytes < 1 << 24) bytes *= 2;
  if (bytes < at) bytes = Math.ceil(at / (1 << 24)) * (1 << 24);
  return { state, book, image, counter, mass, etime, eint, head, hentry, htime, slotOf, mark, markCode, visit, prev, list, cellCount, found, cells: cellSlots, bytes };
}

/** Links the kernel to a buffer laid out by {@link kernelLayout}. */
export function linkKernel(
  buffer: ArrayBuffer,
  layout: KernelLayout,
  predictGeneral: (i: number) => void,
  collided: (i: number, j: number, t: number, impulse: number) => void,
  rebuildList: (i: number) => number,
): KernelExports {
  return EdmdKernel(globalThis, { ...layout, predictGeneral, collided, rebuildList }, buffer) as KernelExports;
}
