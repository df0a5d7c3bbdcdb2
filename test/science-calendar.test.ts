/**
 * The science engine's event calendar (in its WebAssembly kernel) against a brute-force twin: after
 * every change, top() names a slot whose time is the least of all slots' times, through bucket
 * steps, year ends, overflow, stale entries filling the pool, Infinity and recalibration.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { EngineMemory } from "../src/science/engine-memory.js";
import { NOW, POOL_ENTRIES } from "../src/science/kernel-layout.js";

/** The kernel's calendar of `size` slots (an engine memory for size − 1 bodies), as an object. */
class EventCalendar {
  readonly mem: EngineMemory;
  constructor(size: number) {
    this.mem = new EngineMemory(size - 1, 4, { predictExact: () => {}, collided: () => {} });
  }
  /** Slot k's time, read from its record. */
  timeOf(k: number): number {
    return this.mem.eventTime(k);
  }
  set(k: number, t: number): void {
    this.mem.kernel.set(k, t);
  }
  top(): number {
    return this.mem.kernel.top();
  }
  calibrate(now: number): void {
    this.mem.F[NOW] = now;
    this.mem.kernel.calibrate(now);
  }
}

/** A seeded LCG in [0, 1) (tests only). */
function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

function least(times: Float64Array): number {
  let m = Infinity;
  for (const t of times) if (t < m) m = t;
  return m;
}

for (const [name, size, spread, far] of [
  ["small, events close together", 5, 1, 0.01],
  ["1,000 slots, a wide spread of lead times", 1000, 1, 0.05],
  ["200 slots, some events far beyond a year", 200, 1e-3, 0.2],
] as const) {
  test(`event calendar: top() is always a slot of least time (${name})`, () => {
    const rnd = lcg(size);
    const cal = new EventCalendar(size);
    const twin = new Float64Array(size).fill(Infinity);
    let now = 0;
    for (let k = 0; k < size; k++) {
      const t = now + spread * rnd();
      cal.set(k, t);
      twin[k] = t;
    }
    cal.calibrate(now);
    for (let step = 0; step < 20_000; step++) {
      const k = cal.top();
      assert.equal(cal.timeOf(k), least(twin), `step ${step}`);
      if (cal.timeOf(k) === Infinity) break;
      now = cal.timeOf(k);
      // the event at the top is handled: its slot and a few others get new times (or none)
      const r = rnd();
      const t = r < 0.02 ? Infinity : r < 0.02 + far ? now + 1000 * spread * rnd() : now + spread * rnd() * rnd();
      cal.set(k, t);
      twin[k] = t;
      for (let extra = 0; extra < 2; extra++) {
        const j = Math.floor(rnd() * size);
        const tj = rnd() < 0.5 ? now + spread * rnd() : twin[j];
        if (tj >= now) {
          cal.set(j, tj);
          twin[j] = tj;
        }
      }
      if (step === 10_000) cal.calibrate(now);
    }
  });
}

test("event calendar: all slots at Infinity report Infinity; a slot set again after that is found", () => {
  const cal = new EventCalendar(3);
  cal.calibrate(0);
  assert.equal(cal.timeOf(cal.top()), Infinity);
  cal.set(2, 5);
  assert.equal(cal.top(), 2);
  cal.set(2, Infinity);
  assert.equal(cal.timeOf(cal.top()), Infinity);
  cal.set(1, 1e6);
  cal.set(0, 7);
  assert.equal(cal.top(), 0);
  cal.set(0, Infinity);
  assert.equal(cal.top(), 1);
});

test("event calendar: stale entries filling the pool are freed (the pool stays its size), and only live ones surface", () => {
  const cal = new EventCalendar(4);
  for (let k = 0; k < 4; k++) cal.set(k, 1 + k);
  cal.calibrate(0);
  // 1,000 new times for slot 0 (each leaves a stale entry behind), ending after every other slot
  for (let r = 0; r < 1000; r++) cal.set(0, 0.5 + (r % 97) * 0.01);
  cal.set(0, 10);
  const seen: number[] = [];
  for (let r = 0; r < 4; r++) {
    const k = cal.top();
    seen.push(k, cal.timeOf(k));
    cal.set(k, Infinity);
  }
  assert.deepEqual(seen, [1, 2, 2, 3, 3, 4, 0, 10]);
  assert.equal(cal.timeOf(cal.top()), Infinity);
  assert.equal(cal.mem.I[POOL_ENTRIES], 64, "the pool of 64 entries held 1,000 stale ones in turn");
});
