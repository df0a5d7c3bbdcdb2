import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { rayTriangle, rayTriangleRaw, raycastTriangle, raycastTriangleInto } from "../src/query/ray-triangle.js";
import { FEATURE_EDGE, FEATURE_INTERIOR, FEATURE_VERTEX } from "../src/query/types.js";
import type { WallHit3 } from "../src/query/types.js";
import type { Ray3, Triangle3 } from "../src/query/geometry3.js";
import { Random } from "./support/random.js";
import { add, cross, dot, exactPlaneTime, norm, scale, sub, type V3 } from "./support/geometry3d-reference.js";

const U = 2 ** -53;
const ray = (o: V3, d: V3): Ray3 => ({ x: o[0], y: o[1], z: o[2], dx: d[0], dy: d[1], dz: d[2] });
const tri = (a: V3, b: V3, c: V3): Triangle3 => ({ ax: a[0], ay: a[1], az: a[2], bx: b[0], by: b[1], bz: b[2], cx: c[0], cy: c[1], cz: c[2] });
const T0 = tri([0, 0, 0], [1, 0, 0], [0, 1, 0]);

test("a ray through the inside of the face hits it, with the face normal turned along the ray", () => {
  assert.deepEqual(raycastTriangle(ray([0.25, 0.25, 1], [0, 0, -1]), T0), { t: 1, px: 0.25, py: 0.25, pz: 0, nx: 0, ny: 0, nz: -1, feature: FEATURE_INTERIOR, index: 0 });
  const up = raycastTriangle(ray([0.25, 0.25, -2], [0, 0, 4]), T0)!;
  assert.deepEqual([up.t, up.nz], [0.5, 1]);
});

test("a ray exactly through an edge or a vertex hits, and says which", () => {
  const e = raycastTriangle(ray([0.5, 0.5, 1], [0, 0, -1]), T0)!;
  assert.deepEqual([e.t, e.feature, e.index], [1, FEATURE_EDGE, 1]); // bc
  const ca = raycastTriangle(ray([-1, 0.5, 1], [1, 0, -1]), T0)!; // reaches (0, 0.5, 0) on edge ca
  assert.deepEqual([ca.t, ca.feature, ca.index], [1, FEATURE_EDGE, 2]);
  for (const [k, v] of [[0, [0, 0, 0]], [1, [1, 0, 0]], [2, [0, 1, 0]]] as [number, V3][]) {
    const h = raycastTriangle(ray(add(v, [0.25, -0.5, 2]), [-0.25, 0.5, -2]), T0)!;
    assert.deepEqual([h.t, h.feature, h.index], [1, FEATURE_VERTEX, k]);
  }
});

test("missing, pointing away, lying in the plane, or a triangle of zero area gives none", () => {
  assert.equal(rayTriangle(ray([1, 1, 1], [0, 0, -1]), T0), Infinity);
  assert.equal(rayTriangle(ray([0.25, 0.25, 1], [0, 0, 1]), T0), Infinity);
  assert.equal(rayTriangle(ray([-1, 0.25, 0], [1, 0, 0]), T0), Infinity);
  assert.equal(rayTriangle(ray([0.5, 0, 1], [0, 0, -1]), tri([0, 0, 0], [1, 0, 0], [2, 0, 0])), Infinity);
});

test("an origin on the triangle answers 0 (unless the ray lies in its plane); tMax bounds the crossing", () => {
  assert.equal(rayTriangle(ray([0.25, 0.25, 0], [0, 0, 1]), T0), 0);
  assert.equal(rayTriangle(ray([0.25, 0.25, 0], [1, 0, 0]), T0), Infinity);
  assert.equal(rayTriangle(ray([0.25, 0.25, 1], [0, 0, -1]), T0, 0.5), Infinity);
  assert.equal(rayTriangle(ray([0.25, 0.25, 1], [0, 0, -1]), T0, 1), 1);
});

test("the checked forms reject bad input with a RangeError naming the field", () => {
  assert.throws(() => rayTriangle(ray([0, 0, 0], [0, 0, 0]), T0), /ray\.dx, ray\.dy, ray\.dz must not all be zero/);
  assert.throws(() => rayTriangle(ray([0, 0, 0], [0, 0, 1]), { ...T0, cz: NaN }), /triangle\.cz must be a finite number, got NaN/);
  assert.throws(() => rayTriangle(ray([0, 0, 0], [0, 0, 1]), T0, -1), /tMax must be a number >= 0, got -1/);
});

