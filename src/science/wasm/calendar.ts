// The science engine's event calendar in AssemblyScript (edmd-kernel.ts describes it): Paul's
// calendar of buckets with the current bucket in a 4-ary heap, lazy deletion through each slot's
// live entry, and reading ahead. Events come out in the order of (time, slot), whatever the
// history of the calendar.
import { F, I, setF, setI, STATE, BOOK, ENTRY, LIVE, HEAD, HENTRY, HTIME } from "./memory";
import {
  NOW, BUCKET_WIDTH, INVERSE_WIDTH, CALENDAR_ORIGIN, PREFETCH_SINK, PENDING, FREE_ENTRY, CURRENT_BUCKET,
  OVERFLOW_COUNT, HEAP_SIZE, POURED, BUCKETS, BUCKET_MASK, POOL_ENTRIES, SLOTS, BODIES,
  STATE_SHIFT, T_AT, BOOK_SHIFT, EVENT_TIME_AT, ENTRY_SHIFT, ENTRY_SLOT_AT, ENTRY_NEXT_AT,
} from "../kernel-layout";

function release(e: i32): void {
  store<i32>(ENTRY + (e << ENTRY_SHIFT), I(FREE_ENTRY), ENTRY_NEXT_AT);
  setI(FREE_ENTRY, e);
}

/** The calendar slot of entry e. */
@inline function slotOf(e: i32): i32 {
  return load<i32>(ENTRY + (e << ENTRY_SHIFT), ENTRY_SLOT_AT);
}

/**
 * Whether entry e at time t comes before entry f at time u: the earlier time, and at equal times
 * the lower slot, so that the order of events depends only on their times and slots, never on
 * the order in which they were filed (a run restored from a checkpoint files them afresh).
 */
@inline function before(t: f64, e: i32, u: f64, f: i32): bool {
  return t < u || (t == u && slotOf(e) < slotOf(f));
}

function heapPush(e: i32): void {
  let t: f64 = 0.0, p: i32 = 0, q: i32 = 0;
  t = load<f64>(ENTRY + (e << ENTRY_SHIFT));
  p = I(HEAP_SIZE);
  setI(HEAP_SIZE, p + 1);
  while (p > 0) {
    q = (p - 1) >> 2;
    if (!before(t, e, load<f64>(HTIME + (q << 3)), load<i32>(HENTRY + (q << 2)))) break;
    store<i32>(HENTRY + (p << 2), load<i32>(HENTRY + (q << 2)));
    store<f64>(HTIME + (p << 3), load<f64>(HTIME + (q << 3)));
    p = q;
  }
  store<i32>(HENTRY + (p << 2), e);
  store<f64>(HTIME + (p << 3), t);
}

function heapPop(): void {
  let n: i32 = 0, e: i32 = 0, t: f64 = 0.0, p: i32 = 0, c0: i32 = 0, best: i32 = 0, bt: f64 = 0.0, cEnd: i32 = 0, c: i32 = 0;
  n = I(HEAP_SIZE) - 1;
  setI(HEAP_SIZE, n);
  if (n == 0) return;
  e = load<i32>(HENTRY + (n << 2));
  t = load<f64>(HTIME + (n << 3));
  for (; ; ) {
    c0 = (p << 2) + 1;
    if (c0 >= n) break;
    best = c0;
    bt = load<f64>(HTIME + (c0 << 3));
    cEnd = c0 + 4;
    if (cEnd > n) cEnd = n;
    for (c = c0 + 1; c < cEnd; c++) {
      if (before(load<f64>(HTIME + (c << 3)), load<i32>(HENTRY + (c << 2)), bt, load<i32>(HENTRY + (best << 2)))) {
        bt = load<f64>(HTIME + (c << 3));
        best = c;
      }
    }
    if (!before(bt, load<i32>(HENTRY + (best << 2)), t, e)) break;
    store<i32>(HENTRY + (p << 2), load<i32>(HENTRY + (best << 2)));
    store<f64>(HTIME + (p << 3), bt);
    p = best;
  }
  store<i32>(HENTRY + (p << 2), e);
  store<f64>(HTIME + (p << 3), t);
}

