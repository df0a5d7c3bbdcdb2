import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { sweepCirclePolyline, sweepCirclePolylineInto, sweepCirclePolylineRaw, timeOfImpactCirclePolyline, toiCirclePolylineRaw } from "../src/query/sweep-circle-polyline.js";
import { toiCircleSegmentRaw } from "../src/query/sweep-circle-segment.js";
import { FEATURE_INTERIOR, FEATURE_VERTEX } from "../src/query/types.js";
import type { WallHit2 } from "../src/query/types.js";
import { Random } from "./support/random.js";
import { distanceToSegment, firstContact, ulp } from "./support/brute-force-2d.js";

// A zigzag: (0, 0) - (4, 0) - (6, 2) - (10, 0).
const zigzag = [0, 0, 4, 0, 6, 2, 10, 0];
const newHit = (): WallHit2 => ({ t: 0, px: 0, py: 0, nx: 0, ny: 0, feature: 0, index: 0 });

test("the first segment in the way is reported by its number", () => {
  assert.deepEqual(sweepCirclePolyline({ x: 2, y: 3, vx: 0, vy: -4, r: 1 }, zigzag), { t: 0.5, px: 2, py: 0, nx: 0, ny: -1, feature: FEATURE_INTERIOR, index: 0 });
  assert.deepEqual(sweepCirclePolyline({ x: 8, y: -3, vx: 0, vy: 4, r: 1 }, zigzag)?.index, 2);
});

test("a circle falling onto the peak hits vertex 2, shared by segments 1 and 2", () => {
  const hit = sweepCirclePolyline({ x: 6, y: 5, vx: 0, vy: -4, r: 1 }, zigzag);
  assert.deepEqual(hit, { t: 0.5, px: 6, py: 2, nx: 0, ny: -1, feature: FEATURE_VERTEX, index: 2 });
});

test("the chain's ends are vertices 0 and n - 1", () => {
  assert.deepEqual(sweepCirclePolyline({ x: -3, y: 0, vx: 4, vy: 0, r: 1 }, zigzag)?.index, 0);
  const hit = sweepCirclePolyline({ x: 13, y: 0, vx: -4, vy: 0, r: 1 }, zigzag);
  assert.deepEqual([hit?.t, hit?.feature, hit?.index], [0.5, FEATURE_VERTEX, 3]);
});

test("the earliest contact wins over segments listed before it", () => {
  // Segment 0 is far, segment 1 is near.
  const hit = sweepCirclePolyline({ x: 0, y: 0, vx: 0, vy: 10, r: 1 }, [-5, 8, 5, 8, 5, 3, -5, 3]);
  assert.ok(hit);
  assert.equal(hit.t, 0.2);
  assert.equal(hit.index, 2);
});

test("a circle sliding along one segment into the next is stopped at the corner", () => {
  // An L: along the floor (0, 0) - (10, 0), up the wall (10, 0) - (10, 10). Sliding along the
  // floor at exactly distance r, the circle meets the wall when its centre reaches x = 9.
  const hit = sweepCirclePolyline({ x: 5, y: 1, vx: 8, vy: 0, r: 1 }, [0, 0, 10, 0, 10, 10]);
  assert.deepEqual(hit, { t: 0.5, px: 10, py: 1, nx: 1, ny: 0, feature: FEATURE_INTERIOR, index: 1 });
});

test("a closed outline (first vertex repeated) catches a circle from inside", () => {
  const square = [0, 0, 4, 0, 4, 4, 0, 4, 0, 0];
  const hit = sweepCirclePolyline({ x: 2, y: 2, vx: -4, vy: 0, r: 1 }, square);
  assert.deepEqual(hit, { t: 0.25, px: 0, py: 2, nx: -1, ny: 0, feature: FEATURE_INTERIOR, index: 3 });
});

