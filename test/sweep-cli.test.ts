import { before, test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { HardSpheres, latticeStart } from "../src/exports/science.js";
import { carom, caromAsync, ensureBuilt, tempDir } from "./support/cli.js";

before(() => ensureBuilt());

/** 8 tiny hard-sphere equation-of-state runs: 4 packing fractions, 2 seeds each. */
export const EOS8 = {
  sweep: 1,
  seed: 11,
  hardSpheres: { count: 32, warmupPerBody: 5, collisionsPerBody: 40 },
  grid: { packingFraction: [0.2, 0.3, 0.4, 0.45] },
  replicas: 2,
};

function folderWith(sweep: object, name = "eos.json"): string {
  const dir = tempDir("carom-sweep-");
  writeFileSync(join(dir, name), JSON.stringify(sweep));
  return dir;
}

/** The run lines of a results file, wall time left out, sorted (order aside). */
function runLines(path: string): string[] {
  const lines = readFileSync(path, "utf8").split("\n").filter((l) => l !== "");
  assert.ok(JSON.parse(lines[0]).definition !== undefined, "the first line is the header");
  return lines.slice(1).map((l) => {
    const o = JSON.parse(l) as Record<string, unknown>;
    assert.equal(typeof o.wallTime, "number");
    delete o.wallTime;
    return JSON.stringify(o);
  }).sort();
}

test("8 equation-of-state runs give the same result lines, bit for bit, on 1 worker, on 2 workers and as 4 shards merged", async () => {
  const dir = folderWith(EOS8);
  const at = (f: string): string => join(dir, f);
  const one = carom(["sweep", "eos.json", "-o", "one.ndjson", "--workers", "1", "-q"], { cwd: dir });
  assert.equal(one.code, 0, one.stderr);
  assert.equal(carom(["sweep", "eos.json", "-o", "two.ndjson", "--workers", "2", "-q"], { cwd: dir }).code, 0);
  const shards = await Promise.all([0, 1, 2, 3].map((i) => caromAsync(["sweep", "eos.json", "--shard", `${i}/4`, "--workers", "1", "-o", `shard-${i}.ndjson`, "-q"], { cwd: dir })));
  for (const s of shards) assert.equal(s.code, 0, s.stderr);
  for (let i = 0; i < 4; i++) assert.equal(runLines(at(`shard-${i}.ndjson`)).length, 2);
  const merged = carom(["sweep", "merge", "shard-0.ndjson", "shard-1.ndjson", "shard-2.ndjson", "shard-3.ndjson", "-o", "all.ndjson"], { cwd: dir });
  assert.equal(merged.code, 0, merged.stderr);
  assert.equal(merged.stdout, "carom sweep merge: 8 runs from 4 files into all.ndjson\n");
  const reference = runLines(at("one.ndjson"));
  assert.equal(reference.length, 8);
  assert.deepEqual(runLines(at("two.ndjson")), reference);
  assert.deepEqual(runLines(at("all.ndjson")), reference);
  // The merged file lists the runs in the sweep's order.
  const ids = readFileSync(at("all.ndjson"), "utf8").trim().split("\n").slice(1).map((l) => JSON.parse(l).id as string);
  assert.deepEqual(ids, carom(["sweep", "eos.json", "--list"], { cwd: dir }).stdout.trim().split("\n"));
});

test("each run's results are those of HardSpheres run by hand from a lattice start with the run's seed, bit for bit", () => {
  const dir = folderWith(EOS8);
  assert.equal(carom(["sweep", "eos.json", "-o", "r.ndjson", "-q"], { cwd: dir }).code, 0);
  for (const line of runLines(join(dir, "r.ndjson"))) {
    const r = JSON.parse(line) as { params: { packingFraction: number }; seed: number; results: Record<string, number> };
    const sim = new HardSpheres(latticeStart({ dimensions: 3, count: 32, packingFraction: r.params.packingFraction, seed: r.seed }));
    sim.advanceCollisions(5 * 32);
    sim.resetMeasurements();
    const e0 = sim.kineticEnergy();
    sim.advanceCollisions(40 * 32);
    assert.equal(r.results.pressure, sim.pressure());
    assert.equal(r.results.collisionRate, sim.collisionRate());
    assert.equal(r.results.energyDrift, (sim.kineticEnergy() - e0) / e0);
    assert.equal(r.results.collisions, 40 * 32);
  }
});

test("the report's means and standard errors are those of the lines, per parameter point, as CSV", () => {
  const dir = folderWith({ ...EOS8, record: ["pressure", "collisions"] });
  assert.equal(carom(["sweep", "eos.json", "-o", "r.ndjson", "-q"], { cwd: dir }).code, 0);
  const r = carom(["sweep", "report", "r.ndjson", "-o", "table.csv"], { cwd: dir });
  assert.equal(r.code, 0, r.stderr);
  assert.equal(r.stdout, "carom sweep report: 4 points from 8 runs (0 failed) into table.csv\n");
  const rows = readFileSync(join(dir, "table.csv"), "utf8").trim().split("\n").map((l) => l.split(","));
  assert.deepEqual(rows[0], ["packingFraction", "runs", "failed", "pressure_mean", "pressure_sem", "collisions_mean", "collisions_sem"]);
  const byPoint = new Map<number, number[]>();
  for (const line of runLines(join(dir, "r.ndjson"))) {
    const o = JSON.parse(line) as { params: { packingFraction: number }; results: { pressure: number } };
    byPoint.set(o.params.packingFraction, [...(byPoint.get(o.params.packingFraction) ?? []), o.results.pressure]);
  }
  assert.deepEqual(rows.slice(1).map((row) => Number(row[0])), [0.2, 0.3, 0.4, 0.45]);
  for (const row of rows.slice(1)) {
    // (the report sums in the sweep's order: replica 0, then 1)
    const [a, b] = byPoint.get(Number(row[0])) as number[];
    const mean = (a + b) / 2;
    assert.equal(Number(row[3]), mean);
    assert.ok(Math.abs(Number(row[4]) - Math.abs(a - b) / 2) <= 1e-15 * mean, `${row[4]} vs ${Math.abs(a - b) / 2}`);
    assert.deepEqual(row.slice(1, 3).concat(row.slice(5)), ["2", "0", "1280", "0"]);
  }
  // Several files (the shards', unmerged) report the same.
  assert.equal(carom(["sweep", "report", "r.ndjson"], { cwd: dir }).stdout, readFileSync(join(dir, "table.csv"), "utf8"));
});

test("merge lists the missing and the repeated runs and writes nothing; files of another sweep and a file named twice are refused", async () => {
  const dir = folderWith(EOS8);
  writeFileSync(join(dir, "other.json"), JSON.stringify({ ...EOS8, seed: 12 }));
  const made = await Promise.all([
    ...[0, 1, 2].map((i) => caromAsync(["sweep", "eos.json", "--shard", `${i}/4`, "--workers", "1", "-o", `s${i}.ndjson`, "-q"], { cwd: dir })),
    caromAsync(["sweep", "other.json", "-o", "o.ndjson", "-q", "--shard", "0/8", "--workers", "1"], { cwd: dir }),
  ]);
  for (const m of made) assert.equal(m.code, 0, m.stderr);
  const missing = carom(["sweep", "merge", "s0.ndjson", "s1.ndjson", "s2.ndjson", "-o", "all.ndjson"], { cwd: dir });
  assert.equal(missing.code, 2);
  assert.equal(missing.stderr, 'carom sweep merge: 2 of 8 runs are missing: "packingFraction=0.3,replica=1", "packingFraction=0.45,replica=1" (run their shards again, with the same command, then merge)\n');
  assert.equal(carom(["sweep", "eos.json", "--list", "--shard", "3/4"], { cwd: dir }).stdout, "packingFraction=0.3,replica=1\npackingFraction=0.45,replica=1\n");
  assert.equal(carom(["sweep", "eos.json", "--shard", "3/4", "-o", "s3.ndjson", "-q"], { cwd: dir }).code, 0);
  writeFileSync(join(dir, "copy.ndjson"), readFileSync(join(dir, "s1.ndjson")));
  const repeated = carom(["sweep", "merge", "s0.ndjson", "s1.ndjson", "s2.ndjson", "s3.ndjson", "copy.ndjson", "-o", "all.ndjson"], { cwd: dir });
  assert.equal(repeated.code, 2);
  assert.equal(repeated.stderr, 's0.ndjson: 2 runs appear more than once: "packingFraction=0.2,replica=1" (s1.ndjson:2, copy.ndjson:2), "packingFraction=0.4,replica=1" (s1.ndjson:3, copy.ndjson:3)\n');
  assert.match(carom(["sweep", "merge", "s0.ndjson", "s0.ndjson"], { cwd: dir }).stderr, /^carom sweep merge: s0\.ndjson is named twice\n$/);
  assert.match(carom(["sweep", "merge", "s0.ndjson", "o.ndjson"], { cwd: dir }).stderr, /^o\.ndjson: holds results of another sweep \([0-9a-f]{16} from other\.json\) than s0\.ndjson \([0-9a-f]{16} from eos\.json\)\n$/);
  assert.match(carom(["sweep", "merge", "s0.ndjson", "-o", "s0.ndjson"], { cwd: dir }).stderr, /-o s0\.ndjson is the input results file s0\.ndjson/);
});

test("carom sweep refuses bad options and bad sweeps with exit code 2 and a message naming the file and the field", async () => {
  const dir = folderWith({ ...EOS8, grid: { packingFraction: [0.2, 0.8] } });
  const cases: [string[], RegExp][] = [
    [["eos.json"], /^carom sweep: name the results file with -o FILE/],
    [[], /^carom sweep: name the sweep file/],
    [["eos.json", "-o", "r.ndjson", "--workers", "0"], /--workers must be an integer from 1 to 1024, got 0/],
    [["eos.json", "-o", "r.ndjson", "--shard", "4/4"], /--shard 4\/4: shards of 4 are numbered 0 to 3 \(Slurm array ids from 1\? use --shard slurm/],
    [["eos.json", "-o", "eos.json"], /-o eos\.json is the input sweep file eos\.json/],
    [["eos.json", "-o", "."], /is a folder/],
    [["eos.json", "-o", "r.ndjson"], /^eos\.json: run "packingFraction=0\.8,replica=0": packingFraction 0\.8 is too dense for a lattice start of 32 bodies/],
    [["missing.json", "-o", "r.ndjson"], /^missing\.json: cannot read the sweep: no such file\n$/],
    [["eos.json", "-o", "r.ndjson", "--shard", "slurm"], /--shard slurm: SLURM_ARRAY_TASK_ID is not set/],
  ];
  writeFileSync(join(dir, "mod.json"), JSON.stringify({ sweep: 1, module: { file: "nope.mjs" } }));
  cases.push([["mod.json", "-o", "m.ndjson"], /^mod\.json: module\.file: cannot import nope\.mjs: Cannot find module .*nope\.mjs/]);
  const results = await Promise.all(cases.map(([args]) => caromAsync(["sweep", ...args], { cwd: dir })));
  cases.forEach(([args, message], k) => {
    assert.equal(results[k].code, 2, `${args.join(" ")}: ${results[k].stderr}`);
    assert.match(results[k].stderr, message, args.join(" "));
  });
  assert.ok(!existsSync(join(dir, "r.ndjson")) && !existsSync(join(dir, "m.ndjson")), "a refused sweep leaves no results file");
  assert.equal(carom(["validate", "eos.json"], { cwd: dir }).code, 2);
  writeFileSync(join(dir, "eos.json"), JSON.stringify(EOS8));
  assert.equal(carom(["validate", "eos.json"], { cwd: dir }).stdout, "eos.json: valid sweep (hardSpheres, 8 runs)\n");
  assert.match(carom(["run", "eos.json"], { cwd: dir }).stderr, /a sweep file \("sweep": 1\), not a scene: run it with carom sweep/);
  assert.match(carom(["sweep", "--help"]).stdout, /^usage: carom sweep sweep\.json -o results\.ndjson/);
  assert.equal(carom(["sweep", "--schema"]).stdout, readFileSync(join(import.meta.dirname, "..", "dist", "sweep.schema.json"), "utf8"));
});

test("the packaged example is found from any folder, and -o - streams the header and the lines to standard output", () => {
  const dir = tempDir("carom-sweep-");
  const listed = carom(["sweep", "examples/eos-sweep.json", "--list"], { cwd: dir });
  assert.equal(listed.code, 0, listed.stderr);
  assert.equal(listed.stdout.split("\n")[0], "packingFraction=0.1,replica=0");
  assert.equal(listed.stdout.trim().split("\n").length, 20);
  writeFileSync(join(dir, "one.json"), JSON.stringify({ ...EOS8, grid: { packingFraction: [0.3] }, replicas: 1 }));
  const r = carom(["sweep", "one.json", "-o", "-", "--json"], { cwd: dir });
  assert.equal(r.code, 0, r.stderr);
  const lines = r.stdout.trim().split("\n");
  assert.equal(lines.length, 2);
  assert.equal(JSON.parse(lines[1]).id, "packingFraction=0.3");
  assert.equal(JSON.parse(r.stderr).ran, 1);
});
