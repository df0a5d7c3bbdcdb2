/**
 * The event queue of the science engine: one slot per body (its next event) plus a few slots
 * for scheduled systems, kept in an indexed 4-ary min-heap on parallel typed arrays (slot ids
 * in heap order, each slot's position, each slot's time). Updating a slot's time sifts it up or
 * down in place: no allocation, no comparator callback, no stale copies (stale *predictions*
 * are dropped lazily by the engine with per-body collision counters).
 */
export class EventHeap {
  /** Each slot's event time (Infinity = none). Read freely; write only through {@link set}. */
  readonly time: Float64Array;
  private readonly order: Int32Array;
  private readonly pos: Int32Array;

  constructor(readonly size: number) {
    this.time = new Float64Array(size).fill(Infinity);
    this.order = new Int32Array(size);
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
    const order = this.order, pos = this.pos, time = this.time;
    const k = order[p];
    const t = time[k];
    while (p > 0) {
      const q = (p - 1) >> 2;
      const kq = order[q];
      if (time[kq] <= t) break;
      order[p] = kq;
      pos[kq] = p;
      p = q;
    }
    order[p] = k;
    pos[k] = p;
  }

  private down(p: number): void {
    const order = this.order, pos = this.pos, time = this.time, n = this.size;
    const k = order[p];
    const t = time[k];
    for (;;) {
      const c0 = 4 * p + 1;
      if (c0 >= n) break;
      let best = c0;
      let bt = time[order[c0]];
      const end = c0 + 4 < n ? c0 + 4 : n;
      for (let c = c0 + 1; c < end; c++) {
        const tc = time[order[c]];
        if (tc < bt) {
          bt = tc;
          best = c;
        }
      }
      if (bt >= t) break;
      const kb = order[best];
      order[p] = kb;
      pos[kb] = p;
      p = best;
    }
    order[p] = k;
    pos[k] = p;
  }
}
