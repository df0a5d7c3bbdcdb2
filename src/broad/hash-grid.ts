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
    const nb = this.mask + 1;
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
