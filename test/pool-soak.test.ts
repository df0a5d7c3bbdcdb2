import { test } from "node:test";
import assert from "node:assert/strict";
import { soakBreaks } from "./support/pool-soak.js";

// Longer soaks: node --import tsx scripts/pool-soak.ts --count 10000 (and --no-guard).
test("a short soak of 24 seeded 9-ball and 8-ball breaks: no pair ever overlapping when time moves on, no ball into a rail, energy never rising, all at rest", () => {
  const r = soakBreaks({ count: 24, seed: 7, sample: 0.05 });
  assert.deepEqual(r.failures, []);
  assert.equal(r.breaks, 24);
  assert.ok(r.events > 2000, String(r.events));
});

test("the same soak without the touching guard: the energy never rises at any event", () => {
  const r = soakBreaks({ count: 8, seed: 8, sample: 0.05, guard: false });
  assert.deepEqual(r.failures, []);
  assert.equal(r.guardRises, 0);
});
