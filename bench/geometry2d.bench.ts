/**
 * 2D queries against walls and geometry: queries per second for each family, carom's checked
 * allocation-free form (`...Into`, argument checks included) and its raw numeric kernel, against
 * Rapier 2D (@dimforge/rapier2d-compat, world-less `Shape.castRay` / `Shape.castShape`) in the
 * same process on the same seeded inputs. The cases of a family run interleaved, one batch each
 * per round, and the summary gives the median over rounds of carom's rate over Rapier's in the
 * same round (robust to the drifting load of a shared machine); the tables give medians and
 * spreads of the rates. Times are process CPU time (see runFamily).
 *
 * Families: ray vs circle, moving point vs box (slab), circle vs segment, circle vs box, circle
 * vs polyline (8 segments). Each case set holds 2^14 seeded cases; half of the moving bodies aim
 * at the geometry (so hits, overlaps and misses all occur), half move at random. Hit rates are
 * printed. Note that Rapier computes in float32 and carom in float64 with exact kernels.
 *
 * Run: node --import tsx bench/geometry2d.bench.ts [family-substring ...]
 */
import RAPIER from "@dimforge/rapier2d-compat";
import { report, sinkValue, type BenchRow, median } from "./harness.js";
import { Random } from "../test/support/random.js";
import { pointCrossingBox2Into, pointCrossingBox2Raw } from "../src/query/ray-box2.js";
import { rayHitCircle, rayHitCircleRaw } from "../src/query/ray-circle.js";
import { sweepCircleBoxInto, toiCircleBoxRaw } from "../src/query/sweep-circle-box.js";
import { sweepCirclePolylineInto, toiCirclePolylineRaw } from "../src/query/sweep-circle-polyline.js";
import { sweepCircleSegmentInto, toiCircleSegmentRaw } from "../src/query/sweep-circle-segment.js";
import type { WallHit2 } from "../src/query/types.js";
import type { BoxCrossing2 } from "../src/query/types-geometry2.js";

const N = 1 << 14;
const M = N - 1;
const OPS = 1_000_000; // carom queries per batch
const RP = 50_000; // Rapier queries per batch
const only = process.argv.slice(2);
const wanted = (title: string): boolean => only.length === 0 || only.some((w) => title.includes(w));

interface Case {
  x: number; y: number; vx: number; vy: number; r: number;
  // Geometry: a segment (ax, ay, bx, by) or a box (minX, minY, maxX, maxY) or a circle (cx, cy, cr).
  g0: number; g1: number; g2: number; g3: number;
}

function makeCases(seed: number, kind: "circle" | "segment" | "box" | "polyline"): Case[] {
  const rnd = new Random(seed);
  const cases: Case[] = [];
  for (let i = 0; i < N; i++) {
    let g0: number, g1: number, g2: number, g3: number;
    let tx: number, ty: number; // a target point near the geometry
    if (kind === "circle") {
      g0 = rnd.range(-1, 1); g1 = rnd.range(-1, 1); g2 = rnd.range(0.2, 1.5); g3 = 0;
      tx = g0 + rnd.range(-2, 2); ty = g1 + rnd.range(-2, 2);
    } else if (kind === "segment") {
      g0 = rnd.range(-2, 2); g1 = rnd.range(-2, 2); g2 = rnd.range(-2, 2); g3 = rnd.range(-2, 2);
      const s = rnd.range(-0.3, 1.3);
      tx = g0 + s * (g2 - g0) + rnd.range(-0.5, 0.5); ty = g1 + s * (g3 - g1) + rnd.range(-0.5, 0.5);
    } else if (kind === "box") {
      const cx = rnd.range(-1, 1), cy = rnd.range(-1, 1), hx = rnd.range(0.1, 1), hy = rnd.range(0.1, 1);
      g0 = cx - hx; g1 = cy - hy; g2 = cx + hx; g3 = cy + hy;
      tx = cx + rnd.range(-1.5, 1.5) * hx; ty = cy + rnd.range(-1.5, 1.5) * hy;
    } else {
      g0 = g1 = g2 = g3 = 0;
      tx = rnd.range(-4, 4); ty = rnd.range(-1.5, 1.5);
    }
    const x = rnd.range(-5, 5);
    const y = rnd.range(-5, 5);
    let vx = rnd.range(-6, 6);
    let vy = rnd.range(-6, 6);
    if (rnd.next() < 0.5) {
      vx = (tx - x) * rnd.range(0.5, 2);
      vy = (ty - y) * rnd.range(0.5, 2);
    }
    cases.push({ x, y, vx, vy, r: rnd.range(0.05, 0.5), g0, g1, g2, g3 });
  }
  return cases;
}

