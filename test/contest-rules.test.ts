import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { CsbSimulation, FantasticBitsSimulation, fbStateFromRecord, csbPodFromRecord, roundHalfUp, roundHalfAway, truncateInt, shortAngleDist, type CsbCommand, type CsbGameRecord, type FbGameRecord } from "../src/exports/contest.js";
import { COS_LIMIT_SQUARED, SIN_LIMIT_SQUARED, steeringSide } from "../src/contest/csb-steering.js";
import { readContestGames } from "./support/contest-fixtures.js";

const TWO_PI = 2 * Math.PI;

test("CSB positions round half up like Java Math.round (−2.5 → −2, 2.5 → 3), never to −0", () => {
  assert.equal(roundHalfUp(2.5), 3);
  assert.equal(roundHalfUp(-2.5), -2);
  assert.equal(roundHalfUp(-2.5000000001), -3);
  assert.equal(roundHalfUp(1234.4999999), 1234);
  assert.ok(Object.is(roundHalfUp(-0.2), 0));
});

test("CSB velocities truncate toward zero like Java's (int) cast, never to −0, NaN to 0", () => {
  assert.equal(truncateInt(2.9), 2);
  assert.equal(truncateInt(-2.9), -2);
  assert.ok(Object.is(truncateInt(-0.7), 0));
  assert.equal(truncateInt(NaN), 0);
  assert.equal(truncateInt(1e12), 2147483647);
});

test("FB rounds half away from zero (2.5 → 3, −2.5 → −3), never to −0", () => {
  assert.equal(roundHalfAway(2.5), 3);
  assert.equal(roundHalfAway(-2.5), -3);
  assert.equal(roundHalfAway(-2.4), -2);
  assert.ok(Object.is(roundHalfAway(-0.4), 0));
});

test("shortAngleDist gives the signed short way round: a quarter turn, across ±π, and from a drifted stored angle", () => {
  assert.equal(shortAngleDist(0, Math.PI / 2), Math.PI / 2);
  assert.ok(Math.abs(shortAngleDist(3, -3) - (TWO_PI - 6)) < 1e-15);
  assert.ok(Math.abs(shortAngleDist(-3, 3) + (TWO_PI - 6)) < 1e-15);
  assert.ok(Math.abs(shortAngleDist(7.5, 1) - (1 - (7.5 - TWO_PI))) < 1e-14);
});

test("shortAngleDist equals the referee's literal fmod formula bit for bit (its fast path skips fmod only where fmod is the identity)", () => {
  const literal = (a: number, b: number) => {
    const da = (b - a) % TWO_PI;
    return ((2 * da) % TWO_PI) - da;
  };
  fc.assert(
    fc.property(fc.double({ min: -30, max: 30, noNaN: true }), fc.double({ min: -30, max: 30, noNaN: true }), (a, b) => Object.is(shortAngleDist(a, b), literal(a, b))),
    { seed: 7, numRuns: 20000 },
  );
  for (const [a, b] of [[0, TWO_PI], [0, -TWO_PI], [Math.PI, -Math.PI], [0, Math.PI], [1, 1 + TWO_PI]]) assert.ok(Object.is(shortAngleDist(a, b), literal(a, b)));
});

test("the steering shortcut's limits, written as literals in steeringSide, are the squared limits of their formulas", () => {
  assert.ok(Object.is(COS_LIMIT_SQUARED, 0.9045084965996866));
  assert.ok(Object.is(SIN_LIMIT_SQUARED, 1e-18));
  // The limit lies below cos²(π/10 + 1e-9): the shortcut answers only beyond the margin.
  assert.ok(Math.cos(Math.PI / 10 + 1e-9) ** 2 > COS_LIMIT_SQUARED);
});

