import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import {
  sweepSpherePlane,
  sweepSpherePlaneInto,
  sweepSpherePlaneRaw,
  timeOfImpactSpherePlane,
  toiSpherePlaneRaw,
} from "../src/query/sweep-sphere-plane.js";
import { FEATURE_INTERIOR } from "../src/query/types.js";
import type { MovingSphere, WallHit3 } from "../src/query/types.js";
import type { Plane3 } from "../src/query/geometry3.js";
import { Random } from "./support/random.js";
import { isqrt, toCommonIntegers, ulpDistance } from "./support/exact.js";
import { add, dot, norm, scale, sub, type V3 } from "./support/geometry3d-reference.js";

const U = 2 ** -53;
const sphere = (x: number, y: number, z: number, vx: number, vy: number, vz: number, r: number): MovingSphere => ({ x, y, z, vx, vy, vz, r });
const plane = (p: V3, n: V3): Plane3 => ({ x: p[0], y: p[1], z: p[2], nx: n[0], ny: n[1], nz: n[2] });
const FLOOR = plane([0, 0, 0], [0, 0, 2]);

/** Signed distance of x in front of the plane. */
const signed = (P: Plane3, x: V3): number => dot(sub(x, [P.x, P.y, P.z]), [P.nx, P.ny, P.nz]) / norm([P.nx, P.ny, P.nz]);

/** Exact t = (G - r |N|) / (-K) with 200 bits of |N|, or null when not approaching. */
function exactPlane(s: MovingSphere, P: Plane3): { num: bigint; den: bigint } | null {
  const { n } = toCommonIntegers([s.x, s.y, s.z, s.vx, s.vy, s.vz, s.r, P.x, P.y, P.z, P.nx, P.ny, P.nz]);
  const G = n[10] * (n[0] - n[7]) + n[11] * (n[1] - n[8]) + n[12] * (n[2] - n[9]);
  const K = n[10] * n[3] + n[11] * n[4] + n[12] * n[5];
  if (K >= 0n) return null;
  const Ls = isqrt((n[10] * n[10] + n[11] * n[11] + n[12] * n[12]) << 400n);
  // The normal's integers carry the common scale once more than lengths; G and K both do.
  return { num: (G << 200n) - n[6] * Ls, den: -K << 200n };
}

test("a sphere falling onto a floor hits when the gap closes, with the normal into the floor", () => {
  assert.deepEqual(sweepSpherePlane(sphere(0, 0, 3, 0, 0, -4, 1), FLOOR), {
    t: 0.5, px: 0, py: 0, pz: 0, nx: 0, ny: 0, nz: -1, feature: FEATURE_INTERIOR, index: 0,
  });
});

test("a tilted plane with a 3-4-5 normal: distance 10, speed 5 towards it, r = 5, t = 1", () => {
  const P = plane([0, 0, 0], [3, 4, 0]);
  const hit = sweepSpherePlane(sphere(6, 8, 1, -3, -4, 7, 5), P)!;
  assert.equal(hit.t, 1);
  assert.deepEqual([hit.nx, hit.ny, hit.nz], [-0.6, -0.8, 0]);
  assert.deepEqual([hit.px, hit.py, hit.pz], [0, 0, 8]);
});

test("overlapping and approaching gives 0 (also from behind the plane); moving out gives none", () => {
  assert.equal(timeOfImpactSpherePlane(sphere(0, 0, 0.5, 0, 0, -1, 1), FLOOR), 0);
  assert.equal(timeOfImpactSpherePlane(sphere(0, 0, -5, 0, 0, -1, 1), FLOOR), 0);
  assert.equal(timeOfImpactSpherePlane(sphere(0, 0, -5, 0, 0, 1, 1), FLOOR), Infinity);
  assert.equal(timeOfImpactSpherePlane(sphere(0, 0, 0.5, 0, 0, 1, 1), FLOOR), Infinity);
  assert.equal(timeOfImpactSpherePlane(sphere(0, 0, 1, 0, 0, -1, 1), FLOOR), 0); // touching
});

test("moving parallel, even at exactly distance r or overlapping, is never a contact", () => {
  assert.equal(timeOfImpactSpherePlane(sphere(0, 0, 1, 5, 3, 0, 1), FLOOR, 100), Infinity);
  assert.equal(timeOfImpactSpherePlane(sphere(0, 0, 0.5, 5, 3, 0, 1), FLOOR, 100), Infinity);
  assert.equal(timeOfImpactSpherePlane(sphere(0, 0, 2, 0, 0, 0, 1), FLOOR, 100), Infinity);
});

