// The worker recipe (examples/world-worker.mjs, shown word for word in docs/worker.md) runs in
// Node: the main thread receives every frame in order through transferred buffers, reuses
// arrays, and a snapshot posted across threads restores into a world that holds the last frame
// exactly; the stream is the same simulation as one run in this thread.
import { before, test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { World2D } from "../src/index.js";
import { ROOT, ensureBuilt } from "./support/cli.js";

before(() => ensureBuilt());

test("the worker recipe streams 120 frames in order, recycles its arrays and restores the snapshot to the last frame exactly", () => {
  const r = spawnSync(process.execPath, [join(ROOT, "examples", "world-worker.mjs")], { cwd: ROOT, encoding: "utf8", timeout: 60_000 });
  assert.equal(r.status, 0, r.stderr);
  const m = /^120 frames, (\d+) collisions, t = 2\.0000, (\d+) position arrays made, restored state equals the last frame: true$/m.exec(r.stdout);
  assert.ok(m !== null, r.stdout);
  assert.ok(Number(m[2]) < 240, `${m[2]} arrays for 240 sent: the returned ones were reused`);
  // The same world in this thread (examples/world-worker.mjs's makeWorld): the same collisions.
  const world = new World2D({ bounds: { min: [0, 0], max: [20, 20] } });
  for (let k = 0; k < 50; k++) world.addBody({ x: 2 + (k % 8) * 2.2, y: 2 + Math.floor(k / 8) * 2.2, vx: Math.sin(k) * 4, vy: Math.cos(3 * k) * 4, radius: 0.5 });
  world.addSegment(3, 18, 17, 19);
  let collisions = 0;
  for (let f = 0; f < 120; f++) collisions += world.advance(1 / 60).collisions;
  assert.equal(Number(m[1]), collisions);
});

test("docs/worker.md shows examples/world-worker.mjs word for word", () => {
  const doc = readFileSync(join(ROOT, "docs", "worker.md"), "utf8");
  const code = readFileSync(join(ROOT, "examples", "world-worker.mjs"), "utf8");
  assert.ok(doc.includes("```js\n" + code + "```"), "docs/worker.md differs from examples/world-worker.mjs");
});
