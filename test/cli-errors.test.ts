import { before, test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { carom, caromAsync, ensureBuilt, pool, tempDir } from "./support/cli.js";

before(() => ensureBuilt());

const CORPUS = "test/fixtures/bad-scenes";
const manifest = JSON.parse(readFileSync(join(import.meta.dirname, "fixtures", "bad-scenes", "manifest.json"), "utf8")) as Record<string, { message: string }>;
const files = Object.keys(manifest).sort();

test("the corpus holds at least 30 broken scenes, each listed with its expected message", () => {
  const onDisk = readdirSync(join(import.meta.dirname, "fixtures", "bad-scenes")).filter((f) => f !== "manifest.json").sort();
  assert.deepEqual(onDisk, files);
  assert.ok(files.length >= 30, `${files.length} scenes`);
});

test("every broken scene makes carom run exit with code 2, name the file and the field, print nothing on stdout and write nothing", async () => {
  const dir = tempDir();
  const results = await pool(
    files.map((f) => () => caromAsync(["run", `${CORPUS}/${f}`, "--events", join(dir, "e.ndjson"), "--final", join(dir, "f.json"), "--render", join(dir, "p.svg")])),
    4,
  );
  files.forEach((f, k) => {
    const r = results[k];
    assert.equal(r.code, 2, `${f}: exit ${r.code}: ${r.stderr}`);
    assert.equal(r.stdout, "", f);
    assert.ok(r.stderr.startsWith(`${CORPUS}/${f}`), `${f}: the message starts with the file name: ${r.stderr}`);
    assert.ok(r.stderr.includes(manifest[f].message), `${f}: expected "${manifest[f].message}" in:\n${r.stderr}`);
    assert.doesNotMatch(r.stderr, /internal error|\n\s+at /, `${f}: no stack trace`);
  });
  assert.deepEqual(readdirSync(dir), []);
});

test("carom validate checks many files at once: exit code 2, every file's problems on stderr, the valid ones on stdout", () => {
  const r = carom(["validate", "examples/cradle.json", ...files.map((f) => `${CORPUS}/${f}`), "examples/break.json"]);
  assert.equal(r.code, 2);
  for (const f of files) assert.ok(r.stderr.includes(manifest[f].message), f);
  assert.match(r.stdout, /^examples\/cradle\.json: valid \(2D, 6 bodies, 0 walls\)$/m);
  assert.match(r.stdout, /^examples\/break\.json: valid \(2D, 16 bodies, 0 walls\)$/m);
  const json = carom(["validate", `${CORPUS}/negative-radius.json`, "--json"]);
  assert.equal(json.code, 2);
  assert.deepEqual(JSON.parse(json.stdout), {
    ok: false,
    file: `${CORPUS}/negative-radius.json`,
    errors: [{ path: "/bodies/3/radius", message: "bodies[3].radius must be >= 0, got -1", value: -1 }],
  });
});

test("carom validate --json on several files prints one report per file, in order, a missing file included", () => {
  const r = carom(["validate", "--json", "examples/cradle.json", "missing.json", `${CORPUS}/syntax-comment.json`]);
  assert.equal(r.code, 2);
  assert.equal(r.stderr, "");
  assert.deepEqual(JSON.parse(r.stdout), [
    { ok: true, file: "examples/cradle.json", errors: [] },
    { ok: false, file: "missing.json", errors: [{ path: "", message: "cannot read the scene: no such file" }] },
    { ok: false, file: `${CORPUS}/syntax-comment.json`, errors: [{ path: "", message: "invalid JSON: comments are not allowed in JSON", line: 2, column: 3 }] },
  ]);
});

test("a missing scene file, a directory and an unreadable name are invalid input that names the file", () => {
  for (const [arg, why] of [["missing.json", "no such file"], ["examples", "is a directory, not a scene file"]]) {
    const r = carom(["run", arg]);
    assert.equal(r.code, 2);
    assert.equal(r.stderr, `${arg}: cannot read the scene: ${why}\n`);
    const v = carom(["validate", arg]);
    assert.equal(v.code, 2);
    assert.match(v.stderr, new RegExp(`^${arg}: cannot read the scene`));
  }
});

test("the design's example message comes out word for word", () => {
  const r = carom(["run", `${CORPUS}/negative-radius.json`]);
  assert.equal(r.stderr, `${CORPUS}/negative-radius.json: bodies[3].radius must be >= 0, got -1\n`);
  const typo = carom(["run", `${CORPUS}/unknown-key-body.json`]);
  assert.equal(typo.stderr, `${CORPUS}/unknown-key-body.json: bodies[3].raduis: unknown key, did you mean "radius"?\n`);
});

test("a run whose pace could never reach its end stops with the figure, and a stuck one says so", () => {
  const dir = tempDir();
  // a small gas: it moves on, but 1e308 time units would take about 1e31x events
  const gas = join(dir, "gas.json");
  const bodies = Array.from({ length: 40 }, (_, k) => ({ id: `b${k}`, position: [1 + 2 * (k % 8), 1 + 2 * Math.floor(k / 8)], velocity: [Math.cos(k), Math.sin(k)], radius: 0.5 }));
  writeFileSync(gas, JSON.stringify({ carom: 1, dimensions: 2, bounds: { min: [0, 0], max: [16, 10] }, bodies }));
  const r = carom(["run", gas, "--duration", "1e308"]);
  assert.equal(r.code, 2, r.stderr);
  assert.match(r.stderr, /gas\.json: at t = \S+ the clock moves \S+ per 262144 events: reaching t = 1e\+308 would take about 1e3\d\d events; take a shorter --duration\n/);
  // two bodies of radius 1e-300 crossing a grid cell at every event: 1e300 events for one time unit
  const tiny = join(dir, "tiny.json");
  writeFileSync(tiny, JSON.stringify({ carom: 1, dimensions: 2, bodies: [{ position: [0, 0], velocity: [1, 0], radius: 1e-300 }, { position: [3e-300, 0], velocity: [-1, 0], radius: 1e-300 }] }));
  const t = carom(["run", tiny, "--duration", "1"]);
  assert.equal(t.code, 2, t.stderr);
  assert.match(t.stderr, /would take about 1\.0e\+300 events; take a shorter --duration \(no collision among them: bodies tiny/);
});
