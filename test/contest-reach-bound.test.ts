/**
 * The cheap rejection of the contest collision loops (src/contest/reach-bound.ts) at its
 * boundary: pairs built to meet exactly at the end of the time left, a hair before it and a
 * hair after it (relative offsets from one ulp to 10 %), head-on and grazing, on every contact
 * distance the two games use. The bound must never drop a pair the referee's quadratic keeps;
 * it must drop the pairs that are clearly out of reach (else it saves nothing). Then whole
 * CSB turns built the same way (the boundary pair meeting at t = 1 of the turn, from the start
 * or after another collision at mid-turn) equal the plain transcription bit for bit.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { outOfReach, REACH_SPAN_LIMIT } from "../src/contest/reach-bound.js";
import { CsbSimulation, type CsbPod } from "../src/exports/contest.js";
import { plainTurn, type PlainState } from "../bench/contest-csb-plain.js";
import { Random } from "./support/random.js";

/** The referee's candidate test for a pair (touching, or the smaller root within `left`). */
function refereeKeeps(dx: number, dy: number, dvx: number, dvy: number, R: number, left: number): boolean {
  if (Math.sqrt(dx * dx + dy * dy) <= R) return true;
  const a = dvx * dvx + dvy * dvy, b = dx * dvx + dy * dvy, c = dx * dx + dy * dy - R * R;
  const delta = b * b - a * c;
  if (delta <= 0 || a === 0) return false;
  const tau = Math.min((-b + Math.sqrt(delta)) / a, (-b - Math.sqrt(delta)) / a);
  return tau > 0 && tau <= left;
}

const OFFSETS = [0, 2 ** -52, 2 ** -50, 1e-14, 1e-12, 1e-10, 1e-9, 1e-8, 1e-7, 3e-7, 1e-6, 3e-6, 1e-5, 1e-4, 1e-3, 1e-2, 0.1];

/**
 * A pair that (in exact arithmetic, before rounding its inputs) touches at time τ* with impact
 * parameter h: relative position d, relative velocity dv.
 */
function boundaryPair(rnd: Random, R: number, tauStar: number, integer: boolean): [number, number, number, number] {
  const axis = rnd.next() < 0.3;
  const theta = axis ? (Math.floor(rnd.next() * 4) * Math.PI) / 2 : rnd.range(-Math.PI, Math.PI);
  const speed = integer ? Math.round(10 ** rnd.range(0.5, 3.6)) : 10 ** rnd.range(-3, 4.5);
  const ux = axis ? Math.round(Math.cos(theta)) : Math.cos(theta), uy = axis ? Math.round(Math.sin(theta)) : Math.sin(theta);
  const h = rnd.next() < 0.3 ? 0 : R * rnd.next() * (rnd.next() < 0.3 ? 1 : 0.999);
  const along = Math.sqrt(R * R - h * h);
  // Contact position: behind along the motion, h to the side; d = contact − dv·τ*.
  let dvx = speed * ux, dvy = speed * uy;
  let dx = -along * ux - h * uy - dvx * tauStar, dy = -along * uy + h * ux - dvy * tauStar;
  if (integer) [dx, dy, dvx, dvy] = [Math.round(dx), Math.round(dy), Math.trunc(dvx), Math.trunc(dvy)];
  return [dx, dy, dvx, dvy];
}

test("outOfReach never drops a pair the referee's quadratic keeps, at the boundary of the time left", () => {
  const rnd = new Random(77);
  let kept = 0, dropped = 0, farDropped = 0, far = 0;
  for (let n = 0; n < 200_000; n++) {
    const R = [800, 300, 350, 399, 400, 450, 500, 550, 600, 700][n % 10];
    const left = n % 3 === 0 ? 1 : n % 3 === 1 ? 1 - rnd.next() : 2 ** -rnd.range(0, 30);
    const rho = OFFSETS[Math.floor(rnd.next() * OFFSETS.length)] * (rnd.next() < 0.5 ? -1 : 1) * (1 + rnd.next());
    const [dx, dy, dvx, dvy] = boundaryPair(rnd, R, left * (1 + rho), n % 2 === 0);
    const c = dx * dx + dy * dy - R * R;
    const drop = outOfReach(dx, dy, dvx, dvy, c, R, left);
    const keep = refereeKeeps(dx, dy, dvx, dvy, R, left);
    assert.ok(!(drop && keep), `dropped a kept pair: d = (${dx}, ${dy}), dv = (${dvx}, ${dvy}), R = ${R}, left = ${left}`);
    if (keep) kept++;
    if (drop) dropped++;
    // Clearly out of reach: the gap exceeds twice the L1 travel (head-on or not).
    const gap = Math.hypot(dx, dy) - R;
    if (gap > 2 * (Math.abs(dvx) + Math.abs(dvy)) * left + 1e-3 * Math.hypot(dx, dy)) {
      far++;
      if (drop) farDropped++;
    }
  }
  assert.ok(kept > 50_000 && dropped > 15_000 && far > 500, `kept ${kept}, dropped ${dropped}, far ${far}`);
  assert.equal(farDropped, far, "every clearly out-of-reach pair is dropped");
  // Head-on on an axis with a gap 10⁻⁵ above the travel: dropped (the slack is ~10⁻⁶ of |d|).
  assert.ok(outOfReach(800 + 1000 * (1 + 1e-5) + 1e-9, 0, -1000, 0, (1800.01 + 1e-9) ** 2 - 640000, 800, 1));
  // Meeting exactly at t = 1 (integers: τ computes to 1 exactly): kept by both.
  for (const X of [1, 7, 600, 1000, 1999]) {
    const dx = X + 800, c = dx * dx - 640000;
    assert.equal(refereeKeeps(dx, 0, -X, 0, 800, 1), true);
    assert.equal(outOfReach(dx, 0, -X, 0, c, 800, 1), false);
    assert.equal(refereeKeeps(dx + 1, 0, -X, 0, 800, 1), false);
  }
});

