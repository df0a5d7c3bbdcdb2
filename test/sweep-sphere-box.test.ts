import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { sweepSphereBox, sweepSphereBoxInto, sweepSphereBoxRaw, timeOfImpactSphereBox, toiSphereBoxRaw } from "../src/query/sweep-sphere-box.js";
import { rayBox3Raw } from "../src/query/ray-box3.js";
import { FEATURE_EDGE, FEATURE_INTERIOR, FEATURE_VERTEX } from "../src/query/types.js";
import type { Box3, MovingSphere, WallHit3 } from "../src/query/types.js";
import { Random } from "./support/random.js";
import { exactTimeOfImpact, rationalToDouble, toCommonIntegers, ulpDistance } from "./support/exact.js";
import { add, bruteFirstContact, closestOnBox, norm, scale, signedDistanceBox, sub, type V3 } from "./support/geometry3d-reference.js";

const U = 2 ** -53;
const sphere = (x: number, y: number, z: number, vx: number, vy: number, vz: number, r: number): MovingSphere => ({ x, y, z, vx, vy, vz, r });
const box = (lo: V3, hi: V3): Box3 => ({ minX: lo[0], minY: lo[1], minZ: lo[2], maxX: hi[0], maxY: hi[1], maxZ: hi[2] });
const UNIT = box([0, 0, 0], [1, 1, 1]);
const lo = (b: Box3): V3 => [b.minX, b.minY, b.minZ];
const hi = (b: Box3): V3 => [b.maxX, b.maxY, b.maxZ];
const centreAt = (s: MovingSphere, t: number): V3 => [s.x + t * s.vx, s.y + t * s.vy, s.z + t * s.vz];

test("a sphere moving onto a face hits it when the gap closes, with the inward face normal", () => {
  assert.deepEqual(sweepSphereBox(sphere(-2, 0.5, 0.5, 2, 0, 0, 0.5), UNIT), {
    t: 0.75, px: 0, py: 0.5, pz: 0.5, nx: 1, ny: 0, nz: 0, feature: FEATURE_INTERIOR, index: 0,
  });
  const top = sweepSphereBox(sphere(0.25, 0.75, 3, 0, 0, -4, 1), UNIT)!;
  assert.deepEqual([top.t, top.nx, top.ny, top.nz, top.feature, top.index], [0.25, 0, 0, -1, FEATURE_INTERIOR, 5]);
});

test("a sphere passing outside two faces hits the edge between them as a cylinder (3-4-5 case)", () => {
  const hit = sweepSphereBox(sphere(-3, -4, 0.5, 3, 4, 0, 1), UNIT)!;
  assert.equal(hit.feature, FEATURE_EDGE);
  assert.equal(hit.index, 8); // along z, at x = min and y = min
  assert.equal(hit.t, 0.8); // 4/5 correctly rounded
  assert.ok(Math.abs(hit.nx - 0.6) <= 2 * U && Math.abs(hit.ny - 0.8) <= 2 * U && hit.nz === 0);
  // Edge along x at y = max, z = max.
  const e2 = sweepSphereBox(sphere(0.5, 4, 5, 0, -3, -4, 1), UNIT)!;
  assert.deepEqual([e2.t, e2.feature, e2.index], [0.8, FEATURE_EDGE, 3]);
});

test("a sphere coming at a corner diagonally hits the corner as a sphere (1-2-2 case)", () => {
  const hit = sweepSphereBox(sphere(-1, -2, -2, 1, 2, 2, 1), UNIT)!;
  assert.equal(hit.feature, FEATURE_VERTEX);
  assert.equal(hit.index, 0);
  assert.equal(hit.t, 2 / 3);
  const c7 = sweepSphereBox(sphere(2, 3, 3, -1, -2, -2, 1), UNIT)!;
  assert.deepEqual([c7.t, c7.feature, c7.index], [2 / 3, FEATURE_VERTEX, 7]);
});

