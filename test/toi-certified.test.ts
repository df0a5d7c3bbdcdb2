/**
 * The certified fast root behind timeOfImpactCircles / timeOfImpactSpheres and the bulk forms,
 * against the exact BigInt reference: the same case (hit, zero, none) as the exact path on every
 * input, and every hit within 4 ulps of the exact root, over seeded random inputs at scales
 * 1e-300 .. 1e300 and the hard families (near grazes, near touching, roots next to tMax, far
 * small bodies). Also checks that the fast path really answers (most ordinary hits certified)
 * and that whatever it certifies is within 4 ulps on its own. Prints the measured worst ulps.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { timeOfImpactCircles, timeOfImpactSpheres, toiCirclesRaw, toiSpheresRaw } from "../src/index.js";
import { certifiedCircles, certifiedSpheres } from "../src/query/toi-certified.js";
import { circlesExactInput, screenCircles } from "../src/query/toi-circle-circle.js";
import { screenSpheres, spheresExactInput } from "../src/query/toi-sphere-sphere.js";
import { exactTimeOfImpact, rationalToDouble, ulpDistanceAnyRange } from "./support/exact.js";
import { Random } from "./support/random.js";
import { aimedPair, grazing, kindOf, touching, type Pair } from "./support/toi-pairs.js";

/** A pair aimed at each other (about 3 in 4 hit) at the given scale, tMax 1 or Infinity. */
function aimed(rnd: Random, dim: number, scale: number): Pair {
  const c = aimedPair(rnd, dim, scale);
  c.tMax = rnd.next() < 0.5 ? 1 : Infinity;
  return c;
}

function publicToi(c: Pair): number {
  const [a, b] = bodies(c);
  return c.pa.length === 2
    ? timeOfImpactCircles(a as never, b as never, c.tMax)
    : timeOfImpactSpheres(a as never, b as never, c.tMax);
}

function exactKernel(c: Pair): number {
  const { pa, va, pb, vb } = c;
  return pa.length === 2
    ? toiCirclesRaw(pa[0], pa[1], va[0], va[1], c.ra, pb[0], pb[1], vb[0], vb[1], c.rb, c.tMax)
    : toiSpheresRaw(pa[0], pa[1], pa[2], va[0], va[1], va[2], c.ra, pb[0], pb[1], pb[2], vb[0], vb[1], vb[2], c.rb, c.tMax);
}

function bodies(c: Pair): [Record<string, number>, Record<string, number>] {
  const names = c.pa.length === 2 ? ["x", "y"] : ["x", "y", "z"];
  const a: Record<string, number> = { r: c.ra };
  const b: Record<string, number> = { r: c.rb };
  names.forEach((n, i) => {
    a[n] = c.pa[i];
    a["v" + n] = c.va[i];
    b[n] = c.pb[i];
    b["v" + n] = c.vb[i];
  });
  return [a, b];
}

/** The fast stage alone: its time, or NaN when it declines (or the screen decides first). */
function fastStage(c: Pair): number {
  const { pa, va, pb, vb, ra, rb, tMax } = c;
  if (pa.length === 2) {
    const screened = screenCircles(pa[0], pa[1], va[0], va[1], ra, pb[0], pb[1], vb[0], vb[1], rb, tMax);
    if (!Number.isNaN(screened)) return NaN;
    circlesExactInput.set([pa[0], pa[1], va[0], va[1], ra, pb[0], pb[1], vb[0], vb[1], rb, tMax]);
    return certifiedCircles(circlesExactInput) ? circlesExactInput[11] : NaN;
  }
  const screened = screenSpheres(pa[0], pa[1], pa[2], va[0], va[1], va[2], ra, pb[0], pb[1], pb[2], vb[0], vb[1], vb[2], rb, tMax);
  if (!Number.isNaN(screened)) return NaN;
  spheresExactInput.set([pa[0], pa[1], pa[2], va[0], va[1], va[2], ra, pb[0], pb[1], pb[2], vb[0], vb[1], vb[2], rb, tMax]);
  return certifiedSpheres(spheresExactInput) ? spheresExactInput[15] : NaN;
}

interface Tally { cases: number; hits: number; certified: number; worst: number; worstFast: number }

