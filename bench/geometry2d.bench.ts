/**
 * 2D queries against walls and geometry: queries per second for each family, carom's checked
 * allocation-free form (`...Into`, argument checks included) and its raw numeric kernel, against
 * Rapier 2D (@dimforge/rapier2d-compat, world-less `Shape.castRay` / `Shape.castShape`) in the
 * same process on the same seeded inputs. Ratios are printed against the Rapier row.
 *
 * Families: ray vs circle, moving point vs box (slab), circle vs segment, circle vs box, circle
 * vs polyline (8 segments). Each case set holds 2^14 seeded cases; half of the moving bodies aim
 * at the geometry (so hits, overlaps and misses all occur), half move at random. Hit rates are
 * printed. Note that Rapier computes in float32 and carom in float64 with exact kernels.
 *
 * Run: node --import tsx bench/geometry2d.bench.ts [family-substring ...]
 */
import RAPIER from "@dimforge/rapier2d-compat";
import { bench, report, sinkValue, type BenchRow } from "./harness.js";
import { Random } from "../test/support/random.js";
import {
  pointCrossingBox2Into,
  pointCrossingBox2Raw,
  rayHitCircle,
  rayHitCircleRaw,
  sweepCircleBoxInto,
  sweepCirclePolylineInto,
  sweepCircleSegmentInto,
  toiCircleBoxRaw,
  toiCirclePolylineRaw,
  toiCircleSegmentRaw,
  type BoxCrossing2,
  type WallHit2,
} from "../src/index.js";

