// The science engine's event kernel in AssemblyScript (compiled to WebAssembly by
// scripts/build-kernel.mjs): the event calendar, free flight, the pair tests of a prediction
// (with growth or not), the collision response, shell exits and the event loop. edmd-kernel.ts
// describes the calendar; ../kernel-layout.ts names the registers F(k) and I(k) and the records'
// fields. Every address is a byte offset into the memory the engine lays out (engine-memory.ts),
// a field's offset within its record given as the load's or store's immediate offset.
import { F, I, setF, setI, STATE, BOOK, IMAGE, COUNTER, MASS, ENTRY, LIVE, HEAD, HENTRY, HTIME, LIST } from "./memory";
import { rebuildOne } from "./lists";
import {
  NOW, END_TIME, SHIFT_X, SHIFT_Y, SHIFT_Z, BOX_Z, SHELL_RADIUS, VIRIAL,
  COMMON_MASS, COLLISIONS, COLLISIONS_END, STALE_EVENTS, SECOND_CHOICES, PREDICTIONS, PAIR_TESTS, BUCKET_WIDTH,
  INVERSE_WIDTH, CALENDAR_ORIGIN, PREFETCH_SINK, GROWTH_RATE, KINETIC_ENERGY, KINETIC_TIME, KINETIC_INTEGRAL, SHELL_EXITS,
  PENDING, FREE_ENTRY, CURRENT_BUCKET, OVERFLOW_COUNT, HEAP_SIZE, POURED, BUCKETS, BUCKET_MASK,
  POOL_ENTRIES, SLOTS, LIST_CAP, EQUAL_MASSES, RETURNED_BODY, PACE_BUDGET, BODIES, PREFETCH,
  CALL_BACK, DIMENSIONS, STATE_SHIFT, X_AT, Y_AT, Z_AT, T_AT, VX_AT,
  VY_AT, VZ_AT, RHO_AT, BOOK_SHIFT, CENTRE_X_AT, CENTRE_Y_AT, CENTRE_Z_AT, SECOND_TIME_AT,
  EVENT_TIME_AT, PARTNER_AT, PARTNER_COUNTER_AT, SECOND_AT, SECOND_COUNTER_AT, LIST_LENGTH_AT, NO_EVENT, ENTRY_SHIFT,
  ENTRY_SLOT_AT, ENTRY_NEXT_AT, ENTRY_BODY_SHIFT, CODE_MASK, NO_SHIFT, RUN_DONE, RUN_PACE, RUN_TIME,
  RUN_SYSTEM, RUN_SHELL,
} from "../kernel-layout";


@external("env", "predictExact") declare function predictExact(i: i32): void;
@external("env", "collided") declare function collided(i: i32, j: i32, t: f64, impulse: f64): void;

// a fast root is trusted when its error bound (8 ulps of each term) is below 2^-18 of c and of
// the discriminant: 2^18 × 8 × 2^-53 = 2^-32
const TRUST_U8: f64 = 2.3283064365386963e-10;

// ---- event calendar ----
function release(e: i32): void {
  store<i32>(ENTRY + (e << ENTRY_SHIFT), I(FREE_ENTRY), ENTRY_NEXT_AT);
  setI(FREE_ENTRY, e);
}

