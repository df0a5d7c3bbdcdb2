import { before, test } from "node:test";
import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { chmodSync, closeSync, cpSync, existsSync, mkdirSync, openSync, readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { CLI, ROOT, ensureBuilt, pool, tempDir, type CliResult } from "./support/cli.js";

before(() => ensureBuilt());

const HOSTILE = "test/hostile";

/**
 * One attack on the command line: its arguments ({hostile} is this folder, {out} a fresh
 * folder holding the `existing` files, a name ending in "/" being a folder), the exit code,
 * and what stderr must say (`message`, a fragment, or `pattern`, a regular expression);
 * stdout must be empty on exit code 2 unless `stdout` gives a pattern for it.
 */
interface HostileCase {
  args: string[];
  code: number;
  message?: string;
  pattern?: string;
  stdout?: string;
  stderr?: string;
  existing?: Record<string, string | null>;
  note?: string;
}

const manifest = JSON.parse(readFileSync(join(ROOT, HOSTILE, "cli-manifest.json"), "utf8")) as Record<string, HostileCase>;
const names = Object.keys(manifest);

/** Runs the built CLI; a run still going after `timeout` ms is killed (and the test fails on it). */
function spawnCarom(args: readonly string[], timeout = 20_000): Promise<CliResult & { ms: number }> {
  return new Promise((done, fail) => {
    const t0 = performance.now();
    const child = spawn(process.execPath, [CLI, ...args], { cwd: ROOT });
    let stdout = "", stderr = "";
    child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    const timer = setTimeout(() => child.kill("SIGKILL"), timeout);
    child.on("error", fail);
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      done({ code, signal, stdout, stderr, ms: performance.now() - t0 });
    });
  });
}

function hashFiles(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const f of readdirSync(dir).sort()) out.set(f, createHash("sha256").update(readFileSync(join(dir, f))).digest("hex"));
  return out;
}

/** The files under dir (folders with a trailing "/"), recursively, sorted. */
function listing(dir: string, prefix = ""): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.isDirectory()) out.push(prefix + e.name + "/", ...listing(join(dir, e.name), prefix + e.name + "/"));
    else out.push(prefix + e.name);
  }
  return out.sort();
}

test("every file of the command line's hostile corpus is used by a case, and every case says what it expects", () => {
  const files = readdirSync(join(ROOT, HOSTILE)).filter((f) => f.startsWith("cli-") && f !== "cli-manifest.json");
  const used = new Set(names.flatMap((n) => manifest[n].args.join(" ").match(/\{hostile\}\/(cli-[\w-]+\.json)/g) ?? []).map((s) => s.slice("{hostile}/".length)));
  assert.deepEqual(files.filter((f) => !used.has(f)), []);
  assert.ok(names.length >= 30, `${names.length} cases`);
  for (const n of names) {
    const c = manifest[n];
    assert.ok(Number.isInteger(c.code), n);
    assert.ok(c.message !== undefined || c.pattern !== undefined || c.stdout !== undefined, `${n}: says what to expect`);
  }
});

test("every hostile case ends within seconds with its exit code and message, writes nothing, and leaves every file as it was", async () => {
  const before = hashFiles(join(ROOT, HOSTILE));
  const outs = names.map(() => tempDir("carom-hostile-"));
  names.forEach((n, k) => {
    for (const [name, content] of Object.entries(manifest[n].existing ?? {})) {
      if (name.endsWith("/")) mkdirSync(join(outs[k], name), { recursive: true });
      else writeFileSync(join(outs[k], name), content ?? "");
    }
  });
  const fill = (s: string, k: number): string => s.split("{hostile}").join(HOSTILE).split("{out}").join(outs[k]);
  const results = await pool(names.map((n, k) => () => spawnCarom(manifest[n].args.map((a) => fill(a, k)))), 2);
  names.forEach((n, k) => {
    const c = manifest[n];
    const r = results[k];
    const what = `${n}: carom ${c.args.join(" ")}\nexit ${r.code} after ${r.ms.toFixed(0)} ms\nstderr: ${r.stderr}\nstdout: ${r.stdout.slice(0, 300)}`;
    assert.equal(r.signal, null, `${what}\n(killed: it did not end within 20 s)`);
    assert.equal(r.code, c.code, what);
    if (c.message !== undefined) assert.ok(r.stderr.includes(fill(c.message, k)), `expected "${fill(c.message, k)}" in\n${what}`);
    if (c.pattern !== undefined) assert.match(r.stderr, new RegExp(c.pattern), what);
    if (c.stderr !== undefined) assert.match(r.stderr, new RegExp(c.stderr), what);
    if (c.stdout !== undefined) assert.match(r.stdout, new RegExp(c.stdout), what);
    else if (c.code === 2) assert.equal(r.stdout, "", what);
    assert.doesNotMatch(r.stderr, /internal error|\n\s+at /, what);
    // No output, no temporary file; the files that were there keep their content.
    const expected = Object.keys(manifest[n].existing ?? {}).sort();
    if (c.code !== 0) assert.deepEqual(listing(outs[k]), expected, what);
    for (const [name, content] of Object.entries(manifest[n].existing ?? {})) {
      if (content !== null) assert.equal(readFileSync(join(outs[k], name), "utf8"), content, `${n}: ${name} kept`);
    }
  });
  assert.deepEqual(hashFiles(join(ROOT, HOSTILE)), before, "the corpus itself is untouched");
});

