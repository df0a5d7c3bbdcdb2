/**
 * A bot's search against the plain transcription of the referee (bench/contest-csb-plain.ts),
 * Object.is on every field: many candidates from one root, each played twice, so that the
 * memo tables (the turn within the cone of csb-straight-turn.ts, the atan2 and heading memos
 * of csb-heading-memo.ts) answer the second play and every other candidate that aims a pod at
 * the same target. Targets within the ±18° cone (the memo's case), beyond it (the cached
 * ±18° directions), straight along the stored angle (atan2 returns it: the turn changes
 * nothing), on the pod; roots from the sample games, crowded (collisions) or as recorded.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { CsbSimulation, csbPodFromRecord, type CsbCommand, type CsbGameRecord, type CsbPod } from "../src/exports/contest.js";
import { clonePlain, plainTurn, type PlainState } from "../bench/contest-csb-plain.js";
import { readContestGames } from "./support/contest-fixtures.js";
import { Random } from "./support/random.js";

const games = readContestGames<CsbGameRecord>("csb-sample");
const FIELDS = ["x", "y", "vx", "vy", "angle", "passed", "shieldRound", "boostUsed"] as const;

/** A root: a sample turn, its pods crowded around pod 0 for half the roots; some stored angles straight at a target offset. */
function root(rnd: Random, n: number): { game: CsbGameRecord; round: number; pods: CsbPod[]; along: [number, number][] } {
  const game = games[n % games.length];
  const k = 1 + rnd.int(game.turns.length - 1);
  const pods = game.turns[k].pods.map((r) => csbPodFromRecord(r));
  if (n % 2 === 0) {
    for (const p of pods.slice(1)) {
      p.x = Math.round(pods[0].x + rnd.range(-2000, 2000));
      p.y = Math.round(pods[0].y + rnd.range(-2000, 2000));
    }
  }
  // An integer offset per pod; for some pods the stored angle is atan2 of it (the referee's
  // atan2 then returns the stored angle exactly when the pod aims along that offset).
  const along = pods.map((p): [number, number] => {
    const dx = Math.round(rnd.range(-6000, 6000)), dy = Math.round(rnd.range(-6000, 6000));
    if (rnd.next() < 0.5) p.angle = Math.atan2(dy, dx);
    return [dx, dy];
  });
  return { game, round: k + 1, pods, along };
}

test("a bot's search (candidates from one root, each played twice) equals the plain transcription bit for bit, memo hits included", () => {
  const rnd = new Random(1212);
  const sim = new CsbSimulation({ checkpoints: [[0, 0], [1, 1]] });
  let unchanged = 0, turned = 0, clamped = 0, collisions = 0;
  for (let n = 0; n < 60; n++) {
    const { game, round, pods, along } = root(rnd, n);
    const start = new CsbSimulation({ checkpoints: game.checkpoints, round });
    pods.forEach((p, i) => start.setPod(i, p));
    const twinRoot: PlainState = { checkpoints: game.checkpoints, round, pods: pods.map((p) => ({ ...p, mass: 1, sx: 0, sy: 0, path: [] })) };
    // Per pod: 7 targets, within the cone (±0.1, ±0.25 rad off the stored angle), beyond it
    // (±0.5), along the root's offset, and the pod itself.
    const targets = pods.map((p, i) => {
      const a = p.angle ?? 0;
      const out = [-0.25, -0.1, 0.1, 0.25, -0.5, 0.5].map((d) => ({ x: Math.round(p.x + 8000 * Math.cos(a + d)), y: Math.round(p.y + 8000 * Math.sin(a + d)) }));
      out.push({ x: p.x + along[i][0], y: p.y + along[i][1] }, { x: p.x, y: p.y });
      return out;
    });
    for (let c = 0; c < 40; c++) {
      const commands: CsbCommand[] = targets.map((t) => {
        const u = rnd.next();
        return { ...t[rnd.int(t.length)], thrust: u < 0.05 ? "SHIELD" : u < 0.08 ? "BOOST" : rnd.int(201) };
      });
      for (let play = 0; play < 2; play++) {
        sim.copyFrom(start);
        sim.turn(commands);
        const twin = clonePlain(twinRoot);
        plainTurn(twin, commands.map((o) => ({ ...o })));
        collisions += sim.collisionCount;
        for (let i = 0; i < 4; i++) {
          const got = sim.getPod(i), want = twin.pods[i];
          for (const f of FIELDS) {
            assert.ok(Object.is(got[f], want[f]), `root ${n}, candidate ${c}, play ${play}, pod ${i}.${f}: ${got[f]} vs the twin's ${want[f]}`);
          }
          const before = pods[i].angle;
          if (before !== null && commands[i].x !== pods[i].x) {
            const delta = Math.abs((got.angle ?? 0) - before);
            if (delta === 0) unchanged++;
            else if (Math.abs(delta - Math.PI / 10) < 1e-12) clamped++;
            else turned++;
          }
        }
      }
    }
  }
  // The cases reach what they are meant to reach.
  assert.ok(unchanged > 200 && turned > 2000 && clamped > 1000 && collisions > 300, `${unchanged} unchanged, ${turned} turned, ${clamped} clamped, ${collisions} collisions`);
});

test("a target offset of −0 (a target y of −0 from a pod at y = 0) turns as the referee's atan2 does, after the same offset with +0 and before it", () => {
  // atan2(−0, −5000) is −π and atan2(+0, −5000) is π: a memo must not take one for the other.
  const game = games[0];
  for (const order of [[0, -0, 0, -0], [-0, 0, -0, 0]]) {
    for (const angle of [3.1, -3.1, 0.2, null]) {
      for (const ty of order) {
        const pods: CsbPod[] = [
          { x: 5000, y: 0, vx: 0, vy: 0, angle, passed: 1, shieldRound: null, boostUsed: false },
          { x: 20000, y: 9000, vx: 0, vy: 0, angle: 1, passed: 1, shieldRound: null, boostUsed: false },
          { x: 5000, y: 9000, vx: 0, vy: 0, angle: null, passed: 1, shieldRound: null, boostUsed: false },
          { x: 30000, y: 20000, vx: 0, vy: 0, angle: 2, passed: 1, shieldRound: null, boostUsed: false },
        ];
        const sim = new CsbSimulation({ checkpoints: game.checkpoints, round: 5 });
        pods.forEach((p, i) => sim.setPod(i, p));
        const twin: PlainState = { checkpoints: game.checkpoints, round: 5, pods: pods.map((p) => ({ ...p, mass: 1, sx: 0, sy: 0, path: [] })) };
        const commands: CsbCommand[] = [{ x: 0, y: ty, thrust: 100 }, { x: 0, y: 0, thrust: 0 }, { x: 0, y: 9000, thrust: 0 }, { x: 0, y: 0, thrust: 0 }];
        sim.turn(commands);
        plainTurn(twin, commands.map((o) => ({ ...o })));
        for (let i = 0; i < 4; i++) {
          const got = sim.getPod(i), want = twin.pods[i];
          for (const f of FIELDS) assert.ok(Object.is(got[f], want[f]), `angle ${angle}, target y ${Object.is(ty, -0) ? "-0" : "+0"}, pod ${i}.${f}: ${got[f]} vs the twin's ${want[f]}`);
        }
      }
    }
  }
});
