import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import fc from "fast-check";
import { sweepCircleSegment, sweepCircleSegmentInto, sweepCircleSegmentRaw, timeOfImpactCircleSegment, toiCircleSegmentRaw } from "../src/query/sweep-circle-segment.js";
import { toiCirclesRaw } from "../src/query/toi-circle-circle.js";
import { FEATURE_INTERIOR, FEATURE_VERTEX } from "../src/query/types.js";
import type { WallHit2 } from "../src/query/types.js";
import { Random } from "./support/random.js";
import { distanceToSegment, firstContact, footParameter, ulp } from "./support/brute-force-2d.js";
import { isqrt, rationalToDouble, toCommonIntegers } from "./support/exact.js";

const seg = { ax: 0, ay: 0, bx: 10, by: 0 };

test("a circle falling onto the middle of a segment hits its interior at the exact time", () => {
  const hit = sweepCircleSegment({ x: 5, y: 3, vx: 0, vy: -4, r: 1 }, seg);
  assert.deepEqual(hit, { t: 0.5, px: 5, py: 0, nx: 0, ny: -1, feature: FEATURE_INTERIOR, index: 0 });
});

test("a circle rising onto a segment from below gets the upward normal", () => {
  const hit = sweepCircleSegment({ x: 2, y: -3, vx: 1, vy: 4, r: 1 }, seg);
  assert.deepEqual(hit, { t: 0.5, px: 2.5, py: 0, nx: 0, ny: 1, feature: FEATURE_INTERIOR, index: 0 });
});

test("a circle moving along the segment's line hits end a head-on", () => {
  const hit = sweepCircleSegment({ x: -3, y: 0, vx: 4, vy: 0, r: 1 }, seg);
  assert.deepEqual(hit, { t: 0.5, px: 0, py: 0, nx: 1, ny: 0, feature: FEATURE_VERTEX, index: 0 });
});

test("a circle coming in at an angle beyond end b hits the end cap b with the normal towards b", () => {
  const hit = sweepCircleSegment({ x: 16, y: 8, vx: -6, vy: -8, r: 5 }, seg);
  assert.ok(hit);
  assert.equal(hit.t, 0.5);
  assert.equal(hit.feature, FEATURE_VERTEX);
  assert.equal(hit.index, 1);
  assert.equal(hit.px, 10);
  assert.equal(hit.py, 0);
  assert.ok(Math.abs(hit.nx + 0.6) <= 2 ** -52 && Math.abs(hit.ny + 0.8) <= 2 ** -52);
});

test("a diagonal segment is hit at the time the distance to its line reaches r", () => {
  // Segment along (3, 4) / 5 through the origin; the centre starts 10 off the line along the
  // unit normal (0.8, -0.6) and moves straight at it with speed 20, so it touches at t = 1/4.
  const hit = sweepCircleSegment({ x: 8, y: -6, vx: -16, vy: 12, r: 5 }, { ax: -3, ay: -4, bx: 6, by: 8 });
  assert.ok(hit);
  assert.equal(hit.t, 0.25);
  assert.equal(hit.feature, FEATURE_INTERIOR);
  assert.ok(Math.abs(hit.nx + 0.8) <= 2 ** -52 && Math.abs(hit.ny - 0.6) <= 2 ** -52);
  assert.ok(Math.abs(hit.px) <= 1e-15 && Math.abs(hit.py) <= 1e-15);
});

test("overlapping the interior and approaching the line gives 0", () => {
  const hit = sweepCircleSegment({ x: 5, y: 0.5, vx: 1, vy: -1, r: 1 }, seg);
  assert.ok(hit);
  assert.equal(hit.t, 0);
  assert.equal(hit.feature, FEATURE_INTERIOR);
  assert.deepEqual([hit.nx, hit.ny, hit.px, hit.py], [0, -1, 5, 0]);
});

test("overlapping the interior and moving away from the line gives none", () => {
  assert.equal(sweepCircleSegment({ x: 5, y: 0.5, vx: 1, vy: 1, r: 1 }, seg), null);
});

test("a centre exactly on the segment is never approaching", () => {
  assert.equal(timeOfImpactCircleSegment({ x: 5, y: 0, vx: 0, vy: 1, r: 1 }, seg), Infinity);
  assert.equal(timeOfImpactCircleSegment({ x: 5, y: 0, vx: 1, vy: 0, r: 1 }, seg, 100), Infinity);
});