/** Makes everything under `path` readable (and folders enterable) by every user. */
function shareTree(path: string): void {
  chmodSync(path, statSync(path).isDirectory() ? 0o755 : 0o644);
  if (statSync(path).isDirectory()) for (const name of readdirSync(path)) shareTree(join(path, name));
}

/**
 * As root every folder is writable, so the command runs as "nobody" (uid 65534) then. Nobody
 * may not read the clone (a private folder, a umask of 077): the command and the scene are
 * copied into a world-readable folder of their own first. A reason to skip where
 * nobody cannot run node at all.
 */
function asNobody(scene: string): { cli: string; scene: string; options: { uid: number; gid: number } } | { skip: string } {
  const shared = tempDir("carom-shared-");
  cpSync(join(ROOT, "dist"), join(shared, "dist"), { recursive: true });
  cpSync(join(ROOT, "package.json"), join(shared, "package.json"));
  cpSync(scene, join(shared, "scene.json"));
  shareTree(shared);
  const options = { uid: 65534, gid: 65534 };
  const cli = join(shared, "dist", "cli.js");
  const probe = spawnSync(process.execPath, [cli, "--version"], { ...options, encoding: "utf8" });
  if (probe.status !== 0) return { skip: `user nobody cannot run ${process.execPath} ${cli} here: ${(probe.stderr || String(probe.error)).trim().split("\n")[0]}` };
  return { cli, scene: join(shared, "scene.json"), options };
}

test("an output in a folder the user cannot write is refused before the run, naming the option", { skip: process.platform === "win32" }, async (t) => {
  const dir = tempDir();
  const locked = join(dir, "locked");
  mkdirSync(locked);
  chmodSync(locked, 0o555);
  chmodSync(dir, 0o755);
  let cli = CLI, scene = join(ROOT, HOSTILE, "cli-ordinary.json"), options = {};
  if (process.getuid?.() === 0) {
    const nobody = asNobody(scene);
    if ("skip" in nobody) {
      t.skip(nobody.skip);
      return;
    }
    ({ cli, scene, options } = nobody);
  }
  const r = await new Promise<CliResult>((done) => {
    const child = spawn(process.execPath, [cli, "run", scene, "--events", join(locked, "e.ndjson")], { cwd: dir, ...options });
    let stdout = "", stderr = "";
    child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    child.on("close", (code, signal) => done({ code, signal, stdout, stderr }));
  });
  assert.equal(r.code, 2, r.stderr);
  assert.equal(r.stderr, `carom run: --events ${join(locked, "e.ndjson")} cannot be written: the folder ${locked} is not writable\n`);
  assert.deepEqual(readdirSync(locked), []);
});

test("a full disk (/dev/full) as standard output or as an output file is exit code 1 and one line naming it, never a stack trace", { skip: existsSync("/dev/full") ? false : "no /dev/full here" }, () => {
  const dir = tempDir();
  const cradle = join(ROOT, "examples", "cradle.json");
  const sweep = join(ROOT, "examples", "eos-sweep.json");
  const full = openSync("/dev/full", "w");
  try {
    for (const args of [["run", cradle, "--json"], ["validate", cradle], ["help"], ["run", cradle, "--events", "-", "--quiet"], ["sweep", sweep, "-o", "-", "--workers", "1"]]) {
      const r = spawnSync(process.execPath, [CLI, ...args], { cwd: dir, stdio: ["ignore", full, "pipe"], encoding: "utf8", timeout: 60_000 });
      assert.equal(r.status, 1, `carom ${args.join(" ")}: ${r.stderr}`);
      assert.match(r.stderr, /cannot write to standard output: ENOSPC|standard output: cannot write: ENOSPC/, `carom ${args.join(" ")}`);
      assert.doesNotMatch(r.stderr, /\n\s+at /, "no stack trace");
    }
  } finally {
    closeSync(full);
  }
  for (const args of [["sweep", sweep, "-o", "/dev/full", "--workers", "1"], ["run", cradle, "--events", "/dev/full", "--quiet"]]) {
    const r = spawnSync(process.execPath, [CLI, ...args], { cwd: dir, encoding: "utf8", timeout: 60_000 });
    assert.equal(r.status, 1, `carom ${args.join(" ")}: ${r.stderr}`);
    assert.match(r.stderr, /^\/dev\/full: cannot write: ENOSPC/, `carom ${args.join(" ")}`);
    assert.doesNotMatch(r.stderr, /internal error|\n\s+at /);
  }
  assert.deepEqual(readdirSync(dir), []);
});