function heapPush(e: i32): void {
  let t: f64 = 0.0, p: i32 = 0, q: i32 = 0;
  t = load<f64>(ENTRY + (e << ENTRY_SHIFT));
  p = I(HEAP_SIZE);
  setI(HEAP_SIZE, p + 1);
  while (p > 0) {
    q = (p - 1) >> 2;
    if (load<f64>(HTIME + (q << 3)) <= t) break;
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
      if (load<f64>(HTIME + (c << 3)) < bt) {
        bt = load<f64>(HTIME + (c << 3));
        best = c;
      }
    }
    if (bt >= t) break;
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
function topTime(): f64 {
  let t: f64 = 0.0;
  t = Infinity;
  if (I(HEAP_SIZE) > 0) t = load<f64>(HTIME);
  return t;
}

// ---- bodies ----
/** Moves body i to the current time (same trajectory). */
export function sync(i: i32): void {
  let o: i32 = 0, dt: f64 = 0.0;
  o = STATE + (i << STATE_SHIFT);
  dt = F(NOW) - load<f64>(o, T_AT);
  if (dt != 0.0) {
    store<f64>(o, load<f64>(o, X_AT) + load<f64>(o, VX_AT) * dt);
    store<f64>(o, load<f64>(o, Y_AT) + load<f64>(o, VY_AT) * dt, Y_AT);
    store<f64>(o, load<f64>(o, Z_AT) + load<f64>(o, VZ_AT) * dt, Z_AT);
    store<f64>(o, F(NOW), T_AT);
  }
}

/** Wraps body i into the box (counting images) and centres its shell on it. */
export function wrap(i: i32): void {
  let a: i32 = 0, o: i32 = 0, c: i32 = 0, m: i32 = 0, x: f64 = 0.0, L: f64 = 0.0;
  o = STATE + (i << STATE_SHIFT);
  c = BOOK + (i << BOOK_SHIFT);
  m = IMAGE + (i * 12);
  for (a = 0; a < I(DIMENSIONS); a++) {
    // the box sides: the shift lengths along x and y, the z side (the z shift is 0 in 2D)
    L = a == 2 ? F(BOX_Z) : F(SHIFT_X + a);
    x = load<f64>(o + (a << 3));
    if (x >= L) {
      x -= L;
      store<i32>(m + (a << 2), (load<i32>(m + (a << 2)) + 1));
    } else if (x < 0.0) {
      x += L;
      store<i32>(m + (a << 2), (load<i32>(m + (a << 2)) - 1));
    }
    store<f64>(o + (a << 3), x);
    store<f64>(c + (a << 3), x);
  }
}

/**
 * Reads every neighbour's record of body i in a loop small enough for the processor to have
 * all their cache misses in flight at once, so that the pair tests that follow find them in
 * cache (only when the bodies outgrow the caches).
 */
export function touch(i: i32): void {
  let p: i32 = 0, end: i32 = 0, sum: f64 = 0.0;
  if (I(PREFETCH) == 0) return;
  p = LIST + ((i * I(LIST_CAP)) << 2);
  end = p + (load<i32>(BOOK + (i << BOOK_SHIFT), LIST_LENGTH_AT) << 2);
  for (; p < end; p += 4) sum = sum + load<f64>(STATE + ((load<i32>(p) >> ENTRY_BODY_SHIFT) << STATE_SHIFT), T_AT);
  setF(PREFETCH_SINK, sum);
}

/** When body i (synchronised) leaves its shell: |e + v τ| = shell with e inside (Infinity at rest). */
export function shellExitTime(i: i32): f64 {
  let o: i32 = 0, c: i32 = 0, vx: f64 = 0.0, vy: f64 = 0.0, vz: f64 = 0.0, ex: f64 = 0.0, ey: f64 = 0.0, ez: f64 = 0.0;
  let va: f64 = 0.0, vb: f64 = 0.0, vc: f64 = 0.0, t: f64 = 0.0, sq: f64 = 0.0;
  o = STATE + (i << STATE_SHIFT);
  c = BOOK + (i << BOOK_SHIFT);
  vx = load<f64>(o, VX_AT);
  vy = load<f64>(o, VY_AT);
  vz = load<f64>(o, VZ_AT);
  ex = load<f64>(o, X_AT) - load<f64>(c, CENTRE_X_AT);
  ey = load<f64>(o, Y_AT) - load<f64>(c, CENTRE_Y_AT);
  ez = load<f64>(o, Z_AT) - load<f64>(c, CENTRE_Z_AT);
  va = vx * vx + vy * vy + vz * vz;
  t = Infinity;
  if (va > 0.0) {
    vb = ex * vx + ey * vy + ez * vz;
    vc = ex * ex + ey * ey + ez * ez - F(SHELL_RADIUS) * F(SHELL_RADIUS);
    t = F(NOW);
    if (vc < 0.0) {
      sq = Math.sqrt(vb * vb - va * vc);
      t += (vb <= 0.0 ? (sq - vb) / va : -vc / (vb + sq));
    }
  }
  return t;
}

/**
 * Body i's next event without growth (σ' = 0, so a ≥ 0 and b = Δ·w): its two earliest among
 * its shell exit and its collisions with listed neighbours, a pair rejected as soon as it
 * cannot come before the second. Returns 0, having scheduled nothing, when a root that could
 * come first is not certified (the caller then makes the general prediction).
 *
 * The gap of a pair with relative position Δ (the entry's periodic image) and velocity w is
 * f(τ) = a τ² + 2 b τ + c with a = |w|², b = Δ·w, c = |Δ|² − σ². A pair cannot come before
 * τ* when b ≥ 0 (moving apart), when f(τ*) > 0 while f still falls at τ*, or when b² < a c (a
 * miss); the first root is c / (√(b² − a c) − b), with no cancellation.
 */
function predict(i: i32): i32 {
  let o: i32 = 0, p: i32 = 0, end: i32 = 0, e: i32 = 0, j: i32 = 0, oj: i32 = 0, partner: i32 = -1, partner2: i32 = -1, ev: i32 = 0;
  let now: f64 = 0.0, xi: f64 = 0.0, yi: f64 = 0.0, zi: f64 = 0.0, vxi: f64 = 0.0, vyi: f64 = 0.0, vzi: f64 = 0.0, ri: f64 = 0.0;
  let lx: f64 = 0.0, ly: f64 = 0.0, lz: f64 = 0.0, best: f64 = 0.0, second: f64 = 0.0, tb: f64 = 0.0, dtj: f64 = 0.0;
  let vxj: f64 = 0.0, vyj: f64 = 0.0, vzj: f64 = 0.0, dx: f64 = 0.0, dy: f64 = 0.0, dz: f64 = 0.0, wx: f64 = 0.0, wy: f64 = 0.0, wz: f64 = 0.0;
  let b: f64 = 0.0, sig: f64 = 0.0, a: f64 = 0.0, dd: f64 = 0.0, c: f64 = 0.0, tau: f64 = 0.0, at: f64 = 0.0, disc: f64 = 0.0, t: f64 = 0.0;
  sync(i);
  touch(i);
  now = F(NOW);
  o = STATE + (i << STATE_SHIFT);
  xi = load<f64>(o, X_AT);
  yi = load<f64>(o, Y_AT);
  zi = load<f64>(o, Z_AT);
  vxi = load<f64>(o, VX_AT);
  vyi = load<f64>(o, VY_AT);
  vzi = load<f64>(o, VZ_AT);
  ri = load<f64>(o, RHO_AT);
  lx = F(SHIFT_X);
  ly = F(SHIFT_Y);
  lz = F(SHIFT_Z);
  p = LIST + ((i * I(LIST_CAP)) << 2);
  end = p + (load<i32>(BOOK + (i << BOOK_SHIFT), LIST_LENGTH_AT) << 2);
  best = shellExitTime(i);
  second = best;
  tb = second - now;
  setF(PREDICTIONS, F(PREDICTIONS) + 1.0);
  setF(PAIR_TESTS, F(PAIR_TESTS) + <f64>(load<i32>(BOOK + (i << BOOK_SHIFT), LIST_LENGTH_AT)));
  for (; p < end; p += 4) {
    e = load<i32>(p);
    j = e >> ENTRY_BODY_SHIFT;
    oj = STATE + (j << STATE_SHIFT);
    dtj = now - load<f64>(oj, T_AT);
    vxj = load<f64>(oj, VX_AT);
    vyj = load<f64>(oj, VY_AT);
    vzj = load<f64>(oj, VZ_AT);
    // an entry's image shift along an axis is ((code >> 2 a) & 3) − 1 boxes; code 21 is no
    // shift at all (the pairs away from the box's faces, most of them: no shift to add)
    dx = load<f64>(oj, X_AT) + vxj * dtj - xi;
    dy = load<f64>(oj, Y_AT) + vyj * dtj - yi;
    dz = load<f64>(oj, Z_AT) + vzj * dtj - zi;
    if ((e & CODE_MASK) != NO_SHIFT) {
      dx += <f64>(((e & 3) - 1)) * lx;
      dy += <f64>((((e >> 2) & 3) - 1)) * ly;
      dz += <f64>((((e >> 4) & 3) - 1)) * lz;
    }
    wx = vxj - vxi;
    wy = vyj - vyi;
    wz = vzj - vzi;
    b = dx * wx + dy * wy + dz * wz;
    sig = ri + load<f64>(oj, RHO_AT);
    a = wx * wx + wy * wy + wz * wz;
    dd = dx * dx + dy * dy + dz * dz;
    c = dd - sig * sig;
    // cannot come first: moving apart, or (with c > 0) f(τ*) > 0 while f still falls at τ*
    // (with τ* = ∞, at is ∞ or NaN), or a miss (b² ≤ a c); the tests combined without
    // branching, so that the one branch, taken by most pairs, is well predicted
    at = a * tb + b;
    disc = b * b - a * c;
    if (<i32>(b >= 0.0) | (<i32>(c > 0.0) & ((<i32>((at + b) * tb + c > 0.0) & <i32>(at <= 0.0)) | <i32>(disc <= 0.0)))) continue;
    tau = 0.0;
    if (c > 0.0) {
      tau = c / (Math.sqrt(disc) - b);
      if (now + tau >= second) continue;
      if (c < TRUST_U8 * (dd + sig * sig)) return 0;
      if (disc < TRUST_U8 * (b * b + Math.abs(a * c))) return 0;
    }
    t = now + tau;
    if (t < best) {
      second = best;
      partner2 = partner;
      best = t;
      partner = j;
    } else if (t < second) {
      second = t;
      partner2 = j;
    } else continue;
    tb = second - now;
  }
  ev = BOOK + (i << BOOK_SHIFT);
  store<i32>(ev, partner, PARTNER_AT);
  if (partner >= 0) {
    store<i32>(ev, load<i32>(COUNTER + (partner << 2)), PARTNER_COUNTER_AT);
    store<i32>(ev, partner2, SECOND_AT);
    if (partner2 >= 0) store<i32>(ev, load<i32>(COUNTER + (partner2 << 2)), SECOND_COUNTER_AT);
    store<f64>(BOOK + (i << BOOK_SHIFT), second, SECOND_TIME_AT);
  } else store<i32>(ev, NO_EVENT, SECOND_AT);
  set(i, best);
  return 1;
}

/**
 * Body i's next event while the bodies grow (g > 0): the earliest of its shell exit and its
 * collisions with listed neighbours, with σ(τ) = σ + σ' τ (σ' = (ρ_i + ρ_j) g), so
 * a = |w|² − σ'², b = Δ·w − σ σ'. A pair cannot come first when b ≥ 0 and a ≥ 0 (moving
 * apart faster than they grow), when f(τ*) > 0 while f still falls at τ* (or a < 0), or when
 * b² ≤ a c; the root is c / (√(b² − a c) − b) for b < 0, −(b + √(b² − a c)) / a for a < 0 ≤ b.
 */
function predictGrowth(i: i32): void {
  let o: i32 = 0, p: i32 = 0, end: i32 = 0, e: i32 = 0, j: i32 = 0, oj: i32 = 0, partner: i32 = -1, ev: i32 = 0;
  let now: f64 = 0.0, g: f64 = 0.0, grow: f64 = 0.0, xi: f64 = 0.0, yi: f64 = 0.0, zi: f64 = 0.0, vxi: f64 = 0.0, vyi: f64 = 0.0, vzi: f64 = 0.0, ri: f64 = 0.0;
  let lx: f64 = 0.0, ly: f64 = 0.0, lz: f64 = 0.0, best: f64 = 0.0, dtj: f64 = 0.0, vxj: f64 = 0.0, vyj: f64 = 0.0, vzj: f64 = 0.0;
  let dx: f64 = 0.0, dy: f64 = 0.0, dz: f64 = 0.0, wx: f64 = 0.0, wy: f64 = 0.0, wz: f64 = 0.0, sum: f64 = 0.0, sd: f64 = 0.0, sig: f64 = 0.0;
  let b: f64 = 0.0, a: f64 = 0.0, dd: f64 = 0.0, c: f64 = 0.0, tb: f64 = 0.0, at: f64 = 0.0, tau: f64 = 0.0, disc: f64 = 0.0;
  sync(i);
  touch(i);
  now = F(NOW);
  g = F(GROWTH_RATE);
  o = STATE + (i << STATE_SHIFT);
  xi = load<f64>(o, X_AT);
  yi = load<f64>(o, Y_AT);
  zi = load<f64>(o, Z_AT);
  vxi = load<f64>(o, VX_AT);
  vyi = load<f64>(o, VY_AT);
  vzi = load<f64>(o, VZ_AT);
  ri = load<f64>(o, RHO_AT);
  lx = F(SHIFT_X);
  ly = F(SHIFT_Y);
  lz = F(SHIFT_Z);
  best = shellExitTime(i);
  grow = 1.0 + g * now;
  p = LIST + ((i * I(LIST_CAP)) << 2);
  end = p + (load<i32>(BOOK + (i << BOOK_SHIFT), LIST_LENGTH_AT) << 2);
  setF(PREDICTIONS, F(PREDICTIONS) + 1.0);
  setF(PAIR_TESTS, F(PAIR_TESTS) + <f64>(load<i32>(BOOK + (i << BOOK_SHIFT), LIST_LENGTH_AT)));
  for (; p < end; p += 4) {
    e = load<i32>(p);
    j = e >> ENTRY_BODY_SHIFT;
    oj = STATE + (j << STATE_SHIFT);
    dtj = now - load<f64>(oj, T_AT);
    vxj = load<f64>(oj, VX_AT);
    vyj = load<f64>(oj, VY_AT);
    vzj = load<f64>(oj, VZ_AT);
    dx = load<f64>(oj, X_AT) + vxj * dtj - xi + <f64>(((e & 3) - 1)) * lx;
    dy = load<f64>(oj, Y_AT) + vyj * dtj - yi + <f64>((((e >> 2) & 3) - 1)) * ly;
    dz = load<f64>(oj, Z_AT) + vzj * dtj - zi + <f64>((((e >> 4) & 3) - 1)) * lz;
    wx = vxj - vxi;
    wy = vyj - vyi;
    wz = vzj - vzi;
    sum = ri + load<f64>(oj, RHO_AT);
    sd = sum * g;
    sig = sum * grow;
    b = dx * wx + dy * wy + dz * wz - sig * sd;
    a = wx * wx + wy * wy + wz * wz - sd * sd;
    dd = dx * dx + dy * dy + dz * dz;
    c = dd - sig * sig;
    tb = best - now;
    at = a * tb + b;
    // (the tests combined without branching, as in predict)
    if ((<i32>(b >= 0.0) & <i32>(a >= 0.0)) | (<i32>(tb < Infinity) & <i32>(c > 0.0) & <i32>((at + b) * tb + c > 0.0) & (<i32>(at <= 0.0) | <i32>(a < 0.0)))) continue;
    if (b < 0.0) {
      if (c <= 0.0) tau = 0.0;
      else {
        disc = b * b - a * c;
        if (disc <= 0.0) continue;
        tau = c / (Math.sqrt(disc) - b);
        if (now + tau >= best) continue;
      }
    } else {
      disc = b * b - a * c;
      tau = -(b + Math.sqrt(disc > 0.0 ? disc : 0.0)) / a;
    }
    if (now + tau < best) {
      best = now + tau;
      partner = j;
    }
  }
  ev = BOOK + (i << BOOK_SHIFT);
  store<i32>(ev, partner, PARTNER_AT);
  if (partner >= 0) store<i32>(ev, load<i32>(COUNTER + (partner << 2)), PARTNER_COUNTER_AT);
  store<i32>(ev, NO_EVENT, SECOND_AT);
  set(i, best);
}

/**
 * Body i's next event: the kernel's prediction without growth (or, when it meets a root only
 * the exact kernel settles, TypeScript's through the imported predictExact), or with growth.
 */
export function predictAny(i: i32): void {
  if (F(GROWTH_RATE) == 0.0) {
    if (predict(i)) return;
    predictExact(i);
    return;
  }
  predictGrowth(i);
}

/**
 * The response of bodies i and j in contact now: elastic along the line of centres, the
 * separating normal speed gaining the growth speed σ' (w_n' = 2σ' − w_n, so growing bodies
 * separate). Counts the collision; returns the impulse J = 2μ(σ' − w_n).
 */
function respond(i: i32, j: i32): f64 {
  let oi: i32 = 0, oj: i32 = 0, dx: f64 = 0.0, dy: f64 = 0.0, dz: f64 = 0.0, lx: f64 = 0.0, ly: f64 = 0.0, lz: f64 = 0.0, dist: f64 = 0.0;
  let nx: f64 = 0.0, ny: f64 = 0.0, nz: f64 = 0.0, wn: f64 = 0.0, sd: f64 = 0.0, mi: f64 = 0.0, mj: f64 = 0.0, mu: f64 = 0.0;
  let impulse: f64 = 0.0, ji: f64 = 0.0, jj: f64 = 0.0;
  touch(i);
  touch(j);
  sync(i);
  sync(j);
  oi = STATE + (i << STATE_SHIFT);
  oj = STATE + (j << STATE_SHIFT);
  lx = F(SHIFT_X);
  ly = F(SHIFT_Y);
  lz = F(BOX_Z);
  dx = load<f64>(oj, X_AT) - load<f64>(oi, X_AT);
  dy = load<f64>(oj, Y_AT) - load<f64>(oi, Y_AT);
  dz = load<f64>(oj, Z_AT) - load<f64>(oi, Z_AT);
  if (dx > 0.5 * lx) dx = dx - lx;
  else if (dx < -0.5 * lx) dx = dx + lx;
  if (dy > 0.5 * ly) dy = dy - ly;
  else if (dy < -0.5 * ly) dy = dy + ly;
  if (dz > 0.5 * lz) dz = dz - lz;
  else if (dz < -0.5 * lz) dz = dz + lz;
  dist = Math.sqrt(dx * dx + dy * dy + dz * dz);
  nx = dx / dist;
  ny = dy / dist;
  nz = dz / dist;
  wn = (load<f64>(oj, VX_AT) - load<f64>(oi, VX_AT)) * nx + (load<f64>(oj, VY_AT) - load<f64>(oi, VY_AT)) * ny + (load<f64>(oj, VZ_AT) - load<f64>(oi, VZ_AT)) * nz;
  sd = (load<f64>(oi, RHO_AT) + load<f64>(oj, RHO_AT)) * F(GROWTH_RATE);
  if (I(EQUAL_MASSES)) {
    mi = F(COMMON_MASS);
    mj = mi;
  } else {
    mi = load<f64>(MASS + (i << 3));
    mj = load<f64>(MASS + (j << 3));
  }
  mu = (mi * mj) / (mi + mj);
  impulse = 2.0 * mu * (sd - wn);
  if (impulse > 0.0) {
    ji = impulse / mi;
    jj = impulse / mj;
    store<f64>(oi, load<f64>(oi, VX_AT) - ji * nx, VX_AT);
    store<f64>(oi, load<f64>(oi, VY_AT) - ji * ny, VY_AT);
    store<f64>(oi, load<f64>(oi, VZ_AT) - ji * nz, VZ_AT);
    store<f64>(oj, load<f64>(oj, VX_AT) + jj * nx, VX_AT);
    store<f64>(oj, load<f64>(oj, VY_AT) + jj * ny, VY_AT);
    store<f64>(oj, load<f64>(oj, VZ_AT) + jj * nz, VZ_AT);
    setF(VIRIAL, F(VIRIAL) + impulse * dist);
    if (sd > 0.0) {
      // growth heats: the kinetic energy gains J σ'
      setF(KINETIC_INTEGRAL, F(KINETIC_INTEGRAL) + F(KINETIC_ENERGY) * (F(NOW) - F(KINETIC_TIME)));
      setF(KINETIC_TIME, F(NOW));
      setF(KINETIC_ENERGY, F(KINETIC_ENERGY) + impulse * sd);
    }
  }
  store<i32>(COUNTER + (i << 2), (load<i32>(COUNTER + (i << 2)) + 1));
  store<i32>(COUNTER + (j << 2), (load<i32>(COUNTER + (j << 2)) + 1));
  setF(COLLISIONS, F(COLLISIONS) + 1.0);
  return impulse;
}

/**
 * Runs events until the collision count reaches COLLISIONS_END, the next event is after END_TIME, the
 * pace check is due, or an event only TypeScript handles (the scheduled systems, a shell
 * exit) is next: returns which (RUN_*), with the body in RETURNED_BODY.
 */
export function run(): i32 {
  let k: i32 = 0, t: f64 = 0.0, p: i32 = 0, q: i32 = 0, ev: i32 = 0, n: i32 = 0, budget: i32 = 0, impulse: f64 = 0.0;
  n = I(BODIES);
  budget = I(PACE_BUDGET);
  for (; ; ) {
    if (F(COLLISIONS) >= F(COLLISIONS_END)) {
      setI(PACE_BUDGET, budget);
      return RUN_DONE;
    }
    if (budget <= 0) {
      setI(PACE_BUDGET, 0);
      return RUN_PACE;
    }
    k = top();
    t = topTime();
    if (t > F(END_TIME) || t == Infinity) {
      setI(PACE_BUDGET, budget);
      return RUN_TIME;
    }
    setF(NOW, t);
    budget -= 1;
    if (k == n) {
      setI(PACE_BUDGET, budget);
      return RUN_SYSTEM;
    }
    ev = BOOK + (k << BOOK_SHIFT);
    p = load<i32>(ev, PARTNER_AT);
    if (p < 0) {
      // a shell exit: the body is wrapped into the box and its list rebuilt around it
      setF(SHELL_EXITS, F(SHELL_EXITS) + 1.0);
      sync(k);
      wrap(k);
      if (rebuildOne(k) < 0) {
        // a list or a cell is full: TypeScript makes room, rebuilds and predicts
        setI(PACE_BUDGET, budget);
        setI(RETURNED_BODY, k);
        return RUN_SHELL;
      }
      predictAny(k);
      continue;
    }
    if (load<i32>(COUNTER + (p << 2)) == load<i32>(ev, PARTNER_COUNTER_AT)) {
      impulse = respond(k, p);
      if (I(CALL_BACK)) collided(k, p, F(NOW), impulse);
      predictAny(k);
      predictAny(p);
      continue;
    }
    setF(STALE_EVENTS, F(STALE_EVENTS) + 1.0);
    // k has not changed course since its prediction, so its second choice still holds when
    // that partner has not changed either: every pair with a body that changed course since
    // was tested again by that body
    q = load<i32>(ev, SECOND_AT);
    if (q >= 0) {
      if (load<i32>(COUNTER + (q << 2)) != load<i32>(ev, SECOND_COUNTER_AT)) q = NO_EVENT;
    }
    if (q >= -1) {
      setF(SECOND_CHOICES, F(SECOND_CHOICES) + 1.0);
      store<i32>(ev, q, PARTNER_AT);
      store<i32>(ev, load<i32>(ev, SECOND_COUNTER_AT), PARTNER_COUNTER_AT);
      store<i32>(ev, NO_EVENT, SECOND_AT);
      set(k, load<f64>(BOOK + (k << BOOK_SHIFT), SECOND_TIME_AT));
    } else predictAny(k);
  }
  return 0;
}

