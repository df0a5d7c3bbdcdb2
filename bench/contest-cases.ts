/**
 * The timed cases of bench/contest.bench.ts, each built from seeded inputs and returned as a
 * batch function (ops operations, a number for the sink). A child process of the benchmark
 * builds and times exactly one case, so no case's JIT state colours another.
 *
 * - csb-random: copy one of 64 root states (turns 10..73 of CSB sample game 0) and play one of
 *   1024 seeded candidate command sets (targets within 6000 of the pod, thrust 0..200, 3%
 *   SHIELD), cycled with masks;
 * - csb-bot: a bot's search, every candidate from one root (turn 30 of game 0): pods 0 and 1
 *   try the README bot's 15 moves each (225 pairs), pods 2 and 3 aim at their checkpoints;
 * - fb: copy one of 64 FB sample states and play its recorded commands, as command objects
 *   (what a bot's search builds); fb-text: the same with the printed strings, parsed each turn.
 * Each case exists as `carom` (CsbSimulation or FantasticBitsSimulation copyFrom + turn) and as
 * `plain` (the plain transcription of the referee, bench/contest-csb-plain.ts and
 * bench/contest-fb-plain.ts: clone + turn; fb-text has no plain twin).
 */
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { readContestGames } from "../test/support/contest-fixtures.js";
import { Random } from "../test/support/random.js";
import { CsbSimulation, FantasticBitsSimulation, csbPodFromRecord, fbStateFromRecord, type CsbCommand, type CsbGameRecord, type FbCommand, type FbGameRecord } from "../src/exports/contest.js";
import { clonePlain, plainTurn, type PlainCommand, type PlainState } from "./contest-csb-plain.js";
import { clonePlainFb, plainFbFromRecord, plainFbTurn } from "./contest-fb-plain.js";

export interface ContestCase {
  ops: number;
  batch: () => number;
}

export const CASE_NAMES = ["csb-random:carom", "csb-random:plain", "csb-bot:carom", "csb-bot:plain", "fb:carom", "fb-text:carom", "fb:plain"] as const;
export type CaseName = (typeof CASE_NAMES)[number];

const ROOTS = 64, CANDIDATES = 1024;
const CAROM_OPS = 100_000, PLAIN_OPS = 10_000, FB_OPS = 20_000;

/** A plain-transcription pod from a sample record. */
export function plainPod(r: CsbGameRecord["initial"][number]): PlainState["pods"][number] {
  const p = csbPodFromRecord(r);
  return { ...p, mass: 1, sx: 0, sy: 0, path: [] };
}

/** The inputs of a CSB case: the sample game, its roots and the candidate command sets. */
export interface CsbCaseInputs {
  game: CsbGameRecord;
  /** Turn records of the roots (turns 10..73 of game 0), played from round 11 + k. */
  records: { round: number; pods: CsbGameRecord["initial"] }[];
  roots: CsbSimulation[];
  candidates: CsbCommand[][];
  /** The root of the k-th operation. */
  rootOf: (k: number) => number;
}

/** Builds the seeded inputs of csb-random (1024 random sets over 64 roots) or csb-bot (225 sets from root 19). */
export function csbCaseInputs(kind: "random" | "bot"): CsbCaseInputs {
  const game = readContestGames<CsbGameRecord>("csb-sample")[0];
  const roots: CsbSimulation[] = [];
  const records: CsbCaseInputs["records"] = [];
  for (let k = 0; k < ROOTS; k++) {
    const pods = game.turns[10 + k].pods;
    const sim = new CsbSimulation({ checkpoints: game.checkpoints, round: 11 + k });
    pods.forEach((p, i) => sim.setPod(i, csbPodFromRecord(p)));
    roots.push(sim);
    records.push({ round: 11 + k, pods });
  }
  const candidates: CsbCommand[][] = [];
  if (kind === "random") {
    const rnd = new Random(12);
    for (let k = 0; k < CANDIDATES; k++) {
      const root = roots[k & (ROOTS - 1)];
      const set: CsbCommand[] = [];
      for (let i = 0; i < 4; i++) {
        const thrust = rnd.next() < 0.03 ? "SHIELD" : Math.floor(rnd.next() * 201);
        set.push({ x: Math.round(root.x(i) + rnd.range(-6000, 6000)), y: Math.round(root.y(i) + rnd.range(-6000, 6000)), thrust });
      }
      candidates.push(set);
    }
    return { game, records, roots, candidates, rootOf: (k) => k & (ROOTS - 1) };
  }
  const root = roots[19];
  const moves = (i: number): CsbCommand[] =>
    [-0.32, -0.16, 0, 0.16, 0.32].flatMap((d) => [0, 100, 200].map((thrust) => ({
      x: Math.round(root.x(i) + 10000 * Math.cos(root.angle(i) + d)), y: Math.round(root.y(i) + 10000 * Math.sin(root.angle(i) + d)), thrust,
    })));
  const others = [2, 3].map((i) => ({ x: game.checkpoints[root.nextCheckpoint(i)][0], y: game.checkpoints[root.nextCheckpoint(i)][1], thrust: 100 }));
  for (const a of moves(0)) for (const b of moves(1)) candidates.push([a, b, others[0], others[1]]);
  return { game, records, roots, candidates, rootOf: () => 19 };
}

/**
 * Times one case in a fresh process (contest.bench.ts's child mode: CONTEST_BENCH_CASE); its
 * median turns per CPU second.
 */
