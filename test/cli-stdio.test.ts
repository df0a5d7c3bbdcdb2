import { before, test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { CLI, ROOT, carom, ensureBuilt, parseEvents, parseXyz, tempDir, type CliResult } from "./support/cli.js";

before(() => ensureBuilt());

const CRADLE = join(ROOT, "examples", "cradle.json");

/** Runs `carom ...args` in `cwd` with `input` on standard input. */
function piped(args: readonly string[], input: string, cwd: string): CliResult {
  const r = spawnSync(process.execPath, [CLI, ...args], { cwd, input, encoding: "utf8", maxBuffer: 1 << 26, timeout: 60_000 });
  return { code: r.status, signal: r.signal, stdout: r.stdout, stderr: r.stderr };
}

test("--events - writes the events to stdout and nothing else: the summary goes to stderr, no file named - appears", () => {
  const dir = tempDir();
  const r = carom(["run", CRADLE, "--events", "-"], { cwd: dir });
  assert.equal(r.code, 0, r.stderr);
  const events = parseEvents(r.stdout);
  assert.equal(events.length, 23);
  assert.match(r.stderr, /^carom run: .*cradle\.json \(2D, 6 bodies, 0 walls\)\n[\s\S]*wrote {7}standard output \(23 events\)\n$/);
  // the same lines as a file of events
  const f = carom(["run", CRADLE, "--events", join(dir, "e.ndjson"), "-q"]);
  assert.equal(f.code, 0);
  assert.equal(r.stdout, readFileSync(join(dir, "e.ndjson"), "utf8"));
  assert.deepEqual(readdirSync(dir), ["e.ndjson"]);
  // --json puts the JSON summary on stderr too
  const j = carom(["run", CRADLE, "--events", "-", "--json"], { cwd: dir });
  assert.equal(parseEvents(j.stdout).length, 23);
  assert.equal(JSON.parse(j.stderr).outputs.events, "-");
});

test("every output of run can be -: --final, --trajectory, --render (an SVG) and --observe-out (JSON)", () => {
  const dir = tempDir();
  const final = carom(["run", CRADLE, "--duration", "3", "--final", "-", "-q"], { cwd: dir });
  assert.equal(final.code, 0, final.stderr);
  assert.equal(JSON.parse(final.stdout).time, 3);
  const xyz = carom(["run", CRADLE, "--duration", "2", "--trajectory", "-", "--every", "1", "-q"], { cwd: dir });
  assert.deepEqual(parseXyz(xyz.stdout).map((f) => f.time), [0, 1, 2]);
  const svg = carom(["run", CRADLE, "--duration", "2", "--render", "-", "-q"], { cwd: dir });
  assert.match(svg.stdout, /^<\?xml[\s\S]*<\/svg>\n?$/);
  const observed = carom(["run", CRADLE, "--duration", "2", "--observe", "temperature", "--observe-out", "-", "-q"], { cwd: dir });
  assert.equal(observed.code, 0, observed.stderr);
  assert.equal(typeof JSON.parse(observed.stdout).temperature.start, "number");
  assert.deepEqual(readdirSync(dir), []);
});

test("- as the scene reads standard input: runs chain through a pipe, and messages name <stdin>", () => {
  const dir = tempDir();
  const first = carom(["run", CRADLE, "--duration", "2", "--final", "-", "-q"]);
  const piece = piped(["run", "-", "--duration", "3", "--final", join(dir, "end.json"), "--json"], first.stdout, dir);
  assert.equal(piece.code, 0, piece.stderr);
  assert.equal(JSON.parse(piece.stdout).scene, "<stdin>");
  // the same as carrying on from a file
  writeFileSync(join(dir, "mid.json"), first.stdout);
  assert.equal(carom(["run", join(dir, "mid.json"), "--duration", "3", "--final", join(dir, "end2.json"), "-q"]).code, 0);
  assert.equal(readFileSync(join(dir, "end.json"), "utf8"), readFileSync(join(dir, "end2.json"), "utf8"));
  const bad = readFileSync(join(ROOT, "test", "fixtures", "bad-scenes", "negative-radius.json"), "utf8");
  const r = piped(["run", "-"], bad, dir);
  assert.equal(r.code, 2);
  assert.equal(r.stderr, "<stdin>: bodies[3].radius must be >= 0, got -1\n");
  const v = piped(["validate", "-", "--json"], bad, dir);
  assert.equal(v.code, 2);
  assert.equal(JSON.parse(v.stdout).file, "<stdin>");
  assert.equal(piped(["validate", "-"], readFileSync(CRADLE, "utf8"), dir).stdout, "<stdin>: valid (2D, 6 bodies, 0 walls)\n");
  const twice = piped(["validate", "-", CRADLE, "-"], "", dir);
  assert.equal(twice.code, 2);
  assert.equal(twice.stderr, 'carom validate: "-" (standard input) is named more than once; it can be read only once\n');
});

test("render - -o - draws standard input onto standard output; schema -o - and pack -o - print; the message goes to stderr", () => {
  const dir = tempDir();
  const svg = piped(["render", "-", "-o", "-"], readFileSync(CRADLE, "utf8"), dir);
  assert.equal(svg.code, 0, svg.stderr);
  assert.match(svg.stdout, /^<\?xml[\s\S]*<\/svg>\n?$/);
  assert.match(svg.stderr, /^carom render: wrote standard output \(<stdin>, t = 0 to 20, 23 collisions\)\n$/);
  assert.equal(carom(["schema", "-o", "-"]).stdout, carom(["schema"]).stdout);
  const pack = carom(["pack", "--dimensions", "2", "--count", "8", "--radii", "1", "--seed", "1", "-o", "-"], { cwd: dir });
  assert.equal(pack.code, 0, pack.stderr);
  assert.equal(JSON.parse(pack.stdout).bodies.length, 8);
  assert.match(pack.stderr, /^packed 8 disks: .* -> standard output\n$/);
  assert.equal(piped(["validate", "-"], pack.stdout, dir).code, 0);
  assert.deepEqual(readdirSync(dir), []);
});

test("carom pool reads a shot from - and writes --events - and --render - to stdout, its summary to stderr", () => {
  const dir = tempDir();
  const shot = readFileSync(join(ROOT, "examples", "pool", "draw-shot.json"), "utf8");
  const r = piped(["pool", "-", "--events", "-"], shot, dir);
  assert.equal(r.code, 0, r.stderr);
  const lines = r.stdout.trim().split("\n").map((l) => JSON.parse(l) as { t: number; type: string });
  assert.equal(lines[0].type, "stick-ball");
  assert.match(r.stderr, /^carom pool: <stdin> \(2 balls on a pocket table, pooltool's model\)\n/);
  assert.match(r.stderr, /\n {2}pocketed {4}none\n {2}wrote {7}standard output\n$/); // (once: a merge had printed the outputs twice)
  const svg = piped(["pool", "-", "--render", "-", "--json"], shot, dir);
  assert.match(svg.stdout, /^<svg[\s\S]*<\/svg>\n?$|^<\?xml[\s\S]*<\/svg>\n?$/);
  assert.equal(JSON.parse(svg.stderr).shot, "<stdin>");
  assert.deepEqual(readdirSync(dir), []);
});

test("only one output can be -, a file named - is written ./-, and examples refuses - for its folder", () => {
  const dir = tempDir();
  const two = carom(["run", CRADLE, "--events", "-", "--final", "-"], { cwd: dir });
  assert.equal(two.code, 2);
  assert.equal(two.stdout, "");
  assert.equal(two.stderr, 'carom run: --final -: --events - already writes to standard output; only one output can be "-" (a file named - is written ./-)\n');
  const named = carom(["run", CRADLE, "--duration", "1", "--final", "./-", "-q"], { cwd: dir });
  assert.equal(named.code, 0, named.stderr);
  assert.equal(JSON.parse(readFileSync(join(dir, "-"), "utf8")).time, 1);
  const ex = carom(["examples", "-"], { cwd: dir });
  assert.equal(ex.code, 2);
  assert.match(ex.stderr, /^carom examples: "-" would be standard output, but examples writes a folder of files/);
  assert.deepEqual(readdirSync(dir), ["-"]);
  assert.ok(!existsSync(join(dir, "examples")));
});
