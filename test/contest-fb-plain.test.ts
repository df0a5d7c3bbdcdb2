/**
 * FantasticBitsSimulation (the WebAssembly kernel, its boxes, its caches) against the plain
 * transcription of the referee (bench/contest-fb-plain.ts: objects, every candidate at every
 * step), which replays every sample and repro turn exactly, on turns no recorded game holds:
 * sample states with bodies crowded around one spot, played with seeded random commands the
 * referee accepts (MOVE and THROW anywhere at any power, spells on what they may take), both
 * turn after turn and as a search plays them (many command sets from one root, copyFrom +
 * turn, so the root's caches serve). Every field, every turn.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { FantasticBitsSimulation, fbStateFromRecord, type FbGameRecord, type FbStateRecord } from "../src/exports/contest.js";
import { plainFbFromRecord, plainFbRecord, plainFbTurn } from "../bench/contest-fb-plain.js";
import { readContestGames, readContestRepro, recordOfState } from "./support/contest-fixtures.js";
import { Random } from "./support/random.js";

const games = readContestGames<FbGameRecord>("fb-sample");

/** A random command for wizard w of `rec` that the referee accepts. */
function command(rnd: Random, rec: FbStateRecord, sim: FantasticBitsSimulation, w: number): string {
  const bodies = [...rec.wizards, ...rec.snaffles, ...rec.bludgers];
  const e = bodies[rnd.int(bodies.length)];
  const near = rnd.next() < 0.5;
  const x = near ? e[1] + Math.round(rnd.range(-300, 300)) : Math.round(rnd.range(-3000, 19000));
  const y = near ? e[2] + Math.round(rnd.range(-300, 300)) : Math.round(rnd.range(-3000, 10500));
  const u = rnd.next();
  if (rec.wizards[w][5] !== -1 && u < 0.7) return `THROW ${x} ${y} ${rnd.int(501)}`;
  if (u < 0.75) return `MOVE ${x} ${y} ${rnd.int(151)}`;
  const spell = (["OBLIVIATE", "PETRIFICUS", "ACCIO", "FLIPENDO"] as const)[rnd.int(4)];
  const targets = bodies.map((b) => b[0]).filter((id) => sim.canCast(w, spell, id));
  return `${spell} ${targets[rnd.int(targets.length)]}`;
}

/** A sample state, half the time with its bodies crowded around one spot (held snaffles stay on their wizard). */
function start(rnd: Random): FbStateRecord {
  const g = games[rnd.int(games.length)];
  const rec = structuredClone(g.states[rnd.int(g.states.length)]);
  if (rnd.next() < 0.5) {
    const cx = rnd.range(500, 15500), cy = rnd.range(500, 7000);
    for (const list of [rec.wizards, rec.snaffles, rec.bludgers] as number[][][]) {
      for (const b of list) {
        if (rnd.next() < 0.5 && !(list === (rec.snaffles as unknown) && b[6] === 1)) {
          [b[1], b[2], b[3], b[4]] = [Math.round(cx + rnd.range(-900, 900)), Math.round(cy + rnd.range(-900, 900)), Math.round(rnd.range(-800, 800)), Math.round(rnd.range(-800, 800))];
        }
      }
    }
    for (const w of rec.wizards) if (w[5] !== -1) rec.snaffles.find((s) => s[0] === w[5])!.splice(1, 4, w[1], w[2], w[3], w[4]);
  }
  return rec;
}

test("the repro turns replay exactly (the nearest snaffle in reach is grabbed; Accio ends on a scored snaffle, which drifts on)", () => {
  for (const r of readContestRepro<FbGameRecord>()) {
    const sim = FantasticBitsSimulation.fromState(fbStateFromRecord(r.states[0]));
    const [[a, b], [c, d]] = r.commands[0];
    sim.turn([a, b, c, d]);
    assert.deepEqual(recordOfState(sim.toState()), r.states[1], r.name);
  }
});

test("FantasticBitsSimulation equals the plain transcription on 3,000 turns from crowded sample states, turn after turn and from one root at a time", () => {
  const rnd = new Random(30);
  const work = FantasticBitsSimulation.fromState(fbStateFromRecord(games[0].states[0]));
  let turns = 0, rejected = 0, collisions = 0;
  for (let n = 0; turns < 3000; n++) {
    let rec = start(rnd);
    let root: FantasticBitsSimulation;
    try {
      root = FantasticBitsSimulation.fromState(fbStateFromRecord(rec));
    } catch {
      continue;
    }
    const fromRoot = n % 2 === 1;
    for (let k = 0; k < 10; k++) {
      const cmds = [0, 1, 2, 3].map((w) => command(rnd, rec, root, w));
      const plain = plainFbFromRecord(rec);
      plainFbTurn(plain, cmds);
      const want = plainFbRecord(plain);
      if (fromRoot) {
        work.copyFrom(root);
        work.turn(cmds);
        assert.deepEqual(recordOfState(work.toState()), want, `root ${JSON.stringify(rec)} ${JSON.stringify(cmds)}`);
      } else {
        root.turn(cmds);
        assert.deepEqual(recordOfState(root.toState()), want, `${JSON.stringify(rec)} ${JSON.stringify(cmds)}`);
        rec = want;
      }
      if (JSON.stringify(want.wizards.map((w) => [w[3], w[4]])) !== JSON.stringify(rec.wizards.map((w) => [w[3], w[4]]))) collisions++;
      turns++;
    }
    void rejected;
  }
  assert.ok(turns >= 3000 && collisions > 100, `${turns} turns`);
});
