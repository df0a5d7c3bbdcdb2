import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import fc from "fast-check";
import { pointCrossingBox2, pointCrossingBox2Into, pointCrossingBox2Raw, pointCrossingBox2Result } from "../src/query/ray-box2.js";
import type { BoxCrossing2 } from "../src/query/types-geometry2.js";
import { Random } from "./support/random.js";
import { signedDistanceToBox, ulp } from "./support/brute-force-2d.js";
import { rationalToDouble, toCommonIntegers } from "./support/exact.js";

const box = { minX: 0, minY: 0, maxX: 1, maxY: 1 };

test("a horizontal path enters through the left side and leaves through the right", () => {
  assert.deepEqual(pointCrossingBox2({ x: -1, y: 0.5, vx: 4, vy: 0 }, box), { tEnter: 0.25, tExit: 0.5, enterSide: 3, exitSide: 1 });
  assert.deepEqual(pointCrossingBox2({ x: 2, y: 0.5, vx: -4, vy: 0 }, box), { tEnter: 0.25, tExit: 0.5, enterSide: 1, exitSide: 3 });
});

test("a vertical path enters through the bottom and leaves through the top", () => {
  assert.deepEqual(pointCrossingBox2({ x: 0.5, y: -1, vx: 0, vy: 4 }, box), { tEnter: 0.25, tExit: 0.5, enterSide: 0, exitSide: 2 });
  assert.deepEqual(pointCrossingBox2({ x: 0.5, y: 2, vx: 0, vy: -4 }, box), { tEnter: 0.25, tExit: 0.5, enterSide: 2, exitSide: 0 });
});

test("a diagonal path enters by the later slab and leaves by the earlier one", () => {
  // x slab during [0.25, 0.75], y slab during [0.5, 1.5]: inside during [0.5, 0.75].
  assert.deepEqual(pointCrossingBox2({ x: -0.5, y: -1, vx: 2, vy: 2 }, box, 2), { tEnter: 0.5, tExit: 0.75, enterSide: 0, exitSide: 1 });
});

test("starting inside gives tEnter 0 with no side; still inside at tMax gives tExit tMax with no side", () => {
  assert.deepEqual(pointCrossingBox2({ x: 0.5, y: 0.5, vx: 1, vy: 0 }, box), { tEnter: 0, tExit: 0.5, enterSide: -1, exitSide: 1 });
  assert.deepEqual(pointCrossingBox2({ x: 0.5, y: 0.5, vx: 0.25, vy: 0 }, box), { tEnter: 0, tExit: 1, enterSide: -1, exitSide: -1 });
  assert.deepEqual(pointCrossingBox2({ x: -1, y: 0.5, vx: 1.5, vy: 0 }, box), { tEnter: 2 / 3, tExit: 1, enterSide: 3, exitSide: -1 });
});

test("a point at rest: [0, tMax] strictly inside, none on the boundary or outside", () => {
  assert.deepEqual(pointCrossingBox2({ x: 0.5, y: 0.5, vx: 0, vy: 0 }, box, 3), { tEnter: 0, tExit: 3, enterSide: -1, exitSide: -1 });
  assert.equal(pointCrossingBox2({ x: 0, y: 0.5, vx: 0, vy: 0 }, box), null);
  assert.equal(pointCrossingBox2({ x: 2, y: 0.5, vx: 0, vy: 0 }, box), null);
});

test("axis-parallel paths on a slab boundary give no NaN: running along a side is a graze", () => {
  assert.equal(pointCrossingBox2({ x: -1, y: 0, vx: 4, vy: 0 }, box), null);
  assert.equal(pointCrossingBox2({ x: -1, y: 1, vx: 4, vy: 0 }, box), null);
  assert.equal(pointCrossingBox2({ x: 0, y: -1, vx: 0, vy: 4 }, box), null);
  assert.equal(pointCrossingBox2({ x: 1, y: 0.5, vx: 0, vy: 4 }, box), null);
  // Inside the other slab, the usual answer, exact.
  assert.deepEqual(pointCrossingBox2({ x: 1e-300, y: -1, vx: 0, vy: 4 }, box), { tEnter: 0.25, tExit: 0.5, enterSide: 0, exitSide: 2 });
});