test("already overlapping and approaching gives 0; moving apart or parallel gives none", () => {
  assert.equal(timeOfImpactSphereBox(sphere(-0.25, 0.5, 0.5, 1, 0, 0, 0.5), UNIT), 0);
  assert.equal(timeOfImpactSphereBox(sphere(-0.25, 0.5, 0.5, -1, 0, 0, 0.5), UNIT), Infinity);
  assert.equal(timeOfImpactSphereBox(sphere(-0.25, 0.5, 0.5, 0, 1, 0, 0.5), UNIT), Infinity);
  // Touching exactly counts as overlapping.
  assert.equal(timeOfImpactSphereBox(sphere(-0.5, 0.5, 0.5, 1, 0, 0, 0.5), UNIT), 0);
  // Overlapping an edge and approaching it, or leaving it.
  assert.equal(timeOfImpactSphereBox(sphere(-0.25, -0.25, 0.5, 1, 1, 0, 0.5), UNIT), 0);
  assert.equal(timeOfImpactSphereBox(sphere(-0.25, -0.25, 0.5, -1, 0.5, 0, 0.5), UNIT), Infinity);
  // Not moving at all: never approaching.
  assert.equal(timeOfImpactSphereBox(sphere(-0.25, 0.5, 0.5, 0, 0, 0, 0.5), UNIT), Infinity);
});

test("a centre inside the box approaches when it goes deeper below its nearest face", () => {
  // Nearest face: +x (depth 0.1).
  assert.equal(timeOfImpactSphereBox(sphere(0.9, 0.5, 0.5, -1, 0, 0, 0.1), UNIT), 0);
  assert.equal(timeOfImpactSphereBox(sphere(0.9, 0.5, 0.5, 1, 0, 0, 0.1), UNIT), Infinity);
  assert.equal(timeOfImpactSphereBox(sphere(0.9, 0.5, 0.5, 0, 1, 0, 0.1), UNIT), Infinity);
  const hit = sweepSphereBox(sphere(0.9, 0.5, 0.5, -1, 0.25, 0, 0.1), UNIT)!;
  assert.deepEqual([hit.t, hit.nx, hit.ny, hit.nz, hit.feature, hit.index], [0, -1, 0, 0, FEATURE_INTERIOR, 1]);
  // At the centre every face is nearest: approaching only if moving inwards through all (never).
  assert.equal(timeOfImpactSphereBox(sphere(0.5, 0.5, 0.5, 1, 0, 0, 0.1), UNIT), Infinity);
});

test("sliding along a face at exactly distance r, or skimming an edge's cylinder, is a graze", () => {
  assert.equal(timeOfImpactSphereBox(sphere(-0.5, -3, 0.5, 0, 1, 0, 0.5), UNIT, 10), Infinity);
  assert.equal(timeOfImpactSphereBox(sphere(-0.5, 0.5, -3, 0, 0, 1, 0.5), UNIT, 10), Infinity);
  // Passing the edge x = 0, y = 0 at exactly distance 1 (from (-1, -1) side along (1, -1)).
  const s = Math.SQRT1_2;
  assert.equal(timeOfImpactSphereBox(sphere(-2 * s - 3, 3 - 2 * s, 0.5, 1, -1, 0, 0), UNIT, 10), Infinity);
  assert.equal(timeOfImpactSphereBox(sphere(-3, 3 - 2, 0.5, 1, -1, 0, 1), UNIT, 10), Infinity);
});

test("contact after tMax is none; tMax = 0 still reports a touching approach at 0", () => {
  assert.equal(timeOfImpactSphereBox(sphere(-2, 0.5, 0.5, 2, 0, 0, 0.5), UNIT, 0.5), Infinity);
  assert.equal(timeOfImpactSphereBox(sphere(-2, 0.5, 0.5, 2, 0, 0, 0.5), UNIT, 0.75), 0.75);
  assert.equal(timeOfImpactSphereBox(sphere(-0.5, 0.5, 0.5, 1, 0, 0, 0.5), UNIT, 0), 0);
});

