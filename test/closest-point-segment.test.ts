import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { closestParameterOnSegmentRaw, closestPointOnSegment, closestPointOnSegmentInto } from "../src/query/closest-point-segment.js";
import type { SegmentClosestPoint } from "../src/query/types-geometry2.js";
import { Random } from "./support/random.js";
import { ulp } from "./support/brute-force-2d.js";
import { isqrt, rationalToDouble, toCommonIntegers } from "./support/exact.js";

const seg = { ax: 0, ay: 0, bx: 10, by: 0 };

test("a point abreast of the segment projects onto its interior", () => {
  assert.deepEqual(closestPointOnSegment(seg, { x: 3, y: 4 }), { s: 0.3, x: 3, y: 0, distance: 4 });
  assert.deepEqual(closestPointOnSegment({ ax: 0, ay: 0, bx: 3, by: 4 }, { x: 4, y: -3 }), { s: 0, x: 0, y: 0, distance: 5 });
  assert.deepEqual(closestPointOnSegment({ ax: 0, ay: 0, bx: 6, by: 8 }, { x: 7, y: 1 }), { s: 0.5, x: 3, y: 4, distance: 5 });
});

test("beyond an end the end itself is nearest, exactly", () => {
  assert.deepEqual(closestPointOnSegment(seg, { x: -3, y: 4 }), { s: 0, x: 0, y: 0, distance: 5 });
  assert.deepEqual(closestPointOnSegment(seg, { x: 13, y: -4 }), { s: 1, x: 10, y: 0, distance: 5 });
  assert.deepEqual(closestPointOnSegment(seg, { x: 10, y: 2 }), { s: 1, x: 10, y: 0, distance: 2 });
});

test("a segment of zero length is its point, with s = 0", () => {
  assert.deepEqual(closestPointOnSegment({ ax: 1, ay: 1, bx: 1, by: 1 }, { x: 4, y: 5 }), { s: 0, x: 1, y: 1, distance: 5 });
  assert.deepEqual(closestPointOnSegment({ ax: 1, ay: 1, bx: 1, by: 1 }, { x: 1, y: 1 }), { s: 0, x: 1, y: 1, distance: 0 });
});

test("a point on the segment has distance 0", () => {
  assert.deepEqual(closestPointOnSegment(seg, { x: 2.5, y: 0 }), { s: 0.25, x: 2.5, y: 0, distance: 0 });
});

test("huge and tiny scales keep full accuracy (rescaled before squaring)", () => {
  const f = 2 ** 600;
  assert.deepEqual(closestPointOnSegment({ ax: 0, ay: 0, bx: 10 * f, by: 0 }, { x: 3 * f, y: 4 * f }), { s: 0.3, x: 3 * f, y: 0, distance: 4 * f });
  const g = 2 ** -600;
  assert.deepEqual(closestPointOnSegment({ ax: 0, ay: 0, bx: 10 * g, by: 0 }, { x: 3 * g, y: 4 * g }), { s: 0.3, x: 3 * g, y: 0, distance: 4 * g });
});

test("bad input throws a RangeError naming the argument, field and value", () => {
  assert.throws(() => closestPointOnSegment({ ...seg, ay: NaN }, { x: 0, y: 0 }), /segment\.ay must be a finite number, got NaN/);
  assert.throws(() => closestPointOnSegment(seg, { x: 0, y: Infinity }), /point\.y must be a finite number, got Infinity/);
});

test("the Into twin writes to out and returns it", () => {
  const out: SegmentClosestPoint = { s: -1, x: -1, y: -1, distance: -1 };
  assert.equal(closestPointOnSegmentInto(out, seg, { x: 3, y: 4 }), out);
  assert.deepEqual(out, { s: 0.3, x: 3, y: 0, distance: 4 });
});

test("s and the distance are within 2 ulps of a BigInt exact reference on 5000 random points", (ctx) => {
  const rnd = new Random(12);
  let worstS = 0;
  let worstD = 0;
  for (let i = 0; i < 5000; i++) {
    const f = 2 ** (rnd.int(80) - 40);
    const o = rnd.next() < 0.3 ? rnd.range(-1e4, 1e4) : 0;
    const s = { ax: rnd.range(-2, 2) * f + o, ay: rnd.range(-2, 2) * f, bx: rnd.range(-2, 2) * f + o, by: rnd.range(-2, 2) * f };
    // Points close to the segment too, where a naive distance would cancel.
    const near = rnd.next() < 0.5;
    const u = rnd.range(-0.2, 1.2);
    const p = near
      ? { x: s.ax + u * (s.bx - s.ax) + rnd.logUniform(1e-12, 1e-3) * f, y: s.ay + u * (s.by - s.ay) + rnd.logUniform(1e-12, 1e-3) * f }
      : { x: rnd.range(-3, 3) * f + o, y: rnd.range(-3, 3) * f };
    const got = closestPointOnSegment(s, p);
    const { n } = toCommonIntegers([s.ax, s.ay, s.bx, s.by, p.x, p.y]);
    const [ax, ay, bx, by, px, py] = n;
    const ex = bx - ax;
    const ey = by - ay;
    const dx = px - ax;
    const dy = py - ay;
    const num = dx * ex + dy * ey;
    const den = ex * ex + ey * ey;
    let refS: number;
    let d2num: bigint;
    let d2den = 1n;
    if (den === 0n || num <= 0n) {
      refS = 0;
      d2num = dx * dx + dy * dy;
    } else if (num >= den) {
      refS = 1;
      d2num = (px - bx) * (px - bx) + (py - by) * (py - by);
    } else {
      refS = rationalToDouble(num, den);
      const cross = ex * dy - ey * dx;
      d2num = cross * cross;
      d2den = den;
    }
    // distance = sqrt(d2num / d2den) * 2^E, via an integer square root 200 bits beyond the point.
    const P = 200n;
    const { E } = toCommonIntegers([s.ax, s.ay, s.bx, s.by, p.x, p.y]);
    const root = isqrt((d2num << (2n * P)) / d2den);
    const refD = root === 0n ? 0 : rationalToDouble(root, 1n << P) * 2 ** E;
    const es = refS === 0 ? got.s : Math.abs(got.s - refS) / ulp(refS);
    const ed = refD === 0 ? got.distance : Math.abs(got.distance - refD) / ulp(refD);
    worstS = Math.max(worstS, es);
    worstD = Math.max(worstD, ed);
  }
  ctx.diagnostic(`worst s ${worstS} ulp, worst distance ${worstD} ulp`);
  assert.ok(worstS <= 2 && worstD <= 2, `s ${worstS} ulp, distance ${worstD} ulp`);
});

test("property: the clamped parameter minimises the distance over samples of the segment", () => {
  const coord = fc.integer({ min: -256, max: 256 }).map((n) => n / 64);
  fc.assert(
    fc.property(coord, coord, coord, coord, coord, coord, (ax, ay, bx, by, px, py) => {
      const s = closestParameterOnSegmentRaw(ax, ay, bx, by, px, py);
      if (!(s >= 0 && s <= 1)) return false;
      const d = (u: number) => Math.hypot(ax + u * (bx - ax) - px, ay + u * (by - ay) - py);
      const ds = d(s);
      for (let i = 0; i <= 32; i++) if (d(i / 32) < ds - 1e-12) return false;
      // Reversing the segment gives 1 - s (up to rounding).
      const r = closestParameterOnSegmentRaw(bx, by, ax, ay, px, py);
      return (ax === bx && ay === by) || Math.abs(1 - r - s) <= 4 * 2 ** -53;
    }),
    { seed: 42, numRuns: 3000 },
  );
});
