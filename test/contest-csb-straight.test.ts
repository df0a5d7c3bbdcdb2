/**
 * The CSB fused turn (csb-straight-turn.ts, `straightTurn`: the thrust, the collision loop's
 * first-step pair tests and, when no pair is a candidate, the end of the turn, over locals) at
 * each of its boundaries, as whole turns against the plain transcription of the referee
 * (bench/contest-csb-plain.ts), Object.is on every field: pairs touching at exactly 800
 * (Pythagorean offsets) or an ulp beyond it, moving tangentially (b = 0), at equal velocities
 * (a = 0), grazing (Δ = 0), meeting at t = 1 exactly or one unit late, and all of these for
 * each of the six pairs of the referee's order, with the other pods far away or crowding in;
 * moves that end at the checkpoint's edge (the box test and the mask of pods left to the
 * referee's distance); collisions that only the thrust brings about (the hand-over to the
 * collision loop). The t = 1 boundary is also covered by contest-reach-bound.test.ts.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { CsbSimulation, type CsbPod } from "../src/exports/contest.js";
import { plainTurn, type PlainState } from "../bench/contest-csb-plain.js";
import { Random } from "./support/random.js";

const FIELDS = ["x", "y", "vx", "vy", "angle", "passed", "shieldRound", "boostUsed"] as const;
const PAIRS = [[3, 2], [3, 1], [3, 0], [2, 1], [2, 0], [1, 0]] as const;
const next = (x: number): number => x + Math.abs(x) * 2 ** -52;

/** Offset d = pA − pB and relative velocity dv = vA − vB of one boundary case. */
function boundaryCases(): [number, number, number, number][] {
  const out: [number, number, number, number][] = [];
  // Touching at exactly 800 (integers), or an ulp beyond, at rest or moving apart or closer.
  for (const [dx, dy] of [[800, 0], [0, 800], [480, 640], [-640, 480], [-800, 0], [0, -800], [-480, -640]]) {
    for (const [dvx, dvy] of [[0, 0], [dx / 8, dy / 8], [-dx / 8, -dy / 8], [dy / 4, -dx / 4]]) {
      out.push([dx, dy, dvx, dvy]);
      out.push([dx === 0 ? dx : next(dx), dy === 0 ? dy : next(dy), dvx, dvy]);
      out.push([dx + Math.sign(dx), dy + Math.sign(dy), dvx, dvy]);
    }
  }
  // Tangential motion (b = 0 exactly), equal velocities (a = 0), grazing (Δ = 0 exactly: the
  // closest approach is 800 at τ = 0.5), head-on meeting at t = 1 exactly or one unit late.
  out.push([1000, 0, 0, 500], [0, -1500, 700, 0], [900, 0, 0, 0], [801, 0, 0, 0], [1200, 0, 0, 0]);
  out.push([1000, 800, -2000, 0], [-800, 1000, 0, -2000], [1000, 801, -2000, 0], [1000, 799, -2000, 0]);
  for (const X of [1, 200, 999, 1500]) out.push([X + 800, 0, -X, 0], [X + 801, 0, -X, 0], [0, -(X + 800), 0, X], [X + 799, 0, -X, 0]);
  return out;
}

test("CSB turns at the boundaries of the straight-turn path (touching, b = 0, a = 0, Δ = 0, τ = 1) equal the plain transcription bit for bit, for each of the six pairs", () => {
  const rnd = new Random(9);
  const checkpoints: [number, number][] = [[-40000, -40000], [-40000, 40000]];
  const sim = new CsbSimulation({ checkpoints });
  let straight = 0, collided = 0, n = 0;
  for (const [dx, dy, dvx, dvy] of boundaryCases()) {
    for (const [a, b] of PAIRS) {
      for (const crowd of [false, true]) {
        n++;
        const pods: CsbPod[] = [];
        for (let i = 0; i < 4; i++) {
          // Others far apart (20000 between them), or crowding in around the pair.
          const far = { x: 20000 * i - 30000, y: 15000, vx: 0, vy: 0 };
          const near = { x: Math.round(rnd.range(-3000, 3000)), y: Math.round(rnd.range(-3000, 3000)), vx: Math.trunc(rnd.range(-600, 600)), vy: Math.trunc(rnd.range(-600, 600)) };
          pods.push({ ...(crowd ? near : far), angle: rnd.next() < 0.5 ? null : rnd.range(-4, 4), passed: 1, shieldRound: null, boostUsed: false });
        }
        const bx = 5000, by = -2000, bvx = Math.trunc(rnd.range(-300, 300)), bvy = Math.trunc(rnd.range(-300, 300));
        Object.assign(pods[b], { x: bx, y: by, vx: bvx, vy: bvy });
        Object.assign(pods[a], { x: bx + dx, y: by + dy, vx: bvx + dvx, vy: bvy + dvy });
        const root = new CsbSimulation({ checkpoints, round: 3 });
        pods.forEach((p, i) => root.setPod(i, p));
        const twin: PlainState = { checkpoints, round: 3, pods: pods.map((p) => ({ ...p, mass: 1, sx: 0, sy: 0, path: [] })) };
        sim.copyFrom(root);
        // Targets on the pods themselves: no thrust, the velocities reach the loop as set.
        const commands = pods.map((p) => ({ x: p.x, y: p.y, thrust: 0 }));
        sim.turn(commands);
        plainTurn(twin, commands.map((c) => ({ ...c })));
        if (sim.collisionCount === 0) straight++;
        else collided++;
        for (let i = 0; i < 4; i++) {
          const got = sim.getPod(i), want = twin.pods[i];
          for (const f of FIELDS) assert.ok(Object.is(got[f], want[f]), `d = (${dx}, ${dy}), dv = (${dvx}, ${dvy}), pair ${a}-${b}, crowd ${crowd}: pod ${i}.${f} ${got[f]} vs the twin's ${want[f]}`);
        }
      }
    }
  }
  assert.ok(straight > n / 4 && collided > n / 4, `${straight} straight turns, ${collided} with collisions of ${n}`);
});