test("a point (r = 0) hits like a ray from outside, crosses a flat box, and grazes edges without hitting", () => {
  assert.equal(timeOfImpactSphereBox(sphere(-1, 0.5, 0.5, 2, 0, 0, 0), UNIT), 0.5);
  const flat = box([0.5, 0, 0], [0.5, 1, 1]);
  const f = sweepSphereBox(sphere(0, 0.5, 0.5, 1, 0, 0, 0), flat)!;
  assert.deepEqual([f.t, f.feature, f.index, f.nx], [0.5, FEATURE_INTERIOR, 0, 1]);
  // Through the edge line x = 0, y = 0 of the unit box, diagonally outside it: a touch only.
  assert.equal(timeOfImpactSphereBox(sphere(-1, 1, 0.5, 1, -1, 0, 0), UNIT, 4), Infinity);
  // Entering exactly through the edge: a hit on one of the two faces.
  const e = sweepSphereBox(sphere(-1, -1, 0.5, 1, 1, 0, 0), UNIT)!;
  assert.equal(e.t, 1);
});

test("a box of zero size is a point: head-on its face (the point itself) is hit, obliquely its corner sphere", () => {
  const p = box([1, 2, 3], [1, 2, 3]);
  const hit = sweepSphereBox(sphere(1, 2, 6, 0, 0, -2, 1), p)!;
  assert.deepEqual([hit.t, hit.feature, hit.index, hit.px, hit.py, hit.pz, hit.nz], [1, FEATURE_INTERIOR, 5, 1, 2, 3, -1]);
  const c = sweepSphereBox(sphere(0, 0, 1, 1, 2, 2, 1), p)!; // the 1-2-2 case again
  assert.deepEqual([c.t, c.feature], [2 / 3, FEATURE_VERTEX]);
});

test("the checked forms reject bad input with a RangeError naming the field", () => {
  assert.throws(() => timeOfImpactSphereBox(sphere(0, 0, 0, 0, NaN, 0, 1), UNIT), /sphere\.vy must be a finite number, got NaN/);
  assert.throws(() => timeOfImpactSphereBox(sphere(0, 0, 0, 0, 0, 0, 1), { ...UNIT, minY: 2 }), /box\.minY must be <= box\.maxY, got 2 > 1/);
  assert.throws(() => timeOfImpactSphereBox(sphere(0, 0, 0, 0, 0, 0, 1), { ...UNIT, maxZ: -Infinity }), /box\.maxZ must be a finite number, got -Infinity/);
  assert.throws(() => sweepSphereBox(sphere(0, 0, 0, 0, 0, 0, 1), UNIT, NaN), /tMax must be a number >= 0, got NaN/);
});

test("the Into form fills the same numbers as the allocating form and leaves out untouched on a miss", () => {
  const out: WallHit3 = { t: -1, px: -1, py: -1, pz: -1, nx: -1, ny: -1, nz: -1, feature: -1, index: -1 };
  assert.equal(sweepSphereBoxInto(out, sphere(5, 5, 5, 1, 0, 0, 0.5), UNIT), false);
  assert.equal(out.t, -1);
  const s = sphere(-1.2, -0.9, 1.7, 1.5, 1.1, -0.6, 0.3);
  assert.equal(sweepSphereBoxInto(out, s, UNIT), true);
  assert.deepEqual(out, sweepSphereBox(s, UNIT));
  const raw: WallHit3 = { t: 0, px: 0, py: 0, pz: 0, nx: 0, ny: 0, nz: 0, feature: 0, index: 0 };
  sweepSphereBoxRaw(raw, s.x, s.y, s.z, s.vx, s.vy, s.vz, s.r, 0, 0, 0, 1, 1, 1, 1);
  assert.deepEqual(raw, out);
  assert.equal(toiSphereBoxRaw(s.x, s.y, s.z, s.vx, s.vy, s.vz, s.r, 0, 0, 0, 1, 1, 1, 1), out.t);
});

// ---------------------------------------------------------------------------------------------
// Random cases.

type Case = { s: MovingSphere; B: Box3; tMax: number };

