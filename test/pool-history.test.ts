import { test } from "node:test";
import assert from "node:assert/strict";
import { breakStrike, PoolSystem, rackBalls, type PoolEvent } from "../src/exports/pool.js";

const eightBall = () => {
  const balls = rackBalls("eight-ball", { jitter: 2e-5, seed: 11 });
  const system = new PoolSystem({ balls });
  system.strike(breakStrike(balls, 8, 0.1, 0.2));
  return system;
};

test("every event's after-states are the involved balls' states (ball(id)) right after it, through a whole 8-ball break", () => {
  const system = eightBall();
  let n = 0;
  for (;;) {
    const [e] = system.simulate({ maxEvents: 1 });
    if (!e) break;
    const balls = e.type === "stick-ball" ? [e.ids[1]] : e.type === "ball-ball" ? e.ids : [e.ids[0]];
    assert.deepEqual(Object.keys(e.after).sort(), [...balls].sort(), `event ${n}: ${e.type}`);
    for (const id of balls) assert.deepEqual(e.after[id], system.ball(id), `event ${n}: ${e.type} ${id}`);
    n++;
  }
  assert.ok(n > 100, String(n));
  assert.equal(system.events.length, n);
});

test("stateAt(t) has the bits of a run stopped at t, at event times, between events and after rest", () => {
  const full = eightBall();
  full.simulate();
  const times = [0, 0.01, 0.1, 0.1234567, full.events[40].t, full.events[41].t - 1e-9, 1.5, full.t / 2, full.t, full.t + 10];
  for (const t of times) {
    const stopped = eightBall();
    stopped.simulate({ tFinal: t });
    assert.deepEqual(full.stateAt(t), stopped.ids.map((id) => ({ ...stopped.ball(id), t })), `t = ${t}`);
  }
});

test("trajectory(id, times) is stateAt at each time, and refuses times the history does not hold", () => {
  const system = eightBall();
  system.simulate({ tFinal: 0.5 });
  const times = [0, 0.05, 0.2, 0.5];
  const path = system.trajectory("cue", times);
  times.forEach((t, k) => assert.deepEqual(path[k], system.stateAt(t).find((b) => b.id === "cue")));
  assert.throws(() => system.trajectory("cue", [0.6]), /trajectory: times\[0\] = 0\.6 is after the current time 0\.5 while balls still move/);
  assert.throws(() => system.stateAt(-1), /stateAt: t must be >= 0, got -1/);
  assert.throws(() => system.stateAt(NaN), /stateAt: t must be a finite number, got NaN/);
  assert.throws(() => system.trajectory("nope", [0]), /trajectory: no ball "nope"/);
});

test("copy() continues bit for bit: the same events and the same final states as the original", () => {
  const a = eightBall();
  a.simulate({ maxEvents: 60 });
  const b = a.copy();
  const strip = (e: readonly PoolEvent[]) => JSON.stringify(e);
  assert.equal(strip(b.events), strip(a.events));
  const restA = a.simulate(), restB = b.simulate();
  assert.equal(strip(restB), strip(restA));
  assert.deepEqual(b.balls(), a.balls());
  // A copy taken before the strike carries the queued strike.
  const c = eightBall(), d = c.copy();
  assert.equal(strip(d.simulate()), strip(c.simulate()));
  // Copies are independent.
  const e = eightBall();
  const f = e.copy();
  e.simulate();
  assert.equal(f.events.length, 0);
  assert.equal(f.t, 0);
});

test("balls can start in motion: a rolling ball keeps rolling into the rail; the state follows from v and w when not given", () => {
  const R = 0.028575;
  const system = new PoolSystem({ balls: [{ id: "a", x: 0.5, y: 1, v: [0, 1], state: "rolling" }, { id: "b", x: 0.2, y: 0.5, v: [0.3, 0] }, { id: "c", x: 0.8, y: 0.5, w: [0, 0, 5] }] });
  assert.deepEqual(system.ball("a").w, [-1 / R, 0, 0]);
  assert.equal(system.ball("b").state, "sliding");
  assert.equal(system.ball("c").state, "spinning");
  const events = system.simulate();
  assert.ok(events.some((e) => e.type === "ball-linear-cushion" && e.ids[0] === "a" && e.ids[1] === "9"));
  assert.ok(events.some((e) => e.type === "sliding-rolling" && e.ids[0] === "b"));
  assert.ok(events.some((e) => e.type === "spinning-stationary" && e.ids[0] === "c"));
  for (const b of system.balls()) assert.ok(b.state === "stationary" || b.state === "pocketed");
  assert.deepEqual(new PoolSystem({ balls: [{ id: "r", x: 0.5, y: 1, v: [0.2, 0.1], w: [-0.1 / R, 0.2 / R, 0] }] }).ball("r").state, "rolling");
});

test("an initial motion is checked: the state must match v and w, numbers finite, speeds below 200 m/s", () => {
  const ball = (extra: object) => () => new PoolSystem({ balls: [{ id: "a", x: 0.5, y: 1, ...extra }] });
  assert.throws(ball({ v: [1, 0], state: "stationary" }), /opts\.balls\[0\]: a stationary ball has v and w zero/);
  assert.throws(ball({ state: "rolling" }), /a rolling ball needs a velocity v/);
  assert.throws(ball({ v: [1, 0], w: [0, 0, 0], state: "rolling" }), /a rolling ball has wx = −vy\/R = 0 and wy = vx\/R = 34\.99/);
  assert.throws(ball({ v: [1, 0], state: "spinning" }), /a spinning ball has v zero/);
  assert.throws(ball({ state: "pocketed" }), /opts\.balls\[0\]\.state must be "stationary", "spinning", "sliding" or "rolling", got "pocketed"/);
  assert.throws(ball({ v: [NaN, 0] }), /opts\.balls\[0\]\.v\[0\] must be a finite number, got NaN/);
  assert.throws(ball({ v: [1e308, 0] }), /opts\.balls\[0\]\.v: at most 200 m\/s/);
  assert.throws(ball({ w: [0, 0] }), /opts\.balls\[0\]\.w must be an array of 3 finite numbers/);
  assert.throws(ball({ params: { u_s: -1 } }), /opts\.balls\[0\]\.params\.u_s must be in \[0\.0001, 10\], got -1/);
  assert.throws(ball({ params: { m: 1 } }), /opts\.balls\[0\]\.params: unknown key "m"/);
});

test("a ball's own parameters change only that ball: a grippier cloth under one of two equal shots stops it sooner", () => {
  const system = new PoolSystem({ balls: [{ id: "a", x: 0.3, y: 0.3, v: [0, 1] }, { id: "b", x: 0.7, y: 0.3, v: [0, 1], params: { u_r: 0.05 } }] });
  system.simulate();
  assert.ok(system.ball("b").r[1] < system.ball("a").r[1] - 0.1, `${system.ball("b").r[1]} vs ${system.ball("a").r[1]}`);
});

test("stateAt after a run stopped frame by frame walks through the stops too: the bits of a run with the same stops", () => {
  const framed = (until: number, end?: number) => {
    const system = eightBall();
    for (let k = 1; k * 0.01 <= until + 1e-12; k++) system.simulate({ tFinal: k * 0.01 });
    if (end !== undefined) system.simulate({ tFinal: end });
    return system;
  };
  const a = framed(1.5);
  a.simulate();
  for (const t of [0.2345, 0.5, 1.2, 1.5]) {
    const b = framed(Math.floor(t * 100 + 1e-9) / 100, t);
    assert.deepEqual(a.stateAt(t), b.ids.map((id) => ({ ...b.ball(id), t })), `t = ${t}`);
  }
});
