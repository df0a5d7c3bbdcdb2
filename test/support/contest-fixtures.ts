/** The contest sample games (test/fixtures/contest, gzip NDJSON, one game a line) and the FB repro turns (test/fixtures/contest/repro), parsed. */
import { readFileSync, readdirSync } from "node:fs";
import type { FbState, FbStateRecord } from "../../src/exports/contest.js";
import { gunzipSync } from "node:zlib";
import { fileURLToPath } from "node:url";

const dir = fileURLToPath(new URL("../fixtures/contest/", import.meta.url));

/** Every game of `csb-sample.ndjson.gz` or `fb-sample.ndjson.gz`. */
export function readContestGames<T>(name: "csb-sample" | "fb-sample"): T[] {
  const text = gunzipSync(readFileSync(dir + name + ".ndjson.gz")).toString("utf8");
  return text.split("\n").filter((line) => line.trim() !== "").map((line) => JSON.parse(line) as T);
}

/** The Fantastic Bits turns carom once got wrong (../shared/data/contest/repro), each a one-turn game record: `{ states: [before, after], commands }`. */
export function readContestRepro<T = { states: unknown[]; commands: unknown[] }>(): (T & { name: string })[] {
  return readdirSync(dir + "repro").filter((f) => f.endsWith(".json")).sort().map((f) => ({ name: f, ...(JSON.parse(readFileSync(dir + "repro/" + f, "utf8")) as T) }));
}

/** The record of an FB state (fbStateFromRecord inverted). */
export function recordOfState(s: FbState): FbStateRecord {
  return {
    round: s.round,
    players: s.players.map((p) => [p.score, p.magic] as [number, number]),
    wizards: s.wizards.map((w) => [
      w.id, w.x, w.y, w.vx, w.vy, w.holding, w.grabCooldown,
      w.spells.obliviate.turns, w.spells.obliviate.target, w.spells.accio.turns, w.spells.accio.target,
      w.spells.flipendo.turns, w.spells.flipendo.target, w.spells.petrificus.turns, w.spells.petrificus.target,
    ]),
    snaffles: s.snaffles.map((x) => [x.id, x.x, x.y, x.vx, x.vy, x.alive ? 1 : 0, x.captured ? 1 : 0, [...x.ignore]]),
    bludgers: s.bludgers.map((b) => [b.id, b.x, b.y, b.vx, b.vy, b.lastVictim]),
  };
}
