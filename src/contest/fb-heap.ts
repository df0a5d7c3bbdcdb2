/**
 * The memory of the Fantastic Bits simulations: one WebAssembly memory shared by every
 * `FantasticBitsSimulation`, with the turn kernel (src/contest/wasm/) instantiated on it. The memory
 * starts with the kernel's scratch (the commands of the turn being played, accelerations, boxes,
 * candidates); each simulation owns a block further on (its whole state, laid out as
 * src/contest/wasm/layout.ts's `bind` reads it), so a copy is one `memory.copy` and a turn one
 * call. Blocks are recycled when their simulation is garbage-collected (FinalizationRegistry)
 * or changes size. Growing the memory replaces its buffer: read the views from here after any
 * allocation.
 */
import { FB_KERNEL_WASM, FB_KERNEL_WASM_SIZE } from "./fb-kernel-wasm.js";
import { inflate, unbase91 } from "./inflate.js";

/** The kernel's exports. */
interface FbKernelExports {
  /**
   * Plays one turn of the block at p with the commands in the scratch (root: the block p was
   * copied from with no change since, whose broadphase cache then serves, or −1):
   * FB_TURN_DONE, FB_TURN_IGNORE_FULL, FB_TURN_WEDGED or FB_TURN_WEDGED_RESTORED.
   */
  turn(p: number, root: number): number;
  /** Copies block src's state onto block dst (same layout). */
  copy(dst: number, src: number): void;
  /** Bytes of scratch at the start of the memory. */
  SCRATCH_BYTES: WebAssembly.Global;
}

export const FB_TURN_DONE = 0, FB_TURN_IGNORE_FULL = 1, FB_TURN_WEDGED = 2, FB_TURN_WEDGED_RESTORED = 3;

/** Scratch addresses of the commands (src/contest/wasm/layout.ts): kind and spell as int32, a, b, c as float64, per wizard. */
export const CMD_KIND = 0, CMD_SPELL = 16, CMD_A = 32, CMD_B = 64, CMD_C = 96;

const PAGE = 65536;
/** Where blocks start (past the scratch, on a cache line). */
const FIRST_BLOCK = 32768;

let compiled: WebAssembly.Module | undefined;

/** The module, inflated and compiled once when the first simulation needs it (15 KB: browsers compile that synchronously on their main thread too). */
function kernelModule(): WebAssembly.Module {
  compiled ??= new WebAssembly.Module(inflate(unbase91(FB_KERNEL_WASM), FB_KERNEL_WASM_SIZE));
  return compiled;
}

/**
 * A simulation's block: its address and layout. The fields, as indices into the heap's views:
 * float64 x, y, vx, vy per entity; int32 link, alive and the sweep's order (entity ids by the
 * left edge of their boxes, a permutation the kernel keeps up to date) per entity, grab cooldown per wizard,
 * spell turns and targets (wizard·4 + spell), the game (round, score and magic of each player),
 * ignore counts per snaffle, then the lists (`ignoreCapacity` slots per snaffle).
 */
export class FbBlock {
  // (declared, not class fields: the constructor sets each, and a bot's bundle carries no field list)
  declare readonly ptr: number;
  declare readonly snaffleCount: number;
  declare readonly ignoreCapacity: number;
  declare readonly n: number;
  /** Bytes of the state (what a copy copies), and of the whole block (the state, then the kernel's caches: src/contest/wasm/layout.ts). */
  declare readonly stateBytes: number;
  declare readonly bytes: number;
  declare readonly x: number;
  declare readonly y: number;
  declare readonly vx: number;
  declare readonly vy: number;
  declare readonly link: number;
  declare readonly alive: number;
  declare readonly order: number;
  declare readonly cooldown: number;
  declare readonly spellTurns: number;
  declare readonly spellTarget: number;
  declare readonly game: number;
  declare readonly ignoreCount: number;
  declare readonly ignore: number;

  constructor(ptr: number, snaffleCount: number, ignoreCapacity: number) {
    this.ptr = ptr;
    this.snaffleCount = snaffleCount;
    this.ignoreCapacity = ignoreCapacity;
    const n = (this.n = snaffleCount + 6);
    this.stateBytes = stateBytes(snaffleCount, ignoreCapacity);
    // the kernel's caches after the state: two flags, the first step's broadphase (40 bytes a body), the state after the update
    this.bytes = 2 * this.stateBytes + 8 + 40 * n;
    this.x = (ptr + 16) / 8;
    this.y = this.x + n;
    this.vx = this.y + n;
    this.vy = this.vx + n;
    this.link = (ptr + 16 + 32 * n) / 4;
    this.alive = this.link + n;
    this.order = this.alive + n;
    this.cooldown = this.order + n;
    this.spellTurns = this.cooldown + 4;
    this.spellTarget = this.spellTurns + 16;
    this.game = this.spellTarget + 16;
    this.ignoreCount = this.game + 5;
    this.ignore = this.ignoreCount + snaffleCount;
  }