function randomBox(rng: Random): Box3 {
  const a: V3 = [rng.range(-1, 1), rng.range(-1, 1), rng.range(-1, 1)];
  const size: V3 = [rng.range(0.05, 1.5), rng.range(0.05, 1.5), rng.range(0.05, 1.5)];
  if (rng.next() < 0.05) size[rng.int(3)] = 0; // a flat box
  return box(a, add(a, size));
}

function randomCase(rng: Random): Case {
  const B = randomBox(rng);
  const r = rng.next() < 0.1 ? 0 : rng.range(0.01, 0.6);
  const aim: V3 = [rng.range(B.minX - 0.4, B.maxX + 0.4), rng.range(B.minY - 0.4, B.maxY + 0.4), rng.range(B.minZ - 0.4, B.maxZ + 0.4)];
  if (rng.next() < 0.15) {
    const off: V3 = [rng.range(-1, 1), rng.range(-1, 1), rng.range(-1, 1)];
    const start = add(aim, scale(off, (r * rng.range(0.2, 1.5)) / Math.max(norm(off), 1e-3)));
    return { s: sphere(start[0], start[1], start[2], rng.range(-1, 1), rng.range(-1, 1), rng.range(-1, 1), r), B, tMax: 1 };
  }
  const start: V3 = [rng.range(-3.5, 3.5), rng.range(-3.5, 3.5), rng.range(-3.5, 3.5)];
  const vel = scale(sub(aim, start), rng.range(0.5, 2));
  const tMax = rng.next() < 0.2 ? rng.range(0.2, 1) : 1;
  return { s: sphere(start[0], start[1], start[2], vel[0], vel[1], vel[2], r), B, tMax };
}

test("thousands of random cases agree with dense sampling plus bisection of the signed distance", (t) => {
  const rng = new Random(99);
  const counts = { face: 0, edge: 0, corner: 0, none: 0, zero: 0, ambiguous: 0 };
  for (let i = 0; i < 5000; i++) {
    const { s, B, tMax } = randomCase(rng);
    const D = (tt: number): number => signedDistanceBox(centreAt(s, tt), lo(B), hi(B));
    const ref = bruteFirstContact(D, s.r, tMax, 1e-9);
    const hit = sweepSphereBox(s, B, tMax);
    const where = JSON.stringify({ s, B, tMax });
    if (ref.kind === "ambiguous") {
      counts.ambiguous++;
      continue;
    }
    if (ref.kind === "none") {
      assert.equal(hit, null, `case ${i}: expected none for ${where}`);
      counts.none++;
      continue;
    }
    assert.ok(hit !== null, `case ${i}: expected t = ${ref.t} for ${where}`);
    assert.ok(Math.abs(hit.t - ref.t) <= 1e-8, `case ${i}: t ${hit.t} vs ${ref.t} for ${where}`);
    if (ref.t === 0) {
      assert.equal(hit.t, 0);
      counts.zero++;
      continue;
    }
    const { q, dist } = closestOnBox(centreAt(s, hit.t), lo(B), hi(B));
    assert.ok(norm(sub([hit.px, hit.py, hit.pz], q)) <= 1e-7, `case ${i}: contact point`);
    if (s.r > 0) {
      const n = scale(sub(q, centreAt(s, hit.t)), 1 / dist);
      assert.ok(norm(sub([hit.nx, hit.ny, hit.nz], n)) <= 1e-6, `case ${i}: normal`);
    }
    counts[hit.feature === FEATURE_INTERIOR ? "face" : hit.feature === FEATURE_EDGE ? "edge" : "corner"]++;
  }
  t.diagnostic(JSON.stringify(counts));
  assert.ok(counts.face > 500 && counts.edge > 300 && counts.corner > 100 && counts.none > 300 && counts.zero > 100, JSON.stringify(counts));
  assert.ok(counts.ambiguous < 100, JSON.stringify(counts));
});

