/**
 * Contest simulators against hostile states: bodies on one point (the referee's bounce has no
 * direction there, so its loop would touch them again at every step, forever: a turn hung and
 * grew its memory until the process was killed) and coordinates out of any map (1e308 made
 * NaN states). Each is a RangeError naming the field, or a bounded loop.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { FantasticBitsSimulation, fbStateFromRecord, type FbGameRecord } from "../src/contest.js";
import { FbCollisionLoop } from "../src/contest/fb-collision-loop.js";
import { arraysFromState } from "../src/contest/fb-state.js";
import { readContestGames } from "./support/contest-fixtures.js";

const fbGame = readContestGames<FbGameRecord>("fb-sample")[0];

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
