import { test } from "node:test";
import assert from "node:assert/strict";
import { expandSweep, gridValues, inShard, parseShard, runConfig, SweepError, validateSweep, type SweepDefinition } from "../src/exports/sweep.js";
import { hashText } from "../src/sweep/hash.js";

const hs = (extra: Partial<SweepDefinition> = {}): SweepDefinition => ({ sweep: 1, seed: 5, hardSpheres: { count: 32, packingFraction: 0.3 }, ...extra });

/** The problems a definition is refused with (one text per issue). */
function problems(def: unknown): string[] {
  try {
    validateSweep(def, "s.json");
  } catch (e) {
    if (e instanceof SweepError) return e.issues.map((i) => i.text);
    throw e;
  }
  return [];
}

test("the 64-bit FNV-1a behind the hashes gives the published test vectors", () => {
  assert.equal(hashText(""), "cbf29ce484222325");
  assert.equal(hashText("a"), "af63dc4c8601ec8c");
  assert.equal(hashText("foobar"), "85944171f73967e8");
});

test("runs are points, then grid combinations (first key outermost), then replicas, with ids naming their parameters", () => {
  const s = validateSweep(hs({ grid: { packingFraction: [0.2, 0.3], temperature: [1, 2] }, points: [{ radius: 0.5 }, { radius: 0.25 }], replicas: 2 }));
  const runs = expandSweep(s);
  assert.equal(runs.length, 16);
  assert.deepEqual(runs.slice(0, 5).map((r) => r.id), [
    "radius=0.5,packingFraction=0.2,temperature=1,replica=0",
    "radius=0.5,packingFraction=0.2,temperature=1,replica=1",
    "radius=0.5,packingFraction=0.2,temperature=2,replica=0",
    "radius=0.5,packingFraction=0.2,temperature=2,replica=1",
    "radius=0.5,packingFraction=0.3,temperature=1,replica=0",
  ]);
  assert.deepEqual(runs[15].params, { radius: 0.25, packingFraction: 0.3, temperature: 2 });
  assert.deepEqual(runs.map((r) => r.index), [...runs.keys()]);
  assert.deepEqual(runConfig(s, runs[15]), { count: 32, packingFraction: 0.3, radius: 0.25, temperature: 2 });
  assert.equal(expandSweep(validateSweep(hs()))[0].id, "run");
});

test("a run's seed depends only on the sweep's seed and its id: other runs, their order and the description change nothing", () => {
  const a = expandSweep(validateSweep(hs({ grid: { packingFraction: [0.2, 0.3] }, replicas: 3 })));
  const b = expandSweep(validateSweep(hs({ description: "more", grid: { packingFraction: [0.45, 0.3, 0.1, 0.2] }, replicas: 5 })));
  const seedOf = new Map(b.map((r) => [r.id, r.seed]));
  for (const r of a) assert.equal(seedOf.get(r.id), r.seed, r.id);
  const other = expandSweep(validateSweep(hs({ seed: 6, grid: { packingFraction: [0.2, 0.3] }, replicas: 3 })));
  assert.ok(other.every((r, k) => r.seed !== a[k].seed));
  // ids one character apart get unrelated seeds (about half the 32 bits differ)
  const bits = (x: number): number => x.toString(2).split("").filter((c) => c === "1").length;
  const flips = a.slice(1).map((r, k) => bits((r.seed ^ a[k].seed) >>> 0));
  assert.ok(flips.every((f) => f >= 6 && f <= 26), String(flips));
});

test("the hash is the sweep's identity: key order, description and $schema aside; any other change makes another sweep", () => {
  const h = validateSweep(hs({ grid: { packingFraction: [0.2] } })).hash;
  assert.equal(validateSweep({ grid: { packingFraction: [0.2] }, description: "x", $schema: "y", hardSpheres: { packingFraction: 0.3, count: 32 }, seed: 5, sweep: 1 }).hash, h);
  assert.notEqual(validateSweep(hs({ grid: { packingFraction: [0.2] }, seed: 4 })).hash, h);
  assert.notEqual(validateSweep(hs({ grid: { packingFraction: [0.2, 0.3] } })).hash, h);
});

test("a range gives evenly spaced values with both ends exact", () => {
  assert.deepEqual(gridValues({ from: 0.1, to: 0.5, count: 5 }), [0.1, 0.2, 0.3, 0.4, 0.5]);
  const v = gridValues({ from: 80, to: 100, count: 41 }) as number[];
  assert.equal(v[0], 80);
  assert.equal(v[40], 100);
  assert.equal(v[20], 90);
});

