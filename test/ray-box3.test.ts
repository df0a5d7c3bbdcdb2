import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { rayBox3, rayBox3Interval, rayBox3IntervalInto, rayBox3Raw, raycastBox3, raycastBox3Into } from "../src/query/ray-box3.js";
import { FEATURE_EDGE, FEATURE_INTERIOR, FEATURE_VERTEX } from "../src/query/types.js";
import type { Box3, WallHit3 } from "../src/query/types.js";
import type { Ray3, RayInterval } from "../src/query/geometry3.js";
import { Random } from "./support/random.js";
import { toCommonIntegers, ulpDistance } from "./support/exact.js";

const ray = (x: number, y: number, z: number, dx: number, dy: number, dz: number): Ray3 => ({ x, y, z, dx, dy, dz });
const box = (a: number, b: number, c: number, d: number, e: number, f: number): Box3 => ({ minX: a, minY: b, minZ: c, maxX: d, maxY: e, maxZ: f });
const UNIT = box(0, 0, 0, 1, 1, 1);

test("a ray through a face enters and leaves at the slab bounds, with the inward face normal", () => {
  assert.deepEqual(rayBox3Interval(ray(-1, 0.5, 0.5, 1, 0, 0), UNIT), { tEnter: 1, tExit: 2 });
  assert.deepEqual(raycastBox3(ray(-1, 0.5, 0.5, 1, 0, 0), UNIT), { t: 1, px: 0, py: 0.5, pz: 0.5, nx: 1, ny: 0, nz: 0, feature: FEATURE_INTERIOR, index: 0 });
  const top = raycastBox3(ray(0.25, 0.5, 3, 0.1, 0, -1), UNIT)!;
  assert.deepEqual([top.t, top.nz, top.feature, top.index], [2, -1, FEATURE_INTERIOR, 5]);
});

test("axis-parallel rays, even on a slab's boundary plane, give no NaN", () => {
  // Parallel to x at y = 0 (the min y plane) and z = 1 (the max z plane): inside the closed slabs.
  assert.deepEqual(rayBox3Interval(ray(-1, 0, 1, 1, 0, 0), UNIT), { tEnter: 1, tExit: 2 });
  // Just outside a slab: a miss.
  assert.equal(rayBox3(ray(-1, -1e-300, 0.5, 1, 0, 0), UNIT), Infinity);
  // Along an edge of the box: inside the closed box.
  assert.deepEqual(rayBox3Interval(ray(0, 0, -2, 0, 0, 1), UNIT), { tEnter: 2, tExit: 3 });
  for (const o of [-1, 0, 0.5, 1, 2]) {
    for (const d of [[1, 0, 0], [0, -1, 0], [0, 0, 1]]) {
      const s = rayBox3(ray(o, o, o, d[0], d[1], d[2]), UNIT);
      assert.ok(s === Infinity || s >= 0, `NaN or negative for origin ${o}, direction ${d}`);
    }
  }
});

test("an origin inside the box or on its boundary answers 0 whatever the direction", () => {
  assert.deepEqual(rayBox3Interval(ray(0.5, 0.5, 0.5, 1, 0, 0), UNIT), { tEnter: 0, tExit: 0.5 });
  assert.deepEqual(rayBox3Interval(ray(1, 0.5, 0.5, 1, 0, 0), UNIT), { tEnter: 0, tExit: 0 });
  const h = raycastBox3(ray(0.9, 0.5, 0.5, 0, 1, 0), UNIT)!;
  assert.deepEqual([h.t, h.nx, h.feature, h.index], [0, -1, FEATURE_INTERIOR, 1]); // nearest face +x
});

test("a ray that only touches an edge or a corner grazes; one entering through them reports the edge or corner", () => {
  assert.equal(rayBox3(ray(-1, 1, 0.5, 1, -1, 0), UNIT), Infinity); // touches the edge x = 0, y = 0
  assert.equal(rayBox3(ray(-1, -1, 0, 1, 1, 1), UNIT), Infinity); // touches the corner (0, 0, 1)
  const e = raycastBox3(ray(-1, -1, 0.5, 1, 1, 0), UNIT)!;
  assert.deepEqual([e.t, e.feature, e.index], [1, FEATURE_EDGE, 8]);
  assert.ok(Math.abs(e.nx - Math.SQRT1_2) <= 2 ** -52 && e.nx === e.ny && e.nz === 0);
  const c = raycastBox3(ray(2, 2, 2, -1, -1, -1), UNIT)!;
  assert.deepEqual([c.t, c.feature, c.index], [1, FEATURE_VERTEX, 7]);
});