test("sides are decided exactly for a centre on (or a hair off) a long segment with inexact differences", () => {
  // Line y = 2x from (2^60, 2^61) to (-1, -2): b - a and c - a are not representable.
  const s = { ax: 2 ** 60, ay: 2 ** 61, bx: -1, by: -2 };
  assert.equal(timeOfImpactCircleSegment({ x: 3, y: 6, vx: 2, vy: -1, r: 1 }, s), Infinity);
  assert.equal(timeOfImpactCircleSegment({ x: 3, y: 6, vx: -2, vy: 1, r: 1 }, s), Infinity);
  // 2^-50 above the line (left of b - a... on the side of +y): moving down towards it, 0; up, none.
  assert.equal(timeOfImpactCircleSegment({ x: 3, y: 6 + 2 ** -50, vx: 0, vy: -1, r: 1 }, s), 0);
  assert.equal(timeOfImpactCircleSegment({ x: 3, y: 6 + 2 ** -50, vx: 0, vy: 1, r: 1 }, s), Infinity);
  assert.equal(timeOfImpactCircleSegment({ x: 3, y: 6 - 2 ** -50, vx: 0, vy: 1, r: 1 }, s), 0);
  assert.equal(timeOfImpactCircleSegment({ x: 3, y: 6 - 2 ** -50, vx: 0, vy: -1, r: 1 }, s), Infinity);
});

test("sliding parallel to the segment while overlapping it is not a contact, even into the far end", () => {
  assert.equal(timeOfImpactCircleSegment({ x: 0.5, y: 0.5, vx: 1, vy: 0, r: 1 }, seg, 100), Infinity);
  assert.equal(timeOfImpactCircleSegment({ x: -0.5, y: 0.5, vx: 1, vy: 0, r: 1 }, seg, 100), 0);
});

test("running parallel at exactly distance r is a graze", () => {
  assert.equal(timeOfImpactCircleSegment({ x: -5, y: 1, vx: 4, vy: 0, r: 1 }, seg, 10), Infinity);
  assert.equal(timeOfImpactCircleSegment({ x: 3, y: -1, vx: 4, vy: 0, r: 1 }, seg, 10), Infinity);
});

test("touching an end cap tangentially is a graze", () => {
  assert.equal(timeOfImpactCircleSegment({ x: -1, y: 5, vx: 0, vy: -4, r: 1 }, seg, 10), Infinity);
  assert.equal(timeOfImpactCircleSegment({ x: 11, y: -5, vx: 0, vy: 4, r: 1 }, seg, 10), Infinity);
});

test("overlapping an end cap: approaching gives 0, moving away gives none", () => {
  assert.equal(timeOfImpactCircleSegment({ x: -0.5, y: 0.2, vx: 1, vy: 0, r: 1 }, seg), 0);
  assert.equal(timeOfImpactCircleSegment({ x: -0.5, y: 0.2, vx: -1, vy: 0, r: 1 }, seg), Infinity);
  // Touching end a exactly (distance r) and approaching.
  assert.equal(timeOfImpactCircleSegment({ x: -1, y: 0, vx: 1, vy: 1, r: 1 }, seg), 0);
});

test("a contact after tMax is none, and found with a larger tMax", () => {
  const c = { x: 5, y: 9, vx: 0, vy: -4, r: 1 };
  assert.equal(timeOfImpactCircleSegment(c, seg), Infinity);
  assert.equal(timeOfImpactCircleSegment(c, seg, 2), 2);
  assert.equal(timeOfImpactCircleSegment(c, seg, Infinity), 2);
});

test("a segment of zero length is a point: the same time as the circle kernel", () => {
  const rnd = new Random(7);
  for (let i = 0; i < 500; i++) {
    const c = { x: rnd.range(-3, 3), y: rnd.range(-3, 3), vx: rnd.range(-4, 4), vy: rnd.range(-4, 4), r: rnd.range(0, 1) };
    const px = rnd.range(-1, 1);
    const py = rnd.range(-1, 1);
    const expected = toiCirclesRaw(c.x, c.y, c.vx, c.vy, c.r, px, py, 0, 0, 0, 1); // the exact circle kernel
    assert.equal(timeOfImpactCircleSegment(c, { ax: px, ay: py, bx: px, by: py }), expected);
  }
});

