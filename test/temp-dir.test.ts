import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { ROOT } from "./support/cli.js";

// A child process runs one node:test test that makes a tempDir, fills it, and then passes or fails;
// once the child has exited, the directory must be gone either way.
for (const outcome of ["passes", "fails"] as const) {
  test(`tempDir's directories are removed when the test process exits and its test ${outcome}`, () => {
    const cli = pathToFileURL(join(ROOT, "test", "support", "cli.ts")).href;
    const code = `
      import { test } from "node:test";
      import { mkdirSync, writeFileSync } from "node:fs";
      import { tempDir } from ${JSON.stringify(cli)};
      test("makes a temporary directory", () => {
        const dir = tempDir("carom-cli-selftest-");
        mkdirSync(dir + "/sub");
        writeFileSync(dir + "/sub/f.txt", "x");
        console.log("DIR=" + dir);
        if (${outcome === "fails"}) throw new Error("failing on purpose");
      });`;
    const r = spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", code], { cwd: ROOT, encoding: "utf8" });
    assert.equal(r.status, outcome === "fails" ? 1 : 0, r.stderr + r.stdout);
    const dir = /DIR=(\S+)/.exec(r.stdout)?.[1];
    assert.ok(dir !== undefined && dir.includes("carom-cli-selftest-"), r.stdout);
    assert.equal(existsSync(dir), false, `${dir} is left behind`);
  });
}
