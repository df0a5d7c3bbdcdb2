/**
 * Accuracy of the circle and sphere time-of-impact kernels against the exact BigInt reference:
 * 100,000 seeded random cases per dimension and the hard-case fixture file. Prints the ulp
 * distributions (median, p99, max) that the README quotes.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { timeOfImpactCircles, timeOfImpactSpheres, toiCirclesRaw, toiSpheresRaw } from "../src/index.js";
import { contactRootInput, firstContactRoot } from "../src/math/contact-root.js";
import { exactTimeOfImpact, ulpDistance, type ExactToi } from "./support/exact.js";
import { Random } from "./support/random.js";
import { aimedPair, type Pair } from "./support/toi-pairs.js";

interface Stats {
  count: number;
  median: number;
  p99: number;
  max: number;
}

function stats(errors: number[]): Stats {
  const s = [...errors].sort((x, y) => x - y);
  const at = (p: number): number => s[Math.min(s.length - 1, Math.floor(p * s.length))];
  return { count: s.length, median: at(0.5), p99: at(0.99), max: s[s.length - 1] };
}

function show(label: string, st: Stats): void {
  console.log(`# ${label}: ${st.count} hits, ulp error median ${st.median.toFixed(3)}, p99 ${st.p99.toFixed(3)}, max ${st.max.toFixed(3)}`);
}

/** The textbook formula in plain doubles, for comparison in the printed report only. */
function plainToi(d: number[], w: number[], R: number): number {
  let a = 0, b = 0, dd = 0;
  for (let i = 0; i < d.length; i++) {
    a += w[i] * w[i];
    b += d[i] * w[i];
    dd += d[i] * d[i];
  }
  if (b >= 0) return Infinity;
  const c = dd - R * R;
  if (c <= 0) return 0;
  const disc = b * b - a * c;
  if (disc <= 0) return Infinity;
  return c / (-b + Math.sqrt(disc));
}

function agreesInKind(t: number, ref: ExactToi): boolean {
  if (ref.kind === "none") return t === Infinity;
  if (ref.kind === "zero") return t === 0;
  return t > 0 && t < Infinity;
}

/** A random pair on a likely collision course, at a random scale. */
function randomCase(rnd: Random, dim: number): Pair {
  return aimedPair(rnd, dim, 10 ** rnd.range(-3, 3));
}

function runRandom(dim: 2 | 3, seed: number): { exact: Stats; fast: Stats; plain: Stats; mismatches: number } {
  const rnd = new Random(seed);
  const errs: number[] = [];
  const fastErrs: number[] = [];
  const plainErrs: number[] = [];
  let mismatches = 0;
  for (let i = 0; i < 100_000; i++) {
    const { pa, va, ra, pb, vb, rb } = randomCase(rnd, dim);
    const tMax = i % 4 === 0 ? 1 : Infinity;
    const t =
      dim === 2
        ? toiCirclesRaw(pa[0], pa[1], va[0], va[1], ra, pb[0], pb[1], vb[0], vb[1], rb, tMax)
        : toiSpheresRaw(pa[0], pa[1], pa[2], va[0], va[1], va[2], ra, pb[0], pb[1], pb[2], vb[0], vb[1], vb[2], rb, tMax);
    // The public query: the certified fast root (within 4 ulps), else the same exact kernel.
    const tf =
      dim === 2
        ? timeOfImpactCircles({ x: pa[0], y: pa[1], vx: va[0], vy: va[1], r: ra }, { x: pb[0], y: pb[1], vx: vb[0], vy: vb[1], r: rb }, tMax)
        : timeOfImpactSpheres({ x: pa[0], y: pa[1], z: pa[2], vx: va[0], vy: va[1], vz: va[2], r: ra }, { x: pb[0], y: pb[1], z: pb[2], vx: vb[0], vy: vb[1], vz: vb[2], r: rb }, tMax);
    const ref = exactTimeOfImpact(pa, va, ra, pb, vb, rb, tMax);
    if (!agreesInKind(t, ref) || !agreesInKind(tf, ref)) {
      mismatches++;
      continue;
    }
    if (ref.kind === "hit") {
      errs.push(ulpDistance(t, ref.num, ref.den));
      fastErrs.push(ulpDistance(tf, ref.num, ref.den));
      const d = pb.map((x, j) => x - pa[j]);
      const w = vb.map((x, j) => x - va[j]);
      const tp = plainToi(d, w, ra + rb);
      if (tp > 0 && tp < Infinity) plainErrs.push(ulpDistance(tp, ref.num, ref.den));
    }
  }
  return { exact: stats(errs), fast: stats(fastErrs), plain: stats(plainErrs), mismatches };
}

