/**
 * Jammed packings (carom/science packJammed and `carom pack`): small systems, a modest target
 * pressure (the 1,000-body runs against φ ≈ 0.64 and 0.84 are in bench/science.bench.ts).
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { maxOverlap, packJammed } from "../src/exports/science.js";
import { carom, ensureBuilt, tempDir } from "./support/cli.js";

test("300 bidisperse disks (radii 1 : 1.4) jam near φ = 0.84 with no overlap beyond 1e-9 of a radius", () => {
  const res = packJammed({ dimensions: 2, count: 300, radii: [1, 1.4], seed: 3, targetPressure: 1e4 });
  assert.ok(res.pressure >= 1e4);
  assert.ok(res.packingFraction > 0.80 && res.packingFraction < 0.86, `φ = ${res.packingFraction}`);
  assert.ok(res.maxOverlap <= 1e-9);
  assert.equal(maxOverlap(2, res.positions, res.radii, res.box[0]), res.maxOverlap);
  const big = res.sizeClass.reduce((s, c) => s + c, 0);
  assert.equal(big, 150);
  for (let i = 0; i < 300; i++) assert.equal(res.radii[i], [1, 1.4][res.sizeClass[i]]);
  for (const x of res.positions) assert.ok(x >= 0 && x < res.box[0]);
});

test("250 monodisperse spheres jam near φ = 0.64, the same bits for the same seed", () => {
  const a = packJammed({ dimensions: 3, count: 250, radii: [0.5], seed: 9, targetPressure: 1e4 });
  assert.ok(a.packingFraction > 0.6 && a.packingFraction < 0.67, `φ = ${a.packingFraction}`);
  assert.ok(a.maxOverlap <= 1e-9);
  const b = packJammed({ dimensions: 3, count: 250, radii: [0.5], seed: 9, targetPressure: 1e4 });
  assert.deepEqual(b.positions, a.positions);
});

test("packJammed rejects bad options with RangeErrors naming them", () => {
  assert.throws(() => packJammed({ dimensions: 2, count: 100, radii: [1], seed: 1, targetPresure: 10 } as never), /unknown option "targetPresure", did you mean "targetPressure"/);
  assert.throws(() => packJammed({ dimensions: 2, count: 100, radii: [1, 2], fractions: [1], seed: 1 }), /fractions must have one entry per radius/);
  assert.throws(() => packJammed({ dimensions: 3, count: 3, radii: [1], seed: 1 }), /too small/);
  assert.throws(() => packJammed({ dimensions: 2, count: 100, radii: [-1], seed: 1 }), /radii\[0\] must be a finite number > 0/);
});

test("carom pack writes a periodic version-1 scene of bodies at rest, and rejects unknown flags with exit code 2", () => {
  ensureBuilt();
  const dir = tempDir();
  const file = join(dir, "packing.json");
  const r = carom(["pack", "--dimensions", "2", "--count", "120", "--radii", "1,1.4", "--fractions", "1,1", "--seed", "4", "--target-pressure", "1000", "-o", file]);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /packed 120 disks: packing fraction 0\.8/);
  const scene = JSON.parse(readFileSync(file, "utf8"));
  assert.equal(scene.carom, 1);
  assert.equal(scene.dimensions, 2);
  assert.equal(scene.bounds.periodic, true);
  assert.equal(scene.bodies.length, 120);
  const L = scene.bounds.max[0];
  const pos = new Float64Array(scene.bodies.flatMap((b: { position: number[] }) => b.position));
  const radii = new Float64Array(scene.bodies.map((b: { radius: number }) => b.radius));
  assert.ok(maxOverlap(2, pos, radii, L) <= 1e-9);
  for (const b of scene.bodies) assert.deepEqual(b.velocity, [0, 0]);
  const bad = carom(["pack", "--dimensions", "2", "--count", "10", "--radii", "1", "--seed", "1", "--colour", "red", "-o", file]);
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /carom pack: .*--colour/);
  const missing = carom(["pack", "--dimensions", "4", "--count", "10", "--radii", "1", "--seed", "1", "-o", file]);
  assert.equal(missing.code, 2);
  assert.match(missing.stderr, /--dimensions must be 2 or 3/);
});
