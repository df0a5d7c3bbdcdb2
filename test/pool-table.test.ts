import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { pocketTable } from "../src/exports/pool.js";

const ref = JSON.parse(readFileSync("test/fixtures/pool/table.json", "utf8"));

test("pocketTable() builds pooltool's 7-ft table: every cushion, jaw and pocket within 1 ulp of pooltool's, in its order", () => {
  const t = pocketTable();
  const close = (a: number, b: number, what: string) => assert.ok(Math.abs(a - b) <= 2.3e-16, `${what}: ${a} vs ${b}`);
  assert.deepEqual(t.linear.map((c) => c.id), ref.linear.map((c: { id: string }) => c.id));
  assert.deepEqual(t.circular.map((c) => c.id), ref.circular.map((c: { id: string }) => c.id));
  assert.deepEqual(t.pockets.map((c) => c.id), ref.pockets.map((c: { id: string }) => c.id));
  ref.linear.forEach((c: { id: string; p1: number[]; p2: number[]; direction: number }, k: number) => {
    assert.equal(t.linear[k].direction, c.direction, `direction of ${c.id}`);
    for (let j = 0; j < 3; j++) {
      close(t.linear[k].p1[j], c.p1[j], `${c.id}.p1[${j}]`);
      close(t.linear[k].p2[j], c.p2[j], `${c.id}.p2[${j}]`);
    }
  });
  ref.circular.forEach((c: { id: string; center: number[]; radius: number }, k: number) => {
    for (let j = 0; j < 3; j++) close(t.circular[k].center[j], c.center[j], `${c.id}.center[${j}]`);
    assert.equal(t.circular[k].radius, c.radius);
  });
  ref.pockets.forEach((c: { id: string; center: number[]; radius: number; depth: number }, k: number) => {
    for (let j = 0; j < 3; j++) close(t.pockets[k].center[j], c.center[j], `${c.id}.center[${j}]`);
    assert.equal(t.pockets[k].radius, c.radius);
    assert.equal(t.pockets[k].depth, c.depth);
  });
  for (const [key, value] of Object.entries(ref.specs)) {
    if (key in t.specs) assert.ok(Math.abs((t.specs as unknown as Record<string, number>)[key] - (value as number)) <= 1e-15, key);
  }
});

test("pocketTable(specs) scales the construction: a longer table moves the far rail and pockets", () => {
  const t = pocketTable({ l: 2.54, w: 1.27 });
  assert.equal(t.specs.l, 2.54);
  const head = t.linear.find((c) => c.id === "9")!;
  assert.equal(head.p1[1], 2.54);
  const rt = t.pockets.find((p) => p.id === "rt")!;
  assert.ok(Math.abs(rt.center[0] - (1.27 + 0.0417 * Math.SQRT1_2)) < 1e-15);
});

test("pocketTable rejects unknown keys and bad values with a RangeError naming them", () => {
  assert.throws(() => pocketTable({ lenght: 2 } as never), /specs: unknown key "lenght"/);
  assert.throws(() => pocketTable({ l: -1 }), /specs\.l must be in \[0\.1, 20\] m, got -1/);
  assert.throws(() => pocketTable({ corner_pocket_angle: NaN }), /specs\.corner_pocket_angle must be a finite number, got NaN/);
});
