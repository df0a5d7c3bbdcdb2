import { before, test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT, carom, ensureBuilt, parseEvents, parseXyz, tempDir, type EventRecord, type XyzFrame } from "./support/cli.js";
import type { Scene } from "../src/index.js";

before(() => ensureBuilt());

interface Run {
  scene: Scene;
  summary: { events: { total: number; body: number; wall: number; bounds: number }; energy: { before: number; after: number }; end: number };
  events: EventRecord[];
  frames: XyzFrame[];
  final: Scene;
  finalFile: string;
}

/** Runs an example with events, frames and the final state, and reads them all back. */
function runExample(name: string, extra: string[] = [], every?: number): Run {
  const dir = tempDir();
  const file = join(ROOT, "examples", `${name}.json`);
  const args = ["run", file, "--json", "--events", join(dir, "e.ndjson"), "--final", join(dir, "final.json"), ...extra];
  if (every !== undefined) args.push("--trajectory", join(dir, "t.xyz"), "--every", String(every));
  const r = carom(args, { timeout: 120_000 });
  assert.equal(r.code, 0, `${name}: ${r.stderr}`);
  return {
    scene: JSON.parse(readFileSync(file, "utf8")) as Scene,
    summary: JSON.parse(r.stdout) as Run["summary"],
    events: parseEvents(readFileSync(join(dir, "e.ndjson"), "utf8")),
    frames: every === undefined ? [] : parseXyz(readFileSync(join(dir, "t.xyz"), "utf8")),
    final: JSON.parse(readFileSync(join(dir, "final.json"), "utf8")) as Scene,
    finalFile: join(dir, "final.json"),
  };
}

/** The centre of body `a` at an event: the contact point minus its radius along the normal. */
function centreOfA(e: EventRecord, radius: number): number[] {
  return e.point.map((p, k) => p - radius * e.normal[k]);
}

/** Distance from segment pq to the box (0 when they intersect): a vertex of one attains the minimum. */
function segmentBoxDistance(p: number[], q: number[], min: number[], max: number[]): number {
  // Slab test for an intersection (Liang-Barsky).
  let t0 = 0, t1 = 1;
  for (let k = 0; k < 2; k++) {
    const d = q[k] - p[k];
    if (d === 0) {
      if (p[k] < min[k] || p[k] > max[k]) {
        t0 = 2;
        break;
      }
      continue;
    }
    let a = (min[k] - p[k]) / d, b = (max[k] - p[k]) / d;
    if (a > b) [a, b] = [b, a];
    t0 = Math.max(t0, a);
    t1 = Math.min(t1, b);
  }
  if (t0 <= t1) return 0;
  const pointBox = (x: number[]): number => Math.hypot(Math.max(min[0] - x[0], 0, x[0] - max[0]), Math.max(min[1] - x[1], 0, x[1] - max[1]));
  const pointSegment = (c: number[]): number => {
    const dx = q[0] - p[0], dy = q[1] - p[1];
    const L2 = dx * dx + dy * dy;
    const s = L2 === 0 ? 0 : Math.min(1, Math.max(0, ((c[0] - p[0]) * dx + (c[1] - p[1]) * dy) / L2));
    return Math.hypot(p[0] + s * dx - c[0], p[1] + s * dy - c[1]);
  };
  const corners = [[min[0], min[1]], [max[0], min[1]], [min[0], max[1]], [max[0], max[1]]];
  return Math.min(pointBox(p), pointBox(q), ...corners.map(pointSegment));
}

test("break: the pool break keeps every ball on the table and apart, and loses energy at every collision", () => {
  const run = runExample("break");
  assert.ok(run.events.length > 30);
  assert.ok(run.summary.energy.after < run.summary.energy.before);
  const r = 0.028575;
  for (const e of run.events) {
    const c = centreOfA(e, r);
    assert.ok(c[0] >= r - 1e-12 && c[0] <= 2.54 - r + 1e-12 && c[1] >= r - 1e-12 && c[1] <= 1.27 - r + 1e-12, JSON.stringify(e));
    assert.ok(e.impulse > 0);
  }
  // The first collision is the cue ball on the apex ball.
  assert.deepEqual([run.events[0].a, run.events[0].b], ["cue", "ball-1"]);
  assert.equal(carom(["validate", run.finalFile]).code, 0, "the final state passes the start-state check");
  const positions = run.final.bodies.map((b) => b.position);
  for (let i = 0; i < positions.length; i++) {
    for (let j = i + 1; j < positions.length; j++) assert.ok(Math.hypot(positions[i][0] - positions[j][0], positions[i][1] - positions[j][1]) >= 2 * r - 1e-12);
  }
});

