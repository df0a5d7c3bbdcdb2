/**
 * Time of impact of two moving circles / spheres: carom's scalar and bulk forms against planck's
 * TimeOfImpact and Rapier's ball shape cast, the plain (inexact) textbook formula, and a loop
 * that only streams the same arrays (the memory-bound ceiling of the bulk form).
 *
 * Two seeded case sets per dimension: "mixed" (random pairs in a 20 x 20 region, velocities in
 * [-10, 10], radii 0.5..1.5, tMax 1: about 7% hit, the rest exit early) and "hits" (B aimed at
 * A: about 90% hit; the quick certified root answers nearly every query, the TwoProduct root
 * and the double-double path the few it cannot certify). Each case prints the scalar query's
 * throughput as a share of the plain formula's on the same inputs (goal: >= 50%), from the two
 * medians and "paired" (alternating batches, which the machine's load moves far less).
 *
 * Run: npm run bench -- toi   (BENCH_QUICK=1 for a shorter run)
 */
import RAPIER2 from "@dimforge/rapier2d-compat";
import RAPIER3 from "@dimforge/rapier3d-compat";
import * as planck from "planck";
import { bench, report, sinkValue, type BenchRow } from "./harness.js";
import { Random } from "../test/support/random.js";
import {
  timeOfImpactCircles,
  timeOfImpactSpheres,
  timeOfImpactCirclesBatch,
  timeOfImpactSpheresBatch,
  type MovingCircle,
  type MovingSphere,
  type CircleArrays,
  type SphereArrays,
} from "carom";

const QUICK = process.env.BENCH_QUICK === "1";
const N = 1 << 16; // pairs per set (scalar and peers cycle through them)
const BULK_N = 1 << 20; // pairs for the bulk form: 2^20 pairs x 88 bytes, well beyond the caches

function makeArrays(n: number, dim: 2 | 3, hits: boolean, seed: number): { a: SphereArrays; b: SphereArrays } {
  const rnd = new Random(seed);
  const mk = (): SphereArrays => ({
    x: new Float64Array(n), y: new Float64Array(n), z: new Float64Array(n),
    vx: new Float64Array(n), vy: new Float64Array(n), vz: new Float64Array(n), r: new Float64Array(n),
  });
  const a = mk();
  const b = mk();
  for (let i = 0; i < n; i++) {
    for (const s of [a, b]) {
      s.x[i] = rnd.range(-10, 10);
      s.y[i] = rnd.range(-10, 10);
      s.z[i] = dim === 3 ? rnd.range(-10, 10) : 0;
      s.vx[i] = rnd.range(-10, 10);
      s.vy[i] = rnd.range(-10, 10);
      s.vz[i] = dim === 3 ? rnd.range(-10, 10) : 0;
      s.r[i] = rnd.range(0.5, 1.5);
    }
    if (hits) {
      b.vx[i] = a.vx[i] + (a.x[i] - b.x[i]) * rnd.range(1, 2);
      b.vy[i] = a.vy[i] + (a.y[i] - b.y[i]) * rnd.range(1, 2);
      if (dim === 3) b.vz[i] = a.vz[i] + (a.z[i] - b.z[i]) * rnd.range(1, 2);
    }
  }
  return { a, b };
}

function circlesOf(s: SphereArrays, n: number): MovingCircle[] {
  const out: MovingCircle[] = [];
  for (let i = 0; i < n; i++) out.push({ x: s.x[i], y: s.y[i], vx: s.vx[i], vy: s.vy[i], r: s.r[i] });
  return out;
}
function spheresOf(s: SphereArrays, n: number): MovingSphere[] {
  const out: MovingSphere[] = [];
  for (let i = 0; i < n; i++) out.push({ x: s.x[i], y: s.y[i], z: s.z[i], vx: s.vx[i], vy: s.vy[i], vz: s.vz[i], r: s.r[i] });
  return out;
}

