/**
 * The tiers of the public time-of-impact queries against the independent exact BigInt
 * reference: the screen (0 / none when certain; on a plain-formula hit it only hands t0 on), the
 * quick certified root (plain-double residual, query/toi-certified.ts), the exact kernel's screen,
 * the TwoProduct certified root, and the double-double kernel. Each case
 * records the tier that answered (the test replays the public query's stages and checks that it
 * got the public query's bits), asserts the exact kernel's case (hit, 0, none) and at most 4 ulps
 * from the exact root, over seeded random inputs at scales 1e-300..1e300, near grazes, near
 * touching, roots next to tMax and the benchmark's head-on hits; prints the worst ulps per tier
 * and checks that every tier answers somewhere. The bulk form must give the same bits.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  timeOfImpactCircles, timeOfImpactSpheres, toiCirclesRaw, toiSpheresRaw,
  timeOfImpactCirclesBatch, timeOfImpactSpheresBatch,
} from "../src/index.js";
import { certifiedCircles, certifiedSpheres, quickCirclesOf, quickSpheresOf } from "../src/query/toi-certified.js";
import { circlesExactInput, exactToiCircles, screenCircles, screenCirclesQuick } from "../src/query/toi-circle-circle.js";
import { exactToiSpheres, screenSpheres, screenSpheresQuick, spheresExactInput } from "../src/query/toi-sphere-sphere.js";
import { exactTimeOfImpact, rationalToDouble, ulpDistanceAnyRange } from "./support/exact.js";
import { Random } from "./support/random.js";
import { direction, grazing, kindOf, touching, type Pair } from "./support/toi-pairs.js";

type Tier = "screen" | "quick" | "certified" | "exact";
const TIERS: Tier[] = ["screen", "quick", "certified", "exact"];

function body(p: number[], v: number[], r: number): Record<string, number> {
  const names = p.length === 2 ? ["x", "y"] : ["x", "y", "z"];
  const o: Record<string, number> = {};
  names.forEach((n, i) => {
    o[n] = p[i];
  });
  names.forEach((n, i) => {
    o["v" + n] = v[i];
  });
  o.r = r;
  return o;
}

/** The public query's stages replayed: the tier that answers and its time. */
function staged(c: Pair): { tier: Tier; t: number } {
  const { pa, va, pb, vb, ra, rb, tMax } = c;
  const A = body(pa, va, ra), B = body(pb, vb, rb);
  if (pa.length === 2) {
    const q = circlesExactInput;
    const r = screenCirclesQuick(pa[0], pa[1], va[0], va[1], ra, pb[0], pb[1], vb[0], vb[1], rb, tMax);
    if (r >= 0) return { tier: "screen", t: r };
    q[10] = tMax;
    if (r === -1 && quickCirclesOf(A as never, B as never)) return { tier: "quick", t: q[11] };
    const rs = screenCircles(pa[0], pa[1], va[0], va[1], ra, pb[0], pb[1], vb[0], vb[1], rb, tMax);
    if (rs === rs) return { tier: "screen", t: rs };
    q.set([pa[0], pa[1], va[0], va[1], ra, pb[0], pb[1], vb[0], vb[1], rb, tMax]);
    if (certifiedCircles(q)) return { tier: "certified", t: q[11] };
    exactToiCircles();
    return { tier: "exact", t: q[11] };
  }
  const q = spheresExactInput;
  const r = screenSpheresQuick(pa[0], pa[1], pa[2], va[0], va[1], va[2], ra, pb[0], pb[1], pb[2], vb[0], vb[1], vb[2], rb, tMax);
  if (r >= 0) return { tier: "screen", t: r };
  q[14] = tMax;
  if (r === -1 && quickSpheresOf(A as never, B as never)) return { tier: "quick", t: q[15] };
  const rs = screenSpheres(pa[0], pa[1], pa[2], va[0], va[1], va[2], ra, pb[0], pb[1], pb[2], vb[0], vb[1], vb[2], rb, tMax);
  if (rs === rs) return { tier: "screen", t: rs };
  q.set([pa[0], pa[1], pa[2], va[0], va[1], va[2], ra, pb[0], pb[1], pb[2], vb[0], vb[1], vb[2], rb, tMax]);
  if (certifiedSpheres(q)) return { tier: "certified", t: q[15] };
  exactToiSpheres();
  return { tier: "exact", t: q[15] };
}