test("the Into form fills the same numbers as the allocating form and leaves out untouched on a miss", () => {
  const out: WallHit3 = { t: -1, px: -1, py: -1, pz: -1, nx: -1, ny: -1, nz: -1, feature: -1, index: -1 };
  assert.equal(raycastTriangleInto(out, ray([2, 2, 1], [0, 0, -1]), T0), false);
  assert.equal(out.t, -1);
  const r = ray([0.2, 0.3, 1.5], [0.1, -0.1, -2]);
  assert.equal(raycastTriangleInto(out, r, T0), true);
  assert.deepEqual(out, raycastTriangle(r, T0));
  assert.equal(rayTriangleRaw(0.2, 0.3, 1.5, 0.1, -0.1, -2, 0, 0, 0, 1, 0, 0, 0, 1, 0, Infinity), out.t);
});

// ---------------------------------------------------------------------------------------------
// Watertightness.

/** A plain Möller–Trumbore test (no care at the edges), as the textbook writes it. */
function mollerTrumbore(o: V3, d: V3, a: V3, b: V3, c: V3): number {
  const e1 = sub(b, a), e2 = sub(c, a);
  const p = cross(d, e2);
  const det = dot(e1, p);
  if (det === 0) return Infinity;
  const inv = 1 / det;
  const s = sub(o, a);
  const u = dot(s, p) * inv;
  if (u < 0 || u > 1) return Infinity;
  const q = cross(s, e1);
  const v = dot(d, q) * inv;
  if (v < 0 || u + v > 1) return Infinity;
  const t = dot(e2, q) * inv;
  return t >= 0 ? t : Infinity;
}

test("watertight: rays through the shared edges and vertices of a bumpy mesh never slip through", (t) => {
  const rng = new Random(2013);
  // A 6 x 6 grid of vertices with random heights, two triangles per cell, in a random frame.
  const n = 6;
  const P: V3[][] = [];
  const rot = [rng.range(-1, 1), rng.range(-1, 1), rng.range(-1, 1)];
  for (let i = 0; i < n; i++) {
    P.push([]);
    for (let j = 0; j < n; j++) {
      const base: V3 = [i + rng.range(-0.3, 0.3), j + rng.range(-0.3, 0.3), rng.range(-0.5, 0.5)];
      P[i].push(add(base, scale(rot as V3, base[0] * 0.1)));
    }
  }
  const tris: [V3, V3, V3][] = [];
  for (let i = 0; i + 1 < n; i++) {
    for (let j = 0; j + 1 < n; j++) {
      tris.push([P[i][j], P[i + 1][j], P[i][j + 1]]);
      tris.push([P[i + 1][j], P[i + 1][j + 1], P[i][j + 1]]);
    }
  }
  let lostMT = 0;
  let rays = 0;
  for (let k = 0; k < 3000; k++) {
    // A target on an interior shared edge (or at an interior vertex), approached from above.
    const i = 1 + rng.int(n - 3), j = 1 + rng.int(n - 3);
    const kind = rng.int(4);
    const A = P[i][j];
    const B = kind === 0 ? P[i + 1][j] : kind === 1 ? P[i][j + 1] : kind === 2 ? P[i + 1][j] : A;
    const C = kind === 2 ? P[i][j + 1] : B;
    const lam = kind === 3 ? 0 : rng.next();
    const target = kind === 2 ? add(B, scale(sub(C, B), lam)) : add(A, scale(sub(B, A), lam));
    const o: V3 = add(target, [rng.range(-2, 2), rng.range(-2, 2), rng.range(2, 5)]);
    const d = sub(target, o);
    rays++;
    let hit = false;
    let hitMT = false;
    for (const [a, b, c] of tris) {
      if (rayTriangle(ray(o, d), tri(a, b, c), 2) !== Infinity) hit = true;
      if (mollerTrumbore(o, d, a, b, c) <= 2) hitMT = true;
    }
    assert.ok(hit, `ray ${k} through ${target} slipped through the mesh`);
    if (!hitMT) lostMT++;
  }
  t.diagnostic(`${rays} rays through shared edges and vertices: none lost (a plain Möller–Trumbore loses ${lostMT})`);
});