/** Puts entry e (in no list) where its time belongs. */
function file(e: i32): void {
  let b: f64 = 0.0, cur: i32 = 0, idx: i32 = 0;
  b = (load<f64>(ENTRY + (e << ENTRY_SHIFT)) - F(CALENDAR_ORIGIN)) * F(INVERSE_WIDTH);
  cur = I(CURRENT_BUCKET);
  if (b < <f64>(cur + 1)) {
    heapPush(e);
    return;
  }
  if (b < <f64><u32>(((cur + I(BUCKETS))))) idx = <i32>(Math.floor(b)) & I(BUCKET_MASK);
  else {
    idx = I(BUCKETS);
    setI(OVERFLOW_COUNT, (I(OVERFLOW_COUNT) + 1));
  }
  store<i32>(ENTRY + (e << ENTRY_SHIFT), load<i32>(HEAD + (idx << 2)), ENTRY_NEXT_AT);
  store<i32>(HEAD + (idx << 2), e);
}

/** Sets slot k's time (Infinity: no event). */
export function set(k: i32, t: f64): void {
  let was: i32 = 0, e: i32 = 0;
  if (load<f64>(BOOK + (k << BOOK_SHIFT), EVENT_TIME_AT) == t) return;
  store<f64>(BOOK + (k << BOOK_SHIFT), t, EVENT_TIME_AT);
  was = load<i32>(LIVE + (k << 2));
  if (t == Infinity) {
    store<i32>(LIVE + (k << 2), -1);
    setI(PENDING, (I(PENDING) - 1));
    return;
  }
  if (was == -1) setI(PENDING, (I(PENDING) + 1));
  e = I(FREE_ENTRY);
  if (e == -1) {
    // the pool is full of stale entries: file every live event again
    calibrate(F(NOW));
    return;
  }
  setI(FREE_ENTRY, load<i32>(ENTRY + (e << ENTRY_SHIFT), ENTRY_NEXT_AT));
  store<f64>(ENTRY + (e << ENTRY_SHIFT), t);
  store<i32>(ENTRY + (e << ENTRY_SHIFT), k, ENTRY_SLOT_AT);
  store<i32>(LIVE + (k << 2), e);
  file(e);
}

/** Chooses the bucket width from the pending events and files every event again. */
export function calibrate(now: f64): void {
  let size: i32 = 0, k: i32 = 0, count: i32 = 0, sum: f64 = 0.0, dt: f64 = 0.0, width: f64 = 0.0, e: i32 = 0, cap: i32 = 0, t: f64 = 0.0;
  size = I(SLOTS);
  for (k = 0; k < size; k++) {
    dt = load<f64>(BOOK + (k << BOOK_SHIFT), EVENT_TIME_AT) - now;
    if (dt < Infinity) {
      count++;
      sum += (dt > 0.0 ? dt : 0.0);
    }
  }
  // pending events spread over about their mean lead: density count / mean near now
  width = count > 0 ? (2.0 * sum) / (<f64>(count) * <f64>(count)) : 1.0;
  if (!(width > 0.0)) width = 1.0;
  else if (!(width < Infinity)) width = 1.0;
  setF(BUCKET_WIDTH, width);
  setF(INVERSE_WIDTH, 1.0 / width);
  setF(CALENDAR_ORIGIN, now);
  setI(CURRENT_BUCKET, 0);
  setI(HEAP_SIZE, 0);
  setI(OVERFLOW_COUNT, 0);
  setI(POURED, 0);
  for (k = 0; k <= I(BUCKETS); k++) store<i32>(HEAD + (k << 2), -1);
  // every entry free again, then one live entry per pending slot
  cap = I(POOL_ENTRIES);
  for (e = 0; e < cap; e++) store<i32>(ENTRY + (e << ENTRY_SHIFT), (e + 1), ENTRY_NEXT_AT);
  store<i32>(ENTRY + (cap << ENTRY_SHIFT) - 4, -1);
  setI(FREE_ENTRY, 0);
  for (k = 0; k < size; k++) {
    t = load<f64>(BOOK + (k << BOOK_SHIFT), EVENT_TIME_AT);
    if (t < Infinity) {
      e = I(FREE_ENTRY);
      setI(FREE_ENTRY, load<i32>(ENTRY + (e << ENTRY_SHIFT), ENTRY_NEXT_AT));
      store<f64>(ENTRY + (e << ENTRY_SHIFT), t);
      store<i32>(ENTRY + (e << ENTRY_SHIFT), k, ENTRY_SLOT_AT);
      store<i32>(LIVE + (k << 2), e);
      file(e);
    }
  }
}

