/**
 * The contest simulators' inputs as an attacker sends them: every field of an FB state, of a
 * CSB pod and of both games' commands set, one at a time, to values of the wrong type or
 * range. Each is accepted or a RangeError naming the field (never a TypeError, a hang or a
 * state that does not load back); what is accepted plays a turn and round-trips. Ignore lists
 * that repeat ids or outgrow their first slots load and play as the referee's.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { CsbSimulation, FantasticBitsSimulation, csbPodFromRecord, fbStateFromRecord, type CsbGameRecord, type FbGameRecord, type FbState } from "../src/exports/contest.js";
import { plainFbFromRecord, plainFbRecord, plainFbTurn } from "../bench/contest-fb-plain.js";
import { readContestGames, recordOfState } from "./support/contest-fixtures.js";

const fbGame = readContestGames<FbGameRecord>("fb-sample")[2];
const csbGame = readContestGames<CsbGameRecord>("csb-sample")[1];
const BAD: unknown[] = [undefined, null, "1", true, NaN, Infinity, -Infinity, -1, 1.5, -0, 2 ** 31, 2 ** 53, 1e308, {}, [], [1], 7];
const STILL = ["MOVE 8000 3750 0", "MOVE 8000 3750 0", "MOVE 8000 3750 0", "MOVE 8000 3750 0"];

/** Every path to a leaf or a list in `value`, with a setter. */
function paths(value: unknown, path: string, out: { path: string; set: (v: unknown) => void }[], set: (v: unknown) => void): void {
  out.push({ path, set });
  if (Array.isArray(value)) value.forEach((v, k) => paths(v, `${path}[${k}]`, out, (x) => (value[k] = x)));
  else if (typeof value === "object" && value !== null) {
    for (const key of Object.keys(value)) paths((value as Record<string, unknown>)[key], `${path}.${key}`, out, (x) => ((value as Record<string, unknown>)[key] = x));
  }
}

/** Whether `e` is a RangeError naming `path` or the object that holds it (or, for who holds a snaffle, the two fields that disagree). */
function namesField(e: unknown, path: string): boolean {
  if (!(e instanceof RangeError)) return false;
  const parent = path.replace(/(\.[A-Za-z]+|\[\d+\])$/, "");
  if (/\.(holding|captured)$/.test(path) && /^state\.snaffles\[\d+\]\.captured is (true|false) but (no wizard|wizard \d) holds snaffle \d+$/.test(e.message)) return true;
  return e.message.includes(path) || e.message.startsWith(parent);
}

test("FB: every field of a state set to a bad value is a RangeError naming it, or a state that plays and loads back", () => {
  let rejected = 0, accepted = 0;
  const base = fbStateFromRecord(fbGame.states[40]);
  const count: { path: string; set: (v: unknown) => void }[] = [];
  paths(structuredClone(base), "state", count, () => {});
  for (let n = 0; n < count.length; n++) {
    for (const bad of BAD) {
      const s = structuredClone(base);
      const all: { path: string; set: (v: unknown) => void }[] = [];
      paths(s, "state", all, () => {});
      const { path, set } = all[n];
      if (path === "state") continue;
      set(structuredClone(bad));
      let sim: FantasticBitsSimulation;
      try {
        sim = FantasticBitsSimulation.fromState(s as FbState);
      } catch (e) {
        assert.ok(namesField(e, path), `${path} = ${String(bad)}: ${String(e)}`);
        rejected++;
        continue;
      }
      accepted++;
      const before = sim.toState();
      try {
        sim.turn(STILL);
      } catch (e) {
        // speeds far beyond a game's (a bludger at 2^31 a turn) may take the referee's loop past its steps: a RangeError, and nothing changed
        assert.ok(e instanceof RangeError && /the state is as before the turn$/.test(e.message), `${path} = ${String(bad)}: ${String(e)}`);
        assert.deepEqual(sim.toState(), before);
        continue;
      }
      const after = sim.toState();
      assert.deepEqual(FantasticBitsSimulation.fromState(after).toState(), after, `${path} = ${String(bad)}: the state after a turn loads back`);
    }
  }
  assert.ok(rejected > 1000 && accepted > 50, `${rejected} rejected, ${accepted} accepted`);
  assert.throws(() => FantasticBitsSimulation.fromState(null as unknown as FbState), /^RangeError: state must be an object, got null/);
  assert.throws(() => FantasticBitsSimulation.fromState({ ...base, extra: 1 } as FbState), /state has an unknown key "extra"/);
});

