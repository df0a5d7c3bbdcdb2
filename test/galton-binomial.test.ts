import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { galtonScene, parseJson, sceneFromWorld, worldFromScene, type Scene } from "../src/index.js";
import { GALTON } from "../src/scene/example-scenes.js";

/** P(k successes in n fair trials). */
function binomial(n: number, k: number): number {
  if (k < 0 || k > n) return 0;
  let p = 1;
  for (let i = 0; i < k; i++) p = (p * (n - i)) / (i + 1);
  return p / 2 ** n;
}

interface Outcome {
  /** Balls per bin, by offset from the middle bin (-7 … 7). */
  bins: Map<number, number>;
  landed: number;
  /** Balls left above the bins (asleep on a peg). */
  onPegs: number;
}

/** Runs a Galton scene to its end and counts where its balls lie. */
function drop(scene: Scene, into: Outcome = { bins: new Map(), landed: 0, onPegs: 0 }): Outcome {
  const world = worldFromScene(scene, { maxEventsPerAdvance: 5_000_000 });
  assert.equal(world.advance(scene.duration ?? 2).complete, true);
  for (const b of sceneFromWorld(world).bodies) {
    if (b.fixed === true) continue;
    if (b.position[1] > GALTON.binHeight) {
      into.onPegs++;
      continue;
    }
    const j = Math.round((b.position[0] - GALTON.width / 2) / GALTON.dx);
    into.bins.set(j, (into.bins.get(j) ?? 0) + 1);
    into.landed++;
  }
  return into;
}

/** Total variation distance between the bin frequencies and binomial(rows, 1/2) on the same bins; and mean and variance. */
function compare(o: Outcome): { tv: number; mean: number; variance: number } {
  const n = GALTON.rows;
  let tv = 0, mean = 0, m2 = 0;
  for (let j = -n; j <= n; j++) {
    const f = (o.bins.get(j) ?? 0) / o.landed;
    tv += Math.abs(f - binomial(n, j + n / 2)) / 2;
    mean += j * f;
    m2 += j * j * f;
  }
  return { tv, mean, variance: m2 - mean * mean };
}

// Tolerances. With N balls the frequencies of a true binomial(10, 1/2) sample are themselves off
// by a total variation of about 0.6 / sqrt(N) on average (0.05 for N = 150, 0.06 for N = 100),
// so the bounds below leave room for sampling noise plus the board's own small departures: a
// ball does not always go exactly half a spacing per row.

test("the Galton example as shipped: every ball lands in a bin and the counts are binomial(10, 1/2) within a total variation of 0.15", () => {
  const scene = parseJson(readFileSync(join(import.meta.dirname, "..", "examples", "galton.json"), "utf8")) as unknown as Scene;
  const o = drop(scene);
  const balls = scene.bodies.filter((b) => b.fixed !== true).length;
  assert.ok(balls >= 100, `${balls} balls are too few for a histogram`);
  assert.equal(o.onPegs, 0, "a ball is left on a peg");
  assert.equal(o.landed, balls);
  const { tv, mean, variance } = compare(o);
  const counts = [...o.bins.entries()].sort((a, b) => a[0] - b[0]).map(([j, c]) => `${j}:${c}`).join(" ");
  assert.ok(tv <= 0.15, `total variation ${tv.toFixed(3)} (${counts})`);
  assert.ok(Math.abs(mean) <= 0.4, `mean bin ${mean.toFixed(2)} (${counts})`);
  assert.ok(variance >= 0.6 * 2.5 && variance <= 1.6 * 2.5, `variance ${variance.toFixed(2)}, binomial 2.5 (${counts})`);
  // The complaint this board fixes: balls piling in the edge bins.
  for (const j of [-7, -6, 6, 7]) assert.ok((o.bins.get(j) ?? 0) <= 1, `${o.bins.get(j)} balls in edge bin ${j}`);
});

test("the board alone: 100 single-ball drops from different seeds land binomial(10, 1/2) within a total variation of 0.16, at most 4 left on a peg", () => {
  const o: Outcome = { bins: new Map(), landed: 0, onPegs: 0 };
  for (let seed = 101; seed <= 200; seed++) drop(galtonScene(1, seed), o);
  const { tv, mean, variance } = compare(o);
  const counts = [...o.bins.entries()].sort((a, b) => a[0] - b[0]).map(([j, c]) => `${j}:${c}`).join(" ");
  // A ball that lands softly within a milliradian of a peg's top is put to sleep there by the
  // world's resting rule (about 1 drop in 40); such balls are counted apart.
  assert.ok(o.onPegs <= 4, `${o.onPegs} balls asleep on pegs`);
  assert.ok(tv <= 0.16, `total variation ${tv.toFixed(3)} (${counts})`);
  assert.ok(Math.abs(mean) <= 0.5, `mean bin ${mean.toFixed(2)} (${counts})`);
  assert.ok(variance >= 0.6 * 2.5 && variance <= 1.6 * 2.5, `variance ${variance.toFixed(2)}, binomial 2.5 (${counts})`);
});

test("a clone of the Galton world (balls masked from one another) goes on bit for bit like the world", () => {
  // Regression: restore() used to leave the clone's count of masked bodies at 0, so the clone
  // let the overlapping balls collide with one another (carom run --trajectory never ended).
  const world = worldFromScene(galtonScene(40, 3));
  world.advance(0.1);
  const clone = world.clone();
  for (const w of [world, clone]) assert.equal(w.advance(0.3).complete, true);
  assert.deepEqual(sceneFromWorld(clone), sceneFromWorld(world));
});
