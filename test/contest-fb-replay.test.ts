import { test } from "node:test";
import assert from "node:assert/strict";
import { FantasticBitsSimulation, fbStateFromRecord, replayFbGame, type FbCommand, type FbGameRecord } from "../src/exports/contest.js";
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

/** The command object of a printed command (an independent reading: split on spaces). */
function commandObject(text: string): FbCommand {
  const [kind, ...numbers] = text.split(" ");
  const v = numbers.map(Number);
  if (kind === "MOVE" || kind === "THROW") return { kind, x: v[0], y: v[1], power: v[2] };
  return { kind: kind as "OBLIVIATE" | "PETRIFICUS" | "ACCIO" | "FLIPENDO", target: v[0] };
}

test("commands as objects play every FB sample game to the same bits as the strings, turn by turn from the first state", () => {
  let turns = 0;
  for (const game of games) {
    const byText = FantasticBitsSimulation.fromState(fbStateFromRecord(game.states[0]));
    const byObject = FantasticBitsSimulation.fromState(fbStateFromRecord(game.states[0]));
    game.commands.forEach(([[a, b], [c, d]], k) => {
      byText.turn([a, b, c, d]);
      byObject.turn([a, b, c, d].map(commandObject));
      assert.deepEqual(byObject.toState(), byText.toState(), `game ${game.game} turn ${k}`);
      turns++;
    });
    assert.deepEqual(byObject.toState(), fbStateFromRecord(game.states[game.states.length - 1]), `game ${game.game}: the last recorded state`);
  }
  assert.ok(turns > 1800);
  // strings and objects mix; −0 reads as "-0" does
  const sim = FantasticBitsSimulation.fromState(fbStateFromRecord(games[0].states[0]));
  const twin = FantasticBitsSimulation.fromState(fbStateFromRecord(games[0].states[0]));
  sim.turn(["MOVE 0 3750 150", { kind: "MOVE", x: -0, y: 3750, power: 150 }, "ACCIO 5", { kind: "FLIPENDO", target: 6 }]);
  twin.turn(["MOVE 0 3750 150", "MOVE -0 3750 150", { kind: "ACCIO", target: 5 }, "FLIPENDO 6"]);
  assert.deepEqual(sim.toState(), twin.toState());
});