test("random draw k does not depend on how many draws there are, and every value lies in its distribution", () => {
  const parameters = { packingFraction: { uniform: [0.1, 0.4] }, count: { integer: [30, 40] }, temperature: { normal: [1, 0.01] }, radius: { choice: [0.5, 0.25] } } as const;
  const few = expandSweep(validateSweep(hs({ random: { count: 5, parameters: parameters as never } })));
  const many = expandSweep(validateSweep(hs({ random: { count: 50, parameters: parameters as never } })));
  assert.deepEqual(many.slice(0, 5), few);
  assert.equal(many[7].id, "draw=7");
  for (const r of many) {
    const p = r.params as { packingFraction: number; count: number; temperature: number; radius: number };
    assert.ok(p.packingFraction >= 0.1 && p.packingFraction <= 0.4);
    assert.ok(Number.isInteger(p.count) && p.count >= 30 && p.count <= 40);
    assert.ok(Math.abs(p.temperature - 1) < 0.1);
    assert.ok(p.radius === 0.5 || p.radius === 0.25);
  }
  assert.ok(new Set(many.map((r) => (r.params as { count: number }).count)).size >= 8, "the integers spread over the range");
});

test("shards partition the runs: each run in exactly one of n shards, in turn", () => {
  const runs = expandSweep(validateSweep(hs({ grid: { packingFraction: { from: 0.1, to: 0.4, count: 7 } }, replicas: 3 })));
  const n = 4;
  const counts = runs.map((r) => Array.from({ length: n }, (_, i) => inShard(r.index, { index: i, count: n })).filter(Boolean).length);
  assert.ok(counts.every((c) => c === 1));
  assert.deepEqual(runs.filter((r) => inShard(r.index, parseShard("1/4"))).map((r) => r.index), [1, 5, 9, 13, 17]);
});