test("on the boundary at t = 0: heading in enters at 0 through that side, heading out is none", () => {
  assert.deepEqual(pointCrossingBox2({ x: 0, y: 0.5, vx: 2, vy: 0 }, box), { tEnter: 0, tExit: 0.5, enterSide: 3, exitSide: 1 });
  assert.equal(pointCrossingBox2({ x: 0, y: 0.5, vx: -2, vy: 0 }, box), null);
});

test("through a corner: entering is a crossing (x side), touching from outside is a graze", () => {
  assert.deepEqual(pointCrossingBox2({ x: -1, y: -1, vx: 4, vy: 4 }, box), { tEnter: 0.25, tExit: 0.5, enterSide: 3, exitSide: 1 });
  assert.equal(pointCrossingBox2({ x: -1, y: 1, vx: 4, vy: -4 }, box), null);
  assert.equal(pointCrossingBox2({ x: 2, y: 0, vx: -4, vy: 4 }, box), null);
});

test("a box of zero width is crossed at an instant strictly between its ends", () => {
  const wall = { minX: 1, minY: 0, maxX: 1, maxY: 2 };
  assert.deepEqual(pointCrossingBox2({ x: 0, y: 1, vx: 2, vy: 0 }, wall), { tEnter: 0.5, tExit: 0.5, enterSide: 3, exitSide: 1 });
  assert.deepEqual(pointCrossingBox2({ x: 0, y: 0, vx: 2, vy: 2 }, wall), { tEnter: 0.5, tExit: 0.5, enterSide: 3, exitSide: 1 });
  assert.equal(pointCrossingBox2({ x: 0, y: 2, vx: 2, vy: 0 }, wall), null);
  assert.equal(pointCrossingBox2({ x: 1, y: -1, vx: 0, vy: 2 }, wall), null);
  // A box of zero size (a point) is only ever grazed.
  assert.equal(pointCrossingBox2({ x: 0, y: 0, vx: 2, vy: 2 }, { minX: 1, minY: 1, maxX: 1, maxY: 1 }), null);
});

test("behind the start, or after tMax, is none; exactly at tMax counts", () => {
  assert.equal(pointCrossingBox2({ x: 2, y: 0.5, vx: 4, vy: 0 }, box), null);
  assert.equal(pointCrossingBox2({ x: -5, y: 0.5, vx: 4, vy: 0 }, box), null);
  assert.deepEqual(pointCrossingBox2({ x: -5, y: 0.5, vx: 4, vy: 0 }, box, 1.25), { tEnter: 1.25, tExit: 1.25, enterSide: 3, exitSide: -1 });
  assert.deepEqual(pointCrossingBox2({ x: -5, y: 0.5, vx: 4, vy: 0 }, box, Infinity), { tEnter: 1.25, tExit: 1.5, enterSide: 3, exitSide: 1 });
});

test("bad input throws a RangeError naming the argument, field and value", () => {
  assert.throws(() => pointCrossingBox2({ x: NaN, y: 0, vx: 1, vy: 0 }, box), /point\.x must be a finite number, got NaN/);
  assert.throws(() => pointCrossingBox2({ x: 0, y: 0, vx: 1, vy: -Infinity }, box), /point\.vy must be a finite number, got -Infinity/);
  assert.throws(() => pointCrossingBox2({ x: 0, y: 0, vx: 1, vy: 0 }, { minX: 0, minY: 1, maxX: 1, maxY: 0 }), /box\.minY must be <= box\.maxY, got minY 1 > maxY 0/);
  assert.throws(() => pointCrossingBox2({ x: 0, y: 0, vx: 1, vy: 0 }, box, -0.5), /tMax must be a number >= 0, got -0.5/);
});

