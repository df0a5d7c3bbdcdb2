import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { EXAMPLE_SCENES, POOL_BALL_MASS, POOL_BALL_RADIUS, formatScene, parseScene, poolBreakScene, sceneDimensions } from "../src/index.js";

const EXAMPLES = join(import.meta.dirname, "..", "examples");

test("every example file is valid and is exactly what its builder writes (examples/generate.ts is up to date)", () => {
  const files = readdirSync(EXAMPLES).filter((f) => f.endsWith(".json") && !f.endsWith("-sweep.json")).sort(); // (NAME-sweep.json: sweep files)
  assert.deepEqual(files, Object.keys(EXAMPLE_SCENES).map((n) => `${n}.json`).sort());
  for (const [name, build] of Object.entries(EXAMPLE_SCENES)) {
    const text = readFileSync(join(EXAMPLES, `${name}.json`), "utf8");
    parseScene(text, `${name}.json`);
    assert.equal(text, formatScene({ $schema: "../dist/scene.schema.json", ...build() }), `${name}.json differs from its builder`);
  }
});

test("the examples are the scenes the command line promises", () => {
  const count = (name: string): number => EXAMPLE_SCENES[name]().bodies.length;
  assert.equal(count("gas"), 2000);
  assert.equal(sceneDimensions(EXAMPLE_SCENES.spheres()), 3);
  const breakout = EXAMPLE_SCENES.breakout();
  assert.equal(Math.hypot(...(breakout.bodies[0].velocity as number[])), 10000);
  assert.ok((breakout.walls ?? []).filter((w) => w.id?.startsWith("brick")).length >= 40);
  const galton = EXAMPLE_SCENES.galton();
  assert.ok(galton.gravity !== undefined && galton.bodies.some((b) => b.fixed === true));
});

test("the built-in pool break is a standard table with 16 regulation balls, cushions as bounds and restitution below 1", () => {
  const s = poolBreakScene();
  assert.equal(s.bodies.length, 16);
  assert.equal(POOL_BALL_RADIUS * 2, 0.05715);
  for (const b of s.bodies) {
    assert.equal(b.radius, POOL_BALL_RADIUS);
    assert.equal(b.mass, POOL_BALL_MASS);
  }
  assert.deepEqual(s.bounds, { min: [0, 0], max: [2.54, 1.27] });
  assert.ok((s.restitution as number) < 1);
  assert.deepEqual(s.bodies.map((b) => b.id).sort(), ["cue", ...Array.from({ length: 15 }, (_, k) => `ball-${k + 1}`)].sort());
  // The rack is a triangle of 15 with its apex on the foot spot, a 0.1 mm gap between neighbours.
  const apex = s.bodies.find((b) => b.id === "ball-1")?.position as number[];
  assert.deepEqual(apex, [1.905, 0.635]);
  const eight = s.bodies.find((b) => b.id === "ball-8")?.position as number[];
  assert.ok(Math.abs(eight[1] - 0.635) < 1e-15, "8 ball in the middle of its row");
});