test("a two-vertex polyline is the segment", () => {
  const rnd = new Random(3);
  for (let i = 0; i < 500; i++) {
    const c = [rnd.range(-3, 3), rnd.range(-3, 3), rnd.range(-5, 5), rnd.range(-5, 5), rnd.range(0, 1)];
    const s = [rnd.range(-2, 2), rnd.range(-2, 2), rnd.range(-2, 2), rnd.range(-2, 2)];
    assert.equal(toiCirclePolylineRaw(c[0], c[1], c[2], c[3], c[4], s, 1), toiCircleSegmentRaw(c[0], c[1], c[2], c[3], c[4], s[0], s[1], s[2], s[3], 1));
  }
});

test("misses, grazes and contacts after tMax are none", () => {
  assert.equal(sweepCirclePolyline({ x: 2, y: 3, vx: 0, vy: 4, r: 1 }, zigzag), null);
  assert.equal(sweepCirclePolyline({ x: -5, y: 1, vx: 4, vy: 0, r: 1 }, [0, 0, 4, 0, 8, 0], 10), null);
  assert.equal(timeOfImpactCirclePolyline({ x: 2, y: 9, vx: 0, vy: -4, r: 1 }, zigzag), Infinity);
  assert.equal(timeOfImpactCirclePolyline({ x: 2, y: 9, vx: 0, vy: -4, r: 1 }, zigzag, 2), 2);
});

test("accepts a Float64Array of coordinates", () => {
  assert.equal(timeOfImpactCirclePolyline({ x: 2, y: 3, vx: 0, vy: -4, r: 1 }, new Float64Array(zigzag)), 0.5);
});

test("bad input throws a RangeError naming the argument and value", () => {
  const c = { x: 0, y: 0, vx: 1, vy: 0, r: 1 };
  assert.throws(() => timeOfImpactCirclePolyline(c, [0, 0, 1]), /polyline\.length must be an even number >= 4 .*got 3/);
  assert.throws(() => timeOfImpactCirclePolyline(c, [0, 0]), /polyline\.length must be an even number >= 4 .*got 2/);
  assert.throws(() => timeOfImpactCirclePolyline(c, [0, 0, 1, NaN]), /polyline\[3\] must be a finite number, got NaN/);
  assert.throws(() => timeOfImpactCirclePolyline(c, null as never), /polyline must be an array of coordinates/);
  assert.throws(() => timeOfImpactCirclePolyline({ ...c, x: Infinity }, zigzag), /circle\.x must be a finite number, got Infinity/);
});

test("the Into twin fills out on a hit and leaves it untouched on a miss", () => {
  const out: WallHit2 = { t: -1, px: -1, py: -1, nx: -1, ny: -1, feature: -1, index: -1 };
  assert.equal(sweepCirclePolylineInto(out, { x: 2, y: 3, vx: 0, vy: 4, r: 1 }, zigzag), false);
  assert.deepEqual(out, { t: -1, px: -1, py: -1, nx: -1, ny: -1, feature: -1, index: -1 });
  assert.equal(sweepCirclePolylineInto(out, { x: 2, y: 3, vx: 0, vy: -4, r: 1 }, zigzag), true);
  assert.deepEqual(out, { t: 0.5, px: 2, py: 0, nx: 0, ny: -1, feature: FEATURE_INTERIOR, index: 0 });
});

function randomPolyline(rnd: Random): number[] {
  const n = 2 + rnd.int(6);
  const coords: number[] = [];
  for (let i = 0; i < n; i++) coords.push(rnd.range(-3, 3), rnd.range(-3, 3));
  return coords;
}

