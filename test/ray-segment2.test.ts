import { test } from "node:test";
import assert from "node:assert/strict";
import { rayHitSegment, rayHitSegmentRaw, raycastSegment, raycastSegmentInto } from "../src/query/ray-segment2.js";
import { FEATURE_INTERIOR, FEATURE_VERTEX, type WallHit2 } from "../src/query/types.js";
import { Random } from "./support/random.js";
import { toCommonIntegers, ulpDistance } from "./support/exact.js";

const seg = { ax: 0, ay: -1, bx: 0, by: 1 };

test("a ray crossing a segment hits at the crossing parameter, in units of its direction", () => {
  assert.equal(rayHitSegment({ x: -3, y: 0, dx: 1, dy: 0 }, seg), 3);
  assert.equal(rayHitSegment({ x: -3, y: 0, dx: 2, dy: 0 }, seg), 1.5);
  assert.equal(rayHitSegment({ x: -3, y: -3, dx: 1, dy: 1 }, seg), 3);
  assert.equal(rayHitSegment({ x: 3, y: 0.5, dx: -1, dy: 0 }, seg), 3);
});

test("an origin on the segment gives 0 whatever the (non-parallel) direction", () => {
  assert.equal(rayHitSegment({ x: 0, y: 0.25, dx: 1, dy: 0 }, seg), 0);
  assert.equal(rayHitSegment({ x: 0, y: 0.25, dx: -1, dy: 3 }, seg), 0);
  assert.equal(rayHitSegment({ x: 0, y: 1, dx: 1, dy: 0 }, seg), 0);
});

test("pointing away, passing beside an end, running along the line, or with no direction is none", () => {
  assert.equal(rayHitSegment({ x: -3, y: 0, dx: -1, dy: 0 }, seg), Infinity);
  assert.equal(rayHitSegment({ x: -3, y: 1.5, dx: 1, dy: 0 }, seg), Infinity);
  assert.equal(rayHitSegment({ x: -3, y: 1 + 2 ** -52, dx: 1, dy: 0 }, seg), Infinity);
  assert.equal(rayHitSegment({ x: 0, y: -5, dx: 0, dy: 1 }, seg), Infinity);
  assert.equal(rayHitSegment({ x: 0, y: 0, dx: 0, dy: 1 }, seg), Infinity);
  assert.equal(rayHitSegment({ x: 1, y: -5, dx: 0, dy: 1 }, seg), Infinity);
  assert.equal(rayHitSegment({ x: 0, y: 0, dx: 0, dy: 0 }, seg), Infinity);
  assert.equal(rayHitSegment({ x: -1, y: 0, dx: 1, dy: 0 }, { ax: 0, ay: 0, bx: 0, by: 0 }), Infinity);
});

test("a crossing exactly through an end point is a hit on that vertex; maxS cuts the ray", () => {
  const h = raycastSegment({ x: -3, y: 1, dx: 1, dy: 0 }, seg) as WallHit2;
  assert.deepEqual(h, { t: 3, px: 0, py: 1, nx: 1, ny: 0, feature: FEATURE_VERTEX, index: 1 });
  const g = raycastSegment({ x: 2, y: -2, dx: -1, dy: 1 }, seg) as WallHit2;
  assert.deepEqual(g, { t: 2, px: 0, py: 0, nx: -1, ny: 0, feature: FEATURE_INTERIOR, index: 0 });
  assert.equal(raycastSegment({ x: 2, y: -2, dx: -1, dy: 1 }, seg, 1.5), null);
  assert.equal(rayHitSegment({ x: -3, y: 0, dx: 1, dy: 0 }, seg, 3), 3);
  assert.equal(rayHitSegment({ x: -3, y: 0, dx: 1, dy: 0 }, seg, 2.999), Infinity);
});

