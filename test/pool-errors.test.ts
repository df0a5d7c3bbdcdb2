import { test } from "node:test";
import assert from "node:assert/strict";
import { PoolSystem } from "../src/exports/pool.js";

const one = () => new PoolSystem({ balls: [{ id: "cue", x: 0.5, y: 0.5 }] });

test("PoolSystem rejects unknown option keys, naming the key and suggesting the right one", () => {
  assert.throws(() => new PoolSystem({ balls: [{ id: "cue", x: 0.5, y: 0.5 }], parms: {} } as never), /opts: unknown key "parms" \(did you mean "params"\?\)/);
  assert.throws(() => new PoolSystem({ balls: [{ id: "cue", x: 0.5, y: 0.5, z: 0 }] } as never), /opts\.balls\[0\]: unknown key "z"/);
  assert.throws(() => new PoolSystem({ balls: [{ id: "cue", x: 0.5, y: 0.5 }], params: { mass: 1 } } as never), /params: unknown key "mass"/);
  assert.throws(() => new PoolSystem({ balls: [{ id: "cue", x: 0.5, y: 0.5 }], cue: { mass: 1 } } as never), /cue: unknown key "mass"/);
  assert.throws(() => one().strike({ ball: "cue", V0: 1, phi: 0, spin: 1 } as never), /strike: unknown key "spin"/);
  assert.throws(() => one().simulate({ maxEvent: 3 } as never), /unknown key "maxEvent" \(did you mean "maxEvents"\?\)/);
});

test("PoolSystem rejects bad balls: missing, NaN coordinates, duplicate ids, overlaps, the stick's id", () => {
  assert.throws(() => new PoolSystem({ balls: [] }), /opts\.balls must be a non-empty array/);
  assert.throws(() => new PoolSystem({ balls: [{ id: "cue", x: NaN, y: 0.5 }] }), /opts\.balls\[0\]\.x must be a finite number, got NaN/);
  assert.throws(() => new PoolSystem({ balls: [{ id: "a", x: 0.5, y: 0.5 }, { id: "a", x: 0.7, y: 0.5 }] }), /opts\.balls\[1\]\.id "a" is used twice/);
  assert.throws(() => new PoolSystem({ balls: [{ id: "a", x: 0.5, y: 0.5 }, { id: "b", x: 0.52, y: 0.5 }] }), /"a" and "b" overlap/);
  assert.throws(() => new PoolSystem({ balls: [{ id: "cue_stick", x: 0.5, y: 0.5 }] }), /must not be "cue_stick"/);
  assert.throws(() => new PoolSystem({ balls: [{ id: 3, x: 0.5, y: 0.5 }] } as never), /opts\.balls\[0\]\.id must be a non-empty string, got 3/);
  assert.throws(() => new PoolSystem({ balls: [{ id: "a", x: 0.5, y: 0.5 }], params: { R: -1 } }), /params\.R must be in \[0\.0001, 1\], got -1/);
  assert.throws(() => new PoolSystem({ balls: [{ id: "a", x: 0.5, y: 0.5 }], params: { e_b: 1.5 } }), /params\.e_b must be in \[0, 1\], got 1\.5/);  assert.throws(() => new PoolSystem({ balls: [{ id: "cue", x: 1e308, y: 0.5 }] }), /opts\.balls\[0\]\.x must be on the table, 0 to w = 0\.9906 m, got 1e\+308/);
  assert.throws(() => new PoolSystem({ balls: [{ id: "cue", x: 0.5, y: -0.01 }] }), /opts\.balls\[0\]\.y must be on the table, 0 to l = 1\.9812 m/);
});

test("strike rejects bad strikes with a RangeError naming the field", () => {
  assert.throws(() => one().strike({ ball: "nope", V0: 1, phi: 0 }), /strike\.ball: no ball "nope"/);
  assert.throws(() => one().strike({ ball: "cue", V0: 0, phi: 0 }), /strike\.V0 must be > 0, got 0/);
  assert.throws(() => one().strike({ ball: "cue", V0: Infinity, phi: 0 }), /strike\.V0 must be a finite number, got Infinity/);
  assert.throws(() => one().strike({ ball: "cue", V0: 1e308, phi: 0 }), /strike\.V0 must be at most 100 m\/s/);
  assert.throws(() => one().strike({ ball: "cue", V0: 1, phi: NaN }), /strike\.phi must be a finite number, got NaN/);
  assert.throws(() => one().strike({ ball: "cue", V0: 1, phi: 0, a: 0.8, b: 0.8 }), /a² \+ b² must be <= 1/);
  assert.throws(() => one().strike({ ball: "cue", V0: 1, phi: 0, theta: 90 }), /strike\.theta must be in \[0, 90\)/);
  const s = one();
  s.strike({ ball: "cue", V0: 1, phi: 0 });
  assert.throws(() => s.strike({ ball: "cue", V0: 1, phi: 0 }), /already queued/);
  s.simulate({ maxEvents: 2 });
  assert.throws(() => s.strike({ ball: "cue", V0: 1, phi: 0 }), /every ball must be at rest, but "cue" is rolling/);
  s.simulate();
  s.strike({ ball: "cue", V0: 1, phi: 180 }); // at rest again: a second shot is fine
  assert.ok(s.simulate().length > 1);
});

test("ball() names unknown ids; simulate() rejects bad limits", () => {
  assert.throws(() => one().ball("x"), /ball: no ball "x"/);
  assert.throws(() => one().simulate({ tFinal: NaN }), /tFinal must be a finite number, got NaN/);
  assert.throws(() => one().simulate({ maxEvents: -1 }), /maxEvents must be >= 0, got -1/);
  assert.deepEqual(one().simulate(), []); // nothing moves, nothing happens
  const s = one();
  s.strike({ ball: "cue", V0: 1, phi: 90 });
  s.simulate({ tFinal: 0.5 });
  assert.throws(() => s.simulate({ tFinal: 0.25 }), /tFinal must be >= the current time 0.5, got 0.25/);
});

test("the fastest strike accepted (100 m/s) breaks a rack and comes to rest", () => {
  const s = new PoolSystem({ balls: [{ id: "cue", x: 0.5, y: 0.5 }, { id: "1", x: 0.5, y: 1.5 }] });
  s.strike({ ball: "cue", V0: 100, phi: 90 });
  const events = s.simulate();
  assert.ok(events.length > 5 && events.length < 10_000, String(events.length));
  for (const id of s.ids) assert.ok(["stationary", "pocketed"].includes(s.ball(id).state), `${id}: ${s.ball(id).state}`);
});
