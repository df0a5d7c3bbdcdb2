/**
 * Running the built `carom` command from tests: builds dist/ first when it is missing or older
 * than the sources (a lock directory keeps parallel test files from building at once), then
 * spawns `node dist/cli.js ...`.
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

export const ROOT = resolve(import.meta.dirname, "..", "..");
export const CLI = join(ROOT, "dist", "cli.js");

function newestSource(dir: string): number {
  let newest = 0;
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    const s = statSync(p);
    newest = Math.max(newest, s.isDirectory() ? newestSource(p) : s.mtimeMs);
  }
  return newest;
}

function fresh(): boolean {
  const built = [CLI, join(ROOT, "dist", "scene.schema.json"), join(ROOT, "dist", "sweep.schema.json")];
  return built.every((f) => existsSync(f)) && Math.min(...built.map((f) => statSync(f).mtimeMs)) >= newestSource(join(ROOT, "src"));
}

/** Builds dist/ (tsc, then the schema file) unless it is up to date. */
export function ensureBuilt(): void {
  if (fresh()) return;
  const lock = join(ROOT, "dist", ".test-build-lock");
  mkdirSync(join(ROOT, "dist"), { recursive: true });
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      if (Date.now() > deadline) rmSync(lock, { recursive: true, force: true });
      spawnSync(process.execPath, ["-e", "setTimeout(() => {}, 200)"]);
    }
  }
  try {
    if (fresh()) return;
    // tsc still emits when files under work by others have type errors; the tests judge the result.
    // The steps of `npm run build` (but emptying dist/, which other test files may be using):
    // JavaScript without comments, then the declarations the entries reach.
    const tsc = join(ROOT, "node_modules", "typescript", "bin", "tsc");
    spawnSync(process.execPath, [tsc, "-p", join(ROOT, "tsconfig.build.json"), "--removeComments", "--declaration", "false"], { cwd: ROOT, stdio: "ignore" });
    spawnSync(process.execPath, [tsc, "-p", join(ROOT, "tsconfig.types.json")], { cwd: ROOT, stdio: "ignore" });
    spawnSync(process.execPath, [join(ROOT, "scripts", "prune-types.mjs")], { cwd: ROOT, stdio: "ignore" });
    const r = spawnSync(process.execPath, [CLI, "schema", "-o", join(ROOT, "dist", "scene.schema.json")], { cwd: ROOT, encoding: "utf8" });
    if (r.status !== 0) throw new Error(`building dist/ failed: ${r.stderr}`);
    const s = spawnSync(process.execPath, [CLI, "sweep", "--schema", "-o", join(ROOT, "dist", "sweep.schema.json")], { cwd: ROOT, encoding: "utf8" });
    if (s.status !== 0) throw new Error(`building dist/ failed: ${s.stderr}`);
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

export interface CliResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** Runs `carom ...args` and waits for it (cwd: the repository root unless given). */
export function carom(args: readonly string[], options: { cwd?: string; env?: NodeJS.ProcessEnv; timeout?: number } = {}): CliResult {
  const r = spawnSync(process.execPath, [CLI, ...args], {
    cwd: options.cwd ?? ROOT,
    encoding: "utf8",
    env: { ...process.env, ...options.env },
    timeout: options.timeout ?? 60_000,
    maxBuffer: 1 << 28,
    killSignal: "SIGKILL",
  });
  return { code: r.status, signal: r.signal, stdout: r.stdout, stderr: r.stderr };
}

/** The same, asynchronous (to run several at once). */
export function caromAsync(args: readonly string[], options: { cwd?: string } = {}): Promise<CliResult> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [CLI, ...args], { cwd: options.cwd ?? ROOT });
    let stdout = "", stderr = "";
    child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    child.on("error", fail);
    child.on("close", (code, signal) => done({ code, signal, stdout, stderr }));
  });
}

/** Runs tasks with at most `limit` at a time. */
export async function pool<T>(tasks: (() => Promise<T>)[], limit: number): Promise<T[]> {
  const out: T[] = new Array(tasks.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < tasks.length) {
      const k = next++;
      out[k] = await tasks[k]();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
  return out;
}

const made: string[] = [];

/** Removes every directory tempDir made in this process (synchronous: it runs on 'exit'). */
function removeTempDirs(): void {
  for (const dir of made.splice(0)) {
    try {
      rmSync(dir, { recursive: true, force: true });
    } catch (e) {
      process.stderr.write(`could not remove ${dir}: ${String(e)}\n`);
    }
  }
}
process.on("exit", removeTempDirs);

/**
 * A fresh temporary directory, removed with everything in it when the process exits (each test
 * file runs in its own process under node --test, so: when the test file ends, pass or fail).
 */
export function tempDir(prefix = "carom-cli-"): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.push(dir);
  return dir;
}

/** One parsed NDJSON event line. */
export interface EventRecord {
  t: number;
  a: string;
  b: string;
  kind: "body" | "wall" | "bounds";
  face?: string;
  point: number[];
  normal: number[];
  impulse: number;
  speed: number;
}

export function parseEvents(text: string): EventRecord[] {
  return text
    .split("\n")
    .filter((l) => l.length > 0)
    .map((l) => JSON.parse(l) as EventRecord);
}

/** One extended-XYZ frame as read back: time, and per body [x, y, z, vx, vy, vz, r, id]. */
export interface XyzFrame {
  time: number;
  comment: string;
  rows: number[][];
}

/** A strict reader of the frames `--trajectory` writes (count line, comment line, N rows). */
export function parseXyz(text: string): XyzFrame[] {
  const lines = text.split("\n");
  if (lines[lines.length - 1] === "") lines.pop();
  const frames: XyzFrame[] = [];
  let k = 0;
  // rows as [x, y, z, vx, vy, vz, radius, id], whatever the order of the columns
  const wanted = ["pos", "velo", "radius", "id"];
  while (k < lines.length) {
    const n = Number(lines[k]);
    if (!Number.isInteger(n) || n < 0) throw new Error(`line ${k + 1}: expected an atom count, got ${JSON.stringify(lines[k])}`);
    const comment = lines[k + 1];
    const props = /Properties=(\S+)/.exec(comment);
    if (props === null || props[1] !== "species:S:1:pos:R:3:masses:R:1:momenta:R:3:velo:R:3:radius:R:1:id:I:1") throw new Error(`line ${k + 2}: bad Properties in ${comment}`);
    const spec = props[1].split(":");
    const at: Record<string, [number, number]> = {};
    let width = 0;
    for (let p = 0; p < spec.length; p += 3) {
      at[spec[p]] = [width, Number(spec[p + 2])];
      width += Number(spec[p + 2]);
    }
    const time = /Time=(\S+)/.exec(comment);
    if (time === null) throw new Error(`line ${k + 2}: no Time`);
    const rows: number[][] = [];
    for (let i = 0; i < n; i++) {
      const cols = lines[k + 2 + i].split(" ");
      if (cols.length !== width || cols[0] !== "X") throw new Error(`line ${k + 3 + i}: expected ${width} columns starting with X, got ${lines[k + 2 + i]}`);
      rows.push(wanted.flatMap((name) => cols.slice(at[name][0], at[name][0] + at[name][1]).map(Number)));
    }
    frames.push({ time: Number(time[1]), comment, rows });
    k += 2 + n;
  }
  return frames;
}