test("the steering shortcut only answers where the referee's atan2 path clamps to the same side", () => {
  fc.assert(
    fc.property(fc.double({ min: -12, max: 12, noNaN: true }), fc.integer({ min: -20000, max: 20000 }), fc.integer({ min: -20000, max: 20000 }), (alpha, dx, dy) => {
      const side = steeringSide(new Float64Array([0, 0, Math.cos(alpha), Math.sin(alpha)]), 0, 2, new Float64Array([dx, dy]), 0);
      if (side === 0 || (dx === 0 && dy === 0)) return true;
      const delta = shortAngleDist(alpha, Math.atan2(dy, dx));
      return Math.abs(delta) >= Math.PI / 10 && Math.sign(delta) === side;
    }),
    { seed: 11, numRuns: 20000 },
  );
});

/** Pod B at rest at the origin; A hits it from the left at t = 0.5, C from below at 0.5 + lag. */
function batchScene(lag: number): CsbSimulation {
  const sim = new CsbSimulation({ checkpoints: [[9000, 9000], [-9000, 9000]] });
  const pod = (x: number, y: number, vx: number, vy: number) => ({ x, y, vx, vy, angle: 0, passed: 1, shieldRound: null, boostUsed: false });
  sim.setPod(0, pod(0, 0, 0, 0));
  sim.setPod(1, pod(-1000, 0, 400, 0));
  sim.setPod(2, pod(0, -1000 - 400 * lag, 0, 400));
  sim.setPod(3, pod(5000, 5000, 0, 0));
  const hold: CsbCommand[] = [0, 1, 2, 3].map((i) => ({ x: sim.x(i), y: sim.y(i), thrust: 0 }));
  sim.turn(hold);
  return sim;
}

/** The referee's contact time of C and B from the start positions, as the loop computes it. */
function independentTime(lag: number): number {
  const dy = -1000 - 400 * lag, dvy = 400;
  const a = dvy * dvy, b = dy * dvy, c = dy * dy - 640000;
  const root = Math.sqrt(b * b - a * c);
  return Math.min((-b + root) / a, (-b - root) / a);
}

test("collisions within 1e-5 of the first are resolved in the same batch, at their precomputed times", () => {
  const sim = batchScene(5e-6);
  assert.equal(sim.collisionCount, 2);
  assert.deepEqual([sim.collisionA[0], sim.collisionB[0]], [1, 0]);
  assert.deepEqual([sim.collisionA[1], sim.collisionB[1]], [2, 0]);
  assert.equal(sim.collisionTime[0], 0.5);
  assert.equal(sim.collisionTime[1], independentTime(5e-6));
});

test("a collision more than 1e-5 after the first waits for the next step and gets a recomputed time", () => {
  const sim = batchScene(3e-5);
  assert.equal(sim.collisionCount, 2);
  assert.equal(sim.collisionTime[0], 0.5);
  assert.ok(sim.collisionTime[1] > 0.5 + 1e-5);
  assert.notEqual(sim.collisionTime[1], independentTime(3e-5));
});

const csbGames = readContestGames<CsbGameRecord>("csb-sample");
const fbGames = readContestGames<FbGameRecord>("fb-sample");

function csbAt(game: CsbGameRecord, k: number): CsbSimulation {
  const sim = new CsbSimulation({ checkpoints: game.checkpoints, round: k + 1 });
  game.turns[k].pods.forEach((p, i) => sim.setPod(i, csbPodFromRecord(p)));
  return sim;
}

test("CSB copyFrom makes an independent copy: playing the copy leaves the original as it was, and both play the same", () => {
  const game = csbGames[3];
  const root = csbAt(game, 40);
  const before = [0, 1, 2, 3].map((i) => root.getPod(i));
  const copy = new CsbSimulation({ checkpoints: [[0, 0], [1, 1]] });
  copy.copyFrom(root);
  const commands = game.turns[41].cmd.map(([x, y, thrust]) => ({ x, y, thrust }));
  copy.turn(commands);
  assert.deepEqual([0, 1, 2, 3].map((i) => root.getPod(i)), before);
  assert.equal(root.round, 41);
  assert.equal(copy.round, 42);
  root.turn(commands);
  assert.deepEqual([0, 1, 2, 3].map((i) => root.getPod(i)), [0, 1, 2, 3].map((i) => copy.getPod(i)));
  assert.equal(copy.checkpointCount, game.checkpoints.length);
});