function publicToi(c: Pair): number {
  const A = body(c.pa, c.va, c.ra), B = body(c.pb, c.vb, c.rb);
  return c.pa.length === 2 ? timeOfImpactCircles(A as never, B as never, c.tMax) : timeOfImpactSpheres(A as never, B as never, c.tMax);
}

function exactKernel(c: Pair): number {
  const { pa, va, pb, vb } = c;
  return pa.length === 2
    ? toiCirclesRaw(pa[0], pa[1], va[0], va[1], c.ra, pb[0], pb[1], vb[0], vb[1], c.rb, c.tMax)
    : toiSpheresRaw(pa[0], pa[1], pa[2], va[0], va[1], va[2], c.ra, pb[0], pb[1], pb[2], vb[0], vb[1], vb[2], c.rb, c.tMax);
}

/** The bulk form on one pair. */
function bulkToi(c: Pair): number {
  const dim = c.pa.length;
  const arr = (xs: number[]): Float64Array => Float64Array.from(xs);
  const out = new Float64Array(1);
  const a = { x: arr([c.pa[0]]), y: arr([c.pa[1]]), z: arr([c.pa[2] ?? 0]), vx: arr([c.va[0]]), vy: arr([c.va[1]]), vz: arr([c.va[2] ?? 0]), r: arr([c.ra]) };
  const b = { x: arr([c.pb[0]]), y: arr([c.pb[1]]), z: arr([c.pb[2] ?? 0]), vx: arr([c.vb[0]]), vy: arr([c.vb[1]]), vz: arr([c.vb[2] ?? 0]), r: arr([c.rb]) };
  if (dim === 2) timeOfImpactCirclesBatch(out, a, b, 1, c.tMax);
  else timeOfImpactSpheresBatch(out, a, b, 1, c.tMax);
  return out[0];
}

interface Tally { cases: number; hits: number; count: Record<Tier, number>; worst: Record<Tier, number> }
const overall: Record<2 | 3, Tally> = { 2: newTally(), 3: newTally() };

function newTally(): Tally {
  return { cases: 0, hits: 0, count: { screen: 0, quick: 0, certified: 0, exact: 0 }, worst: { screen: 0, quick: 0, certified: 0, exact: 0 } };
}

function check(c: Pair, tally: Tally, label: string, bulk = false): void {
  const ref = exactTimeOfImpact(c.pa, c.va, c.ra, c.pb, c.vb, c.rb, c.tMax);
  const t = publicToi(c);
  const { tier, t: ts } = staged(c);
  const all = overall[c.pa.length as 2 | 3];
  assert.ok(Object.is(ts, t), `${label}: the replayed stages gave ${ts} (${tier}), the public query ${t}`);
  if (bulk) assert.ok(Object.is(bulkToi(c), t), `${label}: the bulk form differs from the scalar query`);
  const exact = exactKernel(c);
  assert.equal(kindOf(t), kindOf(exact), `${label}: case ${kindOf(t)} (${tier}), the exact kernel's ${kindOf(exact)} (${JSON.stringify(c)})`);
  // The exact kernel compares its rounded root with tMax: a root just beyond tMax that rounds to
  // tMax is a hit at tMax there; otherwise its case is the exact one.
  const roundsToTMax = ref.kind === "none" && ref.why === "late" && exact === c.tMax;
  const want = ref.kind === "hit" ? kindOf(rationalToDouble(ref.num, ref.den)) : ref.kind;
  if (!roundsToTMax) assert.equal(kindOf(t), want, `${label}: case ${kindOf(t)} (${tier}), exact ${want} (${JSON.stringify(c)})`);
  for (const y of [tally, all]) {
    y.cases++;
    y.count[tier]++;
  }
  if (ref.kind === "hit" && want === "hit") {
    const e = ulpDistanceAnyRange(t, ref.num, ref.den);
    assert.ok(e <= 4, `${label}: ${t} (${tier}) is ${e} ulps off (${JSON.stringify(c)})`);
    for (const y of [tally, all]) {
      y.hits++;
      y.worst[tier] = Math.max(y.worst[tier], e);
    }
  }
}