test("circle time of impact is within 1 ulp of the exact value on 100,000 random cases (the public query within 4 ulps)", () => {
  const r = runRandom(2, 1);
  show("2D random, carom exact kernel", r.exact);
  show("2D random, carom public query (certified fast root)", r.fast);
  show("2D random, plain textbook formula", r.plain);
  assert.equal(r.mismatches, 0);
  assert.ok(r.exact.count > 50_000);
  assert.ok(r.exact.max <= 1, `max ulp error ${r.exact.max}`);
  assert.ok(r.fast.max <= 4, `public query: max ulp error ${r.fast.max}`);
});

test("sphere time of impact is within 1 ulp of the exact value on 100,000 random cases (the public query within 4 ulps)", () => {
  const r = runRandom(3, 2);
  show("3D random, carom exact kernel", r.exact);
  show("3D random, carom public query (certified fast root)", r.fast);
  show("3D random, plain textbook formula", r.plain);
  assert.equal(r.mismatches, 0);
  assert.ok(r.exact.count > 50_000);
  assert.ok(r.exact.max <= 1, `max ulp error ${r.exact.max}`);
  assert.ok(r.fast.max <= 4, `public query: max ulp error ${r.fast.max}`);
});

interface FixtureBody { x: number; y: number; z?: number; vx: number; vy: number; vz?: number; r: number }
interface Fixture { name: string; dim: 2 | 3; a: FixtureBody; b: FixtureBody; tMax: number | "Infinity" }

const fixtures: Fixture[] = JSON.parse(readFileSync(new URL("./fixtures/toi-hard.json", import.meta.url), "utf8"));

test("every hard fixture gets the exact case and a time within 1 ulp", () => {
  const errs: number[] = [];
  for (const f of fixtures) {
    const tMax = f.tMax === "Infinity" ? Infinity : f.tMax;
    const { a, b } = f;
    const pa = f.dim === 2 ? [a.x, a.y] : [a.x, a.y, a.z ?? 0];
    const va = f.dim === 2 ? [a.vx, a.vy] : [a.vx, a.vy, a.vz ?? 0];
    const pb = f.dim === 2 ? [b.x, b.y] : [b.x, b.y, b.z ?? 0];
    const vb = f.dim === 2 ? [b.vx, b.vy] : [b.vx, b.vy, b.vz ?? 0];
    const t =
      f.dim === 2
        ? toiCirclesRaw(a.x, a.y, a.vx, a.vy, a.r, b.x, b.y, b.vx, b.vy, b.r, tMax)
        : toiSpheresRaw(pa[0], pa[1], pa[2], va[0], va[1], va[2], a.r, pb[0], pb[1], pb[2], vb[0], vb[1], vb[2], b.r, tMax);
    const ref = exactTimeOfImpact(pa, va, a.r, pb, vb, b.r, tMax);
    assert.ok(agreesInKind(t, ref), `${f.name}: got ${t}, exact ${JSON.stringify(ref, (_, v) => (typeof v === "bigint" ? v.toString() : v))}`);
    if (ref.kind === "hit") {
      const e = ulpDistance(t, ref.num, ref.den);
      errs.push(e);
      assert.ok(e <= 1, `${f.name}: ${e} ulps`);
    }
  }
  show(`hard fixtures (${fixtures.length} cases)`, stats(errs));
});

test("Kahan's discriminant: b^2 - ac is 1, not the naive 2, and the root is exactly 1", () => {
  // a t^2 + 2 b t + c with a, -b, c = 94906266.375, 94906267.375, 94906268.375: the exact
  // discriminant b^2 - a c is 1, so t = c / (-b + 1) = 1 exactly; the naive formula gets 2.
  const a = 94906266.375, b = -94906267.375, c = 94906268.375;
  assert.equal(b * b - a * c, 2);
  const q = contactRootInput;
  q[0] = a; q[1] = 0; q[2] = b; q[3] = 0; q[4] = c; q[5] = 0; q[6] = 2;
  firstContactRoot();
  assert.equal(q[7], 1);
});