  /** Whether `other` has the same layout (a copy between them is one memory.copy). */
  sameLayout(other: FbBlock): boolean {
    return other.snaffleCount === this.snaffleCount && other.ignoreCapacity === this.ignoreCapacity;
  }
}

/** Bytes of a block's state: the header (n, snaffle count, ignore slots, state bytes), 4 doubles and 3 ints per entity, 41 ints, the ignore counts and lists; a multiple of 8. */
function stateBytes(snaffleCount: number, ignoreCapacity: number): number {
  const n = snaffleCount + 6;
  return (16 + 32 * n + 4 * (3 * n + 41 + snaffleCount * (1 + ignoreCapacity)) + 7) & ~7;
}

export class FbHeap {
  readonly memory: WebAssembly.Memory;
  readonly kernel: FbKernelExports;
  f64!: Float64Array;
  i32!: Int32Array;
  /** Counts the memory's growths (each replaces its buffer, and so every view on it). */
  generation = 0;
  private top = FIRST_BLOCK;
  /** Free blocks by size. */
  private readonly free = new Map<number, number[]>();
  private readonly registry: FinalizationRegistry<number> | undefined;

  constructor() {
    this.memory = new WebAssembly.Memory({ initial: 1, maximum: 32768 });
    this.kernel = new WebAssembly.Instance(kernelModule(), { env: { memory: this.memory } }).exports as unknown as FbKernelExports;
    if (this.kernel.SCRATCH_BYTES.value > FIRST_BLOCK) throw new Error("FB kernel: scratch larger than expected");
    this.views();
    // (a block whose simulation is collected goes back to the free list; the held value packs size and address)
    this.registry = typeof FinalizationRegistry === "function" ? new FinalizationRegistry((packed) => this.release(packed % 2 ** 31, Math.floor(packed / 2 ** 31))) : undefined;
  }

  private views(): void {
    this.f64 = new Float64Array(this.memory.buffer);
    this.i32 = new Int32Array(this.memory.buffer);
    this.generation++;
  }

  /** A new block for `owner` (recycled when the owner is collected); the views may be new. */
  allocate(owner: object, snaffleCount: number, ignoreCapacity: number): FbBlock {
    const bytes = 2 * stateBytes(snaffleCount, ignoreCapacity) + 8 + 40 * (snaffleCount + 6);
    let ptr = this.free.get(bytes)?.pop();
    if (ptr === undefined) {
      ptr = this.top;
      const end = ptr + bytes;
      if (end > this.memory.buffer.byteLength) {
        const pages = Math.ceil((end - this.memory.buffer.byteLength) / PAGE);
        this.memory.grow(Math.max(pages, this.memory.buffer.byteLength / PAGE));
        this.views();
      }
      this.top = end;
    }
    const block = new FbBlock(ptr, snaffleCount, ignoreCapacity);
    this.registry?.register(owner, ptr + bytes * 2 ** 31, owner);
    return block;
  }

  /** Gives `block` back at once (its owner takes another). */
  discard(owner: object, block: FbBlock): void {
    this.registry?.unregister(owner);
    this.release(block.ptr, block.bytes);
  }

  private release(ptr: number, bytes: number): void {
    let list = this.free.get(bytes);
    if (list === undefined) this.free.set(bytes, (list = []));
    list.push(ptr);
  }
}

let heap: FbHeap | undefined;

/** The shared heap, made when the first simulation needs it. */
export function fbHeap(): FbHeap {
  heap ??= new FbHeap();
  return heap;
}

/**
 * Writes `block`'s header (what the kernel's `bind` reads first) and marks its caches empty:
 * the start of every block's life.
 */
export function writeHeader(h: FbHeap, block: FbBlock): void {
  const k = h.i32, at = block.ptr / 4;
  k[at] = block.n;
  k[at + 1] = block.snaffleCount;
  k[at + 2] = block.ignoreCapacity;
  k[at + 3] = block.stateBytes;
  // (the kernel's caches after the state: not valid)
  k[(block.ptr + block.stateBytes) / 4] = k[(block.ptr + block.stateBytes) / 4 + 1] = 0;
}

/** A block for `owner` with `capacity` (more) ignore slots a snaffle, holding `from`'s state; `from` is given back. */
export function regrow(h: FbHeap, owner: object, from: FbBlock, capacity: number): FbBlock {
  // (given back first, for the registry's sake; a larger block never takes its place, so its bytes stay as they are)
  h.discard(owner, from);
  const to = h.allocate(owner, from.snaffleCount, capacity), k = h.i32;
  writeHeader(h, to);
  // everything but the lists lies where it did; then each list at its new place
  k.copyWithin(to.ptr / 4 + 4, from.ptr / 4 + 4, from.ignore);
  for (let s = 0; s < from.snaffleCount; s++) {
    const at = from.ignore + s * from.ignoreCapacity;
    k.copyWithin(to.ignore + s * capacity, at, at + k[from.ignoreCount + s]);
  }
  return to;
}
