import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { raySphere, raySphereRaw, raycastSphere, raycastSphereInto } from "../src/query/ray-sphere.js";
import { FEATURE_INTERIOR } from "../src/query/types.js";
import type { Sphere, WallHit3 } from "../src/query/types.js";
import type { Ray3 } from "../src/query/geometry3.js";
import { Random } from "./support/random.js";
import { exactTimeOfImpact, toCommonIntegers, ulpDistance } from "./support/exact.js";

const ray = (x: number, y: number, z: number, dx: number, dy: number, dz: number): Ray3 => ({ x, y, z, dx, dy, dz });
const ball = (x: number, y: number, z: number, r: number): Sphere => ({ x, y, z, r });
const O = ball(0, 0, 0, 1);

test("a ray towards a sphere enters it where |o + s d - c| = r, with the inward normal", () => {
  assert.deepEqual(raycastSphere(ray(-5, 0, 0, 1, 0, 0), O), { t: 4, px: -1, py: 0, pz: 0, nx: 1, ny: 0, nz: 0, feature: FEATURE_INTERIOR, index: 0 });
  // The parameter is in units of the direction: twice as long a direction, half the parameter.
  assert.equal(raySphere(ray(-5, 0, 0, 2, 0, 0), O), 2);
  // 3-4-5: from (0, -3, -4) towards the centre, distance 5, entry at distance 4.
  assert.equal(raySphere(ray(0, -3, -4, 0, 3, 4), O), 0.8);
});

test("an origin inside the solid sphere or on its surface answers 0 whatever the direction", () => {
  assert.equal(raySphere(ray(0.5, 0, 0, 1, 0, 0), O), 0);
  assert.equal(raySphere(ray(0.5, 0, 0, -1, 0, 0), O), 0);
  assert.equal(raySphere(ray(1, 0, 0, 1, 0, 0), O), 0);
  assert.equal(raySphere(ray(0, 0, 0, 0, 1, 0), O), 0);
  const h = raycastSphere(ray(0.5, 0, 0, 0, 1, 0), O)!;
  assert.deepEqual([h.t, h.px, h.nx, h.ny], [0, 0.5, -1, 0]);
  // At the centre, the normal falls back to the direction.
  const c = raycastSphere(ray(0, 0, 0, 0, 0, -3), O)!;
  assert.deepEqual([c.t, c.nx, c.ny, c.nz], [0, 0, 0, -1]);
});

test("pointing away, passing at exactly distance r (tangent) or missing gives none", () => {
  assert.equal(raySphere(ray(-5, 0, 0, -1, 0, 0), O), Infinity);
  assert.equal(raySphere(ray(-5, 1, 0, 1, 0, 0), O), Infinity);
  assert.equal(raySphere(ray(-5, 1.5, 0, 1, 0, 0), O), Infinity);
  assert.ok(raySphere(ray(-5, 1 - 2 ** -40, 0, 1, 0, 0), O) < 5);
});

test("tMax bounds the entry (a segment with tMax = 1); the default is an unbounded ray", () => {
  assert.equal(raySphere(ray(-5, 0, 0, 1, 0, 0), O, 1), Infinity);
  assert.equal(raySphere(ray(-5, 0, 0, 1, 0, 0), O, 4), 4);
  assert.equal(raySphere(ray(-1e9, 0, 0, 1, 0, 0), O), 1e9 - 1);
});

test("a sphere of radius 0 is a point: a ray exactly through it hits it there, one passing it by an ulp misses", () => {
  assert.equal(raySphere(ray(-5, 0, 0, 1, 0, 0), ball(0, 0, 0, 0)), 5);
  assert.equal(raySphere(ray(-5, 0, 2 ** -60, 1, 0, 0), ball(0, 0, 0, 0)), Infinity);
  assert.equal(raySphere(ray(0, 0, 0, 1, 0, 0), ball(0, 0, 0, 0)), 0);
});

test("the checked forms reject bad input with a RangeError naming the field", () => {
  assert.throws(() => raySphere(ray(0, 0, 0, 0, 0, 0), O), /ray\.dx, ray\.dy, ray\.dz must not all be zero/);
  assert.throws(() => raySphere(ray(0, NaN, 0, 1, 0, 0), O), /ray\.y must be a finite number, got NaN/);
  assert.throws(() => raySphere(ray(0, 0, 0, 1, 0, 0), ball(0, 0, 0, -1)), /sphere\.r must be a finite number >= 0, got -1/);
  assert.throws(() => raySphere(ray(0, 0, 0, 1, 0, 0), O, NaN), /tMax must be a number >= 0, got NaN/);
});

