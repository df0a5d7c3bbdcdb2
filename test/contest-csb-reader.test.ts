/**
 * The CSB toolkit on the sample games: readCsbInit and readCsbTurn fed, turn by turn, the
 * input lines each player's bot sees (built from the referee's states as its referee prints
 * them), against the referee's states; and the race's end (finish, timeout, round limit) as the
 * referee decides it.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { CsbSimulation, readCsbInit, readCsbTurn, type CsbCommand, type CsbGameRecord } from "../src/exports/contest.js";
import { readContestGames } from "./support/contest-fixtures.js";
import { csbPodLine } from "./support/contest-input.js";

const games = readContestGames<CsbGameRecord>("csb-sample");


test("readCsbInit and readCsbTurn on every sample turn, from both players' seats: positions, speeds, checkpoints passed and their round, own SHIELD and BOOST exact; the angle to the nearest degree", () => {
  let turns = 0;
  for (const game of games) {
    const n = game.checkpoints.length;
    for (const seat of [0, 1]) {
      const order = seat === 0 ? [0, 1, 2, 3] : [2, 3, 0, 1];
      const sim = readCsbInit([String(Math.floor(15 / n)), String(n), ...game.checkpoints.map(([x, y]) => ` ${x}  ${y} `)]);
      assert.equal(sim.laps, Math.floor(15 / n));
      const lastCheckpoint = [0, 0, 0, 0];
      let before = game.initial;
      for (let k = 0; k < game.turns.length; k++) {
        const pods = k === 0 ? game.initial : game.turns[k - 1].pods;
        // the turn played at round k − 1 ends at round k
        for (let i = 0; i < 4; i++) if (pods[i][5] !== before[i][5]) lastCheckpoint[i] = k;
        before = pods;
        const mine = k === 0 ? undefined : (order.slice(0, 2).map((i) => ({ x: game.turns[k - 1].cmd[i][0], y: game.turns[k - 1].cmd[i][1], thrust: game.turns[k - 1].cmd[i][2] })) as [CsbCommand, CsbCommand]);
        readCsbTurn(order.map((i) => csbPodLine(pods[i], n)), sim, mine);
        assert.equal(sim.round, k);
        order.forEach((ref, i) => {
          const p = pods[ref], got = sim.getPod(i), where = `game ${game.game}, seat ${seat}, turn ${k}, pod ${ref}`;
          assert.deepEqual([got.x, got.y, got.vx, got.vy, got.passed], [p[0], p[1], p[2], p[3], p[5]], where);
          assert.equal(got.lastCheckpointRound, lastCheckpoint[ref], where);
          if (p[4] === null) assert.equal(got.angle, null, where);
          else {
            const off = Math.abs((((got.angle! - p[4]) % (2 * Math.PI)) + 3 * Math.PI) % (2 * Math.PI) - Math.PI);
            assert.ok(off <= (0.5 * Math.PI) / 180 + 1e-9, `${where}: angle off by ${off}`);
          }
          if (i < 2) assert.deepEqual([got.shieldRound, got.boostUsed], [p[6], p[7] === 1], where);
        });
        turns++;
      }
    }
  }
  assert.equal(turns, 2 * 20 * 100);
});

test("the readers reject bad lines with a RangeError naming the line", () => {
  assert.throws(() => readCsbInit(["3"]), /lines must hold the laps, the checkpoint count and the checkpoints/);
  assert.throws(() => readCsbInit(["3", "2", "1000 1000"]), /lines must hold 2 \+ 2 lines/);
  assert.throws(() => readCsbInit(["3", "2", "1000 1000", "5000 x"]), /lines\[3\] \(checkpoint 1\) must hold 2 integers/);
  const sim = readCsbInit(["3", "2", "1000 1000", "5000 5000"]);
  assert.throws(() => readCsbTurn(["1 2 3 4 5 1", "1 2 3 4 5 1", "1 2 3 4 5 1"], sim), /lines must hold the 4 pod lines/);
  assert.throws(() => readCsbTurn(["1 2 3 4 5 1", "1 2 3 4 5 1", "1 2 3 4 5 1", "1 2 3 4 5 9"], sim), /lines\[3\] \(pod 3\): the angle must be -1 or 0\.\.360 degrees and the next checkpoint -1\.\.1, got 5 and 9/);
  assert.throws(() => readCsbTurn(["1 2 3 4 5 1", "1 2 3 4 400 1", "1 2 3 4 5 1", "1 2 3 4 5 1"], sim), /lines\[1\] \(pod 1\): the angle must be -1 or 0\.\.360 degrees and the next checkpoint -1\.\.1, got 400 and 1/);
  assert.throws(() => readCsbTurn(["1 2 3 4 5", "1 2 3 4 5 1", "1 2 3 4 5 1", "1 2 3 4 5 1"], sim), /lines\[0\] \(pod 0\) must hold 6 integers/);
});

test("a race ends as the referee ends it: a player whose pods passed no checkpoint in 100 rounds is out, at the end of the 100th turn (every sample game)", () => {
  let ended = 0;
  for (const game of games) {
    const sim = new CsbSimulation({ checkpoints: game.checkpoints });
    const last = [0, 0, 0, 0];
    let prev = game.initial;
    for (let k = 0; k < game.turns.length; k++) {
      sim.turn(game.turns[k].cmd.map(([x, y, thrust]) => ({ x, y, thrust })));
      const pods = game.turns[k].pods;
      for (let i = 0; i < 4; i++) if (pods[i][5] !== prev[i][5]) last[i] = k + 1;
      prev = pods;
      const r = k + 1;
      const out = [r - last[0] >= 100 && r - last[1] >= 100, r - last[2] >= 100 && r - last[3] >= 100];
      assert.equal(sim.finished, out[0] || out[1], `game ${game.game} turn ${k}`);
      if (out[0] || out[1]) {
        assert.equal(sim.winner(), out[0] && out[1] ? -1 : out[0] ? 1 : 0, `game ${game.game}`);
        ended++;
      }
    }
  }
  assert.ok(ended > 0, "some sample player passes no checkpoint in 100 rounds");
});

test("a race ends when a pod passes its last checkpoint; the winner's best pod has passed more checkpoints, or the same number and is nearer its next one; an even tie is a draw", () => {
  const checkpoints: [number, number][] = [[1000, 1000], [9000, 1000]];
  const still = { x: 0, y: 0, thrust: 0 } as CsbCommand;
  const pod = (x: number, passed: number) => ({ x, y: 1000, vx: 0, vy: 0, angle: 0, passed, shieldRound: null, boostUsed: false });
  // one lap of 2 checkpoints: a pod has finished once it passed 2 after the start (passed 3)
  const sim = new CsbSimulation({ checkpoints, laps: 1 });
  sim.setPod(0, pod(1300, 2)); // on checkpoint 0: passes it this turn
  sim.setPod(1, pod(4000, 1));
  sim.setPod(2, pod(5500, 2));
  sim.setPod(3, pod(7000, 1));
  sim.turn([still, still, still, still]);
  assert.deepEqual([sim.finished, sim.winner(), sim.passed(0)], [true, 0, 3]);
  // both players' pods finish in one turn: more checkpoints passed wins, then the nearer pod
  const tie = new CsbSimulation({ checkpoints, laps: 1 });
  tie.setPod(0, pod(1300, 2));
  tie.setPod(1, pod(4000, 1));
  tie.setPod(2, { ...pod(900, 2), y: 100 });
  tie.setPod(3, pod(6000, 1));
  tie.turn([still, still, still, still]);
  assert.equal(tie.finished, true);
  // both passed 3; next checkpoint 1 at (9000, 1000): pod 0 at (1300, 1000) is nearer than pod 2 at (900, 100)
  assert.equal(tie.winner(), 0);
  // mirror images about the line to checkpoint 1: as near, a draw
  const even = new CsbSimulation({ checkpoints, laps: 1 });
  even.setPod(0, { ...pod(1000, 2), y: 1500 });
  even.setPod(2, { ...pod(1000, 2), y: 500 });
  even.setPod(1, { ...pod(5000, 1), y: 3000 });
  even.setPod(3, { ...pod(5000, 1), y: -1000 });
  even.turn([still, still, still, still]);
  assert.deepEqual([even.finished, even.winner(), even.passed(0), even.passed(2)], [true, -1, 3, 3]);
  // the round limit, 500 rounds: the pod nearest its next checkpoint (pod 3) wins for player 1
  const long = new CsbSimulation({ checkpoints, round: 499 });
  for (let i = 0; i < 4; i++) long.setPod(i, { ...pod(3000 + 1000 * i, 1), lastCheckpointRound: 450 });
  long.turn([still, still, still, still]);
  assert.deepEqual([long.finished, long.winner()], [true, 1]);
});