test("a circle of radius 0 crosses the interior, and passing exactly through an end hits the end (a point meeting a point)", () => {
  assert.equal(timeOfImpactCircleSegment({ x: 5, y: 2, vx: 0, vy: -4, r: 0 }, seg), 0.5);
  assert.equal(timeOfImpactCircleSegment({ x: -1, y: 1, vx: 2, vy: -2, r: 0 }, seg), 0.5);
  assert.equal(timeOfImpactCircleSegment({ x: 11, y: 1, vx: -2, vy: -2, r: 0 }, seg), 0.5);
  assert.equal(timeOfImpactCircleSegment({ x: -1, y: 1 - 2 ** -50, vx: 2, vy: -2, r: 0 }, seg), Infinity);
  // Moving along the segment's own line: runs head-on into the end a.
  assert.equal(timeOfImpactCircleSegment({ x: -2, y: 0, vx: 4, vy: 0, r: 0 }, seg), 0.5);
});

test("a circle at rest never has a first contact", () => {
  assert.equal(timeOfImpactCircleSegment({ x: 5, y: 0.5, vx: 0, vy: 0, r: 1 }, seg), Infinity);
});

test("bad input throws a RangeError naming the argument, field and value", () => {
  assert.throws(() => timeOfImpactCircleSegment({ x: NaN, y: 0, vx: 0, vy: 0, r: 1 }, seg), /circle\.x must be a finite number, got NaN/);
  assert.throws(() => timeOfImpactCircleSegment({ x: 0, y: 0, vx: 0, vy: 0, r: -1 }, seg), /circle\.r must be a finite number >= 0, got -1/);
  assert.throws(() => timeOfImpactCircleSegment({ x: 0, y: 0, vx: 0, vy: 0, r: 1 }, { ...seg, by: Infinity }), /segment\.by must be a finite number, got Infinity/);
  assert.throws(() => sweepCircleSegment({ x: 0, y: 0, vx: 0, vy: 0, r: 1 }, seg, -1), /tMax must be a number >= 0, got -1/);
  assert.throws(() => sweepCircleSegment({ x: 0, y: 0, vx: 0, vy: 0, r: 1 }, null as never), /segment must be an object/);
});

test("the Into twin fills out on a hit and leaves it untouched on a miss", () => {
  const out: WallHit2 = { t: -1, px: -1, py: -1, nx: -1, ny: -1, feature: -1, index: -1 };
  assert.equal(sweepCircleSegmentInto(out, { x: 5, y: 9, vx: 0, vy: -4, r: 1 }, seg), false);
  assert.deepEqual(out, { t: -1, px: -1, py: -1, nx: -1, ny: -1, feature: -1, index: -1 });
  assert.equal(sweepCircleSegmentInto(out, { x: 5, y: 3, vx: 0, vy: -4, r: 1 }, seg), true);
  assert.deepEqual(out, { t: 0.5, px: 5, py: 0, nx: 0, ny: -1, feature: FEATURE_INTERIOR, index: 0 });
});

interface SegmentCase {
  cx: number; cy: number; vx: number; vy: number; r: number;
  ax: number; ay: number; bx: number; by: number; tMax: number;
}

function randomCase(rnd: Random): SegmentCase {
  const ax = rnd.range(-2, 2);
  const ay = rnd.range(-2, 2);
  const kind = rnd.int(10);
  const bx = kind === 0 ? ax : rnd.range(-2, 2);
  const by = kind === 0 ? ay : rnd.range(-2, 2);
  const cx = rnd.range(-4, 4);
  const cy = rnd.range(-4, 4);
  // Half the time aim at a random point near the segment, so that hits are common.
  let vx = rnd.range(-6, 6);
  let vy = rnd.range(-6, 6);
  if (rnd.next() < 0.5) {
    const s = rnd.range(-0.3, 1.3);
    vx = (ax + s * (bx - ax) + rnd.range(-0.5, 0.5) - cx) * rnd.range(0.5, 2);
    vy = (ay + s * (by - ay) + rnd.range(-0.5, 0.5) - cy) * rnd.range(0.5, 2);
  }
  return { cx, cy, vx, vy, r: kind === 1 ? 0 : rnd.range(0, 1.5), ax, ay, bx, by, tMax: 1 };
}

