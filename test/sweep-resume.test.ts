import { before, test } from "node:test";
import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import { appendFileSync, existsSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import { join } from "node:path";
import { CLI, carom, ensureBuilt, tempDir } from "./support/cli.js";

before(() => ensureBuilt());

/** 8 runs of a few tenths of a second each: long enough to stop halfway. */
const SLOW8 = {
  sweep: 1,
  seed: 4,
  hardSpheres: { count: 256, warmupPerBody: 2, collisionsPerBody: 800 },
  grid: { packingFraction: [0.38, 0.39, 0.4, 0.41, 0.42, 0.43, 0.44, 0.45] },
  record: ["pressure"],
};

const lines = (path: string): string[] => readFileSync(path, "utf8").split("\n").filter((l) => l !== "");

/** Starts a sweep on one worker, waits until `runs` lines are in the file, sends `signal`, waits for the end. */
async function stopAfter(dir: string, runs: number, signal: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }> {
  const child = spawn(process.execPath, [CLI, "sweep", "s.json", "-o", "r.ndjson", "--workers", "1"], { cwd: dir });
  let stderr = "";
  child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
  const ended = new Promise<[number | null, NodeJS.Signals | null]>((done) => child.on("close", (code, sig) => done([code, sig])));
  const file = join(dir, "r.ndjson");
  const t0 = Date.now();
  while (!(existsSync(file) && lines(file).length >= 1 + runs)) {
    if (child.exitCode !== null) throw new Error(`the sweep ended before the signal: ${stderr}`);
    if (Date.now() - t0 > 60_000) throw new Error(`no ${runs} runs after a minute: ${stderr}`);
    await new Promise((r) => setTimeout(r, 20));
  }
  child.kill(signal);
  const [code, sig] = await ended;
  return { code, signal: sig, stderr };
}

/** Every run line is whole JSON, and no id appears twice. */
function assertWhole(path: string): string[] {
  const ids = lines(path).slice(1).map((l) => JSON.parse(l).id as string);
  assert.equal(new Set(ids).size, ids.length, "no run twice");
  return ids;
}

for (const [signal, code] of [["SIGINT", 130], ["SIGTERM", 143], ["SIGHUP", 129]] as const) {
  test(`${signal} halfway stops the workers at once with exit code ${code}, keeps every finished line and removes the lock${signal === "SIGINT" ? "; the same command then does only the rest" : ""}`, async () => {
    const dir = tempDir("carom-sweep-");
    writeFileSync(join(dir, "s.json"), JSON.stringify(SLOW8));
    const stopped = await stopAfter(dir, 2, signal);
    assert.equal(stopped.code, code, stopped.stderr);
    assert.equal(stopped.signal, null);
    const before = lines(join(dir, "r.ndjson"));
    const done = before.length - 1;
    assert.ok(done >= 2 && done < 8, `${done} runs done`);
    assert.match(stopped.stderr, new RegExp(`carom sweep: interrupted: ${done} of 8 runs in r\\.ndjson; run the same command again to do the other ${8 - done}\\n$`));
    assert.deepEqual(readdirSync(dir).sort(), ["r.ndjson", "s.json"], "no lock or temporary file left");
    assertWhole(join(dir, "r.ndjson"));
    if (signal !== "SIGINT") return;
    const again = carom(["sweep", "s.json", "-o", "r.ndjson", "--workers", "1"], { cwd: dir });
    assert.equal(again.code, 0, again.stderr);
    assert.match(again.stdout, new RegExp(`ran {9}${8 - done} runs? in [0-9.]+ s on 1 worker: ${8 - done} finished, 0 failed \\(${done} done before\\)`));
    const after = lines(join(dir, "r.ndjson"));
    assert.deepEqual(after.slice(0, before.length), before, "the finished runs' lines are kept as they were, not run again");
    assert.equal(assertWhole(join(dir, "r.ndjson")).length, 8);
    assert.equal(carom(["sweep", "merge", "r.ndjson", "-o", "all.ndjson"], { cwd: dir }).code, 0, "every run exactly once");
    assert.match(carom(["sweep", "s.json", "-o", "r.ndjson"], { cwd: dir }).stdout, /nothing to do: all 8 runs are in r\.ndjson already/);
  });
}

test("after SIGKILL (a stale lock, a last line cut short) the same command truncates the torn line, takes the lock over and completes the sweep", async () => {
  const dir = tempDir("carom-sweep-");
  writeFileSync(join(dir, "s.json"), JSON.stringify(SLOW8));
  const killed = await stopAfter(dir, 2, "SIGKILL");
  assert.equal(killed.signal, "SIGKILL");
  assert.ok(existsSync(join(dir, "r.ndjson.lock")), "a killed sweep leaves its lock");
  const before = lines(join(dir, "r.ndjson"));
  // A write cut short by the kill (or a crash): half a line, no newline.
  appendFileSync(join(dir, "r.ndjson"), before[before.length - 1].slice(0, 40).replace(/"id":"[^"]*/, '"id":"packingFraction=0.45'));
  const again = carom(["sweep", "s.json", "-o", "r.ndjson", "--workers", "2"], { cwd: dir });
  assert.equal(again.code, 0, again.stderr);
  assert.equal(again.stderr, "carom sweep: r.ndjson: dropped an unfinished last line (a run cut short when the last sweep stopped; it runs again)\n");
  const after = lines(join(dir, "r.ndjson"));
  assert.deepEqual(after.slice(0, before.length), before);
  assert.equal(assertWhole(join(dir, "r.ndjson")).length, 8);
  assert.ok(!existsSync(join(dir, "r.ndjson.lock")));
});

