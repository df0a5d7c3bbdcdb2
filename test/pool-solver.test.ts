import { test } from "node:test";
import assert from "node:assert/strict";
import { findShot, PoolSystem, type BallSetup } from "../src/exports/pool.js";
import { NINE_BALL_POSITIONS } from "./support/pool-positions.js";

const R = 0.028575;

const positions = NINE_BALL_POSITIONS;

for (const { name, balls } of positions) {
  test(`findShot pots the ball in a scripted 9-ball position (${name}), and its best shot played pots it without a scratch`, () => {
    const system = new PoolSystem({ balls });
    const target = balls[1].id;
    const found = findShot(system, { ball: target, timeLimit: 60_000 });
    assert.ok(found.complete);
    assert.ok(found.shots.length > 0, `no shot found in ${found.candidates} candidates`);
    assert.ok(found.candidates > 100);
    for (let k = 1; k < found.shots.length; k++) assert.ok(found.shots[k - 1].margin >= found.shots[k].margin);
    const best = found.shots[0];
    assert.ok(best.margin > 0 && best.range[0] < best.strike.phi && best.strike.phi < best.range[1]);
    const play = system.copy();
    play.strike(best.strike);
    const events = play.simulate();
    assert.ok(events.some((e) => e.type === "ball-pocket" && e.ids[0] === target && e.ids[1] === best.pocket), `${target} not in ${best.pocket}`);
    assert.notEqual(play.ball("cue").state, "pocketed");
    assert.deepEqual(play.ball("cue").r.slice(0, 2), best.cueStop);
    assert.equal(events.find((e) => e.type === "ball-ball")?.ids.includes(target), true, "the object ball is hit first");
  });
}

test("findShot reports none where no pot exists: the cue ball boxed in by six balls, every path blocked", () => {
  const ring = Array.from({ length: 6 }, (_, k): BallSetup => ({
    id: `r${k}`, x: 0.5 + (2 * R + 1e-4) * Math.cos((k * Math.PI) / 3), y: 0.8 + (2 * R + 1e-4) * Math.sin((k * Math.PI) / 3),
  }));
  const system = new PoolSystem({ balls: [{ id: "cue", x: 0.5, y: 0.8 }, { id: "9", x: 0.7, y: 1.5 }, ...ring] });
  const found = findShot(system, { ball: "9", timeLimit: 60_000 });
  assert.equal(found.complete, true);
  assert.deepEqual(found.shots, []);
  assert.ok(found.candidates > 100);
});

test("findShot ranks by where the cue ball stops when given a target, and stops early on an aborted signal", () => {
  const system = new PoolSystem({ balls: positions[2].balls });
  const target: [number, number] = [0.5, 1.0];
  const found = findShot(system, { ball: "9", cueTarget: target, timeLimit: 60_000 });
  const floor = 0.5 * Math.max(...found.shots.map((s) => s.margin));
  const safe = found.shots.filter((s) => s.margin >= floor);
  for (let k = 1; k < safe.length; k++) assert.ok((safe[k - 1].cueDistance as number) <= (safe[k].cueDistance as number));
  const controller = new AbortController();
  controller.abort();
  const stopped = findShot(system, { ball: "9", signal: controller.signal });
  assert.equal(stopped.complete, false);
  assert.ok(stopped.candidates <= 8);
});

test("findShot checks its options, naming the field", () => {
  const system = new PoolSystem({ balls: positions[2].balls });
  assert.throws(() => findShot(system, { ball: "7" }), /findShot options\.ball: no ball "7"/);
  assert.throws(() => findShot(system, { ball: "cue" }), /findShot options\.ball must be another ball than the cue ball/);
  assert.throws(() => findShot(system, { ball: "9", pocket: "xx" }), /findShot options\.pocket: no pocket "xx"/);
  assert.throws(() => findShot(system, { ball: "9", speeds: [0] }), /findShot options\.speeds\[0\] must be > 0, got 0/);
  assert.throws(() => findShot(system, { ball: "9", spins: [{ a: 1, b: 1 }] }), /findShot options\.spins\[0\]: a² \+ b² must be <= 1/);
  assert.throws(() => findShot(system, { ball: "9", window: 1e9 }), /findShot options\.window must be at most 90 degrees/);
  assert.throws(() => findShot(system, { ball: "9", step: 1e-9 }), /findShot options\.step must be in \[0\.001, window = 4\] degrees/);
  assert.throws(() => findShot(system, { ball: "9", speed: 3 } as never), /findShot options: unknown key "speed" \(did you mean "speeds"\?\)/);
  assert.throws(() => findShot(system, { ball: "9", speeds: "3" } as never), /findShot options\.speeds must be an array/);
  assert.throws(() => findShot(system, { ball: "9", pocket: 5 } as never), /findShot options\.pocket must be a pocket id or an array of them/);
  assert.throws(() => findShot(system, { ball: "9", signal: 1 } as never), /findShot options\.signal must be an AbortSignal/);
  const moving = system.copy();
  moving.strike({ ball: "cue", V0: 1, phi: 0 });
  moving.simulate({ maxEvents: 2 });
  assert.throws(() => findShot(moving, { ball: "9" }), /findShot: every ball must be at rest/);
});
