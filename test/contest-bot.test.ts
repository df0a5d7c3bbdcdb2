/**
 * The shipped bots (examples/csb-bot.ts, examples/fb-bot.ts): each bundles, as the README
 * says, into one minified file under 30 KB, and fed a recorded game's input (the lines a bot
 * reads on CodinGame, through a `readline` like CodinGame's) answers every turn with commands
 * the referee accepts. The README shows both word for word.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { FantasticBitsSimulation, fbStateFromRecord, type CsbGameRecord, type FbGameRecord } from "../src/exports/contest.js";
import { readContestGames } from "./support/contest-fixtures.js";
import { csbInput, fbTurnLines } from "./support/contest-input.js";

const root = fileURLToPath(new URL("../", import.meta.url));

/** The bundle size limit the README gives (bytes). */
const LIMIT = 30_000;

/** CodinGame's `readline()`, for a run outside CodinGame: the next line of stdin; the end of the input ends the game. */
const READLINE = `let __in = ""; globalThis.readline = () => { for (;;) { const i = __in.indexOf("\\n"); if (i >= 0) { const l = __in.slice(0, i); __in = __in.slice(i + 1); return l; } const b = Buffer.alloc(65536), n = require("fs").readSync(0, b, 0, b.length, null); if (n === 0) process.exit(0); __in += b.toString("utf8", 0, n); } };\n`;

/**
 * Bundles examples/`name`.ts as the README does; its size, and the stdout of a run on `input`:
 * through CodinGame's `readline` (`codinGame`), or as the bot runs locally, from stdin.
 */
async function runBot(name: string, input: string[], codinGame: boolean): Promise<{ size: number; out: string[] }> {
  const dir = mkdtempSync(join(tmpdir(), "carom-bot-"));
  try {
    const outfile = join(dir, "bot.js");
    await build({
      entryPoints: [join(root, `examples/${name}.ts`)],
      bundle: true,
      minify: true,
      platform: "node",
      format: "cjs",
      alias: { "carom/contest": join(root, "src/exports/contest.ts") },
      outfile,
      logLevel: "silent",
    });
    const bundle = readFileSync(outfile, "utf8");
    writeFileSync(join(dir, "run.js"), (codinGame ? READLINE : "") + bundle);
    const run = spawnSync(process.execPath, [join(dir, "run.js")], { input: input.join("\n") + "\n", encoding: "utf8", timeout: 60_000 });
    assert.equal(run.status, 0, run.stderr);
    return { size: Buffer.byteLength(bundle), out: run.stdout.trim().split("\n") };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test("the CSB bot bundles under 30 KB and answers every turn of a recorded race, from either seat (through CodinGame's readline, and from stdin as it runs locally), with valid commands", async () => {
  const game = readContestGames<CsbGameRecord>("csb-sample")[4];
  const turns = 40;
  for (const seat of [0, 1] as const) {
    const n = game.checkpoints.length;
    const input = csbInput(game, seat).slice(0, 2 + n + 4 * turns);
    const { size, out } = await runBot("csb-bot", input, seat === 0);
    assert.ok(size < LIMIT, `bundle is ${size} bytes`);
    assert.equal(out.length, 2 * turns);
    for (const line of out) {
      const m = /^(-?\d+) (-?\d+) (\d+|SHIELD|BOOST)$/.exec(line);
      assert.ok(m, `not a command: ${line}`);
      if (/^\d+$/.test(m[3])) assert.ok(Number(m[3]) <= 200, line);
    }
  }
});

test("the FB bot bundles under 30 KB and answers every turn of a recorded game, from either team (through CodinGame's readline, and from stdin), with commands the referee accepts", async () => {
  const game = readContestGames<FbGameRecord>("fb-sample")[3];
  const turns = 60;
  for (const team of [0, 1] as const) {
    const states = game.states.slice(0, turns).map(fbStateFromRecord);
    const { size, out } = await runBot("fb-bot", [String(team), ...states.flatMap((s) => fbTurnLines(s, team))], team === 0);
    assert.ok(size < LIMIT, `bundle is ${size} bytes`);
    assert.equal(out.length, 2 * turns);
    for (let k = 0; k < turns; k++) {
      // the bot's two commands with the recorded opponent's, on the true state: the referee's grammar and checks
      const mine = out.slice(2 * k, 2 * k + 2), theirs = game.commands[k][1 - team];
      const commands = team === 0 ? [...mine, ...theirs] : [...theirs, ...mine];
      assert.doesNotThrow(() => FantasticBitsSimulation.fromState(states[k]).turn(commands), `turn ${k}: ${mine.join(" / ")}`);
    }
  }
});

test("the README's contest bots are examples/csb-bot.ts and examples/fb-bot.ts, word for word", () => {
  const readme = readFileSync(join(root, "README.md"), "utf8");
  assert.ok(readme.includes("## Writing a contest bot"));
  for (const name of ["csb-bot", "fb-bot"]) {
    const bot = readFileSync(join(root, `examples/${name}.ts`), "utf8");
    assert.ok(readme.includes("```ts\n" + bot + "```"), `README differs from examples/${name}.ts`);
  }
});
