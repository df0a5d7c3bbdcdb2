/**
 * The cluster examples of docs/sweeps.md and the sweep of the README, run as written: each
 * block is taken from the document (so the document and the test cannot drift apart) and run
 * with the environment variables its scheduler sets, with `carom` on the PATH as the docs ask
 * (a shim that runs this build), on a small sweep named as in the docs.
 */
import { before, test } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parse as parseYaml } from "yaml";
import { CLI, ROOT, carom, ensureBuilt, tempDir } from "./support/cli.js";
import { docFiles } from "../scripts/doc-samples.mjs";

before(() => ensureBuilt());

/** The fenced block right after `<!-- MARKER: name -->` in a document. */
function block(doc: string, marker: string, name: string): string {
  const text = readFileSync(join(ROOT, doc), "utf8");
  const at = text.indexOf(`<!-- ${marker}: ${name} -->`);
  assert.ok(at >= 0, `${doc} has no block marked ${marker}: ${name}`);
  const m = /\n(`{3,})[^\n]*\n([\s\S]*?)\n\1\n/.exec(text.slice(at));
  assert.ok(m !== null, `${doc}: no fenced block after the ${name} marker`);
  return m[2] + "\n";
}

/** A folder holding a small sweep named `eos-sweep.json` and a bin/ with `carom` running this build. */
function workFolder(): { dir: string; env: NodeJS.ProcessEnv } {
  const dir = tempDir("carom-sweep-docs-");
  mkdirSync(join(dir, "bin"));
  writeFileSync(join(dir, "bin", "carom"), `#!/bin/sh\nexec "${process.execPath}" "${CLI}" "$@"\n`);
  chmodSync(join(dir, "bin", "carom"), 0o755);
  writeFileSync(join(dir, "eos-sweep.json"), JSON.stringify({ sweep: 1, seed: 3, hardSpheres: { count: 32, warmupPerBody: 5, collisionsPerBody: 30 }, grid: { packingFraction: [0.2, 0.3, 0.4] }, replicas: 3 }));
  return { dir, env: { ...process.env, PATH: `${join(dir, "bin")}:${process.env.PATH}` } };
}

/** Runs a command (or script) and resolves with its exit code and output. */
function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<{ code: number | null; out: string }> {
  return new Promise((done, fail) => {
    const child = spawn(command, args, { cwd, env });
    let out = "";
    child.stdout.on("data", (d: Buffer) => (out += d.toString()));
    child.stderr.on("data", (d: Buffer) => (out += d.toString()));
    child.on("error", fail);
    child.on("close", (code) => done({ code, out }));
  });
}

/** The run lines of results files, wall time left out, sorted. */
function runLines(...paths: string[]): string[] {
  return paths.flatMap((p) => readFileSync(p, "utf8").trim().split("\n").slice(1)).map((l) => {
    const o = JSON.parse(l) as Record<string, unknown>;
    delete o.wallTime;
    return JSON.stringify(o);
  }).sort();
}

/** Merges the shards' files as the docs say and checks the result against one plain run of the sweep. */
async function mergeAndCompare(dir: string, env: NodeJS.ProcessEnv, shards: number): Promise<void> {
  const merged = await run("bash", ["-c", "carom sweep merge results/eos-*.ndjson -o eos.ndjson"], dir, env);
  assert.equal(merged.code, 0, merged.out);
  assert.equal(merged.out, `carom sweep merge: 9 runs from ${shards} files into eos.ndjson\n`);
  reference ??= (() => {
    assert.equal(carom(["sweep", "eos-sweep.json", "-o", "reference.ndjson", "-q"], { cwd: dir }).code, 0);
    return runLines(join(dir, "reference.ndjson"));
  })();
  assert.deepEqual(runLines(join(dir, "eos.ndjson")), reference);
}

/** The lines of one plain run of the small sweep (the same in every folder). */
let reference: string[] | undefined;

/** Runs the Slurm batch script as the tasks of its array: `--array=first-last[:step]`. */
async function runSlurmArray(script: string, dir: string, env: NodeJS.ProcessEnv): Promise<number> {
  const array = /^#SBATCH --array=(\d+)-(\d+)(?::(\d+))?$/m.exec(script);
  assert.ok(array !== null, "the script sets --array=first-last");
  const [first, last, step] = [Number(array[1]), Number(array[2]), Number(array[3] ?? 1)];
  const cpus = /^#SBATCH --cpus-per-task=(\d+)$/m.exec(script)?.[1] ?? "1";
  writeFileSync(join(dir, "eos-sweep.sh"), script);
  const ids: number[] = [];
  for (let id = first; id <= last; id += step) ids.push(id);
  const tasks = ids.map((id) =>
    run("bash", ["eos-sweep.sh"], dir, {
      ...env,
      SLURM_JOB_ID: String(1000 + id),
      SLURM_ARRAY_JOB_ID: "999",
      SLURM_ARRAY_TASK_ID: String(id),
      SLURM_ARRAY_TASK_MIN: String(first),
      SLURM_ARRAY_TASK_MAX: String(last),
      SLURM_ARRAY_TASK_STEP: String(step),
      SLURM_ARRAY_TASK_COUNT: String(ids.length),
      SLURM_CPUS_PER_TASK: cpus,
    }),
  );
  for (const t of await Promise.all(tasks)) assert.equal(t.code, 0, t.out);
  for (const id of ids) assert.ok(existsSync(join(dir, "results", `eos-${id}.ndjson`)));
  return ids.length;
}

test("the Slurm batch script of docs/sweeps.md, run as each task of its array, gives every run once; so do arrays numbered from 1 and with a step", async () => {
  const script = block("docs/sweeps.md", "sweeps-test", "slurm");
  assert.match(script, /^#!\/bin\/bash\n/);
  for (const array of [null, "1-4", "10-40:10"]) { // (ids as in the doc, from 1, and with a step)
    const { dir, env } = workFolder();
    const n = await runSlurmArray(array === null ? script : script.replace(/^#SBATCH --array=.*$/m, `#SBATCH --array=${array}`), dir, env);
    assert.equal(n, 4);
    await mergeAndCompare(dir, env, n);
  }
});

test("the Kubernetes Indexed Job of docs/sweeps.md, its container command run once per completion index, gives every run once", async () => {
  const job = parseYaml(block("docs/sweeps.md", "sweeps-test", "kubernetes")) as {
    apiVersion: string;
    kind: string;
    spec: { completionMode: string; completions: number; parallelism: number; template: { spec: { restartPolicy: string; containers: { command: string[]; args: string[]; workingDir: string }[] } } };
  };
  assert.equal(job.apiVersion, "batch/v1");
  assert.equal(job.kind, "Job");
  assert.equal(job.spec.completionMode, "Indexed");
  assert.equal(job.spec.template.spec.restartPolicy, "Never");
  const { completions } = job.spec;
  const [container] = job.spec.template.spec.containers;
  assert.deepEqual(container.command, ["sh", "-c"]);
  assert.equal(container.args.length, 1);
  assert.match(container.args[0], new RegExp(`--shard "\\$JOB_COMPLETION_INDEX/${completions}"`), "the shard count is the number of completions");
  const { dir, env } = workFolder(); // (the pods' workingDir, on the shared volume)
  const pods = Array.from({ length: completions }, (_, index) => run(container.command[0], [...container.command.slice(1), container.args[0]], dir, { ...env, JOB_COMPLETION_INDEX: String(index) }));
  for (const p of await Promise.all(pods)) assert.equal(p.code, 0, p.out);
  await mergeAndCompare(dir, env, completions);
});

test("the GNU parallel line of docs/sweeps.md gives every run once", { skip: existsSync("/usr/bin/parallel") ? false : "GNU parallel is not installed (apt-get install parallel)" }, async () => {
  const line = block("docs/sweeps.md", "sweeps-test", "parallel");
  const { dir, env } = workFolder();
  const r = await run("bash", ["-c", line], dir, { ...env, HOME: dir }); // (parallel keeps its state in ~/.parallel)
  assert.equal(r.code, 0, r.out);
  await mergeAndCompare(dir, env, 4);
});

test("the README's sweep and its two commands print the README's report", async () => {
  const { dir, env } = workFolder();
  // (the block the package check saves as eos.json too: docFiles in scripts/doc-samples.mjs)
  const files = docFiles(ROOT, "README.md").filter((f) => f.name === "eos.json");
  assert.equal(files.length, 1, "README.md has one <!-- file: eos.json --> block");
  writeFileSync(join(dir, "eos.json"), files[0].text);
  const commands = block("README.md", "readme-sweep", "commands").split("\n").map((l) => l.replace(/#.*$/, "").trim()).filter((l) => l !== "");
  assert.equal(commands.length, 2);
  // (npx finds carom in a project that installed it; here the shim on the PATH is this build)
  const outputs = [];
  for (const c of commands) {
    const r = await run("bash", ["-c", c.replace(/^npx carom /, "carom ")], dir, env);
    assert.equal(r.code, 0, `${c}: ${r.out}`);
    outputs.push(r.out);
  }
  assert.equal(outputs[1], block("README.md", "readme-sweep", "report"));
});
