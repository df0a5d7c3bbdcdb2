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
 * The registers (numbers the loop and TypeScript share, at the start of the buffer) and the
 * fields of the records (each body's state record of 64 bytes, x, y, z, t, vx, vy, vz, ρ, and
 * each calendar slot's bookkeeping record of 64 bytes, see {@link EngineMemory.book}) are named
 * in kernel-layout.ts, which the kernel's AssemblyScript imports too.
 */

import { REGISTER_BYTES } from "./kernel-layout.js";
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

/** What {@link KernelExports.run} returns (kernel-layout.ts). */
export { RUN_DONE, RUN_PACE, RUN_SHELL, RUN_SYSTEM, RUN_TIME } from "./kernel-layout.js";

export interface KernelExports {
  /** Runs events until a stop (a RUN_* code; the event's body in register RETURNED_BODY): the plain fluid's loop. */
  run(): number;
  /** The same loop for granular gases (restitution, the TC model). */
  runInelastic(): number;
  /** The same loop with Lees–Edwards shear. */
  runSheared(): number;
  /** The same loop, sheared and granular. */
  runShearedInelastic(): number;
  /** Body i's next event (with or without growth; through the imported predictExact for a root only the exact kernel settles). */
  predictAny(i: number): void;
  /** Moves body i to the current time (same trajectory). */
  sync(i: number): void;
  /** Wraps body i into the box (counting images) and centres its shell on it (unsheared). */
  wrap(i: number): void;
  /** wrap, or with Lees–Edwards shear the sheared wrap (images across the y faces). */
  wrapAny(i: number): void;
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
  /** Each body's last collision time (float64; the TC model of granular gases). */
  lastCollision: number;
  /** Each body's displacement along x from Lees–Edwards wraps (float64): unwrapped x = x + image × L + this. */
  shearShift: number;
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
  let at = REGISTER_BYTES;
  const take = (bytes: number): number => {
    const start = at;
    at += Math.ceil(bytes / 64) * 64;
    return start;
  };
  const slots = n + 1;
  const state = take(64 * n), book = take(64 * slots), image = take(12 * n), counter = take(4 * n), mass = take(8 * n);
  const lastCollision = take(8 * n), shearShift = take(8 * n);
  const entry = take(16 * entries), live = take(4 * slots);
  const head = take(4 * (buckets + 1)), hentry = take(4 * entries), htime = take(8 * entries);
  const slotOf = take(4 * n), mark = take(4 * n), markCode = take(4 * n), visit = take(8 * 27);
  // (found: a scan's entries, at most the 27 cells' slots, or for a sheared scan the list's capacity plus one)
  const prev = take(4 * cap), list = take(4 * n * cap), cellCount = take(4 * cells), found = take(4 * Math.max(27 * cellCap, cap + 1));
  const cellSlots = take(16 * cells * cellCap);
  // WebAssembly memory comes in pages of 64 KiB
  const bytes = Math.ceil(at / PAGE) * PAGE;
  return { state, book, image, counter, mass, lastCollision, shearShift, entry, live, head, hentry, htime, slotOf, mark, markCode, visit, prev, list, cellCount, found, cells: cellSlots, bytes };
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