function reference(k: SegmentCase) {
  const D = (t: number) => distanceToSegment(k.cx + t * k.vx, k.cy + t * k.vy, k.ax, k.ay, k.bx, k.by);
  return firstContact(D, k.r, k.tMax, 4);
}

test("agrees with an independent brute force (sampling, golden section, bisection) on 4000 random cases", (ctx) => {
  const rnd = new Random(2024);
  let compared = 0;
  let hits = 0;
  let zeros = 0;
  let skipped = 0;
  let featureChecked = 0;
  for (let i = 0; i < 4000; i++) {
    const k = randomCase(rnd);
    const ref = reference(k);
    if (ref.ambiguous) {
      skipped++;
      continue;
    }
    const t = toiCircleSegmentRaw(k.cx, k.cy, k.vx, k.vy, k.r, k.ax, k.ay, k.bx, k.by, k.tMax);
    compared++;
    if (ref.t === Infinity) {
      assert.equal(t, Infinity, `case ${i}: expected none, got ${t} (${JSON.stringify(k)})`);
      continue;
    }
    assert.ok(Math.abs(t - ref.t) <= 1e-9, `case ${i}: expected ${ref.t}, got ${t} (${JSON.stringify(k)})`);
    if (t === 0) zeros++;
    else hits++;
    // The reported feature is the one nearest the centre at t (unless the foot sits on a boundary).
    const out: WallHit2 = { t: 0, px: 0, py: 0, nx: 0, ny: 0, feature: 0, index: 0 };
    assert.ok(sweepCircleSegmentRaw(out, k.cx, k.cy, k.vx, k.vy, k.r, k.ax, k.ay, k.bx, k.by, k.tMax));
    const s = footParameter(k.cx + t * k.vx, k.cy + t * k.vy, k.ax, k.ay, k.bx, k.by);
    const zeroLength = k.ax === k.bx && k.ay === k.by;
    if (!zeroLength && Math.abs(s) > 1e-6 && Math.abs(s - 1) > 1e-6) {
      featureChecked++;
      if (s > 0 && s < 1) assert.equal(out.feature, FEATURE_INTERIOR, `case ${i}`);
      else assert.deepEqual([out.feature, out.index], [FEATURE_VERTEX, s <= 0 ? 0 : 1], `case ${i}`);
    }
    assert.ok(Math.abs(Math.hypot(out.nx, out.ny) - 1) <= 4 * 2 ** -52);
  }
  ctx.diagnostic(`${compared} compared (${hits} hits, ${zeros} at t = 0), ${skipped} ambiguous skipped, ${featureChecked} features checked`);
  assert.ok(skipped < 120, `too many ambiguous cases: ${skipped}`);
  assert.ok(hits > 800 && zeros > 100, `hits ${hits}, zeros ${zeros} of ${compared}`);
  assert.ok(featureChecked > 900, `${featureChecked} features checked`);
});

/**
 * The exact interior contact time of the given doubles, from BigInt integers (all inputs
 * scaled by one power of two): t* = (|h0| - r sqrt(L2)) / w with the square root carried 256
 * bits beyond the point, rounded to the nearest double. null when not approaching the line.
 */
function exactInteriorTime(k: SegmentCase): number | null {
  const { n } = toCommonIntegers([k.cx, k.cy, k.vx, k.vy, k.r, k.ax, k.ay, k.bx, k.by]);
  const [cx, cy, vx, vy, r, ax, ay, bx, by] = n;
  const ex = bx - ax;
  const ey = by - ay;
  let h0 = ex * (cy - ay) - ey * (cx - ax);
  let hv = ex * vy - ey * vx;
  if (h0 < 0n) {
    h0 = -h0;
    hv = -hv;
  }
  const w = -hv;
  if (w <= 0n || h0 === 0n) return null;
  const P = 256n;
  const num = (h0 << P) - r * isqrt((ex * ex + ey * ey) << (2n * P));
  if (num <= 0n) return 0;
  return rationalToDouble(num, w << P);
}