/** A zigzag of 8 segments across x in [-4, 4], seeded. */
function makePolyline(seed: number): Float64Array {
  const rnd = new Random(seed);
  const p = new Float64Array(18);
  for (let i = 0; i < 9; i++) {
    p[2 * i] = -4 + i;
    p[2 * i + 1] = rnd.range(-1, 1);
  }
  return p;
}

interface Case2 {
  name: string;
  ops: number;
  batch: () => number;
  note?: string;
}

let sink = 0;

/**
 * Runs the cases of one family interleaved: each round times one batch of every case in turn,
 * so that all of them see the same machine load (this machine is shared and its load drifts).
 * Batches are timed in process CPU time (user + system), not wall time, so that time spent
 * descheduled by other processes does not count; all cases are single-threaded.
 * Reports each case's median rate and spread, and the median over rounds of each case's rate
 * divided by the peer's rate in the same round (the paired ratio, robust to drifting load).
 */
function runFamily(cases: Case2[], peer: string, rounds = 9): { rows: BenchRow[]; paired: Map<string, number> } {
  for (const c of cases) for (let w = 0; w < 3; w++) sink += c.batch();
  const rates = cases.map(() => [] as number[]);
  for (let k = 0; k < rounds; k++) {
    cases.forEach((c, i) => {
      const t0 = process.cpuUsage();
      sink += c.batch();
      const t1 = process.cpuUsage(t0);
      rates[i].push(c.ops / ((t1.user + t1.system) / 1e6));
    });
  }
  const p = cases.findIndex((c) => c.name === peer);
  const rows: BenchRow[] = cases.map((c, i) => {
    const row: BenchRow = { name: c.name, opsPerSec: median(rates[i]), min: Math.min(...rates[i]), max: Math.max(...rates[i]) };
    if (c.note !== undefined) row.note = c.note;
    return row;
  });
  const paired = new Map<string, number>();
  cases.forEach((c, i) => paired.set(c.name, median(rates[i].map((r, k) => r / rates[p][k]))));
  return { rows, paired };
}

function fold(t: number): number {
  return t === Infinity ? 1 : t;
}

function hitRate(f: (i: number) => boolean): string {
  let h = 0;
  for (let i = 0; i < N; i++) if (f(i)) h++;
  return `hit rate ${((100 * h) / N).toFixed(0)}%`;
}

