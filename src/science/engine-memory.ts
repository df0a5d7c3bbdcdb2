/**
 * The memory of the science engine: one WebAssembly memory holding the registers and every
 * array the kernel (edmd-kernel.ts, list-kernel.ts) reads, with typed-array views on each for
 * the TypeScript side, and an instance of the kernel on it. The lists and the cells come last,
 * so that when a list outgrows its capacity or a cell its slots ({@link relayout}) everything
 * before them is copied as it stands into a larger memory with a new instance; the views are
 * then new, so read them from here after any call that may grow the lists or the cells.
 */
import { PAGE, instantiateKernel, kernelLayout, type KernelExports, type KernelLayout } from "./edmd-kernel.js";
import {
  BOOK_INT_STRIDE, BOOK_STRIDE, BUCKETS, BUCKET_MASK, BUCKET_WIDTH, CELL_CAP, CELL_COUNT, CENTRE_X, ENTRY_NEXT_AT, EVENT_TIME, FREE_ENTRY,
  INVERSE_WIDTH, LIST_CAP, LIST_LENGTH, NO_EVENT, PARTNER, PARTNER_COUNTER, POOL_ENTRIES, SECOND, SLOTS, BODIES, 
} from "./kernel-layout.js";
import type { ListKernelExports } from "./list-kernel.js";

/** The largest memory: the kernel addresses it with int32 byte offsets. */
export const MAX_BYTES = 2 ** 31;

/** The layout, or a RangeError when it needs more than {@link MAX_BYTES}. */
function checkedLayout(n: number, cap: number, buckets: number, entries: number, cells: number, cellCap: number): KernelLayout {
  const layout = kernelLayout(n, cap, buckets, entries, cells, cellCap);
  if (layout.bytes > MAX_BYTES) {
    const gib = (layout.bytes / 2 ** 30).toFixed(1);
    throw new RangeError(`${n} bodies with neighbour lists of ${cap} entries need ${gib} GiB of engine memory; the engine holds at most 2 GiB (fewer bodies, or a smaller skin if one was set)`);
  }
  return layout;
}

/** What the kernel calls back. */
export interface KernelCallbacks {
  /** Body i's prediction without growth with the exact kernel's roots (the kernel met a root it cannot certify). */
  predictExact(i: number): void;
  /** A collision was resolved (called only while register CALL_BACK is 1). */
  collided(i: number, j: number, t: number, impulse: number): void;
}

export class EngineMemory {
  /** Calendar slots: one per body and one for the scheduled systems. */
  readonly slots: number;
  private layout: KernelLayout;
  private buckets: number;
  private entries: number;
  buffer!: ArrayBuffer;
  /** The registers and every array, as float64 and int32 (kernel-layout.ts names the registers). */
  F!: Float64Array;
  I!: Int32Array;
  kernel!: KernelExports;
  listKernel!: ListKernelExports;
  /** 8 numbers per body: x, y, z, t, vx, vy, vz, ρ. */
  state!: Float64Array;
  /**
   * Each calendar slot's record of 64 bytes (one cache line), as 8 float64s or 16 int32s: its
   * shell centre x, y, z (float64 0–2), the time of its second choice (3), its event time (4,
   * Infinity = none; written through kernel.set), its event's partner and that partner's
   * counter, the second choice's partner and counter (int32 10–13; partner −1: shell exit, −2:
   * none) and its list's length (14). (Its live calendar entry is in a compact array of its own:
   * pouring a bucket checks the entry of every event in it.)
   */
  book!: Float64Array;
  bookI!: Int32Array;
  /** Image counters, 3 per body: unwrapped = wrapped + image × L. */
  image!: Int32Array;
  counter!: Int32Array;
  mass!: Float64Array;
  /** Each body's last collision time (−Infinity: none yet; granular gases' TC model). */
  lastCollision!: Float64Array;
  /** Each body's x displacement from Lees–Edwards wraps: unwrapped x = x + image × Lx + this. */
  shearShift!: Float64Array;
  list!: Int32Array;
  /** Each body's slot in the cell grid (cell × cellCap + its place in the cell). */
  slotOf!: Int32Array;
  /** Bodies in each cell. */
  cellCount!: Int32Array;
  /** The cell slots, 16 bytes each: the shell centre as three float32s and the body (int32), as int32s and as float32s. */
  cellSlots!: Int32Array;
  cellSlotsF32!: Float32Array;
  /** Entries each list has room for. */
  cap: number;
  /** Cells of the grid, and slots per cell. */
  cells = 1;
  cellCap = 8;

  constructor(
    readonly n: number,
    cap: number,
    private readonly callbacks: KernelCallbacks,
  ) {
    this.slots = n + 1;
    let b = 64;
    while (b < 2 * this.slots) b *= 2;
    this.buckets = b;
    this.entries = Math.max(64, 4 * this.slots);
    this.cap = cap;
    this.layout = checkedLayout(n, cap, this.buckets, this.entries, this.cells, this.cellCap);
    this.attach(newMemory(this.layout.bytes));
    const I = this.I;
    I[BUCKETS] = b;
    I[BUCKET_MASK] = b - 1;
    I[POOL_ENTRIES] = this.entries;
    I[SLOTS] = this.slots;
    I[LIST_CAP] = cap;
    I[BODIES] = n;
    I[CELL_CAP] = this.cellCap;
    I[CELL_COUNT] = this.cells;
    for (let k = 0; k < this.slots; k++) {
      this.book[BOOK_STRIDE * k + EVENT_TIME] = Infinity;
      this.bookI[BOOK_INT_STRIDE * k + PARTNER] = NO_EVENT;
      this.bookI[BOOK_INT_STRIDE * k + SECOND] = NO_EVENT;
    }
    new Int32Array(this.buffer, this.layout.head, b + 1).fill(-1);
    this.lastCollision.fill(-Infinity);
    new Int32Array(this.buffer, this.layout.live, this.slots).fill(-1);
    // the pool as one free list, and an empty calendar of width 1 from time 0
    const entry = new Int32Array(this.buffer, this.layout.entry, 4 * this.entries);
    for (let e = 0; e < this.entries; e++) entry[4 * e + ENTRY_NEXT_AT / 4] = e + 1 < this.entries ? e + 1 : -1;
    I[FREE_ENTRY] = 0;
    this.F[BUCKET_WIDTH] = 1;
    this.F[INVERSE_WIDTH] = 1;
  }

