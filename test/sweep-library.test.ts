import { test } from "node:test";
import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { playShot, readPoolShot } from "../src/exports/pool.js";
import { expandSweep, runConfig, runSweep, SweepError, validateSweep, type SweepResult } from "../src/exports/sweep.js";
import { worldFromScene, validateScene } from "../src/index.js";
import { tempDir } from "./support/cli.js";

const shot = { pool: 1, balls: [{ id: "cue", x: 0.5, y: 0.6 }, { id: "1", x: 0.75, y: 1.6 }], strike: { ball: "cue", V0: 2.5, phi: 76 } };

test("a pool sweep's results are playShot's for each shot, and a scene sweep's are the world's, bit for bit", async () => {
  const pool = validateSweep({ sweep: 1, pool: shot, grid: { "strike.phi": [73, 77, 80], "strike.b": [0, 0.4] } });
  const scene = validateSweep({
    sweep: 1,
    scene: { carom: 1, duration: 3, bounds: { min: [0, 0], max: [4, 2] }, bodies: [{ id: "a", position: [0.5, 1], velocity: [2, 0.3], radius: 0.2 }, { id: "b", position: [2, 1.1], radius: 0.2 }] },
    grid: { restitution: [1, 0.5] },
  });
  const [p, s] = await Promise.all([runSweep(pool, { workers: 2 }), runSweep(scene, { workers: 1 })]);
  assert.equal(p.results.length, 6);
  for (const [k, run] of expandSweep(pool).entries()) {
    const { system, events } = playShot(readPoolShot(runConfig(pool, run)), 0);
    const r = p.results[k].results as Record<string, unknown>;
    assert.equal(p.results[k].id, run.id);
    assert.equal(r.events, events.length);
    assert.equal(r.time, system.t);
    assert.deepEqual(r.pocketedIds, events.filter((e) => e.type === "ball-pocket").map((e) => e.ids[0]));
    assert.equal(r.cueBallX, system.ball("cue").state === "pocketed" ? null : system.ball("cue").r[0]);
  }
  assert.ok(p.results.some((r) => r.results?.firstContact === "1") && p.results.some((r) => (r.results?.pocketedIds as string[]).includes("1")), "some shots hit the 1 ball, some pocket it");
  for (const [k, run] of expandSweep(scene).entries()) {
    const world = worldFromScene(validateScene(runConfig(scene, run)));
    const before = world.kineticEnergy();
    const report = world.advance(3);
    const r = s.results[k].results as Record<string, number>;
    assert.equal(r.collisions, report.collisions);
    assert.equal(r.energyBefore, before);
    assert.equal(r.energyAfter, world.kineticEnergy());
    assert.equal(r.time, world.now);
  }
  assert.ok((s.results[1].results?.energyAfter as number) < (s.results[0].results?.energyAfter as number), "restitution 0.5 loses energy");
});

test("a run that throws, loops past its timeout, ends its worker or returns NaN is a failed result; the others finish", async () => {
  const dir = tempDir("carom-sweep-");
  writeFileSync(
    join(dir, "task.mjs"),
    `export async function run(config, seed) {
  if (config.x === 2) throw new RangeError("x = 2 is not allowed");
  if (config.x === 3) for (;;) {}
  if (config.x === 4) process.exit(3);
  if (config.x === 5) return { value: NaN };
  return { value: config.x * 10, seed, label: "x" + config.x };
}
`,
  );
  const sweep = { sweep: 1 as const, module: { file: join(dir, "task.mjs") }, grid: { x: [1, 2, 3, 4, 5, 6, 7] }, record: ["value", "seed"] };
  const seen: string[] = [];
  const out = await runSweep(sweep, { workers: 2, timeout: 1, onResult: (r) => seen.push(r.id) });
  assert.equal(out.runs, 7);
  assert.equal(out.failed, 4);
  assert.deepEqual(seen.slice().sort(), out.results.map((r) => r.id).sort());
  const byId = new Map(out.results.map((r) => [r.id, r]));
  assert.equal(byId.get("x=2")?.error, "x = 2 is not allowed");
  assert.equal(byId.get("x=3")?.error, "timed out after 1 s");
  assert.equal(byId.get("x=4")?.error, "the worker exited with code 3");
  assert.equal(byId.get("x=5")?.error, "the module's run returned results.value = NaN; results must be finite numbers");
  for (const x of [1, 6, 7]) {
    const r = byId.get(`x=${x}`) as SweepResult;
    assert.deepEqual(r.results, { value: 10 * x, seed: r.seed }, "record picks and orders the module's results");
  }
});

test("an abort signal stops the workers at once; the finished runs are kept and skip resumes with the rest", async () => {
  const dir = tempDir("carom-sweep-");
  writeFileSync(join(dir, "task.mjs"), `export function run(config) {\n  const end = Date.now() + (config.x === 0 ? 0 : 60_000);\n  while (Date.now() < end) {}\n  return { x: config.x };\n}\n`);
  const sweep = { sweep: 1 as const, module: { file: join(dir, "task.mjs") }, grid: { x: [0, 1, 2] } };
  const controller = new AbortController();
  const t0 = performance.now();
  const out = await runSweep(sweep, { workers: 2, signal: controller.signal, onResult: () => setTimeout(() => controller.abort(), 100) });
  assert.ok(performance.now() - t0 < 30_000, "stopped long before the 60 s runs end");
  assert.equal(out.interrupted, true);
  assert.deepEqual(out.results.map((r) => r.id), ["x=0"]);
  const rest = await runSweep({ ...sweep, grid: { x: [0] } }, { skip: ["x=0"] });
  assert.deepEqual({ runs: rest.runs, skipped: rest.skipped, results: rest.results.length, interrupted: rest.interrupted }, { runs: 1, skipped: 1, results: 0, interrupted: false });
});

test("runSweep checks its options and the runs before any worker starts, and a throwing onResult rejects", async () => {
  const sweep = { sweep: 1 as const, hardSpheres: { count: 32, collisionsPerBody: 5 }, grid: { packingFraction: [0.3, 0.9] } };
  await assert.rejects(runSweep(sweep, { wokers: 2 } as never), /runSweep: unknown option "wokers", did you mean "workers"\?/);
  await assert.rejects(runSweep(sweep, { workers: 0 }), /workers must be an integer from 1 to 1024, got 0/);
  await assert.rejects(runSweep(sweep, { shard: "2/2" }), /^RangeError: shard 2\/2: shards of 2 are numbered 0 to 1/);
  await assert.rejects(runSweep(sweep), (e: unknown) => e instanceof SweepError && /run "packingFraction=0\.9": packingFraction 0\.9 is too dense/.test(e.message));
  await assert.rejects(runSweep({ sweep: 1, module: { file: "/nonexistent/task.mjs" } }), (e: unknown) => e instanceof SweepError && /<sweep>: module\.file: cannot import \/nonexistent\/task\.mjs: Cannot find module/.test(e.message));
  const ok = { ...sweep, grid: { packingFraction: [0.2, 0.3] } };
  await assert.rejects(runSweep(ok, { workers: 1, onResult: () => { throw new Error("my callback failed"); } }), /my callback failed/);
  const half = await runSweep(ok, { shard: { index: 1, count: 2 } });
  assert.deepEqual(half.results.map((r) => r.id), ["packingFraction=0.3"]);
});
