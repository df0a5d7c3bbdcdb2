// asm.js: every parameter and local is coerced (x | 0 an int32, +x a double), every heap read
// indexes with a byte offset shifted by the element size, every call's result is coerced.
export function EdmdKernel(stdlib, foreign, buffer) {
  "use asm";
  var F = new stdlib.Float64Array(buffer);
  var I = new stdlib.Int32Array(buffer);
  var sqrt = stdlib.Math.sqrt;
  var abs = stdlib.Math.abs;
  var floor = stdlib.Math.floor;
  var imul = stdlib.Math.imul;
  var inf = stdlib.Infinity;
  var predictExact = foreign.predictExact;
  var collided = foreign.collided;
  var rebuildList = foreign.rebuildList;
  var STATE = foreign.state | 0;
  var BOOK = foreign.book | 0;
  var IMAGE = foreign.image | 0;
  var COUNTER = foreign.counter | 0;
  var MASS = foreign.mass | 0;
  var ENTRY = foreign.entry | 0;
  var LIVE = foreign.live | 0;
  var HEAD = foreign.head | 0;
  var HENTRY = foreign.hentry | 0;
  var HTIME = foreign.htime | 0;
  var LIST = foreign.list | 0;
  // a fast root is trusted when its error bound (8 ulps of each term) is below 2^-18 of c and of
  // the discriminant: 2^18 × 8 × 2^-53 = 2^-32
  var TRUST_U8 = 2.3283064365386963e-10;

  // ---- event calendar ----

  function release(e) {
    e = e | 0;
    I[(ENTRY + (e << 4) + 12) >> 2] = I[65];
    I[65] = e;
  }

  function heapPush(e) {
    e = e | 0;
    var t = 0.0, p = 0, q = 0;
    t = +F[(ENTRY + (e << 4)) >> 3];
    p = I[68] | 0;
    I[68] = (p + 1) | 0;
    while ((p | 0) > 0) {
      q = (p - 1) >> 2;
      if (+F[(HTIME + (q << 3)) >> 3] <= t) break;
      I[(HENTRY + (p << 2)) >> 2] = I[(HENTRY + (q << 2)) >> 2];
      F[(HTIME + (p << 3)) >> 3] = +F[(HTIME + (q << 3)) >> 3];
      p = q;
    }
    I[(HENTRY + (p << 2)) >> 2] = e;
    F[(HTIME + (p << 3)) >> 3] = t;
  }

  function heapPop() {
    var n = 0, e = 0, t = 0.0, p = 0, c0 = 0, best = 0, bt = 0.0, cEnd = 0, c = 0;
    n = ((I[68] | 0) - 1) | 0;
    I[68] = n;
    if ((n | 0) == 0) return;
    e = I[(HENTRY + (n << 2)) >> 2] | 0;
    t = +F[(HTIME + (n << 3)) >> 3];
    for (;;) {
      c0 = ((p << 2) + 1) | 0;
      if ((c0 | 0) >= (n | 0)) break;
      best = c0;
      bt = +F[(HTIME + (c0 << 3)) >> 3];
      cEnd = (c0 + 4) | 0;
      if ((cEnd | 0) > (n | 0)) cEnd = n;
      for (c = (c0 + 1) | 0; (c | 0) < (cEnd | 0); c = (c + 1) | 0) {
        if (+F[(HTIME + (c << 3)) >> 3] < bt) {
          bt = +F[(HTIME + (c << 3)) >> 3];
          best = c;
        }
      }
      if (bt >= t) break;
      I[(HENTRY + (p << 2)) >> 2] = I[(HENTRY + (best << 2)) >> 2];
      F[(HTIME + (p << 3)) >> 3] = bt;
      p = best;
    }
    I[(HENTRY + (p << 2)) >> 2] = e;
    F[(HTIME + (p << 3)) >> 3] = t;
  }

  /** Puts entry e (in no list) where its time belongs. */
  function file(e) {
    e = e | 0;
    var b = 0.0, cur = 0, idx = 0;
    b = (+F[(ENTRY + (e << 4)) >> 3] - +F[17]) * +F[16];
    cur = I[66] | 0;
    if (b < +((cur + 1) | 0)) {
      heapPush(e);
      return;
    }
    if (b < +(((cur + (I[70] | 0)) | 0) >>> 0)) idx = ~~+floor(b) & (I[71] | 0);
    else {
      idx = I[70] | 0;
      I[67] = ((I[67] | 0) + 1) | 0;
    }
    I[(ENTRY + (e << 4) + 12) >> 2] = I[(HEAD + (idx << 2)) >> 2];
    I[(HEAD + (idx << 2)) >> 2] = e;
  }

  /** Sets slot k's time (Infinity: no event). */
  function set(k, t) {
    k = k | 0;
    t = +t;
    var was = 0, e = 0;
    if (+F[(BOOK + (k << 6) + 32) >> 3] == t) return;
    F[(BOOK + (k << 6) + 32) >> 3] = t;
    was = I[(LIVE + (k << 2)) >> 2] | 0;
    if (t == inf) {
      I[(LIVE + (k << 2)) >> 2] = -1;
      I[64] = ((I[64] | 0) - 1) | 0;
      return;
    }
    if ((was | 0) == -1) I[64] = ((I[64] | 0) + 1) | 0;
    e = I[65] | 0;
    if ((e | 0) == -1) {
      // the pool is full of stale entries: file every live event again
      calibrate(+F[0]);
      return;
    }
    I[65] = I[(ENTRY + (e << 4) + 12) >> 2];
    F[(ENTRY + (e << 4)) >> 3] = t;
    I[(ENTRY + (e << 4) + 8) >> 2] = k;
    I[(LIVE + (k << 2)) >> 2] = e;
    file(e);
  }

  /** Chooses the bucket width from the pending events and files every event again. */
  function calibrate(now) {
    now = +now;
    var size = 0, k = 0, count = 0, sum = 0.0, dt = 0.0, width = 0.0, e = 0, cap = 0, t = 0.0;
    size = I[73] | 0;
    for (k = 0; (k | 0) < (size | 0); k = (k + 1) | 0) {
      dt = +F[(BOOK + (k << 6) + 32) >> 3] - now;
      if (dt < inf) {
        count = (count + 1) | 0;
        sum = sum + (dt > 0.0 ? dt : 0.0);
      }
    }
    // pending events spread over about their mean lead: density count / mean near now
    width = (count | 0) > 0 ? (2.0 * sum) / (+(count | 0) * +(count | 0)) : 1.0;
    if (!(width > 0.0)) width = 1.0;
    else if (!(width < inf)) width = 1.0;
    F[15] = width;
    F[16] = 1.0 / width;
    F[17] = now;
    I[66] = 0;
    I[68] = 0;
    I[67] = 0;
    I[69] = 0;
    for (k = 0; (k | 0) <= (I[70] | 0); k = (k + 1) | 0) I[(HEAD + (k << 2)) >> 2] = -1;
    // every entry free again, then one live entry per pending slot
    cap = I[72] | 0;
    for (e = 0; (e | 0) < (cap | 0); e = (e + 1) | 0) I[(ENTRY + (e << 4) + 12) >> 2] = (e + 1) | 0;
    I[(ENTRY + (cap << 4) - 4) >> 2] = -1;
    I[65] = 0;
    for (k = 0; (k | 0) < (size | 0); k = (k + 1) | 0) {
      t = +F[(BOOK + (k << 6) + 32) >> 3];
      if (t < inf) {
        e = I[65] | 0;
        I[65] = I[(ENTRY + (e << 4) + 12) >> 2];
        F[(ENTRY + (e << 4)) >> 3] = t;
        I[(ENTRY + (e << 4) + 8) >> 2] = k;
        I[(LIVE + (k << 2)) >> 2] = e;
        file(e);
      }
    }
  }

  /**
   * At each multiple of B buckets: when the buckets turned out far too full or too empty,
   * chooses the width again and returns 1; otherwise redistributes the overflow and returns 0.
   */
  function newYear() {
    var poured = 0.0, cur = 0, e = 0, next = 0, again = 0;
    poured = +(I[69] | 0);
    cur = I[66] | 0;
    if (poured > 16.0 * +(cur | 0)) again = 1;
    if (8.0 * poured < +(cur | 0)) again = 1;
    if ((cur | 0) > 536870912) again = 1;
    if (again) {
      // every bucket before cur is empty, so every pending event is at or after its start
      calibrate(+F[17] + +(cur | 0) * +F[15]);
      return 1;
    }
    if ((I[67] | 0) == 0) return 0;
    e = I[(HEAD + (I[70] << 2)) >> 2] | 0;
    I[(HEAD + (I[70] << 2)) >> 2] = -1;
    I[67] = 0;
    while ((e | 0) != -1) {
      next = I[(ENTRY + (e << 4) + 12) >> 2] | 0;
      if ((I[(LIVE + (I[(ENTRY + (e << 4) + 8) >> 2] << 2)) >> 2] | 0) == (e | 0)) file(e);
      else release(e);
      e = next;
    }
    return 0;
  }

  /** Moves to the next bucket and pours its live entries into the heap. */
  function step() {
    var cur = 0, idx = 0, e = 0, next = 0, d = 0, j = 0, k = 0;
    cur = ((I[66] | 0) + 1) | 0;
    I[66] = cur;
    if (((cur & I[71]) | 0) == 0) if (newYear() | 0) return;
    idx = cur & I[71];
    e = I[(HEAD + (idx << 2)) >> 2] | 0;
    I[(HEAD + (idx << 2)) >> 2] = -1;
    while ((e | 0) != -1) {
      next = I[(ENTRY + (e << 4) + 12) >> 2] | 0;
      k = I[(ENTRY + (e << 4) + 8) >> 2] | 0;
      if ((I[(LIVE + (k << 2)) >> 2] | 0) == (e | 0)) {
        heapPush(e);
        I[69] = ((I[69] | 0) + 1) | 0;
        // the event will soon be handled: read its body's records now (and its cache misses
        // overlap with the other entries')
        if ((k | 0) < (I[78] | 0)) F[18] = +F[(BOOK + (k << 6) + 32) >> 3] + +F[(STATE + (k << 6) + 24) >> 3];
      } else release(e);
      e = next;
    }
    // read ahead, software-pipelined: entry d + 1 of the bucket d ahead for d = 4, 3, 2, 1 (its
    // first d entries were read at the last d steps), so that each bucket's entries are in
    // cache by the time it is poured
    for (d = 4; (d | 0) > 0; d = (d - 1) | 0) {
      e = I[(HEAD + (((cur + d) & I[71]) << 2)) >> 2] | 0;
      for (j = (4 - d) | 0; (j | 0) > 0; j = (j - 1) | 0) {
        if ((e | 0) == -1) break;
        e = I[(ENTRY + (e << 4) + 12) >> 2] | 0;
      }
      if ((e | 0) != -1) F[18] = +(I[(ENTRY + (e << 4) + 12) >> 2] | 0);
    }
  }

  /** The slot with the earliest time (slot 0, with time Infinity, when none is pending). */
  function top() {
    var e = 0, k = 0;
    for (;;) {
      if ((I[68] | 0) > 0) {
        e = I[HENTRY >> 2] | 0;
        k = I[(ENTRY + (e << 4) + 8) >> 2] | 0;
        if ((I[(LIVE + (k << 2)) >> 2] | 0) == (e | 0)) return k | 0;
        heapPop();
        release(e);
      } else if ((I[64] | 0) == 0) return 0;
      else step();
    }
    return 0;
  }

  /** The time of the slot top() returned (Infinity when none is pending). */
  function topTime() {
    var t = 0.0;
    t = inf;
    if ((I[68] | 0) > 0) t = +F[HTIME >> 3];
    return +t;
  }

  // ---- bodies ----

  /** Moves body i to the current time (same trajectory). */
  function sync(i) {
    i = i | 0;
    var o = 0, dt = 0.0;
    o = (STATE + (i << 6)) | 0;
    dt = +F[0] - +F[(o + 24) >> 3];
    if (dt != 0.0) {
      F[o >> 3] = +F[o >> 3] + +F[(o + 32) >> 3] * dt;
      F[(o + 8) >> 3] = +F[(o + 8) >> 3] + +F[(o + 40) >> 3] * dt;
      F[(o + 16) >> 3] = +F[(o + 16) >> 3] + +F[(o + 48) >> 3] * dt;
      F[(o + 24) >> 3] = +F[0];
    }
  }

  /** Wraps body i into the box (counting images) and centres its shell on it. */
  function wrap(i) {
    i = i | 0;
    var a = 0, o = 0, c = 0, m = 0, x = 0.0, L = 0.0;
    o = (STATE + (i << 6)) | 0;
    c = (BOOK + (i << 6)) | 0;
    m = (IMAGE + imul(i, 12)) | 0;
    for (a = 0; (a | 0) < (I[88] | 0); a = (a + 1) | 0) {
      // the box sides are F[2], F[3] and F[5]
      L = +F[(16 + (a << 3) + ((a | 0) == 2 ? 8 : 0)) >> 3];
      x = +F[(o + (a << 3)) >> 3];
      if (x >= L) {
        x = x - L;
        I[(m + (a << 2)) >> 2] = ((I[(m + (a << 2)) >> 2] | 0) + 1) | 0;
      } else if (x < 0.0) {
        x = x + L;
        I[(m + (a << 2)) >> 2] = ((I[(m + (a << 2)) >> 2] | 0) - 1) | 0;
      }
      F[(o + (a << 3)) >> 3] = x;
      F[(c + (a << 3)) >> 3] = x;
    }
  }

  /**
   * Reads every neighbour's record of body i in a loop small enough for the processor to have
   * all their cache misses in flight at once, so that the pair tests that follow find them in
   * cache (only when the bodies outgrow the caches).
   */
  function touch(i) {
    i = i | 0;
    var p = 0, end = 0, sum = 0.0;
    if ((I[79] | 0) == 0) return;
    p = (LIST + (imul(i, I[74] | 0) << 2)) | 0;
    end = (p + ((I[(BOOK + (i << 6) + 56) >> 2] | 0) << 2)) | 0;
    for (; (p | 0) < (end | 0); p = (p + 4) | 0) sum = sum + +F[(STATE + ((I[p >> 2] >> 6) << 6) + 24) >> 3];
    F[18] = sum;
  }

  /** When body i (synchronised) leaves its shell: |e + v τ| = shell with e inside (Infinity at rest). */
  function shellExitTime(i) {
    i = i | 0;
    var o = 0, c = 0, vx = 0.0, vy = 0.0, vz = 0.0, ex = 0.0, ey = 0.0, ez = 0.0;
    var va = 0.0, vb = 0.0, vc = 0.0, t = 0.0, sq = 0.0;
    o = (STATE + (i << 6)) | 0;
    c = (BOOK + (i << 6)) | 0;
    vx = +F[(o + 32) >> 3];
    vy = +F[(o + 40) >> 3];
    vz = +F[(o + 48) >> 3];
    ex = +F[o >> 3] - +F[c >> 3];
    ey = +F[(o + 8) >> 3] - +F[(c + 8) >> 3];
    ez = +F[(o + 16) >> 3] - +F[(c + 16) >> 3];
    va = vx * vx + vy * vy + vz * vz;
    t = inf;
    if (va > 0.0) {
      vb = ex * vx + ey * vy + ez * vz;
      vc = ex * ex + ey * ey + ez * ez - +F[6] * +F[6];
      t = +F[0];
      if (vc < 0.0) {
        sq = +sqrt(vb * vb - va * vc);
        t = t + (vb <= 0.0 ? (sq - vb) / va : -vc / (vb + sq));
      }
    }
    return +t;
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
  function predict(i) {
    i = i | 0;
    var o = 0, p = 0, end = 0, e = 0, j = 0, oj = 0, partner = -1, partner2 = -1, ev = 0;
    var now = 0.0, xi = 0.0, yi = 0.0, zi = 0.0, vxi = 0.0, vyi = 0.0, vzi = 0.0, ri = 0.0;
    var lx = 0.0, ly = 0.0, lz = 0.0, best = 0.0, second = 0.0, tb = 0.0, dtj = 0.0;
    var vxj = 0.0, vyj = 0.0, vzj = 0.0, dx = 0.0, dy = 0.0, dz = 0.0, wx = 0.0, wy = 0.0, wz = 0.0;
    var b = 0.0, sig = 0.0, a = 0.0, dd = 0.0, c = 0.0, tau = 0.0, at = 0.0, disc = 0.0, t = 0.0;
    sync(i);
    touch(i);
    now = +F[0];
    o = (STATE + (i << 6)) | 0;
    xi = +F[o >> 3];
    yi = +F[(o + 8) >> 3];
    zi = +F[(o + 16) >> 3];
    vxi = +F[(o + 32) >> 3];
    vyi = +F[(o + 40) >> 3];
    vzi = +F[(o + 48) >> 3];
    ri = +F[(o + 56) >> 3];
    lx = +F[2];
    ly = +F[3];
    lz = +F[4];
    p = (LIST + (imul(i, I[74] | 0) << 2)) | 0;
    end = (p + ((I[(BOOK + (i << 6) + 56) >> 2] | 0) << 2)) | 0;
    best = +shellExitTime(i);
    second = best;
    tb = second - now;
    F[13] = +F[13] + 1.0;
    F[14] = +F[14] + +(I[(BOOK + (i << 6) + 56) >> 2] | 0);
    for (; (p | 0) < (end | 0); p = (p + 4) | 0) {
      e = I[p >> 2] | 0;
      j = e >> 6;
      oj = (STATE + (j << 6)) | 0;
      dtj = now - +F[(oj + 24) >> 3];
      vxj = +F[(oj + 32) >> 3];
      vyj = +F[(oj + 40) >> 3];
      vzj = +F[(oj + 48) >> 3];
      // an entry's image shift along an axis is ((code >> 2 a) & 3) − 1 boxes; code 21 is no
      // shift at all (the pairs away from the box's faces, most of them: no shift to add)
      dx = +F[oj >> 3] + vxj * dtj - xi;
      dy = +F[(oj + 8) >> 3] + vyj * dtj - yi;
      dz = +F[(oj + 16) >> 3] + vzj * dtj - zi;
      if ((e & 63) != 21) {
        dx = dx + +(((e & 3) - 1) | 0) * lx;
        dy = dy + +((((e >> 2) & 3) - 1) | 0) * ly;
        dz = dz + +((((e >> 4) & 3) - 1) | 0) * lz;
      }
      wx = vxj - vxi;
      wy = vyj - vyi;
      wz = vzj - vzi;
      b = dx * wx + dy * wy + dz * wz;
      if (b >= 0.0) continue;
      sig = ri + +F[(oj + 56) >> 3];
      a = wx * wx + wy * wy + wz * wz;
      dd = dx * dx + dy * dy + dz * dz;
      c = dd - sig * sig;
      tau = 0.0;
      if (c > 0.0) {
        // cannot come first: f(τ*) > 0 while f still falls at τ* (with τ* = ∞, at is ∞ or NaN)
        at = a * tb + b;
        if ((at + b) * tb + c > 0.0) if (at <= 0.0) continue;
        disc = b * b - a * c;
        if (disc <= 0.0) continue;
        tau = c / (+sqrt(disc) - b);
        if (now + tau >= second) continue;
        if (c < TRUST_U8 * (dd + sig * sig)) return 0;
        if (disc < TRUST_U8 * (b * b + +abs(a * c))) return 0;
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
    ev = (BOOK + (i << 6) + 40) | 0;
    I[ev >> 2] = partner;
    if ((partner | 0) >= 0) {
      I[(ev + 4) >> 2] = I[(COUNTER + (partner << 2)) >> 2];
      I[(ev + 8) >> 2] = partner2;
      if ((partner2 | 0) >= 0) I[(ev + 12) >> 2] = I[(COUNTER + (partner2 << 2)) >> 2];
      F[(BOOK + (i << 6) + 24) >> 3] = second;
    } else I[(ev + 8) >> 2] = -2;
    set(i, best);
    return 1;
  }

  /** Body i's next event, the general prediction when growth or an uncertified root needs it. */
  /**
   * Body i's next event while the bodies grow (g > 0): the earliest of its shell exit and its
   * collisions with listed neighbours, with σ(τ) = σ + σ' τ (σ' = (ρ_i + ρ_j) g), so
   * a = |w|² − σ'², b = Δ·w − σ σ'. A pair cannot come first when b ≥ 0 and a ≥ 0 (moving
   * apart faster than they grow), when f(τ*) > 0 while f still falls at τ* (or a < 0), or when
   * b² ≤ a c; the root is c / (√(b² − a c) − b) for b < 0, −(b + √(b² − a c)) / a for a < 0 ≤ b.
   */
  function predictGrowth(i) {
    i = i | 0;
    var o = 0, p = 0, end = 0, e = 0, j = 0, oj = 0, partner = -1, ev = 0;
    var now = 0.0, g = 0.0, grow = 0.0, xi = 0.0, yi = 0.0, zi = 0.0, vxi = 0.0, vyi = 0.0, vzi = 0.0, ri = 0.0;
    var lx = 0.0, ly = 0.0, lz = 0.0, best = 0.0, dtj = 0.0, vxj = 0.0, vyj = 0.0, vzj = 0.0;
    var dx = 0.0, dy = 0.0, dz = 0.0, wx = 0.0, wy = 0.0, wz = 0.0, sum = 0.0, sd = 0.0, sig = 0.0;
    var b = 0.0, a = 0.0, dd = 0.0, c = 0.0, tb = 0.0, at = 0.0, tau = 0.0, disc = 0.0;
    sync(i);
    touch(i);
    now = +F[0];
    g = +F[19];
    o = (STATE + (i << 6)) | 0;
    xi = +F[o >> 3];
    yi = +F[(o + 8) >> 3];
    zi = +F[(o + 16) >> 3];
    vxi = +F[(o + 32) >> 3];
    vyi = +F[(o + 40) >> 3];
    vzi = +F[(o + 48) >> 3];
    ri = +F[(o + 56) >> 3];
    lx = +F[2];
    ly = +F[3];
    lz = +F[4];
    best = +shellExitTime(i);
    grow = 1.0 + g * now;
    p = (LIST + (imul(i, I[74] | 0) << 2)) | 0;
    end = (p + ((I[(BOOK + (i << 6) + 56) >> 2] | 0) << 2)) | 0;
    F[13] = +F[13] + 1.0;
    F[14] = +F[14] + +(I[(BOOK + (i << 6) + 56) >> 2] | 0);
    for (; (p | 0) < (end | 0); p = (p + 4) | 0) {
      e = I[p >> 2] | 0;
      j = e >> 6;
      oj = (STATE + (j << 6)) | 0;
      dtj = now - +F[(oj + 24) >> 3];
      vxj = +F[(oj + 32) >> 3];
      vyj = +F[(oj + 40) >> 3];
      vzj = +F[(oj + 48) >> 3];
      dx = +F[oj >> 3] + vxj * dtj - xi + +(((e & 3) - 1) | 0) * lx;
      dy = +F[(oj + 8) >> 3] + vyj * dtj - yi + +((((e >> 2) & 3) - 1) | 0) * ly;
      dz = +F[(oj + 16) >> 3] + vzj * dtj - zi + +((((e >> 4) & 3) - 1) | 0) * lz;
      wx = vxj - vxi;
      wy = vyj - vyi;
      wz = vzj - vzi;
      sum = ri + +F[(oj + 56) >> 3];
      sd = sum * g;
      sig = sum * grow;
      b = dx * wx + dy * wy + dz * wz - sig * sd;
      a = wx * wx + wy * wy + wz * wz - sd * sd;
      if (b >= 0.0) if (a >= 0.0) continue;
      dd = dx * dx + dy * dy + dz * dz;
      c = dd - sig * sig;
      tb = best - now;
      if (tb < inf) {
        if (c > 0.0) {
          at = a * tb + b;
          if ((at + b) * tb + c > 0.0) {
            if (at <= 0.0) continue;
            if (a < 0.0) continue;
          }
        }
      }
      if (b < 0.0) {
        if (c <= 0.0) tau = 0.0;
        else {
          disc = b * b - a * c;
          if (disc <= 0.0) continue;
          tau = c / (+sqrt(disc) - b);
          if (now + tau >= best) continue;
        }
      } else {
        disc = b * b - a * c;
        tau = -(b + +sqrt(disc > 0.0 ? disc : 0.0)) / a;
      }
      if (now + tau < best) {
        best = now + tau;
        partner = j;
      }
    }
    ev = (BOOK + (i << 6) + 40) | 0;
    I[ev >> 2] = partner;
    if ((partner | 0) >= 0) I[(ev + 4) >> 2] = I[(COUNTER + (partner << 2)) >> 2];
    I[(ev + 8) >> 2] = -2;
    set(i, best);
  }

  /**
   * Body i's next event: the kernel's prediction without growth (or, when it meets a root only
   * the exact kernel settles, TypeScript's through foreign.predictExact), or with growth.
   */
  function predictAny(i) {
    i = i | 0;
    if (+F[19] == 0.0) {
      if (predict(i) | 0) return;
      predictExact(i | 0);
      return;
    }
    predictGrowth(i);
  }

  /**
   * The response of bodies i and j in contact now: elastic along the line of centres, the
   * separating normal speed gaining the growth speed σ' (w_n' = 2σ' − w_n, so growing bodies
   * separate). Counts the collision; returns the impulse J = 2μ(σ' − w_n).
   */
  function respond(i, j) {
    i = i | 0;
    j = j | 0;
    var oi = 0, oj = 0, dx = 0.0, dy = 0.0, dz = 0.0, lx = 0.0, ly = 0.0, lz = 0.0, dist = 0.0;
    var nx = 0.0, ny = 0.0, nz = 0.0, wn = 0.0, sd = 0.0, mi = 0.0, mj = 0.0, mu = 0.0;
    var impulse = 0.0, ji = 0.0, jj = 0.0;
    touch(i);
    touch(j);
    sync(i);
    sync(j);
    oi = (STATE + (i << 6)) | 0;
    oj = (STATE + (j << 6)) | 0;
    lx = +F[2];
    ly = +F[3];
    lz = +F[5];
    dx = +F[oj >> 3] - +F[oi >> 3];
    dy = +F[(oj + 8) >> 3] - +F[(oi + 8) >> 3];
    dz = +F[(oj + 16) >> 3] - +F[(oi + 16) >> 3];
    if (dx > 0.5 * lx) dx = dx - lx;
    else if (dx < -0.5 * lx) dx = dx + lx;
    if (dy > 0.5 * ly) dy = dy - ly;
    else if (dy < -0.5 * ly) dy = dy + ly;
    if (dz > 0.5 * lz) dz = dz - lz;
    else if (dz < -0.5 * lz) dz = dz + lz;
    dist = +sqrt(dx * dx + dy * dy + dz * dz);
    nx = dx / dist;
    ny = dy / dist;
    nz = dz / dist;
    wn = (+F[(oj + 32) >> 3] - +F[(oi + 32) >> 3]) * nx + (+F[(oj + 40) >> 3] - +F[(oi + 40) >> 3]) * ny + (+F[(oj + 48) >> 3] - +F[(oi + 48) >> 3]) * nz;
    sd = (+F[(oi + 56) >> 3] + +F[(oj + 56) >> 3]) * +F[19];
    if (I[75] | 0) {
      mi = +F[8];
      mj = mi;
    } else {
      mi = +F[(MASS + (i << 3)) >> 3];
      mj = +F[(MASS + (j << 3)) >> 3];
    }
    mu = (mi * mj) / (mi + mj);
    impulse = 2.0 * mu * (sd - wn);
    if (impulse > 0.0) {
      ji = impulse / mi;
      jj = impulse / mj;
      F[(oi + 32) >> 3] = +F[(oi + 32) >> 3] - ji * nx;
      F[(oi + 40) >> 3] = +F[(oi + 40) >> 3] - ji * ny;
      F[(oi + 48) >> 3] = +F[(oi + 48) >> 3] - ji * nz;
      F[(oj + 32) >> 3] = +F[(oj + 32) >> 3] + jj * nx;
      F[(oj + 40) >> 3] = +F[(oj + 40) >> 3] + jj * ny;
      F[(oj + 48) >> 3] = +F[(oj + 48) >> 3] + jj * nz;
      F[7] = +F[7] + impulse * dist;
      if (sd > 0.0) {
        // growth heats: the kinetic energy gains J σ'
        F[22] = +F[22] + +F[20] * (+F[0] - +F[21]);
        F[21] = +F[0];
        F[20] = +F[20] + impulse * sd;
      }
    }
    I[(COUNTER + (i << 2)) >> 2] = ((I[(COUNTER + (i << 2)) >> 2] | 0) + 1) | 0;
    I[(COUNTER + (j << 2)) >> 2] = ((I[(COUNTER + (j << 2)) >> 2] | 0) + 1) | 0;
    F[9] = +F[9] + 1.0;
    return +impulse;
  }

  /**
   * Runs events until the collision count reaches F[10], the next event is after F[1], the
   * pace check is due, or an event only TypeScript handles (the scheduled systems, a shell
   * exit) is next: returns which (RUN_*), with the body in I[76].
   */
  function run() {
    var k = 0, t = 0.0, p = 0, q = 0, ev = 0, n = 0, budget = 0, impulse = 0.0;
    n = I[78] | 0;
    budget = I[77] | 0;
    for (;;) {
      if (+F[9] >= +F[10]) {
        I[77] = budget;
        return 0;
      }
      if ((budget | 0) <= 0) {
        I[77] = 0;
        return 1;
      }
      k = top() | 0;
      t = +topTime();
      if (t > +F[1] ? 1 : t == inf) {
        I[77] = budget;
        return 2;
      }
      F[0] = t;
      budget = (budget - 1) | 0;
      if ((k | 0) == (n | 0)) {
        I[77] = budget;
        return 3;
      }
      ev = (BOOK + (k << 6) + 40) | 0;
      p = I[ev >> 2] | 0;
      if ((p | 0) < 0) {
        // a shell exit: the body is wrapped into the box and its list rebuilt around it
        F[26] = +F[26] + 1.0;
        sync(k);
        wrap(k);
        if ((rebuildList(k | 0) | 0) < 0) {
          // a list or a cell is full: TypeScript makes room, rebuilds and predicts
          I[77] = budget;
          I[76] = k;
          return 5;
        }
        predictAny(k);
        continue;
      }
      if ((I[(COUNTER + (p << 2)) >> 2] | 0) == (I[(ev + 4) >> 2] | 0)) {
        impulse = +respond(k, p);
        if (I[80] | 0) collided(k | 0, p | 0, +F[0], +impulse);
        predictAny(k);
        predictAny(p);
        continue;
      }
      F[11] = +F[11] + 1.0;
      // k has not changed course since its prediction, so its second choice still holds when
      // that partner has not changed either: every pair with a body that changed course since
      // was tested again by that body
      q = I[(ev + 8) >> 2] | 0;
      if ((q | 0) >= 0) {
        if ((I[(COUNTER + (q << 2)) >> 2] | 0) != (I[(ev + 12) >> 2] | 0)) q = -2;
      }
      if ((q | 0) >= -1) {
        F[12] = +F[12] + 1.0;
        I[ev >> 2] = q;
        I[(ev + 4) >> 2] = I[(ev + 12) >> 2];
        I[(ev + 8) >> 2] = -2;
        set(k, +F[(BOOK + (k << 6) + 24) >> 3]);
      } else predictAny(k);
    }
    return 0;
  }

  return { run: run, predictAny: predictAny, sync: sync, wrap: wrap, shellExitTime: shellExitTime, touch: touch, top: top, set: set, calibrate: calibrate };
}