/**
 * At each multiple of B buckets: when the buckets turned out far too full or too empty,
 * chooses the width again and returns 1; otherwise redistributes the overflow and returns 0.
 */
function newYear(): i32 {
  let poured: f64 = 0.0, cur: i32 = 0, e: i32 = 0, next: i32 = 0, again: i32 = 0;
  poured = <f64>(I(POURED));
  cur = I(CURRENT_BUCKET);
  if (poured > 16.0 * <f64>(cur)) again = 1;
  if (8.0 * poured < <f64>(cur)) again = 1;
  if (cur > 536870912) again = 1;
  if (again) {
    // every bucket before cur is empty, so every pending event is at or after its start
    calibrate(F(CALENDAR_ORIGIN) + <f64>(cur) * F(BUCKET_WIDTH));
    return 1;
  }
  if (I(OVERFLOW_COUNT) == 0) return 0;
  e = load<i32>(HEAD + (I(BUCKETS) << 2));
  store<i32>(HEAD + (I(BUCKETS) << 2), -1);
  setI(OVERFLOW_COUNT, 0);
  while (e != -1) {
    next = load<i32>(ENTRY + (e << ENTRY_SHIFT), ENTRY_NEXT_AT);
    if ((load<i32>(LIVE + (load<i32>(ENTRY + (e << ENTRY_SHIFT), ENTRY_SLOT_AT) << 2))) == e) file(e);
    else release(e);
    e = next;
  }
  return 0;
}

/** Moves to the next bucket and pours its live entries into the heap. */
function step(): void {
  let cur: i32 = 0, idx: i32 = 0, e: i32 = 0, next: i32 = 0, d: i32 = 0, j: i32 = 0, k: i32 = 0;
  cur = I(CURRENT_BUCKET) + 1;
  setI(CURRENT_BUCKET, cur);
  if (((cur & I(BUCKET_MASK))) == 0) if (newYear()) return;
  idx = cur & I(BUCKET_MASK);
  e = load<i32>(HEAD + (idx << 2));
  store<i32>(HEAD + (idx << 2), -1);
  while (e != -1) {
    next = load<i32>(ENTRY + (e << ENTRY_SHIFT), ENTRY_NEXT_AT);
    k = load<i32>(ENTRY + (e << ENTRY_SHIFT), ENTRY_SLOT_AT);
    if (load<i32>(LIVE + (k << 2)) == e) {
      heapPush(e);
      setI(POURED, (I(POURED) + 1));
      // the event will soon be handled: read its body's records now (and its cache misses
      // overlap with the other entries')
      if (k < I(BODIES)) setF(PREFETCH_SINK, load<f64>(BOOK + (k << BOOK_SHIFT), EVENT_TIME_AT) + load<f64>(STATE + (k << STATE_SHIFT), T_AT));
    } else release(e);
    e = next;
  }
  // read ahead, software-pipelined: entry d + 1 of the bucket d ahead for d = 4, 3, 2, 1 (its
  // first d entries were read at the last d steps), so that each bucket's entries are in
  // cache by the time it is poured
  for (d = 4; d > 0; d--) {
    e = load<i32>(HEAD + (((cur + d) & I(BUCKET_MASK)) << 2));
    for (j = 4 - d; j > 0; j--) {
      if (e == -1) break;
      e = load<i32>(ENTRY + (e << ENTRY_SHIFT), ENTRY_NEXT_AT);
    }
    if (e != -1) setF(PREFETCH_SINK, <f64>(load<i32>(ENTRY + (e << ENTRY_SHIFT), ENTRY_NEXT_AT)));
  }
}

/** The slot with the earliest time (slot 0, with time Infinity, when none is pending). */
export function top(): i32 {
  let e: i32 = 0, k: i32 = 0;
  for (; ; ) {
    if (I(HEAP_SIZE) > 0) {
      e = load<i32>(HENTRY);
      k = load<i32>(ENTRY + (e << ENTRY_SHIFT), ENTRY_SLOT_AT);
      if (load<i32>(LIVE + (k << 2)) == e) return k;
      heapPop();
      release(e);
    } else if (I(PENDING) == 0) return 0;
    else step();
  }
  return 0;
}

/** The time of the slot top() returned (Infinity when none is pending). */
export function topTime(): f64 {
  let t: f64 = 0.0;
  t = Infinity;
  if (I(HEAP_SIZE) > 0) t = load<f64>(HTIME);
  return t;
}