function show(label: string, t: Tally): void {
  const parts = TIERS.map((k) => `${k} ${t.count[k]} (worst ${t.worst[k].toFixed(3)} ulps)`);
  console.log(`# ${label}: ${t.cases} cases, ${t.hits} hits; ${parts.join(", ")}`);
}

/** B aimed at A with a random offset (about 3 in 4 hit), lengths times ls, velocities times vs. */
function aimed(rnd: Random, dim: number, ls: number, vs: number): Pair {
  const pa: number[] = [], va: number[] = [], pb: number[] = [], vb: number[] = [];
  const k = rnd.range(0.2, 3);
  for (let i = 0; i < dim; i++) {
    pa.push(rnd.range(-10, 10));
    pb.push(rnd.range(-10, 10));
    va.push(rnd.range(-10, 10));
  }
  for (let i = 0; i < dim; i++) vb.push(va[i] + (pa[i] - pb[i]) * k + rnd.range(-3, 3));
  return {
    pa: pa.map((x) => x * ls), va: va.map((x) => x * vs), ra: rnd.range(0.01, 2) * ls,
    pb: pb.map((x) => x * ls), vb: vb.map((x) => x * vs), rb: rnd.range(0.01, 2) * ls,
    tMax: rnd.next() < 0.5 ? 1 : Infinity,
  };
}

/** The benchmark's "hits" set: B's relative velocity points at A's centre (head-on). */
function headOn(rnd: Random, dim: number): Pair {
  const pa: number[] = [], va: number[] = [], pb: number[] = [], vb: number[] = [];
  for (let i = 0; i < dim; i++) {
    pa.push(rnd.range(-10, 10));
    pb.push(rnd.range(-10, 10));
    va.push(rnd.range(-10, 10));
  }
  for (let i = 0; i < dim; i++) vb.push(va[i] + (pa[i] - pb[i]) * rnd.range(1, 2));
  return { pa, va, ra: rnd.range(0.5, 1.5), pb, vb, rb: rnd.range(0.5, 1.5), tMax: 1 };
}

for (const dim of [2, 3] as const) {
  test(`${dim}D: the benchmark's head-on hits are nearly all answered by the quick root, within 4 ulps`, () => {
    const rnd = new Random(700 + dim);
    const tally = newTally();
    for (let i = 0; i < 4000; i++) check(headOn(rnd, dim), tally, `head-on ${i}`, i < 500);
    show(`${dim}D head-on hits`, tally);
    assert.ok(tally.count.quick > 0.85 * tally.hits, `quick answered ${tally.count.quick} of ${tally.hits} hits`);
  });

  test(`${dim}D: aimed pairs at scales 1e-300..1e300 keep the exact case, hits within 4 ulps`, () => {
    const rnd = new Random(800 + dim);
    const tally = newTally();
    for (let i = 0; i < 4000; i++) {
      const el = i < 1000 ? 0 : rnd.range(-300, 300);
      const ev = Math.min(300, Math.max(-300, el + (i < 1000 ? 0 : rnd.range(-40, 40))));
      check(aimed(rnd, dim, 10 ** el, 10 ** ev), tally, `aimed ${i}`, i % 8 === 0);
    }
    show(`${dim}D aimed, scales 1e-300..1e300`, tally);
    assert.ok(tally.count.quick > 0.3 * tally.hits);
  });

  test(`${dim}D: near grazes, near touching and far small bodies keep the exact case`, () => {
    const rnd = new Random(900 + dim);
    const tally = newTally();
    for (let i = 0; i < 1500; i++) {
      const eps = (rnd.next() < 0.5 ? 1 : -1) * 10 ** rnd.range(-15, -1);
      check(grazing(rnd, dim, eps, 10 ** rnd.range(0, 6), 10 ** rnd.range(-3, 3), 10 ** rnd.range(0, 8)), tally, `graze ${i}`);
    }
    for (let i = 0; i < 1500; i++) check(touching(rnd, dim, 10 ** rnd.range(-16, 0)), tally, `touch ${i}`);
    for (let i = 0; i < 500; i++) check(grazing(rnd, dim, rnd.range(-0.5, 0.9), 10 ** rnd.range(6, 40), 1, 0), tally, `far ${i}`);
    show(`${dim}D grazes, touching, far small`, tally);
  });

  test(`${dim}D: a root within a few ulps of tMax gives the exact kernel's case`, () => {
    const rnd = new Random(1000 + dim);
    const tally = newTally();
    for (let i = 0; i < 3000; i++) {
      const c = i % 2 === 0 ? aimed(rnd, dim, 1, 1) : headOn(rnd, dim);
      c.tMax = Infinity;
      const t = exactKernel(c);
      if (!(t > 0 && t < Infinity)) continue;
      c.tMax = t * (1 + Math.round(rnd.range(-40, 40)) * 2 ** -53);
      check(c, tally, `tMax ${i}`);
    }
    show(`${dim}D roots next to tMax`, tally);
    assert.ok(tally.cases > 1000);
  });
}

