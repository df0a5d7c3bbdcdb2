import { test } from "node:test";
import assert from "node:assert/strict";
import { billiardTable, pocketTable, PoolSystem, snookerTable } from "../src/exports/pool.js";
import { pathBox } from "../src/pool/detect.js";

const R = 0.028575;

test("a ball touching a rail (centre at x = R, up to rounding) and shot into it bounces off at once and stays on the table", () => {
  for (const [x, y, phi, cushion] of [[R, 0.5, 180, "3"], [0.9906 - R, 0.5, 0, "15"], [0.5, R, -90, "18"], [0.5, 1.9812 - R, 90, "9"]] as const) {
    const system = new PoolSystem({ balls: [{ id: "cue", x, y }] });
    system.strike({ ball: "cue", V0: 2, phi });
    const events = system.simulate();
    assert.equal(`${events[1].type} ${events[1].ids}`, `ball-linear-cushion cue,${cushion}`);
    assert.ok(events[1].t < 1e-15, String(events[1].t));
    const end = system.ball("cue");
    assert.ok(end.state === "pocketed" || (end.r[0] >= R - 1e-9 && end.r[0] <= 0.9906 - R + 1e-9 && end.r[1] >= R - 1e-9 && end.r[1] <= 1.9812 - R + 1e-9), `${end.state} at ${end.r}`);
  }
});

test("a ball overlapping a cushion, a jaw or inside a pocket is refused, naming the ball and the cushion", () => {
  assert.throws(() => new PoolSystem({ balls: [{ id: "cue", x: R * 0.99, y: 0.5 }] }), /^RangeError: opts\.balls\[0\] \("cue"\) overlaps cushion 3: its centre is 0\.0282\d+ m from the cushion, less than R = 0\.028575 m/);
  assert.throws(() => new PoolSystem({ balls: [{ id: "x", x: 0.01, y: 0.01 }] }), /opts\.balls\[0\] \("x"\) is in pocket lb/);
  assert.throws(() => new PoolSystem({ balls: [{ id: "x", x: 0.01, y: 0.93 }] }), /opts\.balls\[0\] \("x"\) overlaps (jaw 4t|cushion 3)/);
  // In a pocket's mouth, clear of every cushion, a ball may sit nearer the rail line than R.
  new PoolSystem({ balls: [{ id: "x", x: 0.02, y: 0.05 }] });
});