test("outOfReach leaves huge, infinite and NaN inputs to the referee's formula", () => {
  const cases: number[][] = [
    [REACH_SPAN_LIMIT, 0, 0, 0], [1e300, 1e300, -1, -1], [Infinity, 0, -1, 0], [NaN, 0, -1, 0], [5000, 0, NaN, 0], [5000, 0, -Infinity, 0], [5000, NaN, 0, 0],
  ];
  for (const [dx, dy, dvx, dvy] of cases) {
    assert.equal(outOfReach(dx, dy, dvx, dvy, dx * dx + dy * dy - 640000, 800, 1), false, `${dx}, ${dy}, ${dvx}, ${dvy}`);
  }
  // Far but within the limit and at rest: dropped.
  assert.equal(outOfReach(5000, 0, 0, 0, 25e6 - 640000, 800, 1), true);
});

const FIELDS = ["x", "y", "vx", "vy", "angle", "passed", "shieldRound", "boostUsed"] as const;

test("CSB turns with a pair meeting at the very end of the turn (or just missing it) equal the plain transcription bit for bit", () => {
  const rnd = new Random(4242);
  const checkpoints: [number, number][] = [[-30000, -30000], [-30000, 30000]];
  const sim = new CsbSimulation({ checkpoints });
  let lateCollisions = 0, midTurn = 0;
  for (let n = 0; n < 6000; n++) {
    const integer = n % 2 === 0;
    const rho = OFFSETS[Math.floor(rnd.next() * OFFSETS.length)] * (rnd.next() < 0.5 ? -1 : 1) * (1 + rnd.next());
    const [dx, dy, dvx, dvy] = boundaryPair(rnd, 800, 1 + rho, integer);
    const bx = Math.round(rnd.range(2000, 14000)), by = Math.round(rnd.range(1000, 8000));
    const bvx = Math.trunc(rnd.range(-500, 500)), bvy = Math.trunc(rnd.range(-500, 500));
    const pods: CsbPod[] = [];
    // Pods 0 and 1: far from the others; head-on at mid-turn in half the cases (the boundary
    // pair then has 0.5 left in the step that finds it), else apart and at rest.
    const hit = n % 4 < 2;
    if (hit) midTurn++;
    pods.push({ x: -10000, y: -10000, vx: hit ? 200 : 0, vy: 0, angle: 0, passed: 1, shieldRound: null, boostUsed: false });
    pods.push({ x: hit ? -8800 : -5000, y: -10000, vx: hit ? -200 : 0, vy: 0, angle: null, passed: 1, shieldRound: null, boostUsed: false });
    pods.push({ x: bx, y: by, vx: bvx, vy: bvy, angle: rnd.range(-4, 4), passed: 1, shieldRound: null, boostUsed: false });
    pods.push({ x: bx + dx, y: by + dy, vx: bvx + dvx, vy: bvy + dvy, angle: null, passed: 1, shieldRound: null, boostUsed: false });
    const root = new CsbSimulation({ checkpoints, round: 5 });
    pods.forEach((p, i) => root.setPod(i, p));
    const twin: PlainState = { checkpoints, round: 5, pods: pods.map((p) => ({ ...p, mass: 1, sx: 0, sy: 0, path: [] })) };
    sim.copyFrom(root);
    const commands = pods.map((p) => ({ x: Math.round(p.x) + 1000, y: Math.round(p.y), thrust: 0 }));
    sim.turn(commands);
    plainTurn(twin, commands.map((c) => ({ ...c })));
    for (let k = 0; k < sim.collisionCount; k++) if (sim.collisionA[k] === 3 && sim.collisionTime[k] > 0.999) lateCollisions++;
    for (let i = 0; i < 4; i++) {
      const got = sim.getPod(i), want = twin.pods[i];
      for (const f of FIELDS) assert.ok(Object.is(got[f], want[f]), `case ${n}, pod ${i}.${f}: ${got[f]} vs the twin's ${want[f]}`);
    }
  }
  assert.ok(lateCollisions > 1000, `${lateCollisions} collisions at t > 0.999`);
  assert.ok(midTurn > 0);
});
