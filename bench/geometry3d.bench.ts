/**
 * 3D queries against geometry: queries per second for each family, carom's checked
 * allocation-free form (`...Into`, argument checks and the full hit description included) and
 * its raw numeric kernel (numbers in, t out), against Rapier 3D (@dimforge/rapier3d-compat,
 * world-less `Shape.castRay` / `Shape.castShape`) in the same process on the same seeded inputs.
 * Ratios are printed against the Rapier row.
 *
 * Families: ray vs sphere, ray vs box, ray vs triangle, sphere vs plane (Rapier: HalfSpace),
 * sphere vs box, sphere vs segment, sphere vs triangle. Each case set holds 2^14 seeded cases;
 * half of the moving bodies aim at the geometry (so hits, overlaps and misses all occur), half
 * move at random. Hit rates are printed. Rapier computes in float32; carom in float64 with exact
 * kernels.
 *
 * Timing: the contenders of a family run in alternation, one batch each per round (11 rounds),
 * and are timed by CPU time; medians and spreads are reported. See `interleaved`.
 *
 * Run: node --import tsx bench/geometry3d.bench.ts [family-substring ...] [--wall]
 */
import RAPIER from "@dimforge/rapier3d-compat";
import { report, sinkValue, type BenchRow } from "./harness.js";
import { Random } from "../test/support/random.js";
import {
  rayBox3Raw,
  raySphereRaw,
  rayTriangleRaw,
  raycastBox3Into,
  raycastSphereInto,
  raycastTriangleInto,
  sweepSphereBoxInto,
  sweepSpherePlaneInto,
  sweepSphereSegmentInto,
  sweepSphereTriangleInto,
  toiSphereBoxRaw,
  toiSpherePlaneRaw,
  toiSphereSegmentRaw,
  toiSphereTriangleRaw,
  type WallHit3,
} from "../src/index.js";

const N = 1 << 14;
const M = N - 1;
const OPS = 1_000_000; // carom queries per sample
const RP = 40_000; // Rapier queries per sample
const only = process.argv.slice(2).filter((a) => !a.startsWith("--"));
const wanted = (title: string): boolean => only.length === 0 || only.some((w) => title.includes(w));

type Kind = "sphere" | "box" | "triangle" | "plane" | "segment";

/** A moving sphere (or a ray: origin x, y, z, direction vx, vy, vz) and nine geometry numbers. */
interface Case {
  x: number; y: number; z: number; vx: number; vy: number; vz: number; r: number;
  g: number[];
}

function makeCases(seed: number, kind: Kind): Case[] {
  const rnd = new Random(seed);
  const cases: Case[] = [];
  for (let i = 0; i < N; i++) {
    let g: number[];
    let target: number[]; // a point near the geometry
    if (kind === "sphere") {
      g = [rnd.range(-1, 1), rnd.range(-1, 1), rnd.range(-1, 1), rnd.range(0.2, 1.5)];
      target = [g[0] + rnd.range(-2, 2), g[1] + rnd.range(-2, 2), g[2] + rnd.range(-2, 2)];
    } else if (kind === "box") {
      const c = [rnd.range(-1, 1), rnd.range(-1, 1), rnd.range(-1, 1)];
      const h = [rnd.range(0.1, 1), rnd.range(0.1, 1), rnd.range(0.1, 1)];
      g = [c[0] - h[0], c[1] - h[1], c[2] - h[2], c[0] + h[0], c[1] + h[1], c[2] + h[2]];
      target = [c[0] + rnd.range(-1.5, 1.5) * h[0], c[1] + rnd.range(-1.5, 1.5) * h[1], c[2] + rnd.range(-1.5, 1.5) * h[2]];
    } else if (kind === "triangle" || kind === "segment") {
      g = [];
      for (let k = 0; k < 9; k++) g.push(rnd.range(-2, 2));
      const u = rnd.range(-0.2, 1), v = kind === "segment" ? 0 : rnd.range(-0.2, 1 - u);
      target = [0, 1, 2].map((k) => g[k] + u * (g[3 + k] - g[k]) + v * (g[6 + k] - g[k]) + rnd.range(-0.3, 0.3));
    } else {
      // A plane through a point near the origin with a random (non-unit) normal.
      g = [rnd.range(-1, 1), rnd.range(-1, 1), rnd.range(-1, 1), rnd.range(-1, 1), rnd.range(-1, 1), rnd.range(-1, 1)];
      target = [g[0] + rnd.range(-1, 1), g[1] + rnd.range(-1, 1), g[2] + rnd.range(-1, 1)];
    }
    const x = rnd.range(-5, 5), y = rnd.range(-5, 5), z = rnd.range(-5, 5);
    let vx = rnd.range(-6, 6), vy = rnd.range(-6, 6), vz = rnd.range(-6, 6);
    if (rnd.next() < 0.5) {
      const f = rnd.range(0.5, 2);
      vx = (target[0] - x) * f; vy = (target[1] - y) * f; vz = (target[2] - z) * f;
    }
    cases.push({ x, y, z, vx, vy, vz, r: rnd.range(0.05, 0.5), g });
  }
  return cases;
}