async function main(): Promise<void> {
  await RAPIER.init();
  const zero = { x: 0, y: 0 };
  const summary: string[] = [];
  const families: { title: string; rows: Case2[] }[] = [];
  const hit: WallHit2 = { t: 0, px: 0, py: 0, nx: 0, ny: 0, feature: 0, index: 0 };

  // Ray vs circle: origin (x, y), direction (vx, vy), the whole ray (maxS = Infinity, Rapier: 1e30).
  if (wanted("ray vs circle")) {
    const C = makeCases(1, "circle");
    const rays = C.map((c) => ({ x: c.x, y: c.y, dx: c.vx, dy: c.vy }));
    const circles = C.map((c) => ({ x: c.g0, y: c.g1, r: c.g2 }));
    const balls = C.map((c) => new RAPIER.Ball(c.g2));
    const ray = new RAPIER.Ray({ x: 0, y: 0 }, { x: 1, y: 0 });
    const pos = { x: 0, y: 0 };
    const rows: Case2[] = [];
    const note = hitRate((i) => rayHitCircle(rays[i], circles[i]) !== Infinity);
    rows.push({ name: "carom rayHitCircle (checked)", ops: OPS, batch: () => {
      let s = 0;
      for (let k = 0; k < OPS; k++) s += fold(rayHitCircle(rays[k & M], circles[k & M]));
      return s;
    }, note });
    rows.push({ name: "carom rayHitCircleRaw", ops: OPS, batch: () => {
      let s = 0;
      for (let k = 0; k < OPS; k++) {
        const c = C[k & M];
        s += fold(rayHitCircleRaw(c.x, c.y, c.vx, c.vy, c.g0, c.g1, c.g2, Infinity));
      }
      return s;
    } });
    rows.push({ name: "Rapier Ball.castRay (solid)", ops: RP, batch: () => {
      let s = 0;
      for (let k = 0; k < RP; k++) {
        const c = C[k & M];
        ray.origin.x = c.x; ray.origin.y = c.y; ray.dir.x = c.vx; ray.dir.y = c.vy;
        pos.x = c.g0; pos.y = c.g1;
        const t = balls[k & M].castRay(ray, pos, 0, 1e30, true);
        s += t < 0 ? 1 : t;
      }
      return s;
    } });
    families.push({ title: "ray vs circle", rows });
  }

  // Moving point vs box: entry and exit (carom); entry only (Rapier's ray cast on a cuboid).
  if (wanted("moving point vs box (slab)")) {
    const C = makeCases(2, "box");
    const points = C.map((c) => ({ x: c.x, y: c.y, vx: c.vx, vy: c.vy }));
    const boxes = C.map((c) => ({ minX: c.g0, minY: c.g1, maxX: c.g2, maxY: c.g3 }));
    const cuboids = C.map((c) => new RAPIER.Cuboid((c.g2 - c.g0) / 2, (c.g3 - c.g1) / 2));
    const ray = new RAPIER.Ray({ x: 0, y: 0 }, { x: 1, y: 0 });
    const pos = { x: 0, y: 0 };
    const out: BoxCrossing2 = { tEnter: 0, tExit: 0, enterSide: 0, exitSide: 0 };
    const rows: Case2[] = [];
    const note = hitRate((i) => pointCrossingBox2Into(out, points[i], boxes[i]));
    rows.push({ name: "carom pointCrossingBox2Into (checked)", ops: OPS, batch: () => {
      let s = 0;
      for (let k = 0; k < OPS; k++) if (pointCrossingBox2Into(out, points[k & M], boxes[k & M])) s += out.tEnter;
      return s;
    }, note: note + ", entry and exit" });
    rows.push({ name: "carom pointCrossingBox2Raw", ops: OPS, batch: () => {
      let s = 0;
      for (let k = 0; k < OPS; k++) {
        const c = C[k & M];
        if (pointCrossingBox2Raw(c.x, c.y, c.vx, c.vy, c.g0, c.g1, c.g2, c.g3, 1)) s += 1;
      }
      return s;
    } });
    rows.push({ name: "Rapier Cuboid.castRay (solid)", ops: RP, batch: () => {
      let s = 0;
      for (let k = 0; k < RP; k++) {
        const c = C[k & M];
        ray.origin.x = c.x; ray.origin.y = c.y; ray.dir.x = c.vx; ray.dir.y = c.vy;
        pos.x = (c.g0 + c.g2) / 2; pos.y = (c.g1 + c.g3) / 2;
        const t = cuboids[k & M].castRay(ray, pos, 0, 1, true);
        s += t < 0 ? 1 : t;
      }
      return s;
    }, note: "entry only" });
    families.push({ title: "moving point vs box (slab)", rows });
  }

  // Circle vs segment.
  if (wanted("circle vs segment")) {
    const C = makeCases(3, "segment");
    const circles = C.map((c) => ({ x: c.x, y: c.y, vx: c.vx, vy: c.vy, r: c.r }));
    const segments = C.map((c) => ({ ax: c.g0, ay: c.g1, bx: c.g2, by: c.g3 }));
    const balls = C.map((c) => new RAPIER.Ball(c.r));
    const segs = C.map((c) => new RAPIER.Segment({ x: c.g0, y: c.g1 }, { x: c.g2, y: c.g3 }));
    const p = { x: 0, y: 0 }, v = { x: 0, y: 0 };
    const rows: Case2[] = [];
    const note = hitRate((i) => sweepCircleSegmentInto(hit, circles[i], segments[i]));
    rows.push({ name: "carom sweepCircleSegmentInto (checked)", ops: OPS, batch: () => {
      let s = 0;
      for (let k = 0; k < OPS; k++) if (sweepCircleSegmentInto(hit, circles[k & M], segments[k & M])) s += hit.t + hit.nx;
      return s;
    }, note: note + ", t + point + normal + feature" });
    rows.push({ name: "carom toiCircleSegmentRaw", ops: OPS, batch: () => {
      let s = 0;
      for (let k = 0; k < OPS; k++) {
        const c = C[k & M];
        s += fold(toiCircleSegmentRaw(c.x, c.y, c.vx, c.vy, c.r, c.g0, c.g1, c.g2, c.g3, 1));
      }
      return s;
    } });
    rows.push({ name: "Rapier Ball.castShape vs Segment", ops: RP, batch: () => {
      let s = 0;
      for (let k = 0; k < RP; k++) {
        const c = C[k & M];
        p.x = c.x; p.y = c.y; v.x = c.vx; v.y = c.vy;
        const h = balls[k & M].castShape(p, 0, v, segs[k & M], zero, 0, zero, 0, 1, true);
        s += h === null ? 1 : h.time_of_impact;
      }
      return s;
    } });
    families.push({ title: "circle vs segment", rows });
  }

  // Circle vs box.
  if (wanted("circle vs box")) {
    const C = makeCases(4, "box");
    const circles = C.map((c) => ({ x: c.x, y: c.y, vx: c.vx, vy: c.vy, r: c.r }));
    const boxes = C.map((c) => ({ minX: c.g0, minY: c.g1, maxX: c.g2, maxY: c.g3 }));
    const balls = C.map((c) => new RAPIER.Ball(c.r));
    const cuboids = C.map((c) => new RAPIER.Cuboid((c.g2 - c.g0) / 2, (c.g3 - c.g1) / 2));
    const p = { x: 0, y: 0 }, v = { x: 0, y: 0 }, q = { x: 0, y: 0 };
    const rows: Case2[] = [];
    const note = hitRate((i) => sweepCircleBoxInto(hit, circles[i], boxes[i]));
    rows.push({ name: "carom sweepCircleBoxInto (checked)", ops: OPS, batch: () => {
      let s = 0;
      for (let k = 0; k < OPS; k++) if (sweepCircleBoxInto(hit, circles[k & M], boxes[k & M])) s += hit.t + hit.nx;
      return s;
    }, note: note + ", t + point + normal + feature" });
    rows.push({ name: "carom toiCircleBoxRaw", ops: OPS, batch: () => {
      let s = 0;
      for (let k = 0; k < OPS; k++) {
        const c = C[k & M];
        s += fold(toiCircleBoxRaw(c.x, c.y, c.vx, c.vy, c.r, c.g0, c.g1, c.g2, c.g3, 1));
      }
      return s;
    } });
    rows.push({ name: "Rapier Ball.castShape vs Cuboid", ops: RP, batch: () => {
      let s = 0;
      for (let k = 0; k < RP; k++) {
        const c = C[k & M];
        p.x = c.x; p.y = c.y; v.x = c.vx; v.y = c.vy;
        q.x = (c.g0 + c.g2) / 2; q.y = (c.g1 + c.g3) / 2;
        const h = balls[k & M].castShape(p, 0, v, cuboids[k & M], q, 0, zero, 0, 1, true);
        s += h === null ? 1 : h.time_of_impact;
      }
      return s;
    } });
    families.push({ title: "circle vs box", rows });
  }

  // Circle vs polyline of 8 segments (64 seeded polylines, cycled).
  if (wanted("circle vs polyline")) {
    const C = makeCases(5, "polyline");
    const polys = Array.from({ length: 64 }, (_, i) => makePolyline(100 + i));
    const circles = C.map((c) => ({ x: c.x, y: c.y, vx: c.vx, vy: c.vy, r: c.r }));
    const balls = C.map((c) => new RAPIER.Ball(c.r));
    const rpolys = polys.map((pl) => new RAPIER.Polyline(new Float32Array(pl)));
    const p = { x: 0, y: 0 }, v = { x: 0, y: 0 };
    const rows: Case2[] = [];
    const note = hitRate((i) => sweepCirclePolylineInto(hit, circles[i], polys[i & 63]));
    rows.push({ name: "carom sweepCirclePolylineInto (checked)", ops: OPS / 4, batch: () => {
      let s = 0;
      for (let k = 0; k < OPS / 4; k++) if (sweepCirclePolylineInto(hit, circles[k & M], polys[k & 63])) s += hit.t + hit.nx;
      return s;
    }, note: note + ", 8 segments" });
    rows.push({ name: "carom toiCirclePolylineRaw", ops: OPS / 4, batch: () => {
      let s = 0;
      for (let k = 0; k < OPS / 4; k++) {
        const c = C[k & M];
        s += fold(toiCirclePolylineRaw(c.x, c.y, c.vx, c.vy, c.r, polys[k & 63], 1));
      }
      return s;
    } });
    rows.push({ name: "Rapier Ball.castShape vs Polyline", ops: RP, batch: () => {
      let s = 0;
      for (let k = 0; k < RP; k++) {
        const c = C[k & M];
        p.x = c.x; p.y = c.y; v.x = c.vx; v.y = c.vy;
        const h = balls[k & M].castShape(p, 0, v, rpolys[k & 63], zero, 0, zero, 0, 1, true);
        s += h === null ? 1 : h.time_of_impact;
      }
      return s;
    } });
    families.push({ title: "circle vs polyline (8 segments)", rows });
  }

  for (const f of families) {
    const peer = f.rows.find((r) => r.name.startsWith("Rapier"))!.name;
    const { rows, paired } = runFamily(f.rows, peer);
    report(f.title, rows, peer, "queries");
    const ratio = (i: number): string => `${paired.get(rows[i].name)!.toFixed(1).padStart(6)}x`;
    summary.push(`${f.title.padEnd(32)} checked ${ratio(0)}  raw ${ratio(1)}`);
  }
  console.log("\nsummary: carom over Rapier, median of per-round paired ratios (same inputs, same process, interleaved):");
  for (const line of summary) console.log("  " + line);
  console.log(`\n(sink ${(sinkValue() + sink).toExponential(3)})`);
}

await main();
