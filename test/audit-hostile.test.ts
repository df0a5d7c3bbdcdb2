/**
 * An attacker's audit of the public surface: each case here was a hang, a stack trace, a NaN in
 * the output or a silently wrong result before its fix, and is now a clear error naming the
 * field (or a correct result).
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { World2D } from "../src/index.js";

/** Two discs heading for each other in a box, and one crossing their path. */
function smallWorld(options: ConstructorParameters<typeof World2D>[0] = {}): World2D {
  const w = new World2D({ bounds: { min: [0, 0], max: [10, 10] }, ...options });
  w.addBody({ id: "a", x: 2, y: 5, vx: 1, radius: 0.5 });
  w.addBody({ id: "b", x: 8, y: 5, vx: -1, radius: 0.5 });
  w.addBody({ id: "c", x: 5, y: 2, vy: 1, radius: 0.5 });
  return w;
}

test("World: restore from inside onCollision is a RangeError, not an event loop replaying the same collision for ever", () => {
  // Before: every collision turned the clock back to 0 and advance(20) never returned (with the
  // default budget of 5e7 events; this budget only keeps a regression from hanging the suite).
  const w = smallWorld({ maxEventsPerAdvance: 20_000 });
  const start = w.snapshot();
  w.onCollision = () => w.restore(start);
  assert.throws(() => w.advance(20), { name: "RangeError", message: "restore cannot be called from inside a callback of the same world" });
  // Outside a callback, restore works as before, and so does the world.
  w.onCollision = null;
  w.restore(start);
  assert.equal(w.now, 0);
  const report = w.advance(20);
  assert.equal(report.complete, true);
  assert.ok(report.collisions > 0);
});

test("World: predictPath's maxTime and maxBounces must be numbers it can stop at (NaN gave NaN points)", () => {
  const w = smallWorld();
  for (const bad of [NaN, -1, -Infinity]) {
    assert.throws(() => w.predictPath(0, bad), { name: "RangeError", message: `maxTime must be a number >= 0 (Infinity for no limit), got ${bad}` });
  }
  for (const bad of [NaN, -1, 1.5, Infinity, 1e308]) {
    assert.throws(() => w.predictPath(0, 10, bad), { name: "RangeError", message: `maxBounces must be an integer from 0 to 1000000 (a point per bounce), got ${bad}` });
  }
  // The defaults and an unlimited time still give the aim line, with finite points.
  w.removeBody(2);
  const path = w.predictPath(0, Infinity);
  assert.equal(path.hitBody, 1);
  assert.equal(path.time, 2.5);
  assert.ok(path.points.every(Number.isFinite));
});

test("World: a collision group or mask that is not a 32-bit integer is a RangeError (NaN made a body that meets nothing)", () => {
  for (const [key, bad] of [["group", NaN], ["group", 1e308], ["group", 1.5], ["mask", Infinity], ["mask", -0x80000001], ["mask", 2 ** 32]] as const) {
    const w = smallWorld();
    assert.throws(() => w.addBody({ x: 5, y: 8, radius: 0.5, [key]: bad }), { name: "RangeError", message: new RegExp(`${key} must be an integer of 32 bits \\(-2147483648 to 4294967295\\), got `) });
    assert.equal(w.bodyCount, 3, "the refused body is not added");
  }
  // 0xffffffff is the same set of bits as -1: the body still collides.
  const w = new World2D({ bounds: { min: [0, 0], max: [10, 10] } });
  w.addBody({ x: 2, y: 5, vx: 1, radius: 0.5, mask: 0xffffffff });
  w.addBody({ x: 8, y: 5, vx: -1, radius: 0.5, group: 0x80000000 | 1 });
  const report = w.advance(3);
  assert.equal(report.collisions, 1);
  assert.deepEqual([w.vx[0], w.vx[1]], [-1, 1]);
});
