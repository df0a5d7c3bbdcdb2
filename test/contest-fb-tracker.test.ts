/**
 * FbTracker fed, turn by turn, the input each team's bot sees in the FB sample games (and the
 * commands it printed), against the referee's states: every field a bot can know exactly
 * (positions, speeds, holding, captured, scored, cooldowns, its own spells, the ignore lists of
 * snaffles in play, round, score, magic) is exact; the estimates (bludgers' last victims, the
 * opponent's spells once they acted) are right most of the time.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { FbTracker, FantasticBitsSimulation, fbStateFromRecord, type FbGameRecord } from "../src/exports/contest.js";
import { readContestGames } from "./support/contest-fixtures.js";
import { fbTurnLines } from "./support/contest-input.js";

const games = readContestGames<FbGameRecord>("fb-sample");
const SPELLS = ["obliviate", "petrificus", "accio", "flipendo"] as const;

test("FbTracker on every sample turn from both seats: what a bot can know exact, the estimates mostly right", () => {
  const tally = new Map<string, [number, number]>();
  const count = (k: string, ok: boolean): void => {
    const t = tally.get(k) ?? [0, 0];
    t[0]++;
    if (ok) t[1]++;
    tally.set(k, t);
  };
  for (const team of [0, 1] as const) {
    for (const game of games) {
      const tracker = new FbTracker(team);
      let mine: string[] | undefined;
      for (let k = 0; k < game.states.length; k++) {
        const truth = fbStateFromRecord(game.states[k]);
        const got = tracker.read(fbTurnLines(truth, team), mine);
        mine = game.commands[k]?.[team];
        const where = `team ${team}, game ${game.game}, turn ${k}`;
        assert.deepEqual([got.round, got.players], [truth.round, truth.players], where);
        for (const w of truth.wizards) {
          const g = got.wizards[w.id];
          assert.deepEqual([g.x, g.y, g.vx, g.vy, g.holding, g.grabCooldown], [w.x, w.y, w.vx, w.vy, w.holding, w.grabCooldown], `${where}, wizard ${w.id}`);
          if (w.id >> 1 === team) assert.deepEqual(g.spells, w.spells, `${where}, own wizard ${w.id}'s spells`);
          else {
            for (const sp of SPELLS) {
              const t = w.spells[sp];
              if (sp === "petrificus" || t.turns === 0 || t.turns === { obliviate: 3, accio: 6, flipendo: 3 }[sp]) continue;
              // after the spell acted once: for Obliviate the team's (either wizard's) counts
              const mate = got.wizards[w.id ^ 1].spells[sp];
              const same = (s: { turns: number; target: number }): boolean => s.turns === t.turns && s.target === t.target;
              count(`opponent ${sp}`, same(g.spells[sp]) || (sp === "obliviate" && same(mate)));
            }
          }
        }
        for (const s of truth.snaffles) {
          const g = got.snaffles[s.id - 4];
          assert.deepEqual([g.alive, g.captured], [s.alive, s.captured], `${where}, snaffle ${s.id}`);
          if (s.alive) assert.deepEqual([g.x, g.y, g.vx, g.vy, g.ignore], [s.x, s.y, s.vx, s.vy, s.ignore], `${where}, snaffle ${s.id}`);
        }
        for (const b of truth.bludgers) {
          const g = got.bludgers.find((x) => x.id === b.id)!;
          assert.deepEqual([g.x, g.y, g.vx, g.vy], [b.x, b.y, b.vx, b.vy], `${where}, bludger ${b.id}`);
          count("lastVictim", g.lastVictim === b.lastVictim);
        }
        // and a simulation loads it
        assert.equal(FantasticBitsSimulation.fromState(got).round, truth.round);
      }
    }
  }
  const rate = (k: string): number => tally.get(k)![1] / tally.get(k)![0];
  if (process.env.FB_TRACKER_RATES) console.log([...tally].map(([k, [n, ok]]) => `${k} ${ok}/${n}`).join(", "));
  assert.ok(rate("lastVictim") > 0.8, `lastVictim ${rate("lastVictim")}`);
  for (const sp of ["obliviate", "accio", "flipendo"]) assert.ok(rate(`opponent ${sp}`) > 0.55, `${sp} ${rate(`opponent ${sp}`)}`);
});

test("FbTracker rejects bad lines with a RangeError naming the line", () => {
  const t = new FbTracker(0);
  assert.throws(() => new FbTracker(2 as 0), /myTeam must be 0 or 1, got 2/);
  assert.throws(() => t.read(["0 0"]), /lines must hold the scores, the magic, the entity count and the entities/);
  assert.throws(() => t.read(["0 0", "0 0", "2", "0 WIZARD 1 2 3 4 0"]), /lines must hold 3 \+ 2 lines/);
  assert.throws(() => t.read(["0 x", "0 0", "0"]), /lines\[0\] \(my score and magic\)/);
  assert.throws(() => t.state(), /no turn read yet/);
});