/** One case of an interleaved comparison: `batch` performs `ops` queries and returns a number for the sink. */
interface Contender {
  name: string;
  ops: number;
  batch: () => number;
  note?: string;
}

let sink = 0;

/**
 * Times the contenders in alternation (one batch of each per round, after warm-up), so that all
 * of them see the same machine load (the machine is shared), and returns each one's median
 * throughput with its spread, as the harness's rows. Time is this process's CPU time (user +
 * system, process.cpuUsage) rather than wall time, so that time spent descheduled while other
 * processes run does not count; Rapier's WebAssembly runs on the same thread, so both sides are
 * measured alike. (Pass --wall to time by the wall clock instead.)
 */
const WALL = process.argv.includes("--wall");

function now(): number {
  if (WALL) return Number(process.hrtime.bigint()) / 1e9;
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
}

function interleaved(contenders: Contender[], rounds = 11): BenchRow[] {
  for (const c of contenders) for (let i = 0; i < 3; i++) sink += c.batch();
  const rates: number[][] = contenders.map(() => []);
  for (let r = 0; r < rounds; r++) {
    contenders.forEach((c, i) => {
      const t0 = now();
      sink += c.batch();
      const dt = now() - t0;
      rates[i].push(c.ops / dt);
    });
  }
  return contenders.map((c, i) => {
    const x = rates[i].sort((a, b) => a - b);
    const row: BenchRow = { name: c.name, opsPerSec: x[x.length >> 1], min: x[0], max: x[x.length - 1] };
    if (c.note !== undefined) row.note = c.note;
    return row;
  });
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
  const zero = { x: 0, y: 0, z: 0 };
  const rot = { x: 0, y: 0, z: 0, w: 1 };
  const families: { title: string; rows: BenchRow[] }[] = [];
  const hit: WallHit3 = { t: 0, px: 0, py: 0, pz: 0, nx: 0, ny: 0, nz: 0, feature: 0, index: 0 };
  const ray = new RAPIER.Ray({ x: 0, y: 0, z: 0 }, { x: 1, y: 0, z: 0 });
  const pos = { x: 0, y: 0, z: 0 };
  const p = { x: 0, y: 0, z: 0 };
  const v = { x: 0, y: 0, z: 0 };
  const setRay = (c: Case): void => {
    ray.origin.x = c.x; ray.origin.y = c.y; ray.origin.z = c.z;
    ray.dir.x = c.vx; ray.dir.y = c.vy; ray.dir.z = c.vz;
  };
  const setMotion = (c: Case): void => {
    p.x = c.x; p.y = c.y; p.z = c.z; v.x = c.vx; v.y = c.vy; v.z = c.vz;
  };

  // Rays use the whole ray (tMax = Infinity; Rapier: 1e30), as a picking or line-of-sight query.
  if (wanted("ray vs sphere")) {
    const C = makeCases(1, "sphere");
    const rays = C.map((c) => ({ x: c.x, y: c.y, z: c.z, dx: c.vx, dy: c.vy, dz: c.vz }));
    const spheres = C.map((c) => ({ x: c.g[0], y: c.g[1], z: c.g[2], r: c.g[3] }));
    const balls = C.map((c) => new RAPIER.Ball(c.g[3]));
    const cs: Contender[] = [];
    const note = hitRate((i) => raycastSphereInto(hit, rays[i], spheres[i]));
    cs.push({ name: "carom raycastSphereInto (checked)", ops: OPS, batch: () => {
      let s = 0;
      for (let k = 0; k < OPS; k++) if (raycastSphereInto(hit, rays[k & M], spheres[k & M])) s += hit.t + hit.nx;
      return s;
    }, note: note + ", t + point + normal" });
    cs.push({ name: "carom raySphereRaw", ops: OPS, batch: () => {
      let s = 0;
      for (let k = 0; k < OPS; k++) {
        const c = C[k & M];
        s += fold(raySphereRaw(c.x, c.y, c.z, c.vx, c.vy, c.vz, c.g[0], c.g[1], c.g[2], c.g[3], Infinity));
      }
      return s;
    } });
    cs.push({ name: "Rapier Ball.castRay (solid)", ops: RP, batch: () => {
      let s = 0;
      for (let k = 0; k < RP; k++) {
        const c = C[k & M];
        setRay(c);
        pos.x = c.g[0]; pos.y = c.g[1]; pos.z = c.g[2];
        const t = balls[k & M].castRay(ray, pos, rot, 1e30, true);
        s += t < 0 ? 1 : t;
      }
      return s;
    }, note: "t only" });
    families.push({ rows: interleaved(cs), title: "ray vs sphere" });
  }

  if (wanted("ray vs box")) {
    const C = makeCases(2, "box");
    const rays = C.map((c) => ({ x: c.x, y: c.y, z: c.z, dx: c.vx, dy: c.vy, dz: c.vz }));
    const boxes = C.map((c) => ({ minX: c.g[0], minY: c.g[1], minZ: c.g[2], maxX: c.g[3], maxY: c.g[4], maxZ: c.g[5] }));
    const cuboids = C.map((c) => new RAPIER.Cuboid((c.g[3] - c.g[0]) / 2, (c.g[4] - c.g[1]) / 2, (c.g[5] - c.g[2]) / 2));
    const cs: Contender[] = [];
    const note = hitRate((i) => raycastBox3Into(hit, rays[i], boxes[i]));
    cs.push({ name: "carom raycastBox3Into (checked)", ops: OPS, batch: () => {
      let s = 0;
      for (let k = 0; k < OPS; k++) if (raycastBox3Into(hit, rays[k & M], boxes[k & M])) s += hit.t + hit.nx;
      return s;
    }, note: note + ", t + point + normal + feature" });
    cs.push({ name: "carom rayBox3Raw", ops: OPS, batch: () => {
      let s = 0;
      for (let k = 0; k < OPS; k++) {
        const c = C[k & M];
        const g = c.g;
        s += fold(rayBox3Raw(c.x, c.y, c.z, c.vx, c.vy, c.vz, g[0], g[1], g[2], g[3], g[4], g[5], Infinity));
      }
      return s;
    } });
    cs.push({ name: "Rapier Cuboid.castRay (solid)", ops: RP, batch: () => {
      let s = 0;
      for (let k = 0; k < RP; k++) {
        const c = C[k & M];
        setRay(c);
        pos.x = (c.g[0] + c.g[3]) / 2; pos.y = (c.g[1] + c.g[4]) / 2; pos.z = (c.g[2] + c.g[5]) / 2;
        const t = cuboids[k & M].castRay(ray, pos, rot, 1e30, true);
        s += t < 0 ? 1 : t;
      }
      return s;
    }, note: "t only" });
    families.push({ rows: interleaved(cs), title: "ray vs box" });
  }

  if (wanted("ray vs triangle")) {
    const C = makeCases(3, "triangle");
    const rays = C.map((c) => ({ x: c.x, y: c.y, z: c.z, dx: c.vx, dy: c.vy, dz: c.vz }));
    const tris = C.map((c) => ({ ax: c.g[0], ay: c.g[1], az: c.g[2], bx: c.g[3], by: c.g[4], bz: c.g[5], cx: c.g[6], cy: c.g[7], cz: c.g[8] }));
    const rtris = C.map((c) => new RAPIER.Triangle({ x: c.g[0], y: c.g[1], z: c.g[2] }, { x: c.g[3], y: c.g[4], z: c.g[5] }, { x: c.g[6], y: c.g[7], z: c.g[8] }));
    const cs: Contender[] = [];
    const note = hitRate((i) => raycastTriangleInto(hit, rays[i], tris[i]));
    cs.push({ name: "carom raycastTriangleInto (checked)", ops: OPS, batch: () => {
      let s = 0;
      for (let k = 0; k < OPS; k++) if (raycastTriangleInto(hit, rays[k & M], tris[k & M])) s += hit.t + hit.nx;
      return s;
    }, note: note + ", t + point + normal + feature" });
    cs.push({ name: "carom rayTriangleRaw", ops: OPS, batch: () => {
      let s = 0;
      for (let k = 0; k < OPS; k++) {
        const c = C[k & M];
        const g = c.g;
        s += fold(rayTriangleRaw(c.x, c.y, c.z, c.vx, c.vy, c.vz, g[0], g[1], g[2], g[3], g[4], g[5], g[6], g[7], g[8], Infinity));
      }
      return s;
    } });
    cs.push({ name: "Rapier Triangle.castRay", ops: RP, batch: () => {
      let s = 0;
      for (let k = 0; k < RP; k++) {
        setRay(C[k & M]);
        const t = rtris[k & M].castRay(ray, zero, rot, 1e30, true);
        s += t < 0 ? 1 : t;
      }
      return s;
    }, note: "t only" });
    families.push({ rows: interleaved(cs), title: "ray vs triangle" });
  }

  // Sweeps use tMax = 1 (per-frame movement vectors).
  if (wanted("sphere vs plane")) {
    const C = makeCases(4, "plane");
    const spheres = C.map((c) => ({ x: c.x, y: c.y, z: c.z, vx: c.vx, vy: c.vy, vz: c.vz, r: c.r }));
    const planes = C.map((c) => ({ x: c.g[0], y: c.g[1], z: c.g[2], nx: c.g[3], ny: c.g[4], nz: c.g[5] }));
    const balls = C.map((c) => new RAPIER.Ball(c.r));
    const halfSpaces = C.map((c) => {
      const l = Math.hypot(c.g[3], c.g[4], c.g[5]);
      return new RAPIER.HalfSpace({ x: c.g[3] / l, y: c.g[4] / l, z: c.g[5] / l });
    });
    const cs: Contender[] = [];
    const note = hitRate((i) => sweepSpherePlaneInto(hit, spheres[i], planes[i]));
    cs.push({ name: "carom sweepSpherePlaneInto (checked)", ops: OPS, batch: () => {
      let s = 0;
      for (let k = 0; k < OPS; k++) if (sweepSpherePlaneInto(hit, spheres[k & M], planes[k & M])) s += hit.t + hit.nx;
      return s;
    }, note: note + ", t + point + normal" });
    cs.push({ name: "carom toiSpherePlaneRaw", ops: OPS, batch: () => {
      let s = 0;
      for (let k = 0; k < OPS; k++) {
        const c = C[k & M];
        const g = c.g;
        s += fold(toiSpherePlaneRaw(c.x, c.y, c.z, c.vx, c.vy, c.vz, c.r, g[0], g[1], g[2], g[3], g[4], g[5], 1));
      }
      return s;
    } });
    cs.push({ name: "Rapier Ball.castShape vs HalfSpace", ops: RP, batch: () => {
      let s = 0;
      for (let k = 0; k < RP; k++) {
        const c = C[k & M];
        setMotion(c);
        pos.x = c.g[0]; pos.y = c.g[1]; pos.z = c.g[2];
        const h = balls[k & M].castShape(p, rot, v, halfSpaces[k & M], pos, rot, zero, 0, 1, true);
        s += h === null ? 1 : h.time_of_impact;
      }
      return s;
    } });
    families.push({ rows: interleaved(cs), title: "sphere vs plane" });
  }

  if (wanted("sphere vs box")) {
    const C = makeCases(5, "box");
    const spheres = C.map((c) => ({ x: c.x, y: c.y, z: c.z, vx: c.vx, vy: c.vy, vz: c.vz, r: c.r }));
    const boxes = C.map((c) => ({ minX: c.g[0], minY: c.g[1], minZ: c.g[2], maxX: c.g[3], maxY: c.g[4], maxZ: c.g[5] }));
    const balls = C.map((c) => new RAPIER.Ball(c.r));
    const cuboids = C.map((c) => new RAPIER.Cuboid((c.g[3] - c.g[0]) / 2, (c.g[4] - c.g[1]) / 2, (c.g[5] - c.g[2]) / 2));
    const cs: Contender[] = [];
    const note = hitRate((i) => sweepSphereBoxInto(hit, spheres[i], boxes[i]));
    cs.push({ name: "carom sweepSphereBoxInto (checked)", ops: OPS, batch: () => {
      let s = 0;
      for (let k = 0; k < OPS; k++) if (sweepSphereBoxInto(hit, spheres[k & M], boxes[k & M])) s += hit.t + hit.nx;
      return s;
    }, note: note + ", t + point + normal + feature" });
    cs.push({ name: "carom toiSphereBoxRaw", ops: OPS, batch: () => {
      let s = 0;
      for (let k = 0; k < OPS; k++) {
        const c = C[k & M];
        const g = c.g;
        s += fold(toiSphereBoxRaw(c.x, c.y, c.z, c.vx, c.vy, c.vz, c.r, g[0], g[1], g[2], g[3], g[4], g[5], 1));
      }
      return s;
    } });
    cs.push({ name: "Rapier Ball.castShape vs Cuboid", ops: RP, batch: () => {
      let s = 0;
      for (let k = 0; k < RP; k++) {
        const c = C[k & M];
        setMotion(c);
        pos.x = (c.g[0] + c.g[3]) / 2; pos.y = (c.g[1] + c.g[4]) / 2; pos.z = (c.g[2] + c.g[5]) / 2;
        const h = balls[k & M].castShape(p, rot, v, cuboids[k & M], pos, rot, zero, 0, 1, true);
        s += h === null ? 1 : h.time_of_impact;
      }
      return s;
    } });
    families.push({ rows: interleaved(cs), title: "sphere vs box" });
  }

  if (wanted("sphere vs segment")) {
    const C = makeCases(6, "segment");
    const spheres = C.map((c) => ({ x: c.x, y: c.y, z: c.z, vx: c.vx, vy: c.vy, vz: c.vz, r: c.r }));
    const segs = C.map((c) => ({ ax: c.g[0], ay: c.g[1], az: c.g[2], bx: c.g[3], by: c.g[4], bz: c.g[5] }));
    const balls = C.map((c) => new RAPIER.Ball(c.r));
    const rsegs = C.map((c) => new RAPIER.Segment({ x: c.g[0], y: c.g[1], z: c.g[2] }, { x: c.g[3], y: c.g[4], z: c.g[5] }));
    const cs: Contender[] = [];
    const note = hitRate((i) => sweepSphereSegmentInto(hit, spheres[i], segs[i]));
    cs.push({ name: "carom sweepSphereSegmentInto (checked)", ops: OPS, batch: () => {
      let s = 0;
      for (let k = 0; k < OPS; k++) if (sweepSphereSegmentInto(hit, spheres[k & M], segs[k & M])) s += hit.t + hit.nx;
      return s;
    }, note: note + ", t + point + normal + feature" });
    cs.push({ name: "carom toiSphereSegmentRaw", ops: OPS, batch: () => {
      let s = 0;
      for (let k = 0; k < OPS; k++) {
        const c = C[k & M];
        const g = c.g;
        s += fold(toiSphereSegmentRaw(c.x, c.y, c.z, c.vx, c.vy, c.vz, c.r, g[0], g[1], g[2], g[3], g[4], g[5], 1));
      }
      return s;
    } });
    cs.push({ name: "Rapier Ball.castShape vs Segment", ops: RP, batch: () => {
      let s = 0;
      for (let k = 0; k < RP; k++) {
        setMotion(C[k & M]);
        const h = balls[k & M].castShape(p, rot, v, rsegs[k & M], zero, rot, zero, 0, 1, true);
        s += h === null ? 1 : h.time_of_impact;
      }
      return s;
    } });
    families.push({ rows: interleaved(cs), title: "sphere vs segment" });
  }

  if (wanted("sphere vs triangle")) {
    const C = makeCases(7, "triangle");
    const spheres = C.map((c) => ({ x: c.x, y: c.y, z: c.z, vx: c.vx, vy: c.vy, vz: c.vz, r: c.r }));
    const tris = C.map((c) => ({ ax: c.g[0], ay: c.g[1], az: c.g[2], bx: c.g[3], by: c.g[4], bz: c.g[5], cx: c.g[6], cy: c.g[7], cz: c.g[8] }));
    const balls = C.map((c) => new RAPIER.Ball(c.r));
    const rtris = C.map((c) => new RAPIER.Triangle({ x: c.g[0], y: c.g[1], z: c.g[2] }, { x: c.g[3], y: c.g[4], z: c.g[5] }, { x: c.g[6], y: c.g[7], z: c.g[8] }));
    const cs: Contender[] = [];
    const note = hitRate((i) => sweepSphereTriangleInto(hit, spheres[i], tris[i]));
    cs.push({ name: "carom sweepSphereTriangleInto (checked)", ops: OPS, batch: () => {
      let s = 0;
      for (let k = 0; k < OPS; k++) if (sweepSphereTriangleInto(hit, spheres[k & M], tris[k & M])) s += hit.t + hit.nx;
      return s;
    }, note: note + ", t + point + normal + feature" });
    cs.push({ name: "carom toiSphereTriangleRaw", ops: OPS, batch: () => {
      let s = 0;
      for (let k = 0; k < OPS; k++) {
        const c = C[k & M];
        const g = c.g;
        s += fold(toiSphereTriangleRaw(c.x, c.y, c.z, c.vx, c.vy, c.vz, c.r, g[0], g[1], g[2], g[3], g[4], g[5], g[6], g[7], g[8], 1));
      }
      return s;
    } });
    cs.push({ name: "Rapier Ball.castShape vs Triangle", ops: RP, batch: () => {
      let s = 0;
      for (let k = 0; k < RP; k++) {
        setMotion(C[k & M]);
        const h = balls[k & M].castShape(p, rot, v, rtris[k & M], zero, rot, zero, 0, 1, true);
        s += h === null ? 1 : h.time_of_impact;
      }
      return s;
    } });
    families.push({ rows: interleaved(cs), title: "sphere vs triangle" });
  }

  const summary: string[] = [];
  for (const f of families) {
    const peer = f.rows.find((r) => r.name.startsWith("Rapier"))!;
    report(f.title, f.rows, peer.name, "queries");
    summary.push(`${f.title.padEnd(20)} checked ${(f.rows[0].opsPerSec / peer.opsPerSec).toFixed(1).padStart(6)}x  raw ${(f.rows[1].opsPerSec / peer.opsPerSec).toFixed(1).padStart(6)}x  Rapier`);
  }
  console.log("\nsummary (median queries/s over Rapier's, same inputs, same process):");
  for (const line of summary) console.log("  " + line);
  console.log(`\n(sink ${(sinkValue() + sink).toExponential(3)})`);
}

await main();