test("a box of zero thickness is hit when crossed, at its boundary too", () => {
  const flat = box(0.5, 0, 0, 0.5, 1, 1);
  assert.deepEqual(rayBox3Interval(ray(0, 0.5, 0.5, 1, 0, 0), flat), { tEnter: 0.5, tExit: 0.5 });
  assert.equal(rayBox3(ray(0, 1, 0.5, 1, 0, 0), flat), 0.5);
  assert.equal(rayBox3(ray(0, 1.5, 0.5, 1, 0, 0), flat), Infinity);
});

test("tMax bounds the entry, not the exit; pointing away gives none", () => {
  assert.equal(rayBox3(ray(-1, 0.5, 0.5, 1, 0, 0), UNIT, 0.5), Infinity);
  assert.deepEqual(rayBox3Interval(ray(-1, 0.5, 0.5, 1, 0, 0), UNIT, 1), { tEnter: 1, tExit: 2 });
  assert.equal(rayBox3(ray(-1, 0.5, 0.5, -1, 0, 0), UNIT), Infinity);
});

test("the checked forms reject bad input with a RangeError naming the field", () => {
  assert.throws(() => rayBox3(ray(0, 0, 0, 0, 0, 0), UNIT), /ray\.dx, ray\.dy, ray\.dz must not all be zero/);
  assert.throws(() => rayBox3(ray(0, 0, 0, 1, 0, 0), box(0, 0, 0, -1, 1, 1)), /box\.minX must be <= box\.maxX, got 0 > -1/);
  assert.throws(() => rayBox3(ray(0, 0, Infinity, 1, 0, 0), UNIT), /ray\.z must be a finite number, got Infinity/);
});

test("the Into forms fill the same numbers as the allocating forms and leave out untouched on a miss", () => {
  const out: WallHit3 = { t: -1, px: -1, py: -1, pz: -1, nx: -1, ny: -1, nz: -1, feature: -1, index: -1 };
  const iv: RayInterval = { tEnter: -1, tExit: -1 };
  assert.equal(raycastBox3Into(out, ray(-1, 3, 0, 1, 0, 0), UNIT), false);
  assert.equal(rayBox3IntervalInto(iv, ray(-1, 3, 0, 1, 0, 0), UNIT), false);
  assert.equal(out.t, -1);
  assert.equal(iv.tEnter, -1);
  const r = ray(-2, 0.3, 0.6, 1.5, 0.1, -0.2);
  assert.equal(raycastBox3Into(out, r, UNIT), true);
  assert.deepEqual(out, raycastBox3(r, UNIT));
  assert.equal(rayBox3IntervalInto(iv, r, UNIT), true);
  assert.deepEqual(iv, rayBox3Interval(r, UNIT));
  assert.equal(rayBox3Raw(r.x, r.y, r.z, r.dx, r.dy, r.dz, 0, 0, 0, 1, 1, 1, Infinity), out.t);
});

/** Brute force: is the point inside the closed box? */
const inside = (b: Box3, p: number[]): boolean =>
  p[0] >= b.minX && p[0] <= b.maxX && p[1] >= b.minY && p[1] <= b.maxY && p[2] >= b.minZ && p[2] <= b.maxZ;

