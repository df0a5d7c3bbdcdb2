import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { Progress, type ProgressStream } from "../src/cli/progress.js";
import { CLI, ROOT, ensureBuilt } from "./support/cli.js";

/** A stand-in for stderr that keeps what is written, and a clock the test moves. */
function fake(isTTY: boolean): ProgressStream & { text: string } {
  return { isTTY, columns: 80, text: "", write(s: string) { this.text += s; } };
}

/** Draws a bar at 0.5 s (too early), 1.2 s, 1.25 s (too soon after) and 1.4 s, then clears it. */
function draw(stream: ProgressStream, env: Record<string, string>): void {
  let now = 0;
  const bar = new Progress(true, "carom run", { stream, env, now: () => now });
  for (const [t, f] of [[500, 0.1], [1200, 0.5], [1250, 0.6], [1400, 0.75]]) {
    now = t;
    bar.update(f, `t = ${f}`);
  }
  bar.done();
}

test("on a terminal the bar is redrawn after a carriage return and ESC[K, and cleared at the end", () => {
  const s = fake(true);
  draw(s, { TERM: "xterm-256color" });
  assert.equal(s.text, "\r\x1b[Kcarom run [############............]  50% t = 0.5, 1.2 s" + "\r\x1b[Kcarom run [##################......]  75% t = 0.75, 1.4 s" + "\r\x1b[K");
});

test("under TERM=dumb the bar has no escape codes: each line is padded over the previous one and cleared with spaces", () => {
  const s = fake(true);
  draw(s, { TERM: "dumb" });
  assert.doesNotMatch(s.text, /\x1b/);
  const first = "carom run [############............]  50% t = 0.5, 1.2 s";
  const second = "carom run [##################......]  75% t = 0.75, 1.4 s";
  assert.equal(s.text, `\r${first}\r${second}\r${" ".repeat(second.length)}\r`);
});

test("nothing is drawn when the stream is not a terminal, even when the caller asks for a bar", () => {
  for (const TERM of ["xterm", "dumb"]) {
    const s = fake(false);
    draw(s, { TERM });
    assert.equal(s.text, "");
    assert.equal(Progress.wanted(false, s), false);
  }
  assert.equal(Progress.wanted(true, fake(true)), false, "--quiet");
  assert.equal(Progress.wanted(false, fake(true)), true);
});

// A real terminal: script(1) gives the command a pseudo-terminal for stderr.
const script = spawnSync("script", ["--version"], { encoding: "utf8" });
test("a long run on a real terminal under TERM=dumb draws its bar without a single escape code", { skip: script.status === 0 ? false : "needs script(1) (util-linux) for a pseudo-terminal" }, () => {
  ensureBuilt();
  // A run of some tens of millions of events, interrupted after 2.5 s (the bar shows after one second).
  const run = `${JSON.stringify(process.execPath)} ${JSON.stringify(CLI)} run ${JSON.stringify(join(ROOT, "examples", "gas.json"))} --duration 5000`;
  const command = `${run} & sleep 2.5; kill -INT $!; wait $!`;
  const dumb = spawnSync("script", ["-qec", command, "/dev/null"], { encoding: "utf8", env: { ...process.env, TERM: "dumb" }, timeout: 120_000 }).stdout;
  assert.match(dumb, /carom run \[[#.]{24}\] +\d+% t = /, "the bar was drawn (the run took over a second)");
  assert.doesNotMatch(dumb, /\x1b/);
});
