import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import {
  sweepSphereSegment,
  sweepSphereSegmentInto,
  sweepSphereSegmentRaw,
  timeOfImpactSphereSegment,
  toiSphereSegmentRaw,
} from "../src/query/sweep-sphere-segment.js";
import { FEATURE_INTERIOR, FEATURE_VERTEX } from "../src/query/types.js";
import type { MovingSphere, WallHit3 } from "../src/query/types.js";
import type { Segment3 } from "../src/query/geometry3.js";
import { Random } from "./support/random.js";
import { exactTimeOfImpact, ulpDistance } from "./support/exact.js";
import { add, bruteFirstContact, closestOnSegment, exactLineTime, norm, scale, sub, type V3 } from "./support/geometry3d-reference.js";

const U = 2 ** -53;
const sphere = (x: number, y: number, z: number, vx: number, vy: number, vz: number, r: number): MovingSphere => ({ x, y, z, vx, vy, vz, r });
const seg = (a: V3, b: V3): Segment3 => ({ ax: a[0], ay: a[1], az: a[2], bx: b[0], by: b[1], bz: b[2] });
const X = seg([0, 0, 0], [2, 0, 0]);
const centreAt = (s: MovingSphere, t: number): V3 => [s.x + t * s.vx, s.y + t * s.vy, s.z + t * s.vz];
const ends = (g: Segment3): [V3, V3] => [[g.ax, g.ay, g.az], [g.bx, g.by, g.bz]];

test("a sphere crossing towards the middle of a segment hits its side, with a normal across it", () => {
  const h = sweepSphereSegment(sphere(1, 3, 4, 0, -3, -4, 1), X)!;
  assert.deepEqual([h.t, h.nx, h.ny, h.nz, h.feature, h.index], [0.8, 0, -0.6, -0.8, FEATURE_INTERIOR, 0]);
  // The contact point (centre at t, plus r n) carries the rounding of t = 4/5.
  assert.ok(norm(sub([h.px, h.py, h.pz], [1, 0, 0])) <= 4 * U);
});

test("a sphere approaching along the segment's line hits the nearer end as a sphere", () => {
  assert.deepEqual(sweepSphereSegment(sphere(5, 0, 0, -2, 0, 0, 1), X), {
    t: 1, px: 2, py: 0, pz: 0, nx: -1, ny: 0, nz: 0, feature: FEATURE_VERTEX, index: 1,
  });
  const a = sweepSphereSegment(sphere(-3, -4, 0, 3, 4, 0, 1), X)!;
  assert.deepEqual([a.t, a.feature, a.index], [0.8, FEATURE_VERTEX, 0]);
});

test("overlapping and approaching gives 0; moving apart or along the segment gives none", () => {
  assert.equal(timeOfImpactSphereSegment(sphere(1, 0.5, 0, 0, -1, 0, 1), X), 0);
  assert.equal(timeOfImpactSphereSegment(sphere(1, 0.5, 0, 0, 1, 0, 1), X), Infinity);
  assert.equal(timeOfImpactSphereSegment(sphere(1, 0.5, 0, 1, 0, 0, 1), X), Infinity);
  assert.equal(timeOfImpactSphereSegment(sphere(1, 0, 0, 0, 1, 0, 1), X), Infinity); // centre on it
});

test("passing the line at exactly distance r is a graze, even far along the segment", () => {
  assert.equal(timeOfImpactSphereSegment(sphere(1, -5, 1, 0, 1, 0, 1), X, 10), Infinity);
  assert.equal(timeOfImpactSphereSegment(sphere(1, -5, 0.5, 0, 1, 0, 0.5), X, 10), Infinity);
  assert.equal(timeOfImpactSphereSegment(sphere(0.1, -0.9, 0.5, 0.25, 3, 0, 0.5), seg([0, 1, 0], [1, 1, 0]), 1), Infinity);
  // A hair closer: a hit.
  assert.ok(timeOfImpactSphereSegment(sphere(1, -5, 1 - 2 ** -30, 0, 1, 0, 1), X, 10) < 10);
});

