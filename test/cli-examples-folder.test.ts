import { before, test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { parseScene } from "../src/index.js";
import { carom, ensureBuilt, ROOT, tempDir } from "./support/cli.js";

before(() => ensureBuilt());

const JSON_FILES = readdirSync(join(ROOT, "examples")).filter((f) => f.endsWith(".json")).sort();
const NAMES = JSON_FILES.filter((f) => !f.endsWith("-sweep.json")); // the scenes
const SWEEPS = JSON_FILES.filter((f) => f.endsWith("-sweep.json"));
const SHOTS = readdirSync(join(ROOT, "examples", "pool")).filter((f) => f.endsWith(".json")).sort();

test("carom examples writes every packaged example into ./examples as laid out in the package (scenes, sweeps, pool/ shots), with $schema pointing at the package's schemas; the same files, number for number", () => {
  const dir = tempDir();
  const r = carom(["examples"], { cwd: dir });
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, new RegExp(`wrote ${NAMES.length + SWEEPS.length + SHOTS.length} files to examples/:\n  ${NAMES.length} scenes: ${NAMES.join(", ")}\n`));
  assert.deepEqual(readdirSync(join(dir, "examples")).sort(), [...JSON_FILES, "pool"].sort());
  assert.deepEqual(readdirSync(join(dir, "examples", "pool")).sort(), SHOTS);
  const schema = relative(join(dir, "examples"), join(ROOT, "dist", "scene.schema.json"));
  for (const f of NAMES) {
    const text = readFileSync(join(dir, "examples", f), "utf8");
    const ours = parseScene(text, f);
    const packaged = parseScene(readFileSync(join(ROOT, "examples", f), "utf8"), f);
    assert.equal(ours.$schema, schema, f);
    assert.deepEqual({ ...ours, $schema: undefined }, { ...packaged, $schema: undefined }, f);
  }
  const sweepSchema = relative(join(dir, "examples"), join(ROOT, "dist", "sweep.schema.json"));
  for (const f of SWEEPS) {
    const ours = JSON.parse(readFileSync(join(dir, "examples", f), "utf8")) as Record<string, unknown>;
    assert.equal(ours.$schema, sweepSchema, f);
    assert.deepEqual({ ...ours, $schema: undefined }, { ...JSON.parse(readFileSync(join(ROOT, "examples", f), "utf8")), $schema: undefined }, f);
  }
  for (const f of SHOTS) assert.equal(readFileSync(join(dir, "examples", "pool", f), "utf8"), readFileSync(join(ROOT, "examples", "pool", f), "utf8"), f);
  // What it wrote runs as the README has it: a pool shot and a sweep's check from the copies.
  assert.equal(carom(["pool", "examples/pool/nine-ball-break.json", "-q"], { cwd: dir }).code, 0);
  assert.match(carom(["validate", ...SWEEPS.map((f) => `examples/${f}`)], { cwd: dir }).stdout, /valid sweep/);
  // Again: nothing changes, nothing is refused.
  assert.equal(carom(["examples", "--quiet"], { cwd: dir }).code, 0);
});

test("carom examples leaves a user's edited file alone unless --force, and writes into a folder of its own choosing", () => {
  const dir = tempDir();
  assert.equal(carom(["examples", "scenes", "-q"], { cwd: dir }).code, 0);
  writeFileSync(join(dir, "scenes", "gas.json"), "my gas\n");
  const r = carom(["examples", "scenes"], { cwd: dir });
  assert.equal(r.code, 2);
  assert.equal(r.stderr, "carom examples: scenes/gas.json already exists with other content; nothing written (--force replaces them)\n");
  assert.equal(readFileSync(join(dir, "scenes", "gas.json"), "utf8"), "my gas\n");
  assert.equal(carom(["examples", "scenes", "--force", "-q"], { cwd: dir }).code, 0);
  assert.notEqual(readFileSync(join(dir, "scenes", "gas.json"), "utf8"), "my gas\n");
});

test("examples/NAME.json runs the packaged example from any folder where no such file exists, and a real file of that name wins", () => {
  const dir = tempDir();
  const r = carom(["run", "examples/cradle.json", "--duration", "1", "--json"], { cwd: dir });
  assert.equal(r.code, 0, r.stderr);
  const summary = JSON.parse(r.stdout) as { scene: string; bodies: number };
  assert.equal(summary.scene, "examples/cradle.json");
  assert.equal(summary.bodies, 6);
  assert.equal(carom(["validate", "examples/spheres.json"], { cwd: dir }).stdout, "examples/spheres.json: valid (3D, 400 bodies, 3 walls)\n");
  assert.match(carom(["run", "examples/nosuch.json"], { cwd: dir }).stderr, /^examples\/nosuch\.json: cannot read the scene: no such file$/m);
  assert.equal(carom(["examples", "-q"], { cwd: dir }).code, 0);
  writeFileSync(join(dir, "examples", "cradle.json"), '{"carom": 1, "bodies": [{"position": [0, 0], "radius": 1}]}');
  assert.equal(JSON.parse(carom(["run", "examples/cradle.json", "--duration", "1", "--json"], { cwd: dir }).stdout).bodies, 1);
});
