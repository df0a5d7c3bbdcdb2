/**
 * A uniform grid of cells of side `cellSize` over unbounded space, stored as a hash table of
 * buckets with intrusive doubly linked lists (head per bucket; next/prev per body), so that
 * moving a body between cells is O(1) and nothing is allocated while simulating.
 *
 * Several cells may share a bucket; a caller scanning a cell filters the bucket's bodies by
 * their integer cell coordinates, so the hash never changes results, only speed (and the scan
 * order within a bucket is the insertion order, a deterministic function of the simulation).
 *
 * Static geometry (walls) is registered once per covered cell in a compressed table
 * (offsets + items per bucket, CSR), rebuilt when walls change.
 */

/** Bucket of cell (x, y, z) in a table of `mask + 1` buckets (a power of two). */
export function cellHash(x: number, y: number, z: number, mask: number): number {
  return (Math.imul(x, 0x8da6b343) ^ Math.imul(y, 0xd8163841) ^ Math.imul(z, 0xcb1ab31f)) & mask;
}

export class HashGrid {
  mask: number;
  /**
   * Dense mode (a bounded world without kinematic bodies): one bucket per cell of the box
   * [ox, ox + nx) x [oy, oy + ny) x [oz, oz + nz) of cell coordinates, which has a margin of two
   * cells around every cell a body can be in, so neighbouring buckets are fixed offsets apart
   * and hold exactly one cell each (no hashing, no coordinate checks).
   */
  dense = false;
  ox = 0;
  oy = 0;
  oz = 0;
  nx = 1;
  ny = 1;
  nz = 1;
  head: Int32Array;
  next: Int32Array;
  prev: Int32Array;
  /** Bucket each body is in, -1 when not in the grid. */
  bucketOf: Int32Array;
  /** Walls per bucket: items[offsets[b] .. offsets[b + 1]) (CSR). */
  wallOffsets: Int32Array;
  wallItems: Int32Array;

  constructor(buckets: number, capacity: number) {
    let size = 1024;
    while (size < buckets) size *= 2;
    this.mask = size - 1;
    this.head = new Int32Array(size).fill(-1);
    this.next = new Int32Array(capacity).fill(-1);
    this.prev = new Int32Array(capacity).fill(-1);
    this.bucketOf = new Int32Array(capacity).fill(-1);
    this.wallOffsets = new Int32Array(size + 1);
    this.wallItems = new Int32Array(0);
  }

  /** Switches to dense mode for the cell box given by its origin and size (see `dense`). */
  makeDense(ox: number, oy: number, oz: number, nx: number, ny: number, nz: number): void {
    this.dense = true;
    this.ox = ox;
    this.oy = oy;
    this.oz = oz;
    this.nx = nx;
    this.ny = ny;
    this.nz = nz;
    this.mask = nx * ny * nz - 1; // not a mask here: the last bucket index
    this.head = new Int32Array(nx * ny * nz).fill(-1);
    this.wallOffsets = new Int32Array(nx * ny * nz + 1);
  }

  /** The bucket of cell (cx, cy, cz): its index in dense mode (clamped into the box), else the hash. */
  cell(cx: number, cy: number, cz: number): number {
    if (!this.dense) return cellHash(cx, cy, cz, this.mask);
    let X = cx - this.ox, Y = cy - this.oy, Z = cz - this.oz;
    X = X < 0 ? 0 : X >= this.nx ? this.nx - 1 : X;
    Y = Y < 0 ? 0 : Y >= this.ny ? this.ny - 1 : Y;
    Z = Z < 0 ? 0 : Z >= this.nz ? this.nz - 1 : Z;
    return (Z * this.ny + Y) * this.nx + X;
  }

  /** Makes room for body indices below `capacity`. */
  reserve(capacity: number): void {
    if (capacity <= this.next.length) return;
    const grow = (old: Int32Array): Int32Array => {
      const x = new Int32Array(capacity).fill(-1);
      x.set(old);
      return x;
    };
    this.next = grow(this.next);
    this.prev = grow(this.prev);
    this.bucketOf = grow(this.bucketOf);
  }

  insert(i: number, bucket: number): void {
    const h = this.head[bucket];
    this.next[i] = h;
    this.prev[i] = -1;
    if (h >= 0) this.prev[h] = i;
    this.head[bucket] = i;
    this.bucketOf[i] = bucket;
  }

  remove(i: number): void {
    const b = this.bucketOf[i];
    if (b < 0) return;
    const p = this.prev[i];
    const n = this.next[i];
    if (p >= 0) this.next[p] = n;
    else this.head[b] = n;
    if (n >= 0) this.prev[n] = p;
    this.bucketOf[i] = -1;
    this.next[i] = -1;
    this.prev[i] = -1;
  }

  /** Replaces the wall table from (bucket, wall) pairs; duplicates within a bucket are dropped. */
  setWalls(pairs: readonly number[]): void {
    const nb = this.head.length;
    const counts = new Int32Array(nb + 1);
    // sort pairs by bucket then wall, so that the per-bucket order is deterministic
    const m = pairs.length / 2;
    const order = new Int32Array(m);
    for (let k = 0; k < m; k++) order[k] = k;
    order.sort((x, y) => pairs[2 * x] - pairs[2 * y] || pairs[2 * x + 1] - pairs[2 * y + 1]);
    const items: number[] = [];
    let lastB = -1;
    let lastW = -1;
    for (let k = 0; k < m; k++) {
      const b = pairs[2 * order[k]];
      const w = pairs[2 * order[k] + 1];
      if (b === lastB && w === lastW) continue;
      lastB = b;
      lastW = w;
      counts[b + 1]++;
      items.push(w);
    }
    for (let b = 0; b < nb; b++) counts[b + 1] += counts[b];
    this.wallOffsets = counts;
    this.wallItems = Int32Array.from(items);
  }
}