// ---------------------------------------------------------------------------------------------
// Random rays.

test("random rays agree with an independent plane-and-barycentric reference, and the exact crossing to a few ulps of scale", (t) => {
  const rng = new Random(4);
  let hits = 0;
  let worst = 0;
  for (let i = 0; i < 5000; i++) {
    const a: V3 = [rng.range(-1, 1), rng.range(-1, 1), rng.range(-1, 1)];
    const b: V3 = [rng.range(-1, 1), rng.range(-1, 1), rng.range(-1, 1)];
    const c: V3 = [rng.range(-1, 1), rng.range(-1, 1), rng.range(-1, 1)];
    const o: V3 = [rng.range(-3, 3), rng.range(-3, 3), rng.range(-3, 3)];
    const u = rng.range(-0.3, 1.3), v = rng.range(-0.3, 1.3);
    const aim = add(a, add(scale(sub(b, a), u), scale(sub(c, a), v)));
    const d = scale(sub(aim, o), rng.range(0.5, 2));
    const got = rayTriangle(ray(o, d), tri(a, b, c), 4);
    // Reference: plane crossing, then barycentric coordinates of the crossing point.
    const N = cross(sub(b, a), sub(c, a));
    const den = dot(N, d);
    const s = dot(N, sub(a, o)) / den;
    const x = add(o, scale(d, s));
    const area = (p: V3, q: V3): number => dot(cross(sub(q, p), sub(x, p)), N) / dot(N, N);
    const w = [area(b, c), area(c, a), area(a, b)];
    const margin = Math.min(...w);
    if (Math.abs(margin) < 1e-9 || Math.abs(den) < 1e-9 * norm(N) * norm(d)) continue; // at an edge, or grazing
    const expectHit = margin > 0 && s >= 0 && s <= 4;
    if (!expectHit) {
      assert.equal(got, Infinity, `case ${i}`);
      continue;
    }
    hits++;
    assert.ok(Math.abs(got - s) <= 1e-12 * (1 + s), `case ${i}: ${got} vs ${s}`);
    const ex = exactPlaneTime(o, d, 0, a, b, c)!;
    const tRef = Number((ex.num << 64n) / ex.den) / 2 ** 64;
    const scaleT = norm(sub(o, a)) / (Math.abs(den) / norm(N));
    const err = Math.abs(got - tRef) / (U * scaleT);
    if (err > worst) worst = err;
  }
  t.diagnostic(`${hits} hits; worst ${worst.toFixed(2)} u of the time scale |o - a| / |d . n|`);
  assert.ok(worst <= 16);
});

const coord = fc.integer({ min: -(2 ** 22), max: 2 ** 22 }).map((k) => k * 2 ** -20);
const vec = fc.tuple(coord, coord, coord);

test("property: the result does not depend on the order of the vertices, bit for bit", () => {
  const perms = [[0, 1, 2], [1, 2, 0], [2, 0, 1], [1, 0, 2], [0, 2, 1], [2, 1, 0]];
  fc.assert(
    fc.property(vec, vec, vec, vec, fc.tuple(fc.double({ min: -0.2, max: 1.2, noNaN: true }), fc.double({ min: -0.2, max: 1.2, noNaN: true })), (a, b, c, o, [u, v]) => {
      const aim = add(a, add(scale(sub(b, a), u), scale(sub(c, a), v)));
      const d = sub(aim, o);
      if (d[0] === 0 && d[1] === 0 && d[2] === 0) return;
      const vs = [a, b, c];
      const base = raycastTriangle(ray(o, d), tri(a, b, c));
      for (const p of perms) {
        const h = raycastTriangle(ray(o, d), tri(vs[p[0]], vs[p[1]], vs[p[2]]));
        if (base === null) {
          assert.equal(h, null);
          continue;
        }
        assert.ok(h !== null);
        assert.deepEqual([h.t, h.nx, h.ny, h.nz, h.feature], [base.t, base.nx, base.ny, base.nz, base.feature]);
      }
    }),
    { seed: 42, numRuns: 2000 },
  );
});