test("straight turns that end at the checkpoint's edge (the fused turn's box test and its mask) equal the plain transcription bit for bit", () => {
  const rnd = new Random(31);
  // Four checkpoints 20000 apart; pod i's next one is checkpoint i (passed = 4 + i): no collision.
  const checkpoints: [number, number][] = [[0, 0], [20000, 0], [0, 20000], [20000, 20000]];
  const sim = new CsbSimulation({ checkpoints });
  let passes = 0, misses = 0;
  for (let k = 0; k < 2000; k++) {
    const pods: CsbPod[] = [];
    for (let i = 0; i < 4; i++) {
      // The move (thrust 0: the velocity as set) ends about 600 or 601 from the centre along x,
      // along y or diagonally, or a little off those, or well outside; from near or far.
      const [cx, cy] = checkpoints[i];
      const r = [599, 600, 600.5, 601, 601.5, 602, 1200][Math.floor(rnd.next() * 7)];
      const dir = Math.floor(rnd.next() * 8) * (Math.PI / 4) + (rnd.next() < 0.3 ? rnd.range(-0.2, 0.2) : 0);
      const vx = Math.trunc(rnd.range(-900, 900)), vy = Math.trunc(rnd.range(-900, 900));
      const x = Math.round(cx + r * Math.cos(dir) - vx), y = Math.round(cy + r * Math.sin(dir) - vy);
      pods.push({ x, y, vx, vy, angle: rnd.next() < 0.1 ? null : rnd.range(-4, 4), passed: 4 + i, shieldRound: null, boostUsed: false });
    }
    const root = new CsbSimulation({ checkpoints, round: 7 });
    pods.forEach((p, i) => root.setPod(i, p));
    const twin: PlainState = { checkpoints, round: 7, pods: pods.map((p) => ({ ...p, mass: 1, sx: 0, sy: 0, path: [] })) };
    // Mostly thrust 0 (the end where it was aimed); some turns thrust too.
    const commands = pods.map((p) => ({ x: p.x + 3000, y: Math.round(p.y + rnd.range(-3000, 3000)), thrust: rnd.next() < 0.7 ? 0 : Math.floor(rnd.next() * 101) }));
    sim.copyFrom(root);
    sim.turn(commands);
    plainTurn(twin, commands.map((c) => ({ ...c })));
    assert.equal(sim.collisionCount, 0);
    for (let i = 0; i < 4; i++) {
      const got = sim.getPod(i), want = twin.pods[i];
      if (want.passed > pods[i].passed) passes++;
      else misses++;
      for (const f of FIELDS) assert.ok(Object.is(got[f], want[f]), `case ${k}: pod ${i}.${f} ${got[f]} vs the twin's ${want[f]}`);
    }
  }
  assert.ok(passes > 2000 && misses > 2000, `${passes} checkpoints passed, ${misses} missed`);
});

test("a collision that only the thrust brings about hands the thrust's velocities to the collision loop, bit for bit", () => {
  const rnd = new Random(32);
  const checkpoints: [number, number][] = [[-40000, -40000], [-40000, 40000]];
  const sim = new CsbSimulation({ checkpoints });
  let collided = 0;
  for (let k = 0; k < 500; k++) {
    // Pods at rest 850..1100 apart in pairs, facing each other: without thrust no candidate.
    const gap = 850 + Math.floor(rnd.next() * 250);
    const pods: CsbPod[] = [0, 1, 2, 3].map((i) => ({
      x: (i & 1) * gap + 20000 * (i >> 1), y: Math.round(rnd.range(-50, 50)), vx: 0, vy: 0,
      angle: (i & 1) === 0 ? rnd.range(-0.1, 0.1) : Math.PI + rnd.range(-0.1, 0.1), passed: 1, shieldRound: rnd.next() < 0.2 ? 7 : null, boostUsed: false,
    }));
    const root = new CsbSimulation({ checkpoints, round: 7 });
    pods.forEach((p, i) => root.setPod(i, p));
    const twin: PlainState = { checkpoints, round: 7, pods: pods.map((p) => ({ ...p, mass: 1, sx: 0, sy: 0, path: [] })) };
    const commands = pods.map((p, i) => {
      const u = rnd.next();
      const thrust = u < 0.1 ? "SHIELD" as const : u < 0.2 ? "BOOST" as const : 100 + Math.floor(rnd.next() * 101);
      return { x: (i & 1) === 0 ? p.x + 5000 : p.x - 5000, y: Math.round(rnd.range(-800, 800)), thrust };
    });
    sim.copyFrom(root);
    sim.turn(commands);
    plainTurn(twin, commands.map((c) => ({ ...c })));
    if (sim.collisionCount > 0) collided++;
    for (let i = 0; i < 4; i++) {
      const got = sim.getPod(i), want = twin.pods[i];
      for (const f of FIELDS) assert.ok(Object.is(got[f], want[f]), `case ${k}: pod ${i}.${f} ${got[f]} vs the twin's ${want[f]}`);
    }
  }
  assert.ok(collided > 250, `${collided} of 500 turns collided`);
});
