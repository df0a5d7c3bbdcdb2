/**
 * The event queue of the science engine: one slot per body (its next event) plus a few slots
 * for scheduled systems, kept in an indexed 4-ary min-heap on parallel typed arrays (slot ids
 * and their times in heap order, so that the four children of a node sit in one cache line;
 * each slot's position; each slot's time). Updating a slot's time sifts it up or down in
 * place: no allocation, no comparator callback, no stale copies (stale *predictions* are
 * dropped lazily by the engine with per-body collision counters).
 */
export class EventHeap {
  /** Each slot's event time (Infinity = none). Read freely; write only through {@link set}. */
  readonly time: Float64Array;
  private readonly order: Int32Array;
  /** Times in heap order (heapTime[p] = time[order[p]]). */
  private readonly heapTime: Float64Array;
  private readonly pos: Int32Array;

  constructor(readonly size: number) {
    this.time = new Float64Array(size).fill(Infinity);
    this.order = new Int32Array(size);
    this.heapTime = new Float64Array(size).fill(Infinity);
    this.pos = new Int32Array(size);
    for (let k = 0; k < size; k++) {
      this.order[k] = k;
      this.pos[k] = k;
    }
  }

  /** The slot with the earliest time. */
  top(): number {
    return this.order[0];
  }

  /** Sets slot k's time and restores the heap order. */
  set(k: number, t: number): void {
    const old = this.time[k];
    this.time[k] = t;
    if (t < old) this.up(this.pos[k]);
    else if (t > old) this.down(this.pos[k]);
  }

  private up(p: number): void {
    const order = this.order, pos = this.pos, ht = this.heapTime;
    const k = order[p];
    const t = this.time[k];
    while (p > 0) {
      const q = (p - 1) >> 2;
      if (ht[q] <= t) break;
      const kq = order[q];
      order[p] = kq;
      ht[p] = ht[q];
      pos[kq] = p;
      p = q;
    }
    order[p] = k;
    ht[p] = t;
    pos[k] = p;
  }

  private down(p: number): void {
    const order = this.order, pos = this.pos, ht = this.heapTime, n = this.size;
    const k = order[p];
    const t = this.time[k];
    for (;;) {
      const c0 = 4 * p + 1;
      if (c0 >= n) break;
      let best = c0;
      let bt = ht[c0];
      if (c0 + 3 < n) {
        const t1 = ht[c0 + 1], t2 = ht[c0 + 2], t3 = ht[c0 + 3];
        if (t1 < bt) { bt = t1; best = c0 + 1; }
        if (t2 < bt) { bt = t2; best = c0 + 2; }
        if (t3 < bt) { bt = t3; best = c0 + 3; }
      } else {
        for (let c = c0 + 1; c < n; c++) {
          if (ht[c] < bt) { bt = ht[c]; best = c; }
        }
      }
      if (bt >= t) break;
      const kb = order[best];
      order[p] = kb;
      ht[p] = bt;
      pos[kb] = p;
      p = best;
    }
    order[p] = k;
    ht[p] = t;
    pos[k] = p;
  }
}
