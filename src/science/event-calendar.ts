/**
 * The event queue of the science engine: one pending event per slot (a body's next event, or a
 * scheduled system), kept in an event calendar with lazy deletion (Paul 2007; the queue of
 * Smallenburg's and DynamO's event-driven MD codes).
 *
 * Time is cut into buckets of width w from an origin. An event is an entry of 16 bytes (time,
 * slot, link) in one pool. Only the current bucket is kept sorted, in a small 4-ary min-heap of
 * entries; an entry for one of the next B − 1 buckets is pushed in O(1) onto that bucket's
 * singly linked list; one further ahead goes to an overflow list, redistributed each time the
 * current bucket crosses a multiple of B (a "year"). When the heap runs dry the next bucket's
 * list is poured into it.
 *
 * Giving a slot a new time does not look for its old entry: the slot records which entry is
 * live, and an entry that is not its slot's live one is stale and freed when it surfaces. So a
 * new prediction costs one entry write and one list push (about two cache lines), against a
 * sift through log₄ N random levels of a heap over all slots.
 *
 * The width is chosen by {@link calibrate} from the pending events (the engine calls it after
 * predicting every body), and again at a year's end when the buckets turned out far too full or
 * too empty. Ties go to the heap's order, which depends only on the sequence of calls, so runs
 * are deterministic. Memory grows (doubling the entry pool) only while stale entries pile up.
 */

const NONE = -1;

export class EventCalendar {
  /** Each slot's event time (Infinity = none). Read freely; write only through {@link set}. */
  readonly time: Float64Array;
  /** Each slot's live entry (NONE: no event). */
  private readonly live: Int32Array;
  private pending = 0;
  // entry pool: 16 bytes per entry, time as a float64 and (slot, next) as two int32s
  private entryTime: Float64Array;
  private entryInt: Int32Array;
  private capacity: number;
  private free = NONE;
  /** Bucket list heads (B buckets, then the overflow list). */
  private readonly head: Int32Array;
  private readonly buckets: number;
  private readonly mask: number;
  private width = 1;
  private invWidth = 1;
  private origin = 0;
  /** The current bucket number; entries in buckets ≤ cur are in the heap. */
  private cur = 0;
  private overflow = 0;
  // the current bucket's heap of entries, with their times alongside
  private heapEntry: Int32Array;
  private heapTime: Float64Array;
  private heapSize = 0;
  /** Entries poured from the buckets into the heap since the last calibration (a load check). */
  private poured = 0;

  constructor(readonly size: number) {
    this.time = new Float64Array(size).fill(Infinity);
    this.live = new Int32Array(size).fill(NONE);
    let b = 64;
    while (b < 2 * size) b *= 2;
    this.buckets = b;
    this.mask = b - 1;
    this.head = new Int32Array(b + 1).fill(NONE);
    this.capacity = 0;
    this.entryTime = new Float64Array(0);
    this.entryInt = new Int32Array(0);
    this.heapEntry = new Int32Array(0);
    this.heapTime = new Float64Array(0);
    this.grow(Math.max(64, 2 * size));
  }

  /** The slot with the earliest time (any slot, with time Infinity, when none is pending). */
  top(): number {
    const live = this.live, ints = this.entryInt;
    for (;;) {
      if (this.heapSize > 0) {
        const e = this.heapEntry[0];
        const k = ints[2 * e];
        if (live[k] === e) return k;
        this.heapPop();
        this.release(e);
      } else if (this.pending === 0) return 0;
      else this.step();
    }
  }

  /** The time of the slot {@link top} returned, read from the heap (warm in cache): Infinity when none is pending. Call right after top. */
  topTime(): number {
    // one double variable returned (not a choice between a constant and a load): stays unboxed where inlined
    let t = Infinity;
    if (this.heapSize > 0) t = this.heapTime[0];
    return t;
  }

  /** Sets slot k's time (Infinity: no event). */
  set(k: number, t: number): void {
    if (this.time[k] === t) return;
    this.time[k] = t;
    const was = this.live[k];
    if (t === Infinity) {
      this.live[k] = NONE;
      this.pending--;
      return;
    }
    if (was === NONE) this.pending++;
    let e = this.free;
    if (e === NONE) {
      this.grow(2 * this.capacity);
      e = this.free;
    }
    this.free = this.entryInt[2 * e + 1];
    this.entryTime[e] = t;
    this.entryInt[2 * e] = k;
    this.live[k] = e;
    this.file(e);
  }