test("interior contact times are within 1 ulp of a BigInt exact reference on 3000 random hits", (ctx) => {
  const rnd = new Random(99);
  let checked = 0;
  let exact = 0;
  let worst = 0;
  const out: WallHit2 = { t: 0, px: 0, py: 0, nx: 0, ny: 0, feature: 0, index: 0 };
  while (checked < 3000) {
    const k = randomCase(rnd);
    // Vary the scale and the offset from the origin too.
    const f = 2 ** (rnd.int(80) - 40);
    const o = rnd.next() < 0.3 ? rnd.range(-1e6, 1e6) : 0;
    const c = { ...k, cx: k.cx * f + o, cy: k.cy * f - o, vx: k.vx * f, vy: k.vy * f, r: k.r * f, ax: k.ax * f + o, ay: k.ay * f - o, bx: k.bx * f + o, by: k.by * f - o };
    if (!sweepCircleSegmentRaw(out, c.cx, c.cy, c.vx, c.vy, c.r, c.ax, c.ay, c.bx, c.by, 1)) continue;
    if (out.feature !== FEATURE_INTERIOR || out.t === 0) continue;
    const ref = exactInteriorTime(c);
    assert.ok(ref !== null && ref > 0, JSON.stringify(c));
    const err = Math.abs(out.t - ref) / ulp(ref);
    worst = Math.max(worst, err);
    if (err === 0) exact++;
    checked++;
  }
  ctx.diagnostic(`worst ${worst} ulp, ${exact} of ${checked} correctly rounded`);
  assert.ok(worst <= 1, `worst error ${worst} ulps`);
  assert.ok(exact > 2500, `only ${exact} of ${checked} correctly rounded`);
});

// Integer-valued coordinates on a 1/64 grid: translations by integers stay exact.
const coord = fc.integer({ min: -256, max: 256 }).map((n) => n / 64);
const speed = fc.integer({ min: -512, max: 512 }).map((n) => n / 64);
const radius = fc.integer({ min: 0, max: 96 }).map((n) => n / 64);
const caseArb = fc.record({ cx: coord, cy: coord, vx: speed, vy: speed, r: radius, ax: coord, ay: coord, bx: coord, by: coord });

function toi(k: { cx: number; cy: number; vx: number; vy: number; r: number; ax: number; ay: number; bx: number; by: number }, tMax = 1): number {
  return toiCircleSegmentRaw(k.cx, k.cy, k.vx, k.vy, k.r, k.ax, k.ay, k.bx, k.by, tMax);
}

function sameTime(a: number, b: number): boolean {
  return a === b || Math.abs(a - b) <= 2 * ulp(Math.max(Math.abs(a), Math.abs(b)));
}

test("property: no contact before t, and the distance at t equals r within a few ulps of the scale", () => {
  fc.assert(
    fc.property(caseArb, (k) => {
      const t = toi(k);
      if (t === Infinity || t === 0) return true;
      const D = (s: number) => distanceToSegment(k.cx + s * k.vx, k.cy + s * k.vy, k.ax, k.ay, k.bx, k.by);
      const scale = Math.max(Math.abs(k.cx), Math.abs(k.cy), Math.abs(k.ax), Math.abs(k.ay), Math.abs(k.bx), Math.abs(k.by), k.r, 1);
      const tol = 16 * ulp(scale);
      if (Math.abs(D(t) - k.r) > tol) return false;
      for (let i = 0; i < 16; i++) if (D((t * i) / 16) < k.r - tol) return false;
      return true;
    }),
    { seed: 42, numRuns: 3000 },
  );
});

test("property: reversing the segment's ends gives the same hit, with the end indices swapped", () => {
  fc.assert(
    fc.property(caseArb, (k) => {
      const t1 = toi(k);
      const out1: WallHit2 = { t: 0, px: 0, py: 0, nx: 0, ny: 0, feature: 0, index: 0 };
      const out2: WallHit2 = { t: 0, px: 0, py: 0, nx: 0, ny: 0, feature: 0, index: 0 };
      const rev = { ...k, ax: k.bx, ay: k.by, bx: k.ax, by: k.ay };
      const t2 = toi(rev);
      if (!sameTime(t1, t2)) return false;
      if (t1 === Infinity) return true;
      sweepCircleSegmentRaw(out1, k.cx, k.cy, k.vx, k.vy, k.r, k.ax, k.ay, k.bx, k.by, 1);
      sweepCircleSegmentRaw(out2, rev.cx, rev.cy, rev.vx, rev.vy, rev.r, rev.ax, rev.ay, rev.bx, rev.by, 1);
      if (k.ax === k.bx && k.ay === k.by) return true;
      if (out1.feature !== out2.feature) return false;
      if (out1.feature === FEATURE_VERTEX && out1.index + out2.index !== 1) return false;
      return Math.abs(out1.nx - out2.nx) <= 1e-12 && Math.abs(out1.ny - out2.ny) <= 1e-12;
    }),
    { seed: 42, numRuns: 3000 },
  );
});