test("agrees with the smallest of per-segment brute-force contacts on 2000 random cases", (ctx) => {
  const rnd = new Random(11);
  let compared = 0;
  let hits = 0;
  let skipped = 0;
  const out = newHit();
  for (let i = 0; i < 2000; i++) {
    const poly = randomPolyline(rnd);
    const c = { x: rnd.range(-4, 4), y: rnd.range(-4, 4), vx: rnd.range(-6, 6), vy: rnd.range(-6, 6), r: rnd.int(8) === 0 ? 0 : rnd.range(0, 1) };
    if (rnd.next() < 0.5) {
      // Aim near a random vertex, so that hits are common.
      const j = 2 * rnd.int(poly.length / 2);
      c.vx = (poly[j] + rnd.range(-1, 1) - c.x) * rnd.range(0.5, 2);
      c.vy = (poly[j + 1] + rnd.range(-1, 1) - c.y) * rnd.range(0.5, 2);
    }
    let refT = Infinity;
    let ambiguous = false;
    for (let j = 0; j + 3 < poly.length; j += 2) {
      const D = (t: number) => distanceToSegment(c.x + t * c.vx, c.y + t * c.vy, poly[j], poly[j + 1], poly[j + 2], poly[j + 3]);
      const ref = firstContact(D, c.r, 1, 4);
      if (ref.ambiguous) ambiguous = true;
      refT = Math.min(refT, ref.t);
    }
    if (ambiguous) {
      skipped++;
      continue;
    }
    compared++;
    const hit = sweepCirclePolylineRaw(out, c.x, c.y, c.vx, c.vy, c.r, poly, 1);
    if (refT === Infinity) {
      assert.equal(hit, false, `case ${i}`);
      continue;
    }
    hits++;
    assert.ok(hit, `case ${i}`);
    assert.ok(Math.abs(out.t - refT) <= 1e-9, `case ${i}: expected ${refT}, got ${out.t}`);
    // The reported feature belongs to a segment that is at distance r (or overlapping) at t.
    const seg = out.feature === FEATURE_VERTEX ? Math.min(out.index, poly.length / 2 - 2) : out.index;
    const d = distanceToSegment(c.x + out.t * c.vx, c.y + out.t * c.vy, poly[2 * seg], poly[2 * seg + 1], poly[2 * seg + 2], poly[2 * seg + 3]);
    const dPrev = seg > 0 ? distanceToSegment(c.x + out.t * c.vx, c.y + out.t * c.vy, poly[2 * seg - 2], poly[2 * seg - 1], poly[2 * seg], poly[2 * seg + 1]) : Infinity;
    assert.ok(Math.min(d, dPrev) <= c.r + 1e-9, `case ${i}`);
  }
  ctx.diagnostic(`${compared} compared (${hits} hits), ${skipped} skipped`);
  assert.ok(hits > 700 && skipped < 200, `${hits} hits, ${skipped} skipped`);
});

const coord = fc.integer({ min: -256, max: 256 }).map((n) => n / 64);
const speed = fc.integer({ min: -512, max: 512 }).map((n) => n / 64);
const radius = fc.integer({ min: 0, max: 96 }).map((n) => n / 64);

test("property: reversing the polyline gives the same time, and translation changes nothing", () => {
  fc.assert(
    fc.property(
      fc.record({ x: coord, y: coord, vx: speed, vy: speed, r: radius }),
      fc.array(coord, { minLength: 4, maxLength: 12 }).filter((a) => a.length % 2 === 0),
      fc.integer({ min: -1000, max: 1000 }),
      (c, poly, o) => {
        const t = toiCirclePolylineRaw(c.x, c.y, c.vx, c.vy, c.r, poly, 1);
        const rev: number[] = [];
        for (let i = poly.length - 2; i >= 0; i -= 2) rev.push(poly[i], poly[i + 1]);
        const tr = toiCirclePolylineRaw(c.x, c.y, c.vx, c.vy, c.r, rev, 1);
        const moved = poly.map((v) => v + o);
        const tm = toiCirclePolylineRaw(c.x + o, c.y + o, c.vx, c.vy, c.r, moved, 1);
        const close = (a: number, b: number) => a === b || Math.abs(a - b) <= 2 * ulp(a);
        return close(t, tr) && close(t, tm);
      },
    ),
    { seed: 42, numRuns: 2000 },
  );
});
