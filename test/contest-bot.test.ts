import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import type { CsbGameRecord } from "../src/exports/contest.js";
import { readContestGames } from "./support/contest-fixtures.js";

const root = fileURLToPath(new URL("../", import.meta.url));

/** The game's stdin for the recorded game: laps, checkpoints, then 4 pod lines per turn (angle in degrees, −1 at turn 1). */
function botInput(game: CsbGameRecord, turns: number): string {
  const n = game.checkpoints.length;
  const lines = ["3", String(n), ...game.checkpoints.map(([x, y]) => `${x} ${y}`)];
  const states = [game.initial, ...game.turns.map((t) => t.pods)];
  for (const pods of states.slice(0, turns)) {
    for (const [x, y, vx, vy, angle, passed] of pods) {
      const degrees = angle === null ? -1 : Math.round(((((angle * 180) / Math.PI) % 360) + 360) % 360);
      lines.push(`${x} ${y} ${vx} ${vy} ${degrees} ${passed % n}`);
    }
  }
  return lines.join("\n") + "\n";
}

test("the README bot bundles into one minified file under 30 KB and answers every turn of a recorded game with valid commands", async () => {
  const dir = mkdtempSync(join(tmpdir(), "carom-bot-"));
  try {
    const outfile = join(dir, "bot.js");
    await build({
      entryPoints: [join(root, "examples/csb-bot.ts")],
      bundle: true,
      minify: true,
      platform: "node",
      format: "cjs",
      alias: { "carom/contest": join(root, "src/exports/contest.ts") },
      outfile,
      logLevel: "silent",
    });
    const size = readFileSync(outfile).length;
    assert.ok(size < 30_000, `bundle is ${size} bytes`);
    const game = readContestGames<CsbGameRecord>("csb-sample")[4];
    const turns = 12;
    const run = spawnSync(process.execPath, [outfile], { input: botInput(game, turns), encoding: "utf8", timeout: 20_000 });
    assert.equal(run.status, 0, run.stderr);
    const out = run.stdout.trim().split("\n");
    assert.equal(out.length, 2 * turns);
    for (const line of out) {
      const m = /^(-?\d+) (-?\d+) (\d+|SHIELD|BOOST)$/.exec(line);
      assert.ok(m, `not a command: ${line}`);
      if (/^\d+$/.test(m[3])) assert.ok(Number(m[3]) <= 200);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("the README's contest bot is examples/csb-bot.ts, word for word", () => {
  const readme = readFileSync(join(root, "README.md"), "utf8");
  const bot = readFileSync(join(root, "examples/csb-bot.ts"), "utf8");
  assert.ok(readme.includes("## Writing a contest bot"));
  assert.ok(readme.includes("```ts\n" + bot + "```"), "README bot differs from examples/csb-bot.ts");
});