test("property: on long segments (up to 2^50) a circle near either end gets the same answer both ways round", () => {
  const small = fc.integer({ min: -256, max: 256 }).map((n) => n / 16);
  fc.assert(
    fc.property(fc.integer({ min: 20, max: 50 }), small, small, small, small, small, small, fc.integer({ min: 1, max: 32 }), (e, ux, uy, cx, cy, vx, vy, rr) => {
      // Segment from a far point a to b = (ux, uy) near the origin; the circle near b.
      const L = 2 ** e;
      const k = { cx, cy, vx, vy, r: rr / 16, ax: L + 3, ay: -L / 2 - 5, bx: ux, by: uy };
      const rev = { ...k, ax: k.bx, ay: k.by, bx: k.ax, by: k.ay };
      const out1: WallHit2 = { t: 0, px: 0, py: 0, nx: 0, ny: 0, feature: 0, index: 0 };
      const out2: WallHit2 = { t: 0, px: 0, py: 0, nx: 0, ny: 0, feature: 0, index: 0 };
      const h1 = sweepCircleSegmentRaw(out1, k.cx, k.cy, k.vx, k.vy, k.r, k.ax, k.ay, k.bx, k.by, 1);
      const h2 = sweepCircleSegmentRaw(out2, rev.cx, rev.cy, rev.vx, rev.vy, rev.r, rev.ax, rev.ay, rev.bx, rev.by, 1);
      if (h1 !== h2) return false;
      if (!h1) return true;
      if (!sameTime(out1.t, out2.t) || out1.feature !== out2.feature) return false;
      return out1.feature !== FEATURE_VERTEX || out1.index + out2.index === 1;
    }),
    { seed: 42, numRuns: 3000 },
  );
});

test("property: translating everything by an integer offset changes nothing", () => {
  fc.assert(
    fc.property(caseArb, fc.integer({ min: -1000, max: 1000 }), fc.integer({ min: -1000, max: 1000 }), (k, ox, oy) => {
      const moved = { ...k, cx: k.cx + ox, cy: k.cy + oy, ax: k.ax + ox, ay: k.ay + oy, bx: k.bx + ox, by: k.by + oy };
      return sameTime(toi(k), toi(moved));
    }),
    { seed: 42, numRuns: 3000 },
  );
});

test("property: scaling all lengths by a power of two scales nothing in time", () => {
  fc.assert(
    fc.property(caseArb, fc.integer({ min: -600, max: 600 }), (k, e) => {
      const f = 2 ** e;
      const scaled = { cx: k.cx * f, cy: k.cy * f, vx: k.vx * f, vy: k.vy * f, r: k.r * f, ax: k.ax * f, ay: k.ay * f, bx: k.bx * f, by: k.by * f };
      return sameTime(toi(k), toi(scaled));
    }),
    { seed: 42, numRuns: 2000 },
  );
});

interface Fixture {
  name: string;
  circle: { x: number; y: number; vx: number; vy: number; r: number };
  segment: { ax: number; ay: number; bx: number; by: number };
  tMax: number | null;
  expect: { t: number; feature: number; index: number } | null;
}

test("hard cases from test/fixtures/geometry2d-segment.json", () => {
  const fixtures = JSON.parse(readFileSync(new URL("./fixtures/geometry2d-segment.json", import.meta.url), "utf8")) as Fixture[];
  assert.ok(fixtures.length >= 10);
  for (const f of fixtures) {
    const hit = sweepCircleSegment(f.circle, f.segment, f.tMax ?? Infinity);
    if (f.expect === null) {
      assert.equal(hit, null, f.name);
    } else {
      assert.ok(hit, f.name);
      assert.equal(hit.t, f.expect.t, f.name);
      assert.equal(hit.feature, f.expect.feature, f.name);
      assert.equal(hit.index, f.expect.index, f.name);
    }
  }
});
