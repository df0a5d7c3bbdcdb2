/**
 * An indexed min-heap of body events: one entry per body, keyed by the body's next event time,
 * with ties broken by the body index so that the order never depends on insertion history.
 * Parallel typed arrays, no comparator callbacks, no allocation after growth (flatqueue's
 * layout, made addressable so that a body's key can be changed in place).
 *
 * The heap is 4-ary (half the levels of a binary heap) and keeps each entry's time next to it
 * (`time[k]` for heap slot k), so sifting reads neighbouring memory instead of chasing body
 * indices: with tens of thousands of bodies the queue is otherwise dominated by cache misses.
 */
export class EventQueue {
  /** heap[k] = body at heap slot k. */
  heap: Int32Array;
  /** time[k] = event time of the body at heap slot k. */
  time: Float64Array;
  /** slot[i] = heap slot of body i, or -1 when absent. */
  slot: Int32Array;
  size = 0;

  constructor(capacity = 16) {
    this.heap = new Int32Array(capacity);
    this.time = new Float64Array(capacity);
    this.slot = new Int32Array(capacity).fill(-1);
  }

  /** Makes room for body indices below `capacity`. */
  reserve(capacity: number): void {
    if (capacity <= this.slot.length) return;
    const heap = new Int32Array(capacity);
    heap.set(this.heap);
    const time = new Float64Array(capacity);
    time.set(this.time);
    const slot = new Int32Array(capacity).fill(-1);
    slot.set(this.slot);
    this.heap = heap;
    this.time = time;
    this.slot = slot;
  }

  /** Event time of body i (meaningful while it is queued). */
  keyOf(i: number): number {
    return this.time[this.slot[i]];
  }

  /** Sets body i's event time (inserting it if absent) and restores the heap order. */
  set(i: number, t: number): void {
    let k = this.slot[i];
    if (k < 0) {
      k = this.size++;
      this.heap[k] = i;
      this.slot[i] = k;
      this.time[k] = t;
      this.up(k, i, t);
      return;
    }
    const old = this.time[k];
    if (t < old) this.up(k, i, t);
    else if (t > old) this.down(k, i, t);
  }

  /** Removes body i if present. */
  remove(i: number): void {
    const k = this.slot[i];
    if (k < 0) return;
    this.slot[i] = -1;
    const n = --this.size;
    if (k === n) return;
    const last = this.heap[n];
    const t = this.time[n];
    this.heap[k] = last;
    this.time[k] = t;
    this.slot[last] = k;
    this.up(k, last, t);
    this.down(this.slot[last], last, t);
  }

  /** The body with the earliest event (check size first). */
  peek(): number {
    return this.heap[0];
  }

  /** The earliest event time, Infinity when empty. */
  peekTime(): number {
    return this.size === 0 ? Infinity : this.time[0];
  }

  /** Moves body i (time t) from slot k towards the root. */
  private up(k: number, i: number, t: number): void {
    const heap = this.heap, time = this.time, slot = this.slot;
    while (k > 0) {
      const p = (k - 1) >> 2;
      const tp = time[p];
      const j = heap[p];
      if (!(t < tp || (t === tp && i < j))) break;
      heap[k] = j;
      time[k] = tp;
      slot[j] = k;
      k = p;
    }
    heap[k] = i;
    time[k] = t;
    slot[i] = k;
  }

  /** Moves body i (time t) from slot k towards the leaves. */
  private down(k: number, i: number, t: number): void {
    const heap = this.heap, time = this.time, slot = this.slot;
    const n = this.size;
    for (;;) {
      const c0 = 4 * k + 1;
      if (c0 >= n) break;
      // the least of up to four children (unrolled when all four exist)
      let c = c0;
      let tc = time[c0];
      if (c0 + 3 < n) {
        const t1 = time[c0 + 1], t2 = time[c0 + 2], t3 = time[c0 + 3];
        let ca = c0, ta = tc;
        if (t1 < ta || (t1 === ta && heap[c0 + 1] < heap[ca])) { ca = c0 + 1; ta = t1; }
        let cb = c0 + 2, tb = t2;
        if (t3 < tb || (t3 === tb && heap[c0 + 3] < heap[cb])) { cb = c0 + 3; tb = t3; }
        if (tb < ta || (tb === ta && heap[cb] < heap[ca])) { c = cb; tc = tb; } else { c = ca; tc = ta; }
      } else {
        for (let m = c0 + 1; m < n; m++) {
          const tm = time[m];
          if (tm < tc || (tm === tc && heap[m] < heap[c])) {
            c = m;
            tc = tm;
          }
        }
      }
      const jc = heap[c];
      if (!(tc < t || (tc === t && jc < i))) break;
      heap[k] = jc;
      time[k] = tc;
      slot[jc] = k;
      k = c;
    }
    heap[k] = i;
    time[k] = t;
    slot[i] = k;
  }
}