test("a results file of another sweep, a file that is not a results file, and one another live sweep is writing are refused; nothing is changed", () => {
  const dir = tempDir("carom-sweep-");
  writeFileSync(join(dir, "a.json"), JSON.stringify({ ...SLOW8, hardSpheres: { count: 32, collisionsPerBody: 10 }, grid: { packingFraction: [0.3] } }));
  writeFileSync(join(dir, "b.json"), JSON.stringify({ ...SLOW8, hardSpheres: { count: 32, collisionsPerBody: 10 }, grid: { packingFraction: [0.4] } }));
  assert.equal(carom(["sweep", "a.json", "-o", "r.ndjson", "-q"], { cwd: dir }).code, 0);
  const kept = readFileSync(join(dir, "r.ndjson"), "utf8");
  const other = carom(["sweep", "b.json", "-o", "r.ndjson"], { cwd: dir });
  assert.equal(other.code, 2);
  assert.match(other.stderr, /^r\.ndjson: holds results of another sweep \(a\.json, sweep [0-9a-f]{16}\), not of b\.json \(sweep [0-9a-f]{16}\); write to another file \(-o\), or remove it to start over\n$/);
  writeFileSync(join(dir, "notes.txt"), '{"my": "notes"}');
  const notOurs = carom(["sweep", "a.json", "-o", "notes.txt"], { cwd: dir });
  assert.equal(notOurs.stderr, "notes.txt: not a results file of carom sweep (it has no header line); write to another file (-o)\n");
  assert.equal(readFileSync(join(dir, "notes.txt"), "utf8"), '{"my": "notes"}');
  assert.deepEqual(readdirSync(dir).filter((f) => f.endsWith(".lock")), []);
  // A lock held by a live process (this test's) on this host.
  writeFileSync(join(dir, "r.ndjson.lock"), JSON.stringify({ pid: process.pid, host: hostname(), started: "2026-01-01T00:00:00.000Z" }));
  const locked = carom(["sweep", "a.json", "-o", "r.ndjson", "--retry-failed"], { cwd: dir });
  assert.equal(locked.code, 2);
  assert.equal(locked.stderr, `r.ndjson is being written by another carom sweep (pid ${process.pid} on ${hostname()}, since 2026-01-01T00:00:00.000Z); wait for it to finish, or delete r.ndjson.lock if that process is gone\n`);
  assert.equal(readFileSync(join(dir, "r.ndjson"), "utf8"), kept);
});

test("failed runs are lines with their error; resuming keeps them, --retry-failed runs them again", () => {
  const dir = tempDir("carom-sweep-");
  writeFileSync(join(dir, "task.mjs"), `export function run(config, seed) {\n  if (config.x === 2) throw new RangeError("x = 2 is not allowed");\n  return { square: config.x * config.x, seed };\n}\n`);
  writeFileSync(join(dir, "s.json"), JSON.stringify({ sweep: 1, module: { file: "task.mjs", config: { x: 0 } }, grid: { x: [1, 2, 3] } }));
  const first = carom(["sweep", "s.json", "-o", "r.ndjson", "--workers", "2"], { cwd: dir });
  assert.equal(first.code, 0, first.stderr);
  assert.match(first.stdout, /3 runs in [0-9.]+ s on 2 workers: 2 finished, 1 failed\n {2}results {5}r\.ndjson \(1 failed run: their lines hold the error; --retry-failed runs them again\)/);
  const failed = lines(join(dir, "r.ndjson")).map((l) => JSON.parse(l)).find((o) => o.id === "x=2");
  assert.equal(failed.error, "x = 2 is not allowed");
  assert.equal(failed.results, undefined);
  assert.match(carom(["sweep", "s.json", "-o", "r.ndjson"], { cwd: dir }).stdout, /nothing to do/);
  const retry = carom(["sweep", "s.json", "-o", "r.ndjson", "--retry-failed"], { cwd: dir });
  assert.equal(retry.code, 0, retry.stderr);
  assert.match(retry.stderr, /removed 1 failed run to run again \(--retry-failed\)/);
  assert.match(retry.stdout, /ran {9}1 run .*: 0 finished, 1 failed \(2 done before\)/);
  assert.deepEqual(lines(join(dir, "r.ndjson")).slice(1).map((l) => JSON.parse(l).id).sort(), ["x=1", "x=2", "x=3"]);
});

test("on a terminal the progress bar shows the runs done and failed and the time left; with TERM=dumb it uses no escape sequence", { skip: existsSync("/usr/bin/script") ? false : "no script(1) to give the sweep a terminal" }, () => {
  const dir = tempDir("carom-sweep-");
  writeFileSync(join(dir, "s.json"), JSON.stringify(SLOW8));
  // script(1) runs the command on a pseudo-terminal and copies what it writes.
  const r = spawnSync("/usr/bin/script", ["-qec", `"${process.execPath}" "${CLI}" sweep s.json -o r.ndjson --workers 1`, "/dev/null"], { cwd: dir, encoding: "utf8", env: { ...process.env, TERM: "dumb" }, timeout: 120_000 });
  assert.equal(r.status, 0, r.stdout);
  assert.match(r.stdout, /\rcarom sweep \[#*\.*\] +\d+% \d\/8 runs, 0 failed, 1 worker, about \d+ s left, [0-9.]+ s/);
  assert.doesNotMatch(r.stdout, /\x1b/, "no escape sequence on TERM=dumb");
  assert.match(r.stdout, /\r +\rcarom sweep: s\.json \(hardSpheres, 8 runs\)/, "the bar is blanked out before the summary");
});
