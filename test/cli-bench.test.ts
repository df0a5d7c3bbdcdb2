import { before, test } from "node:test";
import assert from "node:assert/strict";
import { carom, ensureBuilt } from "./support/cli.js";

before(() => ensureBuilt());

test("carom bench --quick measures the kernels and the example scenes and reports every row (timings are not judged)", () => {
  const r = carom(["bench", "--quick", "--json"], { timeout: 120_000 });
  assert.equal(r.code, 0, r.stderr);
  const out = JSON.parse(r.stdout) as { machine: string; rows: { name: string; medianSeconds: number; items: number; itemsPerSecond: number; perItem: string }[] };
  assert.match(out.machine, /^node v\d+/);
  assert.deepEqual(out.rows.map((row) => row.name), ["timeOfImpactCircles", "timeOfImpactSpheres", "break", "breakout", "cradle", "gas", "spheres"]);
  for (const row of out.rows) {
    assert.ok(row.medianSeconds > 0 && row.items > 0 && row.itemsPerSecond > 0, JSON.stringify(row));
    assert.match(row.perItem, /^[0-9.]+ ns\/(query|collision)$/);
  }
  const text = carom(["bench", "--quick"], { timeout: 120_000 });
  assert.equal(text.code, 0);
  assert.match(text.stdout, /^carom bench \(node v/);
  assert.match(text.stdout, /^gas +[0-9.]+ ms/m);
});
