/**
 * Closest approach, static overlap, the Pool Hall shortened movements, bounding volumes and the
 * bulk form: analytic cases, the exact reference, and properties.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import {
  closestApproachCircles,
  closestApproachSpheres,
  overlapCircles,
  overlapSpheres,
  pointInCircle,
  pointInSphere,
  shortenMovementCircle,
  shortenMovementsCircles,
  shortenMovementSphere,
  shortenMovementsSpheres,
  enclosingCircle,
  enclosingSphere,
  boundsOfPoints2,
  boundsOfPoints3,
  sweptBoundsCircle,
  sweptBoundsSphere,
  overlapBoxes2,
  timeOfImpactCircles,
  timeOfImpactSpheres,
  toiCirclesRaw,
  timeOfImpactCirclesBatch,
  timeOfImpactSpheresBatch,
  validateCircleArrays,
  type CircleArrays,
  type SphereArrays,
} from "../src/index.js";
import { exactClosestApproach, sqrtRational, ulpDistance } from "./support/exact.js";
import { Random } from "./support/random.js";

const U = 2 ** -53;

// ---------------------------------------------------------------- closest approach

test("closest approach of a body passing another is at the foot of the perpendicular", () => {
  const ca = closestApproachCircles({ x: -5, y: 3, vx: 1, vy: 0, r: 1 }, { x: 0, y: 0, vx: 0, vy: 0, r: 1 }, 10);
  // B relative to A: (5, -3) - t (1, 0): closest at t = 5, distance 3.
  assert.deepEqual(ca, { t: 5, distance: 3 });
  const cs = closestApproachSpheres({ x: 0, y: 0, z: -5, vx: 0, vy: 0, vz: 1, r: 1 }, { x: 4, y: 0, z: 0, vx: 0, vy: 0, vz: 0, r: 1 }, 10);
  assert.deepEqual(cs, { t: 5, distance: 4 });
});

test("closest approach is now when moving apart and at tMax when still approaching", () => {
  assert.deepEqual(closestApproachCircles({ x: 0, y: 0, vx: -1, vy: 0, r: 1 }, { x: 3, y: 4, vx: 0, vy: 0, r: 1 }), { t: 0, distance: 5 });
  assert.deepEqual(closestApproachCircles({ x: 0, y: 0, vx: 1, vy: 0, r: 1 }, { x: 10, y: 0, vx: 0, vy: 0, r: 1 }, 2), { t: 2, distance: 8 });
  assert.deepEqual(closestApproachCircles({ x: 1, y: 1, vx: 2, vy: 2, r: 1 }, { x: 4, y: 5, vx: 2, vy: 2, r: 1 }), { t: 0, distance: 5 });
});

test("closest approach distance is within 3 ulps of the exact minimum on random cases", () => {
  const rnd = new Random(5);
  let worstT = 0;
  let worstD = 0;
  for (let i = 0; i < 20_000; i++) {
    const dim = i % 2 === 0 ? 2 : 3;
    const pa = Array.from({ length: dim }, () => rnd.range(-10, 10));
    const pb = Array.from({ length: dim }, () => rnd.range(-10, 10));
    const va = Array.from({ length: dim }, () => rnd.range(-5, 5));
    const vb = Array.from({ length: dim }, () => rnd.range(-5, 5));
    const tMax = 2;
    const got =
      dim === 2
        ? closestApproachCircles({ x: pa[0], y: pa[1], vx: va[0], vy: va[1], r: 1 }, { x: pb[0], y: pb[1], vx: vb[0], vy: vb[1], r: 1 }, tMax)
        : closestApproachSpheres(
            { x: pa[0], y: pa[1], z: pa[2], vx: va[0], vy: va[1], vz: va[2], r: 1 },
            { x: pb[0], y: pb[1], z: pb[2], vx: vb[0], vy: vb[1], vz: vb[2], r: 1 },
            tMax,
          );
    const ref = exactClosestApproach(pa, va, pb, vb, tMax);
    if (ref.tNum !== 0n) worstT = Math.max(worstT, ulpDistance(got.t, ref.tNum, ref.tDen));
    else assert.equal(got.t, 0);
    const d = sqrtRational(ref.dist2Num, ref.dist2Den, ref.scaleExp);
    worstD = Math.max(worstD, ulpDistance(got.distance, d.num, d.den));
  }
  console.log(`# closest approach: worst t error ${worstT.toFixed(2)} ulps, worst distance error ${worstD.toFixed(2)} ulps`);
  assert.ok(worstD <= 3, `distance ${worstD} ulps`);
  assert.ok(worstT <= 4, `t ${worstT} ulps`);
});

test("closest approach below the radius sum means a hit, above it means a miss", () => {
  const arb = fc.record({ x: fc.integer({ min: -50, max: 50 }), y: fc.integer({ min: -50, max: 50 }), vx: fc.integer({ min: -20, max: 20 }), vy: fc.integer({ min: -20, max: 20 }), r: fc.integer({ min: 0, max: 8 }) });
  fc.assert(
    fc.property(arb, arb, (a, b) => {
      const ca = closestApproachCircles(a, b, 3);
      const t = timeOfImpactCircles(a, b, 3);
      const R = a.r + b.r;
      if (Math.abs(ca.distance - R) <= 8 * U * R) return true; // a graze: either answer is consistent
      // They come within R while approaching: contact no later than the closest approach.
      if (ca.distance < R && ca.t > 0) return t <= ca.t;
      // They never come within R: no contact.
      if (ca.distance > R) return t === Infinity;
      return true; // overlapping now and not approaching: covered by the time-of-impact tests
    }),
    { seed: 42, numRuns: 10_000 },
  );
});

// ---------------------------------------------------------------- overlap

test("discs touching exactly overlap (closed sets), a hair apart they do not", () => {
  assert.equal(overlapCircles({ x: 0, y: 0, r: 1 }, { x: 2, y: 0, r: 1 }), true);
  assert.equal(overlapCircles({ x: 0, y: 0, r: 1 }, { x: 2.0000000000000004, y: 0, r: 1 }), false);
  assert.equal(overlapCircles({ x: 0, y: 0, r: 1 }, { x: 3, y: 4, r: 4 }), true);
  assert.equal(overlapSpheres({ x: 0, y: 0, z: 0, r: 1 }, { x: 1, y: 2, z: 2, r: 2 }), true);
  assert.equal(overlapSpheres({ x: 0, y: 0, z: 0, r: 1 }, { x: 1, y: 2, z: 2.0000000000000004, r: 2 }), false);
});

test("a point on the circle is inside, a point one ulp out is not", () => {
  assert.equal(pointInCircle(3, 4, { x: 0, y: 0, r: 5 }), true);
  assert.equal(pointInCircle(3, 4.000000000000001, { x: 0, y: 0, r: 5 }), false);
  assert.equal(pointInSphere(1, 2, 2, { x: 0, y: 0, z: 0, r: 3 }), true);
  assert.equal(pointInSphere(1, 2, 2.0000000000000004, { x: 0, y: 0, z: 0, r: 3 }), false);
});

test("overlap decided on squares agrees with exact integer arithmetic at large coordinates", () => {
  // 2^52-scale coordinates where the plain squared distance rounds
  fc.assert(
    fc.property(fc.integer({ min: -(2 ** 26), max: 2 ** 26 }), fc.integer({ min: -(2 ** 26), max: 2 ** 26 }), fc.integer({ min: 0, max: 2 ** 26 }), (dx, dy, r) => {
      const big = 2 ** 40;
      const exact = BigInt(dx) * BigInt(dx) + BigInt(dy) * BigInt(dy) <= BigInt(r) * BigInt(r);
      return overlapCircles({ x: big, y: -big, r: r / 2 }, { x: big + dx, y: -big + dy, r: r / 2 }) === exact;
    }),
    { seed: 42, numRuns: 20_000 },
  );
});

test("overlap checks its arguments", () => {
  assert.throws(() => overlapCircles({ x: 0, y: NaN, r: 1 }, { x: 0, y: 0, r: 1 }), /a\.y must be a finite number, got NaN/);
  assert.throws(() => pointInCircle(Infinity, 0, { x: 0, y: 0, r: 1 }), /x must be a finite number, got Infinity/);
  assert.throws(() => overlapSpheres({ x: 0, y: 0, z: 0, r: 1 }, { x: 0, y: 0, z: 0, r: -2 }), /b\.r must be a finite number >= 0, got -2/);
});

// ---------------------------------------------------------------- Pool Hall

test("a moving circle against a still one is shortened to just touch", () => {
  const m = shortenMovementCircle({ x: 0, y: 0, vx: 8, vy: 0, r: 1 }, { x: 6, y: 0, r: 1 });
  assert.deepEqual(m, { t: 0.5, vx: 4, vy: 0 });
  assert.equal(shortenMovementCircle({ x: 0, y: 0, vx: 3, vy: 0, r: 1 }, { x: 6, y: 0, r: 1 }), null); // too short
  assert.equal(shortenMovementCircle({ x: 0, y: 0, vx: -8, vy: 0, r: 1 }, { x: 6, y: 0, r: 1 }), null); // moving away
  assert.equal(shortenMovementCircle({ x: 0, y: 3, vx: 20, vy: 0, r: 1 }, { x: 6, y: 0, r: 1 }), null); // passes by
  assert.deepEqual(shortenMovementCircle({ x: 0, y: 0, vx: 1, vy: 0, r: 1 }, { x: 1, y: 0, r: 1 }), { t: 0, vx: 0, vy: 0 }); // overlapping
  const s = shortenMovementSphere({ x: 0, y: 0, z: 0, vx: 0, vy: 0, vz: 8, r: 1 }, { x: 0, y: 0, z: 6, r: 1 });
  assert.deepEqual(s, { t: 0.5, vx: 0, vy: 0, vz: 4 });
});

test("two moving circles share one fraction and both movements shrink by it", () => {
  const m = shortenMovementsCircles({ x: 0, y: 0, vx: 4, vy: 0, r: 1 }, { x: 6, y: 0, vx: -4, vy: 0, r: 1 });
  assert.deepEqual(m, { t: 0.5, avx: 2, avy: 0, bvx: -2, bvy: 0 });
  const s = shortenMovementsSpheres({ x: 0, y: 0, z: 0, vx: 4, vy: 0, vz: 0, r: 1 }, { x: 6, y: 0, z: 0, vx: -4, vy: 0, vz: 0, r: 1 });
  assert.deepEqual(s, { t: 0.5, avx: 2, avy: 0, avz: 0, bvx: -2, bvy: 0, bvz: 0 });
});

test("the shortened fraction equals the exact time of impact with tMax 1, and the public query within 4 ulps", () => {
  const rnd = new Random(3);
  for (let i = 0; i < 5_000; i++) {
    const a = { x: rnd.range(-5, 5), y: rnd.range(-5, 5), vx: rnd.range(-9, 9), vy: rnd.range(-9, 9), r: rnd.range(0.1, 1) };
    const b = { x: rnd.range(-5, 5), y: rnd.range(-5, 5), vx: rnd.range(-9, 9), vy: rnd.range(-9, 9), r: rnd.range(0.1, 1) };
    const m = shortenMovementsCircles(a, b);
    const exact = toiCirclesRaw(a.x, a.y, a.vx, a.vy, a.r, b.x, b.y, b.vx, b.vy, b.r, 1);
    assert.equal(m === null ? Infinity : m.t, exact);
    const t = timeOfImpactCircles(a, b, 1);
    if (exact === Infinity || exact === 0) assert.equal(t, exact);
    else assert.ok(Math.abs(t - exact) <= 4.5 * 2 ** -52 * exact, `${t} vs ${exact}`);
  }
});

// ---------------------------------------------------------------- bounding volumes

test("the enclosing circle of a square's corners is its circumcircle", () => {
  const c = enclosingCircle([0, 0, 2, 0, 2, 2, 0, 2]);
  assert.equal(c.x, 1);
  assert.equal(c.y, 1);
  assert.ok(Math.abs(c.r - Math.SQRT2) <= 4 * U * 2);
  assert.deepEqual(enclosingCircle([3, 4]), { x: 3, y: 4, r: 0 });
});

test("the enclosing circle contains every point and is no larger than a brute-force optimum", () => {
  const rnd = new Random(11);
  for (let trial = 0; trial < 200; trial++) {
    const n = 1 + rnd.int(40);
    const pts: number[] = [];
    for (let i = 0; i < 2 * n; i++) pts.push(rnd.range(-10, 10));
    const c = enclosingCircle(pts);
    for (let i = 0; i < n; i++) assert.ok(Math.hypot(pts[2 * i] - c.x, pts[2 * i + 1] - c.y) <= c.r);
    // brute force: the smallest circle through 2 or 3 points that contains all
    let best = Infinity;
    const contains = (x: number, y: number, r: number): boolean => {
      for (let i = 0; i < n; i++) if (Math.hypot(pts[2 * i] - x, pts[2 * i + 1] - y) > r * (1 + 1e-12)) return false;
      return true;
    };
    for (let i = 0; i < n; i++) {
      for (let j = i + 1; j < n; j++) {
        const x = (pts[2 * i] + pts[2 * j]) / 2, y = (pts[2 * i + 1] + pts[2 * j + 1]) / 2;
        const r = Math.hypot(pts[2 * i] - x, pts[2 * i + 1] - y);
        if (r < best && contains(x, y, r)) best = r;
        for (let k = j + 1; k < n; k++) {
          const ax = pts[2 * j] - pts[2 * i], ay = pts[2 * j + 1] - pts[2 * i + 1];
          const bx = pts[2 * k] - pts[2 * i], by = pts[2 * k + 1] - pts[2 * i + 1];
          const d = 2 * (ax * by - ay * bx);
          if (d === 0) continue;
          const ux = (by * (ax * ax + ay * ay) - ay * (bx * bx + by * by)) / d;
          const uy = (ax * (bx * bx + by * by) - bx * (ax * ax + ay * ay)) / d;
          const rr = Math.hypot(ux, uy);
          if (rr < best && contains(pts[2 * i] + ux, pts[2 * i + 1] + uy, rr)) best = rr;
        }
      }
    }
    if (n === 1) best = 0;
    assert.ok(c.r <= best * (1 + 1e-9) + 1e-15, `trial ${trial}: ${c.r} vs ${best}`);
  }
});

test("the enclosing sphere contains every point, and a regular tetrahedron gets its circumsphere", () => {
  const rnd = new Random(12);
  for (let trial = 0; trial < 200; trial++) {
    const n = 1 + rnd.int(60);
    const pts: number[] = [];
    for (let i = 0; i < 3 * n; i++) pts.push(rnd.range(-10, 10));
    const s = enclosingSphere(pts);
    for (let i = 0; i < n; i++) assert.ok(Math.hypot(pts[3 * i] - s.x, pts[3 * i + 1] - s.y, pts[3 * i + 2] - s.z) <= s.r);
    // never larger than the sphere around the bounding box's centre
    const b = boundsOfPoints3(pts);
    const cx = (b.minX + b.maxX) / 2, cy = (b.minY + b.maxY) / 2, cz = (b.minZ + b.maxZ) / 2;
    let rBox = 0;
    for (let i = 0; i < n; i++) rBox = Math.max(rBox, Math.hypot(pts[3 * i] - cx, pts[3 * i + 1] - cy, pts[3 * i + 2] - cz));
    assert.ok(s.r <= rBox * (1 + 1e-12));
  }
  const t = enclosingSphere([1, 1, 1, 1, -1, -1, -1, 1, -1, -1, -1, 1]);
  assert.ok(Math.abs(t.x) < 1e-15 && Math.abs(t.y) < 1e-15 && Math.abs(t.z) < 1e-15);
  assert.ok(Math.abs(t.r - Math.sqrt(3)) <= 8 * U * t.r);
  // coplanar points (a square) and collinear points
  const sq = enclosingSphere([0, 0, 0, 2, 0, 0, 2, 2, 0, 0, 2, 0]);
  assert.ok(Math.abs(sq.r - Math.SQRT2) <= 8 * U * sq.r && sq.z === 0);
  const line = enclosingSphere([0, 0, 0, 1, 1, 1, 3, 3, 3, 2, 2, 2]);
  assert.ok(Math.abs(line.r - Math.sqrt(27) / 2) <= 8 * U * line.r);
});

test("bounding boxes of points and of moving bodies contain what they bound", () => {
  assert.deepEqual(boundsOfPoints2([1, 5, -2, 3, 4, -1]), { minX: -2, minY: -1, maxX: 4, maxY: 5 });
  const b = sweptBoundsCircle({ x: 0, y: 0, vx: 10, vy: -4, r: 1 });
  assert.ok(b.minX <= -1 && b.maxX >= 11 && b.minY <= -5 && b.maxY >= 1);
  assert.ok(b.minX > -1.0001 && b.maxX < 11.0001);
  const s = sweptBoundsSphere({ x: 0, y: 0, z: 0, vx: 1, vy: 2, vz: 3, r: 0.5 }, 2);
  assert.ok(s.minZ <= -0.5 && s.maxZ >= 6.5);
  assert.equal(overlapBoxes2({ minX: 0, minY: 0, maxX: 1, maxY: 1 }, { minX: 1, minY: 1, maxX: 2, maxY: 2 }), true);
  assert.equal(overlapBoxes2({ minX: 0, minY: 0, maxX: 1, maxY: 1 }, { minX: 1.5, minY: 0, maxX: 2, maxY: 2 }), false);
  assert.throws(() => enclosingCircle([]), /at least one point/);
  assert.throws(() => enclosingCircle([1, 2, 3]), /multiple of 2/);
  assert.throws(() => boundsOfPoints2([1, NaN]), /points\[1\] must be a finite number/);
});

test("a swept box overlapping nothing rules out a hit (the cheap pre-test is conservative)", () => {
  const rnd = new Random(13);
  for (let i = 0; i < 5_000; i++) {
    const a = { x: rnd.range(-5, 5), y: rnd.range(-5, 5), vx: rnd.range(-4, 4), vy: rnd.range(-4, 4), r: rnd.range(0, 1) };
    const b = { x: rnd.range(-5, 5), y: rnd.range(-5, 5), vx: rnd.range(-4, 4), vy: rnd.range(-4, 4), r: rnd.range(0, 1) };
    if (timeOfImpactCircles(a, b) < Infinity) assert.ok(overlapBoxes2(sweptBoundsCircle(a), sweptBoundsCircle(b)));
  }
});

// ---------------------------------------------------------------- bulk

function randomArrays(n: number, rnd: Random): SphereArrays {
  const f = (lo: number, hi: number): Float64Array => Float64Array.from({ length: n }, () => rnd.range(lo, hi));
  return { x: f(-10, 10), y: f(-10, 10), z: f(-10, 10), vx: f(-10, 10), vy: f(-10, 10), vz: f(-10, 10), r: f(0.1, 2) };
}

test("the bulk form equals the scalar form bit for bit", () => {
  const rnd = new Random(21);
  const n = 20_000;
  const a = randomArrays(n, rnd);
  const b = randomArrays(n, rnd);
  const out2 = timeOfImpactCirclesBatch(new Float64Array(n), a as CircleArrays, b as CircleArrays, n, 2);
  const out3 = timeOfImpactSpheresBatch(new Float64Array(n), a, b, n, 2);
  let hits = 0;
  for (let i = 0; i < n; i++) {
    const t2 = timeOfImpactCircles({ x: a.x[i], y: a.y[i], vx: a.vx[i], vy: a.vy[i], r: a.r[i] }, { x: b.x[i], y: b.y[i], vx: b.vx[i], vy: b.vy[i], r: b.r[i] }, 2);
    const t3 = timeOfImpactSpheres(
      { x: a.x[i], y: a.y[i], z: a.z[i], vx: a.vx[i], vy: a.vy[i], vz: a.vz[i], r: a.r[i] },
      { x: b.x[i], y: b.y[i], z: b.z[i], vx: b.vx[i], vy: b.vy[i], vz: b.vz[i], r: b.r[i] },
      2,
    );
    assert.ok(Object.is(out2[i], t2) && Object.is(out3[i], t3), `pair ${i}`);
    if (t2 < Infinity) hits++;
  }
  assert.ok(hits > 1000);
});

test("the bulk form may write its output over one of its inputs", () => {
  const rnd = new Random(22);
  const n = 1000;
  const a = randomArrays(n, rnd);
  const b = randomArrays(n, rnd);
  const expected = timeOfImpactCirclesBatch(new Float64Array(n), a as CircleArrays, b as CircleArrays, n, 3);
  const aliased = { ...a, r: Float64Array.from(a.r) };
  timeOfImpactCirclesBatch(aliased.r, aliased as CircleArrays, b as CircleArrays, n, 3);
  assert.deepEqual(aliased.r, expected);
});

test("the validation helper names the array and index of a bad value", () => {
  const rnd = new Random(23);
  const a = randomArrays(10, rnd) as CircleArrays;
  const b = randomArrays(10, rnd) as CircleArrays;
  validateCircleArrays(a, b, 10);
  b.vy[7] = NaN;
  assert.throws(() => validateCircleArrays(a, b, 10), /b\.vy\[7\] must be a finite number, got NaN/);
  b.vy[7] = 0;
  a.r[3] = -1;
  assert.throws(() => validateCircleArrays(a, b, 10), /a\.r\[3\] must be >= 0, got -1/);
  assert.throws(() => validateCircleArrays(a, b, 11), /has length 10, needs at least 11/);
});