  /**
   * Chooses the bucket width from the pending events (about two per bucket near `now`) and
   * files every event again. Call after predicting every body.
   */
  calibrate(now: number): void {
    const n = this.size, time = this.time;
    let count = 0, sum = 0;
    for (let k = 0; k < n; k++) {
      const dt = time[k] - now;
      if (dt < Infinity) {
        count++;
        sum += dt > 0 ? dt : 0;
      }
    }
    // pending events spread over about their mean lead: density count / mean near now
    let width = count > 0 ? (2 * sum) / (count * count) : 1;
    if (!(width > 0 && width < Infinity)) width = 1;
    this.width = width;
    this.invWidth = 1 / width;
    this.origin = now;
    this.cur = 0;
    this.heapSize = 0;
    this.overflow = 0;
    this.poured = 0;
    this.head.fill(NONE);
    // every entry free again, then one live entry per pending slot
    const ints = this.entryInt;
    for (let e = 0; e < this.capacity; e++) ints[2 * e + 1] = e + 1 < this.capacity ? e + 1 : NONE;
    this.free = 0;
    for (let k = 0; k < n; k++) {
      if (time[k] < Infinity) {
        const e = this.free;
        this.free = ints[2 * e + 1];
        this.entryTime[e] = time[k];
        ints[2 * e] = k;
        this.live[k] = e;
        this.file(e);
      }
    }
  }

  /**
   * Puts entry e (in no list) where its time belongs. (Times are read from the entry, not
   * passed: a double passed to a call the optimiser does not inline is boxed on the heap.)
   */
  private file(e: number): void {
    const t = this.entryTime[e];
    const b = (t - this.origin) * this.invWidth;
    if (b < this.cur + 1) this.heapPush(e);
    else {
      const idx = b < this.cur + this.buckets ? Math.floor(b) & this.mask : this.buckets;
      if (idx === this.buckets) this.overflow++;
      this.entryInt[2 * e + 1] = this.head[idx];
      this.head[idx] = e;
    }
  }

  private release(e: number): void {
    this.entryInt[2 * e + 1] = this.free;
    this.free = e;
  }

  /** Moves to the next bucket and pours its live entries into the heap. */
  private step(): void {
    const cur = ++this.cur;
    if ((cur & this.mask) === 0 && this.newYear()) return;
    const idx = cur & this.mask;
    const ints = this.entryInt, live = this.live;
    let e = this.head[idx];
    this.head[idx] = NONE;
    while (e !== NONE) {
      const next = ints[2 * e + 1];
      if (live[ints[2 * e]] === e) {
        this.heapPush(e);
        this.poured++;
      } else this.release(e);
      e = next;
    }
  }

  /**
   * At each multiple of B buckets: when the buckets turned out far too full or too empty (the
   * event rate changed), chooses the width again and returns true; otherwise redistributes the
   * overflow (now within reach) and returns false.
   */
  private newYear(): boolean {
    const poured = this.poured, cur = this.cur;
    if (poured > 16 * cur || 8 * poured < cur || cur > 2 ** 29) {
      // every bucket before `cur` is empty, so every pending event is at or after its start
      this.calibrate(this.origin + cur * this.width);
      return true;
    }
    if (this.overflow === 0) return false;
    const ints = this.entryInt, live = this.live;
    let e = this.head[this.buckets];
    this.head[this.buckets] = NONE;
    this.overflow = 0;
    while (e !== NONE) {
      const next = ints[2 * e + 1];
      if (live[ints[2 * e]] === e) this.file(e);
      else this.release(e);
      e = next;
    }
    return false;
  }

  /** Doubles the entry pool (and the heap room), threading the new entries onto the free list. */
  private grow(capacity: number): void {
    const old = this.capacity;
    const time = new Float64Array(capacity);
    time.set(this.entryTime);
    const ints = new Int32Array(2 * capacity);
    ints.set(this.entryInt);
    for (let e = old; e < capacity; e++) ints[2 * e + 1] = e + 1 < capacity ? e + 1 : this.free;
    this.free = old;
    this.entryTime = time;
    this.entryInt = ints;
    this.capacity = capacity;
    const he = new Int32Array(capacity);
    he.set(this.heapEntry);
    const ht = new Float64Array(capacity);
    ht.set(this.heapTime);
    this.heapEntry = he;
    this.heapTime = ht;
  }

  private heapPush(e: number): void {
    const he = this.heapEntry, ht = this.heapTime, t = this.entryTime[e];
    let p = this.heapSize++;
    while (p > 0) {
      const q = (p - 1) >> 2;
      if (ht[q] <= t) break;
      he[p] = he[q];
      ht[p] = ht[q];
      p = q;
    }
    he[p] = e;
    ht[p] = t;
  }

  private heapPop(): void {
    const he = this.heapEntry, ht = this.heapTime;
    const n = --this.heapSize;
    if (n === 0) return;
    const e = he[n], t = ht[n];
    let p = 0;
    for (;;) {
      const c0 = 4 * p + 1;
      if (c0 >= n) break;
      let best = c0;
      let bt = ht[c0];
      const cEnd = c0 + 4 < n ? c0 + 4 : n;
      for (let c = c0 + 1; c < cEnd; c++) {
        if (ht[c] < bt) {
          bt = ht[c];
          best = c;
        }
      }
      if (bt >= t) break;
      he[p] = he[best];
      ht[p] = bt;
      p = best;
    }
    he[p] = e;
    ht[p] = t;
  }
}