for (const dim of [2, 3] as const) {
  test(`${dim}D: an overlap the quick screen answers (0) is one the exact kernel's screen answers the same way`, () => {
    const rnd = new Random(1100 + dim);
    let overlaps = 0, quick = 0;
    for (let i = 0; i < 4000; i++) {
      // B overlapping A by a relative depth from 1e-16 to 1, approaching or receding, at scales 1e-200..1e200.
      const c = touching(rnd, dim, -(10 ** rnd.range(-16, 0)));
      const s = 10 ** (i < 1000 ? 0 : rnd.range(-200, 200));
      const pa = c.pa.map((x) => x * s), pb = c.pb.map((x) => x * s), ra = c.ra * s, rb = c.rb * s;
      const vb = rnd.next() < 0.2 ? c.vb.map((x) => -x) : c.vb;
      const va = c.va;
      const r = dim === 2
        ? screenCirclesQuick(pa[0], pa[1], va[0], va[1], ra, pb[0], pb[1], vb[0], vb[1], rb, 1)
        : screenSpheresQuick(pa[0], pa[1], pa[2], va[0], va[1], va[2], ra, pb[0], pb[1], pb[2], vb[0], vb[1], vb[2], rb, 1);
      const exact = exactKernel({ pa, va, ra, pb, vb, rb, tMax: 1 });
      if (exact === 0) overlaps++;
      if (r !== 0) continue;
      quick++;
      const rs = dim === 2
        ? screenCircles(pa[0], pa[1], va[0], va[1], ra, pb[0], pb[1], vb[0], vb[1], rb, 1)
        : screenSpheres(pa[0], pa[1], pa[2], va[0], va[1], va[2], ra, pb[0], pb[1], pb[2], vb[0], vb[1], vb[2], rb, 1);
      assert.equal(rs, 0, `case ${i}: the quick screen says 0, screen${dim === 2 ? "Circles" : "Spheres"} ${rs}`);
      assert.equal(exact, 0, `case ${i}: the quick screen says 0, the exact kernel ${exact}`);
      assert.equal(publicToi({ pa, va, ra, pb, vb, rb, tMax: 1 }), 0);
    }
    console.log(`# ${dim}D overlaps: ${overlaps} of 4000 overlap while approaching, the quick screen answers ${quick}`);
    assert.ok(quick > 0.5 * overlaps, `the quick screen answered ${quick} of ${overlaps} overlaps`);
  });
}

/**
 * A head-on pair (B approaching A along a random direction, a small sideways offset) whose time
 * of impact is about t, with lengths times ls and the speed about v.
 */
function headOnAt(rnd: Random, dim: number, t: number, ls: number, v: number): Pair {
  const u = direction(rnd, dim);
  const side = direction(rnd, dim);
  const ra = rnd.range(0.1, 1) * ls, rb = rnd.range(0.1, 1) * ls;
  const gap = t * v;
  const pa: number[] = [], pb: number[] = [], va: number[] = [], vb: number[] = [];
  for (let i = 0; i < dim; i++) {
    pa.push(rnd.range(-1, 1) * ls);
    pb.push(pa[i] + u[i] * (gap + ra + rb) + side[i] * rnd.range(-0.1, 0.1) * (ra + rb));
    va.push(rnd.range(-1, 1) * v);
    vb.push(va[i] - u[i] * v);
  }
  return { pa, va, ra, pb, vb, rb, tMax: Infinity };
}

