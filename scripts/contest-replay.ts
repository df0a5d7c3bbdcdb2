/**
 * Replays contest games (gzip or plain NDJSON, one game a line, in the format of
 * data/contest/README.md) through carom/contest and prints every mismatch with the referee.
 * The game kind is told by its fields (`checkpoints` for CSB, `states` for FB).
 *
 *   npx tsx scripts/contest-replay.ts FILE... [--limit N] [--from-record]
 *
 * --from-record starts each turn from the recorded state, so an error does not spread.
 * Exit code 0 when every turn of every game replays exactly, 1 otherwise.
 */
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { replayCsbGame, replayFbGame, type CsbGameRecord, type FbGameRecord, type ReplayMismatch } from "../src/exports/contest.js";

const args = process.argv.slice(2);
let limit = 10;
let fromRecord = false;
const files: string[] = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === "--limit") limit = Number(args[++i]);
  else if (args[i] === "--from-record") fromRecord = true;
  else if (args[i] === "--help" || args[i] === "-h") {
    console.log("usage: npx tsx scripts/contest-replay.ts FILE... [--limit N] [--from-record]");
    process.exit(0);
  } else files.push(args[i]);
}
if (files.length === 0 || !(limit > 0)) {
  console.error("usage: npx tsx scripts/contest-replay.ts FILE... [--limit N] [--from-record]");
  process.exit(2);
}

let games = 0, turns = 0, badGames = 0, badTurns = 0;
for (const file of files) {
  const raw = readFileSync(file);
  const text = (raw[0] === 0x1f && raw[1] === 0x8b ? gunzipSync(raw) : raw).toString("utf8");
  for (const line of text.split("\n")) {
    if (line.trim() === "") continue;
    const game = JSON.parse(line) as CsbGameRecord & FbGameRecord;
    const isCsb = Array.isArray(game.checkpoints);
    const mismatches: ReplayMismatch[] = isCsb ? replayCsbGame(game, 1e9, fromRecord) : replayFbGame(game, 1e9, fromRecord);
    games++;
    turns += isCsb ? game.turns.length : game.commands.length;
    if (mismatches.length > 0) {
      badGames++;
      const wrongTurns = new Set(mismatches.map((m) => m.turn));
      badTurns += wrongTurns.size;
      console.log(`${file}: ${isCsb ? "CSB" : "FB"} game ${game.game ?? games - 1} (seed ${game.seed}): ${wrongTurns.size} turns differ`);
      for (const m of mismatches.slice(0, limit)) {
        console.log(`  turn ${m.turn} ${m.field}: referee ${JSON.stringify(m.expected)}, carom ${JSON.stringify(m.actual)}`);
      }
    }
  }
}
console.log(`${games} games, ${turns} turns: ${games - badGames} games exact, ${badTurns} turns differ`);
process.exit(badGames === 0 ? 0 : 1);
