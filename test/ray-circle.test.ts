import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import fc from "fast-check";
import { rayHitCircle, rayHitCircleRaw, segmentHitCircle, segmentHitCircleRaw } from "../src/query/ray-circle.js";
import { Random } from "./support/random.js";
import { firstContact, ulp } from "./support/brute-force-2d.js";
import { isqrt, rationalToDouble, toCommonIntegers } from "./support/exact.js";

const unit = { x: 0, y: 0, r: 1 };

test("a ray through the centre hits at distance minus radius", () => {
  assert.equal(rayHitCircle({ x: -5, y: 0, dx: 1, dy: 0 }, unit), 4);
  assert.equal(rayHitCircle({ x: -5, y: 0, dx: 2, dy: 0 }, unit), 2);
  assert.equal(rayHitCircle({ x: 3, y: 4, dx: -3, dy: -4 }, { x: 0, y: 0, r: 5 }), 0);
  assert.equal(rayHitCircle({ x: 6, y: 8, dx: -3, dy: -4 }, { x: 0, y: 0, r: 5 }), 1);
});

test("an off-centre ray hits where the chord begins (3-4-5)", () => {
  // Line y = 3 meets x^2 + y^2 = 25 at x = -4.
  assert.equal(rayHitCircle({ x: -10, y: 3, dx: 1, dy: 0 }, { x: 0, y: 0, r: 5 }), 6);
});

test("an origin inside the disc or on the circle gives 0 whatever the direction", () => {
  assert.equal(rayHitCircle({ x: 0.5, y: 0, dx: 1, dy: 0 }, unit), 0);
  assert.equal(rayHitCircle({ x: 0.5, y: 0, dx: -1, dy: 0 }, unit), 0);
  assert.equal(rayHitCircle({ x: 1, y: 0, dx: 1, dy: 0 }, unit), 0);
  assert.equal(rayHitCircle({ x: 0, y: 1, dx: 1, dy: 0 }, unit), 0);
  assert.equal(rayHitCircle({ x: 0, y: 0, dx: 0, dy: 0 }, unit), 0);
});

test("pointing away, missing, or touching tangentially is none", () => {
  assert.equal(rayHitCircle({ x: -5, y: 0, dx: -1, dy: 0 }, unit), Infinity);
  assert.equal(rayHitCircle({ x: -5, y: 2, dx: 1, dy: 0 }, unit), Infinity);
  assert.equal(rayHitCircle({ x: -5, y: 1, dx: 1, dy: 0 }, unit), Infinity);
  assert.equal(rayHitCircle({ x: -5, y: 0, dx: 0, dy: 0 }, unit), Infinity);
});

test("maxS limits the ray; a circle of radius 0 (a point) is hit only by a ray through it", () => {
  assert.equal(rayHitCircle({ x: -5, y: 0, dx: 1, dy: 0 }, unit, 3), Infinity);
  assert.equal(rayHitCircle({ x: -5, y: 0, dx: 1, dy: 0 }, unit, 4), 4);
  assert.equal(rayHitCircle({ x: -5, y: 0, dx: 1, dy: 0 }, { x: 0, y: 0, r: 0 }), 5);
  assert.equal(rayHitCircle({ x: -5, y: 0, dx: 1, dy: 0 }, { x: 0, y: 2 ** -60, r: 0 }), Infinity);
  assert.equal(rayHitCircle({ x: -5, y: 0, dx: 1, dy: 0 }, { x: 0, y: 0, r: 0 }, 4), Infinity);
});