/** Checks one case against the exact reference and the exact kernel, and tallies it. */
function check(c: Pair, tally: Tally, label: string): void {
  const ref = exactTimeOfImpact(c.pa, c.va, c.ra, c.pb, c.vb, c.rb, c.tMax);
  const t = publicToi(c);
  const exact = exactKernel(c);
  tally.cases++;
  assert.equal(kindOf(t), kindOf(exact), `${label}: case ${kindOf(t)}, the exact kernel's ${kindOf(exact)} (${JSON.stringify(c)})`);
  // The exact kernel compares its rounded root with tMax: a root just beyond tMax that rounds
  // to tMax is a hit at tMax there. Otherwise its case is the exact one.
  // A root beyond the largest double is none, one below the smallest subnormal is 0.
  const roundsToTMax = ref.kind === "none" && ref.why === "late" && exact === c.tMax;
  const want = ref.kind === "hit" ? kindOf(rationalToDouble(ref.num, ref.den)) : ref.kind;
  if (!roundsToTMax) assert.equal(kindOf(t), want, `${label}: case ${kindOf(t)}, exact ${want} (${JSON.stringify(c)})`);
  const f = fastStage(c);
  if (!Number.isNaN(f)) {
    // Whatever the fast stage certifies is a hit inside [0, tMax] within 4 ulps.
    assert.equal(want, "hit", `${label}: certified ${f} but exact ${want}`);
    assert.ok(f <= c.tMax);
    if (ref.kind === "hit") {
      const e = ulpDistanceAnyRange(f, ref.num, ref.den);
      assert.ok(e <= 4, `${label}: certified ${f} is ${e} ulps off (${JSON.stringify(c)})`);
      tally.worstFast = Math.max(tally.worstFast, e);
      tally.certified++;
    }
  }
  if (ref.kind === "hit" && want === "hit") {
    tally.hits++;
    const e = ulpDistanceAnyRange(t, ref.num, ref.den);
    assert.ok(e <= 4, `${label}: ${t} is ${e} ulps off (${JSON.stringify(c)})`);
    tally.worst = Math.max(tally.worst, e);
  }
}

function newTally(): Tally {
  return { cases: 0, hits: 0, certified: 0, worst: 0, worstFast: 0 };
}

function show(label: string, t: Tally): void {
  console.log(`# ${label}: ${t.cases} cases, ${t.hits} hits, ${t.certified} answered by the certified root; worst ${t.worst.toFixed(3)} ulps (certified: ${t.worstFast.toFixed(3)})`);
}

for (const dim of [2, 3] as const) {
  test(`${dim}D: ordinary aimed pairs at unit scale are nearly all certified, within 4 ulps`, () => {
    const rnd = new Random(100 + dim);
    const tally = newTally();
    for (let i = 0; i < 6000; i++) check(aimed(rnd, dim, 1), tally, `aimed ${i}`);
    show(`${dim}D aimed, scale 1`, tally);
    assert.ok(tally.hits > 3000);
    assert.ok(tally.certified > 0.9 * tally.hits, `only ${tally.certified} of ${tally.hits} hits certified`);
  });

  test(`${dim}D: the case matches the exact path and hits are within 4 ulps at scales 1e-300 .. 1e300`, () => {
    const rnd = new Random(200 + dim);
    const tally = newTally();
    for (let i = 0; i < 6000; i++) {
      // lengths and velocities each at their own scale: times from tiny to huge
      const c = aimed(rnd, dim, 1);
      const el = rnd.range(-300, 300);
      const ls = 10 ** el;
      const vs = 10 ** Math.min(300, Math.max(-300, el + rnd.range(-40, 40)));
      c.pa = c.pa.map((x) => x * ls);
      c.pb = c.pb.map((x) => x * ls);
      c.ra *= ls;
      c.rb *= ls;
      c.va = c.va.map((x) => x * vs);
      c.vb = c.vb.map((x) => x * vs);
      check(c, tally, `scaled ${i}`);
    }
    show(`${dim}D aimed, scales 1e-300..1e300`, tally);
    assert.ok(tally.certified > 0.15 * tally.hits); // components beyond 2^250 or tiny scales take the exact path
  });

  test(`${dim}D: near grazes and near misses (impact parameter R (1 -+ 1e-3 .. 1e-15)) keep the exact case`, () => {
    const rnd = new Random(300 + dim);
    const tally = newTally();
    for (let i = 0; i < 3000; i++) {
      const eps = (rnd.next() < 0.5 ? 1 : -1) * 10 ** rnd.range(-15, -3);
      check(grazing(rnd, dim, eps, 10 ** rnd.range(0, 6), 10 ** rnd.range(-3, 3), 10 ** rnd.range(0, 8)), tally, `graze ${i}`);
    }
    show(`${dim}D near grazes`, tally);
  });

  test(`${dim}D: bodies a hair apart (gap 1e-16 .. 1e-3 of R) and far small bodies keep the exact case`, () => {
    const rnd = new Random(400 + dim);
    const tally = newTally();
    for (let i = 0; i < 3000; i++) check(touching(rnd, dim, 10 ** rnd.range(-16, -3)), tally, `touch ${i}`);
    for (let i = 0; i < 1000; i++) check(grazing(rnd, dim, rnd.range(-0.5, 0.9), 10 ** rnd.range(6, 40), 1, 0), tally, `far ${i}`);
    show(`${dim}D near touching and far small`, tally);
  });

  test(`${dim}D: a root within a few ulps of tMax gives the exact path's case`, () => {
    const rnd = new Random(500 + dim);
    const tally = newTally();
    for (let i = 0; i < 3000; i++) {
      const c = aimed(rnd, dim, 1);
      c.tMax = Infinity;
      const t = exactKernel(c);
      if (!(t > 0 && t < Infinity)) continue;
      const k = Math.round(rnd.range(-12, 12));
      c.tMax = t * (1 + k * 2 ** -53);
      check(c, tally, `tMax ${i}`);
    }
    show(`${dim}D roots next to tMax`, tally);
    assert.ok(tally.cases > 1000);
  });
}