test("the Into twin fills out on a crossing and leaves it untouched otherwise", () => {
  const out: BoxCrossing2 = { tEnter: -1, tExit: -1, enterSide: -2, exitSide: -2 };
  assert.equal(pointCrossingBox2Into(out, { x: 2, y: 0.5, vx: 4, vy: 0 }, box), false);
  assert.deepEqual(out, { tEnter: -1, tExit: -1, enterSide: -2, exitSide: -2 });
  assert.equal(pointCrossingBox2Into(out, { x: -1, y: 0.5, vx: 4, vy: 0 }, box), true);
  assert.deepEqual(out, { tEnter: 0.25, tExit: 0.5, enterSide: 3, exitSide: 1 });
});

test("agrees with a brute force on the signed distance (bisection) on 5000 random paths", (ctx) => {
  const rnd = new Random(8);
  let crossings = 0;
  let compared = 0;
  for (let i = 0; i < 5000; i++) {
    const x0 = rnd.range(-2, 2);
    const y0 = rnd.range(-2, 2);
    const b = { minX: x0, minY: y0, maxX: x0 + rnd.range(0.1, 2), maxY: y0 + rnd.range(0.1, 2) };
    const p = { x: rnd.range(-4, 4), y: rnd.range(-4, 4), vx: rnd.range(-6, 6), vy: rnd.range(-6, 6) };
    if (rnd.next() < 0.5) {
      // Aim near the box, so that crossings are common.
      p.vx = (rnd.range(b.minX - 0.5, b.maxX + 0.5) - p.x) * rnd.range(0.3, 2);
      p.vy = (rnd.range(b.minY - 0.5, b.maxY + 0.5) - p.y) * rnd.range(0.3, 2);
    }
    if (rnd.int(8) === 0) p.vx = 0;
    if (rnd.int(8) === 0) p.vy = 0;
    const D = (t: number) => signedDistanceToBox(p.x + t * p.vx, p.y + t * p.vy, b.minX, b.minY, b.maxX, b.maxY);
    // Inside (D < 0) during one interval: find a time inside by sampling, then bisect both ends.
    let inside = -1;
    for (let k = 0; k <= 512; k++) if (D(k / 512) < 0) { inside = k / 512; break; }
    const got = pointCrossingBox2Raw(p.x, p.y, p.vx, p.vy, b.minX, b.minY, b.maxX, b.maxY, 1);
    if (inside < 0) {
      // Missed by sampling: either no crossing, or one shorter than 1/512 (check with the exact answer).
      if (got) assert.ok(pointCrossingBox2Result[1] - pointCrossingBox2Result[0] < 1 / 256, `case ${i}`);
      continue;
    }
    compared++;
    assert.ok(got, `case ${i}: expected a crossing`);
    crossings++;
    let lo = 0;
    let hi = inside;
    let enter = 0;
    if (D(0) >= 0) {
      for (let k = 0; k < 100; k++) { const m = (lo + hi) / 2; if (D(m) < 0) hi = m; else lo = m; }
      enter = hi;
    }
    lo = inside;
    hi = 1;
    let exit = 1;
    if (D(1) >= 0) {
      for (let k = 0; k < 100; k++) { const m = (lo + hi) / 2; if (D(m) < 0) lo = m; else hi = m; }
      exit = lo;
    }
    assert.ok(Math.abs(pointCrossingBox2Result[0] - enter) <= 1e-12, `case ${i}: enter ${pointCrossingBox2Result[0]} vs ${enter}`);
    assert.ok(Math.abs(pointCrossingBox2Result[1] - exit) <= 1e-12, `case ${i}: exit ${pointCrossingBox2Result[1]} vs ${exit}`);
  }
  ctx.diagnostic(`${compared} crossings compared`);
  assert.ok(crossings > 900, `${crossings} crossings`);
});