test("the hit's normal is the segment's unit normal turned along the ray, with no negative zero", () => {
  const h: WallHit2 = { t: 0, px: 0, py: 0, nx: 0, ny: 0, feature: 0, index: 0 };
  assert.equal(raycastSegmentInto(h, { x: 1, y: 5, dx: 0.5, dy: -2 }, { ax: -1, ay: 1, bx: 3, by: 4 }), true);
  assert.ok(Math.abs(Math.hypot(h.nx, h.ny) - 1) < 1e-15);
  assert.ok(h.nx * 0.5 + h.ny * -2 > 0);
  assert.ok(Math.abs(h.nx * 4 + h.ny * 3) < 1e-15);
  const v = raycastSegment({ x: 0, y: -3, dx: 0, dy: 1 }, { ax: -1, ay: 0, bx: 1, by: 0 }) as WallHit2;
  assert.ok(Object.is(v.nx, 0) && v.ny === 1);
});

/** Exact answer from BigInt: [hit, N, D] with the crossing parameter N / D. */
function exactCrossing(x: number, y: number, dx: number, dy: number, ax: number, ay: number, bx: number, by: number): { hit: boolean; N: bigint; D: bigint } {
  const { n } = toCommonIntegers([x, y, dx, dy, ax, ay, bx, by]);
  const [X, Y, DX, DY, AX, AY, BX, BY] = n;
  const ex = BX - AX, ey = BY - AY;
  const D = ex * DY - ey * DX;
  let N = ex * (AY - Y) - ey * (AX - X);
  const miss = { hit: false, N: 0n, D: 1n };
  if ((ex === 0n && ey === 0n) || D === 0n) return miss;
  if (N !== 0n && N > 0n !== D > 0n) return miss;
  const ga = DX * (AY - Y) - DY * (AX - X);
  const gb = DX * (BY - Y) - DY * (BX - X);
  if ((ga > 0n && gb > 0n) || (ga < 0n && gb < 0n)) return miss;
  let Dp = D;
  if (Dp < 0n) { Dp = -Dp; N = -N; }
  return { hit: true, N, D: Dp };
}

/** A double with a random mantissa and a random exponent in [lo, hi]. */
function wild(rnd: Random, lo: number, hi: number): number {
  return (rnd.next() < 0.5 ? -1 : 1) * (1 + rnd.next()) * 2 ** (lo + rnd.int(hi - lo + 1));
}

test("hits and misses equal a BigInt exact reference, and hit parameters are within an ulp, on 20000 rays including near-parallel, near-end and near-line cases", (ctx) => {
  const rnd = new Random(71);
  let hits = 0, worst = 0, ends = 0, onLine = 0;
  for (let i = 0; i < 20000; i++) {
    const f = 2 ** (rnd.int(80) - 40);
    let ax = rnd.range(-4, 4) * f, ay = rnd.range(-4, 4) * f, bx = rnd.range(-4, 4) * f, by = rnd.range(-4, 4) * f;
    let x = rnd.range(-8, 8) * f, y = rnd.range(-8, 8) * f;
    let dx = wild(rnd, -20, 20), dy = wild(rnd, -20, 20);
    const kind = rnd.int(6);
    if (kind === 1) {
      // aim at a point of the segment (often exactly an end)
      const u = rnd.next() < 0.3 ? rnd.int(2) : rnd.next();
      dx = ax + u * (bx - ax) - x;
      dy = ay + u * (by - ay) - y;
    } else if (kind === 2) {
      // nearly parallel to the segment
      dx = (bx - ax) * (1 + 2 ** -50 * (rnd.int(5) - 2));
      dy = by - ay;
    } else if (kind === 3) {
      // origin on (or an ulp off) the segment's line
      const u = rnd.range(-0.5, 1.5);
      x = ax + u * (bx - ax);
      y = ay + u * (by - ay);
      if (rnd.next() < 0.5) x *= 1 + 2 ** -52;
    } else if (kind === 4) {
      // mixed magnitudes
      ax = wild(rnd, -60, 60); ay = wild(rnd, -60, 60); bx = wild(rnd, -60, 60); by = wild(rnd, -60, 60);
      x = wild(rnd, -60, 60); y = wild(rnd, -60, 60);
    } else if (kind === 5) {
      // integer grid: exact end-point crossings and exact zeros
      ax = rnd.int(9) - 4; ay = rnd.int(9) - 4; bx = rnd.int(9) - 4; by = rnd.int(9) - 4;
      x = rnd.int(9) - 4; y = rnd.int(9) - 4; dx = rnd.int(5) - 2; dy = rnd.int(5) - 2;
    }
    const got = rayHitSegmentRaw(x, y, dx, dy, ax, ay, bx, by, Infinity);
    const ref = exactCrossing(x, y, dx, dy, ax, ay, bx, by);
    const what = `case ${i}: ${JSON.stringify([x, y, dx, dy, ax, ay, bx, by])}`;
    if (!ref.hit) {
      assert.equal(got, Infinity, what);
      continue;
    }
    assert.notEqual(got, Infinity, what);
    hits++;
    if (ref.N === 0n) {
      onLine++;
      assert.equal(got, 0, what);
      continue;
    }
    const h = raycastSegment({ x, y, dx, dy }, { ax, ay, bx, by }) as WallHit2;
    if (h.feature === FEATURE_VERTEX) ends++;
    const err = ulpDistance(got, ref.N, ref.D);
    worst = Math.max(worst, err);
    assert.ok(err <= 1, `${what}: ${err} ulp`);
  }
  ctx.diagnostic(`${hits} hits (${ends} through an end, ${onLine} from the line), worst ${worst} ulp`);
  assert.ok(hits > 5000 && ends > 100 && onLine > 50, `${hits} hits, ${ends} ends, ${onLine} on the line`);
});

