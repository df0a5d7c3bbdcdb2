/**
 * FantasticBitsSimulation against an independent transcription of the referee's rules: the C++
 * engine of bench/peers/fb.cpp (written apart from carom's TypeScript, checked on its own
 * against the sample games and the repro turns), on turns no recorded game holds. From 30
 * sample states (turns 0, 50 and 100 of each sample game), carom plays 60 turns each of seeded
 * random commands the referee accepts: MOVE anywhere on and off the field at any thrust, THROW
 * (when holding) anywhere at any power, spells on any entity they may take, so wizards crowd,
 * throw, grab and cast far more than the sample's bots do; from the 10 first states (point-symmetric) also 60 turns with player 1 mirroring
 * player 0, so that collisions come in pairs at one instant. The C++ engine then plays each of
 * those turns from carom's state before it and compares every field of its result with
 * carom's. (The plain transcription, bench/contest-fb-plain.ts, is the other twin:
 * test/contest-fb-plain.test.ts.) Skipped where g++ is missing.
 */
import { test } from "node:test";
import { spawnSync } from "node:child_process";
import assert from "node:assert/strict";
import { FantasticBitsSimulation, fbStateFromRecord, type FbGameRecord } from "../src/exports/contest.js";
import { runPeer, withCompiledPeer } from "../bench/peers/compile.js";
import { commandText, stateText } from "../bench/peers/fb-text.js";
import { readContestGames, recordOfState } from "./support/contest-fixtures.js";
import { Random } from "./support/random.js";

/**
 * A random command for wizard w that the referee accepts: MOVE anywhere on and off the field
 * at any thrust, THROW (when it holds a snaffle) anywhere at any power, or a spell on an entity
 * that spell may take (canCast).
 */
function randomCommand(rnd: Random, sim: FantasticBitsSimulation, w: number, n: number): string {
  const u = rnd.next();
  const x = Math.round(rnd.range(-2000, 18000)), y = Math.round(rnd.range(-2000, 9500));
  if (sim.holding(w) !== -1 && u < 0.5) return `THROW ${x} ${y} ${rnd.int(501)}`;
  if (u < 0.75) return `MOVE ${x} ${y} ${rnd.int(151)}`;
  const spell = (["OBLIVIATE", "PETRIFICUS", "ACCIO", "FLIPENDO"] as const)[rnd.int(4)];
  const targets = Array.from({ length: n }, (_, id) => id).filter((id) => sim.canCast(w, spell, id));
  return `${spell} ${targets[rnd.int(targets.length)]}`;
}

const noCompiler = spawnSync("g++", ["--version"]).status === 0 ? false : "g++ is missing";

test("FantasticBitsSimulation equals an independent C++ transcription of the referee on 2,400 turns of random and mirrored commands", { skip: noCompiler }, () => {
  withCompiledPeer("g++", "fb.cpp", ["-O2", "-std=c++17", "-ffp-contract=off"], (exe) => {
    const games = readContestGames<FbGameRecord>("fb-sample");
    const rnd = new Random(2026);
    const lines: string[] = [];
    let turns = 0, grabsOrGoals = 0, spells = 0, played = 0;
    for (const game of games) {
      for (const start of [0, 50, 100, -1]) {
        // −1: the first state again, with player 1 mirroring player 0 through the centre (the
        // start is point-symmetric), so that collisions come in pairs at one instant and the
        // referee's batch window decides, until rounding breaks the symmetry
        const mirrored = start === -1;
        const from = game.states[mirrored ? 0 : start];
        if (from === undefined) continue;
        const sim = FantasticBitsSimulation.fromState(fbStateFromRecord(from));
        const n = from.snaffles.length + 6;
        // each entity's mirror image (the entity at the mirrored place), −1 for none
        const bodies = [...from.wizards, ...from.snaffles, ...from.bludgers];
        const image = bodies.map((b) => bodies.findIndex((o) => o[1] === 16000 - b[1] && o[2] === 7500 - b[2]));
        if (mirrored && image.includes(-1)) continue;
        const mirror = (c: string): string => {
          const [word, ...v] = c.split(" ");
          if (word === "MOVE" || word === "THROW") return `${word} ${16000 - Number(v[0])} ${7500 - Number(v[1])} ${v[2]}`;
          const target = Number(v[0]);
          return `${word} ${target >= 0 && target < image.length ? image[target] : target}`;
        };
        const game1: string[] = [stateText(recordOfState(sim.toState()))];
        for (let k = 0; k < 60; k++) {
          const commands = [0, 1, 2, 3].map((w) => randomCommand(rnd, sim, w, n));
          if (mirrored) {
            // player 1's wizard image[w] takes wizard w's command, mirrored (a spell on the image)
            for (let w = 0; w < 2; w++) {
              const m = mirror(commands[w]);
              // (rounding may have broken the symmetry: keep the image's own command where the mirror's is not valid for it)
              const [word, id] = m.split(" ");
              const valid = word === "MOVE" || (word === "THROW" ? sim.holding(image[w]) !== -1 : sim.canCast(image[w], word as "ACCIO", Number(id)));
              if (valid) commands[image[w]] = m;
            }
          }
          const before = sim.toState();
          sim.turn(commands);
          const after = sim.toState();
          game1.push(...commands.map(commandText), stateText(recordOfState(after)));
          if (after.snaffles.some((s, i) => s.captured !== before.snaffles[i].captured || s.alive !== before.snaffles[i].alive)) grabsOrGoals++;
          if (after.wizards.some((w) => Object.values(w.spells).some((sp) => sp.turns > 0))) spells++;
        }
        lines.push("60", ...game1);
        turns += 60;
        played++;
      }
    }
    const out = runPeer(exe, "verify", [String(played), ...lines].join("\n"));
    const m = /^(\d+) turns, (\d+) fields, (\d+) differ/.exec(out);
    assert.ok(m !== null, out);
    assert.equal(Number(m[1]), turns);
    assert.equal(Number(m[3]), 0, out);
    assert.ok(turns >= 2400 && grabsOrGoals > 300 && spells > 600, `turns ${turns}, with a grab, release or goal ${grabsOrGoals}, with a spell active ${spells}`);
  });
});