for (const dim of [2, 3] as const) {
  test(`${dim}D: the quick root's final checks: roots next to powers of two, magnitudes at the edge of its range, the smallest times`, () => {
    const rnd = new Random(1200 + dim);
    // Roots within a few dozen ulps of a power of two (the check t >= ufp(t) (1 + 8u) and the
    // 4-ulp budget measured on the binade of t).
    const pow2 = newTally();
    for (let i = 0; i < 2000; i++) {
      const k = Math.round(rnd.range(-20, 20));
      const t = 2 ** k * (1 + Math.round(rnd.range(-40, 40)) * 2 ** -52);
      check(headOnAt(rnd, dim, t, 10 ** rnd.range(-3, 3), 10 ** rnd.range(-3, 3)), pow2, `power of two ${i}`, i % 8 === 0);
    }
    show(`${dim}D roots next to powers of two`, pow2);
    // Squared magnitudes across 2^500 (the range check on |d|^2 + R^2 + |w|^2 + t0^2 |w|^2):
    // lengths 2^230..2^260, speeds from 2^-20 to 2^20 of them.
    const edge = newTally();
    for (let i = 0; i < 1500; i++) {
      const ls = 2 ** rnd.range(230, 260);
      check(headOnAt(rnd, dim, 10 ** rnd.range(-2, 2), ls, ls * 2 ** rnd.range(-20, 20)), edge, `edge of range ${i}`);
    }
    show(`${dim}D magnitudes across 2^500`, edge);
    // The smallest times the quick root reaches (lengths near 2^-450, where the squares meet the
    // 2^-1000 terms of the bounds, speeds near 2^250, where |w|^2 meets the range check).
    const tiny = newTally();
    for (let i = 0; i < 1500; i++) {
      const ls = 2 ** rnd.range(-520, -400), v = 2 ** rnd.range(230, 260);
      check(headOnAt(rnd, dim, (ls / v) * 10 ** rnd.range(-1, 2), ls, v), tiny, `tiny time ${i}`);
    }
    show(`${dim}D smallest times`, tiny);
    for (const [name, y] of [["powers of two", pow2], ["edge of range", edge], ["smallest times", tiny]] as const) {
      assert.ok(y.count.quick > 0 && y.count.quick < y.hits, `${name}: quick answered ${y.count.quick} of ${y.hits} hits (both sides of its checks should be reached)`);
    }
    assert.ok(pow2.count.quick > 0.3 * pow2.hits, `powers of two: quick answered ${pow2.count.quick} of ${pow2.hits} hits`);
  });
}

test("every tier answers somewhere, and the quick root's worst case is within 4 ulps", () => {
  for (const dim of [2, 3] as const) {
    show(`${dim}D all cases`, overall[dim]);
    for (const k of TIERS) assert.ok(overall[dim].count[k] > 0, `${dim}D: tier ${k} never answered`);
    assert.ok(overall[dim].worst.quick <= 4);
  }
});

test("invalid inputs still throw RangeErrors naming the field, whatever the screen would say", () => {
  const ok = { x: 0, y: 0, vx: 1, vy: 0, r: 1 };
  const far = { x: 10, y: 0, vx: 0, vy: 0, r: 1 };
  assert.throws(() => timeOfImpactCircles({ ...ok, x: Infinity }, far), /a\.x must be a finite number/);
  assert.throws(() => timeOfImpactCircles(ok, { ...far, vy: NaN }), /b\.vy must be a finite number/);
  assert.throws(() => timeOfImpactCircles(ok, { ...far, r: -1 }), /b\.r must be a finite number >= 0/);
  assert.throws(() => timeOfImpactCircles(ok, { ...far, r: Infinity }), /b\.r must be/);
  assert.throws(() => timeOfImpactCircles({ ...ok, vx: -1 }, far, -1), /tMax/); // moving apart: the screen alone would say none
  assert.throws(() => timeOfImpactCircles({ ...ok, vx: -1 }, { ...far, x: -Infinity }), /b\.x must be a finite number/);
  const s = { x: 0, y: 0, z: 0, vx: 1, vy: 0, vz: 0, r: 1 };
  const sf = { x: 10, y: 0, z: 0, vx: 0, vy: 0, vz: 0, r: 1 };
  assert.throws(() => timeOfImpactSpheres(s, { ...sf, vz: Infinity }), /b\.vz must be a finite number/);
  assert.throws(() => timeOfImpactSpheres({ ...s, r: -0.5 }, sf), /a\.r must be a finite number >= 0/);
  assert.throws(() => timeOfImpactSpheres(s, sf, NaN), /tMax/);
});