test("a segment hits at its parameter in [0, 1]", () => {
  assert.equal(segmentHitCircle({ ax: -5, ay: 0, bx: 5, by: 0 }, unit), 0.4);
  assert.equal(segmentHitCircle({ ax: -5, ay: 0, bx: -1, by: 0 }, unit), 1);
  assert.equal(segmentHitCircle({ ax: -5, ay: 0, bx: -2, by: 0 }, unit), Infinity);
  assert.equal(segmentHitCircle({ ax: 0.5, ay: 0, bx: 5, by: 0 }, unit), 0);
  assert.equal(segmentHitCircle({ ax: 0.5, ay: 0.5, bx: 0.5, by: 0.5 }, unit), 0);
  assert.equal(segmentHitCircle({ ax: 2, ay: 2, bx: 2, by: 2 }, unit), Infinity);
  assert.equal(segmentHitCircle({ ax: -5, ay: 1, bx: 5, by: 1 }, unit), Infinity);
});

test("bad input throws a RangeError naming the argument, field and value", () => {
  assert.throws(() => rayHitCircle({ x: 0, y: NaN, dx: 1, dy: 0 }, unit), /ray\.y must be a finite number, got NaN/);
  assert.throws(() => rayHitCircle({ x: 0, y: 0, dx: Infinity, dy: 0 }, unit), /ray\.dx must be a finite number, got Infinity/);
  assert.throws(() => rayHitCircle({ x: 0, y: 0, dx: 1, dy: 0 }, { x: 0, y: 0, r: -2 }), /circle\.r must be a finite number >= 0, got -2/);
  assert.throws(() => rayHitCircle({ x: 0, y: 0, dx: 1, dy: 0 }, unit, -1), /tMax must be a number >= 0, got -1/);
  assert.throws(() => segmentHitCircle({ ax: 0, ay: 0, bx: NaN, by: 0 }, unit), /segment\.bx must be a finite number, got NaN/);
});

/** Exact first parameter of a ray on a circle (BigInt), rounded to the nearest double. */
function exactRayHit(x: number, y: number, dx: number, dy: number, cx: number, cy: number, r: number): number {
  const { n } = toCommonIntegers([x, y, dx, dy, cx, cy, r]);
  const [X, Y, DX, DY, CX, CY, R] = n;
  const px = X - CX;
  const py = Y - CY;
  const a = DX * DX + DY * DY;
  const b = px * DX + py * DY;
  const c = px * px + py * py - R * R;
  if (c <= 0n) return 0;
  if (b >= 0n) return Infinity;
  const disc = b * b - a * c;
  if (disc <= 0n) return Infinity;
  // s = c / (-b + sqrt(disc)), the square root carried 256 bits beyond the point.
  const P = 256n;
  return rationalToDouble(c << P, (-b << P) + isqrt(disc << (2n * P)));
}

test("ray hits are within 1 ulp of a BigInt exact reference on 5000 random rays", (ctx) => {
  const rnd = new Random(31);
  let hits = 0;
  let worst = 0;
  for (let i = 0; i < 5000; i++) {
    const f = 2 ** (rnd.int(60) - 30);
    const ray = { x: rnd.range(-4, 4) * f, y: rnd.range(-4, 4) * f, dx: rnd.range(-3, 3), dy: rnd.range(-3, 3) };
    const c = { x: rnd.range(-1, 1) * f, y: rnd.range(-1, 1) * f, r: rnd.range(0, 2) * f };
    if (rnd.next() < 0.5) {
      // Aim near the circle, so that hits are common.
      ray.dx = (c.x + rnd.range(-2, 2) * f - ray.x) * rnd.range(0.1, 3);
      ray.dy = (c.y + rnd.range(-2, 2) * f - ray.y) * rnd.range(0.1, 3);
    }
    const s = rayHitCircleRaw(ray.x, ray.y, ray.dx, ray.dy, c.x, c.y, c.r, Infinity);
    const ref = exactRayHit(ray.x, ray.y, ray.dx, ray.dy, c.x, c.y, c.r);
    if (ref === Infinity || ref === 0) {
      assert.equal(s, ref, `case ${i}`);
      continue;
    }
    hits++;
    const err = Math.abs(s - ref) / ulp(ref);
    worst = Math.max(worst, err);
  }
  ctx.diagnostic(`${hits} hits, worst ${worst} ulp`);
  assert.ok(hits > 1000, `only ${hits} hits`);
  assert.ok(worst <= 1, `worst ${worst}`);
});