test("entry and exit times are within 1 ulp of the exact rational slab times on 3000 crossings", (ctx) => {
  const rnd = new Random(9);
  let checked = 0;
  let worst = 0;
  let exact = 0;
  while (checked < 3000) {
    const f = 2 ** (rnd.int(60) - 30);
    const o = rnd.next() < 0.3 ? rnd.range(-1e6, 1e6) : 0;
    const x0 = rnd.range(-2, 2) * f + o;
    const y0 = rnd.range(-2, 2) * f - o;
    const b = { minX: x0, minY: y0, maxX: x0 + rnd.range(0.1, 2) * f, maxY: y0 + rnd.range(0.1, 2) * f };
    const p = { x: rnd.range(-4, 4) * f + o, y: rnd.range(-4, 4) * f - o, vx: rnd.range(-6, 6) * f, vy: rnd.range(-6, 6) * f };
    if (!pointCrossingBox2Raw(p.x, p.y, p.vx, p.vy, b.minX, b.minY, b.maxX, b.maxY, 1)) continue;
    const r = pointCrossingBox2Result;
    for (const [t, side] of [[r[0], r[2]], [r[1], r[3]]]) {
      if (side < 0) continue;
      const bound = side === 3 ? b.minX : side === 1 ? b.maxX : side === 0 ? b.minY : b.maxY;
      const c = side === 1 || side === 3 ? p.x : p.y;
      const v = side === 1 || side === 3 ? p.vx : p.vy;
      const { n } = toCommonIntegers([bound, c, v]);
      const ref = rationalToDouble(n[0] - n[1], n[2]);
      const err = ref === 0 ? Math.abs(t) : Math.abs(t - ref) / ulp(ref);
      worst = Math.max(worst, err);
      if (err === 0) exact++;
      checked++;
    }
  }
  ctx.diagnostic(`worst ${worst} ulp, ${exact} of ${checked} correctly rounded`);
  assert.ok(worst <= 1, `worst ${worst}`);
});

test("property: mirroring in x swaps left and right; translation by integers changes nothing", () => {
  const coord = fc.integer({ min: -256, max: 256 }).map((n) => n / 64);
  const size = fc.integer({ min: 0, max: 128 }).map((n) => n / 64);
  const speed = fc.integer({ min: -512, max: 512 }).map((n) => n / 64);
  const swap = [0, 3, 2, 1];
  fc.assert(
    fc.property(coord, coord, speed, speed, coord, coord, size, size, fc.integer({ min: -1000, max: 1000 }), (x, y, vx, vy, bx, by, w, h, o) => {
      const a = pointCrossingBox2Raw(x, y, vx, vy, bx, by, bx + w, by + h, 1) ? Array.from(pointCrossingBox2Result) : null;
      const m = pointCrossingBox2Raw(-x, y, -vx, vy, -(bx + w), by, -bx, by + h, 1) ? Array.from(pointCrossingBox2Result) : null;
      const t = pointCrossingBox2Raw(x + o, y - o, vx, vy, bx + o, by - o, bx + w + o, by + h - o, 1) ? Array.from(pointCrossingBox2Result) : null;
      if (a === null) return m === null && t === null;
      if (m === null || t === null) return false;
      const sideOf = (s: number) => (s < 0 ? s : swap[s]);
      const mirrored = a[0] === m[0] && a[1] === m[1] && sideOf(a[2]) === m[2] && sideOf(a[3]) === m[3];
      return mirrored && t[0] === a[0] && t[1] === a[1] && t[2] === a[2] && t[3] === a[3];
    }),
    { seed: 42, numRuns: 5000 },
  );
});

interface Fixture {
  name: string;
  point: { x: number; y: number; vx: number; vy: number };
  box: { minX: number; minY: number; maxX: number; maxY: number };
  tMax: number | null;
  expect: BoxCrossing2 | null;
}

test("hard cases from test/fixtures/geometry2d-point-box.json", () => {
  const fixtures = JSON.parse(readFileSync(new URL("./fixtures/geometry2d-point-box.json", import.meta.url), "utf8")) as Fixture[];
  assert.ok(fixtures.length >= 8);
  for (const f of fixtures) assert.deepEqual(pointCrossingBox2(f.point, f.box, f.tMax ?? Infinity), f.expect, f.name);
});
