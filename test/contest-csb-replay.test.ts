import { test } from "node:test";
import assert from "node:assert/strict";
import { CsbSimulation, csbPodFromRecord, replayCsbGame, type CsbGameRecord, type CsbCommand } from "../src/exports/contest.js";
import { readContestGames } from "./support/contest-fixtures.js";

const games = readContestGames<CsbGameRecord>("csb-sample");

test("the CSB sample holds 20 games of 100 turns, some with collisions", () => {
  assert.equal(games.length, 20);
  assert.ok(games.every((g) => g.turns.length === 100));
  assert.ok(games.reduce((n, g) => n + g.turns.filter((t) => t.coll).length, 0) > 100);
});

test("every turn of every CSB sample game replays exactly from the initial pods (Object.is on every field, collisions included)", () => {
  for (const game of games) assert.deepEqual(replayCsbGame(game), [], `game ${game.game}`);
});

test("the replay checker reports a mismatch when the record is altered", () => {
  const game = structuredClone(games[0]);
  game.turns[5].pods[2][0] += 1;
  const m = replayCsbGame(game);
  assert.equal(m.length, 1);
  assert.deepEqual(m[0], { turn: 5, field: "pods[2].x", expected: games[0].turns[5].pods[2][0] + 1, actual: games[0].turns[5].pods[2][0] });
});

test("collisions are read back as (time, a, b) with a the higher pod index, times within the turn", () => {
  const game = games.find((g) => g.turns.some((t) => t.coll))!;
  const k = game.turns.findIndex((t) => t.coll);
  const sim = new CsbSimulation({ checkpoints: game.checkpoints, round: k });
  for (let i = 0; i < 4; i++) sim.setPod(i, csbPodFromRecord(k === 0 ? game.initial[i] : game.turns[k - 1].pods[i]));
  const commands: CsbCommand[] = game.turns[k].cmd.map(([x, y, thrust]) => ({ x, y, thrust }));
  sim.turn(commands);
  assert.deepEqual(sim.collisions.map((c) => [c.time, c.a, c.b]), game.turns[k].coll);
  assert.equal(sim.collisionCount, game.turns[k].coll!.length);
  for (const c of sim.collisions) {
    assert.ok(c.time >= 0 && c.time <= 1 && c.a > c.b);
  }
});
