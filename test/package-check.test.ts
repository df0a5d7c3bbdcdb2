import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";

const ROOT = join(import.meta.dirname, "..");

// Packs the package, installs the tarball offline into an empty project and uses it from there
// (scripts/check-package.mjs prints each check). About 10-15 s.
test("the packed tarball installs offline and every export, the bin and the types work from a user's project", { skip: existsSync(join(ROOT, "dist", "index.js")) ? false : "run npm run build first", timeout: 120_000 }, () => {
  const r = spawnSync(process.execPath, [join(ROOT, "scripts", "check-package.mjs")], { cwd: ROOT, encoding: "utf8" });
  const failed = r.stdout.split("\n").filter((l) => l.startsWith("FAIL"));
  assert.deepEqual(failed, [], r.stdout + r.stderr);
  assert.equal(r.status, 0, r.stdout + r.stderr);
  assert.match(r.stdout, /^ok {3}tarball .* KB \(< 480 KB\)/m);
  assert.match(r.stdout, /^ok {3}import and require of carom \(\d+ names\)/m);
  assert.match(r.stdout, /^ok {3}types of \d+ subpaths resolve under moduleResolution nodenext/m);
});