test("table specs out of range or unsound are RangeErrors naming the field (a side pocket wider than the table, absurd angles)", () => {
  assert.throws(() => pocketTable({ side_pocket_width: 3 }), /^RangeError: specs\.side_pocket_width must be in \[0\.001, 1\] m, got 3$/);
  assert.throws(() => pocketTable({ side_pocket_width: 1, l: 1 }), /^RangeError: specs: the side pockets \(side_pocket_width 1 m, side_jaw_radius 0\.00795 m\) and the corner pockets leave no side rail on a table l = 1 m long$/);
  assert.throws(() => pocketTable({ corner_pocket_width: 0.9 }), /specs: the corner pockets \(corner_pocket_width 0\.9 m.*leave no end rail on a table w = 0\.9906 m wide/);
  assert.throws(() => pocketTable({ corner_pocket_angle: 89 }), /^RangeError: specs\.corner_pocket_angle must be in \[-30, 30\] degrees, got 89$/);
  assert.throws(() => pocketTable({ side_pocket_angle: -1e300 }), /specs\.side_pocket_angle must be in \[-30, 30\] degrees/);
  assert.throws(() => snookerTable({ w: 1e9 }), /specs\.w must be in \[0\.1, 20\] m, got 1000000000/);
  assert.throws(() => billiardTable({ corner_pocket_width: 1 } as never), /specs: unknown key "corner_pocket_width"/);
});

test("englishThrottle scales the spin of the strike, not the side offset: 2 with a = 0.9 doubles the spin, the speed stays", () => {
  const struck = (englishThrottle: number) => {
    const system = new PoolSystem({ balls: [{ id: "cue", x: 0.5, y: 0.5 }], cue: { englishThrottle } });
    system.strike({ ball: "cue", V0: 2, phi: 90, a: 0.9, b: 0.1 });
    return system.simulate({ maxEvents: 1 })[0].after.cue;
  };
  const one = struck(1), two = struck(2), half = struck(0.5);
  assert.deepEqual(two.v, one.v);
  assert.deepEqual(half.v, one.v);
  for (let k = 0; k < 3; k++) {
    assert.ok(Number.isFinite(two.w[k]));
    assert.equal(two.w[k], 2 * one.w[k]);
    assert.equal(half.w[k], 0.5 * one.w[k]);
  }
  assert.throws(() => new PoolSystem({ balls: [{ id: "cue", x: 0.5, y: 0.5 }], cue: { englishThrottle: 1e300 } }), /^RangeError: cue\.englishThrottle must be in \[0, 10\], got 1e\+300$/);
});

test("ball parameters out of range are RangeErrors naming the user's field (no 'c4 must be finite', no ball sent to 8e288)", () => {
  const balls = [{ id: "cue", x: 0.5, y: 0.5 }];
  assert.throws(() => new PoolSystem({ balls, params: { g: 1e-300 } }), /^RangeError: params\.g must be in \[0\.01, 1000\], got 1e-300$/);
  assert.throws(() => new PoolSystem({ balls, params: { u_s: 1e300 } }), /^RangeError: params\.u_s must be in \[0\.0001, 10\], got 1e\+300$/);
  assert.throws(() => new PoolSystem({ balls, params: { m: 0 } }), /params\.m must be in \[0\.0001, 1000\], got 0/);
  assert.throws(() => new PoolSystem({ balls, params: { e_c: 1.01 } }), /params\.e_c must be in \[0, 1\], got 1\.01/);
  assert.throws(() => new PoolSystem({ balls, params: { R: 0.6 } }), /params\.R must be below half the table's shorter side 0\.9906 m, got 0\.6/);
  assert.throws(() => new PoolSystem({ balls, ballBallFriction: { model: "coulomb" } as never }), /ballBallFriction\.model must be "alciatore" or "average", got "coulomb"/);
  assert.throws(() => new PoolSystem({ balls, ballBallFriction: { model: "alciatore", a: -1, b: 0, c: 0 } }), /ballBallFriction\.a must be in \[0, 10\], got -1/);
  // The extremes of the ranges still play to rest on the table.
  const slow = new PoolSystem({ table: billiardTable(), balls, params: { g: 0.01, u_s: 1e-4, u_r: 1e-5 } });
  slow.strike({ ball: "cue", V0: 3, phi: 33 });
  assert.ok(slow.simulate().length > 100);
  const [x, y] = slow.ball("cue").r;
  assert.ok(x > 0 && x < billiardTable().w && y > 0 && y < billiardTable().l, `at ${x}, ${y}`);
});

test("a table object of one's own is checked field by field ('undefined is not iterable' before)", () => {
  const balls = [{ id: "cue", x: 0.5, y: 0.5 }];
  const base = { specs: { l: 2, w: 1, cushion_width: 0.05, cushion_height: 0.036 }, linear: [], circular: [], pockets: [] };
  const table = (extra: object) => () => new PoolSystem({ table: { ...base, ...extra } as never, balls });
  assert.throws(table({ linear: [{}] }), /^RangeError: opts\.table\.linear\[0\]\.id must be a non-empty string, got undefined$/);
  assert.throws(table({ linear: [{ id: "a", p1: [0, 0], p2: [1, 0, 0], direction: 0 }] }), /opts\.table\.linear\[0\]\.p1 must be an array of 3 finite numbers/);
  assert.throws(table({ linear: [{ id: "a", p1: [0, 0, 0], p2: [0, 0, 0], direction: 0 }] }), /opts\.table\.linear\[0\]: p1 and p2 are the same point/);
  assert.throws(table({ linear: [{ id: "a", p1: [0, 0, 0], p2: [1, 0, 0], direction: 3 }] }), /opts\.table\.linear\[0\]\.direction must be 0, 1 or 2/);
  assert.throws(table({ linear: "x" }), /opts\.table\.linear must be an array, got string/);
  assert.throws(table({ circular: [{ id: "j", center: [0, 0, 0], radius: -1 }] }), /opts\.table\.circular\[0\]\.radius must be in \(0, 1\] m, got -1/);
  assert.throws(table({ pockets: [{ id: "p", center: [1e300, 0, 0], radius: 0.05, depth: 0.1 }] }), /opts\.table\.pockets\[0\]\.center\[0\] must be within ±1000 m, got 1e\+300/);
  assert.throws(table({ specs: { l: 2 } }), /opts\.table\.specs\.w is missing/);
  assert.throws(table({ w: 3 }), /opts\.table\.w must equal opts\.table\.specs\.w = 1, got 3/);
  // A checked table of one's own plays: a box of four cushions.
  const box = {
    ...base,
    linear: [
      { id: "s", p1: [0, 0, 0.036], p2: [1, 0, 0.036], direction: 1 }, { id: "n", p1: [0, 2, 0.036], p2: [1, 2, 0.036], direction: 0 },
      { id: "w", p1: [0, 0, 0.036], p2: [0, 2, 0.036], direction: 1 }, { id: "e", p1: [1, 0, 0.036], p2: [1, 2, 0.036], direction: 0 },
    ],
  };
  const system = new PoolSystem({ table: box as never, balls });
  system.strike({ ball: "cue", V0: 3, phi: 20 });
  const events = system.simulate();
  assert.ok(events.filter((e) => e.type === "ball-linear-cushion").length >= 3);
  assert.equal(system.table.kind, "pocket");
});

test("the pre-test box of a path that runs for a very long time covers all of it (it stopped at 1e6 s, and slow balls left the table)", () => {
  const P = new Float64Array([0.5, 0.5, 1e-6, 0, -1e-15, 0]);
  const box = new Float64Array(4);
  pathBox(box, 0, P, 0, 5e8);
  assert.ok(box[2] >= 0.5 + 5e8 * (1e-6 - 5e8 * 1e-15) - 1e-9, String(box[2]));
  pathBox(box, 0, new Float64Array([0.5, 0.5, 1e200, 0, -1e180, 0]), 0, 1e300);
  assert.deepEqual([box[0], box[2]], [-Infinity, Infinity]);
});

test("a ball named __proto__ is an ordinary ball: its after-state is an own property of the event, not a prototype", () => {
  const system = new PoolSystem({ balls: [{ id: "__proto__", x: 0.5, y: 0.5 }, { id: "constructor", x: 0.5, y: 1.0 }] });
  system.strike({ ball: "__proto__", V0: 2, phi: 90 });
  const events = system.simulate();
  const hit = events.find((e) => e.type === "ball-ball")!;
  assert.deepEqual(Object.keys(hit.after).sort(), ["__proto__", "constructor"]);
  assert.equal(Object.getPrototypeOf(hit.after), Object.prototype);
  assert.equal(JSON.parse(JSON.stringify(hit)).after.__proto__.state, "sliding");
});

test("a ball touching a pocket jaw and shot into it bounces off the jaw at once", () => {
  const jaw = pocketTable().circular.find((c) => c.id === "1t")!;
  const d = R + jaw.radius, a = (120 * Math.PI) / 180;
  const system = new PoolSystem({ balls: [{ id: "cue", x: jaw.center[0] + d * Math.cos(a), y: jaw.center[1] + d * Math.sin(a) }] });
  system.strike({ ball: "cue", V0: 1.5, phi: -60 });
  const events = system.simulate();
  assert.equal(`${events[1].type} ${events[1].ids}`, "ball-circular-cushion cue,1t");
  assert.ok(events[1].t < 1e-12, String(events[1].t));
});
