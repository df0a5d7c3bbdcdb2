/**
 * The CSB straight-turn path (csb-straight-turn.ts, `straightTurn`: the collision loop's
 * first step's six pair tests written out over locals; when none is a candidate, the pods
 * moved to t = 1 and the turn finished there) at each of its boundaries, as whole turns against the plain transcription of the
 * referee (bench/contest-csb-plain.ts), Object.is on every field: pairs touching at exactly
 * 800 (Pythagorean offsets) or an ulp beyond it, moving tangentially (b = 0), at equal
 * velocities (a = 0), grazing (Δ = 0), meeting at t = 1 exactly or one unit late, and all of
 * these for each of the six pairs of the referee's order, with the other pods far away or
 * crowding in. The t = 1 boundary is also covered by contest-reach-bound.test.ts.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { CsbSimulation, type CsbPod } from "../src/contest.js";
import { plainTurn, type PlainState } from "../bench/contest-csb-plain.js";
import { Random } from "./support/random.js";

const FIELDS = ["x", "y", "vx", "vy", "angle", "passed", "shieldRound", "boostUsed"] as const;
const PAIRS = [[3, 2], [3, 1], [3, 0], [2, 1], [2, 0], [1, 0]] as const;
const next = (x: number): number => x + Math.abs(x) * 2 ** -52;

/** Offset d = pA − pB and relative velocity dv = vA − vB of one boundary case. */
function boundaryCases(): [number, number, number, number][] {
  const out: [number, number, number, number][] = [];
  // Touching at exactly 800 (integers), or an ulp beyond, at rest or moving apart or closer.
  for (const [dx, dy] of [[800, 0], [0, 800], [480, 640], [-640, 480], [-800, 0], [0, -800], [-480, -640]]) {
    for (const [dvx, dvy] of [[0, 0], [dx / 8, dy / 8], [-dx / 8, -dy / 8], [dy / 4, -dx / 4]]) {
      out.push([dx, dy, dvx, dvy]);
      out.push([dx === 0 ? dx : next(dx), dy === 0 ? dy : next(dy), dvx, dvy]);
      out.push([dx + Math.sign(dx), dy + Math.sign(dy), dvx, dvy]);
    }
  }
  // Tangential motion (b = 0 exactly), equal velocities (a = 0), grazing (Δ = 0 exactly: the
  // closest approach is 800 at τ = 0.5), head-on meeting at t = 1 exactly or one unit late.
  out.push([1000, 0, 0, 500], [0, -1500, 700, 0], [900, 0, 0, 0], [801, 0, 0, 0], [1200, 0, 0, 0]);
  out.push([1000, 800, -2000, 0], [-800, 1000, 0, -2000], [1000, 801, -2000, 0], [1000, 799, -2000, 0]);
  for (const X of [1, 200, 999, 1500]) out.push([X + 800, 0, -X, 0], [X + 801, 0, -X, 0], [0, -(X + 800), 0, X], [X + 799, 0, -X, 0]);
  return out;
}

test("CSB turns at the boundaries of the straight-turn path (touching, b = 0, a = 0, Δ = 0, τ = 1) equal the plain transcription bit for bit, for each of the six pairs", () => {
  const rnd = new Random(9);
  const checkpoints: [number, number][] = [[-40000, -40000], [-40000, 40000]];
  const sim = new CsbSimulation({ checkpoints });
  let straight = 0, collided = 0, n = 0;
  for (const [dx, dy, dvx, dvy] of boundaryCases()) {
    for (const [a, b] of PAIRS) {
      for (const crowd of [false, true]) {
        n++;
        const pods: CsbPod[] = [];
        for (let i = 0; i < 4; i++) {
          // Others far apart (20000 between them), or crowding in around the pair.
          const far = { x: 20000 * i - 30000, y: 15000, vx: 0, vy: 0 };
          const near = { x: Math.round(rnd.range(-3000, 3000)), y: Math.round(rnd.range(-3000, 3000)), vx: Math.trunc(rnd.range(-600, 600)), vy: Math.trunc(rnd.range(-600, 600)) };
          pods.push({ ...(crowd ? near : far), angle: rnd.next() < 0.5 ? null : rnd.range(-4, 4), passed: 1, shieldRound: null, boostUsed: false });
        }
        const bx = 5000, by = -2000, bvx = Math.trunc(rnd.range(-300, 300)), bvy = Math.trunc(rnd.range(-300, 300));
        Object.assign(pods[b], { x: bx, y: by, vx: bvx, vy: bvy });
        Object.assign(pods[a], { x: bx + dx, y: by + dy, vx: bvx + dvx, vy: bvy + dvy });
        const root = new CsbSimulation({ checkpoints, round: 3 });
        pods.forEach((p, i) => root.setPod(i, p));
        const twin: PlainState = { checkpoints, round: 3, pods: pods.map((p) => ({ ...p, mass: 1, sx: 0, sy: 0, path: [] })) };
        sim.copyFrom(root);
        // Targets on the pods themselves: no thrust, the velocities reach the loop as set.
        const commands = pods.map((p) => ({ x: p.x, y: p.y, thrust: 0 }));
        sim.turn(commands);
        plainTurn(twin, commands.map((c) => ({ ...c })));
        if (sim.collisionCount === 0) straight++;
        else collided++;
        for (let i = 0; i < 4; i++) {
          const got = sim.getPod(i), want = twin.pods[i];
          for (const f of FIELDS) assert.ok(Object.is(got[f], want[f]), `d = (${dx}, ${dy}), dv = (${dvx}, ${dvy}), pair ${a}-${b}, crowd ${crowd}: pod ${i}.${f} ${got[f]} vs the twin's ${want[f]}`);
        }
      }
    }
  }
  assert.ok(straight > n / 4 && collided > n / 4, `${straight} straight turns, ${collided} with collisions of ${n}`);
});
