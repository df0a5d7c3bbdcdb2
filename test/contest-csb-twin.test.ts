/**
 * CsbSimulation against an independent twin, the benchmark's plain transcription of the
 * referee (bench/contest-csb-plain.ts: objects, atan2/cos/sin every turn, every pair's root,
 * every checkpoint distance), on states the sample games rarely reach: pods crowded into a
 * small box (many collisions, several per turn), random stored angles (also far outside
 * (−π, π]), shields about to end, no angle yet, targets on the pod, SHIELD and BOOST, pods
 * next to their checkpoint. Every shortcut of the simulator (the steering test, the cached
 * ±18° directions, the memo tables, the checkpoint box test, the one-division root) must
 * give the referee's bits: Object.is on every field after each of three turns, the copy
 * played through copyFrom as a bot would.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { CsbSimulation, csbPodFromRecord, type CsbCommand, type CsbGameRecord, type CsbPod } from "../src/exports/contest.js";
import { plainTurn, type PlainState } from "../bench/contest-csb-plain.js";
import { readContestGames } from "./support/contest-fixtures.js";
import { Random } from "./support/random.js";

const games = readContestGames<CsbGameRecord>("csb-sample");
const FIELDS = ["x", "y", "vx", "vy", "angle", "passed", "shieldRound", "boostUsed"] as const;

/** A random state built on a sample turn: crowded, near a checkpoint, or as recorded. */
function randomState(rnd: Random, n: number): { game: CsbGameRecord; round: number; pods: CsbPod[] } {
  const game = games[n % games.length];
  const k = Math.floor(rnd.next() * game.turns.length);
  const pods = game.turns[k].pods.map((r) => csbPodFromRecord(r));
  const mode = rnd.next();
  if (mode < 0.75) {
    // Crowded around pod 0 (or around its next checkpoint): collisions and checkpoint passes.
    const next = game.checkpoints[pods[0].passed % game.checkpoints.length];
    const [cx, cy] = mode < 0.55 ? [pods[0].x, pods[0].y] : next;
    const spread = 500 + rnd.next() * 2500;
    for (const p of pods) {
      p.x = Math.round(cx + rnd.range(-spread, spread));
      p.y = Math.round(cy + rnd.range(-spread, spread));
      p.vx = Math.trunc(rnd.range(-900, 900));
      p.vy = Math.trunc(rnd.range(-900, 900));
      const u = rnd.next();
      if (u < 0.08) p.angle = null;
      else if (u < 0.4) p.angle = rnd.range(-40, 40);
      if (rnd.next() < 0.2) p.shieldRound = Math.max(0, k + 1 - Math.floor(rnd.next() * 5));
    }
  }
  return { game, round: k + 1, pods };
}

function randomCommands(rnd: Random, sim: CsbSimulation): CsbCommand[] {
  const out: CsbCommand[] = [];
  for (let i = 0; i < 4; i++) {
    const u = rnd.next();
    const thrust = u < 0.05 ? "SHIELD" : u < 0.1 ? "BOOST" : Math.floor(rnd.next() * 201);
    const v = rnd.next();
    // On the pod itself, near its heading (within or about the ±18° cone), or anywhere around.
    if (v < 0.05) out.push({ x: sim.x(i), y: sim.y(i), thrust });
    else if (v < 0.4) {
      const a = sim.angle(i) + rnd.range(-0.5, 0.5);
      out.push({ x: Math.round(sim.x(i) + 5000 * Math.cos(a)), y: Math.round(sim.y(i) + 5000 * Math.sin(a)), thrust });
    } else out.push({ x: Math.round(sim.x(i) + rnd.range(-8000, 8000)), y: Math.round(sim.y(i) + rnd.range(-8000, 8000)), thrust });
  }
  return out;
}

test("CsbSimulation equals the plain transcription of the referee bit for bit on 3,000 random crowded states, three turns each", () => {
  const rnd = new Random(2026);
  const sim = new CsbSimulation({ checkpoints: [[0, 0], [1, 1]] });
  let collisions = 0, passes = 0;
  for (let n = 0; n < 3000; n++) {
    const { game, round, pods } = randomState(rnd, n);
    const root = new CsbSimulation({ checkpoints: game.checkpoints, round });
    pods.forEach((p, i) => root.setPod(i, p));
    const twin: PlainState = { checkpoints: game.checkpoints, round, pods: pods.map((p) => ({ ...p, mass: 1, sx: 0, sy: 0, path: [] })) };
    sim.copyFrom(root);
    for (let t = 0; t < 3; t++) {
      const commands = randomCommands(rnd, sim);
      const before = twin.pods.map((p) => p.passed);
      sim.turn(commands);
      plainTurn(twin, commands.map((c) => ({ ...c })));
      collisions += sim.collisionCount;
      for (let i = 0; i < 4; i++) {
        const got = sim.getPod(i), want = twin.pods[i];
        passes += want.passed - before[i];
        for (const f of FIELDS) {
          assert.ok(Object.is(got[f], want[f]), `state ${n}, turn ${t}, pod ${i}.${f}: ${got[f]} vs the twin's ${want[f]}`);
        }
      }
      assert.equal(sim.round, twin.round);
    }
  }
  // The cases reach what they are meant to reach.
  assert.ok(collisions > 3000, `${collisions} collisions`);
  assert.ok(passes > 500, `${passes} checkpoints passed`);
});