test("--shard slurm maps arrays from 0, from 1 and with a step to shards 0 to n-1, and refuses what it cannot map", () => {
  const env = (id: number, min: number, count: number, step?: number) => ({ SLURM_ARRAY_TASK_ID: String(id), SLURM_ARRAY_TASK_MIN: String(min), SLURM_ARRAY_TASK_COUNT: String(count), ...(step === undefined ? {} : { SLURM_ARRAY_TASK_STEP: String(step) }) });
  assert.deepEqual(parseShard("slurm", env(0, 0, 4)), { index: 0, count: 4 });
  assert.deepEqual(parseShard("slurm", env(4, 1, 4)), { index: 3, count: 4 });
  assert.deepEqual(parseShard("slurm", env(30, 10, 4, 10)), { index: 2, count: 4 });
  assert.throws(() => parseShard("slurm", env(3, 1, 2)), /not one of an evenly spaced range/);
  assert.throws(() => parseShard("slurm", {}), /SLURM_ARRAY_TASK_ID is not set/);
  assert.throws(() => parseShard("4/4", {}, "--shard"), /^RangeError: --shard 4\/4: shards of 4 are numbered 0 to 3 \(Slurm array ids from 1\? use --shard slurm/);
  // (runSweep's option is named as the program wrote it)
  assert.throws(() => parseShard("4/4"), /^RangeError: shard 4\/4: shards of 4 are numbered 0 to 3 \(Slurm array ids from 1\? use shard slurm/);
  assert.throws(() => parseShard("1/0"), /must be i\/n/);
  assert.throws(() => parseShard("-1/4"), /must be i\/n/);
});

test("a bad sweep is refused with every problem named by its path, the value and a suggestion", () => {
  assert.deepEqual(problems({ sweep: 2, seed: 0.5, hardSpheres: { count: 32 }, grid: { packingFraction: [0.2, 0.3, 0.2], "bad path": [1], radius: 0.5 }, replicas: 0, record: ["presure", "pressure", "pressure"], replica: 1 }), [
    'replica: unknown key, did you mean "replicas"?',
    "sweep must be 1 (the sweep file format version), got 2",
    "seed must be an integer from -9007199254740991 to 9007199254740991, got 0.5",
    "replicas must be an integer from 1 to 1000000, got 0",
    "grid.packingFraction[2] repeats grid.packingFraction[0] (0.2): each run would come twice",
    "grid[\"bad path\"]: not a parameter path; write it as in JavaScript: strike.V0, bodies[0].velocity[1]",
    'grid.radius must be a list of values or a range {"from", "to", "count"}, got 0.5',
    'record[0]: a hardSpheres run has no observable "presure", did you mean "pressure"? (7 observables: pressure, temperature, collisionRate, meanSquaredDisplacement, energyDrift, collisions, time)',
    'record[2] repeats "pressure"',
  ]);
  assert.deepEqual(problems({ sweep: 1 }), ['say what to run: one of "hardSpheres", "scene", "pool", "module"']);
  assert.deepEqual(problems({ sweep: 1, scene: { carom: 1, bodies: [{ position: [0, 0], radius: 1 }] }, grid: { "bodies[3].radius": [1, 2], "bodies[0]": [{}], "bodies[0].radius": [2] } }), [
    "grid[\"bodies[3].radius\"]: scene.bodies has 1 item, so no [3]",
    'grid["bodies[0].radius"] overlaps grid["bodies[0]"] (one lies inside the other)',
  ]);
  assert.deepEqual(problems({ sweep: 1, hardSpheres: {}, grid: { count: [8] }, points: [{ count: 16 }] }), ["points[0].count is also set by grid.count: a parameter is varied in one place"]);
  assert.deepEqual(problems({ sweep: 1, pool: { pool: 1, balls: [], strike: {} }, grid: { "params.u_s": [0.1], "strike.V0": [1], "balls[0].x": [1] } }), [
    'grid["params.u_s"]: pool has no "params" (give it "params": {} to vary keys inside it)',
    'grid["balls[0].x"]: pool.balls has 0 items, so no [0]',
  ]);
  assert.deepEqual(problems({ sweep: 1, hardSpheres: {}, random: { count: 3, parameters: { count: { uniform: [3, 1] }, radius: { uniformm: [0, 1] }, temperature: { normal: [1, 0.1], uniform: [1, 2] } } } }), [
    "random.parameters.count.uniform must have lo < hi, got [3, 1]",
    'random.parameters.radius.uniformm: no such distribution, did you mean "uniform"? (uniform, integer, normal, choice)',
    'random.parameters.temperature must be one of {"uniform": [lo, hi]}, {"integer": [lo, hi]}, {"normal": [mean, sd]}, {"choice": [values]}, got an object with keys "normal", "uniform"',
  ]);
  assert.deepEqual(problems({ sweep: 1, hardSpheres: {}, grid: { count: { from: 1, to: 1e9, count: 1e6 }, radius: { from: 0.1, to: 1, count: 100 } } }), ["the sweep expands to 1.00e+8 runs; at most 1,000,000 (split it into several sweeps)"]);
  assert.deepEqual(problems({ sweep: 1, hardSpheres: {}, grid: { radius: { from: -1.7e308, to: 1.7e308, count: 3 } } }), ["grid.radius: the range from -1.7e+308 to 1.7e+308 in 3 values is too wide for doubles; list the values instead"]);
});

test("replicas are refused where they would be identical runs: a scene, listed pool balls, a rack without jitter or with a fixed seed", () => {
  const scene = { carom: 1, bodies: [{ position: [0, 0], radius: 1 }] };
  assert.deepEqual(problems({ sweep: 1, scene, replicas: 2 }), ["replicas must be 1 for a scene: a scene has no random numbers, so its replicas would be identical (vary a parameter instead)"]);
  const strike = { ball: "cue", V0: 2, phi: 90 };
  assert.match(problems({ sweep: 1, pool: { pool: 1, balls: [{ id: "cue", x: 0.5, y: 0.5 }], strike }, replicas: 3 })[0], /the balls are listed, so the shot has no random numbers/);
  assert.match(problems({ sweep: 1, pool: { pool: 1, balls: { rack: "nine-ball" }, strike }, replicas: 3 })[0], /the rack has no jitter/);
  assert.match(problems({ sweep: 1, pool: { pool: 1, balls: { rack: "nine-ball", jitter: 1e-5, seed: 3 }, strike }, replicas: 3 })[0], /seed is fixed/);
  assert.deepEqual(problems({ sweep: 1, pool: { pool: 1, balls: { rack: "nine-ball", jitter: 1e-5 }, strike }, replicas: 3 }), []);
});

test("listed points that give the same run are refused, naming the point", () => {
  assert.throws(() => expandSweep(validateSweep(hs({ points: [{ radius: 0.5 }, { radius: 0.25 }, { radius: 0.5 }] }), "s.json")), /s\.json: points\[2\] gives the run "radius=0\.5" again/);
});