/** The textbook formula in plain doubles: fast, off by up to thousands of ulps (see the tests). */
function plainToi2(a: MovingCircle, b: MovingCircle): number {
  const dx = b.x - a.x, dy = b.y - a.y, wx = b.vx - a.vx, wy = b.vy - a.vy, R = a.r + b.r;
  const bb = dx * wx + dy * wy;
  if (bb >= 0) return Infinity;
  const c = dx * dx + dy * dy - R * R;
  if (c <= 0) return 0;
  const aa = wx * wx + wy * wy;
  const disc = bb * bb - aa * c;
  if (disc <= 0) return Infinity;
  const t = c / (-bb + Math.sqrt(disc));
  return t <= 1 ? t : Infinity;
}

/** The same formula for spheres. */
function plainToi3(a: MovingSphere, b: MovingSphere): number {
  const dx = b.x - a.x, dy = b.y - a.y, dz = b.z - a.z, wx = b.vx - a.vx, wy = b.vy - a.vy, wz = b.vz - a.vz, R = a.r + b.r;
  const bb = dx * wx + dy * wy + dz * wz;
  if (bb >= 0) return Infinity;
  const c = dx * dx + dy * dy + dz * dz - R * R;
  if (c <= 0) return 0;
  const aa = wx * wx + wy * wy + wz * wz;
  const disc = bb * bb - aa * c;
  if (disc <= 0) return Infinity;
  const t = c / (-bb + Math.sqrt(disc));
  return t <= 1 ? t : Infinity;
}

/** Rounds of the paired measurement of the scalar query against the plain formula. */
const PAIRS = 9;
let pairedSink = 0;

/**
 * The scalar query's throughput as a share of the plain formula's, measured in alternating
 * batches (scalar, plain, scalar, ...) so that both see the same machine load; the median of the
 * per-pair ratios (each batch runs the same OPS queries).
 */
function pairedShare(scalar: () => number, plain: () => number): number {
  const ratios: number[] = [];
  for (let i = 0; i < PAIRS; i++) {
    const t0 = process.hrtime.bigint();
    pairedSink += scalar();
    const t1 = process.hrtime.bigint();
    pairedSink += plain();
    const t2 = process.hrtime.bigint();
    ratios.push(Number(t2 - t1) / Number(t1 - t0));
  }
  ratios.sort((x, y) => x - y);
  return ratios[PAIRS >> 1];
}

function fold(t: number): number {
  return t === Infinity ? 1 : t;
}