test("face times are within an ulp of the exact rational, edges and corners of the exact BigInt root", (t) => {
  const rng = new Random(5);
  let worst = 0;
  let n = 0;
  for (let i = 0; i < 3000; i++) {
    const { s, B, tMax } = randomCase(rng);
    const hit = sweepSphereBox(s, B, tMax);
    if (hit === null || hit.t === 0) continue;
    const P: V3 = [s.x, s.y, s.z];
    const V: V3 = [s.vx, s.vy, s.vz];
    let ulps: number;
    if (hit.feature === FEATURE_INTERIOR) {
      // t = ((face - p) -+ r) / v on the face's axis, an exact rational.
      const k = hit.index >> 1;
      const side = hit.index & 1;
      const face = side ? hi(B)[k] : lo(B)[k];
      const { n: ints } = toCommonIntegers([face, P[k], s.r, V[k]]);
      const num = side ? ints[0] - ints[1] + ints[2] : ints[0] - ints[1] - ints[2];
      ulps = ulpDistance(hit.t, num < 0n ? -num : num, ints[3] < 0n ? -ints[3] : ints[3]);
      assert.equal(rationalToDouble(num, ints[3]) > 0, true);
    } else if (hit.feature === FEATURE_EDGE) {
      const m = hit.index >> 2;
      const i2 = m === 0 ? 1 : 0;
      const j2 = m === 2 ? 1 : 2;
      const e = [hit.index & 1 ? hi(B)[i2] : lo(B)[i2], (hit.index >> 1) & 1 ? hi(B)[j2] : lo(B)[j2]];
      const ref = exactTimeOfImpact(e, [0, 0], 0, [P[i2], P[j2]], [V[i2], V[j2]], s.r, tMax);
      assert.equal(ref.kind, "hit");
      if (ref.kind !== "hit") continue;
      ulps = ulpDistance(hit.t, ref.num, ref.den);
    } else {
      const c = [hit.index & 1 ? B.maxX : B.minX, hit.index & 2 ? B.maxY : B.minY, hit.index & 4 ? B.maxZ : B.minZ];
      const ref = exactTimeOfImpact(c, [0, 0, 0], 0, P, V, s.r, tMax);
      assert.equal(ref.kind, "hit");
      if (ref.kind !== "hit") continue;
      ulps = ulpDistance(hit.t, ref.num, ref.den);
    }
    n++;
    if (ulps > worst) worst = ulps;
    assert.ok(ulps <= 1, `case ${i}: ${ulps} ulps (feature ${hit.feature})`);
  }
  t.diagnostic(`${n} hits, worst ${worst.toFixed(3)} ulp`);
});

// ---------------------------------------------------------------------------------------------
// Properties.

const grid = fc.integer({ min: -(2 ** 22), max: 2 ** 22 }).map((k) => k * 2 ** -20);
const vec = fc.tuple(grid, grid, grid);
const caseArb = fc.record({
  lo: vec,
  size: fc.tuple(fc.nat(2 ** 21), fc.nat(2 ** 21), fc.nat(2 ** 21)).map(([a, b, c]) => [a * 2 ** -20, b * 2 ** -20, c * 2 ** -20] as V3),
  p: vec,
  v: vec,
  r: fc.integer({ min: 0, max: 2 ** 20 }).map((k) => k * 2 ** -20),
});
const propCase = (x: { lo: V3; size: V3; p: V3; v: V3; r: number }): Case => ({
  s: sphere(x.p[0], x.p[1], x.p[2], x.v[0], x.v[1], x.v[2], x.r),
  B: box(x.lo, add(x.lo, x.size)),
  tMax: 1,
});

test("property: the sphere does not touch the box before t, and the distance at t equals r within a few ulps of the scale", () => {
  fc.assert(
    fc.property(caseArb, (x) => {
      const { s, B, tMax } = propCase(x);
      const t = timeOfImpactSphereBox(s, B, tMax);
      if (t === Infinity) return;
      const size = Math.max(norm([s.x, s.y, s.z]), norm([s.vx, s.vy, s.vz]), 8) + s.r;
      const dt = closestOnBox(centreAt(s, t), lo(B), hi(B)).dist;
      if (t === 0) {
        assert.ok(signedDistanceBox(centreAt(s, 0), lo(B), hi(B)) <= s.r + 16 * U * size);
        return;
      }
      assert.ok(Math.abs(dt - s.r) <= 16 * U * size, `distance ${dt} vs r ${s.r} at t ${t}`);
      for (let k = 0; k < 16; k++) {
        const tb = (t * k) / 16;
        assert.ok(closestOnBox(centreAt(s, tb), lo(B), hi(B)).dist >= s.r - 16 * U * size);
      }
    }),
    { seed: 42, numRuns: 3000 },
  );
});