const N = 1 << 14;
const M = N - 1;
const OPS = 2_000_000; // carom queries per sample
const RP = 50_000; // Rapier queries per sample
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
  const families: { title: string; rows: BenchRow[] }[] = [];
  const hit: WallHit2 = { t: 0, px: 0, py: 0, nx: 0, ny: 0, feature: 0, index: 0 };

  // Ray vs circle: origin (x, y), direction (vx, vy), the whole ray (maxS = Infinity, Rapier: 1e30).
  if (wanted("ray vs circle")) {
    const C = makeCases(1, "circle");
    const rays = C.map((c) => ({ x: c.x, y: c.y, dx: c.vx, dy: c.vy }));
    const circles = C.map((c) => ({ x: c.g0, y: c.g1, r: c.g2 }));
    const balls = C.map((c) => new RAPIER.Ball(c.g2));
    const ray = new RAPIER.Ray({ x: 0, y: 0 }, { x: 1, y: 0 });
    const pos = { x: 0, y: 0 };
    const rows: BenchRow[] = [];
    const note = hitRate((i) => rayHitCircle(rays[i], circles[i]) !== Infinity);
    rows.push(bench("carom rayHitCircle (checked)", OPS, () => {
      let s = 0;
      for (let k = 0; k < OPS; k++) s += fold(rayHitCircle(rays[k & M], circles[k & M]));
      return s;
    }, {}, note));
    rows.push(bench("carom rayHitCircleRaw", OPS, () => {
      let s = 0;
      for (let k = 0; k < OPS; k++) {
        const c = C[k & M];
        s += fold(rayHitCircleRaw(c.x, c.y, c.vx, c.vy, c.g0, c.g1, c.g2, Infinity));
      }
      return s;
    }));
    rows.push(bench("Rapier Ball.castRay (solid)", RP, () => {
      let s = 0;
      for (let k = 0; k < RP; k++) {
        const c = C[k & M];
        ray.origin.x = c.x; ray.origin.y = c.y; ray.dir.x = c.vx; ray.dir.y = c.vy;
        pos.x = c.g0; pos.y = c.g1;
        const t = balls[k & M].castRay(ray, pos, 0, 1e30, true);
        s += t < 0 ? 1 : t;
      }
      return s;
    }, { samples: 5 }));
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
    const rows: BenchRow[] = [];
    const note = hitRate((i) => pointCrossingBox2Into(out, points[i], boxes[i]));
    rows.push(bench("carom pointCrossingBox2Into (checked)", OPS, () => {
      let s = 0;
      for (let k = 0; k < OPS; k++) if (pointCrossingBox2Into(out, points[k & M], boxes[k & M])) s += out.tEnter;
      return s;
    }, {}, note + ", entry and exit"));
    rows.push(bench("carom pointCrossingBox2Raw", OPS, () => {
      let s = 0;
      for (let k = 0; k < OPS; k++) {
        const c = C[k & M];
        if (pointCrossingBox2Raw(c.x, c.y, c.vx, c.vy, c.g0, c.g1, c.g2, c.g3, 1)) s += 1;
      }
      return s;
    }));
    rows.push(bench("Rapier Cuboid.castRay (solid)", RP, () => {
      let s = 0;
      for (let k = 0; k < RP; k++) {
        const c = C[k & M];
        ray.origin.x = c.x; ray.origin.y = c.y; ray.dir.x = c.vx; ray.dir.y = c.vy;
        pos.x = (c.g0 + c.g2) / 2; pos.y = (c.g1 + c.g3) / 2;
        const t = cuboids[k & M].castRay(ray, pos, 0, 1, true);
        s += t < 0 ? 1 : t;
      }
      return s;
    }, { samples: 5 }, "entry only"));
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
    const rows: BenchRow[] = [];
    const note = hitRate((i) => sweepCircleSegmentInto(hit, circles[i], segments[i]));
    rows.push(bench("carom sweepCircleSegmentInto (checked)", OPS, () => {
      let s = 0;
      for (let k = 0; k < OPS; k++) if (sweepCircleSegmentInto(hit, circles[k & M], segments[k & M])) s += hit.t + hit.nx;
      return s;
    }, {}, note + ", t + point + normal + feature"));
    rows.push(bench("carom toiCircleSegmentRaw", OPS, () => {
      let s = 0;
      for (let k = 0; k < OPS; k++) {
        const c = C[k & M];
        s += fold(toiCircleSegmentRaw(c.x, c.y, c.vx, c.vy, c.r, c.g0, c.g1, c.g2, c.g3, 1));
      }
      return s;
    }));
    rows.push(bench("Rapier Ball.castShape vs Segment", RP, () => {
      let s = 0;
      for (let k = 0; k < RP; k++) {
        const c = C[k & M];
        p.x = c.x; p.y = c.y; v.x = c.vx; v.y = c.vy;
        const h = balls[k & M].castShape(p, 0, v, segs[k & M], zero, 0, zero, 0, 1, true);
        s += h === null ? 1 : h.time_of_impact;
      }
      return s;
    }, { samples: 5 }));
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
    const rows: BenchRow[] = [];
    const note = hitRate((i) => sweepCircleBoxInto(hit, circles[i], boxes[i]));
    rows.push(bench("carom sweepCircleBoxInto (checked)", OPS, () => {
      let s = 0;
      for (let k = 0; k < OPS; k++) if (sweepCircleBoxInto(hit, circles[k & M], boxes[k & M])) s += hit.t + hit.nx;
      return s;
    }, {}, note + ", t + point + normal + feature"));
    rows.push(bench("carom toiCircleBoxRaw", OPS, () => {
      let s = 0;
      for (let k = 0; k < OPS; k++) {
        const c = C[k & M];
        s += fold(toiCircleBoxRaw(c.x, c.y, c.vx, c.vy, c.r, c.g0, c.g1, c.g2, c.g3, 1));
      }
      return s;
    }));
    rows.push(bench("Rapier Ball.castShape vs Cuboid", RP, () => {
      let s = 0;
      for (let k = 0; k < RP; k++) {
        const c = C[k & M];
        p.x = c.x; p.y = c.y; v.x = c.vx; v.y = c.vy;
        q.x = (c.g0 + c.g2) / 2; q.y = (c.g1 + c.g3) / 2;
        const h = balls[k & M].castShape(p, 0, v, cuboids[k & M], q, 0, zero, 0, 1, true);
        s += h === null ? 1 : h.time_of_impact;
      }
      return s;
    }, { samples: 5 }));
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
    const rows: BenchRow[] = [];
    const note = hitRate((i) => sweepCirclePolylineInto(hit, circles[i], polys[i & 63]));
    rows.push(bench("carom sweepCirclePolylineInto (checked)", OPS / 4, () => {
      let s = 0;
      for (let k = 0; k < OPS / 4; k++) if (sweepCirclePolylineInto(hit, circles[k & M], polys[k & 63])) s += hit.t + hit.nx;
      return s;
    }, {}, note + ", 8 segments"));
    rows.push(bench("carom toiCirclePolylineRaw", OPS / 4, () => {
      let s = 0;
      for (let k = 0; k < OPS / 4; k++) {
        const c = C[k & M];
        s += fold(toiCirclePolylineRaw(c.x, c.y, c.vx, c.vy, c.r, polys[k & 63], 1));
      }
      return s;
    }));
    rows.push(bench("Rapier Ball.castShape vs Polyline", RP, () => {
      let s = 0;
      for (let k = 0; k < RP; k++) {
        const c = C[k & M];
        p.x = c.x; p.y = c.y; v.x = c.vx; v.y = c.vy;
        const h = balls[k & M].castShape(p, 0, v, rpolys[k & 63], zero, 0, zero, 0, 1, true);
        s += h === null ? 1 : h.time_of_impact;
      }
      return s;
    }, { samples: 5 }));
    families.push({ title: "circle vs polyline (8 segments)", rows });
  }

  for (const f of families) {
    const peer = f.rows.find((r) => r.name.startsWith("Rapier"))!;
    report(f.title, f.rows, peer.name, "queries");
    summary.push(`${f.title.padEnd(32)} checked ${(f.rows[0].opsPerSec / peer.opsPerSec).toFixed(1).padStart(6)}x  raw ${(f.rows[1].opsPerSec / peer.opsPerSec).toFixed(1).padStart(6)}x  Rapier`);
  }
  console.log("\nsummary (median queries/s over Rapier's, same inputs, same process):");
  for (const line of summary) console.log("  " + line);
  console.log(`\n(sink ${sinkValue().toExponential(3)})`);
}

await main();
