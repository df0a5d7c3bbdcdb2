/**
 * Contest simulators against hostile states: bodies on one point (the CSB referee's bounce has
 * no direction there, so its loop would touch them again at every step, forever; the FB
 * referee's parts them along +x) and coordinates out of any map (1e308 made NaN states). Each is
 * a RangeError naming the field, or what the referee does.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { CsbSimulation, FantasticBitsSimulation, fbStateFromRecord, type CsbCommand, type CsbGameRecord, type FbGameRecord } from "../src/exports/contest.js";
import { plainFbFromRecord, plainFbRecord, plainFbTurn } from "../bench/contest-fb-plain.js";
import { readContestGames, recordOfState } from "./support/contest-fixtures.js";
import { plainPod } from "../bench/contest-cases.js";
import { plainTurn, type PlainState } from "../bench/contest-csb-plain.js";

const fbGame = readContestGames<FbGameRecord>("fb-sample")[0];
const csbGames = readContestGames<CsbGameRecord>("csb-sample");

test("FB: two bodies on one point part along +x, as the referee's bounce does (no endless loop)", () => {
  for (const [list, a, b] of [["wizards", 0, 1], ["bludgers", 0, 1]] as const) {
    const s = fbStateFromRecord(fbGame.states[5]);
    s[list][b].x = s[list][a].x;
    s[list][b].y = s[list][a].y;
    const sim = FantasticBitsSimulation.fromState(s);
    const plain = plainFbFromRecord(recordOfState(s));
    const cmds = ["MOVE 8000 3750 0", "MOVE 8000 3750 0", "MOVE 8000 3750 0", "MOVE 8000 3750 0"];
    sim.turn(cmds);
    plainFbTurn(plain, cmds);
    assert.deepEqual(recordOfState(sim.toState()), plainFbRecord(plain), list);
    // the higher id is the referee's first body: it goes −x, the other +x
    const after = sim.toState()[list];
    assert.ok(after[a].x > after[b].x, `${list}: parted along x`);
  }
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

test("FB: coordinates and speeds beyond ±2^31 (the referee's int range) or not finite are a RangeError naming the field", () => {
  const s = fbStateFromRecord(fbGame.states[5]);
  s.wizards[2].x = 1e308;
  assert.throws(() => FantasticBitsSimulation.fromState(s), /state\.wizards\[2\]\.x must be within ±2\^31 \(the referee's int range\), got 1e\+308/);
  const t = fbStateFromRecord(fbGame.states[5]);
  t.bludgers[0].vy = NaN;
  assert.throws(() => FantasticBitsSimulation.fromState(t), /state\.bludgers\[0\]\.vy must be a finite number, got NaN/);
});

test("FB: a wizard far beyond a wall bounces from wall to wall back into the field within one turn, as the referee does", () => {
  const s = fbStateFromRecord(fbGame.states[5]);
  s.wizards[3].x = 2 ** 24;
  const sim = FantasticBitsSimulation.fromState(s);
  const plain = plainFbFromRecord(recordOfState(s));
  const cmds = ["MOVE 8000 3750 0", "MOVE 8000 3750 0", "MOVE 8000 3750 0", "MOVE 8000 3750 0"];
  sim.turn(cmds);
  plainFbTurn(plain, cmds);
  assert.deepEqual(recordOfState(sim.toState()), plainFbRecord(plain));
  assert.ok(sim.x(3) >= 400 && sim.x(3) <= 15600, `x ${sim.x(3)}`);
});

test("CSB: a new simulation puts the pods where the referee does (every sample game's initial pods)", () => {
  for (const game of csbGames) {
    const sim = new CsbSimulation({ checkpoints: game.checkpoints });
    for (let i = 0; i < 4; i++) {
      const [x, y, vx, vy, angle, passed] = game.initial[i];
      assert.deepEqual(sim.getPod(i), { x, y, vx, vy, angle, passed, shieldRound: null, boostUsed: false, lastCheckpointRound: 0 }, `game ${game.game}, pod ${i}`);
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

test("CSB: checkpoints beyond ±1e6, pods beyond ±2^31 (the referee's ints; or not finite) are a RangeError naming the field", () => {
  assert.throws(() => new CsbSimulation({ checkpoints: [[0, 0], [1e308, 5]] }), /options\.checkpoints\[1\]\[0\] must be within ±1e6/);
  const sim = new CsbSimulation({ checkpoints: [[1000, 1000], [5000, 5000]] });
  assert.throws(() => sim.setPod(1, { x: 0, y: 0, vx: -1e300, vy: 0, angle: null, passed: 1, shieldRound: null, boostUsed: false }), /pod 1\.vx must be within ±2\^31 \(the referee's int range\), got -1e\+300/);
  assert.throws(() => sim.setPod(1, { x: NaN, y: 0, vx: 0, vy: 0, angle: null, passed: 1, shieldRound: null, boostUsed: false }), /pod 1\.x must be a finite number, got NaN/);
  assert.throws(() => sim.setPod(1, { ...sim.getPod(1), lastCheckpointRound: -1 }), /pod 1\.lastCheckpointRound must be an integer in 0\.\.9007199254740992, got -1/);
  assert.throws(() => sim.copyFrom({} as never), /copyFrom takes a CsbSimulation, got Object/);
});

test("CSB: every state the simulation reaches loads back: 2,500 turns of full thrust away from the map (BOOST, SHIELD) leave pods beyond ±1e6, and each turn's pods set on a fresh simulation play on to the same bits", () => {
  const checkpoints: [number, number][] = [[1000, 1000], [9000, 5000], [5000, 8000]];
  const sim = new CsbSimulation({ checkpoints, laps: 3 });
  const away = [{ x: -1e9, y: -1e9, thrust: 200 }, { x: 1e9, y: -1e9, thrust: "BOOST" }, { x: -1e9, y: 1e9, thrust: 200 }, { x: 1e9, y: 1e9, thrust: 200 }] as CsbCommand[];
  for (let k = 0; k < 2500; k++) {
    const cmds = away.map((c, i) => ({ ...c, thrust: k % 97 === i ? "SHIELD" : k > 0 && c.thrust === "BOOST" ? 200 : c.thrust })) as CsbCommand[];
    sim.turn(cmds);
    if (k % 250 !== 249) continue;
    const copy = new CsbSimulation({ checkpoints, laps: 3, round: sim.round });
    for (let i = 0; i < 4; i++) copy.setPod(i, sim.getPod(i));
    const a = sim.getPod(0), b = copy.getPod(0);
    assert.deepEqual(b, a);
    const twin = new CsbSimulation({ checkpoints, laps: 3 });
    twin.copyFrom(sim);
    twin.turn(cmds);
    copy.turn(cmds);
    for (let i = 0; i < 4; i++) assert.deepEqual(copy.getPod(i), twin.getPod(i), `turn ${k}, pod ${i}`);
  }
  assert.ok(Math.abs(sim.x(0)) > 1e6 && Math.abs(sim.y(3)) > 1e6, `${sim.x(0)}, ${sim.y(3)}`);
  // (no checkpoint in 100 rounds: both players are out, a draw)
  assert.equal(sim.finished, true);
  assert.equal(sim.winner(), -1);
});

test("CSB: pods that cross ±2^31 wrap around as the referee's (int) Math.round does (speeds saturate), as the plain transcription does, and load back", () => {
  const checkpoints: [number, number][] = [[1000, 1000], [9000, 5000], [5000, 8000]];
  const sim = new CsbSimulation({ checkpoints });
  const edge = 2 ** 31 - 1;
  const pods = [[edge - 5, 100, 2 ** 31 - 1, 0], [-edge + 3, 2000, -(2 ** 31), 0], [4000, edge, 0, 2 ** 31 - 1], [4000, -edge, 30, -(2 ** 31)]];
  pods.forEach(([x, y, vx, vy], i) => sim.setPod(i, { x, y, vx, vy, angle: 0.5, passed: 1, shieldRound: null, boostUsed: false }));
  const plain: PlainState = { checkpoints, round: 0, pods: [0, 1, 2, 3].map((i) => plainPod([sim.x(i), sim.y(i), sim.vx(i), sim.vy(i), 0.5, 1, null, 0])) };
  const cmds: CsbCommand[] = [{ x: 0, y: 0, thrust: 200 }, { x: 0, y: 0, thrust: 200 }, { x: 0, y: 0, thrust: 100 }, { x: 0, y: 0, thrust: 0 }];
  for (let k = 0; k < 6; k++) {
    sim.turn(cmds);
    plainTurn(plain, cmds);
    for (let i = 0; i < 4; i++) {
      const p = plain.pods[i];
      assert.deepEqual([sim.x(i), sim.y(i), sim.vx(i), sim.vy(i), sim.angle(i)], [p.x, p.y, p.vx, p.vy, p.angle], `turn ${k}, pod ${i}`);
      assert.ok(Math.abs(sim.x(i)) <= 2 ** 31 && Math.abs(sim.vx(i)) <= 2 ** 31);
    }
    const copy = new CsbSimulation({ checkpoints, round: sim.round });
    for (let i = 0; i < 4; i++) copy.setPod(i, sim.getPod(i));
  }
  // the first turn wrapped pod 0 (past +2^31 to the far negative side)
  assert.ok(plain.pods[0].x < 0);
});

test("CSB: a pod ending a turn at x = 0.49999999999999994 rounds to 0 as Java's Math.round does (floor(x + 0.5) would give 1): from x = 0 or from a non-integer x, with or without a collision elsewhere", () => {
  const checkpoints: [number, number][] = [[1000, 1000], [9000, 5000], [5000, 8000]];
  const edge = 0.49999999999999994;
  for (const [x, collide] of [[0, false], [0, true], [0.25, false], [0.25, true]] as const) {
    const sim = new CsbSimulation({ checkpoints });
    // pod 0 drifts by edge − x from x (thrust 0; 0.25 + (0.25 − 2^-54) is edge exactly); pods 2 and 3 collide far away, or not
    const pods = [[x, 3000, edge - x, 0], [7000, 5000, 0, 0], [20000, 3000, collide ? 500 : 0, 0], [20900, 3000, 0, 0]];
    pods.forEach(([px, py, vx, vy], i) => sim.setPod(i, { x: px, y: py, vx, vy, angle: 0, passed: 1, shieldRound: null, boostUsed: false }));
    const plain: PlainState = { checkpoints, round: 0, pods: [0, 1, 2, 3].map((i) => plainPod([sim.x(i), sim.y(i), sim.vx(i), sim.vy(i), 0, 1, null, 0])) };
    const cmds: CsbCommand[] = [{ x: 5000, y: 3000, thrust: 0 }, { x: 5000, y: 5000, thrust: 0 }, { x: 30000, y: 3000, thrust: 0 }, { x: 30000, y: 3000, thrust: 0 }];
    sim.turn(cmds);
    plainTurn(plain, cmds);
    assert.equal(sim.collisionCount, collide ? 1 : 0);
    assert.ok(Object.is(sim.x(0), 0) && Object.is(plain.pods[0].x, 0), `from ${x}, collide ${collide}: ${sim.x(0)}, plain ${plain.pods[0].x}`);
    // on integer coordinates off the axes the straight turn runs again, and agrees with the plain transcription
    for (let k = 0; k < 3; k++) {
      sim.turn(cmds);
      plainTurn(plain, cmds);
    }
    for (let i = 0; i < 4; i++) assert.deepEqual([sim.x(i), sim.y(i), sim.vx(i), sim.vy(i)], [plain.pods[i].x, plain.pods[i].y, plain.pods[i].vx, plain.pods[i].vy]);
  }
});
