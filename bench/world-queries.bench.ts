/**
 * World queries (the queries part): how many ray casts, circle casts and point, circle and box
 * queries per second a World2D answers, against a scan of every body with the same kernels (what
 * the queries would cost without the cells) and against Rapier 2D's query pipeline on the same
 * bodies, in one process.
 *
 * Scene: the world bench's 10,000 balls (radius 0.5, 30% area fraction) in a closed square,
 * with 32 walls (16 segments, 16 boxes), run for 0.5 s so that bodies are mid-simulation. Rapier
 * gets a fixed ball collider at each body's position and the same walls. Queries (seeded,
 * pre-generated, 1,024 of each, cycled): rays from random points in random directions with no
 * length limit; circles of radius 0.5 swept over 5 units; points; circles of radius 2; boxes of
 * 4 x 4. carom answers exactly (the nearest hit with its normal, every overlap decided exactly);
 * Rapier's AABB query returns colliders whose bounding boxes meet the box (no exact test).
 *
 * Run: npm run bench -- world   (this file and world.bench.ts; BENCH_QUICK=1 for shorter runs)
 */
import RAPIER from "@dimforge/rapier2d-compat";
import { OverlapBuffer, World2D, rayHitCircleRaw, type WorldHit2 } from "carom";
import { Random } from "../test/support/random.js";
import { bench, rate, report, sinkValue, type BenchRow } from "./harness.js";

const QUICK = process.env.BENCH_QUICK === "1";
const N = 10_000;
const Q = 1024;
const samples = QUICK ? 3 : 9;

function build(): { w: World2D; L: number } {
  const rnd = new Random(42);
  const r = 0.5;
  const L = Math.sqrt((N * Math.PI * r * r) / 0.3);
  const side = Math.ceil(Math.sqrt(N));
  const pitch = L / side;
  const slack = (pitch - 2 * r) / 2;
  const w = new World2D({ bounds: { min: [0, 0], max: [L, L] }, recordEvents: false });
  // walls in lanes between lattice rows and columns (thin boxes and segments), clear of the balls
  for (let k = 0; k < 16; k++) {
    const row = 1 + Math.floor((k * (side - 2)) / 16);
    const y = row * pitch;
    w.addSegment(pitch * 2, y, pitch * 6, y);
    const x = row * pitch;
    w.addBox(x - 0.01, pitch * 3, x + 0.01, pitch * 5);
  }
  const clear = (x: number, y: number): boolean => {
    const cx = Math.round(x / pitch), cy = Math.round(y / pitch);
    return !(Math.abs(y - cy * pitch) < r + 0.02 && x > pitch * 2 - r && x < pitch * 6 + r) && !(Math.abs(x - cx * pitch) < r + 0.02 && y > pitch * 3 - r && y < pitch * 5 + r);
  };
  for (let k = 0; k < N; k++) {
    const x = ((k % side) + 0.5) * pitch + rnd.range(-slack, slack) * 0.99;
    const y = (Math.floor(k / side) + 0.5) * pitch + rnd.range(-slack, slack) * 0.99;
    if (!clear(x, y)) continue;
    w.addBody({ x, y, vx: rnd.range(-10, 10), vy: rnd.range(-10, 10), radius: r });
  }
  w.advance(0.5);
  return { w, L };
}

