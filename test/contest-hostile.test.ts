/**
 * Contest simulators against hostile states: bodies on one point (the referee's bounce has no
 * direction there, so its loop would touch them again at every step, forever: a turn hung and
 * grew its memory until the process was killed) and coordinates out of any map (1e308 made
 * NaN states). Each is a RangeError naming the field, or a bounded loop.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { CsbSimulation, FantasticBitsSimulation, fbStateFromRecord, type CsbGameRecord, type FbGameRecord } from "../src/exports/contest.js";
import { FbCollisionLoop } from "../src/contest/fb-collision-loop.js";
import { arraysFromState } from "../src/contest/fb-state.js";
import { readContestGames } from "./support/contest-fixtures.js";

const fbGame = readContestGames<FbGameRecord>("fb-sample")[0];
const csbGames = readContestGames<CsbGameRecord>("csb-sample");

test("FB: two bodies that bounce off each other on one point are a RangeError naming both", () => {
  const s = fbStateFromRecord(fbGame.states[5]);
  s.wizards[1].x = s.wizards[0].x;
  s.wizards[1].y = s.wizards[0].y;
  assert.throws(() => FantasticBitsSimulation.fromState(s), /state\.wizards\[0\] and state\.wizards\[1\] are at the same point \(\d+, \d+\)/);
  const t = fbStateFromRecord(fbGame.states[5]);
  t.bludgers[1].x = t.bludgers[0].x;
  t.bludgers[1].y = t.bludgers[0].y;
  assert.throws(() => FantasticBitsSimulation.fromState(t), /state\.bludgers\[0\] and state\.bludgers\[1\] are at the same point/);
});

test("FB: a wizard on a free snaffle is fine (it grabs it)", () => {
  const s = fbStateFromRecord(fbGame.states[5]);
  const free = s.snaffles.find((sn) => sn.alive && !sn.captured)!;
  const wizard = s.wizards.find((w) => w.holding === -1 && w.grabCooldown === 0)!;
  free.x = wizard.x;
  free.y = wizard.y;
  const sim = FantasticBitsSimulation.fromState(s);
  sim.turn(["MOVE 8000 3750 0", "MOVE 8000 3750 0", "MOVE 8000 3750 0", "MOVE 8000 3750 0"]);
  assert.equal(sim.toState().wizards[wizard.id].holding, free.id);
});

test("FB: coordinates and speeds beyond ±1e6 are a RangeError naming the field", () => {
  const s = fbStateFromRecord(fbGame.states[5]);
  s.wizards[2].x = 1e308;
  assert.throws(() => FantasticBitsSimulation.fromState(s), /state\.wizards\[2\]\.x must be within ±1e6 \(the map is 16000 wide\), got 1e\+308/);
  const t = fbStateFromRecord(fbGame.states[5]);
  t.bludgers[0].vy = -2e6;
  assert.throws(() => FantasticBitsSimulation.fromState(t), /state\.bludgers\[0\]\.vy must be within ±1e6/);
});

test("FB: the collision loop is bounded even on arrays that skipped the checks", () => {
  const a = arraysFromState(fbStateFromRecord(fbGame.states[5]));
  a.x[5] = a.x[4];
  a.y[5] = a.y[4];
  a.alive[4] = a.alive[5] = 1;
  a.link[4] = a.link[5] = -1;
  a.ignoreCount[4] = a.ignoreCount[5] = 0;
  assert.throws(() => new FbCollisionLoop(a.snaffleCount + 6).run(a), /turn: more than 100000 collision steps at t = 0 of the turn/);
});

test("CSB: a new simulation puts the pods where the referee does (every sample game's initial pods)", () => {
  for (const game of csbGames) {
    const sim = new CsbSimulation({ checkpoints: game.checkpoints });
    for (let i = 0; i < 4; i++) {
      const [x, y, vx, vy, angle, passed] = game.initial[i];
      assert.deepEqual(sim.getPod(i), { x, y, vx, vy, angle, passed, shieldRound: null, boostUsed: false }, `game ${game.game}, pod ${i}`);
    }
  }
  // and a turn from there plays (before, every pod sat at (0, 0) and the first turn never ended)
  const sim = new CsbSimulation({ checkpoints: [[1000, 1000], [5000, 5000]] });
  sim.turn([{ x: 5000, y: 5000, thrust: 100 }, { x: 5000, y: 5000, thrust: 100 }, { x: 0, y: 0, thrust: 200 }, { x: 0, y: 0, thrust: "SHIELD" }]);
  assert.equal(sim.round, 1);
});

test("CSB: pods on one point are a RangeError from turn, not an endless loop", () => {
  const sim = new CsbSimulation({ checkpoints: [[1000, 1000], [5000, 5000]] });
  const pod = { x: 3000, y: 3000, vx: 0, vy: 0, angle: null, passed: 1, shieldRound: null, boostUsed: false };
  sim.setPod(0, pod);
  sim.setPod(2, pod);
  const still = { x: 0, y: 0, thrust: 0 };
  assert.throws(() => sim.turn([still, still, still, still]), /turn: pods 2 and 0 are at the same point \(3000, 3000\)/);
});

test("CSB: checkpoints, positions and speeds beyond ±1e6 are a RangeError naming the field", () => {
  assert.throws(() => new CsbSimulation({ checkpoints: [[0, 0], [1e308, 5]] }), /options\.checkpoints\[1\]\[0\] must be within ±1e6/);
  const sim = new CsbSimulation({ checkpoints: [[1000, 1000], [5000, 5000]] });
  assert.throws(() => sim.setPod(1, { x: 0, y: 0, vx: -3e6, vy: 0, angle: null, passed: 1, shieldRound: null, boostUsed: false }), /pod 1\.vx must be within ±1e6/);
});