test("random rays agree with sampling plus bisection of the inside test, and entries with the exact rational to an ulp", (t) => {
  const rng = new Random(8);
  let worst = 0;
  let hits = 0;
  let misses = 0;
  for (let i = 0; i < 5000; i++) {
    const lo = [rng.range(-1, 1), rng.range(-1, 1), rng.range(-1, 1)];
    const b = box(lo[0], lo[1], lo[2], lo[0] + rng.range(0.1, 1.5), lo[1] + rng.range(0.1, 1.5), lo[2] + rng.range(0.1, 1.5));
    const o = [rng.range(-4, 4), rng.range(-4, 4), rng.range(-4, 4)];
    const aim = [rng.range(b.minX - 0.5, b.maxX + 0.5), rng.range(b.minY - 0.5, b.maxY + 0.5), rng.range(b.minZ - 0.5, b.maxZ + 0.5)];
    const d = [aim[0] - o[0], aim[1] - o[1], aim[2] - o[2]];
    for (let k = 0; k < 3; k++) if (rng.next() < 0.1) d[k] = 0; // axis-parallel components
    if (d[0] === 0 && d[1] === 0 && d[2] === 0) continue;
    const R = ray(o[0], o[1], o[2], d[0], d[1], d[2]);
    const iv = rayBox3Interval(R, b, 4);
    // Sampling: the first sample inside, then bisection of the boundary.
    const at = (s: number): number[] => [o[0] + s * d[0], o[1] + s * d[1], o[2] + s * d[2]];
    let first = -1;
    let last = -1;
    const N = 4000;
    for (let k = 0; k <= N; k++) {
      const s = (4 * k) / N;
      if (inside(b, at(s))) {
        if (first < 0) first = s;
        last = s;
      }
    }
    if (first < 0) {
      // The sampling can miss a short clip of an edge or corner: then the interval is short.
      if (iv !== null) assert.ok(iv.tExit - iv.tEnter < 4 / N + 1e-9, `case ${i}: missed a long interval`);
      misses++;
      continue;
    }
    assert.ok(iv !== null, `case ${i}: sampled inside at ${first} but no hit`);
    if (first > 0) {
      let a = Math.max(0, first - 4 / N);
      let c = first;
      for (let k = 0; k < 80; k++) {
        const m = (a + c) / 2;
        if (inside(b, at(m))) c = m;
        else a = m;
      }
      assert.ok(Math.abs(iv.tEnter - c) <= 1e-12 * (1 + c), `case ${i}: entry ${iv.tEnter} vs ${c}`);
      // Exact rational entry: (face - o) / d on the last slab entered.
      const cands: number[] = [];
      const los = [b.minX, b.minY, b.minZ], his = [b.maxX, b.maxY, b.maxZ];
      let best = -Infinity;
      let num = 0n;
      let den = 1n;
      for (let k = 0; k < 3; k++) {
        if (d[k] === 0) continue;
        const face = d[k] > 0 ? los[k] : his[k];
        const { n } = toCommonIntegers([face, o[k], d[k]]);
        const val = (face - o[k]) / d[k];
        cands.push(val);
        if (val > best) {
          best = val;
          num = n[0] - n[1];
          den = n[2];
          if (den < 0n) { den = -den; num = -num; }
        }
      }
      const u = ulpDistance(iv.tEnter, num, den);
      if (u > worst) worst = u;
      hits++;
    } else {
      assert.equal(iv.tEnter, 0);
    }
    let a = last;
    let c = Math.min(4, last + 4 / N);
    if (inside(b, at(c))) a = c;
    for (let k = 0; k < 80; k++) {
      const m = (a + c) / 2;
      if (inside(b, at(m))) a = m;
      else c = m;
    }
    if (last < 4) assert.ok(Math.abs(iv.tExit - a) <= 1e-12 * (1 + a), `case ${i}: exit ${iv.tExit} vs ${a}`);
  }
  t.diagnostic(`${hits} entries, ${misses} misses; worst entry ${worst.toFixed(3)} ulp`);
  assert.ok(worst <= 1);
});

const coord = fc.integer({ min: -(2 ** 22), max: 2 ** 22 }).map((k) => k * 2 ** -20);

test("property: never NaN, exact translations leave the hit bit-for-bit unchanged, and mirroring an axis mirrors the hit", () => {
  fc.assert(
    fc.property(fc.array(coord, { minLength: 12, maxLength: 12 }), fc.integer({ min: 0, max: 2 }), (a, k) => {
      // Snap some components to zero or onto the box planes, the hard cases of the slab test.
      const d = [a[3], a[4], a[5]].map((x, i) => (i === k ? 0 : x));
      if (d[0] === 0 && d[1] === 0 && d[2] === 0) return;
      const lo = [Math.min(a[6], a[9]), Math.min(a[7], a[10]), Math.min(a[8], a[11])];
      const hi = [Math.max(a[6], a[9]), Math.max(a[7], a[10]), Math.max(a[8], a[11])];
      const o = [a[0], a[1], a[2]];
      if (a[0] > 0) o[k] = hi[k];
      const B = box(lo[0], lo[1], lo[2], hi[0], hi[1], hi[2]);
      const h = raycastBox3(ray(o[0], o[1], o[2], d[0], d[1], d[2]), B, 4);
      if (h !== null) assert.ok(h.t >= 0 && h.t <= 4 && h.nx === h.nx);
      const off = 2 ** 10;
      const h2 = raycastBox3(ray(o[0] + off, o[1] - off, o[2] + off, d[0], d[1], d[2]), box(lo[0] + off, lo[1] - off, lo[2] + off, hi[0] + off, hi[1] - off, hi[2] + off), 4);
      if (h === null) return assert.equal(h2, null);
      assert.ok(h2 !== null);
      assert.deepEqual([h2.t, h2.nx, h2.ny, h2.nz, h2.feature, h2.index], [h.t, h.nx, h.ny, h.nz, h.feature, h.index]);
      const om = [...o], dm = [...d], lm = [...lo], hm = [...hi];
      om[k] = -o[k]; dm[k] = -d[k] + 0; lm[k] = -hi[k]; hm[k] = -lo[k];
      const h3 = raycastBox3(ray(om[0], om[1], om[2], dm[0], dm[1], dm[2]), box(lm[0], lm[1], lm[2], hm[0], hm[1], hm[2]), 4)!;
      assert.equal(h3.t, h.t);
      assert.equal(h3.feature, h.feature);
    }),
    { seed: 42, numRuns: 3000 },
  );
});