async function main(): Promise<void> {
  await RAPIER.init();
  const { w, L } = build();
  const rnd = new Random(7);
  const rays = Array.from({ length: Q }, () => {
    const a = rnd.range(0, 2 * Math.PI);
    return { x: rnd.range(0, L), y: rnd.range(0, L), dx: Math.cos(a), dy: Math.sin(a) };
  });
  const casts = Array.from({ length: Q }, () => {
    const a = rnd.range(0, 2 * Math.PI);
    return { x: rnd.range(1, L - 1), y: rnd.range(1, L - 1), vx: 5 * Math.cos(a), vy: 5 * Math.sin(a), r: 0.5 };
  });
  const points = Array.from({ length: Q }, () => [rnd.range(0, L), rnd.range(0, L)]);
  const discs = Array.from({ length: Q }, () => ({ x: rnd.range(0, L), y: rnd.range(0, L), r: 2 }));
  const boxes = Array.from({ length: Q }, () => {
    const x = rnd.range(0, L - 4), y = rnd.range(0, L - 4);
    return { minX: x, minY: y, maxX: x + 4, maxY: y + 4 };
  });
  const hit: WorldHit2 = { t: 0, px: 0, py: 0, nx: 0, ny: 0, kind: 0, index: 0, id: "" };
  const out = new OverlapBuffer(256);
  const B = 4096;
  const opts = { samples };

  // Rapier: the same bodies as fixed balls, the same walls.
  const rw = new RAPIER.World({ x: 0, y: 0 });
  const ground = rw.createRigidBody(RAPIER.RigidBodyDesc.fixed());
  for (let i = 0; i < w.n; i++) rw.createCollider(RAPIER.ColliderDesc.ball(w.r[i]).setTranslation(w.x[i], w.y[i]), ground);
  for (let k = 0; k < w.walls; k++) {
    const d = w.wallData.subarray(9 * k, 9 * k + 4);
    if (k % 2 === 0) rw.createCollider(RAPIER.ColliderDesc.segment({ x: d[0], y: d[1] }, { x: d[2], y: d[3] }), ground);
    else rw.createCollider(RAPIER.ColliderDesc.cuboid((d[2] - d[0]) / 2, (d[3] - d[1]) / 2).setTranslation((d[0] + d[2]) / 2, (d[1] + d[3]) / 2), ground);
  }
  const t = 0.5;
  for (const [x, y, hx, hy] of [[L / 2, -t, L / 2 + t, t], [L / 2, L + t, L / 2 + t, t], [-t, L / 2, t, L / 2 + t], [L + t, L / 2, t, L / 2 + t]]) {
    rw.createCollider(RAPIER.ColliderDesc.cuboid(hx, hy).setTranslation(x, y), ground);
  }
  rw.step();
  const rray = new RAPIER.Ray({ x: 0, y: 0 }, { x: 1, y: 0 });
  const ball05 = new RAPIER.Ball(0.5), ball2 = new RAPIER.Ball(2);
  let count = 0;
  const counter = (): boolean => {
    count++;
    return true;
  };

  const groups: [string, BenchRow[]][] = [];
  groups.push(["ray casts (nearest body, wall or side; no length limit)", [
    bench("carom rayCastInto", B, () => {
      let s = 0;
      for (let k = 0; k < B; k++) if (w.rayCastInto(hit, rays[k & (Q - 1)])) s += hit.t;
      return s;
    }, opts),
    bench("scan of every body (rayHitCircleRaw)", 16, () => {
      let s = 0;
      for (let k = 0; k < 16; k++) {
        const r = rays[k & (Q - 1)];
        let best = Infinity;
        for (let i = 0; i < w.n; i++) best = Math.min(best, rayHitCircleRaw(r.x, r.y, r.dx, r.dy, w.x[i], w.y[i], w.r[i], best));
        s += best;
      }
      return s;
    }, opts),
    bench("Rapier castRay (solid)", B, () => {
      let s = 0;
      for (let k = 0; k < B; k++) {
        const r = rays[k & (Q - 1)];
        rray.origin = { x: r.x, y: r.y };
        rray.dir = { x: r.dx, y: r.dy };
        const h = rw.castRay(rray, 1e9, true);
        if (h !== null) s += h.timeOfImpact;
      }
      return s;
    }, opts),
  ]]);
  groups.push(["circle casts (radius 0.5 over 5 units)", [
    bench("carom castCircleInto", B, () => {
      let s = 0;
      for (let k = 0; k < B; k++) if (w.castCircleInto(hit, casts[k & (Q - 1)])) s += hit.t;
      return s;
    }, opts),
    bench("Rapier castShape (ball)", B, () => {
      let s = 0;
      for (let k = 0; k < B; k++) {
        const c = casts[k & (Q - 1)];
        const h = rw.castShape({ x: c.x, y: c.y }, 0, { x: c.vx, y: c.vy }, ball05, 0, 1, true);
        if (h !== null) s += h.time_of_impact;
      }
      return s;
    }, opts),
  ]]);
  groups.push(["point queries", [
    bench("carom queryPointInto", B, () => {
      let s = 0;
      for (let k = 0; k < B; k++) {
        const p = points[k & (Q - 1)];
        s += w.queryPointInto(out, p[0], p[1]);
      }
      return s;
    }, opts),
    bench("Rapier intersectionsWithPoint", B, () => {
      count = 0;
      for (let k = 0; k < B; k++) {
        const p = points[k & (Q - 1)];
        rw.intersectionsWithPoint({ x: p[0], y: p[1] }, counter);
      }
      return count;
    }, opts),
  ]]);
  groups.push(["circle queries (radius 2)", [
    bench("carom queryCircleInto", B, () => {
      let s = 0;
      for (let k = 0; k < B; k++) s += w.queryCircleInto(out, discs[k & (Q - 1)]);
      return s;
    }, opts),
    bench("Rapier intersectionsWithShape (ball)", B, () => {
      count = 0;
      for (let k = 0; k < B; k++) {
        const c = discs[k & (Q - 1)];
        rw.intersectionsWithShape({ x: c.x, y: c.y }, 0, ball2, counter);
      }
      return count;
    }, opts),
  ]]);
  groups.push(["box queries (4 x 4)", [
    bench("carom queryBoxInto (exact)", B, () => {
      let s = 0;
      for (let k = 0; k < B; k++) s += w.queryBoxInto(out, boxes[k & (Q - 1)]);
      return s;
    }, opts),
    bench("Rapier collidersWithAabbIntersectingAabb (bounding boxes only)", B, () => {
      count = 0;
      for (let k = 0; k < B; k++) {
        const b = boxes[k & (Q - 1)];
        rw.collidersWithAabbIntersectingAabb({ x: (b.minX + b.maxX) / 2, y: (b.minY + b.maxY) / 2 }, { x: 2, y: 2 }, counter);
      }
      return count;
    }, opts),
  ]]);
  console.log(`World2D queries: ${w.bodyCount} bodies, ${w.walls} walls, box ${L.toFixed(1)} x ${L.toFixed(1)}, at t = ${w.now}`);
  for (const [title, rows] of groups) {
    report(title, rows, rows[0].name, "queries");
    for (const r of rows) if (r !== rows[0]) console.log(`  carom / ${r.name.split(" ")[0]}: ${(rows[0].opsPerSec / r.opsPerSec).toFixed(1)}x (${rate(rows[0].opsPerSec)} against ${rate(r.opsPerSec)})`);
  }
  console.log(`(sink ${sinkValue() > 0 ? "used" : "empty"})`);
}

await main();
