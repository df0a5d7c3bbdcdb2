/**
 * An indexed binary min-heap of body events: one entry per body, keyed by the body's next event
 * time, with ties broken by the body index so that the order never depends on insertion
 * history. Parallel typed arrays, no comparator callbacks, no allocation after growth
 * (flatqueue's layout, made addressable so that a body's key can be changed in place).
 */
export class EventQueue {
  /** heap[k] = body at heap slot k. */
  heap: Int32Array;
  /** slot[i] = heap slot of body i, or -1 when absent. */
  slot: Int32Array;
  /** key[i] = event time of body i. */
  key: Float64Array;
  size = 0;

  constructor(capacity = 16) {
    this.heap = new Int32Array(capacity);
    this.slot = new Int32Array(capacity).fill(-1);
    this.key = new Float64Array(capacity);
  }

  /** Makes room for body indices below `capacity`. */
  reserve(capacity: number): void {
    if (capacity <= this.slot.length) return;
    const heap = new Int32Array(capacity);
    heap.set(this.heap);
    const slot = new Int32Array(capacity).fill(-1);
    slot.set(this.slot);
    const key = new Float64Array(capacity);
    key.set(this.key);
    this.heap = heap;
    this.slot = slot;
    this.key = key;
  }

  /** True when (ka, a) orders before (kb, b). */
  private static less(ka: number, a: number, kb: number, b: number): boolean {
    return ka < kb || (ka === kb && a < b);
  }

  /** Sets body i's event time (inserting it if absent) and restores the heap order. */
  set(i: number, time: number): void {
    const key = this.key;
    let k = this.slot[i];
    if (k < 0) {
      k = this.size++;
      this.heap[k] = i;
      this.slot[i] = k;
      key[i] = time;
      this.up(k);
      return;
    }
    const old = key[i];
    key[i] = time;
    if (time < old) this.up(k);
    else if (time > old) this.down(k);
  }

  /** Removes body i if present. */
  remove(i: number): void {
    const k = this.slot[i];
    if (k < 0) return;
    const last = this.heap[--this.size];
    this.slot[i] = -1;
    if (k === this.size) return;
    this.heap[k] = last;
    this.slot[last] = k;
    this.up(k);
    this.down(this.slot[last]);
  }

  /** The body with the earliest event (undefined behaviour when empty: check size). */
  peek(): number {
    return this.heap[0];
  }

  /** The earliest event time, Infinity when empty. */
  peekTime(): number {
    return this.size === 0 ? Infinity : this.key[this.heap[0]];
  }

  private up(k: number): void {
    const heap = this.heap, slot = this.slot, key = this.key;
    const i = heap[k];
    const ki = key[i];
    while (k > 0) {
      const p = (k - 1) >> 1;
      const j = heap[p];
      if (!EventQueue.less(ki, i, key[j], j)) break;
      heap[k] = j;
      slot[j] = k;
      k = p;
    }
    heap[k] = i;
    slot[i] = k;
  }

  private down(k: number): void {
    const heap = this.heap, slot = this.slot, key = this.key;
    const n = this.size;
    const i = heap[k];
    const ki = key[i];
    for (;;) {
      let c = 2 * k + 1;
      if (c >= n) break;
      let j = heap[c];
      let kj = key[j];
      if (c + 1 < n) {
        const j2 = heap[c + 1];
        const k2 = key[j2];
        if (EventQueue.less(k2, j2, kj, j)) {
          c++;
          j = j2;
          kj = k2;
        }
      }
      if (!EventQueue.less(kj, j, ki, i)) break;
      heap[k] = j;
      slot[j] = k;
      k = c;
    }
    heap[k] = i;
    slot[i] = k;
  }
}