test("breakout: the ball at 10,000 units/s never leaves the field and never passes through a brick or the paddle", () => {
  const run = runExample("breakout");
  const ball = run.scene.bodies[0];
  const r = ball.radius;
  const boxes = (run.scene.walls ?? []).map((w) => w.box as { min: number[]; max: number[] });
  // The exact path: straight legs between the ball's centres at its collisions.
  const path = [ball.position, ...run.events.map((e) => centreOfA(e, r)), run.final.bodies[0].position];
  assert.ok(run.events.length >= 20, `${run.events.length} collisions`);
  assert.ok(run.events.some((e) => e.b.startsWith("brick-")), "it hits bricks");
  assert.ok(run.events.every((e) => e.kind !== "body"));
  let travelled = 0;
  for (let k = 1; k < path.length; k++) {
    const p = path[k - 1], q = path[k];
    travelled += Math.hypot(q[0] - p[0], q[1] - p[1]);
    for (const c of [p, q]) assert.ok(c[0] >= r - 1e-9 && c[0] <= 480 - r + 1e-9 && c[1] >= r - 1e-9 && c[1] <= 640 - r + 1e-9, `leg ${k} leaves the field at ${c}`);
    for (const b of boxes) {
      const d = segmentBoxDistance(p, q, b.min, b.max);
      assert.ok(d >= r * (1 - 1e-9), `leg ${k} from ${p} to ${q} comes within ${d} of the box ${JSON.stringify(b)}`);
    }
  }
  // 10,000 units/s for 1 s, every unit accounted for by the legs.
  assert.ok(Math.abs(travelled - 10000) < 1e-6, `travelled ${travelled}`);
  assert.equal(carom(["validate", run.finalFile]).code, 0);
});

test("cradle: one ball in, one ball out: at every frame exactly one ball moves, at speed 1, and the chain hits come in fives", () => {
  const run = runExample("cradle", [], 0.25);
  assert.equal(run.frames.length, 81);
  for (const f of run.frames) {
    const moving = f.rows.filter((row) => row[3] !== 0 || row[4] !== 0);
    assert.equal(moving.length, 1, `t = ${f.time}`);
    assert.equal(Math.abs(moving[0][3]), 1);
    assert.equal(moving[0][4], 0);
  }
  const byTime = new Map<number, EventRecord[]>();
  for (const e of run.events) byTime.set(e.t, [...(byTime.get(e.t) ?? []), e]);
  for (const [t, group] of byTime) {
    if (group[0].kind === "body") assert.equal(group.length, 5, `t = ${t}`);
    else assert.equal(group.length, 1);
  }
  assert.equal(run.summary.energy.after, run.summary.energy.before);
});

test("gas: 2,000 elastic disks keep their energy to 1e-12 and end inside the box without overlapping", () => {
  const run = runExample("gas", ["--duration", "4"]);
  assert.ok(run.events.length > 5000, `${run.events.length} collisions`);
  const { before, after } = run.summary.energy;
  assert.ok(Math.abs(after - before) <= 1e-12 * before, `energy ${before} -> ${after}`);
  // The final state passes the full start-state check (no overlaps, inside the bounds).
  const v = carom(["validate", run.finalFile]);
  assert.equal(v.code, 0, v.stderr);
});

test("spheres: 3D spheres keep their energy, stay in the box and out of the block, and the final state validates", () => {
  const run = runExample("spheres", [], 0.5);
  const { before, after } = run.summary.energy;
  assert.ok(Math.abs(after - before) <= 1e-12 * before, `energy ${before} -> ${after}`);
  assert.ok(run.summary.events.wall > 0 && run.summary.events.body > 0);
  for (const f of run.frames) {
    for (const [x, y, z, , , , r] of f.rows) {
      for (const c of [x, y, z]) assert.ok(c >= r - 1e-9 && c <= 20 - r + 1e-9);
      const dx = Math.max(8 - x, 0, x - 12), dy = Math.max(8 - y, 0, y - 12), dz = Math.max(8 - z, 0, z - 12);
      assert.ok(Math.hypot(dx, dy, dz) >= r - 1e-9, `inside the block at t = ${f.time}`);
      assert.ok((x + y + z - 3) / Math.sqrt(3) >= r - 1e-9, `behind the corner plane at t = ${f.time}`);
    }
  }
  assert.equal(carom(["validate", run.finalFile]).code, 0);
});

test(
  "galton: balls fall under gravity through the pegs into the bins, never inside a peg, never gaining energy",
  () => {
    const run = runExample("galton", ["--max-collisions", "1000000"], 0.05);
    const pegs = run.scene.bodies.filter((b) => b.fixed === true);
    const balls = run.scene.bodies.map((b, i) => ({ b, i })).filter(({ b }) => b.fixed !== true);
    assert.ok(run.summary.energy.after < run.summary.energy.before);
    for (const f of run.frames) {
      for (const { b, i } of balls) {
        const [x, y] = f.rows[i];
        assert.ok(x >= b.radius - 1e-9 && x <= 0.6 - b.radius + 1e-9 && y >= b.radius - 1e-9, `${b.id} leaves the board at t = ${f.time}`);
        for (const p of pegs) assert.ok(Math.hypot(x - p.position[0], y - p.position[1]) >= b.radius + p.radius - 1e-9, `${b.id} inside ${p.id}`);
      }
    }
    // At the end every ball lies in a bin, below the pegs.
    for (const { b, i } of balls) assert.ok(run.final.bodies[i].position[1] < 0.3, `${b.id} is not in a bin`);
  },
);