test("the Into form fills the same numbers as the allocating form and leaves out untouched on a miss", () => {
  const out: WallHit3 = { t: -1, px: -1, py: -1, pz: -1, nx: -1, ny: -1, nz: -1, feature: -1, index: -1 };
  assert.equal(raycastSphereInto(out, ray(-5, 3, 0, 1, 0, 0), O), false);
  assert.equal(out.t, -1);
  const r = ray(-3, 0.2, 0.1, 1, 0.05, -0.02);
  assert.equal(raycastSphereInto(out, r, O), true);
  assert.deepEqual(out, raycastSphere(r, O));
  assert.equal(raySphereRaw(r.x, r.y, r.z, r.dx, r.dy, r.dz, 0, 0, 0, 1, Infinity), out.t);
});

test("random rays agree with the exact BigInt root to an ulp, and with an exact inside test", (t) => {
  const rng = new Random(31);
  let worst = 0;
  let hits = 0;
  let inside = 0;
  for (let i = 0; i < 5000; i++) {
    const c = ball(rng.range(-2, 2), rng.range(-2, 2), rng.range(-2, 2), rng.range(0, 1.5));
    const near = rng.next() < 0.2;
    const o: [number, number, number] = near
      ? [c.x + rng.range(-1, 1) * c.r, c.y + rng.range(-1, 1) * c.r, c.z + rng.range(-1, 1) * c.r]
      : [rng.range(-4, 4), rng.range(-4, 4), rng.range(-4, 4)];
    const aim = [c.x + rng.range(-1.5, 1.5), c.y + rng.range(-1.5, 1.5), c.z + rng.range(-1.5, 1.5)];
    const d = [aim[0] - o[0], aim[1] - o[1], aim[2] - o[2]];
    if (rng.next() < 0.3) d[0] = -d[0];
    const tMax = rng.next() < 0.3 ? rng.range(0, 2) : Infinity;
    const got = raySphere(ray(o[0], o[1], o[2], d[0], d[1], d[2]), c, tMax);
    // Exactly inside the closed ball?
    const { n } = toCommonIntegers([...o, c.x, c.y, c.z, c.r]);
    const D2 = (n[0] - n[3]) ** 2n + (n[1] - n[4]) ** 2n + (n[2] - n[5]) ** 2n;
    if (D2 <= n[6] * n[6]) {
      assert.equal(got, 0);
      inside++;
      continue;
    }
    const ref = exactTimeOfImpact(o, d, 0, [c.x, c.y, c.z], [0, 0, 0], c.r, tMax);
    if (ref.kind !== "hit") {
      assert.equal(got, Infinity, `case ${i}`);
      continue;
    }
    const u = ulpDistance(got, ref.num, ref.den);
    if (u > worst) worst = u;
    hits++;
  }
  t.diagnostic(`${hits} entries, ${inside} origins inside; worst ${worst.toFixed(3)} ulp`);
  assert.ok(worst <= 1);
  assert.ok(hits > 800 && inside > 300);
});

const coord = fc.integer({ min: -(2 ** 22), max: 2 ** 22 }).map((k) => k * 2 ** -20);

test("property: translating ray and sphere by an exact offset, or scaling by a power of two, leaves s unchanged", () => {
  fc.assert(
    fc.property(fc.array(coord, { minLength: 10, maxLength: 10 }), fc.integer({ min: -60, max: 60 }), (a, e) => {
      if (a[3] === 0 && a[4] === 0 && a[5] === 0) return;
      const r = Math.abs(a[9]);
      const s = raySphere(ray(a[0], a[1], a[2], a[3], a[4], a[5]), ball(a[6], a[7], a[8], r));
      const o = 2 ** 10;
      assert.equal(raySphere(ray(a[0] + o, a[1] - o, a[2] + o, a[3], a[4], a[5]), ball(a[6] + o, a[7] - o, a[8] + o, r)), s);
      const f = 2 ** e;
      assert.equal(raySphere(ray(a[0] * f, a[1] * f, a[2] * f, a[3] * f, a[4] * f, a[5] * f), ball(a[6] * f, a[7] * f, a[8] * f, r * f)), s);
    }),
    { seed: 42, numRuns: 2000 },
  );
});
