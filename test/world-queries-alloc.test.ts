// The overlap queries' Into forms in a steady loop allocate nothing, measured by the growth of
// V8's young generation (as contest-alloc.test.ts measures the contest simulators). In its own
// file (its own process), so that other tests' uses of the queries do not colour the compiled code.
import { test } from "node:test";
import assert from "node:assert/strict";
import v8 from "node:v8";
import { OverlapBuffer, World2D } from "../src/index.js";

const newSpaceUsed = (): number => v8.getHeapSpaceStatistics().find((s) => s.space_name === "new_space")!.space_used_size;

/** Bytes allocated by `batch` once warm: the least new-space growth over several runs (see contest-alloc.test.ts). */
function allocatedBy(batch: () => void): number {
  for (let k = 0; k < 100; k++) batch();
  let least = Infinity;
  for (let attempt = 0; attempt < 20 && least >= 8192; attempt++) {
    const before = newSpaceUsed();
    batch();
    const grown = newSpaceUsed() - before;
    if (grown >= 0) least = Math.min(least, grown);
  }
  if (least === Infinity) throw new Error("a collection ran during every attempt");
  return least;
}

test("once warm, point, circle and box queries among bodies allocate nothing through their Into forms (3,000 queries in a 400-body world grow the heap by less than 8 KB)", () => {
  const w = new World2D({ bounds: { min: [0, 0], max: [40, 40] } });
  for (let i = 0; i < 400; i++) w.addBody({ x: 1 + (i % 20) * 2, y: 1 + Math.floor(i / 20) * 2, vx: Math.sin(i), vy: Math.cos(i), radius: 0.4 });
  w.advance(0.5);
  const out = new OverlapBuffer(256);
  const disc = { x: 10, y: 10, r: 3 }, box = { minX: 0, minY: 18, maxX: 6, maxY: 22 };
  const found = new Int32Array(1);
  const bytes = allocatedBy(() => {
    for (let k = 0; k < 1000; k++) {
      disc.x = 5 + (k % 30);
      found[0] += w.queryCircleInto(out, disc);
      found[0] += w.queryPointInto(out, 5 + (k % 30), 10.5);
      box.minX = k % 30;
      box.maxX = box.minX + 6;
      found[0] += w.queryBoxInto(out, box);
    }
  });
  assert.ok(found[0] > 3000);
  assert.ok(bytes < 8192, `${bytes} bytes for 3,000 queries`);
});