test("property: an exact translation leaves the hit bit-for-bit unchanged (but the contact point)", () => {
  fc.assert(
    fc.property(caseArb, vec, (x, off) => {
      const { s, B, tMax } = propCase(x);
      const o = scale(off, 256);
      const s2 = { ...s, x: s.x + o[0], y: s.y + o[1], z: s.z + o[2] };
      const B2 = box(add(lo(B), o), add(hi(B), o));
      const h1 = sweepSphereBox(s, B, tMax);
      const h2 = sweepSphereBox(s2, B2, tMax);
      if (h1 === null) return assert.equal(h2, null);
      assert.ok(h2 !== null);
      assert.deepEqual([h2.t, h2.nx, h2.ny, h2.nz, h2.feature, h2.index], [h1.t, h1.nx, h1.ny, h1.nz, h1.feature, h1.index]);
    }),
    { seed: 42, numRuns: 1000 },
  );
});

test("property: mirroring an axis gives the same t and the mirrored feature", () => {
  fc.assert(
    fc.property(caseArb, fc.integer({ min: 0, max: 2 }), (x, k) => {
      const { s, B, tMax } = propCase(x);
      const L = lo(B), H = hi(B);
      const P: V3 = [s.x, s.y, s.z], V: V3 = [s.vx, s.vy, s.vz];
      const L2 = [...L] as V3, H2 = [...H] as V3;
      L2[k] = -H[k]; H2[k] = -L[k]; P[k] = -P[k]; V[k] = -V[k];
      const h1 = sweepSphereBox(s, B, tMax);
      const h2 = sweepSphereBox(sphere(P[0], P[1], P[2], V[0], V[1], V[2], s.r), box(L2, H2), tMax);
      if (h1 === null) return assert.equal(h2, null);
      assert.ok(h2 !== null);
      assert.equal(h2.t, h1.t);
      assert.equal(h2.feature, h1.feature);
      const n1: V3 = [h1.nx, h1.ny, h1.nz];
      n1[k] = -n1[k] + 0;
      assert.deepEqual([h2.nx, h2.ny, h2.nz], n1);
    }),
    { seed: 42, numRuns: 1000 },
  );
});

test("property: scaling lengths and velocities by a power of two leaves t unchanged", () => {
  fc.assert(
    fc.property(caseArb, fc.integer({ min: -60, max: 60 }), (x, e) => {
      const { s, B, tMax } = propCase(x);
      const f = 2 ** e;
      const s2 = sphere(s.x * f, s.y * f, s.z * f, s.vx * f, s.vy * f, s.vz * f, s.r * f);
      const B2 = box(scale(lo(B), f), scale(hi(B), f));
      assert.equal(timeOfImpactSphereBox(s2, B2, tMax), timeOfImpactSphereBox(s, B, tMax));
    }),
    { seed: 42, numRuns: 1000 },
  );
});

test("property: a point (r = 0) from outside the box hits where the ray cast enters it", () => {
  fc.assert(
    fc.property(caseArb, (x) => {
      const { s, B } = propCase(x);
      if (signedDistanceBox([s.x, s.y, s.z], lo(B), hi(B)) <= 0) return;
      if (s.vx === 0 && s.vy === 0 && s.vz === 0) return;
      const t = toiSphereBoxRaw(s.x, s.y, s.z, s.vx, s.vy, s.vz, 0, B.minX, B.minY, B.minZ, B.maxX, B.maxY, B.maxZ, 1);
      const ray = rayBox3Raw(s.x, s.y, s.z, s.vx, s.vy, s.vz, B.minX, B.minY, B.minZ, B.maxX, B.maxY, B.maxZ, 1);
      assert.equal(t, ray);
    }),
    { seed: 42, numRuns: 2000 },
  );
});
