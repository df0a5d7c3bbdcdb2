import { test } from "node:test";
import assert from "node:assert/strict";
import { aimAt, cutAngle, ghostBall, pocketTable, PoolSystem } from "../src/exports/pool.js";

const R = 0.028575;
const rt = pocketTable().pockets.find((p) => p.id === "rt")!.center;

/** The cue ball placed so that the shot at the rt pocket has the given cut angle (degrees). */
function setUp(cut: number) {
  const object: [number, number] = [0.65, 1.55];
  const dx = rt[0] - object[0], dy = rt[1] - object[1], d = Math.hypot(dx, dy);
  const ux = dx / d, uy = dy / d;
  const ghost = [object[0] - 2 * R * ux, object[1] - 2 * R * uy];
  const c = Math.cos((cut * Math.PI) / 180), s = Math.sin((cut * Math.PI) / 180);
  // The cue ball 0.6 m behind the ghost ball, its path turned by the cut angle.
  const cue: [number, number] = [ghost[0] - 0.6 * (ux * c - uy * s), ghost[1] - 0.6 * (ux * s + uy * c)];
  return { cue, object };
}

test("aimAt: a straight shot has cut 0 and points at the object ball; the ghost ball is 2R behind it on the line from the pocket", () => {
  const { cue, object } = setUp(0);
  const aim = aimAt({ cue, object, pocket: "rt" });
  assert.ok(Math.abs(aim.cut) < 1e-6, String(aim.cut));
  assert.ok(aim.possible);
  const g = ghostBall(object, [rt[0], rt[1]]);
  assert.ok(Math.hypot(aim.ghost[0] - g[0], aim.ghost[1] - g[1]) < 1e-15);
  assert.ok(Math.abs(Math.hypot(g[0] - object[0], g[1] - object[1]) - 2 * R) < 1e-15);
  const direct = (Math.atan2(object[1] - cue[1], object[0] - cue[0]) * 180) / Math.PI;
  assert.ok(Math.abs(aim.phi - direct) < 1e-9, `${aim.phi} vs ${direct}`);
});

test("cutAngle measures the cut; a cut of 90° or more is not possible; targets and directions work like pockets", () => {
  for (const cut of [10, 30, 60, 80]) {
    const { cue, object } = setUp(cut);
    assert.ok(Math.abs(cutAngle({ cue, object, pocket: "rt" }) - cut) < 1e-9, `cut ${cut}`);
  }
  assert.equal(aimAt({ cue: [0.5, 1], object: [0.5, 1.2], direction: -90 }).possible, false);
  const viaPoint = aimAt({ cue: [0.2, 0.3], object: [0.5, 1], target: [rt[0], rt[1]] });
  assert.deepEqual(viaPoint, aimAt({ cue: [0.2, 0.3], object: [0.5, 1], pocket: "rt" }));
  assert.throws(() => aimAt({ cue: [0, 0], object: [1, 1] }), /give exactly one of pocket, target and direction/);
  assert.throws(() => aimAt({ cue: [0, 0], object: [1, 1], pocket: "xx" }), /aimAt options\.pocket: no pocket "xx" on this table \(pockets: lb, lc, lt, rb, rc, rt\)/);
  assert.throws(() => aimAt({ cue: [0, NaN], object: [1, 1], pocket: "rt" }), /aimAt options\.cue\[1\] must be a finite number, got NaN/);
});

for (const cut of [0, 25]) {
  test(`strike({ aim: { object, pocket } }) pots the object ball in the pocket aimed at (cut ${cut}°), the cue ball stays on the table`, () => {
    const { cue, object } = setUp(cut);
    const system = new PoolSystem({ balls: [{ id: "cue", x: cue[0], y: cue[1] }, { id: "1", x: object[0], y: object[1] }] });
    const aim = system.aimAt({ cue: "cue", object: "1", pocket: "rt" });
    assert.ok(Math.abs(aim.cut - cut) < 1e-9);
    system.strike({ ball: "cue", V0: 2.5, aim: { object: "1", pocket: "rt" } });
    const events = system.simulate();
    assert.equal(events[1].type, "ball-ball");
    assert.ok(events.some((e) => e.type === "ball-pocket" && e.ids[0] === "1" && e.ids[1] === "rt"), events.map((e) => `${e.type} ${e.ids}`).join("; "));
    assert.notEqual(system.ball("cue").state, "pocketed");
  });
}

test("strike's aim is checked: one of phi and aim, a known object ball, not the cue ball itself", () => {
  const system = new PoolSystem({ balls: [{ id: "cue", x: 0.5, y: 0.5 }, { id: "1", x: 0.5, y: 1 }] });
  assert.throws(() => system.strike({ ball: "cue", V0: 1, phi: 0, aim: "1" }), /strike: give phi or aim, not both/);
  assert.throws(() => system.strike({ ball: "cue", V0: 1, aim: { object: "7", pocket: "rt" } }), /strike\.aim\.object: no ball "7"/);
  assert.throws(() => system.strike({ ball: "cue", V0: 1, aim: { object: "cue", pocket: "rt" } }), /strike\.aim\.object must be another ball than the cue ball/);
  assert.throws(() => system.strike({ ball: "cue", V0: 1 }), /strike\.phi must be a finite number, got undefined/);
  system.strike({ ball: "cue", V0: 1, aim: "1" });
  assert.ok(system.simulate().some((e) => e.type === "ball-ball"));
});

test("aiming refuses points far off any table and radii that are not a ball's, instead of answering NaN", () => {
  assert.throws(() => aimAt({ cue: [0, 0], object: [1.7e308, 1.7e308], pocket: "rt" }), /aimAt options\.object must be within ±1000000 m/);
  assert.throws(() => aimAt({ cue: [0, 0], object: [1, 1], pocket: "rt", R: -1 }), /aimAt options\.R must be in \(0, 1\] m, got -1/);
  assert.throws(() => ghostBall([1, 1], [1, 1]), /the target is the object ball's centre/);
  assert.throws(() => ghostBall([1, 1], [2, 2], NaN), /ghostBall R must be in \(0, 1\] m, got NaN/);
  const far = aimAt({ cue: [-1e6, -1e6], object: [1e6, 1e6], direction: 45 });
  assert.ok(Number.isFinite(far.phi) && Number.isFinite(far.cut) && far.cut < 1e-6);
});