test("FB: ignore lists that repeat ids, name scored snaffles or outgrow their first slots load, round-trip and play as the referee's", () => {
  for (const list of [[5, 5, 5], [5, 5, 5, 5, 5, 5, 5, 5, 5], [6, 5, 6, 5, 6]]) {
    const s = fbStateFromRecord(fbGame.states[60]);
    s.snaffles[0].ignore = [...list];
    s.snaffles[1].ignore = [4, 4];
    const sim = FantasticBitsSimulation.fromState(s);
    assert.deepEqual(sim.toState(), s, JSON.stringify(list));
    assert.deepEqual(FantasticBitsSimulation.fromState(sim.toState()).toState(), s);
    const plain = plainFbFromRecord(recordOfState(s));
    for (let k = 0; k < 5; k++) {
      const cmds = fbGame.commands[60 + k].flat();
      sim.turn(cmds);
      plainFbTurn(plain, cmds);
      assert.deepEqual(recordOfState(sim.toState()), plainFbRecord(plain), `${JSON.stringify(list)}, turn ${k}`);
      assert.deepEqual(FantasticBitsSimulation.fromState(sim.toState()).toState(), sim.toState());
    }
  }
  const s = fbStateFromRecord(fbGame.states[60]);
  s.snaffles[0].ignore = Array(1025).fill(5);
  assert.throws(() => FantasticBitsSimulation.fromState(s), /state\.snaffles\[0\]\.ignore holds 1025 ids \(at most 1024\)/);
  s.snaffles[0].ignore = [4];
  assert.throws(() => FantasticBitsSimulation.fromState(s), /state\.snaffles\[0\]\.ignore\[0\] must be another snaffle's id, got its own \(4\)/);
});

test("FB and CSB: every field of a command set to a bad value is a RangeError naming the command", () => {
  const fb = FantasticBitsSimulation.fromState(fbStateFromRecord(fbGame.states[40]));
  const fbCommands = [{ kind: "MOVE", x: 8000, y: 3750, power: 100 }, { kind: "ACCIO", target: fb.snaffleCount + 4 }];
  for (const cmd of fbCommands) {
    for (const key of Object.keys(cmd)) {
      for (const bad of [...BAD, "MOVE", "THROW", "OBLIVIATE", 99999999, 100000000, -99999999]) {
        const c = { ...cmd, [key]: bad };
        const set = [STILL[0], STILL[1], STILL[2], c];
        try {
          fb.copyFrom(fb);
          FantasticBitsSimulation.fromState(fb.toState()).turn(set as never);
        } catch (e) {
          assert.ok(e instanceof RangeError && /^commands\[3\]/.test(e.message), `${JSON.stringify(c)}: ${String(e)}`);
        }
      }
    }
  }
  for (const bad of BAD) assert.throws(() => fb.turn([STILL[0], STILL[1], STILL[2], bad as string]), (e: unknown) => e instanceof RangeError && /^commands\[3\]/.test((e as Error).message));
  const csb = new CsbSimulation({ checkpoints: csbGame.checkpoints });
  for (const key of ["x", "y", "thrust"]) {
    for (const bad of [...BAD, "SHIELD", "BOOST", "boost", 201]) {
      const c = { x: 8000, y: 4000, thrust: 100, [key]: bad };
      try {
        new CsbSimulation({ checkpoints: csbGame.checkpoints }).turn([c, c, c, c] as never);
      } catch (e) {
        assert.ok(e instanceof RangeError && /^commands\[0\]/.test(e.message), `${JSON.stringify(c)}: ${String(e)}`);
      }
    }
  }
  for (const bad of BAD) assert.throws(() => csb.turn([bad, bad, bad, bad] as never), RangeError);
  assert.throws(() => csb.turn(null as never), RangeError);
});

test("CSB: every field of a pod set to a bad value is a RangeError naming it, or a pod that plays and loads back", () => {
  const base = csbPodFromRecord(csbGame.turns[30].pods[2]);
  for (const key of Object.keys(base)) {
    for (const bad of BAD) {
      const sim = new CsbSimulation({ checkpoints: csbGame.checkpoints, round: 31 });
      try {
        sim.setPod(2, { ...base, [key]: bad } as never);
      } catch (e) {
        assert.ok(e instanceof RangeError && e.message.startsWith(`pod 2.${key}`), `${key} = ${String(bad)}: ${String(e)}`);
        continue;
      }
      sim.turn([{ x: 0, y: 0, thrust: 100 }, { x: 0, y: 0, thrust: 100 }, { x: 0, y: 0, thrust: 100 }, { x: 0, y: 0, thrust: 100 }]);
      const copy = new CsbSimulation({ checkpoints: csbGame.checkpoints, round: sim.round });
      for (let i = 0; i < 4; i++) copy.setPod(i, sim.getPod(i));
      for (let i = 0; i < 4; i++) assert.deepEqual(copy.getPod(i), sim.getPod(i), `${key} = ${String(bad)}`);
    }
  }
  for (const bad of BAD.filter((v) => !Object.is(v, -0))) assert.throws(() => new CsbSimulation({ checkpoints: csbGame.checkpoints }).setPod(bad as number, base), /pod index/);
  for (const bad of [...BAD, {}]) {
    assert.throws(() => new CsbSimulation({ checkpoints: csbGame.checkpoints }).copyFrom(bad as CsbSimulation), RangeError);
    assert.throws(() => FantasticBitsSimulation.fromState(fbStateFromRecord(fbGame.states[3])).copyFrom(bad as FantasticBitsSimulation), RangeError);
  }
});