test("scaling every input by a power of two keeps the parameter bit for bit, from 2^-1000 to 2^1000, and swapping the ends changes nothing", () => {
  const rnd = new Random(72);
  for (let i = 0; i < 2000; i++) {
    const v = [rnd.range(-8, 8), rnd.range(-8, 8), rnd.range(-3, 3), rnd.range(-3, 3), rnd.range(-4, 4), rnd.range(-4, 4), rnd.range(-4, 4), rnd.range(-4, 4)];
    const t = rayHitSegmentRaw(v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7], Infinity);
    assert.equal(rayHitSegmentRaw(v[0], v[1], v[2], v[3], v[6], v[7], v[4], v[5], Infinity), t, `case ${i} swapped`);
    for (const k of [-1000, -600, -300, 300, 600, 1000]) {
      const s = 2 ** k;
      assert.equal(rayHitSegmentRaw(v[0] * s, v[1] * s, v[2] * s, v[3] * s, v[4] * s, v[5] * s, v[6] * s, v[7] * s, Infinity), t, `case ${i}, scale 2^${k}`);
    }
    // the direction alone scaled: the parameter scales inversely
    if (t !== Infinity && t !== 0) assert.equal(rayHitSegmentRaw(v[0], v[1], v[2] * 2 ** 500, v[3] * 2 ** 500, v[4], v[5], v[6], v[7], Infinity), t * 2 ** -500, `case ${i}, direction`);
  }
});

test("coordinates near the largest double neither overflow nor give NaN", () => {
  const M = 1.7e308;
  assert.equal(rayHitSegment({ x: -M, y: 0, dx: 1e308, dy: 0 }, { ax: M, ay: -M, bx: M, by: M }), 3.4);
  const h = raycastSegment({ x: -M, y: 0, dx: 1e308, dy: 0 }, { ax: M, ay: -M, bx: M, by: M }) as WallHit2;
  assert.deepEqual([h.nx, h.ny], [1, 0]);
  assert.equal(rayHitSegment({ x: 0, y: 0, dx: 5e-324, dy: 0 }, { ax: 1e-323, ay: -5e-324, bx: 1e-323, by: 5e-324 }), 2);
});

test("bad input throws a RangeError naming the argument, field and value", () => {
  assert.throws(() => rayHitSegment({ x: 0, y: NaN, dx: 1, dy: 0 }, seg), /ray\.y must be a finite number, got NaN/);
  assert.throws(() => rayHitSegment({ x: 0, y: 0, dx: 1, dy: 0 }, { ax: 0, ay: 0, bx: Infinity, by: 0 }), /segment\.bx must be a finite number, got Infinity/);
  assert.throws(() => rayHitSegment({ x: 0, y: 0, dx: 1, dy: 0 }, seg, -1), /tMax must be a number >= 0, got -1/);
});