async function main(): Promise<void> {
  await RAPIER2.init();
  await RAPIER3.init();
  const bulkOut = new Float64Array(BULK_N);

  for (const dim of [2, 3] as const) {
    for (const hits of [false, true]) {
      const label = `${dim}D ${hits ? "hits (~90% hit)" : "mixed (~7% hit)"}`;
      const { a, b } = makeArrays(N, dim, hits, dim * 10 + (hits ? 1 : 0));
      const big = makeArrays(BULK_N, dim, hits, 100 + dim * 10 + (hits ? 1 : 0));
      const rows: BenchRow[] = [];
      const M = N - 1;
      let share = 0;
      if (dim === 2) {
        const A = circlesOf(a, N), B = circlesOf(b, N);
        let hitCount = 0;
        for (let i = 0; i < N; i++) if (timeOfImpactCircles(A[i], B[i]) !== Infinity) hitCount++;
        const OPS = QUICK ? 1_000_000 : 4_000_000;
        const scalar = (): number => {
          let s = 0;
          for (let k = 0; k < OPS; k++) s += fold(timeOfImpactCircles(A[k & M], B[k & M]));
          return s;
        };
        const plain = (): number => {
          let s = 0;
          for (let k = 0; k < OPS; k++) s += fold(plainToi2(A[k & M], B[k & M]));
          return s;
        };
        rows.push(bench("carom timeOfImpactCircles", OPS, scalar, {}, `<= 4 ulps (certified); hit rate ${(hitCount / N * 100).toFixed(1)}%`));
        rows.push(bench("carom bulk (SoA, 2^20 pairs)", BULK_N, () => {
          timeOfImpactCirclesBatch(bulkOut, big.a as CircleArrays, big.b as CircleArrays, BULK_N, 1);
          let s = 0;
          for (let i = 0; i < BULK_N; i += 4096) s += fold(bulkOut[i]);
          return s;
        }));
        rows.push(bench("stream same arrays (ceiling)", BULK_N, () => {
          const ax = big.a.x, ay = big.a.y, avx = big.a.vx, avy = big.a.vy, ar = big.a.r;
          const bx = big.b.x, by = big.b.y, bvx = big.b.vx, bvy = big.b.vy, br = big.b.r;
          for (let i = 0; i < BULK_N; i++) bulkOut[i] = ax[i] + ay[i] + avx[i] + avy[i] + ar[i] + bx[i] + by[i] + bvx[i] + bvy[i] + br[i];
          return bulkOut[BULK_N - 1];
        }));
        rows.push(bench("plain formula (inexact)", OPS, plain, {}, "up to 1e4+ ulps off"));
        share = pairedShare(scalar, plain);
        // planck: circles as distance proxies, sweeps without rotation.
        const circleA = new planck.Circle(1);
        const circleB = new planck.Circle(1);
        const input = new planck.TimeOfImpact.Input();
        const output = new planck.TimeOfImpact.Output();
        const PL = 100_000;
        rows.push(bench("planck TimeOfImpact", PL, () => {
          let s = 0;
          for (let k = 0; k < PL; k++) {
            const i = k & M;
            circleA.m_radius = A[i].r;
            circleB.m_radius = B[i].r;
            input.proxyA.set(circleA, 0);
            input.proxyB.set(circleB, 0);
            input.sweepA.c0.setNum(A[i].x, A[i].y);
            input.sweepA.c.setNum(A[i].x + A[i].vx, A[i].y + A[i].vy);
            input.sweepA.a0 = input.sweepA.a = 0;
            input.sweepA.alpha0 = 0;
            input.sweepB.c0.setNum(B[i].x, B[i].y);
            input.sweepB.c.setNum(B[i].x + B[i].vx, B[i].y + B[i].vy);
            input.sweepB.a0 = input.sweepB.a = 0;
            input.sweepB.alpha0 = 0;
            input.tMax = 1;
            planck.TimeOfImpact(output, input);
            s += output.t;
          }
          return s;
        }, { samples: 5 }));
        const balls = A.map((c) => new RAPIER2.Ball(c.r));
        const ballsB = B.map((c) => new RAPIER2.Ball(c.r));
        const RP = 100_000;
        const p1 = { x: 0, y: 0 }, v1 = { x: 0, y: 0 }, p2 = { x: 0, y: 0 }, v2 = { x: 0, y: 0 };
        rows.push(bench("Rapier 2D ball castShape", RP, () => {
          let s = 0;
          for (let k = 0; k < RP; k++) {
            const i = k & M;
            p1.x = A[i].x; p1.y = A[i].y; v1.x = A[i].vx; v1.y = A[i].vy;
            p2.x = B[i].x; p2.y = B[i].y; v2.x = B[i].vx; v2.y = B[i].vy;
            const hit = balls[i].castShape(p1, 0, v1, ballsB[i], p2, 0, v2, 0, 1, true);
            s += hit === null ? 1 : hit.time_of_impact;
          }
          return s;
        }, { samples: 5 }));
      } else {
        const A = spheresOf(a, N), B = spheresOf(b, N);
        let hitCount = 0;
        for (let i = 0; i < N; i++) if (timeOfImpactSpheres(A[i], B[i]) !== Infinity) hitCount++;
        const OPS = QUICK ? 1_000_000 : 4_000_000;
        const scalar = (): number => {
          let s = 0;
          for (let k = 0; k < OPS; k++) s += fold(timeOfImpactSpheres(A[k & M], B[k & M]));
          return s;
        };
        const plain = (): number => {
          let s = 0;
          for (let k = 0; k < OPS; k++) s += fold(plainToi3(A[k & M], B[k & M]));
          return s;
        };
        rows.push(bench("carom timeOfImpactSpheres", OPS, scalar, {}, `<= 4 ulps (certified); hit rate ${(hitCount / N * 100).toFixed(1)}%`));
        rows.push(bench("carom bulk (SoA, 2^20 pairs)", BULK_N, () => {
          timeOfImpactSpheresBatch(bulkOut, big.a, big.b, BULK_N, 1);
          let s = 0;
          for (let i = 0; i < BULK_N; i += 4096) s += fold(bulkOut[i]);
          return s;
        }));
        rows.push(bench("stream same arrays (ceiling)", BULK_N, () => {
          const { x: ax, y: ay, z: az, vx: avx, vy: avy, vz: avz, r: ar } = big.a;
          const { x: bx, y: by, z: bz, vx: bvx, vy: bvy, vz: bvz, r: br } = big.b;
          for (let i = 0; i < BULK_N; i++) {
            bulkOut[i] = ax[i] + ay[i] + az[i] + avx[i] + avy[i] + avz[i] + ar[i] + bx[i] + by[i] + bz[i] + bvx[i] + bvy[i] + bvz[i] + br[i];
          }
          return bulkOut[BULK_N - 1];
        }));
        rows.push(bench("plain formula (inexact)", OPS, plain, {}, "up to 1e4+ ulps off"));
        share = pairedShare(scalar, plain);
        const balls = A.map((c) => new RAPIER3.Ball(c.r));
        const ballsB = B.map((c) => new RAPIER3.Ball(c.r));
        const rot = { x: 0, y: 0, z: 0, w: 1 };
        const p1 = { x: 0, y: 0, z: 0 }, v1 = { x: 0, y: 0, z: 0 }, p2 = { x: 0, y: 0, z: 0 }, v2 = { x: 0, y: 0, z: 0 };
        const RP = 100_000;
        rows.push(bench("Rapier 3D ball castShape", RP, () => {
          let s = 0;
          for (let k = 0; k < RP; k++) {
            const i = k & M;
            p1.x = A[i].x; p1.y = A[i].y; p1.z = A[i].z; v1.x = A[i].vx; v1.y = A[i].vy; v1.z = A[i].vz;
            p2.x = B[i].x; p2.y = B[i].y; p2.z = B[i].z; v2.x = B[i].vx; v2.y = B[i].vy; v2.z = B[i].vz;
            const hit = balls[i].castShape(p1, rot, v1, ballsB[i], p2, rot, v2, 0, 1, true);
            s += hit === null ? 1 : hit.time_of_impact;
          }
          return s;
        }, { samples: 5 }));
      }
      report(`time of impact, ${label}`, rows, rows[0].name, "queries");
      const peers = rows.filter((r) => /planck|Rapier/.test(r.name));
      const best = peers.reduce((m, r) => (r.opsPerSec > m.opsPerSec ? r : m), peers[0]);
      const bulk = rows.find((r) => r.name.startsWith("carom bulk"))!;
      const stream = rows.find((r) => r.name.startsWith("stream"))!;
      const plainRow = rows.find((r) => r.name.startsWith("plain formula"))!;
      const ratio = rows[0].opsPerSec / plainRow.opsPerSec;
      console.log(`scalar vs plain formula: ${(100 * ratio).toFixed(0)}% from the medians above; ${(100 * share).toFixed(0)}% paired (median of ${PAIRS} alternating runs; goal >= 50%: ${share >= 0.5 ? "met" : "not met"})`);
      console.log(`scalar vs best peer (${best.name}): ${(rows[0].opsPerSec / best.opsPerSec).toFixed(0)}x; bulk vs streaming ceiling: ${(100 * bulk.opsPerSec / stream.opsPerSec).toFixed(0)}%`);
    }
  }
  console.log(`\n(sink ${sinkValue().toExponential(3)}, ${pairedSink.toExponential(3)})`);
}

await main();
