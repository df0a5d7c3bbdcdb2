/**
 * The C++ contest peers (bench/peers/csb.cpp, bench/peers/fb.cpp) as the contest benchmarks
 * run them: their verify input (every sample turn from the recorded previous state; for FB the
 * repro turns too) and their bench input (the same roots and candidates as the carom cases of
 * bench/contest-cases.ts: operation k plays the candidate k mod the candidate count).
 */
import { readContestGames, readContestRepro } from "../test/support/contest-fixtures.js";
import type { CsbCommand, CsbGameRecord, CsbPodRecord, FbGameRecord } from "../src/exports/contest.js";
import { csbCaseInputs, fbCaseInputs } from "./contest-cases.js";
import { commandText, stateText } from "./peers/fb-text.js";

/** The compiler's options for both peers. */
export const PEER_FLAGS = ["-O3", "-march=native", "-std=c++17"];

const num = (v: number | null): string => (v === null ? "n" : String(v));
const podLine = (p: CsbPodRecord): string => p.map((v) => num(v as number | null)).join(" ");
const thrustCode = (t: CsbCommand["thrust"]): number => (t === "SHIELD" ? -1 : t === "BOOST" ? -2 : t);
const checkpointsText = (game: CsbGameRecord): string => `${game.checkpoints.length} ${game.checkpoints.flat().join(" ")}`;

/** csb.cpp's verify input: the 20 CSB sample games. */
export function csbVerifyInput(): string {
  const games = readContestGames<CsbGameRecord>("csb-sample");
  return [String(games.length), ...games.map((g) => [
    checkpointsText(g), ...g.initial.map(podLine), String(g.turns.length),
    ...g.turns.map((t) => [...t.cmd.map(([x, y, th]) => `${x} ${y} ${thrustCode(th)}`), ...t.pods.map(podLine)].join("\n")),
  ].join("\n"))].join("\n");
}

/** csb.cpp's bench input for case csb-random or csb-bot: `ops` operations, 7 samples. */
export function csbBenchInput(kind: "random" | "bot", ops: number): string {
  const { game, records, candidates, rootOf } = csbCaseInputs(kind);
  return [
    checkpointsText(game), String(records.length), ...records.map((r) => `${r.round} ${r.pods.map(podLine).join(" ")}`),
    String(candidates.length), ...candidates.map((set, k) => `${rootOf(k)} ${set.map((c) => `${c.x} ${c.y} ${thrustCode(c.thrust)}`).join(" ")}`),
    String(ops), "7",
  ].join("\n");
}

/** fb.cpp's verify input: the 10 FB sample games and the repro turns. */
export function fbVerifyInput(): string {
  const games = [...readContestGames<FbGameRecord>("fb-sample"), ...readContestRepro<FbGameRecord>()];
  return [String(games.length), ...games.map((g) => [
    String(g.commands.length), stateText(g.states[0]),
    ...g.commands.map((cmd, k) => [...cmd.flat().map(commandText), stateText(g.states[k + 1])].join("\n")),
  ].join("\n"))].join("\n");
}

/** fb.cpp's bench input for case fb: `ops` operations, 7 samples. */
export function fbBenchInput(ops: number): string {
  const { states, commands } = fbCaseInputs();
  return [
    String(states.length), ...states.map(stateText),
    ...commands.map((set) => set.map(commandText).join(" ")),
    String(ops), "7",
  ].join("\n");
}