test("a contact after tMax is none; a point (r = 0) hits when it reaches the plane", () => {
  assert.equal(timeOfImpactSpherePlane(sphere(0, 0, 3, 0, 0, -4, 1), FLOOR, 0.25), Infinity);
  assert.equal(timeOfImpactSpherePlane(sphere(0, 0, 3, 0, 0, -4, 1), FLOOR, 0.5), 0.5);
  assert.equal(timeOfImpactSpherePlane(sphere(0, 0, 3, 0, 0, -4, 0), FLOOR), 0.75);
});

test("huge and tiny normals are rescaled exactly: the answer does not depend on the normal's length", () => {
  const s = sphere(0.3, -0.7, 2.25, 0.1, 0.2, -1.5, 0.5);
  const t = timeOfImpactSpherePlane(s, plane([1, 2, 0], [0, 0, 1]));
  for (const f of [2 ** -1000, 2 ** -600, 2 ** -300, 1e-5, 7, 2 ** 300, 2 ** 600, 2 ** 1000]) {
    assert.equal(timeOfImpactSpherePlane(s, plane([1, 2, 0], [0, 0, f])), t);
  }
});

test("the checked forms reject bad input with a RangeError naming the field", () => {
  assert.throws(() => timeOfImpactSpherePlane(sphere(0, 0, 0, 0, 0, 0, 1), plane([0, 0, 0], [0, 0, 0])), /plane\.nx, plane\.ny, plane\.nz must not all be zero/);
  assert.throws(() => timeOfImpactSpherePlane(sphere(0, 0, 0, 0, 0, 0, 1), plane([0, NaN, 0], [0, 0, 1])), /plane\.y must be a finite number, got NaN/);
  assert.throws(() => timeOfImpactSpherePlane(sphere(0, 0, 0, Infinity, 0, 0, 1), FLOOR), /sphere\.vx must be a finite number, got Infinity/);
  assert.throws(() => sweepSpherePlane(sphere(0, 0, 0, 0, 0, 0, 1), FLOOR, -0.5), /tMax must be a number >= 0, got -0\.5/);
});

test("the Into form fills the same numbers as the allocating form and leaves out untouched on a miss", () => {
  const out: WallHit3 = { t: -1, px: -1, py: -1, pz: -1, nx: -1, ny: -1, nz: -1, feature: -1, index: -1 };
  assert.equal(sweepSpherePlaneInto(out, sphere(0, 0, 3, 0, 0, 1, 1), FLOOR), false);
  assert.equal(out.t, -1);
  const s = sphere(0.2, 0.3, 1.5, 0.1, -0.1, -2, 0.25);
  const P = plane([0.1, 0.2, -0.3], [0.1, -0.2, 0.9]);
  assert.equal(sweepSpherePlaneInto(out, s, P), true);
  assert.deepEqual(out, sweepSpherePlane(s, P));
  const raw: WallHit3 = { t: 0, px: 0, py: 0, pz: 0, nx: 0, ny: 0, nz: 0, feature: 0, index: 0 };
  sweepSpherePlaneRaw(raw, s.x, s.y, s.z, s.vx, s.vy, s.vz, s.r, P.x, P.y, P.z, P.nx, P.ny, P.nz, 1);
  assert.deepEqual(raw, out);
  assert.equal(toiSpherePlaneRaw(s.x, s.y, s.z, s.vx, s.vy, s.vz, s.r, P.x, P.y, P.z, P.nx, P.ny, P.nz, 1), out.t);
});

function randomCase(rng: Random): { s: MovingSphere; P: Plane3; tMax: number } {
  const n: V3 = rng.next() < 0.2 ? ([[1, 0, 0], [0, -1, 0], [0, 0, 3]] as V3[])[rng.int(3)] : [rng.range(-1, 1), rng.range(-1, 1), rng.range(-1, 1)];
  // A plane point anywhere on the plane, sometimes far from the sphere (the dot products cancel).
  const q: V3 = [rng.range(-1, 1), rng.range(-1, 1), rng.range(-1, 1)];
  const far = rng.next() < 0.3 ? 1000 : 1;
  const tangent = sub([rng.range(-far, far), rng.range(-far, far), rng.range(-far, far)], [0, 0, 0]);
  const t2: V3 = sub(tangent, scale(n, dot(tangent, n) / dot(n, n)));
  const P = plane(add(q, t2), n);
  const r = rng.next() < 0.1 ? 0 : rng.range(0, 1);
  const p: V3 = [rng.range(-3, 3), rng.range(-3, 3), rng.range(-3, 3)];
  const v: V3 = [rng.range(-4, 4), rng.range(-4, 4), rng.range(-4, 4)];
  return { s: sphere(p[0], p[1], p[2], v[0], v[1], v[2], r), P, tMax: rng.next() < 0.2 ? rng.range(0, 1) : 1 };
}