  /** Body i's shell centre along axis a. */
  centre(i: number, a: number): number {
    return this.book[BOOK_STRIDE * i + CENTRE_X + a];
  }

  setCentre(i: number, a: number, x: number): void {
    this.book[BOOK_STRIDE * i + CENTRE_X + a] = x;
  }

  /** How many entries body i's list holds. */
  listLength(i: number): number {
    return this.bookI[BOOK_INT_STRIDE * i + LIST_LENGTH];
  }

  /** Empties every list. */
  clearLists(): void {
    for (let i = 0; i < this.n; i++) this.bookI[BOOK_INT_STRIDE * i + LIST_LENGTH] = 0;
  }

  /** Slot k's event time (Infinity: none). */
  eventTime(k: number): number {
    return this.book[BOOK_STRIDE * k + EVENT_TIME];
  }

  /** Body i's event: a collision with `partner` at its counter now (−1: its shell exit), no second choice. */
  setEvent(i: number, partner: number): void {
    const b = this.bookI, o = BOOK_INT_STRIDE * i;
    b[o + PARTNER] = partner;
    if (partner >= 0) b[o + PARTNER_COUNTER] = this.counter[partner];
    b[o + SECOND] = NO_EVENT;
  }

  private attach(memory: WebAssembly.Memory): void {
    const L = this.layout, n = this.n, buffer = memory.buffer;
    this.buffer = buffer;
    this.F = new Float64Array(buffer);
    this.I = new Int32Array(buffer);
    this.state = new Float64Array(buffer, L.state, 8 * n);
    this.book = new Float64Array(buffer, L.book, 8 * this.slots);
    this.bookI = new Int32Array(buffer, L.book, 16 * this.slots);
    this.image = new Int32Array(buffer, L.image, 3 * n);
    this.counter = new Int32Array(buffer, L.counter, n);
    this.mass = new Float64Array(buffer, L.mass, n);
    this.lastCollision = new Float64Array(buffer, L.lastCollision, n);
    this.shearShift = new Float64Array(buffer, L.shearShift, n);
    this.list = new Int32Array(buffer, L.list, n * this.cap);
    this.slotOf = new Int32Array(buffer, L.slotOf, n);
    this.cellCount = new Int32Array(buffer, L.cellCount, this.cells);
    this.cellSlots = new Int32Array(buffer, L.cells, 4 * this.cells * this.cellCap);
    this.cellSlotsF32 = new Float32Array(buffer, L.cells, 4 * this.cells * this.cellCap);
    const cb = this.callbacks;
    const kernel = instantiateKernel(memory, L, (i) => cb.predictExact(i), (i, j, t, impulse) => cb.collided(i, j, t, impulse));
    this.kernel = kernel;
    this.listKernel = kernel;
  }

  /**
   * Gives every list room for `cap` entries and the grid `cells` cells of `cellCap` slots (a new
   * buffer, the kernels linked again). The lists keep their entries; the cells keep their
   * bodies only when their shape is unchanged (otherwise the caller files every body again).
   */
  relayout(cap: number, cells: number, cellCap: number): void {
    const old = this.layout, oldBuffer = this.buffer, oldList = this.list, oldCap = this.cap;
    const layout = checkedLayout(this.n, cap, this.buckets, this.entries, cells, cellCap);
    const memory = newMemory(layout.bytes);
    const buffer = memory.buffer;
    // every array before the lists keeps its offset
    new Uint8Array(buffer).set(new Uint8Array(oldBuffer, 0, old.prev));
    const sameCells = cells === this.cells && cellCap === this.cellCap;
    this.layout = layout;
    this.cap = cap;
    this.cells = cells;
    this.cellCap = cellCap;
    this.attach(memory);
    this.I[LIST_CAP] = cap;
    this.I[CELL_CAP] = cellCap;
    this.I[CELL_COUNT] = cells;
    for (let i = 0; i < this.n; i++) this.list.set(oldList.subarray(i * oldCap, i * oldCap + this.listLength(i)), i * cap);
    if (sameCells) {
      new Uint8Array(buffer, layout.cellCount, 4 * cells).set(new Uint8Array(oldBuffer, old.cellCount, 4 * cells));
      new Uint8Array(buffer, layout.cells, 16 * cells * cellCap).set(new Uint8Array(oldBuffer, old.cells, 16 * cells * cellCap));
    }
  }
}

/**
 * A zeroed WebAssembly memory of `bytes` (a multiple of {@link PAGE}) that does not grow. Each
 * memory reserves address space for its guard pages (about 16 GiB on 64-bit V8), so a process
 * runs out of it after some thousands of live engines (6,700 here), or of RAM on a large one.
 */
function newMemory(bytes: number): WebAssembly.Memory {
  try {
    return new WebAssembly.Memory({ initial: bytes / PAGE, maximum: bytes / PAGE });
  } catch (e) {
    const mib = (bytes / 2 ** 20).toFixed(1);
    throw new RangeError(`could not allocate ${mib} MiB of engine memory (out of memory, or of address space: each live HardSpheres reserves some, so drop the references to engines no longer needed)`, { cause: e });
  }
}