export function caseRate(name: CaseName): number {
  const file = fileURLToPath(new URL("./contest.bench.ts", import.meta.url));
  const r = spawnSync(process.execPath, ["--import", "tsx", file], { env: { ...process.env, CONTEST_BENCH_CASE: name }, encoding: "utf8" });
  if (r.status !== 0) throw new Error(`case ${name} failed: ${r.stderr}`);
  return (JSON.parse(r.stdout.trim().split("\n").pop() ?? "") as { rate: number }).rate;
}

/** Builds one case: its inputs and its batch. */
export function buildCase(name: CaseName): ContestCase {
  if (name === "fb:carom" || name === "fb-text:carom") return fbCase(name === "fb-text:carom");
  if (name === "fb:plain") return fbPlainCase();
  const { game, records, roots, candidates, rootOf } = csbCaseInputs(name.startsWith("csb-random") ? "random" : "bot");
  const plainRoots: PlainState[] = records.map((r) => ({ checkpoints: game.checkpoints, round: r.round, pods: r.pods.map(plainPod) }));
  const n = candidates.length;
  if (name.endsWith(":carom")) {
    const sim = new CsbSimulation({ checkpoints: game.checkpoints });
    const mask = n - 1, random = name.startsWith("csb-random");
    return {
      ops: CAROM_OPS,
      batch: random
        ? () => {
          let s = 0;
          for (let k = 0; k < CAROM_OPS; k++) {
            sim.copyFrom(roots[k & (ROOTS - 1)]);
            sim.turn(candidates[k & mask]);
            s += sim.state[0];
          }
          return s;
        }
        : () => {
          let s = 0;
          const root = roots[rootOf(0)];
          for (let k = 0, j = 0; k < CAROM_OPS; k++) {
            sim.copyFrom(root);
            sim.turn(candidates[j]);
            if (++j === n) j = 0;
            s += sim.state[0];
          }
          return s;
        },
    };
  }
  const plainCandidates: PlainCommand[][] = candidates.map((set) => set.map((c) => ({ ...c })));
  return {
    ops: PLAIN_OPS,
    batch: () => {
      let s = 0;
      for (let k = 0, j = 0; k < PLAIN_OPS; k++) {
        const state = clonePlain(plainRoots[rootOf(k)]);
        plainTurn(state, plainCandidates[j]);
        if (++j === n) j = 0;
        s += state.pods[0].x;
      }
      return s;
    },
  };
}

/**
 * The inputs of the fb cases, as records: the 64 root states (game k mod 10, turn
 * 10 + 7k mod 90 of the FB sample) and the recorded commands of each (wizards 0..3), for
 * fbCase and for peers outside the process (bench/fb-cpp.bench.ts).
 */
export function fbCaseInputs(): { states: FbGameRecord["states"][number][]; commands: string[][] } {
  const fbGames = readContestGames<FbGameRecord>("fb-sample");
  const states: FbGameRecord["states"][number][] = [];
  const commands: string[][] = [];
  for (let k = 0; k < 64; k++) {
    const g = fbGames[k % fbGames.length], turn = 10 + ((k * 7) % 90);
    states.push(g.states[turn]);
    const [[a, b], [c, d]] = g.commands[turn];
    commands.push([a, b, c, d]);
  }
  return { states, commands };
}

/** A printed FB command as the object a bot's search builds (FbCommand). */
function commandObject(text: string): FbCommand {
  const [word, ...v] = text.split(" ");
  // the kind as a literal, as a bot writes it (a string cut from the text would compare by
  // content; a literal compares as one pointer)
  const kind = (["MOVE", "THROW", "OBLIVIATE", "PETRIFICUS", "ACCIO", "FLIPENDO"] as const).find((k) => k === word);
  if (kind === "MOVE" || kind === "THROW") return { kind, x: Number(v[0]), y: Number(v[1]), power: Number(v[2]) };
  if (kind === undefined) throw new RangeError(`bad FB command ${JSON.stringify(text)}`);
  return { kind, target: Number(v[0]) };
}

/** fb (commands as objects, a bot's search) or fb-text (the printed strings, parsed each turn). */
function fbCase(text: boolean): ContestCase {
  const { states, commands } = fbCaseInputs();
  const fbRoots = states.map((s) => FantasticBitsSimulation.fromState(fbStateFromRecord(s)));
  const fbCommands: (string | FbCommand)[][] = text ? commands : commands.map((set) => set.map(commandObject));
  const fbSim = FantasticBitsSimulation.fromState(fbStateFromRecord(states[0]));
  return {
    ops: FB_OPS,
    batch: () => {
      let s = 0;
      for (let k = 0; k < FB_OPS; k++) {
        fbSim.copyFrom(fbRoots[k & 63]);
        fbSim.turn(fbCommands[k & 63]);
        s += fbSim.round;
      }
      return s;
    },
  };
}

/** fb:plain: the plain transcription (bench/contest-fb-plain.ts) on the same roots, clone + turn with the printed strings. */
function fbPlainCase(): ContestCase {
  const { states, commands } = fbCaseInputs();
  const roots = states.map(plainFbFromRecord);
  return {
    ops: PLAIN_OPS,
    batch: () => {
      let s = 0;
      for (let k = 0; k < PLAIN_OPS; k++) {
        const g = clonePlainFb(roots[k & 63]);
        plainFbTurn(g, commands[k & 63]);
        s += g.round;
      }
      return s;
    },
  };
}