test("segment hits agree with an independent brute force on 4000 random segments", (ctx) => {
  const rnd = new Random(32);
  let compared = 0;
  let hits = 0;
  for (let i = 0; i < 4000; i++) {
    const ax = rnd.range(-4, 4);
    const ay = rnd.range(-4, 4);
    const bx = rnd.range(-4, 4);
    const by = rnd.range(-4, 4);
    const cx = rnd.range(-2, 2);
    const cy = rnd.range(-2, 2);
    const r = rnd.range(0, 2);
    const D = (s: number) => Math.hypot(ax + s * (bx - ax) - cx, ay + s * (by - ay) - cy);
    // A segment query treats the disc as solid: inside at s = 0 means 0.
    const ref = D(0) <= r ? { t: 0, ambiguous: Math.abs(D(0) - r) < 1e-7 } : firstContact(D, r, 1, 4);
    if (ref.ambiguous) continue;
    compared++;
    const s = segmentHitCircleRaw(ax, ay, bx, by, cx, cy, r);
    if (ref.t === Infinity) assert.equal(s, Infinity, `case ${i}`);
    else {
      hits++;
      assert.ok(Math.abs(s - ref.t) <= 1e-9, `case ${i}: expected ${ref.t}, got ${s}`);
    }
  }
  ctx.diagnostic(`${compared} compared, ${hits} hits`);
  assert.ok(compared > 3900 && hits > 1000, `${compared} compared, ${hits} hits`);
});

test("property: the hit point is on the circle and no earlier point of the segment is inside it", () => {
  const coord = fc.integer({ min: -256, max: 256 }).map((n) => n / 64);
  const radius = fc.integer({ min: 0, max: 192 }).map((n) => n / 64);
  fc.assert(
    fc.property(coord, coord, coord, coord, coord, coord, radius, (ax, ay, bx, by, cx, cy, r) => {
      const s = segmentHitCircleRaw(ax, ay, bx, by, cx, cy, r);
      if (s === Infinity || s === 0) return true;
      const D = (u: number) => Math.hypot(ax + u * (bx - ax) - cx, ay + u * (by - ay) - cy);
      const tol = 16 * ulp(8);
      if (Math.abs(D(s) - r) > tol) return false;
      for (let i = 0; i < 16; i++) if (D((s * i) / 16) < r - tol) return false;
      return true;
    }),
    { seed: 42, numRuns: 3000 },
  );
});

test("property: a segment's hit equals the ray's hit along b - a when it is within [0, 1]", () => {
  const coord = fc.integer({ min: -256, max: 256 }).map((n) => n / 64);
  fc.assert(
    fc.property(coord, coord, coord, coord, coord, coord, coord, (ax, ay, bx, by, cx, cy, r) => {
      const s = segmentHitCircleRaw(ax, ay, bx, by, cx, cy, Math.abs(r));
      const t = rayHitCircleRaw(ax, ay, bx - ax, by - ay, cx, cy, Math.abs(r), 1);
      // b - a is exact on this grid, so the two are the same problem.
      return s === t;
    }),
    { seed: 42, numRuns: 3000 },
  );
});

interface Fixture {
  name: string;
  ray?: { x: number; y: number; dx: number; dy: number };
  segment?: { ax: number; ay: number; bx: number; by: number };
  circle: { x: number; y: number; r: number };
  maxS: number | null;
  expect: number | null;
}

test("hard cases from test/fixtures/geometry2d-ray.json", () => {
  const fixtures = JSON.parse(readFileSync(new URL("./fixtures/geometry2d-ray.json", import.meta.url), "utf8")) as Fixture[];
  assert.ok(fixtures.length >= 8);
  for (const f of fixtures) {
    const s = f.ray ? rayHitCircle(f.ray, f.circle, f.maxS ?? Infinity) : segmentHitCircle(f.segment!, f.circle);
    assert.equal(s, f.expect ?? Infinity, f.name);
  }
});
