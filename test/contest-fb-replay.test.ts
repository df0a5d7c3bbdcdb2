import { test } from "node:test";
import assert from "node:assert/strict";
import { FantasticBitsSimulation, fbStateFromRecord, replayFbGame, type FbGameRecord } from "../src/contest.js";
import { readContestGames } from "./support/contest-fixtures.js";

const games = readContestGames<FbGameRecord>("fb-sample");

test("the FB sample holds 10 games using MOVE, THROW and all four spells", () => {
  assert.equal(games.length, 10);
  const words = new Set(games.flatMap((g) => g.commands.flat(2).map((c) => c.split(" ")[0])));
  assert.deepEqual([...words].sort(), ["ACCIO", "FLIPENDO", "MOVE", "OBLIVIATE", "PETRIFICUS", "THROW"]);
});

test("every turn of every FB sample game replays exactly from the first state (Object.is on every field)", () => {
  for (const game of games) assert.deepEqual(replayFbGame(game), [], `game ${game.game}`);
});

test("fromState then toState gives the same snapshot back", () => {
  for (const game of games) {
    const state = fbStateFromRecord(game.states[37]);
    assert.deepEqual(FantasticBitsSimulation.fromState(state).toState(), state);
  }
});

test("the replay checker reports a mismatch when the record is altered", () => {
  const game = structuredClone(games[1]);
  game.states[20].bludgers[1][3] += 1;
  const m = replayFbGame(game);
  assert.equal(m.length, 1);
  assert.equal(m[0].turn, 19);
  assert.equal(m[0].field, "bludgers.1.vx");
});