test("FB copyFrom makes an independent copy: playing the copy leaves the original as it was", () => {
  const game = fbGames[2];
  const root = FantasticBitsSimulation.fromState(fbStateFromRecord(game.states[30]));
  const copy = FantasticBitsSimulation.fromState(fbStateFromRecord(game.states[0]));
  copy.copyFrom(root);
  const [[a, b], [c, d]] = game.commands[30];
  copy.turn([a, b, c, d]);
  assert.deepEqual(root.toState(), fbStateFromRecord(game.states[30]));
  assert.deepEqual(copy.toState(), fbStateFromRecord(game.states[31]));
});

test("bad CSB input is a RangeError naming the field", () => {
  const checkpoints: [number, number][] = [[1000, 1000], [9000, 5000]];
  assert.throws(() => new CsbSimulation({ checkpoints: [[1000, 1000]] }), /options\.checkpoints must hold at least 2/);
  assert.throws(() => new CsbSimulation({ checkpoints, radius: 3 } as never), /unknown key "radius"/);
  assert.throws(() => new CsbSimulation({ checkpoints: [[1000, NaN], [0, 0]] }), /options\.checkpoints\[0\]\[1\] must be a finite number/);
  const sim = new CsbSimulation({ checkpoints });
  const ok = { x: 0, y: 0, thrust: 100 } as CsbCommand;
  assert.throws(() => sim.turn([{ x: 0, y: 0, thrust: 201 }, ok, ok, ok]), /commands\[0\]\.thrust must be an integer 0\.\.200, "SHIELD" or "BOOST", got 201/);
  assert.throws(() => sim.turn([ok, ok, { x: 0, y: 0, thrust: "BOST" as never }, ok]), /commands\[2\]\.thrust/);
  assert.throws(() => sim.turn([ok, ok, ok, { x: Infinity, y: 0, thrust: 0 }]), /commands\[3\]\.x must be a finite number/);
  assert.throws(() => sim.turn([ok, ok, ok]), /commands must be an array of 4/);
  assert.throws(() => sim.setPod(4, sim.getPod(0)), /pod index/);
  assert.throws(() => sim.setPod(1, { ...sim.getPod(0), vx: NaN }), /pod 1\.vx must be a finite number/);
  assert.throws(() => sim.setPod(1, { ...sim.getPod(0), speed: 3 } as never), /pod 1 has an unknown key "speed"/);
  assert.equal(sim.round, 0, "a rejected turn changes nothing");
});