test("a point never hits a segment; a segment of zero length is a point", () => {
  assert.equal(timeOfImpactSphereSegment(sphere(1, -1, 0, 0, 1, 0, 0), X, 10), Infinity);
  const p = sweepSphereSegment(sphere(3, 4, 5, -3, -4, 0, 5), seg([0, 0, 5], [0, 0, 5]))!;
  assert.deepEqual([p.t, p.feature, p.nx, p.ny], [0, FEATURE_VERTEX, -0.6, -0.8]);
  assert.equal(timeOfImpactSphereSegment(sphere(6, 8, 5, -6, -8, 0, 5), seg([0, 0, 5], [0, 0, 5])), 0.5);
});

test("the checked forms reject bad input with a RangeError naming the field", () => {
  assert.throws(() => timeOfImpactSphereSegment(sphere(0, 0, 0, 0, 0, 0, 1), { ...X, bz: NaN }), /segment\.bz must be a finite number, got NaN/);
  assert.throws(() => timeOfImpactSphereSegment(sphere(0, 0, 0, 0, 0, 0, -2), X), /sphere\.r must be a finite number >= 0, got -2/);
});

test("the Into form fills the same numbers as the allocating form and leaves out untouched on a miss", () => {
  const out: WallHit3 = { t: -1, px: -1, py: -1, pz: -1, nx: -1, ny: -1, nz: -1, feature: -1, index: -1 };
  assert.equal(sweepSphereSegmentInto(out, sphere(5, 5, 5, 1, 0, 0, 0.5), X), false);
  assert.equal(out.t, -1);
  const s = sphere(0.7, 1.3, -1.1, 0.2, -1.2, 1.4, 0.4);
  assert.equal(sweepSphereSegmentInto(out, s, X), true);
  assert.deepEqual(out, sweepSphereSegment(s, X));
  const raw: WallHit3 = { t: 0, px: 0, py: 0, pz: 0, nx: 0, ny: 0, nz: 0, feature: 0, index: 0 };
  sweepSphereSegmentRaw(raw, s.x, s.y, s.z, s.vx, s.vy, s.vz, s.r, 0, 0, 0, 2, 0, 0, 1);
  assert.deepEqual(raw, out);
  assert.equal(toiSphereSegmentRaw(s.x, s.y, s.z, s.vx, s.vy, s.vz, s.r, 0, 0, 0, 2, 0, 0, 1), out.t);
});

function randomCase(rng: Random): { s: MovingSphere; g: Segment3; tMax: number } {
  const a: V3 = [rng.range(-1, 1), rng.range(-1, 1), rng.range(-1, 1)];
  const b: V3 = rng.next() < 0.03 ? a : [rng.range(-1, 1), rng.range(-1, 1), rng.range(-1, 1)];
  const g = seg(a, b);
  const r = rng.range(0.01, 0.6);
  const aim = add(a, scale(sub(b, a), rng.range(-0.3, 1.3)));
  if (rng.next() < 0.15) {
    const off: V3 = [rng.range(-1, 1), rng.range(-1, 1), rng.range(-1, 1)];
    const st = add(aim, scale(off, (r * rng.range(0.2, 1.5)) / Math.max(norm(off), 1e-3)));
    return { s: sphere(st[0], st[1], st[2], rng.range(-1, 1), rng.range(-1, 1), rng.range(-1, 1), r), g, tMax: 1 };
  }
  const st: V3 = [rng.range(-3, 3), rng.range(-3, 3), rng.range(-3, 3)];
  const jit: V3 = [rng.range(-0.6, 0.6), rng.range(-0.6, 0.6), rng.range(-0.6, 0.6)];
  const v = scale(sub(add(aim, jit), st), rng.range(0.5, 2));
  return { s: sphere(st[0], st[1], st[2], v[0], v[1], v[2], r), g, tMax: 1 };
}