test("thousands of random cases agree with the exact time, to a few ulps of the approach's time scale", (t) => {
  const rng = new Random(11);
  let worst = 0;
  let worstAxis = 0;
  let hits = 0;
  for (let i = 0; i < 5000; i++) {
    const { s, P, tMax } = randomCase(rng);
    const got = timeOfImpactSpherePlane(s, P, tMax);
    const ref = exactPlane(s, P);
    const where = JSON.stringify({ s, P, tMax });
    if (ref === null) {
      assert.equal(got, Infinity, `case ${i}: moving apart or parallel, ${where}`);
      continue;
    }
    if (ref.num <= 0n) {
      assert.equal(got, 0, `case ${i}: overlapping and approaching, ${where}`);
      continue;
    }
    const tRef = Number((ref.num << 64n) / ref.den) / 2 ** 64;
    if (tRef > tMax * (1 + 1e-12)) {
      assert.equal(got, Infinity, `case ${i}: beyond tMax, ${where}`);
      continue;
    }
    if (tRef > tMax * (1 - 1e-12)) continue; // within rounding of tMax: either answer
    hits++;
    // Time scale: the time to travel the distance |G| / |N| + r at the approach speed |K| / |N|.
    const N: V3 = [P.nx, P.ny, P.nz];
    const scaleT = (Math.abs(signed(P, [s.x, s.y, s.z])) + norm(sub([s.x, s.y, s.z], [P.x, P.y, P.z])) + s.r) / (Math.abs(dot(N, [s.vx, s.vy, s.vz])) / norm(N));
    const err = Math.abs(got - tRef) / (U * scaleT);
    if (err > worst) worst = err;
    if (N.filter((c) => c !== 0).length === 1) {
      const u = ulpDistance(got, ref.num, ref.den);
      if (u > worstAxis) worstAxis = u;
    }
  }
  t.diagnostic(`${hits} hits; worst ${worst.toFixed(2)} u of the time scale; axis-aligned normals worst ${worstAxis.toFixed(2)} ulp`);
  assert.ok(worst <= 4, `worst ${worst}`);
  assert.ok(worstAxis <= 2, `worst ${worstAxis}`);
});

const grid = fc.integer({ min: -(2 ** 22), max: 2 ** 22 }).map((k) => k * 2 ** -20);
const vec = fc.tuple(grid, grid, grid);
const arb = fc.record({ p: vec, v: vec, q: vec, n: vec, r: fc.integer({ min: 0, max: 2 ** 20 }).map((k) => k * 2 ** -20) });

test("property: the distance at t equals r within a few ulps of the scale, and nothing touches earlier", () => {
  fc.assert(
    fc.property(arb, (x) => {
      if (x.n[0] === 0 && x.n[1] === 0 && x.n[2] === 0) return;
      const s = sphere(x.p[0], x.p[1], x.p[2], x.v[0], x.v[1], x.v[2], x.r);
      const P = plane(x.q, x.n);
      const t = timeOfImpactSpherePlane(s, P, 1);
      if (t === Infinity) return;
      const c = (tt: number): V3 => [s.x + tt * s.vx, s.y + tt * s.vy, s.z + tt * s.vz];
      const size = norm(x.p) + norm(x.q) + norm(x.v) + x.r + 1;
      if (t === 0) return assert.ok(signed(P, c(0)) <= s.r + 16 * U * size);
      assert.ok(Math.abs(signed(P, c(t)) - s.r) <= 16 * U * size);
      for (let k = 0; k < 8; k++) assert.ok(signed(P, c((t * k) / 8)) >= s.r - 16 * U * size);
    }),
    { seed: 42, numRuns: 3000 },
  );
});

test("property: exact translations and power-of-two scalings leave t bit-for-bit unchanged", () => {
  fc.assert(
    fc.property(arb, vec, fc.integer({ min: -60, max: 60 }), (x, off, e) => {
      if (x.n[0] === 0 && x.n[1] === 0 && x.n[2] === 0) return;
      const s = sphere(x.p[0], x.p[1], x.p[2], x.v[0], x.v[1], x.v[2], x.r);
      const t = timeOfImpactSpherePlane(s, plane(x.q, x.n), 1);
      const o = scale(off, 256);
      const s2 = { ...s, x: s.x + o[0], y: s.y + o[1], z: s.z + o[2] };
      assert.equal(timeOfImpactSpherePlane(s2, plane(add(x.q, o), x.n), 1), t);
      const f = 2 ** e;
      const s3 = sphere(s.x * f, s.y * f, s.z * f, s.vx * f, s.vy * f, s.vz * f, s.r * f);
      assert.equal(timeOfImpactSpherePlane(s3, plane(scale(x.q, f), x.n), 1), t);
    }),
    { seed: 42, numRuns: 1000 },
  );
});