test("bad FB input is a RangeError naming the wizard or the field, and what the referee rejects is rejected", () => {
  const sim = FantasticBitsSimulation.fromState(fbStateFromRecord(fbGames[0].states[0]));
  const ok = "MOVE 8000 3750 100";
  assert.throws(() => sim.turn(["MOVE 1 2", ok, ok, ok]), /commands\[0\] \(MOVE\) must have x y and a thrust or power/);
  assert.throws(() => sim.turn([ok, "JUMP 3", ok, ok]), /commands\[1\] must start with MOVE/);
  // Near misses of the six keywords (one candidate keyword is picked by the first letter).
  for (const bad of ["", " MOVE 1 2 3", "MOVES 1 2 3", "move 1 2 3", "MOV 1 2 3", "THROWN 1 2 3", "ACCIO3", "FLIPEND 4", "PETRIFICUSS 4", "OBLIVIAT 4", "Z 1"]) {
    assert.throws(() => sim.turn([ok, ok, bad, ok]), /commands\[2\] must start with MOVE/, JSON.stringify(bad));
  }
  // The referee's pattern: one space after the keyword, white space between the numbers, at most
  // 8 digits (ids 3), no sign on the thrust, then optionally a message after white space.
  for (const bad of ["MOVE  1 2 3", "MOVE 1 2 -3", "MOVE 1 2 3 ", "MOVE 123456789 2 3", "MOVE 1.5 2 3", "ACCIO 1234", "ACCIO 5 ", "MOVE 1 2 3\n"]) {
    assert.throws(() => sim.turn([ok, ok, bad, ok]), /commands\[2\] \((MOVE|ACCIO)\) must have/, JSON.stringify(bad));
  }
  for (const good of ["MOVE 1\t2  3", "MOVE -12345678 2 150 go go", "MOVE 1 2 3  ", "MOVE 1 2 3 \t", "MOVE 1 2 3 \n x"]) {
    const copy = FantasticBitsSimulation.fromState(fbStateFromRecord(fbGames[0].states[0]));
    copy.turn([ok, ok, good, ok]);
  }
  assert.throws(() => sim.turn([ok, ok, "MOVE 1 2 151", ok]), /commands\[2\] thrust must be in 0\.\.150/);
  assert.throws(() => sim.turn([ok, ok, ok, "THROW 1 2 x"]), /commands\[3\] \(THROW\) must have/);
  assert.throws(() => sim.turn([ok, ok, ok, "THROW 1 2 501"]), /power must be in 0\.\.500/);
  // what the referee rejects (and the player loses on): a THROW with no snaffle, a spell on an entity it may not take
  assert.throws(() => sim.turn([ok, ok, ok, "THROW 1 2 3"]), /commands\[3\]: THROW by wizard 3, which holds no snaffle/);
  assert.throws(() => sim.turn([ok, "OBLIVIATE 4", ok, ok]), /commands\[1\]: OBLIVIATE 4 by wizard 1: the referee rejects it \(OBLIVIATE takes a bludger\)/);
  assert.throws(() => sim.turn([ok, ok, "ACCIO 0", ok]), /ACCIO takes a snaffle in play or a bludger/);
  assert.throws(() => sim.turn(["FLIPENDO 1", ok, ok, ok]), /FLIPENDO takes a snaffle in play, a bludger or a wizard of the other team/);
  assert.throws(() => sim.turn(["PETRIFICUS 99", ok, ok, ok]), /commands\[0\]: PETRIFICUS 99/);
  assert.equal(sim.canCast(0, "FLIPENDO", 2), true);
  assert.equal(sim.canCast(0, "FLIPENDO", 1), false);
  // the same commands as objects
  const move = { kind: "MOVE", x: 8000, y: 3750, power: 100 } as const;
  assert.throws(() => sim.turn([{ kind: "JUMP", target: 3 } as never, move, move, move]), /commands\[0\]\.kind must be MOVE, THROW, OBLIVIATE, PETRIFICUS, ACCIO or FLIPENDO, got "JUMP"/);
  assert.throws(() => sim.turn([move, { kind: "MOVE", x: 1.5, y: 2, power: 3 }, move, move]), /commands\[1\]\.x must be an integer of at most 8 digits, got 1\.5/);
  assert.throws(() => sim.turn([move, move, { kind: "THROW", x: 1, y: 1e8, power: 3 }, move]), /commands\[2\]\.y must be an integer of at most 8 digits/);
  assert.throws(() => sim.turn([move, move, { kind: "MOVE", x: 1, y: 2, power: 151 }, move]), /commands\[2\]\.power must be an integer 0\.\.150, got 151/);
  assert.throws(() => sim.turn([move, move, move, { kind: "THROW", x: 1, y: 2, power: NaN }]), /commands\[3\]\.power must be an integer 0\.\.500, got NaN/);
  assert.throws(() => sim.turn([move, move, move, { kind: "ACCIO", target: "5" } as never]), /commands\[3\]\.target must be an entity id \(an integer of at most 3 digits\), got "5"/);
  assert.throws(() => sim.turn([move, null as never, move, move]), /commands\[1\] must be a command string or object, got null/);
  assert.throws(() => sim.turn([move, move, { kind: "MOVE", y: 2, power: 3 } as never, move]), /commands\[2\]\.x must be an integer/);
  const state = fbStateFromRecord(fbGames[0].states[0]);
  assert.throws(() => FantasticBitsSimulation.fromState({ ...state, weather: 1 } as never), /state has an unknown key "weather"/);
  state.wizards[2].vx = NaN;
  assert.throws(() => FantasticBitsSimulation.fromState(state), /state\.wizards\[2\]\.vx must be a finite number/);
  assert.equal(sim.round, 0, "a rejected turn changes nothing");
});