test("thousands of random cases agree with brute force, and with exact BigInt roots to an ulp", (t) => {
  const rng = new Random(123);
  const counts = { side: 0, end: 0, none: 0, zero: 0, ambiguous: 0 };
  let worst = 0;
  for (let i = 0; i < 5000; i++) {
    const { s, g, tMax } = randomCase(rng);
    const [a, b] = ends(g);
    const D = (tt: number): number => norm(sub(centreAt(s, tt), closestOnSegment(centreAt(s, tt), a, b).q));
    const ref = bruteFirstContact(D, s.r, tMax, 1e-9);
    const hit = sweepSphereSegment(s, g, tMax);
    const where = JSON.stringify({ s, g, tMax });
    if (ref.kind === "ambiguous") {
      counts.ambiguous++;
      continue;
    }
    if (ref.kind === "none") {
      assert.equal(hit, null, `case ${i}: expected none, ${where}`);
      counts.none++;
      continue;
    }
    assert.ok(hit !== null && Math.abs(hit.t - ref.t) <= 1e-8, `case ${i}: ${hit?.t} vs ${ref.t}, ${where}`);
    if (hit.t === 0) {
      counts.zero++;
      continue;
    }
    const exact = hit.feature === FEATURE_INTERIOR
      ? exactLineTime([s.x, s.y, s.z], [s.vx, s.vy, s.vz], s.r, a, b)
      : (() => {
          const e = exactTimeOfImpact(hit.index ? b : a, [0, 0, 0], 0, [s.x, s.y, s.z], [s.vx, s.vy, s.vz], s.r, tMax);
          return e.kind === "hit" ? e : null;
        })();
    assert.ok(exact !== null, `case ${i}: no exact root`);
    const u = ulpDistance(hit.t, exact.num, exact.den);
    if (u > worst) worst = u;
    counts[hit.feature === FEATURE_INTERIOR ? "side" : "end"]++;
  }
  t.diagnostic(`${JSON.stringify(counts)}; worst ${worst.toFixed(3)} ulp`);
  assert.ok(worst <= 1, `worst ${worst} ulp`);
  assert.ok(counts.side > 500 && counts.end > 300 && counts.zero > 100 && counts.none > 300, JSON.stringify(counts));
});

const grid = fc.integer({ min: -(2 ** 22), max: 2 ** 22 }).map((k) => k * 2 ** -20);
const vec = fc.tuple(grid, grid, grid);
const arb = fc.record({ a: vec, b: vec, p: vec, v: vec, r: fc.integer({ min: 1, max: 2 ** 20 }).map((k) => k * 2 ** -20) });

test("property: the distance at t equals r within a few ulps, nothing touches earlier, and reversing the segment changes nothing", () => {
  fc.assert(
    fc.property(arb, (x) => {
      const s = sphere(x.p[0], x.p[1], x.p[2], x.v[0], x.v[1], x.v[2], x.r);
      const h = sweepSphereSegment(s, seg(x.a, x.b), 1);
      const h2 = sweepSphereSegment(s, seg(x.b, x.a), 1);
      if (h === null) return assert.equal(h2, null);
      assert.ok(h2 !== null);
      assert.deepEqual([h2.t, h2.nx, h2.ny, h2.nz, h2.feature], [h.t, h.nx, h.ny, h.nz, h.feature]);
      if (h.feature === FEATURE_VERTEX) assert.equal(h2.index, 1 - h.index);
      const D = (tt: number): number => norm(sub(centreAt(s, tt), closestOnSegment(centreAt(s, tt), x.a, x.b).q));
      const size = norm(x.p) + norm(x.v) + norm(x.a) + norm(x.b) + 1;
      if (h.t === 0) return assert.ok(D(0) <= s.r + 16 * U * size);
      assert.ok(Math.abs(D(h.t) - s.r) <= 16 * U * size);
      for (let k = 0; k < 8; k++) assert.ok(D((h.t * k) / 8) >= s.r - 16 * U * size);
    }),
    { seed: 42, numRuns: 2000 },
  );
});

test("property: exact translations and power-of-two scalings leave t bit-for-bit unchanged", () => {
  fc.assert(
    fc.property(arb, vec, fc.integer({ min: -60, max: 60 }), (x, off, e) => {
      const s = sphere(x.p[0], x.p[1], x.p[2], x.v[0], x.v[1], x.v[2], x.r);
      const t = timeOfImpactSphereSegment(s, seg(x.a, x.b), 1);
      const o = scale(off, 256);
      const s2 = { ...s, x: s.x + o[0], y: s.y + o[1], z: s.z + o[2] };
      assert.equal(timeOfImpactSphereSegment(s2, seg(add(x.a, o), add(x.b, o)), 1), t);
      const f = 2 ** e;
      const s3 = sphere(s.x * f, s.y * f, s.z * f, s.vx * f, s.vy * f, s.vz * f, s.r * f);
      assert.equal(timeOfImpactSphereSegment(s3, seg(scale(x.a, f), scale(x.b, f)), 1), t);
    }),
    { seed: 42, numRuns: 1000 },
  );
});
